// The preflop table: classes, canonical matchups, building with resume (kills, repairs, lock), and
// the committed table in results/ checked against PokerStove, symmetry and fresh enumeration.
#include "equity/preflop_table.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "clean_message.hpp"
#include "equity/cards.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/result_file.hpp"
#include "equity/table_merge.hpp"
#include "equity/table_render.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

namespace fs = std::filesystem;

HoleCards hand(const char* text) { return parse_hole_cards(text); }

using test::TempDir;

// ---- Classes and canonical matchups -------------------------------------------------------------

TEST(HandClasses, OneHundredSixtyNineClassesCoverEveryHand) {
  const auto& classes = hand_classes();
  std::set<std::string> names;
  int combos = 0;
  for (int i = 0; i < kHandClasses; ++i) {
    const auto& c = classes[static_cast<std::size_t>(i)];
    names.insert(c.name());
    combos += c.combos();
    EXPECT_EQ(class_index(c), i);
    EXPECT_EQ(class_of(c.representative()), c);
    EXPECT_EQ(parse_hand_class(c.name()), c);
    const auto [row, column] = grid_cell(c);
    EXPECT_EQ(class_at_grid_cell(row, column), c);
  }
  EXPECT_EQ(names.size(), 169u);
  EXPECT_EQ(combos, 1326);
  EXPECT_EQ(hand_name(classes[0].representative()), "AsAc");
  EXPECT_EQ(hand_name(classes[1].representative()), "AsKs");
  EXPECT_EQ(hand_name(classes[2].representative()), "AsKc");
  EXPECT_EQ(classes[168].name(), "22");
  EXPECT_EQ(grid_cell(parse_hand_class("AKs")), std::make_pair(0, 1));
  EXPECT_EQ(grid_cell(parse_hand_class("AKo")), std::make_pair(1, 0));
  EXPECT_EQ(parse_hand_class("kas").name(), "AKs");
  EXPECT_EQ(parse_hand_class("109o").name(), "T9o");
  for (const char* bad : {"AAs", "AK", "A", "AKx", "ZZ", ""}) EXPECT_THROW(parse_hand_class(bad), InputError) << bad;
  EXPECT_EQ(parse_class_list("72o, AA,AKs,AA"), (std::vector<int>{0, 1, class_index(parse_hand_class("72o"))}));
}

TEST(HandClasses, ParseErrorsQuoteTheInputCleanly) {
  EXPECT_EQ(parse_hand_class("109S").name(), "T9s");
  EXPECT_EQ(parse_hand_class("a10O").name(), "ATo");
  for (const std::string& bad :
       {std::string("A\0Ks", 4), std::string("AK\n"), std::string("\xff\xfe"), std::string("A\u2660K")}) {
    try {
      (void)parse_hand_class(bad);
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      EXPECT_TRUE(test::is_clean_line(e.what())) << e.what();
      EXPECT_EQ(std::string(e.what()).rfind("bad hand class \"", 0), 0u) << e.what();
    }
  }
  EXPECT_THROW((void)parse_class_list(",,"), InputError);
}

TEST(CanonicalMatchups, The169FilesNeed47008Enumerations) {
  std::set<std::uint32_t> keys;
  std::size_t lines = 0;
  for (const auto& c : hand_classes()) {
    const auto hero = c.representative();
    for (const auto& opponent : opponent_hands(hero)) {
      keys.insert(canonical_matchup(hero, opponent).key);
      ++lines;
    }
  }
  EXPECT_EQ(lines, 169u * 1225u);
  EXPECT_EQ(keys.size(), static_cast<std::size_t>(kDistinctMatchups));
}

