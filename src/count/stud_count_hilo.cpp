// The stud counts' instances for StudHiLoScorer (stud_sweep.hpp, stud_walk.hpp): the game's hot loops,
// compiled here alone.
#include "stud_sweep.hpp"
#include "stud_walk.hpp"

namespace equity::detail {

template StudSweepCounts stud_sweep<StudHiLoScorer>(const StudSetup& setup);
template StudCounts stud_walk<StudHiLoScorer>(const StudSetup& setup, StudGame game, const std::atomic<bool>* cancel);

}  // namespace equity::detail
