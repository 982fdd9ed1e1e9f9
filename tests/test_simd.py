"""The two paths give the same answers: where the processor has AVX2, the merges of necessary.h
pair up in AVX2 registers and the expected-value turn loop of the "separate" objective reads a
value in one load; SHANTEN_AVX2=0 keeps SSSE3 and SSE2 (the path of a processor without AVX2). A
seeded run of each path, every answer compared."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from shanten import _core

# Tile efficiency of seeded random hands (13 and 14 tiles, 3 and 4 players) and the expected value
# of a few positions (each search merges rows for every hand it meets), with the default model and
# mahjong-cpp's: a line per hand, its notation and a digest of its answer.
SCRIPT = r"""
import hashlib, random
import shanten
import shanten.ev
from shanten.ev import MAHJONG_CPP, Model, expected

def notation(counts):
    return "".join("".join(str(i + 1) * counts[9 * s + i] for i in range(9 if s < 3 else 7)) + "mpsz"[s]
                   for s in range(4) if any(counts[9 * s:9 * s + 9]))

def answers():
    rng = random.Random(20261128)
    for n in range(3000):
        players = 3 if n % 4 == 0 else 4
        kinds = [k for k in range(34) if players == 4 or not 1 <= k <= 7]
        counts = [0] * 34
        for k in rng.sample([k for k in kinds for _ in range(4)], 13 + n % 2):
            counts[k] += 1
        result = shanten.discards(counts, players=players) if n % 2 else shanten.ukeire(counts, players=players)
        yield f"{notation(counts)} players={players}", repr(result).encode()
    for hand in ("13777m112p6678s16z", "2m223488p778s1223z", "345779m469p3566s2z", "40m4058899p1488s4z"):
        for name, model in (("default", Model()), ("mahjong-cpp", MAHJONG_CPP)):
            try:  # a wrong merge may send the search past its bound: that answer differs too
                answer = b"".join(repr(r.tile).encode() + r.tenpai.tobytes() + r.win.tobytes() + r.score.tobytes()
                                  for r in expected(hand, draws=8, model=model))
            except shanten.ev.ExpectedValueError as error:
                answer = str(error).encode()
            yield f"{hand} expected ({name} model)", answer

for name, answer in answers():
    print(name, hashlib.sha256(answer).hexdigest()[:16])
from shanten import _core
print("AVX2", _core.AVX2)
"""


def run(env_avx2: str | None) -> tuple[list[str], int]:
    env = dict(os.environ)
    env.pop("SHANTEN_AVX2", None)
    if env_avx2 is not None:
        env["SHANTEN_AVX2"] = env_avx2
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    *lines, last = done.stdout.splitlines()
    return lines, int(last.split()[1])


@pytest.mark.skipif(not _core.AVX2, reason="this processor has no AVX2 (or SHANTEN_AVX2=0): one path only")
def test_avx2_and_ssse3_paths_agree() -> None:
    with_avx2, on = run(None)
    without, off = run("0")
    assert (on, off) == (1, 0)
    assert len(with_avx2) == len(without) == 3008
    for a, b in zip(with_avx2, without):
        assert a == b, f"{a.rsplit(' ', 1)[0]}: the AVX2 and SSSE3 paths differ"

