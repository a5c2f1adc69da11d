// The draw games' evaluators: ./equity_benchmarks --benchmark_filter='Draw'
// items/s = hands a second on one core; "signature" is the sum of the values, which changes only
// when a value does.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "equity/calculate.hpp"
#include "equity/draw_evaluator.hpp"

using namespace equity;

namespace {

// 65,536 random hands of `size` distinct cards.
std::vector<CardSet> random_hands(int size, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<CardSet> hands(1 << 16);
  for (auto& h : hands)
    while (h.size() < size) h.insert(Card(static_cast<int>(rng() % kCards)));
  return hands;
}

std::vector<Hand> as_hands(const std::vector<CardSet>& sets) {
  std::vector<Hand> hands;
  for (CardSet s : sets) hands.push_back(Hand(s));
  return hands;
}

template <class Value, class Hands>
void random_hands_bench(benchmark::State& state, const Hands& hands, Value value) {
  std::uint64_t sum = 0;
  for (auto _ : state) {
    sum = 0;
    for (const auto& h : hands) sum += value(h);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
  state.counters["signature"] = static_cast<double>(sum);
}

// Five-card draw's high: Hold'em's evaluate() of five cards.
void BM_DrawHighRandomFiveCardHands(benchmark::State& state) {
  random_hands_bench(state, as_hands(random_hands(5, 5)), [](Hand h) { return evaluate(h); });
}
BENCHMARK(BM_DrawHighRandomFiveCardHands);

void BM_DrawDeuceSevenRandomFiveCardHands(benchmark::State& state) {
  random_hands_bench(state, as_hands(random_hands(5, 5)), [](Hand h) { return deuce_seven_value(h); });
}
BENCHMARK(BM_DrawDeuceSevenRandomFiveCardHands);

// The same from card masks (the Hand summed from the mask's bits each time).
void BM_DrawDeuceSevenRandomFiveCardSets(benchmark::State& state) {
  random_hands_bench(state, random_hands(5, 5), [](CardSet h) { return deuce_seven_value(h); });
}
BENCHMARK(BM_DrawDeuceSevenRandomFiveCardSets);

// razz_value() of five cards.
void BM_DrawAceFiveRandomFiveCardSets(benchmark::State& state) {
  random_hands_bench(state, random_hands(5, 5), [](CardSet h) { return razz_value(h); });
}
BENCHMARK(BM_DrawAceFiveRandomFiveCardSets);

void BM_DrawBadugiRandomFourCardSets(benchmark::State& state) {
  random_hands_bench(state, random_hands(4, 4), [](CardSet h) { return badugi_value(h); });
}
BENCHMARK(BM_DrawBadugiRandomFourCardSets);

// Badeucy's and badacey's badugi: the best of five cards.
void BM_DrawBadugiRandomFiveCardSets(benchmark::State& state) {
  random_hands_bench(state, random_hands(5, 5), [](CardSet h) { return badugi_value_five(h); });
}
BENCHMARK(BM_DrawBadugiRandomFiveCardSets);

// Every hand in order, a card added per loop level: all 2,598,960 five-card hands for 2-7.
void BM_DrawDeuceSevenAllFiveCardHands(benchmark::State& state) {
  std::uint64_t sum = 0;
  for (auto _ : state) {
    sum = 0;
    const auto& h = kCardHands;
    for (std::size_t a = 0; a < 52; ++a)
      for (std::size_t b = a + 1; b < 52; ++b)
        for (std::size_t c = b + 1; c < 52; ++c) {
          const Hand abc = h[a] + h[b] + h[c];
          for (std::size_t d = c + 1; d < 52; ++d) {
            const Hand abcd = abc + h[d];
            for (std::size_t e = d + 1; e < 52; ++e) sum += deuce_seven_value(abcd + h[e]);
          }
        }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * 2'598'960);
  state.counters["signature"] = static_cast<double>(sum);
}
BENCHMARK(BM_DrawDeuceSevenAllFiveCardHands)->Unit(benchmark::kMillisecond);

// All 270,725 four-card hands for badugi.
void BM_DrawBadugiAllFourCardHands(benchmark::State& state) {
  std::uint64_t sum = 0;
  for (auto _ : state) {
    sum = 0;
    for (int a = 0; a < 52; ++a)
      for (int b = a + 1; b < 52; ++b)
        for (int c = b + 1; c < 52; ++c) {
          const CardSet abc = to_set(Card(a)) | to_set(Card(b)) | to_set(Card(c));
          for (int d = c + 1; d < 52; ++d) sum += badugi_value(abc | to_set(Card(d)));
        }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * 270'725);
  state.counters["signature"] = static_cast<double>(sum);
}
BENCHMARK(BM_DrawBadugiAllFourCardHands)->Unit(benchmark::kMillisecond);

}  // namespace

// ---- The games' questions (issue 40's targets: heads-up at most 5 ms, three-way at most 100 ms) ----

namespace {

void draw_question(benchmark::State& state, Game game, std::vector<std::string> players, std::string dead, int draws) {
  Question q;
  q.game = game;
  q.players = std::move(players);
  q.dead = std::move(dead);
  q.draws = draws;
  if (draws > 1) q.seed = 1, q.max_trials = 200'000;
  std::uint64_t showdowns = 0;
  for (auto _ : state) {
    const Answer a = calculate(q);
    showdowns = a.method == Method::exact ? a.showdowns() : a.trials;
    benchmark::DoNotOptimize(a.players[0].equity);
  }
  state.counters["deals"] = static_cast<double>(showdowns);
}

// The example: a two-card draw against a one-card draw, discards known: 34,440 deals.
void BM_DrawLastDrawHeadsUp(benchmark::State& state) {
  draw_question(state, Game::deuce7_triple, {"8h6d4s3c/1", "9s7c5h/2"}, "KhKdQc", 1);
}
BENCHMARK(BM_DrawLastDrawHeadsUp)->Unit(benchmark::kMillisecond)->UseRealTime();

// Three players, two of them drawing two: 25,520,040 deals walked.
void BM_DrawLastDrawThreeWay(benchmark::State& state) {
  draw_question(state, Game::deuce7_triple, {"8h6d4s3c/1", "9s7c5h/2", "7d6c3h/2"}, "", 1);
}
BENCHMARK(BM_DrawLastDrawThreeWay)->Unit(benchmark::kMillisecond)->UseRealTime();

// Badeucy heads-up, walked (its halves are not swept).
void BM_DrawLastDrawBadeucyHeadsUp(benchmark::State& state) {
  draw_question(state, Game::badeucy, {"7h5d4s2c/1", "8s6c3h/2"}, "", 1);
}
BENCHMARK(BM_DrawLastDrawBadeucyHeadsUp)->Unit(benchmark::kMillisecond)->UseRealTime();

// Three draws to come under the drawing rule: 200,000 trials.
void BM_DrawThreeDrawsSampled(benchmark::State& state) {
  draw_question(state, Game::badugi, {"4h3d2s/1", "7s5c3h/1"}, "", 3);
}
BENCHMARK(BM_DrawThreeDrawsSampled)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
