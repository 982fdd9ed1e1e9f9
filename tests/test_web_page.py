"""The page in a real browser: Debian's chromium, headless, driven by Playwright (which downloads nothing
when given the browser's path), against ``shanten serve`` on loopback.

Set ``SHANTEN_SCREENSHOT=docs/page.png`` to write the README's screenshot; otherwise it goes to a
temporary folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

import shanten
from shanten.analysis import analyze
from shanten.tiles import FIVES, TILE_NAMES, Hand

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium")
HAND = "336m237p2479s167z3s"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    process = subprocess.Popen([sys.executable, "-m", "shanten", "serve", "--port", "0", "--workers", "1"],
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    url = process.stdout.readline().split()[3]
    yield url
    process.terminate()
    process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs Debian's chromium")
        pytest.skip("no chromium here (apt-get install chromium)")
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])  # CI runs as root
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(base_url=server, viewport={"width": 1000, "height": 900})
    page = context.new_page()
    yield page
    context.close()


# Each table of the result area, rows in order: the discard drawn, the cells between, each kind and its live copies.
READ_TABLES = """() => [...document.querySelectorAll("#result table")].map(table => [...table.tBodies[0].rows].map(
  row => {
    const cells = [...row.cells];
    const last = cells[cells.length - 1];
    return {cells: cells.slice(1, -1).map(cell => cell.textContent.trim()),
            first: cells[0].querySelector("img").getAttribute("alt"),
            kinds: [...last.querySelectorAll("img")].map(img => img.getAttribute("alt")),
            live: [...last.querySelectorAll("small")].map(small => Number(small.textContent))};
}))"""


def expected_tables(hand: str, **options: Any) -> list[list[dict[str, Any]]]:
    """The discard table ``shanten.discards`` and ``analyze`` give: rows kept, then the back rows."""
    rows = analyze(hand, back=True, **options).rows
    assert [row.discard for row in rows] == [d for d in shanten.discards(hand, **options)]

    def shown(row: Any) -> dict[str, Any]:
        d, imp = row.discard, row.improvements
        improve = ["-", "-"] if imp is None else [str(imp.live), "-" if imp.average is None else f"{imp.average:.2f}"]
        good = "-" if row.good_shape is None else f"{row.good_shape:.0%}"
        return {"cells": [str(d.shanten), str(d.total), *improve, good], "first": d.tile,
                "kinds": list(d.tiles), "live": list(d.counts)}

    tables = [[shown(row) for row in rows if not row.discard.back], [shown(row) for row in rows if row.discard.back]]
    return [table for table in tables if table]


def after(hand: str, discard: str | None, draw: str) -> str:
    """The concealed tiles after playing ``discard`` (if any) then drawing ``draw``, worked out apart from the page."""
    h = Hand.parse(hand)
    counts, red = list(h.counts), list(h.red)
    if discard is not None:
        kind = TILE_NAMES.index(discard.replace("0", "5"))
        counts[kind] -= 1
        if discard.startswith("0"):
            red[FIVES.index(kind)] -= 1
    counts[TILE_NAMES.index(draw)] += 1
    return str(Hand(tuple(counts), (red[0], red[1], red[2]), drawn=TILE_NAMES.index(draw)))


def query(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_typing_a_hand_shows_the_table_of_shanten_discards(page: Any) -> None:
    page.goto("/")
    page.fill("#q", HAND)
    page.wait_for_selector("#result table")
    assert page.evaluate(READ_TABLES) == expected_tables(HAND)
    assert query(page) == {"q": [HAND]}
    assert page.inner_text(".shanten-forms") == "3-shanten (14 tiles) regular 3 seven pairs 5 thirteen orphans 9"
    assert not page.is_visible("details table")
    page.click("#result details summary")
    assert page.is_visible("details table")


@pytest.mark.parametrize(("hand", "options"), [("45p55777z1p (3333p) (6666p)", {"rule": "wrc"}),
                                               ("1111m111122233z9p", {"players": 3}),
                                               ("123456789m11224p", {"dead": "33p"})])
def test_options_reach_the_table_and_the_url(page: Any, hand: str, options: dict[str, Any]) -> None:
    page.goto("/")
    page.click("#options summary")
    if "rule" in options:
        page.select_option("select[name=rule]", options["rule"])
    if "players" in options:
        page.check("input[name=players]")
    if "dead" in options:
        page.fill("input[name=dead]", options["dead"])
    page.fill("#q", hand)
    page.wait_for_selector("#result table")
    assert page.evaluate(READ_TABLES) == expected_tables(hand, **options)
    assert query(page) == {"q": [hand], **{name: [str(value)] for name, value in options.items()}}


def test_a_discard_then_a_draw_walks_and_history_walks_back(page: Any) -> None:
    page.goto("/?q=" + HAND)
    row = page.locator('tr[data-discard="7p"]')
    row.locator(".shanten-discard").click()
    assert row.get_attribute("class") == "selected"
    row.locator('.shanten-draw:has(img[alt="1p"])').click()
    position = after(HAND, "7p", "1p")
    page.wait_for_url(lambda url: parse_qs(urlsplit(url).query).get("q") == [position])
    assert page.input_value("#q") == position
    page.wait_for_function(f"document.querySelector('.shanten-hand title').textContent === {position!r}")
    assert page.evaluate(READ_TABLES) == expected_tables(position)

    page.go_back()
    page.wait_for_function(f"document.querySelector('.shanten-hand title').textContent === {HAND!r}")
    assert (query(page), page.input_value("#q")) == ({"q": [HAND]}, HAND)
    assert page.evaluate(READ_TABLES) == expected_tables(HAND)
    page.go_forward()
    page.wait_for_function(f"document.querySelector('.shanten-hand title').textContent === {position!r}")
    assert page.input_value("#q") == position


def test_keyboard_alone_plays_a_draw_of_a_thirteen_tile_hand_and_melds_stay(page: Any) -> None:
    hand = "23m456p11z579s [789s]"
    page.goto("/")
    page.fill("#q", hand)
    page.keyboard.press("Enter")
    page.wait_for_selector(".shanten-ukeire .shanten-draw")
    assert shanten.ukeire(hand).tiles[0] == "1m"
    page.focus(".shanten-ukeire .shanten-draw")
    page.keyboard.press("Enter")
    position = after(hand, None, "1m") + " [789s]"
    assert position == "23m456p579s11z1m [789s]"
    page.wait_for_url(lambda url: parse_qs(urlsplit(url).query).get("q") == [position])
    assert page.input_value("#q") == position
    page.go_back()
    page.wait_for_function(f"document.querySelector('.shanten-hand title').textContent === {str(Hand.parse(hand))!r}")
    assert page.input_value("#q") == hand


def test_bad_input_shows_the_library_message_beside_the_field(page: Any) -> None:
    page.goto("/?q=" + HAND)
    page.fill("#q", "123m456p789s1122z9z")
    page.wait_for_selector("#result.stale")
    with pytest.raises(shanten.InvalidHandError) as error:
        analyze("123m456p789s1122z9z")
    assert page.inner_text("#error") == str(error.value) == "column 18: no tile 9z (honours are 1z-7z)"
    assert page.get_attribute("#q", "aria-invalid") == "true"
    page.fill("#q", HAND)
    page.wait_for_selector("#result:not(.stale)")
    assert page.inner_text("#error") == ""


def test_the_palette_builds_a_hand(page: Any) -> None:
    page.goto("/")
    for tile in ["1m", "2m", "3m", "0p", "5p", "7z"]:
        page.click(f'#palette button[data-tile="{tile}"]')
    assert page.input_value("#q") == "123m05p7z"
    page.click('#palette button[data-key="back"]')
    page.click('#palette button[data-key="back"]')
    assert page.input_value("#q") == "123m0p"
    page.click('#palette button[data-key="clear"]')
    assert (page.input_value("#q"), page.url.endswith("/")) == ("", True)


def test_phone_width_fits_and_the_screenshot(browser: Any, server: str, tmp_path: Path) -> None:
    phone = browser.new_page(base_url=server, viewport={"width": 360, "height": 740})
    phone.goto("/?q=" + HAND)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.close()
    desktop = browser.new_page(base_url=server, viewport={"width": 960, "height": 900})
    desktop.goto("/?q=23m456p789s11z579s1s")  # 1-shanten: every column has a value
    desktop.click('tr[data-discard="9s"] .shanten-discard')
    path = Path(os.environ.get("SHANTEN_SCREENSHOT") or tmp_path / "page.png")
    desktop.screenshot(path=str(path), full_page=True)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    desktop.close()


def _with_expected_values(page: Any, hand: str, **fields: str) -> None:
    """Type ``hand`` with *Expected value* checked and the options' ``fields`` set."""
    page.goto("/")
    page.click("#options summary")
    page.check("input[name=ev]")
    for name, value in fields.items():
        if name == "seat":
            page.select_option("select[name=seat]", value)
        else:
            page.fill(f"input[name={name}]", value)
    page.fill("#q", hand)
    page.wait_for_selector("#result th:has-text('score')")


