#pragma once
// The question that exact enumeration and Monte Carlo both answer: one range per player, the
// known board and dead cards. One path checks it (one set of messages: "player 1", "at most 10
// players"), prepare() removes the known cards from the ranges, and suit_symmetries() finds the
// suit permutations that leave it unchanged.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/enumeration.hpp"
#include "equity/range.hpp"

namespace equity {

// The question: one range per player, the known board and dead cards.
struct RangeDeal {
  std::vector<Range> ranges;  // 2..10 players
  std::vector<Card> board;    // 0, 3, 4 or 5 cards
  std::vector<Card> dead;
  Game game = Game::holdem;  // its deck (combos holding a card outside it are left out) and ranking
};

// The players' combos after card removal: board and dead cards, and the cards of every player
// whose range is one specific hand. Throws InputError for a bad player count or board, a card
// twice among board, dead cards and specific hands, a range left empty, or ranges that cannot be
// dealt together without sharing a card.
struct PreparedDeal {
  std::vector<std::vector<WeightedCombo>> combos;  // per player
  CardSet known;                                   // board and dead cards, and the cards the game leaves out
  std::vector<Card> board, dead;
  Game game = Game::holdem;
  int cards_to_come = 0;  // board cards still to deal
  bool weighted = false;  // some combo weight is not 1
};
PreparedDeal prepare(const RangeDeal& deal);

// ---- The checks, shared by every kind of deal (each throws InputError) -------------------------

std::string player_name(std::size_t p);  // "player 1" for p = 0
// "2c is not in the deck of Short deck (6+) Hold'em (6 to A)".
std::string not_in_deck(Card c, Game game);
void check_players(std::size_t players);  // 2..kMaxPlayers
void check_board(std::size_t cards);      // 0, 3, 4 or 5
// Adds c to seen; throws when it is there already: "card Ah appears twice (again in board)", or
// when the game's deck has no such card: "board: 2c is not in the short deck (6 to A)".
void add_card(CardSet& seen, Card c, std::string_view where, Game game = Game::holdem);
// Throws unless `left` cards in the deck can complete the board.
void check_deck(int left, int cards_to_come);

// ---- Suit symmetries ----------------------------------------------------------------------------

using SuitMap = std::array<int, kSuits>;  // suit -> suit
inline Card map_card(Card c, const SuitMap& m) { return Card(c.rank(), m[static_cast<std::size_t>(c.suit())]); }
// The combo index of a combo's image.
int map_combo(int index, const SuitMap& m);
// All 24 suit permutations, in lexicographic order (the identity first).
const std::array<SuitMap, 24>& suit_permutations();

// The suit permutations that map the board, the dead cards and every range with its weights to
// themselves; the identity first.
std::vector<SuitMap> suit_symmetries(const RangeDeal& deal);

}  // namespace equity
