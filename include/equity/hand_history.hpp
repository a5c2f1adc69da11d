#pragma once
// Hand histories: the text files PokerStars and GGPoker write of every hand played, read into what
// decides who wins what (docs/hands.md): the players and their cards as far as they were seen, the
// chips each put in the pot and collected from it, the boards, the rake, and the street on which
// the last bet went in.
//
// HandHistoryReader cuts a stream into hands (one hand's lines at a time: memory bounded whatever
// the file's size); parse_hand_history() reads one. A hand that cannot be read throws
// HandHistoryError with its line and the reason; the reader goes on with the next.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"
#include "equity/game.hpp"

namespace equity {

enum class HandSite : std::uint8_t { pokerstars, ggpoker };
std::string_view site_name(HandSite site);  // "PokerStars", "GGPoker"

// One player dealt in.
struct HandPlayer {
  std::string name;
  int seat = 0;
  double stack = 0;         // chips at the start of the hand
  std::vector<Card> cards;  // his cards as far as seen (dealt to the hero, shown), in the order dealt
  // The stud games: his face-up cards in the order dealt (also in `cards` when those are known).
  std::vector<Card> up;
  double put_in = 0;     // chips put in the pot: antes, blinds, bets (less any uncalled bet returned)
  double collected = 0;  // chips collected from the pot (every pot and every run)
  // Chips received (above 0) or paid (below 0) outside the pot: a cash-out of the all-in (the
  // sites' "EV Cashout", "cashed out the hand"), an all-in insurance's premium.
  double outside = 0;
  bool cashed_out = false;  // took a cash-out: his result is the cash-out's, not the runout's
  bool folded = false;
  int folded_on = -1;  // the street he folded on (0: the first), -1 if he did not
  bool all_in = false;
  // The draw games: the cards he drew at each draw so far (0: he stood pat), and the hero's hands
  // as dealt and after each draw (held[k]: after the kth draw), the cards kept first.
  std::vector<int> drawn;
  std::vector<std::vector<Card>> held;
};

// One hand.
struct HandHistory {
  HandSite site = HandSite::pokerstars;
  std::string id;  // the site's hand number ("245678901234", "RC1234567")
  Game game = Game::holdem;
  std::string game_text;            // as the site names it: "Hold'em No Limit", "7 Card Stud Hi/Lo Limit"
  bool tournament = false;          // chips of a tournament, not money
  std::string currency;             // "USD", "EUR", "GBP", "" (play money or chips)
  std::string symbol;               // "$", "€", "£", "" (chips)
  std::string stakes;               // "$0.05/$0.10", "10/20" (a tournament's level)
  double big_blind = 0;             // the big blind (the stud games: the big bet), 0 if unknown
  std::vector<HandPlayer> players;  // in seat order
  std::string hero;                 // the player the cards were dealt to ("Dealt to"), "" none
  // The board of each run in the order dealt (one run: one board; "run twice": two), the community
  // cards only (the stud games: none, or one card dealt face up to all when the deck ran out).
  std::vector<std::vector<Card>> boards;
  // The street of the last bet, call, check or fold (0: preflop, or third street in stud), and
  // the community cards dealt by then (in every run, before the runs part).
  int last_action_street = 0;
  std::vector<Card> board_at_last_action;
  // The streets of betting of the game: 4 (preflop .. river), 5 (third .. seventh street), or in
  // the draw games one more than the draws (before the first draw, after each).
  int streets = 4;
  double dead_money = 0;  // chips in the pot that no player put in (GGPoker's "Cash Drop")
  double total_pot = 0;   // as the summary says: every player's chips in and the dead money
  double rake = 0;        // the rake and every other fee taken (jackpot, bingo, ...)
  std::size_t line = 0;   // the hand's first line in its file (1-based)

  // Players who did not fold.
  std::vector<std::size_t> live() const;
  // Chips put in by every player.
  double chips_in() const;
};

// "turn", "5th street", "after the 2nd draw": the name of `street` (0-based) in `game`.
std::string_view street_name(Game game, int street);

// A hand that cannot be read: its line in the file and why.
class HandHistoryError : public std::runtime_error {
 public:
  HandHistoryError(std::size_t line, const std::string& reason) : std::runtime_error(reason), line_(line) {}
  std::size_t line() const { return line_; }

 private:
  std::size_t line_;
};

// One hand's lines as cut from the stream, held in one buffer: the text and the number of its first
// line.
class HandText {
 public:
  std::size_t first_line = 1;

  std::size_t size() const { return ends_.size(); }
  bool empty() const { return ends_.empty(); }
  std::string_view line(std::size_t i) const {
    const std::size_t begin = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(text_).substr(begin, ends_[i] - begin);
  }
  void add(std::string_view line) {
    text_.append(line);
    ends_.push_back(text_.size());
  }
  void clear() {
    text_.clear();
    ends_.clear();
  }

 private:
  std::string text_;
  std::vector<std::size_t> ends_;
};

// Cuts a stream of hand histories into hands: a hand starts at a line beginning "PokerStars " or
// "Poker Hand #" (after a byte-order mark), and runs to the next. Lines before the first hand are
// skipped. A line that is not UTF-8 is read as Windows-1252. A hand longer than 2,000 lines or a
// line longer than 64 kB is cut there (its parse fails: no hand is that long). The stream is read
// in blocks of 64 kB.
class HandHistoryReader {
 public:
  explicit HandHistoryReader(std::istream& in) : in_(in) {}
  // The next hand's lines; false at the end of the stream.
  bool next(HandText& hand);
  std::size_t lines_read() const { return line_; }

 private:
  bool next_line(std::string& line);
  bool fill();

  std::istream& in_;
  std::string buffer_;  // read and not yet cut into lines: buffer_[at_..]
  std::size_t at_ = 0;
  bool end_ = false;
  std::string pending_;  // a hand's first line, read with the hand before it
  bool has_pending_ = false;
  std::size_t pending_line_ = 0, line_ = 0;
};

// Reads one hand. Throws HandHistoryError (the line, the reason: "not a hand history header",
// "a game not read: Courchevel Pot Limit", "truncated: no summary", "card 'Xx' on line ...").
HandHistory parse_hand_history(const HandText& hand);

}  // namespace equity
