// Hand histories (hand_history.hpp, all_in_ev.hpp, hands_report.hpp): the files of tests/data/hands
// read line by line into what decides the pot, and every all-in's expected value against a brute
// force written here: every runout dealt (every completion of the board, or of every stud hand),
// the pot layered by every chip put in, folded players' too, each layer paid to the best hands
// among the players in it and still in (Hi/Lo: half to the best high, half to the best low).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "draw_brute_force.hpp"
#include "equity/all_in_ev.hpp"
#include "equity/error.hpp"
#include "equity/hand_history.hpp"
#include "equity/hands_report.hpp"
#include "eval/reference_evaluator.hpp"
#include "omaha_reference.hpp"
#include "stud_brute_force.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

std::string hands_dir() { return test::data_path("hands"); }

// Every hand of a file, read.
std::vector<HandHistory> read_file(const std::string& name) {
  std::ifstream in(hands_dir() + "/" + name);
  EXPECT_TRUE(in.good()) << name;
  HandHistoryReader reader(in);
  std::vector<HandHistory> out;
  HandText text;
  while (reader.next(text)) out.push_back(parse_hand_history(text));
  return out;
}

const HandPlayer& player(const HandHistory& h, const std::string& name) {
  for (const auto& p : h.players)
    if (p.name == name) return p;
  throw std::invalid_argument("no player " + name);
}

// ---- The brute force ------------------------------------------------------------------------------

struct Score {
  std::int64_t high = 0, low = 0;  // bigger is better; low 0: none
};

Score score_of(Game game, const std::vector<Card>& hole, const std::vector<Card>& board) {
  std::vector<Card> all = hole;
  all.insert(all.end(), board.begin(), board.end());
  switch (game) {
    case Game::holdem:
      return {reference_score(all), 0};
    case Game::omaha:
    case Game::omaha_hilo: {
      Score s{test::omaha_brute_high(hole, board), 0};
      const std::vector<int> low = game == Game::omaha_hilo ? test::omaha_brute_low(hole, board) : std::vector<int>{};
      if (!low.empty()) {
        std::int64_t key = 0;
        for (int r : low) key = key * 16 + r;
        s.low = 10'000'000 - key;
      }
      return s;
    }
    case Game::stud:
    case Game::stud_hilo:
    case Game::razz: {
      const StudGame g = game == Game::stud   ? StudGame::stud
                         : game == Game::razz ? StudGame::razz
                                              : StudGame::stud_hilo;
      const test::BruteScore b = test::brute_score(g, all);
      return {b.high, b.low};
    }
    case Game::draw:
      return {reference_score(all), 0};
    case Game::deuce7_single:
    case Game::deuce7_triple: {
      std::array<Card, 5> five{};
      std::copy_n(all.begin(), 5, five.begin());
      std::int64_t key = 0;
      for (int k : test::deuce_seven_key(five)) key = key * 16 + k;
      return {-key, 0};  // the smaller key the better hand
    }
    case Game::badugi: {
      std::array<Card, 4> four{};
      std::copy_n(all.begin(), 4, four.begin());
      const test::BadugiKey k = test::badugi_key(four);
      std::int64_t key = k[0] + 5;
      for (std::size_t i = 1; i < k.size(); ++i) key = key * 16 + k[i];
      return {-key, 0};
    }
    default:
      throw std::invalid_argument("no brute force for this game");
  }
}

// The all-in as the brute force sees it: every player's chips in, the players still in and their
// cards, the board, the dead cards.
struct Spot {
  Game game = Game::holdem;
  std::vector<double> put_in;            // every player
  std::vector<std::size_t> live;         // who is still in
  std::vector<std::vector<Card>> cards;  // theirs, at the all-in
  std::vector<Card> board, dead;
  double dead_money = 0;  // no one's, in the first layer
  double kept = 1;        // the pot less the rake, over the pot
};

