#include "equity/range_equity.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <numeric>
#include <string>

#include "equity/detail/board_walk.hpp"
#include "equity/error.hpp"

namespace equity {

namespace {

std::string player_name(std::size_t p) { return "player " + std::to_string(p + 1); }

constexpr std::uint64_t combo_bits(const WeightedCombo& c) { return c.cards[0].bit() | c.cards[1].bit(); }

// Depth-first search for one assignment without a shared card; gives up (returns true) after
// `budget` nodes so that a pathological question cannot hang here.
bool has_assignment(const std::vector<std::vector<WeightedCombo>>& combos, std::size_t p, std::uint64_t used,
                    std::uint64_t& budget) {
  if (p == combos.size()) return true;
  for (const auto& c : combos[p]) {
    if (budget == 0) return true;
    --budget;
    if ((combo_bits(c) & used) == 0 && has_assignment(combos, p + 1, used | combo_bits(c), budget)) return true;
  }
  return false;
}

using SuitMap = std::array<int, kSuits>;

Card map_card(Card c, const SuitMap& m) { return Card(c.rank(), m[static_cast<std::size_t>(c.suit())]); }

int map_combo(int index, const SuitMap& m) {
  const auto cards = combo_cards(index);
  return combo_index(map_card(cards[0], m), map_card(cards[1], m));
}

CardSet map_set(const std::vector<Card>& cards, const SuitMap& m) {
  CardSet s;
  for (Card c : cards) s.insert(map_card(c, m));
  return s;
}

CardSet set_of(const std::vector<Card>& cards) {
  CardSet s;
  for (Card c : cards) s.insert(c);
  return s;
}

// Signed-free accumulator of one block of assignments.
struct Accumulator {
  std::uint64_t assignments = 0, orbits = 0;
  double total_weight = 0;
  std::array<RangePlayerCounts, kMaxPlayers> players{};
};

// Every board of one deal evaluated one by one, with the categories of the players' hands.
void walk_with_categories(const Deal& deal, std::array<RangePlayerCounts, kMaxPlayers>& out, std::uint64_t multiplier) {
  const detail::BoardWalk walk(deal);
  const int n = walk.players();
  walk.visit(-1, [&](const std::array<HandRank, kMaxPlayers>& value) {
    const HandRank best = *std::max_element(value.begin(), value.begin() + n);
    const auto winners = std::count(value.begin(), value.begin() + n, best);
    for (int p = 0; p < n; ++p) {
      auto& pc = out[static_cast<std::size_t>(p)];
      const auto cat = static_cast<std::size_t>(category_of(value[static_cast<std::size_t>(p)]));
      pc.category[cat] += multiplier;
      if (value[static_cast<std::size_t>(p)] != best) continue;
      if (winners == 1) pc.category_wins[cat] += multiplier;
      else pc.category_ties[cat] += multiplier;
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
template <class Representatives>
int weight_shift(const PreparedDeal& prep, const Representatives& reps) {
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

}  // namespace

PreparedDeal prepare(const RangeDeal& deal) {
  const std::size_t n = deal.ranges.size();
  if (n < 2) throw InputError("need at least 2 players, got " + std::to_string(n));
  if (n > static_cast<std::size_t>(kMaxPlayers))
    throw InputError("at most " + std::to_string(kMaxPlayers) + " players, got " + std::to_string(n));
  const std::size_t b = deal.board.size();
  if (b == 1 || b == 2 || b > 5)
    throw InputError("board has " + std::to_string(b) + " cards; it must have 0, 3, 4 or 5");

  PreparedDeal prep;
  prep.board = deal.board;
  prep.dead = deal.dead;
  prep.cards_to_come = 5 - static_cast<int>(b);
  auto add = [&](CardSet& seen, Card c, const std::string& where) {
    if (seen.contains(c)) throw InputError("card " + c.str() + " appears twice (again in " + where + ")");
    seen.insert(c);
  };
  for (Card c : deal.board) add(prep.known, c, "board");
  for (Card c : deal.dead) add(prep.known, c, "dead cards");

  // Specific hands are removed from everybody else's range.
  CardSet specific;
  std::vector<CardSet> own(n);
  for (std::size_t p = 0; p < n; ++p) {
    if (!deal.ranges[p].specific()) continue;
    const auto cards = deal.ranges[p].combos().front().cards;
    for (Card c : cards) {
      if (prep.known.contains(c)) throw InputError("card " + c.str() + " of " + player_name(p) + " is also on the board or dead");
      add(specific, c, player_name(p));
      own[p].insert(c);
    }
  }
  prep.combos.resize(n);
  for (std::size_t p = 0; p < n; ++p) {
    prep.combos[p] = deal.ranges[p].combos(prep.known | (specific - own[p]));
    if (prep.combos[p].empty())
      throw InputError(player_name(p) + "'s range \"" + deal.ranges[p].str() +
                       "\" has no combo left once the board, dead cards and other players' hands are removed");
    prep.weighted |= deal.ranges[p].weighted();
  }
  if (kCards - prep.known.size() - 2 * static_cast<int>(n) < prep.cards_to_come)
    throw InputError("not enough cards left in the deck to complete the board");
  std::uint64_t budget = 10'000'000;
  if (!has_assignment(prep.combos, 0, prep.known.bits(), budget))
    throw InputError("the ranges cannot be dealt together: every assignment of combos shares a card");
  return prep;
}

std::vector<std::array<int, kSuits>> suit_symmetries(const RangeDeal& deal) {
  std::vector<SuitMap> out;
  SuitMap m = {0, 1, 2, 3};
  const CardSet board = set_of(deal.board), dead = set_of(deal.dead);
  // A permutation keeps a range when it maps every combo onto one of the same weight; a range's
  // size does not change under it, so the combos it holds are enough to check.
  std::vector<std::vector<WeightedCombo>> held;
  for (const auto& r : deal.ranges) held.push_back(r.combos());
  do {
    if (map_set(deal.board, m) != board || map_set(deal.dead, m) != dead) continue;
    bool keeps = true;
    for (std::size_t p = 0; p < held.size() && keeps; ++p)
      for (const auto& c : held[p])
        if (deal.ranges[p].weight(map_combo(c.index, m)) != c.weight) {
          keeps = false;
          break;
        }
    if (keeps) out.push_back(m);
  } while (std::next_permutation(m.begin(), m.end()));
  return out;  // the identity is the first permutation in lexicographic order
}

double RangeEquityResult::equity(std::size_t p) const {
  if (boards == 0 || assignments == 0) return 0.0;
  if (weighted)
    return players[p].weighted_share / (static_cast<double>(kShareUnit) * total_weight * static_cast<double>(boards));
  return static_cast<double>(players[p].share) /
         (static_cast<double>(kShareUnit) * static_cast<double>(assignments) * static_cast<double>(boards));
}

RangeEquityResult enumerate_ranges(const RangeDeal& deal, const ExactOptions& options) {
  const PreparedDeal prep = prepare(deal);
  const std::size_t n = prep.combos.size();
  const std::uint64_t boards = boards_per_assignment(prep);
  if (assignment_bound(prep) * static_cast<double>(boards) * static_cast<double>(kShareUnit) > 1.8e19)
    throw InputError("too many showdowns to count exactly in 64 bits; use --mc");

  std::vector<SuitMap> symmetries = options.use_symmetry ? suit_symmetries(deal) : std::vector<SuitMap>{{0, 1, 2, 3}};
  // The assignments to enumerate are held in memory, with an accumulator for every 16 (about 220
  // bytes each): past kMaxAssignments they would not fit (three random hands on a turn are about
  // 1.4 billion, and took every byte before failing), and would take days anyway. Refused at once.
  const double orbit_bound = assignment_bound(prep) / static_cast<double>(symmetries.size());
  if (orbit_bound > kMaxAssignments)
    throw InputError("about " + std::to_string(static_cast<std::uint64_t>(orbit_bound / 1e6)) +
                     " million combo assignments to enumerate (up to suit symmetry), more than exact enumeration holds (" +
                     std::to_string(static_cast<std::uint64_t>(kMaxAssignments / 1e6)) + " million); use --mc");
  std::vector<std::array<std::int16_t, kCombos>> mapped(symmetries.size());
  for (std::size_t s = 0; s < symmetries.size(); ++s)
    for (int i = 0; i < kCombos; ++i) mapped[s][static_cast<std::size_t>(i)] = static_cast<std::int16_t>(map_combo(i, symmetries[s]));

  // Orbit representatives: the assignments (as combo indices) that no symmetry makes smaller.
  struct Representative {
    std::array<std::int16_t, kMaxPlayers> index{};    // combo index per player
    std::array<std::int16_t, kMaxPlayers> position{};  // position in the player's combo list
    std::uint32_t orbit = 1;
  };
  std::vector<Representative> reps;
  {
    Representative cur;
    auto rec = [&](auto&& self, std::size_t p, std::uint64_t used) -> void {
      if (p == n) {
        int stabilizer = 0;
        for (const auto& map : mapped) {
          int cmp = 0;
          for (std::size_t q = 0; q < n && cmp == 0; ++q) {
            const auto image = map[static_cast<std::size_t>(cur.index[q])];
            cmp = image < cur.index[q] ? -1 : image > cur.index[q] ? 1 : 0;
          }
          if (cmp < 0) return;
          stabilizer += cmp == 0;
        }
        cur.orbit = static_cast<std::uint32_t>(static_cast<int>(mapped.size()) / stabilizer);
        reps.push_back(cur);
        return;
      }
      const auto& list = prep.combos[p];
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::uint64_t bits = combo_bits(list[i]);
        if (bits & used) continue;
        cur.index[p] = static_cast<std::int16_t>(list[i].index);
        cur.position[p] = static_cast<std::int16_t>(i);
        self(self, p + 1, used | bits);
      }
    };
    rec(rec, 0, prep.known.bits());
  }

  const int shift = weight_shift(prep, reps);

  // Fixed blocks of representatives, one accumulator each, summed in block order.
  constexpr std::size_t kBlock = 16;
  const std::size_t blocks = (reps.size() + kBlock - 1) / kBlock;
  std::vector<Accumulator> partial(blocks);
  std::atomic<std::size_t> done{0};
  std::mutex progress_mutex;
  auto last_report = std::chrono::steady_clock::now();
  const auto run_blocks = [&](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t blk = r.begin(); blk < r.end(); ++blk) {
      Accumulator& acc = partial[blk];
      Deal d;
      d.board = prep.board;
      d.dead = prep.dead;
      d.hands.resize(n);
      for (std::size_t j = blk * kBlock; j < std::min(reps.size(), (blk + 1) * kBlock); ++j) {
        const auto& rep = reps[j];
        // The product of the weights as mantissas (each in [0.5, 1), so no underflow) and a sum
        // of exponents: the same double as the plain product when that does not underflow.
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
        const EnumerationResult e = options.walk_every_board ? walk_boards(d) : enumerate(d);
        for (std::size_t p = 0; p < n; ++p) {
          auto& pc = acc.players[p];
          const auto& ep = e.players[p];
          pc.wins += m * ep.wins;
          pc.ties += m * ep.ties;
          pc.losses += m * ep.losses;
          pc.share += m * ep.share;
          pc.weighted_wins += wm * static_cast<double>(ep.wins);
          pc.weighted_ties += wm * static_cast<double>(ep.ties);
          pc.weighted_losses += wm * static_cast<double>(ep.losses);
          pc.weighted_share += wm * static_cast<double>(ep.share);
        }
        if (options.by_category) walk_with_categories(d, acc.players, m);
        acc.assignments += m;
        acc.total_weight += wm;
        ++acc.orbits;
      }
      const std::size_t finished = ++done;
      if (options.progress && progress_mutex.try_lock()) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last_report > std::chrono::milliseconds(250)) {
          last_report = now;
          options.progress(static_cast<double>(finished) / static_cast<double>(blocks));
        }
        progress_mutex.unlock();
      }
    }
  };
  // One block (a few hands) runs here: starting oneTBB's scheduler would cost more than the work.
  if (blocks <= 1) run_blocks(tbb::blocked_range<std::size_t>(0, blocks, 1));
  else tbb::parallel_for(tbb::blocked_range<std::size_t>(0, blocks, 1), run_blocks);

  RangeEquityResult result;
  result.boards = boards;
  result.weighted = prep.weighted;
  result.symmetries = static_cast<int>(symmetries.size());
  result.players.resize(n);
  for (const auto& list : prep.combos) result.combos.push_back(list.size());
  for (const auto& acc : partial) {
    result.assignments += acc.assignments;
    result.orbits += acc.orbits;
    result.total_weight += acc.total_weight;
    for (std::size_t p = 0; p < n; ++p) {
      auto& to = result.players[p];
      const auto& from = acc.players[p];
      to.wins += from.wins;
      to.ties += from.ties;
      to.losses += from.losses;
      to.share += from.share;
      to.weighted_wins += from.weighted_wins;
      to.weighted_ties += from.weighted_ties;
      to.weighted_losses += from.weighted_losses;
      to.weighted_share += from.weighted_share;
      for (std::size_t c = 0; c < static_cast<std::size_t>(kCategories); ++c) {
        to.category[c] += from.category[c];
        to.category_wins[c] += from.category_wins[c];
        to.category_ties[c] += from.category_ties[c];
      }
    }
  }
  return result;
}

double estimate_exact_seconds(const RangeDeal& deal, int threads, const ExactOptions& options) {
  const PreparedDeal prep = prepare(deal);
  const double bound = assignment_bound(prep);
  const std::uint64_t boards = boards_per_assignment(prep);
  if (bound * static_cast<double>(boards) * static_cast<double>(kShareUnit) > 1.8e19)
    return std::numeric_limits<double>::infinity();
  // One deal of known hands has at most C(48,5) boards, milliseconds by any method: timing a run
  // would cost as much as the answer. 10 ns a board is an upper bound for every walk.
  if (bound <= 1) return static_cast<double>(boards) * 1e-8;
  const double orbits = std::max(1.0, bound / static_cast<double>(suit_symmetries(deal).size()));
  if (orbits > kMaxAssignments) return std::numeric_limits<double>::infinity();  // refused by enumerate_ranges

  // Time one assignment: the first combos that fit together.
  Deal d;
  d.board = prep.board;
  d.dead = prep.dead;
  std::uint64_t used = prep.known.bits();
  for (const auto& list : prep.combos) {
    for (const auto& c : list)
      if ((combo_bits(c) & used) == 0) {
        d.hands.push_back({c.cards[0], c.cards[1]});
        used |= combo_bits(c);
        break;
      }
  }
  if (d.hands.size() != prep.combos.size()) return orbits * 1e-3 / std::max(1, threads);  // rough
  double best = std::numeric_limits<double>::infinity();
  for (int rep = 0; rep < 3; ++rep) {
    const auto start = std::chrono::steady_clock::now();
    if (options.by_category) {
      std::array<RangePlayerCounts, kMaxPlayers> sink{};
      walk_with_categories(d, sink, 1);
    } else if (options.walk_every_board) {
      (void)walk_boards(d);
    } else {
      (void)enumerate(d);
    }
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (best > 0.05) break;
  }
  // Plus the search for orbit representatives, about 20 ns per candidate assignment.
  return orbits * best / std::max(1, threads) + bound * 2e-8;
}

}  // namespace equity
