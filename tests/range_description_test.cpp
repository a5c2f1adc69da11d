// describe_range(): one description of a range for every game, against counts made here by brute
// force (every hand of the game's deck tested for membership by its own rule).
#include "equity/range_description.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "equity/error.hpp"

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

}  // namespace
}  // namespace equity
