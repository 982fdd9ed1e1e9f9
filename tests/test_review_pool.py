"""The review's local process pool is kept between reviews (shanten.review.pool): reused while idle
for IDLE_SECONDS, then ended; ended at once by a failed review; never shared by two reviews at a
time, nor with a forked child."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from shanten.review import pool as pool_module
from shanten.review import review
from shanten.review.pool import pool, shutdown

DATA = Path(__file__).parent / "data" / "records"


def _workers() -> set[int]:
    return {child.pid for child in multiprocessing.active_children() if child.pid is not None}


@pytest.fixture(autouse=True)
def no_kept_pool() -> None:
    shutdown()
    assert not _workers()


def test_a_second_review_reuses_the_first_ones_workers() -> None:
    first = review([str(DATA)], workers=2)
    workers = _workers()
    assert len(workers) == 2
    second = review([str(DATA)], workers=2)
    assert _workers() == workers
    assert second.decisions.equals(first.decisions)
    assert first.decisions.equals(review([str(DATA)], workers=1).decisions)
    review([str(DATA)], workers=3)  # another size: a new pool, the old one's workers gone
    assert len(_workers()) == 3 and not _workers() & workers
    shutdown()
    assert not _workers()


def test_an_idle_pool_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_module, "IDLE_SECONDS", 0.2)
    review([str(DATA)], workers=2)
    assert len(_workers()) == 2
    deadline = time.monotonic() + 10
    while _workers() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _workers()


def test_a_failed_review_ends_the_pool() -> None:
    def fail(*_: object) -> None:
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError), pool(2) as executor:
        assert executor.submit(int, "7").result() == 7
        fail()
    assert not _workers()
    with pool(2) as fresh:
        assert fresh is not executor and fresh.submit(int, "8").result() == 8


def test_a_review_during_another_gets_its_own_pool() -> None:
    with pool(2) as held:
        with pool(2) as other:
            assert other is not held
            assert other.submit(abs, -3).result() == 3
        with pytest.raises(RuntimeError, match="shutdown"):
            other.submit(abs, -4)  # the second review's pool ended with it
        assert held.submit(abs, -5).result() == 5
    with pool(2) as again:
        assert again is held


def _child_review(queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    queue.put(review([str(DATA)], workers=2).decisions.num_rows)


def test_a_forked_child_starts_its_own_pool() -> None:
    review([str(DATA)], workers=2)  # a kept pool in this process
    queue: multiprocessing.Queue = multiprocessing.get_context("fork").Queue()  # type: ignore[type-arg]
    child = multiprocessing.get_context("fork").Process(target=_child_review, args=(queue,))
    child.start()
    assert queue.get(timeout=60) == review([str(DATA)], workers=1).decisions.num_rows
    child.join(timeout=60)
    assert child.exitcode == 0
