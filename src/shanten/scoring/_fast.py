"""The compiled scoring kernel from Python: one win per call from tile ids, or a numpy batch.

``score_ids`` is the C function itself (no Python frame in between), for callers that
score many hands one by one; ``score_batch`` scores rows of the structured dtype
``input_dtype()`` on the thread pool. Both return the C struct of the result, read
as attributes; the yaku names, the limit's name, the fu breakdown and the winning
decomposition are decoded here on demand.

>>> result = score_ids([0, 1, 2, 12, 13, 14, 21, 22, 23, 27, 27, 32, 32, 32], 32, flags=TSUMO | RIICHI, seat_wind=1)
>>> result.han, result.fu, result.yaku, result.points, result.from_dealer, result.from_others
(3, 40, (('menzen tsumo', 1), ('riichi', 1), ('hatsu', 1)), 5200, 2600, 1300)
>>> result.decomposition, result.limit
(('123m', '456p', '456s', '666z', '11z'), None)
>>> str(score_ids([1, 1, 1, 3, 3, 3, 14, 14, 14, 16, 16, 16, 22, 22], 22, flags=TSUMO))
'1x yakuman: suuankou tanki 13; tsumo 16000 all'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import _core
from ..records.names import KITA_DORA, YAKU
from ..tiles import FIVES, Meld, MeldKind, format_tiles
from .rules import Rules, ScoringError, rules_named

if TYPE_CHECKING:
    import numpy as np

# Flags of a win (the SC_ bits of src/core/score.h).
TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, RINSHAN, CHANKAN, LAST_TILE, FIRST_DRAW = (1 << bit for bit in range(8))

# Meld types of score_ids, in MeldKind's order.
MELD_TYPES: tuple[MeldKind, ...] = tuple(MeldKind)
CHI, PON, OPEN_KAN, CLOSED_KAN, ADDED_KAN = range(5)

# Rule bits (SR_ of score.h).
_OPEN_TANYAO, _RED_FIVES, _KAZOE, _KIRIAGE = 1, 2, 4, 8
_DOUBLE = {"kokushi musou 13-sided": 16, "suuankou tanki": 32, "junsei chuuren poutou": 64, "daisuushii": 128}
_STACK, _TSUMO_LOSS, _WIND_PAIR_2, _RINSHAN_NO_TSUMO_FU, _NO_KITA = 256, 512, 1024, 2048, 4096

LIMITS: tuple[str | None, ...] = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe yakuman")
NAMES: tuple[str, ...] = (*YAKU, KITA_DORA)
"""Yaku names by bit of ``yaku_mask``: Tenhou's ids 0-54, then 55 kita dora."""

FastScore = _core.ScoreResult
"""A scored win as the kernel wrote it (the C struct), names and groups decoded on access."""

_ORDER = (*range(52), 52, 54, 53, 55)  # yaku by id, then dora, aka dora, ura dora, kita dora
_WAITS = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon", "")
_PAIR, _RUN, _TRIPLET, _ORPHANS = 5, 6, 7, 8


def rules_code(
    *,
    open_tanyao: bool = True,
    red_fives: bool = True,
    kazoe_yakuman: bool = True,
    kiriage: bool = False,
    double_yakuman: Sequence[str] = (),
    stacking: bool = True,
    tsumo_loss: bool = True,
    renhou: int = 0,
    honba: int = 100,
    double_wind_pair_fu: int = 4,
    rinshan_tsumo_fu: bool = True,
    kita: bool = True,
) -> int:
    """The rules as the int the kernel reads; the defaults are Tenhou's.

    ``double_yakuman``: the yakuman counted twice (names from ``YAKU``); ``renhou``: 0 none,
    its han, or 13 for a yakuman; ``honba``: points per paying player per honba.

    >>> rules_code() == TENHOU, rules_code(kiriage=True) & 8
    (True, 8)
    """
    bits = (
        _OPEN_TANYAO * open_tanyao | _RED_FIVES * red_fives | _KAZOE * kazoe_yakuman | _KIRIAGE * kiriage
        | _STACK * stacking | _TSUMO_LOSS * tsumo_loss | _WIND_PAIR_2 * (double_wind_pair_fu == 2)
        | _RINSHAN_NO_TSUMO_FU * (not rinshan_tsumo_fu) | _NO_KITA * (not kita)
    )  # fmt: skip
    for name in double_yakuman:
        bits |= _DOUBLE[name]
    if not 0 <= renhou <= 13 or honba % 100 or not 0 <= honba <= 25500:
        raise ScoringError(f"renhou is 0-13 han and honba a multiple of 100, got {renhou} and {honba}")
    return bits | renhou << 16 | honba // 100 << 24


