#pragma once
// Omaha hand classes: hands up to the 24 permutations of the suits.
//
// Two hands are in the same class when renaming the suits turns one into the other (AsAhKsKh and
// AcAdKcKd). A permutation of the suits permutes the four 13-bit rank fields of a CardSet, so the
// class's canonical form is the hand with its suit fields sorted, largest mask first: spades hold
// the largest field, then clubs, hearts, diamonds. PLO4 has 16,432 classes of its 270,725 hands,
// PLO5 134,459 of 2,598,960, PLO6 962,988 of 20,358,520.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "equity/cards.hpp"

namespace equity {

// The canonical member of the hand's class (any number of cards).
CardSet omaha_class(CardSet hand);

// How many hands the class of `hand` holds: 24 / (the permutations that fix it), 1 .. 24.
int omaha_class_hands(CardSet hand);

namespace detail {

// The 13-bit rank masks of each size 0..13, ascending.
const std::vector<std::vector<unsigned>>& rank_masks_by_size();

// Fields `suit`.. of a canonical hand: each at most the field before it (`below`), `left` cards in all.
template <class F>
void each_class_field(std::uint64_t hand, int suit, unsigned below, int left, F& f) {
  const auto& masks = rank_masks_by_size();
  const int last = kSuits - 1;
  for (int size = suit == last ? left : 0; size <= std::min(left, 13); ++size)
    for (unsigned m : masks[static_cast<std::size_t>(size)]) {
      if (m > below) break;
      const std::uint64_t with = hand | std::uint64_t{m} << (16 * suit);
      if (suit == last)
        f(CardSet(with));
      else
        each_class_field(with, suit + 1, m, left - size, f);
    }
}

}  // namespace detail

// Calls f(canonical) for the canonical member of every class of `cards`-card hands whose spade
// field (the largest) is the 13-bit mask `spades`, in no set order: over the 8,192 spade fields,
// every class once, without looking at the hands of the class (PLO6: 962,988 calls, not 20 million).
template <class F>
void for_each_omaha_class(int cards, unsigned spades, F&& f) {
  const int left = cards - std::popcount(spades);
  if (spades > 0x1fff || left < 0) return;
  detail::each_class_field(spades, 1, spades, left, f);
}

}  // namespace equity
