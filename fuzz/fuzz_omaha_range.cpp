// Omaha ranges: the first byte picks the hand's size (4, 5 or 6 cards), the rest is the range.
// A range that parses is printed, parsed again and printed the same; both give every hand the same
// weight, in [0, 1] (hands drawn from the input's bytes: the whole set is 270,725 to 20 million);
// errors are single lines.
#include <array>

#include "equity/error.hpp"
#include "equity/omaha_range.hpp"
#include "fuzz_support.hpp"

using namespace equity;

namespace {

// Up to eight hands of `n` distinct cards, from the input's bytes.
std::vector<CardSet> hands_of(const std::uint8_t* data, std::size_t size, int n) {
  std::vector<CardSet> hands;
  std::uint64_t seed = 0x9e3779b97f4a7c15ull;
  for (std::size_t i = 0; i < size; ++i) seed = (seed ^ data[i]) * 0x100000001b3ull;
  for (int h = 0; h < 8; ++h) {
    CardSet hand;
    while (static_cast<int>(hand.size()) < n) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      hand.insert(Card(static_cast<int>((seed >> 33) % kCards)));
    }
    hands.push_back(hand);
  }
  return hands;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 512) return 0;
  const int n = 4 + data[0] % 3;
  OmahaRange range;
  try {
    range = OmahaRange::parse(fuzz::text_of(data + 1, size - 1), n, "player 1");
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
    return 0;
  }
  FUZZ_CHECK(range.hole_cards() == n);
  const std::string printed = range.str();
  const OmahaRange again = OmahaRange::parse(printed, n);
  FUZZ_CHECK(again.str() == printed);
  FUZZ_CHECK(again.specific() == range.specific() && again.random() == range.random());
  for (CardSet hand : hands_of(data, size, n)) {
    const double w = range.weight(hand);
    FUZZ_CHECK(w >= 0 && w <= 1);
    FUZZ_CHECK(again.weight(hand) == w);
  }
  if (range.specific()) FUZZ_CHECK(range.weight(range.hand()) == 1);
  return 0;
}
