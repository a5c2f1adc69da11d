#include "equity/table_equity.hpp"

#include <Eigen/Core>
#include <array>
#include <cmath>
#include <vector>

#include "equity/error.hpp"

namespace equity {

namespace {

// A range as the table sees it: a specific hand, or a weight per class (0 = not in the range).
struct TableRange {
  std::optional<HoleCards> hand;
  Eigen::VectorXd weights = Eigen::VectorXd::Zero(kHandClasses);
  Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1> member =
      Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1>::Zero(kHandClasses);
};

// The classes outside the game's deck ("22" in short deck: only "random" holds them, and the deal
// leaves their combos out) stay at weight 0.
std::optional<TableRange> table_range(const Range& range, Game game) {
  TableRange out;
  if (range.specific()) {
    out.hand = range.combos().front().cards;
    return out;
  }
  static const auto class_combos = [] {  // each class's combo indices, listed once
    std::array<std::vector<int>, kHandClasses> lists;
    for (int c = 0; c < kHandClasses; ++c)
      lists[static_cast<std::size_t>(c)] = hand_classes()[static_cast<std::size_t>(c)].combo_indices();
    return lists;
  }();
  for (int c : classes_of(game)) {
    const std::optional<double> w = range.common_weight(class_combos[static_cast<std::size_t>(c)]);
    if (!w) return std::nullopt;  // part of a class, or weights that differ
    out.weights[c] = *w;
    out.member[c] = *w > 0 ? 1 : 0;
  }
  // Weights so small that a product of two underflows (1e-200) are scaled by one power of two to
  // a largest weight of about 1 (see RangeEquityResult::total_weight): the equity is unchanged.
  int exponent = 0;
  (void)std::frexp(out.weights.maxCoeff(), &exponent);
  if (exponent < -480) out.weights = out.weights.unaryExpr([&](double w) { return std::ldexp(w, -exponent); });
  return out;
}

RangePlayerCounts player_counts(std::uint64_t wins, std::uint64_t ties, std::uint64_t losses, double weighted_wins,
                                double weighted_ties, double weighted_losses) {
  RangePlayerCounts p;
  p.wins = wins;
  p.ties = ties;
  p.losses = losses;
  p.share = wins * kShareUnit + ties * (kShareUnit / 2);
  p.weighted_wins = weighted_wins;
  p.weighted_ties = weighted_ties;
  p.weighted_losses = weighted_losses;
  p.weighted_share =
      weighted_wins * static_cast<double>(kShareUnit) + weighted_ties * static_cast<double>(kShareUnit / 2);
  return p;
}

// Hero's counts, weighted and not, over the combo pairs of two ranges.
struct PairCounts {
  MatchupCounts counts;                               // unweighted, combos = combo pairs
  double combos = 0, wins = 0, ties = 0, losses = 0;  // weighted by the product of the weights
};

// Over the pairs of classes both ranges hold only (a range of a few classes costs a few lookups):
// the counts in integers, the weighted ones row by row as hero weight x (row . villain weights).
PairCounts class_versus_class(const PreflopTable& table, const TableRange& hero, const TableRange& villain) {
  std::array<int, kHandClasses> columns{};
  int n = 0;
  for (int j = 0; j < kHandClasses; ++j)
    if (villain.member[j] != 0) columns[static_cast<std::size_t>(n++)] = j;
  PairCounts out;
  for (int i = 0; i < kHandClasses; ++i) {
    if (hero.member[i] == 0) continue;
    double combos = 0, wins = 0, ties = 0, losses = 0;
    for (int k = 0; k < n; ++k) {
      const int j = columns[static_cast<std::size_t>(k)];
      const MatchupCounts m = table.classes(i, j);
      const double w = villain.weights[j];
      out.counts += m;
      combos += w * static_cast<double>(m.combos);
      wins += w * static_cast<double>(m.wins);
      ties += w * static_cast<double>(m.ties);
      losses += w * static_cast<double>(m.losses);
    }
    const double w = hero.weights[i];
    out.combos += w * combos;
    out.wins += w * wins;
    out.ties += w * ties;
    out.losses += w * losses;
  }
  return out;
}

PairCounts hand_versus_classes(const PreflopTable& table, HoleCards hand, const TableRange& villain) {
  const auto each = table.hand_versus_each_class(hand);
  PairCounts out;
  for (int c = 0; c < kHandClasses; ++c) {
    if (villain.member[c] == 0) continue;
    const MatchupCounts m = each[static_cast<std::size_t>(c)];
    const double w = villain.weights[c];
    out.counts += m;
    out.combos += w * static_cast<double>(m.combos);
    out.wins += w * static_cast<double>(m.wins);
    out.ties += w * static_cast<double>(m.ties);
    out.losses += w * static_cast<double>(m.losses);
  }
  return out;
}

PairCounts swapped(PairCounts p) {
  std::swap(p.counts.wins, p.counts.losses);
  std::swap(p.wins, p.losses);
  return p;
}

// Both ranges as the table sees them, or nullopt when the question does not have the table's shape.
std::optional<std::array<TableRange, 2>> table_ranges(const RangeDeal& deal) {
  if (deal.ranges.size() != 2 || !deal.board.empty() || !deal.dead.empty()) return std::nullopt;
  auto hero = table_range(deal.ranges[0], deal.game);
  if (!hero) return std::nullopt;
  auto villain = table_range(deal.ranges[1], deal.game);
  if (!villain) return std::nullopt;
  return std::array<TableRange, 2>{std::move(*hero), std::move(*villain)};
}

RangeEquityResult answer(const PreflopTable& table, const std::array<TableRange, 2>& ranges, const RangeDeal& deal) {
  const auto& [hero, villain] = ranges;
  PairCounts c;
  if (hero.hand && villain.hand) {
    c.counts = table.hands(*hero.hand, *villain.hand);
    c.combos = 1;
    c.wins = static_cast<double>(c.counts.wins);
    c.ties = static_cast<double>(c.counts.ties);
    c.losses = static_cast<double>(c.counts.losses);
  } else if (hero.hand) {
    c = hand_versus_classes(table, *hero.hand, villain);
  } else if (villain.hand) {
    c = swapped(hand_versus_classes(table, *villain.hand, hero));
  } else {
    c = class_versus_class(table, hero, villain);
  }
  if (c.counts.combos == 0) throw InputError("the two ranges cannot be dealt together without sharing a card");

  RangeEquityResult r;
  r.assignments = c.counts.combos;
  r.boards = preflop_boards(deal.game);
  r.total_weight = c.combos;
  r.weighted = deal.ranges[0].weighted() || deal.ranges[1].weighted();
  r.orbits = 0;
  // Combos left after removing the other player's specific cards, as enumeration reports them.
  for (int p = 0; p < 2; ++p) {
    const auto& other = p == 0 ? villain : hero;
    CardSet removed = out_of_deck(deal.game);
    if (other.hand) removed |= to_set((*other.hand)[0]) | to_set((*other.hand)[1]);
    std::size_t left = 0;
    deal.ranges[static_cast<std::size_t>(p)].for_each_combo([&](int i, double) {
      const auto cards = combo_cards(i);
      left += !removed.contains(cards[0]) && !removed.contains(cards[1]);
    });
    r.combos.push_back(left);
  }
  r.players.push_back(player_counts(c.counts.wins, c.counts.ties, c.counts.losses, c.wins, c.ties, c.losses));
  r.players.push_back(player_counts(c.counts.losses, c.counts.ties, c.counts.wins, c.losses, c.ties, c.wins));
  return r;
}

// Up to this many classes on the smaller side, their representative files (1,225 lines each) are
// read instead of the 28,561-row matrix file.
constexpr std::size_t kMostClassFiles = 16;

}  // namespace

bool table_answers(const RangeDeal& deal) {
  return game_rules(deal.game).preflop_table && table_ranges(deal).has_value();
}

std::optional<RangeEquityResult> table_equity(const PreflopTable& table, const RangeDeal& deal) {
  if (table.game() != deal.game)
    throw InputError("the preflop table of " + std::string(game_name(table.game())) + " cannot answer a " +
                     std::string(game_name(deal.game)) + " question");
  const auto ranges = table_ranges(deal);
  if (!ranges) return std::nullopt;
  return answer(table, *ranges, deal);
}

std::optional<RangeEquityResult> table_equity(const std::filesystem::path& dir, const RangeDeal& deal) {
  const auto ranges = table_ranges(deal);
  if (!ranges) return std::nullopt;
  const auto& [hero, villain] = *ranges;
  // A specific hand reads its own class's file, whatever the other side holds.
  if (hero.hand || villain.hand) return answer(PreflopTable::hand_files(dir, deal.game), *ranges, deal);
  std::array<std::vector<int>, 2> classes;
  for (std::size_t p = 0; p < 2; ++p)
    for (int c = 0; c < kHandClasses; ++c)
      if ((*ranges)[p].member[c] != 0) classes[p].push_back(c);
  const auto& fewer = classes[0].size() <= classes[1].size() ? classes[0] : classes[1];
  if (fewer.size() <= kMostClassFiles) return answer(PreflopTable::class_rows(dir, fewer, deal.game), *ranges, deal);
  const auto table = PreflopTable::load(dir, deal.game);
  if (!table) return std::nullopt;
  return answer(*table, *ranges, deal);
}

}  // namespace equity
