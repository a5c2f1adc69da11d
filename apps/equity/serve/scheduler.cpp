#include "serve/scheduler.hpp"

#include <atomic>
#include <nlohmann/json.hpp>
#include <random>

#include "equity/answer_json.hpp"
#include "equity/error.hpp"
#include "serve/api.hpp"

namespace equity::serve {

using Clock = std::chrono::steady_clock;

// Why a computation was stopped before its end.
enum class Stop { none, budget, disconnected, client, abandoned, shutdown };

// One computation: its question, cancellation flag, progress and, once finished, its outcome.
class Work {
 public:
  Work(Question q, std::function<bool()> gone, double budget_seconds, double idle_seconds, Task task = {})
      : question_(std::move(q)),
        task_(std::move(task)),
        gone_(std::move(gone)),
        budget_seconds_(budget_seconds),
        idle_seconds_(idle_seconds) {}

  // Runs calculate() (or the task) in the calling thread, calls `done` (which frees its slot), then
  // publishes the outcome: a client that sees the outcome and asks again finds the slot free.
  void run(const std::function<void()>& done) {
    if (task_) {
      Outcome outcome = run_task();
      task_ = nullptr;  // what it holds (a request's body) goes before its client has the answer
      return finish(std::move(outcome), done);
    }
    Question q = question_;
    q.cancel = &cancel_;
    q.progress = [this](const Progress& p) {
      const std::lock_guard lock(mutex_);
      progress_ = p;
    };
    Outcome outcome;
    try {
      const Answer answer = calculate(q);
      // Monte Carlo stopped early keeps its estimate for the client who cancelled it; stopped by
      // the budget or the shutdown, it is answered as those are.
      const Stop stop = stop_.load();
      if (answer.stopped_by == "cancelled" && stop != Stop::client)
        outcome = cancelled_outcome();
      else
        outcome.body = to_json(answer) + "\n";
    } catch (const InputError& e) {
      outcome = {400, error_json(e.what(), field_of(e.what()))};
    } catch (const Cancelled&) {
      outcome = cancelled_outcome();
    } catch (const std::exception& e) {
      outcome = {500, error_json(std::string("internal error: ") + e.what())};
    }
    finish(std::move(outcome), done);
  }

  // Raises the cancellation flag, and answers whoever waits at once: the computation itself stops
  // when the library next checks the flag, and holds its slot until then.
  void cancel(Stop why) {
    Stop none = Stop::none;
    if (!stop_.compare_exchange_strong(none, why)) return;
    cancel_.store(true);
    const std::lock_guard lock(mutex_);
    finished_.notify_all();
  }

  // Called by the watchdog: the budget, the client's connection and, for jobs, the last poll.
  void check(Clock::time_point now, double idle_seconds) {
    const double seconds = std::chrono::duration<double>(now - started_).count();
    if (seconds > budget_seconds_) cancel(Stop::budget);
    // A connection is probed only once the work has run a little: quick answers never look.
    if (gone_ && seconds > 0.1 && gone_()) cancel(Stop::disconnected);
    if (!gone_ && std::chrono::duration<double>(now - last_poll_.load()).count() > idle_seconds)
      cancel(Stop::abandoned);
  }

  bool finished() const {
    const std::lock_guard lock(mutex_);
    return outcome_.has_value();
  }
  // When the computation ended (meaningful once finished()).
  Clock::time_point ended() const {
    const std::lock_guard lock(mutex_);
    return ended_;
  }
  std::thread& thread() { return thread_; }

  // The outcome once finished or stopped within `wait_seconds`, else 202 with the progress so far.
  // A job its client cancelled is waited for: Monte Carlo answers with its estimate so far
  // (stopped_by "cancelled"), the other methods 499; 202 "cancelling" until the library stops.
  Outcome wait(const std::string& id, double wait_seconds) {
    last_poll_.store(Clock::now());
    std::unique_lock lock(mutex_);
    const auto stopped = [&] { return stop_.load() != Stop::none && stop_.load() != Stop::client; };
    finished_.wait_for(lock, std::chrono::duration<double>(wait_seconds),
                       [&] { return outcome_.has_value() || stopped(); });
    if (outcome_) return *outcome_;
    if (stopped()) return cancelled_outcome();
    const char* state = stop_.load() == Stop::client ? "cancelling" : "running";
    nlohmann::json progress = {{"method", method_name(progress_.method)},
                               {"stage", progress_.per_combo ? "per-combo" : "equity"},
                               {"fraction", progress_.fraction},
                               {"trials", progress_.trials},
                               {"stderr", progress_.worst_stderr},
                               {"seconds", std::chrono::duration<double>(Clock::now() - started_).count()}};
    return {202, nlohmann::json{{"id", id}, {"state", state}, {"progress", progress}}.dump()};
  }

