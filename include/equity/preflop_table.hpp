#pragma once
// The exact heads-up preflop table: 169 starting-hand classes, their representative result files
// (results/hands/AsAc.txt ...), the 169x169 class matrices, and lookups answered from them.
// The aggregate files and the grid rendered from the table are in table_render.hpp.
//
// Work sharing: a heads-up matchup is unchanged by permuting suits and, with the players' counts
// swapped, by exchanging the players. canonical_matchup() picks one form out of those 48, so the
// 169 x 1,225 representative lines need only 47,008 enumerations.
#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "equity/count_matrix.hpp"
#include "equity/hand_class.hpp"
#include "equity/result_file.hpp"

namespace equity {

// The header line of the table's CSV files (table_render.hpp writes them, PreflopTable::load reads).
inline constexpr char kTableCsvHeader[] = "hero,villain,combos,wins,ties,losses,equity";

// Distinct heads-up preflop matchups up to suits and seats.
inline constexpr int kDistinctMatchups = 47'008;

// A heads-up matchup reduced by suit permutation and seat exchange: equal keys, equal results
// (with the counts of both players swapped when `swapped`).
struct CanonicalMatchup {
  std::uint32_t key = 0;
  bool swapped = false;         // the key's hero is our villain
  HoleCards hero{}, villain{};  // the canonical deal to enumerate
};
CanonicalMatchup canonical_matchup(HoleCards hero, HoleCards villain);

// Counts summed over combinations: combos matchups of preflop_boards(game) boards each.
struct MatchupCounts {
  std::uint64_t combos = 0;
  std::uint64_t wins = 0;
  std::uint64_t ties = 0;
  std::uint64_t losses = 0;

  std::uint64_t boards() const { return wins + ties + losses; }
  // (wins + ties / 2) / boards
  double equity() const;
  MatchupCounts& operator+=(const MatchupCounts& o);
  friend bool operator==(const MatchupCounts&, const MatchupCounts&) = default;
};
MatchupCounts counts_of(const ResultLine& line);  // one combination

// ---- Building the result files ----------------------------------------------------------------

struct BuildProgress {
  std::uint64_t matchups_done = 0;   // enumerated in this run
  std::uint64_t matchups_total = 0;  // to enumerate in this run
  std::uint64_t lines_written = 0;
  std::uint64_t lines_total = 0;  // still missing when the run started
};

struct BuildOptions {
  // Checked between batches: when it becomes true the run writes what is done and stops.
  const std::atomic<bool>* stop = nullptr;
  // Called after every batch (from the calling thread).
  std::function<void(const BuildProgress&)> progress;
  // Warnings such as a repaired half-written line.
  std::function<void(const std::string&)> warn;
  // Matchups per batch: lines are appended after every batch.
  std::size_t batch_size = 2048;
  // The game whose files these are: its deck (the opponents of each file) and its ranking.
  Game game = Game::holdem;
};

struct BuildReport {
  std::size_t files = 0;            // files asked for
  std::size_t files_complete = 0;   // complete at the end
  std::uint64_t lines_resumed = 0;  // complete lines found on disk and kept
  std::uint64_t lines_written = 0;
  std::uint64_t matchups_enumerated = 0;
  std::uint64_t matchups_reused = 0;  // missing lines answered from lines already on disk
  bool stopped = false;               // options.stop was raised
};

// Completes the result files of `heroes` in `hands_dir` (created if needed), resuming from what is
// on disk. Every distinct matchup is enumerated at most once (in parallel with oneTBB) and shared
// by every line that needs it, also across files. Takes the directory lock. Throws InputError for
// a bad existing file.
BuildReport build_hand_files(const std::filesystem::path& hands_dir, const std::vector<HoleCards>& heroes,
                             const BuildOptions& options = {});

// ---- The table --------------------------------------------------------------------------------

// The name of a game's class matrix file: "preflop-169x169.csv", "preflop-81x81.csv".
std::string matrix_file_name(Game game);

// The full table of one game. Rows are the hero's class, columns the villain's (table order),
// indexed as hand_classes() (169 for every game: a short-deck table holds the 81 classes of
// classes_of(game) and zeros for the others, so that ranges index it as they index Hold'em's).
class PreflopTable {
 public:
  // From the complete representative files of the game's classes in `hands_dir`; throws
  // InputError if any is missing, incomplete or bad.
  static PreflopTable from_hand_files(const std::filesystem::path& hands_dir, Game game = Game::holdem);
  // From the aggregates in `dir` (matrix_file_name(game)); nullopt if the file is missing or
  // incomplete, InputError if it is malformed. Specific-hand lookups read dir/hands/ on demand.
  static std::optional<PreflopTable> load(const std::filesystem::path& dir, Game game = Game::holdem);
  // Only the representative files in dir/hands, read on demand, for the specific-hand lookups
  // (hands(), hand_versus_class(), hand_versus_random()); the class matrices stay zero. Quicker
  // than load() when no class-against-class figure is needed.
  static PreflopTable hand_files(const std::filesystem::path& dir, Game game = Game::holdem);
  // The rows of `classes` (class indices) and, seen from the other seat, their columns, from
  // their representative files in dir/hands; every other entry stays zero. Enough for any
  // question one of whose ranges is made of these classes, and quicker than load() for a few
  // classes. Throws InputError if a file is missing, incomplete or bad.
  static PreflopTable class_rows(const std::filesystem::path& dir, const std::vector<int>& classes,
                                 Game game = Game::holdem);

  // Class against class, over every non-conflicting combination.
  MatchupCounts classes(int hero_class, int villain_class) const;
  // Class against a random hand (every combination of the class against all 1,225 others).
  MatchupCounts versus_random(int hero_class) const;
  // A specific hand against a specific hand, a class, or a random hand: read from the
  // representative file of the hero's class after mapping suits. Throws InputError on a shared
  // card or if the file is missing.
  MatchupCounts hands(HoleCards hero, HoleCards villain) const;
  MatchupCounts hand_versus_class(HoleCards hero, int villain_class) const;
  MatchupCounts hand_versus_random(HoleCards hero) const;
  // hand_versus_class(hero, c) for every class c at once (one pass over the file's lines).
  std::array<MatchupCounts, kHandClasses> hand_versus_each_class(HoleCards hero) const;

  Game game() const { return game_; }
  const CountMatrix& combos() const { return combos_; }
  const CountMatrix& wins() const { return wins_; }
  const CountMatrix& ties() const { return ties_; }
  const CountMatrix& losses() const { return losses_; }

 private:
  const std::vector<ResultLine>& representative_lines(int hero_class) const;
  // Fills row i from the representative file of class i (read once, through representative_lines()).
  void read_row(int i);

  std::filesystem::path hands_dir_;
  Game game_ = Game::holdem;
  CountMatrix combos_;
  CountMatrix wins_;
  CountMatrix ties_;
  CountMatrix losses_;
  // Representative files read so far (not thread-safe: one table per thread).
  mutable std::map<int, std::vector<ResultLine>> lines_;
};

}  // namespace equity
