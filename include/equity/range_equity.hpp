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
#include "equity/enumeration.hpp"
#include "equity/evaluator.hpp"
#include "equity/range.hpp"

namespace equity {

// The question: one range per player, the known board and dead cards.
struct RangeDeal {
  std::vector<Range> ranges;  // 2..10 players
  std::vector<Card> board;    // 0, 3, 4 or 5 cards
  std::vector<Card> dead;
};

// The players' combos after card removal: board and dead cards, and the cards of every player
// whose range is one specific hand. Throws InputError for a bad player count or board, a card
// twice among board, dead cards and specific hands, a range left empty, or ranges that cannot be
// dealt together without sharing a card.
struct PreparedDeal {
  std::vector<std::vector<WeightedCombo>> combos;  // per player
  CardSet known;                                   // board and dead cards
  std::vector<Card> board, dead;
  int cards_to_come = 0;                           // board cards still to deal
  bool weighted = false;                           // some combo weight is not 1
};
PreparedDeal prepare(const RangeDeal& deal);

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
};

struct RangeEquityResult {
  std::uint64_t assignments = 0;      // non-conflicting combo assignments
  std::uint64_t boards = 0;           // boards per assignment (the same for every assignment)
  // Sum over assignments of the product of combo weights. When those products would underflow
  // (weights such as 1e-200 for two players), every weighted figure (this and the players'
  // weighted counts) is scaled by one power of two that makes the largest product about 1; the
  // equities, ratios, are unchanged.
  double total_weight = 0;
  bool weighted = false;              // some combo weight is not 1
  std::uint64_t orbits = 0;           // assignments actually enumerated after suit symmetry
  int symmetries = 1;                 // suit permutations that leave the question unchanged
  std::vector<std::size_t> combos;    // per player: combos left after card removal
  std::vector<RangePlayerCounts> players;

  std::uint64_t showdowns() const { return assignments * boards; }
  // Weighted when weights are given: weighted_share / (kShareUnit * total_weight * boards).
  double equity(std::size_t p) const;
};

struct ExactOptions {
  bool walk_every_board = false;  // evaluate boards one by one instead of enumerate()'s grouping
  bool by_category = false;       // fill the category counts (walks every board)
  bool use_symmetry = true;
  // Called now and then from one thread with the fraction done (0..1).
  std::function<void(double)> progress;
  // Checked now and then: once it is true, enumerate_ranges() throws Cancelled (error.hpp).
  const std::atomic<bool>* cancel = nullptr;
};

RangeEquityResult enumerate_ranges(const RangeDeal& deal, const ExactOptions& options = {});

// A quick estimate of the seconds enumerate_ranges() would take with `threads` threads: the
// number of orbits to enumerate (an upper bound: the product of the combo counts divided by the
// symmetries) times the measured time of one assignment. Infinity when the counts could overflow.
double estimate_exact_seconds(const RangeDeal& deal, int threads, const ExactOptions& options = {});

// The suit permutations (as suit -> suit maps) that map the board, the dead cards and every
// range with its weights to themselves; the identity first.
std::vector<std::array<int, kSuits>> suit_symmetries(const RangeDeal& deal);

}  // namespace equity
