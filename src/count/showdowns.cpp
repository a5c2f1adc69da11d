// Heads-up on a board by plain showdowns (per_combo.hpp): each alive combo ranked once per
// completed board, then every pair of combos compared board by board.
#include <tbb/blocked_range.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "equity/detail/parallel.hpp"
#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "equity/per_combo.hpp"
#include "equity/range_equity.hpp"
#include "equity/ranking.hpp"

namespace equity {
namespace {

// A combo of either player's range or both, alive on the known board.
struct Entry {
  Hand hand;
  int combo = 0;
  std::array<double, 2> weight{};  // in each player's range (0: not in it)
};

// The combos of both ranges in combo order, each once.
std::vector<Entry> entries_of(const PreparedDeal& prep) {
  std::array<std::int16_t, kCombos> slot;
  slot.fill(-1);
  for (const auto& list : prep.combos)
    for (const auto& c : list) slot[static_cast<std::size_t>(c.index)] = 0;
  std::vector<Entry> entries;
  for (std::size_t i = 0; i < kCombos; ++i)
    if (slot[i] == 0) {
      slot[i] = static_cast<std::int16_t>(entries.size());
      const auto cards = combo_cards(static_cast<int>(i));
      entries.push_back({Hand(cards[0]) + Hand(cards[1]), static_cast<int>(i), {}});
    }
  for (std::size_t side = 0; side < 2; ++side)
    for (const auto& c : prep.combos[side])
      entries[static_cast<std::size_t>(slot[static_cast<std::size_t>(c.index)])].weight[side] = c.weight;
  return entries;
}

// Every completion of the known board (the cards to come drawn from the deck left).
std::vector<Hand> completed_boards(const PreparedDeal& prep) {
  Hand board;
  for (Card c : prep.board) board += Hand(c);
  std::vector<Hand> deck;
  for (int id = 0; id < kCards; ++id)
    if (!prep.known.contains(Card(id))) deck.push_back(Hand(Card(id)));
  std::vector<Hand> boards;
  if (prep.cards_to_come == 0) {
    boards.push_back(board);
  } else if (prep.cards_to_come == 1) {
    for (Hand c : deck) boards.push_back(board + c);
  } else {
    for (std::size_t i = 0; i < deck.size(); ++i)
      for (std::size_t j = i + 1; j < deck.size(); ++j) boards.push_back(board + deck[i] + deck[j]);
  }
  return boards;
}

// Boards padded to a whole number of vectors: a padded board ranks every combo 0 (dead).
constexpr std::size_t kLanes = 16;

// ranks[e * stride + b]: 1 + the rank of entry e's best hand on board b, 0 when they share a card.
template <class Ranking>
void rank_entry(const Entry& e, const std::vector<Hand>& boards, Ranking ranking, std::uint16_t* out) {
  const std::uint64_t mask = e.hand.mask();
  for (std::size_t b = 0; b < boards.size(); ++b)
    out[b] = (boards[b].mask() & mask) ? std::uint16_t{0} : static_cast<std::uint16_t>(ranking(boards[b] + e.hand) + 1);
}

// Boards that hero wins and ties against villain, over the boards where both are alive: hero wins
// where its rank is above villain's and villain is alive, ties where they are equal and alive.
// Sixteen-bit sums: there are fewer than 65,536 boards.
struct PairCounts {
  std::uint32_t wins = 0, ties = 0;
};
PairCounts compare(const std::uint16_t* __restrict hero, const std::uint16_t* __restrict villain, std::size_t n) {
  std::uint16_t wins = 0, ties = 0;
  for (std::size_t b = 0; b < n; ++b) {
    const std::uint16_t a = hero[b], c = villain[b];
    wins = static_cast<std::uint16_t>(wins + ((a > c) & (c != 0)));
    ties = static_cast<std::uint16_t>(ties + ((a == c) & (a != 0)));
  }
  return {wins, ties};
}

struct Pair {
  std::uint32_t hero = 0, villain = 0;  // entries
  PairCounts counts;
};

}  // namespace

HeadsUpWork heads_up_work(const PreparedDeal& prep) {
  HeadsUpWork w;
  if (prep.combos.size() != 2) return w;
  const int deck = kCards - prep.known.size();
  w.boards = static_cast<double>(choose(deck, prep.cards_to_come));
  std::array<bool, kCombos> in{};
  for (const auto& list : prep.combos)
    for (const auto& c : list) {
      if (!in[static_cast<std::size_t>(c.index)]) w.entries += 1;
      in[static_cast<std::size_t>(c.index)] = true;
    }
  for (const auto& h : prep.combos[0]) {
    const std::uint64_t bits = h.cards[0].bit() | h.cards[1].bit();
    for (const auto& v : prep.combos[1]) w.pairs += ((v.cards[0].bit() | v.cards[1].bit()) & bits) == 0;
  }
  return w;
}

std::array<std::vector<ComboEquity>, 2> per_combo_showdowns(const PreparedDeal& prep, bool parallel) {
  if (prep.combos.size() != 2) throw InputError("per-combo equity by showdowns is for two players");
  if (prep.cards_to_come > 2) throw InputError("per-combo equity by showdowns needs a board of 3, 4 or 5 cards");
  const std::vector<Entry> entries = entries_of(prep);
  const std::vector<Hand> boards = completed_boards(prep);
  const std::size_t stride = (boards.size() + kLanes - 1) / kLanes * kLanes;
  std::vector<std::uint16_t> ranks(entries.size() * stride, 0);
  const auto rank_all = [&](std::size_t first, std::size_t last) {
    with_ranking(prep.game, [&](auto ranking) {
      for (std::size_t e = first; e < last; ++e) rank_entry(entries[e], boards, ranking, ranks.data() + e * stride);
    });
  };

  std::vector<Pair> pairs;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].weight[0] == 0) continue;
    for (std::size_t j = 0; j < entries.size(); ++j)
      if (entries[j].weight[1] != 0 && (entries[i].hand.mask() & entries[j].hand.mask()) == 0)
        pairs.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j), {}});
  }
  const auto compare_all = [&](std::size_t first, std::size_t last) {
    for (std::size_t k = first; k < last; ++k)
      pairs[k].counts =
          compare(ranks.data() + pairs[k].hero * stride, ranks.data() + pairs[k].villain * stride, stride);
  };
  if (parallel) {
    detail::parallel_for(tbb::blocked_range<std::size_t>(0, entries.size(), 4),
                         [&](const tbb::blocked_range<std::size_t>& r) { rank_all(r.begin(), r.end()); });
    detail::parallel_for(tbb::blocked_range<std::size_t>(0, pairs.size(), 64),
                         [&](const tbb::blocked_range<std::size_t>& r) { compare_all(r.begin(), r.end()); });
  } else {
    rank_all(0, entries.size());
    compare_all(0, pairs.size());
  }

  // Each pair's boards both are alive on: the four cards of the pair out of the deck.
  const std::uint64_t alive = choose(kCards - prep.known.size() - 4, prep.cards_to_come);
  std::vector<std::array<ComboEquity, 2>> per(entries.size());
  for (const Pair& p : pairs) {
    const std::uint64_t wins = p.counts.wins, ties = p.counts.ties, losses = alive - wins - ties;
    ComboEquity& h = per[p.hero][0];
    ComboEquity& v = per[p.villain][1];
    const double wv = entries[p.villain].weight[1], wh = entries[p.hero].weight[0];
    h.wins += wins, h.ties += ties, h.losses += losses;
    h.weighted_wins += wv * static_cast<double>(wins), h.weighted_ties += wv * static_cast<double>(ties);
    h.weighted_showdowns += wv * static_cast<double>(alive);
    v.wins += losses, v.ties += ties, v.losses += wins;
    v.weighted_wins += wh * static_cast<double>(losses), v.weighted_ties += wh * static_cast<double>(ties);
    v.weighted_showdowns += wh * static_cast<double>(alive);
  }
  std::array<std::vector<ComboEquity>, 2> out;
  for (std::size_t i = 0; i < entries.size(); ++i)
    for (std::size_t side = 0; side < 2; ++side) {
      if (entries[i].weight[side] == 0) continue;
      ComboEquity c = per[i][side];
      c.combo = entries[i].combo;
      c.weight = entries[i].weight[side];
      c.share = c.wins * kShareUnit + c.ties * (kShareUnit / 2);
      c.weighted_share = c.weighted_wins + c.weighted_ties / 2;
      out[side].push_back(c);
    }
  return out;
}

}  // namespace equity

