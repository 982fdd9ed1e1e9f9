"""Seeded random winning hands with random contexts, for the scoring differentials and the bench.

A hand is drawn as groups (random melds among them) and a pair, or as seven pairs or
thirteen orphans, from a tile pool that favours one of several styles (any tiles, one
suit with or without honours, terminals and honours, simples), so that flushes,
outside hands and yakuman come up often enough to be tested. Each of the 136 tiles
is used once: the red five of a suit is its copy 0.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from shanten.scoring._fast import (
    CHANKAN, CHI, CLOSED_KAN, DOUBLE_RIICHI, FIRST_DRAW, IPPATSU, LAST_TILE, OPEN_KAN, ADDED_KAN, PON, RIICHI,
    RINSHAN, TSUMO,
)  # fmt: skip
from shanten.tiles import TILE_ID_NAMES

FIVES = (4, 13, 22)


@dataclass
class RandomWin:
    """One win: 136-tile ids (copy = id % 4; the red five is copy 0 of a five) and its context."""

    concealed: list[int]                      # 136 ids, the winning tile among them
    win: int                                  # 136 id
    melds: list[tuple[int, list[int]]]        # (meld type of _fast, 136 ids)
    flags: int = 0
    dora: list[int] = field(default_factory=list)   # indicators, 136 ids
    ura: list[int] = field(default_factory=list)
    round_wind: int = 0
    seat_wind: int = 0
    kita: int = 0
    honba: int = 0
    sticks: int = 0
    players: int = 4

    @staticmethod
    def tile_id(tile136: int, reds: bool = True) -> int:
        kind = tile136 // 4
        return 34 + FIVES.index(kind) if reds and kind in FIVES and tile136 % 4 == 0 else kind

    def ids(self) -> tuple[list[int], int, list[tuple[int, ...]]]:
        """The hand in score_ids' arguments: concealed ids, win id, melds."""
        melds = [(kind, *map(self.tile_id, tiles)) for kind, tiles in self.melds]
        return [self.tile_id(t) for t in self.concealed], self.tile_id(self.win), melds

    def __str__(self) -> str:
        concealed, win, melds = self.ids()
        names = " ".join(TILE_ID_NAMES[t] for t in sorted(concealed))
        meld_text = " ".join(f"{'chi pon kan ankan kakan'.split()[k]}:{''.join(TILE_ID_NAMES[t] for t in m)}"
                             for k, *m in melds)
        return (f"{names} | {meld_text} | win {TILE_ID_NAMES[win]} flags {self.flags} dora "
                f"{[TILE_ID_NAMES[t // 4] for t in self.dora]} ura {[TILE_ID_NAMES[t // 4] for t in self.ura]} "
                f"round {self.round_wind} seat {self.seat_wind} kita {self.kita} honba {self.honba} "
                f"sticks {self.sticks} players {self.players}")


