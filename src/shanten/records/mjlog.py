"""Tenhou mjlog XML (``<mjloggm>``, plain or gzip) into the event model.

Tiles are 136-ids: kind × 4 + copy; in a game with red fives, copy 0 of each five
(ids 16, 52, 88) is the red one. Calls are the bit fields of ``<N m=...>``
(tenhou.net/img/tehai.js); tsumogiri is not marked, so a discard of the tile just
drawn is taken as one.

>>> game = read_mjlog(b'''<mjloggm ver="2.3"><GO type="169" lobby="0"/>
... <UN n0="A" n1="B" n2="C" n3="D"/><TAIKYOKU oya="0"/>
... <INIT seed="0,0,0,1,2,52" ten="250,250,250,250" oya="0" hai0="0,4,8,12,17,20,24,28,36,40,44,48,56"
... hai1="1,5,9,13,18,21,25,29,37,41,45,49,57" hai2="2,6,10,14,19,22,26,30,38,42,46,50,58"
... hai3="3,7,11,15,23,27,31,32,33,34,39,43,47"/><T16/><D16/>
... <RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" type="kaze4"/></mjloggm>''', "demo.mjlog")
>>> game.rules.room, game.rules.hanchan, game.rounds[0].dora
('phoenix', True, (35,))
>>> game.rounds[0].events
(Draw(seat=0, tile=34), Discard(seat=0, tile=34, tsumogiri=True))
>>> game.rounds[0].end
DrawnRound(reason='four winds', tenpai=(), deltas=(0, 0, 0, 0))
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from itertools import repeat
from urllib.parse import unquote

from .._core import mjlog_moves, mjlog_tag, mjlog_tiles
from ..tiles import MeldKind
from .model import (
    DISCARDS,
    DRAWS,
    LIMITS,
    Call,
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
    quote,
    round_name,
    sort_tiles,
)
from .names import MJLOG_DRAWS, YAKU, YAKUMAN_HAN

PLAIN: tuple[int, ...] = tuple(i // 4 for i in range(136))
"""Tile id of each 136-id in a game without red fives."""
RED: tuple[int, ...] = tuple({16: 34, 52: 35, 88: 36}.get(i, i // 4) for i in range(136))
"""Tile id of each 136-id in a game with red fives."""

ROOMS = ("general", "upper", "superior", "phoenix")

_MELD_TAG = re.compile(rb'N who="([0-3])" m="(\d+)" ?/>')
_REACH_TAG = re.compile(rb'REACH who="([0-3])"(?: ten="[-\d,]*")? step="([12])" ?/>')
_TAG = re.compile(r'([A-Za-z]+)((?:\s+[A-Za-z0-9_]+="[^"<>]*")*)\s*(/?)>\s*$')
_ATTRIBUTE = re.compile(r'([A-Za-z0-9_]+)="([^"]*)"')


def _moves(tiles: tuple[int, ...]) -> dict[bytes, tuple[int, int, Event, Event | None]]:
    """Every move tag as it appears between "<" and the next "<" (b"T12/>"), with its seat, 136-id and
    event: a draw, or a discard by hand and as tsumogiri."""
    moves: dict[bytes, tuple[int, int, Event, Event | None]] = {}
    for seat in range(4):
        for tile in range(136):
            moves[f"{'TUVW'[seat]}{tile}/>".encode()] = (seat, tile, DRAWS[seat][tiles[tile]], None)
            by_hand, tsumogiri = DISCARDS[seat][False][tiles[tile]], DISCARDS[seat][True][tiles[tile]]
            moves[f"{'DEFG'[seat]}{tile}/>".encode()] = (seat, tile, by_hand, tsumogiri)
    return moves


_MOVES = {PLAIN: _moves(PLAIN), RED: _moves(RED)}
_TABLES = {tiles: tuple(event for letter in "TUVWDEFG" for tile in range(136)
                        for event in _MOVES[tiles][f"{letter}{tile}/>".encode()][2:])
           for tiles in (PLAIN, RED)}
"""The moves' events as _core.mjlog_moves takes them: (letter × 136 + 136-id) × 2 + tsumogiri."""
NO_DRAW = b"\xff" * 4
"""Each seat's last draw when none waits to be discarded: 255, no 136-id."""


