"""The numpy batches (shanten, uke-ire, discard tables) proven against the oracle, row by row,
under every rule option; and their errors."""

from __future__ import annotations

import numpy as np
import pytest

import oracle as O
import shanten

RULES = [("tenhou", 4), ("wrc", 4), ("tenhou", 3), ("wrc", 3)]


def situations(rng: np.random.Generator, count: int, sizes: list[int], players: int, max_dead: int = 60):
    """``count`` random situations as arrays: hands, own melded counts, dead counts, and a label per row."""
    rows = [O.random_situation(rng, int(rng.choice(sizes)), players, max_dead) for _ in range(count)]
    hands, owns, deads = (np.array([row[i] for row in rows], dtype=np.uint8) for i in (0, 2, 3))
    labels = [f"{O.to_notation(h)} {' '.join(m)} dead={O.to_notation(d)}" for h, m, _, d in rows]
    return hands, owns, deads, labels


def live_counts(hands: np.ndarray, owns: np.ndarray, deads: np.ndarray, players: int) -> np.ndarray:
    live = 4 - hands.astype(np.int16) - owns - deads
    if players == 3:
        live[:, 1:8] = 0
    return live


def oracle_numbers(hands: np.ndarray, lims: np.ndarray, players: int) -> np.ndarray:
    return O.replacement_numbers_batch(hands, lims, players).astype(int)


def oracle_ukeire(hands: np.ndarray, lims: np.ndarray, live: np.ndarray, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Shanten, and the live copies of each kind whose draw lowers it, by drawing every live kind."""
    before = oracle_numbers(hands, lims, players)
    rows, kinds = np.nonzero(live > 0)
    drawn = hands[rows].copy()
    drawn[np.arange(len(rows)), kinds] += 1
    after = oracle_numbers(drawn, lims[rows], players)
    out = np.zeros(hands.shape, dtype=np.int16)
    lowers = after < before[rows]
    out[rows[lowers], kinds[lowers]] = live[rows[lowers], kinds[lowers]]
    return before - 1, out


@pytest.mark.parametrize("rule, players", RULES)
def test_shanten_batch_under_rules_equals_the_oracle(rule: str, players: int, scale: int) -> None:
    rng = np.random.default_rng([players, len(rule), 41])
    hands, owns, deads, labels = situations(rng, 1500 * scale, [1, 2, 4, 5, 7, 8, 10, 11, 13, 14], players)
    lims = np.array([O.limits(rule, own, dead, players) for own, dead in zip(owns, deads)])
    want = oracle_numbers(hands, lims, players) - 1
    got = shanten.shanten_batch(hands, rule=rule, dead=deads, melded=owns, players=players, threads=2)
    bad = np.flatnonzero(got != want)
    assert not bad.size, f"{labels[bad[0]]}: {got[bad[0]]} != {want[bad[0]]}"


@pytest.mark.parametrize("rule, players", RULES)
def test_ukeire_batch_equals_the_oracle(rule: str, players: int, scale: int) -> None:
    """Many dead tiles (up to 60), so that limits cut into optimal targets: the limited path is exercised."""
    rng = np.random.default_rng([players, len(rule), 43])
    hands, owns, deads, labels = situations(rng, 1000 * scale, [1, 4, 7, 10, 13], players)
    lims = np.array([O.limits(rule, own, dead, players) for own, dead in zip(owns, deads)])
    want_shanten, want = oracle_ukeire(hands, lims, live_counts(hands, owns, deads, players), players)
    got = shanten.ukeire_batch(hands, rule=rule, dead=deads, melded=owns, players=players)
    for row in np.flatnonzero((got.live != want).any(axis=1) | (got.shanten != want_shanten)):
        pytest.fail(f"{labels[row]}: {got.live[row].tolist()} != {want[row].tolist()}")


def oracle_table(hand: np.ndarray, lims: np.ndarray, live: np.ndarray, players: int) -> tuple[np.ndarray, np.ndarray]:
    """A 3n+2 hand's discard table by the oracle: the shanten after each discard (NOT_HELD for a
    kind not held) and the live uke-ire it leaves."""
    held = np.flatnonzero(hand)
    after = np.repeat(hand[None, :], len(held), axis=0)
    after[np.arange(len(held)), held] -= 1
    # the discarded copy stays out of the wall: live counts are the 3n+2 hand's
    shanten_after, ukeire_after = oracle_ukeire(after, np.repeat(lims[None], len(held), axis=0),
                                                np.repeat(live[None], len(held), axis=0), players)
    want_after = np.full(34, shanten.batch.NOT_HELD)
    want_after[held] = shanten_after
    want_totals = np.zeros(34, dtype=int)
    want_totals[held] = ukeire_after.sum(axis=1)
    return want_after, want_totals


@pytest.mark.parametrize("rule, players", RULES)
def test_discards_batch_equals_the_oracle(rule: str, players: int, scale: int) -> None:
    rng = np.random.default_rng([players, len(rule), 47])
    hands, owns, deads, labels = situations(rng, 120 * scale, [2, 5, 8, 11, 14], players)
    lims = np.array([O.limits(rule, own, dead, players) for own, dead in zip(owns, deads)])
    live = live_counts(hands, owns, deads, players)
    got = shanten.discards_batch(hands, rule=rule, dead=deads, melded=owns, players=players)
    assert (got.shanten == oracle_numbers(hands, lims, players) - 1).all()
    for row, hand in enumerate(hands):
        want_after, want_totals = oracle_table(hand, lims[row], live[row], players)
        assert got.after[row].tolist() == want_after.tolist(), labels[row]
        assert got.ukeire[row].tolist() == want_totals.tolist(), labels[row]


@pytest.mark.parametrize("players", [4, 3])
def test_a_review_gets_the_uke_ire_of_every_discard_that_can_rank_with_the_one_taken(players: int, scale: int) -> None:
    """A review (``taken=``) settles most discards from the table and seeks the kinds of those that
    can rank with the one taken: every shanten, and every uke-ire it gives, is the oracle's."""
    rng = np.random.default_rng([players, 59])
    hands, owns, deads, labels = situations(rng, 600 * scale, [2, 5, 8, 11, 14], players)
    lims = np.array([O.limits("tenhou", own, dead, players) for own, dead in zip(owns, deads)])
    live = live_counts(hands, owns, deads, players)
    taken = np.array([rng.choice(np.flatnonzero(hand)) for hand in hands])
    review = shanten.discards_batch(hands, dead=deads, melded=owns, players=players, taken=taken)
    assert (review.shanten == oracle_numbers(hands, lims, players) - 1).all()
    for row, hand in enumerate(hands):
        after, totals = oracle_table(hand, lims[row], live[row], players)
        ranked = (after == after.min()) | (after == after[taken[row]])
        want = np.where(ranked, totals, shanten.batch.UNKNOWN)
        want[after == shanten.batch.NOT_HELD] = 0
        assert review.after[row].tolist() == after.tolist(), labels[row]
        assert review.ukeire[row].tolist() == want.tolist(), labels[row]


