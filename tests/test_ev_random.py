"""``shanten.ev.expected`` equals the brute-force reference (tests/ev_brute.py) on seeded random positions.

test_ev_brute.py holds positions picked by hand for what they exercise; here a seeded generator
makes small positions of every kind the model covers (1-3 melds of each type, red fives, 3 players,
dora, winds) near a win, with a random set of the model's options, and a pool cut down to a few
kinds near the hand, so that the reference answers in well under a second. Half the positions hold
closed kans only, so that riichi, ippatsu and ura dora are priced: with the option flipped on the
reference's side alone, ura dora tell 21 of the first 100 seeds apart, ippatsu 25, the riichi policy
42, haitei 71, tegawari 56, shanten-back 61, red fives 38, the objective 24 and ``extra`` 36. A failure names the
seed, the position in notation and the options: rerun it with ``case(seed)``. A quarter of the
seeds run mahjong-cpp's model, and three quarters of a hundred more the exact pool convention.
"""

from __future__ import annotations

import collections
import itertools
import random
from typing import Any

import numpy as np
import pytest

import oracle

from ev_brute import Options, Position, mahjong_cpp_options, name, parse_ids
from shanten.ev import MAHJONG_CPP, MAHJONG_CPP_RULES, Graph, Model
from test_ev_brute import _compare, _engine

RED = {4: 34, 13: 35, 22: 36}  # a five's kind -> its red copy's id
CASES = 100
OPTIONS: dict[str, list[Any]] = {
    "objective": ["score", "win", "separate"], "riichi": ["choose", "always", "never"],
    "tegawari": [True, False], "shanten_back": [True, False], "extra": [1, 2], "forms": ["all", "regular"],
    "ippatsu": [True, False], "last_tile": [True, False], "ura": [True, False], "red_fives": [True, False],
}


class Wall:
    """The copies of each id not yet placed: plain fives and their red copy apart."""

    def __init__(self, rng: random.Random, players: int) -> None:
        self.rng = rng
        self.kinds = [k for k in range(34) if not (players == 3 and 1 <= k <= 7)]
        self.left = {k: 4 for k in self.kinds}
        for five, red in RED.items():
            if five in self.left:
                self.left[five], self.left[red] = 3, 1

    def copies(self, kind: int) -> int:
        return self.left.get(kind, 0) + self.left.get(RED.get(kind, -1), 0)

    def take(self, kind: int, n: int = 1) -> list[int]:
        """n copies of a kind (a five's red copy at random among them)."""
        assert self.copies(kind) >= n
        ids = []
        for _ in range(n):
            red = RED.get(kind)
            use_red = red is not None and self.left.get(red, 0) > 0 and (
                self.left[kind] == 0 or self.rng.random() < 0.3)
            tile = red if use_red else kind
            self.left[tile] -= 1
            ids.append(tile)
        return ids


def _kind(tile: int) -> int:
    return next((five for five, red in RED.items() if red == tile), tile)


def _text(ids: list[int]) -> str:
    return "".join(name(t) for t in sorted(ids, key=lambda t: (_kind(t), t)))


def _group(rng: random.Random, wall: Wall) -> list[int] | None:
    """A random sequence or triplet the wall still holds, or None."""
    kind = rng.choice(wall.kinds)
    if kind < 27 and kind % 9 <= 6 and rng.random() < 0.6:
        run = [kind, kind + 1, kind + 2]
        if all(wall.copies(k) for k in run):
            return [t for k in run for t in wall.take(k)]
    return wall.take(kind, 3) if wall.copies(kind) >= 3 else None


def case(seed: int) -> tuple[Position, dict[str, Any]]:
    """The position and options of one seed: the first draw of its generator that is not a complete
    hand (which ``expected`` refuses)."""
    for attempt in itertools.count():
        position, options = _draw(random.Random(f"{seed}.{attempt}"))
        counts = np.zeros(34, dtype=np.int64)
        for tile in parse_ids(position.hand):
            counts[_kind(tile)] += 1
        if min(oracle.form_replacement_numbers_batch(counts[None], players=position.players)) > 0:
            return position, options
    raise AssertionError("unreachable")


