"""Command line: ``shanten QUERY`` prints the shanten of a hand per form and overall."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ._resolve import to_hand
from .forms import shanten_forms
from .tiles import InvalidHandError

EXAMPLES = """examples:
  shanten 336m237p2479s167z3s
  shanten "123m 456p 789s 1234z"
  shanten "45p55777z (3333p) (6666p)" --rule wrc
  shanten 1111m111122233z --players 3
  shanten 123456789m1122p --dead 33p
"""

FORM_LABELS = (("regular", "regular"), ("seven_pairs", "seven pairs"), ("thirteen_orphans", "thirteen orphans"))


def describe(number: int | None) -> str:
    """A shanten number in words: complete, tenpai, N-shanten."""
    if number is None:
        return "-"
    return {-1: "complete", 0: "tenpai"}.get(number, f"{number}-shanten")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shanten",
        description="Exact shanten of a riichi mahjong hand in Tenhou notation (melds: [123m] chi, [555z] pon, "
        "[5555z] open kan, (5555z) closed kan, {5555z} added kan).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("query", help="the hand, e.g. 336m237p2479s167z3s")
    parser.add_argument("--rule", choices=("tenhou", "wrc"), default="tenhou",
                        help="tenhou: a win holds at most 4 of a kind; wrc: own melded copies count too")
    parser.add_argument("--dead", default=None, metavar="TILES", help="tiles visible elsewhere, e.g. 19m5z")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        hand = to_hand(args.query, players=args.players)
        forms = shanten_forms(hand, rule=args.rule, dead=args.dead, players=args.players)
    except InvalidHandError as error:
        print(f"shanten: error: {error}", file=sys.stderr)
        return 2
    print(f"{hand}  ({hand.concealed_count} tiles)")
    print(f"shanten {forms.shanten}: {describe(forms.shanten)}")
    for field, label in FORM_LABELS:
        number = getattr(forms, field)
        mark = "  *" if field in forms.best else ""
        print(f"  {label:<17}{'-' if number is None else number:>3}{mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
