"""equity.hands() and equity.hands_text(): hand histories read, every all-in's expected value and the
totals, as `equity hands --json` prints them (the fixtures of tests/data/hands)."""
import itertools
import json
import os
import pathlib
import signal
import threading
import time
from fractions import Fraction

import pytest

import equity
from conftest import ROOT, run_cli

HANDS = ROOT / "tests" / "data" / "hands"
STARS = HANDS / "pokerstars"
CASH = STARS / "holdem-cash.txt"
UNREADABLE = STARS / "unreadable.txt"
# Files whose every count is asserted here (the folder may hold more: it is compared with the program).
KNOWN = [CASH, STARS / "omaha-hilo.txt", STARS / "run-twice.txt", STARS / "stud.txt", STARS / "tournament.txt",
         UNREADABLE]

ALL_IN_KEYS = ["id", "site", "file", "line", "game", "game_text", "stakes", "currency", "street", "board", "dead",
               "runs", "pot", "folded", "dead_money", "rake", "method", "player", "players"]
PLAYER_KEYS = ["name", "cards", "put_in", "equity", "ev", "ev_stderr", "won", "outside"]
TOTALS_KEYS = ["players", "files", "hands", "counted", "all_ins", "all_ins_not_counted", "stakes", "skipped", "skips",
               "seconds"]


def without_seconds(totals):
    totals = dict(totals)
    del totals["seconds"]
    return totals


def cli_json(cli, args):
    """`equity hands ARGS --json`: its all-ins and its totals (without "totals": true)."""
    done = run_cli(cli, ["hands", *args, "--json"])
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    totals = lines.pop()
    assert totals.pop("totals") is True
    return lines, totals


# ---- The all-ins --------------------------------------------------------------------------------


def test_the_all_ins_of_a_cash_game_file():
    r = equity.hands(CASH)
    assert list(r) == ["all_ins", "totals"]
    assert [a["id"] for a in r["all_ins"]] == ["230000000001", "230000000003"]
    for a in r["all_ins"]:
        assert list(a) == ALL_IN_KEYS
        for p in a["players"]:
            assert list(p) == PLAYER_KEYS
    first, second = r["all_ins"]
    assert {k: v for k, v in first.items() if k != "players"} == {
        "id": "230000000001", "site": "PokerStars", "file": str(CASH), "line": 1, "game": "holdem",
        "game_text": "Hold'em No Limit", "stakes": "$0.05/$0.10", "currency": "USD", "street": "flop",
        "board": "Kc7h2d", "dead": "", "runs": 1, "pot": 20.3, "folded": [0.3], "dead_money": 0.0, "rake": 0.5,
        "method": "exact", "player": "Hero"}
    assert [(p["name"], p["cards"], p["put_in"], p["ev_stderr"], p["won"], p["outside"]) for p in first["players"]] == [
        ("Hero", "AhKd", 10.0, 0.0, 19.8, 0.0), ("Villain", "QsQh", 10.0, 0.0, 0.0, 0.0)]
    assert (second["line"], second["street"], second["board"], second["pot"], second["rake"], second["stakes"]) == (
        57, "turn", "8c5d2hKd", 69.0, 0.0, "$0.50/$1")
    assert [(p["name"], p["cards"], p["put_in"], p["won"]) for p in second["players"]] == [
        ("Ann", "AhAd", 5.0, 0.0), ("Bob", "8h8d", 12.0, 53.0), ("Hero", "KcQc", 20.0, 0.0),
        ("Dan", "5c5s", 20.0, 16.0)]
    assert [p["equity"] for p in second["players"]] == pytest.approx([0.05, 0.925, 0.0, 0.025], rel=1e-12)
    assert [p["ev"] for p in second["players"]] == pytest.approx([1.25, 50.425, 0.0, 17.325], rel=1e-12)


def test_each_all_ins_ev_sums_to_the_pot_less_the_rake():
    all_ins = equity.hands(HANDS)["all_ins"]
    assert len(all_ins) >= 6
    for a in all_ins:
        assert sum(p["ev"] for p in a["players"]) == pytest.approx(a["pot"] - a["rake"], rel=1e-9, abs=0), a["id"]


# A brute force of AhKd against QsQh on Kc7h2d, independent of the library: every turn and river.
RANKS = "23456789TJQKA"


