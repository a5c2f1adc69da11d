#include "equity/hand_class.hpp"

#include <algorithm>
#include <cctype>

#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {

std::string HandClass::name() const {
  std::string out{kRankChars[static_cast<std::size_t>(high)], kRankChars[static_cast<std::size_t>(low)]};
  if (!pair()) out += suited ? 's' : 'o';
  return out;
}

int HandClass::combos() const { return pair() ? 6 : suited ? 4 : 12; }

EQUITY_QUESTION_PATH std::vector<int> HandClass::combo_indices() const {
  std::vector<int> out;
  for (int s1 = 0; s1 < kSuits; ++s1)
    for (int s2 = 0; s2 < kSuits; ++s2) {
      if (pair() ? s2 <= s1 : (suited != (s1 == s2))) continue;
      out.push_back(combo_index(Card(high, s1), Card(low, s2)));
    }
  std::sort(out.begin(), out.end());
  return out;
}

HoleCards HandClass::representative() const {
  if (pair()) return {Card(high, 0), Card(high, 1)};
  return {Card(high, 0), Card(low, suited ? 0 : 1)};
}

namespace {

struct ClassIndex {
  std::array<HandClass, kHandClasses> classes{};
  std::array<std::array<std::array<int, 2>, kRanks>, kRanks> index{};  // [high][low][suited]
};

const ClassIndex& class_index_table() {
  static const ClassIndex table = [] {
    ClassIndex t;
    int n = 0;
    for (int high = kRanks - 1; high >= 0; --high)
      for (int low = high; low >= 0; --low) {
        if (low == high) {
          t.classes[static_cast<std::size_t>(n)] = HandClass{high, low, false};
          t.index[high][low] = {n, n};
          ++n;
        } else {
          t.classes[static_cast<std::size_t>(n)] = HandClass{high, low, true};
          t.index[high][low][1] = n++;
          t.classes[static_cast<std::size_t>(n)] = HandClass{high, low, false};
          t.index[high][low][0] = n++;
        }
      }
    return t;
  }();
  return table;
}

}  // namespace

const std::array<HandClass, kHandClasses>& hand_classes() { return class_index_table().classes; }

int class_index(const HandClass& c) {
  return class_index_table().index[static_cast<std::size_t>(c.high)][static_cast<std::size_t>(c.low)][c.suited ? 1 : 0];
}

bool class_in_game(const HandClass& c, Game game) { return c.low >= game_rules(game).lowest_rank; }

std::span<const int> classes_of(Game game) {
  static const std::array<std::vector<int>, kGames> by_game = [] {
    std::array<std::vector<int>, kGames> out;
    for (std::size_t g = 0; g < out.size(); ++g)
      for (int i = 0; i < kHandClasses; ++i)
        if (class_in_game(hand_classes()[static_cast<std::size_t>(i)], static_cast<Game>(g))) out[g].push_back(i);
    return out;
  }();
  return by_game[static_cast<std::size_t>(game)];
}

HandClass class_of(HoleCards hand) {
  const int a = hand[0].rank(), b = hand[1].rank();
  return HandClass{std::max(a, b), std::min(a, b), a != b && hand[0].suit() == hand[1].suit()};
}

int class_index_of(HoleCards hand) { return class_index(class_of(hand)); }

HandClass parse_hand_class(std::string_view text) {
  const auto bad = [&](const std::string& why) {
    return InputError("bad hand class " + quote_input(text) + ": " + why +
                      " (expected a pair such as AA, or two ranks and s or o such as AKs, T9o)");
  };
  std::size_t pos = 0;
  const int first = read_rank(text, pos);
  const int second = first < 0 ? -1 : read_rank(text, pos);
  if (second < 0) throw bad("it needs two ranks");
  const std::string_view suffix = text.substr(pos);
  const bool s = suffix == "s" || suffix == "S", o = suffix == "o" || suffix == "O";
  HandClass c{std::max(first, second), std::min(first, second), s};
  if (c.pair()) {
    if (!suffix.empty()) throw bad(s ? "a pair cannot be suited" : "unexpected " + quote_input(suffix));
    return c;
  }
  if (!s && !o) throw bad(suffix.empty() ? "say s (suited) or o (offsuit)" : "unexpected " + quote_input(suffix));
  return c;
}

std::vector<int> parse_class_list(std::string_view text) {
  std::vector<bool> chosen(kHandClasses, false);
  std::size_t start = 0;
  bool any = false;
  while (start <= text.size()) {
    std::size_t stop = text.find_first_of(", ", start);
    if (stop == std::string_view::npos) stop = text.size();
    if (stop > start) {
      chosen[static_cast<std::size_t>(class_index(parse_hand_class(text.substr(start, stop - start))))] = true;
      any = true;
    }
    start = stop + 1;
  }
  if (!any) throw InputError("empty list of hand classes (expected e.g. AA,AKs,72o)");
  std::vector<int> out;
  for (int i = 0; i < kHandClasses; ++i)
    if (chosen[static_cast<std::size_t>(i)]) out.push_back(i);
  return out;
}

std::pair<int, int> grid_cell(const HandClass& c) {
  const int hi = 12 - c.high, lo = 12 - c.low;
  if (c.pair() || c.suited) return {hi, lo};
  return {lo, hi};
}

HandClass class_at_grid_cell(int row, int column) {
  const int a = 12 - row, b = 12 - column;
  return HandClass{std::max(a, b), std::min(a, b), column > row};
}

}  // namespace equity
