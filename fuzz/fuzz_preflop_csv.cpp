// The preflop table loader (preflop-169x169.csv). First byte even: the input is the whole file.
// Odd: the committed table with the input's lines put in place of its rows from the row the next
// two bytes pick, so that whole tables with a few bad rows are tried too. A table that loads has
// every count consistent.
#include <algorithm>
#include <iterator>

#include "equity/error.hpp"
#include "equity/preflop_table.hpp"
#include "fuzz_support.hpp"

using namespace equity;

namespace {

const std::string& committed_csv() {
  static const std::string text = [] {
    std::ifstream in(EQUITY_SOURCE_DIR "/results/preflop-169x169.csv", std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }();
  return text;
}

std::string patched(std::string_view rows, std::size_t at) {
  std::string text = committed_csv();
  std::size_t start = 0;
  for (std::size_t line = 0; line <= at % 28561 && start < text.size(); ++line) start = text.find('\n', start) + 1;
  std::size_t stop = start;
  for (std::size_t n = std::count(rows.begin(), rows.end(), '\n') + 1; n > 0 && stop < text.size(); --n)
    stop = std::min(text.size(), text.find('\n', stop) + 1);
  text.replace(start, stop - start, rows);
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  const std::string_view rest = fuzz::text_of(data + 3, size - 3);
  const std::string text = data[0] % 2 ? patched(rest, std::size_t{data[1]} << 8 | data[2]) : std::string(rest);
  fuzz::write_file(fuzz::scratch_dir() / "preflop-169x169.csv", text);
  try {
    const auto table = PreflopTable::load(fuzz::scratch_dir());
    if (!table) return 0;
    for (int i = 0; i < kHandClasses; ++i)
      for (int j = 0; j < kHandClasses; ++j) {
        const MatchupCounts c = table->classes(i, j);
        FUZZ_CHECK(c.combos <= 144);
        FUZZ_CHECK(c.boards() == c.combos * kPreflopBoards);
      }
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
