#pragma once
// The own-card games' engine (engine.hpp; stud_calculate.cpp): plan() hands every
// question whose game makes a hand of the player's own cards alone (HandMaking::own_cards) to
// plan_stud(), and calculate(plan) a plan with a stud deal to answer_stud(). Private to the library.
#include "equity/calculate.hpp"
#include "equity/plan.hpp"
#include "equity/stopwatch.hpp"

namespace equity::detail {

// Automatic enumerates a stud question of three or more players when its deals (stud_deals(): the
// walk's showdowns) are at most this, about a second on two cores (three players on fifth street:
// 2.1 x 10^8); two players are always swept when exact can count them.
inline constexpr double kStudAutomaticDeals = 3e8;
// Automatic sweeps two players when the completions the sweeps count, each with its sets of cards
// (stud_work(), times five sweeps for Hi/Lo, one more with the outcomes by category), are at most
// this, about a second on two cores: four cards to come each on third street (5 x 10^6; Hi/Lo 2.6 x
// 10^7), a player of two down cards not known against one of four (stud and razz 7.9 x 10^8: 0.4 to
// 0.5 s, by category 0.7 to 0.8 s; stud Hi/Lo 3.9 x 10^9, 0.9 s, its low and its scoops read mostly
// from the other lines' sums: stud_sweep.hpp). Stud Hi/Lo's by category (4.7 x 10^9, 1.2 s) is
// sampled unless exact is asked for.
inline constexpr double kStudAutomaticSweepWork = 4e9;
// Exact asked for takes on at most this many deals (about ten minutes).
inline constexpr double kStudExactDeals = 1e11;
// Quick (run on the calling thread): at most this many deals, or completions to score heads-up.
inline constexpr double kQuickStudWork = 2e5;
// Per-combo equity by each way's own question (the ways of a player's hidden down cards, when the
// answer's count does not give them): each exact when the work of all of them (deals, or heads-up
// completions scored) is within automatic's kStudAutomaticDeals (--exact: kStudExactDeals), a way
// counting at least kStudWayWork; else each its own Monte Carlo run, at most kStudSampledWays of them
// (about 4 ms each heads-up on two cores at the per-combo standard error).
inline constexpr double kStudWayWork = 1e4;
inline constexpr double kStudSampledWays = 3000;

Plan plan_stud(const Question& question);
Answer answer_stud(const Plan& plan, const Stopwatch& clock);

}  // namespace equity::detail
