"""A brute-force reference of ``shanten.ev``'s model, written from docs/ev.md alone.

Slow and literal on purpose: it is the statement of the model in code, for the tests. It imports
nothing from the engine: shanten and the tiles that lower it come from the independent oracle
(``tests/oracle.py``), a win's value from the legible Python scorer (``shanten.scoring.score``).

- The search (docs/ev.md, "Choices") is explored once, breadth first, from the starting hand: the
  13-tile hands it reaches in the free (not riichi) state and the 14-tile hands it reaches.
- The values follow the recursion of docs/ev.md by plain recursion over the draws left, every
  searched draw and every option taken explicitly (memoised on (hand, state, draws left) only to keep it fast).
- Ura dora are priced by enumerating every set of ura indicators drawn from the unseen tiles,
  weighted by their copies, and scoring the win with each; ippatsu and haitei by ``score``'s flags.
- The exact pool convention (``pool="exact"``): every state also carries the tiles thrown so far,
  and every tile unseen is drawn explicitly, each with its copies unseen over all the tiles unseen.

Tiles are ids: 0-33 the kinds (a five's kind counting its plain copies), 34-36 the red fives.
A hand is a tuple of 37 counts (its concealed tiles).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple

import numpy as np

import oracle
from shanten.scoring import Rules, Score, score
from shanten.scoring.rules import rules_named

Counts = tuple[int, ...]
State = Literal["free", "riichi", "ippatsu"]

IDS = 37
NONE: Counts = (0,) * IDS
RED_KIND = {34: 4, 35: 13, 36: 22}
SUITS = "mpsz"
MAHJONG_CPP_DOUBLE_YAKUMAN = frozenset({"kokushi musou 13-sided", "suuankou tanki", "junsei chuuren poutou",
                                        "daisuushii"})


def kind(tile: int) -> int:
    """The kind of a tile id (a red five's kind is its five's)."""
    return RED_KIND.get(tile, tile)


def name(tile: int) -> str:
    """The notation of one tile id: "0m" for the red five of characters."""
    if tile >= 34:
        return "0" + SUITS[tile - 34]
    return f"{tile % 9 + 1}{SUITS[tile // 9]}"


def parse_ids(text: str) -> list[int]:
    """Tile ids of plain notation ("23s0p", digits before their suit; 0 a red five)."""
    ids = []
    for digits, suit in re.findall(r"([0-9]+)([mpsz])", text):
        for digit in digits:
            ids.append(34 + SUITS.index(suit) if digit == "0" else 9 * SUITS.index(suit) + int(digit) - 1)
    return ids


def counts_of(ids: list[int]) -> Counts:
    """The 37 counts of a list of tile ids."""
    c = [0] * IDS
    for tile in ids:
        c[tile] += 1
    return tuple(c)


def plus(hand: Counts, tile: int, by: int = 1) -> Counts:
    """The hand with ``by`` more copies of ``tile`` (-1: discarded)."""
    return hand[:tile] + (hand[tile] + by,) + hand[tile + 1:]


def merged(hand: Counts) -> list[int]:
    """34 kind counts (red fives counted as fives)."""
    c = list(hand[:34])
    for tile, five in RED_KIND.items():
        c[five] += hand[tile]
    return c


def notation(hand: Counts, melds: str = "") -> str:
    """The hand in notation, for failure messages."""
    return " ".join(filter(None, ["".join(name(t) * n for t, n in enumerate(hand)), melds]))


@dataclass(frozen=True)
class Position:
    """The game: concealed tiles and melds in notation, dead tiles, dora indicators, winds
    (0-3: E S W N), players and the draws left."""

    hand: str
    melds: str = ""
    dead: str = ""
    dora: str = ""
    round_wind: int = 0
    seat_wind: int = 0
    players: int = 4
    draws: int = 2

    def notation(self) -> str:
        """The hand with its melds, as ``expected`` reads it."""
        return " ".join(filter(None, [self.hand, self.melds]))

    def __str__(self) -> str:
        said = [self.notation(), f"dora {self.dora}" if self.dora else "", f"dead {self.dead}" if self.dead else "",
                f"round {'ESWN'[self.round_wind]} seat {'ESWN'[self.seat_wind]}", f"{self.players} players",
                f"{self.draws} draws"]
        return ", ".join(filter(None, said))


@dataclass(frozen=True)
class Options:
    """The model's choices (docs/ev.md), named as ``shanten.ev.Model`` names them, and the scoring
    rules. ``divisor``: S counts the starting hand's extra tile ("hand", docs/ev.md's convention) or
    is the pool's size alone ("pool", mahjong-cpp's)."""

    objective: Literal["score", "win", "separate"] = "score"
    riichi: Literal["choose", "always", "never"] = "choose"
    tegawari: bool = True
    shanten_back: bool = True
    extra: int = 1
    forms: Literal["all", "regular"] = "all"
    ippatsu: bool = True
    last_tile: bool = True
    ura: bool = True
    red_fives: bool = True
    divisor: Literal["hand", "pool"] = "hand"
    pool: Literal["same", "exact"] = "same"
    rules: Rules = field(default_factory=lambda: rules_named("tenhou"))


def mahjong_cpp_options() -> Options:
    """mahjong-cpp's model: separate maxima, always riichi, no ippatsu or haitei, S = sum(pool),
    Tenhou's rules with four yakuman counted twice."""
    return Options(objective="separate", riichi="always", ippatsu=False, last_tile=False, divisor="pool",
                   rules=replace(rules_named("tenhou"), double_yakuman=MAHJONG_CPP_DOUBLE_YAKUMAN))


