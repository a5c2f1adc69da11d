// Ranges, the preflop table and Monte Carlo: ./equity_benchmarks --benchmark_filter='Range|Table|MonteCarlo'
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "equity/monte_carlo.hpp"
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

}  // namespace
