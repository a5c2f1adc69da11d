#pragma once
// Lookup tables of the fast evaluator. They are generated at build time by `equity_tablegen` from
// build_evaluator_tables() (src/eval/evaluator_tables_builder.cpp); a test rebuilds them and compares.
#include <array>
#include <cstdint>
#include <vector>

namespace equity::detail {

// Additive rank keys: the sums of any two different rank multisets of at most 7 cards (at most 4
// of a rank) differ, so a hand's rank multiset is identified by the sum of its cards' keys. Found
// by the greedy search in tools/find_rank_keys.cpp (smallest key above the previous one that keeps
// all sums distinct); tests/evaluator_test.cpp checks the property.
inline constexpr std::array<std::uint32_t, 13> kRankKeys = {1,     5,      24,     112,    521,     2247,   9244,
                                                            30823, 103066, 250154, 667453, 1526359, 3453520};

// The rank-key sums of 5..7 cards (< 2^25) are spread over rows of 2^kRowShift; each row is moved
// by an offset so that the used entries of all rows interleave without collision in one compact
// table (row displacement perfect hashing): index = key + kRowOffsets[key >> kRowShift].
inline constexpr unsigned kRowShift = 10;

extern const std::uint16_t kRankTable[];    // non-flush hand rank by perfect-hashed rank key
extern const std::int32_t kRowOffsets[];    // per row of rank keys: displacement into kRankTable
extern const std::uint16_t kFlushTable[];   // 8192 entries: hand rank by 13-bit suited rank mask
extern const std::uint32_t kClassScores[];  // 7462 entries: reference score of each hand rank

struct EvaluatorTables {
  std::vector<std::uint16_t> rank_table;
  std::vector<std::int32_t> row_offsets;
  std::vector<std::uint16_t> flush_table;
  std::vector<std::uint32_t> class_scores;
};

// Builds every table from the reference scorer. Takes a fraction of a second.
EvaluatorTables build_evaluator_tables();

}  // namespace equity::detail
