// Monte Carlo against exact answers (estimates within their error bars, honest standard errors,
// the same deals for a seed on any number of threads, the unrolled loops against the general one,
// shared boards, stopping at a target standard error), its limits on its stopping rules and its
// cancellation flag.
#include "count/monte_carlo.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <thread>

#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/range_equity.hpp"
#include "range_deal_support.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

RangeDeal random_pair() {
  RangeDeal d;
  d.ranges = {Range::all(), Range::all()};
  return d;
}

using test::make;

// Monte Carlo estimates within 4 standard errors of the exact equities.
void expect_close_to_exact(const RangeDeal& deal, std::uint64_t seed) {
  const auto exact = enumerate_ranges(deal);
  MonteCarloOptions options;
  options.seed = seed;
  options.max_trials = 400'000;
  const auto mc = monte_carlo(deal, options);
  EXPECT_EQ(mc.trials, 400'000u);
  for (std::size_t p = 0; p < deal.ranges.size(); ++p) {
    const auto& mp = mc.players[p];
    EXPECT_GT(mp.standard_error, 0);
    EXPECT_LT(std::abs(mp.equity - exact.equity(p)), 4 * mp.standard_error)
        << "player " << p << ": " << mp.equity << " vs exact " << exact.equity(p) << " se " << mp.standard_error;
    // The win rate too (a binomial proportion): a symmetric question has equal equities even when
    // the deals are wrong, but not the exact win rate.
    const auto& ep = exact.players[p];
    const double exact_win = exact.weighted
                                 ? ep.weighted_wins / (exact.total_weight * static_cast<double>(exact.boards))
                                 : static_cast<double>(ep.wins) / static_cast<double>(exact.showdowns());
    const double win = static_cast<double>(mp.wins) / static_cast<double>(mc.trials);
    EXPECT_LT(std::abs(win - exact_win), 4 * std::sqrt(exact_win * (1 - exact_win) / static_cast<double>(mc.trials)))
        << "player " << p << ": win rate " << win << " vs exact " << exact_win;
    EXPECT_LE(mp.low, mp.equity);
    EXPECT_GE(mp.high, mp.equity);
    EXPECT_EQ(mp.wins + mp.ties + mp.losses, mc.trials);
  }
}

TEST(MonteCarlo, AgreesWithExactAnswers) {
  expect_close_to_exact(make({"AA", "KK"}), 11);
  expect_close_to_exact(make({"AK,QQ+,T9s", "KQs,77,A7s,JTo"}, "Ks7h2c", "3d"), 12);
  expect_close_to_exact(make({"AA,KK,AKs", "QQ,JTs,T9s:0.5", "22,A9s,KJo:0.25,87s"}, "Ah9d8c2s", "Kd"), 13);
  // Heavy card removal with weights: sampling that redrew only the conflicting player would be
  // biased towards combos that conflict less.
  expect_close_to_exact(make({"AsKs:0.9,AhAd,QQ:0.2", "AsAh,KsKh@30,AdQd"}, "2c7d9h"), 14);
}

// Players whose range is every combo are dealt from the deck with the board; with many dead
// cards the deck is small enough to enumerate.
std::string every_card_of_ranks(std::string_view ranks) {
  std::string out;
  for (char r : ranks)
    for (char s : std::string_view("schd")) out += std::string{r, s};
  return out;
}

TEST(MonteCarlo, RandomPlayersFromTheDeckAgreeWithExactAnswers) {
  expect_close_to_exact(make({"random", "AA,KQs"}, "Ks7h2c", "3d"), 15);
  expect_close_to_exact(make({"random", "random"}, "ThJdQc", every_card_of_ranks("234567")), 16);
  expect_close_to_exact(make({"AsKs", "random", "random"}, "ThJdQc", every_card_of_ranks("23456789")), 17);
  expect_close_to_exact(make({"random", "KK+:0.5,AQs", "random"}, "ThJdQc", every_card_of_ranks("2345678")), 18);
  // Random at one weight is still every combo alike.
  expect_close_to_exact(make({"random:0.5", "JJ+"}, "", every_card_of_ranks("2345678")), 19);
}

// A specific hand is taken out of the deck rather than drawn: heads-up with it in either seat
// against each kind of player, and multiway.
TEST(MonteCarlo, SpecificHandsAgreeWithExactAnswers) {
  const std::string dead = every_card_of_ranks("2345");
  expect_close_to_exact(make({"AsKs", "random"}, "ThJdQc", dead), 21);
  expect_close_to_exact(make({"random", "AsKs"}, "ThJd9c", dead), 22);
  expect_close_to_exact(make({"KhQh", "AA,KQs,JJ"}, "Ks7h2c", "3d"), 23);
  expect_close_to_exact(make({"AA,KQs,JJ", "KhQh"}, "Ks7h2c", "3d"), 24);
  expect_close_to_exact(make({"AsAc", "KhQh"}, "Ks7h2c"), 25);
  expect_close_to_exact(make({"AsAc", "KhQh", "random"}, "ThJd9c"), 26);
  expect_close_to_exact(make({"random", "AsKs", "JJ+,AQs", "random"}, "ThJd9c8h", every_card_of_ranks("234567")), 27);
}

// Several players drawing combos from overlapping ranges, with and without weights and players
// from the deck: a deal where two drawn hands share a card is redrawn whole (redrawing only the
// clashing player would favour the combos that clash less).
TEST(MonteCarlo, OverlappingRangesMultiwayAgreeWithExactAnswers) {
  const std::string dead = every_card_of_ranks("234567");
  expect_close_to_exact(make({"QQ+,AKs", "JJ+,AQs,AKs", "random"}, "Ah9d8c", dead), 31);
  expect_close_to_exact(make({"QQ+,AKs:0.5", "JJ+:0.3,AQs,AKs", "random"}, "Ah9d8c", dead), 32);
  expect_close_to_exact(make({"AA,AK:0.7", "AK,KK:0.2", "AQ,AA"}, "9h8d8c"), 33);
  expect_close_to_exact(make({"AA,AK:0.7", "AK,KK:0.2", "AQ,AA", "random"}, "Th8d8c", dead), 34);
  expect_close_to_exact(make({"QQ+,AKs", "JJ,TT,99,AQs", "AK,AQ:0.5", "random"}, "Ah9d8c9s", dead), 35);
}

// The error bars are honest: over runs with different seeds, the errors against the exact equity,
// in standard errors, have a mean square near 1 (their sum is a chi-square with one degree of
// freedom per run: 200 +- 20 for 200 runs), and at least 90% of the 95% intervals hold the exact
// equity. Standard errors a quarter too small or a third too large fail. Deals where trials share
// boards are here too: random against random (kDealsPerEvenBoard trials a board), and a specific hand against
// random, two- and three-way, with boards shared on request, where the boards differ much (standard
// errors that took the trials for independent would be less than half the spread there, and fail).
TEST(MonteCarlo, StandardErrorsMatchTheSpreadOfEstimates) {
  constexpr int kRuns = 200;
  const std::string dead = every_card_of_ranks("2345");
  const std::pair<RangeDeal, std::uint64_t> deals[] = {
      {make({"AsAc", "KhQh"}), 0},
      {make({"QQ+,AKs", "random"}, "Ks7h2c"), 0},
      {make({"random", "random"}, "ThJdQc", every_card_of_ranks("234567")), 0},
      {make({"AsAc", "KhQh", "random"}, "ThJd9c"), 0},
      {make({"AsKs", "random"}, "ThJd9c", dead), 8},
      {make({"random", "AsKs", "random"}, "ThJd9c", dead + every_card_of_ranks("6")), 8},
      {make({"QQ+,AKs", "JJ+,AQs,AKs", "random"}, "Ah9d8c", dead + every_card_of_ranks("67")), 0},
      {make({"random", "AsKs", "random"}, "ThJd9c", dead + every_card_of_ranks("6")), 0}};
  for (const auto& [deal, deals_per_board] : deals) {
    const auto exact = enumerate_ranges(deal);
    const std::size_t n = deal.ranges.size();
    std::vector<double> sum_of_squares(n, 0);
    std::vector<int> covered(n, 0);
    for (int run = 0; run < kRuns; ++run) {
      MonteCarloOptions options;
      options.seed = 1000 + static_cast<std::uint64_t>(run);
      options.max_trials = 20'000;
      options.deals_per_board = deals_per_board;
      const auto mc = monte_carlo(deal, options);
      for (std::size_t p = 0; p < n; ++p) {
        const auto& mp = mc.players[p];
        const double z = (mp.equity - exact.equity(p)) / mp.standard_error;
        sum_of_squares[p] += z * z;
        covered[p] += mp.low <= exact.equity(p) && exact.equity(p) <= mp.high;
      }
    }
    for (std::size_t p = 0; p < n; ++p) {
      EXPECT_GT(sum_of_squares[p], 140) << "player " << p << " of " << deal.ranges[p].str();
      EXPECT_LT(sum_of_squares[p], 270) << "player " << p << " of " << deal.ranges[p].str();
      EXPECT_GE(covered[p], 180) << "player " << p;
    }
  }
}

MonteCarloResult monte_carlo_on_threads(int threads, const RangeDeal& deal, const MonteCarloOptions& options) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  return monte_carlo(deal, options);
}

