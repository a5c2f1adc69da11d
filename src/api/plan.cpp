// The planner (plan.hpp): the one place the method is chosen.
#include "equity/plan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "count/per_combo.hpp"
#include "detail/grouped_digits.hpp"
#include "engine.hpp"
#include "equity/detail/platform.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/game.hpp"
#include "equity/range_equity.hpp"
#include "equity/table_equity.hpp"
#include "equity/table_location.hpp"
#include "equity/three_way_table.hpp"
#include "method_offer.hpp"
#include "question.hpp"

namespace equity {
namespace {

using detail::asked_method;
using detail::Parsed;
using detail::PlannedQuestion;

std::string_view street(int cards_to_come) {
  return cards_to_come == 5   ? " preflop"
         : cards_to_come == 2 ? " on a flop"
         : cards_to_come == 1 ? " on a turn"
                              : " on a river";
}

// Hold'em's exact methods, each saying what it takes and the work it would count in about
// nanoseconds of one core (HeadsUpWork's unit), listed in the order equal work is kept:
//  - plain showdowns and the sweep, heads-up (per_combo.hpp): two players on a known board without
//    categories, each completed board's combos ranked once whatever the ranges (at most 1,176
//    boards x 1,326 combos); candidates when a player has a range (HeadsUpWork's costs), and then
//    always exact. Two specific hands are one assignment, left to the grouped enumeration;
//  - the grouped enumeration: any question, about 8 ns a showdown (assignments up to suit symmetry x
//    boards); a candidate where the heads-up methods are not;
//  - plain showdowns of 3 to kMaxShowdownPlayers players on a known board with few assignments
//    (multiway_showdowns_cost()): a candidate unless a side pot leaves out a player with a range
//    (the grouped enumeration counts it in the same pass; plain showdowns would ask hand by hand);
//  - the board walk: any question, when asked for by name.
// The enumerations are exact automatically within exact_showdown_limit()'s showdowns.
std::array<detail::MethodOffer, 2> heads_up_offers(const Question& q, const PlannedQuestion& s) {
  const Parsed& parsed = s.parsed;
  const bool takes = parsed.deal.ranges.size() == 2 && !parsed.deal.board.empty() && !q.by_category;
  const bool offered = takes && !(parsed.players[0].specific && parsed.players[1].specific);
  const bool named = q.exact_method == ExactMethod::showdowns || q.exact_method == ExactMethod::sweep;
  const HeadsUpWork work = offered || (takes && named) ? heads_up_work(*s.prep) : HeadsUpWork{};
  return {{{ExactMethod::showdowns, takes, offered, work.showdowns_cost(), true},
           {ExactMethod::sweep, takes, offered, work.sweep_cost(), true}}};
}

std::array<detail::MethodOffer, 3> enumeration_offers(const Question& q, const PlannedQuestion& s,
                                                      const ExactWork& work) {
  const RangeDeal& deal = s.parsed.deal;
  const bool showdowns = deal.ranges.size() >= 3 && !deal.board.empty() && !q.by_category && showdowns_take(*s.prep);
  const bool within = work.showdowns <= exact_showdown_limit(work.cards_to_come);
  return {{{ExactMethod::grouped, true, true, 8 * work.showdowns, within},
           {ExactMethod::showdowns, showdowns, showdowns && !detail::side_pot_leaves_out_a_range(s),
            showdowns ? multiway_showdowns_cost(*s.prep) : 0, within},
           {ExactMethod::boards, true, false, 8 * work.showdowns, within}}};
}

// Automatic's reason choosing `offer` (heads_up_offers()'s or enumeration_offers()'s, of `work`),
// within automatic's limit or beyond.
std::string reason_of(const detail::MethodOffer& offer, const ExactWork& work, bool heads_up) {
  if (heads_up)
    return offer.method == ExactMethod::showdowns
               ? "heads-up small ranges on a known board: each completed board's combos ranked once, every pair of "
                 "combos compared (plain showdowns)"
               : "heads-up ranges on a known board: each completed board's combos ranked once (the sweep)";
  if (offer.method == ExactMethod::showdowns && offer.within)
    return "a few combo assignments on a known board: each completed board's combos ranked once, every assignment "
           "compared (plain showdowns)";
  return (offer.within
              ? "about " + detail::grouped_count(work.showdowns) + " showdowns to enumerate, within the "
              : "exact would enumerate about " + detail::grouped_count(work.showdowns) + " showdowns, more than the ") +
         detail::grouped_count(exact_showdown_limit(work.cards_to_come)) + " enumerated automatically" +
         std::string(street(work.cards_to_come));
}

// Work this small (in about nanoseconds, HeadsUpWork's unit) runs on the calling thread: starting
// oneTBB's workers for it would cost more than the work.
constexpr double kSerialWork = 1.5e6;

// The table's directory when the table answers the question; nothing when the question is not
// one the table answers or no table is found (errors when the table was asked for).
std::optional<std::filesystem::path> table_for(const Question& q, const Parsed& parsed) {
  const bool forced = q.method == Method::table;
  if (forced && !game_rules(parsed.deal.game).preflop_table)
    throw InputError("no preflop table for " + std::string(game_name(parsed.deal.game)) + " yet");
  if (!table_answers(parsed.deal)) {
    if (forced)
      throw InputError(
          "the preflop table answers heads-up preflop questions of specific hands or whole classes "
          "(no board, no dead cards, one weight per class)");
    return std::nullopt;
  }
  auto dir = find_table(q.table_dir, parsed.deal.game);
  if (!dir && forced)
    throw InputError(parsed.deal.game == kDefaultGame
                         ? std::string("no preflop table found (give its directory, or set EQUITY_RESULTS)")
                         : "no " + std::string(game_name(parsed.deal.game)) +
                               " preflop table found (give its directory, or set EQUITY_RESULTS)");
  return dir;
}

// The three-way table's directory (results/threeway) when it holds every class triple the
// question needs (three_way_table.hpp); nothing otherwise (errors when the table was asked for). A
// table that does not load is planned, so that running it warns and enumerates as for heads-up.
std::optional<std::filesystem::path> three_way_table_for(const Question& q, const Parsed& parsed) {
  const bool forced = q.method == Method::table;
  std::optional<std::filesystem::path> dir;
  if (game_rules(parsed.deal.game).three_way_table) {
    std::error_code ec;
    if (const auto root = find_table(q.table_dir);
        root && std::filesystem::is_regular_file(*root / kThreeWayDir / kThreeWayFile, ec))
      dir = *root / kThreeWayDir;
  }
  try {
    if (dir && cached_three_way_answers(*dir, parsed.deal)) return dir;
  } catch (const InputError&) {
    if (forced) throw;
    return dir;
  }
  if (forced)
    throw InputError(!dir ? std::string("no three-way preflop table found (equity table --players 3 builds it into "
                                        "DIR/threeway; give DIR, or set EQUITY_RESULTS)")
                          : "the three-way table in '" + dir->string() +
                                "' answers three-way Hold'em preflop questions of three specific hands or of whole "
                                "classes (one weight per class), no board or dead cards, whose class triples it holds");
  return std::nullopt;
}

ExactWork work_of(const PreparedDeal& prep, int symmetries) {
  ExactWork work;
  work.cards_to_come = prep.cards_to_come;
  const int deck = kCards - prep.known.size() - 2 * static_cast<int>(prep.combos.size());
  work.boards = choose(deck, prep.cards_to_come);
  work.assignments = 1;
  for (const auto& list : prep.combos) {
    work.assignments *= static_cast<double>(list.size());
    work.combos += static_cast<double>(list.size());
  }
  work.symmetries = symmetries;
  work.showdowns = std::max(1.0, work.assignments / work.symmetries) * static_cast<double>(work.boards);
  work.enumerable = exact_enumeration_fits(work.assignments, work.boards, static_cast<std::size_t>(work.symmetries));
  return work;
}

// The showdowns of one combo's question; 0 for a combo that meets no opponent combo.
double combo_work(const RangeDeal& deal, const detail::ComboTask& t) {
  try {
    const RangeDeal d = detail::with_combo(deal, t.player, t.combo.index);
    return work_of(prepare(d), static_cast<int>(suit_symmetries(d).size())).showdowns;
  } catch (const InputError&) {
    return 0;
  }
}

// How per-combo equity is found when the answer's own method did not find it (the sweep does):
// heads-up on a board by the sweep; heads-up preflop from the table; else each combo's own
// question, exact when the showdowns of all of them together are within the street's limit, else
// Monte Carlo.
Method plan_per_combo(const Question& q, Plan& plan, PlannedQuestion& s) {
  if (plan.method == Method::exact && s.parsed.deal.ranges.size() == 2 &&
      (plan.exact_method == ExactMethod::sweep || plan.exact_method == ExactMethod::showdowns))
    return Method::exact;
  const RangeDeal& deal = s.parsed.deal;
  if (deal.ranges.size() == 2 && !deal.board.empty() && q.method != Method::monte_carlo) return Method::exact;
  for (std::size_t p = 0; p < s.prep->combos.size(); ++p)
    for (const auto& c : s.prep->combos[p]) s.combo_tasks.push_back({p, c});
  if (q.use_table && q.method != Method::exact && q.method != Method::monte_carlo && deal.ranges.size() == 2 &&
      deal.board.empty() && deal.dead.empty() && game_rules(deal.game).preflop_table) {
    if (!s.table) s.table = find_table(q.table_dir, deal.game);
    if (s.table) return Method::table;
  }
  if (q.method == Method::monte_carlo) return Method::monte_carlo;
  // The combos' showdowns added up only until they pass the limit: counting them all (each a
  // suit-symmetry search) took ten random players 15 s before the first combo ran.
  const double limit = exact_showdown_limit(s.prep->cards_to_come);
  double showdowns = 0;
  for (const auto& t : s.combo_tasks) {
    if (q.cancel && q.cancel->load()) throw Cancelled();
    showdowns += combo_work(deal, t);
    if (showdowns > limit) return Method::monte_carlo;
  }
  return Method::exact;
}

// Whether the plan runs within a fraction of a second whatever the machine.
EQUITY_QUESTION_PATH bool quick(const Question& q, const Plan& plan, const Parsed& parsed) {
  if (q.per_combo || q.distribution) return false;
  if (plan.method == Method::table) return true;
  if (plan.method != Method::exact) return false;
  if (std::all_of(parsed.players.begin(), parsed.players.end(), [](const auto& p) { return p.specific; }))
    return true;  // one assignment of at most C(48, 5) boards
  if (plan.exact_method == ExactMethod::sweep || plan.exact_method == ExactMethod::showdowns)
    return static_cast<double>(plan.work.boards) * plan.work.combos <= kQuickSweepHands;
  return plan.work.showdowns <= kQuickShowdowns;
}

}  // namespace

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

namespace {

// The draws to come: 0 (one, in a draw game) up to the game's draws.
void check_draws(const Question& q) {
  const GameRules& rules = game_rules(q.game);
  if (q.draws >= 0 && q.draws <= rules.draws) return;
  const std::string game(rules.name);
  if (rules.draws == 0) throw InputError("draws: " + game + " has no draws");
  throw InputError("draws: " + std::to_string(q.draws) + " draws to come; " + game + " has " +
                   (rules.draws == 1 ? "one draw" : "1 to " + std::to_string(rules.draws)));
}

// An exact plan (asked for, or left to the planner: then sampled beyond automatic's limit) by the
// heads-up methods' or the enumerations' offer: the one named, else the cheapest candidate.
void plan_exact(const Question& q, Method asked, PlannedQuestion& s, Plan& plan) {
  const ExactMethod named = q.exact_method;
  const auto heads_up = heads_up_offers(q, s);
  const detail::MethodOffer* pick = nullptr;
  if (named == ExactMethod::sweep || (named == ExactMethod::showdowns && s.parsed.deal.ranges.size() == 2)) {
    pick = detail::offer_of(heads_up, named);
    if (!pick->takes)
      throw InputError("the " + std::string(exact_method_name(named)) +
                       " method is for two players on a known board of 3, 4 or 5 cards, without --by-category");
  } else if (named == ExactMethod::automatic) {
    pick = detail::cheapest(heads_up);
  }
  if (pick) {
    plan.method = Method::exact;
    plan.exact_method = pick->method;
    plan.work = work_of(*s.prep, 1);
    plan.work.sweep = true;
    plan.work.enumerable = true;
    plan.reason = reason_of(*pick, plan.work, true);
    if (pick->method == ExactMethod::showdowns) s.serial = pick->work <= kSerialWork;
    return;
  }
  s.symmetries = suit_symmetries(s.parsed.deal);
  plan.work = work_of(*s.prep, std::max(1, static_cast<int>(s.symmetries.size())));
  const auto offers = enumeration_offers(q, s, plan.work);
  pick = named == ExactMethod::automatic ? detail::cheapest(offers) : detail::offer_of(offers, named);
  plan.method = asked == Method::automatic && !pick->within ? Method::monte_carlo : Method::exact;
  plan.reason = asked == Method::automatic ? reason_of(*pick, plan.work, false) : "exact enumeration was asked for";
  if (plan.method != Method::exact) return;
  if (!pick->takes)
    throw InputError("the showdowns method is for 2 to " + std::to_string(kMaxShowdownPlayers) +
                     " players on a known board of 3, 4 or 5 cards, without --by-category, with at most " +
                     detail::grouped_count(kMaxShowdownAssignments) + " combo assignments");
  plan.exact_method = pick->method;
  if (pick->method == ExactMethod::showdowns) {
    s.serial = pick->work <= kSerialWork;
  } else {
    // One block of assignments (range_equity.cpp) runs on the calling thread.
    s.serial = pick->method == ExactMethod::grouped && plan.work.assignments <= 16;
  }
}
}  // namespace

EQUITY_QUESTION_PATH Plan plan(const Question& asked) {
  detail::check_options(asked);
  // Two boards: the first board is counted with the second's known cards out of the deck.
  Question with_board2;
  if (!asked.board2.empty()) {
    with_board2 = asked;
    const auto second = parse_cards(asked.board2, "board2");
    for (const auto& [text, what] : {std::pair{asked.board, "board"}, std::pair{asked.dead, "dead cards"}})
      for (Card c : parse_cards(text, what))
        if (std::find(second.begin(), second.end(), c) != second.end())
          throw InputError("board2: " + c.str() + " is also in the " + what);
    with_board2.dead += asked.board2;
  }
  const Question& question = asked.board2.empty() ? asked : with_board2;
  check_draws(question);
  // The engine of how the game makes a hand reads, checks and plans it (engine.hpp).
  Plan p = detail::engine_of(question.game).plan(question);
  // Checked here only when asked for: a plain question's first run touches none of their code.
  if (detail::asks_pot(question)) detail::check_pot(*p.question, p);
  if (detail::asks_runouts(question)) detail::check_runouts(*p.question);
  return p;
}

EQUITY_QUESTION_PATH Plan detail::plan_holdem(const Question& question) {
  if (question.hits && (question.board.empty() || parse_cards(question.board, "board").empty()))
    throw InputError("hits: what a range hits needs a board of 3, 4 or 5 cards");
  auto s = std::make_shared<PlannedQuestion>();
  s->question = question;
  s->parsed = detail::parse_question(question);
  const Question& q = s->question;
  Plan plan;
  const Method asked = asked_method(q);
  s->automatic = asked == Method::automatic;
  if ((asked == Method::automatic && q.use_table && !q.by_category) || asked == Method::table) {
    const bool three_way = s->parsed.deal.ranges.size() == 3;
    s->table = three_way ? three_way_table_for(q, s->parsed) : table_for(q, s->parsed);
    if (s->table) {
      plan.method = Method::table;
      plan.reason = three_way ? "three-way preflop: the three-way table holds every class triple's counts"
                              : "heads-up preflop: the preflop table holds every matchup's counts";
    }
  }
  if (plan.method != Method::table) {
    s->prep = prepare(s->parsed.deal);
    if (asked == Method::monte_carlo) {
      plan.method = Method::monte_carlo;  // no symmetries: they only shrink the work exact would count
      plan.work = work_of(*s->prep, 1);
      plan.reason = "Monte Carlo was asked for";
    } else {
      plan_exact(q, asked, *s, plan);
    }
  }
  if (q.per_combo || q.distribution) {
    if (!s->prep) s->prep = prepare(s->parsed.deal);
    plan.per_combo_method = plan_per_combo(q, plan, *s);
    s->serial = false;
  }
  plan.quick = quick(q, plan, s->parsed);
  plan.question = std::move(s);
  return plan;
}

ExactWork exact_work(const Question& question) {
  Question q = question;
  q.use_table = false;
  q.per_combo = q.distribution = false;
  if (q.method == Method::table || q.method == Method::monte_carlo) q.method = Method::automatic;
  q.target_stderr = q.max_seconds = 0;  // the work of enumerating, whatever Monte Carlo was asked
  q.max_trials = 0;
  return plan(q).work;
}

}  // namespace equity
