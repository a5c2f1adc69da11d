#include "hits_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "cli_common.hpp"

namespace equity::cli {

std::string hits_text(std::string_view title, const HitTable& h) {
  const bool weighted = h.weight != static_cast<double>(h.combos);
  const int decimals = weighted ? 2 : 0;
  std::string out = fmt::format("\n{} on the board: {} combos{}\n", title, fixed_with_commas(h.weight, decimals),
                                weighted ? fmt::format(" weighted ({} raw)", with_commas(h.combos)) : "");
  // The counts' columns: 9 and 7 wide, wider for counts that need it (Omaha's hands: "135,751").
  std::size_t count_width = 9, raw_width = 7;
  for (const auto* rows : {&h.made, &h.draws})
    for (const HitRow& r : *rows) {
      count_width = std::max(count_width, fixed_with_commas(r.count.weight, decimals).size() + 1);
      raw_width = std::max(raw_width, with_commas(static_cast<std::uint64_t>(r.count.combos)).size() + 3);
    }
  // The names the page shows: the JSON keys with spaces ("pocket pair below top").
  auto row = [&](std::string_view key, const HitCount& c) {
    if (c.combos == 0) return;
    std::string name(key);
    std::replace(name.begin(), name.end(), '_', ' ');
    out += fmt::format("  {:<24}{:>{}}", name, fixed_with_commas(c.weight, decimals), count_width);
    if (weighted)
      out += fmt::format("{:>{}}", "(" + with_commas(static_cast<std::uint64_t>(c.combos)) + ")", raw_width);
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
