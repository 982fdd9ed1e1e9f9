"""Replaying a round: the whole table, event by event, validating every step.

``Table(game, round)`` starts from the deal; ``apply(event)`` plays one event and
raises ``RecordError`` for anything impossible (a discard not held, a draw into a
full hand or out of turn, a call of tiles not held, a 5th copy, an empty wall...);
``finish()`` checks the round's end against the table. Between events everything
a reviewer reads is kept current, so reading it at each ``Discard`` is cheap:

- ``hands[seat]``: 34 concealed counts (a bytearray; red fives count as fives),
  ``red[seat]`` the red fives among them (m, p, s)
- ``melds[seat]``: the seat's ``Call`` events (an added kan replaces its pon)
- ``rivers[seat]``: its ``Discard`` events; ``taken[seat][i]`` is 1 once river tile i was called
- ``riichi[seat]``: river index of the accepted riichi discard, -1 if none
- ``dora``: dora indicators; ``kita[seat]``: norths set aside (3-player)
- ``visible[seat]``: 34 counts of every tile the seat has seen: its hand, all rivers,
  all melds, dora indicators and kita (a called tile counted once, in its meld)
- ``dead[seat]``: the same without the seat's own hand and melds: the ``dead=`` a
  shanten or uke-ire query of that seat's hand takes
- ``wall``: live wall tiles left; ``turns[seat]``: turns begun (draws and chi/pon/kan
  calls, not replacement draws); ``scores`` and ``sticks`` as riichi sticks are paid

>>> from shanten.records import read
>>> game = next(read("tests/data/records/short.mjlog"))
>>> table = Table(game, game.rounds[0])
>>> for event in game.rounds[0].events[:5]:
...     table.apply(event)
>>> bytes(table.hands[1][:9]), table.wall, table.turns
(b'\\x01\\x00\\x01\\x01\\x01\\x00\\x01\\x00\\x01', 67, [1, 1, 1, 0])
>>> table.rivers[0], table.visible[1][27], table.dead[1][27]
([Discard(seat=0, tile=27, tsumogiri=False)], 1, 1)
"""

from __future__ import annotations

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
    sort_tiles,
)

KINDS: tuple[int, ...] = tuple(tile_kind(tile) for tile in range(37))
SUITS: tuple[int, ...] = tuple(tile - 34 if tile >= 34 else -1 for tile in range(37))
"""For each tile id: 0-2 for a red five of m, p, s, else -1."""
NORTH = 30

# What the table waits for.
_DEAL = 0  # the dealer's first draw
_ACT = 1  # the actor holds 3n+2 tiles: discard, riichi, closed or added kan, kita, or a win
_CLAIM = 2  # after a discard: calls, ron, or the next seat draws
_REPLACE = 3  # after a kan or kita: the actor's replacement draw (or a chankan)


def _copies(players: int, red_fives: bool) -> bytes:
    """How many copies of each tile id a game has."""
    copies = bytearray([4] * 34 + [0] * 3)
    if players == 3:
        copies[1:8] = bytes(7)
    if red_fives:
        for five, red in zip(FIVES, RED_FIVES):
            if copies[five]:
                copies[five] -= 1
                copies[red] = 1
    return bytes(copies)


