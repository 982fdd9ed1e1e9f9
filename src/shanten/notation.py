"""Tenhou-style notation for tiles, melds and hands; docs/notation.md is the reference.

Digits come before their suit letter (m, p, s, z), ``0`` is a red five, and
melds are bracketed: ``[123m]`` chi, ``[555z]`` pon, ``[5555z]`` open kan,
``(5555z)`` closed kan, ``{5555z}`` added kan.

>>> hand = parse_hand("5z 55p0p 123s {1111m} 342m")
>>> format_hand(hand)
'234m055p123s5z {1111m}'
>>> parse_hand("123m45")
Traceback (most recent call last):
...
shanten.tiles.InvalidHandError: column 5: digits '45' have no suit letter
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from .tiles import Hand, InvalidHandError, Meld, MeldKind, check_tile, validate_players

SUITS = "mpsz"

_OPENING = {MeldKind.CLOSED_KAN: "(", MeldKind.ADDED_KAN: "{"}  # every other meld is "[...]"
_KAN_BY_OPENING = {opening: kind for kind, opening in _OPENING.items()}
_CLOSING = {"[": "]", "(": ")", "{": "}"}
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
    concealed, melds = _read(text, players, melds_allowed=True)
    red_m, red_p, red_s = (sum(red and kind // 9 == suit for kind, red in concealed) for suit in range(3))
    hand = Hand(_counts(concealed), (red_m, red_p, red_s), tuple(melds))
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
    concealed, _ = _read(text, players=4, melds_allowed=False)
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
    concealed, melds = _read(text, players=4, melds_allowed=True)
    if concealed or len(melds) != 1:
        raise InvalidHandError(f"expected one meld such as [123m], got {text!r}")
    return melds[0]


def format_hand(hand: Hand) -> str:
    """Canonical notation: the concealed tiles, then each meld in order after a space.

    >>> format_hand(parse_hand("3m 0m 5m 4m 5m 11z [555z] [213p]"))
    '34055m11z [555z] [123p]'
    """
    return " ".join([_format_tiles(hand.counts, hand.red), *map(format_meld, hand.melds)])


def format_meld(meld: Meld) -> str:
    """Canonical notation of one meld.

    >>> format_meld(parse_meld("{5055p}"))
    '{0555p}'
    """
    opening = _OPENING.get(meld.kind, "[")
    suit = meld.tiles[0] // 9
    red = [meld.red if index == suit else 0 for index in range(3)]
    return opening + _format_tiles(meld.counts, red) + _CLOSING[opening]


def _format_tiles(counts: Sequence[int], red: Sequence[int]) -> str:
    """Tiles grouped by suit in m, p, s, z order, each suit sorted, a red five (0) just before the plain fives."""
    groups = []
    for suit, letter in enumerate(SUITS):
        digits = "".join(str(value) * count for value, count in enumerate(counts[9 * suit : 9 * suit + 9], 1))
        if digits:
            groups.append(digits.replace("5", "0", red[suit] if suit < 3 else 0) + letter)
    return "".join(groups)


def _counts(tiles: Iterable[_Tile]) -> tuple[int, ...]:
    counts = [0] * 34
    for kind, _ in tiles:
        counts[kind] += 1
    return tuple(counts)


def _read(text: str, players: int, melds_allowed: bool) -> tuple[list[_Tile], list[Meld]]:
    """The concealed tiles and the melds written in ``text``, checking every tile where it is written."""
    if not isinstance(text, str):
        raise InvalidHandError(f"expected notation such as '123m456p', got {text!r}")
    concealed: list[_Tile] = []
    melds: list[Meld] = []
    seen = [0] * 34  # concealed and melded together, to catch a 5th copy where it is written
    group, opening, start = concealed, "", 0  # group: where tiles go, the open meld's list if any
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
                written = " ".join(text[start - 1 : column].split())  # keep the message on one line
                raise _error(start, f"{written} is not a meld: {error}") from None
            group = concealed
        else:
            for offset, digit in enumerate(token[:-1]):
                try:
                    kind = kind_of(digit, token[-1])
                    seen[kind] += 1
                    check_tile(kind, seen[kind], players)
                except InvalidHandError as error:
                    raise _error(column + offset, str(error)) from None
                group.append((kind, digit == "0"))
    if group is not concealed:
        raise _error(start, f"unclosed '{opening}'")
    return concealed, melds


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
    return _error(position + 1, f"digits {digits!r} have no suit letter")


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
