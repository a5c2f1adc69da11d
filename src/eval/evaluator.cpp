#include "equity/evaluator.hpp"

#include <algorithm>

#include "equity/error.hpp"
#include "eval/reference_evaluator.hpp"
#include "hand_text.hpp"

namespace equity {
namespace {

// ", a, b, c" for ranks[from..5).
std::string list(const std::array<int, 5>& ranks, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < 5; ++i) out += (i == from ? "" : ", ") + detail::rank_name(ranks[i]);
  return out;
}

std::string kickers(const std::array<int, 5>& ranks, std::size_t from) {
  return list(ranks, from) + (from == 4 ? " kicker" : " kickers");
}

// How many cards each tie-break rank of a category stands for.
std::vector<int> group_sizes(Category c) {
  switch (c) {
    case Category::OnePair:
      return {2, 1, 1, 1};
    case Category::TwoPair:
      return {2, 2, 1};
    case Category::ThreeOfAKind:
      return {3, 1, 1};
    case Category::FullHouse:
      return {3, 2};
    case Category::FourOfAKind:
      return {4, 1};
    default:
      return {1, 1, 1, 1, 1};
  }
}

}  // namespace

HandRank evaluate_cards(std::span<const Card> cards) {
  if (cards.size() < 5 || cards.size() > 7)
    throw InputError("a hand to evaluate has 5, 6 or 7 cards, not " + std::to_string(cards.size()));
  CardSet seen;
  for (Card c : cards) {
    if (seen.contains(c)) throw InputError("duplicate card " + c.str());
    seen.insert(c);
  }
  return evaluate(Hand(cards));
}

std::string_view category_name(Category c) {
  static constexpr std::array<std::string_view, kCategories> names = {
      "high card", "one pair",   "two pair",       "three of a kind", "straight",
      "flush",     "full house", "four of a kind", "straight flush"};
  return names[static_cast<std::size_t>(c)];
}

std::array<int, 5> class_ranks(HandRank rank) {
  const ReferenceScore score = detail::kClassScores[rank];
  const Category category = category_of(rank);
  std::array<int, 5> ranks{};
  if (category == Category::Straight || category == Category::StraightFlush) {
    const int high = static_cast<int>(score >> 16 & 15);
    for (int i = 0; i < 5; ++i) ranks[static_cast<std::size_t>(i)] = high - i < 0 ? 12 : high - i;  // wheel: 5 4 3 2 A
    return ranks;
  }
  std::size_t at = 0;
  int shift = 16;
  for (int size : group_sizes(category)) {
    const int r = static_cast<int>(score >> shift & 15);
    shift -= 4;
    for (int i = 0; i < size; ++i) ranks[at++] = r;
  }
  return ranks;
}

std::string hand_name(HandRank rank) { return hand_name(category_of(rank), class_ranks(rank)); }

std::string hand_name(Category category, const std::array<int, 5>& r) {
  const std::string head = std::string(category_name(category)) + ", ";
  switch (category) {
    case Category::HighCard:
      return head + list(r, 0);
    case Category::OnePair:
      return head + detail::rank_plural(r[0]) + ", " + kickers(r, 2);
    case Category::TwoPair:
      return head + detail::rank_plural(r[0]) + " and " + detail::rank_plural(r[2]) + ", " + kickers(r, 4);
    case Category::ThreeOfAKind:
      return head + detail::rank_plural(r[0]) + ", " + kickers(r, 3);
    case Category::Straight:
      return head + detail::rank_name(r[0]) + " high";
    case Category::Flush:
      return head + list(r, 0);
    case Category::FullHouse:
      return head + detail::rank_plural(r[0]) + " full of " + detail::rank_plural(r[3]);
    case Category::FourOfAKind:
      return head + detail::rank_plural(r[0]) + ", " + kickers(r, 4);
    case Category::StraightFlush:
      return r[0] == 12 ? std::string("royal flush") : head + detail::rank_name(r[0]) + " high";
  }
  return head;
}

std::array<Card, 5> best_five(std::span<const Card> cards) {
  const HandRank best_rank = evaluate_cards(cards);
  const std::size_t n = cards.size();
  std::array<Card, 5> best{};
  bool found = false;
  for (std::size_t a = 0; a < n && !found; ++a)
    for (std::size_t b = a + 1; b < n && !found; ++b)
      for (std::size_t c = b + 1; c < n && !found; ++c)
        for (std::size_t d = c + 1; d < n && !found; ++d)
          for (std::size_t e = d + 1; e < n && !found; ++e) {
            const std::array<Card, 5> five{cards[a], cards[b], cards[c], cards[d], cards[e]};
            if (evaluate(Hand(five)) == best_rank) {
              best = five;
              found = true;
            }
          }
  return in_tie_break_order(best, class_ranks(best_rank));
}

std::array<Card, 5> in_tie_break_order(std::array<Card, 5> five, const std::array<int, 5>& ranks) {
  std::sort(five.begin(), five.end(), [](Card x, Card y) { return x.suit() < y.suit(); });
  std::array<Card, 5> sorted{};
  std::array<bool, 5> taken{};
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t j = 0; j < 5; ++j)
      if (!taken[j] && five[j].rank() == ranks[i]) {
        sorted[i] = five[j];
        taken[j] = true;
        break;
      }
  return sorted;
}

}  // namespace equity
