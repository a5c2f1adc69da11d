#include "equity/evaluator.hpp"

#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "equity/error.hpp"
#include "equity/evaluate_rows.hpp"
#include "equity/hand_value.hpp"
#include "eval/reference_evaluator.hpp"
#include "test_support.hpp"

using namespace equity;

namespace {

const std::array<std::string, kCategories> kCsvNames = {"high_card",       "one_pair",       "two_pair",
                                                        "three_of_a_kind", "straight",       "flush",
                                                        "full_house",      "four_of_a_kind", "straight_flush"};

struct Facts {
  std::uint64_t frequency = 0;
  int distinct = 0, rank_min = 0, rank_max = 0;
};

// evaluator_facts.csv by (cards, category).
std::map<std::pair<int, std::string>, Facts> read_facts() {
  std::map<std::pair<int, std::string>, Facts> facts;
  for (const auto& row : test::read_csv(test::data_path("evaluator/evaluator_facts.csv"))) {
    facts[{std::stoi(row[0]), row[1]}] = {std::stoull(row[2]), std::stoi(row[3]), std::stoi(row[4]), std::stoi(row[5])};
  }
  return facts;
}

struct CategoryTally {
  std::array<std::uint64_t, kCategories> count{};
  std::array<int, kCategories> min_rank{}, max_rank{};
  std::vector<bool> seen = std::vector<bool>(kHandRanks, false);
};

void check_against_facts(const CategoryTally& t, int cards) {
  const auto facts = read_facts();
  std::uint64_t total = 0;
  for (int c = 0; c < kCategories; ++c) {
    const auto& f = facts.at({cards, kCsvNames[static_cast<std::size_t>(c)]});
    EXPECT_EQ(t.count[static_cast<std::size_t>(c)], f.frequency) << kCsvNames[static_cast<std::size_t>(c)];
    EXPECT_EQ(t.min_rank[static_cast<std::size_t>(c)], f.rank_min) << kCsvNames[static_cast<std::size_t>(c)];
    EXPECT_EQ(t.max_rank[static_cast<std::size_t>(c)], f.rank_max) << kCsvNames[static_cast<std::size_t>(c)];
    int distinct = 0;
    for (int r = 0; r < kHandRanks; ++r)
      distinct += t.seen[static_cast<std::size_t>(r)] && static_cast<int>(category_of(static_cast<HandRank>(r))) == c;
    EXPECT_EQ(distinct, f.distinct) << kCsvNames[static_cast<std::size_t>(c)];
    total += t.count[static_cast<std::size_t>(c)];
  }
  const auto& all = facts.at({cards, "TOTAL"});
  EXPECT_EQ(total, all.frequency);
  EXPECT_EQ(std::count(t.seen.begin(), t.seen.end(), true), all.distinct);
}

// Per-rank counts of every 7-card hand, evaluated incrementally (one card added per loop level).
std::vector<std::uint64_t> count_seven_card_ranks() {
  return tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, 52, 1), std::vector<std::uint64_t>(kHandRanks, 0),
      [](const tbb::blocked_range<std::size_t>& r, std::vector<std::uint64_t> counts) {
        const auto& h = kCardHands;
        for (std::size_t a = r.begin(); a < r.end(); ++a)
          for (std::size_t b = a + 1; b < 52; ++b)
            for (std::size_t c = b + 1; c < 52; ++c)
              for (std::size_t d = c + 1; d < 52; ++d) {
                const Hand hd = h[a] + h[b] + h[c] + h[d];
                for (std::size_t e = d + 1; e < 52; ++e)
                  for (std::size_t f = e + 1; f < 52; ++f) {
                    const Hand hf = hd + h[e] + h[f];
                    for (std::size_t g = f + 1; g < 52; ++g) ++counts[evaluate(hf + h[g])];
                  }
              }
        return counts;
      },
      [](std::vector<std::uint64_t> x, const std::vector<std::uint64_t>& y) {
        for (std::size_t i = 0; i < x.size(); ++i) x[i] += y[i];
        return x;
      });
}

