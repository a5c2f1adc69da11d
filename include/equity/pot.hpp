#pragma once
// What is in the pot: each player's chips in it (their stacks, all in), the chips of players who
// folded, and dead money. The chips are layered by the stacks, as a dealer builds the main pot and
// the side pots: with the players sorted by stack, each distinct stack s_k makes a layer of
// s_k - s_(k-1) chips from every player who put in at least s_k, won (and split, high and low in
// the Hi/Lo games) among them; a folded player's chips are in the layers they reach, as his bets
// were (those above the largest stack in the top layer), and the dead money (antes and blinds of
// no one's, or chips whose layer is not known) is the first layer's. A layer that only one player
// can win is his own chips back. Each player's expected chips back (EV) add the layers' chips
// times his share of each: calculate() answers every layer (Question::stacks, Answer::pot).
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace equity {

// One layer of the pot.
struct PotLayer {
  double chips = 0;                  // its chips (the first layer's with the dead money)
  std::vector<std::size_t> players;  // who can win it: their indices, ascending
};

// The layers of `stacks` (each player's chips in the pot, each a finite number above 0), the chips of
// players who folded, `folded` (each finite, 0 or more, in the layers it reaches), and `dead` chips
// (finite, 0 or more, in the first layer), the first layer's players being every player. Throws
// InputError for a stack that is not a number above 0 ("stack 2: ..."), folded chips or dead
// money that are not 0 or more.
std::vector<PotLayer> pot_layers(std::span<const double> stacks, double dead, std::span<const double> folded = {});

// Reads the stacks as the command line writes them, "100,250,40": one number above 0 a player.
// Throws InputError naming the bad one ("--stacks: '-5' (stack 3): a number above 0").
std::vector<double> parse_stacks(std::string_view text);
// Reads the folded players' chips as the command line writes them, "60,20": one number 0 or more a
// folded player. Throws InputError naming the bad one ("--folded: 'x' (folded 2): ...").
std::vector<double> parse_folded(std::string_view text);

// One layer answered.
struct PotLayerAnswer {
  PotLayer layer;
  // Each of layer.players' share of the layer won on average (1 for a layer one player alone can
  // win: his chips back), weighted by the combos' weights as the equities are.
  std::vector<double> equity;
  // Monte Carlo: each one's standard error (empty when exact).
  std::vector<double> standard_error;
  // Exact and unweighted, a layer two players or more can win: the showdowns it was counted over
  // and each player's pot won in units of 5,040 a showdown (every split whole: halves of a Hi/Lo
  // pot split up to ten ways), equity = pot_units / (5,040 x showdowns). Else 0 and empty.
  std::uint64_t showdowns = 0;
  std::vector<std::uint64_t> pot_units;
};

struct PotAnswer {
  std::vector<double> stacks;  // as asked (every player's chips in the pot)
  double dead = 0;             // the dead money
  std::vector<double> folded;  // the folded players' chips, as asked
  double chips = 0;            // the whole pot: the stacks, the folded players' chips and the dead money
  std::vector<PotLayerAnswer> layers;
  // Per player: the chips won back on average (the layers' chips times his shares), and that less
  // his stack.
  std::vector<double> ev, net;
  // Monte Carlo: each player's EV's standard error (the layers' counted apart); empty when exact.
  std::vector<double> ev_standard_error;
};

// Side pots as the counting methods take them, counted in the same pass as the pot of every player:
// each the set of players who can win it (bit p: player p; two or more, not every player), split
// among those of them with the best hand (high and low in the Hi/Lo games). The others' cards are
// dealt as always; they only do not contend for it.
struct SidePots {
  std::array<std::uint16_t, 10> players{};
  int count = 0;
};

// Throws std::invalid_argument unless each side pot is two players or more of `players`, not every
// one (the counting methods' precondition).
inline void check_side_pots(const SidePots& sides, std::size_t players) {
  const auto n = static_cast<unsigned>(players);
  if (sides.count < 0 || sides.count > static_cast<int>(sides.players.size()))
    throw std::invalid_argument("side pots: at most one a player");
  for (int l = 0; l < sides.count; ++l) {
    const unsigned in = sides.players[static_cast<std::size_t>(l)];
    if (std::popcount(in) < 2 || (in >> n) != 0 || std::popcount(in) == static_cast<int>(n))
      throw std::invalid_argument("side pots: two players or more of the deal, not every one");
  }
}

// Whole-pot units: two halves times lcm(1..10), so that every split of a Hi/Lo pot is whole.
inline constexpr std::uint64_t kPotUnits = 5040;

}  // namespace equity
