"""The review of one record file: replay every round, then judge every discard with the core.

At each discard the discarding seat's 3n+2 hand, its own melds and everything
it could see (every river, every meld, the dora indicators; ``Table.public``)
are gathered; one ``discards_batch`` per file then gives, with those tiles as
``dead=``, the shanten after every discard and the live uke-ire of those that
can rank with the one taken. A round whose events are impossible is dropped
whole and reported; the file's other rounds still count.

>>> from pathlib import Path
>>> result = review_file(str(Path(__file__).parents[3] / "tests/data/records/short.mjson"))
>>> result.games, result.rounds, result.decisions.num_rows, result.errors
(1, 2, 20, [])
>>> row = result.decisions.slice(1, 1).to_pylist()[0]
>>> row["hand"], row["discard"], row["shanten_after"], row["ukeire"], row["best_discards"], row["rank"]
('239m678p567s12477z', '1z', 2, 22, ['2z'], 2)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyarrow as pa

from ..batch import NOT_HELD, discards_batch
from ..records import Call, Game, RecordError, Round, Table, Win, read
from ..tiles import TILE_ID_NAMES, TILE_NAMES, Meld, format_tiles, tile_kind
from .schema import DECISIONS, ROUNDS

KINDS = np.array([tile_kind(tile) for tile in range(37)], dtype=np.uint8)
NAMES = pa.array(TILE_NAMES)


@dataclass
class PlayerTotals:
    """What the per-player summary adds up, per player name."""

    decisions: int = 0
    free: int = 0  # decisions not already in riichi (forced discards are not choices)
    matched: int = 0  # free decisions whose discard was among the most efficient ones
    lost: int = 0  # live uke-ire lost, summed over free decisions that kept the best shanten
    kept: int = 0  # those decisions
    back: int = 0  # free decisions that went shanten-back

    def add(self, other: PlayerTotals) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class FileReview:
    """One file's tables and counts; picklable, so that worker processes can return it."""

    source: str
    read: bool = False  # at least one game could be read
    games: int = 0
    rounds: int = 0
    failed_rounds: int = 0
    decisions: pa.RecordBatch = field(default_factory=lambda: pa.RecordBatch.from_pylist([], DECISIONS))
    results: pa.RecordBatch = field(default_factory=lambda: pa.RecordBatch.from_pylist([], ROUNDS))
    errors: list[tuple[str, str | None, str | None, str]] = field(default_factory=list)
    players: dict[str, PlayerTotals] = field(default_factory=dict)


class _Gathered:
    """Everything read at each discard of a file, column by column."""

    def __init__(self) -> None:
        self.hands, self.public, self.called = bytearray(), bytearray(), bytearray()
        self.red = bytearray()
        self.columns: dict[str, list[Any]] = {name: [] for name in (
            "game", "round", "wind", "number", "honba", "seat", "player", "turn", "wall", "tile", "tsumogiri",
            "riichi", "in_riichi", "after_call", "melds", "players")}

    def __len__(self) -> int:
        return len(self.columns["seat"])

    def truncate(self, size: int) -> None:
        for values in self.columns.values():
            del values[size:]
        del self.hands[34 * size:], self.public[34 * size:], self.called[34 * size:], self.red[3 * size:]


def review_file(source: str | bytes) -> FileReview:
    """Review every discard of the games in ``source`` (a path or the bytes of a record)."""
    name = source if isinstance(source, str) else "<stdin>"
    result = FileReview(name)
    gathered = _Gathered()
    results: list[dict[str, Any]] = []
    games = read(source)
    while True:
        try:
            game = next(games)
        except StopIteration:
            break
        except RecordError as error:
            result.errors.append((name, None, None, str(error)))
            break
        result.read = True
        result.games += 1
        for round in game.rounds:
            start = len(gathered)
            try:
                _replay(game, round, gathered)
            except RecordError as error:
                gathered.truncate(start)
                result.failed_rounds += 1
                result.errors.append((name, game.id, round.name, str(error)))
                continue
            result.rounds += 1
            results.extend(_results(game, round))
    result.decisions = _judge(gathered, result.players)
    result.results = pa.RecordBatch.from_pylist(results, ROUNDS)
    return result


