#include "equity/cards.hpp"

#include <gtest/gtest.h>

#include "clean_message.hpp"
#include "equity/error.hpp"
#include "equity/quote.hpp"

using namespace equity;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(Cards, ParsesEveryCaseAndTen) {
  EXPECT_EQ(parse_card("As"), Card(12, 0));
  EXPECT_EQ(parse_card("as"), Card(12, 0));
  EXPECT_EQ(parse_card("AS"), Card(12, 0));
  EXPECT_EQ(parse_card("aS"), Card(12, 0));
  EXPECT_EQ(parse_card("Td"), Card(8, 3));
  EXPECT_EQ(parse_card("10d"), Card(8, 3));
  EXPECT_EQ(parse_card("2c"), Card(0, 1));
  EXPECT_EQ(parse_card("Kh"), Card(11, 2));
  for (int id = 0; id < kCards; ++id) EXPECT_EQ(parse_card(Card(id).str()), Card(id));
}

TEST(Cards, ParsesRunsOfCards) {
  const std::vector<Card> want = {Card(12, 0), Card(12, 1)};
  EXPECT_EQ(parse_cards("AsAc"), want);
  EXPECT_EQ(parse_cards("As Ac"), want);
  EXPECT_EQ(parse_cards("as,ac"), want);
  EXPECT_EQ(parse_cards("  AS   AC "), want);
  EXPECT_EQ(parse_cards("3C 3D 3S 9S 9D").size(), 5u);
  EXPECT_EQ(to_string(parse_cards("3c3d3s9s9d"), " "), "3c 3d 3s 9s 9d");
  EXPECT_EQ(to_string(parse_cards("10d9d")), "Td9d");
  EXPECT_TRUE(parse_cards("").empty());
  const auto hole = parse_hole_cards("KhQh");
  EXPECT_EQ(hole[0], Card(11, 2));
  EXPECT_EQ(hole[1], Card(10, 2));
}

TEST(Cards, ErrorsNameTheTokenAndTheReason) {
  EXPECT_EQ(error_of([] { parse_cards("AsXc", "hand 1"); }),
            "hand 1: bad card \"Xc\" in \"AsXc\": unknown rank 'X' (expected one of 2-9, T, J, Q, K, A)");
  EXPECT_EQ(error_of([] { parse_cards("AsAx", "hand 2"); }),
            "hand 2: bad card \"Ax\" in \"AsAx\": unknown suit 'x' (expected s, c, h or d)");
  EXPECT_EQ(error_of([] { parse_cards("AsAs", "board"); }), "board: duplicate card As in \"AsAs\"");
  EXPECT_EQ(error_of([] { parse_cards("AsK", "hand 1"); }),
            "hand 1: bad card \"K\" in \"AsK\": missing suit (expected s, c, h or d)");
  EXPECT_EQ(error_of([] { parse_hole_cards("AsKsQs", "hand 1"); }),
            "hand 1: \"AsKsQs\" has 3 cards, expected 2 (for example AsKd)");
  EXPECT_EQ(error_of([] { parse_hole_cards("As", "hand 1"); }),
            "hand 1: \"As\" has 1 card, expected 2 (for example AsKd)");
  EXPECT_NE(error_of([] { parse_card("1s"); }), "(no error)");
  EXPECT_NE(error_of([] { parse_card("AsK"); }), "(no error)");
  EXPECT_NE(error_of([] { parse_card(""); }), "(no error)");
}

TEST(Cards, DeckOrderIsAcesFirstSuitsSpadesClubsHeartsDiamonds) {
  EXPECT_EQ(card_at_deck_index(0).str(), "As");
  EXPECT_EQ(card_at_deck_index(1).str(), "Ac");
  EXPECT_EQ(card_at_deck_index(2).str(), "Ah");
  EXPECT_EQ(card_at_deck_index(3).str(), "Ad");
  EXPECT_EQ(card_at_deck_index(4).str(), "Ks");
  EXPECT_EQ(card_at_deck_index(51).str(), "2d");
  for (int i = 0; i < kCards; ++i) EXPECT_EQ(card_at_deck_index(i).deck_index(), i);
}

TEST(Cards, CardSetBitsAreSixteenPerSuit) {
  CardSet set;
  for (Card c : parse_cards("AsKsQsJsTs2d")) set.insert(c);
  EXPECT_EQ(set.size(), 6);
  EXPECT_EQ(set.suit_ranks(0), 0x1f00u);
  EXPECT_EQ(set.suit_ranks(3), 0x1u);
  EXPECT_EQ(set.str(), "AsKsQsJsTs2d");
  EXPECT_TRUE(set.contains(parse_card("Qs")));
  EXPECT_FALSE(set.contains(parse_card("Qc")));
  EXPECT_EQ(CardSet::full().size(), 52);
  const auto counts = CardSet::full().rank_counts();
  for (int c : counts) EXPECT_EQ(c, 4);
  EXPECT_EQ((CardSet::full() - set).size(), 46);
}

