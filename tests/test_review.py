"""The review of game records: every decision judged as the one-hand queries judge it, the tables,
bad files, the Parquet output, process pool and Dask alike, and the command line."""

from __future__ import annotations

import gzip
import multiprocessing
import os
import pickle
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import shanten
from shanten import records
from shanten._core import replay_round
from shanten.review import review, write
from shanten.review.analysis import KIT, NO_DECISIONS, FileReview, _Gathered, _replay_table
from shanten.review import parquet
from shanten.review import run as run_module
from shanten.review.run import Collected, Totals, Writer, _in_order, _review, _unspool
from shanten.review.pool import shutdown
from shanten.review.schema import SCHEMA_VERSION

DATA = Path(__file__).parent / "data" / "records"
FORMATS = ("short.json", "short.mjlog", "short.mjson")


def test_the_same_game_in_three_formats_reviews_the_same() -> None:
    tables = [review([str(DATA / name)]).decisions.drop_columns(["game"]).to_pylist() for name in FORMATS]
    assert len(tables[0]) == 20
    assert tables[0] == tables[1] == tables[2]


def _scalar_view(paths: list[str]) -> list[tuple[str, str, bytes, int]]:
    """Each discard's hand (notation), discard, dead tiles and seat, replayed here with records.Table."""
    views = []
    for path in paths:
        for game in records.read(path):
            for round in game.rounds:
                table = records.Table(game, round)
                try:
                    for discard in table.play():
                        hand = shanten.Hand(tuple(table.hands[discard.seat]), tuple(table.red[discard.seat]))
                        melds = [str(shanten.Meld(call.kind, tuple(shanten.tiles.tile_kind(t) for t in call.tiles),
                                                  sum(t >= 34 for t in call.tiles))) for call in table.melds[discard.seat]]
                        views.append((" ".join([str(hand), *melds]), shanten.TILE_ID_NAMES[discard.tile],
                                      table.dead(discard.seat), game.rules.players))
                    table.finish()
                except records.RecordError:
                    del views[len(views) - sum(len(river) for river in table.rivers):]
    return views


def _check_rows_against_discards(paths: list[str], step: int = 1) -> int:
    rows = review(paths).decisions.to_pylist()
    views = _scalar_view(paths)
    assert len(rows) == len(views)
    for row, (hand, discard, dead, players) in list(zip(rows, views))[::step]:
        assert row["hand"] == hand and row["discard"] == discard
        table = shanten.discards(hand, dead=dead, players=players)
        by_kind = {r.kind: r for r in table}
        taken = by_kind[row["discard_kind"]]
        best = table[0]
        better = sum(1 for r in by_kind.values() if (r.shanten, -r.total) < (taken.shanten, -taken.total))
        where = f"{hand} discard {discard}"
        assert (row["shanten_before"], row["shanten_after"], row["ukeire"]) == (
            shanten.shanten(hand, dead=dead, players=players), taken.shanten, taken.total), where
        assert (row["best_shanten"], row["best_ukeire"], row["rank"]) == (best.shanten, best.total, better + 1), where
        assert row["best_discards"] == [shanten.TILE_NAMES[k] for k in sorted(
            r.kind for r in by_kind.values() if (r.shanten, r.total) == (best.shanten, best.total))], where
        assert row["matched"] == (row["rank"] == 1)
        assert row["ukeire_lost"] == (best.total - taken.total if taken.shanten == best.shanten else None)
    return len(rows)


def test_every_decision_equals_the_one_hand_discard_table() -> None:
    assert _check_rows_against_discards([str(DATA / "short.mjlog")]) == 20


def test_real_records_decisions_equal_the_one_hand_discard_table(shared_dir: Path) -> None:
    paths = sorted(str(p) for p in (shared_dir / "records" / "mjx" / "mjlog").glob("*.mjlog"))[:3]
    paths = sorted(paths + [str(shared_dir / "records" / "dnovikoff_tenhou" / "sanma.xml")])  # the review sorts them
    assert _check_rows_against_discards(paths, step=3) == 1826


