#pragma once
// The multiway Monte Carlo loops with a joint draw (JointDraw, trial_kernels.hpp), as templates on
// the game's ranking (ranking.hpp): Hold'em's are instantiated in monte_carlo_kernels_joint.cpp,
// short deck's in monte_carlo_kernels_shortdeck.cpp, each file its own game's, so that one game's
// instantiations cannot move the other's code (see monte_carlo_kernels_shortdeck.cpp).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "count/trial_kernels.hpp"

namespace equity::detail {

// A tuple's index: uniform by Lemire's multiply and reject over the 64-bit numbers, then, with
// weights, kept or sent to its alias by the fraction the multiply left (uniform to within
// size / 2^64, finer than the weights' doubles).
EQUITY_ALWAYS_INLINE std::uint64_t draw_tuple(const JointDraw& joint, Rng& rng) {
  std::uint64_t fraction = rng.next();
  std::uint64_t i = multiply_high(fraction, joint.size);
  while (fraction < joint.threshold) [[unlikely]] {
      fraction = rng.next();
      i = multiply_high(fraction, joint.size);
    }
  if (!joint.keep.empty() && fraction >= joint.keep[i]) i = joint.alias[i];
  return i;
}

// One trial's seats and hands in the loop's order (players from the deck, drawing players, then
// those with a specific hand), and its counts.
template <class Ranking, int kDrawn, int kDeckPlayers, int kFixed, int kBoardCards>
struct JointTrial {
  Ranking ranking;
  std::size_t n = 0, drawn = 0, deck_players = 0, fixed = 0;
  int board_cards = 0;
  std::array<Hand, kMaxPlayers> fixed_hand{};
  std::uint64_t board_mask = 0;

