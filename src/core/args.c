/* The argument-reading layer: Python arguments to validated counts, limits and
 * live copies. Plain counts (a list, tuple or bytes of 34, or a 34-long
 * integer buffer such as a numpy row) are read here; anything else (notation,
 * Hand objects, 136-tile ids, 3-player rule variants) is resolved by
 * shanten._resolve in Python, which hands back counts and per-kind limits. */
#include "core.h"

/* numpy's array and dtype structs (headers only: nothing of numpy's C API is
 * imported, so `import shanten` does not import numpy). */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/ndarraytypes.h>

PyObject *invalid_hand_error;
PyObject *tile_names[SH_KINDS];
PyObject *count_objects[5];
static PyObject *resolve_hook; /* shanten._resolve.resolve */
static PyObject *meld_hook;    /* shanten._resolve.meld_counts */
static PyObject *meld_cache;   /* meld notation -> its 34 counts as bytes */
static PyTypeObject *hand_type; /* shanten.Hand: its fields are read here, it needs no resolving */

/* CPython keeps small ints in one array: when 0..4 sit at equal power-of-two
 * strides, a count is read from the object's address alone, by a shift (a
 * division per tile would cost as much as the rest of a shanten call). */
static uintptr_t small_base, small_last, small_mask; /* address of 0; offset of 4 (0: trick off); stride - 1 */
static int small_shift;

const char *const TILE_NAMES[SH_KINDS] = {
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p",
    "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"};

/* One message per fault, whatever the input type: shanten.tiles words them the same way. */
void raise_invalid(int code, int value, int kind, const char *prefix)
{
    switch (code) {
    case SH_BAD_COUNT:
        PyErr_Format(invalid_hand_error, "%scount of %s is %d: a count is an integer 0 to 4", prefix,
                     TILE_NAMES[kind], value);
        break;
    case SH_ABSENT_KIND:
        PyErr_Format(invalid_hand_error, "%s%s does not exist in 3-player mahjong", prefix, TILE_NAMES[kind]);
        break;
    case SH_BAD_TOTAL:
        PyErr_Format(invalid_hand_error, "%s5th copy of %s", prefix, TILE_NAMES[kind]);
        break;
    case SH_BAD_DEAD_TOTAL:
        PyErr_Format(invalid_hand_error, "%s5th copy of %s (hand, melds and dead tiles)", prefix, TILE_NAMES[kind]);
        break;
    case SH_BAD_ABSENT_DEAD:
        PyErr_Format(invalid_hand_error, "%sdead: %s does not exist in 3-player mahjong", prefix, TILE_NAMES[kind]);
        break;
    case SH_NOT_3N1:
        PyErr_Format(invalid_hand_error, "%suke-ire needs 3n+1 concealed tiles, got %d", prefix, value);
        break;
    case SH_NOT_3N2:
        PyErr_Format(invalid_hand_error, "%sa discard table needs 3n+2 concealed tiles, got %d", prefix, value);
        break;
    case SH_TAKEN_NOT_HELD:
        if (value < SH_KINDS)
            PyErr_Format(invalid_hand_error, "%sthe discard taken, %s, is not in the hand", prefix, TILE_NAMES[kind]);
        else
            PyErr_Format(invalid_hand_error, "%sthe discard taken is a tile kind 0-33, got %d", prefix, value);
        break;
    case SH_UNREACHABLE:
        PyErr_Format(invalid_hand_error, "%sno complete hand can be reached within these limits", prefix);
        break;
    default:
        PyErr_Format(invalid_hand_error,
                     "%s%d concealed tiles: a hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14", prefix, value);
    }
}

PyObject *short_repr(PyObject *value)
{
    enum { LIMIT = 40 };
    int overflow = 0;
    if (PyLong_Check(value)) /* past Python's digit limit an int cannot be repr'd at all */
        (void)PyLong_AsLongLongAndOverflow(value, &overflow);
    PyObject *r = overflow ? NULL : PyObject_Repr(value);
    if (!r) {
        PyErr_Clear();
        return PyUnicode_FromFormat(overflow ? "a huge %s" : "a %s", Py_TYPE(value)->tp_name);
    }
    if (PyUnicode_GET_LENGTH(r) <= LIMIT)
        return r;
    PyObject *cut = PyUnicode_Substring(r, 0, LIMIT - 3);
    Py_DECREF(r);
    if (!cut)
        return NULL;
    PyObject *shown = PyUnicode_FromFormat("%U...", cut);
    Py_DECREF(cut);
    return shown;
}

