"""Game records: Tenhou mjlog, tenhou.net/6 JSON and mjai read into one event model, and a replayer.

``read(source)`` tells the format from the content and yields ``Game``s; each
``Round`` holds its deal, its events (``Draw``, ``Discard``, ``Call``, ``Riichi``,
``RiichiAccepted``, ``Kita``, ``NewDora``) and its end (``Win``s or a
``DrawnRound``). ``Table(game, round)`` replays a round event by event and raises
``RecordError`` at anything impossible; ``replay(game)`` replays a whole game.

>>> import json
>>> from shanten import records
>>> deal = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
...         "dora_marker": "9m", "scores": [25000] * 4, "tehais": [
...             "1m 2m 3m 4m 5mr 6m 7m 8m 9m 1p 2p 3p E".split(), "1s 2s 3s 4s 5s 6s 7s 8s 9s 1p 2p 3p S".split(),
...             "1m 2m 3m 4p 5p 6p 7p 8p 9p 4s 5s 6s W".split(), "7m 8m 9m 7s 8s 9s 4p 5p 6p N N P P".split()]}
>>> events = [{"type": "start_game", "names": ["A", "B", "C", "D"]}, deal,
...           {"type": "tsumo", "actor": 0, "pai": "3p"}, {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False},
...           {"type": "pon", "actor": 3, "target": 0, "pai": "E", "consumed": ["E", "E"]}]
>>> record = "\\n".join(json.dumps(event) for event in events).encode()
>>> game = next(records.read(record))
>>> game.format, game.rounds[0].name, game.rounds[0].events[1]
('mjai', 'E1-0', Discard(seat=0, tile=27, tsumogiri=False))
>>> table = records.Table(game, game.rounds[0])
>>> *played, pon = game.rounds[0].events
>>> for event in played:
...     if type(event) is records.Discard:   # the discarding seat's hand before the discard
...         print(records.tile_names(table.concealed(event.seat)))
...     table.apply(event)
1m 2m 3m 4m 0m 6m 7m 8m 9m 1p 2p 3p 3p 1z
>>> table.apply(pon)
Traceback (most recent call last):
...
shanten.records.model.RecordError: <bytes>: E1-0: seat 3 (turn 0) calls pon with 1z but holds none
"""

from __future__ import annotations

from .files import read, sniff
from .model import (
    DRAW_REASONS,
    ORDER,
    Call,
    Discard,
    Draw,
    DrawnRound,
    End,
    Event,
    Game,
    Kita,
    NewDora,
    RecordError,
    Riichi,
    RiichiAccepted,
    Round,
    Rules,
    Win,
    sort_tiles,
    tile_names,
)
from .names import YAKU
from .table import Table, replay

__all__ = [
    "DRAW_REASONS",
    "ORDER",
    "YAKU",
    "Call",
    "Discard",
    "Draw",
    "DrawnRound",
    "End",
    "Event",
    "Game",
    "Kita",
    "NewDora",
    "RecordError",
    "Riichi",
    "RiichiAccepted",
    "Round",
    "Rules",
    "Table",
    "Win",
    "read",
    "replay",
    "sniff",
    "sort_tiles",
    "tile_names",
]
