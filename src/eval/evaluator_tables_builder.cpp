// Builds the fast evaluator's tables from the reference 5-card scorer.
#include <algorithm>
#include <bit>
#include <stdexcept>

#include "equity/detail/evaluator_tables.hpp"
#include "eval/reference_evaluator.hpp"
#include "table_building.hpp"

namespace equity::detail {
namespace {

using Counts = RankCounts;

// Best reference score over all 5-card subsets of the given ranks (5..7 of them).
ReferenceScore best_of_subsets(const std::vector<int>& ranks, bool flush) {
  return detail::best_of_subsets(ranks, [flush](const std::array<int, 5>& five) { return score_five(five, flush); });
}

// Calls f(counts) for every rank multiset of exactly `size` cards with at most 4 of a rank.
template <class F>
void for_each_multiset(int size, F&& f) {
  for_each_rank_counts(0, size, f);
}

// Every distinct 5-card score, ascending: its position is the hand rank 0..7461.
std::vector<ReferenceScore> class_scores() {
  std::vector<ReferenceScore> scores;
  for_each_multiset(5, [&](const Counts& c) { scores.push_back(best_of_subsets(ranks_of(c), false)); });
  for (unsigned mask = 0; mask < 8192; ++mask)
    if (std::popcount(mask) == 5) scores.push_back(best_of_subsets(ranks_of_mask(mask), true));
  std::sort(scores.begin(), scores.end());
  scores.erase(std::unique(scores.begin(), scores.end()), scores.end());
  if (scores.size() != 7462) throw std::logic_error("expected 7462 hand classes");
  return scores;
}

std::uint16_t hand_rank(const std::vector<ReferenceScore>& scores, ReferenceScore score) {
  return static_cast<std::uint16_t>(std::lower_bound(scores.begin(), scores.end(), score) - scores.begin());
}

// A rank multiset of 5, 6 or 7 cards: its key and the rank of its best hand without a flush.
struct Entry {
  std::uint32_t key;
  std::uint16_t rank;
};

std::vector<Entry> rank_entries(const std::vector<ReferenceScore>& scores) {
  std::vector<Entry> entries;
  for (int size = 5; size <= 7; ++size)
    for_each_multiset(size, [&](const Counts& c) {
      entries.push_back({rank_key(c), hand_rank(scores, best_of_subsets(ranks_of(c), false))});
    });
  return entries;
}

// First-fit row displacement of the entries, grouped into rows by the high bits of their key,
// fullest rows first. Occupancy is a bitset; a row's pattern is tested against it a 64-bit word
// at a time.
class RowPlacer {
 public:
  static constexpr std::uint32_t kRowWidth = 1u << kRowShift;
  static constexpr std::size_t kPatternWords = kRowWidth / 64;
  static constexpr std::uint32_t kColumnMask = kRowWidth - 1;

  // Fills row_offsets (per row: where its keys land, less the row's start) and returns the
  // table's size.
  std::size_t place(const std::vector<Entry>& entries, std::vector<std::int32_t>& row_offsets) {
    std::uint32_t max_key = 0;
    for (const auto& e : entries) max_key = std::max(max_key, e.key);
    const std::size_t rows = (max_key >> kRowShift) + 1;
    std::vector<std::vector<Entry>> by_row(rows);
    for (const auto& e : entries) by_row[e.key >> kRowShift].push_back(e);
    std::vector<std::size_t> order(rows);
    for (std::size_t i = 0; i < rows; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return by_row[a].size() > by_row[b].size(); });
    row_offsets.assign(rows, 0);
    for (std::size_t row : order)
      if (!by_row[row].empty())
        row_offsets[row] = static_cast<std::int32_t>(static_cast<std::int64_t>(place_row(by_row[row])) -
                                                     (static_cast<std::int64_t>(row) << kRowShift));
    return table_size_;
  }

 private:
  std::uint64_t used_word_at(std::size_t bit) const {  // 64 occupancy bits starting at `bit`
    const std::size_t w = bit / 64, s = bit % 64;
    const std::uint64_t lo = used_[w] >> s;
    return s == 0 ? lo : lo | (used_[w + 1] << (64 - s));
  }

  // The lowest base at which the row's keys land on free slots, from where the search resumes;
  // takes the slots.
  std::size_t place_row(const std::vector<Entry>& list) {
    std::array<std::uint64_t, kPatternWords> pattern{};
    std::uint32_t min_col = kColumnMask;
    for (const auto& e : list) {
      pattern[(e.key & kColumnMask) / 64] |= std::uint64_t{1} << (e.key & 63);
      min_col = std::min(min_col, e.key & kColumnMask);
    }
    while (first_free_ / 64 < used_.size() && used_[first_free_ / 64] == ~std::uint64_t{0})
      first_free_ = (first_free_ / 64 + 1) * 64;
    while (first_free_ / 64 < used_.size() && (used_[first_free_ / 64] >> (first_free_ % 64) & 1)) ++first_free_;
    // Rows of one size come in a run; a row rarely fits below where the previous one of its size
    // went, so the search resumes there (a heuristic: it only costs compactness, never correctness).
    std::size_t& resume = resume_at_[list.size()];
    for (std::size_t base = std::max(resume, first_free_ > min_col ? first_free_ - min_col : 0);; ++base) {
      if (used_.size() < (base + kRowWidth) / 64 + 2) used_.resize((base + kRowWidth) / 64 + 2, 0);
      bool fits = true;
      for (std::size_t w = 0; w < kPatternWords && fits; ++w) fits = (pattern[w] & used_word_at(base + 64 * w)) == 0;
      if (!fits) continue;
      for (const auto& e : list) {
        const std::size_t slot = base + (e.key & kColumnMask);
        used_[slot / 64] |= std::uint64_t{1} << (slot % 64);
        table_size_ = std::max(table_size_, slot + 1);
      }
      resume = base;
      return base;
    }
  }

  std::vector<std::uint64_t> used_ = std::vector<std::uint64_t>(kPatternWords + 1, 0);
  std::size_t table_size_ = 0;
  std::size_t first_free_ = 0;  // every slot below it is taken
  std::vector<std::size_t> resume_at_ = std::vector<std::size_t>(kRowWidth + 1, 0);
};

}  // namespace

EvaluatorTables build_evaluator_tables() {
  EvaluatorTables t;
  t.class_scores = class_scores();
  t.flush_table.assign(8192, 0);
  for (unsigned mask = 0; mask < 8192; ++mask)
    if (std::popcount(mask) >= 5)
      t.flush_table[mask] = hand_rank(t.class_scores, best_of_subsets(ranks_of_mask(mask), true));

  // Rank multisets of 5, 6 and 7 cards, placed by row displacement.
  const std::vector<Entry> entries = rank_entries(t.class_scores);
  t.rank_table.assign(RowPlacer().place(entries, t.row_offsets), 0);
  for (const auto& e : entries) {
    const auto index = static_cast<std::size_t>(static_cast<std::int64_t>(e.key) + t.row_offsets[e.key >> kRowShift]);
    t.rank_table[index] = e.rank;
  }
  return t;
}

}  // namespace equity::detail
