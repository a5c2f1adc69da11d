// equity.Range: a weighted set of hands, read and written in the command line's range syntax, in
// the deck of a game: the library's GameRange (equity/game_range.hpp), whatever the game.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "equity/error.hpp"
#include "equity/game_range.hpp"
#include "equity/hand_class.hpp"

namespace py = pybind11;

namespace equity::python {
namespace {

GameRange range_of(const std::string& text, const std::string& game) {
  const GameRules& rules = game_rules(parse_game(game));
  if (!rules.ranges())
    throw InputError("range: " + std::string(rules.name) + " has no ranges; a hand is written as " +
                     std::string(rules.hand_syntax) + " (calc() takes it as a player)");
  return GameRange::parse(text, rules.game);
}

// Each class's share of the range at its grid cell (row, column 0 = ace; pairs on the diagonal,
// suited above it, offsuit below): the mean weight of its combos. 13x13 in Hold'em, 9x9 (A to 6)
// in short deck: the cells of the classes of the deck's ranks.
py::array_t<double> grid_of(const GameRange& r) {
  const Range* classes = r.classes();
  if (!classes) throw InputError("grid: a range of " + std::string(game_name(r.game())) + " has no class grid");
  const py::ssize_t n = grid_size(r.game());
  py::array_t<double> grid({n, n});
  auto cells = grid.mutable_unchecked<2>();
  for (const auto& c : hand_classes()) {
    const auto [row, column] = grid_cell(c);
    if (row >= n || column >= n) continue;
    double sum = 0;
    const auto indices = c.combo_indices();
    for (int i : indices) sum += classes->weight(i);
    cells(row, column) = sum / static_cast<double>(indices.size());
  }
  return grid;
}

CardSet cards_of(const std::string& text, const char* what) {
  CardSet out;
  for (Card c : parse_cards(text, what)) out.insert(c);
  return out;
}

// Every pair (name, weight) of the range without a card of `removed`, in the library's order.
std::vector<std::pair<std::string, double>> listed(const GameRange& r, CardSet removed) {
  std::vector<std::pair<std::string, double>> out;
  for (const RangeHand& h : r.hands(removed)) out.emplace_back(h.text, h.weight);
  return out;
}

}  // namespace

void bind_range(py::module_& m) {
  py::class_<GameRange>(m, "Range",
                        "A range: hole-card combos with weights, in the command line's syntax, of a game's deck.\n\n"
                        "    >>> r = equity.Range(\"QQ+,AKs,KQo:0.5\")\n"
                        "    >>> len(r), str(r)\n"
                        "    (26, 'QQ+,AKs,KQo:0.5')\n"
                        "    >>> len(equity.Range(\"random\", game=\"shortdeck\"))\n"
                        "    630\n\n"
                        "Iterating gives (combo, weight) pairs such as ('AsAc', 1.0); grid() the class grid (13x13, "
                        "short deck 9x9). An Omaha range's hands are 4 to 6 cards:\n\n"
                        "    >>> len(equity.Range(\"AA**:$ds\", game=\"omaha\"))\n"
                        "    864")
      .def(py::init(&range_of), py::arg("expr"), py::arg("game") = "holdem",
           "Reads a range: classes (AA, AKs, AKo, AK), combos (AsKs), random, plus (QQ+), dash (22-99) and weights "
           "(AKs:0.5 or AKs@50). game: \"holdem\", \"shortdeck\" or \"shortdeck-straights\": a class outside the "
           "game's deck (22 in short deck) is an error, and random is every combo of its deck. The Omaha games "
           "(\"omaha\", \"omaha5\", \"omaha6\", \"omaha-hilo\", ...) read docs/ranges-omaha.md's syntax (AA**, "
           "AxAyxy, RRON, $ds, 15%, ...): its hands are those of the game's hole cards. Raises ValueError "
           "naming the bad item.")
      .def(
          "__len__", [](const GameRange& r) { return r.size().hands; }, "combos (Omaha: hands) with a weight above 0")
      .def("__iter__",
           [](const GameRange& r) {
             py::list out;
             for (const auto& [name, weight] : listed(r, CardSet())) out.append(py::make_tuple(name, weight));
             return py::iter(out);
           })
      .def("__contains__",
           [](const GameRange& r, const std::string& combo) {
             return r.weight(r.hand(combo, "combo")) > 0;  // 0 for a card outside the deck
           })
      .def(
          "weight",
          [](const GameRange& r, const std::string& combo) {
            const CardSet hand = r.hand(combo, "combo");
            check_cards_in_deck(hand, r.game());
            return r.weight(hand);
          },
          py::arg("combo"),
          "The weight of a combo such as \"AsKs\" (Omaha: a hand such as \"AsKsQhJh\"; 0 when it is not in the "
          "range; ValueError when it is not of the game's deck or hand size).")
      .def(
          "combos",
          [](const GameRange& r, const std::string& removed) { return listed(r, cards_of(removed, "removed")); },
          py::arg("removed") = "",
          "The (combo, weight) pairs without any card of `removed` (e.g. a board); Omaha: its hands, in increasing "
          "order of their cards (ValueError past 2,600,000 hands: PLO6's random has 20 million).")
      .def(
          "size",
          [](const GameRange& r, const std::string& removed) {
            const RangeSize size = r.size(cards_of(removed, "removed"));
            return py::make_tuple(size.hands, size.weight);
          },
          py::arg("removed") = "",
          "(combos, their weights summed) without any card of `removed`, counted without listing them (PLO6's "
          "random: 20,358,520 hands).")
      .def("grid", &grid_of,
           "A float64 array, 13x13 (short deck 9x9, ace to six): each class's mean combo weight at its cell (row, "
           "column 0 = ace; pairs on the diagonal, suited above it, offsuit below).")
      .def_property_readonly("weighted", &GameRange::weighted, "some combo has a weight other than 1")
      .def_property_readonly("specific", &GameRange::specific, "exactly one combo of weight 1")
      .def_property_readonly(
          "game", [](const GameRange& r) { return std::string(game_name(r.game())); }, "the game whose deck it is of")
      .def(
          "__str__", [](const GameRange& r) { return r.str(); }, "The canonical form; Range(str(r)) == r.")
      .def("__repr__",
           [](const GameRange& r) {
             std::string out = "Range(" + py::repr(py::str(r.str())).cast<std::string>();
             if (r.game() != kDefaultGame) out += ", game='" + std::string(game_name(r.game())) + "'";
             return out + ")";
           })
      .def(
          "__eq__", [](const GameRange& a, const GameRange& b) { return a == b; }, py::is_operator())
      .def("__hash__", [](const GameRange& r) { return py::hash(py::str(r.str())); });
}

}  // namespace equity::python
