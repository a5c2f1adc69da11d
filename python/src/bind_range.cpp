// equity.Range: a weighted set of combos, read and written in the command line's range syntax.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "equity/hand_class.hpp"
#include "equity/range.hpp"
#include "equity/result_file.hpp"

namespace py = pybind11;

namespace equity::python {
namespace {

// "AsAc": deck order, as the command line writes combos.
std::string combo_name(int index) { return hand_name(combo_cards(index)); }

// Each class's share of the range at its grid cell (row, column 0 = ace; pairs on the diagonal,
// suited above it, offsuit below): the mean weight of its combos.
py::array_t<double> grid_of(const Range& range) {
  py::array_t<double> grid({13, 13});
  auto cells = grid.mutable_unchecked<2>();
  for (const auto& c : hand_classes()) {
    double sum = 0;
    const auto indices = c.combo_indices();
    for (int i : indices) sum += range.weight(i);
    const auto [row, column] = grid_cell(c);
    cells(row, column) = sum / static_cast<double>(indices.size());
  }
  return grid;
}

}  // namespace

void bind_range(py::module_& m) {
  py::class_<Range>(m, "Range",
                    "A range: hole-card combos with weights, in the command line's syntax.\n\n"
                    "    >>> r = equity.Range(\"QQ+,AKs,KQo:0.5\")\n"
                    "    >>> len(r), str(r)\n"
                    "    (26, 'QQ+,AKs,KQo:0.5')\n\n"
                    "Iterating gives (combo, weight) pairs such as ('AsAc', 1.0); grid() the 13x13 class grid.")
      .def(py::init([](const std::string& text) { return Range::parse(text); }), py::arg("expr"),
           "Reads a range: classes (AA, AKs, AKo, AK), combos (AsKs), random, plus (QQ+), dash (22-99) and weights "
           "(AKs:0.5 or AKs@50). Raises ValueError naming the bad item.")
      .def("__len__", &Range::size, "combos with a weight above 0")
      .def("__iter__",
           [](const Range& r) {
             py::list out;
             for (const auto& c : r.combos()) out.append(py::make_tuple(combo_name(c.index), c.weight));
             return py::iter(out);
           })
      .def("__contains__",
           [](const Range& r, const std::string& combo) {
             const auto cards = parse_hole_cards(combo, "combo");
             return r.contains(combo_index(cards[0], cards[1]));
           })
      .def(
          "weight",
          [](const Range& r, const std::string& combo) {
            const auto cards = parse_hole_cards(combo, "combo");
            return r.weight(combo_index(cards[0], cards[1]));
          },
          py::arg("combo"), "The weight of a combo such as \"AsKs\" (0 when it is not in the range).")
      .def(
          "combos",
          [](const Range& r, const std::string& removed) {
            std::vector<std::pair<std::string, double>> out;
            CardSet dead;
            for (Card c : parse_cards(removed, "removed")) dead.insert(c);
            for (const auto& c : r.combos(dead)) out.emplace_back(combo_name(c.index), c.weight);
            return out;
          },
          py::arg("removed") = "", "The (combo, weight) pairs without any card of `removed` (e.g. a board).")
      .def("grid", &grid_of,
           "A 13x13 float64 array: each class's mean combo weight at its cell (row, column 0 = ace; pairs on the "
           "diagonal, suited above it, offsuit below).")
      .def_property_readonly("weighted", &Range::weighted, "some combo has a weight other than 1")
      .def_property_readonly("specific", &Range::specific, "exactly one combo of weight 1")
      .def("__str__", &Range::str, "The canonical form; Range(str(r)) == r.")
      .def("__repr__", [](const Range& r) { return "Range(" + py::repr(py::str(r.str())).cast<std::string>() + ")"; })
      .def(
          "__eq__", [](const Range& a, const Range& b) { return a == b; }, py::is_operator())
      .def("__hash__", [](const Range& r) { return py::hash(py::str(r.str())); });
}

}  // namespace equity::python
