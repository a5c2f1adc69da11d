#include "serve/api.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "equity/error.hpp"
#include "equity/hand_order.hpp"
#include "equity/range.hpp"

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
                                      "per_combo", "hits", "distribution", "by_category"}) {
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

std::string range_json(std::string_view expr, std::string_view dead_text) {
  std::vector<std::string> warnings;
  const Range range = Range::parse(expr, "range", &warnings);
  CardSet dead;
  for (Card c : parse_cards(dead_text, "dead cards")) dead.insert(c);
  json combos = json::array();
  double weight = 0;
  for (const auto& c : range.combos(dead)) {
    combos.push_back({{"cards", to_string({c.cards[0], c.cards[1]})}, {"weight", c.weight}});
    weight += c.weight;
  }
  json grid = json::array();
  for (int row = 0; row < kRanks; ++row) {
    json cells = json::array();
    for (int column = 0; column < kRanks; ++column) {
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
  const json j = {{"range", range.str()}, {"count", combos.size()}, {"weight", weight},
                  {"warnings", warnings}, {"combos", combos},       {"grid", grid}};
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

}  // namespace equity::serve
