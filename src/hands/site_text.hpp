#pragma once
// The small readers of hand-history text: prefixes, amounts as the sites write them ("$1,234.56",
// "€0.05", "1500"), and the cards in brackets ("[Ah Kd] [7c]").
#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"

namespace equity::hands {

// The text after `prefix` when `text` starts with it.
inline std::optional<std::string_view> after(std::string_view text, std::string_view prefix) {
  if (!text.starts_with(prefix)) return std::nullopt;
  return text.substr(prefix.size());
}

// An amount at the start of `text`: a currency symbol or code letters before it are skipped,
// thousands separators (',') dropped. Returns nothing unless a number of 0 or more follows; `used`
// is the bytes read.
inline std::optional<double> parse_amount(std::string_view text, std::size_t* used = nullptr) {
  std::size_t i = 0;
  while (i < text.size() && !(text[i] >= '0' && text[i] <= '9') && text[i] != ' ' && text[i] != '(' && text[i] != ')' &&
         text[i] != '-' && i < 4)
    ++i;  // "$", "€" (3 bytes), "£" (2 bytes)
  std::string digits;
  std::size_t j = i;
  for (; j < text.size(); ++j) {
    const char c = text[j];
    if ((c >= '0' && c <= '9') || c == '.')
      digits.push_back(c);
    else if (c != ',' || j + 1 >= text.size() || !(text[j + 1] >= '0' && text[j + 1] <= '9'))
      break;
  }
  if (digits.empty() || digits.front() == '.') return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  if (used) *used = j;
  return value;
}

// The currency symbol an amount starts with ("$", "€", "£"), "" for none.
inline std::string amount_symbol(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && i < 4 && !(text[i] >= '0' && text[i] <= '9')) ++i;
  return std::string(text.substr(0, i));
}

// Cards as the sites write them, "Ah Kd 7c" (two characters each, one space between): nothing for
// anything else (parse_cards() reads it, or says what is wrong).
inline std::optional<std::vector<Card>> quick_cards(std::string_view text) {
  std::vector<Card> out;
  CardSet seen;
  for (std::size_t i = 0; i < text.size(); i += 3) {
    if (i + 2 > text.size() || (i + 2 < text.size() && text[i + 2] != ' ')) return std::nullopt;
    const auto rank = kRankChars.find(text[i]);
    const auto suit = kSuitChars.find(text[i + 1]);
    if (rank == std::string_view::npos || suit == std::string_view::npos) return std::nullopt;
    const Card c(static_cast<int>(rank), static_cast<int>(suit));
    if (seen.contains(c)) return std::nullopt;
    seen.insert(c);
    out.push_back(c);
  }
  return out;
}

// Every bracketed group's cards in order: "[Ah Kd] [7c]" gives Ah Kd 7c. Throws InputError for a
// bad card; `groups` (optional) receives each group's size.
inline std::vector<Card> bracket_cards(std::string_view text, std::vector<int>* groups = nullptr) {
  std::vector<Card> out;
  for (std::size_t open = text.find('['); open != std::string_view::npos; open = text.find('[', open + 1)) {
    const std::size_t close = text.find(']', open);
    if (close == std::string_view::npos) break;
    const std::string_view inside = text.substr(open + 1, close - open - 1);
    if (inside.find_first_not_of(' ') == std::string_view::npos) continue;
    auto quick = quick_cards(inside);
    const auto cards = quick ? std::move(*quick) : parse_cards(inside, "cards");
    out.insert(out.end(), cards.begin(), cards.end());
    if (groups) groups->push_back(static_cast<int>(cards.size()));
  }
  return out;
}

}  // namespace equity::hands
