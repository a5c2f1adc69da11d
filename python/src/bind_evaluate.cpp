// equity.evaluate() for one hand of 5 to 7 cards, equity.evaluate_batch() for a numpy array of them.
//
// evaluate_batch hands the array's rows to the library's evaluate_rows() (equity/evaluate_rows.hpp)
// without the GIL; a bad row is reported as the ValueError the library's InputError becomes.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "equity/cards.hpp"
#include "equity/error.hpp"
#include "equity/evaluate_rows.hpp"
#include "equity/evaluator.hpp"
#include "equity/game.hpp"
#include "equity/hand_value.hpp"
#include "equity/omaha_evaluator.hpp"

namespace py = pybind11;

namespace equity::python {

Card card_of_id(long long id) {
  if (id < 0 || id >= kCards) throw InputError("card id " + std::to_string(id) + " is not 0..51");
  return Card(static_cast<int>(id));
}

namespace {

struct Evaluation {
  HandRank rank = 0;     // 0..7461 (short deck 0..1403), bigger is better; equal ranks split the pot
  std::string category;  // "straight flush" ... "high card"
  std::string name;      // "full house, threes full of nines"
  std::string best;      // the best five cards, tie-break order
  // Omaha Hi/Lo: the best 8-or-better low (1..56, bigger is better; 0 none), its name and cards.
  std::optional<int> low_rank;
  std::optional<std::string> low, low_best;
  // Badeucy and badacey: the other half's value (2-7 or A-5), its name and five cards.
  std::optional<int> second_rank;
  std::optional<std::string> second, second_best;
};

// Cards as one string ("AsKsQsJsTs"), a sequence of card strings, or a sequence of card ids
// (0..51 = 4 * rank + suit, rank 0 = '2', suits s c h d).
std::vector<Card> cards_of(const py::handle& cards) {
  if (py::isinstance<py::str>(cards)) return parse_cards(cards.cast<std::string>());
  std::vector<Card> out;
  for (const auto& c : cards) {
    if (py::isinstance<py::str>(c)) {
      out.push_back(parse_card(c.cast<std::string>()));
    } else {
      out.push_back(card_of_id(c.cast<long long>()));
    }
  }
  return out;
}

// The stud games (a hand of the player's own cards) in the batch evaluator: not served.
void refuse_own_cards(Game game, std::string_view what) {
  const GameRules& rules = game_rules(game);
  if (rules.making != HandMaking::own_cards) return;
  const std::string name(rules.name);
  throw InputError(std::string(what) + ": not for " + name + " yet: a " + name +
                   " hand's value is not served (calc(..., game=\"" + name + "\") answers its equity)");
}

std::string joined(std::span<const Card> cards) {
  std::string out;
  for (Card c : cards) out += c.str();
  return out;
}

// One hand's value as the game's spec says it is made (game_hand_value()): Hold'em's and short
// deck's cards with the board's, an Omaha hand on its board, a stud or draw hand of its own cards.
Evaluation evaluate_of(const py::handle& cards_in, const std::string& game, const py::handle& board_in) {
  const std::vector<Card> cards = cards_of(cards_in);
  const std::vector<Card> board = board_in.is_none() ? std::vector<Card>{} : cards_of(board_in);
  const GameHandValue v = game_hand_value(cards, board, parse_game(game), "evaluate: board");
  Evaluation e;
  e.rank = static_cast<HandRank>(v.rank);
  e.category = v.category;
  e.name = v.name;
  e.best = joined(v.best);
  if (v.low) {
    e.low_rank = v.low->rank;
    e.low = v.low->name;
    if (v.low->rank != kNoLow) e.low_best = joined(v.low->best);
  }
  if (v.second) {
    e.second_rank = v.second->rank;
    e.second = v.second->name;
    e.second_best = joined(v.second->best);
  }
  return e;
}

// The card ids as uint8: the array itself when it is C-contiguous uint8 (the library checks every
// id of every row), else a copy, checked here for ids a byte does not hold.
py::array_t<std::uint8_t> card_ids(const py::array& cards) {
  const char kind = cards.dtype().kind();
  if (kind != 'i' && kind != 'u')
    throw InputError("evaluate_batch: card ids of an integer dtype, not " + py::str(cards.dtype()).cast<std::string>());
  if (kind == 'u' && cards.itemsize() == 1 && (cards.flags() & py::array::c_style))
    return py::reinterpret_borrow<py::array_t<std::uint8_t>>(cards);
  const auto wide = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(cards);
  py::array_t<std::uint8_t> ids(wide.request().shape);
  const std::int64_t* in = wide.data();
  std::uint8_t* out = ids.mutable_data();
  const py::ssize_t columns = cards.shape(1);
  for (py::ssize_t i = 0; i < wide.size(); ++i) {
    if (in[i] < 0 || in[i] >= kCards)
      throw InputError("row " + std::to_string(i / columns) + ": card id " + std::to_string(in[i]) + " is not 0..51");
    out[i] = static_cast<std::uint8_t>(in[i]);
  }
  return ids;
}

// "an array (or a list of rows) of shape (N, 7), (N, 8) or (N, 9) of card ids (4 hole cards then
// 3 to 5 board cards)": the shapes the game's rows take.
std::string shape_hint(Game game) {
  const RowColumns c = row_columns(game);
  return "an array (or a list of rows) of shape (N, " + std::to_string(c.fewest) + "), (N, " +
         std::to_string(c.fewest + 1) + ") or (N, " + std::to_string(c.most) + ") of card ids (" + row_shape(game) +
         ")";
}

// An array, or a list of rows, of N hands of the game's row shape.
py::array rows_of(const py::object& cards_in, Game game) {
  py::array cards;
  if (py::isinstance<py::array>(cards_in)) {
    cards = cards_in.cast<py::array>();
  } else {
    if (py::isinstance<py::str>(cards_in) || !py::hasattr(cards_in, "__len__"))
      throw InputError("evaluate_batch: " + shape_hint(game) + ", not " +
                       py::str(cards_in.get_type().attr("__name__")).cast<std::string>());
    try {
      cards = py::module_::import("numpy").attr("array")(cards_in);
    } catch (const py::error_already_set&) {
      throw InputError("evaluate_batch: " + shape_hint(game) + " (rows of one length)");
    }
  }
  const RowColumns c = row_columns(game);
  if (cards.ndim() != 2 || cards.shape(1) < static_cast<py::ssize_t>(c.fewest) ||
      cards.shape(1) > static_cast<py::ssize_t>(c.most))
    throw InputError("evaluate_batch: " + shape_hint(game) + ", not one of shape " +
                     py::str(py::object(cards.attr("shape"))).cast<std::string>());
  return cards;
}

// The ranks of the rows (uint16), and in the Hi/Lo games the tuple (ranks, lows (uint8)): the
// library's evaluate_rows() without the GIL.
py::object evaluate_batch(const py::object& cards_in, std::optional<long long> threads, const std::string& game_text) {
  const Game game = parse_game(game_text);
  refuse_own_cards(game, "evaluate_batch");
  const py::array checked = rows_of(cards_in, game);
  if (threads && (*threads < 0 || *threads > 4096))
    throw InputError("threads: must be 0 (all cores) or more, not " + std::to_string(*threads));
  const py::array_t<std::uint8_t> cards = card_ids(checked);
  const auto rows = static_cast<std::size_t>(cards.shape(0));
  const auto columns = static_cast<std::size_t>(cards.shape(1));
  const bool hilo = game_rules(game).low;
  py::array_t<std::uint16_t> ranks(static_cast<py::ssize_t>(rows));
  py::array_t<std::uint8_t> lows(static_cast<py::ssize_t>(hilo ? rows : 0));
  {
    py::gil_scoped_release release;
    evaluate_rows(game, columns, std::span<const std::uint8_t>(cards.data(), columns * rows),
                  std::span<HandRank>(ranks.mutable_data(), rows), std::span<LowRank>(lows.mutable_data(), lows.size()),
                  static_cast<int>(threads.value_or(0)));
  }
  if (hilo) return py::make_tuple(ranks, lows);
  return ranks;
}

}  // namespace

void bind_evaluate(py::module_& m) {
  py::class_<Evaluation>(
      m, "Evaluation",
      "A hand's value: rank (0..7461; short deck 0..1403; bigger is better), category, name, best five.")
      .def_readonly("rank", &Evaluation::rank)
      .def_readonly("category", &Evaluation::category)
      .def_readonly("name", &Evaluation::name)
      .def_readonly("best", &Evaluation::best)
      .def_readonly("low_rank", &Evaluation::low_rank, "Omaha Hi/Lo: the best low, 1..56 (0: none); else None")
      .def_readonly("low", &Evaluation::low, "Omaha Hi/Lo: \"8-6-4-2-A\" or \"no low\"; else None")
      .def_readonly("low_best", &Evaluation::low_best, "Omaha Hi/Lo: the low's five cards, highest first; else None")
      .def_readonly("second_rank", &Evaluation::second_rank,
                    "badeucy, badacey: the other half's rank (2-7: 0..7461, A-5: 0..6174); else None")
      .def_readonly("second", &Evaluation::second, "badeucy, badacey: the other half's name (\"7-5-4-3-2\"); else None")
      .def_readonly("second_best", &Evaluation::second_best, "badeucy, badacey: the other half's five cards; else None")
      .def("__repr__", [](const Evaluation& e) {
        std::string out = "Evaluation(rank=" + std::to_string(e.rank) + ", category='" + e.category + "', name='" +
                          e.name + "', best='" + e.best + "'";
        if (e.low) out += ", low='" + *e.low + "'";
        return out + ")";
      });
  m.def("evaluate", &evaluate_of, py::arg("cards"), py::arg("game") = "holdem", py::arg("board") = py::none(),
        "The value of 5 to 7 cards: a string (\"AsKsQsJsTs2c3d\"), card strings or card ids (0..51 = 4 * rank + "
        "suit, rank 0 = '2', suits s c h d); board's cards join them. game: \"holdem\", or \"shortdeck\" / "
        "\"shortdeck-straights\" (36 cards 6 to A; A-6-7-8-9 is a straight; ranks 0..1403 by that game's order). "
        "The Omaha games: cards are the hole cards (4, 5 or 6) and board= is needed (3 to 5 cards): the best high "
        "of exactly two hole and three board cards (Hold'em's ranks), and in the Hi/Lo games the best 8-or-better "
        "low of exactly two and three (low, low_rank, low_best).\n\n"
        "    >>> equity.evaluate(\"As2sKhKd\", game=\"omaha-hilo\", board=\"3c4d8hKsQc\").low\n"
        "    '8-4-3-2-A'\n"
        "    >>> equity.evaluate(\"AsAcAdKsKc\").name\n"
        "    'full house, aces full of kings'\n"
        "    >>> equity.evaluate(\"As6c7d8h9s\", game=\"shortdeck\").name\n"
        "    'straight, nine high'");
  m.def("evaluate_batch", &evaluate_batch, py::arg("cards"), py::arg("threads") = py::none(),
        py::arg("game") = "holdem",
        "The ranks of N hands, one a row of a numpy array (or a list of rows) of card ids (0..51 = 4 * rank + suit, "
        "rank 0 = '2', suits s c h d; any integer dtype; C-contiguous uint8 is read without a copy).\n\n"
        "game \"holdem\" (the default): rows of 5, 6 or 7 cards, shape (N, 5), (N, 6) or (N, 7); uint16 ranks "
        "0..7461 (bigger is better), the best five of the row as evaluate().\n"
        "game \"shortdeck\" or \"shortdeck-straights\": the same shapes of cards 6 to A; ranks 0..1403 by that "
        "game's order.\n"
        "The Omaha games (\"omaha\", \"omaha5\", \"omaha6\" and their \"-hilo\"): a row is the game's hole "
        "cards (4, 5 or 6) followed by 3, 4 or 5 board cards, shape (N, hole + 3) to (N, hole + 5): PLO4 (N, 7) on "
        "the flop, (N, 8) the turn, (N, 9) the river. The high-only games give the uint16 ranks of the best high of "
        "exactly two hole and three board cards (Hold'em's ranks, 0..7461); the Hi/Lo games give the tuple (high, "
        "low): those ranks and a uint8 array of the best 8-or-better low of exactly two and three (0: none, else "
        "1..56, bigger is better: 56 is the wheel 5-4-3-2-A), as evaluate()'s low_rank.\n\n"
        "Every game's rows run in parallel on large arrays. threads: None or 0 uses every core, 1 the calling thread "
        "only, n at most n; the ranks are the same. Raises ValueError naming the first row with an id not 0..51, a "
        "card twice or a card outside the game's deck (\"row 12: card id 60 is not 0..51\").\n\n"
        "    >>> ids = [equity.card_id(c) for c in (\"As\", \"Ks\", \"Qs\", \"Js\", \"Ts\", \"2c\", \"3d\")]\n"
        "    >>> equity.evaluate_batch(numpy.array([ids], numpy.uint8))\n"
        "    array([7461], dtype=uint16)\n"
        "    >>> plo = [equity.card_id(c) for c in (\"As\", \"2s\", \"Kh\", \"Kd\", \"3c\", \"4d\", \"8h\", "
        "\"Ks\", \"Qc\")]\n"
        "    >>> high, low = equity.evaluate_batch(numpy.array([plo], numpy.uint8), game=\"omaha-hilo\")\n"
        "    >>> int(high[0]) == equity.evaluate(\"As2sKhKd\", game=\"omaha-hilo\", board=\"3c4d8hKsQc\").rank, "
        "int(low[0])\n"
        "    (True, 35)");
  m.def(
      "card_id", [](const std::string& card) { return parse_card(card).id(); }, py::arg("card"),
      "The id (0..51) of a card such as \"As\": 4 * rank + suit, rank 0 = '2', suits s c h d.");
  m.def(
      "card_name", [](long long id) { return card_of_id(id).str(); }, py::arg("id"),
      "The card of an id, such as \"As\".");
}

}  // namespace equity::python
