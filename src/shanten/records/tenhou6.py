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
>>> game.rules.room, game.rounds[0].events[2]
('general', Call(seat=1, kind=<MeldKind.PON: 'pon'>, tiles=(27, 27, 27), called=27, from_seat=0))
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
    Call,
    Discard,
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
    **{10 * suit + 10 + number: 9 * suit + number - 1 for suit in range(3) for number in range(1, 10)},
    **{40 + number: 26 + number for number in range(1, 8)},
    51: 34, 52: 35, 53: 36,
}  # fmt: skip
"""tenhou.net/6 tile codes to tile ids."""

TSUMOGIRI = 60
_ROOMS = {"般": "general", "上": "upper", "特": "superior", "鳳": "phoenix"}
_DISP = re.compile(r"(三)?([般上特鳳])?([東南])(喰)?(赤)?(速)?$")
_SCORE = re.compile(r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満|数え役満))?(\d+)(?:-(\d+))?点(∀)?$")
_LIMITS = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman",
           "数え役満": "kazoe yakuman"}  # fmt: skip
_YAKU = re.compile(r"(.+)\((?:(\d+)飜|(役満))\)$")
_CALL = re.compile(r"((?:\d\d)*)([cpmakf])((?:\d\d)+)$")
_RIICHI_YAKU = ("riichi", "double riichi")


