"""Core types: tile kinds, melds, hands, and the package's one error type.

Tile kinds are ints 0-33: 1m-9m, 1p-9p, 1s-9s, then 1z-7z (east, south, west,
north, white, green, red). A red five counts as a plain five of its suit; hands
and melds only remember how many of their fives are red.

The types format themselves (``str`` is their canonical notation) and import no
other module of the package: parsing (``notation``) and drawing (``svg``) depend
on them, and ``Hand.parse`` and ``Hand._repr_svg_`` call those at call time.

>>> TILE_NAMES[0], TILE_NAMES[13], TILE_NAMES[33]
('1m', '5p', '7z')
>>> hand = Hand.parse("123m 406p 789s 11z [555z]")
>>> hand.concealed_count, hand.red, hand.melds[0].kind
(11, (0, 1, 0), <MeldKind.PON: 'pon'>)
>>> str(hand)
'123m406p789s11z [555z]'
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast
from enum import Enum

TILE_NAMES: tuple[str, ...] = tuple(f"{value}{suit}" for suit in "mpsz" for value in range(1, 8 if suit == "z" else 10))

FIVES: tuple[int, int, int] = (4, 13, 22)
"""Kinds of 5m, 5p and 5s: the kinds a red five of each suit counts as."""

RED_FIVES: tuple[int, int, int] = (34, 35, 36)
"""Tile ids of the red fives 0m, 0p and 0s.

