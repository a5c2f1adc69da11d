#pragma once
// --shard K/N of `equity batch` and `equity table`: the K-th of N runs that split a job between
// them with no coordination (K from 0: a Slurm array's $SLURM_ARRAY_TASK_ID as it is).
#include <cstdint>
#include <string>
#include <string_view>

namespace equity::cli {

struct Shard {
  std::uint64_t index = 0;  // K, from 0 to count - 1
  std::uint64_t count = 1;  // N
  // Position `position` (from 0) of a job's units: the shard's when position % N == K.
  bool has_unit(std::uint64_t position) const { return position % count == index; }
  // Input line `line` (from 1): lines K+1, K+1+N, K+1+2N, ...
  bool has(std::uint64_t line) const { return has_unit(line - 1); }
  std::string str() const { return std::to_string(index) + "/" + std::to_string(count); }
};

// "K/N" with N >= 1 and 0 <= K < N; throws InputError "--shard: ..." otherwise.
Shard parse_shard(std::string_view text);

}  // namespace equity::cli
