#pragma once
// Orderings of the Omaha hand classes (omaha_class.hpp), best first, behind percentage ranges
// ("15%", "5%-10%" in docs/ranges-omaha.md).
//
// An ordering file is text, one class a line, best first:
//   # comments and blank lines are skipped
//   hand,equity
//   AsAcKsKc,0.6712
//   ...
// The header names the first column `hand`; each line's first field is any hand of the class
// (4, 5 or 6 cards as parse_cards() reads them), further fields (the equity that ordered it, its
// hands) are for people and ignored. A class may appear once. An ordering may stop short of every
// class (a tool that computes one resumably writes its best part first); a percentage that reaches
// past its end is an error.
//
// The default ordering of a game of n hole cards is the file omaha/order-equity.csv (omaha5/,
// omaha6/) of the first results directory holding it: $EQUITY_RESULTS when set, the directory
// set_omaha_order_directory() names, PREFIX/share/equity/results or share/equity/results beside the
// running program; set_omaha_hand_order() overrides it.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "equity/cards.hpp"

namespace equity {

struct OmahaHandOrder {
  int hole_cards = 4;
  std::string source;            // where it was read from, for messages
  std::vector<CardSet> classes;  // canonical forms (omaha_class()), best first
};

// Reads an ordering from `text` (the file's contents); `source` names it in messages. Throws
// InputError naming the source, the line and the reason.
OmahaHandOrder read_omaha_hand_order(std::string_view text, int hole_cards, std::string_view source);
// Reads the file. Throws InputError when it cannot be read or does not parse.
OmahaHandOrder load_omaha_hand_order(const std::filesystem::path& file, int hole_cards);

// "omaha/order-equity.csv", "omaha5/...", "omaha6/...": the default file under a results directory.
std::string omaha_hand_order_file(int hole_cards);
// The ordering percentages use for hands of `hole_cards` cards: the one set_omaha_hand_order()
// gave, else the default file (read once). Throws InputError "no ordering for omaha yet: ..." when
// there is none, naming the places looked in.
std::shared_ptr<const OmahaHandOrder> omaha_hand_order(int hole_cards);
// Makes `order` the one omaha_hand_order() returns for its hole cards (null: back to the file).
void set_omaha_hand_order(int hole_cards, std::shared_ptr<const OmahaHandOrder> order);
// A results directory to look in after $EQUITY_RESULTS and before the program's own (empty: none):
// where a program not beside its results keeps them (the Python package: its equity/results).
// Orderings not loaded yet are read from there.
void set_omaha_order_directory(const std::filesystem::path& dir);

// The classes a percentage item selects: "15%", "0.5%", "5%-10%" (no whitespace) as Hold'em's
// hand_order.hpp reads them: p % is the shortest prefix of the ordering whose hands reach at least
// p % of every hand (270,725 for PLO4), compared exactly; "a%-b%" is prefix(b) minus prefix(a).
// Returns "" and fills `out` (sorted by mask, possibly empty), or says why not.
std::string select_omaha_percentage(std::string_view text, const OmahaHandOrder& order, std::vector<CardSet>& out);

// How many hands of n cards a deck of m cards holds: C(m, n) (0 when n > m).
std::uint64_t omaha_hand_count(int m, int n);

}  // namespace equity
