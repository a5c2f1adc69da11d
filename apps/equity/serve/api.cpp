#include "serve/api.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "equity/error.hpp"
#include "equity/game.hpp"
#include "equity/game_range.hpp"
#include "equity/hand_order.hpp"
#include "equity/omaha_range.hpp"
#include "equity/range.hpp"
#include "equity/range_description.hpp"

namespace equity::serve {

using nlohmann::json;

std::string error_json(std::string_view message, std::string_view field) {
  json j = {{"error", message}};
  if (!field.empty()) j["field"] = field;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);  // messages may quote invalid UTF-8
}

std::string field_of(std::string_view message) {
  const auto starts = [&](std::string_view prefix) { return message.substr(0, prefix.size()) == prefix; };
  for (const std::string_view name : {"players", "board", "dead", "method", "stderr", "trials", "time", "seed",
                                      "per_combo", "hits", "distribution", "by_category", "game"}) {
    if (starts(std::string(name) + ":")) return std::string(name);
    if (name == "players" && starts("players[") && message.find(']') != std::string_view::npos)
      return std::string(message.substr(0, message.find(']') + 1));
  }
  if (starts("player ")) {
    std::size_t pos = 7, n = 0;
    while (pos < message.size() && message[pos] >= '0' && message[pos] <= '9')
      n = n * 10 + static_cast<std::size_t>(message[pos++] - '0');
    if (pos > 7 && n >= 1) return "players[" + std::to_string(n - 1) + "]";
  }
  if (starts("board") || starts("hits:")) return "board";
  if (starts("dead")) return "dead";
  return {};
}

namespace {

// The cards of `text` as the dead cards of a game, or InputError naming "dead cards".
CardSet dead_cards(std::string_view text, Game game) {
  CardSet dead;
  for (Card c : parse_cards(text, "dead cards")) dead.insert(c);
  try {
    check_cards_in_deck(dead, game);
  } catch (const InputError& e) {
    throw InputError(std::string("dead cards: ") + e.what());
  }
  return dead;
}

}  // namespace

std::string range_json(std::string_view expr, std::string_view dead_text, std::string_view game_text) {
  Game game = Game::holdem;
  try {
    game = parse_game(game_text);
  } catch (const InputError&) {
    throw InputError("game: '" + std::string(game_text) + "' is not a game: one of " + game_names());
  }
  const RangeDescription d = describe_range(expr, game, dead_cards(dead_text, game), kRangeListed);
  json combos = json::array(), grid = json::array();
  for (const RangeHand& h : d.list) combos.push_back({{"cards", h.text}, {"weight", h.weight}});
  for (const auto& row : d.grid) {
    json cells = json::array();
    for (const RangeGridCell& c : row)
      cells.push_back({{"class", c.name}, {"combos", c.combos}, {"of", c.of}, {"weight", c.weight}});
    grid.push_back(std::move(cells));
  }
  const json j = {{"range", d.range},   {"count", d.hands}, {"weight", d.weight}, {"warnings", d.warnings},
                  {"listed", d.listed}, {"combos", combos}, {"grid", grid},       {"game", game_name(game)}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string orderings_json() {
  json orderings = json::object(), games = json::object();
  for (const HandOrder& order : hand_orders()) {
    json names = json::array();
    for (int i = 0; i < order.size; ++i)
      names.push_back(hand_classes()[(*order.classes)[static_cast<std::size_t>(i)]].name());
    orderings[std::string(order.name)] = std::move(names);
    games[std::string(order.name)] = game_name(order.game);
  }
  return json{{"orderings", orderings}, {"games", games}}.dump();
}

namespace {

// "AsAc KhQh" as ["AsAc", "KhQh"].
json split_words(std::string_view text) {
  json out = json::array();
  std::istringstream in{std::string(text)};
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

}  // namespace

std::string games_json() {
  json list = json::array();
  for (const Game g : games()) {
    const GameRules& rules = game_rules(g);
    json deck = json::array();
    for (int rank = kRanks - 1; rank >= rules.lowest_rank; --rank)
      for (int suit = 0; suit < kSuits; ++suit) deck.push_back(Card(rank, suit).str());
    list.push_back({{"name", rules.name},
                    {"aliases", game_aliases(g)},
                    {"title", rules.title},
                    {"summary", rules.summary},
                    {"deck", deck},
                    {"ranks", std::string(kRankChars.substr(static_cast<std::size_t>(rules.lowest_rank)))},
                    {"hole_cards", rules.hole_cards},
                    {"board_cards", rules.board_cards},
                    {"classes", rules.hand_classes},
                    {"grid", omaha_like(g) ? 0 : grid_size(g)},
                    {"preflop_table", rules.preflop_table},
                    {"making", rules.making == HandMaking::two_plus_three ? "two-plus-three" : "any-five"},
                    {"low", rules.low},
                    // what the page's details offer: every game answers per-combo equity, the
                    // distribution and board hits (Omaha's hands and draw names: docs/omaha.md)
                    {"details", true},
                    {"hits", true},
                    // what the page calls a player's holding, and two hands to start from
                    {"unit", omaha_like(g) ? "hands" : "combos"},
                    {"example", split_words(rules.example)}});
  }
  return json{{"games", list}}.dump();
}

}  // namespace equity::serve
