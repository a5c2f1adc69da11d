// `equity batch`: bulk questions as JSON Lines, answered in parallel, resumable, split into shards
// that run anywhere (Slurm array tasks) and merged back into input order.
#include <fmt/format.h>
#include <signal.h>
#include <sys/stat.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <queue>
#include <unordered_map>
#include <utility>

#include "batch_files.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"
#include "equity/error.hpp"
#include "equity/request.hpp"
#include "equity/table_location.hpp"
#include "input_source.hpp"
#include "terminal.hpp"

namespace equity::cli {
namespace {
namespace batch {

namespace fs = std::filesystem;

std::atomic<bool> g_stop{false};
extern "C" void on_stop_signal(int) { g_stop.store(true); }

// Ctrl-C or SIGTERM (Slurm's scancel, a pre-emption) stops the run after the answers in progress
// are abandoned and those before them written; a second signal kills at once (safe too).
class StopSignals {
 public:
  StopSignals() {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_int_);
    sigaction(SIGTERM, &action, &previous_term_);
  }
  ~StopSignals() {
    sigaction(SIGINT, &previous_int_, nullptr);
    sigaction(SIGTERM, &previous_term_, nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction previous_int_ {};
  struct sigaction previous_term_ {};
};

struct Settings {
  Shard shard;
  std::uint64_t seed = 1;
  std::string table_dir;
  bool use_table = true;
  // Answers of an earlier run after the first changed question, by input line (AnswersScan).
  const std::unordered_map<std::uint64_t, std::string>* earlier = nullptr;
};

// The Monte Carlo seed of a line that gives none: the same for a line whatever the shards, threads
// or restarts, different from line to line.
std::uint64_t line_seed(std::uint64_t base, std::uint64_t line) {
  std::uint64_t state = base * 0x9E3779B97F4A7C15ULL ^ line;
  const auto splitmix64 = [&state] {  // Steele, Lea and Flood's SplitMix64, one step
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  splitmix64();
  return splitmix64() & kMaxSeed;
}

// {"line":N,"question":"DIGEST", the start of every answer line (batch_files.hpp).
std::string answer_start(std::uint64_t line, std::string_view question) {
  return "{\"line\":" + std::to_string(line) + ",\"question\":\"" + question_digest(question) + "\",";
}

std::string error_line(std::uint64_t line, std::string_view question, std::string_view message) {
  const nlohmann::json j = {{"error", message}};  // messages may quote invalid UTF-8: replaced
  return answer_start(line, question) + j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).substr(1) +
         "\n";
}

// The --json answer with "line" and "question" first and without "seconds" (a batch's answers are
// the same bytes on any run). Inside a JSON string every '"' is escaped, so the first ,"seconds":
// is the key.
std::string answer_line(std::uint64_t line, std::string_view question, std::string json) {
  const auto at = json.find(",\"seconds\":");
  if (at != std::string::npos) json.erase(at, json.find(',', at + 1) - at);
  return answer_start(line, question) + json.substr(1) + "\n";
}

// The answer of an earlier run to this very question (its line unchanged), when one is held.
const std::string* earlier_answer(std::uint64_t line, std::string_view text, const Settings& s) {
  if (s.earlier == nullptr) return nullptr;
  const auto it = s.earlier->find(line);
  if (it == s.earlier->end() || answer_digest(it->second) != question_digest(text)) return nullptr;
  return &it->second;
}

std::string answer(std::uint64_t line, std::string_view text, const Settings& s) {
  if (const std::string* kept = earlier_answer(line, text, s)) return *kept + "\n";
  try {
    Question q = parse_equity_request(text, std::numeric_limits<double>::max());
    if (!q.seed) q.seed = line_seed(s.seed, line);
    q.table_dir = s.table_dir;
    q.use_table = s.use_table;
    q.cancel = &g_stop;
    const Answer a = calculate(q);
    // Stopped by the signal part way (Monte Carlo keeps the trials it ran): not the line's answer,
    // so abandoned as a cancelled enumeration is, and asked again by the next run.
    if (a.stopped_by == "cancelled") throw Cancelled();
    return answer_line(line, text, to_json(a));
  } catch (const InputError& e) {
    return error_line(line, text, e.what());
  }
}

struct Line {
  std::uint64_t line = 0;
  std::string text;
};

struct ChunkAnswers {
  std::string joined;        // the answer lines, in input order
  std::size_t answered = 0;  // the longest answered prefix of the chunk (a stop leaves the rest)
  std::uint64_t errors = 0;  // ... of which error lines
};

// Answers a chunk of questions in parallel. Throws for an internal error, naming its line.
ChunkAnswers answer_chunk(const std::vector<Line>& chunk, const Settings& s) {
  std::vector<std::string> answers(chunk.size());
  std::vector<std::string> failures(chunk.size());
  std::vector<char> done(chunk.size(), 0);
  tbb::parallel_for(std::size_t{0}, chunk.size(), [&](std::size_t i) {
    try {
      answers[i] = answer(chunk[i].line, chunk[i].text, s);
      done[i] = 1;
    } catch (const Cancelled&) {
    } catch (const std::exception& e) {
      failures[i] = e.what();
    }
  });
  ChunkAnswers out;
  for (; out.answered < chunk.size() && done[out.answered]; ++out.answered) {
    out.joined += answers[out.answered];
    out.errors += is_error_line(answers[out.answered]) ? 1 : 0;
  }
  if (out.answered < chunk.size() && !failures[out.answered].empty())
    throw std::runtime_error("line " + std::to_string(chunk[out.answered].line) + ": " + failures[out.answered]);
  return out;
}

// Roughly how many lines of the input the shard has (blank lines included), for the progress line.
std::uint64_t shard_lines_estimate(const std::string& input, Shard shard) {
  std::ifstream in(input, std::ios::binary);
  if (input == "-" || !in) return 0;
  std::uint64_t lines = 0;
  char last = '\n';
  std::vector<char> block(1 << 20);
  while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
    const auto got = static_cast<std::size_t>(in.gcount());
    lines += static_cast<std::uint64_t>(std::count(block.data(), block.data() + got, '\n'));
    last = block[got - 1];
  }
  if (last != '\n') ++lines;
  return lines > shard.index ? (lines - shard.index + shard.count - 1) / shard.count : 0;
}

// One line on a terminal, redrawn in place and cleared at the end; nothing elsewhere.
class ProgressLine {
 public:
  ProgressLine(bool enabled, std::uint64_t total, std::uint64_t resumed)
      : enabled_(enabled && cursor_control_allowed(STDERR_FILENO)), total_(total), resumed_(resumed) {}
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void update(std::uint64_t answered_now) {
    if (!enabled_ || clock_.seconds() - last_ < 0.1) return;
    last_ = clock_.seconds();
    const double rate = static_cast<double>(answered_now) / std::max(last_, 1e-9);
    const std::uint64_t done = resumed_ + answered_now;
    std::string text = "equity batch: " + with_commas(done) + " answered";
    if (total_ >= done && total_ > 0) {
      text += fmt::format(" of ~{} ({:.0f}%)", with_commas(total_),
                          100.0 * static_cast<double>(done) / static_cast<double>(total_));
      if (rate > 0 && total_ > done) text += ", ETA " + format_duration(static_cast<double>(total_ - done) / rate);
    }
    text += ", " + with_commas(static_cast<std::uint64_t>(rate)) + "/s";
    fmt::print(stderr, "\r\x1b[2K{}", text.substr(0, 79));
    std::fflush(stderr);
    drawn_ = true;
  }
  void clear() {
    if (drawn_) fmt::print(stderr, "\r\x1b[2K");
    std::fflush(stderr);
    drawn_ = false;
  }

