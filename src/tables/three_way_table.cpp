#include "equity/three_way_table.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>

#include "detail/parallel.hpp"
#include "equity/deal.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/files.hpp"
#include "equity/quote.hpp"
#include "equity/result_file.hpp"

namespace equity {

namespace fs = std::filesystem;

// ---- Class triples and orbits -----------------------------------------------------------------

namespace {

const std::string& class_name(int i) {
  static const auto names = [] {
    std::array<std::string, kHandClasses> n;
    for (int c = 0; c < kHandClasses; ++c)
      n[static_cast<std::size_t>(c)] = hand_classes()[static_cast<std::size_t>(c)].name();
    return n;
  }();
  return names[static_cast<std::size_t>(i)];
}

const std::vector<int>& class_combos(int i) {
  static const auto lists = [] {
    std::array<std::vector<int>, kHandClasses> l;
    for (int c = 0; c < kHandClasses; ++c)
      l[static_cast<std::size_t>(c)] = hand_classes()[static_cast<std::size_t>(c)].combo_indices();
    return l;
  }();
  return lists[static_cast<std::size_t>(i)];
}

HoleCards combo_hand(int index) { return deck_ordered({combo_cards(index)[0], combo_cards(index)[1]}); }

// The key of an assignment as it stands (its canonical key when it is canonical).
std::uint32_t assignment_key(const std::array<HoleCards, 3>& hands) {
  std::uint32_t key = 0;
  for (const HoleCards h : hands) key = key * kCombos + static_cast<std::uint32_t>(combo_index(h[0], h[1]));
  return key;
}

CardSet cards_of(HoleCards h) { return to_set(h[0]) | to_set(h[1]); }

}  // namespace

std::string ClassTriple::str() const { return class_name(first) + "," + class_name(second) + "," + class_name(third); }

std::vector<ClassTriple> class_triples(const std::vector<int>& classes_in) {
  std::vector<int> classes = classes_in;
  std::sort(classes.begin(), classes.end());
  classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
  std::vector<ClassTriple> out;
  for (std::size_t a = 0; a < classes.size(); ++a)
    for (std::size_t b = a; b < classes.size(); ++b)
      for (std::size_t c = b; c < classes.size(); ++c) out.push_back({classes[a], classes[b], classes[c]});
  return out;
}

std::pair<std::uint32_t, std::array<HoleCards, 3>> canonical_assignment(const std::array<HoleCards, 3>& hands) {
  constexpr std::uint32_t n = kCombos;
  std::uint32_t best = ~std::uint32_t{0};
  for (const auto& perm : suit_permutations()) {
    std::uint32_t key = 0;
    for (const HoleCards h : hands)
      key = key * n + static_cast<std::uint32_t>(combo_index(map_card(h[0], perm), map_card(h[1], perm)));
    best = std::min(best, key);
  }
  return {best,
          {combo_hand(static_cast<int>(best / (n * n))), combo_hand(static_cast<int>(best / n % n)),
           combo_hand(static_cast<int>(best % n))}};
}

std::vector<OrbitLine> triple_orbits(const ClassTriple& t) {
  std::map<std::uint32_t, OrbitLine> orbits;
  for (int a : class_combos(t.first))
    for (int b : class_combos(t.second)) {
      if (cards_of(combo_hand(a)).intersects(cards_of(combo_hand(b)))) continue;
      for (int c : class_combos(t.third)) {
        const HoleCards hc = combo_hand(c);
        if ((cards_of(combo_hand(a)) | cards_of(combo_hand(b))).intersects(cards_of(hc))) continue;
        const auto [key, hands] = canonical_assignment({combo_hand(a), combo_hand(b), hc});
        auto& line = orbits[key];
        line.hands = hands;
        ++line.members;
      }
    }
  std::vector<OrbitLine> out;
  out.reserve(orbits.size());
  for (auto& [key, line] : orbits) out.push_back(line);
  return out;
}

void count_orbit(OrbitLine& line) {
  const auto r = enumerate(Deal{{line.hands[0], line.hands[1], line.hands[2]}, {}, {}, Game::holdem});
  for (std::size_t s = 0; s < 3; ++s) line.seats[s] = {r.players[s].wins, r.players[s].ties, r.players[s].share};
}

TripleCounts sum_section(const TripleSection& section) {
  TripleCounts sum;
  for (const auto& line : section.lines) {
    sum.combos += line.members;
    for (std::size_t s = 0; s < 3; ++s) {
      sum.seats[s].wins += line.members * line.seats[s].wins;
      sum.seats[s].ties += line.members * line.seats[s].ties;
      sum.seats[s].share += line.members * line.seats[s].share;
    }
  }
  return sum;
}

// ---- Unit files ---------------------------------------------------------------------------------

std::string unit_file_name(int first, int second) { return class_name(first) + "-" + class_name(second) + ".txt"; }

namespace {

void append_seats(std::string& out, const std::array<SeatCounts3, 3>& seats) {
  for (const auto& s : seats)
    for (const std::uint64_t n : {s.wins, s.ties, s.share}) {
      out += ',';
      out += std::to_string(n);
    }
}

}  // namespace

std::string format_section(const TripleSection& section) {
  std::string out = section.classes.str() + "," + std::to_string(section.lines.size()) + "\n";
  for (const auto& line : section.lines) {
    out += hand_name(line.hands[0]) + "," + hand_name(line.hands[1]) + "," + hand_name(line.hands[2]) + "," +
           std::to_string(line.members);
    append_seats(out, line.seats);
    out += '\n';
  }
  return out;
}

namespace {

std::vector<std::string_view> split_commas(std::string_view line) {
  std::vector<std::string_view> fields;
  for (;;) {
    const std::size_t comma = line.find(',');
    fields.push_back(line.substr(0, comma));
    if (comma == std::string_view::npos) return fields;
    line.remove_prefix(comma + 1);
  }
}

std::uint64_t parse_number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || text.size() > 18 || error != std::errc{} || end != text.data() + text.size())
    throw InputError("bad count " + quote_input(text));
  return value;
}

