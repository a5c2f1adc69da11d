// Omaha ranges: the grammar of docs/ranges-omaha.md read into an expression tree, its weight of a
// hand, and the hands it holds listed or counted.
#include "equity/omaha_range.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <optional>
#include <string>

#include "detail/grouped_digits.hpp"
#include "detail/parallel.hpp"
#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/omaha_class.hpp"
#include "equity/quote.hpp"

namespace equity {

namespace {

constexpr std::uint16_t kAnyRank = 0x1fff;
constexpr std::string_view kRankVariables = "ROMN";
constexpr std::string_view kSuitVariables = "wxyz";

// One card of a pattern: the ranks it may have (or a rank variable) and its suit (fixed, a
// variable, or any).
struct PatternCard {
  std::uint16_t ranks = kAnyRank;
  std::int8_t rank_variable = -1;  // 0..3: R O M N
  std::int8_t suit = -1;           // 0..3: s c h d
  std::int8_t suit_variable = -1;  // 0..3: w x y z
};

// Cards a hand must contain, matched each to a different card of the hand.
struct Pattern {
  std::vector<PatternCard> cards;  // as written
  std::vector<PatternCard> order;  // the most constrained first, for the search
  CardSet fixed;                   // the cards named by rank and suit
  // How a hand is matched: by its rank counts (no suits or lists), by its suit counts (no ranks),
  // or by the search.
  enum class Shape : std::uint8_t { ranks, suits, search } shape = Shape::ranks;
  bool counts_only = true;                       // Shape::ranks with no variables: every card fixed or '*'
  std::array<std::uint8_t, kRanks> need{};       // cards of each fixed rank (Shape::ranks)
  std::array<std::uint8_t, kSuits> suit_need{};  // cards of each fixed suit (Shape::suits)
  std::array<std::uint8_t, 8> rank_demanding{};  // how many rank variables ask c cards or more (c = 1..6)
  std::array<std::uint8_t, 8> suit_demanding{};  // how many suit variables ask c cards or more
  std::uint16_t named_ranks = 0;                 // the ranks written; rank variables take others
  std::uint8_t named_suits = 0;                  // the suits written; suit variables take others
};

enum class Kind : std::uint8_t { pattern, double_suited, single_suited, no_pair, percent, any_of, all_of, none_of };

struct Node {
  Kind kind = Kind::pattern;
  double weight = 1;
  int index = -1;             // the pattern or percentage
  std::vector<int> children;  // any_of, all_of; none_of has one
};

struct Percent {
  std::string text;
  std::vector<std::uint64_t> classes;  // canonical masks, sorted
};

// A hand as the matchers read it.
struct HandInfo {
  CardSet set;
  int n = 0;
  std::array<Card, 6> cards{};
  std::array<std::uint8_t, kRanks> rank_counts{};
  std::array<std::uint8_t, kSuits> suit_counts{};
  std::uint64_t canonical = 0;
  mutable std::uint64_t steps = 0;  // the patterns' search steps that weighed it (holds_a_hand()'s budget)
};

EQUITY_ALWAYS_INLINE HandInfo hand_info(CardSet set, bool canonical) {
  HandInfo h;
  h.set = set;
  for (int s = 0; s < kSuits; ++s) {
    const unsigned field = set.suit_ranks(s);
    h.suit_counts[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(std::popcount(field));
    for (unsigned m = field; m; m &= m - 1) {
      const int r = std::countr_zero(m);
      if (h.n < 6) h.cards[static_cast<std::size_t>(h.n++)] = Card(r, s);
      ++h.rank_counts[static_cast<std::size_t>(r)];
    }
  }
  if (canonical) h.canonical = omaha_class(set).bits();
  return h;
}

// The search for an assignment of the pattern's cards to distinct cards of the hand.
struct Search {
  const Pattern& p;
  const HandInfo& h;
  std::array<int, 4> rank_of{-1, -1, -1, -1}, suit_of{-1, -1, -1, -1};
  unsigned used = 0;
  unsigned bound_ranks = 0, bound_suits = 0;

  bool run(std::size_t i) {
    if (i == p.order.size()) return true;
    const PatternCard& pc = p.order[i];
    for (int j = 0; j < h.n; ++j) {
      if (used >> j & 1) continue;
      ++h.steps;
      const Card c = h.cards[static_cast<std::size_t>(j)];
      const int r = c.rank(), s = c.suit();
      if (!(pc.ranks >> r & 1) || (pc.suit >= 0 && pc.suit != s)) continue;
      bool bind_rank = false, bind_suit = false;
      if (pc.rank_variable >= 0) {
        int& v = rank_of[static_cast<std::size_t>(pc.rank_variable)];
        if (v >= 0 && v != r) continue;
        if (v < 0) {
          if ((p.named_ranks | bound_ranks) >> r & 1) continue;
          bind_rank = true;
        }
      }
      if (pc.suit_variable >= 0) {
        int& v = suit_of[static_cast<std::size_t>(pc.suit_variable)];
        if (v >= 0 && v != s) continue;
        if (v < 0) {
          if ((p.named_suits | bound_suits) >> s & 1) continue;
          bind_suit = true;
        }
      }
      if (bind_rank) rank_of[static_cast<std::size_t>(pc.rank_variable)] = r, bound_ranks |= 1u << r;
      if (bind_suit) suit_of[static_cast<std::size_t>(pc.suit_variable)] = s, bound_suits |= 1u << s;
      used |= 1u << j;
      if (run(i + 1)) return true;
      used &= ~(1u << j);
      if (bind_rank) rank_of[static_cast<std::size_t>(pc.rank_variable)] = -1, bound_ranks &= ~(1u << r);
      if (bind_suit) suit_of[static_cast<std::size_t>(pc.suit_variable)] = -1, bound_suits &= ~(1u << s);
    }
    return false;
  }
};

// Whether the variables' demands fit distinct free ranks (or suits), given how many free ones hold
// exactly c cards: the demands fit when, for every c, no more of them ask c cards or more than there
// are free ones with c cards or more (the sets of candidates are nested, so that is enough).
bool fits(const std::array<std::uint8_t, 8>& demanding, std::array<std::uint8_t, 8>& at_least) {
  for (std::size_t c = 6; c >= 1; --c) {
    at_least[c] = static_cast<std::uint8_t>(at_least[c] + at_least[c + 1]);
    if (demanding[c] > at_least[c]) return false;
  }
  return true;
}

// The hand's cards of each written rank, and its free ranks against the rank variables.
bool rank_counts_fit(const Pattern& p, const HandInfo& h) {
  std::array<std::uint8_t, 8> at_least{};  // free ranks (not written) with exactly, then at least, c cards
  for (std::size_t r = 0; r < kRanks; ++r) {
    if (h.rank_counts[r] < p.need[r]) return false;
    if (!(p.named_ranks >> r & 1)) ++at_least[h.rank_counts[r]];
  }
  return fits(p.rank_demanding, at_least);
}

// The same for suits.
bool suit_counts_fit(const Pattern& p, const HandInfo& h) {
  std::array<std::uint8_t, 8> at_least{};
  for (std::size_t s = 0; s < kSuits; ++s) {
    if (h.suit_counts[s] < p.suit_need[s]) return false;
    if (!(p.named_suits >> s & 1)) ++at_least[std::min<std::size_t>(h.suit_counts[s], 7)];
  }
  return fits(p.suit_demanding, at_least);
}

// A pattern of ranks and suits together: the counts only rule hands out before the search (kept
// out of line, so that matches() stays as small as the count shapes need).
EQUITY_NOINLINE bool matches_by_search(const Pattern& p, const HandInfo& h) {
  if (!rank_counts_fit(p, h) || !suit_counts_fit(p, h)) return false;
  Search search{p, h};
  return search.run(0);
}

bool matches(const Pattern& p, const HandInfo& h) {
  if (p.fixed.bits() & ~h.set.bits()) return false;
  if (static_cast<int>(p.cards.size()) > h.n) return false;
  if (p.shape == Pattern::Shape::ranks) return rank_counts_fit(p, h);
  if (p.shape == Pattern::Shape::suits) return suit_counts_fit(p, h);
  return matches_by_search(p, h);
}

int suits_with_two(const HandInfo& h) {
  int n = 0;
  for (auto c : h.suit_counts) n += c >= 2;
  return n;
}

// Whether some hand of `n` cards matches `p`: ranks not written are alike, so a deck of the
// written ranks and `n` others holds a match if any deck does.
bool satisfiable(const Pattern& p, int n) {
  if (static_cast<int>(p.cards.size()) > n) return false;
  unsigned ranks = p.named_ranks;
  for (int r = 0, extra = 0; r < kRanks && extra < n; ++r)
    if (!(ranks >> r & 1)) ranks |= 1u << r, ++extra;
  HandInfo deck;
  std::array<Card, kCards> cards{};
  int count = 0;
  for (int r = 0; r < kRanks; ++r)
    if (ranks >> r & 1)
      for (int s = 0; s < kSuits; ++s) {
        cards[static_cast<std::size_t>(count++)] = Card(r, s);
        deck.set.insert(Card(r, s));
      }
  // Search's hand holds at most 6 cards; the deck is searched through a wider copy of it.
  struct Wide {
    const Pattern& p;
    const std::array<Card, kCards>& cards;
    int count;
    std::array<int, 4> rank_of{-1, -1, -1, -1}, suit_of{-1, -1, -1, -1};
    std::uint64_t used = 0;
    unsigned bound_ranks = 0, bound_suits = 0;
    bool run(std::size_t i) {
      if (i == p.order.size()) return true;
      const PatternCard& pc = p.order[i];
      for (int j = 0; j < count; ++j) {
        if (used >> j & 1) continue;
        const Card c = cards[static_cast<std::size_t>(j)];
        const int r = c.rank(), s = c.suit();
        if (!(pc.ranks >> r & 1) || (pc.suit >= 0 && pc.suit != s)) continue;
        int *rv = nullptr, *sv = nullptr;
        if (pc.rank_variable >= 0) {
          int& v = rank_of[static_cast<std::size_t>(pc.rank_variable)];
          if (v >= 0 && v != r) continue;
          if (v < 0 && ((p.named_ranks | bound_ranks) >> r & 1)) continue;
          if (v < 0) rv = &v;
        }
        if (pc.suit_variable >= 0) {
          int& v = suit_of[static_cast<std::size_t>(pc.suit_variable)];
          if (v >= 0 && v != s) continue;
          if (v < 0 && ((p.named_suits | bound_suits) >> s & 1)) continue;
          if (v < 0) sv = &v;
        }
        if (rv) *rv = r, bound_ranks |= 1u << r;
        if (sv) *sv = s, bound_suits |= 1u << s;
        used |= std::uint64_t{1} << j;
        if (run(i + 1)) return true;
        used &= ~(std::uint64_t{1} << j);
        if (rv) *rv = -1, bound_ranks &= ~(1u << r);
        if (sv) *sv = -1, bound_suits &= ~(1u << s);
      }
      return false;
    }
  } wide{p, cards, count};
  return wide.run(0);
}

}  // namespace

struct OmahaRange::Tree {
  int hole_cards = 4;
  std::vector<Node> nodes;
  std::vector<Pattern> patterns;
  std::vector<Percent> percents;
  int root = -1;

