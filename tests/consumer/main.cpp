// Calls the installed library: AsAc against KhQh preflop, every board counted exactly.
#include <cstdio>

#include "equity/cards.hpp"
#include "equity/enumeration.hpp"

int main() {
  const equity::Deal deal{{equity::parse_hole_cards("AsAc"), equity::parse_hole_cards("KhQh")}, {}, {}};
  const auto result = equity::enumerate(deal);
  const auto& aces = result.players[0];
  std::printf("AsAc: %llu wins, %llu ties, %llu losses\n", static_cast<unsigned long long>(aces.wins),
              static_cast<unsigned long long>(aces.ties), static_cast<unsigned long long>(aces.losses));
  const bool exact = aces.wins == 1'406'263 && aces.ties == 6'453 && aces.losses == 299'588;
  if (!exact) std::fprintf(stderr, "expected 1406263 wins, 6453 ties, 299588 losses\n");
  return exact ? 0 : 1;
}
