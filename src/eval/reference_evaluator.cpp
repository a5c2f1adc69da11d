#include "eval/reference_evaluator.hpp"

#include <algorithm>

namespace equity {

ReferenceScore score_five(std::array<int, 5> ranks, bool flush) {
  std::array<int, kRanks> count{};
  unsigned present = 0;
  for (int r : ranks) {
    ++count[static_cast<std::size_t>(r)];
    present |= 1u << r;
  }

  // The distinct ranks in tie-break order: by multiplicity, then by rank, both descending.
  std::array<std::array<int, 5>, 5> by_count{};  // by_count[c]: ranks held c times, high first
  std::array<int, 5> n{};
  for (int r = kRanks - 1; r >= 0; --r) {
    const int c = count[static_cast<std::size_t>(r)];
    if (c > 0) by_count[static_cast<std::size_t>(c)][static_cast<std::size_t>(n[static_cast<std::size_t>(c)]++)] = r;
  }
  std::array<int, 5> order{};
  std::array<int, 5> order_count{};
  int groups = 0;
  for (int c = 4; c >= 1; --c)
    for (int i = 0; i < n[static_cast<std::size_t>(c)]; ++i) {
      order[static_cast<std::size_t>(groups)] = by_count[static_cast<std::size_t>(c)][static_cast<std::size_t>(i)];
      order_count[static_cast<std::size_t>(groups++)] = c;
    }

  int straight_high = -1;
  if (groups == 5) {
    if (order[0] - order[4] == 4)
      straight_high = order[0];
    else if (present == 0x100f)
      straight_high = 3;  // A-2-3-4-5: the ace plays low
  }

  const int top = order_count[0];
  const int second = groups > 1 ? order_count[1] : 0;
  int category = 0;
  if (straight_high >= 0 && flush)
    category = 8;
  else if (top == 4)
    category = 7;
  else if (top == 3 && second == 2)
    category = 6;
  else if (flush)
    category = 5;
  else if (straight_high >= 0)
    category = 4;
  else if (top == 3)
    category = 3;
  else if (top == 2 && second == 2)
    category = 2;
  else if (top == 2)
    category = 1;

  ReferenceScore score = static_cast<ReferenceScore>(category) << 20;
  if (category == 8 || category == 4) return score | static_cast<ReferenceScore>(straight_high) << 16;
  // Each distinct rank once, in tie-break order, 4 bits each from bit 16 down.
  for (int g = 0; g < groups; ++g)
    score |= static_cast<ReferenceScore>(order[static_cast<std::size_t>(g)]) << (16 - 4 * g);
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
            best = std::max(
                best,
                score_five({five[0].rank(), five[1].rank(), five[2].rank(), five[3].rank(), five[4].rank()}, flush));
          }
  return best;
}

}  // namespace equity
