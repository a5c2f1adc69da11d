// Hand classes ("AKs", "109o") and class lists ("AA,AKs 72o"): a parsed class's name parses back
// to it, and a list holds distinct class indices in table order.
#include "equity/error.hpp"
#include "equity/hand_class.hpp"
#include "fuzz_support.hpp"

using namespace equity;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::text_of(data, size);
  try {
    const HandClass c = parse_hand_class(text);
    FUZZ_CHECK(c.high >= c.low && c.low >= 0 && c.high < kRanks);
    FUZZ_CHECK(parse_hand_class(c.name()) == c);
    FUZZ_CHECK(class_index(c) >= 0 && class_index(c) < kHandClasses);
  } catch (const InputError&) {
  }
  try {
    const auto list = parse_class_list(text);
    FUZZ_CHECK(!list.empty());
    for (std::size_t i = 0; i < list.size(); ++i) {
      FUZZ_CHECK(list[i] >= 0 && list[i] < kHandClasses);
      if (i) FUZZ_CHECK(list[i - 1] < list[i]);
    }
  } catch (const InputError&) {
  }
  return 0;
}
