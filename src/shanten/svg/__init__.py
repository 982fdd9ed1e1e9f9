"""Tiles, rows of tiles and hands drawn as SVG shapes, so they read the same with any font or none.

Faces are paths and circles (``shanten.svg._glyphs``), each defined once per drawing as a
``<symbol>`` that every tile showing it reuses; a drawing scales to any size (``height`` is the
pixel height of an upright tile) and its ``<title>`` is its notation. ``Hand._repr_svg_`` uses
``hand_svg``, so a ``Hand`` draws itself in Jupyter.

>>> from xml.etree import ElementTree
>>> from shanten import Hand
>>> picture = ElementTree.fromstring(hand_svg(Hand.parse("406p11z (1111m) [555z] [789s]")))
>>> picture.find("{http://www.w3.org/2000/svg}title").text
'406p11z (1111m) [555z] [789s]'
>>> [use.get("href")[9:] for use in picture.findall("{http://www.w3.org/2000/svg}use")]
['4p', '0p', '6p', '1z', '1z', 'back', '1m', '1m', 'back', '5z', '5z', '5z', '7s', '8s', '9s']
>>> tiles_svg([0, 34, 27], height=20)[:82]
'<svg xmlns="http://www.w3.org/2000/svg" width="45" height="20" viewBox="0 0 90 40"'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import NamedTuple
from xml.sax.saxutils import escape

from ..tiles import FIVES, RED_FIVES, TILE_ID_NAMES, Hand, InvalidHandError, Meld, MeldKind, integer
from ._glyphs import TILE_HEIGHT, TILE_WIDTH
from ._symbols import BACK, definitions, number, symbol_id

__all__ = ["hand_svg", "tile_svg", "tiles_svg"]

GAP = 8
"""Space between the concealed tiles and each meld, in tile units (a tile is 30 wide)."""


class _Place(NamedTuple):
    """A tile id (or ``BACK``) and the top left corner of the box it fills, lying on its side if turned."""

    tile: int
    x: float
    y: float
    turned: bool = False

    @property
    def right(self) -> float:
        return self.x + (TILE_HEIGHT if self.turned else TILE_WIDTH)


def all_symbols() -> str:
    """A hidden SVG that defines every tile's symbol, once for a page whose drawings leave them out.

    Each drawing defining the symbols it uses repeats their ids; on a page whose drawings change,
    every new or removed definition makes the browser rebuild every picture that uses that id.

    >>> all_symbols().count('<symbol id="shanten-')   # 37 tile ids, the back, 2 shared parts
    40
    """
    hidden = 'width="0" height="0" style="position:absolute" aria-hidden="true"'
    return f"<svg {hidden}>{definitions([*range(len(TILE_ID_NAMES)), BACK])}</svg>"


def tile_svg(tile: int, *, height: float = 40) -> str:
    """One tile id (0-33 a kind, 34-36 the red fives 0m 0p 0s) as a standalone SVG.

    >>> picture = tile_svg(34, height=24)
    >>> picture[picture.index("<title>"):picture.index("</title>") + 8], 'width="18"' in picture
    ('<title>0m</title>', True)
    """
    return _drawing([_Place(_tile_id(tile), 0, 0)], TILE_WIDTH, TILE_HEIGHT, TILE_ID_NAMES[tile], height)


def tiles_svg(tiles: Iterable[int], *, height: float = 40) -> str:
    """A row of tile ids, in the order given; the title writes them in notation (``"1230m"``).

    >>> picture = tiles_svg([12, 35, 14])
    >>> picture.count('<use href="#shanten-0p"'), picture.count('<symbol id="shanten-0p"')
    (1, 1)
    """
    row = [_tile_id(tile) for tile in tiles]
    names = (TILE_ID_NAMES[tile] for tile in row)
    title = "".join("".join(name[0] for name in run) + suit for suit, run in groupby(names, key=lambda name: name[1]))
    return _drawing(_upright(row, 0), TILE_WIDTH * len(row), TILE_HEIGHT, title, height)


def hand_svg(hand: Hand, *, height: float = 40, symbols: bool = True) -> str:
    """The concealed tiles in order (the drawn tile, if the hand names one, after a small gap), then each meld after a gap.

    A called tile lies turned on the left of its meld (for chi the lowest tile, which the left
    player gave; pon and open kan say nothing of who gave it, so the left too). An added kan
    stacks its fourth tile on the turned one; a closed kan shows its two ends face down. Red
    fives are drawn first among the fives, as the notation writes them. ``symbols=False`` leaves
    out the symbols' definitions, for a page that defines them once (``all_symbols``).

    >>> picture = hand_svg(Hand.parse("11z [123m] [456m] [789m] {1111p}"))
    >>> picture.count("rotate(-90)"), 'viewBox="0 0 492 60"' in picture
    (5, True)
    >>> 'viewBox="0 0 424 40"' in hand_svg(Hand.parse("336m237p2479s167z3s"))   # 14 tiles and a gap of 4
    True
    """
    concealed = _ids([kind for kind, copies in enumerate(hand.counts) for _ in range(copies)], hand.red)
    if hand.drawn is not None:
        concealed.remove(hand.drawn)
    places = _upright(concealed, 0)
    if hand.drawn is not None:
        places += _upright([hand.drawn], places[-1].right + GAP / 2)
    for meld in hand.melds:
        places += _meld(meld, places[-1].right + GAP)
    top = min(place.y for place in places)  # a stacked tile rises above the upright ones
    places = [place._replace(y=place.y - top) for place in places]
    return _drawing(places, max(place.right for place in places), TILE_HEIGHT - top, str(hand), height, symbols)


def _upright(tiles: Sequence[int], x: float) -> list[_Place]:
    return [_Place(tile, x + TILE_WIDTH * index, 0) for index, tile in enumerate(tiles)]


def _meld(meld: Meld, x: float) -> list[_Place]:
    """Where ``meld``'s tiles go from ``x`` on, with upright tiles at y 0."""
    suit = meld.tiles[0] // 9
    tiles = _ids(meld.tiles, [meld.red if index == suit else 0 for index in range(3)])
    if meld.kind is MeldKind.CLOSED_KAN:  # the face-up middle shows a red five if there is one
        return _upright([BACK, tiles[0], tiles[1], BACK], x)
    low = TILE_HEIGHT - TILE_WIDTH  # a turned tile stands on the same line as upright ones
    turned = [_Place(tiles[0], x, low, turned=True)]
    rest = tiles[1:]
    if meld.kind is MeldKind.ADDED_KAN:
        turned.append(_Place(rest.pop(0), x, low - TILE_WIDTH, turned=True))
    return turned + _upright(rest, x + TILE_HEIGHT)


