"""``shanten.ev.expected`` equals the brute-force reference of its model (tests/ev_brute.py).

Every value (tenpai, win, score) of every discard at every turn, with its shanten and riichi flag,
within 1e-12 (absolute or relative), on small positions chosen so that the reference, which
follows every draw explicitly, answers in a second or two.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ev_brute import RED_KIND, Options, Position, Reference, mahjong_cpp_options, name, parse_ids
from shanten.ev import MAHJONG_CPP, MAHJONG_CPP_RULES, Expected, Model, expected

TOLERANCE = 1e-12


def dead_but(position: str, live: str) -> str:
    """The dead tiles that leave only ``live`` in the pool, beside the tiles of ``position`` (notation):
    a small pool makes long plans likely (a declined win, a tenpai given up)."""
    copies = [4] * 34 + [1, 1, 1]
    for five in RED_KIND.values():
        copies[five] = 3
    for tile in parse_ids(position) + parse_ids(live):
        copies[tile] -= 1
    assert min(copies) >= 0, (position, live)
    return "".join(name(tile) * n for tile, n in enumerate(copies))


# All but four tiles dead: declining a 1-han win (1100) on the first of two draws for a 3/4 chance of
# its haitei win (2000) on the last is worth 1500.
DECLINE = Position("23s55p", "[234m] [456p] [678s]", draws=2, seat_wind=1,
                   dead=dead_but("23s55p 234m456p678s", "444s9m"))

# (id, position, the options: Model's fields, the same for the engine and the reference)
CASES = [
    # open hands (no riichi); 23s + 1s is a yakuless tsumo (only haitei makes it a win)
    ("open-yakuless-tenpai", Position("23s55p", "[123m] [456p] [789s]", draws=3), {}),
    ("open-yakuless-1-shanten", Position("2367s", "[123m] [456p] [789s]", draws=2, seat_wind=2), {}),
    ("decline-win-for-haitei", DECLINE, {}),
    # the waits 1s 4s dead: the policy leaves tenpai for 678p, the tenpai probability stays 1
    ("give-up-dead-tenpai", Position("23s55p", "[234m] [456p] [678s]", draws=3, seat_wind=1,
                                     dead=dead_but("23s55p 234m456p678s", "678p19m")), dict(objective="win", extra=2)),
    ("open-1-shanten-no-tegawari-no-back", Position("2367s", "[123m] [456p] [789s]", draws=3),
     dict(tegawari=False, shanten_back=False)),
    ("open-tanyao-14-extra-2", Position("23668s", "[234m] [456p] [678s]", dora="3s", draws=2, seat_wind=1),
     dict(extra=2)),
    ("haku-1-shanten-win", Position("2356p", "[555z] [123m] [789s]", dead="1p4p", draws=3, seat_wind=3),
     dict(objective="win")),
    ("haku-1-shanten-separate", Position("2356p", "[555z] [123m] [789s]", dead="1p4p", draws=3, seat_wind=3),
     dict(objective="separate")),
    ("red-fives-14", Position("3406p7z", "[555z] [406s] [789m]", dora="4p", draws=3, seat_wind=1), {}),
    ("red-fives-off-in-meld", Position("3456p7z", "[555z] [406s] [789m]", dora="4p", draws=3, seat_wind=1),
     dict(red_fives=False)),
    ("red-fives-off-in-hand", Position("3406p7z", "[555z] [406s] [789m]", dora="4p", draws=3, seat_wind=1),
     dict(red_fives=False)),
    ("double-south-3-players", Position("23s22z", "[111m] [555z] [999s]", dora="9m", draws=3, players=3,
                                        round_wind=1, seat_wind=1), {}),
    ("daisangen-shanpon", Position("55p77z", "[555z] [666z] [123m]", draws=3, seat_wind=2), {}),
    # closed kans: the hand stays closed (menzen tsumo, riichi, ippatsu, ura dora)
    ("kans-13-tenpai-choose", Position("24m55p", "(1111p) (9999s) (7777z)", dora="1m", draws=3, seat_wind=1), {}),
    ("kans-14-choose", Position("246m55p", "(1111p) (9999s) (7777z)", dora="1m", draws=3, seat_wind=1), {}),
    ("kans-14-always-separate", Position("246m55p", "(1111p) (9999s) (7777z)", dora="1m", draws=3, seat_wind=1),
     dict(riichi="always", objective="separate")),
    ("kans-14-never-win", Position("246m55p", "(1111p) (9999s) (7777z)", dora="1m", draws=3, seat_wind=1),
     dict(riichi="never", objective="win")),
    ("kans-14-no-ippatsu-haitei-ura", Position("246m55p", "(1111p) (9999s) (7777z)", dora="1m4p", draws=3),
     dict(ippatsu=False, last_tile=False, ura=False)),
    ("kans-14-no-tegawari", Position("246m55p", "(1111p) (9999s) (7777z)", dora="1m", draws=3, seat_wind=1),
     dict(tegawari=False)),
    ("kans-14-no-shanten-back-extra-2", Position("246m55p", "(1111p) (9999s) (7777z)", dora="1m", draws=3),
     dict(shanten_back=False, extra=2)),
    ("kans-14-two-indicators", Position("246m55p", "(1111p) (9999s) (7777z)", dora="1m4p", draws=2, seat_wind=3),
     {}),
    # 3-player: the ura indicator of 9m is 1m (there is no 8m)
    ("kans-13-3-players-ura", Position("24p55s", "(9999m) (1111s) (7777z)", dora="2z", draws=3, players=3,
                                       seat_wind=1), {}),
    # full closed hands
    ("closed-13-tenpai-choose", Position("234m456p789s23s77z", dora="1m", draws=2, seat_wind=1), {}),
    ("closed-13-tenpai-always", Position("234m456p789s23s77z", dora="1m", draws=2, seat_wind=1),
     dict(riichi="always")),
    ("closed-14-tenpai", Position("234m456p789s23s177z", dora="1s", draws=2, seat_wind=2), dict(forms="regular")),
    ("seven-pairs-13", Position("1199m2288p33s446z", dead="6z", draws=2, seat_wind=1), {}),
    # found by this test: a complete hand without a yaku wins only on the last draw (haitei) ...
    ("yakuless-win-before-the-last-draw", Position("23s55p", "[123m] [456p] [789s]", draws=2),
     dict(objective="win")),
    # ... and throwing a drawn tile back to a closed tenpai declares riichi like any other discard
    ("always-riichi-throw-back", Position("24m55p", "(1111p) (9999s) (7777z)", dora="1m", draws=3, seat_wind=1),
     dict(riichi="always", objective="separate")),
    # found by this test: ties are ties whatever the order of the sums (here 4z and 7z win as often
    # from 2s4z66z7z, and the tie goes to the score)
    ("tie-broken-by-rounding", Position("1s2s4z6z7z", "(2222m) [555z] [222z]", dora="7p", draws=3),
     dict(objective="win", riichi="never")),
]


def test_the_reference_by_hand() -> None:
    """The reference's numbers for the declined win, worked out by hand: 444s9m live, S = 4. In the
    exact pool a 9m thrown is gone, so the last draw is a 4s; a 4s thrown is gone too, so declining
    the 1100 leaves a 2/3 chance of the haitei 2000 (1333), still the better."""
    assert Reference(DECLINE, Options()).rows()[None].score == (1500.0, 1500.0, 0.0)
    assert Reference(DECLINE, Options(objective="win")).rows()[None].win == (0.75 + 0.25 * 0.75, 0.75, 0.0)
    assert Reference(DECLINE, Options(pool="exact")).rows()[None].score == (0.75 * 2000 * 2 / 3 + 0.25 * 2000, 1500.0,
                                                                            0.0)
    assert Reference(DECLINE, Options(objective="win", pool="exact")).rows()[None].win == (1.0, 0.75, 0.0)


def _engine(position: Position, model: Model, rules: str | int = "tenhou", graph: bool = False) -> Expected:
    """``expected``'s table for the position."""
    return expected(position.notation(), dead=position.dead or None, dora=position.dora,
                    round_wind=position.round_wind, seat_wind=position.seat_wind, draws=position.draws,
                    players=position.players, rules=rules, model=model, graph=graph)


