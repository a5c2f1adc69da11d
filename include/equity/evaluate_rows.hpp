#pragma once
// Many hands at once, as rows of card ids: the batch evaluation behind the Python module's
// evaluate_batch() (a numpy array of shape (N, columns)), in every game.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "equity/evaluator.hpp"
#include "equity/game.hpp"
#include "equity/omaha_evaluator.hpp"

namespace equity {

// The rank of each row of 7 card ids (ids[7 * r] ... ids[7 * r + 6], id = 4 * rank + suit as
// Card::id()) into ranks[r]: the same as evaluate() of those cards. ids.size() must be 7 times
// ranks.size(). Throws InputError naming the first bad row ("row 12: card id 60 is not 0..51",
// "row 3: a card twice") when a row has an id above 51 or a card twice; ranks is then partly
// written. threads: 1 evaluates on the calling thread, 0 on every core (oneTBB, in blocks of 64K
// rows), n on at most n; the ranks and the error are the same whatever it is.
void evaluate_rows(std::span<const std::uint8_t> ids, std::span<HandRank> ranks, int threads = 1);

// Rows of `columns` card ids in any game, ids.size() = columns x ranks.size():
//  - Hold'em and short deck: 5, 6 or 7 cards, ranked by the best five of them (ranks[r] as
//    hand_value(): Hold'em 0..7461, short deck 0..1403 by the rule set's order);
//  - the Omaha games: the game's hole cards (4, 5 or 6) followed by 3, 4 or 5 board cards;
//    ranks[r] is the best high of exactly two hole cards and three board cards (Hold'em's ranks,
//    as omaha_hand_value()), and in the Hi/Lo games lows[r] the best 8-or-better low of exactly two
//    and three (kNoLow, or 1..56, bigger is better). lows must then have ranks.size() entries; the
//    other games leave it alone (it may be empty).
// Throws InputError for a number of columns the game does not take, and names the first bad row as
// evaluate_rows() above does, or "row 4: 2c is not in the deck of Short deck (6+) Hold'em (6 to
// A)". threads as above; the answers and the error do not depend on it.
void evaluate_rows(Game game, std::size_t columns, std::span<const std::uint8_t> ids, std::span<HandRank> ranks,
                   std::span<LowRank> lows = {}, int threads = 1);

// The columns a row of the game has: from 5 to 7 (Hold'em, short deck), or the hole cards plus 3
// to 5 (Omaha: 7 to 9 for omaha, 8 to 10 for omaha5, 9 to 11 for omaha6).
struct RowColumns {
  std::size_t fewest = 5, most = 7;
};
RowColumns row_columns(Game game);

// A row's shape in words, for messages: "5, 6 or 7 cards" or "4 hole cards then 3 to 5 board
// cards".
std::string row_shape(Game game);

}  // namespace equity
