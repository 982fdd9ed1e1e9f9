"""shanten.ev beyond the reference numbers: the policy replayed by simulation, bad input, the
command line. (Exactness: test_ev_brute.py against a brute force, test_ev_reference.py against
mahjong-cpp.)"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import shanten
from shanten.ev import (EXACT_DRAWS, MAHJONG_CPP, MAHJONG_CPP_RULES, Expected, ExpectedValueError, Model, Pool,
                        _id_counts, expected, position)
from shanten.scoring._fast import input_dtype
from shanten.tiles import TILE_ID_NAMES, InvalidHandError


def _shanten(ids: bytes) -> int:
    counts = list(ids[:34])
    for suit, kind in enumerate((4, 13, 22)):
        counts[kind] += ids[34 + suit]
    return shanten.shanten(counts)


def simulate(hand: str, games: int, seed: int, **kwargs: object) -> tuple[np.ndarray, np.ndarray, np.ndarray, object]:
    """Play the model ``games`` times following the policy ``expected`` keeps in its graph: tenpai
    reached, win, and the win's value (its expectation over ura dora) per game."""
    table = expected(hand, graph=True, **kwargs)  # type: ignore[arg-type]
    graph = table.graph
    assert graph is not None
    p = position(hand, **kwargs)  # type: ignore[arg-type]
    start, pool = np.frombuffer(p.args[0], np.uint8).astype(int), np.frombuffer(p.args[1], np.uint8).astype(int)
    first = graph.options(hand, 0)[0]
    hand0 = start.copy()
    hand0[TILE_ID_NAMES.index(first.tile)] -= 1
    rng = np.random.default_rng(seed)
    tenpai, won, score = np.zeros(games), np.zeros(games), np.zeros(games)
    for game in range(games):
        held, state = hand0.copy(), first.riichi
        tenpai[game] = _shanten(bytes(held.astype(np.uint8))) == 0
        for k in range(table.draws):
            live = pool + start - held
            tile = int(rng.choice(37, p=live / live.sum()))
            draw = graph.after(bytes(held.astype(np.uint8)), state, k, TILE_ID_NAMES[tile])
            if draw is not None and draw.wins:
                won[game], score[game] = 1, draw.values.score
                break
            if draw is None or draw.discard is None:  # thrown at once (a frozen riichi hand, or not searched)
                state = "riichi" if state == "ippatsu" else state
                continue
            held[tile] += 1
            held[TILE_ID_NAMES.index(draw.discard.tile)] -= 1
            state = draw.discard.riichi
            tenpai[game] = max(tenpai[game], _shanten(bytes(held.astype(np.uint8))) == 0)
    return tenpai, won, score, table[0] if table[0].tile == first.tile else next(r for r in table if r.tile == first.tile)


POSITIONS = [
    ("234777p340s56677z", {"dora": "9p", "round_wind": "S", "draws": 12}),  # tenpai: riichi or dama
    ("99m222405p44s1127z", {"dora": "1z", "seat_wind": "S", "draws": 10}),  # 1-shanten
    ("23m456p579s11z [777z] 3m", {"seat_wind": "W", "draws": 10}),  # open: no riichi, yakuhai
    ("5m77p2244455568s2z", {"model": Model(objective="win"), "draws": 8}),  # the win-probability policy
]


@pytest.mark.parametrize(("hand", "kwargs"), POSITIONS, ids=[hand for hand, _ in POSITIONS])
def test_simulation_agrees_with_the_values(hand: str, kwargs: dict[str, object]) -> None:
    games = 3000
    tenpai, won, score, row = simulate(hand, games, seed=2026, **kwargs)
    for name, sample, want in (("tenpai", tenpai, row.tenpai[0]), ("win", won, row.win[0]),
                               ("score", score, row.score[0])):
        error = 4.5 * max(sample.std(ddof=1), 1e-9) / math.sqrt(games) + 1e-9
        assert abs(sample.mean() - want) <= error, f"{hand} {name}: simulated {sample.mean()} vs {want} (+-{error})"


