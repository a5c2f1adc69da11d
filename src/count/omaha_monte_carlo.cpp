// Omaha's Monte Carlo (omaha_equity.hpp): chunks of trials from their own random streams, added
// in chunk order, in rounds until a stopping rule holds.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include "count/omaha_equity.hpp"
#include "count/standard_error.hpp"
#include "detail/parallel.hpp"
#include "detail/rng.hpp"
#include "equity/error.hpp"
#include "equity/stopwatch.hpp"

namespace equity {
namespace {

using detail::Rng;

// A chunk's counts, and per player the sum of the squared pot shares (in units) of its trials.
struct ChunkTally {
  OmahaTally tally;
  std::vector<double> squares;
  std::uint64_t rejected = 0;
};

// A player who draws a hand from a listed range: uniformly, or by weight.
struct Drawer {
  std::size_t player = 0;
  const std::vector<OmahaCombo>* hands = nullptr;
  std::vector<double> cumulative;  // empty: every weight is 1

  CardSet draw(Rng& rng) const {
    if (cumulative.empty()) return (*hands)[rng.below(static_cast<std::uint32_t>(hands->size()))].cards;
    const double x = rng.unit() * cumulative.back();
    const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), x);
    return (*hands)[std::min<std::size_t>(static_cast<std::size_t>(it - cumulative.begin()), hands->size() - 1)].cards;
  }
};

class Dealer {
 public:
  explicit Dealer(const OmahaPrepared& prep) : prep_(prep), n_(prep.players()) {
    for (std::uint64_t bits = (CardSet::full() - prep.known).bits(); bits; bits &= bits - 1)
      deck_[static_cast<std::size_t>(deck_size_++)] = bits & (~bits + 1);
    for (std::size_t p = 0; p < n_; ++p) {
      if (prep.random[p]) {
        dealt_.push_back(p);
      } else if (prep.combos[p].size() == 1 && prep.known.intersects(prep.combos[p][0].cards)) {
        fixed_[p] = prep.combos[p][0].cards;  // a specific hand
      } else {
        Drawer d{p, &prep.combos[p], {}};
        double total = 0;
        bool weighted = false;
        for (const auto& c : prep.combos[p]) {
          total += c.weight;
          d.cumulative.push_back(total);
          weighted |= c.weight != 1.0;
        }
        if (!weighted) d.cumulative.clear();
        drawers_.push_back(std::move(d));
      }
    }
  }

  // The cards a trial deals from: the deck less the known cards, one bit each, in some order.
  using Deck = std::array<std::uint64_t, kCards>;
  const Deck& deck() const { return deck_; }
  // The specific hands, the same every trial.
  void place_fixed(std::array<CardSet, kMaxPlayers>& holes) const {
    for (std::size_t p = 0; p < n_; ++p)
      if (!fixed_[p].empty()) holes[p] = fixed_[p];
  }

  // One trial's hole cards of the drawn and dealt players, and its board; false when two drawn
  // hands shared a card (then redraw). `deck` holds deck()'s cards in any order (each trial
  // leaves them shuffled differently): the cards are taken by a partial Fisher-Yates shuffle,
  // uniform whatever the order it starts from, skipping the cards of the drawn hands.
  bool deal(Rng& rng, std::array<CardSet, kMaxPlayers>& holes, CardSet& board, Deck& deck) const {
    std::uint64_t drawn = 0;
    for (const auto& d : drawers_) {
      const std::uint64_t hand = d.draw(rng).bits();
      if (hand & drawn) return false;
      drawn |= hand;
      holes[d.player] = CardSet(hand);
    }
    const auto size = static_cast<std::uint32_t>(deck_size_);
    std::uint32_t next = 0;
    auto take = [&] {
      for (;;) {
        const std::uint32_t j = next + rng.below(size - next);
        const std::uint64_t card = deck[j];
        deck[j] = deck[next];
        deck[next++] = card;
        if (!(card & drawn)) return card;
      }
    };
    for (std::size_t p : dealt_) {
      std::uint64_t hand = 0;
      for (int i = 0; i < prep_.hole_cards; ++i) hand |= take();
      holes[p] = CardSet(hand);
    }
    std::uint64_t cards = prep_.board.bits();
    for (int i = 0; i < prep_.cards_to_come; ++i) cards |= take();
    board = CardSet(cards);
    return true;
  }

 private:
  const OmahaPrepared& prep_;
  std::size_t n_;
  Deck deck_{};
  int deck_size_ = 0;
  std::array<CardSet, kMaxPlayers> fixed_{};
  std::vector<Drawer> drawers_;
  std::vector<std::size_t> dealt_;
};

