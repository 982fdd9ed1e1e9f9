"""Replaying a round: the whole table, event by event, validating every step.

``Table(game, round)`` starts from the deal; ``apply(event)`` plays one event and
raises ``RecordError`` for anything impossible (a discard not held, a draw into a
full hand or out of turn, a call of tiles not held, a 5th copy, an empty wall...);
``finish()`` checks the round's end against the table. Between events everything
a reviewer reads is kept current, so reading it at each ``Discard`` is cheap:

- ``hands[seat]``: 34 concealed counts (a bytearray; red fives count as fives),
  ``red[seat]`` the red fives among them (m, p, s)
- ``melds[seat]``: the seat's ``Call`` events (an added kan replaces its pon)
- ``rivers[seat]``: its ``Discard`` events; ``taken[seat]``: indices of those another seat called
- ``riichi[seat]``: river index of the accepted riichi discard, -1 if none
- ``dora``: dora indicators; ``kita[seat]``: norths set aside (3-player)
- ``public``: 34 counts of every tile face up: all rivers, all melds, dora indicators
  and kita (a called tile counted once, in its meld); ``called[seat]`` the seat's own
  meld tiles among them
- ``dead(seat)``: ``public`` without the seat's melds, the ``dead=`` that a shanten or
  uke-ire query of the seat's hand takes; ``visible(seat)``: ``public`` and the seat's
  hand, everything it has seen
- ``wall``: live wall tiles left; ``turn(seat)``: the turns the seat has begun (by a draw
  or a call; each ends with a discard); ``scores`` and ``sticks`` as riichi sticks are paid
- at a discard: ``drawn``, the tile just drawn (-1 after a call), and ``declaring``, whether
  the discard declares riichi

>>> import json
>>> from shanten.records import read
>>> deal = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
...         "dora_marker": "9m", "scores": [25000] * 4, "tehais": [
...             "1m 2m 3m 4m 5mr 6m 7m 8m 9m 1p 2p 3p E".split(), "1s 2s 3s 4s 5s 6s 7s 8s 9s 1p 2p E E".split(),
...             "1m 2m 3m 4p 5p 6p 7p 8p 9p 4s 5s 6s W".split(), "7m 8m 9m 7s 8s 9s 4p 5p 6p N N P P".split()]}
>>> events = [{"type": "start_game", "names": ["A", "B", "C", "D"]}, deal,
...           {"type": "tsumo", "actor": 0, "pai": "3p"}, {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False},
...           {"type": "pon", "actor": 1, "target": 0, "pai": "E", "consumed": ["E", "E"]},
...           {"type": "dahai", "actor": 1, "pai": "1p", "tsumogiri": False}]
>>> game = next(read("\\n".join(json.dumps(event) for event in events).encode()))
>>> table = Table(game, game.rounds[0])
>>> for event in game.rounds[0].events:
...     table.apply(event)
>>> table.wall, table.turn(1), table.rivers[0], table.taken[0], table.melds[1][0].tiles
(69, 1, [Discard(seat=0, tile=27, tsumogiri=False)], [0], (27, 27, 27))
>>> table.public[27], table.dead(2)[27], table.dead(1)[27], table.hands[1][27], table.visible(1)[27]
(3, 3, 0, 0, 3)
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Iterator

from .. import _core
from ..tiles import FIVES, RED_FIVES, TILE_ID_NAMES, TILE_NAMES, MeldKind, tile_kind
from .model import (
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
    Win,
    quote,
    sort_tiles,
)

KINDS: tuple[int, ...] = tuple(tile_kind(tile) for tile in range(37))
FIVE_SUIT: tuple[int, ...] = tuple(FIVES.index(kind) if kind in FIVES else -1 for kind in range(34))
"""For each kind: 0-2 for 5m, 5p, 5s (the red fives' suits), else -1."""
_SIMPLE: tuple[int, ...] = tuple(99 if tile >= 34 or tile in FIVES else tile for tile in range(37))
"""A tile id's kind when no red five shares it, else 99 (out of a hand's range)."""
NORTH = 30

# What the table waits for, as ``_state = phase * 4 + seat``: the seat to act, or after a
# discard the seat to draw next.
_DEAL = 0  # the dealer's first draw
_ACT = 4  # the seat holds 3n+2 tiles: discard, riichi, closed or added kan, kita, or a win
_CLAIM = 8  # after a discard: a call, a ron, or the next seat draws
_REPLACE = 12  # after a kan or kita: the seat's replacement draw (or a chankan)
_RIICHI = 16  # the seat declared riichi: its discard
_ACCEPT = 20  # after a riichi discard: its acceptance, or a ron


@functools.cache
def _copies(players: int, red_fives: bool) -> bytes:
    """How many copies of each tile id a game has, then 37 zeros: a tile id below 0 or above 36
    finds none."""
    copies = bytearray([4] * 34 + [0] * 3)
    if players == 3:
        copies[1:8] = bytes(7)
    if red_fives:
        for five, red in zip(FIVES, RED_FIVES):
            if copies[five]:
                copies[five] -= 1
                copies[red] = 1
    return bytes(copies) + bytes(37)


class Table:
    """The state of one round as its events replay (see the module for the fields)."""

    __slots__ = (
        "game", "round", "players", "hands", "red", "melds", "rivers", "taken", "riichi", "dora", "kita",
        "public", "called", "wall", "scores", "sticks",
        "_left", "_next", "_state", "_drawn", "_discarder", "_kans", "_robbable",
    )  # fmt: skip

    def __init__(self, game: Game, round: Round) -> None:
        self.game = game
        self.round = round
        players = self.players = game.rules.players
        self.hands = [bytearray(34) for _ in range(players)]
        self.red = [bytearray(3) for _ in range(players)]
        self.melds: list[list[Call]] = [[] for _ in range(players)]
        self.rivers: list[list[Discard]] = [[] for _ in range(players)]
        self.taken: list[list[int]] = [[] for _ in range(players)]
        self.riichi = [-1] * players
        self.dora: list[int] = []
        self.kita = [0] * players
        self.public = bytearray(34)
        self.called = [bytearray(34) for _ in range(players)]
        self.wall = (136 if players == 4 else 108) - 14 - 13 * players
        self.scores = list(round.scores) if round.scores is not None else None
        self.sticks = round.sticks
        self._left = bytearray(_copies(players, game.rules.red_fives))  # copies of each tile id still unseen
        self._next = (1, 2, 0) if players == 3 else (1, 2, 3, 0)
        self._state = _DEAL + round.dealer
        self._drawn = -1  # the tile just drawn; -1 after a call
        self._discarder = -1
        self._kans = 0
        self._robbable: Call | None = None  # the kan whose replacement draw is due
        if len(round.hands) != players or not 0 <= round.dealer < players:
            raise self.error(f"{len(round.hands)} hands and dealer seat {round.dealer} in a {players}-player game")
        left = self._left
        for seat, hand in enumerate(round.hands):
            if len(hand) != 13:
                raise self.error(f"seat {seat} is dealt {len(hand)} tiles")
            counts = self.hands[seat]
            try:
                for tile in hand:
                    left[tile] -= 1  # below 0 raises: no copy left (or no such tile: see _copies)
                    counts[KINDS[tile]] += 1
                    if tile >= 34:
                        self.red[seat][tile - 34] += 1
            except (ValueError, IndexError, TypeError):
                self._count(tile)  # raises with the reason
        if len(round.dora) != 1:
            raise self.error(f"{len(round.dora)} dora indicators at the start")
        self._indicator(round.dora[0])

    def error(self, reason: str) -> RecordError:
        """A RecordError naming the file and round."""
        return RecordError(f"{self.game.source}: {self.round.name}: {reason}")

    def _at(self, seat: int) -> str:
        return f"seat {seat} (turn {self.turn(seat)})"

    @property
    def drawn(self) -> int:
        """The tile id the seat to discard has just drawn; -1 when its discard follows a call."""
        return self._drawn

    @property
    def declaring(self) -> bool:
        """Whether the discard to be made declares riichi."""
        return self._state // 4 * 4 == _RIICHI

    def turn(self, seat: int) -> int:
        """The turns ``seat`` has begun: its discards, and one more while it is to discard."""
        acting = self._state % 4 == seat and self._state // 4 * 4 in (_ACT, _RIICHI, _REPLACE)
        return len(self.rivers[seat]) + acting

    def _count(self, tile: object) -> None:
        """One more copy of ``tile`` comes into play; raise if the game has no copy left."""
        if type(tile) is not int or not 0 <= tile < 37:
            raise self.error(f"not a tile id: {tile!r}")
        if not self._left[tile]:
            name = TILE_ID_NAMES[tile]
            copies = _copies(self.players, self.game.rules.red_fives)[tile]
            if tile >= 34:
                raise self.error(f"a second red {name}" if copies else f"red {name} in a game without red fives")
            if not copies:
                raise self.error(f"{name} does not exist in 3-player mahjong")
            raise self.error(f"5th copy of {name}" if copies == 4 else f"4th plain {name} beside the red one")
        self._left[tile] -= 1

    def _remove(self, seat: int, tile: int, what: str) -> int:
        """Take ``tile`` out of ``seat``'s hand ("seat 2 ``what`` 5m but holds none"); its kind."""
        if type(tile) is not int or not 0 <= tile < 37:
            raise self.error(f"not a tile id: {tile!r}")
        kind = KINDS[tile]
        hand = self.hands[seat]
        suit = FIVE_SUIT[kind]
        red = self.red[seat]
        if tile >= 34 and not red[suit] or hand[kind] <= (red[suit] if tile < 34 and suit >= 0 else 0):
            raise self.error(f"{self._at(seat)} {what} {TILE_ID_NAMES[tile]} but holds none")
        if tile >= 34:
            red[suit] -= 1
        hand[kind] -= 1
        return kind

    def _indicator(self, tile: int) -> None:
        self._count(tile)
        kind = KINDS[tile]
        self.dora.append(tile)
        self.public[kind] += 1

    def _show(self, seat: int, kind: int, copies: int = 1) -> None:
        """``copies`` of ``kind`` leave ``seat``'s hand face up into its melds."""
        self.public[kind] += copies
        self.called[seat][kind] += copies

    def dead(self, seat: int) -> bytes:
        """34 counts of the tiles ``seat`` has seen outside its hand and melds."""
        return bytes(map(operator.sub, self.public, self.called[seat]))

    def visible(self, seat: int) -> bytes:
        """34 counts of every tile ``seat`` has seen: those face up and those in its hand."""
        return bytes(map(operator.add, self.public, self.hands[seat]))

    def play(self, events: Iterable[Event] | None = None) -> Iterator[Discard]:
        """Apply ``events`` (the round's, by default), yielding each discard just before it is made:
        the table then shows the discarding seat's hand of 3n+2 tiles. Stop early and the rest
        is not applied."""
        return self._play(self.round.events if events is None else events, True)

    def _play(self, events: Iterable[Event], yielding: bool) -> Iterator[Discard]:
        hands, red, public, rivers = self.hands, self.red, self.public, self.rivers
        left, following = self._left, self._next
        for event in events:
            try:
                cls = type(event)
                if cls is Draw:
                    seat, tile = event  # type: ignore[misc]
                    if self._state != _CLAIM + seat:  # other than the next seat after a discard
                        self._draw_otherwise(seat)
                    if not self.wall:
                        raise self.error(f"{self._at(seat)} draws from an empty wall")
                    try:
                        left[tile] -= 1  # below 0 raises: no copy left (or no such tile: see _copies)
                    except (ValueError, IndexError, TypeError):
                        self._count(tile)
                    self.wall -= 1
                    hands[seat][KINDS[tile]] += 1
                    if tile >= 34:
                        red[seat][tile - 34] += 1
                    self._state = _ACT + seat
                    self._drawn = tile
                elif cls is Discard:
                    seat, tile, tsumogiri = event  # type: ignore[misc]
                    claim = _CLAIM
                    if self._state != _ACT + seat:
                        if self._state != _RIICHI + seat:
                            raise self.error(f"{self._at(seat)} discards out of turn")
                        claim = _ACCEPT  # the riichi tile
                    if yielding:
                        yield event  # type: ignore[misc]
                    if tsumogiri:
                        if tile != self._drawn:
                            drawn = "nothing" if self._drawn < 0 else TILE_ID_NAMES[self._drawn]
                            raise self.error(f"{self._at(seat)} discards {TILE_ID_NAMES[tile]} as tsumogiri, "
                                             f"drew {drawn}")
                    elif self.riichi[seat] >= 0:
                        raise self.error(f"{self._at(seat)} is in riichi but keeps its draw")
                    try:
                        kind = _SIMPLE[tile]
                        hands[seat][kind] -= 1  # below 0 raises: not held; kind 99 (a five) raises too
                    except (ValueError, IndexError, TypeError):
                        kind = self._remove(seat, tile, "discards")
                    public[kind] += 1
                    rivers[seat].append(event)  # type: ignore[arg-type]
                    self._discarder = seat
                    self._state = claim + following[seat]
                else:
                    self._other(event)
            except (IndexError, TypeError, ValueError) as error:  # an event of the wrong shape
                if isinstance(error, RecordError):
                    raise
                raise self.error(f"not a valid event: {quote(repr(event), 60)}") from None

    def apply(self, event: Event) -> None:
        """Play ``event``; raise RecordError if it cannot happen here."""
        for _ in self._play((event,), False):
            pass

    def _other(self, event: Event) -> None:
        """Any event but a draw or a discard."""
        cls = type(event)
        if cls is Call:
            self._call(event)  # type: ignore[arg-type]
        elif cls is Riichi:
            self._riichi(event.seat)  # type: ignore[union-attr]
        elif cls is RiichiAccepted:
            seat = event.seat  # type: ignore[union-attr]
            if self._state // 4 * 4 != _ACCEPT or self._discarder != seat:
                raise self.error(f"riichi of seat {seat} accepted but not just declared")
            self._accept(seat)
        elif cls is NewDora:
            if len(self.dora) > self._kans:
                raise self.error(f"{len(self.dora) + 1} dora indicators after {self._kans} kans")
            self._indicator(event.indicator)  # type: ignore[union-attr]
        elif cls is Kita:
            self._kita(event.seat)  # type: ignore[union-attr]
        else:
            raise self.error(f"not an event: {event!r}")

    def _draw_otherwise(self, seat: int) -> None:
        """A draw other than the next seat's after a discard: the deal's first, a replacement, or an error."""
        state = self._state
        if state != _DEAL + seat and state != _REPLACE + seat:
            phase, due = divmod(state, 4)
            if phase * 4 == _ACCEPT:
                raise self.error(f"{self._at(seat)} draws before the riichi of seat {self._discarder} is accepted")
            if due == seat and phase * 4 in (_ACT, _RIICHI):
                raise self.error(f"{self._at(seat)} draws into a full hand")
            raise self.error(f"{self._at(seat)} draws in seat {due}'s turn")

    def _own_turn(self, seat: int, what: str) -> None:
        if self._state != _ACT + seat:
            raise self.error(f"{self._at(seat)} {what} out of turn")

    def _accept(self, seat: int) -> None:
        """The riichi discard of ``seat`` was passed: the riichi stands and its stick is paid."""
        self._state = _CLAIM + self._state % 4
        self.riichi[seat] = len(self.rivers[seat]) - 1
        self.sticks += 1
        if self.scores is not None:
            self.scores[seat] -= 1000

    def _kita(self, seat: int) -> None:
        if self.players != 3:
            raise self.error("kita in a 4-player game")
        self._own_turn(seat, "sets a north aside")
        self._remove(seat, NORTH, "sets aside")
        self.kita[seat] += 1
        self.public[NORTH] += 1
        self._drawn = -1
        self._robbable = None
        self._state = _REPLACE + seat

    def _riichi(self, seat: int) -> None:
        self._own_turn(seat, "declares riichi")
        if self.riichi[seat] >= 0:
            raise self.error(f"seat {seat} declares riichi twice")
        if any(meld.kind is not MeldKind.CLOSED_KAN for meld in self.melds[seat]):
            raise self.error(f"seat {seat} declares riichi with an open hand")
        self._state = _RIICHI + seat

    def _call(self, call: Call) -> None:
        seat, kind, tiles, called, from_seat = call
        if type(seat) is not int or not 0 <= seat < self.players:
            raise self.error(f"no seat {seat!r}")
        for tile in tiles:
            if type(tile) is not int or not 0 <= tile < 37:
                raise self.error(f"not a tile id: {tile!r}")
        kinds = [KINDS[tile] for tile in tiles]
        if tuple(tiles) != sort_tiles(tiles) or not _shaped(kind, kinds):
            raise self.error(f"{self._at(seat)} calls {getattr(kind, 'value', kind)} of {_names(tiles)}")
        if kind is MeldKind.CHI or kind is MeldKind.PON or kind is MeldKind.OPEN_KAN:
            self._take(call)
            return
        self._own_turn(seat, f"calls {kind.value}")
        if from_seat is not None:
            raise self.error(f"{self._at(seat)} calls {kind.value} from seat {from_seat}")
        if kind is MeldKind.CLOSED_KAN:
            if called is not None:
                raise self.error(f"{self._at(seat)} calls closed kan with a called tile")
            for tile in tiles:
                self._remove(seat, tile, "calls closed kan with")
            self._show(seat, kinds[0], 4)
            self.melds[seat].append(call)
        else:
            melds = self.melds[seat]
            for index, meld in enumerate(melds):
                if meld.kind is MeldKind.PON and KINDS[meld.tiles[0]] == kinds[0]:
                    break
            else:
                raise self.error(f"{self._at(seat)} adds to a pon of {TILE_NAMES[kinds[0]]} it does not have")
            rest = list(tiles)
            if called in rest:
                rest.remove(called)
            if tuple(rest) != meld.tiles:
                raise self.error(f"{self._at(seat)} adds {_names(tiles)} to a pon of {_names(meld.tiles)}")
            self._remove(seat, called, "adds")  # type: ignore[arg-type]
            self._show(seat, kinds[0])
            melds[index] = call
        self._kan(call)

    def _take(self, call: Call) -> None:
        """Chi, pon or open kan of the discard just made."""
        seat, kind, tiles, called, from_seat = call
        if self._state // 4 * 4 != _CLAIM or from_seat != self._discarder or seat == from_seat:
            raise self.error(f"{self._at(seat)} calls {kind.value} from seat {from_seat}, which did not just discard")
        discard = self.rivers[from_seat][-1].tile
        if called != discard:
            raise self.error(f"{self._at(seat)} calls {TILE_ID_NAMES[called] if called is not None else None}, "
                             f"seat {from_seat} discarded {TILE_ID_NAMES[discard]}")
        if kind is MeldKind.CHI and (self.players == 3 or from_seat != (seat - 1) % self.players):
            raise self.error(f"{self._at(seat)} calls chi from seat {from_seat}")
        if self.riichi[seat] >= 0:
            raise self.error(f"{self._at(seat)} calls {kind.value} in riichi")
        own = list(tiles)
        own.remove(discard)
        for tile in own:
            self._show(seat, KINDS[tile])
            self._remove(seat, tile, f"calls {kind.value} with")
        self.taken[from_seat].append(len(self.rivers[from_seat]) - 1)
        self.called[seat][KINDS[discard]] += 1  # face up already, now in the seat's meld
        self.melds[seat].append(call)
        self._drawn = -1
        if kind is MeldKind.OPEN_KAN:
            self._kan(call)
        else:
            self._state = _ACT + seat

    def _kan(self, call: Call) -> None:
        self._kans += 1
        if self._kans > 4:
            raise self.error("a fifth kan")
        self._drawn = -1
        self._robbable = call
        self._state = _REPLACE + call.seat

    def concealed(self, seat: int) -> tuple[int, ...]:
        """``seat``'s concealed tiles as tile ids in ``ORDER``."""
        tiles: list[int] = []
        hand = self.hands[seat]
        for kind in range(34):
            count = hand[kind]
            suit = FIVE_SUIT[kind]
            reds = self.red[seat][suit] if suit >= 0 else 0
            tiles += [kind] * (count - reds) + [RED_FIVES[suit]] * reds
        return tuple(tiles)

    def run(self) -> Table:
        """Apply every event of the round, then ``finish()``; return self."""
        for _ in self._play(self.round.events, False):
            pass
        self.finish()
        return self

    def finish(self) -> None:
        """Check the round's end against the table (nothing to check if the record stops early)."""
        end = self.round.end
        if end is None:
            return
        if isinstance(end, DrawnRound):
            self._drawn_round(end)
            return
        if not end:
            raise self.error("a round end with no wins")
        for win in end:
            self._win(win)
        if len(end) > 1 and any(win.from_seat is None for win in end):
            raise self.error("a tsumo among several wins")

    def _win(self, win: Win) -> None:
        seat, tile = win.seat, win.tile
        if not 0 <= seat < self.players:
            raise self.error(f"a win by seat {seat}")
        hand = self.concealed(seat)
        phase = self._state // 4 * 4
        if win.from_seat is None:
            if self._state != _ACT + seat or self._drawn != tile:
                raise self.error(f"{self._at(seat)} wins by tsumo on {TILE_ID_NAMES[tile]} but did not just draw it")
        else:
            robbed = self._robbable
            if phase == _REPLACE and robbed is not None and robbed.kind is not MeldKind.OPEN_KAN:
                given = robbed.seat == win.from_seat and KINDS[robbed.tiles[0]] == KINDS[tile]
            else:
                given = (phase in (_CLAIM, _ACCEPT) and win.from_seat == self._discarder
                         and self.rivers[self._discarder][-1].tile == tile)  # fmt: skip
            if not given or seat == win.from_seat:
                raise self.error(f"{self._at(seat)} wins by ron on {TILE_ID_NAMES[tile]} from seat {win.from_seat}, "
                                 "which did not just give it")
            hand = sort_tiles(hand + (tile,))
        if win.hand is not None and win.hand != hand:
            raise self.error(f"{self._at(seat)} wins with {_names(win.hand)} but holds {_names(hand)}")
        if win.melds is not None:
            held = sorted((meld.kind.value, meld.tiles) for meld in self.melds[seat])
            if sorted((meld.kind.value, meld.tiles) for meld in win.melds) != held:
                raise self.error(f"{self._at(seat)} wins with melds other than its calls")

    def _drawn_round(self, end: DrawnRound) -> None:
        reason = end.reason
        phase = self._state // 4 * 4
        if reason == "nine terminals":
            if phase != _ACT or self._drawn < 0:
                raise self.error("nine terminals declared other than on a draw")
            return
        if phase != _CLAIM and not (phase == _ACCEPT and reason == "triple ron"):  # three ron a riichi discard
            raise self.error(f"{reason} draw other than after a discard")
        if reason in ("exhaustive", "nagashi mangan"):
            if self.wall:
                raise self.error(f"{reason} draw with {self.wall} tiles left in the wall")
            if reason == "exhaustive" and end.tenpai is not None:
                for seat in range(self.players):
                    tenpai = _core.shanten(bytes(self.hands[seat]), players=self.players) == 0
                    if tenpai != (seat in end.tenpai):
                        state = "tenpai" if seat in end.tenpai else "noten"
                        raise self.error(f"seat {seat} is called {state} with {_names(self.concealed(seat))}")


def _shaped(kind: MeldKind, kinds: list[int]) -> bool:
    first = kinds[0] if kinds else -1
    if kind is MeldKind.CHI:
        return len(kinds) == 3 and first < 27 and first % 9 <= 6 and kinds == [first, first + 1, first + 2]
    return kinds == [first] * (3 if kind is MeldKind.PON else 4)


def _names(tiles: tuple[int, ...] | list[int]) -> str:
    return "".join(TILE_ID_NAMES[tile] for tile in tiles)


def replay(game: Game) -> int:
    """Replay every round of ``game`` (raise RecordError at the first impossible event); the discards.

    Each round must also start from the scores the previous one left.
    """
    discards = 0
    previous: Table | None = None
    for round in game.rounds:
        if previous is not None:
            _check_scores(previous, round)
        previous = Table(game, round).run()
        discards += sum(len(river) for river in previous.rivers)
    return discards


def _check_scores(table: Table, following: Round) -> None:
    end = table.round.end
    if table.scores is None or following.scores is None or end is None:
        return
    scores = list(table.scores)
    for deltas in [end.deltas] if isinstance(end, DrawnRound) else [win.deltas for win in end]:
        if deltas is None:
            return
        for seat, delta in enumerate(deltas):
            scores[seat] += delta
    if tuple(scores) != following.scores:
        raise RecordError(f"{table.game.source}: {following.name}: starts with scores {following.scores}, "
                          f"the previous round left {tuple(scores)}")
