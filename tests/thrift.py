"""A plain reader and writer of the Thrift compact protocol, for the tests of shanten.review.parquet:
footers made with features pyarrow does not write, and the joined file's footer read field by
field. A struct is a list of [field number, compact type, value]."""

from __future__ import annotations

import struct
from typing import Any

TRUE, FALSE, BYTE, I16, I32, I64, DOUBLE, BINARY, LIST, SET, MAP, STRUCT = range(1, 13)

Field = list[Any]


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


def _read(data: bytes, at: int, kind: int) -> tuple[Any, int]:
    if kind in (TRUE, FALSE):
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
        size, element = data[at] >> 4, data[at] & 0x0F
        at += 1
        if size == 15:
            size, at = _varint(data, at)
        items = []
        for _ in range(size):
            item, at = _read(data, at, element)
            items.append(item)
        return (element, items), at
    if kind == MAP:
        size, at = _varint(data, at)
        types = data[at] if size else 0
        at += bool(size)
        pairs = []
        for _ in range(size):
            key, at = _read(data, at, types >> 4)
            value, at = _read(data, at, types & 0x0F)
            pairs.append((key, value))
        return (types, pairs), at
    assert kind == STRUCT, kind
    return read_struct(data, at)


def read_struct(data: bytes, at: int = 0) -> tuple[list[Field], int]:
    fields: list[Field] = []
    number = 0
    while True:
        header = data[at]
        at += 1
        if header == 0:
            return fields, at
        kind = header & 0x0F
        if header >> 4:
            number += header >> 4
        else:
            number, at = _read(data, at, I16)
        if kind in (TRUE, FALSE):
            fields.append([number, kind, kind == TRUE])
            continue
        value, at = _read(data, at, kind)
        fields.append([number, kind, value])


def _write(out: bytearray, kind: int, value: Any) -> None:
    if kind in (TRUE, FALSE):
        out.append(TRUE if value else FALSE)
    elif kind == BYTE:
        out.append(value)
    elif kind in (I16, I32, I64):
        _put_varint(out, value << 1 ^ value >> 63)
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
            _write(out, element, item)
    elif kind == MAP:
        types, pairs = value
        _put_varint(out, len(pairs))
        if pairs:
            out.append(types)
        for key, item in pairs:
            _write(out, types >> 4, key)
            _write(out, types & 0x0F, item)
    else:
        write_struct(out, value)


def write_struct(out: bytearray, fields: list[Field]) -> None:
    last = 0
    for number, kind, value in fields:
        header = (TRUE if value else FALSE) if kind in (TRUE, FALSE) else kind
        if 0 < number - last <= 15:
            out.append((number - last) << 4 | header)
        else:
            out.append(header)
            _write(out, I16, number)
        last = number
        if kind not in (TRUE, FALSE):
            _write(out, kind, value)
    out.append(0)


def footer(data: bytes) -> tuple[list[Field], int]:
    """A Parquet file's FileMetaData and where it starts."""
    start = len(data) - 8 - struct.unpack("<I", data[-8:-4])[0]
    fields, end = read_struct(data, start)
    assert end == len(data) - 8
    return fields, start


def with_footer(data: bytes, fields: list[Field]) -> bytes:
    """The Parquet file ``data`` with its footer replaced by ``fields``."""
    out = bytearray()
    write_struct(out, fields)
    return data[:footer(data)[1]] + bytes(out) + struct.pack("<I", len(out)) + b"PAR1"
