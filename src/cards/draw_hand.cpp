// A draw-game player as written (draw_hand.hpp).
#include "equity/draw_hand.hpp"

#include <algorithm>
#include <cctype>

#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {
namespace {

// The number after '/': one or two digits, nothing else.
int read_draws(std::string_view digits, std::string_view text, const std::string& where) {
  std::size_t start = 0, end = digits.size();
  while (start < end && digits[start] == ' ') ++start;
  while (end > start && digits[end - 1] == ' ') --end;
  const std::string_view n = digits.substr(start, end - start);
  const bool number = !n.empty() && n.size() <= 2 && std::all_of(n.begin(), n.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
  if (!number)
    throw InputError(where + ": " + quote_input(text) + ": after '/' the number of cards drawn, not " + quote_input(n) +
                     " (Kd8s4h3c/1)");
  return std::stoi(std::string(n));
}

}  // namespace

DrawHand parse_draw_hand(std::string_view text, Game game, std::string_view where_view) {
  const GameRules& rules = game_rules(game);
  const std::string where(where_view), name(rules.name);
  const int size = rules.hole_cards;
  const std::string example = size == 4 ? "4h3d2s/1" : "Kd8s4h3c/1";
  if (text.find_first_not_of(" \t") == std::string_view::npos)
    throw InputError(where + ": no hand (a " + name + " player is the cards kept and how many are drawn, e.g. " +
                     example + ")");
  const std::size_t slash = text.find('/');
  std::string lower(text.substr(0, slash));
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "random")
    throw InputError(where + ": " + quote_input(text) + ": a " + name +
                     " player is the cards kept and how many are drawn (" + example + "), not random");
  DrawHand hand;
  hand.kept = parse_cards(text.substr(0, slash), where);
  const int kept = static_cast<int>(hand.kept.size());
  if (slash == std::string_view::npos) {
    if (kept != size)
      throw InputError(where + ": " + quote_input(text) + ": " + std::to_string(kept) +
                       (kept == 1 ? " card" : " cards") + " of a " + std::to_string(size) + "-card " + name +
                       " hand: " +
                       (kept < size ? "write how many are drawn (" + example + ")"
                                    : "a " + name + " hand has " + std::to_string(size)));
    return hand;
  }
  std::string_view counts = text.substr(slash + 1);
  const std::size_t next = counts.find('/');
  hand.draws = read_draws(counts.substr(0, next), text, where);
  while (next != std::string_view::npos && counts.find('/') != std::string_view::npos) {
    counts = counts.substr(counts.find('/') + 1);
    const int later = read_draws(counts.substr(0, counts.find('/')), text, where);
    if (later > size)
      throw InputError(where + ": " + quote_input(text) + ": draws " + std::to_string(later) + " cards; a " + name +
                       " hand has " + std::to_string(size));
    hand.later.push_back(later);
    if (hand.later.size() > 2)
      throw InputError(where + ": " + quote_input(text) + ": at most three draws, the next one and two after it");
  }
  if (kept + hand.draws != size)
    throw InputError(where + ": " + quote_input(text) + ": " + std::to_string(kept) + " kept and " +
                     std::to_string(hand.draws) + " drawn make " + std::to_string(kept + hand.draws) + " cards; a " +
                     name + " hand has " + std::to_string(size));
  return hand;
}

std::string to_string(const DrawHand& hand) {
  std::string out = to_string(hand.kept, "");
  if (hand.draws > 0 || !hand.later.empty()) {
    out += '/';  // in pieces: GCC 12's -Wrestrict misreads "/" + std::to_string()
    out += std::to_string(hand.draws);
  }
  for (const int n : hand.later) {
    out += '/';
    out += std::to_string(n);
  }
  return out;
}

}  // namespace equity