// One runout's pot paid: every level of chips put in is a layer, won among the players still in who
// put in that much (none: the biggest of them, whose chips those are), split high and low.
void pay(const Spot& s, const std::vector<Score>& score, std::vector<double>& ev) {
  std::vector<double> levels(s.put_in.begin(), s.put_in.end());
  std::sort(levels.begin(), levels.end());
  double below = 0;
  for (double level : levels) {
    if (level <= below) continue;
    double chips = 0;
    for (double c : s.put_in) chips += std::min(c, level) - std::min(c, below);
    if (below == 0) chips += s.dead_money;
    std::vector<std::size_t> in;
    for (std::size_t i = 0; i < s.live.size(); ++i)
      if (s.put_in[s.live[i]] >= level) in.push_back(i);
    if (in.empty()) {
      std::size_t top = 0;
      for (std::size_t i = 0; i < s.live.size(); ++i)
        if (s.put_in[s.live[i]] > s.put_in[s.live[top]]) top = i;
      in.push_back(top);
    }
    std::int64_t best_high = INT64_MIN, best_low = 0;
    for (std::size_t i : in)
      best_high = std::max(best_high, score[i].high), best_low = std::max(best_low, score[i].low);
    std::vector<std::size_t> high, low;
    for (std::size_t i : in) {
      if (score[i].high == best_high) high.push_back(i);
      if (best_low > 0 && score[i].low == best_low) low.push_back(i);
    }
    const double high_part = low.empty() ? chips : chips / 2;
    for (std::size_t i : high) ev[i] += high_part / static_cast<double>(high.size());
    for (std::size_t i : low) ev[i] += chips / 2 / static_cast<double>(low.size());
    below = level;
  }
}

std::vector<Card> deck_less(const Spot& s) {
  std::vector<Card> used = s.board;
  used.insert(used.end(), s.dead.begin(), s.dead.end());
  for (const auto& c : s.cards) used.insert(used.end(), c.begin(), c.end());
  std::vector<Card> deck;
  for (int id = 0; id < kCards; ++id)
    if (std::find(used.begin(), used.end(), Card(id)) == used.end()) deck.push_back(Card(id));
  return deck;
}

// The cards a player's hand is made of when complete: the board games' board, a stud hand's seven,
// a draw game's hand.
std::size_t complete(Game game) {
  if (has_board(game)) return 5;
  return game_rules(game).draws > 0 ? static_cast<std::size_t>(game_rules(game).hole_cards) : 7;
}

// Each player's chips expected: every completion of the board (or of every stud hand, or every
// draw game's hand from the cards kept, one player after another), equally likely.
std::vector<double> brute_ev(const Spot& s) {
  const std::vector<Card> deck = deck_less(s);
  std::vector<double> sum(s.live.size());
  std::uint64_t deals = 0;
  std::vector<std::vector<Card>> hands = s.cards;
  std::vector<Card> board = s.board;
  std::vector<bool> used(deck.size());
  const bool stud = !has_board(s.game);
  std::function<void(std::size_t, std::size_t)> deal = [&](std::size_t who, std::size_t from) {
    const bool full = (stud ? hands[who].size() : board.size()) == complete(s.game);
    if (full) {
      if (stud && who + 1 < hands.size()) return deal(who + 1, 0);
      std::vector<Score> score;
      for (const auto& h : hands) score.push_back(score_of(s.game, h, stud ? std::vector<Card>{} : board));
      pay(s, score, sum);
      ++deals;
      return;
    }
    for (std::size_t i = from; i < deck.size(); ++i) {
      if (used[i]) continue;
      used[i] = true;
      auto& to = stud ? hands[who] : board;
      to.push_back(deck[i]);
      deal(who, i + 1);
      to.pop_back();
      used[i] = false;
    }
  };
  deal(0, 0);
  for (double& x : sum) x = x * s.kept / static_cast<double>(deals);
  return sum;
}

Spot spot_of(const HandHistory& h) {
  Spot s;
  s.game = h.game;
  for (const auto& p : h.players) s.put_in.push_back(p.put_in);
  s.live = h.live();
  const std::size_t n =
      has_board(h.game) ? h.players[s.live[0]].cards.size() : 3 + static_cast<std::size_t>(h.last_action_street);
  for (std::size_t p : s.live)
    s.cards.emplace_back(h.players[p].cards.begin(), h.players[p].cards.begin() + static_cast<std::ptrdiff_t>(n));
  s.board = h.board_at_last_action;
  for (const auto& p : h.players)
    if (p.folded) s.dead.insert(s.dead.end(), p.up.begin(), p.up.end());
  s.dead_money = h.dead_money;
  s.kept = (h.total_pot - h.rake) / h.total_pot;
  return s;
}

