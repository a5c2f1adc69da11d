#pragma once
// The reference evaluator: a plain, obviously-correct scorer kept as the oracle for the fast one.
//
// score_five() scores a 5-card hand from its ranks and whether it is a flush: category in bits
// 20..23, then the ranks that break ties, most significant first, 4 bits each. Larger is better.
// reference_score() is the best score over every 5-card subset of 5, 6 or 7 cards (best of 21).
#include <array>
#include <cstdint>
#include <span>

#include "equity/cards.hpp"

namespace equity {

using ReferenceScore = std::uint32_t;

// ranks: five values 0 ('2') .. 12 ('A'), any order, at most four equal.
ReferenceScore score_five(std::array<int, 5> ranks, bool flush);

// 5, 6 or 7 distinct cards.
ReferenceScore reference_score(std::span<const Card> cards);

// The category (0 high card .. 8 straight flush) of a reference score.
constexpr int score_category(ReferenceScore score) { return static_cast<int>(score >> 20); }

}  // namespace equity
