"""tenhou.net/6 JSON (a whole game, or one round per line as mjx writes them) into the event model.

A round lists each seat's draws and discards separately, so the reader replays the
round to put them in order: after every discard, the seats whose next draw entry is
a call of that tile may call it. When one of them must wait for a later, identical
discard, the order that takes the call now fails further on, and the reader goes
back and lets the discard pass (a depth-first search over those choices).

Tiles are 11-19, 21-29, 31-39 (m, p, s), 41-47 (honours), 51-53 (red fives); 60 is
tsumogiri. Calls are strings whose letter marks the seat called from: "c" chi,
"p" pon, "m" open kan (draw entries); "a" closed kan, "k" added kan, "f" kita,
"r" riichi (discard entries; an open kan leaves a 0 there).

>>> import json
>>> log = {"title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": [[
...     [0, 0, 0], [25000] * 4, [21], [],
...     [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 41], [24], [41],
...     [31, 32, 33, 34, 35, 36, 37, 38, 39, 25, 26, 27, 42], ["p414141"], [42],
...     [11, 12, 13, 21, 22, 23, 31, 32, 33, 43, 43, 44, 44], [], [],
...     [14, 15, 16, 24, 25, 26, 34, 35, 36, 45, 45, 46, 46], [], [],
...     ["流局", [0, 0, 0, 0]]]]}
>>> game = next(read_tenhou6(json.dumps(log).encode(), "demo.json"))
>>> game.rules.room, game.rounds[0].events[2:]
('general', (Call(seat=1, kind=<MeldKind.PON: 'pon'>, tiles=(27, 27, 27), called=27, from_seat=0), Discard(seat=1, tile=28, tsumogiri=False)))
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ..tiles import MeldKind
from .model import (
    LIMITS,
    Call,
    Discard,
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
from .names import TENHOU6_DRAWS, TENHOU6_YAKU, YAKUMAN_HAN

TILES: dict[int, int] = {
    **{10 * (suit + 1) + number: 9 * suit + number - 1 for suit in range(4) for number in range(1, 10 if suit < 3 else 8)},
    51: 34, 52: 35, 53: 36,
}  # fmt: skip
"""tenhou.net/6 tile codes to tile ids."""

TSUMOGIRI = 60
ROOMS = {"般": "general", "上": "upper", "特": "superior", "鳳": "phoenix"}
_DISP = re.compile(r"(三)?([般上特鳳])?([東南])(喰)?(赤)?(速)?$")
_SCORE = re.compile(r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満|数え役満))?(\d+)(?:-(\d+))?点(∀)?$")
_LIMITS = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman",
           "数え役満": "kazoe yakuman"}  # fmt: skip
_YAKU = re.compile(r"(.+)\((?:(\d+)飜|(役満))\)$")
_CALL = re.compile(r"((?:\d\d)*)([cpmakf])((?:\d\d)+)$")
_RIICHI_YAKU = ("riichi", "double riichi")
assert set(_LIMITS.values()) <= set(LIMITS) | {"kazoe yakuman"}


def rules_of(rule: dict[str, Any], players: int) -> Rules:
    """The rules in a log's "rule": red fives from "aka" (or "aka51"...), the rest from a Tenhou "disp".

    >>> rules_of({"disp": "三鳳南喰赤", "aka": 1}, 3)
    Rules(players=3, red_fives=True, hanchan=True, open_tanyao=True, fast=False, room='phoenix', tenhou_type=None, lobby=None)
    """
    red = any(rule.get(key) for key in ("aka", "aka51", "aka52", "aka53"))
    match = _DISP.match(str(rule.get("disp", "")))
    if match is None:
        return Rules(players=players, red_fives=red)
    return Rules(
        players=players,
        red_fives=red,
        hanchan=match.group(3) == "南",
        open_tanyao=bool(match.group(4)),
        fast=bool(match.group(6)),
        room=ROOMS.get(match.group(2) or "般"),
    )


class _Order:
    """Puts one round's per-seat draw and discard lists in table order (see the module)."""

    def __init__(self, fail: Any, players: int, dealer: int, takes: list[list[Any]], gives: list[list[Any]],
                 dora: list[int], ending: str, winners: list[tuple[int, int]]) -> None:  # fmt: skip
        self.fail = fail
        self.players = players
        self.takes = takes
        self.gives = gives
        self.dora = dora  # every indicator turned after the first
        self.ending = ending  # "tsumo", "ron", "triple ron", "discard" (a draw after it) or "draw" (nine terminals)
        self.winners = winners  # (seat, from seat) of each win
        self.events: list[Event] = []
        self.dealer = dealer

    def run(self) -> list[Event]:
        # State: per-seat positions in takes and gives, dora turned, open kans awaiting their dora,
        # a riichi awaiting acceptance, and what happens next.
        state = ([0] * self.players, [0] * self.players, 0, 0, -1)
        if not self._draw(state, self.dealer, replacement=False):
            raise self.fail("its draws, calls and discards fit no order of play")
        return self.events

    # Each step returns whether the round can be completed from there; a False undoes its events.

    def _draw(self, state: tuple[list[int], list[int], int, int, int], seat: int, replacement: bool,
              earlier_kans: int = 0) -> bool:  # fmt: skip
        taken, given, turned, pending, declared = state
        takes = self.takes[seat]
        if taken[seat] == len(takes):
            return self._ended(state, "kan" if replacement else "discard", seat)
        entry = takes[taken[seat]]
        if type(entry) is not int:
            return False  # a call cannot stand where the seat must draw
        mark = len(self.events)
        if declared >= 0:
            self.events.append(RiichiAccepted(declared))
            declared = -1
        turned = self._turn(turned, earlier_kans)
        pending -= earlier_kans
        tile = self._tile(entry)
        taken[seat] += 1
        self.events.append(Draw(seat, tile))
        if self._act((taken, given, turned, pending, declared), seat, tile):
            return True
        taken[seat] -= 1
        del self.events[mark:]
        return False

    def _turn(self, turned: int, count: int) -> int:
        """Turn ``count`` more dora indicators."""
        for _ in range(count):
            if turned == len(self.dora):
                raise self.fail("fewer dora indicators than kans")
            self.events.append(NewDora(self.dora[turned]))
            turned += 1
        return turned

    def _act(self, state: tuple[list[int], list[int], int, int, int], seat: int, drawn: int | None) -> bool:
        """``seat`` holds 3n+2 tiles (``drawn`` the tile just drawn, None after a chi or pon)."""
        taken, given, turned, pending, declared = state
        gives = self.gives[seat]
        if given[seat] == len(gives):
            return drawn is not None and self._ended(state, "draw", seat)
        entry = gives[given[seat]]
        mark = len(self.events)
        given[seat] += 1
        if type(entry) is int or entry[0] == "r":
            riichi = type(entry) is str
            code = int(entry[1:]) if riichi else entry
            if code == TSUMOGIRI:
                if drawn is None:
                    raise self.fail(f"seat {seat} discards the draw (60) after a call")
                tile = drawn
            else:
                tile = self._tile(code)
            if riichi:
                self.events.append(Riichi(seat))
            turned = self._turn(turned, pending)
            self.events.append(Discard(seat, tile, code == TSUMOGIRI))
            ok = self._claim((taken, given, turned, 0, seat if riichi else declared), seat, tile)
        else:
            kind, tiles, added, _ = self._parse(entry, seat)
            if kind is MeldKind.CLOSED_KAN:
                self.events.append(Call(seat, kind, tiles, None, None))
                ok = self._draw((taken, given, turned, pending + 1, declared), seat, True, pending + 1)
            elif kind is MeldKind.ADDED_KAN:
                self.events.append(Call(seat, kind, tiles, added, None))
                ok = self._draw((taken, given, turned, pending + 1, declared), seat, True, pending)
            elif kind is None:
                self.events.append(Kita(seat))
                ok = self._draw(state, seat, True, pending)
            else:
                raise self.fail(f"seat {seat} discards a call: {quote(entry)}")
        if not ok:
            given[seat] -= 1
            del self.events[mark:]
        return ok

    def _claim(self, state: tuple[list[int], list[int], int, int, int], seat: int, tile: int) -> bool:
        """``seat`` has just discarded ``tile``: another seat may call it, else the next seat draws."""
        taken, given, turned, pending, declared = state
        calls = []
        for caller in range(self.players):
            if caller != seat and taken[caller] < len(self.takes[caller]):
                entry = self.takes[caller][taken[caller]]
                if type(entry) is str:
                    kind, tiles, called, source = self._parse(entry, caller)
                    if called == tile and source == seat:
                        calls.append((kind is MeldKind.CHI, caller, kind, tiles))
        for _, caller, kind, tiles in sorted(calls, key=lambda call: call[0]):  # pon and kan before chi
            mark = len(self.events)
            if declared >= 0:
                self.events.append(RiichiAccepted(declared))
            self.events.append(Call(caller, kind, tiles, tile, seat))  # type: ignore[arg-type]
            taken[caller] += 1
            if kind is MeldKind.OPEN_KAN:
                gives = self.gives[caller]
                if given[caller] == len(gives) or gives[given[caller]] != 0:
                    raise self.fail(f"seat {caller}'s discards lack the 0 that follows an open kan")
                given[caller] += 1
                ok = self._draw((taken, given, turned, 1, -1), caller, True, 0)
                if not ok:
                    given[caller] -= 1
            else:
                ok = self._act((taken, given, turned, 0, -1), caller, None)
            if ok:
                return True
            taken[caller] -= 1
            del self.events[mark:]
        return self._draw(state, (seat + 1) % self.players, replacement=False)

    def _ended(self, state: tuple[list[int], list[int], int, int, int], after: str, seat: int) -> bool:
        """The record has nothing more for ``seat``: the round must end here, with every list used up."""
        taken, given, turned, pending, declared = state
        if taken != [len(takes) for takes in self.takes] or given != [len(gives) for gives in self.gives]:
            return False
        ending = self.ending
        if ending == "tsumo":
            fits = after == "draw" and self.winners[0][0] == seat
        elif ending == "ron":
            last = self.events[-1]
            source = last.seat if type(last) in (Discard, Call) else -1  # type: ignore[union-attr]
            fits = after in ("discard", "kan") and all(winner[1] == source for winner in self.winners)
        else:
            fits = after == ("discard" if ending == "triple ron" else ending)
        if not fits:
            return False
        if declared >= 0 and ending not in ("ron", "triple ron"):
            self.events.append(RiichiAccepted(declared))
        if turned != len(self.dora):
            raise self.fail(f"{len(self.dora) - turned} dora indicators never turned")
        return True

    def _tile(self, code: object) -> int:
        tile = TILES.get(code) if type(code) is int else None
        if tile is None:
            raise self.fail(f"not a tile: {quote(str(code))}")
        return tile

    def _parse(self, entry: str, seat: int) -> tuple[MeldKind | None, tuple[int, ...], int | None, int | None]:
        """A call string: kind (None for kita), meld tiles, the called or added tile, the seat called from."""
        match = _CALL.match(entry)
        if match is None:
            raise self.fail(f"seat {seat}: not a call: {quote(entry)}")
        before, letter, after = match.groups()
        tiles = [self._tile(int(text[i : i + 2])) for text in (before, after) for i in range(0, len(text), 2)]
        if letter == "f":
            return None, (), None, None
        if letter == "a":
            return MeldKind.CLOSED_KAN, sort_tiles(tiles), None, None
        kind = _KINDS[letter]
        # The letter stands before the called (or added) tile, first if it came from the left,
        # second from across, further right from the right.
        position = len(before) // 2
        source = (seat + (-1, 2)[position] if position < 2 else seat + 1) % self.players
        return kind, sort_tiles(tiles), tiles[position], source


