#pragma once
// Showdowns: who wins between two hands of 5, 6 or 7 cards.
#include <cstdint>
#include <span>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/evaluator.hpp"

namespace equity {

// The result of a showdown from the first hand's point of view.
enum class Outcome : std::uint8_t { Win, Lose, Split };

constexpr Outcome compare(HandRank first, HandRank second) {
  return first > second ? Outcome::Win : first < second ? Outcome::Lose : Outcome::Split;
}

// Compares two hands of 5, 6 or 7 distinct cards each. The hands may not share a card (as in one
// deal); throws InputError otherwise.
Outcome compare(std::span<const Card> first, std::span<const Card> second);

// "win", "lose", "split".
std::string_view outcome_name(Outcome outcome);

}  // namespace equity
