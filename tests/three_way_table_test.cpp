// The three-way preflop table (three_way_table.hpp): orbits against a brute force over every
// assignment, the units' counts against enumeration, answers from a partial table against
// enumerate_ranges() and calculate(), resuming, and the sharded build and merge of the command line.
#include "equity/three_way_table.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "equity/calculate.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/plan.hpp"
#include "test_support.hpp"

using namespace equity;
using namespace equity::test;
namespace fs = std::filesystem;

namespace {

// The classes of the partial table the tests build: few combos, so that it builds in a blink.
const std::string kClasses = "AA,KK,AKs,QJs";

std::vector<int> classes_of_list(const std::string& list) { return parse_class_list(list); }

// Every ordered assignment of disjoint combos to the triple's seats, by brute force.
std::vector<std::array<HoleCards, 3>> assignments(const ClassTriple& t) {
  std::vector<std::array<HoleCards, 3>> out;
  const auto& classes = hand_classes();
  for (int a : classes[static_cast<std::size_t>(t.first)].combo_indices())
    for (int b : classes[static_cast<std::size_t>(t.second)].combo_indices())
      for (int c : classes[static_cast<std::size_t>(t.third)].combo_indices()) {
        std::set<int> cards;
        std::array<HoleCards, 3> hands{};
        int k = 0;
        for (int combo : {a, b, c}) {
          hands[static_cast<std::size_t>(k++)] = {combo_cards(combo)[0], combo_cards(combo)[1]};
          cards.insert(combo_cards(combo)[0].id());
          cards.insert(combo_cards(combo)[1].id());
        }
        if (cards.size() == 6) out.push_back(hands);
      }
  return out;
}

std::array<SeatCounts3, 3> enumerated(const std::array<HoleCards, 3>& hands) {
  const auto r = enumerate(Deal{{hands[0], hands[1], hands[2]}, {}, {}, Game::holdem});
  std::array<SeatCounts3, 3> out{};
  for (std::size_t s = 0; s < 3; ++s) out[s] = {r.players[s].wins, r.players[s].ties, r.players[s].share};
  return out;
}

std::string read_dir(const fs::path& dir) {  // every file's name and bytes, in name order
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename() != ".lock") names.insert(e.path().filename().string());
  std::string all;
  for (const auto& n : names) all += n + ":\n" + read_file((dir / n).string());
  return all;
}

// A partial table of kClasses in a temporary directory, built once.
const fs::path& partial_table() {
  static TempDir dir;
  static const bool built = [] {
    build_three_way_units(dir.path() / kThreeWayDir / "units", class_triples(classes_of_list(kClasses)));
    write_three_way_aggregate(dir.path() / kThreeWayDir);
    return true;
  }();
  (void)built;
  return dir.path();
}

RangeDeal three(const std::string& a, const std::string& b, const std::string& c) {
  return RangeDeal{{Range::parse(a), Range::parse(b), Range::parse(c)}, {}, {}};
}

void expect_same(const RangeEquityResult& t, const RangeEquityResult& e) {
  EXPECT_EQ(t.assignments, e.assignments);
  EXPECT_EQ(t.boards, e.boards);
  EXPECT_EQ(t.combos, e.combos);
  EXPECT_EQ(t.weighted, e.weighted);
  EXPECT_NEAR(t.total_weight, e.total_weight, 1e-9 * e.total_weight);
  ASSERT_EQ(t.players.size(), 3u);
  for (std::size_t p = 0; p < 3; ++p) {
    SCOPED_TRACE("player " + std::to_string(p + 1));
    EXPECT_EQ(t.players[p].wins, e.players[p].wins);
    EXPECT_EQ(t.players[p].ties, e.players[p].ties);
    EXPECT_EQ(t.players[p].losses, e.players[p].losses);
    EXPECT_EQ(t.players[p].share, e.players[p].share);
    EXPECT_NEAR(t.players[p].weighted_share, e.players[p].weighted_share, 1e-9 * e.players[p].weighted_share);
    EXPECT_DOUBLE_EQ(t.equity(p), e.equity(p));
  }
}

}  // namespace

