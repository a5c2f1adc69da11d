#include "equity/stud_equity.hpp"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "eval/reference_evaluator.hpp"
#include "stud_brute_force.hpp"

using namespace equity;
using namespace equity::test;

namespace {

// ---- Checks ---------------------------------------------------------------------------------------

void expect_adds_up(const StudCounts& c) {
  std::uint64_t units = 0;
  for (const auto& p : c.players) {
    EXPECT_EQ(p.parts[0].wins + p.parts[0].ties + p.parts[0].losses, c.showdowns);
    std::uint64_t by_category = 0;
    for (std::uint64_t n : p.categories) by_category += n;
    EXPECT_EQ(by_category, c.showdowns);
    units += p.pot_units;
  }
  EXPECT_EQ(units, kPotUnits * c.showdowns);
  if (c.game == StudGame::stud_hilo) {
    for (const auto& p : c.players)
      EXPECT_EQ(p.parts[1].wins + p.parts[1].ties + p.parts[1].losses + c.no_low, c.showdowns);
  }
}

StudExactOptions by_category(StudExactMethod method = StudExactMethod::automatic) {
  StudExactOptions options;
  options.method = method;
  options.by_category = true;
  return options;
}

void expect_category_outcomes_add_up(const StudCounts& c) {
  for (const auto& p : c.players) {
    std::uint64_t wins = 0, ties = 0;
    for (std::size_t k = 0; k < kCategories; ++k) {
      EXPECT_LE(p.category_wins[k] + p.category_ties[k], p.categories[k]);
      wins += p.category_wins[k];
      ties += p.category_ties[k];
    }
    EXPECT_EQ(wins, p.parts[0].wins);
    EXPECT_EQ(ties, p.parts[0].ties);
  }
}

// The automatic method (the sweep heads-up) and the walk, against the brute force; with the
// outcomes by category and without (then zero).
void expect_brute_force(const StudDeal& deal) {
  const StudCounts brute = brute_counts(deal);
  const StudCounts fast = stud_exact(deal);
  EXPECT_EQ(fast, without_category_outcomes(brute)) << describe(deal);
  EXPECT_EQ(stud_exact(deal, {StudExactMethod::walk}), without_category_outcomes(brute)) << describe(deal);
  const StudCounts categories = stud_exact(deal, by_category());
  EXPECT_EQ(categories, brute) << describe(deal);
  EXPECT_EQ(stud_exact(deal, by_category(StudExactMethod::walk)), brute) << describe(deal);
  EXPECT_EQ(fast.showdowns, stud_deals(deal));
  expect_adds_up(fast);
  expect_category_outcomes_add_up(categories);
}

// Each way of the players' hidden cards (`hidden`, per player) against the brute force of the deal
// where the player holds them, by `method`; the players' counts are those counted without.
void expect_hidden(const StudDeal& deal, const std::vector<int>& hidden,
                   StudExactMethod method = StudExactMethod::automatic) {
  StudExactOptions options;
  options.method = method;
  options.hidden = hidden;
  StudCounts c = stud_exact(deal, options);
  ASSERT_EQ(c.hidden.size(), deal.hands.size()) << describe(deal);
  const bool community = stud_community_card(deal);
  for (std::size_t p = 0; p < deal.hands.size(); ++p) {
    const int u = p < hidden.size() ? hidden[p] : 0;
    if (u == 0) {
      EXPECT_TRUE(c.hidden[p].empty());
      continue;
    }
    const auto brute = brute_hidden(deal, p, u, community);
    EXPECT_EQ(c.hidden[p], brute) << describe(deal) << " player " << p + 1 << " hiding " << u;
    // Each deal is C(k, u) ways of splitting his cards to come into hidden ones and the rest.
    const int k = 7 - static_cast<int>(deal.hands[p].size()) - (community ? 1 : 0);
    const std::uint64_t splits = choose(k, u);
    std::uint64_t showdowns = 0, units = 0;
    for (const auto& way : c.hidden[p]) {
      EXPECT_EQ(way.wins + way.ties + way.losses, way.showdowns);
      showdowns += way.showdowns;
      units += way.pot_units;
    }
    EXPECT_EQ(showdowns, splits * c.showdowns);
    EXPECT_EQ(units, splits * c.players[p].pot_units);
  }
  c.hidden.clear();
  EXPECT_EQ(c, stud_exact(deal, {method}));
}

// ---- Tests ----------------------------------------------------------------------------------------

TEST(StudHeadsUp, SeventhStreetIsOneShowdown) {
  StudDeal deal{StudGame::stud_hilo, {parse_cards("As2s3d4c5hKdKc"), parse_cards("QsQdQc7h6d8s9s")}, {}};
  const StudCounts c = stud_exact(deal);
  EXPECT_EQ(c.showdowns, 1u);
  // Player 1: a straight (the high) and the wheel (the low): the whole pot.
  EXPECT_EQ(c.players[0].pot_units, kPotUnits);
  EXPECT_EQ(c.players[0].parts[1].wins, 1u);
  deal.game = StudGame::razz;
  EXPECT_EQ(stud_exact(deal).players[0].pot_units, kPotUnits);
  deal.game = StudGame::stud;
  EXPECT_EQ(stud_exact(deal).players[1].pot_units, 0u);
}

TEST(StudHeadsUp, LaterStreetsAgainstTheBruteForce) {
  std::mt19937_64 rng(36);
  for (StudGame game : kEveryStudGame)
    for (int trial = 0; trial < 4; ++trial) {
      expect_brute_force(random_deal(game, rng, 7, 7, trial));      // the river: one showdown
      expect_brute_force(random_deal(game, rng, 6, 6, trial * 3));  // sixth street
      expect_brute_force(random_deal(game, rng, 5, 5, trial * 4));  // fifth street
    }
}

TEST(StudHeadsUp, FourthStreetAgainstTheBruteForceSlow) {
  std::mt19937_64 rng(37);
  for (StudGame game : kEveryStudGame) {
    expect_brute_force(random_deal(game, rng, 4, 4, 12));
    expect_brute_force(random_deal(game, rng, 4, 4, 16));
  }
}

TEST(StudHeadsUp, ThirdStreetWithManyDeadCardsAgainstTheBruteForce) {
  // Four cards to come each: every level of the inclusion and exclusion, sets of four included.
  std::mt19937_64 rng(38);
  for (StudGame game : kEveryStudGame) {
    expect_brute_force(random_deal(game, rng, 3, 3, 30));
    expect_brute_force(random_deal(game, rng, 3, 3, 28));
  }
}

TEST(StudHeadsUp, UnevenStreetsAgainstTheBruteForce) {
  // Players with different numbers of cards to come (each pair of 0..4 and 0..4 cards).
  std::mt19937_64 rng(39);
  for (StudGame game : kEveryStudGame)
    for (int first = 3; first <= 7; ++first)
      for (int second = 3; second <= 7; ++second) {
        if (first == second) continue;
        // 26 dead cards: 12 left beyond the cards to come, at most C(19,4) x C(15,3) = 1.8 million pairs.
        expect_brute_force(random_deal(game, rng, first, second, 26));
      }
}

// A player of five or six cards to come (down cards not known) against one of four at most: the
// sweep queries the larger side's completions against the counted sets of the smaller's, from
// either seat (and with the outcomes by category the smaller side's against the larger's); the
// walk counts the same deals. Dead cards keep the brute force small.
void expect_uneven_sweep(const StudDeal& deal) {
  const StudCounts brute = brute_counts(deal);
  const StudCounts swept = stud_exact(deal);
  EXPECT_EQ(swept, without_category_outcomes(brute)) << describe(deal);
  EXPECT_EQ(stud_exact(deal, by_category()), brute) << describe(deal);
  EXPECT_EQ(stud_exact(deal, {StudExactMethod::walk}), without_category_outcomes(brute)) << describe(deal);
  EXPECT_EQ(stud_exact(deal, by_category(StudExactMethod::walk)), brute) << describe(deal);
  EXPECT_EQ(swept.showdowns, stud_deals(deal));
  expect_adds_up(swept);
}

TEST(StudHeadsUp, DownCardsNotKnownAgainstTheBruteForce) {
  std::mt19937_64 rng(41);
  for (StudGame game : kEveryStudGame) {
    // Third street, one player's down cards not known (only his up card): six to come against four,
    // 16 cards left: C(16,6) x C(10,4) = 1.7 million pairs; in either seat.
    expect_uneven_sweep(random_deal(game, rng, 1, 3, 32));
    expect_uneven_sweep(random_deal(game, rng, 3, 1, 32));
    // Fourth street (five against three), six against two and against none, five against four.
    expect_uneven_sweep(random_deal(game, rng, 2, 4, 30));
    expect_uneven_sweep(random_deal(game, rng, 5, 1, 30));
    expect_uneven_sweep(random_deal(game, rng, 1, 7, 33));
    expect_uneven_sweep(random_deal(game, rng, 2, 3, 31));
  }
}

TEST(StudHeadsUp, BothPlayersDownCardsNotKnownAgainstTheBruteForce) {
  // Both players of five or six cards to come: the sweep counts one's sets of up to five cards
  // against the other's queries (and the other way round with the outcomes by category). Stud
  // Hi/Lo's scoops are not counted so: it is refused, and walked.
  std::mt19937_64 rng(43);
  for (StudGame game : kEveryStudGame) {
    // Third street both unseen (six against six, 16 cards left: C(16,6) x C(10,6) = 1.7 million
    // pairs), fourth street against third (five against six), fourth against fourth.
    for (const StudDeal& deal :
         {random_deal(game, rng, 1, 1, 34), random_deal(game, rng, 2, 1, 33), random_deal(game, rng, 2, 2, 32)}) {
      if (stud_game_parts(game) == 2) {
        EXPECT_THROW(stud_exact(deal), InputError);
        EXPECT_EQ(stud_exact(deal, {StudExactMethod::walk}), without_category_outcomes(brute_counts(deal)));
      } else {
        expect_uneven_sweep(deal);
      }
    }
  }
}

TEST(StudHeadsUp, CancelStopsTheSweep) {
  // Third street with an unseen player, half a second of sweeping: a raised cancel stops it.
  const std::atomic<bool> cancel{true};
  for (StudGame game : kEveryStudGame)
    EXPECT_THROW(
        stud_exact({game, {parse_cards("Jh"), parse_cards("AsKsQd")}, {}}, {StudExactMethod::automatic, &cancel}),
        Cancelled);
}

TEST(StudHeadsUp, DownCardsNotKnownWithLowsAgainstTheBruteForceSlow) {
  // Lows everywhere (the sixes .. kings dead: 16 cards left, aces to fives): stud Hi/Lo's scoops
  // counted with the values turned around, every low level met.
  for (StudGame game : kEveryStudGame) {
    StudDeal deal{game, {parse_cards("4h"), parse_cards("As2d3c")}, {}};
    for (int rank = 4; rank <= 11; ++rank)
      for (int suit = 0; suit < kSuits; ++suit) deal.dead.emplace_back(rank, suit);
    expect_uneven_sweep(deal);
    std::swap(deal.hands[0], deal.hands[1]);
    expect_uneven_sweep(deal);
  }
}

TEST(StudHeadsUp, LowHeavyDealsSlow) {
  // Hi/Lo and razz where lows and paired lows are common: small cards known, the big ones dead.
  for (StudGame game : kEveryStudGame) {
    StudDeal deal{game, {parse_cards("As2d3c4h"), parse_cards("2s3d4c5h")}, {}};
    for (int rank = 6; rank <= 11; ++rank)  // the eights .. the kings dead: the deck is A..7 and a few
      for (int suit = 0; suit < kSuits; ++suit) deal.dead.emplace_back(rank, suit);
    expect_brute_force(deal);
    deal.hands = {parse_cards("As2d3c"), parse_cards("2s3d4c")};
    expect_brute_force(deal);
  }
}

TEST(StudHeadsUp, MirroredHandsOnAFullDeckSplitEvenly) {
  // Third street with nothing dead (1.8 x 10^10 pairs, the counters at their fullest): hands that
  // are each other's suits swapped win as often as they lose, part by part, and share the pot.
  for (StudGame game : kEveryStudGame) {
    const StudDeal deal{game, {parse_cards("As2s7d"), parse_cards("Ah2h7c")}, {}};
    const StudCounts c = stud_exact(deal);
    EXPECT_EQ(c.showdowns, 163'185ull * 111'930ull);  // C(46,4) C(42,4)
    for (std::size_t part = 0; part < 2; ++part) {
      EXPECT_EQ(c.players[0].parts[part].wins, c.players[0].parts[part].losses) << stud_game_name(game) << part;
      EXPECT_EQ(c.players[0].parts[part], c.players[1].parts[part]) << stud_game_name(game) << part;
    }
    EXPECT_GT(c.players[0].parts[0].wins, 0u);
    EXPECT_EQ(c.players[0].pot_units, c.players[1].pot_units);
    EXPECT_EQ(c.players[0].scoops, c.players[1].scoops);
    EXPECT_GT(c.players[0].scoops, 0u);
    expect_adds_up(c);
  }
}

TEST(StudHeadsUp, ThreadCountDoesNotChangeTheCounts) {
  const StudDeal deal{StudGame::stud_hilo, {parse_cards("As2d7c"), parse_cards("KsKdQc")}, parse_cards("8h9h")};
  const StudCounts all = stud_exact(deal);
  tbb::task_arena one(1);
  const StudCounts single = one.execute([&] { return stud_exact(deal); });
  EXPECT_EQ(all, single);
  expect_adds_up(all);
  EXPECT_EQ(all.showdowns, 135'751ull * 91'390ull);  // C(44,4) C(40,4)
}

TEST(StudHeadsUp, RefusesBadDeals) {
  auto refuses = [](const StudDeal& deal, const std::string& message) {
    try {
      stud_exact(deal);
      ADD_FAILURE() << "no throw for " << message;
    } catch (const InputError& e) {
      EXPECT_EQ(e.what(), message);
    }
  };
  refuses({StudGame::stud, {parse_cards("AsKsQs")}, {}}, "need at least 2 players, got 1");
  refuses({StudGame::stud, {parse_cards(""), parse_cards("QsJsTs")}, {}},
          "player 1: exact stud counts at most 6 unknown cards a player (third street: two down cards not known, "
          "four to come); this hand has 7");
  refuses({StudGame::stud_hilo, {parse_cards("As"), parse_cards("QsJs")}, {}},
          "exact stud-hilo counts heads-up with 6 cards not known or to come against at most 4, not 5 (show one "
          "player's down cards)");
  const StudDeal hidden{StudGame::razz, {parse_cards("As"), parse_cards("QsJsTs")}, {}};
  StudExactOptions ways;
  ways.hidden = {2, 0};
  try {
    stud_exact(hidden, ways);
    ADD_FAILURE() << "no throw";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "exact stud counts heads-up with 6 cards not known or to come without each way of the hidden cards");
  }
  refuses({StudGame::stud, {parse_cards("AsKsQsJsTs9s8s7s"), parse_cards("QdJdTd")}, {}},
          "player 1: a stud hand has at most 7 cards, not 8");
  refuses({StudGame::razz, {parse_cards("AsKsQs"), parse_cards("QsJsTs")}, {}},
          "card Qs appears twice (again in player 2)");
  refuses({StudGame::razz, {parse_cards("AsKsQs"), parse_cards("2s3s4s")}, parse_cards("Ks")},
          "card Ks appears twice (again in dead cards)");
  StudDeal three{StudGame::stud, {parse_cards("AsKsQs"), parse_cards("2s3s4s"), parse_cards("2d3d4d")}, {}};
  try {
    stud_exact(three, {StudExactMethod::sweep});
    ADD_FAILURE() << "no throw";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "the stud sweep counts 2 players, not 3");
  }
  CardSet held;
  for (const auto& h : three.hands)
    for (Card c : h) held.insert(c);
  for (Card c : (CardSet::full() - held).cards())  // 40 dead: 3 cards left for 12 to come
    if (three.dead.size() < 40) three.dead.push_back(c);
  refuses(three, "the players need 12 more cards; 3 are left");
  three.dead.resize(35);  // 8 left for 12 to come: a community card still needs 10
  refuses(three, "the players need 12 more cards; 8 are left");
}

