"""Benchmark the expected-value engine (``shanten.ev``) against mahjong-cpp's measured times.

    python bench/ev.py [--quick] [--runs N] [--review N] [--hands SHANTEN]

The hands are the 75 default-option hands of ../shared/mahjong-cpp/reference.jsonl (beside the
repository), whose lines also hold mahjong-cpp's own time for each hand, measured on this kind of
machine (median of 3 single-thread runs; README there). mahjong-cpp is C++ and not on PyPI, so it
is not run here: its recorded times are the peer column, and the output names the machine they
come from beside this one's.

Per hand, each of ours is the best of ``--runs`` calls after a first one (which loads the tables),
on one core:

- kernel: ``_core.expected(*position.args)``, the compiled engine alone, with mahjong-cpp's model
  and options (``MAHJONG_CPP``): the same computation as the peer's, whose numbers it equals;
- API: ``expected(...)`` from notation, as a user calls it (argument reading, uke-ire, rows);
- default model: ``expected(...)`` with ``Model()`` (riichi or dama, ippatsu, haitei, the
  score-maximising policy): what ``shanten --ev`` computes.

By shanten (0-3): median and maximum time, and the ratio of mahjong-cpp's to ours (median of
the per-hand ratios, and of the maxima). Peak memory: the resident set of a fresh process that
runs every hand of that shanten once, less that of one that only imports shanten. Bar: ours
(kernel) at least 5x faster than mahjong-cpp at every shanten, in median and maximum.

With ``--hands``, every hand of that shanten on its own, lowest ratio first: each engine's time per
hand searched (mahjong-cpp's ``searched_vertices``, ours ``Expected.hands``), which tells whether a
ratio is low because ours is slow on that hand or because mahjong-cpp is fast on it.

Then ``review --ev`` (``shanten.review.review(files, ev=True)``, one worker) over the first
``--review`` files of ../shared/records (sorted), beside the same review without values: decisions
per second, and the share of decisions valued.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from time import perf_counter
from typing import Any

from bench import VERDICT, Bar, machine, print_bar, print_table

from shanten import _core
from shanten.ev import MAHJONG_CPP, MAHJONG_CPP_RULES, Model, expected, position

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "mahjong-cpp" / "reference.jsonl"
BAR = 5.0


def cases() -> list[dict[str, Any]]:
    return [c for c in (json.loads(line) for line in REFERENCE.read_text().splitlines() if line.strip())
            if c["variant"] == "default"]


def arguments(case: dict[str, Any]) -> dict[str, Any]:
    wind = "ESWN"
    return {"dora": "".join(case["dora_indicators"]), "dead": case["dead"] or None,
            "round_wind": wind[int(case["round_wind"][0]) - 1], "seat_wind": wind[int(case["seat_wind"][0]) - 1],
            "draws": case["flags"]["t_max"] - case["flags"]["t_min"]}


def peer_machine() -> str:
    """Where the peer's times were measured, as ../shared/mahjong-cpp/README.md says: they come from
    that machine, not this one, so a ratio is only as fair as the two CPUs are alike."""
    readme = REFERENCE.parent / "README.md"
    lines = readme.read_text().splitlines() if readme.exists() else []
    where = next((line for line in lines if "one core of" in line), "")
    return where.strip().rstrip(":") or "times recorded in reference.jsonl (the machine is not named)"


def best(call: Any, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = perf_counter()
        call()
        times.append(perf_counter() - start)
    return min(times)


def peak_memory(shanten: int) -> int:
    """Peak resident set (bytes) a fresh process adds, over its own after the imports, running
    every hand of that shanten (mahjong-cpp's model). Read from /proc (VmHWM): getrusage's maxrss
    carries the parent's peak over into a child it forks."""
    script = ("import sys; sys.path.insert(0, 'bench'); import ev; "
              "from shanten.ev import expected, MAHJONG_CPP, MAHJONG_CPP_RULES; "
              "peak = lambda: int(next(l for l in open('/proc/self/status') if l.startswith('VmHWM')).split()[1]); "
              "before = peak(); "
              f"[expected(c['hand'], model=MAHJONG_CPP, rules=MAHJONG_CPP_RULES, **ev.arguments(c)) "
              f"for c in ev.cases() if c['shanten'] == {shanten}]; "
              "print(peak() - before)")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1])
    return int(run.stdout) * 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="one run per hand, tenpai and 1-shanten only")
    parser.add_argument("--runs", type=int, default=5, help="calls per hand (default 5; the best is kept)")
    parser.add_argument("--review", type=int, default=20, metavar="N", help="record files for review --ev (default 20)")
    parser.add_argument("--hands", type=int, metavar="SHANTEN", help="also a table of that shanten's hands, one by one")
    args = parser.parse_args()
    if not REFERENCE.exists():
        sys.exit(f"bench/ev.py needs {REFERENCE} (the shared folder)")
    all_cases = [c for c in cases() if not args.quick or c["shanten"] <= 1]
    timed_shanten = sorted({c["shanten"] for c in all_cases})
    if args.hands is not None and args.hands not in timed_shanten:
        sys.exit(f"bench/ev.py: --hands {args.hands}: no hands of that shanten are timed "
                 f"({', '.join(map(str, timed_shanten))} are)")
    machine(("shanten", "numpy"))
    print(f"mahjong-cpp: {peer_machine()}")
    runs = 1 if args.quick else args.runs
    print(f"hands: {len(all_cases)} of {REFERENCE.name} (default options), best of {runs} runs each\n")
    rows, bars, timed = [], [], {}
    for shanten in timed_shanten:
        group = [c for c in all_cases if c["shanten"] == shanten]
        kernel, api, default, peer = [], [], [], []
        for case in group:
            kwargs = arguments(case)
            p = position(case["hand"], model=MAHJONG_CPP, rules=MAHJONG_CPP_RULES, **kwargs)
            _core.expected(*p.args)  # first call: tables loaded
            kernel.append(best(lambda: _core.expected(*p.args), runs))
            api.append(best(lambda: expected(case["hand"], model=MAHJONG_CPP, rules=MAHJONG_CPP_RULES, **kwargs), runs))
            default.append(best(lambda: expected(case["hand"], model=Model(), **kwargs), max(1, runs // 2)))
            peer.append(case["seconds"])
        ratios = [p / k for p, k in zip(peer, kernel)]
        timed[shanten] = list(zip(group, kernel))
        memory = peak_memory(shanten) if not args.quick else 0
        ms = lambda values: f"{statistics.median(values) * 1e3:.3f} / {max(values) * 1e3:.3f}"  # noqa: E731
        rows.append([str(shanten), str(len(group)), ms(peer), ms(kernel), ms(api), ms(default),
                     f"{statistics.median(ratios):.2f}x / {max(peer) / max(kernel):.2f}x",
                     f"{memory / 2**20:.1f} MiB" if memory else "-"])
        passed = statistics.median(ratios) >= BAR and max(peer) / max(kernel) >= BAR
        bars.append((shanten, passed, statistics.median(ratios), max(peer) / max(kernel)))
    print_table(["shanten", "hands", "mahjong-cpp ms (median / max)", "ours kernel ms", "ours API ms",
                 "ours default model ms", "mahjong-cpp / ours kernel (median / max)", "peak memory"], rows)
    print()
    verdicts: list[Bar] = []
    for shanten, passed, median, top in bars:
        print_bar(verdicts, f"{shanten}-shanten: ours >= {BAR:.0f}x faster than mahjong-cpp", passed,
                  f"median {median:.2f}x, max {top:.2f}x")
    print(f"\nall bars: {VERDICT[all(p for _, p, _ in verdicts)]}")
    if args.hands is not None:
        per_hand(timed[args.hands])
    if args.review:
        review_rate(args.review)


def per_hand(timed: list[tuple[dict[str, Any], float]]) -> None:
    """One row per hand (its case and our kernel time), lowest ratio first."""
    rows = []
    for case, seconds in sorted(timed, key=lambda pair: pair[0]["seconds"] / pair[1]):
        hands = expected(case["hand"], model=MAHJONG_CPP, rules=MAHJONG_CPP_RULES, **arguments(case)).hands
        vertices = case["searched_vertices"]
        rows.append([case["hand"], f"{case['seconds'] * 1e3:.2f}", str(vertices), f"{case['seconds'] / vertices * 1e9:.0f}",
                     f"{seconds * 1e3:.3f}", str(hands), f"{seconds / hands * 1e9:.0f}",
                     f"{case['seconds'] / seconds:.2f}x"])
    print()
    print_table(["hand", "mahjong-cpp ms", "its hands", "ns a hand", "ours kernel ms", "our hands", "ns a hand",
                 "ratio"], rows)


def review_rate(files: int) -> None:
    """Decisions per second of ``review(..., ev=True)`` on one worker, beside the review alone."""
    from shanten.review import review
    from shanten.review.run import find

    sources = find([str(REFERENCE.parents[1] / "records")])[0][:files]
    print(f"\nreview --ev, one worker, {len(sources)} record files of ../shared/records:")
    rows = []
    for ev in (False, True):
        start = perf_counter()
        result = review(sources, ev=ev)
        seconds = perf_counter() - start
        decisions = result.decisions.num_rows
        valued = sum(v is True for v in result.decisions.column("valued").to_pylist()) if ev else 0
        rows.append(["review --ev" if ev else "review", f"{decisions:,}", f"{seconds:.2f}",
                     f"{decisions / seconds:,.0f}", f"{valued:,} ({valued / decisions:.0%})" if ev else "-"])
    print_table(["run", "decisions", "seconds", "decisions/s", "valued"], rows)


if __name__ == "__main__":
    main()
