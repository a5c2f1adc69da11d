#pragma once
// What a range hits on the board, as the terminal shows it: `equity ... --hits` (per player) and
// `equity range EXPR --board ... --hits`.
#include <string>
#include <string_view>

#include "equity/board_hits.hpp"

namespace equity::cli {

// "\n<title> on the board: 27 combos" and a line per made category and per draw that has combos
// (weighted, with the raw count in parentheses when weights apply) and its share of the range;
// categories no combo is in are left out (--json lists them all).
std::string hits_text(std::string_view title, const HitTable& hits);
inline std::string hits_text(std::string_view title, const BoardHits& hits) {
  return hits_text(title, hit_table(hits));
}

}  // namespace equity::cli
