"""equity.calc(): exact integers, the result's fields, seeds, inputs and errors."""
import pytest

import equity

BOARDS = 1_712_304  # choose(48, 5)


def test_specific_hands_from_the_table_and_enumerated_give_the_same_integers():
    table = equity.calc(["AsAc", "KhQh"])
    exact = equity.calc(["AsAc", "KhQh"], use_table=False)
    assert table.mode == "table"
    assert exact.mode == "exact"
    for r in (table, exact):
        assert r.boards == BOARDS
        assert r.showdowns == BOARDS
        hero, villain = r.players
        assert (hero.hand, hero.specific, hero.combos) == ("AsAc", True, 1)
        assert (hero.wins, hero.ties, hero.losses) == (1_406_263, 6_453, 299_588)
        assert (villain.wins, villain.ties, villain.losses) == (299_588, 6_453, 1_406_263)
        assert hero.equity == pytest.approx((1_406_263 + 6_453 / 2) / BOARDS, abs=1e-15)
        assert hero.stderr is None and hero.ci95 is None
        assert r.trials is None and r.seed is None
    assert table.table is not None


@pytest.mark.parametrize(
    "hero, villain, combos, wins, ties, losses",
    [
        # The published AA vs KK (OMPEval's figures), and rows of the committed table.
        ("AA", "KK", 36, 50_371_344, 285_228, 10_986_372),
        ("AKs", "QQ", 24, 18_834_720, 178_116, 22_082_460),
        ("72o", "AA", 72, 14_288_040, 520_308, 108_477_540),
    ],
)
def test_published_class_matchups(hero, villain, combos, wins, ties, losses):
    table = equity.calc([hero, villain])
    exact = equity.calc([hero, villain], method="exact")
    assert (table.mode, exact.mode) == ("table", "exact")
    for r in (table, exact):
        assert r.assignments == combos
        p = r.players[0]
        assert (p.wins, p.ties, p.losses) == (wins, ties, losses)
        assert p.wins + p.ties + p.losses == combos * BOARDS


def test_ranges_and_range_objects_and_card_lists():
    by_text = equity.calc(["QQ+,AKs", "random"], board="Ks7h2c")
    by_objects = equity.calc([equity.Range("QQ+,AKs"), "random"], board=["Ks", "7h", "2c"])
    assert by_text.mode == "exact"
    assert by_text.to_dict()["players"] == by_objects.to_dict()["players"]
    assert by_text.board == "Ks7h2c"
    for p in by_text.players:
        assert p.wins + p.ties + p.losses == by_text.showdowns
    assert by_text.players[0].hand == "QQ+,AKs"


def test_monte_carlo_seeds_repeat_on_any_thread_count():
    a = equity.calc(["AhKh", "random", "random"], method="mc", trials=200_000, seed=42)
    b = equity.calc(["AhKh", "random", "random"], method="mc", trials=200_000, seed=42, threads=1)
    assert a.mode == "monte-carlo"
    assert a.seed == 42 and a.trials == 200_000 and a.stopped_by == "trials"
    assert a.showdowns is None
    da, db = a.to_dict(), b.to_dict()
    da.pop("seconds"), db.pop("seconds")
    assert da == db
    p = a.players[0]
    assert p.wins + p.ties + p.losses == a.trials
    assert p.stderr > 0
    low, high = p.ci95
    assert low < p.equity < high


def test_random_seed_is_reported_and_repeats():
    a = equity.calc(["AhKh", "QQ"], method="mc", trials=50_000)
    b = equity.calc(["AhKh", "QQ"], method="mc", trials=50_000, seed=a.seed)
    assert [p.wins for p in a.players] == [p.wins for p in b.players]


