#pragma once
// Every way some players hold their hands together, no card twice (pot.cpp's side pots over a range
// left out, runouts.cpp's runs over ranges): each player's hands as card sets, Hold'em's and short
// deck's combos or Omaha's hands, walked one assignment at a time. Private to the library.
#include <cstdint>
#include <optional>
#include <vector>

#include "api/question.hpp"
#include "equity/cards.hpp"

namespace equity::detail {

// The hands of some players, each a card set, and whether any hand's weight is not 1.
struct PlayerHands {
  std::vector<std::vector<CardSet>> hands;
  std::vector<std::vector<double>> weights;  // each hand's, in (0, 1]
  bool weighted = false;
};

// The hands of the players `who` of the question, as its game's engine lists them (engine.hpp):
// Hold'em's combos (random's every one), Omaha's hands (random's are not listed: none).
PlayerHands player_hands(const PlannedQuestion& s, const std::vector<std::size_t>& who);

// Every way the players hold their hands together (no card twice with each other or with
// `known`): f(each), the players' cards in their order; f returns false to stop. Returns false when
// stopped.
template <class F>
bool each_assignment(const PlayerHands& players, F&& f, CardSet known = CardSet()) {
  std::vector<CardSet> each(players.hands.size());
  const auto visit = [&](const auto& self, std::size_t i, CardSet used) -> bool {
    if (i == players.hands.size()) return f(static_cast<const std::vector<CardSet>&>(each));
    for (const CardSet mine : players.hands[i]) {
      if (!(used & mine).empty()) continue;
      each[i] = mine;
      if (!self(self, i + 1, used | mine)) return false;
    }
    return true;
  };
  return visit(visit, 0, known);
}

// How many ways each_assignment() visits, counted up to `limit` (then limit + 1).
inline std::uint64_t count_assignments(const PlayerHands& players, std::uint64_t limit, CardSet known = CardSet()) {
  std::uint64_t n = 0;
  each_assignment(
      players, [&](const std::vector<CardSet>&) { return ++n <= limit; }, known);
  return n;
}

}  // namespace equity::detail
