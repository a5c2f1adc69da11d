// Exact range-vs-range equity against brute force, Monte Carlo against exact answers, and the
// default command with ranges.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <regex>

#include "equity/error.hpp"
#include "equity/monte_carlo.hpp"
#include "equity/range_equity.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

RangeDeal make(std::vector<std::string> ranges, std::string board = "", std::string dead = "") {
  RangeDeal d;
  for (const auto& r : ranges) d.ranges.push_back(Range::parse(r));
  d.board = parse_cards(board);
  d.dead = parse_cards(dead);
  return d;
}

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
  EXPECT_NE(message(make({"random", "random", "random"}, "Ks7h2c9d")).find("million combo assignments"), std::string::npos);
}

// Monte Carlo estimates within 4 standard errors of the exact equities.
void expect_close_to_exact(const RangeDeal& deal, std::uint64_t seed) {
  const auto exact = enumerate_ranges(deal);
  MonteCarloOptions options;
  options.seed = seed;
  options.max_trials = 400'000;
  const auto mc = monte_carlo(deal, options);
  EXPECT_EQ(mc.trials, 400'000u);
  for (std::size_t p = 0; p < deal.ranges.size(); ++p) {
    const auto& mp = mc.players[p];
    EXPECT_GT(mp.standard_error, 0);
    EXPECT_LT(std::abs(mp.equity - exact.equity(p)), 4 * mp.standard_error)
        << "player " << p << ": " << mp.equity << " vs exact " << exact.equity(p) << " se " << mp.standard_error;
    // The win rate too (a binomial proportion): a symmetric question has equal equities even when
    // the deals are wrong, but not the exact win rate.
    const auto& ep = exact.players[p];
    const double exact_win = exact.weighted ? ep.weighted_wins / (exact.total_weight * static_cast<double>(exact.boards))
                                            : static_cast<double>(ep.wins) / static_cast<double>(exact.showdowns());
    const double win = static_cast<double>(mp.wins) / static_cast<double>(mc.trials);
    EXPECT_LT(std::abs(win - exact_win), 4 * std::sqrt(exact_win * (1 - exact_win) / static_cast<double>(mc.trials)))
        << "player " << p << ": win rate " << win << " vs exact " << exact_win;
    EXPECT_LE(mp.low, mp.equity);
    EXPECT_GE(mp.high, mp.equity);
    EXPECT_EQ(mp.wins + mp.ties + mp.losses, mc.trials);
  }
}

TEST(MonteCarlo, AgreesWithExactAnswers) {
  expect_close_to_exact(make({"AA", "KK"}), 11);
  expect_close_to_exact(make({"AK,QQ+,T9s", "KQs,77,A7s,JTo"}, "Ks7h2c", "3d"), 12);
  expect_close_to_exact(make({"AA,KK,AKs", "QQ,JTs,T9s:0.5", "22,A9s,KJo:0.25,87s"}, "Ah9d8c2s", "Kd"), 13);
  // Heavy card removal with weights: sampling that redrew only the conflicting player would be
  // biased towards combos that conflict less.
  expect_close_to_exact(make({"AsKs:0.9,AhAd,QQ:0.2", "AsAh,KsKh@30,AdQd"}, "2c7d9h"), 14);
}

// Players whose range is every combo are dealt from the deck with the board; with many dead
// cards the deck is small enough to enumerate.
std::string every_card_of_ranks(std::string_view ranks) {
  std::string out;
  for (char r : ranks)
    for (char s : std::string_view("schd")) out += std::string{r, s};
  return out;
}

TEST(MonteCarlo, RandomPlayersFromTheDeckAgreeWithExactAnswers) {
  expect_close_to_exact(make({"random", "AA,KQs"}, "Ks7h2c", "3d"), 15);
  expect_close_to_exact(make({"random", "random"}, "ThJdQc", every_card_of_ranks("234567")), 16);
  expect_close_to_exact(make({"AsKs", "random", "random"}, "ThJdQc", every_card_of_ranks("23456789")), 17);
  expect_close_to_exact(make({"random", "KK+:0.5,AQs", "random"}, "ThJdQc", every_card_of_ranks("2345678")), 18);
  // Random at one weight is still every combo alike.
  expect_close_to_exact(make({"random:0.5", "JJ+"}, "", every_card_of_ranks("2345678")), 19);
}

// A specific hand is taken out of the deck rather than drawn: heads-up with it in either seat
// against each kind of player, and multiway.
TEST(MonteCarlo, SpecificHandsAgreeWithExactAnswers) {
  const std::string dead = every_card_of_ranks("2345");
  expect_close_to_exact(make({"AsKs", "random"}, "ThJdQc", dead), 21);
  expect_close_to_exact(make({"random", "AsKs"}, "ThJd9c", dead), 22);
  expect_close_to_exact(make({"KhQh", "AA,KQs,JJ"}, "Ks7h2c", "3d"), 23);
  expect_close_to_exact(make({"AA,KQs,JJ", "KhQh"}, "Ks7h2c", "3d"), 24);
  expect_close_to_exact(make({"AsAc", "KhQh"}, "Ks7h2c"), 25);
  expect_close_to_exact(make({"AsAc", "KhQh", "random"}, "ThJd9c"), 26);
  expect_close_to_exact(make({"random", "AsKs", "JJ+,AQs", "random"}, "ThJd9c8h", every_card_of_ranks("234567")), 27);
}

// The error bars are honest: over runs with different seeds, the errors against the exact equity,
// in standard errors, have a mean square near 1 (their sum is a chi-square with one degree of
// freedom per run: 200 +- 20 for 200 runs), and at least 90% of the 95% intervals hold the exact
// equity. Standard errors a quarter too small or a third too large fail. Deals where trials share
// boards are here too: random against random (kDealsPerEvenBoard trials a board), and a specific hand against
// random, two- and three-way, with boards shared on request, where the boards differ much (standard
// errors that took the trials for independent would be less than half the spread there, and fail).
TEST(MonteCarlo, StandardErrorsMatchTheSpreadOfEstimates) {
  constexpr int kRuns = 200;
  const std::string dead = every_card_of_ranks("2345");
  const std::pair<RangeDeal, std::uint64_t> deals[] = {
      {make({"AsAc", "KhQh"}), 0},
      {make({"QQ+,AKs", "random"}, "Ks7h2c"), 0},
      {make({"random", "random"}, "ThJdQc", every_card_of_ranks("234567")), 0},
      {make({"AsAc", "KhQh", "random"}, "ThJd9c"), 0},
      {make({"AsKs", "random"}, "ThJd9c", dead), 8},
      {make({"random", "AsKs", "random"}, "ThJd9c", dead + every_card_of_ranks("6")), 8}};
  for (const auto& [deal, deals_per_board] : deals) {
    const auto exact = enumerate_ranges(deal);
    const std::size_t n = deal.ranges.size();
    std::vector<double> sum_of_squares(n, 0);
    std::vector<int> covered(n, 0);
    for (int run = 0; run < kRuns; ++run) {
      MonteCarloOptions options;
      options.seed = 1000 + static_cast<std::uint64_t>(run);
      options.max_trials = 20'000;
      options.deals_per_board = deals_per_board;
      const auto mc = monte_carlo(deal, options);
      for (std::size_t p = 0; p < n; ++p) {
        const auto& mp = mc.players[p];
        const double z = (mp.equity - exact.equity(p)) / mp.standard_error;
        sum_of_squares[p] += z * z;
        covered[p] += mp.low <= exact.equity(p) && exact.equity(p) <= mp.high;
      }
    }
    for (std::size_t p = 0; p < n; ++p) {
      EXPECT_GT(sum_of_squares[p], 140) << "player " << p << " of " << deal.ranges[p].str();
      EXPECT_LT(sum_of_squares[p], 270) << "player " << p << " of " << deal.ranges[p].str();
      EXPECT_GE(covered[p], 180) << "player " << p;
    }
  }
}

MonteCarloResult monte_carlo_on_threads(int threads, const RangeDeal& deal, const MonteCarloOptions& options) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  return monte_carlo(deal, options);
}

