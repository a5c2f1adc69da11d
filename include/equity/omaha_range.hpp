#pragma once
// Omaha ranges: weighted sets of 4-, 5- or 6-card hands, written as Omaha players write them
// (docs/ranges-omaha.md has the grammar).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/omaha_hand_order.hpp"

namespace equity {

struct OmahaCombo {
  CardSet cards;      // hole_cards() cards
  double weight = 1;  // in (0, 1]
};

// A range's size without listing it: its hands, and their weights summed.
struct OmahaRangeSize {
  std::uint64_t hands = 0;
  double weighted = 0;
};

// The most hands combos() lists: every PLO5 hand (2,598,960) fits, PLO6's 20 million do not.
inline constexpr std::size_t kOmahaComboLimit = 2'600'000;

class OmahaRange {
 public:
  OmahaRange() = default;

  // Parses a range of hands of `hole_cards` cards (4, 5 or 6). `what` names the argument in
  // messages ("player 2"). Throws InputError naming where the text goes wrong, on one line:
  // `player 2: "AAxx:!$ds(" at position 10: expected ',', ':', ')' or the end`. Percentages read
  // `order`, or omaha_hand_order(hole_cards) when it is null. `warnings` is not written today.
  static OmahaRange parse(std::string_view text, int hole_cards, std::string_view what = "range",
                          std::vector<std::string>* warnings = nullptr, const OmahaHandOrder* order = nullptr);
  // Every hand of hole_cards cards, weight 1.
  static OmahaRange all(int hole_cards);

  int hole_cards() const { return hole_cards_; }
  bool specific() const { return hand_.has_value(); }  // exactly one hand, weight 1
  bool random() const { return random_; }              // every hand, weight 1
  // The hand of a specific range.
  CardSet hand() const { return hand_.value_or(CardSet()); }
  // Its weight for a hand of hole_cards() cards: 0 when the range does not hold it.
  double weight(CardSet hand) const;
  // A canonical form: parse(str()) gives the same hands and weights (percentages print as
  // written, so with the same ordering).
  std::string str() const;

  // The hands without a card of `removed`, in increasing order of their card masks. Throws
  // InputError ("player 2: the range holds more than 2,600,000 hands, ...") past `limit`.
  std::vector<OmahaCombo> combos(CardSet removed = CardSet(), std::size_t limit = kOmahaComboLimit,
                                 std::string_view what = "range") const;
  // How many hands combos(removed) would list, and their weights summed, without listing them
  // (PLO6's 20 million hands are counted in parallel; the sums do not depend on the threads).
  OmahaRangeSize size(CardSet removed = CardSet()) const;

  struct Tree;  // the parsed expression (src/cards/omaha_range.cpp)

 private:
  int hole_cards_ = 4;
  std::optional<CardSet> hand_;  // a specific hand
  bool random_ = true;
  std::shared_ptr<const Tree> tree_;  // null: every hand
};

}  // namespace equity
