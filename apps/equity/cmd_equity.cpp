// The default command: exact equity of 2..10 known hands.
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"

namespace equity::cli {
namespace {

std::string commands_footer() {
  std::string text = "\nCommands (equity COMMAND --help for each):\n";
  for (const auto& c : commands()) {
    std::string name(c.name);
    name.resize(10, ' ');
    text += "  " + name + std::string(c.summary) + "\n";
  }
  text +=
      "\nExamples:\n"
      "  equity AsAc KhQh                      exact heads-up equity, every board walked\n"
      "  equity AhKh QsQd 7c7d --board Ks7h2c  three players on a flop\n"
      "  equity AsAc KhQh --dead 2c3d --json   dead cards, JSON for scripts\n";
  return text;
}

void print_human(const Deal& deal, const EnumerationResult& r, double seconds, std::string_view method) {
  std::ostringstream out;
  auto pad = [](std::string s, std::size_t w, bool left = false) {
    if (s.size() < w) s = left ? s + std::string(w - s.size(), ' ') : std::string(w - s.size(), ' ') + s;
    return s;
  };
  out << pad("Hand", 6, true) << pad("Equity", 10) << pad("Win", 10) << pad("Tie", 10) << pad("Wins", 14)
      << pad("Ties", 14) << pad("Losses", 14) << "\n";
  const double boards = static_cast<double>(r.boards);
  for (std::size_t p = 0; p < r.players.size(); ++p) {
    const auto& pc = r.players[p];
    const std::string hand = deal.hands[p][0].str() + deal.hands[p][1].str();
    out << pad(hand, 6, true) << pad(fixed(100.0 * r.equity(p), 3) + "%", 10)
        << pad(fixed(100.0 * static_cast<double>(pc.wins) / boards, 3) + "%", 10)
        << pad(fixed(100.0 * static_cast<double>(pc.ties) / boards, 3) + "%", 10) << pad(with_commas(pc.wins), 14)
        << pad(with_commas(pc.ties), 14) << pad(with_commas(pc.losses), 14) << "\n";
  }
  if (!deal.board.empty()) out << "Board: " << to_string(deal.board) << "\n";
  if (!deal.dead.empty()) out << "Dead: " << to_string(deal.dead) << "\n";
  out << with_commas(r.boards) << (r.boards == 1 ? " board" : " boards") << " enumerated exactly (" << method
      << ") in " << format_duration(seconds) << "\n";
  std::cout << out.str();
}

void print_json(const Deal& deal, const EnumerationResult& r, double seconds) {
  std::ostringstream out;
  out << "{\"mode\": \"exhaustive\", \"boards\": " << r.boards << ", \"seconds\": " << json_number(seconds);
  if (!deal.board.empty()) out << ", \"board\": " << json_string(to_string(deal.board));
  if (!deal.dead.empty()) out << ", \"dead\": " << json_string(to_string(deal.dead));
  out << ", \"players\": [";
  for (std::size_t p = 0; p < r.players.size(); ++p) {
    const auto& pc = r.players[p];
    out << (p ? ", " : "") << "{\"hand\": " << json_string(deal.hands[p][0].str() + deal.hands[p][1].str())
        << ", \"wins\": " << pc.wins << ", \"ties\": " << pc.ties << ", \"losses\": " << pc.losses
        << ", \"equity\": " << json_number(r.equity(p)) << "}";
  }
  out << "]}\n";
  std::cout << out.str();
}

}  // namespace

int run_equity(const Args& args) {
  CLI::App app(
      "Exact Texas Hold'em equity. Give 2 to 10 hands (two cards each, such as AsAc, \"As Ac\" or 10d9d);\n"
      "every remaining board is walked and each hand's wins, ties and losses are counted exactly.\n"
      "Equity = (wins + each split pot's share) / boards.",
      "equity");
  app.footer(commands_footer());
  std::vector<std::string> hands;
  std::string board_text, dead_text, method = "grouped";
  int threads = 0;
  bool json = false;
  app.add_option("hands", hands, "2 to 10 hands, e.g. AsAc KhQh")->required();
  app.add_option("-b,--board", board_text, "known board cards: 3, 4 or 5, e.g. Ks7h2c");
  app.add_option("-d,--dead", dead_text, "cards removed from the deck, e.g. 2c3d");
  app.add_option("-t,--threads", threads, "worker threads (0 = all cores)")->check(CLI::NonNegativeNumber);
  app.add_option("--method", method,
                 "grouped: boards grouped by ranks, flushes handled by suit (fast); boards: every board "
                 "evaluated one by one (an independent check)")
      ->check(CLI::IsMember({"grouped", "boards"}));
  app.add_flag("--json", json, "print one JSON object instead of the table");

  return run(app, args, [&] {
    Deal deal;
    for (std::size_t i = 0; i < hands.size(); ++i)
      deal.hands.push_back(parse_hole_cards(hands[i], "hand " + std::to_string(i + 1)));
    deal.board = parse_cards(board_text, "board");
    deal.dead = parse_cards(dead_text, "dead cards");
    validate(deal);
    ThreadLimit limit(threads);
    Stopwatch clock;
    const auto result = method == "boards" ? walk_boards(deal) : enumerate(deal);
    const double seconds = clock.seconds();
    if (json) print_json(deal, result, seconds);
    else print_human(deal, result, seconds, method);
    return 0;
  });
}

}  // namespace equity::cli
