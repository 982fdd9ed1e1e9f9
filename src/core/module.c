/* Python surface of the core: argument handling, the scalar entry points and
 * the threaded batch. Anything other than plain counts (notation, Hand objects,
 * melds, dead tiles, rule variants) is resolved by shanten._resolve in Python,
 * which hands back counts and per-kind limits. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "necessary.h"

#if defined(__GNUC__) && !defined(_WIN32)
#include <pthread.h>
#endif
#if defined(__linux__)
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#endif

static PyObject *invalid_hand_error;
static PyObject *resolve_hook; /* shanten._resolve.resolve */
static PyObject *meld_hook;    /* shanten._resolve.meld_counts */
static PyObject *meld_cache;   /* meld (notation or Meld) -> its 34 counts as bytes */
/* CPython keeps small ints in one array: when 0..4 sit at equal power-of-two
 * strides, a count is read from the object's address alone, by a shift (a
 * division per tile would cost as much as the rest of a shanten call). */
static uintptr_t small_base, small_last, small_mask; /* address of 0; offset of 4 (0: trick off); stride - 1 */
static int small_shift;
static PyObject *count_objects[5]; /* the ints 0 to 4 */

static const char *const TILE_NAMES[SH_KINDS] = {
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p",
    "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"};

static void raise_invalid(int code, int n, int kind, const char *prefix)
{
    switch (code) {
    case SH_BAD_COUNT:
        PyErr_Format(invalid_hand_error, "%s5th copy of %s", prefix, TILE_NAMES[kind]);
        break;
    case SH_ABSENT_KIND:
        PyErr_Format(invalid_hand_error, "%s%s does not exist in 3-player mahjong", prefix, TILE_NAMES[kind]);
        break;
    default:
        PyErr_Format(invalid_hand_error,
                     "%s%d concealed tiles: a hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14", prefix, n);
    }
}

/* The tables are read at random: on Linux, ask for huge pages so that a few
 * TLB entries cover them. Never freed while the module lives. */
static uint8_t *table_alloc(size_t size)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    void *p = NULL;
    if (posix_memalign(&p, huge, (size + huge - 1) / huge * huge) != 0)
        return NULL;
    madvise(p, (size + huge - 1) / huge * huge, MADV_HUGEPAGE); /* a hint: failure is harmless */
    return p;
#else
    return PyMem_RawMalloc(size);
#endif
}

/* 1: counts read, 0: not plain counts (let Python resolve it), -1: error set. */
static int read_counts(PyObject *hand, uint8_t *c, const char *what)
{
    if (PyBytes_CheckExact(hand)) {
        if (PyBytes_GET_SIZE(hand) != SH_KINDS)
            return 0;
        memcpy(c, PyBytes_AS_STRING(hand), SH_KINDS);
        return 1;
    }
    if (!PyList_CheckExact(hand) && !PyTuple_CheckExact(hand))
        return 0;
    if (PySequence_Fast_GET_SIZE(hand) != SH_KINDS)
        return 0;
    PyObject **items = PySequence_Fast_ITEMS(hand);
    for (int i = 0; i < SH_KINDS; i++) {
        PyObject *o = items[i];
        const uintptr_t offset = (uintptr_t)o - small_base;
        int v = -1;
        if (offset <= small_last && !(offset & small_mask))
            v = (int)(offset >> small_shift);
        if (v < 0) {
            if (!PyLong_Check(o))
                return 0;
            long x = PyLong_AsLong(o);
            if (x == -1 && PyErr_Occurred())
                PyErr_Clear();
            if (x < 0 || x > 4) {
                PyErr_Format(invalid_hand_error, "%s: count of %s is %R: a count is an integer 0 to 4", what,
                             TILE_NAMES[i], o);
                return -1;
            }
            v = (int)x;
        }
        c[i] = (uint8_t)v;
    }
    return 1;
}

typedef struct {
    PyObject *hand, *melds, *rule, *dead;
    int players, quads_as_pairs, forms;
} call_args;

static int parse_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, call_args *a, const char *fname,
                      int allow_forms)
{
    a->hand = NULL;
    a->melds = a->rule = a->dead = Py_None;
    a->players = 4;
    a->quads_as_pairs = 0;
    a->forms = FORMS_ALL;
    if (nargs != 1) {
        PyErr_Format(PyExc_TypeError, "%s() takes exactly one positional argument (%zd given)", fname, nargs);
        return -1;
    }
    a->hand = args[0];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, k), *value = args[nargs + k];
        if (PyUnicode_CompareWithASCIIString(name, "melds") == 0)
            a->melds = value;
        else if (PyUnicode_CompareWithASCIIString(name, "rule") == 0)
            a->rule = value;
        else if (PyUnicode_CompareWithASCIIString(name, "dead") == 0)
            a->dead = value;
        else if (PyUnicode_CompareWithASCIIString(name, "players") == 0) {
            long p = PyLong_Check(value) ? PyLong_AsLong(value) : 0;
            if (p != 3 && p != 4) {
                PyErr_Clear();
                PyErr_Format(invalid_hand_error, "players must be 3 or 4, got %R", value);
                return -1;
            }
            a->players = (int)p;
        } else if (PyUnicode_CompareWithASCIIString(name, "seven_pairs_quads") == 0) {
            int t = PyObject_IsTrue(value);
            if (t < 0)
                return -1;
            a->quads_as_pairs = t;
        } else if (allow_forms && PyUnicode_CompareWithASCIIString(name, "regular_only") == 0) {
            int t = PyObject_IsTrue(value);
            if (t < 0)
                return -1;
            a->forms = t ? FORM_REGULAR : FORMS_ALL;
        } else {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", fname, name);
            return -1;
        }
    }
    return 0;
}

