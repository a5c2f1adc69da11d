#pragma once
// The fast hand evaluator for 5, 6 and 7 cards.
//
// A Hand is additive: its key is the sum of its cards' keys (rank key in the low 32 bits, one 4-bit
// counter per suit above), and its mask the union of their bits, so the cards shared by many
// hands (a board) are summed once and each hole pair adds two cards. evaluate() is then one flush
// test and one table lookup. A HandRank is 0..7461, bigger is better; equal ranks split the pot.
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/detail/evaluator_tables.hpp"
#include "equity/detail/platform.hpp"

namespace equity {

using HandRank = std::uint16_t;
inline constexpr int kHandRanks = 7462;

enum class Category : std::uint8_t {
  HighCard,
  OnePair,
  TwoPair,
  ThreeOfAKind,
  Straight,
  Flush,
  FullHouse,
  FourOfAKind,
  StraightFlush,
};
inline constexpr int kCategories = 9;

class Hand {
 public:
  constexpr Hand() = default;
  constexpr explicit Hand(Card c)
      : key_(detail::kRankKeys[static_cast<std::size_t>(c.rank())] + (std::uint64_t{1} << (32 + 4 * c.suit()))),
        mask_(c.bit()) {}
  explicit Hand(std::span<const Card> cards) {
    for (Card c : cards) *this += Hand(c);
  }
  explicit Hand(CardSet cards) {
    for (Card c : cards.cards()) *this += Hand(c);
  }

  constexpr Hand operator+(Hand o) const { return Hand(key_ + o.key_, mask_ | o.mask_); }
  constexpr Hand& operator+=(Hand o) {
    key_ += o.key_;
    mask_ |= o.mask_;
    return *this;
  }
  constexpr std::uint64_t key() const { return key_; }
  constexpr std::uint64_t mask() const { return mask_; }
  constexpr CardSet cards() const { return CardSet(mask_); }
  constexpr int size() const { return std::popcount(mask_); }
  constexpr std::uint32_t rank_key() const { return static_cast<std::uint32_t>(key_); }

 private:
  constexpr Hand(std::uint64_t key, std::uint64_t mask) : key_(key), mask_(mask) {}
  std::uint64_t key_ = 0;
  std::uint64_t mask_ = 0;
};

// The Hand of each card id, for loops that add cards one at a time.
inline constexpr std::array<Hand, kCards> kCardHands = [] {
  std::array<Hand, kCards> hands{};
  for (int id = 0; id < kCards; ++id) hands[static_cast<std::size_t>(id)] = Hand(Card(id));
  return hands;
}();

// Rank of the best non-flush hand for a rank key of 5..7 cards.
inline HandRank rank_only_value(std::uint32_t rank_key) {
  // The index in 32-bit arithmetic (it is below 2^32, so wrapping gives it exactly): one add to
  // the offset where a 64-bit index takes two zero-extensions besides.
  const std::uint32_t index = rank_key + static_cast<std::uint32_t>(detail::kRowOffsets[rank_key >> detail::kRowShift]);
  return detail::kRankTable[index];
}

// Rank of the best flush (or straight flush) within a 13-bit rank mask of 5 or more cards.
inline HandRank flush_value(unsigned suited_ranks) { return detail::kFlushTable[suited_ranks]; }

// Rank of the best 5-card hand among the 5, 6 or 7 cards of h. With 7 cards a flush rules out a
// full house or quads, so a flush found is the answer. Always inlined: in a large loop (Monte
// Carlo's) the compiler otherwise calls it out of line.
// The same from a Hand's key, with `mask` a function that gives the Hand's mask, called only for
// a flush: loops that keep the keys of their cards without the masks (Monte Carlo's dealer)
// rebuild a mask only then.
template <class MaskFunction>
EQUITY_ALWAYS_INLINE HandRank evaluate_key(std::uint64_t key, MaskFunction mask) {
  const std::uint64_t flush_bits = ((key >> 32) + 0x3333) & 0x8888;  // suit count >= 5
  if (flush_bits != 0) [[unlikely]] {
    const int suit = std::countr_zero(flush_bits) >> 2;
    return flush_value(static_cast<unsigned>(mask() >> (16 * suit)) & 0x1fff);
  }
  return rank_only_value(static_cast<std::uint32_t>(key));
}

EQUITY_ALWAYS_INLINE HandRank evaluate(Hand h) {
  return evaluate_key(h.key(), [h] { return h.mask(); });
}

// 5, 6 or 7 distinct cards; throws InputError otherwise.
HandRank evaluate_cards(std::span<const Card> cards);

constexpr Category category_of(HandRank rank) {
  // First rank of each category, from the ordering of the 7,462 classes.
  constexpr std::array<HandRank, kCategories> first = {0, 1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452};
  int c = kCategories - 1;
  while (rank < first[static_cast<std::size_t>(c)]) --c;
  return static_cast<Category>(c);
}

// "straight flush", "four of a kind", ... "high card".
std::string_view category_name(Category c);

// The five ranks of a hand class in the order that breaks ties (pairs before kickers), 0 = '2'.
std::array<int, 5> class_ranks(HandRank rank);

// A readable name: "full house, threes full of nines", "two pair, aces and fours, king kicker",
// "straight flush, king high", "royal flush".
std::string hand_name(HandRank rank);

// The same from a category and its five ranks in tie-break order (as class_ranks() gives them; a
// straight's highest card first): the names of every game's classes.
std::string hand_name(Category category, const std::array<int, 5>& ranks);

// The best five of 5..7 cards, in tie-break order (pairs first, then kickers).
std::array<Card, 5> best_five(std::span<const Card> cards);

// Five cards put in the order of their class's tie-break ranks (pairs first, then kickers; suits
// s c h d within a rank).
std::array<Card, 5> in_tie_break_order(std::array<Card, 5> five, const std::array<int, 5>& ranks);

}  // namespace equity
