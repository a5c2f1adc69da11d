#include "equity/range_equity.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <numeric>
#include <string>

#include "count/board_walk.hpp"
#include "detail/parallel.hpp"
#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/ranking.hpp"

namespace equity {

namespace {

constexpr std::uint64_t combo_bits(const WeightedCombo& c) { return c.cards[0].bit() | c.cards[1].bit(); }

// Signed-free accumulator of one block of assignments.
struct Accumulator {
  std::uint64_t assignments = 0, orbits = 0;
  double total_weight = 0;
  std::array<RangePlayerCounts, kMaxPlayers> players{};
  std::vector<SidePotCounts> side_pots;  // as ExactOptions::side_pots asked
};

// Adds one assignment's side pot shares, m times, weighted by wm.
void add_orbit(std::vector<SidePotCounts>& to, const EnumerationResult& e, std::uint64_t m, double wm) {
  to.resize(e.side_share.size());
  for (std::size_t l = 0; l < to.size(); ++l)
    for (std::size_t p = 0; p < kMaxPlayers; ++p) {
      to[l].share[p] += m * e.side_share[l][p];
      to[l].weighted_share[p] += wm * static_cast<double>(e.side_share[l][p]);
    }
}

SidePotCounts& operator+=(SidePotCounts& a, const SidePotCounts& b) {
  for (std::size_t p = 0; p < kMaxPlayers; ++p) {
    a.share[p] += b.share[p];
    a.weighted_share[p] += b.weighted_share[p];
  }
  return a;
}

// Adds one assignment's counts, m times (its orbit), weighted by wm (m times its weight).
void add_orbit(RangePlayerCounts& to, const PlayerCounts& e, std::uint64_t m, double wm) {
  to.wins += m * e.wins;
  to.ties += m * e.ties;
  to.losses += m * e.losses;
  to.share += m * e.share;
  to.weighted_wins += wm * static_cast<double>(e.wins);
  to.weighted_ties += wm * static_cast<double>(e.ties);
  to.weighted_losses += wm * static_cast<double>(e.losses);
  to.weighted_share += wm * static_cast<double>(e.share);
}

// Every board of one deal evaluated one by one, with the categories of the players' hands.
template <class Ranking>
void walk_with_categories(const Deal& deal, Ranking ranking, std::array<RangePlayerCounts, kMaxPlayers>& out,
                          std::uint64_t multiplier) {
  const detail::BoardWalk walk(deal, ranking);
  const int n = walk.players();
  walk.visit(-1, [&](const std::array<HandRank, kMaxPlayers>& value) {
    const HandRank best = *std::max_element(value.begin(), value.begin() + n);
    const auto winners = std::count(value.begin(), value.begin() + n, best);
    for (int p = 0; p < n; ++p) {
      auto& pc = out[static_cast<std::size_t>(p)];
      const auto cat = static_cast<std::size_t>(ranking.category(value[static_cast<std::size_t>(p)]));
      pc.category[cat] += multiplier;
      if (value[static_cast<std::size_t>(p)] != best) continue;
      if (winners == 1)
        pc.category_wins[cat] += multiplier;
      else
        pc.category_ties[cat] += multiplier;
    }
  });
}

// The most combo assignments (up to suit symmetry) exact enumeration takes on: about 2 GB.
constexpr double kMaxAssignments = 1e7;

// Upper bound on the number of assignments (product of combo counts), saturating.
double assignment_bound(const PreparedDeal& prep) {
  double product = 1;
  for (const auto& list : prep.combos) product *= static_cast<double>(list.size());
  return product;
}

std::uint64_t boards_per_assignment(const PreparedDeal& prep) {
  const int left = kCards - prep.known.size() - 2 * static_cast<int>(prep.combos.size());
  return choose(left, prep.cards_to_come);
}

void check_cancel(const std::atomic<bool>* cancel) {
  if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
}

// The assignments to enumerate are held in memory, with an accumulator for every 16 (about 220
// bytes each): past kMaxAssignments they would not fit (three random hands on a turn are about
// 1.4 billion, and took every byte before failing), and would take days anyway. Refused at once.
bool counts_fit(double assignments, std::uint64_t boards) {
  return assignments * static_cast<double>(boards) * static_cast<double>(kShareUnit) <= 1.8e19;
}

void check_size(const PreparedDeal& prep, std::uint64_t boards, std::size_t symmetries) {
  if (!counts_fit(assignment_bound(prep), boards))
    throw InputError("too many showdowns to count exactly in 64 bits; use --mc");
  const double orbit_bound = assignment_bound(prep) / static_cast<double>(symmetries);
  if (orbit_bound > kMaxAssignments)
    throw InputError(
        "about " + std::to_string(static_cast<std::uint64_t>(orbit_bound / 1e6)) +
        " million combo assignments to enumerate (up to suit symmetry), more than exact enumeration holds (" +
        std::to_string(static_cast<std::uint64_t>(kMaxAssignments / 1e6)) + " million); use --mc");
}

// An orbit representative: an assignment (as combo indices) that no symmetry makes smaller.
struct Representative {
  std::array<std::int16_t, kMaxPlayers> index{};     // combo index per player
  std::array<std::int16_t, kMaxPlayers> position{};  // position in the player's combo list
  std::uint32_t orbit = 1;
};

// The depth-first search for the orbit representatives, over the symmetries as combo maps.
class RepresentativeSearch {
 public:
  RepresentativeSearch(const PreparedDeal& prep, const std::vector<SuitMap>& symmetries)
      : prep_(prep), n_(prep.combos.size()), mapped_(symmetries.size()) {
    // Only the combos the players hold are ever looked up.
    for (std::size_t s = 0; s < symmetries.size(); ++s)
      for (const auto& list : prep.combos)
        for (const auto& c : list)
          mapped_[s][static_cast<std::size_t>(c.index)] = static_cast<std::int16_t>(map_combo(c.index, symmetries[s]));
  }
  std::vector<Representative> run() {
    search(0, prep_.known.bits());
    return std::move(reps_);
  }