 private:
  bool enabled_;
  std::uint64_t total_, resumed_;
  bool drawn_ = false;
  double last_ = -1;
  Stopwatch clock_;
};

struct RunReport {
  AnswersScan resumed;         // what was on disk
  std::uint64_t taken = 0;     // ... of which an earlier run's, after a changed question, taken again
  std::uint64_t changed = 0;   // ... of which questions answered before and changed since
  std::uint64_t answered = 0;  // in this run
  std::uint64_t errors = 0;    // ... of which errors
  bool stopped = false;        // a signal stopped it
  double seconds = 0;
};

// What a run starts from: the answers on disk kept in place, and the first question to answer
// when it was read while checking them (an answer to an earlier version of it was there).
struct Resumed {
  AnswersScan scan;
  std::optional<Line> first;
};

// Checks the answers already on disk against the input (each answers the shard's next question,
// as it reads now) and leaves `lines` after the last of them.
Resumed resume(AnswersFile& file, const fs::path& out, ShardLines& lines, const std::string& input, Shard shard) {
  Resumed r;
  std::uint64_t line = 0;
  std::string text;
  r.scan = scan_answers(out, [&](std::uint64_t n, std::string_view answer) -> AnswerCheck {
    if (!lines.next(line, text))
      return {"answers input line " + std::to_string(n) + ", but " + input + " has no more questions of shard " +
              shard.str() + " (the answers of another input or shard?)"};
    if (line != n)
      return {"answers input line " + std::to_string(n) + ", but the next question of shard " + shard.str() + " in " +
              input + " is line " + std::to_string(line) + " (the answers of another input or shard?)"};
    if (answer_digest(answer) == question_digest(text)) return {};
    r.first = Line{line, text};
    return {{}, true};
  });
  if (r.scan.torn || r.scan.changed()) file.cut(r.scan.complete_bytes);
  return r;
}

// The questions of the next chunk, the one read while resuming first.
std::size_t fill_chunk(std::vector<Line>& chunk, std::optional<Line>& first, ShardLines& lines, bool& more) {
  std::size_t n = 0;
  if (first && !chunk.empty()) chunk[n++] = *std::exchange(first, std::nullopt);
  while (n < chunk.size() && (more = lines.next(chunk[n].line, chunk[n].text))) ++n;
  return n;
}

// Counts the chunk's answered lines that an earlier run had answered: taken again (the question
// unchanged) or answered again (changed since).
void count_earlier(const std::vector<Line>& chunk, std::size_t answered, const Settings& s, RunReport& report) {
  for (std::size_t i = 0; i < answered; ++i) {
    if (earlier_answer(chunk[i].line, chunk[i].text, s))
      ++report.taken;
    else if (s.earlier->contains(chunk[i].line))
      ++report.changed;
  }
}

RunReport run_batch_file(const std::string& input, const fs::path& out, Settings s, bool progress) {
  InputSource source(input);
  AnswersFile file(out);
  ShardLines lines(source.stream(), s.shard);
  RunReport report;
  Resumed resumed = resume(file, out, lines, source.name(), s.shard);
  report.resumed = std::move(resumed.scan);
  s.earlier = &report.resumed.after_change;
  ProgressLine display(progress, progress ? shard_lines_estimate(input, s.shard) : 0, report.resumed.answers);
  StopSignals signals;
  g_stop.store(false);
  Stopwatch clock;
  std::size_t chunk_size = 64;
  bool more = true;
  while (more && !g_stop.load()) {
    std::vector<Line> chunk(chunk_size);
    const std::size_t n = fill_chunk(chunk, resumed.first, lines, more);
    chunk.resize(n);
    if (n == 0) break;
    const Stopwatch chunk_clock;
    const ChunkAnswers answers = answer_chunk(chunk, s);
    file.append(answers.joined);
    report.answered += answers.answered;
    report.errors += answers.errors;
    count_earlier(chunk, answers.answered, s, report);
    if (answers.answered < n) {  // stopped in the middle of the chunk
      more = true;
      break;
    }
    display.update(report.answered);
    if (chunk_clock.seconds() < 0.1 && chunk_size < 16384) chunk_size *= 2;
  }
  display.clear();
  report.stopped = more;  // a signal came before the input's end
  report.seconds = clock.seconds();
  return report;
}

void print_run(const fs::path& out, const Settings& s, const RunReport& r, bool json) {
  const std::uint64_t answers = r.resumed.answers + r.answered, errors = r.resumed.errors + r.errors;
  const std::uint64_t kept = r.resumed.answers + r.taken, answered = r.answered - r.taken;
  const double rate = r.seconds > 0 ? static_cast<double>(answered) / r.seconds : 0;
  if (json) {
    nlohmann::ordered_json j;
    j["out"] = out.string();
    j["shard"] = s.shard.str();
    j["answers"] = answers;
    j["errors"] = errors;
    j["resumed"] = kept;
    j["answered"] = answered;
    j["changed"] = r.changed;
    j["finished"] = !r.stopped;
    j["seconds"] = r.seconds;
    j["per_second"] = rate;
    fmt::print("{}\n", j.dump());
    return;
  }
  fmt::print("{}: {} answers{} ({} error{}){}\n", out.string(), with_commas(answers),
             s.shard.count > 1 ? " for shard " + s.shard.str() : std::string(), with_commas(errors),
             errors == 1 ? "" : "s", r.stopped ? "" : ", every question answered");
  std::string run = answered == 0 ? "nothing to answer" : with_commas(answered) + " answered";
  if (r.changed) run += " (" + with_commas(r.changed) + " changed since the earlier run)";
  if (kept) run += ", " + with_commas(kept) + " kept from an earlier run";
  if (r.resumed.torn) run += ", a half-written last line redone";
  if (answered) run += fmt::format(", in {} ({}/s)", format_duration(r.seconds), with_commas(std::uint64_t(rate)));
  fmt::print("this run: {}\n", run);
}

// ---- merge -----------------------------------------------------------------------------------

// One part's answer lines, read in order.
struct Part {
  std::string name;
  std::ifstream in;
  std::string text;  // the current line
  std::uint64_t line = 0, row = 0;

