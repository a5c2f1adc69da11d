// The one library call (calculate.hpp), its JSON (answer_json.hpp), where it finds the table
// (table_location.hpp), and the `equity` command as its client.
#include "equity/calculate.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "api/method_offer.hpp"
#include "equity/answer_json.hpp"
#include "equity/error.hpp"
#include "equity/table_location.hpp"
#include "test_support.hpp"

namespace equity {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

Question ask(std::vector<std::string> players, std::string board = "", std::string dead = "") {
  Question q;
  q.players = std::move(players);
  q.board = std::move(board);
  q.dead = std::move(dead);
  q.table_dir = "results";
  return q;
}

// Sets an environment variable for the scope, restoring the old value after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(Calculate, SpecificHandsExactAndFromTheTableGiveTheSameIntegers) {
  Question q = ask({"AsAc", "KhQh"});
  const Answer table = calculate(q);
  EXPECT_EQ(table.method, Method::table);
  q.use_table = false;
  const Answer exact = calculate(q);
  EXPECT_EQ(exact.method, Method::exact);
  EXPECT_EQ(exact.exact_method, ExactMethod::grouped);
  for (const Answer* a : {&table, &exact}) {
    ASSERT_EQ(a->players.size(), 2u);
    EXPECT_EQ(a->boards, 1712304u);
    EXPECT_EQ(a->players[0].hand, "AsAc");
    EXPECT_TRUE(a->players[0].specific);
    EXPECT_EQ(a->players[0].wins, 1406263u);
    EXPECT_EQ(a->players[0].ties, 6453u);
    EXPECT_EQ(a->players[0].losses, 299588u);
    EXPECT_EQ(a->players[1].wins, 299588u);
  }
}

TEST(Calculate, RangesWithBoardAndDeadCards) {
  Question q = ask({"ahkh", "QsQd", "7c7d"}, "Qh 7h 2h", "3s");
  const Answer a = calculate(q);
  EXPECT_EQ(a.method, Method::exact);
  EXPECT_EQ(a.board, "Qh7h2h");
  EXPECT_EQ(a.dead, "3s");
  EXPECT_EQ(a.boards, 861u);  // C(42, 2)
  EXPECT_EQ(a.players[0].hand, "AhKh");
  EXPECT_EQ(a.players[0].wins + a.players[0].ties + a.players[0].losses, 861u);
  const Answer r = calculate(ask({"AA", "KK"}));
  EXPECT_EQ(r.method, Method::table);
  EXPECT_EQ(r.assignments, 36u);
  EXPECT_EQ(r.players[0].combos, 6u);
  EXPECT_EQ(r.players[0].wins, 50371344u);
  EXPECT_EQ(r.players[0].ties, 285228u);
  EXPECT_EQ(r.players[0].losses, 10986372u);
}

// The automatic choice depends on the question alone.
TEST(Calculate, AutomaticChoosesByCountingWorkOnAnyThreadCount) {
  struct Case {
    std::vector<std::string> players;
    std::string board;
    Method expected;
  };
  const std::vector<Case> cases = {
      {{"QQ+,AKs", "22+,AJs+,KQs", "random"}, "Ks7h2c", Method::monte_carlo},  // 1.6 billion showdowns
      {{"QQ+,AKs", "22+,AJs+,KQs"}, "Ks7h2c", Method::exact},
      {{"random", "random", "AA"}, "Ks7h2c9d5s", Method::monte_carlo},  // 45 million assignments on a river
      {{"random", "random"}, "Ks7h2c9d5s", Method::exact},              // heads-up on a board: the sweep, always
      {{"AsAc", "KhQh", "7d7c"}, "", Method::exact},
      {{"AA", "KK"}, "", Method::table},
  };
  for (const auto& c : cases) {
    for (int threads : {1, 2, 8}) {
      Question q = ask(c.players, c.board);
      q.threads = threads;
      const ExactWork work = exact_work(q);
      SCOPED_TRACE(c.players[0] + " " + c.board + " threads " + std::to_string(threads));
      if (c.expected != Method::table) {
        EXPECT_EQ(work.sweep || work.showdowns <= exact_showdown_limit(work.cards_to_come),
                  c.expected == Method::exact);
      }
      const Answer a = calculate(q);  // Monte Carlo runs to the default standard error, quickly here
      EXPECT_EQ(a.method, c.expected);
      if (c.expected == Method::monte_carlo) {
        EXPECT_NE(a.reason.find("showdowns"), std::string::npos) << a.reason;
      }
    }
  }
}

