// Enumeration micro-benchmarks: ./equity_benchmarks --benchmark_filter=Enumerate
#include <benchmark/benchmark.h>

#include "equity/enumeration.hpp"

using namespace equity;

namespace {

Deal deal_of(std::initializer_list<const char*> hands, const char* board = "", Game game = Game::holdem) {
  Deal d;
  d.game = game;
  for (const char* h : hands) d.hands.push_back(parse_hole_cards(h));
  d.board = parse_cards(board);
  return d;
}

void BM_EnumerateAcesVsKingQueenSuited(benchmark::State& state) {
  const Deal d = deal_of({"AsAc", "KhQh"});
  for (auto _ : state) benchmark::DoNotOptimize(enumerate(d));
}
BENCHMARK(BM_EnumerateAcesVsKingQueenSuited)->Unit(benchmark::kMicrosecond);

void BM_EnumerateSuitedConnectors(benchmark::State& state) {
  const Deal d = deal_of({"JhTh", "9h8h"});
  for (auto _ : state) benchmark::DoNotOptimize(enumerate(d));
}
BENCHMARK(BM_EnumerateSuitedConnectors)->Unit(benchmark::kMicrosecond);

// Short deck, heads-up preflop: C(32, 5) = 201,376 boards (issue target: at most 0.1 ms).
void BM_EnumerateShortDeckAcesVsKingQueenSuited(benchmark::State& state) {
  const Deal d = deal_of({"AsAc", "KhQh"}, "", Game::shortdeck);
  for (auto _ : state) benchmark::DoNotOptimize(enumerate(d));
}
BENCHMARK(BM_EnumerateShortDeckAcesVsKingQueenSuited)->Unit(benchmark::kMicrosecond);

void BM_EnumerateShortDeckSuitedConnectors(benchmark::State& state) {
  const Deal d = deal_of({"JhTh", "9h8h"}, "", Game::shortdeck_straights);
  for (auto _ : state) benchmark::DoNotOptimize(enumerate(d));
}
BENCHMARK(BM_EnumerateShortDeckSuitedConnectors)->Unit(benchmark::kMicrosecond);

void BM_EnumerateThreeWayPreflop(benchmark::State& state) {
  const Deal d = deal_of({"AhKh", "QsQd", "7c6c"});
  for (auto _ : state) benchmark::DoNotOptimize(enumerate(d));
}
BENCHMARK(BM_EnumerateThreeWayPreflop)->Unit(benchmark::kMicrosecond);

void BM_EnumerateTenWayPreflop(benchmark::State& state) {
  const Deal d = deal_of({"AsAc", "KsKc", "QsQc", "JsJc", "TsTc", "9s9c", "8s8c", "7s7c", "6s6c", "5s5c"});
  for (auto _ : state) benchmark::DoNotOptimize(enumerate(d));
}
BENCHMARK(BM_EnumerateTenWayPreflop)->Unit(benchmark::kMicrosecond);

// Every board evaluated one by one (the independent method), for comparison.
void BM_WalkBoardsAcesVsKingQueenSuited(benchmark::State& state) {
  const Deal d = deal_of({"AsAc", "KhQh"});
  for (auto _ : state) benchmark::DoNotOptimize(walk_boards(d));
}
BENCHMARK(BM_WalkBoardsAcesVsKingQueenSuited)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