/* The 34 counts of a meld argument, cached: players type the same melds again and again. */
static const uint8_t *meld_counts(PyObject *meld)
{
    PyObject *counts = PyDict_GetItemWithError(meld_cache, meld); /* borrowed */
    if (!counts) {
        if (PyErr_Occurred())
            return NULL;
        counts = PyObject_CallOneArg(meld_hook, meld);
        if (!counts)
            return NULL;
        if (!PyBytes_CheckExact(counts) || PyBytes_GET_SIZE(counts) != SH_KINDS) {
            Py_DECREF(counts);
            PyErr_SetString(PyExc_SystemError, "meld_counts must return 34 bytes");
            return NULL;
        }
        if (PyDict_GET_SIZE(meld_cache) >= 4096)
            PyDict_Clear(meld_cache);
        int failed = PyDict_SetItem(meld_cache, meld, counts);
        Py_DECREF(counts); /* the cache holds it */
        if (failed)
            return NULL;
    }
    return (const uint8_t *)PyBytes_AS_STRING(counts);
}

/* Rule variants with plain counts, 4-player: limits built here rather than in
 * _resolve.limits (same formula), since building a Hand costs far more than
 * the answer. 1: done, 0: not this shape of arguments, -1: error set. */
static int plain_limits(const call_args *a, uint8_t *c, uint8_t *lim, uint8_t *live, const uint8_t **limits)
{
    uint8_t dead[SH_KINDS] = {0}, melded[SH_KINDS] = {0};
    int wrc = 0;
    if (a->players != 4)
        return 0;
    if (a->rule != Py_None) {
        if (!PyUnicode_Check(a->rule))
            return 0;
        if (PyUnicode_CompareWithASCIIString(a->rule, "wrc") == 0)
            wrc = 1;
        else if (PyUnicode_CompareWithASCIIString(a->rule, "tenhou") != 0)
            return 0;
    }
    if (a->melds != Py_None && !PyList_CheckExact(a->melds) && !PyTuple_CheckExact(a->melds))
        return 0;
    int r = read_counts(a->hand, c, "hand");
    if (r <= 0)
        return r;
    if (a->dead != Py_None && (r = read_counts(a->dead, dead, "dead")) <= 0)
        return r;
    /* the size is read again each step: the cache and the hook run Python code, which may change the list */
    Py_ssize_t n_melds = 0;
    for (; a->melds != Py_None && n_melds < PySequence_Fast_GET_SIZE(a->melds); n_melds++) {
        PyObject *meld = PySequence_Fast_ITEMS(a->melds)[n_melds];
        Py_INCREF(meld);
        const uint8_t *mc = meld_counts(meld);
        Py_DECREF(meld);
        if (!mc)
            return -1;
        for (int i = 0; i < SH_KINDS; i++)
            melded[i] += mc[i];
    }
    int tiles = 0, all_four = 1;
    for (int i = 0; i < SH_KINDS; i++) {
        tiles += c[i];
        if (c[i] + melded[i] > 4) { /* same order and words as shanten.tiles.Hand */
            PyErr_Format(invalid_hand_error, "5th copy of %s", TILE_NAMES[i]);
            return -1;
        }
    }
    if (n_melds && valid_size(tiles) && n_melds != 4 - tiles / 3) {
        PyErr_Format(invalid_hand_error, "%d concealed tiles need %d meld%s, got %zd", tiles, 4 - tiles / 3,
                     4 - tiles / 3 == 1 ? "" : "s", n_melds);
        return -1;
    }
    for (int i = 0; i < SH_KINDS; i++) {
        if (c[i] + melded[i] + dead[i] > 4) {
            PyErr_Format(invalid_hand_error, "5th copy of %s (hand, melds and dead tiles)", TILE_NAMES[i]);
            return -1;
        }
        lim[i] = (uint8_t)(4 - dead[i] - (wrc ? melded[i] : 0));
        live[i] = (uint8_t)(4 - c[i] - melded[i] - dead[i]);
        all_four &= lim[i] == 4;
    }
    *limits = all_four ? NULL : lim;
    return 1;
}

/* A hand with everything the queries need, validated. */
typedef struct {
    uint8_t c[SH_KINDS], lim[SH_KINDS], live[SH_KINDS]; /* live: copies still drawable */
    const uint8_t *limits;                             /* NULL: the rule "tenhou" defaults */
    uint8_t red[3];                                    /* red fives held per suit (notation input only) */
    summary_t sm;
    int players, quads_as_pairs, forms;
} hand_state;

