#pragma once
// The games' engines: each way a game makes a hand (game.hpp's HandMaking) has its own reader,
// planner and methods: Hold'em's (any five of hole and board cards: plan.cpp, calculate.cpp),
// Omaha's (two hole and three board cards: omaha_calculate.cpp) and the own-card games' (stud and
// the draw games: stud_calculate.cpp). plan() asks the question's game for its engine's plan and
// calculate() the plan's engine for its answer: neither tests which game it is. Private to the library.
#include "equity/calculate.hpp"
#include "equity/game.hpp"
#include "equity/plan.hpp"
#include "equity/stopwatch.hpp"

namespace equity::detail {

struct Engine {
  Plan (*plan)(const Question& question);                      // reads, checks and plans a question
  Answer (*answer)(const Plan& plan, const Stopwatch& clock);  // runs the plan's method
};

// The engine of the games whose hand is made as `game`'s is.
const Engine& engine_of(Game game);

// Hold'em's and short deck's (calculate.cpp, plan.cpp).
Plan plan_holdem(const Question& question);
Answer answer_holdem(const Plan& plan, const Stopwatch& clock);

}  // namespace equity::detail
