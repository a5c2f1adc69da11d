#pragma once
// The Monte Carlo dealer: a partial Fisher-Yates shuffle of the cards not known, for the board and
// the players dealt from the deck (see DeckDealer).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>

#include "detail/rng.hpp"
#include "equity/cards.hpp"
#include "equity/detail/platform.hpp"
#include "equity/enumeration.hpp"
#include "equity/evaluator.hpp"

namespace equity::detail {

// A card as the dealer moves it: its Hand key, with the index of its bit in Hand::mask() in the top
// six bits. Eight bytes where a Hand takes sixteen, so that a deck position is one scaled index
// (two instructions less for each card a shuffle moves). Cards' keys add as Hands' do: the top
// bits of a sum mean nothing, and they never carry into the key below (a key of seven cards is
// below 2^48). The mask, which only a flush needs, is rebuilt from the cards when one is found.
using DeckCard = std::uint64_t;
constexpr int kBitIndexShift = 58;
static_assert(kCards <= 64 && std::uint64_t{7} << 44 < std::uint64_t{1} << kBitIndexShift);

constexpr DeckCard deck_card(Hand card) {
  return card.key() | static_cast<std::uint64_t>(std::countr_zero(card.mask())) << kBitIndexShift;
}
constexpr std::size_t bit_index(DeckCard card) { return static_cast<std::size_t>(card >> kBitIndexShift); }
constexpr std::uint64_t card_bit(DeckCard card) { return std::uint64_t{1} << bit_index(card); }

// Deals the cards that come from the deck: the board, and the hole cards of every player whose
// range holds every combo at one weight ("random"). Two cards from the deck give such a player
// exactly the distribution of drawing a combo and redrawing on a shared card, without the redraws,
// and they leave the other players' distribution unchanged: however those players' combos fall,
// the same number of ways remains to complete the deal.
//
// The deal is a partial Fisher-Yates shuffle of the cards not known, from the top: the t-th card
// dealt is a uniform one among those not dealt yet, swapped into the t-th place from the top, so
// the top `count` places are a uniform ordered sample whatever order earlier trials left the deck
// in; the board cards to come take the first places, the players' hole cards the next. The
// sampled players' cards are first swapped to the bottom, out of reach. redeal() shuffles only the
// places after the board: new hole cards, uniform among the cards the board left, for another
// trial on the same board. (Dealing from the top, a card is fetched from the bottom of the deck
// plus its uniform position, with no addition, and put in a place at a fixed address.) The
// uniform positions come up to nine from one 64-bit number: multiplying it by the range n leaves
// a position in the high 64 bits of the product and a fresh fraction in the low 64. For a batch of ranges with product
// P, that is exactly Lemire's multiply-and-reject for one number below P, so rejecting when the last fraction is below
// 2^64 mod P leaves every position unbiased (it happens with probability below P / 2^64 < 2^-12). Nothing here branches
// on the cards.
class DeckDealer {
 public:
  static constexpr int kMaxDealt = 2 * kMaxPlayers + 5;  // every player from the deck, and a whole board

  // The deck is every card not in `known`; `held` cards are taken out of each deal, `count` dealt,
  // of which those from position `redealt` on can be dealt again by redeal() (when none are held).
  DeckDealer(std::uint64_t known, int held, int count, int redealt) : count_(count), redealt_(redealt) {
    const int size = kCards - std::popcount(known);
    bottom_ = kDeckPlaces - size;
    int place = bottom_;
    for (const Hand hand : kCardHands) {
      if (hand.mask() & known) continue;
      const DeckCard card = deck_card(hand);
      slot_[bit_index(card)] = static_cast<std::uint8_t>(place);
      deck_[static_cast<std::size_t>(place++)] = card;
    }
    reach_ = bottom_ + held;
    for (int i = 0; i < count; ++i) ranges_[static_cast<std::size_t>(i)] = static_cast<std::uint64_t>(size - held - i);
    fill_thresholds(size - held, 0, count, deal_thresholds_);
    fill_thresholds(size - held, redealt, count, redeal_thresholds_);
  }

  // Takes a card out of this trial's deal, to the bottom of the deck (it returns with the next deal).
  void hold(DeckCard card) {
    const std::uint8_t at = slot_[bit_index(card)];
    const auto to = static_cast<std::uint8_t>(bottom_ + held_++);
    const DeckCard moved = deck_[to];
    deck_[at] = moved;
    slot_[bit_index(moved)] = at;
    deck_[to] = card;
    slot_[bit_index(card)] = to;
  }

  // Deals the top `count` places (card(i) reads them), then puts the held cards back. Slots are
  // tracked only when some player's cards are held. kCount >= 0 says that the deal is kCount
  // cards, known at compile time so that the batches unroll; -1 deals the count given to the
  // constructor.
  template <bool kTrack, int kCount>
  EQUITY_ALWAYS_INLINE void deal(Rng& rng) {
    shuffle_positions<kTrack, 0, kCount>(rng, 0, count_, deal_thresholds_);
    held_ = 0;
  }
  // Shuffles the positions from `redealt` to `count` again (no card may be held): kRedealt and
  // kCount as known at compile time, or -1 for those given to the constructor.
  template <int kRedealt, int kCount>
  EQUITY_ALWAYS_INLINE void redeal(Rng& rng) {
    shuffle_positions<false, kRedealt, kCount>(rng, redealt_, count_, redeal_thresholds_);
  }
  DeckCard card(int i) const { return deck_[static_cast<std::size_t>(kDeckPlaces - 1 - i)]; }
  // The mask of cards first .. first + count - 1 dealt: for a flush, the only use of the masks.
  std::uint64_t dealt_mask(int first, int count) const {
    std::uint64_t mask = 0;
    for (int i = first; i < first + count; ++i) mask |= card_bit(card(i));
    return mask;
  }

