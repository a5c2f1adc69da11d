"""game=: calc(), Range, evaluate() and preflop_table() in short deck (and its other rule set)."""
import json

import numpy as np
import pytest

import equity
from conftest import run_cli

SHORT_DECK_QUESTIONS = [
    (["AsAc", "KhQh"], {}),
    (["AsAc", "KhQh"], {"method": "grouped"}),
    (["QQ+,AKs", "random"], {"board": "Ks7h6c"}),
    (["AhKh", "QsQd", "7c7d"], {"board": "Qh7h6h", "dead": "9s", "by_category": True}),
    (["JJ", "AKo"], {"board": "6c7d8h9s", "method": "boards"}),
    (["AhKh", "random", "random"], {"method": "mc", "trials": 50_000, "seed": 7}),
    (["TT+,AQs+", "random"], {"board": "Ks7h6c", "per_combo": True, "distribution": True}),
]


def cli_args(players, kwargs, game, table_dir):
    args = list(players) + ["--json", "--game", game, "--table", table_dir]
    for key, value in kwargs.items():
        if key == "method" and value in ("grouped", "boards", "sweep", "showdowns"):
            args += ["--method", value]
        elif key == "method" and value == "mc":
            args.append("--mc")
        elif value is True:
            args.append("--" + key.replace("_", "-"))
        else:
            args += ["--" + key.replace("_", "-"), str(value)]
    return args


@pytest.mark.parametrize("game", ["shortdeck", "shortdeck-straights"])
@pytest.mark.parametrize("players, kwargs", SHORT_DECK_QUESTIONS)
def test_calc_equals_the_command_lines_json(cli, table_dir, game, players, kwargs):
    # One table directory for both (an installed package carries its own copy of the table).
    done = run_cli(cli, cli_args(players, kwargs, game, table_dir))
    assert done.returncode == 0, done.stderr
    expected = json.loads(done.stdout)
    expected.pop("seconds", None)
    got = equity.calc(players, game=game, table=table_dir, **kwargs).to_dict()
    got.pop("seconds", None)
    assert got == expected
    assert got["game"] == game


def test_short_deck_heads_up_counts_every_board():
    r = equity.calc(["AsAc", "KhQh"], game="shortdeck")
    assert r.game == "shortdeck"
    assert r.mode == "table"  # its own preflop table, results/shortdeck
    assert r.showdowns == 201_376  # C(32, 5)
    p = r.players[0]
    assert (p.wins, p.ties, p.losses) == (149_931, 1_031, 50_414)
    exact = equity.calc(["AsAc", "KhQh"], game="shortdeck", method="exact")
    assert exact.mode == "exact" and exact.players[0].wins == p.wins
    assert equity.calc(["AsAc", "KhQh"]).game == "holdem"


def test_calc_rejects_what_the_deck_has_not():
    with pytest.raises(ValueError, match="22 is not in the deck"):
        equity.calc(["AsAc", "22"], game="shortdeck")
    with pytest.raises(ValueError, match="2c"):
        equity.calc(["AsAc", "KhQh"], board="2c7d8h", game="shortdeck")
    with pytest.raises(ValueError, match="has 5 cards; an omaha hand has 4"):
        equity.calc(["AsKsQhJh9c", "KhQh"], game="omaha")


def test_omaha_fewer_cards_than_a_hand_are_every_hand_holding_them():
    # One meaning everywhere: AsAc is the range of every PLO4 hand holding both, built or typed.
    built = equity.Range("AsAc", game="omaha")
    a = equity.calc([built, "KhQh"], game="omaha", board="2c7d9h3s")
    b = equity.calc(["AsAc**", "KhQh**"], game="omaha", board="2c7d9h3s")
    assert [(p.combos, p.wins, p.ties, p.losses) for p in a.players] == [
        (p.combos, p.wins, p.ties, p.losses) for p in b.players
    ]
    assert a.players[0].combos == 1035


def test_calc_omaha_hilo_equals_the_command_lines_json(cli, table_dir):
    players, board = ["As2sQhJh", "7c7d8h3h"], "2c3d4hKs"
    done = run_cli(cli, players + ["--json", "--game", "omaha-hilo", "--board", board])
    want = json.loads(done.stdout)
    got = equity.calc(players, board=board, game="omaha-hilo").to_dict()
    for key in ("game", "mode", "pot_units", "showdowns"):
        assert got[key] == want[key]
    for g, w in zip(got["players"], want["players"]):
        for key in ("wins", "ties", "losses", "pot_units", "scoops", "low_wins", "low_ties", "lows", "equity"):
            assert g[key] == w[key]


def test_range_in_the_short_deck():
    r = equity.Range("random", game="shortdeck")
    assert len(r) == 630  # C(36, 2)
    assert len(list(r)) == 630
    assert r.game == "shortdeck"
    assert "2c2d" not in r and "AsAc" in r
    assert len(r.combos(removed="As")) == 595
    assert len(equity.Range("AKs,66", game="shortdeck")) == 4 + 6
    assert repr(equity.Range("AA", game="shortdeck")) == "Range('AA', game='shortdeck')"
    assert equity.Range("AA", game="shortdeck") != equity.Range("AA")
    with pytest.raises(ValueError, match="22 is not in the deck"):
        equity.Range("22+", game="shortdeck")
    with pytest.raises(ValueError, match="A5s"):
        equity.Range("A5s", game="shortdeck")
    with pytest.raises(ValueError, match="holdem, shortdeck"):
        equity.Range("AA", game="courchevel")
    with pytest.raises(ValueError, match="2c"):
        equity.Range("AA", game="shortdeck").weight("2c2d")


