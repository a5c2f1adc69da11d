#pragma once
// The stud family's brute force for the tests: every five of a player's seven cards under the
// game's rules (reference_score() for the high, razz and 8-or-better lows written out here), every
// completion of every player, no card twice; the community card's too. And random deals.
#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "equity/stud_equity.hpp"
#include "eval/reference_evaluator.hpp"

namespace equity::test {

// ---- The brute force: every five of the seven cards, every completion of both players ----------

// A score per part, bigger is better; a low part's 0 is no low.
struct BruteScore {
  std::int64_t high = 0, low = 0;
  int category = 0;  // of the high (reference_score()'s), razz 0 no pair .. 5 quads
};

inline int ace_low(Card c) { return (c.rank() + 1) % kRanks; }

// Razz's five cards as a number, bigger is better: the category (0 no pair .. 5 quads) then the
// ranks in tie-break order (ace low), all inverted.
inline std::int64_t razz_five(const std::array<Card, 5>& five) {
  std::map<int, int> count;
  for (Card c : five) ++count[ace_low(c)];
  std::vector<std::pair<int, int>> held;
  for (auto [r, n] : count) held.emplace_back(n, r);
  std::sort(held.rbegin(), held.rend());
  const int kinds = static_cast<int>(held.size()), top = held[0].first;
  const int category = kinds == 5 ? 0 : kinds == 4 ? 1 : kinds == 3 ? (top == 2 ? 2 : 3) : (top == 3 ? 4 : 5);
  std::int64_t key = category;
  for (auto [n, r] : held)
    for (int k = 0; k < n; ++k) key = key * kRanks + r;
  return -key;
}

// The 8-or-better low of five cards, bigger is better, 0 for none.
inline std::int64_t eight_five(const std::array<Card, 5>& five) {
  std::vector<int> r;
  for (Card c : five) r.push_back(ace_low(c));
  std::sort(r.rbegin(), r.rend());
  if (r[0] > 7 || std::adjacent_find(r.begin(), r.end()) != r.end()) return 0;
  std::int64_t key = 0;
  for (int x : r) key = key * 8 + x;
  return 100'000 - key;
}

inline BruteScore brute_score(StudGame game, const std::vector<Card>& cards) {
  BruteScore best{-1'000'000'000, 0};
  if (game != StudGame::razz) best.high = reference_score(cards);
  if (game != StudGame::razz) best.category = score_category(static_cast<ReferenceScore>(best.high));
  const std::size_t n = cards.size();
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      for (std::size_t c = b + 1; c < n; ++c)
        for (std::size_t d = c + 1; d < n; ++d)
          for (std::size_t e = d + 1; e < n; ++e) {
            const std::array<Card, 5> five{cards[a], cards[b], cards[c], cards[d], cards[e]};
            if (game == StudGame::razz) best.high = std::max(best.high, razz_five(five));
            if (game == StudGame::stud_hilo) best.low = std::max(best.low, eight_five(five));
          }
  if (game == StudGame::razz) best.category = static_cast<int>(-best.high / (13 * 13 * 13 * 13 * 13));
  return best;
}

struct Completion {
  CardSet cards;
  BruteScore score;
};

inline std::vector<Completion> brute_completions(StudGame game, const std::vector<Card>& known,
                                                 const std::vector<Card>& deck) {
  const int k = 7 - static_cast<int>(known.size());
  std::vector<Completion> out;
  std::vector<Card> hand = known;
  auto visit = [&](auto& self, std::size_t from, CardSet chosen) -> void {
    if (static_cast<int>(hand.size()) == 7) {
      out.push_back({chosen, brute_score(game, hand)});
      return;
    }
    for (std::size_t i = from; i < deck.size(); ++i) {
      hand.push_back(deck[i]);
      self(self, i + 1, chosen | to_set(deck[i]));
      hand.pop_back();
    }
  };
  if (k >= 0) visit(visit, 0, CardSet());
  return out;
}

// One showdown of brute scores into the counts: each part to the best, shared by equals; Hi/Lo's
// low to nobody when nobody has one (then the high takes the whole pot).
inline void brute_showdown(bool hi_lo, const std::vector<BruteScore>& s, StudCounts& out) {
  const std::size_t n = s.size();
  ++out.showdowns;
  std::int64_t best_high = s[0].high, best_low = 0;
  for (const auto& x : s) best_high = std::max(best_high, x.high), best_low = std::max(best_low, x.low);
  const bool low = hi_lo && best_low != 0;
  std::uint64_t high_winners = 0, low_winners = 0;
  for (const auto& x : s) high_winners += x.high == best_high, low_winners += low && x.low == best_low;
  for (std::size_t p = 0; p < n; ++p) {
    PlayerTally& c = out.players[p];
    ++c.categories[static_cast<std::size_t>(s[p].category)];
    c.lows += s[p].low != 0;
    if (s[p].high != best_high) {
      ++c.parts[0].losses;
    } else {
      ++(high_winners == 1 ? c.parts[0].wins : c.parts[0].ties);
      ++(high_winners == 1 ? c.category_wins : c.category_ties)[static_cast<std::size_t>(s[p].category)];
    }
    if (s[p].high == best_high) c.pot_units += (low ? kPotUnits / 2 : kPotUnits) / high_winners;
    if (!low) continue;
    if (s[p].low != best_low)
      ++c.parts[1].losses;
    else
      ++(low_winners == 1 ? c.parts[1].wins : c.parts[1].ties);
    if (s[p].low == best_low) c.pot_units += kPotUnits / 2 / low_winners;
  }
  if (hi_lo && !low) ++out.no_low;
  for (std::size_t p = 0; p < n; ++p) {
    const bool high_alone = s[p].high == best_high && high_winners == 1;
    const bool low_alone = !low || (s[p].low == best_low && low_winners == 1);
    out.players[p].scoops += high_alone && low_alone;
  }
}

// Every deal of every player's cards to come, no card twice.
inline StudCounts brute_counts(const StudDeal& deal) {
  CardSet seen;
  for (const auto& h : deal.hands)
    for (Card c : h) seen.insert(c);
  for (Card c : deal.dead) seen.insert(c);
  const std::vector<Card> deck = (CardSet::full() - seen).cards();
  const std::size_t n = deal.hands.size();
  std::vector<std::vector<Completion>> completions;
  for (const auto& h : deal.hands) completions.push_back(brute_completions(deal.game, h, deck));
  StudCounts out;
  out.game = deal.game;
  out.players.resize(n);
  std::vector<BruteScore> scores(n);
  auto visit = [&](auto& self, std::size_t p, CardSet used) -> void {
    if (p == n) return brute_showdown(deal.game == StudGame::stud_hilo, scores, out);
    for (const auto& c : completions[p]) {
      if (c.cards.intersects(used)) continue;
      scores[p] = c.score;
      self(self, p + 1, used | c.cards);
    }
  };
  visit(visit, 0, CardSet());
  return out;
}

// The community card's brute force: every card left as every player's seventh, each the question
// with that card in every hand (brute_counts() takes a card held by all).
inline StudCounts brute_community(const StudDeal& deal) {
  CardSet seen;
  for (const auto& h : deal.hands)
    for (Card c : h) seen.insert(c);
  for (Card c : deal.dead) seen.insert(c);
  StudCounts total;
  total.game = deal.game;
  total.players.resize(deal.hands.size());
  for (Card c : (CardSet::full() - seen).cards()) {
    StudDeal one = deal;
    for (auto& h : one.hands) h.push_back(c);
    const StudCounts counts = brute_counts(one);
    total.showdowns += counts.showdowns;
    total.no_low += counts.no_low;
    for (std::size_t p = 0; p < total.players.size(); ++p) {
      PlayerTally& to = total.players[p];
      const PlayerTally& from = counts.players[p];
      for (std::size_t part = 0; part < 2; ++part) {
        to.parts[part].wins += from.parts[part].wins;
        to.parts[part].ties += from.parts[part].ties;
        to.parts[part].losses += from.parts[part].losses;
      }
      for (std::size_t k = 0; k < kCategories; ++k) {
        to.categories[k] += from.categories[k];
        to.category_wins[k] += from.category_wins[k];
        to.category_ties[k] += from.category_ties[k];
      }
      to.pot_units += from.pot_units;
      to.lows += from.lows;
      to.scoops += from.scoops;
    }
  }
  return total;
}

// The counts without the outcomes by category (what stud_exact() counts unless by_category).
inline StudCounts without_category_outcomes(StudCounts c) {
  for (auto& p : c.players) p.category_wins = p.category_ties = {};
  return c;
}

// Player p's counts for each way of `hidden` of his cards to come being his (every set of that
// many cards left, in colex order of the cards left), each the brute force of the deal where he
// holds them: StudCounts::hidden[p] as stud_exact() should count it.
inline std::vector<StudHiddenCounts> brute_hidden(const StudDeal& deal, std::size_t p, int hidden, bool community) {
  CardSet seen;
  for (const auto& h : deal.hands)
    for (Card c : h) seen.insert(c);
  for (Card c : deal.dead) seen.insert(c);
  const std::vector<Card> deck = (CardSet::full() - seen).cards();
  // Every set of `hidden` cards left, then in colex order: by the highest card, then the next.
  std::vector<std::vector<std::size_t>> sets;
  std::vector<std::size_t> set;
  auto build = [&](auto& self, std::size_t from) -> void {
    if (static_cast<int>(set.size()) == hidden) {
      sets.push_back(set);
      return;
    }
    for (std::size_t i = from; i < deck.size(); ++i) {
      set.push_back(i);
      self(self, i + 1);
      set.pop_back();
    }
  };
  build(build, 0);
  std::sort(sets.begin(), sets.end(), [](const auto& a, const auto& b) {
    return std::lexicographical_compare(a.rbegin(), a.rend(), b.rbegin(), b.rend());
  });
  std::vector<StudHiddenCounts> out;
  for (const auto& cards : sets) {
    StudDeal one = deal;
    StudHiddenCounts way;
    for (std::size_t i : cards) {
      one.hands[p].push_back(deck[i]);
      way.cards.insert(deck[i]);
    }
    const StudCounts c = community ? brute_community(one) : brute_counts(one);
    way.showdowns = c.showdowns;
    way.wins = c.players[p].parts[0].wins;
    way.ties = c.players[p].parts[0].ties;
    way.losses = c.players[p].parts[0].losses;
    way.pot_units = c.players[p].pot_units;
    out.push_back(way);
  }
  return out;
}

// ---- Deals for the tests ---------------------------------------------------------------------------

inline constexpr std::array<StudGame, 3> kEveryStudGame = {StudGame::stud, StudGame::razz, StudGame::stud_hilo};

// Random known cards (`sizes` of them, one a player) and `dead` dead cards.
inline StudDeal random_deal(StudGame game, std::mt19937_64& rng, const std::vector<int>& sizes, int dead) {
  std::vector<Card> deck;
  for (int id = 0; id < kCards; ++id) deck.emplace_back(id);
  std::shuffle(deck.begin(), deck.end(), rng);
  StudDeal deal;
  deal.game = game;
  auto it = deck.begin();
  for (int size : sizes) {
    deal.hands.emplace_back(it, it + size);
    it += size;
  }
  deal.dead.assign(it, it + dead);
  return deal;
}

inline StudDeal random_deal(StudGame game, std::mt19937_64& rng, int first, int second, int dead) {
  return random_deal(game, rng, std::vector<int>{first, second}, dead);
}

// The deal in one line, for a failing test's message.
inline std::string describe(const StudDeal& d) {
  std::string s(stud_game_name(d.game));  // appended step by step: GCC 12 warns (wrongly) on a + b + c
  for (const auto& h : d.hands) {
    s += ' ';
    s += to_string(h);
  }
  s += " dead ";
  s += to_string(d.dead);
  return s;
}

}  // namespace equity::test
