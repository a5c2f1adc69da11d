// Reading PokerStars' and GGPoker's hand histories (docs/hands.md): one pass over a hand's lines,
// the header, the seats, the streets' actions and the summary, keeping what decides the pot.
#include "equity/hand_history.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

#include "equity/error.hpp"
#include "hands/site_text.hpp"

namespace equity {

std::string_view site_name(HandSite site) { return site == HandSite::pokerstars ? "PokerStars" : "GGPoker"; }

std::vector<std::size_t> HandHistory::live() const {
  std::vector<std::size_t> out;
  for (std::size_t p = 0; p < players.size(); ++p)
    if (!players[p].folded) out.push_back(p);
  return out;
}

double HandHistory::chips_in() const {
  double sum = 0;
  for (const auto& p : players) sum += p.put_in;
  return sum;
}

std::string_view street_name(Game game, int street) {
  static constexpr std::array<std::string_view, 4> kBoard = {"preflop", "flop", "turn", "river"};
  static constexpr std::array<std::string_view, 5> kStud = {"3rd street", "4th street", "5th street", "6th street",
                                                            "7th street"};
  if (street < 0) return "before the cards";
  if (has_board(game)) return street < 4 ? kBoard[static_cast<std::size_t>(street)] : "showdown";
  return street < 5 ? kStud[static_cast<std::size_t>(street)] : "showdown";
}

namespace {

using hands::after;
using hands::parse_amount;
using hands::starts_with;

// ---- Cutting the stream into hands ---------------------------------------------------------------

constexpr std::size_t kMaxLine = 64 * 1024;
constexpr std::size_t kMaxHandLines = 2000;

// Reads one line (without its "\r\n" or "\n") of at most kMaxLine bytes, the rest dropped.
bool read_line(std::istream& in, std::string& line) {
  line.clear();
  auto* buf = in.rdbuf();
  bool any = false;
  for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
    any = true;
    if (c == '\n') break;
    if (line.size() < kMaxLine) line.push_back(static_cast<char>(c));
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return any;
}

bool starts_hand(std::string_view line) {
  if (starts_with(line, "\xEF\xBB\xBF")) line.remove_prefix(3);
  return (starts_with(line, "PokerStars ") && line.find('#') != std::string_view::npos) ||
         starts_with(line, "Poker Hand #");
}

}  // namespace

bool HandHistoryReader::next(HandText& hand) {
  hand.lines.clear();
  std::string line;
  if (!has_pending_) {
    for (;;) {
      if (!read_line(in_, line)) return false;
      ++line_;
      if (starts_hand(line)) break;
    }
    pending_ = std::move(line);
    pending_line_ = line_;
  }
  has_pending_ = false;
  hand.first_line = pending_line_;
  hand.lines.push_back(std::move(pending_));
  while (read_line(in_, line)) {
    ++line_;
    if (starts_hand(line)) {
      pending_ = std::move(line);
      pending_line_ = line_;
      has_pending_ = true;
      break;
    }
    if (hand.lines.size() < kMaxHandLines) hand.lines.push_back(line);
  }
  return true;
}

}  // namespace equity
