// Omaha heads-up by a sweep hand by hand: omaha_ranges_exact()'s counts of two ranges without
// weights where the high's sweep by groups (omaha_equity.cpp) does not go: Hi/Lo, and hands of five
// cards (omaha_sweep.hpp). Each board's hands are ranked once each.
//
// On a board each hand has a high H and a low L (kNoLow, below every low, when none qualifies, and
// always in the high-only games). Against the other player's hands b that share no card with a
// hand h, everything the pot accounting counts (score_omaha_showdown()) is a count of b by H and L:
//  - the high's wins and ties: b of lower H, of equal H;
//  - the low's wins and ties (h with a low): b of lower L, of equal L;
//  - the scoops: b of lower H and of L below max(L_h, 1) (h wins the high alone and the low alone,
//    or nobody has a low);
//  - the pot units: the high's half and the low's half of the showdowns where somebody has a low,
//    the whole pot where nobody has: h without a low needs its high's wins and ties against the b
//    without one (L below 1) apart.
// The other's hands are added in order of H to subset counters: a counter for every set of one to
// N - 1 cards (N the hole cards, 4 or 5) of the hands added, so that the hands sharing no card with
// h are, by inclusion and exclusion over the subsets of h's cards, the hands less those holding
// each of its cards, plus those holding each pair, and so on (plus one for h itself when the other
// holds it). One set of counters holds all of them, and a Fenwick tree of sets over their distinct
// lows the counts below a low (one leaf when none has a low: the tree is the first set again).
// After the last hand, the same counters hold every hand of the other: the showdowns and the low's
// counts. Every count is an integer, as the walk's.
#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "count/omaha_sweep.hpp"
#include "equity/omaha_evaluator.hpp"

namespace equity::omaha_sweep {
namespace {

// One hand's counts over the boards: the high won alone and tied, the showdowns, the pot units.
struct HandCounts {
  std::uint64_t wins = 0, ties = 0, showdowns = 0, units = 0;
};
struct Counts {
  OmahaTally tally;
  std::array<std::vector<HandCounts>, 2> hands;  // with per-hand counts, each player's (else empty)

