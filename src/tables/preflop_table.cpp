#include "equity/preflop_table.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <sstream>
#include <unordered_map>

#include "detail/parallel.hpp"
#include "equity/deal.hpp"
#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {

namespace fs = std::filesystem;

// ---- Canonical matchups -----------------------------------------------------------------------

namespace {

std::uint32_t hand_code(Card a, Card b) {
  const auto hi = static_cast<std::uint32_t>(std::max(a.id(), b.id()));
  const auto lo = static_cast<std::uint32_t>(std::min(a.id(), b.id()));
  return hi * kCards + lo;
}

HoleCards from_code(std::uint32_t code) {
  return {Card(static_cast<int>(code / kCards)), Card(static_cast<int>(code % kCards))};
}

}  // namespace

CanonicalMatchup canonical_matchup(HoleCards hero, HoleCards villain) {
  constexpr std::uint32_t kHandCodes = kCards * kCards;
  CanonicalMatchup best;
  best.key = ~std::uint32_t{0};
  for (const auto& perm : suit_permutations()) {
    const std::uint32_t h = hand_code(map_card(hero[0], perm), map_card(hero[1], perm));
    const std::uint32_t v = hand_code(map_card(villain[0], perm), map_card(villain[1], perm));
    if (h * kHandCodes + v < best.key) best.key = h * kHandCodes + v, best.swapped = false;
    if (v * kHandCodes + h < best.key) best.key = v * kHandCodes + h, best.swapped = true;
  }
  best.hero = from_code(best.key / kHandCodes);
  best.villain = from_code(best.key % kHandCodes);
  return best;
}

double MatchupCounts::equity() const {
  const auto total = boards();
  return total == 0 ? 0.0 : (static_cast<double>(wins) + static_cast<double>(ties) / 2.0) / static_cast<double>(total);
}

MatchupCounts& MatchupCounts::operator+=(const MatchupCounts& o) {
  combos += o.combos;
  wins += o.wins;
  ties += o.ties;
  losses += o.losses;
  return *this;
}

MatchupCounts counts_of(const ResultLine& line) { return MatchupCounts{1, line.wins(), line.ties(), line.losses()}; }

// ---- Building the result files ----------------------------------------------------------------

namespace {

// Counts of a canonical matchup, in its own seat order.
struct SeatCounts {
  std::uint64_t first = 0, second = 0;
};

struct PendingLine {
  HoleCards opponent{};
  bool swapped = false;
  std::int64_t task = -1;  // index into the tasks, or -1: known from a line on disk
  SeatCounts known{};
};

struct FileWork {
  HoleCards hero{};
  fs::path path;
  std::vector<PendingLine> pending;
  std::size_t next = 0;  // first pending line not yet written
  std::unique_ptr<ResultFileWriter> writer;
};

}  // namespace

namespace {

// The heroes in deck order, each once; a hand with one card twice or a card outside the game's
// deck is an error.
std::vector<HoleCards> unique_heroes(const std::vector<HoleCards>& heroes_in, Game game) {
  std::vector<HoleCards> heroes;
  for (auto h : heroes_in) {
    h = deck_ordered(h);
    if (h[0] == h[1]) throw InputError("hand " + h[0].str() + h[1].str() + " holds one card twice");
    for (Card c : h)
      if (!game_rules(game).in_deck(c)) throw InputError("hand " + hand_name(h) + ": " + not_in_deck(c, game));
    if (std::find(heroes.begin(), heroes.end(), h) == heroes.end()) heroes.push_back(h);
  }
  return heroes;
}

// One run of build_hand_files(): the files as found, the matchups to enumerate, the lines pending.
class HandFileBuilder {
 public:
  HandFileBuilder(const fs::path& hands_dir, std::vector<HoleCards> heroes, const BuildOptions& options)
      : hands_dir_(hands_dir), heroes_(std::move(heroes)), options_(options) {
    report_.files = heroes_.size();
  }

  BuildReport run() {
    read_files();
    plan_files();
    write_ready_lines(0);  // lines answered from other files on disk
    enumerate_tasks();
    report_.lines_written = progress_.lines_written;
    return report_;
  }

 private:
  void warn(const std::string& message) const {
    if (options_.warn) options_.warn(message);
  }

