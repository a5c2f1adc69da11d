#include "equity/result_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include "detail/grouped_digits.hpp"
#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {

namespace fs = std::filesystem;

ResultLine result_line(HoleCards opponent, const EnumerationResult& result) {
  const auto& hero = result.players.at(0);
  const auto& villain = result.players.at(1);
  return ResultLine{deck_ordered(opponent), hero.wins + hero.ties, villain.wins + villain.ties, result.boards};
}

std::string format_line(const ResultLine& line) {
  const HoleCards cards = deck_ordered(line.opponent);
  std::string out = "['" + cards[0].str() + "', '" + cards[1].str() + "'], [";
  out += std::to_string(line.hero_wins_or_ties);
  out += ", ";
  out += std::to_string(line.opponent_wins_or_ties);
  out += ']';
  return out;
}

namespace {

// A small cursor over one line; every expect_* throws InputError saying what was expected where.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}

  void skip_spaces() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  bool at_end() {
    skip_spaces();
    return pos_ == text_.size();
  }
  bool accept(char c) {
    skip_spaces();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!accept(c)) fail(std::string("expected '") + c + "'");
  }
  Card quoted_card() {
    skip_spaces();
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"'))
      fail("expected a quoted card such as 'Ah'");
    const char quote = text_[pos_++];
    const std::size_t end = text_.find(quote, pos_);
    if (end == std::string_view::npos) fail("unterminated quoted card");
    const std::string_view token = text_.substr(pos_, end - pos_);
    if (token.size() != 2) fail("bad card " + quote_input(token));
    const Card card = parse_card(token);
    pos_ = end + 1;
    return card;
  }
  std::uint64_t number() {
    skip_spaces();
    const std::size_t start = pos_;
    std::uint64_t value = 0;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      if (pos_ - start >= 12) fail("number too long");
      value = value * 10 + static_cast<std::uint64_t>(text_[pos_] - '0');
      ++pos_;
    }
    if (pos_ == start) fail("expected a number");
    return value;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(what + " at column " + std::to_string(pos_ + 1) + " of " + quote_input(text_));
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

ResultLine parse_line(std::string_view text) {
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  LineReader in(text);
  ResultLine line;
  in.expect('[');
  const Card a = in.quoted_card();
  in.expect(',');
  const Card b = in.quoted_card();
  in.expect(']');
  in.expect(',');
  in.expect('[');
  line.hero_wins_or_ties = in.number();
  in.expect(',');
  line.opponent_wins_or_ties = in.number();
  in.expect(']');
  if (in.accept(',')) {  // the original script's mark for a line copied from a suit-equivalent one
    in.expect('\'');
    in.expect('*');
    in.expect('\'');
  }
  if (!in.at_end()) in.fail("unexpected text after the counts");
  if (a == b) throw InputError("the opponent holds " + a.str() + " twice in " + quote_input(text));
  line.opponent = deck_ordered({a, b});
  return line;
}

std::string check_counts(const ResultLine& line) {
  const auto first = line.hero_wins_or_ties, second = line.opponent_wins_or_ties;
  if (first > line.boards || second > line.boards)
    return "a count is larger than the " + detail::grouped_digits(line.boards) + " boards (" + std::to_string(first) +
           ", " + std::to_string(second) + ")";
  if (first + second < line.boards)
    return "counts do not add up: " + std::to_string(first) + " + " + std::to_string(second) + " is less than the " +
           detail::grouped_digits(line.boards) + " boards (ties would be negative)";
  return {};
}

HoleCards deck_ordered(HoleCards hand) {
  if (hand[1].deck_index() < hand[0].deck_index()) std::swap(hand[0], hand[1]);
  return hand;
}

std::string hand_name(HoleCards hand) {
  hand = deck_ordered(hand);
  return hand[0].str() + hand[1].str();
}

std::string result_file_name(HoleCards hero) { return hand_name(hero) + ".txt"; }

std::vector<HoleCards> opponent_hands(HoleCards hero, Game game) {
  std::vector<HoleCards> out;
  out.reserve(static_cast<std::size_t>(opponent_hand_count(game)));
  const CardSet used = to_set(hero[0]) | to_set(hero[1]);
  // The game's deck is the first deck_size() cards of the deck order (its lowest ranks are left out).
  const int cards = game_rules(game).deck_size();
  for (int i = 0; i < cards; ++i) {
    const Card a = card_at_deck_index(i);
    if (used.contains(a)) continue;
    for (int j = i + 1; j < cards; ++j) {
      const Card b = card_at_deck_index(j);
      if (!used.contains(b)) out.push_back({a, b});
    }
  }
  return out;
}

