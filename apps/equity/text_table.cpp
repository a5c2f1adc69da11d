#include "text_table.hpp"

#include <algorithm>

namespace equity::cli {
namespace {

std::string padded(const std::string& s, std::size_t width, bool left) {
  if (s.size() >= width) return s;
  return left ? s + std::string(width - s.size(), ' ') : std::string(width - s.size(), ' ') + s;
}

std::size_t natural_width(const TextColumn& c) {
  std::size_t width = c.title.size();
  for (const auto& cell : c.cells) width = std::max(width, cell.size());
  return width;
}

void print_rows(std::ostringstream& out, const TextColumn& label, std::size_t label_width,
                const std::vector<const TextColumn*>& columns, const std::vector<std::size_t>& widths) {
  const bool own_line = label_width == 0;  // each label on a line of its own, the numbers below it
  std::string head = own_line ? std::string() : padded(label.title, label_width, true);
  if (own_line) out << label.title << "\n";
  for (std::size_t i = 0; i < columns.size(); ++i) head += padded(columns[i]->title, widths[i], false);
  out << head << "\n";
  for (std::size_t row = 0; row < label.cells.size(); ++row) {
    std::string line = own_line ? std::string() : padded(label.cells[row], label_width, true);
    if (own_line) out << label.cells[row] << "\n";
    for (std::size_t i = 0; i < columns.size(); ++i)
      line += padded(row < columns[i]->cells.size() ? columns[i]->cells[row] : "", widths[i], false);
    out << trim_line_ends(line) << "\n";
  }
}

}  // namespace

void print_table(std::ostringstream& out, const TextColumn& label, const std::vector<TextColumn>& columns,
                 std::size_t limit) {
  std::size_t full = label.width;
  for (const auto& c : columns) full += c.width;
  std::vector<const TextColumn*> all;
  for (const auto& c : columns) all.push_back(&c);
  if (limit == 0 || full <= limit) {
    // A cell too wide for its column widens it, the label's too (a space always parts them); past
    // the limit, the columns with room to spare give it back, from the left.
    const std::size_t label_width = natural_width(label) > label.width ? natural_width(label) + 1 : label.width;
    std::vector<std::size_t> widths;
    std::size_t total = label_width;
    for (const auto& c : columns) total += widths.emplace_back(std::max(c.width, natural_width(c) + 1));
    for (std::size_t i = 0; i < columns.size() && limit > 0 && total > limit; ++i) {
      const std::size_t give = std::min(widths[i] - (natural_width(columns[i]) + 1), total - limit);
      widths[i] -= give;
      total -= give;
    }
    print_rows(out, label, label_width, all, widths);
    return;
  }
  // Narrow: two spaces before each column; blocks of as many columns as fit beside the labels.
  std::size_t label_width = natural_width(label) + 2, widest = 0;
  std::vector<std::size_t> widths;
  for (const auto& c : columns) {
    widths.push_back(natural_width(c) + 2);
    widest = std::max(widest, widths.back());
  }
  if (label_width + widest > limit) label_width = 0;
  std::vector<const TextColumn*> block;
  std::vector<std::size_t> block_widths;
  std::size_t used = label_width;
  bool first = true;
  auto flush = [&] {
    if (block.empty()) return;
    if (!first) out << "\n";
    first = false;
    print_rows(out, label, label_width, block, block_widths);
    block.clear();
    block_widths.clear();
    used = label_width;
  };
  for (std::size_t i = 0; i < columns.size(); ++i) {
    std::size_t group = widths[i];
    for (std::size_t j = i + 1; columns[i].starts_group && j < columns.size() && !columns[j].starts_group; ++j)
      group += widths[j];
    if (used + (columns[i].starts_group ? group : widths[i]) > limit) flush();
    block.push_back(all[i]);
    block_widths.push_back(widths[i]);
    used += widths[i];
  }
  flush();
}

std::string wrap(const std::string& text, std::size_t limit, const std::string& indent) {
  if (limit == 0) return text;
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    const bool last = end == std::string::npos;
    if (last) end = text.size();
    std::string line = text.substr(start, end - start);
    std::size_t keep = line.find_first_not_of(' ');  // a break never falls in the leading spaces
    if (keep == std::string::npos) keep = line.size();
    while (line.size() > limit) {
      std::size_t at = line.rfind(' ', limit);
      if (at == std::string::npos || at <= keep) at = line.find(' ', limit);
      if (at == std::string::npos) break;
      std::string head = line.substr(0, at);
      head.erase(head.find_last_not_of(' ') + 1);
      const std::size_t next = line.find_first_not_of(' ', at);
      if (next == std::string::npos) {
        line = head;
        break;
      }
      out += head + "\n";
      line = indent + line.substr(next);
      keep = indent.size();
    }
    out += line;
    if (last) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

std::string trim_line_ends(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    const bool last = end == std::string::npos;
    if (last) end = text.size();
    std::string line = text.substr(start, end - start);
    line.erase(line.find_last_not_of(' ') + 1);
    out += line;
    if (last) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace equity::cli
