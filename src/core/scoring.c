/* Entry points of the scoring kernel (score.h): one win per call from plain
 * ints and tile-id sequences (score_ids), and a numpy batch of win_input rows
 * on the thread pool (score_batch). shanten/scoring/_fast.py wraps both. */
#include "core.h"
#include "pool.h"
#include "score.h"

#include <stddef.h>
#include <structmember.h>

_Static_assert(sizeof(struct win_input) == 128, "win_input is the 128-byte row of _fast.INPUT");
_Static_assert(sizeof(struct score_result) == 128, "score_result is the row of _fast.OUTPUT");

static PyTypeObject *result_type; /* ScoreResult */
static PyObject *decoders;        /* name -> function(result): the attributes _fast.py decodes */
static PyObject *scoring_error;   /* raised for bad input: InvalidHandError until _fast.py registers its own */

/* ---- the result type: the C struct itself, fields read as attributes --------- */

typedef struct {
    PyObject_HEAD
    struct score_result r;
} result_object;

static PyObject *result_raw(result_object *self, void *closure)
{
    return PyBytes_FromStringAndSize((const char *)&self->r, sizeof self->r);
}

/* Names, groups and the fu breakdown are decoded in Python (_fast.py) when asked: a scoring
 * itself builds no Python object but the result, which holds no references (no GC tracking). */
static PyObject *decode(PyObject *self, const char *name)
{
    PyObject *f = decoders ? PyDict_GetItemString(decoders, name) : NULL;
    if (!f)
        return PyErr_Format(PyExc_AttributeError, "ScoreResult.%s: import shanten.scoring._fast", name);
    return PyObject_CallOneArg(f, self);
}

static PyObject *result_decoded(PyObject *self, void *name)
{
    return decode(self, name);
}

static PyObject *result_str(PyObject *self)
{
    return decode(self, "__str__");
}

static PyObject *result_repr(PyObject *self)
{
    return decode(self, "__repr__");
}

static void result_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    type->tp_free(self);
    Py_DECREF(type); /* an instance of a heap type holds its type */
}

#define FIELD(name, type, field, doc) {name, type, offsetof(result_object, r) + offsetof(struct score_result, field), READONLY, doc}
static PyMemberDef result_members[] = {
    FIELD("han", T_SHORT, han, "han (13 per yakuman multiple); 0: no yaku"),
    FIELD("fu", T_SHORT, fu, "fu, rounded"),
    FIELD("yakuman", T_UBYTE, yakuman, "yakuman multiples (0: none; kazoe is not counted here)"),
    FIELD("limit_code", T_UBYTE, limit, "0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman, 6 kazoe yakuman"),
    FIELD("base", T_INT, base, "base points"),
    FIELD("points", T_INT, points, "the hand's value: ron paid by the discarder, or the sum of tsumo payments (no honba)"),
    FIELD("ron", T_INT, ron, "ron payment incl. honba (0 for tsumo)"),
    FIELD("from_dealer", T_INT, from_dealer, "tsumo: the dealer's payment incl. honba (0 when the winner is dealer)"),
    FIELD("from_others", T_INT, from_others, "tsumo: each non-dealer's payment incl. honba"),
    FIELD("total", T_INT, total, "the winner's gain incl. honba and riichi sticks"),
    FIELD("dealer", T_BOOL, dealer, "the winner is the dealer"),
    FIELD("fu_code", T_UINT, fu_code, "the fu breakdown, packed (see _fast.fu_breakdown)"),
    FIELD("yaku_mask", T_ULONGLONG, yaku, "bit per Tenhou yaku id (55: kita dora)"),
    FIELD("win_group", T_UBYTE, win_group, "index of the group the winning tile completed"),
    {NULL, 0, 0, 0, NULL}};

