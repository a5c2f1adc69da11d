// UVa 131 input: a line of ten cards, the best draw, and the judge's line. The best draw is at
// least as good as keeping all five, and the judge line's cards read back to the same deal.
#include <sstream>

#include "equity/classic.hpp"
#include "equity/error.hpp"
#include "fuzz_support.hpp"

using namespace equity;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  PsychicDeal deal;
  try {
    deal = parse_psychic_line(fuzz::text_of(data, size), "line 1");
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
    return 0;
  }
  const PsychicPlay play = best_draw(deal);
  FUZZ_CHECK(play.discard_mask < 32);
  FUZZ_CHECK(play.rank >= evaluate(Hand(deal.hand)));
  FUZZ_CHECK(play.rank == evaluate(Hand(play.final_hand)));
  const std::string judge = psychic_judge_line(deal, play);
  FUZZ_CHECK(judge.rfind("Hand: ", 0) == 0);
  const PsychicDeal again = parse_psychic_line(classic_cards(deal.hand) + " " + classic_cards(deal.deck));
  FUZZ_CHECK(again.hand == deal.hand && again.deck == deal.deck);
  return 0;
}
