#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "equity/preflop_table.hpp"
#include "equity/range.hpp"
#include "equity/table_equity.hpp"
#include "test_support.hpp"

using equity::test::run_equity;
using nlohmann::json;

namespace {

// One line on stderr, exit 2, nothing on stdout.
void expect_input_error(const std::string& args, const std::string& message_part) {
  const auto r = run_equity(args);
  SCOPED_TRACE("equity " + args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(message_part), std::string::npos) << r.err;
  EXPECT_EQ(r.err.rfind("equity: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace

TEST(Cli, HumanOutputHasCountsAndBoards) {
  const auto r = run_equity("AsAc KhQh --no-table");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("AsAc     82.315%   82.127%    0.377%     1,406,263         6,453       299,588"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("KhQh     17.685%   17.496%    0.377%       299,588         6,453     1,406,263"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("1,712,304 boards enumerated exactly"), std::string::npos);
}

TEST(Cli, BothMethodsAndThreadCountsAgree) {
  const auto grouped = run_equity("AhKh QsQd 7c6c --json");
  const auto boards1 = run_equity("AhKh QsQd 7c6c --json --method boards --threads 1");
  const auto boards2 = run_equity("AhKh QsQd 7c6c --json --method boards --threads 2");
  auto players = [](const std::string& j) { return j.substr(j.find("\"players\"")); };
  EXPECT_EQ(players(grouped.out), players(boards1.out));
  EXPECT_EQ(players(grouped.out), players(boards2.out));
}

TEST(Cli, BadInputIsOneLineAndExitCodeTwo) {
  expect_input_error("AsAc", "at least 2 players, not 1");
  expect_input_error("", "hands is required");
  expect_input_error("AsXc KhQh", "player 1: bad card \"Xc\" in \"AsXc\": unknown rank 'X'");
  expect_input_error("AsAc KhQz", "player 2: bad card \"Qz\" in \"KhQz\": unknown suit 'z'");
  expect_input_error("AsAc AsKd", "card As appears twice (again in player 2)");
  expect_input_error("AsAc KhQh --board Kh2c3d", "card Kh appears twice (again in board)");
  expect_input_error("AsAc KhQh --board 2c", "board has 1 card; it must have 0, 3, 4 or 5");
  expect_input_error("AsAc KhQh --board 2c3c", "board has 2 cards");
  expect_input_error("AsAc KhQh --board 2c3c4c5c6c7c", "board has 6 cards");
  expect_input_error("AsAc KhQh --dead 2c2c", "dead cards: duplicate card 2c");
  expect_input_error("AsAcKd KhQh", "player 1: \"AsAcKd\" has 3 cards, expected 2");
  expect_input_error("2c2d 3c3d 4c4d 5c5d 6c6d 7c7d 8c8d 9c9d TcTd JcJd QcQd", "at most 10 players, not 11");
  expect_input_error("AsAc KhQh --threads -1", "--threads: must be 0 or more, not -1");
  expect_input_error("AsAc KhQh --mc --trials 0", "--trials: must be above 0, not 0");
  expect_input_error("AsAc KhQh --method fast", "--method");
  expect_input_error("AsAc KhQh --bogus", "--bogus");
}

TEST(Cli, HelpExplainsOptionsWithExamples) {
  const auto r = run_equity("--help");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* word : {"--board", "--dead", "--threads", "--json", "Examples:", "equity AsAc KhQh", "bench"})
    EXPECT_NE(r.out.find(word), std::string::npos) << word;
}

// Two passes over all 133,784,560 hands: the same checksum each time (else the command fails) and
// the signature of the whole workload, unchanged since the evaluator was written.
TEST(Cli, SlowBenchEvaluatorPasses) {
  const auto r = run_equity("bench --passes 2 --repeats 1 --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto j = json::parse(r.out);
  EXPECT_EQ(j.at("signature"), "d12c2ee94b00fc37");
  EXPECT_EQ(j.at("evaluator").at("hands"), 133784560);
  EXPECT_EQ(j.at("evaluator").at("passes"), 2);
  EXPECT_GT(j.at("evaluator").at("slowest_million_per_second").get<double>(), 0);
  EXPECT_EQ(j.at("evaluator").at("blocks"), 126);  // 63 a pass
  EXPECT_TRUE(j.at("evaluator").contains("median_block_million_per_second"));
  const auto bad = run_equity("bench --passes 0");
  EXPECT_EQ(bad.exit_code, 2);
}

TEST(Cli, BenchPrintsASignature) {
  const auto r = run_equity("bench --no-evaluator --repeats 3 --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto j = json::parse(r.out);
  EXPECT_EQ(j.at("signature").get<std::string>().size(), 16u);
  EXPECT_GT(j.at("enumeration").at("median_ms_per_matchup").get<double>(), 0);
  // The signature depends only on the results, not on timing or repeats.
  const auto again = json::parse(run_equity("bench --no-evaluator --repeats 1 --json").out);
  EXPECT_EQ(j.at("signature"), again.at("signature"));
}

// ---- the defects of issue 17 in the subcommands ----------------------------------------------

TEST(Cli, RangeHelpCountsWhatTheProgramCounts) {
  const auto help = run_equity("range --help");
  const std::string example = "equity range \"QQ+,AKs\"";
  const auto at = help.out.find(example);
  ASSERT_NE(at, std::string::npos) << help.out;
  const std::string line = help.out.substr(at, help.out.find('\n', at) - at);
  const auto equals = line.rfind("= ");
  ASSERT_NE(equals, std::string::npos) << line;
  const int said = std::stoi(line.substr(equals + 2));
  const auto j = json::parse(run_equity("range 'QQ+,AKs' --json").out);
  EXPECT_EQ(j.at("combos"), 22);
  EXPECT_EQ(said, 22) << line;
}

// Every ./build/... path the READMEs name is the release preset's, and exists once it is built.
TEST(Cli, ReadmesNameTheBuiltPrograms) {
  const std::filesystem::path binary_dir = std::filesystem::path(EQUITY_BINARY).parent_path();
  for (const char* readme : {"README.md", "results/README.md"}) {
    const std::string text = equity::test::read_file(std::string(EQUITY_SOURCE_DIR) + "/" + readme);
    const std::regex path(R"(\./build/[A-Za-z0-9_./-]*[A-Za-z0-9_])");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), path); it != std::sregex_iterator(); ++it) {
      const std::string named = it->str();
      SCOPED_TRACE(std::string(readme) + ": " + named);
      ASSERT_EQ(named.rfind("./build/release/", 0), 0u);
      if (named.find("bench") == std::string::npos) {  // the sanitizer presets build no benchmarks
        EXPECT_TRUE(std::filesystem::exists(binary_dir / named.substr(std::string("./build/release/").size())));
      }
    }
  }
}

TEST(Cli, TableOnlyWithAnEmptyListIsAnError) {
  equity::test::TempDir dir;
  for (const char* only : {"''", "' '", "','"}) {
    const auto r = run_equity(std::string("table --quiet --only ") + only + " --out " + dir.str() + "/t");
    EXPECT_EQ(r.exit_code, 2) << only;
    EXPECT_NE(r.err.find("--only"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "t")) << "nothing is built or created";
  }
}

TEST(Cli, TableHelpSaysWhyLockFilesStay) {
  const auto r = run_equity("table --help");
  const std::string text = std::regex_replace(r.out, std::regex("\n"), " ");  // wrapped to 80 columns
  EXPECT_NE(text.find(".lock files stay after the run, on purpose"), std::string::npos) << r.out;
}

TEST(Cli, GridTakesAHeroAndOpponentRanges) {
  const auto plain = json::parse(run_equity("grid --json --dir results").out);
  const auto random = run_equity("grid random --json --dir results");
  ASSERT_EQ(random.exit_code, 0) << random.err;
  EXPECT_EQ(json::parse(random.out), plain);
  EXPECT_EQ(plain.at("hero"), "random");
  EXPECT_EQ(plain.at("villains").at(0), "random");
  EXPECT_EQ(plain.at("method"), "table");

  const auto r = run_equity("grid random 'QQ+,AKs' --json --dir results");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = json::parse(r.out);
  EXPECT_EQ(j.at("villains").at(0), "QQ+,AKs");
  ASSERT_EQ(j.at("cells").size(), 169u);
  const auto table = equity::PreflopTable::load("results");
  ASSERT_TRUE(table);
  for (const auto& cell : j.at("cells")) {
    equity::RangeDeal deal;
    deal.ranges = {equity::Range::parse(cell.at("class").get<std::string>()), equity::Range::parse("QQ+,AKs")};
    const auto exact = equity::table_equity(*table, deal);
    ASSERT_TRUE(exact);
    EXPECT_EQ(cell.at("showdowns"), exact->showdowns()) << cell;
    EXPECT_EQ(cell.at("wins"), exact->players[0].wins) << cell;
    EXPECT_EQ(cell.at("ties"), exact->players[0].ties) << cell;
    EXPECT_EQ(cell.at("losses"), exact->players[0].losses) << cell;
  }
  // AA against QQ+,AKs: 6 x (6 + 6 + 6 + 4) combo pairs less the conflicts (AA-AA: 1 each, AA-AKs: 2 each).
  EXPECT_EQ(j.at("cells").at(0).at("showdowns"), 6 * (1 + 6 + 6 + 2) * 1712304);

  // A hero range has only its classes; any opponent range, and a board, go through the one call.
  const auto hero = json::parse(run_equity("grid 'QQ+,AK' 'AsKs,AhKh' --board Ks7h2c --json").out);
  EXPECT_EQ(hero.at("cells").size(), 5u);  // AA, AKs, AKo, KK, QQ
  EXPECT_EQ(hero.at("method"), "exact");
  EXPECT_EQ(hero.at("board"), "Ks7h2c");
  const equity::test::TempDir dir;
  const auto svg = run_equity("grid 15% random --board Ks7h2c --svg " + dir.str() + "/g.svg");
  EXPECT_EQ(svg.exit_code, 0) << svg.err;
  EXPECT_NE(equity::test::read_file(dir.str() + "/g.svg").find(">50%</text>"), std::string::npos);
}

std::size_t longest_line(const std::string& text) {
  std::size_t longest = 0;
  for (const auto& line : equity::test::split(text, '\n')) {
    std::string plain = std::regex_replace(line, std::regex("\x1b\\[[0-9;]*m|\r"), "");
    longest = std::max(longest, plain.size());
  }
  return longest;
}

TEST(Cli, GridFitsANarrowTerminal) {
  const auto wide = run_equity("grid --dir results");
  EXPECT_EQ(longest_line(wide.out), 130u);
  const auto compact = run_equity("grid --compact --dir results");
  EXPECT_EQ(compact.exit_code, 0) << compact.err;
  EXPECT_LE(longest_line(compact.out), 80u) << compact.out;
  EXPECT_EQ(std::count(compact.out.begin(), compact.out.end(), '\n'), 15) << compact.out;  // title, ranks, 13 rows
  EXPECT_NE(compact.out.find("A 85.2"), std::string::npos) << compact.out;
  const auto narrow = equity::test::run_equity_in_terminal("TERM=xterm COLUMNS=80", "grid --dir results");
  EXPECT_EQ(narrow.exit_code, 0) << narrow.out;
  EXPECT_LE(longest_line(narrow.out), 80u) << narrow.out;
  const auto broad = equity::test::run_equity_in_terminal("TERM=xterm COLUMNS=200", "grid --dir results");
  EXPECT_EQ(longest_line(broad.out), 130u) << broad.out;
}

TEST(Cli, NoColourWithNoColorOrADumbTerminal) {
  const auto has_colour = [](const std::string& env) {
    const auto r = equity::test::run_equity_in_terminal(env, "grid --dir results");
    EXPECT_EQ(r.exit_code, 0) << env << ": " << r.out;
    return r.out.find("\x1b[") != std::string::npos;
  };
  EXPECT_TRUE(has_colour("TERM=xterm"));
  EXPECT_TRUE(has_colour("TERM=xterm NO_COLOR="));  // set but empty: no effect
  EXPECT_FALSE(has_colour("TERM=xterm NO_COLOR=1"));
  EXPECT_FALSE(has_colour("TERM=dumb"));
  EXPECT_EQ(run_equity("grid --dir results").out.find("\x1b["), std::string::npos);  // not a terminal
}

TEST(Cli, OptionErrorsAreInTheProjectsWords) {
  expect_input_error("table --threads abc", "--threads: \"abc\" is not a whole number");
  expect_input_error("table --threads 1 --threads 2", "--threads is given 2 times; give it at most once");
  expect_input_error("table --threads", "--threads needs a whole number");
  expect_input_error("draw --rounds 0", "--rounds: must be from 1 to 1000000, not 0");
  expect_input_error("draw --suits emoji", "--suits: \"emoji\" is not one of auto, symbols, letters");
  expect_input_error("range AA KK", "unexpected argument KK");
  for (const char* args : {"table --threads abc", "table --threads 1 --threads 2", "grid --bogus"}) {
    const auto r = run_equity(args);
    for (const char* raw : {"Could not convert", "At Most", "required but received", "The following argument"})
      EXPECT_EQ(r.err.find(raw), std::string::npos) << args << ": " << r.err;
  }
}

// A failed write is not bad input: exit code 1, the path and the system's reason, on one line.
TEST(Cli, FailedWritesExitWithCodeOne) {
  const auto proc = run_equity("table --quiet --only AA --out /proc/equity_test_out");
  EXPECT_EQ(proc.exit_code, 1) << proc.err;
  EXPECT_NE(proc.err.find("/proc/equity_test_out: No such file or directory"), std::string::npos) << proc.err;
  equity::test::TempDir dir;
  const std::string file = dir.str() + "/a_file";
  std::ofstream(file) << "not a directory\n";
  const auto r = run_equity("file AsAc --quiet --out " + file);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(file + ": Not a directory"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.out, "");
}

// Seeds are 0 to 2^53 - 1 (a JavaScript client can repeat the run); nothing wraps around.
TEST(Cli, SeedsOutOfRangeAreRejected) {
  for (const char* seed : {"-1", "99999999999999999999", "9007199254740992", "1.5", "0x10"})
    expect_input_error(std::string("draw --rounds 1 --seed ") + seed,
                       std::string("--seed: must be a whole number from 0 to 9007199254740991, not ") + seed);
  const auto top = run_equity("draw --rounds 1 --suits letters --seed 9007199254740991", "\n");
  EXPECT_EQ(top.exit_code, 0) << top.err;
}

// Percentages, orderings, brackets and hits through the commands (issue 18).
TEST(Cli, RangeShowsWhatAPercentageSelectsAndWhatItHits) {
  const auto pct = run_equity("range 15%");
  EXPECT_EQ(pct.exit_code, 0) << pct.err;
  EXPECT_NE(pct.out.find("15% in the equity ordering: 31 classes, 200 combos"), std::string::npos) << pct.out;
  // the first line wrapped at 80 columns (issue 37), the classes from the strongest after it
  EXPECT_EQ(pct.out.find("AA KK QQ JJ TT 99 88 AKs"), pct.out.find("first:\n") + 7) << pct.out;
  const auto vs2 = nlohmann::json::parse(run_equity("range 15% --order vs2 --json").out);
  EXPECT_EQ(vs2["percentage"]["order"], "vs2");
  EXPECT_EQ(vs2["percentage"]["combos"], 206);
  EXPECT_EQ(run_equity("range 15% --order nope").exit_code, 2);
  const auto hits = nlohmann::json::parse(run_equity("range 'QQ+,AK' --board Ks7h2c --hits --json").out);
  EXPECT_EQ(hits["hits"]["made"]["set"]["combos"], 3);
  EXPECT_EQ(hits["hits"]["made"]["top_pair"]["combos"], 12);
  EXPECT_EQ(hits["hits"]["combos"], 27);
  EXPECT_EQ(run_equity("range AA --hits").exit_code, 2);  // no board
}

// One renderer for both commands' hits text: the rows with combos, weighted counts with the raw
// ones beside them, "draws: none" when no combo draws.
// `equity range --game shortdeck`: combos of the 36-card deck, a 9x9 grid, classes outside the deck
// refused; Hold'em's output is unchanged by --game holdem.
TEST(Cli, RangeInAGamesDeck) {
  const auto random = run_equity("range random --game shortdeck --json");
  ASSERT_EQ(random.exit_code, 0) << random.err;
  const auto j = json::parse(random.out);
  EXPECT_EQ(j["game"], "shortdeck");
  EXPECT_EQ(j["combos"], 630);  // C(36, 2)
  ASSERT_EQ(j["grid"].size(), 9u);
  EXPECT_EQ(j["grid"][8].size(), 9u);
  const auto dead = json::parse(run_equity("range 'AA,KK:0.5,A6s' --dead As --game shortdeck-straights --json").out);
  EXPECT_EQ(dead["combos"], 3 + 6 + 3);
  EXPECT_EQ(dead["weight"], 3 + 3 + 3);
  const auto text = run_equity("range AKs,66 --game shortdeck --grid");
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_EQ(std::count(text.out.begin(), text.out.end(), '\n'), 9);
  EXPECT_EQ(text.out.rfind("   .  AKs    .    .    .    .    .    .    .\n", 0), 0u) << text.out;
  EXPECT_NE(text.out.find("    .   66\n"), std::string::npos) << text.out;
  EXPECT_EQ(run_equity("range QQ+ --game holdem --json").out, run_equity("range QQ+ --json").out);
  // Percentages take the game's own ordering: 15% of short deck's 630 combos.
  const auto percent = run_equity("range 15% --game shortdeck");
  EXPECT_EQ(percent.exit_code, 0) << percent.err;
  EXPECT_EQ(percent.out.rfind("15% in the shortdeck-equity ordering: 15 classes, 96 combos (15.24% of 630)", 0), 0u)
      << percent.out;
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"range 22+ --game shortdeck", "equity: range: 22 is not in the deck of Short deck (6+) Hold'em (6 to A)\n"},
           {"range AA --board 2c7d8h --game shortdeck",
            "equity: card 2c is not in the deck of Short deck (6+) Hold'em"},
           {"range AA --game courchevel",
            "equity: game 'courchevel': one of holdem, shortdeck, shortdeck-straights, omaha, omaha5, omaha6, "
            "omaha-hilo, "
            "omaha5-hilo, omaha6-hilo, stud, stud-hilo, razz, draw, 27-single, 27-triple, a5-triple, badugi, badeucy, "
            "badacey\n"},
       }) {
    const auto r = run_equity(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err.rfind(message, 0), 0u) << args << ": " << r.err;
  }
}

