"""Sanity checks of the independent oracle (tests/oracle.py) itself.

The oracle is ground truth for test_exactness.py, so it is validated here against
the named facts, against a second, naive whole-hand enumeration, against the peer
package ``xiangting`` on seeded random hands, and against the mjx shanten test cases.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import oracle as O
import peer


def _report(what: str, rows: list[str], total: int) -> str:
    return f"{len(rows)} of {total} {what} disagree; first ones:\n" + "\n".join(rows[:20])


# ---------------------------------------------------------------------------
# Named facts
# ---------------------------------------------------------------------------

NAMED = O.NAMED_FACTS


@pytest.mark.parametrize("hand,players,expected", NAMED)
def test_named_facts(hand, players, expected):
    counts = O.parse_tiles(hand)
    assert O.shanten(counts, players=players) == expected, hand
    assert O.replacement_number(counts, O.limits(players=players)) == expected + 1, hand


def test_named_kans_tenhou_vs_wrc():
    hand = O.parse_tiles("45p55777z")
    own = O.parse_tiles("3333p6666p")
    assert O.shanten(hand, O.limits("tenhou", own)) == 0
    assert O.shanten(hand, O.limits("wrc", own)) == 1


def test_named_forms():
    assert O.form_replacement_numbers(O.parse_tiles("19m19p19s1234567z")) == (9, 7, 1)
    # Four of a kind is one pair for seven pairs, not two.
    assert O.form_replacement_numbers(O.parse_tiles("11112233445566z"))[1] == 2
    assert O.form_replacement_numbers(O.parse_tiles("1122m3344p5566s77z")) == (4, 0, 11)
    # Complete regular hand, tenpai and 13-tile hands.
    assert O.form_replacement_numbers(O.parse_tiles("123m456p789s11122z"))[0] == 0
    assert O.form_replacement_numbers(O.parse_tiles("123m456p789s1112z"))[0] == 1
    # Non-applicable forms are None.
    assert O.form_replacement_numbers(O.parse_tiles("123m45p"))[1:] == (None, None)
    assert O.shanten(O.parse_tiles("1z")) == 0
    assert O.shanten(O.parse_tiles("11z")) == -1
    assert O.shanten(O.parse_tiles("1z3p")) == 0
    assert O.shanten(O.parse_tiles("19m1z3p")) == 2
    assert O.shanten(O.parse_tiles("12m1z3p")) == 1


def test_limits_helper_and_sentinels():
    lim = O.limits("wrc", own_melds=O.parse_tiles("123m"), dead=O.parse_tiles("1m7z"), players=3)
    assert list(lim[:9]) == [2, 0, 0, 0, 0, 0, 0, 0, 4]
    assert lim[33] == 3 and lim[9] == 4
    assert list(O.limits("tenhou", own_melds=O.parse_tiles("123m"))[:3]) == [4, 4, 4]
    # Seven pairs must avoid a kind whose other copies are visible.
    hand = O.parse_tiles("1122m3344p5566s77z")
    assert O.form_replacement_numbers(hand, O.limits(dead=O.parse_tiles("777z")))[1] == 2
    # Thirteen orphans impossible when all of one terminal is gone.
    r, s, t = O.form_replacement_numbers(O.parse_tiles("19m19p19s1234567z"), O.limits(dead=O.parse_tiles("1111z")))
    assert t == O.IMPOSSIBLE
    # A 1-tile hand with every kind but one dead can only wait on that kind.
    assert O.replacement_number(O.parse_tiles("1z"), np.where(np.arange(34) == 5, 2, 0)) == 2
    assert O.replacement_number(O.parse_tiles("1z"), np.where(np.arange(34) == 5, 1, 0)) == O.IMPOSSIBLE


def test_target_enumeration_counts():
    _, off = O._group_targets(9, True)
    sizes = {c: b - a for c, (a, b) in off.items()}
    assert sizes[(0, 0)] == 1 and sizes[(0, 1)] == 9 and sizes[(1, 0)] == 16
    assert sizes[(1, 1)] == 16 * 9 - 9  # a triplet plus a pair of the same kind is 5 tiles
    _, off = O._group_targets(7, False)
    sizes = {c: b - a for c, (a, b) in off.items()}
    assert sizes[(1, 0)] == 7 and sizes[(4, 0)] == 35 and sizes[(4, 1)] == 35 * 3


def test_suit_values_small():
    empty = O.suit_values([0] * 9)
    assert empty == {(m, p): 3 * m + 2 * p for m in range(5) for p in range(2)}
    v = O.suit_values([3, 1, 1, 1, 0, 0, 0, 0, 0])  # 111234
    assert v[(2, 0)] == 0 and v[(1, 1)] == 0 and v[(0, 1)] == 0 and v[(2, 1)] == 2 and v[(3, 0)] == 3
    v = O.suit_values([0, 1, 0, 1, 0, 0, 0, 0, 1])  # 249
    assert v[(1, 0)] == 1 and v[(1, 1)] == 2 and v[(0, 1)] == 1 and v[(0, 0)] == 0
    v = O.suit_values([4, 4, 4, 2, 0, 0, 0, 0, 0])  # 11112222333344
    assert v[(4, 1)] == 0 and v[(4, 0)] == 0


# ---------------------------------------------------------------------------
# Against the naive whole-hand enumeration
# ---------------------------------------------------------------------------


def _random_limits(rng, players):
    own = np.zeros(34, np.int16)
    for _ in range(rng.integers(0, 3)):
        own[rng.integers(34)] += rng.integers(1, 4)
    dead = np.zeros(34, np.int16)
    for k in rng.integers(0, 34, rng.integers(0, 40)):
        dead[k] += 1
    return O.limits(str(rng.choice(["tenhou", "wrc"])), np.minimum(own, 4), np.minimum(dead, 4), players)


@pytest.mark.parametrize("size,count", [(1, 60), (2, 60), (4, 60), (5, 60), (7, 25), (8, 25), (10, 3), (11, 3)])
def test_regular_vs_naive(size, count):
    rng = np.random.default_rng(1000 + size)
    bad = []
    for i in range(count):
        players = 3 if i % 3 == 2 else 4
        hand = O.random_hands(rng, 1, size, O.DISTRIBUTIONS[i % 4], players)[0]
        lim = _random_limits(rng, players) if i % 2 else O.limits(players=players)
        got = O.form_replacement_numbers(hand, lim, players)[0]
        want = O.naive_regular_replacement_number(hand, lim)
        if got != want:
            bad.append(f"{O.to_notation(hand)} limits={lim.tolist()}: oracle {got}, naive {want}")
    assert not bad, _report("hands", bad, count)


def test_suit_values_vs_naive():
    rng = np.random.default_rng(7)
    bad = []
    lim = np.zeros(34, np.int16)
    lim[9:18] = 4  # the p suit only
    shapes = []
    while len(shapes) < 40:
        s = rng.integers(0, 5, 9) * (rng.random(9) < 0.5)
        if s.sum() <= 14:
            shapes.append(s)
    for s in shapes:
        hand = np.zeros(34, np.int16)
        hand[9:18] = s
        got = O.suit_values(s)
        for (m, p), v in got.items():
            want = O.naive_regular_replacement_number(hand, lim, melds=m, pair=bool(p))
            if v != want:
                bad.append(f"{O.to_notation(hand)} (m={m}, p={p}): oracle {v}, naive {want}")
    assert not bad, _report("suit values", bad, 40 * 10)


# ---------------------------------------------------------------------------
# Against xiangting
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("dist", O.DISTRIBUTIONS)
def test_vs_xiangting(dist, players, scale):
    rng = np.random.default_rng([players, O.DISTRIBUTIONS.index(dist), 11])
    per_size = 400 * scale
    bad = []
    total = 0
    for size in O.HAND_SIZES:
        hands = O.random_hands(rng, per_size, size, dist, players)
        got = O.replacement_numbers_batch(hands, players=players)
        want = peer.replacement_numbers(hands, players)
        total += len(hands)
        for i in np.nonzero(got != want)[0]:
            bad.append(f"{O.to_notation(hands[i])} ({players}p): oracle {got[i]}, xiangting {want[i]}")
    assert not bad, _report("hands", bad, total)


def test_vs_xiangting_special_hands():
    """Hands built around quads, seven pairs and thirteen orphans."""
    hands = [
        "11112222333444z", "1111m111122233z", "1111m123p112233s", "123456789m1111p",
        "11223344556677z", "11112222333344m", "19m19p19s1234567z", "19m19p19s1234566z",
        "1111m2222p3333s44z", "1111m", "1111z", "11112222z", "1111m2222z", "11112m",
        "1111m1111p1111s11z", "1122m1122p1122s11z", "111122223333m1z", "1111m9999p11z",
    ]
    bad = []
    for text in hands:
        counts = O.parse_tiles(text)
        if counts.sum() not in O.HAND_SIZES:
            continue
        for players in (4, 3):
            if players == 3 and counts[1:8].any():
                continue
            got = O.replacement_number(counts, players=players)
            want = int(peer.replacement_numbers(counts[None, :], players)[0])
            if got != want:
                bad.append(f"{text} ({players}p): oracle {got}, xiangting {want}")
    assert not bad, "\n".join(bad)


# ---------------------------------------------------------------------------
# Against the mjx shanten test cases (../shared)
# ---------------------------------------------------------------------------


def load_mjx_cases(shared_dir: Path):
    folder = shared_dir / "records" / "mjx" / "shanten"
    cases = O.load_mjx_shanten_cases(folder)
    if cases is None:
        pytest.skip(f"no mjx shanten cases in {folder}")
    return cases


def test_vs_mjx_cases(shared_dir):
    # columns: 14 tile ids, standard (regular), thirteen orphans, seven pairs shanten
    hands, regular, kokushi, chiitoi = load_mjx_cases(shared_dir)
    assert len(hands) == 40000
    r, s, t = O.form_replacement_numbers_batch(hands)
    bad = []
    for name, got, want in (("regular", r - 1, regular), ("seven pairs", s - 1, chiitoi),
                            ("thirteen orphans", t - 1, kokushi)):
        for i in np.nonzero(got != want)[0]:
            bad.append(f"{O.to_notation(hands[i])} {name}: oracle {got[i]}, mjx {want[i]}")
    assert not bad, _report("form values", bad, 3 * len(hands))
