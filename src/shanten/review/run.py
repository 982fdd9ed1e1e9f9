"""Reviewing many files: finding them, running ``review_file`` on a process pool or a Dask
cluster, and gathering the results in file order, streamed to Parquet or kept in memory.

The output does not depend on how the work was spread: results are taken in the
order of the files, which are sorted. At most a few files per worker are in
flight, so memory does not grow with the number of files.

>>> from pathlib import Path
>>> sources, skipped = find(["tests/data/records"])   # from the repository root
>>> [Path(source).name for source in sources], skipped
(['short.json', 'short.mjlog', 'short.mjson'], 0)
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import stat
import sys
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..tiles import InvalidHandError
from .analysis import FileReview, PlayerTotals, review_files
from .parquet import JoinedFile, Part, ThriftError, part
from .pool import pool
from .schema import DECISIONS, DECISIONS_VALUED, ERRORS, PLAYERS, ROUNDS, with_version

RECORD_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".log")
"""Files a folder is searched for (each also gzip-compressed, ``.gz``); named files are always read."""

STDIN = "-"


def find(paths: Sequence[str]) -> tuple[list[str], int]:
    """The record files named by ``paths`` (files, folders searched recursively, globs, "-" for
    standard input), sorted and without repeats, and how many files in folders were skipped
    for not being named like a record. A path that names nothing is an error."""
    found: dict[str, None] = {}
    skipped = 0
    for path in paths:
        if path == STDIN:
            found[STDIN] = None
            continue
        matches = sorted(glob.glob(path, recursive=True)) if glob.has_magic(path) else [path]
        kinds = [_folder(match) for match in matches]  # one stat a match: a long list of files is common
        if not matches or None in kinds:
            raise InvalidHandError(f"{path}: no such file or folder")
        for match, folder in zip(matches, kinds):
            if not folder:
                found[match] = None
                continue
            for root, folders, files in os.walk(match):
                folders.sort()
                for name in sorted(files):
                    if name.removesuffix(".gz").endswith(RECORD_SUFFIXES):
                        found[os.path.join(root, name)] = None
                    else:
                        skipped += 1
    return sorted(found, key=lambda source: (source != STDIN, source)), skipped


def _folder(path: str) -> bool | None:
    """Whether ``path`` is a folder; None where it names nothing (or a dangling link)."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None


@dataclass
class Totals:
    """The run's summary counts. They reconcile: files = reviewed + failed, and decisions equal
    the discards of the reviewed rounds."""

    files: int = 0
    reviewed: int = 0
    failed: int = 0
    skipped: int = 0
    games: int = 0
    rounds: int = 0
    failed_rounds: int = 0
    decisions: int = 0
    players: dict[str, PlayerTotals] = field(default_factory=dict)

    def add(self, result: FileReview) -> None:
        self.files += result.files
        self.reviewed += result.reviewed
        self.failed += result.files - result.reviewed
        self.games += result.games
        self.rounds += result.rounds
        self.failed_rounds += result.failed_rounds
        self.decisions += result.decisions.num_rows + (result.encoded.rows if result.encoded is not None else 0)
        for name, totals in result.players.items():
            self.players.setdefault(name, PlayerTotals()).add(totals)

    def players_table(self) -> pa.Table:
        rows = [{"player": name, "decisions": t.decisions, "free_decisions": t.free, "matched": t.matched,
                 "match_share": t.matched / t.free if t.free else None,
                 "ukeire_lost_mean": t.lost / t.kept if t.kept else None, "shanten_back": t.back,
                 "valued_decisions": t.valued, "points_lost": t.points_lost if t.valued else None}
                for name, t in sorted(self.players.items())]
        return pa.Table.from_pylist(rows, with_version(PLAYERS))


CHUNK_BYTES = 1 << 19
"""Files are reviewed in chunks of about this many bytes of record (a gzip file weighs
GZIP_WEIGHT times its size; a chunk holds a file at least): one batch call each, about 20,000
decisions. Written to Parquet, a chunk's decisions are one row group of decisions.parquet, so
chunks must not be small (the footer grows with the groups); each costs the parent of a pool
about 2 ms, and a worker's peak memory grows with it (15 MB more at 60,000 decisions)."""
GZIP_WEIGHT = 6
TAIL_CHUNKS, TAIL_BYTES = 4, 1 << 14
"""With several workers, a chunk is at most 1/TAIL_CHUNKS of each worker's share of what is left
(and at least TAIL_BYTES), so the last chunks are small and the workers end together."""