// The library's expected values against the brute force's, to a billionth of the pot.
void expect_evs(const HandHistory& h, const AllInEv& ev, const std::vector<double>& brute) {
  ASSERT_EQ(ev.players.size(), brute.size());
  double sum = 0;
  for (std::size_t i = 0; i < brute.size(); ++i) {
    EXPECT_NEAR(ev.players[i].ev, brute[i], 1e-9 * h.total_pot) << ev.players[i].name;
    sum += ev.players[i].ev;
  }
  EXPECT_NEAR(sum, h.total_pot - h.rake, 1e-9 * h.total_pot);
}

void expect_ev_as_brute_force(const HandHistory& h) {
  SCOPED_TRACE("hand " + h.id);
  expect_evs(h, all_in_ev(h), brute_ev(spot_of(h)));
}

// ---- Reading -------------------------------------------------------------------------------------

TEST(HandHistory, ReadsACashHandWithRakeAndAnUncalledBet) {
  const auto hands = read_file("pokerstars/holdem-cash.txt");
  ASSERT_EQ(hands.size(), 3u);
  const HandHistory& h = hands[0];
  EXPECT_EQ(h.site, HandSite::pokerstars);
  EXPECT_EQ(h.id, "230000000001");
  EXPECT_EQ(h.game, Game::holdem);
  EXPECT_EQ(h.game_text, "Hold'em No Limit");
  EXPECT_EQ(h.stakes, "$0.05/$0.10");
  EXPECT_EQ(h.currency, "USD");
  EXPECT_EQ(h.symbol, "$");
  EXPECT_DOUBLE_EQ(h.big_blind, 0.10);
  EXPECT_FALSE(h.tournament);
  EXPECT_EQ(h.hero, "Hero");
  EXPECT_EQ(h.line, 1u);
  ASSERT_EQ(h.players.size(), 3u);
  EXPECT_NEAR(player(h, "Hero").put_in, 10, 1e-9);
  EXPECT_NEAR(player(h, "Villain").put_in, 10, 1e-9);  // 12.50 less 2.50 returned
  EXPECT_NEAR(player(h, "Folder").put_in, 0.30, 1e-9);
  EXPECT_TRUE(player(h, "Folder").folded);
  EXPECT_TRUE(player(h, "Villain").all_in);
  EXPECT_NEAR(player(h, "Hero").collected, 19.80, 1e-9);
  EXPECT_NEAR(h.total_pot, 20.30, 1e-9);
  EXPECT_NEAR(h.rake, 0.50, 1e-9);
  EXPECT_EQ(to_string(player(h, "Villain").cards), "QsQh");
  EXPECT_EQ(to_string(h.boards.at(0)), "Kc7h2d9s7c");
  EXPECT_EQ(h.last_action_street, 1);
  EXPECT_EQ(to_string(h.board_at_last_action), "Kc7h2d");
  EXPECT_FALSE(not_an_all_in(h));
  // The second hand: a walk (no showdown); the third starts on its line.
  EXPECT_EQ(not_an_all_in(hands[1]).value_or(""), "no showdown");
  EXPECT_EQ(hands[1].line, 34u);
}

TEST(HandHistory, AnAllInOnTheFlopAgainstTheBruteForce) {
  const auto hands = read_file("pokerstars/holdem-cash.txt");
  const AllInEv ev = all_in_ev(hands[0]);
  EXPECT_EQ(ev.street, 1);
  EXPECT_EQ(ev.board, "Kc7h2d");
  ASSERT_EQ(ev.players.size(), 2u);
  EXPECT_EQ(ev.players[0].name, "Hero");
  EXPECT_EQ(ev.players[0].cards, "AhKd");
  // AK against QQ on K72: 2 queens of 45 cards twice; the folder's 0.30 in the pot.
  expect_ev_as_brute_force(hands[0]);
}

