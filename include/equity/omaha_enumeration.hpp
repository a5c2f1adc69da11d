#pragma once
// Exact counts for Omaha: every board completing the known one, every player's hand scored with
// exactly two hole cards and three board cards (omaha_evaluator.hpp), the pot shared as the game
// says: to the best high, or in the Hi/Lo games half to the best high and half to the best
// 8-or-better low (the high takes it all when nobody has a low), ties splitting each half.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "equity/cards.hpp"
#include "equity/evaluator.hpp"
#include "equity/omaha_evaluator.hpp"
#include "equity/pot.hpp"
#include "equity/tally.hpp"

namespace equity {

// kPotUnits (pot.hpp): a pot in units that make every split exact.

struct OmahaCounts {
  std::vector<PlayerTally> players;  // parts[1]: Hi/Lo's low (tally.hpp)
  std::uint64_t showdowns = 0;       // boards enumerated (times the weight-1 assignments when summed)
  // Per side pot asked for (SidePots, pot.hpp): each player's pot units of it over the same
  // showdowns (0 for the players not in it).
  std::vector<std::vector<std::uint64_t>> side_pot_units;

  OmahaCounts& operator+=(const OmahaCounts& o);
  friend bool operator==(const OmahaCounts&, const OmahaCounts&) = default;
};

// Scores one showdown: the players' highs and (with hi_lo) lows, added to counts (sized to the
// players). The one accounting every Omaha method and the tests' brute force share.
void score_omaha_showdown(std::span<const HandRank> highs, std::span<const LowRank> lows, bool hi_lo,
                          OmahaCounts& counts);

// Who has the best high and who the best 8-or-better low of one showdown (bit p for player p;
// low is 0 when no low qualifies or the game has none).
struct OmahaWinners {
  unsigned high = 0, low = 0;
};
inline OmahaWinners omaha_winners(const HandRank* highs, const LowRank* lows, std::size_t n, bool hi_lo) {
  OmahaWinners w;
  HandRank best_high = 0;
  for (std::size_t p = 0; p < n; ++p) best_high = highs[p] > best_high ? highs[p] : best_high;
  for (std::size_t p = 0; p < n; ++p) w.high |= static_cast<unsigned>(highs[p] == best_high) << p;
  if (hi_lo) {
    LowRank best_low = kNoLow;
    for (std::size_t p = 0; p < n; ++p) best_low = lows[p] > best_low ? lows[p] : best_low;
    if (best_low != kNoLow)
      for (std::size_t p = 0; p < n; ++p) w.low |= static_cast<unsigned>(lows[p] == best_low) << p;
  }
  return w;
}

// `weight` showdowns won as `w` says, added to counts (sized to the players): every count but
// each player's own (the high's category, a low made), which score_omaha_showdown() adds too.
void add_omaha_outcome(OmahaWinners w, std::uint64_t weight, OmahaCounts& counts);

// Every board of five cards completing `board` (0, 3, 4 or 5 cards) from the deck less the holes,
// the board and `dead`. holes: 2..10 players' disjoint hole cards (4, 5 or 6 each). Threads: 0 for
// all cores; the counts never depend on it.
//
// The boards are grouped, not walked: suits matter to the high only through flushes and to the low
// never, so each rank multiset of the cards to come is scored once with the weight of all its
// boards (every high without flushes, from the evaluator's table by board row), then the boards a
// flush can change (three or more of a suit that a player holds two or more of) are rescored by the
// suited cards dealt and the other cards' ranks. Preflop heads-up PLO4 (1,086,008 boards) takes a
// few milliseconds on two cores (benchmarks/omaha_bench.cpp). Throws std::invalid_argument for
// no player or more than 10; other checks (sizes, duplicates) are the caller's. With `side_pots`
// (of the holes' players), each is counted in the same pass: OmahaCounts::side_pot_units.
OmahaCounts enumerate_omaha(std::span<const CardSet> holes, CardSet board, CardSet dead, bool hi_lo,
                            CardSet deck = CardSet::full(), int threads = 0, const SidePots& side_pots = {});

}  // namespace equity
