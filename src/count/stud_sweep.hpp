#pragma once
// The heads-up stud sweep (stud_equity.hpp explains the counting), a template of the game's scorer
// (stud_scorer.hpp): it scores and sorts both players' completions and hands them to the sweep's
// kernels, the same for every game (stud_sweep_kernels.hpp, compiled once). Each game's instance is
// compiled in its own translation unit (stud_count_<game>.cpp); stud_equity.cpp only calls them.
// Completions and their numbering: stud_completions.hpp.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "equity/stud_equity.hpp"
#include "stud_completions.hpp"
#include "stud_sweep_kernels.hpp"

namespace equity::detail {

// What the sweep counts beyond the players' counts.
struct StudSweepOptions {
  // Each player's category_wins and category_ties: the second player's from a sweep of the high
  // (razz: the low) from his side, the first's from the same sweep as his wins.
  bool by_category = false;
  // Player p's counts per completion (StudCompletionCounts), for counts per instantiation of his
  // cards not known (stud_equity.cpp): the second player's from the pot's sweeps again, from his side.
  std::array<bool, 2> per_completion{};
  const std::atomic<bool>* cancel = nullptr;  // raised: Cancelled is thrown
};

// The first player's counts (the second's are their mirror), part by part; for stud Hi/Lo also the
// high's wins and ties over the pairs with no low on either side (the pot's second line).
struct StudSweepCounts {
  std::array<PartTally, 2> parts{};
  std::uint64_t showdowns = 0, no_low = 0;
  std::uint64_t no_low_high_wins = 0, no_low_high_ties = 0;
  // Each player's categories and lows, and with by_category the outcomes by category (the rest not set).
  std::array<PlayerTally, 2> own;
  std::array<std::uint64_t, 2> scoops_with_low{};   // Hi/Lo: each player's scoops with a low (stud_scoop.hpp)
  std::array<StudCompletionCounts, 2> completions;  // as StudSweepOptions::per_completion asks
};

template <class Scorer>
StudSweepCounts stud_sweep(const StudSetup& setup, const StudSweepOptions& options);

// ---- The game's counts ---------------------------------------------------------------------------

// One sweep's lists: both players' completions by increasing value, and the other player's values
// by colex index, from player `me`'s side. Line s < kParts is part s over every completion; line
// kParts (Hi/Lo) the high over the completions without a low (the others' values 0xffff: never
// counted).
struct StudSweepInput {
  std::vector<StudEntry> mine, theirs;
  std::vector<std::uint16_t> their_value;
};

template <class Scorer>
StudSweepInput stud_sweep_input(const std::array<StudScored<Scorer::kParts>, 2>& scored, std::size_t s,
                                std::size_t me) {
  const StudScored<Scorer::kParts>&mine = scored[me], &theirs = scored[1 - me];
  const std::size_t part = s < Scorer::kParts ? s : 0;
  const int values = Scorer::kValues[part];
  StudSweepInput in;
  if (s < Scorer::kParts) {
    const auto all = [](std::size_t) { return true; };
    // Hi/Lo's high: each entry's low beside (StudSweepOut::no_low).
    const std::vector<std::uint16_t>* low = Scorer::kParts == 2 && s == 0 ? &mine.value[1] : nullptr;
    in.mine = stud_sorted(mine.value[part], mine.packed, values, all, low);
    in.theirs = stud_sorted(theirs.value[part], theirs.packed, values, all);
    in.their_value = theirs.value[part];
    return in;
  }
  const auto& my_low = mine.value[1];
  const auto& their_low = theirs.value[1];
  in.mine = stud_sorted(mine.value[0], mine.packed, values, [&](std::size_t i) { return my_low[i] == 0; });
  in.theirs = stud_sorted(theirs.value[0], theirs.packed, values, [&](std::size_t i) { return their_low[i] == 0; });
  in.their_value = theirs.value[0];
  for (std::size_t i = 0; i < in.their_value.size(); ++i)
    if (their_low[i] != 0) in.their_value[i] = 0xffff;
  return in;
}

// The sweeps' sums as the first player's counts.
template <class Scorer, std::size_t Sweeps>
StudSweepCounts stud_sweep_counts(const std::array<StudSweepSums, Sweeps>& sums, std::uint64_t showdowns) {
  StudSweepCounts out;
  out.showdowns = showdowns;
  for (std::size_t part = 0; part < Scorer::kParts; ++part) {
    const StudSweepSums& s = sums[part];
    PartTally& c = out.parts[part];
    c.wins = s.wins;
    c.ties = s.ties;
    if (Scorer::kQualifier[part])
      out.no_low = s.zero_ties;  // no low on either side: not a tie of the low
    else
      c.ties += s.zero_ties;
    c.losses = showdowns - s.not_above;
  }
  if constexpr (Sweeps == 3) {
    out.no_low_high_wins = sums[2].wins;
    out.no_low_high_ties = sums[2].ties + sums[2].zero_ties;
  }
  return out;
}

// A player's showdowns by the category of his own hand and with a low: each of his completions
// meets as many of the opponent's, `each`.
template <class Scorer>
void stud_own_counts(const StudScored<Scorer::kParts>& scored, std::uint64_t each, PlayerTally& out) {
  for (std::size_t i = 0; i < scored.packed.size(); ++i) {
    typename Scorer::Score s{};
    for (std::size_t part = 0; part < Scorer::kParts; ++part) s[part] = scored.value[part][i];
    out.categories[static_cast<std::size_t>(Scorer::category(s))] += each;
    if (Scorer::kParts == 2 && s[Scorer::kParts - 1] != 0) out.lows += each;
  }
}

// Hi/Lo: the pairs player p scoops with a low (stud_scoops()), from his completions with a low.
// Against an opponent of more than four cards to come (whose sets are too many to count), the
// opponent's completions are the ones queried and p's counted, each value turned around (v to
// top - v; no low to above every low): p's completions above one in both are then below it in both.
// Those are the opponent's completions with a low; the scoops against his others are the pot's
// lines' sums (stud_scoops_against_no_low()).
template <class Scorer>
std::uint64_t stud_scoop_sweep(const std::array<StudScored<Scorer::kParts>, 2>& scored, std::size_t p,
                               const StudSetup& setup, const std::atomic<bool>* cancel) {
  const StudScored<Scorer::kParts>& me = scored[p];
  const StudScored<Scorer::kParts>& them = scored[1 - p];
  const int highs = Scorer::kValues[0];
  const int n = static_cast<int>(setup.deck.size());
  const auto has_low = [&](std::size_t i) { return me.value[1][i] != 0; };
  if (setup.to_come[1 - p] <= kStudSweepFewer) {
    const auto mine = stud_sorted(me.value[0], me.packed, highs, has_low, &me.value[1]);
    const auto theirs = stud_sorted(
        them.value[0], them.packed, highs, [](std::size_t) { return true; }, &them.value[1]);
    return stud_scoops(setup.to_come[p], setup.to_come[1 - p], mine, theirs, them.value[0].data(), them.value[1].data(),
                       n, cancel);
  }
  constexpr auto kTopLow = static_cast<std::uint16_t>(kLowRanks - 1);
  const auto turned = [&](const StudScored<Scorer::kParts>& side, bool mine_side) {
    std::array<std::vector<std::uint16_t>, 2> v;
    v[0].resize(side.packed.size());
    v[1].resize(side.packed.size());
    for (std::size_t i = 0; i < side.packed.size(); ++i) {
      v[0][i] = static_cast<std::uint16_t>(highs - 1 - side.value[0][i]);
      const std::uint16_t low = side.value[1][i];
      v[1][i] = mine_side && low == 0 ? std::uint16_t{0xffff} : static_cast<std::uint16_t>(kTopLow - low);
    }
    return v;
  };
  const auto my_turned = turned(me, true), their_turned = turned(them, false);
  const auto queried = stud_sorted(
      their_turned[0], them.packed, highs, [&](std::size_t i) { return them.value[1][i] != 0; }, &their_turned[1]);
  const auto counted = stud_sorted(my_turned[0], me.packed, highs, has_low, &my_turned[1]);
  return stud_scoops(setup.to_come[1 - p], setup.to_come[p], queried, counted, my_turned[0].data(), my_turned[1].data(),
                     n, cancel);
}

// Hi/Lo: the pairs player p scoops with a low against the opponent's completions without one, when
// those are not queried (stud_scoop_sweep(): the opponent, `lead`, of more than four cards to come),
// from the lead's sweeps of the pot's lines. Against such a completion X, p scoops with each of his
// completions sharing no card with X of a higher high and a low: the `each` sharing none, less
// those of a high not above X's (line 0's not above), less those without a low (line 1's ties at
// no low) of a higher high (less line 2's not above).
inline std::uint64_t stud_scoops_against_no_low(const std::array<StudSweepSums, 3>& lead, std::uint64_t no_lows,
                                                std::uint64_t each) {
  return no_lows * each - lead[0].not_above_no_low - lead[1].zero_ties + lead[2].not_above;
}

// A line's sums from the second player's side as the first player's: `pairs` the pairs the line
// counts (the outcomes by category are not turned: both sides' sweeps give them).
inline StudSweepSums stud_mirrored(const StudSweepSums& s, std::uint64_t pairs) {
  StudSweepSums m;
  m.wins = pairs - s.not_above;
  m.ties = s.ties;
  m.zero_ties = s.zero_ties;
  m.not_above = pairs - s.wins;
  return m;
}

// Each value of part 0's category (Scorer::category() reads part 0 alone).
template <class Scorer>
std::vector<std::uint8_t> stud_value_categories() {
  std::vector<std::uint8_t> category(static_cast<std::size_t>(Scorer::kValues[0]));
  for (std::size_t v = 0; v < category.size(); ++v) {
    typename Scorer::Score s{};
    s[0] = static_cast<std::uint16_t>(v);
    category[v] = static_cast<std::uint8_t>(Scorer::category(s));
  }
  return category;
}

// One sweep to run: a line of the pot (stud_sweep_input()) from player `me`'s side, or (line
// kScoops) player me's scoops with a low.
struct StudSweepTask {
  std::size_t line = 0, me = 0;
};
inline constexpr std::size_t kStudScoops = 99;

// Player me's completions' counts from his side's sweeps of the pot's lines (wins and ties of each,
// by colex index): part 0's wins and ties, and the pot units as the pot's lines add them up
// (stud_equity.hpp); a low tied at no low is not a tie of the low.
template <class Scorer>
void stud_completion_counts(const StudScored<Scorer::kParts>& me, const std::vector<std::uint64_t> (&wins)[3],
                            const std::vector<std::uint64_t> (&ties)[3], std::uint64_t each,
                            StudCompletionCounts& out) {
  const std::size_t size = me.packed.size();
  out.packed = me.packed;
  out.wins = wins[0];
  out.ties = ties[0];
  out.losses.resize(size);
  out.showdowns.assign(size, each);
  out.pot_units.assign(size, 0);
  const std::uint64_t half = kPotUnits / 2, quarter = kPotUnits / 4;
  for (std::size_t i = 0; i < size; ++i) {
    out.losses[i] = each - wins[0][i] - ties[0][i];
    if constexpr (Scorer::kParts == 1) {
      out.pot_units[i] = kPotUnits * wins[0][i] + half * ties[0][i];
    } else {
      const std::uint64_t low_ties = me.value[1][i] != 0 ? ties[1][i] : 0;
      out.pot_units[i] = half * wins[0][i] + quarter * ties[0][i] + half * wins[2][i] + quarter * ties[2][i] +
                         half * wins[1][i] + quarter * low_ties;
    }
  }
}

template <class Scorer>
StudSweepCounts stud_sweep(const StudSetup& setup, const StudSweepOptions& options) {
  const int n = static_cast<int>(setup.deck.size());
  const std::array<int, 2> to_come = {setup.to_come[0], setup.to_come[1]};
  // The pot's lines are swept from the side of the player whose sets are not counted: the first,
  // unless the second has more than four cards to come (then the first has four at most, but in a
  // pot of one part, which counts no scoops, he may have as many).
  const std::size_t lead = to_come[1] > kStudSweepFewer ? 1 : 0, other = 1 - lead;
  if (Scorer::kParts == 2 && to_come[other] > kStudSweepFewer)  // the scoops' rows: stud_scoop.hpp
    throw std::invalid_argument("the stud sweep: both players have more than four cards to come");
  std::array<StudScored<Scorer::kParts>, 2> scored;
  for (std::size_t p = 0; p < 2; ++p) scored[p] = stud_score<Scorer>(setup, p);
  // One sweep per line of the pot (stud_equity.hpp) from the lead's side, and for Hi/Lo each
  // player's scoops with a low; from the other player's side, the high (razz: the low) for the
  // counts by category, every line for the counts per completion (against a lead of more than four
  // cards to come, his sets counted: five or six cards each). Each split in ranges for the
  // threads the sweeps leave (a range after the first counts the other player's completions below
  // it again, so a sweep is split only for idle threads).
  constexpr auto kLines = static_cast<std::size_t>(stud_pot_lines(Scorer::kParts));
  std::vector<StudSweepTask> tasks;
  for (std::size_t line = 0; line < kLines; ++line) tasks.push_back({line, lead});
  if constexpr (Scorer::kParts == 2) tasks.insert(tasks.end(), {{kStudScoops, 0}, {kStudScoops, 1}});
  std::array<bool, kLines> other_swept{};
  for (std::size_t line = 0; line < kLines; ++line)
    if (options.per_completion[other] || (line == 0 && options.by_category)) {
      tasks.push_back({line, other});
      other_swept[line] = true;
    }
  const auto threads = static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  // A player of more than four cards to come makes each sweep long: split for every thread, so
  // that the sweeps of unequal lengths keep both busy to the end.
  const std::size_t parts =
      std::max(to_come[0], to_come[1]) > kStudSweepFewer ? threads : std::max<std::size_t>(1, threads / tasks.size());
  // Hi/Lo against a lead of more than four cards to come: the other's scoops with a low against
  // the lead's completions without a low are the lines' sums (stud_scoops_against_no_low()).
  const bool turned_scoops = Scorer::kParts == 2 && to_come[lead] > kStudSweepFewer;
  const std::vector<std::uint8_t> category =
      options.by_category ? stud_value_categories<Scorer>() : std::vector<std::uint8_t>{};
  std::array<std::array<StudSweepSums, kLines>, 2> sums;
  std::array<std::uint64_t, 2> scoops{};
  std::vector<std::uint64_t> wins[2][3], ties[2][3];  // per completion, [side][line]
  for (std::size_t me = 0; me < 2; ++me)
    if (options.per_completion[me])
      for (std::size_t line = 0; line < kLines; ++line) {
        wins[me][line].assign(scored[me].packed.size(), 0);
        ties[me][line].assign(scored[me].packed.size(), 0);
      }
  parallel_for(std::size_t{0}, tasks.size(), [&](std::size_t t) {
    const StudSweepTask task = tasks[t];
    if (task.line == kStudScoops) {
      scoops[task.me] = stud_scoop_sweep<Scorer>(scored, task.me, setup, options.cancel);
      return;
    }
    const StudSweepInput in = stud_sweep_input<Scorer>(scored, task.line, task.me);
    StudSweepOut out;
    out.cancel = options.cancel;
    if (task.line == 0 && options.by_category) out.category = category.data();
    out.no_low = turned_scoops && task.line == 0 && task.me == lead;
    if (options.per_completion[task.me]) {
      out.wins = wins[task.me][task.line].data();
      out.ties = ties[task.me][task.line].data();
    }
    sums[task.me][task.line] = stud_sweep_sorted(to_come[task.me], to_come[1 - task.me], in.mine, in.theirs,
                                                 in.their_value.data(), n, parts, out);
  });
  const auto a = static_cast<std::size_t>(to_come[0]), b = static_cast<std::size_t>(to_come[1]);
  const std::uint64_t mine = kStudChoose[static_cast<std::size_t>(n)][a];
  const std::array<std::uint64_t, 2> each = {kStudChoose[static_cast<std::size_t>(n) - a][b],
                                             kStudChoose[static_cast<std::size_t>(n) - b][a]};
  const std::uint64_t showdowns = mine * each[0];
  if (lead == 1) {  // the first player's sums where not swept: line 2 counts the pairs without a low
    std::array<std::uint64_t, kLines> pairs;
    pairs.fill(showdowns);
    if constexpr (kLines == 3) pairs[2] = sums[1][1].zero_ties;  // line 1's ties at none
    for (std::size_t line = 0; line < kLines; ++line)
      if (!other_swept[line]) sums[0][line] = stud_mirrored(sums[1][line], pairs[line]);
  }
  if constexpr (kLines == 3)
    if (turned_scoops) {
      const auto& low = scored[lead].value[1];
      const auto no_lows = static_cast<std::uint64_t>(std::count(low.begin(), low.end(), std::uint16_t{0}));
      scoops[1 - lead] += stud_scoops_against_no_low(sums[lead], no_lows, each[lead]);
    }
  StudSweepCounts out = stud_sweep_counts<Scorer>(sums[0], showdowns);
  out.scoops_with_low = scoops;
  for (std::size_t p = 0; p < 2; ++p) {
    stud_own_counts<Scorer>(scored[p], each[p], out.own[p]);
    if (options.by_category) {
      out.own[p].category_wins = sums[p][0].category_wins;
      out.own[p].category_ties = sums[p][0].category_ties;
    }
    if (options.per_completion[p])
      stud_completion_counts<Scorer>(scored[p], wins[p], ties[p], each[p], out.completions[p]);
  }
  return out;
}

}  // namespace equity::detail
