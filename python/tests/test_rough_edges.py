"""What a new Python user hits first (issue 30): a string of players, the words of errors,
equity.__version__, and the install's message for an interpreter without Debian's packages."""
import pathlib
import subprocess
import sys

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
