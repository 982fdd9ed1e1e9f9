"""Differential test of scoring: shanten against the PyPI peers mahjong and riichienv on 100,000 seeded random wins.

The wins (tests/scoring_peers.py) are closed and open, of every form, one in 7 of 3-player, scored
under Tenhou's rules by all three; the first 5,000 again under each other preset (Mahjong Soul,
WRC, M-League) by shanten and by mahjong set to match.

Every difference belongs to a named class below (``EXPLAINED``), each with a test of its own that
shows a concrete hand, which side is wrong and why, with the rule cited. A class explains a
difference only by turning the peer's answer into what Tenhou's rules give, from the peer's own
answer and the case (one, a kazoe reading at the payments of a yakuman, takes the yakuman's yaku
from the reference); what is left must be equal, field by field. The peers are also compared with
each other (mahjong set to Tenhou's rules), which shows where they differ among themselves.

Tenhou's rules are the reference throughout: the game records in ``../shared/records`` show them,
e.g. fastmaj/2010112211gm-00a9-0000-56a320b2&tw=1.mjlog, East 2: suuankou tanki, 13 han 70 fu, 32000.
"""

from __future__ import annotations

import dataclasses
import doctest
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest
import scoring_peers
from scoring_peers import (
    YAKUMAN,
    Case,
    Scored,
    case_of,
    cases,
    with_mahjong,
    with_ours,
    with_ours_compiled,
    with_riichienv,
)

from shanten.scoring import RULES
from shanten.tiles import RED_FIVES, MeldKind, tile_kind

SEED = 20261123
COUNT = 100_000

DOUBLE_YAKUMAN = ("kokushi musou 13-sided", "suuankou tanki", "junsei chuuren poutou", "daisuushii")
"""The yakuman Mahjong Soul (and riichienv) count twice; Tenhou counts each once."""


def differences(ours: Scored, theirs: Scored) -> tuple[str, ...]:
    """The fields in which two scorings differ, where both state them."""
    return tuple(
        name for name in Scored._fields
        if getattr(ours, name) is not None and getattr(theirs, name) is not None
        and getattr(ours, name) != getattr(theirs, name)
    )  # fmt: skip


def limit_payments(case: Case, basic: int) -> tuple[int, int, int, int]:
    """(points, ron, from_dealer, from_others) of a limit hand of ``basic`` points (8000 per yakuman), honba
    included (100 per payer each), under Tenhou's rules (3-player: the absent north's share is lost)."""
    payers, honba = case.players - 1, 100 * case.honba
    if not case.tsumo:
        ron = basic * (6 if case.dealer else 4)
        return ron, ron + payers * honba, 0, 0
    if case.dealer:
        return payers * 2 * basic, 0, 0, 2 * basic + honba
    return 2 * basic + (payers - 1) * basic, 0, 2 * basic + honba, basic + honba


# --- the classes of differences ----------------------------------------------------------------


def thirteen_sided(case: Case) -> bool:
    """Thirteen orphans waiting on all 13 kinds: the winning tile completes the pair."""
    return case.hand.counts[tile_kind(case.win)] == 2


