"""Benchmark the review of game records (`shanten.review`) beside peers that only replay them.

    python bench/review.py [--quick] [--records PATH]

Over every game record in ../shared/records (beside the repository; --records names
another folder), each pass repeating the whole set until it runs several seconds:

1. ours, parse only: ``shanten.records.read`` and ``Table(game, round).run()`` of every round;
2. ours, the full review on 1 and 2 worker processes, in memory (``shanten.review.review``)
   and to Parquet (``shanten.review.write`` into a scratch folder), and two 1-worker reviews
   in two processes at once: what this machine gives two workers. A 2-worker pass reuses the
   pool its warm-up started, as a review that follows another does (``shanten.review.pool``);
   what starting a pool costs is timed apart, on a review of a few files;
3. the peers, parse only and parse + replay, with no analysis: jansou (mjlog, tenhou.net/6,
   mjai) and riichienv (mjai), each on the files it can read;
4. the same on the files that every implementation reads (the mjai ones here);
5. the review's peak memory (RSS of a fresh process) over 1x, 2x and 4x the files.

Rates count discards (= decisions) the same way for every implementation: the discards of
the rounds it replayed without error. A rate is the best of the passes. Each round runs every
measurement once: first the review's rounds back to back, each 2-worker pass beside its
1-worker pass, in one order and then the reverse; then the other measurements' rounds, in an
order that rotates. The 2 / 1 worker ratio is the median of the ratios within a round (this
VM's speed drifts from second to second, so the two passes of a ratio run side by side, and
which goes first alternates). Installs nothing;
peers that are not installed are skipped with a note. See bench/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.metadata
import json
import math
import multiprocessing
import os
import platform
import re
import statistics
import sys
import tempfile
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter
from typing import Any

from bench import VERDICT, Bar, print_bar, print_table

from shanten.records import RecordError, Table, read, sniff
from shanten.review import review, review_file, write
from shanten.review.pool import shutdown
from shanten.review.run import find

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records"
PASS_S, ROUNDS, REVIEW_ROUNDS = 3.0, 3, 10  # seconds a pass runs at least; rounds of passes (of the review's)
QUICK_PASS_S, QUICK_ROUNDS, QUICK_PER_FOLDER = 0.2, 1, 3
SIZES = (1, 2, 4)  # copies of the files for the peak memory
POOL_FILES = 40  # files of the review that times a pool's start
GROWTH = 1.10  # the memory bar: peak at 4x the files within 10% of the peak at 1x
DISTRIBUTIONS = ("shanten", "numpy", "pyarrow", "jansou", "riichienv")
FORMATS = {"mjlog": "mjlog", "tenhou6": "tenhou.net/6", "mjai": "mjai"}

Record = tuple[str, str]  # (path, format as shanten.records.sniff names it)
Run = Callable[[list[Record]], int]  # records -> discards replayed (or decisions reviewed)


@dataclass(eq=False)
class Job:
    """One measurement: a function over records, the files it reads, and its passes."""

    label: str
    run: Run
    files: list[str]  # paths relative to the records folder
    copies: int = 1  # copies of the files in one pass
    per_copy: int = 0  # discards in one copy
    seconds: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.copies * self.per_copy / min(self.seconds)


class Corpus:
    """The record files and their formats; copies of the folder (symlinks) repeat them under other paths."""

    def __init__(self, root: Path, files: list[str], scratch: Path) -> None:
        self.root, self.files, self.scratch = root, files, scratch
        self.formats = {name: _format(root / name) for name in files}
        self.made = 0

    def records(self, files: Sequence[str], copies: int) -> list[Record]:
        for index in range(self.made, copies):
            (self.scratch / f"copy{index}").symlink_to(self.root, target_is_directory=True)
        self.made = max(self.made, copies)
        return [(str(self.scratch / f"copy{index}" / name), self.formats[name])
                for index in range(copies) for name in files]

    def describe(self, files: Sequence[str]) -> str:
        counts = Counter(self.formats[name] for name in files)
        return f"{len(files)}: " + ", ".join(f"{counts[key]} {text}" for key, text in FORMATS.items() if counts[key])


def _format(path: Path) -> str:
    data = path.read_bytes()
    try:
        return sniff(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
    except (RecordError, OSError, EOFError):
        return "unknown"


# ---------------------------------------------------------------- ours


def ours_parse(records: list[Record]) -> int:
    """Read every file and replay every round (the review's own replay), counting the discards."""
    discards = 0
    for path, _ in records:
        try:
            for game in read(path):
                for round_ in game.rounds:
                    try:
                        table = Table(game, round_).run()
                    except RecordError:
                        continue
                    discards += sum(map(len, table.rivers))
        except RecordError:
            continue
    return discards


def ours_review(workers: int) -> Run:
    return lambda records: review([path for path, _ in records], workers=workers).totals.decisions


def ours_write(workers: int, out: Path) -> Run:
    return lambda records: write([path for path, _ in records], str(out), workers=workers).decisions


def _decisions_into(paths: list[str], queue: Any) -> None:
    queue.put(review(paths).totals.decisions)


def two_processes(records: list[Record]) -> int:
    """Two 1-worker reviews of the records at once, in two forked processes."""
    context = multiprocessing.get_context("fork")
    queue = context.SimpleQueue()
    paths = [path for path, _ in records]
    processes = [context.Process(target=_decisions_into, args=(paths, queue)) for _ in range(2)]
    for process in processes:
        process.start()
    decisions = int(queue.get()) + int(queue.get())
    for process in processes:
        process.join()
    return decisions


def ours_readable(corpus: Corpus, files: Sequence[str]) -> list[str]:
    return [name for name in files if review_file(str(corpus.root / name)).reviewed]


# ---------------------------------------------------------------- peers


def jansou_jobs() -> tuple[Callable[[str, str], Any], dict[str, Run]]:
    """jansou's parser of a file, and its runs by label: parse only, parse + replay."""
    from jansou.io.mjai import parse_mjai
    from jansou.io.mjlog import parse_mjlog
    from jansou.io.paifu import Discard
    from jansou.io.replay import ReplayError, replay_round_decisions
    from jansou.io.tenhou_json import parse_tenhou_json

    parsers = {"mjlog": parse_mjlog, "tenhou6": parse_tenhou_json, "mjai": parse_mjai}

    def parse(path: str, format_: str) -> Any:
        return parsers[format_](path)

    def discards(round_log: Any) -> int:
        return sum(type(event) is Discard for event in round_log.events)

    def parse_only(records: list[Record]) -> int:
        return sum(discards(round_log) for record in records for round_log in parse(*record).rounds)

    def replayed(records: list[Record]) -> int:
        total = 0
        for record in records:
            paifu = parse(*record)
            for index, round_log in enumerate(paifu.rounds):
                try:
                    deque(replay_round_decisions(paifu, index), maxlen=0)
                except ReplayError:
                    continue
                total += discards(round_log)
        return total

    return parse, {"parse only": parse_only, "parse + replay (replay_paifu: each decision checked)": replayed}


def riichienv_jobs() -> tuple[Callable[[str, str], Any], dict[str, Run]]:
    """riichienv's parser of a file (mjai only), and its runs by label: parse only, two replays."""
    from riichienv import MjaiReplay, RiichiEnv

    def parse(path: str, format_: str) -> Any:
        if format_ != "mjai":
            raise ValueError("reads mjai only")
        return list(MjaiReplay.from_jsonl(path).take_kyokus())

    def parse_only(records: list[Record]) -> int:
        return sum(event["name"] == "DiscardTile" for record in records for kyoku in parse(*record)
                   for event in kyoku.events())

    def applied(records: list[Record]) -> int:
        """Every mjai event into a RiichiEnv: the game state kept, nothing checked."""
        total = 0
        for path, _ in records:
            env = RiichiEnv(skip_mjai_logging=True)
            with open(path, "rb") as file:
                for line in file:
                    event = json.loads(line)
                    env.apply_event(event)
                    total += event["type"] == "dahai"
        return total

    def stepped(records: list[Record]) -> int:
        """Each round's decisions with their observations, every logged action checked against the engine."""
        total = 0
        for record in records:
            for kyoku in parse(*record):
                deque(kyoku.steps(), maxlen=0)
                total += sum(event["name"] == "DiscardTile" for event in kyoku.events())
        return total

    return parse, {"parse only": parse_only, "parse + replay (apply_event: no checks)": applied,
                   "parse + replay (Kyoku.steps: each action checked)": stepped}


def readable(parse: Callable[[str, str], Any], corpus: Corpus, files: Sequence[str]) -> tuple[list[str], list[str]]:
    """The files ``parse`` reads, and a note for each folder and reason of those it cannot."""
    ok: list[str] = []
    failed: Counter[tuple[str, str, str]] = Counter()
    for name in files:
        try:
            parse(str(corpus.root / name), corpus.formats[name])
            ok.append(name)
        except Exception as error:  # each peer raises its own errors
            reason = re.sub(r"\d+", "N", str(error).splitlines()[0][:70]) if str(error) else ""  # N: a position
            failed[(str(Path(name).parent), corpus.formats[name], f"{type(error).__name__}: {reason}")] += 1
    return ok, [f"{folder} ({count} {FORMATS.get(format_, format_)}): {reason}"
                for (folder, format_, reason), count in sorted(failed.items())]


# ---------------------------------------------------------------- timing


def calibrate(job: Job, corpus: Corpus, target: float) -> None:
    """A first pass over one copy (the warm-up), and the copies a pass needs to run ``target`` seconds."""
    start = perf_counter()
    job.per_copy = job.run(corpus.records(job.files, 1))
    job.copies = max(1, math.ceil(target / (perf_counter() - start)))


def timed(job: Job, corpus: Corpus) -> None:
    records = corpus.records(job.files, job.copies)
    start = perf_counter()
    discards = job.run(records)
    job.seconds.append(perf_counter() - start)
    if discards != job.copies * job.per_copy:
        raise RuntimeError(f"{job.label}: {discards:,} discards, {job.copies * job.per_copy:,} expected")


def run_rounds(what: str, jobs: list[Job], corpus: Corpus, rounds: int, mirrored: bool = False) -> None:
    """Every job once a round, in an order that rotates from round to round; ``mirrored``: in their
    order, then the reverse, and so on, so that neighbours stay side by side (ratios are taken
    between them) and which of two goes first alternates."""
    for round_ in range(rounds):
        print(f"{what}: round {round_ + 1}/{rounds}, load average {load()}", flush=True)
        shift = round_ % len(jobs)
        order = (jobs if round_ % 2 == 0 else jobs[::-1]) if mirrored else jobs[shift:] + jobs[:shift]
        for job in order:
            timed(job, corpus)


def ratios(over: Job, under: Job) -> list[float]:
    return [over.copies * over.per_copy / a / (under.copies * under.per_copy / b)
            for a, b in zip(over.seconds, under.seconds, strict=True)]


def fmt_ratios(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}x [{min(values):.2f}-{max(values):.2f}]"


def fmt_rate(rate: float) -> str:
    return f"{rate:,.0f}/s"


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"


# ---------------------------------------------------------------- tables


def rate_table(title: str, jobs: list[Job], reference: Job, corpus: Corpus) -> None:
    print(f"\n== {title} ==")
    rows = [[job.label, corpus.describe(job.files), f"{job.per_copy:,} x {job.copies}",
             f"{fmt_rate(job.rate)} ({1e6 / job.rate:.1f} µs)", f"{job.rate / reference.rate:.2f}x"] for job in jobs]
    print_table(["measurement", "files read", "discards x copies", "best pass", f"/ {reference.label}"], rows)


def pool_start(corpus: Corpus, rounds: int) -> None:
    """What a 2-worker review pays to start its pool, beyond one that finds the pool of the last
    review kept (shanten.review.pool): the same review of a few files timed both ways, alternately."""
    paths = [path for path, _ in corpus.records(corpus.files[:POOL_FILES], 1)]
    fresh, kept = [], []
    for _ in range(rounds):
        shutdown()
        for times in (fresh, kept):
            start = perf_counter()
            review(paths, workers=2)
            times.append(perf_counter() - start)
    print(f"\nstarting a pool: a 2-worker review of {len(paths)} files takes {statistics.median(fresh) * 1e3:.0f} ms "
          f"with a new pool, {statistics.median(kept) * 1e3:.0f} ms with the last review's (medians of {rounds}); "
          "the passes above reuse the pool their warm-up started")


def scaling(pairs: list[tuple[str, Job, Job]], reference: Job | None, bars: list[Bar]) -> None:
    print("\n== 2 workers / 1 worker: median [min-max] of the ratios within a round ==")
    rows = [[label, fmt_ratios(ratios(two, one)), f"{two.rate / one.rate:.2f}x"] for label, two, one in pairs]
    if reference is not None:
        rows.append(["2 processes at once / 1 (the machine)", fmt_ratios(ratios(reference, pairs[0][2])),
                     f"{reference.rate / pairs[0][2].rate:.2f}x"])
    print_table(["review", "within a round", "best / best"], rows)
    worst = min(statistics.median(ratios(two, one)) for _, two, one in pairs)
    print_bar(bars, "review: 2 workers >= 1.8x 1 worker", worst >= 1.8, f"worst median {worst:.3f}x")


# ---------------------------------------------------------------- memory


def _own_peak_mb() -> float:
    """This process's peak RSS in MB: VmHWM on Linux (ru_maxrss there starts from the parent's
    size when a large process starts this one), else ru_maxrss."""
    import resource

    status = Path("/proc/self/status")
    if status.exists():
        line = next(line for line in status.read_text().splitlines() if line.startswith("VmHWM:"))
        return int(line.split()[1]) / 1e3
    unit = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, kB elsewhere
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * unit / 1e6


def _peak_child(kind: str, paths: list[str], workers: int, queue: Any) -> None:
    import resource

    if kind == "write":
        with tempfile.TemporaryDirectory() as folder:
            write(paths, os.path.join(folder, "out"), workers=workers)
    elif kind == "review":
        review(paths, workers=workers)
    shutdown()  # the pool kept for a next review: its workers' peaks count once they are reaped
    for child in multiprocessing.active_children():
        child.join()
    unit = 1 if sys.platform == "darwin" else 1024
    queue.put((_own_peak_mb(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * unit / 1e6))


def peak_rss(kind: str, paths: list[str], workers: int) -> tuple[float, float]:
    """Peak RSS in MB of a fresh process running the review (kind "write" or "review"; anything else
    does nothing), and of its largest worker process."""
    context = multiprocessing.get_context("spawn")
    queue = context.SimpleQueue()
    process = context.Process(target=_peak_child, args=(kind, paths, workers, queue))
    process.start()
    own, children = queue.get()
    process.join()
    return float(own), float(children)


def memory(corpus: Corpus, bars: list[Bar]) -> None:
    print(f"\n== 5. peak memory (RSS, MB) of a fresh process reviewing {', '.join(f'{n}x' for n in SIZES)} "
          f"the files ({len(corpus.files)} each) ==")
    try:
        import resource  # noqa: F401  (Unix only)
    except ImportError:
        print_bar(bars, "memory: does not grow with the files", None, "no resource module here")
        return
    floor, _ = peak_rss("nothing", [], 1)
    print(f"a fresh process that imports the review and reviews nothing: {floor:.0f} MB (load average {load()})")
    columns = [("write, 1 worker", "write", 1), ("write, 2 workers: process", "write", 2),
               ("review() in memory, 1 worker", "review", 1)]
    peaks: dict[str, list[float]] = {label: [] for label, _, _ in columns}
    peaks["write, 2 workers: largest worker"] = []
    for copies in SIZES:
        paths = [path for path, _ in corpus.records(corpus.files, copies)]
        for label, kind, workers in columns:
            own, children = peak_rss(kind, paths, workers)
            peaks[label].append(own)
            if workers > 1:
                peaks["write, 2 workers: largest worker"].append(children)
    added = (SIZES[-1] - SIZES[0]) * len(corpus.files) / 1e3
    print_table(["process", *(f"{n}x" for n in SIZES), f"{SIZES[-1]}x / 1x", "MB per 1,000 files more"],
                [[label, *(f"{value:.0f}" for value in values), f"{values[-1] / values[0]:.2f}x",
                  f"{(values[-1] - values[0]) / added:+.1f}"] for label, values in peaks.items()])
    streamed = {label: values for label, values in peaks.items() if label.startswith("write")}
    label, values = max(streamed.items(), key=lambda item: item[1][-1] / item[1][0])
    print_bar(bars, f"memory: write's peak at {SIZES[-1]}x the files <= {GROWTH:.2f}x its peak at 1x",
              values[-1] <= GROWTH * values[0], f"worst {values[-1] / values[0]:.2f}x, {label}")


# ---------------------------------------------------------------- main


def header(corpus: Corpus, pass_s: float, rounds: tuple[int, int]) -> None:
    cpuinfo = Path("/proc/cpuinfo")
    lines = cpuinfo.read_text().splitlines() if cpuinfo.exists() else []
    cpu = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")),
               platform.processor() or "unknown")
    versions = []
    for name in DISTRIBUTIONS:
        try:
            versions.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{name} (not installed)")
    print(f"machine: {cpu}, {os.cpu_count()} logical cores, {platform.system()} {platform.release()}, "
          f"load average {load()} at start")
    print(f"python:  {platform.python_implementation()} {platform.python_version()} ({sys.executable})")
    print(f"packages: {', '.join(versions)}")
    print(f"records: {corpus.root}, {corpus.describe(corpus.files)} files")
    print(f"passes:  each at least {pass_s:g} s (the files repeated); best of {rounds[0]} rounds of the review's "
          f"passes, of {rounds[1]} rounds of the others")


def peer_jobs(corpus: Corpus, notes: list[str]) -> tuple[list[Job], dict[str, list[str]]]:
    """The peers' jobs on the files each reads, and those files per peer."""
    jobs: list[Job] = []
    files: dict[str, list[str]] = {}
    factories: dict[str, Callable[[], tuple[Callable[[str, str], Any], dict[str, Run]]]] = {
        "jansou": jansou_jobs, "riichienv": riichienv_jobs}
    for name, factory in factories.items():
        try:
            parse, runs = factory()
        except ImportError as error:
            notes.append(f"{name} not installed ({error}); skipped")
            continue
        files[name], failures = readable(parse, corpus, corpus.files)
        notes.extend(f"{name} cannot read {failure}" for failure in failures)
        jobs += [Job(f"{name}, {label}", run, files[name]) for label, run in runs.items()]
    return jobs, files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=Path, default=RECORDS, help=f"the records folder (default {RECORDS})")
    parser.add_argument("--quick", action="store_true",
                        help=f"a smoke run: {QUICK_PER_FOLDER} files per folder, passes of {QUICK_PASS_S:g} s, "
                             f"{QUICK_ROUNDS} round")
    args = parser.parse_args()
    if not args.records.is_dir():
        sys.exit(f"no records at {args.records}: nothing to time (the records are in ../shared beside the repository)")
    root = args.records.resolve()
    files = [str(Path(path).relative_to(root)) for path in find([str(root)])[0]]
    if args.quick:
        by_folder: dict[str, list[str]] = {}
        for name in files:
            by_folder.setdefault(Path(name).parts[0], []).append(name)
        files = [name for names in by_folder.values() for name in names[:QUICK_PER_FOLDER]]
    pass_s, rounds = (QUICK_PASS_S, (QUICK_ROUNDS, QUICK_ROUNDS)) if args.quick else (PASS_S, (REVIEW_ROUNDS, ROUNDS))
    with tempfile.TemporaryDirectory(prefix="review-bench.") as scratch:
        corpus = Corpus(root, files, Path(scratch))
        header(corpus, pass_s, rounds)
        measure(corpus, Path(scratch) / "out", pass_s, rounds)


