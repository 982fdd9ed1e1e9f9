"""Everything the command line (and the JSON API) says about one hand, computed once.

``analyze`` gathers the shanten of each form and, for a 3n+2 hand, the discard
table with improvements and good-shape share per row, or for a 3n+1 hand its
uke-ire and improvements. ``Analysis.to_json`` is the document ``shanten --json``
prints (schema in docs/cli.md).

>>> result = analyze("123m456p789s11225z")
>>> [(row.discard.tile, row.discard.total) for row in result.rows]
[('5z', 4)]
>>> document = result.to_json()
>>> document["schema"], document["shanten"], document["discards"][0]["ukeire"]
(2, 0, {'tiles': {'1z': 2, '2z': 2}, 'total': 4})
>>> complete = analyze("123m456p789s11z234s")   # complete: the discards that keep tenpai
>>> complete.forms.shanten, len(complete.rows), [(row.discard.tile, row.discard.total) for row in complete.rows][:3]
(-1, 13, [('1m', 7), ('4p', 7), ('6p', 7)])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import _core
from ._resolve import DeadLike, HandLike, MeldLike, to_hand
from .efficiency import Discard, Improvements, Ukeire, discards, draws_of, improvements, summary, ukeire
from .forms import Forms, shanten_forms
from .tiles import FIVES, TILE_ID_NAMES, Hand

if TYPE_CHECKING:
    from .scoring.waits import WaitValue

SCHEMA_VERSION = 2

FORMS = (("regular", "regular"), ("seven_pairs", "seven pairs"), ("thirteen_orphans", "thirteen orphans"))


@dataclass(frozen=True)
class Row:
    """One discard of the table with what follows it: improvements at tenpai or 1-shanten, good-shape share at
    1-shanten, and when asked, at tenpai the value of each wait."""

    discard: Discard
    improvements: Improvements | None
    good_shape: float | None
    values: tuple[WaitValue, ...] | None = None


@dataclass(frozen=True)
class Analysis:
    """The hand, its options, shanten per form, and either its uke-ire (3n+1) or its discard rows (3n+2);
    when asked, a tenpai 3n+1 hand's wait ``values``."""

    hand: Hand
    rule: str
    players: int
    forms: Forms
    ukeire: Ukeire | None
    improvements: Improvements | None
    rows: tuple[Row, ...]
    values: tuple[WaitValue, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``shanten --json`` document."""
        data: dict[str, Any] = {
            "schema": SCHEMA_VERSION,
            "hand": str(self.hand),
            "drawn": None if self.hand.drawn is None else TILE_ID_NAMES[self.hand.drawn],
            "concealed": self.hand.concealed_count,
            "rule": self.rule,
            "players": self.players,
            "shanten": self.forms.shanten,
            "forms": {field: getattr(self.forms, field) for field, _ in FORMS},
        }
        if self.ukeire is not None:
            data["ukeire"] = _ukeire_json(self.ukeire)
            data["improvements"] = _improvements_json(self.improvements)
            if self.values is not None:
                data["values"] = _values_json(self.values)
        else:
            data["discards"] = [
                {"discard": row.discard.tile, "kind": row.discard.kind, "red": row.discard.red,
                 "shanten": row.discard.shanten, "back": row.discard.back, "ukeire": _ukeire_json(row.discard),
                 "improvements": _improvements_json(row.improvements), "good_shape": row.good_shape,
                 **({"values": _values_json(row.values)} if row.values is not None else {})}
                for row in self.rows
            ]
        return data


def analyze(hand: HandLike, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou", dead: DeadLike = None,
            players: int = 4, back: bool = False, values: Mapping[str, Any] | None = None) -> Analysis:
    """Analyse ``hand`` as the command line does; ``back`` keeps the discards that raise the shanten.
    ``values``: the scoring setting of ``wait_values`` (``dora``, ``round_wind``, ``seat_wind``,
    ``rules``); given, a tenpai hand and each discard that leaves tenpai carry their waits' values.

    A complete hand lists the discards that keep it tenpai (as tenhou.net/2 does). A discard row's
    improvements and good-shape share count live tiles as its uke-ire does: the discarded copy is gone.
    """
    h = to_hand(hand, melds, players)
    options: dict[str, Any] = {"rule": rule, "dead": dead, "players": players}
    if values is not None:
        from .scoring.waits import setting, values_of  # scoring loads only when values are asked for

        valued = setting(**values)
    forms = shanten_forms(h, **options)
    if h.concealed_count % 3 == 1:
        u = ukeire(h, **options)
        waits = None
        if values is not None and u.shanten == 0:
            waits = values_of(h.counts, h.red, h.melds, u.kinds, u.counts, valued, players)
        return Analysis(h, rule, players, forms, u, improvements(h, **options) if u.shanten in (0, 1) else None, (),
                        waits)
    details = {(kind, red): (draws, good) for kind, red, draws, good, _ in _core.discard_details(h, **options)}
    rows = []
    for row in discards(h, **options):
        if row.back and not back:
            continue
        draws, good = details.get((row.kind, row.red), (None, None))
        improving = None if draws is None else summary(row.shanten, row.total, draws_of(draws))
        waits = None
        if values is not None and row.shanten == 0:
            waits = values_of(*_without(h, row.kind, row.red), h.melds, row.kinds, row.counts, valued, players)
        rows.append(Row(row, improving, None if good is None else good / row.total, waits))
    return Analysis(h, rule, players, forms, None, None, tuple(rows))


def _without(hand: Hand, kind: int, red: bool) -> tuple[list[int], list[int]]:
    """The concealed counts and red fives of ``hand`` after discarding one ``kind`` (its red five when ``red``)."""
    counts = list(hand.counts)
    counts[kind] -= 1
    reds = list(hand.red)
    if red:
        reds[FIVES.index(kind)] -= 1
    return counts, reds


def _values_json(values: tuple[WaitValue, ...]) -> list[dict[str, Any]]:
    return [{"tile": v.tile, "live": v.live, "ron": v.ron.points, "tsumo": v.tsumo.points,
             "riichi_ron": None if v.riichi_ron is None else v.riichi_ron.points,
             "riichi_tsumo": None if v.riichi_tsumo is None else v.riichi_tsumo.points} for v in values]


def _ukeire_json(u: Ukeire | Discard) -> dict[str, Any]:
    return {"tiles": dict(zip(u.tiles, u.counts)), "total": u.total}


def _improvements_json(result: Improvements | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"live": result.live, "average": result.average,
            "draws": [{"tile": d.tile, "kind": d.kind, "live": d.live, "discard": d.discard, "total": d.total,
                       "tiles": list(d.tiles)} for d in result.draws]}
