// The range parser, canonical printing, expansion with card removal, and `equity range`.
#include "equity/range.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>

#include "cards/hand_order_builder.hpp"
#include "clean_message.hpp"
#include "equity/error.hpp"
#include "equity/hand_order.hpp"
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
  for (const char* text : {"AA",
                           "AKs",
                           "AKo",
                           "AK",
                           "AsKs",
                           "random",
                           "QQ+",
                           "22-99",
                           "A2s+",
                           "A5s-A2s",
                           "KTo+",
                           "K9+",
                           "QQ+,AKs,AKo",
                           "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+",
                           "AKs:0.5,QQ@33,JJ-88@33.3,random:0.01",
                           "AsKs,AhKd,7c2d",
                           "AA:0.5,AsAc",
                           "T9s,98s,87s:0.75,76s@25,65s",
                           "K9-K6,Q8o-Q5o,J7s-J3s",
                           "AA,KK,QQ,JJ:1",
                           "xx:0.2,AA",
                           "AsAc:0.3,AsAh:0.3,AdAc:0.7"}) {
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

TEST(Range, SizeWeightedAndCombosFollowEverySet) {
  // set() keeps a bit per held combo and two counts; they must agree with the weights after any
  // sequence of sets, clears and re-weightings.
  std::mt19937_64 rng(21);
  const std::array<double, 5> choices = {0.0, 1.0, 0.5, 0.25, 1.0};
  Range r;
  for (int step = 0; step < 20'000; ++step) {
    r.set(static_cast<int>(rng() % kCombos), choices[rng() % choices.size()]);
    if (step % 997 != 0) continue;
    int held = 0;
    bool off_one = false;
    std::vector<int> indices;
    for (int i = 0; i < kCombos; ++i)
      if (r.weight(i) > 0) {
        ++held;
        off_one |= r.weight(i) != 1.0;
        indices.push_back(i);
      }
    ASSERT_EQ(r.size(), held);
    ASSERT_EQ(r.weighted(), off_one);
    ASSERT_EQ(r.empty(), held == 0);
    std::vector<int> listed;
    for (const auto& c : r.combos()) {
      listed.push_back(c.index);
      ASSERT_EQ(c.weight, r.weight(c.index));
    }
    ASSERT_EQ(listed, indices);
  }
  for (int i = 0; i < kCombos; ++i) r.set(i, 0);
  EXPECT_TRUE(r.empty());
  EXPECT_FALSE(r.weighted());
  EXPECT_EQ(r, Range());
  EXPECT_EQ(Range::all().size(), kCombos);
  EXPECT_EQ(Range::all(), Range::parse("random"));
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
      {",AA", "empty item"},
      {"AA,,", "empty item"},
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
      {"AA KX", "cannot read \"AA KX\""},
      {"QQ-x", "cannot read \"QQ-x\": 'x' is not a rank"},
      {"A5s-x", "'x' is not a rank"},
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
  EXPECT_EQ(
      warnings[0],
      "player 1 \"AA@0.5,KK\": \"AA@0.5\" is weighted 0.5 percent: @ takes a percentage (write :0.5 for a fraction)");
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
  EXPECT_EQ(message("AKs@4.9e-324"),
            "player 1 \"AKs@4.9e-324\": cannot read \"AKs@4.9e-324\": weight \"4.9e-324\" rounds to 0");
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

// ---------------------------------------------------------------------------------------------
// Range syntax players paste (issue 18): percentages, brackets, minus forms, spans, wildcards.

// The message of the InputError that parsing `text` throws, or "no error".
std::string parse_error(const std::string& text, std::string_view order = kDefaultHandOrder) {
  try {
    (void)Range::parse(text, "player 1", nullptr, order);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// The range of the first `n` classes of an ordering.
Range prefix_range(const HandOrder& order, int n) {
  Range r;
  for (int i = 0; i < n; ++i)
    for (int c : hand_classes()[(*order.classes)[static_cast<std::size_t>(i)]].combo_indices()) r.set(c, 1.0);
  return r;
}

TEST(HandOrder, GeneratedTablesMatchTheCsvFiles) {
  const auto equity_order = detail::order_from_vs_random_csv(test::read_file("results/vs-random.csv"));
  const auto vs2_order = detail::order_from_ranked_csv(test::read_file("results/order-vs2.csv"));
  EXPECT_EQ(*hand_order("equity").classes, equity_order);
  EXPECT_EQ(*hand_order("vs2").classes, vs2_order);
  for (const auto& order : hand_orders()) {
    auto sorted = *order.classes;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < kHandClasses; ++i) EXPECT_EQ(sorted[static_cast<std::size_t>(i)], i) << order.name;
  }
}

TEST(HandOrder, EquityOrderIsExactEquityAgainstOneRandomHand) {
  const auto& order = *hand_order("equity").classes;
  std::vector<std::string> first;
  for (int i = 0; i < 12; ++i) first.push_back(hand_classes()[order[static_cast<std::size_t>(i)]].name());
  EXPECT_EQ(first,
            (std::vector<std::string>{"AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "77", "AQs", "AJs", "AKo"}));
  EXPECT_EQ(hand_classes()[order.back()].name(), "32o");
  EXPECT_EQ(hand_classes()[hand_order("vs2").classes->front()].name(), "AA");
}

TEST(HandOrder, NamesAliasAndUnknown) {
  EXPECT_EQ(hand_order("vs1").name, "equity");
  EXPECT_EQ(hand_order("equity").classes, hand_order("vs1").classes);
  EXPECT_EQ(hand_orders().front().name, kDefaultHandOrder);
  EXPECT_THROW((void)hand_order("vs3"), InputError);
  try {
    (void)hand_order("vs3");
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "order \"vs3\" is not known (one of: equity, vs2, shortdeck-equity, shortdeck-straights-equity, or vs1 "
              "for equity)");
  }
  EXPECT_NE(parse_error("AA", "nuts").find("order \"nuts\" is not known"), std::string::npos);
}

// Every prefix of every ordering: the largest percentage (6 decimals) its combos reach selects
// exactly it, and one millionth of a percent more selects one class more (a short-deck ordering:
// of its 81 classes and 630 combos).
TEST(Percentage, EveryPrefixOfEveryOrdering) {
  const auto percent = [](std::int64_t millionths) {
    char text[32];
    std::snprintf(text, sizeof text, "%lld.%06lld%%", static_cast<long long>(millionths / 1'000'000),
                  static_cast<long long>(millionths % 1'000'000));
    return std::string(text);
  };
  for (const auto& order : hand_orders()) {
    int combos = 0;
    for (int n = 1; n <= order.size; ++n) {
      combos += hand_classes()[(*order.classes)[static_cast<std::size_t>(n - 1)]].combos();
      const std::int64_t millionths = std::int64_t{combos} * 100'000'000 / order.combos;  // floor(combos / 1326 * 1e8)
      const std::string at = percent(millionths);
      const Range r = Range::parse(at, "range", nullptr, order.name);
      EXPECT_EQ(r, prefix_range(order, n)) << order.name << " " << at;
      EXPECT_EQ(r.size(), combos) << at;
      const auto selection = expand_percentage(at, order.name);
      EXPECT_EQ(selection.classes.size(), static_cast<std::size_t>(n)) << at;
      EXPECT_EQ(selection.combos, combos) << at;
      if (n < order.size) {
        EXPECT_EQ(expand_percentage(percent(millionths + 1), order.name).classes.size(),
                  static_cast<std::size_t>(n + 1))
            << at;
      }
    }
  }
}

TEST(Percentage, ExactCountsInTheDefaultOrder) {
  // 15% of 1,326 is 198.9: the prefix reaches 200 combos.
  EXPECT_EQ(Range::parse("15%").size(), 200);
  EXPECT_EQ(Range::parse("15%").str(), "55+,A9+,A8s-A5s,KJ+,KTs-K9s,QJs");
  EXPECT_EQ(Range::parse("10%").size(), 134);
  EXPECT_EQ(Range::parse("5%").str(), "77+,AK,AQs-AJs");
  EXPECT_EQ(Range::parse("1%").str(), "QQ+");
  EXPECT_EQ(Range::parse("0.1%").str(), "AA");   // the first class
  EXPECT_EQ(Range::parse("0.45%").str(), "AA");  // 6 / 1326 = 0.4525 %
  EXPECT_EQ(Range::parse("0.46%").str(), "KK+");
  EXPECT_EQ(Range::parse("100%"), Range::all());
  EXPECT_EQ(Range::parse("99.99%"), Range::all());
  EXPECT_EQ(Range::parse("100.000%"), Range::all());
  EXPECT_EQ(Range::parse(" 15 % "), Range::parse("15%"));
  // a%-b% is prefix(b) minus prefix(a).
  Range difference = Range::parse("10%");
  const Range five = Range::parse("5%");
  for (int i = 0; i < kCombos; ++i)
    if (five.contains(i)) difference.set(i, 0);
  EXPECT_EQ(Range::parse("5%-10%"), difference);
  EXPECT_EQ(Range::parse("5%-10%").size(), 134 - 72);
  EXPECT_EQ(Range::parse("0%-100%"), Range::all());
  EXPECT_EQ(expand_percentage("0%").classes.size(), 0u);
  EXPECT_EQ(expand_percentage("100%").combos, kCombos);
  EXPECT_EQ(expand_percentage("15%").combos, 200);
  EXPECT_EQ(expand_percentage("5% - 10%").combos, 62);
}

TEST(Percentage, InListsWithWeightsAndBrackets) {
  const Range half = Range::parse("15%:0.5");
  EXPECT_EQ(half.size(), 200);
  EXPECT_EQ(half.weighted_size(), 100.0);
  EXPECT_EQ(Range::parse("15%@50"), half);
  EXPECT_EQ(Range::parse("[50]15%[/50]"), half);
  EXPECT_EQ(Range::parse("QQ+,15%"), Range::parse("15%"));
  EXPECT_EQ(Range::parse("15%,72o").size(), 212);
  EXPECT_EQ(Range::parse("15%,AA:0.5").weighted_size(), 197.0);
  EXPECT_NE(Range::parse("15%", "range", nullptr, "vs2"), Range::parse("15%"));  // the orderings differ here
  EXPECT_EQ(Range::parse("15%", "range", nullptr, "vs2").str(), "66+,A9+,A8s-A7s,KT+,K9s,QTs+,JTs");  // 206 combos
  EXPECT_EQ(Range::parse("5%", "range", nullptr, "vs2").str(), "88+,AK,AQs-AJs,KQs");                 // 70 combos
  EXPECT_EQ(Range::parse("15%", "range", nullptr, "vs1"), Range::parse("15%"));
}

TEST(Percentage, MalformedPercentagesNameTheItem) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"101%", "cannot read \"101%\": a percentage is at most 100%"},
      {"100.5%", "cannot read \"100.5%\": a percentage is at most 100%"},
      {"99999999999999999999%", "a percentage is at most 100%"},
      {"-5%", "cannot read \"-5%\": a percentage cannot be negative"},
      {"5%-", "cannot read \"5%-\": no percentage after '-'"},
      {"%", "cannot read \"%\": no number before '%'"},
      {"5%%", "cannot read \"5%%\": unexpected '%' after the percentage"},
      {"10%-5%", "cannot read \"10%-5%\": the smaller percentage comes first (as in 5%-10%)"},
      {"0%", "cannot read \"0%\": selects no hands in the order equity"},
      {"AA,0.1%-0.2%", "cannot read \"0.1%-0.2%\": selects no hands"},
      {"5%-5%", "cannot read \"5%-5%\": selects no hands"},
      {"5-10%", "cannot read \"5-10%\": expected '%' after the number"},
      {"5%-x%", "cannot read \"5%-x%\": expected a number"},
      {"1.5.%", "cannot read \"1.5.%\": expected '%' after the number"},
      {".5%", "cannot read \".5%\": expected a number"},
      {"5.1234567%", "a percentage has at most 6 decimals"},
      {"15%x", "cannot read \"15%x\": unexpected 'x' after the percentage"},
      {"AA%", "cannot read \"AA%\": expected a number"},
      {"-AK", "cannot read \"-AK\": '-' is not a rank"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = parse_error(text);
    EXPECT_NE(message.find(expected), std::string::npos) << "\"" << text << "\": " << message;
    EXPECT_EQ(message.rfind("player 1", 0), 0u) << message;
  }
  for (const char* text : {"101%", "-5%", "5%-", "%", "5%%", "10%-5%"})
    EXPECT_THROW((void)expand_percentage(text), InputError) << text;
  EXPECT_THROW((void)expand_percentage("15%", "vs9"), InputError);
}

TEST(Range, BracketWeightsAsEquilabExportsThem) {
  EXPECT_EQ(Range::parse("[75]AKo,KQo[/75]"), Range::parse("AKo:0.75,KQo:0.75"));
  EXPECT_EQ(Range::parse("[82.5]QJs[/82.5]"), Range::parse("QJs:0.825"));
  EXPECT_EQ(Range::parse("[82.5]QJs[/82.5]").weight(index_of("QsJs")), 0.825);
  EXPECT_EQ(Range::parse("AA, [50] KK, QQ [/50], JJ, [25]TT[/25]"), Range::parse("AA,KK:0.5,QQ:0.5,JJ,TT:0.25"));
  EXPECT_EQ(Range::parse("[100]AA[/100]"), Range::parse("AA"));
  EXPECT_EQ(Range::parse("[75.0]AKo[/75]"), Range::parse("AKo:0.75"));  // closed by value
  EXPECT_EQ(Range::parse("[50]JJ-,T9s-65s[/50]").weighted_size(), 40.0);
  // Issue 18: this failed with "unknown suit '0'".
  EXPECT_EQ(Range::parse("[50]AKs[/50]").weighted_size(), 2.0);
}

TEST(Range, MalformedBracketsAreNamed) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[75]AKo,KQo", "\"[75]\" is never closed (by [/75])"},
      {"AKo[/75]", "cannot read \"AKo[/75]\": \"[/75]\" closes no bracket group"},
      {"[75]AKo[/50]", "\"[/50]\" does not close \"[75]\""},
      {"[75]AA,[50]KK[/50][/75]", "\"[50]\" opens inside \"[75]\" (bracket groups do not nest)"},
      {"[75]AA:0.5[/75]", "takes the group's weight"},
      {"[abc]AA[/abc]", "weight \"abc\" is not a number"},
      {"[0]AA[/0]", "a percentage weight must be above 0 and at most 100"},
      {"[150]AA[/150]", "a percentage weight must be above 0 and at most 100"},
      {"[75][/75]", "no hand inside the brackets"},
      {"[75AA", "cannot read \"[75AA\": '[' without ']'"},
      {"AA]", "cannot read \"AA]\": ']' without '[/'"},
      {"A[75]A", "cannot read \"A[75]A\""},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = parse_error(text);
    EXPECT_NE(message.find(expected), std::string::npos) << "\"" << text << "\": " << message;
  }
}

