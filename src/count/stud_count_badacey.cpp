// The stud counts' instances for BadaceyScorer (badacey's last draw: stud_sweep.hpp, stud_walk.hpp,
// stud_trials.hpp): the game's hot loops, compiled here alone.
#include "draw_trials.hpp"
#include "stud_sweep.hpp"
#include "stud_trials.hpp"
#include "stud_walk.hpp"

namespace equity::detail {

template StudSweepCounts stud_sweep<BadaceyScorer>(const StudSetup& setup, const StudSweepOptions& options);
template StudCounts stud_walk<BadaceyScorer>(const StudSetup& setup, StudGame game, const std::atomic<bool>* cancel,
                                             bool by_category, StudCompletionCounts* first);
template void stud_trials<BadaceyScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                std::uint64_t chunk, std::uint64_t size, StudChunk& out);
template void stud_trials<BadaceyScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                               std::uint64_t chunk, std::uint64_t size, StudChunk& out);
template void draw_trials<BadaceyScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                std::uint64_t chunk, std::uint64_t size, StudChunk& out);
template void draw_trials<BadaceyScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                               std::uint64_t chunk, std::uint64_t size, StudChunk& out);

}  // namespace equity::detail
