// Plain showdowns on a board: each alive combo ranked once per completed board; heads-up
// (per_combo.hpp) every pair of combos then compared board by board, three to six players
// (range_equity.hpp) every assignment counted from its pairs' sets of boards.
#include <tbb/blocked_range.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "count/per_combo.hpp"
#include "detail/parallel.hpp"
#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
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

// Every completion of the known board (the cards to come drawn from the deck left), laid out so
// that a hand is ranked on all of them with few lookups in the evaluator's big tables. Without a
// flush a hand's rank depends on the ranks of the cards to come alone: the boards are dealt in
// runs by those ranks (index 13 x lower + higher; one card: its rank), and a hand's rank of each
// run is looked up once (at most 91 lookups for a flop, instead of one per board) and written
// over the run. Then the boards where a suit has three cards or more are checked for the hand's
// flush (with seven cards a flush rules out a full house and quads, so it is the rank, as
// evaluate_key() has it), and the boards holding one of the hand's cards are zeroed (dead).
struct Completions {
  Hand known;  // the board's known cards
  int to_come = 0;
  // Each board's cards to come, in runs, by their bits' indexes (the second the first again
  // with one card to come): a byte each where a mask took eight.
  std::vector<std::uint8_t> first, second;
  std::array<std::uint32_t, kRanks * kRanks + 1> run{};  // run[k]..run[k + 1]: the boards of index k
  // The boards with three, four or five cards of a suit, by suit and count (bucket 3 x suit +
  // count - 3: flush[flush_run[i]..flush_run[i + 1])), each with its ranks of that suit. A hand
  // with h cards of the suit has a flush on every board of count 5 - h or more, and on no other.
  std::vector<std::pair<std::uint32_t, std::uint16_t>> flush;
  std::array<std::uint32_t, 13> flush_run{};

  std::size_t size() const { return to_come == 0 ? 1 : first.size(); }
};

EQUITY_QUESTION_PATH Completions completed_boards(const PreparedDeal& prep) {
  Completions c;
  for (Card card : prep.board) c.known += Hand(card);
  c.to_come = prep.cards_to_come;
  if (c.to_come == 0) return c;
  std::array<std::array<Card, 4>, kRanks> left{};  // per rank, the deck's cards of it
  std::array<std::size_t, kRanks> count{};
  for (int id = 0; id < kCards; ++id)
    if (!prep.known.contains(Card(id))) {
      const auto r = static_cast<std::size_t>(Card(id).rank());
      left[r][count[r]++] = Card(id);
    }
  const std::size_t deck = static_cast<std::size_t>(kCards - prep.known.size());
  const std::size_t boards = c.to_come == 1 ? deck : deck * (deck - 1) / 2;
  c.first.reserve(boards);
  c.second.reserve(boards);
  std::vector<std::uint8_t> bucket;  // per board: 3 x suit + count - 3, or 12 without a flush suit
  bucket.reserve(boards);
  const std::uint64_t known_counts = c.known.key() >> 32;  // four bits a suit
  const auto add = [&](Card x, Card y) {
    const std::uint64_t counts =
        known_counts + (std::uint64_t{1} << (4 * x.suit())) + (c.to_come == 2 ? std::uint64_t{1} << (4 * y.suit()) : 0);
    const std::uint64_t three = (counts + 0x5555) & 0x8888;  // a suit's count >= 3
    const int suit = std::countr_zero(three) >> 2;
    const auto b = three == 0 ? 12 : 3 * suit + static_cast<int>((counts >> (4 * suit)) & 0xf) - 3;
    bucket.push_back(static_cast<std::uint8_t>(b));
    ++c.flush_run[static_cast<std::size_t>(b)];
    c.first.push_back(static_cast<std::uint8_t>(std::countr_zero(x.bit())));
    c.second.push_back(static_cast<std::uint8_t>(std::countr_zero(y.bit())));
  };
  for (std::size_t k = 0; k + 1 < c.run.size(); ++k) {
    c.run[k] = static_cast<std::uint32_t>(c.first.size());
    if (c.to_come == 1) {
      for (std::size_t x = 0; k < kRanks && x < count[k]; ++x) add(left[k][x], left[k][x]);
      continue;
    }
    const std::size_t a = k / kRanks, b = k % kRanks;  // a run for a <= b alone
    for (std::size_t x = 0; a <= b && x < count[a]; ++x)
      for (std::size_t y = a == b ? x + 1 : 0; y < count[b]; ++y) add(left[a][x], left[b][y]);
  }
  c.run.back() = static_cast<std::uint32_t>(c.first.size());
  // The flush buckets counted above, filled in board order.
  std::array<std::uint32_t, 13> next{};
  for (std::size_t i = 1; i < next.size(); ++i) next[i] = next[i - 1] + c.flush_run[i - 1];
  c.flush_run = next;
  c.flush.resize(next[12]);
  for (std::size_t b = 0; b < bucket.size(); ++b) {
    if (bucket[b] == 12) continue;
    const auto suit = static_cast<unsigned>(bucket[b] / 3);
    const std::uint64_t cards = c.known.mask() | std::uint64_t{1} << c.first[b] | std::uint64_t{1} << c.second[b];
    c.flush[next[bucket[b]]++] = {static_cast<std::uint32_t>(b),
                                  static_cast<std::uint16_t>((cards >> (16 * suit)) & 0x1fff)};
  }
  return c;
}