def _draw(rng: random.Random) -> tuple[Position, dict[str, Any]]:
    players = rng.choice([4, 4, 4, 3])
    wall = Wall(rng, players)
    melds: list[str] = []
    dead: list[int] = []  # tiles taken from the wall but not used
    closed = rng.random() < 0.5  # closed kans only: riichi, ippatsu and ura dora come into play
    count = rng.choice([1, 2, 3, 3])
    while len(melds) < count:
        kind = rng.choice(wall.kinds)
        form = "closed kan" if closed else rng.choice(["chi", "pon", "open kan", "closed kan"])
        if form == "chi":
            group = _group(rng, wall) if players == 4 else None
            if group is not None and _kind(group[0]) != _kind(group[1]):
                melds.append(f"[{_text(group)[::2]}{_text(group)[1]}]")
            else:
                dead += group or []
            continue
        size = 3 if form == "pon" else 4
        if wall.copies(kind) >= size:
            ids = wall.take(kind, size)
            digits = "".join(name(t)[0] for t in ids)
            melds.append(f"({digits}{name(kind)[1]})" if form == "closed kan" else f"[{digits}{name(kind)[1]}]")
    # a complete concealed part (groups and a pair) less one or two tiles, filled up with random ones
    complete: list[int] = []
    while len(complete) < 3 * (4 - len(melds)):
        complete += _group(rng, wall) or []
    complete += wall.take(rng.choice([k for k in wall.kinds if wall.copies(k) >= 2]), 2)
    rng.shuffle(complete)
    hand = complete[rng.choice([1, 2]):]
    size = len(complete) - rng.choice([0, 1])  # 14 tiles (3n+2), or 13 (3n+1)
    while len(hand) < size:
        hand += wall.take(rng.choice([k for k in wall.kinds if wall.copies(k)]))
    dora = [t for _ in range(rng.choice([0, 1, 1, 2])) for t in wall.take(rng.choice(
        [k for k in wall.kinds if wall.copies(k)]))]
    # the pool: a few kinds near the hand's, a few copies each; every other copy dead
    near = {k for t in hand for k in (_kind(t) - 1, _kind(t), _kind(t) + 1)
            if k in wall.left and k // 9 == _kind(t) // 9 and (k < 27 or k == _kind(t))}
    near_left = sorted(k for k in near if wall.copies(k))
    left = [k for k in wall.kinds if wall.copies(k)]
    live = set(rng.sample(near_left, min(4, len(near_left)))) | set(rng.sample(left, min(2, len(left))))
    for kind in wall.kinds:
        keep = rng.randint(1, min(2, wall.copies(kind))) if kind in live and wall.copies(kind) else 0
        dead += wall.take(kind, wall.copies(kind) - keep)
    position = Position(_text(hand), " ".join(melds), dead=_text(dead), dora=_text(dora),
                        round_wind=rng.randrange(2), seat_wind=rng.randrange(players), players=players,
                        draws=rng.choice([2, 3, 3]))
    options = {key: rng.choice(values) for key, values in OPTIONS.items() if rng.random() < 0.4}
    return position, options


def test_the_generator_makes_varied_positions() -> None:
    """The seeds cover what the generator is for: every meld type, both sizes, 3 players, red fives."""
    positions = [case(seed)[0] for seed in range(CASES)]
    melds = " ".join(p.melds for p in positions)
    assert all(mark in melds for mark in ("(", "[")), melds
    assert any(p.players == 3 for p in positions) and any("0" in p.hand + p.melds for p in positions)
    sizes = {len(p.hand) // 2 % 3 for p in positions}
    assert sizes == {1, 2}, sizes


@pytest.mark.parametrize("seed", range(CASES))
def test_random_position_equals_the_brute_force(seed: int, scale: int) -> None:
    for s in range(seed, seed + CASES * scale, CASES):
        position, options = case(s)
        said = f"seed {s}: " + (", ".join(f"{key}={value!r}" for key, value in options.items()) or "the default model")
        _compare(position, Options(**options), _engine(position, Model(pool="same", **options)), said)


@pytest.mark.parametrize("seed", range(CASES, CASES + CASES // 4))
def test_random_position_equals_the_brute_force_with_mahjong_cpps_model(seed: int, scale: int) -> None:
    for s in range(seed, seed + CASES // 4 * scale, CASES // 4):
        position, _ = case(s)
        table = _engine(position, MAHJONG_CPP, MAHJONG_CPP_RULES)
        _compare(position, mahjong_cpp_options(), table, f"seed {s}: MAHJONG_CPP")


@pytest.mark.parametrize("seed", range(CASES + CASES // 4, 2 * CASES))
def test_random_position_equals_the_brute_force_in_the_exact_pool(seed: int, scale: int) -> None:
    """``pool="exact"``: a thrown tile is gone."""
    for s in range(seed, seed + CASES * 3 // 4 * scale, CASES * 3 // 4):
        position, options = case(s)
        options = {**options, "pool": "exact"}
        said = f"seed {s}: " + ", ".join(f"{key}={value!r}" for key, value in options.items())
        _compare(position, Options(**options), _engine(position, Model(**options)), said)


def _fewest_draws(graph: Graph, fourteen: bool) -> tuple[list[int], list[int]]:
    """Each draw node's and discard node's fewest draws from the start, by a 0-1 breadth-first
    search over the graph's links (a draw adds one; a discard, and a draw that changes nothing,
    none); draws + 1 past the last draw."""
    far = graph.draws + 1
    draw, discard = [far] * len(graph._stay), [far] * (len(graph._option_start) - 1)
    queue: collections.deque[int] = collections.deque([~0] if fourteen else [0])
    (discard if fourteen else draw)[0] = 0
    while queue:
        v = queue.popleft()
        if v >= 0:
            if draw[stay := int(graph._stay[v])] > draw[v]:
                draw[stay] = draw[v]
                queue.appendleft(stay)
            for x in graph._edge_to[graph._edge_start[v]:graph._edge_start[v + 1]].tolist():
                if x >= 0 and discard[x] > draw[v] + 1:
                    discard[x] = draw[v] + 1
                    queue.append(~x)
        else:
            for d in graph._options[graph._option_start[~v]:graph._option_start[~v + 1]].tolist():
                if draw[d] > discard[~v]:
                    draw[d] = discard[~v]
                    queue.appendleft(d)
    return [min(d, far) for d in draw], [min(x, far) for x in discard]


def _first_turns(values: np.ndarray) -> list[int]:
    """Each node's first turn with values (the turns after the last draw where it has none)."""
    known = ~np.isnan(values[:, :, 0])
    return np.where(known.any(axis=0), known.argmax(axis=0), len(values)).tolist()


@pytest.mark.parametrize("seed", range(0, CASES, 10))
def test_every_hand_is_valued_from_the_fewest_draws_that_reach_it(seed: int, scale: int) -> None:
    """The search values a hand only from the turn it can be reached on: the depths it keeps as it
    builds the graph (with a breadth-first search where it found a hand nearer than when it made
    it) are the fewest draws. Too many would leave a hand unvalued where a throw-back option reads
    it, which the brute force seldom sees (that option is rarely the best)."""
    for s in range(seed, seed + 10 * scale):
        position, options = case(s)
        table = _engine(position, Model(pool="same", **options), graph=True)
        assert table.graph is not None
        draw, discard = _fewest_draws(table.graph, len(parse_ids(position.hand)) % 3 == 2)
        assert _first_turns(table.graph._draw_values) == draw, f"seed {s}: {position}"
        assert _first_turns(table.graph._discard_values) == discard, f"seed {s}: {position}"
