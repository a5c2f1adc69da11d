// The stud counts' instances for RazzScorer (stud_sweep.hpp, stud_walk.hpp): the game's hot loops,
// compiled here alone.
#include "stud_sweep.hpp"
#include "stud_walk.hpp"

namespace equity::detail {

template StudSweepCounts stud_sweep<RazzScorer>(const StudSetup& setup);
template StudCounts stud_walk<RazzScorer>(const StudSetup& setup, StudGame game, const std::atomic<bool>* cancel);

}  // namespace equity::detail
