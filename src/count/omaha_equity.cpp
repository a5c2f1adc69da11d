// Omaha's deal and its exact enumeration over ranges, board by board (omaha_equity.hpp).
#include "count/omaha_equity.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "count/omaha_sweep.hpp"
#include "detail/parallel.hpp"
#include "equity/deal.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"

namespace equity {

namespace omaha_sweep {

// Every hand of k cards of `from`, weight 1, in increasing order of their masks' positions.
std::vector<OmahaCombo> every_hand(CardSet from, int k) {
  const std::vector<Card> cards = from.cards();
  const int n = static_cast<int>(cards.size());
  std::vector<OmahaCombo> out;
  if (k > n) return out;
  std::vector<int> pick(static_cast<std::size_t>(k));
  std::iota(pick.begin(), pick.end(), 0);
  for (;;) {
    CardSet hand;
    for (int i : pick) hand.insert(cards[static_cast<std::size_t>(i)]);
    out.push_back({hand, 1.0});
    int i = k - 1;
    while (i >= 0 && pick[static_cast<std::size_t>(i)] == n - k + i) --i;
    if (i < 0) return out;
    ++pick[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < k; ++j) pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
  }
}

}  // namespace omaha_sweep

namespace {

using namespace omaha_sweep;

// Whether the listed ranges can be dealt together (random players take what is left): a search
// with a budget; out of budget counts as yes (Monte Carlo's redraw guard catches the rest).
bool can_deal(const std::vector<const std::vector<OmahaCombo>*>& lists, std::size_t level, CardSet used,
              std::uint64_t& budget) {
  if (level == lists.size()) return true;
  for (const auto& c : *lists[level]) {
    if (budget == 0) return true;
    --budget;
    if (!c.cards.intersects(used) && can_deal(lists, level + 1, used | c.cards, budget)) return true;
  }
  return false;
}

}  // namespace

OmahaPrepared prepare_omaha(const OmahaDeal& deal) {
  const GameRules& rules = game_rules(deal.game);
  if (!omaha_like(deal.game)) throw InputError("prepare_omaha: " + std::string(rules.name) + " is not an Omaha game");
  const std::size_t n = deal.ranges.size();
  check_players(n);
  check_board(deal.board.size());
  OmahaPrepared prep;
  prep.game = deal.game;
  prep.hole_cards = rules.hole_cards;
  prep.hi_lo = rules.low;
  prep.cards_to_come = 5 - static_cast<int>(deal.board.size());
  for (Card c : deal.board) add_card(prep.known, c, "board", deal.game);
  prep.board = prep.known;
  for (Card c : deal.dead) add_card(prep.known, c, "dead cards", deal.game);
  prep.dead = prep.known - prep.board;
  for (std::size_t p = 0; p < n; ++p) {
    const OmahaRange& r = deal.ranges[p];
    if (r.hole_cards() != rules.hole_cards)
      throw InputError(player_name(p) + ": a range of " + std::to_string(r.hole_cards()) + "-card hands; an " +
                       std::string(rules.name) + " hand has " + std::to_string(rules.hole_cards));
    if (r.specific())
      for (Card c : r.hand().cards()) add_card(prep.known, c, player_name(p), deal.game);
  }
  const int left = kCards - prep.known.size();
  int dealt = prep.cards_to_come;
  for (const auto& r : deal.ranges) dealt += r.specific() ? 0 : rules.hole_cards;
  if (dealt > left)
    throw InputError(std::to_string(n) + " players of " + std::to_string(rules.hole_cards) +
                     " hole cards and the board need " + std::to_string(dealt + kCards - left - prep.dead.size()) +
                     " cards; the deck has " + std::to_string(kCards - prep.dead.size()));
  prep.random.resize(n);
  prep.combos.resize(n);
  prep.hands.resize(n);
  std::vector<const std::vector<OmahaCombo>*> listed;
  for (std::size_t p = 0; p < n; ++p) {
    const OmahaRange& r = deal.ranges[p];
    const CardSet removed = prep.known - (r.specific() ? r.hand() : CardSet());
    if (r.random()) {
      prep.random[p] = true;
      prep.hands[p] = static_cast<double>(choose(kCards - removed.size(), rules.hole_cards));
      continue;
    }
    prep.combos[p] = r.combos(removed, kOmahaComboLimit, player_name(p));
    if (prep.combos[p].empty())
      throw InputError(player_name(p) + "'s range \"" + r.str() +
                       "\" has no hand left once the board, dead cards and other players' hands are removed");
    prep.hands[p] = static_cast<double>(prep.combos[p].size());
    for (const auto& c : prep.combos[p]) prep.weighted |= c.weight != 1.0;
    if (!r.specific()) listed.push_back(&prep.combos[p]);
  }
  std::uint64_t budget = 10'000'000;
  if (!can_deal(listed, 0, prep.known, budget))
    throw InputError("the ranges cannot be dealt together: every assignment of hands shares a card");
  return prep;
}

// ---- The tally ----------------------------------------------------------------------------------

OmahaTally::OmahaTally(std::size_t players) : weighted_wins(players), weighted_ties(players), weighted_units(players) {
  counts.players.resize(players);
}

OmahaTally& OmahaTally::operator+=(const OmahaTally& o) {
  counts += o.counts;
  weight += o.weight;
  for (std::size_t p = 0; p < o.weighted_wins.size(); ++p) {
    weighted_wins[p] += o.weighted_wins[p];
    weighted_ties[p] += o.weighted_ties[p];
    weighted_units[p] += o.weighted_units[p];
  }
  return *this;
}

namespace {

// One showdown into the tally; with Outcomes, also what each player got (a separate instance, so
// that the walk without per-combo counts pays nothing for it).
template <bool Outcomes>
void score_into(OmahaTally& t, std::span<const HandRank> highs, std::span<const LowRank> lows, bool hi_lo, double w,
                OmahaOutcome* outcomes) {
  const std::size_t n = highs.size();
  std::array<std::uint64_t, kMaxPlayers> wins{}, ties{}, units{};
  for (std::size_t p = 0; p < n; ++p) {
    wins[p] = t.counts.players[p].parts[0].wins;
    ties[p] = t.counts.players[p].parts[0].ties;
    units[p] = t.counts.players[p].pot_units;
  }
  score_omaha_showdown(highs, lows, hi_lo, t.counts);
  t.weight += w;
  for (std::size_t p = 0; p < n; ++p) {
    PlayerTally& c = t.counts.players[p];
    const auto category = static_cast<std::size_t>(category_of(highs[p]));
    const bool won = c.parts[0].wins != wins[p], tied = c.parts[0].ties != ties[p];
    c.category_wins[category] += won;
    c.category_ties[category] += tied;
    if (won) t.weighted_wins[p] += w;
    if (tied) t.weighted_ties[p] += w;
    t.weighted_units[p] += w * static_cast<double>(c.pot_units - units[p]);
    if constexpr (Outcomes) outcomes[p] = {won, tied, c.pot_units - units[p]};
  }
}

}  // namespace

void OmahaTally::score(std::span<const HandRank> highs, std::span<const LowRank> lows, bool hi_lo, double w,
                       OmahaOutcome* outcomes) {
  if (outcomes)
    score_into<true>(*this, highs, lows, hi_lo, w, outcomes);
  else
    score_into<false>(*this, highs, lows, hi_lo, w, nullptr);
}

double OmahaTally::equity(std::size_t p) const {
  return weight > 0 ? weighted_units[p] / (static_cast<double>(kPotUnits) * weight) : 0.0;
}

// ---- The work -----------------------------------------------------------------------------------

OmahaWork omaha_work(const OmahaPrepared& prep) {
  OmahaWork work;
  work.cards_to_come = prep.cards_to_come;
  int unheld = kCards - prep.known.size();  // the cards no specific hand, board or dead card holds
  int left = unheld;
  work.assignments = 1;
  for (std::size_t p = 0; p < prep.players(); ++p) {
    work.assignments *= prep.hands[p];
    work.hands += prep.hands[p];
    if (prep.random[p] || prep.combos[p].size() != 1 || !prep.known.intersects(prep.combos[p][0].cards))
      left -= prep.hole_cards;
  }
  work.boards = choose(left, prep.cards_to_come);
  work.outer_boards = static_cast<double>(choose(unheld, prep.cards_to_come));
  work.showdowns = work.assignments * static_cast<double>(work.boards);
  work.evaluations = work.outer_boards * work.hands;
  const bool same =
      prep.players() == 2 && prep.random[0] == prep.random[1] &&
      std::equal(prep.combos[0].begin(), prep.combos[0].end(), prep.combos[1].begin(), prep.combos[1].end(),
                 [](const OmahaCombo& x, const OmahaCombo& y) { return x.cards == y.cards; });
  // The outer boards with three cards of a suit or more (counted up to two cards to come; past that
  // every board, whose sweep is far beyond automatic's limit anyway).
  double flush_boards = work.outer_boards;
  if (prep.cards_to_come <= 2) {
    const std::vector<Card> deck = (CardSet::full() - prep.known).cards();
    const auto flush = [](CardSet board) {
      for (int suit = 0; suit < kSuits; ++suit)
        if (std::popcount(board.suit_ranks(suit)) >= 3) return true;
      return false;
    };
    flush_boards = prep.cards_to_come == 0 ? flush(prep.board) : 0;
    for (std::size_t i = 0; i < deck.size() && prep.cards_to_come > 0; ++i) {
      const CardSet turn = prep.board | to_set(deck[i]);
      if (prep.cards_to_come == 1) flush_boards += flush(turn);
      for (std::size_t j = i + 1; j < deck.size() && prep.cards_to_come == 2; ++j)
        flush_boards += flush(turn | to_set(deck[j]));
    }
  }
  const double counted = same ? prep.hands[0] : kOmahaSweepTwoRangesWork * work.hands;
  work.sweep = work.outer_boards * (counted + kOmahaSweepBoardWork) + flush_boards * counted * kOmahaSweepFlushWork;
  return work;
}

// ---- Exact, board by board ----------------------------------------------------------------------

namespace {

// The hands of one player scored on one board: those the board leaves, with their scores.
struct Scored {
  std::vector<std::uint32_t> index;  // into the player's hands
  std::vector<HandRank> high;
  std::vector<LowRank> low;
};

// One part's counts: the tally, and with per-combo counts every player's hands' (else empty).
struct PartCounts {
  OmahaTally tally;
  OmahaPerCombo combos;

