#pragma once
// Exact equity of ranges against ranges.
//
// Every assignment of one combo per player with no card twice is a Deal; enumerate() counts its
// boards exactly and the counts are summed over assignments. Assignments that are the same up to
// a permutation of the suits that maps the board, the dead cards and every weighted range to
// themselves have the same counts, so only the lexicographically smallest of each orbit is
// enumerated and its counts are multiplied by the orbit's size. Work runs in parallel over the
// first player's combos with one accumulator per combo, combined in combo order, so results do
// not depend on the number of threads.
//
// A table-backed fast path (preflop heads-up, no board or dead cards) plugs in where
// enumerate_ranges() computes the counts of an assignment orbit: it returns the same
// RangeEquityResult.
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "equity/cards.hpp"
#include "equity/deal.hpp"  // RangeDeal, prepare(), suit_symmetries()
#include "equity/enumeration.hpp"
#include "equity/evaluator.hpp"
#include "equity/range.hpp"

namespace equity {

// Per player, summed over every non-conflicting combo assignment and every board.
struct RangePlayerCounts {
  std::uint64_t wins = 0;    // showdowns won alone
  std::uint64_t ties = 0;    // showdowns with the best hand shared
  std::uint64_t losses = 0;  // showdowns lost
  std::uint64_t share = 0;   // pot won, in units of 1/kShareUnit of a showdown
  // The same, each showdown weighted by the product of the players' combo weights (equal to the
  // integer counts when no range has weights).
  double weighted_wins = 0, weighted_ties = 0, weighted_losses = 0, weighted_share = 0;
  // Only with by_category: showdowns ending with this player's best hand in each category, and
  // those of them won alone or tied.
  std::array<std::uint64_t, kCategories> category{}, category_wins{}, category_ties{};

  RangePlayerCounts& operator+=(const RangePlayerCounts& o);
};

// Per side pot (ExactOptions::side_pots), each player's share of it, as RangePlayerCounts::share
// and weighted_share count the whole pot's (0 for the players not in it).
struct SidePotCounts {
  std::array<std::uint64_t, kMaxPlayers> share{};
  std::array<double, kMaxPlayers> weighted_share{};
};

struct RangeEquityResult {
  std::uint64_t assignments = 0;  // non-conflicting combo assignments
  std::uint64_t boards = 0;       // boards per assignment (the same for every assignment)
  // Sum over assignments of the product of combo weights. When those products would underflow
  // (weights such as 1e-200 for two players), every weighted figure (this and the players'
  // weighted counts) is scaled by one power of two that makes the largest product about 1; the
  // equities, ratios, are unchanged.
  double total_weight = 0;
  bool weighted = false;            // some combo weight is not 1
  std::uint64_t orbits = 0;         // assignments actually enumerated after suit symmetry
  int symmetries = 1;               // suit permutations that leave the question unchanged
  std::vector<std::size_t> combos;  // per player: combos left after card removal
  std::vector<RangePlayerCounts> players;
  std::vector<SidePotCounts> side_pots;  // as ExactOptions::side_pots asked

  std::uint64_t showdowns() const { return assignments * boards; }
  // Weighted when weights are given: weighted_share / (kShareUnit * total_weight * boards).
  double equity(std::size_t p) const;
  // The same of side pot l's.
  double side_pot_equity(std::size_t l, std::size_t p) const;

 private:
  double share_of_pot(std::uint64_t share, double weighted_share) const;
};

struct ExactOptions {
  bool walk_every_board = false;  // evaluate boards one by one instead of enumerate()'s grouping
  bool by_category = false;       // fill the category counts (walks every board)
  bool use_symmetry = true;
  // Side pots counted in the same pass (enumeration.hpp): every assignment's showdowns of each.
  // Not with the showdowns method.
  SidePots side_pots;
  // Called from one thread with the fraction done (0..1): after the first block of assignments,
  // then at most every quarter of a second.
  std::function<void(double)> progress;
  // Checked before the work and between blocks of assignments: once it is true,
  // enumerate_ranges() throws Cancelled (error.hpp).
  const std::atomic<bool>* cancel = nullptr;
};

RangeEquityResult enumerate_ranges(const RangeDeal& deal, const ExactOptions& options = {});
// The same for a deal prepared already (prepare()) with its suit symmetries (suit_symmetries(); the
// identity alone when options.use_symmetry is false), as the planner keeps them.
RangeEquityResult enumerate_ranges(const PreparedDeal& prep, const std::vector<SuitMap>& symmetries,
                                   const ExactOptions& options = {});

// Three to six players on a known board by plain showdowns (per_combo.hpp): each combo of every
// range ranked once per completed board, every two players' combos compared into sets of boards
// (above, equal), then every assignment counted from those sets, 64 boards to a word; no suit
// symmetry, no categories. The same counts as enumerate_ranges(). In
// parallel with oneTBB when `parallel`; the numbers do not depend on it. Throws InputError unless
// showdowns_take(prep) and there are at least three players.
inline constexpr std::size_t kMaxShowdownPlayers = 6;
inline constexpr double kMaxShowdownAssignments = 2e5;
bool showdowns_take(const PreparedDeal& prep);  // 2..6 players, a board, few enough assignments
RangeEquityResult enumerate_showdowns(const PreparedDeal& prep, bool parallel = true);
// Its counted work, in about nanoseconds of one core (as HeadsUpWork, per_combo.hpp).
double multiway_showdowns_cost(const PreparedDeal& prep);

// Whether enumerate_ranges() takes on a deal of `assignments` combo assignments (the product of
// the players' combo counts), `boards` boards each and `symmetries` suit symmetries: at most 10
// million assignments up to symmetry, and every count within 64 bits. It refuses the rest with an
// InputError.
bool exact_enumeration_fits(double assignments, std::uint64_t boards, std::size_t symmetries);

}  // namespace equity
