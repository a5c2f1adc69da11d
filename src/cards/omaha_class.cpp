#include "equity/omaha_class.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <functional>

namespace equity {

namespace {

// The four suit fields, largest first.
std::array<std::uint64_t, kSuits> sorted_fields(CardSet hand) {
  std::array<std::uint64_t, kSuits> f{};
  for (int s = 0; s < kSuits; ++s) f[static_cast<std::size_t>(s)] = hand.suit_ranks(s);
  // A sorting network of five compare-exchanges: no branches to mispredict.
  const auto order = [&](std::size_t a, std::size_t b) {
    const std::uint64_t hi = std::max(f[a], f[b]), lo = std::min(f[a], f[b]);
    f[a] = hi;
    f[b] = lo;
  };
  order(0, 1);
  order(2, 3);
  order(0, 2);
  order(1, 3);
  order(1, 2);
  return f;
}

}  // namespace

CardSet omaha_class(CardSet hand) {
  const auto f = sorted_fields(hand);
  return CardSet(f[0] | f[1] << 16 | f[2] << 32 | f[3] << 48);
}

int omaha_class_hands(CardSet hand) {
  const auto f = sorted_fields(hand);
  // Equal fields are adjacent once sorted; the stabilizer permutes each run of equal fields.
  int fixing = 1;
  for (std::size_t i = 0; i < f.size();) {
    std::size_t j = i;
    while (j < f.size() && f[j] == f[i]) ++j;
    for (std::size_t k = 2; k <= j - i; ++k) fixing *= static_cast<int>(k);
    i = j;
  }
  return 24 / fixing;
}

const std::vector<std::vector<unsigned>>& detail::rank_masks_by_size() {
  static const std::vector<std::vector<unsigned>> masks = [] {
    std::vector<std::vector<unsigned>> by_size(kRanks + 1);
    for (unsigned m = 0; m < 1u << kRanks; ++m) by_size[static_cast<std::size_t>(std::popcount(m))].push_back(m);
    return by_size;
  }();
  return masks;
}

}  // namespace equity
