#pragma once
// The short deck (6+ Hold'em) hand evaluator for 5, 6 and 7 cards.
//
// Short deck is played with the 36 cards 6 to A (the same Card ids and bits as Hold'em's, rank
// index 4..12). A-6-7-8-9 is a straight, the lowest one (the ace plays low); there is no A-2-3-4-5.
// A flush beats a full house. Two rule sets differ in one place: whether three of a kind beats a
// straight (most rooms and the big live series) or a straight beats three of a kind.
//
// It uses Hold'em's additive Hand (evaluator.hpp) unchanged, and its perfect hash of rank keys
// (detail::kRowOffsets): only the values differ. With 5..7 cards a flush rules out a full house
// or quads, and a flush beats a full house anyway, so a flush found is again the answer: one flush
// test and one table lookup. Each rule set has its own pair of tables (ShortDeckTables), generated
// at build time from the short-deck ranking by `equity_gametablegen` (build_shortdeck_tables()) and
// linked in as constant data (a test rebuilds them and compares); pass them to the loop so that it
// holds no test of the rules.
//
// A HandRank is 0..1403, dense, bigger is better, per rule set; equal ranks split the pot.
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/detail/evaluator_tables.hpp"
#include "equity/detail/platform.hpp"
#include "equity/evaluator.hpp"

