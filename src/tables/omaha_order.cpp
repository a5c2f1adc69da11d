#include "equity/omaha_order.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "detail/grouped_digits.hpp"
#include "equity/error.hpp"
#include "equity/files.hpp"
#include "equity/omaha_class.hpp"

namespace equity {

namespace fs = std::filesystem;

namespace {

void check_hole_cards(int hole_cards) {
  if (hole_cards < 4 || hole_cards > 6) throw InputError("Omaha hands have 4, 5 or 6 cards");
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> fields;
  while (true) {
    const std::size_t comma = line.find(',');
    fields.push_back(line.substr(0, comma));
    if (comma == std::string_view::npos) return fields;
    line.remove_prefix(comma + 1);
  }
}

template <class T>
bool parse_number(std::string_view s, T& out) {
  const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), out);
  return error == std::errc() && end == s.data() + s.size();
}

// A unit file as found on disk: its whole lines (each checked against the class it must hold), the
// trials they ran, and whether a torn last line follows them.
struct UnitContents {
  std::vector<std::string> lines;  // each with its '\n'
  std::uint64_t trials = 0;        // of the lines (0 when none)
  std::size_t whole_bytes = 0;     // the bytes of the whole lines
  bool torn = false;
};

UnitContents read_unit(const fs::path& path, const CardSet* classes, std::size_t count) {
  UnitContents unit;
  std::error_code error;
  if (!fs::exists(path, error)) return unit;
  const std::string text = read_text(path);
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) {
      unit.torn = true;
      break;
    }
    const std::string_view line(text.data() + pos, end - pos);
    const std::string where = path.string() + " line " + std::to_string(unit.lines.size() + 1);
    if (unit.lines.size() == count)
      throw InputError(where + ": more lines than the unit's " + std::to_string(count) + " classes");
    const CardSet expected = classes[unit.lines.size()];
    const auto fields = split(line);
    double equity = 0, std_error = 0;
    std::uint64_t trials = 0;
    int hands = 0;
    if (fields.size() != 5 || fields[0] != expected.str() || !parse_number(fields[1], equity) ||
        !parse_number(fields[2], std_error) || !parse_number(fields[3], trials) || !parse_number(fields[4], hands) ||
        hands != omaha_class_hands(expected) || trials == 0)
      throw InputError(where + ": expected the line of " + expected.str() +
                       " (hand,equity,std_error,trials,hands): a unit of another game or of other classes? (delete "
                       "the file to compute it again)");
    if (unit.trials != 0 && trials != unit.trials)
      throw InputError(where + ": " + std::to_string(trials) + " trials, the lines before it " +
                       std::to_string(unit.trials));
    unit.trials = trials;
    unit.lines.emplace_back(text.substr(pos, end - pos + 1));
    pos = end + 1;
    unit.whole_bytes = pos;
  }
  return unit;
}

std::size_t class_count(const std::vector<CardSet>& all, std::size_t first) {
  if (first > all.size())
    throw InputError("--first: " + std::to_string(first) + " is more than the " + std::to_string(all.size()) +
                     " classes");
  return first == 0 ? all.size() : first;
}

}  // namespace

std::vector<CardSet> omaha_classes(int hole_cards) {
  check_hole_cards(hole_cards);
  std::vector<CardSet> out;
  for (unsigned spades = 0; spades < 1u << kRanks; ++spades)
    for_each_omaha_class(hole_cards, spades, [&](CardSet c) { out.push_back(c); });
  std::sort(out.begin(), out.end(), [](CardSet a, CardSet b) { return a.bits() < b.bits(); });
  return out;
}

std::uint64_t omaha_order_trials(double std_error) {
  if (!(std_error > 0 && std_error <= 0.5)) {
    std::ostringstream text;
    text << std_error;
    throw InputError("--stderr: must be above 0 and at most 0.5, not " + text.str());
  }
  return static_cast<std::uint64_t>(std::ceil(0.25 / (std_error * std_error) * (1 - 1e-12)));
}

std::uint64_t omaha_order_seed(CardSet canonical) {
  std::uint64_t z = canonical.bits() + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::string omaha_order_line(CardSet canonical, const OmahaClassEquity& e) {
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, ",%.6f,%.6f,%" PRIu64 ",%d\n", e.equity, e.std_error, e.trials,
                omaha_class_hands(canonical));
  return canonical.str() + numbers;
}

std::string omaha_order_unit_name(std::size_t unit) {
  char name[32];
  std::snprintf(name, sizeof name, "%04zu.csv", unit);
  return name;
}