// Two runs that must have dealt the same: the same rejections and every player's counts.
void expect_same_deals(const MonteCarloResult& a, const MonteCarloResult& b) {
  ASSERT_EQ(a.trials, b.trials);
  EXPECT_EQ(a.rejected, b.rejected);
  ASSERT_EQ(a.players.size(), b.players.size());
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    EXPECT_EQ(a.players[p].wins, b.players[p].wins) << "player " << p;
    EXPECT_EQ(a.players[p].ties, b.players[p].ties) << "player " << p;
    EXPECT_EQ(a.players[p].share, b.players[p].share) << "player " << p;
  }
}

TEST(MonteCarlo, SameSeedSameNumbersForAnyThreadCount) {
  const auto deal = make({"QQ+,AKs", "random", "22-66"});
  MonteCarloOptions options;
  options.seed = 2024;
  options.max_trials = 100'000;
  options.by_category = true;
  const MonteCarloResult one = monte_carlo_on_threads(1, deal, options);
  const MonteCarloResult two = monte_carlo_on_threads(2, deal, options);
  expect_same_deals(one, two);
  ASSERT_EQ(one.players.size(), 3u);
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_EQ(one.players[p].standard_error, two.players[p].standard_error);
    EXPECT_EQ(one.players[p].category, two.players[p].category);
    const auto& c = one.players[p];
    EXPECT_EQ(std::accumulate(c.category.begin(), c.category.end(), std::uint64_t{0}), one.trials);
    EXPECT_EQ(std::accumulate(c.category_wins.begin(), c.category_wins.end(), std::uint64_t{0}), c.wins);
    EXPECT_EQ(std::accumulate(c.category_ties.begin(), c.category_ties.end(), std::uint64_t{0}), c.ties);
  }
  options.seed = 2025;
  const auto other = monte_carlo(deal, options);
  EXPECT_NE(other.players[0].share, one.players[0].share);
}

