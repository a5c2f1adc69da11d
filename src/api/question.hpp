#pragma once
// The question as the planner (plan.cpp) and the executor (calculate.cpp) share it: read and
// checked once, its deal prepared once. Private to the library.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "count/monte_carlo.hpp"
#include "count/omaha_equity.hpp"
#include "equity/calculate.hpp"
#include "equity/deal.hpp"
#include "equity/enumeration.hpp"
#include "equity/plan.hpp"
#include "equity/range.hpp"
#include "equity/range_equity.hpp"
#include "equity/stopwatch.hpp"
#include "equity/stud_equity.hpp"
#include "equity/stud_hand.hpp"

namespace equity::detail {

// A player as the answer names it; its range is the deal's (Parsed::deal.ranges), kept once: a
// weighted Range holds 10 kB of weights, and each copy of it was microseconds of a first run.
struct Player {
  std::string label;  // a hand as "AsAc", a range in canonical form
  bool specific = false;
  // What a side pot the player is left out of counts him as (pot.cpp): his cards known (a specific
  // hand's, a stud hand's seen ones), out of the deck for the others' question, which is exact
  // when the rest of his cards are drawn at random (a specific hand, random, a stud hand): removable.
  CardSet known;
  bool removable = false;
  // His hands are every hand of the cards not known, dealt from the deck and never listed (an
  // Omaha game's random: PLO6's are 20 million): the joint sampler deals them, runs refuse them.
  bool dealt = false;
};

struct Parsed {
  std::vector<Player> players;
  RangeDeal deal;
  std::vector<std::string> warnings;  // from reading the ranges
};

// Reads the players, board and dead cards in the game's terms; throws InputError naming the bad
// token and where it is ("player 2", "board").
Parsed parse_question(const Question& q);
// The options' own contradictions and limits; throws InputError.
void check_options(const Question& q);

// One combo's own question, for per-combo equity that is neither swept nor read from the table.
struct ComboTask {
  std::size_t player = 0;
  WeightedCombo combo;
};

// The deal with player p holding one combo, at weight 1.
RangeDeal with_combo(const RangeDeal& deal, std::size_t p, int combo);

// The Monte Carlo options a question asks for, in every game: its seed (or one drawn at random),
// its stopping rules (kDefaultStderr when it gives none), its cancel flag, and its progress
// reported as Progress from `clock` (both q and clock must outlive the run).
MonteCarloOptions monte_carlo_options(const Question& q, const Stopwatch& clock);

// The method asked for, with what the options imply: an exact method means exact, a Monte Carlo
// target Monte Carlo (every game's planner reads it so).
Method asked_method(const Question& q);

// Each player's Monte Carlo standard error and its 95% interval (equity -+ 1.96 standard errors,
// within 0..1), for the games whose Monte Carlo gives the errors apart (Omaha, stud).
void set_error_bars(Answer& a, const std::vector<double>& standard_error);

// What plan() read, decided and prepared, for calculate(plan).
struct PlannedQuestion {
  Question question;
  bool automatic = false;  // the method was left to the planner (the answer then says why it sampled)
  Parsed parsed;
  std::optional<PreparedDeal> prep;            // every method but the table's
  std::vector<SuitMap> symmetries;             // grouped and boards: the suit permutations that keep the question
  std::optional<std::filesystem::path> table;  // the table's directory, when it answers (or per-combo reads it)
  std::vector<ComboTask> combo_tasks;          // per combo by each combo's own question
  // An Omaha game's deal (omaha_calculate.hpp answers it; parsed then holds the players' labels,
  // the board and the dead cards, and no Hold'em ranges).
  std::optional<OmahaPrepared> omaha;
  std::vector<OmahaRange> omaha_ranges;  // the Omaha players' ranges as read (what --hits breaks down)
  // A stud game's deal (stud_calculate.hpp answers it; parsed then holds the players' labels and
  // the dead cards).
  std::optional<StudDeal> stud;
  std::vector<StudHand> stud_hands;  // its players as read (a random one's unknown set to the street)
  // Per-combo equity of the stud games: each way of the players' hidden down cards counted by the
  // answer's own exact count (StudExactOptions::hidden), or else each way's own question.
  bool stud_ways_with_answer = false;
  bool serial = false;  // the work is small enough to run on the calling thread, without oneTBB
};

// Whether the question asks for the pot by stacks or dead money, and for more runs or two boards.
inline bool asks_pot(const Question& q) { return !q.stacks.empty() || !q.folded.empty() || q.pot > 0; }
inline bool asks_runouts(const Question& q) { return q.runs != 1 || !q.board2.empty(); }

// The cards of a question's text (its board, second board, dead cards) as a set; InputError naming
// `what` as parse_cards() does.
inline CardSet card_set(std::string_view text, std::string_view what) {
  CardSet set;
  for (Card c : parse_cards(text, what)) set.insert(c);
  return set;
}
// The question asked again, as it was (its game, board, cards, method and limits, its seed moved on
// by `seed_step`), without the extras the answer to it adds: per-combo equity, distributions, hits,
// categories, progress, runs and two boards; the stacks and dead money are the caller's to keep.
Question sub_question(const Question& q, std::uint64_t seed_step);

// With stacks or dead money (Question::stacks, pot): checks that every side pot can be counted
// (every player left out of one removable, or in Hold'em and short deck a range counted with the
// side pot in one pass; throws InputError naming him), planned with the question as `plan` says.
void check_pot(const PlannedQuestion& s, const Plan& plan);
// The side pots of the question's stacks (layers of two players or more, not every one), in the
// order of its layers: what the Hold'em and short deck enumerations count in the same pass.
SidePots side_pots_of(const Question& q);
// Whether a side pot leaves out a player whose cards are a range (not drawn at random): the
// grouped enumeration counts it in the same pass; another method would ask hand by hand.
bool side_pot_leaves_out_a_range(const PlannedQuestion& s);
// Whether the planned method counts the side pots in the same pass: Hold'em's and short deck's
// exact grouped enumeration and board walk.
bool counts_side_pots(const PlannedQuestion& s, Method method, ExactMethod exact_method);
// The side pots as the enumeration counted them (side_pots_of(q)'s order): what answer_pot() reads
// from Answer::pot before it answers the rest.
PotAnswer counted_side_pots(const Question& q, const RangeEquityResult& r);
// The same from each side pot's pot units (kPotUnits a showdown) by player, over `showdowns`.
PotAnswer counted_side_pots(const Question& q, std::uint64_t showdowns,
                            const std::vector<std::vector<std::uint64_t>>& units);
// The pot's layers answered (pot.cpp): the first layer's shares are the answer's equities; a side
// pot's are those counted with them (a.pot, from counted_side_pots()), else those of a question of
// its players with the others' known cards dead.
PotAnswer answer_pot(const PlannedQuestion& s, const Answer& a);
// Two boards with stacks: each board wins half of every pot, so each share and each player's chips
// are the average of the first board's (`first`, from the answer) and the second board's (its own
// question, the first board's cards out of the deck). No integer counts: the boards count different
// deals.
PotAnswer two_board_pot(const PlannedQuestion& s, const PotAnswer& first);
// With runs or two boards (Question::runs, board2; runouts.cpp): checks them (specific hands, a
// board game, cards enough; throws InputError naming runs or board2), and counts them.
void check_runouts(const PlannedQuestion& s);
RunoutAnswer answer_runouts(const PlannedQuestion& s);

}  // namespace equity::detail
