// Ranges: parse, print, parse again gives the same range (the same combos and weights), and the
// printed form is stable; warnings are single lines.
#include "equity/error.hpp"
#include "equity/range.hpp"
#include "fuzz_support.hpp"

using namespace equity;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  Range range;
  std::vector<std::string> warnings;
  try {
    range = Range::parse(fuzz::text_of(data, size), "player 1", &warnings);
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
    return 0;
  }
  for (const auto& w : warnings) FUZZ_CHECK(w.find('\n') == std::string::npos);
  for (int i = 0; i < kCombos; ++i) FUZZ_CHECK(range.weight(i) >= 0 && range.weight(i) <= 1);
  FUZZ_CHECK(!range.empty());
  const std::string printed = range.str();
  const Range again = Range::parse(printed);
  FUZZ_CHECK(again == range);
  FUZZ_CHECK(again.str() == printed);
  return 0;
}
