"""Every way to read a complete hand: its groups, its form and the wait the winning tile completed.

A complete hand reads as four groups and a pair (the standard form, with any called melds),
as seven distinct pairs, or as thirteen orphans; a standard hand may read in several ways
(``222333444m``: three triplets or three identical runs), and the winning tile may complete
several of its groups (each a different wait). ``arrangements`` lists them all; the scorer
keeps the one that scores highest.

>>> from shanten.notation import parse_tiles
>>> for a in arrangements(parse_tiles("222333444m55p111z"), (), win=1, tsumo=False):
...     print(a.form, a.wait, " ".join(map(str, a.groups)))
standard shanpon 222m 333m 444m 111z 55p
standard ryanmen 234m 234m 234m 111z 55p
"""

from __future__ import annotations

import functools
import itertools
from typing import NamedTuple

from ..tiles import TILE_NAMES, Meld, MeldKind

RUN, TRIPLET, KAN, PAIR = "run", "triplet", "kan", "pair"

TERMINALS_AND_HONOURS: frozenset[int] = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
"""Kinds of 1 and 9 of each suit and every honour: the thirteen orphans."""


class Group(NamedTuple):
    """One group of a reading: ``shape`` (run, triplet, kan, pair), its lowest tile kind,
    ``concealed`` (a triplet or kan counts as concealed: not called, not completed by a ron),
    and ``called`` (a chi, pon, open or added kan: it opens the hand)."""

    shape: str
    tile: int
    concealed: bool = True
    called: bool = False

    def __str__(self) -> str:
        """In notation: ``[...]`` called, ``(...)`` closed kan."""
        tile = self.tile
        suit = TILE_NAMES[tile][1]
        if self.shape == RUN:
            digits = "".join(TILE_NAMES[k][0] for k in (tile, tile + 1, tile + 2))
        else:
            digits = TILE_NAMES[tile][0] * {TRIPLET: 3, KAN: 4, PAIR: 2}[self.shape]
        text = digits + suit
        if self.called:
            return f"[{text}]"
        return f"({text})" if self.shape == KAN else text


class Arrangement(NamedTuple):
    """One reading of a complete hand: ``form`` (standard, chiitoitsu, kokushi), its groups
    (the pair last; seven pairs for chiitoitsu, none for kokushi), and the ``wait`` the winning
    tile completed: ryanmen, kanchan, penchan, shanpon, tanki, or for thirteen orphans
    "kokushi" (single wait) and "kokushi 13-sided"."""

    form: str
    groups: tuple[Group, ...]
    wait: str


def meld_group(meld: Meld) -> Group:
    """A called meld or closed kan as a group.

    >>> from shanten.notation import parse_meld
    >>> str(meld_group(parse_meld("[1111z]"))), str(meld_group(parse_meld("(1111z)")))
    ('[1111z]', '(1111z)')
    """
    kind = meld.kind
    if kind is MeldKind.CHI:
        return Group(RUN, meld.tiles[0], False, True)
    if kind is MeldKind.PON:
        return Group(TRIPLET, meld.tiles[0], False, True)
    closed = kind is MeldKind.CLOSED_KAN
    return Group(KAN, meld.tiles[0], closed, not closed)


def _split(counts: list[int], start: int, first: int, runs: bool, pair: bool) -> list[list[Group]]:
    """Every split of one suit's ``counts`` (from index ``start`` on) into triplets, runs (if
    ``runs``) and a pair (if ``pair``, then exactly one); ``first`` is the suit's first kind."""
    i = start
    while i < len(counts) and not counts[i]:
        i += 1
    if i == len(counts):
        return [] if pair else [[]]
    found: list[list[Group]] = []
    count = counts[i]
    if count >= 3:
        counts[i] -= 3
        found += [[Group(TRIPLET, first + i), *rest] for rest in _split(counts, i, first, runs, pair)]
        counts[i] += 3
    if pair and count >= 2:
        counts[i] -= 2
        found += [[*rest, Group(PAIR, first + i)] for rest in _split(counts, i, first, runs, False)]
        counts[i] += 2
    if runs and i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        found += [[Group(RUN, first + i), *rest] for rest in _split(counts, i, first, runs, pair)]
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1
    return found


