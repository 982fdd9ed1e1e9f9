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
    int want_graph = 0;
    ev_config cfg;
    memset(&cfg, 0, sizeof cfg);
    int indicators;
    if (!PyArg_ParseTuple(args, "y*y*y*l(iiiiiiiiiiiiiiii)|p", &hand, &pool, &win, &rules, &cfg.draws, &cfg.forms,
                          &cfg.players, &cfg.tegawari, &cfg.shanten_back, &cfg.extra, &cfg.red_fives, &cfg.uradora,
                          &cfg.ippatsu, &cfg.last_tile, &cfg.objective, &cfg.riichi, &cfg.max_nodes, &indicators, &cfg.divisor_extra, &cfg.exact,
                          &want_graph))
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
    if (indicators < 0 || indicators > EV_INDICATORS) {
        PyErr_Format(PyExc_ValueError, "dora indicators must be 0 to %d, got %d", EV_INDICATORS, indicators);
        goto done;
    }
    if (cfg.exact && want_graph) {
        PyErr_SetString(PyExc_ValueError, "the graph is kept in mahjong-cpp's pool convention only");
        goto done;
    }
    if (load_masks() < 0 || load_keeps() < 0)
        goto done;
    memcpy(cfg.hand, hand.buf, EV_IDS);
    memcpy(cfg.pool, pool.buf, EV_IDS);
    memcpy(&cfg.win, win.buf, sizeof cfg.win);
    /* The search scores its hands without sc_check (they are valid when the win row is): the row's
     * melds index the scorer's arrays, so they are checked here. */
    int melds_ok = cfg.win.n_melds <= 4;
    for (int m = 0; melds_ok && m < cfg.win.n_melds; m++)
        melds_ok = sc_meld_ok(&cfg.win.melds[m], cfg.win.players);
    if (!melds_ok) {
        PyErr_SetString(PyExc_ValueError, "expected() takes one _fast.INPUT row with up to 4 melds that exist");
        goto done;
    }
    cfg.indicators = (uint8_t)indicators;
    cfg.rules.bits = (uint32_t)(rules & 0xffff);
    cfg.rules.renhou_han = (uint8_t)((rules >> 16) & 0xff);
    cfg.rules.honba_value = 0;
    ev_row *rows = PyMem_Malloc(sizeof *rows * 16);
    if (!rows) {
        PyErr_NoMemory();
        goto done;
    }
    int n = -1, nodes = 0;
    ev_export graph;
    memset(&graph, 0, sizeof graph);
    ev_memory *mem = ev_memory_take();
    if (mem) {
        Py_BEGIN_ALLOW_THREADS
        cfg.explain = want_graph;
        n = ev_solve(&cfg, mem, rows, &nodes, want_graph ? &graph : NULL);
        Py_END_ALLOW_THREADS
        ev_memory_give(mem);
    }
    if (n == -1)
        PyErr_NoMemory();
    else if (n == -2)
        PyErr_Format(PyExc_ValueError, cfg.exact ? "the search passed %d hands or states" : "the search passed %d hands",
                     cfg.max_nodes);
    else if (n == -3)
        PyErr_Format(PyExc_ValueError, "the search passed %d hands of one kind", EV_KIND_MAX);
    if (n < 0) {
        PyMem_Free(rows);
        goto done;
    }
    PyObject *list = PyList_New(n);
    for (int r = 0; list && r < n; r++) {
        const int turns = cfg.draws + 1;
        PyObject *item = Py_BuildValue("(iiiNNNy#)", rows[r].tile, rows[r].shanten, rows[r].riichi,
                                       values_bytes(&rows[r], EV_TP, turns), values_bytes(&rows[r], EV_WP, turns),
                                       values_bytes(&rows[r], EV_ES, turns), (const char *)rows[r].classes,
                                       (Py_ssize_t)sizeof rows[r].classes);
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, r, item);
    }
    PyMem_Free(rows);
    PyObject *exported = Py_None;
    Py_INCREF(exported);
    if (list && want_graph) {
        const int turns = cfg.draws + 1, no = graph.option_start[graph.nx], ne = graph.edge_start[graph.nd];
        Py_DECREF(exported);
        exported = Py_BuildValue(
            "(iiy#y#y#y#y#y#y#y#y#y#y#y#y#y#y#)", graph.nd, graph.nx, (const char *)graph.draw_hands,
            (Py_ssize_t)graph.nd * EV_IDS, (const char *)graph.draw_states, (Py_ssize_t)graph.nd,
            (const char *)graph.discard_hands, (Py_ssize_t)graph.nx * EV_IDS, (const char *)graph.draw_values,
            (Py_ssize_t)(sizeof(double) * EV_VALUES * turns * graph.nd), (const char *)graph.discard_values,
            (Py_ssize_t)(sizeof(double) * EV_VALUES * turns * graph.nx), (const char *)graph.option_start,
            (Py_ssize_t)(sizeof(int32_t) * (graph.nx + 1)), (const char *)graph.options,
            (Py_ssize_t)(sizeof(int32_t) * no), (const char *)graph.option_tiles, (Py_ssize_t)no,
            (const char *)graph.edge_start, (Py_ssize_t)(sizeof(int32_t) * (graph.nd + 1)),
            (const char *)graph.edge_to, (Py_ssize_t)(sizeof(int32_t) * ne), (const char *)graph.edge_tiles,
            (Py_ssize_t)ne, (const char *)graph.edge_weights, (Py_ssize_t)ne, (const char *)graph.edge_wins,
            (Py_ssize_t)(sizeof(double) * ne), (const char *)graph.edge_lasts, (Py_ssize_t)(sizeof(double) * ne),
            (const char *)graph.draw_stays, (Py_ssize_t)(sizeof(int32_t) * graph.nd));
        if (!exported)
            Py_CLEAR(list);
    }
    ev_export_free(&graph);
    if (list)
        result = Py_BuildValue("(NiN)", list, nodes, exported);
    else
        Py_XDECREF(exported);
done:
    PyBuffer_Release(&hand);
    PyBuffer_Release(&pool);
    PyBuffer_Release(&win);
    return result;
}

PyMethodDef expected_methods[] = {
    {"expected", py_expected, METH_VARARGS,
     "expected(hand37: bytes, live37: bytes, win: bytes, rules: int, config: tuple, graph=False)\n"
     "    -> (rows, nodes, graph)\n"
     "The kernel of shanten.ev.expected: per discard (tile id, shanten after, riichi, tenpai, win and\n"
     "score per turn as float64 bytes, and with graph=True the chance of each class of win), the\n"
     "number of hands searched, and with graph=True the graph\n"
     "(nd, nx, draw hands, draw states, discard hands, draw values, discard values, option starts,\n"
     "options, option tiles, edge starts, edge targets, edge tiles, edge weights, edge wins, edge wins\n"
     "on the last draw, draw stays), else None."},
    {NULL, NULL, 0, NULL}};
