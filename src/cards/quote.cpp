#include "equity/quote.hpp"

#include <cstdint>

namespace equity {

std::size_t utf8_char_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(text[i]); };
  const std::uint8_t b0 = byte(0);
  if (b0 < 0x80) return 1;
  std::size_t length = 0;
  std::uint32_t code = 0, least = 0;
  if ((b0 & 0xe0) == 0xc0)
    length = 2, code = b0 & 0x1fu, least = 0x80;
  else if ((b0 & 0xf0) == 0xe0)
    length = 3, code = b0 & 0x0fu, least = 0x800;
  else if ((b0 & 0xf8) == 0xf0)
    length = 4, code = b0 & 0x07u, least = 0x10000;
  else
    return 0;
  if (text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xc0) != 0x80) return 0;
    code = code << 6 | (byte(i) & 0x3fu);
  }
  // No overlong forms, no surrogates, nothing past U+10FFFF.
  if (code < least || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return 0;
  return length;
}

namespace {

void append_hex(std::string& out, unsigned char c) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

// `text` up to max_bytes between `quote` characters, escaped; whether it was cut is returned.
bool append_quoted(std::string& out, std::string_view text, std::size_t max_bytes, char quote) {
  out += quote;
  std::size_t pos = 0;
  while (pos < text.size() && pos < max_bytes) {
    const auto c = static_cast<unsigned char>(text[pos]);
    const std::size_t length = utf8_char_length(text.substr(pos));
    if (length > 1) {
      out.append(text, pos, length);
      pos += length;
      continue;
    }
    ++pos;
    switch (c) {
      case '"':
      case '\'':
        if (c == static_cast<unsigned char>(quote)) out += '\\';
        out += static_cast<char>(c);
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (length == 0 || c < 0x20 || c == 0x7f)
          append_hex(out, c);
        else
          out += static_cast<char>(c);
    }
  }
  out += quote;
  return pos < text.size();
}

}  // namespace

std::string quote_input(std::string_view text, std::size_t max_bytes) {
  std::string out;
  if (append_quoted(out, text, max_bytes, '"')) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string quote_char_at(std::string_view text, std::size_t pos) {
  std::string out;
  const std::string_view rest = pos < text.size() ? text.substr(pos) : std::string_view();
  const std::size_t length = utf8_char_length(rest);
  append_quoted(out, rest.substr(0, length == 0 ? 1 : length), kQuoteBytes, '\'');
  return out;
}

}  // namespace equity
