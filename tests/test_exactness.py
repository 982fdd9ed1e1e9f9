"""Exactness of the ``shanten`` package against the independent oracle and xiangting.

Ground truth:
* ``tests/oracle.py``: brute force over explicitly enumerated target hands, written
  from the definitions alone (validated in test_oracle.py);
* ``xiangting`` (PyPI): the peer implementation, for large seeded differential runs.

Every randomized test is seeded; a failure lists the failing hands in Tenhou notation
(e.g. ``123m456p789s1234z``).  ``pytest --full`` scales the random samples up 10x.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import oracle as O
import peer

try:  # the package under test: never skipped, it must be importable
    import shanten
    from shanten import _core
except ImportError as exc:  # pragma: no cover - a clear message instead of a bare traceback
    raise ImportError(
        "tests/test_exactness.py needs the built `shanten` package (e.g. `pip install -e .`): " + str(exc)
    ) from exc

fmt = O.to_notation
SIZES = O.HAND_SIZES
MAX_REPORTED = 20


def _check(what: str, got, want, describe) -> None:
    """Assert got == want elementwise; on failure list the first mismatches.

    ``describe(i)`` renders case i (the hand in Tenhou notation plus context)."""
    got = np.asarray(got).astype(np.int64)
    want = np.asarray(want).astype(np.int64)
    assert got.shape == want.shape, f"{what}: shape {got.shape} != expected {want.shape}"
    bad = np.nonzero(got != want)[0]
    if len(bad):
        lines = [f"  {describe(i)}: package {got[i]}, expected {want[i]}" for i in bad[:MAX_REPORTED]]
        pytest.fail(f"{what}: {len(bad)} of {len(got)} cases differ; first ones:\n" + "\n".join(lines),
                    pytrace=False)


def _oracle_shanten(hands: np.ndarray, lim=None, players: int = 4) -> np.ndarray:
    r = O.replacement_numbers_batch(hands, lim, players)
    assert (r < O.IMPOSSIBLE).all(), "oracle found an impossible hand in a test sample"
    return r.astype(np.int64) - 1


def _batch(hands: np.ndarray, **kw) -> np.ndarray:
    out = np.asarray(shanten.shanten_batch(np.ascontiguousarray(hands, dtype=np.uint8), **kw))
    assert out.shape == (len(hands),), f"shanten_batch returned shape {out.shape} for {len(hands)} hands"
    return out.astype(np.int64)


def _as_input(counts: np.ndarray, kind: int):
    """The same hand as one of the accepted input types (rotating by ``kind``)."""
    c = [int(x) for x in counts]
    return (c, tuple(c), bytes(c), np.asarray(c, np.uint8), fmt(counts))[kind % 5]


def _dead_input(dead: np.ndarray, kind: int):
    """Dead tiles as 34 counts (list / numpy) or as a tile string; None when empty."""
    if not dead.any():
        return None if kind % 2 else [0] * 34
    return ([int(x) for x in dead], np.asarray(dead, np.uint8), fmt(dead))[kind % 3]


# ---------------------------------------------------------------------------
# a. Named regression facts
# ---------------------------------------------------------------------------

NAMED = O.NAMED_FACTS


@pytest.mark.parametrize("hand,players,expected", NAMED)
def test_named_facts(hand, players, expected):
    assert shanten.shanten(hand, players=players) == expected, hand
    assert shanten.replacement_number(hand, players=players) == expected + 1, hand
    assert O.shanten(O.parse_tiles(hand), players=players) == expected  # the oracle agrees


@pytest.mark.parametrize("rule,expected", [("tenhou", 0), ("wrc", 1)])
def test_named_closed_kans(rule, expected):
    melds = ["(3333p)", "(6666p)"]
    assert shanten.shanten("45p55777z", melds=melds, rule=rule) == expected
    assert shanten.replacement_number("45p55777z", melds=melds, rule=rule) == expected + 1


def test_named_forms():
    f = shanten.shanten_forms("19m19p19s1234567z")
    assert (f.regular, f.seven_pairs, f.thirteen_orphans, f.shanten) == (8, 6, 0, 0)
    f = shanten.shanten_forms("1122m3344p5566s77z")
    assert (f.regular, f.seven_pairs, f.thirteen_orphans, f.shanten) == (3, -1, 10, -1)
    f = shanten.shanten_forms("11112222333444z")
    assert (f.regular, f.seven_pairs, f.shanten) == (1, 5, 1)


def test_input_types_agree():
    counts = O.parse_tiles("245568m245568p77s")
    for kind in range(5):
        assert shanten.shanten(_as_input(counts, kind)) == 2, type(_as_input(counts, kind))
    # dead tiles as counts or as a tile string
    dead = O.parse_tiles("3333p")
    a = shanten.shanten("45p55777z", melds=["[123m]", "[999s]"], dead=[int(x) for x in dead])
    b = shanten.shanten("45p55777z", melds=["[123m]", "[999s]"], dead="3333p")
    assert a == b == 0  # 6p still waits
    dead = O.parse_tiles("3333p6666p")
    assert shanten.shanten("45p55777z", melds=["[123m]", "[999s]"], dead=dead) == 1


# ---------------------------------------------------------------------------
# b. Exhaustive small hands (1, 2, 4 and 5 tiles)
# ---------------------------------------------------------------------------


def _all_hands(size: int) -> np.ndarray:
    combos = np.array(list(itertools.combinations_with_replacement(range(34), size)), np.int64)
    flat = (np.arange(len(combos))[:, None] * 34 + combos).ravel()
    hands = np.bincount(flat, minlength=34 * len(combos)).reshape(len(combos), 34)
    return hands[hands.max(axis=1) <= 4].astype(np.uint8)


@pytest.fixture(scope="module")
def small_hands():
    hands = np.concatenate([_all_hands(n) for n in (1, 2, 4, 5)])
    assert len(hands) == 568_582
    # all distinct: compare as sorted byte strings
    rows = np.sort(hands.view(np.dtype((np.void, 34))).ravel())
    assert (rows[1:] != rows[:-1]).all()
    return hands, _oracle_shanten(hands)


def test_exhaustive_small_hands_batch(small_hands):
    hands, want = small_hands
    _check("shanten_batch, every hand of 1/2/4/5 tiles", _batch(hands), want, lambda i: fmt(hands[i]))


def test_exhaustive_small_hands_scalar_sample(small_hands, scale):
    hands, want = small_hands
    rng = np.random.default_rng(20240501)
    idx = rng.choice(len(hands), size=min(len(hands), 4000 * scale), replace=False)
    got = [shanten.shanten(_as_input(hands[i], k)) for k, i in enumerate(idx)]
    _check("shanten(), sample of the 1/2/4/5-tile hands", got, want[idx], lambda j: fmt(hands[idx[j]]))
    got = [shanten.replacement_number(_as_input(hands[i], k)) - 1 for k, i in enumerate(idx[:1000])]
    _check("replacement_number() - 1", got, want[idx[:1000]], lambda j: fmt(hands[idx[j]]))


# ---------------------------------------------------------------------------
# c. Exhaustive per-suit table
# ---------------------------------------------------------------------------


def test_suit_values_exhaustive():
    shapes = np.indices((5,) * 9).reshape(9, -1).T
    shapes = np.ascontiguousarray(shapes[shapes.sum(axis=1) <= 14], dtype=np.uint8)
    assert len(shapes) == 405_350
    want = O.suit_values_batch(shapes).reshape(len(shapes), 10)  # index m * 2 + p
    for m in range(5):
        for p in range(2):
            if 3 * m + 2 * p > 14:
                want[:, m * 2 + p] = 255
    buf = shapes.tobytes()
    suit_values = _core.suit_values
    out = b"".join([suit_values(buf[i : i + 9]) for i in range(0, len(buf), 9)])
    assert len(out) == 10 * len(shapes), "suit_values must return 10 bytes per shape"
    got = np.frombuffer(out, np.uint8).reshape(len(shapes), 10)
    bad_rows = np.nonzero((got != want).any(axis=1))[0]
    if len(bad_rows):
        lines = []
        for i in bad_rows[:MAX_REPORTED]:
            s = "".join(str(d) * int(c) for d, c in zip(range(1, 10), shapes[i])) or "-"
            lines.append(f"  shape {shapes[i].tolist()} ({s}): package {got[i].tolist()}, expected {want[i].tolist()}")
        pytest.fail(f"_core.suit_values: {len(bad_rows)} of {len(shapes)} shapes differ "
                    f"(values indexed m*2+p); first ones:\n" + "\n".join(lines), pytrace=False)


# ---------------------------------------------------------------------------
# d. Differential against xiangting
# ---------------------------------------------------------------------------

PER_SIZE = 25_000  # x 10 sizes x 4 distributions = 1,000,000 hands per player count


@pytest.mark.parametrize("dist", O.DISTRIBUTIONS)
def test_vs_xiangting_4p(dist, scale):
    rng = np.random.default_rng([4, O.DISTRIBUTIONS.index(dist), 2024])
    per_size = PER_SIZE * scale
    for size in SIZES:
        hands = O.random_hands(rng, per_size, size, dist, players=4)
        want = peer.replacement_numbers(hands, 4) - 1
        _check(f"shanten_batch vs xiangting, 4-player, {dist}, {size} tiles", _batch(hands), want,
               lambda i: fmt(hands[i]))
        if size == 14:  # explicit thread counts give the same answers
            sub = hands[:20_000]
            _check("shanten_batch(threads=1)", _batch(sub, threads=1), want[: len(sub)], lambda i: fmt(sub[i]))
            _check("shanten_batch(threads=2)", _batch(sub, threads=2), want[: len(sub)], lambda i: fmt(sub[i]))


@pytest.mark.parametrize("dist", O.DISTRIBUTIONS)
def test_vs_xiangting_3p(dist, scale):
    rng = np.random.default_rng([3, O.DISTRIBUTIONS.index(dist), 2024])
    per_size = PER_SIZE * scale
    for size in SIZES:
        hands = O.random_hands(rng, per_size, size, dist, players=3)
        want = peer.replacement_numbers(hands, 3) - 1
        got = _batch(hands, players=3)
        _check(f"3-player vs xiangting, {dist}, {size} tiles", got, want, lambda i: fmt(hands[i]) + " (3p)")


# ---------------------------------------------------------------------------
# e. Rules (wrc / tenhou), called melds and dead tiles against the oracle
# ---------------------------------------------------------------------------

PER_SIZE_RULES = 5_000  # x 10 sizes x 4 (rule, players) = 200,000 hands


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("rule", ["tenhou", "wrc"])
def test_rules_melds_dead_vs_oracle(rule, players, scale):
    rng = np.random.default_rng([["tenhou", "wrc"].index(rule), players, 77])
    per_size = PER_SIZE_RULES * scale
    hands, melds, lims, deads, got = [], [], [], [], []
    k = 0
    for size in SIZES:
        for _ in range(per_size):
            hand, meld_strs, own, dead = O.random_situation(rng, size, players, max_dead=60)
            hands.append(hand)
            melds.append(meld_strs)
            deads.append(dead)
            lims.append(O.limits(rule, own, dead, players))
            dead_arg = _dead_input(dead, k)
            got.append(shanten.shanten(_as_input(hand, k), melds=meld_strs, rule=rule, dead=dead_arg,
                                       players=players))
            k += 1
    hands = np.array(hands)
    want = _oracle_shanten(hands, np.array(lims), players)
    _check(f"shanten(rule={rule!r}, players={players}) with melds and dead tiles", got, want,
           lambda i: f"{fmt(hands[i])} melds={' '.join(melds[i]) or '-'} dead={fmt(deads[i])}")


def _form_shanten(replacement: int | None) -> int | None:
    """The package's per-form value for an oracle replacement number: None where the form is out."""
    return None if replacement is None or replacement >= O.IMPOSSIBLE else replacement - 1