class Value(NamedTuple):
    """Tenpai probability, win probability, expected score."""

    tp: float
    wp: float
    es: float


@dataclass(frozen=True)
class Row:
    """One discard of a 14-tile hand (``tile`` None for a 13-tile hand): its values per turn k."""

    tile: str | None
    shanten: int
    riichi: bool
    tenpai: tuple[float, ...]
    win: tuple[float, ...]
    score: tuple[float, ...]


TIE = 1e-9
"""Numbers this close (relative; 1e-12 absolute) are equal. Two options often have the same value
summed in different orders: compared exactly, the rounding would break their tie, not the rule."""


def better(a: Value, b: Value, objective: str) -> bool:
    """Is ``a`` preferred to ``b``: the objective, then win probability, score, tenpai probability."""
    first = (lambda v: v.wp) if objective == "win" else (lambda v: v.es)
    for x, y in zip((first(a), a.wp, a.es, a.tp), (first(b), b.wp, b.es, b.tp)):
        if not math.isclose(x, y, rel_tol=TIE, abs_tol=1e-12):
            return x > y
    return False


class Reference:
    """The model of docs/ev.md for one position and one set of options."""

    def __init__(self, position: Position, options: Options) -> None:
        self.position, self.options = position, options
        self._shanten: dict[Counts, int] = {}
        fold = (lambda ids: ids) if options.red_fives else (lambda ids: [kind(t) for t in ids])
        self.start = counts_of(fold(parse_ids(position.hand)))
        meld_ids = parse_ids(position.melds)
        self.n_melds = len(re.findall(r"[\[({]", position.melds))
        # riichi needs a closed hand: no melds but closed kans
        self.closed = all(m.startswith("(") for m in re.findall(r"[\[({][^\])}]*[\])}]", position.melds))
        self.indicators = parse_ids(position.dora)
        self.pool = self._pool(meld_ids + parse_ids(position.dead) + self.indicators)
        size = sum(self.start) + 3 * self.n_melds
        self.S = sum(self.pool) + (size - 13 if options.divisor == "hand" else 0)
        self.shanten0 = self.shanten(self.start)
        self.rules = options.rules if options.red_fives else replace(options.rules, red_fives=False)
        self.draw_nodes, self.discard_nodes = self._explore()

    def _pool(self, seen_elsewhere: list[int]) -> Counts:
        """Every copy in the game (one red five per suit that has fives) less the hand's and the
        other seen tiles."""
        total = [0] * IDS
        for k in range(34):
            total[k] = 0 if self.position.players == 3 and 1 <= k <= 7 else 4
        if self.options.red_fives:
            for red, five in RED_KIND.items():
                if total[five]:
                    total[five], total[red] = 3, 1
        seen = list(self.start)
        for tile in seen_elsewhere:
            seen[tile if self.options.red_fives else kind(tile)] += 1
        pool = tuple(t - s for t, s in zip(total, seen))
        assert min(pool) >= 0, "more copies seen than exist"
        return pool

    # ---- tiles and shanten (the oracle) ----

    def live(self, hand: Counts, tile: int, thrown: Counts = NONE) -> int:
        """w_i: the pool, with the starting hand's tiles that ``hand`` no longer holds put back; in
        the exact convention, less the tiles thrown."""
        return self.pool[tile] + self.start[tile] - hand[tile] - thrown[tile]

    def throw(self, thrown: Counts, tile: int) -> Counts:
        """The tiles thrown, with ``tile`` (in the exact convention: the same pool keeps none)."""
        return plus(thrown, tile) if self.options.pool == "exact" else thrown

    def shanten(self, hand: Counts) -> int:
        """The shanten of a 3n+1 or 3n+2 hand (the forms of the options), by the oracle."""
        if hand not in self._shanten:
            self.learn_shanten([hand])
        return self._shanten[hand]

    def learn_shanten(self, hands: list[Counts]) -> None:
        """Compute the shanten of many hands in one oracle call (the oracle is vectorised)."""
        new = list({h for h in hands if h not in self._shanten})
        if not new:
            return
        players = self.position.players
        forms = oracle.form_replacement_numbers_batch(np.array([merged(h) for h in new]),
                                                      oracle.limits(players=players), players)
        # the oracle marks a form that does not apply (seven pairs in a short hand) IMPOSSIBLE
        best = forms[0] if self.options.forms == "regular" else np.minimum.reduce(forms)
        self._shanten.update((h, int(b) - 1) for h, b in zip(new, best))

    @functools.cache
    def lowering(self, hand: Counts) -> set[int]:
        """The ids whose draw lowers a 13-tile hand's shanten (a tenpai hand's winning tiles)."""
        c = merged(hand)
        return {t for t in range(IDS) if c[kind(t)] < 4 and self.shanten(plus(hand, t)) < self.shanten(hand)}

    def in_bound(self, hand: Counts) -> bool:
        """distance + shanten < starting shanten + extra: tegawari and shanten_back are searched."""
        distance = sum(max(0, h - s) for h, s in zip(hand, self.start))
        return distance + self.shanten(hand) < self.shanten0 + self.options.extra

    # ---- the search ----

    @functools.cache
    def searched_draws(self, hand: Counts, state: State) -> set[int]:
        """Draws that lower the shanten (a riichi hand: its winning tiles only) and, for a free hand in
        the bound, every draw (tegawari); only tiles with live copies. Take-backs come on top."""
        allow = self.options.tegawari and state == "free" and self.in_bound(hand)
        return {t for t in range(IDS) if self.live(hand, t) > 0 and (allow or t in self.lowering(hand))}

    @functools.cache
    def searched_discards(self, hand: Counts) -> set[int]:
        """Discards of a 14-tile hand that keep its shanten (a complete hand keeps none) and, in the
        bound, every discard (shanten_back)."""
        allow = self.options.shanten_back and self.in_bound(hand)
        s = self.shanten(hand)
        return {t for t in range(IDS) if hand[t] and (allow or s >= 0 and self.shanten(plus(hand, t, -1)) == s)}

    def riichi_states(self, hand: Counts) -> list[State]:
        """The states a discard leaving the 13-tile ``hand`` may take: riichi (with its ippatsu chance)
        and/or dama when the hand is closed and tenpai, as the riichi policy says."""
        if not (self.closed and self.shanten(hand) == 0) or self.options.riichi == "never":
            return ["free"]
        declared: State = "ippatsu" if self.options.ippatsu else "riichi"
        return [declared] if self.options.riichi == "always" else [declared, "free"]

    def _explore(self) -> tuple[set[Counts], set[Counts]]:
        """The 13-tile hands the search reaches in the free state, and the 14-tile hands it reaches
        (a riichi hand never reaches a 14-tile hand: it wins or throws the tile). Breadth first, a
        layer at a time: the shanten of a layer's hands and their neighbours in one oracle call."""
        free: set[Counts] = set()
        discards: set[Counts] = set()
        (discards if sum(self.start) % 3 == 2 else free).add(self.start)
        seen = {self.start}
        layer = [self.start]
        while layer:
            self.learn_shanten([near for hand in layer for near in self.neighbours(hand)])
            following = []
            for hand in layer:
                if hand in discards:
                    for t in self.searched_discards(hand):
                        less = plus(hand, t, -1)
                        if "free" in self.riichi_states(less):
                            free.add(less)
                        following.append(less)
                elif hand in free:  # a riichi hand draws its winning tiles only: nothing new
                    for t in self.searched_draws(hand, "free"):
                        discards.add(plus(hand, t))
                        following.append(plus(hand, t))
            layer = [hand for hand in dict.fromkeys(following) if hand not in seen]
            seen.update(layer)
        return free, discards

    def neighbours(self, hand: Counts) -> list[Counts]:
        """The hands one draw (13 tiles) or one discard (14 tiles) away."""
        if sum(hand) % 3 == 2:
            return [plus(hand, t, -1) for t in range(IDS) if hand[t]]
        c = merged(hand)
        return [plus(hand, t) for t in range(IDS) if c[kind(t)] < 4]

    @functools.cache
    def draws(self, hand: Counts, state: State) -> set[int]:
        """Every searched draw: with, for a free hand, the take-backs of the discards the search made
        to reach it."""
        found = self.searched_draws(hand, state)
        if state == "free":
            found |= {t for t in range(IDS) if self.live(hand, t) > 0 and plus(hand, t) in self.discard_nodes
                      and t in self.searched_discards(plus(hand, t))}
        return found

    @functools.cache
    def options_of(self, hand: Counts) -> list[tuple[int, Counts, State]]:
        """A 14-tile hand's options (discard, hand left, state): its searched discards and the
        throw-backs (undoing a searched draw of a free hand the search reached), each discard
        leaving a closed tenpai hand with the riichi states the policy allows."""
        tiles = set(self.searched_discards(hand))
        for t in range(IDS):
            less = plus(hand, t, -1) if hand[t] else None
            if less is not None and less in self.draw_nodes and t in self.draws(less, "free"):
                tiles.add(t)
        return [(t, plus(hand, t, -1), s) for t in sorted(tiles) for s in self.riichi_states(plus(hand, t, -1))]

    # ---- a win's value ----

    @functools.cache
    def _score(self, hand: Counts, tile: int, riichi: bool, ippatsu: bool, last: bool, ura: tuple[int, ...]) -> Score:
        """The tsumo of the complete 14-tile ``hand`` on ``tile``, scored by ``shanten.scoring.score``."""
        p = self.position
        ids = [t for t, n in enumerate(hand) for _ in range(n)]
        return score(ids, win=tile, melds=p.melds or None, tsumo=True, riichi=riichi, ippatsu=ippatsu,
                     last_tile=last, dora=self.indicators, ura=list(ura), round_wind=p.round_wind,
                     seat_wind=p.seat_wind, players=p.players, rules=self.rules)

    def ura_draws(self, hand: Counts, thrown: Counts) -> Iterator[tuple[float, tuple[int, ...]]]:
        """Every set of ura indicators (as many as the dora indicators, drawn without replacement from
        the tiles unseen at the win: the pool as w_i has it, less the winning tile, which ``hand``
        holds) with its probability."""
        unseen = merged(tuple(self.live(hand, t, thrown) for t in range(IDS)))
        n = len(self.indicators)
        total = math.comb(sum(unseen), n)
        for chosen in itertools.combinations_with_replacement(range(34), n):
            ways = math.prod(math.comb(unseen[k], chosen.count(k)) for k in set(chosen))
            if ways:
                yield ways / total, chosen

    @functools.cache
    def win_value(self, hand: Counts, tile: int, state: State, last: bool, thrown: Counts) -> float:
        """The tsumo income of the complete 14-tile ``hand`` won on ``tile``; 0 without a yaku.
        ``last``: on the last draw (haitei when the model prices it)."""
        riichi = state != "free"
        haitei = last and self.options.last_tile
        base = self._score(hand, tile, riichi, False, False, ())
        if not base.yaku:  # haitei alone can make a yakuless hand a win
            return float(self._score(hand, tile, riichi, False, True, ()).points) if haitei else 0.0
        if base.yakuman:  # nothing adds to a yakuman
            return float(base.points)
        ippatsu = state == "ippatsu"
        if not (riichi and self.options.ura and self.indicators):
            return float(self._score(hand, tile, riichi, ippatsu, haitei, ()).points)
        return sum(p * self._score(hand, tile, riichi, ippatsu, haitei, ura).points
                   for p, ura in self.ura_draws(hand, thrown))

    # ---- the values: docs/ev.md's recursion ----

    @functools.cache
    def draw_value(self, hand: Counts, state: State, left: int, thrown: Counts = NONE) -> Value:
        """V(H, r, n): a 13-tile hand in state r with n draws left (and the tiles thrown so far)."""
        tenpai = self.shanten(hand) == 0
        if left == 0:
            return Value(float(tenpai), 0.0, 0.0)
        # an unsearched draw is thrown at once: the hand stays, an ippatsu chance is lost
        stays: State = "riichi" if state == "ippatsu" else state
        if self.options.pool == "exact":  # every tile unseen, drawn with its own chance
            unseen = sum(self.live(hand, t, thrown) for t in range(IDS))
            total = [0.0, 0.0, 0.0]
            for t in range(IDS):
                if self.live(hand, t, thrown) <= 0:
                    continue
                weight = self.live(hand, t, thrown) / unseen
                value = (self.after_draw(hand, state, t, left, thrown) if t in self.draws(hand, state)
                         else self.draw_value(hand, stays, left - 1, plus(thrown, t)))
                total = [x + weight * v for x, v in zip(total, value)]
            return Value(1.0 if tenpai else total[0], total[1], total[2])
        stay = self.draw_value(hand, stays, left - 1)
        total = list(stay)
        for t in self.draws(hand, state):
            weight = self.live(hand, t) / self.S
            value = self.after_draw(hand, state, t, left, thrown)
            total = [x + weight * (v - s) for x, v, s in zip(total, value, stay)]
        return Value(1.0 if tenpai else total[0], total[1], total[2])

    def after_draw(self, hand: Counts, state: State, tile: int, left: int, thrown: Counts) -> Value:
        """value(i): drawing ``tile`` with ``left`` draws left (this one included)."""
        drawn = plus(hand, tile)
        if state == "free":
            going_on = self.discard_value(drawn, left - 1, thrown)
        else:  # a riichi hand that does not win throws the tile: its ippatsu chance is gone
            going_on = self.draw_value(hand, "riichi", left - 1, self.throw(thrown, tile))
        won = self.win_value(drawn, tile, state, left == 1, thrown) if self.shanten(drawn) < 0 else 0.0
        if not won:
            return going_on
        win = Value(1.0, 1.0, won)
        if self.options.objective == "separate":
            return Value(1.0, 1.0, max(won, going_on.es))
        return going_on if better(going_on, win, self.options.objective) else win

    @functools.cache
    def discard_value(self, hand: Counts, left: int, thrown: Counts) -> Value:
        """X(Y, n): the best option of a 14-tile hand (each number's maximum for "separate")."""
        values = [self.draw_value(less, state, left, self.throw(thrown, t)) for t, less, state in self.options_of(hand)]
        if self.options.objective == "separate":
            return Value(*(max(v[i] for v in values) for i in range(3)))
        best = values[0]
        for v in values[1:]:
            if better(v, best, self.options.objective):
                best = v
        return best

    def rows(self) -> dict[str | None, Row]:
        """Every discard of a 14-tile start (riichi or dama: the better now by the objective, by score
        for "separate"), or the 13-tile start itself, with its values after k = 0..draws draws."""
        n = self.position.draws
        if sum(self.start) % 3 == 1:
            choices: list[tuple[int | None, Counts, State]] = [(None, self.start, "free")]
        else:
            choices = [(t, less, state) for t, less, state in self.options_of(self.start)]
        rows: dict[str | None, Row] = {}
        order = "score" if self.options.objective == "separate" else self.options.objective
        for t, less, state in choices:
            tile = None if t is None else name(t)
            thrown = NONE if t is None else self.throw(NONE, t)  # the first discard is gone too
            values = [self.draw_value(less, state, n - k, thrown) for k in range(n + 1)]
            if tile in rows:
                old = rows[tile]
                if not better(values[0], Value(old.tenpai[0], old.win[0], old.score[0]), order):
                    continue
            tenpai, win, points = (tuple(v[i] for v in values) for i in range(3))
            rows[tile] = Row(tile, self.shanten(less), state != "free", tenpai, win, points)
        return rows