static int bad_count(const char *what, int kind, PyObject *item)
{
    PyObject *shown = short_repr(item);
    if (shown) {
        PyErr_Format(invalid_hand_error, "%s: count of %s is %U: a count is an integer 0 to 4", what, TILE_NAMES[kind],
                     shown);
        Py_DECREF(shown);
    }
    return -1;
}

static int check_counts(const uint8_t *c, const char *what)
{
    for (int i = 0; i < SH_KINDS; i++)
        if (c[i] > 4) {
            char prefix[16];
            snprintf(prefix, sizeof prefix, "%s: ", what);
            raise_invalid(SH_BAD_COUNT, c[i], i, prefix);
            return -1;
        }
    return 0;
}

/* 34 integers of `size` bytes at p, p + stride, ...: 1 read, -1 error set. */
static int read_items(const char *p, Py_ssize_t stride, int size, int is_signed, uint8_t *c, const char *what)
{
    for (int i = 0; i < SH_KINDS; i++, p += stride) {
        int64_t s = 0;
        uint64_t u = 0;
        switch (size) {
        case 1: s = *(const int8_t *)p; u = *(const uint8_t *)p; break;
        case 2: { int16_t s2; uint16_t u2; memcpy(&s2, p, 2); memcpy(&u2, p, 2); s = s2; u = u2; break; }
        case 4: { int32_t s4; uint32_t u4; memcpy(&s4, p, 4); memcpy(&u4, p, 4); s = s4; u = u4; break; }
        default: memcpy(&s, p, 8); memcpy(&u, p, 8);
        }
        if (is_signed ? s < 0 || s > 4 : u > 4) {
            PyObject *item = is_signed ? PyLong_FromLongLong(s) : PyLong_FromUnsignedLongLong(u);
            if (item) {
                bad_count(what, i, item);
                Py_DECREF(item);
            }
            return -1;
        }
        c[i] = (uint8_t)u;
    }
    return 1;
}

/* A one-dimensional integer buffer of 34 (array.array, memoryview, bytearray,
 * a numpy subclass). 1 read, 0 not such a buffer, -1 error set. */
static int read_buffer(PyObject *hand, uint8_t *c, const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(hand, &view, PyBUF_FORMAT | PyBUF_STRIDES) < 0) {
        PyErr_Clear();
        return 0;
    }
    const char *f = view.format ? view.format : "B";
    if (*f == '@' || *f == '=' || *f == '<' || *f == '>' || *f == '!')
        f++;
    const int is_signed = *f && strchr("bhilqn", *f), is_unsigned = *f && strchr("BHILQN", *f);
    int result = 0;
    if (view.ndim == 1 && view.shape[0] == SH_KINDS && (is_signed || is_unsigned) && f[1] == '\0' &&
        (view.itemsize == 1 || view.itemsize == 2 || view.itemsize == 4 || view.itemsize == 8))
        result = read_items(view.buf, view.strides[0], (int)view.itemsize, is_signed, c, what);
    PyBuffer_Release(&view);
    return result;
}

/* A numpy ndarray (exactly: subclasses take the buffer path) of 34 integers
 * in native byte order, read from its struct: the buffer protocol costs as
 * much as a shanten call. 1 read, 0 not such an array, -1 error set. */
static int read_ndarray(PyObject *hand, uint8_t *c, const char *what)
{
    static PyTypeObject *ndarray_type; /* found by name on first sight */
    if (Py_TYPE(hand) != ndarray_type) {
        if (ndarray_type || strcmp(Py_TYPE(hand)->tp_name, "numpy.ndarray") != 0)
            return 0;
        ndarray_type = Py_TYPE(hand);
    }
    PyArrayObject *a = (PyArrayObject *)hand;
    const PyArray_Descr *d = PyArray_DESCR(a);
    if (PyArray_NDIM(a) != 1 || PyArray_DIM(a, 0) != SH_KINDS || d->byteorder == '>')
        return 0;
    int size, is_signed;
    switch (d->type_num) {
    case NPY_BYTE: case NPY_UBYTE: size = 1; break;
    case NPY_SHORT: case NPY_USHORT: size = sizeof(short); break;
    case NPY_INT: case NPY_UINT: size = sizeof(int); break;
    case NPY_LONG: case NPY_ULONG: size = sizeof(long); break;
    case NPY_LONGLONG: case NPY_ULONGLONG: size = sizeof(long long); break;
    default: return 0; /* bools, floats...: Python reads or rejects them */
    }
    is_signed = d->type_num == NPY_BYTE || d->type_num == NPY_SHORT || d->type_num == NPY_INT ||
                d->type_num == NPY_LONG || d->type_num == NPY_LONGLONG;
    return read_items(PyArray_DATA(a), PyArray_STRIDE(a, 0), size, is_signed, c, what);
}

