"""Two builds of the expected-value engine, hand by hand: a change's effect, apart from this machine's drift.

    python bench/ev_ab.py OTHER [--shanten 1,2] [--runs 5] [--rounds 4]

OTHER is a directory that holds another build's ``shanten`` package, for instance an earlier commit:

    git worktree add /tmp/old COMMIT && (cd /tmp/old && python setup.py build_ext --inplace)
    python bench/ev_ab.py /tmp/old/src

The machine moves ``bench/ev.py``'s medians by 2-5% between runs, more than most single changes
gain. So each build runs in a process of its own (both are the module ``shanten``), and the two take
turns on every hand of ../shared/mahjong-cpp/reference.jsonl (default options), in alternating
order from round to round: a drift falls on both alike. Per hand, each keeps the best of ``--runs``
kernel calls (``_core.expected``, mahjong-cpp's model, as ``bench/ev.py``'s kernel column; 3-shanten
hands: one call) over ``--rounds`` rounds. By shanten: the geometric mean and the median of the
per-hand speedups (OTHER's time over this build's: above 1, this build is faster), and each build's
median ratio to mahjong-cpp's recorded time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path
from time import perf_counter

from bench import print_table
from ev import arguments, cases


def worker() -> None:
    """Answer "index runs" lines with the best time of that many calls of the kernel on that hand."""
    from shanten import _core
    from shanten.ev import MAHJONG_CPP, MAHJONG_CPP_RULES, position

    positions = [position(c["hand"], model=MAHJONG_CPP, rules=MAHJONG_CPP_RULES, **arguments(c)) for c in cases()]
    print("ready", flush=True)
    for line in sys.stdin:
        index, runs = map(int, line.split())
        args = positions[index].args
        _core.expected(*args)
        best = float("inf")
        for _ in range(runs):
            start = perf_counter()
            _core.expected(*args)
            best = min(best, perf_counter() - start)
        print(best, flush=True)


class Build:
    def __init__(self, path: str | None) -> None:
        env = dict(os.environ)
        if path:
            env["PYTHONPATH"] = os.pathsep.join([path, env.get("PYTHONPATH", "")])
        self.process = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=env)
        assert self.process.stdin and self.process.stdout
        self.stdin, self.stdout = self.process.stdin, self.process.stdout
        if self.stdout.readline().strip() != "ready":
            raise SystemExit(f"the build at {path or 'this checkout'} did not start")

    def time(self, index: int, runs: int) -> float:
        self.stdin.write(f"{index} {runs}\n")
        self.stdin.flush()
        return float(self.stdout.readline())

    def close(self) -> None:
        self.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", nargs="?", help="a directory holding the other build's shanten package")
    parser.add_argument("--shanten", default="0,1,2,3")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    if not args.other or not (Path(args.other) / "shanten").is_dir():
        raise SystemExit("give a directory that holds the other build's shanten package")
    table = cases()
    other, this = Build(args.other), Build(None)
    rows = []
    for s in (int(x) for x in args.shanten.split(",")):
        hands = [i for i, c in enumerate(table) if c["shanten"] == s]
        runs = args.runs if s < 3 else 1
        best = {build: {i: float("inf") for i in hands} for build in (other, this)}
        for r in range(args.rounds):
            for i in hands:
                for build in ((other, this) if r % 2 == 0 else (this, other)):
                    best[build][i] = min(best[build][i], build.time(i, runs))
        speedups = [best[other][i] / best[this][i] for i in hands]
        peer = [table[i]["seconds"] for i in hands]
        rows.append([str(s), str(len(hands)), f"{statistics.geometric_mean(speedups):.4f}",
                     f"{statistics.median(speedups):.4f}",
                     f"{statistics.median(p / best[other][i] for p, i in zip(peer, hands)):.2f}x",
                     f"{statistics.median(p / best[this][i] for p, i in zip(peer, hands)):.2f}x"])
    other.close()
    this.close()
    print(f"other: {args.other}; this: {Path(__file__).resolve().parents[1]}; best of {args.runs} runs, "
          f"{args.rounds} rounds, turns alternating")
    print_table(["shanten", "hands", "speedup (geometric mean)", "speedup (median)", "other vs mahjong-cpp",
                 "this vs mahjong-cpp"], rows)


if __name__ == "__main__":
    main()