  double eval(int i, const HandInfo& h) const {
    const Node& node = nodes[static_cast<std::size_t>(i)];
    double v = 0;
    switch (node.kind) {
      case Kind::pattern:
        v = matches(patterns[static_cast<std::size_t>(node.index)], h) ? 1 : 0;
        break;
      case Kind::double_suited:
        v = suits_with_two(h) == 2 ? 1 : 0;
        break;
      case Kind::single_suited:
        v = suits_with_two(h) == 1 ? 1 : 0;
        break;
      case Kind::no_pair:
        v = std::all_of(h.rank_counts.begin(), h.rank_counts.end(), [](auto c) { return c < 2; }) ? 1 : 0;
        break;
      case Kind::percent: {
        const auto& c = percents[static_cast<std::size_t>(node.index)].classes;
        v = std::binary_search(c.begin(), c.end(), h.canonical) ? 1 : 0;
        break;
      }
      case Kind::any_of:
        for (auto it = node.children.rbegin(); it != node.children.rend() && v == 0; ++it) v = eval(*it, h);
        break;
      case Kind::all_of:
        v = 1;
        for (int c : node.children)
          if ((v *= eval(c, h)) == 0) break;
        break;
      case Kind::none_of:
        v = eval(node.children.front(), h) == 0 ? 1 : 0;
        break;
    }
    return v * node.weight;
  }
  double weight(CardSet hand) const { return eval(root, hand_info(hand, !percents.empty())); }
  // The same, adding the steps it took to `steps`: every node, the patterns' search steps, and 8 for
  // reading the hand (about its time).
  double weight(CardSet hand, std::uint64_t& steps) const {
    const HandInfo h = hand_info(hand, !percents.empty());
    const double w = eval(root, h);
    steps += nodes.size() + h.steps + 8;
    return w;
  }