  // Reads every file (repairs are reported) and records the counts of the lines on disk by
  // canonical matchup, for the lines other files need.
  void read_files() {
    contents_.resize(heroes_.size());
    for (std::size_t f = 0; f < heroes_.size(); ++f) {
      const fs::path path = hands_dir_ / result_file_name(heroes_[f]);
      contents_[f] = read_result_file(path, heroes_[f], options_.game);
      const auto& c = contents_[f];
      if (!c.half_written.empty())
        warn(path.string() + ": line " + std::to_string(c.lines.size() + (c.original_layout ? 2 : 1)) +
             " was half-written (" + quote_input(c.half_written) + "): removed, it will be computed again");
      if (c.original_layout) warn(path.string() + ": written by the original script: rewritten in the current layout");
      report_.lines_resumed += c.lines.size();
      for (const auto& line : c.lines) {
        const auto m = canonical_matchup(heroes_[f], line.opponent);
        known_.try_emplace(m.key, m.swapped ? SeatCounts{line.opponent_wins_or_ties, line.hero_wins_or_ties}
                                            : SeatCounts{line.hero_wins_or_ties, line.opponent_wins_or_ties});
      }
    }
  }

  // The lines each incomplete file lacks: known from another file, or a matchup to enumerate
  // (each distinct matchup once). Opens the files' writers, which repair or rewrite them.
  void plan_files() {
    for (std::size_t f = 0; f < heroes_.size(); ++f) {
      const auto& c = contents_[f];
      if (c.complete() && !c.needs_rewrite && c.file_bytes == c.complete_bytes) {
        ++report_.files_complete;
        continue;
      }
      FileWork work;
      work.hero = heroes_[f];
      work.path = hands_dir_ / result_file_name(heroes_[f]);
      const auto opponents = opponent_hands(heroes_[f], options_.game);
      for (std::size_t i = c.lines.size(); i < opponents.size(); ++i)
        work.pending.push_back(pending_line(heroes_[f], opponents[i]));
      progress_.lines_total += work.pending.size();
      work.writer = std::make_unique<ResultFileWriter>(work.path, c);  // repairs or rewrites the file
      if (work.pending.empty()) {
        ++report_.files_complete;
        continue;
      }
      files_.push_back(std::move(work));
    }
    contents_.clear();
    progress_.matchups_total = tasks_.size();
    results_.resize(tasks_.size());
  }

  PendingLine pending_line(HoleCards hero, HoleCards opponent) {
    const auto m = canonical_matchup(hero, opponent);
    PendingLine line{opponent, m.swapped, -1, {}};
    if (const auto k = known_.find(m.key); k != known_.end()) {
      line.known = k->second;
      ++report_.matchups_reused;
    } else {
      auto [it, inserted] = task_of_.try_emplace(m.key, static_cast<std::int64_t>(tasks_.size()));
      if (inserted) tasks_.push_back(m);
      line.task = it->second;
    }
    return line;
  }

  // Appends to each file the lines whose counts are known once `tasks_done` tasks are.
  void write_ready_lines(std::size_t tasks_done) {
    const std::uint64_t boards = preflop_boards(options_.game);
    std::string buffer;
    for (auto& work : files_) {
      buffer.clear();
      std::size_t n = 0;
      while (work.next < work.pending.size()) {
        const auto& p = work.pending[work.next];
        if (p.task >= 0 && static_cast<std::size_t>(p.task) >= tasks_done) break;
        const SeatCounts s = p.task >= 0 ? results_[static_cast<std::size_t>(p.task)] : p.known;
        const ResultLine line = p.swapped ? ResultLine{p.opponent, s.second, s.first, boards}
                                          : ResultLine{p.opponent, s.first, s.second, boards};
        buffer += format_line(line);
        buffer += '\n';
        ++work.next;
        ++n;
      }
      if (n == 0) continue;
      work.writer->append(buffer);
      progress_.lines_written += n;
      if (work.next == work.pending.size()) {
        work.writer.reset();  // flushes to disk and closes
        ++report_.files_complete;
      }
    }
  }

  // Enumerates the tasks in batches (in parallel within one), writing the lines they complete
  // after each batch, until done or stopped.
  void enumerate_tasks() {
    const std::size_t batch = std::max<std::size_t>(options_.batch_size, 1);
    std::size_t done = 0;
    while (done < tasks_.size()) {
      if (options_.stop && options_.stop->load()) {
        report_.stopped = true;
        break;
      }
      const std::size_t end = std::min(tasks_.size(), done + batch);
      detail::parallel_for(tbb::blocked_range<std::size_t>(done, end, 8),
                           [&](const tbb::blocked_range<std::size_t>& r) {
                             for (std::size_t t = r.begin(); t != r.end(); ++t) {
                               const auto& m = tasks_[t];
                               const auto result = enumerate(Deal{{m.hero, m.villain}, {}, {}, options_.game});
                               const auto& a = result.players[0];
                               const auto& b = result.players[1];
                               results_[t] = SeatCounts{a.wins + a.ties, b.wins + b.ties};
                             }
                           });
      done = end;
      progress_.matchups_done = done;
      write_ready_lines(done);
      if (options_.progress) options_.progress(progress_);
    }
    report_.matchups_enumerated = done;
  }

