#include "equity/omaha_class_equity.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "detail/parallel.hpp"
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

// Uniform draws in [0, n) without bias (Lemire's multiply and reject), two 32-bit draws from each
// 64-bit output of splitmix64.
class Draws {
 public:
  explicit Draws(std::uint64_t state) : state_(state) {}
  std::uint32_t below(std::uint32_t n) {
    while (true) {
      const std::uint64_t m = static_cast<std::uint64_t>(next32()) * n;
      const auto low = static_cast<std::uint32_t>(m);
      if (low >= n || low >= (0u - n) % n) return static_cast<std::uint32_t>(m >> 32);
    }
  }

 private:
  std::uint32_t next32() {
    if (half_) {
      half_ = false;
      return static_cast<std::uint32_t>(buffer_ >> 32);
    }
    buffer_ = splitmix(state_);
    half_ = true;
    return static_cast<std::uint32_t>(buffer_);
  }
  std::uint64_t state_;
  std::uint64_t buffer_ = 0;
  bool half_ = false;
};

struct Sums {
  std::uint64_t points = 0;  // 2 a win, 1 a tie
  std::uint64_t squares = 0;
};

// One block of trials: N hole cards, the deck of the cards outside the hand (as bit masks).
template <int N>
Sums run_block(CardSet hand, const std::array<std::uint64_t, kCards>& rest, std::uint32_t size, std::uint64_t count,
               std::uint64_t state) {
  const auto& tables = detail::omaha_tables();
  std::array<std::uint64_t, kCards> deck = rest;
  Draws draws(state);
  Sums s;
  for (std::uint64_t t = 0; t < count; ++t) {
    std::uint64_t villain = 0, board = 0;
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(N) + 5; ++i) {  // a partial shuffle
      std::swap(deck[i], deck[i + draws.below(size - i)]);
      (i < static_cast<std::uint32_t>(N) ? villain : board) |= deck[i];
    }
    const OmahaBoard b(detail::board_row(board, tables), CardSet(board), tables);
    const HandRank mine = b.high(hand), theirs = b.high(CardSet(villain));
    const std::uint64_t points = mine > theirs ? 2 : mine == theirs ? 1 : 0;
    s.points += points;
    s.squares += points * points;
  }
  return s;
}

}  // namespace

OmahaClassEquity omaha_equity_vs_random(CardSet hand, std::uint64_t trials, std::uint64_t seed) {
  const int n = hand.size();
  if (n < 4 || n > 6 || (hand.bits() & ~CardSet::full().bits())) throw InputError("an Omaha hand has 4, 5 or 6 cards");
  std::array<std::uint64_t, kCards> rest{};
  std::uint32_t size = 0;
  for (const Card c : (CardSet::full() - hand).cards()) rest[size++] = c.bit();
  const std::uint64_t blocks = (trials + kBlock - 1) / kBlock;
  std::vector<Sums> sums(blocks);
  detail::parallel_for(std::uint64_t{0}, blocks, [&](std::uint64_t b) {
    const std::uint64_t state = seed * 0x100000001b3ULL ^ (b + 1) * 0x9e3779b97f4a7c15ULL;
    const std::uint64_t count = std::min(kBlock, trials - b * kBlock);
    sums[b] = n == 4   ? run_block<4>(hand, rest, size, count, state)
              : n == 5 ? run_block<5>(hand, rest, size, count, state)
                       : run_block<6>(hand, rest, size, count, state);
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
