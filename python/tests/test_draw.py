"""The draw games through calc(): the last draw exact as the CLI counts it, the draws before it
sampled under the drawing rule the result names, a split game's halves, mistakes as ValueError."""
import pytest

import equity


def test_the_last_draw_is_exact():
    r = equity.calc(["8h6d4s3c/1", "9s7c5h/2"], game="27-triple", dead="KhKdQc")
    assert r.mode == "exact"
    assert r.showdowns == 34440
    assert [p.wins for p in r.players] == [24074, 10366]
    assert r.draw_rule is None


def test_three_draws_follow_the_rule():
    r = equity.calc(["4h3d2s/1", "7s5c3h/1"], game="badugi", draws=3, trials=20_000, seed=1, pat="J")
    assert r.mode == "monte-carlo"
    assert r.draw_rule.startswith("stand pat on a J-high badugi or better")
    again = equity.calc(["4h3d2s/1", "7s5c3h/1"], game="badugi", draws=3, trials=20_000, seed=1, pat="J", threads=1)
    assert [p.pot_units for p in again.players] == [p.pot_units for p in r.players]


def test_a_split_game_counts_both_halves():
    r = equity.calc(["7h5d4s2c/1", "8s6c3h/2"], game="badeucy")
    assert r.mode == "exact"
    assert r.players[0].scoops == 28990  # equity --game badeucy 7h5d4s2c/1 8s6c3h/2 --json
    assert r.players[0].low_wins + r.players[1].low_wins + r.players[0].low_ties <= r.showdowns


def test_mistakes_are_value_errors():
    with pytest.raises(ValueError, match="4 cards of a 5-card 27-triple hand"):
        equity.calc(["Kd8s4h3c", "9s7c5h/2"], game="27-triple")
    with pytest.raises(ValueError, match="27-single has one draw"):
        equity.calc(["8h6d4s3c/1", "9s7c5h/2"], game="27-single", draws=2)
    with pytest.raises(ValueError, match="draws: 1 to 3, not 4"):
        equity.calc(["8h6d4s3c/1", "9s7c5h/2"], game="27-triple", draws=4)


def test_evaluate_values_a_draw_hand_by_its_game():
    e = equity.evaluate("Kh7h5c3s", game="badugi")
    assert e.name == "3-card 7-5-3"
    assert e.best == "7h5c3s"
    assert equity.evaluate("7h5d4s3c2d", game="27-triple").rank == 7461
    with pytest.raises(ValueError, match="a badugi hand is 4 cards, not 5"):
        equity.evaluate("Kh7h5c3s2d", game="badugi")


def test_evaluate_gives_a_split_games_other_half():
    e = equity.evaluate("7h5d4s2c3c", game="badeucy")
    assert e.name == "4-card badugi 7-5-4-2"
    assert (e.second, e.second_rank, e.second_best) == ("7-5-4-3-2", 7461, "7h5d4s3c2c")
    assert equity.evaluate("Kh7h5c3s", game="badugi").second is None
