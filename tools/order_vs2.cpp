// Offline generator of results/order-vs2.csv: each of the 169 classes' equity against two random
// hands, by Monte Carlo through equity::calculate() with a fixed seed on one thread, written in
// the order the `vs2` percentage ordering uses (equity descending; see docs/ranges.md).
// Usage: equity_order_vs2 TRIALS OUTPUT.csv   (the committed file: TRIALS = 20000000)
// A class's equity is that of its representative (AsAc, AsKs, AsKc): every hand of a class has the
// same equity against random hands.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "equity/calculate.hpp"
#include "equity/hand_class.hpp"

namespace {

struct Row {
  int table_index = 0;
  std::string name;
  int combos = 0;
  std::uint64_t trials = 0;
  double equity = 0, standard_error = 0;
};

Row measure(int index, std::uint64_t trials) {
  const auto& c = equity::hand_classes()[static_cast<std::size_t>(index)];
  equity::Question q;
  const auto hand = c.representative();
  q.players = {hand[0].str() + hand[1].str(), "random", "random"};
  q.method = equity::Method::monte_carlo;
  q.max_trials = trials;
  q.seed = 20261122 + static_cast<std::uint64_t>(index);
  q.threads = 1;
  q.use_table = false;
  const auto a = equity::calculate(q);
  const auto& p = a.players[0];
  return {index, c.name(), c.combos(), a.trials, p.equity, p.standard_error.value_or(0)};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: equity_order_vs2 TRIALS OUTPUT.csv\n";
    return 2;
  }
  const std::string count = argv[1];
  if (count.empty() || count.find_first_not_of("0123456789") != std::string::npos || count.size() > 12) {
    std::cerr << "equity_order_vs2: TRIALS " << count << " is not a whole number below 10^12\n";
    return 2;
  }
  const std::uint64_t trials = std::stoull(count);
  std::vector<Row> rows;
  for (int i = 0; i < equity::kHandClasses; ++i) {
    rows.push_back(measure(i, trials));
    std::cerr << rows.back().name << ' ' << rows.back().equity << '\n';
  }
  // The same order as the build-time table: equity descending, then more combos, then table order.
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    if (a.equity != b.equity) return a.equity > b.equity;
    return a.combos > b.combos;
  });
  const std::string path = argv[2], temp = path + ".tmp";
  {
    std::ofstream out(temp);
    out << "rank,class,combos,trials,equity,stderr\n";
    char line[160];
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& r = rows[i];
      std::snprintf(line, sizeof line, "%zu,%s,%d,%llu,%.10f,%.10f\n", i + 1, r.name.c_str(), r.combos,
                    static_cast<unsigned long long>(r.trials), r.equity, r.standard_error);
      out << line;
    }
    if (!out) {
      std::cerr << "equity_order_vs2: cannot write " << temp << "\n";
      return 1;
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::cerr << "equity_order_vs2: cannot rename " << temp << " to " << path << "\n";
    return 1;
  }
  return 0;
}
