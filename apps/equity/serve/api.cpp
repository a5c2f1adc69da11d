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
#include "equity/range.hpp"

namespace equity::serve {
namespace {

using nlohmann::json;

json parse_object(std::string_view body) {
  json j;
  try {
    j = json::parse(body.begin(), body.end());
  } catch (const json::parse_error& e) {
    // nlohmann's message: "[json.exception.parse_error.101] parse error at line 1, column 5: ..."
    std::string what = e.what();
    const auto colon = what.find("parse error");
    throw InputError("malformed JSON: " + (colon == std::string::npos ? what : what.substr(colon)));
  }
  if (!j.is_object()) throw InputError("the body must be a JSON object, not " + std::string(j.type_name()));
  return j;
}

std::string as_string(const json& value, std::string_view field) {
  if (!value.is_string()) throw InputError(std::string(field) + ": a string, not " + value.dump());
  return value.get<std::string>();
}

bool as_bool(const json& value, std::string_view field) {
  if (!value.is_boolean()) throw InputError(std::string(field) + ": true or false, not " + value.dump());
  return value.get<bool>();
}

double as_positive(const json& value, std::string_view field) {
  if (!value.is_number() || !(value.get<double>() > 0) || !std::isfinite(value.get<double>()))
    throw InputError(std::string(field) + ": a number above 0, not " + value.dump());
  return value.get<double>();
}

// A whole number from `low` to `high` (JSON integers, or doubles with no fraction such as 1e6).
std::uint64_t as_whole(const json& value, std::string_view field, std::uint64_t low, std::uint64_t high) {
  const bool whole = value.is_number_unsigned() || (value.is_number_float() && value.get<double>() >= 0 &&
                                                    value.get<double>() <= 9.007199254740991e15 &&
                                                    std::floor(value.get<double>()) == value.get<double>());
  const std::uint64_t n = value.is_number_unsigned() ? value.get<std::uint64_t>()
                          : whole                    ? static_cast<std::uint64_t>(value.get<double>())
                                                     : 0;
  if (!whole || n < low || n > high)
    throw InputError(std::string(field) + ": a whole number from " + std::to_string(low) + " to " +
                     std::to_string(high) + ", not " + value.dump());
  return n;
}

std::vector<std::string> as_players(const json& value) {
  if (!value.is_array()) throw InputError("players: an array of 2 to 10 hands or ranges, not " + value.dump());
  std::vector<std::string> players;
  for (std::size_t i = 0; i < value.size(); ++i)
    players.push_back(as_string(value[i], "players[" + std::to_string(i) + "]"));
  return players;
}

}  // namespace

Question parse_equity_request(std::string_view body, double budget_seconds) {
  const json j = parse_object(body);
  Question q;
  bool has_players = false;
  for (const auto& [key, value] : j.items()) {
    if (key == "players") {
      q.players = as_players(value);
      has_players = true;
    } else if (key == "board") {
      q.board = as_string(value, key);
    } else if (key == "dead") {
      q.dead = as_string(value, key);
    } else if (key == "method") {
      q.method = parse_method(as_string(value, key));
    } else if (key == "stderr") {
      q.target_stderr = as_positive(value, key);
    } else if (key == "trials") {
      q.max_trials = as_whole(value, key, 1, kMaxSeed);
    } else if (key == "time") {
      q.max_seconds = as_positive(value, key);
      if (q.max_seconds > budget_seconds)
        throw InputError("time: at most the server's budget of " + json(budget_seconds).dump() + " seconds, not " +
                         value.dump());
    } else if (key == "seed") {
      q.seed = as_whole(value, key, 0, kMaxSeed);
    } else if (key == "per_combo") {
      q.per_combo = as_bool(value, key);
    } else if (key == "hits") {
      q.hits = as_bool(value, key);
    } else if (key == "distribution") {
      q.distribution = as_bool(value, key);
    } else if (key == "by_category") {
      q.by_category = as_bool(value, key);
    } else if (key == "game") {
      const std::string name = as_string(value, key);
      try {
        q.game = parse_game(name);
      } catch (const InputError&) {
        throw InputError("game: '" + name + "' is not a game: one of " + game_names());
      }
    } else if (key == "order") {
      q.order = as_string(value, key);
      (void)hand_order(q.order);  // an unknown ordering names this field
    } else {
      throw InputError("unknown field '" + key +
                       "' (fields: players, board, dead, method, stderr, trials, time, seed, per_combo, hits, "
                       "distribution, by_category, order, game)");
    }
  }
  if (!has_players) throw InputError("players: missing (an array of 2 to 10 hands or ranges)");
  return q;
}

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

std::string range_json(std::string_view expr, std::string_view dead_text, std::string_view game_text) {
  Game game = Game::holdem;
  try {
    game = parse_game(game_text);
  } catch (const InputError&) {
    throw InputError("game: '" + std::string(game_text) + "' is not a game: one of " + game_names());
  }
  if (game != Game::holdem && expr.find('%') != std::string_view::npos)
    throw InputError("range: percentage ranges take an ordering of Hold'em's 169 classes: Hold'em only, not " +
                     std::string(game_name(game)));
  std::vector<std::string> warnings;
  const Range range = Range::parse(expr, "range", &warnings);
  check_in_deck(range, game);
  CardSet dead;
  for (Card c : parse_cards(dead_text, "dead cards")) dead.insert(c);
  try {
    check_cards_in_deck(dead, game);
  } catch (const InputError& e) {
    throw InputError(std::string("dead cards: ") + e.what());
  }
  json combos = json::array();
  double weight = 0;
  for (const auto& c : range.combos(dead | out_of_deck(game))) {
    combos.push_back({{"cards", to_string({c.cards[0], c.cards[1]})}, {"weight", c.weight}});
    weight += c.weight;
  }
  json grid = json::array();
  for (int row = 0; row < grid_size(game); ++row) {
    json cells = json::array();
    for (int column = 0; column < grid_size(game); ++column) {
      const HandClass hc = class_at_grid_cell(row, column);
      int in = 0, left = 0;
      double w = 0;
      for (int i : hc.combo_indices()) {
        const auto cards = combo_cards(i);
        if (dead.contains(cards[0]) || dead.contains(cards[1])) continue;
        ++left;
        if (range.contains(i)) ++in, w += range.weight(i);
      }
      cells.push_back({{"class", hc.name()}, {"combos", in}, {"of", left}, {"weight", w}});
    }
    grid.push_back(cells);
  }
  json j = {{"range", range.str()}, {"count", combos.size()}, {"weight", weight},
            {"warnings", warnings}, {"combos", combos},       {"grid", grid}};
  if (game != Game::holdem) j["game"] = game_name(game);
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string orderings_json() {
  json orderings = json::object();
  for (const HandOrder& order : hand_orders()) {
    json names = json::array();
    for (const auto c : *order.classes) names.push_back(hand_classes()[c].name());
    orderings[std::string(order.name)] = std::move(names);
  }
  return json{{"orderings", orderings}}.dump();
}

std::string games_json() {
  json list = json::array();
  for (const Game g : games()) {
    const GameRules& rules = game_rules(g);
    json deck = json::array();
    for (int rank = kRanks - 1; rank >= rules.lowest_rank; --rank)
      for (int suit = 0; suit < kSuits; ++suit) deck.push_back(Card(rank, suit).str());
    list.push_back({{"name", rules.name},
                    {"title", rules.title},
                    {"summary", rules.summary},
                    {"deck", deck},
                    {"ranks", std::string(kRankChars.substr(static_cast<std::size_t>(rules.lowest_rank)))},
                    {"hole_cards", rules.hole_cards},
                    {"board_cards", rules.board_cards},
                    {"classes", rules.hand_classes},
                    {"grid", grid_size(g)},
                    {"preflop_table", rules.preflop_table},
                    {"hits", rules.board_hits}});
  }
  return json{{"games", list}}.dump();
}

}  // namespace equity::serve
