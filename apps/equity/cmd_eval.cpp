// `equity eval CARDS`: the best five of 5, 6 or 7 cards, their category and a readable name.
#include <fmt/format.h>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/answer_json.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "equity/game.hpp"
#include "equity/hand_value.hpp"

namespace equity::cli {
namespace {

std::string spaced(std::span<const Card> cards) {
  return to_string(std::vector<Card>(cards.begin(), cards.end()), " ");
}

// The value as text, a line each: the game (but Hold'em), the cards, the board they are valued on
// (the Omaha games), the best five, the category, the name, the rank, and the low and the other half
// where the game has them.
void print_value(const GameHandValue& v) {
  const GameRules& rules = game_rules(v.game);
  if (v.game != kDefaultGame) fmt::print("Game:     {}\n", rules.title);
  fmt::print("Cards:    {}\n", spaced(v.cards));
  if (!v.board.empty()) fmt::print("Board:    {}\n", spaced(v.board));
  fmt::print("Best:     {}\nCategory: {}\nName:     {}\nRank:     {} (0..{}, bigger is better)\n", spaced(v.best),
             v.category, v.name, v.rank, hand_ranks(v.game) - 1);
  if (v.low) fmt::print("Low:      {}{}\n", v.low->name, v.low->rank == kNoLow ? "" : " (" + spaced(v.low->best) + ")");
  if (v.second)
    fmt::print("{}:{}{} ({}; {}), rank {}\n", rules.half_name(1),
               std::string(rules.half_name(1).size() < 9 ? 9 - rules.half_name(1).size() : 1, ' '), v.second->name,
               v.second->category, spaced(v.second->best), v.second->rank);
}

}  // namespace

int run_eval(const Args& args) {
  CLI::App app(
      "Evaluates one poker hand of 5, 6 or 7 cards (as in Hold'em and stud: the best five count):\n"
      "prints the cards, the best five in tie-break order (pairs first, then kickers), the\n"
      "category, a readable name with the kickers that decide ties, and the rank (0..7461,\n"
      "bigger is better, equal ranks split).",
      "equity eval");
  app.footer(
      "\nCards: rank 2-9, T (or 10), J, Q, K, A, then suit s, c, h, d; any case, with or without\n"
      "spaces or commas.\n"
      "\nExamples:\n"
      "  equity eval 3C 3D 3S 9S 9D            full house, threes full of nines\n"
      "  equity eval AsAdKc4h4s2d7c            two pair, aces and fours, king kicker (7 cards)\n"
      "  equity eval 'Ts Js Qs Ks As' --json   royal flush, as JSON\n"
      "  equity eval AsKs --board QsJsTs       the same hand: the board's cards join the hand's\n"
      "  equity eval As6c7d8h9s --game shortdeck   straight, nine high (A-6-7-8-9)\n"
      "  equity eval As2sKhKd --game omaha-hilo --board 3c4d8hKsQc   three kings; low 8-4-3-2-A\n"
      "  equity eval As2s3d7c7dKh4c --game razz    the best low: 7-4-3-2-A\n"
      "  equity eval As2s3d4c8hKhKd --game stud-hilo   a pair of kings; low 8-4-3-2-A\n"
      "  equity eval 7h5d4s3c2d --game 27-triple   the best 2-7 low: 7-5-4-3-2\n"
      "  equity eval Kh7d5c3s --game badugi        a four-card badugi, K-7-5-3\n"
      "\nGames (--game): holdem, the default; shortdeck: 36 cards 6 to A, A-6-7-8-9 is the lowest\n"
      "straight, a flush beats a full house, three of a kind beats a straight (ranks 0..1403);\n"
      "shortdeck-straights: the same, but a straight beats three of a kind. The Omaha games (omaha,\n"
      "omaha5, omaha6 and their -hilo games): CARDS are the hole cards and --board the board (3 to 5\n"
      "cards): the best high of exactly two hole and three board cards, and in Hi/Lo the best\n"
      "8-or-better low of exactly two and three. The stud games (stud, stud-hilo, razz): no board;\n"
      "CARDS are one player's own 5, 6 or 7 cards and the best five of them count: stud's best high\n"
      "(as Hold'em's), razz's best A-5 low (aces low, straights and flushes do not count, pairs do;\n"
      "ranks 0..6174, category no pair to four of a kind), stud-hilo's best high and its best\n"
      "8-or-better low (five ranks A to 8, or no low). The draw games: CARDS are a player's hand\n"
      "(five cards, badugi four): draw's high; 27-single and 27-triple's 2-7 low (aces high,\n"
      "straights and flushes count; ranks 0..7461); a5-triple's A-5 low; badugi's best badugi\n"
      "(ranks 0..1091, Best its cards); badeucy and badacey: the badugi of the five, then the other\n"
      "half (2-7 or A-5) on its own line, \"second\" in JSON (docs/draw.md).\n");
  std::vector<std::string> words;
  std::string game_text = "holdem";
  bool json = false;
  app.add_option("cards", words, "5, 6 or 7 cards (badugi 4), e.g. 3C 3D 3S 9S 9D or 3c3d3s9s9d")->required();
  std::string board_text;
  app.add_option("-g,--game", game_text,
                 "the game whose rules rank the hand: holdem (the default), shortdeck, shortdeck-straights, an "
                 "Omaha game (with --board), a stud game: stud, stud-hilo, razz, or a draw game: draw, 27-single, "
                 "27-triple, a5-triple, badugi, badeucy, badacey (no board)");
  app.add_option("-b,--board", board_text,
                 "the board, 3 to 5 cards: the Omaha games value the hole cards on it; Hold'em and short deck add "
                 "its cards to CARDS (5 to 7 in all); the stud games have none");
  app.add_flag("--json", json,
               "print one JSON object {\"cards\", \"best\", \"category\", \"name\", \"rank\"} (with --game: "
               "\"game\"; Hi/Lo: \"low\", \"low_rank\", \"low_best\")");
  return run(app, args, [&] {
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
    const Game game = parse_game(game_text);
    const std::vector<Card> cards = parse_cards(text, "cards");
    const std::vector<Card> board = parse_cards(board_text, "board");
    const GameHandValue value = game_hand_value(cards, board, game, "--board");
    if (json)
      fmt::print("{}\n", to_json(value));
    else
      print_value(value);
    return 0;
  });
}

}  // namespace equity::cli