def rules_of_type(bits: int, lobby: int | None) -> Rules:
    """The rules in the GO ``type`` bits (0x02 no red fives, 0x04 no open tanyao, 0x08 hanchan,
    0x10 3-player, 0x40 fast, 0x20 and 0x80 the room).

    >>> rules = rules_of_type(0x10 | 0x08 | 0x20 | 0x01, 0)
    >>> rules.players, rules.red_fives, rules.hanchan, rules.open_tanyao, rules.fast, rules.room, rules.tenhou_type
    (3, True, True, True, False, 'superior', 57)
    """
    return Rules(
        players=3 if bits & 0x10 else 4,
        red_fives=not bits & 0x02,
        hanchan=bool(bits & 0x08),
        open_tanyao=not bits & 0x04,
        fast=bool(bits & 0x40),
        room=ROOMS[(bits & 0x20) >> 4 | (bits & 0x80) >> 7],
        tenhou_type=bits,
        lobby=lobby,
    )


def decode_meld(m: int, who: int) -> tuple[MeldKind | None, list[int], int | None, int | None]:
    """The ``m`` of a call: its kind (None for a kita), its 136-ids, the 136-id called or added, and the
    seat it came from (None for a closed kan or kita).

    >>> decode_meld(11695, 1)   # chi of 4m-5m-6m, 6m taken from seat 0
    (<MeldKind.CHI: 'chi'>, [13, 17, 23], 23, 0)
    """
    rel = m & 3
    source = (who + rel) % 4  # the seat rel places to the right, on a table of 4 even in 3-player
    if m & 0x4:
        base, taken = divmod(m >> 10, 3)
        suit, start = divmod(base, 7)
        first = suit * 9 + start
        tiles = [(first + i) * 4 + (m >> (3 + 2 * i) & 3) for i in range(3)]
        return MeldKind.CHI, tiles, tiles[taken], source
    if m & 0x18:
        kind, taken = divmod(m >> 9, 3)
        unused = m >> 5 & 3
        if m & 0x8:
            tiles = [kind * 4 + copy for copy in range(4) if copy != unused]
            return MeldKind.PON, tiles, tiles[taken], source
        return MeldKind.ADDED_KAN, [kind * 4 + copy for copy in range(4)], kind * 4 + unused, None
    if m & 0x20:
        return None, [m >> 8], None, None
    hai = m >> 8
    tiles = [hai // 4 * 4 + copy for copy in range(4)]
    if rel == 0:
        return MeldKind.CLOSED_KAN, tiles, None, None
    return MeldKind.OPEN_KAN, tiles, hai, source


_Start = tuple[int, int, int, int, int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
"""A round's fields from its INIT tag: Round's fields before its events."""


def _ints(text: str) -> list[int]:
    return list(map(int, text.split(","))) if text else []


class _Reader:
    """One pass over the tags of a game."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.rules = Rules(players=4, red_fives=True)
        self.tiles = RED
        self.red = True  # the 136-ids of fives' copy 0 are red
        self.names: tuple[str, ...] = ()
        self.rounds: list[Round] = []
        self.final: tuple[tuple[int, ...], tuple[float, ...]] | None = None
        self.where = "before the first round"
        self.init: _Start | None = None  # the round being read: Round's fields before its events
        self.events: list[Event] = []
        self.wins: list[Win] = []
        self.draw: DrawnRound | None = None
        self.inside = False  # within a round that has not ended: moves are its events
        self.append: Callable[[Event], None] = self.outside

    def fail(self, reason: str) -> RecordError:
        return RecordError(f"{self.source}: {self.where}: {reason}")

    def read(self, data: bytes) -> Game:
        try:
            return self._read(data)
        finally:
            # self.append may be this reader's own method: a cycle that would keep every event
            # of the game alive until the collector ran (a sixtieth of a review's time)
            self.append = self.events.append

    def _read(self, data: bytes) -> Game:
        # A piece is a tag from its name to the next "<". The runs of moves are read in C
        # (_core.mjlog_moves); every other piece, and any move C leaves, here.
        head = lt = data.find(b"<")
        if lt >= 0 and data.startswith(b"?xml", lt + 1):
            lt = data.find(b"<", lt + 1)
        if lt < 0 or data[:head].strip() or not data.startswith(b"mjloggm", lt + 1):
            start = data[:20].decode("utf-8", "replace")
            raise RecordError(f"{self.source}: an mjlog starts with <mjloggm>, got {quote(start)}")
        end = data.rfind(b"<")  # the closing tag
        if data[end + 1 :].rstrip() != b"/mjloggm>":
            raise RecordError(f"{self.source}: truncated: the mjlog does not end with </mjloggm>")
        moves, table = _MOVES[self.tiles], _TABLES[self.tiles]
        last_draw = bytearray(NO_DRAW)  # 136-id each seat drew last, 255 once it is discarded
        append = self.append
        pos = data.find(b"<", lt + 1)
        while True:
            pos, stop = mjlog_moves(data, pos, end, table, last_draw, self.events if self.inside else None)
            if pos >= end:
                break
            piece = data[pos + 1 : stop]
            pos = stop
            move = moves.get(piece)
            if move is None:  # another tag, or a move followed by white space
                piece = piece.rstrip()
                move = moves.get(piece)
            if move is not None:
                seat, tile, event, tsumogiri = move
                if tsumogiri is None:
                    last_draw[seat] = tile
                    append(event)
                else:
                    append(tsumogiri if tile == last_draw[seat] else event)
                    last_draw[seat] = NO_DRAW[0]
                continue
            # The frequent tags in their usual form; any other form is read below.
            quick = _MELD_TAG.fullmatch(piece) if piece[:2] == b"N " else None
            if quick is not None:
                append(self.meld(int(quick[1]), int(quick[2])))
                continue
            quick = _REACH_TAG.fullmatch(piece) if piece[:6] == b"REACH " else None
            if quick is not None:
                who = int(quick[1])
                append(Riichi(who) if quick[2] == b"1" else RiichiAccepted(who))
                continue
            usual = mjlog_tag(piece)  # the usual form, read in C; any other by the expressions
            if usual is not None:
                tag, attributes = usual
            else:
                text = piece.decode("utf-8", "replace")
                match = _TAG.match(text)
                if match is None or not match.group(3):
                    raise self.fail(f"not an mjlog tag: {quote('<' + text)}")
                tag = match.group(1)
                attributes = dict(_ATTRIBUTE.findall(match.group(2)))
            try:
                if len(tag) == 1 and tag in "TUVWDEFGtuvwdefg":
                    raise self.fail(f"bad move <{quote(piece.decode('utf-8', 'replace'), 20)}")
                self.tag(tag, attributes)
            except (KeyError, ValueError, IndexError) as error:
                if isinstance(error, RecordError):
                    raise
                raise self.fail(f"bad <{tag}>: {quote('<' + piece.decode('utf-8', 'replace'))}") from None
            if tag == "GO":
                moves, table = _MOVES[self.tiles], _TABLES[self.tiles]
            elif tag == "INIT":
                last_draw[:] = NO_DRAW
            append = self.append
        self.close_round()
        names = self.names or tuple(f"player{seat}" for seat in range(4))
        return Game(
            id=self.source.rsplit("/", 1)[-1].split(".", 1)[0],
            source=self.source,
            format="mjlog",
            rules=self.rules,
            names=names[: self.rules.players],
            rounds=tuple(self.rounds),
            final_scores=self.final[0] if self.final else None,
            final_results=self.final[1] if self.final else None,
        )

    def outside(self, event: Event) -> None:
        """Where moves go outside a round."""
        raise self.fail(f"{type(event).__name__} outside a round")

    def tag(self, tag: str, attributes: dict[str, str]) -> None:
        """Read one tag other than a draw or discard."""
        if tag == "N":
            self.append(self.meld(int(attributes["who"]), int(attributes["m"])))
        elif tag == "REACH":
            who = int(attributes["who"])
            self.append(Riichi(who) if attributes["step"] == "1" else RiichiAccepted(who))
        elif tag == "DORA":
            self.append(NewDora(self.tiles[int(attributes["hai"])]))
        elif tag == "INIT":
            self.close_round()
            self.start_round(attributes)
        elif tag == "AGARI":
            self.win(attributes)
        elif tag == "RYUUKYOKU":
            self.drawn(attributes)
        elif tag == "GO":
            lobby = attributes.get("lobby")
            self.rules = rules_of_type(int(attributes["type"]), None if lobby is None else int(lobby))
            self.tiles = RED if self.rules.red_fives else PLAIN
            self.red = self.rules.red_fives
        elif tag == "UN":
            if not self.names:  # later UN tags are reconnections
                self.names = tuple(unquote(html.unescape(attributes.get(f"n{seat}", ""))) for seat in range(4))
        elif tag not in ("SHUFFLE", "TAIKYOKU", "BYE"):
            raise self.fail(f"unknown tag <{quote(tag, 20)}>")
        self.inside = not (self.init is None or self.wins or self.draw)
        self.append = self.events.append if self.inside else self.outside

    def start_round(self, attributes: Mapping[str, str]) -> None:
        seed = _ints(attributes["seed"])
        self.where = round_name(seed[0] // 4, seed[0] % 4, seed[1])
        if self.rules.tenhou_type is None and not attributes.get("hai3"):  # no GO tag: the deal tells 3-player
            self.rules = self.rules._replace(players=3)
        players = self.rules.players
        self.init = (
            seed[0] // 4,
            seed[0] % 4,
            seed[1],
            seed[2],
            int(attributes["oya"]),
            tuple(map((100).__mul__, _ints(attributes["ten"])[:players])),
            (self.tiles[seed[5]],),
            tuple(mjlog_tiles(attributes[f"hai{seat}"], self.red, True) for seat in range(players)),
        )

    def close_round(self) -> None:
        if self.init is not None:
            end = tuple(self.wins) if self.wins else self.draw
            self.rounds.append(Round(*self.init, tuple(self.events), end))
            self.events.clear()
            self.wins = []
            self.draw = None

    def meld(self, who: int, m: int) -> Call | Kita:
        """The event of ``<N who= m=>``."""
        kind, ids, taken, source = decode_meld(m, who)
        tiles = self.tiles
        if kind is None:
            return Kita(who)
        return Call(who, kind, sort_tiles([tiles[t] for t in ids]), None if taken is None else tiles[taken], source)

    def deltas(self, attributes: Mapping[str, str]) -> tuple[int, ...]:
        return tuple(map((100).__mul__, _ints(attributes["sc"])[1 : 2 * self.rules.players : 2]))

    def ending(self, attributes: Mapping[str, str]) -> None:
        if self.init is None:
            raise self.fail("a round end before any round")
        owari = attributes.get("owari")
        if owari is not None:
            values = owari.split(",")
            players = self.rules.players
            self.final = (
                tuple(int(values[2 * seat]) * 100 for seat in range(players)),
                tuple(float(values[2 * seat + 1]) for seat in range(players)),
            )

    def win(self, attributes: Mapping[str, str]) -> None:
        self.ending(attributes)
        if self.draw is not None:
            raise self.fail("<AGARI> after <RYUUKYOKU>")
        tiles = self.tiles
        who = int(attributes["who"])
        from_who = int(attributes["fromWho"])
        fu, points, limit = _ints(attributes["ten"])
        yaku: list[tuple[str, int]] = []
        if "yaku" in attributes:
            pairs = _ints(attributes["yaku"])
            yaku = [(YAKU[pairs[i]], pairs[i + 1]) for i in range(0, len(pairs), 2) if pairs[i + 1]]
        yaku += [(YAKU[i], YAKUMAN_HAN) for i in _ints(attributes.get("yakuman", ""))]
        melds = [meld for meld in map(self.meld, repeat(who), _ints(attributes.get("m", ""))) if type(meld) is Call]
        pao = attributes.get("paoWho")
        self.wins.append(
            Win(
                seat=who,
                from_seat=None if from_who == who else from_who,
                tile=tiles[int(attributes["machi"])],
                han=sum(han for _, han in yaku),
                fu=fu,
                points=points,
                yaku=tuple(yaku),
                limit="kazoe yakuman" if limit == 5 and "yakuman" not in attributes else LIMITS[limit],
                pao=None if pao is None else int(pao),
                hand=mjlog_tiles(attributes["hai"], self.red, True),
                melds=tuple(melds),
                ura=mjlog_tiles(attributes.get("doraHaiUra", ""), self.red, False),
                deltas=self.deltas(attributes),
            )
        )

    def drawn(self, attributes: Mapping[str, str]) -> None:
        self.ending(attributes)
        if self.wins or self.draw is not None:
            raise self.fail("a second round end")
        kind = attributes.get("type")
        if kind not in MJLOG_DRAWS:
            raise self.fail(f"unknown RYUUKYOKU type {quote(str(kind), 20)}")
        reason = MJLOG_DRAWS[kind]
        tenpai = tuple(seat for seat in range(self.rules.players) if f"hai{seat}" in attributes)
        shown = reason in ("exhaustive", "nagashi mangan")  # an abortive draw may show the declarer's hand
        self.draw = DrawnRound(reason, tenpai if shown else (), self.deltas(attributes))


def read_mjlog(data: bytes, source: str) -> Game:
    """The game in mjlog XML ``data`` (already gunzipped) read from ``source``."""
    return _Reader(source).read(data)
