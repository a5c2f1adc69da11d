#include "equity/draw_evaluator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "draw_brute_force.hpp"
#include "equity/error.hpp"

using namespace equity;
using namespace equity::test;

namespace {

// ---- Helpers ----------------------------------------------------------------------------------------

template <std::size_t N>
CardSet set_of(const std::array<Card, N>& cards) {
  CardSet s;
  for (Card c : cards) s.insert(c);
  return s;
}

template <std::size_t N>
Hand hand_of(const std::array<Card, N>& cards) {
  Hand h;
  for (Card c : cards) h += Hand(c);
  return h;
}

template <std::size_t N>
std::array<Card, N> random_hand(std::mt19937_64& rng) {
  std::array<Card, N> hand{};
  std::uint64_t used = 0;
  for (auto& c : hand) {
    int id;
    do id = static_cast<int>(rng() % kCards);
    while (used >> id & 1);
    used |= std::uint64_t{1} << id;
    c = Card(id);
  }
  return hand;
}

int sign(int x) { return (x > 0) - (x < 0); }

DeuceSevenRank deuce_seven(const char* text) { return deuce_seven_value_cards(parse_cards(text)); }
BadugiRank badugi(const char* text) { return badugi_value_cards(parse_cards(text)); }

// ---- Deuce-to-seven ------------------------------------------------------------------------------

TEST(DeuceSeven, EveryFiveCardHandOrdersAsTheBruteForce) {
  // Every hand's value and the brute force's key: equal values have equal keys, and the values in
  // increasing order have keys in strictly decreasing order (worse to better). With every hand
  // seen, that is the evaluator ordering all 2,598,960 hands as the rules do.
  std::map<int, DeuceSevenKey> key_of_value;
  std::array<std::uint64_t, kCategories> hands_by_category{};
  std::uint64_t hands = 0, wrong_key = 0, wrong_category = 0, wrong_set = 0;
  for (int a = 0; a < kCards; ++a)
    for (int b = a + 1; b < kCards; ++b)
      for (int c = b + 1; c < kCards; ++c)
        for (int d = c + 1; d < kCards; ++d)
          for (int e = d + 1; e < kCards; ++e) {
            const std::array<Card, 5> five{Card(a), Card(b), Card(c), Card(d), Card(e)};
            const DeuceSevenRank value = deuce_seven_value(hand_of(five));
            const DeuceSevenKey key = deuce_seven_key(five);
            const auto [at, inserted] = key_of_value.emplace(value, key);
            wrong_key += !inserted && at->second != key;
            const Category category = deuce_seven_category(value);
            wrong_category += static_cast<int>(category) != key[0];
            wrong_set += deuce_seven_value(set_of(five)) != value;
            ++hands_by_category[static_cast<std::size_t>(category)];
            ++hands;
          }
  EXPECT_EQ(hands, 2'598'960u);
  EXPECT_EQ(wrong_key, 0u);
  EXPECT_EQ(wrong_category, 0u);
  EXPECT_EQ(wrong_set, 0u);  // the CardSet form is the Hand form
  // 7,462 values, 0..7461, as Hold'em's classes (the two wheels change class, not number).
  ASSERT_EQ(key_of_value.size(), static_cast<std::size_t>(kDeuceSevenRanks));
  EXPECT_EQ(key_of_value.begin()->first, 0);
  EXPECT_EQ(key_of_value.rbegin()->first, kDeuceSevenRanks - 1);
  for (auto it = std::next(key_of_value.begin()); it != key_of_value.end(); ++it)
    EXPECT_LT(it->second, std::prev(it)->second) << it->first;
  // Hands by category. The 5-card hands of poker: straight flush 10 x 4 = 40, four of a kind 13 x
  // 48 = 624, full house 13 x 4 x 12 x 6 = 3,744, flush 4 x (C(13,5) - 10) = 5,108, straight 10 x
  // (4^5 - 4) = 10,200, three of a kind 13 x 4 x C(12,2) x 16 = 54,912, two pair C(13,2) x 36 x
  // 44 = 123,552, one pair 13 x 6 x C(12,3) x 64 = 1,098,240, high card (C(13,5) - 10) x (4^5 - 4)
  // = 1,302,540. In 2-7 A-2-3-4-5 is no straight: its 4^5 - 4 = 1,020 unsuited hands go from the
  // straights to no pair (10,200 - 1,020 = 9,180; 1,302,540 + 1,020 = 1,303,560), its 4 suited
  // ones from the straight flushes to the flushes (40 - 4 = 36; 5,108 + 4 = 5,112).
  const std::array<std::uint64_t, kCategories> expected_hands = {1'303'560, 1'098'240, 123'552, 54'912, 9'180,
                                                                 5'112,     3'744,     624,     36};
  EXPECT_EQ(hands_by_category, expected_hands);
  // Values by category: Hold'em's 1,277 high-card classes + 1 (A-5-4-3-2), 2,860 one pair, 858
  // two pair, 858 three of a kind, 10 - 1 straights, 1,277 + 1 flushes, 156 full houses, 156 four
  // of a kind, 10 - 1 straight flushes: 7,462 in all.
  std::array<int, kCategories> values_by_category{};
  for (const auto& [value, key] : key_of_value) ++values_by_category[static_cast<std::size_t>(key[0])];
  EXPECT_EQ(values_by_category, (std::array<int, kCategories>{1278, 2860, 858, 858, 9, 1278, 156, 156, 9}));
}

TEST(DeuceSeven, RandomPairsOfHandsAgainstTheBruteForceComparator) {
  std::mt19937_64 rng(27);
  for (int trial = 0; trial < 1'000'000; ++trial) {
    const auto a = random_hand<5>(rng), b = random_hand<5>(rng);
    ASSERT_EQ(sign(deuce_seven_value(hand_of(a)) - deuce_seven_value(hand_of(b))), compare_deuce_seven(a, b))
        << to_string({a.begin(), a.end()}) << " vs " << to_string({b.begin(), b.end()});
  }
}

TEST(DeuceSeven, EveryPairAmongThousandsOfHandsAgainstTheBruteForceComparator) {
  // 2,000 random hands and 500 of few ranks (2 to 7 and the ace: wheels, straights, small pairs),
  // each pair of them compared both ways: 3,123,750 pairs.
  std::mt19937_64 rng(72);
  std::vector<std::array<Card, 5>> hands;
  for (int i = 0; i < 2000; ++i) hands.push_back(random_hand<5>(rng));
  const std::vector<int> low_ranks = {12, 0, 1, 2, 3, 4, 5};
  while (hands.size() < 2500) {
    std::array<Card, 5> h{};
    CardSet used;
    for (auto& c : h) {
      do c = Card(low_ranks[rng() % low_ranks.size()], static_cast<int>(rng() % 2));  // two suits: flushes
      while (used.contains(c));
      used.insert(c);
    }
    hands.push_back(h);
  }
  std::vector<int> values;
  for (const auto& h : hands) values.push_back(deuce_seven_value(hand_of(h)));
  std::uint64_t wrong = 0, pairs = 0;
  for (std::size_t i = 0; i < hands.size(); ++i)
    for (std::size_t j = i + 1; j < hands.size(); ++j, ++pairs)
      wrong += sign(values[i] - values[j]) != compare_deuce_seven(hands[i], hands[j]);
  EXPECT_EQ(pairs, 3'123'750u);
  EXPECT_EQ(wrong, 0u);
}

TEST(DeuceSeven, KnownHandsAndNames) {
  EXPECT_EQ(deuce_seven("7s5d4c3h2s"), kDeuceSevenRanks - 1);  // the best hand
  EXPECT_EQ(deuce_seven("7s6d4c3h2s"), kDeuceSevenRanks - 2);
  EXPECT_EQ(deuce_seven("AsKsQsJsTs"), 0);  // the worst: the royal flush
  // A-5-4-3-2 is ace high: worse than every king-high hand, better than every other ace high.
  EXPECT_EQ(deuce_seven("As5d4c3h2s"), deuce_seven("KsQdJcTh8s") - 1);
  EXPECT_EQ(deuce_seven("As5d4c3h2s"), deuce_seven("As6d4c3h2s") + 1);
  EXPECT_EQ(deuce_seven("As5s4s3s2s"), deuce_seven("KsQsJsTs8s") - 1);  // suited, an ace-high flush
  EXPECT_EQ(deuce_seven("As5s4s3s2s"), deuce_seven("As6s4s3s2s") + 1);
  EXPECT_EQ(deuce_seven_category(deuce_seven("As5d4c3h2s")), Category::HighCard);
  EXPECT_EQ(deuce_seven_category(deuce_seven("As5s4s3s2s")), Category::Flush);
  EXPECT_EQ(deuce_seven_category(deuce_seven("6s5d4c3h2s")), Category::Straight);
  EXPECT_EQ(deuce_seven_category(deuce_seven("AsKdQcJhTs")), Category::Straight);  // the ace is high
  // Each category below the one before: the worst no pair above the best pair, and so on.
  EXPECT_GT(deuce_seven("AsKdQcJh9s"), deuce_seven("2s2d3c4h5s"));
  EXPECT_GT(deuce_seven("AsAdKcKhQs"), deuce_seven("2s2d2c3h4s"));
  EXPECT_GT(deuce_seven("AsAdAcKhQs"), deuce_seven("6s5d4c3h2s"));
  EXPECT_GT(deuce_seven("AsKdQcJhTs"), deuce_seven("7s5s4s3s2s"));
  EXPECT_GT(deuce_seven("AsKsQsJs9s"), deuce_seven("2s2d2c3h3s"));
  EXPECT_GT(deuce_seven("AsAdAcKhKs"), deuce_seven("2s2d2c2h3s"));
  EXPECT_GT(deuce_seven("AsAdAcAhKs"), deuce_seven("6s5s4s3s2s"));
  EXPECT_GT(deuce_seven("6s5s4s3s2s"), deuce_seven("AsKsQsJsTs"));

  EXPECT_EQ(deuce_seven_name(deuce_seven("7s5d4c3h2s")), "7-5-4-3-2");
  EXPECT_EQ(deuce_seven_name(deuce_seven("As5d4c3h2s")), "A-5-4-3-2");
  EXPECT_EQ(deuce_seven_name(deuce_seven("9s9dKc8h4s")), "pair of nines, K-8-4");
  EXPECT_EQ(deuce_seven_name(deuce_seven("9s9d4c4hKs")), "two pair, nines and fours, K");
  EXPECT_EQ(deuce_seven_name(deuce_seven("9s9d9cKh8s")), "three of a kind, nines, K-8");
  EXPECT_EQ(deuce_seven_name(deuce_seven("7s6d5c4h3s")), "straight, seven high");
  EXPECT_EQ(deuce_seven_name(deuce_seven("7s5s4s3s2s")), "flush, 7-5-4-3-2");
  EXPECT_EQ(deuce_seven_name(deuce_seven("As5s4s3s2s")), "flush, A-5-4-3-2");
  EXPECT_EQ(deuce_seven_name(deuce_seven("9s9d9c4h4s")), "full house, nines full of fours");
  EXPECT_EQ(deuce_seven_name(deuce_seven("9s9d9c9hKs")), "four of a kind, nines, K");
  EXPECT_EQ(deuce_seven_name(deuce_seven("7s6s5s4s3s")), "straight flush, seven high");
  EXPECT_EQ(deuce_seven_name(0), "royal flush");
  EXPECT_EQ(deuce_seven_category_name(Category::HighCard), "no pair");
  EXPECT_EQ(deuce_seven_category_name(Category::StraightFlush), "straight flush");
}

TEST(DeuceSeven, RanksReadBackAndNamesDiffer) {
  // Each value's ranks dealt as a hand (one suit for the flushes, else the suits taken in turn
  // within a rank and across ranks, so no flush) give the value back; every name is its own.
  std::set<std::string> names;
  for (int v = 0; v < kDeuceSevenRanks; ++v) {
    const auto value = static_cast<DeuceSevenRank>(v);
    const std::array<int, 5> ranks = deuce_seven_ranks(value);
    const Category category = deuce_seven_category(value);
    const bool suited = category == Category::Flush || category == Category::StraightFlush;
    std::array<Card, 5> five{};
    for (std::size_t i = 0; i < 5; ++i) {
      const auto same = static_cast<int>(std::count(ranks.begin(), ranks.begin() + static_cast<long>(i), ranks[i]));
      five[i] = Card(ranks[i], suited ? 0 : (same + (i == 4 ? 1 : 0)) % kSuits);
    }
    ASSERT_EQ(deuce_seven_value_cards(five), value) << v << " " << to_string({five.begin(), five.end()});
    names.insert(deuce_seven_name(value));
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(kDeuceSevenRanks));
}

TEST(DeuceSeven, CheckedFormRefusesBadHands) {
  EXPECT_THROW(deuce_seven("7s5d4c3h"), InputError);
  EXPECT_THROW(deuce_seven("7s5d4c3h2s2d"), InputError);
  const std::vector<Card> twice = {Card(0), Card(4), Card(8), Card(12), Card(0)};
  try {
    deuce_seven_value_cards(twice);
    FAIL() << "no throw";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "2-7: duplicate card 2s");
  }
  try {
    deuce_seven("7s5d4c3h");
    FAIL() << "no throw";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "2-7: a hand has 5 cards, not 4");
  }
}

