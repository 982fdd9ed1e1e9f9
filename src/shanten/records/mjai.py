"""mjai JSON lines (one event per line, as Mortal and gimite/mjai write them) into the event model.

Tiles are "1m".."9m", "1p".., "1s".., "5mr"/"5pr"/"5sr" for the red fives and
"E S W N P F C" for the honours. "?" (a hidden tile) cannot be replayed and is an
error. Every line is an event, but in a file that opens with "#" lines that do not
start with "{" are skipped (gimite/mjai's golden logs interleave drawings of the table).

Older logs (gimite/mjai) give the deal as "haipai" events and only the dealer in
"start_kyoku": the round wind then follows from the dealer order, and the honba and
riichi sticks from the previous round's end (a dealer win or a draw adds a honba).

>>> lines = [
...     {"type": "start_game", "names": ["A", "B", "C", "D"]},
...     {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
...      "dora_marker": "1m", "scores": [25000] * 4,
...      "tehais": [["1m"] * 3 + ["2m"] * 3 + ["3m"] * 3 + ["4m"] * 3 + ["E"],
...                 ["1p"] * 3 + ["2p"] * 3 + ["3p"] * 3 + ["4p"] * 3 + ["S"],
...                 ["1s"] * 3 + ["2s"] * 3 + ["3s"] * 3 + ["4s"] * 3 + ["W"],
...                 ["5m", "5mr", "5m", "6p", "5p", "5pr", "5s", "5sr", "5s", "7m", "8m", "9m", "N"]]},
...     {"type": "tsumo", "actor": 0, "pai": "E"},
...     {"type": "hora", "actor": 0, "target": 0, "deltas": [48000, -16000, -16000, -16000]},
...     {"type": "end_kyoku"}, {"type": "end_game"}]
>>> game = next(read_mjai("\\n".join(json.dumps(line) for line in lines).encode(), "demo.mjson"))
>>> round = game.rounds[0]
>>> round.hands[3][:4], round.events
((4, 4, 34, 6), (Draw(seat=0, tile=27),))
>>> round.end[0].tile, round.end[0].from_seat, round.end[0].deltas
(27, None, (48000, -16000, -16000, -16000))
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ..tiles import MeldKind
from .model import (
    DISCARDS,
    DRAWS,
    WINDS,
    Call,
    Draw,
    DrawnRound,
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
    last_tile,
    quote,
    round_name,
    sort_tiles,
)
from .names import MJAI_DRAWS, MJAI_YAKU, MJAI_YAKUMAN_HAN, YAKUMAN_HAN

TILES: dict[str, int] = {
    **{f"{number}{suit}": 9 * index + number - 1 for index, suit in enumerate("mps") for number in range(1, 10)},
    **{honour: 27 + index for index, honour in enumerate("ESWNPFC")},
    "5mr": 34, "5pr": 35, "5sr": 36,
}  # fmt: skip
"""mjai tile names to tile ids."""

_CALLS = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "daiminkan": MeldKind.OPEN_KAN}

_MOVES: dict[bytes, tuple[bool, int, int, bool | None]] = {}
"""Lines of draws and discards read before: whether a draw, the seat, the tile and tsumogiri (None if
the line does not say). Most lines repeat one of these."""
_MOVES_KEPT = 20000
_MOVE_KEYS = {"type", "actor", "pai", "tsumogiri", "meta"}  # "meta": annotations (RiichiEnv), not read
_EVENT_LINE = re.compile(rb"\n(\{[^\n]*)")
_IN_ROUND = {"tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach", "reach_accepted", "dora",
             "nukidora", "haipai", "hora", "ryukyoku", "end_kyoku"}  # fmt: skip


class _Reader:
    """One pass over the lines of a file; a game per start_game."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.where = ""
        self.line = 0  # of the line read (in a golden log, its offset: see fail)
        self.golden: bytes | None = None
        self.games: list[Game] = []
        self.names: tuple[str, ...] = ()
        self.rules = Rules(players=4, red_fives=True)
        self.rounds: list[Round] = []
        self.start: dict[str, Any] | None = None  # the current round's start_kyoku
        self.hands: list[list[int] | None] = []
        self.events: list[Event] = []
        self.wins: list[Win] = []
        self.drawn: DrawnRound | None = None
        self.last_draw = [-1] * 4

    def fail(self, reason: str) -> RecordError:
        line = self.line if self.golden is None else self.golden.count(b"\n", 0, self.line) + 1
        return RecordError(f"{self.source}: line {line}: {self.where}{reason}")

    def tile(self, name: object) -> int:
        tile = TILES.get(name) if isinstance(name, str) else None
        if tile is None:
            if name == "?":
                raise self.fail("hidden tile '?': only records that show every hand can be replayed")
            raise self.fail(f"not a tile: {quote(str(name))}")
        return tile

    def read(self, data: bytes) -> list[Game]:
        if data.startswith(b"#"):  # gimite/mjai's golden logs: events among drawings of the table
            lines = [(match.start(1), match[1]) for match in _EVENT_LINE.finditer(data)]
            self.golden = data  # where the offsets count lines in
        else:
            lines = [(number, line) for number, line in enumerate(data.splitlines(), 1) if line.strip()]
        moves = _MOVES
        last_draw = self.last_draw
        events = self.events
        for number, line in lines:
            move = moves.get(line)
            if move is not None and self.start is not None:
                is_draw, seat, tile, tsumogiri = move
                if is_draw:
                    last_draw[seat] = tile
                    events.append(DRAWS[seat][tile])
                else:
                    events.append(DISCARDS[seat][tile == last_draw[seat] if tsumogiri is None else tsumogiri][tile])
                    last_draw[seat] = -1
                continue
            self.line = number
            try:
                event = json.loads(line)
            except json.JSONDecodeError as error:
                raise self.fail(f"not JSON: {error.msg}: {quote(line.decode('utf-8', 'replace'))}") from None
            if not isinstance(event, dict):
                raise self.fail("an event is a JSON object")
            try:
                self.event(event)
            except (KeyError, ValueError, TypeError, IndexError) as error:
                if isinstance(error, RecordError):
                    raise
                text = quote(line.decode("utf-8", "replace"))
                raise self.fail(f"bad {event.get('type')!r} event ({type(error).__name__}: {error}): {text}") from None
            events = self.events
            kind = event["type"]
            if (kind == "tsumo" or kind == "dahai") and event.keys() <= _MOVE_KEYS and len(moves) < _MOVES_KEPT:
                last = events[-1]
                flag = event.get("tsumogiri")
                tsumogiri = None if flag is None else bool(flag)
                moves[line] = (kind == "tsumo", last.seat, last.tile, tsumogiri)  # type: ignore[union-attr]
        if self.start is not None:
            self.close_round()
        if self.rounds or self.names:
            self.close_game(None)
        return self.games

    def event(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if self.start is None and kind in _IN_ROUND:
            raise self.fail(f"{kind} outside a round")
        events = self.events
        if kind == "tsumo":
            actor = event["actor"]
            tile = self.tile(event["pai"])
            self.last_draw[actor] = tile
            events.append(DRAWS[actor][tile])
        elif kind == "dahai":
            actor = event["actor"]
            tile = self.tile(event["pai"])
            tsumogiri = event.get("tsumogiri")
            drawn = tile == self.last_draw[actor] if tsumogiri is None else bool(tsumogiri)
            events.append(DISCARDS[actor][drawn][tile])
            self.last_draw[actor] = -1
        elif kind in _CALLS:
            called = self.tile(event["pai"])
            tiles = sort_tiles([called] + [self.tile(name) for name in event["consumed"]])
            events.append(Call(event["actor"], _CALLS[kind], tiles, called, event["target"]))
        elif kind == "ankan":
            tiles = sort_tiles([self.tile(name) for name in event["consumed"]])
            events.append(Call(event["actor"], MeldKind.CLOSED_KAN, tiles, None, None))
        elif kind == "kakan":
            added = self.tile(event["pai"])
            tiles = sort_tiles([added] + [self.tile(name) for name in event["consumed"]])
            events.append(Call(event["actor"], MeldKind.ADDED_KAN, tiles, added, None))
        elif kind == "reach":
            events.append(Riichi(event["actor"]))
        elif kind == "reach_accepted":
            events.append(RiichiAccepted(event["actor"]))
        elif kind == "dora":
            events.append(NewDora(self.tile(event["dora_marker"])))
        elif kind == "nukidora":
            events.append(Kita(event["actor"]))
        elif kind == "haipai":
            if events:
                raise self.fail("haipai after the deal")
            self.hands[event["actor"]] = [self.tile(name) for name in event["pais"]]
        elif kind == "hora":
            self.win(event)
        elif kind == "ryukyoku":
            self.draw(event)
        elif kind == "start_kyoku":
            if self.start is not None:
                raise self.fail("start_kyoku before end_kyoku")
            self.start_round(event)
        elif kind == "end_kyoku":
            self.close_round()
        elif kind == "start_game":
            if self.rounds or self.start is not None:
                self.close_game(None)
            names = event.get("names") or []
            self.names = tuple(str(name) for name in names)
            players = len(names) if len(names) in (3, 4) else 4
            self.rules = Rules(players=players, red_fives=bool(event.get("aka_flag", True)))
        elif kind == "end_game":
            scores = event.get("scores")
            self.close_game(tuple(scores[: self.rules.players]) if scores else None)
        else:
            raise self.fail(f"unknown event type {quote(str(kind))}")

    def start_round(self, event: dict[str, Any]) -> None:
        players = self.rules.players
        dealer = event["oya"]
        if "bakaze" in event:
            wind = WINDS.index(event["bakaze"])
            honba, sticks = event["honba"], event["kyotaku"]
            number = event["kyoku"] - 1
        else:  # an older log: count the dealer's turns round the table, and the sticks as they are paid
            wind, honba, sticks = self.follow(dealer)
            number = dealer
        self.where = f"{round_name(wind, number, honba)}: "
        tehais = event.get("tehais")
        self.hands = [[self.tile(name) for name in hand] for hand in tehais[:players]] if tehais else [None] * players
        scores = event.get("scores")
        self.start = {
            "wind": wind, "number": number, "honba": honba, "sticks": sticks, "dealer": dealer,
            "scores": tuple(scores[:players]) if scores else None, "dora": (self.tile(event["dora_marker"]),),
        }  # fmt: skip
        self.last_draw[:] = [-1] * 4

    def follow(self, dealer: int) -> tuple[int, int, int]:
        """Round wind, honba and sticks of a round that starts with ``dealer``, from the rounds before it."""
        if not self.rounds:
            return 0, 0, 0
        last = self.rounds[-1]
        wind = last.wind + (dealer < last.dealer)
        end = last.end
        accepted = sum(type(event) is RiichiAccepted for event in last.events)
        if isinstance(end, tuple):
            dealer_won = any(win.seat == last.dealer for win in end)
            return wind, last.honba + 1 if dealer_won else 0, 0
        return wind, last.honba + 1, last.sticks + accepted

    def close_round(self) -> None:
        start = self.start
        assert start is not None
        if any(hand is None for hand in self.hands):
            raise self.fail("a round without every seat's deal")
        self.rounds.append(
            Round(
                hands=tuple(sort_tiles(hand) for hand in self.hands if hand is not None),
                events=tuple(self.events),
                end=tuple(self.wins) if self.wins else self.drawn,
                **start,
            )
        )
        self.start = None
        self.events = []
        self.wins = []
        self.drawn = None
        self.where = ""

    def close_game(self, final_scores: tuple[int, ...] | None) -> None:
        if self.start is not None:
            self.close_round()
        stem = self.source.rsplit("/", 1)[-1].split(".", 1)[0]
        number = len(self.games)
        players = self.rules.players
        self.games.append(
            Game(
                id=stem if not number else f"{stem}#{number + 1}",
                source=self.source,
                format="mjai",
                rules=self.rules,
                names=self.names[:players],
                rounds=tuple(self.rounds),
                final_scores=final_scores,
                final_results=None,
            )
        )
        self.rounds = []
        self.names = ()

    def win(self, event: dict[str, Any]) -> None:
        if self.drawn is not None:
            raise self.fail("hora after ryukyoku")
        actor, target = event["actor"], event["target"]
        tile = self.tile(event["pai"]) if "pai" in event else last_tile(self.events)  # Mortal leaves it out
        if tile is None:
            raise self.fail("hora with no tile to win on")
        yaku = []
        for name, han in event.get("yakus") or ():
            if name not in MJAI_YAKU:
                raise self.fail(f"unknown yaku {quote(str(name))}")
            if han:
                yaku.append((MJAI_YAKU[name], _han(han)))
        fan = event.get("fan")
        hand = event.get("hora_tehais")
        ura = event.get("uradora_markers", event.get("ura_markers")) or ()
        deltas = event.get("deltas")
        self.wins.append(
            Win(
                seat=actor,
                from_seat=None if target == actor else target,
                tile=tile,
                han=None if fan is None else _han(fan),
                fu=event.get("fu"),
                points=event.get("hora_points"),
                yaku=tuple(yaku),
                limit=None,
                pao=None,
                hand=None if hand is None else sort_tiles([self.tile(name) for name in hand] + [tile]),
                melds=None,
                ura=tuple(self.tile(name) for name in ura),
                deltas=None if deltas is None else tuple(deltas[: self.rules.players]),
            )
        )

    def draw(self, event: dict[str, Any]) -> None:
        if self.wins or self.drawn is not None:
            raise self.fail("a second end of the round")
        players = self.rules.players
        reason = event.get("reason")
        if reason is None:  # Mortal does not say: a draw right after a tsumo is nine terminals
            canonical = "nine terminals" if self.events and type(self.events[-1]) is Draw else "exhaustive"
        elif reason in MJAI_DRAWS:
            canonical = MJAI_DRAWS[reason]
        else:
            raise self.fail(f"unknown ryukyoku reason {quote(str(reason))}")
        deltas = event.get("deltas")
        deltas = None if deltas is None else tuple(deltas[:players])
        tenpai: tuple[int, ...] | None = None
        if canonical != "exhaustive":
            tenpai = None if canonical == "nagashi mangan" else ()
        elif "tenpais" in event:
            tenpai = tuple(seat for seat, flag in enumerate(event["tenpais"][:players]) if flag)
        elif deltas is not None and any(deltas):
            tenpai = tuple(seat for seat, delta in enumerate(deltas) if delta > 0)
        self.drawn = DrawnRound(canonical, tenpai, deltas)


def _han(han: int) -> int:
    """mjai's han, a yakuman counted as 13 rather than 100."""
    return han // MJAI_YAKUMAN_HAN * YAKUMAN_HAN if han >= MJAI_YAKUMAN_HAN else han


def read_mjai(data: bytes, source: str) -> Iterator[Game]:
    """The games in mjai JSON lines ``data`` read from ``source``."""
    yield from _Reader(source).read(data)
