// The stud family's questions planned and answered (stud_calculate.hpp): the players' cards read
// by the game's deal order (stud_hand.hpp), counted exactly by stud_exact() (the sweep heads-up,
// the walk for more players) or sampled by stud_monte_carlo().
#include "stud_calculate.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "../tables/grouped_digits.hpp"
#include "count/stud_completions.hpp"
#include "count/stud_monte_carlo.hpp"
#include "equity/deal.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/stud_equity.hpp"
#include "equity/stud_hand.hpp"
#include "question.hpp"

namespace equity::detail {
namespace {

// The scorer a game's spec asks for: its pot ranking, and whether a low splits the pot.
StudGame scorer_of(const GameRules& rules) {
  if (rules.ranking == PotRanking::ace_to_five_low) return StudGame::razz;
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
  if (q.per_combo || q.distribution)
    throw InputError("per-combo equity and the distribution are for ranges; a " + game + " hand is its cards");
  if (q.hits) throw InputError("what a range hits is for the games with a board, not " + game);
}

// The players' hands, all on one street (a random hand on the others'), into the deal.
void read_players(const Question& q, PlannedQuestion& s, std::vector<StudHand>& hands) {
  const GameRules& rules = game_rules(q.game);
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
    s.parsed.players.push_back(std::move(player));
  }
}

// The most cards to come of any player (a card not known is one), besides a community card.
int most_to_come(const StudDeal& deal) {
  const bool community = stud_community_card(deal);
  std::size_t fewest = 7;
  for (const auto& h : deal.hands) fewest = std::min(fewest, h.size());
  return 7 - static_cast<int>(fewest) - (community ? 1 : 0);
}

// The work of exact: heads-up, the completions the sweep scores (and their subsets); else the deals.
double stud_work(const StudDeal& deal) {
  if (deal.hands.size() != 2) return static_cast<double>(stud_deals(deal));
  CardSet seen;
  for (const auto& h : deal.hands)
    for (Card c : h) seen.insert(c);
  for (Card c : deal.dead) seen.insert(c);
  const int left = kCards - seen.size();
  double work = 0;
  for (const auto& h : deal.hands) {
    const int k = 7 - static_cast<int>(h.size());
    work += static_cast<double>(choose(left, k)) * static_cast<double>(1 << k);
  }
  return work;
}

std::string unknown_reason(int to_come) {
  return "a player has " + std::to_string(to_come) + " cards not known or to come; exact counts at most " +
         std::to_string(kStudMaxToCome) + " (third street's four to come)";
}

// ---- The answer ---------------------------------------------------------------------------------

void fill_players(const PlannedQuestion& s, const StudCounts& c, Answer& a) {
  const bool hi_lo = game_rules(s.question.game).low;
  for (std::size_t p = 0; p < c.players.size(); ++p) {
    const StudPlayerCounts& pc = c.players[p];
    PlayerAnswer pa;
    pa.hand = s.parsed.players[p].label;
    pa.specific = s.parsed.players[p].specific;
    pa.combos = 1;
    pa.wins = pc.parts[0].wins;
    pa.ties = pc.parts[0].ties;
    pa.losses = pc.parts[0].losses;
    pa.equity = c.equity(p);
    pa.pot_units = pc.pot_units;
    if (hi_lo) {
      pa.scoops = pc.scoops;
      pa.low_wins = pc.parts[1].wins;
      pa.low_ties = pc.parts[1].ties;
      pa.lows = pc.lows;
    }
    if (s.question.by_category) {
      pa.category = pc.categories;
      pa.category_wins = pc.category_wins;
      pa.category_ties = pc.category_ties;
    }
    a.players.push_back(std::move(pa));
  }
}

Answer run_exact(const Plan& plan, const PlannedQuestion& s) {
  StudExactOptions options;
  options.cancel = s.question.cancel;
  options.by_category = s.question.by_category;
  const StudCounts c = stud_exact(*s.stud, options);
  Answer a;
  a.method = Method::exact;
  a.exact_method = plan.exact_method;
  a.assignments = 1;       // each player's cards are one hand
  a.boards = c.showdowns;  // the deals of the cards to come
  a.orbits = c.showdowns;
  fill_players(s, c, a);
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

}  // namespace

Plan plan_stud(const Question& question) {
  check_stud_options(question);
  auto s = std::make_shared<PlannedQuestion>();
  s->question = question;
  const Question& q = s->question;
  s->stud.emplace();
  std::vector<StudHand> hands;
  read_players(q, *s, hands);
  s->stud->dead = parse_cards(q.dead, "dead cards");
  s->parsed.deal.dead = s->stud->dead;
  s->parsed.deal.game = q.game;
  const StudDeal& deal = *s->stud;
  const double deals = static_cast<double>(stud_deals(deal));  // checks the cards: twice, too few
  if (stud_community_card(deal))
    s->parsed.warnings.push_back(
        "the cards left cannot give every player a seventh card: it is one card dealt face "
        "up to all (a community card)");
  const int to_come = most_to_come(deal);
  const bool heads_up = deal.hands.size() == 2;
  const double work = to_come <= kStudMaxToCome ? stud_work(deal) : deals;
  Plan plan;
  plan.work.assignments = 1;
  plan.work.combos = static_cast<double>(deal.hands.size());
  plan.work.showdowns = deals;
  plan.work.sweep = heads_up;
  plan.work.enumerable = to_come <= kStudMaxToCome && (heads_up || deals <= kStudExactDeals);
  const Method asked = asked_method(q);
  s->automatic = asked == Method::automatic;
  if (asked == Method::automatic) {
    const bool exact = plan.work.enumerable && (heads_up || deals <= kStudAutomaticDeals);
    plan.method = exact ? Method::exact : Method::monte_carlo;
    if (to_come > kStudMaxToCome)
      plan.reason = unknown_reason(to_come);
    else if (heads_up)
      plan.reason = "two players: each one's completions scored once and counted against the other's (the sweep)";
    else
      plan.reason = (exact ? "about " : "exact would walk about ") + grouped_count(deals) +
                    (exact ? " deals to walk, within the " : " deals, more than the ") +
                    grouped_count(kStudAutomaticDeals) + " walked automatically";
  } else {
    if (asked == Method::exact && to_come > kStudMaxToCome)
      throw InputError("exact: " + unknown_reason(to_come) + ": ask for Monte Carlo");
    if (asked == Method::exact && !plan.work.enumerable)
      throw InputError("exact would walk about " + grouped_count(deals) + " deals, more than the " +
                       grouped_count(kStudExactDeals) + " it takes on: ask for Monte Carlo");
    plan.method = asked;
    plan.reason = asked == Method::exact ? "exact enumeration was asked for" : "Monte Carlo was asked for";
  }
  if (plan.method == Method::exact) plan.exact_method = heads_up ? ExactMethod::sweep : ExactMethod::boards;
  plan.quick = plan.method == Method::exact && work <= kQuickStudWork;
  plan.question = std::move(s);
  return plan;
}

Answer answer_stud(const Plan& plan, const Stopwatch& clock) {
  const PlannedQuestion& s = *plan.question;
  Answer a = plan.method == Method::exact ? run_exact(plan, s) : run_monte_carlo(plan, s, clock);
  a.pot_units = kPotUnits;
  return a;
}

}  // namespace equity::detail
