#include "equity/omaha_hand_order.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>

#include "equity/error.hpp"
#include "equity/omaha_class.hpp"
#include "equity/quote.hpp"
#include "equity/table_location.hpp"

namespace equity {

std::uint64_t omaha_hand_count(int m, int n) {
  if (n < 0 || n > m) return 0;
  std::uint64_t c = 1;
  for (int i = 1; i <= n; ++i) c = c * static_cast<std::uint64_t>(m - n + i) / static_cast<std::uint64_t>(i);
  return c;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

OmahaHandOrder read_omaha_hand_order(std::string_view text, int hole_cards, std::string_view source) {
  OmahaHandOrder order;
  order.hole_cards = hole_cards;
  order.source = std::string(source);
  std::vector<std::uint64_t> seen;
  bool header = false;
  std::size_t line_number = 0;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = trim(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    const std::string_view first = trim(line.substr(0, std::min(line.find(','), line.size())));
    const std::string where = std::string(source) + " line " + std::to_string(line_number);
    if (!header) {
      if (first != "hand") throw InputError(where + ": expected the header hand,... but read " + quote_input(line));
      header = true;
      continue;
    }
    CardSet hand;
    for (Card c : parse_cards(first, where)) hand.insert(c);
    if (hand.size() != hole_cards)
      throw InputError(where + ": " + quote_input(first) + " is not a hand of " + std::to_string(hole_cards) +
                       " cards");
    order.classes.push_back(omaha_class(hand));
    seen.push_back(order.classes.back().bits());
  }
  if (!header) throw InputError(std::string(source) + ": no header line hand,...: not an ordering of Omaha hands");
  std::sort(seen.begin(), seen.end());
  if (const auto twice = std::adjacent_find(seen.begin(), seen.end()); twice != seen.end())
    throw InputError(std::string(source) + ": the class of " + CardSet(*twice).str() + " is listed twice");
  return order;
}

OmahaHandOrder load_omaha_hand_order(const std::filesystem::path& file, int hole_cards) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError("cannot read the ordering " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError("cannot read the ordering " + file.string());
  return read_omaha_hand_order(text.str(), hole_cards, file.string());
}

std::string omaha_hand_order_file(int hole_cards) {
  return std::string(hole_cards == 4 ? "omaha" : "omaha" + std::to_string(hole_cards)) + "/order-equity.csv";
}

namespace {

struct OrderSlots {
  std::mutex mutex;
  std::array<std::shared_ptr<const OmahaHandOrder>, 7> set, loaded;
  std::filesystem::path directory;  // set_omaha_order_directory()'s
};

OrderSlots& slots() {
  static OrderSlots s;
  return s;
}

std::vector<std::filesystem::path> order_directories(const std::filesystem::path& directory) {
  std::vector<std::filesystem::path> dirs;
  if (const char* env = std::getenv("EQUITY_RESULTS"); env && *env) dirs.emplace_back(env);
  if (!directory.empty()) dirs.push_back(directory);
  if (const auto program = program_directory()) {
    dirs.push_back(program->parent_path() / "share/equity/results");
    dirs.push_back(*program / "share/equity/results");
  }
  return dirs;
}

}  // namespace

std::shared_ptr<const OmahaHandOrder> omaha_hand_order(int hole_cards) {
  if (hole_cards < 4 || hole_cards > 6) throw InputError("Omaha hands have 4, 5 or 6 cards");
  auto& s = slots();
  const std::lock_guard lock(s.mutex);
  const auto slot = static_cast<std::size_t>(hole_cards);
  if (s.set[slot]) return s.set[slot];
  if (s.loaded[slot]) return s.loaded[slot];
  std::string looked;
  for (const auto& dir : order_directories(s.directory)) {
    const auto file = dir / omaha_hand_order_file(hole_cards);
    std::error_code error;
    if (std::filesystem::is_regular_file(file, error)) {
      s.loaded[slot] = std::make_shared<const OmahaHandOrder>(load_omaha_hand_order(file, hole_cards));
      return s.loaded[slot];
    }
    looked.append(looked.empty() ? "" : ", ").append(file.string());
  }
  const std::string game = hole_cards == 4 ? "omaha" : "omaha" + std::to_string(hole_cards);
  throw InputError("no ordering for " + game + " yet: percentages of " + std::to_string(hole_cards) +
                   "-card hands need the file " + omaha_hand_order_file(hole_cards) +
                   " of a results directory (looked in: " + (looked.empty() ? "nowhere" : looked) +
                   "; `equity order --game " + game + "` makes it)");
}

void set_omaha_order_directory(const std::filesystem::path& dir) {
  auto& s = slots();
  const std::lock_guard lock(s.mutex);
  s.directory = dir;
}

void set_omaha_hand_order(int hole_cards, std::shared_ptr<const OmahaHandOrder> order) {
  if (hole_cards < 4 || hole_cards > 6) throw InputError("Omaha hands have 4, 5 or 6 cards");
  auto& s = slots();
  const std::lock_guard lock(s.mutex);
  s.set[static_cast<std::size_t>(hole_cards)] = std::move(order);
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
  if (!digit(pos)) return "expected a number such as 15 before '%'";
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

// The length of the shortest prefix of `order` whose hands reach p % of all hands; -1 if none does.
long prefix_length(const OmahaHandOrder& order, Decimal p) {
  const std::uint64_t all = omaha_hand_count(kCards, order.hole_cards);
  const std::uint64_t target = p.digits * all;  // at most 1e8 * 2e7: no overflow
  const std::uint64_t unit = 100 * power10(p.decimals);
  std::uint64_t hands = 0;
  std::size_t n = 0;
  while (hands * unit < target) {
    if (n == order.classes.size()) return -1;
    hands += static_cast<std::uint64_t>(omaha_class_hands(order.classes[n++]));
  }
  return static_cast<long>(n);
}

}  // namespace

std::string select_omaha_percentage(std::string_view text, const OmahaHandOrder& order, std::vector<CardSet>& out) {
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
  const long from = prefix_length(order, low), to = prefix_length(order, high);
  if (to < 0)
    return "the ordering " + order.source + " ranks only " + std::to_string(order.classes.size()) +
           " classes, fewer than " +
           std::string(text.substr(text.rfind('-') == std::string_view::npos ? 0 : text.rfind('-') + 1)) +
           " of the hands";
  out.clear();
  for (long n = from; n < to; ++n) out.push_back(order.classes[static_cast<std::size_t>(n)]);
  std::sort(out.begin(), out.end(), [](CardSet a, CardSet b) { return a.bits() < b.bits(); });
  return "";
}

}  // namespace equity
