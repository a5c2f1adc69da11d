// The compiled half of the `equity` package: errors translated once, then each part bound.
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "equity/error.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_equity, m) {
  m.doc() = "Exact Texas Hold'em equity: the compiled core of the `equity` package (import equity).";
  // Bad input raises ValueError with the command line's message; a cancelled computation raises
  // KeyboardInterrupt; a failed write raises OSError.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const equity::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const equity::Cancelled& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const equity::WriteError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    }
  });
  equity::python::bind_calc(m);
  equity::python::bind_range(m);
  equity::python::bind_evaluate(m);
  equity::python::bind_table(m);
}
