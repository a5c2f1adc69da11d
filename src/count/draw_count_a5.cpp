// The draw trials' instances for RazzScorer (A-5 triple draw's draws before the last:
// draw_trials.hpp), apart from razz's own loops (stud_count_razz.cpp), which they do not move.
#include "draw_trials.hpp"

namespace equity::detail {

template void draw_trials<RazzScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                             std::uint64_t chunk, std::uint64_t size, StudChunk& out);
template void draw_trials<RazzScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                            std::uint64_t chunk, std::uint64_t size, StudChunk& out);

}  // namespace equity::detail
