"""The JSON API and the page's HTML through FastAPI's test client: every endpoint and option against
the library and the command line, and every way a request can be refused."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import numpy as np
import pytest
from fastapi.testclient import TestClient

import shanten
from shanten.analysis import analyze
from shanten.cli import main
from shanten.html import analysis_html
from shanten.tenhou import pairi
from shanten.web.app import MAX_BODY, MAX_QUERY, create_app
from shanten.web.hands import _count_rows, read_hands
from shanten.web.schema import AnalysisDocument
from shanten.web.serve import MISSING, command


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


# (API parameters, the same query on the command line)
QUERIES = [
    ({"q": "336m237p2479s167z3s"}, ["336m237p2479s167z3s"]),
    ({"q": "336m237p2479s167z3s", "all": "true"}, ["336m237p2479s167z3s", "--all"]),
    ({"q": "23m456p789s11z579s"}, ["23m456p789s11z579s"]),
    ({"q": "123m456p789s11z234s"}, ["123m456p789s11z234s"]),
    ({"q": "406p11z (1111m) [555z] [789s]"}, ["406p11z (1111m) [555z] [789s]"]),
    ({"q": "45p55777z", "melds": "(3333p) (6666p)", "rule": "wrc"},
     ["45p55777z", "--melds", "(3333p) (6666p)", "--rule", "wrc"]),
    ({"q": "123456789m1122p", "dead": "33p"}, ["123456789m1122p", "--dead", "33p"]),
    ({"q": "1111m111122233z", "players": "3"}, ["1111m111122233z", "--players", "3"]),
    ({"q": "234777p340s56677z", "ev": "true", "dora": "9p", "draws": "3", "pool": "exact"},
     ["234777p340s56677z", "--ev", "--dora", "9p", "--draws", "3", "--pool", "exact"]),
]


@pytest.mark.parametrize(("params", "argv"), QUERIES)
def test_analyze_returns_the_document_the_command_line_prints(
        client: TestClient, params: dict[str, str], argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--json"]) == 0
    printed = capsys.readouterr().out
    response = client.get("/api/analyze", params={**params, "values": "true"})  # the command line values tenpai
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.text + "\n" == printed
    assert "values" not in client.get("/api/analyze", params=params).text  # only when asked for
    AnalysisDocument.model_validate(response.json())  # the OpenAPI document describes it


def test_analyze_options_change_the_answer(client: TestClient) -> None:
    def shanten_of(**params: str) -> int:
        answer: int = client.get("/api/analyze", params=params).json()["shanten"]
        return answer

    assert shanten_of(q="45p55777z (3333p) (6666p)") == 0
    assert shanten_of(q="45p55777z (3333p) (6666p)", rule="wrc") == 1
    assert shanten_of(q="123m456p789s1122z", dead="1z1z2z2z") == 2
    assert shanten_of(q="1111m111122233z") == 1
    assert shanten_of(q="1111m111122233z", players="3") == 2


@pytest.mark.parametrize("params", [params for params, _ in QUERIES if "all" not in params and "ev" not in params])
def test_html_is_the_analysis_fragment_with_back_rows_and_walking(client: TestClient, params: dict[str, str]) -> None:
    response = client.get("/api/html", params=params)
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    melds = shanten.notation.parse_melds(params["melds"]) if "melds" in params else None
    analysis = analyze(params["q"], melds=melds, rule=params.get("rule", "tenhou"), dead=params.get("dead"),
                       players=int(params.get("players", 4)), back=True)
    assert response.text == analysis_html(analysis, walk=True, images="/tiles/")  # the page's tiles are images


@pytest.mark.parametrize("mode", ["q", "p", "qd", "pd"])
@pytest.mark.parametrize("hand", ["338m27p5899s1334z1s", "1112345666789m7m", "34566m247p34568s"])
def test_tenhou_returns_the_text_tenhou_prints(client: TestClient, hand: str, mode: str) -> None:
    response = client.get("/api/tenhou", params={"q": hand, "mode": mode})
    assert response.headers["content-type"] == "text/plain; charset=utf-8"
    assert response.content.decode("utf-8") == "\n".join(pairi(hand, mode)) + "\n"


def test_tenhou_mode_defaults_to_q(client: TestClient) -> None:
    text = client.get("/api/tenhou", params={"q": "338m27p5899s1334z1s"}).text
    assert text == "\n".join(pairi("338m27p5899s1334z1s")) + "\n"
    assert text.splitlines()[0] == "標準形3向聴 / 一般形5向聴(14枚)"


HANDS = ["123m456p789s1122z", "19m19p19s1234567z", "45p55777z (3333p) (6666p)", "123m456p789s11z234s",
         "1111m111122233z", "12m", "406p11z (1111m) [555z] [789s]"]
THREE_PLAYER_HANDS = ["1111m111122233z", "19m19p19s1234567z", "11p [999p] [111z] [222z] [333z]", "19m"]


@pytest.mark.parametrize("options", [{}, {"rule": "wrc"}, {"dead": "9m9p9s"}, {"players": "3"}])
def test_shanten_batch_equals_one_hand_at_a_time(client: TestClient, options: dict[str, str]) -> None:
    hands: list[str | list[int]] = list(THREE_PLAYER_HANDS if options.get("players") == "3" else HANDS)
    hands += [list(shanten.Hand.parse("19m19p19s1234567z").counts),  # 34 counts, then the same hand as 136-tile ids
              [0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 133]]
    response = client.post("/api/shanten", params=options, json=hands)
    assert response.status_code == 200, response.text
    expected = [shanten.shanten(hand, rule=options.get("rule", "tenhou"), dead=options.get("dead"),
                                players=int(options.get("players", 4))) for hand in hands]
    assert response.json() == {"shanten": expected}


def test_count_lists_read_fast_and_slow_alike(client: TestClient) -> None:
    rng = np.random.default_rng(12)
    rows = np.zeros((500, 34), dtype=np.uint8)
    for row in rows:
        np.add.at(row, rng.choice(136, rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14]), replace=False) // 4, 1)
    compact = json.dumps(rows.tolist(), separators=(",", ":")).encode()
    spaced = json.dumps(rows.tolist()).encode()
    indented = json.dumps(rows.tolist(), indent=1).encode()  # not the fast path's form: read as JSON
    assert _count_rows(compact) is not None and _count_rows(spaced) is not None and _count_rows(indented) is None
    assert _count_rows(spaced[:-1] + b" ]") is None and _count_rows(spaced.replace(b"4", b"5", 1)) is None
    for body in (compact, spaced, indented):
        counts, melded = read_hands(body, players=4)
        assert melded is None and counts.dtype == np.uint8 and (counts == rows).all()
    expected = [shanten.shanten(row) for row in rows]
    assert client.post("/api/shanten", content=spaced).json() == {"shanten": expected}


def test_ten_thousand_hands_are_accepted(client: TestClient) -> None:
    hand = list(shanten.Hand.parse("123m456p789s1122z").counts)
    assert client.post("/api/shanten", json=[hand] * 10_000).json() == {"shanten": [0] * 10_000}


REFUSED = [
    ("/api/analyze", {"q": "123m456p789s1122z9z"}, "column 18: no tile 9z (honours are 1z-7z)"),
    ("/api/analyze", {"q": "11111m456p789s112z"}, "column 5: 5th copy of 1m"),
    ("/api/analyze", {"q": "123m"}, "3 concealed tiles: a hand has 3n+1 or 3n+2"),
    ("/api/analyze", {"q": ""}, "empty input"),
    ("/api/analyze", {}, "q: Field required"),
    ("/api/analyze", {"q": "123m456p789s1122z", "rule": "ema"}, "unknown rule 'ema': use 'tenhou' or 'wrc'"),
    ("/api/analyze", {"q": "234777p340s56677z", "ev": "true", "pool": "fresh"},
     "pool must be 'auto', 'same' or 'exact', got 'fresh'"),
    ("/api/analyze", {"q": "123m456p789s1122z", "players": "2"}, "players must be 3 or 4, got 2"),
    ("/api/analyze", {"q": "123m456p789s1122z", "players": "x"},
     "players: Input should be a valid integer, unable to parse string as an integer"),
    ("/api/analyze", {"q": "123m456p789s1122z", "all": "maybe"}, "all: Input should be a valid boolean, unable to "
     "interpret input"),
    ("/api/analyze", {"q": "45p55777z", "melds": "(3333p) 6666p"},
     "melds: column 9: 6666p is not in a meld: write melds only, such as [123m] (5555z)"),
    ("/api/analyze", {"q": "123m456p789s1122z", "dead": "1z1z1z"}, "5th copy of 1z (hand, melds and dead tiles)"),
    ("/api/analyze", {"q": "123m456p789s1122z", "players": "3"}, "column 2: 2m does not exist in 3-player mahjong"),
    ("/api/analyze", {"q": "1m" * 151}, "q: String should have at most 300 characters"),
    ("/api/html", {"q": "123m"}, "3 concealed tiles: a hand has 3n+1 or 3n+2"),
    ("/api/tenhou", {"q": "123m456p789s1122z", "mode": "x"}, "unknown mode 'x': expected one of q, p, qd, pd"),
    ("/api/tenhou", {"q": "1122z [123m] [456p] [789s]"},
     "melds are not supported: Tenhou's 牌理 takes concealed tiles only"),
    ("/api/analyze", {"q": "123m456p789s1122z", **{f"x{i}": "1" * 100 for i in range(12)}},
     f"the query string is over {MAX_QUERY:,} bytes"),
]


@pytest.mark.parametrize(("path", "params", "message"), REFUSED)
def test_bad_queries_get_422_and_the_message(client: TestClient, path: str, params: dict[str, str],
                                             message: str) -> None:
    response = client.get(path, params=params)
    assert (response.status_code, response.json()) == (422, {"error": message})


BAD_BODIES = [
    (b"[1, 2", "the body is not JSON: send a list of hands such as [\"123m456p789s1122z\"]"),
    (b"[" * 100_000, "the body is not JSON: send a list of hands such as [\"123m456p789s1122z\"]"),
    (b'{"hands": []}', "the body must be a JSON list of hands, got an object"),
    (b"null", "the body must be a JSON list of hands, got null"),
    (b'["123m456p789s1122z", 5]', "row 1: a hand is notation, 34 counts or 136-tile ids, got 5"),
    (b'["123m456p789s1122z", "123m456p789s11111z"]', "row 1: column 17: 5th copy of 1z"),
    (json.dumps([[0] * 33 + [5]]).encode(), "row 0: count of 7z is 5: a count is an integer 0 to 4"),
    (json.dumps([[0] * 33 + [True]]).encode(), "row 0: count of 7z is True: a count is an integer 0 to 4"),
    (json.dumps([[1] * 12 + [0] * 22]).encode(),
     "row 0: 12 concealed tiles: a hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14"),
    (b"[[1, 2, 3]]", "row 0: hand as 136-tile ids: 3 concealed tiles: a hand has 3n+1 or 3n+2"),
    (json.dumps([[0] * 34] * 10_001).encode(), "10001 hands: at most 10,000 per request"),
]


@pytest.mark.parametrize(("body", "message"), BAD_BODIES)
def test_bad_bodies_get_422_and_the_message(client: TestClient, body: bytes, message: str) -> None:
    response = client.post("/api/shanten", content=body)
    assert (response.status_code, response.json()) == (422, {"error": message})


def test_batch_options_are_checked(client: TestClient) -> None:
    body = json.dumps(["123m456p789s1122z"])
    assert client.post("/api/shanten", content=body, params={"dead": "1z1z1z"}).json() == {
        "error": "row 0: 5th copy of 1z (hand, melds and dead tiles)"}
    assert client.post("/api/shanten", content=body, params={"rule": "x"}).json() == {
        "error": "unknown rule 'x': use 'tenhou' or 'wrc'"}


def test_oversized_bodies_get_413_whatever_the_headers_say(client: TestClient) -> None:
    message = {"error": f"the body is over {MAX_BODY:,} bytes (10,000 hands fit in less)"}
    response = client.post("/api/shanten", content=b" " * (MAX_BODY + 1))
    assert (response.status_code, response.json()) == (413, message)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts what arrives
        yield from [b" " * 65536] * (MAX_BODY // 65536 + 1)

    response = client.post("/api/shanten", content=chunks())
    assert "content-length" not in response.request.headers
    assert (response.status_code, response.json()) == (413, message)


def test_unknown_paths_and_methods_answer_in_the_same_form(client: TestClient) -> None:
    assert (client.get("/api/nothing").status_code, client.get("/api/nothing").json()) == (404, {"error": "Not Found"})
    response = client.post("/api/analyze")
    assert (response.status_code, response.json()) == (405, {"error": "Method Not Allowed"})


def test_openapi_document_lists_the_api(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    assert sorted(document["paths"]) == ["/api/analyze", "/api/html", "/api/shanten", "/api/tenhou"]
    analyze_parameters = {p["name"]: p["schema"] for p in document["paths"]["/api/analyze"]["get"]["parameters"]}
    assert analyze_parameters["rule"]["enum"] == ["tenhou", "wrc"] and analyze_parameters["players"]["enum"] == [3, 4]
    assert document["paths"]["/api/shanten"]["post"]["requestBody"]["content"]["application/json"]["schema"][
        "maxItems"] == 10_000


def test_page_shows_the_position_in_the_url(client: TestClient) -> None:
    params = {"q": "45p55777z", "melds": "(3333p) (6666p)", "rule": "wrc"}
    page = client.get("/", params=params).text
    assert analysis_html(analyze("45p55777z (3333p) (6666p)", rule="wrc", back=True), walk=True, images="/tiles/") in page
    assert 'value="(3333p) (6666p)"' in page and '<option value="wrc" selected>' in page
    assert "<details id=\"options\" open>" in page


def test_page_shows_bad_input_beside_the_field_and_escapes_it(client: TestClient) -> None:
    page = client.get("/", params={"q": '"><script>1m'}).text
    assert 'value="&quot;&gt;&lt;script&gt;1m"' in page and "<script>1m" not in page
    assert '<output id="error" for="q" role="alert">column 1: unknown character &#x27;&quot;&#x27;</output>' in page


def test_page_assets_are_served(client: TestClient) -> None:
    assert client.get("/page.js").headers["content-type"] == "text/javascript; charset=utf-8"
    assert client.get("/page.css").text.startswith("/*")
    assert client.get("/page.html").status_code == 404


def test_serve_needs_the_web_extra(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # importing it now raises ImportError
    assert command([]) == 2
    assert capsys.readouterr().err == MISSING + "\n"
    assert 'pip install "shanten[web]"' in MISSING


def test_serve_help_and_bad_workers() -> None:
    done = subprocess.run([sys.executable, "-m", "shanten", "serve", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "--workers" in done.stdout
    done = subprocess.run([sys.executable, "-m", "shanten", "serve", "--workers", "0"], capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (2, "shanten: error: --workers must be at least 1, got 0\n")


def test_serve_runs_workers_on_loopback_and_a_busy_port_is_one_line() -> None:
    server = subprocess.Popen([sys.executable, "-m", "shanten", "serve", "--port", "0", "--workers", "2"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("shanten: serving on http://127.0.0.1:") and line.endswith("/  (Ctrl-C stops)\n")
        url = line.split()[3]
        port = int(url.rsplit(":", 1)[1].strip("/"))
        for _ in range(100):  # the workers start after the URL is printed
            try:
                with urllib.request.urlopen(url + "api/analyze?q=123m456p789s11225z") as response:
                    answer = json.load(response)
                break
            except OSError:
                time.sleep(0.1)
        assert answer == analyze("123m456p789s11225z").to_json()
        busy = subprocess.run([sys.executable, "-m", "shanten", "serve", "--port", str(port)],
                              capture_output=True, text=True)
        assert (busy.returncode, busy.stderr) == (
            2, f"shanten: error: cannot listen on 127.0.0.1 port {port}: Address already in use\n")
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_page_tiles_are_images_served_once_for_all(client: TestClient) -> None:
    """The page's tables draw each tile as an image of /tiles/ (a browser decodes it once); those
    images are the package's own drawings, cached for good; an unknown tile is a JSON 404."""
    from shanten.svg import tile_svg

    response = client.get("/tiles/0p.svg")
    assert (response.status_code, response.headers["content-type"]) == (200, "image/svg+xml")
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.text == tile_svg(35, height=24)
    missing = client.get("/tiles/8z.svg")
    assert (missing.status_code, missing.json()) == (404, {"error": "no such tile"})
    page = client.get("/", params={"q": "123m456p789s11225z"}).text
    assert '<img src="/tiles/5z.svg"' in page and page.count('<symbol id="shanten-0p"') == 1