/* tile_query: uke-ire, unnecessary tiles, discards, which take regular_only and read live counts;
 * shanten alone skips the live counts on its fast path. */
static int resolve_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *fname,
                        int tile_query, hand_state *h)
{
    call_args a;
    int kind;
    h->limits = NULL;
    memset(h->red, 0, sizeof h->red);
    if (parse_args(args, nargs, kwnames, &a, fname, tile_query) < 0)
        return -1;
    h->players = a.players;
    h->quads_as_pairs = a.quads_as_pairs;
    h->forms = a.forms;
    int default_rule = a.rule == Py_None || (PyUnicode_Check(a.rule) && PyUnicode_CompareWithASCIIString(a.rule, "tenhou") == 0);
    const int table_path = a.melds == Py_None && a.dead == Py_None && default_rule;
    int plain = table_path ? read_counts(a.hand, h->c, "hand") : plain_limits(&a, h->c, h->lim, h->live, &h->limits);
    if (plain < 0)
        return -1;
    if (plain && table_path && tile_query) /* plain_limits fills live itself */
        for (int i = 0; i < SH_KINDS; i++) {
            const int copies = copies_in_game(i, a.players);
            h->live[i] = (uint8_t)(h->c[i] <= copies ? copies - h->c[i] : 0); /* else invalid: validate says so */
        }
    if (!plain) {
        PyObject *r = PyObject_CallFunction(resolve_hook, "OOOOi", a.hand, a.melds, a.rule, a.dead, a.players);
        if (!r)
            return -1;
        /* (counts, limits or None, live, red), validated in Python */
        PyObject *lb = PyTuple_GET_ITEM(r, 1);
        memcpy(h->c, PyBytes_AS_STRING(PyTuple_GET_ITEM(r, 0)), SH_KINDS);
        memcpy(h->live, PyBytes_AS_STRING(PyTuple_GET_ITEM(r, 2)), SH_KINDS);
        memcpy(h->red, PyBytes_AS_STRING(PyTuple_GET_ITEM(r, 3)), 3);
        if (lb != Py_None) {
            memcpy(h->lim, PyBytes_AS_STRING(lb), SH_KINDS);
            h->limits = h->lim;
        }
        Py_DECREF(r);
    }
    int code = validate(h->c, h->players, &h->sm, &kind);
    if (code != SH_OK) {
        raise_invalid(code, h->sm.tiles, kind, "");
        return -1;
    }
    return 0;
}

static int unreachable(int r)
{
    if (r < SH_INF)
        return 0;
    PyErr_SetString(invalid_hand_error, "no complete hand can be reached within these limits");
    return 1;
}

/* Resolve the arguments and evaluate; 0 on success. */
static int evaluate_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *fname, forms_t *out)
{
    hand_state h;
    if (resolve_args(args, nargs, kwnames, fname, 0, &h) < 0)
        return -1;
    *out = evaluate(h.c, &h.sm, h.limits, h.players, h.quads_as_pairs);
    return unreachable(best_of(*out)) ? -1 : 0;
}

static PyObject *py_shanten(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    forms_t f;
    if (evaluate_args(args, nargs, kwnames, "shanten", &f) < 0)
        return NULL;
    return PyLong_FromLong(best_of(f) - 1);
}

static PyObject *py_replacement_number(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    forms_t f;
    if (evaluate_args(args, nargs, kwnames, "replacement_number", &f) < 0)
        return NULL;
    return PyLong_FromLong(best_of(f));
}

static PyObject *number_or_none(int r)
{
    if (r >= SH_INF)
        Py_RETURN_NONE;
    return PyLong_FromLong(r);
}

static PyObject *py_form_numbers(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    forms_t f;
    if (evaluate_args(args, nargs, kwnames, "shanten_forms", &f) < 0)
        return NULL;
    PyObject *r = number_or_none(f.regular), *s = number_or_none(f.seven_pairs), *o = number_or_none(f.orphans);
    PyObject *t = r && s && o ? PyTuple_Pack(3, r, s, o) : NULL;
    Py_XDECREF(r);
    Py_XDECREF(s);
    Py_XDECREF(o);
    return t;
}

/* ---- uke-ire --------------------------------------------------------------- */

static PyTypeObject ukeire_type;
static PyObject *tile_names[SH_KINDS]; /* interned '1m'...'7z' */
static char *necessary_path;

/* The four fields set_necessary_fields fills, shared by both result types. */
#define NECESSARY_FIELDS                                                                      \
    {"tiles", "kinds whose draw lowers the shanten (at tenpai: the waits), as '1m'...'7z'"},  \
        {"counts", "live copies of each of those kinds"}, {"total", "sum of counts"},         \
        {"mask", "the same kinds as a bit mask (bit k: kind k)"}

