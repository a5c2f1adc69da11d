#pragma once
// A draw-game player as written: the cards kept and how many are drawn (docs/draw.md).
//
//   Kd8s4h3c/1     four cards kept, one drawn (a 2-7 or A-5 player drawing to a four-card low)
//   9h7d5c/2       three kept, two drawn
//   /5             nothing kept: five drawn
//   8h6d4s3c2d     a pat hand: all its cards kept, none drawn (also 8h6d4s3c2d/0)
//   9h7d5c/2/1/0   two drawn now, then one, then none: the draws after the next one fixed (else the
//                  drawing rule decides them, draw_rule.hpp); the cards thrown are the ones the rule
//                  values least
// Spaces and commas between cards are optional; ranks and suits read as everywhere (10d, A♠).
// The cards kept and drawn make the game's hand (five cards; badugi four).
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/game.hpp"

namespace equity {

struct DrawHand {
  std::vector<Card> kept;  // in the order written
  int draws = 0;           // cards drawn in the next draw (0: pat)
  std::vector<int> later;  // cards drawn in the draws after it, when given (at most two)
  friend bool operator==(const DrawHand&, const DrawHand&) = default;
};

// Reads a player of a draw game (GameRules::draws > 0). Throws InputError naming `where` ("player
// 2") and what is wrong in the game's terms: "player 1: 'Kd8s4h3c': 4 cards of a 5-card hand:
// write how many are drawn (Kd8s4h3c/1)", "'Kd8s4h3c/2': 4 kept and 2 drawn make 6 cards; a 2-7
// hand has 5", a card twice, a number that is not one.
DrawHand parse_draw_hand(std::string_view text, Game game, std::string_view where);

// The player written back: "Kd8s4h3c/1", a pat hand "8h6d4s3c2d", "9h7d5c/2/1/0".
std::string to_string(const DrawHand& hand);

}  // namespace equity
