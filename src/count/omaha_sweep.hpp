#pragma once
// What Omaha's heads-up sweeps share (omaha_equity.cpp's high sweeps of four-card hands,
// omaha_hand_sweep.cpp's sweep hand by hand of Hi/Lo and five-card hands): the boards' parts run in
// waves, a four-card hand's cards as the subset counters index them, and the hands of a range
// listed. Private to the library.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "count/omaha_equity.hpp"
#include "detail/parallel.hpp"
#include "equity/cards.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"

namespace equity::omaha_sweep {

// Every hand of k cards of `from`, weight 1, in increasing order of their masks' positions.
std::vector<OmahaCombo> every_hand(CardSet from, int k);

inline constexpr std::size_t kBoardParts = 4096;  // parts of the boards
inline constexpr std::size_t kWave = 64;          // parts between progress reports and cancellation checks

// Runs parts [0, count) in waves of `wave`, each part's counts in its own slot, added to `total`
// in part order after each wave (so the sums do not depend on the threads nor on the wave).
template <class Counts, class Part>
void run_parts(std::size_t count, std::size_t wave, const Counts& zero, const OmahaExactOptions& options,
               double done_before, double share, Counts& total, Part part) {
  std::vector<Counts> slots(std::min(count, wave));
  for (std::size_t first = 0; first < count; first += wave) {
    if (options.cancel && options.cancel->load()) throw Cancelled();
    const std::size_t last = std::min(count, first + wave);
    detail::parallel_for(first, last, [&](std::size_t i) {
      Counts& slot = slots[i - first];
      slot = zero;
      part(i, slot);
    });
    if (options.cancel && options.cancel->load()) throw Cancelled();  // parts may have stopped early
    for (std::size_t i = first; i < last; ++i) total += slots[i - first];
    if (options.progress)
      options.progress(done_before + share * static_cast<double>(last) / static_cast<double>(count));
  }
}

inline constexpr int kSweepCards = 4;
// Counter indices: the 52 cards, the 1,326 pairs, the 22,100 triples (the empty set's apart). A
// card is in at most C(51, 3) = 20,825 four-card hands: 16 bits hold every counter.
inline constexpr std::uint32_t kSingles = 0, kPairs = kSingles + 52, kTriples = kPairs + 1326,
                               kSubsets = kTriples + 22100;

inline constexpr std::array<std::array<std::uint32_t, 5>, kCards + 1> kChooseTable = [] {
  std::array<std::array<std::uint32_t, 5>, kCards + 1> c{};  // c[n][k] = C(n, k)
  for (std::size_t n = 0; n <= kCards; ++n) {
    c[n][0] = 1;
    for (std::size_t k = 1; k < 5; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}();
// C(n, k) for k up to 5 too: C(n, 5) = C(n, 4) (n - 4) / 5.
constexpr std::uint32_t choose_cards(std::size_t n, std::size_t k) {
  return k < 5 ? kChooseTable[n][k] : n < 5 ? 0 : static_cast<std::uint32_t>(kChooseTable[n][4] * (n - 4) / 5);
}

// A hand's N cards (four unless said) as numbers 0..51 (13 x suit + rank), increasing: the card
// mask's bits in order.
template <int N = kSweepCards>
EQUITY_ALWAYS_INLINE std::array<std::uint8_t, N> sweep_cards(CardSet hand) {
  std::array<std::uint8_t, N> c{};
  std::uint64_t b = hand.bits();
  for (std::size_t i = 0; i < N; ++i, b &= b - 1) {
    const int bit = std::countr_zero(b);
    c[i] = static_cast<std::uint8_t>(13 * (bit >> 4) + (bit & 15));
  }
  return c;
}

// A hand's 14 non-empty proper subsets as counter indices (4 cards, 6 pairs, 4 triples, colex),
// and its own index among the four-card sets; computed as the sweep reaches the hand, from its
// cards (kept beside its rank: the sorted hands are read in order, nothing else per hand is).
struct SweepHand {
  std::array<std::uint32_t, 14> subsets;
  std::uint32_t self;
};

EQUITY_ALWAYS_INLINE SweepHand sweep_hand(const std::array<std::uint8_t, kSweepCards>& card) {
  const auto& ch = kChooseTable;
  const std::uint32_t c0 = card[0], c1 = card[1], c2 = card[2], c3 = card[3];
  const std::uint32_t p1 = ch[c1][2], p2 = ch[c2][2], p3 = ch[c3][2], t2 = ch[c2][3], t3 = ch[c3][3];
  return {{kSingles + c0, kSingles + c1, kSingles + c2, kSingles + c3, kPairs + p1 + c0, kPairs + p2 + c0,
           kPairs + p3 + c0, kPairs + p2 + c1, kPairs + p3 + c1, kPairs + p3 + c2, kTriples + t2 + p1 + c0,
           kTriples + t3 + p1 + c0, kTriples + t3 + p2 + c0, kTriples + t3 + p2 + c1},
          ch[c3][4] + t2 + p1 + c0};
}

// The category of each HandRank.
inline constexpr std::array<std::uint8_t, kHandRanks> kCategoryOf = [] {
  std::array<std::uint8_t, kHandRanks> c{};
  for (int r = 0; r < kHandRanks; ++r)
    c[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(category_of(static_cast<HandRank>(r)));
  return c;
}();

// A sweep's tally, every weight 1: its weighted sums are its counts.
inline void weigh_by_counts(OmahaTally& t) {
  t.weight = static_cast<double>(t.counts.showdowns);
  for (std::size_t p = 0; p < t.counts.players.size(); ++p) {
    t.weighted_wins[p] = static_cast<double>(t.counts.players[p].parts[0].wins);
    t.weighted_ties[p] = static_cast<double>(t.counts.players[p].parts[0].ties);
    t.weighted_units[p] = static_cast<double>(t.counts.players[p].pot_units);
  }
}

// Hand i of a player's list (its cards) as a sweep counted it: the high won alone and tied over
// its showdowns, and the pot units it won; every weight 1.
inline ComboEquity sweep_combo(std::size_t i, CardSet cards, std::uint64_t wins, std::uint64_t ties,
                               std::uint64_t showdowns, std::uint64_t units) {
  ComboEquity c;
  c.combo = static_cast<int>(i);
  c.cards = cards.bits();
  c.wins = wins;
  c.ties = ties;
  c.losses = showdowns - wins - ties;
  c.share = units;
  c.weighted_wins = static_cast<double>(wins);
  c.weighted_ties = static_cast<double>(ties);
  c.weighted_share = static_cast<double>(units) / static_cast<double>(kPotUnits);
  c.weighted_showdowns = static_cast<double>(showdowns);
  return c;
}

// Heads-up by the sweep hand by hand (omaha_hand_sweep.cpp): omaha_ranges_exact()'s counts, and
// with `per_combo` each hand's. prep: two players of four- or five-card hands, weights of 1, high
// or Hi/Lo.
OmahaTally hand_sweep_exact(const OmahaPrepared& prep, const OmahaExactOptions& options, OmahaPerCombo* per_combo);

}  // namespace equity::omaha_sweep
