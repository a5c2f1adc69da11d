#include "equity/deal.hpp"

#include <algorithm>
#include <cstdint>

#include "equity/detail/platform.hpp"
#include "equity/error.hpp"

namespace equity {

namespace {

constexpr std::uint64_t combo_bits(const WeightedCombo& c) { return c.cards[0].bit() | c.cards[1].bit(); }

// Depth-first search for one assignment without a shared card; gives up (returns true) after
// `budget` nodes so that a pathological question cannot hang here.
bool has_assignment(const std::vector<std::vector<WeightedCombo>>& combos, std::size_t p, std::uint64_t used,
                    std::uint64_t& budget) {
  if (p == combos.size()) return true;
  for (const auto& c : combos[p]) {
    if (budget == 0) return true;
    --budget;
    if ((combo_bits(c) & used) == 0 && has_assignment(combos, p + 1, used | combo_bits(c), budget)) return true;
  }
  return false;
}

CardSet map_set(const std::vector<Card>& cards, const SuitMap& m) {
  CardSet s;
  for (Card c : cards) s.insert(map_card(c, m));
  return s;
}

CardSet set_of(const std::vector<Card>& cards) {
  CardSet s;
  for (Card c : cards) s.insert(c);
  return s;
}

// A permutation keeps a range when it maps every combo onto one of the same weight; a range's
// size does not change under it, so the combos it holds are enough to check.
bool keeps_ranges(const RangeDeal& deal, const std::vector<std::vector<WeightedCombo>>& held, const SuitMap& m) {
  for (std::size_t p = 0; p < held.size(); ++p)
    for (const auto& c : held[p])
      if (deal.ranges[p].weight(map_combo(c.index, m)) != c.weight) return false;
  return true;
}

// The cards of the specific hands, checked against the known cards and each other.
CardSet specific_cards(const RangeDeal& deal, const CardSet& known, std::vector<CardSet>& own) {
  CardSet specific;
  for (std::size_t p = 0; p < deal.ranges.size(); ++p) {
    if (!deal.ranges[p].specific()) continue;
    const auto cards = deal.ranges[p].combos().front().cards;
    for (Card c : cards) {
      if (!game_rules(deal.game).in_deck(c)) throw InputError(player_name(p) + ": " + not_in_deck(c, deal.game));
      if (known.contains(c))
        throw InputError("card " + c.str() + " of " + player_name(p) + " is also on the board or dead");
      add_card(specific, c, player_name(p), deal.game);
      own[p].insert(c);
    }
  }
  return specific;
}

}  // namespace

std::string not_in_deck(Card c, Game game) {
  const GameRules& rules = game_rules(game);
  return c.str() + " is not in the deck of " + std::string(rules.title) + " (" +
         std::string(1, kRankChars[static_cast<std::size_t>(rules.lowest_rank)]) + " to A)";
}

std::string player_name(std::size_t p) { return "player " + std::to_string(p + 1); }

void check_players(std::size_t players) {
  if (players < 2) throw InputError("need at least 2 players, got " + std::to_string(players));
  if (players > static_cast<std::size_t>(kMaxPlayers))
    throw InputError("at most " + std::to_string(kMaxPlayers) + " players, got " + std::to_string(players));
}

void check_board(std::size_t cards) {
  if (cards == 1 || cards == 2 || cards > 5)
    throw InputError("board has " + std::to_string(cards) + (cards == 1 ? " card" : " cards") +
                     "; it must have 0, 3, 4 or 5");
}

void add_card(CardSet& seen, Card c, std::string_view where, Game game) {
  if (!game_rules(game).in_deck(c)) throw InputError(std::string(where) + ": " + not_in_deck(c, game));
  if (seen.contains(c)) throw InputError("card " + c.str() + " appears twice (again in " + std::string(where) + ")");
  seen.insert(c);
}

void check_deck(int left, int cards_to_come) {
  if (left < cards_to_come) throw InputError("not enough cards left in the deck to complete the board");
}

EQUITY_QUESTION_PATH PreparedDeal prepare(const RangeDeal& deal) {
  const std::size_t n = deal.ranges.size();
  check_players(n);
  check_board(deal.board.size());
  PreparedDeal prep;
  prep.board = deal.board;
  prep.dead = deal.dead;
  prep.game = deal.game;
  prep.cards_to_come = 5 - static_cast<int>(deal.board.size());
  for (Card c : deal.board) add_card(prep.known, c, "board", deal.game);
  for (Card c : deal.dead) add_card(prep.known, c, "dead cards", deal.game);
  prep.known |= out_of_deck(deal.game);

  // Specific hands are removed from everybody else's range.
  std::vector<CardSet> own(n);
  const CardSet specific = specific_cards(deal, prep.known, own);
  prep.combos.resize(n);
  for (std::size_t p = 0; p < n; ++p) {
    prep.combos[p] = deal.ranges[p].combos(prep.known | (specific - own[p]));
    if (prep.combos[p].empty())
      throw InputError(player_name(p) + "'s range \"" + deal.ranges[p].str() +
                       "\" has no combo left once the board, dead cards and other players' hands are removed");
    prep.weighted |= deal.ranges[p].weighted();
  }
  check_deck(kCards - prep.known.size() - 2 * static_cast<int>(n), prep.cards_to_come);
  std::uint64_t budget = 10'000'000;
  if (!has_assignment(prep.combos, 0, prep.known.bits(), budget))
    throw InputError("the ranges cannot be dealt together: every assignment of combos shares a card");
  return prep;
}

int map_combo(int index, const SuitMap& m) {
  const auto cards = combo_cards(index);
  return combo_index(map_card(cards[0], m), map_card(cards[1], m));
}

const std::array<SuitMap, 24>& suit_permutations() {
  static const auto perms = [] {
    std::array<SuitMap, 24> out{};
    SuitMap p = {0, 1, 2, 3};
    for (auto& slot : out) {
      slot = p;
      std::next_permutation(p.begin(), p.end());
    }
    return out;
  }();
  return perms;
}

std::vector<SuitMap> suit_symmetries(const RangeDeal& deal) {
  const CardSet board = set_of(deal.board), dead = set_of(deal.dead);
  std::vector<std::vector<WeightedCombo>> held;
  for (const auto& r : deal.ranges) held.push_back(r.combos());
  std::vector<SuitMap> out;
  for (const SuitMap& m : suit_permutations())
    if (map_set(deal.board, m) == board && map_set(deal.dead, m) == dead && keeps_ranges(deal, held, m))
      out.push_back(m);
  return out;  // the identity is the first permutation in lexicographic order
}

}  // namespace equity