def _replay(game: Game, round: Round, out: _Gathered) -> None:
    """Play the round, gathering the discarding seat's view at each discard."""
    table = Table(game, round)
    hands, red, public, called, melds, riichi = table.hands, table.red, table.public, table.called, table.melds, table.riichi
    c = out.columns
    ident = (game.id, round.name[:2], round.wind, round.number, round.honba)
    players = game.rules.players
    for discard in table.play():
        seat = discard.seat
        out.hands += hands[seat]
        out.public += public
        out.called += called[seat]
        out.red += red[seat]
        for column, value in zip(("game", "round", "wind", "number", "honba"), ident):
            c[column].append(value)
        c["seat"].append(seat)
        c["player"].append(game.names[seat] if seat < len(game.names) else f"seat {seat}")
        c["turn"].append(table.turn(seat))
        c["wall"].append(table.wall)
        c["tile"].append(discard.tile)
        c["tsumogiri"].append(discard.tsumogiri)
        c["riichi"].append(table.declaring)
        c["in_riichi"].append(riichi[seat] >= 0)
        c["after_call"].append(table.drawn < 0)
        c["melds"].append(" ".join(map(_meld_text, melds[seat])) if melds[seat] else "")
        c["players"].append(players)
    table.finish()


@functools.lru_cache(maxsize=1 << 16)
def _meld_text(call: Call) -> str:
    """A Call in notation: [123m] chi, pon, open kan; (1111m) closed kan; {1111m} added kan."""
    return str(Meld(call.kind, tuple(int(KINDS[tile]) for tile in call.tiles), sum(tile >= 34 for tile in call.tiles)))


def _judge(g: _Gathered, players: dict[str, PlayerTotals]) -> pa.RecordBatch:
    """The decisions table of everything gathered: one discards_batch per player count."""
    n = len(g)
    if not n:
        return pa.RecordBatch.from_pylist([], DECISIONS)
    hands = np.frombuffer(bytes(g.hands), np.uint8).reshape(n, 34)
    public = np.frombuffer(bytes(g.public), np.uint8).reshape(n, 34)
    called = np.frombuffer(bytes(g.called), np.uint8).reshape(n, 34)
    red = np.frombuffer(bytes(g.red), np.uint8).reshape(n, 3)
    tiles = np.array(g.columns["tile"], dtype=np.uint8)
    taken = KINDS[tiles]
    counts = np.array(g.columns["players"], dtype=np.uint8)
    before = np.empty(n, np.int8)
    after = np.empty((n, 34), np.int8)
    ukeire = np.empty((n, 34), np.uint8)
    for count in (4, 3):
        rows = np.flatnonzero(counts == count)
        if rows.size:
            table = discards_batch(hands[rows], dead=public[rows] - called[rows], melded=called[rows], players=count,
                                   taken=taken[rows], threads=1)
            before[rows], after[rows], ukeire[rows] = table
    index = np.arange(n)
    shanten_after = after[index, taken]
    taken_ukeire = ukeire[index, taken].astype(np.int16)
    best_shanten = after.min(axis=1)
    best_level = after == best_shanten[:, None]
    best_ukeire = np.where(best_level, ukeire, 0).max(axis=1).astype(np.int16)
    best = best_level & (ukeire == best_ukeire[:, None])
    better = (after < shanten_after[:, None]) | ((after == shanten_after[:, None]) & (after != NOT_HELD)
                                                  & (ukeire > taken_ukeire[:, None]) & (ukeire != 255))
    rank = (better.sum(axis=1) + 1).astype(np.int8)
    back = shanten_after > np.maximum(before, 0)
    keeps_best = shanten_after == best_shanten
    lost = np.where(keeps_best, best_ukeire - taken_ukeire, 0).astype(np.int16)
    matched = best[index, taken]
    rows_best, kinds_best = np.nonzero(best)
    offsets = np.zeros(n + 1, np.int32)
    np.cumsum(np.bincount(rows_best, minlength=n), out=offsets[1:])
    best_discards = pa.ListArray.from_arrays(pa.array(offsets), NAMES.take(pa.array(kinds_best)))
    c = g.columns
    _add_players(c["player"], np.array(c["in_riichi"], dtype=bool), matched, keeps_best, lost, back, players)
    return pa.RecordBatch.from_arrays([
        pa.array(c["game"], pa.string()), pa.array(c["round"], pa.string()), pa.array(c["wind"], pa.int8()),
        pa.array(c["number"], pa.int8()), pa.array(c["honba"], pa.int8()), pa.array(c["seat"], pa.int8()),
        pa.array(c["player"], pa.string()), pa.array(c["turn"], pa.int16()), pa.array(c["wall"], pa.int16()),
        pa.array(_hands(hands, red, c["melds"]), pa.string()), pa.array([TILE_ID_NAMES[t] for t in c["tile"]], pa.string()),
        pa.array(taken, pa.int8()), pa.array(c["tsumogiri"], pa.bool_()), pa.array(c["riichi"], pa.bool_()),
        pa.array(c["in_riichi"], pa.bool_()), pa.array(c["after_call"], pa.bool_()), pa.array(before),
        pa.array(shanten_after), pa.array(back), pa.array(taken_ukeire), pa.array(best_shanten),
        pa.array(best_ukeire), best_discards, pa.array(rank), pa.array(matched),
        pa.array(lost, mask=~keeps_best),
    ], schema=DECISIONS)


