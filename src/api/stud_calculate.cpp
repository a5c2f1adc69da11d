// The stud family's questions planned and answered (stud_calculate.hpp): the players' cards read
// by the game's deal order (stud_hand.hpp), counted exactly by stud_exact() (the sweep heads-up,
// the walk for more players) or sampled by stud_monte_carlo().
#include "stud_calculate.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <utility>

#include "count/stud_completions.hpp"
#include "count/stud_monte_carlo.hpp"
#include "detail/grouped_digits.hpp"
#include "detail/parallel.hpp"
#include "each_hand.hpp"
#include "equity/deal.hpp"
#include "equity/distribution.hpp"
#include "equity/draw_hand.hpp"
#include "equity/draw_rule.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/quote.hpp"
#include "equity/stud_equity.hpp"
#include "equity/stud_hand.hpp"
#include "method_offer.hpp"
#include "player_answer.hpp"
#include "question.hpp"

namespace equity::detail {
namespace {

// The scorer a game's spec asks for: its pot ranking, and what splits the pot (an 8-or-better low,
// or in badeucy and badacey a second ranking).
StudGame scorer_of(const GameRules& rules) {
  if (rules.split) return rules.split_ranking == PotRanking::deuce_to_seven_low ? StudGame::badeucy : StudGame::badacey;
  switch (rules.ranking) {
    case PotRanking::ace_to_five_low:
      return StudGame::razz;
    case PotRanking::deuce_to_seven_low:
      return StudGame::deuce_seven;
    case PotRanking::badugi:
      return StudGame::badugi;
    case PotRanking::high:
      break;
  }
  return rules.low ? StudGame::stud_hilo : StudGame::stud;
}

// What a stud question cannot ask, in the game's terms. No flag names: the page shows these too.
void check_stud_options(const Question& q) {
  const GameRules& rules = game_rules(q.game);
  const std::string game(rules.name);
  if (!q.board.empty())
    throw InputError(game +
                     " has no board: each player's cards are their own (write them in the player's hand, "
                     "folded cards as dead cards)");
  if (q.method == Method::table) throw InputError("no preflop table for " + game);
  if (q.exact_method != ExactMethod::automatic)
    throw InputError("the " + std::string(exact_method_name(q.exact_method)) +
                     " method is for the games with a board: " + game +
                     " counts two players by its sweep and more by walking every deal");
  if (q.hits) throw InputError("what a range hits is for the games with a board, not " + game);
  if (!rules.per_combo && (q.per_combo || q.distribution))
    throw InputError("per-combo equity and the distribution are not for " + game + ": each player is one hand");
}

// The most players at a draw game's table (the deck deals six five-card hands and their draws).
constexpr std::size_t kDrawMostPlayers = 6;

// The draw games' players: each one's cards kept, his draws the cards to come of the stud count.
void read_draw_players(const Question& q, PlannedQuestion& s) {
  const GameRules& rules = game_rules(q.game);
  if (q.players.size() > kDrawMostPlayers)
    throw InputError(std::string(rules.name) + " deals at most " + std::to_string(kDrawMostPlayers) + " players, not " +
                     std::to_string(q.players.size()));
  check_players(q.players.size());
  StudDeal& deal = *s.stud;
  deal.game = scorer_of(rules);
  deal.cards = rules.hole_cards;
  deal.community_card = false;
  deal.reshuffle = true;
  deal.later_draws = std::max(q.draws, 1) - 1;
  if (deal.later_draws > 0)
    deal.rule = draw_rule(q.game, q.draw_pat, q.draw_keep);
  else if (!q.draw_pat.empty() || !q.draw_keep.empty())
    throw InputError("pat, keep: the drawing rule is for the draws before the last; " + std::string(rules.name) +
                     " has " + (rules.draws == 1 ? "one draw" : "one draw to come here (--draws 2 or 3: more)"));
  for (std::size_t i = 0; i < q.players.size(); ++i) {
    const DrawHand hand = parse_draw_hand(q.players[i], q.game, player_name(i));
    if (static_cast<int>(hand.later.size()) > deal.later_draws)
      throw InputError(player_name(i) + ": " + quote_input(q.players[i]) + ": " + std::to_string(hand.later.size()) +
                       (hand.later.size() == 1 ? " draw" : " draws") + " after the next one given; " +
                       std::to_string(std::max(q.draws, 1)) + (std::max(q.draws, 1) == 1 ? " draw" : " draws") +
                       " to come (--draws)");
    deal.later_counts.push_back(hand.later);
    deal.hands.push_back(hand.kept);
    StudHand own;  // the cards kept, none hidden: one hand
    own.down = hand.kept;
    s.stud_hands.push_back(own);
    Player player;
    player.label = to_string(hand);
    player.specific = true;
    for (Card c : hand.kept) player.known.insert(c);
    player.removable = true;
    s.parsed.players.push_back(std::move(player));
  }
}

// The players' hands, all on one street (a random hand on the others'), into the deal.
void read_players(const Question& q, PlannedQuestion& s, std::vector<StudHand>& hands) {
  const GameRules& rules = game_rules(q.game);
  if (rules.draws > 0) return read_draw_players(q, s);
  // The most players the deck deals: each all but the last card, and that one card to all (before
  // check_players(), so that 11 stud players hear stud's limit, not Hold'em's 10).
  const int cards = static_cast<int>(rules.deal_order.size()), most = (rules.deck_size() - 1) / (cards - 1);
  if (static_cast<int>(q.players.size()) > most)
    throw InputError(std::string(rules.name) + " deals at most " + std::to_string(most) + " players, not " +
                     std::to_string(q.players.size()) + " (" + std::to_string(rules.deck_size()) +
                     " cards: " + std::to_string(cards - 1) + " each and one community card)");
  check_players(q.players.size());
  int street = 0;  // cards dealt to each player so far
  std::size_t first = 0;
  for (std::size_t i = 0; i < q.players.size(); ++i) {
    hands.push_back(parse_stud_hand(q.players[i], q.game, player_name(i)));
    const StudHand& h = hands.back();
    if (h.random) continue;
    if (street != 0 && h.dealt() != street)
      throw InputError(player_name(i) + ": " + std::to_string(h.dealt()) + " cards, and " + player_name(first) +
                       " has " + std::to_string(street) +
                       ": every player is on the same street (? for a card not known)");
    if (street == 0) street = h.dealt(), first = i;
  }
  if (street == 0) street = static_cast<int>(rules.deal_order.find('U')) + 1;  // everyone random: third street
  StudDeal& deal = *s.stud;
  deal.game = scorer_of(rules);
  for (std::size_t i = 0; i < hands.size(); ++i) {
    StudHand& h = hands[i];
    if (h.random) h.unknown = street;
    deal.hands.push_back(h.known());
    Player player;
    player.label = to_string(h, q.game);
    player.specific = h.unknown == 0;
    for (Card c : h.known()) player.known.insert(c);
    player.removable = true;  // his cards not known are drawn at random (but see plan_stud())
    s.parsed.players.push_back(std::move(player));
  }
}

// The most and the fewest cards to come of any player (a card not known is one), besides a
// community card (`community`: stud_community_card()).
std::pair<int, int> cards_to_come(const StudDeal& deal, bool community) {
  auto fewest = static_cast<std::size_t>(deal.cards), most = std::size_t{0};
  for (const auto& h : deal.hands) fewest = std::min(fewest, h.size()), most = std::max(most, h.size());
  const int shared = community ? 1 : 0;
  return {deal.cards - static_cast<int>(fewest) - shared, deal.cards - static_cast<int>(most) - shared};
}
std::pair<int, int> cards_to_come(const StudDeal& deal) { return cards_to_come(deal, stud_community_card(deal)); }
int most_to_come(const StudDeal& deal) { return cards_to_come(deal).first; }

// Whether exact counts the deal by the heads-up sweep (else it walks every deal).
bool swept(const StudDeal& deal) { return deal.hands.size() == 2 && stud_sweep_takes(deal.game); }

// What stud's two exact methods say of a deal (heads_up: swept()) that exact can count
// (uncountable_reason() names those it cannot), neither asked for by name (method_offer.hpp): the
// sweep takes two players (stud_sweep_takes()), its work each completion and its sets once a sweep,
// within automatic's `sweep_limit` (stud_sweep_limit()); the walk three players or more, every
// deal, up to kStudExactDeals and within automatic's kStudAutomaticDeals.
std::array<MethodOffer, 2> stud_offers(bool heads_up, bool countable, double swept_work, double sweep_limit,
                                       double deals) {
  const bool sweeps = countable && heads_up;
  const bool walks = countable && !heads_up && deals <= kStudExactDeals;
  return {{{ExactMethod::sweep, sweeps, sweeps, swept_work, swept_work <= sweep_limit},
           {ExactMethod::boards, walks, walks, deals, deals <= kStudAutomaticDeals}}};
}

// Automatic's reason choosing `offer` (stud_offers()'s, of the sweep's `limit`), within its limit
// or beyond.
std::string reason_of(const MethodOffer& offer, double limit) {
  if (offer.method == ExactMethod::sweep)
    return offer.within ? "two players: each one's completions scored once and counted against the other's (the sweep)"
                        : "the sweeps would count about " + grouped_count(offer.work) +
                              " completions and their sets of cards, more than the " + grouped_count(limit) +
                              " swept automatically" +
                              (limit < kStudAutomaticSweepWork ? " with both players' down cards unseen" : "");
  return (offer.within ? "about " : "exact would walk about ") + grouped_count(offer.work) +
         (offer.within ? " deals to walk, within the " : " deals, more than the ") +
         grouped_count(kStudAutomaticDeals) + " walked automatically";
}

std::string unknown_reason(const GameRules& rules, int to_come) {
  if (rules.draws > 0)
    return "a player draws " + std::to_string(to_come) + " cards; exact counts at most " +
           std::to_string(kStudMaxToCome) + " drawn a player";
  return "a player has " + std::to_string(to_come) + " cards not known or to come; exact counts at most " +
         std::to_string(kStudMaxToCome) + " (third street: two down cards not known, four to come)";
}

// Why exact cannot count the deal, or empty: a player's cards not known or to come beyond
// kStudMaxToCome; heads-up (the sweep), more than kStudSweepFewer of them but against a player of
// kStudSweepFewer at most. Three players or more are walked, within the limits of deals.
std::string uncountable_reason(const GameRules& rules, const StudDeal& deal, bool community) {
  const auto [most, fewest] = cards_to_come(deal, community);
  if (most > kStudMaxToCome) return unknown_reason(rules, most);
  if (!swept(deal)) return "";
  const std::string each = std::to_string(most) + " and " + std::to_string(fewest);
  // Each way of the hidden cards: plan_per_combo(). Two parts: stud Hi/Lo (no draw game of two
  // parts is swept).
  switch (stud_sweep_bar(most, fewest, stud_game_parts(deal.game), false)) {
    case StudSweepBar::none:
    case StudSweepBar::hidden_ways:
      return "";
    case StudSweepBar::both_many:
      return "both players have more than " + std::to_string(kStudSweepFewer) + " cards not known or to come (" + each +
             "); with a split pot exact counts heads-up such a player against one whose down cards are known";
  }
  return "";
}

// The work of exact: heads-up, the completions the sweep scores (and their subsets); else the deals.
double stud_work(const StudDeal& deal) {
  if (!swept(deal)) return static_cast<double>(stud_deals(deal));
  CardSet seen;
  for (const auto& h : deal.hands)
    for (Card c : h) seen.insert(c);
  for (Card c : deal.dead) seen.insert(c);
  const int left = kCards - seen.size();
  double work = 0;
  for (const auto& h : deal.hands) {
    const int k = deal.cards - static_cast<int>(h.size());
    work += static_cast<double>(choose(left, k)) * static_cast<double>(1 << k);
  }
  return work;
}

// Heads-up, the sweeps' work: each completion and its sets (`work`, stud_work()) once a sweep
// (stud_sweeps(); with the outcomes by category one more, the high's from the other side).
double stud_sweep_work(const StudDeal& deal, double work, bool by_category) {
  return work * (stud_sweeps(stud_game_parts(deal.game)) + (by_category ? 1 : 0));
}

// The sweeps' work automatic counts exactly: kStudAutomaticSweepWork, half of it when both players
// have more than kStudSweepFewer cards not known or to come, where a set costs more (the counters
// keep sets of up to five cards, 2.4 million on third street, beyond the core's cache, and a range
// after the first adds them again: 0.72 ns a set on two cores, 0.55 with one player's down cards
// unseen), so that third street's 2 x 10^9 (1.45 s) is sampled unless exact is asked for.
double stud_sweep_limit(const StudDeal& deal, bool community) {
  return cards_to_come(deal, community).second > kStudSweepFewer ? kStudAutomaticSweepWork / 2
                                                                 : kStudAutomaticSweepWork;
}

// The cards left: the deck less every known and dead card.
int cards_left(const StudDeal& deal) {
  int known = static_cast<int>(deal.dead.size());
  for (const auto& h : deal.hands) known += static_cast<int>(h.size());
  return kCards - known;
}

// Each player's hidden down cards, whose ways per-combo equity lists: a hand's cards not known; none
// for a random hand (its ways, every hand of the street, are not listed one by one).
std::vector<int> hidden_cards(const PlannedQuestion& s) {
  std::vector<int> hidden;
  for (const StudHand& h : s.stud_hands) hidden.push_back(h.random ? 0 : h.unknown);
  return hidden;
}

// ---- The answer ---------------------------------------------------------------------------------

void fill_players(const PlannedQuestion& s, const StudCounts& c, Answer& a) {
  const detail::TallyShown shown{true, game_rules(s.question.game).two_halves(), s.question.by_category};
  const int left = cards_left(*s.stud);
  for (std::size_t p = 0; p < c.players.size(); ++p) {
    // The ways of his cards not known: 1 when none.
    const std::uint64_t ways = choose(left, s.stud_hands[p].unknown);
    PlayerAnswer pa = detail::player_answer(s.parsed.players[p], ways, c.players[p], shown);
    pa.equity = c.equity(p);
    a.players.push_back(std::move(pa));
  }
}

// ---- Per-combo equity: each way of a player's hidden down cards -----------------------------------

CardSet known_cards(const StudDeal& deal, std::size_t p) {
  CardSet cards;
  for (Card c : deal.hands[p]) cards.insert(c);
  return cards;
}

// The players with no hidden card: one line each, the answer's counts (every player's but random
// ones, whose ways are not listed).
void fill_known_combos(const PlannedQuestion& s, Answer& a) {
  const std::uint64_t showdowns = a.method == Method::monte_carlo ? a.trials : a.showdowns();
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    if (s.stud_hands[p].random || s.stud_hands[p].unknown > 0) continue;
    PlayerAnswer& pa = a.players[p];
    ComboEquity e =
        detail::combo_line(0, known_cards(*s.stud, p), showdowns, {pa.wins, pa.ties, pa.losses}, *pa.pot_units);
    e.standard_error = pa.standard_error.value_or(0);
    pa.per_combo = {e};
  }
}

// The deal with player p's hidden cards dealt as `way`.
StudDeal way_deal(const StudDeal& deal, std::size_t p, CardSet way) {
  StudDeal one = deal;
  for (Card c : way.cards()) one.hands[p].push_back(c);
  return one;
}

// Each way of each hiding player's cards by its own question, exact or by Monte Carlo to the
// question's per-combo standard error (seeded from the answer's seed and the way), in parallel over
// the ways (each in its own slot), with progress and cancellation between ways.
void each_way(const Plan& plan, const PlannedQuestion& s, Answer& a, const Stopwatch& clock) {
  const Question& q = s.question;
  const StudDeal& deal = *s.stud;
  const std::vector<int> hidden = hidden_cards(s);
  struct Task {
    std::size_t player;
    int index;
    CardSet cards;
  };
  std::vector<Task> tasks;
  for (std::size_t p = 0; p < hidden.size(); ++p) {
    if (hidden[p] == 0) continue;
    int index = 0;
    for (CardSet way : stud_hidden_ways(deal, hidden[p])) tasks.push_back({p, index++, way});
  }
  const bool exact = plan.per_combo_method == Method::exact;
  if (!exact && a.method != Method::monte_carlo) a.seed = q.seed ? *q.seed : random_seed();
  detail::each_hand(q, tasks, plan.per_combo_method, clock, a, [&](const Task& t) {
    const StudDeal one = way_deal(deal, t.player, t.cards);
    const CardSet hand = known_cards(one, t.player);
    if (exact) {
      StudExactOptions options;
      options.cancel = q.cancel;
      const StudCounts c = stud_exact(one, options);
      const PlayerTally& counts = c.players[t.player];
      return detail::combo_line(t.index, hand, c.showdowns, counts.parts[0], counts.pot_units);
    }
    MonteCarloOptions mc;
    mc.seed = a.seed ^ (((static_cast<std::uint64_t>(t.player) << 32) + static_cast<std::uint64_t>(t.index) + 1) *
                        0x9e3779b97f4a7c15ULL);
    mc.seed &= kMaxSeed;
    mc.target_stderr = q.per_combo_stderr;
    mc.cancel = q.cancel;
    const StudMonteCarloResult r = stud_monte_carlo(one, mc);
    if (r.stopped_by == "cancelled") throw Cancelled();  // a way's estimate cut short is not kept
    const PlayerTally& counts = r.counts.players[t.player];
    ComboEquity line = detail::combo_line(t.index, hand, r.counts.showdowns, counts.parts[0], counts.pot_units);
    line.standard_error = r.standard_error[t.player];
    return line;
  });
  a.per_combo_method = plan.per_combo_method;
}

Answer run_exact(const Plan& plan, const PlannedQuestion& s) {
  StudExactOptions options;
  options.cancel = s.question.cancel;
  options.by_category = s.question.by_category;
  if (s.stud_ways_with_answer) options.hidden = hidden_cards(s);
  const StudCounts c = stud_exact(*s.stud, options);
  Answer a;
  a.method = Method::exact;
  a.exact_method = plan.exact_method;
  a.assignments = 1;       // each player's cards are one hand
  a.boards = c.showdowns;  // the deals of the cards to come
  a.orbits = c.showdowns;
  fill_players(s, c, a);
  if (s.stud_ways_with_answer) {
    for (std::size_t p = 0; p < c.hidden.size(); ++p) {
      const CardSet known = known_cards(*s.stud, p);
      std::vector<ComboEquity>& combos = a.players[p].per_combo;
      for (const StudHiddenCounts& way : c.hidden[p])
        combos.push_back(detail::combo_line(static_cast<int>(combos.size()), known | way.cards, way.showdowns,
                                            {way.wins, way.ties, way.losses}, way.pot_units));
    }
    a.per_combo_method = Method::exact;
  }
  return a;
}

Answer run_monte_carlo(const Plan& plan, const PlannedQuestion& s, const Stopwatch& clock) {
  const StudMonteCarloResult r = stud_monte_carlo(*s.stud, monte_carlo_options(s.question, clock));
  Answer a;
  a.method = Method::monte_carlo;
  a.trials = r.counts.showdowns;
  a.seed = r.seed;
  a.stopped_by = r.stopped_by;
  fill_players(s, r.counts, a);
  set_error_bars(a, r.standard_error);
  if (s.automatic) a.reason = plan.reason;  // only automatic says why it sampled
  return a;
}

// How each way of the players' hidden down cards is counted (per-combo equity, the distribution):
// with the answer when it is exact and the count of the ways keeps within the limits (heads-up the
// pot's sweeps again from the second player's side; more players a walk for each hiding player but
// the first); else each way's own question, exact when all of them are within the limits; else each
// its own Monte Carlo run. A player with no hidden card has one line, the answer's counts.
void plan_per_combo(const Question& q, Plan& plan, PlannedQuestion& s) {
  const StudDeal& deal = *s.stud;
  const std::vector<int> hidden = hidden_cards(s);
  for (std::size_t p = 0; p < s.stud_hands.size(); ++p)
    if (s.stud_hands[p].random)
      s.parsed.warnings.push_back(player_name(p) +
                                  " is random: per-combo equity and the distribution list the ways of a hand's "
                                  "down cards not known, and a random hand's (every hand of the street) are not "
                                  "listed one by one");
  plan.per_combo_method = plan.method;
  if (std::none_of(hidden.begin(), hidden.end(), [](int u) { return u > 0; })) return;
  const Method asked = asked_method(q);
  const double limit = asked == Method::exact ? kStudExactDeals : kStudAutomaticDeals;
  if (plan.method == Method::exact) {
    double walks = 1;
    for (std::size_t p = 1; p < hidden.size(); ++p) walks += hidden[p] > 0 ? 1 : 0;
    // Heads-up the sweep gives each way with the answer when each player has four cards to come at most.
    if (deal.hands.size() == 2 ? most_to_come(deal) <= kStudSweepFewer : walks * plan.work.showdowns <= limit) {
      s.stud_ways_with_answer = true;
      return;
    }
  }
  double ways = 0, work = 0;
  bool enumerable = true;
  const int left = cards_left(deal);
  for (std::size_t p = 0; p < hidden.size(); ++p) {
    if (hidden[p] == 0) continue;
    const double count = static_cast<double>(choose(left, hidden[p]));
    ways += count;
    const StudDeal one = way_deal(deal, p, stud_hidden_ways(deal, hidden[p]).front());  // every way alike
    enumerable = enumerable && uncountable_reason(game_rules(q.game), one, stud_community_card(one)).empty() &&
                 (swept(one) || static_cast<double>(stud_deals(one)) <= kStudExactDeals);
    if (enumerable) work += count * std::max(stud_work(one), kStudWayWork);
  }
  if (asked != Method::monte_carlo && enumerable && work <= limit) {
    plan.per_combo_method = Method::exact;
    return;
  }
  // No flag names: the page shows this message as it is.
  if (ways > kStudSampledWays)
    throw InputError(
        "per-combo equity (each way of the hidden down cards, and the distribution) is sampled here "
        "(each way its own Monte Carlo run) and the players' hidden cards can be " +
        grouped_count(ways) + " ways, more than the " + grouped_count(kStudSampledWays) +
        " it samples: show more of the cards");
  plan.per_combo_method = Method::monte_carlo;
}

// A draw game's question only Monte Carlo answers: `reason` says why (when the planner chose it),
// and exact asked for is refused with `exact_refused`.
Plan plan_sampled(const Question& q, std::shared_ptr<PlannedQuestion> s, const std::string& reason,
                  const std::string& exact_refused) {
  const StudDeal& deal = *s->stud;
  const Method asked = asked_method(q);
  if (asked == Method::exact) throw InputError(exact_refused);
  s->automatic = asked == Method::automatic;
  Plan plan;
  plan.method = Method::monte_carlo;
  plan.reason = asked == Method::automatic ? reason : "Monte Carlo was asked for";
  plan.work.assignments = 1;
  plan.work.combos = static_cast<double>(deal.hands.size());
  plan.work.showdowns = static_cast<double>(stud_deals(deal));  // 0 when the draw runs past the stub
  plan.work.enumerable = false;                                 // --exact is refused: not suggested
  plan.question = std::move(s);
  return plan;
}

// Draws before the last: sampled under the drawing rule (exact counts the last draw only).
Plan plan_draws(const Question& q, std::shared_ptr<PlannedQuestion> s) {
  const std::string draws = std::to_string(s->stud->later_draws + 1) + " draws to come";
  return plan_sampled(q, std::move(s), draws + ": the draws before the last follow the drawing rule, sampled",
                      "exact: " + draws +
                          "; exact counts the last draw, the draws before it follow the drawing rule and are "
                          "sampled: ask for Monte Carlo (or one draw to come)");
}

// A draw that runs past the stub: the discards known shuffled back in, as the rules reshuffle them,
// which is sampled.
Plan plan_reshuffle(const Question& q, std::shared_ptr<PlannedQuestion> s) {
  const StudDeal& deal = *s->stud;
  std::size_t known = deal.dead.size();
  int drawn = 0;
  for (const auto& hand : deal.hands) known += hand.size(), drawn += deal.cards - static_cast<int>(hand.size());
  const std::string why = "the players draw " + std::to_string(drawn) + " cards and " +
                          std::to_string(kCards - static_cast<int>(known)) +
                          " are left: the discards are shuffled back in";
  return plan_sampled(q, std::move(s), why + " (the rules' reshuffle), sampled",
                      "exact: " + why + ", which is sampled: ask for Monte Carlo");
}

}  // namespace