CategoryTally tally_from_counts(const std::vector<std::uint64_t>& counts) {
  CategoryTally t;
  t.min_rank.fill(kHandRanks);
  t.max_rank.fill(-1);
  for (int r = 0; r < kHandRanks; ++r) {
    if (counts[static_cast<std::size_t>(r)] == 0) continue;
    const auto c = static_cast<std::size_t>(category_of(static_cast<HandRank>(r)));
    t.count[c] += counts[static_cast<std::size_t>(r)];
    t.min_rank[c] = std::min(t.min_rank[c], r);
    t.max_rank[c] = std::max(t.max_rank[c], r);
    t.seen[static_cast<std::size_t>(r)] = true;
  }
  return t;
}

// N distinct cards drawn uniformly from the deck.
template <std::size_t N>
std::array<Card, N> random_cards(std::mt19937_64& rng) {
  std::uint64_t used = 0;
  std::array<Card, N> cards{};
  for (auto& c : cards) {
    int id;
    do id = static_cast<int>(rng() % 52);
    while (used >> id & 1);
    used |= std::uint64_t{1} << id;
    c = Card(id);
  }
  return cards;
}

HandRank rank_of(const std::string& cards) { return evaluate_cards(parse_cards(cards)); }

}  // namespace

TEST(RankKeys, EveryMultisetOfAtMostSevenRanksHasItsOwnSum) {
  // All rank multisets of 0..7 cards with at most 4 of a rank: their key sums must all differ.
  std::vector<std::uint32_t> sums;
  std::array<int, kRanks> counts{};
  auto rec = [&](auto&& self, int rank, int left, std::uint32_t sum) -> void {
    if (rank == kRanks) {
      sums.push_back(sum);
      return;
    }
    for (int c = 0; c <= std::min(4, left); ++c) {
      counts[static_cast<std::size_t>(rank)] = c;
      self(self, rank + 1, left - c,
           sum + static_cast<std::uint32_t>(c) * detail::kRankKeys[static_cast<std::size_t>(rank)]);
    }
  };
  rec(rec, 0, 7, 0u);
  EXPECT_EQ(sums.size(), 76155u);  // multisets of 0..7 ranks, at most 4 each
  std::sort(sums.begin(), sums.end());
  EXPECT_EQ(std::adjacent_find(sums.begin(), sums.end()), sums.end());
  EXPECT_LT(sums.back(), 1u << 25);  // fits below the suit counters of the hand key
}

TEST(EvaluatorTablesSlow, GeneratedTablesMatchAFreshBuild) {
  const auto fresh = detail::build_evaluator_tables();
  ASSERT_EQ(fresh.class_scores.size(), 7462u);
  EXPECT_TRUE(std::equal(fresh.rank_table.begin(), fresh.rank_table.end(), detail::kRankTable));
  EXPECT_TRUE(std::equal(fresh.row_offsets.begin(), fresh.row_offsets.end(), detail::kRowOffsets));
  EXPECT_TRUE(std::equal(fresh.flush_table.begin(), fresh.flush_table.end(), detail::kFlushTable));
  EXPECT_TRUE(std::equal(fresh.class_scores.begin(), fresh.class_scores.end(), detail::kClassScores));
}

TEST(Evaluator, AllFiveCardHandsMatchFactsAndReference) {
  CategoryTally t;
  t.min_rank.fill(kHandRanks);
  t.max_rank.fill(-1);
  std::map<HandRank, ReferenceScore> score_of_rank;
  std::map<ReferenceScore, HandRank> rank_of_score;
  for (int a = 0; a < 52; ++a)
    for (int b = a + 1; b < 52; ++b)
      for (int c = b + 1; c < 52; ++c)
        for (int d = c + 1; d < 52; ++d)
          for (int e = d + 1; e < 52; ++e) {
            const std::array<Card, 5> cards{Card(a), Card(b), Card(c), Card(d), Card(e)};
            const HandRank r = evaluate(Hand(cards));
            const auto cat = static_cast<std::size_t>(category_of(r));
            ++t.count[cat];
            t.min_rank[cat] = std::min<int>(t.min_rank[cat], r);
            t.max_rank[cat] = std::max<int>(t.max_rank[cat], r);
            t.seen[r] = true;
            // Same ordering as the reference: equal ranks <=> equal scores, in the same order.
            const ReferenceScore s = reference_score(cards);
            EXPECT_EQ(score_category(s), static_cast<int>(cat));
            score_of_rank.emplace(r, s);
            rank_of_score.emplace(s, r);
            ASSERT_EQ(score_of_rank.at(r), s);
            ASSERT_EQ(rank_of_score.at(s), r);
          }
  check_against_facts(t, 5);
  // Both maps are bijections between the same 7462 classes; the orders must agree.
  ASSERT_EQ(rank_of_score.size(), 7462u);
  HandRank expected = 0;
  for (const auto& [score, rank] : rank_of_score) EXPECT_EQ(rank, expected++);
}

