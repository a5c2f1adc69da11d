#pragma once
// One Omaha hand's equity against one random hand, by Monte Carlo: the value an ordering of the
// classes (omaha_hand_order.hpp) is built from. A tool that orders every class calls it once per
// class (omaha_class() gives the classes; every hand of a class has the same equity).
#include <cstdint>

#include "equity/cards.hpp"

namespace equity {

struct OmahaClassEquity {
  std::uint64_t trials = 0;
  double equity = 0;     // wins + ties / 2, over the trials
  double std_error = 0;  // the standard error of that mean
};

// `trials` deals of a random opponent hand of the same size and a random five-card board from the
// other cards, high only. Trials run in blocks of 4,096 with a generator seeded from (seed, block),
// so the result depends on the seed and the trials, never on the threads.
OmahaClassEquity omaha_equity_vs_random(CardSet hand, std::uint64_t trials, std::uint64_t seed = 1);

}  // namespace equity