int parse_class_name(std::string_view text) {
  static const auto by_name = [] {
    std::unordered_map<std::string_view, int> m;
    for (int i = 0; i < kHandClasses; ++i) m.emplace(class_name(i), i);
    return m;
  }();
  if (const auto it = by_name.find(text); it != by_name.end()) return it->second;
  throw InputError("bad class " + quote_input(text));
}

// The counts of one assignment add up: each seat's wins and ties within the boards, its share
// between its ties all three-way and all two-way, the shares summing to every board's pot.
void check_seats(const std::array<SeatCounts3, 3>& seats) {
  std::uint64_t pot = 0;
  for (const auto& s : seats) {
    if (s.wins + s.ties > kThreeWayBoards) throw InputError("wins + ties above the 1,370,754 boards");
    if (s.share < s.wins * kShareUnit + s.ties * (kShareUnit / 3) ||
        s.share > s.wins * kShareUnit + s.ties * (kShareUnit / 2))
      throw InputError("share does not match the wins and ties");
    pot += s.share;
  }
  if (pot != kThreeWayBoards * kShareUnit) throw InputError("the shares do not add up to the pot");
}

OrbitLine parse_orbit_line(std::string_view text, const ClassTriple& t) {
  const auto f = split_commas(text);
  if (f.size() != 13) throw InputError("expected 13 fields");
  OrbitLine line;
  const std::array<int, 3> classes{t.first, t.second, t.third};
  for (std::size_t s = 0; s < 3; ++s) {
    line.hands[s] = deck_ordered(parse_hole_cards(f[s], "hand"));
    if (class_index_of(line.hands[s]) != classes[s])
      throw InputError(std::string(f[s]) + " is not of class " + class_name(classes[s]));
  }
  if (canonical_assignment(line.hands).second != line.hands)
    throw InputError("the hands are not a canonical assignment");
  line.members = static_cast<std::uint32_t>(parse_number(f[3]));
  if (line.members == 0 || line.members > 24) throw InputError("bad orbit size " + quote_input(f[3]));
  for (std::size_t s = 0; s < 3; ++s)
    line.seats[s] = {parse_number(f[4 + 3 * s]), parse_number(f[5 + 3 * s]), parse_number(f[6 + 3 * s])};
  check_seats(line.seats);
  return line;
}

