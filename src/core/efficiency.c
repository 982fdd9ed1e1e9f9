/* Entry points for tile efficiency of one hand: uke-ire, unnecessary tiles
 * and discard tables, returned as struct sequences. */
#include "core.h"
#include "improve.h"

/* Heap types, so that Python may give them methods (shanten.efficiency adds _repr_html_). */
static PyTypeObject *ukeire_type, *unnecessary_type, *discard_type;

/* The fields set_necessary_fields fills, shared by both result types. */
#define NECESSARY_FIELDS                                                                      \
    {"tiles", "kinds whose draw lowers the shanten (at tenpai: the waits), as '1m'...'7z'"},  \
        {"kinds", "the same kinds as ints 0-33"}, {"counts", "live copies of each of those kinds"}, \
        {"total", "sum of counts: the live uke-ire"}, {"mask", "the same kinds as a bit mask (bit k: kind k)"}
#define NECESSARY_COUNT 5

static PyStructSequence_Field ukeire_fields[] = {
    {"shanten", "shanten of the hand before the draw"}, NECESSARY_FIELDS, {NULL, NULL}};

static PyStructSequence_Desc ukeire_desc = {
    "shanten.Ukeire", "Uke-ire of a 3n+1 hand: the draws that lower its shanten, with live counts.", ukeire_fields,
    1 + NECESSARY_COUNT};

static PyStructSequence_Field unnecessary_fields[] = {
    {"shanten", "shanten of the hand"},
    {"tiles", "held kinds some optimal winning hand uses fewer of: discards that keep the shanten"},
    {"kinds", "the same kinds as ints 0-33"},
    {"mask", "the same kinds as a bit mask (bit k: kind k)"},
    {NULL, NULL}};

static PyStructSequence_Desc unnecessary_desc = {
    "shanten.Unnecessary", "Unnecessary tiles of a hand: the kinds it can give up without losing ground.",
    unnecessary_fields, 4};

static PyStructSequence_Field discard_fields[] = {
    {"tile", "the discard, e.g. '5m' ('0m': the red five)"},
    {"kind", "the discard's kind, 0-33 (a red five is a five)"},
    {"red", "True when the discard is a red five"},
    {"shanten", "shanten after the discard"},
    NECESSARY_FIELDS,
    {"back", "True when the discard raises the shanten (shanten-back); for a complete hand, when it leaves no tenpai"},
    {NULL, NULL}};

static PyStructSequence_Desc discard_desc = {
    "shanten.Discard", "One row of a discard table: the discard and the uke-ire it leaves.", discard_fields,
    4 + NECESSARY_COUNT + 1};

/* Necessary kinds of a validated 3n+1 hand, before the live filter. */
static int necessary_of(hand_state *h, uint64_t *mask)
{
    if (!h->quads_as_pairs && load_masks() < 0)
        return -1;
    return necessary_any(h->c, &h->sm, h->limits, h->live, h->players, h->quads_as_pairs, h->forms, mask);
}

/* A tuple of the kinds in mask, each as item(kind). */
static PyObject *kinds_tuple(uint64_t mask, PyObject *const *items)
{
    PyObject *t = PyTuple_New(popcount64(mask));
    if (!t)
        return NULL;
    int k = 0;
    for (uint64_t rest = mask; rest; rest &= rest - 1, k++) {
        PyObject *item = items[lowest_bit(rest)];
        Py_INCREF(item);
        PyTuple_SET_ITEM(t, k, item);
    }
    return t;
}

static PyObject *kind_objects[SH_KINDS]; /* the ints 0 to 33 */

/* Fill fields [first, first + NECESSARY_COUNT) of a struct sequence: tiles,
 * kinds, counts, total, mask of the necessary kinds that still have a live copy. */
