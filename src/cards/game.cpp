#include "equity/game.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "equity/error.hpp"

namespace equity {
namespace {

constexpr std::array<Game, kGames> kAllGames = {
    Game::holdem,     Game::shortdeck,     Game::shortdeck_straights, Game::omaha,     Game::omaha5,    Game::omaha6,
    Game::omaha_hilo, Game::omaha5_hilo,   Game::omaha6_hilo,         Game::stud,      Game::stud_hilo, Game::razz,
    Game::draw,       Game::deuce7_single, Game::deuce7_triple,       Game::a5_triple, Game::badugi,    Game::badeucy,
    Game::badacey};

// A name as parse_game() compares it: lower case, without spaces, '-', '_', '/', '.' and
// apostrophes ("Omaha Hi/Lo" and "omaha-hilo" are both "omahahilo").
std::string folded(std::string_view name) {
  std::string out;
  for (const char c : name)
    if (std::string_view(" -_/.'\t").find(c) == std::string_view::npos)
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

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

std::string game_list() {
  std::string out;
  for (Game g : kAllGames) {
    if (!out.empty()) out += ", ";
    out += std::string(game_name(g)) + " (" + std::string(game_rules(g).title) +
           (g == Game::holdem ? ", the default)" : ")");
  }
  return out;
}

std::vector<std::string_view> game_aliases(Game game) {
  std::vector<std::string_view> out;
  for (std::string_view rest = game_rules(game).aliases; !rest.empty();) {
    const auto comma = rest.find(", ");
    out.push_back(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 2);
  }
  return out;
}

std::string game_alias_names() {
  std::string out;
  for (Game g : kAllGames) {
    if (game_rules(g).aliases.empty()) continue;
    out += (out.empty() ? "" : "; ") + std::string(game_name(g)) + ": " + std::string(game_rules(g).aliases);
  }
  return out;
}

Game parse_game(std::string_view name) {
  for (Game g : kAllGames)
    if (name == game_name(g)) return g;
  const std::string wanted = folded(name);
  for (Game g : kAllGames) {
    if (wanted == folded(game_name(g))) return g;
    for (const std::string_view alias : game_aliases(g))
      if (wanted == folded(alias)) return g;
  }
  throw InputError("game '" + std::string(name) + "': one of " + game_names());
}

void require_ranges(Game game, std::string_view what) {
  const GameRules& rules = game_rules(game);
  if (rules.ranges()) return;
  const std::string name(rules.name);
  std::string example;  // the game's example hands, each quoted for the shell: "(AsKs)Qd" "(7c7d)8h"
  for (std::size_t at = 0; at < rules.example.size();) {
    const std::size_t end = std::min(rules.example.find(' ', at), rules.example.size());
    example += " \"" + std::string(rules.example.substr(at, end - at)) + "\"";
    at = end + 1;
  }
  throw InputError(std::string(what) + ": " + name + " has no ranges or hand classes: a " + name +
                   " hand is its cards (equity --game " + name + example + " answers a " + name + " question)");
}

void require_two_hole_cards(Game game, std::string_view what) {
  require_ranges(game, what);
  const GameRules& rules = game_rules(game);
  if (rules.hole_cards == 2 && rules.making == HandMaking::any_five) return;
  std::string two;  // the games it is for
  for (Game g : kAllGames)
    if (game_rules(g).hole_cards == 2 && game_rules(g).making == HandMaking::any_five)
      two += (two.empty() ? "" : ", ") + std::string(game_name(g));
  throw InputError(std::string(what) + ": not for " + std::string(rules.name) +
                   " yet (it is for games of two hole cards: " + two + "); equity --game " + std::string(rules.name) +
                   " answers " + std::string(rules.title) + " questions");
}

}  // namespace equity