def _add_players(names: list[str], in_riichi: np.ndarray, matched: np.ndarray, kept: np.ndarray, lost: np.ndarray,
                 back: np.ndarray, players: dict[str, PlayerTotals]) -> None:
    """Add each decision to its player's totals; decisions already in riichi are forced, not choices."""
    unique, which = np.unique(np.array(names, dtype=object), return_inverse=True)
    free = ~in_riichi

    def per_player(values: np.ndarray) -> list[int]:
        return np.bincount(which, weights=values, minlength=len(unique)).astype(np.int64).tolist()

    columns = [per_player(np.ones(len(names))), per_player(free), per_player(matched & free),
               per_player(np.where(free & kept, lost, 0)), per_player(free & kept), per_player(back & free)]
    for index, name in enumerate(unique.tolist()):
        players.setdefault(name, PlayerTotals()).add(PlayerTotals(*(column[index] for column in columns)))


_SUITS: dict[bytes, str] = {}


def _hands(hands: np.ndarray, red: np.ndarray, melds: list[str]) -> Iterator[str]:
    """Each hand in notation, from per-suit strings built once per suit shape (and red fives)."""
    rows = np.concatenate([hands, red, np.zeros((len(hands), 1), np.uint8)], axis=1).tobytes()
    suits = _SUITS
    for start, called in zip(range(0, len(rows), 38), melds):
        parts = []
        for base, red_at in ((0, 34), (9, 35), (18, 36), (27, 37)):
            key = rows[start + base:start + base + 9] + rows[start + red_at:start + red_at + 1] + bytes((base,))
            text = suits.get(key)
            if text is None:
                text = suits[key] = _suit(key, base)
            parts.append(text)
        text = "".join(parts)
        yield f"{text} {called}" if called else text


def _suit(key: bytes, base: int) -> str:
    """One suit's tiles in notation: key is its 9 counts (7 of them for honours) and its red fives."""
    counts = bytearray(34)
    counts[base:base + 9] = key[:9] if base < 27 else key[:7]
    red = [0, 0, 0]
    if base < 27:
        red[base // 9] = key[9]
    return format_tiles(counts, red)


def _results(game: Game, round: Round) -> Iterator[dict[str, Any]]:
    """The rounds table's rows of a round: one per win, or one for a draw (as the record states them)."""
    base = {"game": game.id, "round": round.name[:2], "wind": round.wind, "number": round.number,
            "honba": round.honba, "sticks": round.sticks, "dealer": round.dealer}
    end = round.end
    if end is None:
        yield {**base, "result": "unfinished"}
    elif isinstance(end, tuple):
        for win in end:
            yield {**base, **_win(win, game)}
    else:
        yield {**base, "result": end.reason, "tenpai": list(end.tenpai) if end.tenpai is not None else None,
               "deltas": list(end.deltas) if end.deltas is not None else None}


def _win(win: Win, game: Game) -> dict[str, Any]:
    return {"result": "tsumo" if win.from_seat is None else "ron", "winner": win.seat,
            "player": game.names[win.seat] if win.seat < len(game.names) else None, "from_seat": win.from_seat,
            "tile": TILE_ID_NAMES[win.tile], "han": win.han, "fu": win.fu, "points": win.points,
            "yaku": [name for name, _ in win.yaku], "yaku_han": [han for _, han in win.yaku], "limit": win.limit,
            "pao": win.pao, "deltas": list(win.deltas) if win.deltas is not None else None}