// Heads-up ranges on a board: the sweep, plain showdowns and the grouped enumeration give the same
// integers; automatic takes showdowns for small and medium ranges and the sweep for the widest.
TEST(Calculate, SweepAndGroupedEnumerationAgree) {
  for (const auto& [hero, villain, board, chosen] :
       std::vector<std::array<std::string, 4>>{{"QQ+,AKs,T9s", "random", "Ks7h2c", "showdowns"},
                                               {"22+,A2s+", "AK,KQ,JJ-99", "Ks7h2c9d", "showdowns"},
                                               {"random", "AA,KK", "Th9h2c5dAs", "showdowns"},
                                               {"AA:0.5,KQs", "random:0.25", "Ks7h2c", "showdowns"},
                                               {"random", "random", "Th9h2c5dAs", "sweep"},
                                               {"AA,KK", "QQ,JJ", "2c7d9h", "showdowns"},
                                               {"AhKh", "QQ,JJ:0.5", "Qh7h2c", "showdowns"},
                                               {"AKs,QQ", "JJ,TT,99", "Ks7h2c9d", "showdowns"},
                                               {"QQ+,AKs,AKo", "JJ,TT,99,AQs,KQs", "Kh8s3d", "showdowns"},
                                               // flushes of the board alone, of one and of two hole cards
                                               {"AhKh,QQ,65s", "JJ,Th9h,AsKs", "2h7h8h", "showdowns"},
                                               {"AhKh,QQ,65s", "JJ,Th9h,Kd9d", "2h7h8h3h", "showdowns"},
                                               {"KK,Ts9s", "AsQs,22", "2s3s4s5c", "showdowns"}}) {
    Question q = ask({hero, villain}, board);
    q.exact_method = ExactMethod::grouped;
    const Answer grouped = calculate(q);
    EXPECT_EQ(grouped.exact_method, ExactMethod::grouped);
    for (const ExactMethod method : {ExactMethod::automatic, ExactMethod::sweep, ExactMethod::showdowns}) {
      SCOPED_TRACE(hero + " " + villain + " " + board + " " + std::string(exact_method_name(method)));
      q.exact_method = method;
      const Answer sweep = calculate(q);
      EXPECT_EQ(sweep.exact_method, method == ExactMethod::automatic ? parse_exact_method(chosen) : method);
      EXPECT_EQ(sweep.assignments, grouped.assignments);
      EXPECT_EQ(sweep.boards, grouped.boards);
      for (std::size_t p = 0; p < 2; ++p) {
        EXPECT_EQ(sweep.players[p].wins, grouped.players[p].wins);
        EXPECT_EQ(sweep.players[p].ties, grouped.players[p].ties);
        EXPECT_EQ(sweep.players[p].losses, grouped.players[p].losses);
        EXPECT_EQ(sweep.players[p].combos, grouped.players[p].combos);
        EXPECT_NEAR(sweep.players[p].equity, grouped.players[p].equity, 1e-12);
        if (grouped.weighted) {
          EXPECT_NEAR(*sweep.players[p].weighted_wins, *grouped.players[p].weighted_wins, 1e-6);
        }
      }
    }
  }
  Question multiway = ask({"AA", "KK", "QQ"}, "2c3d4h");
  multiway.exact_method = ExactMethod::sweep;
  EXPECT_THROW((void)calculate(multiway), InputError);
  multiway.exact_method = ExactMethod::showdowns;  // three players: plain showdowns of every assignment
  const Answer plain = calculate(multiway);
  multiway.exact_method = ExactMethod::grouped;
  const Answer grouped = calculate(multiway);
  for (std::size_t p = 0; p < 3; ++p) EXPECT_EQ(plain.players[p].wins, grouped.players[p].wins);
  EXPECT_EQ(calculate(ask({"QQ+,AKs", "JJ,TT", "AQs"}, "Kh8s3d")).exact_method, ExactMethod::showdowns);
  Question preflop = ask({"AA", "KK", "QQ"}, "");
  preflop.exact_method = ExactMethod::showdowns;
  EXPECT_THROW((void)calculate(preflop), InputError);
}

// Per-combo answers add up to the player's counts, whichever way they were computed.
void expect_combos_add_up(const Answer& a) {
  for (const auto& p : a.players) {
    std::uint64_t wins = 0, ties = 0, losses = 0;
    for (const auto& c : p.per_combo) {
      wins += c.wins;
      ties += c.ties;
      losses += c.losses;
    }
    EXPECT_EQ(wins, p.wins) << p.hand;
    EXPECT_EQ(ties, p.ties) << p.hand;
    EXPECT_EQ(losses, p.losses) << p.hand;
    ASSERT_FALSE(p.per_class.empty());
  }
}