// Two runs that must have dealt the same: the same rejections and every player's counts.
void expect_same_deals(const MonteCarloResult& a, const MonteCarloResult& b) {
  ASSERT_EQ(a.trials, b.trials);
  EXPECT_EQ(a.rejected, b.rejected);
  ASSERT_EQ(a.players.size(), b.players.size());
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    EXPECT_EQ(a.players[p].wins, b.players[p].wins) << "player " << p;
    EXPECT_EQ(a.players[p].ties, b.players[p].ties) << "player " << p;
    EXPECT_EQ(a.players[p].share, b.players[p].share) << "player " << p;
  }
}

TEST(MonteCarlo, SameSeedSameNumbersForAnyThreadCount) {
  const auto deal = make({"QQ+,AKs", "random", "22-66"});
  MonteCarloOptions options;
  options.seed = 2024;
  options.max_trials = 100'000;
  options.by_category = true;
  const MonteCarloResult one = monte_carlo_on_threads(1, deal, options);
  const MonteCarloResult two = monte_carlo_on_threads(2, deal, options);
  expect_same_deals(one, two);
  ASSERT_EQ(one.players.size(), 3u);
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_EQ(one.players[p].standard_error, two.players[p].standard_error);
    EXPECT_EQ(one.players[p].category, two.players[p].category);
    const auto& c = one.players[p];
    EXPECT_EQ(std::accumulate(c.category.begin(), c.category.end(), std::uint64_t{0}), one.trials);
    EXPECT_EQ(std::accumulate(c.category_wins.begin(), c.category_wins.end(), std::uint64_t{0}), c.wins);
    EXPECT_EQ(std::accumulate(c.category_ties.begin(), c.category_ties.end(), std::uint64_t{0}), c.ties);
  }
  options.seed = 2025;
  const auto other = monte_carlo(deal, options);
  EXPECT_NE(other.players[0].share, one.players[0].share);
}

