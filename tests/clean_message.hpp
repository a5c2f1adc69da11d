#pragma once
// Checks that an error message quotes bad input safely: one line, no control byte, valid UTF-8.
#include <string>

#include "equity/quote.hpp"

namespace equity::test {

inline bool is_clean_line(const std::string& message) {
  for (std::size_t pos = 0; pos < message.size();) {
    const std::size_t length = utf8_char_length(std::string_view(message).substr(pos));
    if (length == 0) return false;
    const auto c = static_cast<unsigned char>(message[pos]);
    if (length == 1 && (c < 0x20 || c == 0x7f)) return false;
    pos += length;
  }
  return true;
}

}  // namespace equity::test
