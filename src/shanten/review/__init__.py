"""Review every discard of game records: how each compares with the most efficient one.

At each discard decision of every player, the core judges the hand with
everything that player could see as dead tiles: shanten before and after, the
live uke-ire of the discard taken and of the best one, the best discards, the
rank of the one taken, whether it went shanten-back. ``review`` returns the
tables (pyarrow) for a notebook; ``write`` streams them to Parquet files in a
folder; ``shanten review`` is the command line. Schema: docs/review.md.

>>> tables = review(["tests/data/records/short.mjlog"])   # from the repository root
>>> tables.decisions.num_rows, tables.rounds.num_rows, tables.errors.num_rows
(20, 2, 0)
>>> tables.players.column("player").to_pylist()
['A', 'B', 'C', 'D']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import pyarrow as pa

from .analysis import FileReview, PlayerTotals, review_file, review_files
from .run import Collected, Totals, Writer, errors_table, find, results
from .schema import DECISIONS, DECISIONS_VALUED, ROUNDS, SCHEMA_VERSION, with_version

__all__ = ["SCHEMA_VERSION", "FileReview", "PlayerTotals", "Review", "Totals", "review", "review_file", "review_files", "write"]


class Review(NamedTuple):
    """The review's tables and its summary counts."""

    decisions: pa.Table
    rounds: pa.Table
    players: pa.Table
    errors: pa.Table
    totals: Totals


def review(paths: Sequence[str], *, workers: int = 1, dask: str | None = None, ev: bool = False) -> Review:
    """Review the records in ``paths`` (files, folders, globs, "-") and return the tables in memory;
    ``ev`` adds each decision's expected value (``shanten.review.value``)."""
    sources, skipped = find(paths)
    totals = Totals(skipped=skipped)
    collected, errors = Collected(), []
    for result in results(sources, workers, dask, ev):
        totals.add(result)
        collected.add(result)
        errors.extend(result.errors)
    return Review(pa.Table.from_batches(collected.decisions, with_version(DECISIONS_VALUED if ev else DECISIONS)),
                  pa.Table.from_batches(collected.rounds, with_version(ROUNDS)), totals.players_table(),
                  errors_table(errors), totals)


def write(paths: Sequence[str], out: str, *, workers: int = 1, dask: str | None = None,
          progress: Callable[[Totals, int], None] | None = None, ev: bool = False) -> Totals:
    """Review the records in ``paths`` into the folder ``out``: decisions.parquet, rounds.parquet,
    players.parquet and errors.parquet. ``out`` appears whole when done; an interrupted run leaves
    the previous ``out`` (or none). ``progress(totals, files)`` is called after each chunk of
    files with the totals so far and the number of files in all; ``ev`` adds each decision's
    expected value."""
    sources, skipped = find(paths)
    totals = Totals(skipped=skipped)
    writer = Writer(out, ev)
    try:
        for result in results(sources, workers, dask, ev, encode=True):
            totals.add(result)
            writer.add(result)
            if progress is not None:
                progress(totals, len(sources))
    except BaseException:
        writer.abort()
        raise
    writer.close(totals)
    return totals
