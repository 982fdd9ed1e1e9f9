"""Exact shanten distribution over every deal of a given number of concealed tiles.

Enumerating hands is out of reach (about 3e11 count vectors for 14 tiles), but a
hand splits into groups (the suits and the run-less "isolated" kinds) whose data
combine simply: regular-form rows by min-plus, seven-pairs and thirteen-orphans
counts by sums. So each group's shapes collapse into a few thousand classes with
equal data, groups are merged pairwise (collapsing again), and the last merge maps
straight to shanten. All weights are exact integers (uint64: every partial count
is at most C(136, 14) < 2**63).
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, NamedTuple

from . import _core
from .tiles import InvalidHandError, integer, validate_players

if TYPE_CHECKING:
    import numpy as np

SIZES: tuple[int, ...] = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


def distribution(tiles: int = 14, *, players: int = 4) -> dict[int, int]:
    """Number of deals of ``tiles`` concealed tiles at each shanten, computed exactly.

    A deal is a set of ``tiles`` physical tiles from the 136-tile wall (``players=3``:
    the 108-tile wall without 2m-8m), so the values sum to C(136, tiles)
    (C(108, tiles)). Shanten is that of ``shanten.shanten``: the best of the regular
    form and, for 13 or 14 tiles, seven pairs and thirteen orphans. The keys run
    from -1 (0 when ``tiles`` cannot be a complete hand) to the largest shanten
    that occurs. 14 tiles take about a second.

    >>> distribution(2)
    {-1: 204, 0: 8976}
    >>> distribution(4)
    {0: 338436, 1: 6223906, 2: 7071488}
    >>> distribution(14)[-1]
    12859078207674
    """
    if integer(tiles, "tiles") not in SIZES:
        raise InvalidHandError(f"{tiles} concealed tiles: a hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14")
    validate_players(players)
    melds = tiles // 3
    special = tiles >= 13  # seven pairs and thirteen orphans exist only for 13 and 14 tiles
    # Group values >= cap are stored as cap: harmless, since every hand's replacement
    # number is below it. Seven pairs needs at most 7 (13 or 14 tiles fill >= 7 kinds
    # or leave enough pairs). The regular form needs at most 2M+1: M+1 held kinds
    # become M triplets and a pair; with k <= M kinds the 3M+1 tiles already fill
    # them, leaving <= k+2 missing.
    cap = 8 if special else 2 * melds + 2

    suit = _suit_classes(tiles, melds, cap, special)  # shared by every suit of the deal
    isolated = _isolated_classes(7 if players == 4 else 9, tiles, melds, cap, special)
    # Merge into two halves of similar size; only their pairs filling exactly `tiles` are visited.
    left = _merge(suit, suit, tiles, cap) if players == 4 else suit
    right = _merge(suit, isolated, tiles, cap)
    counts = _finish(left, right, tiles, melds, cap, special)

    low = -1 if tiles % 3 == 2 else 0
    result = {s: counts.get(s, 0) for s in range(low, max(counts) + 1)}
    assert sum(result.values()) == comb(136 if players == 4 else 108, tiles)
    return result


class _Classes(NamedTuple):
    """Shapes of a group (or of merged groups) with equal data, one entry per class."""

    n: np.ndarray  # tiles in the shape
    rows: np.ndarray  # (K, 2M+2) uint8: missing tiles for m melds and p pairs at m*2+p, clipped at cap
    feats: np.ndarray  # (K, 4) uint8: pairs, kinds, orphan kinds, orphan pair (all 0 below 13 tiles)
    weight: np.ndarray  # uint64: deals in the class


def _shapes(kinds: int, tiles: int) -> np.ndarray:
    """All count vectors of ``kinds`` kinds (0-4 each) with at most ``tiles`` tiles."""
    import numpy as np

    shapes = np.zeros((1, 0), dtype=np.uint8)
    for _ in range(kinds):  # one kind at a time, dropping overfull prefixes early
        digit = np.tile(np.arange(5, dtype=np.uint8), len(shapes))[:, None]
        shapes = np.concatenate([np.repeat(shapes, 5, axis=0), digit], axis=1)
        shapes = shapes[shapes.sum(axis=1) <= tiles]
    return shapes


def _classes(shapes: np.ndarray, rows: np.ndarray, orphans: list[int], special: bool) -> _Classes:
    """Classes of one group from its shapes and their (clipped) rows."""
    import numpy as np

    feats = np.zeros((len(shapes), 4), dtype=np.uint8)
    if special:
        feats[:, 0] = (shapes >= 2).sum(axis=1)
        feats[:, 1] = (shapes >= 1).sum(axis=1)
        feats[:, 2] = (shapes[:, orphans] >= 1).sum(axis=1)
        feats[:, 3] = (shapes[:, orphans] >= 2).any(axis=1)
    weight = np.array([1, 4, 6, 4, 1], dtype=np.uint64)[shapes].prod(axis=1, dtype=np.uint64)  # prod C(4, h)
    return _regroup(shapes.sum(axis=1), rows, feats, weight)


def _suit_classes(tiles: int, melds: int, cap: int, special: bool) -> _Classes:
    import numpy as np

    shapes = _shapes(9, tiles)
    rows = np.frombuffer(b"".join(map(_core.suit_values, map(bytes, shapes))), dtype=np.uint8).reshape(-1, 10)
    return _classes(shapes, np.minimum(rows[:, : 2 * melds + 2], cap), [0, 8], special)


def _isolated_classes(kinds: int, tiles: int, melds: int, cap: int, special: bool) -> _Classes:
    """Kinds that form no runs (honours; in 3-player also 1m and 9m): each is unused, a pair or a triplet."""
    import numpy as np

    shapes = _shapes(kinds, tiles)
    # The best m triplets and pair use the m+1 most held kinds, the triplets on the
    # top m: missing tiles fall as the count rises, and a triplet gains at least as
    # much from a higher count as a pair does.
    top = -np.sort(-shapes.astype(np.int16), axis=1)[:, : melds + 1]
    triplets = np.cumsum(np.maximum(3 - top, 0), axis=1) - np.maximum(3 - top, 0)  # m triplets, m = 0..M
    rows = np.empty((len(shapes), 2 * melds + 2), dtype=np.int16)
    rows[:, 0::2] = triplets
    rows[:, 1::2] = triplets + np.maximum(2 - top, 0)
    return _classes(shapes, np.minimum(rows, cap).astype(np.uint8), list(range(kinds)), special)


def _regroup(n: np.ndarray, rows: np.ndarray, feats: np.ndarray, weight: np.ndarray) -> _Classes:
    """Collapse entries with equal (n, rows, feats) into one class, summing weights exactly."""
    import numpy as np

    key = n.astype(np.uint64)
    for column in np.concatenate([rows, feats], axis=1).T:  # all values < 16 and <= 15 columns: 64 bits
        key = key << np.uint64(4) | column.astype(np.uint64)
    order = np.argsort(key)
    key = key[order]
    starts = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]]))
    first = order[starts]
    # reduceat adds the uint64 weights exactly (np.bincount would round through float64)
    return _Classes(n[first], rows[first], feats[first], np.add.reduceat(weight[order], starts))


def _pairs(a: _Classes, b: _Classes, tiles: int, exact: bool) -> tuple[np.ndarray, np.ndarray]:
    """Indices (into a, into b) of all class pairs with <= ``tiles`` tiles, or exactly ``tiles``."""
    import numpy as np

    ia, ib = [np.zeros(0, np.intp)], [np.zeros(0, np.intp)]
    for na in np.unique(a.n):
        for nb in np.unique(b.n):
            if na + nb == tiles or (na + nb < tiles and not exact):
                i, j = np.flatnonzero(a.n == na), np.flatnonzero(b.n == nb)
                ia.append(np.repeat(i, len(j)))
                ib.append(np.tile(j, len(i)))
    return np.concatenate(ia), np.concatenate(ib)


def _merge(a: _Classes, b: _Classes, tiles: int, cap: int) -> _Classes:
    """Classes of the union of two groups."""
    import numpy as np

    ia, ib = _pairs(a, b, tiles, exact=False)
    ra, rb = a.rows[ia], b.rows[ib]
    rows = np.full_like(ra, cap)
    for e in range(ra.shape[1]):  # m melds and p pairs: m1, p1 of them from a, the rest from b
        m, p = divmod(e, 2)
        for m1 in range(m + 1):
            for p1 in range(p + 1):
                np.minimum(rows[:, e], ra[:, m1 * 2 + p1] + rb[:, (m - m1) * 2 + p - p1], out=rows[:, e])
    fa, fb = a.feats[ia], b.feats[ib]
    feats = fa + fb
    feats[:, :2] = np.minimum(feats[:, :2], 7)  # pairs and kinds only matter up to 7
    feats[:, 3] = fa[:, 3] | fb[:, 3]
    return _regroup(a.n[ia] + b.n[ib], rows, feats, a.weight[ia] * b.weight[ib])


def _finish(a: _Classes, b: _Classes, tiles: int, melds: int, cap: int, special: bool) -> dict[int, int]:
    """Deals per shanten over all pairs of classes that make a whole hand."""
    import numpy as np

    ia, ib = _pairs(a, b, tiles, exact=True)
    ra, rb = a.rows[ia].astype(np.int16), b.rows[ib].astype(np.int16)
    best = np.full(len(ia), cap, dtype=np.int16)  # replacement number
    for m1 in range(melds + 1):
        for p1 in (0, 1):
            np.minimum(best, ra[:, m1 * 2 + p1] + rb[:, (melds - m1) * 2 + 1 - p1], out=best)
    if special:
        f = a.feats[ia].astype(np.int16) + b.feats[ib]
        # seven pairs: 7 - pairs + max(0, 7 - kinds), with kinds clipped at 7
        np.minimum(best, 14 - np.minimum(f[:, 0], 7) - np.minimum(f[:, 1], 7), out=best)
        np.minimum(best, 14 - f[:, 2] - (f[:, 3] > 0), out=best)  # thirteen orphans
    weight = a.weight[ia] * b.weight[ib]
    return {int(r) - 1: int(weight[best == r].sum()) for r in np.unique(best)}
