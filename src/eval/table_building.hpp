#pragma once
// What the evaluators' table builders share (evaluator_tables_builder.cpp for Hold'em,
// shortdeck_tables_builder.cpp for short deck, omaha_tables_builder.cpp for Omaha): rank multisets,
// their additive keys, and the best score of five ranks among five to seven. Private to the
// library; run by the table generators at build time and by the tests that compare.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "equity/cards.hpp"
#include "equity/detail/evaluator_tables.hpp"

namespace equity::detail {

using RankCounts = std::array<int, kRanks>;  // cards of each rank

inline std::vector<int> ranks_of(const RankCounts& counts) {
  std::vector<int> ranks;
  for (int r = 0; r < kRanks; ++r)
    for (int i = 0; i < counts[static_cast<std::size_t>(r)]; ++i) ranks.push_back(r);
  return ranks;
}

inline std::vector<int> ranks_of_mask(unsigned mask) {
  std::vector<int> ranks;
  for (; mask; mask &= mask - 1) ranks.push_back(std::countr_zero(mask));
  return ranks;
}

// Calls f(counts) for every multiset of exactly `size` ranks from `low` up, at most 4 of a rank.
template <class F>
void for_each_rank_counts(int low, int size, F&& f) {
  RankCounts counts{};
  auto rec = [&](auto&& self, int rank, int left) -> void {
    if (rank == kRanks) {
      if (left == 0) f(counts);
      return;
    }
    for (int c = 0; c <= std::min(4, left); ++c) {
      counts[static_cast<std::size_t>(rank)] = c;
      self(self, rank + 1, left - c);
    }
    counts[static_cast<std::size_t>(rank)] = 0;
  };
  rec(rec, low, size);
}

// The additive rank key of a multiset (kRankKeys).
inline std::uint32_t rank_key(const RankCounts& counts) {
  std::uint32_t key = 0;
  for (int r = 0; r < kRanks; ++r)
    key += static_cast<std::uint32_t>(counts[static_cast<std::size_t>(r)]) * kRankKeys[static_cast<std::size_t>(r)];
  return key;
}

// The best score_five(five ranks) over every five of `ranks` (5..7 of them).
template <class ScoreFive>
auto best_of_subsets(const std::vector<int>& ranks, ScoreFive score_five) {
  const std::size_t n = ranks.size();
  decltype(score_five(std::array<int, 5>{})) best{};
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      for (std::size_t c = b + 1; c < n; ++c)
        for (std::size_t d = c + 1; d < n; ++d)
          for (std::size_t e = d + 1; e < n; ++e)
            best = std::max(best, score_five(std::array<int, 5>{ranks[a], ranks[b], ranks[c], ranks[d], ranks[e]}));
  return best;
}

}  // namespace equity::detail