std::string read_whole_file(const fs::path& path, bool& exists) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  exists = status.type() != fs::file_type::not_found;
  if (!exists) return {};
  if (status.type() != fs::file_type::regular) throw InputError(path.string() + ": not a regular file");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw InputError("cannot read " + path.string());
  return std::move(text).str();
}

}  // namespace

UnitFileContents read_unit_file(const fs::path& path, int first, int second) {
  bool exists = false;
  const std::string text = read_whole_file(path, exists);
  UnitFileContents out;
  out.file_bytes = text.size();
  std::size_t pos = 0, line_number = 0;
  // The next newline-ended line, or nullopt at a torn end.
  auto next_line = [&]() -> std::optional<std::string_view> {
    const std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) return std::nullopt;
    std::string_view line(text.data() + pos, end - pos);
    pos = end + 1;
    ++line_number;
    return line;
  };
  try {
    while (pos < text.size()) {
      const auto header = next_line();
      if (!header) break;
      const auto f = split_commas(*header);
      if (f.size() != 4) throw InputError("expected a section header FIRST,SECOND,THIRD,ORBITS");
      TripleSection section;
      section.classes = {parse_class_name(f[0]), parse_class_name(f[1]), parse_class_name(f[2])};
      const ClassTriple& t = section.classes;
      if (t.first != first || t.second != second || t.third < t.second)
        throw InputError("class triple " + t.str() + " does not belong in " + path.filename().string());
      if (out.sections.contains(t)) throw InputError("second section for " + t.str());
      const std::uint64_t n = parse_number(f[3]);
      if (n > 1728) throw InputError("more orbits than assignments");
      bool whole = true;
      for (std::uint64_t i = 0; i < n && whole; ++i) {
        const auto line = next_line();
        if (!line)
          whole = false;
        else
          section.lines.push_back(parse_orbit_line(*line, t));
      }
      if (!whole) break;
      if (!std::is_sorted(section.lines.begin(), section.lines.end(), [](const OrbitLine& a, const OrbitLine& b) {
            return assignment_key(a.hands) < assignment_key(b.hands);
          }))
        throw InputError("orbits out of order");
      out.complete_bytes = pos;
      out.sections.emplace(t, std::move(section));
    }
  } catch (const InputError& e) {
    throw InputError(path.string() + ":" + std::to_string(line_number) + ": " + e.what());
  }
  out.torn = out.complete_bytes != out.file_bytes;
  return out;
}

// ---- Building -----------------------------------------------------------------------------------

