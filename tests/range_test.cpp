// The range parser, canonical printing, expansion with card removal, and `equity range`.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "equity/error.hpp"
#include "clean_message.hpp"
#include "equity/range.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

int index_of(std::string_view cards) {
  const auto c = parse_hole_cards(cards);
  return combo_index(c[0], c[1]);
}

TEST(ComboIndex, RoundTripsEveryCombo) {
  for (int i = 0; i < kCombos; ++i) {
    const auto c = combo_cards(i);
    EXPECT_GT(c[0].id(), c[1].id());
    EXPECT_EQ(combo_index(c[0], c[1]), i);
    EXPECT_EQ(combo_index(c[1], c[0]), i);
  }
}

TEST(Range, ClassesAndCombos) {
  EXPECT_EQ(Range::parse("AA").size(), 6);
  EXPECT_EQ(Range::parse("AKs").size(), 4);
  EXPECT_EQ(Range::parse("AKo").size(), 12);
  EXPECT_EQ(Range::parse("AK").size(), 16);
  EXPECT_EQ(Range::parse("KA").size(), 16);
  const Range aks = Range::parse("AKs");
  EXPECT_TRUE(aks.contains(index_of("AsKs")));
  EXPECT_TRUE(aks.contains(index_of("AdKd")));
  EXPECT_FALSE(aks.contains(index_of("AsKd")));
  const Range ako = Range::parse("AKo");
  EXPECT_TRUE(ako.contains(index_of("AsKd")));
  EXPECT_FALSE(ako.contains(index_of("AhKh")));

  const Range combo = Range::parse("AsKs");
  EXPECT_EQ(combo.size(), 1);
  EXPECT_TRUE(combo.specific());
  EXPECT_TRUE(combo.contains(index_of("KsAs")));
  EXPECT_EQ(Range::parse("As Ks"), combo);
  EXPECT_EQ(Range::parse("10s9s"), Range::parse("Ts9s"));
  EXPECT_EQ(Range::parse("A10s"), Range::parse("ATs"));
  EXPECT_EQ(Range::parse("random").size(), kCombos);
  EXPECT_EQ(Range::parse("xx"), Range::all());
  EXPECT_EQ(Range::parse("*"), Range::all());
  EXPECT_EQ(Range::parse("RANDOM"), Range::all());
}

TEST(Range, PlusAndDashForms) {
  EXPECT_EQ(Range::parse("QQ+"), Range::parse("QQ,KK,AA"));
  EXPECT_EQ(Range::parse("22-99"), Range::parse("22,33,44,55,66,77,88,99"));
  EXPECT_EQ(Range::parse("99-22"), Range::parse("22-99"));
  EXPECT_EQ(Range::parse("22-99").size(), 48);
  EXPECT_EQ(Range::parse("A2s+"), Range::parse("A2s,A3s,A4s,A5s,A6s,A7s,A8s,A9s,ATs,AJs,AQs,AKs"));
  EXPECT_EQ(Range::parse("A5s-A2s"), Range::parse("A2s,A3s,A4s,A5s"));
  EXPECT_EQ(Range::parse("A2s-A5s"), Range::parse("A5s-A2s"));
  EXPECT_EQ(Range::parse("KTo+"), Range::parse("KTo,KJo,KQo"));
  EXPECT_EQ(Range::parse("KTo+").size(), 36);
  EXPECT_EQ(Range::parse("K9+"), Range::parse("K9s,KTs,KJs,KQs,K9o,KTo,KJo,KQo"));
  EXPECT_EQ(Range::parse("K9-K6"), Range::parse("K6,K7,K8,K9"));
  EXPECT_EQ(Range::parse("22+"), Range::parse("22-AA"));
}

TEST(Range, ListsAndWeights) {
  EXPECT_EQ(Range::parse("AA, KK ,AKs").size(), 16);
  EXPECT_EQ(Range::parse(" AA,KK "), Range::parse("AA,KK"));
  const Range half = Range::parse("AKs:0.5");
  EXPECT_EQ(half.size(), 4);
  EXPECT_TRUE(half.weighted());
  EXPECT_EQ(half.weight(index_of("AsKs")), 0.5);
  EXPECT_EQ(Range::parse("AKs@50"), half);
  EXPECT_EQ(Range::parse("QQ+:0.25").weight(index_of("KsKd")), 0.25);
  EXPECT_EQ(Range::parse("AKs@100"), Range::parse("AKs"));
  // A later item overrides the weight of an earlier one.
  const Range over = Range::parse("AA:0.5,AsAc");
  EXPECT_EQ(over.weight(index_of("AsAc")), 1.0);
  EXPECT_EQ(over.weight(index_of("AhAd")), 0.5);
  EXPECT_FALSE(Range::parse("AA,KK").weighted());
}

