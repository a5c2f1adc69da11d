// Per-combo equity (per_combo.hpp) against brute force with the reference evaluator.
#include "count/per_combo.hpp"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "equity/calculate.hpp"
#include "equity/error.hpp"
#include "equity/range.hpp"
#include "equity/range_equity.hpp"
#include "eval/reference_evaluator.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

RangeDeal deal_of(const std::string& hero, const std::string& villain, const std::string& board,
                  const std::string& dead = "") {
  RangeDeal d;
  d.ranges = {Range::parse(hero), Range::parse(villain)};
  d.board = parse_cards(board);
  d.dead = parse_cards(dead);
  return d;
}

// The cards of `combos` added to `used`; false when one of them is already there.
bool take_cards(CardSet& used, std::initializer_list<const WeightedCombo*> combos) {
  bool clash = false;
  for (const auto* combo : combos)
    for (Card c : combo->cards) {
      clash |= used.contains(c);
      used.insert(c);
    }
  return !clash;
}

// Calls f(runout) for every runout of the 0, 1 or 2 board cards to come from the cards not used.
template <class F>
void for_each_runout(const CardSet& used, std::size_t to_come, F&& f) {
  std::vector<Card> deck;
  for (int id = 0; id < kCards; ++id)
    if (!used.contains(Card(id))) deck.push_back(Card(id));
  if (to_come == 0) f(std::vector<Card>{});
  for (std::size_t i = 0; to_come >= 1 && i < deck.size(); ++i) {
    if (to_come == 1) f(std::vector<Card>{deck[i]});
    for (std::size_t j = i + 1; to_come == 2 && j < deck.size(); ++j) f(std::vector<Card>{deck[i], deck[j]});
  }
}

// Every hero combo against every villain combo apart from it, over every board completing the
// known one, each showdown scored by the reference evaluator (the best of 21 five-card hands).
std::array<std::map<int, ComboEquity>, 2> brute_force(const RangeDeal& deal) {
  CardSet known;
  for (Card c : deal.board) known.insert(c);
  for (Card c : deal.dead) known.insert(c);
  std::array<std::map<int, ComboEquity>, 2> out;
  const auto hero = deal.ranges[0].combos(known), villain = deal.ranges[1].combos(known);
  const std::size_t to_come = 5 - deal.board.size();
  for (const auto& h : hero)
    for (const auto& v : villain) {
      CardSet used = known;
      if (!take_cards(used, {&h, &v})) continue;
      for_each_runout(used, to_come, [&](const std::vector<Card>& runout) {
        std::vector<Card> hc = deal.board, vc = deal.board;
        hc.insert(hc.end(), runout.begin(), runout.end());
        vc.insert(vc.end(), runout.begin(), runout.end());
        hc.push_back(h.cards[0]);
        hc.push_back(h.cards[1]);
        vc.push_back(v.cards[0]);
        vc.push_back(v.cards[1]);
        const auto hs = reference_score(hc), vs = reference_score(vc);
        ComboEquity& a = out[0][h.index];
        ComboEquity& b = out[1][v.index];
        a.combo = h.index, a.weight = h.weight, b.combo = v.index, b.weight = v.weight;
        a.weighted_showdowns += v.weight;
        b.weighted_showdowns += h.weight;
        if (hs > vs) {
          ++a.wins, ++b.losses, a.weighted_share += v.weight;
        } else if (hs < vs) {
          ++a.losses, ++b.wins, b.weighted_share += h.weight;
        } else {
          ++a.ties, ++b.ties, a.weighted_share += v.weight / 2, b.weighted_share += h.weight / 2;
        }
      });
    }
  for (auto& side : out)
    for (auto& [k, c] : side) c.share = c.wins * kShareUnit + c.ties * (kShareUnit / 2);
  return out;
}

void expect_matches_brute_force(const RangeDeal& deal) {
  const auto slow = brute_force(deal);
  // The sweep, and plain showdowns in parallel and on the calling thread.
  for (int method = 0; method < 3; ++method) {
    SCOPED_TRACE(method == 0 ? "sweep" : method == 1 ? "showdowns" : "showdowns on one thread");
    const auto fast = method == 0 ? per_combo_heads_up(deal) : per_combo_showdowns(prepare(deal), method == 1);
    for (std::size_t side = 0; side < 2; ++side) {
      SCOPED_TRACE("player " + std::to_string(side + 1));
      std::size_t met = 0;
      for (const auto& c : fast[side]) {
        const auto it = slow[side].find(c.combo);
        if (it == slow[side].end()) {
          EXPECT_EQ(c.showdowns(), 0u) << c.combo;  // meets no opponent combo
          continue;
        }
        ++met;
        const ComboEquity& b = it->second;
        EXPECT_EQ(c.wins, b.wins) << c.combo;
        EXPECT_EQ(c.ties, b.ties) << c.combo;
        EXPECT_EQ(c.losses, b.losses) << c.combo;
        EXPECT_EQ(c.share, b.share) << c.combo;
        EXPECT_DOUBLE_EQ(c.weight, b.weight);
        EXPECT_NEAR(c.weighted_share, b.weighted_share, 1e-9 * b.weighted_showdowns);
        EXPECT_NEAR(c.weighted_showdowns, b.weighted_showdowns, 1e-9 * b.weighted_showdowns);
      }
      EXPECT_EQ(met, slow[side].size());
    }
  }
}