ThreeWayReport build_three_way_units(const fs::path& units_dir, const std::vector<ClassTriple>& triples_in,
                                     const ThreeWayOptions& options) {
  DirectoryLock lock(units_dir);
  std::vector<ClassTriple> triples = triples_in;
  std::sort(triples.begin(), triples.end());
  triples.erase(std::unique(triples.begin(), triples.end()), triples.end());
  ThreeWayReport report;
  // Every unit file read (a torn end cut off), to know what is left: the class triples of each
  // unit not yet on disk, kept as ranges of `missing` (the orbits are listed unit by unit, so that
  // the whole table's 14 million orbits are never in memory at once).
  std::vector<ClassTriple> missing;
  std::vector<std::pair<std::size_t, std::size_t>> units;  // [begin, end) of missing, per unit
  for (std::size_t i = 0; i < triples.size();) {
    const int first = triples[i].first, second = triples[i].second;
    const fs::path path = units_dir / unit_file_name(first, second);
    const auto contents = read_unit_file(path, first, second);
    if (contents.torn) {
      if (options.warn) options.warn(path.string() + ": a torn last section was cut off; it will be computed again");
      truncate_file(path, contents.complete_bytes);
    }
    ++report.units;
    const std::size_t begin = missing.size();
    for (; i < triples.size() && triples[i].first == first && triples[i].second == second; ++i) {
      if (contents.sections.contains(triples[i]))
        ++report.sections_kept;
      else
        missing.push_back(triples[i]);
    }
    if (missing.size() > begin) units.emplace_back(begin, missing.size());
  }
  ThreeWayProgress progress;
  progress.sections_total = missing.size();
  // Unit by unit, batches of whole sections: their orbits in parallel, then each section appended
  // in one write.
  for (const auto& [begin, end] : units) {
    const ClassTriple& t0 = missing[begin];
    AppendFile writer(units_dir / unit_file_name(t0.first, t0.second));
    for (std::size_t next = begin; next < end;) {
      if (options.stop && options.stop->load()) {
        report.stopped = true;
        return report;
      }
      std::vector<TripleSection> batch;
      std::size_t orbits = 0;
      while (next < end && (batch.empty() || orbits < options.batch_orbits)) {
        batch.push_back({missing[next], triple_orbits(missing[next])});
        orbits += batch.back().lines.size();
        ++next;
      }
      std::vector<OrbitLine*> work;
      for (auto& section : batch)
        for (auto& line : section.lines) work.push_back(&line);
      detail::parallel_for(std::size_t{0}, work.size(), [&](std::size_t k) { count_orbit(*work[k]); });
      std::string text;
      for (const auto& section : batch) text += format_section(section);
      writer.append(text);  // whole sections: a kill leaves at most a torn last one
      report.sections_written += batch.size();
      report.orbits_enumerated += orbits;
      progress.sections_done += batch.size();
      progress.orbits_done += orbits;
      if (options.progress) options.progress(progress);
    }
  }
  return report;
}

// ---- The aggregate ------------------------------------------------------------------------------

