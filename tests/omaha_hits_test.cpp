// What an Omaha range hits (omaha_hits.hpp) against a slow classifier written here: the made
// category from the tests' brute force (best of two hole and three board cards by the reference
// evaluator), the straight outs counted by trying every next card (a straight of some two hole and
// three board cards), the flush draws by suits counted from the cards, the low from the ranks.
#include "equity/omaha_hits.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"
#include "equity/error.hpp"
#include "omaha_reference.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

using Cards = std::vector<Card>;

// Whether some two of `hole` and three of `board` are a straight (or straight flush).
bool any_straight(const Cards& hole, const Cards& board) {
  for (std::size_t i = 0; i < hole.size(); ++i)
    for (std::size_t j = i + 1; j < hole.size(); ++j)
      for (std::size_t x = 0; x < board.size(); ++x)
        for (std::size_t y = x + 1; y < board.size(); ++y)
          for (std::size_t z = y + 1; z < board.size(); ++z) {
            const int c = score_category(reference_score(Cards{hole[i], hole[j], board[x], board[y], board[z]}));
            if (c == static_cast<int>(Category::Straight) || c == static_cast<int>(Category::StraightFlush))
              return true;
          }
  return false;
}

// The slow classifier: the definitions of omaha_hits.hpp, written from the cards.
OmahaHit slow_classify(const Cards& hole, const Cards& board, bool hi_lo) {
  OmahaHit hit;
  hit.made = static_cast<Category>(score_category(test::omaha_brute_high(hole, board)));
  const bool drawing = board.size() < 5;
  unsigned draws = 0;
  auto set = [&](OmahaDraw d) { draws |= 1u << static_cast<int>(d); };
  Cards unseen;
  for (Card c : CardSet::full().cards())
    if (std::find(hole.begin(), hole.end(), c) == hole.end() && std::find(board.begin(), board.end(), c) == board.end())
      unseen.push_back(c);
  if (drawing && hit.made < Category::Straight) {
    std::vector<bool> out_rank(kRanks, false);
    for (Card c : unseen) {
      Cards more = board;
      more.push_back(c);
      if (any_straight(hole, more)) {
        ++hit.straight_outs;
        out_rank[static_cast<std::size_t>(c.rank())] = true;
      }
    }
    const auto ranks = std::count(out_rank.begin(), out_rank.end(), true);
    if (hit.straight_outs >= 9)
      set(OmahaDraw::Wrap);
    else if (ranks >= 2)
      set(OmahaDraw::OpenEnded);
    else if (ranks == 1)
      set(OmahaDraw::Gutshot);
  }
  if (drawing && hit.made < Category::Flush)
    for (int s = 0; s < kSuits; ++s) {
      auto of_suit = [&](const Cards& cards) {
        return std::count_if(cards.begin(), cards.end(), [&](Card c) { return c.suit() == s; });
      };
      if (of_suit(board) != 2 || of_suit(hole) < 2) continue;
      set(OmahaDraw::FlushDraw);
      int nut = kRanks - 1;  // the highest rank of the suit not on the board
      while (std::find(board.begin(), board.end(), Card(nut, s)) != board.end()) --nut;
      if (std::find(hole.begin(), hole.end(), Card(nut, s)) != hole.end()) set(OmahaDraw::NutFlushDraw);
    }
  if (hi_lo) {
    if (!test::omaha_brute_low(hole, board).empty()) {
      set(OmahaDraw::Low);
    } else if (drawing) {
      for (Card c : unseen) {
        Cards more = board;
        more.push_back(c);
        if (!test::omaha_brute_low(hole, more).empty()) {
          set(OmahaDraw::LowDraw);
          break;
        }
      }
    }
  }
  hit.draws = static_cast<std::uint8_t>(draws);
  return hit;
}

