"""equity.Range: combos and weights, iteration, the 13x13 grid, str() round trips."""
import numpy as np
import pytest

import equity


def test_size_iteration_and_weights():
    r = equity.Range("QQ+,AKs,KQo:0.5")
    assert len(r) == 6 * 3 + 4 + 12
    combos = list(r)
    assert len(combos) == len(r)
    assert ("AsAc", 1.0) in combos
    assert r.weight("KsQc") == 0.5
    assert r.weight("7c2d") == 0
    assert "AhKh" in r and "AhKd" not in r
    assert r.weighted and not r.specific
    assert equity.Range("AsKs").specific
    assert len(equity.Range("random")) == 1326
    assert len(r.combos(removed="As")) == len(r) - 3 - 1  # AA with As, AsKs


@pytest.mark.parametrize("text", ["QQ+,AKs", "22-99,A5s-A2s,KQo:0.5,AhKd", "random", "AKs@25", "T9s+"])
def test_str_round_trips(text):
    r = equity.Range(text)
    assert equity.Range(str(r)) == r
    assert repr(r) == f"Range({str(r)!r})"


def test_grid_is_13x13_float64_with_classes_at_their_cells():
    g = equity.Range("AA,AKs,KQo:0.5,72o").grid()
    assert g.shape == (13, 13)
    assert g.dtype == np.float64
    assert g[0, 0] == 1.0  # AA
    assert g[0, 1] == 1.0  # AKs above the diagonal
    assert g[1, 0] == 0.0  # AKo below it
    assert g[2, 1] == 0.5  # KQo
    assert g.sum() == pytest.approx(3.5)


def test_bad_ranges_raise_value_error_naming_the_item():
    with pytest.raises(ValueError, match="AKz"):
        equity.Range("QQ+,AKz")
    with pytest.raises(ValueError):
        equity.Range("AA:2")
