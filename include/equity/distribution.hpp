#pragma once
// How equity is spread across a range: its combos sorted by equity as a curve (Equilab's equity
// distribution graph) and in buckets, from per-combo equities (per_combo.hpp).
#include <array>
#include <string>
#include <vector>

#include "equity/combo_equity.hpp"

namespace equity {

// One step of the curve: the combos from the strongest down to this one hold `share` of the range's
// weight (0..1], and this one's equity is `equity`.
struct DistributionPoint {
  double share = 0;
  double equity = 0;
  int combo = 0;  // combo_index
};

// Combos whose equity is in [low, high) (the top bucket includes 1).
struct EquityBucket {
  double low = 0, high = 1;
  int combos = 0;     // raw
  double weight = 0;  // the sum of their weights in the range
  double share = 0;   // weight / the range's weight
};

struct Distribution {
  std::vector<DistributionPoint> curve;  // strongest first; combos that meet no opponent are left out
  std::array<EquityBucket, 4> buckets;   // 75% and above, 50-75%, 33-50%, below 33% (1/3 exactly)
  double mean = 0;                       // the weighted mean of the combos' equities (by combo weight)
};

// Sorted by equity, ties by combo index, so the curve is the same on every run.
Distribution equity_distribution(const std::vector<ComboEquity>& combos);

// An SVG chart of the players' curves on one pair of axes (x: share of the range, strongest first;
// y: equity), with a 50% line, a legend and each player's buckets. Labels are escaped.
std::string distribution_svg(const std::vector<std::string>& labels, const std::vector<Distribution>& players);

}  // namespace equity
