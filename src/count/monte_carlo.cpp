// The Monte Carlo driver: checks the options, builds the samplers and the trial inputs, runs the
// chunks in rounds until a stopping rule holds, and turns the tallies into the result. The random
// numbers, the dealer and the trial loops are in include/equity/detail/ (rng.hpp, deck_dealer.hpp,
// trial_kernels.hpp).
#include "count/monte_carlo.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "count/trial_kernels.hpp"
#include "detail/parallel.hpp"
#include "equity/error.hpp"
#include "equity/stopwatch.hpp"

namespace equity {

namespace {

using detail::ChunkTally;
using detail::DeckDealer;
using detail::Sampler;
using detail::TrialInputs;
using detail::TrialsFunction;

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

void check_cancel(const std::atomic<bool>* cancel) {
  if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
}

// One sampler per player: the combos left, drawn in proportion to their weights.
std::vector<Sampler> make_samplers(const PreparedDeal& prep, const RangeDeal& deal) {
  std::vector<Sampler> samplers(prep.combos.size());
  for (std::size_t p = 0; p < samplers.size(); ++p) {
    auto& s = samplers[p];
    for (const auto& c : prep.combos[p]) {
      s.bits.push_back(c.cards[0].bit() | c.cards[1].bit());
      s.cards.push_back({detail::deck_card(Hand(c.cards[0])), detail::deck_card(Hand(c.cards[1]))});
      s.hands.push_back(Hand(c.cards[0]) + Hand(c.cards[1]));
      s.total += c.weight;
      s.cumulative.push_back(s.total);
    }
    if (!deal.ranges[p].weighted()) s.cumulative.clear();
  }
  return samplers;
}

// Every combo at one weight ("random"): dealt from the deck.
bool uniform(const Range& r) {
  if (r.size() != kCombos) return false;
  if (!r.weighted()) return true;
  for (int i = 1; i < kCombos; ++i)
    if (r.weight(i) != r.weight(0)) return false;
  return true;
}

// Players whose range is every combo at one weight are dealt from the deck with the board; a
// specific hand is taken out of the deck (prepare() took it out of the other ranges); the others
// draw a combo each, and the deal is redrawn when two of those share a card. `out_of_deck` gets
// the known cards and the specific hands.
TrialInputs make_inputs(const PreparedDeal& prep, const RangeDeal& deal, const std::vector<Sampler>& samplers,
                        std::uint64_t deals_per_board, std::uint64_t& out_of_deck) {
  const std::size_t n = prep.combos.size();
  TrialInputs inputs;
  inputs.board = Hand(prep.board);
  inputs.board_cards = prep.cards_to_come;
  inputs.players = n;
  inputs.game = prep.game;
  // Guard against ranges that almost never fit together (prepare() has shown that they can).
  inputs.max_rejections = 10'000 * kMonteCarloChunk;
  out_of_deck = prep.known.bits();
  for (std::size_t p = 0; p < n; ++p) {
    if (deal.ranges[p].specific()) {
      inputs.hole[p] = samplers[p].hands[0];
      out_of_deck |= samplers[p].bits[0];
    } else if (uniform(deal.ranges[p])) {
      inputs.deck_seats[inputs.deck_players++] = static_cast<std::uint8_t>(p);
    } else {
      inputs.drawn[inputs.drawn_players] = &samplers[p];
      inputs.drawn_seats[inputs.drawn_players++] = static_cast<std::uint8_t>(p);
    }
  }
  // Trials share a board where they can (can_share_boards) and every player is dealt from the
  // deck: the players are then alike, so each board is even for all of them on average, and the
  // trials on one board are as good as trials on boards of their own (cost half as much). With a
  // specific hand, boards favour one player or another, and trials on a shared board tell much less:
  // 7c2d against random needs twice the trials with four per board, so none share.
  if (detail::can_share_boards(inputs.drawn_players > 0, static_cast<int>(inputs.deck_players), inputs.board_cards)) {
    inputs.deals_per_board = deals_per_board ? deals_per_board : inputs.deck_players == n ? kDealsPerEvenBoard : 1;
  }
  return inputs;
}

// The running totals of a run and the players' standard errors from them.
class Totals {
 public:
  Totals(std::size_t players, bool shared) : n_(players), shared_(shared) {}

