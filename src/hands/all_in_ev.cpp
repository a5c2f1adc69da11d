// A hand's all-in as a question for calculate(), and its answer as each player's chips expected.
#include "equity/all_in_ev.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace equity {
namespace {

// The cards a player held at the all-in: the board games' hole cards; the stud games' first cards
// dealt (three on third street, one more a street).
std::size_t cards_at(const HandHistory& hand, int street) {
  const auto& rules = game_rules(hand.game);
  return has_board(hand.game) ? static_cast<std::size_t>(rules.hole_cards) : static_cast<std::size_t>(3 + street);
}

std::string cards_text(const std::vector<Card>& cards, std::size_t n) {
  return to_string(std::vector<Card>(cards.begin(), cards.begin() + static_cast<std::ptrdiff_t>(n)));
}

// The cards seen out of play at the all-in: the up cards of the players who folded (stud); the
// hero's discards up to the next draw (the draw games: never drawn again).
std::string dead_cards(const HandHistory& hand) {
  std::vector<Card> dead;
  for (const auto& p : hand.players) {
    if (p.folded) dead.insert(dead.end(), p.up.begin(), p.up.end());
    const std::size_t last = std::min(p.held.size(), static_cast<std::size_t>(hand.last_action_street) + 2);
    for (std::size_t k = 1; k < last; ++k)
      for (Card c : p.held[k - 1])
        if (std::find(p.held[k].begin(), p.held[k].end(), c) == p.held[k].end()) dead.push_back(c);
  }
  return to_string(dead);
}

// The draw games: a player's hand at the all-in as the question writes it, the cards he held and
// how many he drew at the next draw ("7s3c8d5h/1"), his cards when he stood pat; or why it is not
// known. Another player's cards before a draw are never written, nor which of his shown cards he
// drew: his hand is known when he stood pat. Draws after the next are the players' choices, not
// luck: an all-in with more than one draw to come is one only when no one draws again.
struct DrawHand {
  std::string text;
  std::string why;  // "" when known
};

DrawHand draw_hand(const HandHistory& hand, const HandPlayer& p) {
  const auto next = static_cast<std::size_t>(hand.last_action_street);  // p.drawn[next]: the next draw
  if (p.drawn.size() <= next || p.drawn[next] < 0) return {"", "a draw not written"};
  const int n = p.drawn[next];
  const auto hole = static_cast<std::size_t>(game_rules(hand.game).hole_cards);
  if (p.held.size() > next + (n > 0 ? 1 : 0)) {  // the hero's: his cards before and after it
    const auto& before = p.held[next];
    if (before.size() != hole) return {"", "cards not shown"};  // a hand dealt after it, not before
    if (n == 0) return {to_string(before), ""};
    std::vector<Card> kept;
    for (Card c : before)
      if (std::find(p.held[next + 1].begin(), p.held[next + 1].end(), c) != p.held[next + 1].end()) kept.push_back(c);
    if (kept.size() + static_cast<std::size_t>(n) != before.size()) return {"", "a draw that does not add up"};
    return {to_string(kept) + "/" + std::to_string(n), ""};
  }
  if (n > 0) return {"", "cards drawn not shown"};
  if (p.cards.size() != hole) return {"", "cards not shown"};
  return {to_string(p.cards), ""};
}

// Why a draw game's all-in cannot be counted, or nothing.
std::optional<std::string> draw_unknown(const HandHistory& hand) {
  const auto live = hand.live();
  for (std::size_t p : live)
    if (auto h = draw_hand(hand, hand.players[p]); !h.why.empty()) return h.why;
  const int to_come = hand.streets - 1 - hand.last_action_street;
  if (to_come <= 1) return std::nullopt;
  const auto next = static_cast<std::size_t>(hand.last_action_street);
  for (std::size_t p : live) {
    const auto& drawn = hand.players[p].drawn;
    if (std::any_of(drawn.begin() + static_cast<std::ptrdiff_t>(std::min(next, drawn.size())), drawn.end(),
                    [](int n) { return n != 0; }))
      return std::to_string(to_come) + " draws to come, the later ones the players' choices";
  }
  return std::nullopt;
}

// A seed of the hand's site and number (64-bit FNV-1a, below 2^53 as seeds are).
std::uint64_t seed_of(const HandHistory& hand) {
  std::uint64_t h = 14695981039346656037ULL;
  for (char c : std::string(site_name(hand.site)) + "#" + hand.id)
    h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h & kMaxSeed;
}

}  // namespace

