#include "equity/calculate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <random>

#include "equity/cards.hpp"
#include "equity/detail/parallel.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/hand_order.hpp"
#include "equity/monte_carlo.hpp"
#include "equity/per_combo.hpp"
#include "equity/preflop_table.hpp"
#include "equity/range.hpp"
#include "equity/range_equity.hpp"
#include "equity/stopwatch.hpp"
#include "equity/table_cache.hpp"
#include "equity/table_equity.hpp"
#include "equity/table_location.hpp"

namespace equity {
namespace {

// Four or more characters without any range syntax ("AsXc", "AsAcKd"): meant as specific cards.
bool looks_like_cards(std::string_view text) {
  std::size_t letters = 0;
  for (char c : text) {
    if (std::string_view("+-,:@*%[]").find(c) != std::string_view::npos) return false;
    if (c != ' ') ++letters;
  }
  return letters >= 4 && text != "random";
}

struct Player {
  std::string label;
  Range range;
  bool specific = false;
};

// A hand keeps its spelling and its messages; anything else is a range.
Player parse_player(const std::string& text, std::size_t index, std::string_view order,
                    std::vector<std::string>& warnings) {
  const std::string what = "player " + std::to_string(index + 1);
  Player player;
  try {
    const HoleCards cards = parse_hole_cards(text, what);
    player.label = cards[0].str() + cards[1].str();
    player.range.set(combo_index(cards[0], cards[1]), 1.0);
    player.specific = true;
    return player;
  } catch (const InputError& card_error) {
    try {
      player.range = Range::parse(text, what, &warnings, order);
    } catch (const InputError&) {
      if (looks_like_cards(text)) throw card_error;  // meant as cards: say why they are wrong
      throw;
    }
  }
  player.label = player.range.str();
  return player;
}

struct Parsed {
  std::vector<Player> players;
  RangeDeal deal;
  std::vector<std::string> warnings;  // from reading the ranges
};

Parsed parse_question(const Question& q) {
  if (q.game != Game::holdem) throw InputError("only Texas Hold'em is supported");
  if (q.players.size() < 2) throw InputError("at least 2 players, not " + std::to_string(q.players.size()));
  if (q.players.size() > static_cast<std::size_t>(kMaxPlayers))
    throw InputError("at most " + std::to_string(kMaxPlayers) + " players, not " + std::to_string(q.players.size()));
  (void)hand_order(q.order);  // an unknown ordering is an error even when no range uses it
  Parsed parsed;
  std::vector<HoleCards> hands;
  for (std::size_t i = 0; i < q.players.size(); ++i) {
    parsed.players.push_back(parse_player(q.players[i], i, q.order, parsed.warnings));
    parsed.deal.ranges.push_back(parsed.players.back().range);
    if (parsed.players.back().specific) {
      const auto c = parsed.players.back().range.combos();
      hands.push_back({c[0].cards[0], c[0].cards[1]});
    }
  }
  parsed.deal.board = parse_cards(q.board, "board");
  parsed.deal.dead = parse_cards(q.dead, "dead cards");
  if (hands.size() == q.players.size()) validate(Deal{hands, parsed.deal.board, parsed.deal.dead});
  return parsed;
}

void check_options(const Question& q) {
  if (q.threads < 0) throw InputError("threads: must be 0 (all cores) or more, not " + std::to_string(q.threads));
  if (q.seed && *q.seed > kMaxSeed)
    throw InputError("seed: at most 2^53 - 1 = 9007199254740991, not " + std::to_string(*q.seed));
  if (q.per_combo && !(q.per_combo_stderr > 0 && q.per_combo_stderr < 1))
    throw InputError("per-combo standard error: above 0 and below 1");
  if (!(q.target_stderr >= 0) || !(q.max_seconds >= 0))
    throw InputError("Monte Carlo targets must be 0 (off) or above");
  const bool mc_targets = q.target_stderr > 0 || q.max_trials > 0 || q.max_seconds > 0;
  if (q.exact_method != ExactMethod::automatic &&
      (q.method == Method::monte_carlo || q.method == Method::table || mc_targets))
    throw InputError("the " + std::string(exact_method_name(q.exact_method)) +
                     " method is a way of enumerating exactly: it does not go with " +
                     std::string(q.method == Method::table ? "the preflop table" : "Monte Carlo"));
  if (mc_targets && (q.method == Method::exact || q.method == Method::table))
    throw InputError("a standard error, trial or time target is for Monte Carlo, not " +
                     std::string(method_name(q.method)) + " answers");
}

// ---- Running each method ------------------------------------------------------------------------

// What every method says of a player: who, how many combos, the counts and the categories.
template <class Counts>
PlayerAnswer player_answer(const Player& player, std::size_t combos, const Counts& counts, bool by_category) {
  PlayerAnswer pa;
  pa.hand = player.label;
  pa.specific = player.specific;
  pa.combos = combos;
  pa.wins = counts.wins;
  pa.ties = counts.ties;
  pa.losses = counts.losses;
  if (by_category) {
    pa.category = counts.category;
    pa.category_wins = counts.category_wins;
    pa.category_ties = counts.category_ties;
  }
  return pa;
}

Answer exact_answer(const RangeEquityResult& r, const std::vector<Player>& players, bool by_category) {
  Answer a;
  a.boards = r.boards;
  a.assignments = r.assignments;
  a.weighted = r.weighted;
  a.orbits = r.orbits;
  a.symmetries = r.symmetries;
  for (std::size_t p = 0; p < r.players.size(); ++p) {
    const auto& pc = r.players[p];
    PlayerAnswer pa = player_answer(players[p], r.combos[p], pc, by_category);
    pa.equity = r.equity(p);
    if (r.weighted) {
      pa.weighted_wins = pc.weighted_wins;
      pa.weighted_ties = pc.weighted_ties;
      pa.weighted_losses = pc.weighted_losses;
    }
    a.players.push_back(std::move(pa));
  }
  return a;
}

Answer monte_carlo_answer(const MonteCarloResult& r, const std::vector<Player>& players, bool by_category) {
  Answer a;
  a.method = Method::monte_carlo;
  a.trials = r.trials;
  a.rejected = r.rejected;
  a.seed = r.seed;
  a.deals_per_board = r.deals_per_board;
  a.stopped_by = r.stopped_by;
  for (std::size_t p = 0; p < r.players.size(); ++p) {
    const auto& mp = r.players[p];
    PlayerAnswer pa = player_answer(players[p], r.combos[p], mp, by_category);
    pa.equity = mp.equity;
    pa.standard_error = mp.standard_error;
    pa.ci95 = std::array<double, 2>{mp.low, mp.high};
    a.players.push_back(std::move(pa));
  }
  return a;
}

Answer run_exact(const Question& q, const Parsed& parsed, const Stopwatch& clock) {
  ExactOptions options;
  options.walk_every_board = q.exact_method == ExactMethod::boards;
  options.by_category = q.by_category;
  options.cancel = q.cancel;
  if (q.progress)
    options.progress = [&](double done) { q.progress(Progress{Method::exact, done, 0, 0, clock.seconds()}); };
  Answer a = exact_answer(enumerate_ranges(parsed.deal, options), parsed.players, q.by_category);
  a.method = Method::exact;
  a.exact_method = options.walk_every_board ? ExactMethod::boards : ExactMethod::grouped;
  return a;
}

// How far a Monte Carlo run is towards its first stopping rule.
double monte_carlo_fraction(const MonteCarloOptions& mc, std::uint64_t trials, double worst, double seconds) {
  double done = 0;
  if (mc.max_trials > 0) done = std::max(done, static_cast<double>(trials) / static_cast<double>(mc.max_trials));
  if (mc.max_seconds > 0) done = std::max(done, seconds / mc.max_seconds);
  if (mc.target_stderr > 0 && worst > 0) done = std::max(done, std::pow(mc.target_stderr / worst, 2));
  return std::min(done, 1.0);
}

Answer run_monte_carlo(const Question& q, const Parsed& parsed, const Stopwatch& clock) {
  MonteCarloOptions mc;
  mc.seed = q.seed ? *q.seed : random_seed();
  mc.target_stderr = q.target_stderr;
  mc.max_trials = q.max_trials;
  mc.max_seconds = q.max_seconds;
  if (mc.target_stderr <= 0 && mc.max_trials == 0 && mc.max_seconds <= 0) mc.target_stderr = kDefaultStderr;
  mc.by_category = q.by_category;
  mc.cancel = q.cancel;
  if (q.progress)
    mc.progress = [&](std::uint64_t trials, double worst) {
      const double seconds = clock.seconds();
      q.progress(
          Progress{Method::monte_carlo, monte_carlo_fraction(mc, trials, worst, seconds), trials, worst, seconds});
    };
  return monte_carlo_answer(monte_carlo(parsed.deal, mc), parsed.players, q.by_category);
}

// Heads-up ranges on a known board are answered exactly by the sweep of per_combo.hpp (at most
// 1,176 boards x 1,326 combos evaluated, whatever the ranges), with every combo's counts besides.
bool sweep_applies(const Question& q, const Parsed& parsed) {
  return parsed.deal.ranges.size() == 2 && !parsed.deal.board.empty() && !q.by_category;
}

bool sweep_answers(const Question& q, const Parsed& parsed) {
  if (q.exact_method == ExactMethod::sweep) {
    if (!sweep_applies(q, parsed))
      throw InputError(
          "the sweep method is for two players on a known board of 3, 4 or 5 cards, without --by-category");
    return true;
  }
  return q.exact_method == ExactMethod::automatic && sweep_applies(q, parsed) &&
         !(parsed.players[0].specific && parsed.players[1].specific);
}

Answer run_sweep(const Question& q, const Parsed& parsed) {
  const PreparedDeal prep = prepare(parsed.deal);
  auto per = per_combo_heads_up(prep);
  Answer a;
  a.method = Method::exact;
  a.exact_method = ExactMethod::sweep;
  a.boards = choose(kCards - prep.known.size() - 4, prep.cards_to_come);
  a.weighted = prep.weighted;
  for (std::size_t p = 0; p < 2; ++p) {
    PlayerAnswer pa;
    pa.hand = parsed.players[p].label;
    pa.specific = parsed.players[p].specific;
    pa.combos = prep.combos[p].size();
    std::uint64_t share = 0;
    ComboEquity weighted;  // each combo's weighted counts times its weight
    for (const auto& c : per[p]) {
      pa.wins += c.wins;
      pa.ties += c.ties;
      pa.losses += c.losses;
      share += c.share;
      weighted.weighted_wins += c.weight * c.weighted_wins;
      weighted.weighted_ties += c.weight * c.weighted_ties;
      weighted.weighted_share += c.weight * c.weighted_share;
      weighted.weighted_showdowns += c.weight * c.weighted_showdowns;
    }
    const std::uint64_t showdowns = pa.wins + pa.ties + pa.losses;
    a.assignments = a.boards > 0 ? showdowns / a.boards : 0;
    // As RangeEquityResult::equity() computes it, so that both exact methods print the same digits.
    pa.equity = a.weighted
                    ? weighted.equity()
                    : static_cast<double>(share) / (static_cast<double>(kShareUnit) *
                                                    static_cast<double>(a.assignments) * static_cast<double>(a.boards));
    if (a.weighted) {
      pa.weighted_wins = weighted.weighted_wins;
      pa.weighted_ties = weighted.weighted_ties;
      pa.weighted_losses = weighted.weighted_showdowns - weighted.weighted_wins - weighted.weighted_ties;
    }
    if (q.per_combo || q.distribution) pa.per_combo = std::move(per[p]);
    a.players.push_back(std::move(pa));
  }
  if (q.per_combo || q.distribution) a.per_combo_method = Method::exact;
  return a;
}

// The table's answer, or nullopt when the question is not one the table answers or no table is
// found. A bad table is an error when the table was asked for, else a warning and enumeration.
std::optional<Answer> try_table(const Question& q, const Parsed& parsed, std::vector<std::string>& warnings) {
  const bool forced = q.method == Method::table;
  if (!table_answers(parsed.deal)) {
    if (forced)
      throw InputError(
          "the preflop table answers heads-up preflop questions of specific hands or whole classes "
          "(no board, no dead cards, one weight per class)");
    return std::nullopt;
  }
  const auto dir = find_table(q.table_dir);
  if (!dir) {
    if (forced) throw InputError("no preflop table found (give its directory, or set EQUITY_RESULTS)");
    return std::nullopt;
  }
  std::optional<RangeEquityResult> result;
  try {
    result = cached_table_equity(*dir, parsed.deal);  // files read once per process
  } catch (const InputError& e) {
    if (forced) throw;
    warnings.push_back(std::string("the preflop table is unusable, so this was enumerated: ") + e.what());
    return std::nullopt;
  }
  if (!result) {
    if (forced) throw InputError("no preflop table in '" + dir->string() + "'");
    return std::nullopt;
  }
  Answer a = exact_answer(*result, parsed.players, false);
  a.method = Method::table;
  a.table_dir = dir->string();
  return a;
}

ExactWork work_of(const RangeDeal& deal) {
  const PreparedDeal prep = prepare(deal);
  ExactWork work;
  work.cards_to_come = prep.cards_to_come;
  const int deck = kCards - prep.known.size() - 2 * static_cast<int>(prep.combos.size());
  work.boards = choose(deck, prep.cards_to_come);
  work.assignments = 1;
  for (const auto& list : prep.combos) {
    work.assignments *= static_cast<double>(list.size());
    work.combos += static_cast<double>(list.size());
  }
  work.symmetries = static_cast<int>(suit_symmetries(deal).size());
  work.showdowns = std::max(1.0, work.assignments / work.symmetries) * static_cast<double>(work.boards);
  work.enumerable = exact_enumeration_fits(work.assignments, work.boards, static_cast<std::size_t>(work.symmetries));
  return work;
}

// 133,161,553,270,746; past 10^15 in powers of ten ("1.7e+31"), which no 64-bit count reaches.
std::string with_commas(double x) {
  if (x >= 1e15) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2g", x);
    return text;
  }
  std::string digits = std::to_string(static_cast<std::uint64_t>(std::llround(x)));
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// ---- Per-combo equity ---------------------------------------------------------------------------

// The deal with player p holding one combo, at weight 1.
RangeDeal with_combo(const RangeDeal& deal, std::size_t p, int combo) {
  RangeDeal d = deal;
  d.ranges[p] = Range();
  d.ranges[p].set(combo, 1.0);
  return d;
}

struct ComboTask {
  std::size_t player = 0;
  WeightedCombo combo;
};

// The showdowns of one combo's question; 0 for a combo that meets no opponent combo.
double combo_work(const RangeDeal& deal, const ComboTask& t) {
  try {
    return work_of(with_combo(deal, t.player, t.combo.index)).showdowns;
  } catch (const InputError&) {
    return 0;
  }
}

ComboEquity monte_carlo_combo(const RangeDeal& deal, const ComboTask& t, const Question& q, std::uint64_t seed) {
  MonteCarloOptions mc;
  mc.seed = seed ^ ((t.player * kCombos + static_cast<std::uint64_t>(t.combo.index) + 1) * 0x9e3779b97f4a7c15ULL);
  mc.target_stderr = q.per_combo_stderr;
  mc.cancel = q.cancel;
  const MonteCarloResult r = monte_carlo(with_combo(deal, t.player, t.combo.index), mc);
  const MonteCarloPlayer& mp = r.players[t.player];
  ComboEquity c;
  c.combo = t.combo.index;
  c.weight = t.combo.weight;
  c.wins = mp.wins;
  c.ties = mp.ties;
  c.losses = mp.losses;
  c.share = mp.share;
  c.weighted_showdowns = static_cast<double>(r.trials);
  c.weighted_wins = static_cast<double>(mp.wins);
  c.weighted_ties = static_cast<double>(mp.ties);
  c.weighted_share = mp.equity * c.weighted_showdowns;
  c.standard_error = mp.standard_error;
  return c;
}

// Each combo's own question, solved by `solve`, in parallel over the combos (each result in its
// own slot, so the order of work does not matter), with progress and cancellation between combos.
template <class Solve>
void each_combo(const Question& q, const std::vector<ComboTask>& tasks, Answer& a, const Stopwatch& clock,
                Solve solve) {
  std::vector<ComboEquity> results(tasks.size());
  std::mutex progress_mutex;
  std::size_t done = 0;
  detail::parallel_for(std::size_t{0}, tasks.size(), [&](std::size_t i) {
    if (q.cancel && q.cancel->load()) throw Cancelled();
    try {
      results[i] = solve(tasks[i]);
    } catch (const InputError&) {
      // The whole question was sound, so this combo alone meets no opponent combo: no showdowns.
      results[i] = ComboEquity{};
      results[i].combo = tasks[i].combo.index;
      results[i].weight = tasks[i].combo.weight;
    }
    if (q.progress) {
      const std::lock_guard lock(progress_mutex);
      ++done;
      q.progress(Progress{a.per_combo_method, static_cast<double>(done) / static_cast<double>(tasks.size()), 0, 0,
                          clock.seconds()});
    }
  });
  for (std::size_t i = 0; i < tasks.size(); ++i) a.players[tasks[i].player].per_combo.push_back(results[i]);
}

void fill_per_combo(const Question& q, const Parsed& parsed, Answer& a, const Stopwatch& clock) {
  const RangeDeal& deal = parsed.deal;
  if (a.per_combo_method != Method::automatic) {
    // Filled by the sweep that answered the question.
  } else if (deal.ranges.size() == 2 && !deal.board.empty() && q.method != Method::monte_carlo) {
    auto both = per_combo_heads_up(deal);
    a.per_combo_method = Method::exact;
    for (std::size_t p = 0; p < 2; ++p) a.players[p].per_combo = std::move(both[p]);
  } else {
    const PreparedDeal prep = prepare(deal);
    std::vector<ComboTask> tasks;
    double showdowns = 0;
    for (std::size_t p = 0; p < prep.combos.size(); ++p)
      for (const auto& c : prep.combos[p]) tasks.push_back({p, c});
    std::optional<std::filesystem::path> dir;
    if (q.use_table && q.method != Method::exact && q.method != Method::monte_carlo && deal.ranges.size() == 2 &&
        deal.board.empty() && deal.dead.empty())
      dir = find_table(q.table_dir);
    if (!dir && q.method != Method::monte_carlo)
      for (const auto& t : tasks) showdowns += combo_work(deal, t);
    if (dir) {
      a.per_combo_method = Method::table;
      auto both = per_combo_from_table(*dir / "hands", deal);
      for (std::size_t p = 0; p < 2; ++p) a.players[p].per_combo = std::move(both[p]);
    } else if (q.method != Method::monte_carlo && showdowns <= exact_showdown_limit(prep.cards_to_come)) {
      a.per_combo_method = Method::exact;
      each_combo(q, tasks, a, clock, [&](const ComboTask& t) {
        const auto r = enumerate_ranges(with_combo(deal, t.player, t.combo.index));
        return combo_equity_of(r, t.player, t.combo.index, t.combo.weight);
      });
    } else {
      a.per_combo_method = Method::monte_carlo;
      if (a.method != Method::monte_carlo) a.seed = q.seed ? *q.seed : random_seed();
      each_combo(q, tasks, a, clock, [&](const ComboTask& t) { return monte_carlo_combo(deal, t, q, a.seed); });
    }
  }
  for (auto& player : a.players) {
    if (q.distribution) player.distribution = equity_distribution(player.per_combo);
    if (q.per_combo) {
      player.per_class = per_class(player.per_combo);
    } else {
      player.per_combo.clear();  // only the distribution was asked for (per_combo_method says how it was found)
    }
  }
}

Answer answer(const Question& q, const Parsed& parsed, const Stopwatch& clock) {
  std::vector<std::string> warnings;
  const bool mc_targets = q.target_stderr > 0 || q.max_trials > 0 || q.max_seconds > 0;
  Method method = q.method;
  if (method == Method::automatic && q.exact_method != ExactMethod::automatic) method = Method::exact;
  if (method == Method::automatic && mc_targets) method = Method::monte_carlo;
  if ((method == Method::automatic && q.use_table && !q.by_category) || method == Method::table) {
    if (auto a = try_table(q, parsed, warnings)) {
      a->warnings = std::move(warnings);
      if (q.per_combo || q.distribution) fill_per_combo(q, parsed, *a, clock);
      return std::move(*a);
    }
  }
  std::string reason;
  if ((method == Method::automatic || method == Method::exact) && sweep_answers(q, parsed)) {
    Answer a = run_sweep(q, parsed);
    a.warnings = std::move(warnings);
    if (q.per_combo || q.distribution) fill_per_combo(q, parsed, a, clock);
    return a;
  }
  if (method == Method::automatic) {
    const ExactWork work = work_of(parsed.deal);
    const double limit = exact_showdown_limit(work.cards_to_come);
    method = work.showdowns <= limit ? Method::exact : Method::monte_carlo;
    if (method == Method::monte_carlo)
      reason = "exact would enumerate about " + with_commas(work.showdowns) + " showdowns, more than the " +
               with_commas(limit) + " enumerated automatically" +
               (work.cards_to_come == 5   ? " preflop"
                : work.cards_to_come == 2 ? " on a flop"
                : work.cards_to_come == 1 ? " on a turn"
                                          : " on a river");
  }
  Answer a = method == Method::exact ? run_exact(q, parsed, clock) : run_monte_carlo(q, parsed, clock);
  a.reason = std::move(reason);
  a.warnings = std::move(warnings);
  if (q.per_combo || q.distribution) fill_per_combo(q, parsed, a, clock);
  return a;
}

}  // namespace

std::uint64_t random_seed() {
  std::random_device device;
  const std::uint64_t bits = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  return bits & kMaxSeed;
}

std::string_view method_name(Method method) {
  switch (method) {
    case Method::automatic:
      return "auto";
    case Method::table:
      return "table";
    case Method::exact:
      return "exact";
    case Method::monte_carlo:
      return "monte-carlo";
  }
  return "auto";
}

Method parse_method(std::string_view text) {
  for (Method m : {Method::automatic, Method::table, Method::exact, Method::monte_carlo})
    if (text == method_name(m)) return m;
  if (text == "mc") return Method::monte_carlo;
  throw InputError("method '" + std::string(text) + "': one of auto, table, exact, monte-carlo");
}

std::string_view exact_method_name(ExactMethod method) {
  switch (method) {
    case ExactMethod::automatic:
      return "auto";
    case ExactMethod::grouped:
      return "grouped";
    case ExactMethod::boards:
      return "boards";
    case ExactMethod::sweep:
      return "sweep";
  }
  return "auto";
}

ExactMethod parse_exact_method(std::string_view text) {
  for (ExactMethod m : {ExactMethod::automatic, ExactMethod::grouped, ExactMethod::boards, ExactMethod::sweep})
    if (text == exact_method_name(m)) return m;
  throw InputError("exact method '" + std::string(text) + "': one of auto, grouped, boards, sweep");
}

double exact_showdown_limit(int cards_to_come) {
  switch (cards_to_come) {
    case 0:
      return 1e6;
    case 1:
      return 4e7;
    case 2:
      return 3e8;
    default:
      return 6e9;
  }
}

ExactWork exact_work(const Question& question) {
  const Parsed parsed = parse_question(question);
  ExactWork work = work_of(parsed.deal);
  work.sweep = sweep_answers(question, parsed);
  work.enumerable = work.enumerable || work.sweep;
  return work;
}

Answer calculate(const Question& question) {
  check_options(question);
  if (question.hits && (question.board.empty() || parse_cards(question.board, "board").empty()))
    throw InputError("hits: what a range hits needs a board of 3, 4 or 5 cards");
  const Stopwatch clock;
  const Parsed parsed = parse_question(question);
  Answer a = detail::with_threads(question.threads, [&] { return answer(question, parsed, clock); });
  if (question.hits) {
    CardSet dead;
    for (Card c : parsed.deal.dead) dead.insert(c);
    for (std::size_t p = 0; p < a.players.size(); ++p)
      a.players[p].hits = board_hits(parsed.deal.ranges[p], parsed.deal.board, dead);
  }
  a.warnings.insert(a.warnings.begin(), parsed.warnings.begin(), parsed.warnings.end());
  a.game = question.game;
  a.board = to_string(parsed.deal.board);
  a.dead = to_string(parsed.deal.dead);
  a.seconds = clock.seconds();
  return a;
}

}  // namespace equity
