"""Command line: ``shanten QUERY`` analyses a hand; see ``shanten --help`` and docs/cli.md."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ._resolve import to_hand
from .efficiency import Discard, Improvements, Ukeire, discards, good_shape_share, improvements, ukeire
from .forms import Forms, shanten_forms
from .notation import kind_of
from .tenhou import MODES, pairi
from .tiles import Hand, InvalidHandError

SCHEMA_VERSION = 1

EXAMPLES = """examples:
  shanten 336m237p2479s167z3s                 discard table of a 14-tile hand
  shanten 23m456p789s11z579s                  uke-ire and improvements of a 13-tile hand
  shanten "45p55777z (3333p) (6666p)" --rule wrc
  shanten 45p55777z --melds "(3333p) (6666p)"
  shanten 1111m111122233z --players 3
  shanten 123456789m1122p --dead 33p --json
  shanten --tenhou --mode qd 1111m111122233z  the text tenhou.net/2 shows

melds: [123m] chi, [555z] pon, [5555z] open kan, (5555z) closed kan, {5555z} added kan
exit status: 0 done, 2 bad input
"""

FORMS = (("regular", "regular"), ("seven_pairs", "seven pairs"), ("thirteen_orphans", "thirteen orphans"))


def describe(number: int | None) -> str:
    """A shanten number in words: complete, tenpai, N-shanten."""
    if number is None:
        return "-"
    return {-1: "complete", 0: "tenpai"}.get(number, f"{number}-shanten")


class _Parser(argparse.ArgumentParser):
    """Usage mistakes get the same one-line error as bad hands."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"shanten: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="shanten",
        description="Exact shanten, uke-ire and discard tables for a riichi mahjong hand in Tenhou notation.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("query", help="the hand, e.g. 336m237p2479s167z3s (melds may be written in it)")
    parser.add_argument("--melds", default=None, metavar="MELDS", help='called melds, e.g. "[123m] (5555z)"')
    parser.add_argument("--dead", default=None, metavar="TILES", help="tiles visible elsewhere, e.g. 19m5z")
    parser.add_argument("--rule", choices=("tenhou", "wrc"), default="tenhou",
                        help="tenhou: a win holds at most 4 of a kind; wrc: own melded copies count too")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--all", action="store_true", help="also show discards that raise the shanten")
    parser.add_argument("--json", action="store_true", help="print JSON (schema in docs/cli.md)")
    parser.add_argument("--tenhou", action="store_true", help="print exactly what tenhou.net/2 shows")
    parser.add_argument("--mode", choices=MODES, help="with --tenhou: q all forms (default), p regular only, d: 13 tiles as is")
    return parser


