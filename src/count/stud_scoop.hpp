#pragma once
// Stud Hi/Lo's scoops heads-up with a low made (stud_sweep.hpp does the rest): the pairs where one
// player's high AND low both beat the other's (a low beats none). Two conditions, so the sweep
// keeps its counters by the low's value too: walking the first player's completions with a low in
// increasing order of high, the second's of lower high are counted in, each set of cards' counter a
// row of the 57 low values (kNoLow and 1..56); the completions of lower high AND lower low sharing
// no card with X are, by inclusion and exclusion, the signed sum over X's subsets of their rows'
// sums below X's low. Sets of b cards are completions themselves: compared value by value.
// A player of more than four cards to come is always the first (his sets are too many to count):
// his opponent's scoops are counted with the values turned around (stud_sweep.hpp).
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "equity/error.hpp"
#include "equity/omaha_evaluator.hpp"
#include "stud_completions.hpp"

namespace equity::detail {

// Cumulative: each row kept as its sums below each low (an add writes up to 57 of them, a query
// reads one), for a first player of many completions against a second of few (stud_sweep.hpp:
// the cards of a player with six to come are queried, those of one with at most four counted);
// else as counts by low (an add writes one, a query sums up to 56).
template <int B, bool Cumulative>
class StudLowCounters {
 public:
  StudLowCounters(int n, const std::uint16_t* high, const std::uint16_t* low) : high_(high), low_(low) {
    std::size_t rows = 0;
    for (int j = 1; j < B; ++j) {
      start_[static_cast<std::size_t>(j)] = rows;
      rows += kStudChoose[static_cast<std::size_t>(n)][static_cast<std::size_t>(j)];
    }
    rows_.assign(rows * kLowRanks, 0);
  }

  EQUITY_ALWAYS_INLINE void add(StudPacked packed, unsigned low) {
    count(counted_.data(), low);
    const auto index = stud_subset_indices<B>(packed);
    stud_for_each_subset<B>([&](auto m) {
      constexpr int j = std::popcount(m.value);
      if constexpr (j < B) count(&rows_[(start_[j] + index[m.value]) * kLowRanks], low);
    });
  }

  // The counted completions with a low below `low` that share no card with the completion of A
  // cards at `packed` (of high `high`: the sets of B cards are counted when below both).
  template <int A>
  EQUITY_ALWAYS_INLINE std::int64_t disjoint(StudPacked packed, unsigned high, unsigned low) const {
    if constexpr (B == 0) {
      return high_[0] < high && low_[0] < low;
    } else {
      const auto index = stud_subset_indices<A, B>(packed);
      std::int64_t n = below(counted_.data(), low);
      stud_for_each_subset<A>([&](auto m) {
        constexpr int j = std::popcount(m.value);
        constexpr std::int64_t sign = j % 2 == 0 ? 1 : -1;
        if constexpr (j < B)
          n += sign * below(&rows_[(start_[j] + index[m.value]) * kLowRanks], low);
        else if constexpr (j == B)
          n += sign * (high_[index[m.value]] < high && low_[index[m.value]] < low);
      });
      return n;
    }
  }

 private:
  template <class T>
  EQUITY_ALWAYS_INLINE static void count(T* row, unsigned low) {
    if constexpr (Cumulative) {
      for (unsigned l = low + 1; l < static_cast<unsigned>(kLowRanks); ++l) ++row[l];
    } else {
      ++row[low];
    }
  }
  template <class T>
  EQUITY_ALWAYS_INLINE static std::int64_t below(const T* row, unsigned low) {
    if constexpr (Cumulative) {
      return static_cast<std::int64_t>(row[low]);
    } else {
      std::int64_t sum = 0;
      for (unsigned l = 0; l < low; ++l) sum += row[l];
      return sum;
    }
  }

  const std::uint16_t *high_, *low_;  // the second player's values by colex index
  std::array<std::size_t, kStudSweepFewer + 1> start_{};
  std::vector<std::uint16_t> rows_;  // at most C(51, 3) = 20,825 completions hold a card
  std::array<std::int64_t, kLowRanks> counted_{};
};

// The pairs the first player scoops with a low: his completions with a low (`mine`, by high, each
// entry's low beside) against all the second's (`theirs`, by high).
template <int A, int B>
std::uint64_t stud_scoops(const std::vector<StudEntry>& mine, const std::vector<StudEntry>& theirs,
                          const std::uint16_t* their_high, const std::uint16_t* their_low, int n,
                          const std::atomic<bool>* cancel) {
  StudLowCounters<B, (A > kStudSweepFewer)> counters(n, their_high, their_low);
  std::uint64_t scoops = 0;
  std::size_t j = 0;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    if (i % 4096 == 0 && cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
    const StudEntry& x = mine[i];
    while (j < theirs.size() && theirs[j].value() < x.value()) {
      counters.add(theirs[j].packed(), theirs[j].low());
      ++j;
    }
    scoops += static_cast<std::uint64_t>(counters.template disjoint<A>(x.packed(), x.value(), x.low()));
  }
  return scoops;
}

}  // namespace equity::detail
