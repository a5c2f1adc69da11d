#pragma once
// Merging the shards of a preflop table build (`equity table --shard K/N --out SHARD_DIR`, Slurm
// arrays) into one table directory: each class's complete result file (or each class triple's
// section of the three-way table) taken from the first shard that has it, written only where it
// differs, then the aggregates. The result is byte-identical to one unsharded build whatever the
// number of shards, their order of completion or their restarts. Everything is read and checked
// before anything is written: a class or triple no shard has completed is an InputError naming it,
// and nothing is written.
#include <cstddef>
#include <filesystem>
#include <span>
#include <vector>

#include "equity/cards.hpp"
#include "equity/game.hpp"
#include "equity/three_way_table.hpp"

namespace equity {

// The table directory of `game` under `dir`: `dir` itself for Hold'em, dir/shortdeck, ...
std::filesystem::path table_game_dir(const std::filesystem::path& dir, Game game);

// How many of the game's class files in dir/hands are complete (checked line by line).
std::size_t complete_class_files(const std::filesystem::path& dir, Game game);

struct TableMergeReport {
  std::filesystem::path dir;  // the game's table directory under the output directory
  std::size_t files = 0;      // class files merged
  std::size_t written = 0;    // of them, written (the others were there already, byte for byte)
  bool aggregates = false;    // every class file is complete: the aggregates were written
};

// Merges the class files of `heroes` (each class's representative hand) from the shards'
// directories (each SHARD_DIR, its game's subdirectory read) into out_dir's table of `game`. The
// output directory's hands/ must exist; both are locked while the merge writes.
TableMergeReport merge_table_shards(std::span<const std::filesystem::path> shard_dirs,
                                    const std::filesystem::path& out_dir, Game game, std::span<const HoleCards> heroes);

struct ThreeWayMergeReport {
  std::filesystem::path dir;  // out_dir/threeway
  std::size_t units = 0;      // unit files merged
  std::size_t written = 0;    // of them, written
  std::size_t rows = 0;       // class triples in the aggregate
};

// Merges the three-way table's unit files (SHARD_DIR/threeway/units) holding `triples` (in
// class_triples() order) into out_dir/threeway, then writes its aggregate. out_dir/threeway/units
// must exist.
ThreeWayMergeReport merge_three_way_shards(std::span<const std::filesystem::path> shard_dirs,
                                           const std::filesystem::path& out_dir, std::span<const ClassTriple> triples);

}  // namespace equity