// `equity range --game omaha...`: the canonical form, the hands counted (raw and weighted) and
// listed up to --limit; the counts by the binomials and by hand (docs/ranges-omaha.md's 864).
TEST(Cli, RangeOfOmahaHands) {
  const auto all = json::parse(run_equity("range random --game omaha --json").out);
  EXPECT_EQ(all["game"], "omaha");
  EXPECT_EQ(all["combos"], 270725u);  // C(52, 4)
  EXPECT_EQ(all["weight"], 270725.0);
  EXPECT_EQ(all["listed"], false);
  EXPECT_TRUE(all["list"].empty());
  const auto dead = json::parse(run_equity("range random --game omaha-hilo --dead As --board 2c3d4h --json").out);
  EXPECT_EQ(dead["combos"], 194580u);  // C(48, 4)
  // Double-suited aces: 6 pairs of aces, a card of each ace's suit (12 x 12).
  const auto ds = json::parse(run_equity("range 'AA**:$ds' --game omaha --json --limit 864").out);
  EXPECT_EQ(ds["combos"], 864u);
  EXPECT_EQ(ds["listed"], true);
  ASSERT_EQ(ds["list"].size(), 864u);
  for (const auto& hand : ds["list"]) {
    const std::string h = hand.get<std::string>();
    ASSERT_EQ(h.size(), 8u) << h;
    EXPECT_EQ(std::count(h.begin(), h.end(), 'A'), 2) << h;
  }
  const auto weighted = json::parse(run_equity("range 'AA@50' --game omaha --json").out);
  EXPECT_EQ(weighted["combos"], 6961u);  // hands with two aces or more
  EXPECT_DOUBLE_EQ(weighted["weight"].get<double>(), 6961 * 0.5);
  EXPECT_EQ(json::parse(run_equity("range random --game omaha6 --json").out)["combos"], 20358520u);  // C(52, 6)
  const auto hand = run_equity("range AsKsQhJhTd --game omaha5");
  ASSERT_EQ(hand.exit_code, 0) << hand.err;
  EXPECT_NE(hand.out.find("1 hand of 5 cards\n"), std::string::npos) << hand.out;
  const auto big = run_equity("range AA --game omaha");
  EXPECT_NE(big.out.find("6,961 hands of 4 cards\n(not listed: more than 1,000 hands; --limit N lists the first N)\n"),
            std::string::npos)
      << big.out;
  expect_input_error("range AsKsQhJhTd --game omaha", "range");
  expect_input_error("range AsAs --game omaha", "matches no");
  expect_input_error("'range' 'AA:(' --game omaha", "position");
  expect_input_error("range AA --game omaha --hits", "--hits needs a board");
  const auto hits = run_equity("range AA --game omaha --hits --board 2c3d4h");  // omaha_hits_test checks the counts
  ASSERT_EQ(hits.exit_code, 0) << hits.err;
  EXPECT_NE(hits.out.find("\nAA on the board: 6,121 combos\n  straight                    1,036   16.925%\n"),
            std::string::npos)
      << hits.out;
  expect_input_error("range AsKsQhJh --game omaha --board AsKd2c", "no hand left");
}

