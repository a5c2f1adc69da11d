#include "equity/range_description.hpp"

#include <algorithm>

#include "equity/error.hpp"
#include "equity/game_range.hpp"
#include "equity/hand_class.hpp"
#include "equity/hand_order.hpp"
#include "equity/omaha_range.hpp"
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

// Ranges of classes (two hole cards): the grammar of docs/ranges.md, percentages in the game's own ordering.
RangeDescription describe_two_card(std::string_view text, Game game, CardSet dead, std::size_t limit,
                                   std::string_view what) {
  RangeDescription d;
  d.game = game;
  const Range range = Range::parse(text, what, &d.warnings, default_hand_order(game));
  check_in_deck(range, game, what);
  d.range = range.str();
  for (const auto& c : range.combos(dead | out_of_deck(game))) {
    ++d.hands;
    d.weight += c.weight;
    if (d.list.size() < limit)
      d.list.push_back({CardSet(c.cards[0].bit() | c.cards[1].bit()), to_string({c.cards[0], c.cards[1]}), c.weight});
  }
  d.listed = d.hands <= limit;
  d.grid = class_grid(range, game, dead);
  return d;
}

// Patterns of more hole cards (the Omaha games): docs/ranges-omaha.md's, counted without listing
// beyond the limit.
RangeDescription describe_patterns(std::string_view text, Game game, CardSet dead, std::size_t limit,
                                   std::string_view what) {
  RangeDescription d;
  d.game = game;
  const OmahaRange range = OmahaRange::parse(text, game_rules(game).hole_cards, what);
  d.range = range.str();
  const OmahaRangeSize size = range.size(dead);
  d.hands = size.hands;
  d.weight = size.weighted;
  d.listed = size.hands <= limit;
  if (d.listed)
    for (const auto& c : range.combos(dead, std::max<std::size_t>(limit, 1), what))
      d.list.push_back({c.cards, c.cards.str(), c.weight});
  return d;
}

}  // namespace

RangeDescription describe_range(std::string_view text, Game game, CardSet dead, std::size_t limit,
                                std::string_view what) {
  const GameRules& rules = game_rules(game);
  if (!rules.ranges())
    throw InputError(std::string(what) + ": " + std::string(rules.name) + " has no ranges; a hand is written as " +
                     std::string(rules.hand_syntax));
  check_cards_in_deck(dead, game);
  return rules.range_grammar == RangeGrammar::classes ? describe_two_card(text, game, dead, limit, what)
                                                      : describe_patterns(text, game, dead, limit, what);
}

}  // namespace equity
