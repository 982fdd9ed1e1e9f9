/* The module shanten._core: each unit's entry points gathered in one module,
 * and the set-up shanten/__init__.py runs at import. */
#include "core.h"

/* 1: built from a profile of tools/pgo_train.py (setup.py defines it), as the benches report */
#ifndef SHANTEN_PROFILE_GUIDED
#define SHANTEN_PROFILE_GUIDED 0
#endif

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
    PyObject *table, *error, *hook, *melds, *hand;
    const char *path;
    if (!PyArg_ParseTuple(args, "SOOOsO", &table, &error, &hook, &melds, &path, &hand))
        return NULL;
    if (tables_set(table, path) < 0 || args_set_hooks(error, hook, melds, hand) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_load_tables(PyObject *self, PyObject *unused)
{
    if (load_masks() < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"suit_values", py_suit_values, METH_O, "suit_values(counts9: bytes) -> bytes: the table row of a suit shape."},
    {"load_tables", py_load_tables, METH_NOARGS,
     "load_tables() -> None: read the tables read on first use now (forked workers then share them)."},
    {"_init", py_init, METH_VARARGS, "_init(suit_table, error_type, resolve_hook, meld_hook, data_path, hand_type)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "shanten._core", "Compiled core of shanten.", -1,
                                    module_methods, NULL, NULL, NULL, NULL};

/* The AVX2 paths run in this process (eval.h's have_avx2: the row merges and the expected-value turn
 * loop of the "separate" objective): the tests compare them with the others. */
static int avx2_paths(void)
{
#if defined(SH_AVX2)
    return have_avx2();
#else
    return 0;
#endif
}

PyMODINIT_FUNC PyInit__core(void)
{
    if (args_module_init() < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    PyMethodDef *units[] = {scalar_methods, efficiency_methods, batch_methods, scoring_methods, review_methods,
                            expected_methods, mjlog_methods};
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++)
        if (PyModule_AddFunctions(m, units[u]) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    if (efficiency_add_types(m) < 0 || scoring_add_types(m) < 0 ||
        PyModule_AddIntConstant(m, "PROFILE_GUIDED", SHANTEN_PROFILE_GUIDED) < 0 ||
        PyModule_AddIntConstant(m, "AVX2", avx2_paths()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
