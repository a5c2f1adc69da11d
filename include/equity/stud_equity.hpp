#pragma once
// Exact equity of the stud family (stud, stud Hi/Lo, razz) for players whose cards are known so far
// (3 on third street .. 7 on the river, up cards and down cards alike), counted over every way to
// deal each player the rest of a seven-card hand from the cards left (the deck less every known
// and dead card), no card dealt twice.
//
// Heads-up (the sweep): not pair by pair (third street is C(46,4) x C(42,4) = 1.8 x 10^10
// pairs of completions) but by a sweep. Each player's completions (the sets of cards to come, 163,185
// on third street) are scored once under the game (stud_scorer.hpp) and sorted by value, part by
// part. The first player's completions are then walked in increasing order of value while the
// second's of lower value are counted in: the number of those that share no card with a completion
// X is, by inclusion and exclusion over the subsets S of X's cards,
//     sum over S of (-1)^|S| x (the counted completions that contain S),
// kept in counters for every set of 1 .. b - 1 cards (b the second player's cards to come; a set of
// b cards is a completion: whether it is counted is its value against the threshold). So wins and
// ties are the work of the completions times their subsets, not of the pairs.
//
// Stud Hi/Lo needs no two-dimensional count for the pot: its share is a sum of one-dimensional
// ones. With pot units U, a pair where neither player has a low gives the high's winner U (U/2 each
// for a tie); any other pair gives U/2 to the high's winner and U/2 to the low's (quarters for a
// tie). So player 1's units are
//     U/2 (high wins) + U/4 (high ties)             over every pair
//   + U/2 (high wins) + U/4 (high ties)             over the pairs with no low on either side
//   + U/2 (low wins)  + U/4 (low ties)              over every pair (a low against none wins)
// and the pairs with no low on either side are a product (the completions with no low on each
// side), so each line is one sweep: high, high restricted to the no-low completions, low. Only
// the scoops need both comparisons at once: stud_scoop.hpp's sweep, its counters rows by low.
//
// More players (the walk): every deal, player by player, each player's completions that share no
// card with those dealt before, each deal a showdown of the values scored once per completion; the
// last player's completions grouped by how their values compare with the others' best, a group one
// weighted showdown. The work is the deals (stud_deals()): for later streets (three players on
// fifth street: 2.1 x 10^8 deals, about a second).
//
// The counts never depend on the thread count.
//
// Monte Carlo (src/count/stud_monte_carlo.hpp, stud_monte_carlo()) samples what exact does not
// count: a player with more than four cards to come (down cards not seen), and many players on
// early streets. Each trial deals every player's cards to come from the cards left by a partial
// Fisher-Yates shuffle (the community card first when there is one), scores each hand once and
// counts one showdown as the walk does, into the same StudCounts (a trial a showdown); chunks of
// trials from their own random streams, as Hold'em's and Omaha's, so a seed gives the same counts
// on any thread count.
#include <array>
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "equity/cards.hpp"
#include "equity/draw_rule.hpp"
#include "equity/omaha_enumeration.hpp"
#include "equity/stud_scorer.hpp"
#include "equity/tally.hpp"

namespace equity {

// One way of a player's down cards dealt and not known (StudExactOptions::hidden): the cards, and
// the player's counts over the deals where he holds them (the counts of the question with these
// cards among his own): the showdowns, part 0's (the high; razz's low) won alone, shared, lost,
// and the pot units won.
struct StudHiddenCounts {
  CardSet cards;
  std::uint64_t showdowns = 0, wins = 0, ties = 0, losses = 0, pot_units = 0;
  friend bool operator==(const StudHiddenCounts&, const StudHiddenCounts&) = default;
};

struct StudCounts {
  StudGame game = StudGame::stud;
  // Each player's tally (tally.hpp): parts[0] the high (razz: the low), parts[1] stud Hi/Lo's low
  // (a showdown where nobody has a low is none of its three: no_low counts them); category_wins and
  // category_ties only with StudExactOptions::by_category (MonteCarloOptions::by_category).
  std::vector<PlayerTally> players;
  std::uint64_t showdowns = 0;  // every deal of the cards to come
  std::uint64_t no_low = 0;     // stud Hi/Lo: showdowns where no player has a low (the high scoops)
  // With StudExactOptions::hidden: per player (empty for one with none), every way of his down cards
  // not known, each set of that many of the cards left once, in colex order of the cards left (by
  // increasing card id). Each deal of the cards to come is C(k, u) of these showdowns (k his cards
  // to come, u of them hidden): the sums are C(k, u) times the player's counts.
  std::vector<std::vector<StudHiddenCounts>> hidden{};

