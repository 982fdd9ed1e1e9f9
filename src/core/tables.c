/* The tables in memory: the suit rows (suits.bin, read at import) and each
 * row entry's necessary and excess masks (masks.bin, read on first use). */
#include "core.h"

#if defined(__linux__)
#include <stdlib.h>
#include <sys/mman.h>
#endif

const uint8_t *suit_table;
const uint8_t *necessary_table;
static char *data_path;

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

/* Read one table of `size` bytes from the data folder into memory of its own. */
static int load_table(const char *name, size_t size, uint8_t **buf)
{
    if (!*buf && !(*buf = table_alloc(size))) { /* kept across a failed read: a retry reads into it again */
        PyErr_NoMemory();
        return -1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", data_path, name);
    FILE *f = fopen(path, "rb");
    const size_t got = f ? fread(*buf, 1, size, f) : 0;
    if (f)
        fclose(f);
    if (got != size) {
        PyErr_Format(PyExc_RuntimeError, "cannot read %s: regenerate it with tools/gen_tables.c", path);
        return -1;
    }
    return 0;
}

int load_necessary(void)
{
    static uint8_t *masks;
    if (necessary_table)
        return 0;
    if (load_table("masks.bin", (size_t)SUIT_SHAPES * SHAPE_MASKS, &masks) < 0)
        return -1;
    necessary_table = masks;
    return 0;
}

int tables_set(PyObject *table, const char *path)
{
    PyMem_RawFree(data_path);
    if (!(data_path = PyMem_RawMalloc(strlen(path) + 1))) {
        PyErr_NoMemory();
        return -1;
    }
    strcpy(data_path, path);
    if (PyBytes_GET_SIZE(table) != (Py_ssize_t)SUIT_SHAPES * SH_ROW) {
        PyErr_SetString(PyExc_RuntimeError, "suits.bin has the wrong size: regenerate it with tools/gen_tables.c");
        return -1;
    }
    /* own copy with padding: rows are read 16 bytes at a time */
    if (!suit_table) {
        uint8_t *copy = table_alloc((size_t)SUIT_SHAPES * SH_ROW + 16);
        if (!copy) {
            PyErr_NoMemory();
            return -1;
        }
        memcpy(copy, PyBytes_AS_STRING(table), (size_t)SUIT_SHAPES * SH_ROW);
        memset(copy + (size_t)SUIT_SHAPES * SH_ROW, SH_INF, 16);
        suit_table = copy;
    }
    return 0;
}
