// The default command: equity of 2..10 hands or ranges, exact or by Monte Carlo.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"
#include "equity/error.hpp"
#include "equity/hand_class.hpp"
#include "equity/hand_value.hpp"
#include "hits_text.hpp"
#include "progress_line.hpp"
#include "terminal.hpp"
#include "text_table.hpp"

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
      "\nRanges: AA AKs AKo AK AsKs random (or xx, *); QQ+ JJ- 22-99 A2s+ A5s-A2s KTo+\n"
      "K9+ T9s-65s AxKx; 15% 5%-10% (the strongest classes); lists with commas;\n"
      "weights AKs:0.5, AKs:50%, AKs@50, [75]AKo,KQo[/75].\n"
      "Omaha ranges: AA** AxAyxy KK**:$ds RRON KK-TT 15% and weights, as players paste them.\n"
      "See `equity range --help`, docs/ranges.md and docs/ranges-omaha.md.\n"
      "\nExamples:\n"
      "  equity AsAc KhQh                     exact heads-up equity, from the preflop table\n"
      "  equity AsAc KhQh --no-table          the same, every board enumerated\n"
      "  equity AhKh QsQd 7c7d --board Ks7h2c three players on a flop\n"
      "  equity AsAc KhQh --dead 2c3d --json  dead cards, JSON for scripts\n"
      "  equity \"QQ+,AKs\" \"22+,AJs+,KQs\"      range against range (exact when quick)\n"
      "  equity random random --mc --stderr 1e-4 --seed 7\n"
      "                                       Monte Carlo to a standard error\n"
      "  equity KhQh AsAc --by-category       how often each hand makes each category\n"
      "  equity --game omaha AsKsQhJh 7c7d8h9h\n"
      "                                       Omaha (PLO) hand against hand, every board\n"
      "  equity --game plo8 'AA**' random --board 2c7d9h\n"
      "                                       Omaha Hi/Lo: aces against any hand on a flop\n"
      "  equity --game stud '(AsKs)Qd' '(7c7d)8h'\n"
      "                                       seven-card stud on third street, exactly\n"
      "  equity --game stud '(AsKs)Qd' '(?\?)Jh'\n"
      "                                       his down cards unseen: every deal, exactly\n"
      "  equity --game razz As2s3d '(?\?)Kc' 5d6d7c --dead 9h\n"
      "                                       razz three-way, a down card unseen: Monte Carlo\n"
      "  equity --game 27-triple 8h6d4s3c/1 9s7c5h/2 --dead KhKdQc\n"
      "                                       2-7 lowball, the last draw: every draw counted\n"
      "  equity --game badugi 4h3d2s/1 7s5c3h/1 --draws 3\n"
      "                                       badugi, three draws to come: Monte Carlo\n"
      "  equity AsAc KdKc QsQh --board 9h7s2c --stacks 100,250,40 --pot 30\n"
      "                                       a three-way all-in: main and side pots, EVs\n"
      "  equity AsAc KdKc --board Kh7s2c --runs 2\n"
      "                                       run it twice: how often each scoops both\n"
      "  equity --game omaha AsKsQhJh 9c9d8c7d --board Kh7s2c --board2 Td5d3h --stacks 50,50\n"
      "                                       a PLO bomb pot: two boards, each wins half\n"
      "  equity --version (or -V)             the version\n";
  return text;
}

// A duration that a footer's wrapping keeps on one line ("2.26 ms"): its space is a marker until
// wrap_footer() has wrapped the footer.
constexpr char kKeptSpace = '\x1f';
std::string duration(double seconds) {
  std::string text = format_duration(seconds);
  std::replace(text.begin(), text.end(), ' ', kKeptSpace);
  return text;
}

std::string wrap_footer(const std::string& text, std::size_t limit) {
  std::string out = wrap(text, limit);
  std::replace(out.begin(), out.end(), kKeptSpace, ' ');
  return out;
}

std::string pad(std::string s, std::size_t w, bool left = false) {
  if (s.size() < w) s = left ? s + std::string(w - s.size(), ' ') : std::string(w - s.size(), ' ') + s;
  return s;
}

std::string percent(double fraction) { return fixed(100.0 * fraction, 3) + "%"; }

// The first column's width: the longest hand or range plus two spaces, at least six.
std::size_t label_width(const Answer& a) {
  std::size_t width = 6;
  for (const auto& p : a.players) width = std::max(width, p.hand.size() + 2);
  return width;
}

bool all_specific(const Answer& a) {
  return std::all_of(a.players.begin(), a.players.end(), [](const PlayerAnswer& p) { return p.specific; });
}

void print_context(std::ostringstream& out, const Answer& a) {
  if (a.game != kDefaultGame) out << "Game: " << game_rules(a.game).title << "\n";  // Hold'em goes without saying
  if (!a.board.empty()) out << "Board: " << a.board << "\n";
  if (!a.dead.empty()) out << "Dead: " << a.dead << "\n";
}