TEST(HandHistory, SidePotsFourWaysWithAFoldedPlayersChipsInThem) {
  const auto hands = read_file("pokerstars/holdem-cash.txt");
  const HandHistory& h = hands[2];
  EXPECT_EQ(h.live().size(), 4u);
  EXPECT_EQ(h.last_action_street, 2);  // the turn: Eve folded
  EXPECT_NEAR(player(h, "Eve").put_in, 12, 1e-9);
  EXPECT_NEAR(player(h, "Bob").collected, 53, 1e-9);
  EXPECT_EQ(h.hero, "Hero");
  expect_ev_as_brute_force(h);
  // The question the page's "Open in calculator" asks (all_in_question(): Eve's 12 as folded chips,
  // in the pots they reached) answers each player's EV as the hand's, before the rake.
  const Question q = all_in_question(h);
  EXPECT_NE(std::find(q.folded.begin(), q.folded.end(), 12.0), q.folded.end());
  const AllInEv ev = all_in_ev(h);
  EXPECT_EQ(ev.folded, q.folded);
  const Answer a = calculate(q);
  const double kept = (ev.pot - ev.rake) / ev.pot;
  ASSERT_EQ(a.pot->ev.size(), ev.players.size());
  for (std::size_t i = 0; i < ev.players.size(); ++i)
    EXPECT_NEAR(a.pot->ev[i] * kept, ev.players[i].ev, 1e-9 * h.total_pot) << ev.players[i].name;
  EXPECT_NEAR(a.pot->chips, ev.pot, 1e-9 * h.total_pot);
}

TEST(HandHistory, RunTwiceHasOneRunsExpectation) {
  const auto hands = read_file("pokerstars/run-twice.txt");
  ASSERT_EQ(hands.size(), 1u);
  const HandHistory& h = hands[0];
  ASSERT_EQ(h.boards.size(), 2u);
  EXPECT_EQ(to_string(h.boards[1]), "9h8c2h7dKc");
  EXPECT_EQ(to_string(h.board_at_last_action), "9h8c2h");
  EXPECT_NEAR(player(h, "Hero").collected, 148.75, 1e-9);
  EXPECT_EQ(all_in_ev(h).runs, 2);
  expect_ev_as_brute_force(h);
}

TEST(HandHistory, OmahaHiLoSplitsTheExpectation) {
  const auto hands = read_file("pokerstars/omaha-hilo.txt");
  ASSERT_EQ(hands.size(), 1u);
  EXPECT_EQ(hands[0].game, Game::omaha_hilo);
  EXPECT_NEAR(player(hands[0], "Hero").collected, 51, 1e-9);
  expect_ev_as_brute_force(hands[0]);
}

TEST(HandHistory, StudOnSixthStreetWithTheFoldedUpCardsDead) {
  const auto hands = read_file("pokerstars/stud.txt");
  ASSERT_EQ(hands.size(), 1u);
  const HandHistory& h = hands[0];
  EXPECT_EQ(h.game, Game::stud);
  EXPECT_EQ(h.streets, 5);
  EXPECT_EQ(h.last_action_street, 3);
  EXPECT_EQ(to_string(player(h, "Ivan").cards), "AhTh4h5h9h2dJs");
  EXPECT_EQ(to_string(player(h, "Ivan").up), "4h5h9h2d");
  EXPECT_EQ(to_string(player(h, "Jill").up), "2sQcTc");
  const AllInEv ev = all_in_ev(h);
  EXPECT_EQ(ev.dead, "2sQcTc");
  EXPECT_EQ(ev.players[1].cards, "AhTh4h5h9h2d");
  expect_ev_as_brute_force(h);
}

TEST(HandHistory, TournamentWithAntesAllInPreflop) {
  const auto hands = read_file("pokerstars/tournament.txt");
  ASSERT_EQ(hands.size(), 1u);
  const HandHistory& h = hands[0];
  EXPECT_TRUE(h.tournament);
  EXPECT_EQ(h.stakes, "50/100");
  EXPECT_EQ(h.symbol, "");
  EXPECT_NEAR(player(h, "Max").put_in, 10, 1e-9);  // sitting out: the ante posted
  EXPECT_EQ(h.last_action_street, 0);
  EXPECT_NEAR(player(h, "Hero").put_in, 1500, 1e-9);
  EXPECT_NEAR(player(h, "Lee").put_in, 60, 1e-9);
}

// Preflop: 1,712,304 boards of the brute force (seconds; skipped in the sanitizers' run).
TEST(HandHistory, TournamentAllInPreflopAgainstTheBruteForceSlow) {
  expect_ev_as_brute_force(read_file("pokerstars/tournament.txt").at(0));
}

