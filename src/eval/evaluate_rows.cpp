// Batch evaluation of rows of card ids (evaluate_rows.hpp).
//
// Hold'em and short deck: each card id indexes a 16-byte entry holding its Hand key and mask, and
// a row's entries are summed lane by lane in one SSE register (detail::Pair64): the key is
// additive by design, and the masks' sum equals their union exactly when the cards are distinct.
// When two cards are equal, the sum carries, and a sum of n powers of two with a carry has fewer
// than n bits set; ids of 52 and above have an all-zero entry. So "the mask sum has n bits" checks
// a row in one popcount, without a branch per card (short deck adds one test of the mask against
// the cards below 6). Four rows are summed side by side so that their loads overlap.
//
// Omaha: a row's hole and board cards as two card masks (the same check by popcounts), then the
// Omaha evaluator's board (OmahaBoard) on a river, every two hole and three board cards on a flop
// or turn, and the low table for the Hi/Lo games.
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
#include "equity/shortdeck_evaluator.hpp"

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

// The key of seven cards from id `first` on: evaluated in place of a bad row's key (which may lie
// outside the tables).
std::uint64_t seven_card_key(int first) {
  Hand h;
  for (int id = first; id < first + 7; ++id) h += kCardHands[static_cast<std::size_t>(id)];
  return h.key();
}

// Hold'em's ranking of a row's key and mask.
struct HoldemRanking {
  std::uint64_t safe_key = seven_card_key(0);  // 2s 2c 2h 2d 3s 3c 3h
  static constexpr bool in_deck(std::uint64_t) { return true; }
  EQUITY_ALWAYS_INLINE HandRank operator()(std::uint64_t key, std::uint64_t mask) const {
    return evaluate_key(key, [mask] { return mask; });
  }
};

// A short-deck rule set's ranking; cards below 6 make a bad row.
struct ShortDeckRanking {
  const HandRank* rank_table;
  const HandRank* flush_table;
  std::uint64_t safe_key = seven_card_key(4 * kShortDeckLowestRank);  // 6s 6c 6h 6d 7s 7c 7h
  static bool in_deck(std::uint64_t mask) { return (mask & ~kShortDeck.bits()) == 0; }
  EQUITY_ALWAYS_INLINE HandRank operator()(std::uint64_t key, std::uint64_t mask) const {
    return shortdeck_evaluate_key(
        key, [mask] { return mask; }, rank_table, flush_table);
  }
};

// kRows rows of kColumns cards from `ids` into `ranks`; `bad` is raised when one is not kColumns
// distinct cards of the deck.
template <std::size_t kColumns, std::size_t kRows, class Ranking>
EQUITY_ALWAYS_INLINE void rank_block(const std::uint8_t* ids, HandRank* ranks, const Ranking& ranking, bool& bad) {
  std::array<Pair64, kRows> sum{};
  for (std::size_t card = 0; card < kColumns; ++card)
    for (std::size_t row = 0; row < kRows; ++row) sum[row] += kEntries[ids[kColumns * row + card]].key_and_mask;
  for (std::size_t row = 0; row < kRows; ++row) {
    const std::uint64_t mask = detail::second_of(sum[row]);
    const bool good = std::popcount(mask) == static_cast<int>(kColumns) && ranking.in_deck(mask);
    bad |= !good;
    ranks[row] = ranking(good ? detail::first_of(sum[row]) : ranking.safe_key, mask);
  }
}

// `rows` rows, four at a time, then the rest.
template <std::size_t kColumns, class Ranking>
void rank_rows(const std::uint8_t* ids, HandRank* ranks, std::size_t rows, const Ranking& ranking, bool& bad) {
  constexpr std::size_t kBlock = 4;
  std::size_t r = 0;
  for (; r + kBlock <= rows; r += kBlock) rank_block<kColumns, kBlock>(ids + kColumns * r, ranks + r, ranking, bad);
  for (; r < rows; ++r) rank_block<kColumns, 1>(ids + kColumns * r, ranks + r, ranking, bad);
}