TEST(Cli, HitsTextIsTheSameFromEquityAndRange) {
  const auto range = run_equity("range 'QQ+,AK:0.5' --board Ks7h2c --hits");
  ASSERT_EQ(range.exit_code, 0) << range.err;
  const std::string block =
      "\nQQ+,AK:0.5 on the board: 21.00 combos weighted (27 raw)\n"
      "  set                          3.00    (3)   14.286%\n"
      "  overpair                     6.00    (6)   28.571%\n"
      "  top pair                     6.00   (12)   28.571%\n"
      "  pocket pair below top        6.00    (6)   28.571%\n"
      "  draws:\n"
      "  backdoor flush draw          1.00    (2)    4.762%\n";
  EXPECT_NE(range.out.find(block), std::string::npos) << range.out;
  const auto equity = run_equity("'QQ+,AK:0.5' random --board Ks7h2c --hits");
  ASSERT_EQ(equity.exit_code, 0) << equity.err;
  EXPECT_NE(equity.out.find(block), std::string::npos) << equity.out;
  EXPECT_NE(run_equity("range 22 --board Ks7h2c9d5s --hits")
                .out.find("\n22 on the board: 3 combos\n"
                          "  set                             3  100.000%\n"
                          "  draws: none\n"),
            std::string::npos);
}

TEST(Cli, EquityTakesBracketWeightsPercentagesAndOrders) {
  const auto bracket = nlohmann::json::parse(run_equity("'[50]AKs[/50]' QQ --json").out);
  EXPECT_EQ(bracket["players"][0]["hand"], "AKs:0.5");
  EXPECT_EQ(bracket["weighted"], true);
  const auto pct = nlohmann::json::parse(run_equity("10% random --json").out);
  EXPECT_EQ(pct["players"][0]["combos"], 134);
  const auto vs2 = nlohmann::json::parse(run_equity("10% random --order vs2 --json").out);
  EXPECT_NE(vs2["players"][0]["hand"], pct["players"][0]["hand"]);
  expect_input_error("10% random --order nope", "order \"nope\"");
}

// ---- issue 30: the rough edges a new user hits ---------------------------------------------------

