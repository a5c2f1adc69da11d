// `equity batch`: answers, errors, shards and their merge, resuming after a kill or a torn line.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "test_support.hpp"

namespace fs = std::filesystem;
using equity::test::read_file;
using equity::test::run_equity;
using equity::test::split;
using equity::test::TempDir;
using nlohmann::json;

namespace {

// Every kind of line: table, exact on boards, three players, Monte Carlo with and without a seed,
// per-combo, blank lines and bad lines.
const std::vector<std::string> kKinds = {
    R"({"players": ["AsAc", "KhQh"]})",
    R"({"players": ["AA", "KK"]})",
    "",
    R"({"players": ["AsKd", "random"]})",
    R"({"players": ["QQ+,AKs", "22+"]})",
    R"({"players": ["AsAc", "KhQh"], "board": "Ks7h2c"})",
    R"({"players": ["AhKh", "QsQd", "7c6c"], "board": "2c3d4h"})",
    R"({"players": ["AsAc", "random", "random"], "trials": 3000})",
    R"({"players": ["AsAc", "random", "random"], "trials": 3000, "seed": 7})",
    R"({"players": ["15%", "QQ+"], "board": "Ks7h2c", "per_combo": true})",
    "not json",
    R"({"players": ["AsXc", "KhQh"]})",
    R"({"players": ["AsAc", "KK"], "bogus": 1})",
    "   ",
    "[1, 2]",
    R"({"players": ["KhKd", "AK"], "dead": "As"})",
};

std::string questions(std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += kKinds[(i * 7) % kKinds.size()] + "\n";
  return text;
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// One line on stderr starting "equity: ", exit 2, nothing on stdout.
void expect_input_error(const std::string& args, const std::string& message_part) {
  const auto r = run_equity(args);
  SCOPED_TRACE("equity " + args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(message_part), std::string::npos) << r.err;
  EXPECT_EQ(r.err.rfind("equity: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// A run that must succeed, quietly.
std::string batch(const std::string& args) {
  const auto r = run_equity("batch -q " + args);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  return r.out;
}

// `equity batch IN --out OUT -q` started in a child process, its output streams discarded.
pid_t start_batch(const std::string& in, const std::string& out) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::execl(EQUITY_BINARY, EQUITY_BINARY, "batch", in.c_str(), "--out", out.c_str(), "-q", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

}  // namespace

TEST(Batch, AnswersEveryLineInOrderWithTheCommandsJsonAndErrorsInPlace) {
  TempDir dir;
  write(dir.path() / "in.jsonl", questions(kKinds.size()));
  const auto r = run_equity("batch -q " + (dir.path() / "in.jsonl").string() + " --out " + dir.str() + "/out.jsonl");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("14 answers (4 errors), every question answered"), std::string::npos) << r.out;
  const auto lines = split(read_file(dir.str() + "/out.jsonl"), '\n');
  ASSERT_EQ(lines.size(), 14u);
  std::size_t row = 0;
  for (std::size_t i = 0; i < kKinds.size(); ++i) {
    const std::string& question = kKinds[(i * 7) % kKinds.size()];
    if (question.find_first_not_of(' ') == std::string::npos) continue;  // blank: no answer
    const auto answer = nlohmann::ordered_json::parse(lines[row++]);
    SCOPED_TRACE(question);
    EXPECT_EQ(answer.begin().key(), "line");
    EXPECT_EQ(answer.at("line"), i + 1);
    EXPECT_FALSE(answer.contains("seconds"));
    const bool bad = question == "not json" || question == "[1, 2]" || question.find("Xc") != std::string::npos ||
                     question.find("bogus") != std::string::npos;
    EXPECT_EQ(answer.contains("error"), bad);
    EXPECT_EQ(std::next(answer.begin()).key(), "question");
    if (bad) {
      EXPECT_EQ(answer.size(), 3u);
    }
  }
  // A table answer is the command's --json answer, seconds aside.
  json direct = json::parse(run_equity("AsAc KhQh --json").out);
  direct.erase("seconds");
  const json first = json::parse(lines[0]);
  EXPECT_EQ(first.at("players"), direct.at("players"));
  EXPECT_EQ(first.at("mode"), "table");
  // Messages are the server's and calculate()'s.
  const std::string all = read_file(dir.str() + "/out.jsonl");
  EXPECT_NE(all.find(R"("error":"player 1: bad card \"Xc\" in \"AsXc\")"), std::string::npos) << all;
  EXPECT_NE(all.find(R"("error":"unknown field 'bogus')"), std::string::npos);
  EXPECT_NE(all.find(R"("error":"malformed JSON: parse error at line 1)"), std::string::npos);
  EXPECT_NE(all.find(R"("error":"the body must be a JSON object, not an array"})"), std::string::npos);
}

// A stud line is the one call's answer, as the command's --json; a bad one is an error in its place.
TEST(Batch, StudLinesAreAnsweredAndTheirMistakesAreLineErrors) {
  TempDir dir;
  write(dir.path() / "in.jsonl",
        R"({"players": ["(AsKs)Qd", "(7c7d)8h"], "game": "stud"})"
        "\n"
        R"({"players": ["(AsKs)Qd", "(7c7d)8h"], "game": "stud", "board": "2c3d4h"})"
        "\n"
        R"({"players": ["As2s3d", "(7c7d)8h", "random"], "game": "razz", "trials": 2000, "seed": 4})"
        "\n"
        R"({"players": ["QQ+", "random"], "game": "stud-hilo"})"
        "\n");
  batch((dir.path() / "in.jsonl").string() + " --out " + dir.str() + "/out.jsonl");
  const auto lines = split(read_file(dir.str() + "/out.jsonl"), '\n');
  ASSERT_EQ(lines.size(), 4u);
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(json::parse(lines[i])["line"], i + 1);
  json direct = json::parse(run_equity("--game stud '(AsKs)Qd' '(7c7d)8h' --json").out);
  const json first = json::parse(lines[0]);
  EXPECT_EQ(first["players"], direct["players"]);
  EXPECT_EQ(first["players"][0]["wins"], 7810521826u);
  EXPECT_EQ(
      json::parse(lines[1])["error"],
      "board: stud has no board: each player's cards are their own (write them in the player's hand, folded cards as "
      "dead cards)");
  direct = json::parse(run_equity("--game razz As2s3d '(7c7d)8h' random --trials 2000 --seed 4 --json").out);
  EXPECT_EQ(json::parse(lines[2])["players"], direct["players"]);
  EXPECT_NE(
      json::parse(lines[3])["error"].get<std::string>().find("player 1: \"QQ+\": the card at position 1 has no suit"),
      std::string::npos)
      << lines[3];
}

// The draw games in a batch: a player as his kept cards and draws, draws/pat/keep as fields, the
// answers the command line's, a mistake its line's error.
TEST(Batch, DrawLinesAreAnsweredAndTheirMistakesAreLineErrors) {
  TempDir dir;
  write(dir.path() / "in.jsonl",
        R"({"players": ["8h6d4s3c/1", "9s7c5h/2"], "game": "27-triple", "dead": "KhKdQc"})"
        "\n"
        R"({"players": ["4h3d2s/1", "7s5c3h/1"], "game": "badugi", "draws": 3, "pat": "J", "trials": 5000, "seed": 2})"
        "\n"
        R"({"players": ["Kd8s4h3c", "9s7c5h/2"], "game": "27-triple"})"
        "\n");
  batch((dir.path() / "in.jsonl").string() + " --out " + dir.str() + "/out.jsonl");
  const auto lines = split(read_file(dir.str() + "/out.jsonl"), '\n');
  ASSERT_EQ(lines.size(), 3u);
  json direct = json::parse(run_equity("--game 27-triple 8h6d4s3c/1 9s7c5h/2 --dead KhKdQc --json").out);
  EXPECT_EQ(json::parse(lines[0])["players"], direct["players"]);
  EXPECT_EQ(json::parse(lines[0])["players"][0]["wins"], 24074u);
  direct =
      json::parse(run_equity("--game badugi 4h3d2s/1 7s5c3h/1 --draws 3 --pat J --trials 5000 --seed 2 --json").out);
  EXPECT_EQ(json::parse(lines[1])["players"], direct["players"]);
  EXPECT_EQ(json::parse(lines[1])["draw_rule"], direct["draw_rule"]);
  EXPECT_NE(json::parse(lines[2])["error"].get<std::string>().find("4 cards of a 5-card 27-triple hand"),
            std::string::npos)
      << lines[2];
}

TEST(Batch, ShardsMergedAreTheUnshardedRunLineForLineOnAnyThreadCount) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl";
  write(in, questions(60) + R"({"players": ["AsAc", "KhQh"]})");  // the last line without a newline
  batch(in + " --out " + dir.str() + "/one.jsonl --threads 1");
  const std::string expected = read_file(dir.str() + "/one.jsonl");
  std::size_t questions_in = 1;  // the last line
  for (const auto& line : split(questions(60), '\n')) questions_in += line.find_first_not_of(' ') != std::string::npos;
  EXPECT_EQ(std::count(expected.begin(), expected.end(), '\n'), questions_in);  // blank lines have no answer
  batch(in + " --out " + dir.str() + "/two.jsonl --threads 2");
  EXPECT_EQ(read_file(dir.str() + "/two.jsonl"), expected);
  std::string parts;
  for (int k : {2, 0, 1}) {  // any order
    const std::string part = dir.str() + "/part" + std::to_string(k) + ".jsonl";
    batch(in + " --shard " + std::to_string(k) + "/3 --out " + part);
    for (const auto& line : split(read_file(part), '\n'))
      EXPECT_EQ((json::parse(line).at("line").get<int>() - 1) % 3, k) << line;
    parts += " " + part;
  }
  const auto merged = run_equity("batch merge " + in + parts + " --out " + dir.str() + "/merged.jsonl");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_EQ(read_file(dir.str() + "/merged.jsonl"), expected);
  // More shards than lines: the empty shards merge too.
  std::string many;
  for (int k = 0; k < 70; ++k) {
    const std::string part = dir.str() + "/m" + std::to_string(k) + ".jsonl";
    batch(in + " --shard " + std::to_string(k) + "/70 --out " + part + " --threads 1");
    many += " " + part;
  }
  ASSERT_EQ(run_equity("batch merge " + in + many + " --out " + dir.str() + "/many.jsonl").exit_code, 0);
  EXPECT_EQ(read_file(dir.str() + "/many.jsonl"), expected);
}

TEST(Batch, ResumesAfterATornLineAndRedoesIt) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl", out = dir.str() + "/out.jsonl";
  write(in, questions(40));
  batch(in + " --out " + out);
  const std::string expected = read_file(out);
  for (const double cut : {0.5, 0.13, 0.99}) {
    std::size_t size = static_cast<std::size_t>(static_cast<double>(expected.size()) * cut);
    if (expected[size - 1] == '\n') --size;  // mid-line
    fs::resize_file(out, size);
    const auto r = run_equity("batch -q " + in + " --out " + out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("kept from an earlier run, a half-written last line redone"), std::string::npos) << r.out;
    EXPECT_EQ(read_file(out), expected);
  }
  // Cut at a line's end: the lines after it are answered, nothing redone.
  fs::resize_file(out, expected.find('\n', expected.size() / 2) + 1);
  EXPECT_EQ(batch(in + " --out " + out).find("redone"), std::string::npos);
  EXPECT_EQ(read_file(out), expected);
  // Complete: nothing to do.
  EXPECT_NE(batch(in + " --out " + out).find("nothing to answer"), std::string::npos);
}

// An answer is kept only for the question it answers: edit line 1 (AsAc to 2c2d) and line 2 (drop
// its game), and the rerun answers both again, ending with the bytes of a first run on the new file;
// the unchanged lines after them are taken back, not recomputed.
TEST(Batch, AQuestionChangedSinceItsAnswerIsAnsweredAgain) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl", out = dir.str() + "/out.jsonl", fresh = dir.str() + "/fresh.jsonl";
  const std::string tail = R"({"players": ["QQ", "AK"]})"
                           "\n"
                           R"({"players": ["AsXc", "KK"]})"
                           "\n";
  write(in, R"({"players": ["AsAc", "KhQh"]})"
            "\n"
            R"({"players": ["AsKsQhJh", "random"], "game": "omaha", )"
            R"("board": "2c7d9h3s"})"
            "\n" +
                tail);
  batch(in + " --out " + out);
  write(in, R"({"players": ["2c2d", "KhQh"]})"
            "\n"
            R"({"players": ["AsKsQhJh", "random"], "board": "2c7d9h3s"})"
            "\n" +
                tail);
  batch(in + " --out " + fresh);
  const auto r = run_equity("batch -q " + in + " --out " + out + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json summary = json::parse(r.out);
  EXPECT_EQ(summary.at("answered"), 2);
  EXPECT_EQ(summary.at("changed"), 2);
  EXPECT_EQ(summary.at("resumed"), 2);  // lines 3 and 4, taken back
  EXPECT_EQ(read_file(out), read_file(fresh));
  EXPECT_NE(read_file(out).find(R"("players":[{"hand":"2c2d")"), std::string::npos) << read_file(out);
  // Only the last line edited: the three before it kept in place.
  write(in, R"({"players": ["2c2d", "KhQh"]})"
            "\n"
            R"({"players": ["AsKsQhJh", "random"], "board": "2c7d9h3s"})"
            "\n"
            R"({"players": ["QQ", "AK"]})"
            "\n"
            R"({"players": ["AsKc", "KK"]})"
            "\n");
  EXPECT_NE(batch(in + " --out " + out).find("this run: 1 answered (1 changed since the earlier run), 3 kept"),
            std::string::npos);
  batch(in + " --out " + dir.str() + "/fresh2.jsonl");
  EXPECT_EQ(read_file(out), read_file(dir.str() + "/fresh2.jsonl"));
  // Answers without a digest (an earlier equity's) are never taken as this file's.
  std::string old_format;
  for (const auto& line : split(read_file(out), '\n'))
    old_format +=
        "{\"line\":" + line.substr(8, line.find(',') - 8) + line.substr(line.find(",\"question\"") + 30) + "\n";
  write(out, old_format);
  EXPECT_NE(batch(in + " --out " + out).find("4 answered (4 changed since the earlier run)"), std::string::npos);
  EXPECT_EQ(read_file(out), read_file(dir.str() + "/fresh2.jsonl"));
}

// A merge checks each answer against its input line as it reads now.
TEST(Batch, MergeRefusesAPartAnsweringAnotherVersionOfALine) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl", d = dir.str();
  write(in, questions(20));
  for (int k = 0; k < 2; ++k) batch(in + " --shard " + std::to_string(k) + "/2 --out " + d + "/p" + std::to_string(k));
  std::string edited = questions(20);
  edited.replace(edited.find("AsAc"), 4, "2c2d");  // line 1, answered by shard 0
  write(in, edited);
  expect_input_error("batch merge " + in + " " + d + "/p0 " + d + "/p1 --out " + d + "/m.jsonl",
                     d + "/p0:1: answers another version of line 1 of " + in + " (changed since its shard ran");
  EXPECT_FALSE(fs::exists(d + "/m.jsonl"));
  batch(in + " --shard 0/2 --out " + d + "/p0");  // the shard run again: answered anew, then merged
  const auto r = run_equity("batch merge " + in + " " + d + "/p0 " + d + "/p1 --out " + d + "/m.jsonl");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(Batch, KilledAtRandomMomentsAndResumedEndsWithTheSameBytes) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl", out = dir.str() + "/out.jsonl";
  std::string text;
  for (int i = 0; i < 30; ++i)
    text += questions(kKinds.size()) + R"({"players": ["AhKh", "QsQd"], "board": "2c"})"
                                       "\n";
  write(in, text);
  batch(in + " --out " + dir.str() + "/clean.jsonl");
  const std::string expected = read_file(dir.str() + "/clean.jsonl");
  std::mt19937 rng(12345);
  int kills = 0;
  for (int attempt = 0; attempt < 20 && kills < 4; ++attempt) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, STDOUT_FILENO);
      ::dup2(null, STDERR_FILENO);
      ::execl(EQUITY_BINARY, EQUITY_BINARY, "batch", in.c_str(), "--out", out.c_str(), "-q", "--threads", "2",
              static_cast<char*>(nullptr));
      ::_exit(127);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(5, 120)(rng)));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (WIFSIGNALED(status)) ++kills;
    const std::string now = fs::exists(out) ? read_file(out) : std::string();
    EXPECT_EQ(expected.compare(0, now.rfind('\n') + 1, now, 0, now.rfind('\n') + 1), 0);  // whole lines: a prefix
    if (now == expected) fs::remove(out);
  }
  batch(in + " --out " + out);
  EXPECT_EQ(read_file(out), expected);
  std::cout << "killed " << kills << " times\n";
}

