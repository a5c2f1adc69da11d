// The stud counts' instances for BadeucyScorer (badeucy's last draw: stud_sweep.hpp, stud_walk.hpp,
// stud_trials.hpp): the game's hot loops, compiled here alone.
#include "draw_trials.hpp"
#include "stud_sweep.hpp"
#include "stud_trials.hpp"
#include "stud_walk.hpp"

namespace equity::detail {

template StudSweepCounts stud_sweep<BadeucyScorer>(const StudSetup& setup, const StudSweepOptions& options);
template StudCounts stud_walk<BadeucyScorer>(const StudSetup& setup, StudGame game, const std::atomic<bool>* cancel,
                                             bool by_category, StudCompletionCounts* first);
template void stud_trials<BadeucyScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                std::uint64_t chunk, std::uint64_t size, StudChunk& out);
template void stud_trials<BadeucyScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                               std::uint64_t chunk, std::uint64_t size, StudChunk& out);
template void draw_trials<BadeucyScorer, false>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                                std::uint64_t chunk, std::uint64_t size, StudChunk& out);
template void draw_trials<BadeucyScorer, true>(const StudSetup& setup, StudGame game, std::uint64_t seed,
                                               std::uint64_t chunk, std::uint64_t size, StudChunk& out);

}  // namespace equity::detail
