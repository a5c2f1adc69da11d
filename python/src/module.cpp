// The compiled half of the `equity` package: errors translated once, then each part bound.
#include <pybind11/pybind11.h>

#include <cctype>
#include <cstring>
#include <string>
#include <utility>

#include "bindings.hpp"
#include "equity/error.hpp"

namespace py = pybind11;

namespace {

// The library's messages name the command line's flags where Python has keyword arguments.
std::string python_words(std::string message) {
  static const std::pair<const char*, const char*> words[] = {
      {"--mc", "method=\"monte-carlo\""},     {"--exact", "method=\"exact\""},   {"--by-category", "by_category=True"},
      {"--no-table", "use_table=False"},      {"--per-combo", "per_combo=True"}, {"--hits", "hits=True"},
      {"--distribution", "distribution=True"}};
  for (const auto& [flag, word] : words)
    for (std::size_t at = message.find(flag); at != std::string::npos; at = message.find(flag, at)) {
      const std::size_t end = at + std::strlen(flag);
      if (end < message.size() && (std::isalnum(static_cast<unsigned char>(message[end])) || message[end] == '-')) {
        at = end;
        continue;
      }
      message.replace(at, end - at, word);
      at += std::strlen(word);
    }
  return message;
}

}  // namespace

PYBIND11_MODULE(_equity, m) {
  m.doc() =
      "Exact poker equity (Texas Hold'em, short deck, and Omaha: PLO4/5/6 and their Hi/Lo): the compiled core of "
      "the `equity` package (import equity).";
  // Bad input raises ValueError with the command line's message; a cancelled computation raises
  // KeyboardInterrupt; a failed write raises OSError.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const equity::InputError& e) {
      PyErr_SetString(PyExc_ValueError, python_words(e.what()).c_str());
    } catch (const equity::Cancelled& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const equity::WriteError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    }
  });
  m.attr("__version__") = EQUITY_VERSION;
  equity::python::bind_calc(m);
  equity::python::bind_range(m);
  equity::python::bind_evaluate(m);
  equity::python::bind_table(m);
  equity::python::bind_hands(m);
}
