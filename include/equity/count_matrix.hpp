#pragma once
// A 169 x 169 matrix of counts over the starting-hand classes (rows the hero's class, columns the
// villain's, in table order): a plain value type, so that the library's headers need no Eigen
// (src/tables/table_equity.cpp maps it onto an Eigen matrix for the range products).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>
#include <vector>

#include "equity/hand_class.hpp"

namespace equity {

namespace detail {
// Memory from calloc, whose large blocks are fresh pages already zero, and elements left as they
// are: a zero matrix then costs no pass over its 228 KB (a value-initialised vector wrote them,
// about a million instructions for the four matrices of every table question).
template <class T>
struct ZeroedAllocator {
  using value_type = T;
  ZeroedAllocator() = default;
  template <class U>
  ZeroedAllocator(const ZeroedAllocator<U>&) {}
  T* allocate(std::size_t n) {
    void* p = std::calloc(n, sizeof(T));
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) { std::free(p); }
  template <class U>
  void construct(U*) noexcept {}  // value-initialisation: calloc's zeros already are
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  friend bool operator==(const ZeroedAllocator&, const ZeroedAllocator&) { return true; }
};
}  // namespace detail

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
  using Values = std::vector<std::int64_t, detail::ZeroedAllocator<std::int64_t>>;
  Values values_ = Values(static_cast<std::size_t>(kSize * kSize));
};

}  // namespace equity