  // Adds a round's chunk tallies, in chunk order: exact within a chunk, and the same sums
  // whatever the number of threads.
  void add(const std::vector<ChunkTally>& tallies) {
    const double unit = static_cast<double>(kShareUnit);
    for (const auto& t : tallies) {
      counts_.add(t, n_);
      boards_ += static_cast<double>(t.board_sums.boards);
      size_squares_ += static_cast<double>(t.board_sums.size_squares);
      for (std::size_t p = 0; p < n_; ++p) {
        share_squares_[p] += static_cast<double>(t.board_sums.share_squares[p]) / (unit * unit);
        share_sizes_[p] += static_cast<double>(t.board_sums.share_sizes[p]) / unit;
      }
    }
  }

  const ChunkTally& counts() const { return counts_; }
  std::uint64_t share(std::size_t p) const {
    std::uint64_t s = 0;
    for (std::size_t w = 1; w <= n_; ++w) s += counts_.won_with[p][w] * kSplitShare[w];
    return s;
  }
  double standard_error(std::size_t p) const {
    if (counts_.trials < 2) return 1.0;
    return shared_ ? cluster_error(p) : binomial_error(p);
  }
  double worst_error() const {
    double worst = 0;
    for (std::size_t p = 0; p < n_; ++p) worst = std::max(worst, standard_error(p));
    return worst;
  }

 private:
  // Over boards shared by several trials (ratio estimator of a cluster sample): with y_b the share
  // and n_b the trials of board b, of B boards and N trials, and R the equity, the variance of R
  // is B / (B - 1) * sum (y_b - R n_b)^2 / N^2.
  double cluster_error(std::size_t p) const {
    if (boards_ < 2) return 1.0;
    const double trials = static_cast<double>(counts_.trials);
    const double r = static_cast<double>(share(p)) / static_cast<double>(kShareUnit) / trials;
    const double squares = share_squares_[p] - 2 * r * share_sizes_[p] + r * r * size_squares_;
    return std::sqrt(std::max(0.0, squares) * boards_ / (boards_ - 1)) / trials;
  }
  // Independent trials: the sample variance of the share.
  double binomial_error(std::size_t p) const {
    const double trials = static_cast<double>(counts_.trials), unit = static_cast<double>(kShareUnit);
    double mean = 0, mean_sq = 0;  // of the share, in pots
    for (std::size_t w = 1; w <= n_; ++w) {
      const double count = static_cast<double>(counts_.won_with[p][w]), s = static_cast<double>(kSplitShare[w]) / unit;
      mean += count * s;
      mean_sq += count * s * s;
    }
    mean /= trials;
    mean_sq /= trials;
    const double variance = std::max(0.0, mean_sq - mean * mean) * trials / (trials - 1);
    return std::sqrt(variance / trials);
  }

  std::size_t n_;
  bool shared_;
  ChunkTally counts_;
  double boards_ = 0, size_squares_ = 0;
  std::array<double, kMaxPlayers> share_squares_{}, share_sizes_{};  // in pots
};

// The chunks' loop for a deal: with a joint draw, its loops; else short deck's unrolled loops, else
// select_trials()'s.
TrialsFunction choose_trials(const detail::JointInputs& inputs, bool by_category) {
  if (const TrialsFunction joint = detail::select_joint_trials(inputs, by_category)) return joint;
  if (const TrialsFunction unrolled = detail::select_unrolled_trials(inputs, by_category)) return unrolled;
  return detail::select_trials(inputs, by_category);
}

// A run: the chunks' loop, its inputs and the rounds so far.
class Run {
 public:
  Run(const MonteCarloOptions& options, const detail::JointInputs& inputs, const DeckDealer& dealer,
      const Stopwatch& clock)
      : options_(options),
        clock_(clock),
        inputs_(inputs),
        dealer_(dealer),
        trials_(choose_trials(inputs, options.by_category)),
        totals_(inputs.players, inputs.deals_per_board > 1),
        chunk_limit_(((options.max_trials ? options.max_trials : kMaxTrials) + kMonteCarloChunk - 1) /
                     kMonteCarloChunk) {
    // The largest round's tallies at once (0.8 MB): grown round by round, each larger vector was
    // new memory to fault in, 350 page faults of a run's first rounds.
    tallies_.reserve(kMaxRoundChunks);
  }