def test_short_deck_grid_is_9x9():
    g = equity.Range("AA,AKs,KQo:0.5,66,T9s", game="shortdeck").grid()
    assert g.shape == (9, 9)
    assert g[0, 0] == 1.0  # AA
    assert g[0, 1] == 1.0  # AKs
    assert g[2, 1] == 0.5  # KQo
    assert g[8, 8] == 1.0  # 66
    assert g[4, 5] == 1.0  # T9s
    assert g.sum() == pytest.approx(4.5)
    assert equity.Range("AA").grid().shape == (13, 13)


def test_a_range_of_one_game_in_a_question_of_another():
    short = equity.Range("QQ+,AKs", game="shortdeck")
    assert equity.calc([short, "random"], game="shortdeck-straights").players[0].combos == 22
    with pytest.raises(ValueError, match="a Range of shortdeck in a question of holdem"):
        equity.calc([short, "random"])
    with pytest.raises(ValueError, match="a Range of holdem"):
        equity.calc([equity.Range("random"), "AsAc"], game="shortdeck")


def test_evaluate_by_the_games_rules():
    wheel = equity.evaluate("As6c7d8h9s", game="shortdeck")
    assert wheel.category == "straight"
    assert wheel.name == "straight, nine high"
    assert wheel.best == "9s8h7d6cAs"
    trips = equity.evaluate("6s6c6d8h9s", game="shortdeck")
    flush = equity.evaluate("As9s8s7sJs", game="shortdeck")
    full = equity.evaluate("AsAcAdKsKc", game="shortdeck")
    assert trips.rank > wheel.rank  # three of a kind beats a straight
    assert flush.rank > full.rank  # a flush beats a full house
    assert equity.evaluate("6s6c6d8h9s", game="shortdeck-straights").rank < equity.evaluate(
        "As6c7d8h9s", game="shortdeck-straights").rank
    assert equity.evaluate("AsKsQsJsTs", game="shortdeck").rank == 1403
    assert equity.evaluate("AsKsQsJsTs", game="shortdeck").name == "royal flush"
    # Hold'em ranks them its way: A-6-7-8-9 is ace high.
    assert equity.evaluate("As6c7d8h9s").category == "high card"
    with pytest.raises(ValueError, match="2c is not in the deck"):
        equity.evaluate("2cAsKsQsJs", game="shortdeck")
    with pytest.raises(ValueError, match="holdem, shortdeck"):
        equity.evaluate("AsKsQsJsTs", game="courchevel")


def test_evaluate_equals_the_command_line(cli):
    for cards in ["As6c7d8h9s", "6s6c6d8h9sTcJd", "AsAcKsKcKd9s8s"]:
        for game in ["shortdeck", "shortdeck-straights"]:
            done = run_cli(cli, ["eval", cards, "--game", game, "--json"])
            assert done.returncode == 0, done.stderr
            j = json.loads(done.stdout)
            e = equity.evaluate(cards, game=game)
            assert (e.rank, e.category, e.name, e.best) == (j["rank"], j["category"], j["name"], "".join(j["best"]))


def test_range_counts_equal_the_command_line(cli):
    for text in ["random", "QQ+,AKs,T9s:0.5", "A6s+"]:
        done = run_cli(cli, ["range", text, "--game", "shortdeck", "--json"])
        assert done.returncode == 0, done.stderr
        j = json.loads(done.stdout)
        r = equity.Range(text, game="shortdeck")
        assert len(r) == j["combos"]
        assert np.array_equal(r.grid(), np.array(j["grid"]))


def test_percentages_take_the_games_ordering():
    r = equity.Range("15%", game="shortdeck")
    assert len(r) == 96  # 15% of short deck's 630 combos, strongest first
    assert equity.calc(["15%", "random"], game="shortdeck").players[0].hand == equity.calc(
        [str(r), "random"], game="shortdeck").players[0].hand


def test_preflop_table_of_short_deck(table_dir):
    for game in ("shortdeck", "shortdeck-straights"):
        t = equity.preflop_table(table_dir, game=game)
        assert len(t.classes) == 81 and t.classes[0] == "AA" and "22" not in t.classes
        assert t.wins.shape == (81, 81)
        assert np.array_equal(t.wins + t.ties + t.losses, t.combos * 201_376)  # C(32, 5) boards
        aa, kqs = t.index("AA"), t.index("KQs")
        a = equity.calc(["AA", "KQs"], game=game)
        assert (t.wins[aa, kqs], t.ties[aa, kqs], t.losses[aa, kqs]) == (a.players[0].wins, a.players[0].ties, a.players[0].losses)
    with pytest.raises(ValueError, match="holdem, shortdeck"):
        equity.preflop_table(table_dir, game="pineapple")


def test_omaha_percentages_take_the_shipped_ordering(cli):
    """15% of PLO4 hands: the ordering results/omaha/order-equity.csv, installed with the package."""
    players = ["15%", "random"]
    options = ["--game", "omaha", "--trials", "4096", "--seed", "3", "--threads", "1", "--json"]
    want = json.loads(run_cli(cli, players + options).stdout)
    got = equity.calc(players, game="omaha", trials=4096, seed=3, threads=1).to_dict()
    assert got["players"][0]["combos"] == want["players"][0]["combos"] == 40610
    assert got["players"][0]["equity"] == want["players"][0]["equity"]