 private:
  Outcome run_task() {
    try {
      std::string body = task_(cancel_);
      if (stop_.load() != Stop::none) return cancelled_outcome();  // (finished as it was stopped)
      return {200, std::move(body)};
    } catch (const InputError& e) {
      return {400, error_json(e.what(), field_of(e.what()))};
    } catch (const Cancelled&) {
      return cancelled_outcome();
    } catch (const std::exception& e) {
      return {500, error_json(std::string("internal error: ") + e.what())};
    }
  }

  void finish(Outcome outcome, const std::function<void()>& done) {
    done();
    const std::lock_guard lock(mutex_);
    outcome_ = std::move(outcome);
    ended_ = Clock::now();
    finished_.notify_all();
  }

  Outcome cancelled_outcome() const {
    switch (stop_.load()) {
      case Stop::budget: {
        return {504, error_json("the computation ran past the server's time budget of " +
                                nlohmann::json(budget_seconds_).dump() + " s and was cancelled")};
      }
      case Stop::shutdown:
        return {503, error_json("the server is stopping")};
      case Stop::abandoned:
        return {499, error_json("cancelled: nobody asked for the job for " + nlohmann::json(idle_seconds_).dump() +
                                " s (the page polls it while it shows it)")};
      default:
        return {499, error_json("cancelled")};  // the client cancelled or went away
    }
  }

  const Question question_;
  Task task_;                         // instead of the question, when set (run() only)
  const std::function<bool()> gone_;  // empty for jobs, which are watched by their polls instead
  const double budget_seconds_;
  const double idle_seconds_;  // for the message of a job cancelled for idleness
  const Clock::time_point started_ = Clock::now();
  std::atomic<Clock::time_point> last_poll_{Clock::now()};
  std::atomic<bool> cancel_{false};
  std::atomic<Stop> stop_{Stop::none};
  mutable std::mutex mutex_;
  std::condition_variable finished_;
  Progress progress_;
  std::optional<Outcome> outcome_;
  Clock::time_point ended_;
  std::thread thread_;  // jobs only
};

namespace {

const Outcome kBusy{429, error_json("too many computations at once: try again in a moment")};
const Outcome kNoJob{404, error_json("no such job (finished jobs are kept a minute)")};
const Outcome kStopping{503, error_json("the server is stopping")};

// 128 bits from the system's random source, as 32 hex digits: a job's id cannot be guessed.
std::string new_job_id() {
  std::random_device random;
  std::string id;
  char hex[9];
  for (int i = 0; i < 4; ++i) {
    std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(random()));
    id += hex;
  }
  return id;
}

}  // namespace

Scheduler::Scheduler(Limits limits) : limits_(limits), watchdog_([this] { watch(); }) {}

Scheduler::~Scheduler() { shutdown(); }

void Scheduler::shutdown() {
  std::vector<std::shared_ptr<Work>> all;
  {
    const std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    all = active_;
    for (const auto& [id, work] : jobs_) all.push_back(work);
  }
  stop_watch_.notify_all();
  slot_freed_.notify_all();
  watchdog_.join();
  for (const auto& work : all) work->cancel(Stop::shutdown);
  for (const auto& work : all)
    if (work->thread().joinable()) work->thread().join();
}

bool Scheduler::acquire() {
  std::unique_lock lock(mutex_);
  if (stopping_) return false;
  if (running_ < limits_.running) return ++running_, true;
  if (waiting_ >= limits_.waiting) return false;
  ++waiting_;
  const bool got = slot_freed_.wait_for(lock, std::chrono::duration<double>(limits_.wait_seconds),
                                        [&] { return stopping_ || running_ < limits_.running; });
  --waiting_;
  if (!got || stopping_) return false;
  ++running_;
  return true;
}