  // Runs rounds until a stopping rule holds, or the cancellation flag is raised ("cancelled": the
  // trials so far are kept); returns the rule.
  std::string run() {
    for (;;) {
      run_round(round_chunks());
      if (cancelled()) return "cancelled";
      const double worst = totals_.worst_error();
      worst_ = worst;
      if (options_.progress) options_.progress(totals_.counts().trials, worst);
      if (cancelled()) return "cancelled";
      if (options_.target_stderr > 0 && totals_.counts().trials >= kMinTrialsForStderr &&
          worst < options_.target_stderr)
        return "stderr";
      if (next_chunk_ >= chunk_limit_) return "trials";
      if (options_.max_seconds > 0 && elapsed() >= options_.max_seconds) return "time";
    }
  }
  const Totals& totals() const { return totals_; }
  double elapsed() const { return clock_.seconds(); }

 private:
  static constexpr std::uint64_t kMinTrialsForStderr = 10'000;  // before this, the variance seen says too little
  static constexpr std::uint64_t kMaxRoundChunks = 256;

  // The chunks of the next round: a growing number, cut short near the trials the target needs or
  // near the deadline, and within the trials asked for.
  std::uint64_t round_chunks() const {
    std::uint64_t count = std::min<std::uint64_t>(std::uint64_t{8} << std::min(round_, 5), kMaxRoundChunks);
    const std::uint64_t trials = totals_.counts().trials;
    if (options_.target_stderr > 0 && trials >= kMinTrialsForStderr) {
      // The standard error falls as one over the root of the trials: size the round to end just
      // past the trials the target needs, by the variance seen so far, rather than up to a whole
      // round (twice the trials needed for a target of 1e-3) past them. The counts, and so the
      // rounds, are the same whatever the number of threads.
      const double ratio = worst_ / options_.target_stderr;
      const double needed = static_cast<double>(trials) * (ratio * ratio * 1.02 - 1);
      const double chunks = std::ceil(needed / static_cast<double>(kMonteCarloChunk));
      if (chunks < static_cast<double>(count)) count = static_cast<std::uint64_t>(std::max(1.0, chunks));
    }
    if (options_.max_seconds > 0 && trials > 0) {
      // Size the round to end near the deadline.
      const double rate = static_cast<double>(next_chunk_) / std::max(elapsed(), 1e-6);
      const double left = options_.max_seconds - elapsed();
      count = std::min<std::uint64_t>(count, static_cast<std::uint64_t>(std::max(1.0, rate * left)));
    }
    return std::min(count, chunk_limit_ - next_chunk_);
  }

  bool cancelled() const { return options_.cancel && options_.cancel->load(std::memory_order_relaxed); }

  // Runs `count` chunks in parallel, one tally each; a raised cancellation flag skips the chunks
  // not started. The chunks run are counted: each is whole, and which of them ran depends only on
  // when the flag was raised, not on what they dealt.
  void run_round(std::uint64_t count) {
    tallies_.assign(count, ChunkTally{});
    detail::parallel_for(
        tbb::blocked_range<std::uint64_t>(0, count, 1), [&](const tbb::blocked_range<std::uint64_t>& r) {
          for (std::uint64_t i = r.begin(); i < r.end(); ++i) {
            if (options_.cancel && options_.cancel->load(std::memory_order_relaxed)) return;
            const std::uint64_t chunk = next_chunk_ + i;
            const std::uint64_t size = options_.max_trials
                                           ? std::min(kMonteCarloChunk, options_.max_trials - chunk * kMonteCarloChunk)
                                           : kMonteCarloChunk;
            trials_(inputs_, dealer_, options_.seed, chunk, size, tallies_[i]);
          }
        });
    // Run inside a task of a parallel loop that is being cancelled (another task threw), the
    // chunks were skipped: stop rather than count rounds of nothing for ever.
    if (tbb::is_current_task_group_canceling()) throw Cancelled();
    totals_.add(tallies_);  // skipped chunks' tallies are zero
    next_chunk_ += count;
    ++round_;
  }

