#pragma once
// The planner: the one place that chooses how a question is answered.
//
// plan() reads and checks the question, prepares its deal once, counts the work each method would
// take and chooses, by counting work and never by timing, so that the same question gets the
// same method on any machine, thread count and load:
//  1. table: heads-up preflop questions of whole classes or specific hands, when the game has a
//     preflop table and it is found (table_location.hpp), without a category breakdown; three-way
//     Hold'em preflop questions of three specific hands or whole classes when the table directory's
//     threeway/ holds every class triple they need (three_way_table.hpp);
//  2. exact by sweep or plain showdowns: heads-up ranges on a known board (each completed board's
//     combos ranked once: at most 1,176 boards x 1,326 combos evaluated, whatever the ranges),
//     whichever counts less work (HeadsUpWork, per_combo.hpp); three to six players on a board
//     by plain showdowns when their counted work is below the grouped enumeration's;
//  3. exact by grouped enumeration when the showdowns to enumerate (combo assignments up to suit
//     symmetry x boards) are at most exact_showdown_limit() for the street;
//  4. Monte Carlo otherwise, to a standard error of kDefaultStderr.
// Each exact method says what it takes and the work it would count (src/api/method_offer.hpp); the
// planner keeps the cheapest candidate. A method asked for in the question is planned as asked (and
// refused in its own words when it cannot answer).
// calculate(plan) then runs what was planned; calculate(question) is calculate(plan(question)).
// Front ends ask the plan what they need to know beforehand (Plan::quick: whether to run on the
// calling thread) instead of deriving it again.
#include <memory>
#include <string>

#include "equity/calculate.hpp"

namespace equity {

namespace detail {
struct PlannedQuestion;
}

struct Plan {
  Method method = Method::exact;                      // what runs: table, exact or monte_carlo
  ExactMethod exact_method = ExactMethod::automatic;  // exact: grouped, boards or sweep
  ExactWork work;                                     // the work counted (none for the table)
  std::string reason;                                 // why this method, in a sentence
  // With per_combo or distribution: how each combo's equity is found (table, exact or monte_carlo).
  Method per_combo_method = Method::automatic;
  // Answered within a fraction of a second whatever the machine: by the table, or by an exact
  // enumeration of at most kQuickShowdowns showdowns (a sweep: kQuickSweepHands hands ranked),
  // and no per-combo work. Front ends run such questions on the calling thread.
  bool quick = false;
  std::shared_ptr<const detail::PlannedQuestion> question;  // the question read and prepared
};

inline constexpr double kQuickShowdowns = 1e7;
inline constexpr double kQuickSweepHands = 1e6;

// Reads, checks and plans the question. Throws InputError for a bad question (as calculate()).
Plan plan(const Question& question);

// Runs a plan. Throws Cancelled when the question's cancel flag is raised.
Answer calculate(const Plan& plan);

}  // namespace equity