TEST(EvaluatorSlow, AllSevenCardHandsMatchFacts) {
  check_against_facts(tally_from_counts(count_seven_card_ranks()), 7);
}

TEST(EvaluatorSlow, TwentyMillionRandomSevenCardHandsOrderLikeTheReference) {
  // Each chunk has its own seeded stream, so the hands do not depend on the thread count.
  constexpr int kChunks = 40;
  constexpr int kPerChunk = 500'000;
  const std::uint64_t mismatches = tbb::parallel_reduce(
      tbb::blocked_range<int>(0, kChunks, 1), std::uint64_t{0},
      [](const tbb::blocked_range<int>& r, std::uint64_t bad) {
        for (int chunk = r.begin(); chunk < r.end(); ++chunk) {
          std::mt19937_64 rng(0x5eed0000u + static_cast<unsigned>(chunk));
          HandRank prev_fast = 0;
          ReferenceScore prev_ref = 0;
          for (int i = 0; i < kPerChunk; ++i) {
            const auto cards = random_cards<7>(rng);
            const HandRank fast = evaluate(Hand(cards));
            const ReferenceScore ref = reference_score(cards);
            // The fast rank is the position of the reference score among the 7462 classes ...
            bad += detail::kClassScores[fast] != ref;
            // ... and consecutive hands compare the same way under both.
            if (i > 0) bad += (fast < prev_fast) != (ref < prev_ref) || (fast == prev_fast) != (ref == prev_ref);
            prev_fast = fast;
            prev_ref = ref;
          }
        }
        return bad;
      },
      std::plus<>());
  EXPECT_EQ(mismatches, 0u);
}

TEST(Evaluator, SixCardHandsAgreeWithTheReference) {
  std::mt19937_64 rng(6);
  for (int i = 0; i < 200'000; ++i) {
    const auto cards = random_cards<6>(rng);
    ASSERT_EQ(detail::kClassScores[evaluate(Hand(cards))], reference_score(cards));
  }
}

TEST(Evaluator, KnownHands) {
  EXPECT_EQ(category_of(rank_of("AsKsQsJsTs")), Category::StraightFlush);
  EXPECT_EQ(rank_of("AsKsQsJsTs"), kHandRanks - 1);
  EXPECT_EQ(rank_of("7h5d4c3s2h"), 0);  // the worst hand
  EXPECT_EQ(category_of(rank_of("As2s3s4s5s")), Category::StraightFlush);
  EXPECT_LT(rank_of("As2s3s4s5s"), rank_of("2s3s4s5s6s"));  // the wheel is the lowest straight flush
  EXPECT_EQ(category_of(rank_of("Ac2d3h4s5s")), Category::Straight);
  EXPECT_EQ(category_of(rank_of("Qc Kd Ah 2s 3s")), Category::HighCard);  // no wrap-around
  EXPECT_EQ(category_of(rank_of("3C 3D 3S 9S 9D")), Category::FullHouse);
  // Seven cards: quads on the board with an ace kicker split for both players.
  EXPECT_EQ(rank_of("2c2d2h2s Ad As Ac"), rank_of("2c2d2h2s Ad Kh Qh"));
  // A flush beats a straight in the same seven cards.
  EXPECT_EQ(category_of(rank_of("9h 8h 7h 6c 5h 2h Kd")), Category::Flush);
}

