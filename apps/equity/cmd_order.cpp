// `equity order`: the orderings of the Omaha hand classes behind percentage ranges, resumable and
// sharded (include/equity/omaha_order.hpp), and `equity order merge`.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/error.hpp"
#include "equity/files.hpp"
#include "equity/game.hpp"
#include "equity/omaha_hand_order.hpp"
#include "equity/omaha_order.hpp"
#include "shard.hpp"
#include "terminal.hpp"

namespace equity::cli {
namespace order_command {

namespace fs = std::filesystem;

std::atomic<bool> g_order_stop{false};

extern "C" void on_order_interrupt(int) { g_order_stop.store(true); }

// Ctrl-C or SIGTERM (Slurm's pre-emption) stops after the class in progress; a second one kills at
// once, which loses nothing either: unit files hold whole lines and at most a torn last one.
class StopOnSignal {
 public:
  StopOnSignal() {
    struct sigaction action {};
    action.sa_handler = on_order_interrupt;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_int_);
    sigaction(SIGTERM, &action, &previous_term_);
  }
  ~StopOnSignal() {
    sigaction(SIGINT, &previous_int_, nullptr);
    sigaction(SIGTERM, &previous_term_, nullptr);
  }
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;

 private:
  struct sigaction previous_int_ {};
  struct sigaction previous_term_ {};
};

// The game of --game, one whose spec has orderings (by high equity).
Game order_game(const std::string& text) {
  const Game game = parse_game(text);
  if (game_rules(game).orderings) return game;
  std::vector<std::string_view> names;
  for (const Game g : games())
    if (game_rules(g).orderings) names.push_back(game_name(g));
  throw InputError(fmt::format("--game: the orderings are of {} or {} (high equity), not {}",
                               fmt::join(names.begin(), names.end() - 1, ", "), names.back(), text));
}

std::string clock_text(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

// One line on a terminal, redrawn at most five times a second; nothing otherwise.
class OrderProgress {
 public:
  explicit OrderProgress(bool enabled) : enabled_(enabled && cursor_control_allowed(STDERR_FILENO)) {}
  ~OrderProgress() { finish(); }
  OrderProgress(const OrderProgress&) = delete;
  OrderProgress& operator=(const OrderProgress&) = delete;
  void update(std::uint64_t done, std::uint64_t total) {
    if (!enabled_ || total == 0) return;
    const double elapsed = clock_.seconds();
    if (done != total && elapsed - last_ < 0.2) return;
    last_ = elapsed;
    const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
    const double eta = rate > 0 ? static_cast<double>(total - done) / rate : 0;
    fmt::print(stderr, "\r\x1b[2K{} / {} classes  {:.1f}%  {:.1f}/s  {}", with_commas(done), with_commas(total),
               100.0 * static_cast<double>(done) / static_cast<double>(total), rate,
               rate > 0 ? "ETA " + clock_text(eta) : std::string());
    std::fflush(stderr);
    drawn_ = true;
  }
  void finish() {
    if (drawn_) fmt::print(stderr, "\r\x1b[2K");
    std::fflush(stderr);
    drawn_ = false;
  }

 private:
  bool enabled_;
  bool drawn_ = false;
  double last_ = -1;
  Stopwatch clock_;
};

int run_order_merge(const Args& args) {
  CLI::App app(
      "Writes DIR/GAME/order-equity.csv (omaha/, omaha5/, omaha6/) from the unit files of `equity order`\n"
      "runs: each unit from DIR/GAME/order-units or, when not complete there, from the first of the\n"
      "SHARD_DIRS (other runs' --out directories) that holds it complete. Best first: equity\n"
      "descending, ties in canonical order. Byte-identical whatever the shards, their order and their\n"
      "restarts. A unit complete nowhere is an error (exit code 2) and nothing is written.\n\n"
      "Examples:\n"
      "  equity order merge --game omaha --out work/order        # shards that shared work/order\n"
      "  equity order merge work/shard-* --game omaha5 --out results",
      "equity order merge");
  std::vector<std::string> dirs;
  std::string out_dir = "results", game_text = "omaha";
  std::size_t first = 0;
  bool json = false;
  app.add_option("SHARD_DIRS", dirs, "other runs' --out directories to take units from");
  app.add_option("-o,--out", out_dir, "the directory of the ordering (default: results)");
  app.add_option("-g,--game", game_text, "omaha (the default), omaha5 or omaha6");
  app.add_option("--first", first, "merge only the first N classes in canonical order (as `equity order --first`)")
      ->check(positive());
  app.add_flag("--json", json, "print one JSON object summarising the merge");
  return run(app, args, [&] {
    const Game game = order_game(game_text);
    const int hole_cards = game_rules(game).hole_cards;
    const std::string subdir = fs::path(omaha_hand_order_file(hole_cards)).parent_path().string();
    const fs::path dir = fs::path(out_dir) / subdir;
    std::vector<fs::path> unit_dirs = {dir};
    for (const auto& d : dirs) unit_dirs.push_back(fs::path(d) / subdir);
    prepare_output_dir(dir);
    DirectoryLock lock(dir);
    const OmahaOrderMerge merged = merge_omaha_order(unit_dirs, dir, hole_cards, first);
    const fs::path file = dir / "order-equity.csv";
    if (json) {
      nlohmann::ordered_json j;
      j["file"] = file.string();
      j["game"] = game_name(game);
      j["classes"] = merged.classes;
      j["trials"] = merged.trials;
      fmt::print("{}\n", j.dump());
    } else {
      fmt::print("{}: {} classes, {} trials a class\n", file.string(), with_commas(merged.classes),
                 with_commas(merged.trials));
    }
    return 0;
  });
}

}  // namespace order_command

int run_order(const Args& args) {
  using namespace order_command;
  if (!args.empty() && args.front() == "merge") return run_order_merge(Args(args.begin() + 1, args.end()));
  CLI::App app(
      "Orders the Omaha hand classes by equity against one random hand (high only), the ordering\n"
      "behind percentage ranges such as `15%` (docs/ranges-omaha.md): DIR/omaha/order-equity.csv\n"
      "(omaha5/, omaha6/ for --game omaha5, omaha6), one line a class, best first.\n"
      "Each class (16,432 for omaha, 134,459 for omaha5, 962,988 for omaha6) runs the same number of\n"
      "Monte Carlo trials, ceil(1 / (4 x stderr^2)) (1,000,000 for 0.0005), seeded by the class: its\n"
      "line is a function of the class and the trials alone. The classes, in canonical order, are cut\n"
      "into units of 256 (DIR/GAME/order-units/0000.csv, ...) to which a run appends each class's line\n"
      "whole: a run resumes from them (a torn last line is cut, with a warning), Ctrl-C or SIGTERM\n"
      "stops after the class in progress, and a kill loses only that class. --shard K/N does every\n"
      "N-th unit from the K-th (K from 0: a Slurm array's task id, scripts/slurm/order.sbatch); the\n"
      "shards may share one DIR. Without --shard the ordering is written at the end; with it, by\n"
      "`equity order merge`. The result is byte-identical for any shards, order or restarts.\n"
      "Costs and cluster runs: docs/cluster.md.\n\n"
      "Examples:\n"
      "  equity order --game omaha --out work/order                # PLO4 at stderr 0.0005\n"
      "  equity order --game omaha5 --stderr 0.002 --out work/order\n"
      "  equity order --game omaha --first 512 --trials 2000 --out /tmp/o   # a quick partial one\n"
      "  equity order --game omaha --shard 3/8 --out work/order   # one of 8 runs\n"
      "  equity order merge --game omaha --out work/order         # the ordering from the 8",
      "equity order");
  std::string out_dir = "results", game_text = "omaha";
  double std_error = 0.0005;
  std::uint64_t trials = 0;
  std::size_t first = 0;
  int threads = 0;
  bool json = false, quiet = false;
  std::string shard_text;
  app.add_option("-o,--out", out_dir, "output directory (default: results): DIR/omaha/, DIR/omaha5/, ...");
  app.add_option("-g,--game", game_text, "omaha (the default), omaha5 or omaha6");
  auto* se_option = app.add_option("--stderr", std_error,
                                   "the standard error each class's equity stays within (default 0.0005): "
                                   "ceil(1 / (4 x stderr^2)) trials a class");
  app.add_option("--trials", trials, "trials a class, instead of --stderr")->check(positive())->excludes(se_option);
  app.add_option("--first", first, "order only the first N classes in canonical order (tests, trial runs)")
      ->check(positive());
  app.add_option("--shard", shard_text, "K/N: only every N-th unit from the K-th (K from 0 to N-1)");
  app.add_option("-t,--threads", threads, "worker threads (default 0: all cores); results do not depend on it")
      ->check(non_negative());
  app.add_flag("-q,--quiet", quiet, "no progress line");
  app.add_flag("--json", json, "print one JSON object summarising the run");
  return run(app, args, [&] {
    const Game game = order_game(game_text);
    const int hole_cards = game_rules(game).hole_cards;
    const std::optional<Shard> shard = shard_text.empty() ? std::nullopt : std::optional(parse_shard(shard_text));
    OmahaOrderOptions options;
    options.hole_cards = hole_cards;
    options.trials = trials != 0 ? trials : omaha_order_trials(std_error);
    options.first = first;
    if (shard) options.shard_index = shard->index, options.shard_count = shard->count;
    const std::string subdir = fs::path(omaha_hand_order_file(hole_cards)).parent_path().string();
    const fs::path dir = fs::path(out_dir) / subdir;
    prepare_output_dir(dir / "order-units");
    // Shards may share DIR: each locks its own part (a second run of the same shard refuses).
    DirectoryLock lock(
        dir / "order-units" /
        (shard ? "shard-" + std::to_string(shard->index) + "-of-" + std::to_string(shard->count) : std::string("all")));
    OrderProgress progress(!quiet);
    StopOnSignal signals;
    g_order_stop.store(false);
    options.stop = &g_order_stop;
    options.progress = [&](std::uint64_t done, std::uint64_t total) { progress.update(done, total); };
    options.warn = [&](const std::string& message) {
      progress.finish();
      fmt::print(stderr, "equity: warning: {}\n", message);
    };
    Stopwatch clock;
    OmahaOrderReport report;
    {
      ThreadLimit limit(threads);
      report = build_omaha_order_units(dir, options);
    }
    progress.finish();
    const double seconds = clock.seconds();
    if (report.stopped) {
      fmt::print(stderr,
                 "equity: interrupted: {} classes written in this run are kept; run the same command again "
                 "to resume\n",
                 with_commas(report.written));
      return 130;
    }
    std::optional<OmahaOrderMerge> merged;
    if (!shard) merged = merge_omaha_order({dir}, dir, hole_cards, first);
    if (json) {
      nlohmann::ordered_json j;
      j["dir"] = dir.string();
      j["game"] = game_name(game);
      if (shard) j["shard"] = shard->str();
      j["trials"] = options.trials;
      j["units"] = report.units;
      j["classes"] = report.classes;
      j["classes_kept"] = report.kept;
      j["classes_written"] = report.written;
      j["seconds"] = seconds;
      if (merged) j["file"] = (dir / "order-equity.csv").string();
      fmt::print("{}\n", j.dump());
      return 0;
    }
    fmt::print("{}: {} classes in {} units{}, {} trials a class ({} kept from an earlier run, {} computed in {})\n",
               (dir / "order-units").string(), with_commas(report.classes), report.units,
               shard ? " (shard " + shard->str() + ")" : "", with_commas(options.trials), with_commas(report.kept),
               with_commas(report.written), format_duration(seconds));
    if (merged)
      fmt::print("ordering: {} ({} classes)\n", (dir / "order-equity.csv").string(), with_commas(merged->classes));
    else
      fmt::print("when every shard is done: equity order merge --game {} --out DIR [SHARD_DIRS...]\n", game_name(game));
    return 0;
  });
}

}  // namespace equity::cli
