// Merging a sharded preflop table build (table_merge.hpp).
#include "equity/table_merge.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <utility>

#include "equity/error.hpp"
#include "equity/files.hpp"
#include "equity/hand_class.hpp"
#include "equity/preflop_table.hpp"
#include "equity/result_file.hpp"
#include "equity/table_render.hpp"

namespace equity {
namespace fs = std::filesystem;
namespace {

std::string read_file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Writes `text` to `path` unless the file holds it already; whether it wrote.
bool write_if_changed(const fs::path& path, const std::string& text) {
  std::error_code ec;
  if (fs::file_size(path, ec) == text.size() && !ec && read_file_text(path) == text) return false;
  write_file_atomically(path, text);
  return true;
}

// The complete result file of `hero` in the first of `dirs` that has one (checked line by line),
// as the bytes `equity table` writes; throws InputError when none has it.
std::string complete_file(std::span<const fs::path> dirs, HoleCards hero, Game game) {
  for (const auto& d : dirs) {
    const auto contents = read_result_file(table_game_dir(d, game) / "hands" / result_file_name(hero), hero, game);
    if (!contents.complete()) continue;
    std::string text;
    for (const auto& line : contents.lines) text += format_line(line) + "\n";
    return text;
  }
  throw InputError(class_of(hero).name() + " (" + result_file_name(hero) +
                   "): no complete file in the shards' hands/ directories (a shard missing or not finished?)");
}

// The text of the unit file holding triples[i] and the triples after it of the same class pair,
// each section from the first shard that has it; `i` moves past them. Throws InputError naming a
// triple no shard holds.
std::string unit_text(std::span<const fs::path> shard_dirs, std::span<const ClassTriple> triples, std::size_t& i) {
  const int first = triples[i].first, second = triples[i].second;
  const std::string name = unit_file_name(first, second);
  std::vector<UnitFileContents> shards;
  for (const auto& d : shard_dirs) shards.push_back(read_unit_file(d / kThreeWayDir / "units" / name, first, second));
  std::string text;
  for (; i < triples.size() && triples[i].first == first && triples[i].second == second; ++i) {
    const TripleSection* section = nullptr;
    for (const auto& s : shards)
      if (const auto it = s.sections.find(triples[i]); it != s.sections.end()) {
        section = &it->second;
        break;
      }
    if (!section)
      throw InputError("class triple " + triples[i].str() + " (" + name +
                       "): in no shard's threeway/units (a shard missing or not finished?)");
    text += format_section(*section);
  }
  return text;
}

}  // namespace

fs::path table_game_dir(const fs::path& dir, Game game) {
  const auto subdir = game_rules(game).table_subdir;
  return subdir.empty() ? dir : dir / subdir;
}

std::size_t complete_class_files(const fs::path& dir, Game game) {
  std::size_t complete = 0;
  for (int i : classes_of(game)) {
    const auto rep = hand_classes()[static_cast<std::size_t>(i)].representative();
    if (read_result_file(dir / "hands" / result_file_name(rep), rep, game).complete()) ++complete;
  }
  return complete;
}

TableMergeReport merge_table_shards(std::span<const fs::path> shard_dirs, const fs::path& out_dir, Game game,
                                    std::span<const HoleCards> heroes) {
  TableMergeReport report;
  report.dir = table_game_dir(out_dir, game);
  const fs::path& dir = report.dir;
  DirectoryLock lock(dir), hands_lock(dir / "hands");
  std::vector<std::pair<fs::path, std::string>> files;  // all read and checked before any is written
  for (const HoleCards hero : heroes)
    files.emplace_back(dir / "hands" / result_file_name(hero), complete_file(shard_dirs, hero, game));
  for (const auto& [path, text] : files) report.written += write_if_changed(path, text);
  report.files = files.size();
  report.aggregates = complete_class_files(dir, game) == static_cast<std::size_t>(game_rules(game).hand_classes);
  if (report.aggregates) write_aggregates(PreflopTable::from_hand_files(dir / "hands", game), dir);
  return report;
}

ThreeWayMergeReport merge_three_way_shards(std::span<const fs::path> shard_dirs, const fs::path& out_dir,
                                           std::span<const ClassTriple> triples) {
  ThreeWayMergeReport report;
  report.dir = out_dir / kThreeWayDir;
  const fs::path& dir = report.dir;
  DirectoryLock lock(dir), units_lock(dir / "units");
  // A first pass checks that every class triple is there, so that nothing is written for an
  // incomplete merge; the second writes each unit file where it differs.
  for (std::size_t i = 0; i < triples.size();) (void)unit_text(shard_dirs, triples, i);
  for (std::size_t i = 0; i < triples.size();) {
    const std::string name = unit_file_name(triples[i].first, triples[i].second);
    const std::string text = unit_text(shard_dirs, triples, i);
    ++report.units;
    report.written += write_if_changed(dir / "units" / name, text);
  }
  report.rows = write_three_way_aggregate(dir);
  return report;
}

}  // namespace equity
