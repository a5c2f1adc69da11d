#include "equity/request.hpp"

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "equity/error.hpp"
#include "equity/game.hpp"
#include "equity/hand_order.hpp"

namespace equity {
namespace {

using nlohmann::json;

constexpr int kMaxDepth = 8;  // a question nests 2 deep ({"players": [...]}); deeper is refused

// What a JSON value is, for an error message: a number or literal as it is, else its type (never
// a string's or a container's content, which may be long or nested without bound).
std::string describe(const json& value) {
  if (value.is_number() || value.is_boolean() || value.is_null()) return value.dump();
  if (value.is_string()) return "a string";
  return value.is_array() ? "an array" : "an object";
}

// A top-level field name for a message: as sent when short and printable, else cut.
std::string shown(const std::string& key) {
  std::string out;
  for (char c : key.substr(0, 40)) out += (c >= ' ' && c <= '~') ? c : '?';
  return key.size() > 40 ? out + "..." : out;
}

// Parses the body with its nesting capped while it is read (the parser callback refuses the
// level past kMaxDepth before anything deeper is built), naming the top-level field concerned.
json parse_object(std::string_view body) {
  std::string field;  // the top-level field being read
  int depth = 0;
  const auto where = [&] { return field.empty() ? std::string("malformed JSON") : shown(field); };
  const json::parser_callback_t guard = [&](int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (++depth > kMaxDepth)
          throw InputError(where() + ": " + (event == json::parse_event_t::array_start ? "an array" : "an object") +
                           " nested deeper than " + std::to_string(kMaxDepth) + " levels");
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        --depth;
        break;
      case json::parse_event_t::key:
        if (depth == 1) field = parsed.is_string() ? parsed.get<std::string>() : "";
        break;
      default:
        break;
    }
    return true;
  };
  json j;
  try {
    j = json::parse(body.begin(), body.end(), guard);
  } catch (const json::parse_error& e) {
    // nlohmann's message: "[json.exception.parse_error.101] parse error at line 1, column 5: ..."
    std::string what = e.what();
    const auto colon = what.find("parse error");
    throw InputError("malformed JSON: " + (colon == std::string::npos ? what : what.substr(colon)));
  } catch (const json::out_of_range&) {  // a number past a double's range, such as 1e400
    throw InputError(where() + ": a number out of range");
  }
  if (!j.is_object()) throw InputError("the body must be a JSON object, not " + describe(j));
  return j;
}

std::string as_string(const json& value, std::string_view field) {
  if (!value.is_string()) throw InputError(std::string(field) + ": a string, not " + describe(value));
  return value.get<std::string>();
}

bool as_bool(const json& value, std::string_view field) {
  if (!value.is_boolean()) throw InputError(std::string(field) + ": true or false, not " + describe(value));
  return value.get<bool>();
}

double as_positive(const json& value, std::string_view field) {
  if (!value.is_number() || !(value.get<double>() > 0) || !std::isfinite(value.get<double>()))
    throw InputError(std::string(field) + ": a number above 0, not " + describe(value));
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
                     std::to_string(high) + ", not " + describe(value));
  return n;
}

std::vector<std::string> as_players(const json& value) {
  if (!value.is_array()) throw InputError("players: an array of 2 to 10 hands or ranges, not " + describe(value));
  std::vector<std::string> players;
  for (std::size_t i = 0; i < value.size(); ++i)
    players.push_back(as_string(value[i], "players[" + std::to_string(i) + "]"));
  return players;
}

// What the game's spec says it cannot ask, named by the request's field (the game may come after
// the field in the object: checked once all are read).
void check_against_game(const Question& q) {
  const GameRules& rules = game_rules(q.game);
  const std::string game(rules.name);
  if (rules.board_cards == 0 && !q.board.empty())
    throw InputError("board: " + game +
                     " has no board: each player's cards are their own (write them in the "
                     "player's hand, folded cards as dead cards)");
  if (!rules.per_combo && q.per_combo) throw InputError("per_combo: not for " + game + ", whose hands are not ranges");
  if (!rules.per_combo && q.distribution)
    throw InputError("distribution: not for " + game + ", whose hands are not ranges");
  if (!rules.hits && q.hits) throw InputError("hits: what a range hits is for the games with a board, not " + game);
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
                         describe(value));
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
    } else if (key == "stacks") {
      if (!value.is_array() || value.empty() || value.size() > 10)
        throw InputError("stacks: an array of each player's chips in the pot (numbers above 0), not " +
                         describe(value));
      q.stacks.clear();
      for (std::size_t i = 0; i < value.size(); ++i)
        q.stacks.push_back(as_positive(value[i], "stacks[" + std::to_string(i) + "]"));
    } else if (key == "folded") {
      if (!value.is_array() || value.size() > 16)
        throw InputError(
            "folded: an array of the chips each player who folded put in the pot (numbers 0 or more), "
            "not " +
            describe(value));
      q.folded.clear();
      for (std::size_t i = 0; i < value.size(); ++i) {
        const auto& v = value[i];
        if (!v.is_number() || !(v.get<double>() >= 0) || !std::isfinite(v.get<double>()))
          throw InputError("folded[" + std::to_string(i) + "]: a folded player's chips, a number 0 or more, not " +
                           describe(v));
        q.folded.push_back(v.get<double>());
      }
    } else if (key == "pot") {
      if (!value.is_number() || !(value.get<double>() >= 0) || !std::isfinite(value.get<double>()))
        throw InputError("pot: the dead money in the pot, a number 0 or more, not " + describe(value));
      q.pot = value.get<double>();
    } else if (key == "runs") {
      q.runs = static_cast<int>(as_whole(value, key, 1, 24));
    } else if (key == "board2") {
      q.board2 = as_string(value, key);
    } else if (key == "draws") {
      q.draws = static_cast<int>(as_whole(value, key, 1, 3));
    } else if (key == "pat") {
      q.draw_pat = as_string(value, key);
    } else if (key == "keep") {
      q.draw_keep = as_string(value, key);
    } else if (key == "order") {
      q.order = as_string(value, key);
      (void)hand_order(q.order);  // an unknown ordering names this field
    } else {
      throw InputError("unknown field '" + key +
                       "' (fields: players, board, dead, method, stderr, trials, time, seed, per_combo, hits, "
                       "distribution, by_category, order, game, stacks, pot, runs, board2, draws, pat, keep)");
    }
  }
  if (!has_players) throw InputError("players: missing (an array of 2 to 10 hands or ranges)");
  check_against_game(q);
  return q;
}

}  // namespace equity
