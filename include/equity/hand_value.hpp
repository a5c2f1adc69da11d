#pragma once
// A hand's value in a game, for the front ends that show one hand (`equity eval`, Python's
// evaluate()): its rank, category, readable name and best five, by the game's ranking.
#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/evaluator.hpp"
#include "equity/game.hpp"
#include "equity/omaha_evaluator.hpp"

namespace equity {

struct HandValue {
  HandRank rank = 0;  // 0..hand_ranks(game) - 1, bigger is better; equal ranks split the pot
  Category category = Category::HighCard;
  std::string name;          // "full house, threes full of nines"; "straight, nine high" (A-6-7-8-9)
  std::array<Card, 5> best;  // the best five in tie-break order
};

// A game's hand categories, the best first: each one's index in the answer's category counts
// (PlayerAnswer::category: a Category, or in razz a LowCategory) and its name.
struct GameCategory {
  std::size_t index = 0;
  std::string_view name;
};
std::vector<GameCategory> game_categories(Game game);

// The number of distinct five-card hand values by the game's ranking (the high half's in Hi/Lo):
// 7462 in Hold'em, Omaha and stud, 1404 in short deck, 6175 A-5 lows in razz.
int hand_ranks(Game game);

// The best high of 5, 6 or 7 distinct cards of the game's deck; throws InputError naming a card
// the deck does not have ("2c is not in the deck of Short deck (6+) Hold'em (6 to A)") or a card
// twice, and for a game whose pot goes to a low (razz: stud_hand_value()).
HandValue hand_value(std::span<const Card> cards, Game game);

// An Omaha hand's value on a board: the best high of exactly two hole and three board cards
// (`high.rank` is omaha_high()'s, `high.best` those five) and, in the Hi/Lo games, the best
// 8-or-better low of exactly two and three (omaha_low()), its five cards highest first.
struct OmahaHandValue {
  HandValue high;
  LowRank low = kNoLow;            // kNoLow: none (always in the high-only games)
  std::string low_name;            // "8-6-4-2-A", "no low"; empty in the high-only games
  std::array<Card, 5> low_best{};  // with a low: its five cards, highest first
};

// `hole`: the game's hole cards; `board`: 3, 4 or 5 cards, no card twice (3 or 4: the best of
// what is there, as the river's rule would take it). Throws InputError naming what is wrong.
OmahaHandValue omaha_hand_value(std::span<const Card> hole, std::span<const Card> board, Game game);

// A hand of a game without a board (the stud family): the best five of the player's own 5, 6 or 7
// cards by the pot's ranking (game_rules().ranking: the best high as hand_value()'s, or the best
// A-5 low with pairs counted, as razz_value()'s), and with game_rules().low the best 8-or-better
// low as well.
struct StudHandValue {
  int rank = 0;                    // 0..hand_ranks(game) - 1, bigger is better; equal ranks split
  std::string category;            // the rank's category, by game_categories()' names: "full house", razz's "one pair"
  std::string name;                // "full house, threes full of nines"; razz's "7-5-4-3-2", "one pair, A-A-4-3-2"
  std::array<Card, 5> best{};      // the best five in tie-break order (razz: pairs first, then the highest)
  LowRank low = kNoLow;            // with game_rules().low: the 8-or-better low, kNoLow when none
  std::string low_name;            // "8-6-4-2-A", "no low"; empty without game_rules().low
  std::array<Card, 5> low_best{};  // with a low: its five cards, highest first
  // The draw games: how many of `best` play (a badugi's 1 to 4 cards; else 5). The split games
  // (badeucy, badacey; game_rules().split): `rank`, `category`, `name` and `best` are the badugi
  // half's, and `second` the other half's (its best is the five cards).
  int best_size = 5;
  struct Half {
    int rank = 0;
    std::string category, name;
    std::array<Card, 5> best{};
  };
  std::optional<Half> second;
};

// `cards`: 5, 6 or 7 distinct cards (the draw games: the game's hand, 5 cards or badugi's 4, by the
// game's ranking: 2-7's deuce_seven_value(), badugi's badugi_value()). Throws InputError for a game with a board
// ("omaha hands are valued with a board") or naming what is wrong with the cards.
StudHandValue stud_hand_value(std::span<const Card> cards, Game game);

// One hand's value in any game, as the front ends show one hand (`equity eval`, Python's
// evaluate()), valued as the game's spec says a hand is made (game_rules().making): Hold'em's and
// short deck's cards with the board's as one hand of 5 to 7 (hand_value()); an Omaha hand on its
// board of 3 to 5 cards (omaha_hand_value()); a stud or draw hand of the player's own cards, no
// board (stud_hand_value()).
struct GameHandValue {
  Game game = Game::holdem;
  std::vector<Card> cards;  // the hand valued (Hold'em and short deck: with the board's cards)
  std::vector<Card> board;  // the board it is valued on, apart (the Omaha games); else empty
  int rank = 0;             // 0..hand_ranks(game) - 1, bigger is better; equal ranks split
  std::string category;     // by game_categories()' names: "full house", razz's "one pair"
  std::string name;         // "full house, threes full of nines"; razz's "7-5-4-3-2"
  std::vector<Card> best;   // the best five in tie-break order (a badugi's 1 to 4 cards)
  struct Low {
    LowRank rank = kNoLow;   // kNoLow: no low qualifies
    std::string name;        // "8-6-4-2-A", "no low"
    std::vector<Card> best;  // with a low: its five cards, highest first; else empty
  };
  std::optional<Low> low;                     // the Hi/Lo games' 8-or-better low
  std::optional<StudHandValue::Half> second;  // the split draw games' other half (game_rules().split)
};

// `board_name`: how the caller's user gives the board, which the messages about it begin with:
// "--board: an Omaha hand is valued on a board of 3 to 5 cards", "board: razz has no board; ...".
// Throws InputError as the functions above do.
GameHandValue game_hand_value(std::span<const Card> cards, std::span<const Card> board, Game game,
                              std::string_view board_name = "board");

}  // namespace equity
