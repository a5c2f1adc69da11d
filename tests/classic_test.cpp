// The classic problems on our evaluator: showdowns, Project Euler 54, UVa 131, hand names, the
// five-card draw game, and the commands eval, duel, psychic and draw.
#include "equity/classic.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "clean_message.hpp"
#include "equity/draw_game.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "equity/low_evaluator.hpp"
#include "equity/shortdeck_evaluator.hpp"
#include "equity/showdown.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

using test::data_path;
using test::read_file;
using test::run_equity;

std::vector<Card> cards(std::string_view text) { return parse_cards(text); }

std::string name_of(std::string_view text) { return hand_name(evaluate_cards(cards(text))); }

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// ---- compare

TEST(Showdown, ComparesTwoHands) {
  EXPECT_EQ(compare(cards("AS AD 2C 3H 7D"), cards("KS KD QC JH 9D")), Outcome::Win);
  EXPECT_EQ(compare(cards("KS KD QC JH 9D"), cards("AS AD 2C 3H 7D")), Outcome::Lose);
  EXPECT_EQ(compare(cards("AS KD QC JH 9S"), cards("AC KH QD JS 9C")), Outcome::Split);
  // Same pair, the third kicker decides.
  EXPECT_EQ(compare(cards("8S 8D AC KH 4C"), cards("8C 8H AD KS 3C")), Outcome::Win);
  // 7 cards: the best five play, so two ace-high straights split whatever the other two cards.
  EXPECT_EQ(compare(cards("2C 3D TS JS QS KD AS"), cards("4C 5D TH JH QH KC AH")), Outcome::Split);
  EXPECT_EQ(compare(HandRank{5}, HandRank{4}), Outcome::Win);
  EXPECT_EQ(outcome_name(Outcome::Split), "split");
}

TEST(Showdown, RejectsBadHands) {
  EXPECT_THROW(compare(cards("AS AD 2C 3H"), cards("KS KD QC JH 9D")), InputError);
  EXPECT_THROW(compare(cards("AS AD 2C 3H 7D"), cards("AS KD QC JH 9D")), InputError);
}

// ---- hand names (eval)

TEST(HandName, EveryCategoryWithFiveSixAndSevenCards) {
  EXPECT_EQ(name_of("TS JS QS KS AS"), "royal flush");
  EXPECT_EQ(name_of("9S TS JS QS KS"), "straight flush, king high");
  EXPECT_EQ(name_of("AD 2D 3D 4D 5D 9C"), "straight flush, five high");
  EXPECT_EQ(name_of("7S 7C 7H 7D 2C KD"), "four of a kind, sevens, king kicker");
  EXPECT_EQ(name_of("3C 3D 3S 9S 9D"), "full house, threes full of nines");
  EXPECT_EQ(name_of("3C 3D 3S 9S 9D 9H 2C"), "full house, nines full of threes");
  EXPECT_EQ(name_of("AH JH 8H 6H 2H KC"), "flush, ace, jack, eight, six, two");
  EXPECT_EQ(name_of("AS 2C 3H 4D 5S 9C"), "straight, five high");
  EXPECT_EQ(name_of("TS JC QH KD AS 2C 3C"), "straight, ace high");
  EXPECT_EQ(name_of("QS QC QH 9D 4C"), "three of a kind, queens, nine, four kickers");
  EXPECT_EQ(name_of("AS AD KC 4H 4S 2D 7C"), "two pair, aces and fours, king kicker");
  EXPECT_EQ(name_of("8S 8D AC KH 3C 2D 4S"), "one pair, eights, ace, king, four kickers");
  EXPECT_EQ(name_of("AS JD 9C 6H 3S"), "high card, ace, jack, nine, six, three");
}

TEST(HandName, NoWrapAroundStraight) {
  EXPECT_EQ(category_of(evaluate_cards(cards("QS KD AC 2H 3S"))), Category::HighCard);
  EXPECT_EQ(name_of("QS KD AC 2H 3S"), "high card, ace, king, queen, three, two");
}

TEST(HandName, KickersThatDecideAreNamed) {
  const std::string a = name_of("KS KD 9C 8H 7S"), b = name_of("KC KH 9D 8S 6C");
  EXPECT_NE(a, b);
  EXPECT_EQ(b, "one pair, kings, nine, eight, six kickers");
  EXPECT_EQ(compare(cards("KS KD 9C 8H 7S"), cards("KC KH 9D 8S 6C")), Outcome::Win);
}

// ---- Project Euler 54

TEST(Euler54, FileGives376To624) {
  std::ifstream in(data_path("euler54/p054_poker.txt"), std::ios::binary);
  ASSERT_TRUE(in) << "missing reference data";
  const DuelTally tally = tally_duels(in, "p054_poker.txt");
  EXPECT_EQ(tally.player1, 376);
  EXPECT_EQ(tally.player2, 624);
  EXPECT_EQ(tally.ties, 0);
  EXPECT_EQ(tally.hands(), 1000);
}

Outcome duel_line(std::string_view line) {
  const DuelHands h = parse_duel_line(line);
  return compare(h.player1, h.player2);
}

