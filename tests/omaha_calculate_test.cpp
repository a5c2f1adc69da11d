// The Omaha games through calculate(): exact answers against a brute force written here (every
// assignment of the players' hands and every board, each hand the reference evaluator's best of
// exactly two hole and three board cards, the low from the ranks, the pot shared by hand), Monte
// Carlo against them, the planner's choices, and the errors. The deck is shrunk with dead cards
// so that ranges ("random") stay small enough for the brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "count/omaha_equity.hpp"
#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"
#include "equity/error.hpp"
#include "equity/omaha_enumeration.hpp"
#include "equity/plan.hpp"
#include "eval/reference_evaluator.hpp"
#include "omaha_reference.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

using test::omaha_brute_high;
using test::omaha_brute_low;

using Cards = std::vector<Card>;

// Every k-card subset of `cards`.
std::vector<Cards> subsets(const Cards& cards, std::size_t k) {
  std::vector<Cards> out;
  if (k > cards.size()) return out;
  std::vector<bool> pick(cards.size(), false);
  std::fill(pick.end() - static_cast<std::ptrdiff_t>(k), pick.end(), true);
  do {
    Cards s;
    for (std::size_t i = 0; i < cards.size(); ++i)
      if (pick[i]) s.push_back(cards[i]);
    out.push_back(s);
  } while (std::next_permutation(pick.begin(), pick.end()));
  return out;
}

struct Brute {
  OmahaCounts counts;  // the outcomes by category too, as the ranges' methods count them
  std::uint64_t assignments = 0;
};

bool overlaps(const Cards& a, const Cards& b) {
  for (Card x : a)
    if (std::find(b.begin(), b.end(), x) != b.end()) return true;
  return false;
}

// players: a specific hand's cards, or empty for "random" (every hand of the cards left).
Brute brute_force(Game game, const std::vector<Cards>& players, const Cards& board, const Cards& dead) {
  const GameRules& rules = game_rules(game);
  Cards known = board;
  known.insert(known.end(), dead.begin(), dead.end());
  for (const auto& p : players) known.insert(known.end(), p.begin(), p.end());
  Cards rest;
  for (Card c : CardSet::full().cards())
    if (std::find(known.begin(), known.end(), c) == known.end()) rest.push_back(c);
  const auto random_hands = subsets(rest, static_cast<std::size_t>(rules.hole_cards));
  Brute b;
  b.counts.players.resize(players.size());
  std::vector<Cards> holes(players.size());
  auto showdowns = [&] {
    ++b.assignments;
    Cards left;
    for (Card c : rest) {
      bool held = false;
      for (const auto& h : holes) held |= std::find(h.begin(), h.end(), c) != h.end();
      if (!held) left.push_back(c);
    }
    for (const Cards& more : subsets(left, 5 - board.size())) {
      Cards full = board;
      full.insert(full.end(), more.begin(), more.end());
      std::vector<ReferenceScore> highs;
      std::vector<std::vector<int>> lows;
      for (const auto& h : holes) {
        highs.push_back(omaha_brute_high(h, full));
        lows.push_back(rules.low ? omaha_brute_low(h, full) : std::vector<int>{});
      }
      const ReferenceScore top = *std::max_element(highs.begin(), highs.end());
      std::vector<int> best_low;
      for (const auto& l : lows)
        if (!l.empty() && (best_low.empty() || l < best_low)) best_low = l;
      const auto high_n = static_cast<std::uint64_t>(std::count(highs.begin(), highs.end(), top));
      const auto low_n = best_low.empty() ? std::uint64_t{0}
                                          : static_cast<std::uint64_t>(std::count(lows.begin(), lows.end(), best_low));
      for (std::size_t p = 0; p < holes.size(); ++p) {
        auto& c = b.counts.players[p];
        const bool hi = highs[p] == top, lo = low_n > 0 && lows[p] == best_low;
        const auto category = static_cast<std::size_t>(score_category(highs[p]));
        c.parts[0].wins += hi && high_n == 1;
        c.parts[0].ties += hi && high_n > 1;
        c.parts[0].losses += !hi;
        c.categories[category]++;
        c.category_wins[category] += hi && high_n == 1;
        c.category_ties[category] += hi && high_n > 1;
        if (rules.low) {
          c.lows += !lows[p].empty();
          c.parts[1].wins += lo && low_n == 1;
          c.parts[1].ties += lo && low_n > 1;
          c.parts[1].losses += low_n > 0 && !lo;
        }
        c.scoops += hi && high_n == 1 && (low_n == 0 || (lo && low_n == 1));
        c.pot_units += low_n == 0 ? (hi ? kPotUnits / high_n : 0)
                                  : (hi ? kPotUnits / 2 / high_n : 0) + (lo ? kPotUnits / 2 / low_n : 0);
      }
      ++b.counts.showdowns;
    }
  };
  auto assign = [&](auto&& self, std::size_t p) -> void {
    if (p == players.size()) return showdowns();
    if (!players[p].empty()) {
      holes[p] = players[p];
      return self(self, p + 1);
    }
    for (const auto& h : random_hands) {
      bool clash = false;
      for (std::size_t q = 0; q < p; ++q) clash |= overlaps(h, holes[q]);
      if (clash) continue;
      holes[p] = h;
      self(self, p + 1);
    }
  };
  assign(assign, 0);
  return b;
}

Cards cards(const std::string& text) { return text.empty() ? Cards{} : parse_cards(text); }

// Every card but those of `keep` (the board, the specific hands and the few cards left to deal).
std::string dead_except(const std::string& keep) {
  std::string out;
  const Cards kept = cards(keep);
  for (Card c : CardSet::full().cards())
    if (std::find(kept.begin(), kept.end(), c) == kept.end()) out += c.str();
  return out;
}

Question ask(Game game, std::vector<std::string> players, std::string board, std::string dead) {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.board = std::move(board);
  q.dead = std::move(dead);
  return q;
}

// The answer's counts are the brute force's.
void expect_matches(const Question& q) {
  SCOPED_TRACE(std::string(game_name(q.game)) + " board " + q.board);
  std::vector<Cards> players;
  for (const auto& p : q.players) players.push_back(p == "random" ? Cards{} : cards(p));
  const Brute want = brute_force(q.game, players, cards(q.board), cards(q.dead));
  const Answer a = calculate(q);
  EXPECT_EQ(a.method, Method::exact);
  EXPECT_EQ(a.pot_units, kPotUnits);
  EXPECT_EQ(a.showdowns(), want.counts.showdowns);
  EXPECT_EQ(a.assignments, want.assignments);
  ASSERT_EQ(a.players.size(), players.size());
  for (std::size_t p = 0; p < players.size(); ++p) {
    const PlayerAnswer& pa = a.players[p];
    const PlayerTally& c = want.counts.players[p];
    EXPECT_EQ(pa.wins, c.parts[0].wins) << p;
    EXPECT_EQ(pa.ties, c.parts[0].ties) << p;
    EXPECT_EQ(pa.losses, c.parts[0].losses) << p;
    EXPECT_EQ(pa.pot_units, c.pot_units) << p;
    EXPECT_DOUBLE_EQ(pa.equity, static_cast<double>(c.pot_units) /
                                    (static_cast<double>(kPotUnits) * static_cast<double>(want.counts.showdowns)));
    if (game_rules(q.game).low) {
      EXPECT_EQ(pa.scoops, c.scoops) << p;
      EXPECT_EQ(pa.low_wins, c.parts[1].wins) << p;
      EXPECT_EQ(pa.low_ties, c.parts[1].ties) << p;
      EXPECT_EQ(pa.lows, c.lows) << p;
    } else {
      EXPECT_FALSE(pa.scoops.has_value());
      EXPECT_FALSE(pa.lows.has_value());
    }
    if (q.by_category) {
      ASSERT_TRUE(pa.category.has_value());
      EXPECT_EQ(*pa.category, c.categories) << p;
      EXPECT_EQ(*pa.category_wins, c.category_wins) << p;
      EXPECT_EQ(*pa.category_ties, c.category_ties) << p;
    }
  }
}

