#pragma once
// One combo's equity against the other players' ranges, with the integer counts behind it: what
// per-combo equity (per_combo.hpp) finds for each combo, and what an Answer carries
// (calculate.hpp) and a distribution is made of (distribution.hpp).
#include <algorithm>
#include <cstdint>

namespace equity {

struct ComboEquity {
  int combo = 0;             // combo_index of the hole cards; Omaha: the hand's index in its player's list
  std::uint64_t cards = 0;   // Omaha: the hand's cards (CardSet::bits()); 0 for the games of combo_index
  double weight = 1;         // the combo's weight in its range
  std::uint64_t wins = 0;    // showdowns (opponent assignments x boards) won alone
  std::uint64_t ties = 0;    // ... with the best hand shared
  std::uint64_t losses = 0;  // ... lost
  std::uint64_t share = 0;   // pot won, in units of 1/kShareUnit of a showdown (Omaha: 1/kPotUnits)
  // The same weighted by the opponents' combo weights, in showdowns: won alone, tied, the pot
  // won (a k-way tie counts 1/k) and all showdowns.
  double weighted_wins = 0, weighted_ties = 0, weighted_share = 0, weighted_showdowns = 0;
  double standard_error = 0;  // Monte Carlo only: of equity()

  std::uint64_t showdowns() const { return wins + ties + losses; }
  // weighted_share / weighted_showdowns; 0 when the combo meets no opponent.
  double equity() const {
    return weighted_showdowns > 0 ? std::clamp(weighted_share / weighted_showdowns, 0.0, 1.0) : 0.0;  // rounding aside
  }
  ComboEquity& operator+=(const ComboEquity& o);
};

}  // namespace equity
