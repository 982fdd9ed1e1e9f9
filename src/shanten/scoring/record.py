"""The win context a game record implies: ``from_record`` replays a round up to a win and gives
the arguments of ``score`` for it.

What the replay tells, besides the hand, the melds and the winning tile:

- riichi: the winner's riichi was accepted; double riichi when it was declared on the seat's
  first discard with no call (closed kans included) made before it
- ippatsu: no call since the riichi discard, and the seat has not discarded again
- rinshan: a tsumo on the replacement draw after the seat's kan (or 3-player kita)
- chankan: a ron on the tile just added to a pon
- last tile: the live wall is empty (haitei on a tsumo, houtei on a ron), unless rinshan
- first draw: the winner has not discarded yet and no call was made (tenhou, chiihou, renhou)
- dora indicators turned by then (kan dora included), the ura indicators the record shows,
  kita set aside, the winds, honba, the riichi sticks on the table, players, and the rules
  ("tenhou" with the game's red fives and open tanyao where the record states them, and
  kiriage mangan in Tenhou's lobbies with chips)

>>> from shanten import records
>>> from shanten.scoring import score
>>> game = next(records.read("tests/data/records/short.mjlog"))
>>> round = next(round for round in game.rounds if isinstance(round.end, tuple))
>>> win = round.end[0]
>>> result = score(**from_record(game, round, win))
>>> (result.han, result.fu, result.points) == (win.han, win.fu, win.points)
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..records.model import Call, Discard, Draw, Game, Kita, NewDora, Round, Win
from ..records.table import Table
from ..tiles import Meld, MeldKind, tile_kind
from .rules import RULES, Rules

_KANS = (MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN, MeldKind.ADDED_KAN)
TENHOU_KIRIAGE = 0x200
"""The mjlog GO type bit of Tenhou's lobbies with chips (祝儀), whose games round 4 han 30 fu and
3 han 60 fu up to mangan (seen in the records: such wins are paid 8000, not 7700)."""


def meld_of(call: Call) -> Meld:
    """A record's call as a ``Meld`` (kinds and red fives).

    >>> str(meld_of(Call(0, MeldKind.PON, (4, 4, 34), called=34, from_seat=1)))
    '[055m]'
    """
    return Meld(call.kind, tuple(tile_kind(tile) for tile in call.tiles), red=sum(tile >= 34 for tile in call.tiles))


def rules_of(game: Game) -> Rules:
    """The scoring rules a game was played under: Tenhou's, with the record's red fives, open
    tanyao and (lobbies with chips) kiriage mangan."""
    rules = RULES["tenhou"]
    kiriage = bool((game.rules.tenhou_type or 0) & TENHOU_KIRIAGE)
    if not game.rules.red_fives or game.rules.open_tanyao is False or kiriage:
        rules = replace(rules, red_fives=game.rules.red_fives, open_tanyao=game.rules.open_tanyao is not False,
                        kiriage_mangan=kiriage)
    return rules


def from_record(game: Game, round: Round, win: Win) -> dict[str, Any]:
    """The keyword arguments of ``score`` for ``win``, one of ``round``'s wins in ``game``."""
    table = Table(game, round)
    players = table.players
    seat = win.seat
    calls_made = False  # any call so far: it ends the first go-around
    ippatsu = [False] * players
    double = [False] * players
    replacement = -1  # the seat whose next draw is a replacement draw
    rinshan = False
    robbed = False  # the last event added a tile to a pon
    before_kan = ippatsu  # ippatsu as it stood before the last call: a robbed kan never happened
    for event in round.events:
        if not isinstance(event, NewDora):  # a kan's new indicator may be turned before the kan is robbed
            robbed = False
        if isinstance(event, Discard):
            declaring = table.declaring
            ippatsu[event.seat] = declaring
            if declaring:
                double[event.seat] = not calls_made and not table.rivers[event.seat]
        elif isinstance(event, Call):
            calls_made = True
            before_kan = ippatsu
            ippatsu = [False] * players
            if event.kind in _KANS:
                replacement = event.seat
            robbed = event.kind is MeldKind.ADDED_KAN
        elif isinstance(event, Kita):
            replacement = event.seat
        elif isinstance(event, Draw):
            rinshan = replacement == event.seat
            replacement = -1
        table.apply(event)
    tsumo = win.from_seat is None
    chankan = not tsumo and robbed
    if chankan:
        ippatsu = before_kan
    riichi = table.riichi[seat] >= 0
    hand = table.concealed(seat) + (() if tsumo else (win.tile,))
    rules = rules_of(game)
    rinshan = tsumo and rinshan
    return {
        "hand": hand,
        "win": win.tile,
        "melds": tuple(meld_of(call) for call in table.melds[seat]),
        "tsumo": tsumo,
        "riichi": riichi,
        "double_riichi": riichi and double[seat],
        "ippatsu": riichi and ippatsu[seat],
        "rinshan": rinshan,
        "chankan": chankan,
        "last_tile": table.wall == 0 and not rinshan,
        "first_draw": not calls_made and not table.rivers[seat],
        "dora": tuple(table.dora),
        "ura": win.ura if riichi else (),
        "kita": table.kita[seat],
        "round_wind": round.wind,
        "seat_wind": (seat - round.dealer) % players,
        "honba": round.honba,
        "sticks": table.sticks,
        "players": players,
        "rules": rules,
    }
