"""Random winning hands with random contexts, and one scoring of each by the peers and by shanten.

The peers are the PyPI packages ``mahjong`` (its ``HandCalculator``, pure Python) and
``riichienv`` (its ``HandEvaluator``, Rust). Each adaptor turns a ``Case`` into the peer's own
input and the peer's answer into one comparable ``Scored``: canonical yaku names
(``shanten.records.names.YAKU``), han, fu and the payments as ``shanten.scoring.Score`` states them.

Hands are dealt from a 136-tile wall with one red five per suit, so no case holds a 5th copy or
a 2nd red five, and every flag is one a game can produce (riichi only closed, rinshan only after
a kan, chankan only on a tile of which the other three copies are out, ...). One case in 7 is of
3-player: no 2m-8m, no chi, seats and rounds east to west, norths set aside (kita).

>>> case = next(cases(seed=7, count=1))
>>> str(case) == str(next(cases(seed=7, count=1)))   # seeded: the same case again
True
>>> with_mahjong(case).han == with_riichienv(case).han
True
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

import riichienv._riichienv as riichienv
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID
from mahjong.meld import Meld as MahjongMeld

from shanten.convert import RED_IDS136, meld_ids136, to_ids136
from shanten.notation import parse_hand
from shanten.records.names import KITA_DORA, YAKU
from shanten.scoring import RULES
from shanten.tiles import RED_FIVES, TILE_ID_NAMES, Hand, Meld, MeldKind, tile_kind

WINDS = "ESWN"
HONOURS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + HONOURS
SIMPLES = tuple(kind for kind in range(27) if kind not in TERMINALS)
GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s and hatsu: the tiles of ryuuiisou
YAKUMAN = frozenset(YAKU[36:52])  # renhou .. suukantsu
KANS = (MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN, MeldKind.ADDED_KAN)

_RED_TILES = dict(zip(RED_IDS136, RED_FIVES, strict=True))
_WALL = tuple(tuple(range(4 * kind, 4 * kind + 4)) for kind in range(34))

Group = tuple[int, ...]  # the kinds of a run or a triplet


@dataclass(frozen=True)
class Case:
    """A winning hand (``hand.drawn`` is the winning tile) and everything that scores it."""

    hand: Hand
    concealed136: tuple[int, ...]  # the same tiles as 136-tile ids (the peers' input), the winning tile among them
    melds136: tuple[tuple[int, ...], ...]
    win136: int
    dora136: tuple[int, ...] = ()  # dora indicators
    ura136: tuple[int, ...] = ()
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    last_tile: bool = False
    first_draw: bool = False
    round_wind: int = 0
    seat_wind: int = 0
    honba: int = 0
    sticks: int = 0
    players: int = 4
    rules: str = "tenhou"  # a preset of shanten.scoring.RULES
    kita: int = 0  # 3-player: norths set aside

    @property
    def win(self) -> int:
        assert self.hand.drawn is not None
        return self.hand.drawn

    @property
    def tiles(self) -> tuple[int, ...]:
        """The concealed tiles as tile ids 0-36, the winning tile among them."""
        return tuple(map(tile_of, self.concealed136))

    @property
    def dora(self) -> tuple[int, ...]:
        """The dora indicators as tile ids 0-36."""
        return tuple(map(tile_of, self.dora136))

    @property
    def ura(self) -> tuple[int, ...]:
        return tuple(map(tile_of, self.ura136))

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def closed(self) -> bool:
        return all(meld.kind is MeldKind.CLOSED_KAN for meld in self.hand.melds)

    def __str__(self) -> str:
        """The hand in notation (the winning tile last), then the context, e.g. ``... ron riichi E-round S-seat``."""
        flags = [name for name in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "last_tile",
                                   "first_draw") if getattr(self, name)]  # fmt: skip
        words = [str(self.hand), "tsumo" if self.tsumo else "ron", *flags]
        if self.dora:
            words.append("dora " + "".join(TILE_ID_NAMES[tile] for tile in self.dora))
        if self.ura:
            words.append("ura " + "".join(TILE_ID_NAMES[tile] for tile in self.ura))
        words += [f"{WINDS[self.round_wind]}-round", f"{WINDS[self.seat_wind]}-seat"]
        words += [f"honba {self.honba}"] * bool(self.honba) + [f"sticks {self.sticks}"] * bool(self.sticks)
        words += ["3-player"] * (self.players == 3) + [f"kita {self.kita}"] * bool(self.kita)
        words += [f"rules {self.rules}"] * (self.rules != "tenhou")
        return " ".join(words)


class Scored(NamedTuple):
    """One scorer's answer in comparable terms; ``None`` where that scorer does not state the field."""

    han: int
    fu: int | None
    yaku: tuple[str, ...]  # canonical names, sorted, each once ("dora" however many)
    yaku_han: tuple[tuple[str, int], ...] | None  # (name, han) sorted, where the scorer states each yaku's han
    yakuman: int  # multiples
    points: int  # as records state it: ron or the sum of the tsumo payments, before honba
    ron: int  # incl. honba
    from_dealer: int  # tsumo, incl. honba; 0 when the winner is the dealer
    from_others: int  # tsumo, each non-dealer, incl. honba
    total: int | None  # the winner's gain, honba and riichi sticks included
    limit: str | None  # "" below mangan, "mangan" ... "yakuman" (a multiple too), "kazoe yakuman"

    @property
    def payments(self) -> tuple[int, int, int, int]:
        return self.points, self.ron, self.from_dealer, self.from_others

    def __str__(self) -> str:
        yaku = ", ".join(f"{name} {han}" for name, han in self.yaku_han) if self.yaku_han else ", ".join(self.yaku)
        paid = f"ron {self.ron}" if self.ron else f"tsumo {self.from_dealer}/{self.from_others}"
        limit = f" {self.limit}," if self.limit else ""
        return f"{self.han} han {self.fu} fu,{limit} {self.points} points ({paid}), yakuman {self.yakuman}: {yaku or 'no yaku'}"


