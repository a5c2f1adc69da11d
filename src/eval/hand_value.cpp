#include "equity/hand_value.hpp"

#include <string>

#include "equity/error.hpp"
#include "equity/shortdeck_evaluator.hpp"

namespace equity {
namespace {

ShortDeckRules rules_of(Game game) {
  return game == Game::shortdeck_straights ? ShortDeckRules::straight_beats_trips : ShortDeckRules::trips_beat_straight;
}

}  // namespace

int hand_ranks(Game game) { return game == Game::holdem ? kHandRanks : kShortDeckHandRanks; }

HandValue hand_value(std::span<const Card> cards, Game game) {
  const GameRules& rules = game_rules(game);
  for (Card c : cards)
    if (!rules.in_deck(c))
      throw InputError(c.str() + " is not in the deck of " + std::string(rules.title) + " (" +
                       std::string(1, kRankChars[static_cast<std::size_t>(rules.lowest_rank)]) + " to A)");
  HandValue v;
  if (game == Game::holdem) {
    v.rank = evaluate_cards(cards);  // checks 5..7 distinct cards
    v.category = category_of(v.rank);
    v.name = hand_name(v.rank);
    v.best = best_five(cards);
    return v;
  }
  const ShortDeckRules r = rules_of(game);
  v.rank = shortdeck_evaluate_cards(cards, r);
  v.category = shortdeck_category(v.rank, r);
  v.name = shortdeck_hand_name(v.rank, r);
  v.best = shortdeck_best_five(cards, r);
  return v;
}

}  // namespace equity
