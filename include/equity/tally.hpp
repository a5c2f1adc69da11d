#pragma once
// One player's tally of showdowns: what every counting method of every game says of a player, in
// one type. The Omaha methods (omaha_enumeration.hpp, omaha_equity.hpp) and the stud and draw
// methods (stud_equity.hpp) count into it directly; Hold'em's and short deck's methods count
// their own way (range_equity.hpp: half pots in kShareUnit, weighted sums beside) and the answer
// reads their counts into it, so that one builder makes every player's answer from a tally.
//
// A pot has one part (the high; razz's and the draw lowball games' low) or two (Hi/Lo: the high
// half and the low half; the split draw games: the two halves by their rankings). A part's
// showdowns from the player's side: its best value alone (wins), shared (ties), beaten (losses).
// In a two-part pot where the second part may go to nobody (an 8-or-better low that no one makes:
// the high takes the whole pot), a showdown without it is none of the second part's three.
#include <array>
#include <cstddef>
#include <cstdint>

#include "equity/evaluator.hpp"

namespace equity {

struct PartTally {
  std::uint64_t wins = 0, ties = 0, losses = 0;

  PartTally& operator+=(const PartTally& o) {
    wins += o.wins;
    ties += o.ties;
    losses += o.losses;
    return *this;
  }
  friend bool operator==(const PartTally&, const PartTally&) = default;
};

struct PlayerTally {
  std::array<PartTally, 2> parts{};  // [0] the high (razz and lowball: the low), [1] the second half
  std::uint64_t pot_units = 0;       // the pot won, kPotUnits (pot.hpp) a showdown
  std::uint64_t scoops = 0;          // the whole pot alone (a one-part pot: the wins)
  std::uint64_t lows = 0;            // a two-part pot whose second part may go to nobody: showdowns
                                     // where the player makes it (a qualifying low)
  // Showdowns by the category of the player's own hand (the high's Category; razz's a
  // LowCategory) and, where the method counts them (the outcomes by category), those of them where
  // part 0 is won alone and shared.
  std::array<std::uint64_t, kCategories> categories{}, category_wins{}, category_ties{};

  PlayerTally& operator+=(const PlayerTally& o) {
    for (std::size_t i = 0; i < parts.size(); ++i) parts[i] += o.parts[i];
    pot_units += o.pot_units;
    scoops += o.scoops;
    lows += o.lows;
    for (std::size_t c = 0; c < kCategories; ++c) {
      categories[c] += o.categories[c];
      category_wins[c] += o.category_wins[c];
      category_ties[c] += o.category_ties[c];
    }
    return *this;
  }
  friend bool operator==(const PlayerTally&, const PlayerTally&) = default;
};

}  // namespace equity
