#include "equity/draw_game.hpp"

#include <bit>
#include <cctype>
#include <charconv>
#include <istream>
#include <ostream>

#include "equity/error.hpp"
#include "equity/quote.hpp"

namespace equity {
namespace {

constexpr std::array<std::string_view, kSuits> kSuitSymbols = {"\u2660", "\u2663", "\u2665", "\u2666"};  // s c h d

std::string faces(std::span<const Card> cards, bool suit_symbols) {
  std::string out;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i) out += ' ';
    out += card_face(cards[i], suit_symbols);
  }
  return out;
}

std::string trimmed(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

bool is_quit(const std::string& answer) { return answer == "q" || answer == "Q" || answer == "quit"; }

std::string plural(int n, std::string_view word) {
  return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

}  // namespace

std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t n) {
  // Values below 2^64 mod n would make the low residues more likely; skip them.
  const std::uint64_t threshold = (0 - n) % n;
  std::uint64_t x = rng();
  while (x < threshold) x = rng();
  return x % n;
}

std::array<Card, kCards> shuffled_deck(std::mt19937_64& rng) {
  std::array<Card, kCards> deck{};
  for (int id = 0; id < kCards; ++id) deck[static_cast<std::size_t>(id)] = Card(id);
  for (std::size_t i = kCards - 1; i > 0; --i) std::swap(deck[i], deck[uniform_below(rng, i + 1)]);
  return deck;
}

unsigned parse_discard_positions(std::string_view text) {
  unsigned mask = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char c = text[pos];
    if (c == ' ' || c == ',' || c == '\t' || c == '\r') {
      ++pos;
      continue;
    }
    std::size_t end = pos;
    while (end < text.size() && text[end] != ' ' && text[end] != ',' && text[end] != '\t' && text[end] != '\r') ++end;
    const std::string_view token = text.substr(pos, end - pos);
    pos = end;
    int value = 0;
    const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    const bool all_digits = ptr == token.data() + token.size();
    if (ec == std::errc::invalid_argument || !all_digits)
      throw InputError(quote_input(token) +
                       " is not a position: type the positions 1-5 of the cards to discard, such as 1 3 5");
    if (ec == std::errc::result_out_of_range || value < 1 || value > 5)
      throw InputError("position " + std::string(token) + " is outside 1-5");
    const unsigned bit = 1u << (value - 1);
    if (mask & bit) throw InputError("position " + std::to_string(value) + " is repeated");
    mask |= bit;
  }
  return mask;
}

std::string card_face(Card card, bool suit_symbols) {
  if (!suit_symbols) return card.str();
  // Appended in place: GCC 12 warns falsely (-Wrestrict) about string + string here.
  std::string face(1, kRankChars[static_cast<std::size_t>(card.rank())]);
  face += kSuitSymbols[static_cast<std::size_t>(card.suit())];
  return face;
}

DrawSummary play_draw(std::istream& in, std::ostream& out, const DrawOptions& options) {
  DrawSummary summary;
  std::mt19937_64 rng(options.seed);
  const bool symbols = options.suit_symbols;
  out << "Five-card draw, seed " << options.seed << " (--seed " << options.seed << " deals the same cards again).\n";
  for (int round = 1; round <= options.rounds && !summary.quit_early; ++round) {
    const auto deck = shuffled_deck(rng);
    std::array<Card, 5> hand{};
    std::copy(deck.begin(), deck.begin() + 5, hand.begin());
    std::size_t next = 5;  // the top of the rest of the deck

    out << "\n";
    if (options.rounds > 1) out << "Hand " << round << " of " << options.rounds << "\n";
    out << "Your cards:";
    for (std::size_t i = 0; i < 5; ++i) out << "  " << (i + 1) << ":" << card_face(hand[i], symbols);
    out << "\nWhich cards do you discard? Positions 1-5 separated by spaces (such as 1 3 5), "
           "Enter to keep all five, q to quit.\n";
    unsigned discard = 0;
    for (;;) {
      out << "> " << std::flush;
      std::string line;
      if (!std::getline(in, line)) {
        out << "\nEnd of input: the game ends.\n";
        summary.quit_early = true;
        break;
      }
      if (options.echo_input) out << line << "\n";
      const std::string answer = trimmed(line);
      if (is_quit(answer)) {
        out << "You quit the game.\n";
        summary.quit_early = true;
        break;
      }
      try {
        discard = parse_discard_positions(answer);
        break;
      } catch (const InputError& e) {
        out << "Invalid: " << e.what() << ". Try again (Enter keeps all five).\n";
      }
    }
    if (summary.quit_early) break;

    if (discard == 0) {
      out << "You keep all five.\n";
    } else {
      std::string thrown;
      for (std::size_t i = 0; i < 5; ++i)
        if (discard >> i & 1) {
          thrown += ' ';
          thrown += card_face(hand[i], symbols);
          hand[i] = deck[next++];
        }
      out << "You discard" << thrown << " and draw " << plural(std::popcount(discard), "card") << ".\n";
    }
    const HandRank rank = evaluate(Hand(hand));
    out << "Final hand: " << faces(hand, symbols) << "\n";
    out << "Result: " << hand_name(rank) << "\n";
    ++summary.hands_played;
    ++summary.by_category[static_cast<std::size_t>(category_of(rank))];
  }
  if (options.rounds > 1 && summary.hands_played > 0) {
    out << "\nTally after " << plural(summary.hands_played, "hand") << ":\n";
    for (int c = kCategories - 1; c >= 0; --c) {
      const int count = summary.by_category[static_cast<std::size_t>(c)];
      if (count == 0) continue;
      std::string name(category_name(static_cast<Category>(c)));
      name.resize(16, ' ');
      out << "  " << name << count << "\n";
    }
  }
  return summary;
}

}  // namespace equity
