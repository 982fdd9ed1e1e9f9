"""Types of the compiled core (src/core/module.c)."""

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ._resolve import DeadLike, HandLike, MeldLike

PROFILE_GUIDED: int  # 1: built from a profile of tools/pgo_train.py (setup.py)
AVX2: int  # 1: the AVX2 paths run in this process (row merges, the "separate" turn loop; SHANTEN_AVX2 is not 0)

class Ukeire(tuple[Any, ...]):
    shanten: int
    tiles: tuple[str, ...]
    kinds: tuple[int, ...]
    counts: tuple[int, ...]
    total: int
    mask: int

class Discard(tuple[Any, ...]):
    tile: str
    kind: int
    red: bool
    shanten: int
    tiles: tuple[str, ...]
    kinds: tuple[int, ...]
    counts: tuple[int, ...]
    total: int
    mask: int
    back: bool

class Unnecessary(tuple[Any, ...]):
    shanten: int
    tiles: tuple[str, ...]
    kinds: tuple[int, ...]
    mask: int

def shanten(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
            dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False) -> int: ...
def replacement_number(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
                       dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False) -> int: ...
def form_numbers(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
                 dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False
                 ) -> tuple[int | None, int | None, int | None]: ...
def ukeire(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
           dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False,
           regular_only: bool = False) -> Ukeire: ...
def unnecessary(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
                dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False,
                regular_only: bool = False) -> Unnecessary: ...
def discards(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
             dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False,
             regular_only: bool = False) -> tuple[Discard, ...]: ...
def improvement_draws(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
                      dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False
                      ) -> tuple[int, int, tuple[tuple[int, int, str, int, tuple[str, ...]], ...] | None]: ...
def good_shape(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
               dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False) -> tuple[int, int, int]: ...
def discard_details(hand: HandLike, /, *, melds: Iterable[MeldLike] | None = None, rule: str = "tenhou",
                    dead: DeadLike = None, players: int = 4, seven_pairs_quads: bool = False
                    ) -> list[tuple[int, bool, tuple[tuple[int, int, str, int, tuple[str, ...]], ...], int | None, int]]: ...
def batch(job: int, src: Any, dead: Any, melded: Any, wrc: bool, players: int, threads: int, shanten: Any,
          first: Any, second: Any, taken: Any = None, /) -> None: ...
def suit_values(counts9: bytes, /) -> bytes: ...
def replay_round(kit: tuple[Any, ...], players: int, red_fives: bool, dealer: int, dora: Any, hands: Any, events: Any,
                 end: Any, rows: bytearray, text: bytearray, /) -> int | None: ...
def mjlog_moves(data: bytes, pos: int, end: int, table: tuple[Any, ...], last: bytearray,
                events: list[Any] | None, /) -> tuple[int, int]: ...
def mjlog_tag(piece: bytes, /) -> tuple[str, dict[str, str]] | None: ...
def mjlog_tiles(text: str, red: bool, in_order: bool, /) -> tuple[int, ...]: ...
def judge_rows(after: Any, ukeire: Any, taken: Any, out: Any, kinds: Any, /) -> int: ...
def load_tables() -> None: ...
def _init(suit_table: bytes, error_type: type[ValueError], resolve_hook: Callable[..., Any],
          meld_hook: Callable[[Any], bytes], data_path: str, hand_type: type, /) -> None: ...

class ScoreResult:
    """A scored win: the C struct score_result of src/core/score.h (shanten.scoring._fast decodes it)."""
    han: int
    fu: int
    yakuman: int
    limit_code: int
    base: int
    points: int
    ron: int
    from_dealer: int
    from_others: int
    total: int
    dealer: bool
    fu_code: int
    yaku_mask: int
    win_group: int
    raw: bytes
    yaku: tuple[tuple[str, int], ...]
    limit: str | None
    groups: tuple[tuple[int, int, int], ...]
    decomposition: tuple[str, ...]
    fu_breakdown: tuple[tuple[str, int], ...]

SCORE_LAYOUT: tuple[int, int]
def score_ids(tiles: Sequence[int], win: int, melds: Sequence[Sequence[int]] | None = (), flags: int = 0,
              dora: Sequence[int] | None = (), ura: Sequence[int] | None = (), round_wind: int = 0,
              seat_wind: int = 0, kita: int = 0, honba: int = 0, sticks: int = 0, players: int = 4,
              rules: int = ...) -> ScoreResult: ...
def score_batch(inputs: Any, outputs: Any, rules: int, threads: int, /) -> None: ...
def _score_setup(decoders: dict[str, Callable[[ScoreResult], Any]], error_type: type[ValueError], default_rules: int,
                 /) -> None: ...
def expected(hand: bytes, live: bytes, win: bytes, rules: int, config: tuple[int, ...], graph: bool = False,
             /) -> tuple[list[tuple[int, int, int, bytes, bytes, bytes, bytes]], int, tuple[Any, ...] | None]: ...