void print_categories(std::ostringstream& out, const PlayerAnswer& p, std::uint64_t total, Game game,
                      std::size_t limit) {
  out << "\n" << p.hand << " by final hand:\n";
  const double t = static_cast<double>(total);
  TextColumn label{"Category", 18, {}};
  std::vector<TextColumn> columns = {{"Made", 10, {}, true},  {"Win", 10, {}},  {"Tie", 10, {}},
                                     {"Count", 16, {}, true}, {"Wins", 16, {}}, {"Ties", 16, {}}};
  const bool outcomes = p.category_wins.has_value();
  if (!outcomes) columns = {columns[0], columns[3]};
  for (const GameCategory& c : game_categories(game)) {
    const auto made = (*p.category)[c.index];
    label.cells.emplace_back(c.name);
    columns[0].cells.push_back(percent(static_cast<double>(made) / t));
    columns[outcomes ? 3 : 1].cells.push_back(with_commas(made));
    if (!outcomes) continue;
    const auto wins = (*p.category_wins)[c.index], ties = (*p.category_ties)[c.index];
    columns[1].cells.push_back(percent(static_cast<double>(wins) / t));
    columns[2].cells.push_back(percent(static_cast<double>(ties) / t));
    columns[4].cells.push_back(with_commas(wins));
    columns[5].cells.push_back(with_commas(ties));
  }
  if (p.lows && game_rules(game).low) {  // the Hi/Lo games: the low made, won and shared, beside the high's
    label.cells.emplace_back("low (8 or better)");
    std::size_t k = 0;
    const std::vector<std::uint64_t> counts =
        outcomes ? std::vector<std::uint64_t>{*p.lows, *p.low_wins, *p.low_ties} : std::vector<std::uint64_t>{*p.lows};
    for (const auto n : counts) columns[k++].cells.push_back(percent(static_cast<double>(n) / t));
    for (const auto n : counts) columns[k++].cells.push_back(with_commas(n));
  }
  print_table(out, label, columns, limit);
}

void print_exact_table(std::ostringstream& out, const Answer& a, std::size_t limit) {
  const bool specific = all_specific(a);
  const double showdowns = static_cast<double>(a.showdowns());
  const double weighted_showdowns =
      a.players.empty() || !a.weighted
          ? showdowns
          : *a.players[0].weighted_wins + *a.players[0].weighted_ties + *a.players[0].weighted_losses;
  std::size_t count_width = 14;  // room for the largest count (range totals reach tens of billions)
  for (const auto& p : a.players)
    for (const auto n : {p.wins, p.ties, p.losses}) count_width = std::max(count_width, with_commas(n).size() + 2);
  // A game whose hands are cards (stud) heads them Hand; its Combos are the ways of hidden cards.
  TextColumn label{specific || !game_rules(a.game).ranges() ? "Hand" : "Range", label_width(a), {}};
  std::vector<TextColumn> columns = {{"Equity", 10, {}, true},  {"Win", 10, {}},
                                     {"Tie", 10, {}},           {"Wins", count_width, {}, true},
                                     {"Ties", count_width, {}}, {"Losses", count_width, {}}};
  if (!specific) columns.push_back({"Combos", 8, {}, true});
  for (const auto& p : a.players) {
    const double win = a.weighted ? *p.weighted_wins / weighted_showdowns : static_cast<double>(p.wins) / showdowns;
    const double tie = a.weighted ? *p.weighted_ties / weighted_showdowns : static_cast<double>(p.ties) / showdowns;
    label.cells.push_back(p.hand);
    std::size_t k = 0;
    for (const double x : {p.equity, win, tie}) columns[k++].cells.push_back(percent(x));
    for (const auto n : {p.wins, p.ties, p.losses}) columns[k++].cells.push_back(with_commas(n));
    if (!specific) columns[k].cells.push_back(with_commas(p.combos));
  }
  print_table(out, label, columns, limit);
}

void print_exact_footer(std::ostringstream& out, const Answer& a, std::size_t limit) {
  const bool specific = all_specific(a);
  const std::string boards = with_commas(a.boards) + (a.boards == 1 ? " board" : " boards");
  std::ostringstream line;
  if (!has_board(a.game)) {  // the stud games: every deal of the players' cards to come
    line << with_commas(a.showdowns()) << (a.showdowns() == 1 ? " deal" : " deals")
         << " of the cards to come counted exactly ("
         << (a.exact_method == ExactMethod::sweep ? "sweep: each player's completions scored once"
                                                  : "every deal walked, player by player")
         << ") in " << duration(a.seconds) << "\n";
  } else if (a.method == Method::table) {
    if (specific)
      line << boards;
    else
      line << with_commas(a.assignments) << " combo pairs x " << boards << " = " << with_commas(a.showdowns())
           << " showdowns";
    line << ", exact, from the preflop table in " << a.table_dir << " (" << duration(a.seconds)
         << "; --no-table enumerates)\n";
  } else if (specific) {
    line << boards << " enumerated exactly (" << exact_method_name(a.exact_method) << ") in " << duration(a.seconds)
         << "\n";
  } else if (a.exact_method == ExactMethod::sweep || a.exact_method == ExactMethod::showdowns) {
    const bool pairs = a.players.size() == 2;
    line << with_commas(a.assignments) << (pairs ? " combo pairs x " : " combo assignments x ") << boards << " = "
         << with_commas(a.showdowns()) << " showdowns counted exactly ("
         << (a.exact_method == ExactMethod::sweep ? "sweep: each board's combos ranked once"
             : pairs                              ? "showdowns: each board's combos ranked once, pairs compared"
                                                  : "showdowns: each board's combos ranked once, assignments compared")
         << ") in " << duration(a.seconds) << "\n";
  } else {
    line << with_commas(a.assignments) << " combo assignments x " << boards << " = " << with_commas(a.showdowns())
         << " showdowns enumerated exactly (" << exact_method_name(a.exact_method) << "; " << with_commas(a.orbits)
         << " assignments walked, " << a.symmetries << (a.symmetries == 1 ? " suit symmetry" : " suit symmetries")
         << ") in " << duration(a.seconds) << "\n";
  }
  if (a.weighted)
    line << "Weights applied: equity, win and tie are weighted by the combos' weights; Wins, Ties and Losses "
            "count every showdown once.\n";
  out << wrap_footer(line.str(), limit);
}

