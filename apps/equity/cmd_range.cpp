// `equity range EXPR`: the combos of a range and its 13x13 grid.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/answer_json.hpp"
#include "equity/board_hits.hpp"
#include "equity/error.hpp"
#include "equity/game.hpp"
#include "equity/game_range.hpp"
#include "equity/hand_order.hpp"
#include "equity/omaha_hits.hpp"
#include "equity/omaha_range.hpp"
#include "equity/range.hpp"
#include "hits_text.hpp"
#include "terminal.hpp"
#include "text_table.hpp"

namespace equity::cli {
namespace {

// Per grid cell: the weighted fraction of the class's combos that are in (after removal), and the
// class's name.
struct RangeGrid {
  std::array<std::array<double, kRanks>, kRanks> fraction{};
  std::array<std::array<std::string, kRanks>, kRanks> name;  // no {}: it crashes clang 14
};

RangeGrid range_grid(const Range& range, CardSet dead, Game game) {
  RangeGrid grid;
  for (int row = 0; row < grid_size(game); ++row)
    for (int col = 0; col < grid_size(game); ++col) {
      const HandClass hc = class_at_grid_cell(row, col);
      const auto idx = hc.combo_indices();
      double in = 0;
      for (int i : idx) {
        const auto cards = combo_cards(i);
        if (!dead.contains(cards[0]) && !dead.contains(cards[1])) in += range.weight(i);
      }
      grid.fraction[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] =
          in / static_cast<double>(idx.size());
      grid.name[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = hc.name();
    }
  return grid;
}

// "AsKs", or "AsKs:0.5" with a weight below 1.
std::string combo_text(const WeightedCombo& c) {
  const std::string cards = CardSet(c.cards[0].bit() | c.cards[1].bit()).str();
  return c.weight == 1.0 ? cards : fmt::format("{}:{}", cards, c.weight);
}

std::string range_json(const Range& range, const std::vector<WeightedCombo>& combos, double total_weight,
                       const RangeGrid& grid, Game game) {
  nlohmann::ordered_json j;
  if (game != kDefaultGame) j["game"] = game_name(game);  // Hold'em's object is as it always was
  j["range"] = range.str();
  j["combos"] = combos.size();
  j["weight"] = total_weight;
  j["list"] = nlohmann::ordered_json::array();
  for (const auto& c : combos) j["list"].push_back(combo_text(c));
  const auto n = static_cast<std::size_t>(grid_size(game));
  j["grid"] = nlohmann::ordered_json::array();
  for (std::size_t row = 0; row < n; ++row)
    j["grid"].push_back(std::vector<double>(grid.fraction[row].begin(), grid.fraction[row].begin() + n));
  return j.dump() + "\n";
}

// 0.45 -> "45%", 0.125 -> "12.5%".
std::string short_percent(double fraction) {
  std::string text = fmt::format("{:.1f}", 100 * fraction);
  if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) text.resize(text.size() - 2);
  return text.append("%");
}

// The combos class by class in grid order, a line per class ("AKs 45%: AsKs:0.3 AcKc:0.5 ...",
// the percentage when only part of the class is in), wrapped at `limit` columns (0: no limit).
std::string class_lines(const std::vector<WeightedCombo>& combos, const RangeGrid& grid, std::size_t limit) {
  std::array<const WeightedCombo*, kCombos> by_index{};
  for (const auto& c : combos) by_index[static_cast<std::size_t>(c.index)] = &c;
  std::string out;
  for (std::size_t row = 0; row < kRanks; ++row)
    for (std::size_t col = 0; col < kRanks; ++col) {
      const double f = grid.fraction[row][col];
      if (f <= 0) continue;
      std::string line = grid.name[row][col];
      if (f < 1.0) line.append(" ").append(short_percent(f));
      line.append(":");
      const HandClass hc = class_at_grid_cell(static_cast<int>(row), static_cast<int>(col));
      for (int i : hc.combo_indices())
        if (const WeightedCombo* c = by_index[static_cast<std::size_t>(i)]) line.append(" ").append(combo_text(*c));
      out.append(wrap(line, limit, "     ")).append("\n");
    }
  return out;
}

// The count, the combos class by class, then the grid (each cell right-aligned in 4 columns).
std::string range_text(const Range& range, CardSet dead, const std::vector<WeightedCombo>& combos, double total_weight,
                       const RangeGrid& grid, bool grid_only, Game game) {
  std::string out;
  if (!grid_only) {
    if (game != kDefaultGame) out += fmt::format("Game: {}\n", game_rules(game).title);
    const int columns = terminal_columns(STDOUT_FILENO);
    const std::size_t limit = columns > 0 ? static_cast<std::size_t>(columns) : 80;
    out.append(wrap(std::string("Range: ").append(range.str()), limit, "  ")).append("\n");
    out += fmt::format("{} combos", with_commas(static_cast<std::uint64_t>(combos.size())));
    if (range.weighted()) out += fmt::format(" (weighted total {:.2f})", total_weight);
    if (!dead.empty()) out += " without " + dead.str();
    out.append("\n").append(class_lines(combos, grid, limit)).append("\n");
  }
  const auto n = static_cast<std::size_t>(grid_size(game));
  for (std::size_t row = 0; row < n; ++row) {
    for (std::size_t col = 0; col < n; ++col) {
      const double f = grid.fraction[row][col];
      const std::string s = f >= 1.0 ? grid.name[row][col] : f > 0 ? fmt::format("{:.0f}%", 100 * f) : ".";
      out += fmt::format("{}{:>4}", col ? " " : "", s);
    }
    out += "\n";
  }
  return out;
}

// A percentage item alone ("15%", "5%-10%"): the classes it selects, strongest first, and their
// combos; nullopt for anything else.
std::optional<PercentageSelection> percentage_of(const std::string& text, const std::string& order) {
  if (text.find('%') == std::string::npos || text.find_first_of(",:@[") != std::string::npos) return std::nullopt;
  return expand_percentage(text, order);
}

// Its first line wrapped at `width` columns.
std::string percentage_text(const std::string& text, const std::string& order, const PercentageSelection& p,
                            std::size_t width) {
  const int all = hand_order(order).combos;  // 1,326, or 630 in a short-deck ordering
  std::string out =
      wrap(
          fmt::format("{} in the {} ordering: {} classes, {} combos ({:.2f}% of {}), strongest first:", text, order,
                      p.classes.size(), p.combos, 100.0 * p.combos / all, with_commas(static_cast<std::uint64_t>(all))),
          width, "  ") +
      "\n";
  for (std::size_t i = 0; i < p.classes.size(); ++i)
    out += hand_classes()[static_cast<std::size_t>(p.classes[i])].name() +
           ((i + 1) % 13 == 0 || i + 1 == p.classes.size() ? "\n" : " ");
  return out + "\n";
}

// An Omaha game's range: its canonical form, its size (hands and their weights summed, counted
// without listing them) and, when it holds at most `limit` hands, the hands; with `first` (--limit
// given), the text lists the first `limit` hands of a larger range too.
// With `hits`, what it hits on the board (omaha_hits.hpp).
int omaha_range(const std::string& text, const std::vector<Card>& removed, Game game, std::size_t limit, bool first,
                bool json, const std::optional<HitTable>& hits) {
  const int hole = game_rules(game).hole_cards;
  const OmahaRange range = OmahaRange::parse(text, hole, "range");
  CardSet dead;
  for (Card c : removed) dead.insert(c);
  const OmahaRangeSize size = range.size(dead);
  if (size.hands == 0)
    throw InputError("range \"" + range.str() + "\" has no hand" +
                     (dead.empty() ? "" : " left once the dead cards are removed"));
  std::vector<OmahaCombo> hands;
  if (size.hands <= limit) {
    hands = range.combos(dead, limit);
  } else if (first && !json && limit > 0 && size.hands <= kOmahaComboLimit) {
    hands = range.combos(dead, kOmahaComboLimit);
    hands.resize(limit);
  }
  const auto hand_text = [](const OmahaCombo& c) {
    return c.weight == 1.0 ? c.cards.str() : fmt::format("{}:{}", c.cards.str(), c.weight);
  };
  if (json) {
    nlohmann::ordered_json j;
    j["game"] = game_name(game);
    j["range"] = range.str();
    j["combos"] = size.hands;
    j["weight"] = size.weighted;
    j["listed"] = size.hands <= limit;
    j["list"] = nlohmann::ordered_json::array();
    for (const auto& c : hands) j["list"].push_back(hand_text(c));
    if (hits) j["hits"] = nlohmann::ordered_json::parse(to_json(*hits));
    fmt::print("{}\n", j.dump());
    return 0;
  }
  const int columns = terminal_columns(STDOUT_FILENO);
  const std::size_t width = columns > 0 ? static_cast<std::size_t>(columns) : 80;
  std::string out = fmt::format("Game: {}\n", game_rules(game).title);
  out.append(wrap("Range: " + range.str(), width, "  ")).append("\n");
  out += fmt::format("{} {} of {} cards", with_commas(size.hands), size.hands == 1 ? "hand" : "hands", hole);
  if (std::abs(size.weighted - static_cast<double>(size.hands)) > 1e-9)
    out += fmt::format(" (weighted total {:.2f})", size.weighted);
  if (!dead.empty()) out += " without " + dead.str();
  out += "\n";
  if (hands.empty()) {
    out += limit == 0 ? std::string("(not listed: --limit 0)\n")
           : size.hands > kOmahaComboLimit
               ? fmt::format("(not listed: more than {} hands)\n",
                             with_commas(static_cast<std::uint64_t>(kOmahaComboLimit)))
               : fmt::format("(not listed: more than {} hands; --limit N lists the first N)\n",
                             with_commas(static_cast<std::uint64_t>(limit)));
  } else {
    if (size.hands > hands.size())
      out +=
          fmt::format("The first {} in card order (--limit):\n", with_commas(static_cast<std::uint64_t>(hands.size())));
    std::string line;
    for (const auto& c : hands) line.append(line.empty() ? "" : " ").append(hand_text(c));
    if (!line.empty()) out.append(wrap(line, width, "")).append("\n");
  }
  if (hits) out += hits_text(range.str(), *hits);
  fmt::print("{}", out);
  return 0;
}

}  // namespace

int run_range(const Args& args) {
  CLI::App app(
      "Prints the combos of a range (count and list) and its 13x13 grid: pairs on the diagonal, suited\n"
      "hands above it, offsuit below. A grid cell shows the class when all its combos are in at full\n"
      "weight, the weighted percentage of its combos when some are, and . when none are.\n"
      "Syntax: AA AKs AKo AK AsKs random (xx, *); QQ+ JJ- 22-99 A2s+ A5s-A2s KTo+ K9+; spans T9s-65s J9o-64o;\n"
      "suit wildcards AxKx; percentages 15% 5%-10% (the strongest classes in an ordering, --order);\n"
      "commas between items; weights AKs:0.5, AKs@50, or [75]AKo,KQo[/75]. A later item overrides an\n"
      "earlier one's weight. Full syntax: docs/ranges.md. With --board, what the range hits on it.",
      "equity range");
  app.footer(
      "\nExamples:\n"
      "  equity range \"QQ+,AKs\"            18 + 4 = 22 combos\n"
      "  equity range \"22-99,A5s-A2s@50\" --json\n"
      "  equity range random --dead AsKd   1,225 combos without the dead cards\n"
      "  equity range 15%                  what 15% selects: 200 combos, strongest first\n"
      "  equity range \"QQ+,AK\" --board Ks7h2c --hits   made hands and draws on the flop\n"
      "  equity range random --game shortdeck   630 combos of the 36-card deck, a 9x9 grid\n"
      "  equity range 'AA**:$ds' --game omaha  double-suited aces: 864 hands\n"
      "  equity range 'AA**' --game plo --limit 5   the first 5 of 6,961 hands\n"
      "  equity range random --game omaha6     20,358,520 hands, counted (not listed)\n"
      "Omaha games (omaha, omaha5, omaha6 and -hilo) read docs/ranges-omaha.md's syntax and print the\n"
      "range's canonical form, its hands and their weights summed, and the hands when at most 1,000\n"
      "(--limit N: the first N).\n");
  std::string text, dead_text, board_text, order = std::string(kDefaultHandOrder), game_text = "holdem";
  bool json = false, grid_only = false, hits = false;
  std::size_t limit = 1000;
  app.add_option("range", text, "the range, e.g. \"QQ+,AKs,A5s-A2s\"")->required();
  app.add_option("-d,--dead", dead_text, "cards removed first (board or known cards), e.g. AsKd");
  app.add_flag("--json", json, "print one JSON object: canonical range, count, combos with weights, grid");
  app.add_flag("--grid", grid_only, "print only the grid");
  app.add_option("--order", order, "the ordering percentages take: equity (the default) or vs2");
  app.add_option("-b,--board", board_text, "a board of 3, 4 or 5 cards: its cards are removed, and --hits uses it");
  app.add_option("-g,--game", game_text,
                 "the game whose deck the combos are of: holdem (the default); shortdeck or shortdeck-straights (36 "
                 "cards, 6 to A: 81 classes, a 9x9 grid; a class with a card below 6 is an error); omaha, omaha5, "
                 "omaha6 and their -hilo games (hands of 4, 5, 6 "
                 "cards)");
  auto* limit_option =
      app.add_option("--limit", limit,
                     "Omaha games: list the first N hands in card order (without --limit: every hand when there are "
                     "at most 1000; --json lists them only when the range holds at most N)");
  app.add_flag("--hits", hits,
               "with --board: what the range hits (made hands and draws; docs/hits.md, the Omaha games' in "
               "docs/omaha.md)");

  return run(app, args, [&] {
    const Game game = parse_game(game_text);
    require_ranges(game, "equity range");
    if (game_rules(game).range_grammar == RangeGrammar::patterns) {
      if (grid_only) throw InputError("--grid is for the games of two hole cards");
      if (hits && board_text.empty()) throw InputError("--hits needs a board of 3, 4 or 5 cards (--board)");
      const std::vector<Card> dead_cards = parse_cards(dead_text, "dead cards");
      std::vector<Card> removed = dead_cards;
      const std::vector<Card> board = parse_cards(board_text, "board");
      for (Card c : board) {
        if (std::find(removed.begin(), removed.end(), c) != removed.end())
          throw InputError("card " + c.str() + " is both dead and on the board");
        removed.push_back(c);
      }
      std::optional<HitTable> hit;
      if (hits) {
        CardSet dead;
        for (Card c : dead_cards) dead.insert(c);
        hit = hit_table(
            omaha_board_hits(OmahaRange::parse(text, game_rules(game).hole_cards, "range"), board, dead, game));
      }
      return omaha_range(text, removed, game, limit, limit_option->count() > 0, json, hit);
    }
    if (hits && board_text.empty()) throw InputError("--hits needs a board of 3, 4 or 5 cards (--board)");
    // A short-deck game's percentages take its own ordering, as the one call's do.
    if (const std::string_view own = default_hand_order(game);
        own != kDefaultHandOrder && (order == kDefaultHandOrder || order == "vs1"))
      order = own;
    std::vector<std::string> warnings;
    const Range range = [&] {
      try {
        return Range::parse(text, "range", &warnings, order);
      } catch (const InputError& e) {
        throw InputError(with_omaha_hint(e.what(), {text}, game));
      }
    }();
    check_in_deck(range, game);
    for (const auto& w : warnings) fmt::print(stderr, "equity: warning: {}\n", w);
    const auto percentage = percentage_of(text, order);
    CardSet dead;
    for (Card c : parse_cards(dead_text, "dead cards")) dead.insert(c);
    const std::vector<Card> board = parse_cards(board_text, "board");
    CardSet known = dead;
    for (Card c : board) {
      if (known.contains(c)) throw InputError("card " + c.str() + " is both dead and on the board");
      known.insert(c);
    }
    std::optional<BoardHits> board_hit;
    if (hits) board_hit = board_hits(range, board, dead, game);
    check_cards_in_deck(known, game);
    dead = known;
    const auto combos = range.combos(dead | out_of_deck(game));
    if (combos.empty())
      throw InputError("range \"" + range.str() + "\" has no combo left once the dead cards are removed");
    double total_weight = 0;
    for (const auto& c : combos) total_weight += c.weight;
    const RangeGrid grid = range_grid(range, dead, game);
    if (json) {
      auto j = nlohmann::ordered_json::parse(range_json(range, combos, total_weight, grid, game));
      if (percentage) {
        j["percentage"] = {
            {"order", order}, {"combos", percentage->combos}, {"classes", nlohmann::ordered_json::array()}};
        for (int c : percentage->classes)
          j["percentage"]["classes"].push_back(hand_classes()[static_cast<std::size_t>(c)].name());
      }
      if (board_hit) j["hits"] = nlohmann::ordered_json::parse(to_json(*board_hit));
      fmt::print("{}\n", j.dump());
      return 0;
    }
    std::string out;
    if (percentage && !grid_only) {
      const int columns = terminal_columns(STDOUT_FILENO);
      out += percentage_text(text, order, *percentage, columns > 0 ? static_cast<std::size_t>(columns) : 80);
    }
    out += range_text(range, dead, combos, total_weight, grid, grid_only, game);
    if (board_hit) out += hits_text(range.str(), *board_hit);
    fmt::print("{}", out);
    return 0;
  });
}

}  // namespace equity::cli
