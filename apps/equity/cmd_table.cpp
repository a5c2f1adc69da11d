// `equity table`, `equity file`, `equity grid`: building the exact preflop table and showing it.
#include <fmt/color.h>
#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/calculate.hpp"
#include "equity/deal.hpp"
#include "equity/error.hpp"
#include "equity/hand_order.hpp"
#include "equity/preflop_table.hpp"
#include "equity/range.hpp"
#include "equity/table_equity.hpp"
#include "equity/table_merge.hpp"
#include "equity/table_render.hpp"
#include "equity/three_way_table.hpp"
#include "shard.hpp"
#include "terminal.hpp"
#include "text_table.hpp"

namespace equity::cli {
namespace {

namespace fs = std::filesystem;

std::atomic<bool> g_stop_requested{false};

extern "C" void on_interrupt(int) { g_stop_requested.store(true); }

// Ctrl-C asks the build to stop after the current batch; a second Ctrl-C kills at once (the
// handler resets itself), which is safe too: files only ever hold whole lines plus a partial one.
class InterruptGuard {
 public:
  InterruptGuard() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_int_);
    sigaction(SIGTERM, &action, &previous_term_);
  }
  ~InterruptGuard() {
    sigaction(SIGINT, &previous_int_, nullptr);
    sigaction(SIGTERM, &previous_term_, nullptr);
  }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  struct sigaction previous_int_ {};
  struct sigaction previous_term_ {};
};

