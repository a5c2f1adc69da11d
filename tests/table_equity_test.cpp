// Table-backed answers (results/, the committed table) against exact enumeration.
#include "equity/table_equity.hpp"

#include <gtest/gtest.h>

#include "equity/error.hpp"
#include "test_support.hpp"

using namespace equity;

namespace {

const PreflopTable& table() {
  static const PreflopTable t = [] {
    auto loaded = PreflopTable::load("results");
    if (!loaded) throw std::runtime_error("results/preflop-169x169.csv is missing");
    return *std::move(loaded);
  }();
  return t;
}

RangeDeal heads_up(const std::string& hero, const std::string& villain) {
  return RangeDeal{{Range::parse(hero), Range::parse(villain)}, {}, {}};
}

// Every integer the two methods report must agree; weighted sums to rounding.
void expect_same(const RangeEquityResult& from_table, const RangeEquityResult& enumerated) {
  EXPECT_EQ(from_table.assignments, enumerated.assignments);
  EXPECT_EQ(from_table.boards, enumerated.boards);
  EXPECT_EQ(from_table.combos, enumerated.combos);
  EXPECT_EQ(from_table.weighted, enumerated.weighted);
  EXPECT_NEAR(from_table.total_weight, enumerated.total_weight, 1e-9 * enumerated.total_weight);
  ASSERT_EQ(from_table.players.size(), 2u);
  for (std::size_t p = 0; p < 2; ++p) {
    SCOPED_TRACE("player " + std::to_string(p + 1));
    const auto& t = from_table.players[p];
    const auto& e = enumerated.players[p];
    EXPECT_EQ(t.wins, e.wins);
    EXPECT_EQ(t.ties, e.ties);
    EXPECT_EQ(t.losses, e.losses);
    EXPECT_EQ(t.share, e.share);
    EXPECT_NEAR(t.weighted_share, e.weighted_share, 1e-9 * e.weighted_share + 1e-9);
    EXPECT_NEAR(from_table.equity(p), enumerated.equity(p), 1e-12);
  }
}

}  // namespace

TEST(TableEquity, AcesAgainstKingsArePublishedCounts) {
  const auto rows = test::read_csv(test::data_path("exact/classes.csv"));
  ASSERT_FALSE(rows.empty());
  for (const auto& row : rows) {
    SCOPED_TRACE(row[0] + " vs " + row[1]);
    const auto r = table_equity(table(), heads_up(row[0], row[1]));
    ASSERT_TRUE(r);
    EXPECT_EQ(r->assignments, std::stoull(row[2]));
    EXPECT_EQ(r->showdowns(), std::stoull(row[3]));
    EXPECT_EQ(r->players[0].wins, std::stoull(row[4]));
    EXPECT_EQ(r->players[1].wins, std::stoull(row[5]));
    EXPECT_EQ(r->players[0].ties, std::stoull(row[6]));
  }
}

TEST(TableEquity, EqualsEnumerationForRangePairs) {
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"AKs", "QQ"},                  // classes
      {"QQ+,AKs", "JJ-99,AQs+,KQo"},  // class lists that share cards
      {"AsKs", "QQ+"},                // a specific hand against classes
      {"22-44", "AhKd"},              // classes against a specific hand
      {"7h2c", "Td9d"},               // two specific hands
      {"AKs:0.5,QQ", "KK@25,AQo"},    // weighted classes
      {"AA", "AA"},                   // a class against itself
  };
  for (const auto& [hero, villain] : pairs) {
    SCOPED_TRACE(hero + " vs " + villain);
    const auto deal = heads_up(hero, villain);
    const auto r = table_equity(table(), deal);
    ASSERT_TRUE(r);
    expect_same(*r, enumerate_ranges(deal));
  }
}

TEST(TableEquity, ClassRowsFromClassFilesEqualTheMatrixFile) {
  const std::vector<int> classes = {class_index(parse_hand_class("AA")), class_index(parse_hand_class("T9s")),
                                    class_index(parse_hand_class("72o"))};
  const auto rows = PreflopTable::class_rows("results", classes);
  for (int i : classes)
    for (int j = 0; j < kHandClasses; ++j) {
      SCOPED_TRACE(std::to_string(i) + "," + std::to_string(j));
      for (const auto& [a, b] : {std::pair{i, j}, std::pair{j, i}}) {
        ASSERT_EQ(rows.combos()(a, b), table().combos()(a, b));
        ASSERT_EQ(rows.wins()(a, b), table().wins()(a, b));
        ASSERT_EQ(rows.ties()(a, b), table().ties()(a, b));
        ASSERT_EQ(rows.losses()(a, b), table().losses()(a, b));
      }
    }
  EXPECT_THROW(PreflopTable::class_rows("/nonexistent/table", classes), InputError);
}

