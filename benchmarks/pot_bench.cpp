// The pot as dealt (issue 39): side pots by stacks against the same question without them, running
// it twice and two boards, each through calculate() as the command line asks it. Warm (the second
// and later questions of the process); the figures are the question's own seconds in a new
// process, which `equity ... --json` prints.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "equity/calculate.hpp"

namespace {

using equity::Game;
using equity::Question;

Question question(Game game, std::vector<std::string> players, std::string board) {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.board = std::move(board);
  q.use_table = false;
  return q;
}

void run(benchmark::State& state, const Question& q) {
  for (auto _ : state) benchmark::DoNotOptimize(equity::calculate(q));
}

// Three players preflop, exact: without stacks, and with a side pot (the target: at most 10% more).
void BM_PotThreeWayPreflop(benchmark::State& state) {
  Question q = question(Game::holdem, {"AsAc", "KdKc", "QsQh"}, "");
  if (state.range(0)) q.stacks = {100, 100, 40};
  run(state, q);
}
BENCHMARK(BM_PotThreeWayPreflop)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// Six players on a flop: without stacks, and with five side pots.
void BM_PotSixOnAFlop(benchmark::State& state) {
  Question q = question(Game::holdem, {"AsAc", "KdKc", "QsQh", "JhTh", "9d9c", "5s4s"}, "2c7d8h");
  if (state.range(0)) q.stacks = {10, 20, 30, 40, 50, 60};
  run(state, q);
}
BENCHMARK(BM_PotSixOnAFlop)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond)->UseRealTime();

// The Omaha and stud cases: three players, a side pot (Omaha preflop, stud on fourth street).
void BM_PotOmahaThreeWayPreflop(benchmark::State& state) {
  Question q = question(Game::omaha, {"AsKsQhJh", "9c9d8c7d", "6s6h5d4d"}, "");
  if (state.range(0)) q.stacks = {100, 250, 40};
  run(state, q);
}
BENCHMARK(BM_PotOmahaThreeWayPreflop)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_PotStudThreeWay(benchmark::State& state) {
  Question q = question(Game::stud, {"AsKsQdJh", "7c7d8h9h", "2c2d5s6h"}, "");
  if (state.range(0)) q.stacks = {100, 250, 40};
  run(state, q);
}
BENCHMARK(BM_PotStudThreeWay)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// Two ranges left out of the side pots of four players preflop: counted in the grouped pass.
void BM_PotRangesLeftOut(benchmark::State& state) {
  Question q = question(Game::holdem, {"AsKs", "QQ+,AK", "7c7d", "JJ,TT"}, "");
  if (state.range(0)) q.stacks = {250, 40, 100, 70};
  run(state, q);
}
BENCHMARK(BM_PotRangesLeftOut)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// Run it twice heads-up on a flop, exact: 893,970 pairs of runouts (target at most 10 ms).
void BM_RunTwiceHeadsUpFlop(benchmark::State& state) {
  Question q = question(Game::holdem, {"AsAc", "KdKc"}, "Kh7s2c");
  q.runs = 2;
  run(state, q);
}
BENCHMARK(BM_RunTwiceHeadsUpFlop)->Unit(benchmark::kMillisecond)->UseRealTime();

// Two boards with both flops known: Hold'em heads-up (target 5 ms), PLO4 heads-up (10 ms) and
// three-way (100 ms).
void BM_TwoBoards(benchmark::State& state) {
  const bool omaha = state.range(0) > 0;
  Question q = omaha ? question(Game::omaha, {"AsKsQhJh", "9c9d8c7d", "2h2d3c4s"}, "Kh7s2c")
                     : question(Game::holdem, {"AsAc", "KdKc"}, "Kh7s2c");
  if (omaha && state.range(0) == 1) q.players.pop_back();
  q.board2 = "Td5d3h";
  run(state, q);
}
BENCHMARK(BM_TwoBoards)
    ->ArgName("holdem0_plo1_plo3way2")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
