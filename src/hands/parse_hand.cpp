// One hand history read: the header (site, hand number, game, stakes), the seats, each street's
// actions (the chips put in, folds, all-ins), the cards dealt and shown, the chips collected and
// the summary's pot and rake. docs/hands.md says what each line form means.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

#include "equity/error.hpp"
#include "equity/hand_history.hpp"
#include "hands/site_text.hpp"

namespace equity {
namespace {

using hands::after;
using hands::amount_symbol;
using hands::bracket_cards;
using hands::parse_amount;

// How each site names the games, the most specific first (a header names one of them, or a mixed
// game's current one: "HORSE (Razz Limit, ...)").
struct SiteGame {
  std::string_view text;
  Game game;
};
constexpr std::array<SiteGame, 31> kSiteGames = {{
    {"5 Card Omaha Hi/Lo", Game::omaha5_hilo},
    {"6 Card Omaha Hi/Lo", Game::omaha6_hilo},
    {"5 Card Omaha", Game::omaha5},
    {"6 Card Omaha", Game::omaha6},
    {"PLO-5", Game::omaha5},
    {"PLO5", Game::omaha5},
    {"PLO-6", Game::omaha6},
    {"PLO6", Game::omaha6},
    {"PLO", Game::omaha},
    {"Omaha Hi/Lo", Game::omaha_hilo},
    {"Omaha", Game::omaha},
    {"7 Card Stud Hi/Lo", Game::stud_hilo},
    {"7 Card Stud", Game::stud},
    {"Razz", Game::razz},
    {"6+ Hold'em", Game::shortdeck},
    {"Hold'em 6+", Game::shortdeck},
    {"Short Deck", Game::shortdeck},
    {"ShortDeck", Game::shortdeck},
    {"Hold'em", Game::holdem},
    {"Holdem", Game::holdem},
    {"Texas", Game::holdem},
    {"NLH", Game::holdem},
    {"Triple Draw 2-7 Lowball", Game::deuce7_triple},
    {"Single Draw 2-7 Lowball", Game::deuce7_single},
    {"2-7 Triple Draw", Game::deuce7_triple},
    {"2-7 Single Draw", Game::deuce7_single},
    {"Triple Draw A-5 Lowball", Game::a5_triple},
    {"5 Card Draw", Game::draw},
    {"Badeucy", Game::badeucy},
    {"Badacey", Game::badacey},
    {"Badugi", Game::badugi},
}};

// Games the sites deal that are not read: named in the reason a hand is skipped. Split Hold'em
// deals two boards with betting after both: not a board run twice.
constexpr std::array<std::string_view, 2> kOtherGames = {"Courchevel", "Split"};

std::string_view before_date(std::string_view rest);

struct Parser {
  explicit Parser(const HandText& t) : text(t) {}

  const HandText& text;
  HandHistory h;
  std::size_t at = 0;             // the line being read
  int street = -1;                // -1: before the cards (antes and blinds), then 0..
  bool summary = false;           // in the summary
  std::vector<double> street_in;  // each player's chips in on this street (what "raises to" counts)
  double collected_total = 0;
  bool seen_summary_pot = false;

  [[noreturn]] void fail(const std::string& reason) const { throw HandHistoryError(text.first_line + at, reason); }
  std::string_view line() const { return text.line(at); }

