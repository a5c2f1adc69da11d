#include "equity/range_description.hpp"

#include "equity/error.hpp"
#include "equity/game_range.hpp"
#include "equity/hand_class.hpp"
#include "equity/range.hpp"

namespace equity {
namespace {

// The class grid of a two-card game: each cell's class, with the combos the range holds of it.
std::vector<std::vector<RangeGridCell>> class_grid(const Range& range, Game game, CardSet dead) {
  std::vector<std::vector<RangeGridCell>> grid(static_cast<std::size_t>(grid_size(game)));
  for (int row = 0; row < grid_size(game); ++row) {
    for (int column = 0; column < grid_size(game); ++column) {
      const HandClass hc = class_at_grid_cell(row, column);
      RangeGridCell cell;
      cell.name = hc.name();
      for (int i : hc.combo_indices()) {
        const auto cards = combo_cards(i);
        if (dead.contains(cards[0]) || dead.contains(cards[1])) continue;
        ++cell.of;
        if (range.contains(i)) ++cell.combos, cell.weight += range.weight(i);
      }
      grid[static_cast<std::size_t>(row)].push_back(std::move(cell));
    }
  }
  return grid;
}

}  // namespace

RangeDescription describe_range(std::string_view text, Game game, CardSet dead, std::size_t limit,
                                std::string_view what) {
  RangeDescription d;
  d.game = game;
  check_cards_in_deck(dead, game);
  const GameRange range = GameRange::parse(text, game, what, &d.warnings);
  d.range = range.str();
  const RangeSize size = range.size(dead);
  d.hands = size.hands;
  d.weight = size.weight;
  d.listed = size.hands <= limit;
  // A range of classes lists its first hands even when it holds more; one of patterns (up to
  // 20 million hands) lists none then.
  if (d.listed || range.classes()) {
    d.list = range.hands(dead, what);
    if (d.list.size() > limit) d.list.resize(limit);
  }
  if (const Range* classes = range.classes()) d.grid = class_grid(*classes, game, dead);
  return d;
}

}  // namespace equity
