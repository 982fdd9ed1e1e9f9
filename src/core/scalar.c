/* Entry points for one hand's shanten: shanten, replacement_number and the
 * per-form numbers behind shanten.shanten_forms. */
#include "core.h"

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

#define SIG_TAIL "(hand, /, *, melds=None, rule='tenhou', dead=None, players=4, seven_pairs_quads=False)\n--\n\n"

PyMethodDef scalar_methods[] = {
    {"shanten", (PyCFunction)(void (*)(void))py_shanten, METH_FASTCALL | METH_KEYWORDS,
     "shanten" SIG_TAIL
     "Shanten number of a hand: -1 complete, 0 tenpai, 1 one tile from tenpai, ...\n\n"
     "The minimum over the regular form, seven pairs and thirteen orphans (the latter two for 13 or\n"
     "14 concealed tiles). Any hand of 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 concealed tiles.\n\n"
     ARGUMENTS_DOC
     "\nReturns an int. Raises InvalidHandError (one line) for bad input.\n\n"
     ">>> from shanten import shanten\n"
     ">>> shanten('245568m245568p77s')\n"
     "2\n"
     ">>> shanten('123456789m1111p')          # no wait on a 5th 1p\n"
     "1\n"
     ">>> shanten([1] * 13 + [0] * 21)        # 34 counts: 123456789m1234p\n"
     "0\n"
     ">>> shanten('123m456p789s1122z', dead='1z1z2z2z')\n"
     "2\n"},
    {"replacement_number", (PyCFunction)(void (*)(void))py_replacement_number, METH_FASTCALL | METH_KEYWORDS,
     "replacement_number" SIG_TAIL
     "Shanten + 1: the fewest tiles to exchange to win (the Nyanten/xiangting convention).\n\n"
     "Takes the arguments of shanten(); returns an int, 0 for a complete hand.\n\n"
     ">>> from shanten import replacement_number\n"
     ">>> replacement_number('123456789m1111p')\n"
     "2\n"},
    {"form_numbers", (PyCFunction)(void (*)(void))py_form_numbers, METH_FASTCALL | METH_KEYWORDS,
     "form_numbers" SIG_TAIL
     "Replacement numbers (regular, seven pairs, thirteen orphans); None: not applicable.\n\n"
     ">>> form_numbers('19m19p19s1234567z')\n"
     "(9, 7, 1)\n"},
    {NULL, NULL, 0, NULL}};
