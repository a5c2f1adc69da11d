#include "equity/shortdeck_evaluator.hpp"

#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <random>

#include "equity/error.hpp"
#include "shortdeck_reference.hpp"

using namespace equity;
using namespace equity::test;

namespace {

constexpr auto kTrips = ShortDeckRules::trips_beat_straight;
constexpr auto kStraights = ShortDeckRules::straight_beats_trips;
constexpr int kFirstId = 16;  // the short deck is the card ids 16 (6s) .. 51 (Ad)

using Tally = std::array<std::uint64_t, kCategories>;  // hands by Category

std::string rules_name(const testing::TestParamInfo<ShortDeckRules>& info) {
  return info.param == kTrips ? "TripsBeatStraight" : "StraightBeatsTrips";
}

long long choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  long long r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// The reference's scores of every five short-deck cards, by the colex index of their ids, so that
// the best of 21 of all 8,347,680 seven-card hands looks its subsets up rather than scoring each
// again (the same numbers, ten times sooner).
class FiveCardScores {
 public:
  FiveCardScores() {
    for (std::size_t n = 0; n < 36; ++n)
      for (std::size_t k = 0; k < 6; ++k)
        binomial_[n][k] = static_cast<std::uint32_t>(choose(static_cast<int>(n), static_cast<int>(k)));
    scores_.resize(binomial_[35][5] + binomial_[35][4]);  // C(36,5)
    for (int a = kFirstId; a < kCards; ++a)
      for (int b = a + 1; b < kCards; ++b)
        for (int c = b + 1; c < kCards; ++c)
          for (int d = c + 1; d < kCards; ++d)
            for (int e = d + 1; e < kCards; ++e) {
              const std::array<Card, 5> five{Card(a), Card(b), Card(c), Card(d), Card(e)};
              scores_[index(five)] = reference_scores(five);
            }
  }

  // As reference_scores() of 5..7 cards in ascending id order.
  std::array<std::uint32_t, 2> best(std::span<const Card> cards) const {
    const std::size_t n = cards.size();
    std::array<std::uint32_t, 2> best{};
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = a + 1; b < n; ++b)
        for (std::size_t c = b + 1; c < n; ++c)
          for (std::size_t d = c + 1; d < n; ++d)
            for (std::size_t e = d + 1; e < n; ++e) {
              const auto& s = scores_[index({cards[a], cards[b], cards[c], cards[d], cards[e]})];
              best = {std::max(best[0], s[0]), std::max(best[1], s[1])};
            }
    return best;
  }

 private:
  std::size_t index(const std::array<Card, 5>& ascending) const {
    std::size_t i = 0;
    for (std::size_t k = 0; k < 5; ++k) i += binomial_[static_cast<std::size_t>(ascending[k].id() - kFirstId)][k + 1];
    return i;
  }

  std::array<std::array<std::uint32_t, 6>, 36> binomial_{};
  std::vector<std::array<std::uint32_t, 2>> scores_;
};

Category reference_category(std::uint32_t score, ShortDeckRules rules) {
  for (int c = 0; c < kCategories; ++c)
    if (strength(static_cast<Category>(c), rules) == static_cast<int>(score >> 20)) return static_cast<Category>(c);
  return Category::HighCard;
}

// ---- The category counts by combinatorics: by rank multiset and suit pattern, not by cards.

// Whether a set of ranks (a 13-bit mask) holds one of the six straights.
bool holds_straight(unsigned ranks) {
  if ((ranks & 0x10f0) == 0x10f0) return true;  // A-6-7-8-9
  for (int low = 4; low <= 8; ++low)
    if ((ranks >> low & 31) == 31) return true;
  return false;
}

