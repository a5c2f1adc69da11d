#include "equity/hand_order.hpp"

#include <algorithm>
#include <cctype>

#include "cards/hand_order_builder.hpp"
#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {

namespace {

constexpr std::array<HandOrder, 4> kOrders{{
    {"equity", "exact equity against one random hand (alias vs1; the default)", &detail::kHandOrderEquity},
    {"vs2", "equity against two random hands (Monte Carlo)", &detail::kHandOrderVs2},
    {"shortdeck-equity",
     "short deck's 81 classes by exact equity against one random short-deck hand (the default of --game shortdeck)",
     &detail::kHandOrderShortDeck, Game::shortdeck, 81, 630},
    {"shortdeck-straights-equity", "the same with straights over trips (the default of --game shortdeck-straights)",
     &detail::kHandOrderShortDeckStraights, Game::shortdeck_straights, 81, 630},
}};

}  // namespace

std::span<const HandOrder> hand_orders() { return kOrders; }

std::string_view default_hand_order(Game game) {
  switch (game) {
    case Game::shortdeck:
      return "shortdeck-equity";
    case Game::shortdeck_straights:
      return "shortdeck-straights-equity";
    default:  // Hold'em, and the Omaha games, which order no classes of two cards
      break;
  }
  return kDefaultHandOrder;
}

EQUITY_QUESTION_PATH const HandOrder& hand_order(std::string_view name) {
  const auto& orders = hand_orders();
  if (name == "vs1") return orders.front();
  for (const auto& o : orders)
    if (o.name == name) return o;
  std::string names;
  for (const auto& o : orders) names.append(names.empty() ? "" : ", ").append(o.name);
  throw InputError("order " + quote_input(name) + " is not known (one of: " + names + ", or vs1 for equity)");
}

namespace {

constexpr int kMaxDecimals = 6;

// A non-negative decimal as digits / 10^decimals.
struct Decimal {
  std::uint64_t digits = 0;
  int decimals = 0;
};

std::uint64_t power10(int n) {
  std::uint64_t p = 1;
  while (n-- > 0) p *= 10;
  return p;
}

// Reads "12" or "12.5" followed by '%' at `pos`; "" or why not.
std::string read_one(std::string_view s, std::size_t& pos, Decimal& out) {
  const auto digit = [&](std::size_t i) { return i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); };
  if (pos < s.size() && s[pos] == '-') return "a percentage cannot be negative";
  if (!digit(pos))
    return pos < s.size() && s[pos] == '%' ? "no number before '%'" : "expected a number such as 15 before '%'";
  out = {};
  bool point = false;
  for (; digit(pos) || (!point && pos < s.size() && s[pos] == '.' && digit(pos + 1)); ++pos) {
    if (s[pos] == '.') {
      point = true;
      continue;
    }
    if (point && ++out.decimals > kMaxDecimals) return "a percentage has at most 6 decimals";
    if (out.digits > power10(12)) return "a percentage is at most 100%";
    out.digits = out.digits * 10 + static_cast<std::uint64_t>(s[pos] - '0');
  }
  if (pos >= s.size() || s[pos] != '%') return "expected '%' after the number";
  ++pos;
  if (out.digits > 100 * power10(out.decimals)) return "a percentage is at most 100%";
  return "";
}

// The length of the shortest prefix of `order` whose combos reach p % of its 1,326 (or 630).
int prefix_length(const HandOrder& order, Decimal p) {
  const std::uint64_t target = p.digits * static_cast<std::uint64_t>(order.combos), unit = 100 * power10(p.decimals);
  std::uint64_t combos = 0;
  int n = 0;
  while (combos * unit < target)
    combos += static_cast<std::uint64_t>(hand_classes()[(*order.classes)[static_cast<std::size_t>(n++)]].combos());
  return n;
}

}  // namespace

namespace detail {

std::string read_percentage(std::string_view text, const HandOrder& order, PercentageSelection& out) {
  std::size_t pos = 0;
  Decimal low{}, high{};
  if (auto why = read_one(text, pos, high); !why.empty()) return why;
  if (pos < text.size() && text[pos] == '-') {
    low = high;
    if (++pos == text.size()) return "no percentage after '-'";
    if (auto why = read_one(text, pos, high); !why.empty()) return why;
    const int decimals = std::max(low.decimals, high.decimals);
    if (low.digits * power10(decimals - low.decimals) > high.digits * power10(decimals - high.decimals))
      return "the smaller percentage comes first (as in 5%-10%)";
  }
  if (pos != text.size()) return "unexpected " + quote_char_at(text, pos) + " after the percentage";
  const int from = prefix_length(order, low), to = prefix_length(order, high);
  out = {};
  for (int n = from; n < to; ++n) {
    const int c = (*order.classes)[static_cast<std::size_t>(n)];
    out.classes.push_back(c);
    out.combos += hand_classes()[static_cast<std::size_t>(c)].combos();
  }
  return "";
}

}  // namespace detail

PercentageSelection expand_percentage(std::string_view text, std::string_view order) {
  const HandOrder& o = hand_order(order);
  std::string compact;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) compact += c;
  PercentageSelection out;
  if (auto why = detail::read_percentage(compact, o, out); !why.empty())
    throw InputError("cannot read " + quote_input(text) + ": " + why);
  return out;
}

}  // namespace equity
