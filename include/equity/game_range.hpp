#pragma once
// Ranges in a game's deck, for the front ends that read a range alone (`equity range`, the server's
// /api/range, Python's Range): a game with a smaller deck (short deck) holds no class outside it,
// and "random" is every combo of its deck.
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/game.hpp"
#include "equity/range.hpp"

namespace equity {

// Throws InputError "<what>: 22 is not in the deck of Short deck (6+) Hold'em (6 to A)" naming the
// first class of `range` with a card outside the game's deck; "random" (Range::all()) passes.
void check_in_deck(const Range& range, Game game, std::string_view what = "range");

// Throws InputError "card 2c is not in the deck of ..." for the first of `cards` outside the deck.
void check_cards_in_deck(CardSet cards, Game game);

// The side of the game's class grid: 13 in Hold'em, 9 (A to 6) in short deck.
int grid_size(Game game);

}  // namespace equity
