#include "serve/api.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "equity/error.hpp"
#include "equity/ev_chart.hpp"
#include "equity/game.hpp"
#include "equity/game_range.hpp"
#include "equity/hand_order.hpp"
#include "equity/hands_json.hpp"
#include "equity/hands_report.hpp"
#include "equity/largest_all_ins.hpp"
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
  for (const std::string_view name :
       {"players", "board", "dead", "method", "stderr", "trials", "time", "seed", "per_combo", "hits", "distribution",
        "by_category", "game", "stacks", "pot", "runs", "board2"}) {
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
  if (starts("stacks[") || starts("stack ")) return "stacks";
  if (starts("folded")) return "folded";
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
  Game game = kDefaultGame;
  try {
    game = parse_game(game_text);
  } catch (const InputError&) {
    throw InputError("game: '" + std::string(game_text) + "' is not a game: one of " + game_names());
  }
  const GameRules& rules = game_rules(game);
  if (!rules.ranges())  // the field to change is the game: no text is a range of it
    throw InputError("game: " + std::string(rules.name) + " has no ranges; a hand is written as " +
                     std::string(rules.hand_syntax));
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

// The page's names of the spec's enums.
std::string_view making_name(HandMaking making) {
  switch (making) {
    case HandMaking::any_five:
      return "any-five";
    case HandMaking::two_plus_three:
      return "two-plus-three";
    case HandMaking::own_cards:
      return "own-cards";
  }
  return "any-five";
}

std::string_view grammar_name(RangeGrammar grammar) {
  return grammar == RangeGrammar::classes ? "classes" : grammar == RangeGrammar::patterns ? "patterns" : "cards";
}

std::string_view ranking_name(PotRanking ranking) {
  switch (ranking) {
    case PotRanking::ace_to_five_low:
      return "ace-to-five-low";
    case PotRanking::deuce_to_seven_low:
      return "deuce-to-seven-low";
    case PotRanking::badugi:
      return "badugi";
    case PotRanking::high:
      break;
  }
  return "high";
}

// What the page calls a player's holding: a two-card combo of a range, a hand of more hole cards,
// or (no ranges) the cards a player is dealt.
std::string_view unit_of(const GameRules& rules) {
  if (!rules.ranges()) return "cards";
  return rules.range_grammar == RangeGrammar::classes ? "combos" : "hands";
}

// One game's spec as the page reads it (docs/serve.md): every field from GameRules.
json game_json(Game g) {
  const GameRules& rules = game_rules(g);
  json deck = json::array();
  for (int rank = kRanks - 1; rank >= rules.lowest_rank; --rank)
    for (int suit = 0; suit < kSuits; ++suit) deck.push_back(Card(rank, suit).str());
  // The grid of two-card classes, for ranges of classes only (0: no grid).
  const bool grid = rules.range_grammar == RangeGrammar::classes;
  return {{"name", rules.name},
          {"aliases", game_aliases(g)},
          {"title", rules.title},
          {"summary", rules.summary},
          {"deck", deck},
          {"ranks", std::string(kRankChars.substr(static_cast<std::size_t>(rules.lowest_rank)))},
          {"hole_cards", rules.hole_cards},
          {"board_cards", rules.board_cards},
          {"deal_order", rules.deal_order},
          {"classes", rules.hand_classes},
          {"grid", grid ? grid_size(g) : 0},
          {"preflop_table", rules.preflop_table},
          {"making", making_name(rules.making)},
          {"ranking", ranking_name(rules.ranking)},
          {"low", rules.low},
          // the draw games: the most draws to come; a split pot's halves by name ("Badugi", "2-7")
          {"draws", rules.draws},
          {"split", rules.two_halves()},
          {"halves", rules.two_halves() ? json::array({rules.half_name(0), rules.half_name(1)}) : json::array()},
          {"ranges", rules.ranges()},
          {"range_grammar", grammar_name(rules.range_grammar)},
          {"per_combo", rules.per_combo},
          // what the page's details offer: per-combo equity with the distribution, and board hits
          // (Omaha's hands and draw names: docs/omaha.md)
          {"details", rules.per_combo},
          {"hits", rules.hits},
          {"orderings", rules.orderings},
          {"hand_syntax", rules.hand_syntax},
          // what the page calls a player's holding, and two hands to start from
          {"unit", unit_of(rules)},
          {"example", split_words(rules.example)}};
}

}  // namespace

std::string games_json() {
  json list = json::array();
  for (const Game g : games()) list.push_back(game_json(g));
  return json{{"games", list}}.dump();
}

}  // namespace equity::serve

namespace equity::serve {

namespace {

// The largest all-ins' JSON (largest_all_ins.hpp), each with its hand's index, as an array's text.
std::string json_text(const LargestAllIns& largest) {
  std::string out = "[";
  for (const auto& row : largest.rows()) {
    if (out.size() > 1) out += ",";
    // {"index":N, then the all-in's own fields
    out += "{\"index\":" + std::to_string(row.index) + (row.json.size() > 2 ? "," : "") + row.json.substr(1);
  }
  return out + "]";
}

}  // namespace

std::string hands_json(std::string_view text, std::string_view hero, const std::atomic<bool>* cancel) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    throw InputError("the body is empty: send the text of hand history files (PokerStars' or GGPoker's)");
  HandsOptions options;
  options.hero = std::string(hero);
  options.cancel = cancel;
  LargestAllIns largest(kHandsListed);
  HandsChart chart_lines(kHandsChartPoints);
  std::uint64_t index = 0;
  const HandsReport report =
      read_hands_text({HandsText{std::string(kHandsName), text}}, options, [&](const HandOutcome& o) {
        chart_lines.add(o);
        ++index;
        if (o.in_all_in()) largest.add(o, index);
      });
  if (report.hands == 0)
    throw InputError(
        "no hand history in the body: no line starts a hand as PokerStars' (\"PokerStars Hand #...\") or GGPoker's "
        "(\"Poker Hand #...\") text files do");
  const EvChart chart = chart_lines.chart(report);
  json points = json::array();
  for (const EvChartPoint& p : chart.points) points.push_back({p.hand, p.net, p.adjusted});
  const json chart_json = {{"title", chart.title}, {"unit", chart.unit}, {"points", points}};
  const auto dump = [](const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); };
  // The all-ins and the totals are the library's JSON text as it wrote it (hands_json.hpp).
  return "{\"all_ins\":" + json_text(largest) + ",\"all_ins_total\":" + std::to_string(report.all_ins) +
         ",\"totals\":" + to_json(report) + ",\"chart\":" + dump(chart_json) +
         ",\"svg\":" + dump(json(ev_chart_svg(chart))) + "}";
}

}  // namespace equity::serve