 private:
  void search(std::size_t p, std::uint64_t used) {
    if (p == n_) return keep_if_smallest();
    const auto& list = prep_.combos[p];
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::uint64_t bits = combo_bits(list[i]);
      if (bits & used) continue;
      cur_.index[p] = static_cast<std::int16_t>(list[i].index);
      cur_.position[p] = static_cast<std::int16_t>(i);
      search(p + 1, used | bits);
    }
  }
  // Keeps the current assignment when no symmetry maps it to a smaller one, with its orbit's size.
  void keep_if_smallest() {
    int stabilizer = 0;
    for (const auto& map : mapped_) {
      int cmp = 0;
      for (std::size_t q = 0; q < n_ && cmp == 0; ++q) {
        const auto image = map[static_cast<std::size_t>(cur_.index[q])];
        cmp = image < cur_.index[q] ? -1 : image > cur_.index[q] ? 1 : 0;
      }
      if (cmp < 0) return;
      stabilizer += cmp == 0;
    }
    cur_.orbit = static_cast<std::uint32_t>(static_cast<int>(mapped_.size()) / stabilizer);
    reps_.push_back(cur_);
  }

  const PreparedDeal& prep_;
  std::size_t n_;
  std::vector<std::array<std::int16_t, kCombos>> mapped_;
  Representative cur_;
  std::vector<Representative> reps_;
};

// The weights' binary exponents (std::frexp), per player and combo list position.
std::vector<std::vector<int>> weight_exponents(const PreparedDeal& prep) {
  std::vector<std::vector<int>> out(prep.combos.size());
  for (std::size_t p = 0; p < prep.combos.size(); ++p)
    for (const auto& c : prep.combos[p]) {
      int exponent = 0;
      (void)std::frexp(c.weight, &exponent);
      out[p].push_back(exponent);
    }
  return out;
}

// The power of two by which every assignment's product of combo weights is scaled: 0 unless the
// largest product would fall below 2^-960, where products of small weights underflow to 0
// (AKs:1e-200 against QQ:1e-200 gave 0 / 0). Scaling every product alike leaves the equity, a
// ratio, unchanged; the largest product becomes about 1.
int weight_shift(const PreparedDeal& prep, const std::vector<Representative>& reps) {
  if (!prep.weighted) return 0;
  const auto exponents = weight_exponents(prep);
  int most = std::numeric_limits<int>::min();
  for (const auto& rep : reps) {
    int sum = 0;
    for (std::size_t p = 0; p < exponents.size(); ++p) sum += exponents[p][static_cast<std::size_t>(rep.position[p])];
    most = std::max(most, sum);
  }
  return most < -960 ? -most : 0;
}

// Fixed blocks of representatives, one accumulator each (summed in block order by the caller).
constexpr std::size_t kBlock = 16;

// Counts the representatives of block `blk` into acc; every weight product is scaled by 2^shift.
void run_block(const PreparedDeal& prep, const std::vector<Representative>& reps, std::size_t blk,
               const ExactOptions& options, int shift, Accumulator& acc) {
  const std::size_t n = prep.combos.size();
  Deal d;
  d.board = prep.board;
  d.dead = prep.dead;
  d.game = prep.game;
  d.hands.resize(n);
  for (std::size_t j = blk * kBlock; j < std::min(reps.size(), (blk + 1) * kBlock); ++j) {
    const auto& rep = reps[j];
    // The product of the weights as mantissas (each in [0.5, 1), so no underflow) and a sum of
    // exponents: the same double as the plain product when that does not underflow.
    double weight = 1;
    int exponent = shift;
    for (std::size_t p = 0; p < n; ++p) {
      const auto& c = prep.combos[p][static_cast<std::size_t>(rep.position[p])];
      d.hands[p] = {c.cards[0], c.cards[1]};
      int e = 0;
      weight *= std::frexp(c.weight, &e);
      exponent += e;
    }
    weight = std::ldexp(weight, exponent);
    const std::uint64_t m = rep.orbit;
    const double wm = weight * static_cast<double>(m);
    const EnumerationResult e =
        options.walk_every_board ? walk_boards(d, options.side_pots) : enumerate(d, options.side_pots);
    for (std::size_t p = 0; p < n; ++p) add_orbit(acc.players[p], e.players[p], m, wm);
    if (options.side_pots.count > 0) add_orbit(acc.side_pots, e, m, wm);
    if (options.by_category)
      with_ranking(d.game, [&](auto ranking) { walk_with_categories(d, ranking, acc.players, m); });
    acc.assignments += m;
    acc.total_weight += wm;
    ++acc.orbits;
  }
}

// Runs every block in parallel (one block, a few hands, runs here: starting oneTBB's scheduler
// would cost more than the work), checking the cancellation flag before each and reporting
// progress after the first block, then at most every 250 ms.
std::vector<Accumulator> run_blocks(const PreparedDeal& prep, const std::vector<Representative>& reps,
                                    const ExactOptions& options) {
  const std::size_t blocks = (reps.size() + kBlock - 1) / kBlock;
  const int shift = weight_shift(prep, reps);
  std::vector<Accumulator> partial(blocks);
  std::atomic<std::size_t> done{0};
  std::mutex progress_mutex;
  std::chrono::steady_clock::time_point last_report{};
  const auto run = [&](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t blk = r.begin(); blk < r.end(); ++blk) {
      check_cancel(options.cancel);
      run_block(prep, reps, blk, options, shift, partial[blk]);
      const std::size_t finished = ++done;
      if (!options.progress || !progress_mutex.try_lock()) continue;
      const std::lock_guard lock(progress_mutex, std::adopt_lock);
      const auto now = std::chrono::steady_clock::now();
      if (now - last_report > std::chrono::milliseconds(250)) {
        last_report = now;
        options.progress(static_cast<double>(finished) / static_cast<double>(blocks));
      }
    }
  };
  if (blocks <= 1) {
    run(tbb::blocked_range<std::size_t>(0, blocks, 1));
  } else {
    detail::parallel_for(tbb::blocked_range<std::size_t>(0, blocks, 1), run);
    // Inside a parallel loop being cancelled (another task threw), blocks were skipped: no answer.
    // (Asked only here: asking starts oneTBB's scheduler, which one block never needs.)
    if (tbb::is_current_task_group_canceling()) throw Cancelled();
  }
  check_cancel(options.cancel);
  return partial;
}

}  // namespace