TEST(Euler54, KnownLines) {
  // The five examples of the problem statement, the file's first line, and a split.
  EXPECT_EQ(duel_line("5H 5C 6S 7S KD 2C 3S 8S 8D TD"), Outcome::Lose);  // pair of fives < pair of eights
  EXPECT_EQ(duel_line("5D 8C 9S JS AC 2C 5C 7D 8S QH"), Outcome::Win);   // ace high > queen high
  EXPECT_EQ(duel_line("2D 9C AS AH AC 3D 6D 7D TD QD"), Outcome::Lose);  // three aces < flush
  EXPECT_EQ(duel_line("4D 6S 9H QH QC 3D 6D 7H QD QS"), Outcome::Win);   // queens, nine kicker > seven
  EXPECT_EQ(duel_line("2H 2D 4C 4D 4S 3C 3D 3S 9S 9D"), Outcome::Win);   // fours full > threes full
  EXPECT_EQ(duel_line("8C TS KC 9H 4S 7D 2S 5D 3S AC"), Outcome::Lose);  // king high < ace high
  EXPECT_EQ(duel_line("AS KD QC JH 9S AC KH QD JS 9C"), Outcome::Split);
}

TEST(Euler54, WindowsLineEndingsAndBlankLines) {
  std::istringstream in("5H 5C 6S 7S KD 2C 3S 8S 8D TD\r\n\r\n5D 8C 9S JS AC 2C 5C 7D 8S QH\r\n");
  const DuelTally tally = tally_duels(in, "stdin");
  EXPECT_EQ(tally.player1, 1);
  EXPECT_EQ(tally.player2, 1);
  EXPECT_EQ(tally.ties, 0);
}

