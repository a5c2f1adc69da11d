#include "equity/omaha_enumeration.hpp"

#include <tbb/blocked_range.h>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "detail/parallel.hpp"

namespace equity {

OmahaCounts& OmahaCounts::operator+=(const OmahaCounts& o) {
  if (players.size() < o.players.size()) players.resize(o.players.size());
  for (std::size_t p = 0; p < o.players.size(); ++p) players[p] += o.players[p];
  showdowns += o.showdowns;
  if (side_pot_units.size() < o.side_pot_units.size()) side_pot_units.resize(o.side_pot_units.size());
  for (std::size_t l = 0; l < o.side_pot_units.size(); ++l) {
    auto& units = side_pot_units[l];
    if (units.size() < o.side_pot_units[l].size()) units.resize(o.side_pot_units[l].size());
    for (std::size_t p = 0; p < o.side_pot_units[l].size(); ++p) units[p] += o.side_pot_units[l][p];
  }
  return *this;
}

namespace {

// The category of each HandRank.
constexpr std::array<std::uint8_t, kHandRanks> kCategoryOf = [] {
  std::array<std::uint8_t, kHandRanks> c{};
  for (int r = 0; r < kHandRanks; ++r)
    c[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(category_of(static_cast<HandRank>(r)));
  return c;
}();

// The pot of `weight` showdowns alike: `high` the players with the best high (bit p for player
// p), `low` those with the best low (none: no low qualifies). Everything the counts say but the
// categories and the lows made, which are each player's own. The counters wrap modulo 2^64, so a
// weight of -w (2^64 - w) takes w showdowns away exactly: the flush pass replaces boards the main
// pass scored without flushes.
void add_outcome(unsigned high, unsigned low, std::uint64_t weight, OmahaCounts& counts) {
  const auto high_winners = static_cast<std::uint64_t>(std::popcount(high));
  const auto low_winners = static_cast<std::uint64_t>(std::popcount(low));
  const std::uint64_t high_share = (low == 0 ? kPotUnits : kPotUnits / 2) / high_winners;
  const std::uint64_t low_share = low == 0 ? 0 : kPotUnits / 2 / low_winners;
  for (std::size_t p = 0; p < counts.players.size(); ++p) {
    PlayerTally& c = counts.players[p];
    const bool h = (high >> p) & 1u, l = (low >> p) & 1u;
    c.parts[0].wins += (h && high_winners == 1) * weight;
    c.parts[0].ties += (h && high_winners > 1) * weight;
    c.parts[0].losses += !h * weight;
    c.parts[1].wins += (l && low_winners == 1) * weight;
    c.parts[1].ties += (l && low_winners > 1) * weight;
    c.parts[1].losses += (low != 0 && !l) * weight;
    c.scoops += (h && high_winners == 1 && (low == 0 || (l && low_winners == 1))) * weight;
    c.pot_units += ((h ? high_share : 0) + (l ? low_share : 0)) * weight;
  }
  counts.showdowns += weight;
}

using Winners = OmahaWinners;
inline Winners winners(const HandRank* highs, const LowRank* lows, std::size_t n, bool hi_lo) {
  return omaha_winners(highs, lows, n, hi_lo);
}

// Each player's own part of `weight` showdowns: the high's category and whether a low is made.
inline void add_own(const HandRank* highs, const LowRank* lows, std::size_t n, bool hi_lo, std::uint64_t weight,
                    OmahaCounts& counts) {
  for (std::size_t p = 0; p < n; ++p) {
    PlayerTally& c = counts.players[p];
    c.categories[kCategoryOf[highs[p]]] += weight;
    if (hi_lo) c.lows += (lows[p] != kNoLow) * weight;
  }
}

}  // namespace

void add_omaha_outcome(OmahaWinners w, std::uint64_t weight, OmahaCounts& counts) {
  add_outcome(w.high, w.low, weight, counts);
}

void score_omaha_showdown(std::span<const HandRank> highs, std::span<const LowRank> lows, bool hi_lo,
                          OmahaCounts& counts) {
  const std::size_t n = highs.size();
  const Winners w = winners(highs.data(), lows.data(), n, hi_lo);
  add_own(highs.data(), lows.data(), n, hi_lo, 1, counts);
  add_outcome(w.high, w.low, 1, counts);
}

namespace {

constexpr std::size_t kMaxOmahaPlayers = 10;

// A player's hole cards as the enumeration reads them.
struct Player {
  std::array<std::uint8_t, 15> pairs{};  // the distinct rank pairs (detail::kRankPairIndex)
  int n_pairs = 0;
  unsigned low = 0;                       // detail::low_mask()
  std::array<unsigned, kSuits> suited{};  // ranks held of each suit
};

Player player_of(CardSet hole) {
  Player p;
  const std::vector<Card> cards = hole.cards();
  for (std::size_t i = 0; i < cards.size(); ++i)
    for (std::size_t j = i + 1; j < cards.size(); ++j) {
      const std::uint8_t pair =
          detail::kRankPairIndex[static_cast<std::size_t>(kRanks * cards[i].rank() + cards[j].rank())];
      if (std::find(p.pairs.begin(), p.pairs.begin() + p.n_pairs, pair) == p.pairs.begin() + p.n_pairs)
        p.pairs[static_cast<std::size_t>(p.n_pairs++)] = pair;
    }
  p.low = detail::low_mask(hole);
  for (int s = 0; s < kSuits; ++s) p.suited[static_cast<std::size_t>(s)] = hole.suit_ranks(s);
  return p;
}

inline HandRank high_of(const HandRank* row, const Player& p) {
  HandRank best = 0;
  for (int i = 0; i < p.n_pairs; ++i) best = std::max(best, row[p.pairs[static_cast<std::size_t>(i)]]);
  return best;
}

// A multiset of ranks dealt: the sum of their rank keys and the card sets that have them.
struct RankMultiset {
  std::uint32_t key = 0;
  std::uint64_t weight = 0;
};

constexpr std::array<std::array<std::uint64_t, 5>, 5> kChoose = {
    {{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}}};

// Every multiset of `k` ranks with at most avail[r] of rank r.
std::vector<RankMultiset> rank_multisets(const std::array<int, kRanks>& avail, int k) {
  std::vector<RankMultiset> out;
  auto rec = [&](auto&& self, int rank, int left, std::uint32_t key, std::uint64_t weight) -> void {
    if (left == 0) {
      out.push_back({key, weight});
      return;
    }
    if (rank < 0) return;
    const auto r = static_cast<std::size_t>(rank);
    const int a = avail[r];
    for (int c = 0; c <= std::min(a, left); ++c)
      self(self, rank - 1, left - c, key + static_cast<std::uint32_t>(c) * detail::kRankKeys[r],
           weight * kChoose[static_cast<std::size_t>(a)][static_cast<std::size_t>(c)]);
  };
  rec(rec, kRanks - 1, k, 0u, 1);
  return out;
}

// The boards a flush can change: `dealt` cards of `suit` (their ranks and rank keys), the rest of
// the board from the other suits.
struct FlushTask {
  int suit = 0;
  unsigned dealt = 0;
  std::uint32_t key = 0;
  int others = 0;  // how many cards of the other suits complete the board
};

// The whole enumeration's fixed parts.
struct Setup {
  const detail::OmahaTables* tables = nullptr;
  std::size_t n = 0;
  bool hi_lo = false;
  std::array<Player, kMaxOmahaPlayers> players{};
  std::uint32_t board_key = 0;                  // the known board's rank keys
  std::array<unsigned, kSuits> board_suited{};  // the known board's ranks of each suit
  // The main pass's highs (without flushes) and lows, n a board row (each row is one multiset of
  // the main pass, so its writes never meet), for the flush pass.
  HandRank* row_highs = nullptr;
  LowRank* row_lows = nullptr;

