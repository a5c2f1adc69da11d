#pragma once
// Running the board more than once (Question::runs) and two boards (Question::board2, a bomb pot):
// every run, or each board, wins an equal part of the pot, the runs dealt one after another from
// what the earlier ones left, both boards from the one deck. A player's expected share of the pot
// is one run's (one board's on average), which calculate() counts as always; what more runs and two
// boards change is the spread, so the answer adds how often each player takes every part, some
// or none: counted over every sequence of runouts (or pair of boards) with no card twice, or
// sampled where they are too many.
#include <cstdint>
#include <string>
#include <vector>

#include "equity/game.hpp"

namespace equity {

struct RunoutAnswer {
  int runs = 1;        // the board's runs (run it N times; with two boards, both boards each run)
  int boards = 1;      // boards dealt: 2 for two boards (each wins half), else 1
  int parts = 1;       // parts of the pot: runs x boards, each won on its own
  std::string board2;  // two boards: the second board's known cards, canonical
  bool exact = true;   // every sequence counted, else sampled
  // Exact: the sequences of runouts with no card twice (one runout a part: a run's cards, or one
  // board's); Monte Carlo: the sequences sampled.
  std::uint64_t deals = 0;
  std::uint64_t seed = 0;  // Monte Carlo
  // Per player: deals where he took k of the parts alone (scooped them: the best high alone and,
  // in Hi/Lo, the best low alone or no low), k = 0..parts; and the pot won over the deals in units
  // of 5,040 a part (a deal is worth 5,040 x parts).
  std::vector<std::vector<std::uint64_t>> scooped;
  std::vector<std::uint64_t> pot_units;
  // Per player: the share of the pot won on average (pot_units / (5,040 x parts x deals)), and with
  // Monte Carlo its standard error.
  std::vector<double> equity, standard_error;
};

}  // namespace equity
