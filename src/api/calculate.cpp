// The executor: runs what plan() chose (plan.hpp) and assembles the one Answer.
#include "equity/calculate.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "count/monte_carlo.hpp"
#include "count/per_combo.hpp"
#include "detail/parallel.hpp"
#include "each_hand.hpp"
#include "engine.hpp"
#include "equity/cards.hpp"
#include "equity/detail/platform.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/plan.hpp"
#include "equity/range.hpp"
#include "equity/range_equity.hpp"
#include "equity/stopwatch.hpp"
#include "equity/table_equity.hpp"
#include "equity/three_way_table.hpp"
#include "player_answer.hpp"
#include "question.hpp"
#include "tables/table_cache.hpp"

namespace equity {
namespace {

using detail::ComboTask;
using detail::Parsed;
using detail::PlannedQuestion;
using detail::Player;

Answer exact_answer(const RangeEquityResult& r, const std::vector<Player>& players, bool by_category) {
  Answer a;
  a.boards = r.boards;
  a.assignments = r.assignments;
  a.weighted = r.weighted;
  a.orbits = r.orbits;
  a.symmetries = r.symmetries;
  for (std::size_t p = 0; p < r.players.size(); ++p) {
    const auto& pc = r.players[p];
    PlayerAnswer pa =
        detail::player_answer(players[p], r.combos[p], detail::tally_of(pc), {!r.weighted, false, by_category});
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
    PlayerAnswer pa = detail::player_answer(players[p], r.combos[p], detail::tally_of(mp), {false, false, by_category});
    pa.equity = mp.equity;
    pa.standard_error = mp.standard_error;
    pa.ci95 = std::array<double, 2>{mp.low, mp.high};
    a.players.push_back(std::move(pa));
  }
  return a;
}

Answer run_exact(const Question& q, const PlannedQuestion& s, ExactMethod plan_method, const Stopwatch& clock) {
  ExactOptions options;
  options.walk_every_board = q.exact_method == ExactMethod::boards;
  options.by_category = q.by_category;
  options.cancel = q.cancel;
  if (q.progress)
    options.progress = [&](double done) { q.progress(Progress{Method::exact, done, 0, 0, clock.seconds(), false}); };
  const bool showdowns = plan_method == ExactMethod::showdowns;
  if (detail::counts_side_pots(s, Method::exact, plan_method)) options.side_pots = detail::side_pots_of(q);
  const RangeEquityResult r =
      showdowns ? enumerate_showdowns(*s.prep, !s.serial) : enumerate_ranges(*s.prep, s.symmetries, options);
  Answer a = exact_answer(r, s.parsed.players, q.by_category);
  if (options.side_pots.count > 0) a.pot = detail::counted_side_pots(q, r);  // answer_pot() completes it
  a.method = Method::exact;
  a.exact_method = showdowns                  ? ExactMethod::showdowns
                   : options.walk_every_board ? ExactMethod::boards
                                              : ExactMethod::grouped;
  return a;
}

Answer run_monte_carlo(const Question& q, const PlannedQuestion& s, const Stopwatch& clock) {
  const MonteCarloOptions mc = detail::monte_carlo_options(q, clock);
  return monte_carlo_answer(monte_carlo(s.parsed.deal, *s.prep, mc), s.parsed.players, q.by_category);
}

// Heads-up on a board, by the sweep or by plain showdowns (the same counts, per combo).
EQUITY_QUESTION_PATH Answer run_heads_up(const Question& q, const PlannedQuestion& s, ExactMethod method) {
  const Parsed& parsed = s.parsed;
  const PreparedDeal& prep = *s.prep;
  auto per = method == ExactMethod::showdowns ? per_combo_showdowns(prep, !s.serial) : per_combo_heads_up(prep);
  Answer a;
  a.method = Method::exact;
  a.exact_method = method;
  a.boards = choose(kCards - prep.known.size() - 4, prep.cards_to_come);
  a.weighted = prep.weighted;
  for (std::size_t p = 0; p < 2; ++p) {
    ComboEquity sum;       // the combos' counts added up (share in kShareUnit)
    ComboEquity weighted;  // each combo's weighted counts times its weight
    for (const auto& c : per[p]) {
      sum.wins += c.wins;
      sum.ties += c.ties;
      sum.losses += c.losses;
      sum.share += c.share;
      weighted.weighted_wins += c.weight * c.weighted_wins;
      weighted.weighted_ties += c.weight * c.weighted_ties;
      weighted.weighted_share += c.weight * c.weighted_share;
      weighted.weighted_showdowns += c.weight * c.weighted_showdowns;
    }
    PlayerTally tally;
    tally.parts[0] = {sum.wins, sum.ties, sum.losses};
    tally.pot_units = sum.share * (kPotUnits / kShareUnit);
    PlayerAnswer pa =
        detail::player_answer(parsed.players[p], prep.combos[p].size(), tally, {!a.weighted, false, false});
    a.assignments = a.boards > 0 ? sum.showdowns() / a.boards : 0;
    // As RangeEquityResult::equity() computes it, so that both exact methods print the same digits.
    pa.equity = a.weighted ? weighted.equity()
                           : static_cast<double>(sum.share) /
                                 (static_cast<double>(kShareUnit) * static_cast<double>(a.assignments) *
                                  static_cast<double>(a.boards));
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

// The table's answer; nothing when the table turns out unusable (then the caller enumerates, with
// a warning) unless the table was asked for (then an error).
std::optional<Answer> read_table(const Question& q, const PlannedQuestion& s, std::vector<std::string>& warnings) {
  const bool forced = q.method == Method::table;
  std::optional<RangeEquityResult> result;
  try {
    result = s.parsed.deal.ranges.size() == 3
                 ? cached_three_way_equity(*s.table, s.parsed.deal)
                 : cached_table_equity(*s.table, s.parsed.deal);  // files read once per process
  } catch (const InputError& e) {
    if (forced) throw;
    warnings.push_back(std::string("the preflop table is unusable, so this was enumerated: ") + e.what());
    return std::nullopt;
  }
  if (!result) {
    if (forced) throw InputError("no preflop table in '" + s.table->string() + "'");
    return std::nullopt;
  }
  Answer a = exact_answer(*result, s.parsed.players, false);
  a.method = Method::table;
  a.table_dir = s.table->string();
  return a;
}

// ---- Per-combo equity ---------------------------------------------------------------------------

ComboEquity monte_carlo_combo(const RangeDeal& deal, const ComboTask& t, const Question& q, std::uint64_t seed) {
  MonteCarloOptions mc;
  mc.seed = seed ^ ((t.player * kCombos + static_cast<std::uint64_t>(t.combo.index) + 1) * 0x9e3779b97f4a7c15ULL);
  mc.target_stderr = q.per_combo_stderr;
  mc.cancel = q.cancel;
  const MonteCarloResult r = monte_carlo(detail::with_combo(deal, t.player, t.combo.index), mc);
  if (r.stopped_by == "cancelled") throw Cancelled();  // a combo's estimate cut short is not kept
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

// Each combo's own question by `solve` (the one per-combo loop, each_hand.hpp). The whole question
// was sound, so a combo whose own question is not (InputError) meets no opponent combo: no showdowns.
template <class Solve>
void each_combo(const Question& q, const std::vector<ComboTask>& tasks, Answer& a, const Stopwatch& clock,
                Solve solve) {
  detail::each_hand(q, tasks, a.per_combo_method, clock, a, [&](const ComboTask& t) {
    try {
      return solve(t);
    } catch (const InputError&) {
      ComboEquity none;
      none.combo = t.combo.index;
      none.weight = t.combo.weight;
      return none;
    }
  });
}

void fill_per_combo(const Plan& plan, const PlannedQuestion& s, Answer& a, const Stopwatch& clock) {
  const Question& q = s.question;
  const RangeDeal& deal = s.parsed.deal;
  if (a.per_combo_method != Method::automatic) {
    // Filled by the sweep that answered the question.
  } else if (plan.per_combo_method == Method::exact && s.combo_tasks.empty()) {
    auto both = per_combo_heads_up(*s.prep);
    a.per_combo_method = Method::exact;
    for (std::size_t p = 0; p < 2; ++p) a.players[p].per_combo = std::move(both[p]);
  } else if (plan.per_combo_method == Method::table) {
    a.per_combo_method = Method::table;
    auto both = per_combo_from_table(*s.table / "hands", deal);
    for (std::size_t p = 0; p < 2; ++p) a.players[p].per_combo = std::move(both[p]);
  } else if (plan.per_combo_method == Method::exact) {
    a.per_combo_method = Method::exact;
    each_combo(q, s.combo_tasks, a, clock, [&](const ComboTask& t) {
      const auto r = enumerate_ranges(detail::with_combo(deal, t.player, t.combo.index));
      return combo_equity_of(r, t.player, t.combo.index, t.combo.weight);
    });
  } else {
    a.per_combo_method = Method::monte_carlo;
    if (a.method != Method::monte_carlo) a.seed = q.seed ? *q.seed : random_seed();
    each_combo(q, s.combo_tasks, a, clock, [&](const ComboTask& t) { return monte_carlo_combo(deal, t, q, a.seed); });
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

// The answer of the plan's method, with per-combo equity when asked for.
EQUITY_QUESTION_PATH Answer answer_of_method(const Plan& plan, const Stopwatch& clock) {
  const PlannedQuestion& s = *plan.question;
  const Question& q = s.question;
  std::vector<std::string> warnings;
  Answer a;
  if (plan.method == Method::table) {
    auto table = read_table(q, s, warnings);
    if (!table) {  // unusable: enumerate as if there were no table
      Question without = q;
      without.use_table = false;
      a = answer_of_method(equity::plan(without), clock);
      a.warnings.insert(a.warnings.begin(), warnings.begin(), warnings.end());
      return a;
    }
    a = std::move(*table);
  } else if (plan.method == Method::exact && s.parsed.deal.ranges.size() == 2 &&
             (plan.exact_method == ExactMethod::sweep || plan.exact_method == ExactMethod::showdowns)) {
    a = run_heads_up(q, s, plan.exact_method);
  } else if (plan.method == Method::exact) {
    a = run_exact(q, s, plan.exact_method, clock);
  } else {
    a = run_monte_carlo(q, s, clock);
    // Only automatic says why it sampled.
    if (s.automatic) a.reason = plan.reason;
  }
  a.warnings = std::move(warnings);
  // A Monte Carlo run stopped by the user is answered as it stands, without per-combo equity.
  if ((q.per_combo || q.distribution) && a.stopped_by != "cancelled") fill_per_combo(plan, s, a, clock);
  return a;
}

}  // namespace

// Hold'em's engine's answer (engine.hpp): its method's, with what each range hits on the board.
EQUITY_QUESTION_PATH Answer detail::answer_holdem(const Plan& plan, const Stopwatch& clock) {
  Answer a = answer_of_method(plan, clock);
  const PlannedQuestion& s = *plan.question;
  if (s.question.hits) {
    CardSet dead;
    for (Card c : s.parsed.deal.dead) dead.insert(c);
    for (std::size_t p = 0; p < a.players.size(); ++p)
      a.players[p].hits = hit_table(board_hits(s.parsed.deal.ranges[p], s.parsed.deal.board, dead, s.parsed.deal.game));
  }
  return a;
}

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
    case ExactMethod::showdowns:
      return "showdowns";
  }
  return "auto";
}

ExactMethod parse_exact_method(std::string_view text) {
  for (ExactMethod m :
       {ExactMethod::automatic, ExactMethod::grouped, ExactMethod::boards, ExactMethod::sweep, ExactMethod::showdowns})
    if (text == exact_method_name(m)) return m;
  throw InputError("exact method '" + std::string(text) + "': one of auto, grouped, boards, sweep, showdowns");
}

EQUITY_QUESTION_PATH Answer calculate(const Plan& plan) {
  const Stopwatch clock;
  const PlannedQuestion& s = *plan.question;
  const Question& question = s.question;
  const detail::Engine& engine = detail::engine_of(question.game);  // the game's reader made the plan
  // Work planned to run on the calling thread needs no arena nor workers (starting them costs more
  // than it): its parallel loops run in order on this thread.
  Answer a = s.serial ? [&] {
    const detail::SerialScope serial;
    return engine.answer(plan, clock);
  }()
                      : detail::with_threads(question.threads, [&] { return engine.answer(plan, clock); });
  if (detail::asks_pot(question)) {
    a.pot = detail::answer_pot(s, a);
    if (!question.board2.empty()) a.pot = detail::two_board_pot(s, *a.pot);
  }
  if (detail::asks_runouts(question)) a.runouts = detail::answer_runouts(s);
  a.warnings.insert(a.warnings.begin(), s.parsed.warnings.begin(), s.parsed.warnings.end());
  a.game = question.game;
  a.board = to_string(s.parsed.deal.board);
  a.dead = to_string(s.parsed.deal.dead);
  a.seconds = clock.seconds();
  return a;
}

EQUITY_QUESTION_PATH Answer calculate(const Question& question) {
  const Stopwatch clock;
  Answer a = calculate(plan(question));
  a.seconds = clock.seconds();  // planning included, as before the planner had its own call
  return a;
}

}  // namespace equity
