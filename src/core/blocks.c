/* Memory blocks kept from one call to the next (see blocks.h). Each block
 * starts with a header holding its usable size; a kept block serves a request
 * of at least a quarter of its size, the smallest that fits. */
#include "blocks.h"

#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) && !defined(_WIN32)
#include <pthread.h>
#define BLOCKS_KEEP 1
#endif

#define BLOCKS_KEPT ((size_t)32 << 20) /* a 2-shanten search's blocks; a 3-shanten one's largest go back */
#define BLOCKS_SLOTS 32
#define HEADER 16 /* keeps the caller's pointer 16-byte aligned */

static inline size_t *header(void *p) { return (size_t *)((char *)p - HEADER); }

#ifdef BLOCKS_KEEP
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *kept[BLOCKS_SLOTS]; /* user pointers; NULL: an empty slot */
static size_t kept_bytes;

/* A kept block for a request of `size`, or NULL. */
static void *take(size_t size)
{
    void *best = NULL;
    int at = -1;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < BLOCKS_SLOTS; i++) {
        if (!kept[i])
            continue;
        const size_t have = *header(kept[i]);
        if (have >= size && have / 4 <= size && (!best || have < *header(best)))
            best = kept[i], at = i;
    }
    if (best) {
        kept[at] = NULL;
        kept_bytes -= *header(best);
    }
    pthread_mutex_unlock(&lock);
    return best;
}

/* Keep `p` if there is room; 1 if kept. */
static int keep(void *p)
{
    const size_t size = *header(p);
    int done = 0;
    pthread_mutex_lock(&lock);
    if (kept_bytes + size <= BLOCKS_KEPT)
        for (int i = 0; i < BLOCKS_SLOTS && !done; i++)
            if (!kept[i]) {
                kept[i] = p;
                kept_bytes += size;
                done = 1;
            }
    pthread_mutex_unlock(&lock);
    return done;
}
#else
static void *take(size_t size) { (void)size; return NULL; }
static int keep(void *p) { (void)p; return 0; }
#endif

void *blocks_alloc(size_t size)
{
    void *p = take(size);
    if (p)
        return p;
    char *raw = malloc(HEADER + size);
    if (!raw)
        return NULL;
    *(size_t *)raw = size;
    return raw + HEADER;
}

void *blocks_zalloc(size_t size)
{
    void *p = take(size);
    if (p)
        return memset(p, 0, size);
    char *raw = calloc(1, HEADER + size);
    if (!raw)
        return NULL;
    *(size_t *)raw = size;
    return raw + HEADER;
}

void *blocks_resize(void *p, size_t size)
{
    if (!p)
        return blocks_alloc(size);
    const size_t have = *header(p);
    if (have >= size)
        return p;
    void *q = blocks_alloc(size);
    if (!q)
        return NULL;
    memcpy(q, p, have);
    blocks_free(p);
    return q;
}

void blocks_free(void *p)
{
    if (p && !keep(p))
        free((char *)p - HEADER);
}