// Rows [0, rows) as block(first, count, bad), on the calling thread or in parallel blocks of
// `grain` rows (threads as evaluate_rows()); whether any row was bad.
template <class Block>
bool for_rows(std::size_t rows, int threads, std::size_t grain, const Block& block) {
  bool bad = false;
  if (threads == 1 || rows < 2 * grain) {
    block(std::size_t{0}, rows, bad);
    return bad;
  }
  std::atomic<bool> any_bad{false};
  const auto body = [&](const tbb::blocked_range<std::size_t>& r) {
    bool block_bad = false;
    block(r.begin(), r.size(), block_bad);
    if (block_bad) any_bad.store(true, std::memory_order_relaxed);
  };
  const tbb::blocked_range<std::size_t> all(0, rows, grain);
  detail::with_threads(threads, [&] { detail::parallel_for(all, body); });
  return any_bad.load();
}

// Rows of 5, 6 or 7 cards ranked by `ranking`, in blocks of 64K rows.
template <class Ranking>
bool rank_any_five(std::size_t columns, std::span<const std::uint8_t> ids, std::span<HandRank> ranks,
                   const Ranking& ranking, int threads) {
  constexpr std::size_t kGrain = std::size_t{1} << 16;
  const std::uint8_t* in = ids.data();
  HandRank* out = ranks.data();
  return for_rows(ranks.size(), threads, kGrain, [&](std::size_t first, std::size_t count, bool& bad) {
    if (columns == 7)
      rank_rows<7>(in + 7 * first, out + first, count, ranking, bad);
    else if (columns == 6)
      rank_rows<6>(in + 6 * first, out + first, count, ranking, bad);
    else
      rank_rows<5>(in + 5 * first, out + first, count, ranking, bad);
  });
}

// A card id's bit in a CardSet; 0 for ids 52 and above.
const std::array<std::uint64_t, 256> kCardBits = [] {
  std::array<std::uint64_t, 256> bits{};
  for (int id = 0; id < kCards; ++id) bits[static_cast<std::size_t>(id)] = Card(id).bit();
  return bits;
}();

// The best high of exactly two of the hole's and three of a flop's or turn's cards (3 or 4).
HandRank partial_board_high(const std::uint8_t* hole, std::size_t hole_cards, const std::uint8_t* board,
                            std::size_t board_cards) {
  HandRank best = 0;
  const auto hand = [](std::uint8_t id) { return kCardHands[id]; };
  for (std::size_t i = 0; i < hole_cards; ++i)
    for (std::size_t j = i + 1; j < hole_cards; ++j) {
      const Hand pair = hand(hole[i]) + hand(hole[j]);
      for (std::size_t skip = 0; skip < board_cards; ++skip) {  // the board card left out (none of 3)
        if (board_cards == 3 && skip > 0) break;
        Hand h = pair;
        for (std::size_t k = 0; k < board_cards; ++k)
          if (board_cards == 3 || k != skip) h += hand(board[k]);
        best = detail::max_rank(best, evaluate(h));
      }
    }
  return best;
}

// `count` Omaha rows (hole cards then board cards) into ranks and, when `lows` is not null, lows.
void omaha_rows(const std::uint8_t* ids, std::size_t columns, std::size_t hole_cards, std::size_t count,
                HandRank* ranks, LowRank* lows, bool& bad) {
  const detail::OmahaTables& tables = detail::omaha_tables();
  const std::size_t board_cards = columns - hole_cards;
  for (std::size_t r = 0; r < count; ++r) {
    const std::uint8_t* row = ids + columns * r;
    std::uint64_t hole = 0, board = 0;
    for (std::size_t k = 0; k < hole_cards; ++k) hole |= kCardBits[row[k]];
    for (std::size_t k = hole_cards; k < columns; ++k) board |= kCardBits[row[k]];
    if (std::popcount(hole) != static_cast<int>(hole_cards) || std::popcount(board) != static_cast<int>(board_cards) ||
        (hole & board) != 0) [[unlikely]] {
      bad = true;
      ranks[r] = 0;
      if (lows != nullptr) lows[r] = kNoLow;
      continue;
    }
    ranks[r] = board_cards == 5
                   ? OmahaBoard(detail::board_row(board, tables), CardSet(board), tables).high(CardSet(hole))
                   : partial_board_high(row, hole_cards, row + hole_cards, board_cards);
    if (lows != nullptr) lows[r] = tables.low[detail::low_mask(CardSet(board)) << 8 | detail::low_mask(CardSet(hole))];
  }
}

