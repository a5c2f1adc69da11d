#pragma once
// Where the preflop table (results/: preflop-169x169.csv and hands/*.txt) is read from.
//
// In this order: a directory the caller names (it must exist); else $EQUITY_RESULTS when it is set
// and not empty (it must be a directory holding preflop-169x169.csv: a bad value is an error, not
// silently passed over); else next to the running program: PREFIX/share/equity/results for a
// program installed as PREFIX/bin/equity (`cmake --install` puts the table there), or
// share/equity/results beside the program (a build tree links it there); else the table of the
// installed library a program was built against (below); else the XDG data directories:
// $XDG_DATA_HOME or ~/.local/share, then $XDG_DATA_DIRS or /usr/local/share:/usr/share, each with
// equity/results (where `cmake --install --prefix ~/.local`, /usr/local or /usr puts it). No path of
// the machine the library was built on is compiled in.
//
// A program that embeds the installed library is not beside the table. The library's CMake package
// (find_package(equity)) defines EQUITY_INSTALLED_TABLE, the table under the prefix it was found
// in, for the programs that link equity::equity; this header records it when such a program starts.
//
// Another game's table is in its subdirectory of that results directory (GameRules::table_subdir:
// results/shortdeck/ holding preflop-81x81.csv and hands/). A directory the caller names may be
// the results directory or the game's own table directory.
#include <filesystem>
#include <optional>

#include "equity/game.hpp"

namespace equity {

// The installed table of the prefix a program was built against (see above); find_table() tries
// it after the program's own directory.
void set_installed_table(const std::filesystem::path& dir);

#ifdef EQUITY_INSTALLED_TABLE
namespace detail {
inline const bool installed_table_recorded = (set_installed_table(EQUITY_INSTALLED_TABLE), true);
}  // namespace detail
#endif

// The table directory of `game`, or nullopt when none is found (callers then enumerate). Throws
// InputError when `explicit_dir` is given but is not a directory, or $EQUITY_RESULTS is set but bad.
std::optional<std::filesystem::path> find_table(const std::filesystem::path& explicit_dir = {},
                                                Game game = Game::holdem);

// The directory of the running program (from /proc/self/exe), or nullopt where it cannot be known.
std::optional<std::filesystem::path> program_directory();

}  // namespace equity