 private:
  static constexpr int kDeckPlaces =
      64;  // the deck lies at the top of them (so reach is at least kDeckPlaces - kCards)

  // Positions per 64-bit number: a product of nine ranges up to 52 is below 2^52, so a number is
  // rejected with probability below 2^-12. One long chain of multiplies measured faster than
  // batches of three or five (each from a number of its own).
  static constexpr int kBatch = 9;
  using Thresholds =
      std::array<std::uint64_t, (kMaxDealt + kBatch - 1) / kBatch>;  // per batch: 2^64 mod the product of its ranges

  static void fill_thresholds(int active, int first, int end, Thresholds& thresholds) {
    for (int at = first; at < end; at += kBatch) {
      std::uint64_t product = 1;
      for (int i = at; i < std::min(end, at + kBatch); ++i) product *= static_cast<std::uint64_t>(active - i);
      thresholds[static_cast<std::size_t>((at - first) / kBatch)] = (0 - product) % product;
    }
  }

  // Positions first .. end - 1, in batches of kBatch from first; kFirst and kEnd as known at
  // compile time or -1. When any batch's number is rejected, every batch is dealt again, from the
  // order the rejected pass left: that order does not depend on the new numbers, and a
  // Fisher-Yates pass is uniform from any order. (Retrying the whole deal rather than one batch
  // keeps the loop free of branches back, which measured faster.)
  template <bool kTrack, int kFirst, int kEnd>
  EQUITY_ALWAYS_INLINE void shuffle_positions(Rng& rng, int first, int end, const Thresholds& thresholds) {
    for (;;) {
      bool accepted = true;
      if constexpr (kFirst >= 0 && kEnd >= 0) {
        accepted = shuffle_batches<kTrack, kFirst, kEnd>(
            rng, thresholds, std::make_integer_sequence<int, (kEnd - kFirst + kBatch - 1) / kBatch>{});
      } else {
        for (int at = first; at < end; at += kBatch)
          accepted &= shuffle<kTrack>(rng.next(), at, std::min(kBatch, end - at),
                                      thresholds[static_cast<std::size_t>((at - first) / kBatch)]);
      }
      if (accepted) [[likely]]
        break;
    }
  }

  // The batches of positions kFirst .. kEnd - 1 unrolled (a lambda here is not always inlined).
  template <bool kTrack, int kFirst, int kEnd, int... kNumber>
  EQUITY_ALWAYS_INLINE bool shuffle_batches(Rng& rng, const Thresholds& thresholds,
                                            std::integer_sequence<int, kNumber...>) {
    bool accepted = true;
    ((accepted &=
      shuffle<kTrack>(rng.next(), kFirst + kNumber * kBatch, std::min(kBatch, kEnd - kFirst - kNumber * kBatch),
                      thresholds[static_cast<std::size_t>(kNumber)])),
     ...);
    return accepted;
  }

  // One batch: the t-th cards dealt for t = first .. first + count - 1, from the 64-bit number
  // `fraction`; false when the number is rejected.
  template <bool kTrack>
  EQUITY_ALWAYS_INLINE bool shuffle(std::uint64_t fraction, int first, int count, std::uint64_t threshold) {
    DeckCard* const within_reach = deck_.data() + reach_;
    for (int t = first; t < first + count; ++t) {
      const auto place = static_cast<std::size_t>(kDeckPlaces - 1 - t);
      // Uniform among the places from the bottom of reach to this one (the top of reach).
      const std::size_t position = multiply_high(fraction, ranges_[static_cast<std::size_t>(t)]);
      const DeckCard left = deck_[place];
      const DeckCard dealt = exchange<kCards>(within_reach, position, left);  // platform.hpp
      deck_[place] = dealt;
      if constexpr (kTrack) {
        slot_[bit_index(dealt)] = static_cast<std::uint8_t>(place);
        slot_[bit_index(left)] = static_cast<std::uint8_t>(reach_ + static_cast<int>(position));
      }
    }
    return fraction >= threshold;
  }
  std::array<DeckCard, kDeckPlaces> deck_{};  // the cards not known in the top places, from bottom_ up
  std::array<std::uint8_t, 64> slot_{};       // by the card's bit in Hand::mask(): its place in deck_
  // The t-th card's range (the cards within reach less t), read by the multiply from memory: held
  // in registers, they left too few for the loops around.
  std::array<std::uint64_t, kMaxDealt> ranges_{};
  Thresholds deal_thresholds_{}, redeal_thresholds_{};
  int count_ = 0, redealt_ = 0;
  int bottom_ = 0;  // the deck's lowest place
  int reach_ = 0;   // the lowest place a deal reaches: above the held cards
  int held_ = 0;    // cards held so far this trial
};

}  // namespace equity::detail
