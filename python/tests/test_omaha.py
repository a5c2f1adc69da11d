"""The Omaha games in Python: Range(game="omaha"), evaluate(game="omaha...", board=...) against a
brute force written here (the best of exactly two hole and three board cards, each five valued by
evaluate(); the low from the ranks), and calc() with the Hi/Lo fields and per-combo equity."""
import itertools
import json
import random

import numpy as np
import pytest

import equity
from conftest import run_cli

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "scdh"]


def low_value(five):
    """The five low ranks (ace 1 .. eight 8) highest first, or None when they make no low."""
    ranks = sorted((1 if c[0] == "A" else RANKS.index(c[0]) + 2 for c in five), reverse=True)
    if ranks[0] > 8 or len(set(ranks)) < 5:
        return None
    return ranks


def brute(hole, board, low):
    """(best high rank, best low name or 'no low') by every two of hole and three of board."""
    best_high, best_low = -1, None
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            five = list(two) + list(three)
            best_high = max(best_high, equity.evaluate("".join(five)).rank)
            v = low_value(five)
            if v is not None and (best_low is None or v < best_low):
                best_low = v
    name = None
    if low:
        name = "no low" if best_low is None else "-".join("A" if r == 1 else str(r) for r in best_low)
        if best_low == [5, 4, 3, 2, 1]:
            name += " (the wheel)"
    return best_high, name


def test_range_lists_counts_and_weighs_omaha_hands():
    r = equity.Range("AA**:$ds", game="omaha")
    assert len(r) == 864
    assert r.size() == (864, 864.0)
    assert r.game == "omaha" and not r.weighted and not r.specific
    hands = list(r)
    assert len(hands) == 864 and len(set(h for h, _ in hands)) == 864
    for hand, weight in hands:
        cards = [hand[i:i + 2] for i in range(0, 8, 2)]
        assert weight == 1.0
        assert sum(c[0] == "A" for c in cards) >= 2
        suits = sorted(c[1] for c in cards)
        assert suits[0] == suits[1] and suits[2] == suits[3] and suits[1] != suits[2]  # double-suited
    assert "AsAhKsKh" in r and "AsAhKsKc" not in r
    assert r.weight("AsAhKsKh") == 1.0 and r.weight("AsAhKsKc") == 0.0
    assert len(r.combos(removed="Ks")) == r.size("Ks")[0] < 864
    assert equity.Range(str(r), game="omaha") == r
    half = equity.Range("AA**@50", game="omaha-hilo")
    assert half.weighted and half.weight("AsAhKsKh") == 0.5
    assert half.size()[1] == pytest.approx(half.size()[0] / 2)
    assert equity.Range("AsKsQhJh", game="omaha").specific
    assert len(equity.Range("random", game="omaha6")) == 20_358_520  # counted, not listed


def test_omaha_ranges_raise_value_errors():
    with pytest.raises(ValueError, match="position"):
        equity.Range("AAxx:!$ds(", game="omaha")
    with pytest.raises(ValueError, match="grid"):
        equity.Range("AA**", game="omaha").grid()
    with pytest.raises(ValueError, match="4 distinct cards"):
        equity.Range("AA**", game="omaha").weight("AsAh")


def test_omaha_range_objects_in_calc():
    r = equity.Range("AA**:$ds", game="omaha")
    got = equity.calc([r, "random"], board="2c3d4h5s6c", game="omaha-hilo")  # the same hands
    assert got.players[0].hand == str(r)
    with pytest.raises(ValueError, match="a Range of omaha in a question of omaha5"):
        equity.calc([r, "random"], game="omaha5")
    with pytest.raises(ValueError, match="a Range of holdem in a question of omaha"):
        equity.calc([equity.Range("AA"), "random"], game="omaha")


@pytest.mark.parametrize("game, hole_cards", [("omaha", 4), ("omaha-hilo", 4), ("omaha5-hilo", 5), ("omaha6", 6)])
def test_evaluate_is_the_best_of_two_and_three(game, hole_cards):
    rng = random.Random(7)
    low = game.endswith("hilo")
    for _ in range(150):
        cards = rng.sample(DECK, hole_cards + 5)
        hole, board = cards[:hole_cards], cards[hole_cards:hole_cards + rng.choice([3, 4, 5])]
        e = equity.evaluate("".join(hole), game=game, board="".join(board))
        high, low_name = brute(hole, board, low)
        assert e.rank == high, (hole, board)
        best = [e.best[i:i + 2] for i in range(0, 10, 2)]
        assert equity.evaluate(e.best).rank == high
        assert len(set(best) & set(hole)) == 2 and len(set(best) & set(board)) == 3
        assert e.low == low_name, (hole, board)
        if low and low_name != "no low":
            lows = [e.low_best[i:i + 2] for i in range(0, 10, 2)]
            assert len(set(lows) & set(hole)) == 2 and len(set(lows) & set(board)) == 3
            assert low_value(lows) is not None
        if not low:
            assert e.low is None and e.low_rank is None


