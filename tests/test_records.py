"""shanten.records on hand-written games: the three readers agree, the replayer's state, bad records."""

from __future__ import annotations

import gc
import gzip
import io
import json
from pathlib import Path

import pytest

from shanten.records import (
    Call,
    Discard,
    Draw,
    DrawnRound,
    Game,
    Kita,
    NewDora,
    RecordError,
    Riichi,
    RiichiAccepted,
    Round,
    Table,
    Win,
    read,
    replay,
    sniff,
    tile_names,
)
from shanten._core import mjlog_moves, mjlog_tag, mjlog_tiles
from shanten.records.mjlog import _ATTRIBUTE, _TABLES, _TAG, RED, decode_meld, read_mjlog
from shanten.records.model import ORDER
from shanten.tiles import TILE_ID_NAMES, MeldKind

DATA = Path(__file__).resolve().parent / "data" / "records"
FORMATS = {"mjlog": "short.mjlog", "tenhou6": "short.json", "mjai": "short.mjson"}
T = {name: tile for tile, name in enumerate(TILE_ID_NAMES)}  # "5m" -> 4, "0m" -> 34


def tiles(text: str) -> tuple[int, ...]:
    return tuple(T[name] for name in text.split())


def load(name: str) -> Game:
    (game,) = read(DATA / name)
    return game


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {fmt: load(name) for fmt, name in FORMATS.items()}


FIRST_ROUND = (
    Draw(0, T["1m"]), Call(0, MeldKind.CLOSED_KAN, tiles("1m 1m 1m 1m"), None, None), NewDora(T["1s"]),
    Draw(0, T["2z"]), Discard(0, T["2z"], True), Draw(1, T["9m"]), Discard(1, T["1z"], False),
    Draw(2, T["1p"]), Discard(2, T["1p"], True), Draw(3, T["2s"]), Discard(3, T["5z"], False),
    Draw(0, T["5z"]), Discard(0, T["7z"], False), Call(1, MeldKind.PON, tiles("7z 7z 7z"), T["7z"], 0),
    Discard(1, T["3m"], False), Call(2, MeldKind.CHI, tiles("3m 4m 5m"), T["3m"], 1), Discard(2, T["9p"], False),
    Draw(3, T["3s"]), Riichi(3), Discard(3, T["6z"], False), RiichiAccepted(3),
    Draw(0, T["9s"]), Discard(0, T["9s"], True), Draw(1, T["4s"]), Discard(1, T["4s"], True),
)  # fmt: skip

SECOND_ROUND = (
    Draw(1, T["7m"]), Discard(1, T["1z"], False), Draw(2, T["2z"]), Discard(2, T["6z"], False),
    Draw(3, T["4z"]), Discard(3, T["4z"], True), Draw(0, T["1m"]), Discard(0, T["3z"], False),
    Call(3, MeldKind.PON, tiles("3z 3z 3z"), T["3z"], 0), Discard(3, T["8m"], False),
    Draw(0, T["5m"]), Discard(0, T["5m"], True), Draw(1, T["8m"]), Discard(1, T["5s"], False),
    Call(2, MeldKind.OPEN_KAN, tiles("5s 5s 5s 0s"), T["5s"], 1), Draw(2, T["1s"]), NewDora(T["4z"]),
    Discard(2, T["7z"], False), Draw(3, T["3z"]), Call(3, MeldKind.ADDED_KAN, tiles("3z 3z 3z 3z"), T["3z"], None),
    Draw(3, T["9s"]), NewDora(T["2s"]), Discard(3, T["9s"], True), Draw(0, T["6p"]), Discard(0, T["6p"], True),
    Draw(1, T["9m"]),
)  # fmt: skip

RON = Win(
    seat=3, from_seat=1, tile=T["4s"], han=6, fu=30, points=12000,
    yaku=(("riichi", 1), ("ippatsu", 1), ("pinfu", 1), ("tanyao", 1), ("dora", 1), ("aka dora", 1)),
    limit="haneman", pao=None, hand=tiles("0m 6m 7m 2p 2p 3p 4p 5p 2s 3s 4s 6s 7s 8s"), melds=(),
    ura=tiles("2z 5p"), deltas=(0, -12000, 0, 13000),
)  # fmt: skip
TSUMO = Win(
    seat=1, from_seat=None, tile=T["9m"], han=4, fu=20, points=7800,
    yaku=(("menzen tsumo", 1), ("pinfu", 1), ("ittsu", 2)), limit=None, pao=None,
    hand=tiles("1m 1m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p"), melds=(), ura=(), deltas=(-2600, 7800, -2600, -2600),
)  # fmt: skip