std::string clock_time(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

// A progress bar on a terminal; a plain line every few seconds otherwise (logs, pipes, TERM=dumb).
class ProgressDisplay {
 public:
  explicit ProgressDisplay(bool enabled, std::string units = "matchups")
      : enabled_(enabled), terminal_(cursor_control_allowed(STDERR_FILENO)), units_(std::move(units)) {}

  void update(const BuildProgress& p) {
    if (!enabled_ || p.matchups_total == 0) return;
    const double elapsed = clock_.seconds();
    const bool finished = p.matchups_done == p.matchups_total;
    if (!terminal_ && !finished && elapsed - last_line_ < 5.0) return;
    last_line_ = elapsed;
    const double rate = elapsed > 0 ? static_cast<double>(p.matchups_done) / elapsed : 0;
    const double eta = rate > 0 ? static_cast<double>(p.matchups_total - p.matchups_done) / rate : 0;
    const double fraction = static_cast<double>(p.matchups_done) / static_cast<double>(p.matchups_total);
    const std::string numbers =
        fmt::format("{} / {} {}  {:.1f}%  {}/s  {}", with_commas(p.matchups_done), with_commas(p.matchups_total),
                    units_, 100.0 * fraction, with_commas(static_cast<std::uint64_t>(rate)),
                    finished ? "done in " + clock_time(elapsed) : "ETA " + clock_time(eta));
    if (terminal_) {
      constexpr int kWidth = 30;
      const auto filled = static_cast<std::size_t>(fraction * kWidth);
      fmt::print(stderr, "\r\x1b[2K[{}{}] {}", std::string(filled, '#'), std::string(kWidth - filled, '.'), numbers);
      std::fflush(stderr);
      drawn_ = true;
    } else {
      fmt::print(stderr, "equity: {}\n", numbers);
    }
  }
  // Ends the bar's line so that later messages start on their own line.
  void finish() {
    if (drawn_) fmt::print(stderr, "\n");
    drawn_ = false;
  }

 private:
  bool enabled_;
  bool terminal_;
  std::string units_;
  bool drawn_ = false;
  double last_line_ = 0;
  Stopwatch clock_;
};

struct RunSummary {
  BuildReport report;
  double seconds = 0;
};

RunSummary build_with_progress(const fs::path& hands_dir, const std::vector<HoleCards>& heroes, bool show_progress,
                               std::size_t batch, Game game = kDefaultGame) {
  ProgressDisplay display(show_progress);
  InterruptGuard guard;
  g_stop_requested.store(false);
  BuildOptions options;
  options.stop = &g_stop_requested;
  options.batch_size = batch;
  options.game = game;
  options.progress = [&](const BuildProgress& p) { display.update(p); };
  options.warn = [&](const std::string& message) {
    display.finish();
    fmt::print(stderr, "equity: warning: {}\n", message);
  };
  Stopwatch clock;
  RunSummary summary;
  try {
    summary.report = build_hand_files(hands_dir, heroes, options);
  } catch (...) {
    display.finish();
    throw;
  }
  display.finish();
  summary.seconds = clock.seconds();
  return summary;
}

std::string run_line(const RunSummary& s) {
  const auto& r = s.report;
  if (r.matchups_enumerated == 0 && r.lines_written == 0)
    return "nothing to compute: every line was already on disk (no enumeration)";
  std::string out =
      with_commas(r.matchups_enumerated) + " matchups enumerated, " + with_commas(r.lines_written) + " lines written";
  if (r.lines_resumed) out += ", " + with_commas(r.lines_resumed) + " lines kept from an earlier run";
  out += ", in " + format_duration(s.seconds);
  if (r.matchups_enumerated && s.seconds > 0)
    out += " (" + with_commas(static_cast<std::uint64_t>(static_cast<double>(r.matchups_enumerated) / s.seconds)) +
           " matchups/s)";
  return out;
}

nlohmann::ordered_json report_json(const RunSummary& s) {
  const auto& r = s.report;
  nlohmann::ordered_json j;
  j["files"] = r.files;
  j["files_complete"] = r.files_complete;
  j["lines_resumed"] = r.lines_resumed;
  j["lines_written"] = r.lines_written;
  j["matchups_enumerated"] = r.matchups_enumerated;
  j["lines_reused"] = r.matchups_reused;
  j["stopped"] = r.stopped;
  j["seconds"] = s.seconds;
  return j;
}

int interrupted(const RunSummary& s) {
  fmt::print(stderr,
             "equity: interrupted: {} lines written in this run are kept; run the same command again to resume\n",
             with_commas(s.report.lines_written));
  return 130;
}

// The last class of the game's own ordering ("32o"), for examples.
std::string worst_class(Game game) {
  const HandOrder& order = hand_order(default_hand_order(game));
  return hand_classes()[(*order.classes)[static_cast<std::size_t>(order.size - 1)]].name();
}

// The heroes `equity table` builds: every class of the game, or those of --only (an empty list, or
// a class outside the game's deck, is an error).
std::vector<HoleCards> table_heroes(const CLI::Option& only_option, const std::string& only, Game game) {
  const int classes = game_rules(game).hand_classes;
  if (only_option.count() > 0 && only.find_first_not_of(" ,") == std::string::npos)
    throw InputError("--only: \"" + only + "\" names no class; give classes such as AA,AKs," + worst_class(game) +
                     " (or leave --only out for all " + std::to_string(classes) + ")");
  std::vector<HoleCards> heroes;
  if (only_option.count() == 0)
    for (int i : classes_of(game)) heroes.push_back(hand_classes()[static_cast<std::size_t>(i)].representative());
  else
    for (int i : parse_class_list(only)) {
      const HandClass& c = hand_classes()[static_cast<std::size_t>(i)];
      if (!class_in_game(c, game))
        throw InputError("--only: " + c.name() + " is not in the deck of " + std::string(game_rules(game).title));
      heroes.push_back(c.representative());
    }
  return heroes;
}

// The shard's part of `heroes`: every N-th of them in table order, from the K-th.
std::vector<HoleCards> shard_heroes(std::vector<HoleCards> heroes, const Shard& shard) {
  std::sort(heroes.begin(), heroes.end(),
            [](HoleCards a, HoleCards b) { return class_index_of(a) < class_index_of(b); });
  heroes.erase(std::unique(heroes.begin(), heroes.end()), heroes.end());
  std::vector<HoleCards> part;
  for (std::size_t i = 0; i < heroes.size(); ++i)
    if (shard.has_unit(i)) part.push_back(heroes[i]);
  return part;
}

void print_table_run(const fs::path& dir, const RunSummary& summary, std::size_t complete, bool aggregates, bool json,
                     Game game) {
  const int classes = game_rules(game).hand_classes;
  if (json) {
    nlohmann::ordered_json j;
    j["dir"] = dir.string();
    if (game != kDefaultGame) j["game"] = game_name(game);
    j.update(report_json(summary));
    j["table_files_complete"] = complete;
    j["aggregates_written"] = aggregates;
    fmt::print("{}\n", j.dump());
    return;
  }
  fmt::print("{}: {} of {} requested files complete ({} of {} class files in all)\nthis run: {}\n",
             (dir / "hands").string(), summary.report.files_complete, summary.report.files, complete, classes,
             run_line(summary));
  if (aggregates)
    fmt::print("aggregates: {}, vs-random.csv, grid.txt, grid.svg\n", (dir / matrix_file_name(game)).string());
  else
    fmt::print("aggregates not written: {} class files are still incomplete\n",
               static_cast<std::size_t>(classes) - complete);
}

void print_shard_run(const fs::path& dir, const Shard& shard, const RunSummary& summary, bool json) {
  if (json) {
    nlohmann::ordered_json j;
    j["dir"] = dir.string();
    j["shard"] = shard.str();
    j.update(report_json(summary));
    fmt::print("{}\n", j.dump());
    return;
  }
  fmt::print("{}: {} of the {} class files of shard {} complete\nthis run: {}\n", (dir / "hands").string(),
             summary.report.files_complete, summary.report.files, shard.str(), run_line(summary));
  if (summary.report.files_complete == summary.report.files)
    fmt::print("when every shard is done: equity table merge SHARD_DIRS... --out DIR\n");
}

// ---- the three-way table ---------------------------------------------------------------------

// The class triples `equity table --players 3` builds: of every class, or of --only's.
std::vector<ClassTriple> three_way_triples(const CLI::Option& only_option, const std::string& only) {
  std::vector<int> classes;
  for (const HoleCards hero : table_heroes(only_option, only, kDefaultGame)) classes.push_back(class_index_of(hero));
  return class_triples(classes);
}

// The shard's part: the triples of every N-th unit (class pair) in order, from the K-th.
std::vector<ClassTriple> shard_triples(const std::vector<ClassTriple>& triples, const Shard& shard) {
  std::vector<ClassTriple> part;
  std::uint64_t unit = 0;
  for (std::size_t i = 0; i < triples.size(); ++i) {
    if (i > 0 && (triples[i].first != triples[i - 1].first || triples[i].second != triples[i - 1].second)) ++unit;
    if (shard.has_unit(unit)) part.push_back(triples[i]);
  }
  return part;
}

int run_three_way_table(const fs::path& out_dir, const std::vector<ClassTriple>& triples,
                        const std::optional<Shard>& shard, bool quiet, std::size_t batch, bool json) {
  const fs::path dir = out_dir / kThreeWayDir;
  prepare_output_dir(dir / "units");
  DirectoryLock lock(dir);
  ProgressDisplay display(!quiet, "class triples");
  InterruptGuard guard;
  g_stop_requested.store(false);
  ThreeWayOptions options;
  options.stop = &g_stop_requested;
  options.batch_orbits = batch;
  options.progress = [&](const ThreeWayProgress& p) {
    display.update(BuildProgress{p.sections_done, p.sections_total, p.orbits_done, 0});
  };
  options.warn = [&](const std::string& message) {
    display.finish();
    fmt::print(stderr, "equity: warning: {}\n", message);
  };
  Stopwatch clock;
  ThreeWayReport report;
  try {
    report = build_three_way_units(dir / "units", triples, options);
  } catch (...) {
    display.finish();
    throw;
  }
  display.finish();
  const double seconds = clock.seconds();
  if (report.stopped) {
    fmt::print(stderr,
               "equity: interrupted: {} class triples written in this run are kept; run the same command again to "
               "resume\n",
               with_commas(report.sections_written));
    return 130;
  }
  const std::size_t rows = shard ? 0 : write_three_way_aggregate(dir);
  if (json) {
    nlohmann::ordered_json j;
    j["dir"] = dir.string();
    j["players"] = 3;
    if (shard) j["shard"] = shard->str();
    j["units"] = report.units;
    j["class_triples"] = triples.size();
    j["class_triples_kept"] = report.sections_kept;
    j["class_triples_written"] = report.sections_written;
    j["orbits_enumerated"] = report.orbits_enumerated;
    if (!shard) j["aggregate_rows"] = rows;
    j["seconds"] = seconds;
    fmt::print("{}\n", j.dump());
    return 0;
  }
  fmt::print(
      "{}: {} class triples in {} unit files{} ({} kept from an earlier run, {} written: {} orbits "
      "enumerated in {})\n",
      (dir / "units").string(), with_commas(static_cast<std::uint64_t>(triples.size())),
      with_commas(static_cast<std::uint64_t>(report.units)), shard ? " (shard " + shard->str() + ")" : "",
      with_commas(report.sections_kept), with_commas(report.sections_written), with_commas(report.orbits_enumerated),
      format_duration(seconds));
  if (shard)
    fmt::print("when every shard is done: equity table merge --players 3 SHARD_DIRS... --out DIR\n");
  else
    fmt::print("aggregate: {} ({} of the {} class triples)\n", (dir / kThreeWayFile).string(),
               with_commas(static_cast<std::uint64_t>(rows)), with_commas(static_cast<std::uint64_t>(kClassTriples)));
  return 0;
}

// Merges the shards' unit files (merge_three_way_shards()) and prints what it did.
int run_three_way_merge(const std::vector<fs::path>& shard_dirs, const fs::path& out_dir,
                        const std::vector<ClassTriple>& triples, bool json) {
  prepare_output_dir(out_dir / kThreeWayDir / "units");
  const ThreeWayMergeReport r = merge_three_way_shards(shard_dirs, out_dir, triples);
  if (json) {
    nlohmann::ordered_json j;
    j["dir"] = r.dir.string();
    j["players"] = 3;
    j["units"] = r.units;
    j["units_written"] = r.written;
    j["aggregate_rows"] = r.rows;
    fmt::print("{}\n", j.dump());
  } else {
    fmt::print(
        "{}: {} unit files from {} shard directories ({} written, the others already there)\naggregate: {} "
        "({} of the {} class triples)\n",
        (r.dir / "units").string(), r.units, shard_dirs.size(), r.written, (r.dir / kThreeWayFile).string(),
        with_commas(static_cast<std::uint64_t>(r.rows)), with_commas(static_cast<std::uint64_t>(kClassTriples)));
  }
  return 0;
}

int run_table_merge(const Args& args) {
  CLI::App app(
      "Builds the preflop table from the directories of `equity table --shard K/N --out SHARD_DIR`\n"
      "runs: each class's complete result file (checked line by line) is copied from the shard that\n"
      "has it into DIR/hands, then the aggregates are written (preflop-169x169.csv, vs-random.csv,\n"
      "grid.txt, grid.svg). The result is byte-identical to one unsharded `equity table`, whatever\n"
      "the number of shards, their order of completion or their restarts. A class with no complete\n"
      "file in any shard is an error (exit code 2) and no aggregate is written.\n\n"
      "Example:\n"
      "  equity table merge work/shard-* --out results\n"
      "  equity table merge work/shard-* --game shortdeck   # SHARD_DIR/shortdeck into results/shortdeck\n"
      "  equity table merge --players 3 work/shard-* --out results  # the three-way table into results/threeway",
      "equity table merge");
  std::vector<std::string> dirs;
  std::string out_dir = "results", only, game_text = "holdem";
  bool json = false;
  app.add_option("SHARD_DIRS", dirs, "the shards' --out directories")->required();
  app.add_option("-o,--out", out_dir, "the table's directory (default: results)");
  auto* only_option = app.add_option("--only", only, "merge only these classes (as `equity table --only`)");
  app.add_flag("--json", json, "print one JSON object summarising the merge");
  app.add_option("-g,--game", game_text,
                 "the game: holdem (the default), shortdeck or shortdeck-straights (read from and written to "
                 "DIR/GAME)");
  int players = 2;
  app.add_option("-p,--players", players,
                 "2 (the default) or 3: merge the three-way table's units (SHARD_DIR/threeway/units) into "
                 "DIR/threeway, every class triple of the 169 classes or of --only")
      ->check(CLI::IsMember({2, 3}));
  return run(app, args, [&] {
    const Game game = parse_game(game_text);
    require_two_hole_cards(game, "equity table");
    const std::vector<fs::path> shard_dirs(dirs.begin(), dirs.end());
    if (players == 3) {
      if (!game_rules(game).three_way_table) throw InputError("--players 3: the three-way table is Hold'em's only");
      return run_three_way_merge(shard_dirs, out_dir, three_way_triples(*only_option, only), json);
    }
    const std::vector<HoleCards> heroes = table_heroes(*only_option, only, game);
    prepare_output_dir(table_game_dir(out_dir, game) / "hands");
    const TableMergeReport r = merge_table_shards(shard_dirs, out_dir, game, heroes);
    if (json) {
      nlohmann::ordered_json j;
      j["dir"] = r.dir.string();
      j["files"] = r.files;
      j["files_written"] = r.written;
      j["aggregates_written"] = r.aggregates;
      fmt::print("{}\n", j.dump());
    } else {
      fmt::print("{}: {} class files from {} shard directories ({} written, the others already there)\n",
                 (r.dir / "hands").string(), r.files, dirs.size(), r.written);
      if (r.aggregates)
        fmt::print("aggregates: {}, vs-random.csv, grid.txt, grid.svg\n", (r.dir / matrix_file_name(game)).string());
      else
        fmt::print("aggregates not written: they need all {} class files\n", game_rules(game).hand_classes);
    }
    return 0;
  });
}

// ---- grid ------------------------------------------------------------------------------------

// One cell of the grid: a hero class against the other players (absent: not in the hero's range).
struct GridCell {
  HandClass hero;
  int row = 0, column = 0;
  bool present = false;
  std::uint64_t combos = 0;                      // the class's combos in the range
  std::uint64_t wins = 0, ties = 0, losses = 0;  // showdowns of its combos
  double equity = 0;
};

// The question a grid answers: the hero's per-class equity against the others, through the one call.
struct Grid {
  Answer answer;
  int size = 13;                // rows and columns: 13, or 9 for short deck (A to 6)
  std::vector<GridCell> cells;  // size x size, row by row
};

Grid grid_of(Question q) {
  q.per_combo = true;
  Grid grid;
  grid.answer = calculate(q);
  const PlayerAnswer& hero = grid.answer.players.front();
  std::map<int, const ComboEquity*> by_class;
  for (const auto& c : hero.per_class) by_class[c.combo] = &c;
  std::map<int, std::uint64_t> combos;
  for (const auto& c : hero.per_combo) {
    const auto cards = combo_cards(c.combo);
    ++combos[class_index_of({cards[0], cards[1]})];
  }
  grid.size = kRanks - game_rules(q.game).lowest_rank;
  for (int row = 0; row < grid.size; ++row)
    for (int column = 0; column < grid.size; ++column) {
      GridCell cell{class_at_grid_cell(row, column), row, column};
      const auto it = by_class.find(class_index(cell.hero));
      if (it != by_class.end() && it->second->weighted_showdowns > 0) {
        cell.present = true;
        cell.combos = combos[it->first];
        cell.wins = it->second->wins;
        cell.ties = it->second->ties;
        cell.losses = it->second->losses;
        cell.equity = it->second->equity();
      }
      grid.cells.push_back(cell);
    }
  return grid;
}

std::string against(const Answer& a) {
  std::string names;
  for (std::size_t p = 1; p < a.players.size(); ++p)
    names +=
        (p > 1 ? " and " : "") + (a.players[p].hand == "random" ? std::string("a random hand") : a.players[p].hand);
  return names;
}

std::string grid_json(const Grid& grid) {
  nlohmann::ordered_json j;
  const Answer& a = grid.answer;
  j["hero"] = a.players.front().hand;
  j["villains"] = nlohmann::ordered_json::array();
  for (std::size_t p = 1; p < a.players.size(); ++p) j["villains"].push_back(a.players[p].hand);
  if (!a.board.empty()) j["board"] = a.board;
  if (!a.dead.empty()) j["dead"] = a.dead;
  if (a.game != kDefaultGame) j["game"] = game_name(a.game);
  j["method"] = method_name(a.per_combo_method);
  j["cells"] = nlohmann::ordered_json::array();
  for (const auto& c : grid.cells) {
    if (!c.present) continue;
    j["cells"].push_back({{"class", c.hero.name()},
                          {"row", c.row},
                          {"column", c.column},
                          {"combos", c.combos},
                          {"showdowns", c.wins + c.ties + c.losses},
                          {"wins", c.wins},
                          {"ties", c.ties},
                          {"losses", c.losses},
                          {"equity", c.equity}});
  }
  return j.dump() + "\n";
}

// The layouts. Full: "AKs 67.0" in 10 columns a cell, 130 a line for Hold'em's 13 columns; short
// deck's 9 columns in 8 a cell with a space between (80 a line). Compact, for terminals narrower
// than that: ranks along the top and the side, the equity alone in 5 columns a cell (67 a line).
enum class GridLayout { full, tight, compact };
constexpr int kFullGridWidth = 130;
constexpr int kTightGridWidth = 80;
constexpr std::string_view kRankNames = "AKQJT98765432";

// The layout for a terminal of `columns` (0: not a terminal), unless --compact asks.
GridLayout grid_layout(const Grid& grid, int columns, bool compact) {
  const bool tight = grid.size * 9 - 1 <= kTightGridWidth;  // short deck's 9x9 grid
  const int width = tight ? kTightGridWidth : kFullGridWidth;
  if (compact || (columns > 0 && columns < width)) return GridLayout::compact;
  return tight ? GridLayout::tight : GridLayout::full;
}

std::string grid_cell_text(const GridCell& c, GridLayout layout, bool colour) {
  const bool compact = layout == GridLayout::compact;
  const std::string name = fmt::format("{:<3}", c.hero.name());
  if (!c.present)
    return compact ? std::string(5, ' ') : layout == GridLayout::tight ? name + "     " : " " + name + "      ";
  const std::string text = compact                       ? fmt::format("{:5.1f}", 100.0 * c.equity)
                           : layout == GridLayout::tight ? fmt::format("{} {:4.1f}", name, 100.0 * c.equity)
                                                         : fmt::format(" {} {:4.1f} ", name, 100.0 * c.equity);
  if (!colour) return text;
  const auto [r, g, b] = equity_colour(c.equity);
  const bool dark = (r * 299 + g * 587 + b * 114) / 1000 < 128;
  const auto style =
      fmt::bg(fmt::rgb(static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(b))) |
      fmt::fg(dark ? fmt::terminal_color::bright_white : fmt::terminal_color::black);
  return fmt::format(style, "{}", text);
}

// The colour scale's legend: 0% to 100% in steps of 10, white at 50%.
std::string grid_legend(bool colour) {
  if (!colour) return "";
  std::string out = "scale";
  for (int pct = 0; pct <= 100; pct += 10) {
    const auto [r, g, b] = equity_colour(pct / 100.0);
    const bool dark = (r * 299 + g * 587 + b * 114) / 1000 < 128;
    const auto style =
        fmt::bg(fmt::rgb(static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(b))) |
        fmt::fg(dark ? fmt::terminal_color::bright_white : fmt::terminal_color::black);
    out += fmt::format(style, "{:>5}", fmt::format("{}%", pct));
  }
  return out + "  (white: 50%)\n";
}

// `width`: the title's wrapping (the terminal's columns, else 80).
std::string grid_text(const Grid& grid, GridLayout layout, bool colour, std::size_t width) {
  const Answer& a = grid.answer;
  const PlayerAnswer& hero = a.players.front();
  const bool compact = layout == GridLayout::compact;
  const std::string title =
      fmt::format("Equity % of {} against {}{}{} ({})",
                  hero.hand == "random" ? std::string("each class") : "each class of " + hero.hand, against(a),
                  a.board.empty() ? std::string(" preflop") : " on " + a.board,
                  a.game == kDefaultGame ? std::string() : ", " + std::string(game_rules(a.game).title),
                  a.per_combo_method == Method::table   ? "exact, table"
                  : a.per_combo_method == Method::exact ? "exact"
                                                        : "Monte Carlo");
  std::string out = wrap(title, width, "  ") + "\n";
  const auto& cells = grid.cells;
  if (compact) {
    out += " ";
    for (char rank : kRankNames.substr(0, static_cast<std::size_t>(grid.size))) out += fmt::format("{:>5}", rank);
    out += "\n";
  }
  std::string row;
  for (const auto& c : cells) {
    if (compact && c.column == 0) row += kRankNames[static_cast<std::size_t>(c.row)];
    if (layout == GridLayout::tight && c.column > 0) row += ' ';
    row += grid_cell_text(c, layout, colour);
    if (c.column == grid.size - 1) {
      out += (layout == GridLayout::tight ? trim_line_ends(row) : row) + "\n";
      row.clear();
    }
  }
  return out + grid_legend(colour);
}

}  // namespace