static PyStructSequence_Field ukeire_fields[] = {
    {"shanten", "shanten of the hand before the draw"}, NECESSARY_FIELDS, {NULL, NULL}};

static PyStructSequence_Desc ukeire_desc = {
    "shanten.Ukeire", "Uke-ire of a 3n+1 hand: the draws that lower its shanten, with live counts.", ukeire_fields, 5};

static int load_necessary(void)
{
    static uint8_t *buf; /* kept across a failed read: a retry reads into it again */
    const size_t size = (size_t)SUIT_SHAPES * SH_ROW * 2;
    if (necessary_table)
        return 0;
    if (!buf && !(buf = table_alloc(size))) {
        PyErr_NoMemory();
        return -1;
    }
    FILE *f = fopen(necessary_path, "rb");
    const size_t got = f ? fread(buf, 1, size, f) : 0;
    if (f)
        fclose(f);
    if (got != size) {
        PyErr_Format(PyExc_RuntimeError, "cannot read %s: regenerate it with tools/gen_tables.c", necessary_path);
        return -1;
    }
    necessary_table = buf;
    return 0;
}

/* Necessary kinds of a validated 3n+1 hand, before the live filter. */
static int necessary_of(hand_state *h, uint64_t *mask)
{
    if (!h->limits && !h->quads_as_pairs) {
        if (load_necessary() < 0)
            return -1;
        return necessary_fast(h->c, &h->sm, h->players, h->forms, mask);
    }
    return necessary_by_draws(h->c, &h->sm, h->limits, h->live, h->players, h->quads_as_pairs, h->forms, mask);
}

/* Fill fields [first, first + 4) of a struct sequence: tiles, counts, total, mask
 * of the necessary kinds that still have a live copy. */
static int set_necessary_fields(PyObject *result, int first, uint64_t mask, const uint8_t *live)
{
    mask &= summarize(live).held; /* no live copy: every copy held, melded or dead */
    const int n = popcount64(mask);
    int total = 0;
    PyObject *names = PyTuple_New(n), *counts = PyTuple_New(n);
    if (!names || !counts) {
        Py_XDECREF(names);
        Py_XDECREF(counts);
        return -1;
    }
    uint64_t rest = mask;
    for (int k = 0; k < n; k++, rest &= rest - 1) {
        const int t = lowest_bit(rest);
        Py_INCREF(tile_names[t]);
        PyTuple_SET_ITEM(names, k, tile_names[t]);
        Py_INCREF(count_objects[live[t]]);
        PyTuple_SET_ITEM(counts, k, count_objects[live[t]]);
        total += live[t];
    }
    PyStructSequence_SET_ITEM(result, first, names);
    PyStructSequence_SET_ITEM(result, first + 1, counts);
    PyStructSequence_SET_ITEM(result, first + 2, PyLong_FromLong(total));
    PyObject *bits = PyLong_FromUnsignedLongLong(mask);
    if (!bits)
        return -1;
    PyStructSequence_SET_ITEM(result, first + 3, bits);
    return 0;
}

static PyObject *py_ukeire(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    hand_state h;
    uint64_t mask;
    if (resolve_args(args, nargs, kwnames, "ukeire", 1, &h) < 0)
        return NULL;
    if (h.sm.tiles % 3 != 1) {
        PyErr_Format(invalid_hand_error, "uke-ire needs 3n+1 concealed tiles, got %d: use discards()", h.sm.tiles);
        return NULL;
    }
    const int r = necessary_of(&h, &mask);
    if (r < 0 || unreachable(r))
        return NULL;
    PyObject *result = PyStructSequence_New(&ukeire_type);
    if (!result)
        return NULL;
    PyStructSequence_SET_ITEM(result, 0, PyLong_FromLong(r - 1));
    if (set_necessary_fields(result, 1, mask, h.live) < 0) {
        Py_DECREF(result);
        return NULL;
    }
    return result;
}

/* ---- unnecessary tiles ----------------------------------------------------- */

static PyTypeObject unnecessary_type;

static PyStructSequence_Field unnecessary_fields[] = {
    {"shanten", "shanten of the hand"},
    {"tiles", "held kinds some optimal winning hand uses fewer of: discards that keep the shanten"},
    {"mask", "the same kinds as a bit mask (bit k: kind k)"},
    {NULL, NULL}};

static PyStructSequence_Desc unnecessary_desc = {
    "shanten.Unnecessary", "Unnecessary tiles of a hand: the kinds it can give up without losing ground.",
    unnecessary_fields, 3};