/* 1: counts read, 0: not plain counts (let Python resolve it), -1: error set. */
static int read_counts(PyObject *hand, uint8_t *c, const char *what)
{
    if (PyBytes_CheckExact(hand)) {
        if (PyBytes_GET_SIZE(hand) != SH_KINDS)
            return 0;
        memcpy(c, PyBytes_AS_STRING(hand), SH_KINDS);
        return check_counts(c, what) < 0 ? -1 : 1;
    }
    if (!PyList_CheckExact(hand) && !PyTuple_CheckExact(hand)) {
        const int r = read_ndarray(hand, c, what);
        if (r)
            return r;
        return PyUnicode_Check(hand) || !PyObject_CheckBuffer(hand) ? 0 : read_buffer(hand, c, what);
    }
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
            if (PyBool_Check(o))
                return bad_count(what, i, o);
            if (!PyLong_Check(o))
                return 0; /* numpy scalars, floats...: Python reads or rejects them */
            int overflow;
            long x = PyLong_AsLongAndOverflow(o, &overflow);
            if (overflow || x < 0 || x > 4)
                return bad_count(what, i, o);
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
            int overflow;
            long p = PyLong_Check(value) && !PyBool_Check(value) ? PyLong_AsLongAndOverflow(value, &overflow) : 0;
            if (p != 3 && p != 4) {
                PyObject *shown = short_repr(value);
                if (shown) {
                    PyErr_Format(invalid_hand_error, "players must be 3 or 4, got %U", shown);
                    Py_DECREF(shown);
                }
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

/* The 34 counts of a meld argument. Notation is cached, since players type the
 * same melds again and again; anything else goes to Python, which reads a Meld
 * or names what is wrong (a list is not hashable, so it is never a cache key). */
static const uint8_t *meld_counts(PyObject *meld, PyObject **owner)
{
    const int cached = PyUnicode_CheckExact(meld);
    PyObject *counts = cached ? PyDict_GetItemWithError(meld_cache, meld) : NULL; /* borrowed */
    *owner = NULL;
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
        if (!cached) {
            *owner = counts; /* the caller releases it */
            return (const uint8_t *)PyBytes_AS_STRING(counts);
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

/* A small int field of a Hand (validated by its constructor). */
static int small_item(PyObject *tuple, Py_ssize_t i, uint8_t *out)
{
    const long v = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
    if (v < 0 || v > 255)
        return -1; /* a Hand never holds such a value: let Python look at it */
    *out = (uint8_t)v;
    return 0;
}

/* The counts, red fives and melds of a Hand (exactly: a subclass is resolved
 * in Python). 1 read, 0 not a Hand, -1 error set. */
static int read_hand(PyObject *hand, uint8_t *c, uint8_t *red, uint8_t *melded, Py_ssize_t *n_melds)
{
    if (Py_TYPE(hand) != hand_type)
        return 0;
    PyObject *counts = PyObject_GetAttrString(hand, "counts"), *reds = PyObject_GetAttrString(hand, "red");
    PyObject *melds = PyObject_GetAttrString(hand, "melds");
    int r = counts && reds && melds && PyTuple_CheckExact(counts) && PyTuple_GET_SIZE(counts) == SH_KINDS &&
            PyTuple_CheckExact(reds) && PyTuple_GET_SIZE(reds) == 3 && PyTuple_CheckExact(melds);
    for (Py_ssize_t i = 0; r && i < SH_KINDS; i++)
        r = small_item(counts, i, &c[i]) == 0;
    for (Py_ssize_t i = 0; r && i < 3; i++)
        r = small_item(reds, i, &red[i]) == 0;
    for (Py_ssize_t m = 0; r && m < PyTuple_GET_SIZE(melds); m++) {
        PyObject *tiles = PyObject_GetAttrString(PyTuple_GET_ITEM(melds, m), "tiles");
        r = tiles && PyTuple_CheckExact(tiles);
        for (Py_ssize_t t = 0; r && t < PyTuple_GET_SIZE(tiles); t++) {
            uint8_t kind;
            r = small_item(tiles, t, &kind) == 0 && kind < SH_KINDS;
            if (r)
                melded[kind]++;
        }
        Py_XDECREF(tiles);
        ++*n_melds;
    }
    if (!r && !PyErr_Occurred())
        PyErr_SetString(PyExc_SystemError, "a Hand whose fields are not what its constructor makes");
    Py_XDECREF(counts);
    Py_XDECREF(reds);
    Py_XDECREF(melds);
    return r ? 1 : -1;
}

/* Rule variants with plain counts or a Hand, 4-player: limits built here
 * rather than in _resolve.limits (same formula), since building a Hand costs
 * far more than the answer. 1: done, 0: not this shape of arguments, -1: error set. */
static int plain_limits(const call_args *a, uint8_t *c, uint8_t *red, uint8_t *lim, uint8_t *live,
                        const uint8_t **limits)
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
    Py_ssize_t n_melds = 0;
    int r = read_hand(a->hand, c, red, melded, &n_melds);
    if (r == 0)
        r = read_counts(a->hand, c, "hand");
    if (r <= 0)
        return r;
    if (a->dead != Py_None && (r = read_counts(a->dead, dead, "dead")) <= 0)
        return r;
    /* the size is read again each step: the cache and the hook run Python code, which may change the list */
    for (Py_ssize_t m = 0; a->melds != Py_None && m < PySequence_Fast_GET_SIZE(a->melds); m++, n_melds++) {
        PyObject *meld = PySequence_Fast_ITEMS(a->melds)[m], *owner;
        Py_INCREF(meld);
        const uint8_t *mc = meld_counts(meld, &owner);
        Py_DECREF(meld);
        if (!mc)
            return -1;
        for (int i = 0; i < SH_KINDS; i++)
            melded[i] += mc[i];
        Py_XDECREF(owner);
    }
    int tiles = 0, all_four = 1;
    for (int i = 0; i < SH_KINDS; i++) {
        tiles += c[i];
        if (c[i] + melded[i] > 4) { /* same order and words as shanten.tiles.Hand */
            raise_invalid(SH_BAD_TOTAL, 0, i, "");
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
            raise_invalid(SH_BAD_DEAD_TOTAL, 0, i, "");
            return -1;
        }
        lim[i] = (uint8_t)(4 - dead[i] - (wrc ? melded[i] : 0));
        live[i] = (uint8_t)(4 - c[i] - melded[i] - dead[i]);
        all_four &= lim[i] == 4;
    }
    *limits = all_four ? NULL : lim;
    return 1;
}

int resolve_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *fname, int tile_query,
                 hand_state *h)
{
    call_args a;
    int kind = 0;
    h->limits = NULL;
    memset(h->red, 0, sizeof h->red);
    if (parse_args(args, nargs, kwnames, &a, fname, tile_query) < 0)
        return -1;
    h->players = a.players;
    h->quads_as_pairs = a.quads_as_pairs;
    h->forms = a.forms;
    int default_rule = a.rule == Py_None || (PyUnicode_Check(a.rule) && PyUnicode_CompareWithASCIIString(a.rule, "tenhou") == 0);
    const int table_path = a.melds == Py_None && a.dead == Py_None && default_rule && Py_TYPE(a.hand) != hand_type;
    int plain = table_path ? read_counts(a.hand, h->c, "hand")
                           : plain_limits(&a, h->c, h->red, h->lim, h->live, &h->limits);
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
        raise_invalid(code, code == SH_BAD_SIZE ? h->sm.tiles : h->c[kind], kind, code == SH_BAD_COUNT ? "hand: " : "");
        return -1;
    }
    return 0;
}

int unreachable(int r)
{
    if (r < SH_INF)
        return 0;
    raise_invalid(SH_UNREACHABLE, 0, 0, "");
    return 1;
}

int args_set_hooks(PyObject *error, PyObject *hook, PyObject *melds, PyObject *hand)
{
    if (!PyType_Check(hand)) {
        PyErr_SetString(PyExc_TypeError, "_init needs the Hand class");
        return -1;
    }
    Py_INCREF(hand);
    Py_XSETREF(hand_type, (PyTypeObject *)hand);
    if (!meld_cache && !(meld_cache = PyDict_New()))
        return -1;
    Py_INCREF(error);
    Py_INCREF(hook);
    Py_INCREF(melds);
    Py_XSETREF(meld_hook, melds);
    Py_XSETREF(invalid_hand_error, error);
    Py_XSETREF(resolve_hook, hook);
    return 0;
}

int args_module_init(void)
{
    for (int i = 0; i < 5; i++)
        if (!count_objects[i] && !(count_objects[i] = PyLong_FromLong(i)))
            return -1;
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
        if (!tile_names[i] && !(tile_names[i] = PyUnicode_InternFromString(TILE_NAMES[i])))
            return -1;
    return 0;
}