namespace {

std::string aggregate_row(const ClassTriple& t, const TripleCounts& c) {
  std::string out = t.str() + "," + std::to_string(c.combos);
  append_seats(out, c.seats);
  out += '\n';
  return out;
}

// The unit files of DIR/units by class pair, in order; a file name that is not a unit's is skipped.
std::vector<std::pair<int, int>> unit_files(const fs::path& units_dir) {
  std::vector<std::pair<int, int>> out;
  std::error_code ec;
  if (!fs::is_directory(units_dir, ec)) return out;
  for (const auto& entry : fs::directory_iterator(units_dir)) {
    const std::string name = entry.path().filename().string();
    const auto dash = name.find('-');
    if (dash == std::string::npos || !name.ends_with(".txt")) continue;
    try {
      const int first = parse_class_name(std::string_view(name).substr(0, dash));
      const int second = parse_class_name(std::string_view(name).substr(dash + 1, name.size() - dash - 5));
      if (first <= second) out.emplace_back(first, second);
    } catch (const InputError&) {
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::size_t write_three_way_aggregate(const fs::path& dir) {
  std::string text = std::string(kThreeWayCsvHeader) + "\n";
  std::size_t rows = 0;
  for (const auto& [first, second] : unit_files(dir / "units")) {
    const auto contents = read_unit_file(dir / "units" / unit_file_name(first, second), first, second);
    for (const auto& [t, section] : contents.sections) {
      text += aggregate_row(t, sum_section(section));
      ++rows;
    }
  }
  write_file_atomically(dir / kThreeWayFile, text);
  return rows;
}

std::optional<ThreeWayTable> ThreeWayTable::open(const fs::path& dir) {
  std::error_code ec;
  if (fs::status(dir / kThreeWayFile, ec).type() == fs::file_type::not_found) return std::nullopt;
  ThreeWayTable table;
  table.dir_ = dir;
  return table;
}

std::optional<ThreeWayTable> ThreeWayTable::load(const fs::path& dir) {
  auto table = open(dir);
  if (table) table->read_rows();
  return table;
}

void ThreeWayTable::read_rows() const {
  if (rows_read_) return;
  bool exists = false;
  const fs::path path = dir_ / kThreeWayFile;
  const std::string text = read_whole_file(path, exists);
  if (!exists) throw InputError(path.string() + ": missing");
  std::size_t pos = 0, line_number = 0;
  try {
    while (pos < text.size()) {
      const std::size_t end = std::min(text.find('\n', pos), text.size());
      const std::string_view line(text.data() + pos, end - pos);
      pos = end + 1;
      if (++line_number == 1) {
        if (line != kThreeWayCsvHeader) throw InputError(std::string("expected the header ") + kThreeWayCsvHeader);
        continue;
      }
      const auto f = split_commas(line);
      if (f.size() != 13) throw InputError("expected 13 fields");
      const ClassTriple t{parse_class_name(f[0]), parse_class_name(f[1]), parse_class_name(f[2])};
      if (t.first > t.second || t.second > t.third) throw InputError("classes out of table order");
      TripleCounts c;
      c.combos = parse_number(f[3]);
      if (c.combos > 1728) throw InputError("more combos than the classes hold");
      std::uint64_t pot = 0;
      for (std::size_t s = 0; s < 3; ++s) {
        c.seats[s] = {parse_number(f[4 + 3 * s]), parse_number(f[5 + 3 * s]), parse_number(f[6 + 3 * s])};
        if (c.seats[s].wins + c.seats[s].ties > c.combos * kThreeWayBoards)
          throw InputError("wins + ties above the showdowns");
        pot += c.seats[s].share;
      }
      if (pot != c.combos * kThreeWayBoards * kShareUnit) throw InputError("the shares do not add up to the pot");
      if (!rows_.emplace(t.key(), c).second) throw InputError("second row for " + t.str());
    }
  } catch (const InputError& e) {
    rows_.clear();
    throw InputError(path.string() + ":" + std::to_string(line_number) + ": " + e.what());
  }
  rows_read_ = true;
}

std::size_t ThreeWayTable::size() const {
  read_rows();
  return rows_.size();
}

const TripleCounts* ThreeWayTable::find(const ClassTriple& t) const {
  read_rows();
  const auto it = rows_.find(t.key());
  return it == rows_.end() ? nullptr : &it->second;
}

std::optional<std::array<SeatCounts3, 3>> ThreeWayTable::hands(const std::array<HoleCards, 3>& hands) const {
  std::array<std::size_t, 3> order{0, 1, 2};  // seats by class
  std::array<int, 3> classes{};
  for (std::size_t s = 0; s < 3; ++s) classes[s] = class_index_of(hands[s]);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return classes[a] < classes[b]; });
  const ClassTriple t{classes[order[0]], classes[order[1]], classes[order[2]]};
  auto it = units_.find({t.first, t.second});
  if (it == units_.end()) {
    // At most kCachedUnits unit files parsed in memory (the whole table's would take over a GB).
    if (units_.size() >= kCachedUnits) units_.clear();
    it = units_
             .emplace(std::pair{t.first, t.second},
                      read_unit_file(dir_ / "units" / unit_file_name(t.first, t.second), t.first, t.second))
             .first;
  }
  const auto section = it->second.sections.find(t);
  if (section == it->second.sections.end()) return std::nullopt;
  const auto canonical = canonical_assignment({hands[order[0]], hands[order[1]], hands[order[2]]}).second;
  for (const auto& line : section->second.lines) {
    if (line.hands != canonical) continue;
    std::array<SeatCounts3, 3> out{};
    for (std::size_t k = 0; k < 3; ++k) out[order[k]] = line.seats[k];
    return out;
  }
  throw InputError((dir_ / "units" / unit_file_name(t.first, t.second)).string() + ": section " + t.str() +
                   " lacks the orbit of " + hand_name(canonical[0]) + " " + hand_name(canonical[1]) + " " +
                   hand_name(canonical[2]));
}

// ---- Answers ------------------------------------------------------------------------------------

namespace {

// A range as the table sees it: a specific hand, or a weight per class (0: not held).
struct ThreeWayRange {
  std::optional<HoleCards> hand;
  std::vector<std::pair<int, double>> classes;  // held classes and their weights, in order
};

std::optional<ThreeWayRange> three_way_range(const Range& range) {
  ThreeWayRange out;
  if (range.specific()) {
    out.hand = range.combos().front().cards;
    return out;
  }
  for (int c = 0; c < kHandClasses; ++c) {
    const std::optional<double> w = range.common_weight(class_combos(c));
    if (!w) return std::nullopt;  // part of a class, or weights that differ
    if (*w > 0) out.classes.emplace_back(c, *w);
  }
  return out;
}

std::optional<std::array<ThreeWayRange, 3>> three_way_ranges(const RangeDeal& deal) {
  if (deal.game != Game::holdem || deal.ranges.size() != 3 || !deal.board.empty() || !deal.dead.empty())
    return std::nullopt;
  std::array<ThreeWayRange, 3> out;
  for (std::size_t p = 0; p < 3; ++p) {
    auto r = three_way_range(deal.ranges[p]);
    if (!r) return std::nullopt;
    out[p] = std::move(*r);
  }
  const int specific = static_cast<int>(out[0].hand.has_value()) + out[1].hand.has_value() + out[2].hand.has_value();
  if (specific != 0 && specific != 3) return std::nullopt;  // a hand against classes: enumerated
  return out;
}

// Every class triple of the ranges, with the seat of each player in it; `visit(t, seat_of, weight)`.
template <class Visit>
void each_class_triple(const std::array<ThreeWayRange, 3>& r, Visit visit) {
  for (const auto& [a, wa] : r[0].classes)
    for (const auto& [b, wb] : r[1].classes)
      for (const auto& [c, wc] : r[2].classes) {
        const std::array<int, 3> classes{a, b, c};
        std::array<std::size_t, 3> order{0, 1, 2};
        std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return classes[x] < classes[y]; });
        std::array<std::size_t, 3> seat_of{};
        for (std::size_t k = 0; k < 3; ++k) seat_of[order[k]] = k;
        if (!visit(ClassTriple{classes[order[0]], classes[order[1]], classes[order[2]]}, seat_of, wa * wb * wc)) return;
      }
}

void add_seat(RangePlayerCounts& p, const SeatCounts3& s, std::uint64_t showdowns, double w) {
  p.wins += s.wins;
  p.ties += s.ties;
  p.losses += showdowns - s.wins - s.ties;
  p.share += s.share;
  p.weighted_wins += w * static_cast<double>(s.wins);
  p.weighted_ties += w * static_cast<double>(s.ties);
  p.weighted_losses += w * static_cast<double>(showdowns - s.wins - s.ties);
  p.weighted_share += w * static_cast<double>(s.share);
}

}  // namespace

