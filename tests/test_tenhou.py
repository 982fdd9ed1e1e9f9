"""shanten.tenhou.pairi against the text of Tenhou's 牌理 calculator (tenhou.net/2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shanten import InvalidHandError
from shanten.tenhou import pairi

VECTORS = Path(__file__).resolve().parents[2] / "shared" / "pairi" / "tenhou-vectors.jsonl"


def test_recorded_vectors() -> None:
    """Every recorded query gives Tenhou's header and rows byte for byte."""
    if not VECTORS.is_file():
        pytest.skip(f"Tenhou vectors not found at {VECTORS} (../shared is absent)")
    vectors = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(vectors) == 2150
    mismatches = []
    for vector in vectors:
        expected = [vector["header"], *vector["rows"]]
        got = pairi(vector["input"], vector["mode"])
        if got != expected:
            mismatches.append(f"{vector['input']} ({vector['mode']})\n  expected {expected}\n  got      {got}")
    assert not mismatches, f"{len(mismatches)} of {len(vectors)} differ; first ones:\n" + "\n".join(mismatches[:5])


@pytest.mark.parametrize(
    ("query", "mode", "expected"),
    [
        # Tenpai after one discard: a shanpon on 1z/2z, 2 + 2 live copies.
        ("123m456p789s11223z", "q", ["聴牌(14枚)", "打3z 待ち[1z2z 4枚]"]),
        # 13 tiles analysed as is.
        ("123m456p789s1122z", "qd", ["聴牌(13枚)", "待ち[1z2z 4枚]"]),
        # Complete: list the discards that leave it tenpai; the discarded copy still counts as held.
        ("11z", "q", ["和了(2枚)", "打1z 待ち[1z 2枚]"]),
        # Ties keep the order in which the discards are first written.
        ("3z4p", "q", ["聴牌(2枚)", "打3z 待ち[4p 3枚]", "打4p 待ち[3z 3枚]"]),
        ("4p3z", "q", ["聴牌(2枚)", "打4p 待ち[3z 3枚]", "打3z 待ち[4p 3枚]"]),
        # A red five prints as 5.
        ("0m", "qd", ["聴牌(1枚)", "待ち[5m 3枚]"]),
    ],
)
def test_small_hands(query: str, mode: str, expected: list[str]) -> None:
    assert pairi(query, mode) == expected


def test_regular_only_header_names_both_forms() -> None:
    # Thirteen orphans complete; p mode keeps the regular form's 7 shanten in the rows.
    header, *rows = pairi("19m19p19s1234567z1m", "p")
    assert header == "標準形和了 / 一般形7向聴(14枚)"
    assert rows and all(row.startswith("打") and "摸[" in row for row in rows)
    assert pairi("19m19p19s1234567z1m", "q")[1] == "打1m 待ち[1m9m1p9p1s9s1z2z3z4z5z6z7z 38枚]"


@pytest.mark.parametrize(
    ("query", "mode", "message"),
    [
        ("123m", "q", "3 concealed tiles: a hand has 3n+1 or 3n+2"),
        ("11z", "x", "unknown mode 'x': expected one of q, p, qd, pd"),
        ("12x", "q", "column 3: unknown character 'x'"),
        ("11z [123m]", "q", "melds are not supported: Tenhou's 牌理 takes concealed tiles only"),
        ("", "q", "empty input"),
    ],
)
def test_bad_queries(query: str, mode: str, message: str) -> None:
    with pytest.raises(InvalidHandError) as error:
        pairi(query, mode)
    assert str(error.value) == message
