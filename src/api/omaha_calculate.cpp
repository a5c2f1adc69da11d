// The Omaha games through the one call (omaha_calculate.hpp): the question read in Omaha's terms,
// the method chosen by counting work, and the answer with its Hi/Lo counts.
#include "omaha_calculate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "equity/deal.hpp"
#include "equity/error.hpp"
#include "equity/omaha_enumeration.hpp"
#include "equity/omaha_equity.hpp"
#include "equity/quote.hpp"
#include "question.hpp"

namespace equity::detail {
namespace {

// A hand of the wrong size is named as such ("player 1: 'AsKsQhJh9c' has 5 cards; an omaha hand
// has 4"); anything else is read as a range of the game's hands.
OmahaRange read_player(const std::string& text, std::size_t index, Game game, std::vector<std::string>& warnings) {
  const std::string what = player_name(index);
  const GameRules& rules = game_rules(game);
  std::optional<std::vector<Card>> cards;
  try {
    cards = parse_cards(text, what);
  } catch (const InputError&) {
    // not cards alone: a range, or bad input the range reader names
  }
  if (cards && !cards->empty() && static_cast<int>(cards->size()) != rules.hole_cards)
    throw InputError(what + ": " + quote_input(text) + " has " + std::to_string(cards->size()) +
                     (cards->size() == 1 ? " card" : " cards") + "; an " + std::string(rules.name) + " hand has " +
                     std::to_string(rules.hole_cards));
  return OmahaRange::parse(text, rules.hole_cards, what, &warnings);
}

// What Omaha does not answer yet, named with the option and the game.
void check_omaha_options(const Question& q) {
  const std::string game(game_name(q.game));
  auto refuse = [&](const char* option) {
    throw InputError(std::string(option) + ": not available for " + game + " yet");
  };
  if (q.per_combo) refuse("per-combo equity (--per-combo)");
  if (q.distribution) refuse("the equity distribution (--distribution)");
  if (q.hits) refuse("what a range hits (--hits)");
  if (q.method == Method::table) throw InputError("no preflop table for " + game);
  if (q.exact_method != ExactMethod::automatic && q.exact_method != ExactMethod::boards &&
      q.exact_method != ExactMethod::sweep)
    throw InputError("the " + std::string(exact_method_name(q.exact_method)) + " method is Hold'em's: " + game +
                     " is enumerated board by board (boards) or, two players of four-card hands, by a sweep (sweep)");
}

Method asked_method(const Question& q) {
  const bool targets = q.target_stderr > 0 || q.max_trials > 0 || q.max_seconds > 0;
  if (q.method == Method::automatic && q.exact_method != ExactMethod::automatic) return Method::exact;
  if (q.method == Method::automatic && targets) return Method::monte_carlo;
  return q.method;
}

// 133,161,553,270,746; past 10^15 in powers of ten.
std::string with_commas(double x) {
  if (x >= 1e15) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2g", x);
    return text;
  }
  const std::string digits = std::to_string(static_cast<std::uint64_t>(std::llround(x)));
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string street(int cards_to_come) {
  return cards_to_come == 5   ? "preflop"
         : cards_to_come == 2 ? "on a flop"
         : cards_to_come == 1 ? "on a turn"
                              : "on a river";
}

bool all_specific(const OmahaPrepared& prep) {
  for (std::size_t p = 0; p < prep.players(); ++p)
    if (prep.random[p] || prep.combos[p].size() != 1 || !prep.known.intersects(prep.combos[p][0].cards)) return false;
  return true;
}

// The reason automatic gives for its choice.
std::string automatic_reason(const OmahaWork& w, bool exact, bool sweep) {
  const double limit = exact_showdown_limit(w.cards_to_come);
  std::string out;
  if (sweep) {
    out = "the sweep would score about " + with_commas(w.evaluations);
    out += exact ? " Omaha hands, within the " : " Omaha hands, more than the ";
    out += with_commas(kOmahaEvaluationLimit);
    out += exact ? " enumerated automatically " : " scored automatically ";
  } else if (exact) {
    out = "about " + with_commas(w.showdowns);
    out += " showdowns and " + with_commas(w.evaluations);
    out += " hands to score, within the " + with_commas(limit);
    out += " and " + with_commas(kOmahaEvaluationLimit);
    out += " enumerated automatically ";
  } else if (w.showdowns > limit) {
    out = "exact would enumerate about " + with_commas(w.showdowns);
    out += " showdowns, more than the " + with_commas(limit);
    out += " enumerated automatically ";
  } else {
    out = "exact would score about " + with_commas(w.evaluations);
    out += " Omaha hands, more than the " + with_commas(kOmahaEvaluationLimit);
    out += " scored automatically ";
  }
  out += street(w.cards_to_come);
  return out;
}

// ---- The answer ---------------------------------------------------------------------------------

PlayerAnswer player_answer(const Player& player, double hands, const OmahaPlayerCounts& c, bool hi_lo) {
  PlayerAnswer pa;
  pa.hand = player.label;
  pa.specific = player.specific;
  pa.combos = static_cast<std::uint64_t>(hands);
  pa.wins = c.wins;
  pa.ties = c.ties;
  pa.losses = c.losses;
  pa.pot_units = c.pot_units;
  if (hi_lo) {
    pa.scoops = c.scoops;
    pa.low_wins = c.low_wins;
    pa.low_ties = c.low_ties;
    pa.lows = c.lows;
  }
  return pa;
}

double share(std::uint64_t units, std::uint64_t showdowns) {
  return showdowns == 0
             ? 0.0
             : static_cast<double>(units) / (static_cast<double>(kPotUnits) * static_cast<double>(showdowns));
}

// The players' answers from a tally (categories from it with by_category, weights when weighted).
void fill_players(const PlannedQuestion& s, const OmahaTally& t, bool weighted, Answer& a) {
  const OmahaPrepared& prep = *s.omaha;
  for (std::size_t p = 0; p < prep.players(); ++p) {
    const OmahaPlayerCounts& c = t.counts.players[p];
    PlayerAnswer pa = player_answer(s.parsed.players[p], prep.hands[p], c, prep.hi_lo);
    pa.equity = weighted ? t.equity(p) : share(c.pot_units, t.counts.showdowns);
    if (weighted) {
      pa.weighted_wins = t.weighted_wins[p];
      pa.weighted_ties = t.weighted_ties[p];
      pa.weighted_losses = t.weight - t.weighted_wins[p] - t.weighted_ties[p];
    }
    if (s.question.by_category) {
      pa.category = c.categories;
      pa.category_wins = t.category_wins[p];
      pa.category_ties = t.category_ties[p];
    }
    a.players.push_back(std::move(pa));
  }
}

Answer run_exact(const Plan& plan, const PlannedQuestion& s, const Stopwatch& clock) {
  const Question& q = s.question;
  const OmahaPrepared& prep = *s.omaha;
  Answer a;
  a.method = Method::exact;
  a.boards = plan.work.boards;
  a.weighted = prep.weighted;
  a.exact_method = plan.exact_method;
  if (plan.exact_method == ExactMethod::boards && all_specific(prep) && !q.by_category) {
    // One assignment: the enumeration of omaha_enumeration.hpp.
    std::vector<CardSet> holes;
    for (const auto& list : prep.combos) holes.push_back(list[0].cards);
    const OmahaCounts counts = enumerate_omaha(holes, prep.board, prep.dead, prep.hi_lo);
    OmahaTally t(prep.players());
    t.counts = counts;
    fill_players(s, t, false, a);
    a.assignments = 1;
  } else {
    OmahaExactOptions options;
    options.method = plan.exact_method == ExactMethod::sweep ? OmahaExactMethod::sweep : OmahaExactMethod::walk;
    options.cancel = q.cancel;
    if (q.progress)
      options.progress = [&](double done) { q.progress(Progress{Method::exact, done, 0, 0, clock.seconds(), false}); };
    const OmahaTally t = omaha_ranges_exact(prep, options);
    fill_players(s, t, prep.weighted, a);
    a.assignments = a.boards > 0 ? t.counts.showdowns / a.boards : 0;
  }
  a.orbits = a.assignments;  // no suit symmetry is used
  return a;
}

Answer run_monte_carlo(const Plan& plan, const PlannedQuestion& s, const Stopwatch& clock) {
  const MonteCarloOptions mc = monte_carlo_options(s.question, clock);
  const OmahaMonteCarloResult r = omaha_monte_carlo(*s.omaha, mc);
  Answer a;
  a.method = Method::monte_carlo;
  a.trials = r.trials;
  a.rejected = r.rejected;
  a.seed = r.seed;
  a.stopped_by = r.stopped_by;
  fill_players(s, r.tally, false, a);
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    PlayerAnswer& pa = a.players[p];
    pa.standard_error = r.standard_error[p];
    pa.ci95 = std::array<double, 2>{std::max(0.0, pa.equity - 1.96 * r.standard_error[p]),
                                    std::min(1.0, pa.equity + 1.96 * r.standard_error[p])};
  }
  if (s.automatic) a.reason = plan.reason;  // only automatic says why it sampled
  return a;
}

}  // namespace

