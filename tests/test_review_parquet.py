"""Parquet files joined row group by row group (shanten.review.parquet): the joined file reads
back, by pyarrow, polars and DuckDB, as the parts' rows in order, and its footer, read field by
field (tests/thrift.py), holds the parts' row groups with every byte offset moved."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from shanten.review import review
from shanten.review.parquet import JoinedFile, ThriftError, _skip, part

from thrift import (BINARY, BYTE, DOUBLE, FALSE, I16, I32, I64, LIST, MAP, SET, STRUCT, TRUE, Field, footer,
                     read_struct, with_footer, write_struct)

DATA = Path(__file__).parent / "data" / "records"
OPTIONS = {  # writer options whose footers differ: dictionaries, page indexes, an old format, another codec
    "default": {},
    "no dictionary": {"use_dictionary": False},
    "page index": {"write_page_index": True},
    "format 1.0": {"version": "1.0"},
    "zstd, no statistics": {"compression": "zstd", "write_statistics": False},
}


@pytest.fixture(scope="module")
def decisions() -> pa.Table:
    table = review([str(DATA)]).decisions
    assert table.num_rows == 60 and table.column("ukeire_lost").null_count > 0  # nulls and lists, too
    return table


def _file(table: pa.Table, **options: Any) -> bytes:
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, **options)
    return bytes(sink.getvalue().to_pybytes())


@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
def test_the_tests_thrift_codec_reads_pyarrows_footers_back_byte_for_byte(decisions: pa.Table, options: dict[str, Any]) -> None:
    data = _file(decisions, row_group_size=25, **options)
    fields, start = footer(data)
    assert [field[0] for field in fields][:4] == [1, 2, 3, 4]
    assert fields[2][2] == 60 and len(fields[3][2][1]) == 3  # num_rows, row groups of 25, 25, 10 rows
    out = bytearray()
    write_struct(out, fields)
    assert bytes(out) == data[start:-8]


def _random_value(rng: random.Random, kind: int, depth: int) -> Any:
    if kind in (TRUE, FALSE):
        return rng.random() < 0.5
    if kind == BYTE:
        return rng.randrange(256)
    if kind in (I16, I32, I64):
        bits = {I16: 15, I32: 31, I64: 63}[kind]
        return rng.randrange(-(1 << bits), 1 << bits) if rng.random() < 0.5 else rng.randrange(-3, 300)
    if kind == DOUBLE:
        return rng.randbytes(8)
    if kind == BINARY:
        return rng.randbytes(rng.choice((0, 3, 200)))
    if kind in (LIST, SET):
        element = rng.choice([TRUE, BYTE, I32, I64, BINARY] + [STRUCT, LIST] * (depth < 3))
        return element, [_random_value(rng, element, depth + 1) for _ in range(rng.choice((0, 1, 14, 15, 40)))]
    if kind == MAP:
        types = rng.choice((I32, BINARY)) << 4 | rng.choice((I64, BINARY, TRUE))
        pairs = [(_random_value(rng, types >> 4, depth + 1), _random_value(rng, types & 15, depth + 1))
                 for _ in range(rng.choice((0, 2, 20)))]
        return (types if pairs else 0), pairs  # an empty map has no types on the wire
    return _random_struct(rng, depth + 1)


def _random_struct(rng: random.Random, depth: int) -> list[Field]:
    kinds = [TRUE, BYTE, I16, I32, I64, DOUBLE, BINARY, LIST, SET, MAP] + [STRUCT] * (depth < 3)
    numbers = sorted(rng.sample(range(1, 400), rng.randrange(0, 8)))  # deltas within 15 and beyond
    fields: list[Field] = []
    for number in numbers:
        kind = rng.choice(kinds)
        value = _random_value(rng, kind, depth)
        fields.append([number, (TRUE if value else FALSE) if kind == TRUE else kind, value])
    return fields


def test_any_struct_is_skipped_whole() -> None:
    rng = random.Random(20261126)
    for case in range(300):
        fields = _random_struct(rng, 0)
        out = bytearray()
        write_struct(out, fields)
        assert read_struct(bytes(out)) == (fields, len(out))  # the tests' codec, too
        assert _skip(bytes(out) + b"\xff", 0, STRUCT) == len(out), f"seed 20261126, case {case}: {str(fields)[:1000]}"


OFFSETS = {"group": {5}, "chunk": {2, 4, 6}, "meta": {9, 10, 11, 14}}  # byte offsets, by struct (parquet.thrift)


def _moved(fields: list[Field], by: int, where: str = "group") -> list[Field]:
    """A row group's fields with every byte offset (but 0, none) moved by ``by``."""
    moved = []
    for number, kind, value in fields:
        if number in OFFSETS[where] and value:
            value += by
        elif where == "group" and number == 1:
            value = (value[0], [_moved(chunk, by, "chunk") for chunk in value[1]])
        elif where == "chunk" and number == 3:
            value = _moved(value, by, "meta")
        moved.append([number, kind, value])
    return moved


