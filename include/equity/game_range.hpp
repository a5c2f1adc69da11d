#pragma once
// Ranges in a game's deck, for the front ends that read a range alone (`equity range`, the server's
// /api/range, Python's Range): a game with a smaller deck (short deck) holds no class outside it,
// and "random" is every combo of its deck. GameRange is one range of any game with ranges, read in
// the game's grammar (the two-card games' classes, the Omaha games' patterns): its size, its hands
// and their weights are one call each, whatever the game.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/game.hpp"
#include "equity/omaha_range.hpp"
#include "equity/range.hpp"

namespace equity {

// Throws InputError "<what>: 22 is not in the deck of Short deck (6+) Hold'em (6 to A)" naming the
// first class of `range` with a card outside the game's deck; "random" (Range::all()) passes.
void check_in_deck(const Range& range, Game game, std::string_view what = "range");

// Throws InputError "card 2c is not in the deck of ..." for the first of `cards` outside the deck.
void check_cards_in_deck(CardSet cards, Game game);

// The side of the game's class grid: 13 in Hold'em, 9 (A to 6) in short deck.
int grid_size(Game game);

// One hand of a range: its cards, as the range lists them, and its weight.
struct RangeHand {
  CardSet cards;      // the game's hole cards
  std::string text;   // its cards in deck order (CardSet::str()): "AsKs", "AsKsQhJh"
  double weight = 1;  // in (0, 1]
};

// How many hands a range holds once some cards are out, and their weights summed.
struct RangeSize {
  std::uint64_t hands = 0;
  double weight = 0;
};

class GameRange {
 public:
  GameRange() = default;  // random, in Hold'em

  // Reads `text` in the game's range grammar (docs/ranges.md, docs/ranges-omaha.md; percentages in
  // the game's own ordering). Throws InputError naming `what` and the bad token, a class outside
  // the game's deck, or a game without ranges (stud, the draw games).
  static GameRange parse(std::string_view text, Game game, std::string_view what = "range",
                         std::vector<std::string>* warnings = nullptr);

  Game game() const { return game_; }
  // The canonical form: parse(str(), game()) holds the same hands and weights.
  std::string str() const { return patterns_ ? patterns_->str() : classes_.str(); }
  // Its hands without a card of `removed` (nor one outside the deck), counted without listing them.
  RangeSize size(CardSet removed = CardSet()) const;
  // Those hands: two-card combos in the combo order, the Omaha games' hands in increasing order of
  // their card masks. Throws InputError naming `what` past kOmahaComboLimit hands (PLO6's random).
  std::vector<RangeHand> hands(CardSet removed = CardSet(), std::string_view what = "range") const;
  // Reads one hand of the game's hole cards ("AsKs", "AsKsQhJh"), named `what` in messages; throws
  // InputError when it is not that many distinct cards.
  CardSet hand(std::string_view text, std::string_view what) const;
  // A hand's weight: 0 when the range does not hold it or a card is outside the game's deck.
  double weight(CardSet hand) const;
  bool specific() const { return patterns_ ? patterns_->specific() : classes_.specific(); }  // one hand, weight 1
  bool weighted() const;  // some hand has a weight other than 1
  // The two-card games' range of classes (for their class grid); nullptr in the games of patterns.
  const Range* classes() const { return patterns_ ? nullptr : &classes_; }

  friend bool operator==(const GameRange& a, const GameRange& b) {
    return a.game_ == b.game_ && (a.patterns_ ? a.str() == b.str() : a.classes_ == b.classes_);
  }

 private:
  Game game_ = kDefaultGame;
  Range classes_ = Range::all();        // the games of two hole cards
  std::optional<OmahaRange> patterns_;  // the Omaha games: their hands (classes_ is then unused)
};

}  // namespace equity