TEST(Euler54, MalformedLinesNameTheLine) {
  auto message = [](const std::string& text) {
    std::istringstream in(text);
    try {
      tally_duels(in, "f.txt");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string good = "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n";
  EXPECT_EQ(message(good + "5H 5C 6S 7S KD 2C 3S 8S 8D\n"),
            "f.txt line 2: expected 10 cards (five for player 1, then five for player 2), found 9");
  EXPECT_EQ(message(good + good + "5H 5C 6S 7S KD 2C 3S 8S 8D 5H\n").rfind("f.txt line 3: duplicate card 5h", 0), 0u);
  EXPECT_EQ(message("5H 5C 6S 7S KX 2C 3S 8S 8D TD\n").rfind("f.txt line 1: bad card \"KX\"", 0), 0u);
}

// Issue 21, defect 5: memory stays bounded whatever the input.
TEST(Euler54, LinesLongerThan4KiBAreAnErrorNamingTheLine) {
  const std::string good = "5H 5C 6S 7S KD 2C 3S 8S 8D TD";
  const std::string longest = good + std::string(kMaxLineBytes - good.size(), ' ') + "\n";
  std::istringstream ok(longest + longest);
  EXPECT_EQ(tally_duels(ok, "f.txt").hands(), 2);
  std::istringstream crlf(good + std::string(kMaxLineBytes - good.size(), ' ') + "\r\n");
  EXPECT_THROW(tally_duels(crlf, "f.txt"), InputError);  // the limit counts the line's bytes as read
  std::istringstream too_long(longest + good + std::string(kMaxLineBytes, ' ') + "\n");
  try {
    tally_duels(too_long, "f.txt");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "f.txt line 2: longer than 4096 bytes: \"5H 5C 6S 7S KD 2C 3S 8S 8D TD           \"...");
  }
  std::istringstream no_newline(std::string(10 * kMaxLineBytes, '\0'));
  EXPECT_THROW(tally_duels(no_newline, "f.txt"), InputError);
}

// ---- UVa 131

TEST(Uva131, SampleIsByteIdentical) {
  std::ifstream in(data_path("uva131/psychic.in"), std::ios::binary);
  ASSERT_TRUE(in) << "missing reference data";
  std::string out;
  for_each_line(in, "psychic.in", [&](std::string_view line, const std::string& where) {
    const PsychicDeal deal = parse_psychic_line(line, where);
    out += psychic_judge_line(deal, best_draw(deal)) + "\n";
  });
  EXPECT_EQ(out, read_file(data_path("uva131/psychic.out")));
}

PsychicPlay psychic(std::string_view line) { return best_draw(parse_psychic_line(line)); }
std::string_view psychic_category(std::string_view line) { return uva_category_name(category_of(psychic(line).rank)); }

TEST(Uva131, EveryCategoryName) {
  const std::array<std::string_view, kCategories> expected = {"highest-card",    "one-pair",       "two-pairs",
                                                              "three-of-a-kind", "straight",       "flush",
                                                              "full-house",      "four-of-a-kind", "straight-flush"};
  for (int c = 0; c < kCategories; ++c)
    EXPECT_EQ(uva_category_name(static_cast<Category>(c)), expected[static_cast<std::size_t>(c)]);
  // One line per category, each reached by a draw from the deck.
  EXPECT_EQ(psychic_category("2C 7D 9H JS 4C TH JH QH KH AH"), "straight-flush");
  EXPECT_EQ(psychic_category("5S 5C 5H 2D 9C 5D 3C 8H TS QS"), "four-of-a-kind");
  EXPECT_EQ(psychic_category("5S 5C 9H 2D 3C 5D 9C 8H TS QS"), "full-house");
  EXPECT_EQ(psychic_category("2H 4H 6H 8H KC TH 3S 7D 9C JS"), "flush");
  EXPECT_EQ(psychic_category("6S 7C 8H 9D KC TH 3S 2D 4C JS"), "straight");
  EXPECT_EQ(psychic_category("6S 6C 8H 9D KC 6H 3S 2D 4C JS"), "three-of-a-kind");
  EXPECT_EQ(psychic_category("6S 6C 8H 9D KC 8S 3S 2D 4C JS"), "two-pairs");
  EXPECT_EQ(psychic_category("6S 6C 8H 9D KC 2S 3S TD 4C JS"), "one-pair");
  EXPECT_EQ(psychic_category("6S 7C 8H TD KC 2S 3S QD 4C JS"), "highest-card");
}

TEST(Uva131, WheelCounts) {
  const PsychicPlay play = psychic("AH 2C 3D 4S 9H 5C 7D 8S JH 6C");
  EXPECT_EQ(uva_category_name(category_of(play.rank)), "straight");
  EXPECT_EQ(play.discard_mask, 1u << 4);  // discard 9H, draw 5C
  EXPECT_EQ(hand_name(play.rank), "straight, five high");
  EXPECT_EQ(classic_cards(play.final_hand), "AH 2C 3D 4S 5C");
}

TEST(Uva131, StraightsDoNotWrapAround) {
  // Q-K-A-2-3 in hand and nothing better on the deck: only a high card.
  EXPECT_EQ(psychic_category("QH KC AD 2S 3H 7C 8D 9S 4C 6H"), "highest-card");
}

TEST(Uva131, DrawAllFiveAndKeepAllFive) {
  const PsychicPlay all = psychic("2C 7D 9H JS 4C TH JH QH KH AH");
  EXPECT_EQ(all.discard_mask, 31u);
  EXPECT_EQ(all.discards(), 5);
  EXPECT_EQ(hand_name(all.rank), "royal flush");
  const PsychicPlay none = psychic("AS KS QS JS TS 2C 3D 4H 5S 6C");
  EXPECT_EQ(none.discard_mask, 0u);
  EXPECT_EQ(classic_cards(none.final_hand), "AS KS QS JS TS");
  EXPECT_EQ(psychic_judge_line(parse_psychic_line("AS KS QS JS TS 2C 3D 4H 5S 6C"), none),
            "Hand: AS KS QS JS TS Deck: 2C 3D 4H 5S 6C Best hand: straight-flush");
}

TEST(Uva131, DrawsComeFromTheTopInOrder) {
  // The fourth ace is fourth on the deck: reaching it takes four discards, which throw an ace away.
  // Best: discard 2D 3H 7C, draw QH KH AH: three aces (four discards only tie it).
  const PsychicPlay play = psychic("AS AC 2D 3H 7C QH KH AH AD 4S");
  EXPECT_EQ(classic_cards(play.final_hand), "AS AC QH KH AH");
  EXPECT_EQ(hand_name(play.rank), "three of a kind, aces, king, queen kickers");
}

TEST(Uva131, LowerCaseAndTensAreAcceptedAndPrintedTheJudgesWay) {
  const PsychicDeal deal = parse_psychic_line("10h jh qc qd qs qh kh ah 2s 6s");
  EXPECT_EQ(psychic_judge_line(deal, best_draw(deal)),
            "Hand: TH JH QC QD QS Deck: QH KH AH 2S 6S Best hand: straight-flush");
  EXPECT_THROW(parse_psychic_line("TH JH QC QD QS QH KH AH 2S"), InputError);
}

// ---- the draw game (library)

TEST(DrawGame, DiscardPositions) {
  EXPECT_EQ(parse_discard_positions(""), 0u);
  EXPECT_EQ(parse_discard_positions("1 3 5"), 0b10101u);
  EXPECT_EQ(parse_discard_positions(" 5,4 "), 0b11000u);
  EXPECT_EQ(parse_discard_positions("1 2 3 4 5"), 31u);
  auto message = [](std::string_view text) {
    try {
      parse_discard_positions(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("6"), "position 6 is outside 1-5");
  EXPECT_EQ(message("0"), "position 0 is outside 1-5");
  EXPECT_EQ(message("99999999999999999999"), "position 99999999999999999999 is outside 1-5");
  EXPECT_EQ(message("2 4 2"), "position 2 is repeated");
  EXPECT_EQ(message("abc"), "\"abc\" is not a position: type the positions 1-5 of the cards to discard, such as 1 3 5");
  EXPECT_EQ(message("1x").substr(0, 22), "\"1x\" is not a position");
  EXPECT_EQ(message("-1"), "position -1 is outside 1-5");
  EXPECT_EQ(message("+1").substr(0, 22), "\"+1\" is not a position");
  EXPECT_EQ(message("1\n2").substr(0, 24), "\"1\\n2\" is not a position");  // found by fuzz_discard
}

TEST(DrawGame, ShuffleIsAReproduciblePermutation) {
  std::mt19937_64 a(42), b(42), c(43);
  const auto deck = shuffled_deck(a);
  std::set<int> ids;
  for (Card card : deck) ids.insert(card.id());
  EXPECT_EQ(ids.size(), 52u);
  EXPECT_EQ(deck, shuffled_deck(b));
  EXPECT_NE(deck, shuffled_deck(c));
  EXPECT_NE(deck, shuffled_deck(a));  // the next hand is shuffled afresh
  std::mt19937_64 r(1);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(uniform_below(r, 1), 0u);
  // Every position of a 3-card shuffle is reached by some small seed (no stuck positions).
  std::set<std::uint64_t> seen;
  for (std::uint64_t s = 0; s < 200; ++s) {
    std::mt19937_64 g(s);
    seen.insert(uniform_below(g, 3));
  }
  EXPECT_EQ(seen.size(), 3u);
}

TEST(DrawGame, CardFaces) {
  EXPECT_EQ(card_face(parse_card("As"), false), "As");
  EXPECT_EQ(card_face(parse_card("As"), true), "A\u2660");
  EXPECT_EQ(card_face(parse_card("Tc"), true), "T\u2663");
  EXPECT_EQ(card_face(parse_card("2h"), true), "2\u2665");
  EXPECT_EQ(card_face(parse_card("9d"), true), "9\u2666");
}

struct Game {
  std::string out;
  DrawSummary summary;
};

Game play(const std::string& input, std::uint64_t seed, int rounds = 1, bool symbols = false) {
  std::istringstream in(input);
  std::ostringstream out;
  DrawOptions options;
  options.seed = seed;
  options.rounds = rounds;
  options.suit_symbols = symbols;
  options.echo_input = true;
  Game g;
  g.summary = play_draw(in, out, options);
  g.out = out.str();
  return g;
}

std::string faces(std::span<const Card> cs) {
  std::string s;
  for (Card c : cs) {
    if (!s.empty()) s += ' ';
    s += c.str();
  }
  return s;
}

// The hand the game must end with: the deal of `seed`, positions in `discard` replaced in order.
std::array<Card, 5> expected_final(std::uint64_t seed, unsigned discard) {
  std::mt19937_64 rng(seed);
  const auto deck = shuffled_deck(rng);
  std::array<Card, 5> hand{};
  std::copy(deck.begin(), deck.begin() + 5, hand.begin());
  std::size_t next = 5;
  for (std::size_t i = 0; i < 5; ++i)
    if (discard >> i & 1) hand[i] = deck[next++];
  return hand;
}

TEST(DrawGame, InvalidAnswersAreExplainedThenTheHandIsPlayed) {
  const Game g = play("9\n1 1\nabc\n1 3 5\n", 42);
  EXPECT_EQ(count_of(g.out, "\n> "), 4u);
  EXPECT_NE(g.out.find("> 9\nInvalid: position 9 is outside 1-5. Try again"), std::string::npos) << g.out;
  EXPECT_NE(g.out.find("> 1 1\nInvalid: position 1 is repeated."), std::string::npos) << g.out;
  EXPECT_NE(g.out.find("> abc\nInvalid: \"abc\" is not a position"), std::string::npos) << g.out;
  const auto deal = expected_final(42, 0);
  const auto final_hand = expected_final(42, 0b10101);
  EXPECT_NE(g.out.find("Your cards:  1:" + deal[0].str() + "  2:" + deal[1].str()), std::string::npos) << g.out;
  EXPECT_NE(
      g.out.find("You discard " + deal[0].str() + " " + deal[2].str() + " " + deal[4].str() + " and draw 3 cards."),
      std::string::npos)
      << g.out;
  EXPECT_NE(g.out.find("Final hand: " + faces(final_hand) + "\n"), std::string::npos) << g.out;
  const HandRank rank = evaluate(Hand(final_hand));
  EXPECT_NE(g.out.find("Result: " + hand_name(rank) + "\n"), std::string::npos) << g.out;
  EXPECT_EQ(g.summary.hands_played, 1);
  EXPECT_FALSE(g.summary.quit_early);
  EXPECT_EQ(g.summary.by_category[static_cast<std::size_t>(category_of(rank))], 1);
}

TEST(DrawGame, SeedFortyTwoDealsTheSameCardsEveryTime) {
  // Pinned: a change here changes every recorded game (the generator and the shuffle are fixed
  // algorithms, so this holds with every standard library).
  EXPECT_EQ(faces(expected_final(42, 0)), "6h Td Tc Ah 7d");
  const Game a = play("\n", 42), b = play("\n", 42);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, play("\n", 43).out);
}

TEST(DrawGame, KeepAllAndDrawAll) {
  const Game keep = play("\n", 7);
  EXPECT_NE(keep.out.find("You keep all five.\nFinal hand: " + faces(expected_final(7, 0)) + "\n"), std::string::npos)
      << keep.out;
  const Game all = play("1 2 3 4 5\n", 7);
  EXPECT_NE(all.out.find("and draw 5 cards.\nFinal hand: " + faces(expected_final(7, 31)) + "\n"), std::string::npos)
      << all.out;
}

TEST(DrawGame, EmptyInputEndsTheGameCleanly) {
  const Game g = play("", 1);
  EXPECT_EQ(g.summary.hands_played, 0);
  EXPECT_TRUE(g.summary.quit_early);
  EXPECT_NE(g.out.find("> \nEnd of input: the game ends.\n"), std::string::npos) << g.out;
  EXPECT_EQ(g.out.find("Result:"), std::string::npos);
  const Game q = play("q\n", 1, 3);
  EXPECT_TRUE(q.summary.quit_early);
  EXPECT_NE(q.out.find("You quit the game."), std::string::npos);
}

TEST(DrawGame, RoundsAndTally) {
  const Game g = play("\n2\n", 5, 3);  // two hands played, the input ends during the third
  EXPECT_EQ(g.summary.hands_played, 2);
  EXPECT_TRUE(g.summary.quit_early);
  EXPECT_NE(g.out.find("Hand 1 of 3\n"), std::string::npos);
  EXPECT_NE(g.out.find("Hand 3 of 3\n"), std::string::npos);
  EXPECT_NE(g.out.find("Tally after 2 hands:\n"), std::string::npos) << g.out;
  int total = 0;
  for (int n : g.summary.by_category) total += n;
  EXPECT_EQ(total, 2);
  // Suit symbols when asked for.
  const Game s = play("\n", 5, 1, true);
  EXPECT_TRUE(s.out.find("\u2660") != std::string::npos || s.out.find("\u2663") != std::string::npos ||
              s.out.find("\u2665") != std::string::npos || s.out.find("\u2666") != std::string::npos);
}

// ---- the commands

void expect_error(const test::RunResult& r, const std::string& message_start) {
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("equity: " + message_start, 0), 0u) << r.err;
  EXPECT_EQ(count_of(r.err, "\n"), 1u) << r.err;
}

TEST(EvalCommand, PrintsBestFiveCategoryAndName) {
  const auto r = run_equity("eval 3C 3D 3S 9S 9D");
  EXPECT_EQ(r.exit_code, 0);
  const HandRank rank = evaluate_cards(cards("3C 3D 3S 9S 9D"));
  EXPECT_EQ(r.out,
            "Cards:    3c 3d 3s 9s 9d\n"
            "Best:     3s 3c 3d 9s 9d\n"
            "Category: full house\n"
            "Name:     full house, threes full of nines\n"
            "Rank:     " +
                std::to_string(rank) + " (0..7461, bigger is better)\n");
  const auto seven = run_equity("eval AsAdKc4h4s2d7c");
  EXPECT_NE(seven.out.find("Best:     As Ad 4s 4h Kc\n"), std::string::npos) << seven.out;
  EXPECT_NE(seven.out.find("Name:     two pair, aces and fours, king kicker\n"), std::string::npos);
  const auto six = run_equity("eval '9s Ts Js Qs Ks 2d'");
  EXPECT_NE(six.out.find("Name:     straight flush, king high\n"), std::string::npos) << six.out;
}

TEST(EvalCommand, Json) {
  const auto r = run_equity("eval Ts Js Qs Ks As --json");
  EXPECT_EQ(r.exit_code, 0);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j,
            nlohmann::json::parse(R"({"cards": ["Ts", "Js", "Qs", "Ks", "As"], "best": ["As", "Ks", "Qs", "Js", "Ts"],
                                        "category": "straight flush", "name": "royal flush", "rank": 7461})"));
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
}