  PartCounts& operator+=(const PartCounts& o) {
    tally += o.tally;
    for (std::size_t p = 0; p < o.combos.size(); ++p)
      for (std::size_t i = 0; i < o.combos[p].size(); ++i) combos[p][i] += o.combos[p][i];
    return *this;
  }
};

class BoardWalk {
 public:
  explicit BoardWalk(const OmahaPrepared& prep) : prep_(prep), n_(prep.players()) {
    hands_.resize(n_);
    for (std::size_t p = 0; p < n_; ++p)
      hands_[p] = prep.random[p] ? every_hand(CardSet::full() - prep.known, prep.hole_cards) : prep.combos[p];
    // The player of the most hands is walked first: the part of the work that is split.
    order_.resize(n_);
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    std::stable_sort(order_.begin(), order_.end(),
                     [&](std::size_t a, std::size_t b) { return hands_[a].size() > hands_[b].size(); });
    boards_ = completions(CardSet::full() - prep.known, prep.cards_to_come);
  }

  std::size_t boards() const { return boards_.size(); }
  std::size_t hands(std::size_t p) const { return hands_[p].size(); }
  std::size_t first_player() const { return order_[0]; }

  // Scores player p's hands [begin, end) on board b into s (appending).
  void score_hands(std::size_t p, CardSet board, std::size_t begin, std::size_t end, Scored& s) const {
    for (std::size_t i = begin; i < end; ++i) {
      const CardSet hand = hands_[p][i].cards;
      if (hand.intersects(board)) continue;
      s.index.push_back(static_cast<std::uint32_t>(i));
      s.high.push_back(omaha_high(hand, board));
      s.low.push_back(prep_.hi_lo ? omaha_low(hand, board) : kNoLow);
    }
  }
  void score_board(CardSet board, std::vector<Scored>& scored) const {
    for (std::size_t p = 0; p < n_; ++p) {
      scored[p] = Scored{};
      score_hands(p, board, 0, hands_[p].size(), scored[p]);
    }
  }
  CardSet board(std::size_t b) const { return prep_.board | CardSet(boards_[b]); }

  // Every assignment whose first player's hand is one of its scored hands [begin, end), into the
  // part's counts (and its hands' counts when it has them).
  void walk(const std::vector<Scored>& scored, std::size_t begin, std::size_t end, PartCounts& out,
            const std::atomic<bool>* cancel = nullptr) const {
    if (out.combos.empty())
      walk_first<false>(scored, begin, end, out, cancel);
    else
      walk_first<true>(scored, begin, end, out, cancel);
  }

  // Every player's hands with no counts yet, for a part to add into.
  OmahaPerCombo empty_combos() const {
    OmahaPerCombo out(n_);
    for (std::size_t p = 0; p < n_; ++p) out[p].resize(hands_[p].size());
    return out;
  }
  // The same named: index, cards and weight.
  OmahaPerCombo named_combos() const {
    OmahaPerCombo out = empty_combos();
    for (std::size_t p = 0; p < n_; ++p)
      for (std::size_t i = 0; i < hands_[p].size(); ++i) {
        out[p][i].combo = static_cast<int>(i);
        out[p][i].cards = hands_[p][i].cards.bits();
        out[p][i].weight = hands_[p][i].weight;
      }
    return out;
  }

 private:
  struct State {
    std::array<HandRank, kMaxPlayers> high{};
    std::array<LowRank, kMaxPlayers> low{};
    std::array<std::uint32_t, kMaxPlayers> hand{};  // per combo: each player's hand (index)
    std::array<double, kMaxPlayers> weight{};       // per combo: its weight
  };

  template <bool PerCombo>
  void walk_first(const std::vector<Scored>& scored, std::size_t begin, std::size_t end, PartCounts& out,
                  const std::atomic<bool>* cancel) const {
    State st;
    const std::size_t p = order_[0];
    const Scored& s = scored[p];
    for (std::size_t j = begin; j < end; ++j) {
      if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
      const OmahaCombo& c = hands_[p][s.index[j]];
      st.high[p] = s.high[j];
      st.low[p] = s.low[j];
      if constexpr (PerCombo) {
        st.hand[p] = s.index[j];
        st.weight[p] = c.weight;
      }
      walk_from<PerCombo>(scored, 1, c.cards, c.weight, st, out);
    }
  }

  template <bool PerCombo>
  void walk_from(const std::vector<Scored>& scored, std::size_t level, CardSet used, double weight, State& st,
                 PartCounts& out) const {
    if (level == n_) {
      if constexpr (PerCombo) {
        std::array<OmahaOutcome, kMaxPlayers> outcome;
        score_into<true>(out.tally, std::span(st.high.data(), n_), std::span(st.low.data(), n_), prep_.hi_lo, weight,
                         outcome.data());
        add_outcomes(st, outcome, out.combos);
      } else {
        score_into<false>(out.tally, std::span(st.high.data(), n_), std::span(st.low.data(), n_), prep_.hi_lo, weight,
                          nullptr);
      }
      return;
    }
    const std::size_t p = order_[level];
    const Scored& s = scored[p];
    for (std::size_t j = 0; j < s.index.size(); ++j) {
      const OmahaCombo& c = hands_[p][s.index[j]];
      if (c.cards.intersects(used)) continue;
      st.high[p] = s.high[j];
      st.low[p] = s.low[j];
      if constexpr (PerCombo) {
        st.hand[p] = s.index[j];
        st.weight[p] = c.weight;
      }
      walk_from<PerCombo>(scored, level + 1, used | c.cards, weight * c.weight, st, out);
    }
  }

  // One showdown's outcome added to the hand each player holds, weighted by the product of the
  // other players' hands' weights.
  void add_outcomes(const State& st, const std::array<OmahaOutcome, kMaxPlayers>& outcome,
                    OmahaPerCombo& combos) const {
    std::array<double, kMaxPlayers + 1> before{}, after{};  // products of the weights before and after p
    before[0] = 1;
    after[n_] = 1;
    for (std::size_t p = 0; p < n_; ++p) before[p + 1] = before[p] * st.weight[p];
    for (std::size_t p = n_; p-- > 0;) after[p] = after[p + 1] * st.weight[p];
    for (std::size_t p = 0; p < n_; ++p) {
      const OmahaOutcome& o = outcome[p];
      const double others = before[p] * after[p + 1];
      ComboEquity& c = combos[p][st.hand[p]];
      c.wins += o.won;
      c.ties += o.tied;
      c.losses += !o.won && !o.tied;
      c.share += o.units;
      c.weighted_showdowns += others;
      if (o.won) c.weighted_wins += others;
      if (o.tied) c.weighted_ties += others;
      c.weighted_share += others * static_cast<double>(o.units) / static_cast<double>(kPotUnits);
    }
  }

  // Every way to add k cards of `from`, as masks.
  static std::vector<std::uint64_t> completions(CardSet from, int k) {
    std::vector<std::uint64_t> out;
    for (const auto& h : every_hand(from, k)) out.push_back(h.cards.bits());
    return out;
  }