TEST(Batch, SigtermStopsAfterWritingWhatIsAnsweredAndTheRunResumes) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl", out = dir.str() + "/out.jsonl";
  std::string text;
  for (int i = 0; i < 200; ++i)
    text += R"({"players": ["AhKh", "QsQd"], "board": "2c3d4h", "method": "exact"})"
            "\n";
  write(in, text);
  const pid_t pid = start_batch(in, out);
  for (int wait = 0; wait < 2000 && !(fs::exists(out) && fs::file_size(out) > 0); ++wait)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_TRUE(WEXITSTATUS(status) == 130 || WEXITSTATUS(status) == 0) << WEXITSTATUS(status);
  const std::string part = read_file(out);
  EXPECT_TRUE(part.empty() || part.back() == '\n');  // whole lines only
  batch(in + " --out " + out);
  EXPECT_EQ(split(read_file(out), '\n').size(), 200u);
}

// A Monte Carlo answer under way when the signal comes stops with the trials it ran ("cancelled"):
// it is not the line's answer and must not be written, or the resumed run would keep it.
TEST(Batch, MonteCarloStoppedBySigtermIsAskedAgainNotKept) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl", out = dir.str() + "/out.jsonl", whole = dir.str() + "/whole.jsonl";
  std::string text;
  for (int i = 0; i < 130; ++i)  // the first chunk of 64 written, the second under way at the signal
    text += R"({"players": ["AsAc", "random"], "trials": 500000, "seed": )" + std::to_string(i + 1) + "}\n";
  write(in, text);
  const pid_t pid = start_batch(in, out);
  for (int wait = 0; wait < 5000 && !(fs::exists(out) && fs::file_size(out) > 0); ++wait)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  std::this_thread::sleep_for(std::chrono::milliseconds(5));  // within the second chunk's trials
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(read_file(out).find("cancelled"), std::string::npos) << read_file(out);
  batch(in + " --out " + out);
  batch(in + " --out " + whole);
  EXPECT_EQ(read_file(out), read_file(whole));
}