TEST(OmahaCalculate, HandAgainstHandMatchesTheBruteForce) {
  expect_matches(ask(Game::omaha, {"AsKsQhJh", "7c7d8h9h"}, "2c3d4h5s", ""));
  expect_matches(ask(Game::omaha_hilo, {"As2sQhJh", "7c7d8h3h"}, "2c3d4hKs", ""));
  expect_matches(ask(Game::omaha_hilo, {"As2sQhJh", "7c7d8h3h"}, "2c3d4hKs6d", "9c"));
  expect_matches(ask(Game::omaha5_hilo, {"As2sQhJh4c", "Ac2c8h3hKd"}, "5c6d7hKs", "Td"));
  expect_matches(ask(Game::omaha6, {"AsKsQhJhTc9c", "8c8d7h7s6c6d"}, "2c3d4hKh", ""));
  Question q = ask(Game::omaha_hilo, {"As2sQhJh", "Ac2c8h3h", "KdKcJsTs"}, "5c6d7hKs", "Td");
  q.by_category = true;  // specific hands by the board walk, with wins by category
  expect_matches(q);
}

TEST(OmahaCalculate, QuarteredPotsAreExact) {
  // Both players hold A-2 for the low; the high is theirs to split or win: quarters of the pot.
  Question q = ask(Game::omaha_hilo, {"As2sKhKd", "Ac2c9h9d"}, "3d4h8cJs", "");
  expect_matches(q);
  const Answer a = calculate(q);
  EXPECT_EQ(a.players[0].low_ties, a.players[1].low_ties);
  EXPECT_GT(*a.players[0].low_ties, 0u);
}

TEST(OmahaCalculate, RangesMatchTheBruteForce) {
  // Ten cards left to deal: random is C(10, 4) = 210 hands.
  const std::string hero = "AsKsQhJh", river = "AdKc5h3s2c", turn = "AdKc5h3s";
  const std::string high_left = "AcKhQsTc9c8d7d6h4c4d", low_left = "Ac2d4c4d6h7d8dKhQsTc";
  expect_matches(ask(Game::omaha, {hero, "random"}, river, dead_except(hero + river + high_left)));
  expect_matches(ask(Game::omaha_hilo, {hero, "random"}, river, dead_except(hero + river + low_left)));
  expect_matches(ask(Game::omaha_hilo, {"random", "random"}, river, dead_except(river + low_left)));
  Question three = ask(Game::omaha_hilo, {hero, "random", "random"}, river, dead_except(hero + river + low_left));
  three.by_category = true;
  expect_matches(three);
  // On a turn: a river to come for every assignment.
  expect_matches(ask(Game::omaha_hilo, {hero, "random"}, turn, dead_except(hero + turn + low_left)));
  // Random against random, high only: the sweep (C(10, 4) = 210 hands a side), asked and automatic.
  Question sweep = ask(Game::omaha, {"random", "random"}, turn, dead_except(turn + high_left));
  sweep.by_category = true;
  EXPECT_EQ(plan(sweep).exact_method, ExactMethod::sweep);
  expect_matches(sweep);
  sweep.exact_method = ExactMethod::boards;
  expect_matches(sweep);
}

// omaha_ranges_exact() by one method, on a deal of ranges.
OmahaTally count_exact(Game game, const std::vector<std::string>& players, const std::string& board,
                       const std::string& dead, OmahaExactMethod method) {
  OmahaDeal deal;
  deal.game = game;
  for (const auto& p : players) deal.ranges.push_back(OmahaRange::parse(p, game_rules(game).hole_cards));
  deal.board = cards(board);
  deal.dead = cards(dead);
  OmahaExactOptions options;
  options.method = method;
  return omaha_ranges_exact(prepare_omaha(deal), options);
}

TEST(OmahaCalculate, TheSweepMatchesTheBruteForce) {
  // Ten or eleven cards left to deal: random is C(10, 4) = 210 hands or C(11, 4) = 330.
  const std::string hero = "AsKsQhJh", river = "AdKc5h3s2c", turn = "AdKc5h3s", flop = "AdKc5h";
  const std::string left = "AcKhQsTc9c8d7d6h4c4d", flush_left = "Ah9h8h7h6hTs9s8s4c4d";
  struct Case {
    std::vector<std::string> players;
    std::string board, dead;
  };
  const std::vector<Case> cases = {
      {{"random", "random"}, river, dead_except(river + left)},
      {{"random", "random"}, turn, dead_except(turn + left)},
      {{"random", "random"}, turn, dead_except(turn + flush_left)},
      {{"random", "random"}, flop, dead_except(flop + left)},
      {{hero, "random"}, turn, dead_except(hero + turn + left)},
      {{"random", hero}, turn, dead_except(hero + turn + flush_left)},
      {{"random", "random"}, "Qh2h3hJs", dead_except("Qh2h3hJs" + flush_left)},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.players[0] + " " + c.players[1] + " board " + c.board);
    std::vector<Cards> players;
    for (const auto& p : c.players) players.push_back(p == "random" ? Cards{} : cards(p));
    const Brute want = brute_force(Game::omaha, players, cards(c.board), cards(c.dead));
    const OmahaTally got = count_exact(Game::omaha, c.players, c.board, c.dead, OmahaExactMethod::sweep);
    EXPECT_GT(want.counts.showdowns, 0u);
    EXPECT_EQ(got.counts, want.counts);
    for (std::size_t p = 0; p < 2; ++p) {
      EXPECT_EQ(got.weighted_units[p], static_cast<double>(want.counts.players[p].pot_units)) << p;
    }
    EXPECT_EQ(got.weight, static_cast<double>(want.counts.showdowns));
  }
  // Ranges the brute force does not read: the same integers as the walk's, category ties too.
  const std::string dead = dead_except(turn + "AcAhAsKhKsQsQcJhTc9c8d7d6h4c4d");
  for (const auto& players : std::vector<std::vector<std::string>>{
           {"AA", "random"}, {"KK,QQ", "AA:$ds,JT"}, {"random", "AsKsQsJh"}, {"AK", "AK"}}) {
    SCOPED_TRACE(players[0] + " against " + players[1]);
    const OmahaTally sweep = count_exact(Game::omaha, players, turn, dead, OmahaExactMethod::sweep);
    const OmahaTally walk = count_exact(Game::omaha, players, turn, dead, OmahaExactMethod::walk);
    EXPECT_GT(walk.counts.showdowns, 0u);
    EXPECT_EQ(sweep.counts, walk.counts);
    EXPECT_EQ(sweep.weighted_wins, walk.weighted_wins);
  }
  // Where it does not apply: three players, weights, five-card hands.
  const std::string low_dead = dead_except(turn + left);
  EXPECT_THROW(count_exact(Game::omaha, {"random", "random", "random"}, turn, low_dead, OmahaExactMethod::sweep),
               InputError);
  EXPECT_THROW(count_exact(Game::omaha, {"AA@50,KK", "random"}, turn, dead, OmahaExactMethod::sweep), InputError);
  EXPECT_THROW(count_exact(Game::omaha6, {"random", "random"}, turn, low_dead, OmahaExactMethod::sweep), InputError);
}

