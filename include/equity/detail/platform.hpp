#pragma once
// Everything compiler-specific, each with a portable fallback. The library is built with
// EQUITY_PORTABLE=1 by the CMake option of that name (for compilers other than GCC and Clang, and
// for the sanitizer build that checks the fallbacks); the results are the same, bit for bit.
//
//   EQUITY_ALWAYS_INLINE, EQUITY_NOINLINE  inlining attributes (nothing when portable)
//   EQUITY_ALIGNED_CODE                    a function at a 64-byte boundary (nothing when portable)
//   EQUITY_QUESTION_PATH                   a function every small question runs, placed with the
//                                          others (nothing when portable)
//   Uint128, multiply_high()               128-bit products (__int128, or two 64-bit halves)
//   exchange()                             a swap in memory by inline assembly (x86-64)
//   prefetch()                             a cache line asked for ahead (a builtin, or nothing)
//   Vec8                                   eight 16-bit lanes (GCC vector extension, or an array)
//   Pair64                                 two 64-bit lanes that add together (vector extension, or a struct)
//   compare_64()                           64 lanes of 16 bits compared into two bit masks (SSE2, or a loop)
//   lanes_above()                          bit counts of 16-bit lanes against limits (SSSE3, or a loop)
//   lowest_bit(), highest_bit()            bit scans of a mask known to be non-zero (builtins, or <bit>)
//   kept_apart()                           a value opaque to the optimiser (an empty asm, or itself)
//   sanitizer_release(), sanitizer_acquire()  happens-before edges for ThreadSanitizer (else nothing)
//   current_cpu(), move_off_cpu()          the CPU a thread runs on, and a move off it (Linux's
//                                          sched_getcpu() and sched_setaffinity(), or nothing)
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if !defined(EQUITY_PORTABLE) && !(defined(__GNUC__) || defined(__clang__))
#define EQUITY_PORTABLE 1
#endif

#if defined(EQUITY_PORTABLE) && EQUITY_PORTABLE
#define EQUITY_PORTABLE_BUILD 1
#else
#define EQUITY_PORTABLE_BUILD 0
#endif

#if EQUITY_PORTABLE_BUILD
#define EQUITY_ALWAYS_INLINE inline
#define EQUITY_NOINLINE
#define EQUITY_ALIGNED_CODE
#define EQUITY_QUESTION_PATH
#else
// The functions every small question runs from reading to answer, in one place in the program
// (.text.hot): a new process's first question then faults in a few pages of code, not a page
// for each of them spread over the program's 4 MB of code (about 7 of the 14 page faults of a
// first plan(), some 15 us of its 40).
#define EQUITY_QUESTION_PATH [[gnu::hot]]
#define EQUITY_ALWAYS_INLINE [[gnu::always_inline]] inline
#define EQUITY_NOINLINE [[gnu::noinline]]
// A function placed at a 64-byte boundary: a hot loop's speed then does not depend on where the
// code around it happens to put it (the evaluator pass of `equity bench` moved 15% with the rest
// of the program).
#define EQUITY_ALIGNED_CODE [[gnu::aligned(64)]]
#endif

#if defined(__SANITIZE_THREAD__)
#define EQUITY_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define EQUITY_TSAN 1
#endif
#endif

#if !EQUITY_PORTABLE_BUILD && defined(__SSE2__)
#include <emmintrin.h>
#define EQUITY_SSE2 1
#endif
#if !EQUITY_PORTABLE_BUILD && defined(__SSSE3__)
#include <tmmintrin.h>
#define EQUITY_SSSE3 1
#endif

#if !EQUITY_PORTABLE_BUILD && defined(__linux__)
#include <sched.h>
#define EQUITY_LINUX_SCHED 1
#endif

#if defined(EQUITY_TSAN)
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#endif

