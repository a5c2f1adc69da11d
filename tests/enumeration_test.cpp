#include "equity/enumeration.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <bit>
#include <random>
#include <sstream>
#include <stdexcept>

#include "equity/error.hpp"
#include "eval/reference_evaluator.hpp"
#include "test_support.hpp"

using namespace equity;

namespace {

Deal make_deal(const std::vector<std::string>& hands, const std::string& board = "", const std::string& dead = "") {
  Deal d;
  for (const auto& h : hands) d.hands.push_back(parse_hole_cards(h));
  d.board = parse_cards(board);
  d.dead = parse_cards(dead);
  return d;
}

// Every board scored with the reference evaluator (best of 21), one by one: the independent oracle.
EnumerationResult brute_force_reference(const Deal& deal) {
  const auto deck = (CardSet::full() - deal.used_cards()).cards();
  const int k = 5 - static_cast<int>(deal.board.size());
  const std::size_t n = deal.hands.size();
  EnumerationResult r;
  r.players.resize(n);
  std::vector<Card> board = deal.board;
  std::vector<ReferenceScore> score(n);
  auto rec = [&](auto&& self, std::size_t next, int left) -> void {
    if (left == 0) {
      ++r.boards;
      for (std::size_t p = 0; p < n; ++p) {
        std::vector<Card> seven = board;
        seven.push_back(deal.hands[p][0]);
        seven.push_back(deal.hands[p][1]);
        score[p] = reference_score(seven);
      }
      const auto best = *std::max_element(score.begin(), score.end());
      const auto winners = static_cast<std::uint64_t>(std::count(score.begin(), score.end(), best));
      for (std::size_t p = 0; p < n; ++p) {
        if (score[p] != best)
          ++r.players[p].losses;
        else if (winners == 1)
          ++r.players[p].wins, r.players[p].share += kShareUnit;
        else
          ++r.players[p].ties, r.players[p].share += kShareUnit / winners;
      }
      return;
    }
    for (std::size_t i = next; i + static_cast<std::size_t>(left) <= deck.size(); ++i) {
      board.push_back(deck[i]);
      self(self, i + 1, left - 1);
      board.pop_back();
    }
  };
  rec(rec, 0, k);
  return r;
}

Deal random_deal(std::mt19937_64& rng, int players, int board_cards, int dead_cards) {
  std::vector<int> ids(52);
  for (int i = 0; i < 52; ++i) ids[static_cast<std::size_t>(i)] = i;
  std::shuffle(ids.begin(), ids.end(), rng);
  std::size_t at = 0;
  Deal d;
  for (int p = 0; p < players; ++p, at += 2) d.hands.push_back({Card(ids[at]), Card(ids[at + 1])});
  for (int i = 0; i < board_cards; ++i) d.board.push_back(Card(ids[at++]));
  for (int i = 0; i < dead_cards; ++i) d.dead.push_back(Card(ids[at++]));
  return d;
}

// Deals that stress the flush pass: many cards of one suit among the hands and the board.
Deal suited_deal(std::mt19937_64& rng, int players, int board_cards) {
  for (;;) {
    Deal d = random_deal(rng, players, board_cards, static_cast<int>(rng() % 3));
    int hearts = 0;
    for (const auto& h : d.hands) hearts += (h[0].suit() == 2) + (h[1].suit() == 2);
    for (Card c : d.board) hearts += c.suit() == 2;
    if (hearts >= 3) return d;
  }
}

std::string describe(const Deal& d) {
  std::string s;
  for (const auto& h : d.hands) s += h[0].str() + h[1].str() + " ";
  return s + "board " + to_string(d.board) + " dead " + to_string(d.dead);
}

}  // namespace

