#include "count/stud_monte_carlo.hpp"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "equity/error.hpp"
#include "stud_brute_force.hpp"

using namespace equity;
using namespace equity::test;

namespace {

MonteCarloOptions trials(std::uint64_t n, std::uint64_t seed = 1) {
  MonteCarloOptions o;
  o.seed = seed;
  o.max_trials = n;
  return o;
}

// The integers add up: each part's wins, ties and losses (and Hi/Lo's no low) to the trials, the
// categories to the trials, the pot units to kPotUnits a trial.
void expect_adds_up(const StudMonteCarloResult& r) {
  const StudCounts& c = r.counts;
  std::uint64_t units = 0;
  ASSERT_EQ(r.standard_error.size(), c.players.size());
  for (const auto& p : c.players) {
    EXPECT_EQ(p.parts[0].wins + p.parts[0].ties + p.parts[0].losses, c.showdowns);
    std::uint64_t by_category = 0;
    for (std::uint64_t n : p.categories) by_category += n;
    EXPECT_EQ(by_category, c.showdowns);
    EXPECT_LE(p.scoops, c.showdowns);
    units += p.pot_units;
    if (c.game == StudGame::stud_hilo) {
      EXPECT_EQ(p.parts[1].wins + p.parts[1].ties + p.parts[1].losses + c.no_low, c.showdowns);
      EXPECT_LE(p.lows, c.showdowns);
    } else {
      EXPECT_EQ(p.parts[1], PartTally{});
      EXPECT_EQ(p.lows, 0u);
      EXPECT_EQ(p.scoops, p.parts[0].wins);
    }
  }
  if (c.game != StudGame::stud_hilo) {
    EXPECT_EQ(c.no_low, 0u);
  }
  EXPECT_EQ(units, kPotUnits * c.showdowns);
}

// Each player's equity within 4 standard errors of the exact one, and the high part's wins (a
// binomial proportion) within 4 of theirs.
void expect_near(const StudMonteCarloResult& mc, const StudCounts& exact, const std::string& what) {
  const auto n = static_cast<double>(mc.counts.showdowns);
  for (std::size_t p = 0; p < exact.players.size(); ++p) {
    const double se = std::max(mc.standard_error[p], 1e-9);
    EXPECT_NEAR(mc.counts.equity(p), exact.equity(p), 4 * se) << what << " player " << p + 1;
    const double wins = static_cast<double>(exact.players[p].parts[0].wins) / static_cast<double>(exact.showdowns);
    const double wins_se = std::max(std::sqrt(wins * (1 - wins) / n), 1e-9);
    EXPECT_NEAR(static_cast<double>(mc.counts.players[p].parts[0].wins) / n, wins, 4 * wins_se)
        << what << " player " << p + 1 << " wins";
  }
}

// ---- Tests ----------------------------------------------------------------------------------------

TEST(StudMonteCarlo, NearTheExactCountsFromThirdStreetToSixth) {
  std::mt19937_64 rng(50);
  // {cards known a player}, dead cards: every exact count a few million deals at most.
  const std::vector<std::pair<std::vector<int>, int>> shapes = {
      {{3, 3}, 28},                   // third street heads-up (the sweep)
      {{4, 4}, 16},                   // fourth street
      {{3, 4, 5, 6}, 24},             // uneven streets
      {{5, 5, 5}, 20},                // fifth street, three players (the walk)
      {{5, 5, 5, 5}, 20},             // four players
      {{6, 6}, 0},                    // sixth street heads-up, nothing dead
      {{6, 6, 6, 6, 6}, 5},           // five players
      {{6, 6, 6, 6, 6, 6, 6, 6}, 0},  // eight players: 4 cards left, the community card
      {{5, 5, 5}, 32},                // 5 cards left for 6 to come: the community card
  };
  for (StudGame game : kEveryStudGame)
    for (const auto& [sizes, dead] : shapes) {
      const StudDeal deal = random_deal(game, rng, sizes, dead);
      const StudCounts exact = stud_exact(deal);
      const StudMonteCarloResult mc = stud_monte_carlo(deal, trials(40'000));
      EXPECT_EQ(mc.counts.showdowns, 40'000u);
      EXPECT_EQ(mc.stopped_by, "trials");
      expect_adds_up(mc);
      expect_near(mc, exact, describe(deal));
    }
}

TEST(StudMonteCarlo, FiveCardsToComeAreTheAverageOverTheThirdCard) {
  // A player with two known cards (his first down card unseen: five to come), which exact does not
  // count, against a river hand: the exact equity is the average over his third card of the exact
  // equities with it (each third card starts as many deals).
  std::mt19937_64 rng(51);
  for (StudGame game : kEveryStudGame) {
    const StudDeal deal = random_deal(game, rng, {2, 7}, 20);
    CardSet seen;
    for (const auto& h : deal.hands)
      for (Card c : h) seen.insert(c);
    for (Card c : deal.dead) seen.insert(c);
    double equity = 0, third_cards = 0;
    for (Card c : (CardSet::full() - seen).cards()) {
      StudDeal one = deal;
      one.hands[0].push_back(c);
      equity += stud_exact(one).equity(0);
      ++third_cards;
    }
    equity /= third_cards;
    const StudMonteCarloResult mc = stud_monte_carlo(deal, trials(60'000, 7));
    expect_adds_up(mc);
    EXPECT_NEAR(mc.counts.equity(0), equity, 4 * mc.standard_error[0]) << describe(deal);
    EXPECT_NEAR(mc.counts.equity(1), 1 - equity, 4 * mc.standard_error[1]) << describe(deal);
  }
}

TEST(StudMonteCarlo, HandsNotSeenAtAllAreEven) {
  // Two players with no card known: mirror images, each half the pot on average.
  for (StudGame game : kEveryStudGame) {
    const StudDeal deal{game, {{}, {}}, {}};
    const StudMonteCarloResult mc = stud_monte_carlo(deal, trials(40'000, 3));
    expect_adds_up(mc);
    EXPECT_NEAR(mc.counts.equity(0), 0.5, 4 * mc.standard_error[0]) << stud_game_name(game);
  }
}

TEST(StudMonteCarlo, EightPlayersOnThirdStreetShareACommunityCard) {
  // 24 cards known, 28 left for 32 to come: the seventh card is dealt face up to all.
  std::mt19937_64 rng(52);
  for (StudGame game : kEveryStudGame) {
    const StudDeal deal = random_deal(game, rng, {3, 3, 3, 3, 3, 3, 3, 3}, 0);
    ASSERT_TRUE(stud_community_card(deal));
    const StudMonteCarloResult mc = stud_monte_carlo(deal, trials(10'000));
    EXPECT_EQ(mc.counts.showdowns, 10'000u);
    expect_adds_up(mc);
    double total = 0;
    for (std::size_t p = 0; p < 8; ++p) total += mc.counts.equity(p);
    EXPECT_NEAR(total, 1.0, 1e-12);
  }
}

TEST(StudMonteCarlo, OutcomesByCategoryWhenAsked) {
  // The same trials with and without: only the outcomes by category differ (zero without); with,
  // they add up to the wins and ties, each category's wins near exact's.
  std::mt19937_64 rng(53);
  for (StudGame game : kEveryStudGame) {
    const StudDeal deal = random_deal(game, rng, {5, 5, 5}, 20);
    StudExactOptions exact_options;
    exact_options.by_category = true;
    const StudCounts exact = stud_exact(deal, exact_options);
    MonteCarloOptions options = trials(60'000, 5);
    const StudMonteCarloResult without = stud_monte_carlo(deal, options);
    options.by_category = true;
    const StudMonteCarloResult with = stud_monte_carlo(deal, options);
    EXPECT_EQ(without_category_outcomes(with.counts), without.counts);
    EXPECT_EQ(without_category_outcomes(without.counts), without.counts);
    const auto n = static_cast<double>(with.counts.showdowns);
    for (std::size_t p = 0; p < 3; ++p) {
      const PlayerTally& c = with.counts.players[p];
      std::uint64_t wins = 0, ties = 0;
      for (std::size_t k = 0; k < kCategories; ++k) {
        wins += c.category_wins[k];
        ties += c.category_ties[k];
        const double share =
            static_cast<double>(exact.players[p].category_wins[k]) / static_cast<double>(exact.showdowns);
        const double se = std::max(std::sqrt(share * (1 - share) / n), 1e-9);
        EXPECT_NEAR(static_cast<double>(c.category_wins[k]) / n, share, 4 * se)
            << describe(deal) << " player " << p + 1 << " category " << k;
      }
      EXPECT_EQ(wins, c.parts[0].wins);
      EXPECT_EQ(ties, c.parts[0].ties);
    }
  }
}

TEST(StudMonteCarlo, ASeedGivesTheSameCountsOnAnyThreadCount) {
  const StudDeal deal{
      StudGame::stud_hilo, {parse_cards("As2d7c"), parse_cards("KsKdQc"), parse_cards("5h6h")}, parse_cards("8h9h")};
  const MonteCarloOptions options = trials(100'000, 42);
  const StudMonteCarloResult all = stud_monte_carlo(deal, options);
  tbb::task_arena one(1);
  const StudMonteCarloResult single = one.execute([&] { return stud_monte_carlo(deal, options); });
  EXPECT_EQ(all.counts, single.counts);
  EXPECT_EQ(all.standard_error, single.standard_error);
  EXPECT_EQ(all.seed, 42u);
  EXPECT_NE(stud_monte_carlo(deal, trials(100'000, 43)).counts, all.counts);
}

TEST(StudMonteCarlo, StoppingRules) {
  const StudDeal deal{StudGame::razz, {parse_cards("As2d7c"), parse_cards("KsKdQc")}, {}};
  // A number of trials not a multiple of the chunk.
  const StudMonteCarloResult some = stud_monte_carlo(deal, trials(5'000));
  EXPECT_EQ(some.counts.showdowns, 5'000u);
  EXPECT_EQ(some.stopped_by, "trials");
  // A standard error: reached, and first at 10,000 trials or more.
  MonteCarloOptions target;
  target.target_stderr = 0.004;
  const StudMonteCarloResult near = stud_monte_carlo(deal, target);
  EXPECT_EQ(near.stopped_by, "stderr");
  EXPECT_GE(near.counts.showdowns, 10'000u);
  for (double se : near.standard_error) EXPECT_LT(se, 0.004);
  EXPECT_GT(near.standard_error[0], 0.0);
  // A time.
  MonteCarloOptions time;
  time.max_seconds = 0.05;
  EXPECT_EQ(stud_monte_carlo(deal, time).stopped_by, "time");
  // None, or one out of reach.
  EXPECT_THROW(stud_monte_carlo(deal, MonteCarloOptions{}), InputError);
  MonteCarloOptions tiny;
  tiny.target_stderr = 1e-9;
  EXPECT_THROW(stud_monte_carlo(deal, tiny), InputError);
}

TEST(StudMonteCarlo, CancelStops) {
  const StudDeal deal{StudGame::stud, {parse_cards("As2d7c"), parse_cards("KsKdQc")}, {}};
  std::atomic<bool> cancel{true};
  MonteCarloOptions options = trials(1'000'000);
  options.cancel = &cancel;
  EXPECT_THROW(stud_monte_carlo(deal, options), Cancelled);
  // Raised after the first round: the chunks so far.
  cancel = false;
  std::uint64_t reported = 0;
  options.progress = [&](std::uint64_t n, double) {
    reported = n;
    cancel = true;
  };
  const StudMonteCarloResult r = stud_monte_carlo(deal, options);
  EXPECT_EQ(r.stopped_by, "cancelled");
  EXPECT_EQ(r.counts.showdowns, reported);
  EXPECT_GT(reported, 0u);
  EXPECT_LT(reported, 1'000'000u);
  expect_adds_up(r);
}

TEST(StudMonteCarlo, RefusesBadDealsAsExactDoes) {
  auto refuses = [](const StudDeal& deal, const std::string& message) {
    try {
      stud_monte_carlo(deal, trials(100));
      ADD_FAILURE() << "no throw for " << message;
    } catch (const InputError& e) {
      EXPECT_EQ(e.what(), message);
    }
  };
  refuses({StudGame::stud, {parse_cards("AsKsQs")}, {}}, "need at least 2 players, got 1");
  refuses({StudGame::razz, {parse_cards("AsKsQs"), parse_cards("QsJsTs")}, {}},
          "card Qs appears twice (again in player 2)");
  refuses({StudGame::stud, {parse_cards("AsKsQsJsTs9s8s7s"), parse_cards("QdJdTd")}, {}},
          "player 1: a stud hand has at most 7 cards, not 8");
  std::vector<std::vector<Card>> nine(9);  // 63 cards to come of 52, 61 even with a community card
  refuses({StudGame::stud, nine, {}}, "the players need 63 more cards; 52 are left");
}

}  // namespace