  const OmahaPrepared& prep_;
  std::size_t n_;
  std::vector<std::vector<OmahaCombo>> hands_;
  std::vector<std::size_t> order_;
  std::vector<std::uint64_t> boards_;
};

constexpr std::size_t kParts = 256;  // parts of a board's walk (fixed, so the sums' order is fixed)
constexpr std::size_t kManyBoards = 64;
constexpr double kSweepMinHands = 64;    // automatic sweeps when both players have this many hands
constexpr std::size_t kComboParts = 16;  // parts of a board's walk with per-combo counts

// ---- Exact heads-up, by a sweep ------------------------------------------------------------------
//
// On each board, each player's hands that the board leaves are ranked once (one OmahaBoard) and
// sorted by rank. Walking one player's hands by increasing rank, the other's hands of lower rank
// are added to counters, one for every set of up to three cards (the empty set, the 52 cards, the
// 1,326 pairs, the 22,100 triples). The opponent's hands in a set that share no card with hand h
// are then, by inclusion and exclusion over the subsets of h's four cards: the empty set's
// counter, less its cards', plus its pairs', less its triples', plus one when h itself is in the
// set (h's own four cards). Wins are counted against the hands of lower rank, ties against those
// of equal rank too, the showdowns against all. Every count is an integer, as the walk's.

// One hand's showdowns over the boards, won alone and tied (the sweep's per-hand counts).
struct HandShowdowns {
  std::uint64_t wins = 0, ties = 0, showdowns = 0;
};
// The sweep's counts of a part: the tally, and with per-hand counts each player's hands' (else empty).
struct SweepCounts {
  OmahaTally tally;
  std::array<std::vector<HandShowdowns>, 2> hands;

  SweepCounts& operator+=(const SweepCounts& o) {
    tally += o.tally;
    for (std::size_t p = 0; p < 2; ++p)
      for (std::size_t i = 0; i < o.hands[p].size(); ++i) {
        hands[p][i].wins += o.hands[p][i].wins;
        hands[p][i].ties += o.hands[p][i].ties;
        hands[p][i].showdowns += o.hands[p][i].showdowns;
      }
    return *this;
  }
};

class Sweep {
 public:
  explicit Sweep(const OmahaPrepared& prep) : prep_(prep) {
    for (std::size_t p = 0; p < 2; ++p) {
      const auto list = prep.random[p] ? every_hand(CardSet::full() - prep.known, prep.hole_cards) : prep.combos[p];
      for (const auto& c : list) cards_[p].push_back(c.cards);
    }
    same_ = cards_[0] == cards_[1];
    for (std::size_t p = 0; p < 2; ++p) {
      holds_[p].assign(kChooseTable[kCards][4], 0);
      for (CardSet c : cards_[p]) holds_[p][sweep_hand(sweep_cards(c)).self] = 1;
      // The hand's cards not known (all four, or none for a specific hand): the same for each.
      unknown_[p] = (cards_[p].front() - prep.known).size();
    }
    for (const auto& b : every_hand(CardSet::full() - prep.known, prep.cards_to_come)) boards_.push_back(b.cards);
  }

  std::size_t boards() const { return boards_.size(); }
  std::size_t hands(std::size_t p) const { return cards_[p].size(); }
  CardSet hand(std::size_t p, std::size_t i) const { return cards_[p][i]; }
  // Both players hold the same hands: only the first's are counted (the second's are the same).
  bool same() const { return same_; }

  // Board b's showdowns added to the counts (and to each hand's when they are kept).
  void count_board(std::size_t b, SweepCounts& counts) const {
    OmahaTally& tally = counts.tally;
    const bool per_hand = !counts.hands[0].empty();
    const CardSet board = prep_.board | boards_[b];
    const auto& tables = detail::omaha_tables();
    const OmahaBoard scorer(detail::board_row(board.bits(), tables), board, tables);
    const std::size_t sides = same_ ? 1 : 2;
    std::array<std::vector<Ranked>, 2> ranked;
    for (std::size_t p = 0; p < sides; ++p) ranked[p] = rank_hands(p, board, scorer);
    Scratch scratch;
    OmahaTally board_tally(2);
    for (std::size_t p = 0; p < sides; ++p) {
      const std::size_t o = same_ ? 0 : 1 - p;
      const std::uint64_t showdowns =
          count_side(p, ranked[p], o, ranked[o], scratch, board_tally, per_hand ? &counts.hands[p] : nullptr);
      if (p == 0) board_tally.counts.showdowns = showdowns;
    }
    if (same_) {  // the same hands on both sides: the second player's counts are the first's
      board_tally.counts.players[1] = board_tally.counts.players[0];
    }
    tally += board_tally;
  }

 private:
  struct Ranked {
    HandRank rank;
    std::array<std::uint8_t, kSweepCards> card;  // sweep_cards()
    std::uint32_t index;                         // into the player's hands
  };
  struct Counters {
    std::int64_t hands = 0;  // the empty set's
    std::vector<std::uint16_t> sets = std::vector<std::uint16_t>(kSubsets);
  };
  struct Scratch {
    Counters below, all;
    std::vector<std::int64_t> lower;
  };

  // The hands of player p the board leaves, by increasing rank (a counting sort).
  std::vector<Ranked> rank_hands(std::size_t p, CardSet board, const OmahaBoard& scorer) const {
    std::vector<Ranked> scored;
    scored.reserve(cards_[p].size());
    std::vector<std::uint32_t> start(kHandRanks + 1, 0);
    for (std::size_t i = 0; i < cards_[p].size(); ++i) {
      if (cards_[p][i].intersects(board)) continue;
      const HandRank r = scorer.high(cards_[p][i]);
      scored.push_back({r, sweep_cards(cards_[p][i]), static_cast<std::uint32_t>(i)});
      ++start[r + 1u];
    }
    for (std::size_t r = 0; r < kHandRanks; ++r) start[r + 1] += start[r];
    std::vector<Ranked> sorted(scored.size());
    for (const Ranked& x : scored) sorted[start[x.rank]++] = x;
    return sorted;
  }

  static void add(const SweepHand& h, Counters& counters) {
    ++counters.hands;
    for (std::uint32_t i : h.subsets) ++counters.sets[i];
  }
  // The counted hands that share no card with h, less one if h itself is counted.
  static std::int64_t disjoint(const SweepHand& h, const Counters& counters) {
    const std::uint16_t* c = counters.sets.data();
    std::int64_t n = counters.hands;
    for (std::size_t i = 0; i < 4; ++i) n -= c[h.subsets[i]];
    for (std::size_t i = 4; i < 10; ++i) n += c[h.subsets[i]];
    for (std::size_t i = 10; i < 14; ++i) n -= c[h.subsets[i]];
    return n;
  }

  // Player p's hands against player o's on one board, into p's counts (and with `per_hand`, each
  // hand's); returns the showdowns.
  std::uint64_t count_side(std::size_t p, const std::vector<Ranked>& mine, std::size_t o,
                           const std::vector<Ranked>& theirs, Scratch& s, OmahaTally& tally,
                           std::vector<HandShowdowns>* per_hand) const {
    s.below = Counters{};
    // A random opponent holds every hand of the cards left (neither known nor on the board): of
    // them, C(left - h's cards among them, 4) share none with h.
    const bool random = prep_.random[o];
    const int left = kCards - prep_.known.size() - prep_.cards_to_come;
    const std::uint64_t random_total = kChooseTable[static_cast<std::size_t>(left - unknown_[p])][4];
    if (!random) {
      s.all = Counters{};
      for (const Ranked& t : theirs) add(sweep_hand(t.card), s.all);
    }
    s.lower.resize(mine.size());
    PlayerTally& c = tally.counts.players[p];
    const std::vector<std::uint8_t>& holds = holds_[o];
    std::uint64_t showdowns = 0;
    std::size_t j = 0;
    for (std::size_t i = 0; i < mine.size();) {
      const HandRank r = mine[i].rank;
      std::size_t end = i;
      while (end < mine.size() && mine[end].rank == r) ++end;
      while (j < theirs.size() && theirs[j].rank < r) add(sweep_hand(theirs[j++].card), s.below);
      // Of lower rank: h itself (of rank r) is not among them.
      for (std::size_t k = i; k < end; ++k) s.lower[k] = disjoint(sweep_hand(mine[k].card), s.below);
      const std::size_t equal_from = j;
      while (j < theirs.size() && theirs[j].rank == r) add(sweep_hand(theirs[j++].card), s.below);
      const bool equals = j != equal_from;  // else no tie: the hands not above are those below
      const std::size_t category = kCategoryOf[r];
      for (std::size_t k = i; k < end; ++k) {
        const SweepHand h = sweep_hand(mine[k].card);
        const std::int64_t held = holds[h.self];
        const auto wins = static_cast<std::uint64_t>(s.lower[k]);
        const auto not_above = equals ? static_cast<std::uint64_t>(disjoint(h, s.below) + held) : wins;
        const std::uint64_t total = random ? random_total : static_cast<std::uint64_t>(disjoint(h, s.all) + held);
        const std::uint64_t ties = not_above - wins;
        c.parts[0].wins += wins;
        c.scoops += wins;
        c.parts[0].ties += ties;
        c.parts[0].losses += total - not_above;
        c.pot_units += kPotUnits * wins + kPotUnits / 2 * ties;
        c.categories[category] += total;
        c.category_wins[category] += wins;
        c.category_ties[category] += ties;
        showdowns += total;
        if (per_hand) {
          HandShowdowns& hand = (*per_hand)[mine[k].index];
          hand.wins += wins;
          hand.ties += ties;
          hand.showdowns += total;
        }
      }
      i = end;
    }
    return showdowns;
  }

