#pragma once
// Ranges: weighted sets of hole-card combos, written the way players write them.
//
// Syntax (items separated by commas, spaces optional; docs/ranges.md has the whole grammar):
//   classes   AA  AKs  AKo  AK (suited and offsuit)
//   combos    AsKs  "As Ks"  10s9s  A♠K♠ (suit symbols, see read_suit())
//   wildcards AxKx (every AK)  AsKx (the ace of spades with any king)  AxAx
//   anything  random  xx  *
//   plus      QQ+ (QQ, KK, AA)  A2s+ (A2s..AKs)  KTo+  K9+
//   minus     JJ- (JJ..22)  A5s- (A5s..A2s)  K9o-
//   dash      22-99 or 99-22  A5s-A2s  K9o-K6o; spans of equal gap T9s-65s  J9o-64o  T8s-53s
//   percent   15%  0.5%  5%-10%: a prefix of the 169 classes in an ordering (hand_order.hpp)
//   weights   AKs:0.5 or AKs@50 (a fraction in (0, 1], or a percentage in (0, 100])
//   brackets  [75]AKo,KQo[/75]  [82.5]QJs[/82.5] (Equilab, Flopzilla, GTO+): every item between
//             them weighted number / 100; they do not nest, and items inside carry no weight of
//             their own
// A later item overrides the weight of an earlier one for the combos they share. Anything that
// does not parse throws InputError quoting the bad item, and so does an item that selects no
// hands ("0%").
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/hand_class.hpp"
#include "equity/hand_order.hpp"

namespace equity {

struct WeightedCombo {
  std::array<Card, 2> cards;
  int index = 0;      // combo_index of the cards
  double weight = 1;  // in (0, 1]
};

class Range {
 public:
  Range() = default;

  // Parses the syntax above. `what` names the argument in messages ("player 2"). Warnings about
  // input that parses but is probably not what was meant (an @ weight of at most 1, which is a
  // percentage: "AA@0.5" is half of one percent) are appended to `warnings` when given, one line
  // each without a prefix (the command line prints them as "equity: warning: ..."). `order` names
  // the ordering percentages select from (hand_order()); an unknown name throws InputError.
  static Range parse(std::string_view text, std::string_view what = "range",
                     std::vector<std::string>* warnings = nullptr, std::string_view order = kDefaultHandOrder);
  static Range all();  // random: every combo, weight 1

  double weight(int index) const {
    const auto i = static_cast<std::size_t>(index);
    return weights_.empty() ? static_cast<double>(held_[i / 64] >> (i % 64) & 1) : weights_[i];
  }
  bool contains(int index) const {
    const auto i = static_cast<std::size_t>(index);
    return (held_[i / 64] >> (i % 64) & 1) != 0;
  }
  void set(int index, double weight);

  // The one weight of the combos `indices` (0 when none is held), or nullopt when their weights
  // differ: a whole class at one weight, as the preflop tables take it.
  std::optional<double> common_weight(std::span<const int> indices) const;

  int size() const;              // combos with a weight above 0 (raw combos)
  double weighted_size() const;  // the sum of the weights: "AA,KK:0.5,AKs:0.75" is 12 (of 16 raw)
  bool empty() const { return size() == 0; }
  bool weighted() const { return off_one_ > 0; }  // some combo has a weight other than 1
  // Exactly one combo of weight 1: a specific hand.
  bool specific() const { return size() == 1 && !weighted(); }

  // A canonical compact form: "QQ+,AKs,A5s-A2s,KQo:0.5,AhKd". parse(str()) gives the same combos
  // and weights.
  std::string str() const;

  // The combos without any card of `removed`, in index order.
  std::vector<WeightedCombo> combos(CardSet removed = CardSet()) const;
  // f(index, weight) for every combo held, in index order (combos() without a list).
  template <class F>
  void for_each_combo(F&& f) const {
    const bool plain = weights_.empty();
    for (std::size_t word = 0; word < held_.size(); ++word)
      for (std::uint64_t bits = held_[word]; bits != 0; bits &= bits - 1) {
        const std::size_t i = 64 * word + static_cast<std::size_t>(std::countr_zero(bits));
        f(static_cast<int>(i), plain ? 1.0 : weights_[i]);
      }
  }

  friend bool operator==(const Range&, const Range&) = default;

 private:
  // A bit per combo of weight above 0, so that a question asks without scanning weights (size():
  // 21 popcounts) and visits only the combos held (combos()); the number of those whose weight is
  // not 1 (weighted()); and the weights themselves only while some stored weight is neither 0 nor
  // 1 (`odd_` of them), else none: a range of whole combos is 200 bytes, not 10 kB, to build and
  // copy (a small question's first run in a process paid for every page of its ranges).
  std::array<std::uint64_t, (kCombos + 63) / 64> held_{};
  int off_one_ = 0;
  int odd_ = 0;
  std::vector<double> weights_;  // kCombos of them when odd_ > 0, else empty
};

}  // namespace equity