// Plain showdowns count what the sweep counts, combo by combo, in both games' rankings, with
// weights, dead cards and combos in both ranges; and the work counted says which costs less.
TEST(PerCombo, ShowdownsCountWhatTheSweepCounts) {
  struct Case {
    std::string hero, villain, board, dead;
    Game game;
  };
  const std::vector<Case> cases = {
      {"AA,KK", "QQ,JJ", "2c7d9h", "", Game::holdem},
      {"AhKh", "QQ,JJ", "Qh7h2c", "", Game::holdem},
      {"AKs,QQ", "JJ,TT,99", "Ks7h2c9d", "", Game::holdem},
      {"QQ+:0.5,AKs,AKo:0.25", "JJ,TT,99,AQs,KQs:0.7", "Kh8s3d", "2c", Game::holdem},
      {"random", "AK,KK,55", "Th9h2c5dAs", "", Game::holdem},
      {"AKs,JJ,T9s", "AKs,JJ,T9s", "Js8s2s", "Ah", Game::holdem},
      {"AA,KQs,T9s", "QQ+,AK,JTs", "Ks7h6c", "", Game::shortdeck},
      {"AK:0.5,QQ", "JJ,T9s,A6s", "Ks7h6c9d", "8c", Game::shortdeck_straights},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.hero + " vs " + c.villain + " on " + c.board + " dead " + c.dead);
    RangeDeal deal = deal_of(c.hero, c.villain, c.board, c.dead);
    deal.game = c.game;
    const PreparedDeal prep = prepare(deal);
    const auto sweep = per_combo_heads_up(prep);
    for (const bool parallel : {true, false}) {
      const auto plain = per_combo_showdowns(prep, parallel);
      for (std::size_t p = 0; p < 2; ++p) {
        ASSERT_EQ(plain[p].size(), sweep[p].size());
        for (std::size_t i = 0; i < sweep[p].size(); ++i) {
          const ComboEquity &a = plain[p][i], &b = sweep[p][i];
          EXPECT_EQ(a.combo, b.combo);
          EXPECT_EQ(a.wins, b.wins);
          EXPECT_EQ(a.ties, b.ties);
          EXPECT_EQ(a.losses, b.losses);
          EXPECT_EQ(a.share, b.share);
          EXPECT_DOUBLE_EQ(a.weight, b.weight);
          EXPECT_NEAR(a.weighted_share, b.weighted_share, 1e-12 * b.weighted_showdowns);
          EXPECT_NEAR(a.weighted_showdowns, b.weighted_showdowns, 1e-12 * b.weighted_showdowns);
        }
      }
    }
  }
  // Small ranges: fewer pairs than the sweep's sorting and sums; two wide ranges: the sweep.
  EXPECT_LT(heads_up_work(prepare(deal_of("AA,KK", "QQ,JJ", "2c7d9h"))).showdowns_cost(),
            heads_up_work(prepare(deal_of("AA,KK", "QQ,JJ", "2c7d9h"))).sweep_cost());
  const HeadsUpWork wide = heads_up_work(prepare(deal_of("22+,A2s+,KTs+,ATo+", "random", "Kh8s3d")));
  EXPECT_GT(wide.showdowns_cost(), wide.sweep_cost());
  EXPECT_EQ(heads_up_work(prepare(deal_of("AhKh", "QQ,JJ", "Qh7h2c"))).pairs, 9);  // QhQx are on the board
}

TEST(PerCombo, HeadsUpMatchesBruteForceOnFlopTurnAndRiver) {
  expect_matches_brute_force(deal_of("AA,KQs,T9s,76o", "QQ+,AK,JTs,22", "Ks7h2c"));
  expect_matches_brute_force(deal_of("AhKh,QQ,87s", "random", "Th9h2c5d"));
  expect_matches_brute_force(deal_of("random", "AK,KK,55", "Th9h2c5dAs"));
  expect_matches_brute_force(deal_of("AKs,JJ", "AKs,JJ,T9s", "Js8s2s", "Ah"));  // shared combos, dead card
}

