// Short deck's Monte Carlo trial loops, both rule sets, unrolled as Hold'em's are: the heads-up
// loop for its kinds of players and board cards (ranked_heads_up_trials below), the multiway loop
// (general_trials, trial_kernels.hpp) for its players dealt from the deck and board cards when no
// player draws a combo (see shortdeck_trials_for), and the joint draw's loops (joint_trials.hpp)
// for three or more players of whom some draw a combo or one holds a hand against 2 to 4 from the
// deck (monte_carlo.cpp picks them first). The first two deal what the general loop deals, the
// same cards for the same seed (games_test).
//
// They are compiled here, in a file of their own, and monte_carlo_kernels.cpp is left as it was,
// its object code the same: GCC's code for Hold'em's loops there changes with whatever else that
// file instantiates, or with a change to the templates it instantiates (the registers are
// allocated otherwise), and by that alone Hold'em's multiway loop lost 28% (AhKh against four
// random hands, 34 -> 43 ns a trial; 4908ef6 saw the same and c78a0b5 reverted it).
// The loops with categories stay general (monte_carlo_kernels.cpp): slow anyway.
#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "count/trial_kernels.hpp"
#include "equity/ranking.hpp"
#include "joint_trials.hpp"

namespace equity::detail {

namespace {

// The heads-up loop of trial_kernels.hpp (HeadsUpHands, heads_up_trials) under a game's ranking:
// the same code, each lookup through `ranking`. A copy, and not trial_kernels.hpp's templates
// given a Ranking parameter: that change alone (a defaulted parameter, Hold'em's instantiations'
// code otherwise the same) moved GCC's register allocation in Hold'em's multiway loop in
// monte_carlo_kernels.cpp, 34 -> 43 ns a trial for AhKh against four random hands. Change both
// copies together.

// One heads-up deal as the loop sees it: the board's key and the hands from the deck, drawn and
// specific, in the loop's order (deck players first, then drawn combos, then specific hands).
// A specific hand's rank is the same for every trial on the board: fixed_value.
template <int kDeckPlayers, int kDrawn, int kBoardCards, class Ranking>
struct RankedHeadsUpHands {
  static constexpr int kFixed = 2 - kDeckPlayers - kDrawn;  // players with a specific hand

  const TrialInputs& deal;
  const DeckDealer& dealer;
  const std::array<std::uint32_t, kDrawn>& combo;
  std::uint64_t full;  // the board's key; its mask is wanted only for a flush
  std::array<HandRank, kFixed> fixed_value;
  Ranking ranking;

  EQUITY_ALWAYS_INLINE std::uint64_t board_mask() const {
    return deal.board.mask() | dealer.dealt_mask(0, kBoardCards);
  }

  // kFlush: whether a flush is possible (else only the ranks count).
  template <bool kFlush, class HoleMask>
  EQUITY_ALWAYS_INLINE HandRank rank(std::uint64_t key, HoleMask hole_mask) const {
    return kFlush ? ranking.key(key, [&] { return board_mask() | hole_mask(); })
                  : ranking.rank_only(static_cast<std::uint32_t>(key));
  }

  // The i-th hand's rank: from the deck, drawn, specific.
  template <int i, bool kFlush>
  EQUITY_ALWAYS_INLINE HandRank value() const {
    if constexpr (i < kDeckPlayers) {
      const DeckCard first = dealer.card(kBoardCards + 2 * i), second = dealer.card(kBoardCards + 2 * i + 1);
      return rank<kFlush>(full + first + second, [&] { return card_bit(first) | card_bit(second); });
    } else if constexpr (i < kDeckPlayers + kDrawn) {
      const Hand hole = deal.drawn[i - kDeckPlayers]->hands[combo[i - kDeckPlayers]];
      return rank<kFlush>(full + hole.key(), [&] { return hole.mask(); });
    } else {
      return fixed_value[i - kDeckPlayers - kDrawn];
    }
  }