  const fs::path& hands_dir_;
  const std::vector<HoleCards> heroes_;
  const BuildOptions& options_;
  BuildReport report_;
  BuildProgress progress_;
  std::vector<ResultFileContents> contents_;             // per hero, until planned
  std::unordered_map<std::uint32_t, SeatCounts> known_;  // counts on disk by canonical matchup
  std::vector<CanonicalMatchup> tasks_;                  // matchups to enumerate
  std::unordered_map<std::uint32_t, std::int64_t> task_of_;
  std::vector<SeatCounts> results_;  // per task
  std::vector<FileWork> files_;      // files with lines pending
};

}  // namespace

BuildReport build_hand_files(const fs::path& hands_dir, const std::vector<HoleCards>& heroes_in,
                             const BuildOptions& options) {
  DirectoryLock lock(hands_dir);
  return HandFileBuilder(hands_dir, unique_heroes(heroes_in, options.game), options).run();
}

// ---- The table --------------------------------------------------------------------------------

void PreflopTable::read_row(int i) {
  const auto& hand_class = hand_classes()[static_cast<std::size_t>(i)];
  const auto& lines = representative_lines(i);
  combos_.zero_row(i);
  wins_.zero_row(i);
  ties_.zero_row(i);
  losses_.zero_row(i);
  for (const auto& line : lines) {
    const int j = class_index_of(line.opponent);
    combos_(i, j) += 1;
    wins_(i, j) += static_cast<std::int64_t>(line.wins());
    ties_(i, j) += static_cast<std::int64_t>(line.ties());
    losses_(i, j) += static_cast<std::int64_t>(line.losses());
  }
  // Every hand of the class has the same results against each class as its representative.
  const std::int64_t combos = hand_class.combos();
  combos_.scale_row(i, combos);
  wins_.scale_row(i, combos);
  ties_.scale_row(i, combos);
  losses_.scale_row(i, combos);
}

std::string matrix_file_name(Game game) {
  const auto n = std::to_string(game_rules(game).hand_classes);
  return "preflop-" + n + "x" + n + ".csv";
}

PreflopTable PreflopTable::from_hand_files(const fs::path& hands_dir, Game game) {
  PreflopTable table;
  table.hands_dir_ = hands_dir;
  table.game_ = game;
  for (int i : classes_of(game)) table.read_row(i);
  return table;
}

PreflopTable PreflopTable::class_rows(const fs::path& dir, const std::vector<int>& classes, Game game) {
  PreflopTable table;
  table.hands_dir_ = dir / "hands";
  table.game_ = game;
  for (int i : classes) {
    if (i < 0 || i >= kHandClasses || !class_in_game(hand_classes()[static_cast<std::size_t>(i)], game))
      throw InputError("no hand class " + std::to_string(i) + " in " + std::string(game_name(game)));
    table.read_row(i);
  }
  // Class j against class i sums the same combo pairs as i against j, seen from the other seat.
  for (int i : classes)
    for (int j = 0; j < kHandClasses; ++j) {
      table.combos_(j, i) = table.combos_(i, j);
      table.wins_(j, i) = table.losses_(i, j);
      table.ties_(j, i) = table.ties_(i, j);
      table.losses_(j, i) = table.wins_(i, j);
    }
  return table;
}

namespace {

// The comma-separated fields of a line (a trailing '\r' dropped); false unless there are exactly N.
template <std::size_t N>
bool split_fields(std::string_view line, std::array<std::string_view, N>& fields) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::size_t n = 0;
  for (;;) {
    const std::size_t comma = line.find(',');
    if (n == N) return false;
    fields[n++] = line.substr(0, comma);
    if (comma == std::string_view::npos) return n == N;
    line.remove_prefix(comma + 1);
  }
}

std::int64_t parse_count(std::string_view text, const std::function<std::string()>& where) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || text.size() > 18 || error != std::errc{} || end != text.data() + text.size() || text[0] == '-')
    throw InputError(where() + "bad count " + quote_input(text));
  return value;
}

