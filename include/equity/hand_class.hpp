#pragma once
// Starting hands: the 1,326 two-card combos and the 169 preflop classes (AA, AKs, AKo, ...).
#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "equity/cards.hpp"
#include "equity/game.hpp"

namespace equity {

// Two distinct hole cards, unordered: 52 * 51 / 2 of them.
inline constexpr int kCombos = 1326;

// Index 0..1325 of the combo {a, b}: for card ids lo < hi, hi * (hi - 1) / 2 + lo.
constexpr int combo_index(Card a, Card b) {
  const int hi = a.id() > b.id() ? a.id() : b.id();
  const int lo = a.id() > b.id() ? b.id() : a.id();
  return hi * (hi - 1) / 2 + lo;
}

namespace detail {
// The inverse of combo_index, as a table: the combo loops of ranges and suit symmetries call it for
// every combo, and the arithmetic inverse needs a square root or a search.
inline constexpr std::array<std::array<Card, 2>, kCombos> kComboCards = [] {
  std::array<std::array<Card, 2>, kCombos> table{};
  for (int hi = 1; hi < kCards; ++hi)
    for (int lo = 0; lo < hi; ++lo)
      table[static_cast<std::size_t>(combo_index(Card(hi), Card(lo)))] = {Card(hi), Card(lo)};
  return table;
}();
}  // namespace detail

// The two cards of a combo index, the higher id first (so aces before kings, spades before clubs).
constexpr std::array<Card, 2> combo_cards(int index) { return detail::kComboCards[static_cast<std::size_t>(index)]; }

inline constexpr int kHandClasses = 169;

// A pair (high == low), a suited or an offsuit hand; ranks 0 ('2') .. 12 ('A'), high >= low.
struct HandClass {
  int high = 0;
  int low = 0;
  bool suited = false;

  bool pair() const { return high == low; }
  std::string name() const;                // "AA", "AKs", "72o"
  int combos() const;                      // 6, 4 or 12
  std::vector<int> combo_indices() const;  // its combos' indices, ascending
  HoleCards representative() const;        // first suits in s c h d order: AsAc, AsKs, AsKc
  friend bool operator==(const HandClass&, const HandClass&) = default;
};

// The 169 classes in table order: AA, AKs, AKo, AQs, AQo, ..., A2o, KK, KQs, ..., 32o, 22.
// (By high rank, then low rank, each from ace down; a pair comes first among its high rank.)
const std::array<HandClass, kHandClasses>& hand_classes();
int class_index(const HandClass& c);
// The indices (into hand_classes()) of a game's classes, in table order: all 169 for Hold'em; for
// short deck the 81 whose ranks are 6 to A (AA, AKs, AKo, ..., A6o, KK, ..., 76o, 66).
std::span<const int> classes_of(Game game);
// Whether both ranks of a class are in the game's deck.
bool class_in_game(const HandClass& c, Game game);
HandClass class_of(HoleCards hand);
int class_index_of(HoleCards hand);
// "AA", "AKs", "aks", "KAs", "AKo", "T9s", "109s". Throws InputError.
HandClass parse_hand_class(std::string_view text);
// "AA,AKs,72o" (commas or spaces). Throws InputError; duplicates are ignored; table order.
std::vector<int> parse_class_list(std::string_view text);
// The 13x13 grid position of a class: row, column 0 = ace. Pairs on the diagonal, suited above it
// (row = high rank), offsuit below (column = high rank).
std::pair<int, int> grid_cell(const HandClass& c);
HandClass class_at_grid_cell(int row, int column);

}  // namespace equity
