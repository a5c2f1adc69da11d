#pragma once
// The one call behind every front end: a whole question in, a whole answer out.
//
// The command line, the web server and the Python module each fill a Question from what their
// user typed, call calculate(), and show the Answer (to_json() in equity/answer_json.hpp gives the
// JSON all of them print). Everything a front end would otherwise decide lives here: parsing the
// players, board and dead cards; finding the preflop table; choosing the method; running it on
// the requested number of threads with progress and cancellation.
//
// Choosing the method (Method::automatic) is the planner's (plan.hpp): by counting work, never by
// timing, so the same question gets the same method on any machine, thread count and load.
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "equity/board_hits.hpp"
#include "equity/combo_equity.hpp"
#include "equity/distribution.hpp"
#include "equity/evaluator.hpp"
#include "equity/game.hpp"
#include "equity/pot.hpp"
#include "equity/runouts.hpp"
#include "equity/table_location.hpp"

namespace equity {

enum class Method { automatic, table, exact, monte_carlo };
// How exact answers are enumerated. grouped: boards grouped by ranks, flushes by suit
// (enumeration.hpp); boards: every board evaluated one by one (an independent check; the Omaha
// games' one exact method, omaha_equity.hpp); sweep: heads-up ranges on a known board, each
// board's combos ranked once (per_combo.hpp); showdowns: the same question with each board's
// combos ranked once and every pair of combos compared (per_combo.hpp), cheaper for small ranges.
// automatic: where they apply and the players are not two specific hands, whichever of showdowns
// and sweep counts less work, else grouped.
enum class ExactMethod { automatic, grouped, boards, sweep, showdowns };

// "auto", "table", "exact", "monte-carlo"; parse_method() throws InputError for anything else.
std::string_view method_name(Method method);
Method parse_method(std::string_view text);
// "auto", "grouped", "boards", "sweep", "showdowns"; likewise.
std::string_view exact_method_name(ExactMethod method);
ExactMethod parse_exact_method(std::string_view text);

// The standard error Monte Carlo aims at when no target is given.
inline constexpr double kDefaultStderr = 5e-4;
// The standard error each combo's Monte Carlo estimate aims at, when per-combo equity needs it.
inline constexpr double kDefaultPerComboStderr = 2.5e-3;
// Seeds are whole numbers below 2^53, so that a JavaScript client can repeat a run.
inline constexpr std::uint64_t kMaxSeed = (std::uint64_t{1} << 53) - 1;
// A seed drawn at random, from 0 to kMaxSeed.
std::uint64_t random_seed();

// Where a long computation stands, reported now and then from the calling thread.
struct Progress {
  Method method = Method::exact;  // exact or monte_carlo
  double fraction = 0;            // 0..1, an estimate for Monte Carlo with a standard-error target
  std::uint64_t trials = 0;       // Monte Carlo: deals so far
  double worst_stderr = 0;        // Monte Carlo: the largest standard error so far
  double seconds = 0;             // since the computation started
  // With per_combo or distribution: false while the players' equity is computed, true while each
  // combo's is (fraction starts again from 0 for this second stage).
  bool per_combo = false;
};

struct Question {
  Game game = Game::holdem;
  std::vector<std::string> players;  // 2..10 hands ("AsAc", "As Ac", "A♠A♣") or ranges ("QQ+,AKs", "random")
  std::string board;                 // 0, 3, 4 or 5 cards, e.g. "Ks7h2c"
  std::string dead;                  // cards out of the deck
  std::string order = "equity";      // the ordering percentage ranges ("15%") read (hand_order.hpp)
  Method method = Method::automatic;
  ExactMethod exact_method = ExactMethod::automatic;  // other than automatic: implies exact
  bool by_category = false;                           // per player: showdowns ending in each hand category
  // Per player: every combo's equity against the other players (and per class); see per_combo.hpp.
  // Heads-up with a board: exact by sweep; heads-up preflop of whole classes: from the table; else
  // each combo's own question, exact when the showdowns of all of them together are within the
  // street's limit, else Monte Carlo to per_combo_stderr for each combo.
  bool per_combo = false;
  double per_combo_stderr = kDefaultPerComboStderr;
  // Per player, with a board of 3 to 5 cards: what the range hits on the board alone (made hands
  // and draws, board_hits.hpp; only the board and dead cards remove combos).
  bool hits = false;
  // Per player: the range's combos sorted by equity, as a curve and in buckets (distribution.hpp);
  // computed from per-combo equity as per_combo says (the answer holds the combos only when
  // per_combo is asked for too).
  bool distribution = false;
  // Monte Carlo stopping rules (0: off); none given means target_stderr = kDefaultStderr.
  double target_stderr = 0;
  std::uint64_t max_trials = 0;
  double max_seconds = 0;
  std::optional<std::uint64_t> seed;  // Monte Carlo; none: drawn at random (below 2^53)
  // What is in the pot (pot.hpp): each player's chips in it, all in (empty: no stacks), and the
  // dead money of players who folded. With either, Answer::pot gives each player's expected chips
  // back, layer by layer (the main pot and the side pots). Exact Hold'em and short deck, and Omaha of
  // specific hands, count every side pot in the main pot's pass (each deal's pots to the best hands
  // among their own players);
  // elsewhere a side pot's players are counted with the others' cards out of the deck: every player
  // left out of one holds a specific hand (or random, or a stud hand), by the method asked for.
  // `folded`: the chips of players who folded, each in the layers of the pot they reach as the bets
  // were made (a hand history's), where the dead money `pot` is the main pot's.
  std::vector<double> stacks;
  std::vector<double> folded;
  double pot = 0;
  // Run it `runs` times (runouts.hpp): each run deals the rest of the board from what the earlier
  // ones left and wins 1/runs of the pot; or two boards: board2 the second board's known cards (0,
  // 3, 4 or 5; "" one board), each board winning half. The answer counts the first board as always
  // (with board2's cards out of the deck) and adds Answer::runouts: each player's share over every
  // part and how often he takes every part, some or none. Over ranges, exactly for every way they
  // hold their hands (whole combos, at most 20,000 ways; docs/json.md), else sampled with them.
  int runs = 1;
  std::string board2;
  // The draw games (GameRules::draws > 0): the draws still to come, 1 up to the game's (0: one).
  // The last draw is counted exactly; more are sampled under the drawing rule (docs/draw.md).
  int draws = 0;
  // The drawing rule's thresholds as ranks ("9", "T"; empty: the game's default; draw_rule.hpp).
  std::string draw_pat, draw_keep;
  int threads = 0;  // worker threads; 0: all cores
  // The preflop table's directory; empty: found as table_location.hpp says. use_table = false
  // never reads it.
  std::string table_dir;
  bool use_table = true;
  std::function<void(const Progress&)> progress;  // optional
  // Optional: raise it to stop. Monte Carlo then answers with the trials so far (stopped_by
  // "cancelled", without per-combo equity or distributions); calculate() throws Cancelled when
  // none were dealt, and for the other methods (an exact answer has no honest part).
  const std::atomic<bool>* cancel = nullptr;
};

using CategoryCounts = std::array<std::uint64_t, kCategories>;

struct PlayerAnswer {
  std::string hand;          // a specific hand as "AsAc", a range in canonical form ("QQ+,AKs")
  bool specific = false;     // one hand rather than a range
  std::uint64_t combos = 0;  // combos left after card removal (board, dead cards, specific hands)
  std::uint64_t wins = 0;    // showdowns (exact) or trials (Monte Carlo) won alone
  std::uint64_t ties = 0;    // ... with the best hand shared
  std::uint64_t losses = 0;  // ... lost
  double equity = 0;         // pot share won on average, weighted by the combos' weights
  // Exact with weights: the showdowns weighted by the product of the combos' weights.
  std::optional<double> weighted_wins, weighted_ties, weighted_losses;
  // Monte Carlo: the standard error of equity and its 95% interval (equity -+ 1.96 stderr).
  std::optional<double> standard_error;
  std::optional<std::array<double, 2>> ci95;
  // With by_category: showdowns or trials ending with this player's best hand in each category
  // (index = Category), and those of them won alone or tied.
  std::optional<CategoryCounts> category, category_wins, category_ties;
  // The pot shares won, kPotUnits (5,040) a showdown (exact) or a trial (Monte Carlo), so that
  // every split is a whole number: equity = pot_units / (kPotUnits x showdowns) without weights.
  // Omaha and stud games (Answer::pot_units set: their JSON shows it); in Hold'em and short deck
  // exact answers without weights only (their JSON does not show it). wins, ties and losses count
  // the high hand (the whole pot in the high-only games).
  std::optional<std::uint64_t> pot_units;
  // Omaha Hi/Lo games: showdowns or trials where this player took the whole pot alone (the best
  // high alone, and the best low alone or no low made), had the best 8-or-better low alone, shared
  // it, and made one at all.
  std::optional<std::uint64_t> scoops, low_wins, low_ties, lows;
  // With per_combo: every combo of the range left after card removal, in combo order, and the same
  // added up per class (combo = the class index), in table order.
  std::vector<ComboEquity> per_combo, per_class;
  std::optional<HitTable> hits;              // with hits: board_hits(), or omaha_board_hits() in the Omaha games
  std::optional<Distribution> distribution;  // with distribution
};

struct Answer {
  Game game = Game::holdem;
  Method method = Method::exact;  // what ran: table, exact or monte_carlo
  std::string reason;             // why automatic chose Monte Carlo ("" otherwise)
  // The draw games with draws before the last: the drawing rule the players follow in them
  // (describe() of draw_rule.hpp), a model of play the answer depends on ("" otherwise).
  std::string draw_rule;
  std::string board, dead;  // canonical ("Ks7h2c"), empty when none
  double seconds = 0;       // computing time, table reads included
  std::vector<std::string> warnings;
  std::vector<PlayerAnswer> players;
  Method per_combo_method = Method::automatic;  // with per_combo: table, exact or monte_carlo
  std::uint64_t pot_units = 0;                  // Omaha and stud games: the units of one pot (5,040); 0 otherwise
  std::optional<PotAnswer> pot;                 // with stacks or dead money (Question::stacks, pot)
  std::optional<RunoutAnswer> runouts;          // with runs or two boards (Question::runs, board2)

