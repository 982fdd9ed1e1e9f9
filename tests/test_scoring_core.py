"""The compiled scoring kernel (src/core/score.h) through shanten.scoring._fast.

Named cases with exact values; a seeded differential against the PyPI package mahjong==2.1.0
on random winning hands under Tenhou's rules and random rule variants; the batch against the
per-call entry; and the kernel against the Python scorer (shanten.scoring.score) on random
hands and on every win of the real records in ../shared.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scoring_random import RandomWin, random_win
from shanten import records
from shanten.scoring import RULES, Rules, ScoringError, from_record, score
from shanten.tiles import InvalidHandError
from shanten.scoring._fast import (
    CHANKAN, DOUBLE_RIICHI, FIRST_DRAW, IPPATSU, LAST_TILE, RIICHI, RINSHAN, TENHOU, TSUMO, FastScore, code_of,
    fast_score, input_dtype, rules_code, score_batch, score_ids,
)  # fmt: skip

# ---- named cases ---------------------------------------------------------------------------


def test_pinfu_tsumo_is_20_fu() -> None:
    r = fast_score("234m567m345p678s88p", win="6s", tsumo=True, seat_wind="S")
    assert (r.han, r.fu, r.from_dealer, r.from_others, r.points) == (3, 20, 1300, 700, 2700)
    assert r.yaku == (("menzen tsumo", 1), ("pinfu", 1), ("tanyao", 1))
    assert r.fu_breakdown == (("pinfu tsumo", 20),)


def test_pinfu_ron_is_30_fu() -> None:
    r = fast_score("234m567m345p678s88p", win="6s", seat_wind="S")
    assert (r.han, r.fu, r.ron) == (2, 30, 2000)
    assert r.fu_breakdown == (("base", 20), ("closed ron", 10))


def test_seven_pairs_are_25_fu() -> None:
    r = fast_score("1133m5577p2288s66z", win="6z", seat_wind="S")
    assert (r.han, r.fu, r.ron, r.yaku) == (2, 25, 1600, (("chiitoitsu", 2),))
    assert r.decomposition == ("11m", "33m", "55p", "77p", "22s", "88s", "66z")


def test_open_pinfu_shape_ron_is_30_fu() -> None:
    r = fast_score("234m567p88s [345s] [678m]", win="2m", seat_wind="S")
    assert (r.han, r.fu, r.ron, r.yaku) == (1, 30, 1000, (("tanyao", 1),))
    assert r.fu_breakdown == (("base", 20), ("open pinfu shape", 10))


def test_222333444m_is_scored_as_triplets_when_that_pays_more() -> None:
    r = fast_score("222333444m567p55s", win="4m", tsumo=True, seat_wind="S")
    assert (r.han, r.fu, r.limit, r.points) == (4, 40, "mangan", 8000)
    assert r.yaku == (("menzen tsumo", 1), ("tanyao", 1), ("sanankou", 2))
    assert r.decomposition[:3] == ("222m", "333m", "444m")
    # on a ron the 444m triplet is open: the runs' pinfu iipeikou reading pays more
    r = fast_score("222333444m567p55s", win="4m", seat_wind="S")
    assert r.yaku == (("pinfu", 1), ("tanyao", 1), ("iipeikou", 1))
    assert (r.han, r.fu, r.ron) == (3, 30, 3900)


def test_ryanpeikou_beats_seven_pairs() -> None:
    r = fast_score("223344m556677p88s", win="8s", seat_wind="S")
    assert r.yaku == (("tanyao", 1), ("ryanpeikou", 3))
    assert (r.han, r.fu, r.ron) == (4, 40, 8000)  # tanki 2 fu: 32 -> 40; 4 han 40 fu is mangan


def test_the_wait_is_the_one_that_scores_best() -> None:
    # 44456m: the 4m is a ryanmen of 56m or a tanki beside 456m
    pinfu = fast_score("44456m123p789p234s", win="4m", riichi=True, seat_wind="S")
    assert (pinfu.han, pinfu.fu, pinfu.ron) == (2, 30, 2000)
    assert ("pinfu", 1) in pinfu.yaku
    tanki = fast_score("44456m123p789p555z", win="4m", tsumo=True, seat_wind="S")
    assert (tanki.han, tanki.fu) == (2, 40)
    assert ("tanki wait", 2) in tanki.fu_breakdown


def test_fu_of_triplets_kans_and_pairs() -> None:
    # closed kans of terminals 32 and simples 16, closed terminal triplet 8, dragon pair 2, kanchan 2, tsumo 2
    r = fast_score("13m999p55z2m (1111s) (5555p)", win="2m", tsumo=True, seat_wind="S")
    assert r.fu_breakdown == (("base", 20), ("tsumo", 2), ("closed kan (1111s)", 32), ("closed kan (5555p)", 16),
                              ("closed triplet 999p", 8), ("pair of dragons", 2), ("kanchan wait", 2),
                              ("rounded up", 8))  # fmt: skip
    assert r.decomposition == ("(1111s)", "(5555p)", "123m", "999p", "55z")
    assert (r.fu, r.yaku) == (90, (("menzen tsumo", 1), ("sanankou", 2)))
    # the same triplet completed by a ron is open: 4 fu
    r = fast_score("13m999p55z2m (1111s) (5555p)", win="9p", seat_wind="S", riichi=True)
    assert ("open triplet 999p", 4) in r.fu_breakdown


def test_double_wind_pair_is_4_fu_on_tenhou_and_2_where_the_rules_say() -> None:
    hand: dict[str, Any] = dict(hand="123m456p789s11z555z", win="5z", seat_wind="E", round_wind="E")
    assert ("pair of the double wind", 4) in fast_score(**hand).fu_breakdown
    assert ("pair of the double wind", 2) in fast_score(**hand, rules="mleague").fu_breakdown


def test_each_yakuman() -> None:
    cases = {
        "daisangen": ("555666777z123m99p", "9p", {}),
        "suuankou": ("111m222p333s44466z", "4z", {"tsumo": True}),
        "suuankou tanki": ("111m222p333s44466z", "6z", {}),
        "tsuuiisou": ("111222333z55566z", "5z", {}),
        "ryuuiisou": ("22334466688s666z", "8s", {}),
        "chinroutou": ("111999m111999p11s", "1m", {}),
        "chuuren poutou": ("11123445678999m", "1m", {}),
        "junsei chuuren poutou": ("11123445678999m", "4m", {}),
        "kokushi musou": ("119m19p19s1234567z", "9m", {}),
        "kokushi musou 13-sided": ("119m19p19s1234567z", "1m", {}),
        "daisuushii": ("111222333444z55m", "4z", {}),
        "shousuushii": ("11122233344z123m", "3m", {}),
        "suukantsu": ("55m (1111p) [2222p] {3333p} (4444z)", "5m", {}),
    }
    for name, (hand, win, flags) in cases.items():
        r = fast_score(hand, win=win, seat_wind="S", tsumo=flags.get("tsumo", False))
        assert (r.yaku, r.yakuman, r.limit) == (((name, 13),), 1, "yakuman"), name
        assert r.points == 32000, name
    tenhou = fast_score("123m456p789s11122z", win="2z", tsumo=True, first_draw=True)
    assert (tenhou.yaku, tenhou.from_others, tenhou.points) == ((("tenhou", 13),), 16000, 48000)
    chiihou = fast_score("123m456p789s11122z", win="2z", tsumo=True, first_draw=True, seat_wind="W")
    assert (chiihou.yaku, chiihou.from_dealer, chiihou.from_others) == ((("chiihou", 13),), 16000, 8000)


def test_renhou_follows_the_rules() -> None:
    hand: dict[str, Any] = dict(hand="123m456p789s11122z", win="2z", first_draw=True, seat_wind="S")
    assert fast_score(**hand).yaku == (("round wind", 1),)  # no renhou on Tenhou
    as_yakuman = fast_score(**hand, rules=Rules(renhou="yakuman"))
    assert (as_yakuman.yaku, as_yakuman.ron) == ((("renhou", 13),), 32000)
    as_mangan = fast_score(**hand, rules=Rules(renhou="mangan"))
    assert (as_mangan.yaku, as_mangan.limit) == ((("round wind", 1), ("renhou", 5)), "haneman")


def test_yakuman_stack_and_double_yakuman_follow_the_rules() -> None:
    hand: dict[str, Any] = dict(hand="111222333444z55m", win="4z", seat_wind="S")
    single = fast_score(**hand)
    assert (single.yakuman, single.ron) == (1, 32000)
    assert fast_score(**hand, rules="mahjongsoul").yakuman == 2
    two: dict[str, Any] = dict(hand="111222333444z55z", win="4z", seat_wind="S")
    assert fast_score(**two).yakuman == 2  # daisuushii + tsuuiisou add up on Tenhou
    assert fast_score(**two, rules="wrc").yakuman == 1
    assert fast_score(**two, rules="mahjongsoul").yakuman == 3
    assert fast_score(**two, rules="mahjongsoul").yaku == (("tsuuiisou", 13), ("daisuushii", 26))


def test_limits() -> None:
    base = "234m567m345p678s88p"
    expected = {0: (None, 2000), 3: ("mangan", 8000), 4: ("haneman", 12000), 6: ("baiman", 16000),
                9: ("sanbaiman", 24000), 11: ("kazoe yakuman", 32000)}  # fmt: skip
    for dora_han, (limit, ron) in expected.items():
        # pinfu tanyao ron: 2 han 30 fu; each dora indicator 7p makes 8p (the pair: 2 han)
        r = fast_score(base, win="6s", seat_wind="S", dora=[15] * (dora_han // 2) + [3] * (dora_han % 2))
        assert (r.limit, r.ron) == (limit, ron), dora_han
    r = fast_score(base, win="6s", seat_wind="S", dora=[15] * 5 + [3], rules="wrc")
    assert (r.han, r.limit, r.ron) == (13, "sanbaiman", 24000)


def test_kiriage_mangan_per_rules() -> None:
    # 4 han 30 fu and 3 han 60 fu: 7700 on Tenhou, 8000 with kiriage
    four_30: dict[str, Any] = dict(hand="234m567m345p678s88p", win="6s", seat_wind="S", dora=[15])
    assert (fast_score(**four_30).han, fast_score(**four_30).fu, fast_score(**four_30).ron) == (4, 30, 7700)
    assert (fast_score(**four_30, rules="mleague").ron, fast_score(**four_30, rules="mleague").limit) == (8000, "mangan")
    # riichi, haku, dora 2m: 20 + closed ron 10 + kanchan 2 + 555z 8 + (2222p) 16 = 56 -> 60 fu
    three_60: dict[str, Any] = dict(hand="123m456s88s555z (2222p)", win="2m", seat_wind="S", riichi=True, dora="1m")
    r = fast_score(**three_60)
    assert (r.han, r.fu, r.ron, r.limit) == (3, 60, 7700, None)
    assert (fast_score(**three_60, rules="wrc").ron, fast_score(**three_60, rules="wrc").limit) == (8000, "mangan")


def test_three_player_tsumo_loss_and_kita() -> None:
    r = fast_score("111m999m11p789s222z", win="7s", seat_wind="S", players=3, kita=2)
    assert r.yaku[-1] == ("kita dora", 2)
    # tsumo, chiitoitsu, honroutou: mangan; the absent north's share is lost, or split by the rules
    mangan = fast_score("1199m11p99s112233z", win="3z", tsumo=True, seat_wind="S", players=3)
    assert (mangan.limit, mangan.from_dealer, mangan.from_others, mangan.points) == ("mangan", 4000, 2000, 6000)
    split = fast_score("1199m11p99s112233z", win="3z", tsumo=True, seat_wind="S", players=3,
                       rules=Rules(tsumo_loss=False))  # fmt: skip
    assert (split.from_dealer, split.from_others, split.points) == (5000, 3000, 8000)


def test_honba_and_sticks() -> None:
    r = fast_score("234m567m345p678s88p", win="6s", seat_wind="S", honba=2, sticks=1)
    assert (r.points, r.ron, r.total) == (2000, 2600, 3600)
    r = fast_score("234m567m345p678s88p", win="6s", seat_wind="S", honba=2, tsumo=True)
    assert (r.points, r.from_dealer, r.from_others, r.total) == (2700, 1500, 900, 3300)


def test_dora_count_only_beside_a_yaku() -> None:
    r = fast_score("234m567p88s [345s] [789m]", win="2m", seat_wind="S", dora="1m", rules=Rules(open_tanyao=False))
    assert (r.han, r.yaku, r.points, str(r)) == (0, (), 0, "no yaku")


def test_red_fives_and_ura() -> None:
    r = fast_score("234m406p88s [345s] [678m]", win="2m", seat_wind="S")
    assert r.yaku == (("tanyao", 1), ("aka dora", 1))
    assert r.groups[1] == (6, 12, 1)  # a concealed run from 4p holding the red five
    r = fast_score("234m567m345p678s88p", win="6s", seat_wind="S", riichi=True, ura="7p")
    assert r.yaku[-1] == ("ura dora", 2)


def test_bad_input_gets_one_line_errors() -> None:
    cases: dict[str, dict[str, Any]] = {
        "the hand is not complete": dict(hand="234m567m345p678s89p", win="9p"),
        "5th copy": dict(hand="11123m345p678s88p [111m]", win="2m"),
        "win: 1z is not among the hand.s concealed tiles": dict(hand="234m567m345p678s88p", win="1z"),
        "contradictory flags": dict(hand="234m567m345p678s88p", win="6s", ippatsu=True),
    }
    for message, kwargs in cases.items():
        with pytest.raises(InvalidHandError, match=message):
            fast_score(**kwargs)  # type: ignore[arg-type]
    for flags in (RINSHAN | TSUMO, CHANKAN | TSUMO, FIRST_DRAW | RIICHI | TSUMO, LAST_TILE | CHANKAN, IPPATSU):
        with pytest.raises(ScoringError, match="contradictory flags"):
            score_ids([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12], 12, flags=flags)
    with pytest.raises(ScoringError, match="contradictory flags"):
        score_ids([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12], 12, ura=[5])


def test_result_is_a_heap_type_with_the_c_struct() -> None:
    r = score_ids([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12], 12, flags=TSUMO | RIICHI | IPPATSU)
    assert isinstance(r, FastScore) and len(r.raw) == 128
    assert r.yaku == (("menzen tsumo", 1), ("riichi", 1), ("ippatsu", 1), ("ittsu", 2))


# ---- differential against mahjong==2.1.0 ----------------------------------------------------

mahjong = pytest.importorskip("mahjong")
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # noqa: E402
from mahjong.hand_calculating.yaku_config import YakuConfig  # noqa: E402
from mahjong.meld import Meld as MjMeld  # noqa: E402

# mahjong's YakuConfig attributes by Tenhou id (its own ids are not Tenhou's)
_MJ_TENHOU_ID = dict(
    tsumo=0, riichi=1, ippatsu=2, chankan=3, rinshan=4, haitei=5, houtei=6, pinfu=7, tanyao=8, iipeiko=9,
    seat_wind_east=10, seat_wind_south=11, seat_wind_west=12, seat_wind_north=13, round_wind_east=14,
    round_wind_south=15, round_wind_west=16, round_wind_north=17, haku=18, hatsu=19, chun=20, daburu_riichi=21,
    chiitoitsu=22, chantai=23, ittsu=24, sanshoku=25, sanshoku_douko=26, sankantsu=27, toitoi=28, sanankou=29,
    shosangen=30, honroto=31, ryanpeiko=32, junchan=33, honitsu=34, chinitsu=35, renhou=36, renhou_yakuman=36,
    tenhou=37, chiihou=38, daisangen=39, suuankou=40, suuankou_tanki=41, tsuisou=42, ryuisou=43, chinroto=44,
    chuuren_poutou=45, daburu_chuuren_poutou=46, kokushi=47, daburu_kokushi=48, daisuushi=49, shosuushi=50,
    suukantsu=51, dora=52, ura_dora=53, aka_dora=54,
)  # fmt: skip
_MJ_BY_CLASS = {type(y).__name__: _MJ_TENHOU_ID[name] for name, y in vars(YakuConfig()).items() if name in _MJ_TENHOU_ID}
_MJ_MELD = {0: MjMeld.CHI, 1: MjMeld.PON, 2: MjMeld.KAN, 3: MjMeld.KAN, 4: MjMeld.SHOUMINKAN}


def _variant(rng: random.Random) -> dict[str, Any]:
    """Rule choices both scorers share, drawn at random (Tenhou's half the time)."""
    if rng.random() < 0.5:
        return {}
    return dict(open_tanyao=rng.random() < 0.5, red_fives=rng.random() < 0.5, kazoe_yakuman=rng.random() < 0.5,
                kiriage=rng.random() < 0.5, double=rng.random() < 0.5, renhou=rng.choice((0, 5, 13)))  # fmt: skip


def _mahjong(w: RandomWin, variant: dict[str, Any]) -> Any:
    f = w.flags
    renhou = variant.get("renhou", 0)
    options = OptionalRules(
        has_open_tanyao=variant.get("open_tanyao", True), has_aka_dora=variant.get("red_fives", True),
        has_double_yakuman=variant.get("double", False), kiriage=variant.get("kiriage", False),
        kazoe_limit=HandConstants.KAZOE_LIMITED if variant.get("kazoe_yakuman", True) else HandConstants.KAZOE_SANBAIMAN,
        renhou_as_yakuman=renhou == 13, is_three_player=w.players == 3,
    )  # fmt: skip
    tsumo = bool(f & TSUMO)
    config = HandConfig(
        is_tsumo=tsumo, is_riichi=bool(f & RIICHI), is_ippatsu=bool(f & IPPATSU), is_rinshan=bool(f & RINSHAN),
        is_chankan=bool(f & CHANKAN), is_haitei=bool(f & LAST_TILE) and tsumo,
        is_houtei=bool(f & LAST_TILE) and not tsumo, is_daburu_riichi=bool(f & DOUBLE_RIICHI),
        is_tenhou=bool(f & FIRST_DRAW) and tsumo and w.seat_wind == 0,
        is_chiihou=bool(f & FIRST_DRAW) and tsumo and w.seat_wind != 0,
        is_renhou=bool(f & FIRST_DRAW) and not tsumo and bool(renhou), player_wind=27 + w.seat_wind,
        round_wind=27 + w.round_wind, kyoutaku_number=w.sticks, tsumi_number=w.honba, options=options,
        num_nuki_dora=w.kita,
    )  # fmt: skip
    melds = [MjMeld(_MJ_MELD[kind], tiles, opened=kind != 3) for kind, tiles in w.melds]
    tiles = w.concealed + [t for _, ts in w.melds for t in ts]
    return HandCalculator.estimate_hand_value(tiles, w.win, melds=melds, dora_indicators=w.dora, config=config,
                                              ura_dora_indicators=w.ura or None)  # fmt: skip


def _code(variant: dict[str, Any]) -> int:
    if not variant:
        return TENHOU
    double = ("kokushi musou 13-sided", "suuankou tanki", "junsei chuuren poutou", "daisuushii")
    return rules_code(open_tanyao=bool(variant["open_tanyao"]), red_fives=bool(variant["red_fives"]),
                      kazoe_yakuman=bool(variant["kazoe_yakuman"]), kiriage=bool(variant["kiriage"]),
                      double_yakuman=double if variant["double"] else (), renhou=int(variant["renhou"]))  # fmt: skip


def _kernel(w: RandomWin, rules: int = TENHOU) -> FastScore:
    tiles, win, melds = w.ids()
    return score_ids(tiles, win, melds, w.flags, [t // 4 for t in w.dora], [t // 4 for t in w.ura], w.round_wind,
                     w.seat_wind, w.kita, w.honba, w.sticks, w.players, rules)


@pytest.mark.parametrize("seed", range(6))
def test_kernel_agrees_with_mahjong_on_random_wins(seed: int) -> None:
    """6 x 4,000 seeded hands: han, fu, the yaku (by Tenhou id) and the winner's total agree.

    Rule differences configured away: mahjong lists kita dora as dora (compared as such); its
    renhou "mangan" is a 5-han yaku, as in the kernel. Every rule variant the two share is drawn.
    """
    rng = random.Random(1000 + seed)
    for _ in range(4000):
        w = random_win(rng)
        variant = _variant(rng)
        mine = _kernel(w, _code(variant))
        theirs = _mahjong(w, variant)
        if theirs.error:
            assert theirs.error == "no_yaku" and mine.han == 0, f"{w}: mahjong {theirs.error}, kernel {mine}"
            continue
        ids = {i for i in range(56) if mine.yaku_mask >> i & 1}
        if 55 in ids:
            ids = (ids - {55}) | {52}
        expected = (theirs.han, theirs.fu, {_MJ_BY_CLASS[type(y).__name__] for y in theirs.yaku},
                    theirs.cost["total"])  # fmt: skip
        assert (mine.han, mine.fu, ids, mine.total) == expected, f"{w} {variant}: kernel {mine} {mine.fu_breakdown}"


# ---- the batch -------------------------------------------------------------------------------


def _rows(wins: list[RandomWin]) -> np.ndarray:
    rows = np.zeros(len(wins), input_dtype())
    for i, w in enumerate(wins):
        tiles, win, melds = w.ids()
        for t in tiles:
            kind = t if t < 34 else (4, 13, 22)[t - 34]
            rows["counts"][i, kind] += 1
            rows["red"][i, (t - 34) % 3] += t >= 34
        rows["win"][i] = win if win < 34 else (4, 13, 22)[win - 34]
        rows["n_melds"][i] = len(melds)
        for j, (kind, *ids) in enumerate(melds):
            rows["melds"][i, j] = (kind, min(t if t < 34 else (4, 13, 22)[t - 34] for t in ids), sum(t >= 34 for t in ids))
        for field, indicators in (("dora", w.dora), ("ura", w.ura)):
            for t in indicators:
                k = t // 4
                d = (8 if k == 0 else 0) if w.players == 3 and k < 9 else k - 8 if k < 27 and k % 9 == 8 else \
                    27 if k == 30 else 31 if k == 33 else k + 1  # fmt: skip
                rows[field][i, d] += 1
        for field in ("flags", "kita", "round_wind", "seat_wind", "players", "honba", "sticks"):
            rows[field][i] = getattr(w, field)
    return rows


def test_batch_equals_one_call_at_a_time() -> None:
    rng = random.Random(7)
    wins = [random_win(rng) for _ in range(9000)]  # three blocks of the thread pool
    out = score_batch(_rows(wins), threads=2)
    for w, row in zip(wins, out, strict=True):
        one = _kernel(w)
        assert bytes(row) == one.raw, str(w)


def test_batch_names_the_bad_row() -> None:
    rows = _rows([random_win(random.Random(1)) for _ in range(3)])
    rows["counts"][2, 0] += 1
    with pytest.raises(ScoringError, match="row 2: "):
        score_batch(rows)


# ---- against the Python scorer -------------------------------------------------------------


def _same(kernel: FastScore, python: Any, where: str) -> None:
    """Every field agrees, but for one explained difference: at equal points, a hand that is both a
    yakuman (suuankou on one reading) and 13+ counted han (kazoe on another) is the yakuman for the
    kernel, as for mahjong==2.1.0 (a yakuman hand scores no ordinary yaku), and kazoe for the Python
    scorer (more han). The payments are the same either way."""
    if kernel.limit == "yakuman" and python.limit == "kazoe yakuman" and kernel.points == python.points:
        return
    got: tuple[Any, ...] = (kernel.han, kernel.fu if kernel.han else None, kernel.yaku, kernel.yakuman, kernel.limit, kernel.points,
           kernel.ron, kernel.from_dealer, kernel.from_others, kernel.total, kernel.dealer)  # fmt: skip
    p = python
    want: tuple[Any, ...] = (p.han, p.fu if p.han else None, p.yaku, p.yakuman, p.limit, p.points, p.ron, p.from_dealer,
            p.from_others, p.total, p.dealer)  # fmt: skip
    if kernel.han:  # the same reading kept: its groups and its fu, item by item
        got += (kernel.decomposition, kernel.fu_breakdown)
        want += (p.decomposition, p.fu_breakdown)
    got += (str(kernel),)
    want += (str(p),)
    assert got == want, f"{where}\n  kernel {got}\n  python {want}"


@pytest.mark.parametrize("rules", ["tenhou", "mahjongsoul", "wrc", "mleague"])
def test_kernel_agrees_with_the_python_scorer_on_random_wins(rules: str) -> None:
    rng = random.Random(list(RULES).index(rules))
    for _ in range(3000):
        w = random_win(rng)
        tiles, win, melds = w.ids()
        kwargs = dict(
            hand=tiles, win=win, melds=tuple(_meld(m) for m in melds), tsumo=bool(w.flags & TSUMO),
            riichi=bool(w.flags & RIICHI), double_riichi=bool(w.flags & DOUBLE_RIICHI),
            ippatsu=bool(w.flags & IPPATSU), rinshan=bool(w.flags & RINSHAN), chankan=bool(w.flags & CHANKAN),
            last_tile=bool(w.flags & LAST_TILE), first_draw=bool(w.flags & FIRST_DRAW),
            dora=[t // 4 for t in w.dora], ura=[t // 4 for t in w.ura], kita=w.kita, round_wind=w.round_wind,
            seat_wind=w.seat_wind, honba=w.honba, sticks=w.sticks, players=w.players, rules=rules,
        )  # fmt: skip
        _same(fast_score(**kwargs), score(**kwargs), f"{w} rules {rules}")  # type: ignore[arg-type]


def _splits(counts: tuple[int, ...], pair: bool = False) -> int:
    """The multisets of runs, triplets and one pair that one suit's counts split into."""
    if not counts:
        return int(pair)
    ways = 0
    for triplets in (0, 1):
        for pairs in (0,) if pair else (0, 1):
            runs = counts[0] - 3 * triplets - 2 * pairs  # the rest of the first kind begins runs
            if runs < 0 or (runs and (len(counts) < 3 or min(counts[1], counts[2]) < runs)):
                continue
            rest = [n - runs if i < 2 else n for i, n in enumerate(counts[1:])]
            ways += _splits(tuple(rest), pair or pairs == 1)
    return ways


def test_kernel_agrees_with_the_python_scorer_on_the_hands_with_most_decompositions() -> None:
    """The kernel keeps up to four decompositions of a hand (score.h's SC_LEAVES): a hand's count is
    the product of its suits', and the most is four, in 14 tiles of one suit. Every such hand with
    three or four, won on each kind it holds by tsumo and by ron, scores as in Python."""
    import itertools

    most: dict[int, int] = {}
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) != 14:
            continue
        ways = _splits(counts)
        most[ways] = most.get(ways, 0) + 1
        if ways < 3:
            continue
        hand = "".join(str(k + 1) * n for k, n in enumerate(counts)) + "m"
        for k in (k for k, n in enumerate(counts) if n):
            for tsumo in (False, True):
                kwargs = dict(hand=hand, win=f"{k + 1}m", tsumo=tsumo, seat_wind="S")
                _same(fast_score(**kwargs), score(**kwargs), f"{hand} on {k + 1}m tsumo {tsumo}")  # type: ignore[arg-type]
    assert max(most) == 4 and (most[3], most[4]) == (172, 16)


def _meld(ids: tuple[int, ...]) -> object:
    from shanten.tiles import Meld, MeldKind, tile_kind

    kind, *tiles = ids
    return Meld(list(MeldKind)[kind], tuple(tile_kind(t) for t in tiles), red=sum(t >= 34 for t in tiles))


def test_kernel_agrees_with_the_python_scorer_on_every_recorded_win(shared_dir: Path) -> None:
    folder = shared_dir / "records"
    wins = 0
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix not in (".mjlog", ".json", ".jsonl", ".mjson", ".xml", ".xml_", ".log"):
            continue
        try:
            games = list(records.read(path))
        except records.RecordError:
            continue
        for game in games:
            for round in game.rounds:
                if not isinstance(round.end, tuple):
                    continue
                for win in round.end:
                    try:
                        kwargs = from_record(game, round, win)
                    except records.RecordError:
                        continue
                    python = score(**kwargs)
                    _same(fast_score(**kwargs), python, f"{path.relative_to(folder)} {round} {win}")
                    wins += 1
    assert wins > 1500


def test_rules_presets_map_to_codes() -> None:
    assert code_of("tenhou") == TENHOU == code_of(RULES["tenhou"])
    assert code_of("mleague") & 1024  # a double wind pair is 2 fu
    assert code_of(Rules(renhou="yakuman")) >> 16 & 0xFF == 13


def test_any_bytes_are_scored_or_refused() -> None:
    """Rows of random bytes (and random hands with one byte changed) never crash the kernel."""
    rng = np.random.default_rng(11)
    garbage = rng.integers(0, 256, (2000, 128), dtype=np.uint8).view(input_dtype()).reshape(-1)
    mutated = _rows([random_win(random.Random(seed)) for seed in range(2000)])
    raw = mutated.view(np.uint8).reshape(-1, 128)
    raw[np.arange(2000), rng.integers(0, 126, 2000)] = rng.integers(0, 256, 2000, dtype=np.uint8)
    refused = 0
    for row in (*garbage, *mutated):
        try:
            score_batch(row.reshape(1), threads=1)
        except ScoringError:
            refused += 1
    assert 2000 <= refused < 4000
