/* The review's C side (shanten.review): replay_round plays the events of one
 * round of the records model, and at each discard writes one row of what the
 * discarding seat sees, in the layout shanten/review/analysis.py reads;
 * judge_rows ranks each discard taken from the batch's discard tables.
 *
 * This is the fast path of records.Table: every check Table makes on the
 * way is made here too, but no error is worded here. On anything Table would
 * refuse, or anything unusual that Table might still take (an int subclass,
 * a seat out of range), the round is given back untouched (None) and the
 * review replays it with Table, which accepts it or words the error. */
#include "core.h"

/* A row per discard: the hand's 34 counts, its dead tiles (34), its own meld
 * tiles (34), red fives (3), then seat, tile, flags, turn, wall, and the
 * length of the hand's notation, which goes to the text buffer. */
enum { ROW_HAND = 0, ROW_DEAD = 34, ROW_CALLED = 68, ROW_RED = 102, ROW_INTS = 105, ROW = 111 };
enum { TSUMOGIRI = 1, RIICHI = 2, IN_RIICHI = 4, AFTER_CALL = 8 };
#define TEXT_MAX 96 /* a hand's notation: 14 digits, 4 letters and 4 melds of at most 8 characters, spaced */

/* What the table waits for, as in records/table.py: state = phase + seat. */
enum { DEAL = 0, ACT = 4, CLAIM = 8, REPLACE = 12, RIICHI_DUE = 16, ACCEPT = 20 };
enum { CHI, PON, OPEN_KAN, CLOSED_KAN, ADDED_KAN, MELD_KINDS };
enum { NORTH = 30 };

/* The classes and members the events are made of, given with each call. */
typedef struct {
    PyObject *draw, *discard, *call, *riichi, *accepted, *kita, *new_dora, *drawn_round, *win;
    PyObject *meld_kinds[MELD_KINDS];
} kit_t;

typedef struct {
    PyObject *call; /* borrowed: the round's events hold it */
    int kind;
} meld_t;

typedef struct {
    int players, state, drawn, discarder, wall, kans, dora;
    uint8_t hands[4][SH_KINDS], red[4][3], public_[SH_KINDS], called[4][SH_KINDS], left[37];
    int rivers[4], last[4], riichi[4], melds_held[4];
    meld_t melds[4][4];
    const meld_t *robbable; /* the kan whose replacement draw is due, NULL after kita */
    meld_t robbed;          /* its copy: an added kan replaces the pon in place */
} table_t;

static inline int kind_of(int tile) { return tile < SH_KINDS ? tile : 4 + 9 * (tile - SH_KINDS); }
static inline int order_of(int tile) { return tile < SH_KINDS ? 2 * tile : 2 * kind_of(tile) + 1; }
static inline int five_suit(int kind) { return kind == 4 ? 0 : kind == 13 ? 1 : kind == 22 ? 2 : -1; }

/* An exact int in [low, high), or -1 (never an error: the caller gives the round back). */
static int small_int(PyObject *o, int low, int high)
{
    if (!PyLong_CheckExact(o))
        return -1;
    int overflow = 0;
    const long v = PyLong_AsLongAndOverflow(o, &overflow);
    return overflow || v < low || v >= high ? -1 : (int)v;
}

static inline PyObject *field(PyObject *event, PyObject *type, Py_ssize_t size, Py_ssize_t index)
{
    return Py_TYPE(event) == (PyTypeObject *)type && PyTuple_GET_SIZE(event) == size ? PyTuple_GET_ITEM(event, index)
                                                                                       : NULL;
}

static int count_tile(table_t *t, int tile)
{
    if (tile < 0 || !t->left[tile])
        return -1;
    t->left[tile]--;
    return 0;
}

/* Take tile out of seat's hand, as Table._remove; its kind, or -1. */
static int remove_tile(table_t *t, int seat, int tile)
{
    if (tile < 0)
        return -1;
    const int kind = kind_of(tile), suit = five_suit(kind);
    uint8_t *hand = t->hands[seat], *red = t->red[seat];
    if (tile >= SH_KINDS) {
        if (!red[suit] || !hand[kind])
            return -1;
        red[suit]--;
    } else if (hand[kind] <= (suit >= 0 ? red[suit] : 0))
        return -1;
    hand[kind]--;
    return kind;
}

