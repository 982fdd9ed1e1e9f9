"""Many hands at once, for ML pipelines: (N, 34) counts in, numpy arrays out.

Three batches share the options of the one-hand queries and run in C over
threads with the GIL released:

- ``shanten_batch``: N shanten;
- ``ukeire_batch``: N shanten and, per row, the live copies of each uke-ire kind;
- ``discards_batch``: N shanten and, per row and per discard kind, the shanten
  after that discard and the live uke-ire it leaves.

Options (each shared by every row, or given per row):

- ``dead``: tiles known to be gone, as 34 counts (shape (34,) or (N, 34));
- ``melded``: the player's own melded tiles, as 34 counts: they are not live,
  and under ``rule="wrc"`` they also lower the winning hand's limits;
- ``rule`` ("tenhou" or "wrc"), ``players`` (4 or 3);
- ``threads``: 1 to 64, or None for every core.

>>> import numpy as np
>>> rows = np.zeros((2, 34), dtype=np.uint8)
>>> rows[0, :13] = 1                # 123456789m1234p: tenpai on 1p and 4p
>>> rows[1, 27] = 2                 # 11z: complete (4 melds called)
>>> shanten_batch(rows).tolist()
[0, -1]
>>> result = ukeire_batch(rows[:1])
>>> result.shanten.tolist(), np.flatnonzero(result.live[0]).tolist(), result.live[0, [9, 12]].tolist()
([0], [9, 12], [3, 3])
>>> rows = np.zeros((1, 34), dtype=np.uint8)
>>> rows[0, [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 28, 30, 33]] = [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1]
>>> table = discards_batch(rows)    # 123m123p123s11247z
>>> table.shanten.tolist(), table.after[0, [0, 27, 28, 30, 33]].tolist(), table.ukeire[0, [0, 27, 28, 30, 33]].tolist()
([1], [2, 2, 1, 1, 1], [18, 11, 8, 8, 8])
>>> int(table.after[0, 3]) == NOT_HELD
True
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, NamedTuple

from . import _core
from ._resolve import RULES
from .tiles import InvalidHandError, count_error, integer, shown, validate_players

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike

NOT_HELD = 127
"""``discards_batch``'s shanten-after for a kind the row does not hold (it sorts after every real one)."""

UNKNOWN = 255
"""``discards_batch(..., taken=...)``'s uke-ire of a discard that ranks neither best nor beside the one taken."""

MAX_THREADS = 64

_SHANTEN, _UKEIRE, _DISCARDS = range(3)


class UkeireBatch(NamedTuple):
    """``shanten``: (N,) int8; ``live``: (N, 34) uint8, the live copies of each uke-ire kind, 0 elsewhere."""

    shanten: np.ndarray
    live: np.ndarray


class DiscardsBatch(NamedTuple):
    """``shanten``: (N,) int8 of each hand; ``after``: (N, 34) int8, the shanten after discarding
    each kind (``NOT_HELD`` where the hand holds none); ``ukeire``: (N, 34) uint8, the live uke-ire
    left by that discard (0 where not held)."""

    shanten: np.ndarray
    after: np.ndarray
    ukeire: np.ndarray


def _counts(array: ArrayLike, what: str, rows: int | None) -> np.ndarray:
    """``array`` as C-contiguous uint8 counts of shape (rows, 34), or (34,) for options shared by every row."""
    import numpy as np  # deferred: `import shanten` stays fast

    try:
        a = np.asarray(array)
    except ValueError:  # ragged rows
        raise InvalidHandError(f"{what} must be an (N, 34) array of counts, got ragged rows") from None
    shared = rows is not None and a.shape == (34,)
    if not shared and (a.ndim != 2 or a.shape[1] != 34 or (rows is not None and a.shape[0] != rows)):
        want = "an (N, 34) array of counts" if rows is None else f"34 counts or an ({rows}, 34) array"
        raise InvalidHandError(f"{what} must be {want}, got shape {a.shape}")
    if a.dtype != np.uint8 or (what != "counts" and a.size and a.max() > 4):
        bad = (a < 0) | (a > 4) if a.dtype.kind in "iu" else np.ones(a.shape, dtype=bool)
        if bad.any():  # the message of the one-hand queries, with the row
            index = np.unravel_index(int(np.argmax(bad)), a.shape)
            where = what if shared else f"row {index[0]}: {what}" if what != "counts" else f"row {index[0]}"
            raise count_error(where, int(index[-1]), a[index].item())
        a = a.astype(np.uint8)
    return np.ascontiguousarray(a)


