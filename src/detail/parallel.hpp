#pragma once
// oneTBB's parallel_for and parallel_reduce as the library calls them, with the hand-offs between
// the calling thread and the workers marked for ThreadSanitizer (detail/platform.hpp): what the
// caller wrote before the loop happens before every body, and every body (and join) before what the
// caller reads after it. Debian's libtbb is not instrumented, so without the marks TSan reports a
// worker's writes and the caller's later reads as a race whenever it has lost the worker's stack.
// Outside ThreadSanitizer builds the wrappers inline to the plain calls.
#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
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

// Whether the calling thread runs the library's parallel loops below itself, each as one piece in
// order, without oneTBB: work planned too small to pay for starting the workers (a new process's
// first parallel loop costs milliseconds). Set for a scope by SerialScope; the loops' results are
// the same either way (their pieces' counts are added, and integer sums do not depend on the split).
inline bool& serial_here() {
  static thread_local bool serial = false;
  return serial;
}

class SerialScope {
 public:
  SerialScope() : was_(serial_here()) { serial_here() = true; }
  ~SerialScope() { serial_here() = was_; }
  SerialScope(const SerialScope&) = delete;
  SerialScope& operator=(const SerialScope&) = delete;

 private:
  bool was_;
};

// Starts and spreads the workers before a process's first parallel loop with two threads or more.
// A new worker thread is often put on the CPU of the thread that started it, and waits there for
// that thread's time slice (3 to 4 ms on the 2-core build machine) or shares its CPU for the whole
// loop: the first Monte Carlo run of a process took up to 1.6 times its time. Here each worker,
// once it runs, moves off the caller's CPU (move_off_cpu()), while the caller yields to it for at
// most 1 ms. Later loops find the workers where they are. What the loops compute does not depend
// on it.
inline std::atomic<bool>& workers_started_flag() {
  static std::atomic<bool> started{false};
  return started;
}

// Whether start_workers() has run in this process: a parallel loop has started oneTBB's workers.
inline bool workers_started() { return workers_started_flag().load(std::memory_order_relaxed); }

inline void start_workers() {
  std::atomic<bool>& started = workers_started_flag();
  if (started.load(std::memory_order_relaxed)) return;
  const int threads = tbb::this_task_arena::max_concurrency();
  if (threads < 2 || started.exchange(true)) return;
  const int caller_cpu = current_cpu();
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> joined{0}, next{0};
  std::atomic<bool> waited{false};
  tbb::parallel_for(
      tbb::blocked_range<int>(0, threads, 1),
      [&](const tbb::blocked_range<int>&) {
        if (std::this_thread::get_id() != caller) {
          move_off_cpu(caller_cpu, next++);
          ++joined;
        } else if (!waited.exchange(true)) {
          const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(1);
          while (joined.load() < threads - 1 && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
        }
      },
      tbb::simple_partitioner());
}

// A hand-off mark (sanitizer_release or sanitizer_acquire) made when a scope ends, also when an
// exception leaves it (a body that throws Cancelled: oneTBB waits for the other bodies, then
// rethrows in the caller, whose unwinding frees what they read).
template <void (*Mark)(void*)>
class MarkOnExit {
 public:
  explicit MarkOnExit(char* hand_off) : hand_off_(hand_off) {}
  ~MarkOnExit() { Mark(hand_off_); }
  MarkOnExit(const MarkOnExit&) = delete;
  MarkOnExit& operator=(const MarkOnExit&) = delete;

 private:
  char* hand_off_;
};
using ReleaseOnExit = MarkOnExit<sanitizer_release>;
using AcquireOnExit = MarkOnExit<sanitizer_acquire>;

template <class Range, class Body>
void parallel_for(const Range& range, const Body& body) {
  if (serial_here()) return body(range);
  start_workers();
  char hand_off = 0;
  sanitizer_release(&hand_off);
  const AcquireOnExit joined(&hand_off);
  tbb::parallel_for(range, [&](const Range& r) {
    sanitizer_acquire(&hand_off);
    const ReleaseOnExit done(&hand_off);
    body(r);
  });
}

template <class Index, class Function>
void parallel_for(Index first, Index last, const Function& f) {
  if (serial_here()) {
    for (Index i = first; i < last; ++i) f(i);
    return;
  }
  start_workers();
  char hand_off = 0;
  sanitizer_release(&hand_off);
  const AcquireOnExit joined(&hand_off);
  tbb::parallel_for(first, last, [&](Index i) {
    sanitizer_acquire(&hand_off);
    const ReleaseOnExit done(&hand_off);
    f(i);
  });
}

template <class Range, class Value, class Body, class Join>
Value parallel_reduce(const Range& range, const Value& identity, const Body& body, const Join& join) {
  if (serial_here()) return body(range, identity);
  start_workers();
  char hand_off = 0;
  sanitizer_release(&hand_off);
  const AcquireOnExit joined(&hand_off);
  return tbb::parallel_reduce(
      range, identity,
      [&](const Range& r, Value v) {
        sanitizer_acquire(&hand_off);
        const ReleaseOnExit done(&hand_off);
        return body(r, std::move(v));
      },
      [&](Value a, const Value& b) {
        sanitizer_acquire(&hand_off);
        const ReleaseOnExit done(&hand_off);
        return join(std::move(a), b);
      });
}

}  // namespace equity::detail