TEST(Range, MinusFormsAndSpans) {
  EXPECT_EQ(Range::parse("JJ-"), Range::parse("22-JJ"));
  EXPECT_EQ(Range::parse("JJ-").size(), 60);
  EXPECT_EQ(Range::parse("22-"), Range::parse("22"));
  EXPECT_EQ(Range::parse("A5s-"), Range::parse("A5s-A2s"));
  EXPECT_EQ(Range::parse("K9o-"), Range::parse("K9o-K2o"));
  EXPECT_EQ(Range::parse("Q8-"), Range::parse("Q8-Q2"));
  EXPECT_EQ(Range::parse("T9s-65s"), Range::parse("T9s,98s,87s,76s,65s"));
  EXPECT_EQ(Range::parse("65s-T9s"), Range::parse("T9s-65s"));
  EXPECT_EQ(Range::parse("J9o-64o"), Range::parse("J9o,T8o,97o,86o,75o,64o"));
  EXPECT_EQ(Range::parse("J9o-64o").size(), 72);
  EXPECT_EQ(Range::parse("T8s-53s"), Range::parse("T8s,97s,86s,75s,64s,53s"));
  EXPECT_EQ(Range::parse("KQ-54"), Range::parse("KQ,QJ,JT,T9,98,87,76,65,54"));
  EXPECT_EQ(Range::parse("KQ-54").size(), 9 * 16);
  EXPECT_NE(
      parse_error("T9s-64s").find(
          "cannot read \"T9s-64s\": both ends of a dash range must have the same first rank (A5s-A2s) or the same gap"),
      std::string::npos);
  EXPECT_NE(parse_error("T9s-65o").find("suited, offsuit or both alike"), std::string::npos);
  EXPECT_NE(parse_error("JJ-x").find("cannot read \"JJ-x\""), std::string::npos);
}

