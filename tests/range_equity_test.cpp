// Exact range-vs-range equity against brute force, and the default command with ranges (Monte
// Carlo has its own suite, monte_carlo_test.cpp).
#include "equity/range_equity.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <regex>

#include "count/monte_carlo.hpp"
#include "equity/error.hpp"
#include "range_deal_support.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

using test::make;

struct Brute {
  std::uint64_t assignments = 0;
  std::vector<PlayerCounts> players;
  std::vector<double> weighted_share;
  double total_weight = 0;
};

// Every assignment of the expanded combos (no symmetry, no shortcut), each walked board by board.
Brute brute_force(const RangeDeal& deal, bool walk) {
  CardSet known;
  for (Card c : deal.board) known.insert(c);
  for (Card c : deal.dead) known.insert(c);
  const std::size_t n = deal.ranges.size();
  std::vector<std::vector<WeightedCombo>> combos;
  for (const auto& r : deal.ranges) combos.push_back(r.combos(known));
  Brute b;
  b.players.resize(n);
  b.weighted_share.resize(n);
  std::vector<std::size_t> pick(n);
  auto rec = [&](auto&& self, std::size_t p, CardSet used) -> void {
    if (p == n) {
      Deal d{{}, deal.board, deal.dead};
      double w = 1;
      for (std::size_t q = 0; q < n; ++q) {
        const auto& c = combos[q][pick[q]];
        d.hands.push_back({c.cards[0], c.cards[1]});
        w *= c.weight;
      }
      const auto e = walk ? walk_boards(d) : enumerate(d);
      ++b.assignments;
      b.total_weight += w;
      for (std::size_t q = 0; q < n; ++q) {
        b.players[q].wins += e.players[q].wins;
        b.players[q].ties += e.players[q].ties;
        b.players[q].losses += e.players[q].losses;
        b.players[q].share += e.players[q].share;
        b.weighted_share[q] += w * static_cast<double>(e.players[q].share);
      }
      return;
    }
    for (std::size_t i = 0; i < combos[p].size(); ++i) {
      const CardSet cs(combos[p][i].cards[0].bit() | combos[p][i].cards[1].bit());
      if (cs.intersects(used)) continue;
      pick[p] = i;
      self(self, p + 1, used | cs);
    }
  };
  rec(rec, 0, known);
  return b;
}

void expect_matches_brute_force(const RangeDeal& deal, bool walk) {
  const auto brute = brute_force(deal, walk);
  for (bool symmetry : {true, false}) {
    ExactOptions options;
    options.use_symmetry = symmetry;
    const auto r = enumerate_ranges(deal, options);
    EXPECT_EQ(r.assignments, brute.assignments);
    for (std::size_t p = 0; p < deal.ranges.size(); ++p) {
      EXPECT_EQ(r.players[p].wins, brute.players[p].wins) << "player " << p << " symmetry " << symmetry;
      EXPECT_EQ(r.players[p].ties, brute.players[p].ties) << "player " << p;
      EXPECT_EQ(r.players[p].losses, brute.players[p].losses) << "player " << p;
      EXPECT_EQ(r.players[p].share, brute.players[p].share) << "player " << p;
      EXPECT_NEAR(r.players[p].weighted_share, brute.weighted_share[p], 1e-9 * brute.weighted_share[p] + 1e-9);
      EXPECT_EQ(r.players[p].wins + r.players[p].ties + r.players[p].losses, r.showdowns());
    }
    EXPECT_NEAR(r.total_weight, brute.total_weight, 1e-9 * brute.total_weight);
  }
}

