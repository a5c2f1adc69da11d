// `equity eval CARDS`: the best five of 5, 6 or 7 cards, their category and a readable name.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "equity/game.hpp"
#include "equity/hand_value.hpp"

namespace equity::cli {
namespace {

nlohmann::ordered_json json_cards(std::span<const Card> cards) {
  auto out = nlohmann::ordered_json::array();
  for (Card c : cards) out.push_back(c.str());
  return out;
}

// A Hi/Lo hand's best 8-or-better low, in the JSON object and as the text's last line.
void add_low(nlohmann::ordered_json& j, const std::string& name, LowRank low, std::span<const Card> best) {
  j["low"] = name;
  j["low_rank"] = low;
  j["low_best"] = low == kNoLow ? nlohmann::ordered_json(nullptr) : json_cards(best);
}

void print_low(const std::string& name, LowRank low, std::span<const Card> best) {
  fmt::print("Low:      {}{}\n", name,
             low == kNoLow ? "" : " (" + to_string(std::vector<Card>(best.begin(), best.end()), " ") + ")");
}

// An Omaha hand on a board: the best high (and in Hi/Lo the best low) of two hole and three board cards.
int eval_omaha(const std::vector<Card>& hole, const std::string& board_text, Game game, bool json) {
  if (board_text.empty()) throw InputError("--board: an Omaha hand is valued on a board of 3 to 5 cards");
  const std::vector<Card> board = parse_cards(board_text, "board");
  const OmahaHandValue v = omaha_hand_value(hole, board, game);
  const bool hi_lo = game_rules(game).low;
  if (json) {
    nlohmann::ordered_json j;
    j["game"] = game_name(game);
    j["cards"] = json_cards(hole);
    j["board"] = json_cards(board);
    j["best"] = json_cards(v.high.best);
    j["category"] = category_name(v.high.category);
    j["name"] = v.high.name;
    j["rank"] = v.high.rank;
    if (hi_lo) add_low(j, v.low_name, v.low, v.low_best);
    fmt::print("{}\n", j.dump());
    return 0;
  }
  fmt::print(
      "Game:     {}\nCards:    {}\nBoard:    {}\nBest:     {}\nCategory: {}\nName:     {}\nRank:     {} (0..{}, "
      "bigger is better)\n",
      game_rules(game).title, to_string(hole, " "), to_string(board, " "),
      to_string(std::vector<Card>(v.high.best.begin(), v.high.best.end()), " "), category_name(v.high.category),
      v.high.name, v.high.rank, kHandRanks - 1);
  if (hi_lo) print_low(v.low_name, v.low, v.low_best);
  return 0;
}

// A hand of the player's own cards (the stud games): the best five by the pot's ranking, and in
// Hi/Lo the best 8-or-better low.
int eval_own_cards(const std::vector<Card>& cards, const std::string& board_text, Game game, bool json) {
  const GameRules& rules = game_rules(game);
  if (!board_text.empty())
    throw InputError("--board: " + std::string(rules.name) + " has no board; CARDS are the player's own " +
                     (rules.draws > 0 ? std::to_string(rules.hole_cards) + " cards"
                                      : std::string("5, 6 or 7 cards, the best five of them count")));
  const StudHandValue v = stud_hand_value(cards, game);
  const std::vector<Card> best(v.best.begin(), v.best.begin() + v.best_size);
  if (json) {
    nlohmann::ordered_json j;
    j["game"] = game_name(game);
    j["cards"] = json_cards(cards);
    j["best"] = json_cards(best);
    j["category"] = v.category;
    j["name"] = v.name;
    j["rank"] = v.rank;
    if (rules.low) add_low(j, v.low_name, v.low, v.low_best);
    if (v.second)  // the split draw games: the other half, by its name
      j["second"] = {{"half", rules.half_name(1)},
                     {"best", json_cards(v.second->best)},
                     {"category", v.second->category},
                     {"name", v.second->name},
                     {"rank", v.second->rank}};
    fmt::print("{}\n", j.dump());
    return 0;
  }
  fmt::print(
      "Game:     {}\nCards:    {}\nBest:     {}\nCategory: {}\nName:     {}\nRank:     {} (0..{}, bigger is "
      "better)\n",
      rules.title, to_string(cards, " "), to_string(best, " "), v.category, v.name, v.rank, hand_ranks(game) - 1);
  if (rules.low) print_low(v.low_name, v.low, v.low_best);
  if (v.second)
    fmt::print("{}:{}{} ({}; {}), rank {}\n", rules.half_name(1),
               std::string(rules.half_name(1).size() < 9 ? 9 - rules.half_name(1).size() : 1, ' '), v.second->name,
               v.second->category, to_string(std::vector<Card>(v.second->best.begin(), v.second->best.end()), " "),
               v.second->rank);
  return 0;
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
    const HandMaking making = game_rules(game).making;
    if (making == HandMaking::two_plus_three) return eval_omaha(parse_cards(text, "cards"), board_text, game, json);
    if (making == HandMaking::own_cards) return eval_own_cards(parse_cards(text, "cards"), board_text, game, json);
    // Hold'em and short deck: the board's cards join the hand's, as Python's evaluate(board=) takes them.
    if (!board_text.empty()) text += " " + board_text;
    const auto cards = parse_cards(text, board_text.empty() ? "cards" : "cards and board");
    const HandValue value = hand_value(cards, game);
    const HandRank rank = value.rank;
    const auto best = value.best;
    const std::string category(category_name(value.category));
    const std::string& name = value.name;
    if (json) {
      nlohmann::ordered_json j;
      if (game != kDefaultGame) j["game"] = game_name(game);  // Hold'em's object is as it always was
      j["cards"] = json_cards(cards);
      j["best"] = json_cards(best);
      j["category"] = category;
      j["name"] = name;
      j["rank"] = rank;
      fmt::print("{}\n", j.dump());
    } else {
      if (game != kDefaultGame) fmt::print("Game:     {}\n", game_rules(game).title);
      fmt::print("Cards:    {}\nBest:     {}\nCategory: {}\nName:     {}\nRank:     {} (0..{}, bigger is better)\n",
                 to_string(cards, " "), to_string(std::vector<Card>(best.begin(), best.end()), " "), category, name,
                 rank, hand_ranks(game) - 1);
    }
    return 0;
  });
}

}  // namespace equity::cli
