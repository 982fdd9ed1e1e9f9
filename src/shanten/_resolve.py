"""Arguments to counts and limits: where the four-copy rules are decided.

A hand or ``dead`` argument of integers is 34 counts if it has exactly 34 items,
else 136-tile ids (``shanten.convert``; 16, 52 and 88 are red fives).

Every rule variant is a per-kind upper limit on the winning hand:
limit_i = copies in the game (4; 2m-8m in 3-player: 0), minus own melded
copies under rule "wrc", minus dead copies. The core treats every limit alike.
For plain counts the core builds the same limits itself (module.c,
plain_limits), since building a Hand costs more than the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

from .convert import counts_from_ids136, from_ids136
from .notation import parse_hand, parse_meld, parse_tiles
from .tiles import TILE_NAMES, Hand, InvalidHandError, Meld, check_tile, copies_in_game, count, shown, validate_players

RULES = ("tenhou", "wrc")

HandLike = str | Hand | Iterable[int] | bytes
MeldLike = str | Meld
DeadLike = str | Iterable[int] | bytes | None


@lru_cache(maxsize=4096)
def _meld(text: str) -> Meld:
    return parse_meld(text)


def _to_meld(meld: MeldLike) -> Meld:
    if isinstance(meld, Meld):
        return meld
    if isinstance(meld, str):
        return _meld(meld)
    raise InvalidHandError(f"a meld is notation like '[123m]' or a Meld, got {shown(meld)}")


def meld_counts(meld: MeldLike) -> bytes:
    """The 34 counts of a meld argument (the core caches them)."""
    return bytes(_to_meld(meld).counts)


def to_hand(hand: HandLike, melds: Iterable[MeldLike] | None = None, players: int = 4) -> Hand:
    """The validated Hand for any accepted hand argument, with extra ``melds`` added."""
    validate_players(players)
    if isinstance(melds, (str, Meld)) or not isinstance(melds, Iterable | None):
        raise InvalidHandError(f"melds must be a list such as ['[123m]', '(5555z)'], got {shown(melds)}")
    extra = tuple(_to_meld(m) for m in (melds or ()))
    if isinstance(hand, str):
        result = parse_hand(hand, players=players)
    elif isinstance(hand, Hand):
        result = hand
    else:
        items = _items(hand, "hand")
        result = Hand(_counts(items, "hand")) if len(items) == 34 else _from_ids136(from_ids136, items, "hand")
    if extra:
        result = Hand(result.counts, result.red, result.melds + extra)
    validate_players(players, result)
    return result


def _items(value: object, what: str) -> list[Any]:
    shape = getattr(value, "shape", None)  # a numpy array: its shape says what it is, its items are numpy scalars
    if shape is not None and len(shape) != 1:
        raise InvalidHandError(f"{what} must be notation, 34 counts or 136-tile ids, got an array of shape {shape}")
    try:
        return value.tolist() if shape is not None else list(value)  # type: ignore[attr-defined, call-overload, no-any-return]
    except TypeError:
        raise InvalidHandError(f"{what} must be notation, 34 counts or 136-tile ids, got {shown(value)}") from None


_T = TypeVar("_T")


def _from_ids136(convert: Callable[[list[Any]], _T], items: list[Any], what: str) -> _T:
    """``convert(items)``, its error naming the argument and how it was read (any length but 34: ids)."""
    try:
        return convert(items)
    except InvalidHandError as error:
        raise InvalidHandError(f"{what} as 136-tile ids: {error}") from None


def _counts(items: list[Any], what: str) -> tuple[int, ...]:
    return tuple(count(item, what, kind) for kind, item in enumerate(items))


def _dead_counts(dead: DeadLike) -> tuple[int, ...]:
    if dead is None:
        return (0,) * 34
    if isinstance(dead, str):
        return parse_tiles(dead)
    items = _items(dead, "dead")
    return _counts(items, "dead") if len(items) == 34 else tuple(_from_ids136(counts_from_ids136, items, "dead"))


def limits(hand: Hand, rule: str | None = "tenhou", dead: DeadLike = None, players: int = 4) -> tuple[int, ...]:
    """Per-kind upper limits on the winning hand.

    >>> from shanten.notation import parse_hand
    >>> h = parse_hand("45p55777z (3333p) (6666p)")
    >>> limits(h, "tenhou")[11:15], limits(h, "wrc")[11:15]
    ((4, 4, 4, 4), (0, 4, 4, 0))
    >>> limits(h, "wrc", dead="5p")[11:15]
    (0, 4, 3, 0)
    """
    rule = "tenhou" if rule is None else rule
    if rule not in RULES:
        raise InvalidHandError(f"unknown rule {rule!r}: use 'tenhou' or 'wrc'")
    dead_counts = _dead_counts(dead)
    held = hand.total_counts
    result = []
    for kind in range(34):
        if held[kind] + dead_counts[kind] > 4:
            raise InvalidHandError(f"5th copy of {TILE_NAMES[kind]} (hand, melds and dead tiles)")
        check_tile(kind, dead_counts[kind], players)  # a dead 2m in 3-player is a mistake, not a no-op
        limit = copies_in_game(kind, players) - dead_counts[kind]
        if rule == "wrc":
            limit -= held[kind] - hand.counts[kind]
        result.append(limit)
    return tuple(result)


def resolve(hand: HandLike, melds: Iterable[MeldLike] | None, rule: str | None, dead: DeadLike, players: int
            ) -> tuple[bytes, bytes | None, bytes, bytes]:
    """Counts, limits (None when they are the defaults: the fast path), live copies and red fives for the core."""
    h = to_hand(hand, melds, players)
    dead_counts = _dead_counts(dead)
    lim = limits(h, rule, dead_counts, players)
    copies = [copies_in_game(kind, players) for kind in range(34)]
    default = list(lim) == copies
    held = h.total_counts
    live = bytes(copies[k] - held[k] - dead_counts[k] for k in range(34))
    return bytes(h.counts), None if default else bytes(lim), live, bytes(h.red)
