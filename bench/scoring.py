"""Benchmark scoring a win from Python, per call: shanten beside mahjong's HandCalculator and riichienv's HandEvaluator.

    python bench/scoring.py [--hands N] [--seed S] [--quick]

The hands are the differential test's (tests/scoring_peers.py): seeded random winning hands,
closed and open, seven pairs, thirteen orphans and yakuman shapes, one in 7 of 3-player, with
random winds, dora, ura, red fives, riichi, tsumo or ron and the rarer flags. Each implementation
gets the same hands in its own input form, prepared before timing; each call is a
``functools.partial`` called from a C-level loop (``deque(map(operator.call, calls))``), so the
loop adds almost nothing. Rates are the best of 5 passes taken in turn: each round times every
implementation once, so that a slow minute of a shared machine hits them all. Installs nothing;
a peer that is not installed is skipped with a note. See bench/README.md.
"""

from __future__ import annotations

import argparse
import functools
import operator
import sys
from collections import deque
from collections.abc import Callable
from pathlib import Path
from time import perf_counter
from typing import Any

from bench import Bar, fmt_ns, fmt_rate, machine, print_bar, print_table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the differential test's hands
from scoring_peers import (  # noqa: E402
    Case,
    cases,
    context,
    fast_arguments,
    mahjong_arguments,
    ours_arguments,
    riichienv_arguments,
    riichienv_evaluator,
)

from shanten.scoring import score  # noqa: E402

DISTRIBUTIONS = ("shanten", "mahjong", "riichienv")
TARGETS = {"mahjong": 50.0, "riichienv": 3.0}  # issue 10: ours, per call, >= 50x mahjong and >= 3x riichienv
CHECK_SAMPLE = 5_000
ROUNDS = 5

Call = Callable[[], Any]


def ours_notation(case: Case) -> Call:
    """``score("123m...", win="6s", ...)``: the hand in notation, melds in brackets."""
    arguments, keywords = ours_arguments(case)
    return functools.partial(score, *arguments, **keywords)


def ours_ids(case: Case) -> Call:
    """``score(ids, melds=..., win=id, ...)``: tile ids 0-36 and the ``Meld`` objects."""
    return functools.partial(score, case.tiles, melds=case.hand.melds, win=case.win, **context(case))


def fast_entry() -> tuple[str, Callable[[Case], Call]] | None:
    """The compiled per-call entry of shanten.scoring (``_fast.score_ids``), when this build has one."""
    try:
        from shanten.scoring import _fast  # type: ignore[attr-defined]
    except ImportError:
        return None

    def prepare(case: Case) -> Call:
        arguments, keywords = fast_arguments(case)
        return functools.partial(_fast.score_ids, *arguments, **keywords)

    return "ours: _fast.score_ids", prepare


def mahjong_call(case: Case) -> Call:
    """``HandCalculator.estimate_hand_value(tiles136, win, melds, dora, config, ura_dora_indicators=...)``."""
    from mahjong.hand_calculating.hand import HandCalculator

    tiles, win, melds, dora, config, ura = mahjong_arguments(case)
    return functools.partial(HandCalculator.estimate_hand_value, tiles, win, melds, dora, config,
                             ura_dora_indicators=ura)  # fmt: skip


def _new_and_calc(evaluator: type, tiles: list[int], melds: list[Any], win: int, dora: list[int], ura: list[int],
                  conditions: Any) -> Any:
    return evaluator(tiles, melds).calc(win, dora, ura, conditions)


def riichienv_call(case: Case) -> Call:
    """``HandEvaluator(tiles136, melds).calc(win, dora, ura, conditions)``: a hand in, its score out, as ours.

    3-player hands go to ``HandEvaluator3P``."""
    return functools.partial(_new_and_calc, riichienv_evaluator(case), *riichienv_arguments(case))


def riichienv_calc(case: Case) -> Call:
    """``calc`` alone, on an evaluator of the hand built before timing."""
    tiles, melds, *arguments = riichienv_arguments(case)
    return functools.partial(riichienv_evaluator(case)(tiles, melds).calc, *arguments)


