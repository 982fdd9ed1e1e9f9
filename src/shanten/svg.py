"""Hands drawn as SVG, so that a ``Hand`` shows itself in Jupyter.

>>> from shanten import Hand
>>> picture = hand_svg(Hand.parse("406p11z (1111m) [555z] [789s]"))
>>> picture.startswith("<svg") and picture.count("<rect") == 15
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .tiles import FIVES, Hand, MeldKind

TILE_WIDTH, TILE_HEIGHT, GAP = 30, 42, 10
HONOURS = "東南西北白發中"
SUIT_MARKS = {"m": "萬", "p": "筒", "s": "索"}
SUIT_COLOURS = {"m": "#b22222", "p": "#1f4e9c", "s": "#1d7a35"}


def _tile(x: int, kind: int, red: bool, face_down: bool = False) -> str:
    box = (f'<rect x="{x + 1}" y="1" width="{TILE_WIDTH - 2}" height="{TILE_HEIGHT - 2}" rx="4" '
           f'fill="{"#2f6f5e" if face_down else "#fbf8ef"}" stroke="#555"/>')
    if face_down:
        return box
    middle = x + TILE_WIDTH // 2
    if kind >= 27:
        colour = {"發": "#1d7a35", "中": "#b22222"}.get(HONOURS[kind - 27], "#222")
        return box + (f'<text x="{middle}" y="28" font-size="20" text-anchor="middle" fill="{colour}">'
                      f"{HONOURS[kind - 27]}</text>")
    suit = "mps"[kind // 9]
    number = str(kind % 9 + 1)  # a red five is a five, drawn in red
    colour = "#d40000" if red else SUIT_COLOURS[suit]
    return box + (f'<text x="{middle}" y="22" font-size="17" font-weight="bold" text-anchor="middle" '
                  f'fill="{colour}">{number}</text>'
                  f'<text x="{middle}" y="36" font-size="10" text-anchor="middle" fill="#444">'
                  f"{SUIT_MARKS[suit]}</text>")


def hand_svg(hand: Hand) -> str:
    """The concealed tiles in order, then each meld after a gap (a closed kan shows its ends face down)."""
    parts: list[str] = []
    x = 0
    reds = list(hand.red)
    for kind, copies in enumerate(hand.counts):
        for _ in range(copies):
            red = kind in FIVES and reds[kind // 9] > 0
            if red:
                reds[kind // 9] -= 1
            parts.append(_tile(x, kind, red))
            x += TILE_WIDTH
    for meld in hand.melds:
        x += GAP
        meld_reds = meld.red
        for position, kind in enumerate(meld.tiles):
            red = kind in FIVES and meld_reds > 0
            if red:
                meld_reds -= 1
            hidden = meld.kind is MeldKind.CLOSED_KAN and position in (0, 3)
            parts.append(_tile(x, kind, red, face_down=hidden))
            x += TILE_WIDTH
    title = f"<title>{escape(str(hand))}</title>"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{x}" height="{TILE_HEIGHT}" '
            f'viewBox="0 0 {x} {TILE_HEIGHT}" font-family="sans-serif">{title}{"".join(parts)}</svg>')
