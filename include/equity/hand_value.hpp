#pragma once
// A hand's value in a game, for the front ends that show one hand (`equity eval`, Python's
// evaluate()): its rank, category, readable name and best five, by the game's ranking.
#include <array>
#include <span>
#include <string>

#include "equity/cards.hpp"
#include "equity/evaluator.hpp"
#include "equity/game.hpp"

namespace equity {

struct HandValue {
  HandRank rank = 0;  // 0..hand_ranks(game) - 1, bigger is better; equal ranks split the pot
  Category category = Category::HighCard;
  std::string name;          // "full house, threes full of nines"; "straight, nine high" (A-6-7-8-9)
  std::array<Card, 5> best;  // the best five in tie-break order
};

// The number of distinct five-card hand values: 7462 in Hold'em, 1404 in short deck.
int hand_ranks(Game game);

// The value of 5, 6 or 7 distinct cards of the game's deck; throws InputError naming a card the
// deck does not have ("2c is not in the deck of Short deck (6+) Hold'em (6 to A)") or a card twice.
HandValue hand_value(std::span<const Card> cards, Game game);

}  // namespace equity