std::size_t opponent_position(HoleCards hero, HoleCards opponent, Game game) {
  // The deck index among the n cards left (50 in Hold'em): less one for each hero card before it.
  const int n = game_rules(game).deck_size() - 2;
  const auto left_index = [&](Card c) {
    const int i = c.deck_index();
    return i - (hero[0].deck_index() < i) - (hero[1].deck_index() < i);
  };
  const int a = left_index(opponent[0]), b = left_index(opponent[1]);
  // Pairs whose first card comes before a: (n - 1) + (n - 2) + ... + (n - a); then b's place after a.
  return static_cast<std::size_t>(a * (2 * n - 1 - a) / 2 + (b - a - 1));
}

ResultFileContents read_result_file(const fs::path& path, HoleCards hero, Game game) {
  ResultFileContents contents;
  contents.expected_lines = static_cast<std::size_t>(opponent_hand_count(game));
  std::string text;
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::error_code ec;
      if (fs::exists(path, ec)) throw InputError("cannot read " + path.string());
      return contents;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = std::move(buffer).str();
  }
  contents.exists = true;
  contents.file_bytes = text.size();
  // A power loss can leave a tail of zero bytes after the last line the disk really holds.
  std::size_t end = text.size();
  while (end > 0 && text[end - 1] == '\0') --end;

  const auto expected = opponent_hands(hero, game);
  const std::uint64_t boards = preflop_boards(game);
  const std::string hero_name = hand_name(hero);
  const auto where = [&](std::size_t line_number) { return path.string() + ":" + std::to_string(line_number) + ": "; };
  const auto accept_line = [&](std::string_view record, std::size_t line_number, bool last_may_be_partial) -> bool {
    ResultLine line;
    try {
      line = parse_line(record);
    } catch (const InputError& e) {
      if (last_may_be_partial) return false;
      throw InputError(where(line_number) + e.what());
    }
    line.boards = boards;
    const std::string problem = check_counts(line);
    if (!problem.empty()) {
      if (last_may_be_partial) return false;
      throw InputError(where(line_number) + problem);
    }
    const std::size_t index = contents.lines.size();
    if (index >= expected.size())
      throw InputError(where(line_number) + "more than the " + detail::grouped_digits(expected.size()) +
                       " opponent lines of " + hero_name);
    if (line.opponent != expected[index]) {
      const CardSet hero_cards = to_set(hero[0]) | to_set(hero[1]);
      const bool clash = hero_cards.contains(line.opponent[0]) || hero_cards.contains(line.opponent[1]);
      throw InputError(where(line_number) + "opponent " + hand_name(line.opponent) + " where " +
                       hand_name(expected[index]) + " was expected" +
                       (clash ? " (it shares a card with " + hero_name + ": this is the file of another hand)"
                              : " (lines out of order, or the file of another hand)"));
    }
    if (format_line(line) != record) contents.needs_rewrite = true;
    contents.lines.push_back(line);
    return true;
  };

  const std::string_view all(text.data(), end);
  if (!all.empty() && all.front() == '\n') {
    // The original layout: a newline before each record, none after the last, so the last record
    // is complete if it parses and its counts add up.
    contents.original_layout = true;
    contents.needs_rewrite = true;
    std::size_t start = 1, line_number = 2;
    while (start <= all.size()) {
      std::size_t stop = all.find('\n', start);
      const bool last = stop == std::string_view::npos;
      if (last) stop = all.size();
      const std::string_view record = all.substr(start, stop - start);
      if (last) {
        if (!record.empty() && !accept_line(record, line_number, true)) contents.half_written = std::string(record);
        break;
      }
      accept_line(record, line_number, false);
      start = stop + 1;
      ++line_number;
    }
    contents.complete_bytes = 0;  // rewritten in our layout before anything is appended
  } else {
    std::size_t start = 0, line_number = 1;
    while (start < all.size()) {
      const std::size_t stop = all.find('\n', start);
      if (stop == std::string_view::npos) {
        contents.half_written = std::string(all.substr(start));
        break;
      }
      accept_line(all.substr(start, stop - start), line_number, false);
      start = stop + 1;
      ++line_number;
    }
    contents.complete_bytes = start;
  }
  if (contents.half_written.empty() && end != text.size()) contents.half_written = "(zero bytes)";
  return contents;
}

namespace {

std::string format_lines(const std::vector<ResultLine>& lines) {
  std::string out;
  out.reserve(lines.size() * 40);
  for (const auto& line : lines) {
    out += format_line(line);
    out += '\n';
  }
  return out;
}

}  // namespace

ResultFileWriter::ResultFileWriter(fs::path path, const ResultFileContents& contents) : path_(std::move(path)) {
  if (contents.needs_rewrite)
    write_file_atomically(path_, format_lines(contents.lines));
  else if (contents.exists && contents.file_bytes != contents.complete_bytes)
    truncate_file(path_, contents.complete_bytes);
  file_.emplace(path_);
}

void ResultFileWriter::append(const std::vector<ResultLine>& lines) { append(format_lines(lines)); }

void ResultFileWriter::append(std::string_view formatted_lines) { file_->append(formatted_lines); }

}  // namespace equity