namespace equity::detail {

// ---- ThreadSanitizer --------------------------------------------------------------------------------

// A release at `address` happens before every later acquire at it: edges ThreadSanitizer cannot see
// by itself where the synchronisation is in code it does not instrument (Debian's libtbb, whose
// hand-offs between a parallel loop's caller and its workers are atomics and futexes inside the
// library). detail/parallel.hpp marks them; outside ThreadSanitizer builds these are nothing.
#if defined(EQUITY_TSAN)
inline void sanitizer_release(void* address) { __tsan_release(address); }
inline void sanitizer_acquire(void* address) { __tsan_acquire(address); }
#else
inline void sanitizer_release(void*) {}
inline void sanitizer_acquire(void*) {}
#endif

// ---- 128-bit arithmetic -------------------------------------------------------------------------

#if EQUITY_PORTABLE_BUILD
// An unsigned 128-bit number with the operations the random number generator needs.
struct Uint128 {
  std::uint64_t high = 0, low = 0;
};
// The full product of two 64-bit numbers, from 32-bit halves.
inline Uint128 multiply_full(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32, b_lo = b & 0xffffffffu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
  const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xffffffffu) + lo_hi;
  return {hi_hi + (hi_lo >> 32) + (cross >> 32), (cross << 32) | (lo_lo & 0xffffffffu)};
}
inline Uint128 make_uint128(std::uint64_t high, std::uint64_t low) { return {high, low}; }
inline std::uint64_t high_half(const Uint128& x) { return x.high; }
// x * m modulo 2^128.
inline Uint128 multiply(const Uint128& x, std::uint64_t m) {
  Uint128 product = multiply_full(x.low, m);
  product.high += x.high * m;
  return product;
}
#else
__extension__ using Uint128 = unsigned __int128;  // GCC and Clang: the full product of two 64-bit numbers
inline Uint128 make_uint128(std::uint64_t high, std::uint64_t low) { return Uint128{high} << 64 | low; }
inline std::uint64_t high_half(const Uint128& x) { return static_cast<std::uint64_t>(x >> 64); }
inline Uint128 multiply(const Uint128& x, std::uint64_t m) { return x * m; }
#endif

// fraction * range as 128 bits: returns the high half and leaves the low half in fraction. On
// x86-64 one MUL gives both halves in RAX and RDX; written with __int128, GCC 12 moves the low
// half through the stack between chained multiplies, which cost a seventh of a Monte Carlo trial.
inline std::uint64_t multiply_high(std::uint64_t& fraction, const std::uint64_t& range) {
#if !EQUITY_PORTABLE_BUILD && defined(__x86_64__)
  std::uint64_t high;
  asm("mulq %[range]" : "+a"(fraction), "=d"(high) : [range] "m"(range) : "cc");
  return high;
#elif !EQUITY_PORTABLE_BUILD
  const Uint128 product = Uint128{fraction} * range;
  fraction = static_cast<std::uint64_t>(product);
  return static_cast<std::uint64_t>(product >> 64);
#else
  const Uint128 product = multiply_full(fraction, range);
  fraction = product.low;
  return product.high;
#endif
}

// ---- Memory ---------------------------------------------------------------------------------------

// Returns values[position] and puts `value` there. GCC computes the address into a register for
// the load and the store (an instruction a card dealt, a sixth of a Monte Carlo deal); the
// assembly addresses both from the pointer and the position. Its memory operand is the `kReach`
// values from `values` (naming a whole enclosing object there made GCC keep the loops' locals in
// memory).
template <std::size_t kReach>
inline std::uint64_t exchange(std::uint64_t* values, std::size_t position, std::uint64_t value) {
#if !EQUITY_PORTABLE_BUILD && defined(__x86_64__)
  std::uint64_t taken;
  asm("movq (%[values],%[position],8), %[taken]\n\t"
      "movq %[value], (%[values],%[position],8)"
      : [taken] "=&r"(taken), "+m"(*reinterpret_cast<std::uint64_t(*)[kReach]>(values))
      : [values] "r"(values), [position] "r"(position), [value] "r"(value));
  return taken;
#else
  const std::uint64_t taken = values[position];
  values[position] = value;
  return taken;
#endif
}

// Asks for the cache line at `address` ahead of its use (GCC's and Clang's builtin, or nothing).
inline void prefetch(const void* address) {
#if !EQUITY_PORTABLE_BUILD
  __builtin_prefetch(address);
#else
  (void)address;
#endif
}

