#pragma once
// The draw games' hand values: a player's final five cards (four in badugi) against the others'.
// Every value is a small integer, bigger is better and equal values split the pot.
//
//  - Five-card draw (high): evaluate() of evaluator.hpp on the five cards (a HandRank 0..7461,
//    category_of(), hand_name()); nothing here.
//  - Deuce-to-seven lowball (2-7 single and triple draw, badeucy's low half): the ace is high
//    only, straights and flushes count against the hand, pairs too. That is the high ranking
//    turned upside down, with one exception: A-2-3-4-5 is not a straight (the ace does not play
//    low) but an ace-high hand, a no-pair hand or, suited, a flush. So a DeuceSevenRank is the
//    Hold'em evaluator's HandRank reversed, the two wheels moved (deuce_seven_of_high()):
//    0..7461, 7461 is 7-5-4-3-2 unsuited (the best), 0 the royal flush (the worst); the 9
//    categories are Hold'em's (Category), best first from no pair (HighCard) to straight flush.
//  - Ace-to-five lowball (A-5 triple draw, badacey's low half): aces low, straights and flushes
//    do not count, pairs do: razz's ranking of low_evaluator.hpp, razz_value() of exactly five
//    cards (a RazzRank 0..6174, 6174 the wheel 5-4-3-2-A; razz_category(), low_category_name(),
//    razz_name()); nothing here.
//  - Badugi (badugi of four cards, and the badugi half of badeucy and badacey, of five): the hand
//    is the largest subset of cards of distinct ranks and distinct suits (4, 3, 2 or 1 cards),
//    then the lowest such subset, its ranks compared from the highest down, the ace low. A
//    BadugiRank is 0..1091: the 13 one-card hands (0..12), the C(13,2) = 78 two-card (13..90),
//    the C(13,3) = 286 three-card (91..376) and the C(13,4) = 715 four-card (377..1091), each
//    group ordered by its ranks; 1091 is 4-3-2-A, the best badugi, 0 a king alone.
//
// How: 2-7 is one evaluate() and one lookup in a 7,462-entry table by the high rank. Badugi reads
// the cards off the mask and which neighbours share a suit (three bits, four of five cards); a
// table gives the ways to take one card of each suit (at most four, six of five cards), and the
// best of their sets of ranks, each one lookup in an 8,192-entry table by the mask of its ranks,
// is the value (no branch). The tables are built by constexpr code below; nothing allocates.
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/detail/platform.hpp"
#include "equity/evaluator.hpp"
#include "equity/low_evaluator.hpp"