  // The pot share won on average.
  double equity(std::size_t p) const;
  friend bool operator==(const StudCounts&, const StudCounts&) = default;
};

// The question: the game, each player's known cards (0..7: a card not seen, such as another
// player's down card, is one to come for the count), dead cards (seen folded, or out).
//
// When the cards left cannot give every player the rest of a seven-card hand, and no player holds
// a seventh card yet, the seventh card is one community card dealt face up to all (the rules of
// stud; eight players on third street need 32 cards of the 28 left): counted over every such card.
//
// The draw games' last draw is the same count (docs/draw.md): a player's cards to come are his
// draws, dealt from the cards not seen, each hand `cards` cards (5; badugi 4), and no community card.
struct StudDeal {
  StudGame game = StudGame::stud;
  std::vector<std::vector<Card>> hands;
  std::vector<Card> dead;
  int cards = 7;               // each player's cards at the showdown
  bool community_card = true;  // stud's rule when the cards run out; false: too few cards is an error
  // The draw games' draws after the next one (0: the next draw is the last), each by `rule`:
  // stud_monte_carlo() samples them (stud_exact() throws InputError).
  int later_draws = 0;
  DrawRule rule{};
  // Per player (missing: none), the cards drawn in each draw after the next one when given
  // (9h7d5c/2/1/0: {1, 0}); the rule keeps the cards it values most (draw_keep_count()).
  std::vector<std::vector<int>> later_counts{};
  // The draw games' rule when the cards drawn run past the stub (the cards not seen): the dead
  // cards, the discards known, are shuffled into a new stub, as the rules reshuffle the discards;
  // stud_monte_carlo() samples it (stud_exact() throws InputError: stud_stub_runs_out()). False:
  // too few cards is an error (or stud's community card).
  bool reshuffle = false;
};

// How stud_exact() counts: automatic is the sweep for two players, else the walk; sweep with other
// than two players is an InputError. Both give the same integers.
enum class StudExactMethod { automatic, sweep, walk };

// Every deal of the cards to come. Threads as the caller's arena gives. Throws InputError for
// fewer than 2 or more than 10 players, a hand of more than 7 cards, a card twice ("card Ah
// appears twice (again in player 2)"), too few cards left to deal even with a community card, or a
// player with more than four cards to come besides a community card (exact counts third street's
// four at most; stud_monte_carlo() samples the rest).
struct StudExactOptions {
  StudExactMethod method = StudExactMethod::automatic;
  // The walk checks it between deals of the first player's completions, the sweep between its
  // groups of equal value (and every 4,096 completions of the scoops'); raised: Cancelled.
  const std::atomic<bool>* cancel = nullptr;
  // Count each player's category_wins and category_ties. Heads-up it sweeps the high (razz: the
  // low) a second time from the second player's side; the walk counts them at each showdown.
  bool by_category = false;
  // Per player (missing: 0), how many of his cards to come are down cards already dealt and not
  // known (a hand written (??)Qd: 2); each way of them is counted apart into StudCounts::hidden.
  // Heads-up from the sweep's counts per completion (the pot's sweeps again from the second
  // player's side when he has some); more players from a walk with the player first (the answer's
  // walk for the first player, one more walk for each other), each completion's showdowns added to
  // every way of his hidden cards it holds. Throws InputError for more than his cards to come.
  std::vector<int> hidden{};
};
StudCounts stud_exact(const StudDeal& deal, const StudExactOptions& options = {});

// The deals of the cards to come (the showdowns counted; saturated at UINT64_MAX), for any deal
// stud_setup() accepts (throws as it does otherwise): the walk's work.
std::uint64_t stud_deals(const StudDeal& deal);

// Whether the deal's seventh card is a community card (see StudDeal). Throws as stud_deals().
bool stud_community_card(const StudDeal& deal);

// Whether the draw runs past the stub, its discards shuffled back in (StudDeal::reshuffle): the
// question is sampled. Throws as stud_deals().
bool stud_stub_runs_out(const StudDeal& deal);

// Every way of `hidden` cards of the cards left (the deck less every known and dead card), in the
// order of StudCounts::hidden: colex order of the cards left by increasing card id. Throws as
// stud_deals().
std::vector<CardSet> stud_hidden_ways(const StudDeal& deal, int hidden);

}  // namespace equity
