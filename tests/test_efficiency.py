"""Uke-ire, discard tables and improvements, against xiangting and against the oracle.

Randomized tests are seeded and print the failing hand in notation; ``--full`` scales them 10x.
"""

from __future__ import annotations

import numpy as np
import pytest
import xiangting

import oracle as O
import shanten
from peer import PLAYERS


@pytest.mark.parametrize("players", [4, 3])
def test_ukeire_kinds_equal_xiangting(players: int, scale: int) -> None:
    """Rule "tenhou": kinds whose draw lowers the shanten; 100,000 hands per player count."""
    rng = np.random.default_rng([players, 2026])
    for dist in O.DISTRIBUTIONS:
        for size in (1, 4, 7, 10, 13):
            for hand in O.random_hands(rng, 5_000 * scale, size, dist, players):
                counts = hand.tolist()
                got = shanten.ukeire(counts, players=players)
                number, mask = xiangting.calculate_necessary_tiles(counts, PLAYERS[players])
                # xiangting lists kinds the hand holds four of too; those cannot be drawn
                mask &= sum(1 << k for k in range(34) if counts[k] < 4)
                assert (got.shanten, got.mask) == (number - 1, mask), O.to_notation(hand)


@pytest.mark.parametrize("players", [4, 3])
def test_unnecessary_tiles_equal_xiangting(players: int, scale: int) -> None:
    """Every size, four distributions: 50,000 hands per player count."""
    rng = np.random.default_rng([players, 11])
    for dist in O.DISTRIBUTIONS:
        for size in O.HAND_SIZES:
            for hand in O.random_hands(rng, 1_250 * scale, size, dist, players):
                counts = hand.tolist()
                got = shanten.unnecessary(counts, players=players)
                number, mask = xiangting.calculate_unnecessary_tiles(counts, PLAYERS[players])
                assert (got.shanten, got.mask) == (number - 1, mask), O.to_notation(hand)


def test_unnecessary_tiles_are_the_discards_that_keep_the_shanten() -> None:
    rng = np.random.default_rng(12)
    for hand in O.random_hands(rng, 2_000, 14, "suit_honours"):
        counts = hand.tolist()
        keep = {row.tile for row in shanten.discards(counts) if not row.back}
        assert set(shanten.unnecessary(counts).tiles) == keep, O.to_notation(hand)


def _brute_ukeire(hand: np.ndarray, lim: np.ndarray, live: np.ndarray, players: int) -> tuple[int, dict[str, int]]:
    """Draw every live kind and ask the oracle."""
    before = O.shanten(hand, lim, players)
    drawn = np.repeat(hand[None, :], 34, axis=0)
    drawn[np.arange(34), np.arange(34)] += 1
    kinds = [k for k in range(34) if live[k]]
    after = O.replacement_numbers_batch(drawn[kinds], np.repeat(lim[None, :], len(kinds), axis=0), players) - 1
    return before, {shanten.TILE_NAMES[k]: int(live[k]) for k, s in zip(kinds, after) if s < before}


@pytest.mark.parametrize("rule", ["tenhou", "wrc"])
@pytest.mark.parametrize("players", [4, 3])
def test_ukeire_live_counts_and_dead_tiles_vs_oracle(rule: str, players: int, scale: int) -> None:
    rng = np.random.default_rng([players, ["tenhou", "wrc"].index(rule), 9])
    for _ in range(150 * scale):
        size = int(rng.choice([1, 4, 7, 10, 13]))
        hand, melds, own, dead = O.random_situation(rng, size, players, max_dead=50)
        live = 4 - hand.astype(int) - own - dead
        if players == 3:
            live[1:8] = 0
        lim = O.limits(rule, own, dead, players)
        want_shanten, want = _brute_ukeire(hand, lim, live, players)
        got = shanten.ukeire(hand.tolist(), melds=melds, rule=rule, dead=dead.tolist(), players=players)
        where = f"{O.to_notation(hand)} {' '.join(melds)} dead={O.to_notation(dead)}"
        assert got.shanten == want_shanten, where
        assert dict(zip(got.tiles, got.counts)) == want, where
        assert got.total == sum(want.values()), where


