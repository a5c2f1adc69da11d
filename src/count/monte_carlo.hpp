#pragma once
// Monte Carlo equity of ranges against ranges.
//
// Trials run in fixed-size chunks; chunk c draws from its own random stream seeded by (seed, c),
// and chunks are combined in chunk order, so a seed gives the same numbers whatever the number of
// threads. Chunks run in rounds of a growing number of chunks; the stopping rules are checked
// between rounds, and a round is cut short to end near the trials that the target standard error
// needs by the variance seen, or near the time limit (which makes the count depend on the machine).
//
// Sampling: each player's combo is drawn from its range in proportion to its weight, and the whole
// deal is redrawn if two players share a card. The accepted deals then follow exactly the
// distribution of the exact enumeration (probability proportional to the product of the weights
// over non-conflicting assignments); redrawing only the conflicting player would favour combos
// that conflict less. A specific hand is removed from the other ranges and from the deck first,
// which changes nothing but the rejection rate. The board, and the hole cards of every
// player whose range is every combo at one weight ("random"), are dealt from the rest of the deck
// by a partial Fisher-Yates shuffle: the same distribution, without redraws (DeckDealer in
// detail/deck_dealer.hpp says why). The random numbers, the dealer and the trial loops are in
// detail/ (rng.hpp, deck_dealer.hpp, trial_kernels.hpp); src/count/monte_carlo.cpp drives them.
//
// Shared boards: when every player is dealt from the deck and board cards come, each board serves
// kDealsPerEvenBoard trials, each with new hole cards from the cards the board left. Every trial
// still has exactly the distribution of a whole new deal; the trials on one board are not
// independent, so the standard error is that of a cluster sample, from the boards' sums (the
// boards are independent). The players being alike, every board is even for them on average, so
// this costs the equity no precision, and a trial costs about two thirds. (The wins and ties, which
// vary from board to board, spread more than their trials suggest: ties 2.3 times binomial at 32 a
// board, 1.75 at 16.) With a specific hand the boards favour one side and sharing them costs more
// trials than it saves, so they are not shared.
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "equity/evaluator.hpp"
#include "equity/range_equity.hpp"

namespace equity {

inline constexpr std::uint64_t kMonteCarloChunk = 4096;  // trials per chunk
// Trials per board when every player is dealt from the deck (see below); divides kMonteCarloChunk.
inline constexpr std::uint64_t kDealsPerEvenBoard = 32;

// The limits of the stopping rules, so that every run ends and its counts fit in 64 bits (a pot
// share of kShareUnit a trial): at most kMaxTrials trials, whatever the rule; a standard error
// target that those reach at the worst variance; a finite time of at most kMaxSeconds.
inline constexpr std::uint64_t kMaxTrials = 1'000'000'000'000'000;  // 1e15
inline constexpr double kMinTargetStderr = 1e-7;
inline constexpr double kMaxSeconds = 1e6;  // about 11.6 days

struct MonteCarloOptions {
  std::uint64_t seed = 1;
  double target_stderr = 0;      // stop once every player's standard error is below this (0: off)
  std::uint64_t max_trials = 0;  // stop after this many trials (0: off, that is kMaxTrials)
  double max_seconds = 0;        // stop after about this long (0: off)
  bool by_category = false;      // fill the players' category counts (slower)
  // Trials per board where boards can be shared (0: kDealsPerEvenBoard when every player is dealt
  // from the deck, else 1); for tests and measurements.
  std::uint64_t deals_per_board = 0;
  // Called between rounds from the calling thread.
  std::function<void(std::uint64_t trials, double worst_stderr)> progress;
  // Checked between rounds and before each chunk: once it is true, monte_carlo() returns the
  // chunks run so far with stopped_by "cancelled", or throws Cancelled (error.hpp) when none ran.
  const std::atomic<bool>* cancel = nullptr;
};

// Throws InputError unless the options' stopping rules are reachable: a standard error target, a
// number of trials or a time, each finite and within the limits above (every game's Monte Carlo
// checks its options so).
void check_stopping_rules(const MonteCarloOptions& options);

struct MonteCarloPlayer {
  std::uint64_t wins = 0, ties = 0, losses = 0;  // trials won alone, tied, lost
  std::uint64_t share = 0;                       // pot won, in units of 1/kShareUnit of a trial
  double equity = 0;                             // share / (kShareUnit * trials)
  double standard_error = 0;                     // of equity
  double low = 0, high = 0;                      // 95% interval: equity -+ 1.96 standard errors
  // Only with by_category: trials ending with this player's best hand in each category, and those
  // won alone or tied.
  std::array<std::uint64_t, kCategories> category{}, category_wins{}, category_ties{};
};

struct MonteCarloResult {
  std::uint64_t trials = 0;    // accepted deals, each with one random board
  std::uint64_t rejected = 0;  // deals redrawn because two players shared a card
  std::uint64_t seed = 0;
  std::uint64_t deals_per_board = 1;  // trials on each board dealt (the last board of a chunk may have fewer)
  double seconds = 0;
  std::string stopped_by;           // "stderr", "trials", "time" or "cancelled" (see cancel)
  std::vector<std::size_t> combos;  // per player: combos left after card removal
  std::vector<MonteCarloPlayer> players;
};

// Needs at least one stopping rule; throws InputError otherwise, for a rule out of the limits
// above (a NaN or infinite target, more than kMaxTrials trials, a target standard error below
// kMinTargetStderr), and for bad deals (see prepare()).
MonteCarloResult monte_carlo(const RangeDeal& deal, const MonteCarloOptions& options);
// The same with the deal prepared already (prep = prepare(deal)), as the planner keeps it.
MonteCarloResult monte_carlo(const RangeDeal& deal, const PreparedDeal& prep, const MonteCarloOptions& options);

}  // namespace equity