namespace equity {

// ---- Deuce-to-seven ------------------------------------------------------------------------------

using DeuceSevenRank = std::uint16_t;
inline constexpr int kDeuceSevenRanks = 7462;

namespace detail {

// The high ranks (HandRank) that 2-7 reads differently. The wheel, A-5-4-3-2 unsuited (the lowest
// straight, the first of the 10), is an ace-high no-pair hand in 2-7: it goes where the ace-high
// no-pair hands start, above the 784 no-pair hands of a king or lower (C(12,5) = 792 sets of five
// ranks from the two to the king, less the 8 straights six-high to king-high; K-Q-J-T-8 is the
// 784th). The steel wheel, A-5-4-3-2 suited (the first straight flush), is an ace-high flush, as
// far above the first flush.
inline constexpr HandRank kHighWheel = 5853;
inline constexpr HandRank kHighSteelWheel = 7452;
inline constexpr HandRank kHighFirstAceHigh = 784;
inline constexpr HandRank kHighFirstFlush = 5863;
inline constexpr HandRank kHighFirstAceHighFlush = kHighFirstFlush + kHighFirstAceHigh;

}  // namespace detail

// The 2-7 value of five cards from their high HandRank: the high order with the wheel moved down
// among the no-pair hands and the steel wheel among the flushes, then reversed.
constexpr DeuceSevenRank deuce_seven_of_high(HandRank high) {
  using namespace detail;
  unsigned position = high;  // in the high order with the wheels moved, the worst 2-7 hand last
  if (high == kHighWheel)
    position = kHighFirstAceHigh;
  else if (high == kHighSteelWheel)
    position = kHighFirstAceHighFlush;
  else
    position = position + (high >= kHighFirstAceHigh) - (high > kHighWheel) + (high >= kHighFirstAceHighFlush) -
               (high > kHighSteelWheel);
  return static_cast<DeuceSevenRank>(kDeuceSevenRanks - 1 - position);
}

namespace detail {

// deuce_seven_of_high() of every high rank: a lookup is faster than the compares.
inline constexpr std::array<DeuceSevenRank, kHandRanks> kDeuceSevenOfHigh = [] {
  std::array<DeuceSevenRank, kHandRanks> t{};
  for (int h = 0; h < kHandRanks; ++h) t[static_cast<std::size_t>(h)] = deuce_seven_of_high(static_cast<HandRank>(h));
  return t;
}();

}  // namespace detail

// The 2-7 value of exactly five distinct cards (not checked: see deuce_seven_value_cards()).
// Hand is additive (evaluator.hpp): a loop that adds the drawn cards to the kept ones sums each
// card once.
EQUITY_ALWAYS_INLINE DeuceSevenRank deuce_seven_value(Hand five) { return detail::kDeuceSevenOfHigh[evaluate(five)]; }

// The same of a card mask, its Hand summed card by card.
EQUITY_ALWAYS_INLINE DeuceSevenRank deuce_seven_value(CardSet five) {
  Hand hand;
  for (std::uint64_t bits = five.bits(); bits != 0; bits &= bits - 1) {
    const int at = std::countr_zero(bits);  // bit 16 * suit + rank
    hand += kCardHands[static_cast<std::size_t>(4 * (at & 15) + (at >> 4))];
  }
  return deuce_seven_value(hand);
}

// The same, checked: exactly five distinct cards, else InputError naming what is wrong.
DeuceSevenRank deuce_seven_value_cards(std::span<const Card> cards);

// A 2-7 value's category: Hold'em's classes, HighCard (no pair) the best .. StraightFlush the
// worst; A-5-4-3-2 is HighCard, or Flush suited.
constexpr Category deuce_seven_category(DeuceSevenRank value) {
  // How many values each category has, by Category (no pair .. straight flush); the straight
  // flushes are the lowest values. Hold'em's counts with the wheels moved: 1277 + 1 no-pair hands,
  // 10 - 1 straights, 1277 + 1 flushes, 10 - 1 straight flushes.
  constexpr std::array<int, kCategories> count = {1278, 2860, 858, 858, 9, 1278, 156, 156, 9};
  int c = kCategories - 1, first = 0;
  while (value >= first + count[static_cast<std::size_t>(c)]) first += count[static_cast<std::size_t>(c--)];
  return static_cast<Category>(c);
}

// "no pair", "one pair", "two pair", "three of a kind", "straight", "flush", "full house", "four
// of a kind", "straight flush".
std::string_view deuce_seven_category_name(Category c);

// The five ranks of a 2-7 value in the order that breaks ties (pairs first, then the others,
// highest first; a straight's top card first), 0 = '2' .. 12 = 'A': {5, 3, 2, 1, 0} is 7-5-4-3-2,
// {12, 3, 2, 1, 0} A-5-4-3-2.
std::array<int, 5> deuce_seven_ranks(DeuceSevenRank value);

// "7-5-4-3-2", "A-5-4-3-2", "pair of nines, K-8-4", "two pair, nines and fours, K", "three of a
// kind, nines, K-8", "straight, seven high", "flush, 7-5-4-3-2", "full house, nines full of
// fours", "four of a kind, nines, K", "straight flush, seven high", "royal flush".
std::string deuce_seven_name(DeuceSevenRank value);

// ---- Ace-to-five ------------------------------------------------------------------------------
// razz_value() (low_evaluator.hpp) of exactly five cards.

// ---- Badugi --------------------------------------------------------------------------------------

using BadugiRank = std::uint16_t;
inline constexpr int kBadugiRanks = 1092;

// How many cards the hand plays, best first.
enum class BadugiCategory : std::uint8_t { FourCards, ThreeCards, TwoCards, OneCard };
inline constexpr int kBadugiCategories = 4;

namespace detail {

// The first value of the hands of k cards (index k): 1 card from 0, then 13, 13 + 78, 91 + 286.
inline constexpr std::array<unsigned, 5> kBadugiFirst = {0, 0, 13, 91, 377};

// By 13-bit mask of 1 to 4 distinct ranks (bit 0 the two .. bit 12 the ace, as a suit's field of
// a CardSet): the badugi value of those ranks, the first value of their size plus their position
// among the rank sets of that size, best last (colex_index() of the mask with the ace low numbers
// them from the best, 4-3-2-A being 0).
inline constexpr std::array<BadugiRank, 1 << kRanks> kBadugiOfRanks = [] {
  std::array<BadugiRank, 1 << kRanks> t{};
  for (unsigned m = 1; m < t.size(); ++m) {
    const auto k = static_cast<std::size_t>(std::popcount(m));
    if (k <= 4) t[m] = static_cast<BadugiRank>(kBadugiFirst[k] + kLowChoose[kRanks][k] - 1 - colex_index(ace_low(m)));
  }
  return t;
}();

// The ways to take one card of each suit of a hand of N (4 or 5) cards, by N - 1 bits: bit i set
// when cards i and i + 1 of the hand's mask (in its order: suit by suit) are of one suit. Each way
// is the mask of the 13-bit fields 13 x i of the cards i < 4 taken, and bit 63 when the fifth card
// is taken; the list is filled out with its first. At most four ways of four cards: the suits hold
// 1+1+1+1 (one way), 2+1+1 (two), 2+2 (four), 3+1 (three) or 4 (four); at most six of five (3+2).
template <std::size_t N>
inline constexpr auto kBadugiChoices = [] {
  static_assert(N == 4 || N == 5);
  std::array<std::array<std::uint64_t, N == 4 ? 4 : 6>, 1u << (N - 1)> t{};
  for (unsigned same = 0; same < t.size(); ++same) {
    std::array<unsigned, N> suit{};  // each card's suit, numbered from 0 in the mask's order
    for (std::size_t i = 1; i < N; ++i) suit[i] = suit[i - 1] + ((same >> (i - 1) & 1u) == 0 ? 1u : 0u);
    std::size_t found = 0;
    for (unsigned cards = 1; cards < (1u << N); ++cards) {
      unsigned taken = 0;  // the suits taken, each once
      bool once = true;
      std::uint64_t fields = 0;
      for (std::size_t i = 0; i < N; ++i)
        if ((cards >> i & 1u) != 0) {
          once = once && (taken >> suit[i] & 1u) == 0;
          taken |= 1u << suit[i];
          fields |= i < 4 ? std::uint64_t{0x1fff} << (13 * i) : std::uint64_t{1} << 63;
        }
      if (once && taken == (1u << (suit[N - 1] + 1)) - 1) t[same].at(found++) = fields;  // at(): too many is an error
    }
    for (std::size_t i = found; i < t[same].size(); ++i) t[same][i] = t[same][0];
  }
  return t;
}();

// The best badugi of N distinct cards.
//
// Why one card of each suit: the cards so taken show a set of ranks that a badugi of as many
// cards takes (one card of each rank: their suits differ); and the best badugi, with a card of
// each suit it lacks added, is such a choice that shows the badugi's ranks and no other (one more
// would make a larger badugi). So the best badugi is the best set of ranks over these choices.
// The rank bits of the first four cards are packed 13 bits apart, a choice's fields kept and
// folded onto one another (and the fifth card's bit added when taken): the mask of its ranks.
template <std::size_t N>
EQUITY_ALWAYS_INLINE BadugiRank badugi_of(CardSet hand) {
  std::uint64_t bits = hand.bits(), packed = 0, fifth = 0;
  std::size_t same = 0, previous = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const std::size_t at = lowest_bit(bits);  // 16 * suit + rank
    bits &= bits - 1;
    if (i < 4)
      packed |= std::uint64_t{1} << ((at & 15) + 13 * i);
    else
      fifth = std::uint64_t{1} << (at & 15);
    // Neighbours in one suit have one 16-bit field: their positions differ in the low 4 bits only.
    if (i > 0) same |= static_cast<std::size_t>((at ^ previous) < 16) << (i - 1);
    previous = at;
  }
  BadugiRank best = 0;
  for (const std::uint64_t choice : kBadugiChoices<N>[same]) {
    std::uint64_t ranks = packed & choice;
    ranks |= ranks >> 26;
    ranks |= ranks >> 13;
    if constexpr (N == 5) ranks |= fifth & (0 - (choice >> 63));
    const BadugiRank value = kBadugiOfRanks[ranks & 0x1fff];
    best = value > best ? value : best;
  }
  return best;
}

}  // namespace detail

