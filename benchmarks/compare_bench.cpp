// The questions of ../shared/peers/ompeval/compare.py, one benchmark each, asked of calculate() as
// the command line asks them (`equity HANDS --board B --exact --no-table`; Monte Carlo rows with
// --mc --stderr), so that a change that slows one row shows up:
//   ./equity_benchmarks --benchmark_filter=Compare
// Monte Carlo rows report seconds x (reached stderr / target)^2 as compare.py does, in the counter
// "equal_stderr_ms".
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "equity/calculate.hpp"

using namespace equity;

namespace {

void ask(benchmark::State& state, std::vector<std::string> players, std::string board, double stderr_target) {
  Question q;
  q.players = std::move(players);
  q.board = std::move(board);
  q.use_table = false;
  if (stderr_target > 0) {
    q.method = Method::monte_carlo;
    q.target_stderr = stderr_target;
    q.seed = 1;
  } else {
    q.method = Method::exact;
  }
  double scaled = 0;
  for (auto _ : state) {
    const Answer a = calculate(q);
    if (stderr_target > 0) {
      const double ratio = a.players[0].standard_error.value_or(0) / stderr_target;
      scaled += a.seconds * ratio * ratio;
    }
    benchmark::DoNotOptimize(a);
  }
  if (stderr_target > 0) state.counters["equal_stderr_ms"] = 1e3 * scaled / static_cast<double>(state.iterations());
}

#define EQUITY_COMPARE_ROW(name, unit, ...)                                   \
  void BM_Compare##name(benchmark::State& state) { ask(state, __VA_ARGS__); } \
  BENCHMARK(BM_Compare##name)->Unit(benchmark::unit)->UseRealTime()

EQUITY_COMPARE_ROW(HandVsHandPreflop, kMicrosecond, {"AsAc", "KhQh"}, "", 0);
EQUITY_COMPARE_ROW(SuitedClassVsPairPreflop, kMicrosecond, {"AKs", "QQ"}, "", 0);
EQUITY_COMPARE_ROW(ThreeHandsPreflop, kMicrosecond, {"AsAc", "KhKd", "7c6c"}, "", 0);
EQUITY_COMPARE_ROW(SixHandsPreflop, kMicrosecond, {"AsAc", "KhKd", "QsQh", "JcTc", "9d9h", "7c6c"}, "", 0);
EQUITY_COMPARE_ROW(RangeVsRandomPreflop, kMicrosecond, {"QQ+,AKs", "random"}, "", 0);
EQUITY_COMPARE_ROW(SmallRangesOnAFlop, kMicrosecond, {"AA,KK", "QQ,JJ"}, "2c7d9h", 0);
EQUITY_COMPARE_ROW(SmallRangesOnAFlop2, kMicrosecond, {"AKs,AQs,KQs", "TT,99,88"}, "Ts9h2c", 0);
EQUITY_COMPARE_ROW(MediumRangesOnAFlop, kMicrosecond, {"QQ+,AKs,AKo", "JJ,TT,99,AQs,KQs"}, "Kh8s3d", 0);
EQUITY_COMPARE_ROW(HandVsSmallRangeOnAFlop, kMicrosecond, {"AhKh", "QQ,JJ"}, "Qh7h2c", 0);
EQUITY_COMPARE_ROW(SmallRangesOnATurn, kMicrosecond, {"AKs,QQ", "JJ,TT,99"}, "Ks7h2c9d", 0);
EQUITY_COMPARE_ROW(WideRangesOnAFlop, kMillisecond, {"22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+", "99+,AJs+,KQs,AQo+"}, "Kh8s3d",
                   0);
EQUITY_COMPARE_ROW(ThreeRangesOnAFlop, kMicrosecond, {"QQ+,AKs", "JJ,TT", "AQs"}, "Kh8s3d", 0);
EQUITY_COMPARE_ROW(HandVsHandOnARiver, kMicrosecond, {"AhKh", "QsQc"}, "Qh7h2c9d3s", 0);  // the fixed cost
EQUITY_COMPARE_ROW(MonteCarloRandomVsRandom, kMillisecond, {"random", "random"}, "", 1e-4);
EQUITY_COMPARE_ROW(MonteCarloHandVsRandom, kMillisecond, {"AsAc", "random"}, "", 2e-4);
EQUITY_COMPARE_ROW(MonteCarloThreeRangesWithRandom, kMillisecond, {"QQ+,AKs", "JJ,TT,99,AQs", "random"}, "", 5e-4);
EQUITY_COMPARE_ROW(MonteCarloHandVsFourRandom, kMillisecond, {"AhKh", "random", "random", "random", "random"}, "",
                   5e-4);

}  // namespace
