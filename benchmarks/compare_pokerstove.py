#!/usr/bin/python3
"""Compare `equity` with pokerstove's ps-eval on the same questions.

    /usr/bin/python3 benchmarks/compare_pokerstove.py build/release/equity PATH/TO/ps-eval --runs 5

Runs each question in both programs, interleaved (equity, ps-eval, equity, ps-eval, ...), each run
a new process timed from start to exit (wall time), checks that the equities agree and prints a
table: the question, each program's median seconds, the ratio ps-eval / equity and both equities.

The equities agree when (1) each player's pot share agrees exactly: ps-eval prints its win and tie
shares with every digit (lexical_cast), their sum is equity's pot_units / 5040 and the showdowns
counted are the same; and (2) equity's equity printed as ps-eval prints it (six significant digits
of the percentage) is the same text. Exit status 1 when a question disagrees for a reason not
known: ps-eval's razz is wrong on some paired hands (RAZZ_BUG below), and the questions it touches
say so.

ps-eval is not part of this project: build it from https://github.com/andrewprock/pokerstove
(docs/stud.md, "Measured against pokerstove"). ps-eval enumerates every deal one showdown at a
time on one thread, so third street heads-up (1.8 x 10^10 deals) takes it tens of minutes, and a
three-way draw of six cards in all minutes: those questions run only with --slow (and then once
each unless --slow-runs says otherwise).
"""

import argparse
import collections
import json
import re
import statistics
import subprocess
import sys
import time

POT_UNITS = 5040

# A question: equity's --game, ps-eval's -g, the hands, the board (Omaha, Hold'em) and whether
# ps-eval takes tens of minutes (--slow). Stud hands: the two down cards in parentheses for equity;
# ps-eval takes the same cards with no up/down distinction (the parentheses are dropped).
# known: why ps-eval's answer is expected to differ (its bug, shown by the razz 7th-street
# questions); expect: equity's equities where the answer is known by hand (checked, so a known
# disagreement cannot hide a wrong answer from equity).
# Draw hands: the kept cards and the cards drawn (Kd8s4h3c/1) for equity; ps-eval takes the kept
# cards and deals the rest of the hand once (one draw to come: `args` says so to the triple draws).
Question = collections.namedtuple("Question", "label game letter hands board slow known expect args",
                                  defaults=("", False, "", None, ()))

# ps-eval's -g T is documented as A-5 triple draw, but alloc() lowercases the letter before its
# switch, so T runs 't', 2-7 triple draw (the ace high, straights and flushes count).
A5_BUG = "ps-eval's T runs 2-7: it lowercases the game letter"

# ps-eval's razz (CardSet::evaluateLowA5) is wrong on seven cards of fewer than five ranks: it picks
# the cards for its pairs king first and never a queen, so 2-2-Q-4-3 counts as two pair and
# K-K-3-3-2-2-4 as a pair of kings (equity: a pair of deuces).
RAZZ_BUG = "ps-eval's razz bug (paired hands holding a king or queen)"

