#pragma once
// The progress of a long computation on stderr: one line, redrawn in place at most ten times a
// second, with what it aims at and an estimate of the time left, wiped before the answer.
#include <cstdint>
#include <string>

#include "equity/calculate.hpp"

namespace equity::cli {

class ProgressLine {
 public:
  // Shown only when stderr is a terminal; `q` gives the Monte Carlo targets to show.
  explicit ProgressLine(const Question& q);
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool enabled() const { return enabled_; }
  void operator()(const Progress& p);
  // Wipes the line (if one is shown), so that what follows starts on a clean line.
  void clear();

 private:
  std::string text(const Progress& p, double left) const;
  void draw(const std::string& line);

  bool enabled_ = false;
  int columns_ = 80;
  double target_stderr_ = 0, max_seconds_ = 0;
  std::uint64_t max_trials_ = 0;
  int stage_ = -1;  // 0 exact, 1 Monte Carlo, 2 per combo
  double stage_start_ = 0, stage_fraction_ = 0, last_fraction_ = 0, last_draw_ = -1;
  std::size_t shown_ = 0;  // characters on the line now
};

// "about 12 s left", "about 3 min left"; empty when unknown.
std::string time_left(double seconds);

}  // namespace equity::cli