// The class index of a class name as the table writes it ("AKs"), else as anybody writes it.
// The table file's text; empty if it does not exist. A directory or a read error is an InputError
// naming the path (a table that cannot be read is a bad table, not a missing one).
std::string read_table_file(const fs::path& path) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (status.type() == fs::file_type::not_found) return {};
  if (status.type() == fs::file_type::directory)
    throw InputError(path.string() + ": is a directory, not the table file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad() || !text) throw InputError("cannot read " + path.string());
  return std::move(text).str();
}

int class_index_of_name(std::string_view name) {
  static const std::unordered_map<std::string, int> by_name = [] {
    std::unordered_map<std::string, int> m;
    for (int i = 0; i < kHandClasses; ++i) m.emplace(hand_classes()[static_cast<std::size_t>(i)].name(), i);
    return m;
  }();
  if (const auto it = by_name.find(std::string(name)); it != by_name.end()) return it->second;
  return class_index(parse_hand_class(name));
}

const char* kCsvHeader = kTableCsvHeader;

}  // namespace

PreflopTable PreflopTable::hand_files(const fs::path& dir, Game game) {
  PreflopTable table;
  table.hands_dir_ = dir / "hands";
  table.game_ = game;
  return table;
}

std::optional<PreflopTable> PreflopTable::load(const fs::path& dir, Game game) {
  const fs::path path = dir / matrix_file_name(game);
  const std::string text = read_table_file(path);
  if (text.empty()) return std::nullopt;
  PreflopTable table;
  table.hands_dir_ = dir / "hands";
  table.game_ = game;
  const std::int64_t boards = static_cast<std::int64_t>(preflop_boards(game));
  const std::string boards_text = game == Game::holdem ? "1,712,304" : std::to_string(boards);
  std::size_t line_number = 0;
  const std::function<std::string()> where = [&] { return path.string() + ":" + std::to_string(line_number) + ": "; };
  std::vector<bool> seen(static_cast<std::size_t>(kHandClasses * kHandClasses), false);
  std::size_t rows = 0;
  std::array<std::string_view, 7> fields;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t stop = std::min(text.find('\n', start), text.size());
    std::string_view line(text.data() + start, stop - start);
    start = stop + 1;
    ++line_number;
    if (line_number == 1) {
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line != kCsvHeader) throw InputError(where() + "expected the header " + kCsvHeader);
      continue;
    }
    if (line.empty() || line == "\r") continue;
    if (!split_fields(line, fields)) throw InputError(where() + "expected 7 fields");
    int i = 0, j = 0;
    try {
      i = class_index_of_name(fields[0]);
      j = class_index_of_name(fields[1]);
    } catch (const InputError& e) {
      throw InputError(where() + e.what());
    }
    for (const int c : {i, j})
      if (!class_in_game(hand_classes()[static_cast<std::size_t>(c)], game))
        throw InputError(where() + "class " + hand_classes()[static_cast<std::size_t>(c)].name() + " is not in " +
                         std::string(game_name(game)));
    const auto cell = static_cast<std::size_t>(i * kHandClasses + j);
    if (seen[cell])
      throw InputError(where() + "second row for " + std::string(fields[0]) + " against " + std::string(fields[1]));
    seen[cell] = true;
    ++rows;
    table.combos_(i, j) = parse_count(fields[2], where);
    // At most every combo pair of the two classes, so that combos x boards cannot overflow.
    const int most =
        hand_classes()[static_cast<std::size_t>(i)].combos() * hand_classes()[static_cast<std::size_t>(j)].combos();
    if (table.combos_(i, j) > most)
      throw InputError(where() + "combos " + std::string(fields[2]) + " is more than the " + std::to_string(most) +
                       " combo pairs of " + std::string(fields[0]) + " against " + std::string(fields[1]));
    table.wins_(i, j) = parse_count(fields[3], where);
    table.ties_(i, j) = parse_count(fields[4], where);
    table.losses_(i, j) = parse_count(fields[5], where);
    if (table.wins_(i, j) + table.ties_(i, j) + table.losses_(i, j) != table.combos_(i, j) * boards)
      throw InputError(where() + "wins + ties + losses is not combos x " + boards_text);
  }
  const auto classes = static_cast<std::size_t>(game_rules(game).hand_classes);
  if (rows != classes * classes) return std::nullopt;
  return table;
}