def test_evaluate_omaha_examples_and_errors():
    e = equity.evaluate("As2sKhKd", game="omaha-hilo", board="3c4d8hKsQc")
    assert (e.category, e.low, e.low_rank > 0) == ("three of a kind", "8-4-3-2-A", True)
    # Four hearts in the hand and one on the board: no flush.
    assert equity.evaluate("AhKhQhJh", game="omaha", board="2h7c8d9sTs").category != "flush"
    with pytest.raises(ValueError, match="evaluate: board: an Omaha hand is valued on a board of 3 to 5 cards"):
        equity.evaluate("AsKsQhJh", game="omaha")
    with pytest.raises(ValueError, match="an omaha hand has 4"):
        equity.evaluate("AsKsQhJh9c", game="omaha", board="2c3d4h")
    with pytest.raises(ValueError, match="appears twice"):
        equity.evaluate("AsKsQhJh", game="omaha", board="As3d4h")
    assert equity.evaluate("AsKs", board="QsJsTs").name == equity.evaluate("AsKsQsJsTs").name


def test_wide_hilo_and_plo5_ranges_are_swept_exactly(cli):
    """Two wide PLO8 ranges on a turn, and PLO5 ones, exact by the sweep hand by hand (sampled before),
    as the command line counts them, each hand's counts adding up to the player's."""
    for players, board, game in ((["A2**", "$ds"], "Kh7s2c3d", "omaha-hilo"),
                                 (["AAKK*", "QQJJ*"], "Kh7s2c2d", "omaha5-hilo")):
        r = equity.calc(players, board=board, game=game, per_combo=True)
        assert r.mode == "exact" and r.to_dict()["exact_method"] == "sweep"
        for p in r.players:
            assert p.wins + p.ties + p.losses == r.showdowns
            assert sum(c["pot_units"] for c in p.per_combo) == p.pot_units
        done = run_cli(cli, players + ["--json", "--game", game, "--board", board])
        assert done.returncode == 0, done.stderr
        want = json.loads(done.stdout)
        got = equity.calc(players, board=board, game=game).to_dict()
        for d in (want, got):
            d.pop("seconds", None)
        assert got == want


def test_calc_omaha_hilo_has_the_hilo_fields_and_per_combo(cli):
    players, board = ["As2s3c*", "KsKh**"], "2c3d4hKd5s"
    r = equity.calc(players, board=board, game="omaha-hilo", per_combo=True)
    p = r.players[0]
    assert r.mode == "exact" and r.pot_units == 5040
    for key in ("scoops", "low_wins", "low_ties", "lows", "pot_units"):
        assert isinstance(getattr(p, key), int)
    assert p.wins + p.ties + p.losses == r.showdowns
    assert sum(c["pot_units"] for c in p.per_combo) == p.pot_units
    assert sum(c["showdowns"] for c in p.per_combo) == r.showdowns
    assert len(p.per_combo) == p.combos
    done = run_cli(cli, players + ["--json", "--game", "omaha-hilo", "--board", board, "--per-combo"])
    assert done.returncode == 0, done.stderr
    want = json.loads(done.stdout)
    got = r.to_dict()
    for d in (want, got):
        d.pop("seconds", None)
    assert got == want


def random_rows(n, columns, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :columns].astype(np.uint8)


def names(row):
    return "".join(equity.card_name(int(c)) for c in row)


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6"])
def test_batch_of_omaha_rows_is_the_high_of_hole_cards_then_board(game):
    hole = {"omaha": 4, "omaha5": 5, "omaha6": 6}[game]
    for board in (3, 4, 5):
        rows = random_rows(300, hole + board, seed=hole * 10 + board)
        ranks = equity.evaluate_batch(rows, game=game)
        assert ranks.dtype == np.uint16 and ranks.shape == (300,)
        expected = [equity.evaluate(names(r[:hole]), game=game, board=names(r[hole:])).rank for r in rows]
        assert ranks.tolist() == expected
        assert equity.evaluate_batch(rows.astype(np.int32).tolist(), game=game, threads=1).tolist() == expected


@pytest.mark.parametrize("game", ["omaha-hilo", "omaha5-hilo", "omaha6-hilo"])
def test_batch_of_omaha_hilo_rows_gives_high_and_low(game):
    hole = {"omaha-hilo": 4, "omaha5-hilo": 5, "omaha6-hilo": 6}[game]
    for board in (3, 4, 5):
        rows = random_rows(300, hole + board, seed=hole * 7 + board)
        high, low = equity.evaluate_batch(rows, game=game)
        assert high.dtype == np.uint16 and low.dtype == np.uint8
        values = [equity.evaluate(names(r[:hole]), game=game, board=names(r[hole:])) for r in rows]
        assert high.tolist() == [v.rank for v in values]
        assert low.tolist() == [v.low_rank for v in values]
    row = [equity.card_id(c) for c in ("As", "2s", "Kh", "Kd", "3c", "4d", "8h", "Ks", "Qc")]
    high, low = equity.evaluate_batch(np.array([row], np.uint8), game=game if hole == 4 else "omaha-hilo")
    assert int(low[0]) == equity.evaluate("As2sKhKd", game="omaha-hilo", board="3c4d8hKsQc").low_rank


def test_batch_of_omaha_names_the_bad_row():
    rows = random_rows(10, 9, seed=3)
    rows[6, 8] = rows[6, 0]  # a hole card on the board
    with pytest.raises(ValueError, match="^row 6: a card twice$"):
        equity.evaluate_batch(rows, game="omaha")
    rows[2, 1] = 60
    with pytest.raises(ValueError, match="^row 2: card id 60 is not 0..51$"):
        equity.evaluate_batch(rows, game="omaha-hilo")