// Five-card hands by the sweep hand by hand, high and Hi/Lo: the brute force's integers.
TEST(OmahaCalculate, TheFiveCardSweepMatchesTheBruteForce) {
  const std::string hero = "AsKsQhJh9d", river = "AdKc5h3s2c", turn = "AdKc5h3s";
  const std::string ten = "AcKhQsTc9c8d7d6h4c4d", eleven = ten + "3c", seven = "Qs8d7d6h4c3c2h";
  struct Case {
    std::vector<std::string> players;
    std::string board, dead;
  };
  const std::vector<Case> cases = {
      {{"random", "random"}, river, dead_except(river + ten)},
      {{"random", "random"}, turn, dead_except(turn + eleven)},
      {{hero, "random"}, turn, dead_except(hero + turn + seven)},
      {{"random", hero}, river, dead_except(hero + river + seven)},
  };
  for (const Game game : {Game::omaha5, Game::omaha5_hilo})
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(game_rules(game).name) + ": " + c.players[0] + " " + c.players[1] + " board " + c.board);
      std::vector<Cards> players;
      for (const auto& p : c.players) players.push_back(p == "random" ? Cards{} : cards(p));
      const Brute want = brute_force(game, players, cards(c.board), cards(c.dead));
      const OmahaTally got = count_exact(game, c.players, c.board, c.dead, OmahaExactMethod::sweep);
      EXPECT_GT(want.counts.showdowns, 0u);
      EXPECT_EQ(got.counts, want.counts);
      for (std::size_t p = 0; p < 2; ++p)
        EXPECT_EQ(got.weighted_units[p], static_cast<double>(want.counts.players[p].pot_units)) << p;
    }
}

TEST(OmahaCalculate, TheFiveCardSweepMatchesTheWalkOnAFlop) {
  // 15 cards left beside the flop: random is C(15, 5) = 3,003 hands.
  const std::string flop = "Ah7h2c", few = dead_except(flop + "AsAd3h3d4h5c6d8h8sKhKsQhQdJh9c");
  struct Case {
    std::vector<std::string> players;
    std::string board;
  };
  const std::vector<Case> cases = {
      {{"AA***,33***", "KK***,8****"}, flop},
      {{"AA***,33***", "AA***,33***"}, flop},
      {{"random", "AA***"}, flop},
      {{"random", "random"}, "Ah7h2cKh"},
  };
  std::uint64_t ties = 0;
  for (const Game game : {Game::omaha5, Game::omaha5_hilo})
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(game_rules(game).name) + ": " + c.players[0] + " against " + c.players[1] + " on " +
                   c.board);
      const OmahaTally sweep = count_exact(game, c.players, c.board, few, OmahaExactMethod::sweep);
      const OmahaTally walk = count_exact(game, c.players, c.board, few, OmahaExactMethod::walk);
      EXPECT_GT(walk.counts.showdowns, 0u);
      ties += walk.counts.players[0].parts[0].ties;
      EXPECT_EQ(sweep.counts, walk.counts);
      EXPECT_EQ(sweep.weighted_units, walk.weighted_units);
      EXPECT_EQ(sweep.weight, walk.weight);
    }
  EXPECT_GT(ties, 0u);
}

CardSet set_of(const Cards& cards) {
  CardSet out;
  for (Card c : cards) out.insert(c);
  return out;
}

// Per-combo counts: every hand of every player against the brute force of the deal in which that
// player holds just that hand; the hands' counts add up to the player's.
void expect_per_combo_matches(Question q) {
  SCOPED_TRACE(std::string(game_name(q.game)) + " board " + q.board + " per combo");
  q.per_combo = true;
  const Answer a = calculate(q);
  ASSERT_EQ(a.per_combo_method, Method::exact);
  std::vector<Cards> players;
  for (const auto& p : q.players) players.push_back(p == "random" ? Cards{} : cards(p));
  for (std::size_t p = 0; p < players.size(); ++p) {
    const PlayerAnswer& pa = a.players[p];
    ASSERT_EQ(pa.per_combo.size(), pa.combos) << p;
    EXPECT_TRUE(pa.per_class.empty());
    std::uint64_t wins = 0, ties = 0, losses = 0, units = 0;
    for (const ComboEquity& c : pa.per_combo) {
      std::vector<Cards> alone = players;
      alone[p] = CardSet(c.cards).cards();
      const Brute want = brute_force(q.game, alone, cards(q.board), cards(q.dead));
      const PlayerTally& w = want.counts.players[p];
      EXPECT_EQ(c.wins, w.parts[0].wins) << CardSet(c.cards).str();
      EXPECT_EQ(c.ties, w.parts[0].ties) << CardSet(c.cards).str();
      EXPECT_EQ(c.losses, w.parts[0].losses) << CardSet(c.cards).str();
      EXPECT_EQ(c.share, w.pot_units) << CardSet(c.cards).str();
      EXPECT_EQ(c.showdowns(), want.counts.showdowns);
      EXPECT_DOUBLE_EQ(c.weighted_showdowns, static_cast<double>(want.counts.showdowns));
      if (want.counts.showdowns > 0) {
        EXPECT_NEAR(c.equity(),
                    static_cast<double>(w.pot_units) /
                        (static_cast<double>(kPotUnits) * static_cast<double>(want.counts.showdowns)),
                    1e-12);
      }
      wins += c.wins;
      ties += c.ties;
      losses += c.losses;
      units += c.share;
    }
    EXPECT_EQ(wins, pa.wins);
    EXPECT_EQ(ties, pa.ties);
    EXPECT_EQ(losses, pa.losses);
    EXPECT_EQ(units, pa.pot_units);
  }
}

TEST(OmahaPerCombo, EveryHandMatchesTheBruteForce) {
  const std::string hero = "AsKsQhJh", river = "AdKc5h3s2c", turn = "AdKc5h3s";
  const std::string high_left = "AcKhQsTc9c8d7d6h4c4d", low_left = "Ac2d4c4d6h7d8dKhQsTc";
  expect_per_combo_matches(ask(Game::omaha, {hero, "random"}, river, dead_except(hero + river + high_left)));
  expect_per_combo_matches(ask(Game::omaha_hilo, {"random", "random"}, river, dead_except(river + low_left)));
  expect_per_combo_matches(
      ask(Game::omaha_hilo, {hero, "random", "random"}, river, dead_except(hero + river + low_left)));
  expect_per_combo_matches(ask(Game::omaha_hilo, {hero, "random"}, turn, dead_except(hero + turn + low_left)));
  expect_per_combo_matches(
      ask(Game::omaha5_hilo, {"random", "AsKsQhJh9s"}, turn, dead_except("AsKsQhJh9s" + turn + "Ac2d4c4d6h7d8dKh")));
  // Specific hands: one hand each, the player's counts.
  expect_per_combo_matches(ask(Game::omaha_hilo, {"As2sQhJh", "7c7d8h3h"}, "2c3d4hKs", ""));
}

