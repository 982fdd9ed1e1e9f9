"""Hands draw themselves as SVG."""

from __future__ import annotations

from xml.etree import ElementTree

from shanten import Hand

SVG = "{http://www.w3.org/2000/svg}"


def test_hand_svg_shows_every_tile_in_order() -> None:
    hand = Hand.parse("123m406p22z (1111z) [555z]")
    root = ElementTree.fromstring(hand._repr_svg_())
    assert root.find(f"{SVG}title").text == "123m406p22z (1111z) [555z]"
    assert len(root.findall(f"{SVG}rect")) == 8 + 4 + 3
    faces = [t.text for t in root.findall(f"{SVG}text") if t.text not in ("萬", "筒", "索")]
    assert faces == ["1", "2", "3", "4", "5", "6", "南", "南", "東", "東", "白", "白", "白"]
    reds = [t.text for t in root.findall(f"{SVG}text") if t.get("fill") == "#d40000"]
    assert reds == ["5"]
    hidden = [r for r in root.findall(f"{SVG}rect") if r.get("fill") == "#2f6f5e"]
    assert len(hidden) == 2  # the ends of the closed kan