static int set_necessary_fields(PyObject *result, int first, uint64_t mask, const uint8_t *live)
{
    mask &= summarize(live).held; /* no live copy: every copy held, melded or dead */
    PyObject *counts = PyTuple_New(popcount64(mask));
    if (!counts)
        return -1;
    int total = 0, k = 0;
    for (uint64_t rest = mask; rest; rest &= rest - 1, k++) {
        const int t = lowest_bit(rest);
        Py_INCREF(count_objects[live[t]]);
        PyTuple_SET_ITEM(counts, k, count_objects[live[t]]);
        total += live[t];
    }
    PyStructSequence_SET_ITEM(result, first + 2, counts);
    PyObject *values[4] = {kinds_tuple(mask, tile_names), kinds_tuple(mask, kind_objects), PyLong_FromLong(total),
                           PyLong_FromUnsignedLongLong(mask)};
    const int slots[4] = {0, 1, 3, 4};
    int failed = 0;
    for (int i = 0; i < 4; i++) {
        if (!values[i])
            failed = 1;
        else
            PyStructSequence_SET_ITEM(result, first + slots[i], values[i]);
    }
    return failed ? -1 : 0;
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
    PyObject *result = PyStructSequence_New(ukeire_type);
    if (!result)
        return NULL;
    PyStructSequence_SET_ITEM(result, 0, PyLong_FromLong(r - 1));
    if (set_necessary_fields(result, 1, mask, h.live) < 0) {
        Py_DECREF(result);
        return NULL;
    }
    return result;
}

static PyObject *py_unnecessary(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    hand_state h;
    uint64_t mask;
    if (resolve_args(args, nargs, kwnames, "unnecessary", 1, &h) < 0)
        return NULL;
    const int r = unnecessary_tiles(h.c, &h.sm, h.limits, h.players, h.quads_as_pairs, h.forms, &mask);
    if (unreachable(r))
        return NULL;
    PyObject *result = PyStructSequence_New(unnecessary_type);
    if (!result)
        return NULL;
    PyObject *values[4] = {PyLong_FromLong(r - 1), kinds_tuple(mask, tile_names), kinds_tuple(mask, kind_objects),
                           PyLong_FromUnsignedLongLong(mask)};
    int failed = 0;
    for (int i = 0; i < 4; i++) {
        if (!values[i])
            failed = 1;
        else
            PyStructSequence_SET_ITEM(result, i, values[i]);
    }
    if (failed) {
        Py_DECREF(result);
        return NULL;
    }
    return result;
}

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

static PyObject *red_names[3]; /* '0m', '0p', '0s' */

