// What an Omaha range hits on a board (omaha_hits.hpp): each hand's best high of two hole and three
// board cards, and its straight, flush and low draws counted by the ranks a next card may have.
#include "equity/omaha_hits.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "equity/error.hpp"
#include "equity/omaha_evaluator.hpp"

namespace equity {
namespace {

constexpr std::array<std::string_view, kOmahaDraws> kDrawNames = {
    "wrap", "open_ended", "gutshot", "flush_draw", "nut_flush_draw", "low", "low_draw"};
constexpr std::array<std::string_view, kCategories> kMadeNames = {
    "high_card", "one_pair",   "two_pair",       "three_of_a_kind", "straight",
    "flush",     "full_house", "four_of_a_kind", "straight_flush"};

unsigned bit(OmahaDraw d) { return 1u << static_cast<int>(d); }

unsigned rank_mask(CardSet cards) {
  unsigned out = 0;
  for (int s = 0; s < kSuits; ++s) out |= cards.suit_ranks(s);
  return out;
}

// Whether two of the hand's ranks (different) and three of the board's make a straight: some run
// of five ranks whose ranks missing from the board (at most two) are the hand's, and of which the
// hand has two ranks.
bool makes_straight(unsigned hand, unsigned board) {
  for (int top = 3; top < kRanks; ++top) {  // 5-high (A-2-3-4-5) to ace-high
    const unsigned run = top == 3 ? 0x100fu : 0x1fu << (top - 4);
    const unsigned need = run & ~board;
    if (std::popcount(need) <= 2 && (need & ~hand) == 0 && std::popcount(run & hand) >= 2) return true;
  }
  return false;
}

// Whether two of the hand's low ranks (A..8, low_mask()) and three other ranks of the board's make
// a low.
bool makes_low(unsigned hand, unsigned board) {
  for (unsigned a = hand; a != 0; a &= a - 1)
    for (unsigned b = a & (a - 1); b != 0; b &= b - 1) {
      const unsigned two = (a & (~a + 1)) | (b & (~b + 1));
      if (std::popcount(board & ~two) >= 3) return true;
    }
  return false;
}

// The best high of exactly two of `hand` and three of `board` (3 to 5 cards).
HandRank best_high(CardSet hand, CardSet board, int board_size) {
  if (board_size == 5) return omaha_high(hand, board);
  const std::vector<Card> h = hand.cards(), b = board.cards();
  HandRank best = 0;
  for (std::size_t i = 0; i < h.size(); ++i)
    for (std::size_t j = i + 1; j < h.size(); ++j)
      for (std::size_t x = 0; x < b.size(); ++x)
        for (std::size_t y = x + 1; y < b.size(); ++y)
          for (std::size_t z = y + 1; z < b.size(); ++z) {
            const std::array<Card, 5> five{h[i], h[j], b[x], b[y], b[z]};
            best = std::max(best, evaluate_cards(five));
          }
  return best;
}

}  // namespace

std::string_view category_name(OmahaDraw d) { return kDrawNames[static_cast<std::size_t>(d)]; }
std::string_view made_name(Category c) { return kMadeNames[static_cast<std::size_t>(c)]; }

OmahaHitClassifier::OmahaHitClassifier(std::span<const Card> board, Game game) {
  if (!omaha_like(game)) throw InputError(std::string(game_name(game)) + " is not an Omaha game");
  check_hits_board(board, game);
  hi_lo_ = game_rules(game).low;
  board_size_ = static_cast<int>(board.size());
  for (Card c : board) {
    board_.insert(c);
    ++rank_counts_[static_cast<std::size_t>(c.rank())];
    ++suit_counts_[static_cast<std::size_t>(c.suit())];
  }
  board_ranks_ = rank_mask(board_);
  for (int s = 0; s < kSuits; ++s)  // at most five of the suit's 13 ranks are on the board
    nut_ranks_[static_cast<std::size_t>(s)] =
        static_cast<std::uint8_t>(std::bit_width(~board_.suit_ranks(s) & 0x1fffu) - 1);
}

OmahaHit OmahaHitClassifier::classify(CardSet hand) const {
  OmahaHit hit;
  hit.made = category_of(best_high(hand, board_, board_size_));
  const bool drawing = board_size_ < 5;
  unsigned draws = 0;
  // Unseen cards of rank r: 4 less the hand's and the board's.
  auto unseen = [&](int r) {
    int held = rank_counts_[static_cast<std::size_t>(r)];
    for (int s = 0; s < kSuits; ++s) held += (hand.suit_ranks(s) >> r) & 1u;
    return 4 - held;
  };
  if (drawing && hit.made < Category::Straight) {
    const unsigned ranks = rank_mask(hand);
    int out_ranks = 0;
    for (int r = 0; r < kRanks; ++r) {
      const int cards = unseen(r);
      if (cards > 0 && makes_straight(ranks, board_ranks_ | (1u << r))) {
        ++out_ranks;
        hit.straight_outs += cards;
      }
    }
    if (hit.straight_outs >= 9)
      draws |= bit(OmahaDraw::Wrap);
    else if (out_ranks >= 2)
      draws |= bit(OmahaDraw::OpenEnded);
    else if (out_ranks == 1)
      draws |= bit(OmahaDraw::Gutshot);
  }
  if (drawing && hit.made < Category::Flush)
    for (int s = 0; s < kSuits; ++s) {
      const unsigned held = hand.suit_ranks(s);
      if (suit_counts_[static_cast<std::size_t>(s)] != 2 || std::popcount(held) < 2) continue;
      draws |= bit(OmahaDraw::FlushDraw);
      if ((held >> nut_ranks_[static_cast<std::size_t>(s)]) & 1u) draws |= bit(OmahaDraw::NutFlushDraw);
    }
  if (hi_lo_) {
    const unsigned hand_low = detail::low_mask(hand), board_low = detail::low_mask(board_);
    if (makes_low(hand_low, board_low)) {
      draws |= bit(OmahaDraw::Low);
    } else if (drawing) {
      for (int l = 0; l < 8; ++l) {  // ace, two .. eight
        const int r = l == 0 ? 12 : l - 1;
        if (unseen(r) > 0 && makes_low(hand_low, board_low | (1u << l))) {
          draws |= bit(OmahaDraw::LowDraw);
          break;
        }
      }
    }
  }
  hit.draws = static_cast<std::uint8_t>(draws);
  return hit;
}

OmahaHits omaha_board_hits(const OmahaRange& range, std::span<const Card> board, CardSet dead, Game game) {
  const OmahaHitClassifier classifier(board, game);
  CardSet removed = dead;
  for (Card c : board) {
    if (dead.contains(c)) throw InputError("dead card " + c.str() + " is on the board");
    removed.insert(c);
  }
  OmahaHits hits;
  hits.hi_lo = game_rules(game).low;
  for (const OmahaCombo& c : range.combos(removed)) {
    const OmahaHit hit = classifier.classify(c.cards);
    ++hits.combos;
    hits.weight += c.weight;
    hits.made[static_cast<std::size_t>(hit.made)].add(c.weight);
    for (unsigned d = hit.draws; d != 0; d &= d - 1)
      hits.draws[static_cast<std::size_t>(std::countr_zero(d))].add(c.weight);
  }
  for (HitCount& count : hits.made) count.set_share(hits.weight);
  for (HitCount& count : hits.draws) count.set_share(hits.weight);
  return hits;
}

HitTable hit_table(const OmahaHits& h) {
  HitTable t;
  t.combos = h.combos;
  t.weight = h.weight;
  for (int c = kCategories - 1; c >= 0; --c)
    t.made.push_back({kMadeNames[static_cast<std::size_t>(c)], h.made[static_cast<std::size_t>(c)]});
  const int draws = h.hi_lo ? kOmahaDraws : static_cast<int>(OmahaDraw::Low);
  for (int d = 0; d < draws; ++d)
    t.draws.push_back({kDrawNames[static_cast<std::size_t>(d)], h.draws[static_cast<std::size_t>(d)]});
  return t;
}

}  // namespace equity
