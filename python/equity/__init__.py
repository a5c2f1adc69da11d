"""Exact poker equity at C++ speed: Texas Hold'em, short deck (6+) and the Omaha family.

calc(), Range, evaluate() and evaluate_batch() take game= (default "holdem"): "holdem";
"shortdeck" (36 cards 6 to A, three of a kind beats a straight) or "shortdeck-straights" (a
straight beats three of a kind); "omaha" (PLO, four hole cards, a hand is exactly two of them and
three board cards), "omaha5", "omaha6" (five and six hole cards), and the split-pot "omaha-hilo",
"omaha5-hilo", "omaha6-hilo" (half the pot to the best 8-or-better low); the stud games "stud",
"stud-hilo" and "razz" (no board: each player's own seven cards), which calc() answers and
evaluate() values (Range and evaluate_batch() refuse them with a ValueError). preflop_table() takes the first
three. docs/games.md, docs/omaha.md and docs/stud.md give the rules.

    >>> import equity
    >>> r = equity.calc(["AsAc", "KhQh"])
    >>> r.mode, r.players[0].wins, round(r.players[0].equity, 4)
    ('table', 1406263, 0.8232)

calc() answers any question the `equity` command answers in every game (hands, ranges, boards,
dead cards; the preflop table, exact enumeration or Monte Carlo); Range reads ranges; evaluate()
ranks one hand and evaluate_batch() a numpy array of them (Omaha rows: hole cards then board);
preflop_table() gives Hold'em's 169x169 table (short deck's 81x81) as numpy arrays; hands() and
hands_text() read hand histories (PokerStars', GGPoker's) and give every all-in's expected value and
the totals, as `equity hands --json`.
"""
from __future__ import annotations

# The module's names are its API (__all__); the modules it uses are imported under private names.
import dataclasses as _dataclasses
import operator as _operator
import os as _os
from typing import Optional as _Optional, Sequence as _Sequence, Union as _Union

import numpy as _np

from ._equity import (
    Evaluation,
    Player,
    Range,
    Result,
    card_id,
    card_name,
    evaluate,
    evaluate_batch,
)
from . import _equity

__version__: str = _equity.__version__

__all__ = [
    "Evaluation",
    "Player",
    "PreflopTable",
    "Range",
    "Result",
    "calc",
    "card_id",
    "card_name",
    "evaluate",
    "evaluate_batch",
    "hands",
    "hands_text",
    "preflop_table",
    "table_directory",
]


def table_directory() -> str:
    """The preflop table's directory calc() reads by default ("" when none).

    $EQUITY_RESULTS when set (the library checks it), else the table installed with the package
    (equity/results, a link to the project's results/ in a build tree).
    """
    if _os.environ.get("EQUITY_RESULTS"):
        return ""  # the library reads and checks $EQUITY_RESULTS itself
    here = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "results")
    if _os.path.isfile(_os.path.join(here, "preflop-169x169.csv")):
        return _os.path.realpath(here)
    return ""


_TABLE = table_directory()
# Omaha percentages ("15%") read their ordering (omaha/order-equity.csv, omaha5/...) after
# $EQUITY_RESULTS from the results installed with the package (the running program is the
# interpreter, not beside them); the process's environment is left as it is.
_here_results = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "results")
if _os.path.isdir(_here_results):
    _equity._set_omaha_order_directory(_os.path.realpath(_here_results))
# The library's own look-ups of the preflop table (hands(): each preflop all-in's question) find
# the package's after $EQUITY_RESULTS (and a table beside the interpreter), as the command line
# finds the one beside itself.
if _TABLE:
    _equity._set_installed_table(_TABLE)

_Cards = _Union[str, _Sequence[_Union[str, int]], None]