Where a tile's red-ness matters (game records, discards), a tile is an id 0-36:
its kind 0-33, or 34-36 for a red five (the ids Mortal's libriichi uses).
"""

TILE_ID_NAMES: tuple[str, ...] = TILE_NAMES + ("0m", "0p", "0s")
"""Names of the tile ids 0-36."""


def tile_kind(tile: int) -> int:
    """The kind (0-33) of tile id ``tile``: a red five is a five.

    >>> tile_kind(35), tile_kind(13), TILE_ID_NAMES[35]
    (13, 13, '0p')
    """
    return FIVES[tile - 34] if tile >= 34 else tile


def is_red(tile: int) -> bool:
    """Whether tile id ``tile`` is a red five."""
    return tile >= 34


class InvalidHandError(ValueError):
    """Bad input anywhere in the package; the message is one line saying what and where."""


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages that quote bad input.

    >>> shown("1m" * 50)
    "'1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m..."
    >>> shown(10**5000)
    'a huge int'
    """
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit has no repr
        return f"a huge {type(value).__name__}"
    text = " ".join(text.split())  # numpy arrays print on several lines
    return text if len(text) <= limit else text[: limit - 3] + "..."


def count_error(what: str, kind: int, value: object) -> InvalidHandError:
    """The one message for a bad count, whatever the input type (the core words it the same way).

    >>> count_error("hand", 0, 5)
    InvalidHandError('hand: count of 1m is 5: a count is an integer 0 to 4')
    """
    return InvalidHandError(f"{what}: count of {TILE_NAMES[kind]} is {shown(value)}: a count is an integer 0 to 4")


def count(value: object, what: str, kind: int) -> int:
    """``value`` as a count 0-4 of ``kind``: True, 1.0 or 5 are errors, not counts.

    >>> count(3, "hand", 0)
    3
    >>> count(True, "dead", 33)
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: dead: count of 7z is True: a count is an integer 0 to 4
    """
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise count_error(what, kind, value)
    n = operator.index(value)  # a numpy integer is shown as the int it is
    if not 0 <= n <= 4:
        raise count_error(what, kind, n)
    return n


class MeldKind(Enum):
    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open kan"
    CLOSED_KAN = "closed kan"
    ADDED_KAN = "added kan"


_SHAPES = {
    MeldKind.CHI: "3 consecutive number tiles of one suit",
    MeldKind.PON: "3 identical tiles",
    MeldKind.OPEN_KAN: "4 identical tiles",
    MeldKind.CLOSED_KAN: "4 identical tiles",
    MeldKind.ADDED_KAN: "4 identical tiles",
}


def _has_shape(kind: MeldKind, tiles: tuple[int, ...]) -> bool:
    if not tiles:
        return False
    first = tiles[0]
    if kind is MeldKind.CHI:
        return first < 27 and first % 9 <= 6 and tiles == (first, first + 1, first + 2)
    return tiles == (first,) * (3 if kind is MeldKind.PON else 4)


def integer(value: object, what: str) -> int:
    """``value`` as an int, for arguments that count something: 2.0, True or "2" are errors, not 2.

    >>> integer(3, "players")
    3
    >>> integer(3.0, "players")
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: players must be an integer, got 3.0
    """
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise InvalidHandError(f"{what} must be an integer, got {shown(value)}")


def copies_in_game(kind: int, players: int = 4) -> int:
    """Copies of ``kind`` in a game of ``players``: 4, or 0 for 2m-8m in 3-player.

    >>> copies_in_game(1, players=3), copies_in_game(0, players=3), copies_in_game(1)
    (0, 4, 4)
    """
    return 0 if players == 3 and 1 <= kind <= 7 else 4


def check_tile(kind: int, copies: int = 1, players: int = 4) -> None:
    """Raise InvalidHandError unless a game of ``players`` can hold ``copies`` tiles of ``kind``.

    >>> check_tile(9, copies=5)
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: 5th copy of 1p
    >>> check_tile(1, players=3)
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: 2m does not exist in 3-player mahjong
    """
    if copies > 4:
        raise InvalidHandError(f"5th copy of {TILE_NAMES[kind]}")
    if copies > copies_in_game(kind, players):
        raise InvalidHandError(f"{TILE_NAMES[kind]} does not exist in 3-player mahjong")


def validate_players(players: int, hand: Hand | None = None) -> None:
    """Raise InvalidHandError unless ``players`` is 3 or 4 and ``hand``, if given, fits that game.

    3-player mahjong has no 2m-8m and no chi.

    >>> validate_players(3, Hand.parse("19m19p19s1234567z"))
    >>> validate_players(3, Hand.parse("11p [789s] [111z] [222z] [333z]"))
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: [789s]: no chi in 3-player mahjong
    >>> validate_players(2)
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: players must be 3 or 4, got 2
    """
    if integer(players, "players") not in (3, 4):
        raise InvalidHandError(f"players must be 3 or 4, got {shown(players)}")
    if hand is None or players == 4:  # a valid Hand already fits the 4-player game
        return
    for kind, copies in enumerate(hand.total_counts):
        check_tile(kind, copies, players)
    for meld in hand.melds:
        if meld.kind is MeldKind.CHI:
            raise InvalidHandError(f"{meld}: no chi in 3-player mahjong")


SUITS = "mpsz"

_OPENING = {MeldKind.CLOSED_KAN: "(", MeldKind.ADDED_KAN: "{"}  # every other meld is "[...]"
_CLOSING = {"[": "]", "(": ")", "{": "}"}


def format_tiles(counts: Sequence[int], red: Sequence[int] = (0, 0, 0)) -> str:
    """Tiles grouped by suit in m, p, s, z order, each suit sorted, a red five (0) just before the plain fives.

    >>> format_tiles([1, 1, 1, 0, 2] + [0] * 29, red=(1, 0, 0))
    '12305m'
    """
    groups = []
    for suit, letter in enumerate(SUITS):
        digits = "".join(str(value) * copies for value, copies in enumerate(counts[9 * suit : 9 * suit + 9], 1))
        if digits:
            groups.append(digits.replace("5", "0", red[suit] if suit < 3 else 0) + letter)
    return "".join(groups)


def _sequence(values: object, what: str) -> tuple[object, ...]:
    """``values`` as a tuple, or one line saying what was expected (numpy 0-d arrays are not sequences)."""
    try:
        items = values.tolist() if hasattr(values, "tolist") else values
        return tuple(items)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidHandError(f"{what}, got {shown(values)}") from None


@dataclass(frozen=True)
class Meld:
    """A called group, or a closed kan: its kind, tile kinds (stored sorted) and red fives.

    >>> meld = Meld(MeldKind.CHI, (14, 12, 13), red=1)
    >>> meld.tiles, str(meld), meld.counts[12:15]
    ((12, 13, 14), '[406p]', (1, 1, 1))
    >>> Meld(MeldKind.PON, (0, 1, 2))
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: pon needs 3 identical tiles, got 1m 2m 3m
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    red: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MeldKind):
            raise InvalidHandError(f"a meld's kind is a MeldKind, got {shown(self.kind)}")
        kinds = _sequence(self.tiles, "a meld's tiles are a sequence of tile kinds")
        tiles = tuple(sorted(integer(tile, "a tile kind") for tile in kinds))
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "red", integer(self.red, "a red count"))
        if not all(0 <= tile < 34 for tile in tiles):
            raise InvalidHandError(f"tile kinds are 0-33, got {shown(tiles)}")
        if not _has_shape(self.kind, tiles):
            got = " ".join(TILE_NAMES[tile] for tile in tiles) or "no tiles"
            raise InvalidHandError(f"{self.kind.value} needs {_SHAPES[self.kind]}, got {got}")
        fives = sum(tile in FIVES for tile in tiles)
        if not 0 <= self.red <= fives:
            raise InvalidHandError(f"{self.red} red fives in a meld with {fives} fives")

    @property
    def counts(self) -> tuple[int, ...]:
        """34 counts of the meld's tile kinds."""
        counts = [0] * 34
        for tile in self.tiles:
            counts[tile] += 1
        return tuple(counts)

    def __str__(self) -> str:
        """Canonical notation: ``[123m]`` chi, pon or open kan, ``(1111m)`` closed kan, ``{1111m}`` added kan."""
        opening = _OPENING.get(self.kind, "[")
        suit = self.tiles[0] // 9
        red = [self.red if index == suit else 0 for index in range(3)]
        return opening + format_tiles(self.counts, red) + _CLOSING[opening]


@dataclass(frozen=True, repr=False)
class Hand:
    """Concealed tiles as 34 counts, red fives among them per suit (m, p, s), and called melds.

    No melds means the calls are unknown; given melds must complete the hand to
    4 groups and a pair. ``drawn`` is the tile id (0-36) of a 3n+2 hand's last
    draw where the input wrote it apart (``336m237p2479s167z3s``); it is one of
    the concealed tiles, shown last, and hands equal whatever their drawn tile.
    The constructor rejects any impossible hand.

    >>> Hand((1,) * 13 + (0,) * 21).concealed_count
    13
    >>> Hand((1,) * 12 + (0,) * 22)
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: 12 concealed tiles: a hand has 3n+1 or 3n+2
    >>> Hand.parse("11z [123m] [456m] [789m] [111p]").total_counts[:9]
    (1, 1, 1, 1, 1, 1, 1, 1, 1)
    >>> hand = Hand.parse("336m237p2479s167z3s")
    >>> str(hand), TILE_ID_NAMES[hand.drawn], hand == Hand.parse("336m237p23479s167z")
    ('336m237p2479s167z3s', '3s', True)
    """

    counts: tuple[int, ...]
    red: tuple[int, int, int] = (0, 0, 0)
    melds: tuple[Meld, ...] = ()
    drawn: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # Accept any integer sequences (lists, numpy arrays) but store tuples, so hands hash and compare.
        counts = _sequence(self.counts, "a hand's counts are 34 integers")
        red = _sequence(self.red, "a hand's red fives are 3 integers")
        melds = _sequence(self.melds, "a hand's melds are a sequence of Meld objects")
        if len(counts) != 34 or len(red) != 3:
            raise InvalidHandError(f"a hand needs 34 counts and 3 red counts, got {len(counts)} and {len(red)}")
        # Plain ints 0-4 pass in a few set and min/max steps; anything else is read one by one for its message.
        plain = cast("tuple[int, ...]", counts)
        if set(map(type, counts)) != {int} or not 0 <= min(plain) <= max(plain) <= 4:
            counts = tuple(count(n, "hand", kind) for kind, n in enumerate(counts))
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "red", tuple(integer(n, "a red count") for n in red))
        object.__setattr__(self, "melds", melds)
        if not all(isinstance(meld, Meld) for meld in self.melds):
            raise InvalidHandError("a Hand's melds must be Meld objects: parse notation with Hand.parse")
        if self.melds and max(self.total_counts) > 4:
            for kind, copies in enumerate(self.total_counts):
                check_tile(kind, copies)
        for suit, five, red_fives in zip("mps", FIVES, self.red, strict=True):
            if not 0 <= red_fives <= self.counts[five]:
                raise InvalidHandError(f"{red_fives} red 5{suit} among {self.counts[five]} concealed 5{suit}")
        size = self.concealed_count
        if size > 14:
            raise InvalidHandError(f"{size} concealed tiles: a hand has at most 14")
        if size % 3 == 0:
            raise InvalidHandError(f"{size} concealed tiles: a hand has 3n+1 or 3n+2")
        needed = 4 - size // 3
        if self.melds and len(self.melds) != needed:
            raise InvalidHandError(
                f"{size} concealed tiles need {needed} meld{'s' * (needed != 1)}, got {len(self.melds)}"
            )
        if self.drawn is not None:
            drawn = integer(self.drawn, "the drawn tile")
            if not 0 <= drawn <= 36 or size % 3 != 2 or not self.counts[tile_kind(drawn)]:
                raise InvalidHandError(f"the drawn tile must be one of a 3n+2 hand's tiles, got {shown(self.drawn)}")
            if is_red(drawn) and not self.red[drawn - 34]:
                raise InvalidHandError(f"the drawn tile is {TILE_ID_NAMES[drawn]}, but the hand holds no red five there")

    @classmethod
    def parse(cls, text: str, *, players: int = 4) -> Hand:
        """The hand written in ``text`` (see ``shanten.notation.parse_hand``)."""
        from .notation import parse_hand  # the parser depends on this module, never the reverse

        return parse_hand(text, players=players)

    @property
    def concealed_count(self) -> int:
        return sum(self.counts)

    @property
    def total_counts(self) -> tuple[int, ...]:
        """34 counts of the concealed tiles and the melds together."""
        totals = list(self.counts)
        for meld in self.melds:
            for tile in meld.tiles:
                totals[tile] += 1
        return tuple(totals)

    def __str__(self) -> str:
        """Canonical notation: the concealed tiles (the drawn tile last), then each meld after a space."""
        counts, red = list(self.counts), list(self.red)
        last = ""
        if self.drawn is not None:
            kind = tile_kind(self.drawn)
            counts[kind] -= 1
            if is_red(self.drawn):
                red[kind // 9] -= 1
            last = format_tiles([int(k == kind) for k in range(34)], red=[int(is_red(self.drawn))] * 3)
        return " ".join([format_tiles(counts, red) + last, *map(str, self.melds)])

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """Jupyter draws the hand (see ``shanten.svg``)."""
        from .svg import hand_svg  # drawing depends on this module, never the reverse

        return hand_svg(self)
