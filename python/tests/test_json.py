"""to_dict() is the command line's --json object (all but the computing time)."""
import json
import os

import pytest

import equity
from conftest import run_cli

QUESTIONS = [
    (["AsAc", "KhQh"], {}),
    (["AA", "KK"], {}),
    (["AsKs", "QQ+"], {}),
    (["QQ+,AKs:0.5", "random"], {}),
    (["AsAc", "KhQh"], {"use_table": False}),
    (["AhKh", "QsQd", "7c7d"], {"board": "Qh7h2h", "dead": "3s"}),
    (["QQ+,AKs", "random"], {"board": "Ks7h2c", "per_combo": True, "hits": True, "distribution": True}),
    (["AhKh", "QQ"], {"board": "Qs7h2h", "by_category": True}),
    (["AhKh", "random", "random"], {"method": "mc", "trials": 100_000, "seed": 7}),
    (["JJ", "AKo"], {"board": "2c3d4h5s", "method": "boards"}),
    (["AsAc", "KhQh"], {"board": "2c3d4h"}),
]


def cli_args(players, kwargs, table_dir):
    args = list(players) + ["--json", "--table", table_dir]
    for key, value in kwargs.items():
        if key == "use_table":
            args.append("--no-table")
        elif key == "method" and value in ("grouped", "boards", "sweep", "showdowns"):
            args += ["--method", value]
        elif key == "method" and value == "mc":
            args.append("--mc")
        elif value is True:
            args.append("--" + key.replace("_", "-"))
        else:
            args += ["--" + key.replace("_", "-"), str(value)]
    return args


def without_seconds(d):
    d = dict(d)
    d.pop("seconds", None)
    return d


@pytest.mark.parametrize("players, kwargs", QUESTIONS)
def test_to_dict_equals_the_command_lines_json(cli, table_dir, players, kwargs):
    done = run_cli(cli, cli_args(players, kwargs, table_dir))
    assert done.returncode == 0, done.stderr
    expected = json.loads(done.stdout)
    got = equity.calc(players, table=table_dir, **kwargs).to_dict()
    assert without_seconds(got) == without_seconds(expected)


def test_the_installed_table_is_found_without_arguments():
    # equity/results: a link to the project's results/ in a build tree, a copy when installed.
    r = equity.calc(["AA", "KK"])
    assert r.mode == "table"
    assert r.table == equity.table_directory()
    assert os.path.isfile(os.path.join(r.table, "preflop-169x169.csv"))