_KINDS = {"c": MeldKind.CHI, "p": MeldKind.PON, "m": MeldKind.OPEN_KAN, "k": MeldKind.ADDED_KAN}


def _win(fail: Any, players: int, dealer: int, info: list[Any], deltas: list[int], ura: list[int]) -> Win:
    """One win of a "和了" result: ``info`` is [seat, from seat, pao seat, score text, yaku...]
    (hand-made logs may stop after the pao seat)."""
    seat, source, pao, *rest = info
    fu = han = points = limit = None
    yaku = []
    if rest:
        text, *names = rest
        match = _SCORE.match(text)
        if match is None:
            raise fail(f"not a score: {quote(text)}")
        fu, _, limit, paid, dealer_pays, everyone = match.groups()
        points = int(paid)
        if dealer_pays:  # a non-dealer's tsumo: the others pay ``paid``, the dealer more
            points = int(paid) * (players - 2) + int(dealer_pays)
        elif everyone:  # the dealer's tsumo
            points = int(paid) * (players - 1)
        for name in names:
            parts = _YAKU.match(name)
            canonical = parts and TENHOU6_YAKU.get(parts.group(1).lower() if parts.group(1).isascii() else parts.group(1))
            if parts is None or canonical is None:
                raise fail(f"unknown yaku {quote(name)}")
            value = YAKUMAN_HAN if parts.group(3) else int(parts.group(2))
            if value:
                yaku.append((canonical, value))
        han = sum(value for _, value in yaku)
    riichi = any(name in _RIICHI_YAKU for name, _ in yaku)
    return Win(
        seat=seat,
        from_seat=None if source == seat else source,
        tile=-1,  # the reader fills in the winning tile from the order of play
        han=han,
        fu=int(fu) if fu else None,
        points=points,
        yaku=tuple(yaku),
        limit=_LIMITS[limit] if limit else None,
        pao=None if pao == seat else pao,
        hand=None,
        melds=None,
        ura=tuple(TILES[code] for code in ura) if riichi else (),
        deltas=tuple(deltas[:players]),
    )


