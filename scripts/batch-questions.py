#!/usr/bin/python3
"""Writes N questions for `equity batch` (JSON Lines) to stdout, the same for the same arguments.

    scripts/batch-questions.py N [--kind table|mixed] [--seed S]

table: heads-up preflop questions the preflop table answers (specific hands, classes, ranges),
the workload of the throughput figure. mixed: also boards, three players, Monte Carlo with and
without a seed, per-combo equity, blank lines and bad lines (malformed JSON, bad cards, unknown
fields), for the tests that compare sharded and unsharded runs.
"""
import argparse
import json
import random

RANKS = "AKQJT98765432"
SUITS = "schd"
DECK = [r + s for r in RANKS for s in SUITS]
CLASSES = ["AA", "KK", "QQ", "JJ", "TT", "99", "22", "AKs", "AKo", "AQs", "KQo", "T9s", "72o", "54s"]
RANGES = ["QQ+,AKs", "22+", "random", "15%", "AJs+,KQs", "TT-88", "A2s-A5s", "KK:0.5,AK"]


def cards(rng, n, used):
    out = []
    while len(out) < n:
        c = rng.choice(DECK)
        if c not in used:
            used.add(c)
            out.append(c)
    return "".join(out)


def table_question(rng):
    used = set()
    kind = rng.randrange(4)
    if kind == 0:
        return {"players": [cards(rng, 2, used), cards(rng, 2, used)]}
    if kind == 1:
        return {"players": [rng.choice(CLASSES), rng.choice(CLASSES)]}
    if kind == 2:
        return {"players": [cards(rng, 2, used), rng.choice(CLASSES + RANGES)]}
    return {"players": [rng.choice(RANGES), rng.choice(CLASSES + RANGES)]}


def mixed_line(rng):
    kind = rng.randrange(20)
    if kind == 0:
        return ""
    if kind == 1:
        return rng.choice(['{"players": ["AsAc"', "not json", "[1, 2]", '{"players": ["AsXc", "KhQh"]}',
                           '{"players": ["AsAc", "AsKd"]}', '{"players": ["AsAc", "KK"], "bogus": 1}',
                           '{"players": ["AsAc", "KK"], "board": "2c"}'])
    used = set()
    if kind < 8:
        q = table_question(rng)
    elif kind < 13:
        q = {"players": [cards(rng, 2, used), rng.choice(CLASSES + RANGES)], "board": cards(rng, rng.choice([3, 4, 5]), used)}
    elif kind < 15:
        q = {"players": [cards(rng, 2, used), cards(rng, 2, used), cards(rng, 2, used)], "board": cards(rng, 3, used)}
    elif kind < 17:
        q = {"players": [cards(rng, 2, used), rng.choice(RANGES), rng.choice(RANGES)], "trials": 2000}
        if rng.randrange(2):
            q["seed"] = rng.randrange(1 << 40)
    elif kind < 19:
        q = {"players": [rng.choice(RANGES), rng.choice(RANGES)], "board": cards(rng, 4, used), "per_combo": True}
    else:
        q = {"players": [cards(rng, 2, used), rng.choice(CLASSES)], "dead": cards(rng, 2, used)}
    return json.dumps(q)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=int)
    parser.add_argument("--kind", choices=["table", "mixed"], default="table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for _ in range(args.n):
        print(json.dumps(table_question(rng)) if args.kind == "table" else mixed_line(rng))


main()
