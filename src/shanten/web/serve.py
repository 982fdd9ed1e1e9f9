"""``shanten serve``: run the web page and the JSON API with uvicorn.

The server listens on loopback unless told otherwise, prints its URL once the port is bound, and
runs ``--workers`` processes (default ``WORKERS``; bench/README.md gives the measurements behind it).
Without the web extra it says in one line what to install.

Each worker listens on a socket of its own, all bound to the port with ``SO_REUSEPORT``, so the
kernel spreads connections over the workers. With one shared socket (uvicorn's ``--workers``) the
first worker to wake accepts every connection waiting, and a few keep-alive clients, the usual bot,
leave the other workers idle. Where ``SO_REUSEPORT`` does not exist the workers share one socket.

>>> build_parser().parse_args(["--port", "0"]).workers == WORKERS
True
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import socket
import sys
from collections.abc import Sequence

from ..cli import _Parser

WORKERS = 2
"""Worker processes by default: one per core of the 2-core machines the project measures on (bench/README.md)."""

MISSING = ('shanten: error: shanten serve needs the web extra: pip install "shanten[web]" '
           '(from a clone: pip install ".[web]")')


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="shanten serve", description="Serve the 牌理 page and the JSON API (docs/web.md).")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only)")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free port; default 8000)")
    parser.add_argument("--workers", type=int, default=WORKERS, help=f"worker processes (default {WORKERS})")
    return parser


def command(argv: Sequence[str]) -> int:
    """Parse ``argv``, bind the port, print the URL and serve until interrupted."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    try:
        import fastapi  # noqa: F401  (the application needs it; only the workers would import it)
        import uvicorn  # noqa: F401
    except ImportError:
        print(MISSING, file=sys.stderr)
        return 2
    try:
        sockets = _listen(args.host, args.port, args.workers)
    except OSError as error:
        why = os.strerror(error.errno) if error.errno else str(error)
        print(f"shanten: error: cannot listen on {args.host} port {args.port}: {why}", file=sys.stderr)
        return 2
    host, port = sockets[0].getsockname()[:2]
    print(f"shanten: serving on http://{f'[{host}]' if ':' in host else host}:{port}/  (Ctrl-C stops)", flush=True)
    if args.workers == 1:
        _work(sockets[0])
        return 0
    spawn = multiprocessing.get_context("spawn")  # a fresh interpreter per worker: no state forked from this one
    workers = [spawn.Process(target=_work, args=(listener,), daemon=True) for listener in sockets]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # stop the workers too, in the finally below
    try:
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    except KeyboardInterrupt:  # Ctrl-C reaches the workers too; wait for them below
        pass
    finally:
        for worker in workers:
            worker.terminate()
            worker.join()
    return 0


def _listen(host: str, port: int, workers: int) -> list[socket.socket]:
    """A listening socket per worker on ``host`` and ``port`` (0: a free port), or one shared by all."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # Bound without SO_REUSEPORT first: that fails if anything holds the port, another server of ours included.
    first = socket.create_server((host, port), family=family)
    if workers == 1 or not hasattr(socket, "SO_REUSEPORT"):
        return [first] * workers
    port = first.getsockname()[1]
    first.close()
    return [socket.create_server((host, port), family=family, reuse_port=True) for _ in range(workers)]


def _work(listener: socket.socket) -> None:
    """One worker: uvicorn serving the application on ``listener`` until told to stop."""
    import uvicorn

    config = uvicorn.Config("shanten.web.app:create_app", factory=True, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[listener])
