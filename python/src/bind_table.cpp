// The preflop table (preflop-169x169.csv) as numpy arrays: 169 class names and 169x169 counts.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "equity/error.hpp"
#include "equity/game.hpp"
#include "equity/hand_class.hpp"
#include "equity/preflop_table.hpp"
#include "equity/table_location.hpp"

namespace py = pybind11;

namespace equity::python {
namespace {

py::array_t<std::int64_t> array_of(const CountMatrix& m) {
  py::array_t<std::int64_t> out({kHandClasses, kHandClasses});
  std::copy(m.data(), m.data() + kHandClasses * kHandClasses, out.mutable_data());  // both row-major
  return out;
}

// (names, combos, wins, ties, losses, equity) from the table in `dir` (found as find_table() says
// when empty).
py::tuple preflop_table_arrays(const std::string& dir, const std::string& game_text) {
  const Game game = parse_game(game_text);
  if (game != Game::holdem)
    throw InputError("no preflop table of " + std::string(game_name(game)) +
                     " in this build: the preflop table is Hold'em only (game=\"holdem\")");
  const auto found = find_table(dir);
  if (!found) throw InputError("no preflop table found (give its directory, or set EQUITY_RESULTS)");
  std::optional<PreflopTable> table;
  {
    py::gil_scoped_release release;
    table = PreflopTable::load(*found);
  }
  if (!table) throw InputError("no complete preflop table in '" + found->string() + "'");
  std::vector<std::string> names;
  for (const auto& c : hand_classes()) names.push_back(c.name());
  py::array_t<double> equity({kHandClasses, kHandClasses});
  auto cells = equity.mutable_unchecked<2>();
  for (int i = 0; i < kHandClasses; ++i)
    for (int j = 0; j < kHandClasses; ++j) {
      const MatchupCounts c = table->classes(i, j);
      cells(i, j) = c.combos > 0 ? c.equity() : std::numeric_limits<double>::quiet_NaN();
    }
  return py::make_tuple(names, array_of(table->combos()), array_of(table->wins()), array_of(table->ties()),
                        array_of(table->losses()), equity, found->string());
}

}  // namespace

void bind_table(py::module_& m) {
  m.def("preflop_table", &preflop_table_arrays, py::arg("dir") = "", py::arg("game") = "holdem",
        "The compiled preflop_table(); see equity.preflop_table.");
}

}  // namespace equity::python
