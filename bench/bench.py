"""Benchmark `shanten` against the installed peer shanten calculators.

    python bench/bench.py [--hands N] [--seed S] [--quick]

Every implementation gets the same seeded hands, each in its own input format
(prepared before timing), and is called through its own per-call API. Per-call
rates are the best of 3 passes over the prepared list; the batch section times
41 rounds and judges ratios by their median. Installs nothing; peers that are
not installed are skipped with a note. See bench/README.md.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import multiprocessing
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import starmap
from pathlib import Path
from time import perf_counter
from typing import Any

import numpy as np

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)  # concealed sizes 3n+1 / 3n+2
REPEATS = 3
BATCH_ROUNDS = 41  # rounds of batch passes (each ~50 ms): ratios are medians over rounds
CHECK_SAMPLE = 10_000  # hands per set compared against the reference
IDLE_S = 0.02  # a pause long enough for an idle vCPU to be parked
BATCH_FACTOR = 10  # batch rows = BATCH_FACTOR * hands (1,000,000 by default)
DISTRIBUTIONS = ("shanten", "shanten-tools", "xiangting", "mahjong", "jansou", "numpy")
OURS = "shanten (ours)"

Counts = list[int]
Bar = tuple[str, bool | None, str]  # (description, passed or None when not measurable, detail)
VERDICT = {True: "PASS", False: "FAIL", None: "n/a"}


@dataclass
class Impl:
    name: str
    call: Callable[..., Any]  # the library's own function, called directly in the timed loop
    prepare: Callable[[Counts], tuple[Any, ...]]  # 34 counts -> that function's arguments
    to_shanten: Callable[[Any], int] = int  # its result -> shanten (-1 complete, 0 ready)
    reset: Callable[[], None] | None = None  # clears a result memo before each timed pass


def _ours() -> Impl:
    import shanten

    return Impl(OURS, shanten.shanten, lambda c: (c,))


def _shanten_tools() -> Impl:
    import shanten_tools

    return Impl("shanten-tools", shanten_tools.shanten,
                lambda c: (np.array(c, dtype=np.uint8),), lambda r: r - 1)


def _xiangting() -> Impl:
    import xiangting

    four = xiangting.PlayerCount.FOUR
    return Impl("xiangting", xiangting.calculate_replacement_number, lambda c: (c, four), lambda r: r - 1)


def _jansou_memo_clear() -> Callable[[], None]:
    """jansou memoises shanten by counts; clearing it before each pass measures computation."""
    from jansou.analysis import shanten as js

    return js._COUNT_MEMO.clear


def _mahjong() -> Impl:
    from mahjong.shanten import Shanten

    return Impl("mahjong", Shanten().calculate_shanten, lambda c: (c,))


def _jansou() -> Impl:
    from jansou.analysis import shanten as js

    return Impl("jansou", js.shanten_counts, lambda c: (c, 4 - sum(c) // 3), reset=_jansou_memo_clear())


FACTORIES = {"shanten": _ours, "shanten-tools": _shanten_tools, "xiangting": _xiangting,
             "mahjong": _mahjong, "jansou": _jansou}


def load_impls() -> list[Impl]:
    impls = []
    for name, factory in FACTORIES.items():
        try:
            impls.append(factory())
        except Exception as exc:  # not installed, or a version with another API
            print(f"note: {name} not usable ({type(exc).__name__}: {exc}); skipped")
    return impls


# ---------------------------------------------------------------- hands


def draw(rng: random.Random, size: int) -> Counts:
    counts = [0] * 34
    for tile in rng.sample(range(136), size):
        counts[tile // 4] += 1
    return counts


def make_sets(n: int, seed: int) -> dict[str, list[Counts]]:
    rng = random.Random(seed)
    return {
        "mixed": [draw(rng, rng.choice(SIZES)) for _ in range(n)],
        "13 tiles": [draw(rng, 13) for _ in range(n)],
        "14 tiles": [draw(rng, 14) for _ in range(n)],
    }


MELD_STYLES = {"chi": ("[", "]"), "pon": ("[", "]"), "open kan": ("[", "]"), "closed kan": ("(", ")"),
               "added kan": ("{", "}")}


def meld_hand(rng: random.Random) -> tuple[Counts, list[str], Counts]:
    """Concealed counts, 4 - size//3 called melds and dead tiles, never a 5th copy of a kind."""
    size = rng.choice(SIZES)
    left = [4] * 34
    melds: list[str] = []
    while len(melds) < 4 - size // 3:
        kind, style = rng.randrange(34), rng.choice(list(MELD_STYLES))
        if style == "chi":
            if kind >= 27 or kind % 9 > 6 or min(left[kind:kind + 3]) == 0:
                continue
            for k in range(kind, kind + 3):
                left[k] -= 1
            digits = "".join(str(kind % 9 + i) for i in (1, 2, 3))
        else:
            copies = 3 if style == "pon" else 4
            if left[kind] < copies:
                continue
            left[kind] -= copies
            digits = str(kind % 9 + 1) * copies
        opening, closing = MELD_STYLES[style]
        melds.append(f"{opening}{digits}{'mpsz'[kind // 9]}{closing}")
    picks = rng.sample([k for k in range(34) for _ in range(left[k])], size + rng.randint(0, 30))
    counts, dead = [0] * 34, [0] * 34
    for k in picks[:size]:
        counts[k] += 1
    for k in picks[size:]:
        dead[k] += 1
    return counts, melds, dead