TEST(Batch, BadArgumentsAreOneLineAndExitCodeTwo) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl";
  write(in, questions(5));
  const std::string out = " --out " + dir.str() + "/out.jsonl";
  for (const char* shard : {"4/4", "1/0", "x", "-1/2", "1/2/3", "1", "/2", "0/"})
    expect_input_error("batch " + in + out + " --shard " + shard,
                       "--shard: K/N with N at least 1 and K from 0 to N-1 (0/4 is the first of 4), not \"" +
                           std::string(shard) + "\"");
  expect_input_error("batch " + in, "--out");
  expect_input_error("batch" + out, "IN");
  expect_input_error("batch " + dir.str() + "/missing.jsonl" + out, "cannot open " + dir.str() + "/missing.jsonl");
  expect_input_error("batch " + dir.str() + out, "is a directory");
  expect_input_error("batch " + in + " --out " + in, "is the input file");
  expect_input_error("batch " + in + out + " --threads -1", "--threads: must be 0 or more, not -1");
  expect_input_error("batch " + in + out + " --seed -1", "--seed");
  expect_input_error("batch " + in + out + " --table " + dir.str() + "/none", "--table");
  expect_input_error("batch merge " + in + " --out " + dir.str() + "/m.jsonl", "PARTS");
  EXPECT_FALSE(fs::exists(dir.path() / "out.jsonl"));
  EXPECT_EQ(run_equity("batch --help").exit_code, 0);
  EXPECT_NE(run_equity("batch --help").out.find("--shard"), std::string::npos);
  EXPECT_NE(run_equity("--help").out.find("batch"), std::string::npos);
}

