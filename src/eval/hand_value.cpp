#include "equity/hand_value.hpp"

#include <algorithm>
#include <string>

#include "equity/draw_evaluator.hpp"
#include "equity/error.hpp"
#include "equity/low_evaluator.hpp"
#include "equity/ranking.hpp"
#include "equity/shortdeck_evaluator.hpp"

namespace equity {
namespace {

ShortDeckRules rules_of(Game game) {
  return game == Game::shortdeck_straights ? ShortDeckRules::straight_beats_trips : ShortDeckRules::trips_beat_straight;
}

// The 8-or-better low of five cards (kNoLow when they make none), its cards highest first.
std::pair<LowRank, std::array<Card, 5>> low_of(std::array<Card, 5> five) {
  auto low_order = [](Card c) { return c.rank() == 12 ? 0 : c.rank() + 1; };  // ace 0 .. eight 7
  std::sort(five.begin(), five.end(), [&](Card a, Card b) { return low_order(a) > low_order(b); });
  std::array<int, 5> ranks{};
  for (std::size_t k = 0; k < 5; ++k) {
    ranks[k] = low_order(five[k]);
    if (ranks[k] > 7 || (k > 0 && ranks[k] == ranks[k - 1])) return {kNoLow, five};
  }
  for (int l = 1; l < kLowRanks; ++l)
    if (low_ranks(static_cast<LowRank>(l)) == ranks) return {static_cast<LowRank>(l), five};
  return {kNoLow, five};
}

// A card's rank with the ace low: ace 0, two 1 .. king 12.
int ace_low_rank(Card c) { return c.rank() == kRanks - 1 ? 0 : c.rank() + 1; }

// Five of `cards` of the given ranks (ace low: 0 the ace; else 0 the two), in that order, each card
// used once.
std::array<Card, 5> cards_of_ranks(std::span<const Card> cards, const std::array<int, 5>& ranks, bool ace_low = true) {
  std::array<Card, 5> out{};
  CardSet used;
  for (std::size_t k = 0; k < ranks.size(); ++k)
    for (Card c : cards)
      if ((ace_low ? ace_low_rank(c) : c.rank()) == ranks[k] && !used.contains(c)) {
        out[k] = c;
        used.insert(c);
        break;
      }
  return out;
}

// 5, 6 or 7 distinct cards of the game's deck, for a hand of the player's own cards.
CardSet own_cards(std::span<const Card> cards, const GameRules& rules) {
  if (cards.size() < 5 || cards.size() > 7)
    throw InputError("a " + std::string(rules.name) + " hand is the best five of 5, 6 or 7 cards, not " +
                     std::to_string(cards.size()));
  CardSet seen;
  for (Card c : cards) {
    if (!rules.in_deck(c)) throw InputError(c.str() + " is not in the deck of " + std::string(rules.title));
    if (seen.contains(c)) throw InputError("card " + c.str() + " appears twice");
    seen.insert(c);
  }
  return seen;
}

// A draw game's value of one ranking: 2-7's, badugi's, A-5's or the high.
StudHandValue::Half draw_half(std::span<const Card> cards, PotRanking ranking, int& best_size) {
  StudHandValue::Half h;
  best_size = 5;
  switch (ranking) {
    case PotRanking::deuce_to_seven_low: {
      const DeuceSevenRank rank = deuce_seven_value_cards(cards);
      h.rank = rank;
      h.category = deuce_seven_category_name(deuce_seven_category(rank));
      h.name = deuce_seven_name(rank);
      h.best = cards_of_ranks(cards, deuce_seven_ranks(rank), false);  // 0 = '2' .. 12 = 'A'
      return h;
    }
    case PotRanking::badugi: {
      const BadugiRank rank = badugi_value_cards(cards);
      h.rank = rank;
      h.category = badugi_category_name(badugi_category(rank));
      h.name = badugi_name(rank);
      const BadugiCards best = badugi_best(cards);
      best_size = best.size;
      std::copy(best.cards.begin(), best.cards.begin() + best.size, h.best.begin());
      return h;
    }
    case PotRanking::ace_to_five_low: {
      const RazzRank rank = razz_value_cards(cards);
      h.rank = rank;
      h.category = low_category_name(razz_category(rank));
      h.name = razz_name(rank);
      h.best = cards_of_ranks(cards, razz_ranks(rank));
      return h;
    }
    case PotRanking::high:
      break;
  }
  const HandValue high = hand_value(cards, Game::holdem);
  h.rank = high.rank;
  h.category = category_name(high.category);
  h.name = high.name;
  h.best = high.best;
  return h;
}

StudHandValue draw_hand_value(std::span<const Card> cards, const GameRules& rules) {
  if (static_cast<int>(cards.size()) != rules.hole_cards)
    throw InputError("a " + std::string(rules.name) + " hand is " + std::to_string(rules.hole_cards) + " cards, not " +
                     std::to_string(cards.size()));
  CardSet seen;
  for (Card c : cards) {
    if (seen.contains(c)) throw InputError("card " + c.str() + " appears twice");
    seen.insert(c);
  }
  StudHandValue v;
  StudHandValue::Half first = draw_half(cards, rules.ranking, v.best_size);
  v.rank = first.rank;
  v.category = std::move(first.category);
  v.name = std::move(first.name);
  v.best = first.best;
  if (rules.split) {
    int size = 5;
    v.second = draw_half(cards, rules.split_ranking, size);
  }
  return v;
}

}  // namespace

int hand_ranks(Game game) {
  const GameRules& rules = game_rules(game);
  if (rules.ranking == PotRanking::ace_to_five_low) return kRazzRanks;
  if (rules.ranking == PotRanking::deuce_to_seven_low) return kDeuceSevenRanks;
  if (rules.ranking == PotRanking::badugi) return kBadugiRanks;
  return rules.lowest_rank == 0 ? kHandRanks : kShortDeckHandRanks;
}

HandValue hand_value(std::span<const Card> cards, Game game) {
  const GameRules& rules = game_rules(game);
  for (Card c : cards)
    if (!rules.in_deck(c))
      throw InputError(c.str() + " is not in the deck of " + std::string(rules.title) + " (" +
                       std::string(1, kRankChars[static_cast<std::size_t>(rules.lowest_rank)]) + " to A)");
  if (rules.ranking != PotRanking::high)
    throw InputError(std::string(rules.title) + " ranks lows, not highs: stud_hand_value() values its hands");
  HandValue v;
  if (rules.lowest_rank == 0) {      // the 52-card games' highs (Hold'em, Omaha's five, stud)
    v.rank = evaluate_cards(cards);  // checks 5..7 distinct cards
    v.category = category_of(v.rank);
    v.name = hand_name(v.rank);
    v.best = best_five(cards);
    return v;
  }
  const ShortDeckRules r = rules_of(game);
  v.rank = shortdeck_evaluate_cards(cards, r);
  v.category = shortdeck_category(v.rank, r);
  v.name = shortdeck_hand_name(v.rank, r);
  v.best = shortdeck_best_five(cards, r);
  return v;
}

OmahaHandValue omaha_hand_value(std::span<const Card> hole, std::span<const Card> board, Game game) {
  const GameRules& rules = game_rules(game);
  if (!omaha_like(game)) throw InputError(std::string(rules.name) + " is not an Omaha game");
  if (static_cast<int>(hole.size()) != rules.hole_cards)
    throw InputError("hole cards: " + std::to_string(hole.size()) + " cards; an " + std::string(rules.name) +
                     " hand has " + std::to_string(rules.hole_cards));
  if (board.size() < 3 || board.size() > 5)
    throw InputError("board: " + std::to_string(board.size()) + " cards; an Omaha hand needs 3 to 5");
  CardSet seen;
  for (Card c : hole) seen.insert(c);
  for (Card c : board) {
    if (seen.contains(c)) throw InputError("card " + c.str() + " appears twice (again in board)");
    seen.insert(c);
  }
  if (seen.size() != static_cast<int>(hole.size() + board.size())) throw InputError("hole cards: a card appears twice");
  // Every hand of two hole and three board cards, one by one: a one-off, not a loop's inner work.
  OmahaHandValue v;
  bool first = true;
  for (std::size_t i = 0; i < hole.size(); ++i)
    for (std::size_t j = i + 1; j < hole.size(); ++j)
      for (std::size_t x = 0; x < board.size(); ++x)
        for (std::size_t y = x + 1; y < board.size(); ++y)
          for (std::size_t z = y + 1; z < board.size(); ++z) {
            const std::array<Card, 5> five{hole[i], hole[j], board[x], board[y], board[z]};
            const HandValue h = hand_value(five, Game::holdem);
            if (first || h.rank > v.high.rank) v.high = h;
            first = false;
            if (!rules.low) continue;
            const auto [low, cards] = low_of(five);
            if (low > v.low) {
              v.low = low;
              v.low_best = cards;
            }
          }
  if (rules.low) v.low_name = low_name(v.low);
  return v;
}

StudHandValue stud_hand_value(std::span<const Card> cards, Game game) {
  const GameRules& rules = game_rules(game);
  if (rules.making != HandMaking::own_cards)
    throw InputError(std::string(rules.title) + " hands are valued with a board (hand_value(), omaha_hand_value())");
  if (rules.draws > 0) return draw_hand_value(cards, rules);
  const CardSet set = own_cards(cards, rules);
  StudHandValue v;
  if (rules.ranking == PotRanking::ace_to_five_low) {
    const RazzRank rank = razz_value(set);
    v.rank = rank;
    v.category = game_categories(game).at(static_cast<std::size_t>(razz_category(rank))).name;
    v.name = razz_name(rank);
    v.best = cards_of_ranks(cards, razz_ranks(rank));
  } else {
    const HandValue high = hand_value(cards, game);
    v.rank = high.rank;
    v.category = category_name(high.category);
    v.name = high.name;
    v.best = high.best;
  }
  if (rules.low) {
    v.low = eight_or_better(set);
    v.low_name = low_name(v.low);
    if (v.low != kNoLow) v.low_best = cards_of_ranks(cards, low_ranks(v.low));
  }
  return v;
}

GameHandValue game_hand_value(std::span<const Card> cards, std::span<const Card> board, Game game,
                              std::string_view board_name) {
  const GameRules& rules = game_rules(game);
  GameHandValue out;
  out.game = game;
  out.cards.assign(cards.begin(), cards.end());
  const auto set_high = [&](const HandValue& v) {
    out.rank = v.rank;
    out.category = category_name(v.category);
    out.name = v.name;
    out.best.assign(v.best.begin(), v.best.end());
  };
  const auto set_low = [&](LowRank rank, const std::string& name, const std::array<Card, 5>& best) {
    out.low = GameHandValue::Low{rank, name, {}};
    if (rank != kNoLow) out.low->best.assign(best.begin(), best.end());
  };
  switch (rules.making) {
    case HandMaking::any_five: {  // the board's cards join the hand's
      for (Card c : board)
        if (std::find(cards.begin(), cards.end(), c) != cards.end())
          throw InputError(std::string(board_name) + ": duplicate card " + c.str() + " (also in the hand)");
      out.cards.insert(out.cards.end(), board.begin(), board.end());
      set_high(hand_value(out.cards, game));
      break;
    }
    case HandMaking::two_plus_three: {
      if (board.empty())
        throw InputError(std::string(board_name) + ": an Omaha hand is valued on a board of 3 to 5 cards");
      out.board.assign(board.begin(), board.end());
      const OmahaHandValue v = omaha_hand_value(cards, board, game);
      set_high(v.high);
      if (rules.low) set_low(v.low, v.low_name, v.low_best);
      break;
    }
    case HandMaking::own_cards: {
      if (!board.empty())
        throw InputError(std::string(board_name) + ": " + std::string(rules.name) +
                         " has no board; the cards are the player's own " +
                         (rules.draws > 0 ? std::to_string(rules.hole_cards) + " cards"
                                          : std::string("5, 6 or 7 cards, the best five of them count")));
      const StudHandValue v = stud_hand_value(cards, game);
      out.rank = v.rank;
      out.category = v.category;
      out.name = v.name;
      out.best.assign(v.best.begin(), v.best.begin() + v.best_size);
      if (rules.low) set_low(v.low, v.low_name, v.low_best);
      out.second = v.second;
      break;
    }
  }
  return out;
}

std::vector<GameCategory> game_categories(Game game) {
  std::vector<GameCategory> out;
  const PotRanking ranking = game_rules(game).ranking;
  if (ranking == PotRanking::badugi) {  // badugi, and the badugi half of badeucy and badacey
    for (std::size_t c = 0; c < kBadugiCategories; ++c)
      out.push_back({c, badugi_category_name(static_cast<BadugiCategory>(c))});
    return out;
  }
  if (ranking == PotRanking::deuce_to_seven_low) {  // Hold'em's categories, no pair the best
    for (std::size_t c = 0; c < kCategories; ++c)
      out.push_back({c, deuce_seven_category_name(static_cast<Category>(c))});
    return out;
  }
  if (ranking == PotRanking::ace_to_five_low) {
    for (std::size_t c = 0; c < kLowCategories; ++c) out.push_back({c, low_category_name(static_cast<LowCategory>(c))});
    return out;
  }
  const auto order = category_order(game);  // the weakest first
  for (auto c = order.rbegin(); c != order.rend(); ++c)
    out.push_back({static_cast<std::size_t>(*c), category_name(*c)});
  return out;
}

}  // namespace equity