// Deals without categories run through loops unrolled for their kinds of players and board cards
// to come (heads-up has a loop of its own); with categories through one general loop. Both must
// deal the same cards and give the same standard errors, on one thread or two: here heads-up with
// each mix of players from the deck, drawn combos and specific hands, in either seat, and multiway
// deals of 3, 4 and 6 players, with 5, 2, 1 and 0 board cards to come; trials share boards where
// every player is dealt from the deck, and, on request, wherever no player draws. The trials end
// part way through a chunk and through a shared board.
TEST(MonteCarlo, UnrolledLoopsDealAsTheGeneralLoop) {
  for (const auto& deal :
       {make({"QQ+,AKs:0.5", "random"}), make({"AK,T9s", "22-55"}, "Ks7h2c", "3d"), make({"random", "random"}, "Ks7h2c"),
        make({"random", "JJ,AQo"}, "Ks7h2c9d"), make({"random", "random"}, "Ks7h2c9d5s", "Ah"),
        make({"random", "AsKs"}, "Kd7h2c"), make({"KhQh", "JJ,AQo"}, "2c3d4h"), make({"QQ+", "AsKs"}),
        make({"AsAc", "KhQh"}, "2c3d4h5s"), make({"random", "random", "random"}),
        make({"AsAc", "random", "KhQh", "random"}, "2c3d4h"), make({"QQ+,AKs", "random", "22-66"}, "2c3d4h5s"),
        make({"random", "QQ+:0.5,AQs", "AsKs", "random", "random", "random"}, "9c8d7h6s", "Ac")}) {
    for (const std::uint64_t deals_per_board : {0, 4}) {
      MonteCarloOptions options;
      options.seed = 77;
      options.max_trials = 50'003;
      options.deals_per_board = deals_per_board;
      const MonteCarloResult plain = monte_carlo_on_threads(1, deal, options);
      const MonteCarloResult two_threads = monte_carlo_on_threads(2, deal, options);
      options.by_category = true;
      const MonteCarloResult by_category = monte_carlo_on_threads(1, deal, options);
      expect_same_deals(plain, by_category);
      expect_same_deals(plain, two_threads);
      std::uint64_t wins = 0;
      for (std::size_t p = 0; p < plain.players.size(); ++p) {
        const auto& mp = plain.players[p];
        EXPECT_EQ(mp.standard_error, by_category.players[p].standard_error) << "player " << p;
        EXPECT_EQ(mp.standard_error, two_threads.players[p].standard_error) << "player " << p;
        EXPECT_EQ(mp.wins + mp.ties + mp.losses, plain.trials);
        wins += mp.wins;
      }
      if (plain.players.size() == 2) {
        EXPECT_EQ(plain.players[0].wins, plain.players[1].losses);
      }
      EXPECT_LE(wins, plain.trials);
    }
  }
}