  // The cards every hand the node holds contains.
  CardSet must(int i) const {
    const Node& node = nodes[static_cast<std::size_t>(i)];
    switch (node.kind) {
      case Kind::pattern:
        return patterns[static_cast<std::size_t>(node.index)].fixed;
      case Kind::all_of: {
        CardSet out;
        for (int c : node.children) out |= must(c);
        return out;
      }
      case Kind::any_of: {
        CardSet out = CardSet::full();
        for (int c : node.children) out = out & must(c);
        return out;
      }
      default:
        return CardSet();
    }
  }

  // Cards every hand the node holds has of each rank and of each suit (at least).
  struct Needs {
    std::array<std::uint8_t, kRanks> ranks{};
    std::array<std::uint8_t, kSuits> suits{};
  };
  Needs needs(int i) const {
    const Node& node = nodes[static_cast<std::size_t>(i)];
    Needs out;
    if (node.kind == Kind::pattern) {
      const Pattern& p = patterns[static_cast<std::size_t>(node.index)];
      out.ranks = p.need;
      out.suits = p.suit_need;
    } else if (node.kind == Kind::all_of || node.kind == Kind::any_of) {
      const bool all = node.kind == Kind::all_of;
      for (std::size_t c = 0; c < node.children.size(); ++c) {
        const Needs n = needs(node.children[c]);
        const auto join = [&](auto& to, const auto& from) {
          for (std::size_t k = 0; k < to.size(); ++k)
            to[k] = c == 0 ? from[k] : all ? std::max(to[k], from[k]) : std::min(to[k], from[k]);
        };
        join(out.ranks, n.ranks);
        join(out.suits, n.suits);
      }
    }
    return out;
  }

  // The hands of the node when it names each (an any_of of whole hands), else false.
  bool listed(int i, std::vector<CardSet>& out) const {
    const Node& node = nodes[static_cast<std::size_t>(i)];
    if (node.kind == Kind::pattern) {
      const CardSet fixed = patterns[static_cast<std::size_t>(node.index)].fixed;
      if (fixed.size() != hole_cards) return false;
      out.push_back(fixed);
      return true;
    }
    if (node.kind == Kind::all_of) {
      for (int c : node.children)
        if (listed(c, out)) return true;
      return false;
    }
    if (node.kind != Kind::any_of) return false;
    const std::size_t size = out.size();
    for (int c : node.children)
      if (!listed(c, out)) {
        out.resize(size);
        return false;
      }
    return true;
  }

  std::string str(int i, bool inner) const;
};

namespace {

std::string rank_list_str(std::uint16_t ranks) {
  std::string out = "[";
  for (int r = kRanks - 1; r >= 0; --r)
    if (ranks >> r & 1) out.append(out.size() > 1 ? "," : "").push_back(kRankChars[static_cast<std::size_t>(r)]);
  return out + "]";
}

std::string pattern_str(const Pattern& p) {
  if (p.cards.empty()) return "random";
  std::string out;
  bool suited = true;  // the card before has a suit (or there is none): a lone suit cannot join it
  for (const PatternCard& c : p.cards) {
    const bool any = c.rank_variable < 0 && c.ranks == kAnyRank;
    if (any && !suited && (c.suit >= 0 || c.suit_variable >= 0)) out += '*';
    suited = c.suit >= 0 || c.suit_variable >= 0;
    if (c.rank_variable >= 0)
      out += kRankVariables[static_cast<std::size_t>(c.rank_variable)];
    else if (c.ranks != kAnyRank && std::has_single_bit(c.ranks))
      out += kRankChars[static_cast<std::size_t>(std::countr_zero(c.ranks))];
    else if (c.ranks != kAnyRank)
      out += rank_list_str(c.ranks);
    else if (c.suit < 0 && c.suit_variable < 0)
      out += '*';
    if (c.suit >= 0) out += kSuitChars[static_cast<std::size_t>(c.suit)];
    if (c.suit_variable >= 0) out += kSuitVariables[static_cast<std::size_t>(c.suit_variable)];
  }
  return out;
}

std::string weight_str(double w) {
  std::array<char, 64> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), w, std::chars_format::fixed);
  return ":" + std::string(buffer.data(), result.ptr);
}

}  // namespace

// The node's text; `inner`: it is an operand of ':' or '!', so a list needs parentheses.
std::string OmahaRange::Tree::str(int i, bool inner) const {
  const Node& node = nodes[static_cast<std::size_t>(i)];
  std::string out;
  bool compound = false;
  switch (node.kind) {
    case Kind::pattern:
      out = pattern_str(patterns[static_cast<std::size_t>(node.index)]);
      break;
    case Kind::double_suited:
      out = "$ds";
      break;
    case Kind::single_suited:
      out = "$ss";
      break;
    case Kind::no_pair:
      out = "$np";
      break;
    case Kind::percent:
      out = percents[static_cast<std::size_t>(node.index)].text;
      break;
    case Kind::any_of:
      for (int c : node.children) out.append(out.empty() ? "" : ",").append(str(c, false));
      compound = inner || node.weight != 1;
      break;
    case Kind::all_of:
      for (int c : node.children) out.append(out.empty() ? "" : ":").append(str(c, true));
      compound = node.weight != 1;
      break;
    case Kind::none_of:
      out = "!" + str(node.children.front(), true);
      compound = node.weight != 1;
      break;
  }
  if (compound) out = "(" + out + ")";
  if (node.weight != 1) out += weight_str(node.weight);
  return out;
}

namespace {

// The reader of docs/ranges-omaha.md: one recursive descent over the text.
class Parser {
 public:
  Parser(std::string_view text, int hole_cards, std::string_view what, const OmahaHandOrder* order,
         OmahaRange::Tree& tree)
      : text_(text), n_(hole_cards), what_(what), order_(order), tree_(tree) {}