def test_values_along_the_graph_are_the_rows() -> None:
    table = expected("99m222405p44s1127z", dora="1z", graph=True)
    graph = table.graph
    assert graph is not None
    for row in table:
        after = _id_counts(shanten.Hand.parse("99m222405p44s1127z"), True)
        ids = bytearray(after)
        ids[TILE_ID_NAMES.index(row.tile)] -= 1
        values = graph.values(bytes(ids), "ippatsu" if row.riichi else "none", 0)
        assert values is not None and values == (row.tenpai[0], row.win[0], row.score[0])
    best = graph.options("99m222405p44s1127z", 0)[0]
    assert (best.tile, best.values.score) == (table[0].tile, table[0].score[0])


def test_the_values_satisfy_the_recurrence_on_the_graph_searched() -> None:
    """Every value the turn loop wrote, checked against the graph it exported, in mahjong-cpp's model
    (each number's maximum over the options; a draw weighs its live copies over the pool): a search
    of thousands of hands, whose nodes the engine numbers anew before the turn loop, so that a link,
    stay or win left pointing at its old number shows here."""
    table = expected("345779m469p3566s2z", model=MAHJONG_CPP, rules=MAHJONG_CPP_RULES, graph=True)
    graph = table.graph
    assert graph is not None
    draw, discard, turns = graph._draw_values, graph._discard_values, graph.draws
    nd, nx = draw.shape[1], discard.shape[1]
    assert nd + nx > 8000
    frozen = np.frombuffer(graph._states, np.uint8) != 0
    starts, to, weight = graph._edge_start, graph._edge_to, np.frombuffer(graph._edge_weights, np.uint8).astype(float)
    owner = np.repeat(np.arange(nd), np.diff(starts))
    stay = graph._stay[owner]
    option_owner = np.repeat(np.arange(nx), np.diff(graph._option_start))
    for k in range(turns + 1):
        best = np.full((nx, 3), -1.0)
        np.maximum.at(best, option_owner, draw[k, graph._options])
        reached = ~np.isnan(discard[k, :, 0])
        np.testing.assert_array_equal(discard[k, reached], best[reached], err_msg=f"discard nodes, turn {k}")
        if k == turns:
            continue
        score = graph._edge_lasts if k + 1 == turns else graph._edge_wins
        then = np.where((to >= 0)[:, None], discard[k + 1, np.maximum(to, 0)], draw[k + 1, stay])
        won = np.column_stack([np.ones_like(score), np.ones_like(score), np.maximum(score, then[:, 2])])
        after = np.where((score > 0)[:, None], won, then)
        base = draw[k + 1]
        total = np.zeros((nd, 3))
        np.add.at(total, owner, weight[:, None] * (after - base[stay]))
        want = base[graph._stay] + total / graph._divisor
        want[frozen, 0] = 1.0
        reached = ~np.isnan(draw[k, :, 0])
        np.testing.assert_allclose(draw[k, reached], want[reached], rtol=1e-12, atol=1e-12,
                                   err_msg=f"draw nodes, turn {k}")


def test_more_draws_never_lower_the_values() -> None:
    for row in expected("99m222405p44s1127z", dora="1z"):
        for values in (row.tenpai, row.win, row.score):
            assert np.all(np.diff(values) <= 1e-12), row.tile  # index k: k draws made, fewer left
        assert (row.win[-1], row.score[-1]) == (0.0, 0.0)


