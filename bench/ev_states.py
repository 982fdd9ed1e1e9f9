"""How many states the exact pool convention would need, beside the hand-keyed graph ``shanten.ev`` searches.

    python bench/ev_states.py [--hands N] [--cap STATES]   (about 20 minutes with the defaults)

In mahjong-cpp's convention (the one ``shanten.ev`` offers) the pool stays the same from draw to
draw, so a state is a hand (and its riichi state) and a turn. In the exact convention a thrown tile
is gone, so a state must also carry how many of each kind the player has thrown: the chance of a
draw depends on it whenever that kind is searched later (and with tegawari near the start every
kind is). This script takes the graph the engine searched for each of the first ``--hands``
tenpai and 1-shanten hands of ../shared/mahjong-cpp/reference.jsonl (default model), walks it turn
by turn with the thrown counts of the searched kinds added to each state, and prints both counts,
summed over the turns, until the exact count passes ``--cap``. It measures a bound; it times nothing.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
from bench import print_table
from ev import REFERENCE, arguments, cases  # bench/ev.py: the reference hands

from shanten import _core
from shanten.ev import Model, position

State = tuple[int, tuple[int, ...]]  # a draw node, and the thrown count of each searched id


def growth(hand: str, options: dict[str, object], cap: int, ahead: bool) -> tuple[int, list[int], list[int]]:
    """The searched ids, and per turn the hand-keyed draw nodes and the exact convention's states
    reached (stopping once the exact states pass ``cap``). ``ahead``: a state keeps only the thrown
    counts of the ids searched from its node on (enough for the draws' chances, not for ura dora,
    whose indicators may be any unseen tile)."""
    args = position(hand, model=Model(), **options).args  # type: ignore[arg-type]
    _, _, raw = _core.expected(*args, True)
    assert raw is not None  # asked for with the graph
    (nd, _, draw_hands, _, _, _, _, option_start, option_to, option_tiles, edge_start, edge_to, edge_tiles,
     _, _, _, stays) = raw
    option_start, option_to = np.frombuffer(option_start, np.int32), np.frombuffer(option_to, np.int32)
    edge_start, edge_to = np.frombuffer(edge_start, np.int32), np.frombuffer(edge_to, np.int32)
    stay = np.frombuffer(stays, np.int32)
    searched = sorted(set(edge_tiles))
    slot = {tile: index for index, tile in enumerate(searched)}

    later = [0] * nd  # bits of the slots searched from each draw node on (a fixed point: the graph has cycles)
    own = [sum(1 << slot[edge_tiles[e]] for e in range(edge_start[d], edge_start[d + 1])) for d in range(nd)]
    successors = [[int(option_to[o]) for e in range(edge_start[d], edge_start[d + 1]) if edge_to[e] >= 0
                   for o in range(option_start[edge_to[e]], option_start[edge_to[e] + 1])]
                  + ([int(stay[d])] if stay[d] >= 0 else []) for d in range(nd)]
    changed = True
    while changed:
        changed = False
        for d in range(nd):
            bits = own[d]
            for successor in successors[d]:
                bits |= later[successor]
            if bits != later[d]:
                later[d], changed = bits, True

    start, pool = bytes(args[0]), bytes(args[1])
    hands = [draw_hands[d * 37:(d + 1) * 37] for d in range(nd)]

    def thrown(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
        if tile not in slot:
            return counts
        after = list(counts)
        after[slot[tile]] += 1
        return tuple(after)

    def kept(d: int, counts: tuple[int, ...]) -> State | None:
        """The state, or None where more of an id would have been drawn than the pool held
        (drawn = held + thrown - in the starting hand)."""
        if any(hands[d][tile] + counts[index] - start[tile] > pool[tile] for index, tile in enumerate(searched)):
            return None
        if not ahead:
            return d, counts
        return d, tuple(count if later[d] >> index & 1 else 0 for index, count in enumerate(counts))

    def reach(states: dict[State, None], d: int, counts: tuple[int, ...]) -> None:
        state = kept(d, counts)
        if state is not None:
            states[state] = None

    level: dict[State, None] = {}
    none = (0,) * len(searched)
    for d in range(nd):  # the first discard: every draw node one tile short of the start
        diff = [a - b for a, b in zip(start, hands[d])]
        if min(diff) == 0 and sum(diff) == 1:
            reach(level, d, thrown(none, diff.index(1)))
    plain, exact = [len({d for d, _ in level})], [len(level)]
    for _ in range(int(options["draws"])):  # type: ignore[call-overload]
        reached: dict[State, None] = {}
        for d, counts in level:
            drawn = set()
            for e in range(edge_start[d], edge_start[d + 1]):
                drawn.add(edge_tiles[e])
                x = edge_to[e]
                for o in range(option_start[x], option_start[x + 1]) if x >= 0 else ():
                    reach(reached, int(option_to[o]), thrown(counts, option_tiles[o]))
            if stay[d] >= 0:  # a draw not searched here, thrown at once
                reach(reached, int(stay[d]), counts)
                for tile in searched:
                    if tile not in drawn:
                        reach(reached, int(stay[d]), thrown(counts, tile))
        level = reached
        plain.append(len({d for d, _ in level}))
        exact.append(len(level))
        if sum(exact) > cap:
            break
    return len(searched), plain, exact


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3, help="hands of each shanten (default 3)")
    parser.add_argument("--cap", type=int, default=300_000, help="exact states at which a hand stops (default 300,000)")
    args = parser.parse_args()
    if not REFERENCE.exists():
        sys.exit(f"no reference hands at {REFERENCE}")
    rows = []
    for shanten in (0, 1):
        for case in [c for c in cases() if c["shanten"] == shanten][:args.hands]:
            row = [case["hand"], str(shanten)]
            for ahead in (False, True):
                searched, plain, exact = growth(case["hand"], arguments(case), args.cap, ahead)
                turns = len(exact) - 1
                done = turns >= int(arguments(case)["draws"])
                row += [f"{turns}" + ("" if done else " (cap)"), f"{sum(plain):,}", f"{sum(exact):,}",
                        f"{sum(exact) / sum(plain):,.0f}x"]
            rows.append(row[:2] + [str(searched)] + row[2:])
    print_table(["hand", "shanten", "ids searched", "turns", "hand-keyed", "exact: every thrown id", "ratio",
                 "turns", "hand-keyed", "exact: ids searched later", "ratio"], rows)


if __name__ == "__main__":
    main()
