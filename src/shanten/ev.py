"""Expected value of every discard: tenpai probability, win probability and expected score per turn.

One player draws from the live tiles and discards until the draws run out; at every draw it takes the
choice that maximises the objective (the expected score by default). ``expected`` computes this
exactly, by dynamic programming over every hand the bounded search reaches (docs/ev.md states the
model, its conventions and its bounds). The compiled engine is ``src/core/ev.c``.

>>> table = expected("234777p340s56677z", dora="9p", round_wind="S")   # the dealer, 17 draws left
>>> best = table[0]
>>> best.tile, best.shanten, best.riichi, best.ukeire
('5z', 0, True, 4)
>>> f"win {best.win[0]:.2%}, score {best.score[0]:.0f}; in 8 draws: win {best.win[9]:.2%}"
'win 43.26%, score 5465; in 8 draws: win 23.41%'
>>> [(row.tile, row.shanten, f"{row.win[0]:.3f}", round(row.score[0])) for row in table[1:3]]
[('4p', 1, '0.289', 3965), ('2p', 1, '0.289', 3756)]

With a few draws left, the default takes the exact pool convention (a thrown tile is gone); with
more, mahjong-cpp's (a thrown tile returns to the pool). The result's model says which:

>>> table.model.pool
'same'
>>> exact = expected("234777p340s56677z", dora="9p", round_wind="S", draws=3)
>>> same = expected("234777p340s56677z", dora="9p", round_wind="S", draws=3, model=Model(pool="same"))
>>> exact.model.pool, f"win {same[0].win[0]:.2%} with the thrown tiles back in the pool, {exact[0].win[0]:.2%} without"
('exact', 'win 9.52% with the thrown tiles back in the pool, 9.67% without')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal, NamedTuple

import numpy as np

from . import _core
from ._resolve import HandLike, MeldLike, to_hand
from .efficiency import discards, ukeire
from .forms import shanten_forms
from .scoring._fast import MELD_TYPES, code_of, input_dtype, meld_ids, rules_code
from .scoring.evaluate import _dora_kind, _tile_ids, _wind
from .scoring.rules import Rules, ScoringError, rules_named
from .tiles import FIVES, TILE_ID_NAMES, Hand, InvalidHandError, copies_in_game, tile_kind

Objective = Literal["score", "win", "separate"]
Pool = Literal["auto", "same", "exact"]
RiichiPolicy = Literal["choose", "always", "never"]

_OBJECTIVES = {"separate": 0, "score": 1, "win": 2}
_RIICHI = {"never": 0, "always": 1, "choose": 2}
_FORMS = {"all": 7, "regular": 1}
MAX_SHANTEN = 3
"""The largest shanten answered (after the best discard): 4-shanten graphs reach millions of hands."""
MAX_INDICATORS = 5
"""Dora indicators at most: the first and one for each of four kans (ura dora are priced for each)."""
MAX_HANDS = 1_500_000
"""The search's bound on hands (each costs about 500 bytes at the search's peak and half a microsecond)."""
EXACT_DRAWS = 3
"""The most draws left at which ``pool="auto"`` takes the exact pool: with 3 it answers every reference
hand up to 3-shanten in 0.3 s at most, with 4 a tenpai hand takes 45 ms (the same pool: 0.2 ms;
bench/README.md)."""

class ExpectedValueError(InvalidHandError):
    """A position ``expected`` does not answer (a complete hand, one beyond the exact bound)."""


@dataclass(frozen=True)
class Model:
    """The choices of the model (docs/ev.md), with the defaults a strong player would use.

    ``objective``: what every choice maximises: ``"score"`` (expected points), ``"win"`` (win
    probability), or ``"separate"`` (mahjong-cpp's: each number maximised on its own, so the three
    need not come from one policy). ``riichi``: at a closed tenpai discard, ``"choose"`` riichi or
    dama by the objective, or ``"always"`` / ``"never"`` declare. ``tegawari`` (draws that keep the
    shanten) and ``shanten_back`` (discards that raise it) are searched while the tiles changed from
    the starting hand plus the shanten stay below the starting shanten plus ``extra``. ``ippatsu``,
    ``last_tile`` (haitei) and ``ura`` are priced in a win's value. ``divisor``: the draw
    probabilities' denominator, ``"hand"`` (every tile not in the 13-tile hand, so the
    probabilities add up to 1) or ``"pool"`` (mahjong-cpp's: the pool as it started, one short for
    a 14-tile start). ``pool``: ``"same"`` (mahjong-cpp's convention: a thrown tile returns to the
    pool, so every draw sees the same pool), ``"exact"`` (a thrown tile is gone: each draw's
    chance is its copies unseen now over the tiles unseen now, and ``divisor`` does not apply), or
    ``"auto"``: the exact pool with at most ``EXACT_DRAWS`` draws left, else the same pool (also
    with ``divisor="pool"``, with ``graph=True``, and when the exact search passes ``max_hands``).
    The exact convention's search also tells apart the tiles thrown, so it answers small positions
    only (docs/ev.md, "Bounds"). ``Expected.model`` is the model as computed, its pool never "auto".
    """

    objective: Objective = "score"
    riichi: RiichiPolicy = "choose"
    tegawari: bool = True
    shanten_back: bool = True
    extra: int = 1
    forms: Literal["all", "regular"] = "all"
    ippatsu: bool = True
    last_tile: bool = True
    ura: bool = True
    red_fives: bool = True
    divisor: Literal["hand", "pool"] = "hand"
    pool: Pool = "auto"


MAHJONG_CPP = Model(objective="separate", riichi="always", ippatsu=False, last_tile=False, divisor="pool",
                    pool="same")
"""mahjong-cpp's model (with its default options): with ``rules=MAHJONG_CPP_RULES``, ``expected``
reproduces its numbers."""

MAHJONG_CPP_RULES = rules_code(double_yakuman=("kokushi musou 13-sided", "suuankou tanki", "junsei chuuren poutou",
                                               "daisuushii"))
"""mahjong-cpp's scoring: Tenhou's, but four yakuman count twice (13-sided kokushi, suuankou tanki,
junsei chuuren, daisuushii)."""


@dataclass(frozen=True)
class DiscardValue:
    """One discard (``tile``: its id name, ``"0m"`` for a red five; None for a 13-tile hand).

    ``tenpai[k]``, ``win[k]``, ``score[k]``: after ``k`` more draws (``k = 0`` is now, with every
    draw left), the probability of reaching tenpai by the last draw, of winning by tsumo, and the
    expected tsumo income (points before honba and sticks; 0 without a win). ``riichi``: the policy
    declares riichi with this discard; ``ukeire``: live tiles that lower the shanten after it.
    """

    tile: str | None
    shanten: int
    riichi: bool
    ukeire: int
    tenpai: np.ndarray = field(repr=False)
    win: np.ndarray = field(repr=False)
    score: np.ndarray = field(repr=False)
    classes: dict[str, float] | None = field(default=None, repr=False)
    """With ``graph=True``: the probability now of winning with each class of hand (``CLASSES``),
    under the policy (the score's for ``"separate"``); they add up to ``win[0]``."""

    @property
    def declaration(self) -> str:
        """What the discard leaves: "riichi" declared, "dama" tenpai, else "-" (the tables' ``decl``)."""
        return "riichi" if self.riichi else "dama" if self.shanten == 0 else "-"

    def __str__(self) -> str:
        return (f"{self.tile or '-':3} shanten {self.shanten} tiles {self.ukeire:3} tenpai {self.tenpai[0]:6.2%} "
                f"win {self.win[0]:6.2%} score {self.score[0]:8.1f}{'  riichi' if self.riichi else ''}")


CLASSES = ("1 han", "2 han", "3 han", "4 han", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""Classes of a win: its han below mangan (\"4 han\": 4 or more, below mangan), else its limit."""

RIICHI_STATES = ("none", "riichi", "ippatsu")
"""A 13-tile hand's riichi state: not declared, declared, declared on the discard just made (the
next draw may win with ippatsu)."""


class Values(NamedTuple):
    """Tenpai probability, win probability and expected score of a hand at one turn."""

    tenpai: float
    win: float
    score: float


class Option(NamedTuple):
    """A discard from a 14-tile hand: the tile, the riichi state it leaves, and the values after it."""

    tile: str
    riichi: str
    values: Values


class Draw(NamedTuple):
    """A draw from a 13-tile hand: the tile, its probability, whether it wins (and is taken), the
    policy's discard after it (None: a win, or a draw thrown at once) and the values it leads to."""

    tile: str
    probability: float
    wins: bool
    discard: Option | None
    values: Values


class Graph:
    """Every hand the search reached, with its values at every turn: the policy, replayable.

    Turn ``k`` counts the draws made since the start, as the rows' arrays do. Hands are notation
    (or ``Hand``); a red five is a tile of its own when the model keeps red fives.
    """

    def __init__(self, raw: tuple[Any, ...], draws: int, model: Model, pool: bytes, divisor: int) -> None:
        (nd, nx, draw_hands, states, discard_hands, draw_values, discard_values, option_start, options,
         option_tiles, edge_start, edge_to, edge_tiles, edge_weights, edge_wins, edge_lasts, stays) = raw
        self.model, self.draws = model, draws
        self._draw = {(draw_hands[i * 37:(i + 1) * 37], states[i]): i for i in range(nd)}
        self._discard_keys = [discard_hands[i * 37:(i + 1) * 37] for i in range(nx)]
        self._discard = {key: i for i, key in enumerate(self._discard_keys)}
        self._draw_values = np.frombuffer(draw_values).reshape(draws + 1, nd, 3)
        self._discard_values = np.frombuffer(discard_values).reshape(draws + 1, nx, 3)
        self._option_start = np.frombuffer(option_start, np.int32)
        self._options = np.frombuffer(options, np.int32)
        self._option_tiles = option_tiles
        self._states = states
        self._edge_start = np.frombuffer(edge_start, np.int32)
        self._edge_to = np.frombuffer(edge_to, np.int32)
        self._edge_tiles, self._edge_weights = edge_tiles, edge_weights
        self._edge_wins, self._edge_lasts = np.frombuffer(edge_wins), np.frombuffer(edge_lasts)
        self._stay = np.frombuffer(stays, np.int32)
        self._divisor = divisor

    def _key(self, hand: HandLike | bytes) -> bytes:
        return hand if isinstance(hand, bytes) else _id_counts(to_hand(hand), self.model.red_fives)

    def _at(self, values: np.ndarray, k: int, index: int) -> Values | None:
        if not 0 <= k <= self.draws or np.isnan(values[k, index, 0]):
            return None
        return Values(*map(float, values[k, index]))

    def values(self, hand: HandLike, riichi: str = "none", k: int = 0) -> Values | None:
        """The values of a 13-tile hand in a riichi state after ``k`` draws; None where the search
        did not reach it by then."""
        index = self._draw.get((self._key(hand), RIICHI_STATES.index(riichi)))
        return None if index is None else self._at(self._draw_values, k, index)

    def options(self, hand: HandLike | bytes, k: int) -> list[Option]:
        """The options of a 14-tile hand after ``k`` draws, best first by the objective."""
        x = self._discard.get(self._key(hand))
        if x is None:
            return []
        found = []
        for o in range(self._option_start[x], self._option_start[x + 1]):
            d = int(self._options[o])
            values = self._at(self._draw_values, k, d)
            if values is not None:
                found.append(Option(TILE_ID_NAMES[self._option_tiles[o]], RIICHI_STATES[self._states[d]], values))
        return sorted(found, key=lambda option: _rank(option.values, self.model.objective), reverse=True)

    def draws_from(self, hand: HandLike, riichi: str = "none", k: int = 0) -> list[Draw]:
        """The searched draws of a 13-tile hand after ``k`` draws (any other draw is thrown at once),
        with what the policy does after each, most probable first."""
        index = self._draw.get((self._key(hand), RIICHI_STATES.index(riichi)))
        if index is None or k >= self.draws:
            return []
        found = [self._follow(index, e, k) for e in range(self._edge_start[index], self._edge_start[index + 1])]
        return sorted(found, key=lambda d: -d.probability)

    def after(self, hand: HandLike, riichi: str, k: int, tile: str) -> Draw | None:
        """What the policy does when the 13-tile hand draws ``tile`` as draw ``k + 1``; None when the
        search does not search that draw (the tile is thrown at once)."""
        index = self._draw.get((self._key(hand), RIICHI_STATES.index(riichi)))
        if index is None or k >= self.draws:
            return None
        for e in range(self._edge_start[index], self._edge_start[index + 1]):
            if TILE_ID_NAMES[self._edge_tiles[e]] == tile:
                return self._follow(index, e, k)
        return None

    def _follow(self, index: int, e: int, k: int) -> Draw:
        tile, to = TILE_ID_NAMES[self._edge_tiles[e]], int(self._edge_to[e])
        win = float((self._edge_lasts if k + 1 == self.draws else self._edge_wins)[e])
        choice = None if to < 0 else next(iter(self.options(self._discard_keys[to], k + 1)), None)
        going_on = (self._at(self._draw_values, k + 1, int(self._stay[index])) if to < 0
                    else self._at(self._discard_values, k + 1, to))
        assert going_on is not None  # the search reached both ends of a searched draw by then
        wins = win > 0 and _rank(Values(1.0, 1.0, win), self.model.objective) >= _rank(going_on, self.model.objective)
        return Draw(tile, self._edge_weights[e] / self._divisor, wins, None if wins else choice,
                    Values(1.0, 1.0, win) if wins else going_on)

class Explanation(NamedTuple):
    """``Expected.explain``: the discard's row, the chance of each class of win (``CLASSES``), and
    the draws that matter most (largest change of the objective, weighted by their probability)."""

    row: DiscardValue
    classes: dict[str, float]
    draws: list[Draw]

    def __str__(self) -> str:
        wins = ", ".join(f"{name} {p:.1%}" for name, p in self.classes.items() if p >= 0.0005)
        lines = [str(self.row), f"  wins: {wins or 'none'}"]
        for d in self.draws:
            then = ("wins" if d.wins else f"then discard {d.discard.tile}" + (" riichi" if d.discard.riichi != "none"
                                                                             else "") if d.discard else "thrown")
            lines.append(f"  draw {d.tile} ({d.probability:.1%}): {then} -> win {d.values.win:.1%}, "
                         f"score {d.values.score:.0f}")
        return "\n".join(lines)


def _rank(values: Values, objective: str) -> tuple[float, ...]:
    """The policy's order of values (ties to the higher win probability, then score, then tenpai),
    each number rounded as the engine compares them: differences within 1e-9 (relative beyond 1)
    are ties."""
    def rounded(x: float) -> float:
        scale = max(1.0, abs(x))
        return round(x / scale, 9) * scale

    order = (values.win, values.score, values.tenpai) if objective == "win" else (values.score, values.win,
                                                                                   values.tenpai)
    return tuple(rounded(x) for x in order)


class Expected(tuple[DiscardValue, ...]):
    """The discards, best first by the objective now; ``hands``: the size of the search;
    ``graph``: every hand searched with its values (``expected(..., graph=True)``), else None."""

    hands: int
    draws: int
    model: Model
    graph: Graph | None
    _start: Hand | None

    def __new__(cls, rows: Iterable[DiscardValue], hands: int, draws: int, model: Model,
                graph: Graph | None = None, start: Hand | None = None) -> Expected:
        table = super().__new__(cls, rows)
        table.hands, table.draws, table.model, table.graph, table._start = hands, draws, model, graph, start
        return table

    @property
    def horizon(self) -> str:
        """The draws left and the pool, as the command line and the page say them.

        >>> expected("234777p340s56677z", draws=3).horizon
        'in 3 draws (exact pool)'
        """
        return f"in {self.draws} draws ({self.model.pool} pool)"

    def to_json(self) -> dict[str, Any]:
        """The ``expected`` object of ``shanten --json --ev`` and of the web API (docs/cli.md): the
        model and one entry per discard, each number per turn from now (index 0) to the last draw."""
        return {"draws": self.draws, "hands": self.hands, "model": asdict(self.model),
                "discards": [{"discard": row.tile, "shanten": row.shanten, "riichi": row.riichi, "ukeire": row.ukeire,
                              "tenpai": row.tenpai.tolist(), "win": row.win.tolist(), "score": row.score.tolist()}
                             for row in self]}

    def explain(self, tile: str | None = None, draws: int = 5) -> Explanation:
        """Why a discard (a 13-tile hand: ``None``) is worth what it is: the chance of each class of
        win, and the ``draws`` next draws that change the objective most, each with the policy's
        discard after it. Needs ``expected(..., graph=True)``."""
        if self.graph is None or self._start is None:
            raise ExpectedValueError("explain() needs expected(..., graph=True)")
        row = next((r for r in self if r.tile == tile), None)
        if row is None:
            raise ExpectedValueError(f"no discard {tile} among {', '.join(str(r.tile) for r in self)}")
        ids = bytearray(_id_counts(self._start, self.model.red_fives))
        if tile is not None:
            ids[TILE_ID_NAMES.index(tile)] -= 1
        state = "none" if not row.riichi else "ippatsu" if self.model.ippatsu else "riichi"
        now = Values(row.tenpai[0], row.win[0], row.score[0])
        thrown = self.graph.values(bytes(ids), "riichi" if state == "ippatsu" else state, 1) or now
        gain = [(d, d.probability * (_rank(d.values, self.model.objective)[0] - _rank(thrown, self.model.objective)[0]))
                for d in self.graph.draws_from(bytes(ids), state, 0)]
        gain.sort(key=lambda item: -abs(item[1]))
        return Explanation(row, row.classes or {}, [d for d, _ in gain[:draws]])


def _ids(tiles: str | Sequence[int] | None, what: str) -> list[int]:
    if tiles is None:
        return []
    try:
        return _tile_ids(tiles, what)
    except ScoringError as error:
        raise InvalidHandError(str(error)) from None


def _pool(h: Hand, dead: list[int], indicators: list[int], players: int, red_fives: bool) -> bytes:
    """Live copies of the 37 ids (a five's kind without its red copy; 34-36 the red fives): every copy
    in the game less those in the hand, its melds, the dead tiles and the dora indicators."""
    seen = [0] * 37
    for tile in (*dead, *indicators, *(t for meld in h.melds for t in meld_ids(meld)[1:])):
        seen[tile] += 1
    for kind, copies in enumerate(h.counts):
        seen[kind] += copies
    for suit, reds in enumerate(h.red):
        seen[FIVES[suit]] -= reds
        seen[34 + suit] += reds
    pool = bytearray(37)
    for kind in range(34):
        red_id = 34 + FIVES.index(kind) if kind in FIVES else None
        total = copies_in_game(kind, players)
        plain_seen = seen[kind] + (seen[red_id] if red_id is not None and not red_fives else 0)
        if red_id is not None and red_fives and total:
            red = 1 - seen[red_id]
            if red < 0:
                raise InvalidHandError(f"{seen[red_id]} red fives {TILE_ID_NAMES[red_id]} among the hand, melds, "
                                       "dead tiles and dora indicators")
            pool[red_id], total = red, total - 1
        if plain_seen > total:
            raise InvalidHandError(f"{seen[kind] + (seen[red_id] if red_id is not None else 0)} copies "
                                   f"of {TILE_ID_NAMES[kind]} among the hand, melds, dead tiles and dora indicators")
        pool[kind] = total - plain_seen
    return bytes(pool)


def _id_counts(h: Hand, red_fives: bool) -> bytes:
    """The concealed tiles as 37 counts of ids (a five's kind without its red copies)."""
    ids = bytearray(37)
    for kind, copies in enumerate(h.counts):
        ids[kind] = copies
    for suit, reds in enumerate(h.red):
        if red_fives:
            ids[FIVES[suit]] -= reds
            ids[34 + suit] = reds
    return bytes(ids)


def _win_template(h: Hand, indicators: list[int], round_wind: int, seat_wind: int, players: int) -> bytes:
    """The scoring kernel's input for every win: melds, dora han per kind, winds, players."""
    row = np.zeros(1, input_dtype())
    for tile in indicators:
        row["dora"][0][_dora_kind(tile, players)] += 1
    row["n_melds"] = len(h.melds)
    for i, meld in enumerate(h.melds):
        row["melds"][0][i] = (MELD_TYPES.index(meld.kind), min(meld.tiles), meld.red)
    row["round_wind"], row["seat_wind"], row["players"] = round_wind, seat_wind, players
    return row.tobytes()


@dataclass(frozen=True)
class Position:
    """A position read and checked: the hand, its size with the melds, the dead kinds (34 counts, for
    the uke-ire), the model with its pool settled (never "auto") and the compiled kernel's arguments
    (``_core.expected(*args)``: what a benchmark times)."""

    hand: Hand
    size: int
    seen: list[int]
    model: Model
    args: tuple[bytes, bytes, bytes, int, tuple[int, ...]]


def position(hand: HandLike, *, melds: Iterable[MeldLike] | None = None, dead: str | Sequence[int] | None = None,
             dora: str | Sequence[int] = (), round_wind: int | str = "E", seat_wind: int | str = "E",
             draws: int = 17, players: int = 4, rules: str | Rules | int = "tenhou", model: Model = Model(),
             max_hands: int = MAX_HANDS) -> Position:
    """``expected``'s arguments read and checked (the same errors)."""
    h = to_hand(hand, melds, players)
    size = h.concealed_count + 3 * len(h.melds)
    if size not in (13, 14):
        raise InvalidHandError(f"expected() takes 13 or 14 tiles with the melds, got {size}: {h}")
    if type(draws) is not int or not 0 <= draws <= 60:
        raise InvalidHandError(f"draws must be 0 to 60, got {draws!r}")
    indicators, dead_ids = _ids(dora, "dora"), _ids(dead, "dead")
    if len(indicators) > MAX_INDICATORS:
        raise InvalidHandError(f"dora: at most {MAX_INDICATORS} indicators (the first, and one for each of "
                               f"four kans), got {len(indicators)}")
    try:
        winds = _wind(round_wind, "round_wind"), _wind(seat_wind, "seat_wind")
        if players == 3 and winds[1] == 3:
            raise ScoringError("seat_wind: 3-player mahjong has no north seat")
        code = code_of(rules if isinstance(rules, int) else rules_named(rules) if isinstance(rules, str) else rules)
    except ScoringError as error:
        raise InvalidHandError(str(error)) from None
    if model.pool not in ("auto", "same", "exact"):
        raise InvalidHandError(f"pool must be 'auto', 'same' or 'exact', got {model.pool!r}")
    if model.pool == "auto":
        model = replace(model, pool="exact" if draws <= EXACT_DRAWS and model.divisor == "hand" else "same")
    if model.pool == "exact" and model.divisor != "hand":
        raise InvalidHandError("divisor='pool' is for the same pool: the exact pool's divisor is the tiles unseen")
    if not model.red_fives:
        code &= ~2  # SR_RED_FIVES: red fives are plain fives
    forms = shanten_forms(h, players=players)
    best = forms.shanten if model.forms == "all" else forms.regular
    if best is None or best < 0:
        raise ExpectedValueError(f"{h} is complete: score it with shanten.scoring.score")
    if best > MAX_SHANTEN:
        raise ExpectedValueError(f"{h} is {best}-shanten: the exact search answers up to {MAX_SHANTEN}-shanten "
                                 "(uke-ire answers beyond)")
    pool = _pool(h, dead_ids, indicators, players, model.red_fives)
    config = (draws, _FORMS[model.forms], players, model.tegawari, model.shanten_back, model.extra, model.red_fives,
              model.ura, model.ippatsu, model.last_tile, _OBJECTIVES[model.objective], _RIICHI[model.riichi],
              max_hands, len(indicators), size - 13 if model.divisor == "hand" else 0, model.pool == "exact")
    seen = [0] * 34
    for tile in (*dead_ids, *indicators):
        seen[tile_kind(tile)] += 1
    return Position(h, size, seen, model, (_id_counts(h, model.red_fives), pool,
                                           _win_template(h, indicators, *winds, players), code,
                                           tuple(int(v) for v in config)))


def expected(hand: HandLike, *, melds: Iterable[MeldLike] | None = None, dead: str | Sequence[int] | None = None,
             dora: str | Sequence[int] = (), round_wind: int | str = "E", seat_wind: int | str = "E",
             draws: int = 17, players: int = 4, rules: str | Rules | int = "tenhou", model: Model = Model(),
             max_hands: int = MAX_HANDS, graph: bool = False) -> Expected:
    """Tenpai probability, win probability and expected score per turn of every discard of a
    14-tile ``hand`` (3n+2 with its melds), or of a 13-tile hand itself, best first.

    ``dead``: tiles seen elsewhere (rivers, other players' melds), as notation or tile ids; the
    ``dora`` indicators are dead too. ``draws``: the draws left (17: a fresh game). ``rules``: the
    scoring rules (a ``shanten.scoring`` preset name, ``Rules`` or kernel code). ``model``: the
    player's choices (``Model``; ``MAHJONG_CPP`` for mahjong-cpp's). Raises ``InvalidHandError``
    for bad input and ``ExpectedValueError`` for a complete hand or one beyond the bound (more than
    3-shanten after its best discard, or a search passing ``max_hands``; with ``pool="auto"`` an
    exact search past it falls back to the same pool), each in one line. ``graph``: keep every hand
    searched with its values (``Expected.graph``), to replay the policy (the same pool's).
    """
    if graph and model.pool == "exact":
        raise ExpectedValueError("graph=True needs pool='same': the exact pool's states are not kept")
    arguments: dict[str, Any] = {"melds": melds, "dead": dead, "dora": dora, "round_wind": round_wind,
                                 "seat_wind": seat_wind, "draws": draws, "players": players, "rules": rules,
                                 "max_hands": max_hands}
    p = position(hand, model=replace(model, pool="same") if graph and model.pool == "auto" else model, **arguments)
    try:
        rows, hands, raw = _search(p, graph)
    except ExpectedValueError:
        if model.pool != "auto" or p.model.pool != "exact":
            raise
        p = position(hand, model=replace(model, pool="same"), **arguments)  # the documented fallback
        rows, hands, raw = _search(p, graph)
    model = p.model
    live: dict[str | None, int]
    if p.size == 13:
        live = {None: ukeire(p.hand, dead=p.seen, players=players).total}
    else:
        live = {d.tile: d.total for d in discards(p.hand, dead=p.seen, players=players)}
    if not model.red_fives:  # the engine's plain five stands for the red one too
        live.update({f"5{name[1]}": total for name, total in list(live.items()) if name is not None and name[0] == "0"})
    table = [DiscardValue(None if tile < 0 else TILE_ID_NAMES[tile], shanten, bool(riichi),
                          live[None if tile < 0 else TILE_ID_NAMES[tile]], np.frombuffer(tp), np.frombuffer(wp),
                          np.frombuffer(es), dict(zip(CLASSES, np.frombuffer(classes).tolist())) if graph else None)
             for tile, shanten, riichi, tp, wp, es, classes in rows]
    key = (lambda r: (r.win[0], r.score[0])) if model.objective == "win" else (lambda r: (r.score[0], r.win[0]))
    table.sort(key=key, reverse=True)
    divisor = sum(p.args[1]) + (p.size - 13 if model.divisor == "hand" else 0)
    return Expected(table, hands, draws, model, None if raw is None else Graph(raw, draws, model, p.args[1], divisor),
                    p.hand)


def _search(p: Position, graph: bool) -> tuple[list[tuple[int, int, int, bytes, bytes, bytes, bytes]], int,
                                              tuple[Any, ...] | None]:
    """The compiled engine's rows, hands searched and graph; a search past its bound in one line."""
    try:
        return _core.expected(*p.args, graph)
    except ValueError as error:
        why = "; pool='same' searches far fewer" if p.model.pool == "exact" else ""
        raise ExpectedValueError(f"{p.hand}: beyond the exact bound ({error}){why}") from None


def expected_or_why(hand: HandLike, **arguments: Any) -> Expected | str:
    """``expected(hand, **arguments)``, or for a hand it does not answer (complete, beyond the
    bound) the one-line reason, as the command line and the web page show it."""
    try:
        return expected(hand, **arguments)
    except ExpectedValueError as error:
        return str(error)
