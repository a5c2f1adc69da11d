#include "equity/game_range.hpp"

#include <string>

#include "equity/error.hpp"
#include "equity/hand_class.hpp"

namespace equity {
namespace {

std::string deck_words(Game game) {
  const GameRules& rules = game_rules(game);
  return "the deck of " + std::string(rules.title) + " (" +
         std::string(1, kRankChars[static_cast<std::size_t>(rules.lowest_rank)]) + " to A)";
}

}  // namespace

void check_in_deck(const Range& range, Game game, std::string_view what) {
  const CardSet out = out_of_deck(game);
  if (out.empty() || range == Range::all()) return;
  for (const auto& c : range.combos())
    if (out.contains(c.cards[0]) || out.contains(c.cards[1]))
      throw InputError(std::string(what) + ": " + class_of({c.cards[0], c.cards[1]}).name() + " is not in " +
                       deck_words(game));
}

void check_cards_in_deck(CardSet cards, Game game) {
  for (int id = 0; id < kCards; ++id)
    if (const Card c(id); cards.contains(c) && !game_rules(game).in_deck(c))
      throw InputError("card " + c.str() + " is not in " + deck_words(game));
}

int grid_size(Game game) { return kRanks - game_rules(game).lowest_rank; }

}  // namespace equity
