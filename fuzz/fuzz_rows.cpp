// evaluate_rows: the input's bytes as rows of 7 card ids, as they are (mostly bad ids) and each
// taken modulo 52 (valid ids, sometimes a card twice). Every row of a batch that evaluates has the
// reference evaluator's score; a batch that throws has a bad row, and the message names the first.
#include <bit>
#include <string>
#include <vector>

#include "equity/cards.hpp"
#include "equity/detail/evaluator_tables.hpp"
#include "equity/error.hpp"
#include "equity/evaluate_rows.hpp"
#include "eval/reference_evaluator.hpp"
#include "fuzz_support.hpp"

using namespace equity;

namespace {

// The first row with an id above 51 or a card twice, by a plain check; rows when none.
std::size_t first_bad_row(const std::vector<std::uint8_t>& ids) {
  for (std::size_t r = 0; 7 * r < ids.size(); ++r) {
    std::uint64_t seen = 0;
    for (std::size_t k = 0; k < 7; ++k) {
      const unsigned id = ids[7 * r + k];
      if (id >= 52 || (seen >> id & 1)) return r;
      seen |= std::uint64_t{1} << id;
    }
  }
  return ids.size() / 7;
}

void check(const std::vector<std::uint8_t>& ids) {
  std::vector<HandRank> ranks(ids.size() / 7);
  const std::size_t bad = first_bad_row(ids);
  try {
    evaluate_rows(ids, ranks);
  } catch (const InputError& e) {
    FUZZ_CHECK(bad < ranks.size());
    FUZZ_CHECK(std::string(e.what()).starts_with("row " + std::to_string(bad) + ": "));
    return;
  }
  FUZZ_CHECK(bad == ranks.size());
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    std::array<Card, 7> cards;
    for (std::size_t k = 0; k < 7; ++k) cards[k] = Card(ids[7 * r + k]);
    FUZZ_CHECK(detail::kClassScores[ranks[r]] == reference_score(cards));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint8_t> ids(data, data + size / 7 * 7);
  check(ids);
  for (auto& id : ids) id = static_cast<std::uint8_t>(id % 52);
  check(ids);
  return 0;
}
