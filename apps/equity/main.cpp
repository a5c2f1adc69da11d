// `equity`: exact poker equity (Hold'em, short deck, Omaha). `equity HANDS...` computes equities; `equity COMMAND ...`
// runs one of the subcommands listed by `equity --help`.
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "equity/error.hpp"
#include "equity/table_location.hpp"

namespace equity::cli {

// `equity serve ARGS`: replaced by the program equity-serve beside this one, with the same
// arguments (the HTTP server lives there so that its libraries load only when serving).
int exec_serve(const Args& args) {
  const auto dir = program_directory();
  const std::string path = ((dir ? *dir : std::filesystem::path(".")) / "equity-serve").string();
  std::vector<char*> argv;
  std::vector<std::string> owned = {path};
  owned.insert(owned.end(), args.begin(), args.end());
  for (auto& a : owned) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(path.c_str(), argv.data());
  std::cerr << "equity: cannot run " << path << ": " << std::strerror(errno) << "\n";
  return 1;
}

const std::vector<Command>& commands() {
  static const std::vector<Command> list = {
      {"range", "the combos of a range (count and list) and its 13x13 grid", run_range},
      {"table", "build the exact 169x169 preflop table and its result files (resumable)", run_table},
      {"file", "write the 1,225-line result file of one specific hand", run_file},
      {"batch", "answer bulk questions: JSON Lines in, answers out (resumable, sharded)", run_batch},
      {"order", "order the Omaha hand classes by equity, for percentage ranges (resumable, sharded)", run_order},
      {"grid", "the 13x13 grid of each class's equity (Hold'em, short deck's 9x9)", run_grid},
      {"hands", "hand histories: every all-in's exact expected value, net won all-in adjusted", run_hands},
      {"eval", "the best five of 5, 6 or 7 cards, their category and name", run_eval},
      {"duel", "Project Euler 54: who wins each showdown of two 5-card hands", run_duel},
      {"psychic", "UVa 131: the best hand reachable by one draw from a known deck", run_psychic},
      {"draw", "five-card draw, an interactive game", run_draw},
      {"serve", "the calculator as a local web app and JSON API (http://127.0.0.1:8080/)", exec_serve},
      {"bench", "fixed benchmark workload: evaluator speed, enumeration speed, signature", run_bench},
  };
  return list;
}

}  // namespace equity::cli

int main(int argc, char** argv) {
  using namespace equity::cli;
  try {
    Args args(argv + 1, argv + argc);
    if (args.size() == 1 && (args[0] == "--version" || args[0] == "-V")) {
      fmt::print("equity {}\n", EQUITY_VERSION);
      return 0;
    }
    if (!args.empty()) {
      for (const auto& command : commands()) {
        if (args[0] == command.name) return command.run(Args(args.begin() + 1, args.end()));
      }
    }
    return run_equity(args);
  } catch (const equity::InputError& e) {  // subcommands catch these in run(); a safety net
    fmt::print(stderr, "equity: {}\n", e.what());
    return 2;
  } catch (const equity::WriteError& e) {
    fmt::print(stderr, "equity: {}\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "equity: internal error: {}\n", e.what());
    return 1;
  }
}
