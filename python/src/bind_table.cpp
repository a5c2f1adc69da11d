// A game's preflop table as numpy arrays: its class names (169 for Hold'em, 81 for short deck) and
// their matrices of counts.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <span>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "equity/error.hpp"
#include "equity/game.hpp"
#include "equity/hand_class.hpp"
#include "equity/omaha_hand_order.hpp"
#include "equity/preflop_table.hpp"
#include "equity/table_location.hpp"

namespace py = pybind11;

namespace equity::python {
namespace {

// The game's classes (169 for Hold'em, 81 for short deck) of a 169x169 matrix, in table order.
py::array_t<std::int64_t> array_of(const CountMatrix& m, std::span<const int> classes) {
  const auto n = static_cast<py::ssize_t>(classes.size());
  py::array_t<std::int64_t> out({n, n});
  auto cells = out.mutable_unchecked<2>();
  for (py::ssize_t i = 0; i < n; ++i)
    for (py::ssize_t j = 0; j < n; ++j)
      cells(i, j) =
          m.data()[classes[static_cast<std::size_t>(i)] * kHandClasses + classes[static_cast<std::size_t>(j)]];
  return out;
}

// (names, combos, wins, ties, losses, equity) from the game's table in `dir` (found as
// find_table() says when empty).
py::tuple preflop_table_arrays(const std::string& dir, const std::string& game_text) {
  const Game game = parse_game(game_text);
  require_two_hole_cards(game, "table");
  const auto found = find_table(dir, game);
  if (!found)
    throw InputError("no preflop table of " + std::string(game_name(game)) +
                     " found (give its directory, or set EQUITY_RESULTS)");
  std::optional<PreflopTable> table;
  {
    py::gil_scoped_release release;
    table = PreflopTable::load(*found, game);
  }
  if (!table) throw InputError("no complete preflop table in '" + found->string() + "'");
  const std::span<const int> classes = classes_of(game);
  const auto n = static_cast<py::ssize_t>(classes.size());
  std::vector<std::string> names;
  for (int c : classes) names.push_back(hand_classes()[static_cast<std::size_t>(c)].name());
  py::array_t<double> equity({n, n});
  auto cells = equity.mutable_unchecked<2>();
  for (py::ssize_t i = 0; i < n; ++i)
    for (py::ssize_t j = 0; j < n; ++j) {
      const MatchupCounts c =
          table->classes(classes[static_cast<std::size_t>(i)], classes[static_cast<std::size_t>(j)]);
      cells(i, j) = c.combos > 0 ? c.equity() : std::numeric_limits<double>::quiet_NaN();
    }
  return py::make_tuple(names, array_of(table->combos(), classes), array_of(table->wins(), classes),
                        array_of(table->ties(), classes), array_of(table->losses(), classes), equity, found->string());
}

}  // namespace

void bind_table(py::module_& m) {
  m.def("preflop_table", &preflop_table_arrays, py::arg("dir") = "", py::arg("game") = "holdem",
        "The compiled preflop_table(); see equity.preflop_table.");
  m.def(
      "_set_omaha_order_directory",
      [](const std::string& dir) { set_omaha_order_directory(std::filesystem::path(dir)); }, py::arg("dir"),
      "Where Omaha percentages look for their orderings after $EQUITY_RESULTS (the package's results).");
  m.def(
      "_set_installed_table", [](const std::string& dir) { set_installed_table(std::filesystem::path(dir)); },
      py::arg("dir"),
      "The installed table the library finds when no directory is named (after $EQUITY_RESULTS and the running "
      "program's directory): the package's results, which hands() counts preflop all-ins from as the command "
      "line does.");
}

}  // namespace equity::python
