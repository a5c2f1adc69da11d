"""Shared fixtures: the project's table and the release build's program (for JSON equality)."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def table_dir() -> str:
    return os.path.realpath(ROOT / "results")


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("EQUITY_CLI") or str(ROOT / "build" / "release" / "equity")
    if not os.access(path, os.X_OK):
        pytest.fail(f"the equity program is not built at {path} (build the release preset, or set EQUITY_CLI)")
    return path


def run_cli(cli: str, args: list) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("EQUITY_RESULTS", None)
    return subprocess.run([cli, *args], capture_output=True, text=True, env=env, timeout=300)
