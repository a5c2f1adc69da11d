#include "equity/omaha_enumeration.hpp"

#include <tbb/blocked_range.h>

#include <algorithm>

#include "equity/detail/parallel.hpp"

namespace equity {

OmahaPlayerCounts& OmahaPlayerCounts::operator+=(const OmahaPlayerCounts& o) {
  wins += o.wins;
  ties += o.ties;
  losses += o.losses;
  low_wins += o.low_wins;
  low_ties += o.low_ties;
  lows += o.lows;
  scoops += o.scoops;
  pot_units += o.pot_units;
  for (std::size_t c = 0; c < categories.size(); ++c) categories[c] += o.categories[c];
  return *this;
}

OmahaCounts& OmahaCounts::operator+=(const OmahaCounts& o) {
  if (players.size() < o.players.size()) players.resize(o.players.size());
  for (std::size_t p = 0; p < o.players.size(); ++p) players[p] += o.players[p];
  showdowns += o.showdowns;
  return *this;
}

void score_omaha_showdown(std::span<const HandRank> highs, std::span<const LowRank> lows, bool hi_lo,
                          OmahaCounts& counts) {
  const std::size_t n = highs.size();
  const HandRank best_high = *std::max_element(highs.begin(), highs.end());
  const auto high_winners = static_cast<std::uint64_t>(std::count(highs.begin(), highs.end(), best_high));
  LowRank best_low = kNoLow;
  std::uint64_t low_winners = 0;
  if (hi_lo) {
    best_low = *std::max_element(lows.begin(), lows.end());
    if (best_low != kNoLow) low_winners = static_cast<std::uint64_t>(std::count(lows.begin(), lows.end(), best_low));
  }
  const std::uint64_t high_share = (best_low == kNoLow ? kPotUnits : kPotUnits / 2) / high_winners;
  const std::uint64_t low_share = low_winners == 0 ? 0 : kPotUnits / 2 / low_winners;
  for (std::size_t p = 0; p < n; ++p) {
    OmahaPlayerCounts& c = counts.players[p];
    const bool high = highs[p] == best_high;
    const bool low = best_low != kNoLow && lows[p] == best_low;
    c.wins += high && high_winners == 1;
    c.ties += high && high_winners > 1;
    c.losses += !high;
    ++c.categories[static_cast<std::size_t>(category_of(highs[p]))];
    if (hi_lo) {
      c.lows += lows[p] != kNoLow;
      c.low_wins += low && low_winners == 1;
      c.low_ties += low && low_winners > 1;
    }
    c.scoops += high && high_winners == 1 && (best_low == kNoLow || (low && low_winners == 1));
    c.pot_units += (high ? high_share : 0) + (low ? low_share : 0);
  }
  ++counts.showdowns;
}

namespace {

// Every way to choose `k` cards of `from`, as masks.
std::vector<std::uint64_t> completions(CardSet from, int k) {
  const std::vector<Card> cards = from.cards();
  std::vector<std::uint64_t> out;
  std::vector<int> pick(static_cast<std::size_t>(k));
  const int n = static_cast<int>(cards.size());
  if (k == 0) return {0};
  if (k > n) return {};
  for (int i = 0; i < k; ++i) pick[static_cast<std::size_t>(i)] = i;
  while (true) {
    std::uint64_t mask = 0;
    for (int i : pick) mask |= cards[static_cast<std::size_t>(i)].bit();
    out.push_back(mask);
    int i = k - 1;
    while (i >= 0 && pick[static_cast<std::size_t>(i)] == n - k + i) --i;
    if (i < 0) break;
    ++pick[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < k; ++j) pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
  }
  return out;
}

}  // namespace

// The plain method: every board scored one by one; the fast enumeration replaces it.
OmahaCounts enumerate_omaha(std::span<const CardSet> holes, CardSet board, CardSet dead, bool hi_lo, CardSet deck,
                            int threads) {
  CardSet used = board | dead;
  for (CardSet h : holes) used |= h;
  const std::vector<std::uint64_t> boards = completions(deck - used, 5 - board.size());
  const std::size_t n = holes.size();
  OmahaCounts empty;
  empty.players.resize(n);
  return detail::with_threads(threads, [&] {
    return detail::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, boards.size()), empty,
        [&](const tbb::blocked_range<std::size_t>& r, OmahaCounts counts) {
          std::vector<HandRank> highs(n);
          std::vector<LowRank> lows(n);
          for (std::size_t i = r.begin(); i != r.end(); ++i) {
            const CardSet full_board = board | CardSet(boards[i]);
            for (std::size_t p = 0; p < n; ++p) {
              highs[p] = omaha_high(holes[p], full_board);
              lows[p] = hi_lo ? omaha_low(holes[p], full_board) : kNoLow;
            }
            score_omaha_showdown(highs, lows, hi_lo, counts);
          }
          return counts;
        },
        [](OmahaCounts a, const OmahaCounts& b) { return a += b; });
  });
}

}  // namespace equity
