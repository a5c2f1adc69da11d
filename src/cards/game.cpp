#include "equity/game.hpp"

#include <array>

#include "equity/error.hpp"

namespace equity {
namespace {

constexpr std::array<Game, kGames> kAllGames = {Game::holdem, Game::shortdeck, Game::shortdeck_straights};

}  // namespace

std::span<const Game> games() { return kAllGames; }

std::string_view game_name(Game game) { return game_rules(game).name; }

std::string game_names() {
  std::string out;
  for (Game g : kAllGames) {
    if (!out.empty()) out += ", ";
    out += game_name(g);
  }
  return out;
}

Game parse_game(std::string_view name) {
  for (Game g : kAllGames)
    if (name == game_name(g)) return g;
  throw InputError("game '" + std::string(name) + "': one of " + game_names());
}

}  // namespace equity
