// The orderings of the Omaha hand classes (omaha_order.hpp, `equity order`): the classes, the
// units, shards and resumes byte-identical, kill-safety, bad input, and the shipped orderings.
#include "equity/omaha_order.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <tuple>

#include "detail/parallel.hpp"
#include "equity/error.hpp"
#include "equity/omaha_class.hpp"
#include "equity/omaha_hand_order.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_equity;

// A fresh directory under the temp directory, removed at the end of the test.
class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_(fs::temp_directory_path() / ("omaha-order-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string unit_files_text(const fs::path& dir) {
  std::string all;
  for (std::size_t u = 0; fs::exists(dir / "order-units" / omaha_order_unit_name(u)); ++u)
    all += read_file((dir / "order-units" / omaha_order_unit_name(u)).string()) + "|";
  return all;
}

OmahaOrderOptions small(std::size_t first, std::uint64_t trials) {
  OmahaOrderOptions o;
  o.hole_cards = 4;
  o.first = first;
  o.trials = trials;
  return o;
}

TEST(OmahaOrder, ClassesAreEveryHandUpToSuitsInCanonicalOrder) {
  for (const auto& [cards, classes, hands] :
       std::vector<std::tuple<int, std::size_t, std::uint64_t>>{{4, 16432, 270725}, {5, 134459, 2598960}}) {
    const auto all = omaha_classes(cards);
    ASSERT_EQ(all.size(), classes);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
      ASSERT_EQ(all[i].size(), cards);
      ASSERT_EQ(omaha_class(all[i]), all[i]);
      if (i > 0) {
        ASSERT_LT(all[i - 1].bits(), all[i].bits());
      }
      total += static_cast<std::uint64_t>(omaha_class_hands(all[i]));
    }
    EXPECT_EQ(total, hands);
  }
  EXPECT_THROW(omaha_classes(3), InputError);
}

TEST(OmahaOrder, TrialsBoundTheStandardError) {
  EXPECT_EQ(omaha_order_trials(0.0005), 1000000u);
  EXPECT_EQ(omaha_order_trials(0.002), 62500u);
  EXPECT_EQ(omaha_order_trials(0.0002), 6250000u);
  EXPECT_EQ(omaha_order_trials(0.5), 1u);
  EXPECT_EQ(omaha_order_trials(0.003), 27778u);  // 27,777.8 rounded up
  for (double bad : {0.0, -0.001, 0.51, std::numeric_limits<double>::quiet_NaN()})
    EXPECT_THROW(omaha_order_trials(bad), InputError) << bad;
  // A line's standard error is within the bound whatever the class.
  const CardSet hand = omaha_classes(4)[100];
  const auto e = omaha_equity_vs_random(hand, omaha_order_trials(0.01), omaha_order_seed(hand));
  EXPECT_LE(e.std_error, 0.01);
  EXPECT_GT(e.std_error, 0.005);
}

// Each line is the class's omaha_equity_vs_random() with the class's seed, formatted: a function of
// the class and the trials only.
TEST(OmahaOrder, EachLineIsItsClassAlone) {
  TempDir dir("line");
  build_omaha_order_units(dir.path(), small(300, 500));
  const auto all = omaha_classes(4);
  const auto unit0 = test::split(read_file((dir.path() / "order-units/0000.csv").string()), '\n');
  const auto unit1 = test::split(read_file((dir.path() / "order-units/0001.csv").string()), '\n');
  ASSERT_GE(unit0.size(), 256u);
  ASSERT_GE(unit1.size(), 44u);
  for (std::size_t i : {0, 1, 17, 255, 256, 299}) {
    const CardSet c = all[i];
    const auto want = omaha_order_line(c, omaha_equity_vs_random(c, 500, omaha_order_seed(c)));
    EXPECT_EQ((i < 256 ? unit0[i] : unit1[i - 256]) + "\n", want) << i;
  }
  EXPECT_NE(omaha_order_seed(all[0]), omaha_order_seed(all[1]));
}