  // Table and exact: every non-conflicting combo assignment times every board.
  std::uint64_t boards = 0;                           // boards per assignment
  std::uint64_t assignments = 0;                      // non-conflicting combo assignments
  bool weighted = false;                              // some combo weight is not 1
  std::string table_dir;                              // table: the directory read
  ExactMethod exact_method = ExactMethod::automatic;  // exact: grouped, boards, sweep or showdowns
  std::uint64_t orbits = 0;                           // grouped and boards: assignments enumerated after suit symmetry
  int symmetries = 1;  // grouped and boards: suit permutations that leave the question unchanged

  // Monte Carlo.
  std::uint64_t trials = 0;    // accepted deals
  std::uint64_t rejected = 0;  // deals redrawn because two players shared a card
  std::uint64_t seed = 0;
  std::uint64_t deals_per_board = 1;  // trials sharing each board dealt
  std::string stopped_by;             // "stderr", "trials", "time" or "cancelled" (see Question::cancel)

  std::uint64_t showdowns() const { return assignments * boards; }
};

// Answers the question. Throws InputError for a bad question (the message names the bad token
// and says where: "player 2", "board"), Cancelled when question.cancel is raised (but a Monte Carlo
// run with trials dealt answers with them, stopped_by "cancelled").
Answer calculate(const Question& question);

// The work exact enumeration of the question would take, and the limit automatic compares it with.
struct ExactWork {
  int cards_to_come = 0;     // board cards still to deal
  std::uint64_t boards = 0;  // boards per assignment
  double assignments = 0;    // upper bound: the product of the players' combo counts
  double combos = 0;         // the players' combo counts added up (a sweep ranks each on every board)
  int symmetries = 1;        // suit permutations that leave the question unchanged
  double showdowns = 0;      // assignments / symmetries x boards
  bool sweep = false;        // enumerated by sweep (heads-up ranges on a board), whatever the showdowns
  bool enumerable = true;    // Method::exact takes the question on (a sweep, or few enough assignments)
};
ExactWork exact_work(const Question& question);

// Automatic enumerates when exact_work().showdowns is at most this for the board cards to come:
// 1 million on the river, 40 million on the turn, 300 million on the flop, 6 billion preflop
// (each about a second on two cores).
double exact_showdown_limit(int cards_to_come);

}  // namespace equity
