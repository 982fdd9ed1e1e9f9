"""One Parquet file made of the row groups of others, copied without decoding them.

A review's workers encode their own decisions (``shanten.review.run._encode``): the parent, which
shares the machine's cores with them, then only copies bytes. pyarrow writes a file only from
tables it encodes itself (a byte-copying rewriter is apache/arrow#47628, in no release), so a
part's footer, a Thrift struct in the compact protocol, is read where the part is written
(``part``: a worker's time) for the byte offsets in its row groups; joining it copies its pages
and its row groups' footer bytes with those offsets moved to where the pages land, and the file
ends with one footer for all.

>>> import os, tempfile
>>> import pyarrow as pa, pyarrow.parquet as pq
>>> def parquet(values):
...     sink = pa.BufferOutputStream()
...     pq.write_table(pa.table({"x": values}), sink)
...     return sink.getvalue().to_pybytes()
>>> path = os.path.join(tempfile.mkdtemp(), "joined.parquet")
>>> joined = JoinedFile(path, parquet(pa.array([], pa.int64())))
>>> joined.append(part(parquet([1, 2]))), joined.append(part(parquet([3])))
(True, True)
>>> joined.close()
>>> pq.read_table(path).column("x").to_pylist(), pq.ParquetFile(path).metadata.num_row_groups
([1, 2, 3], 2)
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import BinaryIO, NamedTuple

MAGIC = b"PAR1"

# Thrift compact protocol types
TRUE, FALSE, BYTE, I16, I32, I64, DOUBLE, BINARY, LIST, SET, MAP, STRUCT = range(1, 13)

# The footer's fields (parquet.thrift): FileMetaData, RowGroup, ColumnChunk, ColumnMetaData
FILE_NUM_ROWS, FILE_ROW_GROUPS = 3, 4
GROUP_COLUMNS, GROUP_OFFSETS, GROUP_ORDINAL = 1, (5,), 7
CHUNK_META_DATA, CHUNK_OFFSETS = 3, (2, 4, 6)  # the column's metadata; file offset, offset and column indexes
META_OFFSETS = (9, 10, 11, 14)  # data, index and dictionary page; bloom filter


class ThriftError(ValueError):
    """A footer that is not a Parquet file's."""


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def _put_varint(out: bytearray, value: int) -> None:
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


def _list_header(data: bytes, at: int) -> tuple[int, int, int]:
    """A list's (or set's) size, element type and where its elements start."""
    size, element = data[at] >> 4, data[at] & 0x0F
    if size == 15:
        size, at = _varint(data, at + 1)
        return size, element, at
    return size, element, at + 1


def _skip(data: bytes, at: int, kind: int) -> int:
    """Where the value of ``kind`` at ``at`` ends."""
    if kind in (TRUE, FALSE, BYTE):  # (a boolean takes a byte only in a collection)
        return at + 1
    if kind in (I16, I32, I64):
        while data[at] >= 0x80:
            at += 1
        return at + 1
    if kind == DOUBLE:
        return at + 8
    if kind == BINARY:
        size, at = _varint(data, at)
        return at + size
    if kind in (LIST, SET):
        size, element, at = _list_header(data, at)
        for _ in range(size):
            at = _skip(data, at, element)
        return at
    if kind == MAP:
        size, at = _varint(data, at)
        if size:
            types = data[at]
            at += 1
            for _ in range(size):
                at = _skip(data, _skip(data, at, types >> 4), types & 0x0F)
        return at
    if kind == STRUCT:
        return _walk(data, at, lambda number, kind, at: None)
    raise ThriftError(f"unknown Thrift type {kind} at byte {at}")


Visit = Callable[[int, int, int], "int | None"]
"""Called with each field's number, type and where its value starts: where the value ends, or None
to have it skipped."""


def _walk(data: bytes, at: int, visit: Visit) -> int:
    """Visit each field of the struct at ``at``; where the struct ends."""
    number = 0
    while True:
        header = data[at]
        at += 1
        if header == 0:
            return at
        kind = header & 0x0F
        if header >> 4:
            number += header >> 4
        else:
            number, at = _varint(data, at)
            number = number >> 1 ^ -(number & 1)
        if kind in (TRUE, FALSE):  # a boolean field's value is its type
            continue
        end = visit(number, kind, at)
        at = _skip(data, at, kind) if end is None else end


class Part(NamedTuple):
    """A Parquet file made ready to be joined (``part``): its footer read where it was written,
    so that joining it only copies bytes."""

    data: bytes  # the whole file
    end: int  # where its pages end (its footer starts)
    rows: int
    groups: int
    common: bytes  # the footer less its rows and row groups, which every part must share with the template
    pieces: list[bytes]  # its row groups in the footer's bytes, cut at each value ``values`` holds
    values: list[int]  # a byte offset from the end of the magic, or -1 - n for the ordinal of its row group n


class _Footer(NamedTuple):
    start: int
    rows: tuple[int, int]  # where field 3 (the number of rows) starts and ends, header included
    groups: tuple[int, int, int]  # where field 4 (the row groups) starts, its groups start, it ends
    cuts: list[tuple[int, int, int]]  # each value to move: where it starts, ends, and the value


