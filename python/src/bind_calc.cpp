// equity.calc(): a Question from the arguments, calculate() with the GIL released, and the Answer
// as a Result whose fields are those of the command line's JSON (docs/json.md).
//
// Ctrl-C: a computation that may be long runs on a worker thread with Question::cancel pointing at
// a flag, while the calling thread sleeps without the GIL and wakes every 50 ms to run Python's
// signal handlers (PyErr_CheckSignals); when they raise (KeyboardInterrupt), the flag is raised,
// the worker stops within a fraction of a second, and the exception propagates. Questions the
// preflop table answers and small exact enumerations take microseconds to milliseconds and run on
// the calling thread (a thread per call would cost more than the answer).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bindings.hpp"
#include "equity/answer_json.hpp"
#include "equity/calculate.hpp"
#include "equity/cards.hpp"
#include "equity/error.hpp"
#include "equity/game.hpp"
#include "equity/game_range.hpp"
#include "equity/plan.hpp"
#include "equity/range.hpp"
#include "equity/range_equity.hpp"
#include "equity/stopwatch.hpp"
#include "equity/table_equity.hpp"
#include "equity/table_location.hpp"
#include "interruptible.hpp"

namespace py = pybind11;

namespace equity::python {
namespace {

// ---- The question -------------------------------------------------------------------------------

// A player: a string as the command line takes it, or an equity.Range (its canonical text).
// A Range of another game's deck is an error (a short-deck range in a Hold'em question).
std::string player_text(const py::handle& player, std::size_t index, Game game) {
  if (py::isinstance<py::str>(player)) return player.cast<std::string>();
  if (py::isinstance<GameRange>(player)) {
    const auto& r = player.cast<const GameRange&>();
    if (r.game() != game &&
        (out_of_deck(r.game()) != out_of_deck(game) || game_rules(r.game()).hole_cards != game_rules(game).hole_cards))
      throw InputError("player " + std::to_string(index + 1) + ": a Range of " + std::string(game_name(r.game())) +
                       " in a question of " + std::string(game_name(game)));
    return r.str();
  }
  throw InputError("player " + std::to_string(index + 1) + ": a hand or range as a string, or an equity.Range, not " +
                   std::string(py::str(py::type::handle_of(player).attr("__name__"))));
}

// Cards as one string ("Ks7h2c"), or a sequence of card strings (["Ks", "7h", "2c"]) or card ids
// (0..51, as evaluate() takes them: [44, 21, 2]), as the command line's text.
std::string cards_text(const py::handle& cards, const char* what) {
  if (cards.is_none()) return {};
  if (py::isinstance<py::str>(cards)) return cards.cast<std::string>();
  if (!py::hasattr(cards, "__iter__"))
    throw InputError(std::string(what) + ": cards as a string such as \"Ks7h2c\", or a list of cards or card ids");
  std::string text;
  for (const auto& card : cards) {
    if (py::isinstance<py::str>(card)) {
      text += card.cast<std::string>() + " ";
      continue;
    }
    if (!py::isinstance<py::int_>(card) && !py::hasattr(card, "__index__"))
      throw InputError(std::string(what) + ": cards as strings such as \"Ks\" or card ids 0..51, not " +
                       py::str(py::type::handle_of(card).attr("__name__")).cast<std::string>());
    try {
      text += card_of_id(py::int_(py::reinterpret_borrow<py::object>(card)).cast<long long>()).str() + " ";
    } catch (const InputError& e) {
      throw InputError(std::string(what) + ": " + e.what());
    }
  }
  return text;
}

void check_positive(const std::optional<double>& value, const char* what) {
  if (value && !(*value > 0))
    throw InputError(std::string(what) + ": must be above 0, not " + py::str(py::float_(*value)).cast<std::string>());
}

struct CalcArgs {
  py::list players;
  py::object board, dead;
  std::string method = "auto";
  std::optional<double> stderr_target, time;
  std::optional<long long> trials, seed, threads;
  bool by_category = false, per_combo = false, distribution = false, hits = false;
  std::optional<double> per_combo_stderr;
  std::string table;
  bool use_table = true;
  std::string game = "holdem";
  std::optional<std::vector<double>> stacks;
  std::optional<double> pot;
  long long runs = 1;
  py::object board2 = py::none();  // (not a null handle: _answers_quickly leaves it)
  long long draws = 1;
  std::string pat, keep;
  std::optional<std::vector<double>> folded;  // the folded players' chips, in the pots they reached
};

// The methods calc() takes, as the command line's --method: the question's methods ("mc" is
// "monte-carlo"), then the exact enumerations by name, which never read the table. The one list
// both reads a method and names them in the error.
constexpr std::array<std::string_view, 9> kMethodNames = {"auto",    "table",  "exact", "monte-carlo", "mc",
                                                          "grouped", "boards", "sweep", "showdowns"};
constexpr std::size_t kFirstExactMethod = 5;

void set_method(Question& q, const std::string& method) {
  const auto found = std::find(kMethodNames.begin(), kMethodNames.end(), method);
  if (found == kMethodNames.end()) {
    std::string names;
    for (std::string_view name : kMethodNames) names += (names.empty() ? "" : ", ") + std::string(name);
    throw InputError("method '" + method + "': one of " + names);
  }
  if (static_cast<std::size_t>(found - kMethodNames.begin()) >= kFirstExactMethod) {
    q.exact_method = parse_exact_method(method);
    q.use_table = false;
    return;
  }
  q.method = parse_method(method);
}

Question question_of(const CalcArgs& a) {
  Question q;
  q.game = parse_game(a.game);
  for (std::size_t i = 0; i < a.players.size(); ++i) q.players.push_back(player_text(a.players[i], i, q.game));
  q.board = cards_text(a.board, "board");
  q.dead = cards_text(a.dead, "dead");
  q.use_table = a.use_table;
  q.table_dir = a.table;
  set_method(q, a.method);
  check_positive(a.stderr_target, "stderr");
  check_positive(a.time, "time");
  check_positive(a.per_combo_stderr, "per_combo_stderr");
  if (a.trials && *a.trials <= 0) throw InputError("trials: must be above 0, not " + std::to_string(*a.trials));
  if (a.seed && *a.seed < 0) throw InputError("seed: from 0 to 2^53 - 1, not " + std::to_string(*a.seed));
  if (a.threads && *a.threads < 0)
    throw InputError("threads: must be 0 (all cores) or more, not " + std::to_string(*a.threads));
  if (a.stderr_target) q.target_stderr = *a.stderr_target;
  if (a.time) q.max_seconds = *a.time;
  if (a.trials) q.max_trials = static_cast<std::uint64_t>(*a.trials);
  if (a.seed) q.seed = static_cast<std::uint64_t>(*a.seed);
  if (a.threads) q.threads = static_cast<int>(*a.threads);
  if (a.per_combo_stderr) q.per_combo_stderr = *a.per_combo_stderr;
  q.by_category = a.by_category;
  q.per_combo = a.per_combo;
  q.distribution = a.distribution;
  q.hits = a.hits;
  if (a.stacks) q.stacks = *a.stacks;  // pot_layers() (in calculate()) names a stack out of range
  if (a.pot) q.pot = *a.pot;
  if (a.folded) q.folded = *a.folded;
  if (a.runs < 1 || a.runs > 24) throw InputError("runs: 1 to 24, not " + std::to_string(a.runs));
  q.runs = static_cast<int>(a.runs);
  q.board2 = cards_text(a.board2, "board2");
  if (a.draws < 1 || a.draws > 3) throw InputError("draws: 1 to 3, not " + std::to_string(a.draws));
  if (a.draws > 1) q.draws = static_cast<int>(a.draws);
  q.draw_pat = a.pat;
  q.draw_keep = a.keep;
  return q;
}

// ---- Running it ---------------------------------------------------------------------------------

// A plan run on a worker, Ctrl-C raising `cancel` (the flag the question was planned with).
Answer calculate_interruptibly(const Plan& plan, std::atomic<bool>& cancel) {
  return run_interruptibly([&plan] { return calculate(plan); }, cancel);
}

// The planner says whether the question is answered within a fraction of a second whatever the
// machine (Plan::quick): it then runs on the calling thread, where a worker thread would cost some
// 60 us to start, more than half of `AsAc KhQh` enumerated exactly; a Ctrl-C meanwhile raises
// KeyboardInterrupt when it returns. Longer questions run on a worker that Ctrl-C stops.
// The answer's seconds count the planning too, as calculate(Question) and the command line's
// JSON do (reading the ranges is most of a small question's work).
Answer run(Question q) {
  std::atomic<bool> cancel{false};
  q.cancel = &cancel;
  const Stopwatch clock;
  Plan p;
  {
    py::gil_scoped_release release;
    p = plan(q);
  }
  Answer a;
  if (p.quick) {
    py::gil_scoped_release release;
    a = calculate(p);
  } else {
    a = calculate_interruptibly(p, cancel);
  }
  a.seconds = clock.seconds();
  return a;
}

// ---- The result ---------------------------------------------------------------------------------

// The JSON object as Python values, built once per result.
class Dict {
 public:
  explicit Dict(std::shared_ptr<const Answer> answer) : answer_(std::move(answer)) {}
  const Answer& answer() const { return *answer_; }
  py::dict get() {
    if (!dict_) dict_ = py::module_::import("json").attr("loads")(to_json(*answer_));
    return py::reinterpret_borrow<py::dict>(*dict_);
  }