int run_table(const Args& args) {
  if (!args.empty() && args.front() == "merge") return run_table_merge(Args(args.begin() + 1, args.end()));
  CLI::App app(
      "Builds the exact heads-up preflop table: the result files of the 169 class representatives\n"
      "(DIR/hands/AsAc.txt, AsKs.txt, AsKc.txt, ...: 1,225 opponent lines each, format in\n"
      "docs/result-files.md), then the aggregates in DIR: preflop-169x169.csv (every ordered\n"
      "pair of classes), vs-random.csv, grid.txt and grid.svg. Each of the 47,008 distinct matchups is\n"
      "enumerated once and shared by every line that needs it.\n"
      "Runs resume: complete lines on disk are kept, a half-written last line is repaired, and a run\n"
      "over a finished directory computes nothing. Ctrl-C stops cleanly; a kill at any moment loses\n"
      "nothing but the batch in progress. A second run on the same directory refuses to start: each\n"
      "run holds DIR/.lock and DIR/hands/.lock. The empty .lock files stay after the run, on purpose: a\n"
      "lock file removed while another run is opening it would let two runs lock different files.\n"
      "A failed write (no permission, disk full, a file where DIR should be) exits with code 1.\n\n"
      "Short deck (--game shortdeck or shortdeck-straights): the 81 classes of 6 to A, 561 opponent\n"
      "lines a file of 201,376 boards each, into DIR/shortdeck (or DIR/shortdeck-straights):\n"
      "hands/AsAc.txt ..., preflop-81x81.csv, vs-random.csv, grid.txt and grid.svg (9x9).\n\n"
      "Examples:\n"
      "  equity table                      # everything into results/\n"
      "  equity table --game shortdeck     # results/shortdeck/\n"
      "  equity table --only AA,AKs,72o --out /tmp/t\n"
      "  equity table --threads 1 --json\n"
      "  equity table --shard 3/8 --out work/shard-3   # one of 8 runs (a Slurm array: scripts/slurm/)\n"
      "  equity table merge work/shard-* --out results  # the table from the 8 shards\n\n"
      "Three-way (--players 3, Hold'em): every three-way matchup up to suits (about 14.2 million\n"
      "orbits of 1,370,754 boards: about 0.6 core-hours and 1.3 GB, or a Slurm array: docs/cluster.md),\n"
      "one unit file per class pair (DIR/threeway/units/AA-KK.txt, 14,365 of them) holding the orbits of its\n"
      "class triples, then DIR/threeway/preflop-3way.csv, one row per class triple present. With\n"
      "--only, the class triples of those classes only: `equity` answers three-way preflop questions\n"
      "from the table whenever it holds every class triple they need, and enumerates the others.\n"
      "  equity table --players 3 --only AA,KK,AKs --out /tmp/t   # a partial table, in seconds\n"
      "  equity table --players 3 --shard 5/100 --out work/shard-5\n"
      "  equity table merge --players 3 work/shard-* --out results",
      "equity table");
  std::string out_dir = "results";
  std::string game_text = "holdem";
  std::string only;
  int threads = 0;
  bool json = false;
  bool quiet = false;
  std::size_t batch = 2048;
  app.add_option("-o,--out", out_dir, "output directory (default: results); hand files go to DIR/hands");
  auto* only_option =
      app.add_option("--only", only,
                     "build only these classes, e.g. AA,AKs,72o (for tests or to split work across machines); the "
                     "aggregates are written once all 169 files are complete");
  app.add_option("-t,--threads", threads, "worker threads (default 0: all cores); results do not depend on it")
      ->check(non_negative());
  app.add_option("--batch", batch,
                 "matchups enumerated between two writes to the files (default 2048; three-way: orbits, 512)")
      ->check(positive());
  std::string shard_text;
  app.add_option("--shard", shard_text,
                 "K/N: build only every N-th class file from the K-th (K from 0 to N-1), of the 169 or of --only, "
                 "into this shard's own --out directory; `equity table merge` then builds the table from the shards");
  app.add_flag("-q,--quiet", quiet, "no progress display");
  app.add_flag("--json", json, "print one JSON object summarising the run");
  app.add_option("-g,--game", game_text,
                 "the game: holdem (the default), shortdeck or shortdeck-straights (its table goes to DIR/GAME)");
  int players = 2;
  app.add_option("-p,--players", players,
                 "2 (the default) or 3: the three-way table (Hold'em) into DIR/threeway; with --only, the class "
                 "triples of those classes (a partial table, answering the questions it covers)")
      ->check(CLI::IsMember({2, 3}));
  return run(app, args, [&] {
    const Game game = parse_game(game_text);
    require_two_hole_cards(game, "equity table");
    const std::optional<Shard> shard = shard_text.empty() ? std::nullopt : std::optional(parse_shard(shard_text));
    if (players == 3) {
      if (!game_rules(game).three_way_table) throw InputError("--players 3: the three-way table is Hold'em's only");
      ThreadLimit limit(threads);
      auto triples = three_way_triples(*only_option, only);
      if (shard) triples = shard_triples(triples, *shard);
      return run_three_way_table(out_dir, triples, shard, quiet, batch == 2048 ? 512 : batch, json);
    }
    std::vector<HoleCards> heroes = table_heroes(*only_option, only, game);
    if (shard) heroes = shard_heroes(heroes, *shard);
    const fs::path dir = table_game_dir(out_dir, game);
    prepare_output_dir(dir);
    DirectoryLock lock(dir);
    ThreadLimit limit(threads);
    const RunSummary summary = build_with_progress(dir / "hands", heroes, !quiet, batch, game);
    if (summary.report.stopped) return interrupted(summary);
    if (shard) {
      print_shard_run(dir, *shard, summary, json);
      return 0;
    }
    // The aggregates need all the game's class files.
    const std::size_t complete = complete_class_files(dir, game);
    const bool aggregates = complete == static_cast<std::size_t>(game_rules(game).hand_classes);
    if (aggregates) write_aggregates(PreflopTable::from_hand_files(dir / "hands", game), dir);
    print_table_run(dir, summary, complete, aggregates, json, game);
    return 0;
  });
}