// ---- Three or more players ------------------------------------------------------------------------

namespace equity {
namespace {

// Per player of one assignment, per j: the boards on which it holds the best hand with j others
// (j = 0: alone), over the boards every player is alive on.
template <std::size_t N>
using SplitCounts = std::array<std::array<std::uint32_t, N>, N>;

// Sixteen boards at a time, in vectors of sixteen-bit lanes (fewer than 65,536 boards); the
// portable build writes the same lanes as loops.
#if !EQUITY_PORTABLE_BUILD
using Lanes = std::uint16_t __attribute__((vector_size(16)));  // eight boards: one SSE register
constexpr std::size_t kVectorLanes = sizeof(Lanes) / sizeof(std::uint16_t);

template <std::size_t N>
SplitCounts<N> count_assignment(const std::array<const std::uint16_t*, N>& rows, std::size_t n) {
  std::array<std::array<Lanes, N>, N> acc{};
  const Lanes one = Lanes{} + 1;
  for (std::size_t b0 = 0; b0 < n; b0 += kVectorLanes) {
    std::array<Lanes, N> r;
    for (std::size_t p = 0; p < N; ++p) std::memcpy(&r[p], rows[p] + b0, sizeof(Lanes));
    Lanes best = r[0], low = r[0];
    for (std::size_t p = 1; p < N; ++p) {
      best = r[p] > best ? r[p] : best;
      low = r[p] < low ? r[p] : low;
    }
    const Lanes alive = reinterpret_cast<Lanes>(low != 0);
    std::array<Lanes, N> top;
    Lanes winners{};
    for (std::size_t p = 0; p < N; ++p) {
      top[p] = reinterpret_cast<Lanes>(r[p] == best) & alive & one;
      winners += top[p];
    }
    for (std::size_t j = 0; j < N; ++j) {
      const Lanes shared = reinterpret_cast<Lanes>(winners == static_cast<std::uint16_t>(j + 1));
      for (std::size_t p = 0; p < N; ++p) acc[p][j] += top[p] & shared;
    }
  }
  SplitCounts<N> out{};
  for (std::size_t p = 0; p < N; ++p)
    for (std::size_t j = 0; j < N; ++j)
      for (std::size_t l = 0; l < kVectorLanes; ++l) out[p][j] += acc[p][j][l];
  return out;
}
#else
template <std::size_t N>
SplitCounts<N> count_assignment(const std::array<const std::uint16_t*, N>& rows, std::size_t n) {
  SplitCounts<N> out{};
  for (std::size_t b = 0; b < n; ++b) {
    std::uint16_t best = rows[0][b], low = rows[0][b];
    for (std::size_t p = 1; p < N; ++p) {
      best = std::max(best, rows[p][b]);
      low = std::min(low, rows[p][b]);
    }
    std::array<std::uint32_t, N> top{};
    std::uint32_t winners = 0;
    for (std::size_t p = 0; p < N; ++p) {
      top[p] = (rows[p][b] == best) && low != 0;
      winners += top[p];
    }
    for (std::size_t p = 0; p < N; ++p)
      if (top[p]) ++out[p][winners - 1];
  }
  return out;
}
#endif

// Each player's combos as entries of one list (a combo in several ranges ranked once).
struct Multiway {
  std::vector<Hand> hands;                        // entries
  std::vector<std::vector<std::uint32_t>> entry;  // per player, per combo: its entry
  std::vector<std::vector<std::uint64_t>> bits;   // per player, per combo: its cards
};

Multiway multiway_entries(const PreparedDeal& prep) {
  Multiway m;
  std::array<std::int32_t, kCombos> slot;
  slot.fill(-1);
  for (const auto& list : prep.combos) {
    m.entry.emplace_back();
    m.bits.emplace_back();
    for (const auto& c : list) {
      auto& s = slot[static_cast<std::size_t>(c.index)];
      if (s < 0) {
        s = static_cast<std::int32_t>(m.hands.size());
        m.hands.push_back(Hand(c.cards[0]) + Hand(c.cards[1]));
      }
      m.entry.back().push_back(static_cast<std::uint32_t>(s));
      m.bits.back().push_back(c.cards[0].bit() | c.cards[1].bit());
    }
  }
  return m;
}

// Every assignment of one combo per player with no card twice, as positions in the players' lists.
void assignments_of(const Multiway& m, std::size_t p, std::uint64_t used, std::vector<std::uint16_t>& current,
                    std::vector<std::uint16_t>& out) {
  if (p == m.bits.size()) {
    out.insert(out.end(), current.begin(), current.end());
    return;
  }
  for (std::size_t i = 0; i < m.bits[p].size(); ++i) {
    if (m.bits[p][i] & used) continue;
    current[p] = static_cast<std::uint16_t>(i);
    assignments_of(m, p + 1, used | m.bits[p][i], current, out);
  }
}

template <std::size_t N>
RangeEquityResult multiway_showdowns(const PreparedDeal& prep, bool parallel) {
  const Multiway m = multiway_entries(prep);
  const std::vector<Hand> boards = completed_boards(prep);
  const std::size_t stride = (boards.size() + kLanes - 1) / kLanes * kLanes;
  std::vector<std::uint16_t> ranks(m.hands.size() * stride, 0);
  const auto rank_all = [&](std::size_t first, std::size_t last) {
    with_ranking(prep.game, [&](auto ranking) {
      for (std::size_t e = first; e < last; ++e)
        rank_entry(Entry{m.hands[e], 0, {}}, boards, ranking, ranks.data() + e * stride);
    });
  };
  std::vector<std::uint16_t> current(N), positions;
  assignments_of(m, 0, 0, current, positions);
  const std::size_t count = positions.size() / N;
  std::vector<SplitCounts<N>> counts(count);
  const auto count_all = [&](std::size_t first, std::size_t last) {
    for (std::size_t a = first; a < last; ++a) {
      std::array<const std::uint16_t*, N> rows{};
      for (std::size_t p = 0; p < N; ++p) rows[p] = ranks.data() + m.entry[p][positions[a * N + p]] * stride;
      counts[a] = count_assignment<N>(rows, stride);
    }
  };
  if (parallel) {
    detail::parallel_for(tbb::blocked_range<std::size_t>(0, m.hands.size(), 4),
                         [&](const tbb::blocked_range<std::size_t>& r) { rank_all(r.begin(), r.end()); });
    detail::parallel_for(tbb::blocked_range<std::size_t>(0, count, 32),
                         [&](const tbb::blocked_range<std::size_t>& r) { count_all(r.begin(), r.end()); });
  } else {
    rank_all(0, m.hands.size());
    count_all(0, count);
  }

  RangeEquityResult result;
  result.boards = choose(kCards - prep.known.size() - 2 * static_cast<int>(N), prep.cards_to_come);
  result.weighted = prep.weighted;
  result.assignments = result.orbits = count;
  result.players.resize(N);
  for (const auto& list : prep.combos) result.combos.push_back(list.size());
  for (std::size_t a = 0; a < count; ++a) {
    double weight = 1;
    for (std::size_t p = 0; p < N; ++p) weight *= prep.combos[p][positions[a * N + p]].weight;
    result.total_weight += weight;
    for (std::size_t p = 0; p < N; ++p) {
      std::uint64_t wins = 0, ties = 0, share = 0;
      for (std::size_t j = 0; j < N; ++j) {
        const std::uint64_t boards_j = counts[a][p][j];
        (j == 0 ? wins : ties) += boards_j;
        share += boards_j * kSplitShare[j + 1];
      }
      const std::uint64_t losses = result.boards - wins - ties;
      auto& to = result.players[p];
      to.wins += wins, to.ties += ties, to.losses += losses, to.share += share;
      to.weighted_wins += weight * static_cast<double>(wins);
      to.weighted_ties += weight * static_cast<double>(ties);
      to.weighted_losses += weight * static_cast<double>(losses);
      to.weighted_share += weight * static_cast<double>(share);
    }
  }
  return result;
}

}  // namespace

bool showdowns_take(const PreparedDeal& prep) {
  if (prep.combos.size() < 2 || prep.combos.size() > kMaxShowdownPlayers || prep.cards_to_come > 2) return false;
  if (prep.combos.size() == 2) return true;
  double assignments = 1, lightest = 1;
  for (const auto& list : prep.combos) {
    assignments *= static_cast<double>(list.size());
    for (const auto& c : list) lightest = std::min(lightest, c.weight);
  }
  // Held in memory; products of weights that could underflow are left to the grouped enumeration.
  return assignments <= kMaxShowdownAssignments && std::pow(lightest, static_cast<double>(prep.combos.size())) > 1e-280;
}

double multiway_showdowns_cost(const PreparedDeal& prep) {
  double assignments = 1, entries = 0;
  for (const auto& list : prep.combos) {
    assignments *= static_cast<double>(list.size());
    entries += static_cast<double>(list.size());
  }
  const double boards = static_cast<double>(choose(kCards - prep.known.size(), prep.cards_to_come));
  return 6 * entries * boards + 0.25 * static_cast<double>(prep.combos.size()) * assignments * (boards + 16);
}

RangeEquityResult enumerate_showdowns(const PreparedDeal& prep, bool parallel) {
  if (!showdowns_take(prep) || prep.combos.size() < 3)
    throw InputError("the showdowns method is for 2 to " + std::to_string(kMaxShowdownPlayers) +
                     " players on a known board of 3, 4 or 5 cards, with at most " +
                     std::to_string(static_cast<int>(kMaxShowdownAssignments)) + " combo assignments");
  switch (prep.combos.size()) {
    case 3:
      return multiway_showdowns<3>(prep, parallel);
    case 4:
      return multiway_showdowns<4>(prep, parallel);
    case 5:
      return multiway_showdowns<5>(prep, parallel);
    default:
      return multiway_showdowns<6>(prep, parallel);
  }
}

}  // namespace equity
