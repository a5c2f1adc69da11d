// Calls the installed library through its one entry point: AsAc against KhQh preflop, enumerated
// exactly, and prints the answer as the command's JSON.
#include <cstdio>
#include <string>

#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"

int main() {
  equity::Question question;
  question.players = {"AsAc", "KhQh"};
  question.use_table = false;
  const equity::Answer answer = equity::calculate(question);
  const auto& aces = answer.players[0];
  std::printf("%s\n", equity::to_json(answer).c_str());
  const bool exact =
      answer.method == equity::Method::exact && aces.wins == 1'406'263 && aces.ties == 6'453 && aces.losses == 299'588;
  if (!exact) std::fprintf(stderr, "expected 1406263 wins, 6453 ties, 299588 losses, exact\n");
  return exact ? 0 : 1;
}