namespace equity {

enum class ShortDeckRules : std::uint8_t {
  trips_beat_straight,   // game "shortdeck": three of a kind beats a straight
  straight_beats_trips,  // game "shortdeck-straights": a straight beats three of a kind
};
inline constexpr std::array<ShortDeckRules, 2> kShortDeckRuleSets = {ShortDeckRules::trips_beat_straight,
                                                                     ShortDeckRules::straight_beats_trips};

// The game name of a rule set ("shortdeck", "shortdeck-straights") and its rule in words ("three
// of a kind beats a straight", "a straight beats three of a kind").
std::string_view shortdeck_game_name(ShortDeckRules rules);
std::string_view shortdeck_rule_text(ShortDeckRules rules);

inline constexpr int kShortDeckLowestRank = 4;  // '6'
inline constexpr int kShortDeckCards = 36;
inline constexpr CardSet kShortDeck = CardSet(0x1ff0'1ff0'1ff0'1ff0ULL);  // the 36 cards 6 to A
constexpr bool in_short_deck(Card c) { return c.rank() >= kShortDeckLowestRank; }

// Distinct 5-card hand classes, the same number under both rule sets (their order differs).
inline constexpr int kShortDeckHandRanks = 1404;

// The classes of each category, indexed by Category: high card C(9,5) - 6 straights = 120; one
// pair 9 * C(8,3) = 504; two pair C(9,2) * 7 = 252; three of a kind 9 * C(8,2) = 252; straight 6
// (A-6-7-8-9 to T-J-Q-K-A); flush 120; full house 9 * 8 = 72; four of a kind 9 * 8 = 72; straight
// flush 6.
inline constexpr std::array<int, kCategories> kShortDeckClassCounts = {120, 504, 252, 252, 6, 120, 72, 72, 6};

// The categories of a rule set from the lowest to the highest.
constexpr std::array<Category, kCategories> shortdeck_category_order(ShortDeckRules rules) {
  using enum Category;
  if (rules == ShortDeckRules::trips_beat_straight)
    return {HighCard, OnePair, TwoPair, Straight, ThreeOfAKind, FullHouse, Flush, FourOfAKind, StraightFlush};
  return {HighCard, OnePair, TwoPair, ThreeOfAKind, Straight, FullHouse, Flush, FourOfAKind, StraightFlush};
}

// The lowest HandRank of a category under a rule set.
constexpr HandRank shortdeck_first_rank(Category category, ShortDeckRules rules) {
  int first = 0;
  for (Category c : shortdeck_category_order(rules)) {
    if (c == category) break;
    first += kShortDeckClassCounts[static_cast<std::size_t>(c)];
  }
  return static_cast<HandRank>(first);
}

constexpr Category shortdeck_category(HandRank rank, ShortDeckRules rules) {
  int end = 0;
  for (Category c : shortdeck_category_order(rules)) {
    end += kShortDeckClassCounts[static_cast<std::size_t>(c)];
    if (rank < end) return c;
  }
  return Category::StraightFlush;
}

// The tables of one rule set: views of constant data linked into the library (shortdeck_tables()).
struct ShortDeckTables {
  ShortDeckRules rules{};
  // HandRank of the best non-flush hand by the perfect-hash index of a rank key of 5..7 cards
  // (key + detail::kRowOffsets[key >> detail::kRowShift]), the same index as Hold'em's
  // detail::kRankTable and as long: entries of multisets with ranks below 6 are 0.
  std::span<const HandRank> rank_table;
  // HandRank of the best flush or straight flush by the 9-bit mask of suited ranks 6..A (bit 0 = 6).
  std::span<const HandRank, 512> flush_table;
  // The five ranks of each class in tie-break order (pairs before kickers; A-6-7-8-9 as 9 8 7 6 A).
  std::span<const std::array<std::uint8_t, 5>, kShortDeckHandRanks> class_ranks;

  // No default: a ShortDeckTables always has tables to read.
  constexpr ShortDeckTables(ShortDeckRules r, std::span<const HandRank> rank, std::span<const HandRank, 512> flush,
                            std::span<const std::array<std::uint8_t, 5>, kShortDeckHandRanks> classes)
      : rules(r), rank_table(rank), flush_table(flush), class_ranks(classes) {}
};

namespace detail {

// The tables of both rule sets, indexed by ShortDeckRules: generated at build time (generated/
// shortdeck_tables.cpp, written by `equity_gametablegen` from build_shortdeck_tables()).
extern const ShortDeckTables kShortDeckTables[kShortDeckRuleSets.size()];

// The same tables built afresh from the short-deck ranking (a few milliseconds): what the generator
// writes, and what a test compares with the linked data.
struct ShortDeckTableData {
  std::vector<HandRank> rank_table;
  std::array<HandRank, 512> flush_table{};
  std::array<std::array<std::uint8_t, 5>, kShortDeckHandRanks> class_ranks{};
};
ShortDeckTableData build_shortdeck_tables(ShortDeckRules rules);

}  // namespace detail

// The tables of a rule set: constant data, the same object every call.
inline const ShortDeckTables& shortdeck_tables(ShortDeckRules rules) {
  return detail::kShortDeckTables[static_cast<std::size_t>(rules)];
}

// Rank of the best 5-card hand of 5..7 short-deck cards, from a Hand's key, with `mask` a
// function giving the Hand's mask, called only for a flush (as evaluate_key()), and the rule set's
// tables by their data (rank_table.data(), flush_table.data()): a loop holds the two pointers, and
// a lookup is one load. Always inlined. Cards outside the short deck give a meaningless rank (read
// within the tables).
template <class MaskFunction>
EQUITY_ALWAYS_INLINE HandRank shortdeck_evaluate_key(std::uint64_t key, MaskFunction mask, const HandRank* rank_table,
                                                     const HandRank* flush_table) {
  const std::uint64_t flush_bits = ((key >> 32) + 0x3333) & 0x8888;  // suit count >= 5
  if (flush_bits != 0) [[unlikely]] {
    const int suit = std::countr_zero(flush_bits) >> 2;
    return flush_table[static_cast<unsigned>(mask() >> (16 * suit + kShortDeckLowestRank)) & 0x1ff];
  }
  const auto rank_key = static_cast<std::uint32_t>(key);
  const std::uint32_t index = rank_key + static_cast<std::uint32_t>(detail::kRowOffsets[rank_key >> detail::kRowShift]);
  return rank_table[index];
}

template <class MaskFunction>
EQUITY_ALWAYS_INLINE HandRank shortdeck_evaluate_key(std::uint64_t key, MaskFunction mask, const ShortDeckTables& t) {
  return shortdeck_evaluate_key(key, mask, t.rank_table.data(), t.flush_table.data());
}

EQUITY_ALWAYS_INLINE HandRank shortdeck_evaluate(Hand h, const ShortDeckTables& t) {
  return shortdeck_evaluate_key(
      h.key(), [h] { return h.mask(); }, t);
}

// The same, finding the tables each call: for a loop, take shortdeck_tables() once outside it.
inline HandRank shortdeck_evaluate(Hand h, ShortDeckRules rules) {
  return shortdeck_evaluate(h, shortdeck_tables(rules));
}

// 5, 6 or 7 distinct cards of the short deck; throws InputError otherwise ("2c is not in the
// short deck (6 to A)").
HandRank shortdeck_evaluate_cards(std::span<const Card> cards, ShortDeckRules rules);

// The five ranks of a hand class in tie-break order, 4 = '6' .. 12 = 'A' (A-6-7-8-9: 7 6 5 4 12).
std::array<int, 5> shortdeck_class_ranks(HandRank rank, ShortDeckRules rules);

// A readable name, as hand_name(): "straight, nine high" for A-6-7-8-9, "royal flush".
std::string shortdeck_hand_name(HandRank rank, ShortDeckRules rules);

// The best five of 5..7 short-deck cards in tie-break order; throws InputError as
// shortdeck_evaluate_cards().
std::array<Card, 5> shortdeck_best_five(std::span<const Card> cards, ShortDeckRules rules);

}  // namespace equity
