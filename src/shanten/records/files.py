"""Opening records: gzip, telling the format from the first bytes, and ``read``.

>>> sniff(b"<mjloggm ver='2.3'>"), sniff(b'{"title":["",""],"log":[]}'), sniff(b'{"type":"start_game"}')
('mjlog', 'tenhou6', 'mjai')
"""

from __future__ import annotations

import gzip
import os
import re
import zlib
from collections.abc import Iterator
from typing import BinaryIO, Union

from .model import Game, RecordError, quote

Source = Union[str, "os.PathLike[str]", bytes, BinaryIO]

_MJAI = re.compile(rb'\{\s*"type"\s*:')


def sniff(data: bytes) -> str:
    """The format of ``data`` (gunzipped): "mjlog", "tenhou6" or "mjai"; raise RecordError if none."""
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<mjloggm") or head.startswith(b"<?xml"):
        return "mjlog"
    if head.startswith(b"{"):
        first_line = head.split(b"\n", 1)[0]
        return "mjai" if _MJAI.match(first_line) else "tenhou6"
    if head.startswith(b"#") and _MJAI.search(head):  # gimite's golden logs open with a comment
        return "mjai"
    raise RecordError(f"unknown format: starts with {quote(head[:30].decode('utf-8', 'replace'))}")


def _load(source: Source) -> tuple[bytes, str]:
    if isinstance(source, bytes):
        return source, "<bytes>"
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        try:
            with open(name, "rb") as file:
                return file.read(), name
        except OSError as error:
            raise RecordError(f"{name}: cannot read: {error.strerror}") from None
    return source.read(), getattr(source, "name", "<stream>")


def read(source: Source, format: str | None = None) -> Iterator[Game]:
    """The games in ``source``: a path, bytes or a binary file object (gzip or not).

    ``format`` ("mjlog", "tenhou6", "mjai") skips sniffing the content.
    """
    data, name = _load(source)
    if not data:
        raise RecordError(f"{name}: empty file")
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            raise RecordError(f"{name}: broken gzip: {error}") from None
    try:
        format = format or sniff(data)
    except RecordError as error:
        raise RecordError(f"{name}: {error}") from None
    if format == "mjlog":
        from .mjlog import read_mjlog

        yield read_mjlog(data, name)
    elif format == "tenhou6":
        from .tenhou6 import read_tenhou6

        yield from read_tenhou6(data, name)
    elif format == "mjai":
        from .mjai import read_mjai

        yield from read_mjai(data, name)
    else:
        raise RecordError(f"{name}: unknown format {format!r}: use 'mjlog', 'tenhou6' or 'mjai'")
