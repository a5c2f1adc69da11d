#pragma once
// Helpers for the test suites: reading reference data and running the `equity` program.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace equity::test {

// Reference data carried in tests/data/ (sources in tests/data/README.md), by absolute path, e.g.
// data_path("exact/headsup.csv") -> "<source tree>/tests/data/exact/headsup.csv".
inline std::string data_path(const std::string& relative) {
  std::string path = EQUITY_SOURCE_DIR;  // appended step by step: GCC 12 warns (wrongly) on a + b + c here
  path += "/tests/data/";
  path += relative;
  return path;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// CSV rows without the header line (no quoting in our data).
inline std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  auto lines = split(read_file(path), '\n');
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (!lines[i].empty() && lines[i].back() == '\r') lines[i].pop_back();
    if (!lines[i].empty()) rows.push_back(split(lines[i], ','));
  }
  return rows;
}

// A fresh directory under /tmp, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("equity_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string str() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

struct RunResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs a shell command with optional stdin text, capturing stdout, stderr and the exit code.
inline RunResult run_command(const std::string& command, const std::string& input = "") {
  static int counter = 0;
  const std::string base = "/tmp/equity_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  {
    std::ofstream in(base + ".in", std::ios::binary);
    in << input;
  }
  const std::string cmd = command + " <" + base + ".in >" + base + ".out 2>" + base + ".err";
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_file(base + ".out");
  r.err = read_file(base + ".err");
  std::remove((base + ".in").c_str());
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return r;
}

// Runs the built `equity` program with a shell-quoted argument string and optional stdin text.
inline RunResult run_equity(const std::string& args, const std::string& input = "") {
  std::string command = "'";
  command += EQUITY_BINARY;
  command += "' ";
  command += args;
  return run_command(command, input);
}

// Runs `equity` on a pseudo-terminal (util-linux `script`), so that its stdout is a terminal;
// `env` sets variables first, e.g. "TERM=xterm NO_COLOR=1". Output and errors come back together
// in `out`, with \r\n line ends. `args` must not hold double quotes.
inline RunResult run_equity_in_terminal(const std::string& env, const std::string& args) {
  std::string command = "script -qec \"env ";
  command += env;
  command += " '";
  command += EQUITY_BINARY;
  command += "' ";
  command += args;
  command += "\" /dev/null";
  return run_command(command);
}

}  // namespace equity::test
