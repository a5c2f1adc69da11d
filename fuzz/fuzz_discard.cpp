// The draw game's discard positions ("1 3 5", "2,4", ""): a mask of at most the five positions.
#include "equity/draw_game.hpp"
#include "equity/error.hpp"
#include "fuzz_support.hpp"

using namespace equity;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const unsigned mask = parse_discard_positions(fuzz::text_of(data, size));
    FUZZ_CHECK(mask < 32);
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
