#include "equity/cards.hpp"

#include <algorithm>
#include <cctype>

#include "equity/error.hpp"

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
  std::sort(list.begin(), list.end(),
            [](Card a, Card b) { return a.deck_index() < b.deck_index(); });
  return to_string(list);
}

namespace {

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

int parse_rank_char(char c) {
  const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto pos = kRankChars.find(upper);
  return pos == std::string_view::npos ? -1 : static_cast<int>(pos);
}

int parse_suit_char(char c) {
  const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto pos = kSuitChars.find(lower);
  return pos == std::string_view::npos ? -1 : static_cast<int>(pos);
}

bool is_separator(char c) { return c == ' ' || c == ',' || c == '\t'; }

// Reads one card starting at text[pos]; advances pos. The token for messages is what was consumed.
Card read_card(std::string_view text, std::size_t& pos, std::string_view what) {
  const std::size_t start = pos;
  int rank = -1;
  if (text.substr(pos, 2) == "10") {
    rank = 8;  // 'T'
    pos += 2;
  } else {
    rank = parse_rank_char(text[pos]);
    pos += 1;
  }
  if (rank < 0) {
    std::size_t end = start;
    while (end < text.size() && !is_separator(text[end]) && end - start < 2) ++end;
    throw InputError(std::string(what) + ": bad card " + quoted(text.substr(start, std::max<std::size_t>(end - start, 1))) +
                     " in " + quoted(text) + ": unknown rank '" + std::string(1, text[start]) +
                     "' (expected one of 2-9, T, J, Q, K, A)");
  }
  if (pos >= text.size() || is_separator(text[pos])) {
    throw InputError(std::string(what) + ": bad card " + quoted(text.substr(start, pos - start)) + " in " +
                     quoted(text) + ": missing suit (expected s, c, h or d)");
  }
  const int suit = parse_suit_char(text[pos]);
  if (suit < 0) {
    throw InputError(std::string(what) + ": bad card " + quoted(text.substr(start, pos + 1 - start)) + " in " +
                     quoted(text) + ": unknown suit '" + std::string(1, text[pos]) +
                     "' (expected s, c, h or d)");
  }
  pos += 1;
  return Card(rank, suit);
}

}  // namespace

Card parse_card(std::string_view token) {
  std::size_t pos = 0;
  if (token.empty()) throw InputError("empty card");
  const Card card = read_card(token, pos, "card");
  if (pos != token.size())
    throw InputError("bad card " + quoted(token) + ": expected exactly one card such as As or 10d");
  return card;
}

std::vector<Card> parse_cards(std::string_view text, std::string_view what) {
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
      throw InputError(std::string(what) + ": duplicate card " + card.str() + " in " + quoted(text));
    seen.insert(card);
    out.push_back(card);
  }
  return out;
}

std::array<Card, 2> parse_hole_cards(std::string_view text, std::string_view what) {
  const auto cards = parse_cards(text, what);
  if (cards.size() != 2)
    throw InputError(std::string(what) + ": " + quoted(text) + " has " + std::to_string(cards.size()) +
                     " cards, expected 2 (for example AsKd)");
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