TEST(StudMultiway, LaterStreetsAgainstTheBruteForce) {
  std::mt19937_64 rng(40);
  for (StudGame game : kEveryStudGame) {
    expect_brute_force(random_deal(game, rng, {7, 7, 7}, 3));
    expect_brute_force(random_deal(game, rng, {6, 6, 6}, 5));
    expect_brute_force(random_deal(game, rng, {6, 6, 6, 6, 6}, 0));
    expect_brute_force(random_deal(game, rng, {5, 5, 5}, 20));  // fifth street: 17 cards left
    expect_brute_force(random_deal(game, rng, {5, 6, 7, 6}, 14));
  }
}

TEST(StudMultiway, ThreadCountDoesNotChangeTheCountsAndCancelStops) {
  const StudDeal deal{StudGame::stud_hilo,
                      {parse_cards("As2d7c8h9s2c"), parse_cards("KsKdQcJd4hJh"), parse_cards("3c4c5c6h6d")},
                      parse_cards("Th")};
  const StudCounts all = stud_exact(deal);
  tbb::task_arena one(1);
  EXPECT_EQ(all, one.execute([&] { return stud_exact(deal); }));
  EXPECT_EQ(all.showdowns, stud_deals(deal));
  expect_adds_up(all);
  const std::atomic<bool> cancel{true};
  EXPECT_THROW(stud_exact(deal, {StudExactMethod::walk, &cancel}), Cancelled);
}

