"""Scoring a win: yaku, han, fu and points under a named ruleset, exact on real game records.

``score(hand, ...)`` reads a complete hand and what happened at the win and returns a ``Score``;
``from_record(game, round, win)`` gives the ``score`` arguments a game record implies.
``fast_score`` takes the same arguments and returns the compiled kernel's result (equal to
``score``'s field by field, proven on every recorded win and on random ones); ``score_ids``
(tile ids and flag bits, the C function itself) and ``score_batch`` (numpy rows on threads) are
its entries for programs that score millions of wins. ``Rules`` holds every rule choice and ``RULES`` the presets ("tenhou", "mahjongsoul", "wrc",
"mleague"). See docs/scoring.md.

>>> from shanten.scoring import score
>>> s = score("234m 567p 22s 345s [666z]", win="2s", tsumo=True, dora="1s", seat_wind="S")
>>> s.han, s.fu, s.yaku, s.from_dealer, s.from_others
(3, 30, (('hatsu', 1), ('dora', 2)), 2000, 1000)
>>> score("1114m 234p 9s [789s] [777z]", win="4m")
Traceback (most recent call last):
...
shanten.scoring.rules.ScoringError: not a complete hand: 1114m234p9s [789s] [777z]
"""

from __future__ import annotations

from ._fast import FastScore, fast_score, score_batch, score_ids
from .evaluate import Score, score
from .record import from_record
from .rules import RULES, Rules, ScoringError

__all__ = ["RULES", "FastScore", "Rules", "Score", "ScoringError", "fast_score", "from_record", "score", "score_batch",
           "score_ids"]