  const OmahaPrepared& prep_;
  std::array<std::vector<CardSet>, 2> cards_;
  std::array<int, 2> unknown_{};
  std::array<std::vector<std::uint8_t>, 2> holds_;  // by four-card set: whether the player has it
  bool same_ = false;
  std::vector<CardSet> boards_;  // the cards to come
};

// ---- The sweep by groups of equal rank ----------------------------------------------------------
//
// What the sweep counts without its per-hand counts, with less work a hand. On a board a hand's
// high is the best of its six rank pairs in the board's row of OmahaTables::high (91 values at
// most), or a flush: so the hands fall in few groups of one rank (about 80 on a flop's boards,
// thousands of hands each), and each hand's own rank is not needed. Each player's hands are kept
// by their four ranks (a class: 1,820 at most): on each board a class is ranked once, and only the
// hands of two cards or more of the board's flush suit, if it has one, are ranked one by one. The
// classes and those hands are sorted by rank (a counting sort), and the groups walked in order.
//
// Counts of pairs of hands that share no card are signed products of the subset counters of the
// sweep above: for sets of hands X and Y, with V(X)[S] the hands of X holding the set S (the empty
// set, cards, pairs, triples and the four-card sets), <X, Y> = sum over S of (-1)^|S| V(X)[S]
// V(Y)[S] is the number of pairs (x, y), x in X and y in Y, with no card in common (inclusion and
// exclusion; the four-card term counts the hands in both). A class is added to the counters by its
// hands' counters summed once per question (a triple of a class of random hands is in four of its
// hands), less the hands the board leaves out; a class of few shared counters hand by hand.
//
// The same hands on both sides (random against random): a small group's hands are queried against
// the counters (its pairs with the hands below: its wins) and added with the counts they meet read
// on the way (add_counting(): the pairs with the hands already there, the group's own among them:
// half its ties more); a large group's two are products of the counters after it with a copy taken
// before it and with themselves (23,478 products of 16- and 8-bit counts in vector registers,
// cheaper than its hands' queries). Two ranges: the side of fewer hands (a) is queried hand by hand
// against the other's counters (b) before and after b's hands of a small group are added (its wins
// and the ties); a large group's from four products, before and after each side's hands of it are
// added. b's wins per category (the categories are ranges of ranks) from the product at each
// category's end: M = <a's hands up to it, b's hands up to it> grows by a's wins, b's wins and the
// ties of the category; and each side's showdowns by category are its hands' pairs with all of the
// other's: products of copies of its counters at each category's end with the other's at the end
// (a random side's: C(cards left, 4) a hand). The integers are the sweep's above.

// Subset counters as the sweep's (Counters), in less memory: the cards' and pairs' 16 bits (a card
// is in at most C(51, 3) = 20,825 hands, a pair in C(50, 2) = 1,225), the triples' 8 bits (a triple
// is in 49 hands at most), 24 KB in all: a core's first-level cache holds them.
constexpr std::size_t kLowCounters = kTriples, kTripleCounters = kSubsets - kTriples;
struct SubsetCounts {
  std::array<std::uint16_t, kLowCounters> low;
  std::array<std::uint8_t, kTripleCounters> triples;

  void clear() {
    low.fill(0);
    triples.fill(0);
  }
};
// A hand's subsets (SweepHand) as counter indices: its cards and pairs into low, its triples into triples.
using SubsetIndices = std::array<std::uint16_t, 14>;

// The sum over i in [begin, end) of a[i] b[i], of the cards' and pairs' counters.
inline std::int64_t low_product(const std::uint16_t* a, const std::uint16_t* b, std::size_t begin, std::size_t end) {
  std::int64_t sum = 0;
  std::size_t i = begin;
#if EQUITY_SSE2
  // The pairs' counters, below 2^15, in the 16-bit signed multiply-add: four 32-bit lanes of sums
  // of two products, widened to 64 bits every 256 steps (256 x 2 x 1,225^2 < 2^31). The cards'
  // (up to 20,825) take the scalar loop.
  if (begin >= kPairs) {
    const __m128i zero = _mm_setzero_si128();
    __m128i wide = _mm_setzero_si128();
    while (i + 8 <= end) {
      __m128i lanes = _mm_setzero_si128();
      for (std::size_t steps = 0; steps < 256 && i + 8 <= end; ++steps, i += 8) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
        const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
        lanes = _mm_add_epi32(lanes, _mm_madd_epi16(x, y));
      }
      wide = _mm_add_epi64(wide, _mm_unpacklo_epi32(lanes, zero));
      wide = _mm_add_epi64(wide, _mm_unpackhi_epi32(lanes, zero));
    }
    std::array<std::int64_t, 2> halves{};
    _mm_storeu_si128(reinterpret_cast<__m128i*>(halves.data()), wide);
    sum = halves[0] + halves[1];
  }
#endif
  for (; i < end; ++i) sum += std::int64_t{a[i]} * b[i];
  return sum;
}

// The sum of a[i] b[i] over the triples' counters (each below 50: 32-bit lanes never overflow).
inline std::int64_t triple_product(const std::uint8_t* a, const std::uint8_t* b) {
  std::int64_t sum = 0;
  std::size_t i = 0;
#if EQUITY_SSE2
  const __m128i zero = _mm_setzero_si128();
  __m128i lanes = _mm_setzero_si128();
  for (; i + 16 <= kTripleCounters; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
#if EQUITY_SSSE3
    // Sums of two products in 16 bits (at most 2 x 49^2), then of four in 32.
    lanes = _mm_add_epi32(lanes, _mm_madd_epi16(_mm_maddubs_epi16(x, y), _mm_set1_epi16(1)));
#else
    lanes = _mm_add_epi32(lanes, _mm_madd_epi16(_mm_unpacklo_epi8(x, zero), _mm_unpacklo_epi8(y, zero)));
    lanes = _mm_add_epi32(lanes, _mm_madd_epi16(_mm_unpackhi_epi8(x, zero), _mm_unpackhi_epi8(y, zero)));
#endif
  }
  std::array<std::int32_t, 4> four{};
  _mm_storeu_si128(reinterpret_cast<__m128i*>(four.data()), lanes);
  sum = std::int64_t{four[0]} + four[1] + four[2] + four[3];
  (void)zero;
#endif
  for (; i < kTripleCounters; ++i) sum += std::int64_t{a[i]} * b[i];
  return sum;
}

// <X, Y> without the empty set's and the four-card sets' terms: less the cards', plus the pairs',
// less the triples'.
inline std::int64_t signed_product(const SubsetCounts& a, const SubsetCounts& b) {
  return -low_product(a.low.data(), b.low.data(), kSingles, kPairs) +
         low_product(a.low.data(), b.low.data(), kPairs, kTriples) - triple_product(a.triples.data(), b.triples.data());
}

// The counted hands that meet hand h's cards, by inclusion and exclusion less the empty set and h
// itself: n less this is the hands sharing no card with h, less one if h is counted.
EQUITY_ALWAYS_INLINE std::int64_t meeting(const SubsetCounts& c, const SubsetIndices& h) {
  const std::uint16_t* l = c.low.data();
  const std::uint8_t* t = c.triples.data();
  const std::int32_t singles = l[h[0]] + l[h[1]] + l[h[2]] + l[h[3]];
  const std::int32_t pairs = l[h[4]] + l[h[5]] + l[h[6]] + l[h[7]] + l[h[8]] + l[h[9]];
  const std::int32_t triples = t[h[10]] + t[h[11]] + t[h[12]] + t[h[13]];
  return singles - pairs + triples;
}

EQUITY_ALWAYS_INLINE void add_hand(SubsetCounts& c, const SubsetIndices& h) {
  std::uint16_t* l = c.low.data();
  std::uint8_t* t = c.triples.data();
  for (std::size_t i = 0; i < 10; ++i) ++l[h[i]];
  for (std::size_t i = 10; i < 14; ++i) ++t[h[i]];
}

EQUITY_ALWAYS_INLINE void remove_hand(SubsetCounts& c, const SubsetIndices& h) {
  std::uint16_t* l = c.low.data();
  std::uint8_t* t = c.triples.data();
  for (std::size_t i = 0; i < 10; ++i) --l[h[i]];
  for (std::size_t i = 10; i < 14; ++i) --t[h[i]];
}

// Adds h and returns the counted hands it shares no card with before it (h not among them).
EQUITY_ALWAYS_INLINE std::int64_t add_counting(SubsetCounts& c, std::int64_t& n, SubsetIndices h) {
  std::uint16_t* l = c.low.data();
  std::uint8_t* t = c.triples.data();
  std::int32_t met = 0;
  for (std::size_t i = 0; i < 4; ++i) met += l[h[i]]++;
  for (std::size_t i = 4; i < 10; ++i) met -= l[h[i]]++;
  for (std::size_t i = 10; i < 14; ++i) met += t[h[i]]++;
  return n++ - met;
}

// Where a category's hands end in the group sweep: the hands of each side added and those of both.
struct CategoryEnd {
  std::size_t category;
  std::int64_t a, b, both;
};

// A thread's working memory for the group sweep (kept between boards and questions).
struct GroupScratch {
  // Per side the hands added so far; a copy of side 0's before a large group; side a's hands of the
  // board, every one; the counters at each category's end.
  std::vector<SubsetCounts> counters = std::vector<SubsetCounts>(4);  // side 0, side 1, before, all
  std::vector<SubsetCounts> ends;
  std::vector<std::uint16_t> rank, sorted_rank;  // the items: classes and single hands
  std::vector<std::uint32_t> item, sorted_item;
  std::vector<std::uint32_t> start;                     // the counting sort's buckets
  std::vector<std::uint32_t> left_out;                  // a class's hands the board leaves out
  std::array<std::vector<std::uint32_t>, 2> side_item;  // the sorted items of each side
  std::array<std::vector<std::uint16_t>, 2> side_rank;
  std::vector<CategoryEnd> ends_at;
};

class GroupSweep {
 public:
  explicit GroupSweep(const OmahaPrepared& prep) : prep_(prep) {
    std::array<std::vector<CardSet>, 2> cards;
    for (std::size_t p = 0; p < 2; ++p) {
      const auto list = prep.random[p] ? every_hand(CardSet::full() - prep.known, prep.hole_cards) : prep.combos[p];
      for (const auto& c : list) cards[p].push_back(c.cards);
    }
    same_ = cards[0] == cards[1];
    for (std::size_t p = 0; p < 2; ++p) {
      holds_[p].assign(kChooseTable[kCards][4], 0);
      for (CardSet c : cards[p]) holds_[p][sweep_hand(sweep_cards(c)).self] = 1;
      unknown_[p] = (cards[p].front() - prep.known).size();
    }
    // Queried hand by hand: the side of fewer hands (a listed one rather than random on a tie).
    a_ = cards[1].size() < cards[0].size() || (cards[1].size() == cards[0].size() && prep.random[0]) ? 1 : 0;
    for (std::size_t p = 0; p < (same_ ? 1u : 2u); ++p) build_side(cards[p], holds_[1 - p], sides_[p]);
    for (const auto& b : every_hand(CardSet::full() - prep.known, prep.cards_to_come)) boards_.push_back(b.cards);
  }