TEST(Enumeration, PublishedHeadsUpCountsExactly) {
  const auto rows = test::read_csv(test::data_path("exact/headsup.csv"));
  ASSERT_EQ(rows.size(), 10u);
  for (const auto& row : rows) {
    const auto r = enumerate(make_deal({row[0], row[1]}));
    SCOPED_TRACE(row[0] + " vs " + row[1]);
    EXPECT_EQ(r.boards, std::stoull(row[2]));
    EXPECT_EQ(r.players[0].wins, std::stoull(row[3]));
    EXPECT_EQ(r.players[1].wins, std::stoull(row[4]));
    EXPECT_EQ(r.players[0].ties, std::stoull(row[5]));
    EXPECT_EQ(r.players[1].ties, std::stoull(row[5]));
    EXPECT_EQ(r.players[0].losses, r.players[1].wins);
    EXPECT_EQ(r.players[0].share + r.players[1].share, kShareUnit * r.boards);
  }
}

TEST(Enumeration, EquityOfAcesAgainstKingQueenSuited) {
  const auto r = enumerate(make_deal({"AsAc", "KhQh"}));
  // (1,406,263 + 6,453 / 2) / 1,712,304
  EXPECT_EQ(r.players[0].share, 1406263 * kShareUnit + 6453 * kShareUnit / 2);
  EXPECT_NEAR(r.equity(0), 0.8231537741, 1e-10);
  EXPECT_NEAR(r.equity(1), 0.1768462259, 1e-10);
}

TEST(Enumeration, WalkingEveryBoardGivesTheSameCounts) {
  for (const auto& hands : std::vector<std::vector<std::string>>{
           {"AsAc", "KhQh"}, {"AhKh", "2s2c"}, {"7c2d", "8h9h", "AsKs"}, {"JhTh", "9h8h", "Ah2h", "KsKd"}}) {
    const Deal d = make_deal(hands);
    EXPECT_EQ(enumerate(d), walk_boards(d)) << describe(d);
  }
}

TEST(Enumeration, CountsDoNotDependOnTheThreadCount) {
  const Deal d = make_deal({"AhKh", "QsQd", "7c7d"}, "", "2h");
  EnumerationResult one, two;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    one = walk_boards(d);
  }
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    two = walk_boards(d);
  }
  EXPECT_EQ(one, two);
  EXPECT_EQ(one, enumerate(d));
}

TEST(Enumeration, BoardAndDeadCardsAgainstTheReferenceByBruteForce) {
  const std::vector<Deal> deals = {
      make_deal({"AsAc", "KhQh"}, "Jh Th 2c"),
      make_deal({"AsAc", "KhQh"}, "Jh Th 2c", "9h 3d"),
      make_deal({"AhKh", "QsQd", "7c7d"}, "Qh 7h 2h"),
      make_deal({"AhKh", "QsQd", "7c7d"}, "Qh 7h 2h 3s"),
      make_deal({"AhKh", "QsQd", "7c7d"}, "Qh 7h 2h 3s Kd"),
      make_deal({"2c2d", "3c3d", "4c4d", "5c5d"}, "6c 7c 8d"),
      make_deal({"AsKs", "AdKd"}, "2h 3h 4h"),      // a split-heavy board
      make_deal({"AsAc", "AhAd"}, "KsQsJs", "Ts"),  // royal flush draw removed
      make_deal({"9s8s", "AcAd", "KhKd"}, "7s 6s 2d", "5s 4c"),
  };
  for (const auto& d : deals) EXPECT_EQ(enumerate(d), brute_force_reference(d)) << describe(d);
}

TEST(Enumeration, RandomPostflopDealsAgainstTheReferenceByBruteForce) {
  std::mt19937_64 rng(2024);
  for (int i = 0; i < 150; ++i) {
    const int players = 2 + static_cast<int>(rng() % 5);
    const int board = 3 + static_cast<int>(rng() % 3);
    const Deal d =
        i % 2 ? suited_deal(rng, players, board) : random_deal(rng, players, board, static_cast<int>(rng() % 4));
    ASSERT_EQ(enumerate(d), brute_force_reference(d)) << describe(d);
  }
}