@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
def test_joined_parts_read_back_as_their_rows_in_order(decisions: pa.Table, options: dict[str, Any],
                                                       tmp_path: Path) -> None:
    path = tmp_path / "joined.parquet"
    joined = JoinedFile(str(path), _file(decisions.schema.empty_table(), **options))
    cuts = [(0, 7), (7, 0), (7, 40), (47, 13)]  # an empty part among them
    for start, length in cuts:
        assert joined.append(part(_file(decisions.slice(start, length), row_group_size=20, **options)))
    joined.close()
    joined_groups = footer(path.read_bytes())[0][3][2][1]
    expected, at = [], 4
    for start, length in cuts:
        data = _file(decisions.slice(start, length), row_group_size=20, **options)
        expected += [_moved(group, at - 4) for group in footer(data)[0][3][2][1]]  # its pages start at ``at``
        at += footer(data)[1] - 4
    assert joined_groups == expected
    metadata = pq.ParquetFile(path).metadata
    assert [metadata.row_group(i).num_rows for i in range(metadata.num_row_groups)] == [7, 0, 20, 20, 13]
    assert pq.read_table(path).equals(decisions)
    assert [pq.ParquetFile(path).read_row_group(i).num_rows for i in range(5)] == [7, 0, 20, 20, 13]
    rich = pq.read_table(path, filters=[("ukeire", ">", 30)])  # row groups skipped by their statistics
    assert rich.equals(decisions.filter(pa.compute.greater(decisions["ukeire"], 30)))
    polars = pytest.importorskip("polars", reason="polars is in the test extra")
    assert polars.read_parquet(path).equals(polars.from_arrow(decisions))
    duckdb = pytest.importorskip("duckdb", reason="duckdb is in the test extra")
    query = "select count(*), sum(ukeire), count(distinct hand), max(turn) from {}"
    assert duckdb.sql(query.format(f"'{path}'")).fetchall() == duckdb.sql(query.format("decisions")).fetchall()


def test_a_part_of_another_schema_is_refused_untouched(decisions: pa.Table, tmp_path: Path) -> None:
    path = tmp_path / "joined.parquet"
    joined = JoinedFile(str(path), _file(decisions.schema.empty_table()))
    assert joined.append(part(_file(decisions.slice(0, 10))))
    assert not joined.append(part(_file(decisions.slice(10, 10), version="1.0")))  # the same table, older types
    assert not joined.append(part(_file(decisions.slice(10, 10).replace_schema_metadata({"x": "y"}))))
    joined.close()
    assert pq.read_table(path).equals(decisions.slice(0, 10))


def test_no_parts_leave_the_template(decisions: pa.Table, tmp_path: Path) -> None:
    path = tmp_path / "joined.parquet"
    template = _file(decisions.schema.empty_table())
    JoinedFile(str(path), template).close()
    assert path.read_bytes() == template and pq.read_table(path).equals(decisions.schema.empty_table())


@pytest.mark.parametrize("data", [b"", b"PAR1", b"PAR1\x00\x00\x00\x00PAR1x", b"PAR1\x05\x00\x00\x00PAR1",
                                  b"XXXX\x00\x00\x00\x00\x00PAR1"])
def test_what_is_not_a_parquet_file_is_refused(data: bytes) -> None:
    with pytest.raises(ThriftError):
        part(data)


def test_row_group_ordinals_are_numbered_through_the_joined_file(decisions: pa.Table, tmp_path: Path) -> None:
    # pyarrow writes no ordinals (RowGroup field 7), other writers do: a part is given them here
    data = _file(decisions, row_group_size=25)
    fields, _ = footer(data)
    for number, group in enumerate(fields[3][2][1]):
        group.append([7, I16, number])
    with_ordinals = with_footer(data, fields)
    path = tmp_path / "joined.parquet"
    joined = JoinedFile(str(path), _file(decisions.schema.empty_table()))
    assert joined.append(part(with_ordinals)) and joined.append(part(with_ordinals))
    joined.close()
    groups = footer(path.read_bytes())[0][3][2][1]
    assert [group[-1] for group in groups] == [[7, I16, number] for number in range(6)]
    assert pq.read_table(path).equals(pa.concat_tables([decisions, decisions]))
