#pragma once
// Seconds since construction on the steady clock: the `seconds` of an answer, the command line's
// timings and progress lines.
#include <chrono>

namespace equity {

class Stopwatch {
 public:
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace equity
