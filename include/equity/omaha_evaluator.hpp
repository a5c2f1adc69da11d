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
//    the card mask's suits with a few bit operations and no branch); a table holds, for each of
//    them and each of the 91 unordered pairs of ranks, the best non-flush high of the pair with
//    three of the board's ranks (1.1 MB, generated at build time from Hold'em's evaluator and linked
//    in as constant data, as are the low table and the board rows: kOmahaTables); the high is
//    the best over the C(n,2) hole pairs, each pair's index one byte lookup by the two cards' ids
//    (kCardPairIndex), the ids read from both ends of the hole's mask;
//  - a flush is possible only when the board has three or more cards of a suit (one suit at most)
//    and the hole two or more of it: then the best flush of two of the hole's and three of the
//    board's cards of that suit (Hold'em's flush table) joins the maximum, in a call out of the
//    way (one rarely taken branch); omaha_high() counts both sets' suits at once in a vector
//    register (flush_suits()) and runs a function per hole size, so that the 4-card path keeps
//    to a few registers.
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

// The tables, constant data generated at build time (generated/omaha_tables.cpp, written by
// `equity_gametablegen` from build_omaha_tables()): nothing is built at run time.
extern const OmahaTables kOmahaTables;
inline const OmahaTables& omaha_tables() { return kOmahaTables; }
// The tables built afresh (about 4 ms): what the generator writes, and what the tests compare with
// the linked data and with a brute force.
std::unique_ptr<OmahaTables> build_omaha_tables();

// Every 5-bit mask of the 8 low ranks, ordered worst (8-7-6-5-4) to best (the wheel): compare the
// ranks from the highest down, the lower rank winning; as numbers, the smaller mask wins. The low
// LowRank l is kLowMasks[l - 1].
inline constexpr std::array<unsigned, kLowRanks - 1> kLowMasks = [] {
  std::array<unsigned, kLowRanks - 1> m{};
  std::size_t n = 0;
  for (unsigned mask = 256; mask-- > 0;)
    if (std::popcount(mask) == 5) m[n++] = mask;
  return m;
}();

// The low ranks A..8 of a card set: bit 0 the ace, bits 1..7 the two .. the eight.
constexpr unsigned low_mask(CardSet cards) {
  const std::uint64_t b = cards.bits();
  const auto ranks = static_cast<unsigned>((b | b >> 16 | b >> 32 | b >> 48) & 0x1fff);
  return ((ranks & 0x7f) << 1) | (ranks >> 12);
}

// The row (0..6174) of a five-card board's rank multiset: the distinct ranks (a 13-bit mask)
// choose a block of rows; the rank that tells the boards of one block apart picks the row in it.
// No branch: a few bit operations on the whole 64-bit set and one lookup in a 16 KB table.
EQUITY_ALWAYS_INLINE unsigned board_row(std::uint64_t board, const OmahaTables& tables) {
  // Lane 0 (bits 0..15) of `any` is s|c and lane 2 h|d, of `both` s&c and h&d; so are the suits
  // paired up and the pairs then folded together, with no mask until the end.
  const std::uint64_t any = board | board >> 16, both = board & board >> 16;
  const std::uint64_t any_hd = any >> 32, both_hd = both >> 32;
  const unsigned m1 = static_cast<unsigned>(any | any_hd) & 0x1fff;                     // ranks present
  const unsigned m2 = static_cast<unsigned>(both | both_hd | (any & any_hd)) & 0x1fff;  // twice or more
  const auto m3 = static_cast<unsigned>((both & any_hd) | (both_hd & any));             // three or more (lane 0)
  // Two ranks paired or more (two pair, full house): the two pair's odd rank or the full house's
  // trips (m2 without the ranks not tripped), in the block's second part (at 3 of 6 rows, 2 of 4: the number of
  // distinct ranks). Else the paired, tripped or quadrupled rank, or none for five distinct ranks (the block's base
  // allows for it). (Masks, not branches: a branch here mispredicts on 7% of random boards.)
  const unsigned two_paired = 0u - static_cast<unsigned>(std::popcount(m2) == 2);
  const unsigned x = m2 ^ (m1 & ~m3 & two_paired);  // m1 & ~m3: the ranks not tripped
  const unsigned part = static_cast<unsigned>(std::popcount(m1)) & two_paired;
  return tables.row_base[m1] + part + static_cast<unsigned>(std::popcount(m1 & (x - 1)));
}

// The best flush (or straight flush) of exactly two of `hole` and three of `board`, 13-bit rank
// masks of one suit with at least two and three bits.
HandRank best_omaha_flush(unsigned hole, unsigned board);
// The larger of `best` and that flush: a call that ends the caller (a jump, no registers saved
// around it in omaha_high()).
HandRank with_omaha_flush(HandRank best, unsigned hole, unsigned board);

// The pair index of two cards at 16 x the first card's id + the second's rank (id & 15): no
// rank arithmetic per pair, one byte lookup. Invalid ranks (13..15, not a card) read pair 0.
inline constexpr std::array<std::uint8_t, 64 * 16> kCardPairIndex = [] {
  std::array<std::uint8_t, 64 * 16> index{};
  for (int card = 0; card < 64; ++card)
    for (int rank = 0; rank < kRanks; ++rank)
      if ((card & 15) < kRanks)
        index[static_cast<std::size_t>(16 * card + rank)] =
            kRankPairIndex[static_cast<std::size_t>(kRanks * (card & 15) + rank)];
  return index;
}();

// Two bits (2 s, 2 s + 1) for each suit s of which the board has three or more cards and the hole
// two or more: the suits that may make a flush (detail::lanes_above(): both sets' suits counted at
// once in one vector register).
EQUITY_ALWAYS_INLINE unsigned flush_suits(std::uint64_t hole, std::uint64_t board) {
  return lanes_above(board, 2, hole, 1);
}

// The larger of two ranks.
EQUITY_ALWAYS_INLINE HandRank max_rank(HandRank a, HandRank b) { return a > b ? a : b; }

// The best of row[pair] over the pairs of exactly N (2..6) hole cards: the cards' ids from both
// ends of the mask (two short chains), a byte lookup per pair, the maximum in two chains.
template <int N>
EQUITY_ALWAYS_INLINE HandRank best_pair(const HandRank* row, std::uint64_t hole) {
  std::array<std::size_t, N> c;  // the cards' ids
  c[N - 1] = highest_bit(hole);
  for (int i = 0; i < N - 1; ++i, hole &= hole - 1) c[static_cast<std::size_t>(i)] = lowest_bit(hole);
  std::array<HandRank, 2> best{};  // two maxima, over every other pair: two short chains
  int k = 0;
  for (int i = 0; i < N - 1; ++i) {
    const std::uint8_t* pairs = &kCardPairIndex[16 * c[static_cast<std::size_t>(i)]];
    for (int j = i + 1; j < N; ++j, ++k) {
      HandRank& b = best[static_cast<std::size_t>(k & 1)];
      b = max_rank(b, row[pairs[c[static_cast<std::size_t>(j)] & 15]]);
    }
  }
  return max_rank(kept_apart(best[0]), kept_apart(best[1]));
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
      default:  // two cards; other sizes read some pair (| 1: never an empty mask)
        best = detail::best_pair<2>(high_row_, h | 1);
        break;
    }
    // One branch, rarely taken: the hole's cards of the board's flush suit (none without one).
    const auto suited = static_cast<unsigned>(h >> flush_shift_) & flush_filter_;
    if (std::popcount(suited) >= 2) [[unlikely]]
      return detail::with_omaha_flush(best, suited, flush_ranks_);
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