def rules_of(rule: dict[str, Any], players: int) -> Rules:
    """The rules in a log's "rule": red fives from "aka" (or "aka51"...), the rest from a Tenhou "disp".

    >>> rules = rules_of({"disp": "三鳳南喰赤", "aka": 1}, 3)
    >>> rules.players, rules.red_fives, rules.hanchan, rules.open_tanyao, rules.fast, rules.room, rules.tenhou_type
    (3, True, True, True, False, 'phoenix', None)
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
        room=_ROOMS[match.group(2) or "般"],
    )


# What the order of play waits for.
_DRAW, _ACT, _CLAIM, _CHOOSE, _BACK = range(5)
# Discard entries, parsed: (what, tile or meld tiles, riichi or added tile).
_DISCARD, _CLOSED_KAN, _ADDED_KAN, _KITA, _AFTER_OPEN_KAN = range(5)
_PASS = None  # the choice to let a discard go


def _order(fail: Any, players: int, dealer: int, takes: list[list[Any]], gives: list[list[Any]],
           dora: list[int], ending: str, winners: list[tuple[int, int]]) -> list[Event]:  # fmt: skip
    """The round's events in table order (see the module).

    ``takes`` and ``gives`` are each seat's draw and discard entries, parsed and ended by None;
    ``dora`` the indicators turned after the first; ``ending`` "tsumo", "ron", "triple ron",
    "discard" (a draw after a discard) or "draw" (nine terminals); ``winners`` (seat, from seat).
    """
    events: list[Event] = []
    append = events.append
    draws, discards = DRAWS, DISCARDS
    taken, given = [0] * players, [0] * players  # entries used, per seat
    calling = {caller for caller in range(players) if type(takes[caller][0]) is tuple}  # next take a call
    turned = pending = 0  # kan dora turned; open kans whose dora waits for the next discard or kan
    declared = -1  # a seat whose riichi discard awaits acceptance
    earlier = 0  # dora to turn before the replacement draw
    mode, seat, tile, after = _DRAW, dealer, -1, "discard"
    choices: list[list[Any]] = []  # discards that could be called: state to go back to, options, next option
    while True:  # a draw, a discard and the claims on it flow through one pass
        if mode == _DRAW:
            entry = takes[seat][taken[seat]]
            if type(entry) is not int:
                if entry is None:  # the record has no more draws for the seat: the round ends here
                    if _fits(taken, given, takes, gives, ending, winners, after, seat, events):
                        if turned != len(dora):
                            raise fail(f"{len(dora) - turned} dora indicators never turned")
                        if declared >= 0 and ending not in ("ron", "triple ron"):
                            append(RiichiAccepted(declared))
                        return events
                mode = _BACK  # or a call where the seat must draw
                continue
            if declared >= 0:
                append(RiichiAccepted(declared))
                declared = -1
            if earlier:
                turned = _turn(fail, append, dora, turned, earlier)
                pending -= earlier
                earlier = 0
            taken[seat] += 1
            if type(takes[seat][taken[seat]]) is tuple:
                calling.add(seat)
            append(draws[seat][entry])
            tile = entry
            mode = _ACT
        if mode == _ACT:
            entry = gives[seat][given[seat]]
            if entry is None:  # no discard: a tsumo or nine terminals
                if tile >= 0 and _fits(taken, given, takes, gives, ending, winners, "draw", seat, events):
                    return events
                mode = _BACK
                continue
            what, tiles, extra = entry
            if what != _DISCARD:
                if what == _AFTER_OPEN_KAN:
                    mode = _BACK
                    continue
                given[seat] += 1
                if what == _KITA:
                    append(Kita(seat))
                    earlier = pending
                elif what == _CLOSED_KAN:
                    append(Call(seat, MeldKind.CLOSED_KAN, tiles, None, None))
                    pending += 1
                    earlier = pending  # a closed kan turns its dora at once
                else:
                    append(Call(seat, MeldKind.ADDED_KAN, tiles, extra, None))
                    earlier = pending
                    pending += 1
                mode, after = _DRAW, "kan"
                continue
            if tiles < 0:  # tsumogiri
                if tile < 0:
                    raise fail(f"seat {seat} discards the draw (60) right after a call")
                tiles = tile
            if extra:
                append(Riichi(seat))
                declared = seat
            if pending:
                turned = _turn(fail, append, dora, turned, pending)
                pending = 0
            given[seat] += 1
            append(discards[seat][entry[1] < 0][tiles])
            tile = tiles
            mode = _CLAIM
        if mode == _CLAIM:
            options: list[Any] = []
            for caller in calling:
                call = takes[caller][taken[caller]]
                if call[2] == tile and call[3] == seat and caller != seat:
                    options.append((call[0] is MeldKind.CHI, caller) + call)
            if not options:
                mode, seat, after = _DRAW, (seat + 1) % players, "discard"
                continue
            options.sort(key=lambda option: option[0])  # pon and kan before chi
            options.append(_PASS)
            choices.append([len(events), taken[:], given[:], set(calling), turned, declared, seat, tile, options, 0])
            mode = _CHOOSE
        if mode == _CHOOSE:
            choice = choices[-1]
            mark, taken[:], given[:], waiting, turned, declared, discarder, tile, options, index = choice
            calling = set(waiting)
            del events[mark:]
            pending = earlier = 0
            option = options[index]
            if option is _PASS:
                choices.pop()
                mode, seat, after = _DRAW, (discarder + 1) % players, "discard"
                continue
            _, caller, kind, tiles, called, _ = option
            if declared >= 0:
                append(RiichiAccepted(declared))
                declared = -1
            append(Call(caller, kind, tiles, called, discarder))
            taken[caller] += 1
            if type(takes[caller][taken[caller]]) is not tuple:
                calling.discard(caller)
            seat, tile = caller, -1
            if kind is not MeldKind.OPEN_KAN:
                mode = _ACT
            elif gives[caller][given[caller]] is _OPEN_KAN_MARK:
                given[caller] += 1
                pending = 1
                mode, after = _DRAW, "kan"
            else:
                mode = _BACK
            continue
        # _BACK: the order so far fails; try the next option of the latest open choice
        if not choices:
            raise fail("its draws, calls and discards fit no order of play")
        choices[-1][-1] += 1
        mode = _CHOOSE


def _turn(fail: Any, append: Any, dora: list[int], turned: int, count: int) -> int:
    """Turn ``count`` more of the ``dora`` indicators, ``turned`` already; the indicators turned then."""
    if turned + count > len(dora):
        raise fail("fewer dora indicators than kans")
    for indicator in dora[turned : turned + count]:
        append(NewDora(indicator))
    return turned + count


_OPEN_KAN_MARK = (_AFTER_OPEN_KAN, 0, False)
_DISCARDS: dict[int, tuple[int, int, bool]] = {
    **{code: (_DISCARD, tile, False) for code, tile in TILES.items()},
    TSUMOGIRI: (_DISCARD, -1, False),
    0: _OPEN_KAN_MARK,
}  # fmt: skip
"""Discard entries that are numbers, parsed: a tile, tsumogiri (-1), or the mark an open kan leaves."""


def _fits(taken: list[int], given: list[int], takes: list[list[Any]], gives: list[list[Any]], ending: str,
          winners: list[tuple[int, int]], after: str, seat: int, events: list[Event]) -> bool:  # fmt: skip
    """Whether the round can end here (``after`` a "discard", a "kan" or a "draw" of ``seat``): every
    entry is used and the record's result fits."""
    if any(taken[s] != len(takes[s]) - 1 or given[s] != len(gives[s]) - 1 for s in range(len(taken))):
        return False
    if ending == "tsumo":
        return after == "draw" and winners[0][0] == seat
    if ending == "ron":
        last = events[-1]
        source = last.seat if isinstance(last, (Discard, Call)) else -1
        return after in ("discard", "kan") and all(win[1] == source for win in winners)
    return after == ("discard" if ending == "triple ron" else ending)


