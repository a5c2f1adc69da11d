#pragma once
// The exact three-way preflop table (Hold'em): every three-way matchup up to suits, its
// C(46,5) = 1,370,754 boards counted exactly, and the sums per class triple that answer three-way
// preflop questions of whole classes at once (docs/cluster.md: what it costs, how it is built).
//
// The class triple: three class indices in table order, first <= second <= third (818,805 of
// them). Its combo assignments are every (a, b, c) of disjoint combos with a in the first class,
// b in the second, c in the third, seats in that order; two assignments that a suit permutation
// maps to each other have the same counts, so each orbit is enumerated once, from its canonical
// assignment (the least of its 24 images) and counted as many times as it has members.
//
// The unit of work and of a file: the class pair (first, second), with the sections of its class
// triples (third >= second): DIR/threeway/units/AA-KK.txt. 14,365 units for the whole table. A
// section is one header line "AA,KK,72o,N" and N lines, one per orbit in canonical order:
//     AsAc,KsKc,7s2c,24,W0,T0,S0,W1,T1,S1,W2,T2,S2
// the orbit's canonical assignment, its members, then per seat the boards won alone, the boards
// tied and the pot won in units of 1/2,520 of a board (a two-way tie 1,260, a three-way 840). A
// section is appended in one write, so a kill leaves whole sections and at most a torn last one,
// which the next run cuts off. The aggregate DIR/threeway/preflop-3way.csv holds one row per
// class triple present in the units, in order: the combo assignments and the seats' summed counts.
// A table built for some classes only (--only) answers the questions all of whose class triples
// it holds; the planner enumerates the others.
#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "equity/hand_class.hpp"
#include "equity/range_equity.hpp"