void print_monte_carlo_table(std::ostringstream& out, const Answer& a, std::size_t limit) {
  const double trials = static_cast<double>(a.trials);
  const bool ranges = game_rules(a.game).ranges();  // else each player's cards: no combos to count
  TextColumn label{ranges ? "Range" : "Hand", label_width(a), {}};
  std::vector<TextColumn> columns = {
      {"Equity", 10, {}, true}, {"StdErr", 10, {}}, {"95% interval", 22, {}}, {"Win", 10, {}, true}, {"Tie", 10, {}}};
  if (ranges) columns.push_back({"Combos", 8, {}, true});
  for (const auto& p : a.players) {
    label.cells.push_back(p.hand);
    std::size_t k = 0;
    for (const std::string& cell :
         {percent(p.equity), percent(*p.standard_error), percent((*p.ci95)[0]) + " - " + percent((*p.ci95)[1]),
          percent(static_cast<double>(p.wins) / trials), percent(static_cast<double>(p.ties) / trials),
          with_commas(p.combos)})
      if (k < columns.size()) columns[k++].cells.push_back(cell);
  }
  print_table(out, label, columns, limit);
}

// A split-pot game's players: equity (with Monte Carlo's error), then how often each scoops, wins and
// ties each half (by the game's names: high and low, badugi and 2-7), and in the Hi/Lo games makes
// a low; --json has the counts.
void print_hilo_table(std::ostringstream& out, const Answer& a, std::size_t limit) {
  const bool mc = a.method == Method::monte_carlo, specific = all_specific(a);
  const double total = static_cast<double>(mc ? a.trials : a.showdowns());
  const bool ranges = game_rules(a.game).ranges();
  TextColumn label{(specific && !mc) || !ranges ? "Hand" : "Range", label_width(a), {}};
  std::vector<TextColumn> columns = {{"Equity", 10, {}, true}};
  if (mc) {
    columns.push_back({"StdErr", 10, {}});
    columns.push_back({"95% interval", 22, {}});
  }
  const GameRules& rules = game_rules(a.game);
  const std::string first(rules.half_name(0)), second(rules.half_name(1));
  columns.push_back({"Scoop", 10, {}, true});
  for (const std::string& half : {first, second}) {
    columns.push_back({half + " win", 10, {}, half == second});
    columns.push_back({half + " tie", 10, {}});
  }
  if (rules.low) columns.push_back({"Low made", 10, {}});
  if ((!specific || mc) && ranges) columns.push_back({"Combos", 8, {}, true});
  for (const auto& p : a.players) {
    label.cells.push_back(p.hand);
    std::size_t k = 0;
    columns[k++].cells.push_back(percent(p.equity));
    if (mc) {
      columns[k++].cells.push_back(percent(*p.standard_error));
      columns[k++].cells.push_back(percent((*p.ci95)[0]) + " - " + percent((*p.ci95)[1]));
    }
    std::vector<std::uint64_t> counts = {*p.scoops, p.wins, p.ties, *p.low_wins, *p.low_ties};
    if (rules.low) counts.push_back(*p.lows);
    for (const auto n : counts) columns[k++].cells.push_back(percent(static_cast<double>(n) / total));
    if (k < columns.size()) columns[k].cells.push_back(with_commas(p.combos));
  }
  print_table(out, label, columns, limit);
}

// `exact_takes_it`: --exact would enumerate this question (else it is refused, so not suggested).
void print_monte_carlo_footer(std::ostringstream& out, const Answer& a, bool exact_takes_it, std::size_t limit) {
  std::ostringstream line;
  line << "Monte Carlo";
  if (!a.reason.empty()) line << " (" << a.reason << (exact_takes_it ? "; --exact forces it)" : ")");
  line << ": " << with_commas(a.trials) << " random deals";
  if (a.deals_per_board > 1) line << ", " << a.deals_per_board << " on each board";
  line << " (seed " << a.seed << ", stopped by " << (a.stopped_by == "cancelled" ? "Ctrl-C" : a.stopped_by);
  if (game_rules(a.game).ranges()) line << "; " << with_commas(a.rejected) << " deals redrawn for shared cards";
  line << ") in " << duration(a.seconds) << "\n";
  if (!a.draw_rule.empty())
    line << "Drawing rule (a model of play, not of luck alone: the draws before the last are the players' choices "
            "in play): "
         << a.draw_rule << ".\n";
  out << wrap_footer(line.str(), limit);
}

