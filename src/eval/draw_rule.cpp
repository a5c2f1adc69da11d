// The drawing rule of the draw games' Monte Carlo (draw_rule.hpp).
#include "equity/draw_rule.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <span>

#include "equity/draw_evaluator.hpp"
#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {
namespace {

// A hand's cards without allocating (the rule runs in the sampler's loop): at most five.
struct Cards {
  std::array<Card, 5> card{};
  std::size_t size = 0;
  explicit Cards(CardSet set) {
    for (std::uint64_t bits = set.bits(); bits != 0 && size < card.size(); bits &= bits - 1) {
      const int at = std::countr_zero(bits);  // 16 * suit + rank
      card[size++] = Card(at & 15, at >> 4);
    }
  }
  std::span<const Card> all() const { return {card.data(), size}; }
};

bool ace_low(DrawRuleKind kind) { return kind != DrawRuleKind::deuce_seven; }

// A card's rank in the rule's order.
int order_of(DrawRuleKind kind, int rank) { return ace_low(kind) ? (rank + 1) % kRanks : rank; }

// The rank character of a position in the rule's order.
char rank_char(DrawRuleKind kind, int order) {
  const int rank = ace_low(kind) ? (order + kRanks - 1) % kRanks : order;
  return kRankChars[static_cast<std::size_t>(rank)];
}

int read_threshold(DrawRuleKind kind, std::string_view text, int fallback, const char* what) {
  if (text.empty()) return fallback;
  std::size_t pos = 0;
  const int rank = read_rank(text, pos);
  if (rank < 0 || pos != text.size())
    throw InputError(std::string(what) + ": " + quote_input(text) + " is not a rank (2 to 9, T, J, Q, K, A)");
  return order_of(kind, rank);
}

// One card of each rank, lowest first in the rule's order, at most `keep`; without the highest
// when every card would be kept (a hand that does not stand pat draws at least one).
CardSet keep_lowest(DrawRuleKind kind, std::span<const Card> cards, int keep) {
  std::array<int, kRanks> by_order{};
  by_order.fill(-1);
  for (Card c : cards) {
    const int o = order_of(kind, c.rank());
    if (by_order[static_cast<std::size_t>(o)] < 0) by_order[static_cast<std::size_t>(o)] = c.id();
  }
  CardSet kept;
  int highest = -1;
  for (int o = 0; o <= keep && o < kRanks; ++o)
    if (by_order[static_cast<std::size_t>(o)] >= 0)
      kept.insert(Card(by_order[static_cast<std::size_t>(o)])), highest = o;
  if (kept.size() == static_cast<int>(cards.size())) kept.erase(Card(by_order[static_cast<std::size_t>(highest)]));
  return kept;
}

CardSet lowball_keep(const DrawRule& rule, CardSet hand) {
  const Cards held(hand);
  const std::span<const Card> cards = held.all();
  unsigned ranks = 0;
  int top = 0;
  for (Card c : cards) {
    const int o = order_of(rule.kind, c.rank());
    ranks |= 1u << o;
    top = std::max(top, o);
  }
  const bool no_pair = std::popcount(ranks) == static_cast<int>(cards.size()) && cards.size() == 5;
  const bool made = no_pair && (rule.kind == DrawRuleKind::ace_five ||
                                deuce_seven_category(deuce_seven_value(hand)) == Category::HighCard);
  if (made && top <= rule.pat) return hand;
  return keep_lowest(rule.kind, cards, rule.keep);
}

CardSet badugi_keep(const DrawRule& rule, CardSet hand) {
  const Cards held(hand);
  const std::span<const Card> cards = held.all();
  const BadugiCards best = badugi_best(cards);
  int top = 0;
  for (int i = 0; i < best.size; ++i)
    top = std::max(top, order_of(rule.kind, best.cards[static_cast<std::size_t>(i)].rank()));
  if (best.size == static_cast<int>(cards.size()) && top <= rule.pat) return hand;
  const std::span<const Card> badugi(best.cards.data(), static_cast<std::size_t>(best.size));
  CardSet kept;
  for (Card c : badugi)
    if (order_of(rule.kind, c.rank()) <= rule.keep) kept.insert(c);
  if (kept.size() == static_cast<int>(cards.size())) return keep_lowest(rule.kind, badugi, rule.keep);
  return kept;
}

// A card's place in the rule's preference: lower is kept first.
int preference(const DrawRule& rule, Card c, bool first_of_rank, bool in_badugi) {
  const int order = order_of(rule.kind, c.rank());
  if (rule.kind == DrawRuleKind::badugi) return (in_badugi ? 0 : 64) + order;
  return (first_of_rank ? 0 : 64) + order;
}

}  // namespace

