#pragma once
// Preflop heads-up answers from the exact table, with the integers enumeration would give.
//
// A range made of whole classes, each with one weight, is a vector over the 169 classes; the
// counts of two such ranges are v1' * M * v2 for the table's count matrices M (Eigen), summed over
// every non-conflicting combo pair exactly as enumerate_ranges() sums them. A specific hand is
// answered from its class's representative file after mapping suits.
#include <filesystem>
#include <optional>

#include "equity/preflop_table.hpp"
#include "equity/range_equity.hpp"

namespace equity {

// Whether the question has the table's shape: two players, no board, no dead cards, and each
// range either one specific hand or whole classes with one weight per class.
bool table_answers(const RangeDeal& deal);

// The exact counts of a question for which table_answers() holds, from `table`; nullopt
// otherwise. Throws InputError when the two specific hands share a card or a needed
// representative file is missing or bad.
std::optional<RangeEquityResult> table_equity(const PreflopTable& table, const RangeDeal& deal);

// The same from the table in `dir`, reading only what the question needs: a specific hand's
// class file, the class files of the side with fewer classes when there are only a few, else the
// matrix file. nullopt when the question does not have the table's shape or `dir` holds no matrix
// file; InputError as above, or when a needed file is bad.
std::optional<RangeEquityResult> table_equity(const std::filesystem::path& dir, const RangeDeal& deal);

}  // namespace equity