// A player's hand matrix: each class's equity against the others (blank where the range has none),
// pairs on the diagonal, suited above it, offsuit below, A to 2 from the top left; 79 columns.
void print_matrix(std::ostringstream& out, const PlayerAnswer& p, Method method, std::size_t limit) {
  std::array<std::array<std::string, 13>, 13> cells;
  for (const auto& c : p.per_class) {
    const auto [row, column] = grid_cell(hand_classes()[static_cast<std::size_t>(c.combo)]);
    cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)] =
        c.weighted_showdowns > 0 ? fixed(100 * c.equity(), 1) : "-";
  }
  std::ostringstream grid;
  grid << " ";
  for (int column = 0; column < 13; ++column)
    grid << pad(std::string(1, kRankChars[static_cast<std::size_t>(12 - column)]), 6);
  grid << "\n";
  for (std::size_t row = 0; row < 13; ++row) {
    grid << kRankChars[12 - row];
    for (const auto& cell : cells[row]) grid << pad(cell, 6);
    grid << "\n";
  }
  out << "\n"
      << wrap(p.hand + ": equity (%) of each class in the range (" + std::string(method_name(method)) +
                  "; --json has every combo)",
              limit)
      << "\n"
      << trim_line_ends(grid.str());
}

// A player's hands of the games without a hand matrix (Omaha; stud: each way of the player's
// hidden down cards, a combo): the strongest, best first, beside the weakest, worst first, each with
// its equity (ties by their order in the range); all of them, best first, when there are at most
// ten; --json has every hand.
void print_extremes(std::ostringstream& out, const PlayerAnswer& p, Method method, Game game, std::size_t limit) {
  constexpr std::size_t kShown = 5;
  std::vector<const ComboEquity*> met;
  for (const auto& c : p.per_combo)
    if (c.weighted_showdowns > 0) met.push_back(&c);
  std::stable_sort(met.begin(), met.end(),
                   [](const ComboEquity* a, const ComboEquity* b) { return a->equity() > b->equity(); });
  const std::string count = with_commas(static_cast<std::uint64_t>(p.per_combo.size()));
  const bool cards = !game_rules(game).ranges();  // a hand of its cards: its combos are its hidden cards
  const std::string how = std::string(method_name(method));
  const std::string title =
      !cards ? p.hand + ": equity of its " + count + (p.per_combo.size() == 1 ? " hand" : " hands") + " (" + how +
                   "; --json has every hand)"
      : p.specific ? p.hand + ": every card known, one combo (" + how + ")"
                   : p.hand + ": equity of each of its " + count + " combos, the ways of its down cards not known (" +
                         how + "; --json has every combo)";
  out << "\n" << wrap(title, limit) << "\n";
  const auto cell = [&](std::size_t i) {
    return combo_name(*met[i], p.hand, game) + "  " + pad(percent(met[i]->equity()), 8);
  };
  if (met.size() <= 2 * kShown) {
    out << "  by equity, best first:\n";
    for (std::size_t i = 0; i < met.size(); ++i) out << "    " << cell(i) << "\n";
    return;
  }
  const std::string strongest = "strongest, best first";
  const std::size_t width = std::max(strongest.size(), cell(0).size()) + 4;  // a PLO6 cell is 22
  out << "  " << pad(strongest, width, true) << "weakest, worst first\n";
  for (std::size_t i = 0; i < kShown; ++i) out << "  " << pad(cell(i), width, true) << cell(met.size() - 1 - i) << "\n";
}

void print_distribution(std::ostringstream& out, const PlayerAnswer& p, Game game, std::size_t limit) {
  const Distribution& d = *p.distribution;
  // Stud's combos, the ways of a player's hidden cards, each meet as many showdowns: their average
  // is the equity.
  const std::string title = game_rules(game).ranges()
                                ? p.hand + ": equity distribution over the range (its combos' average " +
                                      percent(d.mean) +
                                      ": each combo counts once, where the equity counts it by its "
                                      "showdowns)"
                                : p.hand +
                                      ": equity distribution over the ways of its down cards not known (its "
                                      "combos' average " +
                                      percent(d.mean) + ")";
  out << "\n" << wrap(title, limit) << "\n";
  const char* names[] = {"75% and above", "50% to 75%", "33% to 50%", "below 33%"};
  std::size_t count_width = 6;  // wider for Omaha's hands ("135,751")
  for (const auto& bucket : d.buckets)
    count_width = std::max(count_width, with_commas(static_cast<std::uint64_t>(bucket.combos)).size() + 1);
  for (std::size_t b = 0; b < d.buckets.size(); ++b) {
    const auto& bucket = d.buckets[b];
    const int bar = static_cast<int>(bucket.share * 30 + 0.5);
    out << trim_line_ends("  " + pad(names[b], 16, true) + pad(percent(bucket.share), 10) +
                          pad(with_commas(static_cast<std::uint64_t>(bucket.combos)), count_width) + " combos  " +
                          std::string(static_cast<std::size_t>(bar), '#'))
        << "\n";
  }
}

