// Hand histories (issue 41): the input as a file of hands, cut by HandHistoryReader and each hand
// parsed. A hand that cannot be read throws HandHistoryError (nothing else) naming one of its own
// lines; a hand that reads has every player's chips put in and collected finite and not negative,
// boards of at most five cards, and the board at the last action a prefix of the first run's. When
// it is an all-in with cards to come, its question (not counted: too slow for fuzzing) has each
// player in with his cards and a stack of his chips in, finite and above 0.
#include <cmath>
#include <sstream>
#include <string>

#include "equity/all_in_ev.hpp"
#include "equity/hand_history.hpp"
#include "fuzz_support.hpp"

using namespace equity;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in{std::string(fuzz::text_of(data, size))};
  HandHistoryReader reader(in);
  HandText text;
  std::size_t previous_first_line = 0;
  while (reader.next(text)) {
    FUZZ_CHECK(!text.empty() && text.size() <= 2000);
    FUZZ_CHECK(text.first_line > previous_first_line);
    previous_first_line = text.first_line;
    HandHistory hand;
    try {
      hand = parse_hand_history(text);
    } catch (const HandHistoryError& e) {
      FUZZ_CHECK(e.line() >= text.first_line && e.line() < text.first_line + text.size());
      continue;
    }
    FUZZ_CHECK(hand.players.size() >= 2);
    for (const auto& p : hand.players) {
      FUZZ_CHECK(std::isfinite(p.put_in) && p.put_in >= 0);
      FUZZ_CHECK(std::isfinite(p.collected) && p.collected >= 0);
    }
    for (const auto& board : hand.boards) FUZZ_CHECK(board.size() <= 5);
    const auto& at_last = hand.board_at_last_action;
    if (hand.boards.empty()) {
      FUZZ_CHECK(at_last.empty());
    } else {
      const auto& first = hand.boards[0];
      FUZZ_CHECK(at_last.size() <= first.size());
      for (std::size_t i = 0; i < at_last.size(); ++i) FUZZ_CHECK(at_last[i] == first[i]);
    }
    if (not_an_all_in(hand)) continue;
    const Question q = all_in_question(hand);
    FUZZ_CHECK(q.players.size() >= 2 && q.players.size() == hand.live().size());
    FUZZ_CHECK(q.stacks.size() == q.players.size());
    for (std::size_t i = 0; i < q.players.size(); ++i) {
      FUZZ_CHECK(!q.players[i].empty());
      FUZZ_CHECK(std::isfinite(q.stacks[i]) && q.stacks[i] > 0);
    }
  }
  return 0;
}