static inline int acting(const table_t *t, int seat) { return t->state == ACT + seat; }

/* The meld's tiles as exact ints in ORDER with the shape of its kind; the count, or -1. */
static int meld_tiles(PyObject *tiles, int kind, int *out)
{
    if (!PyTuple_CheckExact(tiles))
        return -1;
    const Py_ssize_t n = PyTuple_GET_SIZE(tiles);
    if (n != (kind == CHI || kind == PON ? 3 : 4))
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = small_int(PyTuple_GET_ITEM(tiles, i), 0, 37);
        if (out[i] < 0 || (i && order_of(out[i - 1]) > order_of(out[i])))
            return -1;
    }
    const int first = kind_of(out[0]);
    for (Py_ssize_t i = 1; i < n; i++)
        if (kind_of(out[i]) != first + (kind == CHI ? i : 0))
            return -1;
    if (kind == CHI && (first >= 27 || first % 9 > 6))
        return -1;
    return (int)n;
}

static int start_kan(table_t *t, const meld_t *meld, int seat)
{
    if (++t->kans > 4)
        return -1;
    t->drawn = -1;
    t->robbed = *meld;
    t->robbable = &t->robbed;
    t->state = REPLACE + seat;
    return 0;
}

/* Table._call: chi, pon or open kan of the discard just made, or a closed or added kan. */
static int call(table_t *t, const kit_t *k, PyObject *event)
{
    if (PyTuple_GET_SIZE(event) != 5)
        return -1;
    const int seat = small_int(PyTuple_GET_ITEM(event, 0), 0, t->players);
    PyObject *kind_obj = PyTuple_GET_ITEM(event, 1), *called_obj = PyTuple_GET_ITEM(event, 3),
             *from_obj = PyTuple_GET_ITEM(event, 4);
    int kind = 0, tiles[4];
    while (kind < MELD_KINDS && k->meld_kinds[kind] != kind_obj)
        kind++;
    if (seat < 0 || kind == MELD_KINDS || (kind != ADDED_KAN && t->melds_held[seat] >= 4))
        return -1;
    const int n = meld_tiles(PyTuple_GET_ITEM(event, 2), kind, tiles);
    if (n < 0)
        return -1;
    const int first = kind_of(tiles[0]);
    meld_t meld = {event, kind};
    if (kind == CHI || kind == PON || kind == OPEN_KAN) {
        const int from = small_int(from_obj, 0, t->players), discard = from >= 0 ? t->last[from] : -1;
        if (t->state / 4 * 4 != CLAIM || from != t->discarder || seat == from || small_int(called_obj, 0, 37) != discard)
            return -1;
        if (kind == CHI && (t->players == 3 || from != (seat + t->players - 1) % t->players))
            return -1;
        if (t->riichi[seat] >= 0)
            return -1;
        int skipped = 0;
        for (int i = 0; i < n; i++) {
            if (!skipped && tiles[i] == discard) {
                skipped = 1;
                continue;
            }
            const int removed = remove_tile(t, seat, tiles[i]);
            if (removed < 0)
                return -1;
            t->public_[removed]++;
            t->called[seat][removed]++;
        }
        if (!skipped)
            return -1;
        t->called[seat][kind_of(discard)]++; /* face up already, now in the seat's meld */
        t->melds[seat][t->melds_held[seat]++] = meld;
        t->drawn = -1;
        if (kind == OPEN_KAN)
            return start_kan(t, &meld, seat);
        t->state = ACT + seat;
        return 0;
    }
    if (!acting(t, seat) || from_obj != Py_None)
        return -1;
    if (kind == CLOSED_KAN) {
        if (called_obj != Py_None)
            return -1;
        for (int i = 0; i < n; i++)
            if (remove_tile(t, seat, tiles[i]) < 0)
                return -1;
        t->public_[first] += 4;
        t->called[seat][first] += 4;
        t->melds[seat][t->melds_held[seat]++] = meld;
        return start_kan(t, &meld, seat);
    }
    meld_t *pon = NULL;
    for (int i = 0; i < t->melds_held[seat] && !pon; i++)
        if (t->melds[seat][i].kind == PON &&
            kind_of(small_int(PyTuple_GET_ITEM(PyTuple_GET_ITEM(t->melds[seat][i].call, 2), 0), 0, 37)) == first)
            pon = &t->melds[seat][i];
    const int added = small_int(called_obj, 0, 37);
    if (!pon || added < 0)
        return -1;
    int rest[4], left = 0; /* the tiles but the added one: the pon's */
    for (int i = 0, skipped = 0; i < n; i++)
        if (skipped || tiles[i] != added)
            rest[left++] = tiles[i];
        else
            skipped = 1;
    PyObject *pon_tiles = PyTuple_GET_ITEM(pon->call, 2); /* three exact ints: checked when the pon was called */
    if (left != 3)
        return -1;
    for (int i = 0; i < 3; i++)
        if (PyLong_AsLong(PyTuple_GET_ITEM(pon_tiles, i)) != rest[i])
            return -1;
    if (remove_tile(t, seat, added) < 0)
        return -1;
    t->public_[first]++;
    t->called[seat][first]++;
    *pon = meld;
    return start_kan(t, &meld, seat);
}