TEST(EvalCommand, BadInput) {
  expect_error(run_equity("eval As Ks Qs Js"), "a hand to evaluate has 5, 6 or 7 cards, not 4");
  expect_error(run_equity("eval As Ks Qs Js Ts 9s 8s 7s"), "a hand to evaluate has 5, 6 or 7 cards, not 8");
  expect_error(run_equity("eval As Ks Qs Js Xs"), "cards: bad card \"Xs\"");
  expect_error(run_equity("eval As Ks Qs Js As"), "cards: duplicate card As");
  expect_error(run_equity("eval"), "cards is required");
}

// The draw games: each hand by its game's ranking (docs/draw.md), the split games' second half apart.
TEST(EvalCommand, DrawGamesByTheirRankings) {
  const auto deuce = run_equity("eval 7h5d4s3c2d --game 27-triple --json");
  EXPECT_EQ(nlohmann::json::parse(deuce.out),
            nlohmann::json::parse(R"({"game": "27-triple", "cards": ["7h", "5d", "4s", "3c", "2d"],
              "best": ["7h", "5d", "4s", "3c", "2d"], "category": "no pair", "name": "7-5-4-3-2", "rank": 7461})"));
  const auto wheel = nlohmann::json::parse(run_equity("eval As2d3c4h5s --game 27-single --json").out);
  EXPECT_EQ(wheel["name"], "A-5-4-3-2");  // an ace-high hand in 2-7, not a straight
  const auto badugi = nlohmann::json::parse(run_equity("eval Kh7h5c3s --game badugi --json").out);
  EXPECT_EQ(badugi["name"], "3-card 7-5-3");
  EXPECT_EQ(badugi["best"].size(), 3u);
  EXPECT_EQ(badugi["category"], "3-card hand");
  const auto badeucy = run_equity("eval 7h5d4s2c3c --game badeucy");
  EXPECT_NE(badeucy.out.find("Name:     4-card badugi 7-5-4-2\n"), std::string::npos) << badeucy.out;
  EXPECT_NE(badeucy.out.find("2-7:      7-5-4-3-2 (no pair; 7h 5d 4s 3c 2c), rank 7461\n"), std::string::npos)
      << badeucy.out;
  const auto badacey = nlohmann::json::parse(run_equity("eval As2d3c4h5h --game badacey --json").out);
  EXPECT_EQ(badacey["second"]["half"], "A-5");
  EXPECT_EQ(badacey["second"]["name"], "5-4-3-2-A (the wheel)");
  expect_error(run_equity("eval As2d3c4h --game 27-single"), "a 27-single hand is 5 cards, not 4");
  expect_error(run_equity("eval As2d3c4h5h --game badugi"), "a badugi hand is 4 cards, not 5");
  expect_error(run_equity("eval As2d3c4h --game badugi --board 5h6h7h"), "--board: badugi has no board");
}

