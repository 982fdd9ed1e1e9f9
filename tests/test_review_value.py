"""``shanten review --ev``: each decision's expected value (shanten.review.value) beside the review."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq

from shanten import records
from shanten.ev import expected
from shanten.review import review, write
from shanten.scoring.record import meld_of, rules_of
from shanten.tiles import TILE_ID_NAMES, Hand

DATA = Path(__file__).parent / "data" / "records"
SHORT = str(DATA / "short.mjson")


def _positions(path: str) -> dict[tuple[int, int, int, int, int], tuple[str, dict[str, object]]]:
    """Each free discard's position as its seat saw it, read off the replayed table: the hand, every
    tile face up outside the seat's hand and melds (rivers less the tiles called from them, the
    others' melds, kita), the dora indicators, its draws left (the wall shared by the seats)."""
    game = next(records.read(path))
    found = {}
    for round in game.rounds:
        table = records.Table(game, round)
        for event in table.play():
            seat = event.seat
            if not isinstance(event, records.Discard) or table.riichi[seat] >= 0:
                continue
            dead = [d.tile for s in range(table.players) for i, d in enumerate(table.rivers[s])
                    if i not in table.taken[s]]
            dead += [t for s in range(table.players) if s != seat for call in table.melds[s] for t in call.tiles]
            dead += [30] * sum(table.kita)
            hand = Hand(tuple(table.hands[seat]), tuple(table.red[seat]),  # type: ignore[arg-type]
                        melds=tuple(meld_of(call) for call in table.melds[seat]))
            found[(round.wind, round.number, round.honba, seat, table.turn(seat))] = (
                TILE_ID_NAMES[event.tile],
                {"hand": hand, "dead": dead, "dora": list(table.dora), "round_wind": round.wind,
                 "seat_wind": (seat - round.dealer) % table.players, "draws": table.wall // table.players,
                 "players": table.players, "rules": rules_of(game)})
    return found


def test_each_valued_decision_is_the_expected_value_of_its_position() -> None:
    decisions = review([SHORT], ev=True).decisions.to_pylist()
    positions = _positions(SHORT)
    valued = [row for row in decisions if row["valued"]]
    assert len(valued) >= 12
    for row in valued:
        taken, arguments = positions[(row["wind"], row["number"], row["honba"], row["seat"], row["turn"])]
        table = expected(**arguments)  # type: ignore[arg-type]
        mine = next(r for r in table if r.tile == taken)
        assert row["discard"] == taken
        assert (row["win_taken"], row["score_taken"]) == (mine.win[0], mine.score[0])
        assert (row["best_by_value"], row["win_best"], row["score_best"]) == (table[0].tile, table[0].win[0],
                                                                            table[0].score[0])
        assert row["points_lost"] == table[0].score[0] - mine.score[0] >= 0


def test_riichi_rows_have_no_value_and_the_players_add_up() -> None:
    result = review([SHORT], ev=True)
    decisions = result.decisions.to_pylist()
    assert all(row["valued"] is None for row in decisions if row["in_riichi"])
    assert all(row["points_lost"] is None for row in decisions if not row["valued"])
    for player in result.players.to_pylist():
        mine = [row for row in decisions if row["player"] == player["player"] and row["valued"]]
        assert player["valued_decisions"] == len(mine)
        assert abs(player["points_lost"] - sum(row["points_lost"] for row in mine)) < 1e-6


def test_without_ev_the_tables_have_no_value_columns() -> None:
    result = review([SHORT])
    assert "points_lost" not in result.decisions.schema.names
    assert {row["valued_decisions"] for row in result.players.to_pylist()} == {0}


def test_parquet_and_a_process_pool_carry_the_values(tmp_path: Path) -> None:
    out = tmp_path / "out"
    write([str(DATA)], str(out), workers=2, ev=True)
    written = pq.read_table(out / "decisions.parquet")
    assert written.schema.names[-7:] == ["valued", "win_taken", "score_taken", "best_by_value", "win_best",
                                         "score_best", "points_lost"]
    assert written.to_pylist() == review([str(DATA)], ev=True).decisions.to_pylist()


def test_command_line_prints_the_points_lost(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "shanten", "review", SHORT, "-o", str(tmp_path / "o"), "--ev",
                          "--workers", "1"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lost = sum(row["points_lost"] for row in review([SHORT], ev=True).decisions.to_pylist() if row["valued"])
    assert run.stdout.splitlines()[-1] == f"expected points lost {lost:,.0f} over 17 valued decisions"