def _tile(fail: Any, code: object) -> int:
    tile = TILES.get(code) if type(code) is int else None
    if tile is None:
        raise fail(f"not a tile: {quote(str(code))}")
    return tile


def _tiles(fail: Any, codes: list[Any]) -> list[int]:
    try:
        return list(map(TILES.__getitem__, codes))
    except (KeyError, TypeError):
        return [_tile(fail, code) for code in codes]  # raises at the bad one


def _call(fail: Any, entry: str, seat: int, players: int) -> tuple[Any, ...]:
    """A call string: (kind, meld tiles, the called or added tile, the seat called from); kind None
    for a kita."""
    match = _CALL.match(entry)
    if match is None:
        raise fail(f"seat {seat}: not a call: {quote(entry)}")
    before, letter, after = match.groups()
    tiles = [_tile(fail, int(text[i : i + 2])) for text in (before, after) for i in range(0, len(text), 2)]
    if letter == "f":
        return (None, (), None, None)
    if letter == "a":
        return (MeldKind.CLOSED_KAN, sort_tiles(tiles), None, None)
    # The letter stands before the called (or added) tile, first if it came from the left,
    # second from across, further right from the right.
    position = len(before) // 2
    source = (seat + (-1, 2)[position] if position < 2 else seat + 1) % players
    return (_KINDS[letter], sort_tiles(tiles), tiles[position], source)


def _takes(fail: Any, entries: list[Any], seat: int, players: int) -> list[Any]:
    """A seat's draw entries: tile ids, and calls parsed by ``_call``; then None."""
    parsed: list[Any] = list(map(TILES.get, entries))
    for index, tile in enumerate(parsed):
        if tile is not None:
            continue
        entry = entries[index]
        if type(entry) is not str:
            _tile(fail, entry)  # raises
        call = _call(fail, entry, seat, players)
        if call[0] not in (MeldKind.CHI, MeldKind.PON, MeldKind.OPEN_KAN):
            raise fail(f"seat {seat} draws {quote(entry)}")
        parsed[index] = call
    return parsed + [None]


