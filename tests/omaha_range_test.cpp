// Omaha ranges (docs/ranges-omaha.md) against predicates written here over every PLO4 hand (and
// PLO5 for a few), the hand classes against a count by Burnside's lemma, percentages against a
// small ordering written here, and the errors.
#include "equity/omaha_range.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "detail/parallel.hpp"
#include "equity/error.hpp"
#include "equity/omaha_class.hpp"
#include "equity/omaha_class_equity.hpp"
#include "equity/omaha_evaluator.hpp"
#include "equity/omaha_hand_order.hpp"

namespace equity {
namespace {

constexpr int A = 12, K = 11, Q = 10, J = 9, T = 8;

// Every hand of n cards, as card lists, in increasing card id order of their cards.
template <class F>
void for_each_hand(int n, F&& f) {
  std::vector<Card> cards(static_cast<std::size_t>(n));           // one buffer: an allocation a hand was most of
  std::function<void(int, int)> rec = [&](int depth, int from) {  // the sanitizer run's time
    if (depth == n) {
      f(std::as_const(cards));
      return;
    }
    for (int id = from; id <= kCards - (n - depth); ++id) {
      cards[static_cast<std::size_t>(depth)] = Card(id);
      rec(depth + 1, id + 1);
    }
  };
  rec(0, 0);
}

CardSet set_of(const std::vector<Card>& cards) {
  CardSet s;
  for (Card c : cards) s.insert(c);
  return s;
}

int count_rank(const std::vector<Card>& h, int r) {
  return static_cast<int>(std::count_if(h.begin(), h.end(), [&](Card c) { return c.rank() == r; }));
}
int count_suit(const std::vector<Card>& h, int s) {
  return static_cast<int>(std::count_if(h.begin(), h.end(), [&](Card c) { return c.suit() == s; }));
}
// The hand's rank multiplicities, largest first ({2,1,1} for one pair and two other ranks).
std::vector<int> rank_shape(const std::vector<Card>& h) {
  std::vector<int> out;
  for (int r = 0; r < kRanks; ++r)
    if (int n = count_rank(h, r)) out.push_back(n);
  std::sort(out.rbegin(), out.rend());
  return out;
}
std::vector<int> suit_shape(const std::vector<Card>& h) {
  std::vector<int> out;
  for (int s = 0; s < kSuits; ++s)
    if (int n = count_suit(h, s)) out.push_back(n);
  std::sort(out.rbegin(), out.rend());
  return out;
}
bool has(const std::vector<Card>& h, int rank, int suit) {
  return std::find(h.begin(), h.end(), Card(rank, suit)) != h.end();
}

using Predicate = std::function<bool(const std::vector<Card>&)>;

// The range holds exactly the hands the predicate accepts, each with weight 1, and lists the same
// through combos() and size().
void expect_range(const std::string& text, int n, const Predicate& want) {
  SCOPED_TRACE(text);
  const OmahaRange range = OmahaRange::parse(text, n, "test");
  std::uint64_t expected = 0, mismatches = 0;
  for_each_hand(n, [&](const std::vector<Card>& h) {
    const bool w = want(h);
    expected += w;
    if (range.weight(set_of(h)) != (w ? 1.0 : 0.0) && ++mismatches < 5)
      ADD_FAILURE() << set_of(h).str() << " weight " << range.weight(set_of(h)) << ", want " << w;
  });
  EXPECT_EQ(mismatches, 0u);
  const auto size = range.size();
  EXPECT_EQ(size.hands, expected);
  EXPECT_EQ(size.weighted, static_cast<double>(expected));
  if (n == 4) {
    const auto combos = range.combos();
    EXPECT_EQ(combos.size(), expected);
    EXPECT_TRUE(std::is_sorted(combos.begin(), combos.end(), [](const OmahaCombo& a, const OmahaCombo& b) {
      return a.cards.bits() < b.cards.bits();
    }));
    EXPECT_TRUE(std::adjacent_find(combos.begin(), combos.end(), [](auto& a, auto& b) { return a.cards == b.cards; }) ==
                combos.end());
  }
  // The canonical form reads back to the same hands.
  const OmahaRange again = OmahaRange::parse(range.str(), n, "test");
  std::uint64_t differ = 0;
  for_each_hand(n, [&](const std::vector<Card>& h) { differ += again.weight(set_of(h)) != range.weight(set_of(h)); });
  EXPECT_EQ(differ, 0u) << range.str();
}

TEST(OmahaRange, RankPatternsMeanTheHandContainsThem) {
  expect_range("AA", 4, [](auto& h) { return count_rank(h, A) >= 2; });
  expect_range("AA**", 4, [](auto& h) { return count_rank(h, A) >= 2; });
  expect_range("AK", 4, [](auto& h) { return count_rank(h, A) >= 1 && count_rank(h, K) >= 1; });
  expect_range("AAK", 4, [](auto& h) { return count_rank(h, A) >= 2 && count_rank(h, K) >= 1; });
  expect_range("AAAA", 4, [](auto& h) { return count_rank(h, A) == 4; });
  expect_range("10T", 4, [](auto& h) { return count_rank(h, T) >= 2; });
  expect_range("*", 4, [](auto&) { return true; });
  expect_range("random", 4, [](auto&) { return true; });
  EXPECT_TRUE(OmahaRange::parse("****", 4).random());
  EXPECT_TRUE(OmahaRange::parse("random", 4).random());
  EXPECT_FALSE(OmahaRange::parse("AA", 4).random());
}

TEST(OmahaRange, SpecificHandsAndCards) {
  expect_range("AsKhJd2c", 4, [](auto& h) { return has(h, A, 0) && has(h, K, 2) && has(h, J, 3) && has(h, 0, 1); });
  expect_range("As Kh Jd 2c", 4, [](auto& h) { return has(h, A, 0) && has(h, K, 2) && has(h, J, 3) && has(h, 0, 1); });
  expect_range("AsKh", 4, [](auto& h) { return has(h, A, 0) && has(h, K, 2); });
  expect_range("A♠A♥", 4, [](auto& h) { return has(h, A, 0) && has(h, A, 2); });
  expect_range("AsKhJd2c,AcKcQcJc", 4, [](auto& h) {
    return set_of(h) == set_of(parse_cards("AsKhJd2c")) || set_of(h) == set_of(parse_cards("AcKcQcJc"));
  });
  const OmahaRange one = OmahaRange::parse("AsKhJd2c", 4);
  EXPECT_TRUE(one.specific());
  EXPECT_EQ(one.hand(), set_of(parse_cards("AsKhJd2c")));
  EXPECT_EQ(one.str(), "AsKhJd2c");
  EXPECT_EQ(one.combos(set_of(parse_cards("Kh"))).size(), 0u);
  EXPECT_FALSE(OmahaRange::parse("AsKh", 4).specific());
}

TEST(OmahaRange, SuitLettersAndSuitVariables) {
  expect_range("ss", 4, [](auto& h) { return count_suit(h, 0) >= 2; });
  expect_range("As*s", 4, [](auto& h) { return has(h, A, 0) && count_suit(h, 0) >= 2; });
  expect_range("xx", 4, [](auto& h) { return suit_shape(h)[0] >= 2; });
  expect_range("xxyy", 4, [](auto& h) { return suit_shape(h) == std::vector<int>{2, 2}; });
  expect_range("wxyz", 4, [](auto& h) { return suit_shape(h).size() == 4; });
  expect_range("AxAyxy", 4, [](auto& h) {
    for (int a = 0; a < kSuits; ++a)
      for (int b = 0; b < kSuits; ++b)
        if (a != b && has(h, A, a) && has(h, A, b) && count_suit(h, a) == 2 && count_suit(h, b) == 2) return true;
    return false;
  });
  // A suit variable differs from the suits written: spades and a pair of another suit.
  expect_range("Asxx", 4, [](auto& h) {
    if (!has(h, A, 0)) return false;
    for (int s = 1; s < kSuits; ++s)
      if (count_suit(h, s) >= 2) return true;
    return false;
  });
  expect_range("AxKx", 4, [](auto& h) {
    for (int s = 0; s < kSuits; ++s)
      if (has(h, A, s) && has(h, K, s)) return true;
    return false;
  });
}

TEST(OmahaRange, RankVariables) {
  expect_range("RRON", 4, [](auto& h) { return rank_shape(h) == std::vector<int>{2, 1, 1}; });
  expect_range("RROO", 4, [](auto& h) { return rank_shape(h) == std::vector<int>{2, 2}; });
  expect_range("RR", 4, [](auto& h) { return rank_shape(h)[0] >= 2; });
  expect_range("RRR", 4, [](auto& h) { return rank_shape(h)[0] >= 3; });
  // A rank variable differs from the ranks written: aces and another pair.
  expect_range("AARR", 4, [](auto& h) { return count_rank(h, A) == 2 && rank_shape(h) == std::vector<int>{2, 2}; });
  expect_range("RxRy", 4, [](auto& h) { return rank_shape(h)[0] >= 2; });
  expect_range("RxOx", 4, [](auto& h) {
    for (std::size_t i = 0; i < h.size(); ++i)
      for (std::size_t j = 0; j < h.size(); ++j)
        if (i != j && h[i].suit() == h[j].suit() && h[i].rank() != h[j].rank()) return true;
    return false;
  });
}

TEST(OmahaRange, SpansAndLists) {
  expect_range("KK-TT", 4, [](auto& h) {
    return count_rank(h, K) >= 2 || count_rank(h, Q) >= 2 || count_rank(h, J) >= 2 || count_rank(h, T) >= 2;
  });
  expect_range("TT-KK", 4, [](auto& h) {
    return count_rank(h, K) >= 2 || count_rank(h, Q) >= 2 || count_rank(h, J) >= 2 || count_rank(h, T) >= 2;
  });
  expect_range("AK-AT", 4, [](auto& h) {
    return count_rank(h, A) >= 1 && (count_rank(h, K) + count_rank(h, Q) + count_rank(h, J) + count_rank(h, T)) >= 1;
  });
  expect_range("JT98-8765", 4, [](auto& h) {
    for (int top = 6; top <= J; ++top)
      if (count_rank(h, top) && count_rank(h, top - 1) && count_rank(h, top - 2) && count_rank(h, top - 3)) return true;
    return false;
  });
  expect_range("[A,K,Q]", 4, [](auto& h) { return count_rank(h, A) + count_rank(h, K) + count_rank(h, Q) >= 1; });
  expect_range("[A-T][A-T]", 4, [](auto& h) {
    int n = 0;
    for (int r = T; r <= A; ++r) n += count_rank(h, r);
    return n >= 2;
  });
  expect_range("A[K,Q]s", 4, [](auto& h) { return count_rank(h, A) >= 1 && (has(h, K, 0) || has(h, Q, 0)); });
}

TEST(OmahaRange, Macros) {
  expect_range("$ds", 4, [](auto& h) { return suit_shape(h) == std::vector<int>{2, 2}; });
  expect_range("$ss", 4, [](auto& h) {
    const auto s = suit_shape(h);
    return s == std::vector<int>{2, 1, 1} || s == std::vector<int>{3, 1} || s == std::vector<int>{4};
  });
  expect_range("$np", 4, [](auto& h) { return rank_shape(h).size() == 4; });
}

TEST(OmahaRange, Combinators) {
  expect_range("!AA", 4, [](auto& h) { return count_rank(h, A) < 2; });
  expect_range("AA:$ds", 4, [](auto& h) { return count_rank(h, A) >= 2 && suit_shape(h) == std::vector<int>{2, 2}; });
  expect_range("AA,KK", 4, [](auto& h) { return count_rank(h, A) >= 2 || count_rank(h, K) >= 2; });
  expect_range("(AA,KK):!$ds", 4, [](auto& h) {
    return (count_rank(h, A) >= 2 || count_rank(h, K) >= 2) && suit_shape(h) != std::vector<int>{2, 2};
  });
  expect_range("!(AA,KK):RR", 4,
               [](auto& h) { return count_rank(h, A) < 2 && count_rank(h, K) < 2 && rank_shape(h)[0] >= 2; });
  expect_range("!!AA", 4, [](auto& h) { return count_rank(h, A) >= 2; });
  expect_range("AA:KK,QQ", 4,
               [](auto& h) { return (count_rank(h, A) >= 2 && count_rank(h, K) >= 2) || count_rank(h, Q) >= 2; });
  expect_range(" AA , KK : $ds ", 4, [](auto& h) {
    return count_rank(h, A) >= 2 || (count_rank(h, K) >= 2 && suit_shape(h) == std::vector<int>{2, 2});
  });
  expect_range("AA,", 4, [](auto& h) { return count_rank(h, A) >= 2; });
  // ':' then a number with a decimal point is a weight; ':' then a rank is "and".
  expect_range("AA:9", 4, [](auto& h) { return count_rank(h, A) >= 2 && count_rank(h, 7) >= 1; });
  expect_range("AA:10", 4, [](auto& h) { return count_rank(h, A) >= 2 && count_rank(h, T) >= 1; });
}

// The weight of every PLO4 hand, against the rule: the last item of a list that holds the hand
// gives its weight; weights multiply through ':' and nesting.
void expect_weights(const std::string& text, const std::function<double(const std::vector<Card>&)>& want) {
  SCOPED_TRACE(text);
  const OmahaRange range = OmahaRange::parse(text, 4, "test");
  const OmahaRange again = OmahaRange::parse(range.str(), 4, "test");
  std::uint64_t mismatches = 0, hands = 0;
  double weighted = 0;
  for_each_hand(4, [&](const std::vector<Card>& h) {
    const double w = want(h);
    hands += w > 0;
    weighted += w;
    mismatches += range.weight(set_of(h)) != w || again.weight(set_of(h)) != w;
  });
  EXPECT_EQ(mismatches, 0u) << range.str();
  const auto size = range.size();
  EXPECT_EQ(size.hands, hands);
  EXPECT_NEAR(size.weighted, weighted, 1e-6);
  double listed = 0;
  for (const auto& c : range.combos()) listed += c.weight;
  EXPECT_NEAR(listed, weighted, 1e-6);
}

TEST(OmahaRange, Weights) {
  const auto aa = [](auto& h) { return count_rank(h, A) >= 2; };
  const auto kk = [](auto& h) { return count_rank(h, K) >= 2; };
  expect_weights("AA@50", [&](auto& h) { return aa(h) ? 0.5 : 0.0; });
  expect_weights("AA@50%", [&](auto& h) { return aa(h) ? 0.5 : 0.0; });
  expect_weights("AA:0.5", [&](auto& h) { return aa(h) ? 0.5 : 0.0; });
  expect_weights("AA:.25", [&](auto& h) { return aa(h) ? 0.25 : 0.0; });
  expect_weights("AA:1", [&](auto& h) { return aa(h) ? 1.0 : 0.0; });
  expect_weights("AA@50,KK", [&](auto& h) { return kk(h) ? 1.0 : aa(h) ? 0.5 : 0.0; });
  expect_weights("KK,AA@50", [&](auto& h) { return aa(h) ? 0.5 : kk(h) ? 1.0 : 0.0; });
  expect_weights("(AA@50,KK)@50", [&](auto& h) { return kk(h) ? 0.5 : aa(h) ? 0.25 : 0.0; });
  expect_weights("AA:0.5:$ds", [&](auto& h) { return aa(h) && suit_shape(h) == std::vector<int>{2, 2} ? 0.5 : 0.0; });
  expect_weights("AA@30:KK@10", [&](auto& h) { return aa(h) && kk(h) ? 0.3 * 0.1 : 0.0; });
  expect_weights("!AA@50", [&](auto& h) { return aa(h) ? 0.0 : 1.0; });
  EXPECT_EQ(OmahaRange::parse("AA@50", 4).str(), "AA:0.5");
  EXPECT_EQ(OmahaRange::parse("(AA,KK)@50", 4).str(), "(AA,KK):0.5");
  EXPECT_FALSE(OmahaRange::parse("AsKhJd2c@50", 4).specific());
  const auto weighted = OmahaRange::parse("AsKhJd2c@50,AcKcQcJc", 4).combos();
  ASSERT_EQ(weighted.size(), 2u);
  EXPECT_EQ(weighted[0].weight + weighted[1].weight, 1.5);
}

TEST(OmahaRange, CanonicalForms) {
  for (const char* text : {"AA", "AxAyxy", "RRON", "KK-TT", "[A,K,Q]x*x", "!(AA,KK):$ds", "Ass", "A*s", "Rx*x",
                           "$ss:$np", "AsKh**", "wxyz"}) {
    SCOPED_TRACE(text);
    const OmahaRange range = OmahaRange::parse(text, 4, "test");
    const OmahaRange again = OmahaRange::parse(range.str(), 4, "test");
    EXPECT_EQ(again.str(), range.str());
    std::uint64_t differ = 0;
    for_each_hand(4, [&](const std::vector<Card>& h) { differ += again.weight(set_of(h)) != range.weight(set_of(h)); });
    EXPECT_EQ(differ, 0u) << range.str();
  }
  EXPECT_EQ(OmahaRange::parse("KK-TT", 4).str(), "KK,QQ,JJ,TT");
  EXPECT_EQ(OmahaRange::parse("A*s", 4).str(), "A*s");
  EXPECT_EQ(OmahaRange::parse("[Q,A,K]", 4).str(), "[A,K,Q]");
}

// The message of the InputError parse() throws.
std::string error_of(const std::string& text, int n = 4) {
  try {
    OmahaRange::parse(text, n, "player 2");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(OmahaRange, ErrorsSayWhere) {
  EXPECT_EQ(error_of("AAxx:!$ds("), "player 2: \"AAxx:!$ds(\" at position 10 '(': expected ',', ':', ')' or the end");
  EXPECT_EQ(error_of("AAAAA"), "player 2: \"AAAAA\" at position 1 'A': the pattern has 5 cards; a hand here has 4");
  EXPECT_EQ(error_of("AsAs"), "player 2: \"AsAs\" at position 1 'A': the pattern AsAs matches no 4-card hand");
  EXPECT_EQ(error_of("KK,AAAAA"),
            "player 2: \"KK,AAAAA\" at position 4 'A': the pattern has 5 cards; a hand here has 4");
  EXPECT_EQ(error_of("AA:KK:QQ"), "player 2: \"AA:KK:QQ\" holds no 4-card hand");
  EXPECT_EQ(error_of("!random"), "player 2: \"!random\" holds no 4-card hand");
  EXPECT_EQ(error_of(""), "player 2: \"\" at position 1 (the end): an empty range (write random for every hand)");
  EXPECT_EQ(error_of("(AA,KK"),
            "player 2: \"(AA,KK\" at position 7 (the end): expected ')' to close the '(' at position 1");
  EXPECT_EQ(error_of("AA)"), "player 2: \"AA)\" at position 3 ')': unexpected ')' (no '(' before it)");
  EXPECT_EQ(error_of("AA:"),
            "player 2: \"AA:\" at position 4 (the end): expected a hand pattern (such as AA, AxAyxy "
            "or AsKhJd2c), '(', '!', a $ macro, a percentage or random");
  EXPECT_EQ(error_of("$xx"), "player 2: \"$xx\" at position 1 '$': unknown macro (one of $ds, $ss, $np)");
  EXPECT_EQ(error_of("$dss"), "player 2: \"$dss\" at position 1 '$': unknown macro (one of $ds, $ss, $np)");
  EXPECT_EQ(error_of("AA@0"), "player 2: \"AA@0\" at position 3 '@': a weight after '@' is a percentage in (0, 100]");
  EXPECT_EQ(error_of("AA@150"),
            "player 2: \"AA@150\" at position 3 '@': a weight after '@' is a percentage in (0, 100]");
  EXPECT_EQ(error_of("AA:1.5"),
            "player 2: \"AA:1.5\" at position 3 ':': a weight after ':' is a fraction in (0, 1] (or write @50)");
  EXPECT_EQ(error_of("AA@"),
            "player 2: \"AA@\" at position 4 (the end): expected a weight in percent after '@', such as @50");
  EXPECT_EQ(error_of("KK-T"),
            "player 2: \"KK-T\" at position 4 'T': a span joins two patterns of the same shape whose "
            "differing ranks step together (as KK-TT, AK-AT, JT98-6543)");
  EXPECT_EQ(error_of("KQ-T8"),
            "player 2: \"KQ-T8\" at position 4 'T': a span joins two patterns of the same shape "
            "whose differing ranks step together (as KK-TT, AK-AT, JT98-6543)");
  EXPECT_EQ(error_of("A[K,"),
            "player 2: \"A[K,\" at position 5 (the end): expected a rank (2-9, T, J, Q, K, A) in the list");
  EXPECT_EQ(error_of("AA KK"), "player 2: \"AA KK\" at position 4 'K': expected ',', ':', ')' or the end");
  EXPECT_EQ(error_of("A♠A♠"), "player 2: \"A♠A♠\" at position 1 'A': the pattern AsAs matches no 4-card hand");
  EXPECT_EQ(error_of("A♠K♠:("),
            "player 2: \"A♠K♠:(\" at position 7 (the end): expected a hand pattern (such as AA, "
            "AxAyxy or AsKhJd2c), '(', '!', a $ macro, a percentage or random");
  EXPECT_EQ(error_of("schdx", 5), "player 2: \"schdx\" at position 1 's': the pattern schdx matches no 5-card hand");
  EXPECT_EQ(error_of("RROOMMNN**", 6),
            "player 2: \"RROOMMNN**\" at position 1 'R': the pattern has 10 cards; a hand here has 6");
  EXPECT_EQ(error_of("AsKhJd2c9s"),
            "player 2: \"AsKhJd2c9s\" at position 1 'A': the pattern has 5 cards; a hand here has 4");
  EXPECT_EQ(error_of("AA", 7), "player 2: an Omaha hand has 4, 5 or 6 cards, not 7");
  // Hostile input: a message on one line, short.
  const std::string junk(100000, '(');
  EXPECT_LT(error_of(junk).size(), 300u);
  EXPECT_NE(error_of(junk).find("at position 101 '(': more than 100 nested '(' and '!'"), std::string::npos);
  EXPECT_NE(error_of(std::string(5000, '!') + "AA").find("more than 100 nested"), std::string::npos);
  EXPECT_EQ(error_of(std::string(50, '(') + "AA" + std::string(50, ')')), "no error");
  EXPECT_EQ(error_of(std::string("A\0A", 3)).find('\0'), std::string::npos);
}

std::string error_of_order(const std::string& text, const OmahaHandOrder& order) {
  try {
    OmahaRange::parse(text, 4, "player 2", nullptr, &order);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// Ranges joined by ':' and '!' with suits written: the parser looks for a hand of weight class by
// class, once per way of giving a class's suit fields to the suits written, and must find one
// exactly when some hand is in both items (in the first and not the second), by every PLO4 hand.
TEST(OmahaRange, JoinedRangesWithNamedSuitsHoldAHandWhenTheBruteForceFindsOne) {
  const std::vector<std::tuple<std::string, char, std::string>> cases{
      {"ss", ':', "hh"},          {"sss", ':', "hh"},
      {"d", ':', "!(s,c,h)"},     {"dddd", ':', "!d"},
      {"h", '!', "(s,c,d)"},      {"AxAy", ':', "hh"},
      {"AhAd", '!', "$ds"},       {"Kx", ':', "cccc"},
      {"ccc", '!', "Kc"},         {"sh", ':', "!(ss,hh,cc,dd)"},
      {"ssh", ':', "!(s,c,d)"},   {"$ds", ':', "!(ss,hh)"},
      {"AAs", ':', "!(hh,cc,dd)"}};
  std::uint64_t held = 0;
  for (const auto& [a, op, b] : cases) {
    const OmahaRange first = OmahaRange::parse(a, 4);
    const OmahaRange second = OmahaRange::parse(op == ':' ? b : "!" + b, 4);
    bool any = false;
    for_each_hand(4, [&](const std::vector<Card>& h) {
      any = any || (first.weight(set_of(h)) > 0 && second.weight(set_of(h)) > 0);
    });
    const std::string text = op == ':' ? a + ":" + b : a + ":!" + b;
    held += any;
    EXPECT_EQ(error_of(text) == "no error", any) << text << ": " << error_of(text);
  }
  EXPECT_EQ(held, 10u);  // the cases hold hands and lack them both
  // PLO6 (20,358,520 hands): three diamonds and three hearts, but not four and three.
  EXPECT_EQ(error_of("ddd:hhh", 6), "no error");
  EXPECT_EQ(error_of("dddd:hhh", 6), "player 2: \"dddd:hhh\" holds no 6-card hand");
  EXPECT_EQ(error_of("d:!(s,c,h)", 6), "no error");
}

// A search for a hand with a budget: many patterns with suits over 6-card hands are refused when no
// hand turns up within it, and accepted when one does.
TEST(OmahaRange, TooCostlyRangesAreRefusedSayingWhy) {
  std::string items;
  for (const char* r : {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"})
    for (const char* s : {"s", "h", "d"}) items += std::string(items.empty() ? "" : ",") + r + s + "xxxxx";
  const std::string empty = error_of("(" + items + "):!(" + items + ")", 6);
  EXPECT_EQ(empty.substr(empty.find(" may ")),
            " may hold no 6-card hand: none found in the 4,194,304 steps a range may take to check (its ':' "
            "and '!' over 78 patterns); write it more simply");
  EXPECT_EQ(error_of("(" + items + "):(" + items + ")", 6), "no error");
}

// The classes by Burnside's lemma: the average over the 24 suit permutations of the hands each
// fixes; a permutation with cycles of lengths L fixes the hands whose suits in a cycle hold the
// same ranks, C(13, j) ways for j ranks per cycle, L * j cards.
std::uint64_t burnside_classes(int n) {
  const std::vector<std::pair<std::vector<int>, int>> cycle_types = {
      {{1, 1, 1, 1}, 1}, {{2, 1, 1}, 6}, {{2, 2}, 3}, {{3, 1}, 8}, {{4}, 6}};
  std::uint64_t total = 0;
  for (const auto& [cycles, how_many] : cycle_types) {
    std::vector<std::uint64_t> poly(static_cast<std::size_t>(n + 1), 0);
    poly[0] = 1;
    for (int length : cycles) {
      std::vector<std::uint64_t> next(poly.size(), 0);
      for (int have = 0; have <= n; ++have)
        for (int j = 0; have + length * j <= n && j <= kRanks; ++j)
          next[static_cast<std::size_t>(have + length * j)] +=
              poly[static_cast<std::size_t>(have)] * omaha_hand_count(kRanks, j);
      poly = next;
    }
    total += static_cast<std::uint64_t>(how_many) * poly[static_cast<std::size_t>(n)];
  }
  return total / 24;
}

// Counts the classes of n-card hands as the hands that are their class's canonical form, and sums
// the classes' hands.
std::pair<std::uint64_t, std::uint64_t> count_classes(int n) {
  std::uint64_t classes = 0, hands = 0;
  std::array<int, 6> c{};
  for (int i = 0; i < n; ++i) c[static_cast<std::size_t>(i)] = i;
  while (true) {
    CardSet h;
    for (int i = 0; i < n; ++i) h.insert(Card(c[static_cast<std::size_t>(i)]));
    if (omaha_class(h) == h) ++classes, hands += static_cast<std::uint64_t>(omaha_class_hands(h));
    int i = n - 1;
    while (i >= 0 && c[static_cast<std::size_t>(i)] == kCards - n + i) --i;
    if (i < 0) break;
    ++c[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < n; ++j) c[static_cast<std::size_t>(j)] = c[static_cast<std::size_t>(j - 1)] + 1;
  }
  return {classes, hands};
}

TEST(OmahaClass, CountsTheClasses) {
  EXPECT_EQ(burnside_classes(4), 16432u);
  EXPECT_EQ(burnside_classes(5), 134459u);
  EXPECT_EQ(burnside_classes(6), 962988u);
  EXPECT_EQ(count_classes(4), std::make_pair(std::uint64_t{16432}, omaha_hand_count(52, 4)));
  EXPECT_EQ(count_classes(5), std::make_pair(std::uint64_t{134459}, omaha_hand_count(52, 5)));
  EXPECT_EQ(count_classes(6), std::make_pair(std::uint64_t{962988}, omaha_hand_count(52, 6)));
}

TEST(OmahaClass, EachClassIsVisitedOnceByItsCanonicalHand) {
  for (const auto& [cards, classes, hands] :
       std::vector<std::tuple<int, std::uint64_t, std::uint64_t>>{{4, 16432, omaha_hand_count(52, 4)},
                                                                  {5, 134459, omaha_hand_count(52, 5)},
                                                                  {6, 962988, omaha_hand_count(52, 6)}}) {
    const int n = cards;  // clang 14's lambdas do not capture a structured binding
    std::uint64_t visited = 0, members = 0, not_canonical = 0, wrong_size = 0, wrong_spades = 0;
    for (unsigned spades = 0; spades < 1u << kRanks; ++spades)
      for_each_omaha_class(n, spades, [&](CardSet c) {
        ++visited;
        members += static_cast<std::uint64_t>(omaha_class_hands(c));
        not_canonical += omaha_class(c) != c;
        wrong_size += c.size() != n;
        wrong_spades += c.suit_ranks(0) != spades;
      });
    EXPECT_EQ(visited, classes) << cards;
    EXPECT_EQ(members, hands) << cards;  // with the classes canonical and distinct: every hand once
    EXPECT_EQ(not_canonical + wrong_size + wrong_spades, 0u) << cards;
  }
}

TEST(OmahaClass, IsTheSameForEverySuitRenaming) {
  const CardSet h = set_of(parse_cards("AsAhKsQd"));
  EXPECT_EQ(omaha_class(h), omaha_class(set_of(parse_cards("AcAdKcQh"))));
  EXPECT_NE(omaha_class(h), omaha_class(set_of(parse_cards("AsAhKdQs"))));
  EXPECT_EQ(omaha_class_hands(h), 24);
  EXPECT_EQ(omaha_class_hands(set_of(parse_cards("AsAcKsKc"))), 6);
  EXPECT_EQ(omaha_class_hands(set_of(parse_cards("AsAcAhAd"))), 1);
  EXPECT_EQ(omaha_class_hands(set_of(parse_cards("AsKsQsJs"))), 4);
}

// A small ordering: AAKK double suited (6 hands), AAKK rainbow (6 hands: the aces and kings each
// of two suits, all four suits), then AsKsQsJs monotone (4 hands).
constexpr const char* kOrder =
    "# a test ordering\n"
    "hand,equity\n"
    "AsAcKsKc,0.70\n"
    "\n"
    "AsAcKhKd,0.69\n"
    "AhKhQhJh,0.60\n";

TEST(OmahaRange, PercentagesReadAnOrdering) {
  const OmahaHandOrder order = read_omaha_hand_order(kOrder, 4, "test.csv");
  ASSERT_EQ(order.classes.size(), 3u);
  // 1% of 270,725 is 2,707.25 hands: more than the ordering ranks.
  EXPECT_EQ(
      error_of_order("1%", order),
      "player 2: \"1%\" at position 1 '1': the ordering test.csv ranks only 3 classes, fewer than 1% of the hands");
  const auto hands_of = [&](const std::string& text) {
    std::vector<std::string> out;
    for (const auto& c : OmahaRange::parse(text, 4, "test", nullptr, &order).combos()) out.push_back(c.cards.str());
    std::sort(out.begin(), out.end());
    return out;
  };
  const std::vector<std::string> double_suited = {"AcAdKcKd", "AhAdKhKd", "AsAcKsKc",
                                                  "AsAdKsKd", "AsAhKsKh", "AcAhKcKh"};
  std::vector<std::string> want = double_suited;
  std::sort(want.begin(), want.end());
  // 0.001% is 2.7 hands: the first class reaches it.
  EXPECT_EQ(hands_of("0.001%"), want);
  EXPECT_EQ(hands_of("0.002%"), want);        // 5.4 hands
  EXPECT_EQ(hands_of("0.004%").size(), 12u);  // 10.8 hands: two classes
  EXPECT_EQ(hands_of("0.004%:$ds"), want);
  EXPECT_EQ(hands_of("0.004%:!$ds").size(), 6u);
  EXPECT_EQ(hands_of("0.001%-0.004%").size(), 6u);
  EXPECT_EQ(hands_of("0.005%"), hands_of("AAKK:!$ss,AhKhQhJh,AsKsQsJs,AcKcQcJc,AdKdQdJd"));  // 13.5 hands: all 16
  const auto weighted = OmahaRange::parse("0.001%@50", 4, "test", nullptr, &order).size();
  EXPECT_EQ(weighted.hands, 6u);
  EXPECT_EQ(weighted.weighted, 3.0);
  EXPECT_EQ(OmahaRange::parse("0.001%-0.004%", 4, "test", nullptr, &order).str(), "0.001%-0.004%");
  EXPECT_EQ(error_of_order("0%", order),
            "player 2: \"0%\" at position 1 '0': selects no hands (0%, or both ends reach the same classes)");
  EXPECT_EQ(
      error_of_order("0.001%-0.002%", order),
      "player 2: \"0.001%-0.002%\" at position 1 '0': selects no hands (0%, or both ends reach the same classes)");
  EXPECT_EQ(error_of_order("5%-1%", order),
            "player 2: \"5%-1%\" at position 1 '5': the smaller percentage comes first (as in 5%-10%)");
  EXPECT_EQ(error_of_order("101%", order), "player 2: \"101%\" at position 1 '1': a percentage is at most 100%");
}

TEST(OmahaRange, OrderingFilesAreCheckedAndFound) {
  EXPECT_THROW(read_omaha_hand_order("AsAcKsKc\n", 4, "x.csv"), InputError);                  // no header
  EXPECT_THROW(read_omaha_hand_order("hand\nAsAcKsKc\nAhAdKhKd\n", 4, "x.csv"), InputError);  // one class twice
  EXPECT_THROW(read_omaha_hand_order("hand\nAsAcKs\n", 4, "x.csv"), InputError);              // three cards
  EXPECT_THROW(read_omaha_hand_order("hand\nAsAcKsKx\n", 4, "x.csv"), InputError);            // a bad card
  try {
    read_omaha_hand_order("hand\nAsAcKsKc\nAhAdKhKd\n", 4, "x.csv");
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "x.csv: the class of AsAcKsKc is listed twice");
  }

  const auto dir = std::filesystem::temp_directory_path() / ("omaha-order-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "omaha");
  ::setenv("EQUITY_RESULTS", dir.c_str(), 1);
  set_omaha_hand_order(4, nullptr);
  // No PLO6 ordering ships (PLO4's and PLO5's do, found beside the program after $EQUITY_RESULTS).
  set_omaha_hand_order(6, nullptr);
  const std::string message = error_of("15%", 6);
  EXPECT_EQ(message.rfind("player 2: no ordering for omaha6 yet: percentages of 6-card hands need the file "
                          "omaha6/order-equity.csv of a results directory (looked in: " +
                              (dir / "omaha6/order-equity.csv").string(),
                          0),
            0u)
      << message;
  { std::ofstream(dir / "omaha" / "order-equity.csv") << kOrder; }
  EXPECT_EQ(OmahaRange::parse("0.001%", 4).size().hands, 6u);
  set_omaha_hand_order(4, std::make_shared<const OmahaHandOrder>(read_omaha_hand_order("hand\nAhKhQhJh\n", 4, "y")));
  EXPECT_EQ(OmahaRange::parse("0.001%", 4).size().hands, 4u);
  set_omaha_hand_order(4, nullptr);
  ::unsetenv("EQUITY_RESULTS");
  std::filesystem::remove_all(dir);
}

TEST(OmahaRange, ListsAndCountsWithoutDeadCards) {
  const CardSet dead = set_of(parse_cards("AsKd"));
  for (const char* text : {"AA", "AsKh**", "RRON:$ds", "AsKhJd2c,AcKcQcJc", "random"}) {
    SCOPED_TRACE(text);
    const OmahaRange range = OmahaRange::parse(text, 4, "test");
    std::uint64_t want = 0;
    for_each_hand(
        4, [&](const std::vector<Card>& h) { want += !set_of(h).intersects(dead) && range.weight(set_of(h)) > 0; });
    EXPECT_EQ(range.combos(dead).size(), want);
    EXPECT_EQ(range.size(dead).hands, want);
  }
  EXPECT_EQ(OmahaRange::parse("random", 4).size(dead).hands, omaha_hand_count(50, 4));
  EXPECT_EQ(OmahaRange::parse("random", 6).size().hands, 20358520u);
  try {
    OmahaRange::parse("AA", 4).combos(CardSet(), 100, "player 1");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "player 1: the range holds more than 100 hands, the most a range other than random may hold, exact "
                 "or Monte Carlo (write random, or narrow it)");
  }
}

TEST(OmahaRange, ReadsFiveCardHandsSlow) {
  expect_range("RRON", 5, [](auto& h) {
    // Some pair and two more ranks: a pair, and at least three distinct ranks in all.
    return rank_shape(h)[0] >= 2 && rank_shape(h).size() >= 3;
  });
  expect_range("$ds", 5, [](auto& h) {
    const auto s = suit_shape(h);
    return s == std::vector<int>{2, 2, 1} || s == std::vector<int>{3, 2};
  });
  expect_range("AA", 5, [](auto& h) { return count_rank(h, A) >= 2; });
  expect_range("AxAyxy", 5, [](auto& h) {
    for (int a = 0; a < kSuits; ++a)
      for (int b = 0; b < kSuits; ++b)
        if (a != b && has(h, A, a) && has(h, A, b) && count_suit(h, a) >= 2 && count_suit(h, b) >= 2) return true;
    return false;
  });
  expect_range("AsKhJd2c9s", 5, [](auto& h) { return set_of(h) == set_of(parse_cards("AsKhJd2c9s")); });
}

// The Monte Carlo against random against a second one written here (std::mt19937_64, std::shuffle):
// the two estimates agree within five standard errors; the result does not depend on the threads.
TEST(OmahaClassEquity, AgreesWithAnIndependentMonteCarlo) {
  for (const char* text : {"AsAcKsKc", "7s6c3h2d"}) {
    SCOPED_TRACE(text);
    const CardSet hand = set_of(parse_cards(text));
    const auto got = omaha_equity_vs_random(hand, 100000, 7);
    EXPECT_EQ(got.trials, 100000u);
    const auto one = detail::with_threads(1, [&] { return omaha_equity_vs_random(hand, 100000, 7); });
    EXPECT_EQ(one.equity, got.equity);
    EXPECT_NE(omaha_equity_vs_random(hand, 100000, 8).equity, got.equity);
    std::mt19937_64 rng(26);
    std::vector<Card> deck = (CardSet::full() - hand).cards();
    double points = 0;
    const int trials = 100000;
    for (int t = 0; t < trials; ++t) {
      std::shuffle(deck.begin(), deck.end(), rng);
      const CardSet villain = set_of({deck[0], deck[1], deck[2], deck[3]});
      const CardSet board = set_of({deck[4], deck[5], deck[6], deck[7], deck[8]});
      const auto a = omaha_high(hand, board), b = omaha_high(villain, board);
      points += a > b ? 1.0 : a == b ? 0.5 : 0.0;
    }
    const double mine = points / trials;
    EXPECT_NEAR(got.equity, mine, 5 * std::sqrt(2.0) * got.std_error);
    EXPECT_GT(got.std_error, 0.0);
    EXPECT_LT(got.std_error, 0.002);
  }
  EXPECT_GT(omaha_equity_vs_random(set_of(parse_cards("AsAcKsKc")), 20000).equity, 0.6);
  EXPECT_THROW(omaha_equity_vs_random(set_of(parse_cards("AsKc")), 10), InputError);
}

}  // namespace
}  // namespace equity
