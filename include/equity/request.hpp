#pragma once
// The request object of a question as JSON (the library reads it, the front ends pass it on): one
// JSON object such as
//   {"players": ["AsAc", "QQ+,AKs"], "board": "", "dead": "", "method": "auto", "stderr": 1e-3,
//    "trials": N, "time": S, "seed": 1, "per_combo": true, "hits": true, "distribution": true,
//    "by_category": false, "order": "equity", "game": "holdem"}
// read the same way by `equity serve` (the body of POST /api/equity and /api/jobs) and by
// `equity batch` (one a line of its JSON Lines input).
#include <string_view>

#include "equity/calculate.hpp"

namespace equity {

// Only "players" is required. Throws InputError naming the field for malformed JSON, an unknown
// field, a wrong type or a bad value ("time" must fit in `budget_seconds`). The ranges, cards and
// method combinations are checked by calculate() itself, with the CLI's messages.
Question parse_equity_request(std::string_view body, double budget_seconds);

}  // namespace equity
