#include "equity/omaha_evaluator.hpp"

#include <algorithm>
#include <array>

#include "equity/error.hpp"

namespace equity {
namespace {

[[noreturn, gnu::cold, gnu::noinline]] void bad_hand(CardSet hole, CardSet board) {
  if (board.size() != 5)
    throw InputError("an Omaha board to evaluate has 5 cards, not " + std::to_string(board.size()));
  if (hole.size() < 2 || hole.size() > 6)
    throw InputError("Omaha hole cards to evaluate are 2 to 6 cards, not " + std::to_string(hole.size()));
  throw InputError("card " + (hole & board).str() + " both in the hand and on the board");
}

inline void check_hand(CardSet hole, CardSet board) {
  const int h = hole.size();
  if (board.size() != 5 || h < 2 || h > 6 || hole.intersects(board)) [[unlikely]]
    bad_hand(hole, board);
}

}  // namespace

namespace detail {

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
  const detail::OmahaTables* tables = &detail::kOmahaTables;
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
  unsigned mask = detail::kLowMasks[static_cast<std::size_t>(low - 1)];
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
