// Evaluator micro-benchmarks: ./equity_benchmarks --benchmark_filter=Evaluate
#include <benchmark/benchmark.h>

#include <random>

#include "equity/evaluate_rows.hpp"
#include "equity/evaluator.hpp"
#include "equity/shortdeck_evaluator.hpp"

using namespace equity;

namespace {

EQUITY_NOINLINE std::uint64_t sum_last_card(Hand six, std::size_t first) {
  std::uint64_t sum = 0;
  for (std::size_t g = first; g < 52; ++g) sum += evaluate(six + kCardHands[g]);
  return sum;
}

// All 133,784,560 7-card hands, one card added per loop level; items/s = evaluations per second.
void BM_EvaluateAllSevenCardHands(benchmark::State& state) {
  for (auto _ : state) {
    std::uint64_t sum = 0;
    const auto& h = kCardHands;
    for (std::size_t a = 0; a < 52; ++a)
      for (std::size_t b = a + 1; b < 52; ++b)
        for (std::size_t c = b + 1; c < 52; ++c) {
          const Hand hc = h[a] + h[b] + h[c];
          for (std::size_t d = c + 1; d < 52; ++d)
            for (std::size_t e = d + 1; e < 52; ++e) {
              const Hand he = hc + h[d] + h[e];
              for (std::size_t f = e + 1; f < 51; ++f) sum += sum_last_card(he + h[f], f + 1);
            }
        }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * 133'784'560);
}
BENCHMARK(BM_EvaluateAllSevenCardHands)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Random 7-card hands from a precomputed list (no incremental sharing).
void BM_EvaluateRandomSevenCardHands(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::vector<Hand> hands(1 << 16);
  for (auto& hand : hands) {
    std::uint64_t used = 0;
    for (int i = 0; i < 7; ++i) {
      int id;
      do id = static_cast<int>(rng() % 52);
      while (used >> id & 1);
      used |= std::uint64_t{1} << id;
      hand += kCardHands[static_cast<std::size_t>(id)];
    }
  }
  for (auto _ : state) {
    std::uint64_t sum = 0;
    for (const Hand& hand : hands) sum += evaluate(hand);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(BM_EvaluateRandomSevenCardHands);

// Short deck: the same harness as BM_EvaluateRandomSevenCardHands, 7 cards of the 36; the
// argument is the rule set (0 trips beat a straight, 1 a straight beats trips).
void BM_ShortDeckEvaluateRandomSevenCardHands(benchmark::State& state) {
  const ShortDeckTables& tables = shortdeck_tables(static_cast<ShortDeckRules>(state.range(0)));
  std::mt19937_64 rng(1);
  std::vector<Hand> hands(1 << 16);
  for (auto& hand : hands) {
    std::uint64_t used = 0;
    for (int i = 0; i < 7; ++i) {
      int id;
      do id = 16 + static_cast<int>(rng() % 36);
      while (used >> id & 1);
      used |= std::uint64_t{1} << id;
      hand += kCardHands[static_cast<std::size_t>(id)];
    }
  }
  for (auto _ : state) {
    std::uint64_t sum = 0;
    for (const Hand& hand : hands) sum += shortdeck_evaluate(hand, tables);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(BM_ShortDeckEvaluateRandomSevenCardHands)->Arg(0)->Arg(1);

EQUITY_NOINLINE std::uint64_t shortdeck_sum_last_card(Hand six, std::size_t first, const ShortDeckTables& tables) {
  std::uint64_t sum = 0;
  for (std::size_t g = first; g < 52; ++g) sum += shortdeck_evaluate(six + kCardHands[g], tables);
  return sum;
}

// All 8,347,680 short-deck 7-card hands (card ids 16..51), one card added per loop level, as
// BM_EvaluateAllSevenCardHands; trips beat a straight.
void BM_ShortDeckEvaluateAllSevenCardHands(benchmark::State& state) {
  const ShortDeckTables& tables = shortdeck_tables(ShortDeckRules::trips_beat_straight);
  for (auto _ : state) {
    std::uint64_t sum = 0;
    const auto& h = kCardHands;
    for (std::size_t a = 16; a < 52; ++a)
      for (std::size_t b = a + 1; b < 52; ++b)
        for (std::size_t c = b + 1; c < 52; ++c) {
          const Hand hc = h[a] + h[b] + h[c];
          for (std::size_t d = c + 1; d < 52; ++d)
            for (std::size_t e = d + 1; e < 52; ++e) {
              const Hand he = hc + h[d] + h[e];
              for (std::size_t f = e + 1; f < 51; ++f) sum += shortdeck_sum_last_card(he + h[f], f + 1, tables);
            }
        }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * 8'347'680);
}
BENCHMARK(BM_ShortDeckEvaluateAllSevenCardHands)->Unit(benchmark::kMillisecond);

// `rows` random rows of `columns` distinct card ids.
std::vector<std::uint8_t> random_card_rows(std::size_t rows, std::size_t columns) {
  std::mt19937_64 rng(1);
  std::vector<std::uint8_t> ids(columns * rows);
  for (std::size_t r = 0; r < rows; ++r) {
    std::uint64_t used = 0;
    for (std::size_t k = 0; k < columns; ++k) {
      int id;
      do id = static_cast<int>(rng() % 52);
      while (used >> id & 1);
      used |= std::uint64_t{1} << id;
      ids[columns * r + k] = static_cast<std::uint8_t>(id);
    }
  }
  return ids;
}

// evaluate_rows() on 10 million random rows of 7 card ids (70 MB, as the Python module's
// evaluate_batch gets them from numpy): items/s = hands per second on one core.
void BM_EvaluateRowsOfCardIds(benchmark::State& state) {
  constexpr std::size_t kRows = 10'000'000;
  const std::vector<std::uint8_t> ids = random_card_rows(kRows, 7);
  std::vector<HandRank> ranks(kRows);
  for (auto _ : state) {
    evaluate_rows(ids, ranks);
    benchmark::DoNotOptimize(ranks.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kRows));
}
BENCHMARK(BM_EvaluateRowsOfCardIds)->Unit(benchmark::kMillisecond);

// evaluate_rows(Game::omaha, 9, ...) on 1 million random PLO4 river rows (4 hole cards, 5 board
// cards; evaluate_batch(game="omaha")): items/s = hands per second on one core.
void BM_EvaluateOmahaRowsOfCardIds(benchmark::State& state) {
  constexpr std::size_t kRows = 1'000'000;
  const std::vector<std::uint8_t> ids = random_card_rows(kRows, 9);
  std::vector<HandRank> ranks(kRows);
  for (auto _ : state) {
    evaluate_rows(Game::omaha, 9, ids, ranks);
    benchmark::DoNotOptimize(ranks.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kRows));
}
BENCHMARK(BM_EvaluateOmahaRowsOfCardIds)->Unit(benchmark::kMillisecond);

}  // namespace
