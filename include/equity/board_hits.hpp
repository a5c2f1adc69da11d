#pragma once
// What a range hits on a board (Flopzilla's breakdown): every combo in exactly one made-hand
// category, and in any number of draw categories. docs/hits.md says the same with examples.
//
// Words used below: the hole cards are the combo's two cards, the board the 3, 4 or 5 community
// cards. A board rank is a rank of some board card; the board's distinct ranks, highest first, are
// its top rank, its second rank, and so on. "Pairs a board rank" means one hole card has the rank
// of a board card.
//
// Made hands, exactly one per combo. First the evaluator's category of the best five of the hole
// and board cards (equity::evaluate), whether or not the hole cards take part in it:
//   StraightFlush, Quads, FullHouse, Flush, Straight: that category (so on the river a straight or
//     flush of the board alone counts for every combo, as does quads or a full house of the board).
// Every other combo (high card, one pair, two pair or three of a kind by the evaluator) is named by
// what its own hole cards make with the board, ignoring pairs and trips the board makes alone, the
// first that applies:
//   Set: a pocket pair with exactly one board card of its rank.
//   Trips: a hole card (not a pocket pair) of the rank of exactly two board cards.
//   TwoPair: two hole cards of different ranks, each the rank of a board card.
//   Overpair: a pocket pair above the top rank.
//   TopPair: one hole card of the top rank (the other hole card pairs no board card).
//   PocketPairBelowTop: a pocket pair below the top rank with no board card of its rank (whatever
//     its place among the lower board ranks).
//   MiddlePair: one hole card of the second rank.
//   WeakPair: one hole card of a board rank below the second rank.
//   AceHigh: no pair of the above, and a hole card is an ace.
//   Nothing: the rest.
// So a combo that pairs a board card on a paired board is named by its own pair (one pair, not two
// pair; the board pair counts for everybody), a pocket pair on a paired board is an overpair or a
// pocket pair below top, and on a board of trips (777) or two pair (7755) a combo that pairs nothing
// is ace high or nothing. The distinct ranks decide the second rank: on K K 5 the 5 is the second
// rank, so 5x is a middle pair.
//
// Draws, any number per combo, only on the flop and the turn (none on the river), and only for combos
// whose made hand is Set or below: not for a straight or flush, and not for a full house, quads or
// straight flush either (no 5 or 6 cards with a full house or quads can hold a draw as defined here;
// a straight flush or straight could otherwise count overcards, e.g. 5s6s on 2s3s4s).
//   FlushDraw: exactly four cards of one suit among the hole and board cards, at least one of them a
//     hole card.
//   NutFlushDraw: a FlushDraw whose suit's highest card not on the board is one of the hole cards
//     (the As of a spade draw; the Ks when the As is on the board). Dead cards do not count. Every
//     NutFlushDraw is also a FlushDraw.
//   Oesd: two or more out ranks (an open-ended straight draw or a double gutshot: 8 outs by rank).
//   Gutshot: exactly one out rank.
//     An out rank is a rank x held by no hole or board card such that, with a card of rank x added,
//     the hole and board ranks hold a straight (A-2-3-4-5 the lowest) and the highest such straight
//     contains a rank that a hole card has and no board card has. So a straight of the board and the
//     out alone is no draw (K2 on 5678 has none), nor is one the board and the out beat (3K on 5678
//     has none: the 4 gives 45678, above its 34567). Ranks, not cards: dead cards and the suits of
//     the outs do not matter.
//   Overcards: two hole cards of different ranks, both above the top rank.
//   BackdoorFlushDraw (flop only): exactly three cards of one suit among the hole and board cards, at
//     least one a hole card: two suited hole cards and one board card of the suit, or one hole card
//     and two board cards of its suit.
//   ComboDraw: a FlushDraw together with an Oesd or a Gutshot.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/evaluator.hpp"
#include "equity/game.hpp"
#include "equity/range.hpp"

