// One result-file line: a line that parses formats back to a line that parses to the same
// record; check_counts() accepts only counts that add up.
#include "equity/error.hpp"
#include "equity/result_file.hpp"
#include "fuzz_support.hpp"

using namespace equity;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ResultLine line;
  try {
    line = parse_line(fuzz::text_of(data, size));
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
    return 0;
  }
  FUZZ_CHECK(line.opponent[0] != line.opponent[1]);
  FUZZ_CHECK(parse_line(format_line(line)) == line);
  if (check_counts(line).empty()) {
    FUZZ_CHECK(line.wins() + line.ties() + line.losses() == kPreflopBoards);
  }
  return 0;
}
