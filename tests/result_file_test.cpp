// Result files: line format, opponent order, reading for resume (repair, errors), appending, lock.
#include "equity/result_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "equity/cards.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "equity/hand_class.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

namespace fs = std::filesystem;

HoleCards hand(const char* text) { return parse_hole_cards(text); }

ResultLine enumerate_line(HoleCards hero, HoleCards opponent) {
  return result_line(opponent, enumerate(Deal{{hero, opponent}, {}, {}}));
}

using test::TempDir;

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// The documented lines of AsAc.txt (docs/result-files.md): opponent, first, second, ties.
struct KnownLine {
  const char* opponent;
  std::uint64_t first, second, ties;
};
constexpr KnownLine kKnownAsAc[] = {
    {"AhAd", 1675094, 1675094, 1637884}, {"AhKs", 1612033, 123343, 23072}, {"AhKh", 1515173, 218634, 21503},
    {"AhKd", 1595888, 137865, 21449},    {"AhQh", 1508254, 225365, 21315},
};

TEST(ResultLineFormat, FormatsTheDocumentedLayout) {
  EXPECT_EQ(format_line({hand("AhAd"), 1675094, 1675094}), "['Ah', 'Ad'], [1675094, 1675094]");
  // Opponent cards always in deck order, whatever order they were given in.
  EXPECT_EQ(format_line({hand("KsAh"), 1612033, 123343}), "['Ah', 'Ks'], [1612033, 123343]");
  EXPECT_EQ(format_line({hand("2d2h"), 1, 1712303}), "['2h', '2d'], [1, 1712303]");
}

TEST(ResultLineFormat, ParsesOurLinesAndTheOriginalScriptsMarks) {
  const ResultLine expected{hand("AhKs"), 1612033, 123343};
  EXPECT_EQ(parse_line("['Ah', 'Ks'], [1612033, 123343]"), expected);
  EXPECT_EQ(parse_line("['Ah', 'Ks'], [1612033, 123343], '*'"), expected);
  EXPECT_EQ(parse_line("['Ah','Ks'],[1612033,123343]\r"), expected);
  EXPECT_EQ(expected.ties(), 23072u);
  EXPECT_EQ(expected.wins(), 1612033u - 23072u);
  EXPECT_EQ(expected.losses(), 123343u - 23072u);
  for (const char* bad :
       {"", "['Ah', 'Ks'], [1612033]", "['Ah', 'Ks'], [1612033, 12334", "['Ah', 'Kx'], [1, 2]", "['Ah', 'Ah'], [1, 2]",
        "['Ah', 'Ks'], [1612033, 123343] extra", "['Ah', 'Ks'], [16x2033, 1]", "['Ah', 'Ks'], [1612033, 123343], '"})
    EXPECT_THROW(parse_line(bad), InputError) << bad;
}

TEST(ResultLineFormat, CountChecks) {
  EXPECT_EQ(check_counts({hand("AhAd"), 1675094, 1675094}), "");
  EXPECT_EQ(check_counts({hand("AhAd"), kPreflopBoards, 0}), "");
  EXPECT_NE(check_counts({hand("AhAd"), 100, 100}), "");               // ties would be negative
  EXPECT_NE(check_counts({hand("AhAd"), kPreflopBoards + 1, 5}), "");  // more than every board
}

TEST(OpponentHands, DeckOrderWithoutTheHerosCards) {
  const auto opponents = opponent_hands(hand("AcAs"));
  ASSERT_EQ(opponents.size(), 1225u);
  EXPECT_EQ(hand_name(opponents[0]), "AhAd");
  EXPECT_EQ(hand_name(opponents[1]), "AhKs");
  EXPECT_EQ(hand_name(opponents[2]), "AhKc");
  EXPECT_EQ(hand_name(opponents.back()), "2h2d");
  for (std::size_t i = 0; i < opponents.size(); ++i) {
    const auto& o = opponents[i];
    EXPECT_LT(o[0].deck_index(), o[1].deck_index());
    for (Card c : o) EXPECT_FALSE(c == Card(12, 0) || c == Card(12, 1));
    if (i > 0) {
      const auto& p = opponents[i - 1];
      EXPECT_TRUE(std::pair(p[0].deck_index(), p[1].deck_index()) < std::pair(o[0].deck_index(), o[1].deck_index()));
    }
  }
  EXPECT_EQ(result_file_name(hand("AcAs")), "AsAc.txt");
  EXPECT_EQ(result_file_name(hand("2c7h")), "7h2c.txt");
}

TEST(OpponentHands, PositionsAreComputedForEveryHeroAndOpponent) {
  for (int h = 0; h < kCombos; ++h) {
    const auto cards = combo_cards(h);
    for (const HoleCards hero : {HoleCards{cards[0], cards[1]}, HoleCards{cards[1], cards[0]}}) {
      const auto opponents = opponent_hands(hero);
      for (std::size_t i = 0; i < opponents.size(); ++i)
        ASSERT_EQ(opponent_position(hero, opponents[i]), i) << hand_name(hero) << " " << hand_name(opponents[i]);
    }
  }
}

