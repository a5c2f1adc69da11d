#include "equity/enumeration.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>

#include "count/board_walk.hpp"
#include "detail/parallel.hpp"
#include "equity/deal.hpp"
#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "equity/ranking.hpp"
#include "equity/showdown.hpp"

namespace equity {

CardSet Deal::used_cards() const {
  CardSet used;
  for (const auto& h : hands) used |= to_set(h[0]) | to_set(h[1]);
  for (Card c : board) used.insert(c);
  for (Card c : dead) used.insert(c);
  return used | out_of_deck(game);
}

void validate(const Deal& deal) {
  check_players(deal.hands.size());
  check_board(deal.board.size());
  CardSet seen;
  for (std::size_t i = 0; i < deal.hands.size(); ++i)
    for (Card c : deal.hands[i]) add_card(seen, c, player_name(i), deal.game);
  for (Card c : deal.board) add_card(seen, c, "board", deal.game);
  for (Card c : deal.dead) add_card(seen, c, "dead cards", deal.game);
  check_deck(game_rules(deal.game).deck_size() - seen.size(), 5 - static_cast<int>(deal.board.size()));
}

double EnumerationResult::equity(std::size_t p) const {
  if (boards == 0) return 0.0;
  return static_cast<double>(players[p].share) / (static_cast<double>(kShareUnit) * static_cast<double>(boards));
}

EQUITY_QUESTION_PATH std::uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return r;
}

namespace {

constexpr std::array<std::array<std::int64_t, 5>, 5> kChoose = {
    {{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}}};

// Per-player sums of boards. Heads-up, every tie is a two-way split, so finish() works the share
// out from the wins and ties and add_outcome() leaves it alone.
struct Tally {
  std::array<std::int64_t, kMaxPlayers> wins{}, ties{}, share{};
};

// Adds `weight` boards on which the players' hands have the given ranks.
EQUITY_ALWAYS_INLINE void add_outcome(const HandRank* value, int n, std::int64_t weight, Tally& t) {
  if (n == 2) {  // without branches: the outcome is unpredictable
    const std::int64_t split = value[0] == value[1] ? weight : 0;
    t.wins[0] += value[0] > value[1] ? weight : 0;
    t.wins[1] += value[1] > value[0] ? weight : 0;
    t.ties[0] += split;
    t.ties[1] += split;
    return;
  }
  HandRank best = value[0];
  for (int p = 1; p < n; ++p)
    if (compare(value[p], best) == Outcome::Win) best = value[p];
  int winners = 0;
  for (int p = 0; p < n; ++p) winners += compare(value[p], best) == Outcome::Split;
  if (winners == 1) {
    for (int p = 0; p < n; ++p)
      if (value[p] == best) {
        t.wins[static_cast<std::size_t>(p)] += weight;
        t.share[static_cast<std::size_t>(p)] += weight * static_cast<std::int64_t>(kShareUnit);
      }
    return;
  }
  const std::int64_t split = weight * static_cast<std::int64_t>(kSplitShare[static_cast<std::size_t>(winners)]);
  for (int p = 0; p < n; ++p)
    if (value[p] == best) {
      t.ties[static_cast<std::size_t>(p)] += weight;
      t.share[static_cast<std::size_t>(p)] += split;
    }
}

// Per side pot and player: the share won, in units of 1/kShareUnit of a board; and each side
// pot's players as a list (the order of the bits of SidePots::players). One side pot of two
// players (three players all in, the shortest stack left out) is counted as heads-up is: wins and
// ties.
struct SideTally {
  std::array<std::array<std::int64_t, kMaxPlayers>, kMaxPlayers> share{};
  std::array<std::array<std::uint8_t, kMaxPlayers>, kMaxPlayers> member{};
  std::array<std::uint8_t, kMaxPlayers> members{};
  int count = 0;
  bool pair = false;  // one side pot, of member[0][0] and member[0][1]
  std::int64_t first_wins = 0, second_wins = 0, ties = 0;

