// equity.hands(), equity.hands_text(): hand histories read by read_hands() (equity::hands), every
// all-in and the totals as the command line's JSON (`equity hands --json`, hands_json.hpp) turned
// into Python values.
//
// Ctrl-C as calc()'s long questions (bind_calc.cpp): the reading runs on a worker thread with
// HandsOptions::cancel pointing at a flag, while the calling thread sleeps without the GIL and
// wakes every 50 ms to run Python's signal handlers; when they raise (KeyboardInterrupt), the flag
// is raised, the reader stops at the next hand, and the exception propagates. Errors are the
// module's: a path that does not exist is the library's InputError, a ValueError naming it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <string>
#include <string_view>
#include <vector>

#include "bindings.hpp"
#include "equity/error.hpp"
#include "equity/hands_json.hpp"
#include "equity/hands_report.hpp"
#include "interruptible.hpp"

namespace py = pybind11;

namespace equity::python {
namespace {

// What a reading gives: each all-in's JSON line, in the order read, and the totals.
struct HandsRead {
  std::vector<std::string> all_ins;
  HandsReport report;
};

// More would only cost memory: the reader's arena and its hands in flight grow with it.
constexpr long long kMaxThreads = 1024;

using Reader = std::function<HandsReport(const HandsOptions&, const std::function<void(const HandOutcome&)>&)>;

HandsOptions options_of(const std::string& hero, long long threads, const std::atomic<bool>& cancel) {
  if (threads < 0) throw InputError("threads: must be 0 (all cores) or more, not " + std::to_string(threads));
  if (threads > kMaxThreads)
    throw InputError("threads: at most " + std::to_string(kMaxThreads) + ", not " + std::to_string(threads));
  HandsOptions options;
  options.hero = hero;
  options.threads = static_cast<int>(threads);
  options.cancel = &cancel;
  return options;
}

// `read` on a worker, the calling thread running Python's signal handlers every 50 ms; they raise
// the options' cancel flag when they raise.
HandsRead read_interruptibly(const Reader& read, const HandsOptions& options, std::atomic<bool>& cancel) {
  return run_interruptibly(
      [&read, &options] {
        HandsRead out;
        // Each counted hand in file order, from the reader's last (serial) stage: its all-in, if any.
        out.report = read(options, [&out](const HandOutcome& o) {
          if (o.all_in) out.all_ins.push_back(to_json(o));
        });
        return out;
      },
      cancel);
}

// {"all_ins": [one dict per all-in], "totals": the totals' dict without its "totals": true}.
py::dict result_of(const HandsRead& read) {
  std::string array = "[";
  for (std::size_t i = 0; i < read.all_ins.size(); ++i) (array += i ? "," : "") += read.all_ins[i];
  array += "]";
  const py::object loads = py::module_::import("json").attr("loads");
  py::dict totals = loads(to_json(read.report));
  totals.attr("pop")("totals");
  py::dict out;
  out["all_ins"] = loads(array);
  out["totals"] = totals;
  return out;
}

py::dict hands(const std::vector<std::string>& paths, const std::string& hero, long long threads) {
  std::atomic<bool> cancel{false};
  const HandsOptions options = options_of(hero, threads, cancel);
  const Reader read = [&paths](const HandsOptions& o, const std::function<void(const HandOutcome&)>& each) {
    return read_hands(paths, o, each);
  };
  try {
    return result_of(read_interruptibly(read, options, cancel));
  } catch (const InputError& e) {
    // The message names a path as its bytes: decoded as os.fsdecode() does (a name that is not
    // UTF-8 in surrogate escapes), it names the path as Python has it.
    const py::object message = py::reinterpret_steal<py::object>(PyUnicode_DecodeFSDefault(e.what()));
    if (!message) throw py::error_already_set();
    PyErr_SetObject(PyExc_ValueError, message.ptr());
    throw py::error_already_set();
  }
}

// The text of a str (its UTF-8) or of bytes, read in place: the object outlives the reading.
std::string_view text_of(const py::object& text) {
  char* data = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_Check(text.ptr())) {
    if (PyBytes_AsStringAndSize(text.ptr(), &data, &size) != 0) throw py::error_already_set();
    return {data, static_cast<std::size_t>(size)};
  }
  if (!PyUnicode_Check(text.ptr()))
    throw py::type_error("text: hand histories as str or bytes, not " +
                         py::str(py::type::handle_of(text).attr("__name__")).cast<std::string>());
  const char* utf8 = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (utf8 == nullptr) throw py::error_already_set();  // a lone surrogate: UnicodeEncodeError
  return {utf8, static_cast<std::size_t>(size)};
}

py::dict hands_text(const py::object& text, const std::string& name, const std::string& hero, long long threads) {
  std::atomic<bool> cancel{false};
  const HandsOptions options = options_of(hero, threads, cancel);
  const std::vector<HandsText> texts = {HandsText{name, text_of(text)}};
  const Reader read = [&texts](const HandsOptions& o, const std::function<void(const HandOutcome&)>& each) {
    return read_hands_text(texts, o, each);
  };
  return result_of(read_interruptibly(read, options, cancel));
}

}  // namespace

void bind_hands(py::module_& m) {
  m.def("hands", &hands, py::arg("paths"), py::arg("hero") = "", py::arg("threads") = 0,
        "The compiled hands(): paths as a list of file-system paths (str or bytes); see equity.hands.");
  m.def("hands_text", &hands_text, py::arg("text"), py::arg("name") = "text", py::arg("hero") = "",
        py::arg("threads") = 0, "The compiled hands_text(): text as str or bytes; see equity.hands_text.");
}

}  // namespace equity::python
