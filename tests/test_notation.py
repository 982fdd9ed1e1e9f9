"""Tests of shanten.tiles and shanten.notation: exact parses, canonical forms, round trips, errors."""

from __future__ import annotations

import doctest
import random

import numpy as np
import pytest

from shanten import notation, tiles
from shanten.notation import parse_hand, parse_meld, parse_tiles
from shanten.tiles import FIVES, TILE_NAMES, Hand, InvalidHandError, Meld, MeldKind, validate_players

CHI, PON, OPEN_KAN, CLOSED_KAN, ADDED_KAN = MeldKind
NOT_A_CHI = "chi needs 3 consecutive number tiles of one suit, got"


def named(counts: tuple[int, ...]) -> dict[str, int]:
    """Nonzero counts by tile name, for readable exact expectations."""
    return {TILE_NAMES[kind]: count for kind, count in enumerate(counts) if count}


# --- exact parses ----------------------------------------------------------------------


def test_tile_names() -> None:
    assert len(TILE_NAMES) == 34
    assert TILE_NAMES[:3] == ("1m", "2m", "3m")
    assert TILE_NAMES[8:10] == ("9m", "1p")
    assert TILE_NAMES[26:] == ("9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")
    assert [TILE_NAMES[five] for five in FIVES] == ["5m", "5p", "5s"]


def test_parse_repeated_suit_groups() -> None:
    hand = parse_hand("336m237p2479s167z3s")
    assert named(hand.counts) == {
        "3m": 2, "6m": 1, "2p": 1, "3p": 1, "7p": 1,
        "2s": 1, "3s": 1, "4s": 1, "7s": 1, "9s": 1, "1z": 1, "6z": 1, "7z": 1,
    }  # fmt: skip
    assert hand.red == (0, 0, 0)
    assert hand.melds == ()
    assert hand.concealed_count == 14


def test_parse_spaces_between_groups() -> None:
    hand = parse_hand("123m 456p 789s 1234z")
    assert named(hand.counts) == {
        "1m": 1, "2m": 1, "3m": 1, "4p": 1, "5p": 1, "6p": 1, "7s": 1, "8s": 1, "9s": 1,
        "1z": 1, "2z": 1, "3z": 1, "4z": 1,
    }  # fmt: skip
    assert hand == parse_hand("123m456p789s1234z") == parse_hand("  123m\t456p\n789s 1234z ")


def test_parse_red_fives() -> None:
    hand = parse_hand("0m055p0s5s11z")
    assert named(hand.counts) == {"5m": 1, "5p": 3, "5s": 2, "1z": 2}
    assert hand.red == (1, 1, 1)
    assert parse_hand("00p55p").red == (0, 2, 0)


def test_parse_melds() -> None:
    hand = parse_hand("11z [213m] (5555z) {0555p} [4s0s6s]")
    assert named(hand.counts) == {"1z": 2}
    assert hand.red == (0, 0, 0)
    assert hand.melds == (
        Meld(CHI, (0, 1, 2)),
        Meld(CLOSED_KAN, (31, 31, 31, 31)),
        Meld(ADDED_KAN, (13, 13, 13, 13), red=1),
        Meld(CHI, (21, 22, 23), red=1),
    )
    assert named(hand.total_counts) == {
        "1m": 1, "2m": 1, "3m": 1, "5p": 4, "4s": 1, "5s": 1, "6s": 1, "1z": 2, "5z": 4,
    }  # fmt: skip


def test_parse_melds_between_concealed_tiles() -> None:
    hand = parse_hand("12m [555z] 3m 99p [1111s]11z")
    assert named(hand.counts) == {"1m": 1, "2m": 1, "3m": 1, "9p": 2, "1z": 2}
    assert hand.melds == (Meld(PON, (31, 31, 31)), Meld(OPEN_KAN, (18, 18, 18, 18)))


