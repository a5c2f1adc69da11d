#pragma once
// The Answer as one JSON object: what `equity ... --json` prints, what the web server sends and
// what the Python module's to_dict() gives. The schema is described field by field in
// docs/json.md; fields that do not apply to the method that ran are absent.
#include <string>
#include <string_view>

#include "equity/calculate.hpp"
#include "equity/hand_value.hpp"

namespace equity {

// One line of JSON, without a trailing newline. Counts are exact integers; equities and other
// fractions are doubles printed with enough digits to read back the same double.
std::string to_json(const Answer& answer);

// A per-combo line's name (the JSON's "combo", the command line's tables): a Hold'em combo
// ("AsKs"), an Omaha hand's cards ("AsKsQhJh"), a stud hand as written with its cards not known
// dealt ("(AhKh)Qd" for the player "(??)Qd", `hand` the player's PlayerAnswer::hand).
std::string combo_name(const ComboEquity& combo, std::string_view hand, Game game);

// What a range hits on a board, as the answer's "hits" object ({"combos", "weight", "made": {...},
// "draws": {...}}, every category present), for callers that ask board_hits() directly.
std::string to_json(const BoardHits& hits);
// Any game's breakdown (hit_table()): the same object.
std::string to_json(const HitTable& hits);

// One hand's value (game_hand_value()), what `equity eval --json` prints: {"game" (but Hold'em's),
// "cards", "board" (the Omaha games), "best", "category", "name", "rank"; Hi/Lo: "low", "low_rank",
// "low_best" (null without a low); the split draw games: "second": {"half", "best", "category",
// "name", "rank"}}.
std::string to_json(const GameHandValue& value);

}  // namespace equity