TEST(Calculate, PerComboFromTheTableEnumerationAndSweep) {
  Question q = ask({"AA,KK,AKs", "QQ+,AK"});
  q.per_combo = true;
  const Answer table = calculate(q);
  EXPECT_EQ(table.per_combo_method, Method::table);
  expect_combos_add_up(table);
  q.use_table = false;
  const Answer exact = calculate(q);
  EXPECT_EQ(exact.per_combo_method, Method::exact);
  expect_combos_add_up(exact);
  for (std::size_t p = 0; p < 2; ++p) {
    ASSERT_EQ(table.players[p].per_combo.size(), exact.players[p].per_combo.size());
    for (std::size_t i = 0; i < exact.players[p].per_combo.size(); ++i) {
      EXPECT_EQ(table.players[p].per_combo[i].combo, exact.players[p].per_combo[i].combo);
      EXPECT_EQ(table.players[p].per_combo[i].wins, exact.players[p].per_combo[i].wins);
      EXPECT_EQ(table.players[p].per_combo[i].ties, exact.players[p].per_combo[i].ties);
    }
  }
  Question three = ask({"AA,KK", "QQ,AKs", "JTs"}, "Ks7h2c");
  three.per_combo = true;
  const Answer multiway = calculate(three);
  EXPECT_EQ(multiway.method, Method::exact);
  EXPECT_EQ(multiway.per_combo_method, Method::exact);
  expect_combos_add_up(multiway);
  Question flop = ask({"QQ+,AKs", "random"}, "Ks7h2c");
  flop.per_combo = true;
  const Answer sweep = calculate(flop);
  EXPECT_EQ(sweep.exact_method, ExactMethod::showdowns);  // a few dozen combos against random
  expect_combos_add_up(sweep);
  const json j = json::parse(to_json(sweep));
  EXPECT_EQ(j["per_combo_method"], "exact");
  EXPECT_EQ(j["players"][0]["per_combo"].size(), sweep.players[0].per_combo.size());
  EXPECT_EQ(j["players"][0]["per_class"][0]["class"], "AA");
  EXPECT_EQ(j["players"][0]["per_combo"][0]["showdowns"].get<std::uint64_t>(),
            sweep.players[0].per_combo[0].showdowns());
}

TEST(Calculate, PerComboByMonteCarloHasErrorBars) {
  Question q = ask({"AA,KK", "QQ,JJ", "AQs,KQs"}, "Ks7h2c");
  q.per_combo = true;
  q.per_combo_stderr = 0.01;
  q.seed = 5;
  q.method = Method::monte_carlo;
  q.max_trials = 20000;
  const Answer a = calculate(q);
  EXPECT_EQ(a.per_combo_method, Method::monte_carlo);
  for (const auto& c : a.players[0].per_combo) {
    EXPECT_GT(c.standard_error, 0);
    EXPECT_LT(c.standard_error, 0.0101);
  }
  const json j = json::parse(to_json(a));
  EXPECT_TRUE(j["players"][0]["per_combo"][0].contains("stderr"));
  EXPECT_EQ(j["per_combo_seed"], 5);
}

TEST(Calculate, HitsForEveryPlayerInTheJson) {
  Question q = ask({"QQ+,AK,JTs:0.5", "random"}, "Ks7h2c");
  q.hits = true;
  const Answer a = calculate(q);
  ASSERT_TRUE(a.players[0].hits.has_value());
  EXPECT_EQ(a.players[0].hits->combos, 31u);
  const HitCount* set = a.players[0].hits->find(category_name(MadeCategory::Set));
  ASSERT_NE(set, nullptr);
  EXPECT_EQ(set->combos, 3);  // the three KK left by the board
  const json j = json::parse(to_json(a));
  for (const auto& player : j["players"]) {
    ASSERT_TRUE(player.contains("hits"));
    EXPECT_EQ(player["hits"]["made"].size(), static_cast<std::size_t>(kMadeCategories));
    EXPECT_EQ(player["hits"]["draws"].size(), static_cast<std::size_t>(kDrawCategories));
    int combos = 0;
    for (const auto& [name, count] : player["hits"]["made"].items()) combos += count["combos"].get<int>();
    EXPECT_EQ(combos, player["hits"]["combos"].get<int>());  // the made categories partition the range
  }
  EXPECT_EQ(j["players"][1]["hits"]["made"]["top_pair"]["combos"], 120);
  EXPECT_THROW((void)calculate([] {
                 Question preflop = ask({"AA", "KK"});
                 preflop.hits = true;
                 return preflop;
               }()),
               InputError);
}

