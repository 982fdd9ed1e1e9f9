"""The workload setup.py profiles the compiled core on (gcc's profile-guided optimization).

    python tools/pgo_train.py

setup.py builds the core instrumented, runs this script on that build, and builds it again with
the branch and call counts it recorded. The hands are drawn from a seeded wall, not taken from any
benchmark: what is learnt is which way the engine's branches go on ordinary hands (tenpai to
3-shanten, both expected-value models), plus the shanten and discard queries. A few seconds.
"""

from __future__ import annotations

import random

import shanten
from shanten.ev import MAHJONG_CPP, MAHJONG_CPP_RULES, Model, expected

# hands wanted per shanten of the 14 tiles: the engine's time goes to 1- to 3-shanten searches
WANTED = {0: 20, 1: 20, 2: 6, 3: 1}


def main() -> None:
    rng = random.Random(1)
    names = [f"{n}{suit}" for suit in "mpsz" for n in range(1, 10) if suit != "z" or n <= 7]
    wall = [name for name in names for _ in range(4)]
    done = dict.fromkeys(WANTED, 0)
    while any(done[s] < WANTED[s] for s in WANTED):
        hand = "".join(rng.sample(wall, 14))
        s = shanten.shanten(hand)
        if s not in WANTED or done[s] >= WANTED[s]:
            continue
        done[s] += 1
        expected(hand, model=MAHJONG_CPP, rules=MAHJONG_CPP_RULES, dora="1m")
        if s <= 2:
            expected(hand, model=Model(), dora="1m")
        shanten.discards(hand)


if __name__ == "__main__":
    main()
