// The draw trials' instances for StudHighScorer (five-card draw's draw when it runs past the stub
// and the discards are shuffled back in: draw_trials.hpp), apart from stud's own loops
// (stud_count_stud.cpp), which they do not move.
#include "draw_trials.hpp"

namespace equity::detail {

template void draw_trials<StudHighScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                 std::uint64_t chunk, std::uint64_t size, StudChunk& out);
template void draw_trials<StudHighScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                std::uint64_t chunk, std::uint64_t size, StudChunk& out);

}  // namespace equity::detail
