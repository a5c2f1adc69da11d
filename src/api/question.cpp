// Reading and checking a question (question.hpp).
#include "question.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "equity/cards.hpp"
#include "equity/detail/platform.hpp"
#include "equity/error.hpp"
#include "equity/game.hpp"
#include "equity/hand_class.hpp"
#include "equity/hand_order.hpp"

namespace equity::detail {
namespace {

// Four or more characters without any range syntax ("AsXc", "AsAcKd"): meant as specific cards.
bool looks_like_cards(std::string_view text) {
  std::size_t letters = 0;
  for (char c : text) {
    if (std::string_view("+-,:@*%[]").find(c) != std::string_view::npos) return false;
    if (c != ' ') ++letters;
  }
  return letters >= 4 && text != "random";
}

// Whether parse_cards() would read exactly two cards (perhaps the same card twice), found without
// throwing: a range such as "QQ,JJ" is read as a range at once, not after a failed card reading
// (an exception costs more than the rest of a small question).
bool reads_as_two_cards(std::string_view text) {
  int cards = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    if (text[pos] == ' ' || text[pos] == ',' || text[pos] == '\t') {
      ++pos;
      continue;
    }
    if (read_rank(text, pos) < 0 || read_suit(text, pos) < 0) return false;
    ++cards;
  }
  return cards == 2;
}

// A hand keeps its spelling and its messages; anything else is a range. Reads into `range`.
EQUITY_QUESTION_PATH Player parse_player(const std::string& text, std::size_t index, std::string_view order,
                                         std::vector<std::string>& warnings, Range& range) {
  const std::string what = "player " + std::to_string(index + 1);
  Player player;
  if (reads_as_two_cards(text)) {
    try {
      const HoleCards cards = parse_hole_cards(text, what);
      player.label = cards[0].str() + cards[1].str();
      range.set(combo_index(cards[0], cards[1]), 1.0);
      player.specific = true;
      player.known = CardSet(cards[0].bit() | cards[1].bit());
      player.removable = true;
      return player;
    } catch (const InputError&) {
      // The same card twice: perhaps a range after all, else the card error below.
    }
  }
  try {
    range = Range::parse(text, what, &warnings, order);
  } catch (const InputError&) {
    if (looks_like_cards(text)) (void)parse_hole_cards(text, what);  // meant as cards: say why they are wrong
    throw;
  }
  player.label = range.str();
  player.removable = player.label == "random";  // every hand alike: left out of a side pot, cards drawn at random
  return player;
}

// A range of a game with a smaller deck holds no class outside it ("22" in short deck): the first
// such class is named. "random" is every combo the deck has.
void check_range_in_deck(const Player& player, const Range& range, Game game, std::size_t index) {
  const CardSet out = out_of_deck(game);
  if (out.empty() || player.specific || range == Range::all()) return;
  for (const auto& c : range.combos())
    if (out.contains(c.cards[0]) || out.contains(c.cards[1]))
      throw InputError("player " + std::to_string(index + 1) + ": " + class_of({c.cards[0], c.cards[1]}).name() +
                       " is not in the deck of " + std::string(game_rules(game).title) + " (" +
                       std::string(1, kRankChars[static_cast<std::size_t>(game_rules(game).lowest_rank)]) + " to A)");
}

// The ordering percentage ranges read: a game's own default ordering (short deck's equity
// ordering) when the question names Hold'em's default (or its alias vs1), since Hold'em's would
// select classes outside the deck.
std::string_view order_of(const Question& q) {
  const std::string_view own = default_hand_order(q.game);
  if (own != kDefaultHandOrder && (q.order == kDefaultHandOrder || q.order == "vs1")) return own;
  return q.order;
}

}  // namespace

EQUITY_QUESTION_PATH Parsed parse_question(const Question& q) {
  if (q.players.size() < 2) throw InputError("at least 2 players, not " + std::to_string(q.players.size()));
  if (q.players.size() > static_cast<std::size_t>(kMaxPlayers))
    throw InputError("at most " + std::to_string(kMaxPlayers) + " players, not " + std::to_string(q.players.size()));
  const std::string_view order = order_of(q);
  (void)hand_order(order);  // an unknown ordering is an error even when no range uses it
  Parsed parsed;
  parsed.players.reserve(q.players.size());
  parsed.deal.ranges.reserve(q.players.size());
  std::vector<HoleCards> hands;
  for (std::size_t i = 0; i < q.players.size(); ++i) {
    Range& range = parsed.deal.ranges.emplace_back();
    parsed.players.push_back(parse_player(q.players[i], i, order, parsed.warnings, range));
    check_range_in_deck(parsed.players.back(), range, q.game, i);
    if (parsed.players.back().specific) {
      const auto c = range.combos();
      hands.push_back({c[0].cards[0], c[0].cards[1]});
    }
  }
  parsed.deal.board = parse_cards(q.board, "board");
  parsed.deal.dead = parse_cards(q.dead, "dead cards");
  parsed.deal.game = q.game;
  if (hands.size() == q.players.size()) validate(Deal{hands, parsed.deal.board, parsed.deal.dead, q.game});
  return parsed;
}