static PyObject *py_discards(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    hand_state h;
    discard_row rows[SH_KINDS + 3];
    int after[SH_KINDS], n = 0;
    uint64_t masks[SH_KINDS];
    if (resolve_args(args, nargs, kwnames, "discards", 1, &h) < 0)
        return NULL;
    if (h.sm.tiles % 3 != 2) {
        PyErr_Format(invalid_hand_error, "a discard table needs 3n+2 concealed tiles, got %d: use ukeire()", h.sm.tiles);
        return NULL;
    }
    if (!h.quads_as_pairs && load_masks() < 0)
        return NULL;
    const int before = discard_table(h.c, &h.sm, h.limits, h.live, h.players, h.quads_as_pairs, h.forms, -1, NULL, after, masks);
    if (unreachable(before))
        return NULL;
    const int kept = before > 0 ? before : 1; /* a complete hand keeps at best tenpai */
    for (uint64_t rest = h.sm.held; rest; rest &= rest - 1) {
        const int d = lowest_bit(rest);
        int total = 0;
        for (uint64_t m = masks[d]; m; m &= m - 1)
            total += h.live[lowest_bit(m)];
        const int is_five = d < 27 && d % 9 == 4, reds = is_five ? h.red[d / 9] : 0;
        if (reds) /* a red five is its own candidate beside the plain fives */
            rows[n++] = (discard_row){d, 1, after[d], total, masks[d]};
        if (!reds || h.c[d] > reds)
            rows[n++] = (discard_row){d, 0, after[d], total, masks[d]};
    }
    qsort(rows, (size_t)n, sizeof rows[0], compare_rows);
    PyObject *table = PyTuple_New(n);
    if (!table)
        return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *row = PyStructSequence_New(discard_type);
        if (!row) {
            Py_DECREF(table);
            return NULL;
        }
        PyTuple_SET_ITEM(table, k, row);
        PyObject *name = rows[k].red ? red_names[rows[k].kind / 9] : tile_names[rows[k].kind];
        PyObject *red = rows[k].red ? Py_True : Py_False, *back = rows[k].r > kept ? Py_True : Py_False;
        Py_INCREF(name);
        Py_INCREF(kind_objects[rows[k].kind]);
        Py_INCREF(red);
        Py_INCREF(back);
        PyStructSequence_SET_ITEM(row, 0, name);
        PyStructSequence_SET_ITEM(row, 1, kind_objects[rows[k].kind]);
        PyStructSequence_SET_ITEM(row, 2, red);
        PyStructSequence_SET_ITEM(row, 4 + NECESSARY_COUNT, back);
        PyObject *shanten = PyLong_FromLong(rows[k].r - 1);
        if (!shanten) {
            Py_DECREF(table);
            return NULL;
        }
        PyStructSequence_SET_ITEM(row, 3, shanten);
        if (set_necessary_fields(row, 4, rows[k].mask, h.live) < 0) {
            Py_DECREF(table);
            return NULL;
        }
    }
    return table;
}

/* ---- improvements and good-shape share ----------------------------------- */

/* (kind, live, discard, total, tiles) per improving draw; shanten.efficiency names them. */
static PyObject *draws_tuple(const improvement *draws, int n)
{
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) {
        const improvement *x = &draws[i];
        PyObject *name = x->red ? red_names[x->discard / 9] : tile_names[x->discard];
        PyObject *tiles = kinds_tuple(x->mask, tile_names);
        PyObject *item = tiles ? Py_BuildValue("iiOiN", x->kind, x->live, name, x->total, tiles) : NULL;
        if (!item) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, item);
    }
    return t;
}

/* A validated 3n+1 hand's replacement number and live uke-ire, as the queries below start. */
static int three_n_one(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *fname, hand_state *h,
                       uint64_t *mask)
{
    if (resolve_args(args, nargs, kwnames, fname, 1, h) < 0)
        return -1;
    if (h->sm.tiles % 3 != 1) {
        PyErr_Format(invalid_hand_error, "%s needs 3n+1 concealed tiles, got %d", fname, h->sm.tiles);
        return -1;
    }
    const int r = necessary_of(h, mask);
    if (r < 0 || unreachable(r))
        return -1;
    *mask &= summarize(h->live).held;
    return r;
}

static PyObject *py_improvement_draws(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    hand_state h;
    uint64_t mask;
    const int r = three_n_one(args, nargs, kwnames, "improvements", &h, &mask);
    if (r < 0)
        return NULL;
    const int total = live_total(mask, h.live);
    if (r > 2)
        return Py_BuildValue("iiO", r - 1, total, Py_None);
    improvement draws[SH_KINDS];
    const draw_base b = {h.c, h.limits, h.live, h.red, h.players, h.quads_as_pairs, h.forms};
    return Py_BuildValue("iiN", r - 1, total, draws_tuple(draws, improvement_draws(&b, r, mask, total, draws)));
}

static PyObject *py_good_shape(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    hand_state h;
    uint64_t mask;
    const int r = three_n_one(args, nargs, kwnames, "good_shape_share", &h, &mask);
    if (r < 0)
        return NULL;
    const draw_base b = {h.c, h.limits, h.live, h.red, h.players, h.quads_as_pairs, h.forms};
    return Py_BuildValue("iii", r - 1, r == 2 ? good_shape_live(&b, mask) : 0, live_total(mask, h.live));
}