TEST(ThreeWayOrbits, EveryAssignmentIsInExactlyOneOrbitOfItsClassTriple) {
  for (const auto& t : class_triples(classes_of_list("AA,KK,AKs,T9o"))) {
    SCOPED_TRACE(t.str());
    const auto orbits = triple_orbits(t);
    std::map<std::array<HoleCards, 3>, std::uint32_t> members;
    for (const auto& h : assignments(t)) ++members[canonical_assignment(h).second];
    ASSERT_EQ(orbits.size(), members.size());
    for (const auto& line : orbits) {
      EXPECT_EQ(line.members, members[line.hands]);
      EXPECT_EQ(canonical_assignment(line.hands).second, line.hands);
    }
  }
  EXPECT_EQ(class_triples(classes_of_list("AA,KK,AKs,T9o")).size(), 20u);
  EXPECT_EQ(triple_orbits({0, 0, 0}).size(), 0u);  // three pairs of aces: no such deal
}

TEST(ThreeWayUnits, EveryAssignmentsCountsAreItsOrbitsAndEnumerationsCounts) {
  const auto& dir = partial_table();
  std::size_t sections = 0;
  for (const auto& t : class_triples(classes_of_list(kClasses))) {
    SCOPED_TRACE(t.str());
    const auto unit =
        read_unit_file(dir / kThreeWayDir / "units" / unit_file_name(t.first, t.second), t.first, t.second);
    ASSERT_TRUE(unit.sections.contains(t));
    ++sections;
    std::map<std::array<HoleCards, 3>, std::array<SeatCounts3, 3>> by_orbit;
    for (const auto& line : unit.sections.at(t).lines) by_orbit[line.hands] = line.seats;
    for (const auto& h : assignments(t)) EXPECT_EQ(by_orbit.at(canonical_assignment(h).second), enumerated(h));
  }
  EXPECT_EQ(sections, 20u);
}

TEST(ThreeWayTable, AnswersFromThePartialTableAreEnumerationsIntegers) {
  const auto table = ThreeWayTable::load(partial_table() / kThreeWayDir);
  ASSERT_TRUE(table.has_value());
  EXPECT_EQ(table->size(), 20u);
  for (const auto& [a, b, c] : std::vector<std::array<std::string, 3>>{
           {"AA", "KK", "AKs"},
           {"AKs", "AA", "KK"},
           {"KK", "AKs", "AA"},
           {"AA,KK", "AKs,QJs", "AA,QJs"},
           {"AA,KK,AKs,QJs", "AA,KK,AKs,QJs", "AA,KK,AKs,QJs"},
           {"AA:0.5,KK", "AKs@25", "QJs,AA:0.75"},
           {"AsAc", "KsKh", "AdKd"},
           {"KhKd", "AsAc", "QsJs"},
           {"AhAd", "KsKc", "AsAc"},  // two hands of one class, either seat order
           {"KhKd", "AdAc", "KsKc"},
       }) {
    SCOPED_TRACE(a + " " + b + " " + c);
    const auto deal = three(a, b, c);
    ASSERT_TRUE(three_way_table_answers(*table, deal));
    const auto from_table = three_way_table_equity(*table, deal);
    ASSERT_TRUE(from_table.has_value());
    expect_same(*from_table, enumerate_ranges(deal));
  }
}

TEST(ThreeWayTable, QuestionsItDoesNotCoverAreNotAnswered) {
  const auto table = ThreeWayTable::load(partial_table() / kThreeWayDir);
  ASSERT_TRUE(table.has_value());
  for (const auto& [a, b, c] : std::vector<std::array<std::string, 3>>{
           {"AA", "KK", "QQ"},         // QQ is not in the table
           {"AA,QQ", "KK", "AKs"},     // one class triple missing
           {"AsKs,AcKc", "KK", "AA"},  // part of a class
           {"AsAc", "KK", "AKs"},      // a hand against classes
           {"AsAc", "KsKh", "QsQc"},   // a class triple it lacks
       }) {
    SCOPED_TRACE(a + " " + b + " " + c);
    EXPECT_FALSE(three_way_table_answers(*table, three(a, b, c)));
    EXPECT_FALSE(three_way_table_equity(*table, three(a, b, c)).has_value());
  }
  EXPECT_FALSE(three_way_table_answers(*table, RangeDeal{{Range::parse("AA"), Range::parse("KK")}, {}, {}}));
  auto on_board = three("AA", "KK", "AKs");
  on_board.board = parse_cards("2c3d4h");
  EXPECT_FALSE(three_way_table_answers(*table, on_board));
}