@pytest.fixture
def mixed_folder(tmp_path: Path) -> Path:
    """Two readable records (one with an impossible round) and three bad files."""
    folder = tmp_path / "records"
    folder.mkdir()
    shutil.copy(DATA / "short.mjlog", folder / "a_good.mjlog")
    lines = (DATA / "short.mjson").read_text().splitlines()
    second = max(i for i, line in enumerate(lines) if '"start_kyoku"' in line)
    broken = next(i for i in range(second, len(lines)) if '"dahai"' in lines[i])
    lines[broken] = lines[broken].replace('"pai":"E"', '"pai":"9s"')  # seat 1 holds no 9s
    (folder / "b_impossible_round.mjson").write_text("\n".join(lines) + "\n")
    (folder / "c_truncated.mjlog.gz").write_bytes(gzip.compress((DATA / "short.mjlog").read_bytes()[:1500]))
    (folder / "d_empty.json").write_bytes(b"")
    (folder / "e_unknown.json").write_text("hello, not a game\n")
    (folder / "README").write_text("not named like a record: skipped and counted\n")
    return folder


def test_bad_files_and_rounds_are_reported_and_everything_else_completes(mixed_folder: Path) -> None:
    result = review([str(mixed_folder)])
    totals = result.totals
    assert (totals.files, totals.reviewed, totals.failed, totals.skipped) == (5, 2, 3, 1)
    assert (totals.rounds, totals.failed_rounds) == (3, 1)
    errors = {(Path(row["source"]).name, row["round"]): row["reason"] for row in result.errors.to_pylist()}
    assert set(errors) == {("b_impossible_round.mjson", "E2-0"), ("c_truncated.mjlog.gz", None),
                           ("d_empty.json", None), ("e_unknown.json", None)}
    assert "empty file" in errors[("d_empty.json", None)]
    assert "unknown format" in errors[("e_unknown.json", None)]
    assert errors[("b_impossible_round.mjson", "E2-0")].endswith("E2-0: seat 1 (turn 1) discards 9s but holds none")
    # reconciles: the decisions are the discards of the reviewed rounds
    good = sum(records.replay(game) for game in records.read(str(mixed_folder / "a_good.mjlog")))
    first_round = records.Table(*(lambda g: (g, g.rounds[0]))(next(records.read(str(mixed_folder / "b_impossible_round.mjson"))))).run()
    assert totals.decisions == result.decisions.num_rows == good + sum(len(r) for r in first_round.rivers)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_file_gone_before_its_turn_is_reported(tmp_path: Path, workers: int) -> None:
    shutil.copy(DATA / "short.mjlog", tmp_path / "a.mjlog")
    (tmp_path / "b.mjlog").symlink_to(tmp_path / "gone.mjlog")  # found in the folder, never readable
    result = review([str(tmp_path)], workers=workers)
    assert (result.totals.files, result.totals.reviewed, result.totals.failed) == (2, 1, 1)
    assert result.errors.to_pylist() == [{"source": str(tmp_path / "b.mjlog"), "game": None, "round": None,
                                          "reason": f"{tmp_path / 'b.mjlog'}: cannot read: No such file or directory"}]
    assert result.decisions.num_rows == review([str(tmp_path / "a.mjlog")]).decisions.num_rows > 0


