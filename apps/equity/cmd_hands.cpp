// `equity hands FILES|DIRS...`: a player's hand histories read, every all-in's expected value, the
// net won beside the net won all-in adjusted (docs/hands.md).
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/error.hpp"
#include "equity/ev_chart.hpp"
#include "equity/files.hpp"
#include "equity/hands_json.hpp"
#include "equity/hands_report.hpp"
#include "equity/largest_all_ins.hpp"
#include "progress_line.hpp"
#include "terminal.hpp"
#include "text_table.hpp"

namespace equity::cli {
namespace {

// Chips with the currency's symbol and a sign: "+$12.50", "-€3.00", "+1,500" (chips: whole).
std::string money(double x, const std::string& symbol, bool tournament, bool sign = true) {
  const double rounded = std::round(x * 100) / 100;
  const std::string digits = fixed_with_commas(std::fabs(rounded), tournament ? 0 : 2);
  const std::string s = rounded < 0 ? "-" : sign && rounded > 0 ? "+" : "";
  return s + symbol + digits;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

void csv_rows(std::ostream& out, const HandOutcome& o) {
  const HandHistory& h = *o.hand;
  const AllInEv& a = *o.all_in;
  for (const auto& p : a.players)
    out << csv_field(h.id) << ',' << site_name(h.site) << ',' << csv_field(o.file) << ',' << h.line << ','
        << game_name(h.game) << ',' << csv_field(h.stakes) << ',' << street_name(h.game, a.street) << ',' << a.board
        << ',' << fmt::format("{:.2f},{:.2f}", a.pot, a.rake) << ',' << csv_field(p.name) << ',' << p.cards << ','
        << fmt::format("{:.2f},{:.6f},{:.4f},{:.2f}", p.put_in, p.equity, p.ev, p.won) << ','
        << (p.name == o.player ? 1 : 0) << '\n';
}

// The game as trackers write it, short: "Hold'em No Limit" -> "NL Hold'em", "7 Card Stud Hi/Lo
// Limit" -> "FL Stud Hi/Lo", "Omaha Pot Limit" -> "PL Omaha" ("PLO" as it is), "Triple Draw 2-7
// Lowball Limit" -> "FL 2-7 Triple Draw".
std::string short_game(std::string name) {
  std::string limit;
  for (const auto& [suffix, abbreviation] :
       {std::pair{" No Limit", "NL "}, {" Pot Limit", "PL "}, {" Fixed Limit", "FL "}, {" Limit", "FL "}}) {
    const std::string_view tail(suffix);
    if (name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0) {
      name.resize(name.size() - tail.size());
      limit = abbreviation;
      break;
    }
  }
  if (name.rfind("7 Card ", 0) == 0) name.erase(0, 7);
  for (const auto& [site, tracker] : {std::pair{"Single Draw 2-7 Lowball", "2-7 Single Draw"},
                                      {"Triple Draw 2-7 Lowball", "2-7 Triple Draw"},
                                      {"Triple Draw A-5 Lowball", "A-5 Triple Draw"}})
    if (name == site) name = tracker;
  return limit + name;
}

void print_summary(std::ostream& out, const HandsReport& r, const LargestAllIns& largest, std::uint64_t sampled,
                   double seconds) {
  const std::string who = r.heroes.empty()       ? "nobody"
                          : r.heroes.size() == 1 ? r.heroes[0]
                                                 : fmt::format("{} players", r.heroes.size());
  out << wrap(fmt::format("{}: {} hand{} ({} read in {} file{}, {}), {} all-in{} with cards to come", who,
                          with_commas(r.counted), r.counted == 1 ? "" : "s", with_commas(r.hands), with_commas(r.files),
                          r.files == 1 ? "" : "s", format_duration(seconds), with_commas(r.all_ins),
                          r.all_ins == 1 ? "" : "s"),
              80)
      << "\n";
  if (!r.stakes.empty()) {
    // 80 columns: "PL 5 Card Omaha Hi/Lo" is the longest game, "+$1,234.56" fits the money columns.
    TextColumn game{"Game", 17, {}};
    std::vector<TextColumn> cols = {{"Stakes", 13, {}},  {"Hands", 8, {}},        {"All-ins", 8, {}},
                                    {"Net won", 11, {}}, {"All-in adj.", 12, {}}, {"Luck", 11, {}}};
    for (const auto& s : r.stakes) {
      game.cells.push_back(short_game(s.game));
      cols[0].cells.push_back(s.stakes);
      cols[1].cells.push_back(with_commas(s.hands));
      cols[2].cells.push_back(with_commas(s.all_in_hands));
      cols[3].cells.push_back(money(s.net, s.symbol, s.tournament));
      cols[4].cells.push_back(money(s.adjusted, s.symbol, s.tournament));
      cols[5].cells.push_back(money(s.net - s.adjusted, s.symbol, s.tournament));
    }
    std::ostringstream table;
    print_table(table, game, cols, 80);
    out << "\n" << trim_line_ends(table.str());
    out << "Luck: net won less all-in adjusted; above 0, the all-ins won more than expected.\n";
  }
  if (const auto rows = largest.rows(); !rows.empty()) {
    TextColumn id{"Largest all-ins", 18, {}};
    std::vector<TextColumn> cols = {{"Street", 12, {}}, {"Players", 8, {}}, {"Pot", 12, {}},
                                    {"Equity", 8, {}},  {"Won", 12, {}},    {"Expected", 12, {}}};
    for (const auto& row : rows) {
      id.cells.push_back("#" + row.id);
      cols[0].cells.push_back(row.street);
      cols[1].cells.push_back(std::to_string(row.players));
      cols[2].cells.push_back(money(row.pot, row.symbol, row.tournament, false));
      cols[3].cells.push_back(fixed(100 * row.equity, 1) + "%");
      cols[4].cells.push_back(money(row.won, row.symbol, row.tournament, false));
      cols[5].cells.push_back(money(row.ev, row.symbol, row.tournament, false));
    }
    std::ostringstream table;
    print_table(table, id, cols, 80);
    out << "\n" << trim_line_ends(table.str());
    out << wrap(
               "Largest: the pot in big blinds. Equity: of the main pot. Expected: the chips expected back, the rake "
               "taken out.",
               80)
        << "\n";
  }
  if (!r.not_counted.empty()) {
    std::uint64_t n = 0;
    std::string why;
    for (const auto& [reason, count] : r.not_counted) {
      n += count;
      why += fmt::format("{}{}: {}", why.empty() ? "" : "; ", reason, with_commas(count));
    }
    out << "\n"
        << wrap(fmt::format("{} all-in{} with cards to come not counted, {} result kept ({}).", with_commas(n),
                            n == 1 ? "" : "s", n == 1 ? "its" : "their", why),
                80)
        << "\n";
  }
  if (sampled > 0)
    out << "\n"
        << wrap(fmt::format("{} all-in{} sampled (Monte Carlo: too many cards to come to enumerate): {} expected "
                            "values carry a standard error (--json: ev_stderr).",
                            with_commas(sampled), sampled == 1 ? "" : "s", sampled == 1 ? "its" : "their"),
                80)
        << "\n";
  if (r.skipped > 0) {
    out << fmt::format("\nSkipped {} hand{} (or files):\n", with_commas(r.skipped), r.skipped == 1 ? "" : "s");
    const std::size_t shown = std::min<std::size_t>(r.skips.size(), 10);
    for (std::size_t i = 0; i < shown; ++i)
      out << wrap("  " + r.skips[i].file + ":" + std::to_string(r.skips[i].line) + ": " + r.skips[i].reason, 80, "    ")
          << "\n";
    if (r.skipped > shown) out << "  ... and " << with_commas(r.skipped - shown) << " more (--json lists 1,000)\n";
  }
}

// The progress line on a terminal's stderr: hands read, the share of the bytes, the time left;
// redrawn in place (four times a second, cut to the terminal's width) and wiped before the
// answer, as the other commands' (progress_line.hpp).
class HandsProgressLine {
 public:
  HandsProgressLine() : enabled_(::isatty(STDERR_FILENO) == 1) {
    if (const int columns = terminal_columns(STDERR_FILENO); columns > 0) columns_ = columns;
  }
  ~HandsProgressLine() { clear(); }
  HandsProgressLine(const HandsProgressLine&) = delete;
  HandsProgressLine& operator=(const HandsProgressLine&) = delete;

  void operator()(const HandsProgress& p) {
    if (!enabled_ || p.seconds < 0.5 || p.total_bytes == 0) return;
    const double fraction = static_cast<double>(p.bytes) / static_cast<double>(p.total_bytes);
    std::string line = fmt::format("Reading hands: {} read, {:.0f}% of {:.1f} MB", with_commas(p.hands), 100 * fraction,
                                   static_cast<double>(p.total_bytes) / 1e6);
    if (fraction > 0.02) {
      const std::string left = time_left(p.seconds * (1 - fraction) / fraction);
      if (!left.empty()) line += ", " + left;
    }
    line.resize(std::min(line.size(), static_cast<std::size_t>(std::max(columns_ - 1, 10))));
    std::string out = "\r" + line;
    if (line.size() < shown_) out += std::string(shown_ - line.size(), ' ') + "\r" + line;
    shown_ = line.size();
    std::cerr << out << std::flush;
  }
  void clear() {
    if (shown_ == 0) return;
    std::cerr << "\r" << std::string(shown_, ' ') << "\r" << std::flush;
    shown_ = 0;
  }

 private:
  bool enabled_ = false;
  int columns_ = 80;
  std::size_t shown_ = 0;  // characters on the line now
};

// Fails now (WriteError) when `path` cannot be written: its temporary file is made and removed.
void check_writable(const std::string& path) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream probe(tmp, std::ios::binary);
    if (!probe) throw_write_error("create", tmp);
  }
  std::remove(tmp.c_str());
}

}  // namespace