// The nudge that spreads a process's first workers (detail::start_workers()): a thread on a CPU
// moves off it, and may run on every CPU it could before (not pinned); where the CPU is not known
// (the portable build), there is none to move off.
TEST(MonteCarlo, WorkersMoveOffTheCallersCpuWithoutBeingPinned) {
#if defined(EQUITY_LINUX_SCHED)
  cpu_set_t before, after;
  ASSERT_EQ(sched_getaffinity(0, sizeof before, &before), 0);
  const int cpu = detail::current_cpu();
  ASSERT_GE(cpu, 0);
  detail::move_off_cpu(cpu, 0);
  ASSERT_EQ(sched_getaffinity(0, sizeof after, &after), 0);
  EXPECT_TRUE(CPU_EQUAL(&before, &after));
  if (CPU_COUNT(&before) > 1) {
    EXPECT_NE(detail::current_cpu(), cpu);
  }
#else
  EXPECT_EQ(detail::current_cpu(), -1);
  detail::move_off_cpu(-1, 0);
#endif
}

// Deals without categories run through loops unrolled for their kinds of players and board cards
// to come (heads-up has a loop of its own); with categories through one general loop. Both must
// deal the same cards and give the same standard errors, on one thread or two: here heads-up with
// each mix of players from the deck, drawn combos and specific hands, in either seat, and multiway
// deals of 3, 4 and 6 players, with 5, 2, 1 and 0 board cards to come; trials share boards where
// every player is dealt from the deck, and, on request, wherever no player draws. The trials end
// part way through a chunk and through a shared board.
TEST(MonteCarlo, UnrolledLoopsDealAsTheGeneralLoop) {
  for (const auto& deal :
       {make({"QQ+,AKs:0.5", "random"}), make({"AK,T9s", "22-55"}, "Ks7h2c", "3d"),
        make({"random", "random"}, "Ks7h2c"), make({"random", "JJ,AQo"}, "Ks7h2c9d"),
        make({"random", "random"}, "Ks7h2c9d5s", "Ah"), make({"random", "AsKs"}, "Kd7h2c"),
        make({"KhQh", "JJ,AQo"}, "2c3d4h"), make({"QQ+", "AsKs"}), make({"AsAc", "KhQh"}, "2c3d4h5s"),
        make({"random", "random", "random"}), make({"AsAc", "random", "KhQh", "random"}, "2c3d4h"),
        make({"QQ+,AKs", "random", "22-66"}, "2c3d4h5s"),
        make({"random", "QQ+:0.5,AQs", "AsKs", "random", "random", "random"}, "9c8d7h6s", "Ac"),
        make({"QQ+,AKs", "JJ,TT,99,AQs", "random"}), make({"QQ+,AKs:0.5", "JJ+,AQs", "random", "random"}, "2c3d4h"),
        make({"AA,AK", "AK,KK", "AQ,AA"}, "9h8d8c"), make({"AhKh", "random", "random", "random", "random"}),
        make({"random", "AsKs", "random"}, "Kd7h2c")}) {
    for (const std::uint64_t deals_per_board : {0, 4}) {
      MonteCarloOptions options;
      options.seed = 77;
      options.max_trials = 50'003;
      options.deals_per_board = deals_per_board;
      const MonteCarloResult plain = monte_carlo_on_threads(1, deal, options);
      const MonteCarloResult two_threads = monte_carlo_on_threads(2, deal, options);
      options.by_category = true;
      const MonteCarloResult by_category = monte_carlo_on_threads(1, deal, options);
      expect_same_deals(plain, by_category);
      expect_same_deals(plain, two_threads);
      std::uint64_t wins = 0;
      for (std::size_t p = 0; p < plain.players.size(); ++p) {
        const auto& mp = plain.players[p];
        EXPECT_EQ(mp.standard_error, by_category.players[p].standard_error) << "player " << p;
        EXPECT_EQ(mp.standard_error, two_threads.players[p].standard_error) << "player " << p;
        EXPECT_EQ(mp.wins + mp.ties + mp.losses, plain.trials);
        wins += mp.wins;
      }
      if (plain.players.size() == 2) {
        EXPECT_EQ(plain.players[0].wins, plain.players[1].losses);
      }
      EXPECT_LE(wins, plain.trials);
    }
  }
}