def test_discard_rows_are_ukeire_after_each_discard() -> None:
    rng = np.random.default_rng(31)
    for size in (2, 5, 8, 11, 14):
        for hand in O.random_hands(rng, 300, size):
            counts = hand.tolist()
            before = shanten.shanten(counts)
            table = shanten.discards(counts)
            assert sorted(shanten.TILE_NAMES.index(row.tile) for row in table) == [k for k in range(34) if counts[k]]
            for row in table:
                kind = shanten.TILE_NAMES.index(row.tile)
                counts[kind] -= 1
                after = shanten.ukeire(counts)
                counts[kind] += 1
                # the discarded copy stays out of the wall: live counts are the 14-tile hand's
                live = {t: c - (t == row.tile) for t, c in zip(after.tiles, after.counts)}
                # a complete hand keeps at best tenpai: only discards beyond that are back
                assert (row.shanten, row.back) == (after.shanten, after.shanten > max(before, 0)), O.to_notation(hand)
                assert dict(zip(row.tiles, row.counts)) == {t: c for t, c in live.items() if c}, O.to_notation(hand)
            keys = [(row.shanten, -row.total) for row in table]
            assert keys == sorted(keys)


def test_red_and_plain_five_are_separate_discards() -> None:
    table = shanten.discards("123m406p789s11225z")
    assert [row.tile for row in table if row.tile[1] == "p"] == ["4p", "6p", "0p"]
    table = shanten.discards("123m4056p789s1122z")
    assert sorted(row.tile for row in table if row.tile in ("0p", "5p")) == ["0p", "5p"]


def _oracle_ukeire_many(hands: np.ndarray, lim: np.ndarray, live: np.ndarray, players: int
                        ) -> list[tuple[int, dict[int, int]]]:
    """Shanten and live uke-ire {kind: live copies} of each 3n+1 row of ``hands``, drawing every kind."""
    before = O.replacement_numbers_batch(hands, lim, players) - 1
    rows, kinds = np.nonzero(live)  # only live kinds can be drawn
    drawn = hands[rows].copy()
    drawn[np.arange(len(rows)), kinds] += 1
    after = O.replacement_numbers_batch(drawn, lim, players) - 1
    result: list[tuple[int, dict[int, int]]] = [(int(b), {}) for b in before]
    for row, kind, value in zip(rows, kinds, after):
        if value < before[row]:
            result[row][1][int(kind)] = int(live[row, kind])
    return result


def _oracle_improvements(hand: np.ndarray, players: int, live: np.ndarray | None = None) -> dict[str, int]:
    """{improving draw: live uke-ire after its best same-shanten discard}, from the definition and the oracle.

    ``live``: the 3n+1 hand's live copies (default: every copy not in it). Live copies after a draw
    and a discard are those after the draw: the discarded copy is gone."""
    lim = O.limits("tenhou", None, None, players).astype(int)
    live = lim - hand if live is None else live
    [(before, base)] = _oracle_ukeire_many(hand[None, :], lim, live[None, :], players)
    rows, lives, draws = [], [], []
    for kind in range(34):
        if not live[kind] or kind in base:
            continue
        drawn = hand.copy()
        drawn[kind] += 1
        for discard in np.flatnonzero(drawn):
            after = drawn.copy()
            after[discard] -= 1
            rows.append(after)
            lives.append(live - np.eye(34, dtype=int)[kind])
            draws.append(kind)
    results = _oracle_ukeire_many(np.array(rows), lim, np.array(lives), players) if rows else []
    expected = {}
    for kind in dict.fromkeys(draws):
        totals = [(sum(uke.values()), len(uke)) for k, (s, uke) in zip(draws, results) if k == kind and s == before]
        best = max((total for total, _ in totals), default=-1)
        wide = any(kinds >= 2 for total, kinds in totals if total == best)
        if best > sum(base.values()) or (before == 0 and len(base) < 2 and wide):
            expected[shanten.TILE_NAMES[kind]] = best
    return expected