namespace {

// Why the hand is no all-in with cards to come, countable or not; nothing when it is one.
std::optional<std::string> no_all_in_to_come(const HandHistory& hand, const std::vector<std::size_t>& live) {
  if (live.size() < 2) return "no showdown";
  if (hand.last_action_street >= hand.streets - 1)
    return "the last bet on the " + std::string(street_name(hand.game, hand.streets - 1));
  if (std::none_of(live.begin(), live.end(), [&](std::size_t p) { return hand.players[p].all_in; }))
    return "nobody all in";
  return std::nullopt;
}

}  // namespace

bool all_in_with_cards_to_come(const HandHistory& hand) { return !no_all_in_to_come(hand, hand.live()); }

std::optional<std::string> not_an_all_in(const HandHistory& hand) {
  const auto live = hand.live();
  if (auto why = no_all_in_to_come(hand, live)) return why;
  const bool draws = game_rules(hand.game).draws > 0;
  for (std::size_t p : live) {
    if (!draws && hand.players[p].cards.size() < cards_at(hand, hand.last_action_street)) return "cards not shown";
    if (!(hand.players[p].put_in > 0)) return "a player in without chips in the pot";
  }
  if (draws)
    if (auto why = draw_unknown(hand)) return why;
  if (has_board(hand.game) && (hand.boards.empty() || hand.boards[0].size() != 5)) return "the board not dealt out";
  return std::nullopt;
}

Question all_in_question(const HandHistory& hand) {
  if (const auto why = not_an_all_in(hand)) throw std::invalid_argument("not an all-in: " + *why);
  Question q;
  q.game = hand.game;
  const std::size_t n = cards_at(hand, hand.last_action_street);
  const bool draws = game_rules(hand.game).draws > 0;
  for (std::size_t p : hand.live()) {
    q.players.push_back(draws ? draw_hand(hand, hand.players[p]).text : cards_text(hand.players[p].cards, n));
    q.stacks.push_back(hand.players[p].put_in);
  }
  // The folded players' chips in the pots they reached, the dead money in the main pot.
  for (const auto& p : hand.players)
    if (p.folded) q.folded.push_back(p.put_in);
  q.pot = hand.dead_money;
  q.board = to_string(hand.board_at_last_action);
  q.dead = dead_cards(hand);
  q.seed = seed_of(hand);
  return q;
}

namespace {

// Player i's (of the question's) share of each layer he is in, times its chips; his main pot
// share; the standard error (Monte Carlo), the layers counted apart.
void add_shares(AllInPlayer& player, std::size_t i, const PotAnswer& pot) {
  double variance = 0;
  for (std::size_t k = 0; k < pot.layers.size(); ++k) {
    const double chips = pot.layers[k].layer.chips;  // the folded players' and the dead money among them
    const auto& in = pot.layers[k].layer.players;
    const auto at = std::find(in.begin(), in.end(), i);
    if (at == in.end()) continue;
    const auto j = static_cast<std::size_t>(at - in.begin());
    if (k == 0) player.equity = pot.layers[k].equity[j];
    player.ev += chips * pot.layers[k].equity[j];
    if (!pot.layers[k].standard_error.empty()) variance += std::pow(chips * pot.layers[k].standard_error[j], 2);
  }
  player.ev_stderr = std::sqrt(variance);
}

}  // namespace

AllInEv all_in_ev(const HandHistory& hand, int threads) {
  Question q = all_in_question(hand);
  q.threads = threads;
  const Answer a = calculate(q);
  AllInEv out;
  out.street = hand.last_action_street;
  out.board = a.board;
  out.dead = a.dead;
  out.runs = std::max<int>(1, static_cast<int>(hand.boards.size()));
  out.pot = hand.chips_in() + hand.dead_money;
  out.folded = q.folded;
  out.dead_money = q.pot;
  out.rake = hand.rake;
  out.method = a.method;
  const double kept = out.pot > 0 ? (out.pot - out.rake) / out.pot : 0;  // the rake out, as the hand took it
  const auto live = hand.live();
  for (std::size_t i = 0; i < live.size(); ++i) {
    const auto& p = hand.players[live[i]];
    AllInPlayer player{live[i], p.name, q.players[i], p.put_in, 0, 0, 0, p.collected};
    add_shares(player, i, *a.pot);
    player.ev *= kept;
    player.ev_stderr *= kept;
    out.players.push_back(std::move(player));
  }
  return out;
}

}  // namespace equity
