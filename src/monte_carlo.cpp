#include "equity/monte_carlo.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "equity/error.hpp"
#include "equity/showdown.hpp"

namespace equity {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// xoshiro256**: small, fast, and good enough for equity estimates.
class Rng {
public:
  Rng(std::uint64_t seed, std::uint64_t stream) {
    std::uint64_t sm = seed ^ (stream * 0xd1342543de82ef95ULL + 0x632be59bd9b4e019ULL);
    for (auto& s : s_) s = splitmix64(sm);
  }
  std::uint64_t next() {
    const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
  }
  // 32 random bits: each 64-bit output serves two draws (a trial draws about seven numbers).
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
  std::array<std::uint64_t, 4> s_{};
  std::uint32_t spare_ = 0;
  bool spare_left_ = false;
};

// One player's combos, drawn in proportion to their weights.
struct Sampler {
  std::vector<std::uint64_t> bits;
  std::vector<Hand> hands;
  std::vector<double> cumulative;  // empty when every weight is 1
  double total = 0;

  std::uint32_t draw(Rng& rng) const {
    if (cumulative.empty()) return rng.below(static_cast<std::uint32_t>(bits.size()));
    const double u = rng.unit() * total;
    const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), u);
    return static_cast<std::uint32_t>(std::min<std::ptrdiff_t>(it - cumulative.begin(), static_cast<std::ptrdiff_t>(bits.size()) - 1));
  }
};

struct ChunkTally {
  std::uint64_t trials = 0, rejected = 0;
  // won_with[p][w]: trials in which player p had the best hand together with w - 1 others.
  std::array<std::array<std::uint64_t, kMaxPlayers + 1>, kMaxPlayers> won_with{};
  std::array<std::array<std::uint64_t, kCategories>, kMaxPlayers> category{}, category_wins{}, category_ties{};
};

}  // namespace