@functools.lru_cache(maxsize=1 << 16)
def _suit_readings(counts: tuple[int, ...], first: int) -> tuple[tuple[Group, ...], ...]:
    """Every reading of one suit (or of the honours, ``first`` 27), remembered: a hand's suits recur."""
    splits = _split(list(counts), 0, first, first < 27, sum(counts) % 3 == 2)
    return tuple(tuple(split) for split in splits)


def readings(counts: tuple[int, ...] | list[int]) -> list[tuple[Group, ...]]:
    """Every way to read concealed ``counts`` (3n+2 tiles) as n groups and a pair (the pair last).

    >>> from shanten.notation import parse_tiles
    >>> [" ".join(map(str, groups)) for groups in readings(parse_tiles("111234m55z"))]
    ['111m 234m 55z']
    >>> [" ".join(map(str, groups)) for groups in readings(parse_tiles("222333444m55p111z"))]
    ['222m 333m 444m 111z 55p', '234m 234m 234m 111z 55p']
    """
    suits = []
    pairs = 0
    for first in (0, 9, 18, 27):
        part = tuple(counts[first : first + 9 if first < 27 else 34])
        size = sum(part) % 3
        if size == 1:
            return []
        pairs += size == 2
        if any(part):
            suits.append(_suit_readings(part, first))
    if pairs != 1:
        return []
    found = []
    for parts in itertools.product(*suits):
        groups = [group for part in parts for group in part]
        groups.sort(key=lambda group: group.shape == PAIR)  # the pair last
        found.append(tuple(groups))
    return found


_RUN_WAITS = ("ryanmen", "kanchan", "ryanmen")  # the win tile's place in the run: low, middle, high


def _run_wait(tile: int, win: int) -> str:
    place = win - tile
    if place == 0 and tile % 9 == 6 or place == 2 and tile % 9 == 0:
        return "penchan"  # 7 of 789, 3 of 123: the run could only grow one way
    return _RUN_WAITS[place]


def arrangements(concealed: tuple[int, ...] | list[int], melds: tuple[Group, ...], win: int,
                 tsumo: bool) -> list[Arrangement]:
    """Every reading of the hand (``concealed`` counts with the winning kind ``win``, plus the
    called ``melds``) with each group the winning tile may have completed; empty if none.

    A triplet completed by a ron counts as an open triplet (fu, concealed triplets).

    >>> from shanten.notation import parse_tiles
    >>> [a.wait for a in arrangements(parse_tiles("19m19p19s12345677z"), (), win=33, tsumo=True)]
    ['kokushi 13-sided']
    >>> [a.form for a in arrangements(parse_tiles("1122m3344p5566s77z"), (), win=33, tsumo=True)]
    ['chiitoitsu']
    """
    found: list[Arrangement] = []
    seen: set[tuple[tuple[Group, ...], str]] = set()
    for groups in readings(concealed):
        for index, group in enumerate(groups):
            shape, tile = group.shape, group.tile
            placed: tuple[Group, ...] = groups
            if shape == RUN:
                if not tile <= win <= tile + 2:
                    continue
                wait = _run_wait(tile, win)
            elif tile != win:
                continue
            elif shape == PAIR:
                wait = "tanki"
            else:
                wait = "shanpon"
                if not tsumo:
                    placed = (*groups[:index], Group(TRIPLET, tile, False), *groups[index + 1 :])
            key = (tuple(sorted(placed)), wait)
            if key not in seen:
                seen.add(key)
                found.append(Arrangement("standard", (*melds, *placed), wait))
    if not melds:
        if sum(concealed) == 14 and all(count in (0, 2) for count in concealed):
            pairs = tuple(Group(PAIR, kind) for kind in range(34) if concealed[kind])
            found.append(Arrangement("chiitoitsu", pairs, "tanki"))
        elif sum(concealed[kind] for kind in TERMINALS_AND_HONOURS) == 14 and all(
                concealed[kind] for kind in TERMINALS_AND_HONOURS):
            wait = "kokushi 13-sided" if concealed[win] == 2 else "kokushi"
            found.append(Arrangement("kokushi", (), wait))
    return found
