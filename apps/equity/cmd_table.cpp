// `equity table`, `equity file`, `equity grid`: building the exact preflop table and showing it.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/error.hpp"
#include "equity/preflop_table.hpp"
#include "equity/table_render.hpp"

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
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

// A progress bar on a terminal; a plain line every few seconds otherwise (logs, pipes).
class ProgressDisplay {
public:
  explicit ProgressDisplay(bool enabled) : enabled_(enabled), terminal_(::isatty(STDERR_FILENO) == 1) {}

  void update(const BuildProgress& p) {
    if (!enabled_ || p.matchups_total == 0) return;
    const double elapsed = clock_.seconds();
    const bool finished = p.matchups_done == p.matchups_total;
    if (!terminal_ && !finished && elapsed - last_line_ < 5.0) return;
    last_line_ = elapsed;
    const double rate = elapsed > 0 ? static_cast<double>(p.matchups_done) / elapsed : 0;
    const double eta = rate > 0 ? static_cast<double>(p.matchups_total - p.matchups_done) / rate : 0;
    const double fraction = static_cast<double>(p.matchups_done) / static_cast<double>(p.matchups_total);
    const std::string numbers = with_commas(p.matchups_done) + " / " + with_commas(p.matchups_total) + " matchups  " +
                                fixed(100.0 * fraction, 1) + "%  " + with_commas(static_cast<std::uint64_t>(rate)) +
                                "/s  " + (finished ? "done in " + clock_time(elapsed) : "ETA " + clock_time(eta));
    if (terminal_) {
      constexpr int kWidth = 30;
      const int filled = static_cast<int>(fraction * kWidth);
      std::cerr << "\r\x1b[2K[" << std::string(static_cast<std::size_t>(filled), '#')
                << std::string(static_cast<std::size_t>(kWidth - filled), '.') << "] " << numbers << std::flush;
      drawn_ = true;
    } else {
      std::cerr << "equity: " << numbers << "\n";
    }
  }
  // Ends the bar's line so that later messages start on their own line.
  void finish() {
    if (drawn_) std::cerr << "\n";
    drawn_ = false;
  }

private:
  bool enabled_;
  bool terminal_;
  bool drawn_ = false;
  double last_line_ = 0;
  Stopwatch clock_;
};

struct RunSummary {
  BuildReport report;
  double seconds = 0;
};

RunSummary build_with_progress(const fs::path& hands_dir, const std::vector<HoleCards>& heroes, bool show_progress,
                               std::size_t batch) {
  ProgressDisplay display(show_progress);
  InterruptGuard guard;
  g_stop_requested.store(false);
  BuildOptions options;
  options.stop = &g_stop_requested;
  options.batch_size = batch;
  options.progress = [&](const BuildProgress& p) { display.update(p); };
  options.warn = [&](const std::string& message) {
    display.finish();
    std::cerr << "equity: warning: " << message << "\n";
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
  std::string out = with_commas(r.matchups_enumerated) + " matchups enumerated, " + with_commas(r.lines_written) +
                    " lines written";
  if (r.lines_resumed) out += ", " + with_commas(r.lines_resumed) + " lines kept from an earlier run";
  out += ", in " + format_duration(s.seconds);
  if (r.matchups_enumerated && s.seconds > 0)
    out += " (" + with_commas(static_cast<std::uint64_t>(static_cast<double>(r.matchups_enumerated) / s.seconds)) +
           " matchups/s)";
  return out;
}

std::string report_json(const RunSummary& s) {
  const auto& r = s.report;
  std::ostringstream out;
  out << "\"files\": " << r.files << ", \"files_complete\": " << r.files_complete << ", \"lines_resumed\": " << r.lines_resumed
      << ", \"lines_written\": " << r.lines_written << ", \"matchups_enumerated\": " << r.matchups_enumerated
      << ", \"lines_reused\": " << r.matchups_reused << ", \"stopped\": " << (r.stopped ? "true" : "false")
      << ", \"seconds\": " << json_number(s.seconds);
  return out.str();
}

int interrupted(const RunSummary& s) {
  std::cerr << "equity: interrupted: " << with_commas(s.report.lines_written)
            << " lines written in this run are kept; run the same command again to resume\n";
  return 130;
}

}  // namespace

