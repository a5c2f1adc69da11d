#include "equity/enumeration.hpp"

#include <tbb/parallel_reduce.h>
#include <tbb/blocked_range.h>

#include <algorithm>
#include <bit>
#include <string>

#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "equity/showdown.hpp"

namespace equity {

CardSet Deal::used_cards() const {
  CardSet used;
  for (const auto& h : hands) used |= to_set(h[0]) | to_set(h[1]);
  for (Card c : board) used.insert(c);
  for (Card c : dead) used.insert(c);
  return used;
}

void validate(const Deal& deal) {
  if (deal.hands.size() < 2)
    throw InputError("need at least 2 hands, got " + std::to_string(deal.hands.size()));
  if (deal.hands.size() > static_cast<std::size_t>(kMaxPlayers))
    throw InputError("at most " + std::to_string(kMaxPlayers) + " hands, got " + std::to_string(deal.hands.size()));
  const std::size_t b = deal.board.size();
  if (b == 1 || b == 2 || b > 5)
    throw InputError("board has " + std::to_string(b) + " cards; it must have 0, 3, 4 or 5");
  CardSet seen;
  auto add = [&](Card c, const std::string& where) {
    if (seen.contains(c)) throw InputError("card " + c.str() + " appears twice (again in " + where + ")");
    seen.insert(c);
  };
  for (std::size_t i = 0; i < deal.hands.size(); ++i)
    for (Card c : deal.hands[i]) add(c, "hand " + std::to_string(i + 1));
  for (Card c : deal.board) add(c, "board");
  for (Card c : deal.dead) add(c, "dead cards");
  if (52 - seen.size() < static_cast<int>(5 - b))
    throw InputError("not enough cards left in the deck to complete the board");
}

double EnumerationResult::equity(std::size_t p) const {
  if (boards == 0) return 0.0;
  return static_cast<double>(players[p].share) / (static_cast<double>(kShareUnit) * static_cast<double>(boards));
}

std::uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return r;
}

namespace {

constexpr std::array<std::array<std::int64_t, 5>, 5> kChoose = {{
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}}};

// Signed per-player sums: the flush pass subtracts rank-only outcomes it replaces.
struct Tally {
  std::array<std::int64_t, kMaxPlayers> wins{}, ties{}, share{};
};

// Adds `weight` boards on which the players' hands have the given ranks.
inline void add_outcome(const HandRank* value, int n, std::int64_t weight, Tally& t) {
  HandRank best = value[0];
  for (int p = 1; p < n; ++p)
    if (compare(value[p], best) == Outcome::Win) best = value[p];
  int winners = 0;
  for (int p = 0; p < n; ++p) winners += compare(value[p], best) == Outcome::Split;
  if (winners == 1) {
    for (int p = 0; p < n; ++p)
      if (value[p] == best) {
        t.wins[static_cast<std::size_t>(p)] += weight;
        t.share[static_cast<std::size_t>(p)] += weight * static_cast<std::int64_t>(kShareUnit);
      }
    return;
  }
  const std::int64_t split = weight * static_cast<std::int64_t>(kShareUnit) / winners;
  for (int p = 0; p < n; ++p)
    if (value[p] == best) {
      t.ties[static_cast<std::size_t>(p)] += weight;
      t.share[static_cast<std::size_t>(p)] += split;
    }
}

// Calls f(key_sum, weight) for every multiset of `k` ranks with at most avail[r] of rank r: key_sum
// is the sum of the ranks' additive keys, weight the number of card sets with those ranks.
template <class F>
void for_each_rank_multiset(const std::array<int, kRanks>& avail, int k, F&& f) {
  auto rec = [&](auto&& self, int rank, int left, std::uint32_t key, std::int64_t weight) -> void {
    if (left == 0) {
      f(key, weight);
      return;
    }
    if (rank < 0) return;
    const int a = avail[static_cast<std::size_t>(rank)];
    const std::uint32_t rank_key = detail::kRankKeys[static_cast<std::size_t>(rank)];
    for (int c = 0; c <= std::min(a, left); ++c)
      self(self, rank - 1, left - c, key + static_cast<std::uint32_t>(c) * rank_key, weight * kChoose[static_cast<std::size_t>(a)][static_cast<std::size_t>(c)]);
  };
  rec(rec, kRanks - 1, k, 0u, 1);
}