def _ids(kinds: Sequence[int], red: Sequence[int]) -> list[int]:
    """Tile ids of ``kinds`` (in order) with ``red[suit]`` of each suit's fives red: the first ones."""
    left = list(red)
    tiles = []
    for kind in kinds:
        suit = kind // 9
        if kind in FIVES and left[suit]:
            left[suit] -= 1
            kind = RED_FIVES[suit]
        tiles.append(kind)
    return tiles


def _tile_id(tile: int) -> int:
    tile = integer(tile, "a tile id")
    if not 0 <= tile < len(TILE_ID_NAMES):
        raise InvalidHandError(f"tile ids are 0-{len(TILE_ID_NAMES) - 1}, got {tile}")
    return tile


def _use(place: _Place) -> str:
    href = f'<use href="#{symbol_id(place.tile)}"'
    size = f'width="{TILE_WIDTH}" height="{TILE_HEIGHT}"'
    if place.turned:  # a quarter turn anticlockwise about the box's bottom left corner puts the tile's top on the left
        return f'{href} {size} transform="translate({number(place.x)} {number(place.y + TILE_WIDTH)}) rotate(-90)"/>'
    return f'{href} x="{number(place.x)}" y="{number(place.y)}" {size}/>'


def _drawing(places: list[_Place], width: float, rows: float, title: str, height: float, symbols: bool = True) -> str:
    if isinstance(height, bool) or not isinstance(height, (int, float)) or not 0 < height < math.inf:
        raise InvalidHandError(f"height must be a positive number of pixels, got {height!r}")
    scale = height / TILE_HEIGHT
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{number(width * scale)}" height="{number(rows * scale)}" '
            f'viewBox="0 0 {number(width)} {number(rows)}" role="img"><title>{escape(title)}</title>'
            + (definitions(place.tile for place in places) if symbols else "") + "".join(map(_use, places)) + "</svg>")
