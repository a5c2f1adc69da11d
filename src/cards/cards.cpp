#include "equity/cards.hpp"

#include <algorithm>
#include <cctype>

#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {

std::string Card::str() const {
  return {kRankChars[static_cast<std::size_t>(rank())], kSuitChars[static_cast<std::size_t>(suit())]};
}

std::vector<Card> CardSet::cards() const {
  std::vector<Card> out;
  out.reserve(static_cast<std::size_t>(size()));
  for (int id = 0; id < kCards; ++id)
    if (contains(Card(id))) out.push_back(Card(id));
  return out;
}

std::string CardSet::str() const {
  auto list = cards();
  std::sort(list.begin(), list.end(), [](Card a, Card b) { return a.deck_index() < b.deck_index(); });
  return to_string(list);
}

int read_rank(std::string_view text, std::size_t& pos) {
  if (pos >= text.size()) return -1;
  if (text.substr(pos, 2) == "10") {
    pos += 2;
    return 8;  // 'T'
  }
  const char c = text[pos], upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;  // ASCII alone
  const auto rank = kRankChars.find(upper);
  if (rank == std::string_view::npos) return -1;
  pos += 1;
  return static_cast<int>(rank);
}

int read_suit(std::string_view text, std::size_t& pos) {
  if (pos >= text.size()) return -1;
  const char c = text[pos], lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;  // ASCII alone
  if (const auto suit = kSuitChars.find(lower); suit != std::string_view::npos) {
    pos += 1;
    return static_cast<int>(suit);
  }
  // U+2660..U+2667 are E2 99 A0..A7: black spade, white heart, white diamond, black club, white
  // spade, black heart, black diamond, white club.
  static constexpr std::array<int, 8> kSymbolSuits = {0, 2, 3, 1, 0, 2, 3, 1};
  const std::string_view rest = text.substr(pos);
  if (rest.size() < 3 || rest[0] != '\xe2' || rest[1] != '\x99') return -1;
  const auto last = static_cast<unsigned char>(rest[2]);
  if (last < 0xa0 || last > 0xa7) return -1;
  pos += 3;
  if (text.substr(pos, 3) == "\xef\xb8\x8f") pos += 3;  // U+FE0F, the emoji presentation
  return kSymbolSuits[last - 0xa0];
}

namespace {

bool is_separator(char c) { return c == ' ' || c == ',' || c == '\t'; }

// Reads one card starting at text[pos]; advances pos. The token for messages is what was consumed.
Card read_card(std::string_view text, std::size_t& pos, std::string_view what) {
  const std::size_t start = pos;
  const int rank = read_rank(text, pos);
  if (rank < 0) {
    std::size_t end = start + std::max<std::size_t>(utf8_char_length(text.substr(start)), 1);
    if (end < text.size() && !is_separator(text[end]))
      end += std::max<std::size_t>(utf8_char_length(text.substr(end)), 1);
    throw InputError(std::string(what) + ": bad card " + quote_input(text.substr(start, end - start)) + " in " +
                     quote_input(text) + ": unknown rank " + quote_char_at(text, start) +
                     " (expected one of 2-9, T, J, Q, K, A)");
  }
  if (pos >= text.size() || is_separator(text[pos])) {
    throw InputError(std::string(what) + ": bad card " + quote_input(text.substr(start, pos - start)) + " in " +
                     quote_input(text) + ": missing suit (expected s, c, h or d)");
  }
  const int suit = read_suit(text, pos);
  if (suit < 0) {
    const std::size_t length = std::max<std::size_t>(utf8_char_length(text.substr(pos)), 1);
    throw InputError(std::string(what) + ": bad card " + quote_input(text.substr(start, pos + length - start)) +
                     " in " + quote_input(text) + ": unknown suit " + quote_char_at(text, pos) +
                     " (expected s, c, h or d)");
  }
  return Card(rank, suit);
}

}  // namespace

Card parse_card(std::string_view token) {
  std::size_t pos = 0;
  if (token.empty()) throw InputError("empty card");
  const Card card = read_card(token, pos, "card");
  if (pos != token.size())
    throw InputError("bad card " + quote_input(token) + ": expected exactly one card such as As or 10d");
  return card;
}

EQUITY_QUESTION_PATH std::vector<Card> parse_cards(std::string_view text, std::string_view what) {
  std::vector<Card> out;
  CardSet seen;
  std::size_t pos = 0;
  while (pos < text.size()) {
    if (is_separator(text[pos])) {
      ++pos;
      continue;
    }
    const Card card = read_card(text, pos, what);
    if (seen.contains(card))
      throw InputError(std::string(what) + ": duplicate card " + card.str() + " in " + quote_input(text));
    seen.insert(card);
    out.push_back(card);
  }
  return out;
}

std::array<Card, 2> parse_hole_cards(std::string_view text, std::string_view what) {
  const auto cards = parse_cards(text, what);
  if (cards.size() != 2)
    throw InputError(std::string(what) + ": " + quote_input(text) + " has " + std::to_string(cards.size()) +
                     (cards.size() == 1 ? " card" : " cards") + ", expected 2 (for example AsKd)");
  return {cards[0], cards[1]};
}

std::string to_string(const std::vector<Card>& cards, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i) out += separator;
    out += cards[i].str();
  }
  return out;
}

}  // namespace equity