def calc(
    players: _Union[str, _Sequence[_Union[str, Range]]],
    board: _Cards = None,
    dead: _Cards = None,
    method: str = "auto",
    stderr: _Optional[float] = None,
    trials: _Optional[int] = None,
    time: _Optional[float] = None,
    seed: _Optional[int] = None,
    threads: _Optional[int] = None,
    by_category: bool = False,
    per_combo: bool = False,
    distribution: bool = False,
    hits: bool = False,
    per_combo_stderr: _Optional[float] = None,
    table: _Optional[str] = None,
    use_table: bool = True,
    game: str = "holdem",
    stacks: _Optional[_Sequence[float]] = None,
    pot: _Optional[float] = None,
    runs: int = 1,
    board2: _Cards = None,
    draws: int = 1,
    pat: _Optional[str] = None,
    keep: _Optional[str] = None,
    folded: _Optional[_Sequence[float]] = None,
) -> Result:
    """The equity of 2 to 10 hands or ranges: what `equity PLAYERS... --json` prints.

    players      2 to 10 hands ("AsAc", "As Ac", "10d9d"), ranges ("QQ+,AKs,KQo:0.5", "random")
                 or equity.Range objects, e.g. ["AsAc", "KhQh"] or ["QQ+,AKs", "random"]; a
                 string of them separated by spaces ("AsAc KhQh") is read as that list.
    board        0, 3, 4 or 5 known cards: "Ks7h2c", ["Ks", "7h", "2c"] or card ids as evaluate()
                 takes them ([44, 22, 1]: 0..51 = 4 * rank + suit, equity.card_id("Ks") == 44).
    dead         cards out of the deck, e.g. "2c3d" (or a list of cards or card ids, as board).
    method       "auto" (the preflop table, else exact when the work is small enough, else Monte
                 Carlo; chosen by counting work, so the same on any machine), "table", "exact",
                 "monte-carlo" (or "mc"), or an exact enumeration: "grouped", "boards", "sweep",
                 "showdowns" (these never read the table).
    stderr       Monte Carlo: stop when every equity's standard error is below this, e.g. 1e-3
                 (default 5e-4 when no trials or time is given).
    trials       Monte Carlo: stop after this many deals, e.g. 1_000_000.
    time         Monte Carlo: stop after about this many seconds, e.g. 2.5.
    seed         Monte Carlo: 0 to 2**53 - 1; the same seed gives the same numbers on any number of
                 threads (default: drawn at random; result.seed repeats it).
    threads      worker threads (default: all cores); the numbers do not depend on it.
    by_category  per player: showdowns ending in each hand category (player.categories).
    per_combo    per player: every combo's and class's equity (player.per_combo, player.per_class).
    distribution per player: the combos by equity, as buckets and a curve (player.distribution).
    hits         with a board: what each range hits on it (player.hits).
    per_combo_stderr  the standard error of Monte Carlo per-combo estimates (default 2.5e-3).
    table        the preflop table's directory (default: table_directory()).
    use_table    False: always enumerate, as --no-table.
    game         "holdem" (the default), "shortdeck" (36 cards 6 to A; A-6-7-8-9 is a straight; a
                 flush beats a full house; three of a kind beats a straight) or
                 "shortdeck-straights" (the same, but a straight beats three of a kind); as --game.
                 A class outside the deck ("22" in short deck) is an error; "random" is every combo
                 of the game's deck. The Omaha games "omaha", "omaha5", "omaha6", "omaha-hilo",
                 "omaha5-hilo", "omaha6-hilo" take hands of 4, 5 or 6 cards ("AsKsQhJh") or
                 "random" or ranges in docs/ranges-omaha.md's syntax (or Range(..., game="omaha")),
                 and add pot_units (and for Hi/Lo scoops, low_wins, low_ties, lows) to the players
                 (player.scoops, ...); per_combo lists every hand, hits names the Omaha draws
                 (docs/omaha.md). The stud games "stud", "stud-hilo", "razz" take each player's
                 cards ("(AsKs)Qd": two down, one up; "(??)Qd"; "random"), folded up cards as
                 dead=, no board, ranges, per_combo or hits, and add pot_units (Hi/Lo: scoops,
                 low_wins, low_ties, lows) as the Omaha games do; by_category names razz's lows
                 (docs/stud.md).
    stacks       each player's chips in the pot, all in, e.g. [100, 250, 40]: the main pot and the
                 side pots are layered by them; each player gets ev (chips won back on average)
                 and net (ev - stack), and result.pot the layers (chips, players, equity, and the
                 exact counts or the standard errors). A side pot is counted without the players
                 left out of it: specific hands (or random, or stud hands) with their cards out of
                 the deck, a range hand by hand (sampled with the others in a sampled question).
    pot          dead money already in the pot from players who folded (in the main pot).
    folded       the chips each player who folded put in, e.g. [60, 20]: each in the pots his chips
                 reach, as his bets were (a hand history's pot as dealt; result.pot["folded"]).
    runs         run it N times (each run wins 1/N of the pot): result.runouts adds each player's
                 share over the runs and how often he scooped k of them (over ranges: exact for
                 every way they hold their hands where few enough, else sampled with them).
    board2       two boards (a bomb pot): the second board's known cards, as board; the answer
                 counts the first board with them out of the deck and result.runouts both boards.
    draws        the draw games: the draws still to come (1 to 3 in the triple draws): the last is
                 exact, the ones before it sampled under the drawing rule (result.draw_rule).
    pat, keep    the drawing rule's thresholds as ranks ("9", "8"; None: the game's default).

    The result's fields are the JSON's (docs/json.md): result.mode ("table", "exact",
    "monte-carlo"), result.showdowns or result.trials, and per player (result.players[i]) hand,
    combos, wins, ties, losses, equity, stderr and ci95; fields that do not apply are None.
    result.to_dict() is the JSON object itself (the command line's --json); a hand is shown as
    written (an Omaha hand "7c7d8h9h" stays "7c7d8h9h").

    The GIL is released while computing; Ctrl-C raises KeyboardInterrupt within a fraction of a
    second. Bad input raises ValueError with the command line's message.

        >>> r = equity.calc(["QQ+,AKs", "random"], board="Ks7h2c")
        >>> r.mode, round(r.players[0].equity, 3)
        ('exact', 0.873)
        >>> equity.calc(["AhKh", "random", "random"], trials=100_000, seed=1).players[0].stderr
    """
    return _equity.calc(
        _players_list(players), board, dead, method, stderr, trials, time, seed, threads, by_category,
        per_combo, distribution, hits, per_combo_stderr, _TABLE if table is None else table,
        use_table, game, _stacks(stacks), _chips(pot, "pot"), runs, board2, draws, pat or "", keep or "",
        _folded(folded),
    )