@pytest.mark.parametrize(("hand", "kwargs", "message"), [
    ("123m456p789s11z222z", {}, "is complete"),
    ("1479m258p369s1234z", {}, "6-shanten: the exact search answers up to 3-shanten"),
    ("123m456p789s11z22z", {"draws": 99}, "draws must be 0 to 60, got 99"),
    ("123m456p789s11z22z", {"dead": "1111m"}, "5 copies of 1m among the hand, melds, dead tiles and dora indicators"),
    ("123m406p789s11z22z", {"dora": "0p"}, "2 red fives 0p among the hand"),
    ("123m456p789s11z", {}, "expected() takes 13 or 14 tiles with the melds, got 11"),
    ("123m456p789s11z22z", {"round_wind": "X"}, "round_wind is 0-3 or 'E', 'S', 'W', 'N', got 'X'"),
    ("123m456p789s11z22z", {"dead": "9q"}, "dead: not tiles in notation"),
    ("123m456p789s11z22z", {"dora": "1z2z3z4z5z6z"},
     "dora: at most 5 indicators (the first, and one for each of four kans), got 6"),
    ("19m123p456s11z222z", {"players": 3, "seat_wind": "N"}, "seat_wind: 3-player mahjong has no north seat"),
])
def test_bad_input_is_one_line(hand: str, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        expected(hand, **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value) and "\n" not in str(info.value)


def test_the_kernel_refuses_more_ura_indicators_than_it_prices() -> None:
    hand, pool, win, rules, config = position("123m456p789s11z22z", dora="1z").args
    config = config[:13] + (6,) + config[14:]  # the dora indicators' count
    with pytest.raises(ValueError, match="^dora indicators must be 0 to 5, got 6$"):
        shanten._core.expected(hand, pool, win, rules, config)


def test_calls_from_several_threads_give_the_same_values() -> None:
    # the engine runs without the GIL: calls at once must not share any state
    hands = ["99m222405p44s1127z", "234777p340s56677z", "11246m2447p667s15z", "123m456p789s11z22z"]
    alone = {hand: [(row.tile, row.win.tolist(), row.score.tolist()) for row in expected(hand)] for hand in hands}
    with ThreadPoolExecutor(4) as pool:
        for _ in range(3):
            together = pool.map(lambda hand: (hand, [(row.tile, row.win.tolist(), row.score.tolist())
                                                     for row in expected(hand)]), hands * 3)
            for hand, rows in together:
                assert rows == alone[hand], hand


def test_a_search_past_its_bound_stops() -> None:
    with pytest.raises(ExpectedValueError, match="beyond the exact bound \\(the search passed 500 hands\\)$"):
        expected("11246m2447p667s15z", max_hands=500)


def test_the_exact_pool_refuses_what_it_does_not_answer() -> None:
    with pytest.raises(ExpectedValueError, match="beyond the exact bound \\(the search passed 5000 hands or states\\); "
                                                 "pool='same' searches far fewer$"):
        expected("234777p340s56677z", dora="9p", draws=6, model=Model(pool="exact"), max_hands=5000)
    with pytest.raises(ExpectedValueError,
                       match="^graph=True needs pool='same': the exact pool's states are not kept$"):
        expected("234777p340s56677z", draws=2, model=Model(pool="exact"), graph=True)
    with pytest.raises(InvalidHandError, match="^divisor='pool' is for the same pool: the exact pool's divisor is "
                                               "the tiles unseen$"):
        expected("234777p340s56677z", draws=2, model=Model(pool="exact", divisor="pool"))
    with pytest.raises(InvalidHandError, match="^pool must be 'auto', 'same' or 'exact', got 'fresh'$"):
        expected("234777p340s56677z", draws=2, model=Model(pool="fresh"))  # type: ignore[arg-type]


def _numbers(table: Expected) -> list[tuple[str | None, list[float], list[float], list[float]]]:
    return [(r.tile, r.tenpai.tolist(), r.win.tolist(), r.score.tolist()) for r in table]


@pytest.mark.parametrize("draws", [0, 1, 2, 3, 4, 17])
def test_the_default_pool_is_exact_with_few_draws_left(draws: int) -> None:
    hand = "234777p340s56677z"
    auto = expected(hand, dora="9p", draws=draws)
    pool: Pool = "exact" if draws <= EXACT_DRAWS else "same"
    assert auto.model == Model(pool=pool)
    assert _numbers(auto) == _numbers(expected(hand, dora="9p", draws=draws, model=Model(pool=pool)))


def test_the_default_pool_falls_back_to_the_same_pool() -> None:
    """The same pool where the exact one does not apply (a graph, mahjong-cpp's divisor) or passes
    its bound; the result's model says which was computed."""
    hand, same = "234777p340s56677z", Model(pool="same")
    with_graph = expected(hand, dora="9p", draws=3, graph=True)
    assert with_graph.model == same
    assert _numbers(with_graph) == _numbers(expected(hand, dora="9p", draws=3, model=same))
    divisor = expected(hand, dora="9p", draws=3, model=Model(divisor="pool"))
    assert divisor.model == Model(divisor="pool", pool="same")
    assert _numbers(divisor) == _numbers(expected(hand, dora="9p", draws=3, model=Model(divisor="pool", pool="same")))
    bound = expected(hand, dora="9p", draws=3, model=same).hands
    with pytest.raises(ExpectedValueError, match="passed 167 hands or states"):
        expected(hand, dora="9p", draws=3, model=Model(pool="exact"), max_hands=bound)
    table = expected(hand, dora="9p", draws=3, max_hands=bound)
    assert table.model.pool == "same" and table.hands == bound == 167
    assert _numbers(table) == _numbers(expected(hand, dora="9p", draws=3, model=same))


def test_the_two_pools_differ_once_a_tile_is_thrown() -> None:
    """A 13-tile hand's first draw sees the same pool in both conventions; from the second on, the
    exact pool lacks the tiles thrown."""
    same = expected("234m456p789s23s77z", dora="1m", draws=3, model=Model(pool="same"))[0]
    exact = expected("234m456p789s23s77z", dora="1m", draws=3, model=Model(pool="exact"))[0]
    for number in ("tenpai", "win", "score"):
        assert getattr(exact, number)[2] == pytest.approx(getattr(same, number)[2], rel=1e-12, abs=1e-12)
    assert exact.win[0] != pytest.approx(same.win[0], rel=1e-6)


def test_the_mahjong_cpp_model_is_not_the_default() -> None:
    ours = expected("234777p340s56677z", dora="9p")
    theirs = expected("234777p340s56677z", dora="9p", model=MAHJONG_CPP, rules=MAHJONG_CPP_RULES)
    assert [r.tile for r in theirs][:1] == [r.tile for r in ours][:1] == ["5z"]
    assert theirs[0].riichi and theirs[0].score[0] != ours[0].score[0]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shanten", *args], capture_output=True, text=True)


def test_command_line_ev_columns_and_json() -> None:
    out = _cli("234777p340s56677z", "--ev", "--dora", "9p", "--round", "S")
    assert out.returncode == 0, out.stderr
    said, header, row = out.stdout.splitlines()[2:5]
    assert said == "expected in 17 draws (same pool): win, score and decl of each discard"
    assert header.split()[-4:] == ["win", "score", "decl", "kinds"]
    table = expected("234777p340s56677z", dora="9p", round_wind="S")
    assert row.split()[:2] == ["5z", "0"] and f"{table[0].win[0]:.1%}" in row and "riichi" in row
    document = json.loads(_cli("234777p340s56677z", "--ev", "--dora", "9p", "--round", "S", "--json").stdout)
    discards = document["expected"]["discards"]
    assert [d["discard"] for d in discards] == [r.tile for r in table]
    assert discards[0]["win"] == table[0].win.tolist() and document["expected"]["draws"] == 17


def test_command_line_exact_pool() -> None:
    document = json.loads(_cli("234777p340s56677z", "--ev", "--dora", "9p", "--draws", "3", "--pool", "exact",
                               "--json").stdout)["expected"]
    table = expected("234777p340s56677z", dora="9p", draws=3, model=Model(pool="exact"))
    assert document["model"]["pool"] == "exact"
    assert [(d["discard"], d["win"], d["score"]) for d in document["discards"]] == [
        (r.tile, r.win.tolist(), r.score.tolist()) for r in table]
    same = expected("234777p340s56677z", dora="9p", draws=3, model=Model(pool="same"))
    assert table[0].win[0] != same[0].win[0]
    default = json.loads(_cli("234777p340s56677z", "--ev", "--dora", "9p", "--draws", "3", "--json").stdout)
    assert default["expected"] == document  # the default, auto: the exact pool at 3 draws


def test_command_line_ev_beyond_the_bound_and_errors() -> None:
    out = _cli("1479m258p369s1234z", "--ev")
    assert out.returncode == 0 and "expected value: 1479m258p369s1234z is 6-shanten" in out.stdout
    bad = _cli("234777p340s56677z", "--ev", "--draws", "70")
    assert bad.returncode == 2 and bad.stderr.strip() == "shanten: error: draws must be 0 to 60, got 70"


@pytest.mark.parametrize("meld", [(0, 34, 0), (9, 0, 0), (0, 7, 0)], ids=["kind 34", "type 9", "chi from 8m"])
def test_the_kernel_refuses_a_meld_that_does_not_exist(meld: tuple[int, int, int]) -> None:
    """The search scores its hands without checking each one, so the kernel checks the win row's
    melds, which index the scorer's arrays."""
    hand, pool, win, rules, config = position("123m456p789s1z2z", melds=["[333z]"]).args
    row = np.frombuffer(win, dtype=input_dtype()).copy()
    row["melds"][0, 0] = meld
    with pytest.raises(ValueError, match="^expected\\(\\) takes one _fast.INPUT row with up to 4 melds that exist$"):
        shanten._core.expected(hand, pool, row.tobytes(), rules, config)
