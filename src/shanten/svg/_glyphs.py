"""The tile faces as data: colours, kanji strokes, pip and stick layouts, in units of a 30 x 40 tile.

Nothing here needs a font: kanji are centre lines of strokes, drawn with round caps.
Coordinates put (0, 0) at the tile's top left corner; y grows downwards.

>>> TILE_WIDTH, TILE_HEIGHT
(30, 40)
>>> [len(PIPS[value]) for value in range(2, 10)] == [len(STICKS[value]) for value in range(2, 10)] == list(range(2, 10))
True
"""

from __future__ import annotations

TILE_WIDTH, TILE_HEIGHT = 30, 40

INK, RED, GREEN, BLUE = "#1b1b1b", "#d0122c", "#10803c", "#1d4fa0"
FACE_COLOUR, BACK_COLOUR = "#fbf7ec", "#2f7a64"

OUTLINE = 'x=".6" y=".6" width="28.8" height="38.8" rx="3.6" stroke="#8c8674" stroke-width="1.2"'
"""Attributes of the rounded rectangle of every tile, face up or down."""

NUMERAL_WIDTH, MAN_WIDTH, HONOUR_WIDTH = 2.4, 1.6, 2.6
"""Stroke widths: a manzu numeral (top half of the face), its 萬 (bottom half), an honour (whole face)."""

NUMERALS: tuple[str, ...] = (
    "M7 11.5L23 10.5",  # 一
    "M10 7L20 6.5M7 16L23 15.5",  # 二
    "M9 5.5L21 5M10.5 11L19.5 10.7M7 17L23 16.5",  # 三
    "M8 5V18M8 5H22V18M8 17H22M13 5.5V10Q13 13 10.5 14M17 5.5V12Q17 13 19.5 13",  # 四
    "M9 4.5H21M14.5 4.5L12.5 17.5M10 10.5H19.5V17.5M7 17.5H23",  # 五
    "M14.5 3L16 5.5M7.5 8.5H22.5M12 11.5L8.5 17.5M18 11.5L21.5 17.5",  # 六
    "M7 10.5L23 8.5M12.5 4V14.5Q12.5 17.5 15.5 17.5H22.5V15",  # 七
    "M13 5Q13 13 7.5 17.5M17 5Q17.5 13 22.5 17.5",  # 八
    "M13.5 4Q13.5 13 7.5 17.5M8.5 9H18V15.5Q18 17.5 20 17.5H23V15",  # 九
)
"""The kanji numerals 一 to 九 in the top half of a manzu face."""

MAN = ("M7.5 23H22.5M11.5 21V25M18.5 21V25M10 26H20V31.5H10ZM10 28.75H20M15 26V33"
       "M8 37.5V33H22V36.5Q22 37.5 20.5 37.5M14.5 34L12 36.5L18 36M16.5 34.5L18.5 37")
"""萬, simplified to 艹 over 田 over 禸, in the bottom half of every manzu face."""

HONOURS: tuple[tuple[str, str], ...] = (
    ("M6 10.5H24M15 4V36M9.5 14H20.5V25H9.5ZM9.5 19.5H20.5M14 25.5L6 33M16 25.5L24 33", INK),  # 東
    ("M6 9.5H24M15 4V14M8 36V14H22V33.5Q22 35.5 20 35.5M11.5 16.5L13 19.5M18.5 16.5L17 19.5"
     "M10.5 22H19.5M9.5 27H20.5M15 22V35", INK),  # 南
    ("M6 8H24M8 36V14.5H22V36M8 34H22M12.5 8.5V19Q12.5 24 9 26M17.5 8.5V23Q17.5 24.5 20 24.5", INK),  # 西
    ("M12 5V31M7 15.5H12M6.5 29.5L12 26M18 5V30Q18 33 21 33H24V29.5M18 18L23.5 14", INK),  # 北
    ("M8 6H22V34H8Z", BLUE),  # 白: an empty frame
    ("M7.5 5H12.5L8 10.5M9 8.5L11 10M17 4.5L19 6.5M16.5 7.5H21.5L23.5 10M7 15L12.5 12M17.5 12L23.5 15"
     "M7.5 17.5H12.5V21.5H8.5V25.5H13V32.5Q13 35 10.5 35"
     "M17 17.5V21Q17 23 15.5 23.5M17 17.5H21V21.5Q21 23 23.5 23M16 26H22.5L16 35M18 28.5L23.5 35", GREEN),  # 發
    ("M7 12H23V25H7ZM15 4V36", RED),  # 中
)
"""Stroke paths and colours of 東南西北白發中."""

PIP = '<circle r="9.6"/><circle r="6.3" fill="none" stroke="#fff" stroke-width="1.5"/><circle r="2.4" fill="#fff"/>'
"""One pinzu circle around (0, 0), radius 10, in the colour of whatever draws it."""

BIG_PIP = (
    f'<circle cx="15" cy="20" r="12.5" fill="{GREEN}"/>'
    # Zero-length dashes with round caps draw a ring of 16 dots.
    '<circle cx="15" cy="20" r="10.6" fill="none" stroke="#fff" stroke-width="1.7" stroke-linecap="round" '
    'stroke-dasharray="0 4.163"/>'
    f'<circle cx="15" cy="20" r="8.4" fill="{BLUE}"/><circle cx="15" cy="20" r="6" fill="#fff"/>'
    f'<circle cx="15" cy="20" r="4.6" fill="{RED}"/><circle cx="15" cy="20" r="1.6" fill="#fff"/>'
)
"""The ornate single circle of 1p."""