TEST(KnownLines, AsAcLinesFromTheDocumentation) {
  const auto hero = hand("AsAc");
  const auto opponents = opponent_hands(hero);
  for (const auto& known : kKnownAsAc) {
    const ResultLine line = enumerate_line(hero, hand(known.opponent));
    EXPECT_EQ(line.hero_wins_or_ties, known.first) << known.opponent;
    EXPECT_EQ(line.opponent_wins_or_ties, known.second) << known.opponent;
    EXPECT_EQ(line.ties(), known.ties) << known.opponent;
    EXPECT_EQ(parse_line(format_line(line)), line);
  }
  EXPECT_EQ(format_line(enumerate_line(hero, opponents[0])), "['Ah', 'Ad'], [1675094, 1675094]");
  EXPECT_EQ(format_line(enumerate_line(hero, opponents[1])), "['Ah', 'Ks'], [1612033, 123343]");
}

// The original script's excerpt has the first number 11 lower on lines where the opponent holds
// one ace: the 11 boards of quads (ranks 2 to Q) plus the last ace, where both play quads with an
// ace kicker and split, but the script gave the pot to the opponent.
TEST(KnownLines, OriginalScriptsElevenBoardBugIsNotReproduced) {
  const auto hero = hand("AsAc");
  const auto villain = hand("AhKh");
  const ResultLine excerpt = parse_line("['Ah', 'Kh'], [1515162, 218634]");
  const ResultLine ours = enumerate_line(hero, villain);
  EXPECT_EQ(ours.hero_wins_or_ties, 1515173u);
  EXPECT_EQ(ours.hero_wins_or_ties - excerpt.hero_wins_or_ties, 11u);
  EXPECT_EQ(ours.opponent_wins_or_ties, excerpt.opponent_wins_or_ties);

  int split_quads_boards = 0;
  for (int rank = 0; rank <= 10; ++rank) {  // 2 .. Q: K has only three cards left, A only one
    std::vector<Card> board = {Card(rank, 0), Card(rank, 1), Card(rank, 2), Card(rank, 3), Card(12, 3)};
    std::vector<Card> hero_cards = board, villain_cards = board;
    hero_cards.insert(hero_cards.end(), hero.begin(), hero.end());
    villain_cards.insert(villain_cards.end(), villain.begin(), villain.end());
    const HandRank a = evaluate_cards(hero_cards), b = evaluate_cards(villain_cards);
    EXPECT_EQ(category_of(a), Category::FourOfAKind);
    if (a == b) ++split_quads_boards;
  }
  EXPECT_EQ(split_quads_boards, 11);
  // Giving those 11 splits to the opponent turns the correct line into the excerpt's.
  EXPECT_EQ((ResultLine{villain, ours.hero_wins_or_ties - 11, ours.opponent_wins_or_ties}), excerpt);
}

std::string first_lines(HoleCards hero, std::size_t n) {
  const auto opponents = opponent_hands(hero);
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += format_line(enumerate_line(hero, opponents[i])) + "\n";
  return text;
}

TEST(ReadResultFile, MissingFileIsEmpty) {
  TempDir dir;
  const auto contents = read_result_file(dir.path() / "AsAc.txt", hand("AsAc"));
  EXPECT_FALSE(contents.exists);
  EXPECT_TRUE(contents.lines.empty());
}

TEST(ReadResultFile, TruncatedLastLineIsRepairedBeforeAppending) {
  TempDir dir;
  const auto hero = hand("AsAc");
  const std::string good = first_lines(hero, 4);
  const fs::path path = dir.path() / "AsAc.txt";
  const std::string third_and_fourth = good.substr(good.find('\n', good.find('\n') + 1) + 1);
  const std::string two_lines = good.substr(0, good.size() - third_and_fourth.size());
  write_text(path, two_lines + third_and_fourth.substr(0, 17));  // half of line 3

  const auto contents = read_result_file(path, hero);
  EXPECT_EQ(contents.lines.size(), 2u);
  EXPECT_EQ(contents.half_written, third_and_fourth.substr(0, 17));
  EXPECT_EQ(contents.complete_bytes, two_lines.size());
  EXPECT_FALSE(contents.needs_rewrite);
  {
    ResultFileWriter writer(path, contents);
    EXPECT_EQ(test::read_file(path.string()), two_lines);  // cut back to the last whole line
    writer.append(third_and_fourth);
  }
  EXPECT_EQ(test::read_file(path.string()), good);
  EXPECT_EQ(read_result_file(path, hero).lines.size(), 4u);
}

TEST(ReadResultFile, ZeroBytesAfterAPowerLossAreAHalfWrittenTail) {
  TempDir dir;
  const auto hero = hand("AsAc");
  const std::string good = first_lines(hero, 2);
  const fs::path path = dir.path() / "AsAc.txt";
  write_text(path, good + std::string(40, '\0'));
  const auto contents = read_result_file(path, hero);
  EXPECT_EQ(contents.lines.size(), 2u);
  EXPECT_FALSE(contents.half_written.empty());
  { ResultFileWriter writer(path, contents); }
  EXPECT_EQ(test::read_file(path.string()), good);
}

