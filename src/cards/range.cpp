#include "equity/range.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <functional>
#include <system_error>

#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/hand_order.hpp"
#include "equity/quote.hpp"

namespace equity {

Range Range::all() {
  Range r;
  for (int i = 0; i < kCombos; ++i) r.set(i, 1.0);
  return r;
}

EQUITY_QUESTION_PATH void Range::set(int index, double weight) {
  const auto i = static_cast<std::size_t>(index);
  const double old = this->weight(index);
  const auto odd = [](double w) { return w != 0 && w != 1.0; };
  off_one_ += (weight > 0 && weight != 1.0) - (old > 0 && old != 1.0);
  odd_ += odd(weight) - odd(old);
  const std::uint64_t bit = std::uint64_t{1} << (i % 64);
  held_[i / 64] = weight > 0 ? held_[i / 64] | bit : held_[i / 64] & ~bit;
  if (odd_ == 0) {
    weights_.clear();  // every weight 0 or 1: the bits say it (and equal ranges compare equal)
    return;
  }
  if (weights_.empty()) {
    weights_.assign(kCombos, 0.0);
    for (int c = 0; c < kCombos; ++c)
      if (contains(c)) weights_[static_cast<std::size_t>(c)] = 1.0;
  }
  weights_[i] = weight;
}

std::optional<double> Range::common_weight(std::span<const int> indices) const {
  if (indices.empty()) return 0.0;
  if (weights_.empty()) {  // every weight 0 or 1: the bits say which
    const bool held = contains(indices.front());
    for (int i : indices)
      if (contains(i) != held) return std::nullopt;
    return held ? 1.0 : 0.0;
  }
  const double w = weights_[static_cast<std::size_t>(indices.front())];
  for (int i : indices)
    if (weights_[static_cast<std::size_t>(i)] != w) return std::nullopt;
  return w;
}

int Range::size() const {
  int n = 0;
  for (std::uint64_t word : held_) n += std::popcount(word);
  return n;
}

double Range::weighted_size() const {
  if (weights_.empty()) return size();
  double sum = 0;
  for (double w : weights_) sum += w;
  return sum;
}

EQUITY_QUESTION_PATH std::vector<WeightedCombo> Range::combos(CardSet removed) const {
  std::vector<WeightedCombo> out;
  out.reserve(static_cast<std::size_t>(size()));
  for_each_combo([&](int i, double weight) {
    const auto cards = combo_cards(i);
    if (!removed.contains(cards[0]) && !removed.contains(cards[1])) out.push_back({cards, i, weight});
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Parsing

namespace {

// A class as written: two ranks and 's', 'o' or nothing (both).
struct ClassSpec {
  int high = 0, low = 0;
  char kind = 'b';  // 's', 'o', or 'b' for both
};

class ItemParser {
 public:
  ItemParser(std::string_view range_text, std::string_view item, std::string_view what)
      : range_text_(range_text), item_(item), what_(what) {}

  [[noreturn]] void fail(const std::string& why) const {
    throw InputError(std::string(what_) + " " + quote_input(range_text_) + ": cannot read " + quote_input(item_) +
                     ": " + why);
  }
  std::string warning(const std::string& why) const {
    return std::string(what_) + " " + quote_input(range_text_) + ": " + quote_input(item_) + " " + why;
  }

  int rank(std::string_view s, std::size_t& pos) const {
    const int r = read_rank(s, pos);
    if (r < 0) fail(quote_char_at(s, pos) + " is not a rank (2-9, T, J, Q, K, A)");
    return r;
  }

  // Reads a class at `pos` of the compact text `s` (whitespace removed).
  ClassSpec read_class(std::string_view s, std::size_t& pos) const {
    if (pos >= s.size()) fail("expected two ranks such as AK");
    const int r1 = rank(s, pos);
    if (pos >= s.size()) fail("expected two ranks such as AK");
    const int r2 = rank(s, pos);
    ClassSpec c{std::max(r1, r2), std::min(r1, r2), 'b'};
    if (pos < s.size() && (s[pos] == 's' || s[pos] == 'S' || s[pos] == 'o' || s[pos] == 'O')) {
      c.kind = static_cast<char>(std::tolower(static_cast<unsigned char>(s[pos])));
      ++pos;
      if (c.high == c.low) fail("a pair cannot be suited or offsuit");
    }
    return c;
  }

 private:
  std::string_view range_text_, item_, what_;
};

void add_class(Range& r, HandClass c, char kind, double weight) {
  auto put = [&](bool suited) {
    HandClass k = c;
    k.suited = suited;
    for (int i : k.combo_indices()) r.set(i, weight);
  };
  if (c.pair())
    put(false);
  else {
    if (kind != 'o') put(true);
    if (kind != 's') put(false);
  }
}

// A percentage as the double nearest its value / 100: the decimal point is shifted in the text so
// that 33.3 reads as the double nearest 0.333. Plain value / 100 for other forms (1e1).
double percent_fraction(std::string_view text, double value) {
  const auto dot = text.find('.');
  const std::string whole(text.substr(0, dot)), part(dot == std::string_view::npos ? "" : text.substr(dot + 1));
  const auto digits_only = [](const std::string& d) {
    return std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!digits_only(whole) || !digits_only(part)) return value / 100.0;
  const std::string digits = whole + part;
  const int point = static_cast<int>(whole.size()) - 2;
  std::string fraction;  // built by appending: GCC 12 warns falsely on some string concatenations
  if (point <= 0) {
    fraction.append("0.").append(static_cast<std::size_t>(-point), '0').append(digits);
  } else {
    fraction.append(digits, 0, static_cast<std::size_t>(point))
        .append(1, '.')
        .append(digits, static_cast<std::size_t>(point));
  }
  double shifted = 0;
  std::from_chars(fraction.data(), fraction.data() + fraction.size(), shifted);
  return shifted;
}

double parse_weight(const ItemParser& p, std::string_view text, char marker, std::vector<std::string>* warnings) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range && end == text.data() + text.size())
    p.fail("weight " + quote_input(text) + " is out of range (" +
           (marker == '@' ? "above 0 and at most 100" : "above 0 and at most 1") + ")");
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    p.fail("weight " + quote_input(text) + " is not a number");
  double weight = value;
  if (marker == '@') {
    if (!(value > 0 && value <= 100)) p.fail("a percentage weight must be above 0 and at most 100");
    weight = percent_fraction(text, value);
    if (value <= 1 && warnings)
      warnings->push_back(p.warning("is weighted " + std::string(text) + " percent: @ takes a percentage (write :" +
                                    std::string(text) + " for a fraction)"));
  } else if (!(value > 0 && value <= 1)) {
    p.fail("a weight must be above 0 and at most 1 (or use @ for percent)");
  }
  // A weight too small for a double (4.9e-324 percent) would silently drop the hand.
  if (!(weight > 0)) p.fail("weight " + quote_input(text) + " rounds to 0");
  return weight;
}

// A percentage item ("15%", "5%-10%") from `order`.
void add_percentage(Range& r, const ItemParser& p, std::string_view s, double weight, const HandOrder& order) {
  PercentageSelection selection;
  if (auto why = detail::read_percentage(s, order, selection); !why.empty()) p.fail(why);
  if (selection.classes.empty())
    p.fail("selects no hands in the order " + std::string(order.name) + " (0%, or both ends reach the same classes)");
  for (int c : selection.classes) {
    const HandClass& k = hand_classes()[static_cast<std::size_t>(c)];
    add_class(r, k, k.pair() ? 'b' : k.suited ? 's' : 'o', weight);
  }
}

// A card whose suit may be the wildcard 'x': rank, then suit (-1 for x). False if not a card.
bool read_wild_card(std::string_view s, std::size_t& pos, int& rank, int& suit) {
  rank = read_rank(s, pos);
  if (rank < 0) return false;
  if (pos < s.size() && (s[pos] == 'x' || s[pos] == 'X')) {
    ++pos;
    suit = -1;
    return true;
  }
  suit = read_suit(s, pos);
  return suit >= 0;
}

// Two cards, at least one with the suit wildcard: AxKx, AsKx, AxAx. False if `s` is not two cards
// (a specific hand without wildcards is read, and rejected, elsewhere).
bool add_wildcard_hand(Range& r, const ItemParser& p, std::string_view s, double weight) {
  if (s.find_first_of("xX") == std::string_view::npos) return false;  // no rank or suit has an x
  std::size_t pos = 0;
  int rank1 = 0, suit1 = 0, rank2 = 0, suit2 = 0;
  if (!read_wild_card(s, pos, rank1, suit1) || !read_wild_card(s, pos, rank2, suit2) || pos != s.size())
    return false;  // the class parser says what is wrong ("AX": 'X' is not a rank)
  bool any = false;
  for (int i = 0; i < kCombos; ++i) {
    const auto c = combo_cards(i);
    const auto fits = [](Card card, int rank, int suit) {
      return card.rank() == rank && (suit < 0 || card.suit() == suit);
    };
    if ((fits(c[0], rank1, suit1) && fits(c[1], rank2, suit2)) ||
        (fits(c[1], rank1, suit1) && fits(c[0], rank2, suit2))) {
      r.set(i, weight);
      any = true;
    }
  }
  if (!any) p.fail("no two different cards fit it");
  return true;
}

// The classes between two ends of a dash range (or from the first down, when `second` is the
// first with its low rank set to 2 for "A5s-", to 22 for "JJ-").
void add_dash(Range& r, const ItemParser& p, const ClassSpec& first, const ClassSpec& second, double weight) {
  const bool pair1 = first.high == first.low, pair2 = second.high == second.low;
  if (pair1 != pair2)
    p.fail("a dash range joins two pairs (22-99) or two hands with the same first rank (A5s-A2s) or gap (T9s-65s)");
  if (pair1) {
    for (int k = std::min(first.high, second.high); k <= std::max(first.high, second.high); ++k)
      add_class(r, {k, k, false}, 'b', weight);
    return;
  }
  if (first.kind != second.kind) p.fail("both ends of a dash range must be suited, offsuit or both alike");
  if (first.high == second.high) {
    for (int k = std::min(first.low, second.low); k <= std::max(first.low, second.low); ++k)
      add_class(r, {first.high, k, first.kind == 's'}, first.kind, weight);
    return;
  }
  const int gap = first.high - first.low;
  if (second.high - second.low != gap)
    p.fail("both ends of a dash range must have the same first rank (A5s-A2s) or the same gap (T9s-65s, T8s-53s)");
  for (int k = std::min(first.high, second.high); k <= std::max(first.high, second.high); ++k)
    add_class(r, {k, k - gap, first.kind == 's'}, first.kind, weight);
}

// A class form: AKs, QQ+, A2s+, JJ-, A5s-, 22-99, A5s-A2s, T9s-65s.
void add_class_form(Range& r, const ItemParser& p, std::string_view s, double weight) {
  std::size_t pos = 0;
  const ClassSpec first = p.read_class(s, pos);
  if (pos == s.size()) {
    add_class(r, {first.high, first.low, first.kind == 's'}, first.kind, weight);
    return;
  }
  if (s[pos] == '+') {
    if (pos + 1 != s.size()) p.fail("unexpected text after '+'");
    if (first.high == first.low) {
      for (int k = first.high; k < kRanks; ++k) add_class(r, {k, k, false}, 'b', weight);
    } else {
      for (int k = first.low; k < first.high; ++k) add_class(r, {first.high, k, first.kind == 's'}, first.kind, weight);
    }
    return;
  }
  if (s[pos] == '-') {
    ++pos;
    if (pos == s.size()) {  // JJ- (JJ..22), A5s- (A5s..A2s)
      add_dash(r, p, first, {first.high == first.low ? 0 : first.high, 0, first.kind}, weight);
      return;
    }
    const ClassSpec second = p.read_class(s, pos);
    if (pos != s.size()) p.fail("unexpected text after the dash range");
    add_dash(r, p, first, second, weight);
    return;
  }
  p.fail("unexpected " + quote_char_at(s, pos) + " (expected '+', '-', ':' or '@' here)");
}

// Reads the hand part of an item (whitespace removed, no weight) into `r`.
void parse_hand(Range& r, const ItemParser& p, std::string_view s, double weight, const HandOrder& order) {
  std::string lower;
  for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "random" || lower == "xx" || lower == "*") {
    for (int i = 0; i < kCombos; ++i) r.set(i, weight);
    return;
  }
  if (s.find('%') != std::string_view::npos) {
    add_percentage(r, p, s, weight, order);
    return;
  }
  if (add_wildcard_hand(r, p, s, weight)) return;

  // A specific combo: a rank then a suit, twice.
  std::size_t pos = 0;
  if (const int rank1 = read_rank(s, pos), suit1 = rank1 < 0 ? -1 : read_suit(s, pos); suit1 >= 0) {
    const int rank2 = read_rank(s, pos), suit2 = rank2 < 0 ? -1 : read_suit(s, pos);
    if (suit2 < 0 || pos != s.size())
      p.fail("a specific hand is two cards such as AsKs (plus and dash forms take classes such as AKs)");
    const Card a(rank1, suit1), b(rank2, suit2);
    if (a == b) p.fail("the same card twice");
    r.set(combo_index(a, b), weight);
    return;
  }

  add_class_form(r, p, s, weight);
}

// An item without whitespace and brackets: the hand and its own weight, or the bracket group's.
void parse_item(Range& r, const ItemParser& p, std::string s, const double* group_weight,
                std::vector<std::string>* warnings, const HandOrder& order) {
  double weight = group_weight ? *group_weight : 1.0;
  const auto mark = s.find_first_of(":@");
  if (mark != std::string::npos) {
    if (group_weight) p.fail("an item inside a bracket group takes the group's weight (no ':' or '@')");
    std::string_view text = std::string_view(s).substr(mark + 1);
    if (!text.empty() && text.back() == '%') {  // "AK:50%", "AK@50%": a percentage either way
      text.remove_suffix(1);
      weight = parse_weight(p, text, '@', nullptr);
    } else {
      weight = parse_weight(p, text, s[mark], warnings);
    }
    s.resize(mark);
  }
  if (s.empty()) p.fail(group_weight ? "no hand inside the brackets" : "no hand before the weight");
  parse_hand(r, p, s, weight, order);
}

// An Equilab bracket group, "[75]AKo,KQo[/75]": open while its items are read.
struct BracketGroup {
  bool open = false;
  std::string tag;  // "[75]"
  double weight = 1;
};

// Takes a leading "[N]" off `s` and opens `group`.
void open_bracket(const ItemParser& p, std::string& s, BracketGroup& group) {
  const auto close = s.find(']');
  if (close == std::string::npos) p.fail("'[' without ']' (a bracket weight is written [75]AKo,KQo[/75])");
  const std::string tag = s.substr(0, close + 1);
  if (group.open)
    p.fail(quote_input(tag) + " opens inside " + quote_input(group.tag) + " (bracket groups do not nest)");
  group = {true, tag, parse_weight(p, std::string_view(tag).substr(1, tag.size() - 2), '@', nullptr)};
  s.erase(0, close + 1);
}

// Takes a trailing "[/N]" off `s`; it must close `group`.
void close_bracket(const ItemParser& p, std::string& s, const BracketGroup& group) {
  const auto start = s.rfind("[/");
  if (start == std::string::npos) p.fail("']' without '[/' (a bracket weight is written [75]AKo,KQo[/75])");
  const std::string tag = s.substr(start);
  if (!group.open) p.fail(quote_input(tag) + " closes no bracket group");
  const double weight = parse_weight(p, std::string_view(tag).substr(2, tag.size() - 3), '@', nullptr);
  if (weight != group.weight) p.fail(quote_input(tag) + " does not close " + quote_input(group.tag));
  s.resize(start);
}

// One comma-separated item of `text`, with its brackets.
void parse_bracketed_item(Range& r, std::string_view text, std::string_view item, std::string_view what,
                          std::vector<std::string>* warnings, const HandOrder& order, BracketGroup& group);

// An item with spaces in it: read whole (spaces inside a hand are optional: "As Ks"), else, when
// that fails, as items separated by the spaces ("TT+ AK") if each of them reads; else the whole
// item's error, suggesting commas.
void parse_spaced_item(Range& r, std::string_view text, std::string_view item, std::string_view what,
                       std::vector<std::string>* warnings, const HandOrder& order, BracketGroup& group) {
  Range whole = r;
  BracketGroup whole_group = group;
  std::vector<std::string> whole_warnings;
  try {
    parse_bracketed_item(whole, text, item, what, &whole_warnings, order, whole_group);
    r = whole;
    group = whole_group;
    if (warnings) warnings->insert(warnings->end(), whole_warnings.begin(), whole_warnings.end());
    return;
  } catch (const InputError& e) {
    Range parts = r;
    BracketGroup parts_group = group;
    std::vector<std::string> parts_warnings;
    std::string commas;
    try {
      std::size_t start = 0;
      while ((start = item.find_first_not_of(" \t\r\n", start)) != std::string_view::npos) {
        const std::size_t end = std::min(item.find_first_of(" \t\r\n", start), item.size());
        const std::string_view part = item.substr(start, end - start);
        parse_bracketed_item(parts, text, part, what, &parts_warnings, order, parts_group);
        commas += (commas.empty() ? "" : ",") + std::string(part);
        start = end;
      }
    } catch (const InputError&) {
      std::string separated;
      for (char c : item) separated += std::isspace(static_cast<unsigned char>(c)) ? ',' : c;
      while (separated.find(",,") != std::string::npos) separated.replace(separated.find(",,"), 2, ",");
      throw InputError(std::string(e.what()) + " (items are separated by commas: " + quote_input(separated) + "?)");
    }
    r = parts;
    group = parts_group;
    if (warnings) warnings->insert(warnings->end(), parts_warnings.begin(), parts_warnings.end());
  }
}

void parse_bracketed_item(Range& r, std::string_view text, std::string_view item, std::string_view what,
                          std::vector<std::string>* warnings, const HandOrder& order, BracketGroup& group) {
  const ItemParser p(text, item, what);
  std::string s;  // spaces inside an item are optional ("As Ks")
  for (char c : item)
    if (!std::isspace(static_cast<unsigned char>(c))) s += c;
  if (!s.empty() && s.front() == '[' && s.rfind("[/", 0) != 0) open_bracket(p, s, group);
  const bool closes = !s.empty() && s.back() == ']';
  if (closes) close_bracket(p, s, group);
  parse_item(r, p, s, group.open ? &group.weight : nullptr, warnings, order);
  if (closes) group.open = false;
}

}  // namespace

EQUITY_QUESTION_PATH Range Range::parse(std::string_view text, std::string_view what,
                                        std::vector<std::string>* warnings, std::string_view order_name) {
  const HandOrder& order = hand_order(order_name);
  Range r;
  bool any_text = false;
  for (char c : text) any_text |= !std::isspace(static_cast<unsigned char>(c));
  if (!any_text) throw InputError(std::string(what) + ": empty range");
  BracketGroup group;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    const auto end = comma == std::string_view::npos ? text.size() : comma;
    std::string_view item = text.substr(start, end - start);
    while (!item.empty() && std::isspace(static_cast<unsigned char>(item.front()))) item.remove_prefix(1);
    while (!item.empty() && std::isspace(static_cast<unsigned char>(item.back()))) item.remove_suffix(1);
    const bool last = comma == std::string_view::npos;
    if (item.empty() && last && start > 0) break;  // one comma at the end, as pasted lists often have
    if (item.empty())
      throw InputError(std::string(what) + " " + quote_input(text) +
                       ": empty item (two commas, or a comma at the start)");
    if (item.find_first_of(" \t\r\n") != std::string_view::npos)
      parse_spaced_item(r, text, item, what, warnings, order, group);
    else
      parse_bracketed_item(r, text, item, what, warnings, order, group);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (group.open)
    throw InputError(std::string(what) + " " + quote_input(text) + ": " + quote_input(group.tag) +
                     " is never closed (by [/" + group.tag.substr(1, group.tag.size() - 2) + "])");
  return r;
}

// ---------------------------------------------------------------------------------------------
// Printing

namespace {

std::string weight_suffix(double w) {
  if (w == 1.0) return "";
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, w);  // shortest form that reads back exactly
  std::string suffix(1, ':');
  suffix.append(buf, end);
  return suffix;
}

// Runs of consecutive true values in flags[from..to] scanned from `to` down to `from`: f(high, low).
template <class F>
void for_each_run_down(const std::array<bool, kRanks>& flags, int from, int to, F&& f) {
  int k = to;
  while (k >= from) {
    if (!flags[static_cast<std::size_t>(k)]) {
      --k;
      continue;
    }
    const int top = k;
    while (k >= from && flags[static_cast<std::size_t>(k)]) --k;
    f(top, k + 1);
  }
}

// A class's combo indices (as HandClass::combo_indices(), any order), a table built by the compiler:
// str() asks for them hundreds of times a call, and building them at run time cost more than a
// small question's answer.
struct ClassCombos {
  std::array<std::int16_t, 12> index{};
  std::size_t count = 0;
  const std::int16_t* begin() const { return index.data(); }
  const std::int16_t* end() const { return index.data() + count; }
};
constexpr auto kClassCombos = [] {
  std::array<std::array<std::array<ClassCombos, 2>, kRanks>, kRanks> out{};  // [high][low][suited]
  for (int high = 0; high < kRanks; ++high)
    for (int low = 0; low <= high; ++low)
      for (int suited = 0; suited < 2; ++suited) {
        ClassCombos& c =
            out[static_cast<std::size_t>(high)][static_cast<std::size_t>(low)][static_cast<std::size_t>(suited)];
        for (int s1 = 0; s1 < kSuits; ++s1)
          for (int s2 = 0; s2 < kSuits; ++s2) {
            if (high == low ? s2 <= s1 : ((suited == 1) != (s1 == s2))) continue;
            c.index[c.count++] = static_cast<std::int16_t>(combo_index(Card(high, s1), Card(low, s2)));
          }
      }
  return out;
}();
const ClassCombos& class_combos(const HandClass& c) {
  return kClassCombos[static_cast<std::size_t>(c.high)][static_cast<std::size_t>(c.low)]
                     [static_cast<std::size_t>(c.pair()   ? 0
                                               : c.suited ? 1
                                                          : 0)];
}

// The compact tokens for the combos of `in` (one weight), appended to `out`.
EQUITY_QUESTION_PATH void compact_tokens(const std::array<bool, kCombos>& in, const std::string& suffix,
                                         std::vector<std::string>& out) {
  if (std::all_of(in.begin(), in.end(), [](bool b) { return b; })) {
    out.push_back("random" + suffix);
    return;
  }
  std::array<bool, kCombos> covered{};
  auto full = [&](const HandClass& c) {
    const auto& idx = class_combos(c);
    return std::all_of(idx.begin(), idx.end(), [&](int i) { return in[static_cast<std::size_t>(i)]; });
  };
  auto cover = [&](const HandClass& c) {
    for (int i : class_combos(c)) covered[static_cast<std::size_t>(i)] = true;
  };
  auto R = [](int r) { return std::string(1, kRankChars[static_cast<std::size_t>(r)]); };

  std::array<bool, kRanks> pairs{};
  for (int r = 0; r < kRanks; ++r) {
    pairs[static_cast<std::size_t>(r)] = full({r, r, false});
    if (pairs[static_cast<std::size_t>(r)]) cover({r, r, false});
  }
  for_each_run_down(pairs, 0, kRanks - 1, [&](int top, int bottom) {
    if (top == bottom)
      out.push_back(R(top) + R(top) + suffix);
    else if (top == kRanks - 1)
      out.push_back(R(bottom) + R(bottom) + "+" + suffix);
    else
      out.push_back(R(top) + R(top) + "-" + R(bottom) + R(bottom) + suffix);
  });

  for (int hi = kRanks - 1; hi >= 1; --hi) {
    std::array<bool, kRanks> suited{}, offsuit{}, both{};
    for (int lo = 0; lo < hi; ++lo) {
      suited[static_cast<std::size_t>(lo)] = full({hi, lo, true});
      offsuit[static_cast<std::size_t>(lo)] = full({hi, lo, false});
      both[static_cast<std::size_t>(lo)] =
          suited[static_cast<std::size_t>(lo)] && offsuit[static_cast<std::size_t>(lo)];
    }
    for (int lo = 0; lo < hi; ++lo) {
      if (suited[static_cast<std::size_t>(lo)]) cover({hi, lo, true});
      if (offsuit[static_cast<std::size_t>(lo)]) cover({hi, lo, false});
      if (both[static_cast<std::size_t>(lo)])
        suited[static_cast<std::size_t>(lo)] = offsuit[static_cast<std::size_t>(lo)] = false;
    }
    auto emit = [&](const std::array<bool, kRanks>& flags, const std::string& kind) {
      for_each_run_down(flags, 0, hi - 1, [&](int top, int bottom) {
        if (top == bottom)
          out.push_back(R(hi) + R(top) + kind + suffix);
        else if (top == hi - 1)
          out.push_back(R(hi) + R(bottom) + kind + "+" + suffix);
        else
          out.push_back(R(hi) + R(top) + kind + "-" + R(hi) + R(bottom) + kind + suffix);
      });
    };
    emit(both, "");
    emit(suited, "s");
    emit(offsuit, "o");
  }

  // Combos of partly present classes, in deck order of their cards.
  std::vector<std::pair<std::array<int, 2>, std::string>> singles;
  for (int i = 0; i < kCombos; ++i) {
    if (!in[static_cast<std::size_t>(i)] || covered[static_cast<std::size_t>(i)]) continue;
    const auto c = combo_cards(i);
    std::array<int, 2> key{std::min(c[0].deck_index(), c[1].deck_index()),
                           std::max(c[0].deck_index(), c[1].deck_index())};
    singles.push_back({key, CardSet(c[0].bit() | c[1].bit()).str() + suffix});
  }
  std::sort(singles.begin(), singles.end());
  for (auto& s : singles) out.push_back(std::move(s.second));
}

}  // namespace

EQUITY_QUESTION_PATH std::string Range::str() const {
  std::vector<double> weights;
  if (off_one_ == 0) {
    // Every combo held at weight 1 (the usual range): one weight, without sorting 1,326 of them.
    if (!empty()) weights.push_back(1.0);
  } else {
    for (double w : weights_)
      if (w > 0) weights.push_back(w);
    std::sort(weights.begin(), weights.end(), std::greater<>());
    weights.erase(std::unique(weights.begin(), weights.end()), weights.end());
  }
  std::vector<std::string> tokens;
  for (double w : weights) {
    std::array<bool, kCombos> in{};
    if (weights_.empty())  // every weight 1: the combos held, visited by their bits
      for (std::size_t word = 0; word < held_.size(); ++word)
        for (std::uint64_t bits = held_[word]; bits != 0; bits &= bits - 1)
          in[64 * word + static_cast<std::size_t>(std::countr_zero(bits))] = true;
    else
      for (std::size_t i = 0; i < kCombos; ++i) in[i] = weights_[i] == w;
    compact_tokens(in, weight_suffix(w), tokens);
  }
  std::string text;
  for (std::size_t i = 0; i < tokens.size(); ++i) text += (i ? "," : "") + tokens[i];
  return text;
}

}  // namespace equity
