#pragma once
// The classic poker problems on our evaluator: Project Euler 54 (who wins each of many 5-card
// showdowns) and UVa 131 "The Psychic Poker Player" (the best hand reachable by one draw when the
// top of the deck is known). Both read one problem per line; the commands `equity duel` and
// `equity psychic` are thin wrappers around these functions.
#include <array>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/evaluator.hpp"
#include "equity/showdown.hpp"

namespace equity {

// A card as the classic problems write it: rank, then upper-case suit ("TH", "2S").
std::string classic_card(Card card);
// Cards in that style, separated by single spaces.
std::string classic_cards(std::span<const Card> cards);

// The longest line for_each_line() accepts, in bytes (without the line ending).
inline constexpr std::size_t kMaxLineBytes = 4096;

// Calls on_line(line, where) for every non-blank line of `in`, without its line ending (Windows
// line endings accepted). `where` is "SOURCE line N", for messages: parsers take it so that an
// InputError names the line. A line longer than kMaxLineBytes is an InputError naming it (memory
// stays bounded whatever the input, /dev/zero included).
void for_each_line(std::istream& in, std::string_view source,
                   const std::function<void(std::string_view line, const std::string& where)>& on_line);

// ---- Project Euler 54: one showdown of two 5-card hands per line.

struct DuelHands {
  std::array<Card, 5> player1{};
  std::array<Card, 5> player2{};
};

// Ten distinct cards: the first five are player 1's, the last five player 2's.
DuelHands parse_duel_line(std::string_view line, std::string_view where = "line");

struct DuelTally {
  int player1 = 0;
  int player2 = 0;
  int ties = 0;
  void add(Outcome outcome_for_player1);
  int hands() const { return player1 + player2 + ties; }
};

// Plays every line of `in` (see parse_duel_line).
DuelTally tally_duels(std::istream& in, std::string_view source);

// ---- UVa 131: five cards in hand, then the top five cards of the deck.

struct PsychicDeal {
  std::array<Card, 5> hand{};
  std::array<Card, 5> deck{};  // top first
};

// Ten distinct cards: the hand, then the deck from the top.
PsychicDeal parse_psychic_line(std::string_view line, std::string_view where = "line");

struct PsychicPlay {
  unsigned discard_mask = 0;         // bit i set: hand card i is discarded
  std::array<Card, 5> final_hand{};  // the kept cards in hand order, then the cards drawn
  HandRank rank = 0;
  int discards() const;
};

// The best of the 32 ways to discard: the highest hand; among equal hands, the fewest discards.
// Discarded cards are replaced from the top of the deck, in order.
PsychicPlay best_draw(const PsychicDeal& deal);

// The judge's category names: "straight-flush", "four-of-a-kind", ..., "two-pairs", "one-pair",
// "highest-card".
std::string_view uva_category_name(Category category);

// "Hand: TH JH QC QD QS Deck: QH KH AH 2S 6S Best hand: straight-flush" (no line ending).
std::string psychic_judge_line(const PsychicDeal& deal, const PsychicPlay& play);

}  // namespace equity
