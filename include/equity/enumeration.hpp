#pragma once
// Exact equity by enumeration of every remaining board.
//
// enumerate() groups boards: boards with the same multiset of ranks and no flush give every player
// the same hand, so the main pass visits each rank multiset once, weighted by how many of its card
// sets make nobody a flush (a product of binomials, with the flush card sets counted suit by suit).
// Boards where some player makes a flush are then visited by suit: the suited cards one by one, the
// rest by ranks. A made flush does not depend on the other cards, so only players without it are
// looked up there, and only a full house or quads of theirs changes the outcome. Every count stays
// an exact integer. walk_boards() evaluates every board card by card: slower, and an independent
// check of the grouping.
#include <array>
#include <cstdint>
#include <vector>

#include "equity/cards.hpp"
#include "equity/game.hpp"
#include "equity/pot.hpp"  // SidePots

namespace equity {

inline constexpr int kMaxPlayers = 10;
// Pot shares are counted in units of 1/2520 of a board: 2520 = lcm(1..10), so every k-way split
// of a board (k <= 10 players) is a whole number of units.
inline constexpr std::uint64_t kShareUnit = 2520;
// A winner's share of a pot split w ways (w = 1..kMaxPlayers), in units of 1/kShareUnit: a table
// rather than a 64-bit division in the loops that count splits.
inline constexpr auto kSplitShare = [] {
  static_assert(kMaxPlayers <= 10 && kShareUnit % 2520 == 0, "2520 = lcm(1..10)");
  std::array<std::uint64_t, kMaxPlayers + 1> share{};
  for (std::size_t w = 1; w <= kMaxPlayers; ++w) share[w] = kShareUnit / w;
  return share;
}();

// The question: players' hole cards, the known board and dead cards.
struct Deal {
  std::vector<HoleCards> hands;  // 2..10 players
  std::vector<Card> board;       // 0, 3, 4 or 5 cards
  std::vector<Card> dead;        // cards out of the deck, seen by nobody
  Game game = Game::holdem;      // its deck and ranking

  CardSet used_cards() const;  // hands, board and dead cards together, and the cards the game leaves out
};

// Throws InputError unless the deal has 2..10 players, a board of 0, 3, 4 or 5 cards, no card
// twice anywhere and every card in the game's deck.
void validate(const Deal& deal);

struct PlayerCounts {
  std::uint64_t wins = 0;    // boards on which this player alone has the best hand
  std::uint64_t ties = 0;    // boards on which the best hand is shared with at least one other
  std::uint64_t losses = 0;  // boards on which another player has a better hand
  std::uint64_t share = 0;   // pot won, in units of 1/kShareUnit of a board (a k-way tie: kShareUnit/k)

  friend bool operator==(const PlayerCounts&, const PlayerCounts&) = default;
};

struct EnumerationResult {
  std::uint64_t boards = 0;           // number of distinct boards walked
  std::vector<PlayerCounts> players;  // in the order of the deal's hands
  // Per side pot asked for (SidePots): each player's share of it, in units of 1/kShareUnit
  // of a board (0 for the players not in it).
  std::vector<std::array<std::uint64_t, kMaxPlayers>> side_share;

  // Fraction of the pot player p wins on average: share / (kShareUnit * boards).
  double equity(std::size_t p) const;
  friend bool operator==(const EnumerationResult&, const EnumerationResult&) = default;
};

// Exact counts by grouping boards (see above), with the side pots' shares when asked. Validates
// the deal and the side pots. Single-threaded: a deal takes well under a millisecond, so callers
// parallelise over deals.
EnumerationResult enumerate(const Deal& deal, const SidePots& side_pots = {});

// Exact counts by evaluating every board with the fast evaluator, in parallel over the first board
// card with oneTBB (the counts do not depend on the number of threads). Validates the deal.
EnumerationResult walk_boards(const Deal& deal, const SidePots& side_pots = {});

// Number of ways to choose k of n (n <= 64).
std::uint64_t choose(int n, int k);

}  // namespace equity
