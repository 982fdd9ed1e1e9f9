/* The mjlog reader's C side (shanten.records.mjlog): the run of draw and
 * discard tags between two other tags, read into events. Nine tags in ten
 * are moves; in Python each cost a slice, a hash and a dict look-up.
 *
 * Only a move in its canonical form is read here: a letter of TUVW (draws)
 * or DEFG (discards), a 136-id without a leading zero, "/>", then nothing
 * but ASCII white space up to the next "<". Anything else, and every move
 * outside a round, stops the scan: Python reads that piece, so its errors and
 * its tolerance stay in one place. */
#include "core.h"

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/* The move whose "<" is at p: the index after its piece, its letter (0-7,
 * TUVWDEFG) in *letter and its 136-id in *tile; or -1 for any other piece. */
static Py_ssize_t read_move(const char *s, Py_ssize_t p, Py_ssize_t size, int *letter, int *tile)
{
    static const char LETTERS[] = "TUVWDEFG";
    const char *found = s[p] == '<' && p + 1 < size && s[p + 1] ? strchr(LETTERS, s[p + 1]) : NULL;
    if (!found)
        return -1;
    Py_ssize_t q = p + 2;
    int value = 0, digits = 0;
    while (q < size && s[q] >= '0' && s[q] <= '9' && digits < 4) {
        value = value * 10 + (s[q++] - '0');
        digits++;
    }
    if (digits == 0 || (digits > 1 && s[p + 2] == '0') || value >= 136 || q + 1 >= size || s[q] != '/' ||
        s[q + 1] != '>')
        return -1;
    for (q += 2; q < size && s[q] != '<'; q++)
        if (!is_space(s[q]))
            return -1;
    *letter = (int)(found - LETTERS);
    *tile = value;
    return q;
}

static PyObject *py_mjlog_moves(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6 || !PyBytes_Check(args[0]) || !PyTuple_Check(args[3]) || PyTuple_GET_SIZE(args[3]) != 8 * 136 * 2 ||
        !PyByteArray_Check(args[4]) || PyByteArray_GET_SIZE(args[4]) != 4 ||
        (args[5] != Py_None && !PyList_Check(args[5]))) {
        PyErr_SetString(PyExc_TypeError, "mjlog_moves(data: bytes, pos, end, table: tuple, last: bytearray(4), "
                                         "events: list | None)");
        return NULL;
    }
    const Py_ssize_t pos0 = PyLong_AsSsize_t(args[1]), end = PyLong_AsSsize_t(args[2]);
    if ((pos0 == -1 || end == -1) && PyErr_Occurred())
        return NULL;
    const char *s = PyBytes_AS_STRING(args[0]);
    const Py_ssize_t size = PyBytes_GET_SIZE(args[0]);
    if (pos0 < 0 || end > size || pos0 > end) {
        PyErr_SetString(PyExc_ValueError, "mjlog_moves: positions out of the data");
        return NULL;
    }
    PyObject *const *table = &PyTuple_GET_ITEM(args[3], 0);
    uint8_t *last = (uint8_t *)PyByteArray_AS_STRING(args[4]);
    PyObject *events = args[5];
    Py_ssize_t pos = pos0;
    while (pos < end && events != Py_None) {
        int letter, tile;
        const Py_ssize_t next = read_move(s, pos, size, &letter, &tile);
        if (next < 0)
            break;
        const int seat = letter & 3, discard = letter >> 2;
        const int tsumogiri = discard && last[seat] == tile;
        last[seat] = discard ? 0xFF : (uint8_t)tile;
        if (PyList_Append(events, table[(letter * 136 + tile) * 2 + tsumogiri]) < 0)
            return NULL;
        pos = next;
    }
    Py_ssize_t stop = pos;
    if (pos < end)
        for (stop = pos + 1; stop < size && s[stop] != '<'; stop++)
            ;
    return Py_BuildValue("nn", pos, stop);
}

/* The tile id of a 136-id (kind x 4 + copy; copy 0 of a five is the red one, ids 34-36, when red). */
static int tile_of(int id136, int red)
{
    const int kind = id136 / 4;
    return red && id136 % 4 == 0 && (kind == 4 || kind == 13 || kind == 22) ? 34 + kind / 9 : kind;
}