// ---- Vectors --------------------------------------------------------------------------------------

#if EQUITY_PORTABLE_BUILD
// Eight 16-bit lanes that multiply and add lane by lane, wrapping modulo 2^16.
struct Vec8 {
  std::array<std::int16_t, 8> lane;  // trivial, as the vector type: Vec8{} is zero
  std::int16_t& operator[](int i) { return lane[static_cast<std::size_t>(i)]; }
  std::int16_t operator[](int i) const { return lane[static_cast<std::size_t>(i)]; }
  friend Vec8 operator*(const Vec8& a, const Vec8& b) {
    Vec8 r;
    for (std::size_t i = 0; i < 8; ++i) r.lane[i] = static_cast<std::int16_t>(a.lane[i] * b.lane[i]);
    return r;
  }
  friend Vec8 operator+(const Vec8& a, const Vec8& b) {
    Vec8 r;
    for (std::size_t i = 0; i < 8; ++i) r.lane[i] = static_cast<std::int16_t>(a.lane[i] + b.lane[i]);
    return r;
  }
};
#else
// Eight 16-bit lanes (GCC/Clang vector extension: one SSE register).
using Vec8 = std::int16_t __attribute__((vector_size(16)));
#endif
static_assert(sizeof(Vec8) == 16);

// Loaded and stored unaligned.
#if EQUITY_PORTABLE_BUILD
inline Vec8 load(const std::int16_t* p) {
  Vec8 v;
  std::memcpy(v.lane.data(), p, sizeof v.lane);
  return v;
}
inline void store(std::int16_t* p, const Vec8& v) { std::memcpy(p, v.lane.data(), sizeof v.lane); }
#else
inline Vec8 load(const std::int16_t* p) {
  Vec8 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store(std::int16_t* p, Vec8 v) { std::memcpy(p, &v, sizeof v); }
#endif

// Two 64-bit lanes added lane by lane in one instruction (an SSE register): a hand's key and
// mask summed together, a card at a time (evaluate_rows.cpp).
#if EQUITY_PORTABLE_BUILD
struct Pair64 {
  std::uint64_t first = 0, second = 0;
  Pair64& operator+=(const Pair64& o) {
    first += o.first;
    second += o.second;
    return *this;
  }
};
inline Pair64 make_pair64(std::uint64_t first, std::uint64_t second) { return {first, second}; }
inline std::uint64_t first_of(const Pair64& p) { return p.first; }
inline std::uint64_t second_of(const Pair64& p) { return p.second; }
#else
using Pair64 = std::uint64_t __attribute__((vector_size(16)));
inline Pair64 make_pair64(std::uint64_t first, std::uint64_t second) { return Pair64{first, second}; }
inline std::uint64_t first_of(Pair64 p) { return p[0]; }
inline std::uint64_t second_of(Pair64 p) { return p[1]; }
#endif
static_assert(sizeof(Pair64) == 16);

// Lanes 0..63 of `a` and `b` (16-bit values below 32,768) compared: bit i of `above` is a[i] > b[i],
// of `equal` a[i] == b[i]. SSE2: eight lanes a compare, packed to bytes, one mask per 16 lanes.
inline void compare_64(const std::uint16_t* a, const std::uint16_t* b, std::uint64_t& above, std::uint64_t& equal) {
#if defined(EQUITY_SSE2)
  above = equal = 0;
  for (int half = 0; half < 64; half += 16) {
    const auto load8 = [](const std::uint16_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); };
    const __m128i a0 = load8(a + half), a1 = load8(a + half + 8), b0 = load8(b + half), b1 = load8(b + half + 8);
    const auto gt =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(_mm_cmpgt_epi16(a0, b0), _mm_cmpgt_epi16(a1, b1))));
    const auto eq =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(_mm_cmpeq_epi16(a0, b0), _mm_cmpeq_epi16(a1, b1))));
    above |= std::uint64_t{gt} << half;
    equal |= std::uint64_t{eq} << half;
  }
#else
  above = equal = 0;
  for (int i = 0; i < 64; ++i) {
    above |= std::uint64_t{a[i] > b[i]} << i;
    equal |= std::uint64_t{a[i] == b[i]} << i;
  }