/* A meld in notation: [123m] chi, pon, open kan; (1111m) closed kan; {1111m} added kan. */
static char *meld_text(char *out, const meld_t *meld)
{
    PyObject *tiles = PyTuple_GET_ITEM(meld->call, 2);
    const Py_ssize_t n = PyTuple_GET_SIZE(tiles);
    int red = 0, kinds[4];
    for (Py_ssize_t i = 0; i < n; i++) {
        const int tile = (int)PyLong_AsLong(PyTuple_GET_ITEM(tiles, i));
        red += tile >= SH_KINDS;
        kinds[i] = kind_of(tile);
    }
    *out++ = meld->kind == CLOSED_KAN ? '(' : meld->kind == ADDED_KAN ? '{' : '[';
    for (Py_ssize_t i = 0; i < n; i++) { /* the kinds ascend: ORDER sorts by kind */
        const int value = kinds[i] % 9 + 1;
        *out++ = (char)('0' + (value == 5 && red-- > 0 ? 0 : value));
    }
    *out++ = "mpsz"[kinds[0] / 9];
    *out++ = meld->kind == CLOSED_KAN ? ')' : meld->kind == ADDED_KAN ? '}' : ']';
    return out;
}

/* The seat's hand in notation (shanten.Hand's, melds after it); its length. */
static int hand_text(const table_t *t, int seat, char *out)
{
    char *p = out;
    for (int suit = 0; suit < 4; suit++) {
        char *start = p;
        int red = suit < 3 ? t->red[seat][suit] : 0;
        for (int i = 0; i < (suit < 3 ? 9 : 7); i++)
            for (int c = t->hands[seat][9 * suit + i]; c; c--)
                *p++ = (char)('0' + (i == 4 && red-- > 0 ? 0 : i + 1));
        if (p != start)
            *p++ = "mpsz"[suit];
    }
    for (int m = 0; m < t->melds_held[seat]; m++) {
        *p++ = ' ';
        p = meld_text(p, &t->melds[seat][m]);
    }
    return (int)(p - out);
}

