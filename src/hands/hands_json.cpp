// Hand histories as JSON: the all-ins and the totals.
#include "equity/hands_json.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace equity {
namespace {

using json = nlohmann::ordered_json;

// Rounded to the cent (what the sites count in).
double cents(double x) { return std::round(x * 100) / 100; }

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json all_in_json(const HandOutcome& o) {
  const HandHistory& h = *o.hand;
  const AllInEv& a = *o.all_in;
  json folded = json::array();
  for (double f : a.folded) folded.push_back(cents(f));
  json players = json::array();
  for (const auto& p : a.players)
    players.push_back({{"name", p.name},
                       {"cards", p.cards},
                       {"put_in", cents(p.put_in)},
                       {"equity", p.equity},
                       {"ev", p.ev},
                       {"ev_stderr", p.ev_stderr},
                       {"won", cents(p.won)},
                       {"outside", cents(h.players[p.player].outside)}});
  return {{"id", h.id},
          {"site", site_name(h.site)},
          {"file", o.file},
          {"line", h.line},
          {"game", game_name(h.game)},
          {"game_text", h.game_text},
          {"stakes", h.stakes},
          {"currency", h.tournament ? "chips" : h.currency},
          {"street", street_name(h.game, a.street)},
          {"board", a.board},
          {"dead", a.dead},
          {"runs", a.runs},
          {"pot", cents(a.pot)},
          {"folded", folded},
          {"dead_money", cents(a.dead_money)},
          {"rake", cents(a.rake)},
          {"method", method_name(a.method)},
          {"player", o.player},
          {"players", players}};
}

json totals_json(const HandsReport& r) {
  json stakes = json::array();
  for (const auto& s : r.stakes)
    stakes.push_back({{"game", s.game},
                      {"stakes", s.stakes},
                      {"currency", s.tournament ? "chips" : s.currency},
                      {"symbol", s.symbol},
                      {"tournament", s.tournament},
                      {"big_blind", s.big_blind},
                      {"hands", s.hands},
                      {"all_in_hands", s.all_in_hands},
                      {"net", cents(s.net)},
                      {"adjusted", s.adjusted},
                      {"luck", s.net - s.adjusted}});
  json not_counted = json::object();
  for (const auto& [why, n] : r.not_counted) not_counted[why] = n;
  json skips = json::array();
  for (const auto& s : r.skips) skips.push_back({{"file", s.file}, {"line", s.line}, {"reason", s.reason}});
  return {{"totals", true},
          {"players", r.heroes},
          {"files", r.files},
          {"hands", r.hands},
          {"counted", r.counted},
          {"all_ins", r.all_ins},
          {"all_ins_not_counted", not_counted},
          {"stakes", stakes},
          {"skipped", r.skipped},
          {"skips", skips},
          {"seconds", r.seconds}};
}

}  // namespace

std::string to_json(const HandOutcome& outcome) { return dump(all_in_json(outcome)); }

std::string to_json(const HandsReport& report) { return dump(totals_json(report)); }

}  // namespace equity