TEST(OmahaOrder, ShardsGiveTheSameBytes) {
  TempDir one("one"), three("three"), a("a"), b("b");
  const auto base = small(600, 300);  // 3 units, the last of 88 classes
  const auto report = build_omaha_order_units(one.path(), base);
  EXPECT_EQ(report.units, 3u);
  EXPECT_EQ(report.written, 600u);
  merge_omaha_order({one.path()}, one.path(), 4, 600);
  // Three shards in one directory, in the order 2, 0, 1, on one and two threads.
  for (std::uint64_t k : {2, 0, 1}) {
    auto o = base;
    o.shard_index = k;
    o.shard_count = 3;
    const auto r =
        detail::with_threads(static_cast<int>(k % 2 + 1), [&] { return build_omaha_order_units(three.path(), o); });
    EXPECT_EQ(r.units, 1u);
  }
  EXPECT_EQ(unit_files_text(three.path()), unit_files_text(one.path()));
  merge_omaha_order({three.path()}, three.path(), 4, 600);
  const std::string want = read_file((one.path() / "order-equity.csv").string());
  EXPECT_EQ(read_file((three.path() / "order-equity.csv").string()), want);
  // Two shards in their own directories, merged into a third.
  for (std::uint64_t k : {0, 1}) {
    auto o = base;
    o.shard_index = k;
    o.shard_count = 2;
    build_omaha_order_units(k == 0 ? a.path() : b.path(), o);
  }
  EXPECT_THROW(merge_omaha_order({a.path()}, a.path(), 4, 600), InputError);  // unit 1 is in b only
  merge_omaha_order({a.path(), b.path()}, a.path(), 4, 600);
  EXPECT_EQ(read_file((a.path() / "order-equity.csv").string()), want);

  // The file: a comment header, the header line, then best first; it reads as an ordering.
  const auto lines = test::split(want, '\n');
  std::size_t header = 0;
  while (lines[header].rfind("#", 0) == 0) ++header;
  ASSERT_EQ(lines[header], "hand,equity,std_error,trials,hands");
  double last = 2;
  for (std::size_t i = header + 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    const double equity = std::stod(test::split(lines[i], ',')[1]);
    EXPECT_LE(equity, last) << lines[i];
    last = equity;
  }
  const OmahaHandOrder order = read_omaha_hand_order(want, 4, "merged");
  EXPECT_EQ(order.classes.size(), 600u);
}

// A run killed in the middle of a line leaves a torn last line: the next run cuts it (one warning),
// computes the rest, and the files are the same bytes as an unbroken run's.
TEST(OmahaOrder, ResumesAfterATornLine) {
  TempDir whole("whole"), broken("broken");
  const auto base = small(400, 300);
  build_omaha_order_units(whole.path(), base);
  build_omaha_order_units(broken.path(), base);
  const fs::path unit0 = broken.path() / "order-units/0000.csv", unit1 = broken.path() / "order-units/0001.csv";
  const std::string text0 = read_file(unit0.string());
  {
    std::ofstream out(unit0, std::ios::binary | std::ios::trunc);
    out << text0.substr(0, text0.find('\n', text0.size() / 2) + 6);  // whole lines and a torn one
  }
  fs::remove(unit1);
  std::vector<std::string> warnings;
  auto o = base;
  o.warn = [&](const std::string& w) { warnings.push_back(w); };
  const auto report = build_omaha_order_units(broken.path(), o);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("0000.csv: a half-written last line cut"), std::string::npos) << warnings[0];
  EXPECT_GT(report.kept, 100u);
  EXPECT_EQ(report.kept + report.written, 400u);
  EXPECT_EQ(unit_files_text(broken.path()), unit_files_text(whole.path()));
  // A finished directory: nothing to do.
  const auto again = build_omaha_order_units(broken.path(), base);
  EXPECT_EQ(again.written, 0u);
  EXPECT_EQ(again.kept, 400u);
  // A stop request is honoured between classes, and the next run finishes the work.
  TempDir stopped("stopped");
  std::atomic<bool> stop{false};
  auto s = base;
  s.stop = &stop;
  s.progress = [&](std::uint64_t done, std::uint64_t) { stop.store(done == 5); };
  const auto first = build_omaha_order_units(stopped.path(), s);
  EXPECT_TRUE(first.stopped);
  EXPECT_EQ(first.written, 5u);
  build_omaha_order_units(stopped.path(), base);
  EXPECT_EQ(unit_files_text(stopped.path()), unit_files_text(whole.path()));
}

