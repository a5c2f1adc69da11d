#include "equity/answer_json.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

#include "equity/hand_class.hpp"
#include "equity/hand_value.hpp"
#include "equity/stud_hand.hpp"

namespace equity {
namespace {

using nlohmann::ordered_json;

// JSON has no NaN or infinity: such a number is written as null.
ordered_json number(double x) { return std::isfinite(x) ? ordered_json(x) : ordered_json(nullptr); }

// The game's categories, the best first (Hold'em's in Category order, as always), with the wins and
// ties of each.
ordered_json categories(const PlayerAnswer& p, Game game) {
  ordered_json list = ordered_json::array();
  std::vector<GameCategory> order;
  if (game_rules(game).ranking == PotRanking::high) {
    for (int c = kCategories - 1; c >= 0; --c)
      order.push_back({static_cast<std::size_t>(c), category_name(static_cast<Category>(c))});
  } else {
    order = game_categories(game);
  }
  for (const GameCategory& c : order) {
    ordered_json line = {{"category", c.name}, {"count", (*p.category)[c.index]}};
    if (p.category_wins) line["wins"] = (*p.category_wins)[c.index];
    if (p.category_ties) line["ties"] = (*p.category_ties)[c.index];
    list.push_back(std::move(line));
  }
  return list;
}

std::string range_combo_name(const ComboEquity& c) {
  if (c.cards != 0) return CardSet(c.cards).str();  // an Omaha hand
  const auto cards = combo_cards(c.combo);
  return (to_set(cards[0]) | to_set(cards[1])).str();
}

// A stud player's ways of his cards not known: his hand as read, once, each way's name from it.
class StudNames {
 public:
  StudNames(std::string_view hand, Game game) : hand_(parse_stud_hand(hand, game, "hand")), game_(game) {}
  std::string operator()(const ComboEquity& c) const {
    const CardSet cards(c.cards);
    return to_string(with_cards(hand_, cards, cards.size(), game_), game_);
  }