// --game: the hand named and ranked by the game's rules; Hold'em's output is unchanged without it.
TEST(EvalCommand, ShortDeckNamesHandsByItsRules) {
  const auto r = run_equity("eval As 6c 7d 8h 9s --game shortdeck");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "Game:     Short deck (6+) Hold'em\n"
            "Cards:    As 6c 7d 8h 9s\n"
            "Best:     9s 8h 7d 6c As\n"
            "Category: straight\n"
            "Name:     straight, nine high\n"
            "Rank:     " +
                std::to_string(shortdeck_evaluate_cards(cards("As 6c 7d 8h 9s"), ShortDeckRules::trips_beat_straight)) +
                " (0..1403, bigger is better)\n");
  EXPECT_EQ(run_equity("eval As 6c 7d 8h 9s --game holdem").out, run_equity("eval As 6c 7d 8h 9s").out);
  const auto rank = [](const std::string& hand, const std::string& game) {
    const auto out = run_equity("eval " + hand + " --json --game " + game);
    EXPECT_EQ(out.exit_code, 0) << out.err;
    const auto j = nlohmann::json::parse(out.out);
    EXPECT_EQ(j["game"], game);
    return j["rank"].get<int>();
  };
  // Trips over a straight, or the other way round; a flush over a full house in both.
  EXPECT_GT(rank("6s6c6d8h9s", "shortdeck"), rank("As6c7d8h9s", "shortdeck"));
  EXPECT_LT(rank("6s6c6d8h9s", "shortdeck-straights"), rank("As6c7d8h9s", "shortdeck-straights"));
  EXPECT_GT(rank("As9s8s7sJs", "shortdeck"), rank("AsAcAdKsKc", "shortdeck"));
  EXPECT_GT(rank("As9s8s7sJs", "shortdeck-straights"), rank("AsAcAdKsKc", "shortdeck-straights"));
  EXPECT_EQ(rank("AsKsQsJsTs", "shortdeck"), 1403);
  expect_error(run_equity("eval 2c As Ks Qs Js --game shortdeck"),
               "2c is not in the deck of Short deck (6+) Hold'em (6 to A)");
  expect_error(run_equity("eval As Ks Qs Js Ts --game courchevel"), "game 'courchevel': one of holdem, shortdeck");
  expect_error(run_equity("eval As Ks Qs Js Ts --game omaha"),
               "--board: an Omaha hand is valued on a board of 3 to 5 cards");
  EXPECT_NE(run_equity("eval --help").out.find("shortdeck-straights"), std::string::npos);
}

