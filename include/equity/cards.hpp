#pragma once
// Cards and card sets.
//
// A card is a number 0..51 = 4 * rank + suit, rank 0 ('2') .. 12 ('A'), suit 0..3 in the order
// s c h d. A CardSet is a 64-bit mask with 16 bits per suit: bit 16 * suit + rank, so the ranks of
// one suit are a contiguous 13-bit field (used directly by the flush lookup).
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace equity {

inline constexpr int kRanks = 13;
inline constexpr int kSuits = 4;
inline constexpr int kCards = 52;
inline constexpr std::string_view kRankChars = "23456789TJQKA";
inline constexpr std::string_view kSuitChars = "schd";

class Card {
 public:
  constexpr Card() = default;
  constexpr explicit Card(int id) : id_(static_cast<std::uint8_t>(id)) {}
  constexpr Card(int rank, int suit) : id_(static_cast<std::uint8_t>(4 * rank + suit)) {}

  constexpr int id() const { return id_; }
  constexpr int rank() const { return id_ >> 2; }
  constexpr int suit() const { return id_ & 3; }
  // Position in the result-file deck order As Ac Ah Ad Ks ... 2d (0..51).
  constexpr int deck_index() const { return (12 - rank()) * 4 + suit(); }
  constexpr std::uint64_t bit() const { return std::uint64_t{1} << (16 * suit() + rank()); }

  std::string str() const;  // "As", "Td"

  friend constexpr bool operator==(Card, Card) = default;
  friend constexpr auto operator<=>(Card, Card) = default;

 private:
  std::uint8_t id_ = 0;
};

// The card at position i of the deck order As Ac Ah Ad Ks ... 2d.
constexpr Card card_at_deck_index(int i) { return Card(12 - i / 4, i % 4); }

class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(std::uint64_t bits) : bits_(bits) {}
  static constexpr CardSet full() { return CardSet(0x1fff'1fff'1fff'1fffULL); }

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr bool contains(Card c) const { return (bits_ & c.bit()) != 0; }
  constexpr bool intersects(CardSet o) const { return (bits_ & o.bits_) != 0; }
  constexpr void insert(Card c) { bits_ |= c.bit(); }
  constexpr void erase(Card c) { bits_ &= ~c.bit(); }
  // The 13-bit rank mask of one suit.
  constexpr unsigned suit_ranks(int suit) const { return static_cast<unsigned>((bits_ >> (16 * suit)) & 0x1fff); }
  // How many cards of each rank the set holds.
  constexpr std::array<int, kRanks> rank_counts() const {
    std::array<int, kRanks> counts{};
    for (int s = 0; s < kSuits; ++s)
      for (unsigned m = suit_ranks(s); m; m &= m - 1) ++counts[std::countr_zero(m)];
    return counts;
  }

  constexpr CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
  constexpr CardSet operator&(CardSet o) const { return CardSet(bits_ & o.bits_); }
  constexpr CardSet operator-(CardSet o) const { return CardSet(bits_ & ~o.bits_); }
  constexpr CardSet& operator|=(CardSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  friend constexpr bool operator==(CardSet, CardSet) = default;

  // Cards in ascending id order (2s 2c 2h 2d 3s ... Ad).
  std::vector<Card> cards() const;
  // "AsAc": cards in deck order (aces first, suits s c h d).
  std::string str() const;

 private:
  std::uint64_t bits_ = 0;
};

inline constexpr CardSet to_set(Card c) { return CardSet(c.bit()); }

// ---- Card tokens: the one reader behind cards, hole cards, ranges and hand classes.

// Reads a rank at text[pos]: 2-9, T or 10, J, Q, K, A, in any case. Advances pos past it and
// returns 0 ('2') .. 12 ('A'); returns -1 and leaves pos alone if there is none.
int read_rank(std::string_view text, std::size_t& pos);

// Reads a suit at text[pos]: s, c, h, d in any case, or a suit symbol as players paste it, in
// UTF-8: the black or white spade, club, heart, diamond (also followed by the emoji variation
// selector U+FE0F). Advances pos past it and returns 0..3 (s c h d); -1 and pos unchanged if none.
int read_suit(std::string_view text, std::size_t& pos);

// Parses one card: a rank then a suit as read_rank() and read_suit() read them ("As", "10d", "A♠").
// Throws InputError naming the token and the reason.
Card parse_card(std::string_view token);

// Parses a run of cards such as "AsAc", "As Ac", "3C 3D 3S 9S 9D", "as,kd", "10d9d". Spaces and
// commas separate cards but are optional. Duplicates are an error. `what` names the argument in
// messages ("board", "hand 2").
std::vector<Card> parse_cards(std::string_view text, std::string_view what = "cards");

// A player's two hole cards.
using HoleCards = std::array<Card, 2>;

// Parses exactly two distinct cards.
HoleCards parse_hole_cards(std::string_view text, std::string_view what = "hand");

std::string to_string(const std::vector<Card>& cards, std::string_view separator = "");

}  // namespace equity
