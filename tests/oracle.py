"""Independent brute-force oracle for riichi mahjong replacement numbers / shanten.

This module is deliberately written from the definitions alone and imports nothing
from the ``shanten`` package.  It is used by the test-suite as ground truth.

Definitions
-----------
Tile kinds 0-33: 1m-9m (0-8), 1p-9p (9-17), 1s-9s (18-26), honours 1z-7z (27-33).
A hand ``H`` is 34 concealed counts with n = sum(H) in {1,2,4,5,7,8,10,11,13,14};
M = n // 3 melds are needed (4 - M are already called).

Replacement number of a form = min over the complete target hands ``T`` of that form
with ``T_i <= limit_i`` for every kind of  sum_i max(0, T_i - H_i).
Shanten = replacement number - 1.

* regular form: T = M melds + 1 pair (a meld is a triplet of one kind or a run of
  three consecutive numbers of one suit), 3M + 2 tiles;
* seven pairs (n in {13, 14} only): 7 distinct kinds, two of each;
* thirteen orphans (n in {13, 14} only): the 13 terminal/honour kinds once each plus
  one of them a second time.

How the regular form is computed (brute force, no cleverness about mahjong):

1. Every meld and the pair lie inside one *group* (m, p, s or honours), so a target
   is a sum of independent per-group targets and the cost sum_i max(0, T_i - H_i)
   as well as the constraint T <= limit separate over the groups.
2. For each group we enumerate explicitly, once, every group target: each multiset of
   k <= 4 melds of the group (suits: 9 triplets + 7 runs; honours: 7 triplets) plus
   zero or one pair, with no count above 4.  Targets are classified by (k, p).
3. For a hand we compute, per group and per class (k, p), the minimum cost over the
   class's targets that respect the limits, and then combine the four groups by brute
   force over every split of the M melds between the groups and every choice of the
   group holding the pair.

Step 3's per-group minimum is vectorised with one matrix product: for counts in 0..4,

    sum_i max(0, T_i - H_i) = |T| - sum_i min(T_i, H_i)
    min(T_i, H_i)           = sum_{v=1..4} [T_i >= v] * [H_i >= v]
    T_i > L_i  <=>  exists v in 1..4 with [T_i >= v] and [L_i < v]

so with target features  a_{i,v} = [T_i >= v]  and hand features
f_{i,v} = [H_i >= v] - 64 * [L_i < v]  the score  a . f  equals the overlap
sum_i min(T_i, H_i) for targets within the limits and is negative (<= 14 - 64) for
every target exceeding a limit.  The class minimum cost is |T| - max score, and the
class is impossible when the max score is negative.  All values are small integers,
exact in float32.

Seven pairs choose the 7 kinds (among those with limit >= 2) that already hold the
most of min(H_i, 2) tiles; thirteen orphans are the 13 explicit targets.

Sentinels
---------
``IMPOSSIBLE`` (= 1000) is returned when a form applies to the hand size but no target
of that form respects the limits (only possible with very tight limits).  In the
scalar ``form_replacement_numbers`` a form that does not apply to the hand size
(seven pairs / thirteen orphans when n is not 13 or 14) is ``None``; in the batch
arrays it is ``IMPOSSIBLE`` as well.  ``replacement_number`` returns ``IMPOSSIBLE``
only if no form is possible.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

__all__ = [
    "IMPOSSIBLE",
    "HAND_SIZES",
    "TERMINALS_HONOURS",
    "limits",
    "replacement_number",
    "shanten",
    "form_replacement_numbers",
    "replacement_numbers_batch",
    "form_replacement_numbers_batch",
    "suit_values",
    "suit_values_batch",
    "naive_regular_replacement_number",
    "parse_tiles",
    "to_notation",
    "DISTRIBUTIONS",
    "random_hands",
    "meld_notation",
    "random_situation",
    "load_mjx_shanten_cases",
]

IMPOSSIBLE = 1000
HAND_SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))  # m, p, s, honours (start, stop)
TERMINALS_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
THREE_PLAYER_ABSENT = tuple(range(1, 8))  # 2m..8m are not used in 3-player mahjong

_PENALTY = 64.0
_LEVELS = np.arange(1, 5, dtype=np.int16)  # v = 1..4
_CHUNK = 1024  # hands per matrix product (keeps the product's output cache friendly)


# ---------------------------------------------------------------------------
# Target enumeration (done once per group type)
# ---------------------------------------------------------------------------


def _group_melds(nkinds: int, runs: bool) -> list[np.ndarray]:
    melds = []
    for i in range(nkinds):
        v = np.zeros(nkinds, np.int16)
        v[i] = 3
        melds.append(v)
    if runs:
        for i in range(nkinds - 2):
            v = np.zeros(nkinds, np.int16)
            v[i : i + 3] = 1
            melds.append(v)
    return melds


@functools.lru_cache(maxsize=None)
def _group_targets(nkinds: int, runs: bool):
    """All targets of one group.

    Returns (targets, offsets): ``targets`` is an int16 array (T, nkinds) with the
    targets ordered by class (k, p) in the order (0,0), (0,1), (1,0), ... (4,1);
    ``offsets[(k, p)] = (start, stop)`` rows of that class.  Duplicated count vectors
    (e.g. 111222333 as three triplets or three runs) appear once per class.
    """
    melds = _group_melds(nkinds, runs)
    classes: dict[tuple[int, int], set] = {(k, p): set() for k in range(5) for p in range(2)}
    for k in range(5):
        for combo in itertools.combinations_with_replacement(range(len(melds)), k):
            v = np.zeros(nkinds, np.int16)
            for m in combo:
                v = v + melds[m]
            if v.max(initial=0) > 4:
                continue
            classes[(k, 0)].add(tuple(int(x) for x in v))
            for i in range(nkinds):
                w = v.copy()
                w[i] += 2
                if w.max() <= 4:
                    classes[(k, 1)].add(tuple(int(x) for x in w))
    rows = []
    offsets = {}
    for k in range(5):
        for p in range(2):
            members = sorted(classes[(k, p)])
            offsets[(k, p)] = (len(rows), len(rows) + len(members))
            rows.extend(members)
    targets = np.array(rows, dtype=np.int16).reshape(len(rows), nkinds)
    assert (targets.sum(axis=1) == np.repeat([3 * k + 2 * p for k in range(5) for p in range(2)],
                                              [offsets[(k, p)][1] - offsets[(k, p)][0]
                                               for k in range(5) for p in range(2)])).all()
    return targets, offsets


@functools.lru_cache(maxsize=None)
def _group_target_features(nkinds: int, runs: bool, kmax: int):
    """Transposed target feature matrix (nkinds*4, T') for classes with k <= kmax."""
    targets, offsets = _group_targets(nkinds, runs)
    stop = offsets[(kmax, 1)][1]
    t = targets[:stop]
    feats = (t[:, :, None] >= _LEVELS[None, None, :]).reshape(stop, nkinds * 4)
    return np.ascontiguousarray(feats.T.astype(np.float32))


def _group_costs(h: np.ndarray, lim: np.ndarray, runs: bool, kmax: int) -> np.ndarray:
    """Per-class minimum cost for one group.

    h, lim: (N, nkinds) integer arrays.  Returns int32 (N, kmax+1, 2) with the minimum
    over the class's targets T <= lim of sum max(0, T - h), or IMPOSSIBLE.
    """
    n, nkinds = h.shape
    out = np.full((n, kmax + 1, 2), IMPOSSIBLE, np.int32)
    if n == 0:
        return out
    # Distinct (hand, limit) rows only: many hands share a group's shape.
    # (key = the 2*nkinds digits 0..4 of hand and limits, read in base 5; < 5**18 < 2**63)
    digits = np.concatenate([np.clip(h, 0, 4), np.clip(lim, 0, 4)], axis=1).astype(np.int64)
    key = digits @ (5 ** np.arange(2 * nkinds, dtype=np.int64))
    ukey, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    uh = digits[first, :nkinds].astype(np.int16)
    ul = digits[first, nkinds:].astype(np.int16)
    feats = ((uh[:, :, None] >= _LEVELS).astype(np.float32)
             - _PENALTY * (ul[:, :, None] < _LEVELS).astype(np.float32)).reshape(len(ukey), nkinds * 4)
    at = _group_target_features(nkinds, runs, kmax)
    _, offsets = _group_targets(nkinds, runs)
    ucost = np.full((len(ukey), kmax + 1, 2), IMPOSSIBLE, np.int32)
    for r in range(0, len(ukey), _CHUNK):
        scores = feats[r : r + _CHUNK] @ at
        for k in range(kmax + 1):
            for p in range(2):
                a, b = offsets[(k, p)]
                best = scores[:, a:b].max(axis=1)
                cost = np.where(best >= 0, (3 * k + 2 * p) - np.rint(best), IMPOSSIBLE)
                ucost[r : r + _CHUNK, k, p] = cost.astype(np.int32)
    out[:] = ucost[inverse]
    return out


@functools.lru_cache(maxsize=None)
def _splits(m: int):
    """Every (k_m, k_p, k_s, k_z, pair_group) with k_m + k_p + k_s + k_z = m."""
    out = []
    for ks in itertools.product(range(m + 1), repeat=4):
        if sum(ks) == m:
            for q in range(4):
                out.append(ks + (q,))
    return out


# ---------------------------------------------------------------------------
# Input helpers
# ---------------------------------------------------------------------------


def limits(rule: str = "tenhou", own_melds=None, dead=None, players: int = 4) -> np.ndarray:
    """Per-kind upper bounds on the target counts (int array of 34).

    rule "tenhou": 4 per kind.  rule "wrc": 4 - copies of the kind in the player's own
    called melds (``own_melds``: 34 counts).  Dead tiles (``dead``: 34 counts of tiles
    visible elsewhere) lower the limit further under either rule.  players=3: 2m-8m
    get limit 0.  Negative values are clipped to 0.
    """
    lim = np.full(34, 4, np.int16)
    if rule == "wrc":
        if own_melds is not None:
            lim = lim - np.asarray(own_melds, np.int16)
    elif rule != "tenhou":
        raise ValueError(f"unknown rule {rule!r}")
    if dead is not None:
        lim = lim - np.asarray(dead, np.int16)
    if players == 3:
        lim[list(THREE_PLAYER_ABSENT)] = 0
    elif players != 4:
        raise ValueError(f"players must be 3 or 4, not {players!r}")
    return np.clip(lim, 0, 4)


def _as_counts_2d(counts) -> np.ndarray:
    a = np.asarray(counts)
    if a.ndim == 1:
        a = a[None, :]
    if a.ndim != 2 or a.shape[1] != 34:
        raise ValueError(f"expected (N, 34) counts, got shape {a.shape}")
    a = a.astype(np.int16)
    if (a < 0).any() or (a > 4).any():
        raise ValueError("tile counts must be in 0..4")
    sizes = a.sum(axis=1)
    bad = ~np.isin(sizes, HAND_SIZES)
    if bad.any():
        raise ValueError(f"illegal concealed hand size {int(sizes[bad][0])}")
    return a


def _limits_2d(lim, n: int, players: int) -> np.ndarray:
    if lim is None:
        out = np.broadcast_to(limits(players=players), (n, 34))
    else:
        out = np.asarray(lim, np.int16)
        if out.ndim == 1:
            out = out[None, :]
        out = np.broadcast_to(out, (n, 34)).copy()
        if players == 3:
            out[:, list(THREE_PLAYER_ABSENT)] = 0
        out = np.clip(out, 0, 4)
    return np.asarray(out, np.int16)


# ---------------------------------------------------------------------------
# Forms
# ---------------------------------------------------------------------------


def _regular_same_size(h: np.ndarray, lim: np.ndarray, m: int) -> np.ndarray:
    tables = []
    for g, (a, b) in enumerate(GROUPS):
        tables.append(_group_costs(h[:, a:b], lim[:, a:b], runs=(g < 3), kmax=m))
    best = np.full(len(h), IMPOSSIBLE, np.int32)
    for km, kp, ks, kz, q in _splits(m):
        ks4 = (km, kp, ks, kz)
        total = np.zeros(len(h), np.int32)
        for g in range(4):
            total = total + tables[g][:, ks4[g], 1 if q == g else 0]
        best = np.minimum(best, total)
    return np.minimum(best, IMPOSSIBLE)


def _seven_pairs(h: np.ndarray, lim: np.ndarray) -> np.ndarray:
    # T = 7 distinct eligible kinds (limit >= 2) x 2; cost = 14 - sum over the chosen
    # kinds of min(H_i, 2): best is to choose the 7 largest min(H_i, 2).
    value = np.where(lim >= 2, np.minimum(h, 2), -1).astype(np.int32)
    top7 = -np.sort(-value, axis=1)[:, :7]
    return np.where((top7 >= 0).all(axis=1), 14 - top7.sum(axis=1), IMPOSSIBLE).astype(np.int32)


@functools.lru_cache(maxsize=None)
def _thirteen_orphan_targets() -> np.ndarray:
    out = np.zeros((13, 34), np.int16)
    for j, dup in enumerate(TERMINALS_HONOURS):
        out[j, list(TERMINALS_HONOURS)] = 1
        out[j, dup] = 2
    return out


def _thirteen_orphans(h: np.ndarray, lim: np.ndarray) -> np.ndarray:
    t = _thirteen_orphan_targets()  # (13, 34)
    cost = np.maximum(t[None, :, :] - h[:, None, :], 0).sum(axis=2)  # (N, 13)
    ok = (t[None, :, :] <= lim[:, None, :]).all(axis=2)
    return np.where(ok, cost, IMPOSSIBLE).min(axis=1).astype(np.int32)


def form_replacement_numbers_batch(counts, lim=None, players: int = 4):
    """(regular, seven_pairs, thirteen_orphans) int32 arrays for (N, 34) hands.

    Hands may have different (legal) sizes.  ``lim`` is None (rule tenhou), a 34-vector
    or an (N, 34) array (see ``limits``); players=3 additionally zeroes 2m-8m.
    Non-applicable forms and impossible forms are IMPOSSIBLE.
    """
    h = _as_counts_2d(counts)
    n = len(h)
    lim2 = _limits_2d(lim, n, players)
    sizes = h.sum(axis=1)
    regular = np.full(n, IMPOSSIBLE, np.int32)
    seven = np.full(n, IMPOSSIBLE, np.int32)
    thirteen = np.full(n, IMPOSSIBLE, np.int32)
    for size in np.unique(sizes):
        idx = np.nonzero(sizes == size)[0]
        regular[idx] = _regular_same_size(h[idx], lim2[idx], int(size) // 3)
        if size in (13, 14):
            seven[idx] = _seven_pairs(h[idx], lim2[idx])
            thirteen[idx] = _thirteen_orphans(h[idx], lim2[idx])
    return regular, seven, thirteen


def replacement_numbers_batch(counts, lim=None, players: int = 4) -> np.ndarray:
    """Overall replacement numbers (min over forms) for (N, 34) hands (int32)."""
    r, s, t = form_replacement_numbers_batch(counts, lim, players)
    return np.minimum(np.minimum(r, s), t)


def form_replacement_numbers(counts, limits=None, players: int = 4):
    """(regular, seven_pairs, thirteen_orphans) for one hand.

    Seven pairs / thirteen orphans are None when the hand size is not 13 or 14; a form
    that applies but has no target within the limits is IMPOSSIBLE.
    """
    r, s, t = form_replacement_numbers_batch(np.asarray(counts)[None, :], limits, players)
    n = int(np.asarray(counts).sum())
    if n in (13, 14):
        return int(r[0]), int(s[0]), int(t[0])
    return int(r[0]), None, None


def replacement_number(counts, limits=None, players: int = 4) -> int:
    """Overall replacement number of one hand (IMPOSSIBLE if no form is possible)."""
    return int(replacement_numbers_batch(np.asarray(counts)[None, :], limits, players)[0])


def shanten(counts, limits=None, players: int = 4) -> int:
    """Overall shanten = replacement number - 1 (do not use with IMPOSSIBLE cases)."""
    return replacement_number(counts, limits, players) - 1


# ---------------------------------------------------------------------------
# Per-suit values (all limits 4)
# ---------------------------------------------------------------------------

SUIT_CLASSES = tuple((m, p) for m in range(5) for p in range(2) if 3 * m + 2 * p <= 14)


def suit_values_batch(shapes) -> np.ndarray:
    """(N, 9) suit shapes (counts 0..4) -> int32 (N, 5, 2) minimum costs, [m, p]."""
    a = np.asarray(shapes, np.int16)
    if a.ndim != 2 or a.shape[1] != 9:
        raise ValueError(f"expected (N, 9) shapes, got {a.shape}")
    return _group_costs(a, np.full_like(a, 4), runs=True, kmax=4)


def suit_values(counts9) -> dict:
    """{(m, p): min over single-suit targets with m melds and p pairs of
    sum max(0, T - H)} for one suit shape (9 counts, all limits 4)."""
    v = suit_values_batch(np.asarray(counts9)[None, :])[0]
    return {(m, p): int(v[m, p]) for (m, p) in SUIT_CLASSES}


# ---------------------------------------------------------------------------
# A second, deliberately naive reference (whole-hand targets; for self-checks)
# ---------------------------------------------------------------------------


def _all_melds34() -> np.ndarray:
    melds = []
    for i in range(34):
        v = np.zeros(34, np.int16)
        v[i] = 3
        melds.append(v)
    for s in range(3):
        for i in range(7):
            v = np.zeros(34, np.int16)
            v[9 * s + i : 9 * s + i + 3] = 1
            melds.append(v)
    return np.array(melds)


def naive_regular_replacement_number(counts, lim=None, melds=None, pair=True) -> int:
    """Regular-form replacement number by direct search over whole-hand targets.

    Enumerates every multiset of ``melds`` (default n // 3) melds out of all 55
    melds (34 triplets, 21 runs) that individually fit the limits, adds every pair
    (if ``pair``), drops targets exceeding a limit and takes the minimum of
    sum max(0, T - H).  Slow: meant for spot checks with at most 3 melds (or 4
    when the limits leave few melds, e.g. a single suit).
    """
    h = np.asarray(counts, np.int16)
    m = int(h.sum()) // 3 if melds is None else int(melds)
    lim = np.full(34, 4, np.int16) if lim is None else np.asarray(lim, np.int16)
    allm = _all_melds34()
    allm = allm[(allm <= lim).all(axis=1)]
    combos = np.array(list(itertools.combinations_with_replacement(range(len(allm)), m)), np.int64)
    combos = combos.reshape(len(combos), m)
    t = allm[combos].sum(axis=1) if m else np.zeros((1, 34), np.int16)
    t = t[(t <= lim).all(axis=1)]
    if pair:
        eye2 = 2 * np.eye(34, dtype=np.int16)
        best = IMPOSSIBLE
        for r in range(0, len(t), 2000):
            tt = (t[r : r + 2000, None, :] + eye2[None, :, :]).reshape(-1, 34)
            tt = tt[(tt <= lim).all(axis=1)]
            if len(tt):
                best = min(best, int(np.maximum(tt - h, 0).sum(axis=1).min()))
        return best
    if not len(t):
        return IMPOSSIBLE
    return int(np.maximum(t - h, 0).sum(axis=1).min())


# ---------------------------------------------------------------------------
# Tiny notation helpers (independent of the package's notation module)
# ---------------------------------------------------------------------------

_SUITS = "mpsz"


def parse_tiles(text: str) -> np.ndarray:
    """'123m456p789s1234z' -> 34 counts (digits before their suit letter; 0 = red 5)."""
    counts = np.zeros(34, np.int16)
    pending: list[int] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            pending.append(int(ch))
        elif ch in _SUITS:
            base = 9 * _SUITS.index(ch)
            for d in pending:
                d = 5 if d == 0 else d
                if ch == "z" and not 1 <= d <= 7:
                    raise ValueError(f"bad honour {d}z in {text!r}")
                counts[base + d - 1] += 1
            pending = []
        else:
            raise ValueError(f"bad character {ch!r} in {text!r}")
    if pending:
        raise ValueError(f"digits without suit in {text!r}")
    return counts


def to_notation(counts) -> str:
    """34 counts -> '123m456p789s1234z' (empty groups omitted)."""
    c = [int(x) for x in counts]
    out = []
    for g, (a, b) in enumerate(GROUPS):
        digits = "".join(str(i - a + 1) * c[i] for i in range(a, b))
        if digits:
            out.append(digits + _SUITS[g])
    return "".join(out) or "-"


# ---------------------------------------------------------------------------
# Seeded random hand generators (shared by the tests)
# ---------------------------------------------------------------------------

DISTRIBUTIONS = ("wall", "suit_honours", "suit", "terminals_honours")


def _pool_kinds(dist: str, players: int, suits: np.ndarray) -> np.ndarray:
    """(N, P) kind ids of the tiles each hand is drawn from (4 copies per kind)."""
    n = len(suits)
    if dist == "wall":
        kinds = [k for k in range(34) if players == 4 or k not in THREE_PLAYER_ABSENT]
        return np.broadcast_to(np.repeat(kinds, 4), (n, 4 * len(kinds)))
    if dist == "terminals_honours":
        return np.broadcast_to(np.repeat(TERMINALS_HONOURS, 4), (n, 52))
    suit_part = np.repeat(np.arange(9), 4)[None, :] + 9 * suits[:, None]
    if dist == "suit":
        return suit_part
    if dist == "suit_honours":
        hon = np.broadcast_to(np.repeat(np.arange(27, 34), 4), (n, 28))
        return np.concatenate([suit_part, hon], axis=1)
    raise ValueError(dist)


def random_hands(rng: np.random.Generator, count: int, size: int, dist: str = "wall",
                 players: int = 4) -> np.ndarray:
    """``count`` hands of ``size`` tiles drawn without replacement (uint8 (count, 34)).

    dist: "wall" = the 136-tile wall (3-player: the 108-tile wall without 2m-8m);
    "suit_honours" = one random suit + honours; "suit" = one random suit only;
    "terminals_honours" = the 13 terminal/honour kinds.  In 3-player the random suit
    is p or s (the m suit only has 1m and 9m there).
    """
    suits = rng.integers(1, 3, count) if players == 3 else rng.integers(0, 3, count)
    pool = _pool_kinds(dist, players, suits)
    keys = rng.random(pool.shape)
    pick = np.argpartition(keys, size - 1, axis=1)[:, :size] if size < pool.shape[1] else \
        np.broadcast_to(np.arange(pool.shape[1]), pool.shape)
    kinds = np.take_along_axis(pool, pick, axis=1)
    hands = np.zeros((count, 34), np.uint8)
    np.add.at(hands, (np.arange(count)[:, None], kinds), 1)
    return hands


MELD_TYPES = ("chi", "pon", "closed_kan", "open_kan", "added_kan")


def _tile_str(kind: int) -> tuple[str, str]:
    return str(kind % 9 + 1), _SUITS[kind // 9]


def meld_notation(mtype: str, first: int) -> str:
    """Notation of a called meld: '[123m]' chi, '[555z]' pon, '(3333p)' closed kan,
    '[5555z]' open kan, '{5555z}' added kan (``first`` = lowest kind)."""
    d, s = _tile_str(first)
    if mtype == "chi":
        return "[" + "".join(_tile_str(first + j)[0] for j in range(3)) + s + "]"
    if mtype == "pon":
        return f"[{d * 3}{s}]"
    if mtype == "closed_kan":
        return f"({d * 4}{s})"
    if mtype == "open_kan":
        return f"[{d * 4}{s}]"
    if mtype == "added_kan":
        return "{" + d * 4 + s + "}"
    raise ValueError(mtype)


def random_situation(rng: np.random.Generator, size: int, players: int = 4, max_dead: int = 40):
    """A random legal situation: (hand (34,) uint8, meld strings, own meld counts (34,),
    dead counts (34,)) with 4 - size // 3 called melds (random chi/pon/kans; no chi in
    3-player), the hand drawn from what the melds left, and 0..max_dead dead tiles
    drawn from the rest, so that hand + melds + dead <= 4 for every kind.
    """
    avail = np.full(34, 4, np.int16)
    if players == 3:
        avail[list(THREE_PLAYER_ABSENT)] = 0
    own = np.zeros(34, np.int16)
    melds = []
    types = MELD_TYPES[1:] if players == 3 else MELD_TYPES
    while len(melds) < 4 - size // 3:
        mtype = types[rng.integers(len(types))]
        if mtype == "chi":
            first = int(9 * rng.integers(3) + rng.integers(7))
            need = np.zeros(34, np.int16)
            need[first : first + 3] = 1
        else:
            first = int(rng.integers(34))
            need = np.zeros(34, np.int16)
            need[first] = 3 if mtype == "pon" else 4
        if (need > avail).any():
            continue
        avail -= need
        own += need
        melds.append(meld_notation(mtype, first))
    wall = np.repeat(np.arange(34), avail)
    drawn = rng.permutation(wall)
    hand = np.bincount(drawn[:size], minlength=34).astype(np.uint8)
    ndead = int(rng.integers(0, max_dead + 1))
    dead = np.bincount(drawn[size : size + ndead], minlength=34).astype(np.uint8)
    return hand, melds, own.astype(np.uint8), dead


# The named regression facts: (hand, players, shanten).
NAMED_FACTS = [
    ("245568m245568p77s", 4, 2),
    ("123456789m1111p", 4, 1),
    ("1111m123p112233s", 4, 1),
    ("11112222333444z", 4, 1),
    ("1111m111122233z", 4, 1),
    ("1111m111122233z", 3, 2),
    ("19m19p19s1234567z", 4, 0),
]


def load_mjx_shanten_cases(folder):
    """Load the mjx shanten cases (``*.txt`` in ``folder``): each line is 14 tile ids
    (0-33), then the standard (regular), thirteen-orphans and seven-pairs shanten.

    Returns (hands uint8 (N, 34), regular, thirteen_orphans, seven_pairs) or None when
    the folder holds no such file.
    """
    from pathlib import Path

    files = sorted(Path(folder).glob("*.txt"))
    if not files:
        return None
    data = np.concatenate([np.loadtxt(f, dtype=np.int64, ndmin=2) for f in files])
    hands = np.zeros((len(data), 34), np.uint8)
    np.add.at(hands, (np.arange(len(data))[:, None], data[:, :14]), 1)
    return hands, data[:, 14], data[:, 15], data[:, 16]
