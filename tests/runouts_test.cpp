// Running it more than once and two boards (runouts.hpp, Question::runs and board2), against a
// brute force written here: every sequence of runouts with no card twice (each run dealt from what
// the earlier ones left; the second board from what the first left), each scored by the tests' own
// evaluators (best of 21 in Hold'em, two and three in Omaha with its 8-or-better low), the part's
// pot split in 5,040 units, and who took each part alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "equity/calculate.hpp"
#include "equity/cards.hpp"
#include "equity/error.hpp"
#include "eval/reference_evaluator.hpp"
#include "hand_ways.hpp"
#include "input_error.hpp"
#include "omaha_reference.hpp"

namespace equity {
namespace {

struct Outcome {
  std::vector<std::uint64_t> units;  // per player, 5,040 the part
  unsigned scoop = 0;                // bit p: player p took the part alone
};

using Score = std::function<std::pair<std::int64_t, std::int64_t>(const std::vector<Card>&, const std::vector<Card>&)>;

Outcome outcome(const std::vector<std::vector<Card>>& holes, const std::vector<Card>& board, const Score& score) {
  const std::size_t n = holes.size();
  std::vector<std::pair<std::int64_t, std::int64_t>> s;
  for (const auto& h : holes) s.push_back(score(h, board));
  std::int64_t best = INT64_MIN, best_low = 0;
  for (const auto& x : s) best = std::max(best, x.first), best_low = std::max(best_low, x.second);
  std::vector<std::size_t> high, low;
  for (std::size_t p = 0; p < n; ++p) {
    if (s[p].first == best) high.push_back(p);
    if (best_low > 0 && s[p].second == best_low) low.push_back(p);
  }
  Outcome o;
  o.units.assign(n, 0);
  for (std::size_t p : high) o.units[p] += (low.empty() ? 5040 : 2520) / high.size();
  for (std::size_t p : low) o.units[p] += 2520 / low.size();
  if (high.size() == 1 && (low.empty() || (low.size() == 1 && low[0] == high[0]))) o.scoop = 1u << high[0];
  return o;
}

std::vector<Card> deck_without(const std::vector<Card>& used) {
  std::vector<Card> deck;
  for (int id = 0; id < kCards; ++id)
    if (std::find(used.begin(), used.end(), Card(id)) == used.end()) deck.push_back(Card(id));
  return deck;
}

// Every sequence of `parts` runouts (part i completing boards[i]) with no card twice, into the
// totals the library reports.
struct Brute {
  std::uint64_t deals = 0;
  std::vector<std::uint64_t> units;
  std::vector<std::vector<std::uint64_t>> scooped;
};

Brute brute(const std::vector<std::vector<Card>>& holes, const std::vector<std::vector<Card>>& boards,
            const std::vector<Card>& dead, const Score& score) {
  const std::size_t n = holes.size(), parts = boards.size();
  std::vector<Card> used = dead;
  for (const auto& h : holes) used.insert(used.end(), h.begin(), h.end());
  for (const auto& b : boards) used.insert(used.end(), b.begin(), b.end());
  Brute out;
  out.units.assign(n, 0);
  out.scooped.assign(n, std::vector<std::uint64_t>(parts + 1));
  std::vector<Outcome> chosen;
  // Each completed board scored once (a board recurs in every sequence that deals it).
  std::map<std::pair<std::size_t, std::uint64_t>, Outcome> scored;
  std::function<void(std::size_t, std::vector<Card>)> rec = [&](std::size_t part, std::vector<Card> taken) {
    if (part == parts) {
      ++out.deals;
      for (std::size_t p = 0; p < n; ++p) {
        std::size_t k = 0;
        for (const Outcome& o : chosen) out.units[p] += o.units[p], k += (o.scoop >> p) & 1u;
        ++out.scooped[p][k];
      }
      return;
    }
    const std::vector<Card> deck = deck_without(taken);
    const int k = 5 - static_cast<int>(boards[part].size());
    std::vector<Card> runout;
    std::function<void(std::size_t)> pick = [&](std::size_t from) {
      if (static_cast<int>(runout.size()) == k) {
        std::vector<Card> full = boards[part];
        full.insert(full.end(), runout.begin(), runout.end());
        std::uint64_t key = 0;
        for (Card c : runout) key |= std::uint64_t{1} << c.id();
        auto found = scored.find({part, key});
        if (found == scored.end()) found = scored.emplace(std::pair{part, key}, outcome(holes, full, score)).first;
        chosen.push_back(found->second);
        std::vector<Card> now = taken;
        now.insert(now.end(), runout.begin(), runout.end());
        rec(part + 1, now);
        chosen.pop_back();
        return;
      }
      for (std::size_t i = from; i < deck.size(); ++i) {
        runout.push_back(deck[i]);
        pick(i + 1);
        runout.pop_back();
      }
    };
    pick(0);
  };
  rec(0, used);
  return out;
}

std::pair<std::int64_t, std::int64_t> holdem(const std::vector<Card>& hole, const std::vector<Card>& board) {
  std::vector<Card> seven = hole;
  seven.insert(seven.end(), board.begin(), board.end());
  return {reference_score(seven), 0};
}

Score omaha(bool hi_lo) {
  return
      [hi_lo](const std::vector<Card>& hole, const std::vector<Card>& board) -> std::pair<std::int64_t, std::int64_t> {
        std::int64_t low = 0;
        if (hi_lo) {
          const auto l = test::omaha_brute_low(hole, board);
          if (!l.empty()) {
            std::int64_t key = 0;
            for (int r : l) key = key * 16 + r;
            low = 10'000'000 - key;
          }
        }
        return {test::omaha_brute_high(hole, board), low};
      };
}

void expect_brute(const RunoutAnswer& r, const Brute& b, const std::string& what) {
  EXPECT_TRUE(r.exact) << what;
  EXPECT_EQ(r.deals, b.deals) << what;
  EXPECT_EQ(r.pot_units, b.units) << what;
  EXPECT_EQ(r.scooped, b.scooped) << what;
  std::uint64_t total = 0;
  for (auto u : r.pot_units) total += u;
  EXPECT_EQ(total, 5040u * static_cast<std::uint64_t>(r.parts) * r.deals) << what << ": every part paid out whole";
}

std::vector<std::vector<Card>> holes_of(const std::vector<std::string>& players) {
  std::vector<std::vector<Card>> holes;
  for (const auto& p : players) holes.push_back(parse_cards(p));
  return holes;
}

Question question(Game game, std::vector<std::string> players, std::string board, std::string dead, int runs,
                  std::string board2 = "") {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.board = std::move(board);
  q.dead = std::move(dead);
  q.runs = runs;
  q.board2 = std::move(board2);
  q.use_table = false;
  return q;
}

TEST(Runs, TwiceHeadsUpOnAFlopAgainstTheBruteForce) {
  const std::vector<std::string> players = {"AsAc", "KdKc"};
  const Answer a = calculate(question(Game::holdem, players, "Kh7s2c", "", 2));
  ASSERT_TRUE(a.runouts.has_value());
  EXPECT_EQ(a.runouts->deals, 893'970u) << "the issue's count of pairs of runouts";
  expect_brute(*a.runouts, brute(holes_of(players), {parse_cards("Kh7s2c"), parse_cards("Kh7s2c")}, {}, holdem),
               "AsAc KdKc run twice");
  // The equity over the runs is one run's.
  EXPECT_NEAR(a.runouts->equity[0], a.players[0].equity, 1e-12);
}

TEST(Runs, ThreeTimesThreeWayOnATurnWithADeadCard) {
  const std::vector<std::string> players = {"AhKh", "7c7d", "QsJs"};
  const Answer a = calculate(question(Game::holdem, players, "Th9h4c6d", "2s", 3));
  ASSERT_TRUE(a.runouts.has_value());
  const std::vector<Card> board = parse_cards("Th9h4c6d");
  expect_brute(*a.runouts, brute(holes_of(players), {board, board, board}, parse_cards("2s"), holdem), "3 runs");
  for (std::size_t p = 0; p < 3; ++p) EXPECT_NEAR(a.runouts->equity[p], a.players[p].equity, 1e-12);
}

TEST(TwoBoards, OmahaAndOmahaHiLoHeadsUpAgainstTheBruteForce) {
  for (const bool hi_lo : {false, true}) {
    const Game game = hi_lo ? Game::omaha_hilo : Game::omaha;
    const std::vector<std::string> players = {"As2sQhJh", "Ac3d8c7d"};
    const Answer a = calculate(question(game, players, "Kh7s5c9d", "", 1, "6h4c2d"));
    ASSERT_TRUE(a.runouts.has_value());
    EXPECT_EQ(a.runouts->boards, 2);
    expect_brute(*a.runouts,
                 brute(holes_of(players), {parse_cards("Kh7s5c9d"), parse_cards("6h4c2d")}, {}, omaha(hi_lo)),
                 hi_lo ? "omaha-hilo two boards" : "omaha two boards");
  }
}

TEST(TwoBoards, HoldemEachBoardsEquityIsItsOwnQuestion) {
  const Answer a = calculate(question(Game::holdem, {"AsAc", "KdKc", "QsQh"}, "Kh7s2c", "", 1, "9d9h4s3c"));
  ASSERT_TRUE(a.runouts.has_value());
  expect_brute(*a.runouts,
               brute(holes_of({"AsAc", "KdKc", "QsQh"}), {parse_cards("Kh7s2c"), parse_cards("9d9h4s3c")}, {}, holdem),
               "holdem two boards three-way");
  // The first board's table is its own question with the second board's cards out of the deck;
  // over both boards the equity is the average of the two boards' own questions.
  Question second = question(Game::holdem, {"AsAc", "KdKc", "QsQh"}, "9d9h4s3c", "Kh7s2c", 1);
  const Answer b = calculate(second);
  for (std::size_t p = 0; p < 3; ++p)
    EXPECT_NEAR(a.runouts->equity[p], (a.players[p].equity + b.players[p].equity) / 2, 1e-12) << p;
}

TEST(TwoBoards, RunTwiceAgainstTheBruteForce) {
  // Both turns known, run twice: each run deals a river to each board, four parts of the pot (run 1
  // board 1, run 1 board 2, run 2 board 1, run 2 board 2), every card from the one deck.
  for (const Game game : {Game::holdem, Game::omaha_hilo}) {
    const bool omaha_game = game == Game::omaha_hilo;
    const std::vector<std::string> players = omaha_game ? std::vector<std::string>{"As2sQhJh", "Ac3d8c7d"}
                                                        : std::vector<std::string>{"AsAc", "KdKc", "QsJs"};
    const std::string board = omaha_game ? "Kh7s5c9d" : "Kh7s2c4d", board2 = omaha_game ? "6h4c2d5s" : "9d9h4s3c";
    // Ten cards dead: 3.3 times fewer sequences of four rivers for the brute force (it took 33 s).
    const std::string dead = omaha_game ? "2h3h4h5h7h8h9hThAhKs" : "2h3h5h6h7h8hTh5d6d8d";
    const Answer a = calculate(question(game, players, board, dead, 2, board2));
    ASSERT_TRUE(a.runouts.has_value());
    EXPECT_EQ(a.runouts->runs, 2);
    EXPECT_EQ(a.runouts->boards, 2);
    EXPECT_EQ(a.runouts->parts, 4);
    const std::vector<Card> one = parse_cards(board), two = parse_cards(board2);
    expect_brute(*a.runouts,
                 brute(holes_of(players), {one, two, one, two}, parse_cards(dead), omaha_game ? omaha(true) : holdem),
                 omaha_game ? "omaha-hilo two boards run twice" : "holdem two boards run twice");
    // The equity over every part is the two boards' average, as with one run.
    const Answer once = calculate(question(game, players, board, dead, 1, board2));
    for (std::size_t p = 0; p < players.size(); ++p)
      EXPECT_NEAR(a.runouts->equity[p], once.runouts->equity[p], 1e-12) << p;
  }
}

TEST(Runs, PreflopIsSampledWithinItsError) {
  // Short deck: 98,280 runouts a run (Hold'em's 1.7 million take a second to score), still far
  // past what is counted exactly.
  Question q = question(Game::shortdeck, {"AsAc", "KhQh"}, "", "", 2);
  q.seed = 11;
  const Answer a = calculate(q);
  ASSERT_TRUE(a.runouts.has_value());
  EXPECT_FALSE(a.runouts->exact);
  ASSERT_EQ(a.runouts->standard_error.size(), 2u);
  EXPECT_LE(a.runouts->standard_error[0], kDefaultStderr);
  EXPECT_NEAR(a.runouts->equity[0], a.players[0].equity, 5 * a.runouts->standard_error[0]);
  EXPECT_EQ(calculate(q).runouts->pot_units, a.runouts->pot_units) << "a seed gives the same deals";
}

// Every way the players hold their hands (each from its list, written out; no card twice), each
// way's brute force added: the joint count.
Brute brute_ranges(const std::vector<std::vector<std::string>>& hands, const std::vector<std::vector<Card>>& boards,
                   const std::vector<Card>& dead, const Score& score) {
  Brute total;
  total.units.assign(hands.size(), 0);
  total.scooped.assign(hands.size(), std::vector<std::uint64_t>(boards.size() + 1));
  std::vector<Card> known = dead;
  for (const auto& b : boards) known.insert(known.end(), b.begin(), b.end());
  test::each_way(hands, known, [&](const std::vector<std::vector<Card>>& holes) {
    const Brute one = brute(holes, boards, dead, score);
    total.deals += one.deals;
    for (std::size_t i = 0; i < hands.size(); ++i) {
      total.units[i] += one.units[i];
      for (std::size_t k = 0; k <= boards.size(); ++k) total.scooped[i][k] += one.scooped[i][k];
    }
  });
  return total;
}

TEST(Runs, OverRangesEveryWayTheyHoldTheirHands) {
  // Two ranges run twice on a turn (the second's jacks clash with the first's on JsJh: those ways
  // are out), and PLO Hi/Lo with a range of written-out hands on two boards.
  const Answer a = calculate(question(Game::holdem, {"QsQh,JsJh,AhKh", "JsJd,JcJh,9s9c", "7c7d"}, "Kh7s2c4d", "", 2));
  ASSERT_TRUE(a.runouts.has_value());
  const std::vector<Card> board = parse_cards("Kh7s2c4d");
  expect_brute(*a.runouts,
               brute_ranges({{"QsQh", "JsJh", "AhKh"}, {"JsJd", "JcJh", "9s9c"}, {"7c7d"}}, {board, board}, {}, holdem),
               "ranges run twice");
  for (std::size_t p = 0; p < 3; ++p) EXPECT_NEAR(a.runouts->equity[p], a.players[p].equity, 1e-12);
  const Answer o =
      calculate(question(Game::omaha_hilo, {"As2sQhJh,Ad3d8c7c", "KcKs9d8d"}, "Kh7s2c4d", "", 1, "9c5h3s6c"));
  ASSERT_TRUE(o.runouts.has_value());
  expect_brute(
      *o.runouts,
      brute_ranges({{"As2sQhJh", "Ad3d8c7c"}, {"KcKs9d8d"}}, {board, parse_cards("9c5h3s6c")}, {}, omaha(true)),
      "Omaha Hi/Lo ranges on two boards");
}

// Beyond what is counted exactly, runs over ranges are sampled with every player's hand drawn
// together (joint_sample.hpp): the equity over the runs within its error of the question's, and the
// scoops within theirs of the exact counts (the same question counted).
TEST(Runs, OverRangesSampledWithinTheirError) {
  Question q = question(Game::holdem, {"QsQh,JsJh,AhKh", "JsJd,JcJh,9s9c", "7c7d"}, "Kh7s2c4d", "", 2);
  const Answer exact = calculate(q);
  q.method = Method::monte_carlo;
  q.seed = 17;
  q.max_trials = 200'000;
  const Answer a = calculate(q);
  ASSERT_TRUE(a.runouts.has_value());
  const RunoutAnswer& r = *a.runouts;
  EXPECT_FALSE(r.exact);
  EXPECT_EQ(r.seed, 17u);
  EXPECT_EQ(r.deals, 200'000u);
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_NEAR(r.equity[p], exact.runouts->equity[p], 4 * r.standard_error[p]) << p;
    for (std::size_t k = 0; k <= 2; ++k) {
      const double f = static_cast<double>(exact.runouts->scooped[p][k]) / static_cast<double>(exact.runouts->deals);
      const double got = static_cast<double>(r.scooped[p][k]) / static_cast<double>(r.deals);
      EXPECT_NEAR(got, f, 4 * std::sqrt(f * (1 - f) / static_cast<double>(r.deals)) + 1e-9) << p << " " << k;
    }
  }
  // The same seed, the same numbers.
  const Answer again = calculate(q);
  EXPECT_EQ(again.runouts->scooped, r.scooped);
  // Omaha Hi/Lo over a range on two boards: the equity over the boards within its error of the
  // exact count's.
  Question omaha = question(Game::omaha_hilo, {"As2sQhJh,Ad3d8c7c", "KcKs9d8d"}, "Kh7s2c4d", "", 1, "9c5h3s6c");
  const Answer o_exact = calculate(omaha);
  ASSERT_TRUE(o_exact.runouts->exact);
  omaha.method = Method::monte_carlo;
  omaha.seed = 3;
  omaha.max_trials = 100'000;
  const Answer o = calculate(omaha);
  for (std::size_t p = 0; p < 2; ++p)
    EXPECT_NEAR(o.runouts->equity[p], o_exact.runouts->equity[p], 4 * o.runouts->standard_error[p]) << p;
}

TEST(Runouts, ErrorsSayWhatAndWhere) {
  const auto message = test::input_error_of;
  // Over ranges: counted exactly way by way of the ranges' hands (whole combos, within limits), else
  // sampled jointly; exact asked for beyond them is refused.
  EXPECT_EQ(message(question(Game::holdem, {"AsAc", "QQ+"}, "Kh7s2c", "", 2)), "no error");
  EXPECT_EQ(message(question(Game::holdem, {"AsAc", "QQ+:0.5"}, "Kh7s2c", "", 2)), "no error");
  EXPECT_EQ(message(question(Game::omaha, {"random", "AsKsQhJh"}, "Kh7s2c", "", 2)), "no error");
  Question too_many = question(Game::holdem, {"random", "random"}, "Kh7s2c", "", 2);
  too_many.method = Method::exact;
  EXPECT_NE(message(too_many).find("runs: over ranges, exact: the ranges hold their hands together in more than 20000"),
            std::string::npos)
      << message(too_many);
  Question weighted = question(Game::holdem, {"AsAc", "QQ+:0.5"}, "Kh7s2c", "", 2);
  weighted.method = Method::exact;
  EXPECT_NE(message(weighted).find("a range is weighted"), std::string::npos) << message(weighted);
  EXPECT_NE(message(question(Game::holdem, {"AsAc", "KdKc"}, "Kh7s2c4d5c", "", 2)).find("the board is complete"),
            std::string::npos);
  EXPECT_NE(message(question(Game::holdem, {"AsAc", "KdKc"}, "Kh7s2c4d", "", 45)).find("at most 44 runs"),
            std::string::npos);
  EXPECT_NE(message(question(Game::stud, {"(AsKs)Qd", "(7c7d)8h"}, "", "", 2)).find("has no board"), std::string::npos);
  EXPECT_NE(message(question(Game::holdem, {"AsAc", "KdKc"}, "Kh7s2c", "", 1, "Kh9d4c")).find("board2: Kh is also in"),
            std::string::npos);
  EXPECT_NE(message(question(Game::holdem, {"AsAc", "KdKc"}, "Kh7s2c", "", 1, "9d4c")).find("board2: 0, 3, 4 or 5"),
            std::string::npos);
  // Two boards run more than once: cards for every run of both, and something left to run.
  EXPECT_NE(message(question(Game::holdem, {"AsAc", "KdKc"}, "Kh7s2c4d", "", 22, "9d9h4s3c")).find("at most 20 runs"),
            std::string::npos);
  EXPECT_NE(message(question(Game::holdem, {"AsAc", "KdKc"}, "Kh7s2c4d5h", "", 2, "9d9h4s3c2h"))
                .find("both boards are complete"),
            std::string::npos);
}

}  // namespace
}  // namespace equity
