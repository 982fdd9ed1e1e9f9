"""``score``: a complete hand and what happened at the win in, its best ``Score`` out.

Every reading of the hand (``hands.arrangements``) is scored, and the one paid most is kept
(then the one of more han, then of more fu).

>>> s = score("123m456p789s23s55z 1s", riichi=True, dora="1s", seat_wind="S")
>>> s.han, s.fu, s.yaku, s.points, s.limit
(2, 40, (('riichi', 1), ('dora', 1)), 2600, None)
>>> s.decomposition, s.dealer
(('123m', '456p', '123s', '789s', '55z'), False)
>>> str(s)
'2 han 40 fu: riichi 1, dora 1; ron 2600'
>>> print(score("123m456p789s23s55z 1s"))
no yaku
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..notation import parse_hand, parse_melds
from ..records.names import YAKUMAN_HAN
from ..tiles import TILE_ID_NAMES, TILE_NAMES, Hand, InvalidHandError, Meld, MeldKind, format_tiles, shown, tile_kind
from .fu import fu_of
from .hands import Arrangement, arrangements, meld_group
from .points import Payments, limit_and_base, payments
from .rules import Rules, ScoringError, rules_named
from .yaku import Facts, Pinfu, Situation, Tiles, yaku_of

_WIND_NAMES = {"E": 0, "S": 1, "W": 2, "N": 3}
_TILE_IDS = {name: tile for tile, name in enumerate(TILE_ID_NAMES)}
_TILES = re.compile(r"(\s*[0-9]+[mpsz])*\s*")
_GROUP = re.compile(r"([0-9]+)([mpsz])")
_PINFU = Pinfu()


@dataclass(frozen=True)
class Score:
    """A win's value: ``han`` (dora included), ``fu``, ``yaku`` as (canonical name, han) pairs
    (13 per yakuman multiple; "dora", "aka dora", "ura dora", "kita dora" when some), ``yakuman``
    multiples, the ``limit`` name, the payments (see ``points.Payments``), the ``fu_breakdown``
    that adds up to ``fu``, the ``decomposition`` scored (groups in notation, called melds in
    brackets) and whether the winner is the ``dealer``. No yaku: han 0, no yaku, no points."""

    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    yakuman: int
    limit: str | None
    points: int
    ron: int
    from_dealer: int
    from_others: int
    total: int
    fu_breakdown: tuple[tuple[str, int], ...]
    decomposition: tuple[str, ...]
    dealer: bool

    def __str__(self) -> str:
        if not self.yaku:
            return "no yaku"
        value = f"{self.yakuman}x yakuman" if self.yakuman else f"{self.han} han {self.fu} fu"
        if self.limit and not self.yakuman:
            value += f" {self.limit}"
        yaku = ", ".join(f"{name} {han}" for name, han in self.yaku)
        if self.ron:
            paid = f"ron {self.points}"
        elif self.dealer:
            paid = f"tsumo {self.from_others} all"
        else:
            paid = f"tsumo {self.from_others}/{self.from_dealer}"
        return f"{value}: {yaku}; {paid}"


def _wind(value: int | str, what: str) -> int:
    if isinstance(value, str) and value in _WIND_NAMES:
        return _WIND_NAMES[value]
    if type(value) is int and 0 <= value <= 3:
        return value
    raise ScoringError(f"{what} is 0-3 or 'E', 'S', 'W', 'N', got {shown(value)}")


def _tile_ids(tiles: str | Sequence[int], what: str) -> list[int]:
    """Tile ids from notation (red fives kept) or from a sequence of ids 0-36."""
    if isinstance(tiles, str):
        if not _TILES.fullmatch(tiles):
            raise ScoringError(f"{what}: not tiles in notation: {shown(tiles)}")
        ids = []
        for digits, suit in _GROUP.findall(tiles):
            for digit in digits:
                name = digit + suit
                if name not in _TILE_IDS:
                    raise ScoringError(f"{what}: no tile {name}")
                ids.append(_TILE_IDS[name])
        return ids
    try:
        ids = [operator.index(tile) for tile in tiles]
    except TypeError:
        raise ScoringError(f"{what}: tile ids 0-36 or notation, got {shown(tiles)}") from None
    if any(not 0 <= tile <= 36 for tile in ids):
        raise ScoringError(f"{what}: tile ids are 0-36, got {shown(tiles)}")
    return ids


def _dora_kind(indicator: int, players: int) -> int:
    """The kind an indicator points to: the next in its suit, winds and dragons each a cycle;
    in 3-player 1m points to 9m (2m-8m are not played)."""
    kind = tile_kind(indicator)
    if kind >= 31:
        return 31 + (kind - 30) % 3
    if kind >= 27:
        return 27 + (kind - 26) % 4
    if players == 3 and kind == 0:
        return 8
    return kind - 8 if kind % 9 == 8 else kind + 1


def _read_hand(hand: str | Hand | Sequence[int], melds: str | Sequence[Meld] | None, win: str | int | None,
               players: int) -> tuple[list[int], list[int], tuple[Meld, ...], int, list[int]]:
    """34 concealed counts, concealed red fives per suit, the melds, the win tile id, and 34 counts
    of all the hand's tiles."""
    drawn = None
    if isinstance(hand, (str, Hand)):
        try:
            parsed = parse_hand(hand, players=players) if isinstance(hand, str) else hand
        except InvalidHandError as error:
            raise ScoringError(str(error)) from None
        counts, red, called, drawn = list(parsed.counts), list(parsed.red), parsed.melds, parsed.drawn
    else:
        counts, red, called = [0] * 34, [0, 0, 0], ()
        for tile in _tile_ids(hand, "hand"):
            counts[tile_kind(tile)] += 1
            if tile >= 34:
                red[tile - 34] += 1
    if melds is not None:
        if isinstance(melds, str):
            try:
                extra = parse_melds(melds)
            except InvalidHandError as error:
                raise ScoringError(f"melds: {error}") from None
        else:
            extra = tuple(melds) if isinstance(melds, (tuple, list)) else ()
            if not extra and melds or not all(isinstance(meld, Meld) for meld in extra):
                raise ScoringError(f"melds: notation or Meld objects, got {shown(melds)}")
        called = (*called, *extra)
    size = sum(counts)
    if size % 3 != 2 or size // 3 + len(called) != 4:
        raise ScoringError(f"{size} concealed tiles and {len(called)} melds: a complete hand has 4 groups and a pair")
    totals = list(counts)
    for meld in called:
        for kind in meld.tiles:
            totals[kind] += 1
        if players == 3 and meld.kind is MeldKind.CHI:
            raise ScoringError(f"{meld}: no chi in 3-player mahjong")
    for kind, copies in enumerate(totals):
        if copies > 4:
            raise ScoringError(f"5th copy of {TILE_NAMES[kind]}")
        if copies and players == 3 and 1 <= kind <= 7:
            raise ScoringError(f"{TILE_NAMES[kind]} does not exist in 3-player mahjong")
    for suit, reds in enumerate(red):
        reds += sum(meld.red for meld in called if meld.tiles[0] // 9 == suit)
        if reds > 1:
            raise ScoringError(f"{reds} red 5{'mps'[suit]}: a game has one")
    if win is None:
        if drawn is None:
            raise ScoringError("no winning tile: give win= or write the drawn tile apart (\"123m... 6s\")")
        win_id = drawn
    else:
        ids = _tile_ids(win if isinstance(win, str) else [win], "win")
        if len(ids) != 1:
            raise ScoringError(f"win: one tile, got {shown(win)}")
        win_id = ids[0]
    kind = tile_kind(win_id)
    if not counts[kind] or win_id >= 34 and not red[win_id - 34]:
        raise ScoringError(f"win: {TILE_ID_NAMES[win_id]} is not among the hand's concealed tiles")
    return counts, red, called, win_id, totals


def score(
    hand: str | Hand | Sequence[int],
    *,
    win: str | int | None = None,
    melds: str | Sequence[Meld] | None = None,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    last_tile: bool = False,
    first_draw: bool = False,
    dora: str | Sequence[int] = (),
    ura: str | Sequence[int] = (),
    kita: int = 0,
    round_wind: int | str = 0,
    seat_wind: int | str = 0,
    honba: int = 0,
    sticks: int = 0,
    players: int = 4,
    rules: str | Rules = "tenhou",
) -> Score:
    """The value of a win: ``hand`` the concealed tiles with the winning tile (notation, melds in
    brackets allowed, a ``Hand``, or tile ids 0-36), ``win`` the winning tile (default: the drawn tile written
    apart), ``melds`` further calls, the flags of the win, ``dora`` and ``ura`` indicators, ``kita``
    norths set aside (3-player), the winds (0-3 or "ESWN"), honba and riichi ``sticks`` on the
    table, ``players`` 3 or 4 and the ``rules`` (a preset name or a ``Rules``).

    Raises ``ScoringError`` (one line) for a hand that is not complete, impossible tiles, or
    contradictory flags. See the module for an example.
    """
    rules = rules_named(rules)
    if players not in (3, 4) or type(players) is not int:
        raise ScoringError(f"players must be 3 or 4, got {shown(players)}")
    counts, red, called, win_id, totals = _read_hand(hand, melds, win, players)
    seat, round_ = _wind(seat_wind, "seat_wind"), _wind(round_wind, "round_wind")
    closed = all(meld.kind is MeldKind.CLOSED_KAN for meld in called)
    riichi = riichi or double_riichi
    _check_flags(called, closed, tsumo, riichi, ippatsu, rinshan, chankan, last_tile, first_draw, seat == 0, ura,
                 kita, players, honba, sticks)  # fmt: skip
    situation = Situation(tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, last_tile, first_draw, seat == 0,
                          27 + seat, 27 + round_, tile_kind(win_id), closed, Tiles.of(tuple(totals)),
                          rules)  # fmt: skip
    readings = arrangements(counts, tuple(meld_group(meld) for meld in called), tile_kind(win_id), tsumo)
    if not readings:
        raise ScoringError(f"not a complete hand: {_written(counts, called)}")
    bonus = _bonus(totals, red[0] + red[1] + red[2] + sum(meld.red for meld in called), dora, ura, kita, players, rules)
    # A hand's payments grow with its base points: the reading of the highest base, then han, then fu, wins.
    best = max((_valued(arrangement, situation, bonus) for arrangement in readings), key=lambda value: value[0])
    (base, han, fu), arrangement, yaku, yakuman, limit, breakdown = best
    paid = Payments(0, 0, 0, 0, 0)
    if yaku:
        paid = payments(base, dealer=seat == 0, tsumo=tsumo, players=players, honba=honba, sticks=sticks, rules=rules)
    groups = tuple(str(group) for group in arrangement.groups) or (format_tiles(totals),)
    return Score(han, fu, yaku, yakuman, limit, *paid, breakdown, groups, seat == 0)


def _check_flags(called: tuple[Meld, ...], closed: bool, tsumo: bool, riichi: bool, ippatsu: bool, rinshan: bool,
                 chankan: bool, last_tile: bool, first_draw: bool, dealer: bool, ura: object, kita: int,
                 players: int, honba: int, sticks: int) -> None:
    """Raise ScoringError for flags that cannot go together."""
    faults = (
        (ippatsu and not riichi, "ippatsu without riichi"),
        (riichi and not closed, "riichi with an open hand"),
        (rinshan and not any(meld.kind in (MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN, MeldKind.ADDED_KAN)
                             for meld in called) and not kita, "rinshan without a kan"),
        (rinshan and not tsumo, "rinshan on a ron: the replacement tile is drawn"),
        (rinshan and last_tile, "rinshan and last_tile: the replacement tile is not the wall's last"),
        (chankan and tsumo, "chankan with tsumo: a robbed kan is a ron"),
        (chankan and last_tile, "chankan and last_tile: no kan is made on the last tile"),
        (first_draw and bool(called), "first_draw with calls"),
        (first_draw and riichi, "first_draw with riichi"),
        (first_draw and not tsumo and dealer, "first_draw on a ron by the dealer: tenhou is a tsumo"),
        (bool(ura) and not riichi, "ura dora without riichi"),
        (kita and players == 4, "kita in a 4-player game"),
    )
    for fault, message in faults:
        if fault:
            raise ScoringError(message)
    for value, what in ((kita, "kita"), (honba, "honba"), (sticks, "sticks")):
        if type(value) is not int or value < 0:
            raise ScoringError(f"{what} must be an integer 0 or more, got {shown(value)}")


def _written(counts: list[int], called: tuple[Meld, ...]) -> str:
    return " ".join([format_tiles(counts), *map(str, called)])


def _bonus(totals: list[int], red: int, dora: str | Sequence[int], ura: str | Sequence[int], kita: int,
           players: int, rules: Rules) -> tuple[tuple[str, int], ...]:
    """The han of dora, red fives, ura dora and kita, those above 0, as yaku pairs."""
    found = []
    for name, indicators in (("dora", dora), ("ura dora", ura)):
        han = 0
        for indicator in _tile_ids(indicators, name):
            kind = _dora_kind(indicator, players)
            han += totals[kind] + (kita if kind == 30 else 0)
        found.append((name, han))
    found.insert(1, ("aka dora", red if rules.red_fives else 0))
    found.append(("kita dora", kita if rules.kita else 0))
    return tuple((name, han) for name, han in found if han)


def _valued(arrangement: Arrangement, situation: Situation, bonus: tuple[tuple[str, int], ...]
            ) -> tuple[tuple[int, int, int], Arrangement, tuple[tuple[str, int], ...], int, str | None,
                       tuple[tuple[str, int], ...]]:
    """One reading's (base, han, fu), itself, its yaku, yakuman multiples, limit and fu breakdown."""
    facts = Facts(arrangement, situation)
    yaku = yaku_of(facts)
    fu, breakdown = fu_of(facts, situation.closed and _PINFU.holds(facts))
    if not yaku:
        return (0, 0, fu), arrangement, (), 0, None, breakdown
    rules = situation.rules
    yakuman = 0
    if yaku[0][1] >= YAKUMAN_HAN:
        yakuman = (sum if rules.yakuman_stacking else max)(han for _, han in yaku) // YAKUMAN_HAN
    else:
        yaku += bonus
    han = sum(han for _, han in yaku)
    limit, base = limit_and_base(han, fu, yakuman, rules)
    return (base, han, fu), arrangement, tuple(yaku), yakuman, limit, breakdown