static PyObject *py_unnecessary(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    hand_state h;
    uint64_t mask;
    if (resolve_args(args, nargs, kwnames, "unnecessary", 1, &h) < 0)
        return NULL;
    const int r = unnecessary_tiles(h.c, &h.sm, h.limits, h.players, h.quads_as_pairs, h.forms, &mask);
    if (unreachable(r))
        return NULL;
    PyObject *result = PyStructSequence_New(&unnecessary_type), *names = PyTuple_New(popcount64(mask));
    if (!result || !names) {
        Py_XDECREF(result);
        Py_XDECREF(names);
        return NULL;
    }
    int k = 0;
    for (uint64_t rest = mask; rest; rest &= rest - 1, k++) {
        PyObject *name = tile_names[lowest_bit(rest)];
        Py_INCREF(name);
        PyTuple_SET_ITEM(names, k, name);
    }
    PyStructSequence_SET_ITEM(result, 0, PyLong_FromLong(r - 1));
    PyStructSequence_SET_ITEM(result, 1, names);
    PyObject *bits = PyLong_FromUnsignedLongLong(mask);
    if (!bits) {
        Py_DECREF(result);
        return NULL;
    }
    PyStructSequence_SET_ITEM(result, 2, bits);
    return result;
}

/* ---- discards -------------------------------------------------------------- */

static PyTypeObject discard_type;

static PyStructSequence_Field discard_fields[] = {
    {"tile", "the discard, e.g. '5m' ('0m': the red five)"},
    {"shanten", "shanten after the discard"},
    NECESSARY_FIELDS,
    {"back", "True when the discard raises the shanten (shanten-back)"},
    {NULL, NULL}};

static PyStructSequence_Desc discard_desc = {
    "shanten.Discard", "One row of a discard table: the discard and the uke-ire it leaves.", discard_fields, 7};

typedef struct {
    int kind, red, r, total;
    uint64_t mask;
} discard_row;

static int compare_rows(const void *pa, const void *pb)
{
    const discard_row *a = pa, *b = pb;
    if (a->r != b->r)
        return a->r - b->r;
    if (a->total != b->total)
        return b->total - a->total;
    if (a->kind != b->kind)
        return a->kind - b->kind;
    return b->red - a->red;
}

static PyObject *py_discards(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    hand_state h;
    discard_row rows[SH_KINDS + 3];
    int n = 0;
    if (resolve_args(args, nargs, kwnames, "discards", 1, &h) < 0)
        return NULL;
    if (h.sm.tiles % 3 != 2) {
        PyErr_Format(invalid_hand_error, "a discard table needs 3n+2 concealed tiles, got %d: use ukeire()", h.sm.tiles);
        return NULL;
    }
    const int before = best_of_forms(evaluate(h.c, &h.sm, h.limits, h.players, h.quads_as_pairs), h.forms);
    if (unreachable(before))
        return NULL;
    const summary_t whole = h.sm;
    for (int d = 0; d < SH_KINDS; d++) {
        if (!h.c[d])
            continue;
        /* the discarded copy joins the dead tiles, so live counts stay as they are */
        h.c[d]--;
        h.sm = summarize(h.c);
        uint64_t mask;
        const int r = necessary_of(&h, &mask);
        h.c[d]++;
        if (r < 0)
            return NULL;
        uint64_t live_mask = 0;
        int total = 0;
        for (int t = 0; t < SH_KINDS; t++)
            if ((mask >> t & 1) && h.live[t]) {
                live_mask |= 1ULL << t;
                total += h.live[t];
            }
        const int suit = d / 9, is_five = d < 27 && d % 9 == 4;
        const int reds = is_five ? h.red[suit] : 0;
        if (reds) /* a red five is its own candidate beside the plain fives */
            rows[n++] = (discard_row){d, 1, r, total, live_mask};
        if (!reds || h.c[d] > reds)
            rows[n++] = (discard_row){d, 0, r, total, live_mask};
    }
    h.sm = whole;
    qsort(rows, (size_t)n, sizeof rows[0], compare_rows);
    PyObject *table = PyTuple_New(n);
    if (!table)
        return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *row = PyStructSequence_New(&discard_type);
        if (!row) {
            Py_DECREF(table);
            return NULL;
        }
        PyTuple_SET_ITEM(table, k, row);
        PyObject *name = rows[k].red ? PyUnicode_FromFormat("0%c", "mps"[rows[k].kind / 9]) : tile_names[rows[k].kind];
        if (!rows[k].red)
            Py_INCREF(name);
        PyStructSequence_SET_ITEM(row, 0, name);
        PyStructSequence_SET_ITEM(row, 1, PyLong_FromLong(rows[k].r - 1));
        PyObject *back = rows[k].r > before ? Py_True : Py_False;
        Py_INCREF(back);
        PyStructSequence_SET_ITEM(row, 6, back);
        if (!name || set_necessary_fields(row, 2, rows[k].mask, h.live) < 0) {
            Py_DECREF(table);
            return NULL;
        }
    }
    return table;
}

/* ---- batch ---------------------------------------------------------------- */

/* Threads take blocks of rows from a shared counter, so a thread the OS
 * slows down does not hold the others up. */
