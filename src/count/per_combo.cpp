#include "count/per_combo.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "detail/parallel.hpp"
#include "equity/error.hpp"
#include "equity/evaluator.hpp"
#include "equity/hand_class.hpp"
#include "equity/ranking.hpp"
#include "equity/result_file.hpp"

namespace equity {

ComboEquity& ComboEquity::operator+=(const ComboEquity& o) {
  wins += o.wins;
  ties += o.ties;
  losses += o.losses;
  share += o.share;
  weighted_wins += o.weighted_wins;
  weighted_ties += o.weighted_ties;
  weighted_share += o.weighted_share;
  weighted_showdowns += o.weighted_showdowns;
  return *this;
}

namespace {

// A combo alive on the known board, in either player's range or both.
struct Entry {
  Hand hand;
  std::uint64_t mask = 0;
  int combo = 0;
  std::uint8_t card[2] = {0, 0};   // card ids
  std::array<double, 2> weight{};  // in each player's range (0: not in it)
};

// Running sums over one player's combos, as an opponent: all of them, and those holding each card.
struct Sums {
  std::uint64_t count = 0;
  double weight = 0;
  std::array<std::uint32_t, kCards> card_count{};
  std::array<double, kCards> card_weight{};

  void add(const Entry& e, int side) {
    const double w = e.weight[static_cast<std::size_t>(side)];
    if (w == 0) return;
    ++count;
    weight += w;
    for (int c : e.card) {
      ++card_count[static_cast<std::size_t>(c)];
      card_weight[static_cast<std::size_t>(c)] += w;
    }
  }
  void add(const Sums& o) {
    count += o.count;
    weight += o.weight;
    for (std::size_t c = 0; c < kCards; ++c) {
      card_count[c] += o.card_count[c];
      card_weight[c] += o.card_weight[c];
    }
  }
  // Those not sharing a card with e: a combo holding both of e's cards is e itself, taken out twice
  // by the per-card sums, so it is added back once when it is in the set.
  std::uint64_t count_apart(const Entry& e, bool self_in_set) const {
    return count - card_count[e.card[0]] - card_count[e.card[1]] + (self_in_set ? 1 : 0);
  }
  double weight_apart(const Entry& e, double self_weight) const {
    return weight - card_weight[e.card[0]] - card_weight[e.card[1]] + self_weight;
  }
};

// Per entry and side: the counts of the entry as that side's combo.
struct Tally {
  std::uint64_t wins = 0, ties = 0, losses = 0;
  double weighted_wins = 0, weighted_ties = 0, weighted_showdowns = 0;
};

template <class Ranking>
class Sweep {
 public:
  Sweep(const std::vector<Entry>& entries, Ranking ranking)
      : entries_(entries), ranking_(ranking), tallies_(2 * entries.size()) {
    keys_.reserve(entries.size());
  }

  // Every combo alive on the completed board, ranked, then swept from the weakest up. A combo beats
  // the opponent's combos ranked below its group and ties those in it: its wins are read from the
  // running sums before its group is added, its wins plus ties after.
  void board(Hand board, std::uint64_t board_mask) {
    keys_.clear();
    Sums total[2];
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      const Entry& e = entries_[i];
      if (e.mask & board_mask) continue;
      const HandRank rank = ranking_(board + e.hand);
      keys_.push_back(static_cast<std::uint32_t>(rank) << 11 | static_cast<std::uint32_t>(i));
      total[0].add(e, 0);
      total[1].add(e, 1);
    }
    std::sort(keys_.begin(), keys_.end());
    Sums running[2];
    below_.resize(keys_.size());
    for (std::size_t g = 0; g < keys_.size();) {
      std::size_t end = g + 1;
      while (end < keys_.size() && (keys_[end] >> 11) == (keys_[g] >> 11)) ++end;
      for (std::size_t k = g; k < end; ++k) {
        const Entry& e = entries_[keys_[k] & 0x7ff];
        for (int side = 0; side < 2; ++side)
          below_[k][side] = {running[1 - side].count_apart(e, false), running[1 - side].weight_apart(e, 0)};
      }
      for (std::size_t k = g; k < end; ++k)
        for (int s = 0; s < 2; ++s) running[s].add(entries_[keys_[k] & 0x7ff], s);
      for (std::size_t k = g; k < end; ++k) tally(k, running, total);
      g = end;
    }
  }

  const std::vector<Tally>& tallies() const { return tallies_; }

 private:
  struct Below {
    std::uint64_t count = 0;
    double weight = 0;
  };

