"""Every win of the game records replayed and scored: han, fu, yaku, points, limit and the score
changes must equal what the record states (``None``: the format does not state it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from shanten.records import Game, Round, Win, read
from shanten.records.model import RecordError
from shanten.scoring import Score, from_record, score

DATA = Path(__file__).resolve().parent / "data" / "records"
RECORDS = (".mjlog", ".json", ".jsonl", ".mjson", ".xml", ".xml_", ".log")
FOLDERS = ("mjx/mjlog", "mjx/mjscore", "mjx/mjlog_cpp", "fastmaj", "dnovikoff_tenhou", "gimite_mjai",
           "mjai_reviewer_convlog", "riichienv")  # fmt: skip

# Files that cannot be replayed (tests/test_records_shared.py says why); their wins are not scored.
UNREPLAYABLE = {"kuikae.mjson", "kuikae_only.mjson", "confusing_nakis_2.json"}

# Score changes a record states that are not the win's payments; everything else about these wins agrees.
DELTAS_EXPLAINED = {
    # A Tenhou lobby of GO type 1569 pays this win's one honba 1,500, not 300 (discarder -9,500 =
    # 8,000 + 1,500; winner +11,500 with two sticks); han, fu, yaku and points agree.
    ("ratio1.xml_", "E3-1"): "lobby with 1500-point honba",
    # The excerpt (edited for the converter's tests) drops the riichi stick seat 2 paid this round:
    # the winner's 1,600 is 1,000 and two honba.
    ("confusing_nakis_1.json", "E2-2"): "edited excerpt: the riichi stick is missing",
}

# Wins scored per folder, and per format (the counts measured when this test was written).
WINS = {"mjx/mjlog": 288, "mjx/mjscore": 265, "mjx/mjlog_cpp": 333, "fastmaj": 520, "dnovikoff_tenhou": 128,
        "gimite_mjai": 28, "mjai_reviewer_convlog": 19, "riichienv": 33}  # fmt: skip


def wins(paths: list[Path]) -> Iterator[tuple[Path, Game, Round, Win]]:
    for path in paths:
        if path.name in UNREPLAYABLE:
            continue
        for game in read(path):
            for round in game.rounds:
                if isinstance(round.end, tuple):
                    for win in round.end:
                        yield path, game, round, win


def _lumped(yaku: tuple[tuple[str, int], ...], game: Game, win: Win) -> list[tuple[str, int]]:
    """Our yaku as the record's format names them: mjlog counts kita with the dora, mjai's
    "sangenpai" is every dragon triplet at once."""
    names = {name for name, _ in win.yaku}
    merged: Counter[str] = Counter()
    for name, han in yaku:
        if name == "kita dora" and game.format == "mjlog":
            name = "dora"
        elif name in ("haku", "hatsu", "chun") and "sangenpai" in names:
            name = "sangenpai"
        merged[name] += han
    return sorted(merged.items())


def _deltas(result: Score, game: Game, round: Round, win: Win) -> tuple[int, ...]:
    deltas = [0] * game.rules.players
    deltas[win.seat] = result.total
    if win.from_seat is not None:
        deltas[win.from_seat] = -result.ron
    else:
        for seat in range(game.rules.players):
            if seat != win.seat:
                deltas[seat] = -(result.from_dealer if seat == round.dealer else result.from_others)
    return tuple(deltas)


def mismatch(path: Path, game: Game, round: Round, win: Win) -> str | None:
    """None if the score agrees with every field the record states, else both scorings on one line."""
    arguments = from_record(game, round, win)
    result = score(**arguments)
    ours: dict[str, object] = {"han": result.han, "fu": result.fu, "points": result.points, "limit": result.limit,
            "yaku": _lumped(result.yaku, game, win)}  # fmt: skip
    stated: dict[str, object] = {"han": win.han, "fu": win.fu, "points": win.points, "limit": win.limit,
              "yaku": sorted(win.yaku) if win.yaku else None}  # fmt: skip
    if win.limit is None and arguments["rules"].kiriage_mangan and result.limit == "mangan" and result.han < 5:
        ours["limit"] = None  # Tenhou names no limit for a mangan rounded up from 4 han 30 fu
    if win.deltas is not None and len(round.end) == 1 and win.pao is None:  # type: ignore[arg-type]
        if (path.name, round.name) not in DELTAS_EXPLAINED:
            ours["deltas"], stated["deltas"] = _deltas(result, game, round, win), win.deltas
    wrong = [key for key in ours if stated.get(key) is not None and ours[key] != stated[key]]
    if not result.yaku:
        wrong.append("no yaku")
    if not wrong:
        return None
    return (f"{path} {round.name} seat {win.seat}: {', '.join(wrong)}: record {stated}; scored {ours} "
            f"from {result.decomposition} {result.fu_breakdown}")


def check(paths: list[Path]) -> int:
    scored = 0
    failures = []
    for path, game, round, win in wins(paths):
        try:
            found = mismatch(path, game, round, win)
        except RecordError as error:
            found = f"{path} {round.name}: {error}"
        scored += 1
        if found:
            failures.append(found)
    assert not failures, f"{len(failures)} of {scored} wins scored otherwise:\n" + "\n".join(failures[:20])
    return scored


def test_the_projects_own_records() -> None:
    assert check(sorted(DATA.iterdir())) == 6


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_win_of_the_shared_records(shared_dir: Path, folder: str) -> None:
    paths = sorted(path for path in (shared_dir / "records" / folder).iterdir() if path.suffix in RECORDS)
    assert check(paths) == WINS[folder]


def test_three_player_and_no_red_games_are_among_them(shared_dir: Path) -> None:
    kinds: Counter[tuple[int, bool]] = Counter()
    for folder in FOLDERS:
        paths = sorted(path for path in (shared_dir / "records" / folder).iterdir() if path.suffix in RECORDS)
        for _, game, _, _ in wins(paths):
            kinds[game.rules.players, game.rules.red_fives] += 1
    assert kinds == {(4, True): 1602, (4, False): 7, (3, True): 5}


def test_the_records_exercise_every_flag_of_the_win(shared_dir: Path) -> None:
    """What from_record derives from the replay, counted over every win (each flag is met in real games)."""
    flags: Counter[str] = Counter()
    for folder in FOLDERS:
        paths = sorted(path for path in (shared_dir / "records" / folder).iterdir() if path.suffix in RECORDS)
        for _, game, round, win in wins(paths):
            arguments = from_record(game, round, win)
            flags.update(name for name in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan",
                                           "last_tile", "first_draw", "melds", "ura", "kita") if arguments[name])
            flags["kan dora"] += len(arguments["dora"]) > 1
    assert flags == {"tsumo": 695, "riichi": 679, "double_riichi": 4, "ippatsu": 138, "rinshan": 18, "chankan": 12,
                     "last_tile": 6, "first_draw": 4, "melds": 773, "ura": 672, "kita": 4, "kan dora": 141}
