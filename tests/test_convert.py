"""Tests of shanten.convert and of 136-tile ids as hand arguments: exact values, round trips, the
`mahjong` package's own converters, and every error. Randomized tests are seeded and name the
failing hand in notation; ``--full`` scales them 10x."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest
from mahjong.tile import TilesConverter

import shanten
from shanten.convert import (
    MJAI_TILES,
    RED_IDS136,
    UNICODE_BACK,
    UNICODE_TILES,
    HelperQuery,
    counts_from_ids136,
    from_ids136,
    from_mahjong_helper,
    from_mjai,
    from_unicode,
    meld_ids136,
    tile_from_id136,
    tile_from_mjai,
    tile_from_unicode,
    tile_to_mjai,
    tile_to_unicode,
    to_ids136,
    to_mahjong_helper,
    to_mjai,
    to_unicode,
)
from shanten.tiles import RED_FIVES, TILE_ID_NAMES, Hand, InvalidHandError, Meld, MeldKind, tile_kind

CHI, PON, OPEN_KAN, CLOSED_KAN, ADDED_KAN = MeldKind
EVERY_TILE = range(37)  # tile ids: the 34 kinds and the 3 red fives


def random_game_hand(rng: random.Random) -> tuple[Hand, list[int]]:
    """A hand dealt from one set of 136 tiles with red fives (ids 16, 52, 88), and its concealed ids.

    Mostly with 0-4 melds of every kind; otherwise with the calls unknown and any legal size.
    """
    wall = list(range(136))
    rng.shuffle(wall)
    with_melds = rng.random() < 0.7
    target = rng.randint(0, 4) if with_melds else 0
    melds: list[Meld] = []
    while len(melds) < target:
        kind = rng.choice(list(MeldKind))
        if kind is CHI:
            first = 9 * rng.randrange(3) + rng.randrange(7)
            kinds = [first, first + 1, first + 2]
        else:
            kinds = [rng.randrange(34)] * (3 if kind is PON else 4)
        taken: list[int] = []
        for wanted in kinds:
            copy = next((tile for tile in wall if tile // 4 == wanted and tile not in taken), None)
            if copy is None:
                break
            taken.append(copy)
        else:
            for tile in taken:
                wall.remove(tile)
            melds.append(Meld(kind, tuple(kinds), sum(tile in RED_IDS136 for tile in taken)))
    size = 3 * (4 - target) + rng.randint(1, 2) if with_melds else rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
    dealt = wall[:size]
    red = tuple(int(red_id in dealt) for red_id in RED_IDS136)
    return Hand(counts_of(dealt), red, melds), dealt


def counts_of(ids: list[int]) -> list[int]:
    counts = [0] * 34
    for tile in ids:
        counts[tile // 4] += 1
    return counts


def dealt_hands(count: int, seed: int) -> list[tuple[Hand, list[int]]]:
    rng = random.Random(seed)
    return [random_game_hand(rng) for _ in range(count)]


def concealed(hand: Hand) -> Hand:
    return Hand(hand.counts, hand.red)


def open_kans(hand: Hand) -> Hand:
    """``hand`` with its added kans made open kans: what formats without an added-kan mark give back."""
    melds = tuple(replace(meld, kind=OPEN_KAN) if meld.kind is ADDED_KAN else meld for meld in hand.melds)
    return Hand(hand.counts, hand.red, melds)


def without_red(hand: Hand) -> Hand:
    return Hand(hand.counts, (0, 0, 0), tuple(replace(meld, red=0) for meld in hand.melds))


def one_tile(tile: int) -> Hand:
    """The hand of the one tile id ``tile`` (a legal hand: its calls are unknown)."""
    counts = [0] * 34
    counts[tile_kind(tile)] = 1
    return Hand(counts, tuple(int(tile == red) for red in RED_FIVES))


# --- 136-tile ids ------------------------------------------------------------------------


def test_tile_from_id136_on_every_id() -> None:
    for id136 in range(136):
        red = {16: 34, 52: 35, 88: 36}.get(id136)
        assert tile_from_id136(id136) == (id136 // 4 if red is None else red), id136
        assert tile_from_id136(id136, red_fives=False) == id136 // 4, id136
    assert tile_from_id136(np.uint8(52)) == 35


def test_ids136_of_named_hands() -> None:
    assert to_ids136(Hand.parse("123m406p789s1122z")) == [0, 4, 8, 48, 52, 56, 96, 100, 104, 108, 109, 112, 113]
    assert to_ids136(Hand.parse("0555m1z")) == [16, 17, 18, 19, 108]
    assert to_ids136(Hand.parse("555m11z")) == [17, 18, 19, 108, 109]  # a plain five never takes the red copy
    assert to_ids136(Hand.parse("555m11z"), red_fives=False) == [16, 17, 18, 108, 109]
    assert to_ids136(Hand.parse("5555m1z"), red_fives=False) == [16, 17, 18, 19, 108]
    assert to_ids136("9999s1z") == [104, 105, 106, 107, 108]  # notation is read too
    hand = Hand.parse("5m1z [406p] [055m] {2222z} [789s]")
    assert to_ids136(hand) == [17, 108]
    assert meld_ids136(hand) == [[48, 52, 56], [16, 18, 19], [112, 113, 114, 115], [96, 100, 104]]
    assert meld_ids136(Hand.parse("123m456p789s11z")) == []


def test_hands_of_named_ids136() -> None:
    assert from_ids136([0, 4, 8, 52, 53, 108, 109]) == Hand.parse("123m05p11z")
    assert from_ids136((109, 53, 108, 8, 4, 0, 52)) == Hand.parse("123m05p11z")
    assert from_ids136(np.array([0, 4, 8, 52, 53, 108, 109], dtype=np.uint8)) == Hand.parse("123m05p11z")
    assert from_ids136([0, 4, 8, 52, 53, 108, 109], red_fives=False) == Hand.parse("123m55p11z")
    assert from_ids136([16, 52, 88, 17]) == Hand.parse("05m0p0s")
    assert counts_from_ids136(range(136)) == [4] * 34
    assert counts_from_ids136([]) == [0] * 34
    assert counts_from_ids136([16, 17, 135]) == [0, 0, 0, 0, 2] + [0] * 28 + [1]


def test_ids136_round_trip_every_tile() -> None:
    for tile in EVERY_TILE:
        hand = one_tile(tile)
        expected = RED_IDS136[tile - 34] if tile >= 34 else 4 * tile + (tile in (4, 13, 22))
        assert to_ids136(hand) == [expected], TILE_ID_NAMES[tile]
        assert from_ids136([expected]) == hand, TILE_ID_NAMES[tile]
    for kind in range(34):
        four = Hand([4 if k == kind else 0 for k in range(34)], tuple(int(kind == five) for five in (4, 13, 22)))
        assert to_ids136(four) == [4 * kind + copy for copy in range(4)], str(four)
        assert from_ids136(to_ids136(four)) == four, str(four)


def test_random_ids136_round_trips(scale: int) -> None:
    plain = [[id136 for id136 in range(4 * kind, 4 * kind + 4) if id136 not in RED_IDS136] for kind in range(34)]
    for hand, dealt in dealt_hands(2_000 * scale, seed=136):
        ids, melds = to_ids136(hand), meld_ids136(hand)
        assert from_ids136(ids) == from_ids136(dealt) == concealed(hand), str(hand)
        assert counts_from_ids136(dealt) == list(hand.counts), str(hand)
        for meld, group in zip(hand.melds, melds, strict=True):
            assert counts_from_ids136(group) == list(meld.counts), str(hand)
            assert sum(i in RED_IDS136 for i in group) == meld.red, str(hand)
        every = [i for group in (ids, *melds) for i in group]
        assert len(set(every)) == len(every), str(hand)
        for kind in range(34):  # each group, in order, took the lowest plain copies left
            used = [i for i in every if i // 4 == kind and i not in RED_IDS136]
            assert used == plain[kind][: len(used)], f"{hand}: {TILE_ID_NAMES[kind]} {used}"


def test_ids136_agree_with_the_mahjong_package(scale: int) -> None:
    rng = random.Random(34)
    for hand, dealt in dealt_hands(1_000 * scale, seed=37):
        text = str(concealed(hand))
        assert TilesConverter.to_34_array(dealt) == counts_from_ids136(dealt), text
        plain = without_red(concealed(hand))
        assert TilesConverter.to_136_array(list(hand.counts)) == to_ids136(plain, red_fives=False), text
        assert TilesConverter.one_line_string_to_136_array(text, has_aka_dora=True) == to_ids136(hand), text
        assert TilesConverter.to_one_line_string(dealt, print_aka_dora=True) == text
        assert TilesConverter.to_one_line_string(dealt) == str(without_red(concealed(hand))), text
        visible = rng.sample(range(136), rng.randint(0, 136))  # any number of tiles, as dead tiles are
        assert TilesConverter.to_34_array(visible) == counts_from_ids136(visible), visible


# --- 136-tile ids as hand arguments ------------------------------------------------------


def test_hand_arguments_take_ids136() -> None:
    tenpai = to_ids136(Hand.parse("123m406p789s1122z"))
    assert shanten.shanten(tenpai) == 0
    assert shanten.shanten([0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]) == 0  # 123456789m1234p
    assert shanten.replacement_number(tuple(tenpai)) == 1
    assert shanten.shanten_forms(np.array(tenpai)) == shanten.shanten_forms("123m406p789s1122z")
    assert shanten.ukeire(np.array(tenpai, dtype=np.uint8)).tiles == ("1z", "2z")
    assert shanten.unnecessary(tenpai + [124]).tiles == ("5z",)
    rows = shanten.discards(to_ids136(Hand.parse("123m406p789s11225z")))
    assert [row.tile for row in rows][:8] == ["5z", "1m", "4p", "6p", "9s", "2m", "3m", "0p"]
    assert shanten.improvements(to_ids136(Hand.parse("123m456p789s13m11z"))).total == 3
    assert round(shanten.good_shape_share(to_ids136(Hand.parse("23m456p789s11z579s"))), 3) == 0.467
    assert shanten.shanten(tenpai, melds=None, rule="wrc") == 0
    assert shanten.shanten("123m456p789s1122z", dead=[108, 109, 112, 113]) == 2
    assert shanten.shanten(tenpai, dead=np.array([110, 111])) == 0
    assert shanten.shanten(tenpai, dead=[110, 111, 114, 115]) == 2
    assert shanten.shanten(tenpai, dead=[]) == 0
    assert shanten.shanten([0, 4, 8, 12], melds=["[111z]", "[222z]", "[333z]"]) == 0


def test_34_integers_are_counts() -> None:
    counts = [1] * 13 + [0] * 21
    assert shanten.shanten(counts) == shanten.shanten(np.array(counts)) == 0
    with pytest.raises(InvalidHandError, match=r"^hand: count of 6m is 5: a count is an integer 0 to 4$"):
        shanten.shanten(list(range(34)))
    with pytest.raises(InvalidHandError, match=r"^dead: count of 6m is 5: a count is an integer 0 to 4$"):
        shanten.shanten("123m456p789s1122z", dead=list(range(34)))
    dead = [*range(12, 36), *range(116, 124), 36, 37]  # 34 dead tiles (4m-9m, 3z, 4z, 1p) as ids read as counts
    assert shanten.shanten("123m456p789s1122z", dead=counts_from_ids136(dead)) == 0


def test_random_hand_arguments_agree(scale: int) -> None:
    rng = random.Random(8)
    for hand, dealt in dealt_hands(500 * scale, seed=9):
        plain = concealed(hand)
        text = str(plain)
        assert shanten.shanten(dealt) == shanten.shanten(plain), text
        assert shanten.shanten_forms(np.array(dealt)) == shanten.shanten_forms(plain), text
        if plain.concealed_count % 3 == 2:
            assert shanten.discards(tuple(dealt)) == shanten.discards(plain), text
        rest = sorted(set(range(136)) - set(dealt) - {i for group in meld_ids136(hand) for i in group})
        dead = rng.sample(rest, rng.choice((0, 1, 5, 33, 35)))
        assert shanten.shanten(dealt, dead=dead) == shanten.shanten(plain, dead=counts_from_ids136(dead)), (text, dead)


# --- mjai --------------------------------------------------------------------------------


def test_mjai_tokens() -> None:
    assert MJAI_TILES == (
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
        "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
        "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
        "E", "S", "W", "N", "P", "F", "C", "5mr", "5pr", "5sr",
    )  # fmt: skip
    for tile in EVERY_TILE:
        assert tile_from_mjai(tile_to_mjai(tile)) == tile, TILE_ID_NAMES[tile]
        assert from_mjai([tile_to_mjai(tile)]) == one_tile(tile), TILE_ID_NAMES[tile]
    assert to_mjai(Hand.parse("0m5m789s56z [111p] [555s]")) == ["5mr", "5m", "7s", "8s", "9s", "P", "F"]
    assert to_mjai("19m19p19s1234567z") == ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]
    assert from_mjai(["E", "5pr", "4p", "6p", "E"]) == Hand.parse("406p11z")
    assert from_mjai(" 1m 2m\t3m\n5sr 5s ") == Hand.parse("123m05s")
    assert from_mjai(token for token in ("C", "C")) == Hand.parse("77z")


def test_random_mjai_round_trips(scale: int) -> None:
    rng = random.Random(2)
    for hand, _ in dealt_hands(2_000 * scale, seed=3):
        tokens = to_mjai(hand)
        assert from_mjai(tokens) == concealed(hand), str(hand)
        rng.shuffle(tokens)
        assert from_mjai(" ".join(tokens)) == concealed(hand), str(hand)


# --- Unicode -----------------------------------------------------------------------------


def test_unicode_characters() -> None:
    assert "".join(UNICODE_TILES) == "🀇🀈🀉🀊🀋🀌🀍🀎🀏🀙🀚🀛🀜🀝🀞🀟🀠🀡🀐🀑🀒🀓🀔🀕🀖🀗🀘🀀🀁🀂🀃🀆🀅🀄"
    numbers = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")
    names = [f"MAHJONG TILE {number} OF {suit}" for suit in ("CHARACTERS", "CIRCLES", "BAMBOOS") for number in numbers]
    names += [f"MAHJONG TILE {name}" for name in ("EAST WIND", "SOUTH WIND", "WEST WIND", "NORTH WIND")]
    names += [f"MAHJONG TILE {name} DRAGON" for name in ("WHITE", "GREEN", "RED")]
    assert [unicodedata.name(char) for char in UNICODE_TILES] == names
    assert unicodedata.name(UNICODE_BACK) == "MAHJONG TILE BACK"
    for tile in EVERY_TILE:
        assert tile_from_unicode(tile_to_unicode(tile)) == tile_kind(tile), TILE_ID_NAMES[tile]


def test_unicode_named_hands() -> None:
    hand = Hand.parse("0m5m456p11z [789s] (1111p)")
    assert to_unicode(hand) == "🀋🀋🀜🀝🀞🀀🀀 🀖🀗🀘 🀫🀙🀙🀫"
    assert from_unicode("🀋🀋🀜🀝🀞🀀🀀 🀖🀗🀘 🀫🀙🀙🀫") == Hand.parse("55m456p11z [789s] (1111p)")  # no red in Unicode
    assert to_unicode("12z [111m] [2222m] {3333m} [406p]") == "🀀🀁 🀇🀇🀇 🀈🀈🀈🀈 🀉🀉🀉🀉 🀜🀝🀞"
    assert from_unicode("🀀🀁 🀇🀇🀇 🀈🀈🀈🀈 🀉🀉🀉🀉 🀜🀝🀞") == Hand.parse("12z [111m] [2222m] [3333m] [456p]")
    assert from_unicode(" 🀄\ufe0f🀄\ufe0e🀅🀅 \n") == Hand.parse("6677z")  # emoji and text style
    assert from_unicode("🀀 🀫🀄\ufe0f🀄\ufe0f🀫 🀅🀅🀅 🀆🀆🀆 🀃🀃🀃") == Hand.parse("1z (7777z) [666z] [555z] [444z]")


def test_random_unicode_round_trips(scale: int) -> None:
    for hand, _ in dealt_hands(2_000 * scale, seed=4):
        assert from_unicode(to_unicode(hand)) == open_kans(without_red(hand)), str(hand)


# --- mahjong-helper ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "hand", "call"),
    [  # the examples of mahjong-helper's README, then other forms it reads
        ("34068m 5678p 23567s", "34068m5678p23567s", None),
        ("234688m 34s # 6666P 234p", "234688m34s (6666p) [234p]", None),
        ("33567789m 46s + 6m", "33567789m46s", "6m"),
        ("33567789m 46s + 0s", "33567789m46s", "0s"),
        ("24688m 34s # 6666P 234p + 3m", "24688m34s (6666p) [234p]", "3m"),
        ("24688m34s#6666P234p+3m", "24688m34s (6666p) [234p]", "3m"),
        ("1z # 777z 6666Z 5555s 406p", "1z [777z] (6666z) [5555s] [406p]", None),
        ("11z # 111m 123p 0555S 789s", "11z [111m] [123p] (0555s) [789s]", None),
        ("1112345678999p + 0p", "1112345678999p", "0p"),
    ],
)
def test_mahjong_helper_readme_examples(text: str, hand: str, call: str | None) -> None:
    query = from_mahjong_helper(text)
    assert query == HelperQuery(Hand.parse(hand), None if call is None else TILE_ID_NAMES.index(call))
    assert from_mahjong_helper(to_mahjong_helper(*query)) == query


def test_mahjong_helper_written() -> None:
    assert to_mahjong_helper("34068m5678p23567s") == "34068m 5678p 23567s"
    assert to_mahjong_helper("234688m34s (6666p) [234p]") == "234688m 34s # 6666P 234p"
    assert to_mahjong_helper("24688m34s (6666p) {1111z}", call=34) == "24688m 34s # 6666P 1111z + 0m"
    assert to_mahjong_helper("19m19p19s1234567z", 33) == "19m 19p 19s 1234567z + 7z"
    assert to_mahjong_helper("11z [055m] (0555p) [406s] [111m]") == "11z # 055m 0555P 406s 111m"


def test_random_mahjong_helper_round_trips(scale: int) -> None:
    rng = random.Random(5)
    for hand, _ in dealt_hands(2_000 * scale, seed=6):
        text = to_mahjong_helper(hand)
        assert from_mahjong_helper(text) == HelperQuery(open_kans(hand)), text
        assert to_mahjong_helper(*from_mahjong_helper(text)) == text
        if hand.concealed_count % 3 == 1:
            free = [tile for tile in EVERY_TILE if hand.total_counts[tile_kind(tile)] < 4]
            call = rng.choice(free)
            text = to_mahjong_helper(hand, call)
            assert from_mahjong_helper(text) == HelperQuery(open_kans(hand), call), text
            assert from_mahjong_helper(text.replace(" ", "")) == HelperQuery(open_kans(hand), call), text


# --- errors ------------------------------------------------------------------------------

HAND_13 = "123m456p789s1122z"
IDS_13 = [0, 4, 8, 48, 52, 56, 96, 100, 104, 108, 109, 112, 113]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # 136-tile ids
        (lambda: tile_from_id136(136), "136-tile id 136 is not an integer 0-135"),
        (lambda: tile_from_id136(-1), "136-tile id -1 is not an integer 0-135"),
        (lambda: tile_from_id136(True), "136-tile id True is not an integer 0-135"),
        (lambda: tile_from_id136("5"), "136-tile id '5' is not an integer 0-135"),
        (lambda: from_ids136([0, 4, 4, 8]), "index 2: id 4 repeats index 1"),
        (lambda: from_ids136([0, 4, 1.5]), "index 2: id 1.5 is not an integer 0-135"),
        (lambda: from_ids136([0, 4, "x" * 100]), "index 2: id '" + "x" * 36 + "... is not an integer 0-135"),
        (lambda: from_ids136(5), "136-tile ids must be a sequence, got int"),
        (lambda: from_ids136("0 4 8"), "136-tile ids must be a sequence, got str"),
        (lambda: from_ids136([0, 4, 8]), "3 concealed tiles: a hand has 3n+1 or 3n+2"),
        (lambda: counts_from_ids136([135, 136]), "index 1: id 136 is not an integer 0-135"),
        (lambda: to_ids136(Hand.parse("5555m1z")),
         "4 plain 5m: with red fives one 5m is red (red_fives=False for a game without)"),
        (lambda: to_ids136(Hand.parse("5m1z [555m] [111p] [222p] [333p]")),
         "4 plain 5m: with red fives one 5m is red (red_fives=False for a game without)"),
        (lambda: to_ids136(Hand.parse("00p55p")), "2 red 5p: 136-tile ids have one (52)"),
        (lambda: meld_ids136(Hand.parse("0s1z [055s] [111p] [222p] [333p]")), "2 red 5s: 136-tile ids have one (88)"),
        (lambda: to_ids136(Hand.parse("0p1z"), red_fives=False), "a red 5p with red_fives=False"),
        (lambda: to_ids136(5), "expected a Hand or notation, got int"),
        (lambda: to_ids136("1234"), "column 1: digits '1234' have no suit letter"),
        # 136-tile ids as hand and dead arguments
        (lambda: shanten.shanten([136] + IDS_13[1:]), "hand as 136-tile ids: index 0: id 136 is not an integer 0-135"),
        (lambda: shanten.shanten([-1] + IDS_13[1:]), "hand as 136-tile ids: index 0: id -1 is not an integer 0-135"),
        (lambda: shanten.shanten(IDS_13[:-1] + [4]), "hand as 136-tile ids: index 12: id 4 repeats index 1"),
        (lambda: shanten.shanten(IDS_13[:-1] + [1.5]),
         "hand as 136-tile ids: index 12: id 1.5 is not an integer 0-135"),
        (lambda: shanten.ukeire(np.array(IDS_13, dtype=float)),
         "hand as 136-tile ids: index 0: id 0.0 is not an integer 0-135"),
        (lambda: shanten.discards(IDS_13 + [124, 128]),
         "hand as 136-tile ids: 15 concealed tiles: a hand has at most 14"),
        (lambda: shanten.shanten(IDS_13[:12]), "hand as 136-tile ids: 12 concealed tiles: a hand has 3n+1 or 3n+2"),
        (lambda: shanten.shanten(5), "hand must be notation, 34 counts or 136-tile ids, got 5"),
        (lambda: shanten.shanten(HAND_13, dead=[136]), "dead as 136-tile ids: index 0: id 136 is not an integer 0-135"),
        (lambda: shanten.shanten(HAND_13, dead=[110, 110]), "dead as 136-tile ids: index 1: id 110 repeats index 0"),
        (lambda: shanten.shanten(HAND_13, dead=[1.5]), "dead as 136-tile ids: index 0: id 1.5 is not an integer 0-135"),
        (lambda: shanten.shanten(IDS_13, dead=[108, 110, 111]), "5th copy of 1z (hand, melds and dead tiles)"),
        (lambda: shanten.shanten(HAND_13, dead=5), "dead must be notation, 34 counts or 136-tile ids, got 5"),
        # mjai
        (lambda: tile_from_mjai("?"), "'?' is an unknown tile: a real tile is needed here"),
        (lambda: tile_from_mjai("e"), "'e' is not an mjai tile (1m-9m, 5mr, 1p-9p, ..., E S W N P F C)"),
        (lambda: tile_from_mjai("0m"), "'0m' is not an mjai tile (1m-9m, 5mr, 1p-9p, ..., E S W N P F C)"),
        (lambda: tile_from_mjai(5), "5 is not an mjai tile (1m-9m, 5mr, 1p-9p, ..., E S W N P F C)"),
        (lambda: tile_to_mjai(37), "tile id 37 is not an integer 0-36"),
        (lambda: from_mjai(["1m", "?"]), "index 1: '?' is an unknown tile: a real tile is needed here"),
        (lambda: from_mjai("1m 2m 4x"), "index 2: '4x' is not an mjai tile (1m-9m, 5mr, 1p-9p, ..., E S W N P F C)"),
        (lambda: from_mjai(5), "mjai tokens must be a sequence, got int"),
        (lambda: from_mjai(""), "0 concealed tiles: a hand has 3n+1 or 3n+2"),
        (lambda: from_mjai(["1m"] * 5), "5th copy of 1m"),
        # Unicode
        (lambda: tile_from_unicode("🀢"), "'🀢' (U+1F022) is not a riichi mahjong tile"),
        (lambda: tile_from_unicode("x"), "'x' (U+0078) is not a riichi mahjong tile"),
        (lambda: tile_from_unicode(UNICODE_BACK), "a face-down tile (U+1F02B) is not a known tile"),
        (lambda: tile_from_unicode("🀇🀈"), "expected one Unicode tile character, got '🀇🀈'"),
        (lambda: tile_to_unicode(-1), "tile id -1 is not an integer 0-36"),
        (lambda: from_unicode(""), "empty input"),
        (lambda: from_unicode(" \n"), "empty input"),
        (lambda: from_unicode(5), "expected Unicode tiles such as '🀇🀈🀉', got 5"),
        (lambda: from_unicode("🀇🀈🀉🀪"), "column 4: '🀪' (U+1F02A) is not a riichi mahjong tile"),
        (lambda: from_unicode("🀇🀫"), "column 2: a face-down tile (U+1F02B) is not a known tile"),
        (lambda: from_unicode("\ufe0f🀄"), "column 1: '\ufe0f' (U+FE0F) is not a riichi mahjong tile"),
        (lambda: from_unicode("🀄 🀇🀈"), "column 3: 🀇🀈 is not a meld: a meld has 3 or 4 tiles, got 2"),
        (lambda: from_unicode("🀄 🀇🀈🀊"), "column 3: 🀇🀈🀊 is not a meld: chi needs 3 consecutive number tiles of one suit, got 1m 2m 4m"),
        (lambda: from_unicode("🀄🀄 🀫🀙🀚🀫"), "column 4: 🀫🀙🀚🀫 is not a meld: closed kan needs 4 identical tiles, got 1p 1p 2p 2p"),
        (lambda: from_unicode("🀄 🀫🀙🀙🀙"), "column 3: a face-down tile (U+1F02B) is not a known tile"),
        (lambda: from_unicode("🀇🀇🀇🀇🀇"), "5th copy of 1m"),
        (lambda: from_unicode("🀇🀇 🀇🀇🀇"), "5th copy of 1m"),
        # mahjong-helper
        (lambda: from_mahjong_helper("123m4x"), "column 6: unknown character 'x'"),
        (lambda: from_mahjong_helper("123m [555z]"), "column 6: unknown character '['"),
        (lambda: from_mahjong_helper("12 3m"), "column 1: digits '12' have no suit letter"),
        (lambda: from_mahjong_helper("123m45"), "column 5: digits '45' have no suit letter"),
        (lambda: from_mahjong_helper("12m0z"), "column 4: no tile 0z (honours are 1z-7z)"),
        (lambda: from_mahjong_helper("11111m"), "column 5: 5th copy of 1m"),
        (lambda: from_mahjong_helper("1m # 111m 111p 111s 1111M"), "column 21: 5th copy of 1m"),
        (lambda: from_mahjong_helper("1111m + 1m"), "column 9: 5th copy of 1m"),
        (lambda: from_mahjong_helper("123M"), "column 1: 123M: upper case marks a closed kan, which goes after '#'"),
        (lambda: from_mahjong_helper("1234m + 5M"),
         "column 9: 5M: upper case marks a closed kan, which goes after '#'"),
        (lambda: from_mahjong_helper("123m11z # 666P"),
         "column 11: 666P is not a meld: a closed kan has 4 tiles, got 3"),
        (lambda: from_mahjong_helper("1z # 135m 111p 111s 111z"),
         "column 6: 135m is not a meld: chi needs 3 consecutive number tiles of one suit, got 1m 3m 5m"),
        (lambda: from_mahjong_helper("1z # 12m"), "column 6: 12m is not a meld: a meld has 3 or 4 tiles, got 2"),
        (lambda: from_mahjong_helper("1234567m # 111z"), "7 concealed tiles need 2 melds, got 1"),
        (lambda: from_mahjong_helper("# 111z 222z 333z 444z"), "0 concealed tiles: a hand has 3n+1 or 3n+2"),
        (lambda: from_mahjong_helper("1234m #"), "column 7: '#' is followed by no meld"),
        (lambda: from_mahjong_helper("1234m # 111z # 222z"), "column 14: '#' after '#' at column 7"),
        (lambda: from_mahjong_helper("1234m + 1z # 111z"), "column 12: '#' after '+' at column 7"),
        (lambda: from_mahjong_helper("1234m + 1z + 2z"), "column 12: '+' after '+' at column 7"),
        (lambda: from_mahjong_helper("1234m +"), "column 7: '+' takes one tile, got 0"),
        (lambda: from_mahjong_helper("1234m + 12z"), "column 7: '+' takes one tile, got 2"),
        (lambda: from_mahjong_helper("12m + 3m"), "column 7: a call needs a 3n+1 hand, got 2 concealed tiles"),
        (lambda: from_mahjong_helper(""), "empty input"),
        (lambda: from_mahjong_helper(None), "expected mahjong-helper notation such as '234m 55p # 666P', got None"),
        (lambda: to_mahjong_helper("12m", call=2), "a call needs a 3n+1 hand, got 2 concealed tiles"),
        (lambda: to_mahjong_helper("1111m", call=0), "5th copy of 1m"),
        (lambda: to_mahjong_helper("1111m", call=37), "tile id 37 is not an integer 0-36"),
        (lambda: to_mahjong_helper(None), "expected a Hand or notation, got NoneType"),
    ],
)
def test_errors_are_one_line(call: Callable[[], object], message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        call()
    assert str(info.value) == message