/* The row of a discard about to be made (the table as the seat sees it). */
static void gather(const table_t *t, int seat, int tile, int tsumogiri, uint8_t *row, char *text)
{
    memcpy(row + ROW_HAND, t->hands[seat], SH_KINDS);
    for (int i = 0; i < SH_KINDS; i++)
        row[ROW_DEAD + i] = (uint8_t)(t->public_[i] - t->called[seat][i]);
    memcpy(row + ROW_CALLED, t->called[seat], SH_KINDS);
    memcpy(row + ROW_RED, t->red[seat], 3);
    const uint8_t ints[] = {(uint8_t)seat, (uint8_t)tile,
                            (uint8_t)(tsumogiri * TSUMOGIRI | (t->state / 4 * 4 == RIICHI_DUE) * RIICHI |
                                      (t->riichi[seat] >= 0) * IN_RIICHI | (t->drawn < 0) * AFTER_CALL),
                            (uint8_t)(t->rivers[seat] + 1), (uint8_t)t->wall, (uint8_t)hand_text(t, seat, text)};
    memcpy(row + ROW_INTS, ints, sizeof ints);
}

/* Table.__init__: the deal and the first dora indicator. */
static int deal(table_t *t, int red_fives, int dealer, PyObject *dora, PyObject *hands)
{
    memset(t->left, 4, SH_KINDS);
    memset(t->left + SH_KINDS, 0, 3);
    if (t->players == 3)
        memset(t->left + 1, 0, 7);
    for (int suit = 0; red_fives && suit < 3; suit++)
        if (t->left[4 + 9 * suit]) {
            t->left[4 + 9 * suit]--;
            t->left[SH_KINDS + suit] = 1;
        }
    t->wall = (t->players == 4 ? 136 : 108) - 14 - 13 * t->players;
    t->state = DEAL + dealer;
    t->drawn = t->discarder = -1;
    for (int s = 0; s < 4; s++)
        t->riichi[s] = -1;
    if (!PyTuple_CheckExact(hands) || PyTuple_GET_SIZE(hands) != t->players || dealer < 0 || !PyTuple_CheckExact(dora) ||
        PyTuple_GET_SIZE(dora) != 1)
        return -1;
    for (int s = 0; s < t->players; s++) {
        PyObject *hand = PyTuple_GET_ITEM(hands, s);
        if (!PyTuple_CheckExact(hand) || PyTuple_GET_SIZE(hand) != 13)
            return -1;
        for (int i = 0; i < 13; i++) {
            const int tile = small_int(PyTuple_GET_ITEM(hand, i), 0, 37);
            if (count_tile(t, tile) < 0)
                return -1;
            t->hands[s][kind_of(tile)]++;
            if (tile >= SH_KINDS)
                t->red[s][tile - SH_KINDS]++;
        }
    }
    const int indicator = small_int(PyTuple_GET_ITEM(dora, 0), 0, 37);
    if (count_tile(t, indicator) < 0)
        return -1;
    t->public_[kind_of(indicator)]++;
    t->dora = 1;
    return 0;
}