class Table:
    """The state of one round as its events replay (see the module for the fields)."""

    def __init__(self, game: Game, round: Round) -> None:
        self.game = game
        self.round = round
        players = self.players = game.rules.players
        self.hands = [bytearray(34) for _ in range(players)]
        self.red = [bytearray(3) for _ in range(players)]
        self.melds: list[list[Call]] = [[] for _ in range(players)]
        self.rivers: list[list[Discard]] = [[] for _ in range(players)]
        self.taken = [bytearray() for _ in range(players)]
        self.riichi = [-1] * players
        self.dora: list[int] = []
        self.kita = [0] * players
        self.visible = [bytearray(34) for _ in range(players)]
        self.dead = [bytearray(34) for _ in range(players)]
        self.turns = [0] * players
        self.wall = (136 if players == 4 else 108) - 14 - 13 * players
        self.scores = list(round.scores) if round.scores is not None else None
        self.sticks = round.sticks
        self.events = 0  # applied so far
        self._copies = _copies(players, game.rules.red_fives)
        self._seen = bytearray(37)  # copies of each tile id drawn, dealt or shown as an indicator
        self._others = [[self.visible[o] for o in range(players) if o != seat] for seat in range(players)]
        self._sizes = [13] * players
        self._phase = _DEAL
        self._actor = round.dealer
        self._drawn = -1  # tile the actor just drew, -1 if it called instead
        self._last: Event | None = None  # the previous event
        self._declared = -1  # seat whose riichi discard awaits acceptance
        self._last_discarder = -1
        self._kans = 0
        if len(round.hands) != players or round.dealer >= players:
            raise self.error(f"{len(round.hands)} hands and dealer seat {round.dealer} in a {players}-player game")
        for seat, hand in enumerate(round.hands):
            if len(hand) != 13:
                raise self.error(f"seat {seat} is dealt {len(hand)} tiles")
            for tile in hand:
                self._take(seat, tile)
                self.visible[seat][KINDS[tile]] += 1
        if len(round.dora) != 1:
            raise self.error(f"{len(round.dora)} dora indicators at the start")
        self._indicator(round.dora[0])

    def error(self, reason: str) -> RecordError:
        where = f"event {self.events}: " if self.events else ""
        return RecordError(f"{self.game.source}: {self.round.name}: {where}{reason}")

    def _check_tile(self, tile: object) -> int:
        if type(tile) is not int or not 0 <= tile < 37:
            raise self.error(f"not a tile id: {tile!r}")
        return tile

    def _count(self, tile: int) -> None:
        """One more copy of ``tile`` is known; raise if the game has no such copy."""
        seen = self._seen[tile] = self._seen[tile] + 1
        copies = self._copies[tile]
        if seen > copies:
            name = TILE_ID_NAMES[tile]
            if tile >= 34:
                raise self.error(f"a second red {name}" if copies else f"red {name} in a game without red fives")
            if not copies:
                raise self.error(f"{name} does not exist in 3-player mahjong")
            raise self.error(f"5th copy of {name}" if copies == 4 else f"4th plain {name} beside the red one")

    def _take(self, seat: int, tile: int) -> None:
        """``tile`` comes into ``seat``'s hand from the wall."""
        self._count(self._check_tile(tile))
        self.hands[seat][KINDS[tile]] += 1
        if tile >= 34:
            self.red[seat][tile - 34] += 1

    def _remove(self, seat: int, tile: int, what: str) -> int:
        """Take ``tile`` out of ``seat``'s hand; its kind."""
        kind = KINDS[self._check_tile(tile)]
        hand = self.hands[seat]
        red = self.red[seat]
        suit = SUITS[tile]
        if suit >= 0:
            if not red[suit]:
                raise self.error(f"seat {seat} {what} {TILE_ID_NAMES[tile]} but holds no red {TILE_ID_NAMES[tile]}")
            red[suit] -= 1
        elif hand[kind] <= (red[kind // 9] if kind in FIVES else 0):
            raise self.error(f"seat {seat} {what} {TILE_ID_NAMES[tile]} but holds none")
        hand[kind] -= 1
        return kind

    def _indicator(self, tile: int) -> None:
        self._count(self._check_tile(tile))
        kind = KINDS[tile]
        self.dora.append(tile)
        for seat in range(self.players):
            self.visible[seat][kind] += 1
            self.dead[seat][kind] += 1

    def _show(self, seat: int, kind: int, copies: int = 1) -> None:
        """``copies`` of ``kind`` leave ``seat``'s hand face up into its melds."""
        for other in range(self.players):
            if other != seat:
                self.visible[other][kind] += copies
                self.dead[other][kind] += copies

    def apply(self, event: Event) -> None:
        """Play ``event``; raise RecordError if it cannot happen here."""
        self.events += 1
        kind = type(event)
        if kind is Draw:
            seat, tile = event  # type: ignore[misc]
            phase = self._phase
            if phase == _CLAIM:
                actor = (self._last_discarder + 1) % self.players
                self._accept_pending()
                phase = _DEAL
            else:
                actor = self._actor
            if seat != actor or phase == _ACT:
                if seat == actor:
                    raise self.error(f"seat {seat} draws into a full hand")
                raise self.error(f"seat {seat} draws in seat {actor}'s turn")
            if not self.wall:
                raise self.error(f"seat {seat} draws from an empty wall")
            self.wall -= 1
            self._take(seat, tile)
            self.visible[seat][KINDS[tile]] += 1
            self._sizes[seat] += 1
            if phase == _DEAL:
                self.turns[seat] += 1
            self._actor = seat
            self._phase = _ACT
            self._drawn = tile
        elif kind is Discard:
            seat, tile, tsumogiri = event  # type: ignore[misc]
            if self._phase != _ACT or seat != self._actor:
                raise self.error(f"seat {seat} discards out of turn")
            if tsumogiri and tile != self._drawn:
                raise self.error(f"seat {seat} discards {TILE_ID_NAMES[tile]} as tsumogiri, "
                                 f"but drew {'nothing' if self._drawn < 0 else TILE_ID_NAMES[self._drawn]}")
            if self.riichi[seat] >= 0 and not tsumogiri:
                raise self.error(f"seat {seat} is in riichi but keeps its draw")
            k = self._remove(seat, tile, "discards")
            self._sizes[seat] -= 1
            for visible in self._others[seat]:
                visible[k] += 1
            for dead in self.dead:
                dead[k] += 1
            self.rivers[seat].append(event)  # type: ignore[arg-type]
            self.taken[seat].append(0)
            self._last_discarder = seat
            self._phase = _CLAIM
        elif kind is Call:
            self._call(event)  # type: ignore[arg-type]
        elif kind is Riichi:
            self._riichi(event.seat)  # type: ignore[union-attr]
        elif kind is RiichiAccepted:
            seat = event.seat  # type: ignore[union-attr]
            if self._declared != seat or self._phase != _CLAIM or self._last_discarder != seat:
                raise self.error(f"riichi of seat {seat} accepted but not just declared")
            self._accept_pending()
        elif kind is NewDora:
            if len(self.dora) > self._kans:
                raise self.error(f"{len(self.dora) + 1} dora indicators after {self._kans} kans")
            self._indicator(event.indicator)  # type: ignore[union-attr]
        elif kind is Kita:
            seat = event.seat  # type: ignore[union-attr]
            if self.players != 3:
                raise self.error("kita in a 4-player game")
            self._own_turn(seat, "sets a north aside")
            self._remove(seat, NORTH, "sets aside")
            self._sizes[seat] -= 1
            self.kita[seat] += 1
            for dead in self.dead:
                dead[NORTH] += 1
            for visible in self._others[seat]:
                visible[NORTH] += 1
            self._phase = _REPLACE
        else:
            raise self.error(f"not an event: {event!r}")
        self._last = event

    def _own_turn(self, seat: int, what: str) -> None:
        if self._phase != _ACT or seat != self._actor:
            raise self.error(f"seat {seat} {what} out of turn")

    def _accept_pending(self) -> None:
        """The discard after a riichi declaration was passed: the riichi stands."""
        seat = self._declared
        if seat < 0:
            return
        self._declared = -1
        self.riichi[seat] = len(self.rivers[seat]) - 1
        self.sticks += 1
        if self.scores is not None:
            self.scores[seat] -= 1000

    def _riichi(self, seat: int) -> None:
        self._own_turn(seat, "declares riichi")
        if self.riichi[seat] >= 0:
            raise self.error(f"seat {seat} declares riichi twice")
        if any(meld.kind is not MeldKind.CLOSED_KAN for meld in self.melds[seat]):
            raise self.error(f"seat {seat} declares riichi with an open hand")
        self._declared = seat

    def _call(self, call: Call) -> None:
        seat, kind, tiles, called, from_seat = call
        players = self.players
        if not 0 <= seat < players:
            raise self.error(f"no seat {seat}")
        kinds = [KINDS[self._check_tile(tile)] for tile in tiles]
        if tuple(tiles) != sort_tiles(tiles) or not _shaped(kind, kinds):
            raise self.error(f"{kind.value} of {' '.join(TILE_ID_NAMES[t] for t in tiles)}")
        if kind is MeldKind.CHI or kind is MeldKind.PON or kind is MeldKind.OPEN_KAN:
            if self._phase != _CLAIM or from_seat != self._last_discarder or seat == from_seat:
                raise self.error(f"seat {seat} calls {kind.value} with no discard of seat {from_seat} to take")
            river = self.rivers[from_seat]
            if called != river[-1].tile or called not in tiles:
                raise self.error(f"seat {seat} calls {TILE_ID_NAMES[called] if called is not None else None}, "
                                 f"seat {from_seat} discarded {TILE_ID_NAMES[river[-1].tile]}")
            if kind is MeldKind.CHI and (players == 3 or from_seat != (seat - 1) % players):
                raise self.error(f"seat {seat} calls chi from seat {from_seat}")
            if self.riichi[seat] >= 0:
                raise self.error(f"seat {seat} calls {kind.value} in riichi")
            self._accept_pending()
            own = list(tiles)
            own.remove(called)
            for tile in own:
                self._remove(seat, tile, f"calls {kind.value} with")
            self._sizes[seat] -= len(own)
            self.taken[from_seat][-1] = 1
            self.dead[seat][KINDS[called]] -= 1  # now in an own meld
            for tile in own:
                self._show(seat, KINDS[tile])
            self.melds[seat].append(call)
            self.turns[seat] += 1
            self._actor = seat
            self._drawn = -1
            if kind is MeldKind.OPEN_KAN:
                self._kan()
            else:
                self._phase = _ACT
            return
        self._own_turn(seat, f"calls {kind.value}")
        if from_seat is not None:
            raise self.error(f"a {kind.value} is not taken from another seat")
        if kind is MeldKind.CLOSED_KAN:
            if called is not None:
                raise self.error("a closed kan has no called tile")
            for tile in tiles:
                self._remove(seat, tile, "calls closed kan with")
            self._sizes[seat] -= 4
            self._show(seat, kinds[0], 4)
            self.melds[seat].append(call)
        elif kind is MeldKind.ADDED_KAN:
            melds = self.melds[seat]
            for index, meld in enumerate(melds):
                if meld.kind is MeldKind.PON and KINDS[meld.tiles[0]] == kinds[0]:
                    break
            else:
                raise self.error(f"seat {seat} adds to a pon of {TILE_NAMES[kinds[0]]} it does not have")
            rest = list(tiles)
            if called is None or called not in rest:
                raise self.error(f"added kan of {TILE_NAMES[kinds[0]]} without its added tile")
            rest.remove(called)
            if tuple(rest) != meld.tiles:
                raise self.error(f"added kan of {TILE_NAMES[kinds[0]]} does not extend its pon")
            self._remove(seat, called, "adds")
            self._sizes[seat] -= 1
            self._show(seat, kinds[0])
            melds[index] = call
        else:
            raise self.error(f"seat {seat} calls {kind.value} without a discard")
        self._drawn = -1
        self._kan()

    def _kan(self) -> None:
        self._kans += 1
        if self._kans > 4:
            raise self.error("a fifth kan")
        self._phase = _REPLACE

    def concealed(self, seat: int) -> tuple[int, ...]:
        """``seat``'s concealed tiles as tile ids in ``ORDER``."""
        tiles: list[int] = []
        hand = self.hands[seat]
        red = self.red[seat]
        for kind in range(34):
            count = hand[kind]
            if count:
                if kind in FIVES:
                    reds = red[kind // 9]
                    tiles += [kind] * (count - reds) + [RED_FIVES[kind // 9]] * reds
                else:
                    tiles += [kind] * count
        return tuple(tiles)

    def run(self) -> Table:
        """Apply every event of the round, then ``finish()``; return self."""
        for event in self.round.events:
            self.apply(event)
        self.finish()
        return self

    def finish(self) -> None:
        """Check the round's end against the table (nothing to check if the record stops early)."""
        end = self.round.end
        self.events = len(self.round.events) + 1
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
        self._declared = -1  # a riichi discard won on pays no stick

    def _win(self, win: Win) -> None:
        seat, tile = win.seat, win.tile
        if not 0 <= seat < self.players:
            raise self.error(f"win by seat {seat}")
        hand = self.concealed(seat)
        last = self._last
        if win.from_seat is None:
            if self._phase != _ACT or self._actor != seat or type(last) is not Draw or last.tile != tile:
                raise self.error(f"seat {seat} wins by tsumo on {TILE_ID_NAMES[tile]} but did not just draw it")
        else:
            robbed = type(last) is Call and last.kind in (MeldKind.ADDED_KAN, MeldKind.CLOSED_KAN)
            if robbed:
                ok = last.seat == win.from_seat and KINDS[last.tiles[0]] == KINDS[tile]  # type: ignore[union-attr]
            else:
                ok = (self._phase == _CLAIM and win.from_seat == self._last_discarder
                      and self.rivers[win.from_seat][-1].tile == tile)
            if not ok or seat == win.from_seat:
                raise self.error(f"seat {seat} wins by ron on {TILE_ID_NAMES[tile]} from seat {win.from_seat}, "
                                 f"which did not just give it")
            hand = sort_tiles(hand + (tile,))
        if win.hand is not None and win.hand != hand:
            raise self.error(f"seat {seat} wins with {_names(win.hand)} but holds {_names(hand)}")
        if win.melds is not None:
            held = sorted((meld.kind.value, meld.tiles) for meld in self.melds[seat])
            if sorted((meld.kind.value, meld.tiles) for meld in win.melds) != held:
                raise self.error(f"seat {seat} wins with melds other than its calls")

    def _drawn_round(self, end: DrawnRound) -> None:
        reason = end.reason
        if reason == "nine terminals":
            if self._phase != _ACT or type(self._last) is not Draw:
                raise self.error("nine terminals declared other than on a draw")
            return
        if self._phase != _CLAIM:
            raise self.error(f"{reason} draw other than after a discard")
        if reason in ("exhaustive", "nagashi mangan"):
            if self.wall:
                raise self.error(f"{reason} draw with {self.wall} tiles left in the wall")
            if reason == "exhaustive" and end.tenpai is not None:
                for seat in range(self.players):
                    shanten = _core.shanten(bytes(self.hands[seat]), players=self.players)
                    if (shanten == 0) != (seat in end.tenpai):
                        state = "tenpai" if seat in end.tenpai else "noten"
                        raise self.error(f"seat {seat} is called {state} with {_names(self.concealed(seat))}")
        self._accept_pending()


def _shaped(kind: MeldKind, kinds: list[int]) -> bool:
    first = kinds[0] if kinds else -1
    if kind is MeldKind.CHI:
        return len(kinds) == 3 and first < 27 and first % 9 <= 6 and kinds == [first, first + 1, first + 2]
    return kinds == [first] * (3 if kind is MeldKind.PON else 4)


def _names(tiles: tuple[int, ...]) -> str:
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
