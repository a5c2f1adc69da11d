#include "equity/omaha_evaluator.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace equity {
namespace {

// The cards of a set, at most 6 of them read.
std::vector<Card> cards_of(CardSet set) { return set.cards(); }

// Bit r (0 = ace .. 7 = eight) of each card of rank ace or two..eight.
unsigned low_bit(Card c) {
  const int r = c.rank();  // 0 = '2' .. 12 = 'A'
  if (r == 12) return 1u;
  return r <= 6 ? 1u << (r + 1) : 0u;
}

// Every 5-bit mask of the 8 low ranks, ordered worst (8-7-6-5-4) to best (the wheel): compare the
// ranks from the highest down, the lower rank winning.
const std::array<unsigned, 56>& low_masks() {
  static const std::array<unsigned, 56> masks = [] {
    std::array<unsigned, 56> m{};
    int n = 0;
    for (unsigned mask = 0; mask < 256; ++mask)
      if (std::popcount(mask) == 5) m[static_cast<std::size_t>(n++)] = mask;
    // A low is better when its highest differing rank is lower: as numbers, the smaller mask wins.
    std::sort(m.begin(), m.end(), std::greater<>());
    return m;
  }();
  return masks;
}

LowRank low_of_mask(unsigned mask) {
  const auto& masks = low_masks();
  const auto it = std::find(masks.begin(), masks.end(), mask);
  return static_cast<LowRank>(it - masks.begin() + 1);
}

}  // namespace

// The plain best of C(n,2) x C(5,3) five-card hands; the fast evaluator replaces it.
HandRank omaha_high(CardSet hole, CardSet board) {
  const std::vector<Card> h = cards_of(hole), b = cards_of(board);
  HandRank best = 0;
  for (std::size_t i = 0; i < h.size(); ++i)
    for (std::size_t j = i + 1; j < h.size(); ++j)
      for (std::size_t x = 0; x < b.size(); ++x)
        for (std::size_t y = x + 1; y < b.size(); ++y)
          for (std::size_t z = y + 1; z < b.size(); ++z) {
            const std::array<Card, 5> five = {h[i], h[j], b[x], b[y], b[z]};
            best = std::max(best, evaluate(Hand(std::span<const Card>(five))));
          }
  return best;
}

LowRank omaha_low(CardSet hole, CardSet board) {
  const std::vector<Card> h = cards_of(hole), b = cards_of(board);
  LowRank best = kNoLow;
  for (std::size_t i = 0; i < h.size(); ++i)
    for (std::size_t j = i + 1; j < h.size(); ++j)
      for (std::size_t x = 0; x < b.size(); ++x)
        for (std::size_t y = x + 1; y < b.size(); ++y)
          for (std::size_t z = y + 1; z < b.size(); ++z) {
            const std::array<Card, 5> five = {h[i], h[j], b[x], b[y], b[z]};
            unsigned mask = 0;
            bool low = true;
            for (Card c : five) {
              const unsigned bit = low_bit(c);
              if (bit == 0 || (mask & bit) != 0) low = false;
              mask |= bit;
            }
            if (low) best = std::max(best, low_of_mask(mask));
          }
  return best;
}

std::array<int, 5> low_ranks(LowRank low) {
  std::array<int, 5> ranks{};
  if (low == kNoLow) return ranks;
  unsigned mask = low_masks()[static_cast<std::size_t>(low - 1)];
  for (int i = 0; i < 5; ++i) {
    const int top = 31 - std::countl_zero(mask);
    ranks[static_cast<std::size_t>(i)] = top;
    mask &= ~(1u << top);
  }
  return ranks;
}

std::string low_name(LowRank low) {
  if (low == kNoLow) return "no low";
  static constexpr char kNames[] = "A2345678";
  std::string name;
  for (int r : low_ranks(low)) {
    if (!name.empty()) name += '-';
    name += kNames[r];
  }
  if (low == kLowRanks - 1) name += " (the wheel)";
  return name;
}

}  // namespace equity
