"""Hands and tiles to and from the formats of other mahjong software; docs/convert.md is the reference.

Where red-ness matters a tile is a tile id 0-36 (``shanten.tiles``: a kind 0-33,
or 34-36 for the red 0m/0p/0s); a hand is a ``Hand``.

>>> hand = Hand.parse("123m406p789s1122z")
>>> to_ids136(hand)
[0, 4, 8, 48, 52, 56, 96, 100, 104, 108, 109, 112, 113]
>>> from_ids136(to_ids136(hand)) == hand
True
>>> to_mjai(Hand.parse("406p11z"))
['4p', '5pr', '6p', 'E', 'E']
>>> to_unicode(Hand.parse("123m11z"))
'🀇🀈🀉🀀🀀'
>>> to_mahjong_helper(Hand.parse("234688m34s [234p] (6666p)"))
'234688m 34s # 234p 6666P'
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple, SupportsIndex, TypeVar

from .notation import kind_of
from .tiles import (
    FIVES,
    RED_FIVES,
    TILE_ID_NAMES,
    Hand,
    InvalidHandError,
    Meld,
    MeldKind,
    check_tile,
    shown,
    is_red,
    tile_kind,
)

RED_IDS136: tuple[int, int, int] = (16, 52, 88)
"""136-tile ids of the red 5m, 5p and 5s, in games with red fives."""

MJAI_TILES: tuple[str, ...] = (
    *(f"{value}{suit}" for suit in "mps" for value in range(1, 10)),
    *"ESWNPFC",
    "5mr", "5pr", "5sr",
)  # fmt: skip
"""mjai's token for each tile id 0-36 (P, F, C: the white, green and red dragon)."""

MJAI_UNKNOWN = "?"
"""mjai's token for a tile not seen, such as another player's."""

