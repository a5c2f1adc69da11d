// Hold'em's multiway Monte Carlo loops for deals where some players draw a combo: the drawing
// players' combos come together, one tuple from the list of those that fit (JointDraw,
// trial_kernels.hpp), by one random number a trial and without redraws; the players dealt from the
// deck and the board then come from the cards the tuple leaves, by the same dealer as the other
// loops. Compiled here, in a file of their own, so that monte_carlo_kernels.cpp's object code stays
// as it was (see monte_carlo_kernels_shortdeck.cpp why that matters).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "joint_trials.hpp"

namespace equity::detail {

namespace {

// Vose's construction of the alias table from the tuples' weights (their sum: total).
void fill_alias(const std::vector<double>& weights, double total, JointDraw& out) {
  const std::size_t n = weights.size();
  std::vector<double> scaled(n);
  std::vector<std::uint32_t> small, large;
  for (std::size_t i = 0; i < n; ++i) {
    scaled[i] = weights[i] * static_cast<double>(n) / total;
    (scaled[i] < 1 ? small : large).push_back(static_cast<std::uint32_t>(i));
  }
  out.keep.assign(n, ~std::uint64_t{0});
  out.alias.resize(n);
  for (std::size_t i = 0; i < n; ++i) out.alias[i] = static_cast<std::uint32_t>(i);
  while (!small.empty() && !large.empty()) {
    const std::uint32_t s = small.back(), l = large.back();
    small.pop_back();
    out.keep[s] = static_cast<std::uint64_t>(scaled[s] * 0x1p64);  // below 2^64: scaled[s] < 1
    out.alias[s] = l;
    scaled[l] -= 1 - scaled[s];
    if (scaled[l] < 1) {
      large.pop_back();
      small.push_back(l);
    }
  }
  // What is left is 1 up to rounding: kept whole (keep and alias as filled).
}

}  // namespace

bool make_joint_draw(const std::vector<std::vector<WeightedCombo>>& combos, std::span<const std::uint8_t> drawn,
                     std::uint64_t known, JointDraw& out) {
  out = JointDraw{};
  std::uint64_t product = 1;
  for (const std::uint8_t seat : drawn) {
    product *= combos[seat].size();
    if (product > kMaxJointTuples) return false;
  }
  std::uint64_t deck = 0;  // the cards not known
  for (const Hand card : kCardHands) {
    const DeckCard c = deck_card(card);
    out.by_bit[bit_index(c)] = c;
    if (!(card.mask() & known)) deck |= card.mask();
  }
  out.deck_size = static_cast<std::uint64_t>(std::popcount(deck)) - 2 * drawn.size();
  // Each player's weights relative to its heaviest, so that the products stay far from underflow.
  std::vector<double> heaviest(drawn.size(), 0);
  bool weighted = false;
  for (std::size_t q = 0; q < drawn.size(); ++q)
    for (const auto& c : combos[drawn[q]]) {
      heaviest[q] = std::max(heaviest[q], c.weight);
      weighted |= c.weight != combos[drawn[q]][0].weight;
    }
  out.players = drawn.size();
  std::vector<double> weights;
  std::array<std::size_t, kMaxPlayers> at{};
  double total = 0;
  // Depth first over the players' combos, skipping a combo that shares a card with those before.
  const auto visit = [&](const auto& self, std::size_t q, std::uint64_t used, double weight) -> void {
    if (q == drawn.size()) {
      for (std::size_t r = 0; r < q; ++r) {
        const auto& c = combos[drawn[r]][at[r]];
        out.cards.push_back(deck_card(Hand(c.cards[0])));
        out.cards.push_back(deck_card(Hand(c.cards[1])));
      }
      const std::size_t first = out.decks.size();
      out.decks.resize(first + JointDraw::kDeckStride, 0);
      std::size_t k = first;
      for (std::uint64_t left = deck & ~used; left; left &= left - 1)
        out.decks[k++] = static_cast<std::uint8_t>(std::countr_zero(left));
      weights.push_back(weight);
      total += weight;
      return;
    }
    const auto& list = combos[drawn[q]];
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::uint64_t bits = list[i].cards[0].bit() | list[i].cards[1].bit();
      if (bits & used) continue;
      at[q] = i;
      self(self, q + 1, used | bits, weight * (list[i].weight / heaviest[q]));
    }
  };
  visit(visit, 0, 0, 1.0);
  out.size = weights.size();
  if (out.size == 0 || !(total > 0 && total < std::numeric_limits<double>::infinity())) return false;
  out.threshold = (0 - out.size) % out.size;
  if (weighted) fill_alias(weights, total, out);
  return true;
}

TrialsFunction select_joint_trials(const JointInputs& inputs, bool by_category) {
  if (!inputs.joint) return nullptr;
  if (inputs.game != Game::holdem) return select_shortdeck_joint_trials(inputs, by_category);
  return joint_trials_for<HoldemRanking>(inputs, by_category);
}

}  // namespace equity::detail
