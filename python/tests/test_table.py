"""equity.preflop_table(): the 169x169 table as numpy arrays."""
import os

import numpy as np
import pytest

import equity


def test_shapes_dtypes_and_published_counts():
    t = equity.preflop_table()
    assert len(t.classes) == 169
    assert t.classes[:3] == ["AA", "AKs", "AKo"] and t.classes[-1] == "22"
    for a in (t.combos, t.wins, t.ties, t.losses):
        assert a.shape == (169, 169) and a.dtype == np.int64
    assert t.equity.shape == (169, 169) and t.equity.dtype == np.float64
    aa, kk = t.index("AA"), t.index("KK")
    assert (t.combos[aa, kk], t.wins[aa, kk], t.ties[aa, kk], t.losses[aa, kk]) == (36, 50_371_344, 285_228, 10_986_372)
    assert np.array_equal(t.wins + t.ties + t.losses, t.combos * 1_712_304)
    assert np.array_equal(t.wins, t.losses.T)
    assert t.equity[aa, kk] == pytest.approx(0.8194605047, abs=1e-10)


def test_a_missing_table_is_a_value_error(tmp_path):
    with pytest.raises(ValueError):
        equity.preflop_table(str(tmp_path / "nowhere"))


def test_the_package_carries_its_table_and_stubs():
    # Installed by pip (scripts/test-python.sh --installed) or assembled in a build tree, the package
    # holds the compiled module, the type stubs and the preflop table it reads by default.
    here = os.path.dirname(os.path.abspath(equity.__file__))
    for name in ("__init__.pyi", "py.typed", os.path.join("results", "preflop-169x169.csv")):
        assert os.path.isfile(os.path.join(here, name)), name
    assert equity.table_directory() != ""
    if os.environ.get("EQUITY_EXPECT_INSTALLED"):
        assert "site-packages" in here, here  # the installed package, not the source tree
        assert not os.path.islink(os.path.join(here, "results"))  # a copy of the table, not a link
    assert equity.calc(["AsAc", "KhQh"]).mode == "table"
