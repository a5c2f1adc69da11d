#pragma once
// The subcommands of `equity`. Each takes the arguments after its name and returns the exit code.
#include <string>
#include <string_view>
#include <vector>

namespace equity::cli {

using Args = std::vector<std::string>;

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(const Args& args);
};

// The default command: `equity HAND HAND [HAND...] [options]`.
int run_equity(const Args& args);
int run_bench(const Args& args);
int run_range(const Args& args);
int run_table(const Args& args);  // cmd_table.cpp
int run_file(const Args& args);   // cmd_table.cpp
int run_grid(const Args& args);   // cmd_table.cpp
int run_batch(const Args& args);  // cmd_batch.cpp
int run_order(const Args& args);  // cmd_order.cpp
int run_eval(const Args& args);
int run_duel(const Args& args);
int run_psychic(const Args& args);
int run_draw(const Args& args);
int run_hands(const Args& args);   // cmd_hands.cpp
int run_serve(const Args& args);   // cmd_serve.cpp, in the program equity-serve
int exec_serve(const Args& args);  // main.cpp: runs equity-serve

// Every named subcommand, in the order --help lists them.
const std::vector<Command>& commands();

}  // namespace equity::cli
