#pragma once
// Five-card draw, the interactive game: shuffle, deal five cards, ask which to discard, replace
// them from the deck, show the final hand. The game reads and writes streams and takes its seed
// from the caller, so a game driven by text is reproducible and testable.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <random>
#include <string>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/evaluator.hpp"

namespace equity {

// A uniform integer in [0, n) for n >= 1, by rejection sampling on the generator's 64-bit output.
// std::uniform_int_distribution and std::shuffle are implementation-defined, this is not: a seed
// deals the same cards with every standard library.
std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t n);

// The 52 cards in a uniformly random order (Fisher-Yates with uniform_below); the top is [0].
std::array<Card, kCards> shuffled_deck(std::mt19937_64& rng);

// The positions typed by the player ("1 3 5", "2,4", "" for none) as a mask: bit i = position
// i + 1. Throws InputError saying what is wrong: a position outside 1-5, a repeated position, or
// something that is not a number.
unsigned parse_discard_positions(std::string_view text);

// "A♠" with suit symbols (UTF-8), "As" without.
std::string card_face(Card card, bool suit_symbols);

struct DrawOptions {
  std::uint64_t seed = 0;
  int rounds = 1;
  bool suit_symbols = false;
  bool echo_input = false;  // write each line read after its prompt, for transcripts of piped input
};

struct DrawSummary {
  int hands_played = 0;                        // hands played to the end
  std::array<int, kCategories> by_category{};  // final hands by category
  bool quit_early = false;                     // the input ended, or the player typed q
};

// Plays options.rounds hands. Each hand shuffles a fresh deck (one generator seeded once for the
// whole game), deals the top five, reads which to discard (invalid answers are explained and asked
// again), deals the replacements from the top of the rest of the deck, and shows the final hand
// and its name. End of input or "q" ends the game cleanly.
DrawSummary play_draw(std::istream& in, std::ostream& out, const DrawOptions& options);

}  // namespace equity
