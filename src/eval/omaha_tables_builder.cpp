// Builds the Omaha evaluator's tables from Hold'em's evaluator: run at build time by
// `equity_gametablegen`, which writes them as constant data (generated/omaha_tables.cpp), and by
// the tests that compare that data with a fresh build and with a brute force.
#include <algorithm>
#include <array>

#include "equity/omaha_evaluator.hpp"
#include "table_building.hpp"

namespace equity {
namespace {

constexpr unsigned kNoMask = 0x100;  // above every 8-bit low mask

// The LowRank of each 8-bit mask of five low ranks (0 for other masks).
std::array<LowRank, 256> low_rank_of_mask() {
  std::array<LowRank, 256> rank{};
  const auto& masks = detail::kLowMasks;
  for (std::size_t i = 0; i < masks.size(); ++i) rank[masks[i]] = static_cast<LowRank>(i + 1);
  return rank;
}

// The low bit (0 = ace .. 7 = eight) of a rank 0 ('2') .. 12 ('A'), or 0 for a rank above eight.
unsigned low_bit(int rank) { return rank == 12 ? 1u : rank <= 6 ? 1u << (rank + 1) : 0u; }

// The lowest `k` bits of a mask.
unsigned lowest_bits(unsigned mask, int k) {
  unsigned out = 0;
  for (int i = 0; i < k; ++i, mask &= mask - 1) out |= mask & (0u - mask);
  return out;
}

// A card set with the ranks of `counts` (suits s, c, h, d in turn within a rank).
std::uint64_t cards_of(const detail::RankCounts& counts) {
  std::uint64_t bits = 0;
  for (int r = 0; r < kRanks; ++r)
    for (int s = 0; s < counts[static_cast<std::size_t>(r)]; ++s) bits |= Card(r, s).bit();
  return bits;
}

// Each mask of distinct ranks gets a block of rows: one for five ranks, four for four (which is
// paired), six for three (the trips, then the two pairs' odd rank), four for two (the quads, then
// the full house's trips); board_row() finds the row in it.
void build_row_bases(detail::OmahaTables& t) {
  constexpr std::array<unsigned, 6> kBlock = {0, 0, 4, 6, 4, 1};
  unsigned next = 0;
  for (int distinct = 2; distinct <= 5; ++distinct)
    for (unsigned m = 0; m < (1u << kRanks); ++m)
      if (std::popcount(m) == distinct) {
        // Five distinct ranks: board_row() adds 5 (every bit below the empty mask's -1).
        t.row_base[m] = static_cast<std::uint16_t>(distinct == 5 ? next - 5 : next);
        next += kBlock[static_cast<std::size_t>(distinct)];
      }
}

void build_high(detail::OmahaTables& t) {
  detail::for_each_rank_counts(0, 5, [&](const detail::RankCounts& counts) {
    const std::vector<int> ranks = detail::ranks_of(counts);
    const unsigned row_index = detail::board_row(cards_of(counts), t);
    t.row_of_class[rank_only_value(detail::rank_key(counts))] = static_cast<std::uint16_t>(row_index);
    std::array<std::uint32_t, 10> triple_keys{};
    std::size_t n = 0;
    for (std::size_t x = 0; x < 5; ++x)
      for (std::size_t y = x + 1; y < 5; ++y)
        for (std::size_t z = y + 1; z < 5; ++z)
          triple_keys[n++] = detail::kRankKeys[static_cast<std::size_t>(ranks[x])] +
                             detail::kRankKeys[static_cast<std::size_t>(ranks[y])] +
                             detail::kRankKeys[static_cast<std::size_t>(ranks[z])];
    auto& row = t.high[row_index];
    unsigned lows = 0;
    for (int r : ranks) lows |= low_bit(r);
    t.board_low_mask[row_index] = static_cast<std::uint8_t>(lows);
    for (int a = 0; a < kRanks; ++a)
      for (int b = a; b < kRanks; ++b) {
        // A pair no deck holds with this board (a rank five times) keeps 0.
        const int with_a = counts[static_cast<std::size_t>(a)] + 1 + (a == b);
        const int with_b = counts[static_cast<std::size_t>(b)] + 1 + (a == b);
        if (with_a > 4 || with_b > 4) continue;
        const std::uint32_t pair_key =
            detail::kRankKeys[static_cast<std::size_t>(a)] + detail::kRankKeys[static_cast<std::size_t>(b)];
        HandRank best = 0;
        for (std::uint32_t key : triple_keys) best = std::max(best, rank_only_value(pair_key + key));
        row[detail::kRankPairIndex[static_cast<std::size_t>(kRanks * a + b)]] = best;
      }
  });
}

void build_low(detail::OmahaTables& t) {
  const std::array<LowRank, 256> rank_of = low_rank_of_mask();
  for (unsigned board = 0; board < 256; ++board)
    for (unsigned hole = 0; hole < 256; ++hole) {
      // For each two hole ranks, the best three of the board's other ranks are its lowest three.
      unsigned best = kNoMask;
      for (unsigned a = hole; a; a &= a - 1)
        for (unsigned b = a & (a - 1); b; b &= b - 1) {
          const unsigned pair = (a & (0u - a)) | (b & (0u - b));
          const unsigned rest = board & ~pair;
          if (std::popcount(rest) >= 3) best = std::min(best, pair | lowest_bits(rest, 3));
        }
      t.low[board << 8 | hole] = best == kNoMask ? kNoLow : rank_of[best];
    }
}

}  // namespace

namespace detail {

std::unique_ptr<OmahaTables> build_omaha_tables() {
  auto tables = std::make_unique<OmahaTables>();
  build_row_bases(*tables);
  build_high(*tables);
  build_low(*tables);
  return tables;
}

}  // namespace detail
}  // namespace equity