  void tally(std::size_t k, const Sums (&upto)[2], const Sums (&total)[2]) {
    const std::size_t i = keys_[k] & 0x7ff;
    const Entry& e = entries_[i];
    for (int side = 0; side < 2; ++side) {
      if (e.weight[static_cast<std::size_t>(side)] == 0) continue;
      const int o = 1 - side;
      const double self_w = e.weight[static_cast<std::size_t>(o)];
      const bool self_in = self_w != 0;
      const Below& below = below_[k][side];
      const std::uint64_t not_above = upto[o].count_apart(e, self_in);
      const std::uint64_t alive = total[o].count_apart(e, self_in);
      Tally& t = tallies_[2 * i + static_cast<std::size_t>(side)];
      t.wins += below.count;
      t.ties += not_above - below.count;
      t.losses += alive - not_above;
      t.weighted_wins += below.weight;
      t.weighted_ties += upto[o].weight_apart(e, self_w) - below.weight;
      t.weighted_showdowns += total[o].weight_apart(e, self_w);
    }
  }

  const std::vector<Entry>& entries_;
  Ranking ranking_;
  std::vector<Tally> tallies_;
  std::vector<std::uint32_t> keys_;
  std::vector<std::array<Below, 2>> below_;  // per key: the wins read before its group was added
};

std::vector<Entry> alive_entries(const PreparedDeal& prep) {
  std::map<int, Entry> by_combo;
  for (std::size_t side = 0; side < 2; ++side)
    for (const auto& c : prep.combos[side]) {
      Entry& e = by_combo[c.index];
      e.combo = c.index;
      e.hand = Hand(c.cards[0]) + Hand(c.cards[1]);
      e.mask = e.hand.mask();
      e.card[0] = static_cast<std::uint8_t>(c.cards[0].id());
      e.card[1] = static_cast<std::uint8_t>(c.cards[1].id());
      e.weight[side] = c.weight;
    }
  std::vector<Entry> entries;
  for (auto& [index, e] : by_combo) entries.push_back(e);
  return entries;
}

// Every completed board swept, one task per first card to come (or one task on the river): each
// task's tallies, in task order.
template <class Ranking>
std::vector<std::vector<Tally>> sweep_boards(const PreparedDeal& prep, const std::vector<Entry>& entries, Hand board,
                                             const std::vector<Card>& deck, Ranking ranking) {
  const std::size_t tasks = prep.cards_to_come == 0 ? 1 : deck.size();
  std::vector<std::vector<Tally>> results(tasks);
  detail::parallel_for(tbb::blocked_range<std::size_t>(0, tasks, 1), [&](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t t = r.begin(); t != r.end(); ++t) {
      Sweep sweep(entries, ranking);
      if (prep.cards_to_come == 0) {
        sweep.board(board, board.mask());
      } else {
        const Hand first = board + Hand(deck[t]);
        if (prep.cards_to_come == 1)
          sweep.board(first, first.mask());
        else
          for (std::size_t j = t + 1; j < deck.size(); ++j) {
            const Hand both = first + Hand(deck[j]);
            sweep.board(both, both.mask());
          }
      }
      results[t] = sweep.tallies();
    }
  });
  return results;
}

}  // namespace

std::array<std::vector<ComboEquity>, 2> per_combo_heads_up(const RangeDeal& deal) {
  if (deal.ranges.size() != 2) throw InputError("per-combo equity by sweep is for two players");
  return per_combo_heads_up(prepare(deal));
}

std::array<std::vector<ComboEquity>, 2> per_combo_heads_up(const PreparedDeal& prep) {
  if (prep.combos.size() != 2) throw InputError("per-combo equity by sweep is for two players");
  if (prep.cards_to_come > 2) throw InputError("per-combo equity by sweep needs a board of 3, 4 or 5 cards");
  const std::vector<Entry> entries = alive_entries(prep);
  Hand board;
  for (Card c : prep.board) board += Hand(c);
  std::vector<Card> deck;
  for (int id = 0; id < kCards; ++id)
    if (!prep.known.contains(Card(id))) deck.push_back(Card(id));

  const std::vector<std::vector<Tally>> results =
      with_ranking(prep.game, [&](auto ranking) { return sweep_boards(prep, entries, board, deck, ranking); });

  std::array<std::vector<ComboEquity>, 2> out;
  for (std::size_t i = 0; i < entries.size(); ++i)
    for (std::size_t side = 0; side < 2; ++side) {
      if (entries[i].weight[side] == 0) continue;
      ComboEquity c;
      c.combo = entries[i].combo;
      c.weight = entries[i].weight[side];
      for (const auto& r : results) {
        const Tally& t = r[2 * i + side];
        c.wins += t.wins;
        c.ties += t.ties;
        c.losses += t.losses;
        c.weighted_wins += t.weighted_wins;
        c.weighted_ties += t.weighted_ties;
        c.weighted_showdowns += t.weighted_showdowns;
      }
      c.share = c.wins * kShareUnit + c.ties * (kShareUnit / 2);
      c.weighted_share = c.weighted_wins + c.weighted_ties / 2;
      out[side].push_back(c);
    }
  return out;
}