std::string row_name(std::size_t r) { return "row " + std::to_string(r) + ": "; }

// The first bad row, as an error: an id above 51, else a card twice, else a card outside the deck.
[[noreturn]] void throw_bad_row(Game game, std::size_t columns, std::span<const std::uint8_t> ids) {
  const GameRules& rules = game_rules(game);
  for (std::size_t r = 0; columns * r < ids.size(); ++r) {
    const std::span<const std::uint8_t> row = ids.subspan(columns * r, columns);
    for (const unsigned id : row)
      if (id >= kCards) throw InputError(row_name(r) + "card id " + std::to_string(id) + " is not 0..51");
    CardSet seen;
    for (const unsigned id : row) seen.insert(Card(static_cast<int>(id)));
    if (seen.size() != static_cast<int>(columns)) throw InputError(row_name(r) + "a card twice");
    for (const unsigned id : row)
      if (!rules.in_deck(Card(static_cast<int>(id))))
        throw InputError(row_name(r) + Card(static_cast<int>(id)).str() + " is not in the deck of " +
                         std::string(rules.title) + " (" +
                         std::string(1, kRankChars[static_cast<std::size_t>(rules.lowest_rank)]) + " to A)");
  }
  throw InputError("internal: no bad row");
}

}  // namespace

RowColumns row_columns(Game game) {
  if (!omaha_like(game)) return {};
  const auto hole = static_cast<std::size_t>(game_rules(game).hole_cards);
  return {hole + 3, hole + 5};
}

std::string row_shape(Game game) {
  if (!omaha_like(game)) return "5, 6 or 7 cards";
  return std::to_string(game_rules(game).hole_cards) + " hole cards then 3 to 5 board cards";
}

void evaluate_rows(Game game, std::size_t columns, std::span<const std::uint8_t> ids, std::span<HandRank> ranks,
                   std::span<LowRank> lows, int threads) {
  const GameRules& rules = game_rules(game);
  if (rules.making == HandMaking::own_cards)  // rows of hole and board cards: not a stud hand's seven
    throw InputError("evaluate_rows: not for " + std::string(rules.name) +
                     ", whose rows would be valued by another game's ranking");
  const RowColumns shape = row_columns(game);
  if (columns < shape.fewest || columns > shape.most)
    throw InputError("evaluate_rows: a row of " + std::string(rules.name) + " is " + row_shape(game) + ", not " +
                     std::to_string(columns) + " cards");
  if (ids.size() != columns * ranks.size())
    throw InputError("evaluate_rows: " + std::to_string(ids.size()) + " card ids for " + std::to_string(ranks.size()) +
                     " rows of " + std::to_string(columns));
  if (rules.low && lows.size() != ranks.size())
    throw InputError("evaluate_rows: " + std::to_string(lows.size()) + " lows for " + std::to_string(ranks.size()) +
                     " rows");
  if (threads < 0) throw InputError("evaluate_rows: threads must be 0 (every core) or more");
  bool bad = false;
  if (game == Game::holdem) {
    bad = rank_any_five(columns, ids, ranks, HoldemRanking{}, threads);
  } else if (!omaha_like(game)) {
    const ShortDeckTables& t = shortdeck_tables(
        game == Game::shortdeck_straights ? ShortDeckRules::straight_beats_trips : ShortDeckRules::trips_beat_straight);
    bad = rank_any_five(columns, ids, ranks, ShortDeckRanking{t.rank_table.data(), t.flush_table.data()}, threads);
  } else {
    const auto hole_cards = static_cast<std::size_t>(rules.hole_cards);
    LowRank* low_out = rules.low ? lows.data() : nullptr;
    constexpr std::size_t kGrain = std::size_t{1} << 12;
    bad = for_rows(ranks.size(), threads, kGrain, [&](std::size_t first, std::size_t count, bool& block_bad) {
      omaha_rows(ids.data() + columns * first, columns, hole_cards, count, ranks.data() + first,
                 low_out == nullptr ? nullptr : low_out + first, block_bad);
    });
  }
  if (bad) throw_bad_row(game, columns, ids);
}

void evaluate_rows(std::span<const std::uint8_t> ids, std::span<HandRank> ranks, int threads) {
  evaluate_rows(Game::holdem, 7, ids, ranks, {}, threads);
}

}  // namespace equity
