// A-5 low hands: razz's paired hands, the checked forms and the names (low_evaluator.hpp).
#include "equity/low_evaluator.hpp"

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "equity/error.hpp"
#include "hand_text.hpp"

namespace equity {
namespace detail {
namespace {

// Where each category's values start, counted from the best (6174) down: 1,287 no-pair hands,
// 13 x C(12,3) = 2,860 one pair, C(13,2) x 11 = 858 two pair, 13 x C(12,2) = 858 trips, 13 x 12 = 156
// full houses, 156 quads.
constexpr std::array<unsigned, kLowCategories> kCategoryStart = {0, 1287, 4147, 5005, 5863, 6019};

constexpr unsigned bit(int rank) { return 1u << rank; }
constexpr int lowest(unsigned mask) { return std::countr_zero(mask); }

// The kickers' mask with the bit of `gone` taken out (the bits above it move down one): their
// position among the 12 ranks left.
constexpr unsigned squeeze(unsigned mask, int gone) {
  return (mask & (bit(gone) - 1)) | ((mask >> (gone + 1)) << gone);
}
// A rank's position among the 12 ranks other than `gone`.
constexpr unsigned position(int rank, int gone) { return static_cast<unsigned>(rank - (rank > gone)); }

constexpr RazzRank from_start(LowCategory category, unsigned index) {
  return static_cast<RazzRank>(kRazzRanks - 1 - kCategoryStart[static_cast<std::size_t>(category)] - index);
}

// Five cards of four ranks: the lowest paired rank is the pair (every rank plays).
constexpr RazzRank one_pair(const LowRankMasks& m) {
  const int pair = lowest(m.twice);
  return from_start(LowCategory::OnePair,
                    220u * static_cast<unsigned>(pair) + colex_index(squeeze(m.once & ~bit(pair), pair)));
}

// Five cards of three ranks: two pair of the two lowest paired ranks, else trips.
constexpr RazzRank two_pair_or_trips(const LowRankMasks& m) {
  if (std::popcount(m.twice) >= 2) {
    const int low = lowest(m.twice), high = lowest(m.twice & ~bit(low));
    const int kicker = lowest(m.once & ~bit(low) & ~bit(high));
    const unsigned pairs = kLowChoose[static_cast<std::size_t>(high)][2] + static_cast<unsigned>(low);
    return from_start(LowCategory::TwoPair, 11u * pairs + position(kicker, low) - (kicker > high));
  }
  const int trips = lowest(m.twice);  // the one rank repeated: three times or more
  return from_start(LowCategory::ThreeOfAKind,
                    66u * static_cast<unsigned>(trips) + colex_index(squeeze(m.once & ~bit(trips), trips)));
}

// Five cards of two ranks: the full house of the lowest trips the other rank can pair, else quads.
constexpr RazzRank full_house_or_quads(const LowRankMasks& m) {
  for (unsigned t = m.thrice; t != 0; t &= t - 1) {
    const int trips = lowest(t), pair = lowest(m.once & ~bit(trips));
    if ((m.twice & bit(pair)) != 0)
      return from_start(LowCategory::FullHouse, 12u * static_cast<unsigned>(trips) + position(pair, trips));
  }
  const int quads = lowest(m.thrice), kicker = lowest(m.once & ~bit(quads));
  return from_start(LowCategory::FourOfAKind, 12u * static_cast<unsigned>(quads) + position(kicker, quads));
}

}  // namespace

RazzRank razz_paired(LowRankMasks masks) {
  switch (std::popcount(masks.once)) {
    case 4:
      return one_pair(masks);
    case 3:
      return two_pair_or_trips(masks);
    case 2:
      return full_house_or_quads(masks);
    default:  // five distinct ranks or more, or fewer than five cards
      return kRazzNoPair[masks.once];
  }
}

}  // namespace detail

namespace {

struct RazzClass {  // a razz value's ranks in tie-break order (its category: razz_category())
  std::array<int, 5> ranks{};
};

// Every razz value's ranks (hands' names only), from the 6,175 rank multisets of five cards, each scored as a hand.
const std::array<RazzClass, kRazzRanks>& razz_classes() {
  static const std::array<RazzClass, kRazzRanks> classes = [] {
    std::array<RazzClass, kRazzRanks> out{};
    std::array<int, kRanks> count{};
    auto visit = [&](auto& self, int rank, int left) -> void {
      if (left == 0) {
        detail::LowRankMasks m;
        for (int r = 0; r < kRanks; ++r) {
          const int n = count[static_cast<std::size_t>(r)];
          if (n >= 1) m.once |= 1u << r;
          if (n >= 2) m.twice |= 1u << r;
          if (n >= 3) m.thrice |= 1u << r;
        }
        RazzClass& c = out[std::popcount(m.once) == 5 ? detail::kRazzNoPair[m.once] : detail::razz_paired(m)];
        std::size_t i = 0;  // tie-break order: the most repeated ranks first, each count's from the top
        for (int n = 4; n >= 1; --n)
          for (int r = kRanks - 1; r >= 0; --r)
            if (count[static_cast<std::size_t>(r)] == n)
              for (int k = 0; k < n; ++k) c.ranks[i++] = r;
        return;
      }
      if (rank == kRanks) return;
      for (int n = 0; n <= std::min(left, 4); ++n) {
        count[static_cast<std::size_t>(rank)] = n;
        self(self, rank + 1, left - n);
      }
      count[static_cast<std::size_t>(rank)] = 0;
    };
    visit(visit, 0, 5);
    return out;
  }();
  return classes;
}

}  // namespace

RazzRank razz_value_cards(std::span<const Card> cards) { return razz_value(detail::checked_hand(cards, 5, 7, "razz")); }

LowRank eight_or_better_cards(std::span<const Card> cards) {
  return eight_or_better(detail::checked_hand(cards, 5, 7, "eight-or-better"));
}

LowCategory razz_category(RazzRank value) {
  if (value >= kRazzRanks) throw std::out_of_range("razz_category: not a razz value");
  const unsigned from_best = kRazzRanks - 1u - value;  // each category's values follow the better ones
  std::size_t c = kLowCategories - 1;
  while (from_best < detail::kCategoryStart[c]) --c;
  return static_cast<LowCategory>(c);
}

std::array<int, 5> razz_ranks(RazzRank value) { return razz_classes().at(value).ranks; }

std::string_view low_category_name(LowCategory c) {
  static constexpr std::array<std::string_view, kLowCategories> names = {
      "no pair", "one pair", "two pair", "three of a kind", "full house", "four of a kind"};
  return names[static_cast<std::size_t>(c)];
}

std::string razz_name(RazzRank value) {
  static constexpr std::string_view kNames[] = {
      "", "one pair,", "two pair,", "three of a kind,", "full house,", "four of a kind,"};
  static constexpr char kRankNames[] = "A23456789TJQK";
  const RazzClass& c = razz_classes().at(value);
  std::string name(kNames[static_cast<std::size_t>(razz_category(value))]);
  for (std::size_t i = 0; i < 5; ++i) {
    name += i == 0 ? (name.empty() ? "" : " ") : "-";
    name += kRankNames[c.ranks[i]];
  }
  if (value == kRazzRanks - 1) name += " (the wheel)";
  return name;
}

}  // namespace equity
