"""From han and fu to points: the limits and the payments.

A hand's base is fu × 2^(han + 2), capped by the limits: mangan 2000 (5 han, or a base over
2000; with kiriage also a base of 1920), haneman 3000 (6-7 han), baiman 4000 (8-10), sanbaiman
6000 (11-12), yakuman 8000 per multiple (13 counted han make a "kazoe yakuman" where the rules
allow, sanbaiman otherwise). A ron costs the discarder 4 × base (6 × for the dealer); a tsumo
costs each other player 2 × base for a dealer, or the dealer 2 × base and the others 1 × base;
each payment rounds up to 100.

>>> limit_and_base(han=3, fu=30, yakuman=0, rules=RULES["tenhou"])
(None, 960)
>>> limit_and_base(han=4, fu=30, yakuman=0, rules=RULES["mleague"])
('mangan', 2000)
>>> payments(960, dealer=False, tsumo=True, players=4, honba=1, sticks=1, rules=RULES["tenhou"])
Payments(points=4000, ron=0, from_dealer=2100, from_others=1100, total=5300)
"""

from __future__ import annotations

from typing import NamedTuple

from ..records.names import YAKUMAN_HAN
from .rules import RULES, Rules

_LIMITS = ((11, "sanbaiman", 6000), (8, "baiman", 4000), (6, "haneman", 3000), (5, "mangan", 2000))
YAKUMAN_BASE = 8000
STICK = 1000


class Payments(NamedTuple):
    """``points``: the hand's value as records state it (ron: the discarder's payment; tsumo: the
    sum of all payments), before honba. ``ron``: the discarder's payment, honba included (0 for a
    tsumo). ``from_dealer``, ``from_others``: each tsumo payment, honba included (``from_dealer``
    0 when the winner is the dealer). ``total``: the winner's gain with honba and riichi sticks."""

    points: int
    ron: int
    from_dealer: int
    from_others: int
    total: int


def limit_and_base(han: int, fu: int, yakuman: int, rules: Rules) -> tuple[str | None, int]:
    """The limit's name (None below mangan) and the base points."""
    if yakuman:
        return "yakuman", YAKUMAN_BASE * yakuman
    if han >= YAKUMAN_HAN:
        return ("kazoe yakuman", YAKUMAN_BASE) if rules.kazoe_yakuman else ("sanbaiman", 6000)
    for least, name, base in _LIMITS:
        if han >= least:
            return name, base
    base = fu * 2 ** (han + 2)
    if base >= 2000 or rules.kiriage_mangan and base == 1920:
        return "mangan", 2000
    return None, base


def _up(points: int) -> int:
    return -(-points // 100) * 100


def payments(base: int, *, dealer: bool, tsumo: bool, players: int, honba: int, sticks: int,
             rules: Rules) -> Payments:
    """What the win is paid, from its base points."""
    honba_each = honba * rules.honba_per_payer
    payers = players - 1
    sticks_points = STICK * sticks
    if not tsumo:
        points = _up(base * (6 if dealer else 4))
        ron = points + honba_each * payers
        return Payments(points, ron, 0, 0, ron + sticks_points)
    # 3-player without tsumo loss: the absent north's share is split between the two payers.
    split = players == 3 and not rules.tsumo_loss
    if dealer:
        each = _up(3 * base if split else 2 * base)
        return Payments(each * payers, 0, 0, each + honba_each, (each + honba_each) * payers + sticks_points)
    from_dealer = _up(5 * base // 2 if split else 2 * base)
    from_others = _up(3 * base // 2 if split else base)
    points = from_dealer + from_others * (payers - 1)
    return Payments(points, 0, from_dealer + honba_each, from_others + honba_each,
                    points + honba_each * payers + sticks_points)
