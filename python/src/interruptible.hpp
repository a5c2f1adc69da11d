#pragma once
// A long call run on a worker thread with the GIL released, the calling thread running Python's
// signal handlers every 50 ms: when one raises (Ctrl-C's KeyboardInterrupt), `cancel` (the flag
// the work watches) is raised, the worker is waited for, and the handler's exception is thrown.
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <future>
#include <utility>

namespace equity::python {

template <class Work>
auto run_interruptibly(Work&& work, std::atomic<bool>& cancel) -> decltype(work()) {
  namespace py = pybind11;
  std::future<decltype(work())> result;
  {
    py::gil_scoped_release release;
    result = std::async(std::launch::async, std::forward<Work>(work));
  }
  for (;;) {
    {
      py::gil_scoped_release release;
      if (result.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready) break;
    }
    if (PyErr_CheckSignals() != 0) {  // a handler raised: stop the worker, then raise that
      cancel.store(true);
      {
        py::gil_scoped_release release;
        result.wait();
      }
      try {
        (void)result.get();
      } catch (...) {  // Cancelled, as asked (or whatever it failed with meanwhile)
      }
      throw py::error_already_set();
    }
  }
  return result.get();
}

}  // namespace equity::python