  Counts& operator+=(const Counts& o) {
    tally += o.tally;
    for (std::size_t p = 0; p < 2; ++p)
      for (std::size_t i = 0; i < o.hands[p].size(); ++i) {
        HandCounts& h = hands[p][i];
        h.wins += o.hands[p][i].wins;
        h.ties += o.hands[p][i].ties;
        h.showdowns += o.hands[p][i].showdowns;
        h.units += o.hands[p][i].units;
      }
    return *this;
  }
};

// The subsets of an N-card hand the counters index: its proper non-empty subsets, by size.
template <int N>
struct Subsets {
  static constexpr std::size_t kProper = (1u << N) - 2;
  // Where the subsets of each size start among a hand's (kSizeStart[N] = kProper), and where the
  // counters of the sets of each size start (the 52 cards, the 1,326 pairs, ...; kCounters in all).
  static constexpr std::array<std::size_t, N + 1> kSizeStart = [] {
    std::array<std::size_t, N + 1> s{};
    for (int size = 1; size < N; ++size) s[size + 1] = s[size] + kChooseTable[N][size];
    s[N] = kProper;
    return s;
  }();
  static constexpr std::array<std::uint32_t, N + 1> kCounterStart = [] {
    std::array<std::uint32_t, N + 1> s{};
    for (int size = 1; size < N; ++size) s[size + 1] = s[size] + kChooseTable[kCards][size];
    return s;
  }();
  static constexpr std::uint32_t kCounters = kCounterStart[N];
};

// A five-card hand's 30 proper subsets as counter indices (by size, colex within each), and its
// own index among the five-card sets; a four-card hand's are the high sweep's (SweepHand).
struct FiveCardSubsets {
  std::array<std::uint32_t, Subsets<5>::kProper> subsets;
  std::uint32_t self;
};
template <int N>
using SubsetHand = std::conditional_t<N == kSweepCards, SweepHand, FiveCardSubsets>;

template <int N>
EQUITY_ALWAYS_INLINE SubsetHand<N> subset_hand(const std::array<std::uint8_t, N>& card) {
  static_assert(N == kSweepCards || N == 5);
  if constexpr (N == kSweepCards) {  // the high sweep's, written out (the same indices)
    return sweep_hand(card);
  } else {  // written out: each set's index is a smaller set's plus one term
    using S = Subsets<N>;
    std::array<std::uint32_t, 5> c{}, c2{}, c3{}, c4{};
    for (std::size_t i = 0; i < 5; ++i) {
      c[i] = card[i];
      c2[i] = kChooseTable[card[i]][2];
      c3[i] = kChooseTable[card[i]][3];
      c4[i] = kChooseTable[card[i]][4];
    }
    SubsetHand<N> h{};
    std::size_t pair = S::kSizeStart[2], triple = S::kSizeStart[3], quad = S::kSizeStart[4];
    for (std::size_t i = 0; i < 5; ++i) h.subsets[i] = c[i];
    for (std::size_t j = 1; j < 5; ++j)
      for (std::size_t i = 0; i < j; ++i) {
        const std::uint32_t p = c2[j] + c[i];
        h.subsets[pair++] = S::kCounterStart[2] + p;
        for (std::size_t k = j + 1; k < 5; ++k) {
          const std::uint32_t t = c3[k] + p;
          h.subsets[triple++] = S::kCounterStart[3] + t;
          for (std::size_t l = k + 1; l < 5; ++l) h.subsets[quad++] = S::kCounterStart[4] + c4[l] + t;
        }
      }
    h.self = choose_cards(card[4], 5) + c4[3] + c3[2] + c2[1] + c[0];
    return h;
  }
}

// Sets of subset counters side by side (set s's counter of subset i at s x kCounters + i), each
// with its hands' count (the empty set's counter). 16 bits hold them but the cards' counters of
// five-card hands: a pair is in at most C(50, 3) = 19,600 five-card hands, a card in C(51, 3) =
// 20,825 four-card ones but C(51, 4) = 249,900 five-card ones. Those are kept apart, 32 bits each
// (card i of set s at s x kCards + i).
template <int N>
class CounterSets {
 public:
  static constexpr std::uint32_t kCounters = Subsets<N>::kCounters;
  static constexpr bool kWideSingles = N > 4;
  using Single = std::conditional_t<kWideSingles, std::uint32_t, std::uint16_t>;

  // `sets` sets of zeros: those the last use left dirty cleared.
  void reset(std::size_t sets) {
    if (hands_.size() < sets) {
      hands_.resize(sets, 0);
      if constexpr (kWideSingles) singles_.resize(sets * kCards, 0);
      counters_.resize(sets * kCounters, 0);
    }
    std::fill_n(hands_.begin(), dirty_, 0);
    if constexpr (kWideSingles) std::fill_n(singles_.begin(), dirty_ * kCards, Single{0});
    std::fill_n(counters_.begin(), dirty_ * kCounters, std::uint16_t{0});
    dirty_ = sets;
  }
  // Every hand added has been taken away again: nothing to clear.
  void cleared() { dirty_ = 0; }

  EQUITY_ALWAYS_INLINE void add(std::size_t s, const SubsetHand<N>& h) { change<1>(s, h); }
  EQUITY_ALWAYS_INLINE void remove(std::size_t s, const SubsetHand<N>& h) { change<-1>(s, h); }
  // Set s's hands that share no card with h, less (-1)^N if h itself is among them (the term of h's
  // own cards, left out).
  EQUITY_ALWAYS_INLINE std::int64_t disjoint(std::size_t s, const SubsetHand<N>& h) const {
    using S = Subsets<N>;
    const std::uint16_t* c = counters_.data() + s * kCounters;
    std::int64_t n = hands_[s];
    if constexpr (kWideSingles) {
      const Single* one = singles_.data() + s * kCards;
      for (std::size_t k = 0; k < N; ++k) n -= one[h.subsets[k]];
    } else {
      for (std::size_t k = 0; k < N; ++k) n -= c[h.subsets[k]];
    }
    for (std::size_t size = 2; size < N; ++size) {
      std::int64_t sum = 0;
      for (std::size_t k = S::kSizeStart[size]; k < S::kSizeStart[size + 1]; ++k) sum += c[h.subsets[k]];
      n += size % 2 ? -sum : sum;
    }
    return n;
  }

