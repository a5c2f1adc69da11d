// The draw games through the one call (calculate()): the player's grammar (draw_hand.hpp), the last
// draw counted exactly against a brute force written from the rules (every draw of every player, no
// card twice, each final hand scored by draw_brute_force.hpp's keys, razz_five() and
// reference_score()), heads-up and three-way, with and without known discards; the answer's
// JSON; bad questions in the game's terms.
#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "draw_brute_force.hpp"
#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"
#include "equity/draw_hand.hpp"
#include "equity/error.hpp"
#include "equity/plan.hpp"
#include "stud_brute_force.hpp"

using namespace equity;
using namespace equity::test;

namespace {

// ---- The brute force ---------------------------------------------------------------------------

// A final hand's key for one half of the pot, compared as a vector: the smaller the better.
using Key = std::vector<std::int64_t>;

template <std::size_t N>
std::array<Card, N> as_array(const std::vector<Card>& cards) {
  std::array<Card, N> out{};
  std::copy(cards.begin(), cards.end(), out.begin());
  return out;
}

Key deuce_seven(const std::vector<Card>& cards) {
  const DeuceSevenKey k = deuce_seven_key(as_array<5>(cards));
  return Key(k.begin(), k.end());
}
Key ace_five(const std::vector<Card>& cards) { return {-razz_five(as_array<5>(cards))}; }
Key badugi(const std::vector<Card>& cards) {
  const BadugiKey k = cards.size() == 4 ? badugi_key(as_array<4>(cards)) : badugi_key(as_array<5>(cards));
  return Key(k.begin(), k.end());
}
Key high(const std::vector<Card>& cards) { return {-static_cast<std::int64_t>(reference_score(cards))}; }

// The keys of each half of the pot under the game's rules (one for a game of one pot).
std::vector<Key> keys(Game game, const std::vector<Card>& cards) {
  switch (game) {
    case Game::draw:
      return {high(cards)};
    case Game::deuce7_single:
    case Game::deuce7_triple:
      return {deuce_seven(cards)};
    case Game::a5_triple:
      return {ace_five(cards)};
    case Game::badugi:
      return {badugi(cards)};
    case Game::badeucy:
      return {badugi(cards), deuce_seven(cards)};
    case Game::badacey:
      return {badugi(cards), ace_five(cards)};
    default:
      ADD_FAILURE() << "not a draw game";
      return {};
  }
}

struct BrutePlayer {
  std::uint64_t wins = 0, ties = 0, losses = 0, second_wins = 0, second_ties = 0, scoops = 0, pot_units = 0;
};
struct Brute {
  std::uint64_t deals = 0;
  std::vector<BrutePlayer> players;
};

// Every way to deal each player his draws from the cards not seen, player by player.
void deal_draws(Game game, std::vector<std::vector<Card>>& hands, const std::vector<int>& draws, std::size_t p,
                CardSet used, Brute& out) {
  if (p == hands.size()) {
    ++out.deals;
    const std::size_t n = hands.size();
    std::vector<std::vector<Key>> k;
    for (const auto& h : hands) k.push_back(keys(game, h));
    const std::size_t halves = k[0].size();
    std::vector<unsigned> winners(halves, 0);
    for (std::size_t half = 0; half < halves; ++half) {
      Key best = k[0][half];
      for (std::size_t i = 1; i < n; ++i) best = std::min(best, k[i][half]);
      for (std::size_t i = 0; i < n; ++i)
        if (k[i][half] == best) winners[half] |= 1u << i;
    }
    for (std::size_t i = 0; i < n; ++i) {
      BrutePlayer& b = out.players[i];
      bool alone = true;
      for (std::size_t half = 0; half < halves; ++half) {
        const unsigned w = winners[half];
        const auto shares = static_cast<std::uint64_t>(std::popcount(w));
        if ((w >> i & 1u) != 0) b.pot_units += kPotUnits / halves / shares;
        alone = alone && w == 1u << i;
        const bool won = w == 1u << i, tied = (w >> i & 1u) != 0 && !won;
        if (half == 0) {
          b.wins += won;
          b.ties += tied;
          b.losses += !won && !tied;
        } else {
          b.second_wins += won;
          b.second_ties += tied;
        }
      }
      b.scoops += alone;
    }
    return;
  }
  std::vector<Card> left;
  for (int id = 0; id < kCards; ++id)
    if (!used.contains(Card(id))) left.push_back(Card(id));
  const int k = draws[p];
  std::vector<int> at(static_cast<std::size_t>(k));
  for (int i = 0; i < k; ++i) at[static_cast<std::size_t>(i)] = i;
  const int m = static_cast<int>(left.size());
  while (true) {
    std::vector<Card>& hand = hands[p];
    const std::size_t kept = hand.size();
    CardSet now = used;
    for (int i : at) hand.push_back(left[static_cast<std::size_t>(i)]), now.insert(left[static_cast<std::size_t>(i)]);
    deal_draws(game, hands, draws, p + 1, now, out);
    hand.resize(kept);
    int i = k - 1;  // the next set of k positions in lexicographic order
    while (i >= 0 && at[static_cast<std::size_t>(i)] == m - k + i) --i;
    if (i < 0) break;
    ++at[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < k; ++j) at[static_cast<std::size_t>(j)] = at[static_cast<std::size_t>(j - 1)] + 1;
  }
}

Brute brute_force(const Question& q) {
  std::vector<std::vector<Card>> hands;
  std::vector<int> draws;
  CardSet used;
  for (std::size_t i = 0; i < q.players.size(); ++i) {
    const DrawHand h = parse_draw_hand(q.players[i], q.game, "player");
    hands.push_back(h.kept);
    draws.push_back(h.draws);
    for (Card c : h.kept) used.insert(c);
  }
  for (Card c : parse_cards(q.dead)) used.insert(c);
  Brute out;
  out.players.resize(hands.size());
  deal_draws(q.game, hands, draws, 0, used, out);
  return out;
}

Question draw_question(Game game, std::vector<std::string> players, std::string dead = "") {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.dead = std::move(dead);
  return q;
}

void expect_brute_force(const Question& q) {
  SCOPED_TRACE(std::string(game_name(q.game)) + " " + q.players[0] + " " + q.players[1] + " dead " + q.dead);
  const Answer a = calculate(q);
  const Brute b = brute_force(q);
  ASSERT_EQ(a.method, Method::exact);
  EXPECT_EQ(a.showdowns(), b.deals);
  const bool halves = game_rules(q.game).two_halves();
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    SCOPED_TRACE("player " + std::to_string(p + 1));
    const PlayerAnswer& pa = a.players[p];
    const BrutePlayer& bp = b.players[p];
    EXPECT_EQ(pa.wins, bp.wins);
    EXPECT_EQ(pa.ties, bp.ties);
    EXPECT_EQ(pa.losses, bp.losses);
    ASSERT_TRUE(pa.pot_units.has_value());
    EXPECT_EQ(*pa.pot_units, bp.pot_units);
    ASSERT_EQ(pa.scoops.has_value(), halves);
    if (!halves) continue;
    EXPECT_EQ(*pa.scoops, bp.scoops);
    EXPECT_EQ(*pa.low_wins, bp.second_wins);
    EXPECT_EQ(*pa.low_ties, bp.second_ties);
  }
}

