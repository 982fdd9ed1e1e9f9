"""``shanten serve``: run the web page and the JSON API with uvicorn.

The server listens on loopback unless told otherwise, prints its URL once the port is bound, and
runs ``--workers`` processes (default ``WORKERS``; docs/web.md gives the measurements behind it).
Without the web extra it says in one line what to install.

>>> build_parser().parse_args(["--port", "0"]).workers == WORKERS
True
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Sequence

from ..cli import _Parser

WORKERS = 2
"""Worker processes by default: one per core of a 2-core machine gave the best throughput and p99."""

MISSING = 'shanten: error: shanten serve needs the web extra: pip install "shanten[web]" (from a clone: pip install ".[web]")'


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
        import fastapi  # noqa: F401  (the application needs it; uvicorn would only import it in the workers)
        import uvicorn
        from uvicorn.supervisors import Multiprocess
    except ImportError:
        print(MISSING, file=sys.stderr)
        return 2
    try:
        # Bound here rather than by uvicorn, so a busy port is one line and the URL names the real port.
        listener = socket.create_server((args.host, args.port), family=socket.AF_INET6 if ":" in args.host
                                        else socket.AF_INET)
    except OSError as error:
        print(f"shanten: error: cannot listen on {args.host} port {args.port}: {os.strerror(error.errno) if error.errno else error}",
              file=sys.stderr)
        return 2
    host, port = listener.getsockname()[:2]
    print(f"shanten: serving on http://{f'[{host}]' if ':' in host else host}:{port}/  (Ctrl-C stops)", flush=True)
    config = uvicorn.Config("shanten.web.app:create_app", factory=True, workers=args.workers, log_level="warning",
                            access_log=False)
    try:
        if args.workers > 1:
            Multiprocess(config, sockets=[listener]).run()
        else:
            uvicorn.Server(config).run(sockets=[listener])
    except KeyboardInterrupt:
        pass
    return 0