def test_by_category_and_range_analysis_fields():
    r = equity.calc(["AhKh", "QQ"], board="Qs7h2h", by_category=True)
    cats = r.players[0].categories
    assert [c["category"] for c in cats][0] == "straight flush"
    assert sum(c["count"] for c in cats) == r.showdowns
    a = equity.calc(["QQ+,AKs", "random"], board="Ks7h2c", per_combo=True, distribution=True, hits=True)
    p = a.players[0]
    assert len(p.per_combo) == p.combos
    assert {"mean", "buckets", "curve"} <= set(p.distribution)
    assert {"made", "draws"} <= set(p.hits)
    assert a.per_combo_method == "exact"


def test_to_dict_and_attributes_agree():
    r = equity.calc(["AsAc", "KhQh"])
    d = r.to_dict()
    assert d["mode"] == r.mode
    assert d["players"][0]["wins"] == r.players[0].wins
    assert r.players[0].to_dict() == d["players"][0]
    assert r.to_json().startswith("{")
    with pytest.raises(AttributeError):
        r.no_such_field
    assert "AsAc" in repr(r)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(players=["AsAc"]), "at least 2 players, not 1"),
        (dict(players=["AsAc", "KhQz"]), "player 2"),
        (dict(players=["AsAc", "KhQh"], board="Ks7h"), "board"),
        (dict(players=["AsAc", "AsKd"]), "As"),
        (dict(players=["AsAc", "QQ+,AKz"]), "AKz"),
        (dict(players=["AsAc", "KhQh"], method="fast"), "method 'fast'"),
        (dict(players=["AsAc", "KhQh"], trials=0), "trials"),
        (dict(players=["AsAc", "KhQh"], seed=2**53), "seed"),
        (dict(players=["AsAc", 7]), "player 2"),
    ],
)
def test_bad_input_raises_value_error_naming_it(kwargs, message):
    with pytest.raises(ValueError, match=None) as e:
        equity.calc(**kwargs)
    assert message in str(e.value)


def test_errors_carry_the_command_line_message(cli):
    from conftest import run_cli

    for args in (["AsAc", "KhQz"], ["AsAc", "QQ+,AKz"], ["AsAc", "KhQh", "--board", "Ks7h"]):
        done = run_cli(cli, args)
        assert done.returncode == 2
        with pytest.raises(ValueError) as e:
            equity.calc(args[:2], board=args[3] if len(args) > 2 else None)
        assert str(e.value) in done.stderr, (args, done.stderr)


def test_help_explains_every_argument():
    doc = equity.calc.__doc__
    for name in ("players", "board", "dead", "method", "stderr", "trials", "time", "seed", "threads", "by_category"):
        assert name in doc
    assert ">>>" in doc


def test_folded_chips_are_in_the_pots_they_reached():
    r = equity.calc(["AsAc", "KhQh"], board="Kd7s2c", stacks=[100, 30], folded=[60])
    assert r.pot["chips"] == 190 and r.pot["folded"] == [60]
    assert [layer["chips"] for layer in r.pot["layers"]] == [90, 100]
    assert r.players[0].ev == pytest.approx(90 * r.players[0].equity + 100)
    with pytest.raises(ValueError, match="folded 2"):
        equity.calc(["AsAc", "KhQh"], stacks=[100, 30], folded=[60, "x"])
    with pytest.raises(ValueError, match="folded 2"):
        equity.calc(["AsAc", "KhQh"], stacks=[100, 30], folded=[60, -1])


def test_stacks_layer_the_pot_and_give_each_player_chips():
    r = equity.calc(["AsAc", "KdKc", "QsQh"], board="9h7s2c", stacks=[100, 250, 40], pot=30)
    main, side, back = r.pot["layers"]
    assert (main["chips"], main["players"]) == (150, [0, 1, 2])
    assert (side["chips"], side["players"]) == (120, [0, 1])
    assert (back["chips"], back["players"], back["equity"]) == (150, [1], [1.0])
    assert main["showdowns"] == side["showdowns"] == 903
    assert sum(main["pot_units"]) == 5040 * 903
    assert main["equity"] == [p.equity for p in r.players]
    assert sum(p.ev for p in r.players) == pytest.approx(420)
    assert r.players[2].net == pytest.approx(r.players[2].ev - 40)
    hero = 150 * main["pot_units"][0] / (5040 * 903) + 120 * side["pot_units"][0] / (5040 * 903)
    assert r.players[0].ev == pytest.approx(hero, abs=1e-9)
    assert r.to_dict()["pot"]["dead"] == 30
    assert equity.calc(["AsAc", "KdKc"]).pot is None


