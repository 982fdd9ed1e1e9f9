"""The JSON the API returns, as models for the OpenAPI document (``/openapi.json``).

The server never builds these models: ``Analysis.to_json`` makes the document and the endpoints
send it as it is. The models describe it for clients and for the fuzz test, which checks every
response against them. Fields follow docs/cli.md (schema 2).

>>> from shanten.analysis import analyze
>>> AnalysisDocument.model_validate(analyze("123m456p789s11225z").to_json()).discards[0].ukeire.total
4
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Error(BaseModel):
    """Any refused request: the library's one-line message, or what was wrong with the request."""

    error: str


class UkeireDocument(BaseModel):
    tiles: dict[str, int] = Field(description="each uke-ire kind (the waits at tenpai) and its live copies")
    total: int


class Draw(BaseModel):
    tile: str
    kind: int
    live: int
    discard: str = Field(description="the best discard after the draw")
    total: int = Field(description="live uke-ire after that discard")
    tiles: list[str]


class ImprovementsDocument(BaseModel):
    live: int = Field(description="live tiles that improve the hand without advancing it")
    average: float | None = Field(description="mean live uke-ire after improving; null without improvements")
    draws: list[Draw]


class WaitValueDocument(BaseModel):
    tile: str
    live: int
    ron: int = Field(description="points of a ron on this wait, dama (before honba; 0: no yaku)")
    tsumo: int = Field(description="points of a tsumo, all payments added (before honba)")
    riichi_ron: int | None = Field(description="the same with riichi declared; null for an open hand")
    riichi_tsumo: int | None


class DiscardRow(BaseModel):
    discard: str
    kind: int
    red: bool
    shanten: int
    back: bool = Field(description="the discard raises the shanten")
    ukeire: UkeireDocument
    improvements: ImprovementsDocument | None
    good_shape: float | None
    values: list[WaitValueDocument] | None = Field(None, description="at tenpai: the value of each wait")


class ExpectedDiscard(BaseModel):
    discard: str | None = Field(description="the tile discarded; null for a 13-tile hand")
    shanten: int
    riichi: bool = Field(description="the best play declares riichi with this discard")
    ukeire: int
    tenpai: list[float] = Field(description="per number of draws made from now (index 0: now): reaching tenpai")
    win: list[float] = Field(description="the probability of winning by tsumo")
    score: list[float] = Field(description="the expected tsumo income (points before honba and sticks)")


class ExpectedDocument(BaseModel):
    """``ev=true``: the expected value of each discard (docs/ev.md), or why there is none."""

    draws: int | None = None
    hands: int | None = Field(None, description="the size of the search")
    model: dict[str, Any] | None = Field(None, description="the choices of shanten.ev.Model")
    discards: list[ExpectedDiscard] | None = Field(None, description="best first")
    error: str | None = Field(None, description="a hand beyond the exact bound, or complete")


class FormsDocument(BaseModel):
    regular: int | None
    seven_pairs: int | None
    thirteen_orphans: int | None


class AnalysisDocument(BaseModel):
    """What ``shanten --json`` prints: ``ukeire`` and ``improvements`` for 3n+1 hands, ``discards`` for 3n+2."""

    model_config = ConfigDict(populate_by_name=True)

    schema_: int = Field(alias="schema")
    hand: str
    drawn: str | None
    concealed: int
    rule: str
    players: int
    shanten: int
    forms: FormsDocument
    ukeire: UkeireDocument | None = None
    improvements: ImprovementsDocument | None = None
    discards: list[DiscardRow] | None = None
    values: list[WaitValueDocument] | None = Field(None, description="a tenpai 3n+1 hand: the value of each wait")
    expected: ExpectedDocument | None = Field(None, description="with ev=true: the expected values")


class ShantenList(BaseModel):
    shanten: list[int] = Field(description="the shanten of each hand, in order: -1 complete, 0 tenpai, 1...")
