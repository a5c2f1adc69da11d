#pragma once
// The stud walk (stud_equity.hpp): any number of players, every deal of their cards to come with
// no card twice, each deal a showdown of the values scored once per completion
// (stud_completions.hpp); the last player's completions are grouped by outcome (stud_walk_last()). The work is the
// deals: for later streets. A template of the game's scorer, instantiated in each game's translation unit
// (stud_count_<game>.cpp).
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "equity/deal.hpp"
#include "equity/error.hpp"
#include "equity/stud_equity.hpp"
#include "stud_completions.hpp"

namespace equity::detail {

// With `first`, the first player's counts per completion too (filled whole).
template <class Scorer>
StudCounts stud_walk(const StudSetup& setup, StudGame game, const std::atomic<bool>* cancel, bool by_category,
                     StudCompletionCounts* first);

inline void add_counts(StudCounts& to, const StudCounts& from) {
  to.showdowns += from.showdowns;
  to.no_low += from.no_low;
  for (std::size_t p = 0; p < from.players.size(); ++p) {
    for (std::size_t part = 0; part < 2; ++part) {
      to.players[p].parts[part].wins += from.players[p].parts[part].wins;
      to.players[p].parts[part].ties += from.players[p].parts[part].ties;
      to.players[p].parts[part].losses += from.players[p].parts[part].losses;
    }
    to.players[p].pot_units += from.players[p].pot_units;
    for (std::size_t c = 0; c < kCategories; ++c) {
      to.players[p].categories[c] += from.players[p].categories[c];
      to.players[p].category_wins[c] += from.players[p].category_wins[c];
      to.players[p].category_ties[c] += from.players[p].category_ties[c];
    }
    to.players[p].lows += from.players[p].lows;
    to.players[p].scoops += from.players[p].scoops;
  }
}

template <class Scorer>
using StudScores = std::array<typename Scorer::Score, kMaxPlayers>;

// `weight` showdowns of these scores: each part to its best value (shared by equal values), a
// qualifier part that nobody makes to the other part; the pot in kPotUnits. Not the players' own
// counts (stud_own(), stud_category_outcome()). Returns who has part 0's best value, as bits.
template <class Scorer>
unsigned stud_outcome(const StudScores<Scorer>& s, std::size_t n, std::uint64_t weight, StudCounts& out) {
  out.showdowns += weight;
  std::array<unsigned, Scorer::kParts> winners{};  // per part: who has the best, as bits
  std::uint64_t awarded = 0;                       // parts with a winner
  for (std::size_t part = 0; part < Scorer::kParts; ++part) {
    std::uint16_t best = 0;
    for (std::size_t p = 0; p < n; ++p) best = std::max(best, s[p][part]);
    if (Scorer::kQualifier[part] && best == 0) {
      out.no_low += weight;
      continue;
    }
    for (std::size_t p = 0; p < n; ++p) winners[part] |= static_cast<unsigned>(s[p][part] == best) << p;
    const bool shared = std::popcount(winners[part]) > 1;
    for (std::size_t p = 0; p < n; ++p) {
      PartTally& c = out.players[p].parts[part];
      ((winners[part] >> p & 1) == 0 ? c.losses : shared ? c.ties : c.wins) += weight;
    }
    ++awarded;
  }
  for (std::size_t p = 0; p < n; ++p) {  // alone in every part awarded
    bool alone = true;
    for (std::size_t part = 0; part < Scorer::kParts; ++part) alone &= winners[part] == 0 || winners[part] == 1u << p;
    if (alone) out.players[p].scoops += weight;
  }
  for (std::size_t part = 0; part < Scorer::kParts; ++part) {
    if (winners[part] == 0) continue;
    const std::uint64_t share = kPotUnits / awarded / static_cast<std::uint64_t>(std::popcount(winners[part]));
    for (std::size_t p = 0; p < n; ++p)
      if (winners[part] >> p & 1) out.players[p].pot_units += share * weight;
  }
  return winners[0];
}

// With the counts by category: `weight` showdowns where the players of `winners` (bits) have part
// 0's best value, player p's own hand of category `category`.
inline void stud_category_outcome(unsigned winners, std::size_t p, int category, std::uint64_t weight, PlayerTally& c) {
  if ((winners >> p & 1) == 0) return;
  (std::popcount(winners) > 1 ? c.category_ties : c.category_wins)[static_cast<std::size_t>(category)] += weight;
}

// A player's own counts of `weight` showdowns: his hand's category, and whether he has a low.
template <class Scorer>
void stud_own(int category, bool low, std::uint64_t weight, PlayerTally& c) {
  c.categories[static_cast<std::size_t>(category)] += weight;
  if (low) c.lows += weight;
}

// Each player's completions as card masks (over positions) with their scores and categories.
template <class Scorer>
struct StudWalkSide {
  std::vector<std::uint64_t> cards;
  std::vector<typename Scorer::Score> score;
  std::vector<std::uint8_t> category;
};

template <class Scorer>
bool stud_has_low(const typename Scorer::Score& s) {
  return Scorer::kParts == 2 && s[Scorer::kParts - 1] != 0;
}

template <class Scorer>
StudWalkSide<Scorer> stud_walk_side(const StudSetup& setup, std::size_t p) {
  const StudScored<Scorer::kParts> scored = stud_score<Scorer>(setup, p);
  StudWalkSide<Scorer> side;
  const int k = setup.to_come[p];
  for (std::size_t i = 0; i < scored.packed.size(); ++i) {
    std::uint64_t mask = 0;
    for (int c = 0; c < k; ++c) mask |= std::uint64_t{1} << stud_position(scored.packed[i], c);
    side.cards.push_back(mask);
    typename Scorer::Score s{};
    for (std::size_t part = 0; part < Scorer::kParts; ++part) s[part] = scored.value[part][i];
    side.score.push_back(s);
    side.category.push_back(static_cast<std::uint8_t>(Scorer::category(s)));
  }
  return side;
}

// The last player's completions that share no card with `used`: grouped by how each part's value
// compares with the best of the other players' (below, equal, above), since the showdowns of a
// group end alike (the same players share each part), each group is scored once, weighted by its
// size, from one of its completions. His own counts are added one by one, the others' at once;
// ByCategory, so are the outcomes by category (his part 0 wins alone above the others' best, ties
// at it).
template <class Scorer, bool ByCategory>
void stud_walk_last(const std::vector<StudWalkSide<Scorer>>& sides, std::uint64_t used, StudScores<Scorer>& scores,
                    StudCounts& out) {
  const std::size_t n = sides.size(), last = n - 1;
  typename Scorer::Score best{};  // of the others
  for (std::size_t p = 0; p < last; ++p)
    for (std::size_t part = 0; part < Scorer::kParts; ++part) best[part] = std::max(best[part], scores[p][part]);
  constexpr std::size_t kGroups = Scorer::kParts == 2 ? 9 : 3;
  std::array<std::uint64_t, kGroups> size{};
  std::array<std::size_t, kGroups> example{};
  std::uint64_t dealt = 0;
  const StudWalkSide<Scorer>& side = sides[last];
  PlayerTally& own = out.players[last];
  for (std::size_t i = 0; i < side.cards.size(); ++i) {
    if ((side.cards[i] & used) != 0) continue;
    std::size_t group = 0;
    for (std::size_t part = 0; part < Scorer::kParts; ++part) {
      const std::uint16_t v = side.score[i][part];
      group = 3 * group + (v >= best[part]) + (v > best[part]);
    }
    if (size[group]++ == 0) example[group] = i;
    stud_own<Scorer>(side.category[i], stud_has_low<Scorer>(side.score[i]), 1, own);
    if constexpr (ByCategory) {
      const std::uint16_t v = side.score[i][0];
      if (v >= best[0]) ++(v > best[0] ? own.category_wins : own.category_ties)[side.category[i]];
    }
    ++dealt;
  }
  for (std::size_t p = 0; p < last; ++p)
    stud_own<Scorer>(Scorer::category(scores[p]), stud_has_low<Scorer>(scores[p]), dealt, out.players[p]);
  for (std::size_t g = 0; g < kGroups; ++g) {
    if (size[g] == 0) continue;
    scores[last] = side.score[example[g]];
    const unsigned winners = stud_outcome<Scorer>(scores, n, size[g], out);
    if constexpr (ByCategory)
      for (std::size_t p = 0; p < last; ++p)
        stud_category_outcome(winners, p, Scorer::category(scores[p]), size[g], out.players[p]);
  }
}

template <class Scorer, bool ByCategory>
void stud_walk_from(const std::vector<StudWalkSide<Scorer>>& sides, std::size_t level, std::uint64_t used,
                    StudScores<Scorer>& scores, StudCounts& out) {
  if (level + 1 == sides.size()) return stud_walk_last<Scorer, ByCategory>(sides, used, scores, out);
  const StudWalkSide<Scorer>& side = sides[level];
  for (std::size_t i = 0; i < side.cards.size(); ++i) {
    if ((side.cards[i] & used) != 0) continue;
    scores[level] = side.score[i];
    stud_walk_from<Scorer, ByCategory>(sides, level + 1, used | side.cards[i], scores, out);
  }
}

template <class Scorer>
StudCounts stud_walk(const StudSetup& setup, StudGame game, const std::atomic<bool>* cancel, bool by_category,
                     StudCompletionCounts* first) {
  const std::size_t n = setup.known.size();
  std::vector<StudWalkSide<Scorer>> sides;
  for (std::size_t p = 0; p < n; ++p) sides.push_back(stud_walk_side<Scorer>(setup, p));
  StudCounts zero;
  zero.game = game;
  zero.players.resize(n);
  // In parts of the first player's completions, added in order.
  const std::size_t completions = sides[0].cards.size(), parts = std::min<std::size_t>(completions, 256);
  if (first) {
    first->packed = stud_score<Scorer>(setup, 0).packed;
    for (auto* v : {&first->showdowns, &first->wins, &first->ties, &first->losses, &first->pot_units})
      v->assign(completions, 0);
  }
  std::vector<StudCounts> counts(parts, zero);
  parallel_for(std::size_t{0}, parts, [&](std::size_t part) {
    StudScores<Scorer> scores{};
    StudCounts& c = counts[part];
    for (std::size_t i = completions * part / parts; i < completions * (part + 1) / parts; ++i) {
      if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
      scores[0] = sides[0].score[i];
      const PartTally before = c.players[0].parts[0];
      const std::uint64_t showdowns = c.showdowns, units = c.players[0].pot_units;
      if (by_category)
        stud_walk_from<Scorer, true>(sides, 1, sides[0].cards[i], scores, c);
      else
        stud_walk_from<Scorer, false>(sides, 1, sides[0].cards[i], scores, c);
      if (first) {  // this completion's showdowns: what they added
        const PartTally& after = c.players[0].parts[0];
        first->showdowns[i] = c.showdowns - showdowns;
        first->wins[i] = after.wins - before.wins;
        first->ties[i] = after.ties - before.ties;
        first->losses[i] = after.losses - before.losses;
        first->pot_units[i] = c.players[0].pot_units - units;
      }
    }
  });
  StudCounts total = zero;
  for (const auto& c : counts) add_counts(total, c);
  return total;
}

}  // namespace equity::detail