static PyObject *py_mjlog_tiles(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "mjlog_tiles(text: str, red: bool, in_order: bool)");
        return NULL;
    }
    const int red = PyObject_IsTrue(args[1]), in_order = PyObject_IsTrue(args[2]);
    Py_ssize_t size;
    const char *s = PyUnicode_AsUTF8AndSize(args[0], &size);
    if (!s || red < 0 || in_order < 0)
        return NULL;
    int tiles[136], n = 0;
    for (Py_ssize_t p = 0; p < size; p++) { /* "" is no tile; else ids as str(id) between commas */
        int value = 0, digits = 0;
        const Py_ssize_t start = p;
        for (; p < size && s[p] >= '0' && s[p] <= '9' && digits < 4; p++, digits++)
            value = value * 10 + (s[p] - '0');
        if (digits == 0 || (digits > 1 && s[start] == '0') || value >= 136 || n == 136 ||
            (p < size && (s[p] != ',' || p + 1 == size))) {
            PyErr_Format(PyExc_ValueError, "not a list of 136-ids: %R", args[0]);
            return NULL;
        }
        tiles[n++] = tile_of(value, red);
    }
    if (in_order) { /* records.model.ORDER: by kind, a red five after the plain ones; a counting sort */
        int count[37] = {0}, k = 0;
        for (int i = 0; i < n; i++)
            count[tiles[i]]++;
        for (int kind = 0; kind < 34; kind++) {
            for (int c = 0; c < count[kind]; c++)
                tiles[k++] = kind;
            if (kind == 4 || kind == 13 || kind == 22)
                for (int c = 0; c < count[34 + kind / 9]; c++)
                    tiles[k++] = 34 + kind / 9;
        }
    }
    PyObject *out = PyTuple_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *tile = PyLong_FromLong(tiles[i]);
        if (!tile) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SET_ITEM(out, i, tile);
    }
    return out;
}

static int is_name(char c, int digits)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (digits && ((c >= '0' && c <= '9') || c == '_'));
}

/* A tag other than a move, in its usual form: ASCII only, a name, attributes name="value" each after
 * white space, "/>", then white space. Anything else is None: Python's regular expressions read it,
 * so that its errors and tolerance stay in one place. */
static PyObject *py_mjlog_tag(PyObject *self, PyObject *piece)
{
    if (!PyBytes_Check(piece)) {
        PyErr_SetString(PyExc_TypeError, "mjlog_tag(piece: bytes)");
        return NULL;
    }
    const char *s = PyBytes_AS_STRING(piece);
    const Py_ssize_t size = PyBytes_GET_SIZE(piece);
    Py_ssize_t p = 0;
    for (Py_ssize_t i = 0; i < size; i++)
        if ((unsigned char)s[i] >= 0x80)
            Py_RETURN_NONE;
    while (p < size && is_name(s[p], 0))
        p++;
    if (p == 0)
        Py_RETURN_NONE;
    PyObject *name = PyUnicode_FromStringAndSize(s, p), *attributes = PyDict_New();
    if (!name || !attributes)
        goto fail;
    for (;;) {
        const Py_ssize_t gap = p;
        while (p < size && is_space(s[p]))
            p++;
        const Py_ssize_t key = p;
        while (p < size && is_name(s[p], 1))
            p++;
        if (p == key) /* no attribute: the tag's end */
            break;
        if (key == gap) /* an attribute with no white space before it */
            goto other;
        if (p + 1 >= size || s[p] != '=' || s[p + 1] != '"')
            goto other;
        const Py_ssize_t key_end = p, value = p + 2;
        for (p = value; p < size && s[p] != '"' && s[p] != '<' && s[p] != '>'; p++)
            ;
        if (p >= size || s[p] != '"')
            goto other;
        PyObject *k = PyUnicode_FromStringAndSize(s + key, key_end - key);
        PyObject *v = k ? PyUnicode_FromStringAndSize(s + value, p - value) : NULL;
        const int stored = v ? PyDict_SetItem(attributes, k, v) : -1;
        Py_XDECREF(k);
        Py_XDECREF(v);
        if (stored < 0)
            goto fail;
        p++;
    }
    if (p + 1 >= size || s[p] != '/' || s[p + 1] != '>')
        goto other;
    for (p += 2; p < size; p++)
        if (!is_space(s[p]))
            goto other;
    return Py_BuildValue("(NN)", name, attributes);
other:
    Py_DECREF(name);
    Py_DECREF(attributes);
    Py_RETURN_NONE;
fail:
    Py_XDECREF(name);
    Py_XDECREF(attributes);
    return NULL;
}

PyMethodDef mjlog_methods[] = {
    {"mjlog_tag", (PyCFunction)py_mjlog_tag, METH_O,
     "mjlog_tag(piece) -> (name, attributes) | None: a tag between '<' and the next '<' in its usual form\n"
     "(ASCII; a name, then name=\"value\" attributes each after white space, '/>', white space), else None."},
    {"mjlog_tiles", (PyCFunction)(void (*)(void))py_mjlog_tiles, METH_FASTCALL,
     "mjlog_tiles(text, red, in_order) -> tuple: the tile ids of the 136-ids in an attribute (\"16,52,1\";\n"
     "\"\" for none; copy 0 of a five is red when red), as given or in records.model.ORDER; ValueError\n"
     "unless every id is written as str(id) and below 136."},
    {"mjlog_moves", (PyCFunction)(void (*)(void))py_mjlog_moves, METH_FASTCALL,
     "mjlog_moves(data, pos, end, table, last, events) -> (pos, stop): from the '<' at pos, append the\n"
     "event of each canonical move tag (table[(letter * 136 + id) * 2 + tsumogiri], letters TUVWDEFG)\n"
     "to events, keeping each seat's last drawn 136-id in last (255: none); stop at end, at any other\n"
     "piece, or at once when events is None. pos: the '<' of the piece left; stop: the next '<'."},
    {NULL, NULL, 0, NULL}};