std::string message_of(const Question& q) {
  try {
    (void)calculate(q);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

// ---- The player's grammar ----------------------------------------------------------------------

TEST(DrawHand, ReadsKeptCardsAndDraws) {
  const DrawHand a = parse_draw_hand("Kd8s4h3c/1", Game::deuce7_triple, "player 1");
  EXPECT_EQ(a.kept, parse_cards("Kd8s4h3c"));
  EXPECT_EQ(a.draws, 1);
  EXPECT_EQ(to_string(a), "Kd8s4h3c/1");
  const DrawHand pat = parse_draw_hand("8h 6d 4s 3c 2d", Game::deuce7_triple, "player 1");
  EXPECT_EQ(pat.draws, 0);
  EXPECT_EQ(to_string(pat), "8h6d4s3c2d");
  EXPECT_EQ(parse_draw_hand("8h6d4s3c2d/0", Game::draw, "p"), pat);
  EXPECT_EQ(parse_draw_hand("/5", Game::draw, "p").draws, 5);
  EXPECT_EQ(parse_draw_hand("4h3d2s/1", Game::badugi, "p").kept.size(), 3U);
  const DrawHand fixed = parse_draw_hand("9h7d5c/2/1/0", Game::a5_triple, "p");
  EXPECT_EQ(fixed.draws, 2);
  EXPECT_EQ(fixed.later, (std::vector<int>{1, 0}));
  EXPECT_EQ(to_string(fixed), "9h7d5c/2/1/0");
  EXPECT_EQ(to_string(parse_draw_hand("9h7d5c2s3s/0/1", Game::a5_triple, "p")), "9h7d5c2s3s/0/1");
}

TEST(DrawHand, ErrorsNameThePlayerAndWhatIsWrong) {
  const auto error = [](const char* text, Game game) {
    try {
      (void)parse_draw_hand(text, game, "player 2");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("Kd8s4h3c", Game::deuce7_triple),
            "player 2: \"Kd8s4h3c\": 4 cards of a 5-card 27-triple hand: write how many are drawn (Kd8s4h3c/1)");
  EXPECT_EQ(error("Kd8s4h3c/2", Game::deuce7_triple),
            "player 2: \"Kd8s4h3c/2\": 4 kept and 2 drawn make 6 cards; a 27-triple hand has 5");
  EXPECT_EQ(error("Kd8s4h3c2c", Game::badugi),
            "player 2: \"Kd8s4h3c2c\": 5 cards of a 4-card badugi hand: a badugi hand has 4");
  EXPECT_EQ(error("KdKd4h3c/1", Game::a5_triple), "player 2: duplicate card Kd in \"KdKd4h3c\"");
  EXPECT_EQ(error("Kd8s4h/x", Game::draw),
            "player 2: \"Kd8s4h/x\": after '/' the number of cards drawn, not \"x\" (Kd8s4h3c/1)");
  EXPECT_EQ(error("random", Game::draw),
            "player 2: \"random\": a draw player is the cards kept and how many are drawn (Kd8s4h3c/1), not random");
  EXPECT_EQ(error("Kd8s4h3c/1/0/0/0", Game::draw),
            "player 2: \"Kd8s4h3c/1/0/0/0\": at most three draws, the next one and two after it");
  EXPECT_EQ(error("Kd8s4h3c/1/6", Game::draw), "player 2: \"Kd8s4h3c/1/6\": draws 6 cards; a draw hand has 5");
}

// ---- The last draw, exact, against the brute force -----------------------------------------------

TEST(DrawCalculate, HeadsUpEveryGameMatchesTheBruteForce) {
  for (const Game game :
       {Game::draw, Game::deuce7_single, Game::deuce7_triple, Game::a5_triple, Game::badeucy, Game::badacey}) {
    expect_brute_force(draw_question(game, {"8h6d4s3c/1", "9s7c5h/2"}));
    expect_brute_force(draw_question(game, {"7h5d4s2c/1", "As2d/3"}, "KhKdQc9c"));  // discards known
    expect_brute_force(draw_question(game, {"8h6d4s3c2d", "7s5c4h3d/1"}));          // a pat hand
  }
  expect_brute_force(draw_question(Game::badugi, {"4h3d2s/1", "7s5c3h/1"}));
  expect_brute_force(draw_question(Game::badugi, {"Kh3d2s/1", "As/3"}, "QcJd"));
  expect_brute_force(draw_question(Game::badugi, {"4h3d2s9c", "7s5c/2"}));
}

TEST(DrawCalculate, ThreeWayMatchesTheBruteForce) {
  expect_brute_force(draw_question(Game::deuce7_triple, {"8h6d4s3c/1", "9s7c5h2d/1", "7d6c3h2s/1"}, "KhKd"));
  expect_brute_force(draw_question(Game::a5_triple, {"5h4d3s/2", "7s6c4h2d/1", "8d6s3c2h/1"}));
  expect_brute_force(draw_question(Game::badugi, {"4h3d2s/1", "7s5c3h/1", "8d6c/2"}));
  expect_brute_force(draw_question(Game::badeucy, {"7h5d4s2c/1", "8s6c3h/2", "9d7c4h3s/1"}, "QsJh"));
  expect_brute_force(draw_question(Game::draw, {"AsAhKdKc/1", "QsJsTs9s/1", "7c7d7h2s/1"}));
}

TEST(DrawCalculate, HeadsUpIsTheSweepAndTheSameOnAnyThreadCount) {
  const Question q = draw_question(Game::deuce7_triple, {"8h6d4s3c/1", "9s7c5h/2"}, "KhKdQc");
  const Plan plan = equity::plan(q);
  EXPECT_EQ(plan.method, Method::exact);
  EXPECT_EQ(plan.exact_method, ExactMethod::sweep);
  const Answer a = calculate(q);
  EXPECT_EQ(a.showdowns(), 34'440U);  // C(42, 2) x 40, the count
  tbb::task_arena one(1);
  const Answer b = one.execute([&] { return calculate(q); });
  for (std::size_t p = 0; p < 2; ++p) {
    EXPECT_EQ(a.players[p].wins, b.players[p].wins);
    EXPECT_EQ(a.players[p].ties, b.players[p].ties);
    EXPECT_EQ(a.players[p].pot_units, b.players[p].pot_units);
  }
}

TEST(DrawCalculate, AnswerJsonNamesTheGameAndTheHalves) {
  const Answer a = calculate(draw_question(Game::badeucy, {"7h5d4s2c/1", "8s6c3h/2"}));
  const auto j = nlohmann::json::parse(to_json(a));
  EXPECT_EQ(j["game"], "badeucy");
  EXPECT_EQ(j["pot_units"], kPotUnits);
  EXPECT_EQ(j["players"][0]["hand"], "7h5d4s2c/1");
  EXPECT_TRUE(j["players"][0].contains("scoops"));
  EXPECT_EQ(j["players"][1]["hand"], "8s6c3h/2");
}

TEST(DrawCalculate, FiveDrawnAgainstFewerOrFiveIsSwept) {
  // A player drawing five against one drawing two: the sweep queries the five-card draws against the
  // counted sets of the other's (the discards known keep the brute force small: 19 cards left); both
  // drawing five, one's sets of up to four counted against the other's draws (15 cards left).
  const std::string dead = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d";
  expect_brute_force(draw_question(Game::draw, {"AsAhKd/2", "/5"}, dead));
  expect_brute_force(draw_question(Game::deuce7_single, {"/5", "AsKhQdTc/1"}, dead));
  expect_brute_force(draw_question(Game::deuce7_single, {"/5", "/5"}, dead + "9h9sTcTdJcJdQc"));
  // Both drawing five from the whole deck: exact automatically (3,986,646,103,440 deals).
  const Plan plan = equity::plan(draw_question(Game::draw, {"/5", "/5"}));
  EXPECT_EQ(plan.method, Method::exact);
  EXPECT_EQ(plan.exact_method, ExactMethod::sweep);
  EXPECT_EQ(plan.work.showdowns, 2'598'960.0 * 1'533'939.0);  // C(52,5) C(47,5)
}

TEST(DrawCalculate, BadQuestionsAreOneLineInTheGamesTerms) {
  EXPECT_EQ(message_of(draw_question(Game::deuce7_triple, {"Kd8s4h3c", "9s7c5h/2"})),
            "player 1: \"Kd8s4h3c\": 4 cards of a 5-card 27-triple hand: write how many are drawn (Kd8s4h3c/1)");
  EXPECT_EQ(message_of(draw_question(Game::deuce7_triple, {"Kd8s4h3c/1", "Kd7c5h/2"})),
            "card Kd appears twice (again in player 2)");
  Question board = draw_question(Game::badugi, {"4h3d2s/1", "7s5c3h/1"});
  board.board = "Kc7d2h";
  EXPECT_EQ(message_of(board),
            "badugi has no board: each player's cards are their own (write them in the player's hand, folded cards "
            "as dead cards)");
  Question draws = draw_question(Game::deuce7_single, {"8h6d4s3c/1", "9s7c5h/2"});
  draws.draws = 2;
  EXPECT_EQ(message_of(draws), "draws: 2 draws to come; 27-single has one draw");
  Question holdem;
  holdem.players = {"AsAc", "KdKc"};
  holdem.draws = 1;
  EXPECT_EQ(message_of(holdem), "draws: holdem has no draws");
  Question per_combo = draw_question(Game::badugi, {"4h3d2s/1", "7s5c3h/1"});
  per_combo.per_combo = true;
  EXPECT_EQ(message_of(per_combo), "per-combo equity and the distribution are not for badugi: each player is one hand");
  std::vector<std::string> seven(7, "");
  for (std::size_t i = 0; i < seven.size(); ++i) seven[i] = Card(static_cast<int>(i)).str() + "/4";
  EXPECT_EQ(message_of(draw_question(Game::deuce7_triple, seven)), "27-triple deals at most 6 players, not 7");
  EXPECT_EQ(message_of(draw_question(Game::deuce7_triple, {"8h6d4s3c/1/0", "9s7c5h/2"})),
            "player 1: \"8h6d4s3c/1/0\": 1 draw after the next one given; 1 draw to come (--draws)");
  // A draw past the stub: the discards known are shuffled back in, which is sampled.
  Question out = draw_question(Game::draw, {"/5", "/5", "/5", "/5", "/5", "/5"},
                               "2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d8d9dTdJdQd");
  out.method = Method::exact;
  EXPECT_EQ(message_of(out),
            "exact: the players draw 30 cards and 28 are left: the discards are shuffled back in, which is sampled: "
            "ask for Monte Carlo");
  out.method = Method::automatic;
  out.seed = 1;
  const Answer a = calculate(out);
  EXPECT_EQ(a.method, Method::monte_carlo);
  EXPECT_EQ(a.reason,
            "the players draw 30 cards and 28 are left: the discards are shuffled back in (the rules' reshuffle), "
            "sampled");
}

// ---- Draws before the last: Monte Carlo against a slow reference of the same rule ---------------

namespace {

int rule_order(bool ace_low, Card c) { return ace_low ? (c.rank() + 1) % kRanks : c.rank(); }

// The rule as docs/draw.md words it, on a list of cards (lowest suit first within a rank).
std::vector<Card> reference_keep(Game game, int pat, int keep, std::vector<Card> hand) {
  std::sort(hand.begin(), hand.end(),
            [](Card a, Card b) { return a.suit() != b.suit() ? a.suit() < b.suit() : a.rank() < b.rank(); });
  const GameRules& rules = game_rules(game);
  const PotRanking ranking = rules.split ? rules.split_ranking : rules.ranking;
  const bool ace_low = ranking != PotRanking::deuce_to_seven_low;
  std::vector<Card> kept;
  if (ranking == PotRanking::badugi) {
    // The largest set of distinct ranks and suits, then the lowest from the top; the first found.
    std::vector<Card> best;
    std::vector<int> best_key;
    for (unsigned m = 1; m < (1u << hand.size()); ++m) {
      std::vector<Card> s;
      for (std::size_t i = 0; i < hand.size(); ++i)
        if (m >> i & 1u) s.push_back(hand[i]);
      bool ok = true;
      for (std::size_t i = 0; i < s.size(); ++i)
        for (std::size_t j = i + 1; j < s.size(); ++j)
          ok = ok && s[i].rank() != s[j].rank() && s[i].suit() != s[j].suit();
      if (!ok) continue;
      std::vector<int> key = {-static_cast<int>(s.size())};
      std::vector<int> orders;
      for (Card c : s) orders.push_back(rule_order(true, c));
      std::sort(orders.rbegin(), orders.rend());
      key.insert(key.end(), orders.begin(), orders.end());
      if (best.empty() || key < best_key) best = s, best_key = key;
    }
    if (best.size() == hand.size() && -best_key[0] == 4 && best_key[1] <= pat) return hand;
    for (Card c : best)
      if (rule_order(true, c) <= keep) kept.push_back(c);
    return kept;
  }
  std::set<int> orders;
  int top = 0;
  for (Card c : hand) orders.insert(rule_order(ace_low, c)), top = std::max(top, rule_order(ace_low, c));
  bool made = orders.size() == 5;
  if (made && !ace_low) {
    bool flush = true;
    for (Card c : hand) flush = flush && c.suit() == hand[0].suit();
    made = !flush && *orders.rbegin() - *orders.begin() != 4;
  }
  if (made && top <= pat) return hand;
  for (int o = 0; o <= keep; ++o)
    for (Card c : hand)
      if (rule_order(ace_low, c) == o) {
        kept.push_back(c);
        break;
      }
  if (kept.size() == hand.size()) kept.pop_back();
  return kept;
}

// The `count` cards the rule values most, as docs/draw.md words it: lowball, one card of each rank
// from the lowest (of two of a rank the first by suit), then the others from the lowest; badugi, the
// best badugi's cards from the lowest, then the others.
std::vector<Card> reference_keep_count(Game game, int pat, int keep, std::vector<Card> hand, int count) {
  std::sort(hand.begin(), hand.end(),
            [](Card a, Card b) { return a.suit() != b.suit() ? a.suit() < b.suit() : a.rank() < b.rank(); });
  const GameRules& rules = game_rules(game);
  const PotRanking ranking = rules.split ? rules.split_ranking : rules.ranking;
  const bool ace_low = ranking != PotRanking::deuce_to_seven_low;
  std::vector<Card> badugi;
  if (ranking == PotRanking::badugi) badugi = reference_keep(game, 12, 12, hand);  // its best badugi, all kept
  std::vector<std::pair<int, Card>> ranked;
  std::set<int> seen;
  for (Card c : hand) {
    const bool first = seen.insert(c.rank()).second;
    const bool in_badugi = std::find(badugi.begin(), badugi.end(), c) != badugi.end();
    const int tier = ranking == PotRanking::badugi ? (in_badugi ? 0 : 1) : (first ? 0 : 1);
    ranked.emplace_back(tier * 100 + rule_order(ace_low, c), c);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Card> kept;
  for (int i = 0; i < count; ++i) kept.push_back(ranked[static_cast<std::size_t>(i)].second);
  (void)pat, (void)keep;
  return kept;
}

// Each player's equity over `trials` deals: the first draw, then the later ones by the rule, a
// stub of the cards not seen and the discards shuffled in when it runs out.
std::vector<double> reference_equity(const Question& q, int pat, int keep, int trials) {
  std::vector<std::vector<Card>> kept;
  std::vector<int> first;
  std::vector<std::vector<int>> later;
  CardSet used;
  for (const auto& text : q.players) {
    const DrawHand h = parse_draw_hand(text, q.game, "p");
    kept.push_back(h.kept);
    first.push_back(h.draws);
    later.push_back(h.later);
    for (Card c : h.kept) used.insert(c);
  }
  for (Card c : parse_cards(q.dead)) used.insert(c);
  std::vector<Card> unseen;
  for (int id = 0; id < kCards; ++id)
    if (!used.contains(Card(id))) unseen.push_back(Card(id));
  std::mt19937_64 rng(12345);
  std::vector<double> units(q.players.size(), 0);
  for (int t = 0; t < trials; ++t) {
    std::vector<Card> stub = unseen, pile = parse_cards(q.dead);  // the discards known on the pile
    std::shuffle(stub.begin(), stub.end(), rng);
    auto take = [&] {
      if (stub.empty()) {
        stub.swap(pile);
        std::shuffle(stub.begin(), stub.end(), rng);
      }
      const Card c = stub.back();
      stub.pop_back();
      return c;
    };
    std::vector<std::vector<Card>> hands = kept;
    for (std::size_t p = 0; p < hands.size(); ++p)
      for (int k = 0; k < first[p]; ++k) hands[p].push_back(take());
    for (int round = 1; round < q.draws; ++round)
      for (std::size_t p = 0; p < hands.size(); ++p) {
        std::vector<Card>& hand = hands[p];
        const std::size_t r = static_cast<std::size_t>(round - 1);
        const std::vector<Card> keep_now =
            r < later[p].size()
                ? reference_keep_count(q.game, pat, keep, hand, static_cast<int>(hand.size()) - later[p][r])
                : reference_keep(q.game, pat, keep, hand);
        std::vector<Card> thrown;
        for (Card c : hand)
          if (std::find(keep_now.begin(), keep_now.end(), c) == keep_now.end()) thrown.push_back(c);
        const bool own_back = stub.size() + pile.size() < thrown.size();
        if (own_back) pile.insert(pile.end(), thrown.begin(), thrown.end());
        hand = keep_now;
        for (std::size_t k = 0; k < thrown.size(); ++k) hand.push_back(take());
        if (!own_back) pile.insert(pile.end(), thrown.begin(), thrown.end());
      }
    std::vector<std::vector<Key>> k;
    for (const auto& h : hands) k.push_back(keys(q.game, h));
    for (std::size_t half = 0; half < k[0].size(); ++half) {
      Key best = k[0][half];
      for (const auto& x : k) best = std::min(best, x[half]);
      int winners = 0;
      for (const auto& x : k) winners += x[half] == best;
      for (std::size_t p = 0; p < k.size(); ++p)
        if (k[p][half] == best) units[p] += 1.0 / static_cast<double>(k[0].size()) / winners;
    }
  }
  for (double& u : units) u /= trials;
  return units;
}

}  // namespace

TEST(DrawMonteCarlo, ReproducesASlowReferenceOfTheRule) {
  struct Case {
    Game game;
    std::vector<std::string> players;
    int draws;
    int pat, keep;  // the defaults, in the rule's order
    std::string dead = "";
  };
  const std::string kManyDead = "2c3c4c5c7c9cJcQcKc2h3h4h5h7h9hJhQhKh";
  const std::string kMoreDead = kManyDead + "8c8s3s2sJdQd";  // 24: the question's draw runs past the stub
  const std::vector<Case> cases = {
      {Game::deuce7_triple, {"8h6d4s3c/1", "9s7c5h/2"}, 3, 7, 6},
      {Game::a5_triple, {"5h4d3s/2", "7s6c4h2d/1", "8d6s/3"}, 2, 8, 7},
      {Game::badugi, {"4h3d2s/1", "7s5c3h/1"}, 3, 9, 7},
      {Game::badeucy, {"7h5d4s2c/1", "8s6c3h/2"}, 3, 7, 6},
      {Game::badacey, {"5h4d3s2c/1", "7s6c3h/2"}, 2, 8, 7},
      // draws after the next one given: the cards the rule values most kept
      {Game::deuce7_triple, {"8h6d4s3c/1/0/0", "9s7c5h/2/1/1", "Ks9d/3/2"}, 3, 7, 6},
      {Game::badugi, {"4h3d2s/1/1", "7s5c/2/0"}, 2, 9, 7},
      // six players: the stub runs out and the discards are shuffled in
      {Game::deuce7_triple, {"/5", "/5", "/5", "/5", "/5", "/5"}, 3, 7, 6},
      // the discards known (dead) on the pile: shuffled in with the later draws' when the stub runs
      // out, in the question's draw already (one draw to come: sampled, it alone)
      {Game::deuce7_triple, {"8h6d/3", "9s7s/3", "5d4d/3", "Ts6s/3", "/5"}, 2, 7, 6, kManyDead},
      {Game::deuce7_single, {"8h6d/3", "9s7s/3", "5d4d/3", "Ts6s/3", "/5", "/5"}, 1, 0, 0, kMoreDead},
      {Game::draw, {"AhAd/3", "KsKd/3", "/5", "/5", "/5", "/5"}, 1, 0, 0, kMoreDead},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(game_name(c.game)) + " " + c.players[0]);
    Question q = draw_question(c.game, c.players, c.dead);
    q.draws = c.draws;
    q.seed = 11;
    q.max_trials = 200'000;
    const Answer a = calculate(q);
    ASSERT_EQ(a.method, Method::monte_carlo);
    if (c.draws > 1) {
      EXPECT_EQ(a.draw_rule, describe(draw_rule(c.game)));
      const DrawRule rule = draw_rule(c.game);
      EXPECT_EQ(rule.pat, c.pat);
      EXPECT_EQ(rule.keep, c.keep);
    }
    const std::vector<double> reference = reference_equity(q, c.pat, c.keep, 100'000);
    for (std::size_t p = 0; p < reference.size(); ++p) {
      // The reference's own error is at most 0.5 / sqrt(100,000) = 0.0016; with the answer's, 4 sigma.
      const double sigma = std::hypot(*a.players[p].standard_error, 0.5 / std::sqrt(100'000.0));
      EXPECT_NEAR(a.players[p].equity, reference[p], 4 * sigma) << "player " << p + 1;
    }
  }
}

TEST(DrawMonteCarlo, ASeedGivesTheSameNumbersOnAnyThreadCount) {
  Question q = draw_question(Game::badeucy, {"7h5d4s2c/1", "8s6c3h/2", "9d7c/3"});
  q.draws = 3;
  q.seed = 3;
  q.max_trials = 50'000;
  const Answer a = calculate(q);
  tbb::task_arena one(1);
  const Answer b = one.execute([&] { return calculate(q); });
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_EQ(a.players[p].pot_units, b.players[p].pot_units);
    EXPECT_EQ(a.players[p].scoops, b.players[p].scoops);
  }
  q.method = Method::exact;
  q.max_trials = 0;
  EXPECT_EQ(message_of(q),
            "exact: 3 draws to come; exact counts the last draw, the draws before it follow the drawing "
            "rule and are sampled: ask for Monte Carlo (or one draw to come)");
}

namespace {
CardSet set_of(const std::vector<Card>& cards) {
  CardSet s;
  for (Card c : cards) s.insert(c);
  return s;
}
}  // namespace

TEST(DrawRule, KeepsWhatTheRuleSays) {
  const DrawRule deuce = draw_rule(Game::deuce7_triple);
  EXPECT_EQ(describe(deuce),
            "stand pat on a 9-high made hand or better, else keep one card of each rank 8 or below (aces high)");
  EXPECT_EQ(draw_keep(deuce, set_of(parse_cards("9h7d5c3s2h"))), set_of(parse_cards("9h7d5c3s2h")));  // pat
  EXPECT_EQ(draw_keep(deuce, set_of(parse_cards("Th7d5c3s2h"))), set_of(parse_cards("7d5c3s2h")));
  EXPECT_EQ(draw_keep(deuce, set_of(parse_cards("8h7h5h3h2h"))), set_of(parse_cards("7h5h3h2h")));  // a flush
  EXPECT_EQ(draw_keep(deuce, set_of(parse_cards("As7d7c3s2h"))),
            set_of(parse_cards("7c3s2h")));  // ace high; one 7, the first suit
  const DrawRule a5 = draw_rule(Game::a5_triple, "7", "6");
  EXPECT_EQ(draw_keep(a5, set_of(parse_cards("As7d6c3s2h"))), set_of(parse_cards("As7d6c3s2h")));
  EXPECT_EQ(draw_keep(a5, set_of(parse_cards("As8d6c3s2h"))), set_of(parse_cards("As6c3s2h")));
  const DrawRule badugi = draw_rule(Game::badugi);
  EXPECT_EQ(draw_keep(badugi, set_of(parse_cards("Th7d5c3s"))), set_of(parse_cards("Th7d5c3s")));
  EXPECT_EQ(draw_keep(badugi, set_of(parse_cards("Jh7d5c3s"))), set_of(parse_cards("7d5c3s")));
  EXPECT_EQ(draw_keep(badugi, set_of(parse_cards("Kh7h5c3s"))), set_of(parse_cards("7h5c3s")));
  EXPECT_EQ(draw_rule(Game::draw), DrawRule{});
  // A given number of cards: the ones the rule values most.
  EXPECT_EQ(draw_keep_count(deuce, set_of(parse_cards("Kh7d7c3s2h")), 3), set_of(parse_cards("7c3s2h")));
  EXPECT_EQ(draw_keep_count(deuce, set_of(parse_cards("Kh7d7c3s2h")), 4), set_of(parse_cards("Kh7c3s2h")));
  EXPECT_EQ(draw_keep_count(a5, set_of(parse_cards("Kh7d7c3s2h")), 5), set_of(parse_cards("Kh7d7c3s2h")));
  EXPECT_EQ(draw_keep_count(badugi, set_of(parse_cards("Kh7h5c3s")), 3), set_of(parse_cards("7h5c3s")));
  EXPECT_EQ(draw_keep_count(badugi, set_of(parse_cards("Kh7h5c3s")), 1), set_of(parse_cards("3s")));
}