def test_batches_equal_the_one_hand_queries_with_shared_dead_tiles_on_any_threads() -> None:
    rng = np.random.default_rng(53)
    dead = np.zeros(34, dtype=np.uint8)
    dead[[0, 9, 18, 27, 31, 33]] = 1
    hands13 = O.random_hands(rng, 3000, 13)
    hands14 = O.random_hands(rng, 3000, 14)
    hands13 = hands13[(hands13 + dead <= 4).all(axis=1)]
    hands14 = hands14[(hands14 + dead <= 4).all(axis=1)]
    one = shanten.ukeire_batch(hands13, dead=dead, threads=1)
    two = shanten.ukeire_batch(hands13, dead=dead, threads=2)
    assert (one.live == two.live).all() and (one.shanten == two.shanten).all()
    for hand, s, live in zip(hands13[:500], one.shanten, one.live):
        u = shanten.ukeire(hand, dead=dead)
        assert (s, {k: int(live[k]) for k in np.flatnonzero(live)}) == (u.shanten, dict(zip(u.kinds, u.counts))), \
            O.to_notation(hand)
    table = shanten.discards_batch(hands14, dead=dead, threads=2)
    for hand, after, totals in zip(hands14[:300], table.after, table.ukeire):
        rows = {row.kind: (row.shanten, row.total) for row in shanten.discards(hand, dead=dead)}
        assert rows == {k: (int(after[k]), int(totals[k])) for k in np.flatnonzero(hand)}, O.to_notation(hand)