  int range() {
    skip_spaces();
    if (pos_ == text_.size()) fail("an empty range (write random for every hand)");
    const int root = any_of();
    skip_spaces();
    if (pos_ != text_.size())
      fail(peek() == ')' ? "unexpected ')' (no '(' before it)" : "expected ',', ':', ')' or the end");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const { fail_at(pos_, why); }
  [[noreturn]] void fail_at(std::size_t at, const std::string& why) const {
    std::size_t column = 1;  // characters, not bytes: a suit symbol counts one
    for (std::size_t i = 0; i < at && i < text_.size(); ++i)
      column += (static_cast<unsigned char>(text_[i]) & 0xc0) != 0x80;
    const std::string seen = at < text_.size() ? " " + quote_char_at(text_, at) : " (the end)";
    throw InputError(std::string(what_) + ": " + quote_input(text_) + " at position " + std::to_string(column) + seen +
                     ": " + why);
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void skip_spaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  int add(Node node) {
    tree_.nodes.push_back(std::move(node));
    return static_cast<int>(tree_.nodes.size() - 1);
  }
  int combine(Kind kind, std::vector<int> children) {
    if (children.size() == 1) return children.front();
    Node node;
    node.kind = kind;
    node.children = std::move(children);
    return add(std::move(node));
  }

  int any_of() {
    std::vector<int> children{all_of()};
    for (skip_spaces(); peek() == ','; skip_spaces()) {
      ++pos_;
      skip_spaces();
      if (pos_ == text_.size()) break;  // one comma at the end is ignored
      children.push_back(all_of());
    }
    return combine(Kind::any_of, std::move(children));
  }

  int all_of() {
    std::vector<int> children{unary()};
    for (skip_spaces(); peek() == ':'; skip_spaces()) {
      ++pos_;
      skip_spaces();
      children.push_back(unary());
    }
    return combine(Kind::all_of, std::move(children));
  }

  int unary() {
    skip_spaces();
    if (++depth_ > kMaxDepth) fail("more than " + std::to_string(kMaxDepth) + " nested '(' and '!'");
    struct Leave {
      int& depth;
      ~Leave() { --depth; }
    } leave{depth_};
    if (peek() == '!') {
      ++pos_;
      Node node;
      node.kind = Kind::none_of;
      node.children.push_back(unary());
      return add(std::move(node));
    }
    const int node = primary();
    read_weights(node);
    return node;
  }

  // "@50", "@12.5%" (a percentage in (0, 100]) or ":0.5" (a fraction in (0, 1] with a decimal
  // point, or ":1"), any number of them: they multiply.
  void read_weights(int node) {
    while (true) {
      const std::size_t start = pos_;
      skip_spaces();
      const std::size_t mark = pos_;
      double w = 0;
      if (peek() == '@') {
        ++pos_;
        skip_spaces();
        if (!read_number(w)) fail("expected a weight in percent after '@', such as @50");
        if (peek() == '%') ++pos_;
        if (!(w > 0 && w <= 100)) fail_at(mark, "a weight after '@' is a percentage in (0, 100]");
        w /= 100;
      } else if (peek() == ':' && fraction_follows(pos_ + 1)) {
        ++pos_;
        skip_spaces();
        read_number(w);
        if (!(w > 0 && w <= 1)) fail_at(mark, "a weight after ':' is a fraction in (0, 1] (or write @50)");
      } else {
        pos_ = start;
        return;
      }
      tree_.nodes[static_cast<std::size_t>(node)].weight *= w;
    }
  }
  // Whether text at `at` (after spaces) is a weight: digits with a decimal point, or a 1 alone.
  bool fraction_follows(std::size_t at) const {
    while (at < text_.size() && std::isspace(static_cast<unsigned char>(text_[at]))) ++at;
    std::size_t digits = 0, i = at;
    while (i < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i]))) ++i, ++digits;
    if (i < text_.size() && text_[i] == '.') return true;
    return digits == 1 && text_[at] == '1' && (i == text_.size() || text_[i] != '%');
  }
  bool read_number(double& out) {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.')) ++pos_;
    if (pos_ == start) return false;
    const auto r = std::from_chars(text_.data() + start, text_.data() + pos_, out);
    if (r.ec != std::errc() || r.ptr != text_.data() + pos_) fail_at(start, "not a number");
    return true;
  }

  int primary() {
    skip_spaces();
    const std::size_t start = pos_;
    if (peek() == '(') {
      ++pos_;
      skip_spaces();
      if (peek() == ')') fail("empty parentheses");
      const int inner = any_of();
      skip_spaces();
      if (peek() != ')') fail("expected ')' to close the '(' at position " + std::to_string(column(start)));
      ++pos_;
      return inner;
    }
    if (peek() == '$') return macro();
    if (percent_follows()) return percent();
    if (keyword("random") || keyword("Random") || keyword("RANDOM")) return add_pattern(Pattern{}, start);
    if (pos_ == text_.size() || peek() == ',' || peek() == ':' || peek() == ')' || peek() == '@')
      fail("expected a hand pattern (such as AA, AxAyxy or AsKhJd2c), '(', '!', a $ macro, a percentage or random");
    Pattern first = pattern();
    const std::size_t after = pos_;
    skip_spaces();
    if (peek() != '-') {
      pos_ = after;
      return add_pattern(std::move(first), start);
    }
    ++pos_;
    skip_spaces();
    const std::size_t second_start = pos_;
    Pattern second = pattern();
    return span(first, second, start, second_start);
  }

  std::size_t column(std::size_t at) const {
    std::size_t c = 1;
    for (std::size_t i = 0; i < at; ++i) c += (static_cast<unsigned char>(text_[i]) & 0xc0) != 0x80;
    return c;
  }

  bool keyword(std::string_view word) {
    if (text_.size() - pos_ < word.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i)
      if (text_[pos_ + i] != word[i]) return false;
    pos_ += word.size();
    return true;
  }

  int macro() {
    const std::size_t start = pos_;
    ++pos_;
    Node node;
    if (keyword("ds") || keyword("DS"))
      node.kind = Kind::double_suited;
    else if (keyword("ss") || keyword("SS"))
      node.kind = Kind::single_suited;
    else if (keyword("np") || keyword("NP"))
      node.kind = Kind::no_pair;
    else
      fail_at(start, "unknown macro (one of $ds, $ss, $np)");
    if (pos_ < text_.size() && std::isalnum(static_cast<unsigned char>(text_[pos_])))
      fail_at(start, "unknown macro (one of $ds, $ss, $np)");
    return add(std::move(node));
  }

