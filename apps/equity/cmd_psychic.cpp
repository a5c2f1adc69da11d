// `equity psychic [FILE|-]`: UVa 131 "The Psychic Poker Player".
#include <iostream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/classic.hpp"
#include "input_source.hpp"

namespace equity::cli {

int run_psychic(const Args& args) {
  CLI::App app(
      "UVa 131 \"The Psychic Poker Player\": each line holds five cards in hand, then the top five\n"
      "cards of the deck. The player may discard 0 to 5 cards and draws as many from the top of the\n"
      "deck, in order. Prints, in the judge's exact format, the best category the player can reach\n"
      "(an ace plays high or low in straights; straights do not wrap around).\n"
      "Blank lines are skipped; Windows line endings are accepted. A bad line (not ten distinct\n"
      "cards, or more than 4096 bytes) is an error naming it; the lines before it are printed.",
      "equity psychic");
  app.footer(
      "\nExamples:\n"
      "  equity psychic tests/data/uva131/psychic.in\n"
      "  echo 'TH JH QC QD QS QH KH AH 2S 6S' | equity psychic --explain\n"
      "    Hand: TH JH QC QD QS Deck: QH KH AH 2S 6S Best hand: straight-flush\n"
      "      discard QC QD QS, draw QH KH AH: TH JH QH KH AH, royal flush\n");
  std::string path;
  bool explain = false;
  app.add_option("file", path, "file of deals, one per line; - or nothing reads standard input");
  app.add_flag("-e,--explain", explain,
               "after each judge line, show which cards to discard (the best hand, fewest discards) "
               "and the final hand's name");
  return run(app, args, [&] {
    InputSource input(path);
    std::ostream& out = std::cout;  // streamed line by line: memory does not grow with the input
    for_each_line(input.stream(), input.name(), [&](std::string_view text, const std::string& where) {
      const PsychicDeal deal = parse_psychic_line(text, where);
      const PsychicPlay play = best_draw(deal);
      out << psychic_judge_line(deal, play) << "\n";
      if (explain) {
        std::vector<Card> thrown;
        for (std::size_t i = 0; i < 5; ++i)
          if (play.discard_mask >> i & 1) thrown.push_back(deal.hand[i]);
        const auto drawn = std::span<const Card>(deal.deck).first(thrown.size());
        out << "  ";
        if (thrown.empty())
          out << "keep all five";
        else
          out << "discard " << classic_cards(thrown) << ", draw " << classic_cards(drawn);
        out << ": " << classic_cards(play.final_hand) << ", " << hand_name(play.rank) << "\n";
      }
    });
    return 0;
  });
}

}  // namespace equity::cli
