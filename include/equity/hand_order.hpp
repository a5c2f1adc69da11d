#pragma once
// Orderings of the 169 classes, best first, behind percentage ranges ("15%", "5%-10%").
//
// A percentage p selects the shortest prefix of an ordering whose combos reach at least p % of the
// 1,326 combos (of the 630 for a short-deck ordering); "a%-b%" selects prefix(b) minus prefix(a).
// See docs/ranges.md for the orderings, their sources and their tie rules:
//   equity (alias vs1)  exact equity against one random hand (results/vs-random.csv); the default
//   vs2                 equity against two random hands, Monte Carlo (results/order-vs2.csv)
//   shortdeck-equity    the 81 short-deck classes by exact equity against one random short-deck
//                       hand (results/shortdeck/vs-random.csv); the default of --game shortdeck
//   shortdeck-straights-equity  the same with straights over trips (results/shortdeck-straights/)
// The tables are generated at build time from those files: nothing is read at run time.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "equity/hand_class.hpp"

namespace equity {

inline constexpr std::string_view kDefaultHandOrder = "equity";

struct HandOrder {
  std::string_view name;                                            // "equity", "vs2"
  std::string_view description;                                     // one line, for help texts
  const std::array<std::uint8_t, kHandClasses>* classes = nullptr;  // class indices (hand_classes()), best first
  Game game = Game::holdem;                                         // the game whose classes it orders
  int size = kHandClasses;                                          // classes ordered: the first `size`
  int combos = kCombos;                                             // their combos: 1,326 or 630
};

// The orderings, the default first (constant data: nothing runs on first use).
std::span<const HandOrder> hand_orders();
// By name ("equity", "vs1", "vs2"; case-sensitive). Throws InputError naming it and listing the names.
const HandOrder& hand_order(std::string_view name);
// The ordering percentage ranges of a game take by default: "equity" for Hold'em,
// "shortdeck-equity" and "shortdeck-straights-equity" for the short-deck games.
std::string_view default_hand_order(Game game);

// What a percentage item selects.
struct PercentageSelection {
  std::vector<int> classes;  // class indices (hand_classes()), in the ordering's order
  int combos = 0;            // their combos, of 1,326 (630 in a short-deck ordering)
};

// "15%", "0.5%", "5%-10%" (whitespace ignored) in the ordering `order`: the classes it selects,
// possibly none ("0%"). Throws InputError naming the text for anything else ("101%", "5%-",
// "10%-5%": the smaller percentage comes first) and for an unknown order. For `equity range 15%`.
PercentageSelection expand_percentage(std::string_view text, std::string_view order = kDefaultHandOrder);

namespace detail {
// expand_percentage() without the throw: "" and `out` filled, or why `text` is not a percentage
// item (a phrase such as "a percentage is at most 100%"). `text` has no whitespace.
std::string read_percentage(std::string_view text, const HandOrder& order, PercentageSelection& out);
}  // namespace detail

}  // namespace equity