  unsigned row_of(std::uint32_t dealt_key) const {
    return tables->row_of_class[rank_only_value(board_key + dealt_key)];
  }
  // Every player's non-flush high and low on a board row.
  void score_row(unsigned row, std::array<HandRank, kMaxOmahaPlayers>& highs,
                 std::array<LowRank, kMaxOmahaPlayers>& lows) const {
    const HandRank* high_row = tables->high[row].data();
    for (std::size_t p = 0; p < n; ++p) highs[p] = high_of(high_row, players[p]);
    if (hi_lo) {
      const LowRank* low_row = &tables->low[static_cast<std::size_t>(tables->board_low_mask[row]) << 8];
      for (std::size_t p = 0; p < n; ++p) lows[p] = low_row[players[p].low];
    }
  }
};

OmahaCounts empty_counts(std::size_t n) {
  OmahaCounts c;
  c.players.resize(n);
  return c;
}

// Showdowns tallied by their winners (high winners | low winners << n), turned into counts.
void add_by_winners(const std::vector<std::uint64_t>& by_winners, std::size_t n, OmahaCounts& counts) {
  for (std::size_t i = 0; i < by_winners.size(); ++i)
    if (by_winners[i] != 0)
      add_outcome(static_cast<unsigned>(i & ((1u << n) - 1)), static_cast<unsigned>(i >> n), by_winners[i], counts);
}

// The winners among the players of `among` alone (bit p for player p): a side pot's.
inline Winners winners_among(const HandRank* highs, const LowRank* lows, bool hi_lo, unsigned among) {
  Winners w;
  HandRank best_high = 0;
  for (unsigned m = among; m; m &= m - 1) best_high = std::max(best_high, highs[std::countr_zero(m)]);
  for (unsigned m = among; m; m &= m - 1)
    w.high |= static_cast<unsigned>(highs[std::countr_zero(m)] == best_high) << std::countr_zero(m);
  if (hi_lo) {
    LowRank best_low = kNoLow;
    for (unsigned m = among; m; m &= m - 1) best_low = std::max(best_low, lows[std::countr_zero(m)]);
    if (best_low != kNoLow)
      for (unsigned m = among; m; m &= m - 1)
        w.low |= static_cast<unsigned>(lows[std::countr_zero(m)] == best_low) << std::countr_zero(m);
  }
  return w;
}

// A pass's sums: each player's own counts, and the showdowns by who wins the high and the low
// (high winners | low winners << n: at most 2^12 of them for up to 6 players; more players are
// scored at once), turned into counts by add_outcome() once at the end.
constexpr std::size_t kMaxTalliedPlayers = 6;

// The side pots' sums (SidePots): each side pot's showdowns by its winners among its own players,
// as the whole pot's.
struct SideTally {
  SidePots sides;
  std::vector<OmahaCounts> counts;                     // a side pot's pot units, more than 6 players
  std::vector<std::vector<std::uint64_t>> by_winners;  // a side pot's showdowns by its winners
  // A side pot of two players (a, b): its showdowns by outcome, 4 x high + low, high 0 (a wins),
  // 1 (b wins) or 2 (a split), low 0 (none), 1 (a), 2 (b) or 3 (a split): no loop over players.
  struct Pair {
    std::size_t pot = 0;  // its index in `sides`
    unsigned players = 0;
    std::uint8_t a = 0, b = 0;
    std::array<std::uint64_t, 12> outcomes{};
  };
  std::array<Pair, 10> pairs{};
  std::size_t n_pairs = 0;

