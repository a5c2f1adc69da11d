#include "equity/omaha_range.hpp"

#include <string>

#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {

// A first reader: one specific hand, or random (every hand); the grammar of docs/ranges-omaha.md
// replaces it.
OmahaRange OmahaRange::parse(std::string_view text, int hole_cards, std::string_view what,
                             std::vector<std::string>* /*warnings*/) {
  OmahaRange range;
  range.hole_cards_ = hole_cards;
  if (text == "random" || text == "*") return range;
  const std::vector<Card> cards = parse_cards(text, what);
  if (static_cast<int>(cards.size()) != hole_cards)
    throw InputError(std::string(what) + ": " + quote_input(text) + " has " + std::to_string(cards.size()) +
                     " cards; a hand here has " + std::to_string(hole_cards));
  CardSet hand;
  for (Card c : cards) hand.insert(c);
  range.hand_ = hand;
  return range;
}

OmahaRange OmahaRange::all(int hole_cards) {
  OmahaRange range;
  range.hole_cards_ = hole_cards;
  return range;
}

double OmahaRange::weight(CardSet hand) const {
  if (hand.size() != hole_cards_) return 0;
  return !hand_ || *hand_ == hand ? 1.0 : 0.0;
}

std::string OmahaRange::str() const { return hand_ ? hand_->str() : "random"; }

std::vector<OmahaCombo> OmahaRange::combos(CardSet removed, std::size_t limit, std::string_view what) const {
  if (hand_) {
    if (hand_->intersects(removed)) return {};
    return {OmahaCombo{*hand_, 1.0}};
  }
  const std::vector<Card> deck = (CardSet::full() - removed).cards();
  const int n = static_cast<int>(deck.size()), k = hole_cards_;
  std::vector<OmahaCombo> out;
  std::vector<int> pick(static_cast<std::size_t>(k));
  if (k > n) return out;
  for (int i = 0; i < k; ++i) pick[static_cast<std::size_t>(i)] = i;
  while (true) {
    if (out.size() == limit)
      throw InputError(std::string(what) + ": the range holds more than " + std::to_string(limit) +
                       " hands; ask for Monte Carlo");
    CardSet hand;
    for (int i : pick) hand.insert(deck[static_cast<std::size_t>(i)]);
    out.push_back({hand, 1.0});
    int i = k - 1;
    while (i >= 0 && pick[static_cast<std::size_t>(i)] == n - k + i) --i;
    if (i < 0) break;
    ++pick[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < k; ++j) pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
  }
  return out;
}

}  // namespace equity
