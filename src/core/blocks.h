/* Memory blocks kept from one call to the next (the EV engine's). A block of
 * the C library's that is large enough is mapped fresh by the kernel on each
 * call, and every page of it costs a fault and the kernel's zeroing on first
 * touch: a quarter of a 1-shanten hand's time. Blocks freed here are kept (up
 * to BLOCKS_KEPT bytes in all) for the next call's requests of about their
 * size. Thread-safe; where threads are not POSIX ones, nothing is kept. */
#ifndef SHANTEN_BLOCKS_H
#define SHANTEN_BLOCKS_H

#include <stddef.h>

void *blocks_alloc(size_t size);            /* as malloc */
void *blocks_zalloc(size_t size);           /* as calloc(1, size) */
void *blocks_resize(void *p, size_t size);  /* as realloc */
void blocks_free(void *p);                  /* as free */

#endif
