"""The text of Tenhou's 牌理 calculator (tenhou.net/2), reproduced byte for byte.

``pairi(query, mode)`` returns the shanten line and the table rows the page shows,
for ``mode`` ``q`` (all forms) or ``p`` (regular form only), with a trailing ``d``
to analyse a 13-tile (3n+1) hand as is. Without ``d`` Tenhou adds a random 14th
tile to a 3n+1 hand, which cannot be reproduced: here a 3n+1 hand is always read
as is, the one sensible reading.

>>> pairi("123m456p789s11223z")
['聴牌(14枚)', '打3z 待ち[1z2z 4枚]']
>>> pairi("13m7p347s4457z", "qd")
['3向聴(10枚)', '摸[2m5p6p7p8p9p2s5s6s7s8s9s4z5z7z 54枚]']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import _core
from .forms import shanten_forms
from .notation import kind_of, parse_hand
from .tiles import TILE_NAMES, InvalidHandError

__all__ = ["pairi"]

MODES = ("q", "p", "qd", "pd")
_GROUP = re.compile(r"([0-9]+)([mpsz])")


def pairi(query: str, mode: str = "q") -> list[str]:
    """``[header, *rows]`` exactly as tenhou.net/2 shows them for ``query`` in ``mode``.

    A 3n+2 hand gets one ``打X 摸[...]`` (or, once tenpai, ``打X 待ち[...]``) row per
    discard that keeps the shanten, most tiles first; a 3n+1 hand in a ``d`` mode gets
    one ``摸[...]``/``待ち[...]`` row. A 3n+2 hand reads the same with or without ``d``,
    and so does a 3n+1 hand (as if ``d`` were given).

    >>> pairi("338m27p5899s1334z1s", "p")[0]
    '標準形3向聴 / 一般形5向聴(14枚)'
    >>> pairi("1112345666789m7m")[:2]
    ['和了(14枚)', '打7m 待ち[1m2m3m4m5m6m7m 16枚]']
    >>> pairi("34566m247p34568s")             # 13 tiles: read as is (mode qd)
    ['1向聴(13枚)', '摸[3p7s 8枚]']
    >>> pairi("123m", "q")
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: 3 concealed tiles: a hand has 3n+1 or 3n+2
    """
    if mode not in MODES:
        raise InvalidHandError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    if isinstance(query, str) and any(bracket in query for bracket in "[](){}"):
        raise InvalidHandError("melds are not supported: Tenhou's 牌理 takes concealed tiles only")
    counts = parse_hand(query).counts  # rejects bad characters, 5th copies, 3n tiles, more than 14
    tiles = sum(counts)
    regular_only = mode.startswith("p")

    if tiles % 3 == 1:
        result = _core.ukeire(list(counts), regular_only=regular_only)
        return [f"{_name(result.shanten)}({tiles}枚)", _row("", result.shanten, result.mask, counts)[1]]

    forms = shanten_forms(list(counts))
    best = forms.shanten
    regular = best if forms.regular is None else forms.regular
    shanten = regular if regular_only else best
    # 3n+2: the header names both numbers when the best form beats the regular one, even in p mode.
    if best != regular:
        header = f"標準形{_name(best)} / 一般形{_name(regular)}({tiles}枚)"
    else:
        header = f"{_name(shanten)}({tiles}枚)"
    kept = max(shanten, 0)  # a complete hand lists the discards that leave it tenpai
    rows: list[tuple[int, str]] = []
    for kind in _first_appearance(query):  # stable sort below keeps this order for ties
        after = list(counts)
        after[kind] -= 1
        result = _core.ukeire(after, regular_only=regular_only)
        if result.shanten == kept:
            rows.append(_row(f"打{TILE_NAMES[kind]} ", kept, result.mask, counts))
    rows.sort(key=lambda item: -item[0])
    return [header, *(row for _, row in rows)]


def _name(shanten: int) -> str:
    return {-1: "和了", 0: "聴牌"}.get(shanten, f"{shanten}向聴")


def _row(prefix: str, shanten: int, mask: int, counts: Sequence[int]) -> tuple[int, str]:
    """N and the row text: ``[prefix]摸[tiles N枚]``, or ``待ち[...]`` when tenpai.

    The mask holds only kinds with a live copy after the discard, but N counts copies against the
    hand as typed, so a complete hand's discard held four times is listed with 0 copies (as Tenhou does).
    """
    kinds = [kind for kind in range(34) if mask >> kind & 1]  # m, p, s, z ascending
    live = sum(4 - counts[kind] for kind in kinds)
    label = "待ち" if shanten == 0 else "摸"
    return live, f"{prefix}{label}[{''.join(TILE_NAMES[kind] for kind in kinds)} {live}枚]"


def _first_appearance(query: str) -> list[int]:
    """Distinct tile kinds in the order the query first writes them (red 0 is the five)."""
    order: dict[int, None] = {}
    for digits, suit in _GROUP.findall(query):
        for digit in digits:
            order.setdefault(kind_of(digit, suit), None)
    return list(order)