TENHOU = rules_code()
"""Tenhou: open tanyao, red fives, kazoe yakuman, no kiriage, no double yakuman, yakuman stack,
no renhou, 3-player tsumo loss, a double wind pair 4 fu."""


@lru_cache(maxsize=64)
def code_of(rules: int | str | Rules) -> int:
    """The code of a preset name or a ``Rules`` (pao does not change a hand's value).

    >>> code_of("tenhou") == TENHOU, code_of("wrc") == rules_code(red_fives=False, kazoe_yakuman=False,
    ...                                                         kiriage=True, stacking=False)
    (True, True)
    """
    if isinstance(rules, int):
        return rules
    r = rules_named(rules)
    return rules_code(
        open_tanyao=r.open_tanyao, red_fives=r.red_fives, kazoe_yakuman=r.kazoe_yakuman, kiriage=r.kiriage_mangan,
        double_yakuman=sorted(r.double_yakuman), stacking=r.yakuman_stacking, tsumo_loss=r.tsumo_loss,
        renhou={None: 0, "mangan": 5, "yakuman": 13}[r.renhou], honba=r.honba_per_payer,
        double_wind_pair_fu=r.double_wind_fu, kita=r.kita,
    )  # fmt: skip


# The attributes of ScoreResult decoded in Python, when asked: the C type calls these functions
# (registered below), so that a scoring builds no Python object but its result.


def _yaku(result: FastScore) -> tuple[tuple[str, int], ...]:
    """(name, han) of each yaku by Tenhou id; dora, aka dora, ura dora, kita dora as such."""
    han = result.raw[_YAKU_HAN : _YAKU_HAN + len(NAMES)]
    mask = result.yaku_mask
    return tuple((NAMES[i], han[i]) for i in _ORDER if mask >> i & 1)


def _limit(result: FastScore) -> str | None:
    return LIMITS[result.limit_code]


def _groups(result: FastScore) -> tuple[tuple[int, int, int], ...]:
    """(type, kind, red fives) of each group: meld types 0-4, 5 pair, 6 run, 7 triplet, 8 orphans."""
    raw = result.raw
    n = raw[_N_GROUPS]
    types, kinds, reds = (raw[start : start + n] for start in (_TYPES, _KINDS, _GROUP_RED))
    red = list(raw[_RED : _RED + 3])
    groups = []
    for kind_of_group, kind, meld_red in zip(types, kinds, reds, strict=True):
        fives = 0
        if kind_of_group < _PAIR:
            fives = meld_red
        elif kind < 27:  # concealed red fives go to the first groups holding fives of their suit
            suit = kind // 9
            held = _group_counts(kind_of_group, kind)[FIVES[suit]]
            fives = min(held, red[suit])
            red[suit] -= fives
        groups.append((kind_of_group, kind, fives))
    return tuple(groups)


def _ordered(result: FastScore) -> list[tuple[int, tuple[int, int, int]]]:
    """(index, group) as the Python scorer lists groups: the melds, the concealed groups, the pair."""
    indexed = list(enumerate(result.groups))
    return sorted(indexed, key=lambda item: (item[1][0] >= _PAIR, item[1][0] == _PAIR))


def _decomposition(result: FastScore) -> tuple[str, ...]:
    """The groups in notation as ``shanten.scoring.score`` writes them: called ``[...]``,
    closed kans ``(...)``, then the concealed groups and the pair (red fives as fives)."""
    out = []
    for _, (kind_of_group, kind, _) in _ordered(result):
        counts = _group_counts(kind_of_group, kind)
        if kind_of_group == _ORPHANS:  # thirteen orphans: the whole hand, one group
            counts = [int(k >= 27 or k % 9 in (0, 8)) + (k == kind) for k in range(34)]
        text = format_tiles(counts)
        if kind_of_group == CLOSED_KAN:
            text = f"({text})"
        elif kind_of_group < _PAIR:
            text = f"[{text}]"
        out.append(text)
    return tuple(out)