TEST(ThreeWayTable, TheOneCallAnswersFromTheTableWhenCoveredElseEnumerates) {
  const std::string dir = partial_table().string();
  for (const auto& players : std::vector<std::vector<std::string>>{
           {"AA,KK", "AKs", "QJs,KK"}, {"AsAc", "KsKh", "AdKd"}, {"AA", "KK", "QQ"}, {"AsAc", "KK", "AKs"}}) {
    Question q;
    q.players = players;
    q.table_dir = dir;
    const Answer a = calculate(q);
    Question exact = q;
    exact.use_table = false;
    const Answer e = calculate(exact);
    const bool covered = players[2] != "QQ" && players[1] != "KK";
    EXPECT_EQ(a.method, covered ? Method::table : Method::exact) << players[0];
    EXPECT_EQ(e.method, Method::exact);
    ASSERT_EQ(a.players.size(), 3u);
    EXPECT_EQ(a.assignments, e.assignments);
    for (std::size_t p = 0; p < 3; ++p) {
      EXPECT_EQ(a.players[p].wins, e.players[p].wins);
      EXPECT_EQ(a.players[p].ties, e.players[p].ties);
      EXPECT_EQ(a.players[p].losses, e.players[p].losses);
      EXPECT_EQ(a.players[p].combos, e.players[p].combos);
      EXPECT_DOUBLE_EQ(a.players[p].equity, e.players[p].equity);
    }
  }
  Question forced;
  forced.players = {"AA", "KK", "QQ"};
  forced.table_dir = dir;
  forced.method = Method::table;
  EXPECT_THROW(calculate(forced), InputError);
}

TEST(ThreeWayUnits, AStoppedOrTornBuildResumesToTheSameBytes) {
  TempDir dir;
  const auto triples = class_triples(classes_of_list("AA,KK,AKs,T9o"));
  build_three_way_units(dir.path() / "one", triples);
  const std::string expected = read_dir(dir.path() / "one");

  std::atomic<bool> stop{false};
  ThreeWayOptions options;
  options.batch_orbits = 16;
  options.stop = &stop;
  options.progress = [&](const ThreeWayProgress&) { stop = true; };  // after the first batch
  const auto first = build_three_way_units(dir.path() / "two", triples, options);
  EXPECT_TRUE(first.stopped);
  EXPECT_GT(first.sections_written, 0u);
  EXPECT_LT(first.sections_written, triples.size());
  // A torn section at the end of a file, as a kill in the middle of a write leaves it.
  const fs::path torn =
      dir.path() / "two" / unit_file_name(class_index(parse_hand_class("KK")), class_index(parse_hand_class("T9o")));
  {
    std::ofstream out(torn, std::ios::app);
    out << "KK,T9o,T9o,3\nKsKc,Ts9c,Th9s,2,1";
  }
  std::vector<std::string> warnings;
  options.stop = nullptr;
  options.progress = nullptr;
  options.warn = [&](const std::string& w) { warnings.push_back(w); };
  const auto second = build_three_way_units(dir.path() / "two", triples, options);
  EXPECT_FALSE(second.stopped);
  EXPECT_EQ(second.sections_kept, first.sections_written);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("torn last section"), std::string::npos) << warnings[0];
  EXPECT_EQ(read_dir(dir.path() / "two"), expected);
  // Again: nothing to do.
  EXPECT_EQ(build_three_way_units(dir.path() / "two", triples).sections_written, 0u);
}

TEST(ThreeWayUnits, ABadUnitFileIsAnErrorNamingItsLine) {
  TempDir dir;
  const fs::path path = dir.path() / "AA-KK.txt";
  const int aa = class_index(parse_hand_class("AA")), kk = class_index(parse_hand_class("KK"));
  const auto write = [&](const std::string& text) { std::ofstream(path, std::ios::trunc) << text; };
  write("AA,KK,KK,1\nAsAc,KsKc,KhKd,6,1,2,3,4,5,6,7,8,9\n");
  EXPECT_THROW(read_unit_file(path, aa, kk), InputError);  // counts that do not add up
  write("AA,QQ,QQ,0\n");
  try {
    read_unit_file(path, aa, kk);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("AA-KK.txt:1: class triple AA,QQ,QQ does not belong"), std::string::npos)
        << e.what();
  }
  write("AA,KK,KK,0\nAA,KK,KK,0\n");
  EXPECT_THROW(read_unit_file(path, aa, kk), InputError);  // twice
  write("AA,KK,KK,0\nAA,KK,AKs,0");                        // a torn header: not an error
  const auto torn = read_unit_file(path, aa, kk);
  EXPECT_TRUE(torn.torn);
  EXPECT_EQ(torn.complete_bytes, 11u);
}