TEST(Batch, AnswersOfAnotherShardOrInputAreRefusedAndNothingIsWritten) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl", out = dir.str() + "/out.jsonl";
  write(in, questions(20));
  batch(in + " --shard 0/2 --out " + out);
  const std::string before = read_file(out);
  expect_input_error("batch " + in + " --shard 1/2 --out " + out,
                     out + ":1: answers input line 1, but the next question of shard 1/2 in " + in + " is line 2");
  write(dir.path() / "short.jsonl", questions(3));
  expect_input_error("batch " + dir.str() + "/short.jsonl --shard 0/2 --out " + out, "has no more questions");
  write(dir.path() / "junk.jsonl", "hello\n");
  expect_input_error("batch " + in + " --out " + dir.str() + "/junk.jsonl",
                     "junk.jsonl:1: not an answer of equity batch");
  EXPECT_EQ(read_file(out), before);
  // A second run on the same answers file at once is refused.
  const int fd = ::open(out.c_str(), O_RDONLY);
  ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
  expect_input_error("batch " + in + " --shard 0/2 --out " + out, "is in use by another equity batch run");
  ::close(fd);
}

TEST(Batch, MergeRefusesMissingUnfinishedOrOverlappingParts) {
  TempDir dir;
  const std::string in = dir.str() + "/in.jsonl", d = dir.str();
  write(in, questions(20));
  for (int k = 0; k < 2; ++k) batch(in + " --shard " + std::to_string(k) + "/2 --out " + d + "/p" + std::to_string(k));
  batch(in + " --out " + d + "/all");
  const std::string merged = " --out " + d + "/m.jsonl";
  expect_input_error("batch merge " + in + " " + d + "/p0" + merged, "line 2 of " + in + " has no answer in the parts");
  expect_input_error("batch merge " + in + " " + d + "/p0 " + d + "/all" + merged, "or answered in another part too");
  const std::string p1 = read_file(d + "/p1");
  write(d + "/p1", p1.substr(0, p1.size() - 5));
  expect_input_error("batch merge " + in + " " + d + "/p0 " + d + "/p1" + merged, "p1:9: half-written last line");
  expect_input_error("batch merge " + in + " " + d + "/p0 " + d + "/missing" + merged, "cannot open " + d + "/missing");
  write(dir.path() / "short.jsonl", questions(4));
  expect_input_error("batch merge " + d + "/short.jsonl " + d + "/all" + merged, "the answers of another input?");
  expect_input_error("batch merge " + in + " " + d + "/p0 " + d + "/p1 --out " + in,
                     "--out: " + in + " is the input file");
  expect_input_error("batch merge " + in + " " + d + "/p0 " + d + "/all --out " + d + "/all", "is one of the parts");
  EXPECT_FALSE(fs::exists(d + "/m.jsonl"));
  EXPECT_FALSE(fs::exists(d + "/m.jsonl.tmp"));
}

