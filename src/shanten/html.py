"""Results as HTML, shared by the web page (``shanten serve``) and Jupyter (``_repr_html_``).

Each renderer returns one ``<div class="shanten">`` that stands alone: tiles are small inline SVG
pictures that use ``shanten.svg``'s symbols, and the fragment defines the symbols it uses once (the
ids are the same in every drawing, so fragments side by side on one page agree). A kind of uke-ire is
drawn as a tile with its live copies beneath; discards that raise the shanten sit behind a
``<details>`` toggle. ``analysis_html`` is the web page's whole result area.

>>> from shanten import discards, ukeire
>>> fragment = ukeire_html(ukeire("123m456p789s1122z"))
>>> fragment.count('<use href="#shanten-1z"'), fragment.count('<symbol id="shanten-1z"'), "waits" in fragment
(1, 1, True)
>>> table = discards_html(discards("123m456p789s11225z"))
>>> table.count("<tr"), table.count("<details>")      # a header and the 5z row, then a header and 11 back rows
(14, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from .analysis import FORMS, Analysis, Row
from .ev import Expected
from .efficiency import Discard, Improvements, Ukeire
from .forms import describe
from .svg import hand_svg
from .svg._glyphs import TILE_HEIGHT, TILE_WIDTH
from .svg._symbols import definitions, symbol_id
from .tiles import FIVES, TILE_ID_NAMES, TILE_NAMES, Hand, format_tiles

__all__ = ["analysis_html", "discards_html", "improvements_html", "palette_html", "ukeire_html"]

SMALL = 24
"""Pixel height of a tile in a table."""

# (label, what the column means): the command line's columns, docs/cli.md
_DISCARD_COLUMNS = (("discard", "the tile to discard"), ("shanten", "shanten after the discard"),
                    ("tiles", "live uke-ire left: copies not in the hand, melds or dead tiles"))
_ROW_COLUMNS = (("improve", "live tiles that improve the hand without advancing it"),
                ("avg", "mean live uke-ire after an improving draw"),
                ("good", "share of the advancing live tiles after which a wait on two or more kinds is possible"))
_KINDS_COLUMN = (("kinds", "the uke-ire kinds (the waits at tenpai), each with its live copies"),)
_EV_COLUMNS = (("win", "the probability of winning by tsumo in the draws left (the best play's)"),
               ("score", "the expected tsumo income in the draws left"),
               ("decl", "riichi or dama, as the best play declares with this discard"))
_DRAW_COLUMNS = (("draw", "a draw that improves the hand"), ("live", "its live copies"),
                 ("discard", "the best discard after it"), ("tiles", "live uke-ire after that discard"),
                 ("kinds", "those kinds"))


class _Fragment:
    """The tiles drawn so far, so that the fragment defines each symbol once, and where a draw leads.

    ``hand`` is set when the tiles of uke-ire are to be buttons that play a draw (the web page):
    each carries the notation of the position after it in ``data-next``.
    """

    def __init__(self, hand: Hand | None = None, images: str | None = None) -> None:
        self.tiles: set[int] = set()
        self.hand = hand
        self.images = images  # the page: tiles are images at images + "5m.svg", and no symbol is defined

    def tile(self, tile: int, *, live: int | None = None, label: str = "") -> str:
        self.tiles.add(tile)
        name = TILE_ID_NAMES[tile]
        width = round(TILE_WIDTH * SMALL / TILE_HEIGHT)
        if self.images is not None:  # a browser lays out an image it has decoded once far faster than a <use>
            picture = f'<img src="{self.images}{name}.svg" width="{width}" height="{SMALL}" alt="{name}">'
        else:
            picture = (f'<svg width="{width}" height="{SMALL}" viewBox="0 0 {TILE_WIDTH} {TILE_HEIGHT}" role="img" '
                       f'aria-label="{name}"><use href="#{symbol_id(tile)}" width="{TILE_WIDTH}" '
                       f'height="{TILE_HEIGHT}"/></svg>')
        if live is None:
            return f'<span class="shanten-tile">{picture}</span>'
        title = f"{label}{name}: {live} live"
        return f'<span class="shanten-tile" title="{title}">{picture}<small>{live}</small></span>'

    def kinds(self, kinds: Iterable[int], counts: Iterable[int], discard: Discard | None = None) -> str:
        """Uke-ire kinds with their live copies: buttons playing ``discard`` (if any) then the draw, when walking."""
        cells = []
        kept = None if self.hand is None else _kept(self.hand, discard)
        for kind, live in zip(kinds, counts):
            if kept is None:
                cells.append(self.tile(kind, live=live))
            else:
                play = f"discard {discard.tile}, draw " if discard is not None else "draw "
                cells.append(f'<button type="button" class="shanten-draw" data-next="{kept}{TILE_NAMES[kind]}">'
                             f"{self.tile(kind, live=live, label=play)}</button>")
        return f'<span class="shanten-kinds">{"".join(cells) or "none"}</span>'

    def done(self, body: str, kind: str) -> str:
        hidden = 'width="0" height="0" style="position:absolute" aria-hidden="true"'
        symbols = f"<svg {hidden}>{definitions(self.tiles)}</svg>" if self.images is None else ""
        return f'<div class="shanten shanten-{kind}">{symbols}{body}</div>'


def _kept(hand: Hand, discard: Discard | None) -> str:
    """The concealed tiles left after ``discard`` (if any): a draw written after them is the drawn tile, as
    ``str(Hand)`` writes it (one notation per row, rather than a Hand built and checked per draw)."""
    counts, red = list(hand.counts), list(hand.red)
    if discard is not None:
        counts[discard.kind] -= 1
        if discard.red:
            red[FIVES.index(discard.kind)] -= 1
    return format_tiles(counts, red)


def _table(columns: Sequence[tuple[str, str]], rows: Iterable[str]) -> str:
    head = "".join(f'<th scope="col" title="{escape(about)}">{label}</th>' for label, about in columns)
    return f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def _number(value: float | None, form: str) -> str:
    return "-" if value is None else format(value, form)


def _discard_rows(fragment: _Fragment, rows: Sequence[Row], full: bool, expected: Expected | None = None) -> str:
    """The discard table: rows that keep or lower the shanten, then the others behind a toggle."""
    columns = _DISCARD_COLUMNS + (_ROW_COLUMNS if full else ()) + (_EV_COLUMNS if expected else ()) + _KINDS_COLUMN
    values = {row.tile: row for row in expected or ()}

    def line(row: Row) -> str:
        d, imp = row.discard, row.improvements
        tile = fragment.tile(TILE_ID_NAMES.index(d.tile))
        if fragment.hand is not None:  # a row is chosen by its discard, then played by a draw
            tile = f'<button type="button" class="shanten-discard" title="discard {d.tile}">{tile}</button>'
        cells = [tile, str(d.shanten), str(d.total)]
        if full:
            cells += ["-" if imp is None else str(imp.live), _number(None if imp is None else imp.average, ".2f"),
                      _number(row.good_shape, ".0%")]
        if expected:
            e = values.get(d.tile)
            cells += ["-", "-", "-"] if e is None else [
                f"{e.win[0]:.1%}", f"{e.score[0]:.0f}", e.declaration]
        cells.append(fragment.kinds(d.kinds, d.counts, d))
        return f'<tr data-discard="{d.tile}">' + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"

    kept = [line(row) for row in rows if not row.discard.back]
    back = [line(row) for row in rows if row.discard.back]
    html = _table(columns, kept) if kept else ""
    if back:
        html += (f"<details><summary>{len(back)} discard{'s' * (len(back) != 1)} that raise the shanten</summary>"
                 f"{_table(columns, back)}</details>")
    return html


def _ukeire_line(fragment: _Fragment, result: Ukeire) -> str:
    word = "waits" if result.shanten == 0 else "uke-ire"
    return (f'<p class="shanten-ukeire">{word}: {fragment.kinds(result.kinds, result.counts)} '
            f"<span>{_tiles(result.total)}</span></p>")


def _improvement_rows(fragment: _Fragment, result: Improvements) -> str:
    word = "waits" if result.shanten == 0 else "uke-ire"
    summary = f"improvements: {result.live} live tile{'s' * (result.live != 1)}"
    if result.average is not None:
        summary += f", average {word} after {result.average:.2f}"
    rows = [f"<tr><td>{fragment.kinds([d.kind], [d.live])}</td><td>{d.live}</td>"
            f"<td>{fragment.tile(TILE_ID_NAMES.index(d.discard))}</td><td>{d.total}</td>"
            f"<td>{''.join(fragment.tile(TILE_ID_NAMES.index(t)) for t in d.tiles)}</td></tr>" for d in result.draws]
    return f'<p class="shanten-improvements">{summary}</p>' + (_table(_DRAW_COLUMNS, rows) if rows else "")


def _tiles(n: int) -> str:
    return f"{n} tile{'s' * (n != 1)}"


def analysis_html(analysis: Analysis, *, walk: bool = False, images: str | None = None,
                  expected: Expected | str | None = None) -> str:
    """Everything ``shanten.analysis.analyze`` says about a hand: the page's result area.

    The hand drawn, its shanten per form, then for a 3n+2 hand the discard table (the command
    line's columns, the uke-ire kinds drawn with their live copies), for a 3n+1 hand its uke-ire
    or waits and its improving draws. With ``walk`` every drawn kind is a button whose ``data-next``
    is the position after playing that row's discard and that draw (the page's walking).
    ``images`` (the page's) draws the tiles of the tables as images at ``images + "5m.svg"`` and
    defines no symbol: the page defines the hand's once (``shanten.svg.all_symbols``). ``expected``
    (``shanten.ev.expected`` of the hand, or why there is none) adds the win probability, expected
    score and riichi/dama of each discard, or a line for a 3n+1 hand.

    >>> from shanten.analysis import analyze
    >>> fragment = analysis_html(analyze("123m456p789s1125z1z"), walk=True)   # discard 2z or 5z
    >>> fragment.count("<tr"), fragment.count('data-next="123m456p789s1115z5z"')   # 2z, then a 5z drawn
    (3, 1)
    """
    hand, forms = analysis.hand, analysis.forms
    fragment = _Fragment(hand if walk else None, images)
    setting = "".join([", 3-player" if analysis.players == 3 else "", ", rule wrc" if analysis.rule == "wrc" else ""])
    per_form = " ".join(f"<span>{label} {_number(getattr(forms, field), 'd')}</span>" for field, label in FORMS)
    body = [f'<div class="shanten-hand">{hand_svg(hand, height=2 * SMALL, symbols=images is None)}</div>',
            f'<p class="shanten-forms"><strong>{describe(forms.shanten)}</strong> '
            f"({_tiles(hand.concealed_count)}{setting}) {per_form}</p>"]
    if isinstance(expected, str):
        body.append(f'<p class="shanten-expected">expected value: {escape(expected)}</p>')
    elif expected is not None and expected[0].tile is None:
        row = expected[0]
        body.append(f'<p class="shanten-expected">expected {expected.horizon}: tenpai {row.tenpai[0]:.1%}, '
                    f"win {row.win[0]:.1%}, score {row.score[0]:.0f}</p>")
    elif expected is not None:
        body.append(f'<p class="shanten-expected">expected {expected.horizon}: win, score and decl of each '
                    "discard</p>")
    if analysis.ukeire is not None:
        body.append(_ukeire_line(fragment, analysis.ukeire))
        if analysis.improvements is not None:
            body.append(_improvement_rows(fragment, analysis.improvements))
    else:
        if forms.shanten == -1:
            body.append("<p>complete: the discards that keep tenpai</p>")
        table = expected if not isinstance(expected, str) else None
        body.append(_discard_rows(fragment, analysis.rows, full=True, expected=table))
    return fragment.done("".join(body), "analysis")


def ukeire_html(result: Ukeire) -> str:
    """``shanten.ukeire``'s result: the kinds that advance the hand (the waits at tenpai), with live copies.

    >>> from shanten import ukeire
    >>> fragment = ukeire_html(ukeire("23m456p789s11z579s"))
    >>> fragment.count("<small>"), "<p>1-shanten</p>" in fragment, "15 tiles" in fragment
    (4, True, True)
    """
    fragment = _Fragment()
    return fragment.done(f"<p>{describe(result.shanten)}</p>" + _ukeire_line(fragment, result), "ukeire")


def discards_html(rows: Iterable[Discard]) -> str:
    """``shanten.discards``'s table: each discard, the shanten after it and the live uke-ire it leaves.

    >>> from shanten import discards
    >>> fragment = discards_html(discards("123m456p789s11225z"))
    >>> fragment[fragment.index("<tbody>"):fragment.index("</td>", fragment.index("<tbody>"))].count("shanten-5z")
    1
    """
    fragment = _Fragment()
    return fragment.done(_discard_rows(fragment, [Row(d, None, None) for d in rows], full=False), "discards")


def improvements_html(result: Improvements) -> str:
    """``shanten.improvements``'s result: the summary, then each improving draw with its best discard.

    >>> from shanten import improvements
    >>> fragment = improvements_html(improvements("123m456p789s13m11z"))
    >>> "improvements: 14 live tiles, average waits after 5.57" in fragment, fragment.count("<tr>")
    (True, 6)
    """
    fragment = _Fragment()
    return fragment.done(_improvement_rows(fragment, result), "improvements")


def palette_html(images: str) -> str:
    """A button per tile id (the 34 kinds, then the red fives), for building a hand by clicking on the
    page: each tile an image at ``images + "5m.svg"``.

    >>> palette = palette_html("/tiles/")
    >>> palette.count("<button"), palette.count('<img src="/tiles/0p.svg"'), palette.count("<symbol")
    (37, 1, 0)
    """
    fragment = _Fragment(images=images)
    buttons = "".join(f'<button type="button" data-tile="{name}" title="{name}">{fragment.tile(tile)}</button>'
                      for tile, name in enumerate(TILE_ID_NAMES))
    return fragment.done(buttons, "palette")
