#pragma once
// The preflop table as people read it: the aggregate files (CSV of the class matrix and of each
// class against a random hand, a text grid, an SVG heatmap), byte for byte as results/ holds them,
// and the grid and colours the terminal shows.
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "equity/preflop_table.hpp"

namespace equity {

// Of the table's game: its classes in table order, its 9x9 grid for short deck (A to 6).
std::string matrix_csv(const PreflopTable& table);     // preflop-169x169.csv, preflop-81x81.csv
std::string vs_random_csv(const PreflopTable& table);  // vs-random.csv
std::string grid_text(const PreflopTable& table);      // grid.txt
std::string grid_svg(const PreflopTable& table);       // grid.svg
// Writes the four aggregates into `dir` (created if needed; temporary file + rename each).
// Throws WriteError when a file cannot be written.
void write_aggregates(const PreflopTable& table, const std::filesystem::path& dir);

// Equity of each of the 169 classes in a 13x13 grid (row, column 0 = ace), as grid_cell() places
// them: against a random hand, or against `villain_class`.
std::array<std::array<double, 13>, 13> equity_grid(const PreflopTable& table, std::optional<int> villain_class = {});

// The heatmap colour (r, g, b) of an equity, on a scale symmetric around 50%: white at 50%, blue
// deepening to 15% and below, red to 85% and above (35 points either way).
std::array<int, 3> equity_colour(double equity);

// Text for SVG or HTML: < > & " as entities.
std::string xml_escape(std::string_view text);

// A 13x13 grid of equities as an SVG heatmap (cells without a value are left blank), titled, with
// the colour scale's legend from 0% to 100% marking 50%; only its top-left size x size cells (9
// for short deck: A to 6).
std::string equity_grid_svg(const std::array<std::array<std::optional<double>, 13>, 13>& cells,
                            const std::string& title, int size = 13);

}  // namespace equity