def _gives(fail: Any, entries: list[Any], seat: int, players: int) -> list[Any]:
    """A seat's discard entries as (what, tile or tiles, riichi or added tile); then None."""
    parsed: list[Any] = list(map(_DISCARDS.get, entries))
    for index, give in enumerate(parsed):
        if give is not None:
            continue
        entry = entries[index]  # a riichi, a kan, a kita, or nonsense
        riichi = type(entry) is str and entry[:1] == "r"
        code = int(entry[1:]) if riichi and entry[1:].isdigit() else entry
        if riichi and type(code) is int and code in _DISCARDS and code:
            parsed[index] = (_DISCARD, _DISCARDS[code][1], True)
            continue
        if type(entry) is not str or riichi:
            raise fail(f"seat {seat} discards {quote(str(entry))}")
        kind, tiles, added, _ = _call(fail, entry, seat, players)
        if kind is None:
            parsed[index] = (_KITA, (), None)
        elif kind is MeldKind.CLOSED_KAN:
            parsed[index] = (_CLOSED_KAN, tiles, None)
        elif kind is MeldKind.ADDED_KAN:
            parsed[index] = (_ADDED_KAN, tiles, added)
        else:
            raise fail(f"seat {seat} discards {quote(entry)}")
    return parsed + [None]


_KINDS = {"c": MeldKind.CHI, "p": MeldKind.PON, "m": MeldKind.OPEN_KAN, "k": MeldKind.ADDED_KAN}


def _win(fail: Any, players: int, info: list[Any], deltas: list[int], ura: list[int]) -> Win:
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
            given = parts.group(1) if parts else ""
            canonical = TENHOU6_YAKU.get(given) or TENHOU6_YAKU.get(given.lower())  # "Riichi" as "riichi"
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
                    wins.append(_win(self.fail, players, result[index + 1], result[index], ura))
                tsumo = len(wins) == 1 and wins[0].from_seat is None
                ending = "tsumo" if tsumo else "ron"
            elif name in TENHOU6_DRAWS:
                reason = TENHOU6_DRAWS[name]
                deltas = tuple(result[1][:players]) if len(result) > 1 else (0,) * players
                drawn = DrawnRound(reason, self.tenpai(name, deltas, players), deltas)
                ending = "draw" if reason == "nine terminals" else "triple ron" if reason == "triple ron" else "discard"
            else:
                raise self.fail(f"unknown result {quote(str(name))}")
            tiles = [_tiles(self.fail, hand) for hand in hands]
            first_dora = _tile(self.fail, dora[0])
            winners = [(win.seat, win.seat if win.from_seat is None else win.from_seat) for win in wins]
            events = _order(
                self.fail, players, dealer,
                [_takes(self.fail, entries, seat, players) for seat, entries in enumerate(takes)],
                [_gives(self.fail, entries, seat, players) for seat, entries in enumerate(gives)],
                _tiles(self.fail, dora[1:]), ending, winners,
            )  # fmt: skip
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
            dora=(first_dora,),
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
            first_round = (log.get("log") or [[None]])[0][0]
            if groups and _game_key(log) == _game_key(groups[-1][0]) and first_round != [0, 0, 0]:
                groups[-1].append(log)
            else:
                groups.append([log])
        for number, group in enumerate(groups):
            rounds: list[Round] = []
            for log in group:
                more, rules = self.rounds(log)
                rounds += more
            last = group[-1]
            ref = last.get("ref")
            game_id = ref if isinstance(ref, str) and ref else stem if len(groups) == 1 else f"{stem}#{number + 1}"
            scores = last.get("sc")
            players = rules.players
            names = last.get("name") or []
            yield Game(
                id=game_id,
                source=self.source,
                format="tenhou6",
                rules=rules,
                names=tuple(str(name) for name in names[:players]),
                rounds=tuple(rounds),
                final_scores=tuple(int(scores[2 * seat]) for seat in range(players)) if scores else None,
                final_results=tuple(float(scores[2 * seat + 1]) for seat in range(players)) if scores else None,
            )


def _game_key(log: dict[str, Any]) -> list[Any]:
    """What the lines of one game share."""
    return [log.get(field) for field in ("ref", "name", "rule", "title")]


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
