"""The row merges' two paths give the same answers: where the processor has AVX2, the merges of
necessary.h pair up in AVX2 registers; SHANTEN_AVX2=0 keeps them in SSSE3 (the path of a processor
without AVX2). A seeded run of each path, every answer compared."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from shanten import _core

# Tile efficiency of seeded random hands (13 and 14 tiles, 3 and 4 players) and the expected value
# of a few positions (each search merges rows for every hand it meets), as one digest.
SCRIPT = r"""
import hashlib, random
import shanten
from shanten.ev import expected

def digest():
    h = hashlib.sha256()
    rng = random.Random(20261128)
    for n in range(3000):
        players = 3 if n % 4 == 0 else 4
        kinds = [k for k in range(34) if players == 4 or not 1 <= k <= 7]
        wall = [k for k in kinds for _ in range(4)]
        counts = [0] * 34
        for k in rng.sample(wall, 13 + n % 2):
            counts[k] += 1
        result = shanten.discards(counts, players=players) if n % 2 else shanten.ukeire(counts, players=players)
        h.update(repr((counts, result)).encode())
    for hand in ("13777m112p6678s16z", "2m223488p778s1223z", "345779m469p3566s2z", "40m4058899p1488s4z"):
        for row in expected(hand, draws=8):
            h.update(repr(row.tile).encode() + row.tenpai.tobytes() + row.win.tobytes() + row.score.tobytes())
    return h.hexdigest()

print(digest())
"""


def run(env_avx2: str | None) -> tuple[str, int]:
    env = dict(os.environ)
    env.pop("SHANTEN_AVX2", None)
    if env_avx2 is not None:
        env["SHANTEN_AVX2"] = env_avx2
    check = "from shanten import _core; print(_core.AVX2)"
    done = subprocess.run([sys.executable, "-c", SCRIPT + "\n" + check], env=env, capture_output=True, text=True,
                          check=True)
    digest, avx2 = done.stdout.split()
    return digest, int(avx2)


@pytest.mark.skipif(not _core.AVX2, reason="this processor has no AVX2 (or SHANTEN_AVX2=0): one path only")
def test_avx2_and_ssse3_merges_agree() -> None:
    with_avx2, on = run(None)
    without, off = run("0")
    assert (on, off) == (1, 0)
    assert with_avx2 == without