namespace {

// `equity ARGS` on an 80-column pseudo-terminal: stdout and stderr together, with \r\n line ends
// turned into \n (a lone \r stays: a progress line redrawn in place).
equity::test::RunResult run_in_80_columns(const std::string& args) {
  std::string command = "script -qec \"stty cols 80; COLUMNS= '";
  command += EQUITY_BINARY;
  command += "' ";
  command += args;
  command += "\" /dev/null";
  auto r = equity::test::run_command(command);
  r.out = std::regex_replace(r.out, std::regex("\r\n"), "\n");
  return r;
}

// Every line at most 80 columns (UTF-8 counted as characters) and none ending in a space. A line
// redrawn in place (a progress line shown when the run is slow, then blanked by a lone \r) is
// measured draw by draw, and what is left on it last must not end in a space.
void expect_lines_fit_80_columns(const equity::test::RunResult& r) {
  EXPECT_EQ(r.exit_code, 0) << r.out;
  std::size_t lines = 0;
  for (const auto& line : equity::test::split(r.out, '\n')) {
    const auto draws = equity::test::split(line, '\r');
    for (const auto& draw : draws) {
      std::size_t width = 0;
      for (const unsigned char c : draw) width += (c & 0xC0) != 0x80;
      EXPECT_LE(width, 80u) << "[" << draw << "]";
    }
    const auto& last = draws.empty() ? line : draws.back();
    if (!last.empty()) {
      EXPECT_NE(last.back(), ' ') << "[" << last << "]";
    }
    ++lines;
  }
  EXPECT_GT(lines, 2u) << r.out;
}

void expect_fits_80_columns(const std::string& args) {
  SCOPED_TRACE("equity " + args);
  expect_lines_fit_80_columns(run_in_80_columns(args));
}

}  // namespace

TEST(Cli, AnswersFitAnEightyColumnTerminal) {
  for (const char* args : {
           "'QQ+,AKs' '22+,AJs+,KQs'",
           "random random random random random random random random random random",
           "'22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,A2o+,K5o+' 'QQ+,AKs' JJ --board 2c3d4h",
           "'QQ+,AK' random --board Ks7h2c --per-combo --distribution --hits",
           "AsAc KhQh --by-category --no-table",
           "'QQ+,AK:0.5' '22+,AJs+' --board Ks7h2c",
       })
    expect_fits_80_columns(args);
}

// A run past a second draws its progress line in place and blanks it before the answer: every draw
// fits, and what the terminal keeps is the answer.
TEST(Cli, AProgressLineRedrawnInPlaceFitsAndIsBlanked) {
  // One thread on a monotone flop: about 3 s (a rainbow flop's 1 to 2 s ran near the second that
  // draws a progress line, and on a quick machine under it).
  const auto r = run_in_80_columns("--game omaha random random --board Kh7h2h --exact --threads 1");
  EXPECT_NE(r.out.find("% enumerated\r"), std::string::npos) << r.out;
  expect_lines_fit_80_columns(r);
}

TEST(Cli, WideTablesKeepTheirLayoutWhenNotOnATerminal) {
  const auto r = run_equity("'QQ+,AKs' '22+,AJs+,KQs'");
  EXPECT_NE(
      r.out.find("QQ+,AKs          70.263%   69.263%    2.001%  2,198,818,224     63,512,916    912,280,476      22"),
      std::string::npos)
      << r.out;
}

// One progress line, redrawn in place, with its target and the time left, wiped before the answer.
TEST(Cli, ProgressIsOneLineClearedBeforeTheAnswer) {
  const auto r = run_in_80_columns("random random random --time 2.5");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto header = r.out.find("Range");
  ASSERT_NE(header, std::string::npos) << r.out;
  const std::string progress = r.out.substr(0, header);
  EXPECT_EQ(progress.find('\n'), std::string::npos) << progress;
  EXPECT_NE(progress.find("Monte Carlo: "), std::string::npos) << progress;
  EXPECT_NE(progress.find("at most 2.5 s"), std::string::npos) << progress;
  EXPECT_NE(progress.find(" s left"), std::string::npos) << progress;
  ASSERT_GT(header, 0u);
  EXPECT_EQ(progress.back(), '\r');  // the line wiped, the cursor back at its start
  const auto wiped = progress.substr(progress.rfind('\r', progress.size() - 2) + 1);
  EXPECT_EQ(wiped.find_first_not_of(" \r"), std::string::npos) << wiped;
}

// A count too large for 64 bits is not printed as 2^63, and --exact is suggested only where it
// would be taken.
TEST(Cli, MonteCarloFooterSaysWhatIsTrue) {
  const auto ten = run_equity("random random random random random random random random random random --seed 1");
  ASSERT_EQ(ten.exit_code, 0) << ten.err;
  EXPECT_EQ(ten.out.find("9,223,372,036,854,775,808"), std::string::npos) << ten.out;
  EXPECT_NE(ten.out.find("exact would enumerate about 1.4e+35 showdowns"), std::string::npos) << ten.out;
  EXPECT_EQ(ten.out.find("--exact"), std::string::npos) << ten.out;
  for (const char* refused : {"random random random", "15% random random"}) {
    EXPECT_EQ(run_equity(std::string(refused) + " --seed 1").out.find("--exact"), std::string::npos) << refused;
    EXPECT_EQ(run_equity(std::string(refused) + " --exact").exit_code, 2) << refused;
  }
  const auto flop = run_equity("random random AsAc --board Ks7h2c --seed 1");
  EXPECT_NE(flop.out.find("; --exact forces it)"), std::string::npos) << flop.out;
}

TEST(Cli, HelpOfEveryCommandFitsEightyColumns) {
  for (const char* command :
       {"", "range", "table", "order", "file", "grid", "eval", "duel", "psychic", "draw", "serve", "bench"})
    expect_fits_80_columns(std::string(command) + " --help");
  const auto help = run_equity("--help");  // not a terminal: 80 columns too
  for (const auto& line : equity::test::split(help.out, '\n')) EXPECT_LE(line.size(), 80u) << line;
  // The example says where the answer comes from.
  EXPECT_NE(help.out.find("equity AsAc KhQh                     exact heads-up equity, from the preflop"),
            std::string::npos)
      << help.out;
}

TEST(Cli, MinorRoughEdges) {
  const auto version = run_equity("-V");
  EXPECT_EQ(version.exit_code, 0) << version.err;
  EXPECT_EQ(version.out, run_equity("--version").out);
  const auto serve = run_equity("serve --help");
  for (const char* shown : {"=8080", "=127.0.0.1"}) EXPECT_NE(serve.out.find(shown), std::string::npos) << shown;
}

// One meaning per option: -d is --dead everywhere, and the table's directory is --table.
TEST(Cli, OptionsMeanTheSameInEveryCommand) {
  const auto by_table = json::parse(run_equity("grid AA KK --json --table results").out);
  const auto dead = run_equity("grid AA KK --json -d AhAd --table results");
  ASSERT_EQ(dead.exit_code, 0) << dead.err;
  EXPECT_NE(json::parse(dead.out), by_table);  // two aces fewer
  EXPECT_EQ(run_equity("range AA -d AhAd --json").exit_code, 0);
  const auto main_dead = json::parse(run_equity("AA KK -d AhAd --json").out);
  EXPECT_EQ(main_dead["dead"], "AhAd");
}

// Without a desktop, --open says so in one line (no xdg-open noise) and serves on.
TEST(Cli, ServeOpenWithoutABrowserIsOneLine) {
  const auto r = equity::test::run_command(std::string("env -u DISPLAY -u WAYLAND_DISPLAY timeout -s INT 2 '") +
                                           EQUITY_BINARY + "' serve --port 0 --open");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("open http://127.0.0.1:"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("equity serve: stopped"), std::string::npos) << r.out;
}

// `equity range`: the combos class by class, a partly held class with its percentage, weighted
// lists wrapped to the terminal.
TEST(Cli, RangeListsCombosByClass) {
  const auto r = run_equity("range 'QQ+,AK:0.5,AsKs@30'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\nAKs 45%: AsKs:0.3 AcKc:0.5 AhKh:0.5 AdKd:0.5\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nKK: KsKc KsKh KcKh KsKd KcKd KhKd\n"), std::string::npos) << r.out;
  expect_fits_80_columns("range 'QQ+,AK:0.5,AsKs@30,22+:0.25,A2s+:0.33'");
}

// The distribution's average beside the equity: one line says why the two differ.
TEST(Cli, DistributionSaysWhyItsAverageDiffers) {
  const auto r = run_equity("'QQ+,AK' 'JJ+,AQ' --board Ks7h2c --distribution");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("(its combos' average "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": each combo counts once, where the equity counts it by its showdowns)"), std::string::npos)
      << r.out;
}

// ---- issue 37: what broke for new users ------------------------------------------------------

