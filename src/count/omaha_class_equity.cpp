#include "equity/omaha_class_equity.hpp"

#include <array>
#include <cmath>
#include <vector>

#include "equity/detail/parallel.hpp"
#include "equity/error.hpp"
#include "equity/omaha_evaluator.hpp"

namespace equity {

namespace {

constexpr std::uint64_t kBlock = 4096;

std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Uniform in [0, n), without bias (Lemire's multiply and reject).
std::uint32_t below(std::uint64_t& state, std::uint32_t n) {
  while (true) {
    const std::uint64_t m = (splitmix(state) >> 32) * n;
    if (static_cast<std::uint32_t>(m) >= (-n) % n) return static_cast<std::uint32_t>(m >> 32);
  }
}

struct Sums {
  std::uint64_t points = 0;  // 2 a win, 1 a tie
  std::uint64_t squares = 0;
};

}  // namespace

OmahaClassEquity omaha_equity_vs_random(CardSet hand, std::uint64_t trials, std::uint64_t seed) {
  const int n = hand.size();
  if (n < 4 || n > 6 || (hand.bits() & ~CardSet::full().bits())) throw InputError("an Omaha hand has 4, 5 or 6 cards");
  const std::vector<Card> rest = (CardSet::full() - hand).cards();
  const std::uint64_t blocks = (trials + kBlock - 1) / kBlock;
  std::vector<Sums> sums(blocks);
  detail::parallel_for(std::uint64_t{0}, blocks, [&](std::uint64_t b) {
    std::uint64_t state = seed * 0x100000001b3ULL ^ (b + 1) * 0x9e3779b97f4a7c15ULL;
    std::array<Card, kCards> deck{};
    std::copy(rest.begin(), rest.end(), deck.begin());
    const auto size = static_cast<std::uint32_t>(rest.size());
    const std::uint64_t count = std::min(kBlock, trials - b * kBlock);
    Sums s;
    for (std::uint64_t t = 0; t < count; ++t) {
      CardSet villain, board;
      for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(n) + 5; ++i) {  // a partial shuffle
        std::swap(deck[i], deck[i + below(state, size - i)]);
        (i < static_cast<std::uint32_t>(n) ? villain : board).insert(deck[i]);
      }
      const HandRank mine = omaha_high(hand, board), theirs = omaha_high(villain, board);
      const std::uint64_t points = mine > theirs ? 2 : mine == theirs ? 1 : 0;
      s.points += points;
      s.squares += points * points;
    }
    sums[b] = s;
  });
  Sums total;
  for (const Sums& s : sums) total.points += s.points, total.squares += s.squares;
  OmahaClassEquity out;
  out.trials = trials;
  if (trials == 0) return out;
  const double t = static_cast<double>(trials), mean = static_cast<double>(total.points) / t / 2;
  const double variance = static_cast<double>(total.squares) / t / 4 - mean * mean;
  out.equity = mean;
  out.std_error = std::sqrt(std::max(variance, 0.0) / t);
  return out;
}

}  // namespace equity
