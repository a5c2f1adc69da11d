// The short-deck preflop tables (results/shortdeck/, results/shortdeck-straights/): the 81 classes,
// building with resume, the committed files against fresh enumeration, and the planner answering
// from them exactly as enumeration does, under both rule sets.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "cards/hand_order_builder.hpp"
#include "equity/calculate.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"
#include "equity/hand_class.hpp"
#include "equity/hand_order.hpp"
#include "equity/preflop_table.hpp"
#include "equity/range.hpp"
#include "equity/range_equity.hpp"
#include "equity/result_file.hpp"
#include "equity/table_equity.hpp"
#include "equity/table_location.hpp"
#include "equity/table_render.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

constexpr std::array<Game, 2> kShortDeckGames = {Game::shortdeck, Game::shortdeck_straights};

fs::path table_dir(Game game) { return fs::path("results") / game_rules(game).table_subdir; }

HoleCards hand(const char* text) { return parse_hole_cards(text); }

// Every file of a directory tree (lock files aside) with its text, for byte comparisons.
std::map<std::string, std::string> tree_text(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(root))
    if (entry.is_regular_file() && entry.path().filename() != ".lock")
      out[fs::relative(entry.path(), root).string()] = test::read_file(entry.path().string());
  return out;
}

TEST(ShortDeckClasses, EightyOneClassesOfSixToAceInTableOrder) {
  const auto classes = classes_of(Game::shortdeck);
  ASSERT_EQ(classes.size(), 81u);
  EXPECT_EQ(classes_of(Game::shortdeck_straights).size(), 81u);
  std::vector<std::string> names;
  std::uint64_t combos = 0;
  for (int i : classes) {
    const HandClass& c = hand_classes()[static_cast<std::size_t>(i)];
    EXPECT_GE(c.low, 4) << c.name();
    names.push_back(c.name());
    combos += static_cast<std::uint64_t>(c.combos());
  }
  EXPECT_EQ(combos, 630u);  // choose(36, 2)
  EXPECT_EQ(names[0], "AA");
  EXPECT_EQ(names[1], "AKs");
  EXPECT_EQ(names[2], "AKo");
  EXPECT_EQ(names[16], "A6o");
  EXPECT_EQ(names[17], "KK");
  EXPECT_EQ(names.back(), "66");
  EXPECT_TRUE(std::is_sorted(classes.begin(), classes.end()));
  const auto all = classes_of(Game::holdem);
  ASSERT_EQ(all.size(), 169u);
  for (int i = 0; i < 169; ++i) EXPECT_EQ(all[static_cast<std::size_t>(i)], i);
}

