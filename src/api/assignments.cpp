#include "api/assignments.hpp"

#include <stdexcept>

#include "api/engine.hpp"

namespace equity::detail {

PlayerHands player_hands(const PlannedQuestion& s, const std::vector<std::size_t>& who) {
  const Engine& engine = engine_of(s.question.game);
  if (!engine.hands) throw std::logic_error("player_hands: the game's hands are not listed as card sets");
  return engine.hands(s, who);
}

PlayerHands holdem_hands(const PlannedQuestion& s, const std::vector<std::size_t>& who) {
  PlayerHands out;
  std::optional<PreparedDeal> prepared;
  const PreparedDeal& deal = s.prep ? *s.prep : prepared.emplace(prepare(s.parsed.deal));
  out.weighted = deal.weighted;
  for (std::size_t p : who) {
    auto& mine = out.hands.emplace_back();
    auto& weights = out.weights.emplace_back();
    for (const WeightedCombo& c : deal.combos[p]) {
      mine.push_back(CardSet(c.cards[0].bit() | c.cards[1].bit()));
      weights.push_back(c.weight);
    }
  }
  return out;
}

PlayerHands omaha_hands(const PlannedQuestion& s, const std::vector<std::size_t>& who) {
  PlayerHands out;
  out.weighted = s.omaha->weighted;
  for (std::size_t p : who) {
    auto& mine = out.hands.emplace_back();
    auto& weights = out.weights.emplace_back();
    for (const OmahaCombo& c : s.omaha->combos[p]) mine.push_back(c.cards), weights.push_back(c.weight);
  }
  return out;
}

}  // namespace equity::detail
