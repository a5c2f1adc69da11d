#include "equity/calculate.hpp"

#include <tbb/info.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

#include "equity/cards.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/monte_carlo.hpp"
#include "equity/range.hpp"
#include "equity/range_equity.hpp"
#include "equity/table_equity.hpp"
#include "equity/table_location.hpp"

namespace equity {
namespace {

class Stopwatch {
public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

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
Player parse_player(const std::string& text, std::size_t index) {
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
      player.range = Range::parse(text, what);
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
};

Parsed parse_question(const Question& q) {
  if (q.game != Game::holdem) throw InputError("only Texas Hold'em is supported");
  if (q.players.size() < 2) throw InputError("at least 2 players, not " + std::to_string(q.players.size()));
  if (q.players.size() > static_cast<std::size_t>(kMaxPlayers))
    throw InputError("at most " + std::to_string(kMaxPlayers) + " players, not " + std::to_string(q.players.size()));
  Parsed parsed;
  std::vector<HoleCards> hands;
  for (std::size_t i = 0; i < q.players.size(); ++i) {
    parsed.players.push_back(parse_player(q.players[i], i));
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
  if (!(q.target_stderr >= 0) || !(q.max_seconds >= 0))
    throw InputError("Monte Carlo targets must be 0 (off) or above");
  const bool mc_targets = q.target_stderr > 0 || q.max_trials > 0 || q.max_seconds > 0;
  if (q.walk_every_board && (q.method == Method::monte_carlo || q.method == Method::table || mc_targets))
    throw InputError("the boards method is a way of enumerating exactly: it does not go with " +
                     std::string(q.method == Method::table ? "the preflop table" : "Monte Carlo"));
  if (mc_targets && (q.method == Method::exact || q.method == Method::table))
    throw InputError("a standard error, trial or time target is for Monte Carlo, not " +
                     std::string(method_name(q.method)) + " answers");
}

// ---- Running each method ------------------------------------------------------------------------

void fill_categories(PlayerAnswer& a, const CategoryCounts& made, const CategoryCounts& wins, const CategoryCounts& ties) {
  a.category = made;
  a.category_wins = wins;
  a.category_ties = ties;
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
    PlayerAnswer pa;
    pa.hand = players[p].label;
    pa.specific = players[p].specific;
    pa.combos = r.combos[p];
    pa.wins = pc.wins;
    pa.ties = pc.ties;
    pa.losses = pc.losses;
    pa.equity = r.equity(p);
    if (r.weighted) {
      pa.weighted_wins = pc.weighted_wins;
      pa.weighted_ties = pc.weighted_ties;
      pa.weighted_losses = pc.weighted_losses;
    }
    if (by_category) fill_categories(pa, pc.category, pc.category_wins, pc.category_ties);
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
    PlayerAnswer pa;
    pa.hand = players[p].label;
    pa.specific = players[p].specific;
    pa.combos = r.combos[p];
    pa.wins = mp.wins;
    pa.ties = mp.ties;
    pa.losses = mp.losses;
    pa.equity = mp.equity;
    pa.standard_error = mp.standard_error;
    pa.ci95 = std::array<double, 2>{mp.low, mp.high};
    if (by_category) fill_categories(pa, mp.category, mp.category_wins, mp.category_ties);
    a.players.push_back(std::move(pa));
  }
  return a;
}

Answer run_exact(const Question& q, const Parsed& parsed, const Stopwatch& clock) {
  ExactOptions options;
  options.walk_every_board = q.walk_every_board;
  options.by_category = q.by_category;
  options.cancel = q.cancel;
  if (q.progress)
    options.progress = [&](double done) { q.progress(Progress{Method::exact, done, 0, 0, clock.seconds()}); };
  Answer a = exact_answer(enumerate_ranges(parsed.deal, options), parsed.players, q.by_category);
  a.method = Method::exact;
  a.exact_method = q.walk_every_board ? "boards" : "grouped";
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

std::uint64_t random_seed() {
  std::random_device device;
  const std::uint64_t bits = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  return bits & kMaxSeed;
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
      q.progress(Progress{Method::monte_carlo, monte_carlo_fraction(mc, trials, worst, seconds), trials, worst, seconds});
    };
  return monte_carlo_answer(monte_carlo(parsed.deal, mc), parsed.players, q.by_category);
}

// The table's answer, or nullopt when the question is not one the table answers or no table is
// found. A bad table is an error when the table was asked for, else a warning and enumeration.
std::optional<Answer> try_table(const Question& q, const Parsed& parsed, std::vector<std::string>& warnings) {
  const bool forced = q.method == Method::table;
  if (!table_answers(parsed.deal)) {
    if (forced)
      throw InputError("the preflop table answers heads-up preflop questions of specific hands or whole classes "
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
    result = table_equity(*dir, parsed.deal);
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
  for (const auto& list : prep.combos) work.assignments *= static_cast<double>(list.size());
  work.symmetries = static_cast<int>(suit_symmetries(deal).size());
  work.showdowns = std::max(1.0, work.assignments / work.symmetries) * static_cast<double>(work.boards);
  return work;
}

std::string with_commas(double x) {
  std::string digits = std::to_string(static_cast<std::uint64_t>(std::llround(x)));
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

Answer answer(const Question& q, const Parsed& parsed, const Stopwatch& clock) {
  std::vector<std::string> warnings;
  const bool mc_targets = q.target_stderr > 0 || q.max_trials > 0 || q.max_seconds > 0;
  Method method = q.method;
  if (method == Method::automatic && (q.walk_every_board)) method = Method::exact;
  if (method == Method::automatic && mc_targets) method = Method::monte_carlo;
  if ((method == Method::automatic && q.use_table && !q.by_category) || method == Method::table) {
    if (auto a = try_table(q, parsed, warnings)) {
      a->warnings = std::move(warnings);
      return std::move(*a);
    }
  }
  std::string reason;
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
  return a;
}

}  // namespace

std::string_view method_name(Method method) {
  switch (method) {
    case Method::automatic: return "auto";
    case Method::table: return "table";
    case Method::exact: return "exact";
    case Method::monte_carlo: return "monte-carlo";
  }
  return "auto";
}

Method parse_method(std::string_view text) {
  for (Method m : {Method::automatic, Method::table, Method::exact, Method::monte_carlo})
    if (text == method_name(m)) return m;
  if (text == "mc") return Method::monte_carlo;
  throw InputError("method '" + std::string(text) + "': one of auto, table, exact, monte-carlo");
}

double exact_showdown_limit(int cards_to_come) {
  switch (cards_to_come) {
    case 0: return 1e6;
    case 1: return 4e7;
    case 2: return 3e8;
    default: return 6e9;
  }
}

ExactWork exact_work(const Question& question) { return work_of(parse_question(question).deal); }

Answer calculate(const Question& question) {
  check_options(question);
  const Stopwatch clock;
  const Parsed parsed = parse_question(question);
  Answer a;
  if (question.threads > 0) {
    // More threads than oneTBB's workers would only draw a warning from it; the numbers are the same.
    tbb::task_arena arena(std::min(question.threads, tbb::info::default_concurrency()));
    a = arena.execute([&] { return answer(question, parsed, clock); });
  } else {
    a = answer(question, parsed, clock);
  }
  a.game = question.game;
  a.board = to_string(parsed.deal.board);
  a.dead = to_string(parsed.deal.dead);
  a.seconds = clock.seconds();
  return a;
}

}  // namespace equity