// The best category of a rank multiset with no flush, under a rule set.
Category rank_only_category(const std::array<int, kRanks>& c, ShortDeckRules rules) {
  int quads = 0, trips = 0, pairs = 0;
  unsigned present = 0;
  for (int r = 0; r < kRanks; ++r) {
    const int n = c[static_cast<std::size_t>(r)];
    quads += n == 4;
    trips += n == 3;
    pairs += n == 2;
    if (n > 0) present |= 1u << r;
  }
  if (quads) return Category::FourOfAKind;
  if (trips >= 2 || (trips && pairs)) return Category::FullHouse;
  const bool straight = holds_straight(present);
  if (rules == kTrips && trips) return Category::ThreeOfAKind;
  if (straight) return Category::Straight;
  if (trips) return Category::ThreeOfAKind;
  return pairs >= 2 ? Category::TwoPair : pairs == 1 ? Category::OnePair : Category::HighCard;
}

// Hands of n = 5..7 short-deck cards by category. For each multiset of ranks (prod C(4, c_r)
// hands), the hands whose suit s holds exactly the ranks S (|S| >= 5) are a flush, or a straight
// flush when S holds a straight: a rank of S with c cards puts one in suit s and c - 1 in the other
// three suits (C(3, c - 1) ways), a rank outside S all c in the other three (C(3, c)). With at most
// 7 cards only one suit can hold five, and the at most two cards outside it make no full house or
// quads (those need three outside), so a flush is the hand's category. The rest are ranked by
// their ranks alone.
Tally combinatorial_counts(int n, ShortDeckRules rules) {
  Tally tally{};
  std::array<int, kRanks> c{};
  auto rec = [&](auto&& self, int rank, int left) -> void {
    if (rank == kRanks) {
      if (left != 0) return;
      long long all = 1;
      unsigned present = 0;
      for (int r = 4; r < kRanks; ++r) {
        all *= choose(4, c[static_cast<std::size_t>(r)]);
        if (c[static_cast<std::size_t>(r)] > 0) present |= 1u << r;
      }
      long long flushes = 0;
      for (unsigned s = present; s != 0; s = (s - 1) & present) {  // every subset S of the ranks present
        if (std::popcount(s) < 5) continue;
        long long ways = kSuits;
        for (int r = 4; r < kRanks; ++r) {
          const int k = c[static_cast<std::size_t>(r)];
          if (k > 0) ways *= s >> r & 1 ? choose(3, k - 1) : choose(3, k);
        }
        tally[static_cast<std::size_t>(holds_straight(s) ? Category::StraightFlush : Category::Flush)] +=
            static_cast<std::uint64_t>(ways);
        flushes += ways;
      }
      tally[static_cast<std::size_t>(rank_only_category(c, rules))] += static_cast<std::uint64_t>(all - flushes);
      return;
    }
    for (int k = 0; k <= std::min(4, left); ++k) {
      c[static_cast<std::size_t>(rank)] = k;
      self(self, rank + 1, left - k);
    }
    c[static_cast<std::size_t>(rank)] = 0;
  };
  rec(rec, 4, n);
  return tally;
}

// ---- Exhaustive runs of the fast evaluator

// Hands of every HandRank over all n-card hands (n = 5..7), one card added per loop level.
std::vector<std::uint64_t> count_ranks(int n, const ShortDeckTables& t) {
  return tbb::parallel_reduce(
      tbb::blocked_range<int>(kFirstId, kCards, 1), std::vector<std::uint64_t>(kShortDeckHandRanks, 0),
      [&](const tbb::blocked_range<int>& range, std::vector<std::uint64_t> counts) {
        auto rec = [&](auto&& self, int next, int left, Hand h) -> void {
          if (left == 0) {
            ++counts[shortdeck_evaluate(h, t)];
            return;
          }
          for (int id = next; id <= kCards - left; ++id)
            self(self, id + 1, left - 1, h + kCardHands[static_cast<std::size_t>(id)]);
        };
        for (int first = range.begin(); first < range.end(); ++first)
          rec(rec, first + 1, n - 1, kCardHands[static_cast<std::size_t>(first)]);
        return counts;
      },
      [](std::vector<std::uint64_t> x, const std::vector<std::uint64_t>& y) {
        for (std::size_t i = 0; i < x.size(); ++i) x[i] += y[i];
        return x;
      });
}

