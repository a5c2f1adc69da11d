#pragma once
// The parts of the `equity._equity` module, one concept per file; module.cpp calls each.
#include <pybind11/pybind11.h>

namespace equity::python {

void bind_calc(pybind11::module_& m);      // calc(), Result, Player (bind_calc.cpp)
void bind_range(pybind11::module_& m);     // Range (bind_range.cpp)
void bind_evaluate(pybind11::module_& m);  // evaluate(), evaluate_batch() (bind_evaluate.cpp)
void bind_table(pybind11::module_& m);     // the preflop table as numpy arrays (bind_table.cpp)

}  // namespace equity::python
