#pragma once
// The short-deck reference for the tests: a plain best-of-21 scorer with the short-deck ranking,
// written without the evaluator's tables or code (the evaluator's and the counting methods' tests
// compare with it).
#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "equity/cards.hpp"
#include "equity/evaluator.hpp"            // Category
#include "equity/shortdeck_evaluator.hpp"  // ShortDeckRules

namespace equity::test {

// The strength of each category, low to high, written out for each rule set.
inline int strength(Category c, ShortDeckRules rules) {
  const bool trips_high = rules == ShortDeckRules::trips_beat_straight;
  switch (c) {
    case Category::HighCard:
      return 0;
    case Category::OnePair:
      return 1;
    case Category::TwoPair:
      return 2;
    case Category::ThreeOfAKind:
      return trips_high ? 4 : 3;
    case Category::Straight:
      return trips_high ? 3 : 4;
    case Category::FullHouse:
      return 5;
    case Category::Flush:
      return 6;
    case Category::FourOfAKind:
      return 7;
    case Category::StraightFlush:
      return 8;
  }
  return -1;
}

// The high card of the straight that five distinct ranks make, or -1: the six short-deck
// straights, T-J-Q-K-A down to 6-7-8-9-T, and A-6-7-8-9 whose high card is the nine.
inline int straight_high(const std::array<int, 5>& descending) {
  if (descending == std::array<int, 5>{12, 7, 6, 5, 4}) return 7;
  for (int high = 12; high >= 8; --high)
    if (descending == std::array<int, 5>{high, high - 1, high - 2, high - 3, high - 4}) return high;
  return -1;
}

struct ReferenceHand {
  Category category;
  std::uint32_t tie_break;  // the ranks that break ties, 4 bits each, most significant first
};

inline ReferenceHand reference_five(const std::array<Card, 5>& five) {
  std::array<int, 5> ranks{};
  std::array<int, kRanks> count{};
  bool flush = true;
  for (std::size_t i = 0; i < 5; ++i) {
    ranks[i] = five[i].rank();
    ++count[static_cast<std::size_t>(ranks[i])];
    flush = flush && five[i].suit() == five[0].suit();
  }
  std::sort(ranks.rbegin(), ranks.rend());
  const int high = straight_high(ranks);
  if (high >= 0) return {flush ? Category::StraightFlush : Category::Straight, static_cast<std::uint32_t>(high)};
  // Groups of equal ranks, biggest group first, higher rank first among equal groups.
  std::uint32_t tie_break = 0;
  std::array<int, 5> group_size{};
  std::size_t groups = 0;
  for (int size = 4; size >= 1; --size)
    for (int r = kRanks - 1; r >= 0; --r)
      if (count[static_cast<std::size_t>(r)] == size) {
        tie_break = tie_break << 4 | static_cast<std::uint32_t>(r);
        group_size[groups++] = size;
      }
  const int first = group_size[0], second = group_size[1];
  Category category = Category::HighCard;
  if (first == 4)
    category = Category::FourOfAKind;
  else if (first == 3 && second == 2)
    category = Category::FullHouse;
  else if (flush)
    category = Category::Flush;
  else if (first == 3)
    category = Category::ThreeOfAKind;
  else if (first == 2 && second == 2)
    category = Category::TwoPair;
  else if (first == 2)
    category = Category::OnePair;
  return {category, tie_break};
}

// The best score of 5..7 cards under each rule set (indexed by ShortDeckRules): category strength
// in bits 20..23 above the tie-break ranks; larger is better.
inline std::array<std::uint32_t, 2> reference_scores(std::span<const Card> cards) {
  const std::size_t n = cards.size();
  std::array<std::uint32_t, 2> best{};
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      for (std::size_t c = b + 1; c < n; ++c)
        for (std::size_t d = c + 1; d < n; ++d)
          for (std::size_t e = d + 1; e < n; ++e) {
            const ReferenceHand h = reference_five({cards[a], cards[b], cards[c], cards[d], cards[e]});
            for (ShortDeckRules rules : kShortDeckRuleSets) {
              const auto score = static_cast<std::uint32_t>(strength(h.category, rules)) << 20 | h.tie_break;
              auto& kept = best[static_cast<std::size_t>(rules)];
              kept = std::max(kept, score);
            }
          }
  return best;
}

inline std::uint32_t reference_score(std::span<const Card> cards, ShortDeckRules rules) {
  return reference_scores(cards)[static_cast<std::size_t>(rules)];
}

}  // namespace equity::test