// The sweep on a flop, without per-hand counts (its groups of equal rank, omaha_equity.cpp), against
// the walk of every board and assignment: the same integers, categories and ties too. Small ranges
// on a whole deck (a two-tone flop: flushes on some boards); the same range on both sides; random
// against random and against a range where dead cards leave few; and a river whose random hands
// make groups large enough to be counted by products of the counters (4,845 hands a side), with the
// same or another range against them.
TEST(OmahaCalculate, TheSweepMatchesTheWalkOnAFlop) {
  const std::string flop = "Kh7h2c";
  struct Case {
    std::vector<std::string> players;
    std::string board, dead;
  };
  const std::string few = dead_except(flop + "AhAsQhQdJhJsTh9h8h6d5c4c3h");
  const std::string river = "Kh7h2cAd5h", river_dead = dead_except(river + "AhAsQhQdJhJsTh9h8h6d5c4c3h3d2d8c9c");
  const std::vector<Case> cases = {
      {{"AAQQ,JJTT,AhQhJJ", "T998,8765:$ds,QhJhTT,KdKs**:AA"}, flop, ""},
      {{"9h8h66,AsAd5h4h", "AAQQ,JJTT,AhQhJJ"}, flop, ""},
      {{"AAQQ,JJTT,9h8h**:55", "AAQQ,JJTT,9h8h**:55"}, flop, ""},
      {{"random", "random"}, flop, few},
      {{"AA,QhJh", "random"}, flop, few},
      {{"random", "JJ,Th9h"}, flop, few},
      {{"random", "random"}, river, river_dead},
      {{"!AA", "random"}, river, river_dead},
      {{"$ss,JJ", "!KK"}, river, river_dead},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.players[0] + " against " + c.players[1] + " on " + c.board);
    const OmahaTally sweep = count_exact(Game::omaha, c.players, c.board, c.dead, OmahaExactMethod::sweep);
    const OmahaTally walk = count_exact(Game::omaha, c.players, c.board, c.dead, OmahaExactMethod::walk);
    EXPECT_GT(walk.counts.showdowns, 0u);
    EXPECT_GT(walk.counts.players[0].parts[0].ties, 0u);
    EXPECT_EQ(sweep.counts, walk.counts);
    EXPECT_EQ(sweep.weighted_wins, walk.weighted_wins);
    EXPECT_EQ(sweep.weighted_ties, walk.weighted_ties);
    EXPECT_EQ(sweep.weighted_units, walk.weighted_units);
    EXPECT_EQ(sweep.weight, walk.weight);
  }
}

// Hi/Lo's sweep: every integer of the pot accounting (both halves, scoops, lows made, categories)
// as the brute force's and the walk's, on boards where lows are made, missed and tied.
TEST(OmahaCalculate, TheHiLoSweepMatchesTheBruteForce) {
  const std::string hero = "AsKsQhJh", low_hero = "Ac2d4s8h", river = "AdKc5h3s2c", turn = "AdKc5h3s", flop = "AdKc5h",
                    no_low_turn = "KdQc9h9s";
  const std::string left = "AcKhQsTc9c8d7d6h4c4d", few_low = "AhKhQsTc9c8d8c7h6sJd";
  struct Case {
    std::vector<std::string> players;
    std::string board, dead;
  };
  const std::vector<Case> cases = {
      {{"random", "random"}, river, dead_except(river + left)},
      {{"random", "random"}, turn, dead_except(turn + left)},
      {{"random", "random"}, flop, dead_except(flop + left)},
      {{hero, "random"}, turn, dead_except(hero + turn + left)},
      {{"random", low_hero}, turn, dead_except(low_hero + turn + few_low)},
      {{"random", "random"}, no_low_turn, dead_except(no_low_turn + few_low)},
      {{"random", "random"}, flop, dead_except(flop + few_low)},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.players[0] + " " + c.players[1] + " board " + c.board);
    std::vector<Cards> players;
    for (const auto& p : c.players) players.push_back(p == "random" ? Cards{} : cards(p));
    const Brute want = brute_force(Game::omaha_hilo, players, cards(c.board), cards(c.dead));
    const OmahaTally got = count_exact(Game::omaha_hilo, c.players, c.board, c.dead, OmahaExactMethod::sweep);
    EXPECT_GT(want.counts.showdowns, 0u);
    EXPECT_EQ(got.counts, want.counts);
    for (std::size_t p = 0; p < 2; ++p)
      EXPECT_EQ(got.weighted_units[p], static_cast<double>(want.counts.players[p].pot_units)) << p;
    EXPECT_EQ(got.weight, static_cast<double>(want.counts.showdowns));
  }
}

TEST(OmahaCalculate, TheHiLoSweepMatchesTheWalkOnAFlop) {
  // 15 cards left beside the flop for random (1,365 hands), 18 for ranges.
  const std::string flop = "Ah7h2c", few = dead_except(flop + "AsAd3h3d4h5c6d8h8sKhKsQhJhTh9h"),
                    some = dead_except(flop + "AsAd3h3d4h5c6d8h8sKhKsQhQdJhJsTh9h2d");
  struct Case {
    std::vector<std::string> players;
    std::string board, dead;
  };
  const std::vector<Case> cases = {
      {{"A3**,KK**", "88**,A4**"}, flop, some}, {{"A3**,A5**", "KQ**,3456"}, flop, some},
      {{"A3**,KK**", "A3**,KK**"}, flop, some}, {{"random", "random"}, flop, few},
      {{"A3,KK", "random"}, flop, few},         {{"random", "AsAd**"}, "Ah7h2c3h", few},
      {{"random", "random"}, "Ah7h2cKh", few},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.players[0] + " against " + c.players[1] + " on " + c.board);
    const OmahaTally sweep = count_exact(Game::omaha_hilo, c.players, c.board, c.dead, OmahaExactMethod::sweep);
    const OmahaTally walk = count_exact(Game::omaha_hilo, c.players, c.board, c.dead, OmahaExactMethod::walk);
    EXPECT_GT(walk.counts.showdowns, 0u);
    EXPECT_GT(walk.counts.players[0].parts[1].ties, 0u);
    EXPECT_GT(walk.counts.players[1].scoops, 0u);
    EXPECT_EQ(sweep.counts, walk.counts);
    EXPECT_EQ(sweep.weighted_wins, walk.weighted_wins);
    EXPECT_EQ(sweep.weighted_ties, walk.weighted_ties);
    EXPECT_EQ(sweep.weighted_units, walk.weighted_units);
    EXPECT_EQ(sweep.weight, walk.weight);
  }
}

// The sweep counts each hand as it counts the players (per-combo equity of questions only the sweep
// enumerates automatically): the same integers as the walk's, hand by hand, and the brute force's.
TEST(OmahaPerCombo, TheSweepCountsEachHandAsTheWalk) {
  const std::string turn = "AdKc5h3s", river = "AdKc5h3s2c", high_left = "AcKhQsTc9c8d7d6h4c4d";
  const std::string dead = dead_except(turn + "AcAhAsKhKsQsQcJhTc9c8d7d6h4c4d");
  for (const Game game : {Game::omaha, Game::omaha_hilo})
    for (const auto& players : std::vector<std::vector<std::string>>{
             {"AA", "random"}, {"KK,QQ", "AA:$ds,JT"}, {"random", "AsKsQsJh"}, {"AK", "AK"}}) {
      SCOPED_TRACE(std::string(game_rules(game).name) + ": " + players[0] + " against " + players[1]);
      OmahaDeal deal;
      deal.game = game;
      for (const auto& p : players) deal.ranges.push_back(OmahaRange::parse(p, 4));
      deal.board = cards(turn);
      deal.dead = cards(dead);
      const OmahaPrepared prep = prepare_omaha(deal);
      OmahaPerCombo by_sweep, by_walk;
      OmahaExactOptions options;
      options.method = OmahaExactMethod::sweep;
      const OmahaTally sweep = omaha_ranges_exact(prep, options, &by_sweep);
      options.method = OmahaExactMethod::walk;
      const OmahaTally walk = omaha_ranges_exact(prep, options, &by_walk);
      EXPECT_EQ(sweep.counts, walk.counts);
      ASSERT_EQ(by_sweep.size(), 2u);
      for (std::size_t p = 0; p < 2; ++p) {
        ASSERT_EQ(by_sweep[p].size(), by_walk[p].size()) << p;
        for (std::size_t i = 0; i < by_walk[p].size(); ++i) {
          const ComboEquity &a = by_sweep[p][i], &b = by_walk[p][i];
          SCOPED_TRACE(CardSet(b.cards).str());
          EXPECT_EQ(a.combo, b.combo);
          EXPECT_EQ(a.cards, b.cards);
          EXPECT_EQ(a.weight, b.weight);
          EXPECT_EQ(a.wins, b.wins);
          EXPECT_EQ(a.ties, b.ties);
          EXPECT_EQ(a.losses, b.losses);
          EXPECT_EQ(a.share, b.share);
          EXPECT_EQ(a.weighted_wins, b.weighted_wins);
          EXPECT_EQ(a.weighted_ties, b.weighted_ties);
          EXPECT_EQ(a.weighted_share, b.weighted_share);
          EXPECT_EQ(a.weighted_showdowns, b.weighted_showdowns);
        }
      }
    }
  // Asked for by name: each hand against the brute force.
  Question q = ask(Game::omaha, {"random", "random"}, river, dead_except(river + high_left));
  q.exact_method = ExactMethod::sweep;
  expect_per_combo_matches(q);
  Question hi_lo = ask(Game::omaha_hilo, {"random", "random"}, river, dead_except(river + "AcKhQs8d7d6h4c4d3d2h"));
  hi_lo.exact_method = ExactMethod::sweep;
  expect_per_combo_matches(hi_lo);
}

