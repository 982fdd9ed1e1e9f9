"""A digest of the expected-value engine's numbers: two builds that print the same digest give, bit for
bit, the same numbers on these searches.

    python bench/ev_digest.py [OTHER]

A speed change to the engine should change no number. The searches: every hand of
../shared/mahjong-cpp/reference.jsonl (default options) up to 2-shanten, under five models
(mahjong-cpp's with its rules, and Tenhou's rules with the default model, the win objective, and the
"separate" objective with riichi never and by choice): 355 searches of the compiled kernel
(``_core.expected``), whose every row, number and turn enter a SHA-256. OTHER: a directory that holds
another build's ``shanten`` package (as for ``bench/ev_ab.py``), run in a process of its own; both
digests are printed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys

from ev import arguments, cases

from shanten import _core
from shanten.ev import MAHJONG_CPP, MAHJONG_CPP_RULES, Model, position

MODELS = [(MAHJONG_CPP, MAHJONG_CPP_RULES), (Model(), "tenhou"), (Model(objective="win"), "tenhou"),
          (Model(objective="separate", riichi="never"), "tenhou"),
          (Model(objective="separate", riichi="choose"), "tenhou")]


def digest() -> str:
    """'searches hexdigest' of this process's build."""
    h = hashlib.sha256()
    n = 0
    for case in cases():
        if case["shanten"] > 2:
            continue
        for model, rules in MODELS:
            h.update(repr(_core.expected(*position(case["hand"], model=model, rules=rules,
                                                   **arguments(case)).args)).encode())
            n += 1
    return f"{n} {h.hexdigest()[:16]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", nargs="?", help="a directory holding another build's shanten package")
    args = parser.parse_args()
    print(f"this build:  {digest()}")
    if args.other:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([args.other, os.environ.get("PYTHONPATH", "")]))
        other = subprocess.run([sys.executable, __file__], env=env, capture_output=True, text=True, check=True)
        print(f"other build: {other.stdout.split(':', 1)[1].strip()}")


if __name__ == "__main__":
    main()
