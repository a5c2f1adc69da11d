#pragma once
// The random numbers of Monte Carlo: one stream per (seed, chunk), so that a seed gives the same
// deals whatever the number of threads.
#include <cstdint>

#include "equity/detail/platform.hpp"

namespace equity::detail {

inline std::uint64_t splitmix64(std::uint64_t& state) {
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
    state_ = make_uint128(high, low | 1);  // odd: the full period
  }
  std::uint64_t next() {
    state_ = multiply(state_, 0xda942042e4dd58b5ULL);
    return high_half(state_);
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
  Uint128 state_ = make_uint128(0, 1);
  std::uint32_t spare_ = 0;
  bool spare_left_ = false;
};

}  // namespace equity::detail