TEST(Calculate, DistributionWithoutTheCombosUnlessAskedFor) {
  Question q = ask({"QQ+,AK,JTs", "random"}, "Ks7h2c");
  q.distribution = true;
  const Answer a = calculate(q);
  ASSERT_TRUE(a.players[0].distribution.has_value());
  EXPECT_TRUE(a.players[0].per_combo.empty());
  EXPECT_EQ(a.players[1].distribution->curve.size(), 1176u);
  const json j = json::parse(to_json(a));
  EXPECT_EQ(j["players"][0]["distribution"]["buckets"].size(), 4u);
  EXPECT_EQ(j["players"][0]["distribution"]["curve"].size(), 31u);
  EXPECT_FALSE(j["players"][0].contains("per_combo"));
  EXPECT_EQ(j["per_combo_method"], "exact");
  const test::TempDir dir;
  const std::string svg = dir.str() + "/d.svg";
  const auto r = test::run_equity("'QQ+,AK,JTs' random --board Ks7h2c --distribution --svg " + svg);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_file(svg).rfind("<svg ", 0), 0u);
  EXPECT_NE(r.out.find("75% and above"), std::string::npos) << r.out;
  const auto bad = test::run_equity("'QQ+,AK,JTs' random --board Ks7h2c --distribution --svg /nonexistent/dir/d.svg");
  EXPECT_EQ(bad.exit_code, 1) << bad.err;  // a failed write
  EXPECT_NE(bad.err.find("/nonexistent/dir/d.svg"), std::string::npos) << bad.err;
  EXPECT_EQ(test::run_equity("AA KK --svg " + svg).exit_code, 2);  // --svg without --distribution
}

TEST(Calculate, RangeWarningsReachTheAnswer) {
  const Answer a = calculate(ask({"AA@0.5", "KK"}));
  ASSERT_EQ(a.warnings.size(), 1u);
  EXPECT_NE(a.warnings[0].find("AA@0.5"), std::string::npos) << a.warnings[0];
  const auto r = test::run_equity("AA@0.5 KK");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err.rfind("equity: warning: ", 0), 0u) << r.err;
  EXPECT_EQ(calculate(ask({"AA@50", "KK"})).warnings.size(), 0u);
}

// An exception in one combo's task of a per-combo Monte Carlo (combos in parallel, each a
// parallel Monte Carlo) ends the call: the other combos' runs, whose chunks oneTBB then skips,
// stop instead of counting rounds of nothing for ever.
TEST(Calculate, AFailingComboEndsPerComboMonteCarlo) {
  Question q = ask({"AA,KK,QQ,JJ", "random", "random"}, "Ks7h2c");
  q.per_combo = true;
  q.per_combo_stderr = 2e-4;  // long per combo
  q.method = Method::monte_carlo;
  q.max_trials = 10000;
  q.progress = [](const Progress& p) {
    if (p.method == Method::monte_carlo && p.trials == 0) throw std::runtime_error("stop");  // a combo done
  };
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THROW((void)calculate(q), std::runtime_error);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
}

// A combo that meets no opponent combo has no showdowns (equity null in JSON), not an error.
TEST(Calculate, PerComboOfACombinationThatMeetsNobody) {
  Question q = ask({"AsAh,KK", "AsAc,AhAd", "QQ"});
  q.per_combo = true;
  q.use_table = false;
  const Answer a = calculate(q);
  ASSERT_FALSE(a.players[0].per_combo.empty());
  const auto& first = a.players[0].per_combo;
  const auto it = std::find_if(first.begin(), first.end(), [](const ComboEquity& c) { return c.showdowns() == 0; });
  EXPECT_NE(it, first.end());
}

TEST(Calculate, ExactWorkCountsShowdowns) {
  const ExactWork hu = exact_work(ask({"AsAc", "KhQh"}));
  EXPECT_EQ(hu.cards_to_come, 5);
  EXPECT_EQ(hu.boards, 1712304u);
  EXPECT_EQ(hu.assignments, 1.0);
  EXPECT_EQ(hu.showdowns, 1712304.0);
  const ExactWork flop = exact_work(ask({"AA", "random"}, "Ks7h2c"));
  EXPECT_EQ(flop.cards_to_come, 2);
  EXPECT_EQ(flop.boards, 990u);               // C(45, 2)
  EXPECT_EQ(flop.assignments, 6.0 * 1176.0);  // AA against every combo the flop leaves
  EXPECT_EQ(exact_showdown_limit(0), 1e6);
  EXPECT_EQ(exact_showdown_limit(5), 6e9);
}

