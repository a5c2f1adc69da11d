#include "hits_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

namespace equity::cli {

std::string hits_text(std::string_view title, const HitTable& h) {
  const bool weighted = h.weight != static_cast<double>(h.combos);
  std::string out = fmt::format("\n{} on the board: {:.{}f} combos{}\n", title, h.weight, weighted ? 2 : 0,
                                weighted ? fmt::format(" weighted ({} raw)", h.combos) : "");
  // The names the page shows: the JSON keys with spaces ("pocket pair below top").
  auto row = [&](std::string_view key, const HitCount& c) {
    if (c.combos == 0) return;
    std::string name(key);
    std::replace(name.begin(), name.end(), '_', ' ');
    out += fmt::format("  {:<24}{:>9.{}f}", name, c.weight, weighted ? 2 : 0);
    if (weighted) out += fmt::format("{:>7}", fmt::format("({})", c.combos));
    out += fmt::format("{:>9.3f}%\n", 100 * c.share);
  };
  for (const HitRow& r : h.made) row(r.name, r.count);
  bool any_draw = false;
  for (const HitRow& r : h.draws) any_draw |= r.count.combos > 0;
  out += any_draw ? "  draws:\n" : "  draws: none\n";
  for (const HitRow& r : h.draws) row(r.name, r.count);
  return out;
}

}  // namespace equity::cli
