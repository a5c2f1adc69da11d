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


@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.uint16])
@pytest.mark.parametrize(
    "rows, message",
    [
        ([[0, 1, 2, 3, 60]], "row 0: card id 60 is not 0..51"),
        ([[4, 5, 6, 7, 8], [0, 1, 2, 3, 60]], "row 1: card id 60 is not 0..51"),
        ([[48, 44, 40, 36, 32, 60]], "row 0: card id 60 is not 0..51"),
        ([[48, 44, 40, 36, 32, 28, 60]], "row 0: card id 60 is not 0..51"),
        ([[0, 1, 2, 3, 4, 5], [9, 9, 10, 11, 12, 13]], "row 1: a card twice"),
    ],
)
def test_batch_bad_ids_raise_the_same_error_in_every_dtype_and_width(rows, message, dtype):
    # uint8 rows of 5 or 6 cards were read unchecked: [[0, 1, 2, 3, 60]] gave [0] (issue 37).
    hands = np.array(rows, dtype)
    with pytest.raises(ValueError, match=f"^{message}$"):
        equity.evaluate_batch(hands)
    with pytest.raises(ValueError, match=f"^{message}$"):
        equity.evaluate_batch(hands, threads=1)


def test_batch_of_uint8_rows_of_7_is_read_without_a_copy_and_still_checked():
    hands = random_hands(1000, seed=8)
    assert np.array_equal(equity.evaluate_batch(hands), equity.evaluate_batch(hands.astype(np.int64)))
    hands[999, 6] = 255
    with pytest.raises(ValueError, match="^row 999: card id 255 is not 0..51$"):
        equity.evaluate_batch(hands)


@pytest.mark.parametrize("game", ["shortdeck", "shortdeck-straights"])
def test_batch_of_short_deck_equals_evaluate(game):
    rng = np.random.default_rng(9)
    deck = np.arange(16, 52, dtype=np.uint8)  # 6s .. Ad
    hands = np.array([rng.permutation(deck)[:7] for _ in range(1500)], np.uint8)
    for columns in (5, 6, 7):
        rows = np.ascontiguousarray(hands[:, :columns])
        ranks = equity.evaluate_batch(rows, game=game)
        assert ranks.dtype == np.uint16
        assert ranks.tolist() == [equity.evaluate(list(map(int, r)), game=game).rank for r in rows]
    hands[3, 2] = equity.card_id("2c")
    with pytest.raises(ValueError, match=r"^row 3: 2c is not in the deck of Short deck \(6\+\) Hold'em"):
        equity.evaluate_batch(hands, game=game)


def test_batch_game_errors():
    with pytest.raises(ValueError, match="holdem, shortdeck"):
        equity.evaluate_batch(random_hands(2), game="courchevel")
    with pytest.raises(ValueError, match=r"shape \(N, 7\), \(N, 8\) or \(N, 9\) of card ids \(4 hole cards then 3 to 5"):
        equity.evaluate_batch(np.zeros((2, 6), np.uint8), game="omaha")
    with pytest.raises(ValueError, match=r"shape \(N, 9\), \(N, 10\) or \(N, 11\)"):
        equity.evaluate_batch(np.zeros((2, 12), np.uint8), game="omaha6-hilo")