namespace {

// The JSON answer without its timing.
json answer_of(const std::string& args) {
  const auto r = run_equity(args);
  EXPECT_EQ(r.exit_code, 0) << args << ": " << r.err;
  json j = json::parse(r.out);
  j.erase("seconds");
  return j;
}

// The lines of `text` wider than 80 columns, each with its width (UTF-8 counted as characters).
std::string wide_lines(const std::string& text) {
  std::string out;
  for (const auto& line : equity::test::split(text, '\n')) {
    std::size_t width = 0;
    for (const unsigned char c : line) width += (c & 0xC0) != 0x80;
    if (width > 80) out += std::to_string(width) + ": " + line + "\n";
  }
  return out;
}

}  // namespace

// The names players use pick the games everywhere the library reads a game (parse_game()).
TEST(Cli, GamesTakeTheNamesPlayersUse) {
  EXPECT_EQ(answer_of("--game plo AsKsQhJh 7c7d8h9h --json"), answer_of("--game omaha AsKsQhJh 7c7d8h9h --json"));
  EXPECT_EQ(answer_of("--game PLO8 AsKsQhJh 7c7d8h9h --json")["game"], "omaha-hilo");
  EXPECT_EQ(answer_of("--game plo5 AsKsQhJhTd random --trials 1000 --seed 1 --json")["game"], "omaha5");
  EXPECT_EQ(answer_of("--game 6+ AsAc KhQh --json"), answer_of("--game shortdeck AsAc KhQh --json"));
  EXPECT_EQ(answer_of("--game nlhe AsAc KhQh --json"), answer_of("AsAc KhQh --json"));
  EXPECT_EQ(run_equity("range 'AA**' --game Omaha4 --json").out, run_equity("range 'AA**' --game omaha --json").out);
  EXPECT_EQ(answer_of("eval As2sKhKd --game o8 --board 3c4d8hKsQc --json")["low"], "8-4-3-2-A");
  EXPECT_EQ(answer_of("grid AA KK --game 'short deck' --json --table results")["game"], "shortdeck");
  const auto help = run_equity("--help");
  for (const char* alias : {"plo", "plo5", "plo8", "6+", "nlhe"})
    EXPECT_NE(help.out.find(alias), std::string::npos) << alias;
  expect_input_error("AsAc KhQh --game courchevel", "game 'courchevel': one of holdem, shortdeck");
}

// `equity --help` is about every game, and `equity batch --help` names the field "game".
TEST(Cli, HelpDescribesEveryGame) {
  const auto help = run_equity("--help");
  EXPECT_EQ(help.out.rfind("Texas Hold'em", 0), std::string::npos) << help.out;
  const std::string text = std::regex_replace(help.out, std::regex("\n *"), " ");  // wrapped to 80 columns
  EXPECT_NE(text.find("an Omaha hand 4, 5 or 6 (AsKsQhJh)"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("  equity --game omaha AsKsQhJh 7c7d8h9h\n"), std::string::npos) << help.out;
  const auto batch = run_equity("batch --help");
  EXPECT_NE(batch.out.find("(fields: players, game, board"), std::string::npos) << batch.out;
  EXPECT_NE(batch.out.find("\"game\": \"omaha\""), std::string::npos) << batch.out;
}

// A Hold'em question with an Omaha hand or range says which --game reads it; grid says what it is
// for; --limit N lists the first N hands; eval takes a board in every game.
TEST(Cli, NewUsersAreToldWhatToDo) {
  expect_input_error("range 'AA**'",
                     "unexpected '*' (expected '+', '-', ':' or '@' here); for Omaha, add --game omaha");
  expect_input_error("'AA**' random", "; for Omaha, add --game omaha");
  expect_input_error("AsKsQhJh KK", "; for Omaha, add --game omaha");
  expect_input_error("AsKsQhJhTd random", "; for Omaha, add --game omaha5");
  expect_input_error("AKQJ random", "; for Omaha, add --game omaha");
  for (const char* holdem : {"AsXc KK", "AsKsQh KK", "AKx random", "'QQ+,AKq' random"}) {  // Hold'em mistakes
    const auto r = run_equity(holdem);
    EXPECT_EQ(r.exit_code, 2) << holdem;
    EXPECT_EQ(r.err.find("Omaha"), std::string::npos) << holdem << ": " << r.err;
  }
  expect_input_error("grid --game omaha", "the grid of starting-hand classes is for Hold'em and short deck, not omaha");
  expect_input_error("grid --game plo8", "equity --game omaha-hilo RANGE RANGE --per-combo");

  const auto first = run_equity("range 'AA**' --game omaha --limit 5");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.out.find("6,961 hands of 4 cards\nThe first 5 in card order (--limit):\n"
                           "AsAc3s2s AsAc4s2s AsAc4s3s AsAc5s2s AsAc5s3s\n"),
            std::string::npos)
      << first.out;
  const auto listed = json::parse(run_equity("range 'AA**' --game omaha --limit 5 --json").out);
  EXPECT_EQ(listed["listed"], false);  // --json lists a range only whole, as before
  EXPECT_TRUE(listed["list"].empty());

  const auto board = run_equity("eval AsKs --board QsJsTs --json");
  ASSERT_EQ(board.exit_code, 0) << board.err;
  EXPECT_EQ(board.out, run_equity("eval AsKsQsJsTs --json").out);
  EXPECT_EQ(json::parse(board.out)["name"], "royal flush");
  EXPECT_EQ(answer_of("eval AsKs --board Qs7h6cJd --game shortdeck --json"),
            answer_of("eval AsKsQs7h6cJd --game shortdeck --json"));
  expect_input_error("eval AsKs --board QsJsAs", "duplicate card As");
}

// The outputs issue 37 found wider than 80 columns, into a file and on an 80-column terminal; and
// counts with thousands separators.
TEST(Cli, GameOutputsFitEightyColumns) {
  for (const char* args : {"grid --game shortdeck --table results --no-color",
                           "grid --game shortdeck-straights 15% --table results --no-color",
                           "range 15% --game shortdeck", "range '5%-10%' --game shortdeck-straights"}) {
    const auto r = run_equity(args);
    EXPECT_EQ(r.exit_code, 0) << args << ": " << r.err;
    EXPECT_EQ(wide_lines(r.out), "") << args;
    expect_fits_80_columns(args);
  }
  // short deck's grid: 9 cells of 8 columns and a space, the class and its equity in each
  const auto grid = run_equity("grid --game shortdeck --table results");
  EXPECT_NE(grid.out.find("\nAA  75.6 AKs 61.1 AQs 60.1 "), std::string::npos) << grid.out;

  // Omaha's per-combo hands: the strongest best first beside the weakest worst first, in columns
  const std::string per_combo = "--game omaha-hilo 'AA**:$ds' 'KK**' --board 2c3d4hKs5s --per-combo --exact";
  const auto r = run_equity(per_combo);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto at = r.out.find("KK**: equity of its 2,882 hands (exact; --json has every hand)\n");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string block = r.out.substr(at);
  EXPECT_EQ(wide_lines(r.out.substr(r.out.find("\nAA**:$ds: equity of its"))), "") << r.out;
  EXPECT_NE(block.find("\n  strongest, best first    weakest, worst first\n"
                       "  AsKcKh3c   74.582%       AdKcKhQh   29.821%\n"),
            std::string::npos)
      << block;
  const auto j = json::parse(run_equity(per_combo + " --json").out);
  std::vector<double> equities;
  for (const auto& c : j["players"][1]["per_combo"]) equities.push_back(c["equity"].get<double>());
  std::sort(equities.begin(), equities.end());
  const auto lines = equity::test::split(block, '\n');
  ASSERT_GE(lines.size(), 7u);
  for (std::size_t i = 0; i < 5; ++i) {  // the weakest column: the lowest equities, the worst first
    const std::string& line = lines[2 + i];
    const double shown = std::stod(line.substr(line.rfind(' ') + 1));
    EXPECT_NEAR(shown, 100 * equities[i], 0.00051) << line;
  }
  std::string in_quotes = per_combo;  // run inside double quotes: $ds is written \$ds
  in_quotes.replace(in_quotes.find('$'), 1, "\\$");
  expect_fits_80_columns(in_quotes);

  const auto counts = run_equity("--game omaha random random --board 2c3d4h --seed 1");
  ASSERT_EQ(counts.exit_code, 0) << counts.err;
  EXPECT_NE(counts.out.find("211,876\n"), std::string::npos) << counts.out;  // combos: C(49, 4)
  EXPECT_EQ(counts.out.find("211876"), std::string::npos) << counts.out;
}

