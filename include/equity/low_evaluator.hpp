#pragma once
// A-5 low hands of 5, 6 or 7 cards, for the stud family: razz's low (every hand has one, pairs
// count against it) and stud Hi/Lo's 8-or-better low (five distinct ranks 8 or lower, or none).
//
// Aces are low; straights and flushes do not count, so only the ranks matter. Both values are small
// integers and, as a HandRank, bigger is better and equal values split:
//  - RazzRank 0..6174, one for each rank multiset of five cards (at most four of a rank), ordered
//    by category, no pair (best) > one pair > two pair > three of a kind > full house > four of a
//    kind, then within a category by the ranks in tie-break order (pairs first, then kickers,
//    highest first, as a high hand's), the lower rank winning. 6174 is 5-4-3-2-A (the wheel),
//    6173 6-4-3-2-A, 4887 the best pair (A-A-4-3-2), 0 K-K-K-K-Q. A hand's value is its best five
//    cards'.
//  - LowRank (omaha_evaluator.hpp) for eight-or-better: kNoLow (0), or 1..56 numbered as Omaha's
//    lows (1 is 8-7-6-5-4, 56 the wheel), so that low_ranks() and low_name() read it.
//
// How: the card set's four 13-bit suit lanes, rotated so that the ace is bit 0, give the masks of
// the ranks held once or more, twice or more, three times or more. The 8-or-better low is the
// lowest five of the eight low bits of the first (a 256-entry table); so is razz's with five or
// more distinct ranks (an 8,192-entry table). With fewer (4.6% of seven-card hands)
// the pairs are chosen from the masks and the value is a formula (razz_paired(), out of line).
// Both tables are built by constexpr code below; nothing allocates.
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/detail/platform.hpp"
#include "equity/omaha_evaluator.hpp"

namespace equity {

using RazzRank = std::uint16_t;
inline constexpr int kRazzRanks = 6175;

// Razz categories, best first.
enum class LowCategory : std::uint8_t { NoPair, OnePair, TwoPair, ThreeOfAKind, FullHouse, FourOfAKind };
inline constexpr int kLowCategories = 6;

namespace detail {

// The ranks of a card set with the ace low: bit 0 the ace, bit 1 the two .. bit 12 the king.
struct LowRankMasks {
  unsigned once = 0;    // held at least once
  unsigned twice = 0;   // at least twice
  unsigned thrice = 0;  // at least three times
};

constexpr unsigned ace_low(unsigned ranks) { return ((ranks << 1) | (ranks >> 12)) & 0x1fff; }

constexpr LowRankMasks low_rank_masks(std::uint64_t bits) {
  const auto s = static_cast<unsigned>(bits & 0x1fff), c = static_cast<unsigned>((bits >> 16) & 0x1fff);
  const auto h = static_cast<unsigned>((bits >> 32) & 0x1fff), d = static_cast<unsigned>((bits >> 48) & 0x1fff);
  const unsigned sc = s & c, hd = h & d, s_or_c = s | c, h_or_d = h | d;
  return {ace_low(s_or_c | h_or_d), ace_low(sc | hd | (s_or_c & h_or_d)), ace_low((sc & h_or_d) | (hd & s_or_c))};
}

// C(n, k) for n < 16, k <= 5.
inline constexpr std::array<std::array<std::uint16_t, 6>, 16> kLowChoose = [] {
  std::array<std::array<std::uint16_t, 6>, 16> c{};
  for (std::size_t n = 0; n < 16; ++n) {
    c[n][0] = 1;
    for (std::size_t k = 1; k < 6; ++k)
      c[n][k] = n == 0 ? 0 : static_cast<std::uint16_t>(c[n - 1][k - 1] + c[n - 1][k]);
  }
  return c;
}();

// The position of a mask among the masks of as many bits in increasing order (colex): the sum of
// C(bit, i + 1) over its bits, the i-th lowest first. Same-sized masks compare as their ranks from
// the highest down, so a smaller index is a better low.
constexpr unsigned colex_index(unsigned mask) {
  unsigned index = 0;
  for (std::size_t i = 1; mask != 0; ++i, mask &= mask - 1)
    index += kLowChoose[static_cast<std::size_t>(std::countr_zero(mask))][i];
  return index;
}

// The lowest five bits of a mask of five or more.
constexpr unsigned lowest_five(unsigned mask) {
  while (std::popcount(mask) > 5) mask &= ~(1u << (31 - std::countl_zero(mask)));
  return mask;
}

// By 13-bit mask of distinct ranks (ace low): razz's value of its lowest five (0 with fewer than 5),
// the best 1,287 values, kRazzRanks - 1 - colex_index(lowest_five(m)) with the index summed over
// the lowest five bits in one pass (few enough constant-evaluation steps for clang's default limit).
inline constexpr std::array<RazzRank, 1 << kRanks> kRazzNoPair = [] {
  std::array<RazzRank, 1 << kRanks> t{};
  for (unsigned m = 0; m < t.size(); ++m) {
    unsigned index = 0;
    std::size_t taken = 0;
    for (std::size_t bit = 0; bit < kRanks && taken < 5; ++bit)
      if (m >> bit & 1u) index += kLowChoose[bit][++taken];
    if (taken == 5) t[m] = static_cast<RazzRank>(kRazzRanks - 1 - index);
  }
  return t;
}();

// By 8-bit mask of low ranks A..8: the LowRank of its lowest five, kNoLow with fewer than 5.
inline constexpr std::array<LowRank, 256> kEightLow = [] {
  std::array<LowRank, 256> t{};
  for (unsigned m = 0; m < t.size(); ++m)
    if (std::popcount(m) >= 5) t[m] = static_cast<LowRank>(kLowRanks - 1 - colex_index(lowest_five(m)));
  return t;
}();

// Razz's value of 5..7 cards of fewer than five distinct ranks (the pairs chosen, then a formula).
RazzRank razz_paired(LowRankMasks masks);

}  // namespace detail

// The best razz low of 5, 6 or 7 distinct cards (not checked: see razz_value_cards()).
EQUITY_ALWAYS_INLINE RazzRank razz_value(CardSet cards) {
  const detail::LowRankMasks m = detail::low_rank_masks(cards.bits());
  if (std::popcount(m.once) >= 5) [[likely]]
    return detail::kRazzNoPair[m.once];
  return detail::razz_paired(m);
}

// The best 8-or-better low of any cards, or kNoLow.
EQUITY_ALWAYS_INLINE LowRank eight_or_better(CardSet cards) {
  return detail::kEightLow[detail::low_rank_masks(cards.bits()).once & 0xff];
}

// The same of 5, 6 or 7 distinct cards, checked: throws InputError otherwise.
RazzRank razz_value_cards(std::span<const Card> cards);
LowRank eight_or_better_cards(std::span<const Card> cards);

// A razz value's category and its five ranks in tie-break order (pairs first, then kickers, highest
// first), 0 = ace .. 12 = king: 6174 is {4, 3, 2, 1, 0}, the pair A-A-4-3-2 {0, 0, 3, 2, 1}.
LowCategory razz_category(RazzRank value);
std::array<int, 5> razz_ranks(RazzRank value);

// "no pair", "one pair", "two pair", "three of a kind", "full house", "four of a kind".
std::string_view low_category_name(LowCategory c);

// "7-5-4-3-2", "5-4-3-2-A (the wheel)", "one pair, A-A-4-3-2", "full house, 2-2-2-A-A".
std::string razz_name(RazzRank value);

}  // namespace equity