def test_rules_replacement_number_and_forms_sample():
    rng = np.random.default_rng(99)
    for i in range(400):
        players = 3 if i % 2 else 4
        rule = "wrc" if i % 4 < 2 else "tenhou"
        size = SIZES[i % len(SIZES)]
        hand, meld_strs, own, dead = O.random_situation(rng, size, players, max_dead=60)
        lim = O.limits(rule, own, dead, players)
        r, s, t = O.form_replacement_numbers(hand, lim, players)
        want = O.replacement_number(hand, lim, players)
        kw = dict(melds=meld_strs, rule=rule, dead=dead, players=players)
        got = shanten.replacement_number(fmt(hand), **kw)
        f = shanten.shanten_forms(fmt(hand), **kw)
        desc = f"{fmt(hand)} melds={' '.join(meld_strs) or '-'} dead={fmt(dead)} rule={rule} players={players}"
        assert got == want, f"replacement_number: {desc}: package {got}, expected {want}"
        assert f.shanten == want - 1, f"shanten_forms().shanten: {desc}: package {f.shanten}, expected {want - 1}"
        for name, value in (("regular", r), ("seven_pairs", s), ("thirteen_orphans", t)):
            got_form, want_form = getattr(f, name), _form_shanten(value)
            assert got_form == want_form, f"shanten_forms().{name}: {desc}: package {got_form}, expected {want_form}"