def test_parse_meld() -> None:
    assert parse_meld("[312p]") == Meld(CHI, (9, 10, 11))
    assert parse_meld("[777s]") == Meld(PON, (24, 24, 24))
    assert parse_meld("[0555m]") == Meld(OPEN_KAN, (4, 4, 4, 4), red=1)
    assert parse_meld(" (1111z) ") == Meld(CLOSED_KAN, (27, 27, 27, 27))
    assert parse_meld("{9p99p9p}") == Meld(ADDED_KAN, (17, 17, 17, 17))


def test_parse_tiles() -> None:
    assert parse_tiles("") == (0,) * 34
    assert parse_tiles("  ") == (0,) * 34
    assert named(parse_tiles("1112z5p")) == {"1z": 3, "2z": 1, "5p": 1}
    assert named(parse_tiles("0p5p 0s")) == {"5p": 2, "5s": 1}
    many = parse_tiles("111122223333m 4444z")  # no hand-size rule for visible tiles
    assert sum(many) == 16


def test_hand_accepts_any_integer_sequence() -> None:
    counts = [0] * 34
    counts[27] = 2
    melds = [Meld(PON, (kind,) * 3) for kind in range(4)]
    assert Hand(counts, [0, 0, 0], melds) == Hand(tuple(counts), (0, 0, 0), tuple(melds))
    assert Hand(np.array(counts, np.uint8)) == parse_hand("11z")


# --- canonical format ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("336m237p2479s167z3s", "336m237p2479s167z3s"),  # the drawn tile stays last
        ("336m237p2479s 3s 167z", "336m237p23479s167z"),
        ("123m456p789s11z 22z", "123m456p789s1122z"),
        ("12345m456p789s11z 2z", "12345m456p789s11z2z"),
        ("123m 456p 789s 1234z", "123m456p789s1234z"),
        ("7654321z", "1234567z"),
        ("1z 9s 1s 9p 1p 9m 1m", "19m19p19s1z"),
        ("5m0m5m 11z", "055m11z"),
        ("3m4m5m0m5m 11z", "34055m11z"),
        ("0p 4p 6p 1z", "406p1z"),
        ("11z [213m] [999p] [5s05s5s] {5550m}", "11z [123m] [999p] [0555s] {0555m}"),
        ("[46p0p] 2z [555z] 1z (4444m) [789s]", "12z [406p] [555z] (4444m) [789s]"),
        ("1m", "1m"),
    ],
)
def test_canonical_format(text: str, canonical: str) -> None:
    hand = parse_hand(text)
    assert str(hand) == canonical
    assert str(hand) == canonical
    assert repr(hand) == f"Hand.parse({canonical!r})"
    assert parse_hand(canonical) == hand


@pytest.mark.parametrize(
    ("meld", "canonical"),
    [
        (Meld(CHI, (14, 12, 13), red=1), "[406p]"),
        (Meld(CHI, (24, 25, 26)), "[789s]"),
        (Meld(PON, (4, 4, 4), red=2), "[005m]"),
        (Meld(OPEN_KAN, (33,) * 4), "[7777z]"),
        (Meld(CLOSED_KAN, (22,) * 4, red=1), "(0555s)"),
        (Meld(ADDED_KAN, (0,) * 4), "{1111m}"),
    ],
)
def test_meld_format(meld: Meld, canonical: str) -> None:
    assert str(meld) == canonical
    assert parse_meld(canonical) == meld


def test_hand_parse_and_str_delegate_to_notation() -> None:
    assert Hand.parse("19m19p19s1234567z") == parse_hand("19m19p19s1234567z")
    assert Hand.parse("19m 9m 1z", players=3).counts[8] == 2


def test_meld_counts() -> None:
    assert named(Meld(CHI, (18, 19, 20)).counts) == {"1s": 1, "2s": 1, "3s": 1}
    assert named(Meld(ADDED_KAN, (30,) * 4).counts) == {"4z": 4}


# --- round trips -----------------------------------------------------------------------


