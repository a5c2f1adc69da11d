// The draw games' hand values: the checked forms, the ranks and the names (draw_evaluator.hpp).
#include "equity/draw_evaluator.hpp"

#include "equity/error.hpp"
#include "hand_text.hpp"

namespace equity {
namespace {

// `least` to `most` distinct cards of the 52, else InputError naming the game and what is wrong.

// The high HandRank of each 2-7 value (deuce_seven_of_high() turned around).
constexpr std::array<HandRank, kDeuceSevenRanks> kHighOfDeuceSeven = [] {
  std::array<HandRank, kDeuceSevenRanks> t{};
  for (int high = 0; high < kHandRanks; ++high)
    t[deuce_seven_of_high(static_cast<HandRank>(high))] = static_cast<HandRank>(high);
  return t;
}();

// The mask of ranks (bit 12 the ace) of each badugi value (detail::kBadugiOfRanks turned around).
constexpr std::array<std::uint16_t, kBadugiRanks> kRanksOfBadugi = [] {
  std::array<std::uint16_t, kBadugiRanks> t{};
  for (unsigned m = 1; m < (1u << kRanks); ++m)
    if (std::popcount(m) <= 4) t[detail::kBadugiOfRanks[m]] = static_cast<std::uint16_t>(m);
  return t;
}();

// "K-8-4": ranks[from..to) by their letters (`letters` by rank), joined by dashes.
template <std::size_t N>
std::string dashed(const std::array<int, N>& ranks, std::size_t from, std::size_t to, std::string_view letters) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) {
    if (i > from) out += '-';
    out += letters[static_cast<std::size_t>(ranks[i])];
  }
  return out;
}

constexpr std::string_view kAceLowLetters = "A23456789TJQK";

}  // namespace

// ---- Deuce-to-seven ------------------------------------------------------------------------------

DeuceSevenRank deuce_seven_value_cards(std::span<const Card> cards) {
  return deuce_seven_value(detail::checked_hand(cards, 5, 5, "2-7"));
}

std::string_view deuce_seven_category_name(Category c) {
  static constexpr std::array<std::string_view, kCategories> names = {
      "no pair", "one pair",   "two pair",       "three of a kind", "straight",
      "flush",   "full house", "four of a kind", "straight flush"};
  return names[static_cast<std::size_t>(c)];
}

std::array<int, 5> deuce_seven_ranks(DeuceSevenRank value) {
  const HandRank high = kHighOfDeuceSeven.at(value);
  if (high == detail::kHighWheel || high == detail::kHighSteelWheel) return {12, 3, 2, 1, 0};  // the ace on top
  return class_ranks(high);
}

std::string deuce_seven_name(DeuceSevenRank value) {
  const std::array<int, 5> r = deuce_seven_ranks(value);
  switch (deuce_seven_category(value)) {
    case Category::HighCard:
      return dashed(r, 0, 5, kRankChars);
    case Category::OnePair:
      return "pair of " + detail::rank_plural(r[0]) + ", " + dashed(r, 2, 5, kRankChars);
    case Category::TwoPair:
      return "two pair, " + detail::rank_plural(r[0]) + " and " + detail::rank_plural(r[2]) + ", " +
             dashed(r, 4, 5, kRankChars);
    case Category::ThreeOfAKind:
      return "three of a kind, " + detail::rank_plural(r[0]) + ", " + dashed(r, 3, 5, kRankChars);
    case Category::Straight:
      return "straight, " + detail::rank_name(r[0]) + " high";
    case Category::Flush:
      return "flush, " + dashed(r, 0, 5, kRankChars);
    case Category::FullHouse:
      return "full house, " + detail::rank_plural(r[0]) + " full of " + detail::rank_plural(r[3]);
    case Category::FourOfAKind:
      return "four of a kind, " + detail::rank_plural(r[0]) + ", " + dashed(r, 4, 5, kRankChars);
    case Category::StraightFlush:
      return r[0] == 12 ? std::string("royal flush") : "straight flush, " + detail::rank_name(r[0]) + " high";
  }
  return {};
}

// ---- Badugi --------------------------------------------------------------------------------------

BadugiRank badugi_value_cards(std::span<const Card> cards) {
  const CardSet hand = detail::checked_hand(cards, 4, 5, "badugi");
  return cards.size() == 5 ? badugi_value_five(hand) : badugi_value(hand);
}

std::string_view badugi_category_name(BadugiCategory c) {
  static constexpr std::array<std::string_view, kBadugiCategories> names = {"4-card badugi", "3-card hand",
                                                                            "2-card hand", "1-card hand"};
  return names[static_cast<std::size_t>(c)];
}

std::array<int, 4> badugi_ranks(BadugiRank value) {
  std::array<int, 4> ranks = {-1, -1, -1, -1};
  std::size_t i = 0;
  for (unsigned m = detail::ace_low(kRanksOfBadugi.at(value)); m != 0; m &= ~(1u << (31 - std::countl_zero(m))))
    ranks[i++] = 31 - std::countl_zero(m);
  return ranks;
}

std::string badugi_name(BadugiRank value) {
  const int k = badugi_cards(value);
  return std::to_string(k) + (k == 4 ? "-card badugi " : "-card ") +
         dashed(badugi_ranks(value), 0, static_cast<std::size_t>(k), kAceLowLetters);
}

BadugiCards badugi_best(std::span<const Card> cards) {
  const BadugiRank best = badugi_value_cards(cards);
  auto ace_low = [](Card c) { return (c.rank() + 1) % kRanks; };
  // The first subset of the hand's cards, in the order of their masks, whose cards share no rank
  // and no suit and whose ranks make the value: a one-off, not a loop's inner work.
  for (unsigned subset = 1; subset < (1u << cards.size()); ++subset) {
    if (std::popcount(subset) > 4) continue;
    unsigned ranks = 0, suits = 0;
    bool apart = true;
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if ((subset >> i & 1u) == 0) continue;
      const unsigned r = 1u << cards[i].rank(), s = 1u << cards[i].suit();
      apart = apart && (ranks & r) == 0 && (suits & s) == 0;
      ranks |= r;
      suits |= s;
    }
    if (!apart || detail::kBadugiOfRanks[ranks] != best) continue;
    BadugiCards out;
    for (std::size_t i = 0; i < cards.size(); ++i) {  // each card in before the lower ones (an insertion sort)
      if ((subset >> i & 1u) == 0) continue;
      auto at = static_cast<std::size_t>(out.size++);
      for (; at > 0 && ace_low(out.cards[at - 1]) < ace_low(cards[i]); --at) out.cards[at] = out.cards[at - 1];
      out.cards[at] = cards[i];
    }
    return out;
  }
  return {};  // not reached: some subset makes the value
}

}  // namespace equity