TEST(ExactRanges, AcesAgainstKingsMatchThePublishedCounts) {
  const auto rows = test::read_csv(test::data_path("exact/classes.csv"));
  ASSERT_FALSE(rows.empty());
  bool found = false;
  for (const auto& row : rows) {
    if (row[0] != "AA" || row[1] != "KK") continue;
    found = true;
    const auto r = enumerate_ranges(make({"AA", "KK"}));
    EXPECT_EQ(r.assignments, std::stoull(row[2]));
    EXPECT_EQ(r.showdowns(), std::stoull(row[3]));
    EXPECT_EQ(r.players[0].wins, std::stoull(row[4]));
    EXPECT_EQ(r.players[1].wins, std::stoull(row[5]));
    EXPECT_EQ(r.players[0].ties, std::stoull(row[6]));
    EXPECT_EQ(r.players[0].losses, std::stoull(row[5]));
    EXPECT_EQ(r.symmetries, 24);
    EXPECT_LT(r.orbits, r.assignments);
  }
  EXPECT_TRUE(found);
  // The literal figures of the issue as well.
  const auto r = enumerate_ranges(make({"AA", "KK"}));
  EXPECT_EQ(r.players[0].wins, 50'371'344u);
  EXPECT_EQ(r.players[0].ties, 285'228u);
  EXPECT_EQ(r.players[0].losses, 10'986'372u);
}

TEST(ExactRanges, HeadsUpOnAFlopMatchesBruteForce) {
  expect_matches_brute_force(make({"AK,QQ+,T9s", "KQs,77,A7s,JTo"}, "Ks7h2c", "3d"), true);
}

TEST(ExactRanges, ThreeWayOnATurnMatchesBruteForce) {
  expect_matches_brute_force(make({"AA,KK,AKs", "QQ,JTs,T9s:0.5", "22,A9s,KJo:0.25,87s"}, "Ah9d8c2s", "Kd"), true);
}

TEST(ExactRanges, PreflopWithSymmetryMatchesBruteForce) {
  expect_matches_brute_force(make({"AKs,QQ", "JJ,T9s,AsKd"}), false);
  expect_matches_brute_force(make({"AA:0.5,KK", "AKs@25,QQ"}, "", "2c2d"), false);
}

TEST(ExactRanges, SpecificHandsAreOneAssignment) {
  const auto rows = test::read_csv(test::data_path("exact/headsup.csv"));
  for (const auto& row : rows) {
    const auto r = enumerate_ranges(make({row[0], row[1]}));
    EXPECT_EQ(r.assignments, 1u);
    EXPECT_EQ(r.players[0].wins, std::stoull(row[3])) << row[0] << " " << row[1];
    EXPECT_EQ(r.players[1].wins, std::stoull(row[4]));
    EXPECT_EQ(r.players[0].ties, std::stoull(row[5]));
  }
}

TEST(ExactRanges, SymmetriesFixTheBoardAndTheRanges) {
  EXPECT_EQ(suit_symmetries(make({"AA", "KK"})).size(), 24u);
  EXPECT_EQ(suit_symmetries(make({"AA", "KK"}, "Ks7h2c")).size(), 1u);
  EXPECT_EQ(suit_symmetries(make({"AA", "KK"}, "Ks7s2s")).size(), 6u);
  EXPECT_EQ(suit_symmetries(make({"AsAc", "KK"})).size(), 4u);
  EXPECT_EQ(suit_symmetries(make({"AA:0.5,AsAc", "KK"})).size(), 4u);
}

TEST(ExactRanges, ByCategorySumsToTheCounts) {
  ExactOptions options;
  options.by_category = true;
  const auto r = enumerate_ranges(make({"KhQh", "AsAc"}, "Jh5h2c"), options);
  for (const auto& pc : r.players) {
    std::uint64_t made = 0, wins = 0, ties = 0;
    for (int c = 0; c < kCategories; ++c) {
      made += pc.category[static_cast<std::size_t>(c)];
      wins += pc.category_wins[static_cast<std::size_t>(c)];
      ties += pc.category_ties[static_cast<std::size_t>(c)];
    }
    EXPECT_EQ(made, r.showdowns());
    EXPECT_EQ(wins, pc.wins);
    EXPECT_EQ(ties, pc.ties);
  }
  // KhQh on Jh5h2c: 9 hearts remain, so 36 + 9 * 36 = 360 of the 990 turn-river pairs bring at
  // least one heart; Th9h and ThAh of those make straight flushes.
  EXPECT_EQ(r.players[0].category[static_cast<std::size_t>(Category::StraightFlush)], 2u);
  EXPECT_EQ(r.players[0].category[static_cast<std::size_t>(Category::Flush)], 358u);
}

TEST(ExactRanges, RejectsEmptyAndImpossibleRanges) {
  auto message = [](const RangeDeal& d) {
    try {
      (void)enumerate_ranges(d);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message(make({"AA", "KK"}, "AsAcAh", "Ad")).find("player 1's range \"AA\" has no combo left"),
            std::string::npos);
  EXPECT_NE(message(make({"AsKd", "AA", "KK"}, "", "AcAh")).find("player 2's range"), std::string::npos);
  EXPECT_NE(message(make({"AsAc", "AsKd"})).find("appears twice"), std::string::npos);
  EXPECT_NE(message(make({"AA", "AA", "AA"})).find("cannot be dealt together"), std::string::npos);
  EXPECT_NE(message(make({"AA"})).find("need at least 2 players"), std::string::npos);
  // Too many assignments to hold: a clear error at once, not an allocation failure after a while.
  EXPECT_NE(message(make({"random", "random", "random"}, "Ks7h2c9d")).find("million combo assignments"),
            std::string::npos);
}

// Issue 21, defect 2: products of small weights underflowed to 0 and the equity was 0 / 0 (NaN).
TEST(ExactRanges, TinyWeightsGiveTheUnweightedEquity) {
  const auto plain = enumerate_ranges(make({"AKs", "QQ"}));
  const auto tiny = enumerate_ranges(make({"AKs:1e-200", "QQ:1e-200"}));
  EXPECT_EQ(tiny.players[0].share, plain.players[0].share);
  for (std::size_t p = 0; p < 2; ++p) {
    EXPECT_TRUE(std::isfinite(tiny.equity(p)));
    EXPECT_NEAR(tiny.equity(p), plain.equity(p), 1e-15);
  }
  EXPECT_NEAR(tiny.equity(0), 0.46049, 5e-6);
  EXPECT_GT(tiny.total_weight, 0);
  // Ordinary weights keep their unscaled weighted figures.
  const auto half = enumerate_ranges(make({"AKs:0.5", "QQ"}));
  EXPECT_EQ(half.total_weight, 0.5 * 24);
  // Every player's heaviest combo clashes: the heaviest product is itself tiny.
  const auto clash = enumerate_ranges(make({"AsAh,KK:1e-300", "AsAh,QQ:1e-300", "AsAh,JJ:1e-300"}));
  double sum = 0;
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_TRUE(std::isfinite(clash.equity(p))) << p;
    sum += clash.equity(p);
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
}

// Found by fuzz_pipeline: a weighted player who wins every showdown came out at 1.0000000000000002.
TEST(ExactRanges, WeightedEquitiesStayWithinZeroAndOne) {
  const auto r = enumerate_ranges(make({"AKs", "QhQd:0.7"}, "2c3s4cAh2h"));
  EXPECT_EQ(r.players[0].losses, 0u);
  EXPECT_EQ(r.equity(0), 1.0);
  EXPECT_EQ(r.equity(1), 0.0);
}

TEST(EquityCommand, BadRangesExitWithCode2) {
  for (const char* args : {"AKx KK", "AA", "'AA,,KK' QQ", "AA KK --board AsAcAhAd2c", "'AA:2' KK", "AA KK --mc --exact",
                           "AA KK --stderr -1", "random random random --board Ks7h2c9d --exact"}) {
    const auto r = test::run_equity(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
    EXPECT_TRUE(r.out.empty()) << args;
    EXPECT_EQ(r.err.rfind("equity: ", 0), 0u) << args << ": " << r.err;
  }
  EXPECT_NE(test::run_equity("AKx KK").err.find("\"AKx\""), std::string::npos);
}

TEST(ExactRangesCancel, AFlagRaisedBeforeTheCallCancels) {
  std::atomic<bool> cancel{true};
  ExactOptions options;
  options.cancel = &cancel;
  int reports = 0;
  options.progress = [&](double) { ++reports; };
  EXPECT_THROW((void)enumerate_ranges(make({"AA", "KK"}), options), Cancelled);
  EXPECT_EQ(reports, 0);
}

TEST(ExactRangesCancel, AFlagRaisedFromProgressStopsBetweenBlocks) {
  std::atomic<bool> cancel{false};
  ExactOptions options;
  options.cancel = &cancel;
  int reports = 0;
  double done = 0;
  options.progress = [&](double fraction) {  // after the first block of 16 assignments
    ++reports;
    done = fraction;
    cancel = true;
  };
  // 1,081 x 1,035 assignments (up to suit symmetry, thousands of blocks): minutes if not cancelled.
  EXPECT_THROW((void)enumerate_ranges(make({"random", "random"}, "Ks7h2c"), options), Cancelled);
  EXPECT_EQ(reports, 1);
  EXPECT_LT(done, 0.01);
}

}  // namespace
}  // namespace equity

namespace equity {
namespace {

// Plain showdowns of three to six players count what the grouped enumeration counts: exact
// integers, with weights, dead cards, combos shared between ranges and short deck; on one thread
// and in parallel.
TEST(RangeEquity, MultiwayShowdownsCountWhatGroupedEnumerationCounts) {
  struct Case {
    std::vector<std::string> ranges;
    std::string board, dead;
    Game game;
  };
  const std::vector<Case> cases = {
      {{"QQ+,AKs", "JJ,TT", "AQs"}, "Kh8s3d", "", Game::holdem},
      {{"AA,KK", "QQ,JJ", "TT,99"}, "2c7d9h", "", Game::holdem},
      {{"QQ+:0.5,AKs", "JJ,TT", "AQs,KQs:0.3"}, "Kh8s3d", "2c", Game::holdem},
      {{"AKs,QQ", "JJ,TT", "99,88", "77"}, "Ks7h2c9d", "", Game::holdem},
      {{"AA,KK,AK", "AA,KK,AK", "AhQh,JTs"}, "Ah7c2dTs9s", "", Game::holdem},
      {{"AsAc", "KK", "QQ", "JJ", "TT"}, "2c3d4h", "", Game::holdem},
      {{"AA", "KK", "QQ", "JJ", "TT,99", "88,77"}, "2c3d4h5s", "", Game::holdem},  // six-way splits by a six
      {{"AA,KK", "QQ,JJ", "T9s,AK"}, "Ks7h6c", "", Game::shortdeck},
      {{"AK:0.5,QQ", "JJ,T9s", "A6s,88"}, "Ks7h6c9d", "8c", Game::shortdeck_straights},
  };
  for (const auto& c : cases) {
    RangeDeal deal;
    for (const auto& r : c.ranges) deal.ranges.push_back(Range::parse(r));
    deal.board = parse_cards(c.board);
    deal.dead = parse_cards(c.dead);
    deal.game = c.game;
    SCOPED_TRACE(c.ranges[0] + " ... on " + c.board);
    const PreparedDeal prep = prepare(deal);
    ASSERT_TRUE(showdowns_take(prep));
    const RangeEquityResult grouped = enumerate_ranges(deal);
    for (const bool parallel : {true, false}) {
      const RangeEquityResult plain = enumerate_showdowns(prep, parallel);
      EXPECT_EQ(plain.assignments, grouped.assignments);
      EXPECT_EQ(plain.boards, grouped.boards);
      EXPECT_EQ(plain.combos, grouped.combos);
      EXPECT_NEAR(plain.total_weight, grouped.total_weight, 1e-9 * grouped.total_weight);
      for (std::size_t p = 0; p < deal.ranges.size(); ++p) {
        EXPECT_EQ(plain.players[p].wins, grouped.players[p].wins);
        EXPECT_EQ(plain.players[p].ties, grouped.players[p].ties);
        EXPECT_EQ(plain.players[p].losses, grouped.players[p].losses);
        EXPECT_EQ(plain.players[p].share, grouped.players[p].share);
        EXPECT_NEAR(plain.equity(p), grouped.equity(p), 1e-12);
      }
    }
  }
  RangeDeal preflop{{Range::parse("AA"), Range::parse("KK"), Range::parse("QQ")}, {}, {}};
  EXPECT_FALSE(showdowns_take(prepare(preflop)));
  EXPECT_THROW((void)enumerate_showdowns(prepare(preflop)), InputError);
}

}  // namespace
}  // namespace equity
