// The Omaha games through the one call (omaha_calculate.hpp): the question read in Omaha's terms,
// the method chosen by counting work, and the answer with its Hi/Lo counts.
#include "omaha_calculate.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "count/omaha_equity.hpp"
#include "detail/grouped_digits.hpp"
#include "detail/parallel.hpp"
#include "each_hand.hpp"
#include "equity/deal.hpp"
#include "equity/distribution.hpp"
#include "equity/error.hpp"
#include "equity/omaha_enumeration.hpp"
#include "equity/omaha_hits.hpp"
#include "equity/quote.hpp"
#include "method_offer.hpp"
#include "player_answer.hpp"
#include "question.hpp"

namespace equity::detail {
namespace {

// A player's range and how the answer names it.
struct ReadPlayer {
  OmahaRange range;
  std::string label;  // a specific hand's cards in the order written ("7c7d8h9h"), else the range
};

// More cards than the game's hand is named as such ("player 1: 'AsKsQhJh9c' has 5 cards; an omaha
// hand has 4"); anything else is read as a range of the game's hands: fewer cards, such as `AsAc`,
// mean every hand holding them (docs/ranges-omaha.md), as `equity range` and Python read them; a
// list of hands ("AsAcKdQh,9c9d8c7d") is a range of them, not the cards of one.
ReadPlayer read_player(const std::string& text, std::size_t index, Game game, std::vector<std::string>& warnings) {
  const std::string what = player_name(index);
  const GameRules& rules = game_rules(game);
  std::optional<std::vector<Card>> cards;
  try {
    cards = parse_cards(text, what);
  } catch (const InputError&) {
    // not cards alone: a range, or bad input the range reader names
  }
  if (cards && static_cast<int>(cards->size()) > rules.hole_cards && text.find(',') == std::string::npos)
    throw InputError(what + ": " + quote_input(text) + " has " + std::to_string(cards->size()) + " cards; an " +
                     std::string(rules.name) + " hand has " + std::to_string(rules.hole_cards));
  ReadPlayer read{OmahaRange::parse(text, rules.hole_cards, what, &warnings), {}};
  if (!read.range.specific()) {
    read.label = read.range.str();
  } else if (cards) {
    for (const Card c : *cards) read.label += c.str();
  } else {
    read.label = read.range.hand().str();
  }
  return read;
}

// What Omaha does not answer: the preflop table and the exact methods other than boards.
void check_omaha_options(const Question& q) {
  const std::string game(game_name(q.game));
  if (q.method == Method::table) throw InputError("no preflop table for " + game);
  if (q.exact_method != ExactMethod::automatic && q.exact_method != ExactMethod::boards &&
      q.exact_method != ExactMethod::sweep)
    throw InputError("the " + std::string(exact_method_name(q.exact_method)) + " method is Hold'em's: " + game +
                     " is enumerated board by board (boards) or, two players of four-card hands, by a sweep (sweep)");
}

// Per-combo equity lists every hand of every player: exact, at most kOmahaPerComboHands of them;
// sampled (each hand its own Monte Carlo run), at most kOmahaSampledHands of the players other than
// random ones (whose hands are not sampled one by one).
void check_per_combo(const OmahaPrepared& prep, Method method) {
  double hands = 0, listed = 0;
  for (std::size_t p = 0; p < prep.players(); ++p) {
    hands += prep.hands[p];
    if (!prep.random[p]) listed += prep.hands[p];
  }
  // No flag names: the server's page shows this message as it is (the CLI's flags are its own).
  const std::string what = "per-combo equity (each hand's equity, and the distribution)";
  if (method == Method::exact && hands > kOmahaPerComboHands)
    throw InputError(what + " would list " + detail::grouped_count(hands) + " hands, more than the " +
                     detail::grouped_count(kOmahaPerComboHands) + " it lists: narrow the ranges");
  if (method == Method::monte_carlo && listed > kOmahaSampledHands)
    throw InputError(what + " is sampled here (each hand its own Monte Carlo run) and the players hold " +
                     detail::grouped_count(listed) + " hands, more than the " +
                     detail::grouped_count(kOmahaSampledHands) +
                     " it samples: narrow the ranges, or give a board that makes the question exact");
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

// The most hands to score the sweep hand by hand counts automatically: four-card high hands' (with
// per-hand counts) the walk's limit, PLO8's kOmahaHandSweepLimit, five-card hands' a third of it.
double omaha_hand_sweep_limit(const OmahaPrepared& prep) {
  return omaha_sweep_groups(prep) ? kOmahaEvaluationLimit
         : prep.hole_cards == 4   ? kOmahaHandSweepLimit
                                  : kOmahaFiveCardSweepLimit;
}

// Whether the sweep counts by groups of equal rank: four-card high hands without per-hand counts.
bool sweeps_by_groups(const OmahaPrepared& prep, bool per_combo) { return !per_combo && omaha_sweep_groups(prep); }

// Automatic's reasons for Omaha's two exact methods, within their limits or beyond (the sweep's
// `limit`: the hands it scores hand by hand automatically, or `grouped`, counts without per-hand
// counts), and on which street; reason_of() gives the chosen offer's.
std::string sweep_reason(const OmahaWork& w, bool within, bool grouped, double limit) {
  std::string out = grouped ? "the sweep would count about " + detail::grouped_count(w.sweep)
                            : "the sweep would score about " + detail::grouped_count(w.evaluations);
  out += within ? " Omaha hands, within the " : " Omaha hands, more than the ";
  out += detail::grouped_count(grouped ? kOmahaSweepLimit : limit);
  out += grouped ? " swept automatically " : within ? " enumerated automatically " : " scored automatically ";
  return out + street(w.cards_to_come);
}

std::string walk_reason(const OmahaWork& w, bool within) {
  const double limit = exact_showdown_limit(w.cards_to_come);
  if (within)
    return "about " + detail::grouped_count(w.showdowns) + " showdowns and " + detail::grouped_count(w.evaluations) +
           " hands to score, within the " + detail::grouped_count(limit) + " and " +
           detail::grouped_count(kOmahaEvaluationLimit) + " enumerated automatically " + street(w.cards_to_come);
  if (w.showdowns > limit)
    return "exact would enumerate about " + detail::grouped_count(w.showdowns) + " showdowns, more than the " +
           detail::grouped_count(limit) + " enumerated automatically " + street(w.cards_to_come);
  return "exact would score about " + detail::grouped_count(w.evaluations) + " Omaha hands, more than the " +
         detail::grouped_count(kOmahaEvaluationLimit) + " scored automatically " + street(w.cards_to_come);
}

// What Omaha's two exact methods say of the question (method_offer.hpp), each one's work in the
// unit of its own limit: the walk's the hands to score, and within automatic's limits when its
// showdowns are too. The sweep takes two players of four- or five-card hands without weights; its
// work is the hands to score alone (the showdowns are counted, not walked), or without per-hand
// counts of four-card high hands, by groups of equal rank, the hands counted (OmahaWork::sweep).
// One of them is the candidate: the sweep where automatic takes it (omaha_sweeps(): 64 hands a
// side or more) and it goes by groups, or hand by hand (per-combo, Hi/Lo, five cards) the walk is
// beyond automatic's limits: within them the walk answers as it always has, the same counts.
std::array<MethodOffer, 2> omaha_offers(const OmahaPrepared& prep, const OmahaWork& w, bool per_combo) {
  const bool grouped = sweeps_by_groups(prep, per_combo);
  const bool walk_within =
      w.evaluations <= kOmahaEvaluationLimit && w.showdowns <= exact_showdown_limit(w.cards_to_come);
  const bool sweeps = omaha_sweeps(prep) && (grouped || !walk_within);
  const bool sweep_within = grouped ? w.sweep <= kOmahaSweepLimit : w.evaluations <= omaha_hand_sweep_limit(prep);
  return {{{ExactMethod::sweep, omaha_sweep_applies(prep), sweeps, grouped ? w.sweep : w.evaluations, sweep_within},
           {ExactMethod::boards, true, !sweeps, w.evaluations, walk_within}}};
}

// Automatic's reason choosing `offer` (omaha_offers()'s).
std::string reason_of(const MethodOffer& offer, const OmahaPrepared& prep, const OmahaWork& w, bool per_combo) {
  return offer.method == ExactMethod::sweep
             ? sweep_reason(w, offer.within, sweeps_by_groups(prep, per_combo), omaha_hand_sweep_limit(prep))
             : walk_reason(w, offer.within);
}

// ---- The answer ---------------------------------------------------------------------------------

double share(std::uint64_t units, std::uint64_t showdowns) {
  return showdowns == 0
             ? 0.0
             : static_cast<double>(units) / (static_cast<double>(kPotUnits) * static_cast<double>(showdowns));
}

// The players' answers from a tally (categories from it with by_category, weights when weighted).
void fill_players(const PlannedQuestion& s, const OmahaTally& t, bool weighted, Answer& a) {
  const OmahaPrepared& prep = *s.omaha;
  const detail::TallyShown shown{true, prep.hi_lo, s.question.by_category};
  for (std::size_t p = 0; p < prep.players(); ++p) {
    const PlayerTally& c = t.counts.players[p];
    PlayerAnswer pa = detail::player_answer(s.parsed.players[p], static_cast<std::uint64_t>(prep.hands[p]), c, shown);
    pa.equity = weighted ? t.equity(p) : share(c.pot_units, t.counts.showdowns);
    if (weighted) {
      pa.weighted_wins = t.weighted_wins[p];
      pa.weighted_ties = t.weighted_ties[p];
      pa.weighted_losses = t.weight - t.weighted_wins[p] - t.weighted_ties[p];
    }
    a.players.push_back(std::move(pa));
  }
}

Answer run_exact(const Plan& plan, const PlannedQuestion& s, const Stopwatch& clock) {
  const Question& q = s.question;
  const OmahaPrepared& prep = *s.omaha;
  const bool per_combo = q.per_combo || q.distribution;
  Answer a;
  a.method = Method::exact;
  a.boards = plan.work.boards;
  a.weighted = prep.weighted;
  a.exact_method = plan.exact_method;
  if (plan.exact_method == ExactMethod::boards && all_specific(prep) && !q.by_category) {
    // One assignment: the enumeration of omaha_enumeration.hpp.
    std::vector<CardSet> holes;
    for (const auto& list : prep.combos) holes.push_back(list[0].cards);
    const SidePots sides = detail::side_pots_of(q);
    const OmahaCounts counts = enumerate_omaha(holes, prep.board, prep.dead, prep.hi_lo, CardSet::full(), 0, sides);
    if (sides.count > 0) a.pot = detail::counted_side_pots(q, counts.showdowns, counts.side_pot_units);
    OmahaTally t(prep.players());
    t.counts = counts;
    fill_players(s, t, false, a);
    a.assignments = 1;
    if (per_combo)
      for (std::size_t p = 0; p < prep.players(); ++p)
        a.players[p].per_combo = {
            detail::combo_line(0, holes[p], counts.showdowns, counts.players[p].parts[0], counts.players[p].pot_units)};
  } else {
    OmahaExactOptions options;
    options.method = plan.exact_method == ExactMethod::sweep ? OmahaExactMethod::sweep : OmahaExactMethod::walk;
    options.cancel = q.cancel;
    if (q.progress)
      options.progress = [&](double done) { q.progress(Progress{Method::exact, done, 0, 0, clock.seconds(), false}); };
    OmahaPerCombo combos;
    const OmahaTally t = omaha_ranges_exact(prep, options, per_combo ? &combos : nullptr);
    fill_players(s, t, prep.weighted, a);
    a.assignments = a.boards > 0 ? t.counts.showdowns / a.boards : 0;
    for (std::size_t p = 0; p < combos.size(); ++p) a.players[p].per_combo = std::move(combos[p]);
  }
  a.orbits = a.assignments;  // no suit symmetry is used
  if (per_combo) a.per_combo_method = Method::exact;
  return a;
}

// Each hand of each player but random ones by its own Monte Carlo run (with_hand()) to the
// question's per-combo standard error, seeded from the answer's seed and the hand, in parallel over
// the hands (each in its own slot). A hand that meets no opponent has no trials.
void sample_per_combo(const PlannedQuestion& s, Answer& a, const Stopwatch& clock) {
  const Question& q = s.question;
  const OmahaPrepared& prep = *s.omaha;
  struct Task {
    std::size_t player;
    std::size_t index;
  };
  std::vector<Task> tasks;
  for (std::size_t p = 0; p < prep.players(); ++p)
    for (std::size_t i = 0; i < prep.combos[p].size(); ++i) tasks.push_back({p, i});
  detail::each_hand(q, tasks, Method::monte_carlo, clock, a, [&](const Task& t) {
    const OmahaCombo& hand = prep.combos[t.player][t.index];
    ComboEquity c;
    c.combo = static_cast<int>(t.index);
    c.cards = hand.cards.bits();
    c.weight = hand.weight;
    std::optional<OmahaPrepared> alone;
    try {
      alone = with_hand(prep, t.player, hand.cards);
    } catch (const InputError&) {
      return c;  // meets no opponent: no trials
    }
    MonteCarloOptions mc;
    mc.seed = a.seed ^ (((static_cast<std::uint64_t>(t.player) << 32) + t.index + 1) * 0x9e3779b97f4a7c15ULL);
    mc.target_stderr = q.per_combo_stderr;
    mc.cancel = q.cancel;
    const OmahaMonteCarloResult r = omaha_monte_carlo(*alone, mc);
    if (r.stopped_by == "cancelled") throw Cancelled();  // a hand's estimate cut short is not kept
    const PlayerTally& counts = r.tally.counts.players[t.player];
    c = detail::combo_line(c.combo, hand.cards, r.trials, counts.parts[0], counts.pot_units);
    c.weight = hand.weight;
    c.standard_error = r.standard_error[t.player];
    return c;
  });
  a.per_combo_method = Method::monte_carlo;
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
  set_error_bars(a, r.standard_error);
  if (s.automatic) a.reason = plan.reason;  // only automatic says why it sampled
  return a;
}

}  // namespace

// The most players whose specific hands a first question counts on the calling thread.
constexpr std::size_t kSerialOmahaPlayers = 10;

Plan plan_omaha(const Question& question) {
  check_omaha_options(question);
  auto s = std::make_shared<PlannedQuestion>();
  s->question = question;
  const Question& q = s->question;
  check_players(q.players.size());
  OmahaDeal deal;
  deal.game = q.game;
  for (std::size_t i = 0; i < q.players.size(); ++i) {
    ReadPlayer read = read_player(q.players[i], i, q.game, s->parsed.warnings);
    const OmahaRange& range = read.range;
    Player player;
    player.specific = range.specific();
    player.label = std::move(read.label);
    player.known = range.hand();
    player.removable = player.specific || player.label == "random";
    s->parsed.players.push_back(std::move(player));
    deal.ranges.push_back(range);
    s->omaha_ranges.push_back(range);
  }
  deal.board = parse_cards(q.board, "board");
  deal.dead = parse_cards(q.dead, "dead cards");
  if (q.hits) check_hits_board(deal.board, q.game);  // before any work
  s->parsed.deal.board = deal.board;
  s->parsed.deal.dead = deal.dead;
  s->parsed.deal.game = q.game;
  s->omaha = prepare_omaha(deal);
  for (std::size_t p = 0; p < s->parsed.players.size(); ++p) s->parsed.players[p].dealt = s->omaha->random[p];

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
  const bool per_combo = q.per_combo || q.distribution;
  const auto offers = omaha_offers(*s->omaha, w, per_combo);
  const MethodOffer& chosen =
      q.exact_method == ExactMethod::automatic ? *cheapest(offers) : *offer_of(offers, q.exact_method);
  if (!chosen.takes)
    throw InputError("the sweep method counts two players of four- or five-card Omaha hands without weights");
  const bool sweep = chosen.method == ExactMethod::sweep;
  if (asked == Method::automatic) {
    plan.method = specific || chosen.within ? Method::exact : Method::monte_carlo;
    plan.reason = specific ? "specific hands: every board enumerated" : reason_of(chosen, *s->omaha, w, per_combo);
  } else {
    if (asked == Method::exact && !plan.work.enumerable)
      throw InputError("exact enumeration would score about " + detail::grouped_count(w.evaluations) +
                       " Omaha hands in " + detail::grouped_count(w.showdowns) + " showdowns, more than the " +
                       detail::grouped_count(kOmahaExactLimit) + " hands it takes on: ask for Monte Carlo");
    plan.method = asked;
    plan.reason = asked == Method::exact ? "exact enumeration was asked for" : "Monte Carlo was asked for";
  }
  if (plan.method == Method::exact) plan.exact_method = sweep ? ExactMethod::sweep : ExactMethod::boards;
  if (per_combo) check_per_combo(*s->omaha, plan.method);
  // Specific hands are counted by rank multisets in about 0.4 ms heads-up preflop (PLO4): a
  // process's first question counts them on the calling thread, since starting oneTBB's workers
  // would cost it several times that. Later ones find the workers started and share the work.
  s->serial = plan.method == Method::exact && plan.exact_method == ExactMethod::boards && specific && !q.by_category &&
              q.players.size() <= kSerialOmahaPlayers && !detail::workers_started();
  plan.per_combo_method = per_combo ? plan.method : Method::automatic;
  plan.quick = plan.method == Method::exact && w.evaluations <= kQuickOmahaWork && w.showdowns <= kQuickOmahaWork &&
               plan.per_combo_method != Method::monte_carlo;
  plan.question = std::move(s);
  return plan;
}

Answer answer_omaha(const Plan& plan, const Stopwatch& clock) {
  const PlannedQuestion& s = *plan.question;
  const Question& q = s.question;
  Answer a = plan.method == Method::exact ? run_exact(plan, s, clock) : run_monte_carlo(plan, s, clock);
  a.pot_units = kPotUnits;
  if (q.hits) {
    const OmahaPrepared& prep = *s.omaha;
    for (std::size_t p = 0; p < a.players.size(); ++p)
      a.players[p].hits = hit_table(omaha_board_hits(s.omaha_ranges[p], s.parsed.deal.board, prep.dead, q.game));
  }
  if ((q.per_combo || q.distribution) && a.stopped_by != "cancelled") {
    if (a.method == Method::monte_carlo) sample_per_combo(s, a, clock);
    for (auto& player : a.players) {
      if (q.distribution) player.distribution = equity_distribution(player.per_combo);
      if (!q.per_combo) player.per_combo.clear();  // only the distribution was asked for
    }
  }
  return a;
}

}  // namespace equity::detail
