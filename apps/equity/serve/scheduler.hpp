#pragma once
// The computations of `equity serve`: at most a few at once (429 beyond), each under a time budget,
// cancelled when its client goes away. Each runs in a thread of its own; the request waits for it
// (POST /api/equity), or the page polls it as a job for progress (/api/jobs). A cancelled
// computation is answered at once and keeps its slot until the library stops it.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "equity/calculate.hpp"

namespace equity::serve {

struct Limits {
  int running = 3;               // computations at once
  int waiting = 8;               // requests that may wait for a free slot; more are refused (429)
  double wait_seconds = 2;       // how long a request waits for a slot before 429
  double budget_seconds = 30;    // a computation running longer is cancelled (504)
  double job_idle_seconds = 10;  // a job nobody has polled for this long is cancelled
  double job_keep_seconds = 60;  // a job is forgotten this long after it ends
};

// An HTTP status and a JSON body.
struct Outcome {
  int status = 200;
  std::string body;
};

class Work;

// Work other than a question (reading hand histories, POST /api/hands): the answer's JSON body from
// a task that checks `cancel` now and then; it throws InputError (400) or Cancelled when stopped.
using Task = std::function<std::string(const std::atomic<bool>& cancel)>;

class Scheduler {
 public:
  explicit Scheduler(Limits limits);
  ~Scheduler();  // cancels all work and waits for it
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  // Answers `q`: 200 with to_json(), 400 for an InputError, 429 with no free slot, 504 past the
  // budget; `gone` (checked now and then) says the client has disconnected.
  Outcome compute(Question q, std::function<bool()> gone);
  // The same for a task: its body (200), 400 for an InputError, 429, 504 past the budget, 499 when
  // the client has gone (the task's thread then finishes on its own: it must own what it reads).
  Outcome run(Task task, std::function<bool()> gone);

  // compute() in two halves, for a caller that must not wait (the server's reading thread): starts
  // `q` only when a slot is free at once (else nullptr: call compute()), then wait() gives the
  // outcome compute() would have given.
  std::shared_ptr<Work> try_start(const Question& q, std::function<bool()> gone);
  Outcome wait(const std::shared_ptr<Work>& work);

  // Starts `q` as a job and waits up to `wait_seconds` for it: the final outcome when it finished
  // by then, else 202 {"id": ..., "state": "running", "progress": {...}}; 429 with no free slot.
  Outcome start_job(Question q, double wait_seconds);
  // The job's state, waiting up to `wait_seconds` for it to finish (202 while it runs, then the
  // outcome compute() would have given); 404 for an unknown id.
  Outcome poll_job(const std::string& id, double wait_seconds);
  // Cancels the job: 200 {"id": ..., "state": "cancelled"}, 404 for an unknown id. Polled after,
  // it answers 202 "cancelling" until the library stops, then Monte Carlo's estimate so far (200,
  // stopped_by "cancelled") or 499 for the other methods; kept like a finished job.
  Outcome cancel_job(const std::string& id);

  int running() const;  // computations running now
  // Cancels every computation (503) and refuses new ones; waits for the jobs' threads. Idempotent.
  void shutdown();

 private:
  bool acquire();
  bool try_acquire();
  void release();
  void watch();  // the watchdog thread: budgets, disconnections, idle and finished jobs
  std::shared_ptr<Work> make_work(Question q, std::function<bool()> gone, const std::string& id, Task task = {});

  Limits limits_;
  mutable std::mutex mutex_;
  std::condition_variable slot_freed_, stop_watch_;
  int running_ = 0, waiting_ = 0;
  bool stopping_ = false;
  std::vector<std::shared_ptr<Work>> active_;
  std::map<std::string, std::shared_ptr<Work>> jobs_;
  std::thread watchdog_;
};

}  // namespace equity::serve