@pytest.mark.parametrize("call, message", [
    (lambda: shanten.ukeire_batch(np.array([[1] * 14 + [0] * 20], dtype=np.uint8)),
     "row 0: uke-ire needs 3n+1 concealed tiles, got 14"),
    (lambda: shanten.discards_batch(np.array([[1] * 13 + [0] * 21], dtype=np.uint8)),
     "row 0: a discard table needs 3n+2 concealed tiles, got 13"),
    (lambda: shanten.shanten_batch(np.array([[4] + [0] * 26 + [1] + [0] * 6], dtype=np.uint8), dead=[1] + [0] * 33),
     "row 0: 5th copy of 1m (hand, melds and dead tiles)"),
    (lambda: shanten.shanten_batch(np.array([[4] + [0] * 26 + [1] + [0] * 6], dtype=np.uint8), melded=[3] + [0] * 33),
     "row 0: 5th copy of 1m"),
    (lambda: shanten.shanten_batch(np.zeros((1, 34), np.uint8) + np.eye(34, dtype=np.uint8)[27], dead=[0] * 33 + [5]),
     "dead: count of 7z is 5: a count is an integer 0 to 4"),
    (lambda: shanten.shanten_batch(np.eye(34, dtype=np.uint8)[[27, 28]], dead=np.eye(34, dtype=int)[[0, 1]] * 7),
     "row 0: dead: count of 1m is 7: a count is an integer 0 to 4"),
    (lambda: shanten.shanten_batch(np.eye(34, dtype=np.uint8)[[27]], dead=np.zeros((2, 34), np.uint8)),
     "dead must be 34 counts or an (1, 34) array, got shape (2, 34)"),
    (lambda: shanten.shanten_batch(np.eye(34, dtype=np.uint8)[[0]], dead=np.eye(34, dtype=np.uint8)[1], players=3),
     "row 0: dead: 2m does not exist in 3-player mahjong"),
    (lambda: shanten.shanten_batch(np.eye(34, dtype=np.uint8)[[0]], rule="mleague"),
     "unknown rule 'mleague': use 'tenhou' or 'wrc'"),
    (lambda: shanten.shanten_batch(np.eye(34, dtype=np.uint8)[[27]], dead=[4] * 27 + [3] + [4] * 6),
     "row 0: no complete hand can be reached within these limits"),
    (lambda: shanten.shanten_batch(np.ones((1, 34), dtype=bool)), "row 0: count of 1m is True: a count is an integer 0 to 4"),
    (lambda: shanten.shanten_batch(np.zeros((1, 34), np.uint8), threads=0),
     "threads must be 1 to 64 (None: every core), got 0"),
    (lambda: shanten.shanten_batch(np.zeros((1, 34), np.uint8), threads=-1),
     "threads must be 1 to 64 (None: every core), got -1"),
    (lambda: shanten.shanten_batch(np.zeros((1, 34), np.uint8), threads=1000),
     "threads must be 1 to 64 (None: every core), got 1000"),
    (lambda: shanten.shanten_batch(np.zeros((1, 34), np.uint8), threads=10**30),
     "threads must be 1 to 64 (None: every core), got 1000000000000000000000000000000"),
    (lambda: shanten.shanten_batch([[1, 2], [3]]), "counts must be an (N, 34) array of counts, got ragged rows"),
    (lambda: shanten.discards_batch(np.eye(34, dtype=np.uint8)[[27]] * 2, taken=[28]),
     "row 0: the discard taken, 2z, is not in the hand"),
    (lambda: shanten.discards_batch(np.eye(34, dtype=np.uint8)[[27]] * 2, taken=[34]),
     "taken must be 1 tile kinds 0-33, one per row, got [34]"),
])
def test_batch_errors_are_one_line(call, message: str) -> None:
    with pytest.raises(shanten.InvalidHandError) as info:
        call()
    assert str(info.value) == message


def test_batch_of_no_rows() -> None:
    empty = np.zeros((0, 34), np.uint8)
    assert shanten.shanten_batch(empty).shape == (0,)
    result = shanten.discards_batch(empty)
    assert (result.shanten.shape, result.after.shape, result.ukeire.shape) == ((0,), (0, 34), (0, 34))
