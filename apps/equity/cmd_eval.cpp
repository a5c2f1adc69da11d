// `equity eval CARDS`: the best five of 5, 6 or 7 cards, their category and a readable name.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/evaluator.hpp"

namespace equity::cli {
namespace {

nlohmann::ordered_json json_cards(std::span<const Card> cards) {
  auto out = nlohmann::ordered_json::array();
  for (Card c : cards) out.push_back(c.str());
  return out;
}

}  // namespace

int run_eval(const Args& args) {
  CLI::App app(
      "Evaluates one poker hand of 5, 6 or 7 cards (as in Hold'em: the best five of them count):\n"
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
      "  equity eval 'Ts Js Qs Ks As' --json   royal flush, as JSON\n");
  std::vector<std::string> words;
  bool json = false;
  app.add_option("cards", words, "5, 6 or 7 cards, e.g. 3C 3D 3S 9S 9D or 3c3d3s9s9d")->required();
  app.add_flag("--json", json, "print one JSON object {\"cards\", \"best\", \"category\", \"name\", \"rank\"}");
  return run(app, args, [&] {
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
    const auto cards = parse_cards(text, "cards");
    const HandRank rank = evaluate_cards(cards);
    const auto best = best_five(cards);
    const std::string category(category_name(category_of(rank)));
    const std::string name = hand_name(rank);
    if (json) {
      nlohmann::ordered_json j;
      j["cards"] = json_cards(cards);
      j["best"] = json_cards(best);
      j["category"] = category;
      j["name"] = name;
      j["rank"] = rank;
      fmt::print("{}\n", j.dump());
    } else {
      fmt::print("Cards:    {}\nBest:     {}\nCategory: {}\nName:     {}\nRank:     {} (0..{}, bigger is better)\n",
                 to_string(cards, " "), to_string(std::vector<Card>(best.begin(), best.end()), " "), category, name,
                 rank, kHandRanks - 1);
    }
    return 0;
  });
}

}  // namespace equity::cli
