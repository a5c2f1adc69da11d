// The heads-up stud sweep's kernels (stud_sweep_kernels.hpp): one instance for every game.
#include "stud_sweep_kernels.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "detail/parallel.hpp"
#include "equity/error.hpp"
#include "stud_scoop.hpp"

namespace equity::detail {
namespace {

// The second player's completions counted so far (those below a threshold): how many, and for each
// set of 1 .. Most cards how many of them hold it, for queries of completions of at most Most cards
// (Most = A) or of B or more (Most = B - 1: sets of B cards are completions themselves, counted or
// not by their value against the threshold).
template <int B, int Most>
class StudCounters {
  static_assert(B == 0 || Most < B);
  // At most C(51, 3) = 20,825 completions of four cards hold a card; of six, C(49, 5) = 1.9 million.
  using Count = std::conditional_t<(B <= kStudSweepFewer), std::uint16_t, std::uint32_t>;

 public:
  StudCounters(int n, const std::uint16_t* value) : value_(value) {
    std::size_t size = 0;
    for (int j = 1; j <= Most; ++j) {
      start_[static_cast<std::size_t>(j)] = size;
      size += kStudChoose[static_cast<std::size_t>(n)][static_cast<std::size_t>(j)];
    }
    sets_.assign(size, 0);
  }

  EQUITY_ALWAYS_INLINE void add(StudPacked packed) {
    ++counted_;
    const auto index = stud_subset_indices<B, Most>(packed);
    stud_for_each_subset<B>([&](auto m) {
      constexpr int j = std::popcount(m.value);
      if constexpr (j <= Most) ++sets_[start_[j] + index[m.value]];
    });
  }

  // The counted completions with a value below `threshold` that share no card with the completion
  // of A cards at `packed`: inclusion and exclusion over its subsets.
  template <int A>
  EQUITY_ALWAYS_INLINE std::int64_t disjoint(StudPacked packed, unsigned threshold) const {
    static_assert(B == 0 || A <= Most || Most == B - 1);
    if constexpr (B == 0) {
      return value_[0] < threshold;
    } else {
      const auto index = stud_subset_indices<A, B>(packed);
      std::int64_t n = counted_;
      stud_for_each_subset<A>([&](auto m) {
        constexpr int j = std::popcount(m.value);
        constexpr std::int64_t sign = j % 2 == 0 ? 1 : -1;
        if constexpr (j <= Most)
          n += sign * sets_[start_[j] + index[m.value]];
        else if constexpr (j == B)
          n += sign * (value_[index[m.value]] < threshold);
      });
      return n;
    }
  }