 private:
  template <int By>
  EQUITY_ALWAYS_INLINE void change(std::size_t s, const SubsetHand<N>& h) {
    hands_[s] += By;
    std::uint16_t* c = counters_.data() + s * kCounters;
    std::size_t k = 0;
    if constexpr (kWideSingles) {
      Single* one = singles_.data() + s * kCards;
      for (; k < N; ++k) one[h.subsets[k]] = static_cast<Single>(one[h.subsets[k]] + By);
    }
    for (; k < h.subsets.size(); ++k) c[h.subsets[k]] = static_cast<std::uint16_t>(c[h.subsets[k]] + By);
  }

  std::vector<std::int64_t> hands_;
  std::vector<Single> singles_;  // five-card hands only
  std::vector<std::uint16_t> counters_;
  std::size_t dirty_ = 0;  // the first sets, not known to be zero
};

template <int N>
struct Ranked {
  HandRank high;
  LowRank low;
  std::array<std::uint8_t, N> card;  // sweep_cards()
  std::uint32_t index;               // into the player's hands
};

// A hand's counts from the sweep in order of H, before the counts of the whole other side.
struct Partial {
  std::int64_t wins, ties, scoops, ties_without_low;
};

template <int N>
struct Scratch {
  CounterSets<N> sets;  // 0: the other's hands added so far; 1..m: the Fenwick tree over their lows
  std::vector<Partial> partial;
};

template <int N>
class HandSweep {
  // What the hands sharing no card with h are beside disjoint() when h itself is counted.
  static constexpr std::int64_t kSelf = N % 2 ? -1 : 1;

 public:
  explicit HandSweep(const OmahaPrepared& prep) : prep_(prep) {
    for (std::size_t p = 0; p < 2; ++p) {
      const auto list = prep.random[p] ? every_hand(CardSet::full() - prep.known, prep.hole_cards) : prep.combos[p];
      for (const auto& c : list) cards_[p].push_back(c.cards);
    }
    same_ = cards_[0] == cards_[1];
    for (std::size_t p = 0; p < 2; ++p) {
      holds_[p].assign(choose_cards(kCards, N), 0);
      for (CardSet c : cards_[p]) holds_[p][subset_hand<N>(sweep_cards<N>(c)).self] = 1;
      // The hand's cards not known (all N, or none for a specific hand): the same for each.
      unknown_[p] = (cards_[p].front() - prep.known).size();
    }
    for (const auto& b : every_hand(CardSet::full() - prep.known, prep.cards_to_come)) boards_.push_back(b.cards);
  }

  std::size_t boards() const { return boards_.size(); }
  std::size_t hands(std::size_t p) const { return cards_[p].size(); }
  CardSet hand(std::size_t p, std::size_t i) const { return cards_[p][i]; }
  bool same() const { return same_; }

  // Board b's showdowns added to the counts (and to each hand's when they are kept).
  void count_board(std::size_t b, Counts& counts, Scratch<N>& scratch) const {
    const bool per_hand = !counts.hands[0].empty();
    const CardSet board = prep_.board | boards_[b];
    const auto& tables = detail::omaha_tables();
    const OmahaBoard scorer(detail::board_row(board.bits(), tables), board, tables);
    const std::size_t sides = same_ ? 1 : 2;
    std::array<std::vector<Ranked<N>>, 2> ranked;
    for (std::size_t p = 0; p < sides; ++p) ranked[p] = rank_hands(p, board, scorer);
    OmahaTally board_tally(2);
    for (std::size_t p = 0; p < sides; ++p) {
      const std::size_t o = same_ ? 0 : 1 - p;
      const std::uint64_t showdowns =
          count_side(p, ranked[p], o, ranked[o], scratch, board_tally, per_hand ? &counts.hands[p] : nullptr);
      if (p == 0) board_tally.counts.showdowns = showdowns;
    }
    if (same_) board_tally.counts.players[1] = board_tally.counts.players[0];
    counts.tally += board_tally;
  }