int run_hands(const Args& args) {
  CLI::App app(
      "Reads hand histories (PokerStars' and GGPoker's text files; folders are read recursively)\n"
      "and gives every all-in with cards to come its exact expected value: each pot and side pot\n"
      "among the players in it, Hi/Lo halves, a draw game's next draw, the rake taken out as the\n"
      "hand took it. Prints the player's hands, all-ins, net won and net won all-in adjusted by\n"
      "game and stakes, and the largest all-ins. A hand that cannot be read is skipped with its\n"
      "file, line and reason; an all-in whose hands are not all known (a draw game's other players'\n"
      "before they draw) keeps its result, counted apart (docs/hands.md).",
      "equity hands");
  app.footer(
      "\nExamples:\n"
      "  equity hands ~/HandHistory/Hero                   every hand of the folder, the hero's\n"
      "  equity hands day1.txt day2.txt --hero Hero        one player's results\n"
      "  equity hands HH/ --json > allins.jsonl            one JSON line an all-in, then the totals\n"
      "  equity hands HH/ --svg luck.svg                   the cumulative chart of both lines\n"
      "docs/hands.md says what counts as an all-in and how the rake is treated.\n");
  std::vector<std::string> paths;
  std::string hero, svg;
  bool as_json = false, as_csv = false, in_bb = false;
  int threads = 0;
  std::size_t top = 10;
  app.add_option("paths", paths, "hand history files or folders")->required();
  app.add_option("--hero", hero, "whose results (default: each hand's player dealt cards, \"Dealt to\")");
  auto* json_flag = app.add_flag("--json", as_json,
                                 "JSON Lines: one object an all-in, then one with the totals and the hands skipped");
  app.add_flag("--csv", as_csv, "CSV: one row a player of each all-in")->excludes(json_flag);
  app.add_option("--svg", svg, "write the chart of net won and all-in adjusted over the hands to this file");
  app.add_flag("--bb", in_bb, "the chart in big blinds (the default when the hands are in more than one currency)");
  app.add_option("--top", top, "the largest all-ins listed (default 10)");
  app.add_option("--threads", threads, "worker threads (default: all cores)")->check(CLI::NonNegativeNumber);
  return run(app, args, [&] {
    if (!svg.empty()) check_writable(svg);  // before the reading: a long run lost to a typo helps no one
    HandsProgressLine progress;
    HandsOptions options;
    options.hero = hero;
    options.threads = threads;
    options.progress = [&](const HandsProgress& p) { progress(p); };
    LargestAllIns largest(top);
    std::uint64_t index = 0;
    HandsChart chart;
    std::uint64_t sampled = 0;
    if (as_csv)
      std::cout << "id,site,file,line,game,stakes,street,board,pot,rake,player,cards,put_in,equity,ev,won,hero\n";
    const HandsReport report = read_hands(paths, options, [&](const HandOutcome& o) {
      chart.add(o);
      ++index;
      if (!o.all_in) return;
      if (!as_json && !as_csv) largest.add(o, index);
      if (o.all_in->method == Method::monte_carlo) ++sampled;
      if (as_json) std::cout << to_json(o) << "\n";
      if (as_csv) csv_rows(std::cout, o);
    });
    progress.clear();
    if (!svg.empty()) {
      write_file_atomically(svg, ev_chart_svg(chart.chart(report, in_bb)));
    }
    if (as_json)
      std::cout << to_json(report) << "\n";
    else if (!as_csv)
      print_summary(std::cout, report, largest, sampled, report.seconds);
    std::cout << std::flush;
    return 0;
  });
}

}  // namespace equity::cli
