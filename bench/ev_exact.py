"""How far the exact pool convention reaches, beside mahjong-cpp's (the same pool), in one run.

    python bench/ev_exact.py [--hands N]   (about two minutes with the defaults)

In the exact convention (``Model(pool="exact")``) a thrown tile is gone, so a state of the search is
a hand with the tiles thrown so far, and the search grows with the draws left far faster than in
the same-pool convention, whose state is the hand alone. For the first ``--hands`` reference
hands of each shanten (../shared/mahjong-cpp/reference.jsonl, their dora and winds) and a few
numbers of draws left, it prints how many the exact search answers within ``MAX_HANDS`` states,
the median and maximum time of those (best of 2 calls of ``expected``), the same-pool time of the
same hands and the ratio. Two models: the default (tegawari and shanten-back within the bound),
and without tegawari and shanten-back, which search far fewer hands. One more series takes every
reference hand, up to 3-shanten, with ``EXACT_DRAWS`` draws left: the most at which the default pool
(``"auto"``) takes the exact one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from time import perf_counter

from bench import print_table
from ev import REFERENCE, arguments, cases  # bench/ev.py: the reference hands

from shanten.ev import EXACT_DRAWS, ExpectedValueError, Model, expected

NO_BACK = {"tegawari": False, "shanten_back": False}
SERIES = [  # model, its options, draws left, shantens, every hand (else --hands)
    ("default", {}, (2, 3, 4), (0, 1, 2), False),
    ("default, every hand", {}, (EXACT_DRAWS,), (0, 1, 2, 3), True),
    ("no tegawari, no shanten-back", NO_BACK, (4, 6, 10, 17), (0, 1, 2), False),
]


def timed(hand: str, model: Model, kwargs: dict[str, object]) -> float | None:
    """The best of 2 calls' seconds, or None when the search passes its bound."""
    times = []
    for _ in range(2):
        start = perf_counter()
        try:
            expected(hand, model=model, **kwargs)  # type: ignore[arg-type]
        except ExpectedValueError:
            return None
        times.append(perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10, help="hands of each shanten (default 10)")
    args = parser.parse_args()
    if not REFERENCE.exists():
        sys.exit(f"no reference hands at {REFERENCE}")
    rows = []
    for name, options, draw_counts, shantens, every in SERIES:
        for draws in draw_counts:
            for shanten in shantens:
                exact, same = [], []
                hands = [c for c in cases() if c["shanten"] == shanten][:None if every else args.hands]
                for case in hands:
                    kwargs = {**arguments(case), "draws": draws}
                    took = timed(case["hand"], Model(pool="exact", **options), kwargs)
                    if took is not None:
                        exact.append(took)
                        same.append(timed(case["hand"], Model(pool="same", **options), kwargs) or float("nan"))
                if exact:
                    ratio = statistics.median(e / s for e, s in zip(exact, same))
                    figures = [f"{statistics.median(exact) * 1e3:.1f} / {max(exact) * 1e3:.1f}",
                               f"{statistics.median(same) * 1e3:.2f} / {max(same) * 1e3:.2f}", f"{ratio:,.0f}x"]
                else:
                    figures = ["-", "-", "-"]
                rows.append([name, str(draws), str(shanten), f"{len(exact)} of {len(hands)}", *figures])
    print_table(["model", "draws left", "shanten", "exact answers", "exact ms (median / max)",
                 "same pool ms (median / max)", "exact / same (median)"], rows)


if __name__ == "__main__":
    main()
