"""The command line: output, options, JSON schema and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

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
        "1m7899p123456s11z  (13 tiles)",
        "shanten 1: 1-shanten   regular 1  seven pairs 4  thirteen orphans 8",
        "uke-ire: 1m 6p 7p 8p 9p 1z  (17 tiles)",
        "improvements: 50 tiles, average uke-ire after 30.84",
    ]


def test_thirteen_tiles_show_ukeire_and_improvements(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["123m456p789s13m11z"]) == 0
    assert capsys.readouterr().out.splitlines()[:5] == [
        "11233m456p789s11z  (13 tiles)",
        "shanten 0: tenpai   regular 0  seven pairs 3  thirteen orphans 9",
        "waits: 2m  (3 tiles)",
        "improvements: 14 tiles, average waits after 5.57",
        "  1m x2: discard 3m -> 7 (1m 4m 1z)",
    ]


def test_back_rows_only_with_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["123m456p789s11225z"]) == 0
    plain = capsys.readouterr().out.splitlines()
    assert plain[2:] == ["discard shanten   tiles  improve    avg   good  kinds",
                         "5z      0             4        -      -      -  1z 2z"]
    assert main(["123m456p789s11225z", "--all"]) == 0
    every = capsys.readouterr().out.splitlines()
    assert len(every) == 2 + 1 + 12
    assert every[4] == "1m      1            11        6  14.00   100%  1m 4m 1z 2z  (back)"


def test_json_schema() -> None:
    result = run("123m456p789s11225z", "--json")
    data = json.loads(result.stdout)
    assert set(data) == {"schema", "hand", "concealed", "rule", "players", "shanten", "forms", "discards"}
    assert (data["schema"], data["hand"], data["concealed"], data["shanten"]) == (1, "123m456p789s11225z", 14, 0)
    assert data["forms"] == {"regular": 0, "seven_pairs": 4, "thirteen_orphans": 7}
    assert data["discards"] == [{"discard": "5z", "shanten": 0, "back": False,
                                 "ukeire": {"tiles": {"1z": 2, "2z": 2}, "total": 4},
                                 "improvements": {"count": 0, "average": None, "draws": []}, "good_shape": None}]
    data = json.loads(run("45p55777z", "--melds", "(3333p) (6666p)", "--rule", "wrc", "--json").stdout)
    assert data["hand"] == "45p55777z (3333p) (6666p)"
    assert (data["shanten"], data["ukeire"]) == (1, {"tiles": {"4p": 3, "5p": 3, "5z": 2}, "total": 8})
    assert data["improvements"]["count"] == 84


def test_tenhou_mode() -> None:
    result = run("--tenhou", "--mode", "qd", "1111m111122233z")
    assert (result.returncode, result.stdout) == (0, "1向聴(13枚)\n摸[2m3m 8枚]\n")


def test_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["1111m111122233z", "--players", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("shanten 2: 2-shanten")
    assert main(["123m456p789s1122z", "--dead", "1z1z2z2z"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("shanten 2: 2-shanten")


@pytest.mark.parametrize("argv, message", [
    (["123m45"], "column 5: digits '45' have no suit letter"),
    (["123m456p789s11z", "--melds", "[124m]"], "column 17: [124m] is not a meld: chi needs 3 consecutive number tiles of one suit, got 1m 2m 4m"),
    (["1111m2z", "--dead", "1m"], "5th copy of 1m (hand, melds and dead tiles)"),
    (["123m", "--players", "5"], "argument --players: invalid choice: 5 (choose from 3, 4)"),
    ([], "the following arguments are required: query"),
    (["--tenhou", "123m456p789s1z"], "10 tiles need mode qd: without 'd' Tenhou analyses after a random draw"),
    (["--tenhou", "--dead", "1m", "--all", "123m456p789s1122z"], "--tenhou takes only a query, --mode and --json, not --dead, --all"),
    (["--mode", "p", "123m456p789s1122z"], "--mode applies to --tenhou only"),
])
def test_bad_input_exits_2_with_one_line(argv: list[str], message: str) -> None:
    result = run(*argv)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"shanten: error: {message}\n")


def test_help_shows_examples() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "shanten --tenhou --mode qd 1111m111122233z" in result.stdout