namespace equity {

inline constexpr std::uint64_t kThreeWayBoards = 1'370'754;  // choose(46, 5)
inline constexpr int kClassTriples = 818'805;                // choose(171, 3)
inline constexpr char kThreeWayDir[] = "threeway";
inline constexpr char kThreeWayFile[] = "preflop-3way.csv";
inline constexpr char kThreeWayCsvHeader[] =
    "first,second,third,combos,wins1,ties1,share1,wins2,ties2,share2,wins3,ties3,share3";

// Class indices, first <= second <= third.
struct ClassTriple {
  int first = 0, second = 0, third = 0;
  std::uint32_t key() const {
    return static_cast<std::uint32_t>((first * kHandClasses + second) * kHandClasses + third);
  }
  std::string str() const;  // "AA,KK,72o"
  friend auto operator<=>(const ClassTriple&, const ClassTriple&) = default;
};

// Every class triple of `classes` (class indices, any order, duplicates ignored), in order.
std::vector<ClassTriple> class_triples(const std::vector<int>& classes);

// One seat's counts over one assignment's boards, or summed.
struct SeatCounts3 {
  std::uint64_t wins = 0, ties = 0, share = 0;
  friend bool operator==(const SeatCounts3&, const SeatCounts3&) = default;
};

// One orbit of a class triple's assignments.
struct OrbitLine {
  std::array<HoleCards, 3> hands{};  // canonical, seats in the triple's order
  std::uint32_t members = 0;
  std::array<SeatCounts3, 3> seats{};  // of one assignment
  friend bool operator==(const OrbitLine&, const OrbitLine&) = default;
};

struct TripleSection {
  ClassTriple classes;
  std::vector<OrbitLine> lines;  // canonical order
};

// The canonical assignment of three disjoint hands (seats kept) and its 32-bit key.
std::pair<std::uint32_t, std::array<HoleCards, 3>> canonical_assignment(const std::array<HoleCards, 3>& hands);

// The orbits of a class triple (hands and members, counts zero), in canonical order.
std::vector<OrbitLine> triple_orbits(const ClassTriple& t);
// Fills an orbit's counts by enumerating its 1,370,754 boards (about 10 ms).
void count_orbit(OrbitLine& line);

std::string format_section(const TripleSection& section);

// "AA-KK.txt"
std::string unit_file_name(int first, int second);

// What is on disk in one unit file: its whole, checked sections by class triple.
struct UnitFileContents {
  std::map<ClassTriple, TripleSection> sections;
  std::uint64_t complete_bytes = 0;  // up to the end of the last whole section
  std::uint64_t file_bytes = 0;
  bool torn = false;  // a torn last section (cut off by the next writer)
};
// Throws InputError "FILE:LINE: ..." for anything but whole sections of the unit's classes plus a
// torn last one (a missing file is empty).
UnitFileContents read_unit_file(const std::filesystem::path& path, int first, int second);

struct ThreeWayProgress {
  std::uint64_t sections_done = 0, sections_total = 0;  // class triples (orbits are listed as their unit comes)
  std::uint64_t orbits_done = 0;
};

struct ThreeWayOptions {
  const std::atomic<bool>* stop = nullptr;  // checked between batches
  std::function<void(const ThreeWayProgress&)> progress;
  std::function<void(const std::string&)> warn;  // a torn section cut off
  std::size_t batch_orbits = 512;                // orbits enumerated between two writes
};

struct ThreeWayReport {
  std::size_t units = 0;                // unit files touched
  std::uint64_t sections_kept = 0;      // found whole on disk
  std::uint64_t sections_written = 0;   // in this run
  std::uint64_t orbits_enumerated = 0;  // in this run
  bool stopped = false;
};

// Completes the sections of `triples` in `units_dir` (created if needed), resuming from what is on
// disk: unit by unit, orbits enumerated in parallel (oneTBB) a batch at a time, each batch's
// sections appended in one write in class-triple order. Takes the directory lock.
ThreeWayReport build_three_way_units(const std::filesystem::path& units_dir, const std::vector<ClassTriple>& triples,
                                     const ThreeWayOptions& options = {});

// One aggregate row: a class triple's assignments and each seat's counts summed over them.
struct TripleCounts {
  std::uint64_t combos = 0;
  std::array<SeatCounts3, 3> seats{};
  friend bool operator==(const TripleCounts&, const TripleCounts&) = default;
};
TripleCounts sum_section(const TripleSection& section);

// Writes DIR/preflop-3way.csv (atomically) from every section in DIR/units; returns its rows.
std::size_t write_three_way_aggregate(const std::filesystem::path& dir);

// The three-way table of one directory (DIR = results/threeway): the aggregate rows, and the
// orbits of the unit files read on demand for specific hands.
class ThreeWayTable {
 public:
  // nullopt when DIR/preflop-3way.csv is missing. open() reads nothing yet: the aggregate is read
  // on the first find() (85 MB for the whole table: a second), the unit files as specific hands
  // need them. load() reads the aggregate now. InputError when a file read is malformed. Not
  // thread-safe (the cached_ functions below lock).
  static std::optional<ThreeWayTable> open(const std::filesystem::path& dir);
  static std::optional<ThreeWayTable> load(const std::filesystem::path& dir);

  const TripleCounts* find(const ClassTriple& t) const;
  std::size_t size() const;
  // The counts of three disjoint specific hands (seats as given); nullopt when their unit file
  // lacks their class triple. Reads only that unit file.
  std::optional<std::array<SeatCounts3, 3>> hands(const std::array<HoleCards, 3>& hands) const;

 private:
  void read_rows() const;

  std::filesystem::path dir_;
  mutable bool rows_read_ = false;
  mutable std::unordered_map<std::uint32_t, TripleCounts> rows_;
  static constexpr std::size_t kCachedUnits = 64;  // unit files kept parsed (of 14,365)
  mutable std::map<std::pair<int, int>, UnitFileContents> units_;
};

// Whether a question is one the three-way table answers: Hold'em, three players, no board or dead
// cards, each range whole classes with one weight per class or all three specific hands, and
// every class triple it needs in `table`.
bool three_way_table_answers(const ThreeWayTable& table, const RangeDeal& deal);
// The exact counts of such a question (as enumerate_ranges() gives them); nullopt otherwise.
std::optional<RangeEquityResult> three_way_table_equity(const ThreeWayTable& table, const RangeDeal& deal);

// The same on the table of `dir`, opened once per process and its files kept once read (the planner
// asks the first, running the plan the second); thread-safe. false / nullopt when `dir` holds no
// table; InputError when a file it needs is malformed.
bool cached_three_way_answers(const std::filesystem::path& dir, const RangeDeal& deal);
std::optional<RangeEquityResult> cached_three_way_equity(const std::filesystem::path& dir, const RangeDeal& deal);

}  // namespace equity