/* One event (Table._play); a discard's row is written first. 0, or -1: give the round back. */
static int play(table_t *t, const kit_t *k, PyObject *event, uint8_t *row, char *text, int *rows)
{
    PyObject *type = (PyObject *)Py_TYPE(event);
    if (type == k->draw) {
        if (PyTuple_GET_SIZE(event) != 2)
            return -1;
        const int seat = small_int(PyTuple_GET_ITEM(event, 0), 0, t->players),
                  tile = small_int(PyTuple_GET_ITEM(event, 1), 0, 37);
        if (seat < 0 || (t->state != CLAIM + seat && t->state != DEAL + seat && t->state != REPLACE + seat) ||
            !t->wall || count_tile(t, tile) < 0)
            return -1;
        t->wall--;
        t->hands[seat][kind_of(tile)]++;
        if (tile >= SH_KINDS)
            t->red[seat][tile - SH_KINDS]++;
        t->state = ACT + seat;
        t->drawn = tile;
        return 0;
    }
    if (type == k->discard) {
        if (PyTuple_GET_SIZE(event) != 3)
            return -1;
        const int seat = small_int(PyTuple_GET_ITEM(event, 0), 0, t->players),
                  tile = small_int(PyTuple_GET_ITEM(event, 1), 0, 37);
        PyObject *tsumogiri = PyTuple_GET_ITEM(event, 2);
        if (seat < 0 || tile < 0 || (tsumogiri != Py_True && tsumogiri != Py_False))
            return -1;
        int claim = CLAIM;
        if (t->state != ACT + seat) {
            if (t->state != RIICHI_DUE + seat)
                return -1;
            claim = ACCEPT;
        }
        if (tsumogiri == Py_True ? tile != t->drawn : t->riichi[seat] >= 0)
            return -1;
        gather(t, seat, tile, tsumogiri == Py_True, row + ROW * *rows, text);
        const int kind = remove_tile(t, seat, tile);
        if (kind < 0)
            return -1;
        (*rows)++;
        t->public_[kind]++;
        t->last[seat] = tile;
        t->rivers[seat]++;
        t->discarder = seat;
        t->state = claim + (seat + 1) % t->players;
        return 0;
    }
    if (type == k->call)
        return call(t, k, event);
    PyObject *first = PyTuple_GET_SIZE(event) == 1 ? PyTuple_GET_ITEM(event, 0) : NULL;
    const int seat = first ? small_int(first, 0, t->players) : -1;
    if (type == k->riichi) {
        if (seat < 0 || !acting(t, seat) || t->riichi[seat] >= 0)
            return -1;
        for (int m = 0; m < t->melds_held[seat]; m++)
            if (t->melds[seat][m].kind != CLOSED_KAN)
                return -1;
        t->state = RIICHI_DUE + seat;
        return 0;
    }
    if (type == k->accepted) {
        if (seat < 0 || t->state / 4 * 4 != ACCEPT || t->discarder != seat)
            return -1;
        t->state = CLAIM + t->state % 4;
        t->riichi[seat] = t->rivers[seat] - 1;
        return 0;
    }
    if (type == k->new_dora) {
        const int tile = first ? small_int(first, 0, 37) : -1;
        if (t->dora > t->kans || count_tile(t, tile) < 0)
            return -1;
        t->dora++;
        t->public_[kind_of(tile)]++;
        return 0;
    }
    if (type == k->kita) {
        if (t->players != 3 || seat < 0 || !acting(t, seat) || remove_tile(t, seat, NORTH) < 0)
            return -1;
        t->public_[NORTH]++;
        t->drawn = -1;
        t->robbable = NULL;
        t->state = REPLACE + seat;
        return 0;
    }
    return -1;
}

