"""The stud games in Python: calc() answers them through the library (exact counts, the Hi/Lo
fields, razz's categories by their names, the command line's JSON); Range, evaluate() and
evaluate_batch() refuse them in one line."""
import json

import numpy as np
import pytest

import equity
from conftest import run_cli


def test_calc_stud_third_street_heads_up_is_exact():
    r = equity.calc(["(AsKs)Qd", "(7c7d)8h"], game="stud")
    assert r.mode == "exact" and r.exact_method == "sweep" and r.game == "stud"
    assert r.showdowns == 18265297050 and r.pot_units == 5040
    first, second = r.players
    assert (first.wins, first.ties, first.losses) == (7810521826, 443708, 10454331516)
    assert (second.wins, second.ties, second.losses) == (10454331516, 443708, 7810521826)
    assert first.pot_units == 39366148147200 and second.pot_units == 52690948984800
    # folded up cards are dead cards
    folded = equity.calc(["(AsKs)Qd", "(7c7d)8h"], dead="2c3c", game="stud")
    assert folded.showdowns == 12406283890 and folded.players[0].wins == 5452288492


def test_calc_stud_hilo_has_scoops_and_lows_as_omaha_hilo(cli):
    players = ["(As2s)3d", "(KcKd)8h"]
    r = equity.calc(players, game="stud8")  # an alias
    assert r.game == "stud-hilo" and r.mode == "exact" and r.showdowns == 18265297050
    p = r.players[0]
    assert (p.wins, p.ties, p.losses) == (5721861010, 212887, 12543223153)
    assert (p.scoops, p.low_wins, p.low_ties, p.lows) == (5554614583, 8953639824, 1266192, 8967831600)
    assert p.pot_units == 44642130140160
    assert r.players[1].lows == 625017120
    done = run_cli(cli, players + ["--json", "--game", "stud-hilo"])
    assert done.returncode == 0, done.stderr
    want, got = json.loads(done.stdout), r.to_dict()
    for d in (want, got):
        d.pop("seconds", None)
    assert got == want


def test_calc_razz_categories_are_razz_names():
    r = equity.calc(["(As2s)3d", "(Kc7d)8h"], game="razz", by_category=True)
    p = r.players[0]
    assert (p.wins, p.ties, p.losses) == (14058109951, 3340278, 4203846821)
    names = [c["category"] for c in p.categories]
    assert names == ["no pair", "one pair", "two pair", "three of a kind", "full house", "four of a kind"]
    assert sum(c["count"] for c in p.categories) == r.showdowns
    assert p.categories[0]["count"] == 17665799970


def test_calc_stud_per_combo_lists_each_way_of_the_hidden_down_cards(cli):
    players = ["(??)QdJh2c3d", "(7c7d)8h9hTc3s"]
    r = equity.calc(players, game="stud", per_combo=True, distribution=True)
    assert r.mode == "exact" and r.per_combo_method == "exact"
    hidden, known = r.players
    # every two of the 42 cards left, named as the hand holding them; each its own question's counts
    assert hidden.combos == len(hidden.per_combo) == 861
    assert hidden.per_combo[0]["combo"] == "(2s2h)QdJh2c3d"
    # each deal of his three cards to come is three ways of two hidden cards and one to come
    assert sum(c["showdowns"] for c in hidden.per_combo) == 3 * r.showdowns
    assert sum(c["pot_units"] for c in hidden.per_combo) == 3 * hidden.pot_units
    assert abs(hidden.distribution["mean"] - hidden.equity) < 1e-12
    assert sum(b["combos"] for b in hidden.distribution["buckets"]) == 861
    # every card known: one line, the player's own counts
    assert [(c["combo"], c["wins"], c["pot_units"]) for c in known.per_combo] == [
        ("(7c7d)8h9hTc3s", known.wins, known.pot_units)]
    done = run_cli(cli, players + ["--game", "stud", "--per-combo", "--distribution", "--json"])
    assert done.returncode == 0, done.stderr
    want, got = json.loads(done.stdout), r.to_dict()
    for d in (want, got):
        d.pop("seconds", None)
    assert got == want


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: equity.calc(["(AsKs)Qd", "(7c7d)8z"], game="stud"), "player 2"),
        (lambda: equity.calc(["(AsKs)Qd", "(7c7d)8h"], board="Ks7h2c", game="stud"), "stud has no board"),
        (lambda: equity.Range("AA", game="stud"), "stud has no ranges"),
        (lambda: equity.Range("random", game="razz"), "razz has no ranges"),
        (lambda: equity.evaluate("AsKsQsJsTs", game="razz", board="2c3c4c"), "evaluate: board: razz has no board"),
        (lambda: equity.evaluate_batch(np.zeros((1, 7), dtype=np.uint8), game="stud"), "evaluate_batch: not for stud"),
    ],
)
def test_what_stud_cannot_do_is_one_line_value_error(call, words):
    with pytest.raises(ValueError, match=words) as error:
        call()
    assert "\n" not in str(error.value)


def test_evaluate_values_a_stud_familys_hand_by_its_rules():
    razz = equity.evaluate("7c5d4h3s2cKdKs", game="razz")
    assert razz.name == "7-5-4-3-2"
    assert razz.category == "no pair"
    assert razz.best == "7c5d4h3s2c"
    assert equity.evaluate("AsAd2c3c4c", game="razz").category == "one pair"
    high = equity.evaluate("AsKsQsJsTs2d3d", game="stud")
    assert high.category == "straight flush"
    eight = equity.evaluate("As2d3c4h8sKdKc", game="stud-hilo")
    assert eight.category == "one pair"
    assert eight.low == "8-4-3-2-A"
    assert eight.low_rank > 0
