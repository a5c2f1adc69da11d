// The pot's layers (pot.hpp) and their answers. The first layer holds every player: its shares are
// the question's own equities. A side pot holds the players with the bigger stacks. Hold'em's and
// short deck's exact enumerations, and Omaha's of specific hands, count it in the main pot's pass
// (SidePots: counted_side_pots() reads them). Else its shares are the equities of the question of
// those players alone, the others' known cards out of the deck, which counts the same deals when
// the others' cards not known are drawn at random (a specific hand has none; random, or a stud
// hand's hidden cards, are any cards left): each deal of the side pot's players' cards and of the
// board, once for every way of the others' cards. A player left out with a range (Hold'em, short
// deck) is not drawn at random: his hands are counted one by one, each a question with his cards
// out of the deck, and their counts added (the joint count: every deal of everyone's cards and the
// board once).
#include "equity/pot.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "api/assignments.hpp"
#include "api/engine.hpp"
#include "api/joint_sample.hpp"
#include "api/question.hpp"
#include "equity/calculate.hpp"
#include "equity/error.hpp"

namespace equity {
namespace {

std::string number_text(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

}  // namespace

std::vector<PotLayer> pot_layers(std::span<const double> stacks, double dead, std::span<const double> folded) {
  for (std::size_t i = 0; i < stacks.size(); ++i)
    if (!(stacks[i] > 0) || !std::isfinite(stacks[i]))
      throw InputError("stack " + std::to_string(i + 1) + ": a number of chips above 0, not " + number_text(stacks[i]));
  for (std::size_t i = 0; i < folded.size(); ++i)
    if (!(folded[i] >= 0) || !std::isfinite(folded[i]))
      throw InputError("folded " + std::to_string(i + 1) + ": a folded player's chips, a number 0 or more, not " +
                       number_text(folded[i]));
  if (!(dead >= 0) || !std::isfinite(dead))
    throw InputError("pot: the dead money, a number of chips 0 or more, not " + number_text(dead));
  std::vector<double> levels(stacks.begin(), stacks.end());
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  std::vector<PotLayer> layers;
  double below = 0;
  for (double level : levels) {
    PotLayer layer;
    for (std::size_t i = 0; i < stacks.size(); ++i)
      if (stacks[i] >= level) layer.players.push_back(i);
    layer.chips = (level - below) * static_cast<double>(layer.players.size());
    below = level;
    layers.push_back(std::move(layer));
  }
  // Each folded player's chips in the layers they reach: layer k's between the (k-1)th and kth
  // levels, the top layer's also above the largest.
  for (const double chips : folded) {
    double reached = 0;
    for (std::size_t k = 0; k < layers.size(); ++k) {
      const double top = k + 1 == layers.size() ? chips : std::min(chips, levels[k]);
      layers[k].chips += std::max(0.0, top - reached);
      reached = std::max(reached, std::min(chips, levels[k]));
    }
  }
  if (!layers.empty()) layers.front().chips += dead;
  return layers;
}

namespace {

// Numbers separated by commas, above 0 (or 0 or more with `zero`); InputError in `what`'s words.
std::vector<double> parse_chips(std::string_view text, bool zero, std::string_view option, std::string_view one,
                                std::string_view each) {
  std::vector<double> chips;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string_view token = text.substr(start, comma - start);
    while (!token.empty() && token.front() == ' ') token.remove_prefix(1);
    while (!token.empty() && token.back() == ' ') token.remove_suffix(1);
    double x = 0;
    const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), x);
    if (token.empty() || error != std::errc() || end != token.data() + token.size() || !(zero ? x >= 0 : x > 0) ||
        !std::isfinite(x))
      throw InputError(std::string(option) + ": '" + std::string(token.substr(0, 40)) + "' (" + std::string(one) + " " +
                       std::to_string(chips.size() + 1) + "): " + std::string(each));
    chips.push_back(x);
    if (comma == text.size()) return chips;
    start = comma + 1;
  }
}

}  // namespace

std::vector<double> parse_stacks(std::string_view text) {
  return parse_chips(text, false, "--stacks", "stack",
                     "a number of chips above 0, one a player separated by commas, e.g. 100,250,40");
}

std::vector<double> parse_folded(std::string_view text) {
  return parse_chips(text, true, "--folded", "folded",
                     "a number of chips 0 or more, one a player who folded, separated by commas, e.g. 60,20");
}

