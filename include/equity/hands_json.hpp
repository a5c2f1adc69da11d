#pragma once
// Hand histories as JSON (docs/hands.md): what `equity hands --json` prints one line at a time,
// what the web server sends and what the Python module gives.
#include <string>

#include "equity/hands_report.hpp"

namespace equity {

// One all-in as one line of JSON (no newline): {"id", "site", "file", "line", "game", "game_text",
// "stakes", "currency", "street", "board", "dead", "runs", "pot", "rake", "method", "player",
// "players": [{"name", "cards", "put_in", "equity", "ev", "ev_stderr", "won", "outside"}]}. Chips put in, won
// and the pot are rounded to the cent; ev and equity are not. Requires outcome.all_in.
std::string to_json(const HandOutcome& outcome);

// The totals as one line of JSON: {"totals": true, "players", "files", "hands", "counted",
// "all_ins", "stakes": [{"game", "stakes", "currency", "tournament", "big_blind", "hands",
// "all_in_hands", "net", "adjusted", "luck"}], "skipped", "skips": [{"file", "line", "reason"}],
// "seconds"}.
std::string to_json(const HandsReport& report);

// Text that is not UTF-8 (a file's name) is written with U+FFFD in place of its bad bytes.

}  // namespace equity
