#pragma once
// equity.Range's C++ side: a range and the game whose deck it is read in. A range of a smaller
// deck (short deck) holds no class outside it; "random" is every combo of the game's deck.
#include <optional>
#include <string>
#include <string_view>

#include "equity/game.hpp"
#include "equity/omaha_range.hpp"
#include "equity/range.hpp"

namespace equity::python {

struct GameRange {
  Range range;  // the games of two hole cards
  Game game = kDefaultGame;
  std::optional<OmahaRange> omaha;  // the Omaha games: their hands (range is then unused)

  // Parses `text`; throws InputError naming the first class outside the game's deck, or where an
  // Omaha range goes wrong.
  static GameRange parse(std::string_view text, std::string_view game);
  // Its canonical text.
  std::string str() const { return omaha ? omaha->str() : range.str(); }
  friend bool operator==(const GameRange& a, const GameRange& b) {
    return a.game == b.game && (a.omaha ? b.omaha && a.str() == b.str() : !b.omaha && a.range == b.range);
  }
};

}  // namespace equity::python
