#include "equity/table_location.hpp"

#include <cstdlib>
#include <string>
#include <system_error>

#include "equity/error.hpp"
#include "equity/preflop_table.hpp"

namespace equity {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMatrixFile = "preflop-169x169.csv";

bool holds_table(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / kMatrixFile, ec);
}

}  // namespace

std::optional<fs::path> program_directory() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return std::nullopt;
  return exe.parent_path();
}

namespace {

// The game's table under the results directory `root` (Hold'em's is `root` itself).
std::optional<fs::path> game_table(const fs::path& root, Game game) {
  const auto subdir = game_rules(game).table_subdir;
  if (subdir.empty()) return root;
  std::error_code ec;
  const fs::path dir = root / subdir;
  if (fs::is_regular_file(dir / matrix_file_name(game), ec)) return dir;
  return std::nullopt;
}

std::optional<fs::path> find_results(const fs::path& explicit_dir) {
  std::error_code ec;
  if (!explicit_dir.empty()) {
    if (!fs::is_directory(explicit_dir, ec))
      throw InputError("table directory '" + explicit_dir.string() + "': not a directory");
    return explicit_dir;
  }
  if (const char* env = std::getenv("EQUITY_RESULTS"); env != nullptr && *env != '\0') {
    const fs::path dir(env);
    if (!fs::is_directory(dir, ec)) throw InputError("EQUITY_RESULTS='" + dir.string() + "': not a directory");
    if (!holds_table(dir))
      throw InputError("EQUITY_RESULTS='" + dir.string() + "': no " + kMatrixFile +
                       " in it (unset it to use the installed table)");
    return dir;
  }
  if (const auto exe_dir = program_directory()) {
    for (const fs::path& dir :
         {*exe_dir / ".." / "share" / "equity" / "results", *exe_dir / "share" / "equity" / "results"})
      if (holds_table(dir)) return fs::weakly_canonical(dir, ec);
  }
  return std::nullopt;
}

}  // namespace

std::optional<fs::path> find_table(const fs::path& explicit_dir, Game game) {
  std::error_code ec;
  if (game != Game::holdem && !explicit_dir.empty() && fs::is_regular_file(explicit_dir / matrix_file_name(game), ec))
    return explicit_dir;  // the game's own table directory, named directly
  const auto root = find_results(explicit_dir);
  if (!root) return std::nullopt;
  return game_table(*root, game);
}

}  // namespace equity
