"""The web page and the JSON API that ``shanten serve`` runs (docs/web.md).

``create_app()`` builds the application: the page at ``/``, its result area at ``/api/html``, and
``/api/analyze``, ``/api/tenhou`` and ``POST /api/shanten``, described at ``/openapi.json``. Every
refusal is ``{"error": "<one line>"}``: 422 for bad input (the library's message), 413 for a body
over ``MAX_BODY``. Analysis runs in the server's thread pool, off the event loop.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/analyze", params={"q": "123m456p789s11225z"}).json()["discards"][0]["discard"]
'5z'
>>> client.post("/api/shanten", json=["123m456p789s1122z", "19m19p19s1234567z"]).json()
{'shanten': [0, 0]}
>>> response = client.get("/api/tenhou", params={"q": "123m"})
>>> response.status_code, response.json()
(422, {'error': '3 concealed tiles: a hand has 3n+1 or 3n+2'})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from string import Template
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from .. import __version__
from .._resolve import RULES
from ..analysis import Analysis, analyze
from ..batch import shanten_batch
from ..ev import EXACT_DRAWS, Expected, Model, expected_or_why
from ..scoring.rules import RULES as SCORING_RULES
from ..html import SMALL, analysis_html, palette_html
from ..svg import all_symbols, tile_svg
from ..tiles import TILE_ID_NAMES
from ..notation import parse_melds, parse_tiles
from ..tenhou import MODES, pairi
from ..tiles import InvalidHandError
from .hands import MAX_HANDS, read_hands
from .schema import AnalysisDocument, Error, ShantenList

MAX_BODY = 2 * 1024 * 1024
"""Bytes of a request body: 10,000 hands as count lists take about 1 MB."""

MAX_FIELD = 300
"""Characters of one query parameter (a hand with four kans written out takes under 60)."""

MAX_QUERY = 4 * MAX_FIELD
"""Bytes of a whole query string, unknown parameters included."""

PAGE = Path(__file__).with_name("page")
TILES = "/tiles/"
"""Where the page's tiles are served, one image a tile id ("/tiles/0p.svg"): a browser decodes each once."""
_ASSETS = {"page.css": "text/css; charset=utf-8", "page.js": "text/javascript; charset=utf-8"}


def _refusal(why: str) -> dict[str, Any]:
    """A refusal's OpenAPI entry: JSON whatever the endpoint's own media type (FastAPI would give a model that)."""
    return {"description": why, "content": {"application/json": {"schema": Error.model_json_schema()}}}


_REFUSED: dict[int | str, dict[str, Any]] = {422: _refusal("bad input: the library's one-line message")}

Hand = Annotated[str, Query(max_length=MAX_FIELD, description="the hand in notation; melds may be written in it",
                            examples=["336m237p2479s167z3s"])]
Melds = Annotated[str, Query(max_length=MAX_FIELD, description="called melds only, e.g. [123m] (5555z)")]
Dead = Annotated[str, Query(max_length=MAX_FIELD, description="tiles known to be gone, e.g. 19m5z")]
Rule = Annotated[str, Query(description="tenhou: a win holds at most 4 of a kind; wrc: own melded copies count too",
                            json_schema_extra={"enum": list(RULES)})]
Players = Annotated[int, Query(json_schema_extra={"enum": [3, 4]})]
Dora = Annotated[str, Query(max_length=MAX_FIELD, description="dora indicators, e.g. 3m7z (for the wait values)")]
Wind = Annotated[str, Query(json_schema_extra={"enum": list("ESWN")})]
Values = Annotated[bool, Query(description="add each wait's value at tenpai (as the command line's JSON has them)")]
Scoring = Annotated[str, Query(description="the scoring rules of the wait values",
                               json_schema_extra={"enum": list(SCORING_RULES)})]
Ev = Annotated[bool, Query(description="add each discard's win probability and expected score (docs/ev.md)")]
Draws = Annotated[int, Query(ge=0, le=60, description="with ev: the draws left")]
Pool = Annotated[str, Query(description="with ev: a thrown tile returns to the pool (same) or is gone (exact: a few "
                                        f"draws left only); auto: exact with at most {EXACT_DRAWS} draws left, else same",
                            json_schema_extra={"enum": ["auto", "same", "exact"]})]
Mode = Annotated[str, Query(description="q all forms, p regular only; a 13-tile hand is read as is",
                            json_schema_extra={"enum": list(MODES)})]