  std::size_t boards() const { return boards_.size(); }

  // Board b's showdowns added to the tally.
  void count_board(std::size_t b, OmahaTally& tally, GroupScratch& s) const {
    const CardSet board = prep_.board | boards_[b];
    const Board on(board);
    prepare(s);
    const std::size_t sides = same_ ? 1 : 2;
    s.rank.clear();
    s.item.clear();
    for (std::size_t p = 0; p < sides; ++p) list_items(p, on, s);
    sort_items(s);
    PerCategory count;
    if (same_)
      count_same(on, s, count);
    else
      count_two(on, s, count);
    add_to(tally, count);
  }

 private:
  static constexpr std::uint32_t kSideBit = 1u << 31, kSingleBit = 1u << 30, kIdMask = kSingleBit - 1;
  static constexpr std::size_t kLargeGroup = 192;  // hands: a group's pairs by a product of the counters

  // A player's hands ordered by class (their four ranks), with their subset counters.
  struct Side {
    std::vector<std::uint64_t> mask;
    std::vector<SubsetIndices> subsets;
    std::vector<std::uint8_t> shared;                       // whether the other side holds the hand too
    std::vector<std::uint32_t> begin;                       // class c: hands [begin[c], begin[c + 1])
    std::vector<std::array<std::uint8_t, 6>> pairs;         // class c: its six rank pairs (kRankPairIndex)
    std::array<std::vector<std::uint32_t>, kSuits> suited;  // per suit: the hands of two cards of it or more
    // Per class, its hands' counters added up: (count << 16) | counter index, into low and into
    // triples, class c's at [low_begin[c], low_begin[c + 1]) and likewise; and its shared hands.
    std::vector<std::uint32_t> low_sum, triple_sum, low_begin, triple_begin, class_shared;
    std::vector<std::uint8_t> summed;     // whether class c is added by its sums (far fewer than its hands' counters)
    std::vector<std::uint64_t> cards;     // class c: every card of its hands
    std::vector<std::uint8_t> suited_in;  // class c: bit s when a hand of it has two cards of suit s or more
  };

  // One board as the walk reads it.
  struct Board {
    std::uint64_t bits;
    const HandRank* row;  // OmahaTables::high of the board's ranks
    OmahaBoard scorer;
    int flush = -1;       // the suit of three board cards or more, or -1
    unsigned shift = 0;   // 16 x that suit
    unsigned filter = 0;  // 0x1fff with such a suit, else 0

    explicit Board(CardSet board)
        : bits(board.bits()),
          row(detail::omaha_tables().high[detail::board_row(board.bits(), detail::omaha_tables())].data()),
          scorer(detail::board_row(board.bits(), detail::omaha_tables()), board, detail::omaha_tables()) {
      for (int suit = 0; suit < kSuits; ++suit)
        if (std::popcount(board.suit_ranks(suit)) >= 3) flush = suit;
      if (flush >= 0) {
        shift = 16u * static_cast<unsigned>(flush);
        filter = 0x1fff;
      }
    }
    // Whether a hand of a class is ranked by its class: it misses the board and has fewer than two
    // cards of the flush suit.
    bool in_class(std::uint64_t m) const {
      return (m & bits) == 0 && std::popcount(static_cast<unsigned>(m >> shift) & filter) < 2;
    }
    // Whether every hand of a class is: none of its cards on the board, none of two flush cards.
    bool clear_of(std::uint64_t cards, std::uint8_t suited_in) const {
      return (cards & bits) == 0 && (flush < 0 || (suited_in >> flush & 1) == 0);
    }
  };

  // Per category: each side's wins, showdowns and hands; the ties (the same for both sides).
  struct PerCategory {
    std::array<std::array<std::int64_t, kCategories>, 2> wins{}, showdowns{}, hands{};
    std::array<std::int64_t, kCategories> ties{};
  };