namespace {

// A representative's counts against every opponent combo, by combo index.
struct CountsByOpponent {
  std::array<std::array<std::uint32_t, 3>, kCombos> counts{};  // wins, ties, losses of the representative
};

// The file in our own layout, read without the full check: each line "['Ah', 'Ad'], [a, b]" must
// name the expected opponent (in the fixed order) and hold counts that add up; nullopt at the first
// line that does not (an odd or damaged file), for read_result_file() to read and judge. About a
// third of the work of the full reader, which also rebuilds every line to compare bytes.
std::optional<CountsByOpponent> read_class_lean(const std::filesystem::path& path, HoleCards rep, Game game) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto opponents = opponent_hands(rep, game);
  const std::uint64_t boards = preflop_boards(game);
  CountsByOpponent out;
  std::size_t at = 0;
  for (const HoleCards& opponent : opponents) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) return std::nullopt;
    const std::string_view line(text.data() + at, end - at);
    at = end + 1;
    const auto card_at = [&](std::size_t i, Card c) {
      return line[i] == kRankChars[static_cast<std::size_t>(c.rank())] &&
             line[i + 1] == kSuitChars[static_cast<std::size_t>(c.suit())];
    };
    if (line.size() < 20 || line.substr(0, 2) != "['" || !card_at(2, opponent[0]) || line.substr(4, 4) != "', '" ||
        !card_at(8, opponent[1]) || line.substr(10, 5) != "'], [" || line.back() != ']')
      return std::nullopt;
    std::uint64_t hero = 0, villain = 0;
    const char* p = line.data() + 15;
    const char* last = line.data() + line.size() - 1;
    auto [after_hero, e1] = std::from_chars(p, last, hero);
    if (e1 != std::errc{} || last - after_hero < 3 || after_hero[0] != ',' || after_hero[1] != ' ') return std::nullopt;
    auto [after_villain, e2] = std::from_chars(after_hero + 2, last, villain);
    if (e2 != std::errc{} || after_villain != last || hero > boards || villain > boards || hero + villain < boards)
      return std::nullopt;
    const ResultLine counts{opponent, hero, villain, boards};
    out.counts[static_cast<std::size_t>(combo_index(opponent[0], opponent[1]))] = {
        static_cast<std::uint32_t>(counts.wins()), static_cast<std::uint32_t>(counts.ties()),
        static_cast<std::uint32_t>(counts.losses())};
  }
  if (at != text.size()) return std::nullopt;
  return out;
}

CountsByOpponent read_class(const std::filesystem::path& hands_dir, int hand_class, Game game) {
  const HoleCards rep = hand_classes()[static_cast<std::size_t>(hand_class)].representative();
  const std::filesystem::path path = hands_dir / result_file_name(rep);
  if (auto lean = read_class_lean(path, rep, game)) return std::move(*lean);
  const ResultFileContents file = read_result_file(path, rep, game);
  if (!file.complete())
    throw InputError(path.string() + ": " + std::to_string(file.lines.size()) + " of the " +
                     (game == Game::holdem ? std::string("1,225") : std::to_string(file.expected_lines)) +
                     " lines (run `equity table" +
                     (game == Game::holdem ? std::string() : " --game " + std::string(game_name(game))) + "`)");
  CountsByOpponent out;
  for (const auto& line : file.lines)
    out.counts[static_cast<std::size_t>(combo_index(line.opponent[0], line.opponent[1]))] = {
        static_cast<std::uint32_t>(line.wins()), static_cast<std::uint32_t>(line.ties()),
        static_cast<std::uint32_t>(line.losses())};
  return out;
}

// A suit map taking `hand` to its class's representative (first suits in s c h d order).
std::array<int, kSuits> to_representative(HoleCards hand) {
  std::array<int, kSuits> map{-1, -1, -1, -1};
  const Card hi = hand[0].rank() >= hand[1].rank() ? hand[0] : hand[1];
  const Card lo = hi == hand[0] ? hand[1] : hand[0];
  map[static_cast<std::size_t>(hi.suit())] = 0;
  if (lo.suit() != hi.suit()) map[static_cast<std::size_t>(lo.suit())] = 1;
  int next = lo.suit() != hi.suit() ? 2 : 1;
  for (auto& m : map)
    if (m < 0) m = next++;
  return map;
}

}  // namespace

