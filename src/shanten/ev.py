"""Expected value of every discard: tenpai probability, win probability and expected score per turn.

One player draws from the live tiles and discards until the draws run out; at every draw it takes the
choice that maximises the objective (the expected score by default). ``expected`` computes this
exactly, by dynamic programming over every hand the bounded search reaches (docs/ev.md states the
model, its conventions and its bounds). The compiled engine is ``src/core/ev.c``.

>>> table = expected("234m406p78s345s55z 9s", dora="4p", seat_wind="S")
>>> best = table[0]
>>> best.tile, best.shanten, best.riichi, best.ukeire
('5z', 0, True, 8)
>>> round(best.win[0], 4), round(best.score[0], 1)
(0.6783, 5294.8)
>>> [row.tile for row in table][:3]
['5z', '9s', '7s']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from . import _core
from ._resolve import HandLike, MeldLike, to_hand
from .efficiency import discards, ukeire
from .forms import shanten_forms
from .scoring._fast import MELD_TYPES, code_of, input_dtype, rules_code
from .scoring.evaluate import _dora_kind, _tile_ids, _wind
from .scoring.rules import Rules, ScoringError, rules_named
from .tiles import FIVES, TILE_ID_NAMES, Hand, InvalidHandError, Meld, copies_in_game, tile_kind

Objective = Literal["score", "win", "separate"]
RiichiPolicy = Literal["choose", "always", "never"]

_OBJECTIVES = {"separate": 0, "score": 1, "win": 2}
_RIICHI = {"never": 0, "always": 1, "choose": 2}
_FORMS = {"all": 7, "regular": 1}
MAX_SHANTEN = 3
"""The largest shanten answered (after the best discard): 4-shanten graphs reach millions of hands."""
MAX_HANDS = 1_500_000
"""The search's bound on hands (each costs about 100 bytes and a microsecond)."""

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
    a 14-tile start).
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


MAHJONG_CPP = Model(objective="separate", riichi="always", ippatsu=False, last_tile=False, divisor="pool")
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

    def __str__(self) -> str:
        return (f"{self.tile or '-':3} shanten {self.shanten} tiles {self.ukeire:3} tenpai {self.tenpai[0]:6.2%} "
                f"win {self.win[0]:6.2%} score {self.score[0]:8.1f}{'  riichi' if self.riichi else ''}")


class Expected(tuple[DiscardValue, ...]):
    """The discards, best first by the objective now; ``hands``: the size of the search."""

    hands: int
    draws: int
    model: Model

    def __new__(cls, rows: Iterable[DiscardValue], hands: int, draws: int, model: Model) -> Expected:
        table = super().__new__(cls, rows)
        table.hands, table.draws, table.model = hands, draws, model
        return table


def _ids(tiles: str | Sequence[int] | None, what: str) -> list[int]:
    if tiles is None:
        return []
    try:
        return _tile_ids(tiles, what)
    except ScoringError as error:
        raise InvalidHandError(str(error)) from None


def _meld_ids(meld: Meld) -> list[int]:
    red = meld.red
    ids = []
    for kind in meld.tiles:
        ids.append(34 + FIVES.index(kind) if red and kind in FIVES else kind)
        red -= red > 0 and kind in FIVES
    return ids