QUESTIONS = [
    Question("stud 3rd HU", "stud", "s", ["(AsKs)Qd", "(7c7d)8h"], slow=True),
    Question("razz 3rd HU", "razz", "r", ["(As2s)3d", "(Kc7d)8h"], slow=True, known=RAZZ_BUG),
    Question("stud/8 3rd HU", "stud-hilo", "e", ["(As2s)3d", "(Kc7d)8h"], slow=True),
    Question("stud 4th HU", "stud", "s", ["(AsKs)QdJh", "(7c7d)8h2s"]),
    # Four ranks known, none a king or queen: no completion meets ps-eval's razz bug.
    Question("razz 4th HU", "razz", "r", ["(As2s)3d9h", "(Jc7d)8h4s"]),
    Question("stud/8 4th HU", "stud-hilo", "e", ["(As2s)3d9h", "(Jc7d)8h4s"]),
    Question("stud 5th HU", "stud", "s", ["(AsKs)QdJh9c", "(7c7d)8h2s3d"]),
    Question("razz 5th HU", "razz", "r", ["(As2s)3d9hKd", "(Kc7d)8h4s6d"]),
    Question("stud/8 5th HU", "stud-hilo", "e", ["(As2s)3d9hKd", "(Kc7d)8h4s6d"]),
    Question("stud 5th 3-way", "stud", "s", ["(AsKs)QdJh9c", "(7c7d)8h2s3d", "(JcTc)9d8d4h"]),
    Question("razz 5th 3-way", "razz", "r", ["(As2s)3d9hKd", "(Kc7d)8h4s6d", "(2c3c)5h7hQs"]),
    Question("stud/8 5th 3-way", "stud-hilo", "e",
             ["(As2s)3d9hKd", "(Kc7d)8h4s6d", "(2c3c)5h7hQs"]),
    # A pair of deuces (Q-4-3, K-4-3) beats a pair of fives (8-7-6).
    Question("razz 7th HU, 2-2-Q-4-3", "razz", "r", ["(2c2d)3c3d4cQc(Qd)", "(5h5s)6h6s7h7s(8h)"],
             known=RAZZ_BUG, expect=[1.0, 0.0]),
    Question("razz 7th HU, K-K-2-2-3-3-4", "razz", "r", ["(KcKd)2c2d3c3d(4c)", "(5h5s)6h6s7h7s(8h)"],
             known=RAZZ_BUG, expect=[1.0, 0.0]),
    Question("stud 6th 4-way", "stud", "s",
             ["(AsKs)QdJh9c2d", "(7c7d)8h2s3d4c", "(JcTc)9d8d4h5s", "(6h6s)AcAd3h3s"]),
    Question("omaha preflop HU", "omaha", "o", ["AsKsQhJh", "7c7d8h9h"]),
    # Issue 38's whole command: 820 boards.
    Question("omaha flop HU", "omaha", "o", ["AsKsQhJh", "9c9d8c7d"], board="Kh7s2c"),
    Question("omaha/8 flop HU", "omaha-hilo", "o8", ["As2sQhJh", "3c4d8h9h"], board="Kd5c6s"),
    Question("holdem preflop HU", "holdem", "h", ["AsKs", "QdQc"]),
    Question("2-7 single draw HU", "27-single", "k", ["Kd8s4h3c/1", "9h7d5c/2"]),
    Question("2-7 single draw 3-way", "27-single", "k", ["Kd8s4h3c/1", "9h7d5c2s/1", "8c6d4s/2"]),
    Question("2-7 single draw 3-way, 6 cards", "27-single", "k", ["Kd8s4h3c/1", "9h7d5c/2", "8c6d/3"], slow=True),
    Question("2-7 triple, last draw HU", "27-triple", "t", ["8d6s4h3c/1", "7h5d2c/2"], args=("--draws", "1")),
    Question("A-5 triple, last draw HU", "a5-triple", "l", ["As2d3c4h/1", "8s7d6c/2"], args=("--draws", "1")),
    # The same question as ps-eval's own A-5 triple draw letter: it answers 2-7's 47.5805 / 52.4195.
    Question("A-5 triple as ps-eval -g T", "a5-triple", "T", ["As2d3c4h/1", "8s7d6c/2"], known=A5_BUG,
             args=("--draws", "1")),
    Question("draw high HU", "draw", "d", ["AsAd/3", "KcKhQs/2"]),
    Question("draw high 3-way", "draw", "d", ["AsAdKs/2", "KcKhQs/2", "JdTd9d8d/1"]),
    Question("draw high 3-way, 6 cards", "draw", "d", ["AsAd/3", "KcKhQs/2", "JdTd9d8d/1"], slow=True),
    Question("badugi HU", "badugi", "b", ["As2d3c/1", "Ah5s7d/1"]),
    Question("badugi 3-way", "badugi", "b", ["As2d3c/1", "Ah5s7d/1", "4h6c/2"]),
]


def equity_command(equity, q, extra):
    cmd = [equity, "--game", q.game, "--exact", "--json"] + q.hands + list(q.args)
    if q.board:
        cmd += ["--board", q.board]
    return cmd + extra


def pseval_command(pseval, q):
    cmd = [pseval, "-g", q.letter] + [h.replace("(", "").replace(")", "").split("/")[0] for h in q.hands]
    if q.board:
        cmd += ["-b", q.board]
    return cmd


PS_LINE = re.compile(r"^The hand (\S+) has (\S+) % equity \((\S+) (\S+) \S+ \S+\)$")


def parse_pseval(text):
    """Each player's (printed percentage, win shares + tie shares)."""
    players = []
    for line in text.splitlines():
        m = PS_LINE.match(line.strip())
        if not m:
            raise ValueError("ps-eval printed an unexpected line: " + line)
        players.append((m.group(2), float(m.group(3)) + float(m.group(4))))
    return players


def timed(cmd, ok=(0,)):
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode not in ok:
        raise RuntimeError("%s exited %d: %s" % (" ".join(cmd), done.returncode, done.stderr))
    return seconds, done.stdout


def agree(answer, ps):
    """Why equity's JSON answer and ps-eval's players disagree, or None."""
    players = answer["players"]
    if len(players) != len(ps):
        return "%d players against ps-eval's %d" % (len(players), len(ps))
    if answer["mode"] != "exact":
        return "equity answered by %s, not exactly" % answer["mode"]
    total = sum(shares for _, shares in ps)
    if abs(total - answer["showdowns"]) > 1e-9 * total:
        return "showdowns %d against ps-eval's %r" % (answer["showdowns"], total)
    for i, (p, (printed, shares)) in enumerate(zip(players, ps)):
        # Hold'em's answer has no pot units: its equity times the showdowns is the same share.
        mine = p["pot_units"] / POT_UNITS if "pot_units" in p else p["equity"] * total
        if abs(mine - shares) > 1e-9 * max(1.0, total):
            return "player %d: pot shares %r against ps-eval's %r" % (i + 1, mine, shares)
        if "%.6g" % (p["equity"] * 100) != printed:
            return "player %d: equity %.6g%% against ps-eval's %s%%" % (i + 1, p["equity"] * 100,
                                                                        printed)
    return None


