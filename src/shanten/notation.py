"""Tenhou-style notation for tiles, melds and hands; docs/notation.md is the reference.

Digits come before their suit letter (m, p, s, z), ``0`` is a red five, and
melds are bracketed: ``[123m]`` chi, ``[555z]`` pon, ``[5555z]`` open kan,
``(5555z)`` closed kan, ``{5555z}`` added kan.

>>> hand = parse_hand("5z 55p0p 123s {1111m} 342m")
>>> str(hand)
'234m055p123s5z {1111m}'
>>> str(parse_hand("336m237p2479s167z3s"))     # a 14th tile written apart is the drawn tile
'336m237p2479s167z3s'
>>> parse_hand("123m45")
Traceback (most recent call last):
...
shanten.tiles.InvalidHandError: column 5: digits '45' have no suit letter
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from .tiles import (
    _CLOSING,
    _OPENING,
    RED_FIVES,
    SUITS,
    Hand,
    InvalidHandError,
    Meld,
    MeldKind,
    check_tile,
    shown,
    validate_players,
)

_KAN_BY_OPENING = {opening: kind for kind, opening in _OPENING.items()}
_TOKEN = re.compile(r"[0-9]+[mpsz]|[\[\](){}]|\s+")

# A written tile: its kind and whether it is a red five.
_Tile = tuple[int, bool]


def parse_hand(text: str, *, players: int = 4) -> Hand:
    """The hand written in ``text``, checked for a game of ``players`` (3 or 4).

    >>> hand = parse_hand("123m 406p 11z [789s] (5555z)")
    >>> hand.counts[12:15], hand.red, [str(meld) for meld in hand.melds]
    ((1, 1, 1), (0, 1, 0), ['[789s]', '(5555z)'])
    >>> parse_hand("123m456p789s123z")
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: 12 concealed tiles: a hand has 3n+1 or 3n+2
    """
    validate_players(players)
    if isinstance(text, str) and not text.strip():
        raise InvalidHandError("empty input")
    concealed, melds, drawn = _read(text, players, melds_allowed=True)
    reds = [0, 0, 0]
    for kind, red in concealed:
        if red:
            reds[kind // 9] += 1
    if len(concealed) % 3 != 2:
        drawn = None
    hand = Hand(_counts(concealed), (reds[0], reds[1], reds[2]), tuple(melds), drawn)
    validate_players(players, hand)  # rules about whole melds, such as no chi in 3-player
    return hand


def parse_tiles(text: str) -> tuple[int, ...]:
    """34 counts of the plain tiles in ``text`` (red fives count as fives), at most 4 of a kind.

    >>> counts = parse_tiles("1112z 5p0p")
    >>> counts[27], counts[28], counts[13], sum(counts)
    (3, 1, 2, 6)
    >>> sum(parse_tiles(""))
    0
    """
    concealed, _, _ = _read(text, players=4, melds_allowed=False)
    return _counts(concealed)


def parse_meld(text: str) -> Meld:
    """The one meld written in ``text``.

    >>> parse_meld("[6p 40p]")
    Meld(kind=<MeldKind.CHI: 'chi'>, tiles=(12, 13, 14), red=1)
    >>> parse_meld("(111m)")
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: column 1: (111m) is not a meld: closed kan needs 4 identical tiles, got 1m 1m 1m
    """
    concealed, melds, _ = _read(text, players=4, melds_allowed=True)
    if concealed or len(melds) != 1:
        raise InvalidHandError(f"expected one meld such as [123m], got {shown(text)}")
    return melds[0]


def parse_melds(text: str) -> tuple[Meld, ...]:
    """The melds written in ``text``, and nothing else.

    >>> [str(meld) for meld in parse_melds("[123m] (5555z)")]
    ['[123m]', '(5555z)']
    >>> parse_melds("[123m] 5z")
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: column 8: 5z is not in a meld: write melds only, such as [123m] (5555z)
    """
    concealed, melds, _ = _read(text, players=4, melds_allowed=True, melds_only=True)
    return tuple(melds)


def _counts(tiles: Iterable[_Tile]) -> tuple[int, ...]:
    counts = [0] * 34
    for kind, _ in tiles:
        counts[kind] += 1
    return tuple(counts)


def _read(text: str, players: int, melds_allowed: bool, melds_only: bool = False
          ) -> tuple[list[_Tile], list[Meld], int | None]:
    """The concealed tiles, the melds and the drawn tile written in ``text``, checking every tile where it is written.

    The drawn tile is a last concealed group of one tile, right after other concealed tiles, whose
    suit was written before (Tenhou lists the 14th tile last, as in ``336m237p2479s167z3s``); the
    caller keeps it for 3n+2 hands.
    """
    if not isinstance(text, str):
        raise InvalidHandError(f"expected notation such as '123m456p', got {shown(text)}")
    concealed: list[_Tile] = []
    melds: list[Meld] = []
    seen = [0] * 34  # concealed and melded together, to catch a 5th copy where it is written
    group, opening, start = concealed, "", 0  # group: where tiles go, the open meld's list if any
    suits_written, last_group = "", ""  # suits of the concealed groups before the last one; the last one
    for token, column in _tokens(text):
        if token in _CLOSING:
            if group is not concealed:
                raise _error(column, f"'{token}' inside the meld opened at column {start}")
            if not melds_allowed:
                raise _error(column, f"'{token}': melds are not allowed here")
            group, opening, start = [], token, column
        elif token in _CLOSING.values():
            if group is concealed:
                raise _error(column, f"'{token}' closes no bracket")
            if token != _CLOSING[opening]:
                raise _error(column, f"'{token}' does not close '{opening}' at column {start}")
            try:
                melds.append(_meld(opening, group))
            except InvalidHandError as error:
                written = shown(" ".join(text[start - 1 : column].split()))[1:-1]  # one line, a few dozen characters
                raise _error(start, f"{written} is not a meld: {error}") from None
            group, suits_written, last_group = concealed, "", ""  # a tile after a meld is no drawn tile
        else:
            if melds_only and group is concealed:
                raise _error(column, f"{shown(token)[1:-1]} is not in a meld: write melds only, such as [123m] (5555z)")
            kinds = _KINDS[token[-1]]
            for offset, digit in enumerate(token[:-1]):
                kind = kinds.get(digit, -1)
                if kind >= 0:
                    seen[kind] += 1
                if kind < 0 or seen[kind] > 4 or (players == 3 and 1 <= kind <= 7):  # say what is wrong, and where
                    try:
                        check_tile(kind_of(digit, token[-1]), seen[kind], players)
                    except InvalidHandError as error:
                        raise _error(column + offset, str(error)) from None
                group.append((kind, digit == "0"))
            if group is concealed:
                suits_written, last_group = suits_written + last_group[-1:], token
    if group is not concealed:
        raise _error(start, f"unclosed '{opening}'")
    drawn = None
    if len(last_group) == 2 and last_group[-1] in suits_written:
        kind, red = concealed[-1]
        drawn = RED_FIVES[kind // 9] if red else kind
    return concealed, melds, drawn


def _tokens(text: str) -> Iterator[tuple[str, int]]:
    """Each tile group (``123m``) or bracket in ``text`` with its 1-based column; whitespace only separates."""
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise _unreadable(text, position)
        if not match.group().isspace():
            yield match.group(), position + 1
        position = match.end()


def _unreadable(text: str, position: int) -> InvalidHandError:
    """Why no token starts at ``position``: digits without their suit letter, or a stray character."""
    rest = text[position:]
    digits = rest[: len(rest) - len(rest.lstrip("0123456789"))]
    end = position + len(digits)
    if end < len(text) and not _TOKEN.match(text, end):
        return _error(end + 1, f"unknown character {text[end]!r}")
    return _error(position + 1, f"digits {shown(digits)} have no suit letter")


_KINDS = {suit: {digit: 9 * index + (int(digit) or 5) - 1 for digit in "0123456789"[: 10 if suit != "z" else 8]
                 if not (suit == "z" and digit == "0")} for index, suit in enumerate(SUITS)}
"""The kind of each digit of each suit letter (a red 0 is the five); honours have 1-7 only."""


def kind_of(digit: str, suit: str) -> int:
    """The kind (0-33) of a tile written as ``digit`` and ``suit``, red 0 the five: ``kind_of('0', 'p') == 13``."""
    if suit == "z" and digit in "089":
        raise InvalidHandError(f"no tile {digit}z (honours are 1z-7z)")
    return 9 * SUITS.index(suit) + (int(digit) or 5) - 1


def _meld(opening: str, tiles: list[_Tile]) -> Meld:
    kinds = sorted(kind for kind, _ in tiles)
    kind = _KAN_BY_OPENING.get(opening)
    if kind is None:  # square brackets: the tiles tell a chi, a pon and an open kan apart
        if len(kinds) == 4:
            kind = MeldKind.OPEN_KAN
        else:
            kind = MeldKind.PON if len(set(kinds)) == 1 else MeldKind.CHI
    return Meld(kind, tuple(kinds), sum(red for _, red in tiles))


def _error(column: int, what: str) -> InvalidHandError:
    return InvalidHandError(f"column {column}: {what}")
