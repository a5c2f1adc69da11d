// `equity duel [FILE|-]`: Project Euler 54, who wins each showdown of two 5-card hands.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/classic.hpp"
#include "input_source.hpp"

namespace equity::cli {
namespace {

std::string winner_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::Win:
      return "player 1 wins";
    case Outcome::Lose:
      return "player 2 wins";
    case Outcome::Split:
      return "split";
  }
  return "split";
}

int winner_number(Outcome outcome) { return outcome == Outcome::Win ? 1 : outcome == Outcome::Lose ? 2 : 0; }

}  // namespace

int run_duel(const Args& args) {
  CLI::App app(
      "Project Euler 54: reads showdowns of two 5-card hands, one per line (ten cards: five for\n"
      "player 1, then five for player 2), and counts how many each player wins and how many are\n"
      "split. Blank lines are skipped; Windows line endings are accepted. A line with the wrong\n"
      "number of cards, a bad card, a card twice or more than 4096 bytes is an error naming the line\n"
      "(with --verbose, the lines before it are printed: output is streamed).",
      "equity duel");
  app.footer(
      "\nExamples:\n"
      "  equity duel tests/data/euler54/p054_poker.txt    Player 1: 376, Player 2: 624, Ties: 0\n"
      "  echo '5H 5C 6S 7S KD 2C 3S 8S 8D TD' | equity duel --verbose\n"
      "  equity duel p054_poker.txt --json                    {\"hands\": 1000, \"player1\": 376, ...}\n");
  std::string path;
  bool verbose = false, json = false;
  app.add_option("file", path, "file of showdowns, one per line; - or nothing reads standard input");
  app.add_flag("-v,--verbose", verbose, "also print each line's winner with both hands' names");
  app.add_flag("--json", json, "print one JSON object (with --verbose, every line too)");
  return run(app, args, [&] {
    InputSource input(path);
    DuelTally tally;
    // Streamed: each line is printed as it is read, so memory does not grow with the input (an
    // error part way leaves the lines before it printed).
    std::size_t printed = 0;
    if (json && verbose) std::cout << "{\"lines\": [";
    for_each_line(input.stream(), input.name(), [&](std::string_view text, const std::string& where) {
      const DuelHands hands = parse_duel_line(text, where);
      const HandRank rank1 = evaluate(Hand(hands.player1)), rank2 = evaluate(Hand(hands.player2));
      const Outcome outcome = compare(rank1, rank2);
      tally.add(outcome);
      if (!verbose) return;
      if (json) {
        // One line's object at a time (the lines are streamed, so the array is written around them).
        const nlohmann::ordered_json line = {
            {"where", where},
            {"player1", {{"cards", classic_cards(hands.player1)}, {"name", hand_name(rank1)}, {"rank", rank1}}},
            {"player2", {{"cards", classic_cards(hands.player2)}, {"name", hand_name(rank2)}, {"rank", rank2}}},
            {"winner", winner_number(outcome)}};
        std::cout << (printed ? ",\n  " : "\n  ") << line.dump();
      } else {
        std::cout << where << ": " << winner_text(outcome) << ": " << classic_cards(hands.player1) << " ("
                  << hand_name(rank1) << ") vs " << classic_cards(hands.player2) << " (" << hand_name(rank2) << ")\n";
      }
      ++printed;
    });
    if (json) {
      const nlohmann::ordered_json totals = {
          {"hands", tally.hands()}, {"player1", tally.player1}, {"player2", tally.player2}, {"ties", tally.ties}};
      const std::string object = totals.dump();  // {"hands":...}: its fields follow the lines
      std::cout << (verbose ? "], " + object.substr(1) : object) << "\n";
    } else {
      std::cout << "Player 1: " << tally.player1 << "\n"
                << "Player 2: " << tally.player2 << "\n"
                << "Ties: " << tally.ties << "\n";
    }
    return 0;
  });
}

}  // namespace equity::cli