Plan plan_stud(const Question& question) {
  check_stud_options(question);
  auto s = std::make_shared<PlannedQuestion>();
  s->question = question;
  const Question& q = s->question;
  s->stud.emplace();
  read_players(q, *s, s->stud_hands);
  s->stud->dead = parse_cards(q.dead, "dead cards");
  s->parsed.deal.dead = s->stud->dead;
  s->parsed.deal.game = q.game;
  const StudDeal& deal = *s->stud;
  const double deals = static_cast<double>(stud_deals(deal));  // checks the cards: twice, too few
  const bool community = stud_community_card(deal);
  if (community) {
    // A side pot's question without some players would deal every one his own seventh card.
    for (Player& player : s->parsed.players) player.removable = false;
    s->parsed.warnings.push_back(
        "the cards left cannot give every player a seventh card: it is one card dealt face "
        "up to all (a community card)");
  }
  if (deal.later_draws > 0) return plan_draws(q, std::move(s));
  if (stud_stub_runs_out(deal)) return plan_reshuffle(q, std::move(s));
  const bool heads_up = swept(deal);
  const std::string uncountable = uncountable_reason(game_rules(q.game), deal, community);
  const double work = uncountable.empty() ? stud_work(deal) : deals;
  const double swept_work = heads_up ? stud_sweep_work(deal, work, q.by_category) : 0;
  const double sweep_limit = stud_sweep_limit(deal, community);
  const auto offers = stud_offers(heads_up, uncountable.empty(), swept_work, sweep_limit, deals);
  const MethodOffer* chosen = cheapest(offers);
  Plan plan;
  plan.work.assignments = 1;
  plan.work.combos = static_cast<double>(deal.hands.size());
  plan.work.showdowns = deals;
  plan.work.sweep = heads_up;
  plan.work.enumerable = chosen != nullptr;
  const Method asked = asked_method(q);
  s->automatic = asked == Method::automatic;
  if (asked == Method::automatic) {
    const bool exact = chosen && chosen->within;
    plan.method = exact ? Method::exact : Method::monte_carlo;
    // The reason of the method of the deal's shape (the walk's too beyond what it takes on).
    plan.reason = uncountable.empty() ? reason_of(offers[heads_up ? 0 : 1], sweep_limit) : uncountable;
  } else {
    if (asked == Method::exact && !uncountable.empty())
      throw InputError("exact: " + uncountable + ": ask for Monte Carlo");
    if (asked == Method::exact && !plan.work.enumerable)
      throw InputError("exact would walk about " + grouped_count(deals) + " deals, more than the " +
                       grouped_count(kStudExactDeals) + " it takes on: ask for Monte Carlo");
    plan.method = asked;
    plan.reason = asked == Method::exact ? "exact enumeration was asked for" : "Monte Carlo was asked for";
  }
  if (plan.method == Method::exact) plan.exact_method = chosen->method;
  const bool per_combo = q.per_combo || q.distribution;
  if (per_combo) plan_per_combo(q, plan, *s);
  const std::vector<int> hidden = hidden_cards(*s);
  plan.quick = plan.method == Method::exact && work <= kQuickStudWork &&
               (!per_combo || s->stud_ways_with_answer ||
                std::all_of(hidden.begin(), hidden.end(), [](int u) { return u == 0; }));
  // Quick work runs its loops on the calling thread: starting the workers costs a new process more
  // (a 2-7 last draw heads-up, 34,440 deals: 2.8 ms of the question's seconds on two cores, 1.3 on one).
  s->serial = plan.quick;
  plan.question = std::move(s);
  return plan;
}