// A question the sweep makes exact has its per-hand equities from the same sweep, not refused as
// sampled: AA** against KK** on a turn (5,853 hands each).
TEST(OmahaPerCombo, ExactBySweepIsExactPerHand) {
  Question q = ask(Game::omaha, {"AA**", "KK**"}, "Qs7h2c3d", "");
  const Answer equity = calculate(q);
  ASSERT_EQ(equity.method, Method::exact);
  ASSERT_EQ(equity.exact_method, ExactMethod::sweep);
  q.per_combo = true;
  q.distribution = true;
  const Plan p = plan(q);
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.exact_method, ExactMethod::sweep);
  EXPECT_EQ(p.per_combo_method, Method::exact);
  const Answer a = calculate(p);
  EXPECT_EQ(a.per_combo_method, Method::exact);
  for (std::size_t i = 0; i < 2; ++i) {
    const PlayerAnswer &got = a.players[i], &want = equity.players[i];
    EXPECT_EQ(got.wins, want.wins);
    EXPECT_EQ(got.ties, want.ties);
    EXPECT_EQ(got.pot_units, want.pot_units);
    ASSERT_EQ(got.per_combo.size(), 5'853u);
    std::uint64_t wins = 0, units = 0;
    for (const ComboEquity& c : got.per_combo) wins += c.wins, units += c.share;
    EXPECT_EQ(wins, want.wins);
    EXPECT_EQ(units, want.pot_units);
    ASSERT_TRUE(got.distribution.has_value());
  }
  // A question the walk enumerates within automatic's limits keeps the walk (its answers as before).
  Question small = ask(Game::omaha, {"AsKsQhJh", "AA**:$ds"}, "2c7d9h", "");
  small.per_combo = true;
  EXPECT_EQ(plan(small).exact_method, ExactMethod::boards);
}

TEST(OmahaPerCombo, WeightsWeighTheOpponentsHands) {
  // A weighted range against random: each hand's weighted sums are its showdowns against each of
  // the range's hands times that hand's weight.
  const std::string river = "AdKc5h3s2c", left = "Ac2d4c4d6h7d8dKhQsTc";
  Question q = ask(Game::omaha_hilo, {"random", "Ac2d4c4d@50,6h7d8dKh@25,QsTcKh8d"}, river, dead_except(river + left));
  q.per_combo = true;
  const Answer a = calculate(q);
  const std::vector<std::pair<Cards, double>> villain = {
      {cards("Ac2d4c4d"), 0.5}, {cards("6h7d8dKh"), 0.25}, {cards("QsTcKh8d"), 1.0}};
  ASSERT_EQ(a.players[1].per_combo.size(), 3u);
  for (const ComboEquity& c : a.players[1].per_combo) {
    bool found = false;
    for (const auto& [hand, weight] : villain) found |= CardSet(c.cards) == set_of(hand) && c.weight == weight;
    EXPECT_TRUE(found) << CardSet(c.cards).str() << " " << c.weight;
  }
  double weighted_equity = 0, weighted_total = 0;
  for (const ComboEquity& c : a.players[0].per_combo) {
    double showdowns = 0, share = 0, wins = 0;
    for (const auto& [hand, weight] : villain) {
      if (overlaps(CardSet(c.cards).cards(), hand)) continue;  // no such assignment
      const Brute b = brute_force(q.game, {CardSet(c.cards).cards(), hand}, cards(river), cards(q.dead));
      showdowns += weight * static_cast<double>(b.counts.showdowns);
      share += weight * static_cast<double>(b.counts.players[0].pot_units) / static_cast<double>(kPotUnits);
      wins += weight * static_cast<double>(b.counts.players[0].parts[0].wins);
    }
    EXPECT_NEAR(c.weighted_showdowns, showdowns, 1e-9) << CardSet(c.cards).str();
    EXPECT_NEAR(c.weighted_share, share, 1e-9) << CardSet(c.cards).str();
    EXPECT_NEAR(c.weighted_wins, wins, 1e-9) << CardSet(c.cards).str();
    weighted_equity += c.weight * c.weighted_share;
    weighted_total += c.weight * c.weighted_showdowns;
  }
  // Averaged with weight x weighted showdowns, the hands' equities are the player's.
  EXPECT_NEAR(weighted_equity / weighted_total, a.players[0].equity, 1e-12);
}

TEST(OmahaPerCombo, SampledHandsAgreeAndTheDistributionFollows) {
  const std::string river = "AdKc5h3s2c", left = "Ac2d4c4d6h7d8dKhQsTc";
  Question q = ask(Game::omaha_hilo, {"AsKdQhJh,As2sQhJh,7c7d8h3h", "random"}, "2c3d4hKs", "");
  q.per_combo = true;
  q.distribution = true;
  q.method = Method::monte_carlo;
  q.max_trials = 20'000;
  q.per_combo_stderr = 4e-3;
  q.seed = 9;
  const Answer mc = calculate(q);
  EXPECT_EQ(mc.per_combo_method, Method::monte_carlo);
  ASSERT_EQ(mc.players[0].per_combo.size(), 3u);
  EXPECT_TRUE(mc.players[1].per_combo.empty());  // random: its hands are not sampled one by one
  for (const ComboEquity& c : mc.players[0].per_combo) {
    Question alone = ask(q.game, {CardSet(c.cards).str(), "random"}, q.board, "");
    const Answer e = calculate(alone);
    EXPECT_EQ(e.method, Method::exact);
    EXPECT_LT(c.standard_error, 4e-3);
    EXPECT_NEAR(c.equity(), e.players[0].equity, 4 * c.standard_error) << CardSet(c.cards).str();
  }
  ASSERT_TRUE(mc.players[0].distribution.has_value());
  EXPECT_EQ(mc.players[0].distribution->curve.size(), 3u);
  // The exact distribution: from the exact per-combo equities, only the distribution kept.
  Question exact = ask(Game::omaha_hilo, {"random", "random"}, river, dead_except(river + left));
  exact.distribution = true;
  const Answer d = calculate(exact);
  exact.distribution = false;
  exact.per_combo = true;
  const Answer per = calculate(exact);
  ASSERT_TRUE(d.players[0].distribution.has_value());
  EXPECT_TRUE(d.players[0].per_combo.empty());
  const Distribution want = equity_distribution(per.players[0].per_combo);
  ASSERT_EQ(d.players[0].distribution->curve.size(), want.curve.size());
  for (std::size_t i = 0; i < want.curve.size(); ++i) {
    EXPECT_EQ(d.players[0].distribution->curve[i].combo, want.curve[i].combo);
    EXPECT_EQ(d.players[0].distribution->curve[i].equity, want.curve[i].equity);
  }
  int combos = 0;
  for (const auto& b : d.players[0].distribution->buckets) combos += b.combos;
  EXPECT_EQ(combos, 210);  // every hand of ten cards meets an opponent
}

