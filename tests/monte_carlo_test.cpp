// Monte Carlo's limits on its stopping rules and its cancellation flag.
#include "equity/monte_carlo.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <thread>

#include "equity/error.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

RangeDeal random_pair() {
  RangeDeal d;
  d.ranges = {Range::all(), Range::all()};
  return d;
}

// The InputError's message, or "" when none is thrown.
std::string rejection(const MonteCarloOptions& options) {
  try {
    (void)monte_carlo(random_pair(), options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(MonteCarloLimits, TooManyTrialsAreRejectedWithTheLimit) {
  MonteCarloOptions options;
  options.max_trials = std::numeric_limits<std::uint64_t>::max();  // max_trials + 4095 wrapped to 0 chunks
  EXPECT_EQ(rejection(options), "trials 18446744073709551615 are too many: at most 1e+15");
  options.max_trials = kMaxTrials + 1;
  EXPECT_NE(rejection(options).find("at most 1e+15"), std::string::npos);
}

TEST(MonteCarloLimits, UnreachableStandardErrorsAreRejected) {
  MonteCarloOptions options;
  for (const double target : {1e-300, 1e-8, -1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    options.target_stderr = target;
    EXPECT_NE(rejection(options).find("it must be at least 1e-07"), std::string::npos) << target;
  }
  options.target_stderr = kMinTargetStderr;
  options.max_trials = 20'000;  // reachable targets are accepted (the trials stop this run)
  EXPECT_EQ(rejection(options), "");
}

TEST(MonteCarloLimits, TimeLimitsMustBeFinite) {
  MonteCarloOptions options;
  for (const double seconds : {std::numeric_limits<double>::infinity(), std::nan(""), -1.0, 2e6}) {
    options.max_seconds = seconds;
    EXPECT_NE(rejection(options).find("seconds above 0 and at most 1e+06"), std::string::npos) << seconds;
  }
}

TEST(MonteCarloLimits, TheCommandRejectsThemWithExitCode2) {
  for (const char* args :
       {"random random --trials 18446744073709551615", "random random --time inf", "random random --stderr 1e-300"}) {
    const auto r = test::run_equity(std::string(args) + " --mc");
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": one line: " << r.err;
  }
}

TEST(MonteCarloCancel, AFlagRaisedBeforeTheCallCancels) {
  std::atomic<bool> cancel{true};
  MonteCarloOptions options;
  options.max_trials = kMaxTrials;
  options.cancel = &cancel;
  int reports = 0;
  options.progress = [&](std::uint64_t, double) { ++reports; };
  EXPECT_THROW((void)monte_carlo(random_pair(), options), Cancelled);
  EXPECT_EQ(reports, 0);
}

TEST(MonteCarloCancel, AFlagRaisedFromProgressKeepsTheTrialsSoFar) {
  std::atomic<bool> cancel{false};
  MonteCarloOptions options;
  options.max_trials = kMaxTrials;  // about a week of work if not cancelled
  options.cancel = &cancel;
  std::uint64_t reports = 0, trials_seen = 0;
  options.progress = [&](std::uint64_t trials, double) {
    ++reports;
    trials_seen = trials;
    cancel = true;
  };
  const MonteCarloResult r = monte_carlo(random_pair(), options);
  EXPECT_EQ(reports, 1u);
  EXPECT_EQ(trials_seen, 8 * kMonteCarloChunk);  // the first round
  EXPECT_EQ(r.stopped_by, "cancelled");
  EXPECT_EQ(r.trials, trials_seen);  // the round reported, nothing after it
  ASSERT_EQ(r.players.size(), 2u);
  for (const auto& p : r.players) {
    EXPECT_EQ(p.wins + p.ties + p.losses, r.trials);
    EXPECT_NEAR(p.equity, 0.5, 0.02);
    EXPECT_GT(p.standard_error, 0);
    EXPECT_LT(p.standard_error, 0.01);
    EXPECT_NEAR(p.low, p.equity - 1.96 * p.standard_error, 1e-12);
    EXPECT_NEAR(p.high, p.equity + 1.96 * p.standard_error, 1e-12);
  }
  EXPECT_EQ(r.players[0].wins, r.players[1].losses);  // heads-up: one's win is the other's loss
  EXPECT_EQ(r.players[0].ties, r.players[1].ties);
}

// Raised while a round runs: the chunks begun are counted whole, the others skipped, and the
// counts still add up.
TEST(MonteCarloCancel, AFlagRaisedWithinARoundKeepsWholeChunks) {
  std::atomic<bool> cancel{false};
  MonteCarloOptions options;
  options.max_trials = kMaxTrials;
  options.cancel = &cancel;
  options.progress = [&](std::uint64_t trials, double) {
    if (trials >= 100 * kMonteCarloChunk) cancel = true;
  };
  std::thread raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel = true;
  });
  const MonteCarloResult r = monte_carlo(random_pair(), options);
  raiser.join();
  EXPECT_EQ(r.stopped_by, "cancelled");
  EXPECT_GT(r.trials, 0u);
  EXPECT_EQ(r.trials % kMonteCarloChunk, 0u);
  for (const auto& p : r.players) EXPECT_EQ(p.wins + p.ties + p.losses, r.trials);
}

}  // namespace
}  // namespace equity
