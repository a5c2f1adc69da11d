#include "equity/board_hits.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "equity/deal.hpp"  // not_in_deck
#include "equity/error.hpp"
#include "equity/hand_class.hpp"
#include "equity/ranking.hpp"

namespace equity {
namespace {

constexpr std::array<std::string_view, kMadeCategories> kMadeNames = {"straight_flush",
                                                                      "quads",
                                                                      "full_house",
                                                                      "flush",
                                                                      "straight",
                                                                      "set",
                                                                      "trips",
                                                                      "two_pair",
                                                                      "overpair",
                                                                      "top_pair",
                                                                      "pocket_pair_below_top",
                                                                      "middle_pair",
                                                                      "weak_pair",
                                                                      "ace_high",
                                                                      "nothing"};
constexpr std::array<std::string_view, kDrawCategories> kDrawNames = {
    "flush_draw", "nut_flush_draw", "oesd", "gutshot", "overcards", "backdoor_flush_draw", "combo_draw"};

constexpr unsigned bit(DrawCategory d) { return 1u << static_cast<int>(d); }

constexpr int kAce = kRanks - 1;

// The highest straight (its five ranks as a mask) within a 13-bit rank mask, or 0 if none, in a
// deck whose lowest rank is `lowest`: the ace plays low below it (A-2-3-4-5, or A-6-7-8-9).
unsigned best_straight(unsigned ranks, int lowest) {
  for (int high = kAce; high >= lowest + 4; --high) {
    const unsigned run = 0x1fu << (high - 4);
    if ((ranks & run) == run) return run;
  }
  const unsigned wheel = (1u << kAce) | (0xfu << lowest);
  return (ranks & wheel) == wheel ? wheel : 0;
}

// What the board's ranks say, for the made hands of the hole ranks.
struct BoardRanks {
  std::array<int, kRanks> counts{};  // board cards of each rank
  unsigned mask = 0;                 // ranks held by a board card
  int top = -1;                      // highest board rank
  int second = -1;                   // second-highest distinct board rank, -1 if none
};

BoardRanks board_ranks(CardSet board) {
  BoardRanks b;
  b.counts = board.rank_counts();
  for (int r = 0; r < kRanks; ++r)
    if (b.counts[static_cast<std::size_t>(r)] > 0) b.mask |= 1u << r;
  b.top = std::bit_width(b.mask) - 1;
  const unsigned rest = b.mask & ~(1u << b.top);
  b.second = std::bit_width(rest) - 1;
  return b;
}

// The made category of hole ranks r1, r2 when the evaluator says high card, one pair, two pair or
// three of a kind: what the hole cards make themselves (the rules in board_hits.hpp, in order).
// Other rank pairs (full houses and quads) get a value that classify() never reads.
MadeCategory own_made(int r1, int r2, const BoardRanks& b) {
  const int c1 = b.counts[static_cast<std::size_t>(r1)];
  const int c2 = b.counts[static_cast<std::size_t>(r2)];
  if (r1 == r2) {
    if (c1 == 1) return MadeCategory::Set;
    if (r1 > b.top) return MadeCategory::Overpair;
    return MadeCategory::PocketPairBelowTop;
  }
  if (c1 == 2 || c2 == 2) return MadeCategory::Trips;
  if (c1 > 0 && c2 > 0) return MadeCategory::TwoPair;
  const int paired = c1 > 0 ? r1 : c2 > 0 ? r2 : -1;
  if (paired < 0) return r1 == kAce || r2 == kAce ? MadeCategory::AceHigh : MadeCategory::Nothing;
  if (paired == b.top) return MadeCategory::TopPair;
  if (paired == b.second) return MadeCategory::MiddlePair;
  return MadeCategory::WeakPair;
}

// The straight draws and overcards of hole ranks r1, r2 (see "out rank" in board_hits.hpp).
std::uint8_t rank_draws(int r1, int r2, const BoardRanks& b, int lowest) {
  const unsigned hole = (1u << r1) | (1u << r2);
  const unsigned own = hole & ~b.mask;  // ranks only the hole cards bring
  const unsigned all = hole | b.mask;
  unsigned draws = 0;
  if (r1 != r2 && r1 > b.top && r2 > b.top) draws |= bit(DrawCategory::Overcards);
  if (best_straight(all, lowest) != 0) return static_cast<std::uint8_t>(draws);  // a made straight: never read
  int outs = 0;
  for (int x = lowest; x < kRanks; ++x)
    if (!((all >> x) & 1u) && (best_straight(all | (1u << x), lowest) & own) != 0) ++outs;
  if (outs >= 2) draws |= bit(DrawCategory::Oesd);
  if (outs == 1) draws |= bit(DrawCategory::Gutshot);
  return static_cast<std::uint8_t>(draws);
}

}  // namespace

void check_hits_board(std::span<const Card> board, Game game) {
  if (board.size() < 3 || board.size() > 5)
    throw InputError("board: " + std::to_string(board.size()) +
                     " cards; what a range hits needs a flop, turn or river (3, 4 or 5 cards)");
  CardSet seen;
  for (Card c : board) {
    if (c.id() >= kCards) throw InputError("board: bad card id " + std::to_string(c.id()));
    if (!game_rules(game).in_deck(c)) throw InputError("board: " + not_in_deck(c, game));
    if (seen.contains(c)) throw InputError("board: duplicate card " + c.str());
    seen.insert(c);
  }
}

HitTable hit_table(const BoardHits& h) {
  HitTable t;
  t.combos = static_cast<std::uint64_t>(h.combos);
  t.weight = h.weight;
  for (int c = 0; c < kMadeCategories; ++c)
    t.made.push_back({category_name(static_cast<MadeCategory>(c)), h.made[static_cast<std::size_t>(c)]});
  for (int c = 0; c < kDrawCategories; ++c)
    t.draws.push_back({category_name(static_cast<DrawCategory>(c)), h.draws[static_cast<std::size_t>(c)]});
  return t;
}

std::string_view category_name(MadeCategory c) { return kMadeNames[static_cast<std::size_t>(c)]; }
std::string_view category_name(DrawCategory c) { return kDrawNames[static_cast<std::size_t>(c)]; }

HitClassifier::HitClassifier(std::span<const Card> board, Game game) : game_(game) {
  check_hits_board(board, game);
  board_ = Hand(board);
  board_size_ = static_cast<int>(board.size());
  const CardSet cards = board_.cards();
  for (int s = 0; s < kSuits; ++s) {
    const unsigned suited = cards.suit_ranks(s);
    suit_counts_[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(std::popcount(suited));
    // At most five of the suit's 13 ranks are on the board, so some rank is free.
    nut_ranks_[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(std::bit_width(~suited & 0x1fffu) - 1);
  }
  const BoardRanks b = board_ranks(cards);
  for (int r1 = 0; r1 < kRanks; ++r1)
    for (int r2 = 0; r2 < kRanks; ++r2)
      ranks_[static_cast<std::size_t>(kRanks * r1 + r2)] = {own_made(std::max(r1, r2), std::min(r1, r2), b),
                                                            rank_draws(r1, r2, b, game_rules(game).lowest_rank)};
}

ComboHit HitClassifier::classify(Card a, Card b) const {
  const Hand hand = board_ + kCardHands[a.id()] + kCardHands[b.id()];
  const Category category = with_ranking(game_, [&](auto ranking) { return ranking.category(ranking(hand)); });
  switch (category) {  // the made hands the evaluator names, whatever the game ranks above which
    case Category::StraightFlush:
      return {MadeCategory::StraightFlush, 0};
    case Category::FourOfAKind:
      return {MadeCategory::Quads, 0};
    case Category::FullHouse:
      return {MadeCategory::FullHouse, 0};
    case Category::Flush:
      return {MadeCategory::Flush, 0};
    case Category::Straight:
      return {MadeCategory::Straight, 0};
    default:
      break;
  }
  const RankEntry entry = ranks_[static_cast<std::size_t>(kRanks * a.rank() + b.rank())];
  ComboHit hit{entry.made, 0};
  if (board_size_ == 5) return hit;
  // Cards of one suit among the hole and board cards, for each hole card's suit.
  unsigned flush = 0;
  const auto suit_draws = [&](int suit, int hole_cards, bool nut) {
    const int count = suit_counts_[static_cast<std::size_t>(suit)] + hole_cards;
    if (count == 4) flush |= bit(DrawCategory::FlushDraw) | (nut ? bit(DrawCategory::NutFlushDraw) : 0);
    if (count == 3 && board_size_ == 3) flush |= bit(DrawCategory::BackdoorFlushDraw);
  };
  const auto nut = [&](Card c) { return c.rank() == nut_ranks_[static_cast<std::size_t>(c.suit())]; };
  if (a.suit() == b.suit()) {
    suit_draws(a.suit(), 2, nut(a) || nut(b));
  } else {
    suit_draws(a.suit(), 1, nut(a));
    suit_draws(b.suit(), 1, nut(b));
  }
  const unsigned straight = bit(DrawCategory::Oesd) | bit(DrawCategory::Gutshot);
  const bool combo = (flush & bit(DrawCategory::FlushDraw)) && (entry.draws & straight);
  hit.draws = static_cast<std::uint8_t>(entry.draws | flush | (combo ? bit(DrawCategory::ComboDraw) : 0));
  return hit;
}

BoardHits board_hits(const Range& range, std::span<const Card> board, CardSet dead, Game game) {
  const HitClassifier classifier(board, game);
  CardSet removed = dead | out_of_deck(game);
  for (Card c : board) {
    if (dead.contains(c)) throw InputError("dead card " + c.str() + " is on the board");
    removed.insert(c);
  }
  BoardHits hits;
  range.for_each_combo([&](int i, double weight) {
    const auto cards = combo_cards(i);
    if (removed.contains(cards[0]) || removed.contains(cards[1])) return;
    const ComboHit hit = classifier.classify(cards[0], cards[1]);
    ++hits.combos;
    hits.weight += weight;
    hits.made[static_cast<std::size_t>(hit.made)].add(weight);
    for (unsigned d = hit.draws; d != 0; d &= d - 1)
      hits.draws[static_cast<std::size_t>(std::countr_zero(d))].add(weight);
  });
  for (HitCount& count : hits.made) count.set_share(hits.weight);
  for (HitCount& count : hits.draws) count.set_share(hits.weight);
  return hits;
}

}  // namespace equity
