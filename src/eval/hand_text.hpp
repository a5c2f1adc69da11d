#pragma once
// What the evaluators' readable names and checked entry points share (evaluator.cpp,
// low_evaluator.cpp, draw_evaluator.cpp): rank words, and a hand of card ids checked for its size,
// its cards and duplicates. Private to the library.
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/error.hpp"

namespace equity::detail {

inline constexpr std::array<std::string_view, kRanks> kRankNames = {
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"};
inline constexpr std::array<std::string_view, kRanks> kRankPlurals = {"twos",   "threes", "fours", "fives", "sixes",
                                                                      "sevens", "eights", "nines", "tens",  "jacks",
                                                                      "queens", "kings",  "aces"};

inline std::string rank_name(int rank) { return std::string(kRankNames[static_cast<std::size_t>(rank)]); }
inline std::string rank_plural(int rank) { return std::string(kRankPlurals[static_cast<std::size_t>(rank)]); }

// The cards as a set: `least` to `most` of them, each a card of the deck, none twice; else an
// InputError naming `what` ("razz: a hand has 5, 6 or 7 cards, not 4").
inline CardSet checked_hand(std::span<const Card> cards, std::size_t least, std::size_t most, std::string_view what) {
  if (cards.size() < least || cards.size() > most) {
    std::string sizes = std::to_string(least);
    for (std::size_t n = least + 1; n <= most; ++n) sizes += (n == most ? " or " : ", ") + std::to_string(n);
    throw InputError(std::string(what) + ": a hand has " + sizes + " cards, not " + std::to_string(cards.size()));
  }
  CardSet seen;
  for (Card c : cards) {
    if (c.id() >= kCards) throw InputError(std::string(what) + ": no card of id " + std::to_string(c.id()));
    if (seen.contains(c)) throw InputError(std::string(what) + ": duplicate card " + c.str());
    seen.insert(c);
  }
  return seen;
}

}  // namespace equity::detail
