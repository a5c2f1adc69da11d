// The largest all-ins by the pot in big blinds (largest_all_ins.hpp).
#include "equity/largest_all_ins.hpp"

#include <algorithm>

#include "equity/hands_json.hpp"

namespace equity {
namespace {

// The list's order: the larger pot first, of equal pots the earlier hand.
bool before(const LargestAllIns::Row& a, const LargestAllIns::Row& b) {
  return a.big_blinds > b.big_blinds || (a.big_blinds == b.big_blinds && a.index < b.index);
}

}  // namespace

void LargestAllIns::add(const HandOutcome& o, std::uint64_t index) {
  const AllInPlayer* me = o.in_all_in();
  if (!me || keep_ == 0) return;
  const auto& a = *o.all_in;
  const HandHistory& h = *o.hand;
  Row row;
  row.big_blinds = a.pot / (h.big_blind > 0 ? h.big_blind : 1);
  row.index = index;
  if (rows_.size() >= keep_ && !before(row, rows_.front())) return;
  row.id = h.id;
  row.street = std::string(street_name(h.game, a.street));
  row.symbol = h.symbol;
  row.tournament = h.tournament;
  row.players = a.players.size();
  row.pot = a.pot;
  row.equity = me->equity;
  row.won = me->won;
  row.ev = me->ev;
  row.json = to_json(o);
  rows_.push_back(std::move(row));
  std::push_heap(rows_.begin(), rows_.end(), before);
  if (rows_.size() > keep_) {
    std::pop_heap(rows_.begin(), rows_.end(), before);
    rows_.pop_back();
  }
}

std::vector<LargestAllIns::Row> LargestAllIns::rows() const {
  std::vector<Row> out = rows_;
  std::sort(out.begin(), out.end(), before);
  return out;
}

}  // namespace equity
