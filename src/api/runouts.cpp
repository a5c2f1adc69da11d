// Runs and two boards (runouts.hpp). Each part of the pot (a run, or a board) has its known cards
// and its cards to come; every runout of a part is scored once (evaluate_rows(), the game's own
// scoring), into each player's pot units of that part and who scooped it. A deal is one runout a
// part with no card twice: exact by every sequence (the parts' tables crossed, the sequences with a
// card twice left out), else sampled (each part's runout drawn from its table, a sequence with a
// card twice drawn again: uniform over the deals).
#include "equity/runouts.hpp"

#include <tbb/blocked_range.h>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "api/assignments.hpp"
#include "api/joint_sample.hpp"
#include "api/part_payout.hpp"
#include "api/question.hpp"
#include "count/standard_error.hpp"
#include "detail/parallel.hpp"
#include "detail/rng.hpp"
#include "equity/calculate.hpp"
#include "equity/error.hpp"
#include "equity/evaluate_rows.hpp"
#include "equity/omaha_enumeration.hpp"
#include "equity/pot.hpp"
#include "equity/stopwatch.hpp"

namespace equity::detail {
namespace {

constexpr double kRunoutExactWork = 2e8;  // sequences automatic counts exactly (about a second)
constexpr double kRunoutExactLimit = 1e10;

// Every runout of one part: its cards, each player's pot units of it, who scooped it.
struct PartTable {
  std::vector<std::uint64_t> cards;  // CardSet bits
  std::vector<std::uint16_t> units;  // runout x players
  std::vector<std::uint16_t> scoop;  // bit p: player p took the part alone
};

// Every way of `k` cards of `deck`, in order.
std::vector<std::vector<Card>> subsets(const std::vector<Card>& deck, int k) {
  std::vector<std::vector<Card>> out;
  std::vector<Card> chosen;
  auto rec = [&](auto&& self, std::size_t from) -> void {
    if (static_cast<int>(chosen.size()) == k) {
      out.push_back(chosen);
      return;
    }
    for (std::size_t i = from; i + (k - chosen.size()) <= deck.size(); ++i) {
      chosen.push_back(deck[i]);
      self(self, i + 1);
      chosen.pop_back();
    }
  };
  rec(rec, 0);
  return out;
}

PartTable part_table(Game game, const std::vector<CardSet>& holes, CardSet known, int to_come, CardSet out) {
  const GameRules& rules = game_rules(game);
  const auto runouts = subsets((rules.deck - out).cards(), to_come);
  const std::size_t n = holes.size(), hole = static_cast<std::size_t>(holes[0].size());
  const std::size_t columns = hole + static_cast<std::size_t>(rules.board_cards);
  std::vector<std::uint8_t> ids;
  ids.reserve(runouts.size() * n * columns);
  const std::vector<Card> board = known.cards();
  for (const auto& r : runouts)
    for (CardSet h : holes) {
      for (Card c : h.cards()) ids.push_back(static_cast<std::uint8_t>(c.id()));
      for (Card c : board) ids.push_back(static_cast<std::uint8_t>(c.id()));
      for (Card c : r) ids.push_back(static_cast<std::uint8_t>(c.id()));
    }
  std::vector<HandRank> ranks(runouts.size() * n);
  std::vector<LowRank> lows(rules.low ? ranks.size() : 0);
  evaluate_rows(game, columns, ids, ranks, lows, 0);
  PartTable t;
  t.units.resize(ranks.size());
  for (std::size_t r = 0; r < runouts.size(); ++r) {
    CardSet set;
    for (Card c : runouts[r]) set.insert(c);
    t.cards.push_back(set.bits());
    // Who has the best high and the best low (none: no low qualifies), as every Omaha method and
    // the tests' brute force decide it; the high-only games' lows are not read.
    const OmahaWinners w = omaha_winners(&ranks[r * n], rules.low ? &lows[r * n] : nullptr, n, rules.low);
    for (std::size_t p = 0; p < n; ++p) t.units[r * n + p] = static_cast<std::uint16_t>(part_units(w, p));
    t.scoop.push_back(static_cast<std::uint16_t>(part_scooper(w)));
  }
  return t;
}

struct Tally {
  std::vector<std::uint64_t> units;    // players
  std::vector<std::uint64_t> scooped;  // players x (parts + 1)
  std::uint64_t deals = 0;
  Tally(std::size_t n, int parts) : units(n), scooped(n * static_cast<std::size_t>(parts + 1)) {}
  Tally& operator+=(const Tally& o) {
    for (std::size_t i = 0; i < units.size(); ++i) units[i] += o.units[i];
    for (std::size_t i = 0; i < scooped.size(); ++i) scooped[i] += o.scooped[i];
    deals += o.deals;
    return *this;
  }
};

// Two parts, the second's runouts of at most two cards: for each first runout, the second runouts
// it leaves are all of them less those holding one of its cards, by inclusion and exclusion
// (sums over the second runouts holding a card, plus those holding two of them: a runout of two
// cards is its own pair). Each sum keeps the runouts, each player's units, and his scoops; the
// counters wrap modulo 2^64, so the subtractions are exact. The same integers as the double loop
// below, in one pass over the first part.
Tally count_pairs(const PartTable& first, const PartTable& second, std::size_t n, const std::atomic<bool>* cancel) {
  const std::size_t width = 1 + 2 * n;  // runouts, then each player's units, then his scoops
  std::vector<std::uint64_t> total(width), by_card(64 * width), by_pair;
  const bool pairs = std::popcount(second.cards[0]) == 2;
  if (pairs) by_pair.assign(64 * 64 * width, 0);
  auto add = [&](std::uint64_t* into, std::size_t r) {
    into[0] += 1;
    for (std::size_t p = 0; p < n; ++p) {
      into[1 + p] += second.units[r * n + p];
      into[1 + n + p] += (second.scoop[r] >> p) & 1u;
    }
  };
  for (std::size_t r = 0; r < second.cards.size(); ++r) {
    add(total.data(), r);
    for (std::uint64_t m = second.cards[r]; m; m &= m - 1) add(&by_card[std::countr_zero(m) * width], r);
    if (pairs) {
      const int lo = std::countr_zero(second.cards[r]), hi = 63 - std::countl_zero(second.cards[r]);
      add(&by_pair[(static_cast<std::size_t>(lo) * 64 + static_cast<std::size_t>(hi)) * width], r);
    }
  }
  return detail::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, first.cards.size(), 64), Tally(n, 2),
      [&](const tbb::blocked_range<std::size_t>& range, Tally t) {
        std::vector<std::uint64_t> left(width);
        for (std::size_t r = range.begin(); r != range.end(); ++r) {
          if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
          left = total;
          for (std::uint64_t m = first.cards[r]; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            for (std::size_t i = 0; i < width; ++i) left[i] -= by_card[static_cast<std::size_t>(c) * width + i];
            if (pairs)
              for (std::uint64_t k = m & (m - 1); k; k &= k - 1) {
                const std::size_t at =
                    (static_cast<std::size_t>(c) * 64 + static_cast<std::size_t>(std::countr_zero(k))) * width;
                for (std::size_t i = 0; i < width; ++i) left[i] += by_pair[at + i];
              }
          }
          t.deals += left[0];
          for (std::size_t p = 0; p < n; ++p) {
            t.units[p] += left[0] * first.units[r * n + p] + left[1 + p];
            const std::size_t s1 = (first.scoop[r] >> p) & 1u, scoops = left[1 + n + p];
            t.scooped[p * 3 + s1 + 1] += scoops;
            t.scooped[p * 3 + s1] += left[0] - scoops;
          }
        }
        return t;
      },
      [](Tally a, const Tally& b) { return std::move(a += b); });
}

