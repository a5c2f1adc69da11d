#pragma once
// Counts in the tables' messages and file headers as people read them.
#include <cstddef>
#include <cstdint>
#include <string>

namespace equity::detail {

// 1712304 as "1,712,304".
inline std::string grouped_digits(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace equity::detail
