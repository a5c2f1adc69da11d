// The pot by stacks (pot.hpp, Question::stacks): the layers, the stacks' text, the errors, and every
// layer's shares against a brute force written here: every runout dealt to every player at once,
// the pot layered by the stacks, each layer paid to the best hands among its players (Hi/Lo: half
// to the best high, half to the best 8-or-better low, each split again) in units of 5,040.
#include "equity/pot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"
#include "equity/cards.hpp"
#include "equity/error.hpp"
#include "eval/reference_evaluator.hpp"
#include "hand_ways.hpp"
#include "input_error.hpp"
#include "omaha_reference.hpp"
#include "stud_brute_force.hpp"

namespace equity {
namespace {

// ---- Layers and stacks -------------------------------------------------------------------------

TEST(PotLayers, LayeredByStacksWithDeadMoneyInTheFirst) {
  const std::vector<double> stacks = {100, 250, 40};
  const auto layers = pot_layers(stacks, 30);
  ASSERT_EQ(layers.size(), 3u);
  EXPECT_EQ(layers[0].chips, 3 * 40 + 30);
  EXPECT_EQ(layers[0].players, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(layers[1].chips, 2 * 60);
  EXPECT_EQ(layers[1].players, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(layers[2].chips, 150);
  EXPECT_EQ(layers[2].players, (std::vector<std::size_t>{1}));
}

TEST(PotLayers, EqualStacksAreOneLayer) {
  const std::vector<double> stacks = {50, 50, 50, 50};
  const auto layers = pot_layers(stacks, 0);
  ASSERT_EQ(layers.size(), 1u);
  EXPECT_EQ(layers[0].chips, 200);
  EXPECT_EQ(layers[0].players.size(), 4u);
}

TEST(PotLayers, RefusesStacksNotAboveZeroAndNegativeDeadMoney) {
  EXPECT_THROW((void)pot_layers(std::vector<double>{10, 0}, 0), InputError);
  EXPECT_THROW((void)pot_layers(std::vector<double>{10, -1}, 0), InputError);
  EXPECT_THROW((void)pot_layers(std::vector<double>{10, std::nan("")}, 0), InputError);
  EXPECT_THROW((void)pot_layers(std::vector<double>{10, 20}, -5), InputError);
  try {
    (void)pot_layers(std::vector<double>{10, 20, -3}, 0);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("stack 3"), std::string::npos) << e.what();
  }
}

// A folded player's chips are in the layers they reach: 60 folded against stacks of 100 and 30 are
// 30 in the main pot and 30 in the top layer; chips above the largest stack are the top layer's.
TEST(PotLayers, FoldedChipsInTheLayersTheyReach) {
  const std::vector<double> stacks = {100, 30}, folded = {60, 10, 0, 150};
  const auto layers = pot_layers(stacks, 5, folded);
  ASSERT_EQ(layers.size(), 2u);
  EXPECT_EQ(layers[0].chips, 2 * 30 + 30 + 10 + 0 + 30 + 5);  // the stacks', each folder's up to 30, the dead money
  EXPECT_EQ(layers[1].chips, 70 + 30 + 0 + 0 + 120);          // A's 70 alone, 60's other 30, 150's other 120
  EXPECT_EQ(layers[1].players, (std::vector<std::size_t>{0}));
  const std::vector<double> three = {100, 250, 40}, one = {120};
  const auto l3 = pot_layers(three, 0, one);
  ASSERT_EQ(l3.size(), 3u);
  EXPECT_EQ(l3[0].chips, 3 * 40 + 40);
  EXPECT_EQ(l3[1].chips, 2 * 60 + 60);
  EXPECT_EQ(l3[2].chips, 150 + 20);
  for (double bad : {-1.0, std::nan(""), 1.0 / 0.0}) {
    const std::vector<double> f = {10, bad};
    try {
      (void)pot_layers(stacks, 0, f);
      FAIL() << bad;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("folded 2:"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(parse_folded("60, 0,2.5"), (std::vector<double>{60, 0, 2.5}));
  for (const char* bad : {"", "60,,20", "60,x", "-5", "1e400"})
    EXPECT_THROW((void)parse_folded(bad), InputError) << bad;
}

TEST(PotLayers, ParsesTheStacksText) {
  EXPECT_EQ(parse_stacks("100,250,40"), (std::vector<double>{100, 250, 40}));
  EXPECT_EQ(parse_stacks(" 2.5 , 10"), (std::vector<double>{2.5, 10}));
  for (const char* bad : {"", "100,,40", "100,abc", "100,-5", "0,10", "1e400,5", "10,"}) {
    EXPECT_THROW((void)parse_stacks(bad), InputError) << bad;
  }
  try {
    (void)parse_stacks("100,abc,40");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'abc' (stack 2)"), std::string::npos) << e.what();
  }
}

// ---- The brute force ----------------------------------------------------------------------------

// One showdown's scores: high (bigger wins) and low (bigger wins, 0 none).
struct Score {
  std::int64_t high = 0, low = 0;
};

// Each layer's pot units won per player (5,040 a showdown) and the showdowns, dealt jointly.
struct BruteLayers {
  std::vector<std::vector<std::uint64_t>> units;  // [layer][player]
  std::uint64_t showdowns = 0;
};

void pay(const std::vector<PotLayer>& layers, const std::vector<Score>& s, BruteLayers& out) {
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const auto& in = layers[l].players;
    std::int64_t best_high = INT64_MIN, best_low = 0;
    for (std::size_t p : in) best_high = std::max(best_high, s[p].high), best_low = std::max(best_low, s[p].low);
    std::vector<std::size_t> high, low;
    for (std::size_t p : in) {
      if (s[p].high == best_high) high.push_back(p);
      if (best_low > 0 && s[p].low == best_low) low.push_back(p);
    }
    const std::uint64_t high_pot = low.empty() ? 5040 : 2520;
    for (std::size_t p : high) out.units[l][p] += high_pot / high.size();
    for (std::size_t p : low) out.units[l][p] += 2520 / low.size();
  }
  ++out.showdowns;
}

std::vector<Card> deck_without(const std::vector<Card>& used) {
  std::vector<Card> deck;
  for (int id = 0; id < kCards; ++id)
    if (std::find(used.begin(), used.end(), Card(id)) == used.end()) deck.push_back(Card(id));
  return deck;
}

// Every k cards of `deck` from `from` on, in order.
void each_subset(const std::vector<Card>& deck, int k, const std::function<void(const std::vector<Card>&)>& visit) {
  std::vector<Card> chosen;
  std::function<void(std::size_t)> rec = [&](std::size_t from) {
    if (static_cast<int>(chosen.size()) == k) return visit(chosen);
    for (std::size_t i = from; i < deck.size(); ++i) {
      chosen.push_back(deck[i]);
      rec(i + 1);
      chosen.pop_back();
    }
  };
  rec(0);
}

// Board games: every completion of the board; scores by `score` of a hole and the board.
BruteLayers brute_board(const std::vector<std::vector<Card>>& holes, const std::vector<Card>& board,
                        const std::vector<Card>& dead, const std::vector<PotLayer>& layers,
                        const std::function<Score(const std::vector<Card>&, const std::vector<Card>&)>& score) {
  std::vector<Card> used = board;
  used.insert(used.end(), dead.begin(), dead.end());
  for (const auto& h : holes) used.insert(used.end(), h.begin(), h.end());
  BruteLayers out;
  out.units.assign(layers.size(), std::vector<std::uint64_t>(holes.size()));
  each_subset(deck_without(used), 5 - static_cast<int>(board.size()), [&](const std::vector<Card>& rest) {
    std::vector<Card> full = board;
    full.insert(full.end(), rest.begin(), rest.end());
    std::vector<Score> s;
    for (const auto& h : holes) s.push_back(score(h, full));
    pay(layers, s, out);
  });
  return out;
}

Score holdem_score(const std::vector<Card>& hole, const std::vector<Card>& board) {
  std::vector<Card> seven = hole;
  seven.insert(seven.end(), board.begin(), board.end());
  return {reference_score(seven), 0};
}

Score omaha_score(const std::vector<Card>& hole, const std::vector<Card>& board, bool hi_lo) {
  Score s{test::omaha_brute_high(hole, board), 0};
  if (hi_lo) {
    const std::vector<int> low = test::omaha_brute_low(hole, board);
    if (!low.empty()) {
      std::int64_t key = 0;
      for (int r : low) key = key * 16 + r;
      s.low = 10'000'000 - key;  // the smaller ranks from the top, the better
    }
  }
  return s;
}

// The library's layers checked against the brute force's: the same players and chips, and each
// player's share the same fraction (units x showdowns crossed: the library counts a side pot
// without the players left out, over fewer deals), exact as integers.
void expect_layers(const Answer& a, const std::vector<PotLayer>& layers, const BruteLayers& brute,
                   const std::string& what) {
  ASSERT_TRUE(a.pot.has_value()) << what;
  ASSERT_EQ(a.pot->layers.size(), layers.size()) << what;
  double ev_total = 0;
  for (double ev : a.pot->ev) ev_total += ev;
  EXPECT_NEAR(ev_total, a.pot->chips, 1e-9 * a.pot->chips) << what << ": the EVs add up to the pot";
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const PotLayerAnswer& got = a.pot->layers[l];
    EXPECT_EQ(got.layer.players, layers[l].players) << what << " layer " << l;
    EXPECT_EQ(got.layer.chips, layers[l].chips) << what << " layer " << l;
    if (layers[l].players.size() == 1) continue;
    ASSERT_EQ(got.pot_units.size(), got.layer.players.size()) << what << " layer " << l << ": exact counts";
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < got.layer.players.size(); ++i) {
      const std::size_t p = got.layer.players[i];
      total += got.pot_units[i];
      EXPECT_EQ(got.pot_units[i] * brute.showdowns, brute.units[l][p] * got.showdowns)
          << what << " layer " << l << " player " << p << ": " << got.pot_units[i] << "/" << got.showdowns
          << " against " << brute.units[l][p] << "/" << brute.showdowns;
    }
    EXPECT_EQ(total, kPotUnits * got.showdowns) << what << " layer " << l << ": the layer is paid out whole";
  }
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    double ev = 0;
    for (std::size_t l = 0; l < layers.size(); ++l) {
      const auto& in = layers[l].players;
      if (std::find(in.begin(), in.end(), p) == in.end()) continue;
      ev += layers[l].chips * static_cast<double>(brute.units[l][p]) / (5040.0 * static_cast<double>(brute.showdowns));
    }
    EXPECT_NEAR(a.pot->ev[p], ev, 1e-9 * a.pot->chips) << what << " player " << p;
    EXPECT_NEAR(a.pot->net[p], ev - a.pot->stacks[p], 1e-9 * a.pot->chips) << what << " player " << p;
  }
}

std::vector<std::vector<Card>> holes_of(const std::vector<std::string>& players) {
  std::vector<std::vector<Card>> holes;
  for (const auto& p : players) holes.push_back(parse_cards(p));
  return holes;
}

Question question(Game game, std::vector<std::string> players, std::string board, std::string dead,
                  std::vector<double> stacks, double pot = 0) {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.board = std::move(board);
  q.dead = std::move(dead);
  q.stacks = std::move(stacks);
  q.pot = pot;
  q.method = Method::exact;
  q.use_table = false;
  return q;
}

// ---- Hold'em and short deck ----------------------------------------------------------------------

TEST(PotHoldem, SidePotsTwoToSixPlayersAgainstTheBruteForce) {
  struct Case {
    std::vector<std::string> players;
    std::string board, dead;
    std::vector<double> stacks;
    double pot;
  };
  const std::vector<Case> cases = {
      {{"AsAc", "KdKc"}, "9h7s2c", "", {100, 40}, 0},
      {{"AsAc", "KdKc", "QsQh"}, "9h7s2c", "3d", {100, 250, 40}, 30},
      {{"AhKh", "7c7d", "QsJs", "2h2c"}, "Th9h4c", "", {20, 80, 50, 80}, 5},
      {{"AhKh", "7c7d", "QsJs", "2h2c", "9d8d"}, "Th9h4c6d", "Ac", {10, 20, 30, 40, 50}, 0},
      {{"AhKh", "7c7d", "QsJs", "2h2c", "9d8d", "5s5d"}, "Th9h4c6d", "", {60, 10, 60, 25, 25, 100}, 12.5},
      {{"AsKd", "AhKc", "QsQd"}, "Ac Kh 2d", "", {30, 30, 10}, 0},  // split pots in both layers
  };
  for (const Case& c : cases) {
    const Question q = question(Game::holdem, c.players, c.board, c.dead, c.stacks, c.pot);
    const Answer a = calculate(q);
    const auto layers = pot_layers(c.stacks, c.pot);
    const BruteLayers brute =
        brute_board(holes_of(c.players), parse_cards(c.board), parse_cards(c.dead), layers, holdem_score);
    expect_layers(a, layers, brute, c.board + " " + std::to_string(c.players.size()) + " players");
  }
}

TEST(PotHoldem, ARandomPlayerLeftOutOfASidePot) {
  // random has the smallest stack: the side pot's question counts AsAc and KdKc alone.
  const Question q = question(Game::holdem, {"AsAc", "KdKc", "random"}, "9h7s2c3d", "", {100, 100, 30});
  const Answer a = calculate(q);
  const auto layers = pot_layers(q.stacks, 0);
  BruteLayers brute;
  brute.units.assign(layers.size(), std::vector<std::uint64_t>(3));
  const std::vector<Card> board = parse_cards(q.board);
  std::vector<Card> used = board;
  for (const char* h : {"AsAc", "KdKc"})
    for (Card c : parse_cards(h)) used.push_back(c);
  each_subset(deck_without(used), 2, [&](const std::vector<Card>& random) {
    std::vector<Card> with = used;
    with.insert(with.end(), random.begin(), random.end());
    for (Card river : deck_without(with)) {
      std::vector<Card> full = board;
      full.push_back(river);
      pay(layers,
          {holdem_score(parse_cards("AsAc"), full), holdem_score(parse_cards("KdKc"), full),
           holdem_score(random, full)},
          brute);
    }
  });
  expect_layers(a, layers, brute, "random left out");
}

// Every pocket pair of each of `ranks`, written out (the brute force does not read the library's
// ranges): "QJ" is QQ and JJ, 12 hands.
std::vector<std::string> pair_hands(std::string_view ranks) {
  std::vector<std::string> out;
  const std::string suits = "shdc";
  for (char rank : ranks)
    for (std::size_t a = 0; a < 4; ++a)
      for (std::size_t b = a + 1; b < 4; ++b) out.push_back({rank, suits[a], rank, suits[b]});
  return out;
}

// Every deal of the players' hands (each from its list, no card twice with the others, the board
// or the dead cards) and of the board, paid layer by layer.
template <class ScoreFn = decltype(&holdem_score)>
BruteLayers brute_ranges(const std::vector<std::vector<std::string>>& hands, const std::string& board,
                         const std::vector<PotLayer>& layers, ScoreFn score = &holdem_score) {
  BruteLayers out;
  out.units.assign(layers.size(), std::vector<std::uint64_t>(hands.size()));
  const std::vector<Card> known = parse_cards(board);
  test::each_way(hands, known, [&](const std::vector<std::vector<Card>>& holes) {
    const BruteLayers one = brute_board(holes, known, {}, layers, score);
    for (std::size_t l = 0; l < layers.size(); ++l)
      for (std::size_t i = 0; i < hands.size(); ++i) out.units[l][i] += one.units[l][i];
    out.showdowns += one.showdowns;
  });
  return out;
}

TEST(PotHoldem, RangesLeftOutOfSidePotsAgainstTheBruteForce) {
  // The short stacks hold ranges: each side pot is counted hand by hand over theirs, jointly with
  // everyone's cards (the short stack's queens leave the second player fewer: the hands are not
  // alike, each counts the deals it leaves).
  struct Case {
    std::vector<std::string> players;
    std::vector<std::vector<std::string>> hands;
    std::string board;
    std::vector<double> stacks;
    double pot;
  };
  const std::vector<Case> cases = {
      {{"AhKh", "QQ,JJ", "QQ,99"}, {{"AhKh"}, pair_hands("QJ"), pair_hands("Q9")}, "Qh7h2c", {100, 200, 50}, 0},
      // Two players left out of the top layer, both ranges: their hands together, no card twice.
      {{"AsAc", "KK", "TT,99", "88"},
       {{"AsAc"}, pair_hands("K"), pair_hands("T9"), pair_hands("8")},
       "Kc8d3h2s",
       {200, 200, 50, 30},
       15},
  };
  for (const Case& c : cases) {
    const Question q = question(Game::holdem, c.players, c.board, "", c.stacks, c.pot);
    const Answer a = calculate(q);
    const auto layers = pot_layers(c.stacks, c.pot);
    expect_layers(a, layers, brute_ranges(c.hands, c.board, layers), c.board);
  }
}

TEST(PotHoldem, WeightedRangesLeftOutOfSidePotsAgainstTheBruteForce) {
  // The grouped enumeration counts every pot in one pass, so a range left out of a side pot may
  // carry weights: each deal of the hands counts its product of weights. The brute force deals
  // every hand of each list by its weight and pays every layer.
  const std::vector<std::string> players = {"AhKh", "QQ:0.25,JJ", "TT,99:0.5"};
  const std::vector<std::vector<std::pair<std::string, double>>> hands = {
      {{"AhKh", 1.0}},
      [] {
        std::vector<std::pair<std::string, double>> out;
        for (const auto& h : pair_hands("Q")) out.emplace_back(h, 0.25);
        for (const auto& h : pair_hands("J")) out.emplace_back(h, 1.0);
        return out;
      }(),
      [] {
        std::vector<std::pair<std::string, double>> out;
        for (const auto& h : pair_hands("T")) out.emplace_back(h, 1.0);
        for (const auto& h : pair_hands("9")) out.emplace_back(h, 0.5);
        return out;
      }()};
  const std::string board = "Qh7h2c";
  for (const std::vector<double>& stacks : {std::vector<double>{100, 30, 60}, std::vector<double>{100, 60, 30}}) {
    const auto layers = pot_layers(stacks, 10);
    std::vector<std::vector<double>> units(layers.size(), std::vector<double>(players.size()));
    double showdowns = 0;
    std::vector<std::vector<Card>> holes;
    double weight = 1;
    const std::function<void(std::size_t)> deal = [&](std::size_t p) {
      if (p == hands.size()) {
        const BruteLayers one = brute_board(holes, parse_cards(board), {}, layers, holdem_score);
        for (std::size_t l = 0; l < layers.size(); ++l)
          for (std::size_t i = 0; i < players.size(); ++i) units[l][i] += weight * static_cast<double>(one.units[l][i]);
        showdowns += weight * static_cast<double>(one.showdowns);
        return;
      }
      for (const auto& [text, w] : hands[p]) {
        const std::vector<Card> hole = parse_cards(text);
        bool clash = false;
        for (Card c : hole) {
          for (Card b : parse_cards(board)) clash |= b == c;
          for (const auto& h : holes) clash |= std::find(h.begin(), h.end(), c) != h.end();
        }
        if (clash) continue;
        holes.push_back(hole);
        weight *= w;
        deal(p + 1);
        weight /= w;
        holes.pop_back();
      }
    };
    deal(0);
    const Answer a = calculate(question(Game::holdem, players, board, "", stacks, 10));
    ASSERT_TRUE(a.pot.has_value());
    ASSERT_EQ(a.pot->layers.size(), layers.size());
    double chips = 0;
    for (std::size_t l = 0; l < layers.size(); ++l) {
      const PotLayerAnswer& got = a.pot->layers[l];
      ASSERT_EQ(got.layer.players, layers[l].players);
      for (std::size_t i = 0; i < got.layer.players.size(); ++i) {
        const std::size_t p = got.layer.players[i];
        const double expected = layers[l].players.size() == 1 ? 1.0 : units[l][p] / (5040.0 * showdowns);
        EXPECT_NEAR(got.equity[i], expected, 1e-12) << "stacks " << stacks[1] << " layer " << l << " player " << p;
        chips += layers[l].chips * got.equity[i];
      }
    }
    EXPECT_NEAR(chips, a.pot->chips, 1e-9);
  }
}

TEST(PotHoldem, ShortDeckUnderItsRules) {
  const std::vector<std::string> players = {"AsKs", "9c9d", "JhTh"};
  for (Game game : {Game::shortdeck, Game::shortdeck_straights}) {
    const Question q = question(game, players, "Qs8c6d", "", {40, 100, 70});
    const Answer a = calculate(q);
    // Only that the layers add up and the side pot agrees with its own question without player 1.
    ASSERT_TRUE(a.pot.has_value());
    Question side = question(game, {"9c9d", "JhTh"}, "Qs8c6d", "AsKs", {});
    const Answer b = calculate(side);
    ASSERT_EQ(a.pot->layers.size(), 3u);
    EXPECT_EQ(a.pot->layers[1].pot_units,
              (std::vector<std::uint64_t>{*b.players[0].pot_units, *b.players[1].pot_units}));
    EXPECT_EQ(a.pot->layers[0].pot_units[0], *a.players[0].pot_units);
  }
}

// ---- Omaha and Omaha Hi/Lo -----------------------------------------------------------------------

TEST(PotOmaha, SidePotsWithHiLoQuarteringAgainstTheBruteForce) {
  struct Case {
    Game game;
    std::vector<std::string> players;
    std::string board, dead;
    std::vector<double> stacks;
  };
  const std::vector<Case> cases = {
      {Game::omaha, {"AsKsQhJh", "9c9d8c7d", "2h2d3c4s"}, "Kh7s2c", "", {50, 100, 100}},
      {Game::omaha_hilo, {"As2sQhJh", "Ac3d8c7d", "2h2d3c4s"}, "Kh7s5c", "", {50, 100, 75}},
      {Game::omaha_hilo, {"As2sQhJh", "Ad3h8c7d", "2h2d3c4s", "KcKdTc9s"}, "6h7s5c9d", "Jd", {50, 100, 75, 20}},
  };
  for (const Case& c : cases) {
    const bool hi_lo = c.game == Game::omaha_hilo;
    const Question q = question(c.game, c.players, c.board, c.dead, c.stacks);
    const Answer a = calculate(q);
    const auto layers = pot_layers(c.stacks, 0);
    const BruteLayers brute = brute_board(holes_of(c.players), parse_cards(c.board), parse_cards(c.dead), layers,
                                          [hi_lo](const std::vector<Card>& hole, const std::vector<Card>& board) {
                                            return omaha_score(hole, board, hi_lo);
                                          });
    expect_layers(a, layers, brute, std::string(game_name(c.game)) + " " + c.board);
  }
}

TEST(PotOmaha, RangesLeftOutOfSidePotsAgainstTheBruteForce) {
  // The short stack's range left out of the side pot: counted hand by hand over it, each hand's
  // cards out of the deck (the hands are not alike: each leaves the others different rivers).
  struct Case {
    Game game;
    std::vector<std::string> hands3;  // the third player's range, written out
    std::string board;
  };
  const std::vector<Case> cases = {
      {Game::omaha, {"JsJh3c4c", "JdJcTs8s", "Jc9s8h6h", "QsQd5h5s", "AhAd6c6s"}, "2c7d9h3s"},
      {Game::omaha_hilo, {"Ah2h5d6c", "3d4d8s8c", "JsJh3c4c", "Ad6d2d5s"}, "2c7d9h3h"},
  };
  for (const Case& c : cases) {
    std::string range;
    for (const auto& h : c.hands3) range += (range.empty() ? "" : ",") + h;
    const std::vector<std::string> players = {"AsAcKdQh", "KcKs9d8d", range};
    const std::vector<double> stacks = {50, 80, 10};
    const Question q = question(c.game, players, c.board, "", stacks, 5);
    const Answer a = calculate(q);
    const auto layers = pot_layers(stacks, 5);
    const bool hi_lo = c.game == Game::omaha_hilo;
    const BruteLayers brute = brute_ranges({{"AsAcKdQh"}, {"KcKs9d8d"}, c.hands3}, c.board, layers,
                                           [hi_lo](const std::vector<Card>& hole, const std::vector<Card>& board) {
                                             return omaha_score(hole, board, hi_lo);
                                           });
    expect_layers(a, layers, brute, std::string(game_name(c.game)) + " " + c.board);
  }
}

// ---- Stud ------------------------------------------------------------------------------------------

TEST(PotStud, SidePotsOnSixthStreetAgainstTheBruteForce) {
  // Every player holds six cards (two down, four up) and gets one more: every deal of the three.
  const std::vector<std::vector<std::string>> hands = {{"(AsKs)QdJh2c3d", "(9c9d)8c8h4s5s", "(2h3h)4h6h7c7d"}};
  for (StudGame game : {StudGame::stud, StudGame::stud_hilo, StudGame::razz}) {
    const Game g = game == StudGame::stud ? Game::stud : game == StudGame::stud_hilo ? Game::stud_hilo : Game::razz;
    const std::vector<double> stacks = {10, 30, 20};
    const Question q = question(g, hands[0], "", "Tc", stacks, 4);
    const Answer a = calculate(q);
    const auto layers = pot_layers(stacks, 4);
    std::vector<std::vector<Card>> known;
    std::vector<Card> used = parse_cards("Tc");
    for (const char* h : {"AsKsQdJh2c3d", "9c9d8c8h4s5s", "2h3h4h6h7c7d"}) {
      known.push_back(parse_cards(h));
      used.insert(used.end(), known.back().begin(), known.back().end());
    }
    BruteLayers brute;
    brute.units.assign(layers.size(), std::vector<std::uint64_t>(3));
    const std::vector<Card> deck = deck_without(used);
    // Each player's score with each seventh card, once: [player][card id].
    std::vector<std::vector<Score>> with(3, std::vector<Score>(kCards));
    for (std::size_t p = 0; p < 3; ++p)
      for (Card c : deck) {
        std::vector<Card> seven = known[p];
        seven.push_back(c);
        const test::BruteScore b = test::brute_score(game, seven);
        with[p][static_cast<std::size_t>(c.id())] = {b.high, b.low};
      }
    for (Card x : deck)
      for (Card y : deck)
        for (Card z : deck) {
          if (x == y || x == z || y == z) continue;
          pay(layers,
              {with[0][static_cast<std::size_t>(x.id())], with[1][static_cast<std::size_t>(y.id())],
               with[2][static_cast<std::size_t>(z.id())]},
              brute);
        }
    expect_layers(a, layers, brute, std::string(game_name(g)));
  }
}

// ---- Two boards ------------------------------------------------------------------------------------

TEST(PotTwoBoards, EachBoardWinsHalfOfEveryPotAgainstTheBruteForce) {
  // Both boards dealt from one deck, every pair of rivers; each board pays half of each layer.
  const std::vector<std::string> players = {"AsAc", "KdKc", "QsQh"};
  const std::vector<double> stacks = {100, 250, 40};
  Question q = question(Game::holdem, players, "Kh7s2c4d", "", stacks, 20);
  q.board2 = "9d9h5s3c";
  const Answer a = calculate(q);
  ASSERT_TRUE(a.pot.has_value());
  const auto layers = pot_layers(stacks, 20);
  const auto holes = holes_of(players);
  const std::vector<Card> b1 = parse_cards("Kh7s2c4d"), b2 = parse_cards("9d9h5s3c");
  std::vector<Card> used = b1;
  used.insert(used.end(), b2.begin(), b2.end());
  for (const auto& h : holes) used.insert(used.end(), h.begin(), h.end());
  std::vector<double> ev(3, 0.0);
  std::uint64_t deals = 0;
  for (Card x : deck_without(used))
    for (Card y : deck_without(used)) {
      if (x == y) continue;
      BruteLayers one, two;
      one.units.assign(layers.size(), std::vector<std::uint64_t>(3));
      two.units = one.units;
      std::vector<Card> f1 = b1, f2 = b2;
      f1.push_back(x);
      f2.push_back(y);
      std::vector<Score> s1, s2;
      for (const auto& h : holes) s1.push_back(holdem_score(h, f1)), s2.push_back(holdem_score(h, f2));
      pay(layers, s1, one);
      pay(layers, s2, two);
      for (std::size_t l = 0; l < layers.size(); ++l)
        for (std::size_t p = 0; p < 3; ++p)
          ev[p] += layers[l].chips * static_cast<double>(one.units[l][p] + two.units[l][p]) / (2 * 5040.0);
      ++deals;
    }
  double total = 0;
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_NEAR(a.pot->ev[p], ev[p] / static_cast<double>(deals), 1e-9) << p;
    total += a.pot->ev[p];
  }
  EXPECT_NEAR(total, 410, 1e-9);
  EXPECT_TRUE(a.pot->layers[0].pot_units.empty()) << "no one integer count over two boards";
}

// ---- Monte Carlo, errors -----------------------------------------------------------------------------

TEST(PotMonteCarlo, WithinItsErrorOfTheExactEV) {
  Question q = question(Game::holdem, {"AhKh", "7c7d", "QsJs"}, "", "", {20, 80, 50}, 10);
  const Answer exact = calculate(q);
  q.method = Method::monte_carlo;
  q.max_trials = 400'000;
  q.seed = 7;
  const Answer mc = calculate(q);
  ASSERT_EQ(mc.pot->ev_standard_error.size(), 3u);
  double total = 0;
  for (std::size_t p = 0; p < 3; ++p) {
    total += mc.pot->ev[p];
    EXPECT_GT(mc.pot->ev_standard_error[p], 0);
    EXPECT_NEAR(mc.pot->ev[p], exact.pot->ev[p], 5 * mc.pot->ev_standard_error[p]) << p;
  }
  EXPECT_NEAR(total, 160, 1e-9);
  const Answer again = calculate(q);
  EXPECT_EQ(again.pot->ev, mc.pot->ev) << "a seed gives the same chips";
}

// A sampled question's side pot with a range left out is sampled with everyone's hands drawn
// together (joint_sample.hpp): within its error of the exact count, Hold'em and PLO Hi/Lo.
TEST(PotMonteCarlo, RangesLeftOutOfSidePotsSampledWithTheOthers) {
  const std::vector<Question> cases = {
      question(Game::holdem, {"AhKh", "QQ,JJ", "QQ,99:0.5"}, "Qh7h2c", "", {100, 200, 50}),
      question(Game::omaha_hilo, {"AsAcKdQh", "KcKs9d8d", "Ah2h5d6c,3d4d8s8c,JsJh3c4c,Ad6d2d5s"}, "2c7d9h3h", "",
               {50, 80, 10}, 5),
  };
  for (Question q : cases) {
    const Answer exact = calculate(q);
    q.method = Method::monte_carlo;
    q.seed = 9;
    q.max_trials = 200'000;
    const Answer a = calculate(q);
    ASSERT_TRUE(a.pot.has_value());
    ASSERT_EQ(a.pot->layers.size(), exact.pot->layers.size());
    const PotLayerAnswer& side = a.pot->layers[1];
    ASSERT_EQ(side.standard_error.size(), side.layer.players.size()) << q.players[2];
    for (std::size_t i = 0; i < side.equity.size(); ++i)
      EXPECT_NEAR(side.equity[i], exact.pot->layers[1].equity[i], 4 * side.standard_error[i] + 1e-9) << q.players[2];
    double ev = 0;
    for (double x : a.pot->ev) ev += x;
    EXPECT_NEAR(ev, a.pot->chips, 0.02 * a.pot->chips);
  }
}

TEST(PotErrors, SayWhatAndWhere) {
  const auto message = test::input_error_of;
  EXPECT_NE(message(question(Game::holdem, {"AsAc", "KdKc", "QsQh"}, "", "", {10, 20})).find("stacks: 2 given for 3"),
            std::string::npos);
  EXPECT_NE(message(question(Game::holdem, {"AsAc", "KdKc"}, "", "", {10, 0})).find("stack 2"), std::string::npos);
  EXPECT_NE(message(question(Game::holdem, {"AsAc", "KdKc"}, "", "", {10, 20}, -1)).find("dead money"),
            std::string::npos);
  // A range left out of a side pot is counted exactly: by the grouped enumeration in one pass
  // (weights too), by other methods hand by hand (so not with weights nor too many hands); not in
  // a sampled question, nor in Omaha.
  Question sampled = question(Game::holdem, {"AsAc", "KdKc", "QQ+,AKs"}, "", "", {50, 50, 10});
  sampled.method = Method::monte_carlo;
  EXPECT_EQ(message(sampled), "no error");  // sampled with the others (PotMonteCarlo)
  EXPECT_EQ(message(question(Game::holdem, {"AsAc", "KdKc", "QQ+:0.5"}, "Ks7h2c", "", {50, 50, 10})), "no error");
  Question showdowns = question(Game::holdem, {"AsAc", "KdKc", "QQ+:0.5"}, "Ks7h2c", "", {50, 50, 10});
  showdowns.exact_method = ExactMethod::showdowns;
  EXPECT_NE(message(showdowns).find("weight"), std::string::npos) << message(showdowns);
  // Omaha: hand by hand over his range, not sampled, not weighted.
  EXPECT_EQ(message(question(Game::omaha, {"AsAcKdQh", "KcKs9d8d", "JJ**"}, "2c7d9h", "", {50, 50, 10})), "no error");
  Question omaha_sampled = question(Game::omaha, {"AsAcKdQh", "KcKs9d8d", "JJ**"}, "", "", {50, 50, 10});
  omaha_sampled.method = Method::monte_carlo;
  EXPECT_EQ(message(omaha_sampled), "no error");
  EXPECT_NE(message(question(Game::omaha, {"AsAcKdQh", "KcKs9d8d", "JJ**:0.5"}, "2c7d9h", "", {50, 50, 10}))
                .find("over ranges of whole hands, without weights"),
            std::string::npos);
  EXPECT_EQ(message(question(Game::holdem, {"AsAc", "KdKc", "QQ+,AKs"}, "Ks7h2c", "", {50, 50, 10})), "no error");
  // Two wide ranges left out of the top pot: their hands together are too many to ask one by one,
  // and are counted in the grouped enumeration's one pass.
  Question wide =
      question(Game::holdem, {"AsAc", "KdKc", "22+,A2+,K2+", "22+,A2+,K2+"}, "Ks7h2c4d9s", "", {100, 100, 10, 10});
  EXPECT_EQ(message(wide), "no error");
  wide.exact_method = ExactMethod::showdowns;
  EXPECT_NE(message(wide).find("more than 20000 together"), std::string::npos) << message(wide);
  // A range with the biggest stack is never left out.
  EXPECT_EQ(message(question(Game::holdem, {"AsAc", "KdKc", "QQ+,AKs"}, "Ks7h2c", "", {10, 20, 50})), "no error");
}

TEST(PotAnswer, DeadMoneyAloneIsOnePotForEveryone) {
  Question q = question(Game::holdem, {"AsAc", "KdKc"}, "Ks7h2c", "", {}, 100);
  const Answer a = calculate(q);
  ASSERT_TRUE(a.pot.has_value());
  ASSERT_EQ(a.pot->layers.size(), 1u);
  EXPECT_NEAR(a.pot->ev[0], 100 * a.players[0].equity, 1e-9);
  EXPECT_NEAR(a.pot->net[1], 100 * a.players[1].equity, 1e-9);
  q.pot = 0;
  EXPECT_FALSE(calculate(q).pot.has_value()) << "no stacks, no dead money: no pot";
}

// The EV with folded chips: each layer's chips times the shares the layer's own players win, the
// folded chips where they reached (the brute force of the shares is the tests' below: here the
// layers' chips), and with no stacks one pot of everyone.
TEST(PotAnswer, FoldedChipsAreWonWithTheLayersTheyReach) {
  Question q = question(Game::holdem, {"AsAc", "KhQh"}, "Kd7s2c", "", {100, 30});
  q.folded = {60};
  const Answer a = calculate(q);
  ASSERT_TRUE(a.pot.has_value());
  EXPECT_EQ(a.pot->chips, 190);
  EXPECT_EQ(a.pot->folded, (std::vector<double>{60}));
  ASSERT_EQ(a.pot->layers.size(), 2u);
  EXPECT_EQ(a.pot->layers[0].layer.chips, 90);
  EXPECT_EQ(a.pot->layers[1].layer.chips, 100);
  EXPECT_NEAR(a.pot->ev[0], 90 * a.players[0].equity + 100, 1e-9);
  EXPECT_NEAR(a.pot->ev[1], 90 * a.players[1].equity, 1e-9);
  const Answer json_again = calculate(q);
  EXPECT_NE(to_json(json_again).find("\"folded\":[60.0]"), std::string::npos);
  q.stacks.clear();
  const Answer one = calculate(q);
  ASSERT_EQ(one.pot->layers.size(), 1u);
  EXPECT_EQ(one.pot->layers[0].layer.chips, 60);
  EXPECT_NEAR(one.pot->ev[0], 60 * one.players[0].equity, 1e-9);
}

}  // namespace
}  // namespace equity
