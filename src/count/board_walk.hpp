#pragma once
// Every board that completes a deal, evaluated one by one: the walk behind walk_boards() and behind
// the exact category counts of range_equity.cpp, under a game's ranking (ranking.hpp).
#include <array>
#include <cstddef>
#include <vector>

#include "equity/cards.hpp"
#include "equity/enumeration.hpp"
#include "equity/evaluator.hpp"

namespace equity::detail {

template <class Ranking>
class BoardWalk {
 public:
  BoardWalk(const Deal& deal, Ranking ranking)
      : ranking_(ranking),
        players_(static_cast<int>(deal.hands.size())),
        cards_to_come_(5 - static_cast<int>(deal.board.size())),
        deck_((CardSet::full() - deal.used_cards()).cards()) {
    for (int p = 0; p < players_; ++p)
      known_[static_cast<std::size_t>(p)] = Hand(deal.hands[static_cast<std::size_t>(p)]) + Hand(deal.board);
  }

  int players() const { return players_; }
  int cards_to_come() const { return cards_to_come_; }
  int deck_size() const { return static_cast<int>(deck_.size()); }

  // Calls on_board(values), values[p] the rank of player p's best hand, for every completion of
  // the board whose lowest card is the deck's card number `first` (0 <= first < deck_size()), or
  // for every completion when first < 0. Splitting on `first` lets callers walk in parallel.
  template <class OnBoard>
  void visit(int first, OnBoard&& on_board) const {
    if (first < 0)
      walk(0, cards_to_come_, Hand(), on_board);
    else
      walk(first + 1, cards_to_come_ - 1, card(first), on_board);
  }

 private:
  Hand card(int i) const { return kCardHands[static_cast<std::size_t>(deck_[static_cast<std::size_t>(i)].id())]; }

  template <class OnBoard>
  void walk(int next, int left, Hand dealt, OnBoard& on_board) const {
    if (left == 0) {
      std::array<HandRank, kMaxPlayers> value{};
      for (int p = 0; p < players_; ++p)
        value[static_cast<std::size_t>(p)] = ranking_(known_[static_cast<std::size_t>(p)] + dealt);
      on_board(value);
      return;
    }
    for (int i = next; i <= deck_size() - left; ++i) walk(i + 1, left - 1, dealt + card(i), on_board);
  }

  Ranking ranking_;
  int players_ = 0;
  int cards_to_come_ = 0;
  std::vector<Card> deck_;
  std::array<Hand, kMaxPlayers> known_{};  // each player's hole cards and the known board
};

}  // namespace equity::detail
