// A stud player's cards as written (stud_hand.hpp).
#include "equity/stud_hand.hpp"

#include <algorithm>
#include <cctype>

#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {
namespace {

// One token of a hand: a card, a card not known (?), or a parenthesis.
struct Token {
  enum Kind { card, unknown, open, close } kind;
  Card value{};
};

std::vector<Token> tokens(std::string_view text, const std::string& where) {
  std::vector<Token> out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char c = text[pos];
    if (c == ' ' || c == ',' || c == '\t') {
      ++pos;
    } else if (c == '?' || c == '(' || c == ')') {
      out.push_back({c == '?' ? Token::unknown : c == '(' ? Token::open : Token::close});
      ++pos;
      std::size_t after = pos;
      if (c == '?' && read_suit(text, after) >= 0)  // "?d": a card half known
        throw InputError(where + ": " + quote_input(text) + ": ? at position " + std::to_string(pos) +
                         " stands for a whole down card not known, not a rank");
    } else {
      const std::size_t start = pos;
      const int rank = read_rank(text, pos);
      const int suit = rank < 0 ? -1 : read_suit(text, pos);
      if (rank >= 0 && suit < 0)  // "Q?", or a range's "QQ+"
        throw InputError(where + ": " + quote_input(text) + ": the card at position " + std::to_string(start + 1) +
                         " has no suit (cards as As, 10d or A♠; ? for a whole down card not known; a hand is its "
                         "cards, not a range)");
      if (rank < 0)
        throw InputError(where + ": " + quote_input(text) + ": no card at position " + std::to_string(start + 1) +
                         " (cards as As, 10d or A♠; ? for a down card not known)");
      out.push_back({Token::card, Card(rank, suit)});
    }
  }
  return out;
}

// The cards dealt face down in a row from position `from`.
std::size_t down_run(std::string_view order, std::size_t from) {
  std::size_t n = 0;
  while (from + n < order.size() && order[from + n] == 'd') ++n;
  return n;
}

// The plain form: the cards in the order dealt, each down or up as the deal order says.
StudHand plain(const std::vector<Token>& t, std::string_view order) {
  StudHand hand;
  int slot = 0;  // the down cards dealt so far
  for (std::size_t i = 0; i < t.size(); ++i) {
    const bool down = order[i] == 'd';
    if (t[i].kind == Token::unknown) {
      if (!down) throw InputError("an up card cannot be unknown");
      ++hand.unknown;
      hand.unknown_slots |= 1u << slot;
    } else {
      (down ? hand.down : hand.up).push_back(t[i].value);
    }
    slot += down;
  }
  return hand;
}

}  // namespace

std::vector<Card> StudHand::known() const {
  std::vector<Card> out = down;
  out.insert(out.end(), up.begin(), up.end());
  return out;
}