// ---- equity table --shard K/N and equity table merge ------------------------------------------

namespace {

const std::string kShardClasses = "AA,AKs,72o,KK,T9s";

std::string hand_files(const fs::path& hands) {
  std::string all;
  for (const auto& entry : {"AsAc.txt", "AsKs.txt", "7s2c.txt", "KsKc.txt", "Ts9s.txt"})
    all +=
        std::string(entry) + ":\n" + (fs::exists(hands / entry) ? read_file((hands / entry).string()) : "(missing)\n");
  return all;
}

}  // namespace

TEST(TableShards, MergedShardsAreByteIdenticalToOneRunWhateverTheShardsOrderAndRestarts) {
  TempDir dir;
  const std::string d = dir.str();
  ASSERT_EQ(run_equity("table -q --only " + kShardClasses + " --out " + d + "/one").exit_code, 0);
  const std::string expected = hand_files(dir.path() / "one" / "hands");
  ASSERT_EQ(expected.find("(missing)"), std::string::npos);
  for (const int n : {2, 3}) {
    std::string shards;
    for (int k = n - 1; k >= 0; --k) {  // any order
      const std::string out = d + "/s" + std::to_string(n) + "-" + std::to_string(k);
      if (k == 0) {  // killed in the middle, then run again
        const pid_t pid = ::fork();
        if (pid == 0) {
          ::execl(EQUITY_BINARY, EQUITY_BINARY, "table", "-q", "--only", kShardClasses.c_str(), "--shard",
                  ("0/" + std::to_string(n)).c_str(), "--out", out.c_str(), "--batch", "64",
                  static_cast<char*>(nullptr));
          ::_exit(127);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
      }
      const auto r = run_equity("table -q --only " + kShardClasses + " --shard " + std::to_string(k) + "/" +
                                std::to_string(n) + " --out " + out);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      EXPECT_NE(r.out.find("of shard " + std::to_string(k) + "/" + std::to_string(n) + " complete"), std::string::npos)
          << r.out;
      shards += " " + out;
    }
    const std::string merged = d + "/merged" + std::to_string(n);
    const auto r = run_equity("table merge " + shards + " --only " + kShardClasses + " --out " + merged);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("aggregates not written"), std::string::npos) << r.out;
    EXPECT_EQ(hand_files(fs::path(merged) / "hands"), expected);
  }
}

