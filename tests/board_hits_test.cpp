// What a range hits on a board: every made category and draw on hand-made boards, the partition
// of the range, and a brute-force cross-check against a slow classifier built on the reference
// evaluator.
#include "equity/board_hits.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "equity/error.hpp"
#include "eval/reference_evaluator.hpp"

namespace equity {
namespace {

using M = MadeCategory;
using D = DrawCategory;

std::uint8_t bits(std::initializer_list<D> draws) {
  std::uint8_t out = 0;
  for (D d : draws) out = static_cast<std::uint8_t>(out | (1u << static_cast<int>(d)));
  return out;
}

// The categories of `hole` on `board`, e.g. hit("AsKd", "Ks7h2c").
ComboHit hit(std::string_view hole, std::string_view board) {
  const HoleCards h = parse_hole_cards(hole);
  return HitClassifier(parse_cards(board, "board")).classify(h[0], h[1]);
}

std::string describe(ComboHit h) {
  std::string out(category_name(h.made));
  for (int d = 0; d < kDrawCategories; ++d)
    if (h.has(static_cast<D>(d))) out += std::string(" ") + std::string(category_name(static_cast<D>(d)));
  return out;
}

void expect_hit(std::string_view hole, std::string_view board, M made, std::initializer_list<D> draws = {}) {
  const ComboHit got = hit(hole, board);
  const ComboHit want{made, bits(draws)};
  EXPECT_EQ(got, want) << hole << " on " << board << ": got " << describe(got) << ", want " << describe(want);
}

TEST(BoardHits, Names) {
  const std::vector<std::string_view> made = {"straight_flush",
                                              "quads",
                                              "full_house",
                                              "flush",
                                              "straight",
                                              "set",
                                              "trips",
                                              "two_pair",
                                              "overpair",
                                              "top_pair",
                                              "pocket_pair_below_top",
                                              "middle_pair",
                                              "weak_pair",
                                              "ace_high",
                                              "nothing"};
  ASSERT_EQ(made.size(), static_cast<std::size_t>(kMadeCategories));
  for (int c = 0; c < kMadeCategories; ++c)
    EXPECT_EQ(category_name(static_cast<M>(c)), made[static_cast<std::size_t>(c)]);
  const std::vector<std::string_view> draws = {"flush_draw", "nut_flush_draw",      "oesd",      "gutshot",
                                               "overcards",  "backdoor_flush_draw", "combo_draw"};
  ASSERT_EQ(draws.size(), static_cast<std::size_t>(kDrawCategories));
  for (int d = 0; d < kDrawCategories; ++d)
    EXPECT_EQ(category_name(static_cast<D>(d)), draws[static_cast<std::size_t>(d)]);
}

TEST(BoardHits, MadeHandsOfTheEvaluator) {
  expect_hit("8s9s", "5s6s7s", M::StraightFlush);
  expect_hit("7c7d", "7s7h2c", M::Quads);
  expect_hit("AsKs", "7s7h7c7d2c", M::Quads);  // the board's quads count for everybody
  expect_hit("2d7c", "7s7h2c", M::FullHouse);
  expect_hit("2c3d", "KsKhKc5d5h", M::FullHouse);  // the board's full house
  expect_hit("AsKs", "2s7s9s", M::Flush);
  expect_hit("AhKd", "2s5s7s9sJs", M::Flush);  // the board's flush
  expect_hit("8s9h", "5c6d7h", M::Straight);
  expect_hit("AdKd", "5c6d7h8s9c", M::Straight);  // the board's straight
  expect_hit("Ah5c", "2d3h4s", M::Straight);      // the wheel
}

TEST(BoardHits, MadeHandsOfTheHoleCards) {
  expect_hit("7c7d", "Ks7h2c", M::Set);
  expect_hit("7dAs", "Ks7h7c", M::Trips);
  expect_hit("AsKd", "7s7h7c", M::AceHigh, {D::Overcards});  // trips of the board alone
  expect_hit("6s4d", "7s7h7c", M::Nothing);
  expect_hit("Kd7d", "Ks7h2c", M::TwoPair);
  expect_hit("5d7d", "KsKh5c7h", M::TwoPair);  // both hole cards pair, besides the board's pair
  expect_hit("Kd2d", "Ks7h7c", M::TopPair);    // the evaluator's two pair, one pair of its own
  expect_hit("As2c", "KsKh7c7d", M::AceHigh);  // two pair of the board alone
  expect_hit("AsAd", "Ks7h2c", M::Overpair);
  expect_hit("AsAd", "KsKh2c", M::Overpair);  // on a paired board
  expect_hit("KdQd", "Ks7h2c", M::TopPair);
  expect_hit("9s9d", "Ks7h2c", M::PocketPairBelowTop);
  expect_hit("5s5d", "Ks7h2c", M::PocketPairBelowTop);  // below the second rank too
  expect_hit("QsQd", "KsKh2c", M::PocketPairBelowTop);
  expect_hit("7dAc", "Ks7h2c", M::MiddlePair);
  expect_hit("5dAc", "KsKh5c", M::MiddlePair);  // second distinct rank
  expect_hit("2dAc", "Ks7h2c", M::WeakPair);
  expect_hit("7dAc", "Ks9h7h2c", M::WeakPair);  // third rank of the turn
  expect_hit("3d3c", "AsKsQs2d3s", M::Set);     // the river: no draws ever
  expect_hit("Ad9c", "Ks7h2c", M::AceHigh);
  expect_hit("Qd9c", "Ks7h2c", M::Nothing);
  expect_hit("KdQc", "As7h2c", M::Nothing);  // the board's ace is not the combo's
}

TEST(BoardHits, FlushDraws) {
  expect_hit("As5s", "Ks7s2c", M::AceHigh, {D::FlushDraw, D::NutFlushDraw});
  expect_hit("Qs5s", "Ks7s2c", M::Nothing, {D::FlushDraw});
  expect_hit("Ks5s", "As7s2c", M::Nothing, {D::FlushDraw, D::NutFlushDraw});  // the As is on the board
  expect_hit("Qs4d", "Ks7s2s", M::Nothing, {D::FlushDraw});                   // one hole card
  expect_hit("As4d", "Ks7s2s", M::AceHigh, {D::FlushDraw, D::NutFlushDraw});
  expect_hit("Qh4s", "Ks7s2s9d", M::Nothing, {D::FlushDraw});  // turn
  // Four board cards of a suit and no hole card of it: no flush draw.
  expect_hit("AhQd", "Ks7s2s9s", M::AceHigh);
  // Four of the suit on the river: no draws.
  expect_hit("As5s", "Ks7s2c9d4c", M::AceHigh);
}

TEST(BoardHits, BackdoorFlushDraws) {
  expect_hit("As5s", "Ks7h2c", M::AceHigh, {D::BackdoorFlushDraw});  // two suited hole cards
  expect_hit("Ad5s", "Ks7s2c", M::AceHigh, {D::BackdoorFlushDraw});  // one hole card, two on the board
  expect_hit("7s7c", "Ks7h2s", M::Set, {D::BackdoorFlushDraw});      // draws count for a set
  expect_hit("Ad5h", "Ks7s2s", M::AceHigh);                          // three board cards, no hole card
  expect_hit("As6s", "Ks7h2c4d", M::AceHigh);                        // flop only
  expect_hit("AsQh", "Ks7h2c", M::AceHigh);                          // two cards of each suit at most
}

TEST(BoardHits, StraightDraws) {
  expect_hit("7s8h", "5c6dKh", M::Nothing, {D::Oesd});
  expect_hit("6s5h", "9c7d3h", M::Nothing, {D::Oesd});                // a double gutshot: 4 or 8
  expect_hit("8s2d", "5c6d7h", M::Nothing, {D::Oesd});                // one hole card
  expect_hit("8s9h", "5c6dKh", M::Nothing, {D::Gutshot});             // only the 7, not an oesd
  expect_hit("4sKc", "Ac2d3h", M::Nothing, {D::Gutshot});             // A234 needs the 5
  expect_hit("5sKc", "2c3d4h", M::Nothing, {D::Oesd, D::Overcards});  // the ace or the 6
  // A straight of the board and the out alone is no draw.
  expect_hit("Kd2c", "5c6d7h8s", M::Nothing);
  // Nor one the board and the out beat: the 4 makes 45678, above 34567.
  expect_hit("3dKc", "5c6d7h8s", M::Nothing);
  // No draws on the river.
  expect_hit("7s8h", "5c6dKh2s2d", M::Nothing);
  expect_hit("8s9h", "5c6dKh2s", M::Nothing, {D::Gutshot});  // the turn has them
}

TEST(BoardHits, OvercardsAndComboDraws) {
  expect_hit("AsKd", "9c7d2h", M::AceHigh, {D::Overcards});
  expect_hit("QsJd", "9c7d2h", M::Nothing, {D::Overcards});
  expect_hit("AsAd", "9c7d2h", M::Overpair);                   // a pocket pair is not overcards
  expect_hit("AsTd", "Kc7d2h", M::AceHigh);                    // one card below the top
  expect_hit("AsKd", "9c7d7h2s", M::AceHigh, {D::Overcards});  // the turn
  expect_hit("7s8s", "5s6sKh", M::Nothing, {D::FlushDraw, D::Oesd, D::ComboDraw});
  expect_hit("8s9s", "5s6dKs", M::Nothing, {D::FlushDraw, D::Gutshot, D::ComboDraw});
  expect_hit("As9s", "5s6dKs", M::AceHigh, {D::FlushDraw, D::NutFlushDraw});  // no straight draw
}

// Draws are counted only below a straight: a straight, flush, full house, quads or straight flush
// has none, even where the definitions would otherwise give one.
TEST(BoardHits, MadeHandsAtOrAboveAStraightHaveNoDraws) {
  expect_hit("8s9s", "5s6s7d", M::Straight);                             // would be a flush draw and a combo draw
  expect_hit("AsKs", "2s5s7s", M::Flush);                                // would be overcards
  expect_hit("AdKc", "2s3h4s", M::AceHigh, {D::Gutshot, D::Overcards});  // without a straight: draws
  expect_hit("Ad5c", "2s3h4s", M::Straight);                             // would be overcards
  expect_hit("5s6s", "2s3s4s", M::StraightFlush);                        // would be overcards
  expect_hit("2h7c", "7s7h2s", M::FullHouse);
  expect_hit("7c7d", "7s7h2s", M::Quads);
}

TEST(BoardHits, BadBoards) {
  const auto cards = [](std::string_view text) { return parse_cards(text, "board"); };
  EXPECT_THROW(HitClassifier(cards("AsKd")), InputError);
  EXPECT_THROW(HitClassifier(cards("AsKdQcJh9c2d")), InputError);
  const std::vector<Card> twice = {Card(0), Card(5), Card(0)};
  try {
    HitClassifier{twice};
    FAIL() << "a duplicate board card was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "board: duplicate card 2s");
  }
  try {
    board_hits(Range::all(), cards("Ks7h2c"), CardSet(parse_card("7h").bit()));
    FAIL() << "a dead card on the board was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "dead card 7h is on the board");
  }
}

// The full range on K 7 2 rainbow: exact counts worked out by hand.
TEST(BoardHits, FullRangeOnAFlop) {
  const BoardHits h = board_hits(Range::all(), parse_cards("Ks7h2c"));
  EXPECT_EQ(h.combos, 1176);  // C(49, 2)
  EXPECT_EQ(h.weight, 1176.0);
  EXPECT_EQ(h[M::Set].combos, 9);       // KK, 77, 22: 3 each
  EXPECT_EQ(h[M::TwoPair].combos, 27);  // K7, K2, 72: 9 each
  EXPECT_EQ(h[M::Trips].combos, 0);
  EXPECT_EQ(h[M::Overpair].combos, 6);   // AA
  EXPECT_EQ(h[M::TopPair].combos, 120);  // 3 kings x 40 cards of other ranks
  EXPECT_EQ(h[M::MiddlePair].combos, 120);
  EXPECT_EQ(h[M::WeakPair].combos, 120);
  EXPECT_EQ(h[M::PocketPairBelowTop].combos, 54);  // 33-66, 88-QQ: 9 pairs x 6
  // Ace high: an ace with a card of another unpaired rank: 4 x 36 (Q J T 9 8 6 5 4 3).
  EXPECT_EQ(h[M::AceHigh].combos, 144);
  EXPECT_EQ(h[M::Nothing].combos, 1176 - 9 - 27 - 6 - 360 - 54 - 144);
  EXPECT_EQ(h[M::Flush].combos + h[M::Straight].combos + h[M::FullHouse].combos, 0);
  EXPECT_EQ(h[D::Overcards].combos, 0);  // only aces are above the king
  EXPECT_DOUBLE_EQ(h[M::Set].share, 9.0 / 1176);
}

// The full range on 9 7 2 rainbow: overcards are two different ranks of T J Q K A.
TEST(BoardHits, FullRangeOvercards) {
  const BoardHits h = board_hits(Range::all(), parse_cards("9c7d2h"));
  EXPECT_EQ(h[D::Overcards].combos, 160);          // C(5, 2) rank pairs x 16
  EXPECT_EQ(h[M::Overpair].combos, 30);            // TT-AA
  EXPECT_EQ(h[D::FlushDraw].combos, 0);            // a rainbow flop holds two cards of a suit at most
  EXPECT_EQ(h[D::BackdoorFlushDraw].combos, 198);  // two hole cards of a club, diamond or heart: 3 x C(12, 2)
}

TEST(BoardHits, WeightedRange) {
  const BoardHits h = board_hits(Range::parse("AA,KK:0.5,AKs:0.75"), parse_cards("Ks7h2c"));
  EXPECT_EQ(h.combos, 12);  // AsKs is gone
  EXPECT_EQ(h.weight, 6 + 1.5 + 2.25);
  EXPECT_EQ(h[M::Overpair].combos, 6);
  EXPECT_EQ(h[M::Overpair].weight, 6.0);
  EXPECT_EQ(h[M::Set].combos, 3);
  EXPECT_EQ(h[M::Set].weight, 1.5);
  EXPECT_EQ(h[M::TopPair].combos, 3);
  EXPECT_EQ(h[M::TopPair].weight, 2.25);
  EXPECT_EQ(h[D::BackdoorFlushDraw].combos, 2);  // AhKh, AcKc
  EXPECT_EQ(h[D::BackdoorFlushDraw].weight, 1.5);
  EXPECT_EQ(h[D::BackdoorFlushDraw].share, 1.5 / 9.75);
  EXPECT_EQ(h[D::Overcards].combos, 0);
}

// The example of docs/hits.md.
TEST(BoardHits, DocumentedExample) {
  const BoardHits h = board_hits(Range::parse("QQ+,AKs"), parse_cards("Ks7h2c"));
  EXPECT_EQ(h.combos, 18);
  EXPECT_EQ(h[M::Set].combos, 3);
  EXPECT_EQ(h[M::Set].weight, 3.0);
  EXPECT_EQ(h[M::Set].share, 3.0 / 18);
  EXPECT_EQ(h[M::Overpair].combos, 6);
  EXPECT_EQ(h[M::TopPair].combos, 3);
  EXPECT_EQ(h[M::PocketPairBelowTop].combos, 6);
}

TEST(BoardHits, DeadCardsAndEmptyRanges) {
  const CardSet dead(parse_card("As").bit() | parse_card("Ac").bit());
  const BoardHits h = board_hits(Range::all(), parse_cards("Ks7h2c"), dead);
  EXPECT_EQ(h.combos, 1081);            // C(47, 2)
  EXPECT_EQ(h[M::Overpair].combos, 1);  // AhAd
  const BoardHits none = board_hits(Range::parse("KsKh"), parse_cards("Ks7h2c"));
  EXPECT_EQ(none.combos, 0);
  EXPECT_EQ(none.weight, 0.0);
  for (const HitCount& c : none.made) EXPECT_EQ(c.share, 0.0);
}

// ---------------------------------------------------------------------------------------------
// A slow classifier of the same definitions, written independently: the reference evaluator for the
// made hands, and straights found by looking for each rank among plain lists of cards.

bool has_rank(const std::vector<Card>& cards, int rank) {
  return std::any_of(cards.begin(), cards.end(), [rank](Card c) { return c.rank() == rank; });
}

// The ranks of the highest straight among `cards`, empty if none.
std::vector<int> slow_best_straight(const std::vector<Card>& cards) {
  for (int high = 12; high >= 3; --high) {
    std::vector<int> run;
    for (int r = high - 4; r <= high; ++r) run.push_back(r < 0 ? 12 : r);
    if (std::all_of(run.begin(), run.end(), [&](int r) { return has_rank(cards, r); })) return run;
  }
  return {};
}

MadeCategory slow_made(const std::vector<Card>& hole, const std::vector<Card>& board) {
  std::vector<Card> all = board;
  all.insert(all.end(), hole.begin(), hole.end());
  switch (score_category(reference_score(all))) {
    case 8:
      return M::StraightFlush;
    case 7:
      return M::Quads;
    case 6:
      return M::FullHouse;
    case 5:
      return M::Flush;
    case 4:
      return M::Straight;
    default:
      break;
  }
  const auto on_board = [&](int rank) {
    return std::count_if(board.begin(), board.end(), [rank](Card c) { return c.rank() == rank; });
  };
  std::vector<int> ranks;
  for (Card c : board) ranks.push_back(c.rank());
  std::sort(ranks.begin(), ranks.end(), std::greater<>());
  ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
  const int high = std::max(hole[0].rank(), hole[1].rank());
  const int low = std::min(hole[0].rank(), hole[1].rank());
  if (high == low) {
    if (on_board(high) == 1) return M::Set;
    return high > ranks[0] ? M::Overpair : M::PocketPairBelowTop;
  }
  if (on_board(high) == 2 || on_board(low) == 2) return M::Trips;
  if (on_board(high) > 0 && on_board(low) > 0) return M::TwoPair;
  for (int r : {high, low}) {
    if (on_board(r) == 0) continue;
    const auto place = std::find(ranks.begin(), ranks.end(), r) - ranks.begin();
    return place == 0 ? M::TopPair : place == 1 ? M::MiddlePair : M::WeakPair;
  }
  return high == 12 ? M::AceHigh : M::Nothing;
}

std::uint8_t slow_draws(const std::vector<Card>& hole, const std::vector<Card>& board, MadeCategory made) {
  // Full houses and quads are not excluded here: board_hits.hpp says that none of them has a draw
  // anyway, and the comparison checks it.
  if (board.size() == 5 || made == M::StraightFlush || made == M::Flush || made == M::Straight) return 0;
  std::vector<Card> all = board;
  all.insert(all.end(), hole.begin(), hole.end());
  std::uint8_t out = 0;
  const auto add = [&](D d) { out = static_cast<std::uint8_t>(out | bits({d})); };
  for (int s = 0; s < 4; ++s) {
    const auto of_suit = [s](const std::vector<Card>& cards) {
      return std::count_if(cards.begin(), cards.end(), [s](Card c) { return c.suit() == s; });
    };
    if (of_suit(hole) == 0) continue;
    if (of_suit(all) == 4) {
      add(D::FlushDraw);
      int nut = 12;
      while (std::find(board.begin(), board.end(), Card(nut, s)) != board.end()) --nut;
      if (std::find(hole.begin(), hole.end(), Card(nut, s)) != hole.end()) add(D::NutFlushDraw);
    }
    if (of_suit(all) == 3 && board.size() == 3) add(D::BackdoorFlushDraw);
  }
  int outs = 0;
  for (int x = 0; x < 13; ++x) {
    if (has_rank(all, x)) continue;
    std::vector<Card> more = all;
    more.push_back(Card(x, 0));
    const std::vector<int> run = slow_best_straight(more);
    const auto own = [&](int r) { return has_rank(hole, r) && !has_rank(board, r); };
    if (std::any_of(run.begin(), run.end(), own)) ++outs;
  }
  if (outs >= 2) add(D::Oesd);
  if (outs == 1) add(D::Gutshot);
  const int low = std::min(hole[0].rank(), hole[1].rank());
  const bool below = std::all_of(board.begin(), board.end(), [&](Card c) { return c.rank() < low; });
  if (hole[0].rank() != hole[1].rank() && below) add(D::Overcards);
  if ((out & bits({D::FlushDraw})) && (out & bits({D::Oesd, D::Gutshot}))) add(D::ComboDraw);
  return out;
}

// Every combo on `boards` random boards (flops, turns and rivers in turn) against the slow
// classifier; and the made categories partition the range on every board, for the full range and a
// weighted one. Returns how many combos fell in each category, made ones then draws.
std::array<int, kMadeCategories + kDrawCategories> check_random_boards(int boards, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::array<int, kMadeCategories> made_seen{};
  std::array<int, kDrawCategories> draws_seen{};
  // Weights in eighths, so that every sum is exact.
  Range weighted_range;
  for (int i = 0; i < kCombos; ++i)
    if (i % 3 != 0) weighted_range.set(i, static_cast<double>(1 + i % 8) / 8);
  const Range all = Range::all();
  const Range& weighted = weighted_range;
  int mismatches = 0;
  for (int board_index = 0; board_index < boards; ++board_index) {
    std::vector<int> ids(52);
    for (int i = 0; i < 52; ++i) ids[static_cast<std::size_t>(i)] = i;
    std::shuffle(ids.begin(), ids.end(), rng);
    std::vector<Card> board;
    for (int i = 0; i < 3 + board_index % 3; ++i) board.push_back(Card(ids[static_cast<std::size_t>(i)]));
    const HitClassifier classifier(board);
    for (int i = 0; i < kCombos; ++i) {
      const auto c = combo_cards(i);
      if (std::find(board.begin(), board.end(), c[0]) != board.end() ||
          std::find(board.begin(), board.end(), c[1]) != board.end())
        continue;
      const std::vector<Card> hole = {c[0], c[1]};
      ComboHit want;
      want.made = slow_made(hole, board);
      want.draws = slow_draws(hole, board, want.made);
      const ComboHit got = classifier.classify(c[0], c[1]);
      EXPECT_EQ(classifier.classify(c[1], c[0]), got);
      if (got != want && ++mismatches <= 10)
        ADD_FAILURE() << c[0].str() << c[1].str() << " on " << to_string(board) << ": got " << describe(got)
                      << ", want " << describe(want);
      ++made_seen[static_cast<std::size_t>(got.made)];
      for (int d = 0; d < kDrawCategories; ++d) draws_seen[static_cast<std::size_t>(d)] += got.has(static_cast<D>(d));
    }
    for (const Range* range : {&all, &weighted}) {
      const BoardHits h = board_hits(*range, board);
      int combos = 0;
      double weight = 0;
      for (const HitCount& count : h.made) {
        combos += count.combos;
        weight += count.weight;
      }
      EXPECT_EQ(combos, h.combos) << to_string(board);
      EXPECT_EQ(weight, h.weight) << to_string(board);
    }
  }
  EXPECT_EQ(mismatches, 0);
  std::array<int, kMadeCategories + kDrawCategories> seen{};
  std::copy(made_seen.begin(), made_seen.end(), seen.begin());
  std::copy(draws_seen.begin(), draws_seen.end(), seen.begin() + kMadeCategories);
  return seen;
}

// A few boards, quick enough for the sanitizer run.
TEST(BoardHits, MatchesBruteForceAndPartitionsTheRange) { check_random_boards(30, 1); }

// 300 boards (100 flops, turns and rivers), which reach every category but the rarest.
TEST(BoardHitsSlow, MatchesBruteForceAndPartitionsTheRangeOn300Boards) {
  const auto seen = check_random_boards(300, 18);
  for (int c = 0; c < kMadeCategories; ++c)
    if (static_cast<M>(c) != M::StraightFlush) {
      EXPECT_GT(seen[static_cast<std::size_t>(c)], 0) << category_name(static_cast<M>(c));
    }
  for (int d = 0; d < kDrawCategories; ++d)
    EXPECT_GT(seen[static_cast<std::size_t>(kMadeCategories + d)], 0) << category_name(static_cast<D>(d));
}

}  // namespace
}  // namespace equity
