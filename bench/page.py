"""How fast the page updates in a real browser: Debian's chromium, headless, against `shanten serve`.

    python bench/page.py [--hands N]

Enters each of N real 14-tile hands (the mjx test hands in ../shared) into the page and times, inside
the page, from the input event to the next frame after the result area changed (fetch, server and
rendering); then selects a discard and clicks a draw (a walk step) and times the same way. Prints the
median, 90th percentile and maximum beside the issue's bar (well under 100 ms).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from shanten import Hand

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "records" / "mjx" / "shanten"
BAR_MS = 100

# From an action to the first frame painted after the result area changed, in the page's own clock.
TIMED = """async ([selector, value]) => {
  const result = document.getElementById("result");
  const changed = new Promise(done => new MutationObserver((_, observer) => { observer.disconnect(); done(); })
    .observe(result, {childList: true, subtree: true}));
  const start = performance.now();
  const target = document.querySelector(selector);
  if (value === null) target.click();
  else { target.value = value; target.dispatchEvent(new Event("input", {bubbles: true})); }
  await changed;
  await new Promise(requestAnimationFrame);
  return performance.now() - start;
}"""


def hands(n: int) -> list[str]:
    lines = (SHARED / "p_normal_10000.txt").read_text().splitlines()[:n]
    result = []
    for line in lines:
        counts = [0] * 34
        for kind in line.split()[:14]:
            counts[int(kind)] += 1
        result.append(str(Hand(tuple(counts))))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None or not SHARED.is_dir():
        sys.exit("needs Debian's chromium and ../shared/records (the mjx hands)")
    from playwright.sync_api import sync_playwright

    server = subprocess.Popen([sys.executable, "-m", "shanten", "serve", "--port", "0", "--workers", "1"],
                              stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    url = server.stdout.readline().split()[3]
    typed, walked = [], []
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_page(base_url=url)
            page.goto("/")
            for hand in hands(args.hands):
                typed.append(page.evaluate(TIMED, ["#q", hand]) / 1000)
                page.wait_for_function("q => new URLSearchParams(location.search).get('q') === q", arg=hand)
                row = page.locator("#result tbody tr[data-discard]").first
                row.locator(".shanten-discard").click()
                if not row.locator(".shanten-draw").count():
                    continue
                walked.append(page.evaluate(TIMED, ["#result tr.selected .shanten-draw", None]) / 1000)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"{'step':<18}{'n':>6}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}  bar")
    for label, times in (("type a hand", typed), ("walk: discard+draw", walked)):
        if not times:
            continue
        ms = sorted(t * 1000 for t in times)
        median, p90 = statistics.median(ms), ms[int(0.9 * (len(ms) - 1))]
        verdict = "PASS" if median < BAR_MS else "FAIL"
        print(f"{label:<18}{len(ms):>6}{median:>11.1f}{p90:>9.1f}{ms[-1]:>9.1f}  {verdict} (median < {BAR_MS} ms)")


if __name__ == "__main__":
    main()
