"""The yaku: one small class each, with its canonical name, its han closed and open, and its condition.

Names are those of ``shanten.records.names.YAKU`` (the records' vocabulary), and ``YAKU_LIST``
follows Tenhou's yaku order. A yaku's condition reads ``Facts``: one reading of the hand
(``hands.Arrangement``) and what happened at the win (``Situation``).

>>> [yaku.name for yaku in YAKU_LIST if yaku.open == 0][:4]
['menzen tsumo', 'riichi', 'ippatsu', 'pinfu']
>>> Chinitsu.closed, Chinitsu.open
(6, 5)
"""

from __future__ import annotations

from typing import NamedTuple

from ..records.names import YAKU, YAKUMAN_HAN
from .hands import KAN, PAIR, RUN, TERMINALS_AND_HONOURS, Arrangement
from .rules import Rules

DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)
GREEN: frozenset[int] = frozenset((19, 20, 21, 23, 25, 32))
"""2s 3s 4s 6s 8s and the green dragon: the tiles of ryuuiisou."""
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
TERMINALS: frozenset[int] = frozenset((0, 8, 9, 17, 18, 26))


class Tiles(NamedTuple):
    """What the whole hand's tiles say, the same for every reading (computed once per hand)."""

    counts: tuple[int, ...]  # 34 counts of every tile, melds included (a kan counts 4)
    simples: bool  # only 2-8 (tanyao)
    honours: bool  # some honour
    suits: int  # how many number suits
    edges: bool  # only terminals and honours (honroutou)
    honours_only: bool
    terminals_only: bool
    green: bool  # only the tiles of ryuuiisou
    nine_gates: int  # the extra tile's number 0-8 over 1112345678999 in one suit, else -1

    @classmethod
    def of(cls, counts: tuple[int, ...]) -> Tiles:
        """The facts of 34 counts.

        >>> Tiles.of((3, 1, 1, 1, 2, 1, 1, 1, 3) + (0,) * 25).nine_gates
        4
        """
        held = [kind for kind in range(34) if counts[kind]]
        suits = {kind // 9 for kind in held if kind < 27}
        nine_gates = -1
        if len(suits) == 1 and held[-1] < 27:
            suit = held[0] // 9 * 9
            extra = [counts[suit + n] - NINE_GATES[n] for n in range(9)]
            if min(extra) >= 0:
                nine_gates = extra.index(1)
        return cls(counts, not any(kind in TERMINALS_AND_HONOURS for kind in held), held[-1] >= 27, len(suits),
                   all(kind in TERMINALS_AND_HONOURS for kind in held), held[0] >= 27,
                   all(kind in TERMINALS for kind in held), all(kind in GREEN for kind in held), nine_gates)


class Situation(NamedTuple):
    """What happened at the win, and the whole hand's tiles: the same for every reading."""

    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    last_tile: bool
    first_draw: bool
    dealer: bool
    seat_wind: int  # tile kinds 27-30
    round_wind: int
    win: int  # the winning tile's kind
    closed: bool  # no call opened the hand (closed kans do not)
    tiles: Tiles
    rules: Rules


class Facts:
    """One reading of the hand in a situation, with what several yaku ask of it computed once."""

    __slots__ = ("form", "groups", "wait", "s", "closed", "runs", "triplets", "pair", "concealed_triplets", "kans")

    def __init__(self, arrangement: Arrangement, situation: Situation) -> None:
        self.form, self.groups, self.wait = arrangement
        self.s = situation
        self.closed = situation.closed
        self.runs = sorted(group.tile for group in self.groups if group.shape == RUN)
        self.triplets = [group.tile for group in self.groups if group.shape not in (RUN, PAIR)]
        pairs = [group.tile for group in self.groups if group.shape == PAIR]
        self.pair = pairs[0] if self.form == "standard" else -1
        self.concealed_triplets = sum(group.concealed for group in self.groups if group.shape not in (RUN, PAIR))
        self.kans = sum(group.shape == KAN for group in self.groups)

    def value_pair(self) -> bool:
        """Whether the pair is a dragon, the seat wind or the round wind."""
        return self.pair in DRAGONS or self.pair == self.s.seat_wind or self.pair == self.s.round_wind

    def outside(self) -> bool:
        """Whether every group and the pair hold a terminal or an honour (chanta, junchan)."""
        return self.form == "standard" and bool(self.runs) and all(
            group.tile in TERMINALS_AND_HONOURS or group.shape == RUN and group.tile % 9 == 6
            for group in self.groups)  # fmt: skip


class Yaku:
    """A yaku: canonical ``name``, han when ``closed`` and when ``open`` (0: closed hands only)."""

    name = ""
    closed = 1
    open = 1

    def holds(self, f: Facts) -> bool:
        raise NotImplementedError

    def han(self, f: Facts) -> int:
        """The han the yaku gives the hand when it holds (0: not in this hand)."""
        return self.closed if f.closed else self.open


class Yakuman(Yaku):
    """A yakuman: 13 han, 26 where the rules make it a double yakuman; closed-only ones say so in ``open``."""

    closed = YAKUMAN_HAN
    open = YAKUMAN_HAN

    def han(self, f: Facts) -> int:
        if not f.closed and not self.open:
            return 0
        return YAKUMAN_HAN * (2 if self.name in f.s.rules.double_yakuman else 1)


class MenzenTsumo(Yaku):
    name, open = "menzen tsumo", 0

    def holds(self, f: Facts) -> bool:
        return f.s.tsumo


class Riichi(Yaku):
    name, open = "riichi", 0

    def holds(self, f: Facts) -> bool:
        return f.s.riichi and not f.s.double_riichi


class Ippatsu(Yaku):
    name, open = "ippatsu", 0

    def holds(self, f: Facts) -> bool:
        return f.s.ippatsu


class Chankan(Yaku):
    name = "chankan"

    def holds(self, f: Facts) -> bool:
        return f.s.chankan


class RinshanKaihou(Yaku):
    name = "rinshan kaihou"

    def holds(self, f: Facts) -> bool:
        return f.s.rinshan


class HaiteiRaoyue(Yaku):
    name = "haitei raoyue"

    def holds(self, f: Facts) -> bool:
        return f.s.last_tile and f.s.tsumo


class HouteiRaoyui(Yaku):
    name = "houtei raoyui"

    def holds(self, f: Facts) -> bool:
        return f.s.last_tile and not f.s.tsumo


class Pinfu(Yaku):
    name, open = "pinfu", 0

    def holds(self, f: Facts) -> bool:
        return len(f.runs) == 4 and f.wait == "ryanmen" and not f.value_pair()


class Tanyao(Yaku):
    name = "tanyao"

    def holds(self, f: Facts) -> bool:
        return f.s.tiles.simples and (f.closed or f.s.rules.open_tanyao)


class Iipeikou(Yaku):
    name, open = "iipeikou", 0

    def holds(self, f: Facts) -> bool:
        runs = f.runs
        return any(runs[i] == runs[i + 1] for i in range(len(runs) - 1)) and not _two_pairs_of_runs(f)


def _two_pairs_of_runs(f: Facts) -> bool:
    runs = f.runs
    return len(runs) == 4 and runs[0] == runs[1] and runs[2] == runs[3]


class Triplet(Yaku):
    """A value triplet: ``tile`` is a dragon kind, or None for the seat wind or the round wind."""

    def __init__(self, name: str, tile: int | None = None) -> None:
        self.name = name
        self.tile = tile

    def holds(self, f: Facts) -> bool:
        tile = self.tile
        if tile is None:
            tile = f.s.seat_wind if self.name == "seat wind" else f.s.round_wind
        return tile in f.triplets


class DoubleRiichi(Yaku):
    name, closed, open = "double riichi", 2, 0

    def holds(self, f: Facts) -> bool:
        return f.s.double_riichi


class Chiitoitsu(Yaku):
    name, closed, open = "chiitoitsu", 2, 0

    def holds(self, f: Facts) -> bool:
        return f.form == "chiitoitsu"


class Chanta(Yaku):
    name, closed, open = "chanta", 2, 1

    def holds(self, f: Facts) -> bool:
        return f.s.tiles.honours and f.outside()


class Ittsu(Yaku):
    name, closed, open = "ittsu", 2, 1

    def holds(self, f: Facts) -> bool:
        return any(s in f.runs and s + 3 in f.runs and s + 6 in f.runs for s in (0, 9, 18))


class SanshokuDoujun(Yaku):
    name, closed, open = "sanshoku doujun", 2, 1

    def holds(self, f: Facts) -> bool:
        return any(t in f.runs and t + 9 in f.runs and t + 18 in f.runs for t in f.runs if t < 9)


class SanshokuDoukou(Yaku):
    name, closed, open = "sanshoku doukou", 2, 2

    def holds(self, f: Facts) -> bool:
        return any(t in f.triplets and t + 9 in f.triplets and t + 18 in f.triplets for t in f.triplets if t < 9)


class Sankantsu(Yaku):
    name, closed, open = "sankantsu", 2, 2

    def holds(self, f: Facts) -> bool:
        return f.kans == 3


class Toitoi(Yaku):
    name, closed, open = "toitoi", 2, 2

    def holds(self, f: Facts) -> bool:
        return f.form == "standard" and not f.runs


class Sanankou(Yaku):
    name, closed, open = "sanankou", 2, 2

    def holds(self, f: Facts) -> bool:
        return f.concealed_triplets == 3


class Shousangen(Yaku):
    name, closed, open = "shousangen", 2, 2

    def holds(self, f: Facts) -> bool:
        return f.pair in DRAGONS and sum(tile in f.triplets for tile in DRAGONS) == 2


class Honroutou(Yaku):
    name, closed, open = "honroutou", 2, 2

    def holds(self, f: Facts) -> bool:
        return f.s.tiles.edges and f.form != "kokushi"


class Ryanpeikou(Yaku):
    name, closed, open = "ryanpeikou", 3, 0

    def holds(self, f: Facts) -> bool:
        return _two_pairs_of_runs(f)


class Junchan(Yaku):
    name, closed, open = "junchan", 3, 2

    def holds(self, f: Facts) -> bool:
        return not f.s.tiles.honours and f.outside()


class Honitsu(Yaku):
    name, closed, open = "honitsu", 3, 2

    def holds(self, f: Facts) -> bool:
        return f.s.tiles.honours and f.s.tiles.suits == 1


class Chinitsu(Yaku):
    name, closed, open = "chinitsu", 6, 5

    def holds(self, f: Facts) -> bool:
        return not f.s.tiles.honours and f.s.tiles.suits == 1


class Renhou(Yaku):
    """A non-dealer's ron before its first draw: a 5-han yaku or a yakuman, as the rules say."""

    name, closed, open = "renhou", 5, 0

    def holds(self, f: Facts) -> bool:
        return f.s.first_draw and not f.s.tsumo and f.s.rules.renhou is not None

    def han(self, f: Facts) -> int:
        return YAKUMAN_HAN if f.s.rules.renhou == "yakuman" else self.closed


class Tenhou(Yakuman):
    name, open = "tenhou", 0

    def holds(self, f: Facts) -> bool:
        return f.s.first_draw and f.s.tsumo and f.s.dealer


class Chiihou(Yakuman):
    name, open = "chiihou", 0

    def holds(self, f: Facts) -> bool:
        return f.s.first_draw and f.s.tsumo and not f.s.dealer


class Daisangen(Yakuman):
    name = "daisangen"

    def holds(self, f: Facts) -> bool:
        return all(tile in f.triplets for tile in DRAGONS)


class Suuankou(Yakuman):
    name, open = "suuankou", 0

    def holds(self, f: Facts) -> bool:
        return f.concealed_triplets == 4 and f.wait != "tanki"


class SuuankouTanki(Yakuman):
    name, open = "suuankou tanki", 0

    def holds(self, f: Facts) -> bool:
        return f.concealed_triplets == 4 and f.wait == "tanki"


class Tsuuiisou(Yakuman):
    name = "tsuuiisou"

    def holds(self, f: Facts) -> bool:
        return f.s.tiles.honours_only


class Ryuuiisou(Yakuman):
    name = "ryuuiisou"

    def holds(self, f: Facts) -> bool:
        return f.s.tiles.green


class Chinroutou(Yakuman):
    name = "chinroutou"

    def holds(self, f: Facts) -> bool:
        return f.s.tiles.terminals_only


class ChuurenPoutou(Yakuman):
    name, open = "chuuren poutou", 0

    def holds(self, f: Facts) -> bool:
        return f.s.tiles.nine_gates >= 0 and f.s.tiles.nine_gates != f.s.win % 9


class JunseiChuurenPoutou(Yakuman):
    """The hand before the win was 1112345678999 itself: it waited on all nine tiles of the suit."""

    name, open = "junsei chuuren poutou", 0

    def holds(self, f: Facts) -> bool:
        return f.s.tiles.nine_gates >= 0 and f.s.tiles.nine_gates == f.s.win % 9


class Kokushi(Yakuman):
    name, open = "kokushi musou", 0

    def holds(self, f: Facts) -> bool:
        return f.wait == "kokushi"


class Kokushi13(Yakuman):
    name, open = "kokushi musou 13-sided", 0

    def holds(self, f: Facts) -> bool:
        return f.wait == "kokushi 13-sided"


class Daisuushii(Yakuman):
    name = "daisuushii"

    def holds(self, f: Facts) -> bool:
        return all(tile in f.triplets for tile in WINDS)


class Shousuushii(Yakuman):
    name = "shousuushii"

    def holds(self, f: Facts) -> bool:
        return f.pair in WINDS and sum(tile in f.triplets for tile in WINDS) == 3


class Suukantsu(Yakuman):
    name = "suukantsu"

    def holds(self, f: Facts) -> bool:
        return f.kans == 4


YAKU_LIST: tuple[Yaku, ...] = (
    MenzenTsumo(), Riichi(), Ippatsu(), Chankan(), RinshanKaihou(), HaiteiRaoyue(), HouteiRaoyui(), Pinfu(),
    Tanyao(), Iipeikou(),
    Triplet("seat wind"), Triplet("round wind"), Triplet("haku", 31), Triplet("hatsu", 32), Triplet("chun", 33),
    DoubleRiichi(), Chiitoitsu(), Chanta(), Ittsu(), SanshokuDoujun(), SanshokuDoukou(), Sankantsu(), Toitoi(),
    Sanankou(), Shousangen(), Honroutou(), Ryanpeikou(), Junchan(), Honitsu(), Chinitsu(), Renhou(),
    Tenhou(), Chiihou(), Daisangen(), Suuankou(), SuuankouTanki(), Tsuuiisou(), Ryuuiisou(), Chinroutou(),
    ChuurenPoutou(), JunseiChuurenPoutou(), Kokushi(), Kokushi13(), Daisuushii(), Shousuushii(), Suukantsu(),
)  # fmt: skip
"""Every yaku, in Tenhou's order (``shanten.records.names.YAKU`` without dora)."""

assert [yaku.name for yaku in YAKU_LIST] == list(dict.fromkeys(YAKU[:52])), "yaku out of Tenhou's order"


def yaku_of(f: Facts) -> list[tuple[str, int]]:
    """The yaku of one reading with their han: the yakuman alone if there is one.

    >>> from shanten.scoring import score
    >>> score("123m456p789s11z23s 4s", tsumo=True, round_wind=1, seat_wind=1).yaku
    (('menzen tsumo', 1), ('pinfu', 1))
    """
    found = [(yaku.name, han) for yaku in YAKU_LIST if yaku.holds(f) and (han := yaku.han(f))]
    return [(name, han) for name, han in found if han >= YAKUMAN_HAN] or found