void expect_same(Game game, const Cards& hole, const Cards& board) {
  const OmahaHit want = slow_classify(hole, board, game_rules(game).low);
  CardSet hand;
  for (Card c : hole) hand.insert(c);
  const OmahaHit got = OmahaHitClassifier(board, game).classify(hand);
  EXPECT_EQ(got.made, want.made) << hand.str() << " on " << to_string(board);
  EXPECT_EQ(got.draws, want.draws) << hand.str() << " on " << to_string(board);
  EXPECT_EQ(got.straight_outs, want.straight_outs) << hand.str() << " on " << to_string(board);
}

TEST(OmahaHits, RandomHandsMatchTheSlowClassifier) {
  std::mt19937_64 rng(26);
  std::vector<Card> deck = CardSet::full().cards();
  for (Game game : {Game::omaha, Game::omaha_hilo, Game::omaha5_hilo, Game::omaha6}) {
    const int hole = game_rules(game).hole_cards;
    for (int trial = 0; trial < 1500; ++trial) {
      std::shuffle(deck.begin(), deck.end(), rng);
      const int board = 3 + trial % 3;
      expect_same(game, Cards(deck.begin(), deck.begin() + hole),
                  Cards(deck.begin() + hole, deck.begin() + hole + board));
    }
  }
}

TEST(OmahaHits, DrawsOmahaPlayersName) {
  auto hit = [](Game game, const std::string& hole, const std::string& board) {
    expect_same(game, parse_cards(hole), parse_cards(board));
    return OmahaHitClassifier(parse_cards(board), game).classify([&] {
      CardSet s;
      for (Card c : parse_cards(hole)) s.insert(c);
      return s;
    }());
  };
  // A 13-out wrap: J-T-8-7 on 9-6-2 (three tens, eights and sevens left, four fives).
  OmahaHit h = hit(Game::omaha, "JcTd8h7s", "9c6d2h");
  EXPECT_TRUE(h.has(OmahaDraw::Wrap));
  EXPECT_EQ(h.straight_outs, 13);
  // Open-ended: 9-8 with 7-6 on the board; only two hole cards play.
  h = hit(Game::omaha, "9c8dKhKs", "7c6d2h");
  EXPECT_TRUE(h.has(OmahaDraw::OpenEnded));
  EXPECT_EQ(h.straight_outs, 8);
  // Gutshot: 9-7 on 6-5-K needs the 8.
  h = hit(Game::omaha, "9c7dAhAs", "6c5dKh");
  EXPECT_TRUE(h.has(OmahaDraw::Gutshot));
  EXPECT_EQ(h.straight_outs, 4);
  // Four hearts in the hand and two on the board: a flush draw (the Ah: the nut one); one heart in
  // the hand and three on the board: nothing (two hole cards must play).
  h = hit(Game::omaha, "AhKh5h4h", "9h6hKc");
  EXPECT_TRUE(h.has(OmahaDraw::NutFlushDraw) && h.has(OmahaDraw::FlushDraw));
  h = hit(Game::omaha, "Ah2c3d4s", "9h6hKh");
  EXPECT_FALSE(h.has(OmahaDraw::FlushDraw));
  EXPECT_EQ(h.made, Category::HighCard);
  // The Ks is the nut flush draw when the As is on the board.
  EXPECT_TRUE(hit(Game::omaha, "Ks2s7c7d", "As9s3c").has(OmahaDraw::NutFlushDraw));
  // Hi/Lo: A-2 on 3-4-K has a low draw; on 3-4-8 a low made.
  h = hit(Game::omaha_hilo, "Ac2dKhQs", "3c4dKd");
  EXPECT_TRUE(h.has(OmahaDraw::LowDraw));
  EXPECT_FALSE(h.has(OmahaDraw::Low));
  h = hit(Game::omaha_hilo, "Ac2dKhQs", "3c4d8d");
  EXPECT_TRUE(h.has(OmahaDraw::Low));
  EXPECT_FALSE(hit(Game::omaha, "Ac2dKhQs", "3c4d8d").has(OmahaDraw::Low));  // the high game has none
  // The river: made hands only.
  h = hit(Game::omaha_hilo, "JcTd8h7s", "9c6d2h3h4h");
  EXPECT_EQ(h.draws & ~(1u << static_cast<int>(OmahaDraw::Low)), 0u);
}

