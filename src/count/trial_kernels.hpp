#pragma once
// The Monte Carlo trial loops: a chunk's trials for a deal, dealt by DeckDealer and counted
// without branches. Instantiated in src/count/monte_carlo_kernels.cpp; src/count/monte_carlo.cpp drives them.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "count/deck_dealer.hpp"
#include "detail/rng.hpp"
#include "equity/cards.hpp"
#include "equity/detail/platform.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "equity/range.hpp"
#include "equity/ranking.hpp"

namespace equity::detail {

[[noreturn]] inline void throw_rarely_fit() {
  throw InputError("the ranges almost never fit together without sharing a card; Monte Carlo gives up");
}

// One player's combos, drawn in proportion to their weights.
struct Sampler {
  std::vector<std::uint64_t> bits;
  std::vector<Hand> hands;
  std::vector<std::array<DeckCard, 2>> cards;
  std::vector<double> cumulative;  // empty when every weight is 1
  double total = 0;

  std::uint32_t draw(Rng& rng) const {
    if (cumulative.empty()) return rng.below(static_cast<std::uint32_t>(bits.size()));
    const double u = rng.unit() * total;
    const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), u);
    return static_cast<std::uint32_t>(
        std::min<std::ptrdiff_t>(it - cumulative.begin(), static_cast<std::ptrdiff_t>(bits.size()) - 1));
  }
};

// Draws a combo for every player in `drawn` (their samplers, in seat order) until no two share a
// card, redrawing them all: redrawing only the clashing player would be biased. Every combo is
// drawn before any is checked, so that the random numbers a trial uses do not depend on where a
// clash is found. The combos' cards are then held out of the dealer's deal; `combo` gets the
// index of each player's combo. (Ranges hold no combo with a known card, so only clashes between
// players are checked.) The heads-up loop gives it a span of fixed size, so that the loops unroll
// and a lone drawing player skips the check.
template <std::size_t kExtent>
void draw_combos(std::span<const Sampler* const, kExtent> drawn, Rng& rng, DeckDealer& dealer, std::uint64_t& rejected,
                 std::uint64_t max_rejections, std::span<std::uint32_t> combo) {
  for (;;) {
    for (std::size_t q = 0; q < drawn.size(); ++q) combo[q] = drawn[q]->draw(rng);
    std::uint64_t used = 0;
    bool fits = true;
    for (std::size_t q = 0; q < drawn.size(); ++q) {
      const std::uint64_t b = drawn[q]->bits[combo[q]];
      fits &= (b & used) == 0;
      used |= b;
    }
    if (fits) break;
    if (++rejected > max_rejections) throw_rarely_fit();
  }
  for (std::size_t q = 0; q < drawn.size(); ++q) {
    dealer.hold(drawn[q]->cards[combo[q]][0]);
    dealer.hold(drawn[q]->cards[combo[q]][1]);
  }
}

// A chunk's inputs, for every loop. The loops take them by value, so that they live in registers:
// behind the captures of a lambda, the compiler reloads them after every store to the deck.
struct TrialInputs {
  Hand board;
  int board_cards = 0;  // still to come
  std::size_t players = 0;
  std::array<std::uint8_t, kMaxPlayers> deck_seats{};  // the players dealt from the deck
  std::size_t deck_players = 0;
  std::array<const Sampler*, kMaxPlayers> drawn{};      // the players who draw a combo: their samplers
  std::array<std::uint8_t, kMaxPlayers> drawn_seats{};  // and their seats
  std::size_t drawn_players = 0;
  std::array<Hand, kMaxPlayers> hole{};  // the specific hands in their seats
  std::uint64_t max_rejections = 0;
  std::uint64_t deals_per_board = 1;  // above 1 only when no player draws, some are dealt and board cards come
  Game game = Game::holdem;           // whose ranking the loop uses (select_trials)
};

