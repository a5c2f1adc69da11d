// Every counting method under the game seam (game.hpp, ranking.hpp) against a brute force written
// here: for short deck under both rule sets, every combo assignment and every board scored by the
// reference's best of 21 (shortdeck_reference.hpp), with boards from none to four cards, dead
// cards, ranges and 2 to 6 players. Monte Carlo agrees within its interval.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "equity/board_hits.hpp"
#include "equity/calculate.hpp"
#include "equity/error.hpp"
#include "equity/game.hpp"
#include "equity/hand_class.hpp"
#include "equity/plan.hpp"
#include "equity/range.hpp"
#include "shortdeck_reference.hpp"

using namespace equity;

namespace {

struct Counts {
  std::uint64_t wins = 0, ties = 0, losses = 0;
  friend bool operator==(const Counts&, const Counts&) = default;
};

ShortDeckRules rules_of(Game game) {
  return game == Game::shortdeck ? ShortDeckRules::trips_beat_straight : ShortDeckRules::straight_beats_trips;
}

std::vector<std::vector<Card>> player_combos(const std::string& text, Game game, CardSet known) {
  std::vector<std::vector<Card>> out;
  for (const auto& c : Range::parse(text).combos(known | out_of_deck(game))) out.push_back({c.cards[0], c.cards[1]});
  return out;
}

// The brute force: every assignment of one combo per player sharing no card, every board that
// completes the known one from the game's deck, each player's best of 21 by the reference.
std::vector<Counts> brute_force(Game game, const std::vector<std::string>& players, const std::vector<Card>& board,
                                const std::vector<Card>& dead) {
  const ShortDeckRules rules = rules_of(game);
  CardSet known;
  for (Card c : board) known.insert(c);
  for (Card c : dead) known.insert(c);
  std::vector<std::vector<std::vector<Card>>> combos;
  for (const auto& p : players) combos.push_back(player_combos(p, game, known));
  const std::size_t n = players.size();
  std::vector<Counts> counts(n);
  std::vector<std::size_t> pick(n, 0);
  const auto assignment = [&] {
    CardSet used = known;
    for (std::size_t p = 0; p < n; ++p)
      for (Card c : combos[p][pick[p]]) {
        if (used.contains(c)) return false;
        used.insert(c);
      }
    std::vector<Card> deck;
    for (Card c : game_rules(game).deck.cards())
      if (!used.contains(c)) deck.push_back(c);
    const int k = 5 - static_cast<int>(board.size());
    std::vector<int> idx(static_cast<std::size_t>(k));
    std::function<void(int, int)> walk = [&](int next, int depth) {
      if (depth == k) {
        std::vector<std::uint32_t> score(n);
        std::uint32_t best = 0;
        for (std::size_t p = 0; p < n; ++p) {
          std::vector<Card> seven = board;
          for (int i : idx) seven.push_back(deck[static_cast<std::size_t>(i)]);
          seven.insert(seven.end(), combos[p][pick[p]].begin(), combos[p][pick[p]].end());
          score[p] = test::reference_score(seven, rules);
          best = std::max(best, score[p]);
        }
        const auto winners = std::count(score.begin(), score.end(), best);
        for (std::size_t p = 0; p < n; ++p) {
          if (score[p] != best)
            ++counts[p].losses;
          else if (winners == 1)
            ++counts[p].wins;
          else
            ++counts[p].ties;
        }
        return;
      }
      for (int i = next; i < static_cast<int>(deck.size()); ++i) {
        idx[static_cast<std::size_t>(depth)] = i;
        walk(i + 1, depth + 1);
      }
    };
    walk(0, 0);
    return true;
  };
  // Every assignment: an odometer over the players' combo lists.
  for (;;) {
    assignment();
    std::size_t p = 0;
    while (p < n && ++pick[p] == combos[p].size()) pick[p++] = 0;
    if (p == n) break;
  }
  return counts;
}

Question ask(Game game, std::vector<std::string> players, const std::vector<Card>& board,
             const std::vector<Card>& dead) {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.board = to_string(board);
  q.dead = to_string(dead);
  q.use_table = false;
  return q;
}

void expect_counts(const Answer& a, const std::vector<Counts>& expected) {
  ASSERT_EQ(a.players.size(), expected.size());
  for (std::size_t p = 0; p < expected.size(); ++p) {
    SCOPED_TRACE("player " + std::to_string(p + 1));
    EXPECT_EQ((Counts{a.players[p].wins, a.players[p].ties, a.players[p].losses}), expected[p]);
  }
}

// A random deal of the game: `players` specific hands, a board of `board` cards, `dead` dead cards.
struct RandomDeal {
  std::vector<std::string> hands;
  std::vector<Card> board, dead;
};
RandomDeal random_deal(Game game, std::mt19937_64& rng, int players, int board, int dead) {
  std::vector<Card> deck = game_rules(game).deck.cards();
  std::shuffle(deck.begin(), deck.end(), rng);
  RandomDeal d;
  std::size_t next = 0;
  for (int p = 0; p < players; ++p, next += 2) d.hands.push_back(deck[next].str() + deck[next + 1].str());
  for (int i = 0; i < board; ++i) d.board.push_back(deck[next++]);
  for (int i = 0; i < dead; ++i) d.dead.push_back(deck[next++]);
  return d;
}

class ShortDeck : public testing::TestWithParam<Game> {};

std::string game_label(const testing::TestParamInfo<Game>& info) {
  return info.param == Game::shortdeck ? "TripsBeatStraight" : "StraightBeatsTrips";
}

// Specific hands, 2 to 6 players, boards of 3 and 4 cards, 0 to 3 dead cards: the grouped
// enumeration and the board walk both give the brute force's integers.
TEST_P(ShortDeck, HandsOnBoardsMatchTheBruteForce) {
  const Game game = GetParam();
  std::mt19937_64 rng(25 + static_cast<int>(game));
  for (int trial = 0; trial < 24; ++trial) {
    const int players = 2 + trial % 5, board = 3 + trial % 2, dead = trial % 4;
    const RandomDeal d = random_deal(game, rng, players, board, dead);
    SCOPED_TRACE(testing::PrintToString(d.hands) + " board " + to_string(d.board) + " dead " + to_string(d.dead));
    const auto expected = brute_force(game, d.hands, d.board, d.dead);
    for (ExactMethod method : {ExactMethod::grouped, ExactMethod::boards}) {
      Question q = ask(game, d.hands, d.board, d.dead);
      q.exact_method = method;
      const Answer a = calculate(q);
      EXPECT_EQ(a.game, game);
      expect_counts(a, expected);
    }
  }
}

// Preflop, every one of the C(32, 5) = 201,376 boards (C(31, 5) with a dead card), heads-up and
// three-way: flushes, A-6-7-8-9 and the trips-or-straight rule all show up.
TEST_P(ShortDeck, PreflopMatchesTheBruteForceSlow) {
  const Game game = GetParam();
  std::mt19937_64 rng(7 + static_cast<int>(game));
  for (const auto& [players, dead] : {std::pair{2, 0}, std::pair{2, 1}, std::pair{3, 0}}) {
    const RandomDeal d = random_deal(game, rng, players, 0, dead);
    SCOPED_TRACE(testing::PrintToString(d.hands) + " dead " + to_string(d.dead));
    const auto expected = brute_force(game, d.hands, {}, d.dead);
    for (ExactMethod method : {ExactMethod::grouped, ExactMethod::boards}) {
      Question q = ask(game, d.hands, {}, d.dead);
      q.exact_method = method;
      expect_counts(calculate(q), expected);
    }
  }
  // Known hands where the rules matter: suited connectors against a pair.
  const std::vector<std::string> hands = {"As9s", "KhKd"};
  Question q = ask(game, hands, {}, {});
  expect_counts(calculate(q), brute_force(game, hands, {}, {}));
}

// Ranges: each assignment of combos, every board; heads-up on a board by the sweep, three-way
// by the grouped enumeration over assignments.
TEST_P(ShortDeck, RangesMatchTheBruteForce) {
  const Game game = GetParam();
  const std::vector<Card> flop = parse_cards("Ks9h6c"), turn = parse_cards("Th8h7c6d");
  struct Case {
    std::vector<std::string> players;
    std::vector<Card> board;
    std::vector<Card> dead;
  };
  const std::vector<Case> cases = {
      {{"AKs,QQ", "JJ,TT,T9s"}, flop, {}},
      {{"A6s,87s", "99,JTo"}, turn, parse_cards("As")},
      {{"AhKh", "QQ+"}, flop, {}},
      {{"AK", "QJs", "TT"}, turn, {}},
      {{"77,A8s", "T9", "6s6h"}, flop, parse_cards("Ac")},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(testing::PrintToString(c.players) + " board " + to_string(c.board));
    const auto expected = brute_force(game, c.players, c.board, c.dead);
    const Answer a = calculate(ask(game, c.players, c.board, c.dead));
    if (c.players.size() == 2) {
      EXPECT_TRUE(a.exact_method == ExactMethod::sweep || a.exact_method == ExactMethod::showdowns);
      for (const ExactMethod method : {ExactMethod::sweep, ExactMethod::showdowns}) {
        Question forced = ask(game, c.players, c.board, c.dead);
        forced.exact_method = method;
        expect_counts(calculate(forced), expected);
      }
    } else if (!c.board.empty()) {
      Question forced = ask(game, c.players, c.board, c.dead);
      forced.exact_method = ExactMethod::showdowns;
      expect_counts(calculate(forced), expected);
    }
    expect_counts(a, expected);
    Question grouped = ask(game, c.players, c.board, c.dead);
    grouped.exact_method = ExactMethod::grouped;
    expect_counts(calculate(grouped), expected);
  }
}

// The rule sets differ exactly where a straight meets three of a kind.
TEST(ShortDeckRules, TripsAgainstAStraightFollowsTheRuleSet) {
  // On 6c7d8hKsKd, 9s9c makes a straight (6-7-8-9... no: 9 8 7 6 and a ten is needed), so use a
  // board where one player has trips and the other a straight for sure.
  const std::vector<std::string> hands = {"AsAc", "9sTc"};
  const std::vector<Card> board = parse_cards("Ad6c7d8hKs");  // trips of aces; 6-7-8-9-T straight
  Question trips = ask(Game::shortdeck, hands, board, {});
  Question straights = ask(Game::shortdeck_straights, hands, board, {});
  EXPECT_EQ(calculate(trips).players[0].wins, 1u);
  EXPECT_EQ(calculate(straights).players[1].wins, 1u);
  // A-6-7-8-9 is a straight, the lowest: it loses to 6-7-8-9-T.
  const Answer wheel = calculate(ask(Game::shortdeck, {"AsKd", "TcJd"}, parse_cards("6c7d8h9sQh"), {}));
  EXPECT_EQ(wheel.players[1].wins, 1u);
  // A flush beats a full house.
  const Answer flush = calculate(ask(Game::shortdeck, {"AhKh", "QsQc"}, parse_cards("QhJh6h6sTc"), {}));
  EXPECT_EQ(flush.players[0].wins, 1u);
  const Answer holdem = calculate(ask(Game::holdem, {"AhKh", "QsQc"}, parse_cards("QhJh6h6sTc"), {}));
  EXPECT_EQ(holdem.players[1].wins, 1u);
}

// Monte Carlo deals from the game's deck and ranks by its rules: within 5 standard errors of the
// exact equity, the same numbers on one thread and on two; three or more players with ranges by
// the joint draw (joint_trials.hpp), overlapping and weighted ranges among them.
TEST_P(ShortDeck, MonteCarloAgreesWithExact) {
  const Game game = GetParam();
  for (const std::vector<std::string>& players :
       {std::vector<std::string>{"AsKs", "QhQd"},
        {"AK,99", "random", "T9s"},
        {"random", "random"},
        {"AK,KQ@50", "KK,AQ", "random", "JT@25,88"}}) {  // overlapping and weighted: the joint draw
    SCOPED_TRACE(testing::PrintToString(players));
    Question exact = ask(game, players, parse_cards("Ts7h6d"), {});
    const Answer e = calculate(exact);
    Question mc = exact;
    mc.method = Method::monte_carlo;
    mc.max_trials = 400'000;
    mc.seed = 11;
    const Answer m = calculate(mc);
    ASSERT_EQ(m.method, Method::monte_carlo);
    for (std::size_t p = 0; p < players.size(); ++p)
      EXPECT_NEAR(m.players[p].equity, e.players[p].equity, 5 * *m.players[p].standard_error);
    mc.threads = 1;
    const Answer one = calculate(mc);
    for (std::size_t p = 0; p < players.size(); ++p) EXPECT_EQ(one.players[p].wins, m.players[p].wins);
  }
}

// Short deck's unrolled Monte Carlo loops (the heads-up loop and the multiway loops, from
// monte_carlo_kernels_shortdeck.cpp) deal what the general loop deals: the loop with categories,
// which is the general one, counts the same wins and ties for the same seed. Every kind of deal:
// specific, drawn and random players, boards shared or not, 5, 2 and 1 board cards to come.
TEST_P(ShortDeck, MonteCarloUnrolledLoopsDealAsTheGeneralLoop) {
  const Game game = GetParam();
  struct Case {
    std::vector<std::string> players;
    std::vector<Card> board;
  };
  const std::vector<Case> cases = {
      {{"AhKh", "random"}, {}},
      {{"random", "random"}, {}},
      {{"AhKh", "QsQd"}, {}},
      {{"AK,QQ", "random"}, {}},
      {{"AK,QQ", "JJ,TT"}, {}},
      {{"random", "random", "random", "random", "random"}, {}},
      {{"AhKh", "random", "random", "random"}, parse_cards("Ts7h6d")},
      {{"QQ+,AKs", "JJ,TT,99,AQs", "random"}, {}},
      {{"AsKs", "random"}, parse_cards("9h8h7c6d")},
      {{"random", "random", "random"}, parse_cards("9h8h7c6d")},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(testing::PrintToString(c.players) + " board " + to_string(c.board));
    Question q = ask(game, c.players, c.board, {});
    q.method = Method::monte_carlo;
    q.max_trials = 50'000;
    q.seed = 5;
    q.threads = 1;
    const Answer unrolled = calculate(q);
    q.by_category = true;
    const Answer general = calculate(q);
    for (std::size_t p = 0; p < c.players.size(); ++p) {
      EXPECT_EQ(unrolled.players[p].wins, general.players[p].wins);
      EXPECT_EQ(unrolled.players[p].ties, general.players[p].ties);
    }
  }
}

// Per-combo equity by the sweep: each combo's counts add up to the player's.
TEST_P(ShortDeck, PerComboAddsUp) {
  Question q = ask(GetParam(), {"AK,QQ", "random"}, parse_cards("Qh9c6s"), {});
  q.per_combo = true;
  const Answer a = calculate(q);
  for (const auto& p : a.players) {
    std::uint64_t wins = 0;
    for (const auto& c : p.per_combo) wins += c.wins;
    EXPECT_EQ(wins, p.wins);
  }
  EXPECT_EQ(a.players[1].combos, 528u);  // C(33, 2): every short-deck combo off the flop
}

// What a range hits on a short-deck board, against a slow check written here: the made hands by
// the reference's category (a flush above a full house), the straight draws by counting the ranks
// 6..A that would make a straight using a rank only the hole cards hold (A-6-7-8-9 included).
TEST_P(ShortDeck, BoardHitsFollowTheGamesRules) {
  const Game game = GetParam();
  const ShortDeckRules rules = rules_of(game);
  const auto straight_in = [](const std::vector<int>& ranks, int extra) {  // the straight's ranks, or none
    std::vector<int> all = ranks;
    all.push_back(extra);
    const auto has = [&](int r) { return std::find(all.begin(), all.end(), r) != all.end(); };
    for (int high = 12; high >= 8; --high)
      if (has(high) && has(high - 1) && has(high - 2) && has(high - 3) && has(high - 4))
        return std::vector<int>{high, high - 1, high - 2, high - 3, high - 4};
    if (has(12) && has(7) && has(6) && has(5) && has(4)) return std::vector<int>{12, 7, 6, 5, 4};
    return std::vector<int>{};
  };
  std::mt19937_64 rng(90 + static_cast<int>(game));
  int straights = 0, wheels = 0, draws = 0, flushes = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<Card> deck = kShortDeck.cards();
    std::shuffle(deck.begin(), deck.end(), rng);
    const std::vector<Card> board(deck.begin(), deck.begin() + 3 + trial % 3);
    const HitClassifier classifier(board, game);
    for (std::size_t i = board.size(); i < deck.size(); ++i)
      for (std::size_t j = i + 1; j < deck.size(); ++j) {
        const Card a = deck[i], b = deck[j];
        const ComboHit hit = classifier.classify(a, b);
        std::vector<Card> all = board;
        all.push_back(a);
        all.push_back(b);
        const Category c = [&] {
          const std::uint32_t score = test::reference_score(all, rules);
          for (int k = 0; k < kCategories; ++k)
            if (test::strength(static_cast<Category>(k), rules) == static_cast<int>(score >> 20))
              return static_cast<Category>(k);
          return Category::HighCard;
        }();
        const std::map<Category, MadeCategory> made = {{Category::StraightFlush, MadeCategory::StraightFlush},
                                                       {Category::FourOfAKind, MadeCategory::Quads},
                                                       {Category::FullHouse, MadeCategory::FullHouse},
                                                       {Category::Flush, MadeCategory::Flush},
                                                       {Category::Straight, MadeCategory::Straight}};
        if (made.count(c)) {
          ASSERT_EQ(hit.made, made.at(c)) << a.str() << b.str() << " on " << to_string(board);
          straights += c == Category::Straight;
          flushes += c == Category::Flush;
          std::vector<int> ranks;
          for (Card x : all) ranks.push_back(x.rank());
          wheels += c == Category::Straight && straight_in(ranks, -1) == std::vector<int>{12, 7, 6, 5, 4};
          continue;
        }
        if (board.size() == 5) continue;
        std::vector<int> ranks, board_ranks;
        for (Card x : all) ranks.push_back(x.rank());
        for (Card x : board) board_ranks.push_back(x.rank());
        int outs = 0;
        for (int x = 4; x < kRanks; ++x) {
          if (std::find(ranks.begin(), ranks.end(), x) != ranks.end()) continue;
          for (int r : straight_in(ranks, x))
            if ((r == a.rank() || r == b.rank()) &&
                std::find(board_ranks.begin(), board_ranks.end(), r) == board_ranks.end()) {
              ++outs;
              break;
            }
        }
        EXPECT_EQ(hit.has(DrawCategory::Oesd), outs >= 2) << a.str() << b.str() << " on " << to_string(board);
        EXPECT_EQ(hit.has(DrawCategory::Gutshot), outs == 1) << a.str() << b.str() << " on " << to_string(board);
        draws += outs > 0;
      }
  }
  EXPECT_GT(straights, 0);
  EXPECT_GT(wheels, 0);
  EXPECT_GT(flushes, 0);
  EXPECT_GT(draws, 0);
  // The whole range through calculate(): short deck's 630 combos less the board's.
  Question q = ask(game, {"random", "AA"}, parse_cards("9c8d7h"), {});
  q.hits = true;
  const Answer answer = calculate(q);
  ASSERT_TRUE(answer.players[0].hits);
  EXPECT_EQ(answer.players[0].hits->combos, 528u);  // C(33, 2)
}

