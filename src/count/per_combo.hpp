#pragma once
// Per-combo equity (Equilab's hand matrix): for every combo of a player's range, its equity against
// the other players' ranges, with the integer counts behind it.
//
// For hero combo h, board B and the opponents' assignments v (one combo per opponent, no card shared
// with h, B, the dead cards or each other), over every board completing B:
//   equity(h) = sum over v of weight(v) x pot share(h, v, board)  /  sum over v of weight(v) x boards
// where weight(v) is the product of the opponents' combo weights. Summed over h with weight(h), the
// numerator and the denominator are those of the player's whole range, so the per-combo equities,
// averaged with weights weight(h) x weighted_showdowns(h), give the player's equity exactly (and
// without weights, the integer shares and showdowns add up to the player's).
#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "equity/combo_equity.hpp"
#include "equity/deal.hpp"
#include "equity/enumeration.hpp"
#include "equity/range_equity.hpp"

namespace equity {

// Heads-up on a board of 3, 4 or 5 cards, exactly, for both players' combos (after card removal,
// in combo order). Each completed board's combos are evaluated once and sorted by rank; one sweep
// over the ranks with running sums per card then gives every combo's wins, ties and losses against
// the opponent's combos that share no card with it: about 1.3 million evaluations for two full
// ranges on a flop instead of 1.9 billion showdowns. In parallel over the boards with oneTBB;
// the numbers do not depend on the thread count. Throws InputError for a bad deal (see prepare()).
std::array<std::vector<ComboEquity>, 2> per_combo_heads_up(const RangeDeal& deal);
// The same for a deal prepare() has checked and expanded.
std::array<std::vector<ComboEquity>, 2> per_combo_heads_up(const PreparedDeal& prep);

// The same counts by plain showdowns: every alive combo of either range ranked once per completed
// board, then each pair of combos that share no card compared board by board (sixteen boards to a
// vector). Cheaper than the sweep's sorting and running sums when the ranges hold few combos; the
// planner chooses between them by heads_up_work(). In parallel over combos and pairs with oneTBB
// when `parallel`, else on the calling thread; the numbers do not depend on it.
std::array<std::vector<ComboEquity>, 2> per_combo_showdowns(const PreparedDeal& prep, bool parallel = true);

// The work of both heads-up methods on a prepared deal, counted: the boards completing the known
// board, the combos of either range (entries) and the pairs of combos that share no card.
struct HeadsUpWork {
  double boards = 0, entries = 0, pairs = 0;
  // In about nanoseconds of one core: showdowns ranks entries x boards hands and compares pairs x
  // boards ranks; the sweep ranks, sorts and sums every entry on every board, with a fixed cost per
  // board. Calibrated once (`equity ... --method sweep|showdowns --threads 1 --json`, seconds, on
  // shapes from two hands of small ranges to random against random), then only counted.
  double showdowns_cost() const { return 6 * entries * boards + 0.7 * pairs * (boards + 16); }
  double sweep_cost() const { return boards * (150 + 110 * entries); }
};
HeadsUpWork heads_up_work(const PreparedDeal& prep);

// Heads-up preflop (no board, no dead cards), exactly, for both players' combos, from the preflop
// table's representative result files in `hands_dir` (results/hands): each pair of combos is one
// line of its hero class's file after mapping suits, so any ranges and weights are answered (about
// 1.6 million lookups for two full ranges). Throws InputError when a needed file is missing or bad.
std::array<std::vector<ComboEquity>, 2> per_combo_from_table(const std::filesystem::path& hands_dir,
                                                             const RangeDeal& deal);

// One combo's counts from the exact answer of the deal in which its player holds just that combo
// (at weight 1): the player's counts, weighted showdowns = total weight x boards.
ComboEquity combo_equity_of(const RangeEquityResult& result, std::size_t player, int combo, double weight);

// The combos of each class (AA, AKs, AKo) added up: counts add, the weighted share and showdowns
// add weight(h) x each, and weight is the sum of the combos' weights. One entry per class present,
// in table order, with combo = the class index (hand_class.hpp).
std::vector<ComboEquity> per_class(const std::vector<ComboEquity>& combos);

}  // namespace equity