// The planners' choice among the offers of the methods (src/api/method_offer.hpp): the least work
// among the candidates, ties to the first listed; a method that takes the question but is no
// candidate is never chosen; none when nothing is offered.
TEST(MethodOffer, TheCheapestCandidateAndTheOfferOfAMethod) {
  using detail::MethodOffer;
  std::array<MethodOffer, 3> offers{{{ExactMethod::grouped, true, true, 8.0, true},
                                     {ExactMethod::showdowns, true, false, 1.0, true},
                                     {ExactMethod::boards, true, true, 8.0, false}}};
  ASSERT_NE(detail::cheapest(offers), nullptr);
  EXPECT_EQ(detail::cheapest(offers)->method, ExactMethod::grouped);  // showdowns is cheaper but no candidate
  offers[2].work = 7.5;
  EXPECT_EQ(detail::cheapest(offers)->method, ExactMethod::boards);
  offers[1].offered = true;
  EXPECT_EQ(detail::cheapest(offers)->method, ExactMethod::showdowns);
  for (MethodOffer& offer : offers) offer.offered = false;
  EXPECT_EQ(detail::cheapest(offers), nullptr);
  EXPECT_EQ(detail::offer_of(offers, ExactMethod::boards), &offers[2]);
  EXPECT_EQ(detail::offer_of(offers, ExactMethod::sweep), nullptr);
  static constexpr std::array<MethodOffer, 2> tie{
      {{ExactMethod::sweep, true, true, 2.0, true}, {ExactMethod::boards, true, true, 2.0, true}}};
  static_assert(detail::cheapest(tie) == &tie[0]);  // ties go to the first listed
}

TEST(Calculate, MonteCarloIsReproducibleAndHonest) {
  Question q = ask({"QQ+,AKs", "random"});
  q.max_trials = 50000;
  q.seed = 9;
  q.threads = 1;
  const Answer one = calculate(q);
  q.threads = 2;
  const Answer two = calculate(q);
  EXPECT_EQ(one.method, Method::monte_carlo);
  EXPECT_EQ(one.trials, 50000u);
  EXPECT_EQ(one.seed, 9u);
  EXPECT_EQ(one.stopped_by, "trials");
  for (std::size_t p = 0; p < 2; ++p) {
    EXPECT_EQ(one.players[p].wins, two.players[p].wins);
    EXPECT_EQ(one.players[p].ties, two.players[p].ties);
    ASSERT_TRUE(one.players[p].standard_error.has_value());
    EXPECT_GT(*one.players[p].standard_error, 0);
    EXPECT_EQ(one.players[p].wins + one.players[p].ties + one.players[p].losses, 50000u);
  }
  // Seeds drawn at random fit in 53 bits; larger ones are refused.
  q.seed.reset();
  EXPECT_LE(calculate(q).seed, kMaxSeed);
  q.seed = kMaxSeed + 1;
  EXPECT_THROW((void)calculate(q), InputError);
}

TEST(Calculate, ProgressIsReported) {
  Question q = ask({"random", "random", "random"});
  q.max_trials = 3'000'000;
  q.seed = 1;
  int calls = 0;
  double last = 0;
  q.progress = [&](const Progress& p) {
    ++calls;
    EXPECT_EQ(p.method, Method::monte_carlo);
    EXPECT_GE(p.fraction, last);
    last = p.fraction;
  };
  (void)calculate(q);
  EXPECT_GT(calls, 0);
  EXPECT_GT(last, 0.0);
}

