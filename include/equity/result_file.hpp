#pragma once
// Per-hand result files (format: docs/result-files.md).
//
// One file per hero hand, named after it ("AsAc.txt"), one line per opponent hand in deck order
// (every pair i < j of the 50 cards left, deck order As Ac Ah Ad Ks ... 2d), each newline-ended:
//     ['Ah', 'Ad'], [1675094, 1675094]
// The first number counts boards the hero wins or ties, the second boards the opponent wins or
// ties, so ties = first + second - boards. Files are only ever appended to in whole lines, so a
// kill at any moment leaves complete lines plus at most one half-written last line, which the
// reader detects and the writer cuts off before appending again.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "equity/enumeration.hpp"
#include "equity/files.hpp"  // write_file_atomically, DirectoryLock: included so that existing includes compile

namespace equity {

// Boards of a heads-up preflop matchup: choose(48, 5).
inline constexpr std::uint64_t kPreflopBoards = 1'712'304;
// Opponent hands of one hero hand: choose(50, 2).
inline constexpr int kOpponentHands = 1'225;

// The same for any game (short deck: choose(32, 5) = 201,376 boards, choose(34, 2) = 561 opponents).
constexpr std::uint64_t preflop_boards(Game game) {
  const std::uint64_t n = static_cast<std::uint64_t>(game_rules(game).deck_size()) - 4;
  return n * (n - 1) * (n - 2) * (n - 3) * (n - 4) / 120;
}
constexpr int opponent_hand_count(Game game) {
  const int n = game_rules(game).deck_size() - 2;
  return n * (n - 1) / 2;
}
static_assert(preflop_boards(Game::holdem) == kPreflopBoards && opponent_hand_count(Game::holdem) == kOpponentHands);

struct ResultLine {
  HoleCards opponent{};
  std::uint64_t hero_wins_or_ties = 0;
  std::uint64_t opponent_wins_or_ties = 0;
  std::uint64_t boards = kPreflopBoards;  // of the matchup: preflop_boards() of the file's game

  std::uint64_t ties() const { return hero_wins_or_ties + opponent_wins_or_ties - boards; }
  std::uint64_t wins() const { return boards - opponent_wins_or_ties; }
  std::uint64_t losses() const { return boards - hero_wins_or_ties; }
  friend bool operator==(const ResultLine&, const ResultLine&) = default;
};

// The line for a heads-up preflop enumeration of hero (player 0) against opponent (player 1).
ResultLine result_line(HoleCards opponent, const EnumerationResult& result);

// "['Ah', 'Ad'], [1675094, 1675094]" (no newline).
std::string format_line(const ResultLine& line);

// Parses one line, also with the original script's trailing ", '*'" mark. Throws InputError saying
// what is wrong (no file or line number: the caller adds them). Does not check the counts.
ResultLine parse_line(std::string_view text);

// Empty if the counts are consistent (each at most line.boards, ties >= 0), else the reason.
std::string check_counts(const ResultLine& line);

// Two cards in deck order (aces first, suits s c h d).
HoleCards deck_ordered(HoleCards hand);
// "AsAc" for any order of the two cards.
std::string hand_name(HoleCards hand);
// "AsAc.txt"
std::string result_file_name(HoleCards hero);

// The 1,225 opponent hands of `hero` in file order, each in deck order (short deck: the 561 of its
// 34 cards left; the game's deck is the first cards of the deck order).
std::vector<HoleCards> opponent_hands(HoleCards hero, Game game = Game::holdem);
// The position of `opponent` (two cards of the game's deck in deck order, neither the hero's) in
// opponent_hands(hero, game), computed without the list.
std::size_t opponent_position(HoleCards hero, HoleCards opponent, Game game = Game::holdem);

// What is on disk for one hero.
struct ResultFileContents {
  std::vector<ResultLine> lines;     // complete, validated lines, in file order
  std::uint64_t complete_bytes = 0;  // file size up to the end of the last complete line
  std::uint64_t file_bytes = 0;      // actual file size (0 if the file does not exist)
  bool exists = false;
  bool original_layout = false;                 // newline before each record (the original Python script)
  bool needs_rewrite = false;                   // not byte-identical to our layout (original layout or marks)
  std::string half_written;                     // the half-written last line, if any (for the warning)
  std::size_t expected_lines = kOpponentHands;  // opponent_hand_count() of the game

  bool complete() const { return lines.size() == expected_lines; }
};

// Reads and validates the result file of `hero` (a missing file is an empty result). Throws
// InputError "FILE:LINE: ..." for a line that does not parse, an opponent out of order (a file for
// another hand), counts that do not add up, or more than 1,225 lines. A half-written last line is
// not an error: it is reported in `half_written` and not counted. `game` sets the opponents and
// the boards a line counts.
ResultFileContents read_result_file(const std::filesystem::path& path, HoleCards hero, Game game = Game::holdem);

// Appends complete lines to one result file. Opening repairs the file first: a half-written last
// line is cut off, a file in the original layout is rewritten in ours (temporary file + rename).
// Each append() is one write of whole lines followed by a flush to the kernel, so a kill leaves
// only whole lines plus at most a partial line the next open cuts off.
class ResultFileWriter {
 public:
  ResultFileWriter(std::filesystem::path path, const ResultFileContents& contents);

  void append(const std::vector<ResultLine>& lines);
  void append(std::string_view formatted_lines);  // newline-ended lines already formatted

 private:
  std::filesystem::path path_;
  std::optional<AppendFile> file_;
};

}  // namespace equity
