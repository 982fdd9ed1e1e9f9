/* The expected-value engine's working memory, kept from one search to the next.
 *
 * A large search touches a hundred megabytes of fresh pages, and the kernel's faults and zeroing
 * of them took a tenth to a fifth of its time: glibc hands such blocks back to the kernel when they
 * are freed. So a search frees its blocks of a megabyte or more into its memory, and the next
 * search served by that memory takes them back (the smallest that fits); a request that none fits
 * frees the smaller ones, so that a search larger than the last does not add them to its peak.
 * Such blocks are whole 2 MiB pages, marked for huge pages: a search reads them at random, and a
 * few TLB entries then cover them. Blocks from 16 KiB are carved one after another from an arena
 * of huge pages that the memory keeps, all given back when the search ends; smaller blocks go
 * through malloc, which keeps them itself.
 * Memories are taken and given back with the GIL held (they share one list); a search runs without
 * it, on a memory of its own. A memory given back keeps at most 256 MiB of blocks and an arena of at
 * most 64 MiB, and at most 4 are kept. */
#ifndef SHANTEN_EV_MEMORY_H
#define SHANTEN_EV_MEMORY_H

#include <stddef.h>

typedef struct ev_memory ev_memory;

ev_memory *ev_memory_take(void);  /* NULL: out of memory */
void ev_memory_give(ev_memory *m);

void *ev_alloc(ev_memory *m, size_t bytes);
void *ev_calloc(ev_memory *m, size_t bytes);
/* p (NULL, or a block whose first `used` bytes count) as a block of at least `bytes` */
void *ev_realloc(ev_memory *m, void *p, size_t used, size_t bytes);
size_t ev_size(const void *p); /* a block's size: at least what was asked for */
void ev_free(ev_memory *m, void *p);

#endif
