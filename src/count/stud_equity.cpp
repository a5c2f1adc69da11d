// The stud family's deal checked, its exact counts (stud_equity.hpp) from the sweep (heads-up,
// stud_sweep.hpp) or the walk (stud_walk.hpp), and the scorers' one-off form (stud_scorer.hpp).
#include "equity/stud_equity.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

#include "equity/deal.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "stud_sweep.hpp"
#include "stud_walk.hpp"

namespace equity {
namespace detail {

extern template StudSweepCounts stud_sweep<StudHighScorer>(const StudSetup& setup, const StudSweepOptions& options);
extern template StudSweepCounts stud_sweep<RazzScorer>(const StudSetup& setup, const StudSweepOptions& options);
extern template StudSweepCounts stud_sweep<StudHiLoScorer>(const StudSetup& setup, const StudSweepOptions& options);
extern template StudCounts stud_walk<StudHighScorer>(const StudSetup& setup, StudGame game,
                                                     const std::atomic<bool>* cancel, bool by_category,
                                                     StudCompletionCounts* first);
extern template StudCounts stud_walk<RazzScorer>(const StudSetup& setup, StudGame game, const std::atomic<bool>* cancel,
                                                 bool by_category, StudCompletionCounts* first);
extern template StudCounts stud_walk<StudHiLoScorer>(const StudSetup& setup, StudGame game,
                                                     const std::atomic<bool>* cancel, bool by_category,
                                                     StudCompletionCounts* first);
extern template StudSweepCounts stud_sweep<DeuceSevenScorer>(const StudSetup& setup, const StudSweepOptions& options);
extern template StudCounts stud_walk<DeuceSevenScorer>(const StudSetup& setup, StudGame game,
                                                       const std::atomic<bool>* cancel, bool by_category,
                                                       StudCompletionCounts* first);
extern template StudSweepCounts stud_sweep<BadugiScorer>(const StudSetup& setup, const StudSweepOptions& options);
extern template StudCounts stud_walk<BadugiScorer>(const StudSetup& setup, StudGame game,
                                                   const std::atomic<bool>* cancel, bool by_category,
                                                   StudCompletionCounts* first);
extern template StudSweepCounts stud_sweep<BadeucyScorer>(const StudSetup& setup, const StudSweepOptions& options);
extern template StudCounts stud_walk<BadeucyScorer>(const StudSetup& setup, StudGame game,
                                                    const std::atomic<bool>* cancel, bool by_category,
                                                    StudCompletionCounts* first);
extern template StudSweepCounts stud_sweep<BadaceyScorer>(const StudSetup& setup, const StudSweepOptions& options);
extern template StudCounts stud_walk<BadaceyScorer>(const StudSetup& setup, StudGame game,
                                                    const std::atomic<bool>* cancel, bool by_category,
                                                    StudCompletionCounts* first);

StudSetup stud_setup(const StudDeal& deal) {
  check_players(deal.hands.size());
  StudSetup setup;
  CardSet seen;
  int needed = 0;
  bool all_to_come = true;  // no player holds a seventh card yet
  const auto cards = static_cast<std::size_t>(deal.cards);
  for (std::size_t p = 0; p < deal.hands.size(); ++p) {
    const auto& hand = deal.hands[p];
    if (hand.size() > cards)
      throw InputError(player_name(p) + ": a " + std::string(stud_game_name(deal.game)) + " hand has at most " +
                       std::to_string(cards) + " cards, not " + std::to_string(hand.size()));
    for (Card c : hand) add_card(seen, c, player_name(p));
    setup.known.push_back(Hand(std::span<const Card>(hand)));
    setup.to_come.push_back(deal.cards - static_cast<int>(hand.size()));
    needed += setup.to_come.back();
    all_to_come = all_to_come && hand.size() < cards;
  }
  for (Card c : deal.dead) add_card(seen, c, "dead cards");
  setup.cards = deal.cards;
  setup.later_draws = deal.later_draws;
  setup.rule = deal.rule;
  setup.later_counts = deal.later_counts;
  setup.deck = (CardSet::full() - seen).cards();
  const int left = static_cast<int>(setup.deck.size()), players = static_cast<int>(deal.hands.size());
  if (deal.reshuffle)
    for (Card c : deal.dead) setup.pile.insert(c);
  if (left >= needed) return setup;
  const int discards = static_cast<int>(deal.dead.size());
  if (deal.reshuffle && left + discards >= needed) {
    setup.runs_out = true;
    return setup;
  }
  if (deal.reshuffle)
    throw InputError("the players draw " + std::to_string(needed) + " cards: " + std::to_string(left) +
                     " are left and " + std::to_string(discards) + " discards (--dead) to shuffle back in");
  if (!deal.community_card)
    throw InputError("the players draw " + std::to_string(needed) + " cards and " + std::to_string(left) +
                     " are left (the dead cards, discards too, are never drawn)");
  if (!all_to_come || left < needed - players + 1)
    throw InputError("the players need " + std::to_string(needed) + " more cards; " + std::to_string(left) +
                     " are left");
  setup.community = true;
  return setup;
}

}  // namespace detail

namespace {

// Every seventh card dealt face up to all: the counts of each community card added up, each the
// question with that card in every hand and out of the deck.
template <class Count>
StudCounts with_community_card(const detail::StudSetup& setup, StudGame game, Count count) {
  if (!setup.community) return count(setup);
  StudCounts total;
  for (std::size_t i = 0; i < setup.deck.size(); ++i) {
    detail::StudSetup one = setup;
    one.community = false;
    one.deck.erase(one.deck.begin() + static_cast<std::ptrdiff_t>(i));
    for (std::size_t p = 0; p < one.known.size(); ++p) {
      one.known[p] = one.known[p] + Hand(setup.deck[i]);
      --one.to_come[p];
    }
    const StudCounts c = count(one);
    if (i == 0)
      total = c;
    else
      detail::add_counts(total, c);
  }
  total.game = game;
  return total;
}

// The sweep's counts of the first player, and the second's as their mirror, with the pot units.
StudCounts assemble(StudGame game, const detail::StudSweepCounts& s) {
  StudCounts out;
  out.game = game;
  out.showdowns = s.showdowns;
  out.no_low = s.no_low;
  out.players.resize(2);
  for (std::size_t p = 0; p < 2; ++p) {
    out.players[p].categories = s.own[p].categories;
    out.players[p].category_wins = s.own[p].category_wins;
    out.players[p].category_ties = s.own[p].category_ties;
    out.players[p].lows = s.own[p].lows;
  }
  const bool hi_lo = stud_game_parts(game) == 2;
  for (std::size_t part = 0; part < (hi_lo ? 2u : 1u); ++part) {
    const PartTally& c = s.parts[part];
    out.players[0].parts[part] = c;
    out.players[1].parts[part] = {c.losses, c.ties, c.wins};
  }
  const std::uint64_t half = kPotUnits / 2, quarter = kPotUnits / 4;
  const PartTally& high = s.parts[0];
  std::uint64_t units = kPotUnits * high.wins + half * high.ties;
  if (hi_lo) {
    const PartTally& low = s.parts[1];
    units = half * high.wins + quarter * high.ties + half * s.no_low_high_wins + quarter * s.no_low_high_ties +
            half * low.wins + quarter * low.ties;
  }
  out.players[0].pot_units = units;
  out.players[0].scoops = hi_lo ? s.scoops_with_low[0] + s.no_low_high_wins : high.wins;
  out.players[1].scoops =
      hi_lo ? s.scoops_with_low[1] + (s.no_low - s.no_low_high_wins - s.no_low_high_ties) : high.losses;
  out.players[1].pot_units = kPotUnits * out.showdowns - units;
  return out;
}

// Every set of `u` of the cards `deck` (positions 0..n-1), in colex order.
std::vector<CardSet> colex_sets(const std::vector<Card>& deck, int u) {
  if (u < 0 || u > detail::kStudMaxToCome) throw InputError("stud: " + std::to_string(u) + " hidden cards");
  const std::size_t n = deck.size();
  std::vector<CardSet> sets(detail::kStudChoose[n][static_cast<std::size_t>(u)]);
  std::vector<std::size_t> at(static_cast<std::size_t>(u));
  for (std::size_t i = 0; i < at.size(); ++i) at[i] = i;
  for (auto& set : sets) {  // raise the lowest position that can rise, the ones below it back to the bottom
    for (std::size_t position : at) set.insert(deck[position]);
    for (std::size_t i = 0; i < at.size(); ++i) {
      if (i + 1 == at.size() || at[i] + 1 < at[i + 1]) {
        ++at[i];
        break;
      }
      at[i] = i;
    }
  }
  return sets;
}

// Every way of `u` hidden cards of the cards left, with no counts yet.
std::vector<StudHiddenCounts> hidden_ways(const detail::StudSetup& setup, int u) {
  std::vector<StudHiddenCounts> ways;
  for (CardSet cards : colex_sets(setup.deck, u)) ways.push_back({cards});
  return ways;
}

// Player p's counts per completion in the question `one` (the whole question, or it with a
// community card dealt) added to each way of his `u` hidden cards the completion holds (numbered
// by the whole question's deck, `setup`).
void add_hidden(const detail::StudSetup& setup, const detail::StudSetup& one, std::size_t p, int u,
                const detail::StudCompletionCounts& c, std::vector<StudHiddenCounts>& ways) {
  std::array<std::uint32_t, kCards> position{};  // a card's position in the whole question's deck
  for (std::size_t i = 0; i < setup.deck.size(); ++i) position[setup.deck[i].id()] = static_cast<std::uint32_t>(i);
  const int k = one.to_come[p];
  for (std::size_t i = 0; i < c.packed.size(); ++i) {
    for (unsigned m = 0; m < 1u << k; ++m) {
      if (std::popcount(m) != u) continue;
      std::uint32_t index = 0;
      std::size_t j = 0;
      for (int b = 0; b < k; ++b)  // the positions in increasing order: the colex index
        if (m >> b & 1)
          index += detail::kStudChoose[position[one.deck[detail::stud_position(c.packed[i], b)].id()]][++j];
      StudHiddenCounts& way = ways[index];
      way.showdowns += c.showdowns[i];
      way.wins += c.wins[i];
      way.ties += c.ties[i];
      way.losses += c.losses[i];
      way.pot_units += c.pot_units[i];
    }
  }
}

// The heads-up sweep counts a player of more than four cards to come (two down cards not known),
// in stud Hi/Lo against one of four at most, without each way of hidden cards.
void check_sweep(StudGame game, const detail::StudSetup& setup, const StudExactOptions& options) {
  const int community = setup.community ? 1 : 0;
  const int first = setup.to_come[0] - community, second = setup.to_come[1] - community;
  const int more = std::max(first, second), fewer = std::min(first, second);
  const bool hidden_ways = std::any_of(options.hidden.begin(), options.hidden.end(), [](int u) { return u > 0; });
  const std::string shape = "heads-up with " + std::to_string(more) + " cards not known or to come";
  switch (detail::stud_sweep_bar(more, fewer, stud_game_parts(game), hidden_ways)) {
    case detail::StudSweepBar::none:
      return;
    case detail::StudSweepBar::both_many:
      throw InputError("exact " + std::string(stud_game_name(game)) + " counts " + shape + " against at most " +
                       std::to_string(detail::kStudSweepFewer) + ", not " + std::to_string(fewer) +
                       " (show one player's down cards)");
    case detail::StudSweepBar::hidden_ways:
      throw InputError("exact stud counts " + shape + " without each way of the hidden cards");
  }
}

}  // namespace

double StudCounts::equity(std::size_t p) const {
  return showdowns == 0 ? 0.0
                        : static_cast<double>(players.at(p).pot_units) /
                              (static_cast<double>(kPotUnits) * static_cast<double>(showdowns));
}

StudCounts stud_exact(const StudDeal& deal, const StudExactOptions& options) {
  const StudExactMethod method = options.method;
  const detail::StudSetup setup = detail::stud_setup(deal);
  if (setup.later_draws > 0)
    throw InputError("exact counts the last draw; the draws before it follow the drawing rule and are sampled");
  if (setup.runs_out)
    throw InputError("the draw runs past the stub and the discards are shuffled back in, which is sampled");
  if (method == StudExactMethod::sweep && deal.hands.size() != 2)
    throw InputError("the stud sweep counts 2 players, not " + std::to_string(deal.hands.size()));
  if (method == StudExactMethod::sweep && !stud_sweep_takes(deal.game))
    throw InputError("the stud sweep does not count " + std::string(stud_game_name(deal.game)) + ": walk it");
  const int community = setup.community ? 1 : 0;
  for (std::size_t p = 0; p < setup.to_come.size(); ++p)
    if (setup.to_come[p] - community > detail::kStudMaxToCome)
      throw InputError(player_name(p) + ": exact stud counts at most " + std::to_string(detail::kStudMaxToCome) +
                       " unknown cards a player (third street: two down cards not known, four to come); this "
                       "hand has " +
                       std::to_string(setup.to_come[p]));
  const std::size_t players = deal.hands.size();
  const bool sweep = method != StudExactMethod::walk && players == 2 && stud_sweep_takes(deal.game);
  if (sweep) check_sweep(deal.game, setup, options);
  if (options.hidden.size() > players)
    throw InputError("hidden cards for " + std::to_string(options.hidden.size()) + " players; there are " +
                     std::to_string(players));
  std::vector<int> hidden(players, 0);
  for (std::size_t p = 0; p < options.hidden.size(); ++p) {
    hidden[p] = options.hidden[p];
    if (hidden[p] < 0 || hidden[p] > setup.to_come[p] - (setup.community ? 1 : 0))
      throw InputError(player_name(p) + ": " + std::to_string(hidden[p]) + " hidden cards of " +
                       std::to_string(setup.to_come[p] - (setup.community ? 1 : 0)) + " to come");
  }
  std::vector<std::vector<StudHiddenCounts>> ways(players);
  for (std::size_t p = 0; p < players; ++p)
    if (hidden[p] > 0) ways[p] = hidden_ways(setup, hidden[p]);
  return with_stud_scorer(deal.game, [&](auto scorer) {
    using Scorer = decltype(scorer);
    StudCounts total = with_community_card(setup, deal.game, [&](const detail::StudSetup& one) {
      if (sweep) {
        detail::StudSweepOptions sweep_options;
        sweep_options.by_category = options.by_category;
        sweep_options.cancel = options.cancel;
        for (std::size_t p = 0; p < 2; ++p) sweep_options.per_completion[p] = hidden[p] > 0;
        const detail::StudSweepCounts s = detail::stud_sweep<Scorer>(one, sweep_options);
        for (std::size_t p = 0; p < 2; ++p)
          if (hidden[p] > 0) add_hidden(setup, one, p, hidden[p], s.completions[p], ways[p]);
        return assemble(deal.game, s);
      }
      detail::StudCompletionCounts first;
      StudCounts c = detail::stud_walk<Scorer>(one, deal.game, options.cancel, options.by_category,
                                               hidden[0] > 0 ? &first : nullptr);
      if (hidden[0] > 0) add_hidden(setup, one, 0, hidden[0], first, ways[0]);
      for (std::size_t p = 1; p < players; ++p) {
        if (hidden[p] == 0) continue;
        detail::StudSetup swapped = one;  // the player first: the walk's counts per completion are his
        std::swap(swapped.known[0], swapped.known[p]);
        std::swap(swapped.to_come[0], swapped.to_come[p]);
        detail::StudCompletionCounts his;
        (void)detail::stud_walk<Scorer>(swapped, deal.game, options.cancel, false, &his);
        add_hidden(setup, swapped, 0, hidden[p], his, ways[p]);
      }
      return c;
    });
    if (std::any_of(hidden.begin(), hidden.end(), [](int u) { return u > 0; })) total.hidden = std::move(ways);
    return total;
  });
}

bool stud_community_card(const StudDeal& deal) { return detail::stud_setup(deal).community; }

bool stud_stub_runs_out(const StudDeal& deal) { return detail::stud_setup(deal).runs_out; }

std::vector<CardSet> stud_hidden_ways(const StudDeal& deal, int hidden) {
  return colex_sets(detail::stud_setup(deal).deck, hidden);
}

std::uint64_t stud_deals(const StudDeal& deal) {
  const detail::StudSetup setup = detail::stud_setup(deal);
  // The community card, then each player's cards to come from the cards the players before left.
  int left = static_cast<int>(setup.deck.size());
  std::uint64_t deals = setup.community ? static_cast<std::uint64_t>(left--) : 1;
  for (int k : setup.to_come) {
    k -= setup.community ? 1 : 0;
    if (k > left) return 0;  // the stub runs out: no deal of it alone
    const std::uint64_t ways = choose(left, k);
    deals = deals > UINT64_MAX / ways ? UINT64_MAX : deals * ways;  // saturated: more than any limit
    left -= k;
  }
  return deals;
}

std::string_view stud_game_name(StudGame game) {
  switch (game) {
    case StudGame::stud_hilo:
      return "stud-hilo";
    case StudGame::razz:
      return "razz";
    case StudGame::deuce_seven:
      return "2-7";
    case StudGame::badugi:
      return "badugi";
    case StudGame::badeucy:
      return "badeucy";
    case StudGame::badacey:
      return "badacey";
    case StudGame::stud:
      break;
  }
  return "stud";
}

StudValue stud_value(StudGame game, std::span<const Card> cards) {
  // The stud scorers take the best five of 5 to 7 cards; the draw games' a hand of their size.
  const std::size_t fewest = game == StudGame::badugi ? 4 : 5;
  const std::size_t most = game == StudGame::stud || game == StudGame::stud_hilo || game == StudGame::razz ? 7 : fewest;
  if (cards.size() < fewest || cards.size() > most)
    throw InputError(std::string(stud_game_name(game)) + ": a hand has " +
                     (fewest == most ? std::to_string(fewest) : "5, 6 or 7") + " cards, not " +
                     std::to_string(cards.size()));
  CardSet seen;
  for (Card c : cards) add_card(seen, c, stud_game_name(game));
  const Hand hand(cards);
  return with_stud_scorer(game, [&](auto scorer) {
    const auto score = decltype(scorer)::score(hand);
    StudValue v;
    v.high = score[0];
    if constexpr (decltype(scorer)::kParts == 2) v.low = static_cast<LowRank>(score[1]);
    return v;
  });
}

}  // namespace equity
