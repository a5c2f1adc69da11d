// The default command: equity of 2..10 hands or ranges, exact or by Monte Carlo.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/monte_carlo.hpp"
#include "equity/range.hpp"
#include "equity/range_equity.hpp"
#include "equity/table_equity.hpp"

namespace equity::cli {
namespace {

// Below this estimated time the default is exact enumeration; above it, Monte Carlo.
constexpr double kExactBudgetSeconds = 1.0;
constexpr double kDefaultStderr = 5e-4;

std::string commands_footer() {
  std::string text = "\nCommands (equity COMMAND --help for each):\n";
  for (const auto& c : commands()) {
    std::string name(c.name);
    name.resize(10, ' ');
    text += "  " + name + std::string(c.summary) + "\n";
  }
  text +=
      "\nRanges: AA AKs AKo AK AsKs random (or xx, *); QQ+ 22-99 A2s+ A5s-A2s KTo+ K9+; lists with commas;\n"
      "weights AKs:0.5 or AKs@50. See `equity range --help`.\n"
      "\nExamples:\n"
      "  equity AsAc KhQh                      exact heads-up equity, every board walked\n"
      "  equity AhKh QsQd 7c7d --board Ks7h2c  three players on a flop\n"
      "  equity AsAc KhQh --dead 2c3d --json   dead cards, JSON for scripts\n"
      "  equity \"QQ+,AKs\" \"22+,AJs+,KQs\"       range against range (exact when quick)\n"
      "  equity random random --mc --stderr 1e-4 --seed 7   Monte Carlo to a standard error\n"
      "  equity KhQh AsAc --by-category        how often each hand makes each category\n"
      "  equity --version                      the version\n";
  return text;
}

std::string pad(std::string s, std::size_t w, bool left = false) {
  if (s.size() < w) s = left ? s + std::string(w - s.size(), ' ') : std::string(w - s.size(), ' ') + s;
  return s;
}

// Four or more characters without any range syntax ("AsXc", "AsAcKd"): meant as specific cards.
bool looks_like_cards(std::string_view text) {
  std::size_t letters = 0;
  for (char c : text) {
    if (std::string_view("+-,:@*").find(c) != std::string_view::npos) return false;
    if (c != ' ') ++letters;
  }
  return letters >= 4 && text != "random";
}

std::string percent(double fraction) { return fixed(100.0 * fraction, 3) + "%"; }

struct Player {
  std::string label;  // the hand as typed ("KhQh") or the canonical range
  Range range;
};

// The first column's width: the longest hand or range plus two spaces, at least six.
std::size_t label_width(const std::vector<Player>& players) {
  std::size_t width = 6;
  for (const auto& pl : players) width = std::max(width, pl.label.size() + 2);
  return width;
}

std::string cards_label(const std::vector<Card>& cards) { return to_string(cards); }

void print_context(std::ostringstream& out, const RangeDeal& deal) {
  if (!deal.board.empty()) out << "Board: " << cards_label(deal.board) << "\n";
  if (!deal.dead.empty()) out << "Dead: " << cards_label(deal.dead) << "\n";
}

void json_context(std::ostringstream& out, const RangeDeal& deal) {
  if (!deal.board.empty()) out << ", \"board\": " << json_string(cards_label(deal.board));
  if (!deal.dead.empty()) out << ", \"dead\": " << json_string(cards_label(deal.dead));
}

using CategoryCounts = std::array<std::uint64_t, kCategories>;

void print_categories(std::ostringstream& out, const std::string& label, std::uint64_t total, const CategoryCounts& made,
                      const CategoryCounts& wins, const CategoryCounts& ties) {
  out << "\n" << label << " by final hand:\n"
      << pad("Category", 18, true) << pad("Made", 10) << pad("Win", 10) << pad("Tie", 10) << pad("Count", 16)
      << pad("Wins", 16) << pad("Ties", 16) << "\n";
  const double t = static_cast<double>(total);
  for (int c = kCategories - 1; c >= 0; --c) {
    const auto i = static_cast<std::size_t>(c);
    out << pad(std::string(category_name(static_cast<Category>(c))), 18, true)
        << pad(percent(static_cast<double>(made[i]) / t), 10) << pad(percent(static_cast<double>(wins[i]) / t), 10)
        << pad(percent(static_cast<double>(ties[i]) / t), 10) << pad(with_commas(made[i]), 16)
        << pad(with_commas(wins[i]), 16) << pad(with_commas(ties[i]), 16) << "\n";
  }
}

std::string json_categories(const CategoryCounts& made, const CategoryCounts& wins, const CategoryCounts& ties) {
  std::ostringstream out;
  out << ", \"categories\": [";
  for (int c = kCategories - 1; c >= 0; --c) {
    const auto i = static_cast<std::size_t>(c);
    out << (c != kCategories - 1 ? ", " : "") << "{\"category\": " << json_string(category_name(static_cast<Category>(c)))
        << ", \"count\": " << made[i] << ", \"wins\": " << wins[i] << ", \"ties\": " << ties[i] << "}";
  }
  out << "]";
  return out.str();
}

// How exact counts were obtained: enumeration (with its method) or the preflop table.
struct ExactSource {
  std::string mode;    // "exhaustive" or "table"
  std::string method;  // grouped or boards
  std::string table;   // the table directory
};

void print_exact(const std::vector<Player>& players, const RangeDeal& deal, const RangeEquityResult& r, double seconds,
                 const ExactSource& source, bool by_category, bool json) {
  bool all_specific = true;
  for (const auto& pl : players) all_specific &= pl.range.specific();
  const double showdowns = static_cast<double>(r.showdowns());
  const double weighted_showdowns = r.total_weight * static_cast<double>(r.boards);
  std::ostringstream out;
  if (json) {
    out << "{\"mode\": " << json_string(source.mode) << ", \"boards\": " << r.boards;
    if (!all_specific)
      out << ", \"assignments\": " << r.assignments << ", \"showdowns\": " << r.showdowns()
          << ", \"weighted\": " << (r.weighted ? "true" : "false");
    out << ", \"seconds\": " << json_number(seconds);
    json_context(out, deal);
    out << ", \"players\": [";
    for (std::size_t p = 0; p < r.players.size(); ++p) {
      const auto& pc = r.players[p];
      out << (p ? ", " : "") << "{\"hand\": " << json_string(players[p].label);
      if (!all_specific) out << ", \"combos\": " << r.combos[p];
      out << ", \"wins\": " << pc.wins << ", \"ties\": " << pc.ties << ", \"losses\": " << pc.losses
          << ", \"equity\": " << json_number(r.equity(p));
      if (r.weighted)
        out << ", \"weighted_wins\": " << json_number(pc.weighted_wins) << ", \"weighted_ties\": "
            << json_number(pc.weighted_ties) << ", \"weighted_losses\": " << json_number(pc.weighted_losses);
      if (by_category) out << json_categories(pc.category, pc.category_wins, pc.category_ties);
      out << "}";
    }
    out << "]}\n";
    std::cout << out.str();
    return;
  }
  const std::size_t width = label_width(players);
  std::size_t count_width = 14;  // room for the largest count (range totals reach tens of billions)
  for (const auto& pc : r.players)
    for (const auto n : {pc.wins, pc.ties, pc.losses}) count_width = std::max(count_width, with_commas(n).size() + 2);
  out << pad(all_specific ? "Hand" : "Range", width, true) << pad("Equity", 10) << pad("Win", 10) << pad("Tie", 10)
      << pad("Wins", count_width) << pad("Ties", count_width) << pad("Losses", count_width)
      << (all_specific ? "" : pad("Combos", 8)) << "\n";
  for (std::size_t p = 0; p < r.players.size(); ++p) {
    const auto& pc = r.players[p];
    const double win = r.weighted ? pc.weighted_wins / weighted_showdowns : static_cast<double>(pc.wins) / showdowns;
    const double tie = r.weighted ? pc.weighted_ties / weighted_showdowns : static_cast<double>(pc.ties) / showdowns;
    out << pad(players[p].label, width, true) << pad(percent(r.equity(p)), 10) << pad(percent(win), 10)
        << pad(percent(tie), 10) << pad(with_commas(pc.wins), count_width) << pad(with_commas(pc.ties), count_width)
        << pad(with_commas(pc.losses), count_width) << (all_specific ? "" : pad(std::to_string(r.combos[p]), 8)) << "\n";
  }
  print_context(out, deal);
  if (source.mode == "table") {
    if (!all_specific)
      out << with_commas(r.assignments) << " combo pairs x " << with_commas(r.boards) << " boards = "
          << with_commas(r.showdowns()) << " showdowns";
    else
      out << with_commas(r.boards) << " boards";
    out << ", exact, from the preflop table in " << source.table << " (" << format_duration(seconds)
        << "; --no-table enumerates)\n";
    if (r.weighted)
      out << "Weights applied: equity, win and tie are weighted by the combos' weights; Wins, Ties and Losses\n"
             "count every showdown once.\n";
  } else if (all_specific) {
    out << with_commas(r.boards) << (r.boards == 1 ? " board" : " boards") << " enumerated exactly (" << source.method
        << ") in " << format_duration(seconds) << "\n";
  } else {
    out << with_commas(r.assignments) << " combo assignments x " << with_commas(r.boards)
        << (r.boards == 1 ? " board" : " boards") << " = " << with_commas(r.showdowns())
        << " showdowns enumerated exactly (" << source.method << "; " << with_commas(r.orbits) << " assignments walked, "
        << r.symmetries << " suit symmetries) in " << format_duration(seconds) << "\n";
    if (r.weighted)
      out << "Weights applied: equity, win and tie are weighted by the combos' weights; Wins, Ties and Losses\n"
             "count every showdown once.\n";
  }
  if (by_category)
    for (std::size_t p = 0; p < r.players.size(); ++p) {
      const auto& pc = r.players[p];
      print_categories(out, players[p].label, r.showdowns(), pc.category, pc.category_wins, pc.category_ties);
    }
  std::cout << out.str();
}

void print_monte_carlo(const std::vector<Player>& players, const RangeDeal& deal, const MonteCarloResult& r,
                       bool by_category, bool json, const std::string& why) {
  std::ostringstream out;
  const double trials = static_cast<double>(r.trials);
  if (json) {
    out << "{\"mode\": \"monte-carlo\", \"trials\": " << r.trials << ", \"seed\": " << r.seed
        << ", \"stopped_by\": " << json_string(r.stopped_by) << ", \"rejected\": " << r.rejected
        << ", \"deals_per_board\": " << r.deals_per_board << ", \"seconds\": " << json_number(r.seconds);
    json_context(out, deal);
    out << ", \"players\": [";
    for (std::size_t p = 0; p < r.players.size(); ++p) {
      const auto& mp = r.players[p];
      out << (p ? ", " : "") << "{\"hand\": " << json_string(players[p].label) << ", \"combos\": " << r.combos[p]
          << ", \"wins\": " << mp.wins << ", \"ties\": " << mp.ties << ", \"losses\": " << mp.losses
          << ", \"equity\": " << json_number(mp.equity) << ", \"stderr\": " << json_number(mp.standard_error)
          << ", \"ci95\": [" << json_number(mp.low) << ", " << json_number(mp.high) << "]";
      if (by_category) out << json_categories(mp.category, mp.category_wins, mp.category_ties);
      out << "}";
    }
    out << "]}\n";
    std::cout << out.str();
    return;
  }
  const std::size_t width = label_width(players);
  out << pad("Range", width, true) << pad("Equity", 10) << pad("StdErr", 10) << pad("95% interval", 22)
      << pad("Win", 10) << pad("Tie", 10) << pad("Combos", 8) << "\n";
  for (std::size_t p = 0; p < r.players.size(); ++p) {
    const auto& mp = r.players[p];
    out << pad(players[p].label, width, true) << pad(percent(mp.equity), 10) << pad(percent(mp.standard_error), 10)
        << pad(percent(mp.low) + " - " + percent(mp.high), 22)
        << pad(percent(static_cast<double>(mp.wins) / trials), 10)
        << pad(percent(static_cast<double>(mp.ties) / trials), 10) << pad(std::to_string(r.combos[p]), 8) << "\n";
  }
  print_context(out, deal);
  out << "Monte Carlo" << why << ": " << with_commas(r.trials) << " random deals";
  if (r.deals_per_board > 1) out << ", " << r.deals_per_board << " on each board";
  out << " (seed " << r.seed << ", stopped by " << r.stopped_by << "; " << with_commas(r.rejected)
      << " deals redrawn for shared cards) in " << format_duration(r.seconds) << "\n";
  if (by_category)
    for (std::size_t p = 0; p < r.players.size(); ++p) {
      const auto& mp = r.players[p];
      print_categories(out, players[p].label, r.trials, mp.category, mp.category_wins, mp.category_ties);
    }
  std::cout << out.str();
}

}  // namespace

int run_equity(const Args& args) {
  CLI::App app(
      "Texas Hold'em equity of 2 to 10 hands or ranges. A hand is two cards (AsAc, \"As Ac\", 10d9d); a\n"
      "range is any list such as \"QQ+,AKs,A5s-A2s,KQo:0.5\" or random. Exact by default when the work\n"
      "fits in about a second: every combo assignment and every board is counted. Otherwise Monte Carlo\n"
      "with a standard error and a 95% interval. Equity = (wins + each split pot's share) / showdowns.",
      "equity");
  app.footer(commands_footer());
  std::vector<std::string> hands;
  std::string board_text, dead_text, method = "grouped";
  int threads = 0;
  bool json = false, force_mc = false, force_exact = false, by_category = false;
  double target_stderr = 0, max_seconds = 0;
  std::uint64_t max_trials = 0, seed = 0;
  app.add_option("hands", hands, "2 to 10 hands or ranges, e.g. AsAc KhQh or \"QQ+,AKs\" random")->required();
  app.add_option("-b,--board", board_text, "known board cards: 3, 4 or 5, e.g. Ks7h2c");
  app.add_option("-d,--dead", dead_text, "cards removed from the deck, e.g. 2c3d");
  app.add_option("-t,--threads", threads, "worker threads (0 = all cores)")->check(non_negative());
  app.add_option("--method", method,
                 "exact mode: grouped: boards grouped by ranks, flushes handled by suit (fast); boards: every "
                 "board evaluated one by one (an independent check)")
      ->check(CLI::IsMember({"grouped", "boards"}));
  std::string table_dir;
  bool no_table = false;
  app.add_option("--table", table_dir,
                 "preflop table directory for heads-up preflop questions (default: $EQUITY_RESULTS, else ./results, "
                 "else the table shipped with the program); enumeration when it is missing")
      ->check(CLI::ExistingDirectory);
  app.add_flag("--no-table", no_table, "always enumerate, even when the preflop table has the answer");
  app.add_flag("--json", json, "print one JSON object instead of the table");
  auto* mc_flag = app.add_flag("--mc", force_mc, "Monte Carlo even when exact would be quick, e.g. --mc --stderr 1e-4");
  auto* exact_flag = app.add_flag("--exact", force_exact, "exact enumeration however long it takes (at most 10 million combo assignments)");
  auto* stderr_opt = app.add_option("--stderr", target_stderr,
                                    "Monte Carlo: stop when every equity's standard error is below this, e.g. 0.001 "
                                    "(default 0.0005 when no other limit is given)")
                         ->check(positive());
  auto* trials_opt =
      app.add_option("--trials", max_trials, "Monte Carlo: stop after this many deals, e.g. 1000000")->check(positive());
  auto* time_opt = app.add_option("--time", max_seconds, "Monte Carlo: stop after about this many seconds, e.g. 2.5")
                       ->check(positive());
  auto* method_opt = app.get_option("--method");
  auto* seed_opt = app.add_option("--seed", seed, "Monte Carlo: random seed, for reproducible runs (default: random)");
  app.add_flag("--by-category", by_category,
               "per player: how often the final hand is each category, and the wins and ties by category");
  exact_flag->excludes(mc_flag);
  exact_flag->excludes(stderr_opt);
  exact_flag->excludes(trials_opt);
  exact_flag->excludes(time_opt);

  return run(app, args, [&] {
    std::vector<Player> players;
    std::vector<HoleCards> specific_hands;
    for (std::size_t i = 0; i < hands.size(); ++i) {
      Player pl;
      // A hand keeps its spelling and the historical messages; anything else is a range.
      std::optional<HoleCards> cards;
      std::optional<InputError> card_error;
      try {
        cards = parse_hole_cards(hands[i], "hand " + std::to_string(i + 1));
      } catch (const InputError& e) {
        card_error = e;
      }
      if (cards) {
        pl.label = (*cards)[0].str() + (*cards)[1].str();
        pl.range.set(combo_index((*cards)[0], (*cards)[1]), 1.0);
        specific_hands.push_back(*cards);
      } else {
        try {
          pl.range = Range::parse(hands[i], "player " + std::to_string(i + 1));
        } catch (const InputError&) {
          // Neither reading works: say why the cards are wrong when it was meant as cards.
          if (looks_like_cards(hands[i])) throw *card_error;
          throw;
        }
        pl.label = pl.range.str();
      }
      players.push_back(std::move(pl));
    }
    RangeDeal deal;
    for (const auto& pl : players) deal.ranges.push_back(pl.range);
    deal.board = parse_cards(board_text, "board");
    deal.dead = parse_cards(dead_text, "dead cards");
    if (specific_hands.size() == players.size()) validate(Deal{specific_hands, deal.board, deal.dead});
    ThreadLimit limit(threads);
    const int thread_count = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

    const bool mc_requested = force_mc || stderr_opt->count() > 0 || trials_opt->count() > 0 || time_opt->count() > 0;
    ExactOptions exact_options;
    exact_options.walk_every_board = method == "boards";
    exact_options.by_category = by_category;
    // Heads-up preflop classes and hands: the exact counts are in the table.
    if (!mc_requested && !by_category && !no_table && method_opt->count() == 0) {
      Stopwatch clock;
      const std::filesystem::path dir = table_dir.empty() ? default_table_dir() : std::filesystem::path(table_dir);
      std::optional<RangeEquityResult> result;  // nullopt: not a question the table answers
      try {
        result = table_equity(dir, deal);
      } catch (const InputError&) {
        // A missing or bad table file: enumeration answers (and reports bad questions).
      }
      if (result) {
        print_exact(players, deal, *result, clock.seconds(), ExactSource{"table", method, dir.string()}, false, json);
        return 0;
      }
    }
    std::string why;
    bool use_mc = mc_requested;
    if (!mc_requested && !force_exact) {
      const double estimate = estimate_exact_seconds(deal, thread_count, exact_options);
      use_mc = estimate > kExactBudgetSeconds;
      if (use_mc)
        why = std::isfinite(estimate) ? " (exact would take about " + format_duration(estimate) + "; --exact forces it)"
                                      : " (too large to enumerate exactly)";
    }
    const bool show_progress = !json && isatty(2);

    if (!use_mc) {
      if (show_progress)
        exact_options.progress = [](double done) { std::cerr << "\rexact: " << fixed(100 * done, 1) << "% " << std::flush; };
      Stopwatch clock;
      const auto result = enumerate_ranges(deal, exact_options);
      const double seconds = clock.seconds();
      if (show_progress && seconds > 0.25) std::cerr << "\r              \r" << std::flush;
      print_exact(players, deal, result, seconds, ExactSource{"exhaustive", method, ""}, by_category, json);
      return 0;
    }
    MonteCarloOptions mc;
    mc.seed = seed_opt->count() > 0 ? seed : (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
    mc.target_stderr = target_stderr;
    mc.max_trials = max_trials;
    mc.max_seconds = max_seconds;
    mc.by_category = by_category;
    if (mc.target_stderr <= 0 && mc.max_trials == 0 && mc.max_seconds <= 0) mc.target_stderr = kDefaultStderr;
    Stopwatch clock;
    bool progressed = false;
    if (show_progress)
      mc.progress = [&](std::uint64_t trials, double worst) {
        if (clock.seconds() < 1.0) return;
        progressed = true;
        std::cerr << "\rmonte carlo: " << with_commas(trials) << " deals, stderr " << fixed(100 * worst, 4) << "%   "
                  << std::flush;
      };
    const auto result = monte_carlo(deal, mc);
    if (progressed) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
    print_monte_carlo(players, deal, result, by_category, json, why);
    return 0;
  });
}

}  // namespace equity::cli