def _style_kinds(rng: random.Random, players: int) -> list[int]:
    kinds = [k for k in range(34) if not (players == 3 and 1 <= k <= 7)]
    style = rng.randrange(8)
    suit = rng.randrange(1, 3) if players == 3 else rng.randrange(3)
    if style == 1:
        return [k for k in kinds if k // 9 == suit or k >= 27]
    if style == 2:
        return [k for k in kinds if k // 9 == suit]
    if style == 3:
        return [k for k in kinds if k >= 27 or k % 9 in (0, 8)]
    if style == 4:
        return [k for k in kinds if k < 27 and k % 9 not in (0, 8)]
    if style == 5:
        return [k for k in kinds if k // 9 == suit or k >= 27 or k % 9 in (0, 6, 8)]
    if style == 6:  # junchan, sanshoku
        return [k for k in kinds if k < 27 and k % 9 in (0, 1, 2, 6, 7, 8)]
    return kinds


def _shape(rng: random.Random, players: int) -> tuple[list[int], list[tuple[int, int]], int] | None:
    """Concealed kinds, melds (type, kind) and the pair kind, or None when the draw failed."""
    kinds = _style_kinds(rng, players)
    form = rng.random()
    counts = [0] * 34
    if form < 0.03 and players == 4 or form < 0.01:  # thirteen orphans
        orphans = [k for k in range(34) if k >= 27 or k % 9 in (0, 8)]
        return orphans + [rng.choice(orphans)], [], -1
    if form < 0.015 and players == 4:  # nine gates: 1112345678999 and one more of the suit
        suit = 9 * rng.randrange(3)
        gates = [suit + i for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(n)]
        return gates + [suit + rng.randrange(9)], [], -1
    if form < 0.10:  # seven pairs
        if len(kinds) < 7:
            return None
        pairs = rng.sample(kinds, 7)
        return [k for k in pairs for _ in range(2)], [], -1
    n_melds = rng.choice((0, 0, 0, 0, 1, 1, 2, 2, 3, 4))
    concealed: list[int] = []
    melds: list[tuple[int, int]] = []
    for g in range(4):
        runs = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 1 in kinds and k + 2 in kinds]
        is_meld = g < n_melds
        if runs and rng.random() < 0.55:
            k = rng.choice(runs)
            if players == 3 and is_meld:
                is_meld = False  # no chi in 3-player: a concealed run instead
            for t in (k, k + 1, k + 2):
                counts[t] += 1
            if is_meld:
                melds.append((CHI, k))
            else:
                concealed += [k, k + 1, k + 2]
        else:
            k = rng.choice(kinds)
            if is_meld:
                kind = rng.choice((PON, PON, PON, OPEN_KAN, CLOSED_KAN, ADDED_KAN))
                counts[k] += 3 if kind == PON else 4
                melds.append((kind, k))
            else:
                if rng.random() < 0.06:  # a closed kan among the concealed groups
                    counts[k] += 4
                    melds.append((CLOSED_KAN, k))
                else:
                    counts[k] += 3
                    concealed += [k] * 3
    pair = rng.choice(kinds)
    counts[pair] += 2
    concealed += [pair, pair]
    if max(counts) > 4:
        return None
    return concealed, melds, pair


def random_win(rng: random.Random, players: int | None = None) -> RandomWin:
    """A random winning hand with a random context (every flag consistent with the hand)."""
    players = players or (3 if rng.random() < 0.15 else 4)
    while True:
        shape = _shape(rng, players)
        if shape is not None:
            break
    concealed_kinds, melds, _ = shape
    copies = {k: rng.sample(range(4), 4) for k in range(34)}
    taken = {k: 0 for k in range(34)}

    def take(k: int) -> int:
        tile = 4 * k + copies[k][taken[k]]
        taken[k] += 1
        return tile

    concealed = [take(k) for k in concealed_kinds]
    meld_tiles = []
    for kind, k in melds:
        tiles = [take(t) for t in ((k, k + 1, k + 2) if kind == CHI else (k,) * (3 if kind == PON else 4))]
        meld_tiles.append((kind, tiles))
    win = rng.choice(concealed)
    w = RandomWin(concealed, win, meld_tiles, players=players)
    open_hand = any(kind != CLOSED_KAN for kind, _ in melds)
    kans = any(kind != CHI and kind != PON for kind, _ in melds)
    tsumo = rng.random() < 0.45
    flags = TSUMO if tsumo else 0
    if not open_hand and rng.random() < 0.5:
        flags |= DOUBLE_RIICHI if rng.random() < 0.08 else RIICHI
        if rng.random() < 0.25:
            flags |= IPPATSU
    if tsumo and kans and rng.random() < 0.3:
        flags |= RINSHAN
    if not tsumo and rng.random() < 0.04 and taken[win // 4] == 1:
        flags |= CHANKAN
    if rng.random() < 0.05 and not flags & (RINSHAN | CHANKAN):
        flags |= LAST_TILE
    if not melds and not flags & (RIICHI | DOUBLE_RIICHI | RINSHAN | LAST_TILE | CHANKAN) and rng.random() < 0.03:
        flags |= FIRST_DRAW
    w.seat_wind = rng.randrange(players)
    if flags & FIRST_DRAW and not tsumo and w.seat_wind == 0:  # renhou is a non-dealer's
        flags &= ~FIRST_DRAW
    w.flags = flags
    w.round_wind = rng.randrange(2 if players == 3 else 4)
    free = [t for t in range(136) if copies[t // 4].index(t % 4) >= taken[t // 4]]  # tiles not in the hand
    if players == 3:
        free = [t for t in free if not 1 <= t // 4 <= 7]
    indicators = rng.sample(free, 2 * rng.randrange(1, 6))
    half = len(indicators) // 2
    w.dora = indicators[:half]
    if flags & (RIICHI | DOUBLE_RIICHI):
        w.ura = indicators[half:]
    if players == 3:
        norths = 4 - taken[30]
        w.kita = rng.randrange(norths + 1) if norths else 0
    w.honba = rng.choice((0, 0, 1, 2, 5))
    w.sticks = rng.choice((0, 0, 1, 3))
    return w
