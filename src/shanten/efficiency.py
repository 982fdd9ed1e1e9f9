"""Tile efficiency: uke-ire, discard tables, improvement tiles and good-shape share.

Definitions (every count is of *live* tiles: 4 minus the copies in the hand,
in the player's own melds and among the dead tiles the caller passes):

- **uke-ire** of a 3n+1 hand: the kinds whose draw lowers its shanten, each with
  its live copies. A kind with no live copy is never listed.
- **unnecessary tiles** of a hand of any size: the held kinds that some optimal
  winning hand uses fewer of; for a 3n+2 hand, exactly the discards that keep
  the shanten.
- **discard table** of a 3n+2 hand: for every distinct discard (a red five and a
  plain five are separate rows when both are held), the shanten after it and
  the uke-ire left; at tenpai those kinds are the waits. Rows that raise the
  shanten are marked ``back``. Best first: lowest shanten, then most live tiles.
- **improvement** of a tenpai or 1-shanten 3n+1 hand: a live draw that does not
  lower the shanten but, with the best discard after it (same shanten, most live
  uke-ire), leaves more live uke-ire, or at tenpai turns a one-kind wait into a
  wait on two or more kinds. ``average`` is the mean uke-ire after improving,
  weighted by the live copies of each improving draw.
- **good-shape share** of a 1-shanten 3n+1 hand: of the live tiles that advance
  it, the share after which some discard leaves tenpai on two or more kinds.

>>> ukeire("123m456p789s1122z")
shanten.Ukeire(shanten=0, tiles=('1z', '2z'), kinds=(27, 28), counts=(2, 2), total=4, mask=402653184)
>>> unnecessary("123m456p789s11225z").tiles
('5z',)
>>> [(row.tile, row.shanten, row.total) for row in discards("123m456p789s11225z")][:2]
[('5z', 0, 4), ('1m', 1, 11)]
>>> kanchan = improvements("123m456p789s13m11z")   # tenpai on 2m only
>>> kanchan.total, kanchan.live, kanchan.draws[1]
(3, 14, Improvement(tile='4m', kind=3, live=4, discard='1m', total=7, tiles=('2m', '5m')))
>>> round(good_shape_share("23m456p789s11z579s"), 3)   # 6s, 8s give 1-4m; 1m, 4m a kanchan
0.467
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import NamedTuple

from . import _core
from ._resolve import DeadLike, HandLike, MeldLike
from .forms import describe
from .tiles import TILE_NAMES, InvalidHandError

Ukeire = _core.Ukeire
Unnecessary = _core.Unnecessary
Discard = _core.Discard
ukeire = _core.ukeire
unnecessary = _core.unnecessary


def _ukeire_html(self: Ukeire) -> str:
    """Jupyter draws uke-ire as tiles with their live copies (see ``shanten.html``)."""
    from .html import ukeire_html  # HTML depends on this module, never the reverse

    return ukeire_html(self)


def _discard_html(self: Discard) -> str:
    """Jupyter draws a discard row as a one-row table (see ``shanten.html``)."""
    from .html import discards_html

    return discards_html([self])


Ukeire._repr_html_ = _ukeire_html  # type: ignore[attr-defined]
Discard._repr_html_ = _discard_html  # type: ignore[attr-defined]


class DiscardTable(tuple[Discard, ...]):
    """``discards``'s result: the rows, best first. A tuple that Jupyter draws as a table."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        from .html import discards_html

        return discards_html(self)


@functools.wraps(_core.discards)
def discards(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
             dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False,
             regular_only: bool = False) -> DiscardTable:
    return DiscardTable(_core.discards(hand, melds=melds, rule=rule, dead=dead, players=players,
                                       seven_pairs_quads=seven_pairs_quads, regular_only=regular_only))


class Improvement(NamedTuple):
    """A draw that improves the hand without advancing it."""

    tile: str  # the drawn tile
    kind: int  # its kind, 0-33
    live: int  # its live copies
    discard: str  # the best discard after drawing it
    total: int  # live uke-ire (waits at tenpai) after that discard
    tiles: tuple[str, ...]  # those kinds


class Improvements(NamedTuple):
    """The improving draws of a hand, best first, and their summary.

    ``live`` is the number of live tiles that improve the hand, ``average`` the
    mean live uke-ire after improving, weighted by live copies (None without
    improvements). The JSON of the command line uses the same names.
    """

    shanten: int
    total: int  # live uke-ire before improving
    live: int
    average: float | None
    draws: tuple[Improvement, ...]

    def _repr_html_(self) -> str:
        """Jupyter draws the draws as a table of tiles (see ``shanten.html``)."""
        from .html import improvements_html  # HTML depends on this module, never the reverse

        return improvements_html(self)


def draws_of(raw: Iterable[tuple[int, int, str, int, tuple[str, ...]]]) -> tuple[Improvement, ...]:
    """The core's improvement draws, (kind, live, discard, total, tiles) each, as Improvement objects."""
    return tuple(Improvement(TILE_NAMES[kind], kind, live, discard, total, tiles)
                 for kind, live, discard, total, tiles in raw)


def summary(shanten: int, total: int, draws: tuple[Improvement, ...]) -> Improvements:
    """Improvements with their live improving tiles and average uke-ire after improving."""
    improving = sum(draw.live for draw in draws)
    average = sum(d.live * d.total for d in draws) / improving if draws else None
    return Improvements(shanten, total, improving, average, draws)


def improvements(hand: HandLike, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
                 dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False) -> Improvements:
    """Improvement tiles of a tenpai or 1-shanten 3n+1 hand (see the module's definitions).

    Takes the arguments of ``shanten.ukeire``. Returns ``Improvements(shanten, total, live, average,
    draws)``: the live uke-ire before improving, the live tiles that improve the hand, the mean live
    uke-ire after improving, and each improving draw with its best discard, best first.

    >>> result = improvements("123m456p789s13m11z")   # tenpai on 2m (kanchan)
    >>> result.total, result.live, round(result.average, 2)
    (3, 14, 5.57)
    >>> [(draw.tile, draw.live, draw.discard, draw.tiles) for draw in result.draws][:2]
    [('1m', 2, '3m', ('1m', '4m', '1z')), ('4m', 4, '1m', ('2m', '5m'))]
    """
    shanten, total, raw = _core.improvement_draws(hand, melds=melds, rule=rule, dead=dead, players=players,
                                                  seven_pairs_quads=seven_pairs_quads)
    if raw is None:
        raise InvalidHandError(f"improvements are for tenpai and 1-shanten hands; this hand is {describe(shanten)}")
    return summary(shanten, total, draws_of(raw))


def good_shape_share(hand: HandLike, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
                     dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False) -> float:
    """Share of a 1-shanten hand's advancing live tiles that can reach a tenpai on two or more kinds.

    Takes the arguments of ``shanten.ukeire``; returns a float from 0 to 1.

    >>> round(good_shape_share("23m456p789s11z579s"), 3)   # 6s, 8s give 1-4m; 1m, 4m a kanchan
    0.467
    """
    shanten, good, total = _core.good_shape(hand, melds=melds, rule=rule, dead=dead, players=players,
                                            seven_pairs_quads=seven_pairs_quads)
    if shanten != 1:
        raise InvalidHandError(f"good-shape share is for 1-shanten hands; this hand is {describe(shanten)}")
    return good / total if total else 0.0