def random_meld(rng: random.Random) -> Meld:
    kind = rng.choice(list(MeldKind))
    if kind is CHI:
        first = 9 * rng.randrange(3) + rng.randrange(7)
        kinds = (first, first + 1, first + 2)
    else:
        kinds = (rng.randrange(34),) * (3 if kind is PON else 4)
    return Meld(kind, kinds, rng.randint(0, sum(tile in FIVES for tile in kinds)))


def random_hand(rng: random.Random) -> Hand:
    """A random valid hand: sometimes with its melds, sometimes with the calls unknown."""
    left = [4] * 34
    melds: list[Meld] = []
    with_melds = rng.random() < 0.7
    target = rng.randint(0, 4) if with_melds else 0
    while len(melds) < target:
        meld = random_meld(rng)
        if all(left[tile] >= meld.tiles.count(tile) for tile in meld.tiles):
            melds.append(meld)
            for tile in meld.tiles:
                left[tile] -= 1
    size = 3 * (4 - target) + rng.randint(1, 2) if with_melds else rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
    counts = [0] * 34
    for drawn in rng.sample([kind for kind in range(34) for _ in range(left[kind])], size):
        counts[drawn] += 1
    red = (rng.randint(0, counts[4]), rng.randint(0, counts[13]), rng.randint(0, counts[22]))
    return Hand(counts, red, melds)