// Boards padded to a whole number of vectors: a padded board ranks every combo 0 (dead).
constexpr std::size_t kLanes = 16;

// ranks[e * stride + b]: 1 + the rank of entry e's best hand on board b, 0 when they share a card.
template <class Ranking>
EQUITY_QUESTION_PATH void rank_entry(const Entry& e, const Completions& c, Ranking ranking, std::uint16_t* out) {
  const std::uint64_t mask = e.hand.mask();
  if (c.to_come == 0) {
    out[0] = (c.known.mask() & mask) ? std::uint16_t{0} : static_cast<std::uint16_t>(ranking(c.known + e.hand) + 1);
    return;
  }
  // The hand's ranks alone on each run it can meet (no rank five times: the others' boards hold
  // one of its cards, and are zeroed below).
  std::array<int, kRanks> held{};
  for (std::uint64_t bits = (c.known + e.hand).mask(); bits; bits &= bits - 1)
    ++held[static_cast<std::size_t>(std::countr_zero(bits) & 15)];
  const std::uint32_t base = (c.known + e.hand).rank_key();
  const auto fill = [&](std::size_t k, bool possible, std::uint32_t key) {
    if (c.run[k] == c.run[k + 1]) return;
    const auto rank = possible ? static_cast<std::uint16_t>(ranking.rank_only(key) + 1) : std::uint16_t{0};
    std::fill(out + c.run[k], out + c.run[k + 1], rank);
  };
  for (std::size_t a = 0; a < kRanks; ++a) {
    if (c.to_come == 1) {
      fill(a, held[a] < 4, base + detail::kRankKeys[a]);
      continue;
    }
    for (std::size_t b = a; b < kRanks; ++b) {
      const int extra = 1 + (a == b);
      fill(kRanks * a + b, held[a] + extra <= 4 && held[b] + extra <= 4,
           base + detail::kRankKeys[a] + detail::kRankKeys[b]);
    }
  }
  for (std::size_t s = 0; s < 4; ++s) {
    const auto hole = static_cast<unsigned>(mask >> (16 * s)) & 0x1fff;
    const auto first = 3 * s + static_cast<std::size_t>(2 - std::min(std::popcount(hole), 2));  // count 5 - h
    for (std::size_t f = c.flush_run[first]; f < c.flush_run[3 * s + 3]; ++f)
      out[c.flush[f].first] = static_cast<std::uint16_t>(ranking.flush(c.flush[f].second | hole) + 1);
  }
  const auto h1 = static_cast<std::uint8_t>(std::countr_zero(mask)),
             h2 = static_cast<std::uint8_t>(63 - std::countl_zero(mask));
  const std::uint8_t* first = c.first.data();
  const std::uint8_t* second = c.second.data();
  for (std::size_t b = 0; b < c.size(); ++b) {
    const bool dead = (first[b] == h1) | (first[b] == h2) | (second[b] == h1) | (second[b] == h2);
    out[b] = dead ? std::uint16_t{0} : out[b];
  }
}

