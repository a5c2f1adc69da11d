#pragma once
// The standard error of a Monte Carlo mean, as the samplers that keep sums of squares report it.
#include <algorithm>
#include <cmath>

namespace equity::detail {

// The standard error of the mean of `trials` samples whose sum is `sum` and whose sum of squares is
// `sum_squares` (the sample variance, n - 1); 1 below two samples.
inline double standard_error_of_mean(double sum, double sum_squares, double trials) {
  if (trials < 2) return 1.0;
  const double mean = sum / trials;
  const double mean_sq = sum_squares / trials;
  return std::sqrt(std::max(0.0, mean_sq - mean * mean) * trials / (trials - 1) / trials);
}

}  // namespace equity::detail