Plan plan_omaha(const Question& question) {
  check_omaha_options(question);
  auto s = std::make_shared<PlannedQuestion>();
  s->question = question;
  const Question& q = s->question;
  check_players(q.players.size());
  OmahaDeal deal;
  deal.game = q.game;
  for (std::size_t i = 0; i < q.players.size(); ++i) {
    const OmahaRange range = read_player(q.players[i], i, q.game, s->parsed.warnings);
    Player player;
    player.specific = range.specific();
    player.label = range.specific() ? range.hand().str() : range.str();
    s->parsed.players.push_back(std::move(player));
    deal.ranges.push_back(range);
  }
  deal.board = parse_cards(q.board, "board");
  deal.dead = parse_cards(q.dead, "dead cards");
  s->parsed.deal.board = deal.board;
  s->parsed.deal.dead = deal.dead;
  s->parsed.deal.game = q.game;
  s->omaha = prepare_omaha(deal);

  const OmahaWork w = omaha_work(*s->omaha);
  Plan plan;
  plan.work.cards_to_come = w.cards_to_come;
  plan.work.boards = w.boards;
  plan.work.assignments = w.assignments;
  plan.work.combos = w.hands;
  plan.work.showdowns = w.showdowns;
  // The counts fit (pot units of 5,040 a showdown within 64 bits), and the hands to score are
  // at most kOmahaExactLimit (hours, not years).
  plan.work.enumerable = w.showdowns * static_cast<double>(kPotUnits) < 1.8e19 && w.evaluations <= kOmahaExactLimit;
  const Method asked = asked_method(q);
  s->automatic = asked == Method::automatic;
  const bool specific = all_specific(*s->omaha);
  if (q.exact_method == ExactMethod::sweep && !omaha_sweep_applies(*s->omaha))
    throw InputError("the sweep method counts two players of four-card Omaha hands, high only, without weights");
  // The sweep's work is the hands to score alone: the showdowns are counted, not walked.
  const bool sweep =
      q.exact_method == ExactMethod::sweep || (q.exact_method == ExactMethod::automatic && omaha_sweeps(*s->omaha));
  if (asked == Method::automatic) {
    const bool exact = specific || (w.evaluations <= kOmahaEvaluationLimit &&
                                    (sweep || w.showdowns <= exact_showdown_limit(w.cards_to_come)));
    plan.method = exact ? Method::exact : Method::monte_carlo;
    plan.reason = specific ? "specific hands: every board enumerated" : automatic_reason(w, exact, sweep);
  } else {
    if (asked == Method::exact && !plan.work.enumerable)
      throw InputError("exact enumeration would score about " + with_commas(w.evaluations) + " Omaha hands in " +
                       with_commas(w.showdowns) + " showdowns, more than the " + with_commas(kOmahaExactLimit) +
                       " hands it takes on: ask for Monte Carlo");
    plan.method = asked;
    plan.reason = asked == Method::exact ? "exact enumeration was asked for" : "Monte Carlo was asked for";
  }
  if (plan.method == Method::exact) plan.exact_method = sweep ? ExactMethod::sweep : ExactMethod::boards;
  plan.quick = plan.method == Method::exact && w.evaluations <= kQuickOmahaWork && w.showdowns <= kQuickOmahaWork;
  plan.question = std::move(s);
  return plan;
}

Answer answer_omaha(const Plan& plan, const Stopwatch& clock) {
  const PlannedQuestion& s = *plan.question;
  Answer a = plan.method == Method::exact ? run_exact(plan, s, clock) : run_monte_carlo(plan, s, clock);
  a.pot_units = kPotUnits;
  return a;
}

}  // namespace equity::detail
