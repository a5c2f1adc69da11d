#include "equity/monte_carlo.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <span>

#include "equity/error.hpp"

namespace equity {

namespace {

__extension__ using Uint128 = unsigned __int128;  // GCC and Clang: the full product of two 64-bit numbers

// fraction * range as 128 bits: returns the high half and leaves the low half in fraction. On
// x86-64 one MUL gives both halves in RAX and RDX; written with __int128, GCC 12 moves the low
// half through the stack between chained multiplies, which cost a seventh of a Monte Carlo trial.
inline std::uint64_t multiply_high(std::uint64_t& fraction, const std::uint64_t& range) {
#if defined(__x86_64__) && defined(__GNUC__)
  std::uint64_t high;
  asm("mulq %[range]" : "+a"(fraction), "=d"(high) : [range] "m"(range) : "cc");
  return high;
#else
  const Uint128 product = Uint128{fraction} * range;
  fraction = static_cast<std::uint64_t>(product);
  return static_cast<std::uint64_t>(product >> 64);
#endif
}

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Lehmer's 128-bit multiplicative generator (the high 64 bits of the state, multiplied by a
// constant each step): passes BigCrush and PractRand, in one 64x128-bit multiply a number.
class Rng {
public:
  Rng(std::uint64_t seed, std::uint64_t stream) {
    std::uint64_t sm = seed ^ (stream * 0xd1342543de82ef95ULL + 0x632be59bd9b4e019ULL);
    const std::uint64_t high = splitmix64(sm), low = splitmix64(sm);
    state_ = (Uint128{high} << 64 | low) | 1;  // odd: the full period
  }
  std::uint64_t next() {
    state_ *= 0xda942042e4dd58b5ULL;
    return static_cast<std::uint64_t>(state_ >> 64);
  }
  // 32 random bits for drawing a combo: each 64-bit output serves two draws.
  std::uint32_t next32() {
    if (spare_left_) {
      spare_left_ = false;
      return spare_;
    }
    const std::uint64_t x = next();
    spare_ = static_cast<std::uint32_t>(x >> 32);
    spare_left_ = true;
    return static_cast<std::uint32_t>(x);
  }
  // Uniform in [0, n) without bias (Lemire's multiply and reject).
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = std::uint64_t{next32()} * n;
    if (static_cast<std::uint32_t>(m) < n) {
      const std::uint32_t threshold = (0u - n) % n;
      while (static_cast<std::uint32_t>(m) < threshold) m = std::uint64_t{next32()} * n;
    }
    return static_cast<std::uint32_t>(m >> 32);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)

private:
  Uint128 state_ = 1;
  std::uint32_t spare_ = 0;
  bool spare_left_ = false;
};

// A card as the dealer moves it: its Hand key, with the index of its bit in Hand::mask() in the top
// six bits. Eight bytes where a Hand takes sixteen, so that a deck position is one scaled index
// (two instructions less for each card a shuffle moves). Cards' keys add as Hands' do: the top
// bits of a sum mean nothing, and they never carry into the key below (a key of seven cards is
// below 2^48). The mask, which only a flush needs, is rebuilt from the cards when one is found.
using DeckCard = std::uint64_t;
constexpr int kBitIndexShift = 58;
static_assert(kCards <= 64 && std::uint64_t{7} << 44 < std::uint64_t{1} << kBitIndexShift);

constexpr DeckCard deck_card(Hand card) {
  return card.key() | static_cast<std::uint64_t>(std::countr_zero(card.mask())) << kBitIndexShift;
}
constexpr std::size_t bit_index(DeckCard card) { return static_cast<std::size_t>(card >> kBitIndexShift); }
constexpr std::uint64_t card_bit(DeckCard card) { return std::uint64_t{1} << bit_index(card); }

[[noreturn]] void throw_rarely_fit() {
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
    return static_cast<std::uint32_t>(std::min<std::ptrdiff_t>(it - cumulative.begin(), static_cast<std::ptrdiff_t>(bits.size()) - 1));
  }
};

// Deals the cards that come from the deck: the board, and the hole cards of every player whose
// range holds every combo at one weight ("random"). Two cards from the deck give such a player
// exactly the distribution of drawing a combo and redrawing on a shared card, without the redraws,
// and they leave the other players' distribution unchanged: however those players' combos fall,
// the same number of ways remains to complete the deal.
//
// The deal is a partial Fisher-Yates shuffle of the cards not known, from the top: the t-th card
// dealt is a uniform one among those not dealt yet, swapped into the t-th place from the top, so
// the top `count` places are a uniform ordered sample whatever order earlier trials left the deck
// in; the board cards to come take the first places, the players' hole cards the next. The
// sampled players' cards are first swapped to the bottom, out of reach. redeal() shuffles only the
// places after the board: new hole cards, uniform among the cards the board left, for another
// trial on the same board. (Dealing from the top, a card is fetched from the bottom of the deck
// plus its uniform position, with no addition, and put in a place at a fixed address.) The
// uniform positions come up to nine from one 64-bit number: multiplying it by the range n leaves a position in the high 64 bits of
// the product and a fresh fraction in the low 64. For a batch of ranges with product P, that is
// exactly Lemire's multiply-and-reject for one number below P, so rejecting when the last
// fraction is below 2^64 mod P leaves every position unbiased (it happens with probability below
// P / 2^64 < 2^-12). Nothing here branches on the cards.
class DeckDealer {
public:
  static constexpr int kMaxDealt = 2 * kMaxPlayers + 5;  // every player from the deck, and a whole board

