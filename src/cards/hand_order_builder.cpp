#include "cards/hand_order_builder.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>
#include <string>
#include <vector>

#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity::detail {

namespace {

__extension__ using Uint128 = unsigned __int128;  // products of two counts above 2^32

// One row of a file, split at commas.
std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  for (;;) {
    const auto comma = line.find(',', start);
    fields.push_back(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) return fields;
    start = comma + 1;
  }
}

// The data rows (header dropped, each split), checked for `columns` fields.
std::vector<std::vector<std::string_view>> rows(std::string_view csv, std::string_view header, std::size_t columns,
                                                std::size_t expected_rows = kHandClasses) {
  std::vector<std::vector<std::string_view>> out;
  std::size_t start = 0;
  bool first = true;
  while (start < csv.size()) {
    auto end = csv.find('\n', start);
    if (end == std::string_view::npos) end = csv.size();
    std::string_view line = csv.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    start = end + 1;
    if (first) {
      if (line != header)
        throw InputError("ordering file: header " + quote_input(line) + " is not " + quote_input(header));
      first = false;
      continue;
    }
    if (line.empty()) continue;
    out.push_back(split(line));
    if (out.back().size() != columns)
      throw InputError("ordering file: line " + quote_input(line) + " does not have " + std::to_string(columns) +
                       " fields");
  }
  if (out.size() != expected_rows)
    throw InputError("ordering file: " + std::to_string(out.size()) + " rows, not " + std::to_string(expected_rows));
  return out;
}

std::uint64_t integer(std::string_view field) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (ec != std::errc() || end != field.data() + field.size() || field.empty())
    throw InputError("ordering file: " + quote_input(field) + " is not a whole number");
  return value;
}

double number(std::string_view field) {
  double value = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (ec != std::errc() || end != field.data() + field.size() || field.empty())
    throw InputError("ordering file: " + quote_input(field) + " is not a number");
  return value;
}

// The class of a name, checked against its combos column (the class's combos x per_combo); each
// class once.
int class_of_row(std::string_view name, std::string_view combos, std::uint64_t per_combo, std::vector<bool>& seen,
                 Game game = Game::holdem) {
  const int index = class_index(parse_hand_class(name));
  const auto& c = hand_classes()[static_cast<std::size_t>(index)];
  if (!class_in_game(c, game))
    throw InputError("ordering file: class " + quote_input(name) + " is not in " + std::string(game_rules(game).name));
  if (c.name() != name) throw InputError("ordering file: class " + quote_input(name) + " is not written canonically");
  if (integer(combos) != static_cast<std::uint64_t>(c.combos()) * per_combo)
    throw InputError("ordering file: class " + quote_input(name) + " has combos " + quote_input(combos));
  if (seen[static_cast<std::size_t>(index)]) throw InputError("ordering file: class " + quote_input(name) + " twice");
  seen[static_cast<std::size_t>(index)] = true;
  return index;
}

// Sorts the game's class indices by `better` (a strict order on equity), then more combos, then
// table order; the classes outside the game follow in table order.
template <class Better>
ClassOrder sorted(Better better, Game game = Game::holdem) {
  const auto in_game = classes_of(game);
  std::vector<int> order(in_game.begin(), in_game.end());
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (better(a, b)) return true;
    if (better(b, a)) return false;
    return hand_classes()[static_cast<std::size_t>(a)].combos() > hand_classes()[static_cast<std::size_t>(b)].combos();
  });
  for (int c = 0; c < kHandClasses; ++c)
    if (!class_in_game(hand_classes()[static_cast<std::size_t>(c)], game)) order.push_back(c);
  ClassOrder out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<std::uint8_t>(order[i]);
  return out;
}

}  // namespace

ClassOrder order_from_vs_random_csv(std::string_view csv, Game game) {
  // Per class: twice the pot won (2 wins + ties) and the showdowns.
  std::vector<Uint128> doubled(static_cast<std::size_t>(kHandClasses)),
      showdowns(static_cast<std::size_t>(kHandClasses));
  std::vector<bool> seen(static_cast<std::size_t>(kHandClasses));
  const auto left = static_cast<std::uint64_t>(game_rules(game).deck_size() - 2);
  const std::uint64_t opponents = left * (left - 1) / 2;  // 1,225 in Hold'em, 561 in short deck
  for (const auto& f : rows(csv, "hero,villain,combos,wins,ties,losses,equity", 7,
                            static_cast<std::size_t>(game_rules(game).hand_classes))) {
    if (f[1] != "random") throw InputError("ordering file: villain " + quote_input(f[1]) + " is not random");
    const auto i = static_cast<std::size_t>(class_of_row(f[0], f[2], opponents, seen, game));
    const std::uint64_t wins = integer(f[3]), ties = integer(f[4]), losses = integer(f[5]);
    doubled[i] = 2 * static_cast<Uint128>(wins) + ties;
    showdowns[i] = static_cast<Uint128>(wins) + ties + losses;
    if (showdowns[i] == 0) throw InputError("ordering file: class " + quote_input(f[0]) + " has no showdowns");
  }
  return sorted(
      [&](int a, int b) {
        const auto x = static_cast<std::size_t>(a), y = static_cast<std::size_t>(b);
        return doubled[x] * showdowns[y] > doubled[y] * showdowns[x];  // below 2^72: no overflow
      },
      game);
}

ClassOrder order_from_ranked_csv(std::string_view csv) {
  std::vector<double> equity(static_cast<std::size_t>(kHandClasses));
  std::vector<bool> seen(static_cast<std::size_t>(kHandClasses));
  for (const auto& f : rows(csv, "rank,class,combos,trials,equity,stderr", 6)) {
    const auto i = static_cast<std::size_t>(class_of_row(f[1], f[2], 1, seen));
    equity[i] = number(f[4]);
    number(f[5]);
  }
  return sorted(
      [&](int a, int b) { return equity[static_cast<std::size_t>(a)] > equity[static_cast<std::size_t>(b)]; });
}

}  // namespace equity::detail