# ---------------------------------------------------------------------------
# f. mjx shanten test cases (../shared)
# ---------------------------------------------------------------------------


def test_mjx_cases_per_form(shared_dir):
    folder = shared_dir / "records" / "mjx" / "shanten"
    cases = O.load_mjx_shanten_cases(folder)
    if cases is None:
        pytest.skip(f"no mjx shanten cases in {folder}")
    hands, regular, kokushi, chiitoi = cases
    assert len(hands) == 40_000
    # Column order (regular, thirteen orphans, seven pairs) confirmed with the oracle.
    idx = np.arange(0, len(hands), 200)
    r, s, t = O.form_replacement_numbers_batch(hands[idx])
    assert (r - 1 == regular[idx]).all() and (t - 1 == kokushi[idx]).all() and (s - 1 == chiitoi[idx]).all()

    got = {"regular": [], "seven_pairs": [], "thirteen_orphans": [], "shanten": []}
    for k, row in enumerate(hands):
        f = shanten.shanten_forms(_as_input(row, k % 4))
        for name in got:
            got[name].append(getattr(f, name))
    best = np.minimum(np.minimum(regular, kokushi), chiitoi)
    for name, want in (("regular", regular), ("seven_pairs", chiitoi), ("thirteen_orphans", kokushi),
                       ("shanten", best)):
        _check(f"shanten_forms().{name} vs mjx cases", got[name], want, lambda i: fmt(hands[i]))
    _check("shanten() vs mjx cases", [shanten.shanten(row) for row in hands[::10].tolist()], best[::10],
           lambda i: fmt(hands[10 * i]))