 private:
  std::shared_ptr<const Answer> answer_;
  std::optional<py::object> dict_;
};

struct Result {
  std::shared_ptr<Dict> dict;
  const Answer& a() const { return dict->answer(); }
  bool counted() const { return a().method != Method::monte_carlo; }  // table or exact
};

struct Player {
  std::shared_ptr<Dict> dict;
  std::size_t index = 0;
  const PlayerAnswer& p() const { return dict->answer().players[index]; }
};

template <class T>
py::object some(bool present, const T& value) {
  return present ? py::cast(value) : py::none();
}

py::object json_field(const py::dict& d, const std::string& name, const char* type_name) {
  if (d.contains(name)) return d[name.c_str()];
  throw py::attribute_error("'" + std::string(type_name) + "' has no field '" + name + "'");
}

// The answer's JSON member `name`, or None when the answer has none (a question without pots or runouts).
py::object json_field_or_none(const py::dict& d, const char* name) {
  return d.contains(name) ? py::object(d[name]) : py::object(py::none());
}

void bind_result(py::module_& m) {
  py::class_<Player>(m, "Player", "One player's answer: the fields of a player in the command line's JSON.")
      .def_property_readonly(
          "hand", [](const Player& s) { return s.p().hand; },
          "the hand as written (\"AsAc\"; an Omaha hand's cards in the order given), or the range in canonical form")
      .def_property_readonly(
          "specific", [](const Player& s) { return s.p().specific; }, "one hand rather than a range")
      .def_property_readonly(
          "combos", [](const Player& s) { return s.p().combos; }, "combos left after card removal")
      .def_property_readonly(
          "wins", [](const Player& s) { return s.p().wins; }, "showdowns (or trials) won alone")
      .def_property_readonly(
          "ties", [](const Player& s) { return s.p().ties; }, "... with the best hand shared")
      .def_property_readonly(
          "losses", [](const Player& s) { return s.p().losses; }, "... lost")
      .def_property_readonly(
          "equity", [](const Player& s) { return s.p().equity; }, "the share of the pot won on average")
      .def_property_readonly(
          "ev",
          [](const Player& s) -> py::object {
            const auto& pot = s.dict->answer().pot;
            return pot ? py::object(py::float_(pot->ev[s.index])) : py::object(py::none());
          },
          "with stacks or pot: the chips won back on average; None otherwise")
      .def_property_readonly(
          "net",
          [](const Player& s) -> py::object {
            const auto& pot = s.dict->answer().pot;
            return pot ? py::object(py::float_(pot->net[s.index])) : py::object(py::none());
          },
          "with stacks or pot: ev less the player's stack; None otherwise")
      .def_property_readonly(
          "stderr",
          [](const Player& s) { return some(s.p().standard_error.has_value(), s.p().standard_error.value_or(0)); },
          "Monte Carlo: the standard error of equity (else None)")
      .def_property_readonly(
          "ci95",
          [](const Player& s) { return some(s.p().ci95.has_value(), s.p().ci95.value_or(std::array<double, 2>{})); },
          "Monte Carlo: (low, high), equity -+ 1.96 stderr (else None)")
      .def(
          "to_dict", [](const Player& s) { return s.dict->get()["players"].cast<py::list>()[s.index]; },
          "This player's object of the command line's JSON.")
      .def("__getattr__",
           [](const Player& s, const std::string& name) {
             return json_field(s.dict->get()["players"].cast<py::list>()[s.index].cast<py::dict>(), name, "Player");
           })
      .def("__repr__", [](const Player& s) {
        return "Player(hand=" + py::repr(py::str(s.p().hand)).cast<std::string>() +
               ", equity=" + py::repr(py::float_(s.p().equity)).cast<std::string>() + ")";
      });

  py::class_<Result>(m, "Result",
                     "The answer to calc(): the fields of the command line's JSON (docs/json.md). Fields that do "
                     "not apply to the mode that ran are None; to_dict() gives the JSON object itself.")
      .def_property_readonly(
          "mode", [](const Result& r) { return std::string(method_name(r.a().method)); },
          "\"table\", \"exact\" or \"monte-carlo\"")
      .def_property_readonly(
          "players",
          [](const Result& r) {
            py::list out;
            for (std::size_t i = 0; i < r.a().players.size(); ++i) out.append(py::cast(Player{r.dict, i}));
            return out;
          },
          "one Player per player, in the order given")
      .def_property_readonly(
          "boards", [](const Result& r) { return some(r.counted(), r.a().boards); },
          "table, exact: boards per combo assignment")
      .def_property_readonly(
          "assignments", [](const Result& r) { return some(r.counted(), r.a().assignments); },
          "table, exact: combo assignments with no card twice")
      .def_property_readonly(
          "showdowns", [](const Result& r) { return some(r.counted(), r.a().showdowns()); },
          "table, exact: assignments x boards (each player's wins + ties + losses)")
      .def_property_readonly(
          "trials", [](const Result& r) { return some(!r.counted(), r.a().trials); },
          "Monte Carlo: accepted deals (each player's wins + ties + losses)")
      .def_property_readonly(
          "seed", [](const Result& r) { return some(!r.counted(), r.a().seed); },
          "Monte Carlo: the seed that repeats the run")
      .def_property_readonly(
          "pot", [](const Result& r) { return json_field_or_none(r.dict->get(), "pot"); },
          "with stacks or pot: the pot by layers (chips, dead, stacks, layers: the main pot, the side pots, the chips "
          "back), as the JSON's \"pot\"; None otherwise")
      .def_property_readonly(
          "runouts", [](const Result& r) { return json_field_or_none(r.dict->get(), "runouts"); },
          "with runs or board2: each player's share over the runs or boards and how often he scooped every one, "
          "some or none, as the JSON's \"runouts\"; None otherwise")
      .def_property_readonly(
          "draw_rule", [](const Result& r) { return json_field_or_none(r.dict->get(), "draw_rule"); },
          "the draw games with draws before the last: the drawing rule the players follow in them (a model of "
          "play); None otherwise")
      .def_property_readonly(
          "seconds", [](const Result& r) { return r.a().seconds; }, "computing time")
      .def_property_readonly(
          "warnings", [](const Result& r) { return r.a().warnings; }, "things to know; empty when none")
      .def(
          "to_dict", [](const Result& r) { return r.dict->get(); },
          "The command line's JSON object (`equity ... --json`) as Python values; the same dict on every call.")
      .def(
          "to_json", [](const Result& r) { return to_json(r.a()); }, "The command line's JSON, one line.")
      .def("__getattr__",
           [](const Result& r, const std::string& name) { return json_field(r.dict->get(), name, "Result"); })
      .def("__repr__", [](const Result& r) {
        std::string s = "Result(mode=" + py::repr(py::str(std::string(method_name(r.a().method)))).cast<std::string>() +
                        ", players=[";
        for (std::size_t i = 0; i < r.a().players.size(); ++i)
          s += (i ? ", " : "") + py::repr(py::cast(Player{r.dict, i})).cast<std::string>();
        return s + "])";
      });
}

}  // namespace

void bind_calc(py::module_& m) {
  bind_result(m);
  m.def(
      "calc",
      [](py::list players, py::object board, py::object dead, std::string method, std::optional<double> stderr_target,
         std::optional<long long> trials, std::optional<double> time, std::optional<long long> seed,
         std::optional<long long> threads, bool by_category, bool per_combo, bool distribution, bool hits,
         std::optional<double> per_combo_stderr, std::string table, bool use_table, std::string game,
         std::optional<std::vector<double>> stacks, std::optional<double> pot, long long runs, py::object board2,
         long long draws, std::string pat, std::string keep, std::optional<std::vector<double>> folded) {
        CalcArgs a{std::move(players),
                   std::move(board),
                   std::move(dead),
                   std::move(method),
                   stderr_target,
                   time,
                   trials,
                   seed,
                   threads,
                   by_category,
                   per_combo,
                   distribution,
                   hits,
                   per_combo_stderr,
                   std::move(table),
                   use_table,
                   std::move(game),
                   std::move(stacks),
                   pot,
                   runs,
                   std::move(board2),
                   draws,
                   std::move(pat),
                   std::move(keep),
                   std::move(folded)};
        const Question q = question_of(a);
        Answer answer = run(q);
        return Result{std::make_shared<Dict>(std::make_shared<const Answer>(std::move(answer)))};
      },
      py::arg("players"), py::arg("board") = py::none(), py::arg("dead") = py::none(), py::arg("method") = "auto",
      py::arg("stderr") = py::none(), py::arg("trials") = py::none(), py::arg("time") = py::none(),
      py::arg("seed") = py::none(), py::arg("threads") = py::none(), py::arg("by_category") = false,
      py::arg("per_combo") = false, py::arg("distribution") = false, py::arg("hits") = false,
      py::arg("per_combo_stderr") = py::none(), py::arg("table") = "", py::arg("use_table") = true,
      py::arg("game") = "holdem", py::arg("stacks") = py::none(), py::arg("pot") = py::none(), py::arg("runs") = 1,
      py::arg("board2") = py::none(), py::arg("draws") = 1, py::arg("pat") = "", py::arg("keep") = "",
      py::arg("folded") = py::none(), "The compiled calc(); see equity.calc for the arguments.");
  // For the tests: whether calc() would answer on the calling thread (the plan's quick).
  m.def(
      "_answers_quickly",
      [](py::list players, py::object board, std::string method, bool per_combo) {
        CalcArgs a;
        a.players = std::move(players);
        a.board = std::move(board);
        a.dead = py::none();
        a.method = std::move(method);
        a.per_combo = per_combo;
        try {
          return plan(question_of(a)).quick;
        } catch (const InputError&) {
          return true;  // reported at once
        }
      },
      py::arg("players"), py::arg("board") = py::none(), py::arg("method") = "auto", py::arg("per_combo") = false);
  // The C-level cancel path, for the tests: a Monte Carlo question with Question::cancel already
  // raised; true when calculate() throws Cancelled (the library checks the flag between rounds).
  m.def("_cancel_is_checked", [] {
    Question q;
    q.players = {"AhKh", "random"};
    q.method = Method::monte_carlo;
    q.max_trials = 200'000;
    q.seed = 1;
    const std::atomic<bool> cancel{true};
    q.cancel = &cancel;
    try {
      py::gil_scoped_release release;
      (void)calculate(q);
    } catch (const Cancelled&) {
      return true;
    }
    return false;
  });
}

}  // namespace equity::python