def _fu_breakdown(result: FastScore) -> tuple[tuple[str, int], ...]:
    """Where the fu come from, named as ``shanten.scoring.score`` names them."""
    code = result.fu_code
    form = code & 3
    if form == 1:
        return (("seven pairs", 25),)
    if form == 2:
        return ()
    by_tsumo = bool(code & 128)
    if code & 32 and by_tsumo:
        return (("pinfu tsumo", 20),)
    parts = [("base", 20)]
    if code & 16:
        parts.append(("closed ron", 10))
    if code & 8:
        parts.append(("tsumo", 2))
    pair = -1
    for (index, (kind_of_group, kind, _)), text in zip(_ordered(result), result.decomposition, strict=True):
        if kind_of_group in (_PAIR, _ORPHANS):
            pair = kind
        if kind_of_group not in (_TRIPLET, PON, OPEN_KAN, CLOSED_KAN, ADDED_KAN):
            continue
        kan = kind_of_group in (OPEN_KAN, CLOSED_KAN, ADDED_KAN)
        concealed = kind_of_group == CLOSED_KAN or (
            kind_of_group == _TRIPLET and (by_tsumo or index != result.win_group)
        )
        outside = kind >= 27 or kind % 9 in (0, 8)
        shape = "kan" if kan else "triplet"
        parts.append((f"{'closed' if concealed else 'open'} {shape} {text}", 2 << outside << concealed << 2 * kan))
    pair_fu = code >> 12 & 15
    if pair_fu:
        seat, round_wind = result.raw[_WINDS_AT], result.raw[_WINDS_AT + 1]
        if pair >= 31:
            parts.append(("pair of dragons", pair_fu))
        elif pair - 27 == seat == round_wind:
            parts.append(("pair of the double wind", pair_fu))
        else:
            parts.append((f"pair of the {'seat' if pair - 27 == seat else 'round'} wind", pair_fu))
    wait = code >> 8 & 7
    if wait in (1, 2, 3):
        parts.append((f"{_WAITS[wait]} wait", 2))
    if code & 64:
        parts.append(("open pinfu shape", 10))
    rest = result.fu - sum(fu for _, fu in parts)
    if rest:
        parts.append(("rounded up", rest))
    return tuple(parts)


def _str(result: FastScore) -> str:
    """One line, as ``shanten.scoring.Score`` writes it."""
    if not result.yaku_mask:
        return "no yaku"
    value = f"{result.yakuman}x yakuman" if result.yakuman else f"{result.han} han {result.fu} fu"
    if result.limit and not result.yakuman:
        value += f" {result.limit}"
    yaku = ", ".join(f"{name} {han}" for name, han in result.yaku)
    if result.ron:
        paid = f"ron {result.points}"
    elif result.dealer:
        paid = f"tsumo {result.from_others} all"
    else:
        paid = f"tsumo {result.from_others}/{result.from_dealer}"
    return f"{value}: {yaku}; {paid}"


def _repr(result: FastScore) -> str:
    return f"<ScoreResult {result}>"


def _group_counts(kind_of_group: int, kind: int) -> list[int]:
    counts = [0] * 34
    if kind_of_group in (CHI, _RUN):
        for k in range(kind, kind + 3):
            counts[k] = 1
    else:
        counts[kind] = {_PAIR: 2, _ORPHANS: 2, PON: 3, _TRIPLET: 3}.get(kind_of_group, 4)
    return counts


# Offsets in struct score_result (score.h): yaku 0, 6 int32 8-31, han 32, fu 34, fu_code 36, then bytes.
_N_GROUPS, _TYPES, _KINDS, _YAKU_HAN, _GROUP_RED, _RED, _WINDS_AT = 43, 45, 52, 59, 115, 122, 125

_core._score_setup(
    {"yaku": _yaku, "limit": _limit, "groups": _groups, "decomposition": _decomposition,
     "fu_breakdown": _fu_breakdown, "__str__": _str, "__repr__": _repr},
    ScoringError, TENHOU,
)  # fmt: skip
score_ids = _core.score_ids


def fast_score(
    hand: str | Sequence[int],
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
    rules: int | str | Rules = TENHOU,
) -> FastScore:
    """The kernel behind the arguments of ``shanten.scoring.score`` (notation or tile ids; rules as a code).

    >>> r = fast_score("234m55p678s999s [111z]", win="9s", seat_wind="E", dora="1m")
    >>> r.han, r.fu, r.ron, r.yaku
    (3, 30, 5800, (('seat wind', 1), ('round wind', 1), ('dora', 1)))
    >>> r.fu_breakdown
    (('base', 20), ('open triplet [111z]', 4), ('open triplet 999s', 4), ('rounded up', 2))
    >>> fast_score("123m456p789s11z222z", win="2z", tsumo=True).fu_breakdown
    (('base', 20), ('tsumo', 2), ('closed triplet 222z', 8), ('pair of the double wind', 4), ('rounded up', 6))
    """
    from .evaluate import _read_hand, _tile_ids, _wind  # the one reading of score()'s arguments

    if type(players) is not int or players not in (3, 4):
        raise ScoringError(f"players must be 3 or 4, got {players!r}")
    counts, red, meld_list, win_id, _ = _read_hand(hand, melds, win, players)
    tiles = concealed_ids(counts, red)
    flags = (
        TSUMO * tsumo | RIICHI * riichi | DOUBLE_RIICHI * double_riichi | IPPATSU * ippatsu | RINSHAN * rinshan
        | CHANKAN * chankan | LAST_TILE * last_tile | FIRST_DRAW * first_draw
    )  # fmt: skip
    return score_ids(
        tiles, win_id, [meld_ids(meld) for meld in meld_list], flags, _tile_ids(dora, "dora"), _tile_ids(ura, "ura"),
        _wind(round_wind, "round_wind"), _wind(seat_wind, "seat_wind"), kita, honba, sticks, players, code_of(rules),
    )  # fmt: skip