TEST(PerCombo, WeightedRangesMatchBruteForce) {
  expect_matches_brute_force(deal_of("AA:0.5,KQs,T9s:0.25", "QQ+:0.75,AK,JTs:0.1", "Ks7h2c"));
  expect_matches_brute_force(deal_of("random:0.3", "AK:0.6,KK,55:0.2", "Th9h2c5dAs"));
}

// The combos' counts add up to the player's counts from the exact enumeration of the whole ranges.
TEST(PerCombo, CombosAddUpToThePlayersEquityExactly) {
  for (const auto& deal : {deal_of("QQ+,AKs,T9s", "random", "Ks7h2c"), deal_of("random", "random", "Ks7h2c9d"),
                           deal_of("22+,A2s+", "AK,KQ,JJ-99", "Ks7h2c9d3s")}) {
    const auto per = per_combo_heads_up(deal);
    const auto whole = enumerate_ranges(deal);
    for (std::size_t p = 0; p < 2; ++p) {
      std::uint64_t wins = 0, ties = 0, losses = 0, share = 0;
      for (const auto& c : per[p]) {
        wins += c.wins;
        ties += c.ties;
        losses += c.losses;
        share += c.share;
      }
      EXPECT_EQ(wins, whole.players[p].wins);
      EXPECT_EQ(ties, whole.players[p].ties);
      EXPECT_EQ(losses, whole.players[p].losses);
      EXPECT_EQ(share, whole.players[p].share);
      EXPECT_EQ(wins + ties + losses, whole.showdowns());
    }
  }
}

TEST(PerCombo, WeightedAverageIsThePlayersEquity) {
  const auto deal = deal_of("QQ+:0.5,AKs,T9s:0.2", "random:0.7,AA", "Ks7h2c");
  const auto per = per_combo_heads_up(deal);
  const auto whole = enumerate_ranges(deal);
  for (std::size_t p = 0; p < 2; ++p) {
    double num = 0, den = 0;
    for (const auto& c : per[p]) {
      num += c.weight * c.weighted_share;
      den += c.weight * c.weighted_showdowns;
    }
    EXPECT_NEAR(num / den, whole.equity(p), 1e-12);
  }
}

TEST(PerCombo, ClassesAddTheirCombos) {
  const auto per = per_combo_heads_up(deal_of("AA,AKs,AKo", "random", "Ks7h2c"));
  const auto classes = per_class(per[0]);
  ASSERT_EQ(classes.size(), 3u);  // AA, AKs, AKo in table order
  std::uint64_t combos_wins = 0, class_wins = 0;
  for (const auto& c : per[0]) combos_wins += c.wins;
  for (const auto& c : classes) class_wins += c.wins;
  EXPECT_EQ(combos_wins, class_wins);
  EXPECT_DOUBLE_EQ(classes[0].weight, 6);  // AA: six combos on a board without an ace
  EXPECT_DOUBLE_EQ(classes[1].weight, 3);  // AKs: the spade king is on the board
}

TEST(PerCombo, ThreadCountDoesNotChangeTheNumbers) {
  const auto deal = deal_of("QQ+:0.5,AKs,T9s:0.2", "random:0.7,AA", "Ks7h2c");
  const auto a = per_combo_heads_up(deal);
  std::array<std::vector<ComboEquity>, 2> b;
  tbb::task_arena(1).execute([&] { b = per_combo_heads_up(deal); });
  for (std::size_t p = 0; p < 2; ++p) {
    ASSERT_EQ(a[p].size(), b[p].size());
    for (std::size_t i = 0; i < a[p].size(); ++i) {
      EXPECT_EQ(a[p][i].wins, b[p][i].wins);
      EXPECT_EQ(a[p][i].weighted_share, b[p][i].weighted_share);  // bit for bit
    }
  }
}

}  // namespace
}  // namespace equity