  const MonteCarloOptions& options_;
  const Stopwatch clock_;  // started with the call to monte_carlo()
  const detail::JointInputs& inputs_;
  const DeckDealer& dealer_;
  const TrialsFunction trials_;
  Totals totals_;
  const std::uint64_t chunk_limit_;
  std::uint64_t next_chunk_ = 0;
  int round_ = 0;
  double worst_ = 0;                 // the largest standard error among the players, after each round
  std::vector<ChunkTally> tallies_;  // one per chunk of a round, kept across rounds
};

void fill_players(const Totals& totals, std::size_t n, MonteCarloResult& result) {
  const ChunkTally& total = totals.counts();
  result.players.resize(n);
  for (std::size_t p = 0; p < n; ++p) {
    auto& mp = result.players[p];
    mp.wins = total.won_with[p][1];
    for (std::size_t w = 2; w <= n; ++w) mp.ties += total.won_with[p][w];
    mp.losses = total.trials - mp.wins - mp.ties;
    mp.share = totals.share(p);
    mp.equity = static_cast<double>(mp.share) / (static_cast<double>(kShareUnit) * static_cast<double>(total.trials));
    mp.standard_error = totals.standard_error(p);
    mp.low = std::max(0.0, mp.equity - 1.96 * mp.standard_error);
    mp.high = std::min(1.0, mp.equity + 1.96 * mp.standard_error);
    mp.category = total.category[p];
    mp.category_wins = total.category_wins[p];
    mp.category_ties = total.category_ties[p];
  }
}

}  // namespace

// The stopping rules must be reachable: a target standard error, a number of trials or a time,
// each finite and within the limits of monte_carlo.hpp.
void check_stopping_rules(const MonteCarloOptions& options) {
  const double stderr_target = options.target_stderr, seconds = options.max_seconds;
  if (!(stderr_target == 0 || (std::isfinite(stderr_target) && stderr_target >= kMinTargetStderr)))
    throw InputError("standard error target " + number(stderr_target) + " is out of reach: it must be at least " +
                     number(kMinTargetStderr) + " (or 0 for none)");
  if (options.max_trials > kMaxTrials)
    throw InputError("trials " + std::to_string(options.max_trials) + " are too many: at most " +
                     number(static_cast<double>(kMaxTrials)));
  if (!(seconds == 0 || (std::isfinite(seconds) && seconds > 0 && seconds <= kMaxSeconds)))
    throw InputError("time limit " + number(seconds) +
                     " is out of range: it must be a number of seconds above 0 and at most " + number(kMaxSeconds) +
                     " (or 0 for none)");
  if (stderr_target == 0 && options.max_trials == 0 && seconds == 0)
    throw InputError("Monte Carlo needs a stopping rule: a standard error, a number of trials or a time");
}

MonteCarloResult monte_carlo(const RangeDeal& deal, const MonteCarloOptions& options) {
  check_stopping_rules(options);
  return monte_carlo(deal, prepare(deal), options);
}

MonteCarloResult monte_carlo(const RangeDeal& deal, const PreparedDeal& prep, const MonteCarloOptions& options) {
  const Stopwatch clock;
  check_stopping_rules(options);
  check_cancel(options.cancel);
  const std::vector<Sampler> samplers = make_samplers(prep, deal);
  std::uint64_t out_of_deck = 0;
  detail::JointInputs inputs{make_inputs(prep, deal, samplers, options.deals_per_board, out_of_deck)};
  // Multiway: the drawing players' combos drawn together from the tuples that fit, when they are
  // few enough to list; and one specific hand against 2 to 4 random players (no tuple to draw: the
  // joint loop's dealing measured faster than DeckDealer's shuffle for them; deals with more
  // specific hands keep select_trials()'s loops, as deals that share boards).
  detail::JointDraw joint;
  const std::size_t fixed = inputs.players - inputs.drawn_players - inputs.deck_players;
  if (inputs.players > 2 &&
      (inputs.drawn_players > 0 ||
       (fixed == 1 && inputs.deck_players >= 1 && inputs.deck_players <= 4 && inputs.deals_per_board == 1)) &&
      detail::make_joint_draw(prep.combos, std::span(inputs.drawn_seats.data(), inputs.drawn_players), out_of_deck,
                              joint))
    inputs.joint = &joint;
  const DeckDealer fresh_dealer(out_of_deck, 2 * static_cast<int>(inputs.drawn_players),
                                2 * static_cast<int>(inputs.deck_players) + inputs.board_cards, inputs.board_cards);

  Run run(options, inputs, fresh_dealer, clock);
  MonteCarloResult result;
  result.seed = options.seed;
  result.deals_per_board = inputs.deals_per_board;
  for (const auto& list : prep.combos) result.combos.push_back(list.size());
  result.stopped_by = run.run();
  // Cancelled before a chunk was dealt: nothing to keep.
  if (result.stopped_by == "cancelled" && run.totals().counts().trials == 0) throw Cancelled();
  result.trials = run.totals().counts().trials;
  result.rejected = run.totals().counts().rejected;
  fill_players(run.totals(), prep.combos.size(), result);
  result.seconds = run.elapsed();
  return result;
}

}  // namespace equity