EQUITY_QUESTION_PATH void check_options(const Question& q) {
  if (q.threads < 0) throw InputError("threads: must be 0 (all cores) or more, not " + std::to_string(q.threads));
  if (q.seed && *q.seed > kMaxSeed)
    throw InputError("seed: at most 2^53 - 1 = 9007199254740991, not " + std::to_string(*q.seed));
  if (q.per_combo && !(q.per_combo_stderr > 0 && q.per_combo_stderr < 1))
    throw InputError("per-combo standard error: above 0 and below 1");
  if (!(q.target_stderr >= 0) || !(q.max_seconds >= 0))
    throw InputError("Monte Carlo targets must be 0 (off) or above");
  const bool mc_targets = q.target_stderr > 0 || q.max_trials > 0 || q.max_seconds > 0;
  if (q.exact_method != ExactMethod::automatic &&
      (q.method == Method::monte_carlo || q.method == Method::table || mc_targets))
    throw InputError("the " + std::string(exact_method_name(q.exact_method)) +
                     " method is a way of enumerating exactly: it does not go with " +
                     std::string(q.method == Method::table ? "the preflop table" : "Monte Carlo"));
  if (!q.stacks.empty() && q.stacks.size() != q.players.size())
    throw InputError("stacks: " + std::to_string(q.stacks.size()) + " given for " + std::to_string(q.players.size()) +
                     " players (one a player, in the players' order)");
  if (!q.stacks.empty() || !q.folded.empty() || q.pot != 0)
    (void)pot_layers(q.stacks, q.pot, q.folded);  // a bad stack, folded chips or dead money names itself
  if (mc_targets && (q.method == Method::exact || q.method == Method::table))
    throw InputError("a standard error, trial or time target is for Monte Carlo, not " +
                     std::string(method_name(q.method)) + " answers");
}

Question sub_question(const Question& q, std::uint64_t seed_step) {
  Question sub = q;
  sub.per_combo = sub.distribution = sub.hits = sub.by_category = false;
  sub.progress = nullptr;
  sub.runs = 1;
  sub.board2.clear();
  if (q.seed) sub.seed = (*q.seed + seed_step) % (kMaxSeed + 1);
  return sub;
}

RangeDeal with_combo(const RangeDeal& deal, std::size_t p, int combo) {
  RangeDeal d = deal;
  d.ranges[p] = Range();
  d.ranges[p].set(combo, 1.0);
  return d;
}

// How far a Monte Carlo run is towards its first stopping rule.
static double monte_carlo_fraction(const MonteCarloOptions& mc, std::uint64_t trials, double worst, double seconds) {
  double done = 0;
  if (mc.max_trials > 0) done = std::max(done, static_cast<double>(trials) / static_cast<double>(mc.max_trials));
  if (mc.max_seconds > 0) done = std::max(done, seconds / mc.max_seconds);
  if (mc.target_stderr > 0 && worst > 0) done = std::max(done, std::pow(mc.target_stderr / worst, 2));
  return std::min(done, 1.0);
}

MonteCarloOptions monte_carlo_options(const Question& q, const Stopwatch& clock) {
  MonteCarloOptions mc;
  mc.seed = q.seed ? *q.seed : random_seed();
  mc.target_stderr = q.target_stderr;
  mc.max_trials = q.max_trials;
  mc.max_seconds = q.max_seconds;
  if (mc.target_stderr <= 0 && mc.max_trials == 0 && mc.max_seconds <= 0) mc.target_stderr = kDefaultStderr;
  mc.by_category = q.by_category;
  mc.cancel = q.cancel;
  if (q.progress) {
    MonteCarloOptions stops;  // the stopping rules alone, copied into the callback
    stops.target_stderr = mc.target_stderr;
    stops.max_trials = mc.max_trials;
    stops.max_seconds = mc.max_seconds;
    mc.progress = [&q, &clock, stops](std::uint64_t trials, double worst) {
      const double seconds = clock.seconds();
      q.progress(Progress{Method::monte_carlo, monte_carlo_fraction(stops, trials, worst, seconds), trials, worst,
                          seconds, false});
    };
  }
  return mc;
}

Method asked_method(const Question& q) {
  const bool targets = q.target_stderr > 0 || q.max_trials > 0 || q.max_seconds > 0;
  if (q.method == Method::automatic && q.exact_method != ExactMethod::automatic) return Method::exact;
  if (q.method == Method::automatic && targets) return Method::monte_carlo;
  return q.method;
}

void set_error_bars(Answer& a, const std::vector<double>& standard_error) {
  for (std::size_t p = 0; p < a.players.size(); ++p) {
    PlayerAnswer& pa = a.players[p];
    pa.standard_error = standard_error[p];
    pa.ci95 = std::array<double, 2>{std::max(0.0, pa.equity - 1.96 * standard_error[p]),
                                    std::min(1.0, pa.equity + 1.96 * standard_error[p])};
  }
}

}  // namespace equity::detail
