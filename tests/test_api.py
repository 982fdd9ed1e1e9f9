"""The public surface: argument forms, options, errors and the command line."""

from __future__ import annotations

import os

import numpy as np
import pytest

import shanten

SEVEN_PAIRS_WITH_QUAD = "1111m2233p4455s6z"  # 5 pairs and a single; with the quad as two pairs, 6 pairs


def test_seven_pairs_quads_option() -> None:
    assert shanten.shanten_forms(SEVEN_PAIRS_WITH_QUAD).seven_pairs == 2
    assert shanten.shanten_forms(SEVEN_PAIRS_WITH_QUAD, seven_pairs_quads=True).seven_pairs == 0
    assert shanten.shanten("1111m223344p5566s", seven_pairs_quads=True) == -1


def test_hand_object_and_numpy_row() -> None:
    hand = shanten.Hand.parse("245568m245568p77s")
    assert shanten.shanten(hand) == 2
    assert shanten.shanten(np.array(hand.counts, dtype=np.uint8)) == 2
    assert shanten.shanten(bytes(hand.counts)) == 2


def test_melds_from_keyword_and_notation_agree() -> None:
    written = shanten.shanten("45p55777z (3333p) (6666p)", rule="wrc")
    passed = shanten.shanten("45p55777z", melds=["(3333p)", "(6666p)"], rule="wrc")
    objects = shanten.shanten("45p55777z", melds=list(shanten.Hand.parse("45p55777z (3333p) (6666p)").melds), rule="wrc")
    assert written == passed == objects == 1


def test_dead_tiles_remove_waits() -> None:
    assert shanten.shanten("123m456p789s1122z") == 0
    assert shanten.shanten("123m456p789s1122z", dead="1z1z") == 0
    assert shanten.shanten("123m456p789s1122z", dead="1z1z2z2z") == 2


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: shanten.shanten("123m4x"), "column 6: unknown character 'x'"),
        (lambda: shanten.shanten([5] + [0] * 33), "hand: count of 1m is 5: a count is an integer 0 to 4"),
        (lambda: shanten.shanten([1.5] + [0] * 33), "hand: count of 1m is 1.5: a count is an integer 0 to 4"),
        (lambda: shanten.shanten("1112m", dead=[0] * 33 + [-1]), "dead: count of 7z is -1: a count is an integer 0 to 4"),
        (lambda: shanten.shanten([1] * 12 + [0] * 22), "12 concealed tiles: a hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14"),
        (lambda: shanten.shanten("1112m", rule="mleague"), "unknown rule 'mleague': use 'tenhou' or 'wrc'"),
        (lambda: shanten.shanten("1112m", players=2), "players must be 3 or 4, got 2"),
        (lambda: shanten.shanten([0, 1] + [0] * 32, players=3), "2m does not exist in 3-player mahjong"),
        (lambda: shanten.shanten("1111m2z", dead="1m"), "5th copy of 1m (hand, melds and dead tiles)"),
        (lambda: shanten.shanten("19m19p19s1234567z", dead="2m", players=3), "2m does not exist in 3-player mahjong"),
        (lambda: shanten.shanten([4] + [0] * 26 + [1] + [0] * 6, melds=["(1111m)", "[999s]", "[999p]", "[999m]"]),
         "5th copy of 1m"),
        (lambda: shanten.shanten([1] + [0] * 26 + [1] + [0] * 6, melds=["[999s]"]), "2 concealed tiles need 4 melds, got 1"),
        (lambda: shanten.shanten("11z", melds="[111z]"), "melds must be a list such as ['[123m]', '(5555z)'], got '[111z]'"),
        (lambda: shanten.shanten("11z", melds=[1, 2, 3, 4]), "a meld is notation like '[123m]' or a Meld, got 1"),
        (lambda: shanten.Hand.parse(None), "expected notation such as '123m456p', got None"),
        (lambda: shanten.Hand([1.0] * 13 + [0] * 21), "hand: count of 1m is 1.0: a count is an integer 0 to 4"),
        (lambda: shanten.distribution(2.0), "tiles must be an integer, got 2.0"),
        (lambda: shanten.distribution(2, players=3.0), "players must be an integer, got 3.0"),
        (lambda: shanten.shanten_batch(np.full((1, 34), 0.5)), "row 0: count of 1m is 0.5: a count is an integer 0 to 4"),
        (lambda: shanten.shanten_batch(np.full((2, 34), 9)), "row 0: count of 1m is 9: a count is an integer 0 to 4"),
        (lambda: shanten.shanten_batch(np.zeros((1, 34), np.uint8), threads=1.5), "threads must be an integer, got 1.5"),
    ],
)
def test_errors_are_one_line(call, message: str) -> None:
    with pytest.raises(shanten.InvalidHandError) as info:
        call()
    assert str(info.value) == message


