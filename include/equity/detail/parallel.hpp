#pragma once
// oneTBB's parallel_for and parallel_reduce as the library calls them, with the hand-offs between
// the calling thread and the workers marked for ThreadSanitizer (detail/platform.hpp): what the
// caller wrote before the loop happens before every body, and every body (and join) before what the
// caller reads after it. Debian's libtbb is not instrumented, so without the marks TSan reports a
// worker's writes and the caller's later reads as a race whenever it has lost the worker's stack.
// Outside ThreadSanitizer builds the wrappers inline to the plain calls.
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <utility>

#include "equity/detail/platform.hpp"

namespace equity::detail {

// f() with its parallel loops on at most `threads` threads (0: every core). More threads than the
// cores are the cores: more than oneTBB's workers would only draw a warning from it, and the
// numbers are the same.
template <class F>
decltype(auto) with_threads(int threads, F&& f) {
  if (threads <= 0) return f();
  tbb::task_arena arena(std::min(threads, tbb::info::default_concurrency()));
  return arena.execute(std::forward<F>(f));
}

template <class Range, class Body>
void parallel_for(const Range& range, const Body& body) {
  char hand_off = 0;
  sanitizer_release(&hand_off);
  tbb::parallel_for(range, [&](const Range& r) {
    sanitizer_acquire(&hand_off);
    body(r);
    sanitizer_release(&hand_off);
  });
  sanitizer_acquire(&hand_off);
}

template <class Index, class Function>
void parallel_for(Index first, Index last, const Function& f) {
  char hand_off = 0;
  sanitizer_release(&hand_off);
  tbb::parallel_for(first, last, [&](Index i) {
    sanitizer_acquire(&hand_off);
    f(i);
    sanitizer_release(&hand_off);
  });
  sanitizer_acquire(&hand_off);
}

template <class Range, class Value, class Body, class Join>
Value parallel_reduce(const Range& range, const Value& identity, const Body& body, const Join& join) {
  char hand_off = 0;
  sanitizer_release(&hand_off);
  Value total = tbb::parallel_reduce(
      range, identity,
      [&](const Range& r, Value v) {
        sanitizer_acquire(&hand_off);
        Value out = body(r, std::move(v));
        sanitizer_release(&hand_off);
        return out;
      },
      [&](Value a, const Value& b) {
        sanitizer_acquire(&hand_off);
        Value out = join(std::move(a), b);
        sanitizer_release(&hand_off);
        return out;
      });
  sanitizer_acquire(&hand_off);
  return total;
}

}  // namespace equity::detail
