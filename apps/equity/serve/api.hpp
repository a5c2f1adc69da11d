#pragma once
// The JSON API of `equity serve` without the HTTP: request bodies in, response bodies out. Every
// function here is pure (no sockets, no files), so the tests call them directly as well as over HTTP.
#include <atomic>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "equity/calculate.hpp"
#include "equity/request.hpp"

namespace equity::serve {

// The body of POST /api/equity (and /api/jobs) as a Question: request.hpp (shared with
// `equity batch`).
using equity::parse_equity_request;

// {"error": "...", "field": "..."}: the message, and the field of the request it concerns
// ("players[1]", "board", "dead", a body field's name) when known.
std::string error_json(std::string_view message, std::string_view field = {});

// The field an InputError message of calculate() concerns, from the place it names first:
// "player 2 ..." -> "players[1]", "board ..." -> "board", "dead cards ..." -> "dead", else "".
std::string field_of(std::string_view message);

// GET /api/range?expr=...&dead=...&game=...: the library's describe_range() (range_description.hpp)
// as JSON: "range" canonical, "count" hands after removing the dead cards and "weight" their
// weights summed, "warnings", "listed" (whether "combos" holds them all: at most kRangeListed are
// listed), "combos" ([{"cards": "AsKs", "weight": 1}]), "grid" (in the games with a class grid:
// rows of {"class", "combos" in, "of" the class left, "weight"}, row and column 0 = ace, pairs on
// the diagonal, suited above; empty otherwise) and "game". A bad range ("range ..."), bad dead
// cards ("dead cards: ...") or an unknown game ("game: ...") is an InputError.
std::string range_json(std::string_view expr, std::string_view dead, std::string_view game = "holdem");
inline constexpr std::size_t kRangeListed = 1326;  // every two-card combo; PLO6's 20 million are counted

// GET /api/orderings: {"orderings": {"equity": ["AA", "KK", ...], "vs2": [...]}}: the named
// orderings percentage ranges use (hand_order.hpp), best first.
std::string orderings_json();

// GET /api/games: {"games": [{"name": "holdem", "title": "Texas Hold'em", "summary": "...", "deck":
// ["As", "Ac", ...], "ranks": "23456789TJQKA", "hole_cards": 2, "board_cards": 5, "classes": 169,
// "grid": 13, "preflop_table": true, "making": "any-five", "low": false, "details": true, "hits": true},
// ...]}: every game, in the order menus list them, with its cards from the ace down (suits s c h
// d) and what the page offers for it. The Omaha games: hole_cards 4 to 6, making
// "two-plus-three", low true for Hi/Lo, grid 0, details and hits false (equity only).
std::string games_json();

// POST /api/hands?hero=NAME: the hand histories in `text` (one file's text or several one after
// another: hands are cut at their header lines) read as `equity hands` reads files (hands_report.hpp),
// as {"all_ins": [the hero's all-ins with cards to come, the kHandsListed largest by pot (ties in
// hand order), each hands_json.hpp's object with "index": its hand's number among the hands counted,
// 1-based], "all_ins_total": the hero's all-ins in all, "totals": to_json(HandsReport) (skipped hands
// with their line in `text` and reason among them), "chart": {"title", "unit": a currency's symbol
// when every hand counted is a cash game of one currency, else "bb" (big blinds), "points": [[hand,
// net, adjusted], ...] at most kHandsChartPoints}, "svg": ev_chart_svg() of that chart}. `hero` empty:
// each hand's player dealt cards. An empty text, or one without a hand, is an InputError; hands that
// cannot be read are not (they are in totals.skips). Throws Cancelled when `cancel` is raised.
std::string hands_json(std::string_view text, std::string_view hero, const std::atomic<bool>* cancel = nullptr);
inline constexpr std::size_t kHandsListed = 200;
inline constexpr std::size_t kHandsChartPoints = 1000;
// The name the text goes by in the answer's "file" fields (the page maps each line to its file).
inline constexpr std::string_view kHandsName = "body";

}  // namespace equity::serve