static PyGetSetDef result_getset[] = {
    {"raw", (getter)result_raw, NULL, "the C struct score_result as bytes (one row of _fast.output_dtype())", NULL},
    {"yaku", result_decoded, NULL, "(name, han) of each yaku; dora, aka dora, ura dora, kita dora as such", "yaku"},
    {"limit", result_decoded, NULL, "None, or the limit's name", "limit"},
    {"groups", result_decoded, NULL, "(type, kind, red fives) of each group of the reading kept", "groups"},
    {"decomposition", result_decoded, NULL, "the groups in notation, as shanten.scoring.score writes them",
     "decomposition"},
    {"fu_breakdown", result_decoded, NULL, "where the fu come from, named as shanten.scoring.score names them",
     "fu_breakdown"},
    {NULL, NULL, NULL, NULL, NULL}};

static PyType_Slot result_slots[] = {
    {Py_tp_doc, "A scored win, straight from the C kernel (shanten.scoring._fast decodes the rest)."},
    {Py_tp_members, result_members},
    {Py_tp_getset, result_getset},
    {Py_tp_str, result_str},
    {Py_tp_repr, result_repr},
    {Py_tp_dealloc, result_dealloc},
    {0, NULL}};

static PyType_Spec result_spec = {"shanten._core.ScoreResult", sizeof(result_object), 0,
                                  Py_TPFLAGS_DEFAULT, result_slots};

/* ---- errors ------------------------------------------------------------------------ */

static void raise_score_error(int code, const char *prefix)
{
    const char *what;
    switch (code) {
    case SC_NOT_COMPLETE: what = "the hand is not complete"; break;
    case SC_BAD_WIN: what = "the winning tile is not in the hand"; break;
    case SC_BAD_COUNTS: what = "a 5th copy of a tile, or a tile absent from the game"; break;
    case SC_BAD_MELD: what = "a meld is not a chi, pon or kan"; break;
    case SC_BAD_FLAGS: what = "contradictory flags (ippatsu or ura dora without riichi, rinshan without a kan or "
                              "on a discard, chankan on a tsumo, haitei/houtei with rinshan or chankan, a first "
                              "draw after calls or riichi or on the dealer's ron, riichi with calls, kita in "
                              "4-player)"; break;
    case SC_BAD_WINDS: what = "winds are 0-3, and the seat wind below the number of players"; break;
    default: what = "more red fives than fives"; break;
    }
    PyErr_Format(scoring_error, "%s%s", prefix, what);
}

/* ---- reading plain arguments --------------------------------------------------------- */

/* An int's value: small exact ints read straight from the object (a tile id is one digit),
 * anything else through PyLong_AsLong. */
static inline long read_long(PyObject *o)
{
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(o) && PyUnstable_Long_IsCompact((PyLongObject *)o))
        return (long)PyUnstable_Long_CompactValue((PyLongObject *)o);
#else
    if (PyLong_CheckExact(o)) {
        const Py_ssize_t size = Py_SIZE(o);
        if (size == 0)
            return 0;
        if (size == 1)
            return (long)((PyLongObject *)o)->ob_digit[0];
    }
#endif
    return PyLong_AsLong(o);
}

/* Rules as one int: bits 0-15 the SR_ bits, 16-23 renhou's han, 24-31 the honba value in hundreds. */
static int read_rules(PyObject *o, struct score_rules *rules)
{
    const long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < 0 || v > 0xffffffffL) {
        PyErr_SetString(PyExc_ValueError, "rules is a code from shanten.scoring._fast.rules_code");
        return -1;
    }
    rules->bits = (uint32_t)(v & 0xffff);
    rules->renhou_han = (uint8_t)((v >> 16) & 0xff);
    rules->honba_value = (uint16_t)(((v >> 24) & 0xff) * 100);
    return 0;
}

static int read_small(PyObject *o, int hi, const char *what, uint8_t *out)
{
    const long v = read_long(o);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < 0 || v > hi) {
        PyErr_Format(scoring_error, "%s must be 0 to %d, got %ld", what, hi, v);
        return -1;
    }
    *out = (uint8_t)v;
    return 0;
}

/* A tile id 0-36 as (kind, red). */
static int read_tile(PyObject *o, int *kind, int *red)
{
    const long v = read_long(o);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < 0 || v > 36) {
        PyErr_Format(scoring_error, "a tile id is 0-36, got %ld", v);
        return -1;
    }
    *red = v >= 34;
    *kind = *red ? (int)(v - 34) * 9 + 4 : (int)v;
    return 0;
}