  bool next() {
    if (!std::getline(in, text)) return false;
    ++row;
    const auto where = [&] { return name + ":" + std::to_string(row) + ": "; };
    if (in.eof())
      throw InputError(where() + "half-written last line: its shard did not finish (run it again to complete it)");
    const auto n = answer_line_number(text);
    if (!n || text.back() != '}')
      throw InputError(where() + "not an answer of equity batch (each line starts {\"line\":N and is one JSON object)");
    if (*n <= line)
      throw InputError(where() + "answers input line " + std::to_string(*n) + " after line " + std::to_string(line));
    line = *n;
    return true;
  }
};

// Writes the parts' answers in input order into `out`, checking that every question of the input
// has exactly one answer among them.
std::uint64_t merge(const std::string& input, const std::vector<std::string>& names, const fs::path& out) {
  InputSource source(input);
  std::vector<Part> parts(names.size());
  using Head = std::pair<std::uint64_t, std::size_t>;  // (line, part)
  std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (fs::is_directory(names[i])) throw InputError("cannot read " + names[i] + ": it is a directory");
    parts[i].name = names[i];
    parts[i].in.open(names[i], std::ios::binary);
    if (!parts[i].in) throw InputError("cannot open " + names[i] + ": no such file or not readable");
    if (parts[i].next()) heads.emplace(parts[i].line, i);
  }
  FileBeingWritten file(out);
  ShardLines questions(source.stream(), Shard{});
  std::uint64_t line = 0, answers = 0;
  std::string text;
  while (questions.next(line, text)) {
    if (heads.empty() || heads.top().first > line)
      throw InputError("line " + std::to_string(line) + " of " + source.name() +
                       " has no answer in the parts (a shard missing or not finished?)");
    const auto [n, i] = heads.top();
    if (n < line)
      throw InputError(parts[i].name + ":" + std::to_string(parts[i].row) + ": answers input line " +
                       std::to_string(n) + ", which is blank, or answered in another part too");
    if (answer_digest(parts[i].text) != question_digest(text))
      throw InputError(parts[i].name + ":" + std::to_string(parts[i].row) + ": answers another version of line " +
                       std::to_string(line) + " of " + source.name() +
                       " (changed since its shard ran: run that shard again)");
    heads.pop();
    file.write(parts[i].text);
    file.write("\n");
    ++answers;
    if (parts[i].next()) heads.emplace(parts[i].line, i);
  }
  if (!heads.empty()) {
    const Part& p = parts[heads.top().second];
    throw InputError(p.name + ":" + std::to_string(p.row) + ": answers input line " + std::to_string(p.line) +
                     ", but " + source.name() + " has " + std::to_string(questions.lines_read()) +
                     " lines (the answers of another input?)");
  }
  file.commit();
  return answers;
}

int run_merge(const Args& args) {
  CLI::App app(
      "Merges the answers of the shards of a batch (`equity batch IN --shard K/N --out PART`) into one\n"
      "file in input order, the same bytes as the answers of one unsharded run. Every question of IN\n"
      "must have exactly one answer among the parts: a missing shard, an unfinished one (a\n"
      "half-written last line) or the parts of another input are errors, and OUT is not written.\n"
      "OUT is written whole or not at all (OUT.tmp, then renamed).\n\n"
      "Example:\n"
      "  equity batch merge questions.jsonl parts/*.jsonl --out answers.jsonl",
      "equity batch merge");
  std::string input, out;
  std::vector<std::string> names;
  app.add_option("IN", input, "the questions the shards answered (JSON Lines)")->required();
  app.add_option("PARTS", names, "the shards' answer files, in any order")->required();
  app.add_option("-o,--out", out, "the merged answers (JSON Lines)")->required();
  return run(app, args, [&] {
    const auto same = [](const std::string& a, const std::string& b) {
      std::error_code ec;
      return fs::path(a) == fs::path(b) || fs::equivalent(a, b, ec);
    };
    if (same(input, out)) throw InputError("--out: " + out + " is the input file");
    for (const auto& name : names)
      if (same(name, out)) throw InputError("--out: " + out + " is one of the parts");
    const std::uint64_t answers = merge(input, names, out);
    fmt::print("{}: {} answers from {} parts\n", out, with_commas(answers), names.size());
    return 0;
  });
}

}  // namespace batch
}  // namespace