// Every sequence of one runout a part with no card twice, the first part's runouts shared out;
// throws Cancelled once `cancel` is raised.
Tally count_exact(const std::vector<const PartTable*>& parts, std::size_t n, const std::atomic<bool>* cancel) {
  const int s = static_cast<int>(parts.size());
  return detail::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, parts[0]->cards.size(), 16), Tally(n, s),
      [&](const tbb::blocked_range<std::size_t>& range, Tally t) {
        std::vector<std::size_t> at(static_cast<std::size_t>(s));
        auto rec = [&](auto&& self, int i, std::uint64_t used) -> void {
          if (i == s) {
            ++t.deals;
            for (std::size_t p = 0; p < n; ++p) {
              int k = 0;
              for (int j = 0; j < s; ++j) {
                const PartTable& part = *parts[static_cast<std::size_t>(j)];
                const std::size_t r = at[static_cast<std::size_t>(j)];
                t.units[p] += part.units[r * n + p];
                k += (part.scoop[r] >> p) & 1;
              }
              ++t.scooped[p * static_cast<std::size_t>(s + 1) + static_cast<std::size_t>(k)];
            }
            return;
          }
          const PartTable& part = *parts[static_cast<std::size_t>(i)];
          for (std::size_t r = 0; r < part.cards.size(); ++r) {
            if (part.cards[r] & used) continue;
            at[static_cast<std::size_t>(i)] = r;
            self(self, i + 1, used | part.cards[r]);
          }
        };
        for (std::size_t r = range.begin(); r != range.end(); ++r) {
          if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
          at[0] = r;
          rec(rec, 1, parts[0]->cards[r]);
        }
        return t;
      },
      [](Tally a, const Tally& b) { return std::move(a += b); });
}

