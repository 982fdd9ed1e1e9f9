/* The expected-value engine's working memory, kept from one search to the next (ev_memory.h). */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* posix_memalign and madvise under -std=c99 (this unit includes no Python.h) */
#endif
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "ev_memory.h"

#define KEPT_BLOCKS 64            /* a large search frees about 30 large blocks */
#define KEPT_BYTES (256u << 20)   /* what one search's memory keeps at most once it ends */
#define SPARE_MEMORIES 4          /* memories kept for searches to come: one per thread that ran at once */
#define HUGE ((size_t)2 << 20)   /* a huge page */
#define LARGE (1u << 20)          /* smaller blocks come and go through malloc, which keeps them well */
#define MIDDLE ((size_t)16 << 10) /* blocks from here to LARGE are carved from the memory's arena (from 64 KiB: tenpai 0.985x) */
#define ARENA_MAX ((size_t)64 << 20)

typedef struct {
    size_t bytes; /* the block's size, before it: a block is freed without its caller telling the size */
    size_t pad;   /* keeps the block 16-byte aligned, as malloc's */
} header;

/* The arena: whole huge pages from which a search's middle-sized blocks are carved one after
 * another, and all given back at once when the search ends (freeing one is a no-op). Through
 * malloc they lay in small pages, and a search's index slots, complete hands and values, read at
 * random, missed the TLB (2-shanten 1.01x). A search that outgrows it takes malloc's blocks for
 * the rest, and the next search finds it large enough. */
struct ev_memory {
    void *blocks[KEPT_BLOCKS]; /* freed blocks, for the next allocations (their headers') */
    int n;
    ev_memory *next;
    char *arena;
    size_t arena_size, arena_used, arena_wanted; /* wanted: what this search asked of it */
};

static int in_arena(const ev_memory *m, const void *p)
{
    return m->arena && (const char *)p > m->arena && (const char *)p < m->arena + m->arena_size;
}

static void *arena_alloc(ev_memory *m, size_t bytes)
{
    const size_t need = sizeof(header) + (bytes + 15) / 16 * 16;
    m->arena_wanted += need;
    if (m->arena_used + need > m->arena_size)
        return NULL;
    header *h = (header *)(m->arena + m->arena_used);
    m->arena_used += need;
    h->bytes = need - sizeof *h;
    return h + 1;
}

/* The search ends: its blocks in the arena are free, and the arena is made as large as it asked. */
static void arena_reset(ev_memory *m)
{
    const size_t want = (m->arena_wanted + HUGE - 1) / HUGE * HUGE;
    m->arena_used = m->arena_wanted = 0;
    if (want <= m->arena_size || want > ARENA_MAX)
        return;
    free(m->arena);
    m->arena = NULL, m->arena_size = 0;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *raw;
    if (posix_memalign(&raw, HUGE, want))
        return;
    madvise(raw, want, MADV_HUGEPAGE); /* a hint: failure is harmless */
    m->arena = raw, m->arena_size = want;
#endif
}

static ev_memory *spare;
static int n_spare;

static size_t size_of(const void *block) { return ((const header *)block - 1)->bytes; }

size_t ev_size(const void *p) { return size_of(p); }

