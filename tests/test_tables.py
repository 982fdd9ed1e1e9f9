"""The committed tables are exactly what their generator writes, and what the oracle says."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import oracle as O
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


SHAPES, ENTRIES = 405_350, 10


def _excess_masks() -> tuple[np.ndarray, np.ndarray]:
    """masks.bin read as its generator documents it: per shape and entry (m * 2 + p), the necessary
    mask and the excess mask (bits 9(k-2)+j: kind j exceeded by k or more, k = 2, 3, 4)."""
    data = (ROOT / "src/shanten/data/masks.bin").read_bytes()
    need = np.frombuffer(data, "<u2", SHAPES * ENTRIES).reshape(SHAPES, ENTRIES)
    index = np.frombuffer(data, "<u2", SHAPES, SHAPES * ENTRIES * 2)
    has = (index[:, None] >> np.arange(ENTRIES)) & 1 == 1
    stored = np.frombuffer(data, "<u4", offset=SHAPES * ENTRIES * 2 + SHAPES * 2)
    assert len(stored) == has.sum(), "one excess mask for each entry the index marks, and no more"
    excess = np.zeros((SHAPES, ENTRIES), np.uint32)
    excess[has] = stored
    return need, excess


def test_the_excess_masks_equal_the_optimal_targets_of_the_oracle() -> None:
    """For each sampled suit shape and row entry, the most copies of each kind that some optimal
    target (enumerated by the oracle, not by the DP) holds beyond the shape, against masks.bin."""
    shapes = np.indices((5,) * 9).reshape(9, -1).T
    shapes = shapes[shapes.sum(axis=1) <= 14]  # rank order, as the generator writes them
    need, excess = _excess_masks()
    targets, offsets = O._group_targets(9, True)
    rng = np.random.default_rng(20261126)
    for rank in rng.choice(SHAPES, 1500, replace=False):
        h = shapes[rank]
        over = targets - h  # copies each target holds beyond the shape, per kind
        cost = np.maximum(over, 0).sum(axis=1)
        for m in range(5):
            for p in range(2):
                a, b = offsets[(m, p)]
                best = over[a:b][cost[a:b] == cost[a:b].min()].max(axis=0)  # per kind, over optimal targets
                want_need = int(((best >= 1) << np.arange(9)).sum())
                want = sum(int(((best >= k) << np.arange(9)).sum()) << 9 * (k - 2) for k in (2, 3, 4))
                entry = m * 2 + p
                assert (int(need[rank, entry]), int(excess[rank, entry])) == (want_need, want), (
                    f"shape {h.tolist()} entry m={m} p={p}")


def test_a_damaged_masks_table_is_a_one_line_error(tmp_path: Path) -> None:
    good = (ROOT / "src/shanten/data/masks.bin").read_bytes()
    for name, data in (("short", good[:-4]), ("long", good + b"\0\0\0\0"), ("cut", good[:1000])):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "masks.bin").write_bytes(data)
        code = ("import shanten\nfrom shanten import _core, _resolve\n"
                "suits = open(shanten._DATA + '/suits.bin', 'rb').read()\n"
                f"_core._init(suits, shanten.InvalidHandError, _resolve.resolve, _resolve.meld_counts, {str(folder)!r},"
                " shanten.Hand)\n_core.load_tables()\n")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert done.returncode == 1 and done.stderr.splitlines()[-1] == (
            f"RuntimeError: cannot read {folder}/masks.bin: regenerate it with tools/gen_tables.c"), name
