// The one builder of a player's answer from his tally (player_answer.hpp).
#include "player_answer.hpp"

namespace equity::detail {

PlayerAnswer player_answer(const Player& player, std::uint64_t combos, const PlayerTally& t, TallyShown shown) {
  PlayerAnswer pa;
  pa.hand = player.label;
  pa.specific = player.specific;
  pa.combos = combos;
  pa.wins = t.parts[0].wins;
  pa.ties = t.parts[0].ties;
  pa.losses = t.parts[0].losses;
  if (shown.pot_units) pa.pot_units = t.pot_units;
  if (shown.halves) {
    pa.scoops = t.scoops;
    pa.low_wins = t.parts[1].wins;
    pa.low_ties = t.parts[1].ties;
    pa.lows = t.lows;
  }
  if (shown.by_category) {
    pa.category = t.categories;
    pa.category_wins = t.category_wins;
    pa.category_ties = t.category_ties;
  }
  return pa;
}

ComboEquity combo_line(int index, CardSet cards, std::uint64_t showdowns, const PartTally& part,
                       std::uint64_t pot_units) {
  ComboEquity e;
  e.combo = index;
  e.cards = cards.bits();
  e.wins = part.wins;
  e.ties = part.ties;
  e.losses = part.losses;
  e.share = pot_units;
  e.weighted_showdowns = static_cast<double>(showdowns);
  e.weighted_wins = static_cast<double>(part.wins);
  e.weighted_ties = static_cast<double>(part.ties);
  e.weighted_share = static_cast<double>(pot_units) / static_cast<double>(kPotUnits);
  return e;
}

}  // namespace equity::detail
