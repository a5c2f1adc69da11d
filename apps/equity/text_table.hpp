#pragma once
// Tables of text that fit the terminal: as laid out when they fit, else in narrower columns, and
// past that in several blocks of columns (each repeating the first, label column).
#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

namespace equity::cli {

struct TextColumn {
  std::string title;
  std::size_t width = 0;  // the wide layout's width, padding included
  std::vector<std::string> cells;
  bool starts_group = false;  // narrow: a block of columns starts here rather than splitting the group
};

// `label` is left-aligned, the others right-aligned. columns = 0: no limit (the wide layout).
void print_table(std::ostringstream& out, const TextColumn& label, const std::vector<TextColumn>& columns,
                 std::size_t limit);

// The text with its spaces turned into line breaks where a line would pass `limit` columns
// (0: no limit); every line after the first starts with `indent`. Words are never cut.
std::string wrap(const std::string& text, std::size_t limit, const std::string& indent = "");

// Every line of `text` without the spaces at its end.
std::string trim_line_ends(const std::string& text);

}  // namespace equity::cli