@pytest.mark.parametrize("players", [4, 3])
def test_improvements_equal_the_oracle(players: int) -> None:
    """Tenpai and 1-shanten hands: every improving draw and its uke-ire, against the oracle."""
    rng = np.random.default_rng([players, 5])
    lim = O.limits("tenhou", None, None, players)
    found = 0
    for hand in O.random_hands(rng, 150, 13, "suit", players):
        hand = hand.astype(int)
        if O.shanten(hand, lim, players) not in (0, 1):
            continue
        got = shanten.improvements(hand.tolist(), players=players)
        expected = _oracle_improvements(hand, players)
        assert {d.tile: d.total for d in got.draws} == expected, O.to_notation(hand)
        found += bool(expected)
    assert found > 100


def test_discard_rows_improvements_and_good_shape_equal_the_oracle() -> None:
    """The analysis of a 14-tile hand: each row's improvements and good-shape share, with the row's live
    copies (the discarded copy is gone), against the oracle."""
    from shanten.analysis import analyze

    rng = np.random.default_rng(61)
    lim = O.limits("tenhou", None, None, 4).astype(int)
    checked = 0
    for hand in O.random_hands(rng, 60, 14, "suit"):
        hand = hand.astype(int)
        live = lim - hand
        for row in analyze(hand.tolist()).rows:
            if row.improvements is None:
                continue
            after = hand.copy()
            after[row.discard.kind] -= 1
            expected = _oracle_improvements(after, 4, live)
            assert {d.tile: d.total for d in row.improvements.draws} == expected, O.to_notation(hand)
            if row.discard.shanten == 1 and row.discard.total:
                [(_, base)] = _oracle_ukeire_many(after[None, :], lim, live[None, :], 4)
                good = 0
                for kind, copies in base.items():
                    drawn = after.copy()
                    drawn[kind] += 1
                    discards = [drawn - np.eye(34, dtype=int)[d] for d in np.flatnonzero(drawn)]
                    results = _oracle_ukeire_many(np.array(discards), lim,
                                                  np.repeat((live - np.eye(34, dtype=int)[kind])[None], len(discards), 0), 4)
                    good += copies * any(s == 0 and len(uke) >= 2 for s, uke in results)
                assert row.good_shape == pytest.approx(good / sum(base.values())), O.to_notation(hand)
            checked += 1
    assert checked > 100


def test_improvements_keep_the_red_five_when_a_plain_five_can_go() -> None:
    draws = {d.tile: (d.discard, d.total, d.tiles) for d in shanten.improvements("123456m789p11z05s").draws}
    assert draws == {"4s": ("5s", 8, ("3s", "6s")), "6s": ("5s", 8, ("4s", "7s"))}


def test_improvements_name_the_red_five_held() -> None:
    draw = {d.tile: d for d in shanten.improvements("123456m789p11z07s").draws}["8s"]
    assert (draw.discard, draw.total, draw.tiles) == ("0s", 8, ("6s", "9s"))


def test_good_shape_share_example() -> None:
    assert shanten.good_shape_share("23m456p789s11z579s") == pytest.approx(7 / 15)
    with pytest.raises(shanten.InvalidHandError, match="^good-shape share is for 1-shanten hands; this hand is tenpai$"):
        shanten.good_shape_share("123m456p789s1122z")


def test_ukeire_and_discards_reject_the_wrong_size() -> None:
    with pytest.raises(shanten.InvalidHandError, match="^uke-ire needs 3n\\+1 concealed tiles, got 14: use discards\\(\\)$"):
        shanten.ukeire("123m456p789s11225z")
    with pytest.raises(shanten.InvalidHandError, match="^a discard table needs 3n\\+2 concealed tiles, got 13: use ukeire\\(\\)$"):
        shanten.discards("123m456p789s1122z")
