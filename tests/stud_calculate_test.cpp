// The stud family through the one call (calculate(), plan()): the hand grammar, the planner's
// choices, the answers against the brute force (stud_brute_force.hpp), Monte Carlo against exact,
// the JSON, and bad questions in the game's terms.
#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"
#include "equity/distribution.hpp"
#include "equity/error.hpp"
#include "equity/plan.hpp"
#include "equity/stud_hand.hpp"
#include "stud_brute_force.hpp"

using namespace equity;
using namespace equity::test;

namespace {

Question stud_question(Game game, std::vector<std::string> players, std::string dead = "") {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.dead = std::move(dead);
  return q;
}

std::string message_of(const Question& q) {
  try {
    (void)calculate(q);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

StudGame scorer(Game game) {
  return game == Game::razz ? StudGame::razz : game == Game::stud_hilo ? StudGame::stud_hilo : StudGame::stud;
}

// The answer's counts are the brute force's: wins, ties, losses of the high (razz: the low), the
// pot units, and for Hi/Lo the scoops and the low's.
void expect_counts(const Answer& a, const StudCounts& brute) {
  ASSERT_EQ(a.players.size(), brute.players.size());
  EXPECT_EQ(a.showdowns(), brute.showdowns);
  EXPECT_EQ(a.pot_units, kPotUnits);
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    const PlayerAnswer& pa = a.players[p];
    const PlayerTally& b = brute.players[p];
    EXPECT_EQ(pa.wins, b.parts[0].wins) << p;
    EXPECT_EQ(pa.ties, b.parts[0].ties) << p;
    EXPECT_EQ(pa.losses, b.parts[0].losses) << p;
    EXPECT_EQ(*pa.pot_units, b.pot_units) << p;
    if (brute.game == StudGame::stud_hilo) {
      EXPECT_EQ(*pa.scoops, b.scoops) << p;
      EXPECT_EQ(*pa.low_wins, b.parts[1].wins) << p;
      EXPECT_EQ(*pa.low_ties, b.parts[1].ties) << p;
      EXPECT_EQ(*pa.lows, b.lows) << p;
    } else {
      EXPECT_FALSE(pa.scoops.has_value());
    }
    if (pa.category) {  // by category: the counts, and the outcomes of part 0 (the high half in Hi/Lo)
      EXPECT_EQ(*pa.category, b.categories) << p;
      EXPECT_EQ(*pa.category_wins, b.category_wins) << p;
      EXPECT_EQ(*pa.category_ties, b.category_ties) << p;
    }
  }
}

constexpr std::array<Game, 3> kStudGames = {Game::stud, Game::stud_hilo, Game::razz};

// ---- The grammar ---------------------------------------------------------------------------------

TEST(StudHand, ReadsEveryForm) {
  const StudHand third = parse_stud_hand("AsKsQd", Game::stud, "player 1");
  EXPECT_EQ(third.down, parse_cards("AsKs"));
  EXPECT_EQ(third.up, parse_cards("Qd"));
  EXPECT_EQ(third.unknown, 0);
  EXPECT_EQ(parse_stud_hand("(AsKs)Qd", Game::stud, "p"), third);
  EXPECT_EQ(parse_stud_hand("(As Ks) Qd", Game::razz, "p"), third);
  const StudHand river = parse_stud_hand("(AsKs)QdJh2c3d(7c)", Game::stud, "p");
  EXPECT_EQ(river.down, parse_cards("AsKs7c"));
  EXPECT_EQ(river.up, parse_cards("QdJh2c3d"));
  EXPECT_EQ(parse_stud_hand("AsKsQdJh2c3d7c", Game::stud, "p"), river);
  const StudHand hidden = parse_stud_hand("(?\?)Qd", Game::stud, "p");
  EXPECT_EQ(hidden.unknown, 2);
  EXPECT_TRUE(hidden.down.empty());
  EXPECT_EQ(hidden.dealt(), 3);
  EXPECT_EQ(parse_stud_hand("(As?)QdJh", Game::stud, "p").unknown, 1);
  EXPECT_TRUE(parse_stud_hand("random", Game::stud, "p").random);
  for (const char* text : {"(AsKs)Qd", "(?\?)Qd", "(As?)QdJh", "(?Ks)QdJh", "(AsKs)QdJh2c3d(7c)", "(AsKs)QdJh2c3d(?)",
                           "(?Ks)QdJh2c3d(?)", "(?\?)QdJh2c3d(7c)", "random"})
    EXPECT_EQ(to_string(parse_stud_hand(text, Game::stud, "p"), Game::stud), text);
  EXPECT_EQ(to_string(parse_stud_hand("?KsQdJh", Game::stud, "p"), Game::stud), "(?Ks)QdJh");  // the plain form too
  EXPECT_NE(parse_stud_hand("(?Ks)Qd", Game::stud, "p"), parse_stud_hand("(Ks?)Qd", Game::stud, "p"));
  // The cards not known filled in their places: "(?Ks)Qd" with Ah is (AhKs)Qd, "(Ks?)Qd" (KsAh)Qd.
  CardSet filled;
  for (Card c : parse_cards("AhKsQd")) filled.insert(c);
  EXPECT_EQ(to_string(with_cards(parse_stud_hand("(?Ks)Qd", Game::stud, "p"), filled, 3, Game::stud), Game::stud),
            "(AhKs)Qd");
  EXPECT_EQ(to_string(with_cards(parse_stud_hand("(Ks?)Qd", Game::stud, "p"), filled, 3, Game::stud), Game::stud),
            "(KsAh)Qd");
  EXPECT_EQ(to_string(parse_stud_hand("A♠K♠Q♦", Game::stud, "p"), Game::stud), "(AsKs)Qd");
}

TEST(StudHand, ErrorsNameThePlayerAndWhatIsWrong) {
  const auto error = [](const char* text) {
    try {
      (void)parse_stud_hand(text, Game::stud, "player 2");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("AsKsQdJdTd9d8d7d"), "player 2: \"AsKsQdJdTd9d8d7d\": a stud hand has at most 7 cards, not 8");
  EXPECT_EQ(error("AsKs"), "player 2: \"AsKs\": a stud hand has at least 3 cards (2 down, 1 up), not 2");
  EXPECT_EQ(error("(AsKsQd)Jh"),
            "player 2: \"(AsKsQd)Jh\": card 3 is dealt face up in stud: write it after the "
            "parentheses");
  EXPECT_EQ(error("(As)KsQd"),
            "player 2: \"(As)KsQd\": 1 down cards before the up cards; stud deals 2 (write a "
            "card not known as ?)");
  EXPECT_EQ(error("(AsKs)?"), "player 2: \"(AsKs)?\": an up card is seen by every player: write it");
  EXPECT_EQ(error("??Qd?"),
            "player 2: \"??Qd?\": an up card cannot be unknown (write down cards in parentheses: "
            "(?\?)Qd)");
  EXPECT_EQ(error("(AsKs)QdXx"),
            "player 2: \"(AsKs)QdXx\": no card at position 9 (cards as As, 10d or A♠; ? for a "
            "down card not known)");
  EXPECT_EQ(error("(AsAs)Qd"), "player 2: \"(AsAs)Qd\": card As twice");
  EXPECT_EQ(error("(AsKs)Qd("), "player 2: \"(AsKs)Qd(\": '(' without ')'");
  EXPECT_EQ(error("AsKs)Qd"), "player 2: \"AsKs)Qd\": the down cards come first, in parentheses: (AsKs)Qd");
}

// ---- Exact answers -------------------------------------------------------------------------------

TEST(StudCalculate, HeadsUpThirdStreetIsSweptExactly) {
  const Answer a = calculate(stud_question(Game::stud, {"(AsKs)Qd", "(7c7d)8h"}));
  EXPECT_EQ(a.method, Method::exact);
  EXPECT_EQ(a.exact_method, ExactMethod::sweep);
  EXPECT_EQ(a.showdowns(), 18'265'297'050ull);  // C(46,4) x C(42,4)
  EXPECT_EQ(a.players[0].wins, 7'810'521'826ull);
  EXPECT_EQ(a.players[0].ties, 443'708ull);
  EXPECT_EQ(a.players[0].losses, 10'454'331'516ull);
  EXPECT_EQ(a.players[0].hand, "(AsKs)Qd");
  EXPECT_TRUE(a.players[0].specific);
  // The same as the engine's counts.
  const StudCounts c = stud_exact({StudGame::stud, {parse_cards("AsKsQd"), parse_cards("7c7d8h")}, {}});
  expect_counts(a, c);
}

TEST(StudCalculate, LaterStreetsMatchTheBruteForce) {
  std::mt19937_64 rng(36);
  for (Game game : kStudGames) {
    for (const std::vector<int>& sizes : std::vector<std::vector<int>>{{6, 6}, {5, 6}, {6, 6, 6}, {7, 6, 6, 7}}) {
      std::vector<Card> deck;
      for (int id = 0; id < kCards; ++id) deck.emplace_back(id);
      std::shuffle(deck.begin(), deck.end(), rng);
      // All on one street: a shorter hand is written with its missing down cards as ?.
      const int street = *std::max_element(sizes.begin(), sizes.end());
      StudDeal deal{scorer(game), {}, {}};
      Question q = stud_question(game, {});
      auto it = deck.begin();
      for (int size : sizes) {
        std::vector<Card> known(it, it + size);
        it += size;
        deal.hands.push_back(known);
        // known = 2 down (or ? when short), the up cards, the seventh down.
        std::string text = "(";
        const int missing = street - size;
        for (int i = 0; i < 2; ++i)
          text += i < missing ? std::string("?") : known[static_cast<std::size_t>(i - missing)].str();
        text += ")";
        for (int i = 2 - missing; i < std::min(size, 6 - missing); ++i)
          text += known[static_cast<std::size_t>(i)].str();
        if (street == 7) {
          text += '(';
          text += known.back().str();
          text += ')';
        }
        q.players.push_back(text);
      }
      deal.dead.assign(it, it + 4);
      q.dead = to_string(deal.dead);
      const Answer a = calculate(q);
      EXPECT_EQ(a.method, Method::exact);
      EXPECT_FALSE(a.players[0].category.has_value());
      const StudCounts brute = brute_counts(deal);
      expect_counts(a, brute);
      q.by_category = true;
      const Answer categories = calculate(q);
      ASSERT_TRUE(categories.players[0].category_wins.has_value());
      expect_counts(categories, brute);
    }
  }
}

TEST(StudCalculate, ByCategoryFromThirdStreetToTheRiverAgainstTheBruteForce) {
  // Heads-up (the sweep) and three players (the walk), each street, in a deck made small by dead
  // cards; the wins and ties by category are the brute force's integers.
  std::mt19937_64 rng(37);
  for (Game game : kStudGames)
    for (int street = 3; street <= 7; ++street)
      for (std::size_t players : {2u, 3u}) {
        const std::vector<int> sizes(players, street);
        // Early streets: the cards to come and a few spare (three players: at most 8.4 million deals).
        const int spare = players == 2 ? 6 : street == 3 ? 2 : 3;
        const int dead = street <= 4 ? 52 - static_cast<int>(players) * 7 - spare : 20;
        const StudDeal deal = random_deal(scorer(game), rng, sizes, dead);
        Question q = stud_question(game, {}, to_string(deal.dead));
        for (const auto& h : deal.hands) q.players.push_back(to_string(h));
        q.by_category = true;
        const Answer a = calculate(q);
        ASSERT_EQ(a.method, Method::exact) << describe(deal);
        expect_counts(a, brute_counts(deal));
      }
}

TEST(StudCalculate, TheCommunityCardWhenTheDeckRunsShort) {
  // Eight players on sixth street: 48 cards known, 4 left for 8 seventh cards: one for all.
  std::mt19937_64 rng(8);
  std::vector<Card> deck;
  for (int id = 0; id < kCards; ++id) deck.emplace_back(id);
  std::shuffle(deck.begin(), deck.end(), rng);
  StudDeal deal{StudGame::stud_hilo, {}, {}};
  Question q = stud_question(Game::stud_hilo, {});
  for (int p = 0; p < 8; ++p) {
    deal.hands.emplace_back(deck.begin() + 6 * p, deck.begin() + 6 * p + 6);
    q.players.push_back(to_string(deal.hands.back()));
  }
  const Answer a = calculate(q);
  EXPECT_EQ(a.showdowns(), 4u);
  ASSERT_FALSE(a.warnings.empty());
  EXPECT_NE(a.warnings[0].find("community card"), std::string::npos);
  expect_counts(a, brute_community(deal));
}

// ---- The planner ---------------------------------------------------------------------------------

TEST(StudPlan, ChoosesByCountedWork) {
  // Three players on fifth street: about 2.1 x 10^8 deals, walked.
  const Plan fifth = plan(stud_question(Game::stud, {"(AsKs)QdJh2c", "(7c7d)8h9hTc", "(3s3d)4c5c6c"}));
  EXPECT_EQ(fifth.method, Method::exact);
  EXPECT_EQ(fifth.exact_method, ExactMethod::boards);
  EXPECT_EQ(fifth.work.showdowns, 37.0 * 36 / 2 * 35 * 34 / 2 * 33 * 32 / 2);
  // Four on third street: sampled, and it says why.
  const Plan third = plan(stud_question(Game::razz, {"(As2s)3d", "(7c7d)8h", "(KsQs)Jd", "(4c5c)6h"}));
  EXPECT_EQ(third.method, Method::monte_carlo);
  EXPECT_NE(third.reason.find("deals, more than the 300,000,000 walked automatically"), std::string::npos);
  // A hand whose down cards are not known (six to come) against one whose are: swept, exact, not
  // quick (the larger side's 12 million completions and their sets of cards).
  const Plan hidden = plan(stud_question(Game::stud, {"(?\?)Qd", "(7c7d)8h"}));
  EXPECT_EQ(hidden.method, Method::exact);
  EXPECT_EQ(hidden.exact_method, ExactMethod::sweep);
  EXPECT_FALSE(hidden.quick);
  EXPECT_EQ(hidden.work.showdowns, 12'271'512.0 * 111'930.0);  // C(48,6) C(42,4)
  // Stud Hi/Lo's five sweeps of the same: within automatic's work, exact.
  const Plan hilo = plan(stud_question(Game::stud_hilo, {"(?\?)Qd", "(7c7d)8h"}));
  EXPECT_EQ(hilo.method, Method::exact);
  EXPECT_EQ(hilo.exact_method, ExactMethod::sweep);
  EXPECT_EQ(hilo.reason, "two players: each one's completions scored once and counted against the other's (the sweep)");
  // The outcomes by category with a hidden hand: one sweep more, from the other side (his sets
  // counted); exact, and stud Hi/Lo's six sweeps past automatic's work, sampled, saying why.
  Question categories = stud_question(Game::stud, {"(?\?)Qd", "(7c7d)8h"});
  categories.by_category = true;
  const Plan by_category = plan(categories);
  EXPECT_EQ(by_category.method, Method::exact);
  EXPECT_EQ(by_category.exact_method, ExactMethod::sweep);
  // Sampled by automatic, saying why; swept when exact is asked for.
  const auto sampled_unless_asked = [](Question q, const std::string& reason) {
    const Plan sampled = plan(q);
    EXPECT_EQ(sampled.method, Method::monte_carlo);
    EXPECT_EQ(sampled.reason, reason);
    q.method = Method::exact;
    EXPECT_EQ(plan(q).exact_method, ExactMethod::sweep);
  };
  categories.game = Game::stud_hilo;
  sampled_unless_asked(categories,
                       "the sweeps would count about 4,730,940,288 completions and their sets of cards, more than the "
                       "4,000,000,000 swept automatically");
  // Both players' down cards not known: past automatic's work on third street (each set twice the
  // work), sampled, saying why; exact when asked for, and on fourth street. Stud Hi/Lo's are
  // sampled, and so is a random hand (seven cards to come).
  sampled_unless_asked(stud_question(Game::stud, {"(?\?)Qd", "(?\?)8h"}),
                       "the sweeps would count about 2,034,009,600 completions and their sets of cards, more than the "
                       "2,000,000,000 swept automatically with both players' down cards unseen");
  const Plan fourth = plan(stud_question(Game::razz, {"(?\?)QdJh", "(?\?)8h9h"}));
  EXPECT_EQ(fourth.method, Method::exact);
  EXPECT_EQ(fourth.exact_method, ExactMethod::sweep);
  const Plan both_hilo = plan(stud_question(Game::stud_hilo, {"(?\?)Qd", "(?\?)8h"}));
  EXPECT_EQ(both_hilo.method, Method::monte_carlo);
  EXPECT_EQ(both_hilo.reason,
            "both players have more than 4 cards not known or to come (6 and 6); with a split pot exact counts "
            "heads-up such a player against one whose down cards are known");
  const Plan random = plan(stud_question(Game::stud, {"random", "(7c7d)8h"}));
  EXPECT_EQ(random.method, Method::monte_carlo);
  EXPECT_EQ(random.reason,
            "a player has 7 cards not known or to come; exact counts at most 6 (third street: two down cards not "
            "known, four to come)");
  // On sixth street the same (?\?) is exact: two not known and one to come.
  const Plan sixth = plan(stud_question(Game::stud, {"(?\?)QdJh2c3d", "(7c7d)8h9hTc3s"}));
  EXPECT_EQ(sixth.method, Method::exact);
  EXPECT_TRUE(sixth.quick);
}

TEST(StudCalculate, MonteCarloAgreesWithExactAndRepeatsOnAnyThreadCount) {
  for (Game game : kStudGames) {
    Question q = stud_question(game, {"(As2s)3d4c5c6h", "(7c7d)8h9hTs2d", "(KsQs)JdTd3h4h"});
    const Answer exact = calculate(q);
    ASSERT_EQ(exact.method, Method::exact);
    q.method = Method::monte_carlo;
    q.seed = 36;
    q.max_trials = 200'000;
    const Answer all = calculate(q);
    tbb::task_arena one(1);
    const Answer single = one.execute([&] { return calculate(q); });
    for (std::size_t p = 0; p < 3; ++p) {
      EXPECT_EQ(all.players[p].wins, single.players[p].wins);
      EXPECT_EQ(*all.players[p].pot_units, *single.players[p].pot_units);
      EXPECT_NEAR(all.players[p].equity, exact.players[p].equity, 4 * *all.players[p].standard_error)
          << game_name(game) << " player " << p;
    }
  }
}

// ---- The JSON ------------------------------------------------------------------------------------

TEST(StudCalculate, JsonSaysWhatWasCounted) {
  Question q = stud_question(Game::razz, {"(As2s)3d4c5h6d", "(7c7d)8h9hTcJc"}, "Kd");
  q.by_category = true;
  const auto j = nlohmann::json::parse(to_json(calculate(q)));
  EXPECT_EQ(j["game"], "razz");
  EXPECT_EQ(j["mode"], "exact");
  EXPECT_EQ(j["exact_method"], "sweep");
  EXPECT_EQ(j["dead"], "Kd");
  EXPECT_EQ(j["pot_units"], kPotUnits);
  EXPECT_EQ(j["showdowns"], 39u * 38);  // one card each from the 39 left
  EXPECT_EQ(j["players"][0]["hand"], "(As2s)3d4c5h6d");
  EXPECT_EQ(j["players"][0]["categories"][0]["category"], "no pair");
  std::uint64_t wins = 0, ties = 0;
  for (const auto& c : j["players"][0]["categories"]) {
    wins += c["wins"].get<std::uint64_t>();
    ties += c["ties"].get<std::uint64_t>();
  }
  EXPECT_EQ(wins, j["players"][0]["wins"]);
  EXPECT_EQ(ties, j["players"][0]["ties"]);
  EXPECT_FALSE(j.contains("board"));
}

// ---- Per-combo equity: each way of a player's hidden down cards -----------------------------------

// The deal the question asks: each player's known cards (the hidden ones are cards to come).
StudDeal deal_of(const Question& q) {
  StudDeal deal{scorer(q.game), {}, parse_cards(q.dead)};
  for (const auto& text : q.players) deal.hands.push_back(parse_stud_hand(text, q.game, "p").known());
  return deal;
}

// Player p's lines, one per way of his `hidden` cards, are the brute force's integers for the deal
// where he holds them (brute_hidden()), in its order, named by the hand with those cards.
void expect_ways(const Answer& a, const StudDeal& deal, std::size_t p, int hidden) {
  const std::vector<StudHiddenCounts> brute = brute_hidden(deal, p, hidden, stud_community_card(deal));
  const std::vector<ComboEquity>& combos = a.players[p].per_combo;
  ASSERT_EQ(combos.size(), brute.size());
  EXPECT_EQ(a.players[p].combos, brute.size());
  CardSet known;
  for (Card c : deal.hands[p]) known.insert(c);
  for (std::size_t i = 0; i < brute.size(); ++i) {
    const ComboEquity& c = combos[i];
    EXPECT_EQ(c.combo, static_cast<int>(i));
    EXPECT_EQ(c.cards, (known | brute[i].cards).bits()) << i;
    EXPECT_EQ(c.wins, brute[i].wins) << i;
    EXPECT_EQ(c.ties, brute[i].ties) << i;
    EXPECT_EQ(c.losses, brute[i].losses) << i;
    EXPECT_EQ(c.share, brute[i].pot_units) << i;
    EXPECT_EQ(c.weighted_showdowns, static_cast<double>(brute[i].showdowns)) << i;
    EXPECT_DOUBLE_EQ(c.equity(), static_cast<double>(brute[i].pot_units) /
                                     (static_cast<double>(kPotUnits) * static_cast<double>(brute[i].showdowns)));
  }
}

// A player with every card known: one line, the answer's counts.
void expect_one_line(const Answer& a, std::size_t p) {
  const PlayerAnswer& pa = a.players[p];
  ASSERT_EQ(pa.per_combo.size(), 1u);
  EXPECT_EQ(pa.combos, 1u);
  EXPECT_EQ(pa.per_combo[0].wins, pa.wins);
  EXPECT_EQ(pa.per_combo[0].ties, pa.ties);
  EXPECT_EQ(pa.per_combo[0].losses, pa.losses);
  EXPECT_EQ(pa.per_combo[0].share, *pa.pot_units);
  EXPECT_EQ(pa.per_combo[0].weighted_showdowns, static_cast<double>(pa.wins + pa.ties + pa.losses));
  EXPECT_DOUBLE_EQ(pa.per_combo[0].equity(), pa.equity);
  EXPECT_EQ(combo_name(pa.per_combo[0], pa.hand, a.game), pa.hand);
}

TEST(StudPerCombo, HeadsUpWaysFromTheSweepAgainstTheBruteForce) {
  // Sixth street (two hidden, one to come) and the river (both down cards and the last), both
  // players hiding, every game: counted with the answer (the sweep), each way's integers the brute
  // force's.
  for (Game game : kStudGames) {
    Question q = stud_question(game, {"(?\?)QdJh2c3d", "(7c7d)8h9hTc3s"}, "2h2s4c4d5c5d6s6h8c8d9c9sKcKdKhAc");
    q.per_combo = true;
    Answer a = calculate(q);
    EXPECT_EQ(a.method, Method::exact);
    EXPECT_EQ(a.per_combo_method, Method::exact);
    expect_ways(a, deal_of(q), 0, 2);
    expect_one_line(a, 1);
    EXPECT_EQ(combo_name(a.players[0].per_combo[0], a.players[0].hand, game), "(3c2d)QdJh2c3d");  // the lowest two
    q.players = {"(?\?)QdJh2c3d(?)", "(7c7d)8h9hTc3s(As)"};
    a = calculate(q);
    EXPECT_EQ(a.per_combo_method, Method::exact);
    expect_ways(a, deal_of(q), 0, 3);
    q.players = {"(?Ks)QdJh2c", "(?7d)8h9hTc"};  // both hiding: the second's from his side's sweeps
    q.dead += "7h7s6c6d5h5s4h4s";
    a = calculate(q);
    expect_ways(a, deal_of(q), 0, 1);
    expect_ways(a, deal_of(q), 1, 1);
  }
}

TEST(StudPerCombo, MultiwayWaysFromTheWalkAgainstTheBruteForce) {
  // Three players on sixth street: the second and third hiding (a walk with each first).
  for (Game game : kStudGames) {
    Question q = stud_question(game, {"(AsKs)QdJh2c3d", "(?\?)8h9hTc3s", "(4h?)5h6h7h8s"},
                               "2h2s4c4d5c5d6s8c8d9c9sKcKdKhAc2d3c3h4s5s6c6d7c7d7s");  // 12 cards left
    q.per_combo = true;
    q.distribution = true;
    const Answer a = calculate(q);
    EXPECT_EQ(a.method, Method::exact);
    EXPECT_EQ(a.exact_method, ExactMethod::boards);
    EXPECT_EQ(a.per_combo_method, Method::exact);
    const StudDeal deal = deal_of(q);
    expect_one_line(a, 0);
    expect_ways(a, deal, 1, 2);
    expect_ways(a, deal, 2, 1);
    for (const auto& p : a.players) {  // the distribution is Hold'em's, of these lines
      ASSERT_TRUE(p.distribution.has_value());
      const Distribution d = equity_distribution(p.per_combo);
      EXPECT_EQ(p.distribution->curve.size(), p.per_combo.size());
      EXPECT_EQ(p.distribution->mean, d.mean);
      int combos = 0;
      for (std::size_t b = 0; b < 4; ++b) {
        EXPECT_EQ(p.distribution->buckets[b].combos, d.buckets[b].combos);
        combos += d.buckets[b].combos;
      }
      EXPECT_EQ(static_cast<std::size_t>(combos), p.per_combo.size());
      EXPECT_NEAR(d.mean, p.equity, 1e-12);  // every way meets as many showdowns: their mean is the equity
    }
  }
}

TEST(StudPerCombo, EachWaysOwnQuestionWhenTheAnswerCannotGiveThem) {
  // Fourth street with both down cards hidden: five cards not known or to come. Against a known hand
  // or a second hidden one the answer is swept exactly but without each way; each way's own question
  // (two down cards known, three to come) is a sweep: exact, the brute force's integers.
  const std::string dead = "2h2s2c2d3c3d3h3s4c4d5c5d6s6h8c8d9c9sKcKdKhAcAdAh4h4s5h5s6c6d7h7s";
  // The answer by `method`, each way's own question exact.
  const auto answer = [](Question q, Method method) {
    q.per_combo = true;
    const Plan p = plan(q);
    EXPECT_EQ(p.method, method);
    EXPECT_EQ(p.per_combo_method, Method::exact);
    const Answer a = calculate(p);
    EXPECT_EQ(a.per_combo_method, Method::exact);
    return a;
  };
  const Question q = stud_question(Game::stud, {"(?\?)QdJh", "(7c7d)8h9h"}, dead);
  const Answer a = answer(q, Method::exact);
  expect_ways(a, deal_of(q), 0, 2);
  expect_one_line(a, 1);
  EXPECT_FALSE(a.players[1].standard_error.has_value());

  const Question both = stud_question(Game::stud, {"(?\?)QdJh", "(?\?)8h9h"}, "7c7d" + dead);
  const Answer b = answer(both, Method::exact);
  expect_ways(b, deal_of(both), 0, 2);
  expect_ways(b, deal_of(both), 1, 2);
  EXPECT_FALSE(b.players[1].standard_error.has_value());
}

TEST(StudPerCombo, MonteCarloWaysRepeatOnAnyThreadCountAndAreNearExact) {
  Question q = stud_question(Game::stud_hilo, {"(?\?)QdJh2c3d", "(7c7d)8h9hTc3s"}, "KcKdKhAcAd2h2s4c4d5c5d6s6h8c8d");
  q.per_combo = true;
  q.method = Method::monte_carlo;
  q.seed = 7;
  q.max_trials = 20'000;
  q.per_combo_stderr = 0.01;
  const Answer all = calculate(q);
  EXPECT_EQ(all.per_combo_method, Method::monte_carlo);
  tbb::task_arena one(1);
  const Answer single = one.execute([&] { return calculate(q); });
  const StudDeal deal = deal_of(q);
  const std::vector<CardSet> ways = stud_hidden_ways(deal, 2);
  ASSERT_EQ(all.players[0].per_combo.size(), ways.size());
  for (std::size_t i = 0; i < ways.size(); ++i) {
    const ComboEquity& c = all.players[0].per_combo[i];
    EXPECT_EQ(c.wins, single.players[0].per_combo[i].wins);
    EXPECT_EQ(c.share, single.players[0].per_combo[i].share);
    StudDeal way = deal;
    for (Card card : ways[i].cards()) way.hands[0].push_back(card);
    EXPECT_NEAR(c.equity(), stud_exact(way).equity(0), 5 * c.standard_error + 1e-9) << i;
  }
  const auto j = nlohmann::json::parse(to_json(all));
  EXPECT_EQ(j["per_combo_method"], "monte-carlo");
  EXPECT_EQ(j["per_combo_seed"], 7);
  EXPECT_TRUE(j["players"][0]["per_combo"][0].contains("stderr"));
  EXPECT_TRUE(j["players"][0]["per_combo"][0].contains("trials"));
}

TEST(StudPerCombo, RandomHandsAreNotListedAndTooManyWaysToSampleAreRefused) {
  Question q = stud_question(Game::razz, {"(As2s)3d", "random"});
  q.distribution = true;
  q.method = Method::monte_carlo;
  q.max_trials = 10'000;
  const Answer a = calculate(q);
  ASSERT_FALSE(a.warnings.empty());
  EXPECT_NE(a.warnings[0].find("player 2 is random"), std::string::npos) << a.warnings[0];
  EXPECT_TRUE(a.players[0].distribution.has_value());
  EXPECT_TRUE(a.players[0].per_combo.empty());  // only the distribution was asked for
  EXPECT_FALSE(a.players[1].distribution.has_value());
  EXPECT_EQ(a.players[1].combos, 18'424u);  // C(49, 3): every hand of third street
  q.game = Game::stud;
  q.players = {"(?\?)QdJh2c3d(?)", "(?\?)8h9hTc3s(?)", "(?\?)4c5c6c7c(?)"};  // 3 x C(40, 3)
  EXPECT_EQ(message_of(q),
            "per-combo equity (each way of the hidden down cards, and the distribution) is sampled here (each way "
            "its own Monte Carlo run) and the players' hidden cards can be 29,640 ways, more than the 3,000 it "
            "samples: show more of the cards");
}

TEST(StudPerCombo, TheCommandLinesNamesAndTheJson) {
  Question q = stud_question(Game::stud, {"(Ks?)QdJh2c3d", "(7c7d)8h9hTc3s"});
  q.per_combo = true;
  const Answer a = calculate(q);
  const auto j = nlohmann::json::parse(to_json(a));
  EXPECT_EQ(j["per_combo_method"], "exact");
  const auto& lines = j["players"][0]["per_combo"];
  EXPECT_EQ(lines.size(), 41u);  // the 41 cards left
  EXPECT_EQ(j["players"][0]["combos"], 41u);
  EXPECT_EQ(lines[0]["combo"], "(Ks2s)QdJh2c3d");
  EXPECT_TRUE(lines[0].contains("pot_units"));
  EXPECT_TRUE(lines[0].contains("showdowns"));
  EXPECT_FALSE(j["players"][0].contains("per_class"));
  EXPECT_EQ(j["players"][1]["per_combo"][0]["combo"], "(7c7d)8h9hTc3s");
}

// ---- Bad questions -------------------------------------------------------------------------------

TEST(StudCalculate, BadQuestionsSayWhatIsWrongInTheGamesTerms) {
  Question q = stud_question(Game::stud, {"(AsKs)Qd", "(7c7d)8h"});
  q.board = "2c3c4c";
  EXPECT_EQ(message_of(q),
            "stud has no board: each player's cards are their own (write them in the player's hand, "
            "folded cards as dead cards)");
  q.board.clear();
  q.hits = true;
  EXPECT_EQ(message_of(q), "what a range hits is for the games with a board, not stud");
  q.hits = false;
  q.method = Method::table;
  EXPECT_EQ(message_of(q), "no preflop table for stud");
  q.method = Method::automatic;
  q.players = {"(AsKs)Qd", "(7c7d)8h9h"};
  EXPECT_EQ(message_of(q),
            "player 2: 4 cards, and player 1 has 3: every player is on the same street (? for a "
            "card not known)");
  q.players = {"(AsKs)Qd", "(7c7d)8h", "(2c2d)2h", "(3c3d)3h", "(4c4d)4h",
               "(5c5d)5h", "(6c6d)6h", "(8c8d)8s", "(9c9d)9h"};
  EXPECT_EQ(message_of(q), "stud deals at most 8 players, not 9 (52 cards: 6 each and one community card)");
  q.players = {"(AsKs)Qd", "(AsKd)8h"};
  EXPECT_EQ(message_of(q), "card As appears twice (again in player 2)");
  q.players = {"(AsKs)Qd", "(7c7d)8h"};
  q.dead = "Qd";
  EXPECT_EQ(message_of(q), "card Qd appears twice (again in dead cards)");
  q.dead.clear();
  q.players = {"(?\?)Qd", "(?\?)8h"};
  q.method = Method::exact;
  q.game = Game::stud_hilo;
  EXPECT_EQ(message_of(q),
            "exact: both players have more than 4 cards not known or to come (6 and 6); with a split pot exact "
            "counts heads-up such a player against one whose down cards are known: ask for Monte Carlo");
}

}  // namespace
