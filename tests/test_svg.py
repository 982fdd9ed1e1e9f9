"""Tiles, rows and hands drawn as SVG: every tile in its place, with faces that need no font."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from xml.etree import ElementTree

import pytest

from shanten import Hand, InvalidHandError
from shanten.svg import hand_svg, tile_svg, tiles_svg
from shanten.svg._glyphs import BLUE, GREEN, INK, RED
from shanten.tiles import TILE_ID_NAMES

NS = "{http://www.w3.org/2000/svg}"
SAMPLE = "0s7z [406m] [555z] {0555p} (1111s)"  # red fives, chi, pon, added kan, closed kan


def drawn(picture: str) -> list[tuple[str, ...]]:
    """Each tile of a drawing: its symbol's name, then where it goes (x y, or the transform of a turned tile)."""
    tiles = []
    for use in ElementTree.fromstring(picture).findall(f"{NS}use"):
        assert (use.get("width"), use.get("height")) == ("30", "40")
        name = use.get("href", "").removeprefix("#shanten-")
        where = (use.get("transform"),) if use.get("transform") else (use.get("x"), use.get("y"))
        tiles.append((name, *where))
    return tiles


def symbol(picture: str, name: str) -> ElementTree.Element:
    found = ElementTree.fromstring(picture).findall(f"{NS}defs/{NS}symbol[@id='shanten-{name}']")
    assert len(found) == 1
    return found[0]


def test_hand_draws_every_tile_in_order() -> None:
    picture = hand_svg(Hand.parse("123m406p22z (1111z) [555z]"))
    assert drawn(picture) == [
        ("1m", "0", "0"), ("2m", "30", "0"), ("3m", "60", "0"),
        ("4p", "90", "0"), ("0p", "120", "0"), ("6p", "150", "0"), ("2z", "180", "0"), ("2z", "210", "0"),
        ("back", "248", "0"), ("1z", "278", "0"), ("1z", "308", "0"), ("back", "338", "0"),
        ("5z", "translate(376 40) rotate(-90)"), ("5z", "416", "0"), ("5z", "446", "0"),
    ]
    root = ElementTree.fromstring(picture)
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("476", "40", "0 0 476 40")


def test_melds_turn_stack_and_hide_tiles() -> None:
    picture = hand_svg(Hand.parse(SAMPLE))
    assert drawn(picture) == [
        ("0s", "0", "20"), ("7z", "30", "20"),
        ("4m", "translate(68 60) rotate(-90)"), ("0m", "108", "20"), ("6m", "138", "20"),  # chi: the lowest tile turned
        ("5z", "translate(176 60) rotate(-90)"), ("5z", "216", "20"), ("5z", "246", "20"),  # pon: the left tile turned
        ("0p", "translate(284 60) rotate(-90)"), ("5p", "translate(284 30) rotate(-90)"),  # added kan: stacked
        ("5p", "324", "20"), ("5p", "354", "20"),
        ("back", "392", "20"), ("1s", "422", "20"), ("1s", "452", "20"), ("back", "482", "20"),  # closed kan
    ]
    assert ElementTree.fromstring(picture).get("viewBox") == "0 0 512 60"


def test_open_kan_turns_one_tile_and_closed_kan_shows_its_red_five() -> None:
    assert drawn(hand_svg(Hand.parse("1m [1111z] [2222z] [3333z] (0555m)")))[-8:] == [
        ("3z", "translate(314 40) rotate(-90)"), ("3z", "354", "0"), ("3z", "384", "0"), ("3z", "414", "0"),
        ("back", "452", "0"), ("0m", "482", "0"), ("5m", "512", "0"), ("back", "542", "0"),
    ]


def test_title_is_the_notation() -> None:
    def title(picture: str) -> str | None:
        return ElementTree.fromstring(picture).findtext(f"{NS}title")

    assert title(hand_svg(Hand.parse("406p 5z [555z] 1z [789s] (1111m)"))) == "406p15z [555z] [789s] (1111m)"
    assert title(tiles_svg([0, 1, 34, 13, 27, 27, 2])) == "120m5p11z3m"
    assert title(tile_svg(36)) == "0s"
    assert Hand.parse(SAMPLE)._repr_svg_() == hand_svg(Hand.parse(SAMPLE))


def test_every_tile_id_has_its_own_face_and_no_text() -> None:
    picture = tiles_svg(range(37))
    assert [name for name, *_ in drawn(picture)] == list(TILE_ID_NAMES)
    faces = {ElementTree.tostring(symbol(picture, name)).split(b">", 1)[1] for name in TILE_ID_NAMES}
    assert len(faces) == 37
    for sample in (picture, hand_svg(Hand.parse(SAMPLE))):
        assert sample.isascii()
        assert "<text" not in sample


def test_every_part_is_defined_once_and_used() -> None:
    for picture in (tiles_svg(range(37)), hand_svg(Hand.parse(SAMPLE)), tile_svg(4)):
        defined = re.findall(r'id="([\w-]+)"', picture)
        used = set(re.findall(r'href="#([\w-]+)"', picture))
        assert len(defined) == len(set(defined))
        assert set(defined) == used


def test_red_fives_draw_every_mark_red() -> None:
    picture = tiles_svg([4, 34, 13, 35, 22, 36])

    def colours(name: str) -> list[str | None]:
        marks = [use for use in symbol(picture, name) if use.get("href") != "#shanten-frame"]
        return [mark.get("fill") if mark.tag == f"{NS}use" else mark.get("stroke") for mark in marks]

    assert colours("5m") == [INK, None] and colours("0m") == [RED, None]  # the numeral, then 萬 (always red)
    assert colours("5p") == [BLUE, GREEN, RED, GREEN, BLUE] and colours("0p") == [RED] * 5
    assert colours("5s") == [GREEN, BLUE, RED, BLUE, GREEN] and colours("0s") == [RED] * 5
    assert symbol(picture, "0m")[2].get("href") == "#shanten-man"


def test_height_scales_the_drawing() -> None:
    root = ElementTree.fromstring(tile_svg(0, height=24))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("18", "24", "0 0 30 40")
    root = ElementTree.fromstring(hand_svg(Hand.parse(SAMPLE), height=20))
    assert (root.get("width"), root.get("height")) == ("256", "30")
    assert ElementTree.fromstring(tiles_svg([])).get("viewBox") == "0 0 0 40"


def test_drawings_stay_small() -> None:
    heaviest = max(len(tile_svg(tile)) for tile in range(37))
    assert heaviest == len(tile_svg(26)) < 1_500  # 9s
    worst = sorted(range(37), key=lambda tile: len(tile_svg(tile)))[-14:]  # 14 different faces, the largest
    notation = ElementTree.fromstring(tiles_svg(sorted(worst))).findtext(f"{NS}title")
    assert notation == "56789p1456789s0p0s"
    assert len(hand_svg(Hand.parse(notation))) < 12_000
    assert len(tiles_svg(range(37))) < 20_000


@pytest.mark.parametrize(
    ("draw", "message"),
    [
        (lambda: tile_svg(37), "tile ids are 0-36, got 37"),
        (lambda: tiles_svg([3, -1]), "tile ids are 0-36, got -1"),
        (lambda: tiles_svg([True]), "a tile id must be an integer, got True"),
        (lambda: tile_svg(0, height=0), "height must be a positive number of pixels, got 0"),
        (lambda: hand_svg(Hand.parse("11z"), height=math.nan), "height must be a positive number of pixels, got nan"),
    ],
)
def test_bad_input(draw: Callable[[], str], message: str) -> None:
    with pytest.raises(InvalidHandError) as error:
        draw()
    assert str(error.value) == message
