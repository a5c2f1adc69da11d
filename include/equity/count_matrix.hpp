#pragma once
// A 169 x 169 matrix of counts over the starting-hand classes (rows the hero's class, columns the
// villain's, in table order): a plain value type, so that the library's headers need no Eigen
// (src/table_equity.cpp maps it onto an Eigen matrix for the range products).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "equity/hand_class.hpp"

namespace equity {

class CountMatrix {
 public:
  static constexpr int kSize = kHandClasses;

  std::int64_t& operator()(int row, int column) { return values_[index(row, column)]; }
  std::int64_t operator()(int row, int column) const { return values_[index(row, column)]; }
  // Row-major, kSize * kSize values.
  const std::int64_t* data() const { return values_.data(); }

  std::int64_t row_sum(int row) const {
    std::int64_t sum = 0;
    for (int column = 0; column < kSize; ++column) sum += (*this)(row, column);
    return sum;
  }
  std::int64_t sum() const {
    std::int64_t total = 0;
    for (const std::int64_t v : values_) total += v;
    return total;
  }
  void scale_row(int row, std::int64_t factor) {
    for (int column = 0; column < kSize; ++column) (*this)(row, column) *= factor;
  }
  void zero_row(int row) { scale_row(row, 0); }

  friend bool operator==(const CountMatrix&, const CountMatrix&) = default;

 private:
  static std::size_t index(int row, int column) { return static_cast<std::size_t>(row * kSize + column); }

  // On the heap: four of them would not fit on a stack comfortably.
  std::vector<std::int64_t> values_ = std::vector<std::int64_t>(static_cast<std::size_t>(kSize * kSize));
};

}  // namespace equity
