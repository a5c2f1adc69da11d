#pragma once
// A game's hand ranking as the hot loops use it: a small value type whose lookups inline, so that
// a counting method written once as a template on its ranking runs each game at full speed
// without a virtual call or a branch on the game. with_ranking() is the one place a game's
// ranking is chosen: once per question, outside every loop.
//
// A ranking gives, for the additive Hand of 5 to 7 cards (evaluator.hpp):
//   operator()(Hand)            the hand's rank, bigger is better, equal ranks split;
//   key(key, mask_function)     the same from a key, the mask asked for only for a flush;
//   rank_only(rank_key)         the best hand of the ranks alone, when no flush is possible;
//   flush(suited_ranks)         the best flush within a 13-bit rank mask of five or more cards;
//   kFirstStraightFlush         the lowest straight flush: nothing beats it but a better one;
//   category(rank)              the hand's category.
// The grouped enumeration also relies on "with seven cards, a flush rules out quads and a full
// house", true of every deck of four suits.
#include <array>
#include <cstdint>
#include <stdexcept>

#include "equity/detail/platform.hpp"
#include "equity/evaluator.hpp"
#include "equity/game.hpp"

namespace equity {

struct HoldemRanking {
  static constexpr HandRank kFirstStraightFlush = 7452;
  // The categories from the weakest up.
  static constexpr std::array<Category, kCategories> kCategoryOrder = {
      Category::HighCard, Category::OnePair,   Category::TwoPair,     Category::ThreeOfAKind, Category::Straight,
      Category::Flush,    Category::FullHouse, Category::FourOfAKind, Category::StraightFlush};

  EQUITY_ALWAYS_INLINE HandRank operator()(Hand h) const { return evaluate(h); }
  template <class MaskFunction>
  EQUITY_ALWAYS_INLINE HandRank key(std::uint64_t key, MaskFunction mask) const {
    return evaluate_key(key, mask);
  }
  EQUITY_ALWAYS_INLINE HandRank rank_only(std::uint32_t rank_key) const { return rank_only_value(rank_key); }
  EQUITY_ALWAYS_INLINE HandRank flush(unsigned suited_ranks) const { return flush_value(suited_ranks); }
  static constexpr Category category(HandRank rank) { return category_of(rank); }
};

// Calls f(ranking) with the ranking of `game`, and returns what f returns.
template <class F>
decltype(auto) with_ranking(Game game, F&& f) {
  switch (game) {
    case Game::holdem:
      return f(HoldemRanking{});
    default:
      break;
  }
  throw std::logic_error("with_ranking: a game without a ranking");
}

// A game's categories from the weakest up.
inline std::array<Category, kCategories> category_order(Game game) {
  return with_ranking(game, [](auto ranking) { return decltype(ranking)::kCategoryOrder; });
}

}  // namespace equity
