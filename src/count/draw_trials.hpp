#pragma once
// The draw games' Monte Carlo trials with draws before the last (stud_monte_carlo.hpp's driver,
// the drawing rule of draw_rule.hpp): one chunk of them, a template of the game's scorer
// instantiated in each game's translation unit (stud_count_<game>.cpp, draw_count_a5.cpp).
//
// A trial: the cards not seen are the stub, shuffled as the stud trials shuffle them (a partial
// Fisher-Yates), the discards known (the dead cards) on the discard pile; each player first draws
// his cards to come (the question's draw); then in each later draw every player in turn keeps what
// the rule keeps, throws the rest on the discard pile and draws as many; when the stub runs out the
// discard pile is shuffled into a new stub (the player's own discards of that draw are not in it,
// unless nothing else is left; of the question's draw, whose discards are not told apart, every
// discard known is). The last hands
// are scored once and counted as a showdown, as the stud trials count them.
#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "detail/rng.hpp"
#include "equity/draw_rule.hpp"
#include "stud_trials.hpp"

namespace equity::detail {

// The scorers of the draw games (stud's high is five-card draw's too: one draw, sampled here only
// when it runs past the stub; not stud Hi/Lo's).
template <class Scorer>
inline constexpr bool kDrawGame = !std::is_same_v<Scorer, StudHiLoScorer>;

// A hand's cards summed (Hand(CardSet) lists them in a vector first).
EQUITY_ALWAYS_INLINE Hand hand_of(CardSet cards) {
  Hand hand;
  for (std::uint64_t bits = cards.bits(); bits != 0; bits &= bits - 1) {
    const int at = std::countr_zero(bits);  // 16 * suit + rank
    hand += kCardHands[static_cast<std::size_t>(4 * (at & 15) + (at >> 4))];
  }
  return hand;
}

// The stub and the discard pile of one trial.
class DrawStub {
 public:
  DrawStub(const std::array<Card, kCards>& deck, std::uint32_t size, Rng& rng) : deck_(deck), left_(size), rng_(rng) {}

  // One card off the stub; the discard pile shuffled in when the stub is out (the pile is never
  // empty then: stud_setup() checked the cards of the first draw against the stub and the discards
  // known, and each later one throws away as many as it draws).
  EQUITY_ALWAYS_INLINE Card take() {
    if (next_ == left_) {
      for (std::uint32_t i = 0; i < pile_size_; ++i) deck_[i] = pile_[i];
      left_ = pile_size_, next_ = 0, pile_size_ = 0;
    }
    const std::uint32_t j = next_ + rng_.below(left_ - next_);
    const Card card = deck_[j];
    deck_[j] = deck_[next_];
    deck_[next_++] = card;
    return card;
  }
  std::uint32_t in_stub() const { return left_ - next_; }
  std::uint32_t in_pile() const { return pile_size_; }
  void discard(CardSet cards) {
    for (std::uint64_t bits = cards.bits(); bits != 0; bits &= bits - 1) {
      const int at = std::countr_zero(bits);
      pile_[pile_size_++] = Card(at & 15, at >> 4);
    }
  }

 private:
  std::array<Card, kCards> deck_;
  std::array<Card, kCards> pile_{};
  std::uint32_t left_, next_ = 0, pile_size_ = 0;
  Rng& rng_;
};

template <class Scorer, bool ByCategory>
void draw_trials(const StudSetup& setup, StudGame game, std::uint64_t seed, std::uint64_t chunk, std::uint64_t size,
                 StudChunk& out) {
  const std::size_t n = setup.known.size();
  out.counts = StudCounts{game, std::vector<PlayerTally>(n), 0, 0};
  out.squares.assign(n, 0.0);
  std::array<Card, kCards> deck{};
  const auto left = static_cast<std::uint32_t>(setup.deck.size());
  for (std::uint32_t i = 0; i < left; ++i) deck[i] = setup.deck[i];
  std::array<CardSet, kMaxPlayers> known{};
  for (std::size_t p = 0; p < n; ++p) known[p] = setup.known[p].cards();
  Rng rng(seed, chunk);
  StudScores<Scorer> scores{};
  std::array<std::uint64_t, kMaxPlayers> before{};
  [[maybe_unused]] std::array<int, kMaxPlayers> category{};
  StudCounts& counts = out.counts;
  std::array<CardSet, kMaxPlayers> hands{};
  // Each player's cards drawn in each later draw when given, else -1: the rule decides.
  std::array<std::array<int, 2>, kMaxPlayers> fixed{};
  for (std::size_t p = 0; p < n; ++p) {
    fixed[p] = {-1, -1};
    if (p < setup.later_counts.size())
      for (std::size_t r = 0; r < setup.later_counts[p].size() && r < 2; ++r) fixed[p][r] = setup.later_counts[p][r];
  }
  for (std::uint64_t t = 0; t < size; ++t) {
    DrawStub stub(deck, left, rng);
    stub.discard(setup.pile);
    for (std::size_t p = 0; p < n; ++p) {
      hands[p] = known[p];
      for (int k = 0; k < setup.to_come[p]; ++k) hands[p].insert(stub.take());
    }
    for (int round = 0; round < setup.later_draws; ++round)
      for (std::size_t p = 0; p < n; ++p) {
        const int given = round < 2 ? fixed[p][static_cast<std::size_t>(round)] : -1;
        const CardSet kept =
            given < 0 ? draw_keep(setup.rule, hands[p]) : draw_keep_count(setup.rule, hands[p], setup.cards - given);
        const CardSet thrown = hands[p] - kept;
        const auto draws = static_cast<std::uint32_t>(thrown.size());
        const bool own_back = stub.in_stub() + stub.in_pile() < draws;  // nothing else left
        if (own_back) stub.discard(thrown);
        hands[p] = kept;
        for (std::uint32_t k = 0; k < draws; ++k) hands[p].insert(stub.take());
        if (!own_back) stub.discard(thrown);
      }
    for (std::size_t p = 0; p < n; ++p) {
      scores[p] = Scorer::score(hand_of(hands[p]));
      const int c = Scorer::category(scores[p]);
      if constexpr (ByCategory) category[p] = c;
      stud_own<Scorer>(c, stud_has_low<Scorer>(scores[p]), 1, counts.players[p]);
      before[p] = counts.players[p].pot_units;
    }
    [[maybe_unused]] const unsigned winners = stud_outcome<Scorer>(scores, n, 1, counts);
    if constexpr (ByCategory)
      for (std::size_t p = 0; p < n; ++p) stud_category_outcome(winners, p, category[p], 1, counts.players[p]);
    for (std::size_t p = 0; p < n; ++p) {
      const auto won = static_cast<double>(counts.players[p].pot_units - before[p]);
      out.squares[p] += won * won;
    }
  }
}

}  // namespace equity::detail
