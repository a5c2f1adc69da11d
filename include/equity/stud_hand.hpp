#pragma once
// A stud player's cards as written: which are down, which up, which not known.
//
// The grammar (docs/stud.md), for a game whose GameRules::deal_order says which cards are dealt
// face down and which face up ("ddUUUUd": two down, four up, the last down):
//   AsKsQd               the cards in the order dealt: here two down and one up (third street)
//   (AsKs)Qd             down cards in parentheses, then the up cards
//   (AsKs)QdJh2c3d(7c)   ... and the seventh card, down
//   (??)Qd  (As?)Qd      ? for a down card not known (another player's)
//   random               every card not known, on the street of the other players
// Spaces and commas between cards are optional; ranks and suits read as everywhere (10d, A♠).
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/game.hpp"

namespace equity {

struct StudHand {
  std::vector<Card> down;  // the known down cards, in the order dealt
  std::vector<Card> up;    // the up cards, in the order dealt
  int unknown = 0;         // down cards dealt and not known
  bool random = false;     // "random": the whole hand not known (unknown is then set by the street)
  // Which of the down cards dealt are the ones not known: bit i for the i-th down card dealt
  // ("(?Ks)Qd": bit 0), so that the hand is written back as it was read.
  unsigned unknown_slots = 0;

  int dealt() const { return static_cast<int>(down.size() + up.size()) + unknown; }
  std::vector<Card> known() const;  // the down cards then the up cards
  friend bool operator==(const StudHand&, const StudHand&) = default;
};

// Reads a hand of `game` (whose deal_order is not empty) as above. Throws InputError naming
// `where` ("player 2") and what is wrong in the game's terms: "player 1: (AsKsQd)Jh: 3 down cards
// before the up cards; stud deals 2 (write a card not known as ?)", "a stud hand has at most 7
// cards, not 8", "at least 3 cards (third street)".
StudHand parse_stud_hand(std::string_view text, Game game, std::string_view where);

// The hand written back: "(AsKs)Qd", "(??)Qd", "(AsKs)QdJh2c3d(7c)", "random".
std::string to_string(const StudHand& hand, Game game);

// The hand with its cards not known dealt: `cards` holds the hand's known cards and one card for
// each not known (a random hand's: `dealt` cards), which fill its unknown down cards highest first
// ("(??)Qd" with AhKhQd: "(AhKh)Qd"); a random hand's are dealt down and up as the game deals them.
// Throws InputError when `cards` does not hold the known cards and as many others.
StudHand with_cards(const StudHand& hand, CardSet cards, int dealt, Game game);

}  // namespace equity
