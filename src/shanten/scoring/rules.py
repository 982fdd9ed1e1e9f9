"""The rule choices that change a hand's score, as one frozen dataclass, and the named presets.

Every field is one documented choice; a preset is a ``Rules`` with a name. Build your own
with ``dataclasses.replace`` or the constructor:

>>> from dataclasses import replace
>>> RULES["tenhou"].kazoe_yakuman, RULES["wrc"].kazoe_yakuman
(True, False)
>>> house = replace(RULES["tenhou"], name="house", kiriage_mangan=True)
>>> house.kiriage_mangan, house.open_tanyao
(True, True)
>>> rules_named("mleague").double_wind_fu
2
>>> rules_named("fast")
Traceback (most recent call last):
...
shanten.scoring.rules.ScoringError: rules: no preset 'fast': give one of 'tenhou', 'mahjongsoul', 'wrc', 'mleague' or a Rules
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tiles import InvalidHandError, shown


class ScoringError(InvalidHandError):
    """A hand that cannot be scored: not complete, impossible tiles, contradictory flags; one line."""


@dataclass(frozen=True)
class Rules:
    """What a ruleset decides about a win's value.

    - ``name``: how the rules are called in messages and ``str(score)``.
    - ``open_tanyao``: all simples counts in an open hand (kuitan).
    - ``red_fives``: red fives count one han each ("aka dora").
    - ``kazoe_yakuman``: 13 or more counted han make a yakuman; otherwise they stay sanbaiman.
    - ``kiriage_mangan``: 4 han 30 fu and 3 han 60 fu (a base of 1920) are paid as mangan.
    - ``double_yakuman``: the yakuman worth two (26 han): any of "kokushi musou 13-sided",
      "suuankou tanki", "junsei chuuren poutou", "daisuushii".
    - ``yakuman_stacking``: several yakuman in one hand add up; otherwise the hand pays one.
    - ``pao``: the yakuman for which a player who fed the last group pays (liability); a record
      states who pays, ``score`` itself gives the hand's value.
    - ``renhou``: the value of a non-dealer's ron before its first draw with no call made:
      None (not a yaku), "mangan" (a 5-han yaku that stands alone) or "yakuman".
    - ``double_wind_fu``: the fu of a pair of the wind that is both the seat's and the round's.
    - ``honba_per_payer``: what each paying player adds per honba (a ron pays it for every
      player who would pay a tsumo: 300 in 4-player, 200 in 3-player at 100).
    - ``tsumo_loss``: 3-player tsumo: the absent north's share is lost (True) or split between
      the two payers (False).
    - ``kita``: 3-player: each north set aside is one han ("kita dora").
    """

    name: str = "custom"
    open_tanyao: bool = True
    red_fives: bool = True
    kazoe_yakuman: bool = True
    kiriage_mangan: bool = False
    double_yakuman: frozenset[str] = frozenset()
    yakuman_stacking: bool = True
    pao: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    renhou: str | None = None
    double_wind_fu: int = 4
    honba_per_payer: int = 100
    tsumo_loss: bool = True
    kita: bool = True

    def __post_init__(self) -> None:
        if self.renhou not in (None, "mangan", "yakuman"):
            raise ScoringError(f"rules: renhou is None, 'mangan' or 'yakuman', got {shown(self.renhou)}")
        unknown = set(self.double_yakuman) - set(DOUBLE_YAKUMAN)
        if unknown:
            choices = ", ".join(DOUBLE_YAKUMAN)
            raise ScoringError(f"rules: no double yakuman {sorted(unknown)[0]!r}: choose among {choices}")


DOUBLE_YAKUMAN = ("kokushi musou 13-sided", "suuankou tanki", "junsei chuuren poutou", "daisuushii")
"""The yakuman some rules pay twice."""

RULES: dict[str, Rules] = {
    # Tenhou: no double yakuman, kazoe yakuman, no kiriage, double wind pair 4 fu, 3-player tsumo loss.
    "tenhou": Rules("tenhou"),
    # Mahjong Soul: as Tenhou, but the four special waits / big four winds pay a double yakuman.
    "mahjongsoul": Rules("mahjongsoul", double_yakuman=frozenset(DOUBLE_YAKUMAN)),
    # World Riichi Championship rules: no red fives, counted han stop at sanbaiman, kiriage mangan,
    # yakuman do not add up.
    "wrc": Rules("wrc", red_fives=False, kazoe_yakuman=False, kiriage_mangan=True, yakuman_stacking=False),
    # M.League: kiriage mangan, double wind pair 2 fu, pao also for four kans.
    "mleague": Rules("mleague", kiriage_mangan=True, double_wind_fu=2,
                     pao=frozenset({"daisangen", "daisuushii", "suukantsu"})),
}  # fmt: skip
"""The presets by name."""


def rules_named(rules: str | Rules) -> Rules:
    """``rules`` itself, or the preset of that name."""
    if isinstance(rules, Rules):
        return rules
    try:
        return RULES[rules]
    except (KeyError, TypeError):
        names = ", ".join(repr(name) for name in RULES)
        raise ScoringError(f"rules: no preset {shown(rules)}: give one of {names} or a Rules") from None