// Sums over the boards of a chunk when several trials share a board, for the standard error: the
// trials on one board are not independent, the boards are. Per board b with n_b trials and a
// player's pot share y_b over them (in units of 1/kShareUnit of a pot): the boards, the sum of
// n_b^2, and per player the sums of y_b^2 and y_b n_b.
struct BoardSums {
  std::uint64_t boards = 0, size_squares = 0;
  std::array<std::uint64_t, kMaxPlayers> share_squares{}, share_sizes{};
};

struct HeadsUpCounts {
  std::uint64_t first_wins = 0, second_wins = 0, splits = 0, rejected = 0;
  BoardSums board_sums;
};

// Whether trials share boards: every player who is not holding a specific hand is dealt from the
// deck (with a drawn combo, the number of combos that fit a board would vary from board to board,
// and dealing the board first would be biased), and board cards come.
constexpr bool can_share_boards(bool drawn, int deck_players, int board_cards) {
  return !drawn && deck_players > 0 && board_cards > 0;
}

// One heads-up deal as the loop sees it: the board's key and the hands from the deck, drawn and
// specific, in the loop's order (deck players first, then drawn combos, then specific hands).
// A specific hand's rank is the same for every trial on the board: fixed_value.
template <int kDeckPlayers, int kDrawn, int kBoardCards>
struct HeadsUpHands {
  static constexpr int kFixed = 2 - kDeckPlayers - kDrawn;  // players with a specific hand

  const TrialInputs& deal;
  const DeckDealer& dealer;
  const std::array<std::uint32_t, kDrawn>& combo;
  std::uint64_t full;  // the board's key; its mask is wanted only for a flush
  std::array<HandRank, kFixed> fixed_value;

  EQUITY_ALWAYS_INLINE std::uint64_t board_mask() const {
    return deal.board.mask() | dealer.dealt_mask(0, kBoardCards);
  }

