#pragma once
// Counts in messages and file headers as people read them (the tables', the planner's).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
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

// A count held as a double (work estimates): rounded and grouped as above; from 10^15, which no
// count of a question reaches but an estimate may, in powers of ten ("1.7e+31").
inline std::string grouped_count(double x) {
  if (x >= 1e15) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2g", x);
    return text;
  }
  return grouped_digits(static_cast<std::uint64_t>(std::llround(x)));
}

}  // namespace equity::detail
