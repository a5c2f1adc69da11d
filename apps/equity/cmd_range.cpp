// `equity range EXPR`: the combos of a range and its 13x13 grid.
#include <algorithm>
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/error.hpp"
#include "equity/range.hpp"

namespace equity::cli {

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
      "  equity range \"QQ+,AKs\"            12 + 4 = 16 combos\n"
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

    // Per grid cell: weighted fraction of the class's combos that are in (after removal).
    std::array<std::array<double, kRanks>, kRanks> cell{};
    std::array<std::array<std::string, kRanks>, kRanks> name{};
    for (int row = 0; row < kRanks; ++row)
      for (int col = 0; col < kRanks; ++col) {
        const HandClass hc = class_at_grid_cell(row, col);
        const auto idx = hc.combo_indices();
        double in = 0;
        for (int i : idx) {
          const auto cards = combo_cards(i);
          if (!dead.contains(cards[0]) && !dead.contains(cards[1])) in += range.weight(i);
        }
        cell[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = in / static_cast<double>(idx.size());
        name[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = hc.name();
      }

    std::ostringstream out;
    auto combo_text = [](const WeightedCombo& c) { return CardSet(c.cards[0].bit() | c.cards[1].bit()).str(); };
    if (json) {
      out << "{\"range\": " << json_string(range.str()) << ", \"combos\": " << combos.size()
          << ", \"weight\": " << json_number(total_weight) << ", \"list\": [";
      for (std::size_t i = 0; i < combos.size(); ++i) {
        std::string item = combo_text(combos[i]);
        if (combos[i].weight != 1.0) item += ":" + json_number(combos[i].weight);
        out << (i ? ", " : "") << json_string(item);
      }
      out << "], \"grid\": [";
      for (int row = 0; row < kRanks; ++row) {
        out << (row ? ", " : "") << "[";
        for (int col = 0; col < kRanks; ++col)
          out << (col ? ", " : "") << json_number(cell[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)]);
        out << "]";
      }
      out << "]}\n";
      std::cout << out.str();
      return 0;
    }
    if (!grid_only) {
      out << "Range: " << range.str() << "\n"
          << with_commas(static_cast<std::uint64_t>(combos.size())) << " combos";
      if (range.weighted()) out << " (weighted total " << fixed(total_weight, 2) << ")";
      if (!dead.empty()) out << " without " << dead.str();
      out << "\n";
      for (std::size_t i = 0; i < combos.size(); ++i) {
        out << combo_text(combos[i]);
        if (combos[i].weight != 1.0) out << ":" << json_number(combos[i].weight);
        out << ((i + 1) % 13 == 0 || i + 1 == combos.size() ? "\n" : " ");
      }
      out << "\n";
    }
    for (int row = 0; row < kRanks; ++row) {
      for (int col = 0; col < kRanks; ++col) {
        const double f = cell[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
        std::string s = f >= 1.0 ? name[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)]
                        : f > 0  ? fixed(100 * f, 0) + "%"
                                 : ".";
        out << (col ? " " : "") << std::string(4 - std::min<std::size_t>(4, s.size()), ' ') << s;
      }
      out << "\n";
    }
    std::cout << out.str();
    return 0;
  });
}

}  // namespace equity::cli