TEST(HandHistory, RazzOnSixthStreet) {
  const auto hands = read_file("pokerstars/razz.txt");
  ASSERT_EQ(hands.size(), 1u);
  EXPECT_EQ(hands[0].game, Game::razz);
  EXPECT_EQ(to_string(player(hands[0], "Ursula").cards), "Tc8s3h5h7dJc2c");
  expect_ev_as_brute_force(hands[0]);
}

TEST(HandHistory, StudHiLoThreeWaysWithASidePot) {
  const auto hands = read_file("pokerstars/stud-hilo.txt");
  ASSERT_EQ(hands.size(), 1u);
  const HandHistory& h = hands[0];
  EXPECT_EQ(h.game, Game::stud_hilo);
  EXPECT_NEAR(player(h, "Hero").put_in, 14, 1e-9);  // $2.20 returned
  EXPECT_NEAR(player(h, "Xena").put_in, 12.20, 1e-9);
  EXPECT_NEAR(player(h, "Walt").collected, 19.80, 1e-9);
  expect_ev_as_brute_force(h);
}

// Five stud hands on third street: too many cards to come to enumerate, sampled, seeded by the hand.
TEST(HandHistory, SampledWhereEnumerationIsTooSlowTheSameEveryRun) {
  const auto hands = read_file("pokerstars/stud-five-way.txt");
  ASSERT_EQ(hands.size(), 1u);
  const AllInEv a = all_in_ev(hands[0]), b = all_in_ev(hands[0], 2);
  EXPECT_EQ(a.method, Method::monte_carlo);
  ASSERT_EQ(a.players.size(), 5u);
  double sum = 0;
  for (std::size_t i = 0; i < a.players.size(); ++i) {
    EXPECT_EQ(a.players[i].ev, b.players[i].ev);  // the seed is the hand's, whatever the threads
    EXPECT_GT(a.players[i].ev_stderr, 0);
    EXPECT_LT(a.players[i].ev_stderr, 0.05);
    sum += a.players[i].ev;
  }
  EXPECT_NEAR(sum, 50, 1e-9);
  EXPECT_NEAR(a.players[2].equity, 0.30, 0.01);  // AA4 against four others: about 30%
}

// ---- GGPoker ---------------------------------------------------------------------------------------

TEST(HandHistory, GGPokerStraddleJackpotAndSidePotsWithoutLabels) {
  const auto hands = read_file("ggpoker/holdem-cash.txt");
  ASSERT_EQ(hands.size(), 2u);
  const HandHistory& h = hands[0];
  EXPECT_EQ(h.site, HandSite::ggpoker);
  EXPECT_EQ(h.id, "RC1000000001");
  EXPECT_EQ(h.stakes, "$0.5/$1");
  EXPECT_EQ(h.currency, "USD");
  EXPECT_EQ(h.hero, "Hero");
  EXPECT_NEAR(player(h, "9e8d7c6b").put_in, 2, 1e-9);  // the straddle
  EXPECT_NEAR(player(h, "f00dbabe").put_in, 100, 1e-9);
  EXPECT_NEAR(h.rake, 4, 1e-9);                               // the rake and the jackpot
  EXPECT_EQ(to_string(player(h, "7a1b2c3d").cards), "AcKc");  // shown at the all-in
  expect_ev_as_brute_force(h);
}

TEST(HandHistory, GGPokerOmahaRunTwiceWithACashDrop) {
  const auto hands = read_file("ggpoker/holdem-cash.txt");
  const HandHistory& h = hands[1];
  EXPECT_EQ(h.game, Game::omaha);
  EXPECT_EQ(h.game_text, "PLO");
  EXPECT_NEAR(h.dead_money, 0.5, 1e-9);
  ASSERT_EQ(h.boards.size(), 2u);
  EXPECT_EQ(to_string(h.boards[1]), "Td9d2s8dKh");
  EXPECT_EQ(to_string(h.board_at_last_action), "Td9d2s");
  expect_ev_as_brute_force(h);
}