TEST(CanonicalMatchups, SuitPermutationsAndSeatSwapsGiveTheSameResult) {
  std::mt19937 rng(12345);
  for (int trial = 0; trial < 6; ++trial) {
    std::vector<int> deck(52);
    for (int i = 0; i < 52; ++i) deck[static_cast<std::size_t>(i)] = i;
    std::shuffle(deck.begin(), deck.end(), rng);
    const HoleCards a{Card(deck[0]), Card(deck[1])}, b{Card(deck[2]), Card(deck[3])};
    const auto m = canonical_matchup(a, b);
    const auto swapped = canonical_matchup(b, a);
    EXPECT_EQ(m.key, swapped.key);
    // Relabel suits h<->s, c<->d.
    const auto relabel = [](Card c) { return Card(c.rank(), 3 - c.suit()); };
    const auto relabelled = canonical_matchup({relabel(a[0]), relabel(a[1])}, {relabel(b[0]), relabel(b[1])});
    EXPECT_EQ(m.key, relabelled.key);
    const auto direct = enumerate(Deal{{a, b}, {}, {}});
    const auto canonical = enumerate(Deal{{m.hero, m.villain}, {}, {}});
    const std::size_t hero_seat = m.swapped ? 1 : 0;
    EXPECT_EQ(direct.players[0], canonical.players[hero_seat]);
    EXPECT_EQ(direct.players[1], canonical.players[1 - hero_seat]);
  }
}

// ---- Building: library and program --------------------------------------------------------------

TEST(BuildHandFiles, SharedMatchupsAreEnumeratedOnceAndFilesMatchEnumeration) {
  TempDir dir;
  // AsAc's line against KhKd and KhKd's line against AsAc are one matchup, enumerated once.
  const auto report = build_hand_files(dir.path(), {hand("AsAc"), hand("KhKd")});
  EXPECT_EQ(report.files_complete, 2u);
  EXPECT_EQ(report.lines_written, 2450u);
  EXPECT_LT(report.matchups_enumerated, 2450u);
  const auto as_ac = read_result_file(dir.path() / "AsAc.txt", hand("AsAc"));
  const auto kh_kd = read_result_file(dir.path() / "KhKd.txt", hand("KhKd"));
  ASSERT_TRUE(as_ac.complete());
  ASSERT_TRUE(kh_kd.complete());
  const auto line_against = [](const ResultFileContents& contents, HoleCards hero, HoleCards opponent) {
    const auto opponents = opponent_hands(hero);
    const auto at = std::find(opponents.begin(), opponents.end(), deck_ordered(opponent)) - opponents.begin();
    return contents.lines.at(static_cast<std::size_t>(at));
  };
  const ResultLine line = line_against(as_ac, hand("AsAc"), hand("KhKd"));
  const ResultLine mirror = line_against(kh_kd, hand("KhKd"), hand("AsAc"));
  // AdAc against KhKs is the same matchup up to suits: tests/data/exact/headsup.csv.
  EXPECT_EQ(line.wins(), 1388072u);
  EXPECT_EQ(line.losses(), 317694u);
  EXPECT_EQ(line.ties(), 6538u);
  EXPECT_EQ(mirror.hero_wins_or_ties, line.opponent_wins_or_ties);
  EXPECT_EQ(mirror.opponent_wins_or_ties, line.hero_wins_or_ties);
  for (std::size_t i : {std::size_t{0}, std::size_t{500}, std::size_t{1224}}) {
    const auto& l = kh_kd.lines[i];
    EXPECT_EQ(l, result_line(l.opponent, enumerate(Deal{{hand("KhKd"), l.opponent}, {}, {}})));
  }
  // A rerun computes nothing.
  const auto again = build_hand_files(dir.path(), {hand("AsAc"), hand("KhKd")});
  EXPECT_EQ(again.matchups_enumerated, 0u);
  EXPECT_EQ(again.lines_written, 0u);
  EXPECT_EQ(again.lines_resumed, 2450u);
}