// Trials share a board (kDealsPerEvenBoard to a board) where every player is dealt from the deck and board cards
// come: the players are then alike, so every board is even on average and sharing costs no
// precision. With a specific hand, boards favour one side, and trials sharing them tell less: four
// to a board, 7c2d against random has standard errors a third larger for the same trials.
TEST(MonteCarlo, SharesBoardsOnlyWhereSharingCostsNoPrecision) {
  const auto run = [](const RangeDeal& deal, std::uint64_t deals_per_board) {
    MonteCarloOptions options;
    options.seed = 9;
    options.max_trials = 100 * kMonteCarloChunk;
    options.deals_per_board = deals_per_board;
    return monte_carlo(deal, options);
  };
  EXPECT_EQ(run(make({"random", "random"}), 0).deals_per_board, kDealsPerEvenBoard);
  EXPECT_EQ(run(make({"random", "random", "random:0.5"}, "Ks7h2c"), 0).deals_per_board, kDealsPerEvenBoard);
  EXPECT_EQ(run(make({"random", "random"}, "Ks7h2c9d5s"), 0).deals_per_board, 1u);  // no board card to come
  EXPECT_EQ(run(make({"AsAc", "random"}), 0).deals_per_board, 1u);
  EXPECT_EQ(run(make({"QQ+", "random"}), 0).deals_per_board, 1u);
  EXPECT_EQ(run(make({"QQ+", "random"}), 4).deals_per_board, 1u);  // a drawn combo: boards cannot be shared

  const auto even = make({"random", "random"});
  const double shared = run(even, 0).players[0].standard_error, alone = run(even, 1).players[0].standard_error;
  EXPECT_NEAR(shared / alone, 1.0, 0.03) << shared << " vs " << alone;
  const auto uneven = make({"7c2d", "random"});
  const double four = run(uneven, 4).players[0].standard_error, one = run(uneven, 0).players[0].standard_error;
  EXPECT_GT(four / one, 1.25) << four << " vs " << one;
}

// The run stops once every standard error is below the target, and not long after: the last round
// is sized by the variance seen, so the worst standard error ends within 5% of the target (at most
// about 10% more trials than needed; rounds of fixed sizes overshoot by up to twice for 1e-3).
TEST(MonteCarlo, StopsAtTheTargetStandardError) {
  for (const auto& deal : {make({"random", "random"}), make({"QQ+,AKs", "random", "random"}, "", "2c")}) {
    for (const double target : {2e-3, 1e-3, 7e-4}) {
      MonteCarloOptions options;
      options.seed = 5;
      options.target_stderr = target;
      const auto mc = monte_carlo_on_threads(1, deal, options);
      EXPECT_EQ(mc.stopped_by, "stderr");
      double worst = 0;
      for (const auto& p : mc.players) worst = std::max(worst, p.standard_error);
      EXPECT_LT(worst, target) << target;
      EXPECT_GT(worst, 0.95 * target) << target << ": " << mc.trials << " trials";
      expect_same_deals(mc, monte_carlo_on_threads(2, deal, options));
    }
  }
  EXPECT_THROW((void)monte_carlo(make({"AA", "KK"}), MonteCarloOptions{}), InputError);
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