TEST(HandHistory, GGPokerTournamentWithAntesAndCommas) {
  const auto hands = read_file("ggpoker/tournament.txt");
  ASSERT_EQ(hands.size(), 1u);
  const HandHistory& h = hands[0];
  EXPECT_TRUE(h.tournament);
  EXPECT_EQ(h.stakes, "400/800");
  EXPECT_DOUBLE_EQ(h.big_blind, 800);
  EXPECT_NEAR(player(h, "Hero").put_in, 9100, 1e-9);
  EXPECT_NEAR(player(h, "1b2c3d4e").collected, 19600, 1e-9);
  EXPECT_EQ(h.last_action_street, 2);
  expect_ev_as_brute_force(h);
}

TEST(HandHistory, HandsThatCannotBeReadSayWhereAndWhy) {
  std::ifstream in(hands_dir() + "/pokerstars/unreadable.txt");
  HandHistoryReader reader(in);
  HandText text;
  ASSERT_TRUE(reader.next(text));
  try {
    (void)parse_hand_history(text);
    FAIL();
  } catch (const HandHistoryError& e) {
    EXPECT_EQ(e.line(), 1u);
    EXPECT_STREQ(e.what(), "a game not read: Courchevel Pot Limit");
  }
  ASSERT_TRUE(reader.next(text));
  EXPECT_EQ(text.first_line, 19u);
  try {
    (void)parse_hand_history(text);
    FAIL();
  } catch (const HandHistoryError& e) {
    EXPECT_STREQ(e.what(), "truncated: no summary");
  }
  EXPECT_FALSE(reader.next(text));
}

// ---- The draw games -----------------------------------------------------------------------------

// A draw game's all-in as the brute force takes it, written out from the hand by hand: each player's
// cards kept and how many he draws, the discards known.
struct DrawAllIn {
  std::vector<std::string> kept;  // the players in, in seat order
  std::vector<std::size_t> draws;
  std::string dead;
};

Spot draw_spot(const HandHistory& h, const DrawAllIn& d) {
  Spot s;
  s.game = h.game;
  for (const auto& p : h.players) s.put_in.push_back(p.put_in);
  s.live = h.live();
  for (const auto& k : d.kept) s.cards.push_back(parse_cards(k));
  s.dead = parse_cards(d.dead);
  s.kept = (h.total_pot - h.rake) / h.total_pot;
  return s;
}

void expect_draw_ev_as_brute_force(const HandHistory& h, const DrawAllIn& d) {
  SCOPED_TRACE("hand " + h.id);
  const AllInEv ev = all_in_ev(h);
  ASSERT_EQ(ev.players.size(), d.kept.size());
  for (std::size_t i = 0; i < d.kept.size(); ++i)
    EXPECT_EQ(ev.players[i].cards,
              to_string(parse_cards(d.kept[i])) + (d.draws[i] > 0 ? "/" + std::to_string(d.draws[i]) : std::string()));
  EXPECT_EQ(ev.dead, to_string(parse_cards(d.dead)));
  EXPECT_EQ(ev.method, Method::exact);
  expect_evs(h, ev, brute_ev(draw_spot(h, d)));
}

TEST(HandHistory, DrawGamesReadDrawByDraw) {
  const auto hands = read_file("pokerstars/draw.txt");
  ASSERT_EQ(hands.size(), 5u);
  EXPECT_EQ(hands[0].game, Game::deuce7_single);
  EXPECT_EQ(hands[1].game, Game::deuce7_triple);
  EXPECT_EQ(hands[2].game, Game::badugi);
  EXPECT_EQ(hands[3].game, Game::draw);
  EXPECT_EQ(hands[0].streets, 2);
  EXPECT_EQ(hands[1].streets, 4);
  // The single draw has no marker: its bets before the draw are its first street.
  EXPECT_EQ(hands[0].last_action_street, 0);
  EXPECT_EQ(player(hands[0], "Villain").drawn, std::vector<int>{0});
  EXPECT_EQ(player(hands[0], "Hero").drawn, std::vector<int>{1});
  // Triple draw: every draw's count, the hero's hand after each, the all-in after the second draw.
  const HandHistory& triple = hands[1];
  EXPECT_EQ(triple.last_action_street, 2);
  EXPECT_EQ(street_name(triple.game, triple.last_action_street), "after the 2nd draw");
  EXPECT_EQ(street_name(hands[0].game, 1), "after the draw");
  EXPECT_EQ(player(triple, "Villain").drawn, (std::vector<int>{2, 1, 0}));
  EXPECT_EQ(player(triple, "Short").drawn, (std::vector<int>{3, 1, 0}));
  const auto& hero = player(triple, "Hero");
  ASSERT_EQ(hero.held.size(), 4u);
  EXPECT_EQ(to_string(hero.held[0]), "2c4d9hKcKs");
  EXPECT_EQ(to_string(hero.held[3]), "2c4d7s3h8c");
  EXPECT_EQ(to_string(player(triple, "Villain").cards), "9c6d5c4h2s");
  // Badugi: the hero stands pat twice (no "Dealt to" then): his hand stays.
  const auto& badugi = player(hands[2], "Hero");
  EXPECT_EQ(badugi.drawn, (std::vector<int>{1, 0, 0}));
  ASSERT_EQ(badugi.held.size(), 4u);
  EXPECT_EQ(to_string(badugi.held[3]), "Ac5d9h3s");
}