TEST(Range, CanonicalForm) {
  EXPECT_EQ(Range::parse("QQ+,AKs").str(), "QQ+,AKs");
  EXPECT_EQ(Range::parse("22,33,44,55,66,77,88,99").str(), "99-22");
  EXPECT_EQ(Range::parse("AKs,AKo").str(), "AK");
  EXPECT_EQ(Range::parse("xx").str(), "random");
  EXPECT_EQ(Range::parse("KQs,KJs,KTs,K9s,K9o,KTo,KJo,KQo").str(), "K9+");
  EXPECT_EQ(Range::parse("A2s,A3s,A4s,A5s").str(), "A5s-A2s");
  EXPECT_EQ(Range::parse("AhKh,AsKs").str(), "AsKs,AhKh");
  EXPECT_EQ(Range::parse("AKs@50,QQ").str(), "QQ,AKs:0.5");
  EXPECT_EQ(Range::parse("AA,AsAc:0.5").str(), "AsAh,AsAd,AcAh,AcAd,AhAd,AsAc:0.5");
}

TEST(Range, RoundTripsThroughItsCanonicalForm) {
  for (const char* text :
       {"AA", "AKs", "AKo", "AK", "AsKs", "random", "QQ+", "22-99", "A2s+", "A5s-A2s", "KTo+", "K9+",
        "QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "AKs:0.5,QQ@33,JJ-88@33.3,random:0.01",
        "AsKs,AhKd,7c2d", "AA:0.5,AsAc", "T9s,98s,87s:0.75,76s@25,65s", "K9-K6,Q8o-Q5o,J7s-J3s", "AA,KK,QQ,JJ:1",
        "xx:0.2,AA", "AsAc:0.3,AsAh:0.3,AdAc:0.7"}) {
    const Range r = Range::parse(text);
    const Range again = Range::parse(r.str());
    EXPECT_EQ(again, r) << text << " -> " << r.str();
    EXPECT_EQ(again.str(), r.str()) << text;
  }
}

TEST(Range, ExpandsWithCardRemoval) {
  const Range aa = Range::parse("AA");
  EXPECT_EQ(aa.combos().size(), 6u);
  CardSet removed;
  removed.insert(parse_card("As"));
  EXPECT_EQ(aa.combos(removed).size(), 3u);
  removed.insert(parse_card("Ah"));
  EXPECT_EQ(aa.combos(removed).size(), 1u);
  EXPECT_EQ(Range::all().combos(removed).size(), 1225u);
  const auto weighted = Range::parse("AKs:0.5").combos();
  ASSERT_EQ(weighted.size(), 4u);
  for (const auto& c : weighted) EXPECT_EQ(c.weight, 0.5);
}

TEST(Range, Grid) {
  EXPECT_EQ(class_at_grid_cell(0, 0).name(), "AA");
  EXPECT_EQ(class_at_grid_cell(0, 1).name(), "AKs");
  EXPECT_EQ(class_at_grid_cell(1, 0).name(), "AKo");
  EXPECT_EQ(class_at_grid_cell(12, 12).name(), "22");
  EXPECT_EQ(class_at_grid_cell(11, 12).name(), "32s");
  int combos = 0;
  for (int r = 0; r < kRanks; ++r)
    for (int c = 0; c < kRanks; ++c) combos += static_cast<int>(class_at_grid_cell(r, c).combo_indices().size());
  EXPECT_EQ(combos, kCombos);
}

TEST(Range, RejectsMalformedInputQuotingTheBadItem) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "empty range"},
      {"   ", "empty range"},
      {"AA,,KK", "empty item"},
      {"AA,", "empty item"},
      {"AX", "cannot read \"AX\": 'X' is not a rank"},
      {"AA,ZK", "cannot read \"ZK\": 'Z' is not a rank"},
      {"A", "cannot read \"A\": expected two ranks"},
      {"AAs", "a pair cannot be suited or offsuit"},
      {"AKs+x", "cannot read \"AKs+x\": unexpected text after '+'"},
      {"A5s-K2s", "same first rank"},
      {"A5s-A2o", "suited, offsuit or both alike"},
      {"22-A5s", "a dash range joins two pairs"},
      {"AKs:1.5", "cannot read \"AKs:1.5\": a weight must be above 0 and at most 1"},
      {"AKs:0", "a weight must be above 0"},
      {"AKs@0", "a percentage weight must be above 0 and at most 100"},
      {"AKs@150", "a percentage weight"},
      {"AKs:abc", "weight \"abc\" is not a number"},
      {"AKs:", "weight \"\" is not a number"},
      {":0.5", "no hand before the weight"},
      {"AsAs", "the same card twice"},
      {"AsKs+", "a specific hand is two cards"},
      {"AsK", "a specific hand is two cards"},
      {"AKq", "cannot read \"AKq\": unexpected 'q'"},
      {"AA KK", "cannot read \"AA KK\""},
      {"QQ-", "expected two ranks"},
  };
  for (const auto& [text, expected] : cases) {
    try {
      (void)Range::parse(text, "player 2");
      ADD_FAILURE() << "accepted \"" << text << "\"";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(expected), std::string::npos) << "\"" << text << "\": " << message;
      EXPECT_EQ(message.rfind("player 2", 0), 0u) << message;
    }
  }
}