  SideTally() = default;
  explicit SideTally(const SidePots& sides) : count(sides.count) {
    for (std::size_t l = 0; l < static_cast<std::size_t>(count); ++l)
      for (unsigned m = sides.players[l]; m; m &= m - 1)
        member[l][members[l]++] = static_cast<std::uint8_t>(std::countr_zero(m));
    pair = count == 1 && members[0] == 2;
  }
  // Each player's share of side pot l.
  std::int64_t share_of(std::size_t l, std::size_t p) const {
    if (!pair) return share[l][p];
    const std::int64_t half = static_cast<std::int64_t>(kShareUnit / 2);
    if (p == member[0][0]) return 2 * half * first_wins + half * ties;
    if (p == member[0][1]) return 2 * half * second_wins + half * ties;
    return 0;
  }
};

// Adds `weight` boards' side pots: each split among its players with its best hand.
EQUITY_ALWAYS_INLINE void add_side_pots(const HandRank* value, std::int64_t weight, SideTally& t) {
  if (t.pair) {
    const HandRank a = value[t.member[0][0]], b = value[t.member[0][1]];
    t.first_wins += a > b ? weight : 0;
    t.second_wins += b > a ? weight : 0;
    t.ties += a == b ? weight : 0;
    return;
  }
  for (std::size_t l = 0; l < static_cast<std::size_t>(t.count); ++l) {
    const auto& member = t.member[l];
    HandRank best = 0;
    int winners = 0;
    for (std::size_t i = 0; i < t.members[l]; ++i) {
      const HandRank v = value[member[i]];
      winners = v > best ? 0 : winners;
      best = std::max(best, v);
      winners += v == best;
    }
    const std::int64_t split = weight * static_cast<std::int64_t>(kSplitShare[static_cast<std::size_t>(winners)]);
    for (std::size_t i = 0; i < t.members[l]; ++i) t.share[l][member[i]] += value[member[i]] == best ? split : 0;
  }
}

// Whether a side pot's outcome on a flush board needs its drawing players' hands when the whole
// pot's does not (enumerate_grouped()'s flush pass): `value` holds the flushes, 0 for the others.
inline bool side_needs_every_board(const std::array<HandRank, kMaxPlayers>& value, HandRank best_flush, bool can_fill,
                                   const SideTally& t) {
  for (std::size_t l = 0; l < static_cast<std::size_t>(t.count); ++l) {
    HandRank best = 0;
    for (std::size_t i = 0; i < t.members[l]; ++i) best = std::max(best, value[t.member[l][i]]);
    if (best == 0 || (can_fill && best < best_flush)) return true;
  }
  return false;
}

// The tallies of one enumeration: the whole pot's, and with kSidePots the side pots' too.
template <bool kSidePots>
struct Tallies {
  Tally whole;
  SideTally side;
  EQUITY_ALWAYS_INLINE void add(const HandRank* value, int n, std::int64_t weight) {
    add_outcome(value, n, weight, whole);
    add_side_pots(value, weight, side);
  }
};
template <>
struct Tallies<false> {
  Tally whole;
  void add(const HandRank* value, int n, std::int64_t weight) { add_outcome(value, n, weight, whole); }
};

template <class T>
void add_arrays(T& a, const T& b) {
  for (std::size_t i = 0; i < a.size(); ++i) a[i] += b[i];
}

template <bool kSidePots>
Tallies<kSidePots>& operator+=(Tallies<kSidePots>& a, const Tallies<kSidePots>& b) {
  add_arrays(a.whole.wins, b.whole.wins);
  add_arrays(a.whole.ties, b.whole.ties);
  add_arrays(a.whole.share, b.whole.share);
  if constexpr (kSidePots) {
    for (std::size_t l = 0; l < kMaxPlayers; ++l) add_arrays(a.side.share[l], b.side.share[l]);
    a.side.first_wins += b.side.first_wins;
    a.side.second_wins += b.side.second_wins;
    a.side.ties += b.side.ties;
  }
  return a;
}

// Calls f(key_sum, weight) for every multiset of `k` ranks with at most avail[r] of rank r: key_sum
// is the sum of the ranks' additive keys, weight the number of card sets with those ranks.
template <class F>
void for_each_rank_multiset(const std::array<int, kRanks>& avail, int k, F&& f) {
  auto rec = [&](auto&& self, int rank, int left, std::uint32_t key, std::int64_t weight) -> void {
    if (left == 0) {
      f(key, weight);
      return;
    }
    if (rank < 0) return;
    const int a = avail[static_cast<std::size_t>(rank)];
    const std::uint32_t rank_key = detail::kRankKeys[static_cast<std::size_t>(rank)];
    for (int c = 0; c <= std::min(a, left); ++c)
      self(self, rank - 1, left - c, key + static_cast<std::uint32_t>(c) * rank_key,
           weight * kChoose[static_cast<std::size_t>(a)][static_cast<std::size_t>(c)]);
  };
  rec(rec, kRanks - 1, k, 0u, 1);
}

// Calls f(subset, key) for every subset of `mask` (13 rank bits) with exactly k bits, key being the
// sum of its ranks' keys. Gosper's hack walks the k-bit numbers below 2^popcount(mask); two small
// tables spread each one onto the mask's own bits (and sum their keys).
template <class F>
void for_each_subset(unsigned mask, int k, F&& f) {
  const int n = std::popcount(mask);
  if (k > n) return;
  if (k == 0) {
    f(0u, 0u);
    return;
  }
  std::array<unsigned, kRanks> bit{};
  for (unsigned m = mask, i = 0; m; m &= m - 1, ++i) bit[i] = m & (0u - m);
  constexpr unsigned kLowBits = 7;
  std::array<unsigned, 1u << kLowBits> low{}, low_key{};
  std::array<unsigned, 1u << (kRanks - kLowBits)> high{}, high_key{};
  const auto key_of_bit = [](unsigned b) { return detail::kRankKeys[static_cast<std::size_t>(std::countr_zero(b))]; };
  for (unsigned x = 1; x < (1u << std::min(n, static_cast<int>(kLowBits))); ++x) {
    const unsigned b = bit[static_cast<std::size_t>(std::countr_zero(x))];
    low[x] = low[x & (x - 1)] | b;
    low_key[x] = low_key[x & (x - 1)] + key_of_bit(b);
  }
  for (unsigned x = 1; x < (1u << std::max(0, n - static_cast<int>(kLowBits))); ++x) {
    const unsigned b = bit[kLowBits + static_cast<std::size_t>(std::countr_zero(x))];
    high[x] = high[x & (x - 1)] | b;
    high_key[x] = high_key[x & (x - 1)] + key_of_bit(b);
  }
  const unsigned end = 1u << n;
  for (unsigned x = (1u << k) - 1; x < end;) {
    const unsigned lo = x & ((1u << kLowBits) - 1), hi = x >> kLowBits;
    f(low[lo] | high[hi], low_key[lo] + high_key[hi]);
    const unsigned c = x & (0u - x), r = x + c;
    x = (((r ^ x) >> 2) / c) | r;
  }
}

// A suit's part in the flush pass.
constexpr int kNoFlush = 99;
struct FlushSuit {
  unsigned deck_suited = 0;                    // ranks of the suit still in the deck
  int threshold = kNoFlush;                    // dealt cards of the suit that make somebody's flush
  std::array<unsigned, kMaxPlayers> suited{};  // per player: hole + board ranks of the suit
  std::array<int, kMaxPlayers> needed{};       // per player: dealt cards of the suit the flush needs
};

// Eight 16-bit lanes (detail/platform.hpp: one SSE register with GCC and Clang).
using detail::load;
using detail::store;
using detail::Vec8;
// The sum of eight lanes that are each at least 0 and sum below 2^16: one multiply per four lanes
// gathers their sum in the top lane.
inline std::int64_t lane_sum(Vec8 v) {
  std::array<std::uint64_t, 2> halves;
  std::memcpy(halves.data(), &v, sizeof v);
  constexpr std::uint64_t kOnes = 0x0001000100010001ULL;
  return static_cast<std::int64_t>((halves[0] * kOnes >> 48) + (halves[1] * kOnes >> 48));
}

// Like for_each_rank_multiset, but each multiset is weighted by its card sets on which no suit
// reaches its flush threshold t (multisets with no such card set are skipped).
//
// For each suit the recursion keeps S_k, the ways to deal the cards chosen so far with at least
// t - k of them of that suit, for k = 0..7. Choosing c cards of a rank turns S_k into
// u S_k + v S_(k+1), u being the ways to choose them without the suit's card of that rank and v
// the ways with it; a complete multiset's flush count is S_0 summed over the suits. The values
// count card sets of at most 4^5 = 1024, so they fit 16 bits, and with the suits interleaved (lane
// 4 k + suit) one update is three multiply-adds of eight lanes; a last rank's flush count needs
// only the parent's S_0 and S_1, the first eight lanes.
template <class F>
void for_each_nonflush_rank_multiset(const std::array<int, kRanks>& avail, int k,
                                     const std::array<FlushSuit, kSuits>& suits, F&& f) {
  using Lanes = std::array<std::int16_t, 32>;
  struct Factor {
    Vec8 u{}, v{};          // the four suits' u (v), twice
    Vec8 uv{};              // the four suits' u, then their v
    std::uint32_t key = 0;  // c times the rank's key
    std::int64_t ways = 0;  // C(available, c)
  };
  std::array<std::array<Factor, 5>, kRanks> factor{};  // by rank and count of cards chosen
  for (int r = 0; r < kRanks; ++r) {
    const int a = avail[static_cast<std::size_t>(r)];
    for (int c = 1; c <= a; ++c)
      for (int su = 0; su < kSuits; ++su) {
        const auto& fs = suits[static_cast<std::size_t>(su)];
        const int b = fs.threshold == kNoFlush ? 0 : static_cast<int>((fs.deck_suited >> r) & 1u);
        const auto u = static_cast<std::int16_t>(kChoose[static_cast<std::size_t>(a - b)][static_cast<std::size_t>(c)]);
        const auto v = static_cast<std::int16_t>(
            b ? kChoose[static_cast<std::size_t>(a - 1)][static_cast<std::size_t>(c - 1)] : 0);
        auto& fr = factor[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        fr.u[su] = fr.u[su + kSuits] = fr.uv[su] = u;
        fr.v[su] = fr.v[su + kSuits] = fr.uv[su + kSuits] = v;
        fr.key = static_cast<std::uint32_t>(c) * detail::kRankKeys[static_cast<std::size_t>(r)];
        fr.ways = kChoose[static_cast<std::size_t>(a)][static_cast<std::size_t>(c)];
      }
  }
  Lanes start{};  // nothing chosen: one way, with 0 cards of each suit (none for a suit without flushes)
  for (int su = 0; su < kSuits; ++su) {
    const int t = suits[static_cast<std::size_t>(su)].threshold;
    if (t == kNoFlush) continue;
    for (int j = t; j < 8; ++j) start[static_cast<std::size_t>(kSuits * j + su)] = 1;
  }

  // Cards available at or below each rank: a branch that cannot be completed is cut at once.
  std::array<int, kRanks> at_or_below{};
  for (int r = 0, sum = 0; r < kRanks; ++r)
    at_or_below[static_cast<std::size_t>(r)] = sum += avail[static_cast<std::size_t>(r)];

  // Each call picks the next rank (below `top`) that has cards, so no call is spent on a rank
  // that contributes none. Lanes of S_6 and S_7 are copied, not updated: no multiset is deep
  // enough for them to reach S_0.
  auto rec = [&](auto&& self, int top, int left, std::uint32_t key, std::int64_t weight, const Lanes& ways) -> void {
    const Vec8 first_two = load(&ways[0]);  // S_0 and S_1 of each suit
    if (left == 1) {                        // most calls: one card of any rank completes the multiset
      for (int rank = top; rank >= 0; --rank) {
        const auto r = static_cast<std::size_t>(rank);
        if (avail[r] == 0) continue;
        const Factor& fr = factor[r][1];
        const std::int64_t next_weight = weight * fr.ways;
        const std::int64_t flush = lane_sum(first_two * fr.uv);
        if (next_weight != flush) f(key + fr.key, next_weight - flush);
      }
      return;
    }
    for (int rank = top; rank >= 0 && at_or_below[static_cast<std::size_t>(rank)] >= left; --rank) {
      const auto r = static_cast<std::size_t>(rank);
      const int a = avail[r];
      for (int c = 1; c <= std::min(a, left); ++c) {
        const Factor& fr = factor[r][static_cast<std::size_t>(c)];
        const std::uint32_t next_key = key + fr.key;
        const std::int64_t next_weight = weight * fr.ways;
        if (c == left) {
          const std::int64_t flush = lane_sum(first_two * fr.uv);
          if (next_weight != flush) f(next_key, next_weight - flush);
        } else {
          Lanes next;
          for (std::size_t lane = 0; lane < 24; lane += 8)
            store(&next[lane], load(&ways[lane]) * fr.u + load(&ways[lane + kSuits]) * fr.v);
          store(&next[24], load(&ways[24]));
          self(self, rank - 1, left - c, next_key, next_weight, next);
        }
      }
    }
  };
  if (k == 0) {
    f(0u, 1);
    return;
  }
  rec(rec, kRanks - 1, k, 0u, 1, start);
}

// The rank multisets of at most two cards (91 at most), with their weights, for the flush pass's
// inner loop.
struct RankMultiset {
  std::uint32_t key = 0;
  std::int64_t weight = 0;
};
struct RankMultisets {
  std::array<RankMultiset, 91> entries{};
  std::size_t size = 0;
  std::int64_t total_weight = 0;
};

RankMultisets rank_multisets(const std::array<int, kRanks>& avail, int k) {
  if (k > 2) throw std::logic_error("rank_multisets: at most two cards");
  RankMultisets out;
  for_each_rank_multiset(avail, k, [&](std::uint32_t key, std::int64_t weight) {
    out.entries[out.size++] = {key, weight};
    out.total_weight += weight;
  });
  return out;
}

EnumerationResult finish(const Tally& t, int n, std::uint64_t boards) {
  EnumerationResult result;
  result.boards = boards;
  result.players.resize(static_cast<std::size_t>(n));
  for (std::size_t p = 0; p < static_cast<std::size_t>(n); ++p) {
    auto& pc = result.players[p];
    pc.wins = static_cast<std::uint64_t>(t.wins[p]);
    pc.ties = static_cast<std::uint64_t>(t.ties[p]);
    pc.losses = boards - pc.wins - pc.ties;
    pc.share = n == 2 ? pc.wins * kShareUnit + pc.ties * (kShareUnit / 2) : static_cast<std::uint64_t>(t.share[p]);
  }
  return result;
}

// The same, with the side pots' shares.
template <bool kSidePots>
EnumerationResult finish(const Tallies<kSidePots>& t, int n, std::uint64_t boards) {
  EnumerationResult result = finish(t.whole, n, boards);
  if constexpr (kSidePots) {
    result.side_share.resize(static_cast<std::size_t>(t.side.count));
    for (std::size_t l = 0; l < result.side_share.size(); ++l)
      for (std::size_t p = 0; p < kMaxPlayers; ++p)
        result.side_share[l][p] = static_cast<std::uint64_t>(t.side.share_of(l, p));
  }
  return result;
}

// The grouped enumeration of a validated deal under the game's ranking; with kSidePots its side
// pots too.
template <bool kSidePots, class Ranking>
EnumerationResult enumerate_grouped(const Deal& deal, const SidePots& sides, Ranking ranking) {
  const int n = static_cast<int>(deal.hands.size());
  const CardSet remaining = CardSet::full() - deal.used_cards();
  const int k = 5 - static_cast<int>(deal.board.size());
  const Hand board(deal.board);
  const CardSet board_set = board.cards();

  std::array<std::uint32_t, kMaxPlayers> known_key{};  // rank key of hole cards + board
  std::array<Hand, kMaxPlayers> holes{};
  std::array<unsigned, kMaxPlayers> known_ranks{};  // ranks among hole cards + board
  std::array<bool, kMaxPlayers> known_pair{};       // two of those cards share a rank
  for (int p = 0; p < n; ++p) {
    const auto pp = static_cast<std::size_t>(p);
    holes[pp] = Hand(deal.hands[pp]);
    const Hand known = holes[pp] + board;
    known_key[pp] = known.rank_key();
    for (int s = 0; s < kSuits; ++s) known_ranks[pp] |= known.cards().suit_ranks(s);
    known_pair[pp] = std::popcount(known_ranks[pp]) < known.size();
  }

  // A suit is a flush suit on a board when at least `threshold` of the dealt cards have it: then
  // some player holds five of it. Five board cards hold at most one suit three times, so at most
  // one suit is a flush suit on any board, and the flush boards of different suits are disjoint.
  std::array<FlushSuit, kSuits> suits{};
  bool every_board_flush = false;
  for (int s = 0; s < kSuits; ++s) {
    auto& fs = suits[static_cast<std::size_t>(s)];
    fs.deck_suited = remaining.suit_ranks(s);
    const unsigned board_suited = board_set.suit_ranks(s);
    fs.threshold = kNoFlush;
    for (int p = 0; p < n; ++p) {
      const auto pp = static_cast<std::size_t>(p);
      fs.suited[pp] = holes[pp].cards().suit_ranks(s) | board_suited;
      fs.needed[pp] = std::max(0, 5 - std::popcount(fs.suited[pp]));
      fs.threshold = std::min(fs.threshold, fs.needed[pp]);
    }
    if (fs.threshold > std::min(k, std::popcount(fs.deck_suited))) fs.threshold = kNoFlush;
    every_board_flush |= fs.threshold == 0;
  }

  Tallies<kSidePots> tally;
  if constexpr (kSidePots) tally.side = SideTally(sides);
  const auto avail = remaining.rank_counts();

  // Main pass: boards without a flush suit, grouped by rank multiset; every player's hand is then
  // the rank-only value. The weight of a multiset counts only its card sets with no flush suit.
  if (!every_board_flush && n == 2) {
    // Heads-up: the outcome is one comparison, tallied without branches (it is unpredictable).
    std::int64_t first_wins = 0, second_wins = 0, splits = 0;
    for_each_nonflush_rank_multiset(avail, k, suits, [&](std::uint32_t key, std::int64_t weight) {
      const HandRank first = ranking.rank_only(known_key[0] + key), second = ranking.rank_only(known_key[1] + key);
      first_wins += first > second ? weight : 0;
      second_wins += first < second ? weight : 0;
      splits += first == second ? weight : 0;
    });
    tally.whole.wins[0] += first_wins;
    tally.whole.wins[1] += second_wins;
    tally.whole.ties[0] += splits;
    tally.whole.ties[1] += splits;
  } else if (!every_board_flush) {
    std::array<HandRank, kMaxPlayers> value{};
    for_each_nonflush_rank_multiset(avail, k, suits, [&](std::uint32_t key, std::int64_t weight) {
      for (int p = 0; p < n; ++p)
        value[static_cast<std::size_t>(p)] = ranking.rank_only(known_key[static_cast<std::size_t>(p)] + key);
      tally.add(value.data(), n, weight);
    });
  }

  // Flush pass: boards with a flush suit s, by the exact set of suited cards dealt and the ranks
  // of the other cards. A player whose flush is made has that flush whatever the other cards
  // are; the others keep their rank-only hand, which beats a flush only as a full house or quads.
  for (int s = 0; s < kSuits; ++s) {
    const auto& fs = suits[static_cast<std::size_t>(s)];
    if (fs.threshold == kNoFlush) continue;
    std::array<int, kRanks> other_avail = avail;  // the deck without suit s, by rank
    for (unsigned m = fs.deck_suited; m; m &= m - 1) --other_avail[static_cast<std::size_t>(std::countr_zero(m))];
    const int max_suited = std::min(k, std::popcount(fs.deck_suited));
    // When nobody holds a card of the suit, everybody's flush is the same on every flush board (a
    // board with five of a suit, preflop): those boards are all split among every player.
    const bool same_flush =
        std::all_of(fs.suited.begin(), fs.suited.begin() + n, [&](unsigned x) { return x == fs.suited[0]; });
    for (int j = fs.threshold; j <= max_suited; ++j) {
      // Boards with j cards of suit s: at most two others, so at most 91 rank multisets.
      const RankMultisets others = rank_multisets(other_avail, k - j);
      if (same_flush) {
        const std::array<HandRank, kMaxPlayers> equal{};
        const auto boards = static_cast<std::int64_t>(choose(std::popcount(fs.deck_suited), j)) * others.total_weight;
        if (boards != 0) tally.add(equal.data(), n, boards);
        continue;
      }
      std::array<int, kMaxPlayers> flushing{}, drawing{};  // players with and without the flush
      int n_flushing = 0, n_drawing = 0;
      for (int p = 0; p < n; ++p) {
        if (fs.needed[static_cast<std::size_t>(p)] <= j)
          flushing[static_cast<std::size_t>(n_flushing++)] = p;
        else
          drawing[static_cast<std::size_t>(n_drawing++)] = p;
      }
      for_each_subset(fs.deck_suited, j, [&](unsigned dealt_suited, std::uint32_t suited_key) {
        std::array<HandRank, kMaxPlayers> value{};  // drawing players stay at 0 until they beat the flush
        HandRank best_flush = 0;
        for (int f = 0; f < n_flushing; ++f) {
          const auto p = static_cast<std::size_t>(flushing[static_cast<std::size_t>(f)]);
          value[p] = ranking.flush(fs.suited[p] | dealt_suited);
          best_flush = std::max(best_flush, value[p]);
        }
        std::int64_t flush_wins = others.total_weight;  // boards where the best flush wins
        // A drawing player beats the flush only with a full house or quads, which the at most two
        // other cards cannot complete unless the player's known and suited cards already pair.
        bool can_fill = false;
        for (int d = 0; d < n_drawing; ++d) {
          const auto q = static_cast<std::size_t>(drawing[static_cast<std::size_t>(d)]);
          can_fill |= known_pair[q] || (known_ranks[q] & dealt_suited) != 0;
        }
        // A side pot's outcome is the whole pot's (its best flush, unless a full house beats the
        // best flush) when its best flush is the best; else its players are looked up on every
        // board: it has no flush (its drawing players' own hands win it), or a lower one that a
        // full house may beat.
        bool every = false;
        if constexpr (kSidePots) every = side_needs_every_board(value, best_flush, can_fill, tally.side);
        if ((can_fill && best_flush < Ranking::kFirstStraightFlush) || every) {
          std::array<std::uint32_t, kMaxPlayers> base{};
          for (int d = 0; d < n_drawing; ++d) {
            const auto q = static_cast<std::size_t>(drawing[static_cast<std::size_t>(d)]);
            base[static_cast<std::size_t>(d)] = known_key[q] + suited_key;
          }
          std::array<HandRank, kMaxPlayers> full = value;  // the flushes, and each drawing player's hand
          for (std::size_t o = 0; o < others.size; ++o) {
            const auto& other = others.entries[o];
            bool beaten = false;
            for (int d = 0; d < n_drawing; ++d) {
              const HandRank hand = ranking.rank_only(base[static_cast<std::size_t>(d)] + other.key);
              full[static_cast<std::size_t>(drawing[static_cast<std::size_t>(d)])] = hand;
              beaten |= hand > best_flush;
            }
            if constexpr (kSidePots)
              if (every) add_side_pots(full.data(), other.weight, tally.side);
            if (!beaten) [[likely]]
              continue;
            add_outcome(full.data(), n, other.weight, tally.whole);
            if constexpr (kSidePots)
              if (!every) add_side_pots(full.data(), other.weight, tally.side);
            flush_wins -= other.weight;
          }
        }
        if (flush_wins == 0) return;
        if (every)
          add_outcome(value.data(), n, flush_wins, tally.whole);  // the side pots were counted board by board
        else
          tally.add(value.data(), n, flush_wins);
      });
    }
  }
  return finish(tally, n, choose(remaining.size(), k));
}

// Every board walked one by one under the game's ranking; with kSidePots its side pots too.
template <bool kSidePots, class Ranking>
EnumerationResult walk_every_board(const Deal& deal, const SidePots& sides, Ranking ranking) {
  const detail::BoardWalk walk(deal, ranking);
  const int n = walk.players(), d = walk.deck_size(), k = walk.cards_to_come();
  Tallies<kSidePots> empty;
  if constexpr (kSidePots) empty.side = SideTally(sides);
  // Tasks split on the first (lowest) board card to come.
  const auto walk_from = [&](int first, Tallies<kSidePots>& t) {
    walk.visit(first, [&](const std::array<HandRank, kMaxPlayers>& value) { t.add(value.data(), n, 1); });
  };
  Tallies<kSidePots> total = empty;
  if (k == 0) {
    walk_from(-1, total);
  } else {
    total = detail::parallel_reduce(
        tbb::blocked_range<int>(0, d - k + 1, 1), empty,
        [&](const tbb::blocked_range<int>& r, Tallies<kSidePots> t) {
          for (int first = r.begin(); first < r.end(); ++first) walk_from(first, t);
          return t;
        },
        [](Tallies<kSidePots> a, const Tallies<kSidePots>& b) { return a += b; });
  }
  return finish(total, n, choose(d, k));
}

}  // namespace

EnumerationResult enumerate(const Deal& deal, const SidePots& sides) {
  validate(deal);
  check_side_pots(sides, deal.hands.size());
  return with_ranking(deal.game, [&](auto ranking) {
    return sides.count > 0 ? enumerate_grouped<true>(deal, sides, ranking)
                           : enumerate_grouped<false>(deal, sides, ranking);
  });
}

EnumerationResult walk_boards(const Deal& deal, const SidePots& sides) {
  validate(deal);
  check_side_pots(sides, deal.hands.size());
  return with_ranking(deal.game, [&](auto ranking) {
    return sides.count > 0 ? walk_every_board<true>(deal, sides, ranking)
                           : walk_every_board<false>(deal, sides, ranking);
  });
}

}  // namespace equity