@dataclass
class Plan:
    """Every measurement: ours (parse, the review's passes, the machine's reference), the peers', and
    those on the files every implementation reads."""

    parse: Job
    one: Job  # 1 worker to Parquet: the reference of the ratios
    two: Job
    one_memory: Job
    two_memory: Job
    machine: Job | None
    peers: list[Job]
    same: list[Job]
    notes: list[str]

    @property
    def review(self) -> list[Job]:
        """In the order their rounds run them: each ratio's two passes side by side."""
        return [job for job in (self.machine, self.one_memory, self.two_memory, self.one, self.two) if job]

    @property
    def others(self) -> list[Job]:
        return list(dict.fromkeys([self.parse, *self.peers, *self.same]))  # a peer's job on the same files once


def plan(corpus: Corpus, out: Path) -> Plan:
    files = corpus.files
    notes: list[str] = []
    machine = None
    if "fork" in multiprocessing.get_all_start_methods():
        machine = Job("ours, 2 x review 1 worker, 2 processes at once", two_processes, files)
    peers, peer_files = peer_jobs(corpus, notes)
    common = set(ours_readable(corpus, files)).intersection(*map(set, peer_files.values()))
    shared = [name for name in files if name in common]
    same = []
    if peer_files and shared:
        same = [Job("ours, parse only (same files)", ours_parse, shared),
                Job("ours, review 1 worker -> Parquet (same files)", ours_write(1, out), shared)]
        same += [Job(job.label, job.run, shared) if job.files != shared else job for job in peers]
    return Plan(Job("ours, parse only (read + Table.run)", ours_parse, files),
                Job("ours, review 1 worker -> Parquet", ours_write(1, out), files),
                Job("ours, review 2 workers -> Parquet", ours_write(2, out), files),
                Job("ours, review 1 worker, in memory", ours_review(1), files),
                Job("ours, review 2 workers, in memory", ours_review(2), files), machine, peers, same, notes)