  bool percent_follows() const {
    std::size_t i = pos_;
    while (i < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[i])) || text_[i] == '.')) ++i;
    return i > pos_ && i < text_.size() && text_[i] == '%';
  }

  int percent() {
    const std::size_t start = pos_;
    const auto number = [&] {
      while (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.'))
        ++pos_;
      if (peek() == '%') ++pos_;
    };
    number();
    if (peek() == '-' && pos_ + 1 < text_.size() &&
        (std::isdigit(static_cast<unsigned char>(text_[pos_ + 1])) || text_[pos_ + 1] == '.')) {
      ++pos_;
      number();
    }
    Percent p;
    p.text = std::string(text_.substr(start, pos_ - start));
    std::shared_ptr<const OmahaHandOrder> held;
    const OmahaHandOrder* order = order_;
    if (!order) {
      try {
        held = omaha_hand_order(n_);
      } catch (const InputError& e) {
        throw InputError(std::string(what_) + ": " + e.what());
      }
      order = held.get();
    }
    if (order->hole_cards != n_) fail_at(start, "the ordering is of hands of another number of cards");
    std::vector<CardSet> classes;
    if (auto why = select_omaha_percentage(p.text, *order, classes); !why.empty()) fail_at(start, why);
    if (classes.empty()) fail_at(start, "selects no hands (0%, or both ends reach the same classes)");
    for (CardSet c : classes) p.classes.push_back(c.bits());
    tree_.percents.push_back(std::move(p));
    Node node;
    node.kind = Kind::percent;
    node.index = static_cast<int>(tree_.percents.size() - 1);
    return add(std::move(node));
  }

  // One card of a pattern at pos_, or false if none starts there.
  bool pattern_card(PatternCard& c) {
    const std::size_t start = pos_;
    bool rank = true;
    if (peek() == '*') {
      ++pos_;
    } else if (peek() == '[') {
      ++pos_;
      c.ranks = rank_list();
    } else if (const int r = read_rank(text_, pos_); r >= 0) {
      c.ranks = static_cast<std::uint16_t>(1u << r);
    } else if (const auto v = kRankVariables.find(static_cast<char>(std::toupper(static_cast<unsigned char>(peek()))));
               v != std::string_view::npos && peek() != '\0') {
      c.rank_variable = static_cast<std::int8_t>(v);
      ++pos_;
    } else {
      rank = false;
    }
    if (const int s = read_suit(text_, pos_); s >= 0) {
      c.suit = static_cast<std::int8_t>(s);
    } else if (const auto v = kSuitVariables.find(static_cast<char>(std::tolower(static_cast<unsigned char>(peek()))));
               v != std::string_view::npos && peek() != '\0') {
      c.suit_variable = static_cast<std::int8_t>(v);
      ++pos_;
    } else if (!rank) {
      pos_ = start;
      return false;
    }
    return true;
  }

  // "[A,K,Q]", "[A-T]", "[AKQ]", "[A-T,5]" after the '['; through the ']'.
  std::uint16_t rank_list() {
    std::uint16_t ranks = 0;
    while (true) {
      skip_spaces();
      const std::size_t at = pos_;
      const int low = read_rank(text_, pos_);
      if (low < 0) fail("expected a rank (2-9, T, J, Q, K, A) in the list");
      int high = low;
      skip_spaces();
      if (peek() == '-') {
        ++pos_;
        skip_spaces();
        high = read_rank(text_, pos_);
        if (high < 0) fail("expected a rank after '-' in the list");
      }
      for (int r = std::min(low, high); r <= std::max(low, high); ++r) ranks |= static_cast<std::uint16_t>(1u << r);
      (void)at;
      skip_spaces();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ']') {
        ++pos_;
        return ranks;
      }
      if (read_rank_ahead()) continue;
      fail("expected ',', '-' or ']' in the rank list");
    }
  }
  bool read_rank_ahead() const {
    std::size_t i = pos_;
    return read_rank(text_, i) >= 0;
  }

  // Cards up to the first character that is no card. Spaces may separate whole cards (As Kh Jd 2c).
  Pattern pattern() {
    const std::size_t start = pos_;
    Pattern p;
    PatternCard c;
    while (pattern_card(c)) {
      p.cards.push_back(c);
      c = PatternCard{};
      const bool whole = p.cards.back().suit >= 0 && std::has_single_bit(p.cards.back().ranks);
      std::size_t ahead = pos_;
      while (ahead < text_.size() && std::isspace(static_cast<unsigned char>(text_[ahead]))) ++ahead;
      if (!whole || ahead == pos_) continue;
      std::size_t probe = ahead;
      if (read_rank(text_, probe) >= 0 && read_suit(text_, probe) >= 0) pos_ = ahead;
    }
    if (p.cards.empty()) fail("expected a hand pattern (such as AA, AxAyxy or AsKhJd2c)");
    if (static_cast<int>(p.cards.size()) > n_)
      fail_at(start,
              "the pattern has " + std::to_string(p.cards.size()) + " cards; a hand here has " + std::to_string(n_));
    return p;
  }

  static void finish(Pattern& p) {
    p.fixed = CardSet();
    p.need = {};
    p.suit_need = {};
    p.named_ranks = 0;
    p.named_suits = 0;
    bool suits = false, ranks = false, lists = false;
    std::array<std::uint8_t, 4> rank_demands{}, suit_demands{};
    for (const PatternCard& c : p.cards) {
      const bool one_rank = c.rank_variable < 0 && c.ranks != kAnyRank && std::has_single_bit(c.ranks);
      if (c.rank_variable < 0 && c.ranks != kAnyRank) p.named_ranks |= c.ranks;
      if (c.suit >= 0) p.named_suits |= static_cast<std::uint8_t>(1u << c.suit);
      if (one_rank && c.suit >= 0) p.fixed.insert(Card(std::countr_zero(c.ranks), c.suit));
      if (one_rank) ++p.need[static_cast<std::size_t>(std::countr_zero(c.ranks))];
      if (c.suit >= 0) ++p.suit_need[static_cast<std::size_t>(c.suit)];
      if (c.rank_variable >= 0) ++rank_demands[static_cast<std::size_t>(c.rank_variable)];
      if (c.suit_variable >= 0) ++suit_demands[static_cast<std::size_t>(c.suit_variable)];
      suits = suits || c.suit >= 0 || c.suit_variable >= 0;
      ranks = ranks || c.rank_variable >= 0 || c.ranks != kAnyRank;
      lists = lists || (c.ranks != kAnyRank && !one_rank);
    }
    using Shape = Pattern::Shape;
    p.shape = lists || (suits && ranks) ? Shape::search : suits ? Shape::suits : Shape::ranks;
    p.rank_demanding = {};
    p.suit_demanding = {};
    for (auto d : rank_demands)
      for (std::size_t c = 1; c <= d; ++c) ++p.rank_demanding[c];
    for (auto d : suit_demands)
      for (std::size_t c = 1; c <= d; ++c) ++p.suit_demanding[c];
    const auto& demands = p.shape == Shape::suits ? suit_demands : rank_demands;
    p.counts_only =
        p.shape == Shape::ranks && std::all_of(demands.begin(), demands.end(), [](auto d) { return d == 0; });
    p.order = p.cards;
    const auto freedom = [](const PatternCard& c) {
      const int choices = c.rank_variable >= 0 ? 13 : std::popcount(c.ranks);
      return choices * (c.suit >= 0 ? 1 : 4);
    };
    std::stable_sort(p.order.begin(), p.order.end(),
                     [&](const PatternCard& a, const PatternCard& b) { return freedom(a) < freedom(b); });
  }

  int add_pattern(Pattern p, std::size_t start) {
    finish(p);
    if (!satisfiable(p, n_))
      fail_at(start, "the pattern " + pattern_str(p) + " matches no " + std::to_string(n_) + "-card hand");
    tree_.patterns.push_back(std::move(p));
    Node node;
    node.kind = Kind::pattern;
    node.index = static_cast<int>(tree_.patterns.size() - 1);
    return add(std::move(node));
  }

  // "KK-TT", "AK-AT", "JT98-6543": the patterns between two of the same shape whose differing
  // ranks step together.
  int span(const Pattern& a, const Pattern& b, std::size_t start, std::size_t second) {
    const std::string shape =
        "a span joins two patterns of the same shape whose differing ranks step together "
        "(as KK-TT, AK-AT, JT98-6543)";
    if (a.cards.size() != b.cards.size()) fail_at(second, shape);
    int delta = 0;
    std::vector<std::size_t> moving;
    for (std::size_t i = 0; i < a.cards.size(); ++i) {
      const PatternCard &x = a.cards[i], &y = b.cards[i];
      if (x.suit != y.suit || x.suit_variable != y.suit_variable || x.rank_variable != y.rank_variable)
        fail_at(second, shape);
      if (x.ranks == y.ranks) continue;
      if (!std::has_single_bit(x.ranks) || !std::has_single_bit(y.ranks) || x.ranks == kAnyRank) fail_at(second, shape);
      const int d = std::countr_zero(y.ranks) - std::countr_zero(x.ranks);
      if (delta != 0 && d != delta) fail_at(second, shape);
      delta = d;
      moving.push_back(i);
    }
    std::vector<int> children;
    const int steps = std::abs(delta), sign = delta < 0 ? -1 : 1;
    for (int k = 0; k <= steps; ++k) {
      Pattern p = a;
      for (std::size_t i : moving)
        p.cards[i].ranks = static_cast<std::uint16_t>(1u << (std::countr_zero(a.cards[i].ranks) + sign * k));
      children.push_back(add_pattern(std::move(p), start));
    }
    return combine(Kind::any_of, std::move(children));
  }

  std::string_view text_;
  int n_;
  std::string_view what_;
  const OmahaHandOrder* order_;
  OmahaRange::Tree& tree_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  static constexpr int kMaxDepth = 100;  // the recursion's stack stays small on hostile input
};

