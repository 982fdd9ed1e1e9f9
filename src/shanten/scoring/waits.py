"""Tenpai value: what each wait of a tenpai hand pays, by ron and by tsumo, dama and with riichi.

A wait is won on its plain tile (a red five in the wall is one copy of four). ``points`` are the
hand's value as ``Score.points`` gives it (ron: what the discarder pays; tsumo: the payments added
up), before honba and sticks; 0 where the win has no yaku. Riichi adds no ippatsu and no ura dora
(their expectation is the expected-value engine's business); an open hand cannot declare it.

>>> values = wait_values("123m456p789s23s99p", seat_wind="S")   # pinfu: 1000 dama, 2000 with riichi
>>> [(v.tile, v.live, v.ron.points, v.tsumo.points, v.riichi_ron.points, v.riichi_tsumo.points) for v in values]
[('1s', 4, 1000, 1500, 2000, 2700), ('4s', 4, 1000, 1500, 2000, 2700)]
>>> no_yaku = wait_values("123m456p789s23s55z", seat_wind="S")   # dama ron: no yaku
>>> mean_ron(no_yaku), mean_ron(no_yaku, riichi=True), str(no_yaku[0].ron)
(0.0, 1300.0, 'no yaku')
>>> wait_values("23m456p789s55z [111z]", seat_wind="S")[0].riichi_ron is None   # an open hand
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .._resolve import DeadLike, HandLike, MeldLike, to_hand
from ..efficiency import ukeire
from ..tiles import TILE_NAMES, InvalidHandError, Meld, MeldKind
from .._core import score_ids
from ._fast import RIICHI, TSUMO, FastScore, meld_ids, code_of, concealed_ids
from .evaluate import _tile_ids, _wind
from .rules import Rules, rules_named


@dataclass(frozen=True)
class WaitValue:
    """One wait: its ``tile`` and ``kind``, its ``live`` copies, and the ``Score`` of winning on it
    by ron and by tsumo, dama and with riichi (None for an open hand); the scores are the compiled
    kernel's (``shanten.scoring._fast``), equal to ``score``'s field by field."""

    tile: str
    kind: int
    live: int
    ron: FastScore
    tsumo: FastScore
    riichi_ron: FastScore | None
    riichi_tsumo: FastScore | None


class Setting(NamedTuple):
    """What a win's value depends on beyond the hand, read once: dora indicator ids, the winds
    (0-3) and the rules as the kernel's code."""

    dora: list[int]
    round_wind: int
    seat_wind: int
    rules: int


def setting(*, dora: str | Sequence[int] = (), round_wind: int | str = 0, seat_wind: int | str = 0,
            rules: str | Rules = "tenhou") -> Setting:
    """The setting of ``wait_values``'s arguments; ``ScoringError`` (one line) for a bad one."""
    return Setting(_tile_ids(dora, "dora"), _wind(round_wind, "round_wind"), _wind(seat_wind, "seat_wind"),
                   code_of(rules_named(rules)))


def wait_values(hand: HandLike, *, melds: Iterable[MeldLike] | None = None, dead: DeadLike = None,
                dora: str | Sequence[int] = (), round_wind: int | str = 0, seat_wind: int | str = 0,
                players: int = 4, rules: str | Rules = "tenhou", rule: str = "tenhou") -> tuple[WaitValue, ...]:
    """The value of each wait of a 3n+1 tenpai ``hand`` (live waits only, as ``ukeire`` lists them).

    ``dora`` are indicators, ``dead`` the tiles seen elsewhere (they only change the live counts),
    ``rules`` the scoring rules and ``rule`` the four-copy rule of the waits (as elsewhere).
    Raises ``InvalidHandError`` for a hand that is not 3n+1 or not tenpai.
    """
    h = to_hand(hand, melds, players)
    values = setting(dora=dora, round_wind=round_wind, seat_wind=seat_wind, rules=rules)
    waits = ukeire(h, dead=dead, players=players, rule=rule)
    if waits.shanten != 0:
        raise InvalidHandError(f"not tenpai: {h} is {waits.shanten}-shanten" if waits.shanten > 0
                               else f"not tenpai: {h} is complete")
    return values_of(h.counts, h.red, h.melds, waits.kinds, waits.counts, values, players)


def values_of(counts: Sequence[int], red: Sequence[int], called: Sequence[Meld], kinds: Sequence[int],
              live: Sequence[int], setting: Setting, players: int) -> tuple[WaitValue, ...]:
    """The values of the waits ``kinds`` (with their ``live`` copies, as ``ukeire`` or a discard row
    gives them) of a tenpai hand: its 34 concealed ``counts``, ``red`` fives and ``called`` melds.
    Scored by the compiled kernel: a table values up to 14 discards x their waits x 4 ways."""
    closed = all(meld.kind is MeldKind.CLOSED_KAN for meld in called)
    tiles = concealed_ids(counts, red)
    melds = [meld_ids(meld) for meld in called]
    dora, round_wind, seat_wind, code = setting

    def value(kind: int, flags: int) -> FastScore:
        return score_ids([*tiles, kind], kind, melds, flags, dora, (), round_wind, seat_wind, 0, 0, 0, players, code)

    return tuple(WaitValue(TILE_NAMES[kind], kind, copies, value(kind, 0), value(kind, TSUMO),
                           value(kind, RIICHI) if closed else None, value(kind, RIICHI | TSUMO) if closed else None)
                 for kind, copies in zip(kinds, live))


def mean_ron(values: Sequence[WaitValue], *, riichi: bool = False) -> float | None:
    """The ron points of the waits, weighted by their live copies (0 for a win with no yaku); None
    without a live wait or, with ``riichi``, for an open hand."""
    live = sum(v.live for v in values)
    if not live or (riichi and values[0].riichi_ron is None):
        return None
    scores = [v.riichi_ron if riichi else v.ron for v in values]
    return sum(v.live * s.points for v, s in zip(values, scores) if s is not None) / live
