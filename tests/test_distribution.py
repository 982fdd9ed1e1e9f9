"""Exact shanten distributions: the published 14-tile table, totals, and brute force on small sizes."""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import comb

import numpy as np
import pytest

import oracle as O
from shanten import InvalidHandError
from shanten.distribution import SIZES, distribution

# tomohxx's table of all C(136, 14) deals of 14 tiles
PUBLISHED_14 = {
    -1: 12_859_078_207_674,
    0: 2_966_241_795_738_948,
    1: 99_154_452_630_748_356,
    2: 828_714_358_375_292_670,
    3: 1_867_404_976_243_926_528,
    4: 1_211_948_980_271_480_832,
    5: 233_501_763_289_743_360,
    6: 6_601_397_483_077_632,
}

WALL = {4: 136, 3: 108}


def brute_force(tiles: int, players: int) -> dict[int, int]:
    """Every count vector of ``tiles`` tiles through the independent oracle, weighted by prod C(4, h)."""
    kinds = np.array([k for k in range(34) if players == 4 or not 1 <= k <= 7])
    picks = np.array(list(combinations_with_replacement(range(len(kinds)), tiles)))
    counts = np.zeros((len(picks), 34), dtype=np.uint8)
    for column in picks.T:  # a row is hit once per column, so fancy-index += is safe
        counts[np.arange(len(picks)), kinds[column]] += 1
    counts = counts[counts.max(axis=1) <= 4]
    weight = np.array([comb(4, h) for h in range(5)], dtype=np.int64)[counts].prod(axis=1)
    shanten = O.replacement_numbers_batch(counts, None, players) - 1
    return {int(s): int(weight[shanten == s].sum()) for s in np.unique(shanten)}


def test_published_14() -> None:
    assert distribution(14) == PUBLISHED_14
    assert distribution() == PUBLISHED_14


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("tiles", SIZES)
def test_total(tiles: int, players: int) -> None:
    result = distribution(tiles, players=players)
    assert sum(result.values()) == comb(WALL[players], tiles)
    assert min(result) == (-1 if tiles % 3 == 2 else 0)
    assert list(result) == list(range(min(result), max(result) + 1))


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("tiles", [1, 2, 4, 5])
def test_brute_force(tiles: int, players: int) -> None:
    nonzero = {s: n for s, n in distribution(tiles, players=players).items() if n}
    assert nonzero == brute_force(tiles, players)


def test_13_tiles() -> None:
    result = distribution(13)
    assert sum(result.values()) == comb(136, 13)
    assert result.get(-1, 0) == 0  # 13 tiles are never complete
    assert all(n > 0 for n in result.values())


@pytest.mark.parametrize("tiles, players", [(3, 4), (0, 4), (15, 4), (14, 2)])
def test_invalid(tiles: int, players: int) -> None:
    with pytest.raises(InvalidHandError):
        distribution(tiles, players=players)
