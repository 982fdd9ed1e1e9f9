"""SVG definitions of the tiles, built from the data in ``_glyphs``: one ``<symbol>`` per tile face.

Every drawing carries only the definitions it uses, each once, so a face shared by many tiles
costs its markup once. Ids start with ``shanten-`` and are the same in every drawing: several
drawings inline in one HTML page may define an id twice, and the copies are identical.

>>> symbol_id(35), symbol_id(BACK)
('shanten-0p', 'shanten-back')
>>> definitions([0]).count("<symbol"), definitions([0, 1, 2]).count('id="shanten-man"')
(1, 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..tiles import TILE_ID_NAMES, is_red, tile_kind
from ._glyphs import (
    BACK_COLOUR,
    BIG_PIP,
    BIRD,
    FACE_COLOUR,
    HONOUR_WIDTH,
    HONOURS,
    INK,
    MAN,
    MAN_WIDTH,
    NUMERAL_WIDTH,
    NUMERALS,
    OUTLINE,
    PIP,
    PIPS,
    RED,
    STICK,
    STICK_WIDTH,
    STICKS,
    TILE_HEIGHT,
    TILE_WIDTH,
)

BACK = -1
"""The face-down tile, drawn like a tile id."""

_TILE_BOX = f'viewBox="0 0 {TILE_WIDTH} {TILE_HEIGHT}"'


def number(value: float) -> str:
    """``value`` as short as SVG allows, for coordinates.

    >>> number(7.0), number(2 / 3), number(-0.5)
    ('7', '0.667', '-0.5')
    """
    return f"{value:.3f}".rstrip("0").rstrip(".")


def symbol_id(tile: int) -> str:
    """The id of the ``<symbol>`` that draws tile id ``tile`` (or ``BACK``)."""
    return "shanten-" + ("back" if tile == BACK else TILE_ID_NAMES[tile])


def _strokes(path: str, colour: str, width: float, id_: str = "") -> str:
    named = f' id="{id_}"' if id_ else ""
    return (f'<path{named} d="{path}" fill="none" stroke="{colour}" stroke-width="{width}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


# Parts shared by several faces; a face refers to them with <use href="#shanten-NAME">.
_PARTS = {
    "frame": f'<rect id="shanten-frame" {OUTLINE} fill="{FACE_COLOUR}"/>',
    "man": _strokes(MAN, RED, MAN_WIDTH, "shanten-man"),
    "pip": f'<symbol id="shanten-pip" viewBox="-10 -10 20 20">{PIP}</symbol>',
    "stick": f'<symbol id="shanten-stick" viewBox="0 0 {STICK_WIDTH} 12">{STICK}</symbol>',
}
_USES = re.compile(r'href="#shanten-(\w+)"')


def _pip(x: float, y: float, radius: float, colour: str) -> str:
    corner, size = number(x - radius), number(2 * radius)
    return (f'<use href="#shanten-pip" x="{corner}" y="{number(y - radius)}" '
            f'width="{size}" height="{size}" fill="{colour}"/>')


def _stick(x: float, y: float, length: float, colour: str, turn: float) -> str:
    turned = f' transform="rotate({number(turn)} {number(x)} {number(y)})"' if turn else ""
    width = length * STICK_WIDTH / 12
    return (f'<use href="#shanten-stick" x="{number(x - width / 2)}" y="{number(y - length / 2)}" '
            f'width="{number(width)}" height="{number(length)}" fill="{colour}"{turned}/>')


def _face(tile: int) -> str:
    """What is drawn on the tile's frame."""
    suit, value = divmod(tile_kind(tile), 9)

    def ink(colour: str) -> str:
        return RED if is_red(tile) else colour  # every mark of a red five, so it shows at any size

    if suit == 0:
        return _strokes(NUMERALS[value], ink(INK), NUMERAL_WIDTH) + '<use href="#shanten-man"/>'
    if suit == 1:
        return BIG_PIP if value == 0 else "".join(_pip(x, y, r, ink(c)) for x, y, r, c in PIPS[value + 1])
    if suit == 2:
        return BIRD if value == 0 else "".join(_stick(x, y, n, ink(c), t) for x, y, n, c, t in STICKS[value + 1])
    return _strokes(*HONOURS[value], HONOUR_WIDTH)


def _symbol(tile: int) -> str:
    body = f'<rect {OUTLINE} fill="{BACK_COLOUR}"/>' if tile == BACK else '<use href="#shanten-frame"/>' + _face(tile)
    return f'<symbol id="{symbol_id(tile)}" {_TILE_BOX}>{body}</symbol>'


def definitions(tiles: Iterable[int]) -> str:
    """A ``<defs>`` with the symbols of ``tiles`` (ids, or ``BACK``) and the parts they use, each once."""
    symbols = [_symbol(tile) for tile in sorted(set(tiles))]
    parts = sorted({part for symbol in symbols for part in _USES.findall(symbol)})
    return "<defs>" + "".join(_PARTS[part] for part in parts) + "".join(symbols) + "</defs>"