// ---- Ace-to-five: razz's five-card values (low_evaluator_test checks every hand) -------------------

TEST(AceToFive, FiveCardsAreRazzValues) {
  const auto a5 = [](const char* text) { return razz_value_cards(parse_cards(text)); };
  EXPECT_EQ(a5("As2s3s4s5s"), kRazzRanks - 1);  // the wheel, suited: straights and flushes do not count
  EXPECT_EQ(a5("6s5s4s3s2s"), a5("6d5c4h3s2s"));
  EXPECT_GT(a5("KsQdJcTh9s"), a5("AsAd2c3h4s"));  // the worst no pair beats the best pair
  EXPECT_EQ(razz_name(a5("7s5d4c3h2s")), "7-5-4-3-2");
  EXPECT_EQ(razz_name(a5("9s9dKc8h4s")), "one pair, 9-9-K-8-4");
  EXPECT_EQ(low_category_name(razz_category(a5("9s9dKc8h4s"))), "one pair");
  EXPECT_EQ(low_category_name(LowCategory::NoPair), "no pair");
  EXPECT_EQ(low_category_name(LowCategory::FourOfAKind), "four of a kind");
}

// ---- Badugi --------------------------------------------------------------------------------------

TEST(Badugi, EveryFourCardHandOrdersAsTheBruteForce) {
  // As for 2-7: equal values have equal keys, increasing values strictly better keys, over all
  // C(52,4) = 270,725 hands.
  std::map<int, BadugiKey> key_of_value;
  std::array<std::uint64_t, 5> hands_by_size{};
  std::uint64_t hands = 0, wrong_key = 0, wrong_size = 0, wrong_best = 0;
  for (int a = 0; a < kCards; ++a)
    for (int b = a + 1; b < kCards; ++b)
      for (int c = b + 1; c < kCards; ++c)
        for (int d = c + 1; d < kCards; ++d) {
          const std::array<Card, 4> four{Card(a), Card(b), Card(c), Card(d)};
          const BadugiRank value = badugi_value(set_of(four));
          const BadugiKey key = badugi_key(four);
          const auto [at, inserted] = key_of_value.emplace(value, key);
          wrong_key += !inserted && at->second != key;
          wrong_size += badugi_cards(value) != -key[0];
          wrong_size += static_cast<int>(badugi_category(value)) != 4 + key[0];
          // The best cards: the value's ranks, highest first, from the hand, no rank or suit twice.
          const BadugiCards best = badugi_best(four);
          const std::array<int, 4> ranks = badugi_ranks(value);
          bool right = best.size == badugi_cards(value);
          CardSet seen;
          unsigned suits = 0;
          for (std::size_t i = 0; i < static_cast<std::size_t>(best.size); ++i) {
            const Card card = best.cards[i];
            right = right && (card.rank() + 1) % kRanks == ranks[i] && !seen.contains(card) &&
                    std::find(four.begin(), four.end(), card) != four.end() && (suits >> card.suit() & 1u) == 0;
            seen.insert(card);
            suits |= 1u << card.suit();
          }
          wrong_best += !right;
          ++hands_by_size[static_cast<std::size_t>(badugi_cards(value))];
          ++hands;
        }
  EXPECT_EQ(hands, 270'725u);
  EXPECT_EQ(wrong_key, 0u);
  EXPECT_EQ(wrong_size, 0u);
  EXPECT_EQ(wrong_best, 0u);
  ASSERT_EQ(key_of_value.size(), static_cast<std::size_t>(kBadugiRanks));
  EXPECT_EQ(key_of_value.begin()->first, 0);
  EXPECT_EQ(key_of_value.rbegin()->first, kBadugiRanks - 1);
  for (auto it = std::next(key_of_value.begin()); it != key_of_value.end(); ++it)
    EXPECT_LT(it->second, std::prev(it)->second) << it->first;
  // Hands by the size of their best badugi. With d distinct ranks and e distinct suits among the
  // four cards, the best plays at most min(d, e) cards:
  //  - 4 cards: four ranks in four suits, C(13,4) x 4! = 17,160;
  //  - 1 card: every two cards share a rank or a suit, so all four do: one suit, 4 x C(13,4) =
  //    2,860, or four of a kind, 13: 2,873;
  //  - 3 cards: four ranks in three suits (one from each suit), C(13,4) x 4 x 6 x 6 (the suits
  //    onto three of four: C(4,3) x S(4,3) x 3!) = 715 x 144 = 102,960; three ranks in four suits
  //    (one of each rank), 13 x C(12,2) x C(4,2) x 2 = 858 x 12 = 10,296; three ranks in three
  //    suits with the two odd ranks' cards of different suits: the pair's suits C(4,2) = 6, the
  //    odd cards' suits one of the pair's (2 x 2 ways, either card) and one of the other two (2),
  //    858 x 6 x 8 = 41,184; 154,440 in all;
  //  - 2 cards: the rest, 270,725 - 17,160 - 154,440 - 2,873 = 96,252: two ranks or two suits
  //    (the best is one card of each), or three ranks in three suits with the odd ranks' cards
  //    suited (858 x 6 x 2 = 10,296).
  EXPECT_EQ(hands_by_size, (std::array<std::uint64_t, 5>{0, 2'873, 96'252, 154'440, 17'160}));
  // Values by size: C(13,k) sets of k ranks, 13 + 78 + 286 + 715 = 1,092.
  std::array<int, 5> values_by_size{};
  for (const auto& [value, key] : key_of_value) ++values_by_size[static_cast<std::size_t>(-key[0])];
  EXPECT_EQ(values_by_size, (std::array<int, 5>{0, 13, 78, 286, 715}));
}

TEST(Badugi, RandomPairsOfHandsAgainstTheBruteForceComparator) {
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 1'000'000; ++trial) {
    const auto a = random_hand<4>(rng), b = random_hand<4>(rng);
    ASSERT_EQ(sign(badugi_value(set_of(a)) - badugi_value(set_of(b))), compare_badugi(a, b))
        << to_string({a.begin(), a.end()}) << " vs " << to_string({b.begin(), b.end()});
  }
}