namespace equity {
namespace {

// Three-way: every combo of each player against every assignment of the other two and every
// board, scored by the reference evaluator; the one call's per-combo answer (each combo's own
// exact enumeration) must give the same integers.
void expect_three_way_matches_brute_force(std::vector<std::string> players, std::string board_text) {
  SCOPED_TRACE(board_text);
  Question q;
  q.players = std::move(players);
  q.board = std::move(board_text);
  q.per_combo = true;
  const Answer a = calculate(q);
  ASSERT_EQ(a.per_combo_method, Method::exact);
  const auto board = parse_cards(q.board);
  CardSet known;
  for (Card c : board) known.insert(c);
  std::array<std::vector<WeightedCombo>, 3> combos;
  for (std::size_t p = 0; p < 3; ++p) combos[p] = Range::parse(q.players[p]).combos(known);
  std::array<std::map<int, ComboEquity>, 3> slow;
  for (const auto& x : combos[0])
    for (const auto& y : combos[1])
      for (const auto& z : combos[2]) {
        const std::array<const WeightedCombo*, 3> hands = {&x, &y, &z};
        CardSet used = known;
        if (!take_cards(used, {&x, &y, &z})) continue;
        for_each_runout(used, 5 - board.size(), [&](const std::vector<Card>& runout) {
          std::array<ReferenceScore, 3> score{};
          for (std::size_t p = 0; p < 3; ++p) {
            std::vector<Card> cards = board;
            cards.insert(cards.end(), runout.begin(), runout.end());
            cards.push_back(hands[p]->cards[0]);
            cards.push_back(hands[p]->cards[1]);
            score[p] = reference_score(cards);
          }
          const ReferenceScore best = std::max({score[0], score[1], score[2]});
          const auto winners = static_cast<std::uint64_t>(std::count(score.begin(), score.end(), best));
          for (std::size_t p = 0; p < 3; ++p) {
            ComboEquity& c = slow[p][hands[p]->index];
            if (score[p] < best)
              ++c.losses;
            else if (winners == 1)
              ++c.wins, c.share += kShareUnit;
            else
              ++c.ties, c.share += kShareUnit / winners;
          }
        });
      }
  for (std::size_t p = 0; p < 3; ++p) {
    SCOPED_TRACE("player " + std::to_string(p + 1));
    std::size_t met = 0;
    for (const auto& c : a.players[p].per_combo) {
      const auto it = slow[p].find(c.combo);
      if (it == slow[p].end()) {
        EXPECT_EQ(c.showdowns(), 0u);
        continue;
      }
      ++met;
      EXPECT_EQ(c.wins, it->second.wins) << c.combo;
      EXPECT_EQ(c.ties, it->second.ties) << c.combo;
      EXPECT_EQ(c.losses, it->second.losses) << c.combo;
      EXPECT_EQ(c.share, it->second.share) << c.combo;
    }
    EXPECT_EQ(met, slow[p].size());
  }
}

TEST(PerCombo, ThreeWayMatchesBruteForceOnFlopTurnAndRiver) {
  expect_three_way_matches_brute_force({"AA,KQs", "QQ,AKs", "22,76s"}, "Ks7h2c");
  expect_three_way_matches_brute_force({"AA,KQs,T9s", "QQ,AK,JTs", "22,76s"}, "Ks7h2c9d");
  expect_three_way_matches_brute_force({"AA,KQs,T9s,A5s", "QQ+,AK,JTs", "22-55,76s"}, "Ks7h2c9d5s");
}

}  // namespace
}  // namespace equity

namespace equity {
namespace {

// Preflop per-combo from the table's files equals each combo's exact enumeration; a damaged file is
// read by the full reader, whose error names it and its line.
TEST(PerCombo, FromTheTableFilesAndADamagedFile) {
  RangeDeal deal;
  deal.ranges = {Range::parse("AA,AKs,72o:0.5"), Range::parse("KK+,AQs")};
  const auto fast = per_combo_from_table("results/hands", deal);
  for (std::size_t p = 0; p < 2; ++p)
    for (const auto& c : fast[p]) {
      RangeDeal one = deal;
      one.ranges[p] = Range();
      one.ranges[p].set(c.combo, 1.0);
      const auto exact = enumerate_ranges(one);
      EXPECT_EQ(c.wins, exact.players[p].wins) << c.combo;
      EXPECT_EQ(c.ties, exact.players[p].ties) << c.combo;
      EXPECT_EQ(c.losses, exact.players[p].losses) << c.combo;
    }
  const test::TempDir dir;
  namespace fs = std::filesystem;
  for (const auto& entry : fs::directory_iterator("results/hands"))
    if (entry.path().extension() == ".txt") fs::copy_file(entry.path(), fs::path(dir.str()) / entry.path().filename());
  std::string text = test::read_file("results/hands/AsKs.txt");
  text.replace(text.find("]\n", 200) - 3, 1, "x");  // a digit of a count on an early line
  std::ofstream(fs::path(dir.str()) / "AsKs.txt", std::ios::binary) << text;
  try {
    (void)per_combo_from_table(dir.str(), deal);
    FAIL() << "a damaged file was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("AsKs.txt"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace equity