Answer answer_stud(const Plan& plan, const Stopwatch& clock) {
  const PlannedQuestion& s = *plan.question;
  const Question& q = s.question;
  Answer a = plan.method == Method::exact ? run_exact(plan, s) : run_monte_carlo(plan, s, clock);
  a.pot_units = kPotUnits;
  a.draw_rule = describe(s.stud->rule);
  // A Monte Carlo run stopped by the user is answered as it stands, without per-combo equity.
  if ((q.per_combo || q.distribution) && a.stopped_by != "cancelled") {
    fill_known_combos(s, a);
    const std::vector<int> hidden = hidden_cards(s);
    if (!s.stud_ways_with_answer && std::any_of(hidden.begin(), hidden.end(), [](int u) { return u > 0; }))
      each_way(plan, s, a, clock);
    if (a.per_combo_method == Method::automatic) a.per_combo_method = plan.per_combo_method;
    for (std::size_t p = 0; p < a.players.size(); ++p) {
      PlayerAnswer& player = a.players[p];
      if (s.stud_hands[p].random) continue;  // no ways listed: no distribution
      if (q.distribution) player.distribution = equity_distribution(player.per_combo);
      if (!q.per_combo) player.per_combo.clear();  // only the distribution was asked for
    }
  }
  return a;
}

}  // namespace equity::detail
