#pragma once
// The stud family's Monte Carlo trials (stud_monte_carlo.hpp): one chunk of them, a template of the
// game's scorer instantiated in each game's translation unit (stud_count_<game>.cpp). No
// allocation but the chunk's counts, no virtual call.
#include <array>
#include <cstdint>
#include <vector>

#include "detail/rng.hpp"
#include "stud_walk.hpp"

namespace equity::detail {

// A chunk's counts, and per player the sum over its trials of the squared pot units won.
struct StudChunk {
  StudCounts counts;
  std::vector<double> squares;
};

// `size` trials from the stream (seed, chunk): each player's cards to come taken from the cards
// left by a partial Fisher-Yates shuffle (uniform whatever order the deck starts a trial in), the
// community card first when there is one; each hand scored once; one showdown (ByCategory: and its
// outcome by category).
template <class Scorer, bool ByCategory>
void stud_trials(const StudSetup& setup, StudGame game, std::uint64_t seed, std::uint64_t chunk, std::uint64_t size,
                 StudChunk& out) {
  const std::size_t n = setup.known.size();
  out.counts = StudCounts{game, std::vector<PlayerTally>(n), 0, 0};
  out.squares.assign(n, 0.0);
  std::array<Hand, kCards> deck{};
  const auto left = static_cast<std::uint32_t>(setup.deck.size());
  for (std::uint32_t i = 0; i < left; ++i) deck[i] = Hand(setup.deck[i]);
  std::array<Hand, kMaxPlayers> known{};
  std::array<int, kMaxPlayers> to_come{};
  const int community = setup.community ? 1 : 0;
  for (std::size_t p = 0; p < n; ++p) known[p] = setup.known[p], to_come[p] = setup.to_come[p] - community;
  Rng rng(seed, chunk);
  StudScores<Scorer> scores{};
  std::array<std::uint64_t, kMaxPlayers> before{};
  [[maybe_unused]] std::array<int, kMaxPlayers> category{};
  StudCounts& counts = out.counts;
  for (std::uint64_t t = 0; t < size; ++t) {
    std::uint32_t next = 0;
    auto take = [&] {
      const std::uint32_t j = next + rng.below(left - next);
      const Hand card = deck[j];
      deck[j] = deck[next];
      deck[next++] = card;
      return card;
    };
    const Hand shared = community ? take() : Hand();
    for (std::size_t p = 0; p < n; ++p) {
      Hand hand = known[p] + shared;
      for (int k = 0; k < to_come[p]; ++k) hand += take();
      scores[p] = Scorer::score(hand);
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