  // The deck is every card not in `known`; `held` cards are taken out of each deal, `count` dealt,
  // of which those from position `redealt` on can be dealt again by redeal() (when none are held).
  DeckDealer(std::uint64_t known, int held, int count, int redealt) : count_(count), redealt_(redealt) {
    const int size = kCards - std::popcount(known);
    bottom_ = kDeckPlaces - size;
    int place = bottom_;
    for (const Hand hand : kCardHands) {
      if (hand.mask() & known) continue;
      const DeckCard card = deck_card(hand);
      slot_[bit_index(card)] = static_cast<std::uint8_t>(place);
      deck_[static_cast<std::size_t>(place++)] = card;
    }
    reach_ = bottom_ + held;
    for (int i = 0; i < count; ++i) ranges_[static_cast<std::size_t>(i)] = static_cast<std::uint64_t>(size - held - i);
    fill_thresholds(size - held, 0, count, deal_thresholds_);
    fill_thresholds(size - held, redealt, count, redeal_thresholds_);
  }

  // Takes a card out of this trial's deal, to the bottom of the deck (it returns with the next deal).
  void hold(DeckCard card) {
    const std::uint8_t at = slot_[bit_index(card)];
    const auto to = static_cast<std::uint8_t>(bottom_ + held_++);
    const DeckCard moved = deck_[to];
    deck_[at] = moved;
    slot_[bit_index(moved)] = at;
    deck_[to] = card;
    slot_[bit_index(card)] = to;
  }

  // Deals the top `count` places (card(i) reads them), then puts the held cards back. Slots are
  // tracked only when some player's cards are held. kCount >= 0 says that the deal is kCount
  // cards, known at compile time so that the batches unroll; -1 deals the count given to the
  // constructor.
  template <bool kTrack, int kCount>
  __attribute__((always_inline)) void deal(Rng& rng) {
    shuffle_positions<kTrack, 0, kCount>(rng, 0, count_, deal_thresholds_);
    held_ = 0;
  }
  // Shuffles the positions from `redealt` to `count` again (no card may be held): kRedealt and
  // kCount as known at compile time, or -1 for those given to the constructor.
  template <int kRedealt, int kCount>
  __attribute__((always_inline)) void redeal(Rng& rng) {
    shuffle_positions<false, kRedealt, kCount>(rng, redealt_, count_, redeal_thresholds_);
  }
  DeckCard card(int i) const { return deck_[static_cast<std::size_t>(kDeckPlaces - 1 - i)]; }
  // The mask of cards first .. first + count - 1 dealt: for a flush, the only use of the masks.
  std::uint64_t dealt_mask(int first, int count) const {
    std::uint64_t mask = 0;
    for (int i = first; i < first + count; ++i) mask |= card_bit(card(i));
    return mask;
  }

private:
  static constexpr int kDeckPlaces = 64;  // the deck lies at the top of them (so reach is at least kDeckPlaces - kCards)

  // Positions per 64-bit number: a product of nine ranges up to 52 is below 2^52, so a number is
  // rejected with probability below 2^-12. One long chain of multiplies measured faster than
  // batches of three or five (each from a number of its own).
  static constexpr int kBatch = 9;
  using Thresholds = std::array<std::uint64_t, (kMaxDealt + kBatch - 1) / kBatch>;  // per batch: 2^64 mod the product of its ranges

  static void fill_thresholds(int active, int first, int end, Thresholds& thresholds) {
    for (int at = first; at < end; at += kBatch) {
      std::uint64_t product = 1;
      for (int i = at; i < std::min(end, at + kBatch); ++i) product *= static_cast<std::uint64_t>(active - i);
      thresholds[static_cast<std::size_t>((at - first) / kBatch)] = (0 - product) % product;
    }
  }

  // Positions first .. end - 1, in batches of kBatch from first; kFirst and kEnd as known at
  // compile time or -1. When any batch's number is rejected, every batch is dealt again, from the
  // order the rejected pass left: that order does not depend on the new numbers, and a
  // Fisher-Yates pass is uniform from any order. (Retrying the whole deal rather than one batch
  // keeps the loop free of branches back, which measured faster.)
  template <bool kTrack, int kFirst, int kEnd>
  __attribute__((always_inline)) void shuffle_positions(Rng& rng, int first, int end, const Thresholds& thresholds) {
    for (;;) {
      bool accepted = true;
      if constexpr (kFirst >= 0 && kEnd >= 0) {
        accepted = shuffle_batches<kTrack, kFirst, kEnd>(rng, thresholds, std::make_integer_sequence<int, (kEnd - kFirst + kBatch - 1) / kBatch>{});
      } else {
        for (int at = first; at < end; at += kBatch)
          accepted &= shuffle<kTrack>(rng.next(), at, std::min(kBatch, end - at),
                                      thresholds[static_cast<std::size_t>((at - first) / kBatch)]);
      }
      if (accepted) [[likely]] break;
    }
  }