TEST(Range, SuitWildcards) {
  EXPECT_EQ(Range::parse("AxKx"), Range::parse("AK"));
  EXPECT_EQ(Range::parse("AXKX"), Range::parse("AK"));
  EXPECT_EQ(Range::parse("AxAx"), Range::parse("AA"));
  EXPECT_EQ(Range::parse("AsKx"), Range::parse("AsKs,AsKh,AsKd,AsKc"));
  EXPECT_EQ(Range::parse("KxAs"), Range::parse("AsKx"));
  EXPECT_EQ(Range::parse("AsAx"), Range::parse("AsAh,AsAd,AsAc"));
  EXPECT_EQ(Range::parse("AsKx:0.5").weighted_size(), 2.0);
  EXPECT_NE(parse_error("AxK").find("cannot read \"AxK\""), std::string::npos);
  EXPECT_NE(parse_error("AX").find("'X' is not a rank"), std::string::npos);
}

TEST(Range, WeightedAndRawCombos) {
  const Range r = Range::parse("AA,KK:0.5,AKs:0.75");
  EXPECT_EQ(r.size(), 16);
  EXPECT_EQ(r.weighted_size(), 12.0);
  EXPECT_EQ(Range::all().weighted_size(), 1326.0);
  EXPECT_EQ(Range().weighted_size(), 0.0);
}