TEST(HandHistory, DrawAllInsAgainstTheBruteForce) {
  const auto hands = read_file("pokerstars/draw.txt");
  // 2-7 single draw before the draw: a pat nine against the hero drawing one to an eight.
  expect_draw_ev_as_brute_force(hands[0], {{"2d6h3d4c9d", "7s3c8d5h"}, {0, 1}, "Kd"});
  // 2-7 triple draw after the second draw, three ways with a side pot: the hero draws one, both
  // others stand pat; his discards of every draw out of the deck.
  expect_draw_ev_as_brute_force(hands[1], {{"2c4d7s3h", "9c6d5c4h2s", "Tc8h6s3d2d"}, {1, 0, 0}, "KcKs7d9h"});
  // Five-card draw before the draw: aces drawing three against a pat two pair.
  expect_draw_ev_as_brute_force(hands[3], {{"KcKd8s8h5d", "AhAd"}, {0, 3}, "7c4s2h"});
}

// A draw game's all-in whose hands at the all-in are not all known is not counted, and says why:
// another player's cards before his draw are never shown; with more than one draw to come, the
// later draws are choices.
TEST(HandHistory, DrawAllInsNotKnownSayWhy) {
  const auto hands = read_file("pokerstars/draw.txt");
  EXPECT_TRUE(all_in_with_cards_to_come(hands[2]));
  EXPECT_EQ(not_an_all_in(hands[2]), std::optional<std::string>("cards drawn not shown"));
  EXPECT_EQ(not_an_all_in(hands[4]),
            std::optional<std::string>("3 draws to come, the later ones the players' choices"));
  HandsOptions options;
  options.threads = 1;
  std::vector<std::string> not_counted;
  const HandsReport r = read_hands({hands_dir() + "/pokerstars/draw.txt"}, options, [&](const HandOutcome& o) {
    if (!o.all_in_not_counted.empty()) not_counted.push_back(o.hand->id);
  });
  EXPECT_EQ(r.counted, 5u);
  EXPECT_EQ(r.all_ins, 3u);
  EXPECT_EQ(not_counted, (std::vector<std::string>{"300000000003", "300000000005"}));
  ASSERT_EQ(r.not_counted.size(), 2u);
  EXPECT_EQ(r.not_counted[0], (std::pair<std::string, std::uint64_t>{"cards drawn not shown", 1}));
  // Their result stands: the badugi hand's net as adjusted.
  ASSERT_GE(r.stakes.size(), 3u);
  EXPECT_EQ(r.stakes[2].game, "Badugi Limit");
  EXPECT_DOUBLE_EQ(r.stakes[2].net, -4.0);
  EXPECT_DOUBLE_EQ(r.stakes[2].adjusted, -4.0);
}

// Split Hold'em's two boards have betting after both: not read as a board run twice.
TEST(HandHistory, SplitHoldemIsAGameNotRead) {
  HandText text;
  text.add("PokerStars Hand #230000000090:  Split Hold'em No Limit ($0.05/$0.10 USD) - 2026/11/14 20:00:00 ET");
  try {
    (void)parse_hand_history(text);
    FAIL();
  } catch (const HandHistoryError& e) {
    EXPECT_STREQ(e.what(), "a game not read: Split Hold'em No Limit");
  }
}