 private:
  StudHand hand_;
  Game game_;
};

// One combo's or class's line of the hand matrix; equity is null when it meets no opponent. The
// members are appended in order (ordered_map's vector) rather than looked up by operator[]: the
// hand matrix has thousands of these, and the lookups were a quarter of `--per-combo --json`.
// With pot_units (the Omaha games), the pot won in pot units (the combo's share).
ordered_json combo_line(const ComboEquity& c, const char* key, const std::string& name, bool monte_carlo,
                        bool pot_units = false) {
  ordered_json j(ordered_json::value_t::object);
  auto& members = j.get_ref<ordered_json::object_t&>();
  members.reserve(9);
  members.emplace_back(key, name);
  members.emplace_back("weight", number(c.weight));
  members.emplace_back("equity", c.weighted_showdowns > 0 ? number(c.equity()) : ordered_json(nullptr));
  members.emplace_back("wins", c.wins);
  members.emplace_back("ties", c.ties);
  members.emplace_back("losses", c.losses);
  members.emplace_back(monte_carlo ? "trials" : "showdowns", c.showdowns());
  if (pot_units) members.emplace_back("pot_units", c.share);
  if (monte_carlo && key == std::string("combo")) members.emplace_back("stderr", number(c.standard_error));
  return j;
}

ordered_json hit_count(const HitCount& h) {
  return {{"combos", h.combos}, {"weight", number(h.weight)}, {"share", number(h.share)}};
}

ordered_json hits(const HitTable& h) {
  ordered_json made = ordered_json::object(), draws = ordered_json::object();
  for (const HitRow& row : h.made) made[std::string(row.name)] = hit_count(row.count);
  for (const HitRow& row : h.draws) draws[std::string(row.name)] = hit_count(row.count);
  return {{"combos", h.combos}, {"weight", number(h.weight)}, {"made", made}, {"draws", draws}};
}

ordered_json distribution(const Distribution& d) {
  ordered_json buckets = ordered_json::array(), curve = ordered_json::array();
  for (const auto& b : d.buckets)
    buckets.push_back({{"low", number(b.low)},
                       {"high", number(b.high)},
                       {"combos", b.combos},
                       {"weight", number(b.weight)},
                       {"share", number(b.share)}});
  for (const auto& point : d.curve) curve.push_back({number(point.share), number(point.equity)});
  return {{"mean", number(d.mean)}, {"buckets", buckets}, {"curve", curve}};
}

ordered_json player(const PlayerAnswer& p, Game game, bool per_combo_monte_carlo, bool pot_units) {
  ordered_json j;
  j["hand"] = p.hand;
  j["specific"] = p.specific;
  j["combos"] = p.combos;
  j["wins"] = p.wins;
  j["ties"] = p.ties;
  j["losses"] = p.losses;
  j["equity"] = number(p.equity);
  if (pot_units && p.pot_units) j["pot_units"] = *p.pot_units;
  if (p.scoops) {
    j["scoops"] = *p.scoops;
    j["low_wins"] = *p.low_wins;
    j["low_ties"] = *p.low_ties;
    j["lows"] = *p.lows;
  }
  if (p.weighted_wins) {
    j["weighted_wins"] = number(*p.weighted_wins);
    j["weighted_ties"] = number(*p.weighted_ties);
    j["weighted_losses"] = number(*p.weighted_losses);
  }
  if (p.standard_error) j["stderr"] = number(*p.standard_error);
  if (p.ci95) j["ci95"] = {number((*p.ci95)[0]), number((*p.ci95)[1])};
  if (p.category) j["categories"] = categories(p, game);
  if (p.hits) j["hits"] = hits(*p.hits);
  if (p.distribution) j["distribution"] = distribution(*p.distribution);
  if (!p.per_combo.empty() || !p.per_class.empty()) {
    ordered_json combos = ordered_json::array(), classes = ordered_json::array();
    combos.get_ref<ordered_json::array_t&>().reserve(p.per_combo.size());
    classes.get_ref<ordered_json::array_t&>().reserve(p.per_class.size());
    std::optional<StudNames> stud;  // the games of a player's own cards: each way of those not known
    if (game_rules(game).making == HandMaking::own_cards) stud.emplace(p.hand, game);
    for (const auto& c : p.per_combo)
      combos.push_back(
          combo_line(c, "combo", stud ? (*stud)(c) : range_combo_name(c), per_combo_monte_carlo, pot_units));
    for (const auto& c : p.per_class)
      classes.push_back(
          combo_line(c, "class", hand_classes()[static_cast<std::size_t>(c.combo)].name(), per_combo_monte_carlo));
    j["per_combo"] = std::move(combos);
    if (!p.per_class.empty()) j["per_class"] = std::move(classes);  // none in the Omaha games
  }
  return j;
}

// The pot by layers (pot.hpp): each layer's chips, players (indices into "players") and their
// shares, with the exact counts behind them or their standard errors.
ordered_json pot(const PotAnswer& p) {
  ordered_json layers = ordered_json::array();
  for (const PotLayerAnswer& l : p.layers) {
    ordered_json layer;
    layer["chips"] = number(l.layer.chips);
    layer["players"] = l.layer.players;
    ordered_json equity = ordered_json::array();
    for (double e : l.equity) equity.push_back(number(e));
    layer["equity"] = std::move(equity);
    if (!l.pot_units.empty()) {
      layer["showdowns"] = l.showdowns;
      layer["pot_units"] = l.pot_units;
    }
    if (!l.standard_error.empty()) {
      ordered_json errors = ordered_json::array();
      for (double e : l.standard_error) errors.push_back(number(e));
      layer["stderr"] = std::move(errors);
    }
    layers.push_back(std::move(layer));
  }
  ordered_json stacks = ordered_json::array();
  for (double s : p.stacks) stacks.push_back(number(s));
  ordered_json j = {{"chips", number(p.chips)}, {"dead", number(p.dead)}, {"stacks", stacks}};
  if (!p.folded.empty()) {  // asked for: absent otherwise, as the answers before it
    ordered_json folded = ordered_json::array();
    for (double f : p.folded) folded.push_back(number(f));
    j["folded"] = std::move(folded);
  }
  j["layers"] = std::move(layers);
  return j;
}

// Runs and two boards: the parts, how they were counted, each player's share over them and how
// often he took k of them alone.
ordered_json runouts(const RunoutAnswer& r) {
  ordered_json j;
  j["runs"] = r.runs;
  j["boards"] = r.boards;
  if (r.boards == 2) j["board2"] = r.board2;
  j["mode"] = r.exact ? "exact" : "monte-carlo";
  j["deals"] = r.deals;
  if (!r.exact) j["seed"] = r.seed;
  ordered_json players = ordered_json::array();
  for (std::size_t p = 0; p < r.equity.size(); ++p) {
    ordered_json player;
    player["equity"] = number(r.equity[p]);
    if (!r.standard_error.empty()) player["stderr"] = number(r.standard_error[p]);
    player["pot_units"] = r.pot_units[p];
    player["scooped"] = r.scooped[p];
    players.push_back(std::move(player));
  }
  j["players"] = std::move(players);
  return j;
}

// Each player's expected chips back, net of his stack, and (Monte Carlo) its standard error.
void add_pot(const PotAnswer& p, ordered_json& players) {
  for (std::size_t i = 0; i < players.size() && i < p.ev.size(); ++i) {
    players[i]["ev"] = number(p.ev[i]);
    players[i]["net"] = number(p.net[i]);
    if (!p.ev_standard_error.empty()) players[i]["ev_stderr"] = number(p.ev_standard_error[i]);
  }
}

}  // namespace

std::string combo_name(const ComboEquity& combo, std::string_view hand, Game game) {
  if (game_rules(game).making == HandMaking::own_cards) return StudNames(hand, game)(combo);
  return range_combo_name(combo);
}

std::string to_json(const BoardHits& h) { return hits(hit_table(h)).dump(); }
std::string to_json(const HitTable& h) { return hits(h).dump(); }

namespace {
template <class Cards>
ordered_json card_list(const Cards& cards) {
  auto out = ordered_json::array();
  for (Card c : cards) out.push_back(c.str());
  return out;
}
}  // namespace

std::string to_json(const GameHandValue& v) {
  ordered_json j;
  if (v.game != kDefaultGame) j["game"] = game_name(v.game);  // Hold'em's object is as it always was
  j["cards"] = card_list(v.cards);
  if (!v.board.empty()) j["board"] = card_list(v.board);
  j["best"] = card_list(v.best);
  j["category"] = v.category;
  j["name"] = v.name;
  j["rank"] = v.rank;
  if (v.low) {
    j["low"] = v.low->name;
    j["low_rank"] = v.low->rank;
    j["low_best"] = v.low->rank == kNoLow ? ordered_json(nullptr) : card_list(v.low->best);
  }
  if (v.second)
    j["second"] = {{"half", game_rules(v.game).half_name(1)},
                   {"best", card_list(v.second->best)},
                   {"category", v.second->category},
                   {"name", v.second->name},
                   {"rank", v.second->rank}};
  return j.dump();
}

std::string to_json(const Answer& a) {
  ordered_json j;
  j["game"] = game_name(a.game);
  j["mode"] = method_name(a.method);
  if (!a.reason.empty()) j["reason"] = a.reason;
  if (!a.draw_rule.empty()) j["draw_rule"] = a.draw_rule;
  if (!a.board.empty()) j["board"] = a.board;
  if (!a.dead.empty()) j["dead"] = a.dead;
  if (a.pot_units) j["pot_units"] = a.pot_units;
  if (a.method == Method::monte_carlo) {
    j["trials"] = a.trials;
    j["seed"] = a.seed;
    j["stopped_by"] = a.stopped_by;
    j["rejected"] = a.rejected;
    j["deals_per_board"] = a.deals_per_board;
  } else {
    j["boards"] = a.boards;
    j["assignments"] = a.assignments;
    j["showdowns"] = a.showdowns();
    j["weighted"] = a.weighted;
    if (a.method == Method::table) j["table"] = a.table_dir;
    if (a.method == Method::exact) {
      j["exact_method"] = exact_method_name(a.exact_method);
      if (a.exact_method != ExactMethod::sweep && a.exact_method != ExactMethod::showdowns) {
        j["orbits"] = a.orbits;
        j["symmetries"] = a.symmetries;
      }
    }
  }
  if (a.per_combo_method != Method::automatic) {
    j["per_combo_method"] = method_name(a.per_combo_method);
    if (a.per_combo_method == Method::monte_carlo) j["per_combo_seed"] = a.seed;
  }
  j["seconds"] = number(a.seconds);
  j["warnings"] = a.warnings;
  ordered_json players = ordered_json::array();
  for (const auto& p : a.players)
    players.push_back(player(p, a.game, a.per_combo_method == Method::monte_carlo, a.pot_units != 0));
  if (a.pot) add_pot(*a.pot, players);
  j["players"] = std::move(players);
  if (a.pot) j["pot"] = pot(*a.pot);
  if (a.runouts) j["runouts"] = runouts(*a.runouts);
  return j.dump();
}

}  // namespace equity
