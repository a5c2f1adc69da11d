// The hands of many files read through one oneTBB pipeline: hands cut from the files in order (one
// thread), read and their all-ins counted in parallel, and handed to the caller in order.
#include "equity/hands_report.hpp"

#include <tbb/global_control.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>

#include "equity/error.hpp"
#include "equity/stopwatch.hpp"

namespace equity {
namespace {

namespace fs = std::filesystem;

// Every regular file of `paths`, folders walked recursively in name order.
std::vector<fs::path> files_of(const std::vector<std::string>& paths) {
  std::vector<fs::path> out;
  for (const auto& text : paths) {
    const fs::path path(text);
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<fs::path> inside;
      for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec)) inside.push_back(it->path());
      std::sort(inside.begin(), inside.end());
      out.insert(out.end(), inside.begin(), inside.end());
    } else if (fs::exists(path, ec)) {
      out.push_back(path);
    } else {
      throw InputError("'" + text + "': no such file or folder");
    }
  }
  return out;
}

// One hand in flight through the pipeline.
struct Work {
  std::size_t file = 0;
  HandText text;
  std::optional<SkippedHand> skip;  // a file that cannot be opened, a hand that cannot be read
  std::optional<HandHistory> hand;
  HandOutcome outcome;
  bool counted = false;
};

// One input: a file, or text held in memory, and the name it goes by.
struct Input {
  std::string name;
  fs::path path;                         // a file
  std::optional<std::string_view> text;  // or this text
  std::uint64_t bytes = 0;
};

// A stream over text held elsewhere (no copy).
class ViewBuffer : public std::streambuf {
 public:
  explicit ViewBuffer(std::string_view text) {
    char* begin = const_cast<char*>(text.data());  // read only: the get area is never written
    setg(begin, begin, begin + text.size());
  }
  std::uint64_t offset() const { return static_cast<std::uint64_t>(gptr() - eback()); }
};

// The inputs' hands one after another.
class HandSource {
 public:
  explicit HandSource(const std::vector<Input>& inputs) : inputs_(inputs) {}

  // The next hand (or a file skipped), nothing at the end.
  std::unique_ptr<Work> next() {
    for (;;) {
      if (reader_) {
        auto work = std::make_unique<Work>();
        work->file = index_;
        if (reader_->next(work->text)) return work;
        bytes_done_ += inputs_[index_].bytes;
        close();
        ++index_;
      }
      if (index_ >= inputs_.size()) return nullptr;
      if (auto skipped = open()) return skipped;
    }
  }
  std::uint64_t bytes() {
    if (!reader_) return bytes_done_;
    if (view_) return bytes_done_ + view_->offset();
    return bytes_done_ + static_cast<std::uint64_t>(std::max<std::streamoff>(0, file_.tellg()));
  }

 private:
  // Opens the next input; a Work saying why when it cannot be read.
  std::unique_ptr<Work> open() {
    const Input& in = inputs_[index_];
    if (in.text) {
      view_.emplace(*in.text);
      view_stream_.emplace(&*view_);
      reader_.emplace(*view_stream_);
      return nullptr;
    }
    file_.open(in.path, std::ios::binary);
    if (file_) {
      reader_.emplace(file_);
      return nullptr;
    }
    auto work = std::make_unique<Work>();
    work->file = index_++;
    work->skip = SkippedHand{in.name, 0, "cannot be opened"};
    return work;
  }
  void close() {
    reader_.reset();
    view_stream_.reset();
    view_.reset();
    if (file_.is_open()) file_.close();
  }

  const std::vector<Input>& inputs_;
  std::size_t index_ = 0;
  std::uint64_t bytes_done_ = 0;
  std::ifstream file_;
  std::optional<ViewBuffer> view_;
  std::optional<std::istream> view_stream_;
  std::optional<HandHistoryReader> reader_;
};

// Reads the hand and counts its all-in (the parallel stage).
void answer(Work& w, const std::vector<Input>& inputs, const std::string& hero) {
  if (w.skip) return;
  try {
    w.hand = parse_hand_history(w.text);
  } catch (const HandHistoryError& e) {
    w.skip = SkippedHand{inputs[w.file].name, e.line(), e.what()};
    return;
  }
  const HandHistory& h = *w.hand;
  auto& o = w.outcome;
  o.file = inputs[w.file].name;
  o.hand = &*w.hand;
  o.player = hero.empty() ? h.hero : hero;
  const auto why_not = not_an_all_in(h);
  if (!why_not) {
    try {
      o.all_in = all_in_ev(h, 1);
    } catch (const std::exception& e) {
      w.skip = SkippedHand{o.file, h.line, std::string("its all-in: ") + e.what()};
      return;
    }
  }
  const auto seat =
      std::find_if(h.players.begin(), h.players.end(), [&](const HandPlayer& p) { return p.name == o.player; });
  if (o.player.empty() || seat == h.players.end()) return;
  w.counted = true;
  if (why_not && !seat->folded && all_in_with_cards_to_come(h)) o.all_in_not_counted = *why_not;
  o.net = o.adjusted = seat->collected + seat->outside - seat->put_in;
  const AllInPlayer* me = o.in_all_in();
  if (me && !seat->cashed_out) o.adjusted = me->ev + seat->outside - me->put_in;  // a cash-out's result is its price
}