RangePlayerCounts& RangePlayerCounts::operator+=(const RangePlayerCounts& o) {
  wins += o.wins;
  ties += o.ties;
  losses += o.losses;
  share += o.share;
  weighted_wins += o.weighted_wins;
  weighted_ties += o.weighted_ties;
  weighted_losses += o.weighted_losses;
  weighted_share += o.weighted_share;
  for (std::size_t c = 0; c < static_cast<std::size_t>(kCategories); ++c) {
    category[c] += o.category[c];
    category_wins[c] += o.category_wins[c];
    category_ties[c] += o.category_ties[c];
  }
  return *this;
}

double RangeEquityResult::share_of_pot(std::uint64_t share, double weighted_share) const {
  if (boards == 0 || assignments == 0) return 0.0;
  // Weighted sums round: a player who wins every showdown could come out a hair above 1 (fuzzing
  // found 1.0000000000000002); the true value lies in [0, 1].
  if (weighted)
    return std::clamp(weighted_share / (static_cast<double>(kShareUnit) * total_weight * static_cast<double>(boards)),
                      0.0, 1.0);
  return static_cast<double>(share) /
         (static_cast<double>(kShareUnit) * static_cast<double>(assignments) * static_cast<double>(boards));
}

double RangeEquityResult::equity(std::size_t p) const {
  return share_of_pot(players[p].share, players[p].weighted_share);
}

