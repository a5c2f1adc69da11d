// describe_range(): one description of a range for every game, against counts made here by brute
// force (every hand of the game's deck tested for membership by its own rule).
#include "equity/range_description.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "equity/error.hpp"
#include "equity/game_range.hpp"

namespace equity {
namespace {

CardSet cards(std::string_view text) {
  CardSet set;
  for (Card c : parse_cards(text, "cards")) set.insert(c);
  return set;
}

// Every hand of `size` cards of the game's deck without `dead`, tested by `holds`.
template <class Holds>
std::uint64_t brute_count(Game game, CardSet dead, int size, Holds holds) {
  std::vector<Card> deck;
  for (int i = 0; i < kCards; ++i)
    if (game_rules(game).in_deck(Card(i)) && !dead.contains(Card(i))) deck.push_back(Card(i));
  std::vector<bool> pick(deck.size(), false);
  std::fill(pick.end() - size, pick.end(), true);
  std::uint64_t n = 0;
  do {
    std::vector<Card> hand;
    for (std::size_t i = 0; i < deck.size(); ++i)
      if (pick[i]) hand.push_back(deck[i]);
    n += holds(hand) ? 1 : 0;
  } while (std::next_permutation(pick.begin(), pick.end()));
  return n;
}

int count_rank(const std::vector<Card>& hand, int rank) {
  return static_cast<int>(std::count_if(hand.begin(), hand.end(), [&](Card c) { return c.rank() == rank; }));
}

TEST(RangeDescription, HoldemListsTheCombosAndFillsTheGrid) {
  const RangeDescription d = describe_range("QQ+,AKs", Game::holdem, cards("As"), 1326);
  EXPECT_EQ(d.range, "QQ+,AKs");
  EXPECT_EQ(d.hands, 18u);  // QQ 6, KK 6, AA 3 without As, AKs 3 without As
  EXPECT_DOUBLE_EQ(d.weight, 18.0);
  EXPECT_TRUE(d.listed);
  ASSERT_EQ(d.list.size(), 18u);
  for (const RangeHand& h : d.list) EXPECT_FALSE(h.cards.contains(parse_card("As")));
  ASSERT_EQ(d.grid.size(), 13u);
  EXPECT_EQ(d.grid[0][0].name, "AA");
  EXPECT_EQ(d.grid[0][0].combos, 3);
  EXPECT_EQ(d.grid[0][0].of, 3);
  EXPECT_EQ(d.grid[0][1].name, "AKs");
  EXPECT_EQ(d.grid[0][1].combos, 3);
  EXPECT_EQ(d.grid[1][0].combos, 0);  // AKo
  EXPECT_EQ(d.grid[1][0].of, 9);
  const RangeDescription few = describe_range("QQ+,AKs", Game::holdem, cards("As"), 5);
  EXPECT_FALSE(few.listed);
  EXPECT_EQ(few.list.size(), 5u);
  EXPECT_EQ(few.hands, 18u);
}

TEST(RangeDescription, ShortDeckHasItsDeckAndNineByNineGrid) {
  const RangeDescription d = describe_range("random", Game::shortdeck, cards("Ah"), 1326);
  EXPECT_EQ(d.hands, 595u);  // C(35, 2)
  EXPECT_EQ(d.grid.size(), 9u);
  EXPECT_THROW(describe_range("22", Game::shortdeck, CardSet(), 1326), InputError);
  EXPECT_THROW(describe_range("AA", Game::shortdeck, cards("2c"), 1326), InputError);
}

TEST(RangeDescription, OmahaCountsLikeABruteForceAndListsWithinTheLimit) {
  const CardSet dead = cards("AsKd");
  const RangeDescription d = describe_range("AAK", Game::omaha, dead, 200);
  EXPECT_EQ(d.hands, brute_count(Game::omaha, dead, 4, [](const std::vector<Card>& h) {
              return count_rank(h, 12) >= 2 && count_rank(h, 11) >= 1;
            }));
  EXPECT_TRUE(d.grid.empty());
  EXPECT_FALSE(d.listed);
  EXPECT_TRUE(d.list.empty());
  const RangeDescription kk = describe_range("AAKK", Game::omaha, dead, 200);
  EXPECT_EQ(kk.hands, 9u);  // 3 x 3 with As and Kd out
  EXPECT_TRUE(kk.listed);
  ASSERT_EQ(kk.list.size(), 9u);
  EXPECT_EQ(kk.list[0].cards.size(), 4);
  const RangeDescription weighted = describe_range("AsAc:0.5", Game::omaha, CardSet(), 2000);
  EXPECT_EQ(weighted.hands, 1225u);  // fewer cards than a hand: every hand holding both
  EXPECT_DOUBLE_EQ(weighted.weight, 612.5);
  EXPECT_EQ(describe_range("random", Game::omaha6, CardSet(), 200).hands, 20358520u);
  EXPECT_THROW(describe_range("AsKsQhJhTd", Game::omaha, CardSet(), 200), InputError);
}

// One range type for every game with ranges: each call the same whatever the game, against the
// brute force's counts and weights.
TEST(GameRange, EveryCallIsTheSameForEachGame) {
  const GameRange holdem = GameRange::parse("QQ+,AKs:0.5", Game::holdem);
  EXPECT_NE(holdem.classes(), nullptr);
  EXPECT_EQ(holdem.str(), "QQ+,AKs:0.5");
  EXPECT_EQ(holdem.size(cards("As")).hands, 18u);
  EXPECT_DOUBLE_EQ(holdem.size(cards("As")).weight, 16.5);  // 15 pairs and three AKs at 0.5
  EXPECT_TRUE(holdem.weighted());
  EXPECT_FALSE(holdem.specific());
  EXPECT_EQ(holdem.hands(cards("As")).size(), 18u);
  EXPECT_DOUBLE_EQ(holdem.weight(holdem.hand("KhAh", "combo")), 0.5);
  EXPECT_DOUBLE_EQ(holdem.weight(cards("AhKd")), 0);
  EXPECT_THROW(holdem.hand("AhKhQh", "combo"), InputError);
  EXPECT_THROW(holdem.hand("AhAh", "combo"), InputError);

  const GameRange shortdeck = GameRange::parse("random", Game::shortdeck);
  EXPECT_EQ(shortdeck.size().hands, 630u);  // C(36, 2)
  EXPECT_EQ(shortdeck.hands().size(), 630u);
  EXPECT_DOUBLE_EQ(shortdeck.weight(cards("2c2d")), 0);  // outside the deck
  EXPECT_NE(shortdeck, GameRange::parse("random", Game::holdem));
  EXPECT_THROW(GameRange::parse("22", Game::shortdeck), InputError);

  const CardSet dead = cards("AsKd");
  const GameRange omaha = GameRange::parse("AAK", Game::omaha);
  EXPECT_EQ(omaha.classes(), nullptr);
  const std::uint64_t brute = brute_count(Game::omaha, dead, 4, [](const std::vector<Card>& h) {
    return count_rank(h, 12) >= 2 && count_rank(h, 11) >= 1;
  });
  EXPECT_EQ(omaha.size(dead).hands, brute);
  const std::vector<RangeHand> hands = omaha.hands(dead);
  ASSERT_EQ(hands.size(), brute);
  for (const RangeHand& h : hands) {
    EXPECT_EQ(h.cards.size(), 4);
    EXPECT_FALSE(h.cards.intersects(dead));
    EXPECT_EQ(h.text, h.cards.str());
    EXPECT_DOUBLE_EQ(omaha.weight(h.cards), 1.0);
  }
  EXPECT_DOUBLE_EQ(omaha.weight(omaha.hand("AhAcKsQd", "hand")), 1.0);
  EXPECT_DOUBLE_EQ(omaha.weight(omaha.hand("AhQcKsQd", "hand")), 0.0);
  EXPECT_THROW(omaha.hand("AhAc", "hand"), InputError);
  EXPECT_EQ(GameRange::parse(omaha.str(), Game::omaha), omaha);
  EXPECT_TRUE(GameRange::parse("AA**:0.5", Game::omaha).weighted());
  EXPECT_TRUE(GameRange::parse("AsAcKsKc", Game::omaha).specific());
  EXPECT_EQ(GameRange::parse("random", Game::omaha6).size().hands, 20358520u);
  EXPECT_THROW(static_cast<void>(GameRange::parse("random", Game::omaha6).hands()), InputError);  // 20 million
  EXPECT_THROW(GameRange::parse("AA", Game::stud), InputError);                                   // no ranges
}

}  // namespace
}  // namespace equity