TEST(StudCommunityCard, TheSeventhCardIsSharedWhenTheDeckRunsShort) {
  std::mt19937_64 rng(41);
  for (StudGame game : kEveryStudGame) {
    // Seven players on sixth street, 5 dead: 5 cards left for 7 seventh cards.
    const StudDeal seven = random_deal(game, rng, {6, 6, 6, 6, 6, 6, 6}, 5);
    ASSERT_TRUE(stud_community_card(seven));
    const StudCounts walk = stud_exact(seven, by_category());
    EXPECT_EQ(walk, brute_community(seven)) << describe(seven);
    EXPECT_EQ(walk.showdowns, 5u);
    EXPECT_EQ(stud_deals(seven), 5u);
    expect_adds_up(walk);
    // Heads-up (the sweep) on fifth street with 39 dead: 3 cards left for 4 to come.
    const StudDeal two = random_deal(game, rng, {5, 5}, 39);
    ASSERT_TRUE(stud_community_card(two));
    EXPECT_EQ(stud_deals(two), 3u * 2);
    EXPECT_EQ(stud_exact(two, by_category()), brute_community(two)) << describe(two);
    EXPECT_EQ(stud_exact(two, by_category(StudExactMethod::walk)), brute_community(two)) << describe(two);
    // Three players on fifth street, 5 left for 6 cards to come: a community card and one each.
    const StudDeal three = random_deal(game, rng, {5, 5, 5}, 32);
    const StudCounts c = stud_exact(three, by_category());
    EXPECT_EQ(c, brute_community(three)) << describe(three);
    EXPECT_EQ(c.showdowns, 5u * 4 * 3 * 2);
    EXPECT_EQ(stud_deals(three), c.showdowns);
  }
  // Enough cards: no community card.
  EXPECT_FALSE(stud_community_card(random_deal(StudGame::stud, rng, {3, 3, 3, 3, 3, 3, 3}, 0)));
}