double RangeEquityResult::side_pot_equity(std::size_t l, std::size_t p) const {
  return share_of_pot(side_pots[l].share[p], side_pots[l].weighted_share[p]);
}

EQUITY_QUESTION_PATH bool exact_enumeration_fits(double assignments, std::uint64_t boards, std::size_t symmetries) {
  return counts_fit(assignments, boards) && assignments / static_cast<double>(symmetries) <= kMaxAssignments;
}

RangeEquityResult enumerate_ranges(const RangeDeal& deal, const ExactOptions& options) {
  const PreparedDeal prep = prepare(deal);
  return enumerate_ranges(prep, options.use_symmetry ? suit_symmetries(deal) : std::vector<SuitMap>{{0, 1, 2, 3}},
                          options);
}

RangeEquityResult enumerate_ranges(const PreparedDeal& prep, const std::vector<SuitMap>& symmetries,
                                   const ExactOptions& options) {
  const std::size_t n = prep.combos.size();
  const std::uint64_t boards = boards_per_assignment(prep);
  check_size(prep, boards, symmetries.size());
  check_cancel(options.cancel);
  const std::vector<Representative> reps = RepresentativeSearch(prep, symmetries).run();
  const std::vector<Accumulator> partial = run_blocks(prep, reps, options);

  RangeEquityResult result;
  result.boards = boards;
  result.weighted = prep.weighted;
  result.symmetries = static_cast<int>(symmetries.size());
  result.players.resize(n);
  for (const auto& list : prep.combos) result.combos.push_back(list.size());
  result.side_pots.resize(static_cast<std::size_t>(options.side_pots.count));
  for (const auto& acc : partial) {
    result.assignments += acc.assignments;
    result.orbits += acc.orbits;
    result.total_weight += acc.total_weight;
    for (std::size_t p = 0; p < n; ++p) result.players[p] += acc.players[p];
    for (std::size_t l = 0; l < acc.side_pots.size(); ++l) result.side_pots[l] += acc.side_pots[l];
  }
  return result;
}

}  // namespace equity