namespace {

TEST(Cards, SuitSymbolsAsPlayersPasteThem) {
  EXPECT_EQ(parse_card("A♠"), parse_card("As"));  // black spade
  EXPECT_EQ(parse_card("K♣"), parse_card("Kc"));
  EXPECT_EQ(parse_card("Q♥"), parse_card("Qh"));
  EXPECT_EQ(parse_card("J♦"), parse_card("Jd"));
  EXPECT_EQ(parse_card("A♤"), parse_card("As"));  // white spade
  EXPECT_EQ(parse_card("K♧"), parse_card("Kc"));
  EXPECT_EQ(parse_card("Q♡"), parse_card("Qh"));
  EXPECT_EQ(parse_card("10♢"), parse_card("Td"));
  EXPECT_EQ(parse_card("A♠️"), parse_card("As"));  // with the emoji presentation selector
  EXPECT_EQ(parse_hole_cards("A♠K♠"), parse_hole_cards("AsKs"));
  EXPECT_EQ(parse_hole_cards("Q♥ Q♦"), parse_hole_cards("QhQd"));
  EXPECT_EQ(to_string(parse_cards("K♠ 7♥ 2♣")), "Ks7h2c");
}

TEST(Cards, OneTokenReaderForRanksAndSuits) {
  std::size_t pos = 0;
  EXPECT_EQ(read_rank("10d", pos), 8);
  EXPECT_EQ(pos, 2u);
  EXPECT_EQ(read_suit("10d", pos), 3);
  EXPECT_EQ(pos, 3u);
  EXPECT_EQ(read_rank("10d", pos), -1);  // at the end
  EXPECT_EQ(pos, 3u);
  pos = 0;
  EXPECT_EQ(read_rank("x", pos), -1);
  EXPECT_EQ(pos, 0u);
  pos = 1;
  EXPECT_EQ(read_suit("A♥", pos), 2);
  EXPECT_EQ(pos, 4u);
  pos = 1;
  EXPECT_EQ(read_suit("A\xe2\x99", pos), -1);  // a cut symbol
  EXPECT_EQ(pos, 1u);
  pos = 1;
  EXPECT_EQ(read_suit("A♨", pos), -1);  // hot springs, next to the suits
}

// Issue 21, defect 6, and issue 17: bad bytes are quoted with escapes on one line.
TEST(Cards, BadBytesAreQuotedWithEscapesOnOneLine) {
  const std::string nul = error_of([] { parse_cards(std::string("AS KD\0 QC", 9), "stdin line 1"); });
  EXPECT_EQ(nul,
            "stdin line 1: bad card \"\\x00\" in \"AS KD\\x00 QC\": unknown rank '\\x00' (expected one of 2-9, T, J, "
            "Q, K, A)");
  const std::string newline = error_of([] { parse_hole_cards("AA\nZZ", "hand 1"); });
  EXPECT_NE(newline.find("\"AA\\nZZ\""), std::string::npos) << newline;
  const std::string invalid = error_of([] { parse_card("A\xff"); });
  EXPECT_NE(invalid.find("unknown suit '\\xff'"), std::string::npos) << invalid;
  const std::string cut = error_of([] { parse_card("A\xe2\x99"); });
  EXPECT_NE(cut.find("'\\xe2'"), std::string::npos) << cut;
  const std::string symbol = error_of([] { parse_card("♠A"); });
  EXPECT_NE(symbol.find("unknown rank '♠'"), std::string::npos) << symbol;
  for (const auto& message : {nul, newline, invalid, cut, symbol}) EXPECT_TRUE(test::is_clean_line(message)) << message;
}

TEST(Quote, EscapesAndCuts) {
  EXPECT_EQ(quote_input("AsKs"), "\"AsKs\"");
  EXPECT_EQ(quote_input(std::string("a\0b\n\r\t\"\\\x7f\x01", 10)), "\"a\\x00b\\n\\r\\t\\\"\\\\\\x7f\\x01\"");
  EXPECT_EQ(quote_input("Q♥\xc3\x28"), "\"Q♥\\xc3(\"");           // a bad sequence, byte by byte
  EXPECT_EQ(quote_input("\xed\xa0\x80"), "\"\\xed\\xa0\\x80\"");  // a surrogate is not UTF-8
  EXPECT_EQ(quote_input("\xc0\xaf"), "\"\\xc0\\xaf\"");           // nor an overlong form
  const std::string big(100'000'000, 'A');
  const std::string quoted = quote_input(big);
  EXPECT_EQ(quoted, "\"" + std::string(kQuoteBytes, 'A') + "\"... (100000000 bytes)");
  EXPECT_EQ(quote_char_at("x'y", 1), "'\\''");
  EXPECT_EQ(quote_char_at("x", 5), "''");
}

}  // namespace