// Calls f(subset) for every subset of `mask` with exactly k bits.
template <class F>
void for_each_subset(unsigned mask, int k, F&& f) {
  auto rec = [&](auto&& self, unsigned rest, int left, unsigned chosen) -> void {
    if (left == 0) {
      f(chosen);
      return;
    }
    if (std::popcount(rest) < left) return;
    const unsigned low = rest & (0u - rest);
    self(self, rest & ~low, left - 1, chosen | low);
    self(self, rest & ~low, left, chosen);
  };
  rec(rec, mask, k, 0u);
}

std::uint32_t key_of_ranks(unsigned rank_mask) {
  std::uint32_t key = 0;
  for (; rank_mask; rank_mask &= rank_mask - 1) key += detail::kRankKeys[static_cast<std::size_t>(std::countr_zero(rank_mask))];
  return key;
}

EnumerationResult finish(const Tally& t, int n, std::uint64_t boards) {
  EnumerationResult result;
  result.boards = boards;
  result.players.resize(static_cast<std::size_t>(n));
  for (std::size_t p = 0; p < static_cast<std::size_t>(n); ++p) {
    auto& pc = result.players[p];
    pc.wins = static_cast<std::uint64_t>(t.wins[p]);
    pc.ties = static_cast<std::uint64_t>(t.ties[p]);
    pc.losses = boards - pc.wins - pc.ties;
    pc.share = static_cast<std::uint64_t>(t.share[p]);
  }
  return result;
}

}  // namespace

EnumerationResult enumerate(const Deal& deal) {
  validate(deal);
  const int n = static_cast<int>(deal.hands.size());
  const CardSet remaining = CardSet::full() - deal.used_cards();
  const int k = 5 - static_cast<int>(deal.board.size());
  const Hand board(deal.board);

  std::array<std::uint32_t, kMaxPlayers> known_key{};  // rank key of hole cards + board
  std::array<Hand, kMaxPlayers> holes{};
  for (int p = 0; p < n; ++p) {
    holes[static_cast<std::size_t>(p)] = Hand(deal.hands[static_cast<std::size_t>(p)]);
    known_key[static_cast<std::size_t>(p)] = (holes[static_cast<std::size_t>(p)] + board).rank_key();
  }

  Tally tally;
  std::array<HandRank, kMaxPlayers> value{};

  // Main pass: every board as if no flush were possible, grouped by rank multiset.
  const auto avail = remaining.rank_counts();
  for_each_rank_multiset(avail, k, [&](std::uint32_t key, std::int64_t weight) {
    for (int p = 0; p < n; ++p) value[static_cast<std::size_t>(p)] = rank_only_value(known_key[static_cast<std::size_t>(p)] + key);
    add_outcome(value.data(), n, weight, tally);
  });

  // Flush pass: boards with enough cards of one suit for somebody's flush. With five board
  // cards at most one suit can have three or more, so the suits' board sets are disjoint.
  const CardSet board_set = board.cards();
  for (int s = 0; s < kSuits; ++s) {
    const int board_suited = std::popcount(board_set.suit_ranks(s));
    std::array<unsigned, kMaxPlayers> suited{};  // hole + board ranks of suit s, per player
    std::array<int, kMaxPlayers> needed{};       // dealt cards of suit s this player's flush needs
    int min_needed = 99;
    for (int p = 0; p < n; ++p) {
      suited[static_cast<std::size_t>(p)] = holes[static_cast<std::size_t>(p)].cards().suit_ranks(s) | board_set.suit_ranks(s);
      needed[static_cast<std::size_t>(p)] = std::max(0, 5 - std::popcount(suited[static_cast<std::size_t>(p)]));
      min_needed = std::min(min_needed, needed[static_cast<std::size_t>(p)]);
    }
    const unsigned deck_suited = remaining.suit_ranks(s);
    if (board_suited + std::min(k, std::popcount(deck_suited)) < 3) continue;
    std::array<int, kRanks> other_avail = avail;  // the deck without suit s, by rank
    for (unsigned m = deck_suited; m; m &= m - 1) --other_avail[static_cast<std::size_t>(std::countr_zero(m))];

    for (int j = min_needed; j <= std::min(k, std::popcount(deck_suited)); ++j) {
      for_each_subset(deck_suited, j, [&](unsigned dealt_suited) {
        std::array<HandRank, kMaxPlayers> flush{};
        for (int p = 0; p < n; ++p)
          if (needed[static_cast<std::size_t>(p)] <= j)
            flush[static_cast<std::size_t>(p)] = flush_value(suited[static_cast<std::size_t>(p)] | dealt_suited);
        const std::uint32_t suited_key = key_of_ranks(dealt_suited);
        for_each_rank_multiset(other_avail, k - j, [&](std::uint32_t key, std::int64_t weight) {
          std::array<HandRank, kMaxPlayers> rank_only{};
          for (int p = 0; p < n; ++p) {
            const auto pp = static_cast<std::size_t>(p);
            rank_only[pp] = rank_only_value(known_key[pp] + suited_key + key);
            value[pp] = needed[pp] <= j ? flush[pp] : rank_only[pp];
          }
          add_outcome(value.data(), n, weight, tally);
          add_outcome(rank_only.data(), n, -weight, tally);
        });
      });
    }
  }
  return finish(tally, n, choose(remaining.size(), k));
}