_UNICODE_FIRST = (0x1F007, 0x1F019, 0x1F010, 0x1F000)  # 1m, 1p, 1s, east: Unicode orders man, sou, pin
UNICODE_TILES: tuple[str, ...] = (
    *(chr(_UNICODE_FIRST[kind // 9] + kind % 9) for kind in range(31)),
    "\U0001f006", "\U0001f005", "\U0001f004",
)  # fmt: skip
"""The Unicode character of each tile kind 0-33; Unicode has no red five."""

UNICODE_BACK = "\U0001f02b"
"""A face-down tile: ``to_unicode`` writes one at each end of a closed kan."""

_TILE_OF_MJAI = {token: tile for tile, token in enumerate(MJAI_TILES)}
_KIND_OF_UNICODE = {char: kind for kind, char in enumerate(UNICODE_TILES)}
_VARIATION_SELECTORS = "\ufe0e\ufe0f"  # text or emoji style, which emoji pickers put after 🀄
_SUIT_END = re.compile(r"(?<=[mps])(?=[0-9])")
_HELPER_TOKEN = re.compile(r"\s+|[#+]|[0-9]+[mpszMPSZ]")

_T = TypeVar("_T")


# --- 136-tile ids -------------------------------------------------------------------------


def tile_from_id136(id136: SupportsIndex, *, red_fives: bool = True) -> int:
    """The tile id (0-36) of a 136-tile id: ``id136 // 4``, or a red five for 16, 52 and 88 if ``red_fives``.

    >>> tile_from_id136(53), tile_from_id136(52), tile_from_id136(52, red_fives=False), tile_from_id136(135)
    (13, 35, 13, 33)
    >>> tile_from_id136(136)
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: 136-tile id 136 is not an integer 0-135
    """
    value = _integer(id136, 135, "136-tile id")
    if red_fives and value in RED_IDS136:
        return RED_FIVES[RED_IDS136.index(value)]
    return value // 4


def from_ids136(ids: Iterable[SupportsIndex], *, red_fives: bool = True) -> Hand:
    """The concealed hand of distinct 136-tile ids (list, tuple or numpy array), red fives kept if ``red_fives``.

    >>> str(from_ids136([0, 4, 8, 52, 53, 108, 109]))
    '123m05p11z'
    >>> str(from_ids136([0, 4, 8, 52, 53, 108, 109], red_fives=False))
    '123m55p11z'
    >>> from_ids136([0, 4, 4, 8])
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: index 2: id 4 repeats index 1
    """
    return _hand(_tiles_of_ids136(ids, red_fives))


def counts_from_ids136(ids: Iterable[SupportsIndex]) -> list[int]:
    """34 counts of any number of distinct 136-tile ids (dead tiles, a wall), a red five counted as a five.

    >>> counts = counts_from_ids136(range(16, 24))
    >>> counts[4], counts[5], sum(counts)
    (4, 4, 8)
    """
    counts = [0] * 34
    for tile in _tiles_of_ids136(ids, red_fives=False):
        counts[tile] += 1
    return counts


def to_ids136(hand: Hand | str, *, red_fives: bool = True) -> list[int]:
    """Sorted 136-tile ids of the concealed tiles: the lowest copies, the red copy for a red five.

    With ``red_fives`` (a game with red fives) a plain five never takes the red copy.
    Melds are left out: ``meld_ids136`` gives theirs.

    >>> to_ids136(Hand.parse("55m0m11z"))
    [16, 17, 18, 108, 109]
    >>> to_ids136(Hand.parse("555m11z"), red_fives=False)
    [16, 17, 18, 108, 109]
    >>> to_ids136(Hand.parse("5555m1z"))
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: 4 plain 5m: with red fives one 5m is red (red_fives=False for a game without)
    """
    return _allocate_ids136(hand, red_fives)[0]


def meld_ids136(hand: Hand | str, *, red_fives: bool = True) -> list[list[int]]:
    """Sorted 136-tile ids of each meld, in order: the lowest copies that ``to_ids136`` leaves free.

    >>> hand = Hand.parse("11m12z [406p] [111z] (9999s)")
    >>> to_ids136(hand), meld_ids136(hand)
    ([0, 1, 108, 112], [[48, 52, 56], [109, 110, 111], [104, 105, 106, 107]])
    """
    return _allocate_ids136(hand, red_fives)[1]


def _allocate_ids136(hand: Hand | str, red_fives: bool) -> tuple[list[int], list[list[int]]]:
    """The ids of the concealed tiles, then of each meld: each group takes the lowest copies left."""
    hand = _as_hand(hand)
    groups = [(hand.counts, hand.red), *((meld.counts, _meld_red(meld)) for meld in hand.melds)]
    for suit, five in enumerate(FIVES):
        held = sum(red[suit] for _, red in groups)
        name = TILE_ID_NAMES[five]
        if held and not red_fives:
            raise InvalidHandError(f"a red {name} with red_fives=False")
        if held > 1:
            raise InvalidHandError(f"{held} red {name}: 136-tile ids have one ({RED_IDS136[suit]})")
        if red_fives and hand.total_counts[five] - held == 4:
            raise InvalidHandError(
                f"4 plain {name}: with red fives one {name} is red (red_fives=False for a game without)"
            )
    free = [[4 * kind + copy for copy in range(4) if not (red_fives and 4 * kind + copy in RED_IDS136)]
            for kind in range(34)]  # fmt: skip
    ids = []
    for counts, red in groups:
        group = [RED_IDS136[suit] for suit in range(3) if red[suit]]
        for kind, count in enumerate(counts):
            plain = count - (red[FIVES.index(kind)] if kind in FIVES else 0)
            group += free[kind][:plain]
            del free[kind][:plain]
        ids.append(sorted(group))
    return ids[0], ids[1:]


def _meld_red(meld: Meld) -> list[int]:
    """The meld's red fives per suit (m, p, s)."""
    return [meld.red if suit == meld.tiles[0] // 9 else 0 for suit in range(3)]


def _tiles_of_ids136(ids: Iterable[SupportsIndex], red_fives: bool) -> list[int]:
    seen: dict[int, int] = {}
    tiles = []
    for index, item in enumerate(_items(ids, "136-tile ids")):
        id136 = _located(f"index {index}", _integer, item, 135, "id")
        if id136 in seen:
            raise InvalidHandError(f"index {index}: id {id136} repeats index {seen[id136]}")
        seen[id136] = index
        tiles.append(tile_from_id136(id136, red_fives=red_fives))
    return tiles


# --- mjai ----------------------------------------------------------------------------------


def tile_to_mjai(tile: SupportsIndex) -> str:
    """mjai's token for tile id ``tile`` (0-36).

    >>> tile_to_mjai(0), tile_to_mjai(31), tile_to_mjai(35)
    ('1m', 'P', '5pr')
    """
    return MJAI_TILES[_integer(tile, 36, "tile id")]


def tile_from_mjai(token: str) -> int:
    """The tile id (0-36) of an mjai token; the unknown tile ``?`` is an error.

    >>> tile_from_mjai("5sr"), tile_from_mjai("C")
    (36, 33)
    >>> tile_from_mjai("?")
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: '?' is an unknown tile: a real tile is needed here
    """
    if token == MJAI_UNKNOWN:
        raise InvalidHandError("'?' is an unknown tile: a real tile is needed here")
    if not isinstance(token, str) or token not in _TILE_OF_MJAI:
        raise InvalidHandError(f"{shown(token)} is not an mjai tile (1m-9m, 5mr, 1p-9p, ..., E S W N P F C)")
    return _TILE_OF_MJAI[token]


def to_mjai(hand: Hand | str) -> list[str]:
    """mjai tokens of the concealed tiles (mjai's ``tehais``), sorted, a red five before the plain ones.

    >>> to_mjai(Hand.parse("0m5m789s56z [111p] [555s]"))
    ['5mr', '5m', '7s', '8s', '9s', 'P', 'F']
    """
    return [MJAI_TILES[tile] for tile in _concealed_tiles(hand)]


def from_mjai(tokens: str | Iterable[str]) -> Hand:
    """The concealed hand of mjai tokens: a list such as mjai's ``tehais``, or one string split at whitespace.

    >>> str(from_mjai(["E", "5pr", "4p", "6p", "E"]))
    '406p11z'
    >>> str(from_mjai("1m 2m 3m 5sr 5s"))
    '123m05s'
    >>> from_mjai(["1m", "?"])
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: index 1: '?' is an unknown tile: a real tile is needed here
    """
    items = tokens.split() if isinstance(tokens, str) else _items(tokens, "mjai tokens")
    return _hand(_located(f"index {index}", tile_from_mjai, item) for index, item in enumerate(items))


# --- Unicode -------------------------------------------------------------------------------


def tile_to_unicode(tile: SupportsIndex) -> str:
    """The Unicode character of tile id ``tile`` (0-36); a red five is drawn as a plain five.

    >>> tile_to_unicode(0), tile_to_unicode(35), tile_to_unicode(33)
    ('🀇', '🀝', '🀄')
    """
    return UNICODE_TILES[tile_kind(_integer(tile, 36, "tile id"))]


def tile_from_unicode(char: str) -> int:
    """The tile kind (0-33) of a Unicode mahjong tile: never a red five, which Unicode lacks.

    >>> tile_from_unicode("🀙"), tile_from_unicode("🀄")
    (9, 33)
    >>> tile_from_unicode("🀢")
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: '🀢' (U+1F022) is not a riichi mahjong tile
    """
    if not isinstance(char, str) or len(char) != 1:
        raise InvalidHandError(f"expected one Unicode tile character, got {shown(char)}")
    if char == UNICODE_BACK:
        raise InvalidHandError("a face-down tile (U+1F02B) is not a known tile")
    if char not in _KIND_OF_UNICODE:
        raise InvalidHandError(f"{char!r} (U+{ord(char):04X}) is not a riichi mahjong tile")
    return _KIND_OF_UNICODE[char]


def to_unicode(hand: Hand | str) -> str:
    """The concealed tiles, then each meld after a space; a closed kan shows its ends face down.

    A red five is written as a plain five and an added kan as an open kan: Unicode
    marks neither.

    >>> to_unicode(Hand.parse("0m5m456p11z [789s] (1111p)"))
    '🀋🀋🀜🀝🀞🀀🀀 🀖🀗🀘 🀫🀙🀙🀫'
    """
    hand = _as_hand(hand)
    words = ["".join(UNICODE_TILES[tile_kind(tile)] for tile in _concealed_tiles(hand))]
    for meld in hand.melds:
        faces = "".join(UNICODE_TILES[kind] for kind in meld.tiles)
        words.append(UNICODE_BACK + faces[1:3] + UNICODE_BACK if meld.kind is MeldKind.CLOSED_KAN else faces)
    return " ".join(words)


def from_unicode(text: str) -> Hand:
    """The hand written by ``to_unicode``: the concealed tiles, then each meld after whitespace.

    Three tiles of a kind are a pon, three in a row a chi, four of a kind an open kan,
    and two tiles of a kind between face-down ones (🀫🀙🀙🀫) a closed kan. A variation
    selector (U+FE0E, U+FE0F) after a tile is ignored.

    >>> str(from_unicode("🀋🀋🀜🀝🀞🀀🀀 🀖🀗🀘 🀫🀙🀙🀫"))
    '55m456p11z [789s] (1111p)'
    >>> from_unicode("🀇🀈🀉🀪")
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: column 4: '🀪' (U+1F02A) is not a riichi mahjong tile
    """
    if not isinstance(text, str):
        raise InvalidHandError(f"expected Unicode tiles such as '🀇🀈🀉', got {shown(text)}")
    words = [(match.group(), match.start() + 1) for match in re.finditer(r"\S+", text)]
    if not words:
        raise InvalidHandError("empty input")
    (first, first_column), *meld_words = words
    concealed = [_located(f"column {at}", tile_from_unicode, char) for char, at in _unicode_chars(first, first_column)]
    return _hand(concealed, [_unicode_meld(word, column) for word, column in meld_words])


def _unicode_chars(word: str, column: int) -> list[tuple[str, int]]:
    """The characters of ``word`` with their columns, less each variation selector that follows a tile."""
    return [(char, column + offset) for offset, char in enumerate(word)
            if not (char in _VARIATION_SELECTORS and offset and word[offset - 1] not in _VARIATION_SELECTORS)]


def _unicode_meld(word: str, column: int) -> Meld:
    chars = _unicode_chars(word, column)
    closed = len(chars) == 4 and chars[0][0] == chars[3][0] == UNICODE_BACK
    faces = chars[1:3] * 2 if closed else chars  # a closed kan's two tiles face up stand for its four
    kinds = [_located(f"column {at}", tile_from_unicode, char) for char, at in faces]
    return _meld(kinds, 0, closed, word, column)


# --- mahjong-helper ------------------------------------------------------------------------


class HelperQuery(NamedTuple):
    """A mahjong-helper command line: the hand, and the tile id (0-36) offered to call after ``+``, if any."""

    hand: Hand
    call: int | None = None


def to_mahjong_helper(hand: Hand | str, call: SupportsIndex | None = None) -> str:
    """mahjong-helper's command-line notation, such as ``24688m 34s # 234p 6666P + 3m``.

    The concealed suits are separated by spaces and a red five is ``0``; the melds follow
    ``#`` in order, a closed kan in upper case (an added kan is written as an open kan);
    ``call``, a tile id that a 3n+1 hand may call, follows ``+``.

    >>> to_mahjong_helper(Hand.parse("24688m 34s [234p] (6666p)"), call=2)
    '24688m 34s # 234p 6666P + 3m'
    >>> to_mahjong_helper(*from_mahjong_helper("33567789m 46s + 0s"))
    '33567789m 46s + 0s'
    """
    hand = _as_hand(hand)
    text = _SUIT_END.sub(" ", str(Hand(hand.counts, hand.red)))
    if hand.melds:
        text += " # " + " ".join(_helper_meld(meld) for meld in hand.melds)
    if call is not None:
        tile = _integer(call, 36, "tile id")
        _check_call(hand, tile)
        text += " + " + TILE_ID_NAMES[tile]
    return text


def from_mahjong_helper(text: str) -> HelperQuery:
    """The hand, and the tile offered to call, of a mahjong-helper command line.

    The concealed tiles come first (suit letters in lower case, ``0`` a red five). Each
    group after ``#`` is one meld: three of a kind a pon, three in a row a chi, four of a
    kind an open kan, or a closed kan if its suit letter is upper case. One tile after
    ``+`` is another player's discard that the 3n+1 hand may call.

    >>> from_mahjong_helper("234688m 34s # 6666P 234p")
    HelperQuery(hand=Hand.parse('234688m34s (6666p) [234p]'), call=None)
    >>> from_mahjong_helper("24688m34s#6666P234p+0m").call
    34
    >>> from_mahjong_helper("123m11z # 666P")
    Traceback (most recent call last):
    ...
    shanten.tiles.InvalidHandError: column 11: 666P is not a meld: a closed kan has 4 tiles, got 3
    """
    if not isinstance(text, str):
        raise InvalidHandError(f"expected mahjong-helper notation such as '234m 55p # 666P', got {shown(text)}")
    if not text.strip():
        raise InvalidHandError("empty input")
    concealed: list[int] = []
    melds: list[Meld] = []
    calls: list[tuple[int, int]] = []  # each tile after '+' and its column
    section = ""  # "" the concealed tiles, then "#" the melds, "+" the call
    marks: dict[str, int] = {}  # the column of each '#' and '+'
    seen = [0] * 34  # copies so far, to name the column of a 5th copy
    for token, column in _helper_tokens(text):
        if token in ("#", "+"):
            if section in (token, "+"):
                raise _error(column, f"'{token}' after '{section}' at column {marks[section]}")
            section, marks[token] = token, column
            continue
        tiles = _helper_tiles(token, column, seen)
        upper = token[-1].isupper()
        if section == "#":
            melds.append(_meld([tile_kind(tile) for tile in tiles], sum(map(is_red, tiles)), upper, token, column))
        elif upper:
            raise _error(column, f"{token}: upper case marks a closed kan, which goes after '#'")
        elif section == "+":
            calls += ((tile, column + offset) for offset, tile in enumerate(tiles))
        else:
            concealed += tiles
    if "#" in marks and not melds:
        raise _error(marks["#"], "'#' is followed by no meld")
    if "+" in marks and len(calls) != 1:
        raise _error(marks["+"], f"'+' takes one tile, got {len(calls)}")
    hand = _hand(concealed, melds)
    if not calls:
        return HelperQuery(hand)
    tile, column = calls[0]
    _located(f"column {column}", _check_call, hand, tile)
    return HelperQuery(hand, tile)


def _helper_tokens(text: str) -> Iterator[tuple[str, int]]:
    """Each tile group, '#' and '+' in ``text`` with its 1-based column; whitespace only separates."""
    position = 0
    while position < len(text):
        match = _HELPER_TOKEN.match(text, position)
        if match is None:
            end = len(text) - len(text[position:].lstrip("0123456789"))
            if end > position and (end == len(text) or _HELPER_TOKEN.match(text, end)):
                raise _error(position + 1, f"digits {text[position:end]!r} have no suit letter")
            raise _error(end + 1, f"unknown character {text[end]!r}")
        if not match.group().isspace():
            yield match.group(), position + 1
        position = match.end()


def _helper_tiles(token: str, column: int, seen: list[int]) -> list[int]:
    """The tile ids written in ``token`` (digits, then a suit letter), each checked where it stands."""
    tiles = []
    for offset, digit in enumerate(token[:-1]):
        where = f"column {column + offset}"
        kind = _located(where, kind_of, digit, token[-1].lower())
        seen[kind] += 1
        _located(where, check_tile, kind, seen[kind])
        tiles.append(RED_FIVES[FIVES.index(kind)] if digit == "0" else kind)
    return tiles


def _helper_meld(meld: Meld) -> str:
    written = str(meld)[1:-1]
    return written.upper() if meld.kind is MeldKind.CLOSED_KAN else written


def _check_call(hand: Hand, call: int) -> None:
    if hand.concealed_count % 3 != 1:
        raise InvalidHandError(f"a call needs a 3n+1 hand, got {hand.concealed_count} concealed tiles")
    kind = tile_kind(call)
    check_tile(kind, hand.total_counts[kind] + 1)


# --- shared --------------------------------------------------------------------------------


def _meld(kinds: list[int], red: int, closed: bool, written: str, column: int) -> Meld:
    """The meld of tile ``kinds``: a closed kan if ``closed``, else a chi, pon or open kan as its tiles say."""
    return _located(f"column {column}: {written} is not a meld", _shaped_meld, kinds, red, closed)


def _shaped_meld(kinds: list[int], red: int, closed: bool) -> Meld:
    if closed and len(kinds) != 4:
        raise InvalidHandError(f"a closed kan has 4 tiles, got {len(kinds)}")
    if len(kinds) == 4:
        return Meld(MeldKind.CLOSED_KAN if closed else MeldKind.OPEN_KAN, tuple(kinds), red)
    if len(kinds) == 3:
        return Meld(MeldKind.PON if len(set(kinds)) == 1 else MeldKind.CHI, tuple(kinds), red)
    raise InvalidHandError(f"a meld has 3 or 4 tiles, got {len(kinds)}")


def _as_hand(hand: Hand | str) -> Hand:
    if isinstance(hand, str):
        return Hand.parse(hand)
    if not isinstance(hand, Hand):
        raise InvalidHandError(f"expected a Hand or notation, got {type(hand).__name__}")
    return hand


def _concealed_tiles(hand: Hand | str) -> list[int]:
    """The concealed tile ids in kind order, each suit's red fives before its plain fives."""
    hand = _as_hand(hand)
    tiles = []
    for kind, count in enumerate(hand.counts):
        if kind in FIVES:
            red = hand.red[kind // 9]
            tiles += [RED_FIVES[kind // 9]] * red
            count -= red
        tiles += [kind] * count
    return tiles


def _hand(tiles: Iterable[int], melds: Sequence[Meld] = ()) -> Hand:
    """The Hand of concealed tile ids 0-36 and ``melds``."""
    counts = [0] * 34
    red = [0, 0, 0]
    for tile in tiles:
        counts[tile_kind(tile)] += 1
        check_tile(tile_kind(tile), counts[tile_kind(tile)])  # a list of tiles holds a 5th copy, not a count of 5
        if is_red(tile):
            red[tile - RED_FIVES[0]] += 1
    return Hand(tuple(counts), (red[0], red[1], red[2]), tuple(melds))


def _integer(value: object, top: int, what: str) -> int:
    """``value`` if it is an integer 0 to ``top`` (not a bool, not 1.0)."""
    if isinstance(value, SupportsIndex) and not isinstance(value, bool) and 0 <= operator.index(value) <= top:
        return operator.index(value)
    raise InvalidHandError(f"{what} {shown(value)} is not an integer 0-{top}")


def _items(values: object, what: str) -> list[object]:
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise InvalidHandError(f"{what} must be a sequence, got {type(values).__name__}")
    return list(values)


def _located(where: str, function: Callable[..., _T], *args: object, **kwargs: object) -> _T:
    """``function(*args, **kwargs)``, its error's message prefixed by ``where``."""
    try:
        return function(*args, **kwargs)
    except InvalidHandError as error:
        raise InvalidHandError(f"{where}: {error}") from None


def _error(column: int, what: str) -> InvalidHandError:
    return InvalidHandError(f"column {column}: {what}")