  // Each side's wins in the loop's order, one compare and add-with-carry each; the splits are
  // the rest. The seats' order is restored per board or at the end (ranked_heads_up_trials' swap).
  template <bool kFlush>
  EQUITY_ALWAYS_INLINE void showdown(std::uint64_t& first, std::uint64_t& second) const {
    const HandRank a = value<0, kFlush>(), b = value<1, kFlush>();
    first += a > b;
    second += b > a;
  }
};

// Heads-up trials without categories, the common case, with kDeckPlayers players dealt from the
// deck, kDrawn players drawing a combo (the others hold a specific hand) and kBoardCards board
// cards to come known at compile time, so that the deal unrolls and the outcome is counted
// without branches. It deals exactly what the general loop deals: the same random numbers in the
// same order give the same cards. kShareBoards: each board serves deal.deals_per_board trials,
// each with new hole cards for the deck players.
template <int kDeckPlayers, int kDrawn, int kBoardCards, bool kShareBoards, class Ranking>
HeadsUpCounts ranked_heads_up_trials(const TrialInputs deal, Rng rng, DeckDealer dealer, std::uint64_t size) {
  using Hands = RankedHeadsUpHands<kDeckPlayers, kDrawn, kBoardCards, Ranking>;
  const Ranking ranking = Ranking::instance();
  constexpr int kFixed = Hands::kFixed;
  static_assert(kFixed >= 0);
  static_assert(!kShareBoards || can_share_boards(kDrawn > 0, kDeckPlayers, kBoardCards));
  constexpr int kDealt = kBoardCards + 2 * kDeckPlayers;
  // Two players of one kind are in seat order already; with two kinds, the seat of the first
  // says whether the loop's order is the seats'.
  constexpr bool kMixed = kDeckPlayers != 2 && kDrawn != 2 && kFixed != 2;
  const bool swap = kMixed && (kDeckPlayers > 0 ? deal.deck_seats[0] : deal.drawn_seats[0]) != 0;
  std::array<Hand, kFixed> fixed{};  // the specific hands in the loop's order
  if constexpr (kFixed == 2) fixed = {deal.hole[0], deal.hole[1]};
  if constexpr (kFixed == 1) fixed[0] = deal.hole[swap ? 0 : 1];
  HeadsUpCounts counts;
  // The wins in locals, added to counts at the end: as counts' adjacent fields, GCC vectorised
  // their sums through memory (four instructions a trial).
  std::uint64_t first_wins = 0, second_wins = 0;
  for (std::uint64_t trial = 0; trial < size;) {
    std::array<std::uint32_t, kDrawn> combo;
    if constexpr (kDrawn > 0)
      draw_combos(std::span<const Sampler* const, kDrawn>(deal.drawn.data(), kDrawn), rng, dealer, counts.rejected,
                  deal.max_rejections, combo);
    dealer.template deal<(kDrawn > 0), kDealt>(rng);
    std::uint64_t full = deal.board.key();
    for (int c = 0; c < kBoardCards; ++c) full += dealer.card(c);
    Hands hands{deal, dealer, combo, full, {}, ranking};
    for (std::size_t i = 0; i < kFixed; ++i)
      hands.fixed_value[i] = ranking.key(full + fixed[i].key(), [&] { return hands.board_mask() | fixed[i].mask(); });
    if constexpr (kShareBoards) {
      const std::uint64_t trials = std::min(deal.deals_per_board, size - trial);
      // The board's wins in locals: the counts would be stored after every trial.
      std::uint64_t wins = 0, losses = 0;
      // A flush takes three suited cards on the board; a board without them spares its trials the
      // flush test (three boards in five).
      if (((full >> 32) + 0x5555) & 0x8888)
        board_trials<true, kBoardCards, kDealt>(hands, dealer, rng, trials, wins, losses);
      else
        board_trials<false, kBoardCards, kDealt>(hands, dealer, rng, trials, wins, losses);
      if (swap) std::swap(wins, losses);
      first_wins += wins;
      second_wins += losses;
      // The first player's share in half pots (a win is two, a split one: the trials plus the wins
      // less the losses), then in units of the share.
      const std::uint64_t halves = trials + wins - losses;
      const std::uint64_t share = halves * (kShareUnit / 2);
      auto& sums = counts.board_sums;
      ++sums.boards;
      sums.size_squares += trials * trials;
      sums.share_squares[0] += share * share;
      sums.share_sizes[0] += share * trials;
      trial += trials;
    } else {
      hands.template showdown<true>(first_wins, second_wins);
      ++trial;
    }
  }
  if constexpr (!kShareBoards)
    if (swap) std::swap(first_wins, second_wins);
  counts.first_wins = first_wins;
  counts.second_wins = second_wins;
  counts.splits = size - first_wins - second_wins;
  if constexpr (kShareBoards) {
    // The second player's share on a board is the pot times its trials less the first's.
    auto& sums = counts.board_sums;
    const std::uint64_t unit_sizes = kShareUnit * sums.size_squares;  // sum of (kShareUnit n_b) n_b
    sums.share_sizes[1] = unit_sizes - sums.share_sizes[0];
    sums.share_squares[1] = kShareUnit * unit_sizes - 2 * kShareUnit * sums.share_sizes[0] + sums.share_squares[0];
  }
  return counts;
}

// A heads-up chunk with the loop unrolled for its kinds of players and board cards, as a tally.
template <class Ranking, int kDeckPlayers, int kDrawn, int kBoardCards, bool kShareBoards>
void heads_up_chunk(const TrialInputs& inputs, const DeckDealer& dealer, std::uint64_t seed, std::uint64_t chunk,
                    std::uint64_t size, ChunkTally& t) {
  const HeadsUpCounts c = ranked_heads_up_trials<kDeckPlayers, kDrawn, kBoardCards, kShareBoards, Ranking>(
      inputs, Rng(seed, chunk), dealer, size);
  t.won_with[0][1] += c.first_wins;
  t.won_with[1][1] += c.second_wins;
  t.won_with[0][2] += c.splits;
  t.won_with[1][2] += c.splits;
  t.rejected += c.rejected;
  t.trials += size;
  t.board_sums = c.board_sums;
}

// The heads-up loop for kDeckPlayers, kDrawn and kBoardCards, sharing boards where they can.
template <class Ranking, int kDeckPlayers, int kDrawn, int kBoardCards>
TrialsFunction heads_up_for(bool shared) {
  if constexpr (can_share_boards(kDrawn > 0, kDeckPlayers, kBoardCards))
    if (shared) return &heads_up_chunk<Ranking, kDeckPlayers, kDrawn, kBoardCards, true>;
  return &heads_up_chunk<Ranking, kDeckPlayers, kDrawn, kBoardCards, false>;
}

template <class Ranking, int kDeckPlayers, int kDrawn>
TrialsFunction heads_up_with_board(int board_cards, bool shared) {
  switch (board_cards) {
    case 0:
      return heads_up_for<Ranking, kDeckPlayers, kDrawn, 0>(shared);
    case 1:
      return heads_up_for<Ranking, kDeckPlayers, kDrawn, 1>(shared);
    case 2:
      return heads_up_for<Ranking, kDeckPlayers, kDrawn, 2>(shared);
    default:
      return heads_up_for<Ranking, kDeckPlayers, kDrawn, 5>(shared);
  }
}

// The heads-up loop for a deal's numbers of deck players, drawing players and board cards.
template <class Ranking>
TrialsFunction heads_up_trials_for(const TrialInputs& inputs, bool shared) {
  const int k = inputs.board_cards;
  switch (inputs.deck_players * 3 + inputs.drawn_players) {
    case 0:
      return heads_up_with_board<Ranking, 0, 0>(k, shared);
    case 1:
      return heads_up_with_board<Ranking, 0, 1>(k, shared);
    case 2:
      return heads_up_with_board<Ranking, 0, 2>(k, shared);
    case 3:
      return heads_up_with_board<Ranking, 1, 0>(k, shared);
    case 4:
      return heads_up_with_board<Ranking, 1, 1>(k, shared);
    default:
      return heads_up_with_board<Ranking, 2, 0>(k, shared);
  }
}

// A chunk of general_trials without categories (not inlined: its inputs are copies), when no
// player draws a combo.
template <class Ranking, bool kShareBoards, int kDeckPlayers, int kBoardCards>
void shortdeck_chunk(const TrialInputs& inputs, const DeckDealer& dealer, std::uint64_t seed, std::uint64_t chunk,
                     std::uint64_t size, ChunkTally& t) {
  t = general_trials<false, false, kShareBoards, kDeckPlayers, kBoardCards, Ranking>(inputs, Rng(seed, chunk), dealer,
                                                                                     size);
}

// The loops for kBoardCards, indexed by the number of deck players (boards shared only where they
// can be).
template <class Ranking, bool kShareBoards, int kBoardCards, int... kDeckPlayers>
constexpr std::array<TrialsFunction, sizeof...(kDeckPlayers)> shortdeck_loops(
    std::integer_sequence<int, kDeckPlayers...>) {
  return {&shortdeck_chunk < Ranking, kShareBoards && can_share_boards(false, kDeckPlayers, kBoardCards), kDeckPlayers,
          kBoardCards > ...};
}

template <class Ranking, int kBoardCards>
TrialsFunction shortdeck_pick(bool share_boards, std::size_t deck_players) {
  constexpr auto kCounts = std::make_integer_sequence<int, kMaxPlayers + 1>{};
  static constexpr auto kUntracked = shortdeck_loops<Ranking, false, kBoardCards>(kCounts);
  static constexpr auto kShared = shortdeck_loops<Ranking, true, kBoardCards>(kCounts);
  return (share_boards ? kShared : kUntracked)[deck_players];
}

// The loop for a deal: the heads-up loop, or the multiway loop unrolled; nullptr for three or more
// players of whom some draw a combo (the joint draw's loops, select_shortdeck_joint_trials(), or
// where their tuples are too many to list, the general loop, select_trials()). Unrolled, the
// general loop runs fewer instructions (callgrind: 444 against 582 a trial for QQ+,AKs against JJ,TT,99,AQs
// and random) but no faster, and 10% slower under one rule set than the other with the same code
// (60 -> 67 ns a trial, shortdeck-straights; aligning its functions to 64 bytes: 72 for both): it
// hangs on where the code lands, as Hold'em's does, where the general loop matches Hold'em's
// unrolled one (60 against 61 ns).
template <class Ranking>
TrialsFunction shortdeck_trials_for(const TrialInputs& inputs) {
  const bool shared = inputs.deals_per_board > 1;
  if (inputs.players == 2) return heads_up_trials_for<Ranking>(inputs, shared);
  if (inputs.drawn_players > 0) return nullptr;
  switch (inputs.board_cards) {
    case 0:
      return shortdeck_pick<Ranking, 0>(shared, inputs.deck_players);
    case 1:
      return shortdeck_pick<Ranking, 1>(shared, inputs.deck_players);
    case 2:
      return shortdeck_pick<Ranking, 2>(shared, inputs.deck_players);
    default:
      return shortdeck_pick<Ranking, 5>(shared, inputs.deck_players);
  }
}

}  // namespace

// Three or more players of whom some draw a combo: the joint draw's loops (joint_trials.hpp) under
// the rule set's ranking, as Hold'em's.
TrialsFunction select_shortdeck_joint_trials(const JointInputs& inputs, bool by_category) {
  return with_ranking(inputs.game, [&](auto ranking) -> TrialsFunction {
    if constexpr (std::is_same_v<decltype(ranking), HoldemRanking>)
      return nullptr;  // Hold'em's own, in monte_carlo_kernels_joint.cpp
    else
      return joint_trials_for<decltype(ranking)>(inputs, by_category);
  });
}

TrialsFunction select_unrolled_trials(const TrialInputs& inputs, bool by_category) {
  if (by_category) return nullptr;
  return with_ranking(inputs.game, [&](auto ranking) -> TrialsFunction {
    if constexpr (std::is_same_v<decltype(ranking), HoldemRanking>)
      return nullptr;  // Hold'em's own, in monte_carlo_kernels.cpp
    else
      return shortdeck_trials_for<decltype(ranking)>(inputs);
  });
}

}  // namespace equity::detail