def test_the_three_formats_read_to_the_same_rounds(games: dict[str, Game]) -> None:
    mjlog = games["mjlog"]
    assert [round.name for round in mjlog.rounds] == ["E1-0", "E2-0"]
    assert mjlog.rounds[0].events == FIRST_ROUND
    assert mjlog.rounds[1].events == SECOND_ROUND
    assert mjlog.rounds[1].hands[2] == tiles("2m 3m 4m 3p 3p 5s 5s 0s 7s 8s 9s 6z 7z")
    assert mjlog.rounds[1][:7] == (0, 1, 0, 0, 1, (25000, 13000, 25000, 37000), (T["7s"],))
    for other in (games["tenhou6"], games["mjai"]):
        for ours, theirs in zip(mjlog.rounds, other.rounds, strict=True):
            assert ours._replace(end=None) == theirs._replace(end=None)


def test_each_format_states_the_wins_it_carries(games: dict[str, Game]) -> None:
    assert games["mjlog"].rounds[0].end == (RON,)
    assert games["mjlog"].rounds[1].end == (TSUMO,)
    # tenhou.net/6 gives neither the hands nor the fu of a limit hand; mjai no limit names and no melds.
    assert games["tenhou6"].rounds[0].end == (RON._replace(hand=None, melds=None, fu=None),)
    assert games["tenhou6"].rounds[1].end == (TSUMO._replace(hand=None, melds=None),)
    assert games["mjai"].rounds[0].end == (RON._replace(limit=None, melds=None),)
    assert games["mjai"].rounds[1].end == (TSUMO._replace(melds=None),)