int run_table(const Args& args) {
  CLI::App app(
      "Builds the exact heads-up preflop table: the result files of the 169 class representatives\n"
      "(DIR/hands/AsAc.txt, AsKs.txt, AsKc.txt, ...: 1,225 opponent lines each, format in\n"
      "../shared/docs/result-files.md), then the aggregates in DIR: preflop-169x169.csv (every ordered\n"
      "pair of classes), vs-random.csv, grid.txt and grid.svg. Each of the 47,008 distinct matchups is\n"
      "enumerated once and shared by every line that needs it.\n"
      "Runs resume: complete lines on disk are kept, a half-written last line is repaired, and a run\n"
      "over a finished directory computes nothing. Ctrl-C stops cleanly; a kill at any moment loses\n"
      "nothing but the batch in progress. A second run on the same directory refuses to start.\n\n"
      "Examples:\n"
      "  equity table                      # everything into results/\n"
      "  equity table --only AA,AKs,72o --out /tmp/t\n"
      "  equity table --threads 1 --json",
      "equity table");
  std::string out_dir = "results";
  std::string only;
  int threads = 0;
  bool json = false;
  bool quiet = false;
  std::size_t batch = 2048;
  app.add_option("-o,--out", out_dir, "output directory (default: results); hand files go to DIR/hands");
  app.add_option("--only", only,
                 "build only these classes, e.g. AA,AKs,72o (for tests or to split work across machines); the "
                 "aggregates are written once all 169 files are complete");
  app.add_option("-t,--threads", threads, "worker threads (default 0: all cores); results do not depend on it")
      ->check(non_negative());
  app.add_option("--batch", batch, "matchups enumerated between two writes to the files (default 2048)")
      ->check(positive());
  app.add_flag("-q,--quiet", quiet, "no progress display");
  app.add_flag("--json", json, "print one JSON object summarising the run");
  return run(app, args, [&] {
    const std::vector<int> classes = only.empty() ? std::vector<int>{} : parse_class_list(only);
    std::vector<HoleCards> heroes;
    if (classes.empty())
      for (const auto& c : hand_classes()) heroes.push_back(c.representative());
    else
      for (int i : classes) heroes.push_back(hand_classes()[static_cast<std::size_t>(i)].representative());

    const fs::path dir(out_dir);
    DirectoryLock lock(dir);
    ThreadLimit limit(threads);
    const RunSummary summary = build_with_progress(dir / "hands", heroes, !quiet, batch);
    if (summary.report.stopped) return interrupted(summary);

    // The aggregates need all 169 files.
    std::size_t complete = 0;
    for (const auto& c : hand_classes()) {
      const auto rep = c.representative();
      if (read_result_file(dir / "hands" / result_file_name(rep), rep).complete()) ++complete;
    }
    const bool aggregates = complete == static_cast<std::size_t>(kHandClasses);
    if (aggregates) write_aggregates(PreflopTable::from_hand_files(dir / "hands"), dir);

    if (json) {
      std::cout << "{\"dir\": " << json_string(dir.string()) << ", " << report_json(summary)
                << ", \"table_files_complete\": " << complete << ", \"aggregates_written\": " << (aggregates ? "true" : "false")
                << "}\n";
    } else {
      std::cout << (dir / "hands").string() << ": " << summary.report.files_complete << " of " << summary.report.files
                << " requested files complete (" << complete << " of 169 class files in all)\n"
                << "this run: " << run_line(summary) << "\n";
      if (aggregates)
        std::cout << "aggregates: " << (dir / "preflop-169x169.csv").string() << ", vs-random.csv, grid.txt, grid.svg\n";
      else
        std::cout << "aggregates not written: " << 169 - complete << " class files are still incomplete\n";
    }
    return 0;
  });
}

int run_file(const Args& args) {
  CLI::App app(
      "Writes the result file of one specific hand: DIR/HAND.txt with its 1,225 opponent lines in deck\n"
      "order, e.g. ['Ah', 'Ad'], [1675094, 1675094] = boards the hand wins or ties, boards the opponent\n"
      "wins or ties (format in ../shared/docs/result-files.md). Resumes like `equity table`.\n\n"
      "Examples:\n"
      "  equity file AsAc                  # results/hands/AsAc.txt\n"
      "  equity file 7h2d --out /tmp/hands",
      "equity file");
  std::string hand_text;
  std::string out_dir = "results/hands";
  int threads = 0;
  bool json = false;
  bool quiet = false;
  app.add_option("HAND", hand_text, "two specific cards, e.g. AsAc, KhQh, \"7h 2d\"")->required();
  app.add_option("-o,--out", out_dir, "output directory (default: results/hands)");
  app.add_option("-t,--threads", threads, "worker threads (default 0: all cores)")->check(non_negative());
  app.add_flag("-q,--quiet", quiet, "no progress display");
  app.add_flag("--json", json, "print one JSON object summarising the run");
  return run(app, args, [&] {
    const HoleCards hero = parse_hole_cards(hand_text, "HAND");
    ThreadLimit limit(threads);
    const fs::path path = fs::path(out_dir) / result_file_name(hero);
    const RunSummary summary = build_with_progress(out_dir, {hero}, !quiet, 2048);
    if (summary.report.stopped) return interrupted(summary);
    if (json)
      std::cout << "{\"file\": " << json_string(path.string()) << ", " << report_json(summary) << "}\n";
    else
      std::cout << path.string() << ": 1,225 lines\nthis run: " << run_line(summary) << "\n";
    return 0;
  });
}