def meld_ids(meld: Meld) -> tuple[int, ...]:
    """(type, tile ids...) of a Meld: its first red fives as red ids."""
    red = meld.red
    ids = []
    for kind in meld.tiles:
        if red and kind in FIVES:
            ids.append(34 + FIVES.index(kind))
            red -= 1
        else:
            ids.append(kind)
    return (MELD_TYPES.index(meld.kind), *ids)


def concealed_ids(counts: Sequence[int], red: Sequence[int]) -> list[int]:
    """Tile ids of 34 concealed counts with ``red`` red fives per suit (m, p, s) among the fives."""
    ids = [kind for kind, copies in enumerate(counts) for _ in range(copies)]
    for suit, reds in enumerate(red):
        start = ids.index(FIVES[suit]) if reds else 0
        ids[start:start + reds] = [34 + suit] * reds
    return ids


def input_dtype() -> np.dtype[Any]:
    """The numpy dtype of one row of ``score_batch``: ``struct win_input`` of score.h (128 bytes)."""
    import numpy as np

    return np.dtype([
        ("counts", "u1", 34), ("dora", "u1", 34), ("ura", "u1", 34), ("red", "u1", 3), ("win", "u1"),
        ("n_melds", "u1"), ("melds", "u1", (4, 3)), ("flags", "u1"), ("kita", "u1"), ("round_wind", "u1"),
        ("seat_wind", "u1"), ("players", "u1"), ("honba", "u1"), ("sticks", "u1"), ("reserved", "u1", 2),
    ])  # fmt: skip


def output_dtype() -> np.dtype[Any]:
    """The numpy dtype of one result row: ``struct score_result`` of score.h (128 bytes)."""
    import numpy as np

    return np.dtype([
        ("yaku", "<u8"), ("base", "<i4"), ("points", "<i4"), ("ron", "<i4"), ("from_dealer", "<i4"),
        ("from_others", "<i4"), ("total", "<i4"), ("han", "<i2"), ("fu", "<i2"), ("fu_code", "<u4"),
        ("yakuman", "u1"), ("limit", "u1"), ("dealer", "u1"), ("n_groups", "u1"), ("win_group", "u1"),
        ("group_type", "u1", 7), ("group_kind", "u1", 7), ("yaku_han", "u1", 56), ("group_red", "u1", 7),
        ("red", "u1", 3), ("seat_wind", "u1"), ("round_wind", "u1"), ("reserved", "u1"),
    ])  # fmt: skip


def score_batch(inputs: np.ndarray, rules: int | str | Rules = TENHOU, threads: int | None = None,
                out: np.ndarray | None = None) -> np.ndarray:
    """Score every row of ``inputs`` (dtype ``input_dtype()``) on the thread pool, into ``out`` if given.

    >>> import numpy as np
    >>> rows = np.zeros(2, input_dtype())
    >>> rows["players"] = 4
    >>> rows["counts"][:, [0, 1, 2, 9, 10, 11, 18, 19, 20, 12, 13, 14]] = 1
    >>> rows["counts"][:, 31] = 2
    >>> rows["win"] = 2
    >>> rows["flags"] = [TSUMO, 0]
    >>> out = score_batch(rows)
    >>> out["han"].tolist(), out["fu"].tolist(), out["points"].tolist()
    ([3, 2], [30, 40], [6000, 3900])
    """
    import os

    import numpy as np

    inputs = np.ascontiguousarray(inputs, dtype=input_dtype())
    if out is None:
        out = np.zeros(inputs.shape, output_dtype())
    elif out.dtype != output_dtype() or out.shape != inputs.shape or not out.flags.c_contiguous:
        raise ValueError("out: a contiguous array of output_dtype(), one row per input row")
    _core.score_batch(inputs, out, code_of(rules), threads or os.cpu_count() or 1)
    return out
