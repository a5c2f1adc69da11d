#pragma once
// Omaha ranges: weighted sets of 4-, 5- or 6-card hands, written as Omaha players write them
// (docs/ranges-omaha.md has the grammar).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"

namespace equity {

struct OmahaCombo {
  CardSet cards;      // hole_cards() cards
  double weight = 1;  // in (0, 1]
};

// The most hands combos() lists: every PLO5 hand (2,598,960) fits, PLO6's 20 million do not.
inline constexpr std::size_t kOmahaComboLimit = 2'600'000;

class OmahaRange {
 public:
  OmahaRange() = default;

  // Parses a range of hands of `hole_cards` cards (4, 5 or 6). `what` names the argument in
  // messages ("player 2"). Throws InputError naming the bad token and where it is.
  static OmahaRange parse(std::string_view text, int hole_cards, std::string_view what = "range",
                          std::vector<std::string>* warnings = nullptr);
  // Every hand of hole_cards cards, weight 1.
  static OmahaRange all(int hole_cards);

  int hole_cards() const { return hole_cards_; }
  bool specific() const { return hand_.has_value(); }  // exactly one hand, weight 1
  bool random() const { return !hand_.has_value(); }   // every hand, weight 1
  // The hand of a specific range.
  CardSet hand() const { return hand_.value_or(CardSet()); }
  // Its weight for a hand of hole_cards() cards: 0 when the range does not hold it.
  double weight(CardSet hand) const;
  // A canonical form: parse(str()) gives the same hands and weights.
  std::string str() const;

  // The hands without a card of `removed`, in increasing order of their card masks. Throws
  // InputError ("player 2: the range holds more than 2600000 hands; ...") past `limit`.
  std::vector<OmahaCombo> combos(CardSet removed = CardSet(), std::size_t limit = kOmahaComboLimit,
                                 std::string_view what = "range") const;

 private:
  int hole_cards_ = 4;
  std::optional<CardSet> hand_;  // a specific hand; none: every hand
};

}  // namespace equity