def implementations() -> list[tuple[str, Callable[[Case], Call]]]:
    """(column, preparation of one case's call), ours first; peers that do not import are left out with a note."""
    found: list[tuple[str, Callable[[Case], Call]]] = [
        ("ours: score(notation)", ours_notation), ("ours: score(tile ids)", ours_ids),
    ]  # fmt: skip
    fast = fast_entry()
    if fast:
        found.append(fast)
    else:
        print("note: no compiled entry (shanten.scoring._fast) in this build")
    peers = {"mahjong": mahjong_call, "riichienv": riichienv_call, "riichienv: calc only": riichienv_calc}
    for name, prepare in peers.items():
        try:
            __import__(name.split(":")[0])
            found.append((name, prepare))
        except ImportError as error:
            print(f"note: {name} not usable ({error}); skipped")
    return found


def rates(impls: list[tuple[str, Callable[[Case], Call]]], sets: dict[str, list[Case]]) -> dict[str, dict[str, float]]:
    """Calls per second of each implementation on each set: the best of ``ROUNDS`` passes taken in turn."""
    calls = {(name, label): [prepare(case) for case in hands] for name, hands in sets.items() for label, prepare in impls}
    best = dict.fromkeys(calls, float("inf"))
    for _ in range(ROUNDS):
        for key, prepared in calls.items():
            start = perf_counter()
            deque(map(operator.call, prepared), maxlen=0)
            best[key] = min(best[key], perf_counter() - start)
    return {name: {label: len(calls[name, label]) / best[name, label] for label, _ in impls} for name in sets}


def agreement(impls: list[tuple[str, Callable[[Case], Call]]], dealt: list[Case]) -> None:
    """Not timed: each of our entries against ``score(notation)`` in han, fu and points on the first hands."""
    sample = dealt[:CHECK_SAMPLE]
    reference = [ours_notation(case)() for case in sample]
    rows = []
    for label, prepare in impls[1:]:
        if label.startswith("ours"):
            results = [prepare(case)() for case in sample]
            differ = sum((r.han, r.fu, r.points) != (o.han, o.fu, o.points) for r, o in zip(results, reference))
            rows.append([label, f"{differ} of {len(sample):,}"])
    print(f"\n== sanity: our entries against score(notation) in han, fu and points (peers: tests/test_scoring_peers.py) ==")
    print_table(["entry", "differ"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands (default 20,000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="2,000 hands, a smoke run")
    args = parser.parse_args()
    n = 2_000 if args.quick else args.hands

    machine(DISTRIBUTIONS)
    dealt = list(cases(args.seed, n))
    sets = {
        "all": dealt, "closed": [case for case in dealt if case.closed],
        "open": [case for case in dealt if not case.closed],
    }  # fmt: skip
    three = sum(case.players == 3 for case in dealt)
    print(f"hands:   {n:,} winning hands of tests/scoring_peers.py, seed {args.seed} ({len(sets['closed']):,} closed, "
          f"{len(sets['open']):,} open, {three:,} 3-player), best of {ROUNDS} passes taken in turn")  # fmt: skip
    impls = implementations()
    print("\n== scoring: one call per hand, per-call rate (ratio = our fastest entry's rate / this rate) ==")
    measured = rates(impls, sets)
    ours = {name: max(value for label, value in row.items() if label.startswith("ours")) for name, row in measured.items()}
    rows = [[name, *(f"{fmt_rate(row[label])} {fmt_ns(row[label]):>9} {ours[name] / row[label]:7.2f}x"
                     for label, _ in impls)] for name, row in measured.items()]  # fmt: skip
    print_table(["set", *(label for label, _ in impls)], rows)
    agreement(impls, dealt)
    bars: list[Bar] = []
    for peer, target in TARGETS.items():
        if peer in measured["all"]:
            ratio = min(ours[name] / row[peer] for name, row in measured.items())
            print_bar(bars, f"ours >= {target:g}x {peer} per call", ratio >= target, f"worst {ratio:.2f}x")


if __name__ == "__main__":
    main()