  static void build_side(const std::vector<CardSet>& cards, const std::vector<std::uint8_t>& other, Side& side) {
    // Classes by the four ranks, in a counting sort of their keys (13^4).
    constexpr std::size_t kKeys = 13 * 13 * 13 * 13;
    std::vector<std::uint32_t> key(cards.size());
    std::vector<std::uint32_t> start(kKeys + 1, 0);
    for (std::size_t i = 0; i < cards.size(); ++i) {
      std::array<unsigned, 4> r{};
      std::uint64_t m = cards[i].bits();
      for (unsigned& x : r) {
        x = static_cast<unsigned>(std::countr_zero(m)) & 15;
        m &= m - 1;
      }
      std::sort(r.begin(), r.end());
      key[i] = ((r[3] * 13 + r[2]) * 13 + r[1]) * 13 + r[0];
      ++start[key[i] + 1];
    }
    for (std::size_t k = 0; k < kKeys; ++k) start[k + 1] += start[k];
    std::vector<std::uint32_t> order(cards.size());
    {
      std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
      for (std::size_t i = 0; i < cards.size(); ++i) order[next[key[i]]++] = static_cast<std::uint32_t>(i);
    }
    for (std::size_t j = 0; j < order.size(); ++j) {
      const CardSet c = cards[order[j]];
      const SweepHand h = sweep_hand(sweep_cards(c));
      if (j == 0 || key[order[j]] != key[order[j - 1]]) {
        side.begin.push_back(static_cast<std::uint32_t>(j));
        const std::uint32_t k = key[order[j]];
        const std::array<unsigned, 4> r{k % 13, k / 13 % 13, k / 169 % 13, k / 2197};
        std::array<std::uint8_t, 6> pairs{};
        std::size_t n = 0;
        for (std::size_t x = 0; x < 4; ++x)
          for (std::size_t y = x + 1; y < 4; ++y) pairs[n++] = detail::kRankPairIndex[kRanks * r[x] + r[y]];
        side.pairs.push_back(pairs);
      }
      side.mask.push_back(c.bits());
      SubsetIndices s{};
      for (std::size_t x = 0; x < 14; ++x) s[x] = static_cast<std::uint16_t>(h.subsets[x] - (x < 10 ? 0 : kTriples));
      side.subsets.push_back(s);
      side.shared.push_back(other[h.self]);
      for (int suit = 0; suit < kSuits; ++suit)
        if (std::popcount(c.suit_ranks(suit)) >= 2)
          side.suited[static_cast<std::size_t>(suit)].push_back(static_cast<std::uint32_t>(j));
    }
    side.begin.push_back(static_cast<std::uint32_t>(order.size()));
    // Each class's counters added up (a class's hands share many: a triple of it is in as many of
    // its hands as the fourth card has suits).
    std::vector<std::uint32_t> low(kLowCounters, 0), triples(kTripleCounters, 0);
    std::vector<std::uint16_t> touched_low, touched_triples;
    side.low_begin.push_back(0);
    side.triple_begin.push_back(0);
    for (std::size_t c = 0; c + 1 < side.begin.size(); ++c) {
      std::uint32_t shared = 0;
      for (std::uint32_t i = side.begin[c]; i < side.begin[c + 1]; ++i) {
        const SubsetIndices& h = side.subsets[i];
        for (std::size_t x = 0; x < 10; ++x)
          if (low[h[x]]++ == 0) touched_low.push_back(h[x]);
        for (std::size_t x = 10; x < 14; ++x)
          if (triples[h[x]]++ == 0) touched_triples.push_back(h[x]);
        shared += side.shared[i];
      }
      const std::size_t size = side.begin[c + 1] - side.begin[c];
      const bool summed = 2 * (touched_low.size() + touched_triples.size()) <= 14 * size;
      side.summed.push_back(summed);
      for (const std::uint16_t x : touched_low) {
        if (summed) side.low_sum.push_back(low[x] << 16 | x);
        low[x] = 0;
      }
      for (const std::uint16_t x : touched_triples) {
        if (summed) side.triple_sum.push_back(triples[x] << 16 | x);
        triples[x] = 0;
      }
      std::uint64_t union_cards = 0;
      std::uint8_t suited_in = 0;
      for (std::uint32_t i = side.begin[c]; i < side.begin[c + 1]; ++i) {
        union_cards |= side.mask[i];
        for (int suit = 0; suit < kSuits; ++suit)
          if (std::popcount(CardSet(side.mask[i]).suit_ranks(suit)) >= 2)
            suited_in |= static_cast<std::uint8_t>(1 << suit);
      }
      side.cards.push_back(union_cards);
      side.suited_in.push_back(suited_in);
      touched_low.clear();
      touched_triples.clear();
      side.low_begin.push_back(static_cast<std::uint32_t>(side.low_sum.size()));
      side.triple_begin.push_back(static_cast<std::uint32_t>(side.triple_sum.size()));
      side.class_shared.push_back(shared);
    }
  }

  // Adds the hands of one item that the board leaves to the counters (a class's by its sums, less
  // the hands left out, when those are fewer than half); returns how many, and adds the hands the
  // other side holds too to `shared`.
  EQUITY_ALWAYS_INLINE std::int64_t add_item(const Side& side, std::uint32_t item, const Board& on, SubsetCounts& c,
                                             std::int64_t& shared, GroupScratch& s) const {
    const std::uint32_t id = item & kIdMask;
    if (item & kSingleBit) {
      add_hand(c, side.subsets[id]);
      shared += side.shared[id];
      return 1;
    }
    const std::uint32_t begin = side.begin[id], end = side.begin[id + 1];
    s.left_out.clear();
    if (!on.clear_of(side.cards[id], side.suited_in[id])) {
      for (std::uint32_t i = begin; i < end; ++i)
        if (!on.in_class(side.mask[i])) {
          s.left_out.push_back(i);
          detail::prefetch(&side.subsets[i]);  // taken off below: its counters' indices
        }
    }
    const std::size_t size = end - begin, out = s.left_out.size();
    if (!side.summed[id] || 2 * out > size) {
      if (out == 0) {
        for (std::uint32_t i = begin; i < end; ++i) {
          add_hand(c, side.subsets[i]);
          shared += side.shared[i];
        }
        return static_cast<std::int64_t>(size);
      }
      for (std::uint32_t i = begin; i < end; ++i)
        if (on.in_class(side.mask[i])) {
          add_hand(c, side.subsets[i]);
          shared += side.shared[i];
        }
    } else {
      std::uint16_t* l = c.low.data();
      std::uint8_t* t = c.triples.data();
      for (std::uint32_t j = side.low_begin[id], e = side.low_begin[id + 1]; j < e; ++j) {
        const std::uint32_t x = side.low_sum[j];
        l[x & 0xffff] = static_cast<std::uint16_t>(l[x & 0xffff] + (x >> 16));
      }
      for (std::uint32_t j = side.triple_begin[id], e = side.triple_begin[id + 1]; j < e; ++j) {
        const std::uint32_t x = side.triple_sum[j];
        t[x & 0xffff] = static_cast<std::uint8_t>(t[x & 0xffff] + (x >> 16));
      }
      shared += side.class_shared[id];
      for (const std::uint32_t i : s.left_out) {
        remove_hand(c, side.subsets[i]);
        shared -= side.shared[i];
      }
    }
    return static_cast<std::int64_t>(size - out);
  }

  static void prepare(GroupScratch& s) { s.start.resize(kHandRanks + 1); }

  // Player p's classes by their rank and its hands of the flush suit one by one.
  void list_items(std::size_t p, const Board& on, GroupScratch& s) const {
    const Side& side = sides_[p];
    const std::uint32_t bit = p == 1 ? kSideBit : 0;
    const std::size_t classes = side.pairs.size();
    for (std::size_t c = 0; c < classes; ++c) {
      const auto& q = side.pairs[c];
      const HandRank* row = on.row;
      const HandRank r = std::max(std::max(std::max(row[q[0]], row[q[1]]), std::max(row[q[2]], row[q[3]])),
                                  std::max(row[q[4]], row[q[5]]));
      s.rank.push_back(r);
      s.item.push_back(bit | static_cast<std::uint32_t>(c));
    }
    if (on.flush < 0) return;
    for (const std::uint32_t i : side.suited[static_cast<std::size_t>(on.flush)]) {
      if (side.mask[i] & on.bits) continue;
      s.rank.push_back(on.scorer.high(CardSet(side.mask[i])));
      s.item.push_back(bit | kSingleBit | i);
    }
  }

  static void sort_items(GroupScratch& s) {
    std::fill(s.start.begin(), s.start.end(), 0u);
    for (const std::uint16_t r : s.rank) ++s.start[r + 1u];
    for (std::size_t r = 0; r < kHandRanks; ++r) s.start[r + 1] += s.start[r];
    s.sorted_rank.resize(s.rank.size());
    s.sorted_item.resize(s.item.size());
    for (std::size_t i = 0; i < s.rank.size(); ++i) {
      const std::uint32_t at = s.start[s.rank[i]]++;
      s.sorted_rank[at] = s.rank[i];
      s.sorted_item[at] = s.item[i];
    }
  }

  // The hands of one item that the board leaves ranked by it: f(index) for each.
  template <class F>
  EQUITY_ALWAYS_INLINE void for_each_hand(const Side& side, std::uint32_t item, const Board& on, F&& f) const {
    const std::uint32_t id = item & kIdMask;
    if (item & kSingleBit) {
      f(id);
      return;
    }
    for (std::uint32_t i = side.begin[id], end = side.begin[id + 1]; i < end; ++i)
      if (on.in_class(side.mask[i])) f(i);
  }

  std::size_t item_size(const Side& side, std::uint32_t item) const {
    if (item & kSingleBit) return 1;
    const std::uint32_t id = item & kIdMask;
    return side.begin[id + 1] - side.begin[id];
  }

  // C(cards left, 4): the hands of a random opponent sharing no card with a hand of side p.
  std::int64_t random_total(std::size_t p) const {
    const int left = kCards - prep_.known.size() - prep_.cards_to_come;
    return kChooseTable[static_cast<std::size_t>(left - unknown_[p])][4];
  }

