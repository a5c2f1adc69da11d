// Whole result files, with repair: the first byte picks the hero, the rest is the file. A file
// that reads is opened for appending (which repairs it: a half-written last line cut off, the
// original layout rewritten), and reading it again gives the same lines, nothing half-written and
// nothing left to rewrite.
#include "equity/error.hpp"
#include "equity/hand_class.hpp"
#include "equity/result_file.hpp"
#include "fuzz_support.hpp"

using namespace equity;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const HoleCards hero = combo_cards(data[0] * 5 % kCombos);
  const auto path = fuzz::scratch_dir() / result_file_name(hero);
  fuzz::write_file(path, fuzz::text_of(data + 1, size - 1));
  ResultFileContents contents;
  try {
    contents = read_result_file(path, hero);
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
    return 0;
  }
  FUZZ_CHECK(contents.lines.size() <= static_cast<std::size_t>(kOpponentHands));
  { ResultFileWriter repair(path, contents); }
  const ResultFileContents again = read_result_file(path, hero);
  FUZZ_CHECK(again.lines == contents.lines);
  FUZZ_CHECK(again.half_written.empty());
  FUZZ_CHECK(!again.needs_rewrite);
  FUZZ_CHECK(again.complete_bytes == again.file_bytes);
  return 0;
}