// ---- issue 36: the stud games on the command line ------------------------------------------------

// Heads-up exact from third street (the sweep), counts as the library's, in the text and the JSON.
TEST(Cli, StudHeadsUpIsExact) {
  const json stud = answer_of("--game stud '(AsKs)Qd' '(7c7d)8h' --json");
  EXPECT_EQ(stud["game"], "stud");
  EXPECT_EQ(stud["mode"], "exact");
  EXPECT_EQ(stud["exact_method"], "sweep");
  EXPECT_EQ(stud["boards"], 18265297050u);  // C(46, 4) x C(42, 4): each player's four cards to come
  EXPECT_EQ(stud["assignments"], 1);
  EXPECT_EQ(stud["showdowns"], 18265297050u);
  EXPECT_EQ(stud["pot_units"], 5040);
  const json& a = stud["players"][0];
  EXPECT_EQ(a["hand"], "(AsKs)Qd");
  EXPECT_EQ(a["wins"], 7810521826u);
  EXPECT_EQ(a["ties"], 443708u);
  EXPECT_EQ(a["losses"], 10454331516u);
  EXPECT_EQ(stud["players"][1]["wins"], 10454331516u);
  const auto text = run_equity("--game stud '(AsKs)Qd' '(7c7d)8h'");
  EXPECT_NE(text.out.find("(AsKs)Qd     42.763%   42.762%    0.002%   7,810,521,826         443,708  10,454,331,516\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("18,265,297,050 deals of the cards to come counted exactly"), std::string::npos) << text.out;
  // The plain form reads the same cards: two down, then up.
  EXPECT_EQ(answer_of("--game 7cs AsKsQd 7c7d8h --json")["players"][0]["wins"], 7810521826u);

  // Razz with folded up cards: exact, the dead cards named.
  const json razz = answer_of("--game razz '(As2s)3d' '(Kc7d)8h' --dead 4c5d6h9c --json");
  EXPECT_EQ(razz["dead"], "4c5d6h9c");
  EXPECT_EQ(razz["boards"], 8262112950u);  // C(42, 4) x C(38, 4)
  EXPECT_EQ(razz["players"][0]["wins"], 6225868999u);
  EXPECT_EQ(razz["players"][0]["ties"], 2410398u);
  EXPECT_EQ(razz["players"][0]["losses"], 2033833553u);

  // Hi/Lo: scoops, lows won, tied and made; the pot units of every deal add up.
  const json hilo = answer_of("--game stud-hilo '(As2s)3d' '(KcKd)8h' --json");
  const json& lo = hilo["players"][0];
  EXPECT_EQ(lo["wins"], 5721861010u);
  EXPECT_EQ(lo["ties"], 212887u);
  EXPECT_EQ(lo["losses"], 12543223153u);
  EXPECT_EQ(lo["scoops"], 5554614583u);
  EXPECT_EQ(lo["low_wins"], 8953639824u);
  EXPECT_EQ(lo["low_ties"], 1266192u);
  EXPECT_EQ(lo["lows"], 8967831600u);
  EXPECT_EQ(hilo["players"][1]["scoops"], 6104471234u);
  EXPECT_EQ(lo["pot_units"].get<std::uint64_t>() + hilo["players"][1]["pot_units"].get<std::uint64_t>(),
            18265297050u * 5040u);
  const auto columns = run_equity("--game stud-hilo '(As2s)3d' '(KcKd)8h'");
  EXPECT_NE(columns.out.find("Hand          Equity     Scoop  High win  High tie   Low win   Low tie  Low made\n"
                             "(As2s)3d     48.494%   30.411%   31.326%    0.001%   49.020%    0.007%   49.098%\n"),
            std::string::npos)
      << columns.out;
}

// Three players on fifth street: every deal walked; more players or unseen cards: Monte Carlo,
// the same numbers from a seed on any thread count.
TEST(Cli, StudMultiwayWalksOrSamples) {
  const json three = answer_of("--game stud '(AsKs)QdJh2c' '(7c7d)8h9hTs' '(QhJc)9d3s4s' --json");
  EXPECT_EQ(three["mode"], "exact");
  EXPECT_EQ(three["exact_method"], "boards");
  EXPECT_EQ(three["boards"], 209230560u);  // C(43, 2) x C(41, 2) x C(39, 2)
  const std::vector<std::array<std::uint64_t, 3>> expected = {
      {61842343, 0, 147388217}, {127866063, 16740, 81347757}, {19505414, 16740, 189708406}};
  for (std::size_t p = 0; p < 3; ++p) {
    const json& player = three["players"][p];
    EXPECT_EQ(player["wins"], expected[p][0]) << p;
    EXPECT_EQ(player["ties"], expected[p][1]) << p;
    EXPECT_EQ(player["losses"], expected[p][2]) << p;
  }

  const std::string sampled = "--game stud '(AsKs)Qd' '(7c7d)8h' random --seed 5 --trials 100000 --json";
  json one = answer_of(sampled + " --threads 1"), two = answer_of(sampled + " --threads 2");
  EXPECT_EQ(one["mode"], "monte-carlo");
  EXPECT_EQ(one["trials"], 100000);
  EXPECT_EQ(one, two);
  EXPECT_EQ(one["players"][0]["wins"], 33725);

  const json razz = answer_of(
      "--game razz '(?"
      "?)As' '(?"
      "?)Kc' --seed 3 --json");
  EXPECT_EQ(razz["mode"], "monte-carlo");
  EXPECT_EQ(razz["reason"],
            "the sweeps would count about 2,034,009,600 completions and their sets of cards, more than the "
            "2,000,000,000 swept automatically with both players' down cards unseen");
  EXPECT_EQ(razz["players"][1]["hand"],
            "(?"
            "?)Kc");
  const json hilo = answer_of("--game stud-hilo As2s3d KcKd8h QhJh9h --seed 1 --json");
  EXPECT_EQ(hilo["mode"], "monte-carlo");
  EXPECT_TRUE(hilo["players"][2].contains("scoops")) << hilo;
  EXPECT_EQ(hilo["players"][2]["lows"], 0);  // Q-J-9 makes no 8-or-better low
}

// Bad stud questions: one line in the game's terms, exit code 2.
TEST(Cli, StudMistakesAreOneLine) {
  expect_input_error("--game stud '(AsKs)Qd' '(7c7d)8h' --board 2c3d4h",
                     "stud has no board: each player's cards are their own");
  expect_input_error("--game stud AsKsQdJh2c3c4c5c '(7c7d)8h'",
                     "player 1: \"AsKsQdJh2c3c4c5c\": a stud hand has at most 7 cards, not 8");
  expect_input_error("--game stud random random random random random random random random random",
                     "stud deals at most 8 players, not 9 (52 cards: 6 each and one community card)");
  expect_input_error("--game razz random random random random random random random random random random random",
                     "razz deals at most 8 players, not 11");
  expect_input_error("--game stud '(AsKs)QdJh' '(7c7d)8h'",
                     "player 2: 3 cards, and player 1 has 4: every player is on the same street");
  expect_input_error("--game stud '(AsKsQd)' '(7c7d)8h'",
                     "player 1: \"(AsKsQd)\": card 3 is dealt face up in stud: write it after the parentheses");
  expect_input_error("--game stud '(AsKs)?' '(7c7d)8h'",
                     "player 1: \"(AsKs)?\": an up card is seen by every player: write it");
  expect_input_error("--game stud 'AsKs?' '(7c7d)8h'", "player 1: \"AsKs?\": an up card cannot be unknown");
  expect_input_error("--game stud '(AsKs)Q?' '(7c7d)8h'", "player 1: \"(AsKs)Q?\": the card at position 7 has no suit");
  expect_input_error("--game stud '(AsKs)?d' '(7c7d)8h'",
                     "player 1: \"(AsKs)?d\": ? at position 7 stands for a whole down card not known, not a rank");
  expect_input_error("--game stud QQ+ random", "a hand is its cards, not a range");
  expect_input_error("--game stud '(AsKs)Qd' '(7c7d)8h' --dead Qd", "card Qd appears twice (again in dead cards)");
  expect_input_error("--game stud '(AsKs)Qd' '(7c7d)8h' --method grouped", "the grouped method is for the games");
}

// The commands built on ranges, hand classes and Omaha's orderings refuse the stud games by their
// spec (no ranges; not two plus three cards), never by reaching Hold'em's or Omaha's code.
TEST(Cli, StudGamesAreRefusedWhereTheyHaveNoMeaning) {
  const std::string ranges =
      "has no ranges or hand classes: a stud hand is its cards (equity --game stud "
      "\"(AsKs)Qd\" \"(7c7d)8h\" answers a stud question)";
  expect_input_error("range AsKs --game stud", "equity range: stud " + ranges);
  expect_input_error("range random --game razz --json", "equity range: razz has no ranges or hand classes");
  expect_input_error("grid --game stud", "equity grid: stud " + ranges);
  expect_input_error("grid AA KK --game stud-hilo", "equity grid: stud-hilo has no ranges or hand classes");
  expect_input_error("table --game razz --out /nonexistent/t", "equity table: razz has no ranges or hand classes");
  expect_input_error("table merge /nonexistent/s --game stud", "equity table: stud has no ranges or hand classes");
  expect_input_error("file AsAc --game stud-hilo --out /nonexistent/f",
                     "equity file: stud-hilo has no ranges or hand classes");
  expect_input_error("order --game stud --out /nonexistent/o",
                     "--game: the orderings are of omaha, omaha5 or omaha6 (high equity), not stud");
  expect_input_error("order --game razz --out /nonexistent/o", "the orderings are of omaha, omaha5 or omaha6");
  expect_input_error("bench --game stud", "unexpected argument");  // bench takes no game
}

// The draw games on the command line: the last draw exact, the draws before it by the rule the
// footer names, each half by its name; mistakes one line with exit code 2; 80 columns.
TEST(Cli, DrawGames) {
  const auto last = run_equity("--game 27-triple 8h6d4s3c/1 9s7c5h/2 --dead KhKdQc");
  ASSERT_EQ(last.exit_code, 0) << last.err;
  EXPECT_NE(last.out.find("8h6d4s3c/1     69.901%"), std::string::npos) << last.out;
  EXPECT_NE(last.out.find("34,440 deals of the cards to come counted exactly"), std::string::npos) << last.out;
  const auto three = run_equity("--game badeucy 7h5d4s2c/1 8s6c3h/2 --draws 3 --seed 1 --trials 20000");
  ASSERT_EQ(three.exit_code, 0) << three.err;
  EXPECT_NE(three.out.find("Badugi win"), std::string::npos) << three.out;
  EXPECT_NE(three.out.find("2-7 win"), std::string::npos) << three.out;
  EXPECT_EQ(three.out.find("Low made"), std::string::npos) << three.out;
  EXPECT_NE(three.out.find("a model of play, not of luck alone"), std::string::npos) << three.out;
  EXPECT_NE(three.out.find("stand pat on a 9-high made hand or better"), std::string::npos) << three.out;
  for (const char* args : {"--game 27-triple 8h6d4s3c/1 9s7c5h/2 7d6c3h/2", "--game badugi 4h3d2s/1 7s5c3h/1 --draws 3",
                           "--game badacey 5h4d3s2c/1 7s6c3h/2 --by-category",
                           "--game a5-triple 5h4d3s/2 7s6c4h2d/1 8d6s/3 --draws 2 --pat 8 --keep 7"})
    expect_fits_80_columns(args);
  expect_input_error("--game 27-triple Kd8s4h3c 9s7c5h/2",
                     "player 1: \"Kd8s4h3c\": 4 cards of a 5-card 27-triple hand: write how many are drawn");
  expect_input_error("--game badugi 4h3d2s/2 7s5c3h/1", "player 1: \"4h3d2s/2\": 3 kept and 2 drawn make 5 cards");
  expect_input_error("--game 27-triple Kd8s4h3c/1 Kd7c5h/2", "card Kd appears twice (again in player 2)");
  expect_input_error("--game 27-single 8h6d4s3c/1 9s7c5h/2 --draws 2",
                     "draws: 2 draws to come; 27-single has one draw");
  expect_input_error("AsAc KdKc --draws 2", "draws: holdem has no draws");
  expect_input_error("--game 27-triple 8h6d4s3c/1 9s7c5h/2 --draws 3 --pat Z", "pat: \"Z\" is not a rank");
}

TEST(Cli, StudOutputsFitEightyColumns) {
  for (const char* args : {"--game stud '(AsKs)Qd' '(7c7d)8h' --by-category",
                           "--game stud-hilo As2s3d KcKd8h QhJh9h --seed 1 --by-category",
                           "--game razz As2s3d '(?"
                           "?)Kc' --seed 3 --by-category",
                           "--game stud-hilo '(As2s)3d' '(KcKd)8h'",
                           "--game stud '(?"
                           "?)QdJh2c' '(7c7d)8h9hTc' --per-combo --distribution",
                           "--game stud-hilo '(?"
                           "?)QdJh2c3d(?)' '(7c7d)8h9hTc3s(As)' '(4h?)5h6h7h8s(?)' --per-combo --distribution "
                           "--by-category --seed 1"})
    expect_fits_80_columns(args);
  // Per-combo equity: each way of the hidden down cards, named as the hand with them.
  const auto ways = run_equity(
      "--game stud '(?"
      "?)QdJh2c3d' '(7c7d)8h9hTc3s' --per-combo --distribution");
  ASSERT_EQ(ways.exit_code, 0) << ways.err;
  EXPECT_NE(ways.out.find("(?"
                          "?)QdJh2c3d: equity of each of its 861 combos, the ways of its down cards not known (exact"),
            std::string::npos)
      << ways.out;
  EXPECT_NE(ways.out.find("(7c7d)8h9hTc3s: every card known, one combo (exact)"), std::string::npos) << ways.out;
  EXPECT_NE(ways.out.find("equity distribution over the ways of its down cards not known"), std::string::npos)
      << ways.out;
  EXPECT_TRUE(std::regex_search(ways.out, std::regex("\\([2-9TJQKA][shdc][2-9TJQKA][shdc]\\)QdJh2c3d "))) << ways.out;
  const auto help = run_equity("--help");
  const std::string text = std::regex_replace(help.out, std::regex("\n *"), " ");
  EXPECT_NE(text.find("Stud (--game stud, stud-hilo, razz): 2 to 8 players, no board"), std::string::npos) << help.out;
  EXPECT_NE(text.find("one is dealt face up to all (a community card)"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("  equity --game stud '(AsKs)Qd' '(7c7d)8h'\n"), std::string::npos) << help.out;
}

namespace equity {
namespace {

TEST(CliPot, StacksShowEachPlayersChipsAndThePots) {
  const auto r = run_equity("AsAc KdKc QsQh --board 9h7s2c --stacks 100,250,40 --pot 30");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* line : {"Pot          Stack          EV         Net     Main   Side 1",
                           "AsAc           100      233.92     +133.92    82.9%    91.3%",
                           "QsQh            40       12.46      -27.54     8.3%        -",
                           "Main pot: 150 chips, every player", "Side 1 pot: 120 chips, 2 players: AsAc, KdKc",
                           "Back to KdKc: 150 chips no one else matched", "Total: 420 chips (30 dead money"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  const auto json = run_equity("AsAc KdKc QsQh --board 9h7s2c --stacks 100,250,40 --json");
  EXPECT_NE(json.out.find("\"ev\":"), std::string::npos);
  EXPECT_NE(json.out.find("\"pot\":{\"chips\":390.0,\"dead\":0.0,\"stacks\":[100.0,250.0,40.0],\"layers\":[{\"chips\":"
                          "120.0,\"players\":[0,1,2]"),
            std::string::npos)
      << json.out;
  // Without stacks the JSON is as it was: no pot_units for Hold'em, no ev.
  const auto plain = run_equity("AsAc KdKc QsQh --board 9h7s2c --json");
  EXPECT_EQ(plain.out.find("pot_units"), std::string::npos);
  EXPECT_EQ(plain.out.find("\"ev\""), std::string::npos);
}

TEST(CliPot, BadStacksAreOneLineAndExitCodeTwo) {
  expect_input_error("AsAc KdKc --stacks 10,abc", "--stacks: 'abc' (stack 2): a number of chips above 0");
  expect_input_error("AsAc KdKc --stacks 10,20,30", "stacks: 3 given for 2 players");
  expect_input_error("AsAc KdKc --stacks 10,-4", "(stack 2)");
  // A range left out of a side pot in a sampled question: sampled with the others.
  const auto sampled = run_equity("AsAc KdKc QQ+ --stacks 50,50,10 --mc --seed 2");
  EXPECT_EQ(sampled.exit_code, 0) << sampled.err;
  EXPECT_NE(sampled.out.find("Side 1 pot: 80 chips, 2 players"), std::string::npos) << sampled.out;
  expect_input_error("AsAc KdKc --pot -3", "--pot");
  expect_input_error("AsAc KdKc --stacks 100,30 --folded 60,x",
                     "--folded: 'x' (folded 2): a number of chips 0 or more");
}

// A folded player's chips in the pots they reached: 60 against stacks of 100 and 30 are 30 in the
// main pot and 30 in the chips back to the big stack; the JSON lists them as asked.
TEST(CliPot, FoldedChipsAreInThePotsTheyReached) {
  const auto r = run_equity("AsAc KhQh --board Kd7s2c --stacks 100,30 --folded 60");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* line : {"Main pot: 90 chips, every player", "Back to AsAc: 100 chips",
                           "Total: 190 chips (60 from players who folded, in the pots they reached)"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  const auto json = run_equity("AsAc KhQh --board Kd7s2c --stacks 100,30 --folded 60 --pot 5 --json");
  EXPECT_NE(json.out.find("\"pot\":{\"chips\":195.0,\"dead\":5.0,\"stacks\":[100.0,30.0],\"folded\":[60.0],"
                          "\"layers\":[{\"chips\":95.0"),
            std::string::npos)
      << json.out;
}

}  // namespace
}  // namespace equity

namespace equity {
namespace {

TEST(CliRunouts, RunsAndTwoBoardsShowTheScoops) {
  const auto r = run_equity("AsAc KdKc --board Kh7s2c --runs 2");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* line :
       {"2 runs    Equity   Scoop All 2      Some      None", "AsAc      8.586%        0.385%   16.401%   83.214%",
        "893,970 deals of the runs counted exactly"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  const auto json = run_equity("AsAc KdKc --board Kh7s2c --board2 9d9h4s --json");
  EXPECT_NE(json.out.find("\"runouts\":{\"runs\":1,\"boards\":2,\"board2\":\"9d9h4s\",\"mode\":\"exact\""),
            std::string::npos)
      << json.out;
  // Over a range: every way it holds its hands (QQ+'s ten of them) counted.
  const auto range = run_equity("AsAc QQ+ --board Kh7s2c --runs 2");
  EXPECT_EQ(range.exit_code, 0) << range.err;
  EXPECT_NE(range.out.find("8,939,700 deals of the runs counted exactly"), std::string::npos) << range.out;
  const auto sampled = run_equity("AsAc QQ+ --board Kh7s2c --runs 2 --mc --seed 5");
  EXPECT_EQ(sampled.exit_code, 0) << sampled.err;
  EXPECT_NE(sampled.out.find("deals of the runs sampled (seed 5)"), std::string::npos) << sampled.out;
  expect_input_error("AsAc random --runs 2 --exact", "runs: over ranges, exact:");
  expect_input_error("AsAc KdKc --board Kh7s2c --board2 Kh9d4c", "board2: Kh is also in the board");
  expect_input_error("AsAc KdKc --runs 0", "--runs");
}

}  // namespace
}  // namespace equity

// ---- equity hands --------------------------------------------------------------------------------

// The hand histories of tests/data/hands: 20 hands in 12 files, 2 of them unreadable.
TEST(CliHands, SummaryFitsEightyColumnsWithSkippedHandsNamed) {
  const auto r = run_equity("hands tests/data/hands");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("Hero: 18 hands (20 read in 12 files, ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find(", 15 all-ins with cards to come"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("NL Hold'em          $0.05/$0.10      2       1     +$9.80      +$8.06     +$1.74\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("FL Stud Hi/Lo"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("#230000000040"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unreadable.txt:1: a game not read: Courchevel"), std::string::npos);
  EXPECT_NE(r.out.find("unreadable.txt:30: truncated: no summary"), std::string::npos);
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
}

TEST(CliHands, JsonLinesOneAnAllInThenTheTotals) {
  const auto r = run_equity("hands tests/data/hands --json --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  std::vector<json> all;
  for (std::string line; std::getline(lines, line);) all.push_back(json::parse(line));
  ASSERT_EQ(all.size(), 16u);
  for (std::size_t i = 0; i + 1 < all.size(); ++i) {
    double ev = 0, won = 0;
    for (const auto& p : all[i]["players"]) ev += p["ev"].get<double>(), won += p["won"].get<double>();
    const double kept = all[i]["pot"].get<double>() - all[i]["rake"].get<double>();
    EXPECT_NEAR(ev, kept, 1e-6) << all[i]["id"];
    EXPECT_NEAR(won, kept, 1e-6) << all[i]["id"];
  }
  EXPECT_EQ(all[0]["id"], "RC1000000001");  // files in name order: ggpoker/ first
  const json& totals = all.back();
  EXPECT_EQ(totals["totals"], true);
  EXPECT_EQ(totals["hands"], 20);
  EXPECT_EQ(totals["counted"], 18);
  EXPECT_EQ(totals["all_ins"], 15);
  EXPECT_EQ(totals["all_ins_not_counted"]["cards drawn not shown"], 1);  // a draw game's (draw.txt)
  EXPECT_EQ(totals["skipped"], 2);
  EXPECT_EQ(totals["skips"][1]["line"], 30);
}

TEST(CliHands, CsvRowsAndTheChart) {
  const auto r = run_equity("hands tests/data/hands/pokerstars/holdem-cash.txt --csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(
      r.out.rfind("id,site,file,line,game,stakes,street,board,pot,rake,player,cards,put_in,equity,ev,won,hero\n", 0),
      0u);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1 + 2 + 4);  // two all-ins: 2 and 4 players
  EXPECT_NE(r.out.find("230000000001,PokerStars,"), std::string::npos);
  equity::test::TempDir dir;
  const std::string svg = dir.str() + "/luck.svg";
  const auto chart = run_equity("hands tests/data/hands/pokerstars --svg " + svg);
  ASSERT_EQ(chart.exit_code, 0) << chart.err;
  std::ifstream in(svg);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_NE(text.find("All-in adjusted"), std::string::npos);
}

TEST(CliHands, BadPathsAndOptionsAreOneLine) {
  expect_input_error("hands tests/data/hands/no-such-file.txt",
                     "'tests/data/hands/no-such-file.txt': no such file or folder");
  expect_input_error("hands tests/data/hands --json --csv", "--json and --csv cannot be used together");
  expect_input_error("hands", "paths");
  // A chart that cannot be written fails before the reading, with nothing on stdout.
  const auto r = run_equity("hands tests/data/hands --json --svg /proc/equity_test.svg");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("/proc/equity_test.svg.tmp"), std::string::npos) << r.err;
}

// A run past half a second shows its progress on a terminal, in place, fitting it, wiped before
// the summary: eight five-way stud hands sampled, about 0.25 s each on one thread.
TEST(CliHands, AProgressLineOnLongRunsFitsAndIsWiped) {
  equity::test::TempDir dir;
  std::ifstream in("tests/data/hands/pokerstars/stud-five-way.txt");
  const std::string hand((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream out(dir.str() + "/many.txt");
  for (int i = 0; i < 8; ++i) out << hand << "\n\n";
  out.close();
  const auto r = run_in_80_columns("hands " + dir.str() + " --threads 1");
  EXPECT_NE(r.out.find("Reading hands: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\r"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Hero: 8 hands (8 read in 1 file, "), std::string::npos) << r.out;
  expect_lines_fit_80_columns(r);
}