MatchupCounts PreflopTable::classes(int hero_class, int villain_class) const {
  return MatchupCounts{static_cast<std::uint64_t>(combos_(hero_class, villain_class)),
                       static_cast<std::uint64_t>(wins_(hero_class, villain_class)),
                       static_cast<std::uint64_t>(ties_(hero_class, villain_class)),
                       static_cast<std::uint64_t>(losses_(hero_class, villain_class))};
}

MatchupCounts PreflopTable::versus_random(int hero_class) const {
  return MatchupCounts{
      static_cast<std::uint64_t>(combos_.row_sum(hero_class)), static_cast<std::uint64_t>(wins_.row_sum(hero_class)),
      static_cast<std::uint64_t>(ties_.row_sum(hero_class)), static_cast<std::uint64_t>(losses_.row_sum(hero_class))};
}

const std::vector<ResultLine>& PreflopTable::representative_lines(int hero_class) const {
  if (auto it = lines_.find(hero_class); it != lines_.end()) return it->second;
  const auto rep = hand_classes()[static_cast<std::size_t>(hero_class)].representative();
  const fs::path path = hands_dir_ / result_file_name(rep);
  auto contents = read_result_file(path, rep, game_);
  if (!contents.complete())
    throw InputError(
        path.string() + ": " +
        (contents.exists
             ? "only " + std::to_string(contents.lines.size()) + " of the " +
                   (game_ == Game::holdem ? std::string("1,225") : std::to_string(contents.expected_lines)) + " lines"
             : std::string("missing")) +
        "; run `equity table" + (game_ == Game::holdem ? std::string() : " --game " + std::string(game_name(game_))) +
        "` to complete the table");
  return lines_[hero_class] = std::move(contents.lines);
}

MatchupCounts PreflopTable::hands(HoleCards hero, HoleCards villain) const {
  const CardSet hero_cards = to_set(hero[0]) | to_set(hero[1]);
  for (Card c : villain)
    if (hero_cards.contains(c)) throw InputError("both hands hold " + c.str());
  if (hero[0] == hero[1] || villain[0] == villain[1]) throw InputError("a hand holds one card twice");
  for (Card c : {hero[0], hero[1], villain[0], villain[1]})
    if (!game_rules(game_).in_deck(c)) throw InputError(not_in_deck(c, game_));
  const int hero_class = class_index_of(hero);
  const HoleCards rep = hand_classes()[static_cast<std::size_t>(hero_class)].representative();
  const CardSet rep_cards = to_set(rep[0]) | to_set(rep[1]);
  for (const auto& perm : suit_permutations()) {
    if ((to_set(map_card(hero[0], perm)) | to_set(map_card(hero[1], perm))) != rep_cards) continue;
    const HoleCards opponent = deck_ordered({map_card(villain[0], perm), map_card(villain[1], perm)});
    return counts_of(representative_lines(hero_class)[opponent_position(rep, opponent, game_)]);
  }
  throw InputError("internal: no suit permutation maps " + hand_name(hero) + " to " + hand_name(rep));
}

MatchupCounts PreflopTable::hand_versus_class(HoleCards hero, int villain_class) const {
  // Suit permutations keep classes, so the hero's file and its representative's file hold the same
  // counts against each class.
  MatchupCounts sum;
  for (const auto& line : representative_lines(class_index_of(hero)))
    if (class_index_of(line.opponent) == villain_class) sum += counts_of(line);
  return sum;
}

std::array<MatchupCounts, kHandClasses> PreflopTable::hand_versus_each_class(HoleCards hero) const {
  static const auto class_of_combo = [] {  // class index by combo index
    std::array<std::uint8_t, kCombos> classes{};
    for (int i = 0; i < kCombos; ++i)
      classes[static_cast<std::size_t>(i)] =
          static_cast<std::uint8_t>(class_index_of({combo_cards(i)[0], combo_cards(i)[1]}));
    return classes;
  }();
  std::array<MatchupCounts, kHandClasses> sums{};
  for (const auto& line : representative_lines(class_index_of(hero))) {
    const auto c = class_of_combo[static_cast<std::size_t>(combo_index(line.opponent[0], line.opponent[1]))];
    sums[c] += counts_of(line);
  }
  return sums;
}

MatchupCounts PreflopTable::hand_versus_random(HoleCards hero) const {
  MatchupCounts sum;
  for (const auto& line : representative_lines(class_index_of(hero))) sum += counts_of(line);
  return sum;
}

}  // namespace equity