  // The same hands on both sides.
  void count_same(const Board& on, GroupScratch& s, PerCategory& out) const {
    const Side& side = sides_[0];
    SubsetCounts& c = s.counters[0];
    c.clear();
    std::int64_t n = 0, pairs = 0;  // hands added, and <added, added>
    const bool listed = !prep_.random[1];
    s.ends_at.clear();  // listed: the hands added at each category's end
    const std::size_t items = s.sorted_item.size();
    for (std::size_t g = 0; g < items;) {
      const HandRank r = s.sorted_rank[g];
      std::size_t e = g, bound = 0;
      for (; e < items && s.sorted_rank[e] == r; ++e) bound += item_size(side, s.sorted_item[e]);
      const std::size_t category = kCategoryOf[r];
      const bool large = bound >= kLargeGroup;
      const std::int64_t n_before = n, pairs_before = pairs;
      std::int64_t below = 0;  // <group, hands below>
      if (large) {
        s.counters[2] = c;
      } else {
        for (std::size_t i = g; i < e; ++i)
          for_each_hand(side, s.sorted_item[i], on, [&](std::uint32_t h) { below += n - meeting(c, side.subsets[h]); });
      }
      if (large) {
        // <S, S'> of the hands up to this group and those below it: their products, n n', and
        // the four-card sets of both (those below); <S, S> likewise.
        std::int64_t shared = 0;
        for (std::size_t i = g; i < e; ++i) n += add_item(side, s.sorted_item[i], on, c, shared, s);
        below = signed_product(c, s.counters[2]) + n * n_before + n_before - pairs_before;
        pairs = signed_product(c, c) + n * n + n;
      } else {
        std::int64_t found = 0;  // <group, hands below> plus the group's own pairs, each once
        for (std::size_t i = g; i < e; ++i)
          for_each_hand(side, s.sorted_item[i], on,
                        [&](std::uint32_t h) { found += add_counting(c, n, side.subsets[h]); });
        pairs += 2 * found;
      }
      out.wins[0][category] += below;
      out.ties[category] += pairs - pairs_before - 2 * below;
      out.hands[0][category] += n - n_before;
      g = e;
      if (listed && (e == items || kCategoryOf[s.sorted_rank[e]] != category)) {
        if (s.ends.size() <= s.ends_at.size()) s.ends.emplace_back();
        s.ends[s.ends_at.size()] = c;
        s.ends_at.push_back({category, n, n, n});
      }
    }
    if (!listed) {
      for (std::size_t k = 0; k < kCategories; ++k) out.showdowns[0][k] = out.hands[0][k] * random_total(0);
    } else {
      // <hands up to a category's end, all>: the category's showdowns are the differences.
      std::int64_t previous = 0;
      for (std::size_t j = 0; j < s.ends_at.size(); ++j) {
        const CategoryEnd& end = s.ends_at[j];
        const std::int64_t m = signed_product(s.ends[j], c) + end.a * n + end.a;
        out.showdowns[0][end.category] = m - previous;
        previous = m;
      }
    }
    out.wins[1] = out.wins[0];
    out.showdowns[1] = out.showdowns[0];
    out.hands[1] = out.hands[0];
  }

  // Two ranges: side a queried hand by hand against b's counters.
  void count_two(const Board& on, GroupScratch& s, PerCategory& out) const {
    const std::size_t a = a_, b = 1 - a_;
    const Side &sa = sides_[a], &sb = sides_[b];
    // Each side's items in order of rank.
    for (auto& list : s.side_item) list.clear();
    for (auto& list : s.side_rank) list.clear();
    for (std::size_t i = 0; i < s.sorted_item.size(); ++i) {
      const std::size_t p = (s.sorted_item[i] & kSideBit) != 0;
      s.side_item[p].push_back(s.sorted_item[i]);
      s.side_rank[p].push_back(s.sorted_rank[i]);
    }
    const std::vector<std::uint32_t>&item_a = s.side_item[a], &item_b = s.side_item[b];
    const std::vector<std::uint16_t>&rank_a = s.side_rank[a], &rank_b = s.side_rank[b];
    SubsetCounts& ca = s.counters[0];
    SubsetCounts& cb = s.counters[1];
    SubsetCounts& before = s.counters[2];  // b's before a large group
    ca.clear();
    cb.clear();
    const bool a_listed = !prep_.random[a], b_listed = !prep_.random[b];
    std::int64_t na = 0, nb = 0;
    std::int64_t both = 0;      // a's hands added that b holds too (at a group's end, b has added them)
    std::int64_t unused = 0;    // b's likewise (the same count)
    std::int64_t previous = 0;  // <a's, b's> at the previous category's end
    s.ends_at.clear();
    const std::size_t size_a = item_a.size(), size_b = item_b.size();
    constexpr std::uint32_t kNone = kHandRanks;
    for (std::size_t ga = 0, gb = 0; ga < size_a || gb < size_b;) {
      const std::uint32_t r =
          std::min(ga < size_a ? rank_a[ga] : kNone, gb < size_b ? std::uint32_t{rank_b[gb]} : kNone);
      std::size_t ea = ga, eb = gb, bound = 0;
      for (; ea < size_a && rank_a[ea] == r; ++ea) bound += item_size(sa, item_a[ea]);
      while (eb < size_b && rank_b[eb] == r) ++eb;
      const std::size_t category = kCategoryOf[r];
      const std::int64_t na_before = na, nb_before = nb, both_before = both;
      std::int64_t wins = 0, ties = 0;
      if (bound >= kLargeGroup && eb > gb) {
        // <a's up to i or below, b's up to i or below>: the four products give the group's wins
        // and ties.
        const std::int64_t below_below = signed_product(ca, cb) + na * nb + both;
        before = cb;
        for (std::size_t i = gb; i < eb; ++i) nb += add_item(sb, item_b[i], on, cb, unused, s);
        const std::int64_t below_up = signed_product(ca, cb) + na * nb + both;
        for (std::size_t i = ga; i < ea; ++i) na += add_item(sa, item_a[i], on, ca, both, s);
        const std::int64_t up_below = signed_product(ca, before) + na * nb_before + both_before;
        const std::int64_t up_up = signed_product(ca, cb) + na * nb + both;
        wins = up_below - below_below;
        ties = up_up - up_below - below_up + below_below;
      } else {
        // Queried hand by hand, before and after b's hands of the group are added.
        for (std::size_t i = ga; i < ea; ++i)
          for_each_hand(sa, item_a[i], on, [&](std::uint32_t h) { wins += nb - meeting(cb, sa.subsets[h]); });
        for (std::size_t i = gb; i < eb; ++i) nb += add_item(sb, item_b[i], on, cb, unused, s);
        if (nb > nb_before) {
          std::int64_t not_above = 0;
          for (std::size_t i = ga; i < ea; ++i)
            for_each_hand(sa, item_a[i], on,
                          [&](std::uint32_t h) { not_above += nb - meeting(cb, sa.subsets[h]) + sa.shared[h]; });
          ties = not_above - wins;
        }
        for (std::size_t i = ga; i < ea; ++i) na += add_item(sa, item_a[i], on, ca, both, s);
      }
      out.wins[a][category] += wins;
      out.ties[category] += ties;
      out.hands[a][category] += na - na_before;
      out.hands[b][category] += nb - nb_before;
      ga = ea;
      gb = eb;
      const std::uint32_t next =
          std::min(ga < size_a ? rank_a[ga] : kNone, gb < size_b ? std::uint32_t{rank_b[gb]} : kNone);
      if (next == kNone || kCategoryOf[next] != category) {
        // <a's, b's> up to here grew by a's wins, b's wins and the ties of the category.
        const std::int64_t m = signed_product(ca, cb) + na * nb + both;
        out.wins[b][category] = m - previous - out.ties[category] - out.wins[a][category];
        previous = m;
        // Each side's counters at the category's end, for its showdowns against all the other's.
        const std::size_t j = s.ends_at.size();
        if (s.ends.size() < 2 * (j + 1)) s.ends.resize(2 * (j + 1));
        if (b_listed) s.ends[2 * j] = ca;
        if (a_listed) s.ends[2 * j + 1] = cb;
        s.ends_at.push_back({category, na, nb, both});
      }
    }
    // A side's showdowns by category: its hands' pairs with every one of the other's (a random
    // other's: C(cards left, 4) a hand).
    std::int64_t previous_a = 0, previous_b = 0;
    for (std::size_t j = 0; j < s.ends_at.size(); ++j) {
      const CategoryEnd& end = s.ends_at[j];
      if (b_listed) {
        const std::int64_t m = signed_product(s.ends[2 * j], cb) + end.a * nb + end.both;
        out.showdowns[a][end.category] = m - previous_a;
        previous_a = m;
      } else {
        out.showdowns[a][end.category] = out.hands[a][end.category] * random_total(a);
      }
      if (a_listed) {
        const std::int64_t m = signed_product(ca, s.ends[2 * j + 1]) + na * end.b + end.both;
        out.showdowns[b][end.category] = m - previous_b;
        previous_b = m;
      } else {
        out.showdowns[b][end.category] = out.hands[b][end.category] * random_total(b);
      }
    }
  }

  static void add_to(OmahaTally& tally, const PerCategory& count) {
    for (std::size_t p = 0; p < 2; ++p) {
      PlayerTally& c = tally.counts.players[p];
      for (std::size_t k = 0; k < kCategories; ++k) {
        const auto wins = static_cast<std::uint64_t>(count.wins[p][k]);
        const auto ties = static_cast<std::uint64_t>(count.ties[k]);
        const auto showdowns = static_cast<std::uint64_t>(count.showdowns[p][k]);
        c.parts[0].wins += wins;
        c.scoops += wins;
        c.parts[0].ties += ties;
        c.parts[0].losses += showdowns - wins - ties;
        c.pot_units += kPotUnits * wins + kPotUnits / 2 * ties;
        c.categories[k] += showdowns;
        c.category_wins[k] += wins;
        c.category_ties[k] += ties;
        if (p == 0) tally.counts.showdowns += showdowns;
      }
    }
  }