Tally tally_by_category(const std::vector<std::uint64_t>& counts, ShortDeckRules rules) {
  Tally tally{};
  for (std::size_t r = 0; r < counts.size(); ++r)
    tally[static_cast<std::size_t>(shortdeck_category(static_cast<HandRank>(r), rules))] += counts[r];
  return tally;
}

// The reference score of each HandRank, from all 376,992 five-card hands; fails the test unless
// ranks and scores are in one-to-one correspondence in the same order.
std::vector<std::uint32_t> class_scores(ShortDeckRules rules) {
  const ShortDeckTables& t = shortdeck_tables(rules);
  std::map<HandRank, std::uint32_t> score_of_rank;
  std::map<std::uint32_t, HandRank> rank_of_score;
  for (int a = kFirstId; a < kCards; ++a)
    for (int b = a + 1; b < kCards; ++b)
      for (int c = b + 1; c < kCards; ++c)
        for (int d = c + 1; d < kCards; ++d)
          for (int e = d + 1; e < kCards; ++e) {
            const std::array<Card, 5> five{Card(a), Card(b), Card(c), Card(d), Card(e)};
            const HandRank r = shortdeck_evaluate(Hand(five), t);
            const std::uint32_t s = reference_score(five, rules);
            if (score_of_rank.emplace(r, s).first->second != s || rank_of_score.emplace(s, r).first->second != r) {
              ADD_FAILURE() << "rank " << r << " and score " << s << " of " << Hand(five).cards().str();
              return {};
            }
          }
  EXPECT_EQ(rank_of_score.size(), static_cast<std::size_t>(kShortDeckHandRanks));
  std::vector<std::uint32_t> scores;
  HandRank expected = 0;
  for (const auto& [score, rank] : rank_of_score) {
    EXPECT_EQ(rank, expected++) << "ranks out of the reference's order";
    scores.push_back(score);
  }
  return scores;
}

// class_scores() of each rule set (indexed by ShortDeckRules); empty after a failure.
std::array<std::vector<std::uint32_t>, 2> class_scores_of_both() {
  std::array<std::vector<std::uint32_t>, 2> scores;
  for (ShortDeckRules rules : kShortDeckRuleSets) {
    auto& s = scores[static_cast<std::size_t>(rules)];
    s = class_scores(rules);
    if (s.size() != static_cast<std::size_t>(kShortDeckHandRanks)) s.clear();
  }
  return scores;
}

// N distinct short-deck cards drawn uniformly, in random order.
std::vector<Card> random_cards(std::mt19937_64& rng, int n) {
  std::vector<Card> cards;
  std::uint64_t used = 0;
  while (static_cast<int>(cards.size()) < n) {
    const int id = kFirstId + static_cast<int>(rng() % kShortDeckCards);
    if (used >> id & 1) continue;
    used |= std::uint64_t{1} << id;
    cards.push_back(Card(id));
  }
  return cards;
}

HandRank rank_of(const std::string& cards, ShortDeckRules rules) {
  return shortdeck_evaluate_cards(parse_cards(cards), rules);
}