// The stud games: the best five of the player's own 5 to 7 cards by the pot's ranking (razz: the
// A-5 low, pairs counted), and in Hi/Lo the 8-or-better low; no board.
TEST(EvalCommand, RazzNamesTheBestLow) {
  const auto r = run_equity("eval --game razz As2s3d7c7dKh4c");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "Game:     Razz (seven-card stud, A-5 low)\n"
            "Cards:    As 2s 3d 7c 7d Kh 4c\n"
            "Best:     7c 4c 3d 2s As\n"
            "Category: no pair\n"
            "Name:     7-4-3-2-A\n"
            "Rank:     6168 (0..6174, bigger is better)\n");
  EXPECT_EQ(razz_value_cards(cards("As2s3d7c7dKh4c")), 6168);
  // Five cards with a pair: the pair counts against the hand.
  const auto pair = run_equity("eval --game razz As2s3d7c7d");
  EXPECT_EQ(pair.out,
            "Game:     Razz (seven-card stud, A-5 low)\n"
            "Cards:    As 2s 3d 7c 7d\n"
            "Best:     7c 7d 3d 2s As\n"
            "Category: one pair\n"
            "Name:     one pair, 7-7-3-2-A\n"
            "Rank:     3567 (0..6174, bigger is better)\n");
  EXPECT_EQ(razz_value_cards(cards("As2s3d7c7d")), 3567);
  // Seven cards of four ranks: the lowest pair is kept.
  const auto seven = run_equity("eval --game razz AsAd2c2h3c3d4s --json");
  EXPECT_EQ(seven.out,
            R"({"game":"razz","cards":["As","Ad","2c","2h","3c","3d","4s"],"best":["As","Ad","4s","3c","2c"],)"
            R"("category":"one pair","name":"one pair, A-A-4-3-2","rank":4887})"
            "\n");
  const auto rank = [](const std::string& hand) {
    const auto out = run_equity("eval --json --game razz " + hand);
    EXPECT_EQ(out.exit_code, 0) << out.err;
    return nlohmann::json::parse(out.out)["rank"].get<int>();
  };
  EXPECT_EQ(rank("5s4s3s2sAs"), 6174);                // the wheel, a straight flush in stud
  EXPECT_GT(rank("8s7d6c5h4d"), rank("AsAd2c3h4d"));  // any hand without a pair beats a pair
  EXPECT_GT(rank("7s5d4c3h2d"), rank("7s6d3c2hAd"));  // 7-5 beats 7-6
  EXPECT_EQ(rank("KsKdKhKcQc"), 0);
  EXPECT_EQ(nlohmann::json::parse(run_equity("eval --json --game razz 5s4s3s2sAs").out)["name"],
            "5-4-3-2-A (the wheel)");
  EXPECT_EQ(nlohmann::json::parse(run_equity("eval --json --game razz KsKdKhKcQc").out)["category"], "four of a kind");
}

TEST(EvalCommand, StudHighAndHiLo) {
  const auto high = run_equity("eval --game stud AsKsQdJdTd2c3c");
  EXPECT_EQ(high.exit_code, 0) << high.err;
  EXPECT_EQ(high.out,
            "Game:     Seven-card stud\n"
            "Cards:    As Ks Qd Jd Td 2c 3c\n"
            "Best:     As Ks Qd Jd Td\n"
            "Category: straight\n"
            "Name:     straight, ace high\n"
            "Rank:     5862 (0..7461, bigger is better)\n");
  EXPECT_EQ(evaluate_cards(cards("AsKsQdJdTd2c3c")), 5862);  // Hold'em's ranking
  const auto hilo = run_equity("eval --game stud-hilo As2s3d4c8hKhKd");
  EXPECT_EQ(hilo.out,
            "Game:     Seven-card stud Hi/Lo (8 or better)\n"
            "Cards:    As 2s 3d 4c 8h Kh Kd\n"
            "Best:     Kh Kd As 8h 4c\n"
            "Category: one pair\n"
            "Name:     one pair, kings, ace, eight, four kickers\n"
            "Rank:     3879 (0..7461, bigger is better)\n"
            "Low:      8-4-3-2-A (8h 4c 3d 2s As)\n");
  EXPECT_EQ(run_equity("eval --game stud-hilo As2s3d4c8hKhKd --json").out,
            R"({"game":"stud-hilo","cards":["As","2s","3d","4c","8h","Kh","Kd"],"best":["Kh","Kd","As","8h","4c"],)"
            R"("category":"one pair","name":"one pair, kings, ace, eight, four kickers","rank":3879,)"
            R"("low":"8-4-3-2-A","low_rank":35,"low_best":["8h","4c","3d","2s","As"]})"
            "\n");
  EXPECT_EQ(run_equity("eval --game stud8 As2s3d9c9hKhKd --json").out,
            R"({"game":"stud-hilo","cards":["As","2s","3d","9c","9h","Kh","Kd"],"best":["Kh","Kd","9c","9h","As"],)"
            R"("category":"two pair","name":"two pair, kings and nines, ace kicker","rank":4829,)"
            R"("low":"no low","low_rank":0,"low_best":null})"
            "\n");
  const auto no_low = run_equity("eval --game stud-hilo As2s3d9c9hKhKd");
  EXPECT_NE(no_low.out.find("\nLow:      no low\n"), std::string::npos) << no_low.out;
}