class _Reader:
    """The games in one file."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.where = ""

    def fail(self, reason: str) -> RecordError:
        return RecordError(f"{self.source}: {self.where}{reason}")

    def rounds(self, log: dict[str, Any]) -> tuple[list[Round], Rules]:
        rounds = log.get("log")
        if not isinstance(rounds, list):
            raise self.fail('no "log" list of rounds')
        players = 4
        if "三" in str(log.get("rule", {}).get("disp", "")) or rounds and rounds[0][13:14] == [[]]:
            players = 3
        return [self.round(raw, players) for raw in rounds], rules_of(log.get("rule") or {}, players)

    def round(self, raw: list[Any], players: int) -> Round:
        self.where = "a round: "
        try:
            (kyoku, honba, sticks), scores, dora, ura = raw[0], raw[1], raw[2], raw[3]
            self.where = f"{round_name(kyoku // 4, kyoku % 4, honba)}: "
            hands = [raw[4 + 3 * seat] for seat in range(players)]
            takes = [raw[5 + 3 * seat] for seat in range(players)]
            gives = [raw[6 + 3 * seat] for seat in range(players)]
            result = raw[16]
            dealer = kyoku % 4
            name = result[0]
            wins: list[Win] = []
            drawn = None
            if name == "和了":
                for index in range(1, len(result), 2):
                    wins.append(_win(self.fail, players, dealer, result[index + 1], result[index], ura))
                tsumo = len(wins) == 1 and wins[0].from_seat is None
                ending = "tsumo" if tsumo else "ron"
            elif name in TENHOU6_DRAWS:
                reason = TENHOU6_DRAWS[name]
                deltas = tuple(result[1][:players]) if len(result) > 1 else (0,) * players
                drawn = DrawnRound(reason, self.tenpai(name, deltas, players), deltas)
                ending = "draw" if reason == "nine terminals" else "triple ron" if reason == "triple ron" else "discard"
            else:
                raise self.fail(f"unknown result {quote(str(name))}")
            tiles = [[TILES[code] for code in hand] for hand in hands]
            winners = [(win.seat, win.seat if win.from_seat is None else win.from_seat) for win in wins]
            events = _Order(self.fail, players, dealer, takes, gives, [TILES[code] for code in dora[1:]], ending,
                            winners).run()
        except (KeyError, ValueError, TypeError, IndexError) as error:
            if isinstance(error, RecordError):
                raise
            raise self.fail(f"malformed round: {type(error).__name__}: {quote(str(error))}") from None
        if wins:
            tile = last_tile(events)
            if tile is None:
                raise self.fail("a win with no tile to win on")
            wins = [win._replace(tile=tile) for win in wins]
        return Round(
            wind=kyoku // 4,
            number=kyoku % 4,
            honba=honba,
            sticks=sticks,
            dealer=dealer,
            scores=tuple(scores[:players]),
            dora=(TILES[dora[0]],),
            hands=tuple(sort_tiles(hand) for hand in tiles),
            events=tuple(events),
            end=tuple(wins) if wins else drawn,
        )

    @staticmethod
    def tenpai(name: str, deltas: tuple[int, ...], players: int) -> tuple[int, ...] | None:
        """Who was tenpai at an exhaustive draw: those paid, all, or none; None when it cannot be told."""
        if name == "全員聴牌":
            return tuple(range(players))
        if name == "全員不聴":
            return ()
        if name == "流局" and any(deltas):
            return tuple(seat for seat, delta in enumerate(deltas) if delta > 0)
        return None if name in ("流局", "流し満貫") else ()

    def games(self, logs: list[dict[str, Any]]) -> Iterator[Game]:
        """Whole games, or rounds of one game on consecutive lines (same players, rules and reference)."""
        stem = self.source.rsplit("/", 1)[-1].split(".", 1)[0]
        groups: list[list[dict[str, Any]]] = []
        for log in logs:
            if not isinstance(log, dict):
                raise self.fail(f"a game is a JSON object, got {type(log).__name__}")
            key = [log.get(field) for field in ("ref", "name", "rule", "title")]
            first_round = (log.get("log") or [[None]])[0][0]
            if groups and key == [groups[-1][0].get(f) for f in ("ref", "name", "rule", "title")] \
                    and first_round != [0, 0, 0]:
                groups[-1].append(log)
            else:
                groups.append([log])
        for number, group in enumerate(groups):
            rounds: list[Round] = []
            rules = None
            for log in group:
                more, rules = self.rounds(log)
                rounds += more
            last = group[-1]
            ref = last.get("ref")
            game_id = ref if isinstance(ref, str) and ref else stem if len(groups) == 1 else f"{stem}#{number + 1}"
            scores = last.get("sc")
            players = rules.players if rules else 4
            names = last.get("name") or []
            yield Game(
                id=game_id,
                source=self.source,
                format="tenhou6",
                rules=rules or Rules(players=4, red_fives=True),
                names=tuple(str(name) for name in names[:players]),
                rounds=tuple(rounds),
                final_scores=tuple(int(scores[2 * seat]) for seat in range(players)) if scores else None,
                final_results=tuple(float(scores[2 * seat + 1]) for seat in range(players)) if scores else None,
            )


def read_tenhou6(data: bytes, source: str) -> Iterator[Game]:
    """The games in tenhou.net/6 JSON ``data`` (one object, or one per line) read from ``source``."""
    reader = _Reader(source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise reader.fail(f"not UTF-8: {error.reason}") from None
    try:
        logs = [json.loads(text)]
    except json.JSONDecodeError as whole:
        if whole.msg != "Extra data":
            raise reader.fail(f"not JSON: {whole.msg} at line {whole.lineno} column {whole.colno}") from None
        logs = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    logs.append(json.loads(line))
                except json.JSONDecodeError as error:
                    raise reader.fail(f"line {number}: not JSON: {error.msg}") from None
    yield from reader.games(logs)
