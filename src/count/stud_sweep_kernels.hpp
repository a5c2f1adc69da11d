#pragma once
// The heads-up stud sweep's kernels (stud_equity.hpp explains the counting): the two players'
// completions sorted by value are all they read, so they are the same for every game and compiled
// once, in stud_sweep_kernels.cpp; each game's stud_sweep<Scorer> (stud_sweep.hpp) scores and sorts
// the completions and calls them. The players' numbers of cards to come (the first player's 0..6,
// the second's, whose sets of cards are counted, 0..6: 5 and 6 where no scoops are counted) are
// template arguments inside: the counters' subsets unroll.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "equity/evaluator.hpp"
#include "stud_completions.hpp"

namespace equity::detail {

// One sweep's sums over the first player's completions: the pairs won, tied and not lost (below or
// equal); ties at value 0 apart (a qualifier's "nobody has one"); with a category per value, the
// wins and ties (zero's included) by the category of the first player's value.
struct StudSweepSums {
  std::uint64_t wins = 0, ties = 0, zero_ties = 0, not_above = 0;
  std::uint64_t not_above_no_low = 0;  // with StudSweepOut::no_low: not_above over entries of low() 0
  std::array<std::uint64_t, kCategories> category_wins{}, category_ties{};
  StudSweepSums& operator+=(const StudSweepSums& o) {
    wins += o.wins, ties += o.ties, zero_ties += o.zero_ties, not_above += o.not_above;
    not_above_no_low += o.not_above_no_low;
    for (std::size_t c = 0; c < kCategories; ++c)
      category_wins[c] += o.category_wins[c], category_ties[c] += o.category_ties[c];
    return *this;
  }
};

// What a sweep writes beside its sums (null: nothing): each value's category, and each of the
// first player's completions' wins and ties (value 0's included) by colex index.
struct StudSweepOut {
  const std::uint8_t* category = nullptr;
  std::uint64_t *wins = nullptr, *ties = nullptr;
  bool no_low = false;                        // sum not_above_no_low too (stud Hi/Lo's high: stud_sweep.hpp's scoops)
  const std::atomic<bool>* cancel = nullptr;  // raised: the sweep throws Cancelled between value groups
};

// The whole sweep of the first player's completions `mine` (a cards to come each) against the
// second's `theirs` (b each), both by increasing value, `their_value` the second's values by colex
// index: in at most `parts` ranges of the first player's value groups, each counting the second
// player's completions below it afresh (the sums are the same however split).
StudSweepSums stud_sweep_sorted(int a, int b, const std::vector<StudEntry>& mine, const std::vector<StudEntry>& theirs,
                                const std::uint16_t* their_value, int n, std::size_t parts, const StudSweepOut& out);

// Hi/Lo: the pairs the first player scoops with a low (stud_scoop.hpp): his completions with a low
// (`mine`, by high, each entry's low beside) against all the second's (`theirs`, by high).
// Throws Cancelled when `cancel` is raised.
std::uint64_t stud_scoops(int a, int b, const std::vector<StudEntry>& mine, const std::vector<StudEntry>& theirs,
                          const std::uint16_t* their_high, const std::uint16_t* their_low, int n,
                          const std::atomic<bool>* cancel);

}  // namespace equity::detail
