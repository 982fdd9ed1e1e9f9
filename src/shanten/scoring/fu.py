"""Every fu rule in one place: a reading's fu and the breakdown that adds up to them.

- seven pairs: 25, nothing added; pinfu tsumo: 20, nothing added; thirteen orphans: none
- every other hand: 20 base; a closed hand's ron 10; a tsumo 2 (but pinfu's)
- triplets: 2 for an open one of simples, doubled if concealed, doubled for terminals or
  honours; a kan is four times its triplet
- the pair: 2 for a dragon, the seat wind, the round wind (a double wind: ``Rules.double_wind_fu``)
- the wait: 2 for kanchan, penchan, tanki
- an open hand that adds no fu to the base (the open pinfu shape) counts 30; otherwise the
  total rounds up to a multiple of 10

>>> from shanten.scoring import score
>>> score("234m456p789s11z 22z 1z", round_wind=0, seat_wind=0).fu_breakdown
(('base', 20), ('closed ron', 10), ('open triplet 111z', 4), ('rounded up', 6))
"""

from __future__ import annotations

from .hands import KAN, PAIR, RUN, TERMINALS_AND_HONOURS
from .yaku import DRAGONS, Facts

_WAIT_FU = {"kanchan": 2, "penchan": 2, "tanki": 2}


def fu_of(f: Facts, pinfu: bool) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The fu of one reading (``pinfu``: whether the pinfu yaku holds) and their breakdown."""
    if f.form == "chiitoitsu":
        return 25, (("seven pairs", 25),)
    if f.form == "kokushi":
        return 0, ()  # a yakuman of no groups: Tenhou states 0 fu
    if pinfu and f.s.tsumo:
        return 20, (("pinfu tsumo", 20),)
    parts: list[tuple[str, int]] = [("base", 20)]
    if f.closed and not f.s.tsumo:
        parts.append(("closed ron", 10))
    if f.s.tsumo:
        parts.append(("tsumo", 2))
    for group in f.groups:
        if group.shape in (RUN, PAIR):
            continue
        edge = group.tile in TERMINALS_AND_HONOURS
        fu = 2 * (2 if group.concealed else 1) * (2 if edge else 1) * (4 if group.shape == KAN else 1)
        parts.append((f"{'closed' if group.concealed else 'open'} {group.shape} {group}", fu))
    parts += _pair(f)
    if f.wait in _WAIT_FU:
        parts.append((f"{f.wait} wait", _WAIT_FU[f.wait]))
    total = sum(fu for _, fu in parts)
    if total == 20 and not f.closed:
        parts.append(("open pinfu shape", 10))
        return 30, tuple(parts)
    rounded = -(-total // 10) * 10
    if rounded != total:
        parts.append(("rounded up", rounded - total))
    return rounded, tuple(parts)


def _pair(f: Facts) -> list[tuple[str, int]]:
    pair, s = f.pair, f.s
    if pair in DRAGONS:
        return [("pair of dragons", 2)]
    if pair == s.seat_wind == s.round_wind:
        return [("pair of the double wind", s.rules.double_wind_fu)]
    if pair == s.seat_wind:
        return [("pair of the seat wind", 2)]
    if pair == s.round_wind:
        return [("pair of the round wind", 2)]
    return []