# ---------------------------------------------------------------- timing and output


def best_of(run: Callable[[], object], reset: Callable[[], None] | None = None) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        if reset:
            reset()
        start = perf_counter()
        run()
        best = min(best, perf_counter() - start)
    return best


def per_call_rate(impl: Impl, args: list[tuple[Any, ...]]) -> float:
    """Calls per second: a C-level loop (deque(starmap)) so the loop itself adds almost nothing."""
    return len(args) / best_of(lambda: deque(starmap(impl.call, args), maxlen=0), impl.reset)


def fmt_rate(rate: float) -> str:
    return f"{rate / 1e6:5.2f} M/s" if rate >= 1e6 else f"{rate / 1e3:5.1f} k/s"


def fmt_cell(rate: float | None, ours: float | None) -> str:
    """Rate, ns per call and the ratio to our rate, as one table cell."""
    if rate is None:
        return "n/a"
    return f"{fmt_rate(rate)} {fmt_ns(rate):>9}" + (f" {rate / ours:6.2f}x" if ours else "")


def fmt_ns(rate: float) -> str:
    return f"{1e9 / rate:,.0f} ns"


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for i, row in enumerate([header, *rows]):
        print(" | ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip())
        if i == 0:
            print("-+-".join("-" * w for w in widths))


def print_bar(bars: list[Bar], text: str, passed: bool | None, detail: str) -> None:
    bars.append((text, passed, detail))
    print(f"bar: {text}: {VERDICT[passed]} ({detail})")


def machine(distributions: Sequence[str] = DISTRIBUTIONS) -> None:
    cpuinfo = Path("/proc/cpuinfo")  # Linux; elsewhere platform's own, vaguer, name
    lines = cpuinfo.read_text().splitlines() if cpuinfo.exists() else []
    cpu = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")),
               platform.processor() or "unknown")
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "n/a"
    print(f"date:    {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}")
    print(f"machine: {cpu}, {os.cpu_count()} logical cores ({usable} usable), "
          f"{platform.system()} {platform.release()}, load average {load} at start")
    print(f"python:  {platform.python_implementation()} {platform.python_version()} ({sys.executable})")
    versions = []
    for dist in distributions:
        try:
            versions.append(f"{dist} {importlib.metadata.version(dist)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{dist} (not installed)")
    print(f"packages: {', '.join(versions)}")
    from shanten import _core

    print(f"core:    {'profile-guided' if getattr(_core, 'PROFILE_GUIDED', 0) else 'plain'} build (setup.py)")


# ---------------------------------------------------------------- measurements