CardSet draw_keep_count(const DrawRule& rule, CardSet hand, int count) {
  const Cards held(hand);
  CardSet badugi;
  if (rule.kind == DrawRuleKind::badugi) {
    const BadugiCards best = badugi_best(held.all());
    for (int i = 0; i < best.size; ++i) badugi.insert(best.cards[static_cast<std::size_t>(i)]);
  }
  std::array<std::pair<int, Card>, 5> ranked{};
  unsigned seen = 0;  // ranks whose first card is placed (the cards in bit order: by suit, then rank)
  for (std::size_t i = 0; i < held.size; ++i) {
    const Card c = held.card[i];
    const bool first = (seen >> c.rank() & 1u) == 0;
    seen |= 1u << c.rank();
    ranked[i] = {preference(rule, c, first, badugi.contains(c)), c};
  }
  std::sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(held.size),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  CardSet kept;
  for (int i = 0; i < count && i < static_cast<int>(held.size); ++i)
    kept.insert(ranked[static_cast<std::size_t>(i)].second);
  return kept;
}

DrawRule draw_rule(Game game, std::string_view pat, std::string_view keep) {
  const GameRules& rules = game_rules(game);
  DrawRule rule;
  if (rules.draws <= 1) return rule;
  const PotRanking low = rules.split ? rules.split_ranking : rules.ranking;
  rule.kind = low == PotRanking::badugi               ? DrawRuleKind::badugi
              : low == PotRanking::deuce_to_seven_low ? DrawRuleKind::deuce_seven
                                                      : DrawRuleKind::ace_five;
  const int nine = order_of(rule.kind, 7), eight = order_of(rule.kind, 6), ten = order_of(rule.kind, 8);
  rule.pat = read_threshold(rule.kind, pat, rule.kind == DrawRuleKind::badugi ? ten : nine, "pat");
  rule.keep = read_threshold(rule.kind, keep, eight, "keep");
  return rule;
}

std::string describe(const DrawRule& rule) {
  if (rule.kind == DrawRuleKind::none) return "";
  const std::string pat(1, rank_char(rule.kind, rule.pat)), keep(1, rank_char(rule.kind, rule.keep));
  const std::string a = pat == "8" || pat == "A" ? "an " : "a ";
  if (rule.kind == DrawRuleKind::badugi)
    return "stand pat on " + a + pat + "-high badugi or better, else keep the best badugi's cards " + keep +
           " or below (aces low)";
  return "stand pat on " + a + pat + "-high made hand or better, else keep one card of each rank " + keep +
         " or below" + (rule.kind == DrawRuleKind::ace_five ? " (aces low)" : " (aces high)");
}

CardSet draw_keep(const DrawRule& rule, CardSet hand) {
  switch (rule.kind) {
    case DrawRuleKind::none:
      return hand;
    case DrawRuleKind::badugi:
      return badugi_keep(rule, hand);
    case DrawRuleKind::deuce_seven:
    case DrawRuleKind::ace_five:
      break;
  }
  return lowball_keep(rule, hand);
}

}  // namespace equity