TEST(Enumeration, RandomPreflopDealsAgainstWalkingEveryBoard) {
  std::mt19937_64 rng(77);
  for (int i = 0; i < 12; ++i) {
    const int players = 2 + static_cast<int>(rng() % 4);
    const Deal d = i % 2 ? suited_deal(rng, players, 0) : random_deal(rng, players, 0, static_cast<int>(rng() % 3));
    ASSERT_EQ(enumerate(d), walk_boards(d)) << describe(d);
  }
}

TEST(EnumerationSlow, ThreeWayPreflopAgainstTheReferenceByBruteForce) {
  const Deal d = make_deal({"AhKh", "QsQd", "7c6c"});
  EXPECT_EQ(enumerate(d), brute_force_reference(d));
}

TEST(Enumeration, TenPlayersAndRiverBoards) {
  const Deal ten = make_deal({"AsAc", "KsKc", "QsQc", "JsJc", "TsTc", "9s9c", "8s8c", "7s7c", "6s6c", "5s5c"});
  EXPECT_EQ(enumerate(ten), walk_boards(ten));
  const auto river = enumerate(make_deal({"AsAc", "KhQh"}, "Jh Th 9h 2c 3d"));
  EXPECT_EQ(river.boards, 1u);
  EXPECT_EQ(river.players[1].wins, 1u);  // straight flush
}

TEST(Enumeration, SplitsAreSharedExactly) {
  // Everybody plays the board's royal flush: a 3-way split of every board.
  const auto r = enumerate(make_deal({"2c3c", "4d5d", "6h7h"}, "AsKsQsJsTs"));
  for (const auto& p : r.players) {
    EXPECT_EQ(p.ties, 1u);
    EXPECT_EQ(p.share, kShareUnit / 3);
  }
}

namespace {

// Each side pot counted alone: a deal of its players only, the others' cards dead (the same boards).
std::array<std::uint64_t, kMaxPlayers> side_pot_alone(const Deal& deal, unsigned players) {
  Deal alone;
  alone.board = deal.board;
  alone.dead = deal.dead;
  std::vector<std::size_t> who;
  for (std::size_t p = 0; p < deal.hands.size(); ++p) {
    if ((players >> p) & 1u) {
      alone.hands.push_back(deal.hands[p]);
      who.push_back(p);
    } else {
      alone.dead.insert(alone.dead.end(), deal.hands[p].begin(), deal.hands[p].end());
    }
  }
  const EnumerationResult r = enumerate(alone);
  std::array<std::uint64_t, kMaxPlayers> share{};
  for (std::size_t i = 0; i < who.size(); ++i) share[who[i]] = r.players[i].share;
  return share;
}

// Side pots as stacks make them (nested, the short stacks left out one by one) or any sets.
SidePots random_side_pots(std::mt19937_64& rng, int n) {
  SidePots sides;
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int p = 0; p < n; ++p) order[static_cast<std::size_t>(p)] = p;
  std::shuffle(order.begin(), order.end(), rng);
  if (rng() % 3 != 0) {  // nested, as stacks: each pot leaves out one more short stack
    unsigned players = (1u << n) - 1;
    for (int i = 0; i <= n - 3; ++i) {
      players &= ~(1u << order[static_cast<std::size_t>(i)]);
      if (std::popcount(players) >= 2 && rng() % 4 != 0)
        sides.players[static_cast<std::size_t>(sides.count++)] = static_cast<std::uint16_t>(players);
    }
  } else {
    for (int l = 0; l < 3; ++l) {
      const unsigned players = static_cast<unsigned>(rng()) & ((1u << n) - 1);
      if (std::popcount(players) >= 2 && std::popcount(players) < n)
        sides.players[static_cast<std::size_t>(sides.count++)] = static_cast<std::uint16_t>(players);
    }
  }
  return sides;
}

