#pragma once
// Every way players hold their hands, each from a list written out in the test (the brute forces do
// not read the library's ranges): no card twice with each other or with the cards known.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "equity/cards.hpp"

namespace equity::test {

inline void each_way(const std::vector<std::vector<std::string>>& hands, const std::vector<Card>& known,
                     const std::function<void(const std::vector<std::vector<Card>>&)>& f) {
  std::vector<std::vector<Card>> holes;
  const std::function<void(std::size_t)> deal = [&](std::size_t p) {
    if (p == hands.size()) return f(holes);
    for (const std::string& text : hands[p]) {
      const std::vector<Card> hole = parse_cards(text);
      bool clash = false;
      for (Card c : hole) {
        clash |= std::find(known.begin(), known.end(), c) != known.end();
        for (const auto& h : holes) clash |= std::find(h.begin(), h.end(), c) != h.end();
      }
      if (clash) continue;
      holes.push_back(hole);
      deal(p + 1);
      holes.pop_back();
    }
  };
  deal(0);
}

}  // namespace equity::test