TEST(Evaluator, Names) {
  EXPECT_EQ(hand_name(rank_of("3C 3D 3S 9S 9D")), "full house, threes full of nines");
  EXPECT_EQ(hand_name(rank_of("KsQsJsTs9s")), "straight flush, king high");
  EXPECT_EQ(hand_name(rank_of("AsKsQsJsTs")), "royal flush");
  EXPECT_EQ(hand_name(rank_of("AsAd4c4hKd")), "two pair, aces and fours, king kicker");
  EXPECT_EQ(hand_name(rank_of("Ac2d3h4s5s")), "straight, five high");
  EXPECT_EQ(hand_name(rank_of("QsQcQdQhAd")), "four of a kind, queens, ace kicker");
  EXPECT_EQ(hand_name(rank_of("9s9cAdKs7h")), "one pair, nines, ace, king, seven kickers");
  EXPECT_EQ(hand_name(rank_of("7s7c7dAsQh")), "three of a kind, sevens, ace, queen kickers");
  EXPECT_EQ(hand_name(rank_of("AhQh9h7h3h")), "flush, ace, queen, nine, seven, three");
  EXPECT_EQ(hand_name(rank_of("AcKd9h7s4s")), "high card, ace, king, nine, seven, four");
  EXPECT_EQ(category_name(Category::ThreeOfAKind), "three of a kind");
}

TEST(Evaluator, BestFiveAreOrderedByWhatBreaksTies) {
  const auto best = best_five(parse_cards("9d 3c 9s 2h 3d 3s Kh"));
  EXPECT_EQ(to_string(std::vector<Card>(best.begin(), best.end()), " "), "3s 3c 3d 9s 9d");
}

TEST(Evaluator, RejectsBadCardCounts) {
  EXPECT_THROW(evaluate_cards(parse_cards("AsKsQs")), InputError);
  EXPECT_THROW(evaluate_cards(parse_cards("AsKsQsJsTs9s8s7s")), InputError);
}

// ---- evaluate_rows: many hands as rows of 7 card ids ---------------------------------------------

