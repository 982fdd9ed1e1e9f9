"""Command line: ``shanten QUERY`` analyses a hand, ``shanten COMMAND ...`` runs a subcommand.

Every subcommand is dispatched from ``main`` through ``COMMANDS``; see
``shanten --help`` and docs/cli.md.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from . import __version__
from .analysis import FORMS, Analysis, analyze
from .ev import EXACT_DRAWS, Expected, Model, expected_or_why
from .forms import describe
from .notation import parse_melds
from .scoring.rules import RULES
from .tenhou import MODES, pairi
from .scoring._fast import FastScore
from .scoring.waits import WaitValue, mean_ron
from .tiles import InvalidHandError, MeldKind

# name -> (module with ``command(argv) -> int``, one line for --help); the query command needs no name.
COMMANDS: dict[str, tuple[str, str]] = {
    "review": ("shanten.review.cli", "review every discard of game records into Parquet tables"),
    "serve": ("shanten.web.serve", "the 牌理 web page and JSON API"),
}

EXAMPLES = """examples:
  shanten 336m237p2479s167z3s                 discard table of a 14-tile hand (3s: the drawn tile)
  shanten 23m456p789s11z579s                  uke-ire and improvements of a 13-tile hand
  shanten "45p55777z (3333p) (6666p)" --rule wrc
  shanten 45p55777z --melds "(3333p) (6666p)"
  shanten 1111m111122233z --players 3
  shanten 123456789m1122p --dead 33p --json
  shanten --tenhou 1111m111122233z            the text tenhou.net/2 shows
  shanten 23m456p789s22z678s --seat S --dora 1m   the value of each wait (and --riichi: once declared)
  shanten 234777p340s56677z --ev --dora 9p     win probability and expected score of each discard

columns of the discard table:
  discard   the tile to discard (0m, 0p, 0s: a red five)
  shanten   shanten after the discard
  tiles     live uke-ire it leaves: copies, not in the hand, melds or --dead, of the kinds whose
            draw lowers the shanten (at tenpai: of the waits)
  improve   live tiles that improve the hand without advancing it (tenpai and 1-shanten only)
  avg       mean live uke-ire after such an improving draw
  good      share of the advancing live tiles after which a wait on 2+ kinds is possible (1-shanten only)
  ron       at tenpai: the ron points of the waits (dama), averaged over their live copies; 0: no yaku
  riichi    the same with riichi declared (a closed hand; alone with --riichi)
  win       with --ev: the probability of winning by tsumo within --draws draws (docs/ev.md)
  score     with --ev: the expected tsumo income over those draws (0 without a win)
  decl      with --ev: riichi or dama, as the best play declares with this discard
  kinds     the uke-ire kinds (the waits at tenpai)
  -         not applicable to this row (a number, 0 included, is a count)