def test_batch_names_the_first_bad_row_and_uses_threads() -> None:
    rows = np.zeros((5000, 34), dtype=np.uint8)
    rows[:, 27] = 2
    rows[3000, 0] = 5
    rows[4000, 0] = 7
    with pytest.raises(shanten.InvalidHandError, match=r"^row 3000: count of 1m is 5: a count is an integer 0 to 4$"):
        shanten.shanten_batch(rows, threads=2)
    rows[3000, 0] = rows[4000, 0] = 0
    assert shanten.shanten_batch(rows, threads=2).tolist() == [-1] * 5000
    with pytest.raises(shanten.InvalidHandError, match="shape"):
        shanten.shanten_batch(np.zeros(34))


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity on this platform")
def test_batch_helpers_leave_the_callers_cpus_alone() -> None:
    """Helper threads start on other CPUs than the caller's: more threads than CPUs,
    or a caller held to one CPU, must still give every row and leave its affinity as it was."""
    rng = np.random.default_rng(7)
    rows = np.zeros((50_000, 34), dtype=np.uint8)
    for row, tiles in zip(rows, rng.permuted(np.tile(np.arange(136), (50_000, 1)), axis=1)[:, :14]):
        np.add.at(row, tiles // 4, 1)
    want = shanten.shanten_batch(rows, threads=1)

    def check(threads: int) -> None:
        got = shanten.shanten_batch(rows, threads=threads)
        bad = int(np.argmax(got != want))
        assert got[bad] == want[bad], f"threads={threads}, row {bad}: {shanten.Hand(tuple(rows[bad]))}"

    allowed = os.sched_getaffinity(0)
    try:
        os.sched_setaffinity(0, {min(allowed)})
        check(3)
        assert os.sched_getaffinity(0) == {min(allowed)}
    finally:
        os.sched_setaffinity(0, allowed)
    check(len(allowed) + 3)
    assert os.sched_getaffinity(0) == allowed
    assert set(want.tolist()) >= {0, 1, 2, 3, 4}  # varied rows: a row left unwritten would show


def test_batch_three_player() -> None:
    rows = np.zeros((1, 34), dtype=np.uint8)
    rows[0, [0, 27, 28, 29]] = 3
    rows[0, 30] = 2
    assert shanten.shanten_batch(rows, players=3).tolist() == [-1]
    rows[0, 2] = 1
    rows[0, 30] = 1
    with pytest.raises(shanten.InvalidHandError, match="^row 0: 3m does not exist in 3-player mahjong$"):
        shanten.shanten_batch(rows, players=3)


@pytest.mark.parametrize("call, message", [
    (lambda: shanten.shanten([1] * 13 + [0] * 21, melds=[[1, 2, 3]]), "a meld is notation like '[123m]' or a Meld, got [1, 2, 3]"),
    (lambda: shanten.Hand((0,) * 34, melds=5), "a hand's melds are a sequence of Meld objects, got 5"),
    (lambda: shanten.Meld(shanten.MeldKind.PON, 5), "a meld's tiles are a sequence of tile kinds, got 5"),
    (lambda: shanten.Hand(np.array(5)), "a hand's counts are 34 integers, got array(5)"),
    (lambda: shanten.shanten([10**5000] + [0] * 33), "hand: count of 1m is a huge int: a count is an integer 0 to 4"),
    (lambda: shanten.shanten(np.zeros((34, 100), int)),
     "hand must be notation, 34 counts or 136-tile ids, got an array of shape (34, 100)"),
    (lambda: shanten.shanten("1m", dead=np.zeros((34, 100), int)),
     "dead must be notation, 34 counts or 136-tile ids, got an array of shape (34, 100)"),
    (lambda: shanten.shanten("123m", melds=["[555z] 1m" + " " * 100000]), "expected one meld such as [123m], got '[555z] 1m '"),
    (lambda: shanten.shanten("123m" * 30000), "column 17: 5th copy of 1m"),
    (lambda: shanten.shanten("1" * 100000), "column 1: digits '111111111111111111111111111111111111... have no suit letter"),
    (lambda: shanten.shanten("1m", players=10**5000), "players must be 3 or 4, got a huge int"),
])
def test_bad_input_of_every_type_is_one_short_line(call, message: str) -> None:
    with pytest.raises(shanten.InvalidHandError) as info:
        call()
    assert str(info.value) == message


BOOL = [True] + [False] * 33


@pytest.mark.parametrize("counts", [BOOL, tuple(BOOL), np.array(BOOL)], ids=["list", "tuple", "numpy"])
def test_bool_counts_are_rejected_by_every_entry_point(counts) -> None:
    message = "hand: count of 1m is True: a count is an integer 0 to 4"
    for call in (shanten.shanten, shanten.ukeire, shanten.Hand):
        with pytest.raises(shanten.InvalidHandError) as info:
            call(counts)
        assert str(info.value) == message
    with pytest.raises(shanten.InvalidHandError, match="^row 0: count of 1m is True: a count is an integer 0 to 4$"):
        shanten.shanten_batch(np.array([BOOL]))


FIVE = [5] + [0] * 33


@pytest.mark.parametrize("counts", [FIVE, tuple(FIVE), bytes(FIVE), bytearray(FIVE), np.array(FIVE, np.uint8),
                                    np.array(FIVE, np.int64), np.array(FIVE, np.uint64), [np.int64(5)] + [0] * 33],
                         ids=["list", "tuple", "bytes", "bytearray", "uint8", "int64", "uint64", "numpy-scalars"])
def test_one_message_per_fault_whatever_the_input_type(counts) -> None:
    with pytest.raises(shanten.InvalidHandError) as info:
        shanten.shanten(counts)
    assert str(info.value) == "hand: count of 1m is 5: a count is an integer 0 to 4"


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64])
def test_numpy_rows_of_any_integer_dtype_and_stride(dtype) -> None:
    hand = shanten.Hand.parse("23m456p789s11z579s")
    row = np.array(hand.counts, dtype=dtype)
    strided = np.repeat(row, 2)[::2]  # not contiguous
    want = shanten.ukeire(list(hand.counts))
    for counts in (row, strided):
        assert shanten.ukeire(counts) == want
        assert shanten.shanten(counts, dead=np.zeros(34, dtype=dtype)) == want.shanten
    fourteen = np.array(shanten.Hand.parse("23m456p789s11z579s1z").counts, dtype=dtype)
    assert shanten.discards(fourteen) == shanten.discards(fourteen.tolist())


def test_results_draw_themselves_in_jupyter() -> None:
    """ukeire, discards (and each row), improvements and hands have _repr_html_ / _repr_svg_ with tiles as SVG."""
    table = shanten.discards("123m456p789s11225z", dead="1z")
    assert isinstance(table, tuple) and type(table).__name__ == "DiscardTable"
    html = table._repr_html_()
    assert html.count("<tr data-discard=") == len(table) == 12 and "<svg" in html
    assert "11 discards that raise the shanten" in html  # behind a toggle, as on the page
    assert table[0]._repr_html_().count("<tr data-discard=") == 1
    assert "<svg" in shanten.ukeire("23m456p789s11z579s")._repr_html_()
    assert shanten.improvements("123m456p789s13m11z")._repr_html_().count("<tr>") == 6
    assert shanten.Hand.parse("1234m")._repr_svg_().startswith("<svg")
