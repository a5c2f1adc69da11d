#include <gtest/gtest.h>

#include <algorithm>

#include "test_support.hpp"

using equity::test::run_equity;

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
  EXPECT_NE(r.out.find("AsAc     82.315%   82.127%    0.377%     1,406,263         6,453       299,588"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("KhQh     17.685%   17.496%    0.377%       299,588         6,453     1,406,263"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1,712,304 boards enumerated exactly"), std::string::npos);
}

TEST(Cli, JsonShape) {
  const auto r = run_equity("AsAc KhQh --json --no-table");
  EXPECT_EQ(r.exit_code, 0);
  const std::string& j = r.out;
  EXPECT_EQ(j.rfind("{\"mode\": \"exhaustive\", \"boards\": 1712304, \"seconds\": ", 0), 0u) << j;
  EXPECT_NE(j.find("\"players\": [{\"hand\": \"AsAc\", \"wins\": 1406263, \"ties\": 6453, \"losses\": 299588, "
                   "\"equity\": 0.8231537741}, {\"hand\": \"KhQh\", \"wins\": 299588, \"ties\": 6453, \"losses\": "
                   "1406263, \"equity\": 0.1768462259}]}\n"),
            std::string::npos)
      << j;
  EXPECT_EQ(std::count(j.begin(), j.end(), '\n'), 1);
}

TEST(Cli, JsonEchoesBoardAndDead) {
  const auto r = run_equity("ahkh qsqd 7c7d --board 'Qh 7h 2h' --dead 3s --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"boards\": 861"), std::string::npos) << r.out;  // C(42, 2): 52 - 6 - 3 - 1 cards left
  EXPECT_NE(r.out.find("\"board\": \"Qh7h2h\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"dead\": \"3s\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("{\"hand\": \"AhKh\""), std::string::npos) << r.out;
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
  expect_input_error("AsAc", "need at least 2 players, got 1");
  expect_input_error("", "hands is required");
  expect_input_error("AsXc KhQh", "hand 1: bad card \"Xc\" in \"AsXc\": unknown rank 'X'");
  expect_input_error("AsAc KhQz", "hand 2: bad card \"Qz\" in \"KhQz\": unknown suit 'z'");
  expect_input_error("AsAc AsKd", "card As appears twice (again in player 2)");
  expect_input_error("AsAc KhQh --board Kh2c3d", "card Kh appears twice (again in board)");
  expect_input_error("AsAc KhQh --board 2c", "board has 1 cards; it must have 0, 3, 4 or 5");
  expect_input_error("AsAc KhQh --board 2c3c", "board has 2 cards");
  expect_input_error("AsAc KhQh --board 2c3c4c5c6c7c", "board has 6 cards");
  expect_input_error("AsAc KhQh --dead 2c2c", "dead cards: duplicate card 2c");
  expect_input_error("AsAcKd KhQh", "hand 1: \"AsAcKd\" has 3 cards, expected 2");
  expect_input_error("2c2d 3c3d 4c4d 5c5d 6c6d 7c7d 8c8d 9c9d TcTd JcJd QcQd", "at most 10 players, got 11");
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
  EXPECT_NE(r.out.find("{\"signature\": \"d12c2ee94b00fc37\", \"evaluator\": {\"hands\": 133784560, "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"passes\": 2, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"slowest_million_per_second\": "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"blocks\": 126, \"median_block_million_per_second\": "), std::string::npos) << r.out;  // 63 a pass
  const auto bad = run_equity("bench --passes 0");
  EXPECT_EQ(bad.exit_code, 2);
}

TEST(Cli, BenchPrintsASignature) {
  const auto r = run_equity("bench --no-evaluator --repeats 3 --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"signature\": \""), std::string::npos);
  EXPECT_NE(r.out.find("\"median_ms_per_matchup\": "), std::string::npos);
  // The signature depends only on the results, not on timing or repeats.
  const auto again = run_equity("bench --no-evaluator --repeats 1 --json");
  EXPECT_EQ(r.out.substr(0, r.out.find(',')), again.out.substr(0, again.out.find(',')));
}
