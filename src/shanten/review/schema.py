"""The review's tables, their columns and version (docs/review.md describes each column).

Every table written carries ``shanten.review.schema`` = ``SCHEMA_VERSION`` in
its Parquet metadata; a column that changes meaning gets a new version.

>>> SCHEMA_VERSION, DECISIONS.field("rank").type, ROUNDS.field("yaku").type
(1, DataType(int8), ListType(list<item: string>))
"""

from __future__ import annotations

import pyarrow as pa

SCHEMA_VERSION = 1

_KEY = [("game", pa.string()), ("round", pa.string()), ("wind", pa.int8()), ("number", pa.int8()),
        ("honba", pa.int8())]

DECISIONS = pa.schema(_KEY + [
    ("seat", pa.int8()), ("player", pa.string()), ("turn", pa.int16()), ("wall", pa.int16()),
    ("hand", pa.string()), ("discard", pa.string()), ("discard_kind", pa.int8()), ("tsumogiri", pa.bool_()),
    ("riichi", pa.bool_()), ("in_riichi", pa.bool_()), ("after_call", pa.bool_()),
    ("shanten_before", pa.int8()), ("shanten_after", pa.int8()), ("back", pa.bool_()),
    ("ukeire", pa.int16()), ("best_shanten", pa.int8()), ("best_ukeire", pa.int16()),
    ("best_discards", pa.list_(pa.string())), ("rank", pa.int8()), ("matched", pa.bool_()),
    ("ukeire_lost", pa.int16()),
])
"""One row per discard decision."""

VALUE_COLUMNS = [
    ("valued", pa.bool_()), ("win_taken", pa.float64()), ("score_taken", pa.float64()),
    ("best_by_value", pa.string()), ("win_best", pa.float64()), ("score_best", pa.float64()),
    ("points_lost", pa.float64()),
]
"""With ``--ev``, after the decision's columns: the expected value of the discard taken and of
the best one (``shanten.review.value``); null beyond the bound (``valued`` false) and in riichi."""

DECISIONS_VALUED = pa.schema(list(DECISIONS) + VALUE_COLUMNS)

ROUNDS = pa.schema(_KEY + [
    ("sticks", pa.int8()), ("dealer", pa.int8()), ("result", pa.string()), ("winner", pa.int8()),
    ("player", pa.string()), ("from_seat", pa.int8()), ("tile", pa.string()), ("han", pa.int16()),
    ("fu", pa.int16()), ("points", pa.int32()), ("yaku", pa.list_(pa.string())), ("yaku_han", pa.list_(pa.int16())),
    ("limit", pa.string()), ("pao", pa.int8()), ("tenpai", pa.list_(pa.int8())), ("deltas", pa.list_(pa.int32())),
])
"""One row per win (two for a double ron), or one for a drawn or unfinished round, as the record states it."""

PLAYERS = pa.schema([
    ("player", pa.string()), ("decisions", pa.int64()), ("free_decisions", pa.int64()), ("matched", pa.int64()),
    ("match_share", pa.float64()), ("ukeire_lost_mean", pa.float64()), ("shanten_back", pa.int64()),
    ("valued_decisions", pa.int64()), ("points_lost", pa.float64()),
])
"""One row per player name: totals over every file."""

ERRORS = pa.schema([("source", pa.string()), ("game", pa.string()), ("round", pa.string()), ("reason", pa.string())])
"""One row per file, game or round that could not be reviewed."""

TABLES = {"decisions": DECISIONS, "rounds": ROUNDS, "players": PLAYERS, "errors": ERRORS}


def with_version(schema: pa.Schema) -> pa.Schema:
    """``schema`` with the review's version in its metadata."""
    return schema.with_metadata({"shanten.review.schema": str(SCHEMA_VERSION)})