def _weight(source: str) -> int:
    try:
        size = os.path.getsize(source)
    except OSError:  # gone since it was found, or a dangling link: its reader reports it
        return 0
    return size * (GZIP_WEIGHT if source.endswith(".gz") else 1)


def chunks(sources: Sequence[str], workers: int = 1) -> Iterator[list[str | bytes]]:
    """The sources in order, in chunks of about CHUNK_BYTES, smaller towards the end with several
    workers; standard input read whole. Files are weighed (a stat each) only as far ahead as the
    size of a chunk depends on, so that the first chunk goes out at once, however many files."""
    tail = TAIL_CHUNKS * workers if workers > 1 else 0
    ahead: deque[int] = deque()  # the weights of the sources not yet taken, as far as weighed
    weighed = known = 0  # sources weighed; the sum of ``ahead``
    chunk: list[str | bytes] = []
    filled = 0
    for source in sources:
        # once CHUNK_BYTES * tail are known to be left, a chunk is CHUNK_BYTES whatever lies beyond
        while weighed < len(sources) and (not ahead or filled + known < CHUNK_BYTES * tail):
            weight = 0 if sources[weighed] == STDIN else _weight(sources[weighed])
            ahead.append(weight)
            known += weight
            weighed += 1
        weight = ahead.popleft()
        known -= weight
        if source == STDIN:
            loaded: str | bytes = sys.stdin.buffer.read()
            weight = len(loaded)
        else:
            loaded = source
        chunk.append(loaded)
        filled += weight
        if filled >= (CHUNK_BYTES if not tail else max(TAIL_BYTES, min(CHUNK_BYTES, (filled + known) // tail))):
            yield chunk
            chunk, filled = [], 0
    if chunk:
        yield chunk


def _review(chunk: list[str | bytes], ev: bool = False, spool: str | None = None, encode: bool = False) -> FileReview:
    result = review_files(chunk)
    if ev:
        from .value import add_values  # shanten.ev loads only when values are asked for

        add_values(result, chunk)
    if encode and result.decisions.num_rows:
        result.encoded = _encode(result.decisions)
        result.decisions = pa.RecordBatch.from_pylist([], result.decisions.schema)  # a slice pickles its buffers
    if spool is not None:
        _spool(result, spool)
    return result


PLAIN = {"hand"}
"""Columns written without a dictionary: nearly every value differs, so the writer would only build
one, see it grow too large and write the values plainly after all (a tenth of the encoding)."""
NO_STATISTICS = {"hand", "best_discards"}
"""Columns without minimum and maximum: the notation's order means nothing (and they were an eighth
of the encoding)."""


def _dictionary_columns(schema: pa.Schema) -> list[str]:
    """The Parquet column paths of the fields not in PLAIN (a list's values: "name.list.element")."""
    return [f"{f.name}.list.element" if pa.types.is_list(f.type) else f.name for f in schema if f.name not in PLAIN]


ROW_GROUP = 1 << 16
"""At most this many rows in a Parquet row group: the writer keeps every group's metadata until it
closes (and readers read it all), so groups must not be as small as a chunk of the pool."""


def _encode(decisions: pa.RecordBatch | pa.Table) -> Part:
    """The decisions as a Parquet file, ready to be joined into decisions.parquet (``Writer``):
    encoded where they were reviewed, so that the parent only copies bytes. On two cores, encoding
    in the parent (0.5 µs a decision, and as much again reading the tables the workers left) came
    out of the workers' time."""
    sink = pa.BufferOutputStream()
    table = pa.Table.from_batches([decisions]) if isinstance(decisions, pa.RecordBatch) else decisions
    pq.write_table(table.replace_schema_metadata(with_version(table.schema).metadata), sink,
                   use_dictionary=_dictionary_columns(table.schema), row_group_size=ROW_GROUP,
                   write_statistics=[name for name in table.column_names if name not in NO_STATISTICS])
    return part(sink.getvalue().to_pybytes())


SHARED_MEMORY = "/dev/shm"
"""Where a local pool's workers leave their tables when it exists (memory, not disk); else the
temporary folder."""


def _spool(result: FileReview, folder: str) -> None:
    """Leave the decisions and rounds in Arrow IPC files in ``folder`` (the decisions as they are
    when encoded), for ``_unspool`` in the parent. Through the pool's pipe (64 KB) they keep a
    worker waiting, several times a chunk, for the busy parent to read them (and pyarrow pickles
    column by column): about 5% of its time. A file is written at once and read as fast as a
    pickle loads. Where it cannot be written (a full /dev/shm), the tables go through the pipe."""
    path = ""
    try:
        handle, path = tempfile.mkstemp(suffix=".arrow", dir=folder)
        os.close(handle)
        if result.encoded is not None:
            with open(path, "wb") as file:
                file.write(result.encoded.data)
        for name, batch in (("", result.decisions), (".rounds", result.results))[result.encoded is not None:]:
            with pa.OSFile(path + name, "wb") as sink, pa.ipc.new_stream(sink, batch.schema) as stream:
                stream.write_batch(batch)
    except OSError:  # no room (a small /dev/shm) or no folder: through the pipe, then
        for name in ("", ".rounds") if path else ():
            with contextlib.suppress(OSError):
                os.remove(path + name)
        return
    result.spooled = path


def _unspool(result: FileReview) -> FileReview:
    """The tables of a spooled result, memory-mapped: read into the heap they cost the parent,
    which has the workers' two cores to share, 0.4 µs a decision (fresh pages); mapped, nothing
    until they are used. The mapping outlives the file, which goes at once."""
    if result.spooled is not None:
        batches = []
        for name in ("", ".rounds")[result.encoded is not None:]:
            with pa.memory_map(result.spooled + name) as source:
                batches.append(pa.ipc.open_stream(source).read_next_batch())
            os.remove(result.spooled + name)
        if result.encoded is not None:
            with open(result.spooled, "rb") as file:
                result.encoded = result.encoded._replace(data=file.read())
            os.remove(result.spooled)
        else:
            result.decisions = batches.pop(0)
        result.results = batches[0]
        result.spooled, result.mapped = None, True
    return result


MAPPED = 512
"""An in-memory review copies its tables out of their memory maps every MAPPED chunks: a process
may hold only so many maps (vm.max_map_count, 65,530 by default), and a mapped file keeps its
room in /dev/shm after it is removed."""


class Collected:
    """The tables of the results of an in-memory review, in order."""

    def __init__(self) -> None:
        self.decisions: list[pa.RecordBatch] = []
        self.rounds: list[pa.RecordBatch] = []
        self.mapped = 0  # results memory-mapped since the last copy
        self.copied = [0, 0]  # batches of each list before these are in this process's memory

    def add(self, result: FileReview) -> None:
        self.decisions.append(result.decisions)
        self.rounds.append(result.results)
        self.mapped += result.mapped
        if self.mapped >= MAPPED:
            for index, batches in enumerate((self.decisions, self.rounds)):
                start = self.copied[index]
                batches[start:] = pa.Table.from_batches(batches[start:]).combine_chunks().to_batches()
                self.copied[index] = len(batches)
            self.mapped = 0


def results(sources: Sequence[str], workers: int = 1, dask: str | None = None, ev: bool = False,
            encode: bool = False) -> Iterator[FileReview]:
    """The review of the sources, chunk by chunk, in order: in this process (1 worker), on a local
    process pool, or on a Dask cluster ("local" starts a LocalCluster of ``workers`` processes);
    ``ev`` adds each decision's expected value; ``encode`` returns the decisions as Parquet."""
    loaded = chunks(sources, workers if dask is None else max(workers, 2))
    review = partial(_review, ev=ev, encode=encode)
    if dask is not None:
        yield from _dask(loaded, workers, dask, review)
    elif workers <= 1:
        yield from map(review, loaded)
    else:
        shared = SHARED_MEMORY if os.path.isdir(SHARED_MEMORY) and os.access(SHARED_MEMORY, os.W_OK) else None
        with tempfile.TemporaryDirectory(prefix="shanten-review-", dir=shared) as spool, pool(workers) as executor:
            yield from _in_order(loaded, executor.submit, lambda future: _unspool(future.result()), 4 * workers,
                                 partial(review, spool=spool))


def _in_order(items: Iterable[Any], submit: Callable[..., Any], result: Callable[[Any], FileReview],
              window: int, review: Callable[[list[str | bytes]], FileReview]) -> Iterator[FileReview]:
    """Submit items a window ahead and yield their results in order."""
    pending: deque[Any] = deque()
    for item in items:
        pending.append(submit(review, item))
        if len(pending) >= window:
            yield result(pending.popleft())
    while pending:
        last = result(pending.popleft())
        last.closing = True
        yield last


def _dask(items: Iterable[list[str | bytes]], workers: int, address: str,
          review: Callable[[list[str | bytes]], FileReview]) -> Iterator[FileReview]:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InvalidHandError('--dask needs Dask: pip install "shanten[dask]"') from None
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=max(workers, 1), threads_per_worker=1, processes=True) if address == "local" else None
    try:
        with Client(cluster if cluster is not None else address) as client:  # type: ignore[no-untyped-call]
            window = 4 * max(len(client.scheduler_info()["workers"]), 1)
            yield from _in_order(items, lambda f, item: client.submit(f, item, pure=False),
                                 lambda future: future.result(), window, review)
    finally:
        if cluster is not None:
            cluster.close()


class Writer:
    """Parquet tables in a folder that appears whole or not at all: written beside it under a
    temporary name, then swapped in. The decisions come encoded (``_encode``) and are joined row
    group by row group; the rounds are gathered into row groups of ROW_GROUP rows, but a pool's last
    results (``closing``) are written as they come, so that little is left to encode after the last."""

    def __init__(self, out: str, ev: bool = False) -> None:
        self.out = os.path.abspath(out)
        parent = os.path.dirname(self.out)
        os.makedirs(parent, exist_ok=True)
        self.folder = tempfile.mkdtemp(prefix=f".{os.path.basename(self.out)}.", dir=parent)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(self.folder, 0o777 & ~umask)  # a folder like any other, not mkdtemp's private one
        self.errors: list[tuple[str, str | None, str | None, str]] = []
        self.schema = with_version(DECISIONS_VALUED if ev else DECISIONS)
        self.decisions = JoinedFile(os.path.join(self.folder, "decisions.parquet"),
                                    _encode(self.schema.empty_table()).data)
        self.rounds = pq.ParquetWriter(os.path.join(self.folder, "rounds.parquet"), with_version(ROUNDS),
                                       use_dictionary=_dictionary_columns(ROUNDS))
        self.pending: list[pa.RecordBatch] = []  # rounds

    def add(self, result: FileReview) -> None:
        if result.encoded is not None:
            self._join(result.encoded)
        if result.decisions.num_rows:
            self._join(_encode(result.decisions))
        if result.results.num_rows:
            self.pending.append(result.results)
            if result.closing or sum(b.num_rows for b in self.pending) >= ROW_GROUP:
                self._flush()
        self.errors.extend(result.errors)

    def _join(self, encoded: Part) -> None:
        if not self.decisions.append(encoded):  # another schema or pyarrow (a Dask worker's): encoded here, then
            if not self.decisions.append(_encode(pq.read_table(pa.BufferReader(encoded.data)).cast(self.schema))):
                raise ThriftError("a part of decisions.parquet cannot be joined: its schema differs")

    def _flush(self) -> None:
        if self.pending:
            self.rounds.write_table(pa.Table.from_batches(self.pending), row_group_size=ROW_GROUP)
            self.pending = []

    def close(self, totals: Totals) -> None:
        self._flush()
        self.rounds.close()
        self.decisions.close()
        pq.write_table(totals.players_table(), os.path.join(self.folder, "players.parquet"))
        pq.write_table(errors_table(self.errors), os.path.join(self.folder, "errors.parquet"))
        old = None
        if os.path.exists(self.out):
            old = tempfile.mkdtemp(prefix=f".{os.path.basename(self.out)}.old.", dir=os.path.dirname(self.out))
            os.replace(self.out, os.path.join(old, "previous"))
        os.replace(self.folder, self.out)
        if old is not None:
            shutil.rmtree(old)

    def abort(self) -> None:
        self.rounds.close()
        self.decisions.abort()
        shutil.rmtree(self.folder, ignore_errors=True)


def errors_table(errors: list[tuple[str, str | None, str | None, str]]) -> pa.Table:
    return pa.Table.from_pylist([dict(zip(("source", "game", "round", "reason"), error)) for error in errors],
                                with_version(ERRORS))
