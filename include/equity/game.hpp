#pragma once
// The games: everything the generic layers (the question and its checks, the dealer, Monte Carlo,
// the board walk, the answer and its JSON) need to know of a game, as data.
//
// A game is its deck, how many hole cards a player holds, how many board cards come, how a hand
// is made of them (any five of the seven, or exactly two hole cards and three board cards), how
// hands are ranked (a high ranking, and for split-pot games a low one), and its names. The
// counting methods ask game_rules() and never test which game it is; the hot loops are templates
// on the game's ranking (ranking.hpp), chosen once per question by with_ranking().
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"

namespace equity {

enum class Game : std::uint8_t {
  holdem,               // Texas Hold'em
  shortdeck,            // short deck (6+) Hold'em: trips beat a straight
  shortdeck_straights,  // short deck with the other rule: a straight beats trips
  omaha,                // Pot-limit Omaha: four hole cards, exactly two of them and three of the board
  omaha5,               // five-card Omaha
  omaha6,               // six-card Omaha
  omaha_hilo,           // Omaha Hi/Lo, 8 or better: half the pot to the best high, half to the best low
  omaha5_hilo,          // five-card Omaha Hi/Lo
  omaha6_hilo,          // six-card Omaha Hi/Lo
  stud,                 // seven-card stud: no board, each player's best five of their own seven
  stud_hilo,            // seven-card stud Hi/Lo, 8 or better
  razz,                 // seven-card stud for the best A-5 low
  draw,                 // five-card draw, high: five cards each, one draw
  deuce7_single,        // 2-7 single draw: the lowest hand wins, aces high, straights and flushes count against
  deuce7_triple,        // 2-7 triple draw
  a5_triple,            // A-5 triple draw: the lowest hand wins, aces low, straights and flushes do not count
  badugi,               // badugi: four cards, triple draw, the best hand of distinct ranks and suits
  badeucy,              // badeucy: five cards, triple draw, half to the best badugi, half to the best 2-7
  badacey,              // badacey: five cards, triple draw, half to the best badugi, half to the best A-5
};
inline constexpr int kGames = 19;

// How a player's hand is made of hole and board cards.
enum class HandMaking : std::uint8_t {
  any_five,        // the best five of hole and board cards together (Hold'em)
  two_plus_three,  // exactly two hole cards and three board cards (Omaha)
  own_cards,       // the best five of the player's own cards; no board (stud, the draw games)
};

// How the pot (or its first half, in a split-pot game) is ranked.
enum class PotRanking : std::uint8_t {
  high,                // the best poker hand
  ace_to_five_low,     // the lowest hand, aces low, straights and flushes not counted (razz)
  deuce_to_seven_low,  // the lowest hand, aces high, straights and flushes counted (2-7 lowball)
  badugi,              // the most cards of distinct ranks and suits, then the lowest (aces low)
};

// How a player's hand is written (docs/ranges.md, docs/ranges-omaha.md, docs/stud.md).
enum class RangeGrammar : std::uint8_t {
  cards,     // a hand is its cards (stud): no ranges
  classes,   // two hole cards: classes (AKs, QQ+), percentages, a grid of the classes (docs/ranges.md)
  patterns,  // hands of 4 to 6 cards: patterns (AA**, $ds), counted by testing each hand (docs/ranges-omaha.md)
};

struct GameRules {
  Game game = Game::holdem;
  std::string_view name;   // as typed and in JSON: "holdem", "shortdeck"
  std::string_view title;  // "Texas Hold'em"
  // One line of rules for help and docs: "36 cards, 6 to A; A-6-7-8-9 is a straight; ...".
  std::string_view summary;
  CardSet deck;         // the cards in play
  int lowest_rank = 0;  // rank of the deck's lowest card: 0 ('2') or 4 ('6')
  int hole_cards = 2;   // cards each player holds
  int board_cards = 5;  // community cards at the river
  HandMaking making = HandMaking::any_five;
  bool low = false;  // a split pot with an 8-or-better low (the Omaha Hi/Lo games)
  // Starting-hand classes up to suits: 169 for Hold'em, 81 for short deck, 16,432 for Omaha.
  int hand_classes = 0;
  bool preflop_table = false;  // heads-up preflop questions answer from the preflop table (preflop_table.hpp)
  // Where the game's preflop table lives under the results directory: "" for Hold'em (the results
  // directory itself, as always), "shortdeck" for results/shortdeck/.
  std::string_view table_subdir;
  // The other names parse_game() takes, as players write them, separated by ", ": "nlhe, nlh, ...".
  // parse_game() ignores case, spaces, '-', '_', '/', '.' and apostrophes in names and aliases alike.
  std::string_view aliases;
  // Two players' hands to start from, as the page offers them: "AsAc KhQh".
  std::string_view example;
  // Each card a player is dealt, in order: 'd' face down, 'U' face up ("ddUUUUd" in stud); empty
  // when every hole card is face down (the board games).
  std::string_view deal_order;
  PotRanking ranking = PotRanking::high;  // the whole pot's, or the high half's with `low`
  // How a player's hand is written: its cards only, or a range in the game's grammar.
  RangeGrammar range_grammar = RangeGrammar::classes;
  // What the game's questions can ask beyond equity: per-combo equity and the distribution (of a
  // range's combos; in the stud games, of the ways a player's down cards not known can be), what a
  // range hits on a board.
  bool per_combo = true;
  bool hits = true;
  // How a player's hand is written, in one line for help texts and the page.
  std::string_view hand_syntax;
  // Three-way preflop questions answer from the three-way table (three_way_table.hpp).
  bool three_way_table = false;
  // The draw games: the most draws still to come a question can ask (1 in the single-draw games,
  // 3 in the triple draws); 0 for the games without draws.
  int draws = 0;
  // A split pot without a qualifier (badeucy, badacey): half to the best hand by `ranking`, half to
  // the best by `split_ranking`; `split` false otherwise (the Hi/Lo games' low is `low`).
  bool split = false;
  PotRanking split_ranking = PotRanking::high;
  // The names of the pot's halves in a split-pot game, "first|second": "High|Low", "Badugi|2-7".
  std::string_view half_names = "High|Low";
  // Its hands have an ordering by high equity (`equity order`, omaha_order.hpp): the high-only Omaha games.
  bool orderings = false;

