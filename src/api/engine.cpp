#include "engine.hpp"

#include <array>
#include <cstddef>

#include "omaha_calculate.hpp"
#include "stud_calculate.hpp"

namespace equity::detail {
namespace {

// Indexed by HandMaking.
constexpr std::array<Engine, 3> kEngines = {{
    {plan_holdem, answer_holdem},  // any_five
    {plan_omaha, answer_omaha},    // two_plus_three
    {plan_stud, answer_stud},      // own_cards
}};
static_assert(static_cast<std::size_t>(HandMaking::any_five) == 0 &&
              static_cast<std::size_t>(HandMaking::two_plus_three) == 1 &&
              static_cast<std::size_t>(HandMaking::own_cards) == 2);

}  // namespace

const Engine& engine_of(Game game) { return kEngines[static_cast<std::size_t>(game_rules(game).making)]; }

}  // namespace equity::detail