TEST(TableShards, MergingTheCommittedFilesGivesTheCommittedAggregates) {
  TempDir dir;
  const auto r = run_equity("table merge results --out " + dir.str() + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out).at("aggregates_written"), true) << r.out;
  for (const char* file :
       {"preflop-169x169.csv", "vs-random.csv", "grid.txt", "grid.svg", "hands/AsAc.txt", "hands/3s2c.txt"})
    EXPECT_EQ(read_file(dir.str() + "/" + file), read_file(std::string("results/") + file)) << file;
  // Again: every file is already there, nothing changes.
  const auto again = run_equity("table merge results --out " + dir.str());
  EXPECT_NE(again.out.find("(0 written"), std::string::npos) << again.out;
}

TEST(TableShards, AMissingClassOrABadShardIsAnError) {
  TempDir dir;
  const std::string d = dir.str();
  ASSERT_EQ(run_equity("table -q --only AA,KK --shard 0/2 --out " + d + "/s0").exit_code, 0);
  expect_input_error("table merge " + d + "/s0 --only AA,KK --out " + d + "/m",
                     "KK (KsKc.txt): no complete file in the shards' hands/ directories");
  EXPECT_FALSE(fs::exists(dir.path() / "m" / "hands" / "AsAc.txt"));  // nothing written
  expect_input_error("table --only AA --shard 2/2 --out " + d + "/x",
                     "--shard: K/N with N at least 1 and K from 0 to N-1 (0/4 is the first of 4), not \"2/2\"");
  expect_input_error("table merge --out " + d + "/m", "SHARD_DIRS");
}