  // Whether hands are written as ranges (classes, percentages, patterns, "random" for any hand):
  // otherwise cards only.
  constexpr bool ranges() const { return range_grammar != RangeGrammar::cards; }
  constexpr int deck_size() const { return deck.size(); }
  constexpr bool in_deck(Card c) const { return deck.contains(c); }
  // Whether the pot is split in two halves (the Hi/Lo games' high and low, badeucy's and badacey's).
  constexpr bool two_halves() const { return low || split; }
  // A half's name from half_names: 0 the first ("High"), 1 the second ("Low").
  constexpr std::string_view half_name(int half) const {
    const std::size_t bar = half_names.find('|');
    return half == 0 ? half_names.substr(0, bar) : half_names.substr(bar + 1);
  }
};

// The deck of every card of rank `lowest` and above.
constexpr CardSet deck_from_rank(int lowest) {
  std::uint64_t bits = 0;
  for (int s = 0; s < kSuits; ++s) bits |= (std::uint64_t{0x1fff} >> lowest << lowest) << (16 * s);
  return CardSet(bits);
}

inline constexpr std::string_view kStudHandSyntax =
    "the cards in the order dealt (AsKsQd: two down, one up), or down cards in parentheses ((AsKs)Qd), ? for a "
    "down card not known ((?\?)Qd), random for a whole hand";

inline constexpr std::string_view kDrawHandSyntax =
    "the cards kept and how many are drawn (Kd8s4h3c/1, 9h7d5c/2), or a pat hand (8h6d4s3c2d); the later draws' "
    "numbers after more slashes (9h7d5c/2/1/0)";

inline constexpr std::string_view kHoldemHandSyntax =
    "cards (AsAc), classes (AKs, QQ+, A2s-A5s), percentages (15%), random";
inline constexpr std::string_view kOmahaHandSyntax =
    "cards (AsAhKsQh), fewer cards for every hand holding them (AsAc), patterns (AA**), random";

inline constexpr std::array<GameRules, kGames> kGameRules = {{
    {Game::holdem,
     "holdem",
     "Texas Hold'em",
     "52 cards; two hole cards each and five board cards; the best five of the seven",
     CardSet::full(),
     0,
     2,
     5,
     HandMaking::any_five,
     false,
     169,
     true,
     "",
     "nlhe, nlh, lhe, texas hold'em",
     "AsAc KhQh",
     "",
     PotRanking::high,
     RangeGrammar::classes,
     true,
     true,
     kHoldemHandSyntax,
     true},
    {Game::shortdeck,
     "shortdeck",
     "Short deck (6+) Hold'em",
     "36 cards, 6 to A; A-6-7-8-9 is the lowest straight; a flush beats a full house; three of a kind "
     "beats a straight",
     deck_from_rank(4),
     4,
     2,
     5,
     HandMaking::any_five,
     false,
     81,
     true,
     "shortdeck",
     "6+, 6-plus, six-plus, short deck, sd, 6+ hold'em, short deck hold'em",
     "AsAc KhQh",
     "",
     PotRanking::high,
     RangeGrammar::classes,
     true,
     true,
     kHoldemHandSyntax,
     false},
    {Game::shortdeck_straights,
     "shortdeck-straights",
     "Short deck (6+) Hold'em, straights over trips",
     "as shortdeck, but a straight beats three of a kind",
     deck_from_rank(4),
     4,
     2,
     5,
     HandMaking::any_five,
     false,
     81,
     true,
     "shortdeck-straights",
     "6+ straights, sd-straights, short deck straights",
     "AsAc KhQh",
     "",
     PotRanking::high,
     RangeGrammar::classes,
     true,
     true,
     kHoldemHandSyntax,
     false},
    {Game::omaha,
     "omaha",
     "Omaha (PLO)",
     "52 cards; four hole cards each and five board cards; a hand is exactly two hole cards and three board "
     "cards",
     CardSet::full(),
     0,
     4,
     5,
     HandMaking::two_plus_three,
     false,
     16432,
     false,
     "",
     "plo, plo4, omaha4, 4-card omaha, pot-limit omaha, omaha hi",
     "AsAhKsQh JdTd9c8c",
     "",
     PotRanking::high,
     RangeGrammar::patterns,
     true,
     true,
     kOmahaHandSyntax,
     false,
     0,
     false,
     PotRanking::high,
     "High|Low",
     true},
    {Game::omaha5,
     "omaha5",
     "Five-card Omaha (PLO5)",
     "as omaha, with five hole cards each",
     CardSet::full(),
     0,
     5,
     5,
     HandMaking::two_plus_three,
     false,
     134459,
     false,
     "",
     "plo5, 5-card omaha, 5-card plo",
     "AsAhKsQhJd Td9c8c7h6h",
     "",
     PotRanking::high,
     RangeGrammar::patterns,
     true,
     true,
     kOmahaHandSyntax,
     false,
     0,
     false,
     PotRanking::high,
     "High|Low",
     true},
    {Game::omaha6,
     "omaha6",
     "Six-card Omaha (PLO6)",
     "as omaha, with six hole cards each",
     CardSet::full(),
     0,
     6,
     5,
     HandMaking::two_plus_three,
     false,
     962988,
     false,
     "",
     "plo6, 6-card omaha, 6-card plo",
     "AsAhKsQhJdTd 9c8c7h6h5s4s",
     "",
     PotRanking::high,
     RangeGrammar::patterns,
     true,
     true,
     kOmahaHandSyntax,
     false,
     0,
     false,
     PotRanking::high,
     "High|Low",
     true},
    {Game::omaha_hilo,
     "omaha-hilo",
     "Omaha Hi/Lo (8 or better)",
     "as omaha; half the pot to the best high, half to the best A-5 low of five ranks 8 or below (two hole and "
     "three board cards again); no low: the high takes it all",
     CardSet::full(),
     0,
     4,
     5,
     HandMaking::two_plus_three,
     true,
     16432,
     false,
     "",
     "plo8, o8, omaha8, omaha hi/lo, plo hi/lo, omaha 8 or better",
     "As2sKhQh 7c7d8h3h",
     "",
     PotRanking::high,
     RangeGrammar::patterns,
     true,
     true,
     kOmahaHandSyntax,
     false},
    {Game::omaha5_hilo,
     "omaha5-hilo",
     "Five-card Omaha Hi/Lo (8 or better)",
     "as omaha-hilo, with five hole cards each",
     CardSet::full(),
     0,
     5,
     5,
     HandMaking::two_plus_three,
     true,
     134459,
     false,
     "",
     "plo5-8, o5-8, plo5 hi/lo, 5-card omaha hi/lo, big o",
     "As2sKhQhJd 7c7d8h3h4c",
     "",
     PotRanking::high,
     RangeGrammar::patterns,
     true,
     true,
     kOmahaHandSyntax,
     false},
    {Game::omaha6_hilo,
     "omaha6-hilo",
     "Six-card Omaha Hi/Lo (8 or better)",
     "as omaha-hilo, with six hole cards each",
     CardSet::full(),
     0,
     6,
     5,
     HandMaking::two_plus_three,
     true,
     962988,
     false,
     "",
     "plo6-8, o6-8, plo6 hi/lo, 6-card omaha hi/lo",
     "As2sKhQhJdTd 7c7d8h3h4c5c",
     "",
     PotRanking::high,
     RangeGrammar::patterns,
     true,
     true,
     kOmahaHandSyntax,
     false},
    {Game::stud,
     "stud",
     "Seven-card stud",
     "52 cards; no board: seven cards each, two down, four up, the last down; the best five of a player's own "
     "seven",
     CardSet::full(),
     0,
     7,
     0,
     HandMaking::own_cards,
     false,
     0,
     false,
     "",
     "7-card stud, seven card stud, 7cs, stud hi",
     "(AsKs)Qd (7c7d)8h",
     "ddUUUUd",
     PotRanking::high,
     RangeGrammar::cards,
     true,
     false,
     kStudHandSyntax,
     false},
    {Game::stud_hilo,
     "stud-hilo",
     "Seven-card stud Hi/Lo (8 or better)",
     "as stud; half the pot to the best high, half to the best A-5 low of five ranks 8 or below; no low: the high "
     "takes it all",
     CardSet::full(),
     0,
     7,
     0,
     HandMaking::own_cards,
     true,
     0,
     false,
     "",
     "stud8, stud/8, stud hi/lo, stud 8 or better, seven card stud hi/lo",
     "(As2s)3d (KcKd)8h",
     "ddUUUUd",
     PotRanking::high,
     RangeGrammar::cards,
     true,
     false,
     kStudHandSyntax,
     false},
    {Game::razz,
     "razz",
     "Razz (seven-card stud, A-5 low)",
     "as stud; the lowest hand wins: aces low, straights and flushes do not count, pairs do (A-2-3-4-5 is the "
     "best)",
     CardSet::full(),
     0,
     7,
     0,
     HandMaking::own_cards,
     false,
     0,
     false,
     "",
     "stud low, seven card razz",
     "(As2s)3d (Kc7d)8h",
     "ddUUUUd",
     PotRanking::ace_to_five_low,
     RangeGrammar::cards,
     true,
     false,
     kStudHandSyntax,
     false},
    {Game::draw,
     "draw",
     "Five-card draw",
     "52 cards; five cards each, one draw; the best high hand",
     CardSet::full(),
     0,
     5,
     0,
     HandMaking::own_cards,
     false,
     0,
     false,
     "",
     "5-card draw, five card draw, 5cd",
     "AsAhKd/2 QsJsTs9s/1",
     "",
     PotRanking::high,
     RangeGrammar::cards,
     false,
     false,
     kDrawHandSyntax,
     false,
     1},
    {Game::deuce7_single,
     "27-single",
     "2-7 single draw",
     "52 cards; five cards each, one draw; the lowest hand wins: aces high, straights and flushes count against "
     "(7-5-4-3-2 is the best)",
     CardSet::full(),
     0,
     5,
     0,
     HandMaking::own_cards,
     false,
     0,
     false,
     "",
     "2-7 single draw, 27 single draw, deuce to seven, 2-7 nl, kansas city lowball",
     "8h6d4s3c/1 9s7c5h2d/1",
     "",
     PotRanking::deuce_to_seven_low,
     RangeGrammar::cards,
     false,
     false,
     kDrawHandSyntax,
     false,
     1},
    {Game::deuce7_triple,
     "27-triple",
     "2-7 triple draw",
     "52 cards; five cards each, three draws; the lowest hand wins: aces high, straights and flushes count "
     "against (7-5-4-3-2 is the best)",
     CardSet::full(),
     0,
     5,
     0,
     HandMaking::own_cards,
     false,
     0,
     false,
     "",
     "2-7 triple draw, 27 triple draw, 27td, 2-7 td, deuce to seven triple draw",
     "8h6d4s3c/1 9s7c5h/2",
     "",
     PotRanking::deuce_to_seven_low,
     RangeGrammar::cards,
     false,
     false,
     kDrawHandSyntax,
     false,
     3},
    {Game::a5_triple,
     "a5-triple",
     "A-5 triple draw",
     "52 cards; five cards each, three draws; the lowest hand wins: aces low, straights and flushes do not count, "
     "pairs do (5-4-3-2-A is the best)",
     CardSet::full(),
     0,
     5,
     0,
     HandMaking::own_cards,
     false,
     0,
     false,
     "",
     "a-5 triple draw, a5 triple draw, a5td, ace to five triple draw",
     "5h4d3s2c/1 7s6c4h/2",
     "",
     PotRanking::ace_to_five_low,
     RangeGrammar::cards,
     false,
     false,
     kDrawHandSyntax,
     false,
     3},
    {Game::badugi,
     "badugi",
     "Badugi",
     "52 cards; four cards each, three draws; the most cards of distinct ranks and distinct suits win, then the "
     "lowest (aces low; 4-3-2-A of four suits is the best)",
     CardSet::full(),
     0,
     4,
     0,
     HandMaking::own_cards,
     false,
     0,
     false,
     "",
     "badugi triple draw",
     "4h3d2s/1 7s5c3h/1",
     "",
     PotRanking::badugi,
     RangeGrammar::cards,
     false,
     false,
     kDrawHandSyntax,
     false,
     3},
    {Game::badeucy,
     "badeucy",
     "Badeucy",
     "52 cards; five cards each, three draws; half the pot to the best badugi of the five, half to the best 2-7 "
     "low of the five",
     CardSet::full(),
     0,
     5,
     0,
     HandMaking::own_cards,
     false,
     0,
     false,
     "",
     "badeucey, badugi 2-7, badugi deuce",
     "7h5d4s2c/1 8s6c3h/2",
     "",
     PotRanking::badugi,
     RangeGrammar::cards,
     false,
     false,
     kDrawHandSyntax,
     false,
     3,
     true,
     PotRanking::deuce_to_seven_low,
     "Badugi|2-7"},
    {Game::badacey,
     "badacey",
     "Badacey",
     "52 cards; five cards each, three draws; half the pot to the best badugi of the five, half to the best A-5 "
     "low of the five",
     CardSet::full(),
     0,
     5,
     0,
     HandMaking::own_cards,
     false,
     0,
     false,
     "",
     "badugi a-5, badugi ace to five",
     "5h4d3s2c/1 7s6c3h/2",
     "",
     PotRanking::badugi,
     RangeGrammar::cards,
     false,
     false,
     kDrawHandSyntax,
     false,
     3,
     true,
     PotRanking::ace_to_five_low,
     "Badugi|A-5"},
}};
// The game a question is of when it names none; its answers and JSON say no game, as they always did.
inline constexpr Game kDefaultGame = Game::holdem;

// The rules of a game.
constexpr const GameRules& game_rules(Game game) { return kGameRules[static_cast<std::size_t>(game)]; }
// The cards a game leaves out of the 52 (none for Hold'em).
constexpr CardSet out_of_deck(Game game) { return CardSet::full() - game_rules(game).deck; }
// Every game, in the order help and menus list them.
std::span<const Game> games();
std::string_view game_name(Game game);
// "holdem", "shortdeck", ... or an alias ("plo", "6+", "PLO8"; GameRules::aliases), in any case:
// throws InputError naming the text and listing the games.
Game parse_game(std::string_view name);
// A game's aliases, one by one: {"plo", "plo4", ...}.
std::vector<std::string_view> game_aliases(Game game);
// "holdem: nlhe, nlh, ...; shortdeck: 6+, ...": every game's aliases, for help texts.
std::string game_alias_names();
// "holdem, shortdeck, shortdeck-straights, omaha, ...": for help texts and messages.
std::string game_names();
// "holdem (Texas Hold'em, the default), shortdeck (Short deck (6+) Hold'em), ...": for help texts.
std::string game_list();
// Whether a hand is exactly two hole cards and three board cards (the Omaha games).
constexpr bool omaha_like(Game game) { return game_rules(game).making == HandMaking::two_plus_three; }
// Whether a game has a board (every game but the stud family).
constexpr bool has_board(Game game) { return game_rules(game).board_cards > 0; }
// For the commands and calls built on two hole cards and a board (ranges of classes, preflop
// tables, the evaluator of 5 to 7 cards): throws InputError for any other game, naming `what`
// ("equity range") and saying where that game is answered.
// A game without ranges (the stud family) is refused first, by require_ranges()' words.
void require_two_hole_cards(Game game, std::string_view what);
// For the commands built on ranges and hand classes (`equity range`, `equity grid`): throws
// InputError for a game whose hands are only cards (GameRules::ranges false), naming `what` and
// showing how that game's question is asked.
void require_ranges(Game game, std::string_view what);

}  // namespace equity