/* Table._win: the winner holds the hand and melds the record states, and took the tile as it says. */
static int win(const table_t *t, const kit_t *k, PyObject *w)
{
    if (Py_TYPE(w) != (PyTypeObject *)k->win || PyTuple_GET_SIZE(w) != 13)
        return -1;
    const int seat = small_int(PyTuple_GET_ITEM(w, 0), 0, t->players), tile = small_int(PyTuple_GET_ITEM(w, 2), 0, 37);
    PyObject *from_obj = PyTuple_GET_ITEM(w, 1), *hand = PyTuple_GET_ITEM(w, 9), *melds = PyTuple_GET_ITEM(w, 10);
    if (seat < 0 || tile < 0)
        return -1;
    const int phase = t->state / 4 * 4;
    int held[4 * SH_KINDS + 1], n = 0, extra = -1;
    if (from_obj == Py_None) {
        if (t->state != ACT + seat || t->drawn != tile)
            return -1;
    } else {
        const int from = small_int(from_obj, 0, t->players);
        int given;
        if (phase == REPLACE && t->robbable && t->robbable->kind != OPEN_KAN) {
            PyObject *robbed_seat = PyTuple_GET_ITEM(t->robbable->call, 0);
            given = small_int(robbed_seat, 0, t->players) == from &&
                    kind_of(small_int(PyTuple_GET_ITEM(PyTuple_GET_ITEM(t->robbable->call, 2), 0), 0, 37)) == kind_of(tile);
        } else
            given = (phase == CLAIM || phase == ACCEPT) && from >= 0 && from == t->discarder && t->last[from] == tile;
        if (from < 0 || !given || seat == from)
            return -1;
        extra = tile;
    }
    if (hand != Py_None) {
        /* the concealed tiles in ORDER, the ron tile among them */
        for (int kind = 0; kind < SH_KINDS; kind++) {
            const int suit = five_suit(kind), reds = suit >= 0 ? t->red[seat][suit] : 0;
            for (int c = t->hands[seat][kind] - reds; c > 0; c--)
                held[n++] = kind;
            if (extra >= 0 && order_of(extra) == 2 * kind)
                held[n++] = extra, extra = -1;
            for (int c = reds; c > 0; c--)
                held[n++] = SH_KINDS + suit;
            if (extra >= 0 && order_of(extra) == 2 * kind + 1)
                held[n++] = extra, extra = -1;
        }
        if (!PyTuple_CheckExact(hand) || PyTuple_GET_SIZE(hand) != n)
            return -1;
        for (int i = 0; i < n; i++)
            if (small_int(PyTuple_GET_ITEM(hand, i), 0, 37) != held[i])
                return -1;
    }
    if (melds != Py_None) {
        /* the same (kind, tiles) pairs in any order */
        if (!PyTuple_CheckExact(melds) || PyTuple_GET_SIZE(melds) != t->melds_held[seat])
            return -1;
        int used = 0;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(melds); i++) {
            PyObject *m = PyTuple_GET_ITEM(melds, i);
            if (Py_TYPE(m) != (PyTypeObject *)k->call || PyTuple_GET_SIZE(m) != 5)
                return -1;
            int found = -1;
            for (int j = 0; j < t->melds_held[seat] && found < 0; j++) {
                PyObject *mine = t->melds[seat][j].call;
                if (used & 1 << j || PyTuple_GET_ITEM(mine, 1) != PyTuple_GET_ITEM(m, 1))
                    continue;
                const int same = PyObject_RichCompareBool(PyTuple_GET_ITEM(mine, 2), PyTuple_GET_ITEM(m, 2), Py_EQ);
                if (same < 0) {
                    PyErr_Clear();
                    return -1;
                }
                if (same)
                    found = j;
            }
            if (found < 0)
                return -1;
            used |= 1 << found;
        }
    }
    return 0;
}

/* Table.finish: the round's end agrees with the table. */
static int finish(const table_t *t, const kit_t *k, PyObject *end)
{
    if (end == Py_None)
        return 0;
    const int phase = t->state / 4 * 4;
    if (Py_TYPE(end) == (PyTypeObject *)k->drawn_round) {
        PyObject *reason = PyObject_GetAttrString(end, "reason"), *tenpai = PyObject_GetAttrString(end, "tenpai");
        int ok = reason && tenpai && PyUnicode_CheckExact(reason);
        if (ok && PyUnicode_CompareWithASCIIString(reason, "nine terminals") == 0)
            ok = phase == ACT && t->drawn >= 0;
        else if (ok) {
            ok = phase == CLAIM || (phase == ACCEPT && PyUnicode_CompareWithASCIIString(reason, "triple ron") == 0);
            const int exhaustive = PyUnicode_CompareWithASCIIString(reason, "exhaustive") == 0;
            if (exhaustive || PyUnicode_CompareWithASCIIString(reason, "nagashi mangan") == 0)
                ok = ok && !t->wall;
            if (ok && exhaustive && tenpai != Py_None) {
                ok = PyTuple_CheckExact(tenpai);
                int called = 0;
                for (Py_ssize_t i = 0; ok && i < PyTuple_GET_SIZE(tenpai); i++) {
                    const int seat = small_int(PyTuple_GET_ITEM(tenpai, i), 0, t->players);
                    ok = seat >= 0;
                    called |= ok << seat;
                }
                for (int seat = 0; ok && seat < t->players; seat++) {
                    summary_t sm;
                    int kind;
                    ok = validate(t->hands[seat], t->players, &sm, &kind) == SH_OK;
                    ok = ok && (best_of(evaluate(t->hands[seat], &sm, NULL, t->players, 0)) == 1) == !!(called & 1 << seat);
                }
            }
        }
        PyErr_Clear();
        Py_XDECREF(reason);
        Py_XDECREF(tenpai);
        return ok ? 0 : -1;
    }
    if (!PyTuple_CheckExact(end) || !PyTuple_GET_SIZE(end))
        return -1;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(end); i++) {
        if (win(t, k, PyTuple_GET_ITEM(end, i)) < 0)
            return -1;
        if (PyTuple_GET_SIZE(end) > 1 && PyTuple_GET_ITEM(PyTuple_GET_ITEM(end, i), 1) == Py_None)
            return -1;
    }
    return 0;
}