TEST(Range, SuitSymbolsAsPlayersPasteThem) {
  EXPECT_EQ(Range::parse("A♠K♠"), Range::parse("AsKs"));
  EXPECT_EQ(Range::parse("Q♥Q♦, A♤ K♧, 10♡ 9♢"), Range::parse("QhQd,AsKc,Th9d"));
  EXPECT_EQ(Range::parse("J♣J♠:0.5"), Range::parse("JcJs:0.5"));
}

// Issue 17: "AA@0.5" is half of one percent; parsing says so through the warnings.
TEST(Range, AtWeightOfAtMostOneWarns) {
  std::vector<std::string> warnings;
  const Range r = Range::parse("AA@0.5,KK", "player 1", &warnings);
  EXPECT_EQ(r.weight(combo_index(parse_card("As"), parse_card("Ac"))), 0.005);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "player 1 \"AA@0.5,KK\": \"AA@0.5\" is weighted 0.5 percent: @ takes a percentage (write :0.5 for a fraction)");
  (void)Range::parse("AA@1", "player 1", &warnings);
  EXPECT_EQ(warnings.size(), 2u);
  for (const char* quiet : {"AA@50", "AA@1.5", "AA:0.5", "AA"}) {
    std::vector<std::string> none;
    (void)Range::parse(quiet, "player 1", &none);
    EXPECT_TRUE(none.empty()) << quiet;
  }
  EXPECT_NO_THROW((void)Range::parse("AA@0.5"));  // no list: no warning, no error
}

// Issue 21, defect 3: a weight that rounds to zero silently dropped the hand.
TEST(Range, WeightThatRoundsToZeroIsAnError) {
  const auto message = [](const std::string& text) {
    try {
      (void)Range::parse(text, "player 1");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("AKs@4.9e-324"), "player 1 \"AKs@4.9e-324\": cannot read \"AKs@4.9e-324\": weight \"4.9e-324\" rounds to 0");
  EXPECT_NE(message("AKs:1e-400").find("weight \"1e-400\" is out of range (above 0 and at most 1)"), std::string::npos);
  EXPECT_NE(message("AKs:nan").find("a weight must be above 0"), std::string::npos);
  EXPECT_EQ(Range::parse("AKs:4.9e-324").size(), 4);  // the smallest double is a weight
}

TEST(Range, BadBytesAreQuotedWithEscapesOnOneLine) {
  for (const std::string& text : {std::string("AK\0s", 4), std::string("AA\nZZ"), std::string("A\xffK"),
                                 std::string("A\xe2\x99K"), std::string(100000, 'A')}) {
    try {
      (void)Range::parse(text, "player 1");
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      EXPECT_TRUE(test::is_clean_line(e.what())) << e.what();
      EXPECT_LT(std::string(e.what()).size(), 300u) << e.what();
    }
  }
}

TEST(RangeCommand, PrintsCombosAndGrid) {
  const auto r = test::run_equity("range 'QQ+,AKs'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Range: QQ+,AKs"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("22 combos"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("AsAc"), std::string::npos);
  EXPECT_NE(r.out.find(" AKs"), std::string::npos);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2 + 2 + 1 + 13);  // header, 22 combos, blank, grid
  const auto dead = test::run_equity("range random --dead AsKd --json");
  EXPECT_EQ(dead.exit_code, 0) << dead.err;
  const auto j = nlohmann::json::parse(dead.out);
  EXPECT_EQ(j.at("combos"), 1225);
  EXPECT_EQ(j.at("list").size(), 1225u);
  EXPECT_EQ(j.at("grid").size(), 13u);
}

TEST(RangeCommand, RejectsBadRanges) {
  for (const char* args : {"range 'AA,AKx'", "range ''", "range AA --dead AsAcAhAd"}) {
    const auto r = test::run_equity(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(r.out.empty()) << args;
    EXPECT_EQ(r.err.rfind("equity: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_NE(test::run_equity("range 'AA,AKx'").err.find("\"AKx\""), std::string::npos);
}

}  // namespace
}  // namespace equity
