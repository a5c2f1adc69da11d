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
  return equity < 0.5 ? mix(white, blue, (0.5 - equity) / 0.35) : mix(white, red, (equity - 0.5) / 0.35);
}

std::string matrix_csv(const PreflopTable& table) {
  std::string out = std::string(kTableCsvHeader) + "\n";
  const auto& classes = hand_classes();
  for (int i : classes_of(table.game()))
    for (int j : classes_of(table.game()))
      out += csv_row(classes[static_cast<std::size_t>(i)].name(), classes[static_cast<std::size_t>(j)].name(),
                     table.classes(i, j));
  return out;
}

std::string vs_random_csv(const PreflopTable& table) {
  std::string out = std::string(kTableCsvHeader) + "\n";
  for (int i : classes_of(table.game()))
    out += csv_row(hand_classes()[static_cast<std::size_t>(i)].name(), "random", table.versus_random(i));
  return out;
}

std::array<std::array<double, 13>, 13> equity_grid(const PreflopTable& table, std::optional<int> villain_class) {
  std::array<std::array<double, 13>, 13> grid{};
  for (int i : classes_of(table.game())) {
    const auto [row, column] = grid_cell(hand_classes()[static_cast<std::size_t>(i)]);
    const auto counts = villain_class ? table.classes(i, *villain_class) : table.versus_random(i);
    grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)] = counts.equity();
  }
  return grid;
}

namespace {

// Rows and columns of a game's grid: 13 for Hold'em, 9 for short deck.
int grid_size(Game game) { return kRanks - game_rules(game).lowest_rank; }

}  // namespace

std::string grid_text(const PreflopTable& table) {
  const auto grid = equity_grid(table);
  const int size = grid_size(table.game());
  std::string out = table.game() == Game::holdem
                        ? std::string(
                              "Exact heads-up preflop equity (%) of each hand class against a random hand.\n"
                              "Pairs on the diagonal, suited hands above it, offsuit hands below; A to 2 from "
                              "the top left.\n\n")
                        : "Exact heads-up preflop equity (%) of each hand class against a random hand, " +
                              std::string(game_rules(table.game()).title) + " (" +
                              std::string(game_name(table.game())) +
                              ").\nPairs on the diagonal, suited hands above it, offsuit hands below; A to 6 from "
                              "the top left.\n\n";
  for (int row = 0; row < size; ++row) {
    for (int column = 0; column < size; ++column) {
      char cell[32];
      std::snprintf(cell, sizeof cell, "%s%-3s %5.2f", column ? "  " : "",
                    class_at_grid_cell(row, column).name().c_str(),
                    100.0 * grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)]);
      out += cell;
    }
    out += '\n';
  }
  return out;
}

std::string xml_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

std::string equity_grid_svg(const std::array<std::array<std::optional<double>, 13>, 13>& cells,
                            const std::string& title, int size) {
  constexpr int kCell = 64, kTop = 56, kLeft = 8, kLegend = 60;
  const int width = kLeft * 2 + size * kCell, height = kTop + size * kCell + kLegend;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << ' ' << height << "\" font-family=\"Helvetica, Arial, sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << width / 2 << "\" y=\"24\" text-anchor=\"middle\" font-size=\"18\" font-weight=\"bold\">"
      << xml_escape(title) << "</text>\n"
      << "<text x=\"" << width / 2 << "\" y=\"44\" text-anchor=\"middle\" font-size=\"12\" fill=\"#444\">"
      << "pairs on the diagonal, suited above, offsuit below; blue below 50%, white at 50%, red above</text>\n";
  for (int row = 0; row < size; ++row)
    for (int column = 0; column < size; ++column) {
      const auto& value = cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
      const int x = kLeft + column * kCell, y = kTop + row * kCell;
      const auto [r, g, b] = value ? equity_colour(*value) : std::array<int, 3>{255, 255, 255};
      const bool dark = (r * 299 + g * 587 + b * 114) / 1000 < 128;
      const char* ink = value ? (dark ? "white" : "black") : "#bbb";
      svg << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << kCell << "\" height=\"" << kCell
          << "\" fill=\"rgb(" << r << ',' << g << ',' << b << ")\" stroke=\"" << (value ? "white" : "#eee") << "\"/>\n"
          << "<text x=\"" << x + kCell / 2 << "\" y=\"" << y + 27
          << "\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\" fill=\"" << ink << "\">"
          << class_at_grid_cell(row, column).name() << "</text>\n";
      if (value) {
        char pct[16];
        std::snprintf(pct, sizeof pct, "%.1f%%", 100.0 * *value);
        svg << "<text x=\"" << x + kCell / 2 << "\" y=\"" << y + 47
            << "\" text-anchor=\"middle\" font-size=\"13\" fill=\"" << ink << "\">" << pct << "</text>\n";
      }
    }
  // Legend: the colour scale from 0% to 100%, with 50% (white) marked.
  const int legend_y = kTop + size * kCell + 14, legend_x = kLeft + 80, legend_w = size * kCell - 160;
  for (int k = 0; k <= 100; ++k) {
    const auto [r, g, b] = equity_colour(0.01 * k);
    svg << "<rect x=\"" << legend_x + k * legend_w / 101 << "\" y=\"" << legend_y << "\" width=\"" << legend_w / 101 + 1
        << "\" height=\"14\" fill=\"rgb(" << r << ',' << g << ',' << b << ")\"/>\n";
  }
  const int middle = legend_x + 50 * legend_w / 101 + legend_w / 202;
  svg << "<line x1=\"" << middle << "\" y1=\"" << legend_y - 4 << "\" x2=\"" << middle << "\" y2=\"" << legend_y + 18
      << "\" stroke=\"black\"/>\n"
      << "<text x=\"" << middle << "\" y=\"" << legend_y + 32
      << "\" text-anchor=\"middle\" font-size=\"12\">50%</text>\n"
      << "<text x=\"" << legend_x - 6 << "\" y=\"" << legend_y + 12
      << "\" text-anchor=\"end\" font-size=\"12\">0%</text>\n"
      << "<text x=\"" << legend_x + legend_w + 6 << "\" y=\"" << legend_y + 12 << "\" font-size=\"12\">100%</text>\n"
      << "</svg>\n";
  return svg.str();
}

std::string grid_svg(const PreflopTable& table) {
  const auto grid = equity_grid(table);
  std::array<std::array<std::optional<double>, 13>, 13> cells;
  for (std::size_t row = 0; row < 13; ++row)
    for (std::size_t column = 0; column < 13; ++column) cells[row][column] = grid[row][column];
  if (table.game() == Game::holdem)
    return equity_grid_svg(cells, "Exact heads-up preflop equity against a random hand");
  return equity_grid_svg(cells,
                         "Exact heads-up preflop equity against a random hand: " + std::string(game_name(table.game())),
                         grid_size(table.game()));
}

void write_aggregates(const PreflopTable& table, const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw WriteError("cannot create directory " + dir.string() + ": " + ec.message());
  write_file_atomically(dir / matrix_file_name(table.game()), matrix_csv(table));
  write_file_atomically(dir / "vs-random.csv", vs_random_csv(table));
  write_file_atomically(dir / "grid.txt", grid_text(table));
  write_file_atomically(dir / "grid.svg", grid_svg(table));
}

}  // namespace equity