def test_a_range_left_out_of_a_side_pot_is_counted_with_the_main_pot():
    # The short stack's QQ,99 leaves the second player fewer queens: the side pot counts every deal of
    # the three players' cards once, in the main pot's pass (a weighted range too).
    r = equity.calc(["AhKh", "QQ,JJ", "QQ,99"], board="Qh7h2c", stacks=[100, 200, 50])
    main, side, back = r.pot["layers"]
    assert side["players"] == [0, 1] and side["showdowns"] == main["showdowns"]
    assert sum(side["pot_units"]) == 5040 * side["showdowns"]
    assert sum(p.ev for p in r.players) == pytest.approx(350)
    weighted = equity.calc(["AhKh", "QQ,JJ", "QQ:0.5,99"], board="Qh7h2c", stacks=[100, 200, 50])
    assert sum(p.ev for p in weighted.players) == pytest.approx(350)
    # Sampled, the side pot is sampled with everyone's hands drawn together: within its error.
    mc = equity.calc(["AhKh", "QQ,JJ", "QQ,99"], board="Qh7h2c", stacks=[100, 200, 50], method="mc", seed=4)
    exact_side = r.pot["layers"][1]
    mc_side = mc.pot["layers"][1]
    for e, m, se in zip(exact_side["equity"], mc_side["equity"], mc_side["stderr"]):
        assert abs(e - m) <= 4 * se + 1e-9


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"stacks": [10, 20, 30]}, "stacks: 3 given for 2 players"),
        ({"stacks": [10, 0]}, "stack 2: a number of chips above 0"),
        ({"stacks": [10, "x"]}, "stack 2: a number of chips, not 'x'"),
        ({"stacks": "10,20"}, "stacks: a list"),
        ({"stacks": [10, 20], "pot": -1}, "dead money"),
    ],
)
def test_bad_stacks_name_themselves(kwargs, message):
    with pytest.raises(ValueError, match=message):
        equity.calc(["AsAc", "KdKc"], **kwargs)


def test_runs_and_two_boards_count_every_deal():
    r = equity.calc(["AsAc", "KdKc"], board="Kh7s2c", runs=2)
    assert r.runouts["deals"] == 893_970 and r.runouts["mode"] == "exact"
    hero = r.runouts["players"][0]
    assert sum(hero["scooped"]) == 893_970
    assert hero["equity"] == pytest.approx(r.players[0].equity, abs=1e-12)
    two = equity.calc(["AsAc", "KdKc"], board="Kh7s2c", board2="9d9h4s")
    assert two.runouts["boards"] == 2 and two.runouts["board2"] == "9d9h4s"
    # Both boards run twice, the turns known: four parts, every deal counted.
    both = equity.calc(["AsAc", "KdKc"], board="Kh7s2c4d", board2="9d9h4s3c", runs=2)
    assert both.runouts["runs"] == 2 and both.runouts["boards"] == 2 and both.runouts["mode"] == "exact"
    assert len(both.runouts["players"][0]["scooped"]) == 5
    assert sum(p["pot_units"] for p in both.runouts["players"]) == 5040 * 4 * both.runouts["deals"]
    assert equity.calc(["AsAc", "KdKc"]).runouts is None
    with pytest.raises(ValueError, match="runs: 1 to 24"):
        equity.calc(["AsAc", "KdKc"], board="Kh7s2c", runs=0)