static PyObject *py_replay_round(PyObject *self, PyObject *args)
{
    PyObject *kit_obj, *dora, *hands, *events, *end, *rows_obj, *text_obj;
    kit_t k;
    table_t t;
    int red_fives, dealer;
    if (!PyArg_ParseTuple(args, "O!iiiOOOOO!O!", &PyTuple_Type, &kit_obj, &t.players, &red_fives, &dealer, &dora,
                          &hands, &events, &end, &PyByteArray_Type, &rows_obj, &PyByteArray_Type, &text_obj))
        return NULL;
    if (PyTuple_GET_SIZE(kit_obj) != 9 + MELD_KINDS) {
        PyErr_SetString(PyExc_ValueError, "replay_round: a kit of 14 classes and members");
        return NULL;
    }
    PyObject **kit = &PyTuple_GET_ITEM(kit_obj, 0);
    k = (kit_t){kit[0], kit[1], kit[2], kit[3], kit[4], kit[5], kit[6], kit[7], kit[8], {0}};
    memcpy(k.meld_kinds, kit + 9, sizeof k.meld_kinds);
    if ((t.players != 3 && t.players != 4) || !PyTuple_CheckExact(events))
        Py_RETURN_NONE;
    memset(t.hands, 0, sizeof t.hands);
    memset(t.red, 0, sizeof t.red);
    memset(t.public_, 0, sizeof t.public_);
    memset(t.called, 0, sizeof t.called);
    memset(t.rivers, 0, sizeof t.rivers);
    memset(t.last, 0, sizeof t.last);
    memset(t.melds_held, 0, sizeof t.melds_held);
    t.kans = 0;
    t.robbable = NULL;
    if (deal(&t, red_fives, dealer, dora, hands) < 0 || dealer >= t.players)
        Py_RETURN_NONE;
    /* room for a row and a text per event; cut to what was written */
    const Py_ssize_t events_n = PyTuple_GET_SIZE(events), rows_at = PyByteArray_GET_SIZE(rows_obj),
                     text_at = PyByteArray_GET_SIZE(text_obj);
    if (PyByteArray_Resize(rows_obj, rows_at + ROW * events_n) < 0 ||
        PyByteArray_Resize(text_obj, text_at + TEXT_MAX * events_n) < 0)
        return NULL;
    uint8_t *row = (uint8_t *)PyByteArray_AS_STRING(rows_obj) + rows_at;
    char *text = PyByteArray_AS_STRING(text_obj) + text_at;
    int rows = 0, ok = 1;
    Py_ssize_t written = 0;
    for (Py_ssize_t e = 0; ok && e < events_n; e++) {
        const int before = rows;
        ok = play(&t, &k, PyTuple_GET_ITEM(events, e), row, text + written, &rows) == 0;
        if (rows != before)
            written += row[ROW * before + ROW_INTS + 5];
    }
    ok = ok && finish(&t, &k, end) == 0;
    if (PyByteArray_Resize(rows_obj, rows_at + (ok ? ROW * rows : 0)) < 0 ||
        PyByteArray_Resize(text_obj, text_at + (ok ? written : 0)) < 0)
        return NULL;
    if (!ok)
        Py_RETURN_NONE;
    return PyLong_FromLong(rows);
}

/* ---- judging ---------------------------------------------------------------- */

#define NOT_HELD 127 /* as batch.c writes them */
#define UNKNOWN 255

enum { J_AFTER, J_UKEIRE, J_BEST_SHANTEN, J_BEST_UKEIRE, J_RANK, J_MATCHED, J_BEST_COUNT, J_COLUMNS };

