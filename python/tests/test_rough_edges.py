"""What a new Python user hits first (issues 30 and 37): a string of players, the words of errors,
equity.__version__, the install's message for an interpreter without Debian's packages; the
module's names and help, the methods the error lists, card ids as board and dead cards, a hand
shown as written, and type stubs in step with the module."""
import ast
import inspect
import json
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

import equity
from conftest import ROOT, run_cli


def test_players_as_one_string():
    listed = equity.calc(["AsAc", "KhQh"])
    spaced = equity.calc("AsAc KhQh")
    assert spaced.to_dict()["players"] == listed.to_dict()["players"]
    assert equity.calc("QQ+,AKs random").players[1].hand == "random"
    for text in ("AsAc", "As Ac Kh Qh", "AsAcKhQh"):
        with pytest.raises(ValueError, match=r'a list of 2 to 10 hands or ranges such as \["AsAc", "KhQh"\]'):
            equity.calc(text)


def test_errors_name_python_arguments_not_flags():
    with pytest.raises(ValueError) as refused:
        equity.calc(["random", "random", "random"], method="exact")
    message = str(refused.value)
    assert 'use method="monte-carlo"' in message and "--mc" not in message
    with pytest.raises(ValueError) as sweep:
        equity.calc(["AA", "KK"], method="sweep")
    assert "--" not in str(sweep.value)


def test_version_is_the_programs(cli):
    assert equity.__version__ == run_cli(cli, ["--version"]).stdout.split()[-1]


def test_install_without_scikit_build_says_what_to_run():
    # -S: no site packages, so scikit-build is missing as under a pyenv or conda python3.
    r = subprocess.run([sys.executable, "-S", "setup.py", "--name"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode != 0
    assert "No module named" not in r.stderr.splitlines()[-1]
    assert "/usr/bin/python3 -m venv --clear --system-site-packages .venv" in r.stderr, r.stderr


# ---- What broke for new users (issue 37) --------------------------------------------------------


def test_module_namespace_is_its_api():
    public = {name for name in dir(equity) if not name.startswith("_")}
    assert public == set(equity.__all__)
    for name in ("np", "os", "Optional", "Union", "Sequence", "dataclasses", "annotations", "Cards"):
        assert not hasattr(equity, name), name


def test_help_names_every_game():
    doc = equity.__doc__
    for game in ("holdem", "shortdeck", "shortdeck-straights", "omaha", "omaha5", "omaha6", "omaha-hilo",
                 "omaha5-hilo", "omaha6-hilo"):
        assert f'"{game}"' in doc, game
    assert "Hold'em (and short deck)" not in doc
    assert "Omaha" in equity._equity.__doc__


def test_method_error_lists_exactly_what_is_accepted():
    with pytest.raises(ValueError) as refused:
        equity.calc(["AsAc", "KhQh"], method="fast")
    listed = str(refused.value).split("one of ", 1)[1].split(", ")
    assert listed == ["auto", "table", "exact", "monte-carlo", "mc", "grouped", "boards", "sweep", "showdowns"]
    for method in listed:
        kwargs = dict(trials=1000, seed=1) if method in ("monte-carlo", "mc") else {}
        board = None if method == "table" else "Ks7h2c"  # the table is preflop's
        r = equity.calc(["AsAc", "KhQh"], board=board, method=method, **kwargs)
        assert r.players[0].combos == 1, method
        assert f'"{method}"' in equity.calc.__doc__, method


def test_board_and_dead_take_card_ids_as_evaluate_does():
    ids = [equity.card_id(c) for c in ("Ks", "7h", "2c")]
    assert ids == [44, 22, 1]
    by_name = equity.calc(["AsAc", "QhQd"], board="Ks7h2c", dead="3d").to_dict()
    by_id = equity.calc(["AsAc", "QhQd"], board=ids, dead=[equity.card_id("3d")]).to_dict()
    mixed = equity.calc(["AsAc", "QhQd"], board=[44, "7h", np.uint8(1)], dead=np.array([equity.card_id("3d")], np.int64)).to_dict()
    for d in (by_name, by_id, mixed):
        d.pop("seconds")
    assert by_id == by_name and mixed == by_name
    assert equity.evaluate(ids + [equity.card_id("As"), equity.card_id("Ac")]).rank > 0
    with pytest.raises(ValueError, match="^card id 60 is not 0..51$"):
        equity.evaluate([0, 1, 2, 3, 60])
    with pytest.raises(ValueError, match="^board: card id 60 is not 0..51$"):
        equity.calc(["AsAc", "QhQd"], board=[44, 21, 60])
    with pytest.raises(ValueError, match="^dead: card id -1 is not 0..51$"):
        equity.calc(["AsAc", "QhQd"], dead=[-1])
    with pytest.raises(ValueError, match="^card id 52 is not 0..51$"):
        equity.card_name(52)
    with pytest.raises(ValueError, match="board: cards as strings"):
        equity.calc(["AsAc", "QhQd"], board=[44, 21, 2.0])


def test_a_hand_is_shown_as_written(cli):
    players = ["7c7d8h9h", "AsKsQhJh"]
    r = equity.calc(players, board="2c3d4h", game="omaha")
    assert [p.hand for p in r.players] == players
    assert [p["hand"] for p in r.to_dict()["players"]] == players
    assert "7c7d8h9h" in r.to_json() and "7c7d8h9h" in repr(r)
    # The command's JSON is the same object, the hands as written too.
    done = run_cli(cli, players + ["--game", "omaha", "--board", "2c3d4h", "--json"])
    want = json.loads(done.stdout)
    assert want["players"][0]["hand"] == "7c7d8h9h"
    got = r.to_dict()
    for d in (want, got):
        d.pop("seconds")
    assert got == want
    assert equity.calc(["7c 7d 8h 9h", "random"], board="2c3d4h", game="omaha", trials=100, seed=1).players[
        0].hand == "7c7d8h9h"
    assert equity.calc(["KhAs", "QdQc"]).players[0].hand == "KhAs"
    assert equity.calc(["AA**", "random"], board="2c3d4h", game="omaha", trials=100, seed=1).players[0].hand == "AA**"


def _runtime_parameters(f):
    """A function's parameter names: inspect's for Python functions, the signature line pybind11
    writes at the head of a compiled function's __doc__ otherwise."""
    try:
        return list(inspect.signature(f).parameters)
    except (TypeError, ValueError):
        head = f.__doc__.split("\n", 1)[0]
        inside = head[head.index("(") + 1:head.rindex(")")]
        return [p.split(":")[0].strip() for p in re.split(r",\s*(?![^\[]*\])", inside) if p.strip()]


def test_type_stubs_name_every_function_and_its_parameters():
    stubs = ast.parse((pathlib.Path(equity.__file__).parent / "__init__.pyi").read_text())
    stubbed = {}
    for node in stubs.body:
        if isinstance(node, ast.FunctionDef):
            a = node.args
            stubbed.setdefault(node.name, []).append([p.arg for p in a.posonlyargs + a.args + a.kwonlyargs])
    for name in equity.__all__:
        f = getattr(equity, name)
        if not callable(f) or isinstance(f, type):
            continue
        assert name in stubbed, name
        for parameters in stubbed[name]:
            assert parameters == _runtime_parameters(f), name