std::string error_of(const std::string& cards) {
  try {
    shortdeck_evaluate_cards(parse_cards(cards), kTrips);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

class ShortDeck : public testing::TestWithParam<ShortDeckRules> {};

}  // namespace

INSTANTIATE_TEST_SUITE_P(Rules, ShortDeck, testing::ValuesIn(kShortDeckRuleSets), rules_name);

TEST(ShortDeckDeck, IsTheThirtySixCardsSixToAce) {
  EXPECT_EQ(kShortDeck.size(), kShortDeckCards);
  int in = 0;
  for (int id = 0; id < kCards; ++id) {
    EXPECT_EQ(kShortDeck.contains(Card(id)), in_short_deck(Card(id))) << Card(id).str();
    EXPECT_EQ(in_short_deck(Card(id)), id >= kFirstId) << Card(id).str();
    in += in_short_deck(Card(id));
  }
  EXPECT_EQ(in, 36);
  EXPECT_EQ(kShortDeck.str().substr(0, 8), "AsAcAhAd");
  EXPECT_EQ(kShortDeck.str().substr(64), "6s6c6h6d");
}

TEST(ShortDeckCounts, FiveCardHandsByCombinatorics) {
  // Five cards, either rule set (five cards cannot be both three of a kind and a straight):
  //   straight flush  6 straights x 4 suits (A-6-7-8-9 to T-J-Q-K-A)          =      24
  //   four of a kind  9 ranks x 8 kickers x 4 suits                            =     288
  //   full house      9 x C(4,3) x 8 x C(4,2)                                  =   1,728
  //   flush           4 suits x (C(9,5) - 6 straights)                         =     480
  //   straight        6 x (4^5 - 4 flushes)                                    =   6,120
  //   three of a kind 9 x C(4,3) x C(8,2) x 4^2                                =  16,128
  //   two pair        C(9,2) x C(4,2)^2 x 7 x 4                                =  36,288
  //   one pair        9 x C(4,2) x C(8,3) x 4^3                                = 193,536
  //   high card       (C(9,5) - 6) x (4^5 - 4)                                 = 122,400
  //   all             C(36,5)                                                  = 376,992
  const Tally expected = {122'400, 193'536, 36'288, 16'128, 6'120, 480, 1'728, 288, 24};
  for (ShortDeckRules rules : kShortDeckRuleSets) EXPECT_EQ(combinatorial_counts(5, rules), expected);
  std::uint64_t all = 0;
  for (auto n : expected) all += n;
  EXPECT_EQ(all, static_cast<std::uint64_t>(choose(36, 5)));
}

TEST(ShortDeckCounts, SixAndSevenCardHandsByCombinatoricsAddUp) {
  for (ShortDeckRules rules : kShortDeckRuleSets)
    for (int n : {6, 7}) {
      std::uint64_t all = 0;
      for (auto k : combinatorial_counts(n, rules)) all += k;
      EXPECT_EQ(all, static_cast<std::uint64_t>(choose(36, n)));
    }
  // Seven cards: the rule moves hands between three of a kind and a straight only (those holding
  // both), and the straight flushes are 4 x (5 x C(30,2) + C(31,2)) = 10,560 (the T-J-Q-K-A
  // ones need no ninth card missing; the others not the card above them).
  const Tally trips = combinatorial_counts(7, kTrips), straights = combinatorial_counts(7, kStraights);
  EXPECT_EQ(trips[static_cast<std::size_t>(Category::StraightFlush)], 10'560u);
  EXPECT_EQ(trips[3] + trips[4], straights[3] + straights[4]);
  for (std::size_t c : {0, 1, 2, 5, 6, 7, 8}) EXPECT_EQ(trips[c], straights[c]) << c;
  EXPECT_GT(straights[static_cast<std::size_t>(Category::Straight)],
            trips[static_cast<std::size_t>(Category::Straight)]);
}

TEST_P(ShortDeck, AllFiveCardHandsOrderLikeTheReference) {
  const ShortDeckRules rules = GetParam();
  const std::vector<std::uint32_t> scores = class_scores(rules);
  ASSERT_EQ(scores.size(), static_cast<std::size_t>(kShortDeckHandRanks));
  // Every rank's category is the reference's, and each category has its number of classes.
  std::array<int, kCategories> classes{};
  for (int r = 0; r < kShortDeckHandRanks; ++r) {
    const Category c = shortdeck_category(static_cast<HandRank>(r), rules);
    EXPECT_EQ(c, reference_category(scores[static_cast<std::size_t>(r)], rules)) << r;
    ++classes[static_cast<std::size_t>(c)];
  }
  EXPECT_EQ(classes, kShortDeckClassCounts);
}

TEST_P(ShortDeck, AllFiveAndSixCardHandsCountedByCategory) {
  const ShortDeckRules rules = GetParam();
  for (int n : {5, 6}) {
    const auto counts = count_ranks(n, shortdeck_tables(rules));
    EXPECT_EQ(tally_by_category(counts, rules), combinatorial_counts(n, rules)) << n << " cards";
    if (n == 5) {
      EXPECT_EQ(std::count(counts.begin(), counts.end(), 0u), 0) << "every class occurs";
    }
  }
}

TEST_P(ShortDeck, AllSevenCardHandsCountedByCategory) {
  const ShortDeckRules rules = GetParam();
  const Tally tally = tally_by_category(count_ranks(7, shortdeck_tables(rules)), rules);
  EXPECT_EQ(tally, combinatorial_counts(7, rules));
  // All C(36,7) = 8,347,680 hands, high card to straight flush. The four of a kind, full house,
  // flush, three of a kind (trips beat a straight) and straight flush figures agree with the
  // derivations by hand in "Short Deck (Six-Plus) Hold-Em Hand Rankings" (twoplustwo.com
  // probability forum, 2017): 44,640; 633,024; 175,560; 637,560; 1,860 + 8,700.
  const Tally expected =
      rules == kTrips ? Tally{233'100, 2'316'600, 3'157'056, 637'560, 1'139'580, 175'560, 633'024, 44'640, 10'560}
                      : Tally{233'100, 2'316'600, 3'157'056, 607'200, 1'169'940, 175'560, 633'024, 44'640, 10'560};
  EXPECT_EQ(tally, expected);
}

TEST(ShortDeckEvaluatorSlow, AllSixAndSevenCardHandsScoreLikeTheReference) {
  // C(36,6) = 1,947,792 and C(36,7) = 8,347,680 hands, each scored by the reference under both
  // rule sets in one pass.
  const auto scores = class_scores_of_both();
  ASSERT_FALSE(scores[0].empty() || scores[1].empty());
  const ShortDeckTables& trips = shortdeck_tables(kTrips);
  const ShortDeckTables& straights = shortdeck_tables(kStraights);
  const FiveCardScores reference;
  for (int n : {6, 7}) {
    const std::uint64_t mismatches = tbb::parallel_reduce(
        tbb::blocked_range<int>(kFirstId, kCards, 1), std::uint64_t{0},
        [&](const tbb::blocked_range<int>& range, std::uint64_t bad) {
          std::array<Card, 7> cards{};
          auto rec = [&](auto&& self, int next, int at, Hand h) -> void {
            if (at == n) {
              const auto ref = reference.best(std::span(cards.data(), static_cast<std::size_t>(at)));
              bad += scores[0][shortdeck_evaluate(h, trips)] != ref[0];
              bad += scores[1][shortdeck_evaluate(h, straights)] != ref[1];
              return;
            }
            for (int id = next; id <= kCards - (n - at); ++id) {
              cards[static_cast<std::size_t>(at)] = Card(id);
              self(self, id + 1, at + 1, h + kCardHands[static_cast<std::size_t>(id)]);
            }
          };
          for (int first = range.begin(); first < range.end(); ++first) {
            cards[0] = Card(first);
            rec(rec, first + 1, 1, kCardHands[static_cast<std::size_t>(first)]);
          }
          return bad;
        },
        std::plus<>());
    EXPECT_EQ(mismatches, 0u) << n << " cards";
  }
}

TEST(ShortDeckEvaluatorSlow, MillionsOfRandomHandsScoreLikeTheReference) {
  // A million hands of each size, cards in random order, through the checked entry point, under
  // both rule sets.
  const auto scores = class_scores_of_both();
  ASSERT_FALSE(scores[0].empty() || scores[1].empty());
  const FiveCardScores reference;
  for (int n : {5, 6, 7}) {
    constexpr int kChunks = 20, kPerChunk = 50'000;  // a stream per chunk: the same on any thread count
    const std::uint64_t mismatches = tbb::parallel_reduce(
        tbb::blocked_range<int>(0, kChunks, 1), std::uint64_t{0},
        [&](const tbb::blocked_range<int>& range, std::uint64_t bad) {
          for (int chunk = range.begin(); chunk < range.end(); ++chunk) {
            std::mt19937_64 rng(0x5d0000u + 100u * static_cast<unsigned>(n) + static_cast<unsigned>(chunk));
            for (int i = 0; i < kPerChunk; ++i) {
              const auto cards = random_cards(rng, n);
              auto ascending = cards;
              std::sort(ascending.begin(), ascending.end());
              const auto ref = reference.best(ascending);
              bad += scores[0][shortdeck_evaluate_cards(cards, kTrips)] != ref[0];
              bad += scores[1][shortdeck_evaluate_cards(cards, kStraights)] != ref[1];
            }
          }
          return bad;
        },
        std::plus<>());
    EXPECT_EQ(mismatches, 0u) << n << " cards";
  }
}

TEST(ShortDeckEvaluator, CategoryOrderOfEachRuleSet) {
  using enum Category;
  EXPECT_EQ(shortdeck_category_order(kTrips), (std::array{HighCard, OnePair, TwoPair, Straight, ThreeOfAKind, FullHouse,
                                                          Flush, FourOfAKind, StraightFlush}));
  EXPECT_EQ(shortdeck_category_order(kStraights), (std::array{HighCard, OnePair, TwoPair, ThreeOfAKind, Straight,
                                                              FullHouse, Flush, FourOfAKind, StraightFlush}));
  EXPECT_EQ(shortdeck_first_rank(Straight, kTrips), 876);
  EXPECT_EQ(shortdeck_first_rank(ThreeOfAKind, kTrips), 882);
  EXPECT_EQ(shortdeck_first_rank(ThreeOfAKind, kStraights), 876);
  EXPECT_EQ(shortdeck_first_rank(Straight, kStraights), 1128);
  EXPECT_EQ(shortdeck_first_rank(Flush, kTrips), 1206);
  EXPECT_EQ(shortdeck_first_rank(StraightFlush, kStraights), 1398);
  EXPECT_EQ(shortdeck_category(0, kTrips), HighCard);
  EXPECT_EQ(shortdeck_category(kShortDeckHandRanks - 1, kStraights), StraightFlush);
  EXPECT_EQ(shortdeck_game_name(kTrips), "shortdeck");
  EXPECT_EQ(shortdeck_game_name(kStraights), "shortdeck-straights");
  EXPECT_EQ(shortdeck_rule_text(kTrips), "three of a kind beats a straight");
  EXPECT_EQ(shortdeck_rule_text(kStraights), "a straight beats three of a kind");
}

TEST_P(ShortDeck, TheAceLowStraightIsTheLowest) {
  const ShortDeckRules rules = GetParam();
  const HandRank wheel = rank_of("As 6d 7c 8h 9s", rules);
  EXPECT_EQ(shortdeck_category(wheel, rules), Category::Straight);
  EXPECT_EQ(wheel, shortdeck_first_rank(Category::Straight, rules));
  EXPECT_EQ(rank_of("6d 7c 8h 9s Ts", rules), wheel + 1);
  EXPECT_EQ(rank_of("Tc Jd Qh Ks Ah", rules), wheel + 5);
  const HandRank steel = rank_of("As 6s 7s 8s 9s", rules);
  EXPECT_EQ(steel, shortdeck_first_rank(Category::StraightFlush, rules));
  EXPECT_EQ(rank_of("As Ks Qs Js Ts", rules), kShortDeckHandRanks - 1);
  // No wrap-around: K-A-6-7-8 is ace high.
  EXPECT_EQ(shortdeck_category(rank_of("Kc As 6d 7c 8h", rules), rules), Category::HighCard);
  // The worst hand: 6-7-8-9-J.
  EXPECT_EQ(rank_of("6c 7d 8h 9s Jc", rules), 0);
  // Seven cards with the ace-low straight and a pair: still the nine-high straight.
  EXPECT_EQ(rank_of("As 6d 7c 8h 9s 9d Kc", rules), wheel);
}

TEST_P(ShortDeck, AFlushBeatsAFullHouse) {
  const ShortDeckRules rules = GetParam();
  const HandRank worst_flush = rank_of("6s 7s 8s 9s Js", rules);
  const HandRank best_full_house = rank_of("Ac Ad Ah Kc Kd", rules);
  EXPECT_EQ(shortdeck_category(worst_flush, rules), Category::Flush);
  EXPECT_EQ(shortdeck_category(best_full_house, rules), Category::FullHouse);
  EXPECT_EQ(worst_flush, best_full_house + 1);
  // Seven cards: a flush with trips on the side.
  EXPECT_EQ(shortdeck_category(rank_of("6s 7s 8s Ts Qs Qd Qh", rules), rules), Category::Flush);
  EXPECT_LT(rank_of("Qc Qd Qh 9c 9d 6s 7s", rules), rank_of("6s 7s 8s Ts Qs Qd Qh", rules));
}

TEST(ShortDeckEvaluator, TripsAndStraightsByRuleSet) {
  // Tens with a six-to-ten straight in the same seven cards.
  const auto seven = parse_cards("6s 7d 8h 9c Tc Td Th");
  EXPECT_EQ(shortdeck_category(shortdeck_evaluate_cards(seven, kTrips), kTrips), Category::ThreeOfAKind);
  EXPECT_EQ(shortdeck_category(shortdeck_evaluate_cards(seven, kStraights), kStraights), Category::Straight);
  EXPECT_EQ(shortdeck_hand_name(shortdeck_evaluate_cards(seven, kTrips), kTrips),
            "three of a kind, tens, nine, eight kickers");
  EXPECT_EQ(shortdeck_hand_name(shortdeck_evaluate_cards(seven, kStraights), kStraights), "straight, ten high");
  // The lowest trips against the best straight, either way round.
  EXPECT_GT(rank_of("6c 6d 6h 7s 8s", kTrips), rank_of("Tc Jd Qh Ks Ah", kTrips));
  EXPECT_LT(rank_of("Ac Ad Ah Ks Qs", kStraights), rank_of("As 6d 7c 8h 9s", kStraights));
}

TEST(ShortDeckEvaluator, Names) {
  const auto name = [](const std::string& cards, ShortDeckRules rules = kTrips) {
    return shortdeck_hand_name(rank_of(cards, rules), rules);
  };
  EXPECT_EQ(name("As 6d 7c 8h 9s"), "straight, nine high");
  EXPECT_EQ(name("As 6d 7c 8h 9s", kStraights), "straight, nine high");
  EXPECT_EQ(name("As 6s 7s 8s 9s"), "straight flush, nine high");
  EXPECT_EQ(name("As Ks Qs Js Ts"), "royal flush");
  EXPECT_EQ(name("6c 6d 6h 9s 9d"), "full house, sixes full of nines");
  EXPECT_EQ(name("Ah Qh 9h 7h 6h"), "flush, ace, queen, nine, seven, six");
  EXPECT_EQ(name("Qs Qc Qd Qh 6d 7d 8d"), "four of a kind, queens, eight kicker");
  EXPECT_EQ(name("As Ad 6c 6h Kd"), "two pair, aces and sixes, king kicker");
  EXPECT_EQ(name("9s 9c Ad Ks 7h"), "one pair, nines, ace, king, seven kickers");
  EXPECT_EQ(name("Ac Kd 9h 7s 6s"), "high card, ace, king, nine, seven, six");
  EXPECT_EQ(shortdeck_class_ranks(rank_of("As 6d 7c 8h 9s", kTrips), kTrips), (std::array{7, 6, 5, 4, 12}));
}

TEST_P(ShortDeck, BestFiveAreOrderedByWhatBreaksTies) {
  const ShortDeckRules rules = GetParam();
  const auto text = [](const std::array<Card, 5>& five) {
    return to_string(std::vector<Card>(five.begin(), five.end()), " ");
  };
  EXPECT_EQ(text(shortdeck_best_five(parse_cards("9d 6c 9s 7h 6d 6s Kh"), rules)), "6s 6c 6d 9s 9d");
  EXPECT_EQ(text(shortdeck_best_five(parse_cards("Ah 6d 7c Kd 8h 9s 9d"), rules)), "9s 8h 7c 6d Ah");
  EXPECT_EQ(text(shortdeck_best_five(parse_cards("6s 7d 8h 9c Tc Td Th"), rules)),
            rules == kTrips ? "Tc Th Td 9c 8h" : "Tc 9c 8h 7d 6s");
}

TEST(ShortDeckEvaluator, RejectsCardsOutsideTheShortDeck) {
  EXPECT_EQ(error_of("2c As Ks Qs Js"), "2c is not in the short deck (6 to A)");
  EXPECT_EQ(error_of("As Ks Qs Js 5d"), "5d is not in the short deck (6 to A)");
  EXPECT_EQ(error_of("As Ks Qs Js"), "a hand to evaluate has 5, 6 or 7 cards, not 4");
  EXPECT_EQ(error_of("As Ks Qs Js Ts 9s 8s 7s"), "a hand to evaluate has 5, 6 or 7 cards, not 8");
  const std::vector<Card> twice = {Card(12, 0), Card(11, 0), Card(10, 0), Card(9, 0), Card(12, 0)};
  EXPECT_THROW(shortdeck_evaluate_cards(twice, kTrips), InputError);
  EXPECT_THROW(shortdeck_best_five(parse_cards("4h As Ks Qs Js"), kStraights), InputError);
}

// The tables linked into the library (generated at build time) are, byte for byte, what the
// builder makes from the short-deck ranking now.
TEST(ShortDeckEvaluator, GeneratedTablesMatchAFreshBuild) {
  for (ShortDeckRules rules : kShortDeckRuleSets) {
    const detail::ShortDeckTableData fresh = detail::build_shortdeck_tables(rules);
    const ShortDeckTables& linked = shortdeck_tables(rules);
    EXPECT_EQ(linked.rules, rules);
    ASSERT_EQ(linked.rank_table.size(), fresh.rank_table.size());
    EXPECT_EQ(std::memcmp(linked.rank_table.data(), fresh.rank_table.data(), linked.rank_table.size_bytes()), 0);
    EXPECT_EQ(std::memcmp(linked.flush_table.data(), fresh.flush_table.data(), linked.flush_table.size_bytes()), 0);
    EXPECT_EQ(std::memcmp(linked.class_ranks.data(), fresh.class_ranks.data(), linked.class_ranks.size_bytes()), 0);
  }
}

TEST(ShortDeckEvaluator, TablesAreOnePerRuleSetAndShared) {
  EXPECT_EQ(&shortdeck_tables(kTrips), &shortdeck_tables(kTrips));
  EXPECT_NE(&shortdeck_tables(kTrips), &shortdeck_tables(kStraights));
  EXPECT_EQ(shortdeck_tables(kStraights).rules, kStraights);
  // Fewer than five suited ranks are never looked up as a flush; every mask of five or more is.
  for (ShortDeckRules rules : kShortDeckRuleSets)
    for (unsigned m = 0; m < 512; ++m) {
      const HandRank v = shortdeck_tables(rules).flush_table[m];
      const Category c = shortdeck_category(v, rules);
      if (std::popcount(m) < 5)
        EXPECT_EQ(v, 0) << m;
      else
        EXPECT_TRUE(c == Category::Flush || c == Category::StraightFlush) << m;
    }
}

TEST(ShortDeckEvaluator, CardsOutsideTheDeckReadWithinTheTables) {
  // The unchecked evaluator given Hold'em cards: a meaningless rank, but read inside the tables
  // (the sanitizer build checks the reads).
  std::mt19937_64 rng(36);
  for (ShortDeckRules rules : kShortDeckRuleSets) {
    const ShortDeckTables& t = shortdeck_tables(rules);
    for (int i = 0; i < 200'000; ++i) {
      Hand h;
      std::uint64_t used = 0;
      for (int n = 5 + i % 3; n > 0;) {
        const int id = static_cast<int>(rng() % kCards);
        if (used >> id & 1) continue;
        used |= std::uint64_t{1} << id;
        h += kCardHands[static_cast<std::size_t>(id)];
        --n;
      }
      ASSERT_LT(shortdeck_evaluate(h, t), kShortDeckHandRanks);
    }
  }
}
