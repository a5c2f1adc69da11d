// `equity duel [FILE|-]`: Project Euler 54, who wins each showdown of two 5-card hands.
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/classic.hpp"
#include "input_source.hpp"

namespace equity::cli {
namespace {

struct DuelLine {
  std::string where;
  DuelHands hands;
  HandRank rank1 = 0, rank2 = 0;
  Outcome outcome = Outcome::Split;
};

std::string winner_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::Win: return "player 1 wins";
    case Outcome::Lose: return "player 2 wins";
    case Outcome::Split: return "split";
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
      "number of cards, a bad card or a card twice is an error naming the line.",
      "equity duel");
  app.footer(
      "\nExamples:\n"
      "  equity duel ../shared/data/euler54/p054_poker.txt    Player 1: 376, Player 2: 624, Ties: 0\n"
      "  echo '5H 5C 6S 7S KD 2C 3S 8S 8D TD' | equity duel --verbose\n"
      "  equity duel p054_poker.txt --json                    {\"player1\": 376, ...}\n");
  std::string path;
  bool verbose = false, json = false;
  app.add_option("file", path, "file of showdowns, one per line; - or nothing reads standard input");
  app.add_flag("-v,--verbose", verbose, "also print each line's winner with both hands' names");
  app.add_flag("--json", json, "print one JSON object (with --verbose, every line too)");
  return run(app, args, [&] {
    InputSource input(path);
    DuelTally tally;
    std::vector<DuelLine> lines;
    for_each_line(input.stream(), input.name(), [&](std::string_view text, const std::string& where) {
      DuelLine line;
      line.where = where;
      line.hands = parse_duel_line(text, where);
      line.rank1 = evaluate(Hand(line.hands.player1));
      line.rank2 = evaluate(Hand(line.hands.player2));
      line.outcome = compare(line.rank1, line.rank2);
      tally.add(line.outcome);
      if (verbose) lines.push_back(std::move(line));
    });
    // Everything is printed after the whole input parsed, so an error leaves stdout empty.
    std::ostringstream out;
    if (json) {
      out << "{\"hands\": " << tally.hands() << ", \"player1\": " << tally.player1 << ", \"player2\": " << tally.player2
          << ", \"ties\": " << tally.ties;
      if (verbose) {
        out << ", \"lines\": [";
        for (std::size_t i = 0; i < lines.size(); ++i) {
          const auto& l = lines[i];
          out << (i ? ",\n  " : "\n  ") << "{\"where\": " << json_string(l.where)
              << ", \"player1\": {\"cards\": " << json_string(classic_cards(l.hands.player1))
              << ", \"name\": " << json_string(hand_name(l.rank1)) << ", \"rank\": " << l.rank1 << "}"
              << ", \"player2\": {\"cards\": " << json_string(classic_cards(l.hands.player2))
              << ", \"name\": " << json_string(hand_name(l.rank2)) << ", \"rank\": " << l.rank2 << "}"
              << ", \"winner\": " << winner_number(l.outcome) << "}";
        }
        out << "]";
      }
      out << "}\n";
    } else {
      for (const auto& l : lines)
        out << l.where << ": " << winner_text(l.outcome) << ": " << classic_cards(l.hands.player1) << " ("
            << hand_name(l.rank1) << ") vs " << classic_cards(l.hands.player2) << " (" << hand_name(l.rank2) << ")\n";
      out << "Player 1: " << tally.player1 << "\n"
          << "Player 2: " << tally.player2 << "\n"
          << "Ties: " << tally.ties << "\n";
    }
    std::cout << out.str();
    return 0;
  });
}

}  // namespace equity::cli