 private:
  const std::uint16_t* value_;  // the second player's values by colex index (filtered out: 0xffff)
  std::array<std::size_t, kStudMaxToCome + 1> start_{};
  std::vector<Count> sets_;
  std::int64_t counted_ = 0;
};

// The counters a sweep of completions of A cards against B keeps.
template <int A, int B>
using StudSweepCounters = StudCounters<B, (A < B ? A : (B > 0 ? B - 1 : 0))>;

// The colex index of the completion of K positions at `packed`.
template <int K>
std::uint32_t stud_colex(StudPacked packed) {
  std::uint32_t index = 0;
  for (int i = 0; i < K; ++i) index += kStudChoose[stud_position(packed, i)][static_cast<std::size_t>(i) + 1];
  return index;
}

// The first player's completions mine[begin, end) (value groups whole) against the second's.
template <int A, int B>
StudSweepSums stud_sweep_range(const std::vector<StudEntry>& mine, std::size_t begin, std::size_t end,
                               const std::vector<StudEntry>& theirs, const std::uint16_t* their_value, int n,
                               const StudSweepOut& out) {
  StudSweepCounters<A, B> counters(n, their_value);
  StudSweepSums sums;
  std::vector<std::int64_t> lower;
  std::size_t j = 0;
  for (std::size_t i = begin; i < end;) {
    if (out.cancel && out.cancel->load(std::memory_order_relaxed)) throw Cancelled();
    const unsigned v = mine[i].value();
    std::size_t group_end = i;
    while (group_end < end && mine[group_end].value() == v) ++group_end;
    while (j < theirs.size() && theirs[j].value() < v) counters.add(theirs[j++].packed());
    lower.resize(group_end - i);
    for (std::size_t k = i; k < group_end; ++k) lower[k - i] = counters.template disjoint<A>(mine[k].packed(), v);
    const std::size_t equal_from = j;
    while (j < theirs.size() && theirs[j].value() == v) counters.add(theirs[j++].packed());
    const bool equals = j != equal_from;  // else nothing ties: not above is below
    const std::uint64_t wins_before = sums.wins, ties_before = sums.ties + sums.zero_ties;
    // The tests of out.wins and out.no_low once a group, not once a completion.
    const auto group = [&]<bool Write, bool NoLow>() {
      for (std::size_t k = i; k < group_end; ++k) {
        const auto below = static_cast<std::uint64_t>(lower[k - i]);
        const auto not_above =
            equals ? static_cast<std::uint64_t>(counters.template disjoint<A>(mine[k].packed(), v + 1)) : below;
        sums.wins += below;
        (v == 0 ? sums.zero_ties : sums.ties) += not_above - below;
        sums.not_above += not_above;
        if constexpr (NoLow) sums.not_above_no_low += mine[k].low() == 0 ? not_above : 0;
        if constexpr (Write) {
          const std::uint32_t index = stud_colex<A>(mine[k].packed());
          out.wins[index] = below;
          out.ties[index] = not_above - below;
        }
      }
    };
    if (out.wins && out.no_low)
      group.template operator()<true, true>();
    else if (out.wins)
      group.template operator()<true, false>();
    else if (out.no_low)
      group.template operator()<false, true>();
    else
      group.template operator()<false, false>();
    if (out.category) {  // one category a value: the group's
      sums.category_wins[out.category[v]] += sums.wins - wins_before;
      sums.category_ties[out.category[v]] += sums.ties + sums.zero_ties - ties_before;
    }
    i = group_end;
  }
  return sums;
}

// mine[begin, end) cut in at most `parts` ranges of whole value groups, of equal work when a query
// costs `query` and each range first adds the other player's completions below it, `add` a
// completion of mine's (theirs' adds over mine's size): range p's work, query x its length + add x
// its end, is the same for every p when the ends are at (1 + r + .. + r^(p-1)) / (1 + r + .. +
// r^(parts-1)) of the way, r = query / (query + add); with no adds, at p / parts. A range whose
// length would be under kStudLeastRangeShare of the first's is not cut: it would add theirs again
// to save almost nothing (the known player's sweep against an unseen one's counted sets: one range).
constexpr double kStudLeastRangeShare = 0.05;
std::vector<std::size_t> stud_cuts(const std::vector<StudEntry>& mine, std::size_t begin, std::size_t end,
                                   std::size_t parts, double query = 1, double add = 0) {
  const double r = query / (query + add);
  while (parts > 1 && std::pow(r, static_cast<double>(parts - 1)) < kStudLeastRangeShare) --parts;
  std::vector<double> sum(parts + 1, 0);  // sum[p] = 1 + r + .. + r^(p-1)
  for (std::size_t p = 1; p <= parts; ++p) sum[p] = sum[p - 1] + std::pow(r, static_cast<double>(p - 1));
  std::vector<std::size_t> cut = {begin};
  for (std::size_t p = 1; p < parts; ++p) {
    const auto share = static_cast<std::size_t>(static_cast<double>(end - begin) * sum[p] / sum[parts]);
    std::size_t at = std::max(cut.back(), begin + std::min(share, end - begin));
    while (at > begin && at < end && mine[at].value() == mine[at - 1].value()) ++at;
    cut.push_back(at);
  }
  cut.push_back(end);
  return cut;
}

// The size of the first player's first value group when its sums are cheaper counted from the
// rest (stud_first_group()), else 0: the first player's completions all there (the sums over all
// of them are known), the second's none below it, and querying the rest once costs less than
// the group's queries (twice where the second player has completions of its value). Stud Hi/Lo's
// low: the completions without a low, most of them against a player of six cards to come.
template <int A>
std::size_t stud_first_group(const std::vector<StudEntry>& mine, const std::vector<StudEntry>& theirs, int n,
                             const StudSweepOut& out) {
  if (out.wins || out.category || out.no_low || mine.empty() ||
      mine.size() != kStudChoose[static_cast<std::size_t>(n)][A])
    return 0;
  const unsigned v = mine[0].value();
  if (!theirs.empty() && theirs[0].value() < v) return 0;
  std::size_t group = 0;
  while (group < mine.size() && mine[group].value() == v) ++group;
  const std::size_t queries = !theirs.empty() && theirs[0].value() == v ? 2 * group : group;
  return queries > mine.size() - group ? group : 0;
}

// The first value group's sums (of `group` completions, value v), none below it: each completion
// X's not above is N(X), the second player's completions of value v sharing no card with X. Summed
// over all the first player's completions N counts each of those `equal` completions C(n - B, A)
// times (the completions its cards leave), so the group's sum is that less the rest's sum of N,
// counted against those completions alone, in `parts` ranges.
template <int A, int B>
StudSweepSums stud_first_group_sums(const std::vector<StudEntry>& mine, std::size_t group,
                                    const std::vector<StudEntry>& theirs, const std::uint16_t* their_value, int n,
                                    std::size_t parts, const StudSweepOut& out) {
  const unsigned v = mine[0].value();
  std::size_t equal = 0;
  while (equal < theirs.size() && theirs[equal].value() == v) ++equal;
  const std::vector<std::size_t> cut = stud_cuts(mine, group, mine.size(), parts);
  std::vector<std::int64_t> rest(cut.size() - 1, 0);
  parallel_for(std::size_t{0}, rest.size(), [&](std::size_t p) {
    StudSweepCounters<A, B> counters(n, their_value);
    for (std::size_t j = 0; j < equal; ++j) counters.add(theirs[j].packed());
    for (std::size_t k = cut[p]; k < cut[p + 1]; ++k) {
      if ((k & 4095) == 0 && out.cancel && out.cancel->load(std::memory_order_relaxed)) throw Cancelled();
      rest[p] += counters.template disjoint<A>(mine[k].packed(), v + 1);
    }
  });
  std::uint64_t ties = equal * std::uint64_t{kStudChoose[static_cast<std::size_t>(n - B)][A]};
  for (std::int64_t r : rest) ties -= static_cast<std::uint64_t>(r);
  StudSweepSums sums;
  (v == 0 ? sums.zero_ties : sums.ties) = ties;
  sums.not_above = ties;
  return sums;
}

// The whole sweep, in `parts` ranges of the first player's value groups (each range counts the
// second player's completions below it afresh: the sums are the same however split), the first
// group from the rest where that is cheaper.
template <int A, int B>
StudSweepSums stud_sweep_sorted(const std::vector<StudEntry>& mine, const std::vector<StudEntry>& theirs,
                                const std::uint16_t* their_value, int n, std::size_t parts, const StudSweepOut& out) {
  const std::size_t first = stud_first_group<A>(mine, theirs, n, out);
  StudSweepSums total;
  if (first > 0) total = stud_first_group_sums<A, B>(mine, first, theirs, their_value, n, parts, out);
  // A query reads about 2^A counters, an add writes 2^B, a range after the first adds theirs again.
  const double adds =
      mine.size() > first ? static_cast<double>(theirs.size()) / static_cast<double>(mine.size() - first) : 0.0;
  const std::vector<std::size_t> cut =
      stud_cuts(mine, first, mine.size(), parts, static_cast<double>(1u << A), static_cast<double>(1u << B) * adds);
  std::vector<StudSweepSums> sums(cut.size() - 1);
  parallel_for(std::size_t{0}, sums.size(), [&](std::size_t p) {
    sums[p] = stud_sweep_range<A, B>(mine, cut[p], cut[p + 1], theirs, their_value, n, out);
  });
  for (const auto& s : sums) total += s;
  return total;
}

// The first player's completions of a cards against the second's of b, whose sets are counted
// (`more`: up to kStudMaxToCome, else kStudSweepFewer: the scoops' rows).
void check_sizes(int a, int b, bool more = false) {
  const bool fits = a >= 0 && a <= kStudMaxToCome && b >= 0 && b <= (more ? kStudMaxToCome : kStudSweepFewer);
  if (!fits)
    throw std::invalid_argument("the stud sweep: " + std::to_string(a) + " cards to come against " + std::to_string(b) +
                                " (at most " + std::to_string(kStudMaxToCome) + " against " +
                                std::to_string(kStudSweepFewer) + ", or the other way round)");
}

}  // namespace

StudSweepSums stud_sweep_sorted(int a, int b, const std::vector<StudEntry>& mine, const std::vector<StudEntry>& theirs,
                                const std::uint16_t* their_value, int n, std::size_t parts, const StudSweepOut& out) {
  check_sizes(a, b, true);
  const auto sweep = [&](auto ka, auto kb) {
    return stud_sweep_sorted<decltype(ka)::value, decltype(kb)::value>(mine, theirs, their_value, n, parts, out);
  };
  if (b > kStudSweepFewer)  // the other player's sets counted: his down cards not known (five or six to come)
    return stud_with_size<kStudMaxToCome>(a, [&](auto ka) {
      return b == kStudMaxToCome ? sweep(ka, std::integral_constant<int, kStudMaxToCome>{})
                                 : sweep(ka, std::integral_constant<int, kStudMaxToCome - 1>{});
    });
  return stud_with_size<kStudMaxToCome>(
      a, [&](auto ka) { return stud_with_size<kStudSweepFewer>(b, [&](auto kb) { return sweep(ka, kb); }); });
}

std::uint64_t stud_scoops(int a, int b, const std::vector<StudEntry>& mine, const std::vector<StudEntry>& theirs,
                          const std::uint16_t* their_high, const std::uint16_t* their_low, int n,
                          const std::atomic<bool>* cancel) {
  check_sizes(a, b);
  return stud_with_size<kStudMaxToCome>(a, [&](auto ka) {
    return stud_with_size<kStudSweepFewer>(b, [&](auto kb) {
      return stud_scoops<decltype(ka)::value, decltype(kb)::value>(mine, theirs, their_high, their_low, n, cancel);
    });
  });
}

}  // namespace equity::detail
