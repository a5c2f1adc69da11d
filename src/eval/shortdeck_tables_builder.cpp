// Builds the short deck's tables from its ranking: run at build time by `equity_gametablegen`,
// which writes them as constant data (generated/shortdeck_tables.cpp), and by the test that
// compares that data with a fresh build.
#include <algorithm>
#include <stdexcept>

#include "equity/shortdeck_evaluator.hpp"
#include "table_building.hpp"

namespace equity {
namespace {

constexpr int kLow = kShortDeckLowestRank;
constexpr unsigned kLowStraight = 1u << 12 | 0xf0;  // A-6-7-8-9 as a 13-bit rank mask

// A 5-card class under a rule set: the category's place in the rule set's order in bits 20..23,
// then the five ranks in tie-break order, 4 bits each from bit 16 down. Larger is better.
using Score = std::uint32_t;

int place_of(Category category, ShortDeckRules rules) {
  const auto order = shortdeck_category_order(rules);
  return static_cast<int>(std::find(order.begin(), order.end(), category) - order.begin());
}

// The category of five ranks (any order, at most four equal), whether they are one suit, and
// their ranks sorted into tie-break order: by multiplicity, then rank, both descending.
Category classify_five(std::array<int, 5>& ranks, bool flush) {
  std::array<int, kRanks> count{};
  unsigned present = 0;
  for (int r : ranks) {
    ++count[static_cast<std::size_t>(r)];
    present |= 1u << r;
  }
  std::sort(ranks.begin(), ranks.end(), [&](int a, int b) {
    const int ca = count[static_cast<std::size_t>(a)], cb = count[static_cast<std::size_t>(b)];
    return ca != cb ? ca > cb : a > b;
  });
  const bool straight = std::popcount(present) == 5 && (ranks[0] - ranks[4] == 4 || present == kLowStraight);
  if (present == kLowStraight) ranks = {7, 6, 5, 4, 12};  // the ace plays low: nine high
  const int top = count[static_cast<std::size_t>(ranks[0])];
  const int second = count[static_cast<std::size_t>(ranks[static_cast<std::size_t>(top)])];  // top <= 4
  using enum Category;
  if (straight && flush) return StraightFlush;
  if (top == 4) return FourOfAKind;
  if (top == 3 && second == 2) return FullHouse;
  if (flush) return Flush;
  if (straight) return Straight;
  if (top == 3) return ThreeOfAKind;
  if (top == 2) return second == 2 ? TwoPair : OnePair;
  return HighCard;
}

Score score_five(std::array<int, 5> ranks, bool flush, ShortDeckRules rules) {
  const Category category = classify_five(ranks, flush);
  Score score = static_cast<Score>(place_of(category, rules)) << 20;
  for (std::size_t i = 0; i < 5; ++i) score |= static_cast<Score>(ranks[i]) << (16 - 4 * i);
  return score;
}

// Best score over all 5-card subsets of 5..7 ranks.
Score best_score(const std::vector<int>& ranks, bool flush, ShortDeckRules rules) {
  return detail::best_of_subsets(ranks, [&](const std::array<int, 5>& five) { return score_five(five, flush, rules); });
}

using Counts = detail::RankCounts;
using detail::ranks_of;
using detail::ranks_of_mask;

template <class F>
void for_each_multiset(int low, int size, F&& f) {
  detail::for_each_rank_counts(low, size, f);
}

// Where the Hold'em perfect hash puts a rank multiset.
std::size_t table_index(const Counts& counts) {
  const std::uint32_t key = detail::rank_key(counts);
  return static_cast<std::size_t>(static_cast<std::int64_t>(key) + detail::kRowOffsets[key >> detail::kRowShift]);
}

// Every distinct 5-card score of the short deck, ascending: its position is the hand rank.
std::vector<Score> class_scores(ShortDeckRules rules) {
  std::vector<Score> scores;
  for_each_multiset(kLow, 5, [&](const Counts& c) { scores.push_back(best_score(ranks_of(c), false, rules)); });
  for (unsigned mask = 0; mask < 512; ++mask)
    if (std::popcount(mask) == 5) scores.push_back(best_score(ranks_of_mask(mask << kLow), true, rules));
  std::sort(scores.begin(), scores.end());
  scores.erase(std::unique(scores.begin(), scores.end()), scores.end());
  if (scores.size() != kShortDeckHandRanks) throw std::logic_error("expected 1404 short-deck hand classes");
  return scores;
}

}  // namespace

namespace detail {

ShortDeckTableData build_shortdeck_tables(ShortDeckRules rules) {
  ShortDeckTableData t;
  const std::vector<Score> scores = class_scores(rules);
  const auto rank_of = [&](Score s) {
    return static_cast<HandRank>(std::lower_bound(scores.begin(), scores.end(), s) - scores.begin());
  };
  for (std::size_t i = 0; i < scores.size(); ++i) {
    for (std::size_t k = 0; k < 5; ++k) t.class_ranks[i][k] = static_cast<std::uint8_t>(scores[i] >> (16 - 4 * k) & 15);
    if (shortdeck_category(static_cast<HandRank>(i), rules) != shortdeck_category_order(rules)[scores[i] >> 20])
      throw std::logic_error("short-deck class counts differ from kShortDeckClassCounts");
  }
  for (unsigned mask = 0; mask < 512; ++mask)
    if (std::popcount(mask) >= 5) t.flush_table[mask] = rank_of(best_score(ranks_of_mask(mask << kLow), true, rules));

  // As long as Hold'em's table: a hand of any 5..7 cards reads within it.
  std::size_t size = 0;
  for (int n = 5; n <= 7; ++n)
    for_each_multiset(0, n, [&](const Counts& c) { size = std::max(size, table_index(c) + 1); });
  t.rank_table.assign(size, 0);
  for (int n = 5; n <= 7; ++n)
    for_each_multiset(kLow, n, [&](const Counts& c) {
      t.rank_table[table_index(c)] = rank_of(best_score(ranks_of(c), false, rules));
    });
  return t;
}

}  // namespace detail
}  // namespace equity
