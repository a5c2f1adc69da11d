#pragma once
// Monte Carlo equity of the stud family (stud_equity.hpp's question): for what exact does not count
// (a player with more than four cards to come, such as unknown down cards) or counts too slowly
// (many players on early streets).
//
// As Omaha's and Hold'em's (monte_carlo.hpp): chunks of kMonteCarloChunk trials, chunk c drawing
// from its own stream (seed, c), the chunks added in chunk order in rounds, the stopping rules
// checked between rounds, so that a seed gives the same numbers on any thread count. A trial deals
// every player's cards to come from the cards left (the deck less every known and dead card) by a
// partial Fisher-Yates shuffle, the community card first when the deal has one (stud_setup(): then
// it is every player's seventh card), scores each hand under the game once and counts one showdown
// as the exact walk does (stud_walk.hpp's stud_outcome()). The trials so follow exactly the
// distribution of stud_exact()'s deals, and the counts are its counts' kind, one trial a showdown.
#include <cstdint>
#include <string>
#include <vector>

#include "count/monte_carlo.hpp"
#include "equity/stud_equity.hpp"

namespace equity {

struct StudMonteCarloResult {
  StudCounts counts;                   // showdowns = trials; every StudCounts field filled as stud_exact fills it
  std::vector<double> standard_error;  // per player, of equity (pot share)
  std::uint64_t seed = 0;
  double seconds = 0;
  std::string stopped_by;  // "stderr", "trials", "time" or "cancelled"
};

// Needs a stopping rule (target_stderr, max_trials or max_seconds; deals_per_board does not apply:
// every trial deals everything). The categories made are always counted, their wins and ties
// (PlayerTally::category_wins, category_ties) with by_category. Throws
// InputError for the options check_stopping_rules() refuses and the deals stud_deals() refuses
// (any number of cards to come is sampled), Cancelled when cancel is raised before a chunk ran.
StudMonteCarloResult stud_monte_carlo(const StudDeal& deal, const MonteCarloOptions& options);

}  // namespace equity
