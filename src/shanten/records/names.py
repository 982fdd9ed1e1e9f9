"""Canonical names of yaku and draw reasons, and how each format spells them.

Yaku names are the romanised terms of English-language riichi (riichi.wiki), in
lower case, in Tenhou's id order (mjlog ids 0-54). The wind yaku are "seat wind"
and "round wind": which wind follows from the seat and the round.

>>> YAKU[1], YAKU[54], TENHOU6_YAKU["役牌 中"], MJAI_YAKU["tanyaochu"]
('riichi', 'aka dora', 'chun', 'tanyao')
>>> MJLOG_DRAWS["yao9"], TENHOU6_DRAWS["四風連打"], MJAI_DRAWS["fanpai"]
('nine terminals', 'four winds', 'exhaustive')
"""

from __future__ import annotations

YAKU: tuple[str, ...] = (
    "menzen tsumo", "riichi", "ippatsu", "chankan", "rinshan kaihou", "haitei raoyue", "houtei raoyui",
    "pinfu", "tanyao", "iipeikou",
    "seat wind", "seat wind", "seat wind", "seat wind", "round wind", "round wind", "round wind", "round wind",
    "haku", "hatsu", "chun",
    "double riichi", "chiitoitsu", "chanta", "ittsu", "sanshoku doujun", "sanshoku doukou", "sankantsu",
    "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu",
    "renhou", "tenhou", "chiihou", "daisangen", "suuankou", "suuankou tanki", "tsuuiisou", "ryuuiisou",
    "chinroutou", "chuuren poutou", "junsei chuuren poutou", "kokushi musou", "kokushi musou 13-sided",
    "daisuushii", "shousuushii", "suukantsu",
    "dora", "ura dora", "aka dora",
)  # fmt: skip
"""Canonical yaku names by Tenhou yaku id."""

KITA_DORA = "kita dora"
"""3-player: the han of the norths set aside."""

YAKUMAN_HAN = 13

_TENHOU6_NAMES = (
    "門前清自摸和 立直 一発 槍槓 嶺上開花 海底摸月 河底撈魚 平和 断幺九 一盃口 "
    "自風_東 自風_南 自風_西 自風_北 場風_東 場風_南 場風_西 場風_北 役牌_白 役牌_發 役牌_中 "
    "両立直 七対子 混全帯幺九 一気通貫 三色同順 三色同刻 三槓子 対々和 三暗刻 小三元 混老頭 "
    "二盃口 純全帯幺九 混一色 清一色 人和 天和 地和 大三元 四暗刻 四暗刻単騎 字一色 緑一色 清老頭 "
    "九蓮宝燈 純正九蓮宝燈 国士無双 国士無双１３面 大四喜 小四喜 四槓子 ドラ 裏ドラ 赤ドラ"
).split()

TENHOU6_YAKU: dict[str, str] = {
    **{name.replace("_", " "): YAKU[i] for i, name in enumerate(_TENHOU6_NAMES)},
    **{name: name for name in YAKU},  # converters that write the canonical names (the reader lowers their case)
    "抜きドラ": KITA_DORA,
}
"""tenhou.net/6 yaku names (Japanese, as Tenhou writes them) to canonical names."""

MJAI_YAKU: dict[str, str] = {
    "menzenchin_tsumoho": "menzen tsumo", "reach": "riichi", "ippatsu": "ippatsu", "chankan": "chankan",
    "rinshankaiho": "rinshan kaihou", "haiteiraoyue": "haitei raoyue", "hoteiraoyui": "houtei raoyui",
    "pinfu": "pinfu", "tanyaochu": "tanyao", "ipeko": "iipeikou", "jikaze": "seat wind", "bakaze": "round wind",
    "sangenpai": "sangenpai", "double_reach": "double riichi", "chitoitsu": "chiitoitsu",
    "honchantaiyao": "chanta", "ikkitsukan": "ittsu", "sanshokudojun": "sanshoku doujun",
    "sanshokudoko": "sanshoku doukou", "sankantsu": "sankantsu", "toitoiho": "toitoi", "sananko": "sanankou",
    "shosangen": "shousangen", "honroto": "honroutou", "ryanpeko": "ryanpeikou", "junchantaiyao": "junchan",
    "honiso": "honitsu", "chiniso": "chinitsu", "renho": "renhou", "tenho": "tenhou", "chiho": "chiihou",
    "daisangen": "daisangen", "suanko": "suuankou", "tsuiso": "tsuuiisou", "ryuiso": "ryuuiisou",
    "chinroto": "chinroutou", "churenpoton": "chuuren poutou", "kokushimuso": "kokushi musou",
    "daisushi": "daisuushii", "shosushi": "shousuushii", "sukantsu": "suukantsu",
    "dora": "dora", "uradora": "ura dora", "akadora": "aka dora", "nukidora": KITA_DORA,
}  # fmt: skip
"""mjai yaku names (gimite/mjai) to canonical names; mjai's "sangenpai" counts all dragon triplets at once."""

MJAI_YAKUMAN_HAN = 100
"""mjai writes a yakuman as 100 han."""

MJLOG_DRAWS: dict[str | None, str] = {
    None: "exhaustive", "nm": "nagashi mangan", "yao9": "nine terminals", "kaze4": "four winds",
    "reach4": "four riichi", "kan4": "four kans", "ron3": "triple ron",
}  # fmt: skip
"""mjlog RYUUKYOKU ``type`` (absent for an exhaustive draw) to draw reasons."""

TENHOU6_DRAWS: dict[str, str] = {
    "流局": "exhaustive", "全員聴牌": "exhaustive", "全員不聴": "exhaustive", "流し満貫": "nagashi mangan",
    "九種九牌": "nine terminals", "四風連打": "four winds", "四家立直": "four riichi", "四槓散了": "four kans",
    "三家和了": "triple ron",
}  # fmt: skip
"""tenhou.net/6 result names of drawn rounds to draw reasons."""

MJAI_DRAWS: dict[str, str] = {
    "fanpai": "exhaustive", "nagashimangan": "nagashi mangan", "kyushukyuhai": "nine terminals",
    "sufonrenta": "four winds", "suchareach": "four riichi", "sukaikan": "four kans", "sanchaho": "triple ron",
}  # fmt: skip
"""mjai ryukyoku ``reason`` to draw reasons."""
