// Omaha micro-benchmarks: ./equity_benchmarks --benchmark_filter=Omaha
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "equity/omaha_evaluator.hpp"

using namespace equity;

namespace {

struct OmahaDeal {
  CardSet hole, board;
};

// 2^16 random deals of `hole_cards` hole cards and a five-card board, each from a fresh deck.
std::vector<OmahaDeal> random_deals(int hole_cards) {
  std::mt19937_64 rng(26);
  std::vector<OmahaDeal> deals(1 << 16);
  for (auto& d : deals) {
    std::uint64_t used = 0;
    auto draw = [&] {
      int id;
      do id = static_cast<int>(rng() % 52);
      while (used >> id & 1);
      used |= std::uint64_t{1} << id;
      return Card(id).bit();
    };
    for (int i = 0; i < hole_cards; ++i) d.hole = d.hole | CardSet(draw());
    for (int i = 0; i < 5; ++i) d.board = d.board | CardSet(draw());
  }
  return deals;
}

// omaha_high() of a new random hole and board each call (no work shared between calls: the
// board's rank class, flush suit and table row are found every time); the argument is the hole's
// cards. items/s = evaluations per second on one core.
void BM_OmahaEvaluateRandomHands(benchmark::State& state) {
  const auto deals = random_deals(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    std::uint64_t sum = 0;
    for (const auto& d : deals) sum += omaha_high(d.hole, d.board);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(deals.size()));
}
BENCHMARK(BM_OmahaEvaluateRandomHands)->Arg(4)->Arg(5)->Arg(6);

// The same, high and low (Hi/Lo): items/s = hands given both halves per second.
void BM_OmahaEvaluateRandomHiLoHands(benchmark::State& state) {
  const auto deals = random_deals(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    std::uint64_t sum = 0;
    for (const auto& d : deals) sum += omaha_high(d.hole, d.board) + omaha_low(d.hole, d.board);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(deals.size()));
}
BENCHMARK(BM_OmahaEvaluateRandomHiLoHands)->Arg(4);

// Building the evaluator's tables (done once, at first use).
void BM_OmahaBuildTables(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(detail::build_omaha_tables());
}
BENCHMARK(BM_OmahaBuildTables)->Unit(benchmark::kMillisecond);

}  // namespace