def test_parquet_tables_carry_their_schema_and_read_back(mixed_folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    totals = write([str(mixed_folder)], str(out))
    in_memory = review([str(mixed_folder)])
    assert sorted(p.name for p in out.iterdir()) == ["decisions.parquet", "errors.parquet", "players.parquet",
                                                     "rounds.parquet"]
    for name in ("decisions", "rounds", "players", "errors"):
        table = pq.read_table(out / f"{name}.parquet")
        assert table.schema.metadata[b"shanten.review.schema"] == str(SCHEMA_VERSION).encode()
        assert table.equals(getattr(in_memory, name)), name
    assert totals.decisions == in_memory.totals.decisions
    group = pq.ParquetFile(out / "decisions.parquet").metadata.row_group(0)
    dictionary = {group.column(i).path_in_schema for i in range(group.num_columns)
                  if "RLE_DICTIONARY" in group.column(i).encodings}
    assert {"game", "player", "discard", "best_discards.list.element"} <= dictionary and "hand" not in dictionary
    statistics = {group.column(i).path_in_schema for i in range(group.num_columns) if group.column(i).is_stats_set}
    assert {"game", "turn", "ukeire", "ukeire_lost"} <= statistics
    assert not {"hand", "best_discards.list.element"} & statistics


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_leaves_the_previous_output(tmp_path: Path, workers: int) -> None:
    shutdown()  # no pool kept from an earlier review
    out = tmp_path / "out"
    write([str(DATA / "short.mjlog")], str(out))
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write([str(DATA), str(DATA / "short.json")], str(out), workers=workers, progress=interrupt)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # no half-written folder left beside it
    assert not multiprocessing.active_children()  # a pool's workers are gone, not kept for the next review


def test_a_process_pool_and_a_dask_cluster_give_the_same_output(mixed_folder: Path, tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    outputs = {}
    for label, options in (("one", {"workers": 1}), ("pool", {"workers": 2}), ("dask", {"workers": 2, "dask": "local"})):
        write([str(mixed_folder), str(DATA)], str(tmp_path / label), **options)
        outputs[label] = {name: pq.read_table(tmp_path / label / f"{name}.parquet")
                          for name in ("decisions", "rounds", "players", "errors")}
    for name, table in outputs["one"].items():
        assert table.num_rows > 0, name
        assert outputs["pool"][name].equals(table) and outputs["dask"][name].equals(table), name


def _chunked_by_the_rule(weights: list[int], workers: int) -> list[int]:
    """The chunks' sizes (in sources) the rule gives, every weight known beforehand: a chunk ends
    once it holds CHUNK_BYTES, or with several workers a TAIL_CHUNKS-th of each one's share left."""
    sizes: list[int] = []
    left, filled, count = sum(weights), 0, 0
    for weight in weights:
        filled, count = filled + weight, count + 1
        limit = run_module.CHUNK_BYTES if workers == 1 else max(
            run_module.TAIL_BYTES, min(run_module.CHUNK_BYTES, left // (run_module.TAIL_CHUNKS * workers)))
        if filled >= limit:
            sizes.append(count)
            left, filled, count = left - filled, 0, 0
    return sizes + ([count] if count else [])


@pytest.mark.parametrize("seed", range(6))
def test_files_are_weighed_only_as_far_ahead_as_a_chunk_needs(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    sources = [f"file{n}" for n in range(rng.randrange(1, 3000))]
    weights = {source: rng.choice((0, rng.randrange(1, 4000), rng.randrange(1, 200_000))) for source in sources}
    weighed: list[str] = []

    def weigh(source: str) -> int:
        weighed.append(source)
        return weights[source]

    monkeypatch.setattr(run_module, "_weight", weigh)
    for workers in (1, 2, 4):
        weighed.clear()
        made = run_module.chunks(sources, workers)
        first = next(made)
        # the first chunk, and beyond it at most what makes CHUNK_BYTES a tail chunk (or one file)
        beyond = sum(weights[source] for source in weighed[len(first):-1])
        assert beyond < run_module.CHUNK_BYTES * run_module.TAIL_CHUNKS * workers if workers > 1 else \
            weighed == first, (seed, workers)
        sizes = [len(first)] + [len(chunk) for chunk in made]
        assert sizes == _chunked_by_the_rule([weights[source] for source in sources], workers), (seed, workers)
        assert weighed == sources, (seed, workers)  # each once, in order


def test_a_pool_worker_hands_its_tables_over_in_files(tmp_path: Path) -> None:
    chunk: list[str | bytes] = [str(DATA / name) for name in FORMATS]
    direct = _review(chunk)
    spooled = _review(chunk, spool=str(tmp_path))
    assert spooled.spooled is not None and len(list(tmp_path.iterdir())) == 2
    sent = pickle.loads(pickle.dumps(spooled))
    assert len(pickle.dumps(spooled)) < 1000 and not hasattr(sent, "decisions")  # the tables stay in the files
    back = _unspool(sent)
    assert back.decisions.equals(direct.decisions) and back.results.equals(direct.results)
    assert (back.games, back.rounds, back.errors, back.players) == (direct.games, direct.rounds, direct.errors,
                                                                   direct.players)
    assert back.spooled is None and back.mapped and list(tmp_path.iterdir()) == []
    unwritable = _review(chunk, spool=str(tmp_path / "absent"))  # the pipe, then
    assert unwritable.spooled is None and unwritable.decisions.equals(direct.decisions)


def test_a_pools_last_results_are_written_as_they_come(tmp_path: Path) -> None:
    chunk: list[str | bytes] = [str(DATA / name) for name in FORMATS]
    # a window of 3 over 5 chunks: once the last chunk is handed out, the 2 results still awaited are closing
    results = list(_in_order(range(5), lambda review, item: review(item), lambda done: done, 3,
                             lambda item: _review(chunk, encode=True)))
    assert [result.closing for result in results] == [False, False, False, True, True]
    writer = Writer(str(tmp_path / "out"))
    writer.add(results[0])  # the decisions joined at once; the rounds, far below a row group, kept
    assert len(writer.pending) == 1
    for result in results[3:]:  # the rounds written at once, with whatever was kept
        writer.add(result)
        assert writer.pending == []
    writer.close(Totals())
    direct = _review(chunk)
    for name, table, groups in (("decisions", direct.decisions, 3), ("rounds", direct.results, 2)):
        written = pq.ParquetFile(tmp_path / "out" / f"{name}.parquet")
        assert written.metadata.num_row_groups == groups, name
        assert written.read().equals(pa.Table.from_batches([table] * 3).replace_schema_metadata(
            written.schema_arrow.metadata)), name


def test_a_worker_writing_parquet_encodes_its_decisions(tmp_path: Path) -> None:
    chunk: list[str | bytes] = [str(DATA / name) for name in FORMATS]
    direct = _review(chunk)
    encoded = _review(chunk, encode=True)
    assert (encoded.decisions.num_rows, encoded.encoded.rows) == (0, direct.decisions.num_rows) == (0, 60)
    assert encoded.decisions.schema == direct.decisions.schema and encoded.results.equals(direct.results)
    part = pq.read_table(pa.BufferReader(encoded.encoded.data))
    assert part.equals(pa.Table.from_batches([direct.decisions]))
    assert part.schema.metadata == {b"shanten.review.schema": b"1"}
    assert Writer(str(tmp_path / "out")).decisions.append(encoded.encoded)  # joined as it is, not encoded again
    shutil.rmtree(next(tmp_path.iterdir()))
    spooled = _review(chunk, spool=str(tmp_path), encode=True)
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".arrow", ".rounds"]  # the file as it is, and the rounds
    sent = pickle.loads(pickle.dumps(spooled))
    assert len(pickle.dumps(spooled)) < 20000 and sent.encoded is not None and sent.encoded.data == b""  # in the file
    back = _unspool(sent)
    assert back.encoded == encoded.encoded and back.results.equals(direct.results) and list(tmp_path.iterdir()) == []
    assert back.decisions.num_rows == 0 and Totals().decisions == 0
    totals = Totals()
    totals.add(back)
    assert totals.decisions == 60


def test_decisions_encoded_with_another_schema_are_encoded_again(tmp_path: Path) -> None:
    chunk: list[str | bytes] = [str(DATA / name) for name in FORMATS]
    direct = _review(chunk)
    other = pa.BufferOutputStream()  # no version in its metadata, as from another writer: not joined as it is
    pq.write_table(pa.Table.from_batches([direct.decisions]), other, compression="zstd")
    writer = Writer(str(tmp_path / "out"))
    writer.add(FileReview(decisions=NO_DECISIONS, encoded=parquet.part(other.getvalue().to_pybytes())))
    writer.add(_review(chunk, encode=True))
    writer.close(Totals())
    written = pq.read_table(tmp_path / "out" / "decisions.parquet")
    assert written.schema.metadata[b"shanten.review.schema"] == b"1"
    assert written.equals(pa.Table.from_batches([direct.decisions] * 2).replace_schema_metadata(written.schema.metadata))


def _maps(folder: Path) -> int:
    """The memory maps of this process onto files in ``folder``."""
    with open("/proc/self/maps") as maps:
        return sum(f" {folder}/" in line for line in maps)


@pytest.mark.skipif(not os.path.exists("/proc/self/maps"), reason="counts memory maps in /proc/self/maps (Linux)")
def test_an_in_memory_review_copies_its_tables_out_of_their_maps(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_module, "MAPPED", 3)
    chunk: list[str | bytes] = [str(DATA / name) for name in FORMATS]
    direct = _review(chunk)
    collected = Collected()
    for count in range(1, 8):
        collected.add(_unspool(_review(chunk, spool=str(tmp_path))))
        assert _maps(tmp_path) == 2 * (count % 3), count  # two files a result, copied out every third
    collected.add(direct)  # a result from this process's memory is not counted
    assert _maps(tmp_path) == 2
    assert [len(collected.decisions), len(collected.rounds)] == [4, 4]  # 3 + 3 copied into 1 each, then 1 + 1
    assert pa.Table.from_batches(collected.decisions).equals(pa.Table.from_batches([direct.decisions] * 8))
    assert pa.Table.from_batches(collected.rounds).equals(pa.Table.from_batches([direct.results] * 8))


def run(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "shanten", *argv], capture_output=True, input=stdin)


def test_command_line(mixed_folder: Path, tmp_path: Path) -> None:
    done = run("review", str(mixed_folder), "-o", str(tmp_path / "out"), "--workers", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert lines[0] == "files 5: 2 reviewed, 3 failed (1 in folders skipped: not named like records)"
    assert lines[1] == "rounds 4: 3 reviewed, 1 failed"
    assert lines[2].startswith("decisions 30 in ")
    piped = run("review", "-", "-o", str(tmp_path / "stdin"), "--quiet", stdin=(DATA / "short.mjson").read_bytes())
    assert piped.returncode == 0
    assert pq.read_table(tmp_path / "stdin" / "decisions.parquet").num_rows == 20
    missing = run("review", str(tmp_path / "nothing-here"), "-o", str(tmp_path / "x"))
    assert (missing.returncode, missing.stderr.decode()) == (
        2, f"shanten review: error: {tmp_path / 'nothing-here'}: no such file or folder\n")
    assert run("review", str(DATA)).returncode == 2  # -o is required


def test_finding_files_folders_and_globs(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("a.mjlog", "sub/b.json", "sub/notes.txt"):
        (tmp_path / name).write_bytes(b"")
    (tmp_path / "gone.mjlog").symlink_to(tmp_path / "absent")
    # the glob also matches the dangling link, which names nothing
    with pytest.raises(shanten.InvalidHandError, match=r"\*\.mjlog: no such file or folder"):
        run_module.find([str(tmp_path / "*.mjlog")])
    found, skipped = run_module.find([str(tmp_path / "sub"), str(tmp_path / "a.mjlog"), "-", str(tmp_path / "a.*")])
    assert (found, skipped) == (["-", str(tmp_path / "a.mjlog"), str(tmp_path / "sub" / "b.json")], 1)
    for named in ("gone.mjlog", "nothing", "nul\0byte"):
        with pytest.raises(shanten.InvalidHandError, match="no such file or folder"):
            run_module.find([str(tmp_path / named)])


def test_shared_records_reconcile(shared_dir: Path) -> None:
    """Every shared record: files read = reviewed + failed, and decisions = the replayed discards."""
    folder = shared_dir / "records"
    result = review([str(folder)], workers=2)
    totals = result.totals
    assert totals.files == totals.reviewed + totals.failed
    replayed = 0
    for path in (row for row in review.__globals__["find"]([str(folder)])[0]):
        try:
            for game in records.read(path):
                for round in game.rounds:
                    try:
                        replayed += sum(len(river) for river in records.Table(game, round).run().rivers)
                    except records.RecordError:
                        pass
        except records.RecordError:
            pass
    assert totals.decisions == result.decisions.num_rows == replayed
    assert totals.decisions > 90_000


def _damaged(round: records.Round, rng: random.Random, ends: list[records.End | None]) -> records.Round:
    """The round with one event dropped, swapped, repeated or changed, its end cut or exchanged."""
    events = list(round.events)
    at = rng.randrange(len(events))
    event = events[at]
    damage = rng.randrange(7)
    if damage == 0:
        del events[at]
    elif damage == 1:
        other = rng.randrange(len(events))
        events[at], events[other] = events[other], events[at]
    elif damage == 2:
        events.insert(at, events[rng.randrange(len(events))])
    elif damage == 3 and type(event) in (records.Draw, records.Discard):
        events[at] = event._replace(tile=rng.randrange(37))
    elif damage == 3 and type(event) is records.Call:
        events[at] = event._replace(tiles=records.sort_tiles([rng.randrange(37) for _ in event.tiles]))
    elif damage == 4 and event._fields[0] == "seat":
        events[at] = event._replace(seat=rng.randrange(4))
    elif damage == 4 and type(event) is records.Discard:
        events[at] = event._replace(tsumogiri=not event.tsumogiri)
    elif damage == 5:
        del events[at:]
    else:
        return round._replace(events=tuple(events), end=rng.choice(ends))
    return round._replace(events=tuple(events))


def test_the_replay_in_c_matches_records_table_on_damaged_rounds(shared_dir: Path) -> None:
    """The C replay gives each discard's row and hand exactly as ``_replay_table`` (records.Table)
    does, and gives back every round Table refuses (Table then words the error)."""
    paths = [str(DATA / name) for name in FORMATS] + [str(shared_dir / "records" / "dnovikoff_tenhou" / "sanma2.xml")]
    paths += sorted(str(p) for p in (shared_dir / "records" / "mjx" / "mjlog").glob("*.mjlog"))[:4]
    rounds = [(game, round) for path in paths for game in records.read(path) for round in game.rounds]
    ends = [round.end for _, round in rounds] + [None]
    rng = random.Random(9)
    tally = {"both replay": 0, "both refuse": 0}
    for count in range(6000):
        game, round = rounds[count % len(rounds)]
        if count >= len(rounds):  # every round once as recorded, then damaged
            round = _damaged(round, rng, ends)
        rows, text = bytearray(), bytearray()
        discards = replay_round(KIT, game.rules.players, game.rules.red_fives, round.dealer, round.dora, round.hands,
                                round.events, round.end, rows, text)
        gathered = _Gathered()
        try:
            expected = (_replay_table(game, round, gathered), gathered.rows, gathered.text)
        except records.RecordError:
            assert (discards, rows, text) == (None, b"", b""), (game.source, round.name)
            tally["both refuse"] += 1
            continue
        assert (discards, rows, text) == expected, (game.source, round.name)
        tally["both replay"] += 1
    assert tally == {"both replay": 505, "both refuse": 5495}


def test_rounds_replayed_by_records_table_review_the_same(mixed_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With every round given back by C, records.Table replays them all into the same tables."""
    paths = [str(mixed_folder), str(DATA)]
    fast = review(paths)
    monkeypatch.setattr("shanten.review.analysis.replay_round", lambda *_: None)
    slow = review(paths)
    for name in ("decisions", "rounds", "players", "errors"):
        assert getattr(slow, name).equals(getattr(fast, name)), name
    assert fast.errors.num_rows == 4