  // The batches of positions kFirst .. kEnd - 1 unrolled (a lambda here is not always inlined).
  template <bool kTrack, int kFirst, int kEnd, int... kNumber>
  __attribute__((always_inline)) bool shuffle_batches(Rng& rng, const Thresholds& thresholds, std::integer_sequence<int, kNumber...>) {
    bool accepted = true;
    ((accepted &= shuffle<kTrack>(rng.next(), kFirst + kNumber * kBatch, std::min(kBatch, kEnd - kFirst - kNumber * kBatch),
                                  thresholds[static_cast<std::size_t>(kNumber)])),
     ...);
    return accepted;
  }

  // One batch: the t-th cards dealt for t = first .. first + count - 1, from the 64-bit number
  // `fraction`; false when the number is rejected.
  template <bool kTrack>
  __attribute__((always_inline)) bool shuffle(std::uint64_t fraction, int first, int count, std::uint64_t threshold) {
    DeckCard* const within_reach = deck_.data() + reach_;
    for (int t = first; t < first + count; ++t) {
      const auto place = static_cast<std::size_t>(kDeckPlaces - 1 - t);
      // Uniform among the places from the bottom of reach to this one (the top of reach).
      const std::size_t position = multiply_high(fraction, ranges_[static_cast<std::size_t>(t)]);
      const DeckCard left = deck_[place];
      const DeckCard dealt = exchange(within_reach, position, left);
      deck_[place] = dealt;
      if constexpr (kTrack) {
        slot_[bit_index(dealt)] = static_cast<std::uint8_t>(place);
        slot_[bit_index(left)] = static_cast<std::uint8_t>(reach_ + static_cast<int>(position));
      }
    }
    return fraction >= threshold;
  }
  // Returns cards[position] and puts `card` there. GCC computes the address into a register for
  // the load and the store (an instruction a card dealt, a sixth of the deal); the assembly
  // addresses both from the pointer and the position. Its memory operand is the cards within
  // reach (at most kCards from `cards`, inside deck_): naming the whole dealer there made GCC keep
  // the loops' locals in memory.
  DeckCard exchange(DeckCard* cards, std::size_t position, DeckCard card) {
#if defined(__x86_64__) && defined(__GNUC__)
    DeckCard taken;
    asm("movq (%[cards],%[position],8), %[taken]\n\t"
        "movq %[card], (%[cards],%[position],8)"
        : [taken] "=&r"(taken), "+m"(*reinterpret_cast<DeckCard(*)[kCards]>(cards))
        : [cards] "r"(cards), [position] "r"(position), [card] "r"(card));
    return taken;
#else
    const DeckCard taken = cards[position];
    cards[position] = card;
    return taken;
#endif
  }