// The boards (padding included) where hero's rank is above villain's and where they are equal,
// dead (0) or not: a compare, a compare and two adds a vector of boards. per_combo_showdowns()
// takes out the dead boards, whose number depends on the cards alone. Sixteen-bit sums: there
// are fewer than 65,536 boards.
struct PairCounts {
  std::uint32_t above = 0, equal = 0;
};
PairCounts compare(const std::uint16_t* __restrict hero, const std::uint16_t* __restrict villain, std::size_t n) {
  std::uint16_t above = 0, equal = 0;
  for (std::size_t b = 0; b < n; ++b) {
    const std::uint16_t a = hero[b], c = villain[b];
    above = static_cast<std::uint16_t>(above + (a > c));
    equal = static_cast<std::uint16_t>(equal + (a == c));
  }
  return {above, equal};
}

struct Pair {
  std::uint32_t hero = 0, villain = 0;  // entries
  PairCounts counts;
};

}  // namespace

EQUITY_QUESTION_PATH HeadsUpWork heads_up_work(const PreparedDeal& prep) {
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

EQUITY_QUESTION_PATH std::array<std::vector<ComboEquity>, 2> per_combo_showdowns(const PreparedDeal& prep,
                                                                                 bool parallel) {
  if (prep.combos.size() != 2) throw InputError("per-combo equity by showdowns is for two players");
  if (prep.cards_to_come > 2) throw InputError("per-combo equity by showdowns needs a board of 3, 4 or 5 cards");
  const std::vector<Entry> entries = entries_of(prep);
  const Completions boards = completed_boards(prep);
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

  // Each pair's boards both are alive on: the four cards of the pair out of the deck. Hero is
  // "above" a dead villain where hero is alive: villain's dead boards (those with one of its two
  // cards) less those with a card of each (4 with two cards to come, else none); the two are
  // "equal" at 0 on those, and on the padding.
  const int deck = kCards - prep.known.size(), to_come = prep.cards_to_come;
  const std::uint64_t alive = choose(deck - 4, to_come), both_dead = to_come == 2 ? 4 : 0;
  const std::uint64_t villain_dead = boards.size() - choose(deck - 2, to_come), padding = stride - boards.size();
  std::vector<std::array<ComboEquity, 2>> per(entries.size());
  for (const Pair& p : pairs) {
    const std::uint64_t wins = p.counts.above - (villain_dead - both_dead), ties = p.counts.equal - both_dead - padding;
    const std::uint64_t losses = alive - wins - ties;
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

// Boards in sets of 64 (a word's bits); the boards past the last rank 0, dead for every combo.
constexpr std::size_t kWordBoards = 64;

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

// The boards as sets: each entry's alive boards, and for every two players p < q and every combo
// i of p and j of q that share no card, the boards where i ranks above j and where they rank
// equal. An assignment's showdowns are then a few word operations per 64 boards instead of a
// comparison per board and player (at most kMaxShowdownAssignments pairs of a block: 54 MB on a
// flop at the limit).
class BoardSets {
 public:
  BoardSets(const Multiway& m, const std::vector<std::uint16_t>& ranks, std::size_t stride, bool parallel)
      : words_(stride / kWordBoards), sizes_(m.entry.size()) {
    for (std::size_t p = 0; p < sizes_.size(); ++p) sizes_[p] = m.entry[p].size();
    alive_.assign(m.hands.size() * words_, 0);
    static constexpr std::array<std::uint16_t, kWordBoards> kDead{};
    for (std::size_t e = 0; e < m.hands.size(); ++e)
      for (std::size_t w = 0; w < words_; ++w) {
        std::uint64_t dead;  // rank 0
        detail::compare_64(ranks.data() + e * stride + w * kWordBoards, kDead.data(), alive_[e * words_ + w], dead);
      }
    std::size_t pairs = 0;
    for (std::size_t p = 0; p < sizes_.size(); ++p)
      for (std::size_t q = p + 1; q < sizes_.size(); ++q) {
        block_[p][q] = pairs;
        pairs += sizes_[p] * sizes_[q];
      }
    sets_.assign(pairs * 2 * words_, 0);
    std::vector<std::array<std::uint32_t, 3>> work;  // p, q, i: i's sets against every combo of q
    for (std::size_t p = 0; p < sizes_.size(); ++p)
      for (std::size_t q = p + 1; q < sizes_.size(); ++q)
        for (std::size_t i = 0; i < sizes_[p]; ++i)
          work.push_back({static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(q), static_cast<std::uint32_t>(i)});
    const auto fill = [&](std::size_t first, std::size_t last) {
      for (std::size_t k = first; k < last; ++k) fill_row(m, ranks, stride, work[k][0], work[k][1], work[k][2]);
    };
    if (parallel)
      detail::parallel_for(tbb::blocked_range<std::size_t>(0, work.size(), 4),
                           [&](const tbb::blocked_range<std::size_t>& r) { fill(r.begin(), r.end()); });
    else
      fill(0, work.size());
  }

  std::size_t words() const { return words_; }
  const std::uint64_t* alive(std::size_t entry) const { return alive_.data() + entry * words_; }
  // Combo i of p against j of q: `words()` words of "above", then as many of "equal".
  const std::uint64_t* pair(std::size_t p, std::size_t q, std::size_t i, std::size_t j) const {
    return sets_.data() + offset(p, q, i, j);
  }

 private:
  std::size_t offset(std::size_t p, std::size_t q, std::size_t i, std::size_t j) const {
    return (block_[p][q] + i * sizes_[q] + j) * 2 * words_;
  }

  void fill_row(const Multiway& m, const std::vector<std::uint16_t>& ranks, std::size_t stride, std::size_t p,
                std::size_t q, std::size_t i) {
    const std::uint16_t* mine = ranks.data() + m.entry[p][i] * stride;
    for (std::size_t j = 0; j < sizes_[q]; ++j) {
      if (m.bits[p][i] & m.bits[q][j]) continue;  // never in one assignment
      std::uint64_t* out = sets_.data() + offset(p, q, i, j);
      const std::uint16_t* theirs = ranks.data() + m.entry[q][j] * stride;
      for (std::size_t w = 0; w < words_; ++w)
        detail::compare_64(mine + w * kWordBoards, theirs + w * kWordBoards, out[w], out[words_ + w]);
    }
  }

  std::size_t words_;
  std::vector<std::size_t> sizes_;                                                         // per player: its combos
  std::array<std::array<std::size_t, kMaxShowdownPlayers>, kMaxShowdownPlayers> block_{};  // p < q: first pair
  std::vector<std::uint64_t> alive_;
  std::vector<std::uint64_t> sets_;
};

// One assignment's split counts: per word of boards, each player's boards at the top (alive
// everywhere, at least every other's rank), the number at the top bit-sliced, then each player's
// top boards counted by how many share it.
template <std::size_t N>
SplitCounts<N> count_assignment(const BoardSets& sets, const Multiway& m, const std::uint16_t* position) {
  std::array<const std::uint64_t*, N> alive;
  for (std::size_t p = 0; p < N; ++p) alive[p] = sets.alive(m.entry[p][position[p]]);
  std::array<std::array<const std::uint64_t*, N>, N> pair{};
  for (std::size_t p = 0; p < N; ++p)
    for (std::size_t q = p + 1; q < N; ++q) pair[p][q] = sets.pair(p, q, position[p], position[q]);
  const std::size_t words = sets.words();
  SplitCounts<N> out{};
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t all = alive[0][w];
    for (std::size_t p = 1; p < N; ++p) all &= alive[p][w];
    std::array<std::uint64_t, N> top;
    top.fill(all);
    for (std::size_t p = 0; p < N; ++p)
      for (std::size_t q = p + 1; q < N; ++q) {
        const std::uint64_t above = pair[p][q][w], equal = pair[p][q][words + w];
        top[p] &= above | equal;
        top[q] &= ~above;
      }
    std::uint64_t c0 = 0, c1 = 0, c2 = 0;  // how many are at the top: bits 1, 2 and 4
    for (std::size_t p = 0; p < N; ++p) {
      const std::uint64_t carry0 = c0 & top[p];
      c0 ^= top[p];
      const std::uint64_t carry1 = c1 & carry0;
      c1 ^= carry0;
      c2 |= carry1;
    }
    for (std::size_t j = 0; j < N; ++j) {
      const std::size_t k = j + 1;
      const std::uint64_t shared = (k & 1 ? c0 : ~c0) & (k & 2 ? c1 : ~c1) & (k & 4 ? c2 : ~c2);
      for (std::size_t p = 0; p < N; ++p) out[p][j] += static_cast<std::uint32_t>(std::popcount(top[p] & shared));
    }
  }
  return out;
}

template <std::size_t N>
RangeEquityResult multiway_showdowns(const PreparedDeal& prep, bool parallel) {
  const Multiway m = multiway_entries(prep);
  const Completions boards = completed_boards(prep);
  const std::size_t stride = (boards.size() + kWordBoards - 1) / kWordBoards * kWordBoards;
  std::vector<std::uint16_t> ranks(m.hands.size() * stride, 0);
  const auto rank_all = [&](std::size_t first, std::size_t last) {
    with_ranking(prep.game, [&](auto ranking) {
      for (std::size_t e = first; e < last; ++e)
        rank_entry(Entry{m.hands[e], 0, {}}, boards, ranking, ranks.data() + e * stride);
    });
  };
  if (parallel)
    detail::parallel_for(tbb::blocked_range<std::size_t>(0, m.hands.size(), 4),
                         [&](const tbb::blocked_range<std::size_t>& r) { rank_all(r.begin(), r.end()); });
  else
    rank_all(0, m.hands.size());
  const BoardSets sets(m, ranks, stride, parallel);

  std::vector<std::uint16_t> current(N), positions;
  assignments_of(m, 0, 0, current, positions);
  const std::size_t count = positions.size() / N;
  std::vector<SplitCounts<N>> counts(count);
  const auto count_all = [&](std::size_t first, std::size_t last) {
    for (std::size_t a = first; a < last; ++a) counts[a] = count_assignment<N>(sets, m, positions.data() + a * N);
  };
  if (parallel)
    detail::parallel_for(tbb::blocked_range<std::size_t>(0, count, 32),
                         [&](const tbb::blocked_range<std::size_t>& r) { count_all(r.begin(), r.end()); });
  else
    count_all(0, count);

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

// Ranking every entry, the pairs' board sets, then word operations per assignment that grow with
// the square of the players (the same units as HeadsUpWork's estimates).
double multiway_showdowns_cost(const PreparedDeal& prep) {
  double assignments = 1, entries = 0, pairs = 0;
  for (const auto& list : prep.combos) {
    const auto size = static_cast<double>(list.size());
    pairs += entries * size;
    assignments *= size;
    entries += size;
  }
  const double boards = static_cast<double>(choose(kCards - prep.known.size(), prep.cards_to_come));
  const auto players = static_cast<double>(prep.combos.size());
  return 6 * entries * boards + 0.2 * pairs * boards + 0.02 * players * players * assignments * (boards + 64);
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
