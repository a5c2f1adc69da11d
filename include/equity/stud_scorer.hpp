#pragma once
// The scorers of the games of a player's own cards (no board): the stud family's 5, 6 or 7 cards,
// and the draw games' final five (badugi's four), to one value per pot part, each bigger-is-better,
// equal values splitting the part. The draw games' counts are the stud counts' (stud_equity.hpp):
// a player's cards to come are his draws.
//
// One compile-time interface, so that the counting loops are instantiated per game and call no
// virtual function:
//   Scorer::kParts           1, or 2 for Hi/Lo (part 0 the high half, part 1 the low half)
//   Scorer::kValues[part]    a part's values are 0 .. kValues[part] - 1
//   Scorer::kQualifier[part] value 0 means no hand for the part (the 8-or-better low's kNoLow):
//                            when no player has one, the other part takes the whole pot
//   Scorer::Score            std::array<std::uint16_t, kParts>
//   Scorer::score(Hand)      the score of the hand's cards. A Hand (evaluator.hpp) is additive: a
//                            player's known cards are summed once (the prepared part) and each
//                            completion adds its cards.
//   Scorer::category(Score)  the hand's category for the counts by category: a Category of the
//                            high (0..8), razz a LowCategory (0 no pair .. 5 quads)
// Stud: the best high of five of the cards (evaluate()). Razz: the best A-5 low (razz_value()).
// Stud Hi/Lo: the high, and the best 8-or-better low or none (eight_or_better()). Five-card draw is
// stud's scorer and A-5 triple draw razz's, on five cards. 2-7: deuce_seven_value(); badugi:
// badugi_value(); badeucy and badacey: the best badugi of the five, and their 2-7 value plus
// one, so that no value is 0 and the second half always has a winner (draw_evaluator.hpp).
#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/draw_evaluator.hpp"
#include "equity/evaluator.hpp"
#include "equity/low_evaluator.hpp"

namespace equity {

// The scorers (not the games: five-card draw is scored as stud, A-5 triple draw as razz).
enum class StudGame : std::uint8_t { stud, stud_hilo, razz, deuce_seven, badugi, badeucy, badacey };

// How many parts the scorer's pot has: 2 for stud Hi/Lo, badeucy and badacey, else 1.
constexpr int stud_game_parts(StudGame game) {
  return game == StudGame::stud_hilo || game == StudGame::badeucy || game == StudGame::badacey ? 2 : 1;
}

// Whether the heads-up sweep (stud_equity.hpp) counts the scorer's pot: one part, or a high and an
// 8-or-better low (its scoops keep a row of the low's 57 values for each set of cards). Badeucy's
// and badacey's second half has thousands of values: they are walked.
constexpr bool stud_sweep_takes(StudGame game) { return game != StudGame::badeucy && game != StudGame::badacey; }

// "stud", "stud-hilo", "razz", "2-7", "badugi", "badeucy", "badacey".
std::string_view stud_game_name(StudGame game);

struct StudHighScorer {
  static constexpr int kParts = 1;
  static constexpr std::array<int, kParts> kValues = {kHandRanks};
  static constexpr std::array<bool, kParts> kQualifier = {false};
  using Score = std::array<std::uint16_t, kParts>;
  EQUITY_ALWAYS_INLINE static Score score(Hand cards) { return {evaluate(cards)}; }
  static int category(Score s) { return static_cast<int>(category_of(s[0])); }
};

struct RazzScorer {
  static constexpr int kParts = 1;
  static constexpr std::array<int, kParts> kValues = {kRazzRanks};
  static constexpr std::array<bool, kParts> kQualifier = {false};
  using Score = std::array<std::uint16_t, kParts>;
  EQUITY_ALWAYS_INLINE static Score score(Hand cards) { return {razz_value(cards.cards())}; }
  static int category(Score s) { return static_cast<int>(razz_category(s[0])); }
};

struct StudHiLoScorer {
  static constexpr int kParts = 2;
  static constexpr std::array<int, kParts> kValues = {kHandRanks, kLowRanks};
  static constexpr std::array<bool, kParts> kQualifier = {false, true};
  using Score = std::array<std::uint16_t, kParts>;
  EQUITY_ALWAYS_INLINE static Score score(Hand cards) { return {evaluate(cards), eight_or_better(cards.cards())}; }
  static int category(Score s) { return static_cast<int>(category_of(s[0])); }
};

struct DeuceSevenScorer {
  static constexpr int kParts = 1;
  static constexpr std::array<int, kParts> kValues = {kDeuceSevenRanks};
  static constexpr std::array<bool, kParts> kQualifier = {false};
  using Score = std::array<std::uint16_t, kParts>;
  EQUITY_ALWAYS_INLINE static Score score(Hand cards) { return {deuce_seven_value(cards)}; }
  static int category(Score s) { return static_cast<int>(deuce_seven_category(s[0])); }
};

struct BadugiScorer {
  static constexpr int kParts = 1;
  static constexpr std::array<int, kParts> kValues = {kBadugiRanks};
  static constexpr std::array<bool, kParts> kQualifier = {false};
  using Score = std::array<std::uint16_t, kParts>;
  EQUITY_ALWAYS_INLINE static Score score(Hand cards) { return {badugi_value(cards.cards())}; }
  static int category(Score s) { return static_cast<int>(badugi_category(s[0])); }
};

// Badugi and a low of five cards, the pot split between them; the low's value plus one.
template <class Low>
struct BadugiSplitScorer {
  static constexpr int kParts = 2;
  static constexpr std::array<int, kParts> kValues = {kBadugiRanks, Low::kValues[0] + 1};
  static constexpr std::array<bool, kParts> kQualifier = {false, false};
  using Score = std::array<std::uint16_t, kParts>;
  EQUITY_ALWAYS_INLINE static Score score(Hand cards) {
    return {badugi_value_five(cards.cards()), static_cast<std::uint16_t>(Low::score(cards)[0] + 1)};
  }
  static int category(Score s) { return static_cast<int>(badugi_category(s[0])); }
};
using BadeucyScorer = BadugiSplitScorer<DeuceSevenScorer>;
using BadaceyScorer = BadugiSplitScorer<RazzScorer>;

// f(Scorer{}) with the game's scorer: the one switch from a game chosen at run time to the loops
// compiled for it.
template <class F>
decltype(auto) with_stud_scorer(StudGame game, F&& f) {
  switch (game) {
    case StudGame::stud_hilo:
      return f(StudHiLoScorer{});
    case StudGame::razz:
      return f(RazzScorer{});
    case StudGame::deuce_seven:
      return f(DeuceSevenScorer{});
    case StudGame::badugi:
      return f(BadugiScorer{});
    case StudGame::badeucy:
      return f(BadeucyScorer{});
    case StudGame::badacey:
      return f(BadaceyScorer{});
    case StudGame::stud:
      break;
  }
  return f(StudHighScorer{});
}

// A player's values of 5, 6 or 7 distinct cards under the game, one per part (the low part of stud
// Hi/Lo kNoLow when none qualifies; games of one part leave low at 0). Throws InputError.
struct StudValue {
  std::uint16_t high = 0;  // stud and stud Hi/Lo: a HandRank; razz: a RazzRank
  LowRank low = kNoLow;    // stud Hi/Lo only
  friend bool operator==(const StudValue&, const StudValue&) = default;
};
StudValue stud_value(StudGame game, std::span<const Card> cards);

}  // namespace equity