def run_question(q, args):
    runs = args.slow_runs if q.slow else args.runs
    eq_times, ps_times = [], []
    answer = ps = None
    for _ in range(runs):
        seconds, out = timed(equity_command(args.equity, q, args.equity_arg))
        eq_times.append(seconds)
        answer = json.loads(out)
        seconds, out = timed(pseval_command(args.pseval, q))
        ps_times.append(seconds)
        ps = parse_pseval(out)
    problem = agree(answer, ps)
    known = q.known
    if q.expect is not None and [p["equity"] for p in answer["players"]] != q.expect:
        problem, known = "equity's equities are not %r" % q.expect, ""
    return {
        "label": q.label,
        "hands": " ".join(q.hands) + ((" board " + q.board) if q.board else ""),
        "runs": runs,
        "equity_s": statistics.median(eq_times),
        "pseval_s": statistics.median(ps_times),
        "method": answer["mode"] + ("/" + answer["exact_method"] if "exact_method" in answer else ""),
        "equities": [p["equity"] for p in answer["players"]],
        "ps_equities": [printed for printed, _ in ps],
        "problem": problem,
        "known": known,
    }


def verdict(r):
    if not r["problem"]:
        return "yes"
    return "no: %s%s" % (r["problem"], (" (known: %s)" % r["known"]) if r["known"] else "")


def print_table(rows, base=None):
    """With base (floor()), a column of the ratio of the times above each program's start-up."""
    above = " above start-up |" if base else ""
    print("| question | hands | runs | equity's method | equity s | ps-eval s | ratio |" + above +
          " equity % (equity) | equity % (ps-eval) | agree |")
    print("|---|---|---:|---|---:|---:|---:|%s---|---|---|" % ("---:|" if base else ""))
    for r in rows:
        mine = " / ".join("%.6g" % (e * 100) for e in r["equities"])
        theirs = " / ".join(r["ps_equities"])
        extra = ""
        if base:
            eq, ps = r["equity_s"] - base[0], r["pseval_s"] - base[1]
            extra = " %.3g |" % (ps / eq) if eq > 0 else " - |"
        print("| %s | %s | %d | %s | %.4f | %.4f | %.3g |%s %s | %s | %s |" % (
            r["label"], r["hands"], r["runs"], r["method"], r["equity_s"], r["pseval_s"],
            r["pseval_s"] / r["equity_s"], extra, mine, theirs, verdict(r)))


def floor(args):
    """Each program's quickest whole process, medians of the runs in turn: what loading it costs
    before any question (equity --version; ps-eval --help, which exits 1)."""
    eq, ps = [], []
    for _ in range(args.runs):
        eq.append(timed([args.equity, "--version"])[0])
        ps.append(timed([args.pseval, "--help"], ok=(0, 1))[0])
    return statistics.median(eq), statistics.median(ps)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("equity", help="the equity binary, e.g. build/release/equity")
    parser.add_argument("pseval", help="pokerstove's ps-eval binary")
    parser.add_argument("--runs", type=int, default=5, help="runs of each program a question (5)")
    parser.add_argument("--slow", action="store_true",
                        help="also third street heads-up and the three-way draws of six cards "
                             "(ps-eval: minutes to tens of minutes each)")
    parser.add_argument("--slow-runs", type=int, default=1, help="runs of the --slow questions (1)")
    parser.add_argument("--only", default="", help="only the questions whose label matches this regex")
    parser.add_argument("--equity-arg", action="append", default=[],
                        help="an extra argument for equity, e.g. --equity-arg=--threads=1")
    parser.add_argument("--floor", action="store_true",
                        help="also each program's start-up alone (equity --version, ps-eval --help), "
                             "and each question's time above it")
    args = parser.parse_args()
    base = floor(args) if args.floor else None
    if base:
        print("start-up alone (a whole process that answers nothing): equity %.4f s, ps-eval %.4f s" % base)
    rows = []
    for q in QUESTIONS:
        if (q.slow and not args.slow) or not re.search(args.only, q.label):
            continue
        rows.append(run_question(q, args))
        r = rows[-1]
        print("%s: equity %.3f s, ps-eval %.3f s, %s" % (r["label"], r["equity_s"], r["pseval_s"],
                                                        verdict(r)), file=sys.stderr)
    print_table(rows, base)
    return 1 if any(r["problem"] and not r["known"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