TEST(OmahaCalculate, MonteCarloAgreesAndIsTheSameOnAnyThreadCount) {
  Question q = ask(Game::omaha_hilo, {"As2sQhJh", "7c7d8h3h", "random"}, "2c3d4h", "");
  q.method = Method::monte_carlo;
  q.max_trials = 30'000;
  q.seed = 11;
  q.threads = 1;
  const Answer one = calculate(q);
  q.threads = 2;
  const Answer two = calculate(q);
  EXPECT_EQ(one.method, Method::monte_carlo);
  EXPECT_EQ(one.trials, 30'000u);
  EXPECT_EQ(one.stopped_by, "trials");
  EXPECT_EQ(one.seed, 11u);
  EXPECT_FALSE(one.players[0].category.has_value());
  Question by_category = q;
  by_category.by_category = true;
  const Answer c = calculate(by_category);
  EXPECT_EQ(c.players[1].pot_units, two.players[1].pot_units);  // the same deals
  std::uint64_t made = 0, won = 0;
  for (std::size_t k = 0; k < kCategories; ++k) {
    made += (*c.players[1].category)[k];
    won += (*c.players[1].category_wins)[k];
  }
  EXPECT_EQ(made, c.trials);
  EXPECT_EQ(won, c.players[1].wins);
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_EQ(one.players[p].pot_units, two.players[p].pot_units);
    EXPECT_EQ(one.players[p].wins, two.players[p].wins);
    EXPECT_EQ(one.players[p].scoops, two.players[p].scoops);
    EXPECT_EQ(one.players[p].lows, two.players[p].lows);
    EXPECT_EQ(one.players[p].standard_error, two.players[p].standard_error);
    EXPECT_EQ(one.players[p].wins + one.players[p].ties + one.players[p].losses, one.trials);
  }
  // Against the exact answer of a small deck (random among ten cards), within 3 standard errors.
  const std::string dead = dead_except("AsKsQhJhAdKc5h3s2cAc2d4c4d6h7d8dKhQsTc");
  Question exact = ask(Game::omaha_hilo, {"AsKsQhJh", "random", "random"}, "AdKc5h3s2c", dead);
  const Answer e = calculate(exact);
  exact.method = Method::monte_carlo;
  exact.target_stderr = 3e-3;
  exact.seed = 5;
  const Answer mc = calculate(exact);
  EXPECT_EQ(mc.stopped_by, "stderr");
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_NEAR(mc.players[p].equity, e.players[p].equity, 3 * *mc.players[p].standard_error) << p;
    EXPECT_LT(*mc.players[p].standard_error, 3e-3);
    EXPECT_LE((*mc.players[p].ci95)[0], mc.players[p].equity);
  }
}

TEST(OmahaCalculate, MonteCarloOfDrawnRangesAgreesWithExact) {
  // Ranges drawn by weight (AA, KK,QQ) against random dealt from the deck, on a small deck: the
  // deal skips the drawn hands' cards; within 3 standard errors of the exact answer, and the same
  // numbers on one thread and on two.
  const std::string board = "AdKc5h3s";
  const std::string dead = dead_except(board + "AcAhAsKhKsQsQcJhTc9c8d7d6h4c4d");
  Question exact = ask(Game::omaha, {"AA", "KK,QQ", "random"}, board, dead);
  exact.method = Method::exact;
  const Answer e = calculate(exact);
  Question mc = exact;
  mc.method = Method::monte_carlo;
  mc.target_stderr = 3e-3;
  mc.seed = 9;
  mc.threads = 1;
  const Answer one = calculate(mc);
  mc.threads = 2;
  const Answer two = calculate(mc);
  EXPECT_EQ(one.stopped_by, "stderr");
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_NEAR(one.players[p].equity, e.players[p].equity, 3 * *one.players[p].standard_error) << p;
    EXPECT_EQ(one.players[p].pot_units, two.players[p].pot_units) << p;
    EXPECT_EQ(one.players[p].wins + one.players[p].ties + one.players[p].losses, one.trials) << p;
  }
}