// The category of each HandRank.
constexpr std::array<std::uint8_t, kHandRanks> kCategoryOf = [] {
  std::array<std::uint8_t, kHandRanks> c{};
  for (int r = 0; r < kHandRanks; ++r)
    c[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(category_of(static_cast<HandRank>(r)));
  return c;
}();

// Up to this many players a chunk counts its trials by who won the high and the low (2^(2n)
// counters), turned into counts once at its end; more players score each trial.
constexpr std::size_t kMaxTalliedPlayers = 5;

// A chunk of trials: each deal's board prepared once (OmahaBoard) and every hand scored on it;
// no allocation but the chunk's counters.
void run_chunk(const OmahaPrepared& prep, const Dealer& dealer, std::uint64_t seed, std::uint64_t chunk,
               std::uint64_t size, ChunkTally& out) {
  const std::size_t n = prep.players();
  const bool hi_lo = prep.hi_lo;
  const auto& tables = detail::omaha_tables();
  Rng rng(seed, chunk);
  out.tally = OmahaTally(n);
  out.squares.assign(n, 0.0);
  OmahaCounts& counts = out.tally.counts;
  const bool tallied = n <= kMaxTalliedPlayers;
  std::vector<std::uint64_t> outcomes(tallied ? std::size_t{1} << (2 * n) : 0);
  Dealer::Deck deck = dealer.deck();
  std::array<CardSet, kMaxPlayers> holes{};
  dealer.place_fixed(holes);
  std::array<HandRank, kMaxPlayers> highs{};
  std::array<LowRank, kMaxPlayers> lows{};
  const std::uint64_t max_rejected = 10'000 * kMonteCarloChunk;
  for (std::uint64_t t = 0; t < size; ++t) {
    CardSet board;
    while (!dealer.deal(rng, holes, board, deck))
      if (++out.rejected > max_rejected)
        throw InputError("the ranges almost never fit together: over " + std::to_string(max_rejected) +
                         " deals redrawn for shared cards in one chunk");
    const OmahaBoard scorer(detail::board_row(board.bits(), tables), board, tables);
    for (std::size_t p = 0; p < n; ++p) {
      highs[p] = scorer.high(holes[p]);
      lows[p] = hi_lo ? scorer.low(holes[p]) : kNoLow;
    }
    const OmahaWinners w = omaha_winners(highs.data(), lows.data(), n, hi_lo);
    const bool alone = std::has_single_bit(w.high);
    for (std::size_t p = 0; p < n; ++p) {
      const std::size_t category = kCategoryOf[highs[p]];
      const bool best = (w.high >> p) & 1u;
      counts.players[p].categories[category] += 1;
      counts.players[p].lows += lows[p] != kNoLow;
      counts.players[p].category_wins[category] += best && alone;
      counts.players[p].category_ties[category] += best && !alone;
    }
    if (tallied) {
      outcomes[w.high | w.low << n] += 1;
    } else {
      std::array<std::uint64_t, kMaxPlayers> before{};
      for (std::size_t p = 0; p < n; ++p) before[p] = counts.players[p].pot_units;
      add_omaha_outcome(w, 1, counts);
      for (std::size_t p = 0; p < n; ++p) {
        const auto won = static_cast<double>(counts.players[p].pot_units - before[p]);
        out.squares[p] += won * won;
      }
    }
  }
  // The outcomes counted: each one's pot shares once, for the counts and the squares.
  OmahaCounts one;
  one.players.resize(n);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (outcomes[i] == 0) continue;
    const OmahaWinners w{static_cast<unsigned>(i & ((1u << n) - 1)), static_cast<unsigned>(i >> n)};
    add_omaha_outcome(w, outcomes[i], counts);
    for (auto& c : one.players) c.pot_units = 0;
    add_omaha_outcome(w, 1, one);
    for (std::size_t p = 0; p < n; ++p) {
      const auto won = static_cast<double>(one.players[p].pot_units);
      out.squares[p] += won * won * static_cast<double>(outcomes[i]);
    }
  }
  // Every trial weighs 1.
  out.tally.weight = static_cast<double>(counts.showdowns);
  for (std::size_t p = 0; p < n; ++p) {
    out.tally.weighted_wins[p] = static_cast<double>(counts.players[p].parts[0].wins);
    out.tally.weighted_ties[p] = static_cast<double>(counts.players[p].parts[0].ties);
    out.tally.weighted_units[p] = static_cast<double>(counts.players[p].pot_units);
  }
}