 private:
  // The hands of player p the board leaves, by increasing high (a counting sort).
  std::vector<Ranked<N>> rank_hands(std::size_t p, CardSet board, const OmahaBoard& scorer) const {
    std::vector<Ranked<N>> scored;
    scored.reserve(cards_[p].size());
    std::vector<std::uint32_t> start(kHandRanks + 1, 0);
    for (std::size_t i = 0; i < cards_[p].size(); ++i) {
      const CardSet hand = cards_[p][i];
      if (hand.intersects(board)) continue;
      const HandRank r = scorer.high(hand);
      const LowRank low = prep_.hi_lo ? scorer.low(hand) : kNoLow;
      scored.push_back({r, low, sweep_cards<N>(hand), static_cast<std::uint32_t>(i)});
      ++start[r + 1u];
    }
    for (std::size_t r = 0; r < kHandRanks; ++r) start[r + 1] += start[r];
    std::vector<Ranked<N>> sorted(scored.size());
    for (const Ranked<N>& x : scored) sorted[start[x.high]++] = x;
    return sorted;
  }

  // Player p's hands against player o's on one board, into p's counts (and with `per_hand`, each
  // hand's); returns the showdowns.
  std::uint64_t count_side(std::size_t p, const std::vector<Ranked<N>>& mine, std::size_t o,
                           const std::vector<Ranked<N>>& theirs, Scratch<N>& s, OmahaTally& tally,
                           std::vector<HandCounts>* per_hand) const {
    // The other's distinct lows: below[v] of them under v; a hand of low v in the tree's leaf below[v].
    std::array<bool, kLowRanks> present{};
    for (const Ranked<N>& t : theirs) present[t.low] = true;
    std::array<std::uint8_t, kLowRanks + 1> below{};
    for (std::size_t v = 0; v < kLowRanks; ++v) below[v + 1] = static_cast<std::uint8_t>(below[v] + present[v]);
    const std::size_t leaves = below[kLowRanks];
    // None of them has a low (a board of fewer than three low ranks): the tree's one leaf would be
    // set 0 again.
    const bool no_lows = leaves == 1 && present[kNoLow];
    const std::size_t set_count = no_lows ? 1 : leaves + 1;
    s.sets.reset(set_count);
    CounterSets<N>& sets = s.sets;
    const auto add = [&](const Ranked<N>& t) {
      const SubsetHand<N> h = subset_hand<N>(t.card);
      sets.add(0, h);
      if (no_lows) return;
      for (std::size_t k = below[t.low] + 1u; k <= leaves; k += k & (~k + 1)) sets.add(k, h);
    };
    // The hands added so far that share no card with h and whose low is one of the first `lows`.
    const auto under = [&](std::size_t lows, const SubsetHand<N>& h) {
      if (no_lows) return lows > 0 ? sets.disjoint(0, h) : std::int64_t{0};
      std::int64_t n = 0;
      for (std::size_t k = lows; k > 0; k &= k - 1) n += sets.disjoint(k, h);
      return n;
    };
    // Those whose low is the leaf-th (from 1): the tree's node less the nodes below it that it adds up.
    const auto at = [&](std::size_t leaf, const SubsetHand<N>& h) {
      std::int64_t n = sets.disjoint(leaf, h);
      for (std::size_t k = leaf - 1, stop = leaf & (leaf - 1); k != stop; k &= k - 1) n -= sets.disjoint(k, h);
      return n;
    };
    const std::vector<std::uint8_t>& holds = holds_[o];
    s.partial.resize(mine.size());
    std::size_t j = 0;
    for (std::size_t i = 0; i < mine.size();) {
      const HandRank r = mine[i].high;
      std::size_t end = i;
      while (end < mine.size() && mine[end].high == r) ++end;
      while (j < theirs.size() && theirs[j].high < r) add(theirs[j++]);
      // Of lower high: h itself (of high r) is not among them.
      for (std::size_t k = i; k < end; ++k) {
        const SubsetHand<N> h = subset_hand<N>(mine[k].card);
        const std::int64_t wins = sets.disjoint(0, h);
        // Without lows, the scoops are the wins (the same count, not asked twice).
        s.partial[k] = {wins, 0, no_lows ? wins : under(below[std::max<std::size_t>(mine[k].low, 1)], h), 0};
      }
      const std::size_t equal_from = j;
      while (j < theirs.size() && theirs[j].high == r) add(theirs[j++]);
      for (std::size_t k = i; k < end && j != equal_from; ++k) {  // else no tie
        const SubsetHand<N> h = subset_hand<N>(mine[k].card);
        const std::int64_t held = kSelf * holds[h.self];
        Partial& x = s.partial[k];
        x.ties = sets.disjoint(0, h) + held - x.wins;
        if (mine[k].low == kNoLow) x.ties_without_low = no_lows ? x.ties : under(below[1], h) + held - x.scoops;
      }
      i = end;
    }
    // A random opponent holds every hand of the cards left (neither known nor on the board): of
    // them, C(left - h's cards among them, N) share none with h. Without lows, that is all the
    // rest asks.
    const bool random = prep_.random[o];
    const int left = kCards - prep_.known.size() - prep_.cards_to_come;
    const std::uint64_t random_total = choose_cards(static_cast<std::size_t>(left - unknown_[p]), N);
    const bool counted =
        random && no_lows && std::none_of(mine.begin(), mine.end(), [](const Ranked<N>& m) { return m.low != kNoLow; });
    if (!counted) {
      while (j < theirs.size()) add(theirs[j++]);
    }
    // Every hand of the other's added: the showdowns and the low's counts.
    PlayerTally& c = tally.counts.players[p];
    std::uint64_t showdowns = 0;
    for (std::size_t k = 0; k < mine.size(); ++k) {
      const Partial& x = s.partial[k];
      const auto wins = static_cast<std::uint64_t>(x.wins), ties = static_cast<std::uint64_t>(x.ties);
      const std::size_t category = kCategoryOf[mine[k].high];
      std::uint64_t total = random_total, units;
      if (counted) {  // no lows against random: the whole pot to the high
        units = kPotUnits * wins + kPotUnits / 2 * ties;
      } else {
        const SubsetHand<N> h = subset_hand<N>(mine[k].card);
        const std::int64_t held = kSelf * holds[h.self];
        if (!random) total = static_cast<std::uint64_t>(sets.disjoint(0, h) + held);
        if (const LowRank low = mine[k].low; low != kNoLow) {
          const auto low_wins = static_cast<std::uint64_t>(under(below[low], h));
          const auto low_ties = present[low] ? static_cast<std::uint64_t>(at(below[low + 1u], h) + held) : 0;
          c.parts[1].wins += low_wins;
          c.parts[1].ties += low_ties;
          c.parts[1].losses += total - low_wins - low_ties;
          c.lows += total;
          units = kPotUnits / 2 * (wins + low_wins) + kPotUnits / 4 * (ties + low_ties);
        } else {
          const auto without_low = no_lows ? total : static_cast<std::uint64_t>(under(below[1], h) + held);
          const auto wins_alone = static_cast<std::uint64_t>(x.scoops),
                     ties_alone = static_cast<std::uint64_t>(x.ties_without_low);
          c.parts[1].losses += total - without_low;
          units = kPotUnits * wins_alone + kPotUnits / 2 * ties_alone + kPotUnits / 2 * (wins - wins_alone) +
                  kPotUnits / 4 * (ties - ties_alone);
        }
      }
      c.parts[0].wins += wins;
      c.parts[0].ties += ties;
      c.parts[0].losses += total - wins - ties;
      c.scoops += static_cast<std::uint64_t>(x.scoops);
      c.pot_units += units;
      c.categories[category] += total;
      c.category_wins[category] += wins;
      c.category_ties[category] += ties;
      showdowns += total;
      if (per_hand) {
        HandCounts& hand = (*per_hand)[mine[k].index];
        hand.wins += wins;
        hand.ties += ties;
        hand.showdowns += total;
        hand.units += units;
      }
    }
    // The counters cleared for the next side: the hands taken away one by one where that is less
    // work than zeroing every set.
    const std::size_t levels = no_lows ? 1 : 1 + static_cast<std::size_t>(std::bit_width(leaves));
    if (j * levels * Subsets<N>::kProper < set_count * CounterSets<N>::kCounters / 8) {
      for (std::size_t i = 0; i < j; ++i) {  // those added
        const SubsetHand<N> h = subset_hand<N>(theirs[i].card);
        sets.remove(0, h);
        if (no_lows) continue;
        for (std::size_t k = below[theirs[i].low] + 1u; k <= leaves; k += k & (~k + 1)) sets.remove(k, h);
      }
      sets.cleared();
    }
    return showdowns;
  }

