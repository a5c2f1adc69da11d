#include "equity/game.hpp"

#include <array>

#include "equity/error.hpp"

namespace equity {
namespace {

constexpr std::array<Game, kGames> kAllGames = {Game::holdem,     Game::shortdeck,   Game::shortdeck_straights,
                                                Game::omaha,      Game::omaha5,      Game::omaha6,
                                                Game::omaha_hilo, Game::omaha5_hilo, Game::omaha6_hilo};

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

void require_two_hole_cards(Game game, std::string_view what) {
  if (omaha_like(game))
    throw InputError(std::string(what) + ": not for " + std::string(game_name(game)) +
                     " yet (it is for games of two hole cards: holdem, shortdeck, shortdeck-straights); " +
                     "equity --game " + std::string(game_name(game)) + " answers Omaha questions");
}

}  // namespace equity