// Chips as a player counts them: whole, or to the hundredth without trailing zeros.
std::string chips(double x) {
  std::string text = fixed_with_commas(x, 2);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

std::string layer_name(std::size_t index) { return index == 0 ? "Main" : "Side " + std::to_string(index); }

// The pot by stacks (Answer::pot): each player's stack, expected chips back and net, and his share
// of each pot two players or more can win (a table that fits the terminal, print_table()); then
// what each pot holds.
void print_pot(std::ostringstream& out, const Answer& a, std::size_t limit) {
  const PotAnswer& pot = *a.pot;
  const bool sampled = !pot.ev_standard_error.empty();
  TextColumn label{"Pot", label_width(a), {}};
  std::vector<TextColumn> columns = {{"Stack", 12, {}, true}, {"EV", 12, {}}, {"Net", 12, {}}};
  if (sampled) columns.push_back({"StdErr", 10, {}});
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    label.cells.push_back(a.players[p].hand);
    columns[0].cells.push_back(pot.stacks.empty() ? "-" : chips(pot.stacks[p]));
    columns[1].cells.push_back(chips(pot.ev[p]));
    columns[2].cells.push_back((pot.net[p] > 0 ? "+" : "") + chips(pot.net[p]));
    if (sampled) columns[3].cells.push_back(chips(pot.ev_standard_error[p]));
  }
  std::size_t side = 0;
  for (const PotLayerAnswer& l : pot.layers) {
    const auto& players = l.layer.players;
    if (players.size() < 2) continue;
    TextColumn shares{layer_name(side), 9, {}, side == 0};  // the pots' shares kept together when narrow
    ++side;
    for (std::size_t p = 0; p < a.players.size(); ++p) {
      const auto at = std::find(players.begin(), players.end(), p);
      shares.cells.push_back(at == players.end() ? "-" : fixed(100.0 * l.equity[at - players.begin()], 1) + "%");
    }
    columns.push_back(std::move(shares));
  }
  out << "\n";
  print_table(out, label, columns, limit);
  side = 0;
  for (const PotLayerAnswer& l : pot.layers) {
    const auto& players = l.layer.players;
    std::string line;
    if (players.size() == 1) {
      line = "Back to " + a.players[players[0]].hand + ": " + chips(l.layer.chips) + " chips no one else matched";
    } else {
      line = layer_name(side++) + " pot: " + chips(l.layer.chips) + " chips, " +
             (players.size() == a.players.size() ? "every player" : std::to_string(players.size()) + " players:");
      for (std::size_t i = 0; players.size() != a.players.size() && i < players.size(); ++i)
        line += " " + a.players[players[i]].hand + (i + 1 < players.size() ? "," : "");
    }
    out << wrap_footer(line + "\n", limit);
  }
  double folded = 0;
  for (double f : pot.folded) folded += f;
  std::string held;  // what the total holds beside the stacks
  if (folded > 0) held = chips(folded) + " from players who folded, in the pots they reached";
  if (pot.dead > 0) held += (held.empty() ? "" : "; ") + chips(pot.dead) + " dead money, in the main pot";
  out << wrap_footer("Total: " + chips(pot.chips) + " chips" + (held.empty() ? "" : " (" + held + ")") +
                         "; EV = chips won back on average, Net = EV - stack\n",
                     limit);
}

// Runs and two boards (Answer::runouts): each player's share of the pot over the parts and how
// often he scooped every part, some, none.
void print_runouts(std::ostringstream& out, const Answer& a, std::size_t limit) {
  const RunoutAnswer& r = *a.runouts;
  // A part of the pot: a run, a board, or (two boards run more than once) one board of one run.
  const std::string part = r.boards == 2 ? (r.runs > 1 ? "part" : "board") : "run";
  const std::string title = r.boards == 2 ? "2 boards" : std::to_string(r.runs) + " runs";
  TextColumn label{title, std::max(label_width(a), title.size()), {}};
  std::vector<TextColumn> columns = {
      {"Equity", 10, {}, true},
      {"Scoop " + std::string(r.parts == 2 && r.boards == 2 ? "Both" : "All " + std::to_string(r.parts)), 14, {}},
      {"Some", 10, {}},
      {"None", 10, {}}};
  const double deals = static_cast<double>(r.deals);
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    const auto& k = r.scooped[p];
    std::uint64_t some = 0;
    for (std::size_t i = 1; i + 1 < k.size(); ++i) some += k[i];
    label.cells.push_back(a.players[p].hand);
    columns[0].cells.push_back(percent(r.equity[p]));
    columns[1].cells.push_back(percent(static_cast<double>(k.back()) / deals));
    columns[2].cells.push_back(percent(static_cast<double>(some) / deals));
    columns[3].cells.push_back(percent(static_cast<double>(k.front()) / deals));
  }
  out << "\n";
  print_table(out, label, columns, limit);
  std::string line =
      (r.boards == 2 ? "Boards: " + a.board + " and " + (r.board2.empty() ? "none" : r.board2) + ". " : "") +
      (part == "part" ? "Parts: each board in each of " + std::to_string(r.runs) + " runs. " : "") +
      "Scoop: the whole " + part + "'s pot alone. " +
      (r.exact ? with_commas(r.deals) + " deals of the " + part + "s counted exactly"
               : with_commas(r.deals) + " deals of the " + part + "s sampled (seed " + std::to_string(r.seed) + ")");
  out << wrap_footer(
      line + "; equity over the " + part + "s" + (r.boards == 2 ? ", the table above is board 1's" : "") + "\n", limit);
}