// The standard error of player p's equity: the sample variance of the pot share of a trial.
double standard_error(const OmahaTally& t, const std::vector<double>& squares, std::size_t p) {
  const double unit = static_cast<double>(kPotUnits);
  return detail::standard_error_of_mean(static_cast<double>(t.counts.players[p].pot_units) / unit,
                                        squares[p] / (unit * unit), static_cast<double>(t.counts.showdowns));
}

constexpr std::uint64_t kMinTrialsForStderr = 10'000;

}  // namespace

OmahaMonteCarloResult omaha_monte_carlo(const OmahaPrepared& prep, const MonteCarloOptions& options) {
  const Stopwatch clock;
  check_stopping_rules(options);
  if (options.cancel && options.cancel->load()) throw Cancelled();
  const std::size_t n = prep.players();
  const Dealer dealer(prep);
  OmahaMonteCarloResult result;
  result.seed = options.seed;
  result.tally = OmahaTally(n);
  std::vector<double> squares(n, 0.0);
  const std::uint64_t max_trials = options.max_trials ? options.max_trials : kMaxTrials;
  const std::uint64_t chunk_limit = (max_trials + kMonteCarloChunk - 1) / kMonteCarloChunk;
  std::uint64_t next_chunk = 0;
  double worst = 1.0;
  auto cancelled = [&] { return options.cancel && options.cancel->load(std::memory_order_relaxed); };
  std::vector<ChunkTally> tallies;
  for (int round = 0;; ++round) {
    // A growing round, cut short near the trials the target needs and near the deadline.
    std::uint64_t count = std::min<std::uint64_t>(std::uint64_t{4} << std::min(round, 6), 256);
    const std::uint64_t trials = result.tally.counts.showdowns;
    if (options.target_stderr > 0 && trials >= kMinTrialsForStderr) {
      const double ratio = worst / options.target_stderr;
      const double chunks =
          std::ceil(static_cast<double>(trials) * (ratio * ratio * 1.02 - 1) / static_cast<double>(kMonteCarloChunk));
      if (chunks < static_cast<double>(count)) count = static_cast<std::uint64_t>(std::max(1.0, chunks));
    }
    if (options.max_seconds > 0 && trials > 0) {
      const double rate = static_cast<double>(next_chunk) / std::max(clock.seconds(), 1e-6);
      count = std::min<std::uint64_t>(
          count, static_cast<std::uint64_t>(std::max(1.0, rate * (options.max_seconds - clock.seconds()))));
    }
    count = std::min(count, chunk_limit - next_chunk);
    tallies.assign(count, ChunkTally{});
    detail::parallel_for(std::uint64_t{0}, count, [&](std::uint64_t i) {
      if (cancelled()) {
        tallies[i].tally = OmahaTally(n);
        tallies[i].squares.assign(n, 0.0);
        return;
      }
      const std::uint64_t chunk = next_chunk + i;
      const std::uint64_t size = std::min(kMonteCarloChunk, max_trials - chunk * kMonteCarloChunk);
      run_chunk(prep, dealer, options.seed, chunk, size, tallies[i]);
    });
    for (const auto& t : tallies) {  // in chunk order: the same sums on any thread count
      result.tally += t.tally;
      result.rejected += t.rejected;
      for (std::size_t p = 0; p < n; ++p) squares[p] += t.squares[p];
    }
    next_chunk += count;
    worst = 0;
    for (std::size_t p = 0; p < n; ++p) worst = std::max(worst, standard_error(result.tally, squares, p));
    if (cancelled()) {
      result.stopped_by = "cancelled";
      break;
    }
    if (options.progress) options.progress(result.tally.counts.showdowns, worst);
    if (options.target_stderr > 0 && result.tally.counts.showdowns >= kMinTrialsForStderr &&
        worst < options.target_stderr) {
      result.stopped_by = "stderr";
      break;
    }
    if (next_chunk >= chunk_limit) {
      result.stopped_by = "trials";
      break;
    }
    if (options.max_seconds > 0 && clock.seconds() >= options.max_seconds) {
      result.stopped_by = "time";
      break;
    }
  }
  result.trials = result.tally.counts.showdowns;
  if (result.trials == 0) throw Cancelled();
  for (std::size_t p = 0; p < n; ++p) result.standard_error.push_back(standard_error(result.tally, squares, p));
  result.seconds = clock.seconds();
  return result;
}

}  // namespace equity