namespace equity {

// Made-hand categories, best first (the order of precedence).
enum class MadeCategory : std::uint8_t {
  StraightFlush,
  Quads,
  FullHouse,
  Flush,
  Straight,
  Set,
  Trips,
  TwoPair,
  Overpair,
  TopPair,
  PocketPairBelowTop,
  MiddlePair,
  WeakPair,
  AceHigh,
  Nothing,
};
inline constexpr int kMadeCategories = 15;

enum class DrawCategory : std::uint8_t {
  FlushDraw,
  NutFlushDraw,
  Oesd,
  Gutshot,
  Overcards,
  BackdoorFlushDraw,
  ComboDraw,
};
inline constexpr int kDrawCategories = 7;

// Stable snake_case names: "straight_flush", "pocket_pair_below_top", ... "nothing".
std::string_view category_name(MadeCategory c);
// "flush_draw", "nut_flush_draw", "oesd", "gutshot", "overcards", "backdoor_flush_draw", "combo_draw".
std::string_view category_name(DrawCategory c);

// One combo's categories.
struct ComboHit {
  MadeCategory made = MadeCategory::Nothing;
  std::uint8_t draws = 0;  // bit 1 << DrawCategory for each draw the combo has

  bool has(DrawCategory d) const { return (draws >> static_cast<int>(d)) & 1; }
  friend bool operator==(const ComboHit&, const ComboHit&) = default;
};

// The board's part of the classification, computed once: then classify() is one evaluation and two
// table lookups per combo, with no allocation.
class HitClassifier {
 public:
  // 3, 4 or 5 distinct cards of the game's deck; throws InputError naming the problem otherwise.
  // The game's ranking names the made hands; its deck's straights (short deck: A-6-7-8-9 the
  // lowest) the straight draws.
  explicit HitClassifier(std::span<const Card> board, Game game = Game::holdem);

  // The categories of hole cards a, b (distinct, neither on the board).
  ComboHit classify(Card a, Card b) const;

  int board_size() const { return board_size_; }

 private:
  // What the hole ranks decide: the made category when the evaluator says high card to three of a
  // kind, and the straight draws and overcards.
  struct RankEntry {
    MadeCategory made = MadeCategory::Nothing;
    std::uint8_t draws = 0;
  };
  Hand board_;
  Game game_ = Game::holdem;
  int board_size_ = 0;
  std::array<std::uint8_t, kSuits> suit_counts_{};  // board cards of each suit
  std::array<std::uint8_t, kSuits> nut_ranks_{};    // highest rank of each suit not on the board
  std::array<RankEntry, kRanks * kRanks> ranks_{};  // by 13 * rank of a + rank of b
};

// The count of one category.
struct HitCount {
  int combos = 0;     // combos in the category, each weight 1 (raw)
  double weight = 0;  // the sum of their weights
  double share = 0;   // weight / the range's weight, 0 to 1 (0 for an empty range)

  void add(double w) {
    ++combos;
    weight += w;
  }
  void set_share(double total) { share = total > 0 ? weight / total : 0; }
};

// A range's breakdown on a board. Every category is present (zero where no combo has it).
struct BoardHits {
  int combos = 0;                                 // the range's combos with no board or dead card (raw)
  double weight = 0;                              // the sum of their weights
  std::array<HitCount, kMadeCategories> made{};   // by MadeCategory: a partition of the combos
  std::array<HitCount, kDrawCategories> draws{};  // by DrawCategory: a combo counts in 0 to 4 of them

  const HitCount& operator[](MadeCategory c) const { return made[static_cast<std::size_t>(c)]; }
  const HitCount& operator[](DrawCategory c) const { return draws[static_cast<std::size_t>(c)]; }
};

// What `range` hits on `board` (3, 4 or 5 cards): the combos holding a board or dead card are left
// out. Throws InputError for a bad board or a dead card on the board. Sums in combo index order, so
// the weights are the same on every run.
BoardHits board_hits(const Range& range, std::span<const Card> board, CardSet dead = CardSet(),
                     Game game = Game::holdem);

// Throws InputError unless `board` is 3, 4 or 5 distinct cards of the game's deck.
void check_hits_board(std::span<const Card> board, Game game);

// A breakdown as rows of names (the JSON's keys) and counts, whatever the game: what the JSON and
// the text print. made: a partition of the combos, best first; draws: any number per combo.
struct HitRow {
  std::string_view name;
  HitCount count;
};
struct HitTable {
  std::uint64_t combos = 0;  // raw
  double weight = 0;
  std::vector<HitRow> made, draws;

  // The count of the row of that name, among made then draws; nullptr when there is none.
  const HitCount* find(std::string_view name) const {
    for (const auto* rows : {&made, &draws})
      for (const HitRow& r : *rows)
        if (r.name == name) return &r.count;
    return nullptr;
  }
};
HitTable hit_table(const BoardHits& h);

}  // namespace equity