// Adds a counted hand to the report (the serial stage after the parallel one).
void tally(HandsReport& r, const HandOutcome& o) {
  const HandHistory& h = *o.hand;
  if (std::find(r.heroes.begin(), r.heroes.end(), o.player) == r.heroes.end()) r.heroes.push_back(o.player);
  auto row = std::find_if(r.stakes.begin(), r.stakes.end(), [&](const StakeTotals& s) {
    return s.game == h.game_text && s.stakes == h.stakes && s.tournament == h.tournament && s.symbol == h.symbol;
  });
  if (row == r.stakes.end()) {
    r.stakes.push_back(
        StakeTotals{h.game_text, h.stakes, h.symbol, h.currency, h.tournament, h.tournament ? 0 : h.big_blind});
    row = r.stakes.end() - 1;
  }
  ++row->hands;
  ++r.counted;
  row->net += o.net;
  row->adjusted += o.adjusted;
  if (o.in_all_in()) ++row->all_in_hands, ++r.all_ins;
  if (o.all_in_not_counted.empty()) return;
  auto why = std::find_if(r.not_counted.begin(), r.not_counted.end(),
                          [&](const auto& n) { return n.first == o.all_in_not_counted; });
  if (why == r.not_counted.end()) why = r.not_counted.insert(why, {o.all_in_not_counted, 0});
  ++why->second;
}

void skip(HandsReport& r, SkippedHand s) {
  ++r.skipped;
  if (r.skips.size() < 1000) r.skips.push_back(std::move(s));
}

}  // namespace

namespace {

HandsReport run(const std::vector<Input>& inputs, const HandsOptions& options,
                const std::function<void(const HandOutcome&)>& each) {
  const Stopwatch clock;
  HandsReport report;
  std::uint64_t total_bytes = 0;
  for (const auto& in : inputs) total_bytes += in.bytes;
  HandSource source(inputs);
  const int threads = options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency();
  bool cancelled = false;
  double last_progress = 0;
  std::atomic<std::uint64_t> bytes_read{0};  // written by the first stage, read by the last
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_pipeline(
        static_cast<std::size_t>(threads) * 8,
        tbb::make_filter<void, Work*>(tbb::filter_mode::serial_in_order, [&](tbb::flow_control& fc) -> Work* {
          if (options.cancel && options.cancel->load()) cancelled = true;
          auto w = cancelled ? nullptr : source.next();
          bytes_read.store(source.bytes(), std::memory_order_relaxed);
          if (!w) fc.stop();
          return w.release();
        }) & tbb::make_filter<Work*, Work*>(tbb::filter_mode::parallel, [&](Work* w) {
          answer(*w, inputs, options.hero);
          return w;
        }) & tbb::make_filter<Work*, void>(tbb::filter_mode::serial_in_order, [&](Work* raw) {
          const std::unique_ptr<Work> w(raw);
          if (!w->skip || w->skip->line != 0) ++report.hands;
          if (w->skip)
            skip(report, std::move(*w->skip));
          else if (w->counted) {
            tally(report, w->outcome);
            if (each) each(w->outcome);
          }
          if (options.progress && clock.seconds() - last_progress >= 0.25) {
            last_progress = clock.seconds();
            options.progress(
                HandsProgress{report.hands, bytes_read.load(std::memory_order_relaxed), total_bytes, last_progress});
          }
        }));
  });
  if (cancelled) throw Cancelled();
  report.files = inputs.size();
  report.seconds = clock.seconds();
  return report;
}

}  // namespace

const AllInPlayer* HandOutcome::in_all_in() const {
  if (!all_in) return nullptr;
  for (const auto& p : all_in->players)
    if (p.name == player) return &p;
  return nullptr;
}

void HandsChart::add(const HandOutcome& o) {
  const HandHistory& h = *o.hand;
  const std::string unit = h.tournament || h.symbol.empty() ? "chips" : h.symbol;
  if (money_.hands() == 0) unit_ = unit;
  if (unit != unit_ || h.tournament) one_currency_ = false;
  money_.add(o.net, o.adjusted);
  const double blind = h.big_blind > 0 ? h.big_blind : 1;
  big_blinds_.add(o.net / blind, o.adjusted / blind);
}

EvChart HandsChart::chart(const HandsReport& report, bool big_blinds) const {
  const bool money = one_currency_ && !big_blinds;
  return EvChart{report.heroes.size() == 1 ? report.heroes[0] : "Net won and all-in adjusted", money ? unit_ : "bb",
                 money ? money_.points() : big_blinds_.points()};
}

HandsReport read_hands(const std::vector<std::string>& paths, const HandsOptions& options,
                       const std::function<void(const HandOutcome&)>& each) {
  std::vector<Input> inputs;
  for (const auto& f : files_of(paths)) {
    std::error_code ec;
    const auto size = fs::file_size(f, ec);
    inputs.push_back(Input{f.string(), f, std::nullopt, ec ? 0 : static_cast<std::uint64_t>(size)});
  }
  return run(inputs, options, each);
}

HandsReport read_hands_text(const std::vector<HandsText>& texts, const HandsOptions& options,
                            const std::function<void(const HandOutcome&)>& each) {
  std::vector<Input> inputs;
  for (const auto& t : texts) inputs.push_back(Input{t.name, {}, t.text, t.text.size()});
  return run(inputs, options, each);
}

}  // namespace equity
