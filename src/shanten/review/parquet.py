"""One Parquet file made of the row groups of others, copied without decoding them.

A review's workers encode their own decisions (``shanten.review.run.encode``): the parent, which
shares the machine's cores with them, then only copies bytes. pyarrow writes a file only from
tables it encodes itself (a byte-copying rewriter is apache/arrow#47628, not in any release), so
this module reads each part's footer, a Thrift struct in the compact protocol, where the part is
written (``part``: a worker's time), and where it is joined only copies its pages and writes its
row groups' byte offsets moved to where the pages land; then one footer for the whole file.

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
from typing import Any, BinaryIO, NamedTuple

MAGIC = b"PAR1"

# Thrift compact protocol types
TRUE, FALSE, BYTE, I16, I32, I64, DOUBLE, BINARY, LIST, SET, MAP, STRUCT = range(1, 13)

Field = list[Any]  # [field id, compact type, value]; a struct is a list of fields

# The footer's fields (parquet.thrift), by struct
FILE_NUM_ROWS, FILE_ROW_GROUPS = 3, 4
ROW_GROUP_COLUMNS, ROW_GROUP_FILE_OFFSET, ROW_GROUP_ORDINAL = 1, 5, 7
CHUNK_FILE_OFFSET, CHUNK_META_DATA, CHUNK_OFFSET_INDEX, CHUNK_COLUMN_INDEX = 2, 3, 4, 6
META_OFFSETS = (9, 10, 11, 14)  # data, index, dictionary page; bloom filter
SAME_IN_EVERY_PART = (1, 2, 5, 7)  # version, schema, key-value metadata (the Arrow schema), column orders


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


def _read_value(data: bytes, at: int, kind: int) -> tuple[Any, int]:
    if kind in (TRUE, FALSE):  # in a collection: one byte
        return data[at] == TRUE, at + 1
    if kind == BYTE:
        return data[at], at + 1
    if kind in (I16, I32, I64):
        value, at = _varint(data, at)
        return value >> 1 ^ -(value & 1), at
    if kind == DOUBLE:
        return data[at:at + 8], at + 8
    if kind == BINARY:
        size, at = _varint(data, at)
        return data[at:at + size], at + size
    if kind in (LIST, SET):
        header = data[at]
        at += 1
        size, element = header >> 4, header & 0x0F
        if size == 15:
            size, at = _varint(data, at)
        items = []
        for _ in range(size):
            item, at = _read_value(data, at, element)
            items.append(item)
        return (element, items), at
    if kind == MAP:
        size, at = _varint(data, at)
        types = data[at] if size else 0
        at += bool(size)
        pairs = []
        for _ in range(size):
            key, at = _read_value(data, at, types >> 4)
            value, at = _read_value(data, at, types & 0x0F)
            pairs.append((key, value))
        return (types, pairs), at
    if kind == STRUCT:
        return read_struct(data, at)
    raise ThriftError(f"unknown Thrift type {kind} at byte {at}")


def read_struct(data: bytes, at: int = 0) -> tuple[list[Field], int]:
    """The struct at ``at`` in ``data`` and where it ends."""
    fields: list[Field] = []
    last = 0
    while True:
        header = data[at]
        at += 1
        if header == 0:
            return fields, at
        kind, delta = header & 0x0F, header >> 4
        if delta:
            last += delta
        else:
            last, at = _read_value(data, at, I16)
        if kind in (TRUE, FALSE):  # a boolean field's value is its type
            fields.append([last, kind, kind == TRUE])
            continue
        value, at = _read_value(data, at, kind)
        fields.append([last, kind, value])


class Offset(int):
    """A value left out of a serialized struct, to be written where the struct is joined
    (``write_struct``'s ``cuts``): a byte offset from the end of the file's magic, or, negative,
    ``-1 - n`` for the part's row group ``n``'s ordinal."""


class Raw(bytes):
    """A value already serialized."""


def _write_value(out: bytearray, kind: int, value: Any, cuts: list[tuple[int, int]] | None) -> None:
    if isinstance(value, Raw):
        out += value
    elif kind in (TRUE, FALSE):
        out.append(TRUE if value else FALSE)
    elif kind == BYTE:
        out.append(value)
    elif kind in (I16, I32, I64):
        if cuts is not None and type(value) is Offset:
            cuts.append((len(out), value))
        else:
            _put_varint(out, value << 1 ^ value >> 63)  # zigzag
    elif kind in (DOUBLE, BINARY):
        if kind == BINARY:
            _put_varint(out, len(value))
        out += value
    elif kind in (LIST, SET):
        element, items = value
        if len(items) < 15:
            out.append(len(items) << 4 | element)
        else:
            out.append(0xF0 | element)
            _put_varint(out, len(items))
        for item in items:
            _write_value(out, element, item, cuts)
    elif kind == MAP:
        types, pairs = value
        _put_varint(out, len(pairs))
        if pairs:
            out.append(types)
        for key, item in pairs:
            _write_value(out, types >> 4, key, cuts)
            _write_value(out, types & 0x0F, item, cuts)
    else:
        write_struct(out, value, cuts)


def write_struct(out: bytearray, fields: list[Field], cuts: list[tuple[int, int]] | None = None) -> None:
    """Append ``fields`` as a compact-protocol struct to ``out``; with ``cuts``, each ``Offset``
    value is left out, and where it belongs and the value are appended to ``cuts``."""
    last = 0
    for number, kind, value in fields:
        header_kind = (TRUE if value else FALSE) if kind in (TRUE, FALSE) else kind
        if 0 < number - last <= 15:
            out.append((number - last) << 4 | header_kind)
        else:
            out.append(header_kind)
            _write_value(out, I16, number, None)
        last = number
        if kind not in (TRUE, FALSE):
            _write_value(out, kind, value, cuts)
    out.append(0)


def _field(fields: list[Field], number: int) -> Field | None:
    return next((field for field in fields if field[0] == number), None)


def _value(fields: list[Field], number: int) -> Any:
    """The value of a field the format requires."""
    field = _field(fields, number)
    if field is None:
        raise ThriftError(f"the Parquet footer lacks a required field ({number})")
    return field[2]


def _mark(fields: list[Field], numbers: tuple[int, ...]) -> None:
    """Mark the byte offsets among ``fields`` as ``Offset``, from the end of the magic (0 is no
    offset: the file starts with its magic)."""
    for field in fields:
        if field[0] in numbers and field[2]:
            field[2] = Offset(field[2] - len(MAGIC))


def footer(data: bytes) -> tuple[list[Field], int]:
    """A Parquet file's footer (its FileMetaData) and where it starts."""
    if len(data) < 12 or data[:4] != MAGIC or data[-4:] != MAGIC:
        raise ThriftError("not a Parquet file")
    size = struct.unpack("<I", data[-8:-4])[0]
    start = len(data) - 8 - size
    try:
        if start < len(MAGIC):
            raise IndexError
        fields, end = read_struct(data, start)
    except IndexError:
        raise ThriftError("the Parquet footer runs past its bounds") from None
    if end != len(data) - 8:
        raise ThriftError("the Parquet footer does not end where its length says")
    return fields, start


class Part(NamedTuple):
    """A Parquet file made ready to be joined (``part``): the work of reading its footer is done
    where the file was written, so that joining it only copies bytes."""

    data: bytes  # the whole file
    end: int  # where its pages end (its footer starts)
    rows: int
    groups: int
    common: bytes  # the fields every part must share, serialized
    pieces: list[bytes]  # its row groups serialized, cut at each ``Offset``, whose values ``offsets`` holds
    offsets: list[int]


def part(data: bytes) -> Part:
    """``data``, a whole Parquet file, ready to be joined."""
    fields, end = footer(data)
    groups = _value(fields, FILE_ROW_GROUPS)[1]
    for number, group in enumerate(groups):
        _mark(group, (ROW_GROUP_FILE_OFFSET,))
        ordinal = _field(group, ROW_GROUP_ORDINAL)
        if ordinal is not None:  # numbered through the joined file
            ordinal[2] = Offset(-1 - number)
        for chunk in _value(group, ROW_GROUP_COLUMNS)[1]:
            _mark(chunk, (CHUNK_FILE_OFFSET, CHUNK_OFFSET_INDEX, CHUNK_COLUMN_INDEX))
            meta = _field(chunk, CHUNK_META_DATA)
            if meta is not None:
                _mark(meta[2], META_OFFSETS)
    serialized = bytearray()
    cuts: list[tuple[int, int]] = []
    for group in groups:
        write_struct(serialized, group, cuts)
    ends = [at for at, _ in cuts] + [len(serialized)]
    pieces = [bytes(serialized[a:b]) for a, b in zip([0] + ends, ends)]
    common = bytearray()
    write_struct(common, [field for field in fields if field[0] in SAME_IN_EVERY_PART])
    return Part(data, end, _value(fields, FILE_NUM_ROWS), len(groups), bytes(common), pieces,
                [value for _, value in cuts])


class JoinedFile:
    """A Parquet file written part by part: each part is a whole Parquet file whose schema and
    key-value metadata equal the template's (an empty file written with the same schema and
    options); its row groups are copied as they are, in order."""

    def __init__(self, path: str, template: bytes) -> None:
        self.template = template
        fields, _ = footer(template)
        self.common = part(template).common
        self.head = [field for field in fields if field[0] not in (FILE_NUM_ROWS, FILE_ROW_GROUPS)]
        self.row_groups = bytearray()
        self.groups = self.rows = 0
        self.file: BinaryIO = open(path, "wb")
        self.file.write(MAGIC)

    def append(self, part: Part) -> bool:
        """Copy the part's pages to the end of the file and keep its row groups, their offsets
        moved there; False (and nothing copied) when its schema or metadata differ from the
        template's, as from another pyarrow version."""
        if part.common != self.common:
            return False
        start = self.file.tell()
        out = self.row_groups
        for piece, value in zip(part.pieces, part.offsets):
            out += piece
            _put_varint(out, 2 * (start + value if value >= 0 else self.groups - 1 - value))  # zigzag, >= 0
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
            header = bytearray()
            if self.groups < 15:
                header.append(self.groups << 4 | STRUCT)
            else:
                header.append(0xF0 | STRUCT)
                _put_varint(header, self.groups)
            fields = self.head + [[FILE_NUM_ROWS, I64, self.rows], [FILE_ROW_GROUPS, LIST, Raw(header + self.row_groups)]]
            out = bytearray()
            write_struct(out, sorted(fields, key=lambda field: field[0]))
            self.file.write(out + struct.pack("<I", len(out)) + MAGIC)

    def abort(self) -> None:
        self.file.close()
