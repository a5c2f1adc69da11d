#pragma once
// The expected value of a hand's all-in (docs/hands.md): when the last bet went in before the last
// card, with two players or more in and every one's cards shown, each player's chips expected back
// from the pot at that moment, counted by calculate(): the players' hands as they stood, the board
// as it was, the cards seen out of play (the stud games' folded up cards) dead, and the pot layered
// as it was dealt (the main pot and the side pots by the chips each put in; chips of players who
// folded in the layers they reached). A hand run more than once has the expectation of one run
// (runouts.hpp). The rake is taken from the expectation in the proportion the hand took it.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "equity/calculate.hpp"
#include "equity/hand_history.hpp"

namespace equity {

struct AllInPlayer {
  std::size_t player = 0;  // index in HandHistory::players
  std::string name;
  std::string cards;     // his cards at the all-in, as the question has them ("AsKd"; stud: in order dealt)
  double put_in = 0;     // chips he put in the pot
  double equity = 0;     // his share of the main pot (the pot every player in contends for) on average
  double ev = 0;         // chips expected back from the pot, the rake taken out
  double ev_stderr = 0;  // Monte Carlo: the standard error of ev (the layers counted apart); 0 exact
  double won = 0;        // chips collected
};

struct AllInEv {
  int street = 0;                    // the all-in's street (street_name())
  std::string board;                 // the community cards at the all-in
  std::string dead;                  // cards seen out of play
  int runs = 1;                      // boards run
  double pot = 0;                    // every chip put in the pot
  std::vector<double> folded;        // the chips of each player who folded (in the pots they reached)
  double dead_money = 0;             // chips in the pot no player put in as a bet (in the main pot)
  double rake = 0;                   // the rake and fees taken from it
  Method method = Method::exact;     // what counted it: table, exact or (where enumeration is too slow) Monte Carlo
  std::vector<AllInPlayer> players;  // the players in at the all-in, in seat order
};

// Whether the hand is an all-in with cards to come, its expectation countable or not: two players
// in or more, one of them all in, the last bet before the last street.
bool all_in_with_cards_to_come(const HandHistory& hand);

// Why the hand is not an all-in with cards to come ("no showdown", "all in on the river", "cards
// not shown"); nothing when it is one.
std::optional<std::string> not_an_all_in(const HandHistory& hand);

// The question all_in_ev() asks (the players in, their cards, the board, the dead cards, their
// chips in as the stacks, the folded players' chips as `folded` and the dead money as `pot`, so
// that the answer's pot is the hand's as it was dealt; Monte Carlo, where the planner samples,
// seeded by the site and hand number: the same hand gives the same answer every run). Throws
// std::invalid_argument when the hand is not an all-in.
Question all_in_question(const HandHistory& hand);

// Each player's expected value. `threads` as Question::threads. Throws std::invalid_argument when
// the hand is not an all-in, InputError when the engine cannot deal it (cards that conflict).
AllInEv all_in_ev(const HandHistory& hand, int threads = 1);

}  // namespace equity
