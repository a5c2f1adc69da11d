#pragma once
// Omaha hands: a hand is exactly two of the player's hole cards (4, 5 or 6 of them) and exactly
// three of the five board cards, for the high hand and, in the Hi/Lo games, separately for the low.
//
// The high is a HandRank of Hold'em's ranking (evaluator.hpp: 0..7461, bigger is better, equal
// ranks split; category_of() and hand_name() read it). The low is A-5 with an 8-or-better
// qualifier: five distinct ranks from A (low) to 8, straights and flushes not counting against it.
//
// How it is fast. Suits matter to the high only through flushes, and to the low never, so:
//  - the board's five ranks are one of the 6,175 rank multisets (board_row() numbers them from
//    the card mask's suits with a few bit operations); a table holds, for each of them and each of
//    the 91 unordered pairs of ranks, the best non-flush high of the pair with three of the board's
//    ranks (1.1 MB, built at first use from Hold'em's evaluator); the high is the best over the
//    C(n,2) hole pairs;
//  - a flush is possible only when the board has three or more cards of a suit (one suit at most)
//    and the hole two or more of it: then the best flush of two of the hole's and three of the
//    board's cards of that suit (Hold'em's flush table) joins the maximum;
//  - the low is one lookup in a 64 KB table by the board's and the hole's sets of low ranks.
//
// OmahaBoard does the board's part once; its high() and low() are then a handful of lookups, for
// loops that score many hands on one board (Monte Carlo, enumeration). omaha_high() and
// omaha_low() are the one-off forms.
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>

#include "equity/cards.hpp"
#include "equity/detail/platform.hpp"
#include "equity/evaluator.hpp"

namespace equity {

// A low hand: 0 when none qualifies, else 1..56 (the C(8,5) lows), bigger is better: 1 is
// 8-7-6-5-4, 56 the wheel 5-4-3-2-A.
using LowRank = std::uint8_t;
inline constexpr LowRank kNoLow = 0;
inline constexpr int kLowRanks = 57;

// The best high of exactly two of `hole` (2..6 cards) and exactly three of `board` (5 cards).
// Throws InputError for other sizes or cards in both.
HandRank omaha_high(CardSet hole, CardSet board);
// The best 8-or-better low of the same, or kNoLow. Throws as omaha_high().
LowRank omaha_low(CardSet hole, CardSet board);

// The five ranks of a low, highest first, 0 = ace .. 7 = eight: {5,4,3,2,1} is 6-5-4-3-2.
std::array<int, 5> low_ranks(LowRank low);
// "8-6-4-2-A", "5-4-3-2-A (the wheel)", "no low".
std::string low_name(LowRank low);

namespace detail {

// Unordered pairs of ranks, a pair of equal ranks included: 13 x 14 / 2.
inline constexpr int kRankPairs = 91;

// The pair index (0..90) of ranks a and b at 13 a + b, the same for 13 b + a.
inline constexpr std::array<std::uint8_t, kRanks* kRanks> kRankPairIndex = [] {
  std::array<std::uint8_t, kRanks * kRanks> index{};
  for (int a = 0; a < kRanks; ++a)
    for (int b = 0; b < kRanks; ++b) {
      const int lo = a < b ? a : b, hi = a < b ? b : a;
      index[static_cast<std::size_t>(kRanks * a + b)] = static_cast<std::uint8_t>(hi * (hi + 1) / 2 + lo);
    }
  return index;
}();

// The rank multisets of five cards (at most four of a rank): a board's ranks.
inline constexpr int kBoardRankSets = 6175;

struct OmahaTables {
  // high[board row][pair]: the best non-flush HandRank of the pair's two ranks and three of the
  // board's five (board_row() numbers the boards' rank multisets).
  std::array<std::array<HandRank, kRankPairs>, kBoardRankSets> high;
  // low[256 x board low ranks + hole low ranks] (low_mask()): the best low of two of the hole's
  // low ranks and three other of the board's.
  std::array<LowRank, 1 << 16> low;
  // board_row()'s first row of each 13-bit mask of distinct ranks.
  std::array<std::uint16_t, 1 << kRanks> row_base;
  // The board row of each non-flush HandRank of five cards (its rank class), for enumerations that
  // know a board by its rank key.
  std::array<std::uint16_t, kHandRanks> row_of_class;
  // The low ranks (low_mask()) of each board row.
  std::array<std::uint8_t, kBoardRankSets> board_low_mask;
};

// Built on the first call (about 20 ms), thread-safe; the same object after.
const OmahaTables& omaha_tables();
// The tables built afresh (the tests compare them with a brute force).
std::unique_ptr<OmahaTables> build_omaha_tables();

// The low ranks A..8 of a card set: bit 0 the ace, bits 1..7 the two .. the eight.
constexpr unsigned low_mask(CardSet cards) {
  const std::uint64_t b = cards.bits();
  const auto ranks = static_cast<unsigned>((b | b >> 16 | b >> 32 | b >> 48) & 0x1fff);
  return ((ranks & 0x7f) << 1) | (ranks >> 12);
}

// The row (0..6174) of a five-card board's rank multiset: the distinct ranks (a 13-bit mask)
// choose a block of rows, which rank is paired, tripped or quadrupled the row in it. A few bit
// operations and one lookup in a 16 KB table.
EQUITY_ALWAYS_INLINE unsigned board_row(std::uint64_t board, const OmahaTables& tables) {
  const auto a = static_cast<unsigned>(board) & 0x1fff, b = static_cast<unsigned>(board >> 16) & 0x1fff,
             c = static_cast<unsigned>(board >> 32) & 0x1fff, d = static_cast<unsigned>(board >> 48) & 0x1fff;
  const unsigned ab = a | b, cd = c | d, a_b = a & b, c_d = c & d;
  const unsigned m1 = ab | cd;                  // ranks present
  const unsigned m2 = a_b | c_d | (ab & cd);    // ranks twice or more
  const unsigned m3 = (a_b & cd) | (c_d & ab);  // three times or more
  const unsigned m4 = a_b & c_d;                // four times
  const int distinct = std::popcount(m1);
  // The rank that tells the boards of one block apart, and the block's part it starts: quads
  // (2 rows after the full houses), trips (3 rows after the two pairs), a full house's trips, the
  // two pairs' odd card, the pair; none for five distinct ranks (the block's base allows for it).
  const unsigned two_pair_odd = m1 & ~m2;
  unsigned x = distinct == 3 ? two_pair_odd : m2;
  unsigned offset = 0;
  if (m3 != 0) {
    x = m4 != 0 ? m4 : m3;
    offset = m4 != 0 ? 2 : distinct == 3 ? 3 : 0;
  }
  return tables.row_base[m1] + offset + static_cast<unsigned>(std::popcount(m1 & (x - 1)));
}

// The best flush (or straight flush) of exactly two of `hole` and three of `board`, 13-bit rank
// masks of one suit with at least two and three bits.
HandRank best_omaha_flush(unsigned hole, unsigned board);

// The best of row[pair] over the pairs of the hole's ranks; N = the hole's cards.
template <int N>
EQUITY_ALWAYS_INLINE HandRank best_pair(const HandRank* row, std::uint64_t hole) {
  std::array<unsigned, N> r;  // 13 x rank of each card
  for (int i = 0; i < N; ++i, hole &= hole - 1) r[static_cast<std::size_t>(i)] = std::countr_zero(hole) & 15;
  HandRank best = 0;
  for (int i = 0; i < N; ++i)
    for (int j = i + 1; j < N; ++j) {
      const HandRank v = row[kRankPairIndex[kRanks * r[static_cast<std::size_t>(i)] + r[static_cast<std::size_t>(j)]]];
      best = v > best ? v : best;
    }
  return best;
}

}  // namespace detail

// One board's part of every Omaha hand on it. Built once per board (a rank-key sum, a lookup and
// a suit count); then high() and low() cost a lookup per hole pair and one lookup. Cheap to copy.
//
//   const OmahaBoard b(board);          // five cards
//   HandRank h = b.high(hole);          // hole: 2..6 cards, none on the board (unchecked)
//   LowRank l = b.low(hole);
class OmahaBoard {
 public:
  // Throws InputError unless `board` has five cards.
  explicit OmahaBoard(CardSet board);
  // From the board's row (detail::board_row(), or OmahaTables::row_of_class) and its cards, for
  // loops that know the row already.
  OmahaBoard(unsigned board_row, CardSet board, const detail::OmahaTables& tables);

