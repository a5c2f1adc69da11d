// Omaha ranges listed and counted: ./equity_benchmarks --benchmark_filter=OmahaRange
#include <benchmark/benchmark.h>

#include "equity/omaha_range.hpp"

using namespace equity;

namespace {

// Issue target: every PLO4 hand (270,725) listed well under 100 ms.
void BM_OmahaRangeCombos(benchmark::State& state, const char* text, int hole_cards) {
  const OmahaRange range = OmahaRange::parse(text, hole_cards);
  for (auto _ : state) benchmark::DoNotOptimize(range.combos());
}
BENCHMARK_CAPTURE(BM_OmahaRangeCombos, random, "random", 4)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_OmahaRangeCombos, aces_double_suited, "AA:$ds", 4)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_OmahaRangeCombos, one_pair_two_ranks, "RRON", 4)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_OmahaRangeCombos, double_suited_aces, "AxAyxy", 4)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_OmahaRangeCombos, specific, "AsKhJd2c,AcKcQcJc", 4)->Unit(benchmark::kMicrosecond)->UseRealTime();

// A range's size without listing it: PLO6's 20,358,520 hands.
void BM_OmahaRangeSize(benchmark::State& state, const char* text, int hole_cards) {
  const OmahaRange range = OmahaRange::parse(text, hole_cards);
  for (auto _ : state) benchmark::DoNotOptimize(range.size());
}
BENCHMARK_CAPTURE(BM_OmahaRangeSize, plo5_double_suited_aces, "AxAyxy", 5)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_OmahaRangeSize, plo6_pair_not_double_suited, "RR:!$ds", 6)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Parsing, with the check that a pattern matches some hand.
void BM_OmahaRangeParse(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(OmahaRange::parse("AA:$ds,KK-TT:!$np,AxKxQyJy,RRON:$ds", 4));
}
BENCHMARK(BM_OmahaRangeParse)->Unit(benchmark::kMicrosecond);

}  // namespace
