#include "equity/game_range.hpp"

#include <string>

#include "equity/error.hpp"
#include "equity/hand_class.hpp"
#include "equity/hand_order.hpp"
#include "equity/quote.hpp"

namespace equity {
namespace {

std::string deck_words(Game game) {
  const GameRules& rules = game_rules(game);
  return "the deck of " + std::string(rules.title) + " (" +
         std::string(1, kRankChars[static_cast<std::size_t>(rules.lowest_rank)]) + " to A)";
}

}  // namespace

void check_in_deck(const Range& range, Game game, std::string_view what) {
  const CardSet out = out_of_deck(game);
  if (out.empty() || range == Range::all()) return;
  for (const auto& c : range.combos())
    if (out.contains(c.cards[0]) || out.contains(c.cards[1]))
      throw InputError(std::string(what) + ": " + class_of({c.cards[0], c.cards[1]}).name() + " is not in " +
                       deck_words(game));
}

void check_cards_in_deck(CardSet cards, Game game) {
  for (int id = 0; id < kCards; ++id)
    if (const Card c(id); cards.contains(c) && !game_rules(game).in_deck(c))
      throw InputError("card " + c.str() + " is not in " + deck_words(game));
}

int grid_size(Game game) { return kRanks - game_rules(game).lowest_rank; }

GameRange GameRange::parse(std::string_view text, Game game, std::string_view what,
                           std::vector<std::string>* warnings) {
  const GameRules& rules = game_rules(game);
  if (!rules.ranges())
    throw InputError(std::string(what) + ": " + std::string(rules.name) + " has no ranges; a hand is written as " +
                     std::string(rules.hand_syntax));
  GameRange r;
  r.game_ = game;
  if (rules.range_grammar == RangeGrammar::patterns) {
    r.patterns_ = OmahaRange::parse(text, rules.hole_cards, what, warnings);
  } else {
    r.classes_ = Range::parse(text, what, warnings, default_hand_order(game));
    check_in_deck(r.classes_, game, what);
  }
  return r;
}

RangeSize GameRange::size(CardSet removed) const {
  if (patterns_) {
    const OmahaRangeSize size = patterns_->size(removed);
    return {size.hands, size.weighted};
  }
  RangeSize out;
  const CardSet out_of_play = removed | out_of_deck(game_);  // as hands() leaves them out
  classes_.for_each_combo([&](int index, double weight) {
    const auto cards = combo_cards(index);
    if (out_of_play.contains(cards[0]) || out_of_play.contains(cards[1])) return;
    ++out.hands;
    out.weight += weight;
  });
  return out;
}

std::vector<RangeHand> GameRange::hands(CardSet removed, std::string_view what) const {
  std::vector<RangeHand> out;
  if (patterns_) {
    for (const OmahaCombo& c : patterns_->combos(removed, kOmahaComboLimit, what))
      out.push_back({c.cards, c.cards.str(), c.weight});
    return out;
  }
  for (const WeightedCombo& c : classes_.combos(removed | out_of_deck(game_))) {
    const CardSet cards(c.cards[0].bit() | c.cards[1].bit());
    out.push_back({cards, cards.str(), c.weight});
  }
  return out;
}

CardSet GameRange::hand(std::string_view text, std::string_view what) const {
  const int hole = game_rules(game_).hole_cards;
  const auto cards = parse_cards(text, what);
  CardSet hand;
  for (Card c : cards) hand.insert(c);
  if (static_cast<int>(cards.size()) != hole || hand.size() != hole)
    throw InputError(std::string(what) + ": " + quote_input(text) + " is not " + std::to_string(hole) +
                     " distinct cards, a hand of " + std::string(game_rules(game_).title));
  return hand;
}

double GameRange::weight(CardSet hand) const {
  if (hand.intersects(out_of_deck(game_))) return 0;
  if (patterns_) return patterns_->weight(hand);
  if (hand.size() != 2) return 0;
  const std::vector<Card> cards = hand.cards();
  return classes_.weight(combo_index(cards[0], cards[1]));
}

bool GameRange::weighted() const {
  if (!patterns_) return classes_.weighted();
  const OmahaRangeSize size = patterns_->size();  // weights in (0, 1]: all 1 exactly when they add up
  return size.weighted != static_cast<double>(size.hands);
}

}  // namespace equity