#define BATCH_BLOCK 4096
#if defined(__GNUC__) && !defined(_WIN32)
#define BATCH_THREADS 1
#if defined(__linux__) && defined(CPU_SET)
#define BATCH_PLACE 1
#endif
#define TAKE_BLOCK(p) __atomic_fetch_add(p, BATCH_BLOCK, __ATOMIC_RELAXED)
#define LOAD(p) __atomic_load_n(p, __ATOMIC_RELAXED)
#define CAS(p, expected, value) __atomic_compare_exchange_n(p, expected, value, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)
#else /* one thread: plain operations suffice */
#define TAKE_BLOCK(p) ((*(p) += BATCH_BLOCK) - BATCH_BLOCK)
#define LOAD(p) (*(p))
#define CAS(p, expected, value) (*(p) = (value), 1)
#endif

typedef struct {
    const uint8_t *src;
    int8_t *dst;
    Py_ssize_t rows, next, first_bad; /* next block; smallest bad row found so far (rows: none) */
    int players;
#ifdef BATCH_PLACE
    cpu_set_t allowed; /* the caller's CPUs, which a helper started on one CPU takes back */
#endif
} batch_queue;

typedef struct {
    batch_queue *q;
    Py_ssize_t bad_row; /* this worker's smallest bad row, -1: none */
    int code, n, kind;
} batch_worker;

/* A row validated and its table rows located (and prefetched) a few rows
 * ahead of its evaluation: the suit table is 4 MB, so its rows come from far
 * caches, and fetching them early overlaps that wait with other rows' work. */
#define BATCH_AHEAD 4

typedef struct {
    uint8_t c[48]; /* the row, copied: another thread may write to the caller's array meanwhile, and
                      counts read after validation must be the validated ones (they index tables) */
    const uint8_t *rows[4];
    summary_t sm;
    int code, kind, groups;
} staged_row;

static inline void stage_row(const uint8_t *src, int players, staged_row *s)
{
    memcpy(s->c, src, SH_KINDS);
    s->code = validate(s->c, players, &s->sm, &s->kind);
    if (s->code != SH_OK)
        return;
    s->groups = fast_rows(s->c, players, s->rows);
#if defined(__GNUC__)
    for (int g = 0; g < s->groups; g++)
        __builtin_prefetch(s->rows[g]);
#endif
}

static void *run_batch(void *arg)
{
    batch_worker *w = arg;
    batch_queue *q = w->q;
    /* locals: the queue's line is written by other threads, and dst (bytes) may alias anything */
    const uint8_t *src = q->src;
    int8_t *dst = q->dst;
    const Py_ssize_t rows = q->rows;
    const int players = q->players;
    staged_row ring[BATCH_AHEAD];
    w->bad_row = -1;
    for (;;) {
        const Py_ssize_t begin = TAKE_BLOCK(&q->next);
        if (begin >= rows)
            break;
        if (begin > LOAD(&q->first_bad)) /* every row here comes after a bad one */
            continue;
        const Py_ssize_t end = begin + BATCH_BLOCK < rows ? begin + BATCH_BLOCK : rows;
        for (Py_ssize_t r = begin; r < end && r < begin + BATCH_AHEAD; r++)
            stage_row(src + r * SH_KINDS, players, &ring[r % BATCH_AHEAD]);
        for (Py_ssize_t r = begin; r < end; r++) {
            staged_row *s = &ring[r % BATCH_AHEAD];
            if (s->code != SH_OK) { /* a worker meets at most one: its later blocks start past first_bad */
                *w = (batch_worker){q, r, s->code, s->sm.tiles, s->kind};
                Py_ssize_t seen = LOAD(&q->first_bad);
                while (r < seen && !CAS(&q->first_bad, &seen, r))
                    ;
                break;
            }
            int best = combine_groups(s->rows, s->groups, s->sm.tiles / 3);
            if (s->sm.tiles >= 13) /* rule "tenhou": both forms come from the summary alone */
                best = min2(best, min2(seven_pairs(NULL, &s->sm, NULL, 0), thirteen_orphans(NULL, &s->sm, NULL)));
            dst[r] = (int8_t)(best - 1);
            if (r + BATCH_AHEAD < end)
                stage_row(src + (r + BATCH_AHEAD) * SH_KINDS, players, s);
        }
    }
    return NULL;
}

#ifdef BATCH_THREADS
/* A helper thread. Some kernels, notably guests that pack work onto few vCPUs,
 * first run a new thread on its creator's CPU and move it only when the load
 * balancer runs, milliseconds later, when a batch may be nearly done. A helper
 * is therefore started on another CPU, and once it runs there it takes back the
 * caller's CPUs, so the OS may still move it. */
static void *run_helper(void *arg)
{
#ifdef BATCH_PLACE
    const batch_queue *q = ((batch_worker *)arg)->q;
    if (CPU_COUNT(&q->allowed) > 0)
        sched_setaffinity(0, sizeof q->allowed, &q->allowed);
#endif
    return run_batch(arg);
}

/* Attributes that start helper `t` on the t-th CPU after the caller's among
 * those it may use; plain attributes where that cannot be known. */