// The message of the InputError read_result_file throws, or "" if it does not throw.
std::string read_error(const fs::path& path, HoleCards hero) {
  try {
    read_result_file(path, hero);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ReadResultFile, CorruptedLinesAreReportedWithFileAndLineNumber) {
  TempDir dir;
  const auto hero = hand("AsAc");
  const std::string good = first_lines(hero, 3);
  const fs::path path = dir.path() / "AsAc.txt";
  const std::string line1 = good.substr(0, good.find('\n') + 1);
  const std::string line3 = good.substr(good.rfind('\n', good.size() - 2) + 1);

  write_text(path, line1 + "['Ah', 'Ks'], [1612033, 12x343]\n" + line3);
  std::string message = read_error(path, hero);
  EXPECT_NE(message.find(path.string() + ":2: "), std::string::npos) << message;

  write_text(path, line1 + "['Ah', 'Ks'], [1000, 2000]\n" + line3);
  message = read_error(path, hero);
  EXPECT_NE(message.find(path.string() + ":2: counts do not add up"), std::string::npos) << message;

  write_text(path, line1 + line3);  // a line missing: opponents out of order
  message = read_error(path, hero);
  EXPECT_NE(message.find(path.string() + ":2: opponent AhKc where AhKs was expected"), std::string::npos) << message;

  // The file of another hand: AsKs's first opponent is AcAh, which AsAc cannot face.
  write_text(path, first_lines(hand("AsKs"), 2));
  message = read_error(path, hero);
  EXPECT_NE(message.find(":1: opponent AcAh"), std::string::npos) << message;
  EXPECT_NE(message.find("file of another hand"), std::string::npos) << message;
}

TEST(ReadResultFile, ReadsAndConvertsTheOriginalScriptsLayout) {
  TempDir dir;
  const auto hero = hand("AsAc");
  const std::string good = first_lines(hero, 3);
  const auto lines = test::split(good, '\n');
  const fs::path path = dir.path() / "AsAc.txt";
  // A newline before each record, a mark on the copied line, no newline at the end.
  write_text(path, "\n" + lines[0] + "\n" + lines[1] + ", '*'\n" + lines[2]);
  auto contents = read_result_file(path, hero);
  EXPECT_TRUE(contents.original_layout);
  EXPECT_TRUE(contents.needs_rewrite);
  EXPECT_TRUE(contents.half_written.empty());
  ASSERT_EQ(contents.lines.size(), 3u);
  EXPECT_EQ(format_line(contents.lines[1]), lines[1]);
  { ResultFileWriter writer(path, contents); }
  EXPECT_EQ(test::read_file(path.string()), good);

  // A last record cut short is half-written, not an error.
  write_text(path, "\n" + lines[0] + "\n" + lines[1] + "\n" + lines[2].substr(0, 20));
  contents = read_result_file(path, hero);
  EXPECT_EQ(contents.lines.size(), 2u);
  EXPECT_EQ(contents.half_written, lines[2].substr(0, 20));
  // A bad record before the last one is an error (line 1 is the empty first line).
  write_text(path, "\n" + lines[0] + "\nnonsense\n" + lines[2]);
  EXPECT_NE(read_error(path, hero).find(path.string() + ":3: "), std::string::npos);
}

TEST(DirectoryLock, SecondLockIsRefused) {
  TempDir dir;
  std::string message;
  {
    DirectoryLock first(dir.path());
    try {
      DirectoryLock second(dir.path());
    } catch (const InputError& e) {
      message = e.what();
    }
  }
  EXPECT_NE(message.find("in use by another equity run (process " + std::to_string(::getpid()) + ")"),
            std::string::npos)
      << message;
  DirectoryLock again(dir.path());  // released with the first
}

TEST(WriteFileAtomically, ReplacesTheWholeFile) {
  TempDir dir;
  const fs::path path = dir.path() / "x.csv";
  write_file_atomically(path, "one\n");
  write_file_atomically(path, "two\n");
  EXPECT_EQ(test::read_file(path.string()), "two\n");
  EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
}

// A failed write is a WriteError naming the path and the system's reason, not bad input.
std::string write_error(const std::function<void()>& write) {
  try {
    write();
  } catch (const WriteError& e) {
    return e.what();
  }
  return "";
}

TEST(FailedWrites, AreWriteErrorsWithThePathAndTheReason) {
  TempDir dir;
  const fs::path file = dir.path() / "file";
  write_file_atomically(file, "a file, not a directory\n");
  EXPECT_EQ(write_error([&] { write_file_atomically(file / "x.csv", "one\n"); }),
            "cannot create " + (file / "x.csv.tmp").string() + ": Not a directory");
  EXPECT_EQ(write_error([&] {
              DirectoryLock lock(file / "hands");
            }).rfind("cannot create directory " + (file / "hands").string() + ": ", 0),
            0u);
  EXPECT_EQ(write_error([&] { AppendFile("/dev/full").append("line\n"); }),
            "cannot write /dev/full: No space left on device");
  EXPECT_EQ(write_error([&] { AppendFile(file / "x.txt"); }),
            "cannot open for writing " + (file / "x.txt").string() + ": Not a directory");
}

}  // namespace
}  // namespace equity