void print_answer(const Answer& a, bool exact_takes_it) {
  const auto limit = static_cast<std::size_t>(terminal_columns(STDOUT_FILENO));
  std::ostringstream out;
  const bool hi_lo = !a.players.empty() && a.players[0].scoops.has_value();  // an Omaha Hi/Lo game
  if (hi_lo)
    print_hilo_table(out, a, limit);
  else if (a.method == Method::monte_carlo)
    print_monte_carlo_table(out, a, limit);
  else
    print_exact_table(out, a, limit);
  print_context(out, a);
  if (a.method == Method::monte_carlo)
    print_monte_carlo_footer(out, a, exact_takes_it, limit);
  else
    print_exact_footer(out, a, limit);
  if (a.pot) print_pot(out, a, limit);
  if (a.runouts) print_runouts(out, a, limit);
  for (const auto& p : a.players)
    if (p.category) print_categories(out, p, a.method == Method::monte_carlo ? a.trials : a.showdowns(), a.game, limit);
  for (const auto& p : a.players)
    if (!p.per_class.empty())
      print_matrix(out, p, a.per_combo_method, limit);
    else if (!p.per_combo.empty())
      print_extremes(out, p, a.per_combo_method, a.game, limit);
  for (const auto& p : a.players)
    if (p.hits) out << hits_text(p.hand, *p.hits);
  for (const auto& p : a.players)
    if (p.distribution) print_distribution(out, p, a.game, limit);
  std::cout << out.str();
}

void write_svg(const std::string& path, const Answer& a) {
  std::vector<std::string> labels;
  std::vector<Distribution> curves;
  for (const auto& p : a.players) {
    labels.push_back(p.hand);
    curves.push_back(*p.distribution);
  }
  // Written whole to a temporary file, then renamed: nothing half-written under the name.
  const std::string temporary = path + ".tmp";
  std::ofstream out(temporary, std::ios::binary);
  out << distribution_svg(labels, curves);
  out.close();
  if (!out || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw WriteError("cannot write " + path + ": " + std::strerror(errno));
  }
}

// Ctrl-C during a computation cancels it (the library stops within a round) instead of killing the
// process mid-line: Monte Carlo answers with the deals so far (printed, exit code 130), exact
// enumeration with "equity: cancelled" (130).
std::atomic<bool> g_cancel_requested{false};
extern "C" void cancel_on_interrupt(int) { g_cancel_requested.store(true); }

// Ctrl-C is caught for the lifetime of this object.
class InterruptScope {
 public:
  InterruptScope() : previous_(std::signal(SIGINT, cancel_on_interrupt)) {}
  ~InterruptScope() { std::signal(SIGINT, previous_); }
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

 private:
  void (*previous_)(int);
};

// What the command line says beyond the Question itself.
struct Flags {
  std::string method, seed_text, svg_path, stacks, folded, game = "holdem";
  bool json = false, force_mc = false, force_exact = false, no_table = false;
  CLI::Option *stderr_opt = nullptr, *trials_opt = nullptr, *time_opt = nullptr;
};

void add_question_options(CLI::App& app, Question& q, Flags& f) {
  app.add_option("hands", q.players,
                 "2 to 10 hands or ranges, e.g. AsAc KhQh or \"QQ+,AKs\" random; stud: '(AsKs)Qd' '(?\?)7c'")
      ->required();
  app.add_option("-g,--game", f.game,
                 "the game: " + game_list() + ". The names players use work too, in any case: " + game_alias_names());
  app.add_option("-b,--board", q.board, "known board cards: 3, 4 or 5, e.g. Ks7h2c");
  app.add_option("-d,--dead", q.dead, "cards removed from the deck, e.g. 2c3d");
  app.add_option("--order", q.order,
                 "the ordering percentage ranges (15%, 5%-10%) take: equity (against one random hand, the "
                 "default) or vs2 (against two random hands); `equity range 15%` shows what they select");
  app.add_option("-t,--threads", q.threads, "worker threads (0 = all cores); the numbers do not depend on it")
      ->check(non_negative());
  app.add_option(
         "--method", f.method,
         "exact enumeration: grouped: boards grouped by ranks, flushes handled by suit; boards: every board "
         "evaluated one by one (an independent check); sweep: heads-up on a known board, each board's "
         "combos ranked once (the default there for wide ranges); showdowns: the same, each pair of combos compared "
         "board by board (the default there for small ranges); Omaha: boards (every assignment walked), or sweep "
         "for two players of four- or five-card hands without weights (the default when both ranges are wide)")
      ->check(CLI::IsMember({"grouped", "boards", "sweep", "showdowns"}));
  app.add_option("--table", q.table_dir,
                 "preflop table directory for heads-up preflop questions, and three-way ones when DIR/threeway "
                 "holds the three-way table (`equity table --players 3`) (default: $EQUITY_RESULTS, else the "
                 "table installed with the program)");
  app.add_flag("--no-table", f.no_table, "always enumerate, even when the preflop table has the answer");
  app.add_flag("--json", f.json, "print one JSON object instead of the table (fields: docs/json.md)");
}

void add_monte_carlo_options(CLI::App& app, Question& q, Flags& f) {
  auto* mc_flag =
      app.add_flag("--mc", f.force_mc, "Monte Carlo even when exact would be quick, e.g. --mc --stderr 1e-4");
  auto* exact_flag = app.add_flag("--exact", f.force_exact,
                                  "exact enumeration however long it takes (at most 10 million combo assignments)");
  f.stderr_opt = app.add_option("--stderr", q.target_stderr,
                                "Monte Carlo: stop when every equity's standard error is below this, e.g. 0.001 "
                                "(default 0.0005 when no other limit is given)")
                     ->check(positive());
  f.trials_opt = app.add_option("--trials", q.max_trials, "Monte Carlo: stop after this many deals, e.g. 1000000")
                     ->check(positive());
  f.time_opt = app.add_option("--time", q.max_seconds, "Monte Carlo: stop after about this many seconds, e.g. 2.5")
                   ->check(positive());
  app.add_option("--seed", f.seed_text,
                 "Monte Carlo: random seed from 0 to 2^53 - 1, for reproducible runs (default: drawn at random and "
                 "printed)")
      ->check(seed_check());
  for (auto* option : {mc_flag, f.stderr_opt, f.trials_opt, f.time_opt}) exact_flag->excludes(option);
}

