#include "progress_line.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "cli_common.hpp"
#include "terminal.hpp"

namespace equity::cli {

std::string time_left(double seconds) {
  if (!(seconds >= 0) || !std::isfinite(seconds)) return {};
  if (seconds < 1.5) return "about 1 s left";
  if (seconds < 90) return "about " + std::to_string(std::lround(seconds)) + " s left";
  if (seconds < 5400) return "about " + std::to_string(std::lround(seconds / 60)) + " min left";
  return "about " + fixed(seconds / 3600, 1) + " h left";
}

ProgressLine::ProgressLine(const Question& q)
    : enabled_(::isatty(STDERR_FILENO) == 1),
      target_stderr_(q.target_stderr),
      max_seconds_(q.max_seconds),
      max_trials_(q.max_trials) {
  if (target_stderr_ <= 0 && max_trials_ == 0 && max_seconds_ <= 0) target_stderr_ = kDefaultStderr;
  const int columns = terminal_columns(STDERR_FILENO);
  if (columns > 0) columns_ = columns;
}

void ProgressLine::operator()(const Progress& p) {
  if (!enabled_ || p.seconds < 1.0) return;
  // The stages follow one another: the question's own run, then each combo's (per-combo equity
  // and the distribution report trials = 0 for Monte Carlo, and start again from 0 for exact).
  int stage = p.method == Method::exact ? 0 : 1;
  if (stage_ == 2 || (p.method == Method::monte_carlo && p.trials == 0) ||
      (stage_ >= 0 && p.fraction + 0.25 < last_fraction_))
    stage = 2;
  if (stage != stage_) {
    stage_ = stage;
    stage_start_ = p.seconds;
    stage_fraction_ = p.fraction;
    last_draw_ = -1;
  }
  last_fraction_ = p.fraction;
  if (last_draw_ >= 0 && p.seconds - last_draw_ < 0.1) return;
  last_draw_ = p.seconds;
  const double done = p.fraction - stage_fraction_, spent = p.seconds - stage_start_;
  const double left = done > 0.005 && spent >= 0.25 ? spent * (1 - p.fraction) / done : -1;
  draw(text(p, left));
}

std::string ProgressLine::text(const Progress& p, double left) const {
  std::string line;
  if (stage_ == 2) {
    line = std::string("per combo (") + (p.method == Method::exact ? "exact" : "Monte Carlo") +
           "): " + fixed(100 * p.fraction, 1) + "% of the combos";
  } else if (stage_ == 0) {
    line = "exact: " + fixed(100 * p.fraction, 1) + "% enumerated";
  } else {
    line = "Monte Carlo: " + with_commas(p.trials);
    if (max_trials_ > 0) line += " of " + with_commas(max_trials_);
    line += " deals";
    if (p.worst_stderr > 0) line += ", stderr " + fixed(100 * p.worst_stderr, 4) + "%";
    if (target_stderr_ > 0) line += " (target " + fixed(100 * target_stderr_, 4) + "%)";
    if (max_seconds_ > 0) line += ", at most " + fixed(max_seconds_, 1) + " s";
  }
  const std::string eta = time_left(left);
  if (!eta.empty()) line += ", " + eta;
  return line;
}

void ProgressLine::draw(const std::string& line) {
  std::string shown = line.substr(0, static_cast<std::size_t>(std::max(columns_ - 1, 10)));
  std::string out = "\r" + shown;
  if (shown.size() < shown_) out += std::string(shown_ - shown.size(), ' ') + "\r" + shown;
  shown_ = shown.size();
  std::cerr << out << std::flush;
}

void ProgressLine::clear() {
  if (shown_ == 0) return;
  std::cerr << "\r" << std::string(shown_, ' ') << "\r" << std::flush;
  shown_ = 0;
}

}  // namespace equity::cli
