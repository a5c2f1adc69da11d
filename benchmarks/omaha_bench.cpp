// Omaha micro-benchmarks: ./equity_benchmarks --benchmark_filter=Omaha
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "equity/omaha_class_equity.hpp"
#include "equity/omaha_enumeration.hpp"
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

// OmahaBoard::high() alone: the boards of the same random deals prepared before the timing (as a
// Monte Carlo trial or an enumeration prepares a board once for every player), each hole new.
void BM_OmahaBoardHighRandomHands(benchmark::State& state) {
  const auto deals = random_deals(static_cast<int>(state.range(0)));
  std::vector<OmahaBoard> boards;
  for (const auto& d : deals) boards.emplace_back(d.board);
  for (auto _ : state) {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < deals.size(); ++i) sum += boards[i].high(deals[i].hole);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(deals.size()));
}
BENCHMARK(BM_OmahaBoardHighRandomHands)->Arg(4)->Arg(5)->Arg(6);

// Building the evaluator's tables (done once, at first use).
void BM_OmahaBuildTables(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(detail::build_omaha_tables());
}
BENCHMARK(BM_OmahaBuildTables)->Unit(benchmark::kMillisecond);

std::vector<CardSet> hands_of(std::initializer_list<const char*> hands) {
  std::vector<CardSet> out;
  for (const char* h : hands) {
    CardSet set;
    for (Card c : parse_cards(h)) set.insert(c);
    out.push_back(set);
  }
  return out;
}

// Exact preflop enumerations (every board of the deck's rest, all cores): the targets.
void enumerate_preflop(benchmark::State& state, std::initializer_list<const char*> hands, bool hi_lo) {
  const std::vector<CardSet> holes = hands_of(hands);
  for (auto _ : state) benchmark::DoNotOptimize(enumerate_omaha(holes, CardSet(), CardSet(), hi_lo));
}

// PLO4 heads-up: C(44,5) = 1,086,008 boards (target at most 10 ms).
void BM_OmahaEnumeratePLO4HeadsUp(benchmark::State& state) {
  enumerate_preflop(state, {"AhAsKhQs", "JdTc9d8c"}, false);
}
BENCHMARK(BM_OmahaEnumeratePLO4HeadsUp)->Unit(benchmark::kMillisecond)->UseRealTime();

// PLO5 heads-up: C(42,5) = 850,668 boards (target at most 15 ms).
void BM_OmahaEnumeratePLO5HeadsUp(benchmark::State& state) {
  enumerate_preflop(state, {"AhAsKhQs2c", "JdTc9d8c7h"}, false);
}
BENCHMARK(BM_OmahaEnumeratePLO5HeadsUp)->Unit(benchmark::kMillisecond)->UseRealTime();

// PLO6 heads-up: C(40,5) = 658,008 boards (target at most 25 ms).
void BM_OmahaEnumeratePLO6HeadsUp(benchmark::State& state) {
  enumerate_preflop(state, {"AhAsKhQs2c3d", "JdTc9d8c7h6s"}, false);
}
BENCHMARK(BM_OmahaEnumeratePLO6HeadsUp)->Unit(benchmark::kMillisecond)->UseRealTime();

// PLO4 Hi/Lo heads-up: 1,086,008 boards (target at most 20 ms).
void BM_OmahaEnumeratePLO4HiLoHeadsUp(benchmark::State& state) {
  enumerate_preflop(state, {"Ah2h3sKs", "QdJdTc9c"}, true);
}
BENCHMARK(BM_OmahaEnumeratePLO4HiLoHeadsUp)->Unit(benchmark::kMillisecond)->UseRealTime();

// Three PLO4 hands: C(40,5) = 658,008 boards (target at most 30 ms).
void BM_OmahaEnumeratePLO4ThreeWay(benchmark::State& state) {
  enumerate_preflop(state, {"AhAsKhQs", "JdTc9d8c", "7h7d6s5s"}, false);
}
BENCHMARK(BM_OmahaEnumeratePLO4ThreeWay)->Unit(benchmark::kMillisecond)->UseRealTime();

// One Omaha hand against a random hand, 100,000 trials (the unit of work of the orderings behind
// percentage ranges, `equity order`) on every core; the CPU time is the process's, so items/s are
// trials a second per core.
void BM_OmahaEquityVsRandom(benchmark::State& state) {
  const char* hands[] = {"", "", "", "", "AsAcKsKc", "AsAcKsKc9d", "AsAcKsKc9d8d"};
  const CardSet hand = hands_of({hands[state.range(0)]}).front();
  for (auto _ : state) benchmark::DoNotOptimize(omaha_equity_vs_random(hand, 100000, 1));
  state.SetItemsProcessed(state.iterations() * 100000);
}
BENCHMARK(BM_OmahaEquityVsRandom)->Arg(4)->Arg(5)->Arg(6)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

}  // namespace
