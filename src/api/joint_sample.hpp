#pragma once
// The joint Monte Carlo of a board game's question over ranges, where the counting methods do not
// sample it: side pots with a range left out of them (pot.cpp), runs and two boards over ranges
// (runouts.cpp). A trial draws every player's hand (a range's by its weights, every one drawn again
// when two share a card; Omaha's random from the deck), then one runout a part of the pot (each run,
// and each board of it, from what the earlier ones left), scores every player on every part
// (evaluate_rows(), the game's own scoring) and pays every layer of the pot (pot.hpp) part by part
// among its own players, high and low as the game splits them. Unbiased: every deal of everyone's
// cards is as likely as the ranges' weights make it. One stream of random numbers from the seed: the
// same seed, the same numbers. Private to the library.
#include <cstdint>
#include <vector>

#include "api/question.hpp"
#include "equity/pot.hpp"

namespace equity::detail {

struct JointSample {
  std::uint64_t trials = 0;
  std::uint64_t seed = 0;
  std::string stopped_by;  // "stderr", "trials", "time", "cancelled"
  // Per layer (as given), per player of it: his share of the layer on average, its standard error.
  std::vector<std::vector<double>> layer_equity, layer_stderr;
  // Per player, the whole pot (every player's layer, or the first): pot units won (5,040 a part), the
  // trials where he took k parts alone (k = 0 .. parts), his share and its standard error.
  std::vector<std::uint64_t> units;
  std::vector<std::vector<std::uint64_t>> scooped;
  std::vector<double> equity, standard_error;
};

// Samples the question `s` (Hold'em, short deck, Omaha; its board and second board, dead cards, runs)
// paying `layers` (the first holds every player), from `seed`, to the question's stopping rules
// (its target standard error, else kDefaultStderr of the worst layer share; its trials, its
// seconds). Throws InputError when the ranges almost never fit together, Cancelled when cancelled
// before a trial.
JointSample joint_sample(const PlannedQuestion& s, const std::vector<PotLayer>& layers, std::uint64_t seed);

}  // namespace equity::detail
