"""Ctrl-C cancels a long computation within a fraction of a second; the GIL is released.

The interrupt tests need a library whose Monte Carlo checks Question::cancel between rounds
(equity._equity._cancel_is_checked() asks it through the C-level cancel path); they are skipped,
with that reason, where it does not.
"""
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import equity

from equity import _equity

LONG = dict(players=["AhKh", "random", "random", "random"], method="mc", time=30, seed=1)

needs_cancel = pytest.mark.skipif(
    not _equity._cancel_is_checked(), reason="this library's Monte Carlo does not check Question::cancel"
)


def interrupt_after(seconds):
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@needs_cancel
def test_sigint_raises_keyboard_interrupt_promptly():
    timer = interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        equity.calc(**LONG)
    timer.join()
    assert time.monotonic() - start < 2.0


@needs_cancel
def test_a_handler_that_raises_something_else_is_obeyed():
    class Stop(Exception):
        pass

    def handler(signum, frame):
        raise Stop()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        timer = interrupt_after(0.2)
        with pytest.raises(Stop):
            equity.calc(**LONG)
        timer.join()
    finally:
        signal.signal(signal.SIGINT, previous)


def test_the_gil_is_released_while_computing():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    equity.calc(["AhKh", "random", "random"], method="mc", time=0.5, seed=1, threads=1)
    stop.set()
    t.join()
    assert len(ticks) >= 10


@needs_cancel
def test_ctrl_c_in_a_python_process():
    code = (
        "import equity, sys\n"
        "print('ready', flush=True)\n"
        f"equity.calc(**{LONG!r})\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    start = time.monotonic()
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=10)
    assert time.monotonic() - start < 2.0
    assert child.returncode != 0
    assert "KeyboardInterrupt" in err


@pytest.mark.parametrize(
    "players, board, method, per_combo, quick",
    [
        (["AsAc", "KhQh"], None, "auto", False, True),  # the preflop table
        (["AsAc", "KhQh"], None, "exact", False, True),  # 1,712,304 boards
        (["AsAc", "KhQh", "7d7c", "2s2h", "9c8c"], None, "grouped", False, True),
        (["QQ+,AKs", "JJ"], "Ks7h2c", "exact", False, True),  # 180 assignments x 990 boards
        (["AhKh", "random"], None, "auto", False, True),  # the preflop table (the package's, found as calc()'s)
        (["AhKh", "random"], None, "exact", False, False),  # ranges preflop enumerated: long
        (["AhKh", "random", "random"], None, "auto", False, False),  # Monte Carlo
        (["AsAc", "KhQh"], None, "mc", False, False),
        (["QQ+,AKs", "JJ"], "Ks7h2c", "auto", True, False),  # per combo: many enumerations
        (["random", "random"], "Ks7h2c", "auto", False, False),  # the sweep
        (["AsAs", "KhQh"], None, "auto", False, True),  # an error, reported at once
    ],
)
def test_short_questions_run_on_the_calling_thread(players, board, method, per_combo, quick):
    # A worker thread costs more than a small exact enumeration; long ones keep it for Ctrl-C.
    assert _equity._answers_quickly(players, board, method, per_combo) is quick


def test_ctrl_c_during_short_questions_is_not_lost():
    # Short questions run on the calling thread: a SIGINT arriving meanwhile raises on return.
    timer = interrupt_after(0.2)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        while time.monotonic() - start < 10:
            equity.calc(["AsAc", "KhQh"], method="exact")
    timer.join()
    assert time.monotonic() - start < 2.0