// A range keeps its weights only while one of them is neither 0 nor 1: the same combos and
// weights compare equal however they were set, and every weight reads back as it was set.
TEST(Range, WeightsReadBackAndEqualRangesCompareEqual) {
  Range a = Range::parse("QQ,AKs");
  const Range plain = a;
  const int qq = combo_index(parse_card("Qs"), parse_card("Qh"));
  a.set(qq, 0.25);
  EXPECT_TRUE(a.weighted());
  EXPECT_EQ(a.weight(qq), 0.25);
  EXPECT_EQ(a.weight(combo_index(parse_card("Qc"), parse_card("Qd"))), 1.0);
  EXPECT_EQ(a.weight(combo_index(parse_card("Jc"), parse_card("Jd"))), 0.0);
  EXPECT_EQ(a.weighted_size(), 9.25);
  EXPECT_NE(a, plain);
  a.set(qq, 1.0);
  EXPECT_FALSE(a.weighted());
  EXPECT_EQ(a, plain);
  EXPECT_EQ(a.weighted_size(), 10.0);
  a.set(qq, 0.0);
  EXPECT_FALSE(a.contains(qq));
  EXPECT_EQ(a.weight(qq), 0.0);
  EXPECT_EQ(a.size(), 9);
  const Range without = a;
  a.set(qq, 0.5);
  a.set(qq, 0.0);
  EXPECT_EQ(a, without);
  EXPECT_EQ(Range::parse("AA:0.5,KK").str(), "KK,AA:0.5");
  EXPECT_EQ(Range::parse("AA:0.5,KK").weighted_size(), 9.0);
}