// Trials share a board (kDealsPerEvenBoard to a board) where every player is dealt from the deck and board cards
// come: the players are then alike, so every board is even on average and sharing costs no
// precision. With a specific hand, boards favour one side, and trials sharing them tell less: four
// to a board, 7c2d against random has standard errors a third larger for the same trials.
TEST(MonteCarlo, SharesBoardsOnlyWhereSharingCostsNoPrecision) {
  const auto run = [](const RangeDeal& deal, std::uint64_t deals_per_board) {
    MonteCarloOptions options;
    options.seed = 9;
    options.max_trials = 100 * kMonteCarloChunk;
    options.deals_per_board = deals_per_board;
    return monte_carlo(deal, options);
  };
  EXPECT_EQ(run(make({"random", "random"}), 0).deals_per_board, kDealsPerEvenBoard);
  EXPECT_EQ(run(make({"random", "random", "random:0.5"}, "Ks7h2c"), 0).deals_per_board, kDealsPerEvenBoard);
  EXPECT_EQ(run(make({"random", "random"}, "Ks7h2c9d5s"), 0).deals_per_board, 1u);  // no board card to come
  EXPECT_EQ(run(make({"AsAc", "random"}), 0).deals_per_board, 1u);
  EXPECT_EQ(run(make({"QQ+", "random"}), 0).deals_per_board, 1u);
  EXPECT_EQ(run(make({"QQ+", "random"}), 4).deals_per_board, 1u);  // a drawn combo: boards cannot be shared

  const auto even = make({"random", "random"});
  const double shared = run(even, 0).players[0].standard_error, alone = run(even, 1).players[0].standard_error;
  EXPECT_NEAR(shared / alone, 1.0, 0.03) << shared << " vs " << alone;
  const auto uneven = make({"7c2d", "random"});
  const double four = run(uneven, 4).players[0].standard_error, one = run(uneven, 0).players[0].standard_error;
  EXPECT_GT(four / one, 1.25) << four << " vs " << one;
}

// The run stops once every standard error is below the target, and not long after: the last round
// is sized by the variance seen, so the worst standard error ends within 5% of the target (at most
// about 10% more trials than needed; rounds of fixed sizes overshoot by up to twice for 1e-3).
TEST(MonteCarlo, StopsAtTheTargetStandardError) {
  for (const auto& deal : {make({"random", "random"}), make({"QQ+,AKs", "random", "random"}, "", "2c")}) {
    for (const double target : {2e-3, 1e-3, 7e-4}) {
      MonteCarloOptions options;
      options.seed = 5;
      options.target_stderr = target;
      const auto mc = monte_carlo_on_threads(1, deal, options);
      EXPECT_EQ(mc.stopped_by, "stderr");
      double worst = 0;
      for (const auto& p : mc.players) worst = std::max(worst, p.standard_error);
      EXPECT_LT(worst, target) << target;
      EXPECT_GT(worst, 0.95 * target) << target << ": " << mc.trials << " trials";
      expect_same_deals(mc, monte_carlo_on_threads(2, deal, options));
    }
  }
  EXPECT_THROW((void)monte_carlo(make({"AA", "KK"}), MonteCarloOptions{}), InputError);
}

