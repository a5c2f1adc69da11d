#pragma once
// The draw games' brute forces for the tests, from the rules: a hand as a key compared as an array,
// the smaller the better (deuce-to-seven and badugi; A-5 is razz_five() of stud_brute_force.hpp).
#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "equity/cards.hpp"

namespace equity::test {

// A deuce-to-seven hand as a key, compared as an array: the smaller is the better hand. First its
// class by the rules' order, from the best: 0 no pair, 1 one pair, 2 two pair, 3 three of a kind,
// 4 straight, 5 flush, 6 full house, 7 four of a kind, 8 straight flush; then its ranks, the ace
// 14 and high only, the most of a kind first and the higher first within as many (the order that
// breaks ties, the lower winning). A straight is five ranks in a row: with the ace at 14 only,
// A-2-3-4-5 is not one.
using DeuceSevenKey = std::array<int, 6>;

inline DeuceSevenKey deuce_seven_key(const std::array<Card, 5>& five) {
  std::array<int, 15> count{};
  for (Card c : five) ++count[static_cast<std::size_t>(c.rank() + 2)];
  std::vector<std::pair<int, int>> held;  // (count, rank), the most and the highest first
  for (int r = 2; r <= 14; ++r)
    if (count[static_cast<std::size_t>(r)] > 0) held.emplace_back(count[static_cast<std::size_t>(r)], r);
  std::sort(held.rbegin(), held.rend());
  bool flush = true;
  for (Card c : five) flush = flush && c.suit() == five[0].suit();
  const bool straight = held.size() == 5 && held.front().second - held.back().second == 4;
  int kind = 0;
  if (straight && flush)
    kind = 8;
  else if (held[0].first == 4)
    kind = 7;
  else if (held[0].first == 3 && held[1].first == 2)
    kind = 6;
  else if (flush)
    kind = 5;
  else if (straight)
    kind = 4;
  else if (held[0].first == 3)
    kind = 3;
  else if (held[0].first == 2 && held[1].first == 2)
    kind = 2;
  else if (held[0].first == 2)
    kind = 1;
  DeuceSevenKey key{kind};
  std::size_t i = 1;
  for (auto [n, r] : held)
    for (int k = 0; k < n; ++k) key[i++] = r;
  return key;
}

// +1 when `a` wins under 2-7, -1 when `b` does, 0 when they split.
inline int compare_deuce_seven(const std::array<Card, 5>& a, const std::array<Card, 5>& b) {
  const DeuceSevenKey ka = deuce_seven_key(a), kb = deuce_seven_key(b);
  return ka < kb ? 1 : kb < ka ? -1 : 0;
}

// A badugi hand as a key, compared as an array, the smaller the better: minus the number of cards
// of its best subset, then that subset's ranks from the highest down (ace 1 .. king 13), 0 past
// its size. The best subset: of every subset of the hand's cards (four, or five in badeucy and
// badacey) whose cards all differ in rank and in suit, the largest, and of those the lowest,
// compared from the highest card down.
using BadugiKey = std::array<int, 5>;

template <std::size_t N>
BadugiKey badugi_key(const std::array<Card, N>& hand) {
  BadugiKey best{1, 0, 0, 0, 0};  // worse than any hand's
  for (unsigned subset = 1; subset < (1u << N); ++subset) {
    std::array<Card, N> cards{};
    std::size_t size = 0;
    for (std::size_t i = 0; i < N; ++i)
      if ((subset >> i & 1u) != 0) cards[size++] = hand[i];
    bool badugi = true;
    for (std::size_t i = 0; i < size; ++i)
      for (std::size_t j = i + 1; j < size; ++j)
        badugi = badugi && cards[i].rank() != cards[j].rank() && cards[i].suit() != cards[j].suit();
    if (!badugi) continue;
    BadugiKey key{-static_cast<int>(size)};
    for (std::size_t i = 0; i < size; ++i) {  // each rank in before the lower ones
      const int rank = cards[i].rank() == 12 ? 1 : cards[i].rank() + 2;
      std::size_t at = i + 1;
      for (; at > 1 && key[at - 1] < rank; --at) key[at] = key[at - 1];
      key[at] = rank;
    }
    best = std::min(best, key);
  }
  return best;
}

template <std::size_t N, std::size_t M>
int compare_badugi(const std::array<Card, N>& a, const std::array<Card, M>& b) {
  const BadugiKey ka = badugi_key(a), kb = badugi_key(b);
  return ka < kb ? 1 : kb < ka ? -1 : 0;
}

}  // namespace equity::test
