"""shanten.records on the real game records in ../shared/records (skipped when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shanten.records import Call, Discard, DrawnRound, Game, NewDora, RecordError, RiichiAccepted, Table, read, replay
from shanten.tiles import TILE_ID_NAMES, MeldKind

T = {name: tile for tile, name in enumerate(TILE_ID_NAMES)}

FOLDERS = ("mjx/mjlog", "mjx/mjscore", "mjx/mjlog_cpp", "fastmaj", "dnovikoff_tenhou", "gimite_mjai",
           "mjai_reviewer_convlog", "riichienv")  # fmt: skip
RECORDS = (".mjlog", ".json", ".jsonl", ".mjson", ".xml", ".xml_", ".log")
NOT_RECORDS = ("COMMIT", "LICENSE", "LICENSE.head", "README.txt", "example.txt")  # and shanten test hands, p_*.txt

# Files that truly cannot be replayed, each explained in test_files_that_cannot_be_replayed.
UNREPLAYABLE = {
    "gimite_mjai/kuikae.mjson": "line 2: E4-0: hidden tile '?': only records that show every hand can be replayed",
    "gimite_mjai/kuikae_only.mjson": "line 2: E4-0: hidden tile '?': only records that show every hand can be "
                                     "replayed",
    "mjai_reviewer_convlog/confusing_nakis_2.json": "E1-0: 4th plain 5s beside the red one",
}  # fmt: skip

# Counts measured when the records were collected (../shared/records/README.md): every file of the
# folder, the truncated mjx variants included; discards are the mjlog D/E/F/G tags.
COUNTS = {
    "mjx/mjlog": (35, 350, 16783),
    "mjx/mjlog_cpp": (85, 468, 22502),
    "fastmaj": (77, 605, 29554),
    "dnovikoff_tenhou": (19, 152, 7554),
}


@pytest.fixture(scope="module")
def records(shared_dir: Path) -> Path:
    return shared_dir / "records"


def record_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.iterdir() if path.suffix in RECORDS)


def test_every_file_is_a_record_or_known_not_to_be_one(records: Path) -> None:
    for folder in FOLDERS:
        others = {path.name for path in (records / folder).iterdir() if path.suffix not in RECORDS}
        assert {name for name in others if not name.startswith("p_")} <= set(NOT_RECORDS), folder
    assert sum(len(record_files(records / folder)) for folder in FOLDERS) == 35 + 31 + 85 + 77 + 19 + 4 + 20 + 3


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_record_reads_and_replays(records: Path, folder: str) -> None:
    replayed = 0
    for path in record_files(records / folder):
        name = f"{folder.split('/')[0]}/{path.name}"
        if name in UNREPLAYABLE:
            continue
        for game in read(path):
            assert game.rounds, path
            replay(game)
        replayed += 1
    assert replayed == len(record_files(records / folder)) - sum(name.startswith(folder.split("/")[0]) for name in
                                                                UNREPLAYABLE)  # fmt: skip


@pytest.mark.parametrize("folder", COUNTS)
def test_counts_measured_when_collected(records: Path, folder: str) -> None:
    files = record_files(records / folder)
    games = [game for path in files for game in read(path)]
    assert (len(files), sum(len(game.rounds) for game in games), sum(replay(game) for game in games)) == COUNTS[folder]


def test_play_shows_each_full_hand_before_its_discard(records: Path) -> None:
    """What a reviewer reads at each discard: 14 tiles counting each meld as three, the discard among them,
    and no kind seen more than four times."""
    discards = 0
    for path in record_files(records / "fastmaj"):
        for game in read(path):
            for round in game.rounds:
                table = Table(game, round)
                for discard in table.play():
                    seat = discard.seat
                    assert sum(table.hands[seat]) + 3 * len(table.melds[seat]) == 14
                    assert discard.tile in table.concealed(seat)
                    assert max(table.visible(seat)) <= 4
                    discards += 1
    assert discards == 29554


def test_files_that_cannot_be_replayed(records: Path) -> None:
    """gimite/mjai's kuikae*.mjson are inputs for its server's tests, seen from seat 0: the other seats'
    tiles are "?" (and kuikae.mjson stops at a discard its rules forbid). mjai-reviewer's
    confusing_nakis_2.json is made up to test the order of calls: its rule has red fives, yet it deals
    four plain 5s. Its round still reads, in the one order that fits: seat 1's first 6z and 5z pass,
    seat 0 pons the second ones."""
    for name, message in UNREPLAYABLE.items():
        path = records / name
        with pytest.raises(RecordError) as error:
            for game in read(path):
                replay(game)
        assert str(error.value) == f"{path}: {message}"
    (made_up,) = read(records / "mjai_reviewer_convlog/confusing_nakis_2.json")
    calls = [(event.seat, event.called) for event in made_up.rounds[0].events if type(event) is Call]
    assert calls == [(1, T["1p"]), (0, T["6z"]), (1, T["2p"]), (0, T["5z"]), (1, T["3p"]), (0, T["8m"])]
    discards = [event.tile for event in made_up.rounds[0].events if type(event) is Discard and event.seat == 1]
    assert discards[:4] == [T["6z"], T["6z"], T["5z"], T["5z"]]


def comparable(game: Game) -> Game:
    """``game`` without what tenhou.net/6 (as mjx writes it) does not carry: the mjlog GO type and
    lobby, the players' names (mjx writes placeholders), the final scores, the hands and melds at a
    win, the fu of a limit hand (the score text gives none) and who was tenpai at a nagashi mangan."""
    rounds = []
    for round in game.rounds:
        end = round.end
        if isinstance(end, tuple):
            end = tuple(win._replace(hand=None, melds=None, fu=None if win.limit else win.fu) for win in end)
        elif isinstance(end, DrawnRound) and end.reason == "nagashi mangan":
            end = DrawnRound(end.reason, None, end.deltas)
        rounds.append(round._replace(end=end))
    rules = game.rules._replace(tenhou_type=None, lobby=None)
    return game._replace(source="", format="", names=(), rules=rules, rounds=tuple(rounds), final_scores=None,
                         final_results=None)  # fmt: skip


def test_mjx_games_in_mjlog_and_tenhou6_read_the_same(records: Path) -> None:
    scores = sorted((records / "mjx/mjscore").glob("*.json"))
    assert len(scores) == 31
    for path in scores:
        (mjlog,) = read(records / "mjx/mjlog" / f"{path.stem}.mjlog")
        (tenhou6,) = read(path)
        assert comparable(mjlog) == comparable(tenhou6), path.stem
        assert mjlog.id == tenhou6.id == path.stem


def test_gimite_mjlog_and_its_mjai_conversion_read_the_same(records: Path) -> None:
    """The golden log (old mjai) carries the deal, the events and who won on which tile; not the
    scores, the results' details, the rules or tsumogiri (inferred from the tile, where the mjlog
    knows which copy was drawn)."""
    (mjlog,) = read(records / "gimite_mjai/test.mjlog")
    (golden,) = read(records / "gimite_mjai/test.mjlog.golden.log")
    assert len(mjlog.rounds) == len(golden.rounds) == 17
    differing = 0
    for ours, theirs in zip(mjlog.rounds, golden.rounds):
        assert ours[:5] + ours[6:8] == theirs[:5] + theirs[6:8]  # all but the scores: wind, number, honba...
        assert theirs.scores is None
        assert len(ours.events) == len(theirs.events)
        for event, other in zip(ours.events, theirs.events):
            if type(event) is Discard and event != other:
                assert (event.tsumogiri, other) == (False, event._replace(tsumogiri=True))
                differing += 1
            else:
                assert event == other
        if isinstance(ours.end, DrawnRound):
            assert theirs.end == DrawnRound(ours.end.reason, None, None)
        else:
            assert [(win.seat, win.from_seat, win.tile) for win in ours.end] == [
                (win.seat, win.from_seat, win.tile) for win in theirs.end]  # fmt: skip
    assert differing == 6  # the same tile as the one drawn, but another copy, discarded from the hand


def test_riichienv_annotations_change_nothing(records: Path) -> None:
    (before,) = read(records / "riichienv/example_before_injection.jsonl")
    (after,) = read(records / "riichienv/example_after_injection.jsonl")
    assert before.rounds == after.rounds and len(before.rounds) == 12


def test_hard_cases_of_call_order(records: Path) -> None:
    convlog = records / "mjai_reviewer_convlog"
    (chankan,) = read(convlog / "chankan.json")
    (round,) = chankan.rounds
    assert round.events[-1] == Call(3, MeldKind.ADDED_KAN, (23, 23, 23, 23), T["6s"], None)
    assert [(win.seat, win.from_seat, win.tile, win.limit) for win in round.end] == [(2, 3, T["6s"], "mangan")]
    (twice,) = read(convlog / "double_kakan_then_chankan.json")
    (round,) = twice.rounds
    assert [type(event).__name__ for event in round.events[-3:]] == ["Call", "Draw", "Call"]
    assert round.events[-1].called == T["2m"] and round.end[0].tile == T["2m"]
    assert not any(type(event) is NewDora for event in round.events)  # a robbed kan turns no dora
    (four_kans,) = read(convlog / "suukantsu_1.json")
    second = four_kans.rounds[1]
    assert sum(type(event) is NewDora for event in second.events) == 4
    assert [(win.seat, win.from_seat, win.yaku[0]) for win in second.end] == [(3, 2, ("suukantsu", 13)),
                                                                            (0, 2, ("riichi", 1))]  # fmt: skip
    (four_riichi,) = read(convlog / "four_reach.json")
    (round,) = four_riichi.rounds
    assert sum(type(event) is RiichiAccepted for event in round.events) == 4
    assert round.end == DrawnRound("four riichi", (), (0, 0, 0, 0))