  const OmahaPrepared& prep_;
  std::array<Side, 2> sides_;
  std::array<std::vector<std::uint8_t>, 2> holds_;  // by four-card set: whether the player has it
  std::array<int, 2> unknown_{};
  std::size_t a_ = 0;
  bool same_ = false;
  std::vector<CardSet> boards_;
};

}  // namespace

namespace {

// The sweep by groups over every board, in parts (integers, added in part order). Every weight is 1.
OmahaTally group_sweep_exact(const OmahaPrepared& prep, const OmahaExactOptions& options) {
  const GroupSweep counter(prep);
  const std::size_t boards = counter.boards(), parts = std::min(kBoardParts, boards);
  const OmahaTally zero(2);
  OmahaTally t = zero;
  run_parts(parts, kWave, zero, options, 0, 1, t, [&](std::size_t i, OmahaTally& out) {
    thread_local GroupScratch scratch;
    for (std::size_t b = boards * i / parts; b < boards * (i + 1) / parts; ++b) {
      if (options.cancel && options.cancel->load(std::memory_order_relaxed)) throw Cancelled();
      counter.count_board(b, out, scratch);
    }
  });
  weigh_by_counts(t);
  return t;
}

// The sweep over every board, in parts; with `per_combo`, each hand's counts too (integers, added
// in any order: the same whatever the threads). Every weight is 1: the weighted sums are the counts.
OmahaTally sweep_exact(const OmahaPrepared& prep, const OmahaExactOptions& options, OmahaPerCombo* per_combo) {
  if (!omaha_sweep_groups(prep)) return hand_sweep_exact(prep, options, per_combo);
  if (!per_combo) return group_sweep_exact(prep, options);
  const Sweep counter(prep);
  const std::size_t boards = counter.boards(), parts = std::min(kBoardParts, boards);
  SweepCounts zero{OmahaTally(2), {}};
  std::size_t hands = 0;
  if (per_combo)
    for (std::size_t p = 0; p < 2; ++p) {
      zero.hands[p].resize(counter.hands(p));
      hands += counter.hands(p);
    }
  SweepCounts total = zero;
  // Per hand, fewer parts in flight: each holds every hand's counts (24 bytes a hand).
  const std::size_t wave =
      per_combo ? std::clamp<std::size_t>(1'000'000 / std::max<std::size_t>(1, hands), 2, kWave) : kWave;
  run_parts(parts, wave, zero, options, 0, 1, total, [&](std::size_t i, SweepCounts& out) {
    for (std::size_t b = boards * i / parts; b < boards * (i + 1) / parts; ++b) {
      if (options.cancel && options.cancel->load(std::memory_order_relaxed)) throw Cancelled();
      counter.count_board(b, out);
    }
  });
  OmahaTally t = std::move(total.tally);
  weigh_by_counts(t);
  if (per_combo) {
    if (counter.same()) total.hands[1] = total.hands[0];
    per_combo->assign(2, {});
    for (std::size_t p = 0; p < 2; ++p)
      for (std::size_t i = 0; i < counter.hands(p); ++i) {
        const HandShowdowns& h = total.hands[p][i];
        // Heads-up, high only: a tie halves the pot.
        (*per_combo)[p].push_back(sweep_combo(i, counter.hand(p, i), h.wins, h.ties, h.showdowns,
                                              kPotUnits * h.wins + kPotUnits / 2 * h.ties));
      }
  }
  return t;
}

}  // namespace

bool omaha_sweep_applies(const OmahaPrepared& prep) {
  return prep.players() == 2 && !prep.weighted && (prep.hole_cards == kSweepCards || prep.hole_cards == 5);
}

bool omaha_sweep_groups(const OmahaPrepared& prep) { return !prep.hi_lo && prep.hole_cards == kSweepCards; }

bool omaha_sweeps(const OmahaPrepared& prep) {
  return omaha_sweep_applies(prep) && std::min(prep.hands[0], prep.hands[1]) >= kSweepMinHands;
}

OmahaTally omaha_ranges_exact(const OmahaPrepared& prep, const OmahaExactOptions& options, OmahaPerCombo* per_combo) {
  bool sweep = false;
  switch (options.method) {
    case OmahaExactMethod::walk:
      break;
    case OmahaExactMethod::sweep:
      if (!omaha_sweep_applies(prep))
        throw InputError("the sweep counts two players of four- or five-card hands without weights");
      sweep = true;
      break;
    case OmahaExactMethod::automatic:
      sweep = !per_combo && omaha_sweeps(prep);
      break;
  }
  if (sweep) return sweep_exact(prep, options, per_combo);
  const BoardWalk walk(prep);
  const std::size_t n = prep.players(), boards = walk.boards();
  PartCounts zero{OmahaTally(n), per_combo ? walk.empty_combos() : OmahaPerCombo{}};
  PartCounts total = zero;
  // Per combo, fewer parts in flight: each holds every hand's counts.
  std::size_t hands = 0;
  for (std::size_t p = 0; p < n; ++p) hands += walk.hands(p);
  const std::size_t wave =
      per_combo ? std::clamp<std::size_t>(4'000'000 / std::max<std::size_t>(1, hands), 2, kWave) : kWave;
  if (boards >= kManyBoards) {
    // Parts of boards, each board scored and walked whole.
    const std::size_t parts = std::min(kBoardParts, boards);
    run_parts(parts, wave, zero, options, 0, 1, total, [&](std::size_t i, PartCounts& out) {
      std::vector<Scored> scored(n);
      for (std::size_t b = boards * i / parts; b < boards * (i + 1) / parts; ++b) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) throw Cancelled();
        walk.score_board(walk.board(b), scored);
        walk.walk(scored, 0, scored[walk.first_player()].index.size(), out, options.cancel);
      }
    });
  } else {
    // Few boards: each board's hands scored in parallel, then its walk split over the first player's hands.
    for (std::size_t b = 0; b < boards; ++b) {
      const CardSet board = walk.board(b);
      std::vector<Scored> scored(n);
      for (std::size_t p = 0; p < n; ++p) {
        const std::size_t size = walk.hands(p), parts = std::min(kParts, std::max<std::size_t>(1, size));
        std::vector<Scored> pieces(parts);
        detail::parallel_for(std::size_t{0}, parts, [&](std::size_t i) {
          walk.score_hands(p, board, size * i / parts, size * (i + 1) / parts, pieces[i]);
        });
        for (auto& piece : pieces) {
          scored[p].index.insert(scored[p].index.end(), piece.index.begin(), piece.index.end());
          scored[p].high.insert(scored[p].high.end(), piece.high.begin(), piece.high.end());
          scored[p].low.insert(scored[p].low.end(), piece.low.begin(), piece.low.end());
        }
      }
      // Per combo, few parts: each adds every hand's counts to the total.
      const std::size_t first = scored[walk.first_player()].index.size(),
                        parts = std::min(per_combo ? kComboParts : kParts, std::max<std::size_t>(1, first));
      run_parts(parts, wave, zero, options, static_cast<double>(b) / static_cast<double>(boards),
                1.0 / static_cast<double>(boards), total, [&](std::size_t i, PartCounts& out) {
                  walk.walk(scored, first * i / parts, first * (i + 1) / parts, out, options.cancel);
                });
    }
  }
  if (per_combo) {
    *per_combo = walk.named_combos();
    for (std::size_t p = 0; p < n; ++p)
      for (std::size_t i = 0; i < total.combos[p].size(); ++i) (*per_combo)[p][i] += total.combos[p][i];
  }
  return total.tally;
}

OmahaPrepared with_hand(const OmahaPrepared& prep, std::size_t p, CardSet hand) {
  OmahaPrepared out = prep;
  out.known |= hand;
  out.random[p] = false;
  out.combos[p] = {OmahaCombo{hand, 1.0}};
  out.hands[p] = 1;
  out.weighted = false;
  std::vector<const std::vector<OmahaCombo>*> listed;
  for (std::size_t q = 0; q < prep.players(); ++q) {
    if (q == p) continue;
    if (out.random[q]) {
      out.hands[q] = static_cast<double>(choose(kCards - out.known.size(), out.hole_cards));
      continue;
    }
    auto& list = out.combos[q];
    const bool specific = list.size() == 1 && prep.known.intersects(list[0].cards);
    std::erase_if(list, [&](const OmahaCombo& c) { return c.cards.intersects(hand); });
    if (list.empty()) throw InputError(player_name(q) + " has no hand left beside " + hand.str());
    out.hands[q] = static_cast<double>(list.size());
    for (const auto& c : list) out.weighted |= c.weight != 1.0;
    if (!specific) listed.push_back(&list);
  }
  std::uint64_t budget = 10'000'000;
  if (!can_deal(listed, 0, out.known, budget))
    throw InputError("the ranges cannot be dealt together beside " + hand.str());
  return out;
}

}  // namespace equity