TEST(StudMultiway, TiesAmongMany) {
  // Two players on the river with the same ranks: the high (a five-high straight) and the wheel shared.
  StudDeal deal{StudGame::stud_hilo, {}, {}};
  deal.hands = {parse_cards("As2s3s4c5dKsKh"), parse_cards("Ac2c3c4d5hKcKd")};
  const StudCounts c = stud_exact(deal, by_category(StudExactMethod::walk));
  EXPECT_EQ(c, brute_counts(deal));
  EXPECT_EQ(c.players[0].pot_units, kPotUnits / 2);
  EXPECT_EQ(c.players[0].parts[0].ties, 1u);
  EXPECT_EQ(c.players[0].category_ties[static_cast<std::size_t>(Category::Straight)], 1u);
}

TEST(StudCategories, ThirdStreetHeadsUpOutcomesAddUp) {
  // The second player's outcomes by category from the sweep from his side: they add up to his wins
  // and ties, and each category's ties are the first player's (equal highs are one category).
  for (StudGame game : kEveryStudGame) {
    const StudDeal deal{game, {parse_cards("As2s7d"), parse_cards("KhKc9c")}, parse_cards("3h")};
    const StudCounts c = stud_exact(deal, by_category());
    expect_category_outcomes_add_up(c);
    EXPECT_EQ(c.players[0].category_ties, c.players[1].category_ties);
    EXPECT_EQ(without_category_outcomes(c), stud_exact(deal));
  }
}

