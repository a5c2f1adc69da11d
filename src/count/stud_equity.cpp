// The stud family's deal checked, its exact counts (stud_equity.hpp) from the sweep (heads-up,
// stud_sweep.hpp) or the walk (stud_walk.hpp), and the scorers' one-off form (stud_scorer.hpp).
#include "equity/stud_equity.hpp"

#include "equity/deal.hpp"
#include "equity/error.hpp"
#include "stud_sweep.hpp"
#include "stud_walk.hpp"

namespace equity {
namespace detail {

extern template StudSweepCounts stud_sweep<StudHighScorer>(const StudSetup& setup);
extern template StudSweepCounts stud_sweep<RazzScorer>(const StudSetup& setup);
extern template StudSweepCounts stud_sweep<StudHiLoScorer>(const StudSetup& setup);
extern template StudCounts stud_walk<StudHighScorer>(const StudSetup& setup, StudGame game,
                                                     const std::atomic<bool>* cancel);
extern template StudCounts stud_walk<RazzScorer>(const StudSetup& setup, StudGame game,
                                                 const std::atomic<bool>* cancel);
extern template StudCounts stud_walk<StudHiLoScorer>(const StudSetup& setup, StudGame game,
                                                     const std::atomic<bool>* cancel);

}  // namespace detail

namespace {

// The deal checked: 2..10 hands of 3..7 cards, no card twice, enough cards left for all.
detail::StudSetup stud_setup(const StudDeal& deal) {
  check_players(deal.hands.size());
  detail::StudSetup setup;
  CardSet seen;
  int needed = 0;
  for (std::size_t p = 0; p < deal.hands.size(); ++p) {
    const auto& hand = deal.hands[p];
    if (hand.size() < 3 || hand.size() > 7)
      throw InputError(player_name(p) + ": a stud hand so far has 3 to 7 cards, not " + std::to_string(hand.size()));
    for (Card c : hand) add_card(seen, c, player_name(p));
    setup.known.push_back(Hand(std::span<const Card>(hand)));
    setup.to_come.push_back(7 - static_cast<int>(hand.size()));
    needed += setup.to_come.back();
  }
  for (Card c : deal.dead) add_card(seen, c, "dead cards");
  setup.deck = (CardSet::full() - seen).cards();
  if (static_cast<int>(setup.deck.size()) < needed)
    throw InputError("the players need " + std::to_string(needed) + " more cards; " +
                     std::to_string(setup.deck.size()) + " are left");
  return setup;
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
    out.players[p].lows = s.own[p].lows;
  }
  const bool hi_lo = game == StudGame::stud_hilo;
  for (std::size_t part = 0; part < (hi_lo ? 2u : 1u); ++part) {
    const StudPartCounts& c = s.parts[part];
    out.players[0].parts[part] = c;
    out.players[1].parts[part] = {c.losses, c.ties, c.wins};
  }
  const std::uint64_t half = kPotUnits / 2, quarter = kPotUnits / 4;
  const StudPartCounts& high = s.parts[0];
  std::uint64_t units = kPotUnits * high.wins + half * high.ties;
  if (hi_lo) {
    const StudPartCounts& low = s.parts[1];
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

}  // namespace

double StudCounts::equity(std::size_t p) const {
  return showdowns == 0 ? 0.0
                        : static_cast<double>(players.at(p).pot_units) /
                              (static_cast<double>(kPotUnits) * static_cast<double>(showdowns));
}

StudCounts stud_exact(const StudDeal& deal, const StudExactOptions& options) {
  const StudExactMethod method = options.method;
  const detail::StudSetup setup = stud_setup(deal);
  if (method == StudExactMethod::sweep && deal.hands.size() != 2)
    throw InputError("the stud sweep counts 2 players, not " + std::to_string(deal.hands.size()));
  const bool sweep = method != StudExactMethod::walk && deal.hands.size() == 2;
  return with_stud_scorer(deal.game, [&](auto scorer) {
    using Scorer = decltype(scorer);
    return sweep ? assemble(deal.game, detail::stud_sweep<Scorer>(setup))
                 : detail::stud_walk<Scorer>(setup, deal.game, options.cancel);
  });
}

std::uint64_t stud_deals(const StudDeal& deal) {
  const detail::StudSetup setup = stud_setup(deal);
  // Each player's cards to come from the cards the players before left.
  std::uint64_t deals = 1;
  int left = static_cast<int>(setup.deck.size());
  for (int k : setup.to_come) {
    deals *= detail::kStudChoose[static_cast<std::size_t>(left)][static_cast<std::size_t>(k)];
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
    case StudGame::stud:
      break;
  }
  return "stud";
}

StudValue stud_value(StudGame game, std::span<const Card> cards) {
  if (cards.size() < 5 || cards.size() > 7)
    throw InputError(std::string(stud_game_name(game)) + ": a hand has 5, 6 or 7 cards, not " +
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