NO_YAKU = Scored(0, None, (), (), 0, 0, 0, 0, 0, 0, "")


# --- dealing ---------------------------------------------------------------------------------


class WallEmpty(Exception):
    """The wall holds no more copies of a kind (the generator then deals another case)."""


class Wall:
    """The tiles not yet dealt (136-tile ids: ``4 * kind + copy``, the red fives 16, 52 and 88); 3-player: no 2m-8m."""

    def __init__(self, rng: random.Random, players: int) -> None:
        self.rng, self.players = rng, players
        self.left = [list(copies) if players == 4 or not 1 <= kind <= 7 else [] for kind, copies in enumerate(_WALL)]

    def take(self, kind: int) -> int:
        """A random copy of ``kind`` left in the wall, as a 136-tile id."""
        copies = self.left[kind]
        if not copies:
            raise WallEmpty
        return copies.pop(self.rng.randrange(len(copies)))

    def take_any(self) -> int:
        """A random tile of those left (a dora indicator)."""
        return self.take(self.rng.choices(range(34), [len(copies) for copies in self.left])[0])


def tile_of(id136: int) -> int:
    """The tile id (0-36) of a 136-tile id: red fives are 16, 52 and 88.

    ``shanten.convert.tile_from_id136`` checks its argument; the wall's ids need no check, and this
    plain lookup keeps dealing 100,000 cases fast."""
    return _RED_TILES.get(id136, id136 // 4)


def _run(first: int) -> Group:
    return (first, first + 1, first + 2)


@functools.cache
def _run_firsts(kinds: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(kind for kind in kinds if kind < 27 and kind % 9 <= 6 and kind + 1 in kinds and kind + 2 in kinds)


def _random_group(rng: random.Random, kinds: tuple[int, ...], runs: float) -> Group:
    """A run (with probability ``runs``, when ``kinds`` has one) or a triplet, of ``kinds`` only."""
    firsts = _run_firsts(kinds)
    if firsts and rng.random() < runs:
        return _run(rng.choice(firsts))
    return (rng.choice(kinds),) * 3


def _suit(rng: random.Random) -> tuple[int, ...]:
    first = 9 * rng.randrange(3)
    return tuple(range(first, first + 9))


def _groups_of(kinds: tuple[int, ...], runs: float) -> Callable[[random.Random], tuple[list[Group], int]]:
    def deal(rng: random.Random) -> tuple[list[Group], int]:
        return [_random_group(rng, kinds, runs) for _ in range(4)], rng.choice(kinds)

    return deal


def _one_suit(rng: random.Random) -> tuple[list[Group], int]:
    return _groups_of(_suit(rng), 0.6)(rng)


def _suit_and_honours(rng: random.Random) -> tuple[list[Group], int]:
    return _groups_of(_suit(rng) + HONOURS, 0.5)(rng)


def _outside(rng: random.Random) -> tuple[list[Group], int]:
    """Every group and the pair hold a terminal or an honour (chanta, junchan)."""
    runs = [_run(first) for first in (0, 6, 9, 15, 18, 24)]
    groups: list[Group] = [rng.choice(runs) if rng.random() < 0.6 else (rng.choice(ORPHANS),) * 3 for _ in range(4)]
    return groups, rng.choice(ORPHANS)


def _forced(kinds: tuple[int, ...], least: int) -> Callable[[random.Random], tuple[list[Group], int]]:
    """``least`` to 4 triplets of ``kinds`` (dragons, winds), the rest of any tiles."""

    def deal(rng: random.Random) -> tuple[list[Group], int]:
        chosen = rng.sample(kinds, min(len(kinds), rng.randint(least, 4)))
        groups: list[Group] = [(kind,) * 3 for kind in chosen]
        groups += [_random_group(rng, tuple(range(34)), 0.6) for _ in range(4 - len(groups))]
        return groups, rng.choice(kinds if rng.random() < 0.6 else tuple(range(34)))

    return deal


def _twins(rng: random.Random) -> tuple[list[Group], int]:
    """Runs that repeat (iipeikou, ryanpeikou), match across suits (sanshoku) or span a suit (ittsu)."""
    pattern = rng.randrange(4)
    if pattern == 0:  # iipeikou or ryanpeikou
        first, second = _run(rng.choice([k for k in range(27) if k % 9 <= 6])), _run(rng.randrange(27) // 9 * 9)
        groups = [first, first] + ([second, second] if rng.random() < 0.5 else [second, (rng.randrange(34),) * 3])
    elif pattern == 1:  # sanshoku doujun
        number = rng.randrange(7)
        groups = [_run(number), _run(9 + number), _run(18 + number), _random_group(rng, tuple(range(34)), 0.5)]
    elif pattern == 2:  # sanshoku doukou
        number = rng.randrange(9)
        groups = [(number,) * 3, (9 + number,) * 3, (18 + number,) * 3, _random_group(rng, tuple(range(34)), 0.5)]
    else:  # ittsu
        suit = 9 * rng.randrange(3)
        groups = [_run(suit), _run(suit + 3), _run(suit + 6), _random_group(rng, tuple(range(34)), 0.5)]
    return groups, rng.randrange(34)


STANDARD_STYLES: dict[str, Callable[[random.Random], tuple[list[Group], int]]] = {
    "any": _groups_of(tuple(range(34)), 0.6),
    "simples": _groups_of(SIMPLES, 0.6),
    "one suit": _one_suit,
    "suit and honours": _suit_and_honours,
    "outside": _outside,
    "terminals and honours": _groups_of(ORPHANS, 0.0),
    "terminals": _groups_of(TERMINALS, 0.0),
    "honours": _groups_of(HONOURS, 0.0),
    "dragons": _forced(HONOURS[4:], 2),
    "winds": _forced(HONOURS[:4], 3),
    "green": _groups_of(GREEN, 0.3),
    "triplets": _groups_of(tuple(range(34)), 0.0),
    "twins": _twins,
}
"""Ways of choosing the 4 groups and the pair of a standard hand, so that rare yaku occur often enough."""

STYLES = (*STANDARD_STYLES, "nine gates")
STYLE_WEIGHTS = (12, 3, 2, 2, 2, 1, 0.3, 0.5, 1, 1, 0.5, 1, 2, 0.4)
"""How often each style is dealt: mostly plain hands, yakuman shapes often enough to meet each a few hundred times."""

PAIR_STYLES: dict[str, tuple[int, ...]] = {
    "any": tuple(range(34)), "simples": SIMPLES, "terminals and honours": ORPHANS, "honours": HONOURS,
}  # fmt: skip
"""The kinds seven pairs are chosen from ("one suit" and "suit and honours" are added per case)."""


def _closed_kan_or_call(rng: random.Random, group: Group, calls: bool, players: int) -> MeldKind | None:
    """What becomes of a group: a call (when the hand calls; no chi in 3-player), a closed kan now and then, or nothing."""
    triplet = group[0] == group[1]
    if calls:
        if not triplet:
            return MeldKind.CHI if players == 4 else None
        return rng.choice((MeldKind.PON,) * 4 + KANS)
    if triplet and rng.random() < 0.08:
        return MeldKind.CLOSED_KAN
    return None


def _standard(rng: random.Random, wall: Wall, style: str) -> tuple[list[int], list[tuple[MeldKind, list[int]]]]:
    """136-tile ids of the concealed tiles, and each meld's kind and ids."""
    if style == "nine gates":
        suit = 9 * rng.randrange(3)
        kinds = [suit] * 3 + list(range(suit + 1, suit + 8)) + [suit + 8] * 3 + [suit + rng.randrange(9)]
        return [wall.take(kind) for kind in kinds], []
    groups, pair = STANDARD_STYLES[style](rng)
    called = rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4))
    concealed = [wall.take(pair), wall.take(pair)]
    melds = []
    for index, group in enumerate(rng.sample(groups, 4)):
        tiles = [wall.take(kind) for kind in group]
        kind = _closed_kan_or_call(rng, group, index < called, wall.players)
        if kind is None:
            concealed += tiles
            continue
        if kind in KANS:
            tiles.append(wall.take(group[0]))
        melds.append((kind, tiles))
    return concealed, melds


def _seven_pairs(rng: random.Random, wall: Wall) -> list[int]:
    style = rng.choice([*PAIR_STYLES, "one suit", "suit and honours"])
    kinds = PAIR_STYLES.get(style) or (_suit(rng) + HONOURS * (style == "suit and honours"))
    return [wall.take(kind) for kind in rng.sample(kinds, 7) for _ in range(2)]


def _thirteen_orphans(rng: random.Random, wall: Wall) -> list[int]:
    return [wall.take(kind) for kind in ORPHANS + (rng.choice(ORPHANS),)]


def _hand(rng: random.Random, wall: Wall) -> tuple[list[int], list[tuple[MeldKind, list[int]]]]:
    form = rng.random()
    if form < 0.08:
        return _seven_pairs(rng, wall), []
    if form < 0.11:
        return _thirteen_orphans(rng, wall), []
    return _standard(rng, wall, rng.choices(STYLES, STYLE_WEIGHTS)[0])


def deal(rng: random.Random) -> Case:
    """One random winning hand and a random context a game could produce for it; one in 7 is 3-player."""
    players = 3 if rng.random() < 1 / 7 else 4
    while True:
        wall = Wall(rng, players)
        try:
            concealed, melds = _hand(rng, wall)
            return _context(rng, wall, concealed, melds)
        except WallEmpty:
            continue


def _context(rng: random.Random, wall: Wall, concealed: list[int], melds: list[tuple[MeldKind, list[int]]]) -> Case:
    win = rng.choice(concealed)
    tiles = [tile_of(tile) for tile in concealed]
    counts = [0] * 34
    for tile in tiles:
        counts[tile_kind(tile)] += 1
    hand = Hand(
        tuple(counts), tuple(int(red in tiles) for red in RED_FIVES),  # type: ignore[arg-type]
        tuple(Meld(kind, tuple(tile // 4 for tile in ids), red=sum(tile in RED_IDS136 for tile in ids))
              for kind, ids in melds),
        drawn=tile_of(win),
    )  # fmt: skip
    closed = all(kind is MeldKind.CLOSED_KAN for kind, _ in melds)
    kans = sum(kind in KANS for kind, _ in melds)
    tsumo = rng.random() < 0.5
    riichi = closed and rng.random() < 0.5
    double_riichi = riichi and rng.random() < 0.1
    rinshan = tsumo and kans > 0 and rng.random() < 0.3
    # A kan, even a closed one, ends ippatsu: no ippatsu with rinshan.
    ippatsu = riichi and not rinshan and rng.random() < 0.25
    # Robbing a kan: the other three copies of the winning tile are the added kan of another player.
    chankan = not tsumo and hand.total_counts[win // 4] == 1 and len(wall.left[win // 4]) == 3 and rng.random() < 0.15
    if chankan:
        wall.left[win // 4].clear()
    last_tile = not (rinshan or chankan) and rng.random() < 0.08
    first_draw = tsumo and not melds and not riichi and not last_tile and rng.random() < 0.04
    # 3-player: norths set aside (kita), each replaced from the dead wall; none before a tenhou or chiihou.
    players = wall.players
    kita = 0 if players == 4 or first_draw else min(rng.choice((0, 0, 1, 1, 2, 3, 4)), len(wall.left[30]))
    for _ in range(kita):
        wall.take(30)
    indicators = min(5, 1 + kans + rng.choice((0, 0, 0, 0, 1, 2)))
    dora = tuple(wall.take_any() for _ in range(indicators))
    ura = tuple(wall.take_any() for _ in range(indicators)) if riichi else ()
    return Case(
        hand, tuple(concealed), tuple(tuple(ids) for _, ids in melds), win, dora, ura, tsumo=tsumo,
        riichi=riichi and not double_riichi, double_riichi=double_riichi, ippatsu=ippatsu, rinshan=rinshan,
        chankan=chankan, last_tile=last_tile, first_draw=first_draw, round_wind=rng.randrange(players),
        seat_wind=rng.randrange(players), honba=rng.choice((0, 0, 0, 1, 2, 5)), sticks=rng.choice((0, 0, 1, 2)),
        players=players, kita=kita,
    )  # fmt: skip


def cases(seed: int, count: int) -> Iterator[Case]:
    """``count`` seeded cases: the same seed gives the same cases."""
    rng = random.Random(seed)
    for _ in range(count):
        yield deal(rng)


def case_of(notation: str, *, dora: str = "", ura: str = "", **context: int | bool) -> Case:
    """A case written by hand: the hand in notation, melds first and the winning tile written apart last, then the context.

    >>> print(case_of("123m456p789s1122z 2z", dora="1z", riichi=True, seat_wind=1))
    123m456p789s1122z2z ron riichi dora 1z E-round S-seat
    """
    hand = parse_hand(notation)
    if hand.drawn is None:
        raise ValueError(f"{notation!r}: write the winning tile apart")
    concealed, melds = to_ids136(hand), meld_ids136(hand)
    used = set(concealed).union(*melds)

    def free(tile: int) -> int:
        """A copy of tile id ``tile`` not used yet (the red copy for a red five)."""
        copies = [RED_IDS136[tile - 34]] if tile >= 34 else [i for i in _WALL[tile] if i not in RED_IDS136]
        chosen = next(copy for copy in reversed(copies) if copy not in used)
        used.add(chosen)
        return chosen

    drawn = hand.drawn
    win = next(tile for tile in concealed if tile_of(tile) == drawn)
    indicators = [tuple(free(tile) for tile in tile_ids(text)) for text in (dora, ura)]
    return Case(hand, tuple(concealed), tuple(map(tuple, melds)), win, *indicators, **context)  # type: ignore[arg-type]


def tile_ids(text: str) -> list[int]:
    """The tile ids (0-36) written in ``text``, in order: ``"1z0p"`` is ``[27, 35]``."""
    return [34 + "mps".index(suit) if digit == "0" else 9 * "mpsz".index(suit) + int(digit) - 1
            for digits, suit in re.findall(r"([0-9]+)([mpsz])", text) for digit in digits]  # fmt: skip


# --- the peers' inputs -------------------------------------------------------------------------


def _payments(case: Case, ron: int, from_dealer: int, from_others: int) -> tuple[int, int, int, int]:
    """(points, ron, from_dealer, from_others), points as records state them: before honba (100 per payer each).

    A dealer pays no tsumo to himself; in 3-player the absent north pays nothing."""
    payers, honba = case.players - 1, 100 * case.honba
    if not case.tsumo:
        return ron - payers * honba, ron, 0, 0
    if case.dealer:
        return payers * (from_others - honba), 0, 0, from_others
    return from_dealer + (payers - 1) * from_others - payers * honba, 0, from_dealer, from_others


# --- mahjong (PyPI, pure Python) ---------------------------------------------------------------

@functools.cache
def mahjong_options(rules: str, players: int) -> OptionalRules:
    """Our preset ``rules`` in mahjong's terms, where mahjong has the choice (it always stacks yakuman, and
    counts a double-wind pair 4 fu); every one of the four double yakuman or none."""
    chosen = RULES[rules]
    return OptionalRules(
        has_open_tanyao=chosen.open_tanyao, has_aka_dora=chosen.red_fives,
        has_double_yakuman=bool(chosen.double_yakuman), kiriage=chosen.kiriage_mangan,
        kazoe_limit=HandConfig.KAZOE_LIMITED if chosen.kazoe_yakuman else HandConfig.KAZOE_SANBAIMAN,
        fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False, renhou_as_yakuman=False, is_three_player=players == 3,
    )  # fmt: skip


_MAHJONG_MELDS = {
    MeldKind.CHI: (MahjongMeld.CHI, True), MeldKind.PON: (MahjongMeld.PON, True),
    MeldKind.OPEN_KAN: (MahjongMeld.KAN, True), MeldKind.ADDED_KAN: (MahjongMeld.SHOUMINKAN, True),
    MeldKind.CLOSED_KAN: (MahjongMeld.KAN, False),
}  # fmt: skip


def mahjong_arguments(case: Case) -> tuple[list[int], int, list[MahjongMeld], list[int], HandConfig, list[int]]:
    """The arguments of ``HandCalculator.estimate_hand_value``: its tiles include every meld's tiles."""
    calls = [MahjongMeld(_MAHJONG_MELDS[meld.kind][0], ids, opened=_MAHJONG_MELDS[meld.kind][1])
             for meld, ids in zip(case.hand.melds, case.melds136, strict=True)]  # fmt: skip
    config = HandConfig(
        is_tsumo=case.tsumo, is_riichi=case.riichi, is_daburu_riichi=case.double_riichi, is_ippatsu=case.ippatsu,
        is_rinshan=case.rinshan, is_chankan=case.chankan, is_haitei=case.last_tile and case.tsumo,
        is_houtei=case.last_tile and not case.tsumo, is_tenhou=case.first_draw and case.dealer,
        is_chiihou=case.first_draw and not case.dealer, player_wind=EAST + case.seat_wind,
        round_wind=EAST + case.round_wind, kyoutaku_number=case.sticks, tsumi_number=case.honba,
        options=mahjong_options(case.rules, case.players), num_nuki_dora=case.kita,
    )  # fmt: skip
    tiles = [*case.concealed136, *(tile for ids in case.melds136 for tile in ids)]
    return tiles, case.win136, calls, list(case.dora136), config, list(case.ura136)


def with_mahjong(case: Case) -> Scored:
    """mahjong 2.1.0's ``HandCalculator`` on ``case`` under its rules (``mahjong_options``)."""
    tiles, win, melds, dora, config, ura = mahjong_arguments(case)
    result = HandCalculator.estimate_hand_value(tiles, win, melds, dora, config, ura_dora_indicators=ura)
    if result.error or result.cost is None or result.han is None or result.yaku is None:
        return NO_YAKU
    opened = result.is_open_hand
    yaku_han = tuple(sorted((YAKU[YAKU_ID_TO_TENHOU_ID[yaku.yaku_id]], yaku.han_open if opened else yaku.han_closed)
                            for yaku in result.yaku))  # fmt: skip
    yaku_han = tuple(item for item in yaku_han if item[1])  # yaku of 0 han left out, as records leave them
    cost = result.cost
    yakuman = sum(han for name, han in yaku_han if name in YAKUMAN) // 13
    # mahjong's "main" is the ron, or the dealer's tsumo payment (each payer's, when the dealer wins).
    main, additional = cost["main"] + cost["main_bonus"], cost["additional"] + cost["additional_bonus"]
    payments = _payments(case, main, main, additional)
    limit = "yakuman" if cost["yaku_level"].endswith("x yakuman") else cost["yaku_level"]
    return Scored(result.han, result.fu, tuple(sorted({name for name, _ in yaku_han})), yaku_han, yakuman, *payments,
                  cost["total"], limit)  # fmt: skip


# --- riichienv (PyPI, Rust) ----------------------------------------------------------------------

_RIICHIENV_MELDS = {
    MeldKind.CHI: (riichienv.MeldType.Chi, True), MeldKind.PON: (riichienv.MeldType.Pon, True),
    MeldKind.OPEN_KAN: (riichienv.MeldType.Daiminkan, True), MeldKind.ADDED_KAN: (riichienv.MeldType.Kakan, True),
    MeldKind.CLOSED_KAN: (riichienv.MeldType.Ankan, False),
}  # fmt: skip
_RIICHIENV_WINDS = (riichienv.Wind.East, riichienv.Wind.South, riichienv.Wind.West, riichienv.Wind.North)
_RIICHIENV_YAKU = {yaku.id: KITA_DORA if yaku.name_en == "Nuki Dora" else YAKU[yaku.tenhou_id]
                   for yaku in riichienv.get_all_yaku()}  # fmt: skip


def riichienv_arguments(case: Case) -> tuple[list[int], list[riichienv.Meld], int, list[int], list[int], riichienv.Conditions]:
    """``HandEvaluator``'s arguments (the concealed tiles, the winning tile among them, and the melds), then ``calc``'s."""
    calls = [riichienv.Meld(_RIICHIENV_MELDS[meld.kind][0], list(ids), _RIICHIENV_MELDS[meld.kind][1])
             for meld, ids in zip(case.hand.melds, case.melds136, strict=True)]  # fmt: skip
    conditions = riichienv.Conditions(
        tsumo=case.tsumo, riichi=case.riichi or case.double_riichi, double_riichi=case.double_riichi,
        ippatsu=case.ippatsu, haitei=case.last_tile and case.tsumo, houtei=case.last_tile and not case.tsumo,
        rinshan=case.rinshan, chankan=case.chankan, tsumo_first_turn=case.first_draw,
        player_wind=_RIICHIENV_WINDS[case.seat_wind], round_wind=_RIICHIENV_WINDS[case.round_wind],
        riichi_sticks=case.sticks, honba=case.honba, kita_count=case.kita, is_sanma=case.players == 3,
        num_players=case.players,
    )  # fmt: skip
    return sorted(case.concealed136), calls, case.win136, list(case.dora136), list(case.ura136), conditions


def riichienv_evaluator(case: Case) -> type:
    """riichienv's evaluator class for the case's number of players."""
    return riichienv.HandEvaluator if case.players == 4 else riichienv.HandEvaluator3P


def with_riichienv(case: Case) -> Scored:
    """riichienv's ``HandEvaluator`` on ``case`` (it has no rule options: its own rules are Mahjong Soul's).

    riichienv states no han per yaku and no dora count, so ``yaku_han`` is None. Its dealer-tsumo
    payment is ``tsumo_agari_ko`` (what each player pays); ``tsumo_agari_oya`` then holds only the honba.
    """
    tiles, melds, win, dora, ura, conditions = riichienv_arguments(case)
    result = riichienv_evaluator(case)(tiles, melds).calc(win, dora, ura, conditions)
    if not result.is_win:
        return NO_YAKU
    yaku = tuple(sorted({_RIICHIENV_YAKU[number] for number in result.yaku}))
    payments = _payments(case, result.ron_agari, result.tsumo_agari_oya, result.tsumo_agari_ko)
    return Scored(result.han, result.fu, yaku, None, result.han // 13 if result.yakuman else 0, *payments, None, None)


# --- ours ----------------------------------------------------------------------------------------

FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "last_tile", "first_draw")
"""The flags of a win, in the order of the compiled entry's flag bits."""


def context(case: Case) -> dict[str, Any]:
    """``score``'s keyword arguments but the hand, the melds and the winning tile (dora and ura as tile ids)."""
    return {
        **{flag: getattr(case, flag) for flag in FLAGS}, "dora": case.dora, "ura": case.ura,
        "round_wind": case.round_wind, "seat_wind": case.seat_wind, "honba": case.honba, "sticks": case.sticks,
        "players": case.players, "kita": case.kita,
    }  # fmt: skip


def ours_arguments(case: Case) -> tuple[tuple[str], dict[str, Any]]:
    """``score``'s arguments: the hand in notation (melds in brackets), the winning tile's name, the context."""
    return (str(case.hand),), {"win": TILE_ID_NAMES[case.win], **context(case)}


def fast_arguments(case: Case) -> tuple[tuple[tuple[int, ...], int], dict[str, Any]]:
    """The compiled entry's arguments (``shanten.scoring._fast.score_ids``, where it exists): tile ids and bits.

    The entry's default rules are Tenhou's; the cases compared with it are."""
    from shanten.scoring import _fast  # type: ignore[attr-defined]

    types = {kind: number for number, kind in enumerate(_fast.MELD_TYPES)}
    melds = tuple((types[meld.kind], *map(tile_of, ids)) for meld, ids in zip(case.hand.melds, case.melds136))
    keywords = context(case)
    flags = sum(1 << bit for bit, flag in enumerate(FLAGS) if keywords.pop(flag))
    return (case.tiles, case.win), {"melds": melds, "flags": flags, **keywords}


def _scored(case: Case, result: Any) -> Scored:
    """Our answer (a ``Score``, or the compiled entry's result with the same fields) as a ``Scored``."""
    if not result.han:
        return NO_YAKU
    yaku_han = tuple(sorted(result.yaku))
    payments = _payments(case, result.ron, result.from_dealer, result.from_others)
    return Scored(result.han, result.fu, tuple(sorted({name for name, _ in yaku_han})), yaku_han, result.yakuman,
                  *payments, result.total, result.limit or "")  # fmt: skip


def with_ours(case: Case) -> Scored:
    """``shanten.scoring.score`` on ``case`` under its rules, from the hand's notation."""
    from shanten.scoring import score

    arguments, keywords = ours_arguments(case)
    return _scored(case, score(*arguments, rules=case.rules, **keywords))


def with_ours_compiled(case: Case) -> Scored:
    """``shanten.scoring._fast.score_ids`` on ``case`` (only in builds that have the compiled entry)."""
    from shanten.scoring import _fast  # type: ignore[attr-defined]

    arguments, keywords = fast_arguments(case)
    return _scored(case, _fast.score_ids(*arguments, **keywords))
