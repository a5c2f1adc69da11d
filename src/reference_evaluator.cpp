#include "equity/reference_evaluator.hpp"

#include <algorithm>

namespace equity {

ReferenceScore score_five(std::array<int, 5> ranks, bool flush) {
  std::array<int, kRanks> count{};
  for (int r : ranks) ++count[static_cast<std::size_t>(r)];

  // Ranks ordered by (multiplicity, rank), both descending: the order in which they break ties.
  std::sort(ranks.begin(), ranks.end(), [&](int a, int b) {
    const int ca = count[static_cast<std::size_t>(a)], cb = count[static_cast<std::size_t>(b)];
    return ca != cb ? ca > cb : a > b;
  });

  const bool distinct = count[static_cast<std::size_t>(ranks[0])] == 1;
  int straight_high = -1;
  if (distinct) {
    if (ranks[0] - ranks[4] == 4) straight_high = ranks[0];
    else if (ranks[0] == 12 && ranks[1] == 3) straight_high = 3;  // A-2-3-4-5: the ace plays low
  }

  const int top = count[static_cast<std::size_t>(ranks[0])];
  const int second = count[static_cast<std::size_t>(ranks[top])];
  int category = 0;
  if (straight_high >= 0 && flush) category = 8;
  else if (top == 4) category = 7;
  else if (top == 3 && second == 2) category = 6;
  else if (flush) category = 5;
  else if (straight_high >= 0) category = 4;
  else if (top == 3) category = 3;
  else if (top == 2 && second == 2) category = 2;
  else if (top == 2) category = 1;

  ReferenceScore score = static_cast<ReferenceScore>(category) << 20;
  if (straight_high >= 0 && (category == 8 || category == 4)) {
    return score | static_cast<ReferenceScore>(straight_high) << 16;
  }
  // Each distinct rank once, in tie-break order.
  int shift = 16;
  for (std::size_t i = 0; i < 5; i += static_cast<std::size_t>(count[static_cast<std::size_t>(ranks[i])])) {
    score |= static_cast<ReferenceScore>(ranks[i]) << shift;
    shift -= 4;
  }
  return score;
}

ReferenceScore reference_score(std::span<const Card> cards) {
  const std::size_t n = cards.size();
  ReferenceScore best = 0;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      for (std::size_t c = b + 1; c < n; ++c)
        for (std::size_t d = c + 1; d < n; ++d)
          for (std::size_t e = d + 1; e < n; ++e) {
            const std::array<Card, 5> five{cards[a], cards[b], cards[c], cards[d], cards[e]};
            const int suit = five[0].suit();
            const bool flush = std::all_of(five.begin(), five.end(), [&](Card x) { return x.suit() == suit; });
            best = std::max(best, score_five({five[0].rank(), five[1].rank(), five[2].rank(),
                                              five[3].rank(), five[4].rank()},
                                             flush));
          }
  return best;
}

}  // namespace equity
