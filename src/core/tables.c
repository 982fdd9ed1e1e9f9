/* The tables in memory: the suit rows (suits.bin, read at import) and each
 * row entry's necessary and excess masks (masks.bin, read on first use). */
#include "core.h"

#if defined(__linux__)
#include <stdlib.h>
#include <sys/mman.h>
#endif

const uint8_t *suit_table;
const uint8_t *mask_table;
uint8_t *keep_table, *keep_known;
static char *masks_path; /* the data folder's masks.bin */

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

/* masks.bin packed as tools/gen_tables.c writes it (the necessary masks, which
 * entries have excess masks, the nonzero excess masks: 11 MB) laid out one
 * shape a cache line (SHAPE_MASKS bytes: necessary masks, then excess masks). */
static int unpack_masks(const uint8_t *file, size_t size, uint8_t *out)
{
    const size_t need_bytes = (size_t)SUIT_SHAPES * SH_ROW * 2, index_bytes = (size_t)SUIT_SHAPES * 2;
    if (size < need_bytes + index_bytes)
        return -1;
    const uint8_t *need = file, *index = file + need_bytes, *excess = index + index_bytes, *end = file + size;
    for (size_t r = 0; r < SUIT_SHAPES; r++, need += 2 * SH_ROW, out += SHAPE_MASKS) {
        const unsigned with = index[2 * r] | index[2 * r + 1] << 8;
        memcpy(out, need, 2 * SH_ROW);
        memset(out + 2 * SH_ROW, 0, SHAPE_MASKS - 2 * SH_ROW);
        for (int e = 0; e < SH_ROW; e++)
            if (with >> e & 1) {
                if (end - excess < 4)
                    return -1;
                memcpy(out + 2 * SH_ROW + 4 * e, excess, 4); /* stays little-endian, as read */
                excess += 4;
            }
    }
    return excess == end ? 0 : -1;
}

int load_masks(void)
{
    static uint8_t *masks; /* kept across a failed read: a retry unpacks into it again */
    if (mask_table)
        return 0;
    if (!masks && !(masks = table_alloc((size_t)SUIT_SHAPES * SHAPE_MASKS))) {
        PyErr_NoMemory();
        return -1;
    }
    FILE *f = fopen(masks_path, "rb");
    long size = -1;
    if (f && fseek(f, 0, SEEK_END) == 0)
        size = ftell(f);
    uint8_t *file = size > 0 ? PyMem_RawMalloc((size_t)size) : NULL;
    const int ok = file && fseek(f, 0, SEEK_SET) == 0 && fread(file, 1, (size_t)size, f) == (size_t)size &&
                   unpack_masks(file, (size_t)size, masks) == 0;
    PyMem_RawFree(file);
    if (f)
        fclose(f);
    if (!ok) {
        PyErr_Format(PyExc_RuntimeError, "cannot read %s: regenerate it with tools/gen_tables.c", masks_path);
        return -1;
    }
    mask_table = masks;
    return 0;
}

/* The keep masks (necessary.h): zeroed pages, filled shape by shape as searches meet them. */
int load_keeps(void)
{
    if (keep_table)
        return 0;
    uint8_t *known = calloc(SUIT_SHAPES, 1), *keeps = calloc(SUIT_SHAPES, KEEP_BYTES);
    if (!known || !keeps) {
        free(known), free(keeps);
        PyErr_NoMemory();
        return -1;
    }
    keep_known = known;
    keep_table = keeps;
    return 0;
}

int tables_set(PyObject *table, const char *path)
{
    static const char NAME[] = "/masks.bin";
    PyMem_RawFree(masks_path);
    if (!(masks_path = PyMem_RawMalloc(strlen(path) + sizeof NAME))) {
        PyErr_NoMemory();
        return -1;
    }
    strcpy(masks_path, path);
    strcat(masks_path, NAME);
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