  void header();
  void game(std::string_view rest);
  void stakes(std::string_view rest);
  void set_stakes(std::string_view written, double big);
  void currency(std::string_view tail);
  bool seat(std::string_view l);
  void body(std::string_view l);
  bool street_marker(std::string_view l);
  void begin_street(int s);
  bool player_line(std::string_view l);
  void action(std::size_t p, std::string_view act);
  void put(std::size_t p, double chips, bool counts_on_street);
  void raise_to(std::size_t p, double total);
  void outside_the_pot(std::size_t p, std::string_view act);
  void draw(std::size_t p, int cards);
  bool dealt(std::string_view l);
  void summary_line(std::string_view l);
  void summary_board(std::size_t run, std::vector<Card> cards);
  void shown(std::size_t p, std::vector<Card> cards);
  std::optional<std::size_t> player_at_start(std::string_view l, std::size_t& used) const;
  void finish();
  void return_implicit_uncalled_bet();
};

void Parser::header() {
  std::string_view l = line();
  if (l.starts_with("\xEF\xBB\xBF")) l.remove_prefix(3);
  const std::size_t hash = l.find('#'), colon = l.find(':', hash);
  if (hash == std::string_view::npos || colon == std::string_view::npos) fail("not a hand history header");
  h.site = l.starts_with("PokerStars") ? HandSite::pokerstars : HandSite::ggpoker;
  h.id = std::string(l.substr(hash + 1, colon - hash - 1));
  if (h.id.empty() || h.id.find(' ') != std::string::npos) fail("no hand number in the header");
  const std::string_view rest = l.substr(colon + 1);
  h.tournament = rest.find("Tournament #") != std::string_view::npos;
  game(rest);
  stakes(rest);
}

// The game a header names (rest: the header after the hand number, up to its date): the site's
// name of it, or why it is not read.
struct NamedGame {
  Game game = Game::holdem;
  std::string text;
  std::string error;  // "" when read
};

NamedGame name_game(std::string_view rest) {
  for (const auto& g : kSiteGames) {
    const std::size_t at_game = rest.rfind(g.text);  // the game named last: a tournament's name may name one
    if (at_game == std::string_view::npos) continue;
    std::size_t end = rest.find_first_of("(-,)", at_game);
    while (end != std::string_view::npos && rest[end] == '-' && end + 1 < rest.size() && rest[end + 1] != ' ')
      end = rest.find_first_of("(-,)", end + 1);  // "PLO-5", "2-7"
    std::string_view name = rest.substr(at_game, end == std::string_view::npos ? rest.size() - at_game : end - at_game);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    NamedGame named{g.game, std::string(name), ""};
    // The word before the name too: "Split Hold'em" is another game than Hold'em.
    const std::size_t word = rest.find_last_of(" (,", at_game >= 2 ? at_game - 2 : 0);
    const std::string_view with_word =
        rest.substr(word == std::string_view::npos ? 0 : word + 1,
                    at_game + name.size() - (word == std::string_view::npos ? 0 : word + 1));
    for (const auto other : kOtherGames)
      if (with_word.find(other) != std::string_view::npos) named.error = "a game not read: " + std::string(with_word);
    return named;
  }
  std::string_view name = rest.substr(0, std::min(rest.find(" - "), rest.find(" (")));
  while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
  return {Game::holdem, "", "a game not read: " + std::string(name.substr(0, 60))};
}

void Parser::game(std::string_view rest) {
  // A file's hands name few games (one table's, a session's tables): the last four headers'
  // answers, kept by each thread, the oldest replaced.
  struct Seen {
    std::string rest;
    NamedGame named;
  };
  thread_local std::array<Seen, 4> seen;
  thread_local std::size_t next = 0;
  rest = before_date(rest);
  auto hit = std::find_if(seen.begin(), seen.end(), [&](const Seen& s) { return s.rest == rest; });
  if (hit == seen.end() || rest.empty()) {
    hit = seen.begin() + static_cast<std::ptrdiff_t>(next++ % seen.size());
    *hit = Seen{std::string(rest), name_game(rest)};
  }
  if (!hit->named.error.empty()) fail(hit->named.error);
  h.game = hit->named.game;
  h.game_text = hit->named.text;
  const int draws = game_rules(h.game).draws;
  h.streets = has_board(h.game) ? 4 : draws > 0 ? draws + 1 : 5;
}

// The header up to its date ("2026/11/01"): where the stakes are.
std::string_view before_date(std::string_view rest) {
  for (std::size_t i = 0; i + 5 <= rest.size(); ++i) {
    const auto digit = [&](std::size_t k) { return rest[k] >= '0' && rest[k] <= '9'; };
    if (digit(i) && digit(i + 1) && digit(i + 2) && digit(i + 3) && rest[i + 4] == '/' &&
        (i == 0 || rest[i - 1] == ' '))
      return rest.substr(0, i);
  }
  return rest;
}

// The amount that ends at `end` in `text` ("$0.05" before a '/'): its start, or npos.
std::size_t amount_start(std::string_view text, std::size_t end) {
  std::size_t i = end;
  while (i > 0 && ((text[i - 1] >= '0' && text[i - 1] <= '9') || text[i - 1] == '.' || text[i - 1] == ',')) --i;
  if (i == end) return std::string_view::npos;
  while (i > 0 && end - i < 24 && text[i - 1] != ' ' && text[i - 1] != '(' && text[i - 1] != ',') --i;  // "$", "€"
  return i;
}

void Parser::set_stakes(std::string_view written, double big) {
  h.big_blind = big;
  h.stakes = std::string(written);
  if (h.tournament) return;
  h.symbol = amount_symbol(written);
}

// "($0.05/$0.10 USD)", "Level I (10/20)", "Level5(100/200(25))", "8-Game (Razz Limit, $4/$8 USD)":
// the last small/big pair before the date; else one amount ("ShortDeck No Limit ($0.02)", "Button
// Blind $5 - Ante $5"): the button blind.
void Parser::stakes(std::string_view rest) {
  const std::string_view head = before_date(rest);
  for (std::size_t slash = head.rfind('/'); slash != std::string_view::npos;
       slash = slash == 0 ? std::string_view::npos : head.rfind('/', slash - 1)) {
    const std::size_t from = amount_start(head, slash);
    std::size_t used = 0;
    const auto small = from == std::string_view::npos ? std::nullopt : parse_amount(head.substr(from), &used);
    if (!small || from + used != slash) continue;
    const auto big = parse_amount(head.substr(slash + 1), &used);
    if (!big) continue;
    set_stakes(head.substr(from, slash + 1 + used - from), *big);
    currency(head.substr(slash + 1 + used));
    return;
  }
  for (std::string_view mark : {"Button Blind", "("}) {
    const std::size_t at_mark = head.rfind(mark);
    if (at_mark == std::string_view::npos) continue;
    std::string_view amount = head.substr(at_mark + mark.size());
    while (!amount.empty() && amount.front() == ' ') amount.remove_prefix(1);
    std::size_t used = 0;
    if (const auto big = parse_amount(amount, &used)) {
      set_stakes(amount.substr(0, used), *big);
      currency(head.substr(at_mark));
      return;
    }
  }
  fail("no stakes in the header");
}

// The currency: its code after the stakes (" USD"), else the symbol's.
void Parser::currency(std::string_view tail) {
  if (h.tournament) return;
  for (std::string_view code : {" USD", " EUR", " GBP", " CAD", " INR", " CNY"})
    if (tail.find(code) != std::string_view::npos) h.currency = std::string(code.substr(1));
  if (h.currency.empty()) h.currency = h.symbol == "$" ? "USD" : h.symbol == "€" ? "EUR" : h.symbol == "£" ? "GBP" : "";
}

// "Seat 3: Hero ($10.25 in chips)", "Seat 1: a (1500 in chips, $0.50 bounty)", "... is sitting out"
// (a tournament deals him in: he posts and folds; a cash game does not: he does nothing).
bool Parser::seat(std::string_view l) {
  const auto rest = after(l, "Seat ");
  if (!rest) return false;
  const std::size_t colon = rest->find(": ");
  const std::size_t chips = rest->rfind(" in chips");
  if (colon == std::string_view::npos || chips == std::string_view::npos) return false;
  const std::size_t open = rest->rfind('(', chips);
  if (open == std::string_view::npos || open < colon + 2) fail("a seat line without a name");
  HandPlayer p;
  p.seat = std::atoi(std::string(rest->substr(0, colon)).c_str());
  std::string_view name = rest->substr(colon + 2, open - colon - 2);
  while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
  p.name = std::string(name);
  const auto stack = parse_amount(rest->substr(open + 1));
  if (!stack || p.name.empty()) fail("a seat line without a stack");
  p.stack = *stack;
  for (const auto& q : h.players)
    if (q.name == p.name) fail("two seats for " + p.name);
  h.players.push_back(std::move(p));
  return true;
}

// The player whose "NAME" (the longest that fits) starts the line, then `used` its length.
std::optional<std::size_t> Parser::player_at_start(std::string_view l, std::size_t& used) const {
  std::optional<std::size_t> best;
  for (std::size_t p = 0; p < h.players.size(); ++p) {
    const auto& name = h.players[p].name;
    if (l.starts_with(name) && (!best || name.size() > used)) best = p, used = name.size();
  }
  return best;
}

void Parser::put(std::size_t p, double chips, bool counts_on_street) {
  if (!(chips >= 0) || !std::isfinite(chips)) fail("a negative amount put in");
  h.players[p].put_in += chips;
  if (counts_on_street) street_in[p] += chips;
}

// A raise, completion or straddle to `total` on the street (what the player has in on it then).
void Parser::raise_to(std::size_t p, double total) {
  if (total < street_in[p]) fail(h.players[p].name + " raises to less than he has in");
  put(p, total - street_in[p], true);
}

// A street begins ("*** FLOP *** [..]", "*** FIRST TURN *** [..] [..]", "*** 4th STREET ***"), the
// showdown or the summary. Returns false for a line that is none of them.
bool Parser::street_marker(std::string_view l) {
  auto name = after(l, "*** ");
  if (!name) return false;
  name = name->substr(0, name->find(" ***"));
  int run = 0;
  for (const auto& [prefix, r] : {std::pair{"FIRST ", 0}, {"SECOND ", 1}, {"THIRD ", 2}})
    if (auto rest = after(*name, prefix)) name = rest, run = r;
  static constexpr std::array<std::pair<std::string_view, int>, 9> kStreets = {{{"HOLE CARDS", 0},
                                                                                {"3rd STREET", 0},
                                                                                {"FLOP", 1},
                                                                                {"4th STREET", 1},
                                                                                {"TURN", 2},
                                                                                {"5th STREET", 2},
                                                                                {"6th STREET", 3},
                                                                                {"RIVER", -1},
                                                                                {"7th STREET", 4}}};
  if (*name == "SUMMARY") return summary = true;
  if (*name == "DEALING HANDS") return begin_street(0), true;  // the draw games' first street
  if (*name == "DRAW") return begin_street(run + 1), true;     // "*** SECOND DRAW ***"
  for (const auto& [street_text, s] : kStreets) {
    if (*name != street_text) continue;
    begin_street(s >= 0 ? s : h.streets - 1);
    auto cards = bracket_cards(l);
    if (!cards.empty()) {
      if (h.boards.size() <= static_cast<std::size_t>(run)) h.boards.resize(static_cast<std::size_t>(run) + 1);
      h.boards[static_cast<std::size_t>(run)] = std::move(cards);
    }
    return true;
  }
  return true;  // another marker ("*** DEALING HANDS ***"): nothing to keep
}

// Street `s` begins: every player's chips on it from none (the first keeps the blinds, posted before
// it).
void Parser::begin_street(int s) {
  street = s;
  if (street > 0) std::fill(street_in.begin(), street_in.end(), 0.0);
}

// "Dealt to Hero [Ah Kd]"; in stud each street's "Dealt to P [9s Th] [5d]": the hero's every card
// so far, another player's up cards.
bool Parser::dealt(std::string_view l) {
  const auto rest = after(l, "Dealt to ");
  if (!rest) return true;
  std::size_t used = 0;
  const auto p = player_at_start(*rest, used);
  if (!p) return true;
  auto cards = bracket_cards(rest->substr(used));
  if (cards.empty()) return true;
  auto& player = h.players[*p];
  const auto& rules = game_rules(h.game);
  if (has_board(h.game) || rules.draws > 0) {
    if (static_cast<int>(cards.size()) != rules.hole_cards)
      fail("dealt " + std::to_string(cards.size()) + " cards to " + player.name + ": " +
           std::string(game_name(h.game)) + " deals " + std::to_string(rules.hole_cards));
    if (rules.draws > 0) {  // as dealt, then after each draw: "Dealt to Hero [7s 3c 8d] [As 5h]"
      player.held.resize(static_cast<std::size_t>(std::max(street, 0)) + 1);
      player.held.back() = cards;
    }
    player.cards = std::move(cards);
    if (h.hero.empty()) h.hero = player.name;
    return true;
  }
  const std::size_t s = static_cast<std::size_t>(std::max(street, 0));
  if (cards.size() == s + 3) {  // every card so far: the hero
    player.up.clear();
    for (std::size_t i = 0; i < cards.size(); ++i)
      if (i < rules.deal_order.size() && rules.deal_order[i] == 'U') player.up.push_back(cards[i]);
    player.cards = std::move(cards);
    if (h.hero.empty()) h.hero = player.name;
  } else if (cards.size() <= 4) {
    player.up = std::move(cards);
  }
  return true;
}

// A player's cards shown ("shows", "showed", "mucked"): the board games' as they are; the stud
// games' put in the order dealt (two down, the up cards, the last down).
void Parser::shown(std::size_t p, std::vector<Card> cards) {
  auto& player = h.players[p];
  if (cards.empty()) return;
  if (has_board(h.game) || game_rules(h.game).draws > 0) {
    if (static_cast<int>(cards.size()) > game_rules(h.game).hole_cards)
      fail(player.name + " shows " + std::to_string(cards.size()) + " cards");
    if (static_cast<int>(cards.size()) == game_rules(h.game).hole_cards)
      player.cards = std::move(cards);  // else one shown on a fold
    return;
  }
  if (cards.size() <= player.cards.size()) return;  // the hero's own, known in the order dealt
  std::vector<Card> down;
  for (Card c : cards)
    if (std::find(player.up.begin(), player.up.end(), c) == player.up.end()) down.push_back(c);
  if (down.size() + player.up.size() != cards.size() || down.size() < 2)
    fail(player.name + " shows cards that are not his up cards and two down");
  std::vector<Card> ordered(down.begin(), down.begin() + 2);
  ordered.insert(ordered.end(), player.up.begin(), player.up.end());
  ordered.insert(ordered.end(), down.begin() + 2, down.end());
  player.cards = std::move(ordered);
}

// "P: raises $0.20 to $0.30 and is all-in" and the other actions after a player's name.
void Parser::action(std::size_t p, std::string_view act) {
  auto& player = h.players[p];
  if (const std::size_t all_in = act.find(" and is all-in"); all_in != std::string_view::npos) {
    player.all_in = true;
    act = act.substr(0, all_in);
  }
  const auto amount = [&](std::string_view from) {
    const auto chips = parse_amount(from);
    if (!chips) fail("no amount in '" + std::string(act.substr(0, 80)) + "'");
    return *chips;
  };
  const auto bet = [&] { h.last_action_street = std::max(street, 0); };
  if (auto rest = after(act, "Bet & Muck ")) {  // GGPoker's: "Bet & Muck $0.05" a bet, "Bet & Muck folds"
    act = *rest;
    if (parse_amount(act)) return put(p, amount(act), true), bet();
  }
  if (auto rest = after(act, "posts ")) {
    const double chips = amount(rest->substr(rest->rfind(' ') + 1));
    // Antes and a missed small blind are dead: they do not count toward the street's bet.
    if (rest->find("ante") != std::string_view::npos || rest->find("missed") != std::string_view::npos)
      return put(p, chips, false);
    if (rest->starts_with("straddle")) return raise_to(p, chips);
    if (rest->find("small & big") != std::string_view::npos) {
      put(p, chips, false);
      street_in[p] += std::min(chips, h.big_blind);
      return;
    }
    return put(p, chips, true);
  }
  if (act == "folds" || act.starts_with("folds ")) {
    player.folded = true;
    player.folded_on = std::max(street, 0);
    return bet();
  }
  if (act == "checks") return bet();
  for (std::string_view verb : {"calls ", "bets ", "brings in for "})
    if (auto rest = after(act, verb)) return put(p, amount(*rest), true), bet();
  if (auto rest = after(act, "straddle ")) return raise_to(p, amount(*rest));  // GGPoker's: the new total
  for (std::string_view verb : {"raises ", "completes it ", "completes "}) {
    auto rest = after(act, verb);
    if (!rest) continue;
    const std::size_t to = rest->find("to ");
    if (to == std::string_view::npos) fail("no 'to' in '" + std::string(act.substr(0, 80)) + "'");
    return raise_to(p, amount(rest->substr(to + 3))), bet();
  }
  if (auto rest = after(act, "discards ")) {
    if (rest->empty() || (*rest)[0] < '0' || (*rest)[0] > '9')
      fail("no number in '" + std::string(act.substr(0, 80)) + "'");
    return draw(p, (*rest)[0] - '0');
  }
  if (act.starts_with("stands pat")) return draw(p, 0);
  if (auto rest = after(act, "shows ")) return shown(p, bracket_cards(*rest));
  if (auto rest = after(act, "mucks ")) return shown(p, bracket_cards(*rest));
  outside_the_pot(p, act);
}

// A draw: "discards 2 cards [Qs 9c]" (the hero's cards shown), "stands pat". The single-draw games
// write no marker before their draw: a player's draw past the street's begins the next.
void Parser::draw(std::size_t p, int cards) {
  const auto& rules = game_rules(h.game);
  auto& player = h.players[p];
  if (rules.draws == 0) fail(player.name + " draws in " + std::string(rules.title));
  const int nth = std::max(street, static_cast<int>(player.drawn.size()) + 1);
  if (nth > rules.draws) fail(player.name + " draws more often than " + std::string(rules.title) + " has draws");
  if (cards < 0 || cards > rules.hole_cards) fail(player.name + " discards " + std::to_string(cards) + " cards");
  if (static_cast<int>(player.drawn.size()) >= nth) fail(player.name + " draws twice at one draw");
  if (nth > street) begin_street(nth);
  player.drawn.resize(static_cast<std::size_t>(nth) - 1, -1);  // -1: a draw not written
  player.drawn.push_back(cards);
  if (cards == 0 && player.held.size() == static_cast<std::size_t>(nth))  // the hero stands pat: no "Dealt to"
    player.held.push_back(player.held.back());
}

// GGPoker's cash-outs and insurance: "Receives Cashout ($9.98)", "Pays Cashout Risk ($22.68)",
// "pay premium of all-in insurance ($4)".
void Parser::outside_the_pot(std::size_t p, std::string_view act) {
  auto& player = h.players[p];
  const auto chips = [&] {
    const std::size_t open = act.find('(');
    const auto x = open == std::string_view::npos ? std::nullopt : parse_amount(act.substr(open + 1));
    if (!x) fail("no amount in '" + std::string(act.substr(0, 80)) + "'");
    return *x;
  };
  if (act.starts_with("Receives Cashout"))
    player.outside += chips(), player.cashed_out = true;
  else if (act.starts_with("Pays Cashout Risk"))
    player.outside -= chips(), player.cashed_out = true;
  else if (act.starts_with("pay premium of all-in insurance"))
    player.outside -= chips();
}

// A line naming a player: an action, chips collected or returned, cards dealt.
bool Parser::player_line(std::string_view l) {
  if (auto rest = after(l, "Uncalled bet (")) {
    const std::size_t to = rest->find(") returned to ");
    std::size_t used = 0;
    const auto p = to == std::string_view::npos ? std::nullopt : player_at_start(rest->substr(to + 14), used);
    if (!p) fail("an uncalled bet returned to nobody seated");
    const auto chips = parse_amount(rest->substr(0, to));
    if (!chips || *chips > h.players[*p].put_in + 1e-9) fail("an uncalled bet larger than what was put in");
    h.players[*p].put_in -= *chips;
    return true;
  }
  if (l.starts_with("Dealt to ")) return dealt(l);
  if (auto drop = after(l, "Cash Drop to Pot : total ")) {  // GGPoker's promotion: dead money, no one's
    const auto chips = parse_amount(*drop);
    if (!chips) fail("no amount in the cash drop");
    h.dead_money += *chips;
    return true;
  }
  std::size_t used = 0;
  const auto p = player_at_start(l, used);
  if (!p) return false;
  const std::string_view rest = l.substr(used);
  if (auto act = after(rest, ": ")) return action(*p, *act), true;
  if (auto cash = after(rest, " cashed out the hand for ")) {  // PokerStars': "... for $22.77 | Cash Out Fee $0.46"
    const auto chips = parse_amount(*cash);
    if (!chips) fail("no amount cashed out");
    h.players[*p].outside += *chips;
    h.players[*p].cashed_out = true;
    return true;
  }
  if (auto got = after(rest, " collected ")) {
    const auto chips = parse_amount(*got);
    if (!chips) fail("no amount collected");
    h.players[*p].collected += *chips;
    collected_total += *chips;
  }
  return true;
}

// A board of the summary, kept when the streets did not deal it (the streets' are the order dealt):
// GGPoker's later runs list only the cards that differ from the first ("SECOND Board [4d Kd]").
void Parser::summary_board(std::size_t run, std::vector<Card> cards) {
  if (h.boards.size() <= run) h.boards.resize(run + 1);
  auto& board = h.boards[run];
  if (!board.empty()) return;
  const auto& first = h.boards[0];
  if (run > 0 && cards.size() < 5 && first.size() == 5) {
    board.assign(first.begin(), first.end() - static_cast<std::ptrdiff_t>(cards.size()));
    board.insert(board.end(), cards.begin(), cards.end());
  } else {
    board = std::move(cards);
  }
}

// "Total pot $20.46 Main pot $12. Side pot $8.46. | Rake $0.31 | Jackpot $0.1", "Board [..]",
// "SECOND Board [..]", "Seat 2: P (big blind) showed [Tc Th] and won ($20.15) with ...".
void Parser::summary_line(std::string_view l) {
  if (auto rest = after(l, "Total pot ")) {
    const auto total = parse_amount(*rest);
    if (!total) fail("no total pot");
    h.total_pot = *total;
    for (std::size_t bar = rest->find('|'); bar != std::string_view::npos; bar = rest->find('|', bar + 1)) {
      std::string_view part = rest->substr(bar + 1);
      part = part.substr(0, part.find('|'));
      while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
      const std::size_t space = part.find(' ');
      const auto fee = space == std::string_view::npos ? std::nullopt : parse_amount(part.substr(space + 1));
      if (fee) h.rake += *fee;
    }
    seen_summary_pot = true;
    return;
  }
  int run = -1;
  for (const auto& [prefix, r] :
       {std::pair{"Board [", 0}, {"FIRST Board [", 0}, {"SECOND Board [", 1}, {"THIRD Board [", 2}})
    if (l.starts_with(prefix)) run = r;
  if (run >= 0) return summary_board(static_cast<std::size_t>(run), bracket_cards(l));
  if (auto rest = after(l, "Seat ")) {
    const std::size_t colon = rest->find(": ");
    if (colon == std::string_view::npos) return;
    std::size_t used = 0;
    const auto p = player_at_start(rest->substr(colon + 2), used);
    if (!p) return;
    const std::string_view tail = rest->substr(colon + 2 + used);
    for (std::string_view verb : {" showed [", " mucked ["}) {
      const std::size_t at_verb = tail.find(verb);
      if (at_verb != std::string_view::npos) return shown(*p, bracket_cards(tail.substr(at_verb)));
    }
  }
}

void Parser::body(std::string_view l) {
  if (street_marker(l)) return;
  if (summary) return summary_line(l);
  player_line(l);
}

// "14.30", "19600": chips as the messages write them.
std::string chips_text(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, x == std::floor(x) ? "%.0f" : "%.2f", x);
  return buf;
}

bool close(double a, double b) { return std::fabs(a - b) <= 0.005 + 1e-9 * std::fabs(b); }

// Old histories (2005) return an uncalled bet without saying so: the biggest bettor's chips above
// everyone else's, when taking them back makes the pot the summary's.
void Parser::return_implicit_uncalled_bet() {
  if (h.players.size() < 2 || close(h.chips_in() + h.dead_money, h.total_pot)) return;
  std::size_t top = 0;
  for (std::size_t p = 1; p < h.players.size(); ++p)
    if (h.players[p].put_in > h.players[top].put_in) top = p;
  double second = 0;
  for (std::size_t p = 0; p < h.players.size(); ++p)
    if (p != top) second = std::max(second, h.players[p].put_in);
  const double excess = h.players[top].put_in - second;
  if (close(h.chips_in() + h.dead_money - excess, h.total_pot)) h.players[top].put_in = second;
}

void Parser::finish() {
  at = text.size() - 1;
  if (!seen_summary_pot) fail("truncated: no summary");
  if (h.players.size() < 2) fail("fewer than two players dealt in");
  return_implicit_uncalled_bet();
  if (!close(h.chips_in() + h.dead_money, h.total_pot))
    fail("the bets read add up to " + chips_text(h.chips_in() + h.dead_money) + ", the summary's pot is " +
         chips_text(h.total_pot));
  if (!close(collected_total + h.rake, h.total_pot))
    fail("the chips collected and the rake add up to " + chips_text(collected_total + h.rake) +
         ", the summary's pot is " + chips_text(h.total_pot));
  CardSet seen;
  const auto see = [&](const std::vector<Card>& cards, bool shared) {
    for (Card c : cards) {
      if (seen.contains(c) && !shared) fail("card " + c.str() + " dealt twice");
      seen.insert(c);
    }
  };
  for (const auto& p : h.players) see(p.cards, false), see(p.up, true);
  for (const auto& b : h.boards) {
    if (b.size() > 5) fail("a board of more than five cards");
  }
  if (!h.boards.empty()) {
    static constexpr std::array<std::size_t, 4> kDealt = {0, 3, 4, 5};
    const std::size_t n = has_board(h.game) ? kDealt[static_cast<std::size_t>(std::min(h.last_action_street, 3))] : 0;
    h.board_at_last_action.assign(h.boards[0].begin(),
                                  h.boards[0].begin() + static_cast<std::ptrdiff_t>(std::min(n, h.boards[0].size())));
  }
}

}  // namespace

HandHistory parse_hand_history(const HandText& hand) {
  Parser parser(hand);
  if (hand.empty()) throw HandHistoryError(hand.first_line, "no lines");
  parser.h.line = hand.first_line;
  try {
    parser.header();
    for (parser.at = 1; parser.at < hand.size(); ++parser.at) {
      const std::string_view l = parser.line();
      if (parser.street < 0 && !parser.summary && parser.seat(l)) {
        parser.street_in.assign(parser.h.players.size(), 0.0);
        continue;
      }
      parser.street_in.resize(parser.h.players.size());
      parser.body(l);
    }
    parser.finish();
  } catch (const InputError& e) {
    parser.fail(e.what());
  }
  return std::move(parser.h);
}

}  // namespace equity
