"""The command line: output, options, JSON schema and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import shanten
from shanten import improvements
from shanten.cli import main

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shanten", *argv], capture_output=True, text=True)


def test_readme_main_command_prints_what_the_readme_shows() -> None:
    shown = re.search(r"```\n\$ shanten 336m237p2479s167z3s\n(.*?)```", README, re.S)
    assert shown is not None
    result = run("336m237p2479s167z3s")
    assert result.returncode == 0
    assert result.stdout == shown.group(1)


def test_three_player_hands_get_improvements(capsys: pytest.CaptureFixture[str]) -> None:
    """2m-8m have no live copies in 3-player: they are never drawn, listed or counted."""
    assert main(["--players", "3", "1m99p123s11z456s78p"]) == 0
    assert capsys.readouterr().out.splitlines()[:4] == [
        "1m7899p123456s11z  (13 tiles, 3-player)",
        "shanten 1: 1-shanten   regular 1  seven pairs 4  thirteen orphans 8",
        "uke-ire: 1m 6p 7p 8p 9p 1z  (17 tiles)",
        "improvements: 50 live tiles, average uke-ire after 30.84",
    ]


def test_thirteen_tiles_show_ukeire_and_improvements(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["123m456p789s13m11z"]) == 0
    assert capsys.readouterr().out.splitlines()[:5] == [
        "11233m456p789s11z  (13 tiles)",
        "shanten 0: tenpai   regular 0  seven pairs 3  thirteen orphans 9",
        "waits: 2m  (3 tiles)",
        "improvements: 14 live tiles, average waits after 5.57",
        "  1m x2: discard 3m -> 7 (1m 4m 1z)",
    ]


def test_back_rows_only_with_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["123m456p789s11225z"]) == 0
    plain = capsys.readouterr().out.splitlines()
    assert plain[2:] == ["discard shanten   tiles  improve    avg   good     ron  riichi  kinds",
                         "5z      0             4        0      -      -    1950    4850  1z 2z"]
    assert main(["123m456p789s11225z", "--all"]) == 0
    every = capsys.readouterr().out.splitlines()
    assert len(every) == 2 + 1 + 12
    # the row's improvements count live tiles as its uke-ire does: the discarded 1m is gone
    assert every[4] == "1m      1            11        6  13.00   100%       -       -  1m 4m 1z 2z  (back)"


def test_json_schema() -> None:
    result = run("123m456p789s11225z", "--json")
    data = json.loads(result.stdout)
    assert set(data) == {"schema", "hand", "drawn", "concealed", "rule", "players", "shanten", "forms", "discards"}
    assert (data["schema"], data["hand"], data["drawn"], data["concealed"], data["shanten"]) == (
        2, "123m456p789s11225z", None, 14, 0)
    assert data["forms"] == {"regular": 0, "seven_pairs": 4, "thirteen_orphans": 7}
    assert data["discards"] == [{"discard": "5z", "kind": 31, "red": False, "shanten": 0, "back": False,
                                 "ukeire": {"tiles": {"1z": 2, "2z": 2}, "total": 4},
                                 "improvements": {"live": 0, "average": None, "draws": []}, "good_shape": None,
                                 "values": [  # as dealer, east round: 1z is double east, 2z no yaku dama
                                     {"tile": "1z", "live": 2, "ron": 3900, "tsumo": 6000, "riichi_ron": 7700,
                                      "riichi_tsumo": 11700},
                                     {"tile": "2z", "live": 2, "ron": 0, "tsumo": 2100, "riichi_ron": 2000,
                                      "riichi_tsumo": 3900}]}]
    data = json.loads(run("45p55777z", "--melds", "(3333p) (6666p)", "--rule", "wrc", "--json").stdout)
    assert data["hand"] == "45p55777z (3333p) (6666p)"
    assert (data["shanten"], data["ukeire"]) == (1, {"tiles": {"4p": 3, "5p": 3, "5z": 2}, "total": 8})
    assert data["improvements"]["live"] == 84
    first = data["improvements"]["draws"][0]
    assert set(first) == {"tile", "kind", "live", "discard", "total", "tiles"}


def test_improvements_use_one_name_in_python_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    result = improvements("123m456p789s13m11z")
    assert (result.live, round(result.average, 2)) == (14, 5.57)
    assert "live=14" in repr(result) and "average=5.57" in repr(result)
    data = json.loads(run("123m456p789s13m11z", "--json").stdout)["improvements"]
    assert (data["live"], round(data["average"], 2)) == (14, 5.57)
    assert [d["live"] for d in data["draws"]] == [d.live for d in result.draws]
    assert main(["123m456p789s13m11z"]) == 0
    assert "improvements: 14 live tiles, average waits after 5.57" in capsys.readouterr().out


def test_complete_hand_lists_the_discards_that_keep_tenpai() -> None:
    """tenhou.net/2 lists 打X 待ち rows for a complete hand; so does the table, and the JSON."""
    lines = run("123m456p789s11z234s").stdout.splitlines()
    assert lines[1] == "shanten -1: complete   regular -1  seven pairs 5  thirteen orphans 9"
    assert lines[2] == "complete: the discards that keep tenpai"
    rows = [line.split()[0] for line in lines[4:]]
    assert rows == ["1m", "4p", "6p", "2s", "4s", "9s", "2m", "3m", "5p", "3s", "7s", "8s", "1z"]
    assert "(back)" not in "".join(lines)
    data = json.loads(run("123m456p789s11z234s", "--json").stdout)
    assert [(row["discard"], row["shanten"], row["back"]) for row in data["discards"]][:2] == [
        ("1m", 0, False), ("4p", 0, False)]
    assert len(data["discards"]) == 13


def test_drawn_tile_stays_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["336m237p2479s167z3s"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "336m237p2479s167z3s  (14 tiles)"
    assert json.loads(run("336m237p2479s167z3s", "--json").stdout)["drawn"] == "3s"


def test_headers_say_one_tile_and_the_setting(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["1z", "--melds", "[111m] [222m] [333m] [444m]"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1z [111m] [222m] [333m] [444m]  (1 tile)"
    assert lines[2] == "waits: 1z  (3 tiles)"
    assert main(["1111m111122233z", "--players", "3", "--rule", "wrc"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "1111m111122233z  (13 tiles, 3-player, rule wrc)"


def test_version() -> None:
    result = run("--version")
    assert (result.returncode, result.stdout) == (0, f"shanten {shanten.__version__}\n")
    assert shanten.__version__ == "0.2.0"


def test_a_reader_that_stops_early_or_a_failing_stdout_gives_no_traceback(tmp_path: Path) -> None:
    script = f"{sys.executable} -m shanten 336m237p2479s167z3s --all | head -c 1"
    piped = subprocess.run(["bash", "-c", f"{script}; echo \" ${{PIPESTATUS[0]}}\""], capture_output=True, text=True)
    assert piped.stderr == ""
    full = subprocess.run([sys.executable, "-m", "shanten", "123m456p789s1122z"], stdout=open("/dev/full", "w"),
                          stderr=subprocess.PIPE, text=True)
    assert (full.returncode, full.stderr) == (1, "shanten: error: cannot write the output: No space left on device\n")
    closed = subprocess.run(["bash", "-c", f"{sys.executable} -m shanten 123m456p789s1122z >&-"], capture_output=True,
                            text=True)
    assert (closed.returncode, closed.stderr) == (1, "shanten: error: cannot write the output: standard output is closed\n")


def test_tenhou_mode() -> None:
    result = run("--tenhou", "--mode", "qd", "1111m111122233z")
    assert (result.returncode, result.stdout) == (0, "1向聴(13枚)\n摸[2m3m 8枚]\n")
    # 13 tiles have one sensible reading, without a random draw: the same as qd
    assert run("--tenhou", "1111m111122233z").stdout == result.stdout


def test_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["1111m111122233z", "--players", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("shanten 2: 2-shanten")
    assert main(["123m456p789s1122z", "--dead", "1z1z2z2z"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("shanten 2: 2-shanten")


@pytest.mark.parametrize("argv, message", [
    (["123m45"], "column 5: digits '45' have no suit letter"),
    (["123m456p789s11z", "--melds", "[124m]"], "--melds: column 1: [124m] is not a meld: chi needs 3 consecutive number tiles of one suit, got 1m 2m 4m"),
    (["123m456p", "--melds", "789s11z"], "--melds: column 1: 789s is not in a meld: write melds only, such as [123m] (5555z)"),
    (["123m456p789s11z", "--melds", "[123m] 5z"], "--melds: column 8: 5z is not in a meld: write melds only, such as [123m] (5555z)"),
    (["1111m2z", "--dead", "1m"], "5th copy of 1m (hand, melds and dead tiles)"),
    (["123m", "--players", "5"], "argument --players: invalid choice: 5 (choose from 3, 4)"),
    ([], "the following arguments are required: query"),
    (["--tenhou", "--dead", "1m", "--all", "123m456p789s1122z"], "--tenhou takes only a query, --mode and --json, not --dead, --all"),
    (["--mode", "p", "123m456p789s1122z"], "--mode applies to --tenhou only"),
])
def test_bad_input_exits_2_with_one_line(argv: list[str], message: str) -> None:
    result = run(*argv)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"shanten: error: {message}\n")


def test_help_shows_examples_and_explains_the_columns() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "shanten --tenhou 1111m111122233z" in result.stdout
    for column in ("discard", "shanten", "tiles", "improve", "avg", "good", "kinds", "-"):
        assert f"\n  {column:<10}" in result.stdout, column


def test_wait_values_follow_the_seat_the_round_the_dora_and_riichi(capsys: pytest.CaptureFixture[str]) -> None:
    # 23m: waits 1m and 4m. South seat in the east round, dora 2m: no pinfu (the 2z pair is the seat
    # wind), so a dama ron has no yaku; riichi + dora ron 2 han 40 fu 2600; tsumo 30 fu: 500/1000 dama,
    # 1000/2000 with riichi.
    assert main(["23m456p789s22z678s", "--seat", "S", "--dora", "1m"]) == 0
    assert capsys.readouterr().out.splitlines()[-3:] == [
        "values (ron / tsumo points):",
        "  1m x4: dama 0 / 2000   riichi 2600 / 4000",
        "  4m x4: dama 0 / 2000   riichi 2600 / 4000"]
    assert main(["23m456p789s22z678s", "--seat", "S", "--dora", "1m", "--riichi"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "  4m x4: riichi 2600 / 4000"
    # as dealer in the east round the 2z pair is no value pair: pinfu (ron 1 han 30 fu, tsumo 2 han 20 fu)
    assert main(["23m456p789s22z678s"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "  4m x4: dama 1500 / 2100   riichi 2900 / 3900"
    # in the south round it is the round wind: no pinfu, ron 40 fu, tsumo 30 fu
    assert main(["23m456p789s22z678s", "--round", "S"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "  4m x4: dama 0 / 1500   riichi 2000 / 3000"
    # an open hand: dama only; the table's ron column averages over the live waits
    assert main(["23m456p22z678s [789s] 4m", "--seat", "S"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3] == "discard shanten   tiles  improve    avg   good     ron  kinds"


def test_bad_value_settings_are_one_line() -> None:
    for args, message in ((["--dora", "1x"], "dora: not tiles in notation: '1x'"),
                          (["--seat", "X"], "argument --seat: invalid choice: 'X' (choose from 'E', 'S', 'W', 'N')")):
        result = run("123m456p789s11225z", *args)
        assert (result.returncode, result.stderr) == (2, f"shanten: error: {message}\n")
    result = run("23m456p22z678s [789s]", "--riichi")
    assert (result.returncode, result.stderr) == (
        2, "shanten: error: --riichi: 23m456p678s22z [789s] is open and cannot declare riichi\n")