  // The best high of two of `hole` and three of the board; `hole` holds 2..6 cards, none of the
  // board's (unchecked: other sets give a meaningless rank, never undefined behaviour).
  EQUITY_ALWAYS_INLINE HandRank high(CardSet hole) const {
    const std::uint64_t h = hole.bits();
    HandRank best;
    switch (std::popcount(h)) {
      case 4:
        best = detail::best_pair<4>(high_row_, h);
        break;
      case 5:
        best = detail::best_pair<5>(high_row_, h);
        break;
      case 6:
        best = detail::best_pair<6>(high_row_, h);
        break;
      case 3:
        best = detail::best_pair<3>(high_row_, h);
        break;
      default:
        best = detail::best_pair<2>(high_row_, h);
        break;
    }
    // One branch, rarely taken: the hole's cards of the board's flush suit (none without one).
    const auto suited = static_cast<unsigned>(h >> flush_shift_) & flush_filter_;
    if (std::popcount(suited) >= 2) [[unlikely]] {
      const HandRank f = detail::best_omaha_flush(suited, flush_ranks_);
      best = f > best ? f : best;
    }
    return best;
  }

  // The best 8-or-better low of two of `hole` and three of the board, or kNoLow.
  LowRank low(CardSet hole) const { return low_row_[detail::low_mask(hole)]; }

 private:
  const HandRank* high_row_ = nullptr;  // the board class's row of OmahaTables::high
  const LowRank* low_row_ = nullptr;    // the board's 256 entries of OmahaTables::low
  unsigned flush_ranks_ = 0;            // the ranks of the board's suit with three or more cards, or 0
  unsigned flush_shift_ = 0;            // 16 x that suit
  unsigned flush_filter_ = 0;           // 0x1fff with such a suit, else 0
};

}  // namespace equity
