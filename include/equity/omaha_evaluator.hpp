#pragma once
// Omaha hands: a hand is exactly two of the player's hole cards (4, 5 or 6 of them) and exactly
// three of the five board cards, for the high hand and, in the Hi/Lo games, separately for the low.
//
// The high is a HandRank of Hold'em's ranking (evaluator.hpp: 0..7461, bigger is better, equal
// ranks split; category_of() and hand_name() read it). The low is A-5 with an 8-or-better
// qualifier: five distinct ranks from A (low) to 8, straights and flushes not counting against it.
#include <cstdint>
#include <string>

#include "equity/cards.hpp"
#include "equity/evaluator.hpp"

namespace equity {

// A low hand: 0 when none qualifies, else 1..56 (the C(8,5) lows), bigger is better: 1 is
// 8-7-6-5-4, 56 the wheel 5-4-3-2-A.
using LowRank = std::uint8_t;
inline constexpr LowRank kNoLow = 0;
inline constexpr int kLowRanks = 57;

// The best high of exactly two of `hole` (2..6 cards) and exactly three of `board` (5 cards).
HandRank omaha_high(CardSet hole, CardSet board);
// The best 8-or-better low of the same, or kNoLow.
LowRank omaha_low(CardSet hole, CardSet board);

// The five ranks of a low, highest first, 0 = ace .. 7 = eight: {5,4,3,2,1} is 6-5-4-3-2.
std::array<int, 5> low_ranks(LowRank low);
// "8-6-4-2-A", "5-4-3-2-A (the wheel)", "no low".
std::string low_name(LowRank low);

}  // namespace equity