TEST(OmahaCalculate, ThePlannerCountsTheWork) {
  // Specific hands: every board, whatever the street.
  Plan p = plan(ask(Game::omaha, {"AsKsQhJh", "7c7d8h9h"}, "", ""));
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.exact_method, ExactMethod::boards);
  EXPECT_EQ(p.work.boards, 1'086'008u);  // C(44, 5)
  // A hand against random on the turn: 44 rivers x C(44, 4) hands, enumerated.
  p = plan(ask(Game::omaha, {"AsKsQhJh", "random"}, "2c3d4h5s", ""));
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.work.showdowns, 40.0 * 135'751);
  // Random against random: the sweep counts 48 rivers x (194,580 hands + 4,000) on a turn and
  // 1,176 turns and rivers x (211,876 + 4,000) on a rainbow flop, with twice the hands again on its
  // 198 boards of three cards of a suit, within its limit, enumerated; on a monotone flop (every
  // board) and preflop too many, sampled. Two ranges on a flop are enumerated, random against the
  // widest ones sampled.
  p = plan(ask(Game::omaha, {"random", "random"}, "2c3d4h5s", ""));
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.exact_method, ExactMethod::sweep);
  EXPECT_EQ(p.reason,
            "the sweep would count about 9,531,840 Omaha hands, within the 340,000,000 swept "
            "automatically on a turn");
  p = plan(ask(Game::omaha, {"random", "random"}, "2c3d4h", ""));
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.exact_method, ExactMethod::sweep);
  EXPECT_EQ(p.reason,
            "the sweep would count about 337,773,072 Omaha hands, within the 340,000,000 swept "
            "automatically on a flop");
  p = plan(ask(Game::omaha, {"AA**", "$ds"}, "Kh7s2c", ""));
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.exact_method, ExactMethod::sweep);
  EXPECT_NE(p.reason.find("within the 340,000,000 swept automatically on a flop"), std::string::npos) << p.reason;
  p = plan(ask(Game::omaha, {"random", "!AA"}, "Kh7s2c", ""));
  EXPECT_EQ(p.method, Method::monte_carlo);
  EXPECT_NE(p.reason.find("more than the 340,000,000 swept automatically on a flop"), std::string::npos) << p.reason;
  p = plan(ask(Game::omaha, {"random", "random"}, "Ah7h2h", ""));
  EXPECT_EQ(p.method, Method::monte_carlo);
  EXPECT_EQ(p.reason,
            "the sweep would count about 752,202,528 Omaha hands, more than the 340,000,000 swept "
            "automatically on a flop");
  p = plan(ask(Game::omaha, {"random", "random"}, "", ""));
  EXPECT_EQ(p.method, Method::monte_carlo);
  EXPECT_NE(p.reason.find("swept automatically preflop"), std::string::npos) << p.reason;
  // Per-combo equity by the sweep counts each hand, as before: its limit is the walk's 20 million
  // hands to score (random against random on a flop: 498 million, sampled).
  Question per_combo = ask(Game::omaha, {"random", "random"}, "2c3d4h", "");
  per_combo.per_combo = true;
  p = plan(per_combo);
  EXPECT_EQ(p.method, Method::monte_carlo);
  EXPECT_EQ(p.reason,
            "the sweep would score about 498,332,352 Omaha hands, more than the 20,000,000 scored "
            "automatically on a flop");
  // Hi/Lo: beyond the walk's limits (the showdowns too many), its sweep hand by hand when the hands
  // to score are at most 50 million: random against random on a turn (48 x 2 x 194,580), not on a
  // flop; A2** against $ds on a flop (47 million) too.
  p = plan(ask(Game::omaha_hilo, {"random", "random"}, "2c3d4h5s", ""));
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.exact_method, ExactMethod::sweep);
  EXPECT_EQ(p.reason,
            "the sweep would score about 18,679,680 Omaha hands, within the 50,000,000 enumerated "
            "automatically on a turn");
  p = plan(ask(Game::omaha_hilo, {"random", "random"}, "2c3d4h", ""));
  EXPECT_EQ(p.method, Method::monte_carlo);
  EXPECT_EQ(p.reason,
            "the sweep would score about 498,332,352 Omaha hands, more than the 50,000,000 scored "
            "automatically on a flop");
  p = plan(ask(Game::omaha_hilo, {"A2**", "$ds"}, "Kh7s2c", ""));
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.exact_method, ExactMethod::sweep);
  // Small ranges keep the walk (their answers as before).
  p = plan(ask(Game::omaha_hilo, {"A2KK,A3QQ", "8765"}, "Kh7s2c", ""));
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.exact_method, ExactMethod::boards);
  // Five-card hands, high or Hi/Lo, by the sweep hand by hand up to 15 million hands to score.
  for (const Game game : {Game::omaha5, Game::omaha5_hilo}) {
    p = plan(ask(game, {"AA***", "KK***"}, "Qh7s2c9d", ""));
    EXPECT_EQ(p.method, Method::exact);
    EXPECT_EQ(p.exact_method, ExactMethod::sweep);
    EXPECT_EQ(p.reason,
              "the sweep would score about 7,996,032 Omaha hands, within the 15,000,000 enumerated automatically "
              "on a turn");
    p = plan(ask(game, {"AA***", "KK***"}, "Qh7s2c", ""));
    EXPECT_EQ(p.method, Method::monte_carlo);
  }
  // On the flop: sampled, saying why.
  p = plan(ask(Game::omaha, {"AsKsQhJh", "random"}, "2c3d4h", ""));
  EXPECT_EQ(p.method, Method::monte_carlo);
  EXPECT_NE(p.reason.find("Omaha hands"), std::string::npos) << p.reason;
  const Answer a = calculate([] {
    Question q = ask(Game::omaha6_hilo, {"AsKsQhJhTc9c", "random"}, "", "");
    q.max_trials = 5'000;
    q.seed = 3;
    return q;
  }());
  EXPECT_EQ(a.method, Method::monte_carlo);
  EXPECT_EQ(a.reason, "");  // only automatic says why
}

