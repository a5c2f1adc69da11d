// `equity bench`: a fixed workload whose signature changes only when behaviour changes.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <vector>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/enumeration.hpp"
#include "equity/evaluator.hpp"

namespace equity::cli {
namespace {

struct EvaluatorRun {
  std::uint64_t hands = 0;
  std::uint64_t checksum = 0;  // sum of hand ranks over every hand
  double seconds = 0;
  std::vector<double> block_rates;  // hands per second in consecutive blocks of about 2 million hands
};

// The 52 - first seventh cards added one at a time to a six-card hand; kept apart so that the
// running sum and the six-card key stay in registers (inlined into the deep loop nest, they were
// spilled to the stack).
EQUITY_NOINLINE EQUITY_ALIGNED_CODE std::uint64_t sum_last_card(Hand six, int first) {
  std::uint64_t sum = 0;
  for (int g = first; g < kCards; ++g) sum += evaluate(six + kCardHands[static_cast<std::size_t>(g)]);
  return sum;
}

// Every 7-card hand, cards added one at a time as the loops nest. The clock is also read about
// every 2 million hands (2 ms): on a shared machine a pause of the whole process shows up in a few
// blocks, so the median block rate measures the code and the whole pass the machine as well.
EvaluatorRun evaluate_all_seven_card_hands() {
  EvaluatorRun run;
  Stopwatch clock;
  constexpr std::uint64_t kBlockHands = std::uint64_t{1} << 21;
  std::uint64_t block_start_count = 0;
  double block_start_seconds = 0;
  std::uint64_t sum = 0, count = 0;
  const auto& h = kCardHands;
  for (std::size_t a = 0; a < 52; ++a)
    for (std::size_t b = a + 1; b < 52; ++b) {
      const Hand hb = h[a] + h[b];
      for (std::size_t c = b + 1; c < 52; ++c) {
        const Hand hc = hb + h[c];
        for (std::size_t d = c + 1; d < 52; ++d) {
          const Hand hd = hc + h[d];
          for (std::size_t e = d + 1; e < 52; ++e) {
            const Hand he = hd + h[e];
            for (std::size_t f = e + 1; f < 51; ++f) {
              sum += sum_last_card(he + h[f], static_cast<int>(f) + 1);
              count += 51 - f;
            }
            if (count - block_start_count >= kBlockHands) {
              const double now = clock.seconds();
              run.block_rates.push_back(static_cast<double>(count - block_start_count) / (now - block_start_seconds));
              block_start_count = count;
              block_start_seconds = now;
            }
          }
        }
      }
    }
  run.seconds = clock.seconds();
  run.hands = count;
  run.checksum = sum;
  return run;
}

// Heads-up matchups with published exact counts (tests/data/exact/headsup.csv).
const std::vector<std::pair<std::string, std::string>> kMatchups = {
    {"AsAc", "KhQh"}, {"AdAc", "KhKs"}, {"AcAd", "Td9d"}, {"AhKh", "2s2c"}, {"KdKs", "Kc2d"},
    {"AsAc", "KsQs"}, {"AsKc", "QdQh"}, {"QcQd", "JcJh"}, {"AsAc", "AhKh"}, {"7c2d", "8h9h"}};

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

// The evaluator passes summed up: speeds in million hands per second.
struct EvaluatorSummary {
  std::uint64_t hands = 0;
  std::uint64_t checksum = 0;
  std::size_t passes = 0;
  double median_seconds = 0;
  double median_rate = 0, slowest_rate = 0, fastest_rate = 0;
  std::size_t blocks = 0;
  double median_block_rate = 0;
};

// Several passes, because one pass is short enough for a busy machine to distort it.
EvaluatorSummary run_evaluator_passes(int passes) {
  EvaluatorRun last;
  std::vector<double> pass_seconds, block_rates;
  for (int pass = 0; pass < passes; ++pass) {
    const EvaluatorRun run = evaluate_all_seven_card_hands();
    if (pass > 0 && run.checksum != last.checksum) throw std::logic_error("evaluator passes disagree");
    last = run;
    pass_seconds.push_back(run.seconds);
    block_rates.insert(block_rates.end(), run.block_rates.begin(), run.block_rates.end());
  }
  std::sort(pass_seconds.begin(), pass_seconds.end());
  std::sort(block_rates.begin(), block_rates.end());
  const auto rate = [&](double seconds) { return seconds > 0 ? static_cast<double>(last.hands) / seconds / 1e6 : 0; };
  EvaluatorSummary s;
  s.hands = last.hands;
  s.checksum = last.checksum;
  s.passes = pass_seconds.size();
  s.median_seconds = pass_seconds[pass_seconds.size() / 2];
  s.median_rate = rate(s.median_seconds);
  s.slowest_rate = rate(pass_seconds.back());
  s.fastest_rate = rate(pass_seconds.front());
  s.blocks = block_rates.size();
  s.median_block_rate = block_rates.empty() ? 0 : block_rates[block_rates.size() / 2] / 1e6;
  return s;
}

struct EnumerationSummary {
  std::size_t matchups = 0;
  int repeats = 0;
  double median_seconds = 0;  // per matchup
  std::uint64_t hash = 0;     // of every count of the first repeat
};

EnumerationSummary run_enumerations(int repeats) {
  std::vector<Deal> deals;
  for (const auto& [a, b] : kMatchups) deals.push_back(Deal{{parse_hole_cards(a), parse_hole_cards(b)}, {}, {}});
  EnumerationSummary s{deals.size(), repeats};
  std::vector<double> per_matchup;
  for (int r = 0; r < repeats; ++r) {
    Stopwatch clock;
    std::uint64_t h = 0;
    for (const auto& deal : deals) {
      const auto res = enumerate(deal);
      for (const auto& pc : res.players) h = mix(mix(mix(h, pc.wins), pc.ties), pc.losses);
    }
    per_matchup.push_back(clock.seconds() / static_cast<double>(deals.size()));
    if (r == 0) s.hash = h;
  }
  std::sort(per_matchup.begin(), per_matchup.end());
  s.median_seconds = per_matchup[per_matchup.size() / 2];
  return s;
}

std::string bench_json(const std::string& signature, const EvaluatorSummary& e, const EnumerationSummary& n) {
  nlohmann::ordered_json j;
  j["signature"] = signature;
  j["evaluator"] = {{"hands", e.hands},
                    {"checksum", e.checksum},
                    {"passes", e.passes},
                    {"seconds", e.median_seconds},
                    {"million_per_second", e.median_rate},
                    {"slowest_million_per_second", e.slowest_rate},
                    {"fastest_million_per_second", e.fastest_rate},
                    {"blocks", e.blocks},
                    {"median_block_million_per_second", e.median_block_rate}};
  j["enumeration"] = {
      {"matchups", n.matchups}, {"repeats", n.repeats}, {"median_ms_per_matchup", n.median_seconds * 1e3}};
  return j.dump() + "\n";
}

std::string bench_text(const std::string& signature, const std::optional<EvaluatorSummary>& e,
                       const EnumerationSummary& n) {
  std::string out;
  if (e)
    out += fmt::format(
        "evaluator:   {} 7-card hands in {} = {:.0f} million evaluations/s (one core; median of {} passes, "
        "{:.0f} to {:.0f})\n             median of {} blocks of 2 million hands: {:.0f} million "
        "evaluations/s\n",
        with_commas(e->hands), format_duration(e->median_seconds), e->median_rate, e->passes, e->slowest_rate,
        e->fastest_rate, e->blocks, e->median_block_rate);
  out += fmt::format(
      "enumeration: {} heads-up matchups x {} repeats, median {:.3f} ms per exhaustive matchup (1,712,304 "
      "boards)\nsignature:   {}\n",
      n.matchups, n.repeats, n.median_seconds * 1e3, signature);
  return out;
}

}  // namespace

int run_bench(const Args& args) {
  CLI::App app(
      "Runs a fixed workload and prints a signature (a checksum of all results: it changes only when\n"
      "behaviour changes) and speeds: the evaluator over all 133,784,560 7-card hands on one core,\n"
      "cards added one at a time (median pass, and median of 2-million-hand blocks, which a busy\n"
      "machine disturbs less), and exact heads-up enumerations (median over repeats).",
      "equity bench");
  int repeats = 51;
  int passes = 5;
  bool json = false;
  bool skip_evaluator = false;
  app.add_option("-r,--repeats", repeats, "repeats of the enumeration set (median reported)")->check(positive());
  app.add_option("-p,--passes", passes, "passes over all 7-card hands (median reported, with the slowest and fastest)")
      ->check(positive());
  app.add_flag("--no-evaluator", skip_evaluator, "skip the 133,784,560-hand evaluator pass");
  app.add_flag("--json", json, "print one JSON object");
  return run(app, args, [&] {
    // The signature: the evaluator's checksum (when it runs), then the enumeration counts.
    std::optional<EvaluatorSummary> evaluator;
    std::uint64_t signature = 0;
    if (!skip_evaluator) {
      evaluator = run_evaluator_passes(passes);
      signature = mix(signature, evaluator->checksum);
    }
    const EnumerationSummary enumeration = run_enumerations(repeats);
    signature = mix(signature, enumeration.hash);
    const std::string sig = fmt::format("{:016x}", signature);
    fmt::print("{}", json ? bench_json(sig, evaluator.value_or(EvaluatorSummary{}), enumeration)
                          : bench_text(sig, evaluator, enumeration));
    return 0;
  });
}

}  // namespace equity::cli
