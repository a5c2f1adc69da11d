#include "equity/shortdeck_evaluator.hpp"

#include <stdexcept>

#include "equity/error.hpp"

namespace equity {
namespace {

void check_cards(std::span<const Card> cards) {
  if (cards.size() < 5 || cards.size() > 7)
    throw InputError("a hand to evaluate has 5, 6 or 7 cards, not " + std::to_string(cards.size()));
  CardSet seen;
  for (Card c : cards) {
    if (!in_short_deck(c)) throw InputError(c.str() + " is not in the short deck (6 to A)");
    if (seen.contains(c)) throw InputError("duplicate card " + c.str());
    seen.insert(c);
  }
}

}  // namespace

std::string_view shortdeck_game_name(ShortDeckRules rules) {
  return rules == ShortDeckRules::trips_beat_straight ? "shortdeck" : "shortdeck-straights";
}

std::string_view shortdeck_rule_text(ShortDeckRules rules) {
  return rules == ShortDeckRules::trips_beat_straight ? "three of a kind beats a straight"
                                                      : "a straight beats three of a kind";
}

HandRank shortdeck_evaluate_cards(std::span<const Card> cards, ShortDeckRules rules) {
  check_cards(cards);
  return shortdeck_evaluate(Hand(cards), rules);
}

std::array<int, 5> shortdeck_class_ranks(HandRank rank, ShortDeckRules rules) {
  const auto& stored = shortdeck_tables(rules).class_ranks[rank];
  return {stored[0], stored[1], stored[2], stored[3], stored[4]};
}

std::string shortdeck_hand_name(HandRank rank, ShortDeckRules rules) {
  return hand_name(shortdeck_category(rank, rules), shortdeck_class_ranks(rank, rules));
}

std::array<Card, 5> shortdeck_best_five(std::span<const Card> cards, ShortDeckRules rules) {
  const HandRank best_rank = shortdeck_evaluate_cards(cards, rules);
  const ShortDeckTables& t = shortdeck_tables(rules);
  const std::size_t n = cards.size();
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      for (std::size_t c = b + 1; c < n; ++c)
        for (std::size_t d = c + 1; d < n; ++d)
          for (std::size_t e = d + 1; e < n; ++e) {
            const std::array<Card, 5> five{cards[a], cards[b], cards[c], cards[d], cards[e]};
            if (shortdeck_evaluate(Hand(five), t) == best_rank)
              return in_tie_break_order(five, shortdeck_class_ranks(best_rank, rules));
          }
  throw std::logic_error("no five of the cards make their best hand");
}

}  // namespace equity