TEST(ShortDeckFiles, OpponentsAreThe561HandsOfTheDeckInFileOrder) {
  for (const char* h : {"AsAc", "6d6h", "Ts9s", "KhJd"}) {
    const HoleCards hero = hand(h);
    const auto opponents = opponent_hands(hero, Game::shortdeck);
    ASSERT_EQ(opponents.size(), 561u);
    EXPECT_EQ(opponent_hand_count(Game::shortdeck), 561);
    EXPECT_EQ(preflop_boards(Game::shortdeck), 201'376u);
    std::set<std::pair<int, int>> seen;
    for (std::size_t i = 0; i < opponents.size(); ++i) {
      const auto& o = opponents[i];
      EXPECT_TRUE(game_rules(Game::shortdeck).in_deck(o[0]) && game_rules(Game::shortdeck).in_deck(o[1]));
      EXPECT_TRUE(seen.insert({o[0].id(), o[1].id()}).second);
      ASSERT_EQ(opponent_position(hero, o, Game::shortdeck), i) << h << " " << hand_name(o);
    }
  }
}

TEST(ShortDeckTable, CommittedFilesAndAggregatesAgree) {
  for (const Game game : kShortDeckGames) {
    SCOPED_TRACE(std::string(game_name(game)));
    const fs::path dir = table_dir(game);
    const auto from_files = PreflopTable::from_hand_files(dir / "hands", game);
    const auto loaded = PreflopTable::load(dir, game);
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(from_files.wins() == loaded->wins());
    EXPECT_TRUE(from_files.ties() == loaded->ties());
    EXPECT_TRUE(from_files.losses() == loaded->losses());
    EXPECT_TRUE(from_files.combos() == loaded->combos());
    EXPECT_EQ(matrix_csv(from_files), test::read_file((dir / "preflop-81x81.csv").string()));
    EXPECT_EQ(vs_random_csv(from_files), test::read_file((dir / "vs-random.csv").string()));
    EXPECT_EQ(grid_text(from_files), test::read_file((dir / "grid.txt").string()));
    EXPECT_EQ(grid_svg(from_files), test::read_file((dir / "grid.svg").string()));
    EXPECT_EQ(test::read_csv((dir / "preflop-81x81.csv").string()).size(), 6561u);
    EXPECT_EQ(test::read_csv((dir / "vs-random.csv").string()).size(), 81u);
    // Every class against a random hand: its combos against the 561 others, 201,376 boards each.
    for (int i : classes_of(game)) {
      const auto c = from_files.versus_random(i);
      EXPECT_EQ(c.boards(), c.combos * 201'376u);
      EXPECT_EQ(c.combos, static_cast<std::uint64_t>(hand_classes()[static_cast<std::size_t>(i)].combos()) * 561u);
    }
    // Hold'em's loader does not take a short-deck matrix, nor the other way round.
    EXPECT_FALSE(PreflopTable::load(dir, Game::holdem));
  }
}

TEST(ShortDeckTable, TheTwoRuleSetsDiffer) {
  // Trips against a straight decides some boards differently, so the tables are not one.
  const auto trips = PreflopTable::hand_files(table_dir(Game::shortdeck), Game::shortdeck);
  const auto straights = PreflopTable::hand_files(table_dir(Game::shortdeck_straights), Game::shortdeck_straights);
  EXPECT_NE(trips.hands(hand("AsAc"), hand("KhQh")), straights.hands(hand("AsAc"), hand("KhQh")));
  EXPECT_EQ(trips.hands(hand("AsAc"), hand("KhQh")), (MatchupCounts{1, 149'931, 1'031, 50'414}));
  EXPECT_EQ(straights.hands(hand("AsAc"), hand("KhQh")), (MatchupCounts{1, 143'900, 1'732, 55'744}));
}

TEST(ShortDeckTable, RandomLinesMatchFreshEnumeration) {
  std::mt19937 rng(25);
  for (const Game game : kShortDeckGames) {
    SCOPED_TRACE(std::string(game_name(game)));
    const auto classes = classes_of(game);
    for (int k = 0; k < 60; ++k) {
      const int c = classes[rng() % classes.size()];
      const HoleCards hero = hand_classes()[static_cast<std::size_t>(c)].representative();
      const auto contents = read_result_file(table_dir(game) / "hands" / result_file_name(hero), hero, game);
      ASSERT_TRUE(contents.complete());
      ASSERT_EQ(contents.lines.size(), 561u);
      const auto& line = contents.lines[rng() % contents.lines.size()];
      const auto e = enumerate(Deal{{hero, line.opponent}, {}, {}, game});
      EXPECT_EQ(result_line(line.opponent, e), line) << hand_name(hero) << " " << hand_name(line.opponent);
      EXPECT_EQ(e.boards, 201'376u);
    }
  }
}

// The planner answers heads-up preflop short-deck questions from the table, with exactly the
// integers enumeration gives.
TEST(ShortDeckTable, PlannerAnswersFromTheTableAsEnumerationDoes) {
  const std::vector<std::pair<std::string, std::string>> questions = {
      {"AsAc", "KhQh"},     {"Ah9h", "random"},    {"random", "7d6d"},
      {"QQ", "AKs"},        {"TT+,AK", "A9s+,KQ"}, {"AA:0.5,KK", "QQ,JJ:0.25"},
      {"random", "random"}, {"9h8h", "AK"},        {"JTs", "66"},
      {"A6o", "KcQd"}};
  for (const Game game : kShortDeckGames)
    for (const auto& [hero, villain] : questions) {
      SCOPED_TRACE(std::string(game_name(game)) + ": " + hero + " vs " + villain);
      Question q;
      q.game = game;
      q.players = {hero, villain};
      const Answer from_table = calculate(q);
      EXPECT_EQ(from_table.method, Method::table);
      EXPECT_EQ(fs::path(from_table.table_dir).filename(), game_rules(game).table_subdir);
      q.use_table = false;
      const Answer enumerated = calculate(q);
      EXPECT_EQ(enumerated.method, Method::exact);
      EXPECT_EQ(from_table.boards, 201'376u);
      EXPECT_EQ(from_table.boards, enumerated.boards);
      EXPECT_EQ(from_table.assignments, enumerated.assignments);
      ASSERT_EQ(from_table.players.size(), 2u);
      for (std::size_t p = 0; p < 2; ++p) {
        EXPECT_EQ(from_table.players[p].combos, enumerated.players[p].combos);
        EXPECT_EQ(from_table.players[p].wins, enumerated.players[p].wins);
        EXPECT_EQ(from_table.players[p].ties, enumerated.players[p].ties);
        EXPECT_EQ(from_table.players[p].losses, enumerated.players[p].losses);
        EXPECT_NEAR(from_table.players[p].equity, enumerated.players[p].equity, 1e-12);
      }
    }
}

TEST(ShortDeckTable, PerComboFromTheTableMatchesEnumeration) {
  for (const Game game : kShortDeckGames) {
    SCOPED_TRACE(std::string(game_name(game)));
    Question q;
    q.game = game;
    q.players = {"QQ,A9s", "AK,76s"};
    q.per_combo = true;
    const Answer from_table = calculate(q);
    EXPECT_EQ(from_table.per_combo_method, Method::table);
    q.use_table = false;
    const Answer enumerated = calculate(q);
    EXPECT_EQ(enumerated.per_combo_method, Method::exact);
    for (std::size_t p = 0; p < 2; ++p) {
      const auto& a = from_table.players[p].per_combo;
      const auto& b = enumerated.players[p].per_combo;
      ASSERT_EQ(a.size(), b.size());
      for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].combo, b[i].combo);
        EXPECT_EQ(a[i].wins, b[i].wins);
        EXPECT_EQ(a[i].ties, b[i].ties);
        EXPECT_EQ(a[i].losses, b[i].losses);
      }
    }
  }
}

TEST(ShortDeckTable, FoundUnderTheResultsDirectoryOrNamedDirectly) {
  EXPECT_EQ(find_table("results", Game::shortdeck), fs::path("results") / "shortdeck");
  EXPECT_EQ(find_table("results/shortdeck-straights", Game::shortdeck_straights),
            fs::path("results/shortdeck-straights"));
  EXPECT_EQ(find_table("results", Game::holdem), fs::path("results"));
  TempDir empty;
  EXPECT_FALSE(find_table(empty.path(), Game::shortdeck));  // no table there: enumerate
  Question q;
  q.game = Game::shortdeck;
  q.players = {"AsAc", "KhQh"};
  q.table_dir = empty.str();
  EXPECT_EQ(calculate(q).method, Method::exact);
  q.method = Method::table;
  EXPECT_THROW(calculate(q), InputError);
}

TEST(ShortDeckTable, LookupsRejectCardsOutsideTheDeck) {
  const auto table = PreflopTable::hand_files(table_dir(Game::shortdeck), Game::shortdeck);
  EXPECT_THROW((void)table.hands(hand("AsAc"), hand("2h2d")), InputError);
  EXPECT_THROW((void)table.hands(hand("5s5c"), hand("KhKd")), InputError);
  EXPECT_THROW((void)PreflopTable::class_rows(table_dir(Game::shortdeck), {class_index(parse_hand_class("72o"))},
                                              Game::shortdeck),
               InputError);
}

TEST(ShortDeckTable, GridProgramShowsTheNineByNineGrid) {
  const auto run = test::run_equity("grid --game shortdeck --json");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["game"], "shortdeck");
  EXPECT_EQ(j["method"], "table");
  ASSERT_EQ(j["cells"].size(), 81u);
  const auto table = PreflopTable::load(table_dir(Game::shortdeck), Game::shortdeck);
  ASSERT_TRUE(table);
  for (const auto& cell : j["cells"]) {
    EXPECT_LT(cell["row"].get<int>(), 9);
    EXPECT_LT(cell["column"].get<int>(), 9);
    const auto counts = table->versus_random(class_index(parse_hand_class(cell["class"].get<std::string>())));
    EXPECT_EQ(cell["wins"].get<std::uint64_t>(), counts.wins) << cell["class"];
    EXPECT_EQ(cell["ties"].get<std::uint64_t>(), counts.ties) << cell["class"];
  }
  const auto text = test::run_equity("grid --game shortdeck-straights --no-color --compact");
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("     A    K    Q    J    T    9    8    7    6\n"), std::string::npos) << text.out;
}

// ---- Building ----------------------------------------------------------------------------------

TEST(ShortDeckBuild, FromNothingTheProgramWritesTheCommittedTables) {
  TempDir out;
  for (const Game game : kShortDeckGames) {
    SCOPED_TRACE(std::string(game_name(game)));
    const auto run = test::run_equity("table --game " + std::string(game_name(game)) + " -q --out " + out.str());
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("81 of 81 class files"), std::string::npos) << run.out;
    EXPECT_EQ(tree_text(out.path() / game_rules(game).table_subdir), tree_text(table_dir(game)));
  }
}

TEST(ShortDeckBuild, AStoppedBuildResumesToTheSameBytes) {
  for (const Game game : kShortDeckGames) {
    SCOPED_TRACE(std::string(game_name(game)));
    const std::vector<HoleCards> heroes = {hand("AsAc"), hand("Ts9s"), hand("7s6c")};
    TempDir dir;
    std::atomic<bool> stop{false};
    BuildOptions options;
    options.game = game;
    options.batch_size = 64;
    options.stop = &stop;
    int batches = 0;
    options.progress = [&](const BuildProgress&) {
      if (++batches == 3) stop = true;
    };
    const auto first = build_hand_files(dir.path(), heroes, options);
    EXPECT_TRUE(first.stopped);
    EXPECT_LT(first.files_complete, 3u);
    EXPECT_GT(first.lines_written, 0u);
    // A half-written last line, as a kill leaves it, is cut off and computed again.
    {
      std::ofstream append(dir.path() / "AsAc.txt", std::ios::app);
      append << "['Kh', 'K";
    }
    std::vector<std::string> warnings;
    BuildOptions resume;
    resume.game = game;
    resume.warn = [&](const std::string& w) { warnings.push_back(w); };
    const auto second = build_hand_files(dir.path(), heroes, resume);
    EXPECT_FALSE(second.stopped);
    EXPECT_EQ(second.files_complete, 3u);
    EXPECT_GT(second.lines_resumed, 0u);
    EXPECT_EQ(second.lines_resumed + second.lines_written, 3u * 561u);
    EXPECT_EQ(warnings.size(), 1u);
    for (const auto& h : heroes)
      EXPECT_EQ(test::read_file((dir.path() / result_file_name(h)).string()),
                test::read_file((table_dir(game) / "hands" / result_file_name(h)).string()))
          << hand_name(h);
    // A finished directory computes nothing.
    const auto third = build_hand_files(dir.path(), heroes, resume);
    EXPECT_EQ(third.matchups_enumerated, 0u);
    EXPECT_EQ(third.lines_written, 0u);
  }
}

TEST(ShortDeckBuild, ShardsMergeIntoTheCommittedTable) {
  TempDir work, out;
  const std::string a = (work.path() / "a").string(), b = (work.path() / "b").string();
  ASSERT_EQ(test::run_equity("table --game shortdeck --shard 0/2 -q --out " + a).exit_code, 0);
  ASSERT_EQ(test::run_equity("table --game shortdeck --shard 1/2 -q --out " + b).exit_code, 0);
  const auto merged = test::run_equity("table merge " + a + " " + b + " --game shortdeck --out " + out.str());
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_EQ(tree_text(out.path() / "shortdeck"), tree_text(table_dir(Game::shortdeck)));
}

TEST(ShortDeckBuild, FileProgramWritesAShortDeckHand) {
  TempDir out;
  const auto run = test::run_equity("file AsKs --game shortdeck-straights -q --out " + out.str());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("561 lines"), std::string::npos) << run.out;
  EXPECT_EQ(test::read_file((out.path() / "AsKs.txt").string()),
            test::read_file((table_dir(Game::shortdeck_straights) / "hands" / "AsKs.txt").string()));
  const auto bad = test::run_equity("file As5c --game shortdeck -q --out " + out.str());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("5c is not in the deck"), std::string::npos) << bad.err;
}

TEST(ShortDeckBuild, ClassesOutsideTheDeckAreRefused) {
  TempDir out;
  const auto run = test::run_equity("table --game shortdeck --only AA,72o -q --out " + out.str());
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("72o is not in the deck"), std::string::npos) << run.err;
  BuildOptions options;
  options.game = Game::shortdeck;
  EXPECT_THROW(build_hand_files(out.path(), {hand("As2c")}, options), InputError);
}

// ---- The short-deck orderings behind percentage ranges ----------------------------------------

std::vector<std::string> first_names(const HandOrder& order, int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(hand_classes()[(*order.classes)[static_cast<std::size_t>(i)]].name());
  return out;
}

TEST(ShortDeckOrder, GeneratedFromTheCommittedVsRandomFiles) {
  for (const Game game : kShortDeckGames) {
    SCOPED_TRACE(std::string(game_name(game)));
    const HandOrder& order = hand_order(default_hand_order(game));
    EXPECT_EQ(order.game, game);
    EXPECT_EQ(order.size, 81);
    EXPECT_EQ(order.combos, 630);
    EXPECT_EQ(*order.classes,
              detail::order_from_vs_random_csv(test::read_file((table_dir(game) / "vs-random.csv").string()), game));
    // The first 81 are the game's classes, each once.
    std::set<int> seen;
    for (int i = 0; i < 81; ++i) {
      const int c = (*order.classes)[static_cast<std::size_t>(i)];
      EXPECT_TRUE(class_in_game(hand_classes()[static_cast<std::size_t>(c)], game));
      EXPECT_TRUE(seen.insert(c).second);
    }
  }
  EXPECT_EQ(default_hand_order(Game::holdem), "equity");
  // Hold'em's file is not a short-deck ordering.
  EXPECT_THROW((void)detail::order_from_vs_random_csv(test::read_file("results/vs-random.csv"), Game::shortdeck),
               InputError);
}

TEST(ShortDeckOrder, FirstClassesByExactEquityAgainstARandomHand) {
  // Computed from vs-random.csv by a separate script: (2 wins + ties) / (2 showdowns), descending.
  EXPECT_EQ(first_names(hand_order("shortdeck-equity"), 14),
            (std::vector<std::string>{"AA", "KK", "QQ", "JJ", "TT", "AKs", "AQs", "99", "AKo", "AJs", "KQs", "AQo",
                                      "ATs", "AJo"}));
  // With straights over trips 99 falls from 8th to 20th.
  EXPECT_EQ(first_names(hand_order("shortdeck-straights-equity"), 14),
            (std::vector<std::string>{"AA", "KK", "QQ", "JJ", "TT", "AKs", "AQs", "AKo", "AJs", "KQs", "AQo", "ATs",
                                      "KJs", "AJo"}));
  const auto& order = *hand_order("shortdeck-equity").classes;
  EXPECT_EQ(hand_classes()[order[80]].name(), "76o");
}

TEST(ShortDeckOrder, PercentagesSelectFromTheGamesOrdering) {
  // 15% of the 630 combos: the shortest prefix reaching 94.5 combos.
  const auto fifteen = expand_percentage("15%", "shortdeck-equity");
  EXPECT_EQ(fifteen.combos, 96);
  ASSERT_EQ(fifteen.classes.size(), 15u);
  EXPECT_EQ(hand_classes()[static_cast<std::size_t>(fifteen.classes.back())].name(), "KJs");
  EXPECT_EQ(expand_percentage("100%", "shortdeck-equity").combos, 630);
  EXPECT_EQ(expand_percentage("100%", "shortdeck-equity").classes.size(), 81u);
  EXPECT_EQ(expand_percentage("15%", "shortdeck-straights-equity").combos, 98);
  const auto band = expand_percentage("5%-10%", "shortdeck-equity");
  const auto five = expand_percentage("5%", "shortdeck-equity"), ten = expand_percentage("10%", "shortdeck-equity");
  EXPECT_EQ(band.combos, ten.combos - five.combos);

  // The question of a short-deck game reads "15%" in its own ordering: the same answer as its classes.
  for (const Game game : kShortDeckGames) {
    SCOPED_TRACE(std::string(game_name(game)));
    std::string classes;
    for (int c : expand_percentage("15%", default_hand_order(game)).classes) {
      if (!classes.empty()) classes += ',';
      classes += hand_classes()[static_cast<std::size_t>(c)].name();
    }
    Question q;
    q.game = game;
    q.players = {"15%", "random"};
    const Answer by_percentage = calculate(q);
    q.players = {classes, "random"};
    const Answer by_classes = calculate(q);
    EXPECT_EQ(by_percentage.players[0].combos, game == Game::shortdeck ? 96u : 98u);
    EXPECT_EQ(by_percentage.players[0].wins, by_classes.players[0].wins);
    EXPECT_EQ(by_percentage.players[0].ties, by_classes.players[0].ties);
    EXPECT_EQ(by_percentage.players[0].losses, by_classes.players[0].losses);
    q.players = {"5%-10%", "KK"};
    q.order = "vs1";  // the alias of the default reads the game's ordering too
    EXPECT_NO_THROW((void)calculate(q));
    // Hold'em's second ordering names classes outside the deck: the range is refused, naming one.
    q.order = "vs2";
    q.players = {"60%", "random"};
    EXPECT_THROW((void)calculate(q), InputError);
    // Explicit classes outside the deck are still refused.
    q.order = "equity";
    q.players = {"22+", "random"};
    EXPECT_THROW((void)calculate(q), InputError);
  }
  // Hold'em keeps its ordering.
  Question holdem;
  holdem.players = {"15%", "random"};
  EXPECT_EQ(calculate(holdem).players[0].combos, expand_percentage("15%").combos);
}

}  // namespace
}  // namespace equity