static void place_helper(pthread_attr_t *attr, const batch_queue *q, int t)
{
#ifdef BATCH_PLACE
    const int here = sched_getcpu(), count = CPU_COUNT(&q->allowed);
    if (here < 0 || count < 2 || !CPU_ISSET(here, &q->allowed))
        return;
    int pos = 0; /* the caller's rank among the allowed CPUs */
    for (int cpu = 0; cpu < here; cpu++)
        pos += CPU_ISSET(cpu, &q->allowed) != 0;
    int rank = (pos + t) % count;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (CPU_ISSET(cpu, &q->allowed) && rank-- == 0) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpu, &one);
            pthread_attr_setaffinity_np(attr, sizeof one, &one);
            return;
        }
    }
#else
    (void)attr, (void)q, (void)t;
#endif
}
#endif

static PyObject *py_batch(PyObject *self, PyObject *args)
{
    Py_buffer src, dst;
    int threads, players;
    if (!PyArg_ParseTuple(args, "y*w*ii", &src, &dst, &threads, &players))
        return NULL;
    const Py_ssize_t rows = src.len / SH_KINDS;
    if (src.len % SH_KINDS || dst.len < rows || (players != 3 && players != 4)) {
        PyBuffer_Release(&src);
        PyBuffer_Release(&dst);
        PyErr_SetString(PyExc_ValueError, "batch needs 34 bytes per row, a byte out per row and players 3 or 4");
        return NULL;
    }
    batch_queue q = {.src = src.buf, .dst = dst.buf, .rows = rows, .next = 0, .first_bad = rows, .players = players};
    const Py_ssize_t blocks = (rows + BATCH_BLOCK - 1) / BATCH_BLOCK;
    if (threads > blocks)
        threads = (int)blocks;
    if (threads > 64)
        threads = 64;
    if (threads < 1)
        threads = 1;
    batch_worker workers[64];
    for (int t = 0; t < threads; t++)
        workers[t] = (batch_worker){&q, -1, 0, 0, 0};
    Py_BEGIN_ALLOW_THREADS
#ifdef BATCH_THREADS
    pthread_t ids[64];
    int started = 1;
#ifdef BATCH_PLACE
    if (threads > 1 && sched_getaffinity(0, sizeof q.allowed, &q.allowed) != 0)
        CPU_ZERO(&q.allowed); /* unknown: helpers start wherever the OS puts them */
#endif
    for (; started < threads; started++) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        place_helper(&attr, &q, started);
        int failed = pthread_create(&ids[started], &attr, run_helper, &workers[started]);
        pthread_attr_destroy(&attr);
        if (failed) /* the placement may be refused (a CPU gone offline): start it anywhere */
            failed = pthread_create(&ids[started], NULL, run_helper, &workers[started]);
        if (failed)
            break; /* the threads that did start share the work */
    }
    run_batch(&workers[0]);
    for (int t = 1; t < started; t++)
        pthread_join(ids[t], NULL);
#else
    run_batch(&workers[0]);
#endif
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&src);
    PyBuffer_Release(&dst);
    const batch_worker *bad = NULL;
    for (int t = 0; t < threads; t++)
        if (workers[t].bad_row >= 0 && (!bad || workers[t].bad_row < bad->bad_row))
            bad = &workers[t];
    if (bad) {
        char prefix[48];
        snprintf(prefix, sizeof prefix, "row %zd: ", bad->bad_row);
        raise_invalid(bad->code, bad->n, bad->kind, prefix);
        return NULL;
    }
    Py_RETURN_NONE;
}

/* ---- tables and set-up ---------------------------------------------------- */

static PyObject *py_suit_values(PyObject *self, PyObject *arg)
{
    if (!PyBytes_Check(arg) || PyBytes_GET_SIZE(arg) != 9) {
        PyErr_SetString(PyExc_TypeError, "suit_values() takes 9 counts as bytes");
        return NULL;
    }
    const uint8_t *c = (const uint8_t *)PyBytes_AS_STRING(arg);
    int s = 0;
    for (int i = 0; i < 9; i++) {
        if (c[i] > 4) {
            PyErr_SetString(invalid_hand_error, "a suit count is 0 to 4");
            return NULL;
        }
        s += c[i];
    }
    if (s > 14) {
        PyErr_SetString(invalid_hand_error, "a suit shape has at most 14 tiles");
        return NULL;
    }
    return PyBytes_FromStringAndSize((const char *)suit_row(c), SH_ROW);
}

static PyObject *py_init(PyObject *self, PyObject *args)
{
    PyObject *table, *error, *hook, *melds;
    const char *path;
    if (!PyArg_ParseTuple(args, "SOOOs", &table, &error, &hook, &melds, &path))
        return NULL;
    PyMem_RawFree(necessary_path);
    if (!(necessary_path = PyMem_RawMalloc(strlen(path) + 1)))
        return PyErr_NoMemory();
    strcpy(necessary_path, path);
    if (PyBytes_GET_SIZE(table) != (Py_ssize_t)SUIT_SHAPES * SH_ROW) {
        PyErr_SetString(PyExc_RuntimeError, "suits.bin has the wrong size: regenerate it with tools/gen_tables.c");
        return NULL;
    }
    /* own copy with padding: rows are read 16 bytes at a time */
    if (!suit_table) {
        uint8_t *copy = table_alloc((size_t)SUIT_SHAPES * SH_ROW + 16);
        if (!copy)
            return PyErr_NoMemory();
        memcpy(copy, PyBytes_AS_STRING(table), (size_t)SUIT_SHAPES * SH_ROW);
        memset(copy + (size_t)SUIT_SHAPES * SH_ROW, SH_INF, 16);
        suit_table = copy;
    }
    if (!meld_cache && !(meld_cache = PyDict_New()))
        return NULL;
    Py_INCREF(error);
    Py_INCREF(hook);
    Py_INCREF(melds);
    Py_XSETREF(meld_hook, melds);
    Py_XSETREF(invalid_hand_error, error);
    Py_XSETREF(resolve_hook, hook);
    Py_RETURN_NONE;
}

