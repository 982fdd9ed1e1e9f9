"""``shanten review PATHS... -o OUT``: the command line of the review (see ``shanten review --help``)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import NoReturn

from ..tiles import InvalidHandError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"shanten review: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="shanten review", description=(
        "Review every discard of game records (Tenhou mjlog, tenhou.net/6 JSON, mjai; gzip too) against "
        "the most efficient discard, with what each player could see as dead tiles. Writes Parquet tables "
        "into the folder OUT: decisions, rounds, players, errors (docs/review.md)."))
    parser.add_argument("paths", nargs="+", metavar="PATH", help="record files, folders, globs; - for standard input")
    parser.add_argument("-o", "--out", required=True, metavar="OUT", help="the output folder (replaced when done)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="worker processes (default: every core)")
    parser.add_argument("--dask", metavar="ADDRESS", help="run on the Dask scheduler at ADDRESS; 'local' starts one")
    parser.add_argument("--ev", action="store_true",
                        help="add each decision's expected value (win probability, expected score, points lost; "
                             "docs/ev.md): slower, near a thousand decisions a second on a worker")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def command(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.workers < 1:
        build_parser().error(f"--workers must be 1 or more, got {args.workers}")
    try:
        from . import Totals, write
    except ImportError as error:
        print(f'shanten review: error: needs {error.name}: pip install "shanten[review]"', file=sys.stderr)
        return 2
    bar = None
    start = time.perf_counter()

    def progress(totals: Totals, files: int) -> None:
        nonlocal bar
        if args.quiet or not sys.stderr.isatty():
            return
        if bar is None:
            from tqdm import tqdm

            bar = tqdm(total=files, unit="file", file=sys.stderr, dynamic_ncols=True)
        bar.update(totals.files - bar.n)
        bar.set_postfix(decisions=f"{totals.decisions:,}",
                        per_s=f"{totals.decisions / (time.perf_counter() - start):,.0f}")

    try:
        totals = write(args.paths, args.out, workers=args.workers, dask=args.dask, progress=progress, ev=args.ev)
    except InvalidHandError as error:
        print(f"shanten review: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"shanten review: error: cannot write {args.out}: {error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - start
    print(f"files {totals.files:,}: {totals.reviewed:,} reviewed, {totals.failed:,} failed"
          + (f" ({totals.skipped:,} in folders skipped: not named like records)" if totals.skipped else ""))
    print(f"rounds {totals.rounds + totals.failed_rounds:,}: {totals.rounds:,} reviewed, {totals.failed_rounds:,} failed")
    print(f"decisions {totals.decisions:,} in {seconds:.2f} s ({totals.decisions / seconds:,.0f}/s); "
          f"players {len(totals.players):,}; tables in {args.out}")
    if args.ev:
        valued = sum(t.valued for t in totals.players.values())
        lost = sum(t.points_lost for t in totals.players.values())
        print(f"expected points lost {lost:,.0f} over {valued:,} valued decisions")
    return 0