def _shows_the_expected_values(page: Any, table: Any) -> None:
    for row in page.evaluate(READ_TABLES)[0]:
        e = next(r for r in table if r.tile == row["first"])
        decl = "riichi" if e.riichi else "dama" if e.shanten == 0 else "-"
        assert row["cells"][-3:] == [f"{e.win[0]:.1%}", f"{e.score[0]:.0f}", decl], row["first"]


def test_expected_value_columns_follow_the_options_and_the_url(page: Any) -> None:
    from shanten.ev import expected

    hand = "234777p340s56677z"
    _with_expected_values(page, hand, dora="9p", seat="S")
    _shows_the_expected_values(page, expected(hand, dora="9p", seat_wind="S"))
    assert query(page) == {"q": [hand], "dora": ["9p"], "ev": ["1"], "seat": ["S"]}
    assert page.inner_text(".shanten-expected") == "expected in 17 draws (same pool): win, score and decl of each discard"
    page.goto("/?q=1479m258p369s1234z&ev=1")  # beyond the bound: the reason, and the table as ever
    assert "is 6-shanten" in page.inner_text(".shanten-expected")
    assert page.is_checked("input[name=ev]")


def test_draws_left_and_the_pool_reach_the_expected_values_and_a_played_draw_spends_one(page: Any) -> None:
    from shanten.ev import Model, expected

    hand = "234777p340s56677z"
    _with_expected_values(page, hand, draws="3")
    _shows_the_expected_values(page, expected(hand, draws=3))
    assert page.inner_text(".shanten-expected") == "expected in 3 draws (exact pool): win, score and decl of each discard"
    assert query(page) == {"q": [hand], "ev": ["1"], "draws": ["3"]}
    page.click("#result details summary")  # 4p raises the shanten: its row is in the full table
    row = page.locator('tr[data-discard="4p"]')
    row.locator(".shanten-discard").click()
    row.locator(".shanten-draw").first.click()
    page.wait_for_url(lambda url: parse_qs(urlsplit(url).query).get("draws") == ["2"])
    assert page.input_value("input[name=draws]") == "2"
    page.wait_for_function("document.querySelector('.shanten-expected')?.textContent.includes('in 2 draws')")
    page.go_back()
    page.wait_for_function("document.querySelector('.shanten-expected')?.textContent.includes('in 3 draws')")
    assert page.input_value("input[name=draws]") == "3"
    page.select_option("select[name=pool]", "same")
    page.wait_for_function("document.querySelector('.shanten-expected')?.textContent.includes('same pool')")
    _shows_the_expected_values(page, expected(hand, draws=3, model=Model(pool="same")))
    assert query(page) == {"q": [hand], "ev": ["1"], "draws": ["3"], "pool": ["same"]}
    page.reload()
    assert page.input_value("select[name=pool]") == "same"