TEST(EvalCommand, StudGamesBadInput) {
  expect_error(run_equity("eval --game stud As2s3d4c8hKhKd9s"),
               "a stud hand is the best five of 5, 6 or 7 cards, not 8");
  expect_error(run_equity("eval --game razz As2s3d4c"), "a razz hand is the best five of 5, 6 or 7 cards, not 4");
  expect_error(run_equity("eval --game stud-hilo As2s3d4cAs"), "cards: duplicate card As");
  expect_error(
      run_equity("eval --game razz As2s3d4c5c --board 6c7c"),
      "--board: razz has no board; the cards are the player's own 5, 6 or 7 cards, the best five of them count");
  expect_error(run_equity("eval --game stud As2s3d --board 4c5c"), "--board: stud has no board");
  const auto help = run_equity("eval --help");
  for (const char* game : {"stud", "stud-hilo", "razz"}) EXPECT_NE(help.out.find(game), std::string::npos) << game;
}

TEST(DuelCommand, EulerFile) {
  const auto r = run_equity("duel " + data_path("euler54/p054_poker.txt"));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "Player 1: 376\nPlayer 2: 624\nTies: 0\n");
  EXPECT_EQ(r.err, "");
  const auto j = run_equity("duel --json -", read_file(data_path("euler54/p054_poker.txt")));
  EXPECT_EQ(nlohmann::json::parse(j.out),
            nlohmann::json::parse(R"({"hands": 1000, "player1": 376, "player2": 624, "ties": 0})"));
}

TEST(DuelCommand, VerboseFromStdinWithWindowsLineEndings) {
  const auto r = run_equity("duel --verbose -", "5H 5C 6S 7S KD 2C 3S 8S 8D TD\r\nAS KD QC JH 9S AC KH QD JS 9C\r\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "stdin line 1: player 2 wins: 5H 5C 6S 7S KD (one pair, fives, king, seven, six kickers) vs "
            "2C 3S 8S 8D TD (one pair, eights, ten, three, two kickers)\n"
            "stdin line 2: split: AS KD QC JH 9S (high card, ace, king, queen, jack, nine) vs "
            "AC KH QD JS 9C (high card, ace, king, queen, jack, nine)\n"
            "Player 1: 0\nPlayer 2: 1\nTies: 1\n");
  const auto j = run_equity("duel --verbose --json", "5D 8C 9S JS AC 2C 5C 7D 8S QH\n");
  const auto verbose = nlohmann::json::parse(j.out);
  EXPECT_EQ(verbose["lines"][0]["winner"], 1) << j.out;
  EXPECT_EQ(verbose["lines"][0]["where"], "stdin line 1") << j.out;
}

TEST(DuelCommand, BadInput) {
  const std::string good = "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n";
  expect_error(run_equity("duel", good + "5H 5C 6S 7S KD 2C 3S 8S 8D\n"),
               "stdin line 2: expected 10 cards (five for player 1, then five for player 2), found 9");
  expect_error(run_equity("duel", good + good + good + "5H 5C 6S 7S KD 2C 3S 8S 8D 5H\r\n"),
               "stdin line 4: duplicate card 5h");
  expect_error(run_equity("duel", "5H 5C 6S 7S KD 2C 3S 8S 8D 1D\n"), "stdin line 1: bad card \"1D\"");
  expect_error(run_equity("duel /nonexistent/poker.txt"), "cannot open /nonexistent/poker.txt");
  expect_error(run_equity("duel --bogus"), "");
}

// Issue 21, defects 5 and 6: /dev/zero, NUL bytes and huge lines give one short, clean line.
TEST(DuelCommand, HostileInputGivesOneShortCleanLine) {
  const auto zero = run_equity("duel /dev/zero");
  expect_error(zero, "/dev/zero line 1: longer than 4096 bytes: \"\\x00\\x00");
  const auto nul = run_equity("psychic", std::string("TH JH QC QD\0QS QH KH AH 2S 6S\n", 30));
  expect_error(nul, "stdin line 1: bad card \"\\x00Q\" in \"TH JH QC QD\\x00QS QH KH AH 2S 6S\": unknown rank '\\x00'");
  const auto huge = run_equity("duel", "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n" + std::string(1'000'000, 'Z') + "\n");
  expect_error(huge, "stdin line 2: longer than 4096 bytes");
  const auto bad_utf8 = run_equity("psychic", "TH JH QC QD Q\xe2\x99 QH KH AH 2S 6S\n");
  expect_error(bad_utf8, "stdin line 1: bad card \"Q\\xe2\" in");
  for (const auto& r : {zero, nul, huge, bad_utf8}) {
    EXPECT_TRUE(test::is_clean_line(r.err.substr(0, r.err.size() - 1))) << r.err;
    EXPECT_LT(r.err.size(), 300u) << r.err;
  }
}