/* Each row's discard taken against its discard table: its shanten after and
 * live uke-ire, the best shanten and uke-ire, the rank (1 + the discards
 * strictly better: lower shanten, or equal and more uke-ire), whether it is
 * among the best, and the best kinds, written end to end. */
static PyObject *py_judge_rows(PyObject *self, PyObject *args)
{
    Py_buffer after, ukeire, taken, out, kinds;
    if (!PyArg_ParseTuple(args, "y*y*y*w*w*", &after, &ukeire, &taken, &out, &kinds))
        return NULL;
    const Py_ssize_t n = taken.len;
    Py_ssize_t written = 0;
    PyObject *result = NULL;
    if (after.len != n * SH_KINDS || ukeire.len != n * SH_KINDS || out.len < n * J_COLUMNS * 2 ||
        kinds.len < n * SH_KINDS) {
        PyErr_SetString(PyExc_ValueError, "judge_rows: 34 bytes a row in, 7 int16 and up to 34 kinds a row out");
        goto done;
    }
    const int8_t *a = after.buf;
    const uint8_t *u = ukeire.buf, *t = taken.buf;
    int16_t *o = out.buf;
    uint8_t *k = kinds.buf;
    for (Py_ssize_t r = 0; r < n; r++, a += SH_KINDS, u += SH_KINDS, o += J_COLUMNS) {
        const int d = t[r];
        if (d >= SH_KINDS) {
            PyErr_SetString(PyExc_ValueError, "judge_rows: a kind taken is 0 to 33");
            goto done;
        }
        int best = NOT_HELD, most = 0, better = 0, count = 0;
        for (int i = 0; i < SH_KINDS; i++)
            best = a[i] < best ? a[i] : best;
        for (int i = 0; i < SH_KINDS; i++)
            if (a[i] == best && u[i] > most)
                most = u[i];
        for (int i = 0; i < SH_KINDS; i++) {
            better += a[i] < a[d] || (a[i] == a[d] && a[i] != NOT_HELD && u[i] > u[d] && u[i] != UNKNOWN);
            if (a[i] == best && u[i] == most)
                k[written + count++] = (uint8_t)i;
        }
        const int16_t row[J_COLUMNS] = {a[d], u[d], (int16_t)best, (int16_t)most, (int16_t)(better + 1),
                                        a[d] == best && u[d] == most, (int16_t)count};
        memcpy(o, row, sizeof row);
        written += count;
    }
    result = PyLong_FromSsize_t(written);
done:
    PyBuffer_Release(&after);
    PyBuffer_Release(&ukeire);
    PyBuffer_Release(&taken);
    PyBuffer_Release(&out);
    PyBuffer_Release(&kinds);
    return result;
}

PyMethodDef review_methods[] = {
    {"replay_round", py_replay_round, METH_VARARGS,
     "replay_round(kit, players, red_fives, dealer, dora, hands, events, end, rows, text) -> int | None:\n"
     "the review's replay of a round (records.Table's fast path). Appends a row of 111 bytes per discard\n"
     "to rows and each discarding hand's notation to text; the discards, or None (nothing appended) when\n"
     "records.Table must replay the round. kit: Draw, Discard, Call, Riichi, RiichiAccepted, Kita, NewDora,\n"
     "DrawnRound, Win, then MeldKind's CHI, PON, OPEN_KAN, CLOSED_KAN, ADDED_KAN."},
    {"judge_rows", py_judge_rows, METH_VARARGS,
     "judge_rows(after, ukeire, taken, out, kinds) -> int: each row of a review's discard tables (after:\n"
     "int8, ukeire: uint8, N x 34; taken: N kinds) judged into out (N x 7 int16: shanten after and uke-ire\n"
     "of the discard taken, best shanten, best uke-ire, rank, matched, number of best kinds) and the best\n"
     "kinds end to end into kinds (N x 34 bytes); returns how many kinds were written."},
    {NULL, NULL, 0, NULL}};
