"""Measures the Python module's performance targets and prints medians.

    PYTHONPATH=build/python/python python3 python/bench.py [--quick]

1. equity.calc(["AsAc", "KhQh"]) from the preflop table, per call in a loop (target: < 20 us).
2. The same enumerated exactly: Python's wall time against the C++ computing time the answer
   reports (result.seconds); target: no more than 10 % added.
2b. The small-range questions of ../shared/peers/ompeval/compare.py, exact, asked in a loop as a
   page or a bot asks them: Python's wall time a call against the library's (result.seconds,
   planning included); target: at most 1.2 times.
3. evaluate_batch of 10 million random 7-card hands on one core (target: >= 300 M/s), and on every
   core.
4. PLO4 hands on the river (rows of 4 hole cards and 5 board cards): evaluate_batch(game="omaha")
   of 1 million rows on one core and on every core, against evaluate(game="omaha") in a loop.
"""
import os
import statistics
import sys
import time

import numpy as np

# This file sits beside the package's sources (python/equity, without the compiled module): import
# the built or installed package instead.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
import equity  # noqa: E402


def median_of(runs, f):
    return statistics.median(f() for _ in range(runs))


def table_call_us(calls):
    equity.calc(["AsAc", "KhQh"])  # the table file read once
    start = time.perf_counter()
    for _ in range(calls):
        equity.calc(["AsAc", "KhQh"])
    return (time.perf_counter() - start) / calls * 1e6


def exact_overhead(players):
    start = time.perf_counter()
    r = equity.calc(players, method="exact")
    wall = time.perf_counter() - start
    return wall / r.seconds - 1, r.seconds


SMALL_QUESTIONS = [
    (["AA,KK", "QQ,JJ"], "2c7d9h"),
    (["AKs,AQs,KQs", "TT,99,88"], "Ts9h2c"),
    (["AhKh", "QQ,JJ"], "Qh7h2c"),
    (["AKs,QQ", "JJ,TT,99"], "Ks7h2c9d"),
    (["QQ+,AKs", "JJ,TT", "AQs"], "Kh8s3d"),
]


def loop_ratio(players, board, calls):
    """Python's wall time a call over the library's, medians of `calls` calls."""
    walls, library = [], []
    for _ in range(calls):
        start = time.perf_counter()
        r = equity.calc(players, board=board, method="exact", use_table=False)
        walls.append(time.perf_counter() - start)
        library.append(r.seconds)
    return statistics.median(walls), statistics.median(library)


def random_hands(n, seed=1):
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(n, 7), dtype=np.uint8)
    while True:
        s = np.sort(hands, axis=1)
        bad = np.nonzero((s[:, 1:] == s[:, :-1]).any(axis=1))[0]
        if bad.size == 0:
            return hands
        hands[bad] = rng.integers(0, 52, size=(bad.size, 7), dtype=np.uint8)


def batch_rate(hands, threads=1):
    start = time.perf_counter()
    equity.evaluate_batch(hands, threads=threads)
    return hands.shape[0] / (time.perf_counter() - start)


def plo4_rows(n, seed=2):
    """n rows of 9 distinct random card ids: 4 hole cards, then a board of 5."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :9].astype(np.uint8)


def plo4_batch_rate(rows, threads=1):
    start = time.perf_counter()
    equity.evaluate_batch(rows, game="omaha", threads=threads)
    return rows.shape[0] / (time.perf_counter() - start)


def plo4_loop_rate(rows):
    """evaluate(hole, game="omaha", board=...) a row at a time, as a bot's loop asks it."""
    hands = [(list(map(int, r[:4])), list(map(int, r[4:]))) for r in rows]
    start = time.perf_counter()
    for hole, board in hands:
        equity.evaluate(hole, game="omaha", board=board)
    return len(hands) / (time.perf_counter() - start)


def main():
    quick = "--quick" in sys.argv
    runs = 3 if quick else 7
    us = median_of(runs, lambda: table_call_us(2_000 if quick else 20_000))
    print(f"calc(['AsAc', 'KhQh']) from the table: {us:.2f} us a call (median of {runs}; target < 20)")
    for players in (["AsAc", "KhQh"], ["AsAc", "KhQh", "7d7c"]):
        overheads = [exact_overhead(players) for _ in range(3 if quick else 5)]
        added = statistics.median(o for o, _ in overheads)
        cpp = statistics.median(s for _, s in overheads)
        print(f"exact {' vs '.join(players)}: C++ {cpp * 1e6:.0f} us, Python adds {100 * added:.1f} % "
              f"({added * cpp * 1e6:.0f} us; median; target <= 10 %)")
    for players, board in SMALL_QUESTIONS:
        loop_ratio(players, board, 50)  # warm
        wall, lib = loop_ratio(players, board, 200 if quick else 2_000)
        print(f"exact {' vs '.join(players)} on {board}: library {lib * 1e6:.1f} us, Python {wall * 1e6:.1f} us a call, "
              f"{wall / lib:.2f} times (medians; target <= 1.2)")
    hands = random_hands(1_000_000 if quick else 10_000_000)
    rate = median_of(runs, lambda: batch_rate(hands))
    print(f"evaluate_batch of {hands.shape[0]:,} random hands, threads=1: {rate / 1e6:.0f} M/s (median of {runs}; "
          f"target >= 300 on one core)")
    rate = median_of(runs, lambda: batch_rate(hands, threads=None))
    print(f"evaluate_batch of {hands.shape[0]:,} random hands, every core: {rate / 1e6:.0f} M/s (median of {runs})")
    rows = plo4_rows(1_000_000)
    for threads, where in ((1, "threads=1"), (None, "every core")):
        rate = median_of(runs, lambda: plo4_batch_rate(rows, threads))
        print(f"evaluate_batch(game='omaha') of {rows.shape[0]:,} PLO4 river rows, {where}: {rate / 1e6:.1f} M/s "
              f"(median of {runs})")
    rate = median_of(3, lambda: plo4_loop_rate(rows[:50_000]))
    print(f"evaluate(hole, game='omaha', board=...) in a loop: {rate / 1e3:.0f} thousand a second (median of 3)")


if __name__ == "__main__":
    main()