TEST(DuelCommand, VerboseOutputIsStreamedSlow) {
  std::string input;
  for (int i = 0; i < 100'000; ++i) input += "5H 5C 6S 7S KD 2C 3S 8S 8D TD\nAS KD QC JH 9S AC KH QD JS 9C\n";
  const auto r = run_equity("duel --verbose", input);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(count_of(r.out, "\n"), 200'003u);
  EXPECT_NE(r.out.find("Player 1: 0\nPlayer 2: 100000\nTies: 100000\n"), std::string::npos);
  // About 30 MB of output: held in memory, it took more than 60 MB; streamed, a few.
  rusage usage{};
  ::getrusage(RUSAGE_CHILDREN, &usage);
  EXPECT_LT(usage.ru_maxrss, 30'000) << "kB";
  const auto json = run_equity("duel --verbose --json", "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n");
  EXPECT_EQ(json.out.rfind("{\"lines\": [\n  {\"where\":\"stdin line 1\"", 0), 0u)
      << json.out;  // lines first, streamed
  const auto parsed = nlohmann::json::parse(json.out);
  EXPECT_EQ(parsed["lines"][0]["winner"], 2);
  EXPECT_EQ(parsed["hands"], 1);
  EXPECT_EQ(parsed["player2"], 1);
}

TEST(PsychicCommand, SampleIsByteIdentical) {
  const auto r = run_equity("psychic " + data_path("uva131/psychic.in"));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, read_file(data_path("uva131/psychic.out")));
  const auto crlf = run_equity("psychic -", "TH JH QC QD QS QH KH AH 2S 6S\r\n");
  EXPECT_EQ(crlf.out, "Hand: TH JH QC QD QS Deck: QH KH AH 2S 6S Best hand: straight-flush\n");
}

TEST(PsychicCommand, Explain) {
  const auto r = run_equity("psychic --explain", "TH JH QC QD QS QH KH AH 2S 6S\nAS KS QS JS TS 2C 3D 4H 5S 6C\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "Hand: TH JH QC QD QS Deck: QH KH AH 2S 6S Best hand: straight-flush\n"
            "  discard QC QD QS, draw QH KH AH: TH JH QH KH AH, royal flush\n"
            "Hand: AS KS QS JS TS Deck: 2C 3D 4H 5S 6C Best hand: straight-flush\n"
            "  keep all five: AS KS QS JS TS, royal flush\n");
}

TEST(PsychicCommand, BadInput) {
  // Output is streamed: the lines before a bad one are printed.
  const auto second = run_equity("psychic", "TH JH QC QD QS QH KH AH 2S 6S\nTH JH QC QD QS QH KH AH 2S 6S 7S\n");
  EXPECT_EQ(second.exit_code, 2);
  EXPECT_EQ(second.out, "Hand: TH JH QC QD QS Deck: QH KH AH 2S 6S Best hand: straight-flush\n");
  EXPECT_EQ(second.err,
            "equity: stdin line 2: expected 10 cards (five in hand, then the top five of the deck), found 11\n");
  expect_error(run_equity("psychic", "TH JH QC QD QS QH KH AH 2S TH\n"), "stdin line 1: duplicate card Th");
  expect_error(run_equity("psychic /nonexistent.in"), "cannot open /nonexistent.in");
}

TEST(DrawCommand, SeededGameThroughStdin) {
  const auto r = run_equity("draw --seed 42 --suits letters", "7\nx\n\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("Five-card draw, seed 42"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Which cards do you discard? Positions 1-5"), std::string::npos);
  EXPECT_NE(r.out.find("> 7\nInvalid: position 7 is outside 1-5."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("> x\nInvalid: \"x\" is not a position"), std::string::npos) << r.out;
  const auto hand = expected_final(42, 0);
  EXPECT_NE(r.out.find("> \nYou keep all five.\nFinal hand: " + faces(hand) +
                       "\nResult: " + hand_name(evaluate(Hand(hand))) + "\n"),
            std::string::npos)
      << r.out;
  // Piped output is not a terminal: letters by default, symbols on request.
  const auto plain = run_equity("draw --seed 42", "\n");
  EXPECT_NE(plain.out.find("Final hand: " + faces(hand) + "\n"), std::string::npos) << plain.out;
  const auto sym = run_equity("draw --seed 42 --suits symbols", "\n");
  EXPECT_NE(sym.out.find("Final hand: " + card_face(hand[0], true)), std::string::npos) << sym.out;
}

TEST(DrawCommand, EmptyInputAndRounds) {
  const auto empty = run_equity("draw --seed 3", "");
  EXPECT_EQ(empty.exit_code, 0);
  EXPECT_NE(empty.out.find("End of input: the game ends."), std::string::npos) << empty.out;
  const auto rounds = run_equity("draw --seed 3 --rounds 3", "1\n2 3\n\n");
  EXPECT_EQ(rounds.exit_code, 0);
  EXPECT_NE(rounds.out.find("Tally after 3 hands:\n"), std::string::npos) << rounds.out;
  EXPECT_EQ(count_of(rounds.out, "Result: "), 3u);
}

TEST(DrawCommand, BadOptions) {
  expect_error(run_equity("draw --rounds 0"), "");
  expect_error(run_equity("draw --seed abc"), "");
  expect_error(run_equity("draw --suits emoji"), "");
}

TEST(Commands, HelpListsTheClassicCommands) {
  const auto r = run_equity("--help");
  for (const char* name : {"eval", "duel", "psychic", "draw"}) EXPECT_NE(r.out.find(name), std::string::npos) << name;
  for (const char* name : {"eval", "duel", "psychic", "draw"}) {
    const auto h = run_equity(std::string(name) + " --help");
    EXPECT_EQ(h.exit_code, 0);
    EXPECT_NE(h.out.find("Examples:"), std::string::npos) << name;
  }
}

}  // namespace
}  // namespace equity
