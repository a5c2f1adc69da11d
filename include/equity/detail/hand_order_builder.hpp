#pragma once
// How the percentage orderings (hand_order.hpp) are made from the committed CSV files. The
// build-time generator (tools/ordergen.cpp) calls these on results/vs-random.csv and
// results/order-vs2.csv and writes the result as a C++ table; a test calls them again and compares.
#include <array>
#include <cstdint>
#include <string_view>

#include "equity/hand_class.hpp"

namespace equity::detail {

// Class indices (into hand_classes()), best first.
using ClassOrder = std::array<std::uint8_t, kHandClasses>;

// From vs-random.csv (hero,villain,combos,wins,ties,losses,equity; 169 rows): exact equity against
// one random hand descending, compared as the integer ratio (wins + ties / 2) / (wins + ties +
// losses); equal equities: more combos first, then table order. Throws InputError on a malformed file.
ClassOrder order_from_vs_random_csv(std::string_view csv);

// From order-vs2.csv (rank,class,combos,trials,equity,stderr; 169 rows): equity descending; equal
// equities: more combos first, then table order. Throws InputError on a malformed file.
ClassOrder order_from_ranked_csv(std::string_view csv);

// The generated tables (build/.../generated/hand_orders.cpp).
extern const ClassOrder kHandOrderEquity;
extern const ClassOrder kHandOrderVs2;

}  // namespace equity::detail