def _chips(x, what: str):
    """A number of chips for calc(): ValueError naming `what` for anything else."""
    if x is None:
        return None
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise ValueError(f"{what}: a number of chips, not {x!r}")
    return float(x)


def _chips_list(values, what: str, one: str, example: str):
    """A list of chips for calc() (stacks, folded): ValueError naming `what`, or the bad one."""
    if values is None:
        return None
    if isinstance(values, (str, bytes)):
        raise ValueError(f"{what}: a list of {example}, not {values!r}")
    return [_chips(x, f"{one} {i + 1}") for i, x in enumerate(values)]


def _stacks(stacks):
    return _chips_list(stacks, "stacks", "stack", "each player's chips, e.g. [100, 250, 40]")


def _folded(folded):
    return _chips_list(folded, "folded", "folded", "the folded players' chips, e.g. [60, 20]")


def _players_list(players) -> list:
    """players as a list: a string of players separated by spaces ("AsAc KhQh") is read as the
    list of them when each piece is a hand or range and there are 2 to 10; any other string is an
    error that shows the list to write."""
    if not isinstance(players, str):
        return list(players)
    pieces = players.split()
    if 2 <= len(pieces) <= 10:
        try:
            for piece in pieces:
                Range(piece)
            return pieces
        except ValueError:
            pass
    raise ValueError(
        f"players: a list of 2 to 10 hands or ranges such as [\"AsAc\", \"KhQh\"], "
        f"not the string {players!r}")


_Path = _Union[str, bytes, _os.PathLike]


def hands(
    paths: _Union[_Path, _Sequence[_Path]],
    hero: _Optional[str] = None,
    threads: _Optional[int] = 0,
) -> dict:
    """Hand histories read: every all-in with cards to come and its expected value, and the totals.

    What `equity hands PATHS... --json` prints, as Python values: a dict

        {"all_ins": [one dict per all-in, in the order read],
         "totals": {"players", "files", "hands", "counted", "all_ins", "all_ins_not_counted",
                    "stakes", "skipped", "skips", "seconds"}}

    paths    a file or folder (str, bytes or os.PathLike), or a list of them; folders are read
             recursively, their files in name order. PokerStars' and GGPoker's text files
             (Hold'em, short deck, Omaha, stud, razz, the draw games; cash and tournaments).
    hero     whose results: None, each hand's own player (the one dealt cards, "Dealt to").
    threads  worker threads (0 or None: all cores); the numbers do not depend on it.

    Each all-in is the command's JSON line: "id", "site", "file", "line", "game", "game_text",
    "stakes", "currency", "street", "board", "dead", "runs", "pot", "rake", "method", "player" and
    "players", each {"name", "cards", "put_in", "equity", "ev", "ev_stderr", "won", "outside"}: ev
    is the chips expected back from the pot at the all-in, the rake taken out (the players' ev sum
    to pot - rake), equity the share of the main pot; "method" says what counted it ("table",
    "exact", or "monte-carlo" where enumerating is too slow: seeded by the hand, with ev_stderr
    the standard error of ev, 0 otherwise). The totals are by game and stakes ("stakes": net won,
    "adjusted" all-in adjusted, "luck" the difference); a hand that cannot be read is skipped and
    listed in "skips" with its file, line and reason (the first 1,000). "all_ins_not_counted":
    the player's all-ins with cards to come whose hands at the all-in are not all known (a draw
    game's other players before they draw), each reason and how many: their result stands.

    The GIL is released while reading; Ctrl-C raises KeyboardInterrupt within a fraction of a
    second. A path that does not exist raises ValueError naming it; arguments of the wrong type
    raise TypeError.

        >>> r = equity.hands("HandHistory/Hero")
        >>> r["totals"]["counted"], r["totals"]["all_ins"]
        >>> [(a["id"], a["players"][0]["ev"]) for a in r["all_ins"]]
    """
    return _equity.hands(_paths_list(paths), _hero(hero), _threads(threads))