INSTANTIATE_TEST_SUITE_P(Games, ShortDeck, testing::Values(Game::shortdeck, Game::shortdeck_straights), game_label);

// Bad input in the game's terms.
TEST(Games, BadInputSaysWhatIsWrongInTheGamesTerms) {
  const auto message = [](Question q) {
    try {
      (void)calculate(q);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(ask(Game::shortdeck, {"As2c", "KhKd"}, {}, {})),
            "player 1: 2c is not in the deck of Short deck (6+) Hold'em (6 to A)");
  EXPECT_EQ(message(ask(Game::shortdeck, {"AA", "55"}, {}, {})),
            "player 2: 55 is not in the deck of Short deck (6+) Hold'em (6 to A)");
  EXPECT_EQ(message(ask(Game::shortdeck, {"AA", "KK"}, parse_cards("Ks7h2c"), {})),
            "board: 2c is not in the deck of Short deck (6+) Hold'em (6 to A)");
  EXPECT_EQ(message(ask(Game::shortdeck, {"AA", "KK"}, {}, parse_cards("3d"))),
            "dead cards: 3d is not in the deck of Short deck (6+) Hold'em (6 to A)");
  EXPECT_THROW((void)parse_game("omaha-lo"), InputError);
  try {
    (void)parse_game("shortdek");
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "game 'shortdek': one of holdem, shortdeck, shortdeck-straights, omaha, omaha5, omaha6, "
                 "omaha-hilo, omaha5-hilo, omaha6-hilo, stud, stud-hilo, razz, draw, 27-single, 27-triple, a5-triple, "
                 "badugi, badeucy, badacey");
  }
}

