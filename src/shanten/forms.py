"""Shanten per winning form, and which forms attain the minimum."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from . import _core
from ._resolve import DeadLike, HandLike, MeldLike


def describe(number: int | None) -> str:
    """A shanten number in words.

    >>> describe(-1), describe(0), describe(2), describe(None)
    ('complete', 'tenpai', '2-shanten', 'not applicable')
    """
    if number is None:
        return "not applicable"
    return {-1: "complete", 0: "tenpai"}.get(number, f"{number}-shanten")


class Forms(NamedTuple):
    """Shanten of each form; None where a form does not apply (seven pairs and
    thirteen orphans need 13 or 14 concealed tiles) or cannot be reached."""

    shanten: int
    regular: int | None
    seven_pairs: int | None
    thirteen_orphans: int | None

    @property
    def best(self) -> tuple[str, ...]:
        """Names of the forms that attain the minimum, in field order."""
        return tuple(name for name in ("regular", "seven_pairs", "thirteen_orphans") if getattr(self, name) == self.shanten)


def shanten_forms(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] | None = None,
    rule: str = "tenhou",
    dead: DeadLike = None,
    players: int = 4,
    seven_pairs_quads: bool = False,
) -> Forms:
    """Shanten of the regular form, seven pairs and thirteen orphans, and the overall minimum.

    >>> shanten_forms("19m19p19s1234567z")
    Forms(shanten=0, regular=8, seven_pairs=6, thirteen_orphans=0)
    >>> shanten_forms("1122334455667m").best
    ('regular', 'seven_pairs')
    >>> shanten_forms("123m456p789s11z")
    Forms(shanten=-1, regular=-1, seven_pairs=None, thirteen_orphans=None)
    """
    numbers = _core.form_numbers(
        hand, melds=melds, rule=rule, dead=dead, players=players, seven_pairs_quads=seven_pairs_quads
    )
    regular, pairs, orphans = (None if r is None else r - 1 for r in numbers)
    return Forms(min(r for r in (regular, pairs, orphans) if r is not None), regular, pairs, orphans)
