# Type stubs of the `equity` package (the compiled part is equity._equity).
import os
from typing import Any, Iterator, Literal, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

Cards = Union[str, Sequence[Union[str, int]], None]  # card strings or card ids 0..51

class Range:
    def __init__(self, expr: str, game: str = "holdem") -> None: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Tuple[str, float]]: ...
    def __contains__(self, combo: str) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def weight(self, combo: str) -> float: ...
    def combos(self, removed: str = "") -> list[Tuple[str, float]]: ...
    def size(self, removed: str = "") -> Tuple[int, float]: ...
    def grid(self) -> npt.NDArray[np.float64]: ...
    @property
    def weighted(self) -> bool: ...
    @property
    def specific(self) -> bool: ...
    @property
    def game(self) -> str: ...

class Player:
    hand: str
    specific: bool
    combos: int
    wins: int
    ties: int
    losses: int
    equity: float
    stderr: Optional[float]
    ci95: Optional[Tuple[float, float]]
    def to_dict(self) -> dict[str, Any]: ...
    def __getattr__(self, name: str) -> Any: ...  # any other field of the player's JSON object

class Result:
    mode: str
    players: list[Player]
    boards: Optional[int]
    assignments: Optional[int]
    showdowns: Optional[int]
    trials: Optional[int]
    seed: Optional[int]
    seconds: float
    warnings: list[str]
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...
    def __getattr__(self, name: str) -> Any: ...  # any other field of the JSON object

class Evaluation:
    rank: int
    category: str
    name: str
    best: str
    low_rank: Optional[int]  # Omaha Hi/Lo only
    low: Optional[str]
    low_best: Optional[str]
    second_rank: Optional[int]  # badeucy, badacey only
    second: Optional[str]
    second_best: Optional[str]

class PreflopTable:
    classes: list[str]
    combos: npt.NDArray[np.int64]
    wins: npt.NDArray[np.int64]
    ties: npt.NDArray[np.int64]
    losses: npt.NDArray[np.int64]
    equity: npt.NDArray[np.float64]
    directory: str
    def index(self, name: str) -> int: ...

__version__: str

def calc(
    players: Union[str, Sequence[Union[str, Range]]],
    board: Cards = None,
    dead: Cards = None,
    method: str = "auto",
    stderr: Optional[float] = None,
    trials: Optional[int] = None,
    time: Optional[float] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    by_category: bool = False,
    per_combo: bool = False,
    distribution: bool = False,
    hits: bool = False,
    per_combo_stderr: Optional[float] = None,
    table: Optional[str] = None,
    use_table: bool = True,
    game: str = "holdem",
    stacks: Optional[Sequence[float]] = None,
    pot: Optional[float] = None,
    runs: int = 1,
    board2: Cards = None,
    draws: int = 1,
    pat: Optional[str] = None,
    keep: Optional[str] = None,
    folded: Optional[Sequence[float]] = None,
) -> Result: ...
def evaluate(
    cards: Union[str, Sequence[str], Sequence[int]], game: str = "holdem", board: Cards = None
) -> Evaluation: ...
_HiLoGame = Literal["omaha-hilo", "omaha5-hilo", "omaha6-hilo"]
@overload
def evaluate_batch(cards: npt.ArrayLike, threads: Optional[int] = None, *, game: _HiLoGame) -> Tuple[
    npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...  # (high ranks, lows)
@overload
def evaluate_batch(cards: npt.ArrayLike, threads: Optional[int] = None, game: str = "holdem") -> npt.NDArray[np.uint16]: ...
def card_id(card: str) -> int: ...
def card_name(id: int) -> str: ...
def preflop_table(dir: Optional[str] = None, game: str = "holdem") -> PreflopTable: ...
_Path = Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]
def hands(
    paths: Union[_Path, Sequence[_Path]], hero: Optional[str] = None, threads: Optional[int] = 0
) -> dict[str, Any]: ...  # {"all_ins": [...], "totals": {...}}: `equity hands --json`
def hands_text(
    text: Union[str, bytes], name: str = "text", hero: Optional[str] = None, threads: Optional[int] = 0
) -> dict[str, Any]: ...
def table_directory() -> str: ...
