#pragma once
// Omaha hand classes: hands up to the 24 permutations of the suits.
//
// Two hands are in the same class when renaming the suits turns one into the other (AsAhKsKh and
// AcAdKcKd). A permutation of the suits permutes the four 13-bit rank fields of a CardSet, so the
// class's canonical form is the hand with its suit fields sorted, largest mask first: spades hold
// the largest field, then clubs, hearts, diamonds. PLO4 has 16,432 classes of its 270,725 hands,
// PLO5 134,459 of 2,598,960, PLO6 962,988 of 20,358,520.
#include <cstdint>

#include "equity/cards.hpp"

namespace equity {

// The canonical member of the hand's class (any number of cards).
CardSet omaha_class(CardSet hand);

// How many hands the class of `hand` holds: 24 / (the permutations that fix it), 1 .. 24.
int omaha_class_hands(CardSet hand);

}  // namespace equity