def _pool(h: Hand, dead: list[int], indicators: list[int], players: int, red_fives: bool) -> bytes:
    """Live copies of the 37 ids (a five's kind without its red copy; 34-36 the red fives): every copy
    in the game less those in the hand, its melds, the dead tiles and the dora indicators."""
    seen = [0] * 37
    for tile in (*dead, *indicators, *(t for meld in h.melds for t in _meld_ids(meld))):
        seen[tile] += 1
    for kind, copies in enumerate(h.counts):
        seen[kind] += copies
    for suit, reds in enumerate(h.red):
        seen[FIVES[suit]] -= reds
        seen[34 + suit] += reds
    pool = bytearray(37)
    for kind in range(34):
        red_id = 34 + FIVES.index(kind) if kind in FIVES else None
        total, red = copies_in_game(kind, players), 0
        plain_seen = seen[kind] + (seen[red_id] if red_id is not None and not red_fives else 0)
        if red_id is not None and red_fives and total:
            red = 1 - seen[red_id]
            if red < 0:
                raise InvalidHandError(f"{seen[red_id]} red fives {TILE_ID_NAMES[red_id]} among the hand, melds, "
                                       "dead tiles and dora indicators")
            pool[red_id], total = red, total - 1
        if plain_seen > total:
            raise InvalidHandError(f"{plain_seen + (1 - red if red_id is not None and red_fives else 0)} copies "
                                   f"of {TILE_ID_NAMES[kind]} among the hand, melds, dead tiles and dora indicators")
        pool[kind] = total - plain_seen
    return bytes(pool)


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
    the uke-ire) and the compiled kernel's arguments (``_core.expected(*args)``: what a benchmark times)."""

    hand: Hand
    size: int
    seen: list[int]
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
    try:
        winds = _wind(round_wind, "round_wind"), _wind(seat_wind, "seat_wind")
        code = code_of(rules if isinstance(rules, int) else rules_named(rules) if isinstance(rules, str) else rules)
    except ScoringError as error:
        raise InvalidHandError(str(error)) from None
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
    ids = bytearray(37)
    for kind, copies in enumerate(h.counts):
        ids[kind] = copies
    for suit, reds in enumerate(h.red):
        if model.red_fives:
            ids[FIVES[suit]] -= reds
            ids[34 + suit] = reds
    config = (draws, _FORMS[model.forms], players, model.tegawari, model.shanten_back, model.extra, model.red_fives,
              model.ura, model.ippatsu, model.last_tile, _OBJECTIVES[model.objective], _RIICHI[model.riichi],
              max_hands, len(indicators), size - 13 if model.divisor == "hand" else 0)
    seen = [0] * 34
    for tile in (*dead_ids, *indicators):
        seen[tile_kind(tile)] += 1
    return Position(h, size, seen, (bytes(ids), pool, _win_template(h, indicators, *winds, players), code,
                                    tuple(int(v) for v in config)))


def expected(hand: HandLike, *, melds: Iterable[MeldLike] | None = None, dead: str | Sequence[int] | None = None,
             dora: str | Sequence[int] = (), round_wind: int | str = "E", seat_wind: int | str = "E",
             draws: int = 17, players: int = 4, rules: str | Rules | int = "tenhou", model: Model = Model(),
             max_hands: int = MAX_HANDS) -> Expected:
    """Tenpai probability, win probability and expected score per turn of every discard of a
    14-tile ``hand`` (3n+2 with its melds), or of a 13-tile hand itself, best first.

    ``dead``: tiles seen elsewhere (rivers, other players' melds), as notation or tile ids; the
    ``dora`` indicators are dead too. ``draws``: the draws left (17: a fresh game). ``rules``: the
    scoring rules (a ``shanten.scoring`` preset name, ``Rules`` or kernel code). ``model``: the
    player's choices (``Model``; ``MAHJONG_CPP`` for mahjong-cpp's). Raises ``InvalidHandError``
    for bad input and ``ExpectedValueError`` for a complete hand or one beyond the bound (more than
    3-shanten after its best discard, or a search passing ``max_hands``), each in one line.
    """
    p = position(hand, melds=melds, dead=dead, dora=dora, round_wind=round_wind, seat_wind=seat_wind, draws=draws,
                 players=players, rules=rules, model=model, max_hands=max_hands)
    try:
        rows, hands = _core.expected(*p.args)
    except ValueError as error:
        raise ExpectedValueError(f"{p.hand}: beyond the exact bound ({error})") from None
    if p.size == 13:
        live = {None: ukeire(p.hand, dead=p.seen, players=players).total}
    else:
        live = {d.tile: d.total for d in discards(p.hand, dead=p.seen, players=players)}
    table = [DiscardValue(None if tile < 0 else TILE_ID_NAMES[tile], shanten, bool(riichi),
                          live[None if tile < 0 else TILE_ID_NAMES[tile]], np.frombuffer(tp), np.frombuffer(wp),
                          np.frombuffer(es))
             for tile, shanten, riichi, tp, wp, es in rows]
    key = (lambda r: (r.win[0], r.score[0])) if model.objective == "win" else (lambda r: (r.score[0], r.win[0]))
    table.sort(key=key, reverse=True)
    return Expected(table, hands, draws, model)