void expect_error(const Question& q, const std::string& part) {
  try {
    (void)calculate(q);
    ADD_FAILURE() << "no error, expected " << part;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

// Fewer cards than the game's hand are a range, here as in `equity range` and Python: `AsAc` is
// every hand holding both (1,225 PLO4 hands), the same answer as `AsAc**`.
TEST(OmahaCalculate, FewerCardsThanAHandAreEveryHandHoldingThem) {
  const Answer a = calculate(ask(Game::omaha, {"AsAc", "KhQh"}, "2c7d9h3s5c", ""));
  const Answer b = calculate(ask(Game::omaha, {"AsAc**", "KhQh**"}, "2c7d9h3s5c", ""));
  ASSERT_EQ(a.players.size(), 2u);
  EXPECT_EQ(a.method, b.method);
  for (std::size_t p = 0; p < 2; ++p) {
    EXPECT_EQ(a.players[p].combos, b.players[p].combos);
    EXPECT_EQ(a.players[p].wins, b.players[p].wins);
    EXPECT_EQ(a.players[p].ties, b.players[p].ties);
    EXPECT_EQ(a.players[p].losses, b.players[p].losses);
  }
  EXPECT_EQ(a.players[0].combos, 990u);  // C(45, 2): every pair of the cards left beside AsAc
  EXPECT_GT(a.players[0].wins, 0u);
  const auto r = test::run_equity("--game omaha AsAc random --board 2c7d9h3s5c --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// A list of hands is a range of them, not the cards of one hand (it was refused as 8 cards when no
// card of it repeated).
TEST(OmahaCalculate, AListOfHandsIsARangeOfThem) {
  const Answer a = calculate(ask(Game::omaha, {"AsAcKdQh,3d4d8s8c", "KcKs9d8d"}, "2c7d9h3s", ""));
  EXPECT_EQ(a.players[0].combos, 2u);
  EXPECT_FALSE(a.players[0].specific);
  const Answer one = calculate(ask(Game::omaha, {"AsAcKdQh", "KcKs9d8d"}, "2c7d9h3s", ""));
  const Answer other = calculate(ask(Game::omaha, {"3d4d8s8c", "KcKs9d8d"}, "2c7d9h3s", ""));
  EXPECT_EQ(a.players[0].wins, one.players[0].wins + other.players[0].wins);
  EXPECT_EQ(a.players[1].losses, one.players[1].losses + other.players[1].losses);
}

// A specific hand is named as written: its cards in the order given, not the library's.
TEST(OmahaCalculate, AHandIsNamedAsWritten) {
  const Answer a = calculate(ask(Game::omaha, {"7c7d8h9h", "As Ks Qh Jh"}, "2c3d4h", ""));
  EXPECT_EQ(a.players[0].hand, "7c7d8h9h");
  EXPECT_EQ(a.players[1].hand, "AsKsQhJh");
  EXPECT_TRUE(a.players[0].specific);
}

TEST(OmahaCalculate, BadQuestionsNameWhatAndWhere) {
  Question sweep_six = ask(Game::omaha6_hilo, {"random", "random"}, "2c3d4h5s", "");
  sweep_six.exact_method = ExactMethod::sweep;
  expect_error(sweep_six, "the sweep method counts two players of four- or five-card Omaha hands without weights");
  expect_error(ask(Game::omaha, {"AsKsQhJh9c", "7c7d8h9h"}, "", ""),
               "player 1: \"AsKsQhJh9c\" has 5 cards; an omaha hand has 4");
  expect_error(ask(Game::omaha5_hilo, {"AsKsQhJh9c", "7c7d8h9h2c3c"}, "", ""),
               "player 2: \"7c7d8h9h2c3c\" has 6 cards; an omaha5-hilo hand has 5");
  expect_error(ask(Game::omaha, {"AsKsQhJh", "7c7d8hAs"}, "", ""), "card As appears twice (again in player 2)");
  expect_error(ask(Game::omaha, {"AsKsQhJh", "7c7d8h9h"}, "Ah2c", ""), "board has 2 cards");
  expect_error(ask(Game::omaha, {"AsKsQhJh", "7c7d8h9h"}, "2c3c4c", "3c"),
               "card 3c appears twice (again in dead cards)");
  expect_error(ask(Game::omaha, {"AsKsQhJh"}, "", ""), "at least 2 players");
  expect_error(ask(Game::omaha6, std::vector<std::string>(9, "random"), "", ""), "the deck has 52");
  Question q = ask(Game::omaha, {"AA**", "random"}, "2c3d4h", "");
  q.per_combo = true;  // sampled on the flop, and AA** is 6,121 hands
  expect_error(q, "per-combo equity (each hand's equity, and the distribution) is sampled here");
  try {  // the page shows the message as it is: no command-line flags in it
    (void)calculate(q);
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).find("--"), std::string::npos) << e.what();
  }
  q = ask(Game::omaha5, {"AsKsQhJh9c", "random"}, "2c3d4h5s6c", "");
  q.distribution = true;  // exact, but C(42, 5) = 850,668 hands of random and the hand
  expect_error(q, "would list 850,669 hands, more than the 500,000");
  q = ask(Game::omaha_hilo, {"AsKsQhJh", "random"}, "", "");
  q.hits = true;
  expect_error(q, "board: 0 cards; what a range hits needs a flop");
  q.hits = false;
  q.method = Method::table;
  expect_error(q, "no preflop table for omaha-hilo");
  q.method = Method::automatic;
  q.exact_method = ExactMethod::grouped;
  expect_error(q, "the grouped method is Hold'em's");
}

TEST(OmahaCalculate, CancelStopsAndExactRefusesYearsOfWork) {
  const std::atomic<bool> stop{true};
  Question q = ask(Game::omaha_hilo, {"As2sQhJh", "random"}, "2c3d4hKs", "");
  q.cancel = &stop;
  EXPECT_THROW((void)calculate(q), Cancelled);
  q.method = Method::monte_carlo;
  EXPECT_THROW((void)calculate(q), Cancelled);
  q = ask(Game::omaha, {"AsKsQhJh", "random"}, "", "");
  q.method = Method::exact;
  expect_error(q, "hands it takes on: ask for Monte Carlo");
  std::vector<double> seen;
  q = ask(Game::omaha, {"AsKsQhJh", "random"}, "2c3d4h5s", dead_except("AsKsQhJh2c3d4h5sAcKhQsTc9c8d7d6h4c4d"));
  q.progress = [&](const Progress& p) { seen.push_back(p.fraction); };
  (void)calculate(q);
  ASSERT_FALSE(seen.empty());
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
}

TEST(OmahaCalculate, JsonHasThePotUnitsAndTheLows) {
  const auto j =
      nlohmann::json::parse(to_json(calculate(ask(Game::omaha_hilo, {"As2sQhJh", "7c7d8h3h"}, "2c3d4hKs", ""))));
  EXPECT_EQ(j["game"], "omaha-hilo");
  EXPECT_EQ(j["pot_units"], 5040);
  EXPECT_EQ(j["exact_method"], "boards");
  std::uint64_t units = 0;
  for (const auto& p : j["players"]) {
    units += p["pot_units"].get<std::uint64_t>();
    for (const char* key : {"scoops", "low_wins", "low_ties", "lows"}) EXPECT_TRUE(p.contains(key)) << key;
  }
  EXPECT_EQ(units, 5040u * j["showdowns"].get<std::uint64_t>());  // every pot shared out whole
  const auto high =
      nlohmann::json::parse(to_json(calculate(ask(Game::omaha, {"AsKsQhJh", "7c7d8h9h"}, "2c3d4h5s", ""))));
  EXPECT_FALSE(high["players"][0].contains("scoops"));
  EXPECT_TRUE(high["players"][0].contains("pot_units"));
}

// Two wide PLO8 ranges on a turn from the command line: exact by the sweep hand by hand, every
// pot shared out whole, each hand's equity listed and the distribution exact (sampled and refused
// before: 37,240 hands).
TEST(OmahaCli, WideHiLoRangesAreSweptExactly) {
  auto r = test::run_equity("--game omaha-hilo 'A2**' '$ds' --board Kh7s2c3d --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["mode"], "exact");
  EXPECT_EQ(j["exact_method"], "sweep");
  const auto showdowns = j["showdowns"].get<std::uint64_t>();
  EXPECT_EQ(showdowns, 8'100'049'440u);
  std::uint64_t units = 0;
  for (const auto& p : j["players"]) {
    units += p["pot_units"].get<std::uint64_t>();
    EXPECT_EQ(p["wins"].get<std::uint64_t>() + p["ties"].get<std::uint64_t>() + p["losses"].get<std::uint64_t>(),
              showdowns);
    EXPECT_LE(p["scoops"].get<std::uint64_t>(), p["wins"].get<std::uint64_t>());
  }
  EXPECT_EQ(units, 5040u * showdowns);
  r = test::run_equity("--game omaha-hilo 'A2**' '$ds' --board Kh7s2c3d --distribution");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("showdowns counted exactly (sweep"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("A2**: equity distribution over the range"), std::string::npos) << r.out;
}

TEST(OmahaCli, HiLoColumnsAndExitCodes) {
  auto r = test::run_equity("--game omaha-hilo As2sQhJh 7c7d8h3h --board 2c3d4hKs");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Scoop  High win  High tie   Low win   Low tie  Low made"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game: Omaha Hi/Lo (8 or better)"), std::string::npos) << r.out;
  for (std::size_t start = 0, end; start < r.out.size(); start = end + 1) {
    end = r.out.find('\n', start);
    EXPECT_LE(end - start, 80u) << r.out.substr(start, end - start);
  }
  r = test::run_equity("--game omaha AsKsQhJh 7c7d8h9h --board 2c3d4h5s --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["players"][0]["wins"], 12);
  r = test::run_equity("--game omaha5 AsKsQhJh9c random --board 2c3d4h --trials 20000 --seed 1 --by-category");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("AsKsQhJh9c by final hand:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("20,000 random deals (seed 1"), std::string::npos) << r.out;
  // --by-category in Hi/Lo: the high's categories, then the low made, won and tied.
  r = test::run_equity("--game omaha-hilo As2sQhJh 7c7d8h3h --board 2c3d4hKs --by-category");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\nthree of a kind "), std::string::npos) << r.out;
  {
    const Answer a = calculate([] {
      Question q = ask(Game::omaha_hilo, {"As2sQhJh", "7c7d8h3h"}, "2c3d4hKs", "");
      q.by_category = true;
      return q;
    }());
    const auto at = r.out.find("\nlow (8 or better)");
    ASSERT_NE(at, std::string::npos) << r.out;
    std::istringstream line(r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1));
    std::vector<std::string> words;
    for (std::string w; line >> w;) words.push_back(w);
    ASSERT_GE(words.size(), 3u);
    auto count = [](std::string w) {
      std::erase(w, ',');
      return std::stoull(w);
    };
    EXPECT_EQ(count(words[words.size() - 3]), *a.players[0].lows);
    EXPECT_EQ(count(words[words.size() - 2]), *a.players[0].low_wins);
    EXPECT_EQ(count(words[words.size() - 1]), *a.players[0].low_ties);
    EXPECT_GT(*a.players[0].lows, 0u);
  }
  r = test::run_equity("--game omaha AsKsQhJh9c 7c7d8h9h");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "equity: player 1: \"AsKsQhJh9c\" has 5 cards; an omaha hand has 4\n");
  r = test::run_equity("--game omaha 'AA**' random --board 2c3d4h --per-combo");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is sampled here"), std::string::npos) << r.err;
  // The terminal's per-combo lines: the strongest and the weakest hands in two columns (the weakest
  // worst first), then the distribution.
  r = test::run_equity("--game omaha-hilo 'AA**:$ds' 'KK**' --board 2c3d4hKs5s --per-combo --distribution --exact");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("AA**:$ds: equity of its 693 hands (exact; --json has every hand)\n"
                       "  strongest, best first    weakest, worst first\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("KK**: equity distribution over the range"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace equity
