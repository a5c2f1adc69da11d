#pragma once
// The largest all-ins of a player's hand histories (hands_report.hpp), as `equity hands` prints
// them and the page lists them: by the pot in big blinds, so that pots of every stakes compare (a
// hand whose big blind is not known: in chips); of equal pots the earlier hand first. Kept as the
// hands come, at most `keep` of them whatever the number of hands.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "equity/hands_report.hpp"

namespace equity {

class LargestAllIns {
 public:
  struct Row {
    double big_blinds = 0;    // the pot over the hand's big blind (what orders the list)
    std::uint64_t index = 0;  // the order the hand came in (1: the first)
    std::string id;           // the site's hand number
    std::string street;       // the all-in's street ("flop", "before the draw")
    std::string symbol;       // the hand's currency symbol ("" chips)
    bool tournament = false;
    std::size_t players = 0;             // players in the all-in
    double pot = 0;                      // every chip put in
    double equity = 0, won = 0, ev = 0;  // the player's share of the main pot, chips collected, expected
    std::string json;                    // the all-in's JSON (hands_json.hpp)
  };

  explicit LargestAllIns(std::size_t keep) : keep_(keep) {}
  // A hand counted: kept when the player was in its all-in and its pot is among the largest.
  void add(const HandOutcome& outcome, std::uint64_t index);
  // The rows kept, the largest first.
  std::vector<Row> rows() const;

 private:
  std::size_t keep_;
  std::vector<Row> rows_;  // a heap whose top is the last row of the list
};

}  // namespace equity