STICK_WIDTH = 5
STICK = ('<rect x=".7" width="3.6" height="12" rx="1.6"/><rect y="5.1" width="5" height="1.8" rx=".9"/>'
         '<path d="M2.5 1.5V4.2M2.5 7.8V10.5" stroke="#fff" stroke-width=".7"/>')
"""One souzu stick, STICK_WIDTH x 12 with a node in the middle, in the colour of whatever draws it."""

BIRD = (
    f'<path d="M13 25Q6 29 4.5 37.5Q10 33.5 15.5 28Z" fill="{GREEN}"/>'
    f'<path d="M15 26Q12 32 12 38Q16 33 18 27.5Z" fill="{BLUE}"/>'
    f'<ellipse cx="16.5" cy="19.5" rx="6" ry="8.5" transform="rotate(18 16.5 19.5)" fill="{GREEN}"/>'
    f'<path d="M12.5 16Q19 15 21.5 23Q15.5 24.5 12.5 16Z" fill="{BLUE}"/>'
    f'<circle cx="20" cy="9" r="4.2" fill="{GREEN}"/>'
    f'<path d="M23.6 7.6L28.5 9.6L23.6 11.4Z" fill="{RED}"/>'
    f'<circle cx="21" cy="8.2" r="1.3" fill="#fff"/><circle cx="21.3" cy="8.2" r=".6" fill="{INK}"/>'
    f'<path d="M18.5 5.2Q17.5 2.2 14.5 2.4M20.3 4.9Q21 1.8 23.5 1.8M17 30V35M20 29V35M14.5 35.5H22.5" '
    f'fill="none" stroke="{RED}" stroke-width="1.2" stroke-linecap="round"/>'
)
"""The bird of 1s."""

# A circle: centre x, centre y, radius, colour.
Pip = tuple[float, float, float, str]

PIPS: dict[int, tuple[Pip, ...]] = {
    2: ((15, 11, 6.8, GREEN), (15, 29, 6.8, BLUE)),
    3: ((8.5, 9, 5.3, BLUE), (15, 20, 5.3, RED), (21.5, 31, 5.3, GREEN)),
    4: ((9, 11, 5.6, BLUE), (21, 11, 5.6, GREEN), (9, 29, 5.6, GREEN), (21, 29, 5.6, BLUE)),
    5: ((8.5, 9, 5, BLUE), (21.5, 9, 5, GREEN), (15, 20, 5, RED), (8.5, 31, 5, GREEN), (21.5, 31, 5, BLUE)),
    6: tuple((x, y, 4.7, colour) for y, colour in ((8, GREEN), (21.5, RED), (32, RED)) for x in (9, 21)),
    7: ((7.5, 6.5, 3.8, GREEN), (15, 9.5, 3.8, GREEN), (22.5, 12.5, 3.8, GREEN),
        (9.5, 23, 4.4, RED), (20.5, 23, 4.4, RED), (9.5, 32.5, 4.4, RED), (20.5, 32.5, 4.4, RED)),
    8: tuple((x, y, 4.2, BLUE) for y in (6.5, 15.5, 24.5, 33.5) for x in (9.5, 20.5)),
    9: tuple((x, y, 3.9, colour) for y, colour in ((8, BLUE), (20, RED), (32, GREEN)) for x in (7.5, 15, 22.5)),
}
"""The circles of 2p-9p (1p is BIG_PIP)."""

# A stick: centre x, centre y, length, colour, clockwise turn in degrees.
Stick = tuple[float, float, float, str, float]

STICKS: dict[int, tuple[Stick, ...]] = {
    2: ((15, 11, 14, GREEN, 0), (15, 29, 14, BLUE, 0)),
    3: ((15, 11, 14, BLUE, 0), (9.5, 29, 14, GREEN, 0), (20.5, 29, 14, GREEN, 0)),
    4: ((9.5, 11, 14, GREEN, 0), (20.5, 11, 14, BLUE, 0), (9.5, 29, 14, BLUE, 0), (20.5, 29, 14, GREEN, 0)),
    5: ((8, 11, 14, GREEN, 0), (22, 11, 14, BLUE, 0), (15, 20, 14, RED, 0),
        (8, 29, 14, BLUE, 0), (22, 29, 14, GREEN, 0)),
    6: tuple((x, y, 14, colour, 0) for y, colour in ((11, GREEN), (29, BLUE)) for x in (7.5, 15, 22.5)),
    7: ((15, 7.5, 10.5, RED, 0),
        *((x, y, 10.5, colour, 0) for y, colour in ((20, GREEN), (32, BLUE)) for x in (7.5, 15, 22.5))),
    8: ((5.5, 11, 14, GREEN, 0), (12, 11, 14, GREEN, -20), (18, 11, 14, GREEN, 20), (24.5, 11, 14, GREEN, 0),
        (5.5, 29, 14, BLUE, 0), (12, 29, 14, BLUE, 20), (18, 29, 14, BLUE, -20), (24.5, 29, 14, BLUE, 0)),
    9: tuple((x, y, 10.5, colour, 0)
             for y in (7.5, 20, 32.5) for x, colour in ((7.5, GREEN), (15, RED), (22.5, BLUE))),
}
"""The sticks of 2s-9s (1s is BIRD)."""