void add_analysis_options(CLI::App& app, Question& q, Flags& f) {
  app.add_flag("--per-combo", q.per_combo,
               "per player: every combo's equity against the other players (exact heads-up with a board, from the "
               "table heads-up preflop, else each combo's own exact or Monte Carlo answer); a 13x13 matrix of "
               "the classes, every combo in --json. Omaha: every hand's, exact from the same enumeration when the "
               "question is exact, else each hand's own Monte Carlo run; the strongest and weakest hands, every "
               "hand in --json. Stud: each way of a player's down cards not known ('(?\?)Qd') is a combo, exact "
               "from the same count when the question is exact, else each way's own question");
  app.add_flag("--distribution", q.distribution,
               "per player: the range's combos (stud: the ways of the hidden down cards) by equity, in four "
               "buckets (text, JSON) and as a curve (JSON, --svg)");
  app.add_option("--svg", f.svg_path, "with --distribution: write the players' curves as an SVG chart to FILE");
  app.add_flag("--hits", q.hits,
               "with a board: what each range hits on it (made hands from straight flush to nothing, and draws; "
               "definitions in docs/hits.md; the Omaha games: the high's category, wraps, open-ended, gutshots, "
               "flush and nut flush draws, and for Hi/Lo lows made and drawing, in docs/omaha.md)");
  app.add_option("--stacks", f.stacks,
                 "each player's chips in the pot, all in, in the players' order, e.g. 100,250,40: the main pot "
                 "and the side pots are layered by them, and each player's expected chips back (EV) and net are "
                 "shown; exact Hold'em and short deck (a range left out of one too), and Omaha of specific hands, "
                 "count every side pot in the same pass as the main pot; otherwise a side pot is counted without "
                 "the players left out of it: a specific hand, random or a stud hand has his known cards out of "
                 "the deck, a range is counted hand by hand (sampled with the others in a sampled question)");
  app.add_option("--runs", q.runs,
                 "run it N times: each run deals the rest of the board from what the earlier runs left and wins "
                 "1/N of the pot; adds each player's share over the runs and how often he scoops every run, some "
                 "or none (exact where the runs' deals are few enough, else Monte Carlo; over ranges, exactly for "
                 "every way they hold their hands where those are few enough, else sampled with them)")
      ->check(CLI::Range(1, 24));
  app.add_option("--board2", q.board2,
                 "two boards (a bomb pot): the second board's known cards (3, 4 or 5), each board winning half; "
                 "the first board is counted with them out of the deck, and how often each player scoops both "
                 "boards, one or neither is added; with --runs, each run deals both boards");
  app.add_option("--draws", q.draws,
                 "the draw games: how many draws are still to come (default 1; up to 3 in the triple draws): the "
                 "last draw is counted exactly, more are sampled under the drawing rule (docs/draw.md)")
      ->check(CLI::Range(1, 3));
  app.add_option("--pat", q.draw_pat,
                 "with --draws 2 or 3, the drawing rule: stand pat on a made hand this high or better, e.g. 9 "
                 "(default: 9 in 2-7 and A-5, T in badugi; docs/draw.md)");
  app.add_option("--keep", q.draw_keep,
                 "with --draws 2 or 3, the drawing rule: otherwise keep the cards of this rank or below, one of each "
                 "rank (badugi: of the best badugi), e.g. 8 (default 8)");
  app.add_option("--folded", f.folded,
                 "the chips each player who folded put in the pot, e.g. 60,20: with --stacks each in the pots "
                 "his chips reach, as his bets were (a hand history's; --pot puts dead money in the main pot)");
  app.add_option("--pot", q.pot, "dead money already in the pot from players who folded, e.g. 150 (in the main pot)")
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--by-category", q.by_category,
               "per player: how often the final hand is each category, and the wins and ties by category");
}

// The flags' part of the question, and their contradictions.
void apply_flags(Question& q, const Flags& f) {
  q.game = parse_game(f.game);
  if (!f.stacks.empty()) q.stacks = parse_stacks(f.stacks);
  if (!f.folded.empty()) q.folded = parse_folded(f.folded);
  if (!f.seed_text.empty()) q.seed = std::stoull(f.seed_text);  // checked by seed_check()
  if (!f.svg_path.empty() && !q.distribution)
    throw InputError("--svg draws the equity distribution: add --distribution");
  q.use_table = !f.no_table && f.method.empty();  // an exact method asked for: enumerate
  if (!f.method.empty()) q.exact_method = parse_exact_method(f.method);
  if (f.force_exact) q.method = Method::exact;
  if (f.force_mc) q.method = Method::monte_carlo;
  if (!f.method.empty() && (f.force_mc || f.stderr_opt->count() + f.trials_opt->count() + f.time_opt->count() > 0))
    throw InputError("--method " + f.method +
                     " enumerates exactly: it does not go with Monte Carlo (--mc, --stderr, --trials, --time)");
}

}  // namespace

