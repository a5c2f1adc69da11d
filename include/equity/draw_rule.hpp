#pragma once
// The drawing rule: which cards a player of a triple-draw game keeps before each draw that comes
// after the next one, so that two or three draws to come can be sampled (docs/draw.md). It is a
// model of play, not of luck alone: the answer names it, and its thresholds are the question's.
//
//  - Lowball (2-7 triple draw, A-5 triple draw, and the low half of badeucy and badacey): stand pat
//    on a made hand (five ranks, no pair; in 2-7 no straight and no flush) whose highest card is at
//    most `pat`; otherwise keep one card of each rank at most `keep` (the ace low in A-5, high and
//    so never kept in 2-7), at most one card fewer than the hand, the highest left out first; draw
//    the rest.
//  - Badugi: stand pat on a four-card badugi whose highest card is at most `pat` (the ace low);
//    otherwise keep the cards of the best badugi (badugi_best()) at most `keep`; draw the rest.
// Defaults: 2-7 and A-5 stand pat on a nine or better and keep eights and below; badugi stands
// pat on a ten-high badugi or better and keeps eights and below.
#include <cstdint>
#include <string>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/game.hpp"

namespace equity {

enum class DrawRuleKind : std::uint8_t { none, deuce_seven, ace_five, badugi };

struct DrawRule {
  DrawRuleKind kind = DrawRuleKind::none;  // none: a game of one draw (no rule needed)
  // Ranks in the rule's order, 0 the lowest: in 2-7 0 = '2' .. 12 = 'A'; with the ace low (A-5,
  // badugi) 0 = 'A', 1 = '2' .. 12 = 'K'.
  int pat = 0;
  int keep = 0;
  friend bool operator==(const DrawRule&, const DrawRule&) = default;
};

// The game's rule (badeucy draws by 2-7's, badacey by A-5's), its thresholds `pat` and `keep` as
// rank characters ("9", "T"; empty: the default). Throws InputError naming the bad rank.
DrawRule draw_rule(Game game, std::string_view pat = "", std::string_view keep = "");

// "stand pat on a 9-high made hand or better, else keep one card of each rank 8 or below".
std::string describe(const DrawRule& rule);

// The cards a player keeps of `hand` (its 4 or 5 cards) before a draw.
CardSet draw_keep(const DrawRule& rule, CardSet hand);

// The `count` cards of `hand` the rule values most, for a draw whose number of cards is given
// (9h7d5c/2/1/0): lowball, one card of each rank from the lowest, then the second cards of the
// ranks from the lowest; badugi, the best badugi's cards from the lowest, then the others from the
// lowest (the ace low).
CardSet draw_keep_count(const DrawRule& rule, CardSet hand, int count);

}  // namespace equity
