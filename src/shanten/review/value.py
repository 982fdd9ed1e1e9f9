"""The expected value of every discard decision of a record (``shanten review --ev``).

Each round is replayed with ``records.Table``; at each free discard (not already in riichi) the
discarding seat's position as it stood, its 14 tiles and melds, every tile it could see as dead,
the dora indicators, the winds and its draws left (the live wall shared by the seats still to
draw), goes to ``shanten.ev``: the win probability and expected score of the discard taken and of
the best one, and the expected points lost. A position beyond the bound (``MAX_SHANTEN`` after the
best discard, or a search past ``MAX_HANDS``) is left without values, marked not exact.

>>> from shanten.records import read
>>> game = next(read("tests/data/records/short.mjson"))   # from the repository root
>>> values = round_values(game, game.rounds[0])
>>> v = values[(0, 2)]   # seat 0, its second discard
>>> v.exact, v.best, f"{v.win_taken:.3f} {v.score_taken:.0f} / {v.win_best:.3f} {v.score_best:.0f}", round(v.lost)
(True, '5z', '0.377 4914 / 0.379 4946', 32)
"""

from __future__ import annotations

from typing import NamedTuple

import pyarrow as pa

from .._core import shanten
from ..ev import ExpectedValueError, Model, expected
from ..records import Discard, Game, RecordError, Round, Table, read
from ..scoring.record import meld_of, rules_of
from ..scoring.rules import Rules
from ..tiles import TILE_ID_NAMES, Hand
from .analysis import FileReview, PlayerTotals
from .schema import VALUE_COLUMNS

MAX_SHANTEN = 1
"""The largest shanten after the best discard that the review values: a 1-shanten search takes a
few milliseconds, a 2-shanten one tens (a whole archive at 2-shanten would take hours)."""

MAX_HANDS = 200_000
"""The bound on the search of one decision."""


class DecisionValue(NamedTuple):
    """One decision's values: ``exact`` False (and the rest NaN or None) beyond the bound."""

    exact: bool
    win_taken: float
    score_taken: float
    best: str | None
    win_best: float
    score_best: float
    lost: float


BEYOND = DecisionValue(False, float("nan"), float("nan"), None, float("nan"), float("nan"), float("nan"))


def round_values(game: Game, round: Round, model: Model = Model()) -> dict[tuple[int, int], DecisionValue]:
    """The values of every free discard of ``round``, by (seat, the seat's turn)."""
    table = Table(game, round)
    rules = rules_of(game)
    players = table.players
    values: dict[tuple[int, int], DecisionValue] = {}
    try:
        for event in table.play():
            if not isinstance(event, Discard) or table.riichi[event.seat] >= 0:
                continue
            values[(event.seat, table.turn(event.seat))] = _value(table, event, round, rules, players, model)
    except RecordError:
        pass  # the review reports the round; the values of its discards up to there stand
    return values


def _dead(table: Table, seat: int) -> list[int]:
    """Tile ids the seat sees outside its hand and melds, dora indicators aside: every river less
    the tiles called from it (they are in melds), the other seats' melds, and kita."""
    dead = []
    for other in range(table.players):
        called = set(table.taken[other])
        dead += [d.tile for i, d in enumerate(table.rivers[other]) if i not in called]
        if other != seat:
            dead += [tile for call in table.melds[other] for tile in call.tiles]
        dead += [30] * table.kita[other]
    return dead


def _value(table: Table, event: Discard, round: Round, rules: Rules, players: int, model: Model) -> DecisionValue:
    seat = event.seat
    hand = Hand(tuple(table.hands[seat]), tuple(table.red[seat]),  # type: ignore[arg-type]
                melds=tuple(meld_of(call) for call in table.melds[seat]))
    if not 0 <= shanten(hand, players=players) <= MAX_SHANTEN:  # beyond the bound: no search at all
        return BEYOND
    try:
        # the seat's draws left: the live wall goes round the seats, the next draw being the next seat's
        result = expected(hand, dead=_dead(table, seat), dora=list(table.dora), round_wind=round.wind,
                          seat_wind=(seat - round.dealer) % players, draws=min(table.wall // players, 60),
                          players=players, rules=rules, model=model, max_hands=MAX_HANDS)
    except ExpectedValueError:
        return BEYOND
    row = next((r for r in result if r.tile == TILE_ID_NAMES[event.tile]), None)
    if row is None:  # the search left that discard out (it raises the shanten past the bound)
        return BEYOND
    best = result[0]
    return DecisionValue(True, float(row.win[0]), float(row.score[0]), best.tile, float(best.win[0]),
                         float(best.score[0]), float(best.score[0] - row.score[0]))


def add_values(result: FileReview, sources: list[str | bytes]) -> None:
    """Add the value columns to ``result``'s decisions (the review of ``sources``) and each
    player's valued decisions and points lost. The records are read again: the review's replay
    keeps no positions, and a value costs far more than reading."""
    values: dict[tuple[str, int, int, int, int, int], DecisionValue] = {}
    for source in sources:
        games = read(source)
        while True:
            try:
                game = next(games)
            except (StopIteration, RecordError):  # a file the review could not read is reported there
                break
            for round in game.rounds:
                for (seat, turn), found in round_values(game, round).items():
                    values[(game.id, round.wind, round.number, round.honba, seat, turn)] = found
    d = result.decisions
    keys = zip(*(d.column(name).to_pylist() for name in ("game", "wind", "number", "honba", "seat", "turn")))
    rows: list[DecisionValue | None] = []
    for key, in_riichi, player in zip(keys, d.column("in_riichi").to_pylist(), d.column("player").to_pylist()):
        value = None if in_riichi else values.get(key, BEYOND)
        rows.append(value)
        if value is not None and value.exact:
            totals = result.players.setdefault(player, PlayerTotals())
            totals.valued += 1
            totals.points_lost += value.lost
    columns = [pa.array([None if v is None else v.exact for v in rows], pa.bool_())]
    for name, kind in VALUE_COLUMNS[1:]:
        columns.append(pa.array([None if v is None or not v.exact else getattr(v, _FIELDS[name]) for v in rows],
                                kind))
    result.decisions = pa.RecordBatch.from_arrays([*d.columns, *columns],
                                                  schema=pa.schema(list(d.schema) + VALUE_COLUMNS))


_FIELDS = {"win_taken": "win_taken", "score_taken": "score_taken", "best_by_value": "best", "win_best": "win_best",
           "score_best": "score_best", "points_lost": "lost"}
"""The value columns' fields of ``DecisionValue``."""