// Sampled: each part's runout drawn from its table, a sequence with a card twice drawn again, until
// every equity's standard error is within the question's target (or its trials or time).
Tally sample(const std::vector<const PartTable*>& parts, std::size_t n, const Question& q, std::uint64_t seed,
             std::vector<double>& sum_squares) {
  const int s = static_cast<int>(parts.size());
  Tally t(n, s);
  sum_squares.assign(n, 0.0);
  Rng rng(seed, 0x52554e53);  // "RUNS"
  const double target =
      q.target_stderr > 0 ? q.target_stderr : (q.max_trials > 0 || q.max_seconds > 0 ? 0 : kDefaultStderr);
  const Stopwatch clock;
  std::vector<std::size_t> at(static_cast<std::size_t>(s));
  const double whole = 5040.0 * s;
  while (true) {
    for (int batch = 0; batch < 4096; ++batch) {
      std::uint64_t used = 0;
      bool clash = true;
      while (clash) {
        clash = false;
        used = 0;
        for (int i = 0; i < s && !clash; ++i) {
          const PartTable& part = *parts[static_cast<std::size_t>(i)];
          const std::size_t r = rng.below(static_cast<std::uint32_t>(part.cards.size()));
          clash = (part.cards[r] & used) != 0;
          used |= part.cards[r];
          at[static_cast<std::size_t>(i)] = r;
        }
      }
      ++t.deals;
      for (std::size_t p = 0; p < n; ++p) {
        std::uint64_t units = 0;
        int k = 0;
        for (int j = 0; j < s; ++j) {
          const PartTable& part = *parts[static_cast<std::size_t>(j)];
          units += part.units[at[static_cast<std::size_t>(j)] * n + p];
          k += (part.scoop[at[static_cast<std::size_t>(j)]] >> p) & 1;
        }
        t.units[p] += units;
        const double x = static_cast<double>(units) / whole;
        sum_squares[p] += x * x;
        ++t.scooped[p * static_cast<std::size_t>(s + 1) + static_cast<std::size_t>(k)];
      }
    }
    if (q.cancel && q.cancel->load()) break;
    if (q.max_trials && t.deals >= q.max_trials) break;
    if (q.max_seconds > 0 && clock.seconds() >= q.max_seconds) break;
    if (target > 0) {
      double worst = 0;
      const double d = static_cast<double>(t.deals);
      for (std::size_t p = 0; p < n; ++p)
        worst = std::max(worst, standard_error_of_mean(static_cast<double>(t.units[p]) / whole, sum_squares[p], d));
      if (worst <= target) break;
    }
  }
  return t;
}

}  // namespace