def _rank5(cards):
    ranks = sorted((RANKS.index(c[0]) for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        straight = 3  # the wheel, five high
    groups = sorted(((ranks.count(r), r) for r in distinct), reverse=True)
    shape = [n for n, _ in groups]
    order = [r for _, r in groups]
    if straight is not None and flush:
        return (8, straight)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *ranks)
    if straight is not None:
        return (4, straight)
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0), *order)


def _best(cards):
    return max(_rank5(five) for five in itertools.combinations(cards, 5))


def _heads_up_equity(hand, other, board):
    seen = [hand[i:i + 2] for i in range(0, 4, 2)] + [other[i:i + 2] for i in range(0, 4, 2)] + [
        board[i:i + 2] for i in range(0, len(board), 2)]
    deck = [r + s for r in RANKS for s in "cdhs" if r + s not in seen]
    won = boards = 0
    for rest in itertools.combinations(deck, 5 - len(seen) + 4):
        b = seen[4:] + list(rest)
        mine, theirs = _best(seen[:2] + b), _best(seen[2:4] + b)
        won += 2 if mine > theirs else 1 if mine == theirs else 0
        boards += 1
    return Fraction(won, 2 * boards)


def test_ak_against_qq_on_the_flop_is_exact():
    # QQ wins with a queen on the turn or the river (2 x 43 + 1 of the 990 runouts; a king with it
    # gives him a full house): AK wins 903 / 990 = 301 / 330 of the pot less the rake.
    assert _heads_up_equity("AhKd", "QsQh", "Kc7h2d") == Fraction(301, 330)
    a = equity.hands(CASH)["all_ins"][0]
    hero, villain = a["players"]
    assert hero["name"] == "Hero" and villain["name"] == "Villain"
    assert hero["equity"] == pytest.approx(301 / 330, rel=1e-12, abs=0)
    assert hero["ev"] == pytest.approx(19.80 * 301 / 330, rel=1e-9, abs=0)
    assert villain["ev"] == pytest.approx(19.80 * 29 / 330, rel=1e-9, abs=0)


def test_a_preflop_all_in_is_counted_from_the_preflop_table_as_the_command_line_does():
    a = equity.hands(STARS / "tournament.txt")["all_ins"][0]
    assert (a["street"], a["method"], a["currency"], a["pot"], a["rake"]) == ("preflop", "table", "chips", 3070.0, 0.0)
    hero, kim = a["players"]
    assert (hero["name"], hero["cards"], kim["cards"]) == ("Hero", "9d9c", "AcKh")
    want = equity.calc(["9d9c", "AcKh"]).players[0].equity  # the table's exact counts
    assert hero["equity"] == pytest.approx(want, rel=1e-12, abs=0)
    assert hero["ev"] == pytest.approx(3070 * want, rel=1e-9, abs=0)


# ---- The totals ---------------------------------------------------------------------------------


def test_the_totals_of_known_files():
    t = equity.hands(KNOWN)["totals"]
    assert list(t) == TOTALS_KEYS
    assert (t["files"], t["hands"], t["counted"], t["all_ins"], t["skipped"]) == (6, 9, 7, 6, 2)
    assert t["players"] == ["Hero"]
    assert t["all_ins_not_counted"] == {}
    cash = equity.hands(CASH)["totals"]
    assert (cash["files"], cash["hands"], cash["counted"], cash["all_ins"], cash["skipped"]) == (1, 3, 3, 2, 0)
    first = cash["stakes"][0]
    assert (first["game"], first["stakes"], first["currency"], first["symbol"], first["tournament"]) == (
        "Hold'em No Limit", "$0.05/$0.10", "USD", "$", False)
    assert (first["hands"], first["all_in_hands"], first["net"]) == (2, 1, 9.8)
    assert first["adjusted"] == pytest.approx(9.8 - 19.8 + 19.80 * 301 / 330, rel=1e-9)
    assert first["luck"] == pytest.approx(first["net"] - first["adjusted"], rel=1e-12)


def test_the_folder_is_what_the_command_line_prints(cli):
    r = equity.hands(HANDS)
    all_ins, totals = cli_json(cli, [str(HANDS)])
    assert r["all_ins"] == all_ins
    assert without_seconds(r["totals"]) == without_seconds(totals)
    # Every file of the folder, read recursively: its counts are the sums of each file's.
    files = sorted(pathlib.Path(d) / f for d, _, names in os.walk(HANDS) for f in names)
    assert r["totals"]["files"] == len(files) >= len(KNOWN)
    each = [equity.hands(f)["totals"] for f in files]
    for key in ("hands", "counted", "all_ins", "skipped"):
        assert r["totals"][key] == sum(t[key] for t in each), key
    assert r["totals"]["hands"] >= 9 and r["totals"]["all_ins"] >= 6 and r["totals"]["skipped"] >= 2