#define SIG_TAIL "(hand, /, *, melds=None, rule=\"tenhou\", dead=None, players=4, seven_pairs_quads=False)\n--\n\n"

static PyMethodDef methods[] = {
    {"shanten", (PyCFunction)(void (*)(void))py_shanten, METH_FASTCALL | METH_KEYWORDS,
     "shanten" SIG_TAIL "Shanten number: -1 complete, 0 tenpai, 1... See shanten.shanten."},
    {"replacement_number", (PyCFunction)(void (*)(void))py_replacement_number, METH_FASTCALL | METH_KEYWORDS,
     "replacement_number" SIG_TAIL "Shanten + 1: tiles to exchange to win."},
    {"form_numbers", (PyCFunction)(void (*)(void))py_form_numbers, METH_FASTCALL | METH_KEYWORDS,
     "form_numbers" SIG_TAIL "Replacement numbers (regular, seven pairs, thirteen orphans); None: not applicable."},
    {"ukeire", (PyCFunction)(void (*)(void))py_ukeire, METH_FASTCALL | METH_KEYWORDS,
     "ukeire(hand, /, *, melds=None, rule=\"tenhou\", dead=None, players=4, seven_pairs_quads=False, regular_only=False)\n--\n\n"
     "Uke-ire of a 3n+1 hand. See shanten.ukeire."},
    {"unnecessary", (PyCFunction)(void (*)(void))py_unnecessary, METH_FASTCALL | METH_KEYWORDS,
     "unnecessary(hand, /, *, melds=None, rule=\"tenhou\", dead=None, players=4, seven_pairs_quads=False, regular_only=False)\n--\n\n"
     "Unnecessary tiles of a hand of any size. See shanten.unnecessary."},
    {"discards", (PyCFunction)(void (*)(void))py_discards, METH_FASTCALL | METH_KEYWORDS,
     "discards(hand, /, *, melds=None, rule=\"tenhou\", dead=None, players=4, seven_pairs_quads=False, regular_only=False)\n--\n\n"
     "Discard table of a 3n+2 hand, best first. See shanten.discards."},
    {"batch", py_batch, METH_VARARGS, "batch(src, dst, threads, players): shanten of each 34-byte row of src."},
    {"suit_values", py_suit_values, METH_O, "suit_values(counts9: bytes) -> bytes: the table row of a suit shape."},
    {"_init", py_init, METH_VARARGS, "_init(suit_table, error_type, resolve_hook, meld_hook, necessary_path)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "shanten._core", "Compiled core of shanten.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__core(void)
{
    for (int i = 0; i < 5; i++)
        if (!count_objects[i] && !(count_objects[i] = PyLong_FromLong(i)))
            return NULL;
    small_base = (uintptr_t)count_objects[0];
    const uintptr_t stride = (uintptr_t)count_objects[1] - small_base;
    while (small_shift < 16 && (uintptr_t)1 << small_shift < stride)
        small_shift++;
    small_last = 4 * stride;
    small_mask = stride - 1;
    for (int i = 0; i < 5; i++)
        if (stride != (uintptr_t)1 << small_shift || (uintptr_t)count_objects[i] != small_base + i * stride)
            small_last = 0; /* offset 0 then still reads as 0, which is right */
    for (int i = 0; i < SH_KINDS; i++)
        if (!(tile_names[i] = PyUnicode_InternFromString(TILE_NAMES[i])))
            return NULL;
    if (!ukeire_type.tp_name && PyStructSequence_InitType2(&ukeire_type, &ukeire_desc) < 0)
        return NULL;
    if (!discard_type.tp_name && PyStructSequence_InitType2(&discard_type, &discard_desc) < 0)
        return NULL;
    if (!unnecessary_type.tp_name && PyStructSequence_InitType2(&unnecessary_type, &unnecessary_desc) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&ukeire_type);
    Py_INCREF(&discard_type);
    Py_INCREF(&unnecessary_type);
    if (PyModule_AddObject(m, "Ukeire", (PyObject *)&ukeire_type) < 0 ||
        PyModule_AddObject(m, "Discard", (PyObject *)&discard_type) < 0 ||
        PyModule_AddObject(m, "Unnecessary", (PyObject *)&unnecessary_type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