namespace {

std::vector<std::uint8_t> random_rows(std::size_t rows, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> ids;
  for (std::size_t r = 0; r < rows; ++r)
    for (Card c : random_cards<7>(rng)) ids.push_back(static_cast<std::uint8_t>(c.id()));
  return ids;
}

std::string bad_row_message(const std::vector<std::uint8_t>& ids) {
  std::vector<HandRank> ranks(ids.size() / 7);
  try {
    evaluate_rows(ids, ranks);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(EvaluateRows, RanksEqualTheReferenceScoresOnRandomRows) {
  // 100,003 rows: not a multiple of the four rows evaluated together, so the tail is checked too.
  const std::vector<std::uint8_t> ids = random_rows(100'003, 7);
  std::vector<HandRank> ranks(ids.size() / 7);
  evaluate_rows(ids, ranks);
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    std::array<Card, 7> cards;
    for (std::size_t k = 0; k < 7; ++k) cards[k] = Card(ids[7 * r + k]);
    ASSERT_EQ(detail::kClassScores[ranks[r]], reference_score(cards)) << "row " << r;
    ASSERT_EQ(ranks[r], evaluate(Hand(cards))) << "row " << r;
  }
}

TEST(EvaluateRows, EveryFlushAndStraightFlushRowIsRanked) {
  // Rows of seven cards of one suit and of five suited cards with two others: the mask path.
  std::vector<std::uint8_t> ids;
  for (int suit = 0; suit < 4; ++suit)
    for (int low = 0; low + 7 <= 13; ++low)
      for (int k = 0; k < 7; ++k) ids.push_back(static_cast<std::uint8_t>(4 * (low + k) + suit));
  ids.insert(ids.end(), {4 * 12 + 1, 4 * 11 + 1, 4 * 10 + 1, 4 * 9 + 1, 4 * 8 + 1, 4 * 12 + 0, 4 * 12 + 2});
  std::vector<HandRank> ranks(ids.size() / 7);
  evaluate_rows(ids, ranks);
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    std::array<Card, 7> cards;
    for (std::size_t k = 0; k < 7; ++k) cards[k] = Card(ids[7 * r + k]);
    EXPECT_EQ(detail::kClassScores[ranks[r]], reference_score(cards)) << "row " << r;
  }
  EXPECT_EQ(hand_name(ranks.back()), "royal flush");
}

TEST(EvaluateRows, ACardTwiceIsFoundInEveryPairOfPositions) {
  // The check is "the 7 card masks sum to 7 bits": a repeated card carries, whichever the cards.
  std::mt19937_64 rng(11);
  for (std::size_t a = 0; a < 7; ++a)
    for (std::size_t b = a + 1; b < 7; ++b)
      for (int trial = 0; trial < 200; ++trial) {
        std::vector<std::uint8_t> ids = random_rows(9, rng());
        const std::size_t row = trial % 9;
        ids[7 * row + b] = ids[7 * row + a];
        ASSERT_EQ(bad_row_message(ids), "row " + std::to_string(row) + ": a card twice") << a << " " << b;
      }
  // Three and seven times the same card, and two pairs.
  std::vector<std::uint8_t> ids = {5, 5, 5, 40, 41, 42, 43};
  EXPECT_EQ(bad_row_message(ids), "row 0: a card twice");
  ids = {51, 51, 51, 51, 51, 51, 51};
  EXPECT_EQ(bad_row_message(ids), "row 0: a card twice");
  ids = {0, 0, 1, 1, 2, 3, 4};
  EXPECT_EQ(bad_row_message(ids), "row 0: a card twice");
}

TEST(EvaluateRows, IdsAbove51AreErrorsNamingTheRow) {
  std::vector<std::uint8_t> ids = random_rows(6, 5);
  ids[7 * 4 + 3] = 52;
  EXPECT_EQ(bad_row_message(ids), "row 4: card id 52 is not 0..51");
  ids[7 * 1 + 6] = 255;
  EXPECT_EQ(bad_row_message(ids), "row 1: card id 255 is not 0..51");
}

TEST(EvaluateRows, TheSameOnAnyThreadCountAndTheFirstBadRowWins) {
  std::vector<std::uint8_t> ids = random_rows(400'001, 9);  // several 64K blocks and a ragged tail
  std::vector<HandRank> one(ids.size() / 7), all(one.size()), two(one.size());
  evaluate_rows(ids, one, 1);
  evaluate_rows(ids, all, 0);
  evaluate_rows(ids, two, 2);
  EXPECT_EQ(all, one);
  EXPECT_EQ(two, one);
  ids[7 * 300'000 + 5] = ids[7 * 300'000 + 2];
  ids[7 * 399'999] = 77;
  for (int threads : {1, 0, 2}) {
    try {
      evaluate_rows(ids, all, threads);
      ADD_FAILURE() << "no error on " << threads << " threads";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), "row 300000: a card twice");
    }
  }
  EXPECT_THROW(evaluate_rows(ids, all, -1), InputError);
}

TEST(EvaluateRows, SizesMustMatchAndNoRowsIsFine) {
  std::vector<HandRank> ranks(2);
  const std::vector<std::uint8_t> ids = random_rows(3, 1);
  EXPECT_THROW(evaluate_rows(ids, ranks), InputError);
  evaluate_rows({}, {});
}

// ---- evaluate_rows in every game: rows of 5 to 7 cards, short deck, Omaha hole cards and board --

namespace {

// `rows` rows of `columns` distinct cards of `deck`.
std::vector<std::uint8_t> random_rows_of(std::size_t rows, std::size_t columns, CardSet deck, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Card> cards;
  for (Card c : deck.cards()) cards.push_back(c);
  std::vector<std::uint8_t> ids;
  for (std::size_t r = 0; r < rows; ++r) {
    std::shuffle(cards.begin(), cards.end(), rng);
    for (std::size_t k = 0; k < columns; ++k) ids.push_back(static_cast<std::uint8_t>(cards[k].id()));
  }
  return ids;
}

std::string bad_row_message(Game game, std::size_t columns, const std::vector<std::uint8_t>& ids) {
  std::vector<HandRank> ranks(ids.size() / columns);
  std::vector<LowRank> lows(ranks.size());
  try {
    evaluate_rows(game, columns, ids, ranks, lows);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::vector<Card> cards_of_row(const std::vector<std::uint8_t>& ids, std::size_t columns, std::size_t r,
                               std::size_t first, std::size_t end) {
  std::vector<Card> cards;
  for (std::size_t k = first; k < end; ++k) cards.push_back(Card(ids[columns * r + k]));
  return cards;
}

}  // namespace

TEST(EvaluateRowsOfGames, HoldemAndShortDeckRowsOf5To7EqualHandValue) {
  for (Game game : {Game::holdem, Game::shortdeck, Game::shortdeck_straights})
    for (const std::size_t columns : {std::size_t{5}, std::size_t{6}, std::size_t{7}}) {
      const std::vector<std::uint8_t> ids = random_rows_of(20'003, columns, game_rules(game).deck, columns);
      std::vector<HandRank> ranks(ids.size() / columns), parallel(ranks.size());
      evaluate_rows(game, columns, ids, ranks);
      evaluate_rows(game, columns, ids, parallel, {}, 2);
      EXPECT_EQ(parallel, ranks);
      for (std::size_t r = 0; r < ranks.size(); ++r)
        ASSERT_EQ(ranks[r], hand_value(cards_of_row(ids, columns, r, 0, columns), game).rank)
            << game_name(game) << " " << columns << " row " << r;
    }
}

TEST(EvaluateRowsOfGames, OmahaRowsEqualOmahaHandValueOnEveryStreet) {
  for (Game game : {Game::omaha, Game::omaha5, Game::omaha6, Game::omaha_hilo, Game::omaha5_hilo, Game::omaha6_hilo}) {
    const auto hole = static_cast<std::size_t>(game_rules(game).hole_cards);
    for (const std::size_t board : {std::size_t{3}, std::size_t{4}, std::size_t{5}}) {
      const std::size_t columns = hole + board;
      const std::vector<std::uint8_t> ids = random_rows_of(3'001, columns, CardSet::full(), 100 + columns);
      std::vector<HandRank> ranks(ids.size() / columns);
      std::vector<LowRank> lows(ranks.size(), 99);
      evaluate_rows(game, columns, ids, ranks, lows);
      for (std::size_t r = 0; r < ranks.size(); ++r) {
        const OmahaHandValue v = omaha_hand_value(cards_of_row(ids, columns, r, 0, hole),
                                                  cards_of_row(ids, columns, r, hole, columns), game);
        ASSERT_EQ(ranks[r], v.high.rank) << game_name(game) << " " << columns << " row " << r;
        if (game_rules(game).low) {
          ASSERT_EQ(lows[r], v.low) << game_name(game) << " " << columns << " row " << r;
        }
      }
      if (!game_rules(game).low) {
        EXPECT_EQ(lows[0], 99);  // left alone
      }
    }
  }
}

TEST(EvaluateRowsOfGames, OmahaOnAnyThreadCount) {
  const std::vector<std::uint8_t> ids = random_rows_of(50'001, 9, CardSet::full(), 3);
  std::vector<HandRank> one(ids.size() / 9), two(one.size());
  std::vector<LowRank> low_one(one.size()), low_two(one.size());
  evaluate_rows(Game::omaha_hilo, 9, ids, one, low_one, 1);
  evaluate_rows(Game::omaha_hilo, 9, ids, two, low_two, 2);
  EXPECT_EQ(two, one);
  EXPECT_EQ(low_two, low_one);
}

TEST(EvaluateRowsOfGames, BadIdsInRowsOf5And6AreErrorsNamingTheRow) {
  // The Python module's uint8 rows of 5 and 6 cards once ranked [0, 1, 2, 3, 60] as 0.
  EXPECT_EQ(bad_row_message(Game::holdem, 5, {0, 1, 2, 3, 60}), "row 0: card id 60 is not 0..51");
  EXPECT_EQ(bad_row_message(Game::holdem, 6, {0, 1, 2, 3, 4, 5, 48, 44, 40, 36, 32, 60}),
            "row 1: card id 60 is not 0..51");
  EXPECT_EQ(bad_row_message(Game::holdem, 5, {0, 1, 2, 3, 4, 7, 7, 8, 9, 10}), "row 1: a card twice");
  EXPECT_EQ(bad_row_message(Game::shortdeck, 5, {48, 44, 40, 36, 32, 0, 44, 40, 36, 32}),
            "row 1: 2s is not in the deck of Short deck (6+) Hold'em (6 to A)");
  EXPECT_EQ(bad_row_message(Game::shortdeck_straights, 7, {48, 44, 40, 36, 32, 28, 255}),
            "row 0: card id 255 is not 0..51");
}

TEST(EvaluateRowsOfGames, BadOmahaRowsAndShapesAreErrors) {
  const std::vector<std::uint8_t> good = {48, 49, 44, 45, 0, 5, 10, 15, 20};
  EXPECT_EQ(bad_row_message(Game::omaha, 9, good), "no error");
  std::vector<std::uint8_t> ids = good;
  ids.insert(ids.end(), {48, 49, 44, 45, 0, 5, 10, 15, 48});  // a hole card on the board
  EXPECT_EQ(bad_row_message(Game::omaha, 9, ids), "row 1: a card twice");
  ids[13] = 52;
  EXPECT_EQ(bad_row_message(Game::omaha_hilo, 9, ids), "row 1: card id 52 is not 0..51");
  std::vector<HandRank> ranks(1);
  std::vector<LowRank> lows;
  EXPECT_THROW(evaluate_rows(Game::omaha_hilo, 9, good, ranks, lows), InputError);  // no room for lows
  for (const std::size_t columns : {std::size_t{6}, std::size_t{10}}) {
    std::vector<std::uint8_t> row(columns);
    try {
      evaluate_rows(Game::omaha, columns, row, ranks);
      ADD_FAILURE() << columns;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), "evaluate_rows: a row of omaha is 4 hole cards then 3 to 5 board cards, not " +
                                           std::to_string(columns) + " cards");
    }
  }
  EXPECT_THROW(evaluate_rows(Game::holdem, 4, std::vector<std::uint8_t>(4), ranks), InputError);
  EXPECT_EQ(row_columns(Game::omaha6).fewest, 9u);
  EXPECT_EQ(row_columns(Game::omaha6).most, 11u);
  EXPECT_EQ(row_columns(Game::shortdeck).fewest, 5u);
}

// One hand's value in any game (the front ends' one call): each family as its own function values
// it, the board where the spec puts it (joined to Hold'em's cards, apart for Omaha, none in stud).
TEST(GameHandValue, EachGameAsItsSpecMakesAHand) {
  const auto cards = [](const char* text) { return parse_cards(text); };
  const GameHandValue holdem = game_hand_value(cards("AsKs"), cards("QsJsTs"), Game::holdem);
  const HandValue joined = hand_value(cards("AsKsQsJsTs"), Game::holdem);
  EXPECT_EQ(holdem.rank, joined.rank);
  EXPECT_EQ(holdem.name, joined.name);
  EXPECT_EQ(holdem.cards.size(), 5u);
  EXPECT_TRUE(holdem.board.empty());
  EXPECT_FALSE(holdem.low.has_value());

  const GameHandValue omaha = game_hand_value(cards("As2sKhKd"), cards("3c4d8hKsQc"), Game::omaha_hilo);
  const OmahaHandValue o = omaha_hand_value(cards("As2sKhKd"), cards("3c4d8hKsQc"), Game::omaha_hilo);
  EXPECT_EQ(omaha.rank, o.high.rank);
  EXPECT_EQ(omaha.board.size(), 5u);
  ASSERT_TRUE(omaha.low.has_value());
  EXPECT_EQ(omaha.low->rank, o.low);
  EXPECT_EQ(omaha.low->name, "8-4-3-2-A");
  EXPECT_EQ(omaha.low->best.size(), 5u);

  const GameHandValue razz = game_hand_value(cards("As2s3d7c7dKh4c"), {}, Game::razz);
  EXPECT_EQ(razz.rank, stud_hand_value(cards("As2s3d7c7dKh4c"), Game::razz).rank);
  EXPECT_EQ(razz.name, "7-4-3-2-A");
  const GameHandValue no_low = game_hand_value(cards("As2s3d9c9hKhKd"), {}, Game::stud_hilo);
  ASSERT_TRUE(no_low.low.has_value());
  EXPECT_EQ(no_low.low->rank, kNoLow);
  EXPECT_TRUE(no_low.low->best.empty());
  const GameHandValue badugi = game_hand_value(cards("Kh7h5c3s"), {}, Game::badugi);
  EXPECT_EQ(badugi.best.size(), 3u);  // two hearts: a three-card badugi
  EXPECT_TRUE(game_hand_value(cards("7h5d4s2c3c"), {}, Game::badeucy).second.has_value());

  const auto message = [](auto&& call) -> std::string {
    try {
      call();
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(message([&] { game_hand_value(cards("AsKsQhJh"), {}, Game::omaha, "--board"); }),
            "--board: an Omaha hand is valued on a board of 3 to 5 cards");
  EXPECT_EQ(message([&] { game_hand_value(cards("As2s3d4c5c"), cards("6c7c"), Game::razz); }),
            "board: razz has no board; the cards are the player's own 5, 6 or 7 cards, the best five of them count");
  EXPECT_EQ(message([&] { game_hand_value(cards("AsKs"), cards("QsJsAs"), Game::holdem); }),
            "board: duplicate card As (also in the hand)");
}
