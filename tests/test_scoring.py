"""Named cases of shanten.scoring: every yaku, every fu rule, the limits and payments, each preset's
rule choices, and bad input. Unless a case says otherwise the winner sits south (not the dealer) in
an east round, so that the winds' yaku and fu are the ones the case names."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from shanten import Hand
from shanten.tiles import TILE_NAMES, Meld, MeldKind, format_tiles
from shanten.scoring import RULES, Rules, Score, ScoringError, score

SOUTH = {"seat_wind": "S", "round_wind": "E"}


def scored(hand: str | Hand, **context: object) -> Score:
    return score(hand, **{**SOUTH, **context})  # type: ignore[arg-type]


def summary(result: Score) -> tuple[tuple[tuple[str, int], ...], int, int, int]:
    return result.yaku, result.han, result.fu, result.points


PLAIN = "123m456p789s23s55z 4s"  # no yaku of its own: a haku pair, a ryanmen wait on 4s

# Yaku a flag of the win gives: (flags, yaku, han, fu, points)
FLAGS = [
    ({"tsumo": True}, (("menzen tsumo", 1),), 1, 30, 1100),
    ({"riichi": True}, (("riichi", 1),), 1, 40, 1300),
    ({"riichi": True, "ippatsu": True}, (("riichi", 1), ("ippatsu", 1)), 2, 40, 2600),
    ({"double_riichi": True}, (("double riichi", 2),), 2, 40, 2600),
    ({"chankan": True}, (("chankan", 1),), 1, 40, 1300),
    ({"tsumo": True, "last_tile": True}, (("menzen tsumo", 1), ("haitei raoyue", 1)), 2, 30, 2000),
    ({"last_tile": True}, (("houtei raoyui", 1),), 1, 40, 1300),
    ({"tsumo": True, "first_draw": True}, (("chiihou", 13),), 13, 30, 32000),
    ({"tsumo": True, "first_draw": True, "seat_wind": "E"}, (("tenhou", 13),), 13, 30, 48000),
]


@pytest.mark.parametrize(("flags", "yaku", "han", "fu", "points"), FLAGS)
def test_yaku_of_the_flags(flags: dict[str, object], yaku: tuple[tuple[str, int], ...], han: int, fu: int,
                           points: int) -> None:
    assert summary(scored(PLAIN, **flags)) == (yaku, han, fu, points)


def test_rinshan_kaihou_after_a_closed_kan_of_terminals() -> None:
    result = scored("123m456p23s55z 4s", melds="(9999s)", tsumo=True, rinshan=True)
    assert summary(result) == ((("menzen tsumo", 1), ("rinshan kaihou", 1)), 2, 60, 4000)
    assert result.fu_breakdown == (("base", 20), ("tsumo", 2), ("closed kan (9999s)", 32), ("pair of dragons", 2),
                                   ("rounded up", 4))  # fmt: skip
    assert (result.from_dealer, result.from_others) == (2000, 1000)


def test_renhou_is_worth_what_the_rules_say() -> None:
    assert str(scored(PLAIN, first_draw=True)) == "no yaku"  # Tenhou has no renhou
    assert summary(scored(PLAIN, first_draw=True, rules=Rules(renhou="mangan"))) == ((("renhou", 5),), 5, 40, 8000)
    assert summary(scored(PLAIN, first_draw=True, rules=Rules(renhou="yakuman"))) == ((("renhou", 13),), 13, 40,
                                                                                      32000)


# Yaku of the hand's shape, won by ron unless said: (hand, context, yaku, han, fu, points)
SHAPES = [
    ("123m456p789s23s55m 4s", {}, (("pinfu", 1),), 1, 30, 1000),
    ("234m456p678s22s55m 2s", {}, (("tanyao", 1),), 1, 40, 1300),
    ("112233m456p789s5m 5m", {}, (("iipeikou", 1),), 1, 40, 1300),
    ("123m456p789s55m22z 2z", {}, (("seat wind", 1),), 1, 40, 1300),
    ("123m456p789s55m22z 2z", {"seat_wind": "W", "round_wind": "S"}, (("round wind", 1),), 1, 40, 1300),
    ("123m456p789s55m22z 2z", {"round_wind": "S"}, (("seat wind", 1), ("round wind", 1)), 2, 40, 2600),
    ("123m456p789s55m55z 5z", {}, (("haku", 1),), 1, 40, 1300),
    ("123m456p789s55m66z 6z", {}, (("hatsu", 1),), 1, 40, 1300),
    ("123m456p789s55m77z 7z", {}, (("chun", 1),), 1, 40, 1300),
    ("1122m3344p5566s7z 7z", {}, (("chiitoitsu", 2),), 2, 25, 1600),
    ("123m789p789s11z99s 9s", {}, (("chanta", 2),), 2, 40, 2600),
    ("123456789m55p23s 4s", {}, (("pinfu", 1), ("ittsu", 2)), 3, 30, 3900),
    ("234m234p234s55z78m 9m", {}, (("sanshoku doujun", 2),), 2, 40, 2600),
    ("111m999p555s23s77s 4s", {}, (("sanankou", 2),), 2, 50, 3200),
    ("123m56p555z666z77z 4p", {}, (("haku", 1), ("hatsu", 1), ("shousangen", 2)), 4, 50, 8000),
    ("112233m556677p5s 5s", {}, (("ryanpeikou", 3),), 3, 40, 5200),  # not chiitoitsu's 2 han 25 fu
    ("123m789p789s11m99s 9s", {}, (("junchan", 3),), 3, 40, 5200),
    ("123m345m678m99m33z 3z", {}, (("honitsu", 3),), 3, 40, 5200),
    ("23m345m567m789m99m 1m", {}, (("pinfu", 1), ("chinitsu", 6)), 7, 30, 12000),
    ("111m999p111z99s22z 2z", {}, (("round wind", 1), ("seat wind", 1), ("toitoi", 2), ("sanankou", 2),
                                   ("honroutou", 2)), 8, 60, 16000),  # fmt: skip
]


@pytest.mark.parametrize(("hand", "context", "yaku", "han", "fu", "points"), SHAPES)
def test_yaku_of_the_shape(hand: str, context: dict[str, object], yaku: tuple[tuple[str, int], ...], han: int,
                           fu: int, points: int) -> None:
    found = scored(hand, **context)
    assert (tuple(sorted(found.yaku)), found.han, found.fu, found.points) == (tuple(sorted(yaku)), han, fu, points)


# Yaku of open hands: (hand, melds, win, yaku, han, fu, points)
OPEN = [
    ("234m456p222s55m", "[678s]", "2s", (("tanyao", 1),), 1, 30, 1000),
    ("456789m55p234s", "[123m]", "4s", (("ittsu", 1),), 1, 30, 1000),  # the open pinfu shape: 30 fu
    ("222m222p55m789s", "[222s]", "9s", (("sanshoku doukou", 2),), 2, 30, 2000),
    ("123m55p", "(2222p) [3333s] [7777m]", "5p", (("sankantsu", 2),), 2, 60, 3900),
    ("111m999p22s777s", "[444s]", "7s", (("toitoi", 2),), 2, 40, 2600),
]


@pytest.mark.parametrize(("hand", "melds", "win", "yaku", "han", "fu", "points"), OPEN)
def test_yaku_of_open_hands(hand: str, melds: str, win: str, yaku: tuple[tuple[str, int], ...], han: int, fu: int,
                            points: int) -> None:
    assert summary(scored(hand, melds=melds, win=win)) == (yaku, han, fu, points)


def test_open_tanyao_is_a_rule() -> None:
    assert str(scored("234m456p222s55m", melds="[678s]", win="2s", rules=Rules(open_tanyao=False))) == "no yaku"


# Every yakuman: (hand, context, yaku, points under tenhou, points under mahjongsoul)
YAKUMAN = [
    ("555z666z777z12m99m 3m", {}, (("daisangen", 13),), 32000, 32000),
    ("111m222p333s44s55z 5z", {"tsumo": True}, (("suuankou", 13),), 32000, 32000),
    ("111m222p333s555z4s 4s", {}, (("suuankou tanki", 13),), 32000, 64000),
    ("11223344556677z", {"win": "7z"}, (("tsuuiisou", 13),), 32000, 32000),
    ("223344s666s888s66z", {"win": "6z"}, (("ryuuiisou", 13),), 32000, 32000),
    ("111m999m111p99p99s 9s", {"tsumo": True}, (("suuankou", 13), ("chinroutou", 13)), 64000, 64000),
    ("1123455678999m 1m", {}, (("chuuren poutou", 13),), 32000, 32000),
    ("1112345678999m 5m", {}, (("junsei chuuren poutou", 13),), 32000, 64000),
    ("119m19p19s123456z 7z", {}, (("kokushi musou", 13),), 32000, 32000),
    ("19m19p19s1234567z 1m", {}, (("kokushi musou 13-sided", 13),), 32000, 64000),
    ("222z333z444z55m", {"melds": "[111z]", "win": "5m"}, (("daisuushii", 13),), 32000, 64000),
    ("222z333z44z123m", {"melds": "[111z]", "win": "3m"}, (("shousuushii", 13),), 32000, 32000),
    ("55z", {"melds": "(1111m) [2222p] [3333s] [4444s]", "win": "5z"}, (("suukantsu", 13),), 32000, 32000),
]


@pytest.mark.parametrize(("hand", "context", "yaku", "tenhou", "mahjongsoul"), YAKUMAN)
def test_every_yakuman(hand: str, context: dict[str, object], yaku: tuple[tuple[str, int], ...], tenhou: int,
                       mahjongsoul: int) -> None:
    plain = scored(hand, **context)
    assert (plain.yaku, plain.yakuman, plain.limit, plain.points) == (yaku, tenhou // 32000, "yakuman", tenhou)
    doubled = scored(hand, rules="mahjongsoul", **context)
    assert doubled.points == mahjongsoul
    assert doubled.han == sum(han for _, han in doubled.yaku) == 13 * doubled.yakuman


def test_yakuman_add_up_unless_the_rules_say_not() -> None:
    hand = "111m999m111p99p99s 9s"
    assert scored(hand, tsumo=True).yakuman == 2
    assert scored(hand, tsumo=True, rules="wrc").yakuman == 1
    assert scored(hand, tsumo=True, rules="wrc").points == 32000


def test_a_yakuman_leaves_out_the_dora_and_the_other_yaku() -> None:
    result = scored("555z666z777z12m99m 3m", riichi=True, dora="8m")
    assert (result.yaku, result.han) == ((("daisangen", 13),), 13)


def test_222333444m_reads_as_triplets_or_as_runs() -> None:
    # Tsumo: the triplets make four concealed triplets, a yakuman.
    assert scored("22333444m55p111z 2m", tsumo=True).yaku == (("suuankou", 13),)
    # Ron: the triplets (5 han, mangan) beat the runs (iipeikou and the round wind, 2 han 40 fu).
    result = scored("22333444m55p111z 2m")
    assert (sorted(result.yaku), result.points) == ([("round wind", 1), ("sanankou", 2), ("toitoi", 2)], 8000)
    assert result.decomposition == ("222m", "333m", "444m", "111z", "55p")


def test_pinfu_or_a_kanchan_as_the_wait_pays_more() -> None:
    # 4s completes 456s (ryanmen) or 345s (kanchan): riichi and pinfu at 30 fu beat riichi alone at 40 fu.
    assert summary(scored("123m456p35456s99m 4s", riichi=True)) == ((("riichi", 1), ("pinfu", 1)), 2, 30, 2000)
    # Open: no pinfu, so the kanchan's 2 fu lift 30 fu to 40.
    result = scored("222m345456s55z", melds="[666z]", win="4s")
    assert summary(result) == ((("hatsu", 1),), 1, 40, 1300)
    assert ("kanchan wait", 2) in result.fu_breakdown


# Fu: (hand, context, fu, breakdown)
FU = [
    ("123m456p789s23s55m 4s", {"tsumo": True}, 20, (("pinfu tsumo", 20),)),
    ("123m456p789s23s55m 4s", {}, 30, (("base", 20), ("closed ron", 10))),
    ("1122m3344p5566s7z 7z", {}, 25, (("seven pairs", 25),)),
    ("234m456p222s55m", {"melds": "[678s]", "win": "5m", "riichi": False}, 30,
     (("base", 20), ("closed triplet 222s", 4), ("tanki wait", 2), ("rounded up", 4))),
    ("345m456p55m", {"melds": "[678s] [234s]", "win": "3m", "riichi": False}, 30,
     (("base", 20), ("open pinfu shape", 10))),  # fmt: skip
    ("123m456p789s13s55m 2s", {"riichi": True}, 40, (("base", 20), ("closed ron", 10), ("kanchan wait", 2),
                                                     ("rounded up", 8))),  # fmt: skip
    ("123m456p789s12s55m 3s", {"riichi": True}, 40, (("base", 20), ("closed ron", 10), ("penchan wait", 2),
                                                     ("rounded up", 8))),  # fmt: skip
    ("123m456p55m", {"melds": "(2222p) [3333s]", "win": "5m", "riichi": False}, 50,
     (("base", 20), ("closed kan (2222p)", 16), ("open kan [3333s]", 8), ("tanki wait", 2), ("rounded up", 4))),
    ("111m456p789s23s55m 4s", {"riichi": True}, 40,
     (("base", 20), ("closed ron", 10), ("closed triplet 111m", 8), ("rounded up", 2))),
    ("111m456p789s234s5m 5m", {}, 40,
     (("base", 20), ("closed ron", 10), ("closed triplet 111m", 8), ("tanki wait", 2))),
    ("234m456p789s23s11z 4s", {"riichi": True, "seat_wind": "E"}, 40,
     (("base", 20), ("closed ron", 10), ("pair of the double wind", 4), ("rounded up", 6))),
    ("234m456p789s23s11z 4s", {"riichi": True}, 40,
     (("base", 20), ("closed ron", 10), ("pair of the round wind", 2), ("rounded up", 8))),
]


@pytest.mark.parametrize(("hand", "context", "fu", "breakdown"), FU)
def test_fu(hand: str, context: dict[str, object], fu: int, breakdown: tuple[tuple[str, int], ...]) -> None:
    found = scored(hand, **{"riichi": True, **context})
    assert (found.fu, found.fu_breakdown) == (fu, breakdown)
    assert sum(part for _, part in found.fu_breakdown) == found.fu


def test_a_double_wind_pair_is_4_fu_in_tenhou_and_2_in_mleague() -> None:
    hand = "123m456p555s13s11z 2s"  # dealer east in east: 20 + 2 tsumo + 4 + pair + 2 kanchan
    tenhou = score(hand, tsumo=True, riichi=True)
    mleague = score(hand, tsumo=True, riichi=True, rules="mleague")
    assert (tenhou.fu, tenhou.from_others, tenhou.points) == (40, 1300, 3900)
    assert (mleague.fu, mleague.from_others, mleague.points) == (30, 1000, 3000)


# Limits and payments
def test_kazoe_yakuman_or_sanbaiman() -> None:
    hand = "23m345m567m789m99m 1m"  # pinfu chinitsu, three 9m dora
    tenhou = scored(hand, tsumo=True, riichi=True, ippatsu=True, dora="8m")
    assert (tenhou.han, tenhou.limit, tenhou.yakuman, tenhou.points) == (13, "kazoe yakuman", 0, 32000)
    wrc = scored(hand, tsumo=True, riichi=True, ippatsu=True, dora="8m", rules="wrc")
    assert (wrc.han, wrc.limit, wrc.points, wrc.from_dealer, wrc.from_others) == (13, "sanbaiman", 24000, 12000, 6000)


@pytest.mark.parametrize(("dora", "han", "limit", "points"), [
    ("", 2, None, 2000), ("3s", 3, None, 3900), ("3s3s", 4, None, 7700), ("3s3s3s", 5, "mangan", 8000),
    ("3s3s3s4m", 7, "haneman", 12000), ("3s3s3s4m4m", 9, "baiman", 16000), ("3s3s3s4m4m4m", 11, "sanbaiman", 24000),
    ("3s3s3s4m4m4m4m", 13, "kazoe yakuman", 32000),
])  # fmt: skip
def test_the_limits(dora: str, han: int, limit: str | None, points: int) -> None:
    result = scored("123m456p789s23s55m 4s", riichi=True, dora=dora)  # riichi, pinfu and the dora: 30 fu
    assert (result.han, result.limit, result.points) == (han, limit, points)


def test_kiriage_mangan_in_wrc_and_mleague() -> None:
    hand = "123m456p789s23s55m 4s"  # riichi pinfu and two 5m dora: 4 han 30 fu
    assert scored(hand, riichi=True, dora="4m").points == 7700
    assert scored(hand, riichi=True, dora="4m", rules="mleague").points == 8000
    assert scored(hand, riichi=True, dora="4m", rules="mleague").limit == "mangan"


def test_payments_dealer_non_dealer_ron_tsumo_honba_and_sticks() -> None:
    ron = scored(PLAIN, riichi=True, honba=2, sticks=1)
    assert (ron.points, ron.ron, ron.from_dealer, ron.from_others, ron.total, ron.dealer) == (1300, 1900, 0, 0, 2900,
                                                                                              False)
    tsumo = scored(PLAIN, tsumo=True, honba=1, sticks=2)
    assert (tsumo.points, tsumo.ron, tsumo.from_dealer, tsumo.from_others, tsumo.total) == (1100, 0, 600, 400, 3400)
    dealer = scored(PLAIN, tsumo=True, seat_wind="E", honba=1)
    assert (dealer.points, dealer.from_dealer, dealer.from_others, dealer.total, dealer.dealer) == (1500, 0, 600, 1800,
                                                                                                   True)
    assert scored(PLAIN, riichi=True, seat_wind="E").points == 2000


def test_three_player_payments_kita_and_dora() -> None:
    hand = "999m99p234p789s55z 5z"  # a north set aside; the indicator 1m makes 9m the dora in 3-player
    result = scored(hand, tsumo=True, kita=1, players=3, dora="1m", honba=1)
    assert result.yaku == (("menzen tsumo", 1), ("haku", 1), ("dora", 3), ("kita dora", 1))
    # Haneman: the dealer pays 6,000 and the other 3,000, the absent north's 3,000 is lost (Tenhou).
    assert (result.limit, result.points, result.from_dealer, result.from_others) == ("haneman", 9000, 6100, 3100)
    split = scored(hand, tsumo=True, kita=1, players=3, dora="1m", honba=1, rules=Rules(tsumo_loss=False))
    assert (split.points, split.from_dealer, split.from_others) == (12000, 7600, 4600)
    ron = scored(hand, kita=1, players=3, honba=1)
    assert (ron.points, ron.ron) == (3200, 3400)  # 100 per honba for each of the two who would pay a tsumo


def test_presets_state_their_choices() -> None:
    table = {name: (rules.open_tanyao, rules.red_fives, rules.kazoe_yakuman, rules.kiriage_mangan,
                    len(rules.double_yakuman), rules.yakuman_stacking, rules.double_wind_fu, rules.renhou)
             for name, rules in RULES.items()}  # fmt: skip
    assert table == {
        "tenhou": (True, True, True, False, 0, True, 4, None),
        "mahjongsoul": (True, True, True, False, 4, True, 4, None),
        "wrc": (True, False, False, True, 0, False, 4, None),
        "mleague": (True, True, True, True, 0, True, 2, None),
    }
    assert replace(RULES["tenhou"], name="house", renhou="mangan").renhou == "mangan"


def test_red_fives_count_unless_the_rules_leave_them_out() -> None:
    hand = "123m406p789s23s55z 4s"
    assert scored(hand, riichi=True).yaku == (("riichi", 1), ("aka dora", 1))
    assert scored(hand, riichi=True, rules="wrc").yaku == (("riichi", 1),)


def test_dora_ura_and_tile_ids() -> None:
    by_ids = score([0, 1, 2, 12, 13, 14, 24, 25, 26, 19, 20, 31, 31, 21], win=21, riichi=True, dora=[20], ura=[20, 30],
                   seat_wind=1)  # fmt: skip
    assert by_ids.yaku == (("riichi", 1), ("dora", 1), ("ura dora", 1))
    assert by_ids == scored(PLAIN, riichi=True, dora="3s", ura="3s4z")
    assert by_ids == scored(Hand.parse(PLAIN), riichi=True, dora="3s", ura="3s4z")


def test_the_summary_line() -> None:
    assert str(scored(PLAIN, tsumo=True)) == "1 han 30 fu: menzen tsumo 1; tsumo 300/500"
    assert str(scored(PLAIN, tsumo=True, seat_wind="E")) == "1 han 30 fu: menzen tsumo 1; tsumo 500 all"
    assert str(scored("555z666z777z12m99m 3m")) == "1x yakuman: daisangen 13; ron 32000"
    assert str(scored(PLAIN, riichi=True, dora="7z", ura="77z")) == ("7 han 40 fu haneman: riichi 1, dora 2, "
                                                                     "ura dora 4; ron 12000")


@pytest.mark.parametrize(("hand", "context", "message"), [
    ("123m456p789s23s56z 4s", {}, "not a complete hand: 123m456p234789s56z"),
    ("11111m456p789s23s 4s", {}, "column 5: 5th copy of 1m"),
    ("111m456p23s55z 4s", {"melds": "[111m]"}, "5th copy of 1m"),
    (PLAIN, {"win": "9m"}, "win: 9m is not among the hand's concealed tiles"),
    ([0, 1, 2, 12, 13, 14, 24, 25, 26, 19, 20, 31, 31, 21], {},
     "no winning tile: give win= or write the drawn tile apart (\"123m... 6s\")"),
    (PLAIN, {"ippatsu": True}, "ippatsu without riichi"),
    (PLAIN, {"tsumo": True, "rinshan": True}, "rinshan without a kan"),
    (PLAIN, {"chankan": True, "tsumo": True}, "chankan with tsumo: a robbed kan is a ron"),
    (PLAIN, {"first_draw": True, "seat_wind": "E"}, "first_draw on a ron by the dealer: tenhou is a tsumo"),
    ("123m456p23s55z 4s", {"melds": "[789s]", "first_draw": True, "tsumo": True}, "first_draw with calls"),
    ("123m456p23s55z 4s", {"melds": "[789s]", "riichi": True}, "riichi with an open hand"),
    (PLAIN, {"ura": "1m"}, "ura dora without riichi"),
    (PLAIN, {"kita": 1}, "kita in a 4-player game"),
    (PLAIN, {"seat_wind": 4}, "seat_wind is 0-3 or 'E', 'S', 'W', 'N', got 4"),
    (PLAIN, {"rules": "fast"}, "rules: no preset 'fast': give one of 'tenhou', 'mahjongsoul', 'wrc', 'mleague' "
                               "or a Rules"),
    ("123m456p789s23s55z 4s", {"players": 3}, "column 2: 2m does not exist in 3-player mahjong"),
    (PLAIN, {"melds": 5}, "melds: notation or Meld objects, got 5"),
    (PLAIN, {"dora": "9x"}, "dora: not tiles in notation: '9x'"),
    (PLAIN, {"win": 99}, "win: tile ids are 0-36, got [99]"),
    (PLAIN, {"win": "1m2m"}, "win: one tile, got '1m2m'"),
    (PLAIN, {"honba": -1}, "honba must be an integer 0 or more, got -1"),
    (PLAIN, {"players": 2}, "players must be 3 or 4, got 2"),
])  # fmt: skip
def test_bad_input_gets_one_line(hand: str, context: dict[str, object], message: str) -> None:
    with pytest.raises(ScoringError) as error:
        score(hand, **context)  # type: ignore[arg-type]
    assert str(error.value) == message
    assert "\n" not in message


def _random_win(rng: random.Random) -> tuple[list[int], tuple[Meld, ...], int]:
    """A random complete hand: concealed tile kinds (the winning tile among them), melds, the winning kind."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []
    while len(concealed) + 3 * len(melds) < 12:
        first = rng.randrange(34)
        run = first < 27 and first % 9 <= 6 and rng.random() < 0.5
        kinds = [first, first + 1, first + 2] if run else [first] * (4 if rng.random() < 0.1 else 3)
        if any(counts[kind] + kinds.count(kind) > 4 for kind in kinds):
            continue
        for kind in kinds:
            counts[kind] += 1
        if len(kinds) == 4:
            melds.append(Meld(rng.choice([MeldKind.CLOSED_KAN, MeldKind.OPEN_KAN]), tuple(kinds)))
        elif rng.random() < 0.2:
            melds.append(Meld(MeldKind.CHI if run else MeldKind.PON, tuple(kinds)))
        else:
            concealed += kinds
    pair = rng.choice([kind for kind in range(34) if counts[kind] <= 2])
    concealed += [pair, pair]
    return sorted(concealed), tuple(melds), rng.choice(concealed)


