// The aggregate files of the preflop table and its rendering: CSV, terminal text, SVG.
#include "equity/table_render.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "equity/error.hpp"
#include "equity/files.hpp"

namespace equity {

namespace {

std::string csv_row(const std::string& hero, const std::string& villain, const MatchupCounts& c) {
  char equity[32];
  std::snprintf(equity, sizeof equity, "%.10f", c.equity());
  return hero + "," + villain + "," + std::to_string(c.combos) + "," + std::to_string(c.wins) + "," +
         std::to_string(c.ties) + "," + std::to_string(c.losses) + "," + equity + "\n";
}

}  // namespace

std::array<int, 3> equity_colour(double equity) {
  const std::array<double, 3> blue = {59, 76, 192}, white = {242, 242, 242}, red = {180, 4, 38};
  const auto mix = [](const std::array<double, 3>& a, const std::array<double, 3>& b, double t) {
    t = std::clamp(t, 0.0, 1.0);
    std::array<int, 3> out{};
    for (std::size_t k = 0; k < 3; ++k) out[k] = static_cast<int>(std::lround(a[k] + (b[k] - a[k]) * t));
    return out;
  };
  return equity < 0.5 ? mix(white, blue, (0.5 - equity) / 0.2) : mix(white, red, (equity - 0.5) / 0.35);
}

std::string matrix_csv(const PreflopTable& table) {
  std::string out = std::string(kTableCsvHeader) + "\n";
  const auto& classes = hand_classes();
  for (int i = 0; i < kHandClasses; ++i)
    for (int j = 0; j < kHandClasses; ++j)
      out += csv_row(classes[static_cast<std::size_t>(i)].name(), classes[static_cast<std::size_t>(j)].name(), table.classes(i, j));
  return out;
}

std::string vs_random_csv(const PreflopTable& table) {
  std::string out = std::string(kTableCsvHeader) + "\n";
  for (int i = 0; i < kHandClasses; ++i) out += csv_row(hand_classes()[static_cast<std::size_t>(i)].name(), "random", table.versus_random(i));
  return out;
}

std::array<std::array<double, 13>, 13> equity_grid(const PreflopTable& table, std::optional<int> villain_class) {
  std::array<std::array<double, 13>, 13> grid{};
  for (int i = 0; i < kHandClasses; ++i) {
    const auto [row, column] = grid_cell(hand_classes()[static_cast<std::size_t>(i)]);
    const auto counts = villain_class ? table.classes(i, *villain_class) : table.versus_random(i);
    grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)] = counts.equity();
  }
  return grid;
}

std::string grid_text(const PreflopTable& table) {
  const auto grid = equity_grid(table);
  std::string out =
      "Exact heads-up preflop equity (%) of each hand class against a random hand.\n"
      "Pairs on the diagonal, suited hands above it, offsuit hands below; A to 2 from the top left.\n\n";
  for (int row = 0; row < 13; ++row) {
    for (int column = 0; column < 13; ++column) {
      char cell[32];
      std::snprintf(cell, sizeof cell, "%s%-3s %5.2f", column ? "  " : "", class_at_grid_cell(row, column).name().c_str(),
                    100.0 * grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)]);
      out += cell;
    }
    out += '\n';
  }
  return out;
}

std::string grid_svg(const PreflopTable& table) {
  const auto grid = equity_grid(table);
  constexpr int kCell = 64, kTop = 56, kLeft = 8, kLegend = 48;
  const int width = kLeft * 2 + 13 * kCell, height = kTop + 13 * kCell + kLegend;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << ' ' << height << "\" font-family=\"Helvetica, Arial, sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << width / 2 << "\" y=\"24\" text-anchor=\"middle\" font-size=\"18\" font-weight=\"bold\">"
      << "Exact heads-up preflop equity against a random hand</text>\n"
      << "<text x=\"" << width / 2 << "\" y=\"44\" text-anchor=\"middle\" font-size=\"12\" fill=\"#444\">"
      << "pairs on the diagonal, suited above, offsuit below; blue below 50%, red above</text>\n";
  for (int row = 0; row < 13; ++row)
    for (int column = 0; column < 13; ++column) {
      const double e = grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
      const auto [r, g, b] = equity_colour(e);
      const int x = kLeft + column * kCell, y = kTop + row * kCell;
      const bool dark = (r * 299 + g * 587 + b * 114) / 1000 < 128;
      char pct[16];
      std::snprintf(pct, sizeof pct, "%.1f%%", 100.0 * e);
      svg << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << kCell << "\" height=\"" << kCell << "\" fill=\"rgb("
          << r << ',' << g << ',' << b << ")\" stroke=\"white\"/>\n"
          << "<text x=\"" << x + kCell / 2 << "\" y=\"" << y + 27 << "\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\" fill=\""
          << (dark ? "white" : "black") << "\">" << class_at_grid_cell(row, column).name() << "</text>\n"
          << "<text x=\"" << x + kCell / 2 << "\" y=\"" << y + 47 << "\" text-anchor=\"middle\" font-size=\"13\" fill=\""
          << (dark ? "white" : "black") << "\">" << pct << "</text>\n";
    }
  // Legend: the colour scale from 30% to 85%.
  const int legend_y = kTop + 13 * kCell + 14, legend_w = 13 * kCell - 160;
  for (int k = 0; k < 56; ++k) {
    const auto [r, g, b] = equity_colour(0.30 + 0.01 * k);
    svg << "<rect x=\"" << kLeft + 80 + k * legend_w / 56 << "\" y=\"" << legend_y << "\" width=\"" << legend_w / 56 + 1
        << "\" height=\"14\" fill=\"rgb(" << r << ',' << g << ',' << b << ")\"/>\n";
  }
  svg << "<text x=\"" << kLeft + 74 << "\" y=\"" << legend_y + 12 << "\" text-anchor=\"end\" font-size=\"12\">30%</text>\n"
      << "<text x=\"" << kLeft + 86 + legend_w << "\" y=\"" << legend_y + 12 << "\" font-size=\"12\">85%</text>\n"
      << "</svg>\n";
  return svg.str();
}

void write_aggregates(const PreflopTable& table, const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw WriteError("cannot create directory " + dir.string() + ": " + ec.message());
  write_file_atomically(dir / "preflop-169x169.csv", matrix_csv(table));
  write_file_atomically(dir / "vs-random.csv", vs_random_csv(table));
  write_file_atomically(dir / "grid.txt", grid_text(table));
  write_file_atomically(dir / "grid.svg", grid_svg(table));
}

}  // namespace equity
