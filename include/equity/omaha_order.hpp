#pragma once
// Building the orderings of the Omaha hand classes behind percentage ranges (omaha_hand_order.hpp
// reads them): every class's equity against one random hand (omaha_equity_vs_random(), high only),
// resumably, in units that shards of a cluster job share out (`equity order`, docs/cluster.md).
//
// The classes are taken in canonical order (their canonical masks ascending) and cut into units of
// kOmahaOrderUnitClasses; unit u is the file DIR/order-units/UUUU.csv, one line a class:
//   hand,equity,std_error,trials,hands      (no header: AsAcKsKc,0.678290,0.000321,1000000,6)
// Each line is appended whole once its class is done, so a kill leaves whole lines and at most one
// torn last line, which the next run cuts (with a warning) and redoes. Every class runs the same
// number of trials with a seed made from its canonical mask, so a line is a function of the class
// and the trials alone: the merged ordering is byte-identical for any shards, order and restarts.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "equity/cards.hpp"
#include "equity/omaha_class_equity.hpp"

namespace equity {

// Classes a unit file holds (the last unit may hold fewer).
inline constexpr std::size_t kOmahaOrderUnitClasses = 256;

// Every class of n-card hands (4, 5 or 6) by its canonical member (omaha_class()), masks ascending:
// 16,432, 134,459 or 962,988 of them.
std::vector<CardSet> omaha_classes(int hole_cards);

// The trials that bound a class's standard error by `std_error` whatever its equity: a trial scores
// 0, 1/2 or 1, whose variance is at most 1/4, so ceil(1 / (4 se^2)): 1,000,000 for 0.0005.
// Throws InputError unless 0 < std_error <= 0.5.
std::uint64_t omaha_order_trials(double std_error);

// The seed of a class's Monte Carlo: a hash of its canonical mask.
std::uint64_t omaha_order_seed(CardSet canonical);

// The line of a class: "AsAcKsKc,0.678290,0.000321,1000000,6\n".
std::string omaha_order_line(CardSet canonical, const OmahaClassEquity& e);

// "0000.csv", "0001.csv", ...
std::string omaha_order_unit_name(std::size_t unit);

struct OmahaOrderOptions {
  int hole_cards = 4;
  std::uint64_t trials = 0;       // a class, from omaha_order_trials() or given
  std::size_t first = 0;          // order only the first `first` classes (0: every class)
  std::uint64_t shard_index = 0;  // this run does the units u with u % shard_count == shard_index
  std::uint64_t shard_count = 1;
  const std::atomic<bool>* stop = nullptr;                                // checked between classes
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // classes of this run
  std::function<void(const std::string&)> warn;                           // a torn line cut
};

struct OmahaOrderReport {
  std::size_t units = 0;      // unit files of this run (its shard)
  std::uint64_t classes = 0;  // classes in them
  std::uint64_t kept = 0;     // lines found on disk
  std::uint64_t written = 0;  // lines computed and appended by this run
  bool stopped = false;       // options.stop was set before the end
};

// Computes the missing lines of the shard's unit files in `dir`/order-units (dir: a game's directory
// such as OUT/omaha). Throws InputError when a unit file on disk is not what this run would write
// (another game, other trials, a line out of place), WriteError when it cannot write.
OmahaOrderReport build_omaha_order_units(const std::filesystem::path& dir, const OmahaOrderOptions& options);

struct OmahaOrderMerge {
  std::size_t classes = 0;
  std::uint64_t trials = 0;  // a class
};

// Writes `out_dir`/order-equity.csv atomically from the unit files of the first `first` classes (0:
// every class), each unit read from the first of `unit_dirs` (game directories) that holds it
// complete: best first (equity descending, ties in canonical order), a comment header saying how it
// was made, then "hand,equity,std_error,trials,hands". Throws InputError naming the unit when one is
// missing or incomplete everywhere, or when the units' trials differ.
OmahaOrderMerge merge_omaha_order(const std::vector<std::filesystem::path>& unit_dirs,
                                  const std::filesystem::path& out_dir, int hole_cards, std::size_t first = 0);

}  // namespace equity