  // For n players, whose whole pot is tallied by winners when `by_outcome`.
  SideTally(const SidePots& side_pots, std::size_t n, bool by_outcome) : sides(side_pots) {
    const auto count = static_cast<std::size_t>(sides.count);
    for (std::size_t l = 0; l < count; ++l) {
      const unsigned players = sides.players[l];
      if (std::popcount(players) != 2) continue;
      Pair& pair = pairs[n_pairs++];
      pair.pot = l;
      pair.players = players;
      pair.a = static_cast<std::uint8_t>(std::countr_zero(players));
      pair.b = static_cast<std::uint8_t>(std::countr_zero(players & (players - 1)));
    }
    // No allocation for a pair's (a copy of the tally for each task of the passes makes them).
    by_winners.resize(count);
    if (!by_outcome)
      counts.assign(count, empty_counts(n));
    else
      for (std::size_t l = 0; l < count; ++l)
        if (std::popcount(sides.players[l]) != 2) by_winners[l].assign(std::size_t{1} << (2 * n), 0);
  }

  // Each side pot's winners among its players; only the side pots of the players in `among`.
  void add(const HandRank* highs, const LowRank* lows, std::size_t n, bool hi_lo, std::uint64_t weight,
           unsigned among = ~0u) {
    for (std::size_t i = 0; i < n_pairs; ++i) {
      Pair& pair = pairs[i];
      if ((pair.players & among) == 0) continue;
      const HandRank a = highs[pair.a], b = highs[pair.b];
      const unsigned high = static_cast<unsigned>(a < b) + 2u * (a == b);
      unsigned low = 0;
      if (hi_lo) {
        const LowRank la = lows[pair.a], lb = lows[pair.b];
        low = (la | lb) == kNoLow ? 0u : la > lb ? 1u : la < lb ? 2u : 3u;
      }
      pair.outcomes[4 * high + low] += weight;
    }
    if (n_pairs == static_cast<std::size_t>(sides.count)) return;
    for (std::size_t l = 0; l < static_cast<std::size_t>(sides.count); ++l) {
      const unsigned players = sides.players[l];
      if ((players & among) == 0 || std::popcount(players) == 2) continue;
      const Winners w = winners_among(highs, lows, hi_lo, players);
      if (by_winners[l].empty())
        add_outcome(w.high, w.low, weight, counts[l]);
      else
        by_winners[l][w.high | w.low << n] += weight;
    }
  }
  SideTally& operator+=(const SideTally& o) {
    for (std::size_t l = 0; l < counts.size(); ++l) counts[l] += o.counts[l];
    for (std::size_t l = 0; l < by_winners.size(); ++l)
      for (std::size_t i = 0; i < by_winners[l].size(); ++i) by_winners[l][i] += o.by_winners[l][i];
    for (std::size_t p = 0; p < n_pairs; ++p)
      for (std::size_t i = 0; i < 12; ++i) pairs[p].outcomes[i] += o.pairs[p].outcomes[i];
    return *this;
  }
  // Each side pot's pot units by player.
  std::vector<std::vector<std::uint64_t>> pot_units(std::size_t n) && {
    if (counts.empty()) counts.assign(by_winners.size(), empty_counts(n));
    for (std::size_t l = 0; l < by_winners.size(); ++l) add_by_winners(by_winners[l], n, counts[l]);
    for (std::size_t p = 0; p < n_pairs; ++p) {
      const Pair& pair = pairs[p];
      const unsigned a = 1u << pair.a, b = 1u << pair.b, both = a | b;
      const std::array<unsigned, 3> high = {a, b, both};
      const std::array<unsigned, 4> low = {0u, a, b, both};
      for (std::size_t i = 0; i < 12; ++i)
        if (pair.outcomes[i] != 0) add_outcome(high[i / 4], low[i % 4], pair.outcomes[i], counts[pair.pot]);
    }
    std::vector<std::vector<std::uint64_t>> units;
    for (const OmahaCounts& side : counts) {
      units.emplace_back();
      for (const PlayerTally& c : side.players) units.back().push_back(c.pot_units);
    }
    return units;
  }
};

// The whole pot's sums, and with kSidePots the side pots' (none in the plain question's tally,
// which every task of the passes copies).
struct NoSideTally {};

template <bool kSidePots>
struct Tally {
  OmahaCounts counts;
  std::vector<std::uint64_t> outcomes;
  [[no_unique_address]] std::conditional_t<kSidePots, SideTally, NoSideTally> side;

