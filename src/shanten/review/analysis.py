"""The review of one record file: replay every round, then judge every discard with the core.

Each round is replayed in C (``_core.replay_round``, the checks of ``records.Table``),
which writes at each discard the discarding seat's 3n+2 hand, its own melds and
everything it could see (every river, every meld, the dora indicators) as a row of
bytes, and the hand in notation; a round C gives back is replayed by ``Table``. One
``discards_batch`` per chunk of files then gives, with those tiles as ``dead=``, the
shanten after every discard and the live uke-ire of those that can rank with the one
taken. A round whose events are impossible is dropped whole and reported; the file's
other rounds still count.

>>> result = review_file("tests/data/records/short.mjson")   # from the repository root
>>> result.games, result.rounds, result.decisions.num_rows, result.errors
(1, 2, 20, [])
>>> row = result.decisions.slice(1, 1).to_pylist()[0]
>>> row["hand"], row["discard"], row["shanten_after"], row["ukeire"], row["best_discards"], row["rank"]
('239m678p567s12477z', '1z', 2, 22, ['2z'], 2)
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyarrow as pa

from .._core import judge_rows, replay_round
from ..batch import discards_batch
from ..records import (Call, Discard, Draw, DrawnRound, Game, Kita, NewDora, RecordError, Riichi, RiichiAccepted, Round,
                       Table, Win, read)
from ..tiles import TILE_ID_NAMES, TILE_NAMES, Meld, MeldKind, format_tiles, tile_kind
from .parquet import Part
from .schema import DECISIONS, ROUNDS

KINDS = np.array([tile_kind(tile) for tile in range(37)], dtype=np.uint8)
NAMES = pa.array(TILE_NAMES)
TILE_ID_NAMES_ARROW = pa.array(TILE_ID_NAMES)
NO_DECISIONS = pa.RecordBatch.from_pylist([], DECISIONS)
NO_RESULTS = pa.RecordBatch.from_pylist([], ROUNDS)
"""Empty tables, made once: a batch is immutable, and making one costs a quarter of a millisecond."""


@dataclass
class PlayerTotals:
    """What the per-player summary adds up, per player name."""

    decisions: int = 0
    free: int = 0  # decisions not already in riichi (forced discards are not choices)
    matched: int = 0  # free decisions whose discard was among the most efficient ones
    lost: int = 0  # live uke-ire lost, summed over free decisions that kept the best shanten
    kept: int = 0  # those decisions
    back: int = 0  # free decisions that went shanten-back
    valued: int = 0  # free decisions given an expected value (--ev)
    points_lost: float = 0.0  # expected points lost over those

    def add(self, other: PlayerTotals) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class FileReview:
    """The tables and counts of some files (the unit of work); picklable, so that worker
    processes can return it."""

    files: int = 0
    reviewed: int = 0  # files from which at least one game could be read
    games: int = 0
    rounds: int = 0
    failed_rounds: int = 0
    decisions: pa.RecordBatch = field(default_factory=lambda: NO_DECISIONS)
    results: pa.RecordBatch = field(default_factory=lambda: NO_RESULTS)
    errors: list[tuple[str, str | None, str | None, str]] = field(default_factory=list)
    players: dict[str, PlayerTotals] = field(default_factory=dict)
    spooled: str | None = None  # a pool worker's two tables are in Arrow IPC files instead (shanten.review.run)
    mapped: bool = False  # the two tables are memory maps of those files, now gone (shanten.review.run)
    closing: bool = False  # one of a pool's last results, all work handed out: written at once, while the
    # workers finish the rest, so that little is left to encode after the last (shanten.review.run)
    encoded: Part | None = None  # the decisions as a Parquet file, ``decisions`` then empty (shanten.review.run)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        if self.spooled is not None:  # the tables are in files; pyarrow pickles even an empty one column by column
            del state["results"]
            if self.encoded is None:
                del state["decisions"]
            else:  # the file's bytes stay in the file; ``decisions`` is empty and goes along (0.4 ms a row group)
                state["encoded"] = self.encoded._replace(data=b"")
        return state


class _Gathered:
    """Everything read at each discard of some files: a row of ROW bytes (the seat's hand, dead
    tiles, own meld tiles, red fives, then seat, tile, flags, turn, wall and the length of the
    hand's notation) and the notation, as ``_core.replay_round`` writes them; per round its key."""

    ROW = 111
    DEAD, CALLED, RED, INTS = 34, 68, 102, 105

    def __init__(self) -> None:
        self.rows = bytearray()
        self.text = bytearray()
        self.rounds: list[tuple[Game, Round, int]] = []  # each round and its discards

    def __len__(self) -> int:
        return len(self.rows) // self.ROW

    def mark(self) -> tuple[int, int]:
        return len(self.rows), len(self.text)

    def truncate(self, mark: tuple[int, int]) -> None:
        del self.rows[mark[0]:], self.text[mark[1]:]


TSUMOGIRI, RIICHI, IN_RIICHI, AFTER_CALL = 1, 2, 4, 8
"""Flags of a discard."""

KIT = (Draw, Discard, Call, Riichi, RiichiAccepted, Kita, NewDora, DrawnRound, Win, MeldKind.CHI, MeldKind.PON,
       MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN, MeldKind.ADDED_KAN)
"""The classes and members of the records model, as ``_core.replay_round`` takes them."""


def review_file(source: str | bytes) -> FileReview:
    """Review every discard of the games in ``source`` (a path or the bytes of a record)."""
    return review_files([source])


def review_files(sources: list[str | bytes]) -> FileReview:
    """Review every discard of the games in ``sources``, judged together (one batch call)."""
    # The records model makes no reference cycles, so the collector would only rescan the heap
    # as the readers allocate their events (about 4% of a review); cycles made meanwhile, if
    # any, are collected once it runs again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _review_files(sources)
    finally:
        if collecting:
            gc.enable()


def _review_files(sources: list[str | bytes]) -> FileReview:
    result = FileReview()
    gathered = _Gathered()
    results: list[dict[str, Any]] = []
    for source in sources:
        name = source if isinstance(source, str) else "<stdin>"
        result.files += 1
        games = read(source)
        read_any = False
        while True:
            try:
                game = next(games)
            except StopIteration:
                break
            except RecordError as error:
                result.errors.append((name, None, None, str(error)))
                break
            read_any = True
            result.games += 1
            for round in game.rounds:
                mark = gathered.mark()
                try:
                    _replay(game, round, gathered)
                except RecordError as error:
                    gathered.truncate(mark)
                    result.failed_rounds += 1
                    result.errors.append((name, game.id, round.name, str(error)))
                    continue
                result.rounds += 1
                results.extend(_results(game, round))
        result.reviewed += read_any
    result.decisions = _judge(gathered, result.players)
    result.results = pa.RecordBatch.from_pylist(results, ROUNDS)
    return result


def _replay(game: Game, round: Round, out: _Gathered) -> None:
    """Play the round, gathering the discarding seat's view at each discard: in C, or with
    ``Table`` when C gives the round back (an impossible event: Table words the error)."""
    rules = game.rules
    discards = replay_round(KIT, rules.players, rules.red_fives, round.dealer, round.dora, round.hands, round.events,
                            round.end, out.rows, out.text)
    if discards is None:
        discards = _replay_table(game, round, out)
    out.rounds.append((game, round, discards))


def _replay_table(game: Game, round: Round, out: _Gathered) -> int:
    """``_replay`` with ``records.Table``: the same rows, or the RecordError that drops the round."""
    table = Table(game, round)
    hands, red, called, melds, riichi, rivers = (table.hands, table.red, table.called, table.melds, table.riichi,
                                                 table.rivers)
    rows, texts = out.rows, out.text
    discards = 0
    for discard in table.play():
        seat, tile, tsumogiri = discard
        text = " ".join([format_tiles(hands[seat], red[seat]), *map(_meld_text, melds[seat])]).encode()
        flags = tsumogiri | table.declaring << 1 | (riichi[seat] >= 0) << 2 | (table.drawn < 0) << 3
        rows += hands[seat] + table.dead(seat) + called[seat] + red[seat]
        rows += bytes((seat, tile, flags, len(rivers[seat]) + 1, table.wall, len(text)))
        texts += text
        discards += 1
    table.finish()
    return discards


def _meld_text(call: Call) -> str:
    """A Call in notation: [123m] chi, pon, open kan; (1111m) closed kan; {1111m} added kan."""
    return str(Meld(call.kind, tuple(int(KINDS[tile]) for tile in call.tiles), sum(tile >= 34 for tile in call.tiles)))


def _judge(g: _Gathered, players: dict[str, PlayerTotals]) -> pa.RecordBatch:
    """The decisions table of everything gathered: one discards_batch per player count, each row
    then judged in C (``judge_rows``)."""
    n = len(g)
    if not n:
        return NO_DECISIONS
    rows_all = np.frombuffer(g.rows, np.uint8).reshape(n, g.ROW)
    hands, dead, called = rows_all[:, :g.DEAD], rows_all[:, g.DEAD:g.CALLED], rows_all[:, g.CALLED:g.RED]
    seat, tile, flags, turn, wall, length = rows_all[:, g.INTS:].T
    taken = KINDS[tile]
    sizes = [size for _, _, size in g.rounds]
    counts = np.repeat([game.rules.players for game, _, _ in g.rounds], sizes)
    before = np.empty(n, np.int8)
    after = np.empty((n, 34), np.int8)
    ukeire = np.empty((n, 34), np.uint8)
    for count in (4, 3):
        rows = np.flatnonzero(counts == count)
        if rows.size:
            table = discards_batch(np.ascontiguousarray(hands[rows]), dead=np.ascontiguousarray(dead[rows]),
                                   melded=np.ascontiguousarray(called[rows]), players=count, taken=taken[rows],
                                   threads=1)
            before[rows], after[rows], ukeire[rows] = table
    judged = np.empty((n, 7), np.int16)
    kinds_best = np.empty(n * 34, np.uint8)
    kinds_best = kinds_best[:judge_rows(after, ukeire, taken, judged, kinds_best)]
    shanten_after, taken_ukeire, best_shanten, best_ukeire, rank, matched, best_count = judged.T
    shanten_after, best_shanten = shanten_after.astype(np.int8), best_shanten.astype(np.int8)
    rank, matched = rank.astype(np.int8), matched.astype(bool)
    back = shanten_after > np.maximum(before, 0)
    keeps_best = shanten_after == best_shanten
    lost = np.where(keeps_best, best_ukeire - taken_ukeire, 0).astype(np.int16)
    offsets = np.zeros(n + 1, np.int32)
    np.cumsum(best_count, out=offsets[1:])
    best_discards = pa.ListArray.from_arrays(pa.array(offsets), NAMES.take(pa.array(kinds_best)))
    codes: dict[str, int] = {}  # each player name's number, in order of appearance
    seat_codes: dict[int, list[int]] = {}  # per game (by identity): each seat's player number, 4 seats wide
    per_round = np.array([seat_codes.get(id(game)) or seat_codes.setdefault(id(game), [
        codes.setdefault(game.names[s] if s < len(game.names) else f"seat {s}", len(codes))
        for s in range(game.rules.players)] + [0] * (4 - game.rules.players)) for game, _, _ in g.rounds], np.int64)
    round_of = np.repeat(np.arange(len(sizes), dtype=np.int32), sizes)
    which = per_round[round_of, seat]
    unique = list(codes)
    in_riichi = (flags & IN_RIICHI) != 0
    _add_players(unique, which, in_riichi, matched, keeps_best, lost, back, players)
    # per round: its key; per decision: the round's index, so that strings are taken, not converted one by one
    keys = [(game.id, round.name[:2], round.wind, round.number, round.honba) for game, round, _ in g.rounds]
    game_ids, round_names, winds, numbers, honbas = zip(*keys)
    round_of = pa.array(round_of)
    return pa.RecordBatch.from_arrays([
        pa.array(game_ids, pa.string()).take(round_of), pa.array(round_names, pa.string()).take(round_of),
        pa.array(winds, pa.int8()).take(round_of), pa.array(numbers, pa.int8()).take(round_of),
        pa.array(honbas, pa.int8()).take(round_of), pa.array(seat.astype(np.int8)),
        pa.array(unique, pa.string()).take(pa.array(which)), pa.array(turn.astype(np.int16)),
        pa.array(wall.astype(np.int16)), _texts(length, g.text), TILE_ID_NAMES_ARROW.take(pa.array(tile)),
        pa.array(taken.astype(np.int8)), pa.array((flags & TSUMOGIRI) != 0), pa.array((flags & RIICHI) != 0),
        pa.array(in_riichi), pa.array((flags & AFTER_CALL) != 0), pa.array(before),
        pa.array(shanten_after), pa.array(back), pa.array(taken_ukeire), pa.array(best_shanten),
        pa.array(best_ukeire), best_discards, pa.array(rank), pa.array(matched),
        pa.array(lost, mask=~keeps_best),
    ], schema=DECISIONS)


def _add_players(unique: list[str], which: np.ndarray, in_riichi: np.ndarray, matched: np.ndarray, kept: np.ndarray,
                 lost: np.ndarray, back: np.ndarray, players: dict[str, PlayerTotals]) -> None:
    """Add each decision (its player: unique[which]) to its player's totals; decisions already in
    riichi are forced, not choices."""
    free = ~in_riichi

    def per_player(values: np.ndarray) -> list[int]:
        return [int(total) for total in np.bincount(which, weights=values, minlength=len(unique))]

    columns = [per_player(np.ones(len(which))), per_player(free), per_player(matched & free),
               per_player(np.where(free & kept, lost, 0)), per_player(free & kept), per_player(back & free)]
    for index, name in enumerate(unique):
        players.setdefault(name, PlayerTotals()).add(PlayerTotals(*(column[index] for column in columns)))


def _texts(lengths: np.ndarray, text: bytearray) -> pa.Array:
    """Strings from their lengths and their bytes end to end."""
    offsets = np.zeros(len(lengths) + 1, np.int32)
    np.cumsum(lengths, out=offsets[1:])
    return pa.Array.from_buffers(pa.string(), len(lengths), [None, pa.py_buffer(offsets), pa.py_buffer(bytes(text))])


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