StudHand parse_stud_hand(std::string_view text, Game game, std::string_view where_text) {
  const GameRules& rules = game_rules(game);
  const std::string where(where_text);
  const std::string name(rules.name);
  const std::string_view order = rules.deal_order;
  std::string folded;
  for (char c : text) folded += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (folded == "random" || folded == "any") return StudHand{{}, {}, 0, true};
  const auto fail = [&](const std::string& why) { return InputError(where + ": " + quote_input(text) + ": " + why); };
  const std::vector<Token> t = tokens(text, where);
  const auto max = static_cast<std::size_t>(order.size());
  std::size_t cards = 0;
  for (const Token& k : t) cards += k.kind == Token::card || k.kind == Token::unknown;
  if (cards > max)
    throw fail("a " + name + " hand has at most " + std::to_string(max) + " cards, not " + std::to_string(cards));
  const int first_down = static_cast<int>(down_run(order, 0));
  if (cards < static_cast<std::size_t>(first_down + 1))
    throw fail("a " + name + " hand has at least " + std::to_string(first_down + 1) + " cards (" +
               std::to_string(first_down) + " down, 1 up), not " + std::to_string(cards));
  StudHand hand;
  if (std::none_of(t.begin(), t.end(),
                   [](const Token& k) { return k.kind == Token::open || k.kind == Token::close; })) {
    try {
      hand = plain(t, order);
    } catch (const InputError& e) {
      throw fail(std::string(e.what()) + " (write down cards in parentheses: (?\?)Qd)");
    }
  } else {
    // (down) up... [(down)]: the groups in parentheses are the down cards, in the order dealt.
    std::size_t i = 0, dealt = 0;
    int group = 0;
    while (i < t.size()) {
      if (t[i].kind == Token::close) throw fail("')' without '('");
      if (t[i].kind == Token::open) {
        std::size_t n = 0;
        for (++i; i < t.size() && t[i].kind != Token::close; ++i, ++n) {
          if (t[i].kind == Token::open) throw fail("'(' inside '('");
          if (order[dealt + n] != 'd')
            throw fail("card " + std::to_string(dealt + n + 1) + " is dealt face up in " + name +
                       ": write it after the parentheses");
          if (t[i].kind == Token::unknown) {
            hand.unknown_slots |= 1u << (hand.unknown + static_cast<int>(hand.down.size()));
            ++hand.unknown;
          } else {
            hand.down.push_back(t[i].value);
          }
        }
        if (i == t.size()) throw fail("'(' without ')'");
        ++i;
        const std::size_t expected = down_run(order, dealt);
        if (n != expected)
          throw fail(std::to_string(n) + " down cards " + (group == 0 ? "before the up cards" : "at the end") + "; " +
                     name + " deals " + std::to_string(expected) + " (write a card not known as ?)");
        dealt += n;
        ++group;
      } else {
        if (dealt >= max || order[dealt] != 'U')
          throw fail(dealt == 0 ? "the down cards come first, in parentheses: (AsKs)Qd"
                                : "card " + std::to_string(dealt + 1) + " is dealt face down in " + name +
                                      ": write it in parentheses");
        if (t[i].kind == Token::unknown) throw fail("an up card is seen by every player: write it");
        hand.up.push_back(t[i].value);
        ++dealt, ++i;
      }
    }
    if (hand.up.empty()) throw fail("no up card: " + name + " deals the first one face up on third street");
  }
  CardSet seen;
  for (Card c : hand.known()) {
    if (seen.contains(c)) throw fail("card " + c.str() + " twice");
    seen.insert(c);
  }
  return hand;
}

StudHand with_cards(const StudHand& hand, CardSet cards, int dealt, Game game) {
  CardSet known;
  for (Card c : hand.known()) known.insert(c);
  const int unknown = hand.random ? dealt : hand.unknown;
  if ((cards & known) != known || (cards - known).size() != unknown)
    throw InputError("the cards " + cards.str() + " do not fill the hand " + to_string(hand, game));
  std::vector<Card> fill = (cards - known).cards();
  std::sort(fill.begin(), fill.end(), [](Card a, Card b) {  // highest first, suits as CardSet::str() (s c h d)
    return a.rank() != b.rank() ? a.rank() > b.rank() : a.id() < b.id();
  });
  StudHand out = hand;
  out.random = false;
  out.unknown = 0;
  out.unknown_slots = 0;
  if (!hand.random) {  // each down card in its place: the known ones, and the filled ones where '?' stood
    out.down.clear();
    std::size_t k = 0, f = 0;
    for (int slot = 0; slot < hand.unknown + static_cast<int>(hand.down.size()); ++slot)
      out.down.push_back((hand.unknown_slots >> slot & 1u) ? fill[f++] : hand.down[k++]);
    return out;
  }
  const std::string_view order = game_rules(game).deal_order;
  for (std::size_t i = 0; i < fill.size(); ++i)
    (i < order.size() && order[i] == 'U' ? out.up : out.down).push_back(fill[i]);
  return out;
}

std::string to_string(const StudHand& hand, Game game) {
  if (hand.random) return "random";
  const std::string_view order = game_rules(game).deal_order;
  const int first = static_cast<int>(down_run(order, 0));
  const int downs = hand.unknown + static_cast<int>(hand.down.size());
  std::size_t d = 0;
  const auto down_card = [&](int slot) {
    return (hand.unknown_slots >> slot & 1u) ? std::string("?") : hand.down[d++].str();
  };
  std::string out = "(";
  for (int slot = 0; slot < first && slot < downs; ++slot) out += down_card(slot);
  out += ')';
  for (Card c : hand.up) out += c.str();
  if (downs > first) {
    out += '(';
    out += down_card(first);
    out += ')';
  }
  return out;
}

}  // namespace equity
