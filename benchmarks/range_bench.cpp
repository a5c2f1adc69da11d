// Ranges, the preflop table and Monte Carlo: ./equity_benchmarks --benchmark_filter='Range|Table|MonteCarlo'
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "count/monte_carlo.hpp"
#include "equity/calculate.hpp"
#include "equity/game.hpp"
#include "equity/range_equity.hpp"
#include "equity/table_equity.hpp"

using namespace equity;

namespace {

RangeDeal heads_up(const char* hero, const char* villain) {
  return RangeDeal{{Range::parse(hero), Range::parse(villain)}, {}, {}};
}

// Issue target: exact AKs vs QQ by enumeration in at most 5 ms.
void BM_RangeExactAKsVersusQueens(benchmark::State& state) {
  const RangeDeal deal = heads_up("AKs", "QQ");
  for (auto _ : state) benchmark::DoNotOptimize(enumerate_ranges(deal));
}
BENCHMARK(BM_RangeExactAKsVersusQueens)->Unit(benchmark::kMillisecond)->UseRealTime();

// The table's work: 256 canonical heads-up matchups drawn at random (fixed seed), each
// enumerated exactly; the full table is 47,008 of them.
void BM_TableMatchupsSample(benchmark::State& state) {
  std::mt19937_64 rng(169);
  std::vector<Deal> deals;
  while (deals.size() < 256) {
    std::vector<int> ids(52);
    for (int i = 0; i < 52; ++i) ids[static_cast<std::size_t>(i)] = i;
    std::shuffle(ids.begin(), ids.end(), rng);
    const auto m = canonical_matchup({Card(ids[0]), Card(ids[1])}, {Card(ids[2]), Card(ids[3])});
    deals.push_back(Deal{{m.hero, m.villain}, {}, {}});
  }
  for (auto _ : state)
    for (const auto& d : deals) benchmark::DoNotOptimize(enumerate(d));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(deals.size()));
}
BENCHMARK(BM_TableMatchupsSample)->Unit(benchmark::kMillisecond);

// Range against range from the loaded table (Eigen): "QQ+,AKs,AKo" against random.
void BM_TableRangeVersusRandom(benchmark::State& state) {
  const auto table = PreflopTable::load(EQUITY_SOURCE_DIR "/results");
  if (!table) {
    state.SkipWithError("results/preflop-169x169.csv is missing");
    return;
  }
  const RangeDeal deal = heads_up("QQ+,AKs,AKo", "random");
  for (auto _ : state) benchmark::DoNotOptimize(table_equity(*table, deal));
}
BENCHMARK(BM_TableRangeVersusRandom)->Unit(benchmark::kMicrosecond);

// Loading the 169x169 table from its CSV, the fixed cost of every table-backed answer.
void BM_TableLoad(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(PreflopTable::load(EQUITY_SOURCE_DIR "/results"));
}
BENCHMARK(BM_TableLoad)->Unit(benchmark::kMillisecond);

// Monte Carlo throughput, random against random: trials (showdowns) per second on all cores.
void BM_MonteCarloRandomVersusRandom(benchmark::State& state) {
  const RangeDeal deal = heads_up("random", "random");
  MonteCarloOptions options;
  options.max_trials = 4'000'000;
  for (auto _ : state) benchmark::DoNotOptimize(monte_carlo(deal, options));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(options.max_trials));
}
BENCHMARK(BM_MonteCarloRandomVersusRandom)->Unit(benchmark::kMillisecond)->UseRealTime();

// The target, in process: random against random to a standard error of 1e-4 (about 24
// million trials), on all cores.
void BM_MonteCarloRandomVersusRandomToStderr1e4(benchmark::State& state) {
  const RangeDeal deal = heads_up("random", "random");
  MonteCarloOptions options;
  options.target_stderr = 1e-4;
  std::uint64_t trials = 0;
  for (auto _ : state) {
    const auto result = monte_carlo(deal, options);
    trials += result.trials;
    benchmark::DoNotOptimize(result);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(trials));
}
BENCHMARK(BM_MonteCarloRandomVersusRandomToStderr1e4)->Unit(benchmark::kMillisecond)->UseRealTime();

// Monte Carlo per trial, game by game, on one thread (items: trials), through calculate(): Hold'em's
// loops and short deck's under both rule sets, for a hand against one random hand, against four,
// and ranges three-way. ./equity_benchmarks --benchmark_filter=MonteCarloPerTrial
void BM_MonteCarloPerTrial(benchmark::State& state, Game game, std::vector<std::string> players, std::uint64_t trials) {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.method = Method::monte_carlo;
  q.max_trials = trials;
  q.seed = 1;
  q.threads = 1;
  q.use_table = false;
  for (auto _ : state) benchmark::DoNotOptimize(calculate(q));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(trials));
}

const bool kPerTrialRegistered = [] {
  for (const Game game : {Game::holdem, Game::shortdeck, Game::shortdeck_straights}) {
    const std::string name = "BM_MonteCarloPerTrial/" + std::string(game_name(game));
    benchmark::RegisterBenchmark((name + "/AhKh_random").c_str(), BM_MonteCarloPerTrial, game,
                                 std::vector<std::string>{"AhKh", "random"}, 2'000'000)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((name + "/AhKh_4random").c_str(), BM_MonteCarloPerTrial, game,
                                 std::vector<std::string>{"AhKh", "random", "random", "random", "random"}, 500'000)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((name + "/ranges_3way").c_str(), BM_MonteCarloPerTrial, game,
                                 std::vector<std::string>{"QQ+,AKs", "JJ,TT,99,AQs", "random"}, 500'000)
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
