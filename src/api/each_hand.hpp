#pragma once
// The one per-combo loop: each hand's own question (a Hold'em or short deck combo, an Omaha hand,
// one way of a stud or draw player's cards not seen), answered in parallel over the hands.
#include <cstddef>
#include <mutex>
#include <vector>

#include "detail/parallel.hpp"
#include "equity/calculate.hpp"
#include "equity/combo_equity.hpp"
#include "equity/error.hpp"
#include "equity/stopwatch.hpp"

namespace equity::detail {

// solve(task) gives each task's per-combo line, in parallel over the tasks, each in its own slot (so
// the order of work and the thread count change nothing); the cancel flag is checked (Cancelled)
// and progress reported (`method`'s, the per-combo stage) between tasks. The lines are then added
// to their players' (a.players[task.player].per_combo) in the tasks' order.
template <class Task, class Solve>
void each_hand(const Question& q, const std::vector<Task>& tasks, Method method, const Stopwatch& clock, Answer& a,
               Solve solve) {
  std::vector<ComboEquity> results(tasks.size());
  std::mutex progress_mutex;
  std::size_t done = 0;
  parallel_for(std::size_t{0}, tasks.size(), [&](std::size_t k) {
    if (q.cancel && q.cancel->load()) throw Cancelled();
    results[k] = solve(tasks[k]);
    if (q.progress) {
      const std::lock_guard lock(progress_mutex);
      ++done;
      q.progress(
          Progress{method, static_cast<double>(done) / static_cast<double>(tasks.size()), 0, 0, clock.seconds(), true});
    }
  });
  for (std::size_t k = 0; k < tasks.size(); ++k) a.players[tasks[k].player].per_combo.push_back(results[k]);
}

}  // namespace equity::detail
