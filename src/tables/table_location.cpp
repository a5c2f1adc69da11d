#include "equity/table_location.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

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

fs::path& installed_table() {
  static fs::path dir;
  return dir;
}

// $XDG_DATA_HOME (default ~/.local/share), then each of $XDG_DATA_DIRS (default
// /usr/local/share:/usr/share).
std::vector<fs::path> xdg_data_dirs() {
  std::vector<fs::path> dirs;
  const char* home = std::getenv("HOME");
  if (const char* data_home = std::getenv("XDG_DATA_HOME"); data_home != nullptr && *data_home == '/')
    dirs.emplace_back(data_home);
  else if (home != nullptr && *home == '/')
    dirs.push_back(fs::path(home) / ".local" / "share");
  const char* data_dirs = std::getenv("XDG_DATA_DIRS");
  std::string list = data_dirs != nullptr && *data_dirs != '\0' ? data_dirs : "/usr/local/share:/usr/share";
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t end = std::min(list.find(':', start), list.size());
    if (end > start && list[start] == '/') dirs.emplace_back(list.substr(start, end - start));
    start = end + 1;
  }
  return dirs;
}

}  // namespace

void set_installed_table(const fs::path& dir) { installed_table() = dir; }

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
  if (!installed_table().empty() && holds_table(installed_table())) return installed_table();
  for (const auto& data : xdg_data_dirs())
    if (holds_table(data / "equity" / "results")) return fs::weakly_canonical(data / "equity" / "results", ec);
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
