#include "equity/low_evaluator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "equity/error.hpp"

using namespace equity;

namespace {

// ---- The brute force: a five-card low as a tuple, smaller is better -------------------------------

// Ace-low rank: 0 = ace, 1 = two .. 12 = king.
int low_rank(Card c) { return (c.rank() + 1) % kRanks; }

// (category 0 = no pair .. 5 = quads, the five ranks in tie-break order): compared as a vector,
// the smaller is the better low. The category from the sorted counts alone.
std::vector<int> low_key(const std::array<int, 5>& ranks) {
  std::map<int, int> count;
  for (int r : ranks) ++count[r];
  std::vector<std::pair<int, int>> held;  // (count, rank)
  for (auto [r, n] : count) held.emplace_back(n, r);
  std::sort(held.rbegin(), held.rend());
  std::vector<int> shape;
  for (auto [n, r] : held) shape.push_back(n);
  const std::map<std::vector<int>, int> categories = {{{1, 1, 1, 1, 1}, 0}, {{2, 1, 1, 1}, 1}, {{2, 2, 1}, 2},
                                                      {{3, 1, 1}, 3},       {{3, 2}, 4},       {{4, 1}, 5}};
  std::vector<int> key = {categories.at(shape)};
  for (auto [n, r] : held)
    for (int k = 0; k < n; ++k) key.push_back(r);
  return key;
}

// Every rank multiset of five cards, as keys, best first; the expected RazzRank of a key is 6174
// less its position.
const std::map<std::vector<int>, int>& expected_values() {
  static const std::map<std::vector<int>, int> values = [] {
    std::set<std::vector<int>> keys;
    for (int a = 0; a < kRanks; ++a)
      for (int b = a; b < kRanks; ++b)
        for (int c = b; c < kRanks; ++c)
          for (int d = c; d < kRanks; ++d)
            for (int e = d; e < kRanks; ++e)
              if (a != e) keys.insert(low_key({a, b, c, d, e}));  // not five of a rank
    std::map<std::vector<int>, int> out;
    int position = 0;
    for (const auto& k : keys) out[k] = kRazzRanks - 1 - position++;
    return out;
  }();
  return values;
}

// A memo of a brute force by the five ace-low ranks sorted (base 13): each rank multiset worked out
// once, so that the loops over millions of hands stay quick.
template <class F>
int memo_by_ranks(const std::array<Card, 5>& five, std::vector<int>& memo, F compute) {
  std::array<int, 5> ranks{};
  for (std::size_t i = 0; i < 5; ++i) ranks[i] = low_rank(five[i]);
  std::sort(ranks.begin(), ranks.end());
  std::size_t index = 0;
  for (int r : ranks) index = index * kRanks + static_cast<std::size_t>(r);
  if (memo.empty()) memo.assign(371'293, -1);
  if (memo[index] < 0) memo[index] = compute(ranks);
  return memo[index];
}

int brute_razz_five(const std::array<Card, 5>& five) {
  static std::vector<int> memo;
  return memo_by_ranks(five, memo,
                       [](const std::array<int, 5>& ranks) { return expected_values().at(low_key(ranks)); });
}

// The 8-or-better low of five cards: kNoLow, or 56 less the position of its ranks among the 56
// sets of five ranks of A..8 compared from the highest down.
int eight_of_ranks(std::array<int, 5> ranks) {
  std::sort(ranks.rbegin(), ranks.rend());
  if (ranks[0] > 7 || std::adjacent_find(ranks.begin(), ranks.end()) != ranks.end()) return kNoLow;
  std::vector<std::array<int, 5>> all;
  for (int a = 0; a < 8; ++a)
    for (int b = a + 1; b < 8; ++b)
      for (int c = b + 1; c < 8; ++c)
        for (int d = c + 1; d < 8; ++d)
          for (int e = d + 1; e < 8; ++e) all.push_back({e, d, c, b, a});
  std::sort(all.begin(), all.end());  // best (the wheel) first
  return kLowRanks - 1 - static_cast<int>(std::find(all.begin(), all.end(), ranks) - all.begin());
}

int brute_eight_five(const std::array<Card, 5>& five) {
  static std::vector<int> memo;
  return memo_by_ranks(five, memo, eight_of_ranks);
}

// The best of every five of `cards` under `five_value`.
template <class F>
int best_of_fives(const std::vector<Card>& cards, F five_value) {
  const std::size_t n = cards.size();
  int best = -1;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      for (std::size_t c = b + 1; c < n; ++c)
        for (std::size_t d = c + 1; d < n; ++d)
          for (std::size_t e = d + 1; e < n; ++e)
            best = std::max(best, five_value(std::array<Card, 5>{cards[a], cards[b], cards[c], cards[d], cards[e]}));
  return best;
}

CardSet set_of(const std::vector<Card>& cards) {
  CardSet s;
  for (Card c : cards) s.insert(c);
  return s;
}

// Every k-card hand of `deck`, to f.
template <class F>
void every_hand(const std::vector<Card>& deck, int k, F f) {
  std::vector<Card> hand;
  auto visit = [&](auto& self, std::size_t from) -> void {
    if (static_cast<int>(hand.size()) == k) return f(hand);
    for (std::size_t i = from; i < deck.size(); ++i) {
      hand.push_back(deck[i]);
      self(self, i + 1);
      hand.pop_back();
    }
  };
  visit(visit, 0);
}

std::vector<Card> cards_of_ranks(std::initializer_list<int> ranks) {
  std::vector<Card> deck;
  for (int r : ranks)
    for (int s = 0; s < kSuits; ++s) deck.emplace_back(r, s);
  return deck;
}

// ---- Five cards: every hand -----------------------------------------------------------------------

TEST(LowEvaluator, EveryFiveCardHandAgainstTheBruteForce) {
  std::vector<Card> deck;
  for (int id = 0; id < kCards; ++id) deck.emplace_back(id);
  std::map<int, std::uint64_t> razz_hands, eight_hands;
  std::uint64_t hands = 0, razz_wrong = 0, eight_wrong = 0;
  every_hand(deck, 5, [&](const std::vector<Card>& h) {
    const std::array<Card, 5> five{h[0], h[1], h[2], h[3], h[4]};
    const RazzRank razz = razz_value(set_of(h));
    const LowRank eight = eight_or_better(set_of(h));
    razz_wrong += razz != brute_razz_five(five);
    eight_wrong += eight != brute_eight_five(five);
    ++razz_hands[razz];
    ++eight_hands[eight];
    ++hands;
  });
  EXPECT_EQ(hands, 2'598'960u);
  EXPECT_EQ(razz_wrong, 0u);
  EXPECT_EQ(eight_wrong, 0u);
  // Every value made, by as many hands as its shape allows (suits free: flushes and straights do
  // not count): no pair 4^5, one pair 6 x 4^3, two pair 6 x 6 x 4, trips 4 x 4^2, full house 4 x 6,
  // quads 1 x 4.
  ASSERT_EQ(razz_hands.size(), static_cast<std::size_t>(kRazzRanks));
  std::map<std::uint64_t, int> values_by_hands;
  for (auto [value, n] : razz_hands) ++values_by_hands[n];
  const std::map<std::uint64_t, int> expected = {{1024, 1287}, {384, 2860}, {144, 858}, {64, 858}, {24, 156}, {4, 156}};
  EXPECT_EQ(values_by_hands, expected);
  // The categories in order of value: the worst 156 values are quads, the best 1,287 no pair.
  std::array<int, kLowCategories> per_category{};
  for (int v = 0; v < kRazzRanks; ++v)
    ++per_category[static_cast<std::size_t>(razz_category(static_cast<RazzRank>(v)))];
  EXPECT_EQ(per_category, (std::array<int, kLowCategories>{1287, 2860, 858, 858, 156, 156}));
  for (int v = 1; v < kRazzRanks; ++v)
    EXPECT_LE(razz_category(static_cast<RazzRank>(v)), razz_category(static_cast<RazzRank>(v - 1))) << v;
  // 8-or-better: C(8,5) = 56 lows of 1,024 hands each; the rest none.
  ASSERT_EQ(eight_hands.size(), 57u);
  for (auto [value, n] : eight_hands) EXPECT_EQ(n, value == kNoLow ? 2'598'960u - 56 * 1024 : 1024u) << value;
}

TEST(LowEvaluator, RanksAndNamesReadBack) {
  // razz_ranks() gives each value's ranks; the brute force's key of them gives the value back.
  const auto& values = expected_values();
  ASSERT_EQ(values.size(), static_cast<std::size_t>(kRazzRanks));
  for (const auto& [key, value] : values) {
    const std::array<int, 5> ranks = razz_ranks(static_cast<RazzRank>(value));
    EXPECT_EQ(low_key(ranks), key) << value;
    EXPECT_EQ(static_cast<int>(razz_category(static_cast<RazzRank>(value))), key[0]) << value;
  }
  const auto hand = [](const char* text) { return parse_cards(text); };
  EXPECT_EQ(razz_value_cards(hand("As2d3c4h5s")), 6174);
  EXPECT_EQ(razz_value_cards(hand("As2d3c4h6s")), 6173);
  EXPECT_EQ(razz_value_cards(hand("AsAd2c3h4s")), 4887);  // the best pair: just below the worst no pair
  EXPECT_EQ(razz_value_cards(hand("9s8d7c6h5s")), razz_value_cards(hand("9d8d7d6d5d")));  // no straights, no flushes
  EXPECT_EQ(razz_value_cards(hand("KsKdKcKhQs")), 0);
  EXPECT_EQ(razz_name(6174), "5-4-3-2-A (the wheel)");
  EXPECT_EQ(razz_name(razz_value_cards(hand("7s5d4c3h2s"))), "7-5-4-3-2");
  EXPECT_EQ(razz_name(4887), "one pair, A-A-4-3-2");
  EXPECT_EQ(razz_name(razz_value_cards(hand("2s2d2cAhAs"))), "full house, 2-2-2-A-A");
  EXPECT_EQ(razz_name(0), "four of a kind, K-K-K-K-Q");
  // 8-or-better reads as Omaha's lows.
  EXPECT_EQ(low_name(eight_or_better_cards(hand("As2d3c4h5sKdKc"))), "5-4-3-2-A (the wheel)");
  EXPECT_EQ(low_name(eight_or_better_cards(hand("8s7d6c5h4sKdKc"))), "8-7-6-5-4");
  EXPECT_EQ(eight_or_better_cards(hand("9s7d6c5h4sKdKc")), kNoLow);
  EXPECT_EQ(eight_or_better_cards(hand("AsAd2c3h4s5d")), kLowRanks - 1);
}

TEST(LowEvaluator, CheckedFormsRefuseBadHands) {
  const auto hand = [](const char* text) { return parse_cards(text); };
  EXPECT_THROW(razz_value_cards(hand("As2d3c4h")), InputError);
  EXPECT_THROW(eight_or_better_cards(hand("As2d3c4h5s6s7s8s")), InputError);
  const std::vector<Card> twice = {Card(0), Card(1), Card(2), Card(3), Card(0)};
  try {
    razz_value_cards(twice);
    FAIL() << "no throw";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "razz: duplicate card 2s");
  }
}

// ---- Six and seven cards: the best five --------------------------------------------------------

void expect_best_of_fives(const std::vector<Card>& cards) {
  ASSERT_EQ(razz_value(set_of(cards)), best_of_fives(cards, brute_razz_five)) << to_string(cards);
  ASSERT_EQ(eight_or_better(set_of(cards)), best_of_fives(cards, brute_eight_five)) << to_string(cards);
}

TEST(LowEvaluator, SixAndSevenCardsRandomHands) {
  std::mt19937_64 rng(36);
  std::vector<Card> deck;
  for (int id = 0; id < kCards; ++id) deck.emplace_back(id);
  for (int trial = 0; trial < 100'000; ++trial) {
    std::shuffle(deck.begin(), deck.end(), rng);
    expect_best_of_fives({deck.begin(), deck.begin() + 6 + trial % 2});
  }
}

TEST(LowEvaluator, SixAndSevenCardsEveryHandOfFewRanks) {
  // Few ranks, so that pairs, two pair, trips, full houses and quads are common: every hand.
  for (auto ranks :
       {cards_of_ranks({12, 0, 1, 2, 3}), cards_of_ranks({12, 0, 11, 10}), cards_of_ranks({5, 6, 7, 8, 9, 12})})
    for (int k : {6, 7}) every_hand(ranks, k, [](const std::vector<Card>& h) { expect_best_of_fives(h); });
  // Six cards of seven ranks from the ace to the seven (many lows and paired lows).
  every_hand(cards_of_ranks({12, 0, 1, 2, 3, 4, 5}), 6, [](const std::vector<Card>& h) { expect_best_of_fives(h); });
}

}  // namespace
