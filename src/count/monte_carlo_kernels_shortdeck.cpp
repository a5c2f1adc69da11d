// Short deck's Monte Carlo trial loops, both rule sets (trial_selection.hpp), compiled beside
// Hold'em's.
#include "equity/ranking.hpp"
#include "trial_selection.hpp"

namespace equity::detail {

template TrialsFunction select_trials_for<ShortDeckRanking<ShortDeckRules::trips_beat_straight>>(const TrialInputs&,
                                                                                                 bool);
template TrialsFunction select_trials_for<ShortDeckRanking<ShortDeckRules::straight_beats_trips>>(const TrialInputs&,
                                                                                                  bool);

}  // namespace equity::detail