std::array<std::vector<ComboEquity>, 2> per_combo_from_table(const std::filesystem::path& hands_dir,
                                                             const RangeDeal& deal) {
  if (deal.ranges.size() != 2 || !deal.board.empty() || !deal.dead.empty())
    throw InputError("per-combo equity from the table is for two players preflop, without dead cards");
  const PreparedDeal prep = prepare(deal);
  const auto& hero = prep.combos[0];
  const auto& villain = prep.combos[1];
  std::vector<int> classes;
  for (const auto& c : hero) classes.push_back(class_index_of({c.cards[0], c.cards[1]}));
  std::vector<int> needed = classes;
  std::sort(needed.begin(), needed.end());
  needed.erase(std::unique(needed.begin(), needed.end()), needed.end());
  std::vector<std::unique_ptr<CountsByOpponent>> tables(kHandClasses);
  detail::parallel_for(std::size_t{0}, needed.size(), [&](std::size_t k) {
    tables[static_cast<std::size_t>(needed[k])] =
        std::make_unique<CountsByOpponent>(read_class(hands_dir, needed[k], deal.game));
  });

  std::array<std::vector<ComboEquity>, 2> out;
  for (std::size_t side = 0; side < 2; ++side)
    for (const auto& c : prep.combos[side]) {
      ComboEquity e;
      e.combo = c.index;
      e.weight = c.weight;
      out[side].push_back(e);
    }
  const double boards = static_cast<double>(preflop_boards(deal.game));
  for (std::size_t i = 0; i < hero.size(); ++i) {
    const auto& counts = tables[static_cast<std::size_t>(classes[i])]->counts;
    const auto map = to_representative({hero[i].cards[0], hero[i].cards[1]});
    const std::uint64_t hero_bits = hero[i].cards[0].bit() | hero[i].cards[1].bit();
    ComboEquity& h = out[0][i];
    for (std::size_t j = 0; j < villain.size(); ++j) {
      const auto& v = villain[j];
      if ((v.cards[0].bit() | v.cards[1].bit()) & hero_bits) continue;
      const Card a(v.cards[0].rank(), map[static_cast<std::size_t>(v.cards[0].suit())]);
      const Card b(v.cards[1].rank(), map[static_cast<std::size_t>(v.cards[1].suit())]);
      const auto& [wins, ties, losses] = counts[static_cast<std::size_t>(combo_index(a, b))];
      ComboEquity& o = out[1][j];
      h.wins += wins, h.ties += ties, h.losses += losses;
      o.wins += losses, o.ties += ties, o.losses += wins;
      h.weighted_wins += v.weight * wins, h.weighted_ties += v.weight * ties, h.weighted_showdowns += v.weight * boards;
      o.weighted_wins += hero[i].weight * losses, o.weighted_ties += hero[i].weight * ties;
      o.weighted_showdowns += hero[i].weight * boards;
    }
  }
  for (auto& side : out)
    for (auto& c : side) {
      c.share = c.wins * kShareUnit + c.ties * (kShareUnit / 2);
      c.weighted_share = c.weighted_wins + c.weighted_ties / 2;
    }
  return out;
}

ComboEquity combo_equity_of(const RangeEquityResult& result, std::size_t player, int combo, double weight) {
  const auto& pc = result.players[player];
  ComboEquity c;
  c.combo = combo;
  c.weight = weight;
  c.wins = pc.wins;
  c.ties = pc.ties;
  c.losses = pc.losses;
  c.share = pc.share;
  const double boards = static_cast<double>(result.boards);
  if (result.weighted) {
    c.weighted_wins = pc.weighted_wins;
    c.weighted_ties = pc.weighted_ties;
    c.weighted_share = pc.weighted_share / static_cast<double>(kShareUnit);
    c.weighted_showdowns = result.total_weight * boards;
  } else {
    c.weighted_wins = static_cast<double>(pc.wins);
    c.weighted_ties = static_cast<double>(pc.ties);
    c.weighted_share = static_cast<double>(pc.share) / static_cast<double>(kShareUnit);
    c.weighted_showdowns = static_cast<double>(result.showdowns());
  }
  return c;
}

std::vector<ComboEquity> per_class(const std::vector<ComboEquity>& combos) {
  std::map<int, ComboEquity> by_class;
  for (const auto& c : combos) {
    const auto cards = combo_cards(c.combo);
    const int k = class_index_of({cards[0], cards[1]});
    auto [it, fresh] = by_class.try_emplace(k);
    ComboEquity& sum = it->second;
    if (fresh) {
      sum.combo = k;
      sum.weight = 0;
    }
    sum.weight += c.weight;
    ComboEquity scaled = c;
    scaled.weighted_wins *= c.weight;
    scaled.weighted_ties *= c.weight;
    scaled.weighted_share *= c.weight;
    scaled.weighted_showdowns *= c.weight;
    sum += scaled;
  }
  std::vector<ComboEquity> out;
  for (auto& [k, c] : by_class) out.push_back(c);
  return out;
}

}  // namespace equity
