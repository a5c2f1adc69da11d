#pragma once
// What a range is in a game, for every front end that shows one (`equity range`, the server's
// /api/range, Python): its canonical form, how many hands it holds once the dead cards are out,
// its hands (listed up to a limit) and, in the games with a class grid, the grid's cells. One
// function for every game: the game's rules say which range grammar reads the text and whether
// there is a grid, so that no front end asks which game it is.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/game.hpp"
#include "equity/game_range.hpp"

namespace equity {

// One cell of a class grid (Hold'em's 13x13, short deck's 9x9): the class and its combos.
struct RangeGridCell {
  std::string name;  // "AKs"
  int combos = 0;    // combos of the class held by the range (dead cards out)
  int of = 0;        // combos of the class left by the dead cards
  double weight = 0;
};

struct RangeDescription {
  Game game = Game::holdem;
  std::string range;                             // canonical form
  std::uint64_t hands = 0;                       // hands once the dead cards (and the cards outside the deck) are out
  double weight = 0;                             // their weights added up
  std::vector<std::string> warnings;             // what the reader noticed (overlapping terms, ...)
  bool listed = true;                            // `list` holds every hand (false: more than the limit asked)
  std::vector<RangeHand> list;                   // the hands, in the reader's order
  std::vector<std::vector<RangeGridCell>> grid;  // rows, best class top left; empty without a grid
};

// Reads `text` in the game's range grammar (docs/ranges.md, docs/ranges-omaha.md) and describes it
// with `dead` out, listing at most `limit` hands. Throws InputError naming `what` and the bad token.
RangeDescription describe_range(std::string_view text, Game game, CardSet dead, std::size_t limit,
                                std::string_view what = "range");

}  // namespace equity