  Tally(std::size_t n, const SidePots& side_pots)
      : counts(empty_counts(n)),
        outcomes(n <= kMaxTalliedPlayers ? std::size_t{1} << (2 * n) : 0),
        side(make_side(side_pots, n, !outcomes.empty())) {}

  static auto make_side(const SidePots& side_pots, std::size_t n, bool by_outcome) {
    if constexpr (kSidePots)
      return SideTally(side_pots, n, by_outcome);
    else
      return NoSideTally{};
  }

  void add(const HandRank* highs, const LowRank* lows, std::size_t n, bool hi_lo, std::uint64_t weight) {
    const Winners w = winners(highs, lows, n, hi_lo);
    add_own(highs, lows, n, hi_lo, weight, counts);
    if (outcomes.empty())
      add_outcome(w.high, w.low, weight, counts);
    else
      outcomes[w.high | w.low << n] += weight;
    if constexpr (kSidePots) side.add(highs, lows, n, hi_lo, weight);
  }
  // `weight` showdowns scored with the highs `before` are scored with `after` instead.
  void replace(const HandRank* before, const HandRank* after, const LowRank* lows, std::size_t n, bool hi_lo,
               std::uint64_t weight) {
    const std::uint64_t minus = std::uint64_t{0} - weight;
    [[maybe_unused]] unsigned changed = 0;  // the players whose high changed
    for (std::size_t p = 0; p < n; ++p)
      if (before[p] != after[p]) {
        auto& categories = counts.players[p].categories;
        categories[kCategoryOf[after[p]]] += weight;
        categories[kCategoryOf[before[p]]] += minus;
        if constexpr (kSidePots) changed |= 1u << p;
      }
    const Winners old_winners = winners(before, lows, n, hi_lo), new_winners = winners(after, lows, n, hi_lo);
    if (outcomes.empty()) {
      add_outcome(old_winners.high, old_winners.low, minus, counts);
      add_outcome(new_winners.high, new_winners.low, weight, counts);
    } else {
      outcomes[old_winners.high | old_winners.low << n] += minus;
      outcomes[new_winners.high | new_winners.low << n] += weight;
    }
    if constexpr (kSidePots) {  // a side pot whose players' highs are the same is won the same
      side.add(before, lows, n, hi_lo, minus, changed);
      side.add(after, lows, n, hi_lo, weight, changed);
    }
  }
  Tally& operator+=(const Tally& o) {
    counts += o.counts;
    for (std::size_t i = 0; i < outcomes.size(); ++i) outcomes[i] += o.outcomes[i];
    if constexpr (kSidePots) side += o.side;
    return *this;
  }
  OmahaCounts finish() && {
    const std::size_t n = counts.players.size();
    add_by_winners(outcomes, n, counts);
    if constexpr (kSidePots) counts.side_pot_units = std::move(side).pot_units(n);
    return std::move(counts);
  }
};

// Main pass: every board by its ranks alone, flushes ignored.
template <bool kSidePots>
Tally<kSidePots> main_pass(const Setup& setup, const SidePots& sides, const std::vector<RankMultiset>& multisets) {
  return detail::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, multisets.size(), 256), Tally<kSidePots>(setup.n, sides),
      [&](const tbb::blocked_range<std::size_t>& r, Tally<kSidePots> counts) {
        std::array<HandRank, kMaxOmahaPlayers> highs{};
        std::array<LowRank, kMaxOmahaPlayers> lows{};
        for (std::size_t i = r.begin(); i != r.end(); ++i) {
          const unsigned row = setup.row_of(multisets[i].key);
          setup.score_row(row, highs, lows);
          counts.add(highs.data(), lows.data(), setup.n, setup.hi_lo, multisets[i].weight);
          std::copy_n(highs.begin(), setup.n, setup.row_highs + row * setup.n);
          std::copy_n(lows.begin(), setup.n, setup.row_lows + row * setup.n);
        }
        return counts;
      },
      [](Tally<kSidePots> a, const Tally<kSidePots>& b) { return std::move(a += b); });
}

// Flush pass: the boards with three or more cards of a suit some player holds twice or more,
// rescored with the flushes where one changes a high (the main pass's score taken away). Runs
// after the main pass, whose highs and lows by board row it reads. N: the number of players when
// it is two or three (its loops then unroll: most questions), else 0 (setup.n's).
template <bool kSidePots, std::size_t N>
Tally<kSidePots> flush_pass(const Setup& setup, const SidePots& sides, const std::vector<FlushTask>& tasks,
                            const std::array<std::array<std::vector<RankMultiset>, 6>, kSuits>& others) {
  const std::size_t n = N != 0 ? N : setup.n;
  return detail::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, tasks.size(), 16), Tally<kSidePots>(n, sides),
      [&](const tbb::blocked_range<std::size_t>& r, Tally<kSidePots> counts) {
        std::array<HandRank, kMaxOmahaPlayers> flushed{}, flush{};
        for (std::size_t t = r.begin(); t != r.end(); ++t) {
          const FlushTask& task = tasks[t];
          const auto su = static_cast<std::size_t>(task.suit);
          const unsigned board_suited = setup.board_suited[su] | task.dealt;
          for (std::size_t p = 0; p < n; ++p) {
            const unsigned held = setup.players[p].suited[su];
            flush[p] = std::popcount(held) >= 2 ? detail::best_omaha_flush(held, board_suited) : HandRank{0};
          }
          for (const RankMultiset& o : others[su][static_cast<std::size_t>(task.others)]) {
            const std::size_t at = setup.row_of(task.key + o.key) * n;
            const HandRank* highs = setup.row_highs + at;
            bool changed = false;
            for (std::size_t p = 0; p < n; ++p) {
              flushed[p] = std::max(highs[p], flush[p]);
              changed |= flushed[p] != highs[p];
            }
            if (changed) counts.replace(highs, flushed.data(), setup.row_lows + at, n, setup.hi_lo, o.weight);
          }
        }
        return counts;
      },
      [](Tally<kSidePots> a, const Tally<kSidePots>& b) { return std::move(a += b); });
}

