"""The one model every record format reads into: games, rounds, mjai-style events and round ends.

Tiles are ids 0-36 (``shanten.tiles``): kinds 0-33, and 34-36 for the red fives
0m, 0p, 0s. Seats are 0-3 (0-2 in 3-player), seat 0 the first dealer. Events are
named tuples of ints, cheap to build and to compare.

>>> from shanten.tiles import MeldKind
>>> Discard(seat=1, tile=34, tsumogiri=False)
Discard(seat=1, tile=34, tsumogiri=False)
>>> call = Call(2, MeldKind.PON, (4, 4, 34), called=34, from_seat=1)
>>> tile_names(call.tiles), call.kind.value
('5m 5m 0m', 'pon')
>>> round_name(wind=1, number=2, honba=1)
'S3-1'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Union

from ..tiles import FIVES, TILE_ID_NAMES, InvalidHandError, MeldKind

WINDS = "ESWN"

LIMITS: tuple[str | None, ...] = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""Limit names by the value Tenhou gives them (0-5); a yakuman of counted han is "kazoe yakuman"."""

DRAW_REASONS = (
    "exhaustive",
    "nagashi mangan",
    "nine terminals",
    "four winds",
    "four riichi",
    "four kans",
    "triple ron",
)
"""Why a round ended without a win: the wall ran out (possibly with nagashi mangan), or an abortive draw."""

ORDER: tuple[int, ...] = tuple(2 * kind for kind in range(34)) + tuple(2 * five + 1 for five in FIVES)
"""Sort key of tile ids: by kind, a red five right after the plain fives of its suit."""


class RecordError(InvalidHandError):
    """A record that cannot be read or replayed; the message names the file, the round and the reason."""


class Draw(NamedTuple):
    """``seat`` draws ``tile`` from the wall (or the dead wall after a kan or kita)."""

    seat: int
    tile: int


class Discard(NamedTuple):
    """``seat`` discards ``tile``; ``tsumogiri`` when it is the tile just drawn."""

    seat: int
    tile: int
    tsumogiri: bool


class Call(NamedTuple):
    """A meld: chi, pon, open kan, closed kan or added kan.

    ``tiles`` are all tiles of the resulting meld in ``ORDER``. ``called`` is the
    discard taken from ``from_seat`` (chi, pon, open kan) or, for an added kan, the
    tile added to the pon (the one a chankan robs); a closed kan has neither.
    """

    seat: int
    kind: MeldKind
    tiles: tuple[int, ...]
    called: int | None
    from_seat: int | None


class Riichi(NamedTuple):
    """``seat`` declares riichi; its next discard is the riichi tile."""

    seat: int


class RiichiAccepted(NamedTuple):
    """The riichi discard of ``seat`` was not won on: ``seat`` pays its 1000-point stick to the table."""

    seat: int


class Kita(NamedTuple):
    """3-player: ``seat`` sets a north (4z) aside as a bonus dora and draws a replacement."""

    seat: int


class NewDora(NamedTuple):
    """A further dora indicator is turned (after a kan)."""

    indicator: int


Event = Union[Draw, Discard, Call, Riichi, RiichiAccepted, Kita, NewDora]

DRAWS: tuple[tuple[Draw, ...], ...] = tuple(tuple(Draw(seat, tile) for tile in range(37)) for seat in range(4))
"""``DRAWS[seat][tile]``: the draw events, built once (events are immutable; readers share them)."""
DISCARDS: tuple[tuple[tuple[Discard, ...], ...], ...] = tuple(
    tuple(tuple(Discard(seat, tile, tsumogiri) for tile in range(37)) for tsumogiri in (False, True))
    for seat in range(4)
)
"""``DISCARDS[seat][tsumogiri][tile]``: the discard events, built once."""


