#pragma once
// The parts of the `equity._equity` module, one concept per file; module.cpp calls each.
#include <pybind11/pybind11.h>

#include "equity/cards.hpp"

namespace equity::python {

void bind_calc(pybind11::module_& m);      // calc(), Result, Player (bind_calc.cpp)
void bind_range(pybind11::module_& m);     // Range (bind_range.cpp)
void bind_evaluate(pybind11::module_& m);  // evaluate(), evaluate_batch() (bind_evaluate.cpp)
void bind_table(pybind11::module_& m);     // the preflop table as numpy arrays (bind_table.cpp)
void bind_hands(pybind11::module_& m);     // hands(), hands_text(): hand histories (bind_hands.cpp)

// The card of an id, 0..51 = 4 * rank + suit (evaluate(), card_name(), calc()'s board and dead);
// InputError "card id 60 is not 0..51" otherwise (bind_evaluate.cpp).
Card card_of_id(long long id);

}  // namespace equity::python
