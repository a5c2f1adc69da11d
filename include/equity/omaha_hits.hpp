#pragma once
// What an Omaha range hits on a board (board_hits.hpp's breakdown for the Omaha games): every hand
// in exactly one made high category, and in any number of draws; in the Hi/Lo games also whether it
// has a low made or drawing. Every hand is made of exactly two hole and three board cards. The
// definitions, as coded (docs/omaha.md says the same with examples):
//
// Made (exactly one): the category of the best high of exactly two hole and three board cards on
// the board so far (Hold'em's categories: straight flush, four of a kind, ... high card).
//
// Draws (any number), on the flop and the turn only (none on the river). An unseen card is one not
// in the hand nor on the board (dead cards and other players' hands are not looked at).
//   Straight draws, only for hands whose made category is below a straight. An out rank is a rank x
//   with an unseen card such that, with a card of rank x added to the board, two of the hand's
//   cards of different ranks and three board cards make a straight (A-2-3-4-5 the lowest); the
//   straight outs are the unseen cards of the out ranks.
//     Wrap: 9 or more straight outs.
//     OpenEnded: 8 or fewer straight outs and two or more out ranks (an open-ended straight draw
//       or a double gutshot).
//     Gutshot: exactly one out rank.
//   So a hand has at most one of the three.
//   FlushDraw, only for hands whose made category is below a flush: two or more of the hand's
//     cards of a suit of which the board has exactly two (one more card of the suit makes a flush
//     of two hole and three board cards).
//   NutFlushDraw: a FlushDraw in a suit whose highest rank not on the board is in the hand (the As
//     of a spade draw; the Ks when the As is on the board). Every NutFlushDraw is a FlushDraw.
//   Hi/Lo games only:
//     Low: a qualifying 8-or-better low of exactly two hole and three board cards made already (on
//       any street).
//     LowDraw: flop or turn, no low made, and some rank from A to 8 with an unseen card would give
//       one.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "equity/board_hits.hpp"
#include "equity/cards.hpp"
#include "equity/evaluator.hpp"
#include "equity/game.hpp"
#include "equity/omaha_range.hpp"

namespace equity {

enum class OmahaDraw : std::uint8_t { Wrap, OpenEnded, Gutshot, FlushDraw, NutFlushDraw, Low, LowDraw };
inline constexpr int kOmahaDraws = 7;

// "wrap", "open_ended", "gutshot", "flush_draw", "nut_flush_draw", "low", "low_draw".
std::string_view category_name(OmahaDraw d);
// The made category's JSON name: "straight_flush", "four_of_a_kind", ... "high_card".
std::string_view made_name(Category c);

// One hand's categories.
struct OmahaHit {
  Category made = Category::HighCard;
  std::uint8_t draws = 0;  // bit 1 << OmahaDraw for each it has
  int straight_outs = 0;   // the unseen cards of its out ranks (0 when straight draws do not apply)
  bool has(OmahaDraw d) const { return (draws >> static_cast<int>(d)) & 1; }
};

class OmahaHitClassifier {
 public:
  // 3, 4 or 5 distinct cards; an Omaha game. Throws InputError naming the problem otherwise.
  OmahaHitClassifier(std::span<const Card> board, Game game);
  // The categories of a hand of the game's hole cards, none on the board.
  OmahaHit classify(CardSet hand) const;

 private:
  CardSet board_;
  int board_size_ = 0;
  bool hi_lo_ = false;
  unsigned board_ranks_ = 0;                        // 13-bit mask of the board's ranks
  std::array<std::uint8_t, kRanks> rank_counts_{};  // board cards of each rank
  std::array<std::uint8_t, kSuits> suit_counts_{};  // board cards of each suit
  std::array<std::uint8_t, kSuits> nut_ranks_{};    // highest rank of each suit not on the board
};

// A range's breakdown, with every category present (zero where no hand has it).
struct OmahaHits {
  bool hi_lo = false;
  std::uint64_t combos = 0;                   // the range's hands with no board or dead card (raw)
  double weight = 0;                          // the sum of their weights
  std::array<HitCount, kCategories> made{};   // by Category: a partition of the hands
  std::array<HitCount, kOmahaDraws> draws{};  // by OmahaDraw (Low and LowDraw: Hi/Lo only)
};

// What `range` hits on `board` (3, 4 or 5 cards) in an Omaha game: the hands holding a board or dead
// card are left out. Throws InputError for a bad board or a dead card on it. Sums in the order of
// the range's hands (increasing masks), so the weights are the same on every run.
OmahaHits omaha_board_hits(const OmahaRange& range, std::span<const Card> board, CardSet dead, Game game);

// Either breakdown as rows of names and counts, for the JSON and the text (made best first, then
// the draws; the Omaha Hi/Lo games' Low and LowDraw rows only there).
HitTable hit_table(const OmahaHits& h);

}  // namespace equity
