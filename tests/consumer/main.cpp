// Calls the installed library through its one entry point: AsAc against KhQh preflop, enumerated
// exactly, and prints the answer as the command's JSON; then AA against KK, which a program built
// against the installed library answers from the installed table (`equity_consumer TABLE_DIR`:
// the directory it must read).
#include <cstdio>
#include <string>

#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"

int main(int argc, char** argv) {
  equity::Question question;
  question.players = {"AsAc", "KhQh"};
  question.use_table = false;
  const equity::Answer answer = equity::calculate(question);
  const auto& aces = answer.players[0];
  std::printf("%s\n", equity::to_json(answer).c_str());
  const bool exact =
      answer.method == equity::Method::exact && aces.wins == 1'406'263 && aces.ties == 6'453 && aces.losses == 299'588;
  if (!exact) std::fprintf(stderr, "expected 1406263 wins, 6453 ties, 299588 losses, exact\n");
  if (argc < 2) return exact ? 0 : 1;

  equity::Question pairs;
  pairs.players = {"AA", "KK"};
  const equity::Answer table = equity::calculate(pairs);
  const std::string expected = argv[1];
  const bool from_table = table.method == equity::Method::table && table.table_dir.rfind(expected, 0) == 0;
  if (!from_table)
    std::fprintf(stderr, "AA KK: expected the table in %s, got method %s from '%s'\n", expected.c_str(),
                 std::string(equity::method_name(table.method)).c_str(), table.table_dir.c_str());
  return exact && from_table ? 0 : 1;
}