TEST(TableEquity, ReadingOnlyTheNeededFilesGivesTheSameAnswers) {
  // Specific hands, a few classes on either side (their class files), many on both (the matrix).
  for (const auto& [hero, villain] : std::vector<std::pair<std::string, std::string>>{
           {"AsAc", "KhQh"}, {"AsKs", "QQ+"}, {"QQ+,AKs,AKo", "random"}, {"random", "72o"}, {"22+,A2s+", "random"}}) {
    SCOPED_TRACE(hero + " vs " + villain);
    const auto deal = heads_up(hero, villain);
    const auto from_dir = table_equity(std::filesystem::path("results"), deal);
    ASSERT_TRUE(from_dir);
    expect_same(*from_dir, *table_equity(table(), deal));
  }
  EXPECT_FALSE(table_equity(std::filesystem::path("results"), heads_up("AsKs,AKo", "QQ")));
  const test::TempDir empty;
  EXPECT_FALSE(table_equity(empty.path(), heads_up("22+,A2s+", "random")));    // no matrix file
  EXPECT_THROW(table_equity(empty.path(), heads_up("AA", "KK")), InputError);  // no class file
}

TEST(TableEquity, RandomAgainstRandomIsEvenAndCountsEveryPair) {
  const auto r = table_equity(table(), heads_up("random", "random"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->assignments, 1326u * 1225u);
  EXPECT_EQ(r->players[0].wins, r->players[1].wins);  // the seats are symmetric
  EXPECT_EQ(r->players[0].ties, r->players[1].ties);
  EXPECT_DOUBLE_EQ(r->equity(0), 0.5);
}

// Issue 21, defect 2: the product of two weights of 1e-200 underflowed, and the equity was NaN.
TEST(TableEquity, TinyWeightsGiveTheUnweightedEquity) {
  const auto plain = table_equity(table(), heads_up("AKs", "QQ"));
  const auto tiny = table_equity(table(), heads_up("AKs:1e-200", "QQ:1e-200,JJ:1e-250"));
  const auto tiny_jj = table_equity(table(), heads_up("AKs", "QQ,JJ:1e-50"));
  ASSERT_TRUE(plain && tiny && tiny_jj);
  EXPECT_NEAR(tiny->equity(0), tiny_jj->equity(0), 1e-15);
  EXPECT_NEAR(tiny->equity(0), plain->equity(0), 1e-15);
  EXPECT_NEAR(tiny->equity(0), 0.46049, 5e-6);
  const auto r = test::run_equity("AKs:1e-200 QQ:1e-200");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("46.049%"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("nan"), std::string::npos) << r.out;
}

TEST(TableEquity, OnlyHeadsUpPreflopWholeClassesOrSpecificHands) {
  EXPECT_TRUE(table_answers(heads_up("AA", "random")));
  EXPECT_TRUE(table_answers(heads_up("AsAc", "KhQh")));
  EXPECT_FALSE(table_answers(heads_up("AsKs,AKo", "QQ")));     // part of the AKs class
  EXPECT_FALSE(table_answers(heads_up("AA,AsAc:0.5", "QQ")));  // one class with two weights
  RangeDeal three = heads_up("AA", "KK");
  three.ranges.push_back(Range::parse("QQ"));
  EXPECT_FALSE(table_answers(three));
  RangeDeal flop = heads_up("AA", "KK");
  flop.board = parse_cards("2c7d9h");
  EXPECT_FALSE(table_answers(flop));
  RangeDeal dead = heads_up("AA", "KK");
  dead.dead = parse_cards("2c");
  EXPECT_FALSE(table_answers(dead));
  EXPECT_FALSE(table_equity(table(), three));
}

TEST(TableEquity, ImpossibleQuestionsThrow) {
  EXPECT_THROW(table_equity(table(), heads_up("AsAc", "AsKd")), InputError);
  EXPECT_THROW(table_equity(table(), heads_up("KhQh", "QhKh")), InputError);
}

// ---- the default command