TEST(OmahaHits, ARangeIsAPartitionWithItsDraws) {
  const Game game = Game::omaha_hilo;
  const Cards board = parse_cards("Ah7c8d");
  const OmahaRange range = OmahaRange::parse("A2**,KK**@50", 4);
  const OmahaHits hits = omaha_board_hits(range, board, to_set(parse_card("2c")), game);
  OmahaHits want;
  CardSet removed = to_set(parse_card("2c"));
  for (Card c : board) removed.insert(c);
  std::uint64_t made = 0;
  for (const OmahaCombo& c : range.combos(removed)) {
    const OmahaHit h = slow_classify(c.cards.cards(), board, true);
    ++want.combos;
    want.weight += c.weight;
    want.made[static_cast<std::size_t>(h.made)].add(c.weight);
    for (int d = 0; d < kOmahaDraws; ++d)
      if (h.has(static_cast<OmahaDraw>(d))) want.draws[static_cast<std::size_t>(d)].add(c.weight);
  }
  EXPECT_EQ(hits.combos, want.combos);
  EXPECT_DOUBLE_EQ(hits.weight, want.weight);
  for (std::size_t c = 0; c < kCategories; ++c) {
    EXPECT_EQ(hits.made[c].combos, want.made[c].combos) << c;
    EXPECT_DOUBLE_EQ(hits.made[c].weight, want.made[c].weight) << c;
    made += static_cast<std::uint64_t>(hits.made[c].combos);
  }
  EXPECT_EQ(made, hits.combos);
  for (std::size_t d = 0; d < kOmahaDraws; ++d) EXPECT_EQ(hits.draws[d].combos, want.draws[d].combos) << d;
  EXPECT_GT(hits.draws[static_cast<std::size_t>(OmahaDraw::Low)].combos, 0);
  EXPECT_THROW((void)omaha_board_hits(range, parse_cards("Ah7c"), CardSet(), game), InputError);
  EXPECT_THROW((void)omaha_board_hits(range, board, to_set(parse_card("Ah")), game), InputError);
}

TEST(OmahaHits, ThroughCalculateAndTheJson) {
  Question q;
  q.game = Game::omaha_hilo;
  q.players = {"AsKsQhJh", "A2**"};
  q.board = "Ah7c8d9s";
  q.hits = true;
  const Answer a = calculate(q);
  const auto j = nlohmann::json::parse(to_json(a));
  const auto& hits = j["players"][1]["hits"];
  EXPECT_EQ(hits["combos"], a.players[1].hits->combos);
  std::uint64_t made = 0;
  for (const auto& [name, count] : hits["made"].items()) made += count["combos"].get<std::uint64_t>();
  EXPECT_EQ(made, hits["combos"].get<std::uint64_t>());
  for (const char* key : {"wrap", "open_ended", "gutshot", "flush_draw", "nut_flush_draw", "low", "low_draw"})
    EXPECT_TRUE(hits["draws"].contains(key)) << key;
  EXPECT_TRUE(hits["made"].contains("straight_flush"));
  EXPECT_EQ(j["players"][0]["hits"]["combos"], 1);
  q.game = Game::omaha;
  const auto high = nlohmann::json::parse(to_json(calculate(q)));
  EXPECT_FALSE(high["players"][1]["hits"]["draws"].contains("low"));
  q.board = "";
  EXPECT_THROW((void)calculate(q), InputError);
  auto r = test::run_equity("--game omaha-hilo AsKsQhJh 'A2**' --board Ah7c8d --hits");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("low draw"), std::string::npos) << r.out;
  r = test::run_equity("range 'A2**' --game omaha-hilo --board Ah7c8d --hits");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("three of a kind"), std::string::npos) << r.out;
  r = test::run_equity("--game omaha AsKsQhJh random --hits");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("board: 0 cards"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace equity