bool has_compound(const OmahaRange::Tree& tree) {
  return std::any_of(tree.nodes.begin(), tree.nodes.end(),
                     [](const Node& n) { return n.kind == Kind::all_of || n.kind == Kind::none_of; });
}

// Calls f(hand) for every hand of `k` cards of `deck` joined to `must`, in increasing mask order,
// split by the highest card: f_top(t) enumerates the hands whose highest free card is deck[t].
template <class F>
void for_each_with_top(const std::vector<int>& bits, int k, CardSet must, int top, F&& f) {
  // Colexicographic order over the positions below `top`, then the top card.
  const std::uint64_t base = must.bits() | std::uint64_t{1} << bits[static_cast<std::size_t>(top)];
  const int m = top, r = k - 1;
  if (r == 0) {
    f(CardSet(base));
    return;
  }
  if (r > m) return;
  std::array<int, 7> c{};
  for (int i = 0; i < r; ++i) c[static_cast<std::size_t>(i)] = i;
  c[static_cast<std::size_t>(r)] = m;
  while (true) {
    std::uint64_t mask = base;
    for (int i = 0; i < r; ++i)
      mask |= std::uint64_t{1} << bits[static_cast<std::size_t>(c[static_cast<std::size_t>(i)])];
    f(CardSet(mask));
    int j = 0;
    while (j < r && c[static_cast<std::size_t>(j)] + 1 == c[static_cast<std::size_t>(j + 1)]) {
      c[static_cast<std::size_t>(j)] = j;
      ++j;
    }
    if (j == r) return;
    ++c[static_cast<std::size_t>(j)];
  }
}

// Whether the tree holds some hand: among those holding the cards every match holds, and when no
// suit is written (the weight is the same for every hand of a class) among the classes' canonical
// forms only, so that an empty PLO6 range is found empty in a pass over 20 million masks with about
// 963,000 weights.
// The free positions (bit indices) of the deck without `taken`, ascending.
std::vector<int> free_bits(CardSet taken) {
  std::vector<int> bits;
  const std::uint64_t free = CardSet::full().bits() & ~taken.bits();
  for (std::uint64_t m = free; m; m &= m - 1) bits.push_back(std::countr_zero(m));
  return bits;
}

// The permutations of the four suits.
constexpr std::array<std::array<int, kSuits>, 24> kSuitPermutations = [] {
  std::array<std::array<int, kSuits>, 24> all{};
  std::array<int, kSuits> p{0, 1, 2, 3};
  for (auto& out : all) {
    out = p;
    std::next_permutation(p.begin(), p.end());
  }
  return all;
}();