def hands_text(
    text: _Union[str, bytes],
    name: str = "text",
    hero: _Optional[str] = None,
    threads: _Optional[int] = 0,
) -> dict:
    """hands() of hand histories held in memory: `text` (str, or bytes as read from a file) is one
    file's text or more, and `name` stands for its file name (each all-in's "file", each skipped
    hand's). The result, the arguments hero and threads, Ctrl-C and the errors are hands()'s.

        >>> text = open("HandHistory/Hero/day1.txt", encoding="utf-8").read()
        >>> equity.hands_text(text, name="day1")["all_ins"][0]["players"]
    """
    if not isinstance(text, (str, bytes)):
        raise TypeError(f"text: hand histories as str or bytes, not {type(text).__name__}")
    if not isinstance(name, str):
        raise TypeError(f"name: a str, not {type(name).__name__}")
    return _equity.hands_text(text, name, _hero(hero), _threads(threads))


def _paths_list(paths) -> list:
    """paths as a list of file-system paths (bytes, as the library takes them): one path or a list."""
    if isinstance(paths, (str, bytes, _os.PathLike)):
        paths = [paths]
    elif not isinstance(paths, (list, tuple)):
        raise TypeError(
            f"paths: a file or folder as str or os.PathLike, or a list of them, not {type(paths).__name__}")
    if not paths:
        raise ValueError("paths: no file or folder given")
    out = []
    for path in paths:
        if not isinstance(path, (str, bytes, _os.PathLike)):
            raise TypeError(f"paths: each a file or folder as str or os.PathLike, not {type(path).__name__}")
        out.append(_os.fsencode(path))
    return out


def _hero(hero) -> str:
    if hero is None:
        return ""
    if not isinstance(hero, str):
        raise TypeError(f"hero: a player's name as a str, or None, not {type(hero).__name__}")
    return hero


def _threads(threads) -> int:
    if threads is None:
        return 0  # as calc()'s threads=None: all cores
    if isinstance(threads, bool):
        raise TypeError("threads: a number of threads (0: all cores), not bool")
    try:
        return _operator.index(threads)
    except TypeError:
        raise TypeError(f"threads: a number of threads (0: all cores), not {type(threads).__name__}") from None


@_dataclasses.dataclass(frozen=True)
class PreflopTable:
    """The exact heads-up preflop table: row = hero's class, column = villain's (table order).

    classes  the 169 class names in table order: AA, AKs, AKo, AQs, ..., 32o, 22.
    combos   int64 169x169: non-conflicting combo pairs of the two classes.
    wins, ties, losses  int64 169x169: boards won, tied, lost by the hero, summed over the combo
             pairs (wins + ties + losses = combos x 1,712,304).
    equity   float64 169x169: (wins + ties / 2) / (combos x 1,712,304).
    directory  the directory read.
    """

    classes: list
    combos: _np.ndarray
    wins: _np.ndarray
    ties: _np.ndarray
    losses: _np.ndarray
    equity: _np.ndarray
    directory: str

    def index(self, name: str) -> int:
        """The row (and column) of a class such as "AKs"."""
        return self.classes.index(name)


def preflop_table(dir: _Optional[str] = None, game: str = "holdem") -> PreflopTable:
    """The 169x169 preflop table as numpy arrays, from the installed table (or `dir`).

    game: "holdem" (169 classes), "shortdeck" or "shortdeck-straights" (81 classes each).

        >>> t = equity.preflop_table()
        >>> int(t.wins[t.index("AA"), t.index("KK")])
        1812913584
    """
    return PreflopTable(*_equity.preflop_table(_TABLE if dir is None else dir, game))


del annotations  # from __future__: not part of the API