def test_the_hands_skipped_say_where_and_why():
    r = equity.hands(UNREADABLE)
    assert r["all_ins"] == []
    t = r["totals"]
    assert (t["files"], t["hands"], t["counted"], t["all_ins"], t["skipped"]) == (1, 2, 0, 0, 2)
    assert t["skips"] == [
        {"file": str(UNREADABLE), "line": 1, "reason": "a game not read: Courchevel Pot Limit"},
        {"file": str(UNREADABLE), "line": 30, "reason": "truncated: no summary"},
    ]


def test_the_hero_asked_for():
    r = equity.hands(CASH, hero="Villain")
    assert [(a["id"], a["player"]) for a in r["all_ins"]] == [("230000000001", "Villain")]
    t = r["totals"]
    assert t["players"] == ["Villain"]
    assert (t["hands"], t["counted"], t["all_ins"]) == (3, 2, 1)  # not seated in the third hand
    assert t["stakes"][0]["net"] == -9.9
    assert t["stakes"][0]["adjusted"] == pytest.approx(-9.9 + 19.80 * 29 / 330, rel=1e-9)
    assert equity.hands(CASH, hero="Nobody")["totals"]["counted"] == 0
    assert [a["player"] for a in equity.hands(CASH, hero=None)["all_ins"]] == ["Hero", "Hero"]


# ---- hands_text() -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", KNOWN, ids=lambda p: p.name)
def test_text_gives_what_its_file_gives(path):
    from_file = equity.hands(path)
    for text in (path.read_text(encoding="utf-8"), path.read_bytes()):
        from_text = equity.hands_text(text, name=str(path))
        assert from_text["all_ins"] == from_file["all_ins"]
        assert without_seconds(from_text["totals"]) == without_seconds(from_file["totals"])


def test_text_goes_by_its_name():
    r = equity.hands_text(CASH.read_text(encoding="utf-8"))
    assert [a["file"] for a in r["all_ins"]] == ["text", "text"]
    assert [a["id"] for a in r["all_ins"]] == ["230000000001", "230000000003"]
    r = equity.hands_text(UNREADABLE.read_text(encoding="utf-8"), name="day 1", hero="Villain", threads=1)
    assert [s["file"] for s in r["totals"]["skips"]] == ["day 1", "day 1"]
    assert equity.hands_text("")["totals"]["hands"] == 0
    villain = equity.hands_text(CASH.read_text(encoding="utf-8"), "x", "Villain")
    assert [a["player"] for a in villain["all_ins"]] == ["Villain"]


# ---- Arguments and errors -----------------------------------------------------------------------


class PathOf(os.PathLike):
    def __init__(self, path):
        self.path = path

    def __fspath__(self):
        return str(self.path)


def test_paths_as_str_pathlike_or_a_list():
    want = equity.hands(CASH)["all_ins"]
    for paths in (str(CASH), CASH, PathOf(CASH), [CASH], (str(CASH),), [PathOf(CASH)], os.fsencode(CASH)):
        assert equity.hands(paths)["all_ins"] == want, paths
    both = equity.hands([str(STARS / "run-twice.txt"), CASH])
    assert [a["id"] for a in both["all_ins"]] == ["230000000010", "230000000001", "230000000003"]
    assert both["totals"]["files"] == 2


def test_a_file_name_that_is_not_utf8(tmp_path):
    path = os.fsencode(tmp_path) + b"/caf\xe9.txt"
    with open(path, "wb") as f:
        f.write(CASH.read_bytes())
    r = equity.hands(os.fsdecode(path))
    assert [a["id"] for a in r["all_ins"]] == ["230000000001", "230000000003"]
    assert r["all_ins"][0]["file"] == f"{tmp_path}/caf\ufffd.txt"  # as the command's JSON writes it
    assert equity.hands(path)["all_ins"] == r["all_ins"] == equity.hands(tmp_path)["all_ins"]


def test_the_numbers_do_not_depend_on_the_threads():
    one = equity.hands(HANDS, threads=1)
    two = equity.hands(HANDS, threads=2)
    assert one["all_ins"] == two["all_ins"] == equity.hands(HANDS, threads=None)["all_ins"]
    assert without_seconds(one["totals"]) == without_seconds(two["totals"])