def _footer(data: bytes) -> _Footer:
    """Where a Parquet file's footer starts, and where its rows, row groups and offsets lie in it."""
    if len(data) < 12 or data[:4] != MAGIC or data[-4:] != MAGIC:
        raise ThriftError("not a Parquet file")
    start = len(data) - 8 - struct.unpack("<I", data[-8:-4])[0]
    cuts: list[tuple[int, int, int]] = []
    groups = 0

    def offsets(numbers: tuple[int, ...]) -> Visit:
        def visit(number: int, kind: int, at: int) -> int | None:
            if number not in numbers or kind != I64:
                return None
            value, end = _varint(data, at)
            if value:  # 0 is no offset: the file starts with its magic
                cuts.append((at, end, (value >> 1 ^ -(value & 1)) - len(MAGIC)))
            return end
        return visit

    meta, chunk_offsets = offsets(META_OFFSETS), offsets(CHUNK_OFFSETS)

    def chunk(number: int, kind: int, at: int) -> int | None:
        return _walk(data, at, meta) if number == CHUNK_META_DATA and kind == STRUCT else chunk_offsets(number, kind, at)

    group_offsets = offsets(GROUP_OFFSETS)

    def group(number: int, kind: int, at: int) -> int | None:
        if number == GROUP_COLUMNS and kind == LIST:
            size, _, at = _list_header(data, at)
            for _ in range(size):
                at = _walk(data, at, chunk)
            return at
        if number == GROUP_ORDINAL and kind == I16:
            end = _skip(data, at, kind)
            cuts.append((at, end, -1 - groups))
            return end
        return group_offsets(number, kind, at)

    fields: dict[int, tuple[int, int, int]] = {}  # where each field of interest starts, its value starts, ends

    def file(number: int, kind: int, at: int) -> int | None:
        nonlocal groups
        header = at - 1
        if number == FILE_ROW_GROUPS and kind == LIST:
            size, _, at = _list_header(data, at)
            first = at
            for groups in range(size):
                at = _walk(data, at, group)
            fields[number] = (header, first, at)
            groups = size
            return at
        if number == FILE_NUM_ROWS and kind == I64:
            end = _skip(data, at, kind)
            fields[number] = (header, at, end)
            return end
        return None

    try:
        if start < len(MAGIC) or _walk(data, start, file) != len(data) - 8:
            raise ThriftError("the Parquet footer does not end where its length says")
    except IndexError:
        raise ThriftError("the Parquet footer runs past its bounds") from None
    if set(fields) != {FILE_NUM_ROWS, FILE_ROW_GROUPS} or fields[FILE_NUM_ROWS][2] != fields[FILE_ROW_GROUPS][0]:
        raise ThriftError("the Parquet footer's rows and row groups are not side by side")
    if data[fields[FILE_NUM_ROWS][0]] != (FILE_NUM_ROWS - 2) << 4 | I64 or data[fields[FILE_ROW_GROUPS][0]] != 0x10 | LIST:
        raise ThriftError("the Parquet footer's fields are not numbered 2, 3, 4")
    rows = fields[FILE_NUM_ROWS]
    return _Footer(start, (rows[0], rows[2]), fields[FILE_ROW_GROUPS], cuts)


def part(data: bytes) -> Part:
    """``data``, a whole Parquet file, ready to be joined."""
    found = _footer(data)
    rows_at, groups_at = found.rows, found.groups
    rows, _ = _varint(data, rows_at[0] + 1)
    ends = [start for start, _, _ in found.cuts] + [groups_at[2]]
    pieces = [data[start:end] for start, end in zip([groups_at[1]] + [end for _, end, _ in found.cuts], ends)]
    common = data[found.start:rows_at[0]] + data[groups_at[2]:-8]
    size, _, _ = _list_header(data, groups_at[0] + 1)
    return Part(data, found.start, rows >> 1, size, common, pieces, [value for _, _, value in found.cuts])


class JoinedFile:
    """A Parquet file written part by part: each part is a whole Parquet file whose footer, less
    its rows and row groups, equals the template's (an empty file written with the same schema
    and options); its row groups are copied as they are, in order."""

    def __init__(self, path: str, template: bytes) -> None:
        self.template = template
        self.common = part(template).common
        found = _footer(template)
        self.head, self.tail = template[found.start:found.rows[0]], template[found.groups[2]:-8]
        self.row_groups = bytearray()
        self.groups = self.rows = 0
        self.file: BinaryIO = open(path, "wb")
        self.file.write(MAGIC)

    def append(self, part: Part) -> bool:
        """Copy the part's pages to the end of the file and keep its row groups, their offsets
        moved there; False (and nothing copied) when its footer differs from the template's in
        more than its rows and row groups, as from another schema or pyarrow."""
        if part.common != self.common:
            return False
        start = self.file.tell()
        out = self.row_groups
        for piece, value in zip(part.pieces, part.values):
            out += piece
            _put_varint(out, 2 * (start + value if value >= 0 else self.groups - 1 - value))  # zigzag of a value >= 0
        out += part.pieces[-1]
        self.file.write(memoryview(part.data)[len(MAGIC):part.end])
        self.groups += part.groups
        self.rows += part.rows
        return True

    def close(self) -> None:
        """Write the footer: the template's, with every part's rows and row groups."""
        with self.file:
            if not self.groups:  # the template is the file
                self.file.seek(0)
                self.file.write(self.template)
                self.file.truncate()
                return
            footer = bytearray(self.head)
            footer.append((FILE_NUM_ROWS - 2) << 4 | I64)
            _put_varint(footer, 2 * self.rows)
            footer.append(0x10 | LIST)
            if self.groups < 15:
                footer.append(self.groups << 4 | STRUCT)
            else:
                footer.append(0xF0 | STRUCT)
                _put_varint(footer, self.groups)
            footer += self.row_groups
            footer += self.tail
            self.file.write(footer + struct.pack("<I", len(footer)) + MAGIC)

    def abort(self) -> None:
        self.file.close()
