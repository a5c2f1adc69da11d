#pragma once
// A process-wide cache of the preflop table's representative files, for processes that ask many
// table questions (the Python module, a server): a specific hand's question reads its class's file
// (1,225 lines) once per directory instead of on every question. Thread-safe.
#include <filesystem>
#include <optional>

#include "equity/range_equity.hpp"

namespace equity {

// table_equity(dir, deal) (equity/table_equity.hpp), the same answers and errors, with the
// representative files of specific hands kept in memory once read (per directory, for the life of
// the process; a file that could not be read is not kept, so it is read again next time).
// Questions of whole classes against whole classes answer from the whole table (preflop-169x169.csv,
// loaded once per directory); while that cannot be loaded, they read their files as table_equity()
// does.
std::optional<RangeEquityResult> cached_table_equity(const std::filesystem::path& dir, const RangeDeal& deal);

}  // namespace equity
