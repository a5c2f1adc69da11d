// Omaha's deal and its exact enumeration over ranges, board by board (omaha_equity.hpp).
#include "equity/omaha_equity.hpp"

#include <algorithm>
#include <numeric>

#include "equity/deal.hpp"
#include "equity/detail/parallel.hpp"
#include "equity/enumeration.hpp"
#include "equity/error.hpp"

namespace equity {
namespace {

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

OmahaTally::OmahaTally(std::size_t players)
    : category_wins(players),
      category_ties(players),
      weighted_wins(players),
      weighted_ties(players),
      weighted_units(players) {
  counts.players.resize(players);
}

OmahaTally& OmahaTally::operator+=(const OmahaTally& o) {
  counts += o.counts;
  weight += o.weight;
  for (std::size_t p = 0; p < o.category_wins.size(); ++p) {
    for (std::size_t c = 0; c < kCategories; ++c) {
      category_wins[p][c] += o.category_wins[p][c];
      category_ties[p][c] += o.category_ties[p][c];
    }
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
    wins[p] = t.counts.players[p].wins;
    ties[p] = t.counts.players[p].ties;
    units[p] = t.counts.players[p].pot_units;
  }
  score_omaha_showdown(highs, lows, hi_lo, t.counts);
  t.weight += w;
  for (std::size_t p = 0; p < n; ++p) {
    const OmahaPlayerCounts& c = t.counts.players[p];
    const auto category = static_cast<std::size_t>(category_of(highs[p]));
    const bool won = c.wins != wins[p], tied = c.ties != ties[p];
    t.category_wins[p][category] += won;
    t.category_ties[p][category] += tied;
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

constexpr std::size_t kParts = 256;        // parts of a board's walk (fixed, so the sums' order is fixed)
constexpr std::size_t kBoardParts = 4096;  // parts of the boards
constexpr std::size_t kWave = 64;          // parts between progress reports and cancellation checks
constexpr std::size_t kManyBoards = 64;
constexpr std::size_t kComboParts = 16;  // parts of a board's walk with per-combo counts

// Runs parts [0, count) in waves of `wave`, each part's counts in its own slot, added to `total`
// in part order after each wave (so the sums do not depend on the threads nor on the wave).
template <class Part>
void run_parts(std::size_t count, std::size_t wave, const PartCounts& zero, const OmahaExactOptions& options,
               double done_before, double share, PartCounts& total, Part part) {
  std::vector<PartCounts> slots(std::min(count, wave));
  for (std::size_t first = 0; first < count; first += wave) {
    if (options.cancel && options.cancel->load()) throw Cancelled();
    const std::size_t last = std::min(count, first + wave);
    detail::parallel_for(first, last, [&](std::size_t i) {
      PartCounts& slot = slots[i - first];
      slot = zero;
      part(i, slot);
    });
    if (options.cancel && options.cancel->load()) throw Cancelled();  // parts may have stopped early
    for (std::size_t i = first; i < last; ++i) total += slots[i - first];
    if (options.progress)
      options.progress(done_before + share * static_cast<double>(last) / static_cast<double>(count));
  }
}

}  // namespace

OmahaTally omaha_ranges_exact(const OmahaPrepared& prep, const OmahaExactOptions& options, OmahaPerCombo* per_combo) {
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