/* For each discard of a 3n+2 hand that leaves tenpai or 1-shanten (a red and a
 * plain five apart): (kind, red, improvement draws, good-shape live copies or
 * None, live uke-ire), with the 3n+2 hand's live copies: the discarded copy
 * is gone, as in the discard table. */
static PyObject *py_discard_details(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    hand_state h;
    int after[SH_KINDS];
    uint64_t masks[SH_KINDS];
    if (resolve_args(args, nargs, kwnames, "discard_details", 1, &h) < 0)
        return NULL;
    if (h.sm.tiles % 3 != 2) {
        PyErr_Format(invalid_hand_error, "discard details need 3n+2 concealed tiles, got %d", h.sm.tiles);
        return NULL;
    }
    if ((!h.quads_as_pairs && load_masks() < 0) ||
        unreachable(discard_table(h.c, &h.sm, h.limits, h.live, h.players, h.quads_as_pairs, h.forms, -1, NULL, after, masks)))
        return NULL;
    PyObject *rows = PyList_New(0);
    for (uint64_t rest = h.sm.held; rows && rest; rest &= rest - 1) {
        const int d = lowest_bit(rest), r = after[d];
        if (r != 1 && r != 2)
            continue;
        const int is_five = d < 27 && d % 9 == 4, reds = is_five ? h.red[d / 9] : 0;
        const int total = live_total(masks[d], h.live);
        for (int red = 1; red >= 0; red--) {
            if (red ? !reds : reds && h.c[d] <= reds)
                continue;
            uint8_t red13[3] = {h.red[0], h.red[1], h.red[2]};
            red13[d / 9 < 3 ? d / 9 : 0] -= (uint8_t)red;
            h.c[d]--;
            const draw_base b = {h.c, h.limits, h.live, red13, h.players, h.quads_as_pairs, h.forms};
            improvement draws[SH_KINDS];
            const int n = improvement_draws(&b, r, masks[d], total, draws);
            PyObject *good = r == 2 && total ? PyLong_FromLong(good_shape_live(&b, masks[d])) : Py_NewRef(Py_None);
            h.c[d]++;
            PyObject *row = good ? Py_BuildValue("iONNi", d, red ? Py_True : Py_False, draws_tuple(draws, n), good,
                                                 total)
                                 : NULL;
            if (!row || PyList_Append(rows, row) < 0) {
                Py_XDECREF(row);
                Py_CLEAR(rows);
                break;
            }
            Py_DECREF(row);
        }
    }
    return rows;
}

#define TILE_SIG(name) \
    name "(hand, /, *, melds=None, rule='tenhou', dead=None, players=4, seven_pairs_quads=False, regular_only=False)\n--\n\n"

