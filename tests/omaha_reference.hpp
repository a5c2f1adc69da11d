#pragma once
// The tests' own Omaha scoring, independent of the library's Omaha code: the best of every hand of
// exactly two hole cards and three board cards by the reference evaluator (the oracle of
// reference_evaluator.hpp), and the best 8-or-better low found from the ranks directly.
#include <algorithm>
#include <vector>

#include "equity/cards.hpp"
#include "eval/reference_evaluator.hpp"

namespace equity::test {

// The best reference score of two of `hole` and three of `board`.
inline ReferenceScore omaha_brute_high(const std::vector<Card>& hole, const std::vector<Card>& board) {
  ReferenceScore best = 0;
  for (std::size_t i = 0; i < hole.size(); ++i)
    for (std::size_t j = i + 1; j < hole.size(); ++j)
      for (std::size_t x = 0; x < board.size(); ++x)
        for (std::size_t y = x + 1; y < board.size(); ++y)
          for (std::size_t z = y + 1; z < board.size(); ++z)
            best = std::max(best, reference_score(std::vector<Card>{hole[i], hole[j], board[x], board[y], board[z]}));
  return best;
}

// The best low as its five ranks (ace = 1 .. eight = 8) sorted high first, or empty when none: the
// smallest such vector compared from the front is the best low.
inline std::vector<int> omaha_brute_low(const std::vector<Card>& hole, const std::vector<Card>& board) {
  std::vector<int> best;
  auto low_rank = [](Card c) { return c.rank() == 12 ? 1 : c.rank() + 2; };
  for (std::size_t i = 0; i < hole.size(); ++i)
    for (std::size_t j = i + 1; j < hole.size(); ++j)
      for (std::size_t x = 0; x < board.size(); ++x)
        for (std::size_t y = x + 1; y < board.size(); ++y)
          for (std::size_t z = y + 1; z < board.size(); ++z) {
            std::vector<int> r;
            for (Card c : {hole[i], hole[j], board[x], board[y], board[z]}) r.push_back(low_rank(c));
            std::sort(r.rbegin(), r.rend());
            if (r[0] > 8 || std::adjacent_find(r.begin(), r.end()) != r.end()) continue;
            if (best.empty() || r < best) best = r;
          }
  return best;
}

}  // namespace equity::test