TEST(Range, NewFormsRoundTrip) {
  for (const char* text :
       {"15%", "5%-10%", "15%:0.5", "QQ+,15%", "[50]15%[/50]", "[75]AKo,KQo[/75]", "[82.5]QJs[/82.5]", "JJ-", "A5s-",
        "T9s-65s", "J9o-64o", "T8s-53s", "AxKx", "AsKx", "0.1%", "100%", "AA,[33.3]KK,QQ[/33.3],50%-60%:0.2"}) {
    for (const auto& order : hand_orders()) {
      const Range r = Range::parse(text, "range", nullptr, order.name);
      const Range again = Range::parse(r.str());
      EXPECT_EQ(again, r) << text << " -> " << r.str();
      EXPECT_EQ(again.str(), r.str()) << text;
    }
  }
}

// Random lists of every form, with random weights: parse, print, parse gives the same range.
TEST(Range, RandomRangesRoundTrip) {
  std::mt19937_64 rng(18);
  const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
  const std::string ranks = "23456789TJQKA", suits = "shdc";
  const auto rank = [&](int r) { return std::string(1, ranks[static_cast<std::size_t>(r)]); };
  const auto item = [&]() -> std::string {
    const int hi = 1 + pick(12), lo = pick(hi), kind = pick(3);
    const std::string k = kind == 0 ? "s" : kind == 1 ? "o" : "";
    switch (pick(9)) {
      case 0:
        return std::to_string(pick(100) + 1) + "%";
      case 1: {
        const int a = pick(50);
        return std::to_string(a) + "%-" + std::to_string(a + 1 + pick(50)) + "%";
      }
      case 2:
        return rank(hi) + rank(hi) + (pick(2) ? "+" : "-");
      case 3:
        return rank(hi) + rank(lo) + k + (pick(2) ? "+" : "-");
      case 4: {
        const int gap = hi - lo, top = gap + pick(13 - gap);
        return rank(hi) + rank(lo) + k + "-" + rank(top) + rank(top - gap) + k;
      }
      case 5:
        return rank(hi) + "x" + rank(lo) + (pick(2) ? "x" : std::string(1, suits[static_cast<std::size_t>(pick(4))]));
      case 6:
        return rank(hi) + suits[static_cast<std::size_t>(pick(4))] + rank(lo) +
               suits[static_cast<std::size_t>(pick(4))];
      case 7:
        return rank(hi) + rank(lo) + k;
      default:
        return rank(lo) + rank(lo);
    }
  };
  for (int trial = 0; trial < 300; ++trial) {
    std::string text, tag;  // tag: the open bracket group's number
    const int items = 1 + pick(6);
    for (int i = 0; i < items; ++i) {
      std::string it = item();
      const int weighting = pick(6);
      if (tag.empty() && weighting == 0) {
        tag = std::to_string(1 + pick(100));
        it.insert(0, "[" + tag + "]");
      } else if (tag.empty() && weighting == 1) {
        it.append(":0.").append(std::to_string(1 + pick(99)));
      } else if (tag.empty() && weighting == 2) {
        it.append("@").append(std::to_string(1 + pick(99))).append(".5");
      }
      if (!tag.empty() && (pick(2) || i == items - 1)) {
        it.append("[/").append(tag).append("]");
        tag.clear();
      }
      if (!text.empty()) text.append(",");
      text.append(it);
    }
    Range r;
    try {
      r = Range::parse(text, "range", nullptr, hand_orders()[static_cast<std::size_t>(pick(2))].name);
    } catch (const InputError& e) {  // AsAs, 5%-5%: the generator can write a few invalid items
      const std::string message = e.what();
      EXPECT_TRUE(message.find("the same card twice") != std::string::npos ||
                  message.find("selects no hands") != std::string::npos ||
                  message.find("no two different cards") != std::string::npos)
          << text << ": " << message;
      continue;
    }
    const Range again = Range::parse(r.str());
    EXPECT_EQ(again, r) << text << " -> " << r.str();
    EXPECT_EQ(again.str(), r.str()) << text;
  }
}

