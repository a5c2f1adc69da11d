#include "equity/showdown.hpp"

#include "equity/error.hpp"

namespace equity {

Outcome compare(std::span<const Card> first, std::span<const Card> second) {
  const HandRank a = evaluate_cards(first);
  const HandRank b = evaluate_cards(second);
  for (Card c : first)
    for (Card d : second)
      if (c == d) throw InputError("card " + c.str() + " is in both hands");
  return compare(a, b);
}

std::string_view outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::Win:
      return "win";
    case Outcome::Lose:
      return "lose";
    case Outcome::Split:
      return "split";
  }
  return "split";
}

}  // namespace equity