int run_grid(const Args& args) {
  CLI::App app(
      "Prints the 13x13 grid of exact heads-up preflop equities from the table built by `equity table`:\n"
      "each class against a random hand, or against CLASS. Pairs on the diagonal, suited hands above it,\n"
      "offsuit below, A to 2 from the top left. Coloured when stdout is a terminal (blue: below 50%,\n"
      "red: above).\n\n"
      "Examples:\n"
      "  equity grid                       # against a random hand\n"
      "  equity grid KK                    # every class against KK\n"
      "  equity grid --json --dir results",
      "equity grid");
  std::string villain_text;
  std::string dir = default_table_dir().string();
  bool json = false;
  bool no_colour = false;
  app.add_option("CLASS", villain_text, "opponent class, e.g. KK, AKs, 72o (default: a random hand)");
  app.add_option("-d,--dir", dir, "table directory (default: $EQUITY_RESULTS, else ./results, else the built-in table)");
  app.add_flag("--no-color", no_colour, "no colours even on a terminal");
  app.add_flag("--json", json, "print one JSON object with every class's counts and equity");
  return run(app, args, [&] {
    std::optional<int> villain;
    if (!villain_text.empty()) villain = class_index(parse_hand_class(villain_text));
    const auto table = PreflopTable::load(dir);
    if (!table)
      throw InputError("no complete table in " + dir + " (" + (fs::path(dir) / "preflop-169x169.csv").string() +
                       " is missing or incomplete); build it with `equity table --out " + dir + "`");
    const std::string villain_name = villain ? hand_classes()[static_cast<std::size_t>(*villain)].name() : "random";
    if (json) {
      std::cout << "{\"villain\": " << json_string(villain_name) << ", \"cells\": [";
      for (int row = 0; row < 13; ++row)
        for (int column = 0; column < 13; ++column) {
          const HandClass c = class_at_grid_cell(row, column);
          const int i = class_index(c);
          const auto counts = villain ? table->classes(i, *villain) : table->versus_random(i);
          std::cout << (row || column ? ", " : "") << "{\"class\": " << json_string(c.name()) << ", \"row\": " << row
                    << ", \"column\": " << column << ", \"combos\": " << counts.combos << ", \"wins\": " << counts.wins
                    << ", \"ties\": " << counts.ties << ", \"losses\": " << counts.losses
                    << ", \"equity\": " << json_number(counts.equity()) << "}";
        }
      std::cout << "]}\n";
      return 0;
    }
    const bool colour = !no_colour && ::isatty(STDOUT_FILENO) == 1;
    const auto grid = equity_grid(*table, villain);
    std::cout << "Equity (%) of each class against " << (villain ? villain_name : std::string("a random hand"))
              << " (exact, heads-up preflop)\n";
    for (int row = 0; row < 13; ++row) {
      for (int column = 0; column < 13; ++column) {
        const HandClass c = class_at_grid_cell(row, column);
        const double e = grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
        char cell[32];
        std::snprintf(cell, sizeof cell, " %-3s %4.1f ", c.name().c_str(), 100.0 * e);
        if (colour) {
          const auto [r, g, b] = equity_colour(e);
          const bool dark = (r * 299 + g * 587 + b * 114) / 1000 < 128;
          std::cout << "\x1b[48;2;" << r << ';' << g << ';' << b << "m\x1b[" << (dark ? "97" : "30") << 'm' << cell
                    << "\x1b[0m";
        } else {
          std::cout << cell;
        }
      }
      std::cout << '\n';
    }
    return 0;
  });
}

}  // namespace equity::cli
