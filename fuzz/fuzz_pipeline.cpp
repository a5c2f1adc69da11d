// The whole pipeline: 2-4 ranges, a board and dead cards parsed as the command line parses them,
// then exact enumeration (small questions) or Monte Carlo with a tiny budget. The answer's counts
// and equities must hold together: wins + ties + losses = showdowns for every player, the pot
// shares add up to the showdowns, and every equity is finite, in [0, 1], summing to 1.
//
// Input: a first byte (players 2 + b % 3; bit 2: Monte Carlo even when exact is small; the rest
// seeds Monte Carlo), then fields separated by '|': the ranges, the board, the dead cards.
#include <tbb/global_control.h>

#include <cmath>
#include <random>
#include <vector>

#include "count/monte_carlo.hpp"
#include "equity/error.hpp"
#include "equity/range_equity.hpp"
#include "fuzz_support.hpp"

using namespace equity;

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  for (;;) {
    const auto at = text.find(separator);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + 1);
  }
}

void check_equities(const std::vector<double>& equities) {
  double sum = 0;
  for (double e : equities) {
    FUZZ_CHECK(std::isfinite(e));
    FUZZ_CHECK(e >= 0 && e <= 1);
    sum += e;
  }
  FUZZ_CHECK(std::abs(sum - 1) < 1e-9);
}

void run_exact(const RangeDeal& deal) {
  const RangeEquityResult r = enumerate_ranges(deal);
  std::uint64_t shares = 0;
  std::vector<double> equities;
  for (std::size_t p = 0; p < r.players.size(); ++p) {
    const auto& c = r.players[p];
    FUZZ_CHECK(c.wins + c.ties + c.losses == r.showdowns());
    shares += c.share;
    equities.push_back(r.equity(p));
  }
  FUZZ_CHECK(shares == r.showdowns() * kShareUnit);
  check_equities(equities);
}

// Monte Carlo redraws a deal whose players share a card and gives up only after 41 million
// redraws in a chunk (half a minute under the sanitizers, a timeout here): questions whose ranges
// rarely fit together are left out. At least one of 64 deals drawn by weight must fit.
bool often_fit(const PreparedDeal& prep) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 64; ++trial) {
    std::uint64_t used = prep.known.bits();
    bool fits = true;
    for (const auto& list : prep.combos) {
      double total = 0;
      for (const auto& c : list) total += c.weight;
      double x = std::uniform_real_distribution<double>(0, total)(rng);
      std::size_t i = 0;
      while (i + 1 < list.size() && x >= list[i].weight) x -= list[i++].weight;
      const std::uint64_t bits = list[i].cards[0].bit() | list[i].cards[1].bit();
      fits = fits && (bits & used) == 0;
      used |= bits;
    }
    if (fits) return true;
  }
  return false;
}

void run_monte_carlo(const RangeDeal& deal, std::uint64_t seed) {
  MonteCarloOptions options;
  options.seed = seed;
  options.max_trials = kMonteCarloChunk;
  const MonteCarloResult r = monte_carlo(deal, options);
  std::uint64_t shares = 0;
  std::vector<double> equities;
  for (const auto& p : r.players) {
    FUZZ_CHECK(p.wins + p.ties + p.losses == r.trials);
    shares += p.share;
    equities.push_back(p.equity);
  }
  FUZZ_CHECK(r.trials > 0);
  FUZZ_CHECK(shares == r.trials * kShareUnit);
  check_equities(equities);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
  if (size < 1 || size > 1024) return 0;
  const std::size_t players = 2 + data[0] % 3;
  const bool force_monte_carlo = (data[0] >> 2) & 1;
  const auto fields = split(fuzz::text_of(data + 1, size - 1), '|');
  if (fields.size() < players) return 0;
  RangeDeal deal;
  try {
    for (std::size_t p = 0; p < players; ++p)
      deal.ranges.push_back(Range::parse(fields[p], "player " + std::to_string(p + 1)));
    if (fields.size() > players) deal.board = parse_cards(fields[players], "board");
    if (fields.size() > players + 1) deal.dead = parse_cards(fields[players + 1], "dead cards");
    const PreparedDeal prep = prepare(deal);
    double assignments = 1;
    for (const auto& list : prep.combos) assignments *= static_cast<double>(list.size());
    if (!force_monte_carlo && assignments <= 16)
      run_exact(deal);
    else if (often_fit(prep))
      run_monte_carlo(deal, data[0] >> 3);
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