namespace {

// The players holding ranges (not a specific hand).
std::vector<std::size_t> ranged_players(const PlannedQuestion& s) {
  std::vector<std::size_t> out;
  for (std::size_t p = 0; p < s.parsed.players.size(); ++p)
    if (!s.parsed.players[p].specific) out.push_back(p);
  return out;
}

// The cards of the players holding specific hands.
CardSet specific_cards(const PlannedQuestion& s) {
  CardSet out;
  for (const auto& p : s.parsed.players)
    if (p.specific) out = out | p.known;
  return out;
}

// Runs and two boards over ranges are counted exactly, way by way of the ranges' hands together: at
// most this many ways.
constexpr std::uint64_t kRunoutAssignments = 20000;

// Why runs and two boards over these ranges cannot be counted exactly ("" when they can: every way
// the ranges hold their hands, whole hands, within the work the question allows); they are then
// sampled jointly (joint_sample.hpp).
std::string not_exact_over_ranges(const PlannedQuestion& s) {
  const std::vector<std::size_t> ranged = ranged_players(s);
  const Question& q = s.question;
  const Method asked = asked_method(q);
  if (asked == Method::monte_carlo) return "Monte Carlo was asked for";
  for (std::size_t p : ranged)
    if (s.parsed.players[p].dealt)
      return "player " + std::to_string(p + 1) + " ('random') holds every hand: too many to count way by way";
  const PlayerHands hands = player_hands(s, ranged);
  if (hands.weighted) return "a range is weighted: exact counts whole hands way by way";
  const std::uint64_t ways = count_assignments(hands, kRunoutAssignments, specific_cards(s));
  if (ways > kRunoutAssignments)
    return "the ranges hold their hands together in more than " + std::to_string(kRunoutAssignments) + " ways";
  // Each way's sequences: one runout a part, each part's runouts of the cards every way leaves.
  const GameRules& rules = game_rules(q.game);
  CardSet out = card_set(q.dead, "dead cards") | card_set(q.board, "board") | card_set(q.board2, "board2");
  for (const auto& p : s.parsed.players) out = out | p.known;
  const int left = rules.deck_size() - out.size() - static_cast<int>(ranged.size()) * rules.hole_cards;
  const int to_come[2] = {rules.board_cards - card_set(q.board, "board").size(),
                          rules.board_cards - card_set(q.board2, "board2").size()};
  const int boards = q.board2.empty() ? 1 : 2;
  double work = static_cast<double>(ways);
  for (int i = 0; i < q.runs * boards; ++i) work *= static_cast<double>(choose(left, to_come[i % boards]));
  const double limit = asked == Method::exact ? kRunoutExactLimit : kRunoutExactWork;
  if (work > limit)
    return std::to_string(ways) + " ways the ranges hold their hands x their sequences of runouts, " +
           std::to_string(static_cast<long long>(work)) + " in all, more than " +
           (asked == Method::exact ? "exact counts (1e10)" : "counted automatically (2e8)");
  return "";
}

// Exact asked for and impossible over ranges: refused.
void check_runout_ranges(const PlannedQuestion& s, const std::string& what) {
  if (ranged_players(s).empty() || asked_method(s.question) != Method::exact) return;
  if (const std::string why = not_exact_over_ranges(s); !why.empty())
    throw InputError(what + ": over ranges, exact: " + why + ": ask for Monte Carlo");
}

}  // namespace

void check_runouts(const PlannedQuestion& s) {
  const Question& q = s.question;
  const bool two = !q.board2.empty();
  if (!asks_runouts(q)) return;
  const GameRules& rules = game_rules(q.game);
  const std::string what = two ? "board2" : "runs";
  if (rules.board_cards == 0)
    throw InputError(what + ": " + std::string(rules.name) + " has no board to " +
                     (two ? "deal twice" : "run more than once"));
  if (q.runs < 1) throw InputError("runs: 1 or more, not " + std::to_string(q.runs));
  check_runout_ranges(s, what);
  const CardSet board_cards = card_set(q.board, "board"), board2_cards = card_set(q.board2, "board2");
  CardSet used = card_set(q.dead, "dead cards") | board_cards | board2_cards;
  for (const auto& p : s.parsed.players) used = used | p.known;
  const int left = rules.deck_size() - used.size();
  const int board = board_cards.size();
  if (two) {
    const int second = board2_cards.size();
    if (second != 0 && (second < 3 || second > 5))
      throw InputError("board2: 0, 3, 4 or 5 cards, not " + std::to_string(second));
    const int per_run = (5 - board) + (5 - second);
    if (per_run == 0 && q.runs > 1) throw InputError("runs: both boards are complete: nothing is left to run");
    if (q.runs == 1 && per_run > left)
      throw InputError("board2: the deck has " + std::to_string(left) + " cards left, not the " +
                       std::to_string(per_run) + " both boards need");
    if (q.runs * per_run > left)
      throw InputError("runs: " + std::to_string(q.runs) + " runs of both boards need " +
                       std::to_string(q.runs * per_run) + " cards, the deck has " + std::to_string(left) +
                       " left: at most " + std::to_string(left / per_run) + " runs");
    return;
  }
  const int k = rules.board_cards - board;
  if (k == 0) throw InputError("runs: the board is complete: nothing is left to run");
  if (q.runs * k > left)
    throw InputError("runs: " + std::to_string(q.runs) + " runs of " + std::to_string(k) + " cards need " +
                     std::to_string(q.runs * k) + ", the deck has " + std::to_string(left) + " left: at most " +
                     std::to_string(left / k) + " runs");
}

