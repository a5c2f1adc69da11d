// Reading PokerStars' and GGPoker's hand histories (docs/hands.md): one pass over a hand's lines,
// the header, the seats, the streets' actions and the summary, keeping what decides the pot.
#include "equity/hand_history.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>

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
  static constexpr std::array<std::string_view, 4> kDraws = {"before the draw", "after the 1st draw",
                                                             "after the 2nd draw", "after the 3rd draw"};
  if (street < 0) return "before the cards";
  if (has_board(game)) return street < 4 ? kBoard[static_cast<std::size_t>(street)] : "showdown";
  if (const int draws = game_rules(game).draws; draws > 0) {
    if (street > draws) return "showdown";
    return draws == 1 && street == 1 ? "after the draw" : kDraws[static_cast<std::size_t>(street)];
  }
  return street < 5 ? kStud[static_cast<std::size_t>(street)] : "showdown";
}

namespace {

using hands::after;
using hands::parse_amount;

// ---- Cutting the stream into hands ---------------------------------------------------------------

constexpr std::size_t kMaxLine = 64 * 1024;
constexpr std::size_t kBlock = 64 * 1024;
constexpr std::size_t kMaxHandLines = 2000;

// The length of the UTF-8 sequence starting at text[i], 0 when it is not one.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned lead = byte(i);
  const std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xe ? 3 : (lead >> 3) == 0x1e ? 4 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
  return n;
}

// A line that is not UTF-8 read as Windows-1252 (older histories): the euro sign (0x80) and Latin-1
// letters turned into UTF-8, the other control codes of 0x81..0x9f into '?'.
void to_utf8(std::string& line) {
  if (std::all_of(line.begin(), line.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) return;
  bool valid = true;
  for (std::size_t i = 0; i < line.size() && valid;) {
    const std::size_t n = utf8_length(line, i);
    valid = n > 0;
    i += n;
  }
  if (valid) return;
  std::string out;
  for (char ch : line) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80)
      out.push_back(ch);
    else if (c == 0x80)
      out += "\xE2\x82\xAC";
    else if (c < 0xa0)
      out.push_back('?');
    else
      out += {static_cast<char>(0xc0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3f))};
  }
  line = std::move(out);
}

bool starts_hand(std::string_view line) {
  if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  return (line.starts_with("PokerStars ") && line.find('#') != std::string_view::npos) ||
         line.starts_with("Poker Hand #");
}

}  // namespace

// Reads another block into the buffer (what was cut into lines dropped first); false at the end.
bool HandHistoryReader::fill() {
  if (end_) return false;
  buffer_.erase(0, at_);
  at_ = 0;
  const std::size_t kept = buffer_.size();
  buffer_.resize(kept + kBlock);
  const auto got = in_.rdbuf()->sgetn(buffer_.data() + kept, static_cast<std::streamsize>(kBlock));
  buffer_.resize(kept + static_cast<std::size_t>(std::max<std::streamsize>(got, 0)));
  if (got <= 0) end_ = true;
  return got > 0;
}

// The next line without its "\r\n" or "\n", at most kMaxLine bytes (the rest dropped), in UTF-8.
bool HandHistoryReader::next_line(std::string& line) {
  line.clear();
  bool any = false, cut = false;
  for (;;) {
    const char* begin = buffer_.data() + at_;
    const std::size_t left = buffer_.size() - at_;
    const void* newline = std::memchr(begin, '\n', left);
    const std::size_t n = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - begin) : left;
    if (!cut) line.append(begin, std::min(n, kMaxLine - line.size()));
    cut = line.size() >= kMaxLine;
    any = any || n > 0 || newline;
    at_ += newline ? n + 1 : n;
    if (newline) break;
    if (!fill()) {
      if (!any) return false;
      break;
    }
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  to_utf8(line);
  return true;
}

bool HandHistoryReader::next(HandText& hand) {
  hand.clear();
  std::string line;
  if (!has_pending_) {
    for (;;) {
      if (!next_line(line)) return false;
      ++line_;
      if (starts_hand(line)) break;
    }
    pending_ = std::move(line);
    pending_line_ = line_;
  }
  has_pending_ = false;
  hand.first_line = pending_line_;
  hand.add(pending_);
  while (next_line(line)) {
    ++line_;
    if (starts_hand(line)) {
      pending_ = std::move(line);
      pending_line_ = line_;
      has_pending_ = true;
      break;
    }
    if (hand.size() < kMaxHandLines) hand.add(line);
  }
  return true;
}

}  // namespace equity