class Style:
    """ANSI colour when writing to a terminal, plain text otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.enabled else text


def _improvement_summary(result: Improvements | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"count": result.live, "average": result.average,
            "draws": [{"tile": d.tile, "count": d.live, "discard": d.discard, "total": d.total} for d in result.draws]}


def _ukeire_json(u: Ukeire | Discard) -> dict[str, Any]:
    return {"tiles": dict(zip(u.tiles, u.counts)), "total": u.total}


class Analysis:
    """Everything the command prints, computed once for text and JSON alike."""

    def __init__(self, hand: Hand, args: argparse.Namespace) -> None:
        self.hand = hand
        self.options: dict[str, Any] = {"rule": args.rule, "dead": args.dead, "players": args.players}
        self.forms: Forms = shanten_forms(hand, **self.options)
        self.ukeire: Ukeire | None = None
        self.improvements: Improvements | None = None
        self.rows: list[tuple[Discard, Improvements | None, float | None]] = []
        if hand.concealed_count % 3 == 1:
            self.ukeire = ukeire(hand, **self.options)
            self.improvements = self._improvements(hand, self.ukeire.shanten)
        else:
            for row in discards(hand, **self.options):
                if row.back and not args.all:
                    continue
                after = self._after(row.tile)
                share = good_shape_share(after, **self.options) if row.shanten == 1 and row.total else None
                self.rows.append((row, self._improvements(after, row.shanten), share))

    def _after(self, tile: str) -> Hand:
        counts, red = list(self.hand.counts), list(self.hand.red)
        kind = kind_of(tile[0], tile[1])
        counts[kind] -= 1
        if tile[0] == "0":
            red[kind // 9] -= 1
        return Hand(tuple(counts), (red[0], red[1], red[2]), self.hand.melds)

    def _improvements(self, hand: Hand, shanten: int) -> Improvements | None:
        return improvements(hand, **self.options) if shanten in (0, 1) else None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "schema": SCHEMA_VERSION,
            "hand": str(self.hand),
            "concealed": self.hand.concealed_count,
            "rule": self.options["rule"],
            "players": self.options["players"],
            "shanten": self.forms.shanten,
            "forms": {field: getattr(self.forms, field) for field, _ in FORMS},
        }
        if self.ukeire is not None:
            data["ukeire"] = _ukeire_json(self.ukeire)
            data["improvements"] = _improvement_summary(self.improvements)
        else:
            data["discards"] = [
                {"discard": row.tile, "shanten": row.shanten, "back": row.back, "ukeire": _ukeire_json(row),
                 "improvements": _improvement_summary(imp), "good_shape": share}
                for row, imp, share in self.rows
            ]
        return data

    def text(self, style: Style) -> list[str]:
        f = self.forms
        lines = [f"{style(str(self.hand), '1')}  ({self.hand.concealed_count} tiles)",
                 f"shanten {f.shanten}: {style(describe(f.shanten), '1;32' if f.shanten <= 0 else '1')}   "
                 + "  ".join(f"{label} {'-' if getattr(f, field) is None else getattr(f, field)}"
                             for field, label in FORMS)]
        if self.ukeire is not None:
            word = "waits" if self.ukeire.shanten == 0 else "uke-ire"
            lines.append(f"{word}: {' '.join(self.ukeire.tiles) or '-'}  ({self.ukeire.total} tiles)")
            if self.improvements is not None:
                imp = self.improvements
                lines.append(f"improvements: {imp.live} tiles"
                             + (f", average {word} after {imp.average:.2f}" if imp.average is not None else ""))
                lines += [f"  {d.tile} x{d.live}: discard {d.discard} -> {d.total} ({' '.join(d.tiles)})"
                          for d in imp.draws]
            return lines
        lines.append(f"{'discard':<8}{'shanten':<9}{'tiles':>6}  {'improve':>7} {'avg':>6}  {'good':>5}  kinds")
        for row, improved, share in self.rows:
            improve = (f"{improved.live:>7} {improved.average:>6.2f}" if improved and improved.average is not None
                       else f"{'-':>7} {'-':>6}")
            good = f"{share:>5.0%}" if share is not None else f"{'-':>5}"
            kinds = " ".join(row.tiles)
            line = f"{row.tile:<8}{row.shanten:<9}{row.total:>6}  {improve}  {good}  {kinds}"
            lines.append(style(line + "  (back)", "2") if row.back else line)
        return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.tenhou:  # Tenhou's page has no melds, dead tiles, rules or 3-player: say so rather than ignore them
        ignored = [name for name, used in (("--melds", args.melds is not None), ("--dead", args.dead is not None),
                                           ("--rule", args.rule != "tenhou"), ("--players", args.players != 4),
                                           ("--all", args.all)) if used]
        if ignored:
            parser.error(f"--tenhou takes only a query, --mode and --json, not {', '.join(ignored)}")
    elif args.mode is not None:
        parser.error("--mode applies to --tenhou only")
    try:
        if args.tenhou:
            lines = pairi(args.query, args.mode or "q")
            print(json.dumps(lines, ensure_ascii=False) if args.json else "\n".join(lines))
            return 0
        query = args.query if args.melds is None else f"{args.query} {args.melds}"
        analysis = Analysis(to_hand(query, players=args.players), args)
    except InvalidHandError as error:
        print(f"shanten: error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(analysis.to_json(), ensure_ascii=False))
    else:
        colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        print("\n".join(analysis.text(Style(colour))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
