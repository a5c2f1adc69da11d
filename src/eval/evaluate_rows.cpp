// Batch evaluation of rows of 7 card ids (evaluate_rows.hpp).
//
// Each card id indexes a 16-byte entry holding its Hand key and mask, and a row's 7 entries are
// summed lane by lane in one SSE register (detail::Pair64): the key is additive by design, and the
// masks' sum equals their union exactly when the cards are distinct. When two cards are equal, the
// sum carries, and a sum of seven powers of two with a carry has at most six bits set; ids of 52
// and above have an all-zero entry. So "the mask sum has 7 bits" checks a row in one popcount,
// without a branch per card. Four rows are summed side by side so that their loads overlap.
#include "equity/evaluate_rows.hpp"

#include <tbb/blocked_range.h>

#include <array>
#include <atomic>
#include <bit>
#include <string>

#include "detail/parallel.hpp"
#include "equity/cards.hpp"
#include "equity/detail/platform.hpp"
#include "equity/error.hpp"

namespace equity {
namespace {

using detail::Pair64;

struct alignas(16) Entry {
  Pair64 key_and_mask;
};

// The entry of every byte value: ids 0..51 their card's key and mask, the rest zero.
const std::array<Entry, 256> kEntries = [] {
  std::array<Entry, 256> entries{};
  for (int id = 0; id < kCards; ++id) {
    const Hand h = kCardHands[static_cast<std::size_t>(id)];
    entries[static_cast<std::size_t>(id)].key_and_mask = detail::make_pair64(h.key(), h.mask());
  }
  return entries;
}();

// A 7-card key evaluated in place of a bad row's (whose key may lie outside the tables).
const std::uint64_t kSafeKey = [] {
  Hand h;
  for (int id = 0; id < 7; ++id) h += kCardHands[static_cast<std::size_t>(id)];
  return h.key();
}();

// kRows rows from `ids` into `ranks`; `bad` is raised when one is not 7 distinct cards.
template <std::size_t kRows>
EQUITY_ALWAYS_INLINE void rank_block(const std::uint8_t* ids, HandRank* ranks, bool& bad) {
  std::array<Pair64, kRows> sum{};
  for (std::size_t card = 0; card < 7; ++card)
    for (std::size_t row = 0; row < kRows; ++row) sum[row] += kEntries[ids[7 * row + card]].key_and_mask;
  for (std::size_t row = 0; row < kRows; ++row) {
    const std::uint64_t mask = detail::second_of(sum[row]);
    const bool good = std::popcount(mask) == 7;
    bad |= !good;
    ranks[row] = evaluate_key(good ? detail::first_of(sum[row]) : kSafeKey, [mask] { return mask; });
  }
}

// `rows` rows, four at a time, then the rest.
void rank_rows(const std::uint8_t* ids, HandRank* ranks, std::size_t rows, bool& bad) {
  constexpr std::size_t kBlock = 4;
  std::size_t r = 0;
  for (; r + kBlock <= rows; r += kBlock) rank_block<kBlock>(ids + 7 * r, ranks + r, bad);
  for (; r < rows; ++r) rank_block<1>(ids + 7 * r, ranks + r, bad);
}

// The first bad row, as an error.
[[noreturn]] void throw_bad_row(std::span<const std::uint8_t> ids) {
  for (std::size_t r = 0; 7 * r < ids.size(); ++r) {
    std::uint64_t seen = 0;
    for (std::size_t k = 0; k < 7; ++k) {
      const unsigned id = ids[7 * r + k];
      if (id >= kCards)
        throw InputError("row " + std::to_string(r) + ": card id " + std::to_string(id) + " is not 0..51");
      seen |= std::uint64_t{1} << id;
    }
    if (std::popcount(seen) != 7) throw InputError("row " + std::to_string(r) + ": a card twice");
  }
  throw InputError("internal: no bad row");
}

}  // namespace

void evaluate_rows(std::span<const std::uint8_t> ids, std::span<HandRank> ranks, int threads) {
  if (ids.size() != 7 * ranks.size())
    throw InputError("evaluate_rows: " + std::to_string(ids.size()) + " card ids for " + std::to_string(ranks.size()) +
                     " rows of 7");
  if (threads < 0) throw InputError("evaluate_rows: threads must be 0 (every core) or more");
  constexpr std::size_t kGrain = std::size_t{1} << 16;
  bool bad = false;
  if (threads == 1 || ranks.size() < 2 * kGrain) {
    rank_rows(ids.data(), ranks.data(), ranks.size(), bad);
  } else {
    std::atomic<bool> any_bad{false};
    const auto body = [&](const tbb::blocked_range<std::size_t>& r) {
      bool block_bad = false;
      rank_rows(ids.data() + 7 * r.begin(), ranks.data() + r.begin(), r.size(), block_bad);
      if (block_bad) any_bad.store(true, std::memory_order_relaxed);
    };
    const tbb::blocked_range<std::size_t> rows(0, ranks.size(), kGrain);
    detail::with_threads(threads, [&] { detail::parallel_for(rows, body); });
    bad = any_bad.load();
  }
  if (bad) throw_bad_row(ids);
}

}  // namespace equity