@dataclass(frozen=True)
class _Options:
    """The options every hand query takes, as the command line's."""

    melds: str = ""
    dead: str = ""
    rule: str = "tenhou"
    players: int = 4
    dora: str = ""
    round: str = "E"
    seat: str = "E"
    scoring: str = "tenhou"
    values: bool = False
    ev: bool = False
    draws: int = 17
    pool: str = "auto"

    def analyze(self, hand: str, back: bool) -> Analysis:
        try:
            melds = parse_melds(self.melds) if self.melds.strip() else None
        except InvalidHandError as error:
            raise InvalidHandError(f"melds: {error}") from None
        # Valuing every tenpai discard costs a fifth of an analysis: only when asked for.
        values = {"dora": self.dora, "round_wind": self.round, "seat_wind": self.seat, "rules": self.scoring}
        return analyze(hand, melds=melds, rule=self.rule, dead=self.dead or None, players=self.players, back=back,
                       values=values if self.values else None)

    def expected(self, analysis: Analysis) -> Expected | str | None:
        """With ``ev``: the expected values of the analysed hand (or why there are none)."""
        if not self.ev:
            return None
        return expected_or_why(analysis.hand, dead=self.dead or None, dora=self.dora, round_wind=self.round,
                               seat_wind=self.seat, draws=self.draws, players=self.players, rules=self.scoring,
                               model=Model(pool=self.pool))  # type: ignore[arg-type]

    def html(self, hand: str) -> str:
        analysis = self.analyze(hand, back=True)
        return analysis_html(analysis, walk=True, images=TILES, expected=self.expected(analysis))


async def _options(melds: Melds = "", dead: Dead = "", rule: Rule = "tenhou", players: Players = 4, dora: Dora = "",
                   round: Wind = "E", seat: Wind = "E", scoring: Scoring = "tenhou", values: Values = False,
                   ev: Ev = False, draws: Draws = 17, pool: Pool = "auto") -> _Options:
    # async: FastAPI would run a plain function in a thread, for nothing
    return _Options(melds, dead, rule, players, dora, round, seat, scoring, values, ev, draws, pool)


Options = Annotated[_Options, Depends(_options)]


