#pragma once
// What a counting method says of one question, for the planner (plan.cpp and the engines' planners):
// whether it can count the question at all (asked for by name it runs, else it is refused in its
// own words), whether it is a candidate when the method is left to the planner, the work it would
// count (in a unit its engine's offers share) and whether that work is within what automatic counts
// exactly. The planner keeps the cheapest candidate and samples when it is beyond automatic's
// limit: it chooses by counted work, never by timing. Private to the library.
#include <array>
#include <cstddef>

#include "equity/calculate.hpp"

namespace equity::detail {

struct MethodOffer {
  ExactMethod method = ExactMethod::automatic;
  bool takes = false;    // can count the question: runs when asked for by name
  bool offered = false;  // a candidate when the method is left to the planner (implies takes)
  double work = 0;       // the work it would count (candidates), in the unit of its engine's offers
  bool within = false;   // that work is within automatic's limit: exact, else Monte Carlo
};

// The candidate with the least work, the first listed of equal ones; null when there is none.
template <std::size_t N>
constexpr const MethodOffer* cheapest(const std::array<MethodOffer, N>& offers) {
  const MethodOffer* best = nullptr;
  for (const MethodOffer& offer : offers)
    if (offer.offered && (!best || offer.work < best->work)) best = &offer;
  return best;
}

// The offer of `method`; null when it is not listed.
template <std::size_t N>
constexpr const MethodOffer* offer_of(const std::array<MethodOffer, N>& offers, ExactMethod method) {
  for (const MethodOffer& offer : offers)
    if (offer.method == method) return &offer;
  return nullptr;
}

}  // namespace equity::detail