void *ev_alloc(ev_memory *m, size_t bytes)
{
    if (bytes >= MIDDLE && bytes < LARGE) {
        void *p = arena_alloc(m, bytes);
        if (p)
            return p;
    }
    int fit = -1; /* the smallest kept block that is large enough */
    for (int i = 0; i < m->n && bytes >= LARGE; i++)
        if (size_of(m->blocks[i]) >= bytes && (fit < 0 || size_of(m->blocks[i]) < size_of(m->blocks[fit])))
            fit = i;
    if (fit >= 0) {
        void *p = m->blocks[fit];
        m->blocks[fit] = m->blocks[--m->n];
        return p;
    }
    /* none fits: this search outgrows the last, whose smaller blocks would only add to its peak */
    for (int i = 0; i < m->n && bytes >= LARGE;)
        if (size_of(m->blocks[i]) < bytes) {
            free((header *)m->blocks[i] - 1);
            m->blocks[i] = m->blocks[--m->n];
        } else {
            i++;
        }
    header *h;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= LARGE) {
        /* in whole huge pages: a search's lookups and gathers range over megabytes at random */
        const size_t size = (sizeof *h + bytes + HUGE - 1) / HUGE * HUGE;
        void *raw;
        if (posix_memalign(&raw, HUGE, size))
            return NULL;
        madvise(raw, size, MADV_HUGEPAGE); /* a hint: failure is harmless */
        h = raw;
        h->bytes = size - sizeof *h;
        return h + 1;
    }
#endif
    h = malloc(sizeof *h + bytes);
    if (!h)
        return NULL;
    h->bytes = bytes;
    return h + 1;
}

void *ev_calloc(ev_memory *m, size_t bytes)
{
    if (bytes < MIDDLE) { /* calloc's: fresh pages need no clearing */
        header *h = calloc(1, sizeof *h + bytes);
        if (!h)
            return NULL;
        h->bytes = bytes;
        return h + 1;
    }
    void *p = ev_alloc(m, bytes);
    if (p)
        memset(p, 0, bytes);
    return p;
}

void *ev_realloc(ev_memory *m, void *p, size_t used, size_t bytes)
{
    if (p && size_of(p) >= bytes)
        return p;
    if (p && bytes < MIDDLE && !in_arena(m, p)) { /* malloc's, which may grow it in place */
        header *h = realloc((header *)p - 1, sizeof *h + bytes);
        if (!h)
            return NULL;
        h->bytes = bytes;
        return h + 1;
    }
    void *q = ev_alloc(m, bytes);
    if (q && p) {
        memcpy(q, p, used);
        ev_free(m, p);
    }
    return q;
}

void ev_free(ev_memory *m, void *p)
{
    if (!p || in_arena(m, p))
        return;
    if (size_of(p) < LARGE) {
        free((header *)p - 1);
        return;
    }
    if (m->n == KEPT_BLOCKS) { /* make room: drop the smallest block */
        int small = 0;
        for (int i = 1; i < m->n; i++)
            if (size_of(m->blocks[i]) < size_of(m->blocks[small]))
                small = i;
        if (size_of(p) <= size_of(m->blocks[small])) {
            free((header *)p - 1);
            return;
        }
        free((header *)m->blocks[small] - 1);
        m->blocks[small] = m->blocks[--m->n];
    }
    m->blocks[m->n++] = p;
}

ev_memory *ev_memory_take(void)
{
    if (spare) {
        ev_memory *m = spare;
        spare = m->next;
        n_spare--;
        return m;
    }
    return calloc(1, sizeof(ev_memory));
}

void ev_memory_give(ev_memory *m)
{
    if (!m)
        return;
    arena_reset(m);
    size_t kept = 0; /* keep the smallest blocks within the bound: they serve the common searches */
    for (int i = 0; i < m->n; i++)
        for (int j = i + 1; j < m->n; j++)
            if (size_of(m->blocks[j]) < size_of(m->blocks[i])) {
                void *t = m->blocks[i];
                m->blocks[i] = m->blocks[j], m->blocks[j] = t;
            }
    int n = 0;
    for (int i = 0; i < m->n; i++) {
        if (kept + size_of(m->blocks[i]) <= KEPT_BYTES && n_spare < SPARE_MEMORIES) {
            kept += size_of(m->blocks[i]);
            m->blocks[n++] = m->blocks[i];
        } else {
            free((header *)m->blocks[i] - 1);
        }
    }
    m->n = n;
    if (n_spare == SPARE_MEMORIES) {
        free(m->arena);
        free(m);
        return;
    }
    m->next = spare;
    spare = m;
    n_spare++;
}
