#pragma once
// The games' engines: each way a game makes a hand (game.hpp's HandMaking) has its own reader,
// planner and methods: Hold'em's (any five of hole and board cards: plan.cpp, calculate.cpp),
// Omaha's (two hole and three board cards: omaha_calculate.cpp) and the own-card games' (stud and
// the draw games: stud_calculate.cpp). plan() asks the question's game for its engine's plan and
// calculate() the plan's engine for its answer: neither tests which game it is. Private to the library.
#include <cstddef>
#include <string_view>
#include <vector>

#include "equity/calculate.hpp"
#include "equity/game.hpp"
#include "equity/plan.hpp"
#include "equity/stopwatch.hpp"

namespace equity::detail {

struct PlannedQuestion;
struct PlayerHands;

// What a side pot that leaves out a player with a range (not a specific hand, nor drawn at random)
// can be counted as, in the words of the stacks' message (pot.cpp's check_pot()): "" where it is.
struct SidePotWords {
  std::string_view refused;   // never counted: why
  std::string_view weighted;  // not counted over a weighted range: why
  std::string_view too_many;  // not counted over more than kSidePotHands hands: why, after the number
};

struct Engine {
  Plan (*plan)(const Question& question);                      // reads, checks and plans a question
  Answer (*answer)(const Plan& plan, const Stopwatch& clock);  // runs the plan's method
  // The hands of the players `who` as card sets, for side pots and runs over ranges counted way by
  // way (assignments.hpp); null where no question asks for them (the own-card games').
  PlayerHands (*hands)(const PlannedQuestion& s, const std::vector<std::size_t>& who);
  // Whether the plan's method counts the side pots itself, in the main pot's pass (Hold'em's
  // grouped and board enumerations); null: none of the engine's methods does.
  bool (*counts_side_pots)(Method method, ExactMethod exact_method);
  SidePotWords side_pots;
};

// The engine of the games whose hand is made as `game`'s is.
const Engine& engine_of(Game game);

// Hold'em's and short deck's (calculate.cpp, plan.cpp, assignments.cpp).
Plan plan_holdem(const Question& question);
Answer answer_holdem(const Plan& plan, const Stopwatch& clock);
PlayerHands holdem_hands(const PlannedQuestion& s, const std::vector<std::size_t>& who);
// Omaha's (omaha_calculate.cpp, assignments.cpp).
PlayerHands omaha_hands(const PlannedQuestion& s, const std::vector<std::size_t>& who);

}  // namespace equity::detail