/* A sequence as a fast sequence (a new reference), or NULL with TypeError. */
static PyObject *sequence(PyObject *o, const char *what)
{
    return PySequence_Fast(o, what);
}

/* Count the dora (or ura) of each kind from indicator tile ids. */
static int read_indicators(PyObject *o, int players, uint8_t *per_kind)
{
    if (o == Py_None)
        return 0;
    PyObject *seq = sequence(o, "dora and ura are sequences of indicator tile ids");
    if (!seq)
        return -1;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        int k, red;
        if (read_tile(items[i], &k, &red) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        int d;
        if (k < 27)
            d = players == 3 && k / 9 == 0 ? (k == 0 ? 8 : 0) : (k % 9 == 8 ? k - 8 : k + 1);
        else if (k < 31)
            d = k == 30 ? 27 : k + 1;
        else
            d = k == 33 ? 31 : k + 1;
        per_kind[d]++;
    }
    Py_DECREF(seq);
    return 0;
}

/* A meld: (type, tile ids...), type 0 chi, 1 pon, 2 open kan, 3 closed kan, 4 added kan. */
static int read_meld(PyObject *o, struct score_meld *m)
{
    PyObject *seq = sequence(o, "a meld is (type, tile ids...)");
    if (!seq)
        return -1;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int ok = n == 4 || n == 5;
    if (ok && read_small(items[0], SC_MELD_TYPES - 1, "a meld's type", &m->type) < 0) {
        Py_DECREF(seq);
        return -1;
    }
    int low = SC_KINDS, high = -1, red = 0, sum = 0;
    for (Py_ssize_t i = 1; ok && i < n; i++) {
        int k, r;
        if (read_tile(items[i], &k, &r) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        low = k < low ? k : low;
        high = k > high ? k : high;
        red += r;
        sum += k;
    }
    Py_DECREF(seq);
    if (ok) {
        const int size = m->type == SC_CHI || m->type == SC_PON ? 3 : 4;
        ok = n - 1 == size && (m->type == SC_CHI ? high == low + 2 && sum == 3 * low + 3 : high == low);
    }
    if (!ok) {
        PyErr_SetString(scoring_error, "a meld is (type, tile ids...): a chi of 3 consecutive tiles, a pon of 3, a kan of 4");
        return -1;
    }
    m->kind = (uint8_t)low;
    m->red = (uint8_t)red;
    return 0;
}

enum { A_TILES, A_WIN, A_MELDS, A_FLAGS, A_DORA, A_URA, A_ROUND, A_SEAT, A_KITA, A_HONBA, A_STICKS, A_PLAYERS,
       A_RULES, A_COUNT };
static const char *const arg_names[A_COUNT] = {"tiles", "win", "melds", "flags", "dora", "ura", "round_wind",
                                               "seat_wind", "kita", "honba", "sticks", "players", "rules"};
static PyObject *arg_strings[A_COUNT];
static long default_rules;

static int fill_input(PyObject *const *a, struct win_input *in, struct score_rules *rules)
{
    memset(in, 0, sizeof *in);
    in->players = 4;
    if (a[A_PLAYERS] && read_small(a[A_PLAYERS], 4, "players", &in->players) < 0)
        return -1;
    PyObject *seq = sequence(a[A_TILES], "tiles is a sequence of tile ids 0-36");
    if (!seq)
        return -1;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    if (n > 14) {
        Py_DECREF(seq);
        PyErr_Format(scoring_error, "%zd concealed tiles: a hand has at most 14", n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int k, r;
        if (read_tile(items[i], &k, &r) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        in->counts[k]++;
        in->red[k / 9] += r;
    }
    Py_DECREF(seq);
    int k, r;
    if (read_tile(a[A_WIN], &k, &r) < 0)
        return -1;
    in->win = (uint8_t)k;
    if (r && !in->red[k / 9]) {
        PyErr_SetString(scoring_error, "the winning tile is a red five the hand does not hold");
        return -1;
    }
    if (a[A_MELDS] && a[A_MELDS] != Py_None) {
        PyObject *melds = sequence(a[A_MELDS], "melds is a sequence of (type, tile ids...)");
        if (!melds)
            return -1;
        const Py_ssize_t m = PySequence_Fast_GET_SIZE(melds);
        if (m > 4) {
            Py_DECREF(melds);
            PyErr_SetString(scoring_error, "at most 4 melds");
            return -1;
        }
        for (Py_ssize_t i = 0; i < m; i++)
            if (read_meld(PySequence_Fast_GET_ITEM(melds, i), &in->melds[i]) < 0) {
                Py_DECREF(melds);
                return -1;
            }
        in->n_melds = (uint8_t)m;
        Py_DECREF(melds);
    }
    if ((a[A_FLAGS] && read_small(a[A_FLAGS], 255, "flags", &in->flags) < 0) ||
        (a[A_DORA] && read_indicators(a[A_DORA], in->players, in->dora) < 0) ||
        (a[A_URA] && read_indicators(a[A_URA], in->players, in->ura) < 0) ||
        (a[A_ROUND] && read_small(a[A_ROUND], 3, "round_wind", &in->round_wind) < 0) ||
        (a[A_SEAT] && read_small(a[A_SEAT], 3, "seat_wind", &in->seat_wind) < 0) ||
        (a[A_KITA] && read_small(a[A_KITA], 4, "kita", &in->kita) < 0) ||
        (a[A_HONBA] && read_small(a[A_HONBA], 255, "honba", &in->honba) < 0) ||
        (a[A_STICKS] && read_small(a[A_STICKS], 255, "sticks", &in->sticks) < 0))
        return -1;
    if (a[A_RULES])
        return read_rules(a[A_RULES], rules);
    rules->bits = (uint32_t)(default_rules & 0xffff);
    rules->renhou_han = (uint8_t)((default_rules >> 16) & 0xff);
    rules->honba_value = (uint16_t)(((default_rules >> 24) & 0xff) * 100);
    return 0;
}

static PyObject *py_score_ids(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *a[A_COUNT] = {NULL};
    if (nargs > A_COUNT) {
        PyErr_SetString(PyExc_TypeError, "score_ids() takes at most 13 arguments");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nargs; i++)
        a[i] = args[i];
    if (kwnames) {
        const Py_ssize_t nk = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t i = 0; i < nk; i++) {
            PyObject *name = PyTuple_GET_ITEM(kwnames, i);
            int found = -1;
            for (int j = 0; j < A_COUNT && found < 0; j++) /* interned names: the pointers match */
                if (name == arg_strings[j])
                    found = j;
            for (int j = 0; j < A_COUNT && found < 0; j++)
                if (PyUnicode_Compare(name, arg_strings[j]) == 0)
                    found = j;
            if (found < 0 || a[found]) {
                PyErr_Format(PyExc_TypeError, "score_ids() got %s argument '%U'",
                             found < 0 ? "an unexpected" : "a repeated", name);
                return NULL;
            }
            a[found] = args[nargs + i];
        }
    }
    if (!a[A_TILES] || !a[A_WIN]) {
        PyErr_SetString(PyExc_TypeError, "score_ids() needs tiles and win");
        return NULL;
    }
    struct win_input in;
    struct score_rules rules;
    if (fill_input(a, &in, &rules) < 0)
        return NULL;
    result_object *o = (result_object *)result_type->tp_alloc(result_type, 0);
    if (!o)
        return NULL;
    const int code = score_hand(&in, &rules, &o->r);
    if (code != SC_OK) {
        Py_DECREF(o);
        raise_score_error(code, "");
        return NULL;
    }
    return (PyObject *)o;
}

/* ---- the batch ------------------------------------------------------------------------ */

typedef struct {
    const struct win_input *in;
    struct score_result *out;
    struct score_rules rules;
} score_ctx;

static void score_block(void *arg, Py_ssize_t begin, Py_ssize_t end, pool_fault *fault)
{
    const score_ctx *x = arg;
    for (Py_ssize_t r = begin; r < end; r++) {
        struct win_input row = x->in[r]; /* a copy: the caller's array may change under us */
        const int code = score_hand(&row, &x->rules, &x->out[r]);
        if (code != SC_OK) {
            *fault = (pool_fault){r, code, 0, 0};
            return;
        }
    }
}

static PyObject *py_score_batch(PyObject *self, PyObject *args)
{
    Py_buffer src, dst;
    PyObject *rules_obj;
    int threads;
    if (!PyArg_ParseTuple(args, "y*w*Oi", &src, &dst, &rules_obj, &threads))
        return NULL;
    PyObject *result = NULL;
    score_ctx x;
    const Py_ssize_t rows = src.len / (Py_ssize_t)sizeof(struct win_input);
    if (src.len % (Py_ssize_t)sizeof(struct win_input) || dst.len < rows * (Py_ssize_t)sizeof(struct score_result)) {
        PyErr_SetString(PyExc_ValueError, "score_batch needs rows of _fast.INPUT and as many of _fast.OUTPUT");
        goto done;
    }
    if (read_rules(rules_obj, &x.rules) < 0)
        goto done;
    x.in = src.buf;
    x.out = dst.buf;
    const pool_fault f = pool_run(rows, threads, score_block, &x);
    if (f.row >= 0) {
        char prefix[48];
        snprintf(prefix, sizeof prefix, "row %zd: ", f.row);
        raise_score_error(f.code, prefix);
        goto done;
    }
    result = Py_None;
    Py_INCREF(result);
done:
    PyBuffer_Release(&src);
    PyBuffer_Release(&dst);
    return result;
}

/* ---- set-up ---------------------------------------------------------------------------- */

static PyObject *py_score_setup(PyObject *self, PyObject *args)
{
    PyObject *table, *error;
    long rules;
    if (!PyArg_ParseTuple(args, "O!Ol", &PyDict_Type, &table, &error, &rules))
        return NULL;
    Py_INCREF(table);
    Py_INCREF(error);
    Py_XSETREF(decoders, table);
    Py_XSETREF(scoring_error, error);
    default_rules = rules;
    Py_RETURN_NONE;
}

int scoring_add_types(PyObject *module)
{
    PyObject *type = PyType_FromSpec(&result_spec);
    if (!type || PyModule_AddObjectRef(module, "ScoreResult", type) < 0) {
        Py_XDECREF(type);
        return -1;
    }
    result_type = (PyTypeObject *)type;
    scoring_error = invalid_hand_error ? invalid_hand_error : PyExc_ValueError;
    Py_INCREF(scoring_error);
    for (int i = 0; i < A_COUNT; i++)
        if (!(arg_strings[i] = PyUnicode_InternFromString(arg_names[i])))
            return -1;
    default_rules = SR_OPEN_TANYAO | SR_RED_FIVES | SR_KAZOE | SR_STACK | SR_TSUMO_LOSS | (1L << 24);
    return PyModule_AddObject(module, "SCORE_LAYOUT",
                              Py_BuildValue("(nn)", (Py_ssize_t)sizeof(struct win_input),
                                            (Py_ssize_t)sizeof(struct score_result)));
}

PyMethodDef scoring_methods[] = {
    {"score_ids", (PyCFunction)(void (*)(void))py_score_ids, METH_FASTCALL | METH_KEYWORDS,
     "score_ids(tiles, win, melds=(), flags=0, dora=(), ura=(), round_wind=0, seat_wind=0, kita=0, honba=0,\n"
     "          sticks=0, players=4, rules=<tenhou>)\n--\n\n"
     "Score one win from plain ints: tiles are the concealed tile ids (0-36, the winning tile among them),\n"
     "win the winning tile id, melds (type, tile ids...) with type 0 chi, 1 pon, 2 open kan, 3 closed kan,\n"
     "4 added kan, flags the SC_ bits of _fast, dora and ura indicator tile ids. Returns a ScoreResult."},
    {"score_batch", py_score_batch, METH_VARARGS,
     "score_batch(inputs, outputs, rules, threads): score rows of _fast.INPUT into rows of _fast.OUTPUT."},
    {"_score_setup", py_score_setup, METH_VARARGS,
     "_score_setup(decoders, error_type, default_rules): set by shanten.scoring._fast at import."},
    {NULL, NULL, 0, NULL}};