std::string without_seconds(std::string json) {
  return std::regex_replace(json, std::regex("\"seconds\": [0-9.e+-]+"), "\"seconds\": X");
}

TEST(EquityCommand, SpecificHandsKeepTheirExactOutput) {
  const auto r = test::run_equity("AsAc KhQh --json --no-table");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"mode\": \"exhaustive\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("{\"hand\": \"AsAc\", \"wins\": 1406263, \"ties\": 6453, \"losses\": 299588"),
            std::string::npos)
      << r.out;
  const auto human = test::run_equity("AsAc KhQh --method boards");
  EXPECT_EQ(human.exit_code, 0) << human.err;
  EXPECT_NE(human.out.find("1,712,304 boards enumerated exactly (boards)"), std::string::npos) << human.out;
  const auto dup = test::run_equity("AsAc AsKd");
  EXPECT_EQ(dup.exit_code, 2);
  EXPECT_EQ(dup.err, "equity: card As appears twice (again in player 2)\n");
}

TEST(EquityCommand, RangesExactAndMonteCarlo) {
  const auto r = test::run_equity("AA KK --json --no-table");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"mode\": \"exhaustive\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("{\"hand\": \"AA\", \"combos\": 6, \"wins\": 50371344, \"ties\": 285228, \"losses\": 10986372"),
            std::string::npos)
      << r.out;
  const auto mc1 = test::run_equity("'QQ+,AKs' random --trials 50000 --seed 9 --threads 1 --json");
  const auto mc2 = test::run_equity("'QQ+,AKs' random --trials 50000 --seed 9 --threads 2 --json");
  EXPECT_EQ(mc1.exit_code, 0) << mc1.err;
  EXPECT_NE(mc1.out.find("\"mode\": \"monte-carlo\""), std::string::npos) << mc1.out;
  EXPECT_NE(mc1.out.find("\"ci95\""), std::string::npos);
  EXPECT_EQ(without_seconds(mc1.out), without_seconds(mc2.out));
  // Too big to enumerate within a second: Monte Carlo by default, and said so.
  const auto auto_mc = test::run_equity("random random --no-table --json");
  EXPECT_EQ(auto_mc.exit_code, 0) << auto_mc.err;
  EXPECT_NE(auto_mc.out.find("\"mode\": \"monte-carlo\""), std::string::npos) << auto_mc.out;
  EXPECT_NE(auto_mc.out.find("\"stopped_by\": \"stderr\""), std::string::npos) << auto_mc.out;
  EXPECT_NE(auto_mc.out.find("\"deals_per_board\": " + std::to_string(kDealsPerEvenBoard)), std::string::npos) << auto_mc.out;
  EXPECT_NE(mc1.out.find("\"deals_per_board\": 1,"), std::string::npos) << mc1.out;
  const auto text = test::run_equity("random random --board Ks7h2c --mc --trials 50000");
  EXPECT_NE(text.out.find("random deals, " + std::to_string(kDealsPerEvenBoard) + " on each board (seed"), std::string::npos) << text.out;
  const auto cat = test::run_equity("KhQh AsAc --board Jh5h2c --by-category --json");
  EXPECT_EQ(cat.exit_code, 0) << cat.err;
  EXPECT_NE(cat.out.find("{\"category\": \"flush\""), std::string::npos) << cat.out;
}

TEST(EquityCommand, BadRangesExitWithCode2) {
  for (const char* args : {"AKx KK", "AA", "'AA,,KK' QQ", "AA KK --board AsAcAhAd2c", "'AA:2' KK",
                           "AA KK --mc --exact", "AA KK --stderr -1", "random random random --board Ks7h2c9d --exact"}) {
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