int run_file(const Args& args) {
  CLI::App app(
      "Writes the result file of one specific hand: DIR/HAND.txt with its 1,225 opponent lines in deck\n"
      "order, e.g. ['Ah', 'Ad'], [1675094, 1675094] = boards the hand wins or ties, boards the opponent\n"
      "wins or ties; ties = first + second - 1,712,304. The format is in docs/result-files.md.\n"
      "Resumes like `equity table`. With --game shortdeck (or shortdeck-straights): 561 lines of 201,376\n"
      "boards, the cards of 6 to A.\n\n"
      "Examples:\n"
      "  equity file AsAc                  # results/hands/AsAc.txt\n"
      "  equity file 7h2d --out /tmp/hands\n"
      "  equity file KhQh --game shortdeck --out results/shortdeck/hands",
      "equity file");
  std::string hand_text;
  std::string game_text = "holdem";
  std::string out_dir = "results/hands";
  int threads = 0;
  bool json = false;
  bool quiet = false;
  app.add_option("HAND", hand_text, "two specific cards, e.g. AsAc, KhQh, \"7h 2d\"")->required();
  app.add_option("-o,--out", out_dir, "output directory (default: results/hands)");
  app.add_option("-t,--threads", threads, "worker threads (default 0: all cores)")->check(non_negative());
  app.add_option("-g,--game", game_text,
                 "the game: holdem (the default), shortdeck or shortdeck-straights, or an alias (equity --help); "
                 "not the Omaha games, whose hands have no 13x13 grid");
  app.add_flag("-q,--quiet", quiet, "no progress display");
  app.add_flag("--json", json, "print one JSON object summarising the run");
  return run(app, args, [&] {
    const Game game = parse_game(game_text);
    require_two_hole_cards(game, "equity file");
    const HoleCards hero = parse_hole_cards(hand_text, "HAND");
    for (Card c : hero)
      if (!game_rules(game).in_deck(c)) throw InputError("HAND: " + not_in_deck(c, game));
    prepare_output_dir(out_dir);
    ThreadLimit limit(threads);
    const fs::path path = fs::path(out_dir) / result_file_name(hero);
    const RunSummary summary = build_with_progress(out_dir, {hero}, !quiet, 2048, game);
    if (summary.report.stopped) return interrupted(summary);
    if (json) {
      nlohmann::ordered_json j;
      j["file"] = path.string();
      j.update(report_json(summary));
      fmt::print("{}\n", j.dump());
    } else {
      fmt::print("{}: {} lines\nthis run: {}\n", path.string(),
                 with_commas(static_cast<std::uint64_t>(opponent_hand_count(game))), run_line(summary));
    }
    return 0;
  });
}