  std::array<DeckCard, kDeckPlaces> deck_{};  // the cards not known in the top places, from bottom_ up
  std::array<std::uint8_t, 64> slot_{};  // by the card's bit in Hand::mask(): its place in deck_
  // The t-th card's range (the cards within reach less t), read by the multiply from memory: held
  // in registers, they left too few for the loops around.
  std::array<std::uint64_t, kMaxDealt> ranges_{};
  Thresholds deal_thresholds_{}, redeal_thresholds_{};
  int count_ = 0, redealt_ = 0;
  int bottom_ = 0;  // the deck's lowest place
  int reach_ = 0;   // the lowest place a deal reaches: above the held cards
  int held_ = 0;    // cards held so far this trial
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
  std::array<const Sampler*, kMaxPlayers> drawn{};     // the players who draw a combo: their samplers
  std::array<std::uint8_t, kMaxPlayers> drawn_seats{};  // and their seats
  std::size_t drawn_players = 0;
  std::array<Hand, kMaxPlayers> hole{};                  // the specific hands in their seats
  std::uint64_t max_rejections = 0;
  std::uint64_t deals_per_board = 1;  // above 1 only when no player draws, some are dealt and board cards come
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

// Heads-up trials without categories, the common case, with kDeckPlayers players dealt from the
// deck, kDrawn players drawing a combo (the others hold a specific hand) and kBoardCards board
// cards to come known at compile time, so that the deal unrolls and the outcome is counted
// without branches. It deals exactly what the general loop deals: the same random numbers in the
// same order give the same cards. kShareBoards: each board serves deal.deals_per_board trials,
// each with new hole cards for the deck players.
template <int kDeckPlayers, int kDrawn, int kBoardCards, bool kShareBoards>
HeadsUpCounts heads_up_trials(const TrialInputs deal, Rng rng, DeckDealer dealer, std::uint64_t size) {
  constexpr int kFixed = 2 - kDeckPlayers - kDrawn;  // players with a specific hand
  static_assert(kFixed >= 0);
  static_assert(!kShareBoards || can_share_boards(kDrawn > 0, kDeckPlayers, kBoardCards));
  constexpr int kDealt = kBoardCards + 2 * kDeckPlayers;
  // The loop takes the players' hands from the deck first, then the drawn combos, then the
  // specific hands. Two players of one kind are in seat order already; with two kinds, the seat of
  // the first says whether that order is the seats'.
  constexpr bool kMixed = kDeckPlayers != 2 && kDrawn != 2 && kFixed != 2;
  const bool swap = kMixed && (kDeckPlayers > 0 ? deal.deck_seats[0] : deal.drawn_seats[0]) != 0;
  std::array<Hand, kFixed> fixed{};  // the specific hands in the loop's order
  if constexpr (kFixed == 2) fixed = {deal.hole[0], deal.hole[1]};
  if constexpr (kFixed == 1) fixed[0] = deal.hole[swap ? 0 : 1];
  HeadsUpCounts counts;
  for (std::uint64_t trial = 0; trial < size;) {
    std::array<std::uint32_t, kDrawn> combo;
    if constexpr (kDrawn > 0)
      draw_combos(std::span<const Sampler* const, kDrawn>(deal.drawn.data(), kDrawn), rng, dealer, counts.rejected, deal.max_rejections, combo);
    dealer.template deal<(kDrawn > 0), kDealt>(rng);
    // The board's key; its mask is wanted only for a flush.
    std::uint64_t full = deal.board.key();
    for (int c = 0; c < kBoardCards; ++c) full += dealer.card(c);
    const auto board_mask = [&] { return deal.board.mask() | dealer.dealt_mask(0, kBoardCards); };
    // The i-th hand's rank: from the deck, drawn, specific. A specific hand's rank is the same for
    // every trial on the board.
    std::array<HandRank, kFixed> fixed_value;
    for (std::size_t i = 0; i < kFixed; ++i)
      fixed_value[i] = evaluate_key(full + fixed[i].key(), [&] { return board_mask() | fixed[i].mask(); });
    // kFlush: whether a flush is possible (else only the ranks count).
    const auto value = [&]<int i, bool kFlush>() {
      const auto rank = [&](std::uint64_t key, auto hole_mask) {
        return kFlush ? evaluate_key(key, [&] { return board_mask() | hole_mask(); })
                      : rank_only_value(static_cast<std::uint32_t>(key));
      };
      if constexpr (i < kDeckPlayers) {
        const DeckCard first = dealer.card(kBoardCards + 2 * i), second = dealer.card(kBoardCards + 2 * i + 1);
        return rank(full + first + second, [&] { return card_bit(first) | card_bit(second); });
      } else if constexpr (i < kDeckPlayers + kDrawn) {
        const Hand hole = deal.drawn[i - kDeckPlayers]->hands[combo[i - kDeckPlayers]];
        return rank(full + hole.key(), [&] { return hole.mask(); });
      } else {
        return fixed_value[i - kDeckPlayers - kDrawn];
      }
    };
    // Each side's wins, one compare and add-with-carry each; the splits are the rest.
    const auto showdown = [&]<bool kFlush = true>(std::uint64_t& first_wins, std::uint64_t& second_wins) {
      const HandRank a = value.template operator()<0, kFlush>(), b = value.template operator()<1, kFlush>();
      const HandRank v0 = swap ? b : a, v1 = swap ? a : b;
      first_wins += v0 > v1;
      second_wins += v1 > v0;
    };
    if constexpr (kShareBoards) {
      const std::uint64_t trials = std::min(deal.deals_per_board, size - trial);
      // The board's wins in locals: the counts would be stored after every trial.
      std::uint64_t wins = 0, losses = 0;
      // A flush takes three suited cards on the board; a board without them spares its trials the
      // flush test (three boards in five). Inlined by force: called, it kept the board's key in
      // memory, two instructions a trial.
      const auto board_trials = [&]<bool kFlush>() __attribute__((always_inline)) {
        showdown.template operator()<kFlush>(wins, losses);
        for (std::uint64_t more = trials - 1; more > 0; --more) {  // counting down: a register less
          dealer.template redeal<kBoardCards, kDealt>(rng);
          showdown.template operator()<kFlush>(wins, losses);
        }
      };
      if (((full >> 32) + 0x5555) & 0x8888) board_trials.template operator()<true>();
      else board_trials.template operator()<false>();
      counts.first_wins += wins;
      counts.second_wins += losses;
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
      showdown(counts.first_wins, counts.second_wins);
      ++trial;
    }
  }
  counts.splits = size - counts.first_wins - counts.second_wins;
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
  BoardSums board_sums;  // when trials share boards
};

// Trials of any deal. kTrack: some players draw a combo, so the dealer tracks where the cards
// they hold are. kDeckPlayers and kBoardCards >= 0 are the numbers of players dealt from the deck
// and of board cards to come, known at compile time so that the deal and the sums of cards unroll
// (a three-way trial then costs half); -1 reads them from the deal (the loop with categories, slow
// anyway). A trial counts its set of winners, one counter per set; the sets are spread over the
// players once per chunk. kShareBoards: boards are shared as in heads_up_trials, with the same cards.
template <bool kByCategory, bool kTrack, bool kShareBoards, int kDeckPlayers, int kBoardCards>
ChunkTally general_trials(const TrialInputs deal, Rng rng, DeckDealer dealer, std::uint64_t size) {
  static_assert(!(kTrack && kShareBoards));
  constexpr bool kUnrolled = kDeckPlayers >= 0 && kBoardCards >= 0;
  constexpr int kCount = kUnrolled ? 2 * kDeckPlayers + kBoardCards : -1;
  constexpr int kRedealt = kUnrolled ? kBoardCards : -1;
  const std::size_t deck_players = kUnrolled ? static_cast<std::size_t>(kDeckPlayers) : deal.deck_players;
  const int board_cards = kUnrolled ? kBoardCards : deal.board_cards;
  const std::size_t n = deal.players;
  ChunkTally t;
  std::array<std::uint32_t, std::size_t{1} << kMaxPlayers> winner_sets{};  // by bit set of the winners' seats
  std::array<Hand, kMaxPlayers> hole = deal.hole;  // a specific or drawn hand; empty for a deck player
  std::array<std::uint64_t, kMaxPlayers> hole_key{};  // every player's hole cards' key
  for (std::size_t p = 0; p < n; ++p) hole_key[p] = hole[p].key();
  std::array<HandRank, kMaxPlayers> value{};
  std::array<std::uint32_t, kMaxPlayers> combo{};
  std::array<std::uint64_t, kMaxPlayers> board_share{};  // each player's share of the pots on this board
  for (std::uint64_t trial = 0; trial < size;) {
    if constexpr (kTrack) {
      draw_combos(std::span<const Sampler* const>(deal.drawn.data(), deal.drawn_players), rng, dealer, t.rejected, deal.max_rejections, combo);
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
      std::uint64_t mask = deal.board.mask() | hole[p].mask() | dealer.dealt_mask(0, board_cards);  // a deck player's hole is empty
      for (std::size_t q = 0; q < deck_players; ++q)
        if (deal.deck_seats[q] == p)
          mask |= card_bit(dealer.card(board_cards + static_cast<int>(2 * q))) | card_bit(dealer.card(board_cards + static_cast<int>(2 * q + 1)));
      return mask;
    };
    const std::uint64_t trials = kShareBoards ? std::min(deal.deals_per_board, size - trial) : 1;
    for (std::uint64_t on_board = 0; on_board < trials; ++on_board) {
      if (on_board > 0) dealer.template redeal<kRedealt, kCount>(rng);
      for (std::size_t q = 0; q < deck_players; ++q)
        hole_key[deal.deck_seats[q]] = dealer.card(board_cards + static_cast<int>(2 * q)) + dealer.card(board_cards + static_cast<int>(2 * q + 1));

      HandRank best = 0;
      for (std::size_t p = 0; p < n; ++p) {
        value[p] = evaluate_key(full + hole_key[p], [&] { return mask_of(p); });
        best = std::max(best, value[p]);  // the bigger rank wins
      }
      unsigned winners = 0;
      for (std::size_t p = 0; p < n; ++p) winners |= static_cast<unsigned>(value[p] == best) << p;
      ++winner_sets[winners];
      if constexpr (kShareBoards) {
        const std::uint64_t share = kSplitShare[static_cast<std::size_t>(std::popcount(winners))];
        for (std::size_t p = 0; p < n; ++p) board_share[p] += (winners >> p & 1) * share;
      }
      if constexpr (kByCategory) {
        const bool alone = std::has_single_bit(winners);
        for (std::size_t p = 0; p < n; ++p) {
          const auto cat = static_cast<std::size_t>(category_of(value[p]));
          ++t.category[p][cat];
          if (value[p] == best) ++(alone ? t.category_wins : t.category_ties)[p][cat];
        }
      }
    }
    if constexpr (kShareBoards) {
      auto& sums = t.board_sums;
      ++sums.boards;
      sums.size_squares += trials * trials;
      for (std::size_t p = 0; p < n; ++p) {
        sums.share_squares[p] += board_share[p] * board_share[p];
        sums.share_sizes[p] += board_share[p] * trials;
        board_share[p] = 0;
      }
    }
    trial += trials;
  }
  for (unsigned set = 1; set < (1u << n); ++set) {
    if (winner_sets[set] == 0) continue;
    const auto winners = static_cast<std::size_t>(std::popcount(set));
    for (std::size_t p = 0; p < n; ++p)
      if (set >> p & 1) t.won_with[p][winners] += winner_sets[set];
  }
  t.trials = size;
  return t;
}

using TrialsFunction = ChunkTally (*)(TrialInputs, Rng, DeckDealer, std::uint64_t);

// general_trials without categories, unrolled, for kBoardCards, indexed by the number of deck
// players (boards shared only where they can be).
template <bool kTrack, bool kShareBoards, int kBoardCards, int... kDeckPlayers>
constexpr std::array<TrialsFunction, sizeof...(kDeckPlayers)> unrolled_trials(std::integer_sequence<int, kDeckPlayers...>) {
  return {&general_trials<false, kTrack, kShareBoards && can_share_boards(kTrack, kDeckPlayers, kBoardCards), kDeckPlayers, kBoardCards>...};
}

// The unrolled loop for a deal of three or more players (heads-up has its own).
TrialsFunction unrolled_trials_for(bool track, bool share_boards, std::size_t deck_players, int board_cards) {
  const auto pick = [&]<int kBoardCards>() {
    constexpr auto kCounts = std::make_integer_sequence<int, kMaxPlayers + 1>{};
    static constexpr auto kTracked = unrolled_trials<true, false, kBoardCards>(kCounts);
    static constexpr auto kUntracked = unrolled_trials<false, false, kBoardCards>(kCounts);
    static constexpr auto kShared = unrolled_trials<false, true, kBoardCards>(kCounts);
    return (track ? kTracked : share_boards ? kShared : kUntracked)[deck_players];
  };
  switch (board_cards) {
    case 0: return pick.template operator()<0>();
    case 1: return pick.template operator()<1>();
    case 2: return pick.template operator()<2>();
    default: return pick.template operator()<5>();
  }
}

}  // namespace

