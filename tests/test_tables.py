"""The committed tables are exactly what their generator writes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GENERATED = ("src/core/tables.h", "src/shanten/data/suits.bin", "src/shanten/data/masks.bin")


def test_generator_reproduces_the_committed_tables(tmp_path: Path) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler to build tools/gen_tables.c")
    # the generator includes ../src/core/dp.h relative to itself: give it the same layout
    for folder in ("tools", "src/core", "src/shanten/data"):
        (tmp_path / folder).mkdir(parents=True)
    shutil.copy(ROOT / "tools/gen_tables.c", tmp_path / "tools")
    for header in ("dp.h", "row.h"):
        shutil.copy(ROOT / "src/core" / header, tmp_path / "src/core")
    binary = tmp_path / "gen_tables"
    # no -mssse3: built this way the generator runs the portable row code, so this also
    # checks that code against the SIMD build that wrote the committed tables
    subprocess.run([compiler, "-O2", "-o", str(binary), str(tmp_path / "tools/gen_tables.c")], check=True)
    subprocess.run([str(binary), str(tmp_path)], check=True)
    for name in GENERATED:
        assert (tmp_path / name).read_bytes() == (ROOT / name).read_bytes(), name