class _QueryLimit:
    """Refuses a query string over ``MAX_QUERY`` bytes before anything parses it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and len(scope["query_string"]) > MAX_QUERY:
            refusal = _refuse(422, f"the query string is over {MAX_QUERY:,} bytes")
            await refusal(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def _refuse(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status, headers=headers)


def _json(document: object) -> Response:
    return Response(json.dumps(document, ensure_ascii=False), media_type="application/json")


async def _body(request: Request) -> bytes:
    """The request body, refused with 413 once it passes ``MAX_BODY`` (whatever Content-Length says)."""
    too_large = HTTPException(413, f"the body is over {MAX_BODY:,} bytes ({MAX_HANDS:,} hands fit in less)")
    if int(request.headers.get("content-length") or 0) > MAX_BODY:
        raise too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


def _page(template: Template, palette: str, q: str, options: _Options) -> str:
    result = error = ""
    if q.strip():
        try:
            result = options.html(q)
        except InvalidHandError as problem:
            error = str(problem)
    fields = {"q": q, "melds": options.melds, "dead": options.dead, "dora": options.dora}
    changed = (options.melds, options.dead, options.rule, options.players, options.dora, options.round,
               options.seat, options.draws, options.pool) != ("", "", "tenhou", 4, "", "E", "E", 17, "auto")
    return template.substitute(
        {name: escape(value) for name, value in fields.items()}, version=__version__, palette=palette, result=result,
        error=escape(error), invalid=' aria-invalid="true"' if error else "",
        wrc=" selected" if options.rule == "wrc" else "", three=" checked" if options.players == 3 else "",
        ev=" checked" if options.ev else "", draws=options.draws, options_open=" open" if changed else "",
        exact_draws=EXACT_DRAWS, pool_same=" selected" if options.pool == "same" else "",
        pool_exact=" selected" if options.pool == "exact" else "",
        **{f"{field}_{wind}": " selected" if getattr(options, field) == wind else ""
           for field in ("round", "seat") for wind in "ESWN"})


def create_app() -> FastAPI:
    """The application; ``uvicorn`` runs it in each worker (``shanten serve``)."""
    app = FastAPI(title="shanten", version=__version__, docs_url=None, redoc_url=None,  # their pages load a CDN
                  description="Shanten, uke-ire, discard tables and Tenhou's 牌理 text for riichi mahjong hands.")
    app.add_middleware(_QueryLimit)
    template = Template((PAGE / "index.html").read_text(encoding="utf-8"))
    palette = all_symbols() + palette_html(TILES)
    tiles = {f"{name}.svg": tile_svg(tile, height=SMALL) for tile, name in enumerate(TILE_ID_NAMES)}
    assets = {name: (PAGE / name).read_bytes() for name in _ASSETS}

    @app.exception_handler(InvalidHandError)
    async def invalid(request: Request, error: InvalidHandError) -> JSONResponse:
        return _refuse(422, str(error))

    @app.exception_handler(RequestValidationError)
    async def unreadable(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0]
        return _refuse(422, f"{first['loc'][-1]}: {first['msg']}")

    @app.exception_handler(HTTPException)
    async def refused(request: Request, error: HTTPException) -> JSONResponse:
        return _refuse(error.status_code, str(error.detail), error.headers)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page(options: Options, q: Hand = "") -> HTMLResponse:
        return HTMLResponse(_page(template, palette, q, options))

    @app.get("/page.{name}", include_in_schema=False)
    def asset(name: str) -> Response:
        kind = _ASSETS.get(f"page.{name}")
        if kind is None:
            raise HTTPException(404, "no such file")
        return Response(assets[f"page.{name}"], media_type=kind, headers={"Cache-Control": "max-age=3600"})

    @app.get(TILES + "{name}", include_in_schema=False)
    def tile(name: str) -> Response:
        picture = tiles.get(name)
        if picture is None:
            raise HTTPException(404, "no such tile")
        return Response(picture, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=31536000, immutable"})

    @app.get("/api/analyze", responses={200: {"model": AnalysisDocument}, **_REFUSED})
    def analyze_(q: Hand, options: Options, all: bool = False) -> Response:
        """The document ``shanten --json`` prints (schema 2, docs/cli.md); ``all`` also lists the discards
        that raise the shanten, as ``--all`` does; ``ev`` adds ``expected`` as ``--ev`` does."""
        analysis = options.analyze(q, back=all)
        document = analysis.to_json()
        ev = options.expected(analysis)
        if ev is not None:
            document["expected"] = {"error": ev} if isinstance(ev, str) else ev.to_json()
        return _json(document)

    @app.get("/api/html", response_class=HTMLResponse, responses=_REFUSED)
    def html(q: Hand, options: Options) -> HTMLResponse:
        """The web page's result area as an HTML fragment (``shanten.html.analysis_html``, walking buttons on;
        tiles are images at /tiles/, and the page defines the hand's symbols once)."""
        return HTMLResponse(options.html(q))

    @app.get("/api/tenhou", response_class=PlainTextResponse, responses=_REFUSED)
    def tenhou(q: Hand, mode: Mode = "q") -> PlainTextResponse:
        """The text ``shanten --tenhou`` prints: tenhou.net/2's 牌理 text, byte for byte."""
        return PlainTextResponse("\n".join(pairi(q, mode)) + "\n")

    hands = {"type": "array", "maxItems": MAX_HANDS, "items": {"anyOf": [
        {"type": "string", "description": "notation; melds may be written in it"},
        {"type": "array", "items": {"type": "integer"}, "description": "34 counts, or 136-tile ids"}]}}
    read_here = {"requestBody": {"required": True, "content": {"application/json": {"schema": hands}}}}

    @app.post("/api/shanten", openapi_extra=read_here,
              responses={200: {"model": ShantenList}, 413: _refusal(f"a body over {MAX_BODY:,} bytes"), **_REFUSED})
    async def shanten(request: Request, dead: Dead = "", rule: Rule = "tenhou", players: Players = 4) -> Response:
        """The shanten of each hand in the body's list (at most 10,000), in order, through the batch core."""
        body = await _body(request)
        return _json({"shanten": await run_in_threadpool(_shanten, body, dead, rule, players)})

    return app


def _shanten(body: bytes, dead: str, rule: str, players: int) -> list[int]:
    counts, melded = read_hands(body, players=players)
    dead_counts = parse_tiles(dead) if dead else None
    # One thread: the server runs a worker per core, and a request's rows take less than starting threads would.
    result: list[int] = shanten_batch(counts, rule=rule, dead=dead_counts, melded=melded, players=players,
                                      threads=1).tolist()
    return result