// The permutations of the suits that differ on the named ones (`named`, a bit a suit): one for each
// way of giving the named suits the fields of a hand, the others' fields in any order.
std::vector<std::array<int, kSuits>> suit_maps(unsigned named) {
  std::vector<std::array<int, kSuits>> maps;
  for (const auto& p : kSuitPermutations) {
    const bool repeated = std::any_of(maps.begin(), maps.end(), [&](const auto& q) {
      for (int s = 0; s < kSuits; ++s)
        if ((named >> s & 1) && p[static_cast<std::size_t>(s)] != q[static_cast<std::size_t>(s)]) return false;
      return true;
    });
    if (!repeated) maps.push_back(p);
  }
  return maps;
}

// Whether some hand of the class of `canonical` has weight, looking at one hand of each set that
// differs only in the suits no pattern names (`maps`: suit_maps(), `named`: the bits of the named
// suits' fields); those share their weight, as suit variables, percentages and suitedness never
// tell such suits apart. Hands short of the cards of a rank or suit every hand of the range has
// are passed over. Adds the steps it took to `steps`.
bool class_holds_a_hand(const OmahaRange::Tree& tree, const OmahaRange::Tree::Needs& needs,
                        const std::vector<std::array<int, kSuits>>& maps, std::uint64_t named, CardSet canonical,
                        std::uint64_t& steps) {
  steps += 1 + maps.size();
  const auto counts = canonical.rank_counts();
  for (std::size_t r = 0; r < kRanks; ++r)
    if (counts[r] < needs.ranks[r]) return false;
  std::array<std::uint64_t, 24> seen{};  // the named suits' fields of the hands weighed
  int seen_count = 0;
  for (const auto& p : maps) {
    std::uint64_t hand = 0;
    bool short_of_a_suit = false;
    for (int s = 0; s < kSuits; ++s) {
      const unsigned field = canonical.suit_ranks(p[static_cast<std::size_t>(s)]);
      short_of_a_suit = short_of_a_suit || std::popcount(field) < needs.suits[static_cast<std::size_t>(s)];
      hand |= std::uint64_t{field} << (16 * s);
    }
    const std::uint64_t key = hand & named;
    if (short_of_a_suit || std::find(seen.begin(), seen.begin() + seen_count, key) != seen.begin() + seen_count)
      continue;
    seen[static_cast<std::size_t>(seen_count++)] = key;
    if (tree.weight(CardSet(hand), steps) > 0) return true;
  }
  return false;
}

// The steps (nodes and pattern search steps, HandInfo::steps) holds_a_hand() may take: at most
// about 0.05 s in a release build here, 2 to 4 s in the sanitized fuzz target. The search goes
// from the high cards down, so a range that holds hands finds one in its first round or so; one
// that holds none, or only a few low ones, is searched whole when it is simple (PLO6 with no suit
// named: 962,988 classes of a range of a few patterns) and refused as too costly when not.
constexpr std::uint64_t kSearchBudget = std::uint64_t{1} << 22;

// Searches pieces 0..count-1, each alone and in order up to its first hand with weight (`piece(i,
// steps)` says whether it found one and adds the steps it took), in rounds of pieces run in
// parallel. Whether it finds a hand, and where it gives up, do not depend on the threads: a piece's
// count is its own, and the budget is checked between rounds.
template <class Piece>
std::optional<bool> search_pieces(int count, std::uint64_t budget, Piece&& piece) {
  constexpr int kRound = 128;
  std::array<std::uint64_t, kRound> steps{};
  std::array<bool, kRound> found{};
  std::uint64_t spent = 0;
  for (int first = 0; first < count; first += kRound) {
    const int n = std::min(kRound, count - first);
    steps.fill(0);
    found.fill(false);
    detail::parallel_for(0, n, [&](int i) {
      found[static_cast<std::size_t>(i)] = piece(first + i, steps[static_cast<std::size_t>(i)]);
    });
    if (std::find(found.begin(), found.begin() + n, true) != found.begin() + n) return true;
    for (int i = 0; i < n; ++i) spent += steps[static_cast<std::size_t>(i)];
    if (spent > budget) return std::nullopt;
  }
  return false;
}

// Whether some hand has weight; nullopt when the search passes the budget before it knows.
std::optional<bool> holds_a_hand(const OmahaRange::Tree& tree) {
  std::vector<CardSet> listed;
  if (tree.listed(tree.root, listed))
    return std::any_of(listed.begin(), listed.end(), [&](CardSet h) { return tree.weight(h) > 0; });
  const CardSet must = tree.must(tree.root);
  if (must.empty()) {
    // By class, one piece a spade field: each class once per assignment of its fields to the
    // named suits (PLO6: 962,988 classes of 20,358,520 hands).
    unsigned named_suits = 0;
    for (const Pattern& p : tree.patterns) named_suits |= p.named_suits;
    std::uint64_t named = 0;
    for (int s = 0; s < kSuits; ++s)
      if (named_suits >> s & 1) named |= std::uint64_t{0x1fff} << (16 * s);
    const auto maps = suit_maps(named_suits);
    const OmahaRange::Tree::Needs needs = tree.needs(tree.root);
    const auto sum = [](const auto& a) { return std::accumulate(a.begin(), a.end(), 0); };
    if (sum(needs.ranks) > tree.hole_cards || sum(needs.suits) > tree.hole_cards) return false;
    // The highest spade fields first: ranges hold high cards more often than low ones.
    return search_pieces(1 << kRanks, kSearchBudget, [&](int piece, std::uint64_t& steps) {
      bool found = false;
      for_each_omaha_class(tree.hole_cards, static_cast<unsigned>((1 << kRanks) - 1 - piece),
                           [&](CardSet c) { found = found || class_holds_a_hand(tree, needs, maps, named, c, steps); });
      return found;
    });
  }
  const std::vector<int> bits = free_bits(must);
  const int k = tree.hole_cards - must.size(), m = static_cast<int>(bits.size());
  if (k <= 0) return k == 0 && tree.weight(must) > 0;
  // The hands that hold `must`, one piece a highest other card, the highest first.
  return search_pieces(m - (k - 1), kSearchBudget, [&](int piece, std::uint64_t& steps) {
    bool found = false;
    for_each_with_top(bits, k, must, m - 1 - piece, [&](CardSet h) {
      if (!found) found = tree.weight(h, steps) > 0;
    });
    return found;
  });
}

}  // namespace

