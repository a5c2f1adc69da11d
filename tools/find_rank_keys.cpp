// Finds the additive rank keys of include/equity/detail/evaluator_tables.hpp (kRankKeys).
//
// Greedy: rank by rank from the deuce up, the smallest key above the previous one such that every
// multiset of at most 7 cards (at most 4 of a rank) over the ranks so far still has its own sum.
// Prints the 13 keys and the largest 7-card sum. Takes about half a minute.
// Build: cmake --build build --target equity_find_rank_keys
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
  constexpr int kMaxCards = 7, kMaxPerRank = 4, kRanks = 13;
  std::vector<std::uint32_t> sums_by_size[kMaxCards + 1];
  sums_by_size[0] = {0};
  std::vector<std::uint64_t> taken(1 << 22, 0), fresh(1 << 22, 0);  // 2^28 bits
  auto test = [](const std::vector<std::uint64_t>& b, std::uint32_t s) { return (b[s >> 6] >> (s & 63)) & 1; };
  auto set = [](std::vector<std::uint64_t>& b, std::uint32_t s) { b[s >> 6] |= std::uint64_t{1} << (s & 63); };
  auto clear = [](std::vector<std::uint64_t>& b, std::uint32_t s) { b[s >> 6] &= ~(std::uint64_t{1} << (s & 63)); };
  set(taken, 0);
  std::vector<std::uint32_t> keys;
  for (int rank = 0; rank < kRanks; ++rank) {
    for (std::uint32_t key = keys.empty() ? 1 : keys.back() + 1;; ++key) {
      // New sums: an old multiset plus 1..4 cards of this rank. They must hit neither an old sum
      // nor each other.
      std::vector<std::uint32_t> marked;
      bool ok = true;
      for (int t = 1; t <= kMaxPerRank && ok; ++t)
        for (int size = 0; size + t <= kMaxCards && ok; ++size)
          for (std::uint32_t s : sums_by_size[size]) {
            const std::uint32_t n = s + static_cast<std::uint32_t>(t) * key;
            if (test(taken, n) || test(fresh, n)) {
              ok = false;
              break;
            }
            set(fresh, n);
            marked.push_back(n);
          }
      for (std::uint32_t n : marked) clear(fresh, n);
      if (!ok) continue;
      std::vector<std::uint32_t> added[kMaxCards + 1];
      for (int t = 1; t <= kMaxPerRank; ++t)
        for (int size = 0; size + t <= kMaxCards; ++size)
          for (std::uint32_t s : sums_by_size[size]) {
            added[size + t].push_back(s + static_cast<std::uint32_t>(t) * key);
            set(taken, s + static_cast<std::uint32_t>(t) * key);
          }
      for (int size = 0; size <= kMaxCards; ++size)
        sums_by_size[size].insert(sums_by_size[size].end(), added[size].begin(), added[size].end());
      keys.push_back(key);
      break;
    }
  }
  std::printf("kRankKeys = {");
  for (std::size_t i = 0; i < keys.size(); ++i) std::printf("%s%u", i ? ", " : "", keys[i]);
  std::printf("}\nlargest 7-card sum: %u\n", *std::max_element(sums_by_size[7].begin(), sums_by_size[7].end()));
}