melds: [123m] chi, [555z] pon, [5555z] open kan, (5555z) closed kan, {5555z} added kan
exit status: 0 done, 1 output could not be written, 2 bad input
"""


WINDS = ("E", "S", "W", "N")


class _Parser(argparse.ArgumentParser):
    """Usage mistakes get the same one-line error as bad hands."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"shanten: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    commands = "".join(f"\n  shanten {name} ...  {about}" for name, (_, about) in COMMANDS.items())
    parser = _Parser(
        prog="shanten",
        description="Exact shanten, uke-ire and discard tables for a riichi mahjong hand in Tenhou notation."
        + (f"\n\ncommands (shanten COMMAND --help):{commands}" if commands else ""),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("query", help="the hand, e.g. 336m237p2479s167z3s (melds may be written in it)")
    parser.add_argument("--melds", default=None, metavar="MELDS", help='called melds only, e.g. "[123m] (5555z)"')
    parser.add_argument("--dead", default=None, metavar="TILES", help="tiles visible elsewhere, e.g. 19m5z")
    parser.add_argument("--rule", choices=("tenhou", "wrc"), default="tenhou",
                        help="tenhou: a win holds at most 4 of a kind; wrc: own melded copies count too")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--dora", default="", metavar="TILES", help="dora indicators, e.g. 3m7z (for the values)")
    parser.add_argument("--round", choices=WINDS, default="E", help="the round wind (default E)")
    parser.add_argument("--seat", choices=WINDS, default="E", help="the seat wind (default E: the dealer)")
    parser.add_argument("--riichi", action="store_true", help="the hand has declared riichi: values with riichi only")
    parser.add_argument("--scoring", choices=tuple(RULES), default="tenhou", help="the scoring rules of the values")
    parser.add_argument("--ev", action="store_true",
                        help="expected value: win probability and expected score of each discard (docs/ev.md)")
    parser.add_argument("--draws", type=int, default=17, metavar="N", help="with --ev: the draws left (default 17)")
    parser.add_argument("--objective", choices=("score", "win"), default="score",
                        help="with --ev: what the best play maximises (default score)")
    parser.add_argument("--pool", choices=("auto", "same", "exact"), default="auto",
                        help="with --ev: a thrown tile returns to the pool (same) or is gone (exact: few draws "
                             f"left only); auto (default): exact with at most {EXACT_DRAWS} draws left, else same")
    parser.add_argument("--all", action="store_true", help="also show discards that raise the shanten")
    parser.add_argument("--json", action="store_true", help="print JSON (schema in docs/cli.md)")
    parser.add_argument("--tenhou", action="store_true", help="print exactly what tenhou.net/2 shows")
    parser.add_argument("--mode", choices=MODES,
                        help="with --tenhou: q all forms (default), p regular only; a 13-tile hand is read as is (d)")
    parser.add_argument("--version", action="version", version=f"shanten {__version__}")
    return parser


class Style:
    """ANSI colour when writing to a terminal, plain text otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.enabled else text


def _tiles(n: int) -> str:
    return f"{n} tile{'s' * (n != 1)}"


def _kinds(v: WaitValue, riichi: bool) -> list[tuple[str, FastScore, FastScore]]:
    """The (label, ron, tsumo) values to show of a wait: dama unless in riichi, riichi for a closed hand."""
    shown = [] if riichi else [("dama", v.ron, v.tsumo)]
    if v.riichi_ron is not None and v.riichi_tsumo is not None:
        shown.append(("riichi", v.riichi_ron, v.riichi_tsumo))
    return shown


def text(analysis: Analysis, style: Style, riichi: bool = False, ev: Expected | str | None = None) -> list[str]:
    """The lines ``shanten QUERY`` prints; ``riichi``: the hand has declared it (values with riichi only);
    ``ev``: the expected values of ``--ev`` (or why there are none)."""
    hand, f = analysis.hand, analysis.forms
    setting = "".join([", 3-player" if analysis.players == 3 else "", ", rule wrc" if analysis.rule == "wrc" else ""])
    lines = [f"{style(str(hand), '1')}  ({_tiles(hand.concealed_count)}{setting})",
             f"shanten {f.shanten}: {style(describe(f.shanten), '1;32' if f.shanten <= 0 else '1')}   "
             + "  ".join(f"{label} {'-' if getattr(f, field) is None else getattr(f, field)}" for field, label in FORMS)]
    if analysis.ukeire is not None:
        u = analysis.ukeire
        word = "waits" if u.shanten == 0 else "uke-ire"
        lines.append(f"{word}: {' '.join(u.tiles) or 'none'}  ({_tiles(u.total)})")
        imp = analysis.improvements
        if imp is not None:
            lines.append(f"improvements: {imp.live} live tiles"
                         + (f", average {word} after {imp.average:.2f}" if imp.average is not None else ""))
            lines += [f"  {d.tile} x{d.live}: discard {d.discard} -> {d.total} ({' '.join(d.tiles)})" for d in imp.draws]
        if analysis.values:
            lines.append("values (ron / tsumo points):")
            lines += [f"  {v.tile} x{v.live}: " + "   ".join(
                f"{label} {ron.points} / {tsumo.points}" for label, ron, tsumo in _kinds(v, riichi)) for v in analysis.values]
        if isinstance(ev, str):
            lines.append(f"expected value: {ev}")
        elif ev is not None:
            first = ev[0]
            lines.append(f"expected {ev.horizon}: tenpai {first.tenpai[0]:.1%}, win {first.win[0]:.1%}, "
                         f"score {first.score[0]:.0f}")
        return lines
    if f.shanten == -1:
        lines.append("complete: the discards that keep tenpai")
    valued = [row.values for row in analysis.rows if row.values]
    columns = [] if not valued else [("riichi", True)] if riichi else [("ron", False)] + (
        [("riichi", True)] if valued[0][0].riichi_ron is not None else [])
    heads = "".join(f"{name:>7} " for name, _ in columns)
    expected = {e.tile: e for e in ev} if isinstance(ev, Expected) else None
    if expected is not None:
        heads += f"{'win':>6} {'score':>6} {'decl':<6} "
    if isinstance(ev, str):
        lines.insert(2, f"expected value: {ev}")
    elif ev is not None:
        lines.insert(2, f"expected {ev.horizon}: win, score and decl of each discard")
    lines.append(f"{'discard':<8}{'shanten':<9}{'tiles':>6}  {'improve':>7} {'avg':>6}  {'good':>5} {heads} kinds")
    for row in analysis.rows:
        d, imp = row.discard, row.improvements
        improve = f"{'-':>7} {'-':>6}" if imp is None else (
            f"{imp.live:>7} {imp.average:>6.2f}" if imp.average is not None else f"{0:>7} {'-':>6}")
        good = f"{row.good_shape:>5.0%}" if row.good_shape is not None else f"{'-':>5}"
        means = [None if not row.values else mean_ron(row.values, riichi=with_riichi) for _, with_riichi in columns]
        value = "".join(f"{'-' if mean is None else round(mean):>7} " for mean in means)
        if expected is not None:
            e = expected.get(d.tile)
            value += (f"{'-':>6} {'-':>6} {'-':<6} " if e is None else
                      f"{e.win[0]:>6.1%} {e.score[0]:>6.0f} {e.declaration:<6} ")
        line = f"{d.tile:<8}{d.shanten:<9}{d.total:>6}  {improve}  {good} {value} {' '.join(d.tiles) or 'none'}"
        lines.append(style(line + "  (back)", "2") if d.back else line)
    return lines


def _query(argv: Sequence[str]) -> int:
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
            return write(json.dumps(lines, ensure_ascii=False) if args.json else "\n".join(lines))
        try:
            melds = None if args.melds is None else parse_melds(args.melds)
        except InvalidHandError as error:
            raise InvalidHandError(f"--melds: {error}") from None
        values = {"dora": args.dora, "round_wind": args.round, "seat_wind": args.seat, "rules": args.scoring}
        analysis = analyze(args.query, melds=melds, rule=args.rule, dead=args.dead, players=args.players,
                           back=args.all, values=values)
        if args.riichi and any(meld.kind is not MeldKind.CLOSED_KAN for meld in analysis.hand.melds):
            raise InvalidHandError(f"--riichi: {analysis.hand} is open and cannot declare riichi")
        ev = _expected(args, analysis) if args.ev else None
    except InvalidHandError as error:
        print(f"shanten: error: {error}", file=sys.stderr)
        return 2
    if args.json:
        document = analysis.to_json()
        if ev is not None:
            document["expected"] = {"error": ev} if isinstance(ev, str) else ev.to_json()
        return write(json.dumps(document, ensure_ascii=False))
    colour = sys.stdout is not None and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    return write("\n".join(text(analysis, Style(colour), args.riichi, ev)))


def _expected(args: argparse.Namespace, analysis: Analysis) -> Expected | str:
    """The ``--ev`` table, or the one-line reason a hand within the rules has none."""
    if args.riichi:
        raise InvalidHandError("--ev values the choices before riichi: leave out --riichi")
    return expected_or_why(analysis.hand, dead=args.dead, dora=args.dora, round_wind=args.round,
                           seat_wind=args.seat, draws=args.draws, players=args.players, rules=args.scoring,
                           model=Model(objective=args.objective, pool=args.pool))


def write(output: str) -> int:
    """Print ``output`` and a newline; a reader that stops early or a stdout that fails ends quietly or in one line.

    Exit status: 0 written, 141 the reader closed the pipe (as a tool killed by SIGPIPE reports), 1 write failed.
    """
    try:
        if sys.stdout is None:
            raise OSError("standard output is closed")
        sys.stdout.write(output + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at devnull so that flush cannot fail.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except OSError as error:
        print(f"shanten: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: a subcommand when the first argument names one, else the query command."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        module = importlib.import_module(COMMANDS[args[0]][0])
        command: Callable[[Sequence[str]], int] = module.command
        return command(args[1:])
    return _query(args)


if __name__ == "__main__":
    sys.exit(main())