MonteCarloResult monte_carlo(const RangeDeal& deal, const MonteCarloOptions& options) {
  if (options.target_stderr <= 0 && options.max_trials == 0 && options.max_seconds <= 0)
    throw InputError("Monte Carlo needs a stopping rule: a standard error, a number of trials or a time");
  const auto start = std::chrono::steady_clock::now();
  const PreparedDeal prep = prepare(deal);
  const std::size_t n = prep.combos.size();
  const int k = prep.cards_to_come;
  const Hand board(prep.board);
  const std::uint64_t known = prep.known.bits();

  std::vector<Sampler> samplers(n);
  for (std::size_t p = 0; p < n; ++p) {
    auto& s = samplers[p];
    for (const auto& c : prep.combos[p]) {
      s.bits.push_back(c.cards[0].bit() | c.cards[1].bit());
      s.cards.push_back({deck_card(Hand(c.cards[0])), deck_card(Hand(c.cards[1]))});
      s.hands.push_back(Hand(c.cards[0]) + Hand(c.cards[1]));
      s.total += c.weight;
      s.cumulative.push_back(s.total);
    }
    if (!deal.ranges[p].weighted()) s.cumulative.clear();
  }

  // Players whose range is every combo at one weight are dealt from the deck with the board; a
  // specific hand is taken out of the deck (prepare() took it out of the other ranges); the others
  // draw a combo each, and the deal is redrawn when two of those share a card.
  TrialInputs inputs;
  inputs.board = board;
  inputs.board_cards = k;
  inputs.players = n;
  // Guard against ranges that almost never fit together (prepare() has shown that they can).
  inputs.max_rejections = 10'000 * kMonteCarloChunk;
  std::uint64_t out_of_deck = known;
  for (std::size_t p = 0; p < n; ++p) {
    const Range& r = deal.ranges[p];
    bool uniform = true;
    for (int i = 0; i < kCombos && uniform; ++i) uniform = r.weight(i) > 0 && r.weight(i) == r.weight(0);
    if (r.specific()) {
      inputs.hole[p] = samplers[p].hands[0];
      out_of_deck |= samplers[p].bits[0];
    } else if (uniform) {
      inputs.deck_seats[inputs.deck_players++] = static_cast<std::uint8_t>(p);
    } else {
      inputs.drawn[inputs.drawn_players] = &samplers[p];
      inputs.drawn_seats[inputs.drawn_players++] = static_cast<std::uint8_t>(p);
    }
  }
  // Trials share a board where they can (can_share_boards) and every player is dealt from the
  // deck: the players are then alike, so each board is even for all of them on average, and the
  // trials on one board are as good as trials on boards of their own (cost half as much). With a
  // specific hand, boards favour one player or another, and trials on a shared board tell much less:
  // 7c2d against random needs twice the trials with four per board, so none share.
  if (can_share_boards(inputs.drawn_players > 0, static_cast<int>(inputs.deck_players), k)) {
    inputs.deals_per_board = options.deals_per_board ? options.deals_per_board
                             : inputs.deck_players == n ? kDealsPerEvenBoard
                                                        : 1;
  }
  const bool shared = inputs.deals_per_board > 1;
  const DeckDealer fresh_dealer(out_of_deck, 2 * static_cast<int>(inputs.drawn_players),
                                2 * static_cast<int>(inputs.deck_players) + k, k);

  const bool track = inputs.drawn_players > 0;
  const TrialsFunction plain_trials = n >= 3 ? unrolled_trials_for(track, shared, inputs.deck_players, k) : nullptr;
  const TrialsFunction category_trials = track    ? &general_trials<true, true, false, -1, -1>
                                         : shared ? &general_trials<true, false, true, -1, -1>
                                                  : &general_trials<true, false, false, -1, -1>;

  const auto run_heads_up_chunk = [&]<int kDeckPlayers, int kDrawn, int kBoardCards>(std::uint64_t chunk,
                                                                                     std::uint64_t size, ChunkTally& t) {
    const auto run = [&]<bool kShareBoards>() {
      return heads_up_trials<kDeckPlayers, kDrawn, kBoardCards, kShareBoards>(inputs, Rng(options.seed, chunk), fresh_dealer, size);
    };
    HeadsUpCounts c;
    if constexpr (can_share_boards(kDrawn > 0, kDeckPlayers, kBoardCards)) c = shared ? run.template operator()<true>() : run.template operator()<false>();
    else c = run.template operator()<false>();
    t.won_with[0][1] += c.first_wins;
    t.won_with[1][1] += c.second_wins;
    t.won_with[0][2] += c.splits;
    t.won_with[1][2] += c.splits;
    t.rejected += c.rejected;
    t.trials += size;
    t.board_sums = c.board_sums;
  };

  // Heads-up deals get a loop unrolled for their numbers of deck players, drawing players and
  // board cards.
  const auto run_heads_up = [&](std::uint64_t chunk, std::uint64_t size, ChunkTally& t) {
    const auto with_board = [&]<int kDeckPlayers, int kDrawn>() {
      switch (k) {
        case 0: return run_heads_up_chunk.template operator()<kDeckPlayers, kDrawn, 0>(chunk, size, t);
        case 1: return run_heads_up_chunk.template operator()<kDeckPlayers, kDrawn, 1>(chunk, size, t);
        case 2: return run_heads_up_chunk.template operator()<kDeckPlayers, kDrawn, 2>(chunk, size, t);
        default: return run_heads_up_chunk.template operator()<kDeckPlayers, kDrawn, 5>(chunk, size, t);
      }
    };
    switch (inputs.deck_players * 3 + inputs.drawn_players) {
      case 0: return with_board.template operator()<0, 0>();
      case 1: return with_board.template operator()<0, 1>();
      case 2: return with_board.template operator()<0, 2>();
      case 3: return with_board.template operator()<1, 0>();
      case 4: return with_board.template operator()<1, 1>();
      default: return with_board.template operator()<2, 0>();
    }
  };

  MonteCarloResult result;
  result.seed = options.seed;
  result.deals_per_board = inputs.deals_per_board;
  for (const auto& list : prep.combos) result.combos.push_back(list.size());
  ChunkTally total;
  auto& won_with = total.won_with;
  const auto share_of = [&](std::size_t p) {
    std::uint64_t s = 0;
    for (std::size_t w = 1; w <= n; ++w) s += won_with[p][w] * kSplitShare[w];
    return s;
  };
  const std::uint64_t chunk_limit =
      options.max_trials ? (options.max_trials + kMonteCarloChunk - 1) / kMonteCarloChunk : ~std::uint64_t{0};
  std::uint64_t next_chunk = 0;
  int round = 0;
  constexpr std::uint64_t kMinTrialsForStderr = 10'000;  // before this, the variance seen says too little
  std::vector<ChunkTally> tallies;  // one per chunk of a round, kept across rounds
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  // Over boards shared by several trials (ratio estimator of a cluster sample): with y_b the share
  // and n_b the trials of board b, of B boards and N trials, and R the equity, the variance of R
  // is B / (B - 1) * sum (y_b - R n_b)^2 / N^2.
  double boards = 0, size_squares = 0;
  std::array<double, kMaxPlayers> share_squares{}, share_sizes{};  // in pots
  auto stderr_of = [&](std::size_t p) {
    const double trials = static_cast<double>(total.trials);
    if (total.trials < 2) return 1.0;
    const double unit = static_cast<double>(kShareUnit);
    if (shared) {
      if (boards < 2) return 1.0;
      const double r = static_cast<double>(share_of(p)) / unit / trials;
      const double squares = share_squares[p] - 2 * r * share_sizes[p] + r * r * size_squares;
      return std::sqrt(std::max(0.0, squares) * boards / (boards - 1)) / trials;
    }
    double mean = 0, mean_sq = 0;  // of the share, in pots
    for (std::size_t w = 1; w <= n; ++w) {
      const double count = static_cast<double>(won_with[p][w]), s = static_cast<double>(kSplitShare[w]) / unit;
      mean += count * s;
      mean_sq += count * s * s;
    }
    mean /= trials;
    mean_sq /= trials;
    const double variance = std::max(0.0, mean_sq - mean * mean) * trials / (trials - 1);
    return std::sqrt(variance / trials);
  };

  double worst = 0;  // the largest standard error among the players, after each round
  for (;;) {
    std::uint64_t count = std::min<std::uint64_t>(std::uint64_t{8} << std::min(round, 5), 256);
    if (options.target_stderr > 0 && total.trials >= kMinTrialsForStderr) {
      // The standard error falls as one over the root of the trials: size the round to end just
      // past the trials the target needs, by the variance seen so far, rather than up to a whole
      // round (twice the trials needed for a target of 1e-3) past them. The counts, and so the
      // rounds, are the same whatever the number of threads.
      const double ratio = worst / options.target_stderr;
      const double needed = static_cast<double>(total.trials) * (ratio * ratio * 1.02 - 1);
      const double chunks = std::ceil(needed / static_cast<double>(kMonteCarloChunk));
      if (chunks < static_cast<double>(count)) count = static_cast<std::uint64_t>(std::max(1.0, chunks));
    }
    if (options.max_seconds > 0 && total.trials > 0) {
      // Size the round to end near the deadline.
      const double rate = static_cast<double>(next_chunk) / std::max(elapsed(), 1e-6);
      const double left = options.max_seconds - elapsed();
      count = std::min<std::uint64_t>(count, static_cast<std::uint64_t>(std::max(1.0, rate * left)));
    }
    count = std::min(count, chunk_limit - next_chunk);
    tallies.assign(count, ChunkTally{});
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, count, 1), [&](const tbb::blocked_range<std::uint64_t>& r) {
      for (std::uint64_t i = r.begin(); i < r.end(); ++i) {
        const std::uint64_t chunk = next_chunk + i;
        const std::uint64_t size =
            options.max_trials ? std::min(kMonteCarloChunk, options.max_trials - chunk * kMonteCarloChunk) : kMonteCarloChunk;
        if (options.by_category) tallies[i] = category_trials(inputs, Rng(options.seed, chunk), fresh_dealer, size);
        else if (n == 2) run_heads_up(chunk, size, tallies[i]);
        else tallies[i] = plain_trials(inputs, Rng(options.seed, chunk), fresh_dealer, size);
      }
    });
    for (const auto& t : tallies) {
      total.trials += t.trials;
      total.rejected += t.rejected;
      // Exact within a chunk; summed in chunk order, so the same whatever the number of threads.
      const double unit = static_cast<double>(kShareUnit);
      boards += static_cast<double>(t.board_sums.boards);
      size_squares += static_cast<double>(t.board_sums.size_squares);
      for (std::size_t p = 0; p < n; ++p) {
        share_squares[p] += static_cast<double>(t.board_sums.share_squares[p]) / (unit * unit);
        share_sizes[p] += static_cast<double>(t.board_sums.share_sizes[p]) / unit;
        for (std::size_t w = 1; w <= n; ++w) won_with[p][w] += t.won_with[p][w];
        for (std::size_t c = 0; c < static_cast<std::size_t>(kCategories); ++c) {
          total.category[p][c] += t.category[p][c];
          total.category_wins[p][c] += t.category_wins[p][c];
          total.category_ties[p][c] += t.category_ties[p][c];
        }
      }
    }
    next_chunk += count;
    ++round;
    worst = 0;
    for (std::size_t p = 0; p < n; ++p) worst = std::max(worst, stderr_of(p));
    if (options.progress) options.progress(total.trials, worst);
    if (options.target_stderr > 0 && total.trials >= kMinTrialsForStderr && worst < options.target_stderr) {
      result.stopped_by = "stderr";
      break;
    }
    if (next_chunk >= chunk_limit) {
      result.stopped_by = "trials";
      break;
    }
    if (options.max_seconds > 0 && elapsed() >= options.max_seconds) {
      result.stopped_by = "time";
      break;
    }
  }

  result.trials = total.trials;
  result.rejected = total.rejected;
  result.players.resize(n);
  for (std::size_t p = 0; p < n; ++p) {
    auto& mp = result.players[p];
    mp.wins = won_with[p][1];
    for (std::size_t w = 2; w <= n; ++w) mp.ties += won_with[p][w];
    mp.losses = total.trials - mp.wins - mp.ties;
    mp.share = share_of(p);
    mp.equity = static_cast<double>(mp.share) / (static_cast<double>(kShareUnit) * static_cast<double>(total.trials));
    mp.standard_error = stderr_of(p);
    mp.low = std::max(0.0, mp.equity - 1.96 * mp.standard_error);
    mp.high = std::min(1.0, mp.equity + 1.96 * mp.standard_error);
    mp.category = total.category[p];
    mp.category_wins = total.category_wins[p];
    mp.category_ties = total.category_ties[p];
  }
  result.seconds = elapsed();
  return result;
}

}  // namespace equity
