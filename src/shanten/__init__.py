"""Exact, fast riichi mahjong shanten.

>>> import shanten
>>> shanten.shanten("245568m245568p77s")
2
>>> shanten.shanten("123456789m1111p")
1
>>> shanten.replacement_number("123456789m1111p")
2
>>> shanten.shanten("45p55777z (3333p) (6666p)"), shanten.shanten("45p55777z (3333p) (6666p)", rule="wrc")
(0, 1)
>>> shanten.shanten([1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [2, 3, 0, 0, 0, 0, 0])
-1
"""

from __future__ import annotations

import os

from . import _core, _resolve, convert
from ._version import __version__
from .batch import DiscardsBatch, UkeireBatch, discards_batch, shanten_batch, ukeire_batch
from .distribution import distribution
from .efficiency import (
    Discard,
    DiscardTable,
    Improvement,
    Improvements,
    Ukeire,
    Unnecessary,
    discards,
    good_shape_share,
    improvements,
    ukeire,
    unnecessary,
)
from .forms import Forms, shanten_forms
from .tiles import TILE_ID_NAMES, TILE_NAMES, Hand, InvalidHandError, Meld, MeldKind

_DATA = os.path.join(os.path.dirname(__file__), "data")
with open(os.path.join(_DATA, "suits.bin"), "rb") as _table:
    _core._init(_table.read(), InvalidHandError, _resolve.resolve, _resolve.meld_counts,
                _DATA, Hand)

shanten = _core.shanten
replacement_number = _core.replacement_number

__all__ = [
    "TILE_ID_NAMES",
    "TILE_NAMES",
    "Discard",
    "DiscardTable",
    "DiscardsBatch",
    "Forms",
    "Hand",
    "Improvement",
    "Improvements",
    "InvalidHandError",
    "Meld",
    "MeldKind",
    "Ukeire",
    "UkeireBatch",
    "Unnecessary",
    "__version__",
    "discards",
    "discards_batch",
    "distribution",
    "good_shape_share",
    "improvements",
    "replacement_number",
    "shanten",
    "shanten_batch",
    "shanten_forms",
    "ukeire",
    "ukeire_batch",
    "unnecessary",
]
