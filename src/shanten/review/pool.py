"""The local process pool of the review, kept between reviews for a while.

Starting a pool costs more than its fork: each worker then copies, page by page, the parent's
memory it writes to (about 4% of two workers' time over a few seconds of review). A review that
follows within ``IDLE_SECONDS`` reuses the workers of the last one, as in a notebook or a script
that reviews folder after folder. The workers are forked when the pool starts, so they run the code
and settings of that moment. One review at a time holds the kept pool; another running at the same
time (from another thread) gets a pool of its own, shut down when it ends.

>>> with pool(2) as workers:
...     workers.submit(pow, 2, 10).result()
1024
>>> with pool(2) as again:
...     again is workers
True
>>> shutdown()
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import util

from .._core import load_tables

IDLE_SECONDS = 60.0
"""How long the kept pool waits, idle, for the next review before its workers exit."""


class _Kept:
    """The kept pool, its size, whether a review holds it, and the timer that ends it when idle."""

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """No pool: at the start, and in a forked child, whose copy of the parent's pool is not its own."""
        self.lock = threading.Lock()
        self.pool: ProcessPoolExecutor | None = None
        self.workers = 0
        self.held = False
        self.timer: threading.Timer | None = None
        self.finalizer: util.Finalize | None = None

    def take(self, workers: int) -> tuple[ProcessPoolExecutor, bool]:
        """A pool of ``workers`` processes, and whether it is the kept one."""
        old = None
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            if self.held:
                return _start(workers), False
            if self.pool is None or self.workers != workers:
                old, self.pool, self.workers = self.pool, _start(workers), workers
                if not self.finalizer:
                    # a multiprocessing child joins its children before its threads' exit hooks run, which
                    # would tell these workers to go: end the pool first (before its queues' finalizers at
                    # priority 10 close them), or the child waits IDLE_SECONDS
                    self.finalizer = util.Finalize(self, self.expire, kwargs={"wait": True}, exitpriority=100)
            self.held = True
            kept = self.pool
        if old is not None:  # a new size: the old workers are gone before the new ones start work
            old.shutdown(wait=True)
        return kept, True

    def give_back(self, failed: bool) -> None:
        """The review holding the kept pool is over; a failed one may leave work queued: the pool goes."""
        with self.lock:
            self.held = False
            gone = self.pool if failed else None
            if failed:
                self.pool = None
            else:
                self.timer = threading.Timer(IDLE_SECONDS, self.expire, kwargs={"wait": False})
                self.timer.daemon = True
                self.timer.start()
        if gone is not None:
            gone.shutdown(cancel_futures=True)

    def expire(self, wait: bool) -> None:
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            if self.held or self.pool is None:
                return
            gone, self.pool = self.pool, None
        gone.shutdown(wait=wait)


_KEPT = _Kept()
if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_KEPT.forget)


def _start(workers: int) -> ProcessPoolExecutor:
    load_tables()  # before the workers fork: they share one copy of the 26 MB of masks (and of the cache)
    return ProcessPoolExecutor(workers)


@contextmanager
def pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A process pool of ``workers`` processes for one review: the kept one when it is free."""
    executor, kept = _KEPT.take(workers)
    try:
        yield executor
    except BaseException:
        if kept:
            _KEPT.give_back(failed=True)
        else:
            executor.shutdown(cancel_futures=True)
        raise
    if kept:
        _KEPT.give_back(failed=False)
    else:
        executor.shutdown(wait=False)  # every result is in: the workers exit on their own (10-15 ms not waited for)


def shutdown() -> None:
    """End the kept pool now, its workers gone on return, rather than after IDLE_SECONDS."""
    _KEPT.expire(wait=True)