TEST(StudHidden, HeadsUpEachWayAgainstTheBruteForce) {
  // The sweep's counts per completion added up per way of the hidden cards: fourth to seventh
  // street, one player hiding or both, the walk heads-up too.
  std::mt19937_64 rng(42);
  for (StudGame game : kEveryStudGame) {
    expect_hidden(random_deal(game, rng, 3, 5, 32), {2, 0});  // (??)xyz on fifth street: 2 hidden, 2 to come
    expect_hidden(random_deal(game, rng, 5, 3, 32), {0, 2});
    expect_hidden(random_deal(game, rng, 3, 4, 33), {1, 1});  // (?x)yz and (?x)yzw... each hiding one
    expect_hidden(random_deal(game, rng, 4, 7, 30), {3, 0});  // seventh street, both down cards and the last
    expect_hidden(random_deal(game, rng, 4, 4, 34), {2, 2});  // sixth street, both hiding two
    expect_hidden(random_deal(game, rng, 3, 5, 32), {2, 1}, StudExactMethod::walk);
  }
}

TEST(StudHidden, MultiwayEachWayAgainstTheBruteForce) {
  // The walk with the player first (the answer's own walk for the first): three and four players.
  std::mt19937_64 rng(43);
  for (StudGame game : kEveryStudGame) {
    expect_hidden(random_deal(game, rng, {4, 6, 6}, 26), {2, 0, 0});
    expect_hidden(random_deal(game, rng, {6, 4, 6}, 26), {0, 2, 0});
    expect_hidden(random_deal(game, rng, {5, 6, 4}, 27), {1, 0, 2});
    expect_hidden(random_deal(game, rng, {6, 7, 4, 5}, 18), {0, 0, 3, 0});
  }
}

TEST(StudHidden, WithTheCommunityCard) {
  std::mt19937_64 rng(44);
  for (StudGame game : kEveryStudGame) {
    // Heads-up on fifth street with 39 dead: 3 cards left for 4 to come; the first hides two.
    const StudDeal two = random_deal(game, rng, {3, 5}, 39);
    ASSERT_TRUE(stud_community_card(two));
    expect_hidden(two, {2, 0});
    // Seven players on sixth street: the last hides one.
    const StudDeal seven = random_deal(game, rng, {6, 6, 6, 6, 6, 6, 5}, 4);
    ASSERT_TRUE(stud_community_card(seven));
    expect_hidden(seven, {0, 0, 0, 0, 0, 0, 1});
  }
}

TEST(StudHidden, RefusesMoreThanTheCardsToCome) {
  const StudDeal deal{StudGame::stud, {parse_cards("AsKsQd2c3c"), parse_cards("7c7d8h")}, {}};
  StudExactOptions options;
  options.hidden = {3, 0};
  EXPECT_THROW(stud_exact(deal, options), InputError);
  options.hidden = {0, 0, 1};
  EXPECT_THROW(stud_exact(deal, options), InputError);
}

}  // namespace