MonteCarloResult monte_carlo(const RangeDeal& deal, const MonteCarloOptions& options) {
  if (options.target_stderr <= 0 && options.max_trials == 0 && options.max_seconds <= 0)
    throw InputError("Monte Carlo needs a stopping rule: a standard error, a number of trials or a time");
  const auto start = std::chrono::steady_clock::now();
  const PreparedDeal prep = prepare(deal);
  const std::size_t n = prep.combos.size();
  const int k = prep.cards_to_come;
  const Hand board(prep.board);
  const std::uint64_t known = prep.known.bits();

  std::vector<Sampler> samplers(n);
  for (std::size_t p = 0; p < n; ++p) {
    auto& s = samplers[p];
    for (const auto& c : prep.combos[p]) {
      s.bits.push_back(c.cards[0].bit() | c.cards[1].bit());
      s.hands.push_back(kCardHands[static_cast<std::size_t>(c.cards[0].id())] + kCardHands[static_cast<std::size_t>(c.cards[1].id())]);
      s.total += c.weight;
      s.cumulative.push_back(s.total);
    }
    if (!deal.ranges[p].weighted()) s.cumulative.clear();
  }

  // Guard against ranges that almost never fit together (prepare() has shown that they can).
  const std::uint64_t max_rejections_per_chunk = 10'000 * kMonteCarloChunk;

  // Deals the k board cards not in `used` onto `full`. Candidate cards are the base-52 digits of a
  // uniform number below 52^5 < 2^32, so one 32-bit draw gives five independent uniform cards,
  // usually the whole board; a candidate already used is skipped.
  const auto deal_board = [k](Rng& rng, std::uint64_t used, Hand& full) {
    constexpr std::uint32_t kFiveCards = 52u * 52u * 52u * 52u * 52u;
    for (int dealt = 0; dealt < k;) {
      std::uint32_t digits = rng.below(kFiveCards);
      for (int d = 0; d < 5 && dealt < k; ++d) {
        const Hand card = kCardHands[digits % kCards];
        digits /= kCards;
        if (card.mask() & used) continue;
        used |= card.mask();
        full += card;
        ++dealt;
      }
    }
  };

  // Heads-up without categories, the common case, in a loop of its own: the tally stays in
  // registers and the outcome is counted without branches. It deals exactly what run_chunk deals.
  auto run_heads_up_chunk = [&](std::uint64_t chunk, std::uint64_t size, ChunkTally& t) {
    Rng rng(options.seed, chunk);
    const Sampler& first = samplers[0];
    const Sampler& second = samplers[1];
    std::uint64_t first_wins = 0, second_wins = 0, splits = 0;
    for (std::uint64_t trial = 0; trial < size; ++trial) {
      std::uint64_t used;
      Hand first_hole, second_hole;
      for (;;) {
        const auto i = first.draw(rng), j = second.draw(rng);
        const std::uint64_t a = first.bits[i], b = second.bits[j];
        if (((a | b) & known) == 0 && (a & b) == 0) {
          used = known | a | b;
          first_hole = first.hands[i];
          second_hole = second.hands[j];
          break;
        }
        if (++t.rejected > max_rejections_per_chunk)
          throw InputError("the ranges almost never fit together without sharing a card; Monte Carlo gives up");
      }
      Hand full = board;
      deal_board(rng, used, full);
      const HandRank v0 = evaluate(full + first_hole), v1 = evaluate(full + second_hole);
      first_wins += v0 > v1;
      second_wins += v1 > v0;
      splits += v0 == v1;
    }
    t.won_with[0][1] += first_wins;
    t.won_with[1][1] += second_wins;
    t.won_with[0][2] += splits;
    t.won_with[1][2] += splits;
    t.trials += size;
  };

  auto run_chunk = [&]<bool kByCategory>(std::uint64_t chunk, std::uint64_t size, ChunkTally& t) {
    Rng rng(options.seed, chunk);
    std::array<Hand, kMaxPlayers> hole{};
    std::array<HandRank, kMaxPlayers> value{};
    std::array<std::uint32_t, kMaxPlayers> drawn{};
    for (std::uint64_t trial = 0; trial < size; ++trial) {
      std::uint64_t used;
      for (;;) {
        // Every player's combo is drawn before any is checked, as in the heads-up loop, so that a
        // seed gives the same deals with and without categories.
        for (std::size_t p = 0; p < n; ++p) drawn[p] = samplers[p].draw(rng);
        used = known;
        bool fits = true;
        for (std::size_t p = 0; p < n; ++p) {
          const std::uint64_t b = samplers[p].bits[drawn[p]];
          fits &= (b & used) == 0;
          used |= b;
          hole[p] = samplers[p].hands[drawn[p]];
        }
        if (fits) break;
        if (++t.rejected > max_rejections_per_chunk)
          throw InputError("the ranges almost never fit together without sharing a card; Monte Carlo gives up");
      }
      Hand full = board;
      deal_board(rng, used, full);
      HandRank best = 0;
      for (std::size_t p = 0; p < n; ++p) {
        value[p] = evaluate(full + hole[p]);
        if (compare(value[p], best) == Outcome::Win) best = value[p];
      }
      std::size_t winners = 0;
      for (std::size_t p = 0; p < n; ++p) winners += compare(value[p], best) == Outcome::Split;
      for (std::size_t p = 0; p < n; ++p) t.won_with[p][winners] += compare(value[p], best) == Outcome::Split;
      if constexpr (kByCategory) {
        for (std::size_t p = 0; p < n; ++p) {
          const auto cat = static_cast<std::size_t>(category_of(value[p]));
          ++t.category[p][cat];
          if (value[p] != best) continue;
          ++(winners == 1 ? t.category_wins : t.category_ties)[p][cat];
        }
      }
    }
    t.trials += size;
  };

  MonteCarloResult result;
  result.seed = options.seed;
  for (const auto& list : prep.combos) result.combos.push_back(list.size());
  ChunkTally total;
  auto& won_with = total.won_with;
  // A trial's pot share, in units of 1/kShareUnit, when the best hand is shared by w players.
  const auto split = [](std::size_t w) { return kShareUnit / w; };
  const auto share_of = [&](std::size_t p) {
    std::uint64_t s = 0;
    for (std::size_t w = 1; w <= n; ++w) s += won_with[p][w] * split(w);
    return s;
  };
  const std::uint64_t chunk_limit =
      options.max_trials ? (options.max_trials + kMonteCarloChunk - 1) / kMonteCarloChunk : ~std::uint64_t{0};
  std::uint64_t next_chunk = 0;
  int round = 0;
  std::vector<ChunkTally> tallies;  // one per chunk of a round, kept across rounds
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  auto stderr_of = [&](std::size_t p) {
    const double trials = static_cast<double>(total.trials);
    if (total.trials < 2) return 1.0;
    const double unit = static_cast<double>(kShareUnit);
    double mean = 0, mean_sq = 0;  // of the share, in pots
    for (std::size_t w = 1; w <= n; ++w) {
      const double count = static_cast<double>(won_with[p][w]), s = static_cast<double>(split(w)) / unit;
      mean += count * s;
      mean_sq += count * s * s;
    }
    mean /= trials;
    mean_sq /= trials;
    const double variance = std::max(0.0, mean_sq - mean * mean) * trials / (trials - 1);
    return std::sqrt(variance / trials);
  };

  for (;;) {
    std::uint64_t count = std::min<std::uint64_t>(std::uint64_t{8} << std::min(round, 5), 256);
    if (options.max_seconds > 0 && total.trials > 0) {
      // Size the round to end near the deadline.
      const double rate = static_cast<double>(next_chunk) / std::max(elapsed(), 1e-6);
      const double left = options.max_seconds - elapsed();
      count = std::min<std::uint64_t>(count, static_cast<std::uint64_t>(std::max(1.0, rate * left)));
    }
    count = std::min(count, chunk_limit - next_chunk);
    tallies.assign(count, ChunkTally{});
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, count, 1), [&](const tbb::blocked_range<std::uint64_t>& r) {
      for (std::uint64_t i = r.begin(); i < r.end(); ++i) {
        const std::uint64_t chunk = next_chunk + i;
        const std::uint64_t size =
            options.max_trials ? std::min(kMonteCarloChunk, options.max_trials - chunk * kMonteCarloChunk) : kMonteCarloChunk;
        if (options.by_category) run_chunk.template operator()<true>(chunk, size, tallies[i]);
        else if (n == 2) run_heads_up_chunk(chunk, size, tallies[i]);
        else run_chunk.template operator()<false>(chunk, size, tallies[i]);
      }
    });
    for (const auto& t : tallies) {
      total.trials += t.trials;
      total.rejected += t.rejected;
      for (std::size_t p = 0; p < n; ++p) {
        for (std::size_t w = 1; w <= n; ++w) won_with[p][w] += t.won_with[p][w];
        for (std::size_t c = 0; c < static_cast<std::size_t>(kCategories); ++c) {
          total.category[p][c] += t.category[p][c];
          total.category_wins[p][c] += t.category_wins[p][c];
          total.category_ties[p][c] += t.category_ties[p][c];
        }
      }
    }
    next_chunk += count;
    ++round;
    double worst = 0;
    for (std::size_t p = 0; p < n; ++p) worst = std::max(worst, stderr_of(p));
    if (options.progress) options.progress(total.trials, worst);
    if (options.target_stderr > 0 && total.trials >= 10'000 && worst < options.target_stderr) {
      result.stopped_by = "stderr";
      break;
    }
    if (next_chunk >= chunk_limit) {
      result.stopped_by = "trials";
      break;
    }
    if (options.max_seconds > 0 && elapsed() >= options.max_seconds) {
      result.stopped_by = "time";
      break;
    }
  }

  result.trials = total.trials;
  result.rejected = total.rejected;
  result.players.resize(n);
  for (std::size_t p = 0; p < n; ++p) {
    auto& mp = result.players[p];
    mp.wins = won_with[p][1];
    for (std::size_t w = 2; w <= n; ++w) mp.ties += won_with[p][w];
    mp.losses = total.trials - mp.wins - mp.ties;
    mp.share = share_of(p);
    mp.equity = static_cast<double>(mp.share) / (static_cast<double>(kShareUnit) * static_cast<double>(total.trials));
    mp.standard_error = stderr_of(p);
    mp.low = std::max(0.0, mp.equity - 1.96 * mp.standard_error);
    mp.high = std::min(1.0, mp.equity + 1.96 * mp.standard_error);
    mp.category = total.category[p];
    mp.category_wins = total.category_wins[p];
    mp.category_ties = total.category_ties[p];
  }
  result.seconds = elapsed();
  return result;
}

}  // namespace equity
