// The Monte Carlo trial loops of Hold'em, and the choice of a game's loops (trial_selection.hpp;
// short deck's are instantiated in monte_carlo_kernels_shortdeck.cpp).
#include "equity/ranking.hpp"
#include "trial_selection.hpp"

namespace equity::detail {

extern template TrialsFunction select_trials_for<ShortDeckRanking<ShortDeckRules::trips_beat_straight>>(
    const TrialInputs&, bool);
extern template TrialsFunction select_trials_for<ShortDeckRanking<ShortDeckRules::straight_beats_trips>>(
    const TrialInputs&, bool);

TrialsFunction select_trials(const TrialInputs& inputs, bool by_category) {
  return with_ranking(inputs.game,
                      [&](auto ranking) { return select_trials_for<decltype(ranking)>(inputs, by_category); });
}

}  // namespace equity::detail