template <bool kSidePots>
Tally<kSidePots> flush_pass(const Setup& setup, const SidePots& sides, const std::vector<FlushTask>& tasks,
                            const std::array<std::array<std::vector<RankMultiset>, 6>, kSuits>& others) {
  if (setup.n == 2) return flush_pass<kSidePots, 2>(setup, sides, tasks, others);
  if (setup.n == 3) return flush_pass<kSidePots, 3>(setup, sides, tasks, others);
  return flush_pass<kSidePots, 0>(setup, sides, tasks, others);
}

// The flush pass's work: its board groups, and the other suits' rank multisets completing them
// (by how many cards they are).
struct FlushWork {
  std::vector<FlushTask> tasks;
  std::array<std::array<std::vector<RankMultiset>, 6>, kSuits> others;
};

// For each suit that some player holds twice or more, every set of its cards in the deck that
// brings the board to three or more of it.
FlushWork flush_work(const Setup& setup, CardSet remaining, int k) {
  FlushWork work;
  const auto avail = remaining.rank_counts();
  for (int s = 0; s < kSuits; ++s) {
    const auto su = static_cast<std::size_t>(s);
    bool held = false;
    for (std::size_t p = 0; p < setup.n; ++p) held |= std::popcount(setup.players[p].suited[su]) >= 2;
    const unsigned deck_suited = remaining.suit_ranks(s);
    const int threshold = std::max(0, 3 - std::popcount(setup.board_suited[su]));
    const int most = std::min(k, std::popcount(deck_suited));
    if (!held || threshold > most) continue;
    std::array<int, kRanks> other_avail = avail;
    for (unsigned m = deck_suited; m; m &= m - 1) --other_avail[static_cast<std::size_t>(std::countr_zero(m))];
    for (int j = threshold; j <= most; ++j) {
      work.others[su][static_cast<std::size_t>(k - j)] = rank_multisets(other_avail, k - j);
      for (unsigned sub = deck_suited;; sub = (sub - 1) & deck_suited) {  // every subset, j cards kept
        if (std::popcount(sub) == j) {
          std::uint32_t key = 0;
          for (unsigned m = sub; m; m &= m - 1) key += detail::kRankKeys[static_cast<std::size_t>(std::countr_zero(m))];
          work.tasks.push_back({s, sub, key, k - j});
        }
        if (sub == 0) break;
      }
    }
  }
  return work;
}

