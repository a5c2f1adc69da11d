#pragma once
// Where the preflop table (results/: preflop-169x169.csv and hands/*.txt) is read from.
//
// In this order: a directory the caller names (it must exist); else $EQUITY_RESULTS when it is set
// and not empty (it must be a directory holding preflop-169x169.csv: a bad value is an error, not
// silently passed over); else next to the running program: PREFIX/share/equity/results for a
// program installed as PREFIX/bin/equity (`cmake --install` puts the table there), or
// share/equity/results beside the program (a build tree links it there). No path of the machine
// the program was built on is compiled in.
//
// Another game's table is in its subdirectory of that results directory (GameRules::table_subdir:
// results/shortdeck/ holding preflop-81x81.csv and hands/). A directory the caller names may be
// the results directory or the game's own table directory.
#include <filesystem>
#include <optional>

#include "equity/game.hpp"

namespace equity {

// The table directory of `game`, or nullopt when none is found (callers then enumerate). Throws
// InputError when `explicit_dir` is given but is not a directory, or $EQUITY_RESULTS is set but bad.
std::optional<std::filesystem::path> find_table(const std::filesystem::path& explicit_dir = {},
                                                Game game = Game::holdem);

// The directory of the running program (from /proc/self/exe), or nullopt where it cannot be known.
std::optional<std::filesystem::path> program_directory();

}  // namespace equity