  const OmahaPrepared& prep_;
  std::array<std::vector<CardSet>, 2> cards_;
  std::array<std::vector<std::uint8_t>, 2> holds_;  // by N-card set (its index): whether the player has it
  std::array<int, 2> unknown_{};
  bool same_ = false;
  std::vector<CardSet> boards_;  // the cards to come
};

template <int N>
OmahaTally sweep_hand_by_hand(const OmahaPrepared& prep, const OmahaExactOptions& options, OmahaPerCombo* per_combo) {
  const HandSweep<N> counter(prep);
  const std::size_t boards = counter.boards(), parts = std::min(kBoardParts, boards);
  Counts zero{OmahaTally(2), {}};
  std::size_t hands = 0;
  if (per_combo)
    for (std::size_t p = 0; p < 2; ++p) {
      zero.hands[p].resize(counter.hands(p));
      hands += counter.hands(p);
    }
  Counts total = zero;
  // Per hand, fewer parts in flight: each holds every hand's counts (32 bytes a hand).
  const std::size_t wave =
      per_combo ? std::clamp<std::size_t>(1'000'000 / std::max<std::size_t>(1, hands), 2, kWave) : kWave;
  run_parts(parts, wave, zero, options, 0, 1, total, [&](std::size_t i, Counts& out) {
    thread_local Scratch<N> scratch;
    for (std::size_t b = boards * i / parts; b < boards * (i + 1) / parts; ++b) {
      if (options.cancel && options.cancel->load(std::memory_order_relaxed)) throw Cancelled();
      counter.count_board(b, out, scratch);
    }
  });
  OmahaTally t = std::move(total.tally);
  weigh_by_counts(t);
  if (per_combo) {
    if (counter.same()) total.hands[1] = total.hands[0];
    per_combo->assign(2, {});
    for (std::size_t p = 0; p < 2; ++p)
      for (std::size_t i = 0; i < counter.hands(p); ++i) {
        const HandCounts& h = total.hands[p][i];
        (*per_combo)[p].push_back(sweep_combo(i, counter.hand(p, i), h.wins, h.ties, h.showdowns, h.units));
      }
  }
  return t;
}

}  // namespace

OmahaTally hand_sweep_exact(const OmahaPrepared& prep, const OmahaExactOptions& options, OmahaPerCombo* per_combo) {
  return prep.hole_cards == kSweepCards ? sweep_hand_by_hand<kSweepCards>(prep, options, per_combo)
                                        : sweep_hand_by_hand<5>(prep, options, per_combo);
}

}  // namespace equity::omaha_sweep