def _compare(position: Position, options: Options, table: Expected, said: str) -> None:
    """Every row of the engine's table equals the reference's, turn by turn."""
    reference = Reference(position, options).rows()
    where = f"{position} with {said}"
    assert sorted(row.tile or "" for row in table) == sorted(tile or "" for tile in reference), where
    for row in table:
        want = reference[row.tile]
        at = f"{where}, discard {row.tile}"
        assert (row.shanten, row.riichi) == (want.shanten, want.riichi), at
        for number in ("tenpai", "win", "score"):
            got, exact = getattr(row, number), np.array(getattr(want, number))
            assert got.shape == exact.shape, at
            close = np.isclose(got, exact, rtol=TOLERANCE, atol=TOLERANCE)
            assert close.all(), f"{at}: {number} per turn {got.tolist()}, the reference {exact.tolist()}"


# The smallest positions where the engine departs from docs/ev.md, and how.


@pytest.mark.parametrize("position,options", [pytest.param(position, options, id=case)
                                              for case, position, options in CASES])
def test_expected_equals_the_brute_force(position: Position, options: dict[str, Any]) -> None:
    said = ", ".join(f"{key}={value!r}" for key, value in options.items()) or "the default model"
    _compare(position, Options(**options), _engine(position, Model(pool="same", **options)), said)


@pytest.mark.parametrize("position", [
    pytest.param(Position("44z55p", "[111z] [222z] [333z]", draws=3, seat_wind=1), id="daisuushii-double"),
    pytest.param(Position("24m55p", "(1111p) (9999s) (7777z)", dora="1m", draws=3, seat_wind=1), id="kans-13"),
    pytest.param(Position("246m55p", "(1111p) (9999s) (7777z)", dora="1m", draws=3, seat_wind=1), id="kans-14"),
])
def test_mahjong_cpp_equals_the_brute_force(position: Position) -> None:
    """MAHJONG_CPP: separate maxima, always riichi, no ippatsu or haitei, S = sum(pool), four double yakuman."""
    _compare(position, mahjong_cpp_options(), _engine(position, MAHJONG_CPP, MAHJONG_CPP_RULES), "MAHJONG_CPP")


@pytest.mark.parametrize("position,options", [pytest.param(position, options, id=case)
                                              for case, position, options in CASES])
def test_the_exact_pool_equals_the_brute_force(position: Position, options: dict[str, Any]) -> None:
    """``pool="exact"``: a thrown tile is gone (every state carries the tiles thrown)."""
    said = ", ".join(f"{key}={value!r}" for key, value in options.items()) or "the default model"
    _compare(position, Options(pool="exact", **options), _engine(position, Model(pool="exact", **options)),
             f"pool='exact', {said}")
