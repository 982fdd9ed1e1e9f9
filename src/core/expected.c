/* The expected-value engine's entry: expected(hand, pool, win, rules, config), the kernel
 * of shanten.expected (expected.py reads the arguments a user gives). */
#include "core.h"
#include "ev.h"

static PyObject *values_bytes(const ev_row *row, int which, int turns)
{
    return PyBytes_FromStringAndSize((const char *)row->v[which], (Py_ssize_t)sizeof(double) * turns);
}

static PyObject *py_expected(PyObject *self, PyObject *args)
{
    Py_buffer hand, pool, win;
    long rules;
    ev_config cfg;
    memset(&cfg, 0, sizeof cfg);
    int indicators;
    if (!PyArg_ParseTuple(args, "y*y*y*l(iiiiiiiiiiiiiii)", &hand, &pool, &win, &rules, &cfg.draws, &cfg.forms,
                          &cfg.players, &cfg.tegawari, &cfg.shanten_back, &cfg.extra, &cfg.red_fives, &cfg.uradora,
                          &cfg.ippatsu, &cfg.last_tile, &cfg.objective, &cfg.riichi, &cfg.max_nodes, &indicators, &cfg.divisor_extra))
        return NULL;
    PyObject *result = NULL;
    if (hand.len != EV_IDS || pool.len != EV_IDS || win.len != (Py_ssize_t)sizeof(struct win_input)) {
        PyErr_SetString(PyExc_ValueError, "expected() takes 37 hand counts, 37 live counts and one _fast.INPUT row");
        goto done;
    }
    if (cfg.draws < 0 || cfg.draws > EV_TURNS) {
        PyErr_Format(PyExc_ValueError, "draws must be 0 to %d, got %d", EV_TURNS, cfg.draws);
        goto done;
    }
    if (load_necessary() < 0)
        goto done;
    memcpy(cfg.hand, hand.buf, EV_IDS);
    memcpy(cfg.pool, pool.buf, EV_IDS);
    memcpy(&cfg.win, win.buf, sizeof cfg.win);
    cfg.indicators = (uint8_t)indicators;
    cfg.rules.bits = (uint32_t)(rules & 0xffff);
    cfg.rules.renhou_han = (uint8_t)((rules >> 16) & 0xff);
    cfg.rules.honba_value = 0;
    ev_row *rows = PyMem_Malloc(sizeof *rows * 16);
    if (!rows) {
        PyErr_NoMemory();
        goto done;
    }
    int n, nodes = 0;
    Py_BEGIN_ALLOW_THREADS
    n = ev_solve(&cfg, rows, &nodes);
    Py_END_ALLOW_THREADS
    if (n == -1)
        PyErr_NoMemory();
    else if (n == -2)
        PyErr_Format(PyExc_ValueError, "the search passed %d hands", cfg.max_nodes);
    if (n < 0) {
        PyMem_Free(rows);
        goto done;
    }
    PyObject *list = PyList_New(n);
    for (int r = 0; list && r < n; r++) {
        const int turns = cfg.draws + 1;
        PyObject *item = Py_BuildValue("(iiiNNN)", rows[r].tile, rows[r].shanten, rows[r].riichi,
                                       values_bytes(&rows[r], EV_TP, turns), values_bytes(&rows[r], EV_WP, turns),
                                       values_bytes(&rows[r], EV_ES, turns));
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, r, item);
    }
    PyMem_Free(rows);
    if (list)
        result = Py_BuildValue("(Ni)", list, nodes);
done:
    PyBuffer_Release(&hand);
    PyBuffer_Release(&pool);
    PyBuffer_Release(&win);
    return result;
}

PyMethodDef expected_methods[] = {
    {"expected", py_expected, METH_VARARGS,
     "expected(hand37: bytes, live37: bytes, win: bytes, rules: int, config: tuple) -> (rows, nodes)\n"
     "The kernel of shanten.expected: per discard (tile id, shanten after, riichi, tenpai, win and\n"
     "score per turn as float64 bytes), and the number of hands searched."},
    {NULL, NULL, 0, NULL}};