namespace detail {
namespace {

// The layers of the question: by its stacks, or its dead money alone shared by everyone.
std::vector<PotLayer> layers_of(const Question& q) {
  if (!q.stacks.empty()) return pot_layers(q.stacks, q.pot, q.folded);
  double folded = 0;
  for (const double chips : q.folded) folded += chips;
  PotLayer all{folded + q.pot, std::vector<std::size_t>(q.players.size())};
  std::iota(all.players.begin(), all.players.end(), std::size_t{0});
  return {all};
}

bool in_layer(const PotLayer& layer, std::size_t p) {
  return std::binary_search(layer.players.begin(), layer.players.end(), p);
}

// The question of a side pot: its players, the others' known cards out of the deck, asked as the
// question was (sub_question(), the seed moved on by the layer), with no pot of its own.
Question side_question(const PlannedQuestion& s, const PotLayer& layer, std::size_t index) {
  const Question& q = s.question;
  Question side = sub_question(q, index);
  side.stacks.clear();
  side.folded.clear();
  side.pot = 0;
  side.players.clear();
  CardSet out;
  for (std::size_t p = 0; p < q.players.size(); ++p) {
    if (in_layer(layer, p))
      side.players.push_back(q.players[p]);
    else
      out = out | s.parsed.players[p].known;
  }
  side.dead = q.dead + to_string(out.cards());
  return side;
}

// The players left out of the layer whose cards are a range (not drawn at random): counted hand by
// hand (range_side_pot()).
std::vector<std::size_t> ranged_out(const PlannedQuestion& s, const PotLayer& layer) {
  std::vector<std::size_t> out;
  for (std::size_t p = 0; p < s.question.players.size(); ++p)
    if (!in_layer(layer, p) && !s.parsed.players[p].removable) out.push_back(p);
  return out;
}

// At most this many hands of the players left out with ranges, together, a side pot: each is a
// question of its own (their work adds up to about the whole question's, which counts them all).
constexpr std::uint64_t kSidePotHands = 20000;

// A layer's shares from the answer that counted its players.
void fill_layer(const Answer& a, PotLayerAnswer& out) {
  const bool exact = a.method != Method::monte_carlo && !a.weighted;
  if (exact) out.showdowns = a.showdowns();
  for (const PlayerAnswer& p : a.players) {
    out.equity.push_back(p.equity);
    if (a.method == Method::monte_carlo) out.standard_error.push_back(p.standard_error.value_or(0));
    if (exact) out.pot_units.push_back(p.pot_units.value_or(0));
  }
}

// The side pots of the question's stacks: its layers of two players or more, not every one.
std::vector<PotLayer> side_layers(const Question& q) {
  std::vector<PotLayer> sides;
  if (q.stacks.empty()) return sides;
  for (PotLayer& layer : pot_layers(q.stacks, q.pot, q.folded))
    if (layer.players.size() >= 2 && layer.players.size() < q.players.size()) sides.push_back(std::move(layer));
  return sides;
}

// The side pot `layer` as the answer's method counted it, if it did.
const PotLayerAnswer* counted_layer(const Answer& a, const PotLayer& layer) {
  if (!a.pot) return nullptr;
  for (const PotLayerAnswer& counted : a.pot->layers)
    if (counted.layer.players == layer.players) return &counted;
  return nullptr;
}

}  // namespace

SidePots side_pots_of(const Question& q) {
  SidePots sides;
  for (const PotLayer& layer : side_layers(q)) {
    std::uint16_t players = 0;
    for (const std::size_t p : layer.players) players = static_cast<std::uint16_t>(players | 1u << p);
    sides.players[static_cast<std::size_t>(sides.count++)] = players;
  }
  return sides;
}

bool side_pot_leaves_out_a_range(const PlannedQuestion& s) {
  const std::vector<PotLayer> sides = side_layers(s.question);
  return std::any_of(sides.begin(), sides.end(), [&](const PotLayer& layer) { return !ranged_out(s, layer).empty(); });
}

bool counts_side_pots(const PlannedQuestion& s, Method method, ExactMethod exact_method) {
  const Engine& engine = engine_of(s.question.game);
  return engine.counts_side_pots && engine.counts_side_pots(method, exact_method);
}

PotAnswer counted_side_pots(const Question& q, std::uint64_t showdowns,
                            const std::vector<std::vector<std::uint64_t>>& units) {
  PotAnswer counted;
  const std::vector<PotLayer> sides = side_layers(q);
  for (std::size_t l = 0; l < sides.size(); ++l) {
    PotLayerAnswer& out = counted.layers.emplace_back();
    out.layer = sides[l];
    out.showdowns = showdowns;
    for (const std::size_t p : out.layer.players) {
      out.pot_units.push_back(units[l][p]);
      out.equity.push_back(showdowns == 0 ? 0.0
                                          : static_cast<double>(units[l][p]) /
                                                (static_cast<double>(kPotUnits) * static_cast<double>(showdowns)));
    }
  }
  return counted;
}

PotAnswer counted_side_pots(const Question& q, const RangeEquityResult& r) {
  PotAnswer counted;
  const std::vector<PotLayer> sides = side_layers(q);
  for (std::size_t l = 0; l < sides.size(); ++l) {
    PotLayerAnswer& out = counted.layers.emplace_back();
    out.layer = sides[l];
    if (!r.weighted) out.showdowns = r.showdowns();  // weighted: no integer counts, as the main pot
    for (const std::size_t p : out.layer.players) {
      out.equity.push_back(r.side_pot_equity(l, p));
      if (!r.weighted) out.pot_units.push_back(r.side_pots[l].share[p] * (kPotUnits / kShareUnit));
    }
  }
  return counted;
}

void check_pot(const PlannedQuestion& s, const Plan& plan) {
  const Question& q = s.question;
  if (!asks_pot(q) || counts_side_pots(s, plan.method, plan.exact_method)) return;
  const Method method = plan.method;
  for (const PotLayer& layer : side_layers(q)) {
    const std::vector<std::size_t> ranged = ranged_out(s, layer);
    if (ranged.empty()) continue;
    const std::size_t p = ranged.front();
    const std::string who = "stacks: player " + std::to_string(p + 1) + " ('" + s.parsed.players[p].label +
                            "') is left out of a side pot, ";
    const SidePotWords& words = engine_of(q.game).side_pots;
    if (!words.refused.empty()) throw InputError(who + std::string(words.refused));
    if (method == Method::monte_carlo) continue;  // sampled with the others' hands (joint_sample.hpp)
    const PlayerHands left_out = player_hands(s, ranged);
    if (left_out.weighted) throw InputError(who + std::string(words.weighted));
    if (count_assignments(left_out, kSidePotHands) > kSidePotHands)
      throw InputError(who + "and the hands of the players left out with ranges are more than " +
                       std::to_string(kSidePotHands) + std::string(words.too_many));
  }
}

// A side pot with players left out holding ranges: one question for each way they hold their
// hands (their cards out of the deck), the showdowns and pot units added. Exact (check_pot()
// refuses the rest).
void range_side_pot(const PlannedQuestion& s, std::size_t index, PotLayerAnswer& out) {
  const Question base = side_question(s, out.layer, index);
  out.pot_units.assign(out.layer.players.size(), 0);
  each_assignment(player_hands(s, ranged_out(s, out.layer)), [&](const std::vector<CardSet>& hands) {
    Question side = base;
    CardSet cards;
    for (const CardSet h : hands) cards = cards | h;
    side.dead += to_string(cards.cards());
    side.method = Method::exact;
    const Answer a = calculate(side);
    out.showdowns += a.showdowns();
    for (std::size_t i = 0; i < out.pot_units.size(); ++i) out.pot_units[i] += a.players[i].pot_units.value_or(0);
    return true;
  });
  for (const std::uint64_t units : out.pot_units)
    out.equity.push_back(out.showdowns == 0 ? 0.0
                                            : static_cast<double>(units) / (static_cast<double>(kPotUnits) *
                                                                            static_cast<double>(out.showdowns)));
}

PotAnswer answer_pot(const PlannedQuestion& s, const Answer& a) {
  const Question& q = s.question;
  PotAnswer pot;
  pot.stacks = q.stacks;
  pot.dead = q.pot;
  pot.folded = q.folded;
  const std::size_t n = q.players.size();
  pot.ev.assign(n, 0.0);
  std::vector<double> variance(n, 0.0);
  bool sampled = false;
  const std::vector<PotLayer> layers = layers_of(q);
  std::optional<JointSample> joint;  // a sampled question's side pots with a range left out
  for (std::size_t l = 0; l < layers.size(); ++l) {
    PotLayerAnswer out;
    out.layer = layers[l];
    pot.chips += out.layer.chips;
    if (out.layer.players.size() == 1) {
      out.equity = {1.0};  // his own chips back
    } else if (out.layer.players.size() == n) {
      fill_layer(a, out);
    } else if (const PotLayerAnswer* side = counted_layer(a, out.layer)) {
      out = *side;
    } else if (!ranged_out(s, out.layer).empty() && a.method == Method::monte_carlo) {
      if (!joint) joint = joint_sample(s, layers, a.seed);
      out.equity = joint->layer_equity[l];
      out.standard_error = joint->layer_stderr[l];
    } else if (!ranged_out(s, out.layer).empty()) {
      range_side_pot(s, l, out);
    } else {
      fill_layer(calculate(side_question(s, out.layer, l)), out);
    }
    sampled |= !out.standard_error.empty();
    for (std::size_t i = 0; i < out.layer.players.size(); ++i) {
      const std::size_t p = out.layer.players[i];
      pot.ev[p] += out.layer.chips * out.equity[i];
      if (!out.standard_error.empty())
        variance[p] += out.layer.chips * out.layer.chips * out.standard_error[i] * out.standard_error[i];
    }
    pot.layers.push_back(std::move(out));
  }
  for (std::size_t p = 0; p < n; ++p) pot.net.push_back(pot.ev[p] - (q.stacks.empty() ? 0.0 : q.stacks[p]));
  if (sampled)
    for (double v : variance) pot.ev_standard_error.push_back(std::sqrt(v));
  return pot;
}

PotAnswer two_board_pot(const PlannedQuestion& s, const PotAnswer& first) {
  // The second board's question: its board, the first board's cards out of the deck in place of
  // its own (plan() put them among the dead cards), the same stacks.
  const Question& q = s.question;
  Question second = sub_question(q, 1000);
  second.board = q.board2;
  CardSet dead;
  for (Card c : parse_cards(q.dead, "dead cards")) dead.insert(c);
  for (Card c : parse_cards(q.board2, "board2")) dead = dead - CardSet(c.bit());
  for (Card c : parse_cards(q.board, "board")) dead.insert(c);
  second.dead = to_string(dead.cards());
  const PotAnswer other = *calculate(second).pot;
  // Each board wins half of every pot: the shares and the chips are the two boards' averages.
  PotAnswer both = first;
  for (std::size_t l = 0; l < both.layers.size(); ++l) {
    PotLayerAnswer& layer = both.layers[l];
    const PotLayerAnswer& o = other.layers[l];
    for (std::size_t i = 0; i < layer.equity.size(); ++i) layer.equity[i] = (layer.equity[i] + o.equity[i]) / 2;
    const bool sampled = !layer.standard_error.empty() || !o.standard_error.empty();
    std::vector<double> errors;
    for (std::size_t i = 0; sampled && i < layer.equity.size(); ++i) {
      const double a = layer.standard_error.empty() ? 0 : layer.standard_error[i];
      const double b = o.standard_error.empty() ? 0 : o.standard_error[i];
      errors.push_back(std::sqrt(a * a + b * b) / 2);
    }
    layer.standard_error = std::move(errors);
    layer.showdowns = 0;  // the boards count different deals: no one integer count
    layer.pot_units.clear();
  }
  for (std::size_t p = 0; p < both.ev.size(); ++p) {
    both.ev[p] = (first.ev[p] + other.ev[p]) / 2;
    both.net[p] = both.ev[p] - (q.stacks.empty() ? 0.0 : q.stacks[p]);
  }
  if (!first.ev_standard_error.empty() || !other.ev_standard_error.empty()) {
    both.ev_standard_error.assign(both.ev.size(), 0.0);
    for (std::size_t p = 0; p < both.ev.size(); ++p) {
      const double a = first.ev_standard_error.empty() ? 0 : first.ev_standard_error[p];
      const double b = other.ev_standard_error.empty() ? 0 : other.ev_standard_error[p];
      both.ev_standard_error[p] = std::sqrt(a * a + b * b) / 2;
    }
  }
  return both;
}

}  // namespace detail
}  // namespace equity
