// Stud family micro-benchmarks: ./equity_benchmarks --benchmark_filter=Stud
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "count/stud_monte_carlo.hpp"
#include "equity/low_evaluator.hpp"
#include "equity/stud_equity.hpp"

using namespace equity;

namespace {

// The exact heads-up count of third street (each player's three cards known, four to come:
// 163,185 completions a side, 1.8 x 10^10 pairs), on every core. Wall time.
void stud_third_street(benchmark::State& state, StudGame game, const char* first, const char* second) {
  const StudDeal deal{game, {parse_cards(first), parse_cards(second)}, {}};
  for (auto _ : state) benchmark::DoNotOptimize(stud_exact(deal));
  state.SetLabel(std::string(stud_game_name(game)) + " " + first + " vs " + second);
}
void BM_StudThirdStreet(benchmark::State& state) { stud_third_street(state, StudGame::stud, "AsKsQd", "7c7h2d"); }
void BM_StudRazzThirdStreet(benchmark::State& state) { stud_third_street(state, StudGame::razz, "As2d3c", "4h5s6d"); }
void BM_StudHiLoThirdStreet(benchmark::State& state) {
  stud_third_street(state, StudGame::stud_hilo, "As2s3d", "KcKdQh");
}
BENCHMARK(BM_StudThirdStreet)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_StudRazzThirdStreet)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_StudHiLoThirdStreet)->Unit(benchmark::kMillisecond)->UseRealTime();

// Heads-up on third street, exact, one player's down cards not known (his up card alone: six cards
// to come against four, C(48,6) C(42,4) = 1.4 x 10^12 showdowns): the sweep queries his 12.3
// million completions against the other's sets of cards. Wall time, every core.
void stud_hidden_third_street(benchmark::State& state, StudGame game, const char* hidden, const char* known,
                              bool by_category = false) {
  const StudDeal deal{game, {parse_cards(hidden), parse_cards(known)}, {}};
  StudExactOptions options;
  options.by_category = by_category;
  for (auto _ : state) benchmark::DoNotOptimize(stud_exact(deal, options));
  state.SetLabel(std::string(stud_game_name(game)) + " (?\?)" + hidden + " vs " + known +
                 (by_category ? " by category" : ""));
}
void BM_StudHiddenThirdStreet(benchmark::State& state) {
  stud_hidden_third_street(state, StudGame::stud, "Jh", "AsKsQd");
}
void BM_StudRazzHiddenThirdStreet(benchmark::State& state) {
  stud_hidden_third_street(state, StudGame::razz, "Jh", "AsKsQd");
}
void BM_StudHiLoHiddenThirdStreet(benchmark::State& state) {
  stud_hidden_third_street(state, StudGame::stud_hilo, "Jh", "AsKsQd");
}
// With the outcomes by category: the high's sweep again from the known side, the unseen player's
// sets of up to four cards counted.
void BM_StudHiddenThirdStreetByCategory(benchmark::State& state) {
  stud_hidden_third_street(state, StudGame::stud, "Jh", "AsKsQd", true);
}
// Both players' down cards not known (six to come each, C(50,6) C(44,6) = 1.1 x 10^14 showdowns):
// one's sets of up to five cards counted (2.4 million counters) against the other's queries.
void BM_StudBothHiddenThirdStreet(benchmark::State& state) {
  const StudDeal deal{StudGame::stud, {parse_cards("Qd"), parse_cards("8h")}, {}};
  for (auto _ : state) benchmark::DoNotOptimize(stud_exact(deal));
  state.SetLabel("stud (?\?)Qd vs (?\?)8h");
}
BENCHMARK(BM_StudHiddenThirdStreet)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK(BM_StudBothHiddenThirdStreet)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK(BM_StudHiddenThirdStreetByCategory)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK(BM_StudRazzHiddenThirdStreet)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK(BM_StudHiLoHiddenThirdStreet)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// Monte Carlo of four players on third street to a standard error of 0.0005 (every player's), on
// every core. Wall time; the label gives the trials.
void stud_monte_carlo_four(benchmark::State& state, StudGame game) {
  const StudDeal deal{
      game, {parse_cards("AsKsQd"), parse_cards("7c7d8h"), parse_cards("JhTh9c"), parse_cards("2c3c4s")}, {}};
  MonteCarloOptions options;
  options.target_stderr = 0.0005;
  std::uint64_t trials = 0;
  for (auto _ : state) trials = stud_monte_carlo(deal, options).counts.showdowns;
  state.SetLabel(std::string(stud_game_name(game)) + " AsKsQd 7c7d8h JhTh9c 2c3c4s: " + std::to_string(trials) +
                 " trials");
}
void BM_StudMonteCarloFour(benchmark::State& state) { stud_monte_carlo_four(state, StudGame::stud); }
void BM_StudRazzMonteCarloFour(benchmark::State& state) { stud_monte_carlo_four(state, StudGame::razz); }
void BM_StudHiLoMonteCarloFour(benchmark::State& state) { stud_monte_carlo_four(state, StudGame::stud_hilo); }
BENCHMARK(BM_StudMonteCarloFour)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_StudRazzMonteCarloFour)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_StudHiLoMonteCarloFour)->Unit(benchmark::kMillisecond)->UseRealTime();

// razz_value() and eight_or_better() of random seven-card hands; items/s = hands a second.
std::vector<CardSet> random_sevens() {
  std::mt19937_64 rng(36);
  std::vector<CardSet> hands(1 << 16);
  for (auto& h : hands) {
    while (h.size() < 7) h.insert(Card(static_cast<int>(rng() % kCards)));
  }
  return hands;
}
void BM_StudRazzValue(benchmark::State& state) {
  const auto hands = random_sevens();
  for (auto _ : state) {
    unsigned sum = 0;
    for (CardSet h : hands) sum += razz_value(h);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
void BM_StudEightOrBetter(benchmark::State& state) {
  const auto hands = random_sevens();
  for (auto _ : state) {
    unsigned sum = 0;
    for (CardSet h : hands) sum += eight_or_better(h);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(BM_StudRazzValue);
BENCHMARK(BM_StudEightOrBetter);

}  // namespace
