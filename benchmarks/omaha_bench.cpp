// Omaha micro-benchmarks: ./equity_benchmarks --benchmark_filter=Omaha
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "equity/calculate.hpp"
#include "equity/omaha_class_equity.hpp"
#include "equity/omaha_enumeration.hpp"
#include "equity/omaha_evaluator.hpp"

using namespace equity;

namespace {

struct OmahaDeal {
  CardSet hole, board;
};

// `count` (2^16 unless told) random deals of `hole_cards` hole cards and a five-card board, each
// from a fresh deck.
std::vector<OmahaDeal> random_deals(int hole_cards, std::size_t count = 1 << 16) {
  std::mt19937_64 rng(26);
  std::vector<OmahaDeal> deals(count);
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

// The same over 2^12 deals (64 KB, against the 1 MB above): each call still a new hole and board,
// but the deals no longer stream through the core's 2 MB L2 cache and push the evaluator's 1.1 MB
// table out of it, as a Monte Carlo loop that deals as it goes does not.
void BM_OmahaEvaluateRandomHandsFewDeals(benchmark::State& state) {
  const auto deals = random_deals(static_cast<int>(state.range(0)), 1 << 12);
  for (auto _ : state) {
    std::uint64_t sum = 0;
    for (const auto& d : deals) sum += omaha_high(d.hole, d.board);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(deals.size()));
}
BENCHMARK(BM_OmahaEvaluateRandomHandsFewDeals)->Arg(4)->Arg(5)->Arg(6);

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

// Building the evaluator's tables: done at build time by equity_gametablegen (linked in as constant
// data), and by the test that compares.
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

// Questions asked of calculate() as the CLI asks them (all cores; the targets): items/s of
// the Monte Carlo ones = trials a second, and `stderr` the standard error reached (player 1).
void ask_omaha(benchmark::State& state, std::vector<std::string> players, const char* board, double stderr_target,
               Game game = Game::omaha) {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.board = board;
  q.use_table = false;
  if (stderr_target > 0) {
    q.method = Method::monte_carlo;
    q.target_stderr = stderr_target;
    q.seed = 1;
  } else {
    q.method = Method::exact;
  }
  std::uint64_t trials = 0;
  double error = 0;
  for (auto _ : state) {
    const Answer a = calculate(q);
    trials += a.trials;
    error = a.players[0].standard_error.value_or(0);
    benchmark::DoNotOptimize(a);
  }
  if (stderr_target > 0) {
    state.SetItemsProcessed(static_cast<std::int64_t>(trials));
    state.counters["stderr"] = error;
  }
}

// `equity --game omaha AsKsQhJh random --mc --stderr 0.0005` (target at most 100 ms).
void BM_OmahaCalculateHandVsRandomToStderr5e4(benchmark::State& state) {
  ask_omaha(state, {"AsKsQhJh", "random"}, "", 0.0005);
}
BENCHMARK(BM_OmahaCalculateHandVsRandomToStderr5e4)->Unit(benchmark::kMillisecond)->UseRealTime();

// `random` against `random` on a PLO4 turn, exact (target at most 1 s): 48 rivers, each with
// 178,365 hands a side (the sweep of omaha_equity.hpp).
void BM_OmahaCalculateRandomVsRandomTurnExact(benchmark::State& state) {
  ask_omaha(state, {"random", "random"}, "Ks7h2c9d", 0);
}
BENCHMARK(BM_OmahaCalculateRandomVsRandomTurnExact)->Unit(benchmark::kMillisecond)->UseRealTime();

// Two ranges on a PLO4 flop, exact by the sweep (issue 38: at most 0.5 s and 2 s): `AA**` against
// `$ds` (6,121 and 28,512 hands) and `random` against `random` (211,876 a side), each of the 1,176
// turn and river pairs counted by groups of equal rank; and the same on the turn after them.
void BM_OmahaCalculateAcesVsDoubleSuitedFlopExact(benchmark::State& state) {
  ask_omaha(state, {"AA**", "$ds"}, "Kh7s2c", 0);
}
BENCHMARK(BM_OmahaCalculateAcesVsDoubleSuitedFlopExact)->Unit(benchmark::kMillisecond)->UseRealTime();
void BM_OmahaCalculateRandomVsRandomFlopExact(benchmark::State& state) {
  ask_omaha(state, {"random", "random"}, "Kh7s2c", 0);
}
BENCHMARK(BM_OmahaCalculateRandomVsRandomFlopExact)->Unit(benchmark::kMillisecond)->UseRealTime();
void BM_OmahaCalculateAcesVsDoubleSuitedTurnExact(benchmark::State& state) {
  ask_omaha(state, {"AA**", "$ds"}, "Kh7s2c3d", 0);
}
BENCHMARK(BM_OmahaCalculateAcesVsDoubleSuitedTurnExact)->Unit(benchmark::kMillisecond)->UseRealTime();
void BM_OmahaCalculateRandomVsRandomTurnKh7s2c3dExact(benchmark::State& state) {
  ask_omaha(state, {"random", "random"}, "Kh7s2c3d", 0);
}
BENCHMARK(BM_OmahaCalculateRandomVsRandomTurnKh7s2c3dExact)->Unit(benchmark::kMillisecond)->UseRealTime();

// Omaha Hi/Lo ranges on a flop, exact by its sweep (omaha_hilo_sweep.cpp), hand by hand: `A2**`
// against `$ds` on a flop of two low cards (most turn and river pairs make a low possible) and
// `AA**` against `KK**` on one of three.
void BM_OmahaHiLoCalculateAceDeuceVsDoubleSuitedFlopExact(benchmark::State& state) {
  ask_omaha(state, {"A2**", "$ds"}, "Kh7s2c", 0, Game::omaha_hilo);
}
BENCHMARK(BM_OmahaHiLoCalculateAceDeuceVsDoubleSuitedFlopExact)->Unit(benchmark::kMillisecond)->UseRealTime();
void BM_OmahaHiLoCalculateAcesVsKingsLowFlopExact(benchmark::State& state) {
  ask_omaha(state, {"AA**", "KK**"}, "7h4s2c", 0, Game::omaha_hilo);
}
BENCHMARK(BM_OmahaHiLoCalculateAcesVsKingsLowFlopExact)->Unit(benchmark::kMillisecond)->UseRealTime();
// PLO5 ranges on a turn by the same sweep (30 subsets a hand): `AA***` against `KK***` on
// `Qh7s2c9d` (83,292 hands a side, 48 rivers), high and Hi/Lo.
void BM_OmahaFiveCardCalculateAcesVsKingsTurnExact(benchmark::State& state) {
  ask_omaha(state, {"AA***", "KK***"}, "Qh7s2c9d", 0, Game::omaha5);
}
BENCHMARK(BM_OmahaFiveCardCalculateAcesVsKingsTurnExact)->Unit(benchmark::kMillisecond)->UseRealTime();
void BM_OmahaFiveCardHiLoCalculateAcesVsKingsTurnExact(benchmark::State& state) {
  ask_omaha(state, {"AA***", "KK***"}, "Qh7s2c9d", 0, Game::omaha5_hilo);
}
BENCHMARK(BM_OmahaFiveCardHiLoCalculateAcesVsKingsTurnExact)->Unit(benchmark::kMillisecond)->UseRealTime();

// `random` against `random` on a PLO4 flop, Monte Carlo to a standard error of 0.0005 (target at
// most 0.5 s).
void BM_OmahaCalculateRandomVsRandomFlopToStderr5e4(benchmark::State& state) {
  ask_omaha(state, {"random", "random"}, "Ks7h2c", 0.0005);
}
BENCHMARK(BM_OmahaCalculateRandomVsRandomFlopToStderr5e4)->Unit(benchmark::kMillisecond)->UseRealTime();

// Monte Carlo per trial on one thread (items: trials; CPU time, steadier than the wall clock on a
// shared machine): the trial loop of the two questions above.
void BM_OmahaMonteCarloPerTrial(benchmark::State& state, std::vector<std::string> players, const char* board) {
  Question q;
  q.game = Game::omaha;
  q.players = std::move(players);
  q.board = board;
  q.method = Method::monte_carlo;
  q.max_trials = 1'000'000;
  q.seed = 1;
  q.threads = 1;
  for (auto _ : state) benchmark::DoNotOptimize(calculate(q));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(q.max_trials));
}
BENCHMARK_CAPTURE(BM_OmahaMonteCarloPerTrial, hand_vs_random, std::vector<std::string>{"AsKsQhJh", "random"}, "")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_OmahaMonteCarloPerTrial, random_vs_random_flop, std::vector<std::string>{"random", "random"},
                  "Ks7h2c")
    ->Unit(benchmark::kMillisecond);

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