@pytest.mark.parametrize("name", FORMATS.values())
def test_reading_leaves_no_reference_cycles(name: str) -> None:
    """A game's events go when the game goes, without waiting for the collector: a review keeps
    the collector off while it reads, and a cycle would keep every event until it next ran."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        load(name)
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


def test_game_fields(games: dict[str, Game]) -> None:
    mjlog, tenhou6, mjai = games["mjlog"], games["tenhou6"], games["mjai"]
    assert (mjlog.id, mjlog.format, mjlog.names) == ("short", "mjlog", ("A", "B", "C", "D"))
    assert mjlog.rules == tenhou6.rules._replace(tenhou_type=169, lobby=0)
    assert (mjlog.rules.room, mjlog.rules.hanchan, mjlog.rules.open_tanyao, mjlog.rules.fast) == (
        "phoenix", True, True, False)  # fmt: skip
    assert mjai.rules == mjlog.rules._replace(hanchan=None, open_tanyao=None, fast=None, room=None, tenhou_type=None,
                                              lobby=None)  # fmt: skip
    assert mjlog.final_scores == tenhou6.final_scores == mjai.final_scores == (22400, 20800, 22400, 34400)
    assert mjlog.final_results == tenhou6.final_results == (2.4, -29.2, -17.6, 44.4)
    assert mjai.final_results is None
    assert [replay(game) for game in games.values()] == [20, 20, 20]


def test_table_at_a_discard(games: dict[str, Game]) -> None:
    game = games["mjai"]
    round = game.rounds[0]
    table = Table(game, round)
    riichi_discard = round.events.index(Discard(3, T["6z"], False))
    for event in round.events[:riichi_discard]:
        table.apply(event)
    assert tile_names(table.concealed(3)) == "0m 6m 7m 2p 2p 3p 4p 5p 2s 3s 6s 7s 8s 6z"
    assert bytes(table.hands[3][:9]) == bytes([0, 0, 0, 0, 1, 1, 1, 0, 0]) and bytes(table.red[3]) == b"\x01\x00\x00"
    assert (table.wall, table.riichi, table.dora) == (63, [-1] * 4, [T["8p"], T["1s"]])
    assert [table.turn(seat) for seat in range(4)] == [2, 2, 2, 2]  # seat 3 is in its second turn
    assert [meld.kind for meld in table.melds[0] + table.melds[1] + table.melds[2]] == [
        MeldKind.CLOSED_KAN, MeldKind.PON, MeldKind.CHI]  # fmt: skip
    assert table.rivers[1] == [Discard(1, T["1z"], False), Discard(1, T["3m"], False)]
    assert table.taken == [[1], [1], [], []]  # 7z and 3m were called
    seen = {TILE_ID_NAMES[kind]: count for kind, count in enumerate(table.dead(3)) if count}
    assert seen == {"1m": 4, "3m": 1, "4m": 1, "5m": 1, "1p": 1, "8p": 1, "9p": 1, "1s": 1, "1z": 1, "2z": 1, "5z": 1,
                    "7z": 3}  # fmt: skip
    assert table.dead(3) == bytes(table.public)  # seat 3 has no melds
    assert table.dead(1)[T["7z"]] == 0 and table.called[1][T["7z"]] == 3  # a seat's own pon is not dead to it
    assert table.visible(3)[T["5m"]] == 2 and table.visible(1)[T["7z"]] == 3
    for event in round.events[riichi_discard:]:
        table.apply(event)
    table.finish()
    assert (table.riichi, table.sticks, table.scores) == ([-1, -1, -1, 1], 1, [25000, 25000, 25000, 24000])


def test_sniffing_and_sources() -> None:
    mjlog = (DATA / "short.mjlog").read_bytes()
    assert [sniff(mjlog), sniff((DATA / "short.json").read_bytes()), sniff((DATA / "short.mjson").read_bytes())] == [
        "mjlog", "tenhou6", "mjai"]  # fmt: skip
    assert next(read(gzip.compress(mjlog))).rounds == next(read(io.BytesIO(mjlog))).rounds == load("short.mjlog").rounds
    assert next(read(io.BytesIO(mjlog))).source == "<stream>"
    assert next(read(str(DATA / "short.mjlog"), format="mjlog")).id == "short"


def test_tenhou6_lines_of_one_game_and_several_games() -> None:
    whole = json.loads((DATA / "short.json").read_text())
    lines = [json.dumps({**whole, "log": [round]}, ensure_ascii=False) for round in whole["log"]]
    (game,) = read("\n".join(lines).encode())  # one round per line, as mjx writes them
    assert [round.name for round in game.rounds] == ["E1-0", "E2-0"] and game.id == "<bytes>"
    two = "\n".join(json.dumps(whole, ensure_ascii=False) for _ in range(2))
    assert [game.id for game in read(two.encode())] == ["<bytes>#1", "<bytes>#2"]
    whole["ref"] = "2020010100gm-0000-0000-abcdef01"
    assert next(read(json.dumps(whole).encode())).id == "2020010100gm-0000-0000-abcdef01"


def test_tenhou6_a_call_waits_for_a_later_identical_discard() -> None:
    # Seat 0 discards 9m twice. Seat 2 pons only the second: after the first, seat 1 draws and
    # discards 1z, which seat 3 pons, so seat 2's turn is skipped. Taking the call at the first
    # 9m leaves seat 3's pon with no 1z to take, and the reader must go back.
    log = {"name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": [[
        [0, 0, 0], [25000] * 4, [25], [],
        [19, 19, 11, 12, 13, 14, 15, 16, 17, 18, 22, 23, 24], [21, 21], [19, 19],
        [41, 31, 32, 33, 34, 35, 36, 37, 38, 39, 26, 27, 28], [29], [41],
        [19, 19, 31, 32, 33, 34, 35, 36, 37, 38, 42, 42, 43], ["19p1919"], [43],
        [41, 41, 11, 12, 13, 14, 15, 16, 17, 18, 44, 44, 45], ["41p4141"], [45],
        ["流局"]]]}  # fmt: skip
    game = next(read(json.dumps(log).encode()))
    events = game.rounds[0].events
    assert events[:6] == (Draw(0, T["1p"]), Discard(0, T["9m"], False), Draw(1, T["9p"]), Discard(1, T["1z"], False),
                          Call(3, MeldKind.PON, tiles("1z 1z 1z"), T["1z"], 1), Discard(3, T["5z"], False))  # fmt: skip
    pon = Call(2, MeldKind.PON, tiles("9m 9m 9m"), T["9m"], 0)
    assert events[6:10] == (Draw(0, T["1p"]), Discard(0, T["9m"], False), pon, Discard(2, T["3z"], False))
    assert len(events) == 10


@pytest.mark.parametrize(
    "m, who, decoded",
    [
        (11695, 1, (MeldKind.CHI, [13, 17, 23], 23, 0)),  # 4m 5m 6m, 6m from the left
        (50795, 1, (MeldKind.PON, [132, 133, 134], 132, 0)),  # 7z from seat 0 (on the left); copy 3 not in it
        (44657, 3, (MeldKind.ADDED_KAN, [116, 117, 118, 119], 119, None)),  # copy 3 of 3z added to a pon
        (22787, 2, (MeldKind.OPEN_KAN, [88, 89, 90, 91], 89, 1)),  # 5s, one of them red
        (0, 0, (MeldKind.CLOSED_KAN, [0, 1, 2, 3], None, None)),
        (31008, 0, (None, [121], None, None)),  # kita (3-player)
        (15402, 2, (MeldKind.PON, [40, 42, 43], 40, 0)),  # 3-player: seats count round a table of 4
    ],
)
def test_mjlog_meld_bits(m: int, who: int, decoded: tuple[object, ...]) -> None:
    assert decode_meld(m, who) == decoded


def test_kita_and_3_player_rules() -> None:
    record = (DATA / "short.mjlog").read_text()
    record = record.replace('type="169"', 'type="185"')  # 3-player; the hands deal 2m-8m, so it cannot replay
    game = read_mjlog(record.encode(), "three.mjlog")
    assert (game.rules.players, len(game.rounds[0].hands), len(game.names)) == (3, 3, 3)
    with pytest.raises(RecordError, match=r"^three.mjlog: E1-0: 2m does not exist in 3-player mahjong$"):
        replay(game)
    four = load("short.mjlog")
    with pytest.raises(RecordError, match=r"E1-0: kita in a 4-player game$"):
        Table(four, four.rounds[0]).apply(Kita(0))


def truncated(name: str) -> bytes:
    data = (DATA / name).read_bytes()
    return data[: len(data) * 2 // 3]


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "<bytes>: empty file"),
        (b"  \n", "<bytes>: unknown format: starts with ''"),
        (b"hello world", "<bytes>: unknown format: starts with 'hello world'"),
        (b"\x1f\x8b\x08\x00garbage", "<bytes>: broken gzip: Compressed file ended before the end-of-stream marker "
                                   "was reached"),
        (truncated("short.mjlog"), "<bytes>: truncated: the mjlog does not end with </mjloggm>"),
        (truncated("short.json"), "<bytes>: not JSON: Expecting value at line 3 column 147"),
        (truncated("short.mjson")[:-10], "<bytes>: line 36: E2-0: not JSON: Unterminated string starting at: "
                                   "'{\"type\":\"dahai\",\"actor\":3,\"pai\":\"N\",\"tsu'..."),
        (b'<mjloggm ver="2.3"><GO type="169"/><T12/></mjloggm>',
         "<bytes>: before the first round: Draw outside a round"),
        (b'<mjloggm ver="2.3"><FOO bar="1"/></mjloggm>', "<bytes>: before the first round: unknown tag <'FOO'>"),
        (b'{"type":"start_game","names":["A","B","C","D"]}\n{"type":"dance"}',
         "<bytes>: line 2: unknown event type 'dance'"),
        (b'{"type":"start_game","names":["A","B","C","D"]}\n{"type":"tsumo","actor":0,"pai":"1m"}',
         "<bytes>: line 2: tsumo outside a round"),
    ],
)
def test_unreadable_records(data: bytes, message: str) -> None:
    with pytest.raises(RecordError) as error:
        list(read(data))
    assert str(error.value) == message


@pytest.mark.parametrize("between", [b"", b"\r\n", b" \t\n\x0b\x0c"])
def test_mjlog_moves_with_any_white_space_between_tags(between: bytes) -> None:
    data = (DATA / "short.mjlog").read_bytes()
    spaced = data.replace(b">\n<", b">" + between + b"<")
    assert spaced != data
    assert read_mjlog(spaced, "x") == read_mjlog(data, "x")


@pytest.mark.parametrize("move", [b"<T136/>", b"<T012/>", b"<T12 />", b"<t12/>", b"<T113/>x", b"<D1130/>", b"<T/>"])
def test_mjlog_moves_not_in_their_one_form_are_refused(move: bytes) -> None:
    data = (DATA / "short.mjlog").read_bytes()
    at = data.index(b"<T113/>")
    with pytest.raises(RecordError) as error:
        read_mjlog(data[:at] + move + data[at:], "x")
    text = move.decode()
    assert str(error.value) == ("x: E1-0: bad move <'T/>'" if text == "<T/>" else f"x: E1-0: not an mjlog tag: {text!r}")


def test_the_mjlog_move_scan_in_c() -> None:
    table, last, events = _TABLES[RED], bytearray(b"\xff" * 4), []
    data = b"<T1/><D1/>\n<U2/> <E3/><X/><T4/>"
    assert mjlog_moves(data, 0, len(data), table, last, events) == (22, 26)  # stops at <X/>
    assert events == [Draw(0, 0), Discard(0, 0, True), Draw(1, 0), Discard(1, 0, False)]
    assert last == bytearray(b"\xff\xff\xff\xff")
    assert mjlog_moves(data, 0, len(data), table, last, None) == (0, 5)  # outside a round: Python's
    for bad, error in (((data, 9, 3), ValueError), ((data, 0, 99), ValueError), ((data, -1, 3), ValueError)):
        with pytest.raises(error, match="positions out of the data"):
            mjlog_moves(*bad, table, last, events)
    with pytest.raises(TypeError, match=r"^mjlog_moves\(data: bytes"):
        mjlog_moves(data, 0, 5, table[:8], last, events)


@pytest.mark.parametrize("piece, usual", [
    (b'INIT seed="0,0,0,3,4,65" oya="0"/>', True),
    (b'GO type="169" lobby="0" />\r\n', True),
    (b'TAIKYOKU/>', True),
    (b'UN n0="%E3%81%82" n1="" dan="1,2" sx="M,F"\t/>', True),
    (b'AGARI who="1" who="2"/>', True),  # the later of two equal names, as a dict of the pairs
    (b'N who="0" m="1234"/>  x', False),  # not white space after the tag
    (b'UN n0="\xe3\x81\x82"/>', False),  # not ASCII
    (b'FOO bar="1">', False),  # not self-closing
    (b'X a="1"b="2"/>', False),  # no white space between attributes
    (b'X a=1/>', False),
    (b'X a="1/>', False),
    (b'X\x1ca="1"/>', False),  # white space to Python's expressions, not to C
    (b'INIT2 seed="1"/>', False),
    (b'/>', False),
])
def test_mjlog_tags_in_their_usual_form_are_read_in_c(piece: bytes, usual: bool) -> None:
    read = mjlog_tag(piece)
    assert (read is not None) == usual
    if usual:  # as the expressions read it
        match = _TAG.match(piece.decode())
        assert match is not None and match.group(3) == "/"
        assert read == (match.group(1), dict(_ATTRIBUTE.findall(match.group(2))))


def test_mjlog_tile_lists_in_c() -> None:
    # 16, 52, 88: the red fives' copy 0; ORDER puts a red five after the plain fives of its suit
    assert mjlog_tiles("135,88,17,16,52,1,0", True, True) == tiles("1m 1m 5m 0m 0p 0s 7z")
    assert mjlog_tiles("135,88,17,16,52,1,0", True, False) == tiles("7z 0s 5m 0m 0p 1m 1m")
    assert mjlog_tiles("135,88,17,16,52,1,0", False, True) == tiles("1m 1m 5m 5m 5p 5s 7z")
    assert mjlog_tiles("", True, True) == ()
    for bad in ("1,", ",1", "1,,2", "136", "01", "1 ,2", "x", ",".join(["0"] * 137)):
        with pytest.raises(ValueError, match=r"^not a list of 136-ids: "):
            mjlog_tiles(bad, True, True)
    data = (DATA / "short.mjlog").read_bytes().replace(b'hai0="', b'hai0="136,', 1)
    with pytest.raises(RecordError, match=r"^x: E1-0: bad <INIT>: '<INIT seed="):
        read_mjlog(data, "x")


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError) as error:
        list(read(tmp_path / "absent.mjlog"))
    assert str(error.value) == f"{tmp_path / 'absent.mjlog'}: cannot read: No such file or directory"
    (tmp_path / "empty.json").write_bytes(b"")
    with pytest.raises(RecordError, match=r"empty.json: empty file$"):
        list(read(tmp_path / "empty.json"))


def test_hidden_tiles_cannot_be_read() -> None:
    data = (DATA / "short.mjson").read_bytes().replace(b'["C","C","2m"', b'["?","C","2m"')
    with pytest.raises(RecordError, match=r"^<bytes>: line 2: E1-0: hidden tile '\?': only records that show every "
                                          r"hand can be replayed$"):  # fmt: skip
        list(read(data))


def replayed(data: bytes) -> None:
    for game in read(data):
        replay(game)


MJAI = (DATA / "short.mjson").read_bytes()


@pytest.mark.parametrize(
    "old, new, message",
    [
        (b'{"type":"dahai","actor":1,"pai":"E"', b'{"type":"dahai","actor":1,"pai":"9p"',
         "E1-0: seat 1 (turn 1) discards 9p but holds none"),
        (b'{"type":"tsumo","actor":1,"pai":"9m"}', b'{"type":"tsumo","actor":1,"pai":"1m"}', "E1-0: 5th copy of 1m"),
        (b'{"type":"tsumo","actor":2,"pai":"1p"}', b'{"type":"tsumo","actor":2,"pai":"5mr"}', "E1-0: a second red 0m"),
        (b'{"type":"tsumo","actor":2,"pai":"1p"}', b'{"type":"tsumo","actor":3,"pai":"1p"}',
         "E1-0: seat 3 (turn 0) draws in seat 2's turn"),
        (b'{"type":"dahai","actor":2,"pai":"1p","tsumogiri":true}', b'{"type":"tsumo","actor":2,"pai":"2p"}',
         "E1-0: seat 2 (turn 1) draws into a full hand"),
        (b'"pai":"E"', b'"pai":"E"', None),  # unchanged: replays
        (b'{"type":"pon","actor":1,"target":0,"pai":"C","consumed":["C","C"]}',
         b'{"type":"pon","actor":1,"target":0,"pai":"C","consumed":["P","P"]}',
         "E1-0: seat 1 (turn 1) calls pon of 5z5z7z"),
        (b'{"type":"chi","actor":2,"target":1,"pai":"3m","consumed":["4m","5m"]}',
         b'{"type":"chi","actor":2,"target":1,"pai":"3m","consumed":["1m","2m"]}',
         "E1-0: seat 2 (turn 1) calls chi with 1m but holds none"),
        (b'{"type":"dahai","actor":2,"pai":"9p","tsumogiri":false}',
         b'{"type":"dahai","actor":2,"pai":"9p","tsumogiri":true}',
         "E1-0: seat 2 (turn 2) discards 9p as tsumogiri, drew nothing"),
        (b'{"type":"dahai","actor":0,"pai":"9s","tsumogiri":true}\n{"type":"tsumo","actor":1,"pai":"4s"}\n'
         b'{"type":"dahai","actor":1,"pai":"4s","tsumogiri":true}',
         b'{"type":"dahai","actor":0,"pai":"9s","tsumogiri":true}\n{"type":"tsumo","actor":1,"pai":"4s"}\n'
         b'{"type":"dahai","actor":1,"pai":"4s","tsumogiri":true}\n{"type":"chi","actor":2,"target":1,"pai":"4s",'
         b'"consumed":["2s","3s"]}',
         "E1-0: seat 2 (turn 2) calls chi with 2s but holds none"),
        (b'"hora","actor":3,"target":1,"pai":"4s"', b'"hora","actor":3,"target":2,"pai":"4s"',
         "E1-0: seat 3 (turn 2) wins by ron on 4s from seat 2, which did not just give it"),
        (b'"hora_tehais":["5mr"', b'"hora_tehais":["5m"',
         "E1-0: seat 3 (turn 2) wins with 5m6m7m2p2p3p4p5p2s3s4s6s7s8s but holds 0m6m7m2p2p3p4p5p2s3s4s6s7s8s"),
        (b'{"type":"dahai","actor":3,"pai":"9s","tsumogiri":true}', b'{"type":"dahai","actor":3,"pai":"9s",'
         b'"tsumogiri":true}\n{"type":"reach","actor":3}', "E2-0: seat 3 (turn 3) declares riichi out of turn"),
    ],
)
def test_impossible_records(old: bytes, new: bytes, message: str | None) -> None:
    assert old in MJAI
    data = MJAI.replace(old, new, 1)
    if message is None:
        replayed(data)
        return
    with pytest.raises(RecordError) as error:
        replayed(data)
    assert str(error.value) == f"<bytes>: {message}"


def test_replay_checks_the_round_end() -> None:
    (game,) = read(DATA / "short.mjlog")
    first = game.rounds[0]
    drawn = first._replace(events=first.events[:5], end=DrawnRound("exhaustive", (), (0, 0, 0, 0)))
    with pytest.raises(RecordError, match=r"E1-0: exhaustive draw with 68 tiles left in the wall$"):
        Table(game, drawn).run()
    early = first._replace(events=first.events[:4], end=first.end)
    with pytest.raises(RecordError, match=r"seat 3 \(turn 0\) wins by ron on 4s from seat 1, which did not"):
        Table(game, early).run()
    tsumo = game.rounds[1]
    with pytest.raises(RecordError, match=r"E2-0: seat 1 \(turn 3\) wins by tsumo on 8m but did not just draw it$"):
        Table(game, tsumo._replace(end=(TSUMO._replace(tile=T["8m"]),))).run()
    with pytest.raises(RecordError, match=r"^short.mjlog: E2-0: starts with scores \(1, 2, 3, 4\), the previous round "
                                          r"left \(25000, 13000, 25000, 37000\)$"):  # fmt: skip
        replay(game._replace(source="short.mjlog", rounds=(first, tsumo._replace(scores=(1, 2, 3, 4)))))


@pytest.mark.parametrize(
    "tenpai, message",
    [
        ((3,), None),
        ((0, 3), "seat 0 is called tenpai with 1m4m7m1p4p7p1s4s7s1z5z6z7z"),
        ((), "seat 3 is called noten with 9m9m9p9p2z2z2z3z3z3z4z4z4z"),
    ],
)
def test_tenpai_at_an_exhaustive_draw_is_checked(tenpai: tuple[int, ...], message: str | None) -> None:
    hands = (tiles("1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 5z 6z 7z"), tiles("2m 5m 8m 2p 5p 8p 2s 5s 8s 1z 5z 6z 7z"),
             tiles("3m 6m 9m 3p 6p 9p 3s 6s 9s 1z 5z 6z 7z"), tiles("9m 9m 9p 9p 2z 2z 2z 3z 3z 3z 4z 4z 4z"))
    end = DrawnRound("exhaustive", tenpai, (0, 0, 0, 0))
    round = Round(0, 0, 0, 0, 0, (25000,) * 4, (T["8m"],), hands, (Draw(0, 0), Discard(0, 0, True)), end)
    table = Table(load("short.mjson")._replace(source="x"), round)
    for event in round.events:
        table.apply(event)
    table.wall = 0  # as if every draw had been made
    if message is None:
        table.finish()
        return
    with pytest.raises(RecordError) as error:
        table.finish()
    assert str(error.value) == f"x: E1-0: {message}"


def test_sorting_and_names() -> None:
    assert sorted(tiles("5p 0p 4p 6p"), key=ORDER.__getitem__) == list(tiles("4p 5p 0p 6p"))
    assert Round(1, 3, 2, 0, 3, None, (0,), (), (), None).name == "S4-2"
