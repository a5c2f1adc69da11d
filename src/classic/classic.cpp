#include "equity/classic.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <istream>

#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {
namespace {

std::array<Card, 10> parse_ten_cards(std::string_view line, std::string_view where, std::string_view layout) {
  const auto cards = parse_cards(line, where);
  if (cards.size() != 10)
    throw InputError(std::string(where) + ": expected 10 cards (" + std::string(layout) + "), found " +
                     std::to_string(cards.size()));
  std::array<Card, 10> out{};
  for (std::size_t i = 0; i < 10; ++i) out[i] = cards[i];
  return out;
}

}  // namespace

std::string classic_card(Card card) {
  return {
      kRankChars[static_cast<std::size_t>(card.rank())],
      static_cast<char>(std::toupper(static_cast<unsigned char>(kSuitChars[static_cast<std::size_t>(card.suit())])))};
}

std::string classic_cards(std::span<const Card> cards) {
  std::string out;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i) out += ' ';
    out += classic_card(cards[i]);
  }
  return out;
}

namespace {

// Reads one line of at most kMaxLineBytes into `line`, without its '\n'; false at the end of the
// input. A longer line is an InputError naming it, so that memory does not grow with the input.
bool read_bounded_line(std::istream& in, std::string& line, std::string_view source, long number) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !line.empty();
    }
    if (c == '\n') return true;
    if (line.size() == kMaxLineBytes)
      throw InputError(std::string(source) + " line " + std::to_string(number) + ": longer than " +
                       std::to_string(kMaxLineBytes) + " bytes: " + quote_input(std::string_view(line).substr(0, 40)) +
                       "...");
    line.push_back(static_cast<char>(c));
  }
}

}  // namespace

void for_each_line(std::istream& in, std::string_view source,
                   const std::function<void(std::string_view line, const std::string& where)>& on_line) {
  std::string line;
  long number = 0;
  while (read_bounded_line(in, line, source, number + 1)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    bool blank = true;
    for (char c : line) blank = blank && std::isspace(static_cast<unsigned char>(c));
    if (blank) continue;
    on_line(line, std::string(source) + " line " + std::to_string(number));
  }
}

DuelHands parse_duel_line(std::string_view line, std::string_view where) {
  const auto cards = parse_ten_cards(line, where, "five for player 1, then five for player 2");
  DuelHands hands;
  std::copy(cards.begin(), cards.begin() + 5, hands.player1.begin());
  std::copy(cards.begin() + 5, cards.end(), hands.player2.begin());
  return hands;
}

void DuelTally::add(Outcome outcome_for_player1) {
  switch (outcome_for_player1) {
    case Outcome::Win:
      ++player1;
      break;
    case Outcome::Lose:
      ++player2;
      break;
    case Outcome::Split:
      ++ties;
      break;
  }
}

DuelTally tally_duels(std::istream& in, std::string_view source) {
  DuelTally tally;
  for_each_line(in, source, [&](std::string_view line, const std::string& where) {
    const DuelHands hands = parse_duel_line(line, where);
    tally.add(compare(evaluate(Hand(hands.player1)), evaluate(Hand(hands.player2))));
  });
  return tally;
}

PsychicDeal parse_psychic_line(std::string_view line, std::string_view where) {
  const auto cards = parse_ten_cards(line, where, "five in hand, then the top five of the deck");
  PsychicDeal deal;
  std::copy(cards.begin(), cards.begin() + 5, deal.hand.begin());
  std::copy(cards.begin() + 5, cards.end(), deal.deck.begin());
  return deal;
}

int PsychicPlay::discards() const { return std::popcount(discard_mask); }

PsychicPlay best_draw(const PsychicDeal& deal) {
  PsychicPlay best;
  bool found = false;
  for (unsigned mask = 0; mask < 32; ++mask) {
    PsychicPlay play;
    play.discard_mask = mask;
    std::size_t at = 0;
    for (std::size_t i = 0; i < 5; ++i)
      if (!(mask >> i & 1)) play.final_hand[at++] = deal.hand[i];
    for (std::size_t drawn = 0; at < 5; ++drawn) play.final_hand[at++] = deal.deck[drawn];
    play.rank = evaluate(Hand(play.final_hand));
    if (!found || play.rank > best.rank || (play.rank == best.rank && play.discards() < best.discards())) {
      best = play;
      found = true;
    }
  }
  return best;
}

std::string_view uva_category_name(Category category) {
  static constexpr std::array<std::string_view, kCategories> names = {
      "highest-card", "one-pair",   "two-pairs",      "three-of-a-kind", "straight",
      "flush",        "full-house", "four-of-a-kind", "straight-flush"};
  return names[static_cast<std::size_t>(category)];
}

std::string psychic_judge_line(const PsychicDeal& deal, const PsychicPlay& play) {
  return "Hand: " + classic_cards(deal.hand) + " Deck: " + classic_cards(deal.deck) +
         " Best hand: " + std::string(uva_category_name(category_of(play.rank)));
}

}  // namespace equity