bool Scheduler::try_acquire() {
  const std::lock_guard lock(mutex_);
  if (stopping_ || running_ >= limits_.running || waiting_ > 0) return false;
  ++running_;
  return true;
}

void Scheduler::release() {
  {
    const std::lock_guard lock(mutex_);
    --running_;
  }
  slot_freed_.notify_one();
}

int Scheduler::running() const {
  const std::lock_guard lock(mutex_);
  return running_;
}

// Registers the work and starts its thread, under the lock so that shutdown() sees either both or
// neither (a thread it does not see would never be joined); nullptr once stopping (the slot freed).
std::shared_ptr<Work> Scheduler::make_work(Question q, std::function<bool()> gone, const std::string& id, Task task) {
  auto work = std::make_shared<Work>(std::move(q), std::move(gone), limits_.budget_seconds, limits_.job_idle_seconds,
                                     std::move(task));
  {
    const std::lock_guard lock(mutex_);
    if (!stopping_) {
      active_.push_back(work);
      if (!id.empty()) jobs_[id] = work;
      work->thread() = std::thread([this, work] { work->run([this] { release(); }); });
      return work;
    }
  }
  release();
  return nullptr;
}

Outcome Scheduler::compute(Question q, std::function<bool()> gone) {
  if (!acquire()) return kBusy;
  // In a thread of its own, so that the request is answered when the budget runs out or the
  // client goes, however long the library takes to notice the cancellation.
  const auto work = make_work(std::move(q), std::move(gone), "");
  return work ? work->wait("", 1e6) : kStopping;
}

Outcome Scheduler::run(Task task, std::function<bool()> gone) {
  if (!acquire()) return kBusy;
  const auto work = make_work(Question{}, std::move(gone), "", std::move(task));
  return work ? work->wait("", 1e6) : kStopping;
}

std::shared_ptr<Work> Scheduler::try_start(const Question& q, std::function<bool()> gone) {
  if (!try_acquire()) return nullptr;
  return make_work(q, std::move(gone), "");
}

Outcome Scheduler::wait(const std::shared_ptr<Work>& work) { return work ? work->wait("", 1e6) : kStopping; }

Outcome Scheduler::start_job(Question q, double wait_seconds) {
  if (!acquire()) return kBusy;
  const std::string id = new_job_id();
  const auto work = make_work(std::move(q), {}, id);
  return work ? work->wait(id, wait_seconds) : kStopping;
}

Outcome Scheduler::poll_job(const std::string& id, double wait_seconds) {
  std::shared_ptr<Work> work;
  {
    const std::lock_guard lock(mutex_);
    const auto it = jobs_.find(id);
    if (it == jobs_.end()) return kNoJob;
    work = it->second;
  }
  return work->wait(id, wait_seconds);
}

Outcome Scheduler::cancel_job(const std::string& id) {
  std::shared_ptr<Work> work;
  {
    const std::lock_guard lock(mutex_);
    const auto it = jobs_.find(id);
    if (it == jobs_.end()) return kNoJob;
    work = it->second;  // kept: its outcome (Monte Carlo's estimate so far) is polled as a finished job's
  }
  work->cancel(Stop::client);
  return {200, nlohmann::json{{"id", id}, {"state", "cancelled"}}.dump()};
}

void Scheduler::watch() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    stop_watch_.wait_for(lock, std::chrono::milliseconds(50));
    const auto now = Clock::now();
    for (const auto& work : active_) work->check(now, limits_.job_idle_seconds);
    // Finished work leaves the watch list and its thread is joined (outside the lock: the thread
    // may still be freeing its slot); finished jobs are kept a while.
    std::vector<std::shared_ptr<Work>> done;
    std::erase_if(active_, [&](const std::shared_ptr<Work>& work) {
      if (!work->finished()) return false;
      done.push_back(work);
      return true;
    });
    std::erase_if(jobs_, [&](const auto& entry) {
      return entry.second->finished() &&
             std::chrono::duration<double>(now - entry.second->ended()).count() > limits_.job_keep_seconds;
    });
    lock.unlock();
    for (const auto& work : done)
      if (work->thread().joinable()) work->thread().join();
    lock.lock();
  }
}

}  // namespace equity::serve