Setup setup_of(std::span<const CardSet> holes, CardSet board, bool hi_lo) {
  Setup setup;
  setup.tables = &detail::omaha_tables();
  setup.n = holes.size();
  setup.hi_lo = hi_lo;
  for (std::size_t p = 0; p < setup.n; ++p) setup.players[p] = player_of(holes[p]);
  for (Card c : board.cards()) setup.board_key += detail::kRankKeys[static_cast<std::size_t>(c.rank())];
  for (int s = 0; s < kSuits; ++s) setup.board_suited[static_cast<std::size_t>(s)] = board.suit_ranks(s);
  return setup;
}

}  // namespace

// Boards grouped by rank multiset: suits matter only to flushes, so the main pass scores each
// multiset once with all its boards' weight, every hand's high without flushes and its low; the
// flush pass then walks the boards a flush can change (3+ cards of a suit that a player holds 2+
// of: by the suited cards dealt and the other cards' ranks) and replaces their scores.
OmahaCounts enumerate_omaha(std::span<const CardSet> holes, CardSet board, CardSet dead, bool hi_lo, CardSet deck,
                            int threads, const SidePots& sides) {
  if (holes.empty() || holes.size() > kMaxOmahaPlayers)
    throw std::invalid_argument("enumerate_omaha: 1 to 10 players, not " + std::to_string(holes.size()));
  check_side_pots(sides, holes.size());
  CardSet used = board | dead;
  for (CardSet h : holes) used |= h;
  const CardSet remaining = deck - used;
  const int k = 5 - board.size();
  Setup setup = setup_of(holes, board, hi_lo);
  if (k < 0 || k > remaining.size()) return empty_counts(setup.n);

  const std::vector<RankMultiset> multisets = rank_multisets(remaining.rank_counts(), k);
  const FlushWork flush = flush_work(setup, remaining, k);
  std::vector<HandRank> row_highs(detail::kBoardRankSets * setup.n);
  std::vector<LowRank> row_lows(detail::kBoardRankSets * setup.n);
  setup.row_highs = row_highs.data();
  setup.row_lows = row_lows.data();
  return detail::with_threads(threads, [&] {
    if (sides.count > 0) {
      Tally<true> tally = main_pass<true>(setup, sides, multisets);
      tally += flush_pass<true>(setup, sides, flush.tasks, flush.others);
      return std::move(tally).finish();
    }
    Tally<false> tally = main_pass<false>(setup, sides, multisets);
    tally += flush_pass<false>(setup, sides, flush.tasks, flush.others);
    return std::move(tally).finish();
  });
}

}  // namespace equity