def scalar(impls: list[Impl], sets: dict[str, list[Counts]], bars: list[Bar]) -> None:
    print("\n== 1. scalar: one call per hand, per-call rate (ratio = rate / our rate) ==")
    rates: dict[str, dict[str, float]] = {}
    for name, hands in sets.items():
        rates[name] = {}
        for impl in impls:
            try:
                rates[name][impl.name] = per_call_rate(impl, [impl.prepare(h) for h in hands])
            except Exception as exc:  # a size the implementation rejects, or ours mid-development
                print(f"note: {impl.name} failed on {name}: {type(exc).__name__}: {exc}; skipped")
    rows = []
    for name, by_impl in rates.items():
        rows.append([name, *(fmt_cell(by_impl.get(impl.name), by_impl.get(OURS)) for impl in impls)])
    print_table(["set", *(i.name for i in impls)], rows)
    worst = [(by[OURS] / max(r for n, r in by.items() if n != OURS), name)
             for name, by in rates.items() if OURS in by and len(by) > 1]
    text = "scalar: ours >= 2x the fastest peer"
    if impls[0].name != OURS:
        print_bar(bars, text, None, "shanten not importable")
    elif len(impls) == 1:
        print_bar(bars, text, None, "no peer installed")
    elif len(worst) < len(rates):
        print_bar(bars, text, None, "not measured on every set")
    else:
        ratio, name = min(worst)
        print_bar(bars, text, ratio >= 2, f"worst {ratio:.2f}x on {name}")


def agreement(impls: list[Impl], sets: dict[str, list[Counts]]) -> None:
    def results(impl: Impl) -> Callable[[list[Counts]], list[int]]:
        return lambda hands: [impl.to_shanten(impl.call(*impl.prepare(h))) for h in hands]

    checks = {impl.name: results(impl) for impl in impls}
    reference = impls[0].name
    if reference == OURS:
        import shanten

        checks["shanten_batch"] = lambda hands: [
            int(r) for r in shanten.shanten_batch(np.array(hands, dtype=np.uint8), threads=1)]
    else:
        print("\nnote: shanten not importable; peers are checked against the first peer instead")
    print(f"\n== sanity: disagreements with {reference} on the first {CHECK_SAMPLE:,} hands of each set ==")
    rows = []
    for name, hands in sets.items():
        sample = hands[:CHECK_SAMPLE]
        expected = checks[reference](sample)
        row = [name]
        for label, check in list(checks.items())[1:]:
            try:
                row.append(f"{sum(a != b for a, b in zip(check(sample), expected))}/{len(sample)}")
            except Exception as exc:
                row.append(f"error: {type(exc).__name__}")
        rows.append(row)
    print_table(["set", *list(checks)[1:]], rows)


def _concurrent_passes(arr: np.ndarray, start: Any, done: Any) -> None:
    """A forked process: one threads=1 pass each time the parent opens `start`."""
    import shanten

    while True:
        start.wait()
        shanten.shanten_batch(arr, threads=1)
        done.wait()


def timed_batch(arr: np.ndarray, threads: int) -> float:
    """Seconds for one shanten_batch pass over ``arr``."""
    import shanten

    began = perf_counter()
    shanten.shanten_batch(arr, threads=threads)
    return perf_counter() - began