class Win(NamedTuple):
    """One winner's result as the record states it; ``None`` where the format does not carry a field.

    ``from_seat`` is None for a tsumo. ``yaku`` pairs canonical names (``shanten.records.names``)
    with their han (13 per yakuman), in the record's order, leaving out those of 0 han (Tenhou lists
    "ura dora 0"); dora, aka dora and ura dora are listed as yaku. ``points``
    is the hand's value before honba and sticks (a tsumo: the sum of the payments). ``hand``
    is the concealed hand with the winning tile, ``melds`` the calls, ``ura`` the ura dora
    indicators (empty unless revealed), ``deltas`` every seat's score change.
    """

    seat: int
    from_seat: int | None
    tile: int
    han: int | None
    fu: int | None
    points: int | None
    yaku: tuple[tuple[str, int], ...]
    limit: str | None
    pao: int | None
    hand: tuple[int, ...] | None
    melds: tuple[Call, ...] | None
    ura: tuple[int, ...]
    deltas: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class DrawnRound:
    """A round that ended without a win: ``reason`` is one of ``DRAW_REASONS``.

    ``tenpai``: the seats tenpai at an exhaustive draw (empty for an abortive draw),
    None when the record does not say. (Not a tuple, so that a round's ``end`` is a
    tuple exactly when it has wins.)
    """

    reason: str
    tenpai: tuple[int, ...] | None
    deltas: tuple[int, ...] | None


End = Union[tuple[Win, ...], DrawnRound]
"""How a round ended: its wins (several for a double ron), or a draw."""


class Rules(NamedTuple):
    """The rules a game was played by; ``None`` where the record does not say.

    ``tenhou_type`` and ``lobby`` are the mjlog GO attributes as given; ``room`` is
    Tenhou's "general", "upper", "superior" or "phoenix"; ``hanchan`` False means an
    east-only game.
    """

    players: int
    red_fives: bool
    hanchan: bool | None = None
    open_tanyao: bool | None = None
    fast: bool | None = None
    room: str | None = None
    tenhou_type: int | None = None
    lobby: int | None = None


class Round(NamedTuple):
    """One hand of the game from the deal to its end (``end`` None if the record stops before it).

    ``wind`` 0-3 is the round wind (east...), ``number`` the hand within it (0 for
    East 1), ``sticks`` the riichi sticks on the table at the start, ``dora`` the
    dora indicator(s) at the start, ``hands`` each seat's 13 dealt tiles in ``ORDER``.
    ``scores`` is None when the record does not carry them.
    """

    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...] | None
    dora: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...]
    end: End | None

    @property
    def name(self) -> str:
        """Short name such as "E1-0" (East 1, no honba)."""
        return round_name(self.wind, self.number, self.honba)


class Game(NamedTuple):
    """A game record: ``format`` is "mjlog", "tenhou6" or "mjai"; ``source`` the file it came from.

    ``final_scores`` are the points at the end and ``final_results`` the results the record
    states after uma and oka (Tenhou's, in thousands), each None when absent.
    """

    id: str
    source: str
    format: str
    rules: Rules
    names: tuple[str, ...]
    rounds: tuple[Round, ...]
    final_scores: tuple[int, ...] | None
    final_results: tuple[float, ...] | None


def round_name(wind: int, number: int, honba: int) -> str:
    """A round's short name: wind letter, hand number from 1, honba."""
    return f"{WINDS[wind]}{number + 1}-{honba}"


def tile_names(tiles: tuple[int, ...] | list[int]) -> str:
    """Tile ids as names separated by spaces.

    >>> tile_names((0, 35, 33))
    '1m 0p 7z'
    """
    return " ".join(TILE_ID_NAMES[tile] for tile in tiles)


def sort_tiles(tiles: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """``tiles`` in ``ORDER``.

    >>> sort_tiles([22, 36, 0])
    (0, 22, 36)
    """
    return tuple(sorted(tiles, key=ORDER.__getitem__))


def last_tile(events: list[Event] | tuple[Event, ...]) -> int | None:
    """The tile the last event put in play, the one a win at that point takes: the tile drawn or
    discarded, added to a pon, set aside as kita (4z); None if there is none.

    >>> last_tile([Draw(0, 5), Discard(0, 35, False)]), last_tile([Kita(1)]), last_tile([])
    (35, 30, None)
    """
    last = events[-1] if events else None
    if isinstance(last, (Draw, Discard)):
        return last.tile
    if isinstance(last, Call):
        return last.called if last.kind is MeldKind.ADDED_KAN else last.tiles[0]
    return 30 if isinstance(last, Kita) else None


def quote(text: str, limit: int = 40) -> str:
    """``text`` for an error message: repr, cut to about ``limit`` characters.

    >>> quote("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'..."
    """
    return repr(text[:limit]) + ("..." if len(text) > limit else "")
