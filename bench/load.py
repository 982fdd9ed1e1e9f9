"""Loopback load run of ``shanten serve``: GET /api/analyze with real hands, POST /api/shanten with 1,000-hand bodies.

The script starts the server itself (its default workers unless ``--workers``), on 127.0.0.1 only,
and sends a fixed number of requests per endpoint from ``--connections`` keep-alive connections,
stopping early at ``--seconds``. Hands: the 14-tile hands of ../shared/records/mjx/shanten/*.txt
(beside the repository). It prints requests/s, hands/s, p50/p99 latency and errors, and each
issue target beside the figure as a ratio (>= 1 meets it). bench/README.md records a run.

    python bench/load.py [--requests N] [--bodies N] [--seconds S] [--connections C] [--workers W]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from shanten.tiles import format_tiles

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT.parent / "shared" / "records" / "mjx" / "shanten"
HOST = "127.0.0.1"  # the only address this script ever connects to
HANDS_PER_BODY = 1_000


@dataclass
class Run:
    """What one endpoint's run saw: latency of each answered request, errors, wall time."""

    name: str
    hands_per_request: int
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0

    def row(self) -> dict[str, float]:
        answered = sorted(self.latencies) or [float("nan")]
        rate = len(self.latencies) / self.seconds if self.seconds else 0.0
        return {"requests": len(self.latencies) + self.errors, "requests/s": rate,
                "hands/s": rate * self.hands_per_request, "p50 ms": 1000 * statistics.median(answered),
                "p99 ms": 1000 * answered[int(0.99 * (len(answered) - 1))], "errors": self.errors}


def real_hands() -> list[list[int]]:
    """34 counts of each hand in the mjx records: 14 tile kinds, then three numbers we do not need."""
    hands = []
    for path in sorted(RECORDS.glob("*.txt")):
        for line in path.read_text().splitlines():
            counts = [0] * 34
            for kind in map(int, line.split()[:14]):
                counts[kind] += 1
            hands.append(counts)
    if not hands:
        sys.exit(f"load.py: no hands in {RECORDS}")
    return hands


def request(method: str, path: str, port: int, body: bytes = b"") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
    if method == "POST":
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    return (head + "\r\n").encode() + body


async def connection(port: int, requests: list[bytes], run: Run, deadline: float) -> None:
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        for message in requests:
            if time.perf_counter() > deadline:
                break
            start = time.perf_counter()
            writer.write(message)
            head = await reader.readuntil(b"\r\n\r\n")
            length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:"))
            await reader.readexactly(length)
            if head.startswith(b"HTTP/1.1 200 "):
                run.latencies.append(time.perf_counter() - start)
            else:
                run.errors += 1
    finally:
        writer.close()


async def load(port: int, requests: list[bytes], run: Run, connections: int, seconds: float) -> None:
    start = time.perf_counter()
    shares = [requests[index::connections] for index in range(connections)]
    await asyncio.gather(*(connection(port, share, run, start + seconds) for share in shares))
    run.seconds = time.perf_counter() - start


def start_server(workers: int | None) -> tuple[subprocess.Popen[str], int]:
    argv = [sys.executable, "-m", "shanten", "serve", "--host", HOST, "--port", "0"]
    server = subprocess.Popen(argv + ([] if workers is None else ["--workers", str(workers)]), stdout=subprocess.PIPE,
                              text=True)
    assert server.stdout is not None
    url = server.stdout.readline().split()[3]
    port = int(url.rsplit(":", 1)[1].strip("/"))
    for _ in range(200):  # the workers start after the URL is printed
        try:
            asyncio.run(asyncio.wait_for(asyncio.open_connection(HOST, port), 1))
            break
        except OSError:
            time.sleep(0.05)
    return server, port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=20_000, help="GET /api/analyze requests (default 20,000)")
    parser.add_argument("--bodies", type=int, default=2_000,
                        help="POST /api/shanten requests of count lists (default 2,000; a tenth as many of notation)")
    parser.add_argument("--seconds", type=float, default=60, help="time limit per endpoint (default 60)")
    parser.add_argument("--connections", type=int, default=16, help="concurrent connections (default 16)")
    parser.add_argument("--workers", type=int, help="server workers (default: the server's own default)")
    args = parser.parse_args()

    hands = real_hands()
    notation = [format_tiles(hand) for hand in hands]
    # name -> (hands as written, requests): notation parses at about 40 us a hand, so a tenth as many bodies
    bodies = {"POST /api/shanten (counts)": (hands, args.bodies),
              "POST /api/shanten (notation)": (notation, args.bodies // 10)}
    load_average = os.getloadavg()[0]  # other work on the machine shows in the figures: say how much there was
    server, port = start_server(args.workers)
    try:
        runs = [Run("GET /api/analyze", 1)]
        gets = [request("GET", "/api/analyze?q=" + urllib.parse.quote(notation[i % len(hands)]), port)
                for i in range(args.requests)]
        asyncio.run(load(port, gets, runs[0], args.connections, args.seconds))
        for name, (written, count) in bodies.items():
            runs.append(Run(name, HANDS_PER_BODY))
            chunks = [json.dumps(written[i:i + HANDS_PER_BODY]).encode() for i in range(0, len(hands), HANDS_PER_BODY)]
            posts = [request("POST", "/api/shanten", port, chunks[i % len(chunks)]) for i in range(count)]
            asyncio.run(load(port, posts, runs[-1], args.connections, args.seconds))
    finally:
        server.terminate()
        server.wait(timeout=30)

    workers = "default" if args.workers is None else args.workers
    print(f"shanten serve on {HOST}, workers {workers}, {args.connections} connections, {len(hands):,} mjx hands, "
          f"load average {load_average:.2f} before the run")
    columns = ["requests", "requests/s", "hands/s", "p50 ms", "p99 ms", "errors"]
    print(f"{'endpoint':<30}" + "".join(f"{c:>12}" for c in columns) + "  target (ratio)")
    targets = {"GET /api/analyze": ("requests/s", 2_000, "p99 ms", 50.0),
               "POST /api/shanten (counts)": ("hands/s", 1_000_000, None, None)}
    for run in runs:
        row = run.row()
        cells = "".join(f"{row[c]:>12,.0f}" if c != "p50 ms" and c != "p99 ms" else f"{row[c]:>12.2f}" for c in columns)
        target = ""
        if run.name in targets:
            rate, goal, latency, limit = targets[run.name]
            target = f"  {rate} >= {goal:,} ({row[rate] / goal:.2f})"
            if latency is not None and limit is not None:
                target += f", {latency} <= {limit:.0f} ({limit / row[latency]:.2f})"
        print(f"{run.name:<30}{cells}{target}")


if __name__ == "__main__":
    main()
