// `equity range EXPR`: the combos of a range and its 13x13 grid.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/error.hpp"
#include "equity/range.hpp"

namespace equity::cli {
namespace {

// Per grid cell: the weighted fraction of the class's combos that are in (after removal), and the
// class's name.
struct RangeGrid {
  std::array<std::array<double, kRanks>, kRanks> fraction{};
  std::array<std::array<std::string, kRanks>, kRanks> name{};
};

RangeGrid range_grid(const Range& range, CardSet dead) {
  RangeGrid grid;
  for (int row = 0; row < kRanks; ++row)
    for (int col = 0; col < kRanks; ++col) {
      const HandClass hc = class_at_grid_cell(row, col);
      const auto idx = hc.combo_indices();
      double in = 0;
      for (int i : idx) {
        const auto cards = combo_cards(i);
        if (!dead.contains(cards[0]) && !dead.contains(cards[1])) in += range.weight(i);
      }
      grid.fraction[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = in / static_cast<double>(idx.size());
      grid.name[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = hc.name();
    }
  return grid;
}

// "AsKs", or "AsKs:0.5" with a weight below 1.
std::string combo_text(const WeightedCombo& c) {
  const std::string cards = CardSet(c.cards[0].bit() | c.cards[1].bit()).str();
  return c.weight == 1.0 ? cards : fmt::format("{}:{}", cards, c.weight);
}

std::string range_json(const Range& range, const std::vector<WeightedCombo>& combos, double total_weight,
                       const RangeGrid& grid) {
  nlohmann::ordered_json j;
  j["range"] = range.str();
  j["combos"] = combos.size();
  j["weight"] = total_weight;
  j["list"] = nlohmann::ordered_json::array();
  for (const auto& c : combos) j["list"].push_back(combo_text(c));
  j["grid"] = grid.fraction;
  return j.dump() + "\n";
}

// The count, the combos 13 to a line, then the grid (each cell right-aligned in 4 columns).
std::string range_text(const Range& range, CardSet dead, const std::vector<WeightedCombo>& combos, double total_weight,
                       const RangeGrid& grid, bool grid_only) {
  std::string out;
  if (!grid_only) {
    out += fmt::format("Range: {}\n{} combos", range.str(), with_commas(static_cast<std::uint64_t>(combos.size())));
    if (range.weighted()) out += fmt::format(" (weighted total {:.2f})", total_weight);
    if (!dead.empty()) out += " without " + dead.str();
    out += "\n";
    for (std::size_t i = 0; i < combos.size(); ++i)
      out += combo_text(combos[i]) + ((i + 1) % 13 == 0 || i + 1 == combos.size() ? "\n" : " ");
    out += "\n";
  }
  for (std::size_t row = 0; row < kRanks; ++row) {
    for (std::size_t col = 0; col < kRanks; ++col) {
      const double f = grid.fraction[row][col];
      const std::string s = f >= 1.0 ? grid.name[row][col] : f > 0 ? fmt::format("{:.0f}%", 100 * f) : ".";
      out += fmt::format("{}{:>4}", col ? " " : "", s);
    }
    out += "\n";
  }
  return out;
}

}  // namespace

int run_range(const Args& args) {
  CLI::App app(
      "Prints the combos of a range (count and list) and its 13x13 grid: pairs on the diagonal, suited\n"
      "hands above it, offsuit below. A grid cell shows the class when all its combos are in at full\n"
      "weight, the weighted percentage of its combos when some are, and . when none are.\n"
      "Syntax: AA AKs AKo AK AsKs random (xx, *); QQ+ 22-99 A2s+ A5s-A2s KTo+ K9+; commas between items;\n"
      "weights AKs:0.5 or AKs@50. A later item overrides an earlier one's weight.",
      "equity range");
  app.footer(
      "\nExamples:\n"
      "  equity range \"QQ+,AKs\"            18 + 4 = 22 combos\n"
      "  equity range \"22-99,A5s-A2s@50\" --json\n"
      "  equity range random --dead AsKd   1,225 combos without the dead cards\n");
  std::string text, dead_text;
  bool json = false, grid_only = false;
  app.add_option("range", text, "the range, e.g. \"QQ+,AKs,A5s-A2s\"")->required();
  app.add_option("-d,--dead", dead_text, "cards removed first (board or known cards), e.g. AsKd");
  app.add_flag("--json", json, "print one JSON object: canonical range, count, combos with weights, grid");
  app.add_flag("--grid", grid_only, "print only the grid");

  return run(app, args, [&] {
    const Range range = Range::parse(text, "range");
    CardSet dead;
    for (Card c : parse_cards(dead_text, "dead cards")) dead.insert(c);
    const auto combos = range.combos(dead);
    if (combos.empty()) throw InputError("range \"" + range.str() + "\" has no combo left once the dead cards are removed");
    double total_weight = 0;
    for (const auto& c : combos) total_weight += c.weight;
    const RangeGrid grid = range_grid(range, dead);
    fmt::print("{}", json ? range_json(range, combos, total_weight, grid)
                          : range_text(range, dead, combos, total_weight, grid, grid_only));
    return 0;
  });
}

}  // namespace equity::cli