def measure(corpus: Corpus, out: Path, pass_s: float, rounds: tuple[int, int]) -> None:
    bars: list[Bar] = []
    p = plan(corpus, out)
    print(f"\ncalibrating {len(p.review + p.others)} measurements (a first pass each, the warm-up): "
          f"load average {load()}", flush=True)
    for job in p.review + p.others:
        calibrate(job, corpus, pass_s)
    run_rounds("review", p.review, corpus, rounds[0], mirrored=True)
    run_rounds("parse and peers", p.others, corpus, rounds[1])
    ours = [p.parse, p.one_memory, p.one, p.two_memory, p.two, *([p.machine] if p.machine else [])]
    rate_table("1-3. every file each implementation reads: discards per second", ours + p.peers, p.one, corpus)
    if p.same:
        rate_table("4. the files every implementation reads", p.same, p.same[1], corpus)
    for note in p.notes:
        print(f"note: {note}")
    print_bar(bars, "review: 1 worker >= 100,000 decisions/s", min(p.one.rate, p.one_memory.rate) >= 1e5,
              f"{fmt_rate(p.one.rate)} to Parquet, {fmt_rate(p.one_memory.rate)} in memory")
    scaling([("in memory", p.two_memory, p.one_memory), ("to Parquet", p.two, p.one)], p.machine, bars)
    pool_start(corpus, rounds[0])
    print(f"load average after timing: {load()}")
    memory(corpus, bars)
    print(f"\nload average at the end: {load()}")
    print("\n== bars ==")
    for text, passed, detail in bars:
        print(f"{VERDICT[passed]:4}  {text} ({detail})")


if __name__ == "__main__":
    main()