def batch(sets: dict[str, list[Counts]], n_rows: int, bars: list[Bar]) -> None:
    print(f"\n== 2. batch: shanten_batch on a {n_rows:,} x 34 uint8 array (the set repeated), hands/s ==")
    print(f"rates: best of {BATCH_ROUNDS} passes; ratios: median [quartiles] of {BATCH_ROUNDS} rounds, each timing "
          "threads=1, threads=2 and (where fork exists) two processes at threads=1 back to back, in rotating order")
    rows, one, scaling = [], {}, {}
    for name, hands in sets.items():
        arr = np.resize(np.array(hands, dtype=np.uint8), (n_rows, 34))
        runs: dict[str, Callable[[], float]] = {"1": lambda: timed_batch(arr, 1), "2": lambda: timed_batch(arr, 2)}
        helpers = []
        if "fork" in multiprocessing.get_all_start_methods():  # the reference needs the array inherited
            context = multiprocessing.get_context("fork")
            start, done = context.Barrier(3, timeout=600), context.Barrier(3, timeout=600)
            helpers = [context.Process(target=_concurrent_passes, args=(arr, start, done), daemon=True)
                       for _ in range(2)]
            for helper in helpers:
                helper.start()

            def processes() -> float:
                began = perf_counter()
                start.wait()
                done.wait()
                return (perf_counter() - began) / 2  # two processes did twice the rows

            runs["p"] = processes
        passes: dict[str, list[float]] = {key: [] for key in runs}
        order = list(runs)
        try:
            for round_ in range(BATCH_ROUNDS):
                # This VM's speed drifts up to 1.5x within seconds: a ratio is taken between
                # passes of the same round, so a slow spell hits both of its sides alike.
                shift = round_ % len(order)
                for key in order[shift:] + order[:shift]:
                    passes[key].append(runs[key]())
        finally:
            for helper in helpers:
                helper.terminate()
                helper.join()
        rate1, rate2 = n_rows / min(passes["1"]), n_rows / min(passes["2"])
        thread_ratios = [a / b for a, b in zip(passes["1"], passes["2"])]
        reference = (fmt_ratios([a / b for a, b in zip(passes["1"], passes["p"])]) if "p" in passes
                     else "n/a (no fork here)")
        one[name], scaling[name] = rate1, statistics.median(thread_ratios)
        rows.append([name, f"{fmt_rate(rate1)} {fmt_ns(rate1)}", f"{fmt_rate(rate2)} {fmt_ns(rate2)}",
                     fmt_ratios(thread_ratios), reference, f"{rate2 / rate1:.2f}x"])
    print_table(["set", "threads=1", "threads=2", "2 / 1 thread", "2 processes / 1 (the machine)",
                 "best 2 / best 1"], rows)
    name = min(one, key=one.__getitem__)
    print_bar(bars, "batch: >= 15 M hands/s on 1 thread", one[name] >= 15e6,
              f"worst {fmt_rate(one[name])} on {name}")
    name = min(scaling, key=scaling.__getitem__)
    print_bar(bars, "batch: 2 threads >= 1.7x 1 thread", scaling[name] >= 1.7,
              f"worst median {scaling[name]:.2f}x on {name}")


def after_idle(hands: list[Counts]) -> None:
    """Smaller batches called after the process slept, as between a data loader's steps."""
    print(f"\nbatch after {IDLE_S * 1e3:.0f} ms asleep (mixed set): median of {BATCH_ROUNDS} rounds; "
          "no bar, see bench/README.md")
    rows = []
    for n_rows in (20_000, 100_000):
        arr = np.resize(np.array(hands, dtype=np.uint8), (n_rows, 34))
        passes: dict[int, list[float]] = {1: [], 2: []}
        for round_ in range(BATCH_ROUNDS):
            for count in (1, 2) if round_ % 2 else (2, 1):
                time.sleep(IDLE_S)
                passes[count].append(timed_batch(arr, count))
        rows.append([f"{n_rows:,}", *(f"{statistics.median(passes[c]) * 1e3:.2f} ms" for c in (1, 2)),
                     fmt_ratios([a / b for a, b in zip(passes[1], passes[2])])])
    print_table(["rows", "threads=1", "threads=2", "2 / 1 thread"], rows)


def fmt_ratios(ratios: list[float]) -> str:
    low, _, high = statistics.quantiles(ratios, n=4)
    return f"{statistics.median(ratios):.2f}x [{low:.2f}-{high:.2f}]"


def rules(n: int, seed: int, bars: list[Bar]) -> None:
    import shanten

    rng = random.Random(seed + 1)
    hands = [meld_hand(rng) for _ in range(n)]
    call = shanten.shanten

    def run() -> None:
        for counts, melds, dead in hands:
            call(counts, melds=melds, rule="wrc", dead=dead)

    print(f"\n== 3. rules: shanten(counts, melds=[...], rule=\"wrc\", dead=dead34), {n:,} hands ==")
    rate = n / best_of(run)
    n_melds = sum(len(m) for _, m, _ in hands) / n
    n_dead = sum(sum(d) for _, _, d in hands) / n
    print_table(["set", "per call", "rate"],
                [[f"mixed sizes, {n_melds:.1f} melds and {n_dead:.1f} dead tiles on average",
                  f"{1e6 / rate:.2f} µs", fmt_rate(rate)]])
    print_bar(bars, "rules: <= 5 µs per call", 1e6 / rate <= 5, f"{1e6 / rate:.2f} µs")