TEST(OmahaOrder, RefusesUnitsThatAreNotItsOwn) {
  TempDir dir("refuse");
  build_omaha_order_units(dir.path(), small(256, 100));
  // Other trials.
  try {
    build_omaha_order_units(dir.path(), small(256, 200));
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("computed with 100 trials a class, this run asks 200"), std::string::npos)
        << e.what();
  }
  // A line out of place.
  const fs::path unit = dir.path() / "order-units/0000.csv";
  auto lines = test::split(read_file(unit.string()), '\n');
  std::swap(lines[3], lines[4]);
  {
    std::ofstream out(unit, std::ios::binary | std::ios::trunc);
    for (const auto& l : lines)
      if (!l.empty()) out << l << "\n";
  }
  try {
    build_omaha_order_units(dir.path(), small(256, 100));
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("0000.csv line 4: expected the line of"), std::string::npos) << e.what();
  }
  EXPECT_THROW(merge_omaha_order({dir.path()}, dir.path(), 4, 256), InputError);
  EXPECT_THROW(build_omaha_order_units(dir.path(), small(20000, 100)), InputError);  // --first past the end
}

// ---- the program -------------------------------------------------------------------------------

TEST(OmahaOrderCli, BadArgumentsExitWithCodeTwo) {
  TempDir dir("cli-bad");
  const std::string out = " --out '" + dir.path().string() + "' -q";
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"--game holdem", "--game: the orderings are of omaha, omaha5 or omaha6"},
           {"--game omaha-hilo", "--game: the orderings are of omaha, omaha5 or omaha6"},
           {"--game nope", "nope"},
           {"--stderr 0", "--stderr: must be above 0 and at most 0.5"},
           {"--stderr 0.7", "--stderr: must be above 0 and at most 0.5"},
           {"--trials 0", "--trials"},
           {"--trials 10 --stderr 0.1", "--trials"},
           {"--shard 3/3", "--shard"},
           {"--first 16433", "--first: 16433 is more than the 16432 classes"},
       }) {
    const auto r = run_equity("order " + args + out);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  const auto merge = run_equity("order merge --first 300" + std::string(" --out '") + dir.path().string() + "'");
  EXPECT_EQ(merge.exit_code, 2);
  EXPECT_NE(merge.err.find("order-units/0000.csv (classes 1 to 256): not complete in any directory"), std::string::npos)
      << merge.err;
}

