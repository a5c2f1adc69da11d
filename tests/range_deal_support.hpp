#pragma once
// A Hold'em RangeDeal from range texts and card strings, for the tests of the counting methods.
#include <string>
#include <vector>

#include "equity/cards.hpp"
#include "equity/deal.hpp"
#include "equity/range.hpp"

namespace equity::test {

inline RangeDeal make(const std::vector<std::string>& ranges, const std::string& board = "",
                      const std::string& dead = "") {
  RangeDeal d;
  for (const auto& r : ranges) d.ranges.push_back(Range::parse(r));
  d.board = parse_cards(board);
  d.dead = parse_cards(dead);
  return d;
}

}  // namespace equity::test
