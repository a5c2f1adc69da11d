#pragma once
// Many 7-card hands at once, as rows of card ids: the batch evaluation behind the Python module's
// evaluate_batch() (a numpy array of shape (N, 7)).
#include <cstddef>
#include <cstdint>
#include <span>

#include "equity/evaluator.hpp"

namespace equity {

// The rank of each row of 7 card ids (ids[7 * r] ... ids[7 * r + 6], id = 4 * rank + suit as
// Card::id()) into ranks[r]: the same as evaluate() of those cards. ids.size() must be 7 times
// ranks.size(). Throws InputError naming the first bad row ("row 12: card id 60 is not 0..51",
// "row 3: a card twice") when a row has an id above 51 or a card twice; ranks is then partly
// written. threads: 1 evaluates on the calling thread, 0 on every core (oneTBB, in blocks of 64K
// rows), n on at most n; the ranks and the error are the same whatever it is.
void evaluate_rows(std::span<const std::uint8_t> ids, std::span<HandRank> ranks, int threads = 1);

}  // namespace equity