// Stopping Monte Carlo keeps the work: the trials so far with their standard errors, marked as
// stopped by the user (and without the per-combo equity, which was not reached).
TEST(Calculate, CancelledMonteCarloAnswersWithTheTrialsSoFar) {
  Question q = ask({"random", "random", "random"});
  q.target_stderr = 1e-7;  // hours of work if not cancelled
  q.per_combo = true;
  q.seed = 3;
  std::atomic<bool> cancel{false};
  q.cancel = &cancel;
  std::uint64_t reported = 0;
  q.progress = [&](const Progress& p) {
    reported = p.trials;
    if (p.trials >= 200'000) cancel = true;
  };
  const Answer a = calculate(q);
  EXPECT_EQ(a.method, Method::monte_carlo);
  EXPECT_EQ(a.stopped_by, "cancelled");
  EXPECT_EQ(a.trials, reported);
  EXPECT_GE(a.trials, 200'000u);
  ASSERT_EQ(a.players.size(), 3u);
  std::uint64_t wins = 0;
  for (const auto& p : a.players) {
    EXPECT_EQ(p.wins + p.ties + p.losses, a.trials);
    ASSERT_TRUE(p.standard_error && p.ci95);
    EXPECT_GT(*p.standard_error, 0);
    EXPECT_LT(*p.standard_error, 0.005);
    EXPECT_NEAR(p.equity, 1.0 / 3, 0.02);
    EXPECT_LT((*p.ci95)[0], p.equity);
    EXPECT_GT((*p.ci95)[1], p.equity);
    EXPECT_TRUE(p.per_combo.empty());
    wins += p.wins;
  }
  EXPECT_LE(wins, a.trials);  // at most one outright winner a deal
  const json j = json::parse(to_json(a));
  EXPECT_EQ(j["stopped_by"], "cancelled");
  EXPECT_EQ(j["trials"], a.trials);
}

// Exact enumeration has no honest partial answer: cancelled, it throws; so does Monte Carlo
// cancelled before its first chunk.
TEST(Calculate, CancelledExactThrows) {
  Question q = ask({"random", "random"}, "Ks7h2c");
  q.exact_method = ExactMethod::grouped;
  std::atomic<bool> cancel{false};
  q.cancel = &cancel;
  q.progress = [&](const Progress&) { cancel = true; };
  EXPECT_THROW((void)calculate(q), Cancelled);
  Question mc = ask({"random", "random"});
  mc.method = Method::monte_carlo;
  cancel = true;
  mc.cancel = &cancel;
  EXPECT_THROW((void)calculate(mc), Cancelled);
}

TEST(Calculate, ContradictoryQuestionsAreInputErrors) {
  Question boards_mc = ask({"AA", "KK"});
  boards_mc.exact_method = ExactMethod::boards;
  boards_mc.method = Method::monte_carlo;
  EXPECT_THROW((void)calculate(boards_mc), InputError);
  Question table_flop = ask({"AA", "KK"}, "Ks7h2c");
  table_flop.method = Method::table;
  EXPECT_THROW((void)calculate(table_flop), InputError);
  Question exact_target = ask({"AA", "KK"});
  exact_target.method = Method::exact;
  exact_target.target_stderr = 1e-3;
  EXPECT_THROW((void)calculate(exact_target), InputError);
  EXPECT_THROW((void)calculate(ask({"AA"})), InputError);
  EXPECT_THROW((void)parse_method("fast"), InputError);
  EXPECT_EQ(parse_method("monte-carlo"), Method::monte_carlo);
  try {
    (void)calculate(ask({"AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55", "44"}));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "at most 10 players, not 11");
  }
  try {
    (void)calculate(ask({"AsAc", "KhQz"}));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("player 2"), std::string::npos) << e.what();
  }
}

TEST(TableLocation, ExplicitEnvironmentAndBesideTheProgram) {
  EXPECT_EQ(find_table("results"), fs::path("results"));
  EXPECT_THROW((void)find_table("/nonexistent/table"), InputError);
  const test::TempDir empty;
  {
    const ScopedEnv env("EQUITY_RESULTS", empty.str());
    EXPECT_THROW((void)find_table(), InputError);  // set, but no table in it
  }
  {
    const ScopedEnv env("EQUITY_RESULTS", "/nonexistent/table");
    EXPECT_THROW((void)find_table(), InputError);
  }
  {
    const ScopedEnv env("EQUITY_RESULTS", "results");
    EXPECT_EQ(find_table(), fs::path("results"));
  }
  EXPECT_TRUE(program_directory().has_value());
}

TEST(TableLocation, AnUnusableTableIsAWarningAndEnumerationAnswers) {
  const test::TempDir dir;
  fs::create_directory(fs::path(dir.str()) / "preflop-169x169.csv");  // a directory, not a file
  Question q = ask({"AKs", "QQ"});
  q.table_dir = dir.str();
  const Answer a = calculate(q);
  EXPECT_EQ(a.method, Method::exact);
  Question plain = ask({"AKs", "QQ"});
  plain.use_table = false;
  const Answer b = calculate(plain);
  EXPECT_EQ(a.players[0].wins, b.players[0].wins);
  q.method = Method::table;
  EXPECT_THROW((void)calculate(q), InputError);
}

// ---- JSON ---------------------------------------------------------------------------------------