OmahaOrderReport build_omaha_order_units(const fs::path& dir, const OmahaOrderOptions& options) {
  if (options.trials == 0) throw InputError("--trials: must be above 0");
  if (options.shard_count == 0 || options.shard_index >= options.shard_count)
    throw InputError("--shard: K/N with K < N");
  const std::vector<CardSet> all = omaha_classes(options.hole_cards);
  const std::size_t count = class_count(all, options.first);
  const std::size_t units = (count + kOmahaOrderUnitClasses - 1) / kOmahaOrderUnitClasses;
  const fs::path unit_dir = dir / "order-units";
  fs::create_directories(unit_dir);
  OmahaOrderReport report;
  // First pass: what is on disk, so that the progress knows the work left.
  struct Todo {
    std::size_t unit, begin, end, kept;
  };
  std::vector<Todo> todo;
  for (std::size_t u = 0; u < units; ++u) {
    if (u % options.shard_count != options.shard_index) continue;
    const std::size_t begin = u * kOmahaOrderUnitClasses, end = std::min(count, begin + kOmahaOrderUnitClasses);
    const fs::path path = unit_dir / omaha_order_unit_name(u);
    const UnitContents unit = read_unit(path, all.data() + begin, end - begin);
    if (!unit.lines.empty() && unit.trials != options.trials)
      throw InputError(path.string() + ": computed with " + detail::grouped_digits(unit.trials) +
                       " trials a class, this run asks " + detail::grouped_digits(options.trials) +
                       " (use another --out, or the same --stderr or --trials)");
    if (unit.torn) {
      if (options.warn) options.warn(path.string() + ": a half-written last line cut; it is computed again");
      truncate_file(path, unit.whole_bytes);
    }
    ++report.units;
    report.classes += end - begin;
    report.kept += unit.lines.size();
    todo.push_back({u, begin, end, unit.lines.size()});
  }
  const std::uint64_t total = report.classes - report.kept;
  std::uint64_t done = 0;
  if (options.progress) options.progress(done, total);
  for (const Todo& t : todo) {
    if (t.begin + t.kept == t.end) continue;
    AppendFile file(unit_dir / omaha_order_unit_name(t.unit));
    for (std::size_t i = t.begin + t.kept; i < t.end; ++i) {
      if (options.stop && options.stop->load()) {
        report.stopped = true;
        return report;
      }
      const CardSet c = all[i];
      file.append(omaha_order_line(c, omaha_equity_vs_random(c, options.trials, omaha_order_seed(c))));
      ++report.written;
      if (options.progress) options.progress(++done, total);
    }
  }
  return report;
}

OmahaOrderMerge merge_omaha_order(const std::vector<fs::path>& unit_dirs, const fs::path& out_dir, int hole_cards,
                                  std::size_t first) {
  const std::vector<CardSet> all = omaha_classes(hole_cards);
  const std::size_t count = class_count(all, first);
  const std::size_t units = (count + kOmahaOrderUnitClasses - 1) / kOmahaOrderUnitClasses;
  struct Entry {
    double equity;
    std::size_t index;
    std::string line;
  };
  std::vector<Entry> entries;
  entries.reserve(count);
  OmahaOrderMerge merge;
  for (std::size_t u = 0; u < units; ++u) {
    const std::size_t begin = u * kOmahaOrderUnitClasses, end = std::min(count, begin + kOmahaOrderUnitClasses);
    const std::string name = omaha_order_unit_name(u);
    bool found = false;
    for (const auto& d : unit_dirs) {
      const fs::path path = d / "order-units" / name;
      UnitContents unit = read_unit(path, all.data() + begin, end - begin);
      if (unit.lines.size() != end - begin) continue;
      if (merge.trials != 0 && unit.trials != merge.trials)
        throw InputError(path.string() + ": computed with " + detail::grouped_digits(unit.trials) +
                         " trials a class, the units before it with " + detail::grouped_digits(merge.trials));
      merge.trials = unit.trials;
      for (std::size_t i = 0; i < unit.lines.size(); ++i) {
        const auto fields = split(unit.lines[i]);
        double equity = 0;
        parse_number(fields[1], equity);
        entries.push_back({equity, begin + i, std::move(unit.lines[i])});
      }
      found = true;
      break;
    }
    if (!found)
      throw InputError("order-units/" + name + " (classes " + std::to_string(begin + 1) + " to " + std::to_string(end) +
                       "): not complete in any directory merged (a shard missing or not finished?)");
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.equity != b.equity ? a.equity > b.equity : a.index < b.index;
  });
  char bound[32];
  std::snprintf(bound, sizeof bound, "%.6f", 0.5 / std::sqrt(static_cast<double>(merge.trials)));
  const std::string n = std::to_string(hole_cards);
  std::string text = "# Omaha (" + n + " hole cards): " + detail::grouped_digits(count) + " of its " +
                     detail::grouped_digits(all.size()) +
                     " hand classes (up to suits), best first by equity against one\n# random hand of " + n +
                     " cards (high only), each by " + detail::grouped_digits(merge.trials) +
                     " Monte Carlo trials seeded by the class (a hash of\n# its canonical mask): standard error at "
                     "most 0.5 / sqrt(trials) = " +
                     bound +
                     "; made by `equity order`.\n# hand: the class's canonical member; hands: the hands in the "
                     "class; ties in canonical order.\nhand,equity,std_error,trials,hands\n";
  for (const Entry& e : entries) text += e.line;
  fs::create_directories(out_dir);
  write_file_atomically(out_dir / "order-equity.csv", text);
  merge.classes = count;
  return merge;
}

}  // namespace equity