#endif
}

// Bits 2i and 2i + 1 set for each 16-bit lane i (0..3) where `a`'s lane has more than `a_more`
// bits and `b`'s more than `b_more` (the suits of two card sets). SSSE3: both sets' bits counted
// at once, a nibble lookup a byte, the bytes of a lane added, one compare.
EQUITY_ALWAYS_INLINE unsigned lanes_above(std::uint64_t a, int a_more, std::uint64_t b, int b_more) {
#if defined(EQUITY_SSSE3)
  const __m128i sets = _mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a));
  const __m128i nibble = _mm_set1_epi8(0x0f);
  const __m128i bits = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m128i bytes = _mm_add_epi8(_mm_shuffle_epi8(bits, _mm_and_si128(sets, nibble)),
                                     _mm_shuffle_epi8(bits, _mm_and_si128(_mm_srli_epi16(sets, 4), nibble)));
  const __m128i counts = _mm_maddubs_epi16(bytes, _mm_set1_epi8(1));  // a's lanes, then b's
  const auto am = static_cast<short>(a_more), bm = static_cast<short>(b_more);
  const __m128i enough = _mm_cmpgt_epi16(counts, _mm_setr_epi16(am, am, am, am, bm, bm, bm, bm));
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_and_si128(enough, _mm_srli_si128(enough, 8))));
#else
  unsigned lanes = 0;
  for (int i = 0; i < 4; ++i)
    if (std::popcount(a >> (16 * i) & 0xffff) > a_more && std::popcount(b >> (16 * i) & 0xffff) > b_more)
      lanes |= 3u << (2 * i);
  return lanes;
#endif
}

// The index of the lowest set bit of a mask known to be non-zero (no test for zero).
EQUITY_ALWAYS_INLINE std::size_t lowest_bit(std::uint64_t nonzero) {
#if EQUITY_PORTABLE_BUILD
  return static_cast<std::size_t>(std::countr_zero(nonzero));
#else
  return static_cast<unsigned>(__builtin_ctzll(nonzero));
#endif
}
// The index of the highest set bit of a mask known to be non-zero.
EQUITY_ALWAYS_INLINE std::size_t highest_bit(std::uint64_t nonzero) {
#if EQUITY_PORTABLE_BUILD
  return static_cast<std::size_t>(63 - std::countl_zero(nonzero));
#else
  return static_cast<unsigned>(63 ^ __builtin_clzll(nonzero));
#endif
}

// `x`, opaque to the optimiser: values kept in separate chains (two running maxima) are not
// merged back into one.
template <class T>
EQUITY_ALWAYS_INLINE T kept_apart(T x) {
#if !EQUITY_PORTABLE_BUILD
  asm("" : "+r"(x));
#endif
  return x;
}

// ---- Threads --------------------------------------------------------------------------------------

// The CPU the calling thread runs on, or -1 where that is not known.
inline int current_cpu() {
#if defined(EQUITY_LINUX_SCHED)
  return sched_getcpu();
#else
  return -1;
#endif
}

// If the calling thread runs on `cpu`, moves it to another CPU it may run on (the nth other one,
// counting round), then lets it run on all of them again: a nudge, not a pinning. Nothing where
// the CPU is not known, or when the thread may run on one CPU only.
inline void move_off_cpu([[maybe_unused]] int cpu, [[maybe_unused]] int nth) {
#if defined(EQUITY_LINUX_SCHED)
  cpu_set_t allowed;
  if (cpu < 0 || sched_getcpu() != cpu || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  const auto from = static_cast<std::size_t>(cpu);
  const int others = CPU_COUNT(&allowed) - (CPU_ISSET(from, &allowed) ? 1 : 0);
  if (others < 1) return;
  int skip = nth % others;
  for (std::size_t c = 0; c < CPU_SETSIZE; ++c) {
    if (c == from || !CPU_ISSET(c, &allowed) || skip-- > 0) continue;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(c, &one);
    if (sched_setaffinity(0, sizeof one, &one) == 0) sched_setaffinity(0, sizeof allowed, &allowed);
    return;
  }
#endif
}

}  // namespace equity::detail