OmahaRange OmahaRange::parse(std::string_view text, int hole_cards, std::string_view what,
                             std::vector<std::string>* /*warnings*/, const OmahaHandOrder* order) {
  if (hole_cards < 1 || hole_cards > 6)
    throw InputError(std::string(what) + ": an Omaha hand has 4, 5 or 6 cards, not " + std::to_string(hole_cards));
  auto tree = std::make_shared<Tree>();
  tree->hole_cards = hole_cards;
  Parser parser(text, hole_cards, what, order, *tree);
  tree->root = parser.range();
  OmahaRange range;
  range.hole_cards_ = hole_cards;
  const Node& root = tree->nodes[static_cast<std::size_t>(tree->root)];
  range.random_ = false;
  if (root.kind == Kind::pattern && root.weight == 1) {
    const Pattern& p = tree->patterns[static_cast<std::size_t>(root.index)];
    if (p.fixed.size() == hole_cards) range.hand_ = p.fixed;
    range.random_ = p.counts_only && std::all_of(p.need.begin(), p.need.end(), [](auto c) { return c == 0; });
  }
  if (has_compound(*tree)) {
    // ':' and '!' can leave nothing of patterns that each match: look for one hand.
    const std::optional<bool> found = holds_a_hand(*tree);
    if (!found)
      throw InputError(std::string(what) + ": " + quote_input(text) + " may hold no " + std::to_string(hole_cards) +
                       "-card hand: none found in the " + detail::grouped_digits(kSearchBudget) +
                       " steps a range may take to check (its ':' and '!' over " +
                       std::to_string(tree->patterns.size()) + (tree->patterns.size() == 1 ? " pattern" : " patterns") +
                       "); write it more simply");
    if (!*found)
      throw InputError(std::string(what) + ": " + quote_input(text) + " holds no " + std::to_string(hole_cards) +
                       "-card hand");
  }
  if (!range.random_) range.tree_ = std::move(tree);
  return range;
}

OmahaRange OmahaRange::all(int hole_cards) {
  OmahaRange range;
  range.hole_cards_ = hole_cards;
  return range;
}

double OmahaRange::weight(CardSet hand) const {
  if (hand.size() != hole_cards_ || (hand.bits() & ~CardSet::full().bits())) return 0;
  if (hand_) return *hand_ == hand ? 1.0 : 0.0;
  return tree_ ? tree_->weight(hand) : 1.0;
}

std::string OmahaRange::str() const {
  if (hand_) return hand_->str();
  return tree_ ? tree_->str(tree_->root, false) : "random";
}

std::vector<OmahaCombo> OmahaRange::combos(CardSet removed, std::size_t limit, std::string_view what) const {
  const auto too_many = [&] {
    return InputError(std::string(what) + ": the range holds more than " + detail::grouped_digits(limit) +
                      " hands, the most a range other than random may hold, exact or Monte Carlo (write random, "
                      "or narrow it)");
  };
  if (hand_) {
    if (hand_->intersects(removed)) return {};
    return {OmahaCombo{*hand_, 1.0}};
  }
  std::vector<OmahaCombo> out;
  std::vector<CardSet> listed;
  if (tree_ && tree_->listed(tree_->root, listed)) {
    std::sort(listed.begin(), listed.end(), [](CardSet a, CardSet b) { return a.bits() < b.bits(); });
    listed.erase(std::unique(listed.begin(), listed.end()), listed.end());
    for (CardSet h : listed)
      if (!h.intersects(removed))
        if (const double w = tree_->weight(h); w > 0) out.push_back({h, w});
    if (out.size() > limit) throw too_many();
    return out;
  }
  const CardSet must = tree_ ? tree_->must(tree_->root) : CardSet();
  if (must.intersects(removed)) return out;
  const std::vector<int> bits = free_bits(removed | must);
  const int k = hole_cards_ - must.size(), m = static_cast<int>(bits.size());
  if (k < 0 || k > m) return out;
  if (k == 0) {
    if (const double w = weight(must); w > 0) out.push_back({must, w});
    return out;
  }
  std::vector<std::vector<OmahaCombo>> parts(static_cast<std::size_t>(m));
  std::atomic<std::size_t> total{0};
  std::atomic<bool> over{false};
  detail::parallel_for(k - 1, m, [&](int top) {
    if (over.load(std::memory_order_relaxed)) return;
    auto& part = parts[static_cast<std::size_t>(top)];
    for_each_with_top(bits, k, must, top, [&](CardSet h) {
      const double w = tree_ ? tree_->weight(h) : 1.0;
      if (w > 0) part.push_back({h, w});
    });
    if (total.fetch_add(part.size()) + part.size() > limit) over = true;
  });
  if (over) throw too_many();
  out.reserve(total);
  for (auto& part : parts) out.insert(out.end(), part.begin(), part.end());
  return out;
}

OmahaRangeSize OmahaRange::size(CardSet removed) const {
  OmahaRangeSize size;
  if (hand_) return hand_->intersects(removed) ? size : OmahaRangeSize{1, 1.0};
  if (!tree_) {
    size.hands = omaha_hand_count(kCards - (removed & CardSet::full()).size(), hole_cards_);
    size.weighted = static_cast<double>(size.hands);
    return size;
  }
  std::vector<CardSet> listed;
  if (tree_->listed(tree_->root, listed)) {
    for (const OmahaCombo& c : combos(removed, kOmahaComboLimit)) ++size.hands, size.weighted += c.weight;
    return size;
  }
  const CardSet must = tree_->must(tree_->root);
  if (must.intersects(removed)) return size;
  const std::vector<int> bits = free_bits(removed | must);
  const int k = hole_cards_ - must.size(), m = static_cast<int>(bits.size());
  if (k < 0 || k > m) return size;
  if (k == 0) {
    const double w = weight(must);
    return w > 0 ? OmahaRangeSize{1, w} : size;
  }
  std::vector<OmahaRangeSize> parts(static_cast<std::size_t>(m));
  detail::parallel_for(k - 1, m, [&](int top) {
    auto& part = parts[static_cast<std::size_t>(top)];
    for_each_with_top(bits, k, must, top, [&](CardSet h) {
      if (const double w = tree_->weight(h); w > 0) ++part.hands, part.weighted += w;
    });
  });
  for (const auto& part : parts) size.hands += part.hands, size.weighted += part.weighted;
  return size;
}

}  // namespace equity
