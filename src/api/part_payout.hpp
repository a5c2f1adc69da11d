#pragma once
// One part of the pot (a run, a board, a layer's share of one) paid to its winners, as runouts.cpp's
// exact tables and joint_sample.cpp's trials pay it. Private to the library.
#include <bit>
#include <cstddef>

#include "equity/omaha_enumeration.hpp"

namespace equity::detail {

// Player p's units of a part worth 5,040 won as `w` says: half to the best high and half to the best
// low when a low qualifies (all of it to the high otherwise), each half split among its winners.
inline unsigned part_units(OmahaWinners w, std::size_t p) {
  const unsigned high_share = (w.low ? 2520u : 5040u) / static_cast<unsigned>(std::popcount(w.high));
  const unsigned low_share = w.low ? 2520u / static_cast<unsigned>(std::popcount(w.low)) : 0;
  return ((w.high >> p) & 1u) * high_share + ((w.low >> p) & 1u) * low_share;
}

// Who took the part alone (bit p): the best high alone and the best low alone or no low; 0 none.
inline unsigned part_scooper(OmahaWinners w) {
  const bool alone_high = std::popcount(w.high) == 1, alone_low = w.low == 0 || std::popcount(w.low) == 1;
  return alone_high && alone_low && (w.low == 0 || w.low == w.high) ? w.high : 0;
}

}  // namespace equity::detail