def test_a_missing_path_is_bad_input(tmp_path):
    missing = tmp_path / "no such folder" / "day1.txt"
    for paths in (missing, [CASH, missing]):
        with pytest.raises(ValueError) as refused:
            equity.hands(paths)
        assert str(refused.value) == f"'{missing}': no such file or folder"
    # A name that is not UTF-8 is named as Python has it (os.fsdecode: surrogate escapes).
    strange = os.fsencode(tmp_path) + b"/caf\xe9.txt"
    with pytest.raises(ValueError) as refused:
        equity.hands(strange)
    assert str(refused.value) == f"'{os.fsdecode(strange)}': no such file or folder"
    with pytest.raises(ValueError, match="^paths: no file or folder given$"):
        equity.hands([])
    with pytest.raises(ValueError, match="^threads: must be 0 \\(all cores\\) or more, not -1$"):
        equity.hands(CASH, threads=-1)
    with pytest.raises(ValueError, match="^threads: at most 1024, not 100000$"):
        equity.hands_text("", threads=100_000)


@pytest.mark.parametrize(
    "call",
    [
        lambda: equity.hands(42),
        lambda: equity.hands(None),
        lambda: equity.hands({"a": 1}),
        lambda: equity.hands([CASH, 42]),
        lambda: equity.hands([[CASH]]),
        lambda: equity.hands(CASH, hero=1),
        lambda: equity.hands(CASH, hero=b"Hero"),
        lambda: equity.hands(CASH, threads=1.5),
        lambda: equity.hands(CASH, threads="2"),
        lambda: equity.hands(CASH, threads=True),
        lambda: equity.hands_text(42),
        lambda: equity.hands_text(None),
        lambda: equity.hands_text(["PokerStars Hand #1"]),
        lambda: equity.hands_text("", name=1),
        lambda: equity.hands_text("", name=None),
        lambda: equity.hands_text("", hero=3),
        lambda: equity.hands_text("", threads=2.0),
    ],
)
def test_arguments_of_the_wrong_type(call):
    with pytest.raises(TypeError):
        call()


# ---- Ctrl-C and the GIL -------------------------------------------------------------------------


class EndlessFile:
    """A named pipe that a thread writes the cash game's hands into, a copy every 5 ms, for `seconds`
    (or until its reader goes or close()): reading it takes that long."""

    def __init__(self, tmp_path, seconds):
        self.path = tmp_path / "endless.txt"
        os.mkfifo(self.path)
        self.copies = 0
        self._text = CASH.read_bytes()
        self._seconds = seconds
        self._stop = threading.Event()
        self._writer = threading.Thread(target=self._write)
        self._writer.start()

    def _write(self):
        end = time.monotonic() + self._seconds
        try:
            with open(self.path, "wb", buffering=0) as f:  # waits for the reader
                while not self._stop.is_set() and time.monotonic() < end:
                    f.write(self._text)
                    self.copies += 1
                    time.sleep(0.005)
        except BrokenPipeError:  # the reader went
            pass

    def close(self):
        self._stop.set()
        if self._writer.is_alive():  # still waiting for a reader: open it, so that it goes on
            os.close(os.open(self.path, os.O_RDONLY | os.O_NONBLOCK))
        self._writer.join()


def test_a_long_read_runs_without_the_gil(tmp_path):
    # The writer thread needs the GIL all along: the read gives every hand it wrote.
    endless = EndlessFile(tmp_path, 0.5)
    try:
        r = equity.hands(endless.path, threads=1)
    finally:
        endless.close()
    assert endless.copies >= 20
    assert r["totals"]["hands"] == 3 * endless.copies
    assert len(r["all_ins"]) == 2 * endless.copies


def test_ctrl_c_stops_a_long_read_promptly(tmp_path):
    endless = EndlessFile(tmp_path, 30)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            equity.hands(endless.path)
        assert time.monotonic() - start < 2.0
    finally:
        timer.join()
        endless.close()
    assert endless.copies > 10  # it was reading


def test_a_handler_that_raises_something_else_is_obeyed(tmp_path):
    class Stop(Exception):
        pass

    def handler(signum, frame):
        raise Stop()

    endless = EndlessFile(tmp_path, 30)
    previous = signal.signal(signal.SIGINT, handler)
    timer = threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(Stop):
            equity.hands([endless.path])
        assert time.monotonic() - start < 2.0
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
        endless.close()
