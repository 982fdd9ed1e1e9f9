/* The one place where the core runs work on several threads: rows [0, rows)
 * are split into blocks that threads take from a shared counter, so a thread
 * the OS slows down leaves more blocks to the others. Each batch entry point
 * (shanten, uke-ire, discards, and later units') supplies a block function. */
#ifndef SHANTEN_POOL_H
#define SHANTEN_POOL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define POOL_BLOCK 4096
#define POOL_MAX_THREADS 64

/* A bad row: where, and what (a code for raise_invalid with its value and kind). */
typedef struct {
    Py_ssize_t row; /* -1: none */
    int code, value, kind;
} pool_fault;

/* Work on rows [begin, end). On a bad row, fill *fault and return: the rows
 * after it are not needed, since the caller reports the first bad row only. */
typedef void (*pool_block_fn)(void *ctx, Py_ssize_t begin, Py_ssize_t end, pool_fault *fault);

/* Run fn over rows [0, rows) on up to `threads` threads (the caller's among
 * them), with the GIL released. Returns the fault of the smallest bad row. */
pool_fault pool_run(Py_ssize_t rows, int threads, pool_block_fn fn, void *ctx);

#endif