// The program: shards 1 and 3 give the same bytes; a run killed with SIGKILL at any moment, then run
// again, gives the same bytes; SIGTERM stops it with code 130 and the next run resumes.
TEST(OmahaOrderCli, ShardsAndKillsGiveTheSameBytes) {
  TempDir one("cli-one"), three("cli-three"), killed("cli-killed");
  const std::string common = "order --game omaha --first 300 --trials 20000 -q --out '";
  ASSERT_EQ(run_equity(common + one.path().string() + "'").exit_code, 0);
  const std::string want = read_file((one.path() / "omaha/order-equity.csv").string());
  for (int k : {1, 2, 0}) {
    const auto r = run_equity(common + three.path().string() + "' --threads 1 --shard " + std::to_string(k) + "/3");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const auto merged = run_equity("order merge --first 300 --json --out '" + three.path().string() + "'");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_NE(merged.out.find("\"classes\":300"), std::string::npos) << merged.out;
  EXPECT_EQ(read_file((three.path() / "omaha/order-equity.csv").string()), want);

  // Kills at three moments, each followed by a run to the end.
  for (const char* sleep : {"0.05", "0.3", "0.6"}) {
    const auto r = test::run_command("( '" + std::string(EQUITY_BINARY) + "' " + common + killed.path().string() +
                                     "' & pid=$!; sleep " + sleep + "; kill -9 $pid; wait $pid ) 2>/dev/null; true");
    (void)r;
  }
  const auto last = run_equity(common + killed.path().string() + "'");
  ASSERT_EQ(last.exit_code, 0) << last.err;
  EXPECT_EQ(read_file((killed.path() / "omaha/order-equity.csv").string()), want);
  EXPECT_EQ(unit_files_text(killed.path() / "omaha"), unit_files_text(one.path() / "omaha"));

  TempDir termed("cli-term");
  const auto r = test::run_command("( '" + std::string(EQUITY_BINARY) + "' " + common + termed.path().string() +
                                   "' & pid=$!; sleep 0.2; kill -TERM $pid; wait $pid; echo code $? )");
  if (r.out.find("code 130") != std::string::npos) {
    EXPECT_NE(r.err.find("interrupted:"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(termed.path() / "omaha/order-equity.csv"));
  }
  ASSERT_EQ(run_equity(common + termed.path().string() + "'").exit_code, 0);
  EXPECT_EQ(read_file((termed.path() / "omaha/order-equity.csv").string()), want);
}

// ---- the shipped orderings ------------------------------------------------------------------------

fs::path shipped(int hole_cards) { return fs::path(EQUITY_SOURCE_DIR) / "results" / omaha_hand_order_file(hole_cards); }

TEST(OmahaOrderShipped, Plo4HoldsEveryClassBestFirst) {
  const OmahaHandOrder order = load_omaha_hand_order(shipped(4), 4);
  ASSERT_EQ(order.classes.size(), 16432u);
  const std::string text = read_file(shipped(4).string());
  EXPECT_NE(text.find("1,000,000 Monte Carlo trials"), std::string::npos);
  // Aces double-suited with kings near the top; percentages select from it.
  std::vector<CardSet> top;
  ASSERT_EQ(select_omaha_percentage("1%", order, top), "");
  std::uint64_t hands = 0;
  for (CardSet c : top) hands += static_cast<std::uint64_t>(omaha_class_hands(c));
  EXPECT_GE(hands * 100, 270725u);
  EXPECT_LT(hands * 100, 270725u + 24 * 100);
  const CardSet aakk = omaha_class([] {
    CardSet s;
    for (Card c : parse_cards("AsAhKsKh")) s.insert(c);
    return s;
  }());
  EXPECT_NE(std::find(top.begin(), top.end(), aakk), top.end());
  std::vector<CardSet> band;
  ASSERT_EQ(select_omaha_percentage("5%-10%", order, band), "");
  EXPECT_FALSE(band.empty());
  for (CardSet c : band) EXPECT_EQ(std::find(top.begin(), top.end(), c), top.end());
}

// A few lines of the shipped file computed again (1,000,000 trials each): the same text.
TEST(OmahaOrderShipped, SlowPlo4LinesRecompute) {
  const auto lines = test::split(read_file(shipped(4).string()), '\n');
  std::vector<std::string> data;
  for (const auto& l : lines)
    if (!l.empty() && l[0] != '#' && l.rfind("hand,", 0) != 0) data.push_back(l);
  ASSERT_EQ(data.size(), 16432u);
  for (std::size_t i = 1; i < data.size(); ++i)
    ASSERT_GE(std::stod(test::split(data[i - 1], ',')[1]), std::stod(test::split(data[i], ',')[1])) << data[i];
  for (std::size_t i : {std::size_t{0}, data.size() / 2, data.size() - 1}) {
    CardSet c;
    for (Card card : parse_cards(test::split(data[i], ',')[0])) c.insert(card);
    const auto e = omaha_equity_vs_random(c, 1000000, omaha_order_seed(c));
    EXPECT_EQ(omaha_order_line(c, e), data[i] + "\n");
    EXPECT_LE(e.std_error, 0.0005);
  }
}

TEST(OmahaOrderShipped, Plo5HoldsEveryClass) {
  const OmahaHandOrder order = load_omaha_hand_order(shipped(5), 5);
  EXPECT_EQ(order.classes.size(), 134459u);
  EXPECT_NE(read_file(shipped(5).string()).find("62,500 Monte Carlo trials"), std::string::npos);
  std::vector<CardSet> top;
  ASSERT_EQ(select_omaha_percentage("15%", order, top), "");
  std::uint64_t hands = 0;
  for (CardSet c : top) hands += static_cast<std::uint64_t>(omaha_class_hands(c));
  EXPECT_GE(hands * 100, 15 * 2598960u);
  EXPECT_LT(hands * 100, 15 * 2598960u + 24 * 100);
}

// The first and last lines of the shipped PLO5 file computed again (62,500 trials each).
TEST(OmahaOrderShipped, SlowPlo5LinesRecompute) {
  std::vector<std::string> data;
  for (const auto& l : test::split(read_file(shipped(5).string()), '\n'))
    if (!l.empty() && l[0] != '#' && l.rfind("hand,", 0) != 0) data.push_back(l);
  ASSERT_EQ(data.size(), 134459u);
  for (std::size_t i : {std::size_t{0}, data.size() - 1}) {
    CardSet c;
    for (Card card : parse_cards(test::split(data[i], ',')[0])) c.insert(card);
    EXPECT_EQ(omaha_order_line(c, omaha_equity_vs_random(c, 62500, omaha_order_seed(c))), data[i] + "\n");
  }
}

}  // namespace
}  // namespace equity
