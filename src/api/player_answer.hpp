#pragma once
// The one builder of a player's answer (calculate.hpp's PlayerAnswer) from his tally (tally.hpp),
// whatever the game and the method: the Omaha, stud and draw methods' tallies as they count them,
// Hold'em's and short deck's counts read into one (tally_of()); and the one per-combo line of a
// hand's counts (combo_line()).
#include <cstdint>

#include "equity/calculate.hpp"
#include "equity/cards.hpp"
#include "equity/combo_equity.hpp"
#include "equity/pot.hpp"
#include "equity/tally.hpp"
#include "question.hpp"

namespace equity::detail {

// What the answer shows of a tally beside part 0's wins, ties and losses.
struct TallyShown {
  bool pot_units = true;     // the pot units (Hold'em and short deck: exact answers without weights)
  bool halves = false;       // a pot of two halves: the scoops, the second half's wins and ties, the lows
  bool by_category = false;  // the showdowns by category, and those won alone and shared
};

// The player's answer but its equity (each method's own arithmetic) and what only some methods
// give (weighted sums, standard errors, per-combo lines).
PlayerAnswer player_answer(const Player& player, std::uint64_t combos, const PlayerTally& t, TallyShown shown);

// Hold'em's and short deck's counts (RangePlayerCounts, MonteCarloPlayer: the pot in kShareUnit
// units) as a tally: one part, the pot units kPotUnits a showdown.
template <class Counts>
PlayerTally tally_of(const Counts& c) {
  PlayerTally t;
  t.parts[0] = {c.wins, c.ties, c.losses};
  t.scoops = c.wins;
  t.pot_units = c.share * (kPotUnits / kShareUnit);
  t.categories = c.category;
  t.category_wins = c.category_wins;
  t.category_ties = c.category_ties;
  return t;
}

// One hand's counts as its per-combo line (weight 1): `index` its place in the player's list,
// `cards` the hand, over `showdowns` showdowns (or trials) of which `part` says part 0's.
ComboEquity combo_line(int index, CardSet cards, std::uint64_t showdowns, const PartTally& part,
                       std::uint64_t pot_units);

}  // namespace equity::detail