EnumerationResult walk_boards(const Deal& deal) {
  validate(deal);
  const int n = static_cast<int>(deal.hands.size());
  const std::vector<Card> deck = (CardSet::full() - deal.used_cards()).cards();
  const int d = static_cast<int>(deck.size());
  const int k = 5 - static_cast<int>(deal.board.size());
  std::array<Hand, kMaxPlayers> known{};
  for (int p = 0; p < n; ++p) known[static_cast<std::size_t>(p)] = Hand(deal.hands[static_cast<std::size_t>(p)]) + Hand(deal.board);

  // Boards are k-subsets of the deck; tasks split on the first (lowest) dealt card.
  auto walk_from = [&](int first, Tally& t) {
    std::array<HandRank, kMaxPlayers> value{};
    auto rec = [&](auto&& self, int next, int left, Hand dealt) -> void {
      if (left == 0) {
        for (int p = 0; p < n; ++p) value[static_cast<std::size_t>(p)] = evaluate(known[static_cast<std::size_t>(p)] + dealt);
        add_outcome(value.data(), n, 1, t);
        return;
      }
      for (int i = next; i <= d - left; ++i) self(self, i + 1, left - 1, dealt + Hand(deck[static_cast<std::size_t>(i)]));
    };
    if (first < 0) rec(rec, 0, 0, Hand());
    else rec(rec, first + 1, k - 1, Hand(deck[static_cast<std::size_t>(first)]));
  };
  Tally total;
  if (k == 0) {
    walk_from(-1, total);
  } else {
    total = tbb::parallel_reduce(
        tbb::blocked_range<int>(0, d - k + 1, 1), Tally{},
        [&](const tbb::blocked_range<int>& r, Tally t) {
          for (int first = r.begin(); first < r.end(); ++first) walk_from(first, t);
          return t;
        },
        [](Tally a, const Tally& b) {
          for (std::size_t p = 0; p < kMaxPlayers; ++p) {
            a.wins[p] += b.wins[p];
            a.ties[p] += b.ties[p];
            a.share[p] += b.share[p];
          }
          return a;
        });
  }
  return finish(total, n, choose(d, k));
}

}  // namespace equity
