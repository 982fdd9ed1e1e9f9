"""Shanten of many hands at once, for ML pipelines: (N, 34) counts in, N shanten out."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from . import _core
from .tiles import InvalidHandError, integer, validate_players

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike


def shanten_batch(counts: ArrayLike, *, threads: int | None = None, players: int = 4) -> np.ndarray:
    """Shanten (rule "tenhou") of each row of an (N, 34) array of concealed counts.

    Releases the GIL and splits the rows over ``threads`` threads (default: all
    cores). Every row is validated; the error names the first bad row.

    >>> import numpy as np
    >>> rows = np.zeros((2, 34), dtype=np.uint8)
    >>> rows[0, :13] = 1                # 123456789m1234p: tenpai
    >>> rows[1, 27] = 2                 # 11z: complete (4 melds called)
    >>> shanten_batch(rows).tolist()
    [0, -1]
    >>> shanten_batch(np.ones((1, 34), dtype=np.uint8))
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: row 0: 34 concealed tiles: a hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14
    """
    import numpy as np  # deferred: `import shanten` stays fast

    validate_players(players)
    threads = os.cpu_count() or 1 if threads is None else integer(threads, "threads")
    try:
        array = np.asarray(counts)
    except ValueError as error:  # ragged rows
        raise InvalidHandError(f"expected an (N, 34) array of counts: {error}") from None
    if array.ndim != 2 or array.shape[1] != 34:
        raise InvalidHandError(f"expected an (N, 34) array of counts, got shape {array.shape}")
    if array.dtype.kind not in "biu":  # 0.5 copies is an error, not 0
        raise InvalidHandError(f"counts must be integers, got dtype {array.dtype}")
    if array.dtype != np.uint8:
        if array.size and (array.min() < 0 or array.max() > 4):
            bad = int(np.argmax((array < 0).any(axis=1) | (array > 4).any(axis=1)))
            raise InvalidHandError(f"row {bad}: counts must be 0 to 4")
        array = array.astype(np.uint8)
    array = np.ascontiguousarray(array)
    out = np.empty(len(array), dtype=np.int8)
    _core.batch(array, out, threads, players)
    return out
