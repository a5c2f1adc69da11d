// `equity draw`: five-card draw, played interactively on the terminal or through piped input.
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <iostream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/draw_game.hpp"

namespace equity::cli {
namespace {

// The first of LC_ALL, LC_CTYPE, LANG that is set decides the character set, as in setlocale().
bool locale_is_utf8() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    std::string v(value);
    for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return v.find("utf-8") != std::string::npos || v.find("utf8") != std::string::npos;
  }
  return false;
}

}  // namespace

int run_draw(const Args& args) {
  CLI::App app(
      "Five-card draw: shuffles, deals you five cards, asks which to discard by position, replaces\n"
      "them from the deck and shows your final hand and its name. An invalid answer (a position\n"
      "outside 1-5, a repeated position, text) is explained and asked again; q or the end of the\n"
      "input ends the game. Input may be piped in; it is then echoed after each prompt.",
      "equity draw");
  app.footer(
      "\nExamples:\n"
      "  equity draw                                 one hand, random deal (the seed is shown)\n"
      "  equity draw --seed 42 --rounds 5            five hands, the same cards every time\n"
      "  printf '1 3 5\\n\\n' | equity draw --seed 7 --rounds 2 --suits letters\n");
  std::uint64_t seed = 0;
  int rounds = 1;
  std::string suits = "auto";
  auto* seed_option = app.add_option("-s,--seed", seed,
                                     "seed of the shuffle, 0 to 2^53 - 1: the same seed deals the same cards "
                                     "(default: random, and shown)")
                          ->check(seed_check());
  app.add_option("-r,--rounds", rounds, "hands to play; a tally by category follows the last one")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--suits", suits,
                 "auto: suit symbols (\u2660 \u2663 \u2665 \u2666) when standard output is a UTF-8 terminal, "
                 "letters (s c h d) otherwise; symbols; letters")
      ->check(CLI::IsMember({"auto", "symbols", "letters"}));
  return run(app, args, [&] {
    DrawOptions options;
    options.seed = seed_option->count() > 0 ? seed : random_seed();
    options.rounds = rounds;
    options.suit_symbols = suits == "symbols" || (suits == "auto" && ::isatty(STDOUT_FILENO) && locale_is_utf8());
    options.echo_input = !::isatty(STDIN_FILENO);
    play_draw(std::cin, std::cout, options);
    return 0;
  });
}

}  // namespace equity::cli
