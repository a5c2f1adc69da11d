// The Omaha evaluator and enumeration against a brute force written here: every 5-card hand of
// exactly two hole and three board cards scored by the reference evaluator, the low found from the
// ranks directly, the pot shared by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "equity/error.hpp"
#include "equity/hand_value.hpp"
#include "equity/omaha_enumeration.hpp"
#include "equity/omaha_evaluator.hpp"
#include "equity/omaha_range.hpp"
#include "eval/reference_evaluator.hpp"
#include "omaha_reference.hpp"

namespace equity {
namespace {

using test::omaha_brute_high;
using test::omaha_brute_low;

std::vector<Card> deal(std::mt19937_64& rng, std::vector<Card>& deck, int n) {
  std::vector<Card> out;
  for (int i = 0; i < n; ++i) {
    std::uniform_int_distribution<std::size_t> pick(0, deck.size() - 1);
    const std::size_t k = pick(rng);
    out.push_back(deck[k]);
    deck.erase(deck.begin() + static_cast<std::ptrdiff_t>(k));
  }
  return out;
}

CardSet set_of(const std::vector<Card>& cards) {
  CardSet s;
  for (Card c : cards) s.insert(c);
  return s;
}

// Two hands compare the same way under the evaluator and the brute force, high and low.
TEST(OmahaEvaluator, AgreesWithTheBruteForceOnRandomDeals) {
  std::mt19937_64 rng(26);
  for (int hole_cards : {4, 5, 6})
    for (int trial = 0; trial < 3000; ++trial) {
      std::vector<Card> deck = CardSet::full().cards();
      const auto a = deal(rng, deck, hole_cards), b = deal(rng, deck, hole_cards), board = deal(rng, deck, 5);
      const HandRank ha = omaha_high(set_of(a), set_of(board)), hb = omaha_high(set_of(b), set_of(board));
      const ReferenceScore ra = omaha_brute_high(a, board), rb = omaha_brute_high(b, board);
      ASSERT_EQ(ha < hb, ra < rb);
      ASSERT_EQ(ha == hb, ra == rb);
      ASSERT_EQ(static_cast<int>(category_of(ha)), score_category(ra));
      const LowRank la = omaha_low(set_of(a), set_of(board)), lb = omaha_low(set_of(b), set_of(board));
      const auto bla = omaha_brute_low(a, board), blb = omaha_brute_low(b, board);
      ASSERT_EQ(la == kNoLow, bla.empty());
      ASSERT_EQ(lb == kNoLow, blb.empty());
      if (!bla.empty() && !blb.empty()) {
        ASSERT_EQ(la > lb, bla < blb);
        ASSERT_EQ(la == lb, bla == blb);
      }
    }
}

// Deals from a narrow deck (two suits, or the low ranks) test flushes, straight flushes and lows
// far more often than a full deck's; OmahaBoard agrees with omaha_high() and omaha_low().
TEST(OmahaEvaluator, AgreesWithTheBruteForceOnFlushAndLowHeavyDeals) {
  std::mt19937_64 rng(2607);
  std::vector<Card> two_suits, low_cards;
  for (Card c : CardSet::full().cards()) {
    if (c.suit() < 2) two_suits.push_back(c);
    if (c.rank() <= 7 || c.rank() == 12) low_cards.push_back(c);
  }
  for (const auto& source : {two_suits, low_cards})
    for (int hole_cards : {4, 5, 6})
      for (int trial = 0; trial < 600; ++trial) {
        std::vector<Card> deck = source;
        const auto a = deal(rng, deck, hole_cards), board = deal(rng, deck, 5);
        const OmahaBoard b(set_of(board));
        const HandRank high = omaha_high(set_of(a), set_of(board));
        ASSERT_EQ(b.high(set_of(a)), high);
        ASSERT_EQ(detail::kClassScores[high], omaha_brute_high(a, board));
        const LowRank low = omaha_low(set_of(a), set_of(board));
        ASSERT_EQ(b.low(set_of(a)), low);
        const auto want = omaha_brute_low(a, board);
        if (want.empty()) {
          ASSERT_EQ(low, kNoLow);
        } else {
          ASSERT_NE(low, kNoLow);
          std::vector<int> got;
          for (int r : low_ranks(low)) got.push_back(r + 1);
          ASSERT_EQ(got, want);
        }
      }
}

// The tables linked into the library (generated at build time) are, byte for byte, what the
// builder makes from Hold'em's evaluator now.
TEST(OmahaEvaluator, GeneratedTablesMatchAFreshBuild) {
  const auto fresh = detail::build_omaha_tables();
  const detail::OmahaTables& linked = detail::omaha_tables();
  const auto same = [](const auto& a, const auto& b) { return std::memcmp(a.data(), b.data(), sizeof a) == 0; };
  EXPECT_TRUE(same(linked.high, fresh->high));
  EXPECT_TRUE(same(linked.low, fresh->low));
  EXPECT_TRUE(same(linked.row_base, fresh->row_base));
  EXPECT_TRUE(same(linked.row_of_class, fresh->row_of_class));
  EXPECT_TRUE(same(linked.board_low_mask, fresh->board_low_mask));
}

// board_row() numbers the 6,175 rank multisets of five cards without a gap or a collision.
TEST(OmahaEvaluator, NumbersEveryBoardRankMultisetOnce) {
  const auto& tables = detail::omaha_tables();
  std::vector<int> seen(detail::kBoardRankSets, 0);
  int classes = 0;
  for (HandRank c = 0; c < kHandRanks; ++c) {
    const Category cat = category_of(c);
    if (cat == Category::Flush || cat == Category::StraightFlush) continue;
    ++classes;
    ASSERT_LT(tables.row_of_class[c], detail::kBoardRankSets);
    ++seen[tables.row_of_class[c]];
  }
  EXPECT_EQ(classes, detail::kBoardRankSets);
  EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
}

TEST(OmahaEvaluator, RejectsBadSizesAndSharedCards) {
  const CardSet board = set_of(parse_cards("Ah2h7c8sKd"));
  EXPECT_THROW(omaha_high(set_of(parse_cards("QhJh")), set_of(parse_cards("Ah2h7c8s"))), InputError);
  EXPECT_THROW(omaha_high(set_of(parse_cards("Qh")), board), InputError);
  EXPECT_THROW(omaha_low(set_of(parse_cards("AhJhTh9h")), board), InputError);
  EXPECT_THROW(OmahaBoard(set_of(parse_cards("Ah2h7c8s"))), InputError);
}

TEST(OmahaEvaluator, NamesLows) {
  EXPECT_EQ(low_name(kNoLow), "no low");
  EXPECT_EQ(low_name(kLowRanks - 1), "5-4-3-2-A (the wheel)");
  EXPECT_EQ(low_name(1), "8-7-6-5-4");
  const std::vector<Card> board = parse_cards("Ad2h7c8sKd"), hole = parse_cards("3d4sKsKh");
  EXPECT_EQ(low_name(omaha_low(set_of(hole), set_of(board))), "7-4-3-2-A");
}

// Exactly two hole cards: four hearts in the hand and one on the board make no flush.
TEST(OmahaEvaluator, UsesExactlyTwoHoleCards) {
  const CardSet board = set_of(parse_cards("Ah2h7c8sKd")), hole = set_of(parse_cards("QhJhTh9h"));
  EXPECT_EQ(category_of(omaha_high(hole, board)), Category::HighCard);
  const CardSet board2 = set_of(parse_cards("AsAcAd8s2d")), hole2 = set_of(parse_cards("Ah3c4d5s"));
  EXPECT_EQ(category_of(omaha_high(hole2, board2)), Category::FourOfAKind);
  const CardSet hole3 = set_of(parse_cards("Kh3c4d5s"));  // trips, not quads: one hole ace at most
  EXPECT_EQ(category_of(omaha_high(hole3, board2)), Category::ThreeOfAKind);
}

// The enumeration's counts against showdowns scored here one by one.
OmahaCounts brute_counts(const std::vector<std::vector<Card>>& holes, const std::vector<Card>& board,
                         const std::vector<Card>& dead, bool hi_lo) {
  CardSet used = set_of(board) | set_of(dead);
  for (const auto& h : holes) used |= set_of(h);
  const std::vector<Card> rest = (CardSet::full() - used).cards();
  OmahaCounts counts;
  counts.players.resize(holes.size());
  const std::size_t k = 5 - board.size();
  std::vector<bool> pick(rest.size(), false);
  std::fill(pick.end() - static_cast<std::ptrdiff_t>(k), pick.end(), true);
  do {
    std::vector<Card> full = board;
    for (std::size_t i = 0; i < rest.size(); ++i)
      if (pick[i]) full.push_back(rest[i]);
    std::vector<ReferenceScore> highs;
    std::vector<std::vector<int>> lows;
    for (const auto& h : holes) {
      highs.push_back(omaha_brute_high(h, full));
      lows.push_back(hi_lo ? omaha_brute_low(h, full) : std::vector<int>{});
    }
    const ReferenceScore top = *std::max_element(highs.begin(), highs.end());
    std::vector<int> best_low;
    for (const auto& l : lows)
      if (!l.empty() && (best_low.empty() || l < best_low)) best_low = l;
    const auto high_n = static_cast<std::uint64_t>(std::count(highs.begin(), highs.end(), top));
    const auto low_n = best_low.empty() ? std::uint64_t{0}
                                        : static_cast<std::uint64_t>(std::count(lows.begin(), lows.end(), best_low));
    for (std::size_t p = 0; p < holes.size(); ++p) {
      auto& c = counts.players[p];
      const bool hi = highs[p] == top, lo = low_n > 0 && lows[p] == best_low;
      c.parts[0].wins += hi && high_n == 1;
      c.parts[0].ties += hi && high_n > 1;
      c.parts[0].losses += !hi;
      c.categories[static_cast<std::size_t>(score_category(highs[p]))]++;
      if (hi_lo) {
        c.lows += !lows[p].empty();
        c.parts[1].wins += lo && low_n == 1;
        c.parts[1].ties += lo && low_n > 1;
        c.parts[1].losses += low_n > 0 && !lo;
      }
      c.scoops += hi && high_n == 1 && (low_n == 0 || (lo && low_n == 1));
      if (low_n == 0)
        c.pot_units += hi ? kPotUnits / high_n : 0;
      else
        c.pot_units += (hi ? kPotUnits / 2 / high_n : 0) + (lo ? kPotUnits / 2 / low_n : 0);
    }
    ++counts.showdowns;
  } while (std::next_permutation(pick.begin(), pick.end()));
  return counts;
}

// One hand's value (`equity eval --game omaha`, Python's evaluate): the brute force's best high,
// its five cards two of the hole and three of the board, and the best low of the ranks.
TEST(OmahaHandValue, IsTheBestOfTwoAndThree) {
  std::mt19937_64 rng(261);
  for (Game game : {Game::omaha_hilo, Game::omaha5_hilo, Game::omaha6}) {
    const int hole_cards = game_rules(game).hole_cards;
    for (int trial = 0; trial < 600; ++trial) {
      std::vector<Card> deck = CardSet::full().cards();
      const std::vector<Card> hole = deal(rng, deck, hole_cards), board = deal(rng, deck, 3 + trial % 3);
      const OmahaHandValue v = omaha_hand_value(hole, board, game);
      EXPECT_EQ(reference_score(std::vector<Card>(v.high.best.begin(), v.high.best.end())),
                omaha_brute_high(hole, board));
      int from_hole = 0, from_board = 0;
      for (Card c : v.high.best) {
        from_hole += std::count(hole.begin(), hole.end(), c) > 0;
        from_board += std::count(board.begin(), board.end(), c) > 0;
      }
      EXPECT_EQ(from_hole, 2);
      EXPECT_EQ(from_board, 3);
      if (board.size() == 5) {
        EXPECT_EQ(v.high.rank, omaha_high(set_of(hole), set_of(board)));
      }
      const std::vector<int> low = omaha_brute_low(hole, board);
      if (!game_rules(game).low) {
        EXPECT_EQ(v.low, kNoLow);
        EXPECT_TRUE(v.low_name.empty());
        continue;
      }
      ASSERT_EQ(v.low != kNoLow, !low.empty());
      if (low.empty()) continue;
      const std::array<int, 5> ranks = low_ranks(v.low);  // ace 0 .. eight 7, highest first
      for (std::size_t k = 0; k < 5; ++k) EXPECT_EQ(ranks[k] + 1, low[k]);
      if (board.size() == 5) {
        EXPECT_EQ(v.low, omaha_low(set_of(hole), set_of(board)));
      }
    }
  }
  EXPECT_THROW((void)omaha_hand_value(parse_cards("AsKsQhJh9c"), parse_cards("2c3d4h"), Game::omaha), InputError);
  EXPECT_THROW((void)omaha_hand_value(parse_cards("AsKsQhJh"), parse_cards("2c3d"), Game::omaha), InputError);
  EXPECT_THROW((void)omaha_hand_value(parse_cards("AsKsQhJh"), parse_cards("As3d4h"), Game::omaha), InputError);
}

TEST(OmahaEnumeration, MatchesTheBruteForce) {
  std::mt19937_64 rng(2026);
  for (bool hi_lo : {false, true})
    for (int hole_cards : {4, 5, 6})
      for (int players : {2, 3})
        for (int board_cards : {4, 5}) {
          std::vector<Card> deck = CardSet::full().cards();
          std::vector<std::vector<Card>> holes;
          for (int p = 0; p < players; ++p) holes.push_back(deal(rng, deck, hole_cards));
          const auto board = deal(rng, deck, board_cards), dead = deal(rng, deck, 2);
          std::vector<CardSet> sets;
          for (const auto& h : holes) sets.push_back(set_of(h));
          const OmahaCounts got = enumerate_omaha(sets, set_of(board), set_of(dead), hi_lo);
          const OmahaCounts want = brute_counts(holes, board, dead, hi_lo);
          ASSERT_EQ(got, want) << "hi_lo " << hi_lo << " hole " << hole_cards << " players " << players;
          std::uint64_t units = 0;
          for (const auto& p : got.players) units += p.pot_units;
          ASSERT_EQ(units, kPotUnits * got.showdowns);
        }
}

// The integers add up: every player's wins, ties and losses and categories count every showdown,
// the pot units are the pots, and the showdowns are the boards.
void expect_consistent(const OmahaCounts& c, std::uint64_t boards, bool hi_lo) {
  ASSERT_EQ(c.showdowns, boards);
  std::uint64_t units = 0, scoops = 0;
  // The low half's showdowns: those where somebody makes a low, the same from every side.
  const PartTally& first_low = c.players.at(0).parts[1];
  const std::uint64_t with_a_low = first_low.wins + first_low.ties + first_low.losses;
  EXPECT_LE(with_a_low, boards);
  for (const auto& p : c.players) {
    units += p.pot_units;
    scoops += p.scoops;
    EXPECT_EQ(p.parts[0].wins + p.parts[0].ties + p.parts[0].losses, boards);
    EXPECT_EQ(p.parts[1].wins + p.parts[1].ties + p.parts[1].losses, with_a_low);
    std::uint64_t categories = 0;
    for (auto n : p.categories) categories += n;
    EXPECT_EQ(categories, boards);
    EXPECT_LE(p.parts[1].wins + p.parts[1].ties, p.lows);
    EXPECT_LE(p.scoops, p.parts[0].wins);
    if (!hi_lo) {
      EXPECT_EQ(p.scoops, p.parts[0].wins);
      EXPECT_EQ(p.lows, 0u);
      EXPECT_EQ(with_a_low, 0u);
    }
  }
  EXPECT_EQ(units, kPotUnits * boards);
  EXPECT_LE(scoops, boards);
}

std::uint64_t choose(int n, int k) {
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return r;
}

// Flops, turns and rivers, 2 to 10 players, dead cards: the enumeration against the brute force.
TEST(OmahaEnumeration, MatchesTheBruteForceOnFlopsWithUpToSixPlayers) {
  std::mt19937_64 rng(1126);
  struct Case {
    int players, hole_cards, board_cards, dead_cards;
    bool hi_lo;
  };
  const Case cases[] = {{2, 4, 3, 0, true}, {3, 5, 3, 1, false}, {4, 4, 3, 2, true}, {2, 6, 3, 0, false},
                        {5, 4, 4, 3, true}, {6, 4, 4, 0, false}, {6, 5, 5, 2, true}, {4, 6, 4, 1, true},
                        {7, 4, 3, 0, true}, {8, 4, 4, 2, false}, {10, 4, 4, 0, true}};
  for (const Case& cs : cases) {
    std::vector<Card> deck = CardSet::full().cards();
    std::vector<std::vector<Card>> holes;
    for (int p = 0; p < cs.players; ++p) holes.push_back(deal(rng, deck, cs.hole_cards));
    const auto board = deal(rng, deck, cs.board_cards), dead = deal(rng, deck, cs.dead_cards);
    std::vector<CardSet> sets;
    for (const auto& h : holes) sets.push_back(set_of(h));
    const OmahaCounts got = enumerate_omaha(sets, set_of(board), set_of(dead), cs.hi_lo);
    ASSERT_EQ(got, brute_counts(holes, board, dead, cs.hi_lo))
        << "players " << cs.players << " board " << cs.board_cards;
    expect_consistent(got, choose(static_cast<int>(deck.size()), 5 - cs.board_cards), cs.hi_lo);
    ASSERT_EQ(enumerate_omaha(sets, set_of(board), set_of(dead), cs.hi_lo, CardSet::full(), 1), got);
  }
}

// Flush-heavy spots: a monotone flop, a two-tone flop, a four-flush turn, players holding two to
// four cards of the suit (and one none), straight flush draws.
TEST(OmahaEnumeration, MatchesTheBruteForceOnFlushBoards) {
  struct Case {
    std::vector<const char*> hands;
    const char* board;
    const char* dead;
    bool hi_lo;
  };
  const Case cases[] = {{{"AhKh2c3d", "QhJhTh9s", "8c8d7s6s"}, "5h4h3h", "", true},
                        {{"AhKhQhJh", "9h8h7c6c"}, "2h3h9d", "Th", false},
                        {{"KhQh2h3c4d", "AsAcJhTh5d"}, "6h7h8s4h", "", true},
                        {{"9h8h", "AhAc"}, "ThJh2c", "Qh", false}};
  for (const Case& cs : cases) {
    std::vector<std::vector<Card>> holes;
    std::vector<CardSet> sets;
    for (const char* h : cs.hands) {
      holes.push_back(parse_cards(h));
      sets.push_back(set_of(holes.back()));
    }
    const auto board = parse_cards(cs.board), dead = parse_cards(cs.dead);
    const OmahaCounts got = enumerate_omaha(sets, set_of(board), set_of(dead), cs.hi_lo);
    ASSERT_EQ(got, brute_counts(holes, board, dead, cs.hi_lo)) << cs.board;
  }
}

// Preflop and every street against the brute force on random deals: the deck shrunk with dead
// cards to the players' hands and 10 to 14 cards more, so every board of none to four known cards
// is scored by the reference (C(14, 5) = 2,002 boards at most); 2 to 6 players, 4 to 6 hole cards,
// high only and Hi/Lo.
TEST(OmahaEnumeration, MatchesTheBruteForceFromEveryStreetOnASmallDeck) {
  std::mt19937_64 rng(2611);
  for (int round = 0; round < 24; ++round) {
    const int players = 2 + round % 5, hole_cards = 4 + round % 3, board_cards = (round / 3) % 5;
    const bool hi_lo = round % 2 == 1;
    if (board_cards == 1 || board_cards == 2) continue;  // boards of 0, 3 or 4 known cards
    std::vector<Card> deck = CardSet::full().cards();
    std::vector<std::vector<Card>> holes;
    for (int p = 0; p < players; ++p) holes.push_back(deal(rng, deck, hole_cards));
    const auto board = deal(rng, deck, board_cards);
    const int left = std::min(10 + round % 5, static_cast<int>(deck.size()));  // to deal the board from
    const auto dead = deal(rng, deck, static_cast<int>(deck.size()) - left);
    std::vector<CardSet> sets;
    for (const auto& h : holes) sets.push_back(set_of(h));
    const OmahaCounts got = enumerate_omaha(sets, set_of(board), set_of(dead), hi_lo);
    ASSERT_EQ(got, brute_counts(holes, board, dead, hi_lo))
        << "players " << players << " hole " << hole_cards << " board " << board_cards << " hi_lo " << hi_lo;
    expect_consistent(got, choose(left, 5 - board_cards), hi_lo);
  }
}

// Each side pot counted in the main pass against the pot of its players alone, the others' cards
// dead (the same boards): nested pots as stacks make them and any sets, two to nine players in a
// pot, Hi/Lo quartering, flush-heavy hands, more than six players (counted without the table of
// outcomes), preflop too.
TEST(OmahaEnumeration, SidePotsInTheSamePassAsEachCountedAlone) {
  std::mt19937_64 rng(3939);
  struct Case {
    int players, hole_cards, board_cards;
    bool hi_lo;
  };
  const Case cases[] = {{3, 4, 0, false}, {3, 4, 3, true},  {4, 4, 3, false}, {4, 5, 4, true},
                        {5, 4, 3, true},  {6, 4, 4, false}, {6, 6, 3, true},  {7, 4, 3, true},
                        {8, 4, 4, false}, {10, 4, 3, true}, {3, 5, 0, true},  {4, 4, 5, true}};
  int checked = 0;
  for (const Case& cs : cases) {
    for (int round = 0; round < 3; ++round) {
      // Hole cards from hearts and spades first: flushes for some players, not for others.
      std::vector<Card> deck = CardSet::full().cards();
      std::stable_partition(deck.begin(), deck.end(), [](Card c) { return c.suit() >= 2; });
      std::shuffle(deck.begin(), deck.begin() + 26, rng);
      std::vector<std::vector<Card>> holes;
      for (int p = 0; p < cs.players; ++p)
        holes.push_back(
            round == 2 ? deal(rng, deck, cs.hole_cards)
                       : std::vector<Card>(deck.begin() + p * cs.hole_cards, deck.begin() + (p + 1) * cs.hole_cards));
      if (round != 2) deck.erase(deck.begin(), deck.begin() + cs.players * cs.hole_cards);
      const auto board = deal(rng, deck, cs.board_cards);
      std::vector<CardSet> sets;
      for (const auto& h : holes) sets.push_back(set_of(h));
      SidePots sides;
      const unsigned all = (1u << cs.players) - 1;
      if (round == 1) {  // any sets
        for (int l = 0; l < 3; ++l) {
          const unsigned players = static_cast<unsigned>(rng()) & all;
          if (std::popcount(players) >= 2 && players != all)
            sides.players[static_cast<std::size_t>(sides.count++)] = static_cast<std::uint16_t>(players);
        }
      } else {  // nested: the short stacks left out one by one
        unsigned players = all;
        for (int p = 0; p + 2 < cs.players; ++p) {
          players &= ~(1u << static_cast<unsigned>(rng() % static_cast<unsigned>(cs.players)));
          if (std::popcount(players) >= 2 && players != all &&
              (sides.count == 0 || sides.players[static_cast<std::size_t>(sides.count - 1)] != players))
            sides.players[static_cast<std::size_t>(sides.count++)] = static_cast<std::uint16_t>(players);
        }
      }
      if (sides.count == 0) continue;
      checked += sides.count;
      const OmahaCounts got = enumerate_omaha(sets, set_of(board), CardSet(), cs.hi_lo, CardSet::full(), 0, sides);
      OmahaCounts whole = got;
      whole.side_pot_units.clear();
      EXPECT_EQ(whole, enumerate_omaha(sets, set_of(board), CardSet(), cs.hi_lo));
      ASSERT_EQ(got.side_pot_units.size(), static_cast<std::size_t>(sides.count));
      for (int l = 0; l < sides.count; ++l) {
        const unsigned players = sides.players[static_cast<std::size_t>(l)];
        std::vector<CardSet> in;
        CardSet out;
        for (int p = 0; p < cs.players; ++p) {
          if ((players >> p) & 1u)
            in.push_back(sets[static_cast<std::size_t>(p)]);
          else
            out = out | sets[static_cast<std::size_t>(p)];
        }
        const OmahaCounts alone = enumerate_omaha(in, set_of(board), out, cs.hi_lo);
        std::vector<std::uint64_t> expected(static_cast<std::size_t>(cs.players));
        for (int p = 0, i = 0; p < cs.players; ++p)
          if ((players >> p) & 1u)
            expected[static_cast<std::size_t>(p)] = alone.players[static_cast<std::size_t>(i++)].pot_units;
        EXPECT_EQ(alone.showdowns, got.showdowns);
        EXPECT_EQ(got.side_pot_units[static_cast<std::size_t>(l)], expected)
            << cs.players << " players, board " << cs.board_cards << ", hi/lo " << cs.hi_lo << ", pot " << players;
      }
    }
  }
  EXPECT_GT(checked, 50);
}

TEST(OmahaEnumeration, RejectsNoPlayerAndMoreThanTen) {
  EXPECT_THROW(enumerate_omaha({}, CardSet(), CardSet(), false), std::invalid_argument);
  std::vector<CardSet> eleven;
  const std::vector<Card> deck = CardSet::full().cards();
  for (std::size_t p = 0; p < 11; ++p)
    eleven.push_back(to_set(deck[4 * p]) | to_set(deck[4 * p + 1]) | to_set(deck[4 * p + 2]) | to_set(deck[4 * p + 3]));
  EXPECT_THROW(enumerate_omaha(eleven, CardSet(), CardSet(), false), std::invalid_argument);
}

// Every board completing `board`, scored one by one with OmahaBoard (the evaluator the tests above
// check against the brute force) and score_omaha_showdown().
OmahaCounts board_by_board(const std::vector<CardSet>& holes, CardSet board, CardSet dead, bool hi_lo) {
  CardSet used = board | dead;
  for (CardSet h : holes) used |= h;
  const std::vector<Card> rest = (CardSet::full() - used).cards();
  OmahaCounts counts;
  counts.players.resize(holes.size());
  std::vector<HandRank> highs(holes.size());
  std::vector<LowRank> lows(holes.size());
  auto rec = [&](auto&& self, std::size_t from, CardSet b) -> void {
    if (b.size() == 5) {
      const OmahaBoard ob(b);
      for (std::size_t p = 0; p < holes.size(); ++p) {
        highs[p] = ob.high(holes[p]);
        lows[p] = hi_lo ? ob.low(holes[p]) : kNoLow;
      }
      score_omaha_showdown(highs, lows, hi_lo, counts);
      return;
    }
    for (std::size_t i = from; i < rest.size(); ++i) self(self, i + 1, b | to_set(rest[i]));
  };
  rec(rec, 0, board);
  return counts;
}

// Preflop, every board: heads-up PLO4 Hi/Lo (1,086,008 boards) and three PLO5 hands with dead cards.
TEST(OmahaEnumeration, MatchesBoardByBoardPreflop) {
  const auto sets = [](std::initializer_list<const char*> hands) {
    std::vector<CardSet> out;
    for (const char* h : hands) out.push_back(set_of(parse_cards(h)));
    return out;
  };
  const auto heads_up = sets({"Ah2h3sKs", "QdJdTc9c"});
  const OmahaCounts hu = enumerate_omaha(heads_up, CardSet(), CardSet(), true);
  ASSERT_EQ(hu, board_by_board(heads_up, CardSet(), CardSet(), true));
  expect_consistent(hu, 1'086'008, true);
  const auto three = sets({"AsKsQhJh9d", "7c7d6c5d4h", "AcAd2s3s8h"});
  const CardSet dead = set_of(parse_cards("2h3h5s"));
  const OmahaCounts got = enumerate_omaha(three, CardSet(), dead, false, CardSet::full(), 2);
  ASSERT_EQ(got, board_by_board(three, CardSet(), dead, false));
  expect_consistent(got, choose(52 - 15 - 3, 5), false);
}

TEST(OmahaRange, ReadsAHandAndRandom) {
  EXPECT_TRUE(OmahaRange::parse("AsKhJd2c", 4).specific());
  EXPECT_TRUE(OmahaRange::parse("random", 5).random());
  EXPECT_THROW(OmahaRange::parse("AsKhJd2c9s", 4, "player 1"), InputError);
  EXPECT_EQ(OmahaRange::all(4).combos(CardSet(), kOmahaComboLimit).size(), 270725u);
}

}  // namespace
}  // namespace equity