int run_equity(const Args& args) {
  CLI::App app(
      "Poker equity of 2 to 10 hands or ranges in Texas Hold'em (the default), short deck, the Omaha "
      "games, the stud games and the draw games (--game). A Hold'em or short-deck hand is two cards (AsAc, \"As Ac\", "
      "10d9d), an Omaha "
      "hand "
      "4, 5 or 6 (AsKsQhJh); a range is any list such as \"QQ+,AKs,A5s-A2s,KQo:0.5\" (Omaha: \"AA**,KK**:$ds\") "
      "or random. Exact by default when the work is "
      "small enough (see below): every combo assignment and every board is counted. Otherwise Monte Carlo "
      "with a standard error and a 95% interval. Equity = (wins + each split pot's share) / showdowns.\n\n"
      "The method is chosen by counting work, so the same question gets the same method on any machine: "
      "heads-up preflop hands and whole classes come from the preflop table; heads-up ranges on a board "
      "are counted exactly by a sweep or, for small ranges, by plain showdowns; otherwise exact when the showdowns to "
      "enumerate (combo assignments "
      "up to suit symmetry x boards) are at most 6 billion preflop, 300 million on a flop, 40 million on "
      "a turn or 1 million on a river; else Monte Carlo.\n\n"
      "Omaha (--game omaha, omaha5, omaha6 and their -hilo games): a hand is 4, 5 or 6 cards (AsKsQhJh) "
      "or random; specific hands are enumerated exactly, ranges when the showdowns are within the limits "
      "above and the hands to score at most 20 million, two wide PLO4 ranges high only by a sweep when its work "
      "(boards x hands) is at most 340 million (random vs random on a rainbow flop), two wide PLO8 ranges by a "
      "sweep hand by hand when the hands to score are at most 50 million (A2** vs $ds on a flop), two wide PLO5 "
      "ones, high or Hi/Lo, up to 15 million (AA*** vs KK*** on a turn), else Monte Carlo. Hi/Lo answers "
      "add "
      "how often "
      "each player scoops, wins the high and the low, and makes a low (docs/omaha.md).\n\n"
      "Stud (--game stud, stud-hilo, razz): 2 to 8 players, no board; each player's cards as dealt so far, "
      "all on one street from third to seventh: " +
          std::string(kStudHandSyntax) +
          " (quote parentheses for the shell: '(AsKs)Qd'); --dead for the folded up cards. When the deck cannot "
          "give every player a seventh card, one is dealt face up to all (a community card). Two players are counted "
          "exactly from any street (a sweep), one of them with his down cards unseen too ((?\?)Jh against (AsKs)Qd: "
          "under a second), both in stud and razz (third street's when --exact asks), more "
          "when every deal of the cards to come is at most 300 million to walk, else Monte Carlo (docs/stud.md).\n\n"
          "Draw games (--game draw, 27-single, 27-triple, a5-triple, badugi, badeucy, badacey): 2 to 6 players, no "
          "board; each player is " +
          std::string(kDrawHandSyntax) +
          "; --dead for the discards when known (not drawn again until the stub runs out: then they are "
          "shuffled back in, sampled). The last draw is counted exactly over "
          "every way the draws can come (a player drawing five: Monte Carlo); with --draws 2 or 3 the draws "
          "before it are sampled under the drawing rule the answer names: a model of play, not of luck alone "
          "(docs/draw.md).",
      "equity");
  app.footer(commands_footer());
  Question q;
  Flags f;
  add_question_options(app, q, f);
  add_monte_carlo_options(app, q, f);
  add_analysis_options(app, q, f);
  // CLI11 reads an argument in brackets as a list ("[50]AKs[/50]" would lose its brackets); a
  // trailing space, which ranges allow, keeps it whole.
  Args kept = args;
  for (auto& a : kept)
    if (a.size() > 1 && a.front() == '[' && a.back() == ']') a += ' ';
  return run(app, kept, [&] {
    apply_flags(q, f);
    ProgressLine progress(q);
    if (!f.json && progress.enabled()) q.progress = [&progress](const Progress& p) { progress(p); };
    q.cancel = &g_cancel_requested;
    Answer answer;
    try {
      const InterruptScope scope;
      answer = calculate(q);
    } catch (const InputError& e) {
      throw InputError(with_omaha_hint(e.what(), q.players, q.game));
    }
    progress.clear();  // before anything else is printed
    for (const auto& w : answer.warnings) std::cerr << "equity: warning: " << w << "\n";
    if (!f.svg_path.empty()) write_svg(f.svg_path, answer);
    if (f.json)
      std::cout << to_json(answer) << "\n";
    else
      print_answer(answer, answer.method == Method::monte_carlo && !answer.reason.empty() && exact_work(q).enumerable);
    // Ctrl-C during Monte Carlo: the estimate so far was printed; exit as an interrupted program.
    if (answer.stopped_by == "cancelled") {
      std::cout << std::flush;
      std::cerr << "equity: stopped by Ctrl-C after " << with_commas(answer.trials)
                << " deals: the estimate so far, with its standard error\n";
      return 130;
    }
    return 0;
  });
}

}  // namespace equity::cli
