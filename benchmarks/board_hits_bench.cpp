// What a range hits on a board (issue 18: a full range on any board in well under 5 ms):
// ./equity_benchmarks --benchmark_filter=BoardHits
#include <benchmark/benchmark.h>

#include "equity/board_hits.hpp"

using namespace equity;

namespace {

// The full range (1,326 combos, less the board's) on `board`, the board's tables included.
void full_range(benchmark::State& state, const char* board) {
  const Range range = Range::all();
  const std::vector<Card> cards = parse_cards(board, "board");
  for (auto _ : state) benchmark::DoNotOptimize(board_hits(range, cards));
  state.SetItemsProcessed(state.iterations() * kCombos);
}

void BM_BoardHitsFlop(benchmark::State& state) { full_range(state, "Ks7s2c"); }
void BM_BoardHitsTurn(benchmark::State& state) { full_range(state, "Ks7s2c8h"); }
void BM_BoardHitsRiver(benchmark::State& state) { full_range(state, "Ks7s2c8h8d"); }
BENCHMARK(BM_BoardHitsFlop)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BoardHitsTurn)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BoardHitsRiver)->Unit(benchmark::kMicrosecond);

}  // namespace