def scrambled(hand: Hand, rng: random.Random) -> str:
    """``hand`` written in a random, usually non-canonical, valid way."""

    def chunks(written: list[tuple[int, bool]]) -> list[str]:
        # Shuffled tiles; a run of one suit may share its suit letter or not.
        rng.shuffle(written)
        out, digits = [], ""
        for index, (kind, red) in enumerate(written):
            digits += "0" if red else str(kind % 9 + 1)
            following = written[index + 1][0] // 9 if index + 1 < len(written) else None
            if following != kind // 9 or rng.random() < 0.3:
                out.append(digits + "mpsz"[kind // 9] + rng.choice(("", " ")))
                digits = ""
        return out

    def tiles_of(kinds: list[int], red: list[int]) -> list[tuple[int, bool]]:
        # The first ``red`` fives of each suit are the red ones.
        reds_left = dict(zip(FIVES, red, strict=True))
        written = []
        for kind in kinds:
            is_red = reds_left.get(kind, 0) > 0
            reds_left[kind] = reds_left.get(kind, 0) - is_red
            written.append((kind, is_red))
        return written

    concealed = [kind for kind, count in enumerate(hand.counts) for _ in range(count)]
    parts = chunks(tiles_of(concealed, list(hand.red)))
    brackets = {CLOSED_KAN: "()", ADDED_KAN: "{}"}
    position = 0  # melds keep their order, anywhere among the concealed tiles
    for meld in hand.melds:
        opening, closing = brackets.get(meld.kind, "[]")
        red = [meld.red if five in meld.tiles else 0 for five in FIVES]
        position = rng.randint(position, len(parts))
        parts.insert(position, opening + "".join(chunks(tiles_of(list(meld.tiles), red))) + closing)
        position += 1
    return rng.choice(("", " ")).join(parts)


def test_random_round_trips(scale: int) -> None:
    rng = random.Random(20240601)
    for _ in range(5_000 * scale):
        hand = random_hand(rng)
        text = str(hand)
        try:
            parsed = parse_hand(text)
        except InvalidHandError as error:
            pytest.fail(f"{text!r} does not parse: {error}")
        assert parsed == hand, text
        assert str(parsed) == text
        messy = scrambled(hand, rng)
        try:
            reparsed = parse_hand(messy)
        except InvalidHandError as error:
            pytest.fail(f"{messy!r} (canonical {text!r}) does not parse: {error}")
        assert reparsed == hand, f"{messy!r} parsed as {str(reparsed)!r}, expected {text!r}"


def test_random_text_parses_or_raises_invalid_hand_error() -> None:
    rng = random.Random(7)
    pieces = [*"15098mpsz []{}()x", "123m", "555z", "11z"]
    for _ in range(5_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        try:
            hand = parse_hand(text)
        except InvalidHandError as error:
            assert "\n" not in str(error), text
        else:
            assert parse_hand(str(hand)) == hand, text


# --- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty input"),
        ("  ", "empty input"),
        ("123m!", "column 5: unknown character '!'"),
        ("123m 45x6p", "column 8: unknown character 'x'"),
        ("123M", "column 4: unknown character 'M'"),
        ("123m45", "column 5: digits '45' have no suit letter"),
        ("12 3m", "column 1: digits '12' have no suit letter"),
        ("[12]", "column 2: digits '12' have no suit letter"),
        ("11m8z", "column 4: no tile 8z (honours are 1z-7z)"),
        ("123m 0z", "column 6: no tile 0z (honours are 1z-7z)"),
        ("19z", "column 2: no tile 9z (honours are 1z-7z)"),
        ("11111p", "column 5: 5th copy of 1p"),
        ("1p [1111p]", "column 8: 5th copy of 1p"),
        ("123456789m123456p", "15 concealed tiles: a hand has at most 14"),
        ("123m456p789s123z", "12 concealed tiles: a hand has 3n+1 or 3n+2"),
        ("[123m][456m][789m][111z]", "0 concealed tiles: a hand has 3n+1 or 3n+2"),
        ("1z [124m]", f"column 4: [124m] is not a meld: {NOT_A_CHI} 1m 2m 4m"),
        ("[123z]", f"column 1: [123z] is not a meld: {NOT_A_CHI} 1z 2z 3z"),
        ("[12z]", f"column 1: [12z] is not a meld: {NOT_A_CHI} 1z 2z"),
        ("[11m]", "column 1: [11m] is not a meld: pon needs 3 identical tiles, got 1m 1m"),
        ("[12m3p]", f"column 1: [12m3p] is not a meld: {NOT_A_CHI} 1m 2m 3p"),
        ("[89m1p]", f"column 1: [89m1p] is not a meld: {NOT_A_CHI} 8m 9m 1p"),
        ("[12345m]", f"column 1: [12345m] is not a meld: {NOT_A_CHI} 1m 2m 3m 4m 5m"),
        ("[1112m]", "column 1: [1112m] is not a meld: open kan needs 4 identical tiles, got 1m 1m 1m 2m"),
        ("(111m)", "column 1: (111m) is not a meld: closed kan needs 4 identical tiles, got 1m 1m 1m"),
        ("{1234m}", "column 1: {1234m} is not a meld: added kan needs 4 identical tiles, got 1m 2m 3m 4m"),
        ("[]", f"column 1: [] is not a meld: {NOT_A_CHI} no tiles"),
        ("[1m\n2m4m]", f"column 1: [1m 2m4m] is not a meld: {NOT_A_CHI} 1m 2m 4m"),
        ("11z [123m", "column 5: unclosed '['"),
        ("[123m)", "column 6: ')' does not close '[' at column 1"),
        ("123m]", "column 5: ']' closes no bracket"),
        ("[[123m]]", "column 2: '[' inside the meld opened at column 1"),
        ("11m [123m]", "2 concealed tiles need 4 melds, got 1"),
        ("123m456p789s11z [555z] [666z]", "11 concealed tiles need 1 meld, got 2"),
        ("123m456p789s111z2z [333z]", "13 concealed tiles need 0 melds, got 1"),
        ("123m456p789s111z22z [333z]", "14 concealed tiles need 0 melds, got 1"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidHandError) as caught:
        parse_hand(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "players", "message"),
    [
        ("2m", 3, "column 1: 2m does not exist in 3-player mahjong"),
        ("19m 8m", 3, "column 5: 8m does not exist in 3-player mahjong"),
        ("1z [2222m]", 3, "column 5: 2m does not exist in 3-player mahjong"),
        ("11p [789s] [111z] [222z] [333z]", 3, "[789s]: no chi in 3-player mahjong"),
        ("1m", 5, "players must be 3 or 4, got 5"),
        ("", 2, "players must be 3 or 4, got 2"),
    ],
)
def test_three_player_errors(text: str, players: int, message: str) -> None:
    with pytest.raises(InvalidHandError) as caught:
        parse_hand(text, players=players)
    assert str(caught.value) == message


def test_three_player_hands() -> None:
    validate_players(3, parse_hand("19m19p19s1234567z", players=3))
    validate_players(3, parse_hand("19p19s1234567z [999m]", players=3))
    with pytest.raises(InvalidHandError) as caught:
        validate_players(3, parse_hand("123m456p789s1234z"))
    assert str(caught.value) == "2m does not exist in 3-player mahjong"


@pytest.mark.parametrize(
    ("function", "text", "message"),
    [
        (parse_tiles, "[123m]", "column 1: '[': melds are not allowed here"),
        (parse_tiles, "11111z", "column 5: 5th copy of 1z"),
        (parse_tiles, "5z 8z", "column 4: no tile 8z (honours are 1z-7z)"),
        (parse_meld, "", "expected one meld such as [123m], got ''"),
        (parse_meld, "11m", "expected one meld such as [123m], got '11m'"),
        (parse_meld, "[123m][456m]", "expected one meld such as [123m], got '[123m][456m]'"),
        (parse_meld, "[124m]", f"column 1: [124m] is not a meld: {NOT_A_CHI} 1m 2m 4m"),
    ],
)
def test_tile_and_meld_errors(function, text: str, message: str) -> None:
    with pytest.raises(InvalidHandError) as caught:
        function(text)
    assert str(caught.value) == message


def test_invalid_hand_error_is_a_value_error() -> None:
    assert issubclass(InvalidHandError, ValueError)


def hand_counts(**named_counts: int) -> list[int]:
    counts = [0] * 34
    for name, count in named_counts.items():
        counts[TILE_NAMES.index(name[1:])] = count  # names are given as _5m, since 5m is no identifier
    return counts


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (((0,) * 33,), "a hand needs 34 counts and 3 red counts, got 33 and 3"),
        (((1,) * 13 + (0,) * 21, (0, 0)), "a hand needs 34 counts and 3 red counts, got 34 and 2"),
        ((hand_counts(_1m=-1, _2m=2),), "hand: count of 1m is -1: a count is an integer 0 to 4"),
        ((hand_counts(_1m=5),), "hand: count of 1m is 5: a count is an integer 0 to 4"),
        ((hand_counts(_5m=1), (2, 0, 0)), "2 red 5m among 1 concealed 5m"),
        ((hand_counts(_5s=2), (0, 0, -1)), "-1 red 5s among 2 concealed 5s"),
        ((hand_counts(_1z=2), (0, 0, 0), [Meld(PON, (27,) * 3)] * 4), "5th copy of 1z"),
        ((hand_counts(_1z=2), (0, 0, 0), [Meld(PON, (0,) * 3)]), "2 concealed tiles need 4 melds, got 1"),
    ],
)
def test_hand_constructor_errors(arguments: tuple, message: str) -> None:
    with pytest.raises(InvalidHandError) as caught:
        Hand(*arguments)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((PON, (0, 1, 2)), "pon needs 3 identical tiles, got 1m 2m 3m"),
        ((CHI, (7, 8, 9)), f"{NOT_A_CHI} 8m 9m 1p"),
        ((CHI, (0, 1, 2), 1), "1 red fives in a meld with 0 fives"),
        ((PON, (34, 34, 34)), "tile kinds are 0-33, got (34, 34, 34)"),
    ],
)
def test_meld_constructor_errors(arguments: tuple, message: str) -> None:
    with pytest.raises(InvalidHandError) as caught:
        Meld(*arguments)
    assert str(caught.value) == message


# --- documentation examples ------------------------------------------------------------


@pytest.mark.parametrize("module", [tiles, notation], ids=lambda module: module.__name__)
def test_doctests(module) -> None:
    results = doctest.testmod(module)
    assert results.attempted > 0
    assert results.failed == 0
