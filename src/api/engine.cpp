#include "engine.hpp"

#include <array>
#include <cstddef>

#include "omaha_calculate.hpp"
#include "stud_calculate.hpp"

namespace equity::detail {
namespace {

// Hold'em's grouped and board enumerations count the side pots in the main pot's pass, weights and all.
constexpr bool holdem_counts_side_pots(Method method, ExactMethod exact_method) {
  return method == Method::exact && (exact_method == ExactMethod::grouped || exact_method == ExactMethod::boards);
}

// Indexed by HandMaking.
constexpr std::array<Engine, 3> kEngines = {{
    // any_five
    {plan_holdem,
     answer_holdem,
     holdem_hands,
     holdem_counts_side_pots,
     {"",
      "and a side pot over a range is counted by this method hand by hand, over ranges of whole combos: the grouped "
      "enumeration (--method grouped) counts it with the weights",
      " together: too many for this method to count a side pot hand by hand (the grouped enumeration, --method "
      "grouped, counts it with the main pot)"}},
    // two_plus_three
    {plan_omaha,
     answer_omaha,
     omaha_hands,
     nullptr,
     {"", "and a side pot over a range is counted hand by hand, over ranges of whole hands, without weights",
      " together: too many to count a side pot hand by hand"}},
    // own_cards
    {plan_stud,
     answer_stud,
     nullptr,
     nullptr,
     {"which is counted without him only when his cards are a specific hand or random (and not with a community "
      "card)",
      "", ""}},
}};
static_assert(static_cast<std::size_t>(HandMaking::any_five) == 0 &&
              static_cast<std::size_t>(HandMaking::two_plus_three) == 1 &&
              static_cast<std::size_t>(HandMaking::own_cards) == 2);

}  // namespace

const Engine& engine_of(Game game) { return kEngines[static_cast<std::size_t>(game_rules(game).making)]; }

}  // namespace equity::detail