  // kFlush: whether a flush is possible (else only the ranks count).
  template <bool kFlush, class HoleMask>
  EQUITY_ALWAYS_INLINE HandRank rank(std::uint64_t key, HoleMask hole_mask) const {
    return kFlush ? evaluate_key(key, [&] { return board_mask() | hole_mask(); })
                  : rank_only_value(static_cast<std::uint32_t>(key));
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
  // the rest. The seats' order is restored per board or at the end (heads_up_trials' swap).
  template <bool kFlush>
  EQUITY_ALWAYS_INLINE void showdown(std::uint64_t& first, std::uint64_t& second) const {
    const HandRank a = value<0, kFlush>(), b = value<1, kFlush>();
    first += a > b;
    second += b > a;
  }
};

// The trials on one shared board: the first on the deal's hole cards, the others each on new
// ones. Inlined by force: called, it kept the board's key in memory, two instructions a trial.
template <bool kFlush, int kBoardCards, int kDealt, class Hands>
EQUITY_ALWAYS_INLINE void board_trials(const Hands& hands, DeckDealer& dealer, Rng& rng, std::uint64_t trials,
                                       std::uint64_t& wins, std::uint64_t& losses) {
  hands.template showdown<kFlush>(wins, losses);
  for (std::uint64_t more = trials - 1; more > 0; --more) {  // counting down: a register less
    dealer.template redeal<kBoardCards, kDealt>(rng);
    hands.template showdown<kFlush>(wins, losses);
  }
}

// Heads-up trials without categories, the common case, with kDeckPlayers players dealt from the
// deck, kDrawn players drawing a combo (the others hold a specific hand) and kBoardCards board
// cards to come known at compile time, so that the deal unrolls and the outcome is counted
// without branches. It deals exactly what the general loop deals: the same random numbers in the
// same order give the same cards. kShareBoards: each board serves deal.deals_per_board trials,
// each with new hole cards for the deck players.
template <int kDeckPlayers, int kDrawn, int kBoardCards, bool kShareBoards>
HeadsUpCounts heads_up_trials(const TrialInputs deal, Rng rng, DeckDealer dealer, std::uint64_t size) {
  using Hands = HeadsUpHands<kDeckPlayers, kDrawn, kBoardCards>;
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
    Hands hands{deal, dealer, combo, full, {}};
    for (std::size_t i = 0; i < kFixed; ++i)
      hands.fixed_value[i] = evaluate_key(full + fixed[i].key(), [&] { return hands.board_mask() | fixed[i].mask(); });
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

struct ChunkTally {
  std::uint64_t trials = 0, rejected = 0;
  // won_with[p][w]: trials in which player p had the best hand together with w - 1 others.
  std::array<std::array<std::uint64_t, kMaxPlayers + 1>, kMaxPlayers> won_with{};
  std::array<std::array<std::uint64_t, kCategories>, kMaxPlayers> category{}, category_wins{}, category_ties{};
  BoardSums board_sums;  // when trials share boards (not summed by +=: the driver sums them as doubles)

  // Adds the counts: trials, rejections, won_with and the categories (of the first `players`
  // players: the others' are zero).
  void add(const ChunkTally& o, std::size_t players) {
    trials += o.trials;
    rejected += o.rejected;
    for (std::size_t p = 0; p < players; ++p) {
      for (std::size_t w = 1; w <= players; ++w) won_with[p][w] += o.won_with[p][w];
      for (std::size_t c = 0; c < static_cast<std::size_t>(kCategories); ++c) {
        category[p][c] += o.category[p][c];
        category_wins[p][c] += o.category_wins[p][c];
        category_ties[p][c] += o.category_ties[p][c];
      }
    }
  }
  ChunkTally& operator+=(const ChunkTally& o) {
    add(o, kMaxPlayers);
    return *this;
  }
};

// The categories of the players' hands in a trial, and those that won alone or tied.
template <class Ranking>
EQUITY_ALWAYS_INLINE void count_categories(const std::array<HandRank, kMaxPlayers>& value, HandRank best,
                                           unsigned winners, std::size_t n, ChunkTally& t) {
  const bool alone = std::has_single_bit(winners);
  for (std::size_t p = 0; p < n; ++p) {
    const auto cat = static_cast<std::size_t>(Ranking::category(value[p]));
    ++t.category[p][cat];
    if (value[p] == best) ++(alone ? t.category_wins : t.category_ties)[p][cat];
  }
}

// Adds a shared board's sums (board_share: each player's share of its pots) and clears the shares.
EQUITY_ALWAYS_INLINE void add_board(std::array<std::uint64_t, kMaxPlayers>& board_share, std::uint64_t trials,
                                    std::size_t n, BoardSums& sums) {
  ++sums.boards;
  sums.size_squares += trials * trials;
  for (std::size_t p = 0; p < n; ++p) {
    sums.share_squares[p] += board_share[p] * board_share[p];
    sums.share_sizes[p] += board_share[p] * trials;
    board_share[p] = 0;
  }
}

// The trials won by each set of winners (by bit set of their seats), spread over the players.
EQUITY_ALWAYS_INLINE void spread_winner_sets(
    const std::array<std::uint32_t, std::size_t{1} << kMaxPlayers>& winner_sets, std::size_t n, ChunkTally& t) {
  for (unsigned set = 1; set < (1u << n); ++set) {
    if (winner_sets[set] == 0) continue;
    const auto winners = static_cast<std::size_t>(std::popcount(set));
    for (std::size_t p = 0; p < n; ++p)
      if (set >> p & 1) t.won_with[p][winners] += winner_sets[set];
  }
}

// Trials of any deal. kTrack: some players draw a combo, so the dealer tracks where the cards
// they hold are. kDeckPlayers and kBoardCards >= 0 are the numbers of players dealt from the deck
// and of board cards to come, known at compile time so that the deal and the sums of cards unroll
// (a three-way trial then costs half); -1 reads them from the deal (the loop with categories, slow
// anyway). A trial counts its set of winners, one counter per set; the sets are spread over the
// players once per chunk. kShareBoards: boards are shared as in heads_up_trials, with the same cards.
// Ranking: the game's (ranking.hpp), a type without state.
template <bool kByCategory, bool kTrack, bool kShareBoards, int kDeckPlayers, int kBoardCards,
          class Ranking = HoldemRanking>
EQUITY_NOINLINE ChunkTally general_trials(const TrialInputs deal, Rng rng, DeckDealer dealer, std::uint64_t size) {
  static_assert(!(kTrack && kShareBoards));
  constexpr bool kUnrolled = kDeckPlayers >= 0 && kBoardCards >= 0;
  constexpr int kCount = kUnrolled ? 2 * kDeckPlayers + kBoardCards : -1;
  constexpr int kRedealt = kUnrolled ? kBoardCards : -1;
  const std::size_t deck_players = kUnrolled ? static_cast<std::size_t>(kDeckPlayers) : deal.deck_players;
  const int board_cards = kUnrolled ? kBoardCards : deal.board_cards;
  const std::size_t n = deal.players;
  const Ranking ranking = Ranking::instance();
  ChunkTally t;
  std::array<std::uint32_t, std::size_t{1} << kMaxPlayers> winner_sets{};  // by bit set of the winners' seats
  std::array<Hand, kMaxPlayers> hole = deal.hole;     // a specific or drawn hand; empty for a deck player
  std::array<std::uint64_t, kMaxPlayers> hole_key{};  // every player's hole cards' key
  for (std::size_t p = 0; p < n; ++p) hole_key[p] = hole[p].key();
  std::array<HandRank, kMaxPlayers> value{};
  std::array<std::uint32_t, kMaxPlayers> combo{};
  std::array<std::uint64_t, kMaxPlayers> board_share{};  // each player's share of the pots on this board
  for (std::uint64_t trial = 0; trial < size;) {
    if constexpr (kTrack) {
      draw_combos(std::span<const Sampler* const>(deal.drawn.data(), deal.drawn_players), rng, dealer, t.rejected,
                  deal.max_rejections, combo);
      for (std::size_t q = 0; q < deal.drawn_players; ++q) {
        hole[deal.drawn_seats[q]] = deal.drawn[q]->hands[combo[q]];
        hole_key[deal.drawn_seats[q]] = hole[deal.drawn_seats[q]].key();
      }
    }
    dealer.template deal<kTrack, kCount>(rng);
    // The board's key; the masks are wanted only for a flush.
    std::uint64_t full = deal.board.key();
    for (int c = 0; c < board_cards; ++c) full += dealer.card(c);
    const auto mask_of = [&](std::size_t p) {
      std::uint64_t mask =
          deal.board.mask() | hole[p].mask() | dealer.dealt_mask(0, board_cards);  // a deck player's hole is empty
      for (std::size_t q = 0; q < deck_players; ++q)
        if (deal.deck_seats[q] == p)
          mask |= card_bit(dealer.card(board_cards + static_cast<int>(2 * q))) |
                  card_bit(dealer.card(board_cards + static_cast<int>(2 * q + 1)));
      return mask;
    };
    const std::uint64_t trials = kShareBoards ? std::min(deal.deals_per_board, size - trial) : 1;
    for (std::uint64_t on_board = 0; on_board < trials; ++on_board) {
      if (on_board > 0) dealer.template redeal<kRedealt, kCount>(rng);
      for (std::size_t q = 0; q < deck_players; ++q)
        hole_key[deal.deck_seats[q]] =
            dealer.card(board_cards + static_cast<int>(2 * q)) + dealer.card(board_cards + static_cast<int>(2 * q + 1));

      HandRank best = 0;
      for (std::size_t p = 0; p < n; ++p) {
        value[p] = ranking.key(full + hole_key[p], [&] { return mask_of(p); });
        best = std::max(best, value[p]);  // the bigger rank wins
      }
      unsigned winners = 0;
      for (std::size_t p = 0; p < n; ++p) winners |= static_cast<unsigned>(value[p] == best) << p;
      ++winner_sets[winners];
      if constexpr (kShareBoards) {
        const std::uint64_t share = kSplitShare[static_cast<std::size_t>(std::popcount(winners))];
        for (std::size_t p = 0; p < n; ++p) board_share[p] += (winners >> p & 1) * share;
      }
      if constexpr (kByCategory) count_categories<Ranking>(value, best, winners, n, t);
    }
    if constexpr (kShareBoards) add_board(board_share, trials, n, t.board_sums);
    trial += trials;
  }
  spread_winner_sets(winner_sets, n, t);
  t.trials = size;
  return t;
}

// A chunk's loop: the inputs, a fresh dealer, the seed and the chunk (which pick the random
// stream), the number of trials, and the tally to fill (zero on entry).
using TrialsFunction = void (*)(const TrialInputs&, const DeckDealer&, std::uint64_t seed, std::uint64_t chunk,
                                std::uint64_t size, ChunkTally& out);

// The players who draw a combo in a multiway Hold'em deal, drawn together (monte_carlo_kernels_joint.cpp):
// every tuple of their combos (one per drawing player, in seat order) of which no two share a card,
// drawn in proportion to the product of its combos' weights. That is the distribution of drawing
// each combo by its weight and redrawing them all on a shared card, without the redraws. The
// players dealt from the deck and the board then come from the cards the tuple leaves (its deck),
// by a partial Fisher-Yates shuffle of a copy of it.
struct JointDraw {
  std::size_t players = 0;      // drawing players
  std::vector<DeckCard> cards;  // 2 * players a tuple: each player's two cards, in seat order
  std::uint64_t size = 0;       // tuples
  std::uint64_t threshold = 0;  // 2^64 mod size: Lemire's rejection of a draw below it
  // Walker's alias method when the weights differ (else empty): tuple i drawn uniformly is kept
  // when the fraction left by its draw is below keep[i], else alias[i] is taken.
  std::vector<std::uint64_t> keep;
  std::vector<std::uint32_t> alias;
  // Each tuple's deck, kDeckStride bytes a tuple: the bit indices (bit_index()) of the cards
  // neither known nor in the tuple, deck_size of them; by_bit: the card of a bit index.
  static constexpr std::size_t kDeckStride = 64;
  std::vector<std::uint8_t> decks;
  std::uint64_t deck_size = 0;
  std::array<DeckCard, 64> by_bit{};
};

// The joint draw of the players in `drawn` (their seats' combos) with the cards in `known` out of
// the deck, or false when their tuples would be more than kMaxJointTuples to list (the multiway
// loop then draws and redraws them).
inline constexpr std::uint64_t kMaxJointTuples = 1 << 14;
bool make_joint_draw(const std::vector<std::vector<WeightedCombo>>& combos, std::span<const std::uint8_t> drawn,
                     std::uint64_t known, JointDraw& out);

// A multiway Hold'em deal's inputs with its joint draw. (A struct of its own, and not a field of
// TrialInputs: a larger TrialInputs moved the registers of Hold'em's multiway loops.)
struct JointInputs : TrialInputs {
  const JointDraw* joint = nullptr;
};

// The loop of a multiway Hold'em deal with a joint draw: unrolled for its numbers of drawing
// players (1 to 3; or none, with one specific hand and 1 to 4 players from the deck), players dealt
// from the deck (0 to 3), players with a specific hand (0 or 1) and board cards to come, or general
// (by_category, or other numbers); every one deals the same cards for a seed. The loop returned
// must be given `inputs` itself (a JointInputs).
TrialsFunction select_joint_trials(const JointInputs& inputs, bool by_category);

// The loop for a deal (monte_carlo_kernels.cpp) under the game's ranking. Hold'em's are unrolled
// for their numbers of players dealt from the deck, drawing a combo and holding a specific hand,
// and of board cards to come; every game's count the categories when by_category.
TrialsFunction select_trials(const TrialInputs& inputs, bool by_category);

// Short deck's loops without categories, unrolled as Hold'em's: heads-up, and multiway when no
// player draws a combo (monte_carlo_kernels_shortdeck.cpp, a file of their own: see there why).
// nullptr otherwise (Hold'em, categories, multiway with a drawn range): select_trials() then.
TrialsFunction select_unrolled_trials(const TrialInputs& inputs, bool by_category);

}  // namespace equity::detail
