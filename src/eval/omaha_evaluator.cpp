#include "equity/omaha_evaluator.hpp"

#include <algorithm>
#include <array>
#include <atomic>

#include "equity/error.hpp"
#include "table_building.hpp"

namespace equity {
namespace {

constexpr unsigned kNoMask = 0x100;  // above every 8-bit low mask

// Every 5-bit mask of the 8 low ranks, ordered worst (8-7-6-5-4) to best (the wheel): compare the
// ranks from the highest down, the lower rank winning; as numbers, the smaller mask wins.
const std::array<unsigned, 56>& low_masks() {
  static const std::array<unsigned, 56> masks = [] {
    std::array<unsigned, 56> m{};
    int n = 0;
    for (unsigned mask = 256; mask-- > 0;)
      if (std::popcount(mask) == 5) m[static_cast<std::size_t>(n++)] = mask;
    return m;
  }();
  return masks;
}

// The LowRank of each 8-bit mask of five low ranks (0 for other masks).
std::array<LowRank, 256> low_rank_of_mask() {
  std::array<LowRank, 256> rank{};
  const auto& masks = low_masks();
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

[[noreturn, gnu::cold, gnu::noinline]] void bad_hand(CardSet hole, CardSet board) {
  if (board.size() != 5)
    throw InputError("an Omaha board to evaluate has 5 cards, not " + std::to_string(board.size()));
  if (hole.size() < 2 || hole.size() > 6)
    throw InputError("Omaha hole cards to evaluate are 2 to 6 cards, not " + std::to_string(hole.size()));
  throw InputError("card " + (hole & board).str() + " both in the hand and on the board");
}

// omaha_tables() once they are built (constant-initialised: nothing runs at start-up).
std::atomic<const detail::OmahaTables*> published_tables{nullptr};

HandRank omaha_high_first(CardSet hole, CardSet board);

inline void check_hand(CardSet hole, CardSet board) {
  const int h = hole.size();
  if (board.size() != 5 || h < 2 || h > 6 || hole.intersects(board)) [[unlikely]]
    bad_hand(hole, board);
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

const OmahaTables& omaha_tables() {
  static const std::unique_ptr<OmahaTables> tables = [] {
    auto built = build_omaha_tables();
    published_tables.store(built.get(), std::memory_order_release);
    return built;
  }();
  return *tables;
}

HandRank with_omaha_flush(HandRank best, unsigned hole, unsigned board) {
  return std::max(best, best_omaha_flush(hole, board));
}

HandRank best_omaha_flush(unsigned hole, unsigned board) {
  HandRank best = 0;
  for (unsigned a = hole; a; a &= a - 1)
    for (unsigned b = a & (a - 1); b; b &= b - 1) {
      const unsigned pair = (a & (0u - a)) | (b & (0u - b));
      for (unsigned x = board; x; x &= x - 1)
        for (unsigned y = x & (x - 1); y; y &= y - 1)
          for (unsigned z = y & (y - 1); z; z &= z - 1) {
            const unsigned five = pair | (x & (0u - x)) | (y & (0u - y)) | (z & (0u - z));
            best = std::max(best, flush_value(five));
          }
    }
  return best;
}

}  // namespace detail

namespace {

[[gnu::cold, gnu::noinline]] HandRank omaha_high_first(CardSet hole, CardSet board) {
  detail::omaha_tables();
  return omaha_high(hole, board);
}

}  // namespace

OmahaBoard::OmahaBoard(CardSet board) {
  if (board.size() != 5) throw InputError("an Omaha board has 5 cards, not " + std::to_string(board.size()));
  const auto& tables = detail::omaha_tables();
  *this = OmahaBoard(detail::board_row(board.bits(), tables), board, tables);
}

OmahaBoard::OmahaBoard(unsigned board_row, CardSet board, const detail::OmahaTables& tables)
    : high_row_(tables.high[board_row].data()),
      low_row_(&tables.low[static_cast<std::size_t>(detail::low_mask(board)) << 8]) {
  for (int s = 0; s < kSuits; ++s) {
    const unsigned suited = board.suit_ranks(s);
    if (std::popcount(suited) >= 3) {
      flush_ranks_ = suited;
      flush_shift_ = static_cast<unsigned>(16 * s);
      flush_filter_ = 0x1fff;
    }
  }
}

namespace {

// The high with a flush possible: `suits` from detail::flush_suits().
[[gnu::noinline]] HandRank with_flush_of(HandRank best, std::uint64_t hole, std::uint64_t board, unsigned suits) {
  const int shift = 8 * std::countr_zero(suits);  // 16 x the suit
  return detail::with_omaha_flush(best, static_cast<unsigned>(hole >> shift) & 0x1fff,
                                  static_cast<unsigned>(board >> shift) & 0x1fff);
}

// omaha_high() of exactly N hole cards, in a function of its own: only the registers this size
// needs, none saved around a call.
template <int N>
[[gnu::noinline]] HandRank high_of(std::uint64_t hole, std::uint64_t board, const detail::OmahaTables& tables) {
  const HandRank best = detail::best_pair<N>(tables.high[detail::board_row(board, tables)].data(), hole);
  const unsigned suits = detail::flush_suits(hole, board);
  if (suits != 0) [[unlikely]]
    return with_flush_of(best, hole, board, suits);
  return best;
}

}  // namespace

HandRank omaha_high(CardSet hole, CardSet board) {
  check_hand(hole, board);
  // The tables by a pointer published once they are built: one load, and the first call's
  // building out of the way (a call that ends this one: nothing kept in registers around it).
  const detail::OmahaTables* tables = published_tables.load(std::memory_order_acquire);
  if (tables == nullptr) [[unlikely]]
    return omaha_high_first(hole, board);
  const int cards = hole.size();
  if (cards == 4) [[likely]]  // PLO4 first: one test
    return high_of<4>(hole.bits(), board.bits(), *tables);
  switch (cards) {
    case 5:
      return high_of<5>(hole.bits(), board.bits(), *tables);
    case 6:
      return high_of<6>(hole.bits(), board.bits(), *tables);
    case 3:
      return high_of<3>(hole.bits(), board.bits(), *tables);
    default:
      return high_of<2>(hole.bits(), board.bits(), *tables);
  }
}

LowRank omaha_low(CardSet hole, CardSet board) {
  check_hand(hole, board);
  const auto& tables = detail::omaha_tables();
  return tables.low[detail::low_mask(board) << 8 | detail::low_mask(hole)];
}

std::array<int, 5> low_ranks(LowRank low) {
  std::array<int, 5> ranks{};
  if (low == kNoLow || low >= kLowRanks) return ranks;
  unsigned mask = low_masks()[static_cast<std::size_t>(low - 1)];
  for (int i = 0; i < 5; ++i) {
    const int top = 31 - std::countl_zero(mask);
    ranks[static_cast<std::size_t>(i)] = top;
    mask &= ~(1u << top);
  }
  return ranks;
}

std::string low_name(LowRank low) {
  if (low == kNoLow) return "no low";
  static constexpr char kNames[] = "A2345678";
  std::string name;
  for (int r : low_ranks(low)) {
    if (!name.empty()) name += '-';
    name += kNames[r];
  }
  if (low == kLowRanks - 1) name += " (the wheel)";
  return name;
}

}  // namespace equity
