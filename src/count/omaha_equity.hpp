#pragma once
// Omaha equity of ranges against ranges: the deal checked and prepared, exact counts over every
// non-conflicting assignment of the players' hands and every board, and Monte Carlo.
//
// Exact (omaha_ranges_exact): board by board. Each board completing the known one has every hand
// of every range scored once (omaha_high and, Hi/Lo, omaha_low), then every assignment of one hand
// per player with no card twice is a showdown of those scores, weighted by the product of the
// hands' weights. The work is the boards times the hands scored plus the showdowns
// (omaha_work()); a specific hand is a range of one. Each showdown is scored by
// score_omaha_showdown(), the one pot accounting of omaha_enumeration.hpp. Two wide PLO4 ranges
// (and PLO8's) are counted by a sweep instead (OmahaExactMethod below): the same integers.
//
// Monte Carlo (omaha_monte_carlo): as Hold'em's (monte_carlo.hpp): chunks of kMonteCarloChunk
// trials, chunk c drawing from its own stream (seed, c), the chunks added in chunk order, so a
// seed gives the same numbers on any thread count. A specific hand is out of the deck; a player
// of "random" gets hole cards dealt from the deck with the board; every other range's hand is
// drawn in proportion to its weight, and the whole deal is redrawn when two drawn hands share a
// card, so that accepted deals follow the exact enumeration's distribution.
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "count/monte_carlo.hpp"
#include "equity/cards.hpp"
#include "equity/combo_equity.hpp"
#include "equity/game.hpp"
#include "equity/omaha_enumeration.hpp"
#include "equity/omaha_range.hpp"

namespace equity {

// The question: an Omaha game, one range per player, the known board and dead cards.
struct OmahaDeal {
  Game game = Game::omaha;
  std::vector<OmahaRange> ranges;  // 2..10 players, of the game's hole cards
  std::vector<Card> board;         // 0, 3, 4 or 5 cards
  std::vector<Card> dead;
};

// The deal checked, its known cards removed from the ranges.
struct OmahaPrepared {
  Game game = Game::omaha;
  int hole_cards = 4;
  bool hi_lo = false;
  CardSet board, dead;
  CardSet known;  // board, dead cards and the specific hands
  int cards_to_come = 5;
  // Per player: every hand at weight 1 ("random"), dealt from the deck; its hands are not listed.
  std::vector<bool> random;
  std::vector<std::vector<OmahaCombo>> combos;  // per player but random ones: the hands left
  std::vector<double> hands;                    // per player: how many hands are left
  bool weighted = false;                        // some hand's weight is not 1

  std::size_t players() const { return random.size(); }
};

// Checks and prepares the deal: 2..10 players, a board of 0, 3, 4 or 5 cards, no card twice among
// board, dead cards and specific hands ("card Ah appears twice (again in player 2)"), a range with
// hands left, enough cards to deal. Throws InputError.
OmahaPrepared prepare_omaha(const OmahaDeal& deal);

// What one showdown gave one player: the best high alone or shared, and the pot units won.
struct OmahaOutcome {
  bool won = false, tied = false;
  std::uint64_t units = 0;
};

// Showdowns (or trials) counted: the pot accounting's counts (each player's PlayerTally, his best
// high by category won alone and tied among them), and with weights the weighted sums.
struct OmahaTally {
  OmahaCounts counts;  // showdowns: the assignments times the boards
  double weight = 0;   // the showdowns' weights added up (each the product of its hands' weights)
  std::vector<double> weighted_wins, weighted_ties, weighted_units;  // per player

