// The stud family's Monte Carlo (stud_monte_carlo.hpp): chunks of trials from their own random
// streams (stud_trials.hpp), added in chunk order, in rounds until a stopping rule holds.
#include "count/stud_monte_carlo.hpp"

#include <algorithm>
#include <cmath>

#include "count/draw_trials.hpp"
#include "count/standard_error.hpp"
#include "count/stud_trials.hpp"
#include "detail/parallel.hpp"
#include "equity/error.hpp"
#include "equity/stopwatch.hpp"

namespace equity {
namespace detail {

extern template void stud_trials<StudHighScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                        std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<StudHighScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                       std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<RazzScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                    std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<RazzScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                   std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<StudHiLoScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                        std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<StudHiLoScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                       std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<DeuceSevenScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                          std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<DeuceSevenScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                         std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<BadugiScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                      std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<BadugiScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                     std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<BadeucyScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                       std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<BadeucyScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                      std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<BadaceyScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                       std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void stud_trials<BadaceyScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                      std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<StudHighScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                        std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<StudHighScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                       std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<RazzScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                    std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<RazzScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                   std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<DeuceSevenScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                          std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<DeuceSevenScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                         std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<BadugiScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                      std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<BadugiScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                     std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<BadeucyScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                       std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<BadeucyScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                      std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<BadaceyScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                       std::uint64_t chunk, std::uint64_t size, StudChunk& out);
extern template void draw_trials<BadaceyScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                      std::uint64_t chunk, std::uint64_t size, StudChunk& out);

}  // namespace detail

namespace {

using RunChunk = void (*)(const detail::StudSetup&, StudGame, std::uint64_t, std::uint64_t, std::uint64_t,
                          detail::StudChunk&);

// The standard error of player p's equity: the sample variance of the pot share of a trial.
double standard_error(const StudCounts& c, const std::vector<double>& squares, std::size_t p) {
  const double unit = static_cast<double>(kPotUnits);
  return detail::standard_error_of_mean(static_cast<double>(c.players[p].pot_units) / unit, squares[p] / (unit * unit),
                                        static_cast<double>(c.showdowns));
}

double worst_error(const StudCounts& c, const std::vector<double>& squares) {
  double worst = 0;
  for (std::size_t p = 0; p < c.players.size(); ++p) worst = std::max(worst, standard_error(c, squares, p));
  return worst;
}

constexpr std::uint64_t kMinTrialsForStderr = 10'000;

// The chunks of the next round: a growing number, cut short near the trials the target needs by
// the variance seen so far, near the deadline, and at the last chunk.
std::uint64_t round_chunks(int round, std::uint64_t trials, double worst, std::uint64_t done, std::uint64_t limit,
                           const MonteCarloOptions& options, double seconds) {
  std::uint64_t count = std::min<std::uint64_t>(std::uint64_t{4} << std::min(round, 6), 256);
  if (options.target_stderr > 0 && trials >= kMinTrialsForStderr) {
    const double ratio = worst / options.target_stderr;
    const double chunks =
        std::ceil(static_cast<double>(trials) * (ratio * ratio * 1.02 - 1) / static_cast<double>(kMonteCarloChunk));
    if (chunks < static_cast<double>(count)) count = static_cast<std::uint64_t>(std::max(1.0, chunks));
  }
  if (options.max_seconds > 0 && trials > 0) {
    const double rate = static_cast<double>(done) / std::max(seconds, 1e-6);
    count = std::min<std::uint64_t>(count,
                                    static_cast<std::uint64_t>(std::max(1.0, rate * (options.max_seconds - seconds))));
  }
  return std::min(count, limit - done);
}

}  // namespace

StudMonteCarloResult stud_monte_carlo(const StudDeal& deal, const MonteCarloOptions& options) {
  const Stopwatch clock;
  check_stopping_rules(options);
  const detail::StudSetup setup = detail::stud_setup(deal);
  if (options.cancel && options.cancel->load()) throw Cancelled();
  const RunChunk run = with_stud_scorer(deal.game, [&](auto scorer) -> RunChunk {
    using Scorer = decltype(scorer);
    if constexpr (detail::kDrawGame<Scorer>)
      if (setup.later_draws > 0 || setup.runs_out)
        return options.by_category ? &detail::draw_trials<Scorer, true> : &detail::draw_trials<Scorer, false>;
    return options.by_category ? &detail::stud_trials<Scorer, true> : &detail::stud_trials<Scorer, false>;
  });
  const std::size_t n = deal.hands.size();
  StudMonteCarloResult result;
  result.seed = options.seed;
  StudCounts& counts = result.counts;
  counts.game = deal.game;
  counts.players.resize(n);
  std::vector<double> squares(n, 0.0);
  const std::uint64_t max_trials = options.max_trials ? options.max_trials : kMaxTrials;
  const std::uint64_t chunk_limit = (max_trials + kMonteCarloChunk - 1) / kMonteCarloChunk;
  std::uint64_t next_chunk = 0;
  double worst = 1.0;
  auto cancelled = [&] { return options.cancel && options.cancel->load(std::memory_order_relaxed); };
  std::vector<detail::StudChunk> chunks;
  for (int round = 0;; ++round) {
    const std::uint64_t count =
        round_chunks(round, counts.showdowns, worst, next_chunk, chunk_limit, options, clock.seconds());
    chunks.assign(count, detail::StudChunk{});
    detail::parallel_for(std::uint64_t{0}, count, [&](std::uint64_t i) {
      const std::uint64_t chunk = next_chunk + i;
      const std::uint64_t size = cancelled() ? 0 : std::min(kMonteCarloChunk, max_trials - chunk * kMonteCarloChunk);
      run(setup, deal.game, options.seed, chunk, size, chunks[i]);
    });
    for (const auto& c : chunks) {  // in chunk order: the same sums on any thread count
      detail::add_counts(counts, c.counts);
      for (std::size_t p = 0; p < n; ++p) squares[p] += c.squares[p];
    }
    next_chunk += count;
    worst = worst_error(counts, squares);
    if (cancelled()) {
      result.stopped_by = "cancelled";
      break;
    }
    if (options.progress) options.progress(counts.showdowns, worst);
    if (options.target_stderr > 0 && counts.showdowns >= kMinTrialsForStderr && worst < options.target_stderr) {
      result.stopped_by = "stderr";
      break;
    }
    if (next_chunk >= chunk_limit) {
      result.stopped_by = "trials";
      break;
    }
    if (options.max_seconds > 0 && clock.seconds() >= options.max_seconds) {
      result.stopped_by = "time";
      break;
    }
  }
  if (counts.showdowns == 0) throw Cancelled();
  for (std::size_t p = 0; p < n; ++p) result.standard_error.push_back(standard_error(counts, squares, p));
  result.seconds = clock.seconds();
  return result;
}

}  // namespace equity