bool three_way_table_answers(const ThreeWayTable& table, const RangeDeal& deal) {
  const auto r = three_way_ranges(deal);
  if (!r) return false;
  if ((*r)[0].hand) {
    const std::array<HoleCards, 3> hands{*(*r)[0].hand, *(*r)[1].hand, *(*r)[2].hand};
    for (std::size_t a = 0; a < 3; ++a)
      for (std::size_t b = a + 1; b < 3; ++b)
        if (cards_of(hands[a]).intersects(cards_of(hands[b]))) return false;
    return table.hands(hands).has_value();  // their unit file alone: no need for the aggregate
  }
  bool all = true;
  each_class_triple(*r, [&](const ClassTriple& t, const auto&, double) { return all = table.find(t) != nullptr; });
  return all;
}

std::optional<RangeEquityResult> three_way_table_equity(const ThreeWayTable& table, const RangeDeal& deal) {
  const auto ranges = three_way_ranges(deal);
  if (!ranges || !three_way_table_answers(table, deal)) return std::nullopt;
  const auto& r = *ranges;
  RangeEquityResult out;
  out.boards = kThreeWayBoards;
  out.players.resize(3);
  out.weighted = deal.ranges[0].weighted() || deal.ranges[1].weighted() || deal.ranges[2].weighted();
  if (r[0].hand) {
    const std::array<HoleCards, 3> hands{*r[0].hand, *r[1].hand, *r[2].hand};
    for (std::size_t a = 0; a < 3; ++a)
      for (std::size_t b = a + 1; b < 3; ++b)
        if (cards_of(hands[a]).intersects(cards_of(hands[b])))
          throw InputError("hands " + hand_name(hands[a]) + " and " + hand_name(hands[b]) + " share a card");
    const auto seats = table.hands(hands);
    if (!seats) return std::nullopt;
    out.assignments = 1;
    out.total_weight = 1;
    for (std::size_t p = 0; p < 3; ++p) add_seat(out.players[p], (*seats)[p], kThreeWayBoards, 1.0);
  } else {
    // Weights so small that a product of three underflows are scaled by a power of two per range
    // (the equities, ratios, are unchanged; RangeEquityResult::total_weight).
    std::array<double, 3> scale{1, 1, 1};
    for (std::size_t p = 0; p < 3; ++p) {
      double most = 0;
      for (const auto& [c, w] : r[p].classes) most = std::max(most, w);
      int exponent = 0;
      (void)std::frexp(most, &exponent);
      if (exponent < -300) scale[p] = std::ldexp(1.0, -exponent);
    }
    const double scaled = scale[0] * scale[1] * scale[2];
    each_class_triple(r, [&](const ClassTriple& t, const std::array<std::size_t, 3>& seat_of, double w) {
      const TripleCounts& c = *table.find(t);
      w *= scaled;
      out.assignments += c.combos;
      out.total_weight += w * static_cast<double>(c.combos);
      for (std::size_t p = 0; p < 3; ++p) add_seat(out.players[p], c.seats[seat_of[p]], c.combos * kThreeWayBoards, w);
      return true;
    });
    if (out.assignments == 0) throw InputError("the three ranges cannot be dealt together without sharing a card");
  }
  for (std::size_t p = 0; p < 3; ++p) {
    CardSet removed;
    for (std::size_t o = 0; o < 3; ++o)
      if (o != p && r[o].hand) removed |= cards_of(*r[o].hand);
    out.combos.push_back(deal.ranges[p].combos(removed).size());
  }
  return out;
}

namespace {

// The tables opened so far by directory, and the one lock of every use of them (they read their
// files on demand).
std::mutex g_tables_mutex;

const ThreeWayTable* cached_table(const fs::path& dir) {
  static std::map<std::string, std::unique_ptr<const ThreeWayTable>> tables;
  auto& entry = tables[dir.string()];
  if (!entry)
    if (auto table = ThreeWayTable::open(dir)) entry = std::make_unique<const ThreeWayTable>(std::move(*table));
  return entry.get();
}

}  // namespace

bool cached_three_way_answers(const fs::path& dir, const RangeDeal& deal) {
  const std::lock_guard lock(g_tables_mutex);
  const ThreeWayTable* table = cached_table(dir);
  return table && three_way_table_answers(*table, deal);
}

std::optional<RangeEquityResult> cached_three_way_equity(const fs::path& dir, const RangeDeal& deal) {
  const std::lock_guard lock(g_tables_mutex);
  const ThreeWayTable* table = cached_table(dir);
  if (!table) return std::nullopt;
  return three_way_table_equity(*table, deal);
}

}  // namespace equity
