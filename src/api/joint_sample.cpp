// The joint Monte Carlo over ranges (joint_sample.hpp).
#include "api/joint_sample.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "api/assignments.hpp"
#include "api/part_payout.hpp"
#include "count/standard_error.hpp"
#include "detail/rng.hpp"
#include "equity/calculate.hpp"
#include "equity/error.hpp"
#include "equity/evaluate_rows.hpp"
#include "equity/omaha_enumeration.hpp"
#include "equity/stopwatch.hpp"

namespace equity::detail {
namespace {

constexpr std::size_t kBatch = 2048;                 // trials scored together
constexpr std::uint64_t kMaxRejections = 1'000'000;  // draws of the hands in a row that share a card

// One player's hands to draw from: a specific hand (one), a range's (by weights), or every hand
// from the deck (Omaha's random: `deal` cards).
struct Drawn {
  std::vector<CardSet> hands;
  std::vector<double> cumulative;  // the weights summed; empty: the hands alike
  int deal = 0;

  CardSet draw(Rng& rng) const {
    if (cumulative.empty()) return hands[rng.below(static_cast<std::uint32_t>(hands.size()))];
    const double u = rng.unit() * cumulative.back();
    const auto at = std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin();
    return hands[static_cast<std::size_t>(std::min<std::ptrdiff_t>(at, static_cast<std::ptrdiff_t>(hands.size()) - 1))];
  }
};

std::vector<Drawn> players_of(const PlannedQuestion& s, int hole_cards) {
  std::vector<std::size_t> ranged;
  for (std::size_t p = 0; p < s.parsed.players.size(); ++p)
    if (!s.parsed.players[p].specific && !s.parsed.players[p].dealt) ranged.push_back(p);
  const PlayerHands lists = player_hands(s, ranged);
  std::vector<Drawn> out(s.parsed.players.size());
  for (std::size_t p = 0; p < out.size(); ++p) {
    if (s.parsed.players[p].specific) out[p].hands = {s.parsed.players[p].known};
    if (s.parsed.players[p].dealt) out[p].deal = hole_cards;
  }
  for (std::size_t i = 0; i < ranged.size(); ++i) {
    Drawn& d = out[ranged[i]];
    d.hands = lists.hands[i];
    if (d.hands.empty()) throw InputError("player " + std::to_string(ranged[i] + 1) + ": no hand of the range is left");
    if (lists.weighted) {
      double sum = 0;
      for (double w : lists.weights[i]) d.cumulative.push_back(sum += w);
    }
  }
  return out;
}

// Each layer's players as bits.
std::vector<unsigned> layer_masks(const std::vector<PotLayer>& layers) {
  std::vector<unsigned> out;
  for (const PotLayer& l : layers) {
    unsigned m = 0;
    for (std::size_t p : l.players) m |= 1u << p;
    out.push_back(m);
  }
  return out;
}

// The winners of the high and the low among the players `in` (bits).
OmahaWinners winners_among(const HandRank* highs, const LowRank* lows, std::size_t n, bool hi_lo, unsigned in) {
  HandRank best_high = 0;
  LowRank best_low = kNoLow;
  for (std::size_t p = 0; p < n; ++p) {
    if (!(in >> p & 1u)) continue;
    best_high = std::max(best_high, highs[p]);
    if (hi_lo) best_low = std::max(best_low, lows[p]);
  }
  OmahaWinners w;
  for (std::size_t p = 0; p < n; ++p) {
    if (!(in >> p & 1u)) continue;
    w.high |= static_cast<unsigned>(highs[p] == best_high) << p;
    if (hi_lo && best_low != kNoLow) w.low |= static_cast<unsigned>(lows[p] == best_low) << p;
  }
  return w;
}

}  // namespace

JointSample joint_sample(const PlannedQuestion& s, const std::vector<PotLayer>& layers, std::uint64_t seed) {
  const Question& q = s.question;
  const GameRules& rules = game_rules(q.game);
  const std::size_t n = q.players.size();
  const int hole = rules.hole_cards;
  const bool two = !q.board2.empty();
  const int boards = two ? 2 : 1, parts = boards * std::max(q.runs, 1);
  const CardSet board[2] = {card_set(q.board, "board"), card_set(q.board2, "board2")};
  const int to_come[2] = {rules.board_cards - board[0].size(), rules.board_cards - board[1].size()};
  CardSet out = card_set(q.dead, "dead cards") | board[0] | board[1];
  for (const auto& p : s.parsed.players)
    if (p.specific) out = out | p.known;
  const std::vector<Card> deck = (rules.deck - out).cards();
  const std::vector<Card> board_cards[2] = {board[0].cards(), board[1].cards()};
  const std::vector<Drawn> drawn = players_of(s, hole);
  const std::vector<unsigned> masks = layer_masks(layers);
  const std::size_t columns = static_cast<std::size_t>(hole + rules.board_cards);
  const double target =
      q.target_stderr > 0 ? q.target_stderr : (q.max_trials > 0 || q.max_seconds > 0 ? 0 : kDefaultStderr);

  JointSample r;
  r.seed = seed;
  Rng rng(r.seed, 0x4a4f494e54);  // "JOINT"
  std::vector<std::vector<double>> sums(layers.size()), squares(layers.size());
  for (std::size_t l = 0; l < layers.size(); ++l) sums[l].assign(n, 0), squares[l].assign(n, 0);
  r.units.assign(n, 0);
  r.scooped.assign(n, std::vector<std::uint64_t>(static_cast<std::size_t>(parts) + 1));
  std::vector<std::uint8_t> ids(kBatch * static_cast<std::size_t>(parts) * n * columns);
  std::vector<HandRank> highs(kBatch * static_cast<std::size_t>(parts) * n);
  std::vector<LowRank> lows(rules.low ? highs.size() : 0);
  std::vector<CardSet> holes(n);
  std::vector<Card> left;
  std::vector<std::uint64_t> trial_units(n);
  std::vector<int> scoops(n);
  std::vector<Card> full;
  const Stopwatch clock;
  std::uint64_t rejected = 0;
  while (true) {
    if (q.cancel && q.cancel->load()) {
      if (r.trials == 0) throw Cancelled();
      r.stopped_by = "cancelled";
      break;
    }
    std::size_t batch = kBatch;
    if (q.max_trials > 0) batch = static_cast<std::size_t>(std::min<std::uint64_t>(batch, q.max_trials - r.trials));
    // Deal the batch: the hands (drawn again together on a shared card), then the runouts.
    for (std::size_t t = 0; t < batch; ++t) {
      CardSet used;
      for (bool fits = false; !fits;) {
        fits = true;
        used = CardSet();
        for (std::size_t p = 0; p < n; ++p) {
          if (drawn[p].deal > 0) continue;
          holes[p] = drawn[p].draw(rng);
          fits = fits && (used & holes[p]).empty();
          used = used | holes[p];
        }
        if (!fits && ++rejected > kMaxRejections)
          throw InputError("the ranges almost never fit together without sharing a card; Monte Carlo gives up");
      }
      left.clear();
      for (Card c : deck)
        if (!used.contains(c)) left.push_back(c);
      std::size_t next = 0;
      const auto take = [&] {
        const std::size_t j = next + rng.below(static_cast<std::uint32_t>(left.size() - next));
        std::swap(left[next], left[j]);
        return left[next++];
      };
      for (std::size_t p = 0; p < n; ++p)
        if (drawn[p].deal > 0) {
          holes[p] = CardSet();
          for (int k = 0; k < drawn[p].deal; ++k) holes[p].insert(take());
        }
      for (int j = 0; j < parts; ++j) {
        full = board_cards[j % boards];
        for (int k = 0; k < to_come[j % boards]; ++k) full.push_back(take());
        for (std::size_t p = 0; p < n; ++p) {
          std::uint8_t* row =
              &ids[((t * static_cast<std::size_t>(parts) + static_cast<std::size_t>(j)) * n + p) * columns];
          for (Card c : holes[p].cards()) *row++ = static_cast<std::uint8_t>(c.id());
          for (Card c : full) *row++ = static_cast<std::uint8_t>(c.id());
        }
      }
    }
    const std::size_t rows = batch * static_cast<std::size_t>(parts) * n;
    evaluate_rows(q.game, columns, std::span(ids.data(), rows * columns), std::span(highs.data(), rows),
                  rules.low ? std::span(lows.data(), rows) : std::span<LowRank>(), 1);
    // Pay every layer, part by part.
    for (std::size_t t = 0; t < batch; ++t) {
      for (std::size_t l = 0; l < layers.size(); ++l) {
        std::fill(trial_units.begin(), trial_units.end(), 0);
        std::fill(scoops.begin(), scoops.end(), 0);
        for (int j = 0; j < parts; ++j) {
          const std::size_t at = (t * static_cast<std::size_t>(parts) + static_cast<std::size_t>(j)) * n;
          const OmahaWinners w = winners_among(&highs[at], rules.low ? &lows[at] : nullptr, n, rules.low, masks[l]);
          for (std::size_t p = 0; p < n; ++p) trial_units[p] += part_units(w, p);
          if (l == 0)
            for (std::size_t p = 0; p < n; ++p) scoops[p] += (part_scooper(w) >> p) & 1u;
        }
        for (std::size_t p = 0; p < n; ++p) {
          const double x = static_cast<double>(trial_units[p]) / (5040.0 * parts);
          sums[l][p] += x;
          squares[l][p] += x * x;
          if (l == 0) {
            r.units[p] += trial_units[p];
            ++r.scooped[p][static_cast<std::size_t>(scoops[p])];
          }
        }
      }
    }
    r.trials += batch;
    double worst = 0;
    const double d = static_cast<double>(r.trials);
    for (std::size_t l = 0; l < layers.size(); ++l)
      for (std::size_t p : layers[l].players)
        worst = std::max(worst, standard_error_of_mean(sums[l][p], squares[l][p], d));
    if (target > 0 && r.trials >= 10'000 && worst <= target) {
      r.stopped_by = "stderr";
      break;
    }
    if (q.max_trials > 0 && r.trials >= q.max_trials) {
      r.stopped_by = "trials";
      break;
    }
    if (q.max_seconds > 0 && clock.seconds() >= q.max_seconds) {
      r.stopped_by = "time";
      break;
    }
  }
  const double d = static_cast<double>(r.trials);
  for (std::size_t l = 0; l < layers.size(); ++l) {
    auto& eq = r.layer_equity.emplace_back();
    auto& se = r.layer_stderr.emplace_back();
    for (std::size_t p : layers[l].players) {
      eq.push_back(sums[l][p] / d);
      se.push_back(standard_error_of_mean(sums[l][p], squares[l][p], d));
    }
  }
  for (std::size_t p = 0; p < n; ++p) {
    r.equity.push_back(sums[0][p] / d);
    r.standard_error.push_back(standard_error_of_mean(sums[0][p], squares[0][p], d));
  }
  return r;
}

}  // namespace equity::detail
