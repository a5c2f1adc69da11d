#pragma once
// A game's hand ranking as the hot loops use it: a small value type whose lookups inline, so that
// a counting method written once as a template on its ranking runs each game at full speed
// without a virtual call or a branch on the game. with_ranking() is the one place a game's
// ranking is chosen: once per question, outside every loop.
//
// A ranking gives, for the additive Hand of 5 to 7 cards (evaluator.hpp):
//   instance()                  the ranking, found once per question (its tables);
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
#include "equity/shortdeck_evaluator.hpp"

namespace equity {

struct HoldemRanking {
  static constexpr HoldemRanking instance() { return {}; }
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

// Short deck under one of its rule sets: its tables (shortdeck_evaluator.hpp), found once per
// question by instance() and held by their data, so that a loop keeps the two pointers in
// registers and a lookup is one load, as Hold'em's.
template <ShortDeckRules kRules>
struct ShortDeckRanking {
  const HandRank* rank_table = nullptr;   // ShortDeckTables::rank_table.data()
  const HandRank* flush_table = nullptr;  // ShortDeckTables::flush_table.data()

  static ShortDeckRanking instance() {
    const ShortDeckTables& tables = shortdeck_tables(kRules);
    return {tables.rank_table.data(), tables.flush_table.data()};
  }
  static constexpr HandRank kFirstStraightFlush = shortdeck_first_rank(Category::StraightFlush, kRules);
  static constexpr std::array<Category, kCategories> kCategoryOrder = shortdeck_category_order(kRules);

  EQUITY_ALWAYS_INLINE HandRank operator()(Hand h) const {
    return key(h.key(), [h] { return h.mask(); });
  }
  template <class MaskFunction>
  EQUITY_ALWAYS_INLINE HandRank key(std::uint64_t key, MaskFunction mask) const {
    return shortdeck_evaluate_key(key, mask, rank_table, flush_table);
  }
  EQUITY_ALWAYS_INLINE HandRank rank_only(std::uint32_t rank_key) const {
    return rank_table[rank_key + static_cast<std::uint32_t>(detail::kRowOffsets[rank_key >> detail::kRowShift])];
  }
  EQUITY_ALWAYS_INLINE HandRank flush(unsigned suited_ranks) const {
    return flush_table[(suited_ranks >> kShortDeckLowestRank) & 0x1ff];
  }
  static constexpr Category category(HandRank rank) { return shortdeck_category(rank, kRules); }
};

// Calls f(ranking) with the ranking of `game` (its instance()), and returns what f returns. Only
// for games whose hand is the best five of hole and board cards (never an Omaha game: the planner
// routes those elsewhere before anything Hold'em's runs).
template <class F>
decltype(auto) with_ranking(Game game, F&& f) {
  switch (game) {
    case Game::holdem:
      return f(HoldemRanking::instance());
    case Game::shortdeck:
      return f(ShortDeckRanking<ShortDeckRules::trips_beat_straight>::instance());
    case Game::shortdeck_straights:
      return f(ShortDeckRanking<ShortDeckRules::straight_beats_trips>::instance());
    case Game::omaha:
    case Game::omaha5:
    case Game::omaha6:
    case Game::omaha_hilo:
    case Game::omaha5_hilo:
    case Game::omaha6_hilo:
      break;  // two hole and three board cards: the planner answers these by omaha_calculate.cpp
    case Game::stud:
    case Game::stud_hilo:
    case Game::razz:
    case Game::draw:
    case Game::deuce7_single:
    case Game::deuce7_triple:
    case Game::a5_triple:
    case Game::badugi:
    case Game::badeucy:
    case Game::badacey:
      break;  // no board: stud_calculate.cpp
  }
  throw std::logic_error("with_ranking: a game without a ranking of 5 to 7 cards");
}

// A game's categories from the weakest up.
inline std::array<Category, kCategories> category_order(Game game) {
  // Omaha's and stud's highs are ranked as Hold'em's (razz's lows have their own: game_categories()).
  if (game_rules(game).making != HandMaking::any_five) return HoldemRanking::kCategoryOrder;
  return with_ranking(game, [](auto ranking) { return decltype(ranking)::kCategoryOrder; });
}

}  // namespace equity