// ---- the command line ------------------------------------------------------------------------

TEST(ThreeWayTableCli, ShardsMergedAreByteIdenticalToOneRunWhateverTheShardsOrderAndRestarts) {
  TempDir dir;
  const std::string d = dir.str();
  const std::string classes = "AA,KK,AKs,T9o,87o";
  const auto one = run_equity("table -q --players 3 --only " + classes + " --out " + d + "/one --json");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(nlohmann::json::parse(one.out).at("aggregate_rows"), 35) << one.out;
  const std::string expected =
      read_dir(dir.path() / "one" / kThreeWayDir / "units") + read_file(d + "/one/threeway/" + kThreeWayFile);
  for (const int n : {1, 2, 3}) {
    std::string shards;
    for (int k = n - 1; k >= 0; --k) {
      const std::string out = d + "/s" + std::to_string(n) + "-" + std::to_string(k);
      if (k == 0) {  // killed in the middle, then run again
        const pid_t pid = ::fork();
        if (pid == 0) {
          ::execl(EQUITY_BINARY, EQUITY_BINARY, "table", "-q", "--players", "3", "--only", classes.c_str(), "--shard",
                  ("0/" + std::to_string(n)).c_str(), "--out", out.c_str(), "--batch", "8", "--threads", "1",
                  static_cast<char*>(nullptr));
          ::_exit(127);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
      }
      const auto r = run_equity("table -q --players 3 --only " + classes + " --shard " + std::to_string(k) + "/" +
                                std::to_string(n) + " --out " + out);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      shards += " " + out;
    }
    const std::string merged = d + "/merged" + std::to_string(n);
    const auto r = run_equity("table merge --players 3" + shards + " --only " + classes + " --out " + merged);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_dir(fs::path(merged) / kThreeWayDir / "units") + read_file(merged + "/threeway/" + kThreeWayFile),
              expected);
  }
  // The merged table answers on the command line, as enumeration does.
  const auto table = run_equity("AA,KK T9o AKs --json --table " + d + "/merged2");
  const auto exact = run_equity("AA,KK T9o AKs --json --no-table");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  auto t = nlohmann::json::parse(table.out), e = nlohmann::json::parse(exact.out);
  EXPECT_EQ(t.at("mode"), "table");
  EXPECT_EQ(e.at("mode"), "exact");
  EXPECT_EQ(t.at("players"), e.at("players"));
  // A class triple in no shard: an error, and nothing written.
  const auto missing = run_equity("table merge --players 3 " + d + "/s2-0 --only " + classes + " --out " + d + "/m");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("in no shard's threeway/units"), std::string::npos) << missing.err;
  EXPECT_FALSE(fs::exists(d + "/m/threeway/" + kThreeWayFile));
  EXPECT_TRUE(fs::is_empty(d + "/m/threeway/units") || read_dir(d + "/m/threeway/units").empty());
  const auto bad = run_equity("table --players 4 --out " + d + "/x");
  EXPECT_EQ(bad.exit_code, 2);
  const auto shortdeck = run_equity("table --players 3 --game shortdeck --out " + d + "/x");
  EXPECT_EQ(shortdeck.exit_code, 2);
  EXPECT_NE(shortdeck.err.find("Hold'em's only"), std::string::npos) << shortdeck.err;
}

TEST(ThreeWayTable, AMalformedAggregateIsPassedOverWithAWarningUnlessTheTableWasAskedFor) {
  TempDir dir;
  fs::copy(partial_table() / kThreeWayDir, dir.path() / kThreeWayDir, fs::copy_options::recursive);
  std::ofstream(dir.path() / kThreeWayDir / kThreeWayFile, std::ios::app) << "AA,KK,oops\n";
  Question q;
  q.players = {"AA,KK", "AKs", "QJs"};
  q.table_dir = dir.str();
  const Answer a = calculate(q);
  EXPECT_EQ(a.method, Method::exact);
  ASSERT_EQ(a.warnings.size(), 1u);
  EXPECT_NE(a.warnings[0].find("preflop-3way.csv:22: expected 13 fields"), std::string::npos) << a.warnings[0];
  q.method = Method::table;
  EXPECT_THROW(calculate(q), InputError);
  // Three specific hands need only their unit file.
  Question hands;
  hands.players = {"AsAc", "KsKh", "AdKd"};
  hands.table_dir = dir.str();
  EXPECT_EQ(calculate(hands).method, Method::table);
}
