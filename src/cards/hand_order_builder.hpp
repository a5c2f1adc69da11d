#pragma once
// How the percentage orderings (hand_order.hpp) are made from the committed CSV files. The
// build-time generator (tools/ordergen.cpp) calls these on results/vs-random.csv and
// results/order-vs2.csv and writes the result as a C++ table; a test calls them again and compares.
#include <array>
#include <cstdint>
#include <string_view>

#include "equity/hand_class.hpp"

namespace equity::detail {

// Class indices (into hand_classes()), best first. An ordering of a game with fewer classes holds
// the game's classes first (HandOrder::size of them) and the others after them in table order.
using ClassOrder = std::array<std::uint8_t, kHandClasses>;

// From vs-random.csv (hero,villain,combos,wins,ties,losses,equity; 169 rows): exact equity against
// one random hand descending, compared as the integer ratio (wins + ties / 2) / (wins + ties +
// losses); equal equities: more combos first, then table order. Throws InputError on a malformed file.
// With a short-deck game: its vs-random.csv (results/shortdeck/: 81 rows, 561 opponents a combo).
ClassOrder order_from_vs_random_csv(std::string_view csv, Game game = Game::holdem);

// From order-vs2.csv (rank,class,combos,trials,equity,stderr; 169 rows): equity descending; equal
// equities: more combos first, then table order. Throws InputError on a malformed file.
ClassOrder order_from_ranked_csv(std::string_view csv);

// The generated tables (build/.../generated/hand_orders.cpp).
extern const ClassOrder kHandOrderEquity;
extern const ClassOrder kHandOrderVs2;
extern const ClassOrder kHandOrderShortDeck;           // results/shortdeck/vs-random.csv
extern const ClassOrder kHandOrderShortDeckStraights;  // results/shortdeck-straights/vs-random.csv

}  // namespace equity::detail
