// `equity`: exact Texas Hold'em equity. `equity HANDS...` computes equities; `equity COMMAND ...`
// runs one of the subcommands listed by `equity --help`.
#include <exception>
#include <iostream>

#include "commands.hpp"

namespace equity::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> list = {
      {"bench", "fixed benchmark workload: evaluator speed, enumeration speed, signature", run_bench},
  };
  return list;
}

}  // namespace equity::cli

int main(int argc, char** argv) {
  using namespace equity::cli;
  try {
    Args args(argv + 1, argv + argc);
    if (!args.empty()) {
      for (const auto& command : commands()) {
        if (args[0] == command.name) return command.run(Args(args.begin() + 1, args.end()));
      }
    }
    return run_equity(args);
  } catch (const std::exception& e) {
    std::cerr << "equity: internal error: " << e.what() << "\n";
    return 1;
  }
}
