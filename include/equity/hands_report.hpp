#pragma once
// A player's sessions read from their hand histories (docs/hands.md): every hand's result, every
// all-in's expected value, and the totals by game and stakes: net won, and net won "all-in
// adjusted" (each all-in's chips collected replaced by its expectation).
//
// read_hands() reads files and folders (recursively, in name order) hand after hand, counts the
// all-ins in parallel on oneTBB and hands each hand to the caller in file order, with memory
// bounded by a few hundred hands in flight whatever the files' size. A hand that cannot be read is
// skipped with its file, line and reason; a file that cannot be opened too.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "equity/all_in_ev.hpp"
#include "equity/ev_chart.hpp"
#include "equity/hand_history.hpp"

namespace equity {

// One hand read, as the caller sees it.
struct HandOutcome {
  std::string file;               // the file it was read from
  const HandHistory* hand;        // the hand (valid during the call)
  std::string player;             // whose result: the hero asked for, or the hand's own ("Dealt to")
  double net = 0;                 // the player's chips collected less his chips put in
  double adjusted = 0;            // the same, an all-in's chips collected replaced by his expectation
  std::optional<AllInEv> all_in;  // the all-in with cards to come, when the hand has one
  // Why the all-in with cards to come the player was in cannot be counted, "" when it can or there
  // is none: its cards at the all-in not known ("cards drawn not shown" in the draw games).
  std::string all_in_not_counted;

  // The player's place in the all-in: nullptr when the hand has none or he was not in it.
  const AllInPlayer* in_all_in() const;
};

// A hand skipped, and why.
struct SkippedHand {
  std::string file;
  std::size_t line = 0;  // in the file (1-based); 0: the file itself
  std::string reason;
};

// The totals of one game at one stakes (tournament chips apart from money, each currency apart).
struct StakeTotals {
  std::string game;      // the site's name of it ("Hold'em No Limit")
  std::string stakes;    // "$0.05/$0.10", "10/20"
  std::string symbol;    // "$", "€", "" (chips)
  std::string currency;  // "USD", "EUR", "" (chips, play money)
  bool tournament = false;
  double big_blind = 0;            // the stakes' big blind (0 when they change: tournament levels)
  std::uint64_t hands = 0;         // hands played by the player
  std::uint64_t all_in_hands = 0;  // of them, all-ins with cards to come
  double net = 0, adjusted = 0;    // net won; net won all-in adjusted
};

struct HandsProgress {
  std::uint64_t hands = 0;        // hands read so far (skipped ones included)
  std::uint64_t bytes = 0;        // bytes of the files read so far
  std::uint64_t total_bytes = 0;  // of every file
  double seconds = 0;
};

struct HandsOptions {
  std::string hero;  // whose results: "" each hand's own hero (the player dealt cards)
  int threads = 0;   // 0: all cores
  std::function<void(const HandsProgress&)> progress;  // now and then, from the calling thread
  const std::atomic<bool>* cancel = nullptr;           // raise it to stop: throws Cancelled
};

struct HandsReport {
  std::vector<std::string> heroes;  // the players whose results are counted, in order first seen
  std::vector<StakeTotals> stakes;  // in order first seen
  std::uint64_t files = 0;          // files read
  std::uint64_t hands = 0;          // hands read (skipped ones included)
  std::uint64_t counted = 0;        // hands counted for a hero
  std::uint64_t all_ins = 0;        // of them, all-ins with cards to come
  // Of them, the player's all-ins with cards to come not counted (HandOutcome::all_in_not_counted):
  // why, and how many, in the order first seen.
  std::vector<std::pair<std::string, std::uint64_t>> not_counted;
  std::uint64_t skipped = 0;       // hands (and files) skipped
  std::vector<SkippedHand> skips;  // the first 1,000 of them
  double seconds = 0;
};

// Reads every hand of `paths` (files, or folders read recursively: every regular file in them),
// calling `each` for each hand counted, in the order read. Throws InputError when a path does not
// exist, Cancelled when `cancel` is raised.
HandsReport read_hands(const std::vector<std::string>& paths, const HandsOptions& options,
                       const std::function<void(const HandOutcome&)>& each);

// The chart of the hands counted (ev_chart.hpp), its points added as the hands come: in the
// currency when every hand is a cash game of one currency, else in big blinds (a hand's net over
// its big blind); at most `max_points` points whatever the number of hands.
class HandsChart {
 public:
  explicit HandsChart(std::size_t max_points = 2000) : money_(max_points), big_blinds_(max_points) {}
  void add(const HandOutcome& outcome);
  // The chart, titled by the report's player (or "Net won and all-in adjusted" for several); in big
  // blinds when `big_blinds` or when the hands are not all cash in one currency.
  EvChart chart(const HandsReport& report, bool big_blinds = false) const;

 private:
  EvChartSeries money_, big_blinds_;
  std::string unit_;  // the first hand's: its currency's symbol, or "chips"
  bool one_currency_ = true;
};

// Text held in memory, as a page or a script has it: a name (for HandOutcome::file and the skipped
// hands' `file`) and the text of one file or more (it must outlive the call).
struct HandsText {
  std::string name;
  std::string_view text;
};

// read_hands() of text in memory.
HandsReport read_hands_text(const std::vector<HandsText>& texts, const HandsOptions& options,
                            const std::function<void(const HandOutcome&)>& each);

}  // namespace equity
