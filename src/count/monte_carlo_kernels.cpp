// The choice of a Monte Carlo trial loop, and the loops' instantiations.
#include <type_traits>
#include <utility>

#include "count/trial_kernels.hpp"

namespace equity::detail {

namespace {

// A heads-up chunk with the loop unrolled for its kinds of players and board cards, as a tally.
// (The loop is inlined here, its inputs copied into this frame: the dealer's places then have
// fixed addresses.)
template <int kDeckPlayers, int kDrawn, int kBoardCards, bool kShareBoards>
void heads_up_chunk(const TrialInputs& inputs, const DeckDealer& dealer, std::uint64_t seed, std::uint64_t chunk,
                    std::uint64_t size, ChunkTally& t) {
  const HeadsUpCounts c =
      heads_up_trials<kDeckPlayers, kDrawn, kBoardCards, kShareBoards>(inputs, Rng(seed, chunk), dealer, size);
  t.won_with[0][1] += c.first_wins;
  t.won_with[1][1] += c.second_wins;
  t.won_with[0][2] += c.splits;
  t.won_with[1][2] += c.splits;
  t.rejected += c.rejected;
  t.trials += size;
  t.board_sums = c.board_sums;
}

// The heads-up loop for kDeckPlayers, kDrawn and kBoardCards, sharing boards where they can.
template <int kDeckPlayers, int kDrawn, int kBoardCards>
TrialsFunction heads_up_for(bool shared) {
  if constexpr (can_share_boards(kDrawn > 0, kDeckPlayers, kBoardCards))
    if (shared) return &heads_up_chunk<kDeckPlayers, kDrawn, kBoardCards, true>;
  return &heads_up_chunk<kDeckPlayers, kDrawn, kBoardCards, false>;
}

template <int kDeckPlayers, int kDrawn>
TrialsFunction heads_up_with_board(int board_cards, bool shared) {
  switch (board_cards) {
    case 0:
      return heads_up_for<kDeckPlayers, kDrawn, 0>(shared);
    case 1:
      return heads_up_for<kDeckPlayers, kDrawn, 1>(shared);
    case 2:
      return heads_up_for<kDeckPlayers, kDrawn, 2>(shared);
    default:
      return heads_up_for<kDeckPlayers, kDrawn, 5>(shared);
  }
}

// Heads-up deals get a loop unrolled for their numbers of deck players, drawing players and
// board cards.
TrialsFunction heads_up_trials_for(const TrialInputs& inputs, bool shared) {
  const int k = inputs.board_cards;
  switch (inputs.deck_players * 3 + inputs.drawn_players) {
    case 0:
      return heads_up_with_board<0, 0>(k, shared);
    case 1:
      return heads_up_with_board<0, 1>(k, shared);
    case 2:
      return heads_up_with_board<0, 2>(k, shared);
    case 3:
      return heads_up_with_board<1, 0>(k, shared);
    case 4:
      return heads_up_with_board<1, 1>(k, shared);
    default:
      return heads_up_with_board<2, 0>(k, shared);
  }
}

// A chunk of general_trials (not inlined: its inputs are copies, as the heads-up loop's).
template <bool kByCategory, bool kTrack, bool kShareBoards, int kDeckPlayers, int kBoardCards,
          class Ranking = HoldemRanking>
void general_chunk(const TrialInputs& inputs, const DeckDealer& dealer, std::uint64_t seed, std::uint64_t chunk,
                   std::uint64_t size, ChunkTally& t) {
  t = general_trials<kByCategory, kTrack, kShareBoards, kDeckPlayers, kBoardCards, Ranking>(inputs, Rng(seed, chunk),
                                                                                            dealer, size);
}

// The loop of the other games: general_trials under their ranking, not unrolled.
template <class Ranking>
TrialsFunction general_trials_for(bool by_category, bool track, bool shared) {
  if (by_category)
    return track    ? &general_chunk<true, true, false, -1, -1, Ranking>
           : shared ? &general_chunk<true, false, true, -1, -1, Ranking>
                    : &general_chunk<true, false, false, -1, -1, Ranking>;
  return track    ? &general_chunk<false, true, false, -1, -1, Ranking>
         : shared ? &general_chunk<false, false, true, -1, -1, Ranking>
                  : &general_chunk<false, false, false, -1, -1, Ranking>;
}

// general_trials without categories, unrolled, for kBoardCards, indexed by the number of deck
// players (boards shared only where they can be).
template <bool kTrack, bool kShareBoards, int kBoardCards, int... kDeckPlayers>
constexpr std::array<TrialsFunction, sizeof...(kDeckPlayers)> unrolled_trials(
    std::integer_sequence<int, kDeckPlayers...>) {
  return {&general_chunk < false, kTrack, kShareBoards && can_share_boards(kTrack, kDeckPlayers, kBoardCards),
          kDeckPlayers, kBoardCards > ...};
}

template <int kBoardCards>
TrialsFunction unrolled_trials_pick(bool track, bool share_boards, std::size_t deck_players) {
  constexpr auto kCounts = std::make_integer_sequence<int, kMaxPlayers + 1>{};
  static constexpr auto kTracked = unrolled_trials<true, false, kBoardCards>(kCounts);
  static constexpr auto kUntracked = unrolled_trials<false, false, kBoardCards>(kCounts);
  static constexpr auto kShared = unrolled_trials<false, true, kBoardCards>(kCounts);
  return (track ? kTracked : share_boards ? kShared : kUntracked)[deck_players];
}

// The unrolled loop for a deal of three or more players (heads-up has its own).
TrialsFunction unrolled_trials_for(bool track, bool share_boards, std::size_t deck_players, int board_cards) {
  switch (board_cards) {
    case 0:
      return unrolled_trials_pick<0>(track, share_boards, deck_players);
    case 1:
      return unrolled_trials_pick<1>(track, share_boards, deck_players);
    case 2:
      return unrolled_trials_pick<2>(track, share_boards, deck_players);
    default:
      return unrolled_trials_pick<5>(track, share_boards, deck_players);
  }
}

}  // namespace

TrialsFunction select_trials(const TrialInputs& inputs, bool by_category) {
  const bool track = inputs.drawn_players > 0;
  const bool shared = inputs.deals_per_board > 1;
  // Hold'em's loops are unrolled (below); the other games' are general_trials under their ranking.
  const TrialsFunction other = with_ranking(inputs.game, [&](auto ranking) -> TrialsFunction {
    if constexpr (std::is_same_v<decltype(ranking), HoldemRanking>)
      return nullptr;
    else
      return general_trials_for<decltype(ranking)>(by_category, track, shared);
  });
  if (other) return other;
  if (by_category)
    return track    ? &general_chunk<true, true, false, -1, -1>
           : shared ? &general_chunk<true, false, true, -1, -1>
                    : &general_chunk<true, false, false, -1, -1>;
  if (inputs.players == 2) return heads_up_trials_for(inputs, shared);
  return unrolled_trials_for(track, shared, inputs.deck_players, inputs.board_cards);
}

}  // namespace equity::detail