PyMethodDef efficiency_methods[] = {
    {"ukeire", (PyCFunction)(void (*)(void))py_ukeire, METH_FASTCALL | METH_KEYWORDS,
     TILE_SIG("ukeire")
     "Uke-ire of a 3n+1 hand: the kinds whose draw lowers its shanten, with their live copies.\n\n"
     "Live copies: 4 minus the copies in the hand, in the player's own melds and among the dead\n"
     "tiles; a kind with no live copy is not listed. At tenpai the kinds are the waits.\n\n"
     ARGUMENTS_DOC
     "regular_only: count the regular form only (no seven pairs, no thirteen orphans).\n\n"
     "Returns Ukeire(shanten, tiles, kinds, counts, total, mask).\n\n"
     ">>> from shanten import ukeire\n"
     ">>> u = ukeire('23m456p789s11z579s')\n"
     ">>> u.shanten, u.tiles, u.kinds, u.counts, u.total\n"
     "(1, ('1m', '4m', '6s', '8s'), (0, 3, 23, 25), (4, 4, 4, 3), 15)\n"},
    {"unnecessary", (PyCFunction)(void (*)(void))py_unnecessary, METH_FASTCALL | METH_KEYWORDS,
     TILE_SIG("unnecessary")
     "Unnecessary tiles of a hand of any size: the held kinds some optimal winning hand uses fewer\n"
     "of. For a 3n+2 hand these are exactly the discards that keep the shanten.\n\n"
     "Takes the arguments of ukeire(); returns Unnecessary(shanten, tiles, kinds, mask).\n\n"
     ">>> from shanten import unnecessary\n"
     ">>> unnecessary('123m456p789s11225z')\n"
     "shanten.Unnecessary(shanten=0, tiles=('5z',), kinds=(31,), mask=2147483648)\n"},
    {"discards", (PyCFunction)(void (*)(void))py_discards, METH_FASTCALL | METH_KEYWORDS,
     TILE_SIG("discards")
     "Discard table of a 3n+2 hand, best first: every distinct discard with the shanten after it\n"
     "and the uke-ire it leaves (at tenpai: the waits).\n\n"
     "A red five and a plain five are separate rows when both are held. Rows that raise the\n"
     "shanten are marked back (for a complete hand: rows that do not keep tenpai). Order: lowest shanten, then most live tiles, then kind.\n"
     "Takes the arguments of ukeire(); returns a tuple of\n"
     "Discard(tile, kind, red, shanten, tiles, kinds, counts, total, mask, back).\n\n"
     ">>> from shanten import discards\n"
     ">>> best = discards('123m406p789s11225z')[0]\n"
     ">>> best.tile, best.shanten, best.tiles, best.total, best.back\n"
     "('5z', 0, ('1z', '2z'), 4, False)\n"
     ">>> [(row.tile, row.kind, row.red) for row in discards('123m40556p789s112z') if row.kind == 13]\n"
     "[('0p', 13, True), ('5p', 13, False)]\n"},
    {"improvement_draws", (PyCFunction)(void (*)(void))py_improvement_draws, METH_FASTCALL | METH_KEYWORDS,
     "improvement_draws(hand, /, **options) -> (shanten, live uke-ire, draws or None): see shanten.improvements."},
    {"good_shape", (PyCFunction)(void (*)(void))py_good_shape, METH_FASTCALL | METH_KEYWORDS,
     "good_shape(hand, /, **options) -> (shanten, good live tiles, live uke-ire): see shanten.good_shape_share."},
    {"discard_details", (PyCFunction)(void (*)(void))py_discard_details, METH_FASTCALL | METH_KEYWORDS,
     "discard_details(hand, /, **options) -> [(kind, red, draws, good, total)]: improvements and good-shape\n"
     "share of each discard of a 3n+2 hand that leaves tenpai or 1-shanten (shanten.analysis)."},
    {NULL, NULL, 0, NULL}};

int efficiency_add_types(PyObject *module)
{
    for (int i = 0; i < SH_KINDS; i++)
        if (!kind_objects[i] && !(kind_objects[i] = PyLong_FromLong(i)))
            return -1;
    for (int s = 0; s < 3; s++)
        if (!red_names[s] && !(red_names[s] = PyUnicode_FromFormat("0%c", "mps"[s])))
            return -1;
    if (!ukeire_type && !(ukeire_type = PyStructSequence_NewType(&ukeire_desc)))
        return -1;
    if (!discard_type && !(discard_type = PyStructSequence_NewType(&discard_desc)))
        return -1;
    if (!unnecessary_type && !(unnecessary_type = PyStructSequence_NewType(&unnecessary_desc)))
        return -1;
    PyTypeObject *types[3] = {ukeire_type, discard_type, unnecessary_type};
    const char *names[3] = {"Ukeire", "Discard", "Unnecessary"};
    for (int i = 0; i < 3; i++) {
        Py_INCREF(types[i]);
        if (PyModule_AddObject(module, names[i], (PyObject *)types[i]) < 0) {
            Py_DECREF(types[i]);
            return -1;
        }
    }
    return 0;
}
