#pragma once
// The Omaha games' engine (engine.hpp; omaha_calculate.cpp): plan() hands every
// question whose game makes a hand of two hole and three board cards to plan_omaha(), and
// calculate(plan) a plan with an Omaha deal to answer_omaha(). Private to the library.
#include "equity/calculate.hpp"
#include "equity/plan.hpp"
#include "equity/stopwatch.hpp"

namespace equity::detail {

// Automatic enumerates an Omaha question when its showdowns are within exact_showdown_limit() for
// the street and the hands to score (boards walked x the players' hands) are at most this: a hand
// against random on the turn (44 x 135,751) is enumerated, on the flop (990 x 135,751) sampled.
inline constexpr double kOmahaEvaluationLimit = 2e7;
// Automatic enumerates by the sweep without per-hand counts (its groups of equal rank) when its work
// (OmahaWork::sweep: boards x the hands counted, 4,000 a board, and twice the hands again on each
// board of three cards of a suit) is at most this: random against random on a rainbow flop
// (1,176 x (211,876 + 4,000) + 198 x 2 x 211,876 = 337,773,072) in about 1.5 s on two cores; on a
// two-tone or monotone flop it is sampled. Per-combo questions by the sweep keep
// kOmahaEvaluationLimit.
inline constexpr double kOmahaSweepLimit = 3.4e8;
// Automatic enumerates Hi/Lo heads-up by the sweep hand by hand (omaha_hand_sweep.cpp) when the
// hands to score are at most this: PLO8's `A2**` against `$ds` on a flop (1,176 x 40,138 =
// 47,202,288) in about 1.7 s on two cores, random against random on a flop (about 498 million)
// sampled; five-card hands, high or Hi/Lo, at most kOmahaFiveCardSweepLimit (a hand costs about
// three times as much: 30 subsets, not 14): `AA***` against `KK***` on a turn (48 x 166,584 =
// 7,996,032) in about 0.7 s (Hi/Lo 1.1 s).
inline constexpr double kOmahaHandSweepLimit = 5e7, kOmahaFiveCardSweepLimit = 1.5e7;
// Exact asked for takes on at most this many hands to score (about an hour on two cores).
inline constexpr double kOmahaExactLimit = 1e10;
// Quick (run on the calling thread): at most this many hands scored and showdowns.
inline constexpr double kQuickOmahaWork = 2e5;

// Per-combo equity (and the distribution) lists at most this many hands exactly (every PLO4 hand
// on a river against a hand), and samples at most kOmahaSampledHands, each its own Monte Carlo run.
inline constexpr double kOmahaPerComboHands = 5e5;
inline constexpr double kOmahaSampledHands = 3000;

Plan plan_omaha(const Question& question);
Answer answer_omaha(const Plan& plan, const Stopwatch& clock);

}  // namespace equity::detail