// The badugi value of exactly four distinct cards (not checked: see badugi_value_cards()).
EQUITY_ALWAYS_INLINE BadugiRank badugi_value(CardSet four) { return detail::badugi_of<4>(four); }

// The badugi value of five distinct cards, the badugi half of badeucy and badacey (five cards
// dealt, the best badugi of any four of them: of the five, as a badugi has four cards at most).
// Five-card hands make 1,088 of the 1,092 values: one card plays only when the five are of one
// suit, so its rank is at most a nine.
EQUITY_ALWAYS_INLINE BadugiRank badugi_value_five(CardSet five) { return detail::badugi_of<5>(five); }

// The same, checked: four or five distinct cards, else InputError naming what is wrong.
BadugiRank badugi_value_cards(std::span<const Card> cards);

// How many cards a badugi value plays (4, 3, 2 or 1), and its category.
constexpr int badugi_cards(BadugiRank value) {
  int k = 4;
  while (value < detail::kBadugiFirst[static_cast<std::size_t>(k)]) --k;
  return k;
}
constexpr BadugiCategory badugi_category(BadugiRank value) {
  return static_cast<BadugiCategory>(4 - badugi_cards(value));
}

// "4-card badugi", "3-card hand", "2-card hand", "1-card hand".
std::string_view badugi_category_name(BadugiCategory c);

// The ranks a badugi value plays, highest first, 0 = ace .. 12 = king; -1 past badugi_cards():
// 1091 is {3, 2, 1, 0}, 4-3-2-A.
std::array<int, 4> badugi_ranks(BadugiRank value);

// "4-card badugi 7-4-3-A", "3-card 8-5-2", "2-card K-A", "1-card 9".
std::string badugi_name(BadugiRank value);

// The cards of the best badugi of four or five distinct cards, highest first (checked as
// badugi_value_cards()); `size` = badugi_cards() of their value. Of subsets with the same ranks,
// the first in the hand's order.
struct BadugiCards {
  int size = 0;
  std::array<Card, 4> cards{};  // cards[0..size)
};
BadugiCards badugi_best(std::span<const Card> cards);

}  // namespace equity
