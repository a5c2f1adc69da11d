// Project Euler 54 input: lines of ten cards read with the bounded line reader; every line that
// parses is a showdown counted once.
#include <sstream>

#include "equity/classic.hpp"
#include "equity/error.hpp"
#include "fuzz_support.hpp"

using namespace equity;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::text_of(data, size);
  try {
    const DuelHands hands = parse_duel_line(text, "line 1");
    CardSet all;
    for (Card c : hands.player1) all.insert(c);
    for (Card c : hands.player2) all.insert(c);
    FUZZ_CHECK(all.size() == 10);
    const Outcome o = compare(evaluate(Hand(hands.player1)), evaluate(Hand(hands.player2)));
    const Outcome back = compare(evaluate(Hand(hands.player2)), evaluate(Hand(hands.player1)));
    FUZZ_CHECK((o == Outcome::Split) == (back == Outcome::Split));
  } catch (const InputError&) {
  }
  std::istringstream in{std::string(text)};
  int lines = 0;
  DuelTally tally;
  try {
    for_each_line(in, "stdin", [&](std::string_view line, const std::string& where) {
      FUZZ_CHECK(line.size() <= kMaxLineBytes);
      const DuelHands hands = parse_duel_line(line, where);
      tally.add(compare(evaluate(Hand(hands.player1)), evaluate(Hand(hands.player2))));
      ++lines;
    });
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  FUZZ_CHECK(tally.hands() == lines);
  return 0;
}