// A hand whose hero's cards before the draw were not written (only his draw's "Dealt to"): not
// known at the all-in, not counted (the fuzzer's find: it made an empty hand of the question).
TEST(HandHistory, ADrawHandNotWrittenBeforeTheDrawIsNotKnown) {
  std::ifstream in(hands_dir() + "/pokerstars/draw.txt");
  HandHistoryReader reader(in);
  HandText text, without;
  ASSERT_TRUE(reader.next(text));
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text.line(i) != "Dealt to Hero [7s 3c 8d 5h Kd]") without.add(text.line(i));
  ASSERT_EQ(without.size() + 1, text.size());
  const HandHistory h = parse_hand_history(without);
  EXPECT_TRUE(all_in_with_cards_to_come(h));
  EXPECT_EQ(not_an_all_in(h), std::optional<std::string>("cards not shown"));
}

// ---- The report ------------------------------------------------------------------------------------

struct Read {
  HandsReport report;
  std::vector<std::string> lines;  // each hand counted: id, player, net, adjusted, every ev
};

Read read_with(const std::function<HandsReport(const std::function<void(const HandOutcome&)>&)>& read) {
  Read r;
  r.report = read([&](const HandOutcome& o) {
    std::ostringstream line;
    line.precision(17);
    line << o.hand->id << " " << o.player << " " << o.net << " " << o.adjusted;
    if (o.all_in)
      for (const auto& p : o.all_in->players) line << " " << p.ev;
    r.lines.push_back(line.str());
  });
  return r;
}

TEST(HandsReport, TheSameOnOneThreadOrTwoInFileOrder) {
  const auto on = [](int threads) {
    return read_with([&](const auto& each) {
      HandsOptions options;
      options.threads = threads;
      return read_hands({hands_dir()}, options, each);
    });
  };
  const Read one = on(1), two = on(2);
  EXPECT_EQ(one.lines, two.lines);
  ASSERT_EQ(one.lines.size(), 18u);
  EXPECT_EQ(one.lines[0].substr(0, 13), "RC1000000001 ");  // ggpoker/ before pokerstars/
  EXPECT_EQ(one.report.files, 12u);
  EXPECT_EQ(one.report.hands, 20u);
  EXPECT_EQ(one.report.counted, 18u);
  EXPECT_EQ(one.report.all_ins, 15u);
  EXPECT_EQ(one.report.skipped, 2u);
  ASSERT_EQ(one.report.skips.size(), 2u);
  EXPECT_EQ(one.report.skips[1].line, 30u);
  EXPECT_EQ(one.report.heroes, std::vector<std::string>{"Hero"});
  // The totals of one stakes: the flop all-in's expectation in place of its $19.80.
  const auto& cash = *std::find_if(one.report.stakes.begin(), one.report.stakes.end(),
                                   [](const StakeTotals& s) { return s.stakes == "$0.05/$0.10"; });
  EXPECT_EQ(cash.hands, 2u);
  EXPECT_EQ(cash.all_in_hands, 1u);
  EXPECT_NEAR(cash.net, 9.80, 1e-9);
  const double ev = all_in_ev(read_file("pokerstars/holdem-cash.txt")[0]).players[0].ev;
  EXPECT_NEAR(cash.adjusted, ev - 10, 1e-9);
}

TEST(HandsReport, TextInMemoryReadsAsItsFileAndAHeroIsChosen) {
  const std::string path = hands_dir() + "/pokerstars/holdem-cash.txt";
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const Read file = read_with([&](const auto& each) { return read_hands({path}, {}, each); });
  const Read memory = read_with([&](const auto& each) { return read_hands_text({{"pasted", text}}, {}, each); });
  EXPECT_EQ(file.lines, memory.lines);
  HandsOptions villain;
  villain.hero = "Villain";
  const Read other = read_with([&](const auto& each) { return read_hands({path}, villain, each); });
  EXPECT_EQ(other.report.counted, 2u);  // seated in two hands of three
  EXPECT_EQ(other.report.heroes, std::vector<std::string>{"Villain"});
  EXPECT_THROW((void)read_hands({hands_dir() + "/nope"}, {}, nullptr), InputError);
}

}  // namespace
}  // namespace equity