std::string describe(const SidePots& sides) {
  std::ostringstream s;
  s << " side pots";
  for (int l = 0; l < sides.count; ++l) s << ' ' << sides.players[static_cast<std::size_t>(l)];
  return s.str();
}

}  // namespace

TEST(Enumeration, SidePotsInTheSamePassAsEachCountedAlone) {
  // The grouped pass keeps a side pot's drawing players apart from the flushes of players left
  // out of it: suited deals, preflop and on a flop or turn, stress it.
  std::mt19937_64 rng(39);
  int counted = 0;
  for (int i = 0; i < 120; ++i) {
    const int players = 3 + static_cast<int>(rng() % 4);
    const int board = i % 4 == 0 ? 0 : 3 + static_cast<int>(rng() % 2);
    const Deal d =
        i % 2 ? suited_deal(rng, players, board) : random_deal(rng, players, board, static_cast<int>(rng() % 3));
    const SidePots sides = random_side_pots(rng, players);
    if (sides.count == 0) continue;
    ++counted;
    const EnumerationResult r = enumerate(d, sides);
    const EnumerationResult whole_pot{r.boards, r.players, {}};
    EXPECT_EQ(whole_pot, enumerate(d)) << describe(d) << describe(sides);
    ASSERT_EQ(r.side_share.size(), static_cast<std::size_t>(sides.count));
    for (int l = 0; l < sides.count; ++l) {
      const auto l_at = static_cast<std::size_t>(l);
      EXPECT_EQ(r.side_share[l_at], side_pot_alone(d, sides.players[l_at]))
          << describe(d) << describe(sides) << " pot " << l;
    }
    if (board > 0) {
      EXPECT_EQ(r, walk_boards(d, sides)) << describe(d) << describe(sides);
    }
  }
  EXPECT_GT(counted, 80);
  // Three players preflop, the short stack's flush draws beside the side pot's pair and suited hand.
  const Deal three = make_deal({"AsKs", "QhQd", "7c6c"});
  SidePots pair;
  pair.players[0] = 0b011;
  pair.count = 1;
  const EnumerationResult r = enumerate(three, pair);
  EXPECT_EQ(r.side_share[0], side_pot_alone(three, 0b011));
  EXPECT_EQ(r, walk_boards(three, pair));
}

TEST(Enumeration, SidePotsOfOnePlayerOrEveryoneAreRefused) {
  const Deal three = make_deal({"AsKs", "QhQd", "7c6c"});
  for (const unsigned players : {0b001u, 0b111u, 0b1011u}) {
    SidePots sides;
    sides.players[0] = static_cast<std::uint16_t>(players);
    sides.count = 1;
    EXPECT_THROW(enumerate(three, sides), std::invalid_argument) << players;
  }
}

TEST(Enumeration, RejectsImpossibleDeals) {
  EXPECT_THROW(enumerate(make_deal({"AsAc"})), InputError);
  EXPECT_THROW(enumerate(make_deal({"AsAc", "AsKd"})), InputError);
  EXPECT_THROW(enumerate(make_deal({"AsAc", "KsKd"}, "2c")), InputError);
  EXPECT_THROW(enumerate(make_deal({"AsAc", "KsKd"}, "2c3c")), InputError);
  EXPECT_THROW(enumerate(make_deal({"AsAc", "KsKd"}, "2c3c4c5c6c7c")), InputError);
  EXPECT_THROW(enumerate(make_deal({"AsAc", "KsKd"}, "2c3c4c", "4c")), InputError);
  Deal eleven = make_deal({"AsAc", "KsKc", "QsQc", "JsJc", "TsTc", "9s9c", "8s8c", "7s7c", "6s6c", "5s5c", "4s4c"});
  EXPECT_THROW(enumerate(eleven), InputError);
  try {
    enumerate(make_deal({"AsAc", "AsKd"}));
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "card As appears twice (again in player 2)");
  }
}
