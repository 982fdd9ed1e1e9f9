"""Speed of the compiled scoring kernel (src/core/score.h), on one core and per call from Python.

    python bench/scoring_core.py [--hands N] [--seed S]

The hands are the seeded random wins of tests/scoring_random.py with random contexts: closed
and open, 3- and 4-player, seven pairs and thirteen orphans, flushes, outside hands and
yakuman, riichi, tsumo and ron, dora and ura (the mix the differential tests score). Rows are
prepared before timing.

- C level: ``score_batch(rows, threads=1, out=...)``, one thread, the output array reused: the
  rate of score_hand() itself, as the expected-value engine calls it (median of rounds).
- Per call: ``shanten.scoring._fast.score_ids(tiles, win, melds, flags, dora, ura, round_wind,
  seat_wind)``, the C function called from a Python loop with lists of tile ids (best of 3).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from scoring_random import RandomWin, random_win  # noqa: E402

from shanten.scoring._fast import input_dtype, output_dtype, score_batch, score_ids  # noqa: E402

FIVES = (4, 13, 22)


def kind(tile: int) -> int:
    return FIVES[tile - 34] if tile >= 34 else tile


def dora_kind(indicator: int, players: int) -> int:
    if indicator < 27:
        if players == 3 and indicator < 9:
            return 8 if indicator == 0 else 0
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


def rows_of(wins: list[RandomWin]) -> np.ndarray:
    rows = np.zeros(len(wins), input_dtype())
    for i, w in enumerate(wins):
        tiles, win, melds = w.ids()
        for t in tiles:
            rows["counts"][i, kind(t)] += 1
            if t >= 34:
                rows["red"][i, t - 34] += 1
        rows["win"][i] = kind(win)
        rows["n_melds"][i] = len(melds)
        for j, (meld_type, *ids) in enumerate(melds):
            rows["melds"][i, j] = (meld_type, min(map(kind, ids)), sum(t >= 34 for t in ids))
        for field, indicators in (("dora", w.dora), ("ura", w.ura)):
            for t in indicators:
                rows[field][i, dora_kind(t // 4, w.players)] += 1
        for field in ("flags", "kita", "round_wind", "seat_wind", "players", "honba", "sticks"):
            rows[field][i] = getattr(w, field)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=15)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    wins = [random_win(rng) for _ in range(options.hands)]
    rows = rows_of(wins)
    big = np.tile(rows, max(1, 1_000_000 // len(rows)))
    out = np.zeros(big.shape, output_dtype())
    score_batch(big, threads=1, out=out)  # warm: pages of out touched, code and tables in cache
    rates = []
    for _ in range(options.rounds):
        start = perf_counter()
        score_batch(big, threads=1, out=out)
        rates.append(len(big) / (perf_counter() - start))
    print(f"hands: {len(rows):,} seeded random wins (seed {options.seed}), {len(big):,} rows per batch")
    print(f"C level, one core (score_batch threads=1): median {statistics.median(rates):,.0f} scorings/s, "
          f"best {max(rates):,.0f}")
    args = []
    for w in wins:
        tiles, win, melds = w.ids()
        args.append((tiles, win, melds, w.flags, [t // 4 for t in w.dora], [t // 4 for t in w.ura], w.round_wind,
                     w.seat_wind, w.kita, w.honba, w.sticks, w.players))
    best = 0.0
    for _ in range(3):
        start = perf_counter()
        for a in args:
            score_ids(*a)
        best = max(best, len(args) / (perf_counter() - start))
    print(f"per call from Python (score_ids): best of 3 {best:,.0f} scorings/s")
    yakuman = int(np.count_nonzero(out["yakuman"][: len(rows)]))
    no_yaku = int(np.count_nonzero(out["han"][: len(rows)] == 0))
    print(f"mix: {sum(bool(w.melds) for w in wins) / len(wins):.0%} with melds, "
          f"{sum(w.players == 3 for w in wins) / len(wins):.0%} 3-player, {yakuman / len(rows):.1%} yakuman, "
          f"{no_yaku / len(rows):.0%} no yaku")


if __name__ == "__main__":
    main()