def _run(job: int, counts: ArrayLike, rule: str, dead: ArrayLike | None, melded: ArrayLike | None, players: int,
         threads: int | None, taken: ArrayLike | None = None) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    import numpy as np

    validate_players(players)
    if rule not in RULES:
        raise InvalidHandError(f"unknown rule {shown(rule)}: use 'tenhou' or 'wrc'")
    if threads is None:
        threads = os.cpu_count() or 1
    elif not 1 <= integer(threads, "threads") <= MAX_THREADS:
        raise InvalidHandError(f"threads must be 1 to {MAX_THREADS} (None: every core), got {shown(threads)}")
    rows = _counts(counts, "counts", None)
    n = len(rows)
    options = [None if a is None else _counts(a, name, n) for a, name in ((dead, "dead"), (melded, "melded"))]
    shanten = np.empty(n, dtype=np.int8)
    first = second = None
    if job != _SHANTEN:
        first = np.empty((n, 34), dtype=np.int8 if job == _DISCARDS else np.uint8)
    if job == _DISCARDS:
        second = np.empty((n, 34), dtype=np.uint8)
    kinds = None
    if taken is not None:
        kinds = np.asarray(taken)
        if kinds.shape != (n,) or kinds.dtype.kind not in "iu" or (n and (kinds.min() < 0 or kinds.max() > 33)):
            raise InvalidHandError(f"taken must be {n} tile kinds 0-33, one per row, got {shown(taken)}")
        kinds = kinds.astype(np.uint8)
    _core.batch(job, rows, options[0], options[1], rule == "wrc", players, threads, shanten, first, second, kinds)
    return shanten, first, second


def shanten_batch(counts: ArrayLike, *, rule: str = "tenhou", dead: ArrayLike | None = None,
                  melded: ArrayLike | None = None, players: int = 4, threads: int | None = None) -> np.ndarray:
    """Shanten of each row of an (N, 34) array of concealed counts, as an (N,) int8 array.

    Every row is validated; the error names the first bad row.

    >>> import numpy as np
    >>> shanten_batch(np.ones((1, 34), dtype=np.uint8))
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: row 0: 34 concealed tiles: a hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14
    >>> tenpai = np.array([[0] * 27 + [3, 3, 3, 3, 1, 0, 0]], dtype=np.uint8)   # 111222333444z5z
    >>> shanten_batch(tenpai).tolist(), shanten_batch(tenpai, dead=[0] * 31 + [3, 0, 0]).tolist()
    ([0], [1])
    """
    return _run(_SHANTEN, counts, rule, dead, melded, players, threads)[0]


def ukeire_batch(counts: ArrayLike, *, rule: str = "tenhou", dead: ArrayLike | None = None,
                 melded: ArrayLike | None = None, players: int = 4, threads: int | None = None) -> UkeireBatch:
    """Uke-ire of each 3n+1 row: its shanten and the live copies of each kind that lowers it.

    Row by row the same as ``shanten.ukeire(row, dead=..., ...)``: ``live[i, k]`` is the ``counts``
    entry of kind ``k`` there, and 0 for kinds that are not uke-ire.
    """
    shanten, live, _ = _run(_UKEIRE, counts, rule, dead, melded, players, threads)
    assert live is not None
    return UkeireBatch(shanten, live)


def discards_batch(counts: ArrayLike, *, rule: str = "tenhou", dead: ArrayLike | None = None,
                   melded: ArrayLike | None = None, players: int = 4, threads: int | None = None,
                   taken: ArrayLike | None = None) -> DiscardsBatch:
    """Discard tables of each 3n+2 row, by kind: the shanten after each discard and the live uke-ire left.

    Row by row the same as ``shanten.discards(row, dead=..., ...)`` (a red five is a five here).
    ``taken``, the kind each row discarded, asks for a review: uke-ire only of the discards that
    leave the best shanten or the taken one's (the only ones that can rank above or beside it),
    ``UNKNOWN`` for the others, which saves most of the work under dead tiles.

    >>> import numpy as np
    >>> from shanten import Hand
    >>> row = np.array([Hand.parse("123m456p789s1122z5z").counts], dtype=np.uint8)
    >>> review = discards_batch(row, dead=[0] * 27 + [1, 1, 0, 0, 0, 0, 0], taken=[31])   # took 5z
    >>> review.after[0, [0, 31]].tolist(), review.ukeire[0, [0, 31]].tolist()
    ([1, 0], [255, 2])
    """
    shanten, after, ukeire = _run(_DISCARDS, counts, rule, dead, melded, players, threads, taken)
    assert after is not None and ukeire is not None
    return DiscardsBatch(shanten, after, ukeire)