TEST(AnswerJson, OneSchemaFieldsThatDoNotApplyAreAbsent) {
  const json table = json::parse(to_json(calculate(ask({"AA", "KK"}))));
  EXPECT_EQ(table["mode"], "table");
  EXPECT_EQ(table["boards"], 1712304);
  EXPECT_EQ(table["assignments"], 36);
  EXPECT_EQ(table["showdowns"], 36 * 1712304);
  EXPECT_EQ(table["players"][0]["hand"], "AA");
  EXPECT_EQ(table["players"][0]["wins"], 50371344);
  EXPECT_FALSE(table.contains("trials"));
  EXPECT_FALSE(table["players"][0].contains("stderr"));

  Question q = ask({"QQ+,AKs", "random"}, "Ks7h2c");
  q.max_trials = 20000;
  q.seed = 3;
  const json mc = json::parse(to_json(calculate(q)));
  EXPECT_EQ(mc["mode"], "monte-carlo");
  EXPECT_EQ(mc["trials"], 20000);
  EXPECT_EQ(mc["seed"], 3);
  EXPECT_EQ(mc["board"], "Ks7h2c");
  EXPECT_FALSE(mc.contains("boards"));
  EXPECT_TRUE(mc["players"][1].contains("stderr"));
  EXPECT_EQ(mc["players"][1]["ci95"].size(), 2u);

  Question w = ask({"AA,KK:0.5", "QQ"}, "2c3d4h");
  const json weighted = json::parse(to_json(calculate(w)));
  EXPECT_EQ(weighted["mode"], "exact");
  EXPECT_EQ(weighted["weighted"], true);
  EXPECT_TRUE(weighted["players"][0].contains("weighted_wins"));
  Question c = ask({"KhQh", "AsAc"}, "Jh5h2c");
  c.by_category = true;
  const json cat = json::parse(to_json(calculate(c)));
  EXPECT_EQ(cat["players"][0]["categories"][0]["category"], "straight flush");
  std::uint64_t total = 0;
  for (const auto& row : cat["players"][0]["categories"]) total += row["count"].get<std::uint64_t>();
  EXPECT_EQ(total, 990u);
}

// Weighted counts above 1e10 keep every digit (the hand-made JSON printed 10 significant digits).
TEST(AnswerJson, LargeCountsKeepEveryDigit) {
  const Answer a = calculate(ask({"random:0.3", "random"}));
  const json j = json::parse(to_json(a));
  EXPECT_EQ(j["players"][0]["wins"].get<std::uint64_t>(), a.players[0].wins);
  EXPECT_EQ(j["players"][0]["equity"].get<double>(), a.players[0].equity);
  ASSERT_TRUE(a.players[0].weighted_wins.has_value());
  EXPECT_GT(*a.players[0].weighted_wins, 1e10);
  EXPECT_EQ(j["players"][0]["weighted_wins"].get<double>(), *a.players[0].weighted_wins);
}

// ---- The command is a client of the call --------------------------------------------------------

json without_seconds(json j) {
  j.erase("seconds");
  return j;
}