def pure_nine_gates(case: Case) -> bool:
    """Nine gates waiting on all 9 kinds: without the winning tile the suit is 1112345678999."""
    counts = list(case.hand.counts)
    counts[tile_kind(case.win)] -= 1
    suit = 9 * (tile_kind(case.win) // 9)
    return counts[suit : suit + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def riichienv_double_yakuman(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """riichienv's answer with each of the four "double" yakuman counted once, as Tenhou does."""
    double = sum(name in DOUBLE_YAKUMAN for name in theirs.yaku)
    if not double or not theirs.yakuman:
        return None
    yakuman = theirs.yakuman - double
    points, ron, from_dealer, from_others = limit_payments(case, 8000 * yakuman)
    return theirs._replace(han=theirs.han - 13 * double, yakuman=yakuman, points=points, ron=ron,
                           from_dealer=from_dealer, from_others=from_others)  # fmt: skip


def riichienv_first_draw_waits(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """riichienv's yaku names on a tenhou or chiihou as the drawn tile's wait gives them."""
    renamed = {"kokushi musou 13-sided": "kokushi musou" if not thirteen_sided(case) else None,
               "junsei chuuren poutou": "chuuren poutou" if not pure_nine_gates(case) else None}  # fmt: skip
    if not case.first_draw or not any(renamed.get(name) for name in theirs.yaku):
        return None
    return theirs._replace(yaku=tuple(sorted(renamed.get(name) or name for name in theirs.yaku)))


def riichienv_yakuman_fu(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """riichienv's answer with its fu of a yakuman (always 0) read as "not stated"."""
    return theirs._replace(fu=None) if theirs.yakuman and theirs.fu == 0 else None


def riichienv_kazoe_for_yakuman(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """The yakuman reading where riichienv took a reading of 13+ han without yakuman at the same payments."""
    if not (reference.yakuman == 1 and not theirs.yakuman and theirs.han >= 13 and not set(theirs.yaku) & YAKUMAN):
        return None
    if theirs.payments != reference.payments:
        return None
    return theirs._replace(han=reference.han, fu=reference.fu, yaku=reference.yaku, yakuman=reference.yakuman)


def mahjong_kazoe_name(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """mahjong's limit of a kazoe yakuman (13+ han, no yakuman) by its name."""
    if theirs.limit == "yakuman" and not theirs.yakuman and theirs.han >= 13:
        return theirs._replace(limit="kazoe yakuman")
    return None


def mahjong_kita_as_dora(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """mahjong's answer with the han of the norths set aside as "kita dora" rather than inside "dora"."""
    if not case.kita or theirs.yaku_han is None or "dora" not in theirs.yaku:  # a yakuman lists no dora
        return None
    dora = dict(theirs.yaku_han)["dora"] - case.kita
    yaku_han = tuple(sorted([*((name, han) for name, han in theirs.yaku_han if name != "dora"),
                             ("kita dora", case.kita), *([("dora", dora)] if dora else [])]))  # fmt: skip
    return theirs._replace(yaku_han=yaku_han, yaku=tuple(sorted({name for name, _ in yaku_han})))


def mahjong_kiriage_name(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """mahjong's "kiriage mangan" as the mangan it pays."""
    return theirs._replace(limit="mangan") if theirs.limit == "kiriage mangan" else None


def mahjong_unnamed_mangan(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """mahjong's mangan of fewer than 5 han, left unnamed when the rules round up (kiriage), named."""
    basic = (theirs.fu or 0) * 2 ** (theirs.han + 2)
    if RULES[case.rules].kiriage_mangan and theirs.limit == "" and 0 < theirs.han < 5 and basic > 2000:
        return theirs._replace(limit="mangan")
    return None


def mahjong_stacks_yakuman(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """mahjong's answer paid as one yakuman where the rules do not add several up."""
    if RULES[case.rules].yakuman_stacking or theirs.yakuman < 2:
        return None
    points, ron, from_dealer, from_others = limit_payments(case, 8000)
    payers = case.players - 1
    paid = ron or (payers * from_others if case.dealer else from_dealer + (payers - 1) * from_others)
    return theirs._replace(yakuman=1, points=points, ron=ron, from_dealer=from_dealer, from_others=from_others,
                           total=paid + 1000 * case.sticks)  # fmt: skip


def mahjong_double_wind_pair(case: Case, reference: Scored, theirs: Scored) -> Scored | None:
    """The reference's fu and payments where mahjong counted a pair of the seat's and round's wind 4 fu for
    rules that count it 2: same han and yaku, at most one step of 10 fu more."""
    wind = 27 + case.seat_wind
    if (RULES[case.rules].double_wind_fu != 2 or case.seat_wind != case.round_wind or case.hand.counts[wind] != 2
            or (theirs.han, theirs.yaku_han) != (reference.han, reference.yaku_han)
            or not 0 < (theirs.fu or 0) - (reference.fu or 0) <= 10):  # fmt: skip
        return None
    return theirs._replace(fu=reference.fu, points=reference.points, ron=reference.ron, limit=reference.limit,
                           from_dealer=reference.from_dealer, from_others=reference.from_others,
                           total=reference.total)  # fmt: skip


@dataclass(frozen=True)
class Explained:
    """A class of differences: ``adjust`` gives the peer's answer as Tenhou's rules have it, or None if it does not apply."""

    name: str
    peer: str
    adjust: Callable[[Case, Scored, Scored], Scored | None]


EXPLAINED = (
    Explained("riichienv counts four yakuman twice", "riichienv", riichienv_double_yakuman),
    Explained("riichienv widens a tenhou's wait", "riichienv", riichienv_first_draw_waits),
    Explained("riichienv states 0 fu for a yakuman", "riichienv", riichienv_yakuman_fu),
    Explained("riichienv prefers kazoe to a yakuman", "riichienv", riichienv_kazoe_for_yakuman),
    Explained("mahjong names kazoe yakuman 'yakuman'", "mahjong", mahjong_kazoe_name),
    Explained("mahjong counts kita in dora", "mahjong", mahjong_kita_as_dora),
    Explained("mahjong names kiriage mangan apart", "mahjong", mahjong_kiriage_name),
    Explained("mahjong leaves a mangan unnamed under kiriage", "mahjong", mahjong_unnamed_mangan),
    Explained("mahjong always stacks yakuman", "mahjong", mahjong_stacks_yakuman),
    Explained("mahjong counts a double-wind pair 4 fu", "mahjong", mahjong_double_wind_pair),
)


def explain(case: Case, reference: Scored, theirs: Scored, peer: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the classes that applied, the fields still different after them)."""
    applied = []
    for explained in EXPLAINED:
        if explained.peer == peer and differences(reference, theirs):
            adjusted = explained.adjust(case, reference, theirs)
            if adjusted is not None and adjusted != theirs:
                applied.append(explained.name)
                theirs = adjusted
    return tuple(applied), differences(reference, theirs)


def explain_alone(case: Case, scored: Scored, peer: str) -> Scored:
    """A peer's answer in Tenhou's terms by those of its classes that need no reference."""
    for explained in EXPLAINED:
        if explained.peer == peer:
            scored = explained.adjust(case, scored, scored) or scored
    return scored


# --- the bulk comparison -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def scorings() -> dict[str, list]:
    """Every case and each scorer's answers, with the seconds each scorer took."""
    start = time.perf_counter()
    dealt = list(cases(SEED, COUNT))
    result: dict[str, list] = {"case": dealt}
    print(f"\n{COUNT} cases dealt in {time.perf_counter() - start:.1f} s")
    for name, scorer in {"ours": with_ours, "mahjong": with_mahjong, "riichienv": with_riichienv}.items():
        start = time.perf_counter()
        result[name] = [scorer(case) for case in dealt]
        print(f"{name}: {time.perf_counter() - start:.1f} s")
    return result


def compare(scorings: dict[str, list], reference: str, peer: str) -> None:
    """Every difference of ``peer`` from ``reference`` explained; a peer as the reference is first put in
    Tenhou's terms by its own classes."""
    applied: Counter[str] = Counter()
    unexplained = []
    for case, ours, theirs in zip(scorings["case"], scorings[reference], scorings[peer], strict=True):
        if reference != "ours":
            ours = explain_alone(case, ours, reference)
        classes, left = explain(case, ours, theirs, peer)
        applied.update(classes)
        if left:
            unexplained.append(f"{case}\n  {reference}: {ours}\n  {peer}: {theirs}\n  differ in {', '.join(left)}")
    print(f"\n{reference} vs {peer}: {len(scorings['case'])} cases; explained: {dict(applied)}")
    assert not unexplained, f"{len(unexplained)} unexplained differences, e.g.\n" + "\n".join(unexplained[:12])


@pytest.mark.parametrize("peer", ["mahjong", "riichienv"])
def test_ours_agrees_with_each_peer_but_for_the_explained(scorings: dict[str, list], peer: str) -> None:
    compare(scorings, "ours", peer)


def test_the_peers_agree_but_for_the_explained(scorings: dict[str, list]) -> None:
    """mahjong, set to Tenhou's rules, against riichienv: where the peers differ among themselves."""
    compare(scorings, "mahjong", "riichienv")


PRESETS = ("mahjongsoul", "wrc", "mleague")
PRESET_COUNT = 5_000


@pytest.mark.parametrize("preset", PRESETS)
def test_ours_agrees_with_mahjong_under_each_preset(scorings: dict[str, list], preset: str) -> None:
    """The first cases again under another preset, mahjong set to match where it has the choice."""
    dealt = [dataclasses.replace(case, rules=preset) for case in scorings["case"][:PRESET_COUNT]]
    compare({"case": dealt, "ours": list(map(with_ours, dealt)), "mahjong": list(map(with_mahjong, dealt))},
            "ours", "mahjong")


def test_the_compiled_entry_agrees_with_score(scorings: dict[str, list]) -> None:
    """Where the build has the compiled entry (``shanten.scoring._fast.score_ids``): the same answer as ``score``."""
    pytest.importorskip("shanten.scoring._fast", reason="this build has no compiled scoring entry")
    differ = []
    for case, ours in zip(scorings["case"], scorings["ours"], strict=True):
        compiled = with_ours_compiled(case)
        if compiled != ours:
            differ.append(f"{case}\n  score: {ours}\n  compiled: {compiled}")
    assert not differ, f"{len(differ)} of {COUNT} differ, e.g.\n" + "\n".join(differ[:12])


def test_the_cases_cover_every_yaku(scorings: dict[str, list]) -> None:
    """The dealt cases meet every yaku of Tenhou's rules (renhou is none) dozens of times, every han and every limit."""
    met = Counter(name for scored in scorings["ours"] for name in scored.yaku)
    assert {name for name in set(scoring_peers.YAKU) - {"renhou"} if met[name] < 20} == set(), met
    hans = Counter(min(scored.han, 13) for scored in scorings["ours"])
    assert all(hans[han] >= 100 for han in range(14)), hans
    limits = Counter(scored.limit for scored in scorings["ours"])
    assert all(limits[limit] >= 100 for limit in ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman",
                                                   "kazoe yakuman")), limits  # fmt: skip
    assert sum(scored.yakuman >= 2 for scored in scorings["ours"]) >= 100


def test_every_case_is_dealt_from_one_wall(scorings: dict[str, list]) -> None:
    """No 136-tile id twice (hand, melds, indicators); the ids are the hand's tiles; 3-player has no 2m-8m, no chi."""
    for case in scorings["case"]:
        ids = [*case.concealed136, *(tile for meld in case.melds136 for tile in meld), *case.dora136, *case.ura136]
        assert len(set(ids)) == len(ids), case
        counts = [0] * 34
        for tile in case.tiles:
            counts[tile_kind(tile)] += 1
        red = tuple(case.tiles.count(five) for five in RED_FIVES)
        assert (tuple(counts), red, scoring_peers.tile_of(case.win136)) == (case.hand.counts, case.hand.red, case.win)
        if case.players == 3:
            assert not {tile // 4 for tile in ids} & set(range(1, 8)), case
            assert all(meld.kind is not MeldKind.CHI for meld in case.hand.melds), case


def test_the_generators_examples() -> None:
    assert doctest.testmod(scoring_peers).failed == 0


# --- each class of differences, on one hand --------------------------------------------------------


def test_riichienv_counts_four_yakuman_twice() -> None:
    """riichienv is wrong for Tenhou: it scores 13-sided kokushi, suuankou tanki, pure nine gates and
    daisuushii as double yakuman (Mahjong Soul's rule). Tenhou has no double yakuman: each counts 13 han,
    as its records show (fastmaj/2010112211gm-00a9-0000-56a320b2&tw=1.mjlog, East 2: suuankou tanki,
    13 han, 32000 from a non-dealer ron)."""
    case = case_of("(9999s) (2222p) 111333m3z 3z", tsumo=True, seat_wind=0, dora="3z")
    ours, theirs = with_ours(case), with_riichienv(case)
    assert (ours.han, ours.yakuman, ours.points, ours.from_others, ours.yaku) == (13, 1, 48000, 16000, ("suuankou tanki",))
    assert (theirs.han, theirs.yakuman, theirs.points, theirs.from_others) == (26, 2, 96000, 32000)
    assert explain(case, ours, theirs, "riichienv") == (
        ("riichienv counts four yakuman twice", "riichienv states 0 fu for a yakuman"), ())


def test_riichienv_widens_a_tenhous_wait() -> None:
    """riichienv names any thirteen orphans on a tenhou "13-sided" (and nine gates "pure") whatever the
    drawn tile, as if a tenhou waited on every tile. shanten and mahjong read the wait as for any tsumo: the
    13 tiles before the drawn one wait on 9m only, so plain kokushi (Tenhou yaku id 47, not 48). Tenhou
    has no double yakuman, so the points agree either way; no record in ../shared holds a tenhou with
    kokushi or nine gates to show Tenhou's yaku id, so this class is a naming convention, not a payment."""
    case = case_of("1m119p19s1234567z 9m", tsumo=True, first_draw=True, dora="1z")
    ours, theirs = with_ours(case), with_riichienv(case)
    assert ours.yaku == ("kokushi musou", "tenhou") and ours.points == 96000
    assert theirs.yaku == ("kokushi musou 13-sided", "tenhou") and theirs.points == 144000
    assert explain(case, ours, theirs, "riichienv") == (
        ("riichienv counts four yakuman twice", "riichienv widens a tenhou's wait"), ())  # kokushi: 0 fu for both


def test_riichienv_states_0_fu_for_a_yakuman() -> None:
    """Not a scoring error but a field riichienv leaves empty: it reports 0 fu for every yakuman, where
    Tenhou states the hand's fu (mjx/mjlog/2019060813gm-00a9-0000-08bb0ec3.mjlog, South 1: daisangen,
    60 fu; thirteen orphans have 0 fu, fastmaj/2014112412gm-00c1-0000-bfbe4417&tw=1.mjlog). Points do not
    depend on it. Here: 20 base + 2 tanki + 8 closed 777z + 4 + 4 open dragon triplets = 38, so 40."""
    case = case_of("[555z] [666z] 123m5p777z 5p", seat_wind=1)
    ours, theirs = with_ours(case), with_riichienv(case)
    assert (ours.fu, theirs.fu, ours.points, theirs.points) == (40, 0, 32000, 32000)
    assert explain(case, ours, theirs, "riichienv") == (("riichienv states 0 fu for a yakuman",), ())


KAZOE_OR_SUUANKOU = case_of("4405566677788p 8p", tsumo=True, riichi=True, ippatsu=True, dora="8s", ura="3p",
                            round_wind=2, seat_wind=3)  # fmt: skip
"""Four concealed triplets (44p 555p 666p 777p 888p) or 456p 567p 678p 78p8p... with chinitsu and 14 han."""


def test_riichienv_prefers_kazoe_to_a_yakuman() -> None:
    """riichienv is wrong: 4405566677788p + 8p tsumo reads as suuankou (44p 055p... as four concealed
    triplets) or as runs with chinitsu, iipeikou, tanyao, riichi, ippatsu, tsumo and dora (14 han, kazoe
    yakuman). A yakuman hand scores the yakuman alone, and kazoe yakuman is not combined with a yakuman
    (riichi.wiki, "Kazoe yakuman"); mahjong and Tenhou list 四暗刻 alone. The payments agree (one yakuman)."""
    case = KAZOE_OR_SUUANKOU
    reference, theirs = with_mahjong(case), with_riichienv(case)
    assert (reference.yaku, reference.han, reference.fu) == (("suuankou",), 13, 40)
    assert (theirs.yakuman, theirs.han, theirs.fu) == (0, 14, 30) and "chinitsu" in theirs.yaku
    assert theirs.payments == reference.payments
    assert explain(case, reference, theirs, "riichienv") == (("riichienv prefers kazoe to a yakuman",), ())


def test_ours_lists_the_yakuman_over_an_equal_kazoe() -> None:
    """The same hand: shanten must list suuankou (13 han, 40 fu), not the 14-han kazoe reading: both pay
    one yakuman, and a yakuman hand scores its yakuman alone (riichi.wiki, "Kazoe yakuman")."""
    ours = with_ours(KAZOE_OR_SUUANKOU)
    assert (ours.yaku, ours.han, ours.fu, ours.yakuman, ours.points) == (("suuankou",), 13, 40, 1, 32000)


def test_mahjong_names_kazoe_yakuman_yakuman() -> None:
    """mahjong's name is wrong, its points right: 13 counted han without a yakuman is a kazoe yakuman,
    and mahjong 2.1.0 says so first (``ScoresCalculator.calculate_scores`` sets the level "kazoe yakuman"),
    then its ladder of limits overwrites the level with "yakuman" because the capped han is 13."""
    case = case_of("2234405667788p 3p", riichi=True, dora="1m", ura="4m", seat_wind=1, honba=1, sticks=2)
    ours, theirs = with_ours(case), with_mahjong(case)
    assert (ours.han, ours.yakuman, ours.limit, ours.points, ours.total) == (13, 0, "kazoe yakuman", 32000, 34300)
    assert (theirs.han, theirs.yakuman, theirs.limit, theirs.points, theirs.total) == (13, 0, "yakuman", 32000, 34300)
    assert explain(case, ours, theirs, "mahjong") == (("mahjong names kazoe yakuman 'yakuman'",), ())


def test_mahjong_counts_kita_in_dora() -> None:
    """Not a scoring error, a listing: in 3-player each north set aside is one han, which the pinned API
    lists as "kita dora" as tenhou.net/6 records do (抜きドラ); mahjong adds it to "dora" (as Tenhou's
    mjlog does, which has no yaku id for it). Here 2 dora (3s) and 2 norths: mahjong says dora 4."""
    case = case_of("[555z] 123p12233s66z 1s", tsumo=True, dora="2s", round_wind=1, seat_wind=2, players=3, kita=2)
    ours, theirs = with_ours(case), with_mahjong(case)
    assert ours.yaku_han == (("chanta", 1), ("dora", 2), ("haku", 1), ("kita dora", 2))
    assert theirs.yaku_han == (("chanta", 1), ("dora", 4), ("haku", 1))
    assert (ours.han, ours.payments) == (theirs.han, theirs.payments) == (6, (9000, 0, 6000, 3000))
    assert explain(case, ours, theirs, "mahjong") == (("mahjong counts kita in dora",), ())


def test_mahjong_names_kiriage_mangan_apart() -> None:
    """A naming, not a payment: with kiriage (M-League, WRC) 4 han 30 fu is paid as a mangan; mahjong names
    its level "kiriage mangan" (``ScoresCalculator.calculate_scores``), the pinned API "mangan"."""
    case = case_of("112233p56677s11z 5s", seat_wind=1, round_wind=1, rules="mleague")
    ours, theirs = with_ours(case), with_mahjong(case)
    assert (ours.han, ours.fu, ours.limit, ours.points) == (4, 30, "mangan", 8000)
    assert (theirs.han, theirs.fu, theirs.limit, theirs.points) == (4, 30, "kiriage mangan", 8000)
    assert explain(case, ours, theirs, "mahjong") == (("mahjong names kiriage mangan apart",), ())


def test_mahjong_leaves_a_mangan_unnamed_under_kiriage() -> None:
    """mahjong's name is wrong: 4 han 40 fu is a mangan (basic 2,560 points capped at 2,000), and mahjong
    pays it so, but with kiriage on it skips the branch that names it (``elif rounded > 2000`` follows
    ``if config.options.kiriage``), so the level is empty."""
    case = case_of("78999m789p99s666z 9s", tsumo=True, round_wind=3, seat_wind=1, rules="wrc")
    ours, theirs = with_ours(case), with_mahjong(case)
    assert (ours.han, ours.fu, ours.limit, ours.points) == (4, 40, "mangan", 8000)
    assert (theirs.han, theirs.fu, theirs.limit, theirs.points) == (4, 40, "", 8000)
    assert explain(case, ours, theirs, "mahjong") == (("mahjong leaves a mangan unnamed under kiriage",), ())


def test_mahjong_always_stacks_yakuman() -> None:
    """mahjong is wrong for WRC rules: it has no option against adding yakuman up, and pays daisangen with
    tsuuiisou as two; WRC rules (2015, 6.5: "Yakuman yaku are not cumulative") pay one."""
    case = case_of("[555z] (4444z) 1166677z 7z", rules="wrc")
    ours, theirs = with_ours(case), with_mahjong(case)
    assert (ours.yakuman, ours.points, ours.total) == (1, 48000, 48000)
    assert (theirs.yakuman, theirs.points, theirs.total) == (2, 96000, 96000)
    assert explain(case, ours, theirs, "mahjong") == (("mahjong always stacks yakuman",), ())


def test_mahjong_counts_a_double_wind_pair_4_fu() -> None:
    """mahjong is wrong for M-League rules: a pair of the wind that is both the seat's and the round's is
    2 fu there (riichi.wiki, "M.League": double-wind pair worth 2 fu), and mahjong always counts it 4.
    Here 20 + 8 (555z) + 8 (666z) + 16 (open kan 9999p) + 4 (999m) + 2 tanki + 2 pair = 60, not 62 = 70."""
    case = case_of("[9999p] [999m] 1555666z 1z", rules="mleague")
    ours, theirs = with_ours(case), with_mahjong(case)
    assert (ours.fu, theirs.fu) == (60, 70) and ours.han == theirs.han
    assert explain(case, ours, theirs, "mahjong") == (("mahjong counts a double-wind pair 4 fu",), ())
