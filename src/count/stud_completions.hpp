#pragma once
// The stud counts' completions (stud_sweep.hpp, stud_walk.hpp): the cards left numbered 0..n-1
// (positions, in increasing card id); a completion of k cards (k <= 6) is its positions, packed six
// bits each from the lowest, and is numbered by its colex index, the sum of C(position_i, i + 1):
// the completions of k cards are 0 .. C(n, k) - 1, and every set of j cards is numbered so among
// the sets of j cards. Each player's completions are scored once under the game's scorer.
#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "detail/parallel.hpp"
#include "equity/cards.hpp"
#include "equity/evaluator.hpp"
#include "equity/stud_equity.hpp"
#include "equity/stud_scorer.hpp"

namespace equity::detail {

// A player's cards to come or not known that exact counts take: third street's six (two down cards
// not known and four to come). The heads-up sweep takes them against a player with at most
// kStudSweepFewer (its counters keep the sets of up to three of that player's cards, or for that
// player's own sweep, the other's sets of up to four); the walk takes any, within its limit of deals.
inline constexpr int kStudMaxToCome = 6;
inline constexpr int kStudSweepFewer = 4;

// What keeps the heads-up sweep from counting a deal whose player of the most cards not known or to
// come has `more` of them and the other `fewer` (the community card not among them): nothing when
// `more` is at most kStudSweepFewer; else, in a pot of two parts (`parts`: the scoops' rows of
// every set of up to five cards would not fit), the other's being more than kStudSweepFewer too;
// or each way of the hidden cards (`hidden_ways`), which it counts only then.
// The one rule of what the sweep takes: the library's check (stud_exact()) and the planner's reason
// (stud_calculate.cpp) each word it for their readers.
enum class StudSweepBar { none, both_many, hidden_ways };
constexpr StudSweepBar stud_sweep_bar(int more, int fewer, int parts, bool hidden_ways) {
  if (more <= kStudSweepFewer) return StudSweepBar::none;
  if (parts == 2 && fewer > kStudSweepFewer) return StudSweepBar::both_many;
  return hidden_ways ? StudSweepBar::hidden_ways : StudSweepBar::none;
}

// The heads-up sweeps of a pot of `parts` parts (stud_sweep.hpp): its lines, one for a one-part
// pot and for Hi/Lo three (the high, the high over the pairs with no low on either side, the low),
// and with Hi/Lo each player's scoops with a low.
constexpr int stud_pot_lines(int parts) { return parts == 2 ? 3 : 1; }
constexpr int stud_sweeps(int parts) { return stud_pot_lines(parts) + (parts == 2 ? 2 : 0); }

// A completion's positions, six bits each from the lowest (36 bits for six cards).
using StudPacked = std::uint64_t;
inline constexpr int kStudPositionBits = 6;
EQUITY_ALWAYS_INLINE constexpr std::size_t stud_position(StudPacked packed, int i) {
  return static_cast<std::size_t>((packed >> (kStudPositionBits * i)) & 63);
}

// C(n, k) for n <= 52, k <= 6.
inline constexpr std::array<std::array<std::uint32_t, kStudMaxToCome + 1>, kCards + 1> kStudChoose = [] {
  std::array<std::array<std::uint32_t, kStudMaxToCome + 1>, kCards + 1> c{};
  for (std::size_t n = 0; n <= kCards; ++n) {
    c[n][0] = 1;
    for (std::size_t k = 1; k <= kStudMaxToCome; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}();

// The cards left and each player's part: the known cards summed, the number of cards to come.
struct StudSetup {
  std::vector<Card> deck;  // the cards left, positions 0..n-1
  std::vector<Hand> known;
  std::vector<int> to_come;
  // The seventh card is one community card (stud_community_card()): the counts add up the question
  // with each card left in every hand (stud_equity.cpp); the deck and to_come do not count it yet.
  bool community = false;
  int cards = 7;        // each player's cards at the showdown (StudDeal::cards)
  int later_draws = 0;  // the draw games' draws after the first (StudDeal::later_draws), by `rule`
  DrawRule rule{};
  std::vector<std::vector<int>> later_counts;  // StudDeal::later_counts
  // The draw runs past the stub (StudDeal::reshuffle): the discards known, shuffled into a new stub
  // when it is out (Monte Carlo's draw trials only).
  bool runs_out = false;
  CardSet pile;
};

// The deal checked, the one check of exact and Monte Carlo (stud_equity.cpp): 2..10 hands of 0..7
// known cards, no card twice, enough cards left for all (the seventh as a community card when only
// so: stud_community_card()). Throws InputError as stud_deals() documents.
StudSetup stud_setup(const StudDeal& deal);

// ---- Completions ---------------------------------------------------------------------------------

// One player's counts per completion, by colex index: the showdowns it meets (every deal of the
// other players' cards to come that shares no card with it), those where it wins part 0 (the
// high, razz's low) alone, shares it, loses it, and the pot units it wins. The sweep and the walk
// fill them for the counts per instantiation of a player's cards not known (stud_equity.cpp).
struct StudCompletionCounts {
  std::vector<StudPacked> packed;  // its positions
  std::vector<std::uint64_t> showdowns, wins, ties, losses, pot_units;
};

// One side's completions scored: each part's values and the positions, by colex index.
template <int Parts>
struct StudScored {
  std::array<std::vector<std::uint16_t>, Parts> value;
  std::vector<StudPacked> packed;
};

// f(index, hand, packed) for the sets of K positions below `limit`, in colex order from `index`.
template <int K, class F>
EQUITY_ALWAYS_INLINE void stud_subsets_below(int limit, Hand hand, StudPacked packed, const Hand* hands,
                                             std::uint32_t& index, F& f) {
  if constexpr (K == 0) {
    f(index++, hand, packed);
  } else {
    for (int c = K - 1; c < limit; ++c)
      stud_subsets_below<K - 1>(c, hand + hands[c],
                                packed | static_cast<StudPacked>(c) << (kStudPositionBits * (K - 1)), hands, index, f);
  }
}

// Every completion of K cards of n added to `base`, scored into `out`; in parallel by the top card.
template <class Scorer, int K>
void stud_score_side(int n, Hand base, const Hand* hands, StudScored<Scorer::kParts>& out) {
  const std::uint32_t count = kStudChoose[static_cast<std::size_t>(n)][K];
  for (auto& v : out.value) v.resize(count);
  out.packed.resize(count);
  auto score = [&](std::uint32_t index, Hand hand, StudPacked packed) {
    const typename Scorer::Score s = Scorer::score(hand);
    for (std::size_t p = 0; p < Scorer::kParts; ++p) out.value[p][index] = s[p];
    out.packed[index] = packed;
  };
  if constexpr (K == 0) {
    score(0, base, 0);
  } else {
    parallel_for(K - 1, n, [&](int top) {
      std::uint32_t index = kStudChoose[static_cast<std::size_t>(top)][K];
      auto f = score;
      stud_subsets_below<K - 1>(top, base + hands[top], static_cast<StudPacked>(top) << (kStudPositionBits * (K - 1)),
                                hands, index, f);
    });
  }
}

// f(std::integral_constant<int, a>) for a runtime a in 0..Most.
template <int Most, class F>
decltype(auto) stud_with_size(int a, F&& f) {
  if constexpr (Most == 0) {
    return f(std::integral_constant<int, 0>{});
  } else {
    if (a >= Most) return f(std::integral_constant<int, Most>{});
    return stud_with_size<Most - 1>(a, std::forward<F>(f));
  }
}

template <class Scorer>
StudScored<Scorer::kParts> stud_score(const StudSetup& setup, std::size_t p) {
  std::vector<Hand> hands;
  for (Card c : setup.deck) hands.push_back(Hand(c));
  StudScored<Scorer::kParts> scored;
  const int n = static_cast<int>(setup.deck.size());
  stud_with_size<kStudMaxToCome>(setup.to_come[p], [&](auto k) {
    stud_score_side<Scorer, decltype(k)::value>(n, setup.known[p], hands.data(), scored);
  });
  return scored;
}

// ---- Sorting -------------------------------------------------------------------------------------

// A completion in a sorted list, in eight bytes: its positions (the low 36 bits), the scoop sweep's
// second value (12 bits: stud Hi/Lo's low, else 0) and its value (the top 16 bits). The sweeps read
// the positions of a completion of K cards as its packed positions: the bits above the K-th are
// never read (stud_position()), so packed() leaves them, and value() is one shift.
struct StudEntry {
  std::uint64_t bits;
  EQUITY_ALWAYS_INLINE StudPacked packed() const { return bits; }
  EQUITY_ALWAYS_INLINE unsigned value() const { return static_cast<unsigned>(bits >> 48); }
  EQUITY_ALWAYS_INLINE unsigned low() const { return static_cast<unsigned>(bits >> 36) & 0xfff; }
};

// The completions `keep` keeps, by increasing value (a counting sort: values below `values`),
// with `low`'s values beside when given.
template <class Keep>
std::vector<StudEntry> stud_sorted(const std::vector<std::uint16_t>& value, const std::vector<StudPacked>& packed,
                                   int values, Keep keep, const std::vector<std::uint16_t>* low = nullptr) {
  std::vector<std::uint32_t> start(static_cast<std::size_t>(values) + 1, 0);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < value.size(); ++i)
    if (keep(i)) ++start[value[i] + 1u], ++kept;
  for (std::size_t v = 0; v < static_cast<std::size_t>(values); ++v) start[v + 1] += start[v];
  std::vector<StudEntry> sorted(kept);
  for (std::size_t i = 0; i < value.size(); ++i)
    if (keep(i))
      sorted[start[value[i]]++] = {packed[i] | std::uint64_t{low ? (*low)[i] & 0xfffu : 0u} << 36 |
                                   std::uint64_t{value[i]} << 48};
  return sorted;
}

// ---- Subsets -------------------------------------------------------------------------------------

// Calls f(std::integral_constant<unsigned, m>) for every subset m = 1 .. 2^K - 1.
template <int K, class F>
EQUITY_ALWAYS_INLINE void stud_for_each_subset(F&& f) {
  [&]<std::size_t... M>(std::index_sequence<M...>) {
    (f(std::integral_constant<unsigned, static_cast<unsigned>(M + 1)>{}), ...);
  }
  (std::make_index_sequence<(1u << K) - 1>{});
}

// The colex index of each subset of a completion's K positions among the sets of its size, for the
// subsets of at most Most positions (the others 0): the index of m is that of m without its highest
// position h plus C(position h, |m|).
template <int K, int Most = K>
EQUITY_ALWAYS_INLINE std::array<std::uint32_t, (1u << K)> stud_subset_indices(StudPacked packed) {
  std::array<const std::uint32_t*, (K > 0 ? K : 1)> choose{};  // C(position i, .)
  for (int i = 0; i < K; ++i) choose[static_cast<std::size_t>(i)] = kStudChoose[stud_position(packed, i)].data();
  std::array<std::uint32_t, (1u << K)> index{};
  stud_for_each_subset<K>([&](auto m) {
    constexpr int size = std::popcount(m.value);
    if constexpr (size <= Most) {
      constexpr unsigned top = 31 - std::countl_zero(m.value);
      index[m.value] = index[m.value & ~(1u << top)] + choose[top][size];
    }
  });
  return index;
}

}  // namespace equity::detail
