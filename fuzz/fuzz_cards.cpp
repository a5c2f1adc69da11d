// Cards and hands: parse_card, runs of cards, hole cards, and the `eval` input (5-7 cards
// evaluated, the best five and the name). Parsed cards print and parse back to themselves, and
// the fast evaluator agrees with the reference evaluator.
#include "equity/cards.hpp"
#include "equity/detail/evaluator_tables.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "eval/reference_evaluator.hpp"
#include "fuzz_support.hpp"

using namespace equity;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::text_of(data, size);
  try {
    const Card card = parse_card(text);
    FUZZ_CHECK(card.id() >= 0 && card.id() < kCards);
    FUZZ_CHECK(parse_card(card.str()) == card);
  } catch (const InputError&) {
  }
  try {
    (void)parse_hole_cards(text, "hand 1");
  } catch (const InputError&) {
  }
  try {
    const auto cards = parse_cards(text, "cards");
    CardSet set;
    for (Card c : cards) set.insert(c);
    FUZZ_CHECK(set.size() == static_cast<int>(cards.size()));
    FUZZ_CHECK(parse_cards(to_string(cards, " ")) == cards);
    if (cards.size() >= 5 && cards.size() <= 7) {
      const HandRank rank = evaluate_cards(cards);
      FUZZ_CHECK(detail::kClassScores[rank] == reference_score(cards));
      const auto best = best_five(cards);
      FUZZ_CHECK(evaluate_cards(best) == rank);
      FUZZ_CHECK(!hand_name(rank).empty());
    }
  } catch (const InputError&) {
  }
  return 0;
}
