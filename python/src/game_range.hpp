#pragma once
// equity.Range's C++ side: a range and the game whose deck it is read in. A range of a smaller
// deck (short deck) holds no class outside it; "random" is every combo of the game's deck.
#include <string>
#include <string_view>

#include "equity/game.hpp"
#include "equity/range.hpp"

namespace equity::python {

struct GameRange {
  Range range;
  Game game = Game::holdem;

  // Parses `text`; throws InputError naming the first class outside the game's deck.
  static GameRange parse(std::string_view text, std::string_view game);
  friend bool operator==(const GameRange&, const GameRange&) = default;
};

}  // namespace equity::python