namespace {

// Each part's table for the players' hands `holes` (the cards in `out` out of the deck), run by
// run: the first board's runout, then (two boards) the second's.
struct Parts {
  std::vector<PartTable> tables;
  std::vector<const PartTable*> parts;
  double work = 1;  // sequences of one runout a part
};

Parts parts_of(const Question& q, const std::vector<CardSet>& holes, CardSet out, int count) {
  const GameRules& rules = game_rules(q.game);
  const CardSet board1 = card_set(q.board, "board"), board2 = card_set(q.board2, "board2");
  const bool two = !q.board2.empty();
  Parts p;
  p.tables.push_back(part_table(q.game, holes, board1, rules.board_cards - board1.size(), out));
  if (two) p.tables.push_back(part_table(q.game, holes, board2, rules.board_cards - board2.size(), out));
  for (int i = 0; i < count; ++i) p.parts.push_back(&p.tables[static_cast<std::size_t>(i % (two ? 2 : 1))]);
  for (const PartTable* t : p.parts) p.work *= static_cast<double>(t->cards.size());
  return p;
}

Tally count_parts(const Parts& p, std::size_t n, const std::atomic<bool>* cancel) {
  const bool pairs = p.parts.size() == 2 && std::popcount(p.parts[1]->cards[0]) <= 2;
  return pairs ? count_pairs(*p.parts[0], *p.parts[1], n, cancel) : count_exact(p.parts, n, cancel);
}

// Over ranges: every way the ranges hold their hands together (no card twice), each counted
// exactly, their counts added (each way leaves the same number of cards: as many deals each, the
// sum is the joint count).
// (check_runout_ranges() checked the ways and their work.)
Tally count_over_ranges(const PlannedQuestion& s, int count, std::vector<CardSet> holes, CardSet out) {
  const std::vector<std::size_t> ranged = ranged_players(s);
  Tally total(holes.size(), count);
  each_assignment(
      player_hands(s, ranged),
      [&](const std::vector<CardSet>& each) {
        CardSet mine = out;
        for (std::size_t i = 0; i < ranged.size(); ++i) holes[ranged[i]] = each[i], mine = mine | each[i];
        total += count_parts(parts_of(s.question, holes, mine, count), holes.size(), s.question.cancel);
        return true;
      },
      specific_cards(s));
  return total;
}

}  // namespace

RunoutAnswer answer_runouts(const PlannedQuestion& s) {
  const Question& q = s.question;
  const bool two = !q.board2.empty();
  const std::size_t n = s.parsed.players.size();
  std::vector<CardSet> holes;
  for (const auto& p : s.parsed.players) holes.push_back(p.known);
  CardSet out = card_set(q.dead, "dead cards") | card_set(q.board, "board") | card_set(q.board2, "board2");
  for (CardSet h : holes) out = out | h;
  RunoutAnswer a;
  a.boards = two ? 2 : 1;
  a.runs = q.runs;
  a.parts = a.boards * a.runs;
  a.board2 = to_string(parse_cards(q.board2, "board2"));  // as written, as the board
  std::vector<double> sum_squares;
  a.seed = q.seed.value_or(random_seed());
  Tally t(n, a.parts);
  const bool ranges = !ranged_players(s).empty();
  if (ranges && not_exact_over_ranges(s).empty()) {
    t = count_over_ranges(s, a.parts, holes, out);
    a.exact = true;
  } else if (ranges) {
    PotLayer all;  // the whole pot, every player's
    for (std::size_t p = 0; p < n; ++p) all.players.push_back(p);
    const JointSample j = joint_sample(s, {all}, a.seed);
    a.exact = false;
    a.deals = j.trials;
    a.pot_units = j.units;
    a.scooped = j.scooped;
    a.equity = j.equity;
    a.standard_error = j.standard_error;
    return a;
  } else {
    const Parts p = parts_of(q, holes, out, a.parts);
    const Method asked = asked_method(q);
    a.exact = asked == Method::exact || (asked != Method::monte_carlo && p.work <= kRunoutExactWork);
    if (a.exact && p.work > kRunoutExactLimit)
      throw InputError("exact: " + std::to_string(static_cast<long long>(p.work)) +
                       " sequences of runouts, more than exact counts (1e10): ask for Monte Carlo");
    t = !a.exact ? sample(p.parts, n, q, a.seed, sum_squares) : count_parts(p, n, q.cancel);
  }
  if (a.exact) a.seed = 0;
  a.deals = t.deals;
  a.pot_units = t.units;
  const double whole = 5040.0 * a.parts, d = static_cast<double>(t.deals);
  for (std::size_t p = 0; p < n; ++p) {
    a.scooped.emplace_back(t.scooped.begin() + static_cast<std::ptrdiff_t>(p * (a.parts + 1)),
                           t.scooped.begin() + static_cast<std::ptrdiff_t>((p + 1) * (a.parts + 1)));
    const double share = static_cast<double>(t.units[p]) / whole;
    a.equity.push_back(share / d);
    if (!a.exact) a.standard_error.push_back(standard_error_of_mean(share, sum_squares[p], d));
  }
  return a;
}

}  // namespace equity::detail