TEST(EquityCommand, JsonIsTheAnswerSerialised) {
  for (const std::string args :
       {"AsAc KhQh --no-table", "AA KK --table results", "ahkh qsqd 7c7d --board 'Qh 7h 2h' --dead 3s",
        "'QQ+,AKs' random --trials 50000 --seed 9"}) {
    SCOPED_TRACE(args);
    const auto r = test::run_equity(args + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
    const json cli = json::parse(r.out);
    Question q;
    if (args.rfind("AsAc", 0) == 0) {
      q = ask({"AsAc", "KhQh"});
      q.use_table = false;
    } else if (args.rfind("AA", 0) == 0) {
      q = ask({"AA", "KK"});
      q.table_dir = "results";
    } else if (args.rfind("ahkh", 0) == 0) {
      q = ask({"ahkh", "qsqd", "7c7d"}, "Qh 7h 2h", "3s");
    } else {
      q = ask({"QQ+,AKs", "random"});
      q.max_trials = 50000;
      q.seed = 9;
    }
    EXPECT_EQ(without_seconds(cli), without_seconds(json::parse(to_json(calculate(q)))));
  }
}

TEST(EquityCommand, HumanOutput) {
  const auto r = test::run_equity("AsAc KhQh --no-table");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("AsAc     82.315%   82.127%    0.377%     1,406,263         6,453       299,588"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("1,712,304 boards enumerated exactly (grouped)"), std::string::npos) << r.out;
  const auto boards = test::run_equity("AsAc KhQh --method boards");
  EXPECT_NE(boards.out.find("1,712,304 boards enumerated exactly (boards)"), std::string::npos) << boards.out;
  const auto table = test::run_equity("'QQ+,AKs,AKo' random --table results");
  EXPECT_NE(table.out.find("exact, from the preflop table in results"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find(" 17,709,068,424 "), std::string::npos)
      << table.out;  // wide counts keep their columns apart
  const auto ranges = test::run_equity("AA KK QQ --board 2c3d4h --method grouped");
  EXPECT_NE(ranges.out.find("1 suit symmetry)"), std::string::npos) << ranges.out;
  const auto plain = test::run_equity("AA KK QQ --board 2c3d4h");
  EXPECT_NE(plain.out.find("216 combo assignments x 903 boards = 195,048 showdowns counted exactly (showdowns: each "
                           "board's combos ranked once, assignments compared)"),
            std::string::npos)
      << plain.out;
  const auto mc = test::run_equity("random random --board Ks7h2c --mc --trials 50000 --seed 1");
  EXPECT_NE(mc.out.find("32 on each board (seed 1"), std::string::npos) << mc.out;
  const auto automatic = test::run_equity("'QQ+,AKs' '22+,AJs+,KQs' random --board Ks7h2c --stderr 0.01");
  EXPECT_NE(automatic.out.find("Monte Carlo"), std::string::npos) << automatic.out;
}

// Runs `equity args` as a child, sends it SIGINT after `delay`, and returns what it printed and
// its exit code.
test::RunResult interrupt_equity(const std::vector<std::string>& args, std::chrono::milliseconds delay) {
  const test::TempDir dir;
  const std::string out = (dir.path() / "out").string(), err = (dir.path() / "err").string();
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!std::freopen(out.c_str(), "w", stdout) || !std::freopen(err.c_str(), "w", stderr)) std::_Exit(127);
    std::vector<char*> argv{const_cast<char*>(EQUITY_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(EQUITY_BINARY, argv.data());
    std::_Exit(127);
  }
  std::this_thread::sleep_for(delay);
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  test::RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = test::read_file(out);
  r.err = test::read_file(err);
  return r;
}

// Ctrl-C during Monte Carlo prints the estimate so far, says it was stopped, and exits 130.
TEST(EquityCommand, CtrlCDuringMonteCarloPrintsTheEstimateSoFar) {
  const auto r = interrupt_equity({"random", "random", "--mc", "--stderr", "1e-7"}, std::chrono::milliseconds(1500));
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.out.find("Equity"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("random deals"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("stopped by Ctrl-C after"), std::string::npos) << r.err;
  const auto j =
      interrupt_equity({"random", "random", "--mc", "--stderr", "1e-7", "--json"}, std::chrono::milliseconds(1500));
  EXPECT_EQ(j.exit_code, 130) << j.err;
  const json answer = json::parse(j.out);
  EXPECT_EQ(answer["stopped_by"], "cancelled");
  EXPECT_GT(answer["trials"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(answer["players"][0]["wins"].get<std::uint64_t>() + answer["players"][0]["ties"].get<std::uint64_t>() +
                answer["players"][0]["losses"].get<std::uint64_t>(),
            answer["trials"].get<std::uint64_t>());
  // Exact enumeration has nothing to keep: "cancelled", as before. (Every preflop board of every
  // combo pair, one by one: hours, where a flop's grouped enumeration took 1.46 s on a quiet
  // machine and finished before the signal.)
  const auto exact = interrupt_equity({"random", "random", "--method", "boards"}, std::chrono::milliseconds(1500));
  EXPECT_EQ(exact.exit_code, 130);
  EXPECT_EQ(exact.out, "");
  EXPECT_EQ(exact.err, "equity: cancelled\n");
}

TEST(EquityCommand, BadOptionsAreOneLineAndExitCodeTwo) {
  for (const char* args : {"AA KK --seed -1", "AA KK --seed 99999999999999999999", "AA KK --seed 9007199254740992",
                           "AA KK --seed 1e3", "AA KK --method boards --mc", "AA KK --method boards --trials 100",
                           "AA KK --table /nonexistent/table", "AsAc AsKd", "AA KK --mc --exact"}) {
    SCOPED_TRACE(args);
    const auto r = test::run_equity(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("equity: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_EQ(test::run_equity("AsAc AsKd").err, "equity: card As appears twice (again in player 2)\n");
  EXPECT_EQ(test::run_equity("AA KK --seed 9007199254740991 --mc --trials 1000").exit_code, 0);
}

TEST(EquityCommand, ABadEnvironmentTableIsAnError) {
  {
    const ScopedEnv env("EQUITY_RESULTS", "/nonexistent/table");
    const auto r = test::run_equity("AA KK");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("EQUITY_RESULTS"), std::string::npos) << r.err;
  }
  const ScopedEnv env("EQUITY_RESULTS", "results");
  const auto good = test::run_equity("AA KK --json");
  EXPECT_EQ(json::parse(good.out)["mode"], "table");
}

}  // namespace
}  // namespace equity