// Starts `equity table` on some classes; small batches make kills land in the middle of files.
pid_t spawn_table(const std::string& dir, const std::string& classes, const std::string& threads,
                  const std::string& batch = "2048") {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::execl(EQUITY_BINARY, EQUITY_BINARY, "table", "--only", classes.c_str(), "--out", dir.c_str(), "--threads",
            threads.c_str(), "--batch", batch.c_str(), "--quiet", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

const std::vector<std::string> kResumeFiles = {"AsAc.txt", "AsKs.txt", "7s2c.txt"};
const char* kResumeClasses = "AA,AKs,72o";

std::string files_text(const fs::path& hands) {
  std::string all;
  for (const auto& name : kResumeFiles) {
    const fs::path p = hands / name;
    all += name + ":\n" + (fs::exists(p) ? test::read_file(p.string()) : std::string("(missing)\n"));
  }
  return all;
}

TEST(TableProgram, KilledAtRandomMomentsAndResumedEndsByteIdenticalToACleanRun) {
  TempDir clean, killed;
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  ::waitpid(spawn_table(clean.str(), kResumeClasses, "1"), &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const double clean_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const std::string expected = files_text(clean.path() / "hands");
  ASSERT_EQ(std::count(expected.begin(), expected.end(), '\n'), 3 * 1225 + 3);

  std::random_device seed_source;
  const unsigned seed = seed_source();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  int kills = 0, partial_states = 0;
  for (int attempt = 0; attempt < 40 && kills < 5; ++attempt) {
    const pid_t pid = spawn_table(killed.str(), kResumeClasses, "2", "64");
    std::uniform_real_distribution<double> delay(0.0, clean_ms * 0.6);
    std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(delay(rng)));
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    if (WIFEXITED(status)) {
      // Finished before the kill: start again from nothing, so that every run gets killed a few times.
      ASSERT_EQ(WEXITSTATUS(status), 0);
      ASSERT_EQ(files_text(killed.path() / "hands"), expected);
      fs::remove_all(killed.path() / "hands");
      continue;
    }
    ++kills;
    const std::string now = files_text(killed.path() / "hands");
    if (now != expected && now.find("(missing)") == std::string::npos) ++partial_states;
  }
  EXPECT_GE(kills, 3);
  const auto last = test::run_equity("table --only " + std::string(kResumeClasses) + " --out " + killed.str());
  EXPECT_EQ(last.exit_code, 0) << last.err;
  EXPECT_EQ(files_text(killed.path() / "hands"), expected);
  std::cout << "killed " << kills << " times, " << partial_states << " with partial files on disk\n";

  // A finished directory: nothing is enumerated, and the program says so.
  const auto again = test::run_equity("table --only " + std::string(kResumeClasses) + " --out " + killed.str());
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_NE(again.out.find("nothing to compute"), std::string::npos) << again.out;
}

TEST(TableProgram, CtrlCStopsCleanlyAndTheRunResumes) {
  TempDir clean, stopped;
  ASSERT_EQ(test::run_equity("table --only AKs --out " + clean.str()).exit_code, 0);
  const pid_t pid = spawn_table(stopped.str(), "AKs", "1", "32");
  // Once lines appear the handler is installed; stop in the middle of the file.
  const fs::path file = stopped.path() / "hands" / "AsKs.txt";
  for (int wait = 0; wait < 2000; ++wait) {
    std::error_code ec;
    if (fs::file_size(file, ec) > 0 && !ec) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_TRUE(WEXITSTATUS(status) == 130 || WEXITSTATUS(status) == 0) << WEXITSTATUS(status);
  const auto contents = read_result_file(file, hand("AsKs"));
  EXPECT_TRUE(contents.half_written.empty());  // a clean stop leaves whole lines only
  EXPECT_EQ(test::run_equity("table --only AKs --out " + stopped.str()).exit_code, 0);
  EXPECT_EQ(test::read_file((stopped.path() / "hands" / "AsKs.txt").string()),
            test::read_file((clean.path() / "hands" / "AsKs.txt").string()));
}

TEST(TableProgram, TruncatedLastLineIsRepairedWithAWarning) {
  TempDir dir;
  ASSERT_EQ(test::run_equity("table --only AA --out " + dir.str()).exit_code, 0);
  const fs::path file = dir.path() / "hands" / "AsAc.txt";
  const std::string complete = test::read_file(file.string());
  fs::resize_file(file, complete.size() / 2 + 7);  // mid-line
  const auto r = test::run_equity("table --only AA --out " + dir.str());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("warning: " + file.string() + ": line "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("half-written"), std::string::npos) << r.err;
  EXPECT_EQ(test::read_file(file.string()), complete);
}

TEST(TableProgram, CorruptedLineIsReportedWithItsLineNumberAndNothingIsBuiltOnIt) {
  TempDir dir;
  ASSERT_EQ(test::run_equity("table --only AA --out " + dir.str()).exit_code, 0);
  const fs::path file = dir.path() / "hands" / "AsAc.txt";
  auto lines = test::split(test::read_file(file.string()), '\n');
  lines[4] = "['Ah', 'Kd'], [1595888, 13786]";  // counts no longer add up
  lines.resize(600);                            // and the file is incomplete, so a run would append
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  { std::ofstream(file, std::ios::binary) << text; }
  const auto r = test::run_equity("table --only AA --out " + dir.str());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("equity: " + file.string() + ":5: counts do not add up"), std::string::npos) << r.err;
  EXPECT_EQ(test::read_file(file.string()), text);  // untouched
}

TEST(TableProgram, SecondConcurrentRunIsRefused) {
  TempDir dir;
  DirectoryLock held(dir.path());  // as a running `equity table --out DIR` holds it
  const auto r = test::run_equity("table --only AA --out " + dir.str());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("is in use by another equity run"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir.path() / "hands" / "AsAc.txt"));
}

TEST(FileProgram, WritesAnySpecificHand) {
  TempDir dir;
  const auto r = test::run_equity("file 2c7h --out " + dir.str() + " --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("lines_written"), 1225) << r.out;
  const auto contents = read_result_file(dir.path() / "7h2c.txt", hand("7h2c"));
  ASSERT_TRUE(contents.complete());
  EXPECT_FALSE(contents.needs_rewrite);
  const auto opponents = opponent_hands(hand("7h2c"));
  for (std::size_t i : {std::size_t{0}, std::size_t{611}, std::size_t{1224}})
    EXPECT_EQ(contents.lines[i], result_line(opponents[i], enumerate(Deal{{hand("7h2c"), opponents[i]}, {}, {}})));
  EXPECT_EQ(test::run_equity("file 7h7h").exit_code, 2);
}

// ---- The committed table (results/) -------------------------------------------------------------

const PreflopTable& committed_table() {
  static const PreflopTable table = [] {
    auto loaded = PreflopTable::load("results");
    if (!loaded) throw std::runtime_error("results/preflop-169x169.csv is missing: build it with `equity table`");
    return *loaded;
  }();
  return table;
}

TEST(CommittedTable, LoadRejectsBadCsvAndIgnoresAnIncompleteOne) {
  const std::string csv = test::read_file("results/preflop-169x169.csv");
  const auto load_with = [](const std::string& text) {
    TempDir dir;
    std::ofstream(dir.path() / "preflop-169x169.csv", std::ios::binary) << text;
    return PreflopTable::load(dir.path());
  };
  const auto message = [&](const std::string& text) {
    try {
      (void)load_with(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_TRUE(load_with(csv));
  EXPECT_FALSE(load_with(csv.substr(0, csv.rfind('\n', csv.size() / 2) + 1)));  // half the rows: not a table
  std::string bad_count = csv;
  bad_count.replace(bad_count.find("AA,AKo,36,"), 10, "AA,AKo,3x,");  // line 4
  EXPECT_NE(message(bad_count).find("preflop-169x169.csv:4: bad count \"3x\""), std::string::npos)
      << message(bad_count);
  std::string bad_sum = csv;
  bad_sum.replace(bad_sum.find("AA,AKo,36,"), 10, "AA,AKo,35,");
  EXPECT_NE(message(bad_sum).find(":4: wins + ties + losses"), std::string::npos) << message(bad_sum);
  EXPECT_NE(message("hero,villain\n").find(":1: expected the header"), std::string::npos);
  std::string short_row = csv;
  short_row.insert(short_row.find('\n') + 1, "AA,KK,36\n");
  EXPECT_NE(message(short_row).find(":2: expected 7 fields"), std::string::npos) << message(short_row);
}

// Issue 21, defect 1: a tampered combos count wrapped around in 64 bits, passed the check and gave
// 0.000 % to both players with exit code 0.
TEST(CommittedTable, LoadRejectsCountsThatCannotBeRight) {
  const std::string csv = test::read_file("results/preflop-169x169.csv");
  const auto message = [](const std::string& text) {
    TempDir dir;
    std::ofstream(dir.path() / "preflop-169x169.csv", std::ios::binary) << text;
    try {
      (void)PreflopTable::load(dir.path());
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const auto with_row = [&](const std::string& row) {
    std::string text = csv;
    const auto start = text.find("\nAA,AA,") + 1;
    text.replace(start, text.find('\n', start) - start, row);
    return text;
  };
  EXPECT_NE(
      message(with_row("AA,AA,873479247549716899,16,0,0,0.5"))
          .find("preflop-169x169.csv:2: combos 873479247549716899 is more than the 36 combo pairs of AA against AA"),
      std::string::npos);
  EXPECT_NE(message(with_row("AA,AA,37,0,0,63355248,0")).find(":2: combos 37 is more than the 36"), std::string::npos);
  EXPECT_NE(message(with_row("AA,AA,6,999999999999999999,999999999999999999,999999999999999999,0.5"))
                .find(":2: wins + ties + losses"),
            std::string::npos);
  EXPECT_NE(message(with_row("AA,AA,6,1,2,\x01\xff,0.5")).find(":2: bad count \"\\x01\\xff\""), std::string::npos);
}

// Issue 21, defect 7: a directory in the table's place gave "internal error: basic_filebuf::underflow".
TEST(CommittedTable, ADirectoryInPlaceOfTheTableIsABadTable) {
  TempDir dir;
  fs::create_directories(dir.path() / "preflop-169x169.csv");
  try {
    (void)PreflopTable::load(dir.path());
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              (dir.path() / "preflop-169x169.csv").string() + ": is a directory, not the table file");
  }
}

TEST(CommittedTable, FilesAndAggregatesAgree) {
  const auto from_files = PreflopTable::from_hand_files("results/hands");
  const auto& table = committed_table();
  EXPECT_TRUE(from_files.wins() == table.wins());
  EXPECT_TRUE(from_files.ties() == table.ties());
  EXPECT_TRUE(from_files.losses() == table.losses());
  EXPECT_TRUE(from_files.combos() == table.combos());
  EXPECT_EQ(matrix_csv(from_files), test::read_file("results/preflop-169x169.csv"));
  EXPECT_EQ(vs_random_csv(from_files), test::read_file("results/vs-random.csv"));
  EXPECT_EQ(grid_text(from_files), test::read_file("results/grid.txt"));
  EXPECT_EQ(grid_svg(from_files), test::read_file("results/grid.svg"));
  EXPECT_EQ(test::read_csv("results/preflop-169x169.csv").size(), 28561u);
  EXPECT_EQ(test::read_csv("results/vs-random.csv").size(), 169u);
}

TEST(CommittedTable, EveryFileLineIsConsistent) {
  std::size_t files = 0;
  for (const auto& c : hand_classes()) {
    const auto rep = c.representative();
    const auto path = fs::path("results/hands") / result_file_name(rep);
    const auto contents = read_result_file(path, rep);  // parses, checks order and counts
    EXPECT_TRUE(contents.complete()) << path;
    EXPECT_FALSE(contents.needs_rewrite) << path;
    EXPECT_TRUE(contents.half_written.empty()) << path;
    for (const auto& line : contents.lines) {
      ASSERT_EQ(line.hero_wins_or_ties + line.opponent_wins_or_ties - line.ties(), kPreflopBoards);
      ASSERT_LE(line.ties(), std::min(line.hero_wins_or_ties, line.opponent_wins_or_ties));
    }
    ++files;
  }
  EXPECT_EQ(files, 169u);
  std::size_t on_disk = 0;
  for (const auto& entry : fs::directory_iterator("results/hands"))
    if (entry.path().extension() == ".txt") ++on_disk;
  EXPECT_EQ(on_disk, 169u);
}

TEST(CommittedTable, KnownAsAcLines) {
  const std::string text = test::read_file("results/hands/AsAc.txt");
  const auto lines = test::split(text, '\n');
  ASSERT_EQ(lines.size(), 1225u);
  EXPECT_EQ(lines[0], "['Ah', 'Ad'], [1675094, 1675094]");
  EXPECT_EQ(lines[1], "['Ah', 'Ks'], [1612033, 123343]");
  EXPECT_EQ(lines[3], "['Ah', 'Kh'], [1515173, 218634]");  // the original script wrote 1515162
  EXPECT_EQ(lines[4], "['Ah', 'Kd'], [1595888, 137865]");
  EXPECT_EQ(lines[7], "['Ah', 'Qh'], [1508254, 225365]");
}

TEST(CommittedTable, SymmetricForEveryPairOfClasses) {
  const auto& t = committed_table();
  for (int i = 0; i < kHandClasses; ++i)
    for (int j = 0; j < kHandClasses; ++j) {
      ASSERT_EQ(t.wins()(i, j), t.losses()(j, i)) << i << " " << j;
      ASSERT_EQ(t.ties()(i, j), t.ties()(j, i)) << i << " " << j;
      ASSERT_EQ(t.combos()(i, j), t.combos()(j, i)) << i << " " << j;
      ASSERT_EQ(t.wins()(i, j) + t.ties()(i, j) + t.losses()(i, j),
                t.combos()(i, j) * static_cast<std::int64_t>(kPreflopBoards));
    }
  EXPECT_EQ(t.combos().sum(), 1326 * 1225);
}

TEST(CommittedTable, AgreesWithPokerStoveOnAll14196Pairs) {
  std::ifstream in(test::data_path("preflop/pokerstove_preflop-matchups.txt"));
  ASSERT_TRUE(in);
  std::string line;
  std::size_t pairs = 0;
  double worst = 0;
  const auto& t = committed_table();
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string a, vs1, b, colon, vs2;
    double ea = 0, eb = 0;
    fields >> a >> vs1 >> b >> colon >> ea >> vs2 >> eb;
    ASSERT_TRUE(fields && vs1 == "vs." && colon == ":") << line;
    const int i = class_index(parse_hand_class(a)), j = class_index(parse_hand_class(b));
    const double ours = t.classes(i, j).equity(), theirs = t.classes(j, i).equity();
    EXPECT_NEAR(ours, ea, 1e-6) << line;
    EXPECT_NEAR(theirs, eb, 1e-6) << line;
    worst = std::max({worst, std::abs(ours - ea), std::abs(theirs - eb)});
    ++pairs;
  }
  EXPECT_EQ(pairs, 14196u);
  std::cout << "largest difference from PokerStove: " << worst << "\n";
}

TEST(CommittedTable, PublishedExactCounts) {
  const auto& t = committed_table();
  const auto aa_kk = t.classes(class_index(parse_hand_class("AA")), class_index(parse_hand_class("KK")));
  EXPECT_EQ(aa_kk, (MatchupCounts{36, 50371344, 285228, 10986372}));  // tests/data/exact/classes.csv
  for (const auto& row : test::read_csv(test::data_path("exact/headsup.csv"))) {
    const auto counts = t.hands(hand(row[0].c_str()), hand(row[1].c_str()));
    EXPECT_EQ(counts.wins, std::stoull(row[3])) << row[0] << " " << row[1];
    EXPECT_EQ(counts.losses, std::stoull(row[4])) << row[0] << " " << row[1];
    EXPECT_EQ(counts.ties, std::stoull(row[5])) << row[0] << " " << row[1];
  }
}

TEST(CommittedTable, RandomLinesMatchFreshEnumeration) {
  std::random_device seed_source;
  const unsigned seed = seed_source();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  for (int k = 0; k < 24; ++k) {
    const auto& c = hand_classes()[std::uniform_int_distribution<std::size_t>(0, 168)(rng)];
    const auto hero = c.representative();
    const auto index = std::uniform_int_distribution<std::size_t>(0, 1224)(rng);
    const auto lines = test::split(test::read_file("results/hands/" + result_file_name(hero)), '\n');
    const auto opponent = opponent_hands(hero)[index];
    EXPECT_EQ(lines.at(index), format_line(result_line(opponent, enumerate(Deal{{hero, opponent}, {}, {}}))))
        << result_file_name(hero) << " line " << index + 1;
  }
}

TEST(CommittedTable, LookupsOfSpecificHandsMatchEnumeration) {
  std::random_device seed_source;
  const unsigned seed = seed_source();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  const auto& t = committed_table();
  for (int k = 0; k < 10; ++k) {
    std::vector<int> deck(52);
    for (int i = 0; i < 52; ++i) deck[static_cast<std::size_t>(i)] = i;
    std::shuffle(deck.begin(), deck.end(), rng);
    const HoleCards a{Card(deck[0]), Card(deck[1])}, b{Card(deck[2]), Card(deck[3])};
    const auto r = enumerate(Deal{{a, b}, {}, {}});
    EXPECT_EQ(t.hands(a, b), (MatchupCounts{1, r.players[0].wins, r.players[0].ties, r.players[0].losses}))
        << hand_name(a) << " vs " << hand_name(b);
  }
  // A specific hand against a class: KhQh against the six aces.
  MatchupCounts sum;
  for (const char* aces : {"AsAc", "AsAh", "AsAd", "AcAh", "AcAd", "AhAd"}) {
    const auto r = enumerate(Deal{{hand("KhQh"), hand(aces)}, {}, {}});
    sum += MatchupCounts{1, r.players[0].wins, r.players[0].ties, r.players[0].losses};
  }
  EXPECT_EQ(t.hand_versus_class(hand("KhQh"), class_index(parse_hand_class("AA"))), sum);
  const auto random = t.hand_versus_random(hand("KhQh"));
  EXPECT_EQ(random.combos, 1225u);
  EXPECT_EQ(random, t.hand_versus_random(hand("KsQs")));
  EXPECT_THROW(t.hands(hand("AsAc"), hand("AsKd")), InputError);
}

TEST(CommittedTable, VersusRandomAndGridProgram) {
  const auto& t = committed_table();
  const auto aa = t.versus_random(0);
  EXPECT_EQ(aa.combos, 6u * 1225u);
  EXPECT_NEAR(aa.equity(), 0.8520, 5e-4);  // the well-known 85.2%
  const auto r = test::run_equity("grid --dir results");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 14);
  EXPECT_EQ(r.out.find("\x1b["), std::string::npos);  // no colours into a pipe
  EXPECT_NE(r.out.find(" AA  85.2 "), std::string::npos) << r.out;
  const auto j = test::run_equity("grid random KK --json --dir results");
  EXPECT_EQ(j.exit_code, 0) << j.err;
  auto cell = nlohmann::json::parse(j.out).at("cells").at(0);
  EXPECT_NEAR(cell.at("equity").get<double>(), (50371344 + 285228 / 2.0) / (36 * 1712304.0), 1e-15);
  cell.erase("equity");
  EXPECT_EQ(cell, nlohmann::json::parse(R"({"class": "AA", "row": 0, "column": 0, "combos": 6, "showdowns": 61642944,
                                           "wins": 50371344, "ties": 285228, "losses": 10986372})"));
  const auto bad = test::run_equity("grid KKs --dir results");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.out, "");
}

// The library merges shards (table_merge.hpp): the committed class files merge into a table whose
// files are the committed bytes, a second merge writes nothing, and a class no shard has is an
// error naming it, with nothing written.
TEST(TableMerge, TheCommittedFilesMergeByteForByteAndAMissingClassWritesNothing) {
  TempDir dir;
  const std::vector<fs::path> shards = {fs::path("results")};
  const std::vector<HoleCards> heroes = {parse_hand_class("AA").representative(),
                                         parse_hand_class("72o").representative()};
  fs::create_directories(dir.path() / "hands");
  const TableMergeReport r = merge_table_shards(shards, dir.path(), Game::holdem, heroes);
  EXPECT_EQ(r.dir, dir.path());
  EXPECT_EQ(r.files, 2u);
  EXPECT_EQ(r.written, 2u);
  EXPECT_FALSE(r.aggregates);  // 2 of the 169 class files
  for (const HoleCards hero : heroes)
    EXPECT_EQ(test::read_file((dir.path() / "hands" / result_file_name(hero)).string()),
              test::read_file((fs::path("results") / "hands" / result_file_name(hero)).string()));
  EXPECT_EQ(merge_table_shards(shards, dir.path(), Game::holdem, heroes).written, 0u);

  TempDir empty, out;
  fs::create_directories(out.path() / "hands");
  const std::vector<fs::path> none = {empty.path()};
  try {
    (void)merge_table_shards(none, out.path(), Game::holdem, heroes);
    ADD_FAILURE() << "a class no shard has merged";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("AA (AsAc.txt): no complete file"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(out.path() / "hands" / "AsAc.txt"));  // nothing written
}

}  // namespace
}  // namespace equity