TEST(Badugi, EveryPairAmongThousandsOfHandsAgainstTheBruteForceComparator) {
  // 2,000 random hands and 500 of few ranks and three suits (A to 5: many ties, few four-card
  // badugis), every pair compared: 3,123,750 pairs.
  std::mt19937_64 rng(44);
  std::vector<std::array<Card, 4>> hands;
  for (int i = 0; i < 2000; ++i) hands.push_back(random_hand<4>(rng));
  const std::vector<int> low_ranks = {12, 0, 1, 2, 3};
  while (hands.size() < 2500) {
    std::array<Card, 4> h{};
    CardSet used;
    for (auto& c : h) {
      do c = Card(low_ranks[rng() % low_ranks.size()], static_cast<int>(rng() % 3));
      while (used.contains(c));
      used.insert(c);
    }
    hands.push_back(h);
  }
  std::vector<int> values;
  for (const auto& h : hands) values.push_back(badugi_value(set_of(h)));
  std::uint64_t wrong = 0, pairs = 0;
  for (std::size_t i = 0; i < hands.size(); ++i)
    for (std::size_t j = i + 1; j < hands.size(); ++j, ++pairs)
      wrong += sign(values[i] - values[j]) != compare_badugi(hands[i], hands[j]);
  EXPECT_EQ(pairs, 3'123'750u);
  EXPECT_EQ(wrong, 0u);
}