def test_random_wins_keep_the_scores_invariants() -> None:
    """Seeded: the same win written as notation and as tile ids scores the same; the fu breakdown adds
    up to the fu, the yaku to the han; the payments add up to the points and the total."""
    rng = random.Random(10)
    for _ in range(2000):
        concealed, melds, win = _random_win(rng)
        context = {"tsumo": rng.random() < 0.5, "seat_wind": rng.randrange(4), "round_wind": rng.randrange(2),
                   "honba": rng.randrange(3), "sticks": rng.randrange(3), "dora": [rng.randrange(34)]}  # fmt: skip
        written = format_tiles([concealed.count(kind) for kind in range(34)])
        shown = f"{written} {' '.join(map(str, melds))} win {TILE_NAMES[win]} {context}"
        by_ids = score(concealed, win=win, melds=melds, **context)  # type: ignore[arg-type]
        melded = " ".join(map(str, melds))
        assert by_ids == score(written, win=TILE_NAMES[win], melds=melded, **context), shown  # type: ignore[arg-type]
        assert sum(fu for _, fu in by_ids.fu_breakdown) == by_ids.fu, shown
        assert sum(han for _, han in by_ids.yaku) == by_ids.han, shown
        honba, sticks = 100 * context["honba"], 1000 * context["sticks"]  # type: ignore[operator]
        if not by_ids.yaku:
            assert (by_ids.han, by_ids.points, by_ids.total) == (0, 0, 0), shown
        elif context["tsumo"]:
            payers = [by_ids.from_others] * 2 + [by_ids.from_dealer or by_ids.from_others]
            assert sum(payers) == by_ids.points + 3 * honba == by_ids.total - sticks, shown
        else:
            assert by_ids.ron == by_ids.points + 3 * honba == by_ids.total - sticks, shown