  // The players' ranks in the loop's order and the best; kFlush: whether a flush is possible.
  template <bool kFlush>
  EQUITY_ALWAYS_INLINE HandRank rank(std::uint64_t full, const DeckCard* cards, const DeckCard* dealt,
                                     std::array<HandRank, kMaxPlayers>& value) const {
    // The board's mask, wanted only for a flush.
    const auto mask = [&](std::uint64_t hole) {
      std::uint64_t m = board_mask | hole;
      for (int c = 0; c < board_cards; ++c) m |= card_bit(dealt[c]);
      return m;
    };
    const auto rank_of = [&](std::uint64_t key, auto hole_mask) {
      return kFlush ? ranking.key(key, [&] { return mask(hole_mask()); })
                    : ranking.rank_only(static_cast<std::uint32_t>(key));
    };
    HandRank best = 0;
    std::size_t i = 0;
    for (std::size_t q = 0; q < deck_players; ++q, ++i) {
      const DeckCard first = dealt[board_cards + static_cast<int>(2 * q)];
      const DeckCard second = dealt[board_cards + static_cast<int>(2 * q + 1)];
      value[i] = rank_of(full + first + second, [&] { return card_bit(first) | card_bit(second); });
      best = std::max(best, value[i]);
    }
    for (std::size_t q = 0; q < drawn; ++q, ++i) {
      const DeckCard first = cards[2 * q], second = cards[2 * q + 1];
      value[i] = rank_of(full + first + second, [&] { return card_bit(first) | card_bit(second); });
      best = std::max(best, value[i]);
    }
    for (std::size_t f = 0; f < fixed; ++f, ++i) {
      const Hand hole = fixed_hand[f];
      value[i] = rank_of(full + hole.key(), [&] { return hole.mask(); });
      best = std::max(best, value[i]);
    }
    return best;
  }
};

// Trials of a multiway deal with a joint draw. kDrawn, kDeckPlayers, kFixed and kBoardCards >= 0:
// the numbers of drawing players, players dealt from the deck and with a specific hand, and of
// board cards to come, known at compile time so that the loops over them unroll; all -1: read from
// the deal (the loop with categories, and numbers not unrolled). A trial draws a tuple, then deals
// the board cards to come and the deck players' hole cards, in that order, by a partial
// Fisher-Yates shuffle of a copy of the tuple's deck made for the trial: the t-th card is at a
// uniform position among the deck_size - t not dealt yet, the last of those taking its place.
// The positions come up to kBatch from a 64-bit number, by multiplying it by their ranges in turn,
// unbiased by Lemire's rejection over the ranges' product (DeckDealer's method). Nothing but the
// random numbers passes from one trial to the next, so that trials overlap in the processor. A
// trial counts its set of winners by the loop's order of the players; the sets are put in seat
// order once per chunk.
template <class Ranking, bool kByCategory, int kDrawn, int kDeckPlayers, int kFixed, int kBoardCards>
EQUITY_NOINLINE ChunkTally joint_trials(const TrialInputs deal, const JointDraw& joint, Rng rng, std::uint64_t size) {
  constexpr bool kUnrolled = kDrawn >= 0;
  static_assert(kUnrolled == (kDeckPlayers >= 0) && kUnrolled == (kFixed >= 0) && kUnrolled == (kBoardCards >= 0));
  JointTrial<Ranking, kDrawn, kDeckPlayers, kFixed, kBoardCards> at{Ranking::instance()};
  at.n = kUnrolled ? static_cast<std::size_t>(kDrawn + kDeckPlayers + kFixed) : deal.players;
  at.drawn = kUnrolled ? static_cast<std::size_t>(kDrawn) : deal.drawn_players;
  at.deck_players = kUnrolled ? static_cast<std::size_t>(kDeckPlayers) : deal.deck_players;
  at.fixed = at.n - at.drawn - at.deck_players;
  at.board_cards = kUnrolled ? kBoardCards : deal.board_cards;
  at.board_mask = deal.board.mask();
  const std::size_t n = at.n, drawn = at.drawn;
  const int count = at.board_cards + 2 * static_cast<int>(at.deck_players);  // cards dealt
  const DeckCard* const tuples = joint.cards.data();
  const std::uint8_t* const decks = joint.decks.data();
  const std::uint64_t board_key = deal.board.key();

  // The seats in the loop's order.
  std::array<std::uint8_t, kMaxPlayers> seat{};
  std::array<bool, kMaxPlayers> placed{};
  std::size_t order = 0;
  for (std::size_t q = 0; q < at.deck_players; ++q) placed[seat[order++] = deal.deck_seats[q]] = true;
  for (std::size_t q = 0; q < drawn; ++q) placed[seat[order++] = deal.drawn_seats[q]] = true;
  for (std::size_t p = 0, f = 0; p < n; ++p)
    if (!placed[p]) {
      seat[order++] = static_cast<std::uint8_t>(p);
      at.fixed_hand[f++] = deal.hole[p];
    }

  ChunkTally t;
  std::array<std::uint32_t, std::size_t{1} << kMaxPlayers> winner_sets{};  // by bit set in the loop's order
  std::array<HandRank, kMaxPlayers> value{};                               // in the loop's order
  std::array<DeckCard, DeckDealer::kMaxDealt> dealt{};
  // The t-th card's range, and per batch of kBatch cards 2^64 mod the product of their ranges.
  constexpr int kBatch = 9;
  std::array<std::uint64_t, DeckDealer::kMaxDealt> range{};
  std::array<std::uint64_t, (DeckDealer::kMaxDealt + kBatch - 1) / kBatch> product{}, threshold{};
  for (int c = 0; c < count; ++c) {
    range[static_cast<std::size_t>(c)] = joint.deck_size - static_cast<std::uint64_t>(c);
    auto& p = product[static_cast<std::size_t>(c / kBatch)];
    p = (c % kBatch == 0 ? 1 : p) * range[static_cast<std::size_t>(c)];
  }
  for (std::size_t b = 0; b < threshold.size(); ++b) threshold[b] = product[b] ? (0 - product[b]) % product[b] : 0;
  const std::size_t last = joint.deck_size - 1;
  for (std::uint64_t trial = 0; trial < size; ++trial) {
    const std::uint64_t tuple = drawn == 0 ? 0 : draw_tuple(joint, rng);
    const DeckCard* const cards = tuples + 2 * drawn * tuple;
    std::array<std::uint8_t, JointDraw::kDeckStride> deck;
    std::memcpy(deck.data(), decks + JointDraw::kDeckStride * tuple, JointDraw::kDeckStride);
    std::uint64_t full = board_key, fraction = 0;
#pragma GCC unroll 16
    for (int c = 0; c < count; ++c) {
      const auto b = static_cast<std::size_t>(c / kBatch);
      if (c % kBatch == 0) {
        do fraction = rng.next();
        while (fraction * product[b] < threshold[b]);
      }
      const std::size_t position = multiply_high(fraction, range[static_cast<std::size_t>(c)]);
      const std::size_t index = deck[position];
      deck[position] = deck[last - static_cast<std::size_t>(c)];
      const DeckCard card = joint.by_bit[index];
      dealt[static_cast<std::size_t>(c)] = card;
      if (c < at.board_cards) full += card;
    }
    const HandRank best = at.template rank<true>(full, cards, dealt.data(), value);
    unsigned winners = 0;
    for (std::size_t j = 0; j < n; ++j) winners |= static_cast<unsigned>(value[j] == best) << j;
    ++winner_sets[winners];
    if constexpr (kByCategory) {
      std::array<HandRank, kMaxPlayers> by_seat{};
      unsigned by_seat_winners = 0;
      for (std::size_t j = 0; j < n; ++j) {
        by_seat[seat[j]] = value[j];
        by_seat_winners |= (winners >> j & 1) << seat[j];
      }
      count_categories<Ranking>(by_seat, best, by_seat_winners, n, t);
    }
  }
  // The sets of winners in seat order.
  std::array<std::uint32_t, std::size_t{1} << kMaxPlayers> seat_sets{};
  for (unsigned set = 1; set < (1u << n); ++set) {
    unsigned seats = 0;
    for (std::size_t j = 0; j < n; ++j) seats |= (set >> j & 1) << seat[j];
    seat_sets[seats] = winner_sets[set];
  }
  spread_winner_sets(seat_sets, n, t);
  t.trials = size;
  return t;
}

template <class Ranking, bool kByCategory, int kDrawn, int kDeckPlayers, int kFixed, int kBoardCards>
void joint_chunk(const TrialInputs& inputs, const DeckDealer&, std::uint64_t seed, std::uint64_t chunk,
                 std::uint64_t size, ChunkTally& t) {
  const auto& joint_inputs = static_cast<const JointInputs&>(inputs);  // select_joint_trials' contract
  t = joint_trials<Ranking, kByCategory, kDrawn, kDeckPlayers, kFixed, kBoardCards>(inputs, *joint_inputs.joint,
                                                                                    Rng(seed, chunk), size);
}

// The unrolled loops: 1 to kUnrolledDrawn drawing players, 0 to kUnrolledDeck players from the
// deck, 0 to kUnrolledFixed with a specific hand, and 0, 1, 2 or 5 board cards to come.
inline constexpr int kUnrolledDrawn = 3, kUnrolledDeck = 3, kUnrolledFixed = 1;
inline constexpr std::array<int, 4> kBoardCardCounts = {0, 1, 2, 5};
inline constexpr int kUnrolledCount = kUnrolledDrawn * (kUnrolledDeck + 1) * (kUnrolledFixed + 1) * 4;

constexpr std::size_t unrolled_index(std::size_t drawn, std::size_t deck, std::size_t fixed, std::size_t board) {
  return ((drawn - 1) * (kUnrolledDeck + 1) + deck) * (kUnrolledFixed + 1) * 4 + fixed * 4 + board;
}

template <class Ranking, int kIndex>
constexpr TrialsFunction joint_unrolled_at() {
  constexpr int kBoard = kBoardCardCounts[kIndex % 4];
  constexpr int kFixed = kIndex / 4 % (kUnrolledFixed + 1);
  constexpr int kDeck = kIndex / 4 / (kUnrolledFixed + 1) % (kUnrolledDeck + 1);
  constexpr int kDrawn = 1 + kIndex / 4 / (kUnrolledFixed + 1) / (kUnrolledDeck + 1);
  static_assert(unrolled_index(kDrawn, kDeck, kFixed, kIndex % 4) == kIndex);
  return &joint_chunk<Ranking, false, kDrawn, kDeck, kFixed, kBoard>;
}

template <class Ranking, int... kIndex>
constexpr auto joint_unrolled_table(std::integer_sequence<int, kIndex...>) {
  return std::array<TrialsFunction, sizeof...(kIndex)>{joint_unrolled_at<Ranking, kIndex>()...};
}

// Deals without a drawing player: one specific hand against 1 to kUnrolledDeck + 1 players from
// the deck (see monte_carlo.cpp for which deals take a joint loop).
template <class Ranking, int... kIndex>
constexpr auto joint_hand_table(std::integer_sequence<int, kIndex...>) {
  return std::array<TrialsFunction, sizeof...(kIndex)>{
      &joint_chunk<Ranking, false, 0, 1 + kIndex / 4, 1, kBoardCardCounts[kIndex % 4]>...};
}

// The loop of a deal with a joint draw under `Ranking` (select_joint_trials() says which deals).
template <class Ranking>
TrialsFunction joint_trials_for(const JointInputs& inputs, bool by_category) {
  if (by_category) return &joint_chunk<Ranking, true, -1, -1, -1, -1>;
  const std::size_t fixed = inputs.players - inputs.drawn_players - inputs.deck_players;
  const auto board = std::find(kBoardCardCounts.begin(), kBoardCardCounts.end(), inputs.board_cards);
  if (inputs.drawn_players > kUnrolledDrawn || inputs.deck_players > kUnrolledDeck + (inputs.drawn_players == 0) ||
      fixed > kUnrolledFixed || board == kBoardCardCounts.end())
    return &joint_chunk<Ranking, false, -1, -1, -1, -1>;
  if (inputs.drawn_players == 0) {
    static constexpr auto kHandTable =
        joint_hand_table<Ranking>(std::make_integer_sequence<int, 4 * (kUnrolledDeck + 1)>{});
    return kHandTable[(inputs.deck_players - 1) * 4 + static_cast<std::size_t>(board - kBoardCardCounts.begin())];
  }
  static constexpr auto kTable = joint_unrolled_table<Ranking>(std::make_integer_sequence<int, kUnrolledCount>{});
  return kTable[unrolled_index(inputs.drawn_players, inputs.deck_players, fixed,
                               static_cast<std::size_t>(board - kBoardCardCounts.begin()))];
}

// Short deck's loops with a joint draw (monte_carlo_kernels_shortdeck.cpp), for its rule set.
TrialsFunction select_shortdeck_joint_trials(const JointInputs& inputs, bool by_category);

}  // namespace equity::detail