  OmahaTally() = default;
  explicit OmahaTally(std::size_t players);
  OmahaTally& operator+=(const OmahaTally& o);
  // Scores one showdown of weight `w` (score_omaha_showdown()); with `outcomes` (one per player),
  // also says what each player got.
  void score(std::span<const HandRank> highs, std::span<const LowRank> lows, bool hi_lo, double w,
             OmahaOutcome* outcomes = nullptr);
  // The pot share won on average, weighted.
  double equity(std::size_t p) const;
};

// The work of the exact enumeration, counted before it runs.
struct OmahaWork {
  int cards_to_come = 0;
  std::uint64_t boards = 0;  // boards per assignment
  double outer_boards = 0;   // boards walked: completions from the cards no specific hand holds
  double assignments = 0;    // upper bound: the product of the players' hand counts
  double hands = 0;          // the players' hand counts added up
  double showdowns = 0;      // assignments x boards
  double evaluations = 0;    // hands scored: outer boards x hands
  // The sweep's work without per-hand counts (omaha_sweep_applies()): the outer boards times the
  // hands counted (one player's when both hold the same hands, else both players' times
  // kOmahaSweepTwoRangesWork: a hand of two ranges costs more, queried or taken in products) plus
  // kOmahaSweepBoardWork, the work of each board beside its hands (ranking the classes, sorting,
  // the products of the counters); and the boards of three cards of a suit or more (all of them
  // preflop) times the hands counted times kOmahaSweepFlushWork (hands of two cards of that suit
  // are ranked and counted one by one: such a board costs about three times another).
  double sweep = 0;
};
inline constexpr double kOmahaSweepBoardWork = 4000, kOmahaSweepFlushWork = 2, kOmahaSweepTwoRangesWork = 1.4;
OmahaWork omaha_work(const OmahaPrepared& prep);

// How omaha_ranges_exact() counts. walk: board by board, every assignment a showdown (above).
// sweep: two players of four-card hands, weights of 1 (omaha_sweep_applies()): on each
// board each player's hands ranked and sorted, and the opponent's hands of lower and of equal rank
// that share no card with a hand counted by inclusion and exclusion over the subsets of its cards
// (counters of every set of up to three cards the hands below it hold): the work is the boards
// times the hands, not times the assignments. High only without per-hand counts, by groups of equal rank:
// each class of hands (their four ranks) ranked once a board, and a group's pairs with the hands
// below it from products of the counters (omaha_equity.cpp). Hi/Lo's sweep is hand by hand, its
// counts of the other's hands below a low from a Fenwick tree of counters over their lows
// (omaha_hilo_sweep.cpp). automatic: the sweep where it applies and
// both players have 64 hands or more, else the walk. The counts are the same either way.
enum class OmahaExactMethod { automatic, walk, sweep };

bool omaha_sweep_applies(const OmahaPrepared& prep);
// Whether the sweep without per-hand counts goes by groups of equal rank (four-card hands, high
// only); else hand by hand, as with them.
bool omaha_sweep_groups(const OmahaPrepared& prep);
// Whether automatic takes the sweep.
bool omaha_sweeps(const OmahaPrepared& prep);

struct OmahaExactOptions {
  const std::atomic<bool>* cancel = nullptr;              // checked between parts; throws Cancelled
  std::function<void(double)> progress;                   // the fraction done, from the calling thread
  OmahaExactMethod method = OmahaExactMethod::automatic;  // sweep where it does not apply: InputError
};

// Per player, every hand it may hold (prep.combos[p], or for a random player every hand of the
// cards not known, in increasing order of their masks) with its counts (combo_equity.hpp): `combo`
// its index in that list, `cards` its cards, `weight` its weight; wins, ties and losses of the
// high over the showdowns it plays in, `share` the pot units it won, and the weighted sums weighted
// by the product of the other players' hands' weights (weighted_share in pots).
using OmahaPerCombo = std::vector<std::vector<ComboEquity>>;

// Every non-conflicting assignment times every board. Threads as the caller's arena gives; the
// counts never depend on them. With `per_combo`, also every hand's counts (OmahaPerCombo), from the
// same count: each leaf of the walk adds its outcome to the hand each player holds in it; the sweep
// adds each hand's wins, ties and showdowns on each board as it counts them (the same integers).
// The hands' counts add up to the player's (wins, ties, losses, pot units). automatic with
// `per_combo` walks (the sweep only when asked for).
OmahaTally omaha_ranges_exact(const OmahaPrepared& prep, const OmahaExactOptions& options = {},
                              OmahaPerCombo* per_combo = nullptr);

// The deal with player p holding `hand` alone (a specific hand, weight 1), prepared again: the
// other players' hands that share a card with it removed. Throws InputError when that leaves the
// deal impossible (the hand then meets no opponent).
OmahaPrepared with_hand(const OmahaPrepared& prep, std::size_t p, CardSet hand);

struct OmahaMonteCarloResult {
  std::uint64_t trials = 0;    // accepted deals
  std::uint64_t rejected = 0;  // deals redrawn because two drawn hands shared a card
  std::uint64_t seed = 0;
  std::string stopped_by;  // "stderr", "trials", "time" or "cancelled"
  double seconds = 0;
  OmahaTally tally;
  std::vector<double> standard_error;  // per player, of equity
};

// Needs a stopping rule (monte_carlo.hpp's limits); throws InputError otherwise, and Cancelled
// when cancelled before a chunk ran. by_category, deals_per_board: not used (categories are
// always counted; boards are never shared).
OmahaMonteCarloResult omaha_monte_carlo(const OmahaPrepared& prep, const MonteCarloOptions& options);

}  // namespace equity
