// equity.Range: a weighted set of combos, read and written in the command line's range syntax, in
// the deck of a game (game_range.hpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "equity/error.hpp"
#include "equity/game_range.hpp"
#include "equity/hand_class.hpp"
#include "equity/hand_order.hpp"
#include "equity/omaha_range.hpp"
#include "equity/quote.hpp"
#include "equity/range.hpp"
#include "equity/result_file.hpp"
#include "game_range.hpp"

namespace py = pybind11;

namespace equity::python {

GameRange GameRange::parse(std::string_view text, std::string_view game) {
  const Game g = parse_game(game);
  const GameRules& rules = game_rules(g);
  if (!rules.ranges())
    throw InputError("range: " + std::string(rules.name) + " has no ranges; a hand is written as " +
                     std::string(rules.hand_syntax) + " (calc() takes it as a player)");
  // Patterns of hands of more than two hole cards (docs/ranges-omaha.md).
  if (rules.range_grammar == RangeGrammar::patterns)
    return GameRange{Range(), g, OmahaRange::parse(text, rules.hole_cards, "range")};
  // Percentages read the game's ordering.
  GameRange r{Range::parse(text, "range", nullptr, default_hand_order(g)), g, std::nullopt};
  check_in_deck(r.range, r.game);
  return r;
}

namespace {

// "AsAc": deck order, as the command line writes combos.
std::string combo_name(int index) { return hand_name(combo_cards(index)); }

// The cards a range's game leaves out, and the cards `removed` on top of them.
CardSet outside(const GameRange& r) { return out_of_deck(r.game); }

// A combo such as "AsKs": an InputError when it is not of the game's deck.
int combo_of(const GameRange& r, const std::string& text) {
  const auto cards = parse_hole_cards(text, "combo");
  for (Card c : cards)
    if (outside(r).contains(c))
      throw InputError("combo: " + c.str() + " is not in the deck of " + std::string(game_rules(r.game).title));
  return combo_index(cards[0], cards[1]);
}

// Each class's share of the range at its grid cell (row, column 0 = ace; pairs on the diagonal,
// suited above it, offsuit below): the mean weight of its combos. 13x13 in Hold'em, 9x9 (A to 6)
// in short deck: the cells of the classes of the deck's ranks.
py::array_t<double> grid_of(const GameRange& r) {
  const py::ssize_t n = grid_size(r.game);
  py::array_t<double> grid({n, n});
  auto cells = grid.mutable_unchecked<2>();
  for (const auto& c : hand_classes()) {
    const auto [row, column] = grid_cell(c);
    if (row >= n || column >= n) continue;
    double sum = 0;
    const auto indices = c.combo_indices();
    for (int i : indices) sum += r.range.weight(i);
    cells(row, column) = sum / static_cast<double>(indices.size());
  }
  return grid;
}

std::vector<WeightedCombo> combos_in_deck(const GameRange& r, CardSet removed = CardSet()) {
  return r.range.combos(removed | outside(r));
}

CardSet cards_of(const std::string& text, const char* what) {
  CardSet out;
  for (Card c : parse_cards(text, what)) out.insert(c);
  return out;
}

// An Omaha hand such as "AsKsQhJh": an InputError when it has not the game's hole cards.
CardSet omaha_hand(const GameRange& r, const std::string& text) {
  const auto cards = parse_cards(text, "hand");
  CardSet hand;
  for (Card c : cards) hand.insert(c);
  if (static_cast<int>(cards.size()) != r.omaha->hole_cards() || hand.size() != r.omaha->hole_cards())
    throw InputError("hand: " + quote_input(text) + " is not " + std::to_string(r.omaha->hole_cards()) +
                     " distinct cards, an " + std::string(game_name(r.game)) + " hand");
  return hand;
}

// Every pair (name, weight) of the range without a card of `removed`, in the order of the
// library's lists (Hold'em's combo order; Omaha's increasing card masks).
std::vector<std::pair<std::string, double>> listed(const GameRange& r, CardSet removed) {
  std::vector<std::pair<std::string, double>> out;
  if (r.omaha) {
    for (const auto& c : r.omaha->combos(removed)) out.emplace_back(c.cards.str(), c.weight);
  } else {
    for (const auto& c : combos_in_deck(r, removed)) out.emplace_back(combo_name(c.index), c.weight);
  }
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
      .def(py::init([](const std::string& text, const std::string& game) { return GameRange::parse(text, game); }),
           py::arg("expr"), py::arg("game") = "holdem",
           "Reads a range: classes (AA, AKs, AKo, AK), combos (AsKs), random, plus (QQ+), dash (22-99) and weights "
           "(AKs:0.5 or AKs@50). game: \"holdem\", \"shortdeck\" or \"shortdeck-straights\": a class outside the "
           "game's deck (22 in short deck) is an error, and random is every combo of its deck. The Omaha games "
           "(\"omaha\", \"omaha5\", \"omaha6\", \"omaha-hilo\", ...) read docs/ranges-omaha.md's syntax (AA**, "
           "AxAyxy, RRON, $ds, 15%, ...): its hands are those of the game's hole cards. Raises ValueError "
           "naming the bad item.")
      .def(
          "__len__",
          [](const GameRange& r) {
            return r.omaha ? static_cast<std::size_t>(r.omaha->size().hands) : combos_in_deck(r).size();
          },
          "combos (Omaha: hands) with a weight above 0")
      .def("__iter__",
           [](const GameRange& r) {
             py::list out;
             for (const auto& [name, weight] : listed(r, CardSet())) out.append(py::make_tuple(name, weight));
             return py::iter(out);
           })
      .def("__contains__",
           [](const GameRange& r, const std::string& combo) {
             if (r.omaha) return r.omaha->weight(omaha_hand(r, combo)) > 0;
             const auto cards = parse_hole_cards(combo, "combo");
             if (outside(r).contains(cards[0]) || outside(r).contains(cards[1])) return false;
             return r.range.contains(combo_index(cards[0], cards[1]));
           })
      .def(
          "weight",
          [](const GameRange& r, const std::string& combo) {
            return r.omaha ? r.omaha->weight(omaha_hand(r, combo)) : r.range.weight(combo_of(r, combo));
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
            const CardSet dead = cards_of(removed, "removed");
            if (r.omaha) {
              const OmahaRangeSize size = r.omaha->size(dead);
              return py::make_tuple(size.hands, size.weighted);
            }
            double weight = 0;
            const auto combos = combos_in_deck(r, dead);
            for (const auto& c : combos) weight += c.weight;
            return py::make_tuple(combos.size(), weight);
          },
          py::arg("removed") = "",
          "(combos, their weights summed) without any card of `removed`, counted without listing them (PLO6's "
          "random: 20,358,520 hands).")
      .def(
          "grid",
          [](const GameRange& r) {
            if (r.omaha) throw InputError("grid: an Omaha range has no 13x13 grid");
            return grid_of(r);
          },
          "A float64 array, 13x13 (short deck 9x9, ace to six): each class's mean combo weight at its cell (row, "
          "column 0 = ace; pairs on the diagonal, suited above it, offsuit below).")
      .def_property_readonly(
          "weighted",
          [](const GameRange& r) {
            if (!r.omaha) return r.range.weighted();
            const OmahaRangeSize size = r.omaha->size();  // weights in (0, 1]: all 1 exactly when they add up
            return size.weighted != static_cast<double>(size.hands);
          },
          "some combo has a weight other than 1")
      .def_property_readonly(
          "specific", [](const GameRange& r) { return r.omaha ? r.omaha->specific() : r.range.specific(); },
          "exactly one combo of weight 1")
      .def_property_readonly(
          "game", [](const GameRange& r) { return std::string(game_name(r.game)); }, "the game whose deck it is of")
      .def(
          "__str__", [](const GameRange& r) { return r.str(); }, "The canonical form; Range(str(r)) == r.")
      .def("__repr__",
           [](const GameRange& r) {
             std::string out = "Range(" + py::repr(py::str(r.str())).cast<std::string>();
             if (r.game != kDefaultGame) out += ", game='" + std::string(game_name(r.game)) + "'";
             return out + ")";
           })
      .def(
          "__eq__", [](const GameRange& a, const GameRange& b) { return a == b; }, py::is_operator())
      .def("__hash__", [](const GameRange& r) { return py::hash(py::str(r.str())); });
}

}  // namespace equity::python