int run_batch(const Args& args) {
  if (!args.empty() && args[0] == "merge") return batch::run_merge(Args(args.begin() + 1, args.end()));
  CLI::App app(
      "Answers bulk questions: IN holds one question a line (JSON Lines), each the request object of\n"
      "`equity serve`'s /api/equity, e.g. {\"players\": [\"AsAc\", \"QQ+,AKs\"], \"board\": \"Ks7h2c\"}\n"
      "(fields: players, game, board, dead, method, stderr, trials, time, seed, per_combo, hits,\n"
      "distribution, by_category, order, stacks, pot; docs/serve.md; \"game\" takes the\n"
      "names of `equity --help`, e.g. {\"players\": [\"AsKsQhJh\", \"AA**\"], \"game\": \"omaha\"}).\n"
      "OUT gets one line per\n"
      "question, in input order: the `equity --json` answer with \"line\" (the input line, from 1)\n"
      "and \"question\" (a digest of the line) first and without \"seconds\", or {\"line\": N,\n"
      "\"question\": \"...\", \"error\": \"...\"} for a bad question; the batch goes on. Blank lines\n"
      "are skipped. Questions run in parallel, the answers do not depend on the thread count.\n"
      "Monte Carlo questions without a seed get one from --seed and their line number, so that a\n"
      "batch gives the same bytes on every run (unless a question sets \"time\").\n\n"
      "Resumable: answers are appended to OUT a chunk of whole lines at a time (and flushed to disk);\n"
      "a rerun keeps them and answers the rest (a half-written last line is redone). An answer is\n"
      "kept only while its line reads the same: from the first line edited since, OUT is cut and\n"
      "the rest answered again (the unchanged lines' answers taken back). Ctrl-C or SIGTERM stops\n"
      "after writing what is answered (exit code 130).\n\n"
      "--shard K/N answers only lines K+1, K+1+N, K+1+2N, ... (K from 0 to N-1: a Slurm array's\n"
      "$SLURM_ARRAY_TASK_ID as it is), so N runs split IN with no coordination; `equity batch merge\n"
      "IN PARTS... --out OUT` puts their answers back in input order (scripts/slurm/batch.sbatch).\n\n"
      "Examples:\n"
      "  equity batch questions.jsonl --out answers.jsonl\n"
      "  equity batch questions.jsonl --out part-3.jsonl --shard 3/8\n"
      "  equity batch merge questions.jsonl part-*.jsonl --out answers.jsonl",
      "equity batch");
  std::string input, out, shard = "0/1";
  batch::Settings s;
  int threads = 0;
  bool no_table = false, quiet = false, json = false;
  app.add_option("IN", input, "the questions, one JSON object a line (- for standard input)")->required();
  app.add_option("-o,--out", out, "the answers file (JSON Lines), appended to and resumed")->required();
  app.add_option("--shard", shard, "K/N: answer only lines K+1, K+1+N, ... (default 0/1: every line)");
  app.add_option("-t,--threads", threads, "worker threads (default 0: all cores)")->check(non_negative());
  app.add_option("--seed", s.seed, "mixed with the line number into the seed of a Monte Carlo question without one")
      ->check(seed_check());
  app.add_option("--table", s.table_dir, "preflop table directory (default: $EQUITY_RESULTS, else the installed one)");
  app.add_flag("--no-table", no_table, "always enumerate, even when the preflop table has the answer");
  app.add_flag("-q,--quiet", quiet, "no progress line");
  app.add_flag("--json", json, "print one JSON object summarising the run");
  return run(app, args, [&] {
    s.shard = parse_shard(shard);
    s.use_table = !no_table;
    if (input != "-" && fs::exists(input) && fs::exists(out) && fs::equivalent(input, out))
      throw InputError("--out: " + out + " is the input file");
    if (!s.table_dir.empty() && !fs::is_directory(s.table_dir))
      throw InputError("--table: " + s.table_dir + " is not a directory");
    if (s.use_table && s.table_dir.empty())  // found once, not for every question
      if (const auto dir = find_table()) s.table_dir = dir->string();
    ThreadLimit limit(threads);
    const batch::RunReport report = batch::run_batch_file(input, out, s, !quiet);
    batch::print_run(out, s, report, json);
    if (report.stopped) {
      fmt::print(stderr, "equity: interrupted: the {} answers on disk are kept; run the same command again to resume\n",
                 with_commas(report.resumed.answers + report.answered));
      return 130;
    }
    return 0;
  });
}

}  // namespace equity::cli