EFFICIENCY_PEER_SAMPLE = 2_000  # hands for the slow pure-Python peers


def _efficiency_impls() -> tuple[list[Impl], list[Impl]]:
    """(uke-ire implementations, discard-table implementations) that are installed."""
    import shanten

    ukeire = [Impl(OURS, shanten.ukeire, lambda c: (c,))]
    tables = [Impl(OURS, shanten.discards, lambda c: (c,))]
    try:
        import xiangting

        four = xiangting.PlayerCount.FOUR
        ukeire.append(Impl("xiangting", xiangting.calculate_necessary_tiles, lambda c: (c, four)))
    except ImportError:
        print("note: xiangting not installed")
    try:
        from jansou.analysis import efficiency as je
        from jansou.core.hand import Hand
        from jansou.core.tiles import Tile, TileKind

        def jansou_hand(c: Counts) -> tuple[Any, ...]:
            return (Hand(tuple(Tile(TileKind(k)) for k in range(34) for _ in range(c[k]))),)

        clear = _jansou_memo_clear()
        ukeire.append(Impl("jansou", je.acceptance_counts, lambda c: (c, 4 - sum(c) // 3), reset=clear))
        tables.append(Impl("jansou", je.discard_evaluation, jansou_hand, reset=clear))
    except Exception as exc:  # not installed, or a version with another API
        print(f"note: jansou not usable ({type(exc).__name__}: {exc})")
    return ukeire, tables


def efficiency(sets: dict[str, list[Counts]], bars: list[Bar]) -> None:
    print("\n== 4. tile efficiency: ukeire (13 tiles) and discard tables (14 tiles), per call ==")
    print(f"(peers other than ours and xiangting on the first {EFFICIENCY_PEER_SAMPLE:,} hands: they are pure Python)")
    ukeire_impls, table_impls = _efficiency_impls()
    for label, impls, hands, limit in (("ukeire", ukeire_impls, sets["13 tiles"], 1e-6),
                                       ("discards", table_impls, sets["14 tiles"], 20e-6)):
        rates = {}
        for impl in impls:
            sample = hands if impl.name in (OURS, "xiangting") else hands[:EFFICIENCY_PEER_SAMPLE]
            rates[impl.name] = per_call_rate(impl, [impl.prepare(h) for h in sample])
        ours = rates[OURS]
        print_table(["per call", *rates], [[label, *(fmt_cell(r, ours) for r in rates.values())]])
        print_bar(bars, f"{label}: <= {limit * 1e6:g} µs per call", 1 / ours <= limit, f"{1e6 / ours:.2f} µs")


def numpy_rows(sets: dict[str, list[Counts]], bars: list[Bar]) -> None:
    """A numpy row as argument: as fast as a list (the C core reads integer buffers directly)."""
    import shanten

    print("\n== 6. one hand as a numpy row (uint8, int64) beside a list, per call ==")
    rows = []
    for label, call, hands in (("ukeire", shanten.ukeire, sets["13 tiles"]),
                               ("discards", shanten.discards, sets["14 tiles"])):
        impls = [Impl(f"{kind}", call, prepare) for kind, prepare in (
            ("list", lambda c: (c,)), ("uint8 row", lambda c: (np.array(c, dtype=np.uint8),)),
            ("int64 row", lambda c: (np.array(c, dtype=np.int64),)))]
        rates = {impl.name: per_call_rate(impl, [impl.prepare(h) for h in hands]) for impl in impls}
        rows.append([label, *(f"{fmt_ns(r)} ({rates['list'] / r:.2f}x)" for r in rates.values())])
        slowest = max(rates["list"] / r for r in rates.values())
        print_bar(bars, f"{label}: a numpy row <= 1.25x a list per call", slowest <= 1.25, f"{slowest:.2f}x")
    print_table(["per call (time / list)", "list", "uint8 row", "int64 row"], rows)


def ml_batches(sets: dict[str, list[Counts]], bars: list[Bar]) -> None:
    """Batch uke-ire and discard tables beside the scalar loop over numpy rows they replace."""
    import shanten

    print("\n== 7. ML batches: ukeire_batch (13 tiles), discards_batch (14 tiles), hands/s ==")
    print(f"rates: best of {BATCH_ROUNDS // 4} passes of each, alternating; the loop calls the one-hand query per row")
    rows = []
    for label, batch_call, call, hands, bar in (
            ("ukeire", shanten.ukeire_batch, shanten.ukeire, sets["13 tiles"], 3e6),
            ("discards", shanten.discards_batch, shanten.discards, sets["14 tiles"], 3e5)):
        arr = np.array(hands, dtype=np.uint8)
        loop_rows = list(arr[:20_000])
        loop = len(loop_rows) / best_of(lambda: [call(row) for row in loop_rows])
        best = {1: 0.0, 2: 0.0}
        for _ in range(BATCH_ROUNDS // 4):
            for threads in best:
                start = perf_counter()
                batch_call(arr, threads=threads)
                best[threads] = max(best[threads], len(arr) / (perf_counter() - start))
        rows.append([label, fmt_rate(loop), fmt_rate(best[1]), fmt_rate(best[2]), f"{best[1] / loop:.1f}x",
                     f"{best[2] / best[1]:.2f}x"])
        print_bar(bars, f"{label}_batch, 1 thread: >= {fmt_rate(bar).strip()} hands", best[1] >= bar,
                  fmt_rate(best[1]).strip())
    print_table(["batch", "scalar loop", "threads=1", "threads=2", "1 thread / loop", "2 / 1 thread"], rows)


def startup(bars: list[Bar]) -> None:
    import shanten

    def fresh(code: str) -> float:
        """Best of 5 wall times of a fresh interpreter running `code`."""
        times = []
        for _ in range(5):
            start = perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times.append(perf_counter() - start)
        return min(times)

    print("\n== 5. import time (fresh interpreter, best of 5) and installed size ==")
    raw, empty = fresh("import shanten"), fresh("pass")
    package = Path(shanten.__file__).parent
    size = sum(f.stat().st_size for f in package.rglob("*") if f.is_file())
    print_table(["measure", "value"], [
        ['python -c "import shanten"', f"{raw * 1e3:.1f} ms"],
        ['python -c "pass"', f"{empty * 1e3:.1f} ms"],
        ["import shanten, net", f"{(raw - empty) * 1e3:.1f} ms"],
        [f"installed size of {package}", f"{size / 1e6:.2f} MB"],
    ])
    print_bar(bars, "import: <= 150 ms net", raw - empty <= 0.150, f"{(raw - empty) * 1e3:.1f} ms")
    print_bar(bars, "installed size: <= 20 MB", size <= 20e6, f"{size / 1e6:.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per set (default 100,000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="10,000 hands per set, a smoke run")
    args = parser.parse_args()
    n = 10_000 if args.quick else args.hands

    machine()
    print(f"hands:   {n:,} per set, seed {args.seed}, best of {REPEATS} passes")
    impls = load_impls()
    if not impls:
        sys.exit("nothing to time: neither shanten nor any peer is importable")
    sets = make_sets(n, args.seed)
    bars: list[Bar] = []
    scalar(impls, sets, bars)
    agreement(impls, sets)
    if impls[0].name == OURS:
        steps = {"batch": lambda: batch(sets, BATCH_FACTOR * n, bars),
                 "batch after an idle spell": lambda: after_idle(sets["mixed"]),
                 "rules": lambda: rules(n, args.seed, bars),
                 "tile efficiency": lambda: efficiency(sets, bars),
                 "import time and size": lambda: startup(bars),
                 "numpy rows": lambda: numpy_rows(sets, bars),
                 "ML batches": lambda: ml_batches(sets, bars)}
        for label, step in steps.items():
            try:
                step()
            except Exception as exc:  # ours mid-development: report and go on
                print(f"{label} failed: {type(exc).__name__}: {exc}")
                bars.append((label, False, f"failed: {type(exc).__name__}"))
    else:
        print("\nshanten not importable: batch, rules, import time and size are skipped")
    print("\n== bars ==")
    for text, passed, detail in bars:
        print(f"{VERDICT[passed]:4}  {text} ({detail})")


if __name__ == "__main__":
    main()
