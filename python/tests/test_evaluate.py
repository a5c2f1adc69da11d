"""equity.evaluate() and evaluate_batch(): ranks, names, numpy shapes and dtypes, errors."""
import numpy as np
import pytest

import equity


def test_evaluate_strings_lists_and_ids():
    royal = equity.evaluate("AsKsQsJsTs")
    assert royal.rank == 7461
    assert royal.category == "straight flush"
    assert royal.name == "royal flush"
    full = equity.evaluate(["As", "Ac", "Ad", "Ks", "Kc", "2h", "3d"])
    assert full.category == "full house"
    assert full.best == "AsAcAdKsKc"
    ids = [equity.card_id(c) for c in ("As", "Ac", "Ad", "Ks", "Kc", "2h", "3d")]
    assert equity.evaluate(ids).rank == full.rank
    assert equity.card_name(equity.card_id("Td")) == "Td"
    assert equity.evaluate("7c5d4h3s2c").rank == 0  # the worst hand


@pytest.mark.parametrize("cards", ["AsKs", "AsKsQsJsTs9s8s7s", "AsAsKsQsJs", "AsKsQsJsXx"])
def test_evaluate_rejects_bad_hands(cards):
    with pytest.raises(ValueError):
        equity.evaluate(cards)


def random_hands(n, seed=1):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


def test_batch_equals_evaluate():
    hands = random_hands(2000)
    ranks = equity.evaluate_batch(hands)
    assert ranks.shape == (2000,)
    assert ranks.dtype == np.uint16
    assert list(ranks) == [equity.evaluate(list(map(int, h))).rank for h in hands]


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint16, np.int8])
def test_batch_takes_any_integer_dtype(dtype):
    hands = random_hands(100, seed=2)
    assert np.array_equal(equity.evaluate_batch(hands.astype(dtype)), equity.evaluate_batch(hands))
    assert np.array_equal(equity.evaluate_batch(np.asfortranarray(hands)), equity.evaluate_batch(hands))


def test_batch_of_none():
    assert equity.evaluate_batch(np.zeros((0, 7), np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda h: h.__setitem__((3, 2), 52), "row 3: card id 52"),
        (lambda h: h.__setitem__((5, 6), h[5, 0]), "row 5: a card twice"),
    ],
)
def test_batch_names_the_bad_row(change, message):
    hands = random_hands(10, seed=3)
    change(hands)
    with pytest.raises(ValueError, match=message):
        equity.evaluate_batch(hands)


def test_batch_rejects_wrong_shapes_and_types():
    for columns in (4, 8):
        with pytest.raises(ValueError, match=r"shape \(N, 5\), \(N, 6\) or \(N, 7\)"):
            equity.evaluate_batch(np.zeros((4, columns), np.uint8))
    with pytest.raises(ValueError, match="rows of one length"):
        equity.evaluate_batch([[0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 5]])
    with pytest.raises(ValueError, match="not str"):
        equity.evaluate_batch("AsKsQsJsTs")
    with pytest.raises(ValueError, match="integer"):
        equity.evaluate_batch(np.zeros((4, 7), np.float64))
    with pytest.raises(ValueError, match="row 0: card id 300"):
        equity.evaluate_batch(np.full((2, 7), 300, np.int64))
    with pytest.raises(ValueError, match="row 1: card id -1"):
        equity.evaluate_batch(np.array([list(range(7)), [-1, 1, 2, 3, 4, 5, 6]]))


def test_batch_is_the_same_on_any_thread_count():
    # 300,001 rows: several 64K blocks for the parallel path, and a ragged last one.
    hands = random_hands(300_001, seed=4)
    one = equity.evaluate_batch(hands, threads=1)
    assert np.array_equal(equity.evaluate_batch(hands), one)
    assert np.array_equal(equity.evaluate_batch(hands, threads=2), one)
    assert np.array_equal(equity.evaluate_batch(hands, threads=0), one)
    hands[250_000, 3] = hands[250_000, 1]
    hands[299_999, 0] = 60
    for threads in (1, 2, None):
        with pytest.raises(ValueError, match="row 250000: a card twice"):
            equity.evaluate_batch(hands, threads=threads)
    with pytest.raises(ValueError, match="threads"):
        equity.evaluate_batch(hands, threads=-1)


def test_batch_takes_five_to_seven_columns_and_lists():
    hands = random_hands(500, seed=5)
    for columns in (5, 6, 7):
        rows = hands[:, :columns]
        expected = [equity.evaluate(list(map(int, row))).rank for row in rows]
        assert equity.evaluate_batch(np.ascontiguousarray(rows)).tolist() == expected
        assert equity.evaluate_batch(rows.tolist()).tolist() == expected  # a plain list of rows
    with pytest.raises(ValueError, match="row 1: "):
        equity.evaluate_batch([[0, 1, 2, 3, 4], [0, 0, 2, 3, 4]])