TEST(Badugi, EveryFiveCardHandOrdersAsTheBruteForce) {
  // Badeucy's and badacey's badugi, the best of five cards: as above over all 2,598,960 hands, and
  // the best of the five four-card hands within.
  std::map<int, BadugiKey> key_of_value;
  std::array<std::uint64_t, 5> hands_by_size{};
  std::uint64_t hands = 0, wrong_key = 0, wrong_fours = 0;
  for (int a = 0; a < kCards; ++a)
    for (int b = a + 1; b < kCards; ++b)
      for (int c = b + 1; c < kCards; ++c)
        for (int d = c + 1; d < kCards; ++d)
          for (int e = d + 1; e < kCards; ++e) {
            const std::array<Card, 5> five{Card(a), Card(b), Card(c), Card(d), Card(e)};
            const CardSet set = set_of(five);
            const BadugiRank value = badugi_value_five(set);
            const BadugiKey key = badugi_key(five);
            const auto [at, inserted] = key_of_value.emplace(value, key);
            wrong_key += !inserted && at->second != key;
            BadugiRank best_four = 0;
            for (Card out : five) best_four = std::max(best_four, badugi_value(set - to_set(out)));
            wrong_fours += best_four != value;
            ++hands_by_size[static_cast<std::size_t>(badugi_cards(value))];
            ++hands;
          }
  EXPECT_EQ(hands, 2'598'960u);
  EXPECT_EQ(wrong_key, 0u);
  EXPECT_EQ(wrong_fours, 0u);
  for (auto it = std::next(key_of_value.begin()); it != key_of_value.end(); ++it)
    EXPECT_LT(it->second, std::prev(it)->second) << it->first;
  // Hands by the size of their best badugi, d distinct ranks and e distinct suits among the five:
  //  - 4 cards: five ranks in four suits (one card of each suit), C(13,5) x 240 (the suits onto
  //    all four: 4^5 - 4 x 3^5 + 6 x 2^5 - 4) = 308,880; or four ranks (a pair) in four suits with
  //    the three odd ranks' cards of three suits and the pair's two suits holding the fourth:
  //    13 x C(12,3) x 4! x 3 = 205,920; 514,800 in all;
  //  - 1 card: every two cards share a rank or a suit, five cards so one suit: 4 x C(13,5) = 5,148;
  //  - 2 cards: the cards lie on two lines (ranks or suits: König, a badugi being a matching of
  //    ranks to suits) and not on one: two suits, 6 x (C(26,5) - 2 x C(13,5)) = 379,236; two ranks,
  //    C(13,2) x C(8,5) = 4,368; one rank and one suit and neither of those, the 5 of the rank's
  //    4 and the suit's 13 cards (16) with three ranks and three suits at least, 13 x 4 x
  //    (C(16,5) - 12 of two ranks - 3 x (C(14,5) - C(13,5)) of two suits - C(13,5) of one) =
  //    52 x 924 = 48,048 (no hand so lies on two such pairs of lines); 431,652 in all;
  //  - 3 cards: the rest, 2,598,960 - 514,800 - 5,148 - 431,652 = 1,647,360.
  EXPECT_EQ(hands_by_size, (std::array<std::uint64_t, 5>{0, 5'148, 431'652, 1'647'360, 514'800}));
  // Values: 715 + 286 + 78 of four, three and two cards, and the one-card hands of one suit, whose
  // lowest of five ranks is at most a nine (ace to nine: 9): 1,088.
  std::array<int, 5> values_by_size{};
  for (const auto& [value, key] : key_of_value) ++values_by_size[static_cast<std::size_t>(-key[0])];
  EXPECT_EQ(values_by_size, (std::array<int, 5>{0, 9, 78, 286, 715}));
}

TEST(Badugi, RandomFiveCardHandsAgainstFourAndFiveByTheBruteForceComparator) {
  std::mt19937_64 rng(45);
  for (int trial = 0; trial < 500'000; ++trial) {
    const auto a = random_hand<5>(rng), b = random_hand<5>(rng);
    const auto c = random_hand<4>(rng);
    ASSERT_EQ(sign(badugi_value_five(set_of(a)) - badugi_value_five(set_of(b))), compare_badugi(a, b))
        << to_string({a.begin(), a.end()}) << " vs " << to_string({b.begin(), b.end()});
    ASSERT_EQ(sign(badugi_value_five(set_of(a)) - badugi_value(set_of(c))), compare_badugi(a, c))
        << to_string({a.begin(), a.end()}) << " vs " << to_string({c.begin(), c.end()});
  }
}

TEST(Badugi, KnownHandsAndNames) {
  EXPECT_EQ(badugi("As2c3h4d"), kBadugiRanks - 1);  // the best badugi
  EXPECT_EQ(badugi("KsKcKhKd"), 0);                 // a king alone: the worst hand
  EXPECT_EQ(badugi_name(kBadugiRanks - 1), "4-card badugi 4-3-2-A");
  EXPECT_EQ(badugi_name(badugi("7s4c3hAd")), "4-card badugi 7-4-3-A");
  EXPECT_EQ(badugi_name(badugi("8s5c2hKh")), "3-card 8-5-2");  // the king and the two share hearts
  EXPECT_EQ(badugi_name(badugi("AsAcKsKc")), "2-card K-A");
  EXPECT_EQ(badugi_name(badugi("9s9c9h9d")), "1-card 9");
  EXPECT_EQ(badugi_name(badugi("As2s3s4s")), "1-card A");
  // The worst four-card badugi beats the best three-card hand; a lower top card wins.
  EXPECT_GT(badugi("KsQcJhTd"), badugi("As2c3h3d"));
  EXPECT_GT(badugi("8s4c3h2d"), badugi("9sAc2h3d"));
  EXPECT_EQ(badugi("8s4c3h2d"), badugi("8d4h3c2s"));  // suits do not rank
  // Pairs and suits cost a card: As2s3c4h plays 4-3-A or 4-3-2, the lower: 4-3-A.
  EXPECT_EQ(badugi_name(badugi("As2s3c4h")), "3-card 4-3-A");
  // The aces pair and the spades share a suit: 3c 2s Ah.
  EXPECT_EQ(badugi_name(badugi("AsAh2s3c")), "3-card 3-2-A");
  EXPECT_EQ(badugi_category_name(BadugiCategory::FourCards), "4-card badugi");
  EXPECT_EQ(badugi_category_name(BadugiCategory::OneCard), "1-card hand");
  const BadugiCards best = badugi_best(parse_cards("As2s3c4h"));
  EXPECT_EQ(best.size, 3);
  EXPECT_EQ(to_string({best.cards.begin(), best.cards.begin() + best.size}), "4h3cAs");
  // Five cards (badeucy, badacey): the best four.
  EXPECT_EQ(badugi("As2s3c4hKd"), badugi("As3c4hKd"));
  EXPECT_EQ(badugi_name(badugi("As2s3c4h5d")), "4-card badugi 5-4-3-A");
  EXPECT_EQ(badugi_name(badugi("As2s3s4s5s")), "1-card A");
  const BadugiCards five = badugi_best(parse_cards("Ks2s3c4h5d"));
  EXPECT_EQ(to_string({five.cards.begin(), five.cards.begin() + five.size}), "5d4h3c2s");
}

TEST(Badugi, RanksReadBackAndNamesDiffer) {
  // Each value's ranks dealt in different suits, and the other cards of the first rank (which add
  // no card to a badugi), give the value back.
  std::set<std::string> names;
  for (int v = 0; v < kBadugiRanks; ++v) {
    const auto value = static_cast<BadugiRank>(v);
    const std::array<int, 4> ranks = badugi_ranks(value);
    const int k = badugi_cards(value);
    std::array<Card, 4> four{};
    for (int i = 0; i < 4; ++i) {
      const int ace_low = ranks[static_cast<std::size_t>(i < k ? i : 0)];
      four[static_cast<std::size_t>(i)] = Card(ace_low == 0 ? 12 : ace_low - 1, i);
    }
    ASSERT_EQ(badugi_value_cards(four), value) << v;
    for (int i = k; i < 4; ++i) EXPECT_EQ(ranks[static_cast<std::size_t>(i)], -1) << v;
    names.insert(badugi_name(value));
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(kBadugiRanks));
}

TEST(Badugi, CheckedFormRefusesBadHands) {
  EXPECT_THROW(badugi("As2c3h4d5s6s"), InputError);
  EXPECT_THROW(badugi_best(parse_cards("As2c3h")), InputError);
  try {
    badugi("As2c3h");
    FAIL() << "no throw";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "badugi: a hand has 4 or 5 cards, not 3");
  }
  try {
    badugi("As2c3hAs");
    FAIL() << "no throw";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("As"), std::string::npos) << e.what();
  }
  try {
    badugi_value_cards(std::vector<Card>{Card(0), Card(5), Card(10), Card(0)});
    FAIL() << "no throw";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "badugi: duplicate card 2s");
  }
}

}  // namespace