TEST(RangeCommand, PrintsCombosAndGrid) {
  const auto r = test::run_equity("range 'QQ+,AKs'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Range: QQ+,AKs"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("22 combos"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("AsAc"), std::string::npos);
  EXPECT_NE(r.out.find(" AKs"), std::string::npos);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2 + 4 + 1 + 13);  // header, 4 classes, blank, grid
  EXPECT_NE(r.out.find("\nAA: AsAc AsAh AcAh AsAd AcAd AhAd\n"), std::string::npos) << r.out;
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

// Ranges as people paste them (issue 30): one comma at the end, spaces between items where no
// other reading exists, a weight written as a percentage after ':'; else the error suggests commas.
TEST(Range, ReadsRangesAsPeoplePasteThem) {
  EXPECT_EQ(Range::parse("AA,KK,").str(), Range::parse("AA,KK").str());
  EXPECT_EQ(Range::parse("AA, KK, ").str(), "KK+");
  EXPECT_EQ(Range::parse("TT+ AK").str(), Range::parse("TT+,AK").str());
  EXPECT_EQ(Range::parse("TT+  AKs, 22").str(), Range::parse("TT+,AKs,22").str());
  EXPECT_EQ(Range::parse("As Ks").size(), 1);  // spaces inside a hand stay optional
  EXPECT_EQ(Range::parse("[75]AKo KQo[/75]").str(), Range::parse("[75]AKo,KQo[/75]").str());
  EXPECT_EQ(Range::parse("AK:50%").str(), Range::parse("AK:0.5").str());
  EXPECT_EQ(Range::parse("AK@50%").str(), Range::parse("AK:0.5").str());
  EXPECT_EQ(Range::parse("QQ+:12.5%").str(), Range::parse("QQ+@12.5").str());
  std::vector<std::string> warnings;
  Range::parse("AK:0.5%", "range", &warnings);
  EXPECT_TRUE(warnings.empty());  // the % says it is a percentage: no warning that @ takes one
  try {
    Range::parse("TT+ AX", "player 1");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("(items are separated by commas: \"TT+,AX\"?)"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(Range::parse("AK:150%"), InputError);
}

}  // namespace
}  // namespace equity