// The names players use (issue 37): every alias names its own game and no other, in any case and
// spelling of spaces and dashes; the game's own name too.
TEST(Games, AliasesNameTheGames) {
  for (const auto& [name, game] : std::vector<std::pair<std::string, Game>>{
           {"plo", Game::omaha},
           {"PLO4", Game::omaha},
           {"plo5", Game::omaha5},
           {"PLO6", Game::omaha6},
           {"plo8", Game::omaha_hilo},
           {"O8", Game::omaha_hilo},
           {"Omaha Hi/Lo", Game::omaha_hilo},
           {"plo5-8", Game::omaha5_hilo},
           {"Big O", Game::omaha5_hilo},
           {"plo6 hi/lo", Game::omaha6_hilo},
           {"6+", Game::shortdeck},
           {"Short Deck", Game::shortdeck},
           {"short_deck-straights", Game::shortdeck_straights},
           {"nlhe", Game::holdem},
           {"Texas Hold'em", Game::holdem},
           {"OMAHA5-HILO", Game::omaha5_hilo},
       }) {
    EXPECT_EQ(parse_game(name), game) << name;
  }
  std::size_t aliases = 0;
  for (Game g : games()) {
    for (const std::string_view alias : game_aliases(g)) {
      EXPECT_EQ(parse_game(alias), g) << alias;  // a later game's alias shadowed by an earlier one fails
      ++aliases;
    }
  }
  EXPECT_GE(aliases, 30u);
  EXPECT_NE(game_alias_names().find("omaha: plo, plo4"), std::string::npos) << game_alias_names();
  for (const char* bad : {"", "-", "plo7", "courchevel", "omaha-lo", "holdem5"})
    EXPECT_THROW((void)parse_game(bad), InputError) << bad;
}

// Every game is data: its deck's size and classes, and the planner plans it like Hold'em.
TEST(Games, RulesAreData) {
  EXPECT_EQ(game_rules(Game::holdem).deck_size(), 52);
  EXPECT_EQ(game_rules(Game::shortdeck).deck_size(), 36);
  EXPECT_EQ(game_rules(Game::shortdeck_straights).deck_size(), 36);
  for (Game g : games()) {
    EXPECT_EQ(parse_game(game_name(g)), g);
    EXPECT_EQ(game_rules(g).game, g);
  }
  const Plan p = plan(ask(Game::shortdeck, {"AsAc", "KhQh"}, {}, {}));
  EXPECT_EQ(p.method, Method::exact);
  EXPECT_EQ(p.work.boards, 201'376u);  // C(32, 5)
  EXPECT_TRUE(p.quick);
}

}  // namespace
