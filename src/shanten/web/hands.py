"""The body of ``POST /api/shanten``: a JSON list of hands → (N, 34) counts and melded counts.

A hand is notation (melds may be written in it), 34 counts, or 136-tile ids. A body of count
lists as ``json.dumps`` writes them, the form bots send, is read straight into numpy without
building a Python object per count; any other body is parsed as JSON and read hand by hand.
Both give the same rows, and a bad hand the same one-line message, naming its row as the batch does.

>>> counts, melded = read_hands(b'["123m456p789s1122z", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]', players=4)
>>> counts.shape, counts[0, 27:29].tolist(), counts[1, :4].tolist(), melded is None
((2, 34), [2, 2], [4, 4, 4, 1], True)
>>> read_hands(b'["123m", 7]', players=4)
Traceback (most recent call last):
...
shanten.tiles.InvalidHandError: row 0: 3 concealed tiles: a hand has 3n+1 or 3n+2
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..notation import parse_hand
from ..tiles import Hand, InvalidHandError, count, shown
from .._resolve import to_hand

MAX_HANDS = 10_000
"""Hands in one request; more is a 422."""



def read_hands(body: bytes, *, players: int) -> tuple[np.ndarray, np.ndarray | None]:
    """The counts of each hand in ``body`` and, if any hand has melds, every hand's melded counts.

    >>> counts, melded = read_hands(b'["11z [123m] [456m] [789m] [111p]"]', players=4)
    >>> int(counts.sum()), melded[0, :9].tolist()
    (2, [1, 1, 1, 1, 1, 1, 1, 1, 1])
    >>> read_hands(b'{"hands": []}', players=4)
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: the body must be a JSON list of hands, got an object
    """
    counts = _count_rows(body)
    if counts is not None:
        return _bounded(counts), None
    try:
        items = json.loads(body)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than the parser goes
        raise InvalidHandError("the body is not JSON: send a list of hands such as [\"123m456p789s1122z\"]") from None
    if not isinstance(items, list):
        raise InvalidHandError(f"the body must be a JSON list of hands, got {_json_type(items)}")
    _bounded(items)
    hands = [_hand(row, item, players) for row, item in enumerate(items)]
    counts = np.array([hand.counts if isinstance(hand, Hand) else hand for hand in hands], dtype=np.uint8)
    counts = counts.reshape(len(hands), 34)
    if not any(isinstance(hand, Hand) and hand.melds for hand in hands):
        return counts, None
    melded = np.zeros_like(counts)
    for row, hand in enumerate(hands):
        if isinstance(hand, Hand):
            melded[row] = np.subtract(hand.total_counts, hand.counts)
    return counts, melded


def _count_rows(body: bytes) -> np.ndarray | None:
    """The rows of a body that is count lists 0-4 exactly as ``json.dumps`` writes them (either separator), else None.

    Every byte but the counts is compared with the one form such a body can take, so a body read
    here is that JSON; anything else, a bad count included, goes the way that words the error.
    """
    separator = b", " if body[4:5] == b" " else b","
    row = np.frombuffer(b"[" + separator.join([b"0"] * 34) + b"]" + separator, dtype=np.uint8)
    inner = body[1:-1] + separator  # every row then ends in a separator
    if body[:1] != b"[" or body[-1:] != b"]" or len(inner) % len(row):
        return None
    rows = np.frombuffer(inner, dtype=np.uint8).reshape(-1, len(row))
    slots = row == ord("0")
    counts = rows[:, slots] - ord("0")  # a byte below "0" wraps round to over 200
    if (rows[:, ~slots] != row[~slots]).any() or (counts > 4).any():
        return None
    return counts


def _bounded(rows: Any) -> Any:
    if len(rows) > MAX_HANDS:
        raise InvalidHandError(f"{len(rows)} hands: at most {MAX_HANDS:,} per request")
    return rows


def _hand(row: int, item: object, players: int) -> Hand | tuple[int, ...]:
    """A hand of notation or 136-tile ids as a Hand; 34 counts as they are (the batch checks their size)."""
    if isinstance(item, list) and len(item) == 34:
        return tuple(count(value, f"row {row}", kind) for kind, value in enumerate(item))
    if not isinstance(item, (str, list)):
        raise InvalidHandError(f"row {row}: a hand is notation, 34 counts or 136-tile ids, got {shown(item)}")
    try:
        return parse_hand(item, players=players) if isinstance(item, str) else to_hand(item, players=players)
    except InvalidHandError as error:
        raise InvalidHandError(f"row {row}: {error}") from None


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    return {dict: "an object", str: "a string", bool: "a boolean"}.get(type(value), "a number")