int run_grid(const Args& args) {
  CLI::App app(
      "Prints the 13x13 grid of a hero range's equity, class by class, against the other players'\n"
      "ranges (heads-up preflop from the table, exact heads-up on a board, else each class's combos\n"
      "answered exactly or by Monte Carlo as `equity --per-combo` would). With no range, every class\n"
      "against a random hand. Pairs on the diagonal, suited hands above it, offsuit below, A to 2 from\n"
      "the top left; blank cells are classes the hero does not hold. Coloured when stdout is a terminal\n"
      "(a scale symmetric around 50%: blue below, white at 50%, red above), unless NO_COLOR is set or\n"
      "TERM=dumb. The grid is 130 columns wide (short deck's 80); on a narrower terminal ($COLUMNS,\n"
      "else the terminal's size) a compact 67-column layout (46) is printed. Hold'em and short deck\n"
      "only: Omaha's hands have no grid (`equity --game omaha RANGE RANGE --per-combo` gives each hand\n"
      "of a range its equity and shows the strongest and weakest).\n\n"
      "Examples:\n"
      "  equity grid                          # every class against a random hand\n"
      "  equity grid random KK                # every class against KK\n"
      "  equity grid \"22+,A2s+,KTs+\" \"QQ+,AK\" # a range against a range\n"
      "  equity grid 15% random --board Ks7h2c --svg grid.svg\n"
      "  equity grid --game shortdeck         # the 9x9 grid of short deck's 81 classes, A to 6",
      "equity grid");
  Question q;
  std::vector<std::string> players;
  std::string svg_path;
  bool json = false, no_colour = false, compact = false;
  app.add_option("RANGES", players,
                 "the hero's range (default: random), then the other players' (default: one random hand)");
  app.add_option("-b,--board", q.board, "known board cards: 3, 4 or 5");
  app.add_option("-d,--dead", q.dead, "cards removed from the deck");
  app.add_option("--order", q.order,
                 "the ordering percentage ranges take: equity (the default; a short-deck game's own) or vs2");
  std::string game_text = "holdem";
  app.add_option("-g,--game", game_text,
                 "the game: holdem (the default), shortdeck or shortdeck-straights, or an alias (equity --help); "
                 "not the Omaha games, whose hands have no 13x13 grid");
  app.add_option("--table,--dir", q.table_dir,
                 "preflop table directory (default: $EQUITY_RESULTS, else the installed table), as in `equity "
                 "--table`");
  app.add_option("--svg", svg_path, "also write the grid as an SVG picture to FILE");
  app.add_flag("--no-color", no_colour, "no colours even on a terminal");
  app.add_flag("--compact", compact, "the compact layout (67 columns) even on a wide terminal or into a file");
  app.add_flag("--json", json, "print one JSON object with every class's counts and equity");
  return run(app, args, [&] {
    q.game = parse_game(game_text);
    require_ranges(q.game, "equity grid");
    if (game_rules(q.game).range_grammar != RangeGrammar::classes)
      throw InputError("equity grid: the grid of starting-hand classes is for Hold'em and short deck, not " +
                       std::string(game_name(q.game)) + "; for Omaha, `equity --game " +
                       std::string(game_name(q.game)) +
                       " RANGE RANGE --per-combo` gives each hand of a range its equity and shows the strongest and "
                       "weakest");
    q.players = players;
    if (q.players.empty()) q.players.push_back("random");
    if (q.players.size() == 1) q.players.push_back("random");
    const Grid grid = grid_of(q);
    for (const auto& w : grid.answer.warnings) fmt::print(stderr, "equity: warning: {}\n", w);
    if (!svg_path.empty()) {
      std::array<std::array<std::optional<double>, 13>, 13> cells;
      for (const auto& c : grid.cells)
        if (c.present) cells[static_cast<std::size_t>(c.row)][static_cast<std::size_t>(c.column)] = c.equity;
      const PlayerAnswer& hero = grid.answer.players.front();
      write_file_atomically(svg_path, equity_grid_svg(cells,
                                                      (hero.hand == "random" ? "Every class" : hero.hand) +
                                                          " against " + against(grid.answer) +
                                                          (grid.answer.board.empty() ? "" : " on " + grid.answer.board),
                                                      grid.size));
    }
    if (json) {
      fmt::print("{}", grid_json(grid));
      return 0;
    }
    const int columns = terminal_columns(STDOUT_FILENO);
    fmt::print("{}", grid_text(grid, grid_layout(grid, columns, compact), !no_colour && colour_allowed(STDOUT_FILENO),
                               columns > 0 ? static_cast<std::size_t>(columns) : 80));
    return 0;
  });
}

}  // namespace equity::cli
