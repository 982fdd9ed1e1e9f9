/* The expected-value engine's search graph and its turn-by-turn values (ev.h). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SH_ROW_CACHE /* eval.h's suit rows through a cache of the shapes met last */
#include "ev.h"
#include "ev_graph.h"
#include "ev_memory.h"
#include "ev_win.h"
#include "queries.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ---- hands as keys ---------------------------------------------------------------------- */

/* Every id, as A(i) for the kinds in the first word, B(i) for those in the second and R(r) for the
 * red fives (bits 3 * id of the two words, the red fives single bits at 39 + r of the second): the
 * tables below derived from one list */
#define EACH_ID(A, B, R)                                                                                             \
    A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8), A(9), A(10), A(11), A(12), A(13), A(14), A(15), A(16),    \
        A(17), A(18), A(19), A(20), B(21), B(22), B(23), B(24), B(25), B(26), B(27), B(28), B(29), B(30), B(31),    \
        B(32), B(33), R(0), R(1), R(2)

/* One copy of each id in a key */
#define KEY_A(i) {1ull << 3 * (i), 0}
#define KEY_B(i) {0, 1ull << 3 * ((i) - 21)}
#define KEY_R(r) {0, 1ull << (39 + (r))}
static const ev_key KEY_ONE[EV_IDS] = {EACH_ID(KEY_A, KEY_B, KEY_R)};
#undef KEY_A
#undef KEY_B
#undef KEY_R

static inline void key_step(ev_key *k, int id, int add)
{
    if (add)
        k->a += KEY_ONE[id].a, k->b += KEY_ONE[id].b;
    else
        k->a -= KEY_ONE[id].a, k->b -= KEY_ONE[id].b;
}

static inline ev_key key_with_state(ev_key k, int state)
{
    k.b = (k.b & ~(3ull << 42)) | (uint64_t)state << 42;
    return k;
}

/* Eight 3-bit fields (the low 24 bits of x) as the eight bytes of a word, the first field lowest. */
static inline uint64_t spread_word(uint64_t x)
{
    x &= 0xFFFFFF;
    x = (x | x << 20) & 0x00000FFF00000FFFull;
    x = (x | x << 10) & 0x003F003F003F003Full;
    return (x | x << 5) & 0x0707070707070707ull;
}

/* Store word w's bytes at p, its low byte first. */
static inline void store_word(uint8_t *p, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    memcpy(p, &w, 8);
}

/* A key's counts as the suits' words (kinds 0-7, 9-16, 18-25 and the honours 27-33, each stored at
 * 9 * s) and the ninth kinds of the three suits (8, 17, 26), red fives apart. */
static inline void key_words(ev_key k, uint64_t *suit, uint8_t *ninth)
{
    suit[0] = spread_word(k.a), suit[1] = spread_word(k.a >> 27);
    suit[2] = spread_word(k.a >> 54 | k.b << 9), suit[3] = spread_word(k.b >> 18 & 0x1FFFFF);
    ninth[0] = (uint8_t)(k.a >> 24 & 7), ninth[1] = (uint8_t)(k.a >> 51 & 7), ninth[2] = (uint8_t)(k.b >> 15 & 7);
}

/* The hand of a key (its 37 id counts): each search decodes every node's key once. */
static void key_hand(ev_key k, uint8_t *h)
{
    uint64_t suit[4];
    uint8_t ninth[3];
    key_words(k, suit, ninth);
    for (int s = 0; s < 4; s++) {
        store_word(h + 9 * s, suit[s]); /* the honours' word runs on to id 34, written next */
        if (s < 3)
            h[9 * s + 8] = ninth[s];
    }
    for (int id = SH_KINDS; id < EV_IDS; id++)
        h[id] = (uint8_t)(k.b >> (39 + id - SH_KINDS) & 1);
}

#define BYTES_LOW 0x0101010101010101ull
/* The bytes of w (each below 8) that are not zero, and that are 2 or more, as eight bits. */
static inline uint64_t bytes_held(uint64_t w) { return ((w | w >> 1 | w >> 2) & BYTES_LOW) * 0x0102040810204080ull >> 56; }
static inline uint64_t bytes_two(uint64_t w) { return ((w >> 1 | w >> 2) & BYTES_LOW) * 0x0102040810204080ull >> 56; }

/* The hand of a key (its 37 id counts) into h, its kind counts (red fives merged) into c, and c's
 * summary (summarize() of eval.h) made from the words themselves. Each suit is stored as the word
 * the table lookups then load (kinds 0-7, 9-16, 18-25, 27-33 from c + 0, 9, 18, 27) and its ninth
 * kind's byte: a load that spans two stores just made is not forwarded from them and waits until
 * they are written, which stalled every expansion. */
static summary_t key_counts(ev_key k, uint8_t *h, uint8_t *c)
{
    uint64_t suit[4];
    uint8_t ninth[3];
    key_words(k, suit, ninth);
    uint64_t held = 0, two = 0;
    int tiles = 0;
    for (int s = 0; s < 4; s++) {
        const uint64_t red = s < 3 ? (k.b >> (39 + s) & 1) << 32 : 0; /* the fives are the fifth bytes */
        store_word(h + 9 * s, suit[s]);
        store_word(c + 9 * s, suit[s] + red);
        held |= bytes_held(suit[s] + red) << 9 * s, two |= bytes_two(suit[s] + red) << 9 * s;
        tiles += word_sum(suit[s] + red);
        if (s < 3) {
            h[9 * s + 8] = c[9 * s + 8] = ninth[s];
            held |= (uint64_t)(ninth[s] != 0) << (9 * s + 8), two |= (uint64_t)(ninth[s] > 1) << (9 * s + 8);
            tiles += (int)ninth[s];
        }
    }
    for (int id = SH_KINDS; id < EV_IDS; id++)
        h[id] = (uint8_t)(k.b >> (39 + id - SH_KINDS) & 1), c[id] = 0;
    /* the search's hands hold at most 4 of a kind: nothing is over */
    const summary_t sm = {held, two, tiles, 0, popcount64(two), popcount64(held & ~two),
                          popcount64(held & ORPHAN_BITS), (two & ORPHAN_BITS) != 0};
    return sm;
}

/* A key's hash: linear in its words, so that a hand one tile away hashes by one addition (LINE_ONE),
 * and read from its high bits, which every bit of the key reaches. */
#define HASH_A 0x9E3779B97F4A7C15ull
#define HASH_B 0xC2B2AE3D27D4EB4Full
static inline uint64_t key_line(ev_key k) { return k.a * HASH_A + k.b * HASH_B; }

/* key_line of KEY_ONE[i], and what a riichi state of 1 adds */
#define LINE_A(i) ((1ull << 3 * (i)) * HASH_A)
#define LINE_B(i) ((1ull << 3 * ((i) - 21)) * HASH_B)
#define LINE_R(r) ((1ull << (39 + (r))) * HASH_B)
static const uint64_t LINE_ONE[EV_IDS] = {EACH_ID(LINE_A, LINE_B, LINE_R)};
#undef LINE_A
#undef LINE_B
#undef LINE_R
#undef EACH_ID
#define LINE_STATE ((1ull << 42) * HASH_B)

/* ---- the graph ---------------------------------------------------------------------------- */

typedef struct {
    int32_t from, to; /* edge: draw node -> discard node (-1: a riichi win); option: discard -> draw node */
    int32_t win;      /* edges: index of the win's values + 1, 0 for none */
    uint8_t tile, weight;
} ev_link;

/* 8 bits of the key's hash above the entry's index + 1 (0: empty): a slot is 4 bytes, so that the
 * index stays within the caches (3-shanten 7% faster than with 8-byte slots, 2-shanten 2%), and
 * an index holds EV_KIND_MAX entries */
typedef uint32_t ev_slot;

/* An open-addressing index of entries that begin with their key (nodes, ura chances). */
typedef struct {
    ev_slot *slots;
    size_t mask;
    int shift; /* a key's slot is its hash's bits from here up */
} ev_index;

typedef struct {
    ev_node *v;
    int n, cap;
    ev_index index;
} ev_nodes;

/* A complete hand prepared for scoring (in a riichi state or not), kept for all of its waits;
 * in a riichi state, with its chance of each number of ura dora. */
typedef struct {
    ev_key key;
    double ura[13];
    int ura_top; /* the most ura dora of nonzero chance */
    sc_hand hand;
} ev_complete;

typedef struct {
    ev_complete *v;
    int n, cap;
    ev_index index;
} ev_completes;

typedef struct {
    ev_link *v;
    int n, cap;
} ev_links;

/* The links each node's expansion makes, one node's after another's, 4 bytes each (an ev_link is 16):
 * the word the flat graph keeps (ev_flat's edge, or the draw node of an option), renumbered when
 * flattened; their tiles apart, only where they are read (ev_graph's tiles, and the start's options). */
typedef struct {
    uint32_t *v;
    uint8_t *tile;
    int32_t *start; /* per node expanded: its first link */
    int n, cap, cap_tile, nodes, cap_nodes;
} ev_ranges;

/* The links made by their other end, 8 bytes each, put in their first end's range when flattened:
 * that end << 40 | the other << 16 | the tile << 8 | the live copies (nodes are fewer than 2^24,
 * EV_KIND_MAX). */
typedef struct {
    uint64_t *v;
    int n, cap;
} ev_cross;

typedef struct {
    const ev_config *cfg;
    ev_memory *mem; /* every array of the search */
    ev_nodes draw, discard;
    ev_ranges edges, options; /* made by their first end's expansion: edges without a win, options */
    ev_links wins_drawn;      /* the edges with a win, in the order of their first end */
    ev_cross cross_edges, cross_options; /* made by their other end, when the first end does not search them */
    double (*wins)[2];        /* each win's value on any draw and on the last, 16 bytes: the classes of an
                                 ev_win would make it 160, and they are kept apart, with explain only */
    double (*win_classes)[2][EV_CLASSES];
    int n_wins, cap_wins, cap_classes;
    ev_completes completes;
    ev_payments payments;
    int shanten0, closed, failed;
    int tiles; /* every link's tile is kept (the exported graph and the exact pool read them) */
    int depths_stale; /* a node was found nearer than when it was made (reach) */
    size_t slots; /* the hash tables' first size: about what the search will hold */
    double total; /* the pool's size */
} ev_graph;

static int grow(ev_memory *m, void **v, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t cap2 = *cap ? (size_t)*cap : 1024;
    while (cap2 < (size_t)need)
        cap2 *= 4; /* few copies: a search grows by orders of magnitude with the shanten */
    void *p = ev_realloc(m, *v, (size_t)*cap * size, cap2 * size);
    if (!p)
        return -1;
    *v = p;
    cap2 = ev_size(p) / size; /* a block kept from an earlier search may be larger */
    *cap = cap2 < INT_MAX ? (int)cap2 : INT_MAX;
    return 0;
}

/* the slot's high bits: the 8 bits of the hash below those of the slot */
static inline uint32_t key_tag(uint64_t h, int shift) { return (uint32_t)(h >> (shift - 8) & 0xFF) << 24; }

static inline ev_key key_at(const void *entries, size_t stride, int i)
{
    return *(const ev_key *)((const char *)entries + (size_t)i * stride);
}

static int index_grow(ev_memory *m, ev_index *x, const void *entries, size_t stride, int n, size_t initial)
{
    const size_t cap = x->mask ? 2 * (x->mask + 1) : initial; /* a power of 2 */
    int shift = 64;
    while ((1ull << (64 - shift)) < cap)
        shift--;
    ev_slot *s = ev_calloc(m, cap * sizeof *s);
    if (!s)
        return -1;
    for (int i = 0; i < n; i++) {
        const uint64_t h = key_line(key_at(entries, stride, i));
        size_t j = h >> shift;
        while (s[j])
            j = (j + 1) & (cap - 1);
        s[j] = key_tag(h, shift) | (uint32_t)(i + 1);
    }
    ev_free(m, x->slots);
    x->slots = s;
    x->mask = cap - 1;
    x->shift = shift;
    return 0;
}

/* The entry of key k (hash h), or -1 with *slot where it would go and *tag its tag. This and the
 * two below are inlined in every caller, each with its own table: 2-shanten 5% faster than calls. */
static inline __attribute__((always_inline)) int index_find(const ev_index *x, const void *entries, size_t stride,
                                                            ev_key k, uint64_t h, size_t *slot, uint32_t *tag)
{
    *tag = key_tag(h, x->shift);
    size_t j = h >> x->shift;
    for (; x->slots[j]; j = (j + 1) & x->mask) {
        if ((x->slots[j] & ~(uint32_t)EV_KIND_MAX) != *tag)
            continue;
        const int i = (int)(x->slots[j] & EV_KIND_MAX) - 1;
        const ev_key e = key_at(entries, stride, i);
        if (e.a == k.a && e.b == k.b)
            return i;
    }
    *slot = j;
    return -1;
}

/* Fetch the slot where the lookup of a key of hash h begins: an expansion asks for it one link
 * ahead, since in a large search the slots miss the caches (3-shanten 4% faster, 2-shanten 2%). */
static inline void prefetch_slot(const ev_index *x, uint64_t h)
{
#if defined(__GNUC__)
    if (x->mask)
        __builtin_prefetch(&x->slots[h >> x->shift]);
#else
    (void)x, (void)h;
#endif
}

/* The entry of key k (hash h: key_line) in the n entries of `stride` bytes at *entries, indexed by
 * x (first made with `initial` slots): appended when new, with its key set and *made 1. -1: out of
 * memory, -3: x holds EV_KIND_MAX entries. */
static inline __attribute__((always_inline)) int entry_of(ev_memory *m, ev_index *x, void **entries, int *n, int *cap,
                                                          size_t stride, ev_key k, uint64_t h, size_t initial, int *made)
{
    size_t slot = 0; /* set by every miss, the only case that reads it (gcc cannot tell) */
    uint32_t tag;
    *made = 0;
    if (!x->mask && index_grow(m, x, *entries, stride, 0, initial) < 0)
        return -1;
    int i = index_find(x, *entries, stride, k, h, &slot, &tag);
    if (i >= 0)
        return i;
    if (*n >= EV_KIND_MAX)
        return -3;
    if (grow(m, entries, cap, *n + 1, stride) < 0)
        return -1;
    i = (*n)++;
    *(ev_key *)((char *)*entries + (size_t)i * stride) = k;
    x->slots[slot] = tag | (uint32_t)(i + 1);
    *made = 1;
    /* at most three slots in four taken: the probes stay within a line or two, and the table within
     * the caches (a 3-shanten search 6% faster than at one in two) */
    if ((size_t)*n * 4 > x->mask * 3 && index_grow(m, x, *entries, stride, *n, 0) < 0)
        return -1;
    return i;
}

/* Node i (a discard node or not) is reached by a link from a node `depth` draws from the start.
 * Nodes are expanded in the order made, discard nodes first, so in the order of their depths, and
 * a node made has its depth: depths() is needed only when a node is found nearer than that (every
 * link passes here, so without that the depths are tight along the links that made the nodes and
 * no link shortens them: they are the fewest draws). */
static inline void reach(ev_graph *g, int discard, int i, int depth)
{
    ev_node *n = discard ? &g->discard.v[i] : &g->draw.v[i];
    if (n->depth > depth)
        n->depth = depth, g->depths_stale = 1;
}

/* The node of the hand of key k (dist tiles beyond the start; line: the key_line of k in state
 * EV_FREE) in riichi state `state`, reached `depth` draws from the start (reach()), made when new;
 * -1 on failure. */
static inline __attribute__((always_inline)) int node(ev_graph *g, int discard, ev_key k, uint64_t line, int state,
                                                      int dist, int depth)
{
    ev_nodes *t = discard ? &g->discard : &g->draw;
    int made;
    const int i = entry_of(g->mem, &t->index, (void **)&t->v, &t->n, &t->cap, sizeof *t->v, key_with_state(k, state),
                           line + (uint64_t)state * LINE_STATE, g->slots, &made);
    if (i < 0)
        return g->failed = i;
    if (!made) {
        reach(g, discard, i, depth);
        return i;
    }
    const int max = g->cfg->max_nodes;
    if (max && g->draw.n + g->discard.n > max)
        return g->failed = -2;
    ev_node *n = &t->v[i];
    n->state = (uint8_t)state;
    n->shanten = -2; /* not known yet */
    n->dist = (int8_t)dist;
    n->stay = i;
    n->depth = depth;
    n->stash = -1;
    return i;
}

/* The complete hand h (key k) prepared for scoring in riichi state `state`, the same for all of its
 * waits (a complete hand is reached from each tenpai hand it completes); NULL out of memory
 * (g->failed set). *ura: its ura dora chances in a riichi state (they depend on the hand alone),
 * NULL when they are not priced, up to *ura_top. Valid until the next call. */
static sc_hand *complete_of(ev_graph *g, ev_key k, const uint8_t *h, int tile, int state, const double **ura,
                            int *ura_top)
{
    ev_completes *t = &g->completes;
    int made;
    const ev_key kept = key_with_state(k, state != EV_FREE);
    /* sized from the search's node indexes (an eighth of their slots), so that it seldom grows: a
     * growth reads every entry's key again, a miss each (2-shanten 1.03x against 1,024 slots) */
    const size_t slots = g->slots > 8192 ? g->slots / 8 : 1024;
    const int i = entry_of(g->mem, &t->index, (void **)&t->v, &t->n, &t->cap, sizeof *t->v, kept, key_line(kept), slots,
                           &made);
    if (i < 0) {
        g->failed = i;
        return NULL;
    }
    ev_complete *c = &t->v[i];
    const int priced = state != EV_FREE && g->cfg->uradora && g->cfg->indicators;
    if (made) {
        struct win_input in;
        sc_summary sm;
        win_input_of(g->cfg, h, tile, state, &in);
        sc_summarize(&in, &sm); /* the search's hands are valid (expected.c checks the melds) */
        sc_prepare(&in, &g->cfg->rules, &sm, &c->hand);
        c->hand.s.brief = 1;
        if (priced)
            c->ura_top = ura_of_hand(g->cfg, h, c->ura);
    }
    *ura = priced ? c->ura : NULL;
    *ura_top = priced ? c->ura_top : 0;
    return &c->hand;
}

static int cross_link(ev_memory *m, ev_cross *l, int from, int to, int tile, int weight)
{
    if (grow(m, (void **)&l->v, &l->cap, l->n + 1, sizeof *l->v) < 0)
        return -1;
    l->v[l->n++] = (uint64_t)from << 40 | (uint64_t)to << 16 | (uint64_t)tile << 8 | (uint64_t)weight;
    return 0;
}

static int link(ev_memory *m, ev_links *l, int from, int to, int tile, int weight, int win)
{
    if (grow(m, (void **)&l->v, &l->cap, l->n + 1, sizeof *l->v) < 0)
        return -1;
    l->v[l->n++] = (ev_link){from, to, win, (uint8_t)tile, (uint8_t)weight};
    return 0;
}

/* A node's expansion begins: its links come next. */
static int open_range(ev_memory *m, ev_ranges *r)
{
    if (grow(m, (void **)&r->start, &r->cap_nodes, r->nodes + 1, sizeof *r->start) < 0)
        return -1;
    r->start[r->nodes++] = r->n;
    return 0;
}

/* The end of node i's links (every node is expanded before the links are read). */
static inline int range_end(const ev_ranges *r, int i)
{
    return i + 1 < r->nodes ? r->start[i + 1] : r->n;
}

/* A link of the node expanded last; its tile kept when `keep` (at the same place in r->tile). */
static int range_link(ev_memory *m, ev_ranges *r, uint32_t word, int tile, int keep)
{
    if (grow(m, (void **)&r->v, &r->cap, r->n + 1, sizeof *r->v) < 0 ||
        (keep && grow(m, (void **)&r->tile, &r->cap_tile, r->n + 1, 1) < 0))
        return -1;
    if (keep)
        r->tile[r->n] = (uint8_t)tile;
    r->v[r->n++] = word;
    return 0;
}

/* Keep n wins' values (with explain, their classes too); returns the first's index, -1 out of memory. */
static int keep_wins(ev_graph *g, const ev_win *w, int n)
{
    if (grow(g->mem, (void **)&g->wins, &g->cap_wins, g->n_wins + n, sizeof *g->wins) < 0 ||
        (g->cfg->explain &&
         grow(g->mem, (void **)&g->win_classes, &g->cap_classes, g->n_wins + n, sizeof *g->win_classes) < 0))
        return -1;
    for (int k = 0; k < n; k++) {
        g->wins[g->n_wins + k][0] = w[k].any, g->wins[g->n_wins + k][1] = w[k].last;
        if (g->cfg->explain)
            memcpy(g->win_classes[g->n_wins + k], w[k].classes, sizeof w[k].classes);
    }
    g->n_wins += n;
    return g->n_wins - n;
}

/* Keep a win's values; returns its index + 1 (0: no win, or out of memory with g->failed set). */
static int keep_win(ev_graph *g, const ev_win *w)
{
    if (w->any <= 0 && w->last <= 0)
        return 0;
    const int at = keep_wins(g, w, 1);
    if (at < 0)
        g->failed = -1;
    return at + 1;
}

/* ---- hands -------------------------------------------------------------------------------- */

/* Live copies of id i when holding h: the pool as it started, with the starting hand's
 * tiles that h no longer holds put back (a discard returns to the pool). */
static inline int live(const ev_graph *g, const uint8_t *h, int i)
{
    return g->cfg->pool[i] + g->cfg->hand[i] - h[i];
}

static ev_key key_of(const uint8_t *h)
{
    ev_key k = {0, 0};
    for (int i = 0; i < EV_IDS; i++)
        for (int n = 0; n < h[i]; n++)
            key_step(&k, i, 1);
    return k;
}

/* ---- building --------------------------------------------------------------------------------- */

#define ALL_IDS ((1ull << EV_IDS) - 1)

/* The ids of a set of kinds (a five's kind stands for its red copy too): the expansions walk the
 * bits of the tiles they search, not every id with a test that mispredicts. */
static inline uint64_t ids_of(uint64_t kinds)
{
    return (kinds & ((1ull << SH_KINDS) - 1)) | (kinds >> RED_KIND[0] & 1) << SH_KINDS |
           (kinds >> RED_KIND[1] & 1) << (SH_KINDS + 1) | (kinds >> RED_KIND[2] & 1) << (SH_KINDS + 2);
}

/* A discard node's replacement number and the kinds whose discard keeps it: they follow from its
 * kinds alone, so a draw node's two discard nodes that differ only in a red five share them. */
typedef struct {
    int shanten; /* -2: not found yet */
    uint64_t keep;
} ev_keep;

static int expand_discard(ev_graph *g, int i, uint8_t *h, uint8_t *c, const summary_t *sm, const uint8_t *const *rows,
                          const complements *was, int changed, int maker, int drawn, ev_keep *twin);

/* A draw node: the draws it searches. A discard node it makes is expanded at once, from the hand at
 * hand: nodes are still expanded in the order made (a discard node makes only draw nodes), and its
 * key need not be decoded. */
static int expand_draw(ev_graph *g, int i)
{
    const ev_config *cfg = g->cfg;
    uint8_t h[EV_IDS], c[EV_IDS];
    const summary_t sm = key_counts(g->draw.v[i].key, h, c);
    const int state = g->draw.v[i].state;
    uint64_t wait;
    if (open_range(g->mem, &g->edges) < 0)
        return g->failed = -1;
    /* a riichi hand is tenpai: its winning kinds alone are needed */
    masked_row groups[4];
    const uint8_t *rows[4] = {NULL, NULL, NULL, NULL}; /* the groups' rows and their merges (free hands only) */
    complements merges;
    int shanten = 0;
    if (state != EV_FREE) {
        wait = tenpai_waits(c, &sm, cfg->players, cfg->forms);
    } else {
        const int ng = masked_groups(c, cfg->players, groups);
        for (int k = 0; k < ng; k++)
            rows[k] = groups[k].v;
        shanten = necessary_from_groups(c, &sm, cfg->players, cfg->forms, groups, ng, &wait, &merges) - 1;
    }
    g->draw.v[i].shanten = (int8_t)shanten;
    g->draw.v[i].tenpai = shanten == 0;
    /* frozen hands: the riichi node an ippatsu node leaves is made by it and expanded after it, and
     * draws the same wins, one han less: scored once, here, and kept for it */
    ev_win kept[EV_IDS];
    int n_kept = 0, stash = -1, stashed = 0;
    const ev_key key = g->draw.v[i].key;
    const uint64_t line = key_line(key_with_state(key, EV_FREE)); /* its hands one draw away: one addition */
    if (state == EV_IPPATSU) { /* a draw that does not win leaves the frozen hand */
        const int stay = node(g, 0, key, line, EV_RIICHI, g->draw.v[i].dist, g->draw.v[i].depth);
        if (stay < 0)
            return -1;
        g->draw.v[i].stay = stay;
    } else if (state == EV_RIICHI) {
        stash = g->draw.v[i].stash;
    }
    const int dist = g->draw.v[i].dist;
    const int bound = g->shanten0 + cfg->extra;
    const int allow = cfg->tegawari && state == EV_FREE && dist + shanten < bound;
    /* Throwing a drawn tile back to this hand is a discard like any other: at closed tenpai it
     * declares riichi as the policy allows (the hand itself stays dama until it discards). */
    int back = i, declared = -1;
    if (state == EV_FREE && shanten == 0 && g->closed && cfg->riichi != EV_RIICHI_NEVER) {
        declared = node(g, 0, key, line, cfg->ippatsu ? EV_IPPATSU : EV_RIICHI, dist, g->draw.v[i].depth + 1);
        if (declared < 0)
            return -1;
        if (cfg->riichi == EV_RIICHI_ALWAYS)
            back = declared, declared = -1;
    }
    /* a five's plain and red draws make discard nodes of the same kinds (the plain one first) */
    ev_keep fives[3] = {{-2, 0}, {-2, 0}, {-2, 0}};
    for (uint64_t searched = allow ? ALL_IDS : ids_of(wait); searched; searched &= searched - 1) {
        const int t = lowest_bit(searched);
        if (state == EV_FREE && (searched & (searched - 1)))
            prefetch_slot(&g->discard.index, line + LINE_ONE[lowest_bit(searched & (searched - 1))]);
        const int w = live(g, h, t), wins = shanten == 0 && (wait >> id_kind(t) & 1);
        if (w <= 0)
            continue;
        const int further = dist + (h[t] >= cfg->hand[t]);
        h[t]++;
        int win = 0;
        if (wins && stash >= 0) {
            const double *value = g->wins[stash + stashed++];
            win = value[0] > 0 || value[1] > 0 ? stash + stashed : 0;
        } else if (wins) {
            ev_win value;
            ev_key y = key;
            key_step(&y, t, 1);
            const double *ura;
            int ura_top;
            sc_hand *complete = complete_of(g, y, h, t, state, &ura, &ura_top);
            if (g->failed)
                return -1;
            win_values(cfg, &g->payments, complete, t, state, ura, ura_top, &value,
                       state == EV_IPPATSU ? &kept[n_kept++] : NULL);
            win = keep_win(g, &value);
        }
        int to = -1, throw_back = 0;
        if (state == EV_FREE) {
            ev_key k = key;
            key_step(&k, t, 1);
            to = node(g, 1, k, line + LINE_ONE[t], EV_FREE, further, g->draw.v[i].depth + 1);
            if (to >= 0 && g->discard.v[to].shanten == -2) { /* new: a necessary kind lowers it by one, another keeps it */
                g->discard.v[to].shanten = (int8_t)(shanten - (wait >> id_kind(t) & 1));
                /* its groups' rows: this hand's, with the drawn kind's group one tile more */
                const int kind = id_kind(t), group = group_of(kind, cfg->players);
                const uint8_t *more_rows[4] = {rows[0], rows[1], rows[2], rows[3]};
                const int iso = kind >= 27 || (cfg->players == 3 && kind < 9);
                if (!iso)
                    more_rows[group] = suit_row_step(c + kind / 9 * 9, kind % 9, 1);
                const summary_t more = summary_more(&sm, c[kind]++, kind);
                if (iso)
                    more_rows[group] = iso_row(c, cfg->players);
                const int five = t >= SH_KINDS ? t - SH_KINDS : kind % 9 == 4 && kind < 27 ? kind / 9 : -1;
                const int expanded = expand_discard(g, to, h, c, &more, more_rows,
                                                    cfg->forms & FORM_REGULAR ? &merges : NULL, group, i, t,
                                                    five >= 0 ? &fives[five] : NULL);
                c[kind]--;
                if (expanded < 0)
                    return -1;
            }
            /* The discard node searches throwing t back itself when t keeps its shanten (t is no
             * necessary kind here) or when it searches every discard. */
            throw_back = to >= 0 && (wait >> id_kind(t) & 1) &&
                         !(cfg->shanten_back && g->discard.v[to].dist + g->discard.v[to].shanten < bound);
        }
        h[t]--;
        if (g->failed)
            return -1;
        if (throw_back) { /* a link made by its other end */
            reach(g, 0, back, g->discard.v[to].depth);
            if (declared >= 0)
                reach(g, 0, declared, g->discard.v[to].depth);
        }
        const int linked = win ? link(g->mem, &g->wins_drawn, i, to, t, w, win)
                               : range_link(g->mem, &g->edges, (uint32_t)to << 3 | (uint32_t)w, t, g->tiles);
        if (linked < 0 ||
            (throw_back && cross_link(g->mem, &g->cross_options, to, back, t, 0) < 0) ||
            (throw_back && declared >= 0 && cross_link(g->mem, &g->cross_options, to, declared, t, 0) < 0))
            return g->failed = -1;
    }
    if (n_kept) {
        const int at = keep_wins(g, kept, n_kept);
        if (at < 0)
            return g->failed = -1;
        g->draw.v[g->draw.v[i].stay].stash = at;
    }
    return 0;
}

/* Kinds whose discard leaves a complete hand tenpai (a win turned down may keep any wait). */
static uint64_t tenpai_discards(uint8_t *c, int players, int forms)
{
    uint64_t m = 0, wait;
    for (int k = 0; k < SH_KINDS; k++) {
        if (!c[k])
            continue;
        c[k]--;
        const summary_t sm = summarize(c);
        if (necessary_fast(c, &sm, players, forms, &wait) == 1)
            m |= 1ull << k;
        c[k]++;
    }
    return m;
}

/* The isolated group's kinds whose discard keeps one of the entries `on` of its row: kinds held
 * as often are interchangeable, so one row per count held (as iso_masked does for draws). */
static uint64_t iso_keep(const uint8_t *c, int players, const uint8_t *row, int on)
{
    const uint8_t *kinds;
    const int n = iso_kinds(players, &kinds);
    int idx = 0;
    uint64_t with_count[5] = {0, 0, 0, 0, 0};
    for (int j = 0; j < n; j++) {
        idx += ISO_WEIGHT[c[kinds[j]]];
        with_count[c[kinds[j]]] |= 1ull << kinds[j];
    }
    uint64_t keep = 0;
    const row_t r = row_load(row);
    for (int k = 1; k <= 4; k++) {
        if (!with_count[k])
            continue;
        const row_t less = row_load(ISO_TABLE[idx - ISO_WEIGHT[k] + ISO_WEIGHT[k - 1]]);
        if (row_at_most(less, r) & row_at_most(r, less) & on) /* one less leaves an entry of `on` as it was */
            keep |= with_count[k];
    }
    return keep;
}

/* unnecessary_tiles of queries.h on the table path: the regular form from the keep masks of the
 * entries on an optimal split (necessary.h), the other forms from the counts. rows: the groups'
 * (fast_rows); was: the merges of rows that differ from these in group `changed` alone (the draw
 * node's that made this hand), or NULL. Returns the replacement number; *keep: the held kinds whose
 * discard leaves it. */
static int keep_kinds(uint8_t *c, const summary_t *sm, int players, int forms, const uint8_t *const *rows,
                      const complements *was, int changed, uint64_t *keep)
{
    const int M = sm->tiles / 3;
    row_t r[4];
    complements cs;
    const row_t *rest = cs.rest;
    int bases[3];
    const int ns = run_suits(players, bases), ng = ns + 1;
    memset(r, 0, sizeof r);
    for (int k = 0; k < ng; k++)
        r[k] = row_load(rows[k]);
    /* A discard never lowers a form's number, so only the forms that reach the hand's best can keep it. */
    const int special = sm->tiles >= 13;
    const int regular = !(forms & FORM_REGULAR) ? SH_INF
                        : was                   ? complements_after(r, ng, M, was, changed, &cs)
                                                : complements_of(r, ng, M, &cs);
    const int pairs7 = special && (forms & FORM_SEVEN_PAIRS) ? seven_pairs(c, sm, NULL, 0) : SH_INF;
    const int orphans = special && (forms & FORM_ORPHANS) ? thirteen_orphans(c, sm, NULL) : SH_INF;
    const int best = min2(regular, min2(pairs7, orphans));
    *keep = 0;
    if (regular == best) {
        const row_t partner = row_load(PARTNER[M]), target = row_fill((uint8_t)best);
        for (int k = 0; k < ns; k++) {
            *keep |= suit_entries_kinds(keep_masks(c + bases[k], rows[k]),
                                        optimal_entries(r[k], rest[k], partner, target), bases[k]);
        }
        *keep |= iso_keep(c, players, rows[ns], optimal_entries(r[ns], rest[ns], partner, target));
    }
    if (pairs7 != best && orphans != best)
        return best;
    /* seven pairs and thirteen orphans after a discard, from the counts (seven_pairs and
     * thirteen_orphans of eval.h on the table path): only the discarded kind's count changes, so the
     * number depends only on that count (one, two, more) and on whether the kind is an orphan */
    uint64_t twice = 0;
    for (uint64_t m = sm->two; m; m &= m - 1)
        twice |= (uint64_t)(c[lowest_bit(m)] == 2) << lowest_bit(m);
    const uint64_t held_as[3] = {sm->held & ~sm->two, twice, sm->two & ~twice};
    const int orphan_pairs = popcount64(sm->two & ORPHAN_BITS);
    for (int n = 0; n < 3; n++)
        for (int orphan = 0; orphan < 2; orphan++) {
            const uint64_t kinds = held_as[n] & (orphan ? ORPHAN_BITS : ~ORPHAN_BITS);
            if (!kinds)
                continue;
            int v = SH_INF;
            if (pairs7 == best) {
                const int full = sm->pairs - (n == 1), half = sm->singles - (n == 0) + (n == 1);
                const int take = min2(full, 7);
                v = min2(v, 14 - 2 * take - min2(half, 7 - take));
            }
            if (orphans == best)
                v = min2(v, 14 - (sm->orphan_kinds - (orphan && n == 0)) - (orphan_pairs - (orphan && n == 1) > 0));
            if (v == best)
                *keep |= kinds;
        }
    return best;
}

/* A discard node of hand h (37 ids; c: its kinds, sm: their summary), the discards it searches, each
 * declaring riichi or not as the policy allows; made by draw node `maker` drawing id `drawn` (-1: the
 * starting hand), which throwing that id back reaches without a lookup; twin: its number and keep kinds
 * if a node of the same kinds found them (else they are put there), or NULL. h and c are left as they
 * were. */
static int expand_discard(ev_graph *g, int i, uint8_t *h, uint8_t *c, const summary_t *sm, const uint8_t *const *rows,
                          const complements *was, int changed, int maker, int drawn, ev_keep *twin)
{
    const ev_config *cfg = g->cfg;
    uint64_t keep = 0;
    if (open_range(g->mem, &g->options) < 0)
        return g->failed = -1;
    int shanten = g->discard.v[i].shanten;
    const int dist = g->discard.v[i].dist, bound = g->shanten0 + cfg->extra;
    int allow = shanten > -2 && cfg->shanten_back && dist + shanten < bound;
    if (!allow || shanten <= 0 || !cfg->tegawari) { /* which discards keep the shanten matters: find them */
        if (twin && twin->shanten > -2) {
            shanten = twin->shanten, keep = twin->keep;
        } else {
            shanten = keep_kinds(c, sm, cfg->players, cfg->forms, rows, was, changed, &keep) - 1;
            if (twin)
                *twin = (ev_keep){shanten, keep};
        }
        g->discard.v[i].shanten = (int8_t)shanten;
        allow = cfg->shanten_back && dist + shanten < bound;
    }
    /* a complete hand (a win turned down) keeps nothing: its discards are searched within the bound
     * only, and those that leave it tenpai may declare riichi */
    const uint64_t tenpai = shanten == 0                         ? keep
                            : shanten < 0 && allow && g->closed ? tenpai_discards(c, cfg->players, cfg->forms)
                                                                : 0;
    if (shanten < 0)
        keep = 0;
    const ev_key key = g->discard.v[i].key;
    const uint64_t line = key_line(key); /* a discard node's key is in state EV_FREE */
    const uint64_t fives = 1ull << RED_KIND[0] | 1ull << RED_KIND[1] | 1ull << RED_KIND[2];
    uint64_t held = sm->held & ~fives; /* the ids held: a five's kind may be its red copy alone */
    for (int r = 0; r < 3; r++)
        held |= (uint64_t)(h[RED_KIND[r]] != 0) << RED_KIND[r] | (uint64_t)h[SH_KINDS + r] << (SH_KINDS + r);
    for (uint64_t searched = held & (allow ? ALL_IDS : ids_of(keep)); searched; searched &= searched - 1) {
        const int t = lowest_bit(searched);
        const int ready = tenpai >> id_kind(t) & 1;
        int states[2], n = 0;
        if (ready && g->closed && cfg->riichi != EV_RIICHI_NEVER)
            states[n++] = cfg->ippatsu ? EV_IPPATSU : EV_RIICHI;
        if (!(ready && g->closed && cfg->riichi == EV_RIICHI_ALWAYS))
            states[n++] = EV_FREE;
        const int nearer = dist - (h[t] > cfg->hand[t]);
        h[t]--;
        ev_key k = key;
        key_step(&k, t, 0);
        /* The draw node searches drawing t back itself unless t keeps its shanten (t is no
         * necessary kind there) and it does not search every draw (a complete hand's discards are
         * all necessary kinds of the tenpai hand they leave). */
        const int draw_back = shanten >= 0 && (keep >> id_kind(t) & 1) && !(cfg->tegawari && nearer + shanten < bound);
        for (int s = 0; s < n; s++) {
            const int d = states[s] == EV_FREE && t == drawn ? maker /* throwing back what it drew */
                                                             : node(g, 0, k, line - LINE_ONE[t], states[s], nearer,
                                                                    g->discard.v[i].depth);
            if (d < 0)
                return -1;
            if (states[s] == EV_FREE && draw_back)
                reach(g, 1, i, g->draw.v[d].depth + 1);
            if (range_link(g->mem, &g->options, (uint32_t)d, t, g->tiles || drawn < 0) < 0 ||
                (states[s] == EV_FREE && draw_back && cross_link(g->mem, &g->cross_edges, d, i, t, live(g, h, t)) < 0))
                return g->failed = -1;
        }
        h[t]++;
    }
    return 0;
}

/* ---- the values, turn by turn ----------------------------------------------------------------- */


static void flat_free(ev_memory *m, ev_flat *f)
{
    void *arrays[] = {f->start, f->edge, f->tile, f->win_start, f->win_to, f->win_weight, f->win_score,
                      f->win_tile, f->win_classes, f->drawn, f->opt_start, f->opt, f->opt_tile, f->free,
                      f->frozen, f->x_from, f->x_node, f->d_id, f->d_node};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        ev_free(m, arrays[i]);
}

/* How many links made by their other end each first end has (nodes + 1 counts); NULL out of memory. */
static int32_t *cross_counts(ev_memory *m, const ev_cross *l, int nodes)
{
    int32_t *count = ev_calloc(m, sizeof *count * ((size_t)nodes + 1));
    if (count)
        for (int i = 0; i < l->n; i++)
            count[l->v[i] >> 40]++;
    return count;
}

/* Links [from, to) of r into the flat arrays, each node renumbered by id: edges (node << 3 | live
 * copies) as edge_word, options (the node) as option_word; and their tiles into tile unless NULL.
 * Returns the edges' live copies. restrict, since the tiles are bytes, whose stores the compiler must
 * otherwise take to change everything it has read. */
static inline int copy_links(const ev_ranges *r, int from, int to, const int32_t *restrict id, int edges,
                             uint32_t *restrict word, uint8_t *restrict tile)
{
    int total = 0;
    const uint32_t *restrict v = r->v;
    for (int e = from; e < to; e++) {
        const uint32_t x = v[e];
        if (edges)
            total += (int)(x & 7), *word++ = edge_word(id[x >> 3], (int)(x & 7));
        else
            *word++ = (uint32_t)option_word(id[x]);
    }
    if (tile)
        memcpy(tile, r->tile + from, (size_t)(to - from));
    return total;
}

/* The nodes are numbered anew for the turn loop: in the order made, but within each run of WINDOW
 * nodes those with as many links side by side (key: up to KEYS - 1; the frozen riichi nodes after
 * them, by their number of wins, KEYS up: 1-shanten 1.006-1.011x, 2-shanten 1.003-1.005x; an
 * ippatsu node and its riichi twin, made after it, have as many, so the twin stays after it). A
 * node's loop over its links ends on a branch that mispredicts when
 * the lengths vary from node to node, and in runs of one length it is foreseen; within a window the
 * gathers stay about as near each other as in the order made, which puts a node's links near it
 * (2-shanten 2-5% faster, 3-shanten 5-11%; ordered over the whole graph, 3-shanten 12% slower than
 * in windows, and windows of 64 nodes 1-3% slower than of 2048). */
enum { WINDOW = 2048, KEYS = 32, FROZEN_KEYS = 8 };

/* Smaller searches keep the order made: the numbering costs them more than their turn loop gains
 * (tenpai searches, of a few hundred nodes, 2-4% faster without it). */
#define ANEW_MIN 1024

static inline uint8_t window_key(int links) { return (uint8_t)(links < KEYS - 1 ? links : KEYS - 1); }

/* id[old] = new and old_of[new] = old for n nodes of keys key[old] (below KEYS + FROZEN_KEYS). */
static void window_order(const uint8_t *key, int n, int32_t *id, int32_t *old_of)
{
    for (int w = 0; w < n; w += WINDOW) {
        const int m = n - w < WINDOW ? n - w : WINDOW;
        int at[KEYS + FROZEN_KEYS + 1] = {0};
        for (int i = 0; i < m; i++)
            at[key[w + i] + 1]++;
        at[0] = w;
        for (int k = 1; k <= KEYS + FROZEN_KEYS; k++)
            at[k] += at[k - 1];
        for (int i = 0; i < m; i++) {
            const int j = at[key[w + i]]++;
            id[w + i] = j, old_of[j] = w + i;
        }
    }
}

/* The draw nodes moved into their new order (f->d_node), each stay renumbered (f->d_id), for the
 * readers that take them by their new numbers: the exported graph, the exact pool's values and
 * depths(); then d_node is the identity. The turn loop's records need no move (steps() finds each
 * node through d_node), nor do the discard nodes (x_node finds them; only their depths and the
 * exported graph's hands are read): a search's nodes are 32 bytes each, and moving them all cost
 * more than those few reads (discard nodes left: 2-shanten 1.004-1.034x, 3-shanten 1.015-1.026x;
 * the draw nodes too, against moving them in one build: 2-shanten 1.007x, 3-shanten 1.00x).
 * -1 out of memory. */
static int move_draw_nodes(ev_graph *g, ev_flat *f)
{
    ev_nodes *nodes = &g->draw;
    ev_node *v = ev_alloc(g->mem, sizeof *v * ((size_t)nodes->n + 1));
    if (!v)
        return -1;
    for (int i = 0; i < nodes->n; i++) {
        v[i] = nodes->v[f->d_node[i]];
        v[i].stay = f->d_id[v[i].stay];
    }
    ev_free(g->mem, nodes->v);
    nodes->v = v;
    nodes->cap = nodes->n + 1;
    for (int i = 0; i < nodes->n; i++)
        f->d_node[i] = f->d_id[i] = i;
    return 0;
}

/* The graph's links as the value passes read them, its nodes numbered anew (window_order, from
 * ANEW_MIN nodes; the start, a discard node when fourteen, stays node 0): each node's links in one
 * range, those its expansion made first, then those made by their other end in the order made
 * (written straight into their place: a counting sort without a copy of its own). Their tiles with
 * `tiles`, else only the options' of discard node 0 (the start's, when fourteen). The indexes no
 * longer find the nodes. */
static int flatten(ev_graph *g, ev_flat *f, int fourteen, int tiles)
{
    const int nd = g->draw.n, nx = g->discard.n;
    const int ne = g->edges.n + g->cross_edges.n, nw = g->wins_drawn.n, no = g->options.n + g->cross_options.n;
    ev_memory *m = g->mem;
    if (3 * (int64_t)(nd > nx ? nd : nx) >= (int64_t)1 << 27) /* past what an edge word holds */
        return -1;
    int32_t *at_edge = cross_counts(m, &g->cross_edges, nd), *at_option = cross_counts(m, &g->cross_options, nx);
    int32_t *ids = ev_alloc(m, sizeof(int32_t) * ((size_t)nx + nd + 1)); /* discard nodes' new ids, first win */
    uint8_t *key = ev_alloc(m, (size_t)(nd + nx) + 1);
    f->start = ev_alloc(m, sizeof(int32_t) * (nd + 1));
    f->win_start = ev_alloc(m, sizeof(int32_t) * (nd + 1));
    f->edge = ev_alloc(m, sizeof(uint32_t) * (ne + 1));
    f->tile = ev_alloc(m, ne + 1);
    f->win_to = ev_alloc(m, sizeof(int32_t) * (nw + 1));
    f->win_weight = ev_alloc(m, sizeof(double) * (nw + 1));
    f->win_score = ev_alloc(m, sizeof(double) * 2 * (nw + 1));
    f->win_tile = ev_alloc(m, nw + 1);
    f->win_classes = g->cfg->explain ? ev_alloc(m, sizeof *f->win_classes * (nw + 1)) : NULL;
    f->drawn = ev_alloc(m, sizeof(double) * (nd + 1));
    f->opt_start = ev_alloc(m, sizeof(int32_t) * (nx + 1));
    f->opt = ev_alloc(m, sizeof(int32_t) * (no + 1));
    f->opt_tile = ev_alloc(m, no + 1);
    f->free = ev_alloc(m, sizeof(ev_step) * (nd + 2));
    f->frozen = ev_alloc(m, sizeof(ev_step) * (nd + 2));
    f->x_from = ev_alloc(m, (size_t)nx + 1);
    f->x_node = ev_alloc(m, sizeof(int32_t) * ((size_t)nx + 1));
    f->d_id = ev_alloc(m, sizeof(int32_t) * ((size_t)nd + 1));
    f->d_node = ev_alloc(m, sizeof(int32_t) * ((size_t)nd + 1));
    int ok = at_edge && at_option && ids && key && f->start && f->win_start && f->edge && f->tile && f->win_to &&
             f->win_weight && f->win_score && f->win_tile && (f->win_classes || !g->cfg->explain) && f->drawn &&
             f->opt_start && f->opt && f->opt_tile && f->free && f->frozen && f->x_from && f->x_node &&
             f->d_id && f->d_node;
    if (ok) {
        int32_t *draw_id = f->d_id, *draw_old = f->d_node, *discard_id = ids, *discard_old = f->x_node;
        int32_t *first_win = discard_id + nx; /* draw node d's wins: wins_drawn.v[first_win[d] .. first_win[d + 1]) */
        for (int d = 0, w = 0; d <= nd; d++)
            for (first_win[d] = w; w < nw && g->wins_drawn.v[w].from == d; w++)
                ;
        const int anew = nd + nx >= ANEW_MIN;
        if (anew) {
            for (int d = 0; d < nd; d++)
                key[d] = g->draw.v[d].state != EV_FREE
                             ? (uint8_t)(KEYS + min2(first_win[d + 1] - first_win[d], FROZEN_KEYS - 1))
                             : window_key(range_end(&g->edges, d) - g->edges.start[d] + at_edge[d]);
            for (int x = 0; x < nx; x++)
                key[nd + x] = window_key(range_end(&g->options, x) - g->options.start[x] + at_option[x]);
            key[fourteen ? nd : 0] = 0; /* the start, node 0, stays first (the graph's readers begin there) */
            window_order(key, nd, draw_id, draw_old);
            window_order(key + nd, nx, discard_id, discard_old);
        } else {
            for (int d = 0; d < nd; d++)
                draw_id[d] = draw_old[d] = d;
            for (int x = 0; x < nx; x++)
                discard_id[x] = discard_old[x] = x;
        }
        int n = 0, w = 0;
        for (int i = 0; i < nd; i++) {
            const int d = draw_old[i];
            f->start[i] = n, f->win_start[i] = w;
            const int first = g->edges.start[d], end = range_end(&g->edges, d);
            int total = copy_links(&g->edges, first, end, discard_id, 1, f->edge + n, tiles ? f->tile + n : NULL);
            n += end - first;
            for (int v = first_win[d]; v < first_win[d + 1]; v++, w++) {
                const ev_link *l = &g->wins_drawn.v[v];
                total += l->weight;
                f->win_to[w] = l->to >= 0 ? discard_id[l->to] : -1, f->win_weight[w] = l->weight;
                f->win_tile[w] = l->tile;
                f->win_score[2 * w] = g->wins[l->win - 1][0], f->win_score[2 * w + 1] = g->wins[l->win - 1][1];
                if (f->win_classes)
                    memcpy(f->win_classes[w], g->win_classes[l->win - 1], sizeof *f->win_classes);
            }
            f->drawn[i] = total;
            const int cross = at_edge[d];
            at_edge[d] = n, n += cross; /* where its links made by their other end go */
        }
        f->start[nd] = n, f->win_start[nd] = w;
        uint32_t *restrict edge = f->edge;
        uint8_t *restrict tile = f->tile;
        double *restrict drawn = f->drawn;
        for (int i = 0; i < g->cross_edges.n; i++) { /* never a win: see expand_discard */
            const uint64_t l = g->cross_edges.v[i];
            const int d = (int)(l >> 40), weight = l & 0xFF, at = at_edge[d]++;
            edge[at] = edge_word(discard_id[l >> 16 & EV_KIND_MAX], weight);
            if (tiles)
                tile[at] = (uint8_t)(l >> 8);
            drawn[draw_id[d]] += weight;
        }
        n = 0;
        for (int i = 0; i < nx; i++) {
            const int x = discard_old[i];
            f->opt_start[i] = n;
            const int first = g->options.start[x], end = range_end(&g->options, x);
            copy_links(&g->options, first, end, draw_id, 0, (uint32_t *)f->opt + n,
                       tiles || (fourteen && i == 0) ? f->opt_tile + n : NULL);
            n += end - first;
            const int cross = at_option[x];
            at_option[x] = n, n += cross;
        }
        f->opt_start[nx] = n;
        int32_t *restrict opt = f->opt;
        uint8_t *restrict opt_tile = f->opt_tile;
        for (int i = 0; i < g->cross_options.n; i++) {
            const uint64_t l = g->cross_options.v[i];
            const int at = at_option[l >> 40]++;
            opt[at] = option_word(draw_id[l >> 16 & EV_KIND_MAX]);
            if (tiles || (fourteen && at < f->opt_start[1]))
                opt_tile[at] = (uint8_t)(l >> 8);
        }
    }
    ev_free(m, at_edge), ev_free(m, at_option), ev_free(m, ids), ev_free(m, key);
    return ok ? 0 : -1;
}

/* end[k]: past the last of the n records valued at turn k (from <= k). */
static void ends(const ev_step *s, int n, int T, int *end)
{
    for (int k = 0; k <= T; k++)
        end[k] = 0;
    for (int i = 0; i < n; i++)
        if (s[i].from <= T)
            end[s[i].from] = i + 1;
    for (int k = 1; k <= T; k++)
        end[k] = end[k] > end[k - 1] ? end[k] : end[k - 1];
}

/* The turn loop's records of the draw nodes, free then frozen, and the discard nodes' depths (once
 * the depths are final), with each turn's ends. */
static void steps(const ev_graph *g, ev_flat *f, int T, ev_value *layer)
{
    /* the turn loop writes every value at turn T but those of nodes it never reaches; edge_sum4 and
     * option_max4 read 8 bytes past a value: those and the two past the last are zeroed */
    static const ev_value zero = {0, 0, 0};
    layer[g->draw.n + g->discard.n] = layer[g->draw.n + g->discard.n + 1] = zero;
    f->n_free = f->n_frozen = 0;
    for (int d = 0; d < g->draw.n; d++) {
        const ev_node *n = &g->draw.v[f->d_node[d]];
        ev_step *s = n->state == EV_FREE ? &f->free[f->n_free++] : &f->frozen[f->n_frozen++];
        const int need = n->shanten > 1 ? n->shanten : 1;
        if (n->depth > T)
            layer[d] = zero;
        *s = (ev_step){(float)f->drawn[d], d, f->d_id[n->stay], f->start[d], f->win_start[d], f->win_start[d + 1],
                       (int16_t)(T - need), (uint8_t)n->depth, n->tenpai};
    }
    const ev_step end = {0, 0, 0, f->start[g->draw.n], 0, 0, 0, 0, 0};
    f->free[f->n_free] = f->frozen[f->n_frozen] = end;
    ends(f->free, f->n_free, T, f->free_end);
    ends(f->frozen, f->n_frozen, T, f->frozen_end);
    for (int k = 0; k <= T; k++)
        f->x_end[k] = 0;
    for (int x = 0; x < g->discard.n; x++) {
        const int depth = g->discard.v[f->x_node[x]].depth;
        f->x_from[x] = (uint8_t)depth;
        if (depth > T)
            layer[g->draw.n + x] = zero;
        else
            f->x_end[depth] = x + 1;
    }
    for (int k = 1; k <= T; k++)
        f->x_end[k] = f->x_end[k] > f->x_end[k - 1] ? f->x_end[k] : f->x_end[k - 1];
}

/* Each node's depth, the fewest draws from the start, when reach() found a node nearer than when
 * it was made (a 0-1 breadth-first search: a draw adds one, a discard none): a node's values are
 * needed only from that many draws on. */
static int depths(ev_graph *g, int root, int fourteen, const ev_flat *f)
{
    const int nd = g->draw.n, nx = g->discard.n;
    int32_t *queue = ev_alloc(g->mem, sizeof *queue * (size_t)(2 * (nd + nx) + 2)); /* a deque of node ids, x as ~x */
    if (!queue)
        return -1;
    for (int d = 0; d < nd; d++)
        g->draw.v[d].depth = -1;
    for (int x = 0; x < nx; x++)
        g->discard.v[x].depth = -1;
    int head = nd + nx + 1, tail = head;
    if (fourteen)
        g->discard.v[f->x_node[root]].depth = 0, queue[tail++] = ~root;
    else
        g->draw.v[root].depth = 0, queue[tail++] = root;
    while (head < tail) {
        const int v = queue[head++];
        if (v >= 0) { /* a draw node: its draws lead one deeper; its stay as deep */
            const int d = g->draw.v[v].depth;
            const int stay = g->draw.v[v].stay;
            if (g->draw.v[stay].depth < 0 || g->draw.v[stay].depth > d)
                g->draw.v[stay].depth = d, queue[--head] = stay;
            for (int e = f->start[v], w = f->win_start[v]; e < f->start[v + 1] || w < f->win_start[v + 1];) {
                const int x = e < f->start[v + 1] ? edge_node(f->edge[e++]) : f->win_to[w++];
                ev_node *n = x >= 0 ? &g->discard.v[f->x_node[x]] : NULL;
                if (n && (n->depth < 0 || n->depth > d + 1))
                    n->depth = d + 1, queue[tail++] = ~x;
            }
        } else {
            const int x = ~v, d = g->discard.v[f->x_node[x]].depth;
            for (int o = f->opt_start[x]; o < f->opt_start[x + 1]; o++) {
                const int to = option_node(f->opt[o]);
                if (g->draw.v[to].depth < 0 || g->draw.v[to].depth > d)
                    g->draw.v[to].depth = d, queue[--head] = to;
            }
        }
    }
    ev_free(g->mem, queue);
    return 0;
}

/* With explain: per node, the probability of a win of each class under the policy, two layers. */
typedef struct {
    double *base, *d_now, *d_next, *x_now, *x_next;
} ev_classes;

static int classes_alloc(ev_memory *m, ev_classes *c, int nd, int nx)
{
    c->base = ev_calloc(m, sizeof(double) * ((size_t)2 * (nd + nx) * EV_CLASSES + 1));
    if (!c->base)
        return -1;
    c->d_now = c->base, c->d_next = c->base + (size_t)nd * EV_CLASSES;
    c->x_now = c->base + (size_t)2 * nd * EV_CLASSES, c->x_next = c->x_now + (size_t)nx * EV_CLASSES;
    return 0;
}

static void classes_swap(ev_classes *c)
{
    double *t = c->d_next;
    c->d_next = c->d_now, c->d_now = t;
    t = c->x_next, c->x_next = c->x_now, c->x_now = t;
}

/* A draw node's classes at turn k: as its values, each draw leading where the policy goes. */
static void explain_draw(const ev_flat *f, int d, int stay, int k, int T, int obj, double inv,
                         const ev_value *x_next, const ev_value *d_next, ev_classes *c)
{
    const double *base = c->d_next + (size_t)stay * EV_CLASSES;
    double sum[EV_CLASSES] = {0};
    for (int e = f->start[d]; e < f->start[d + 1]; e++)
        for (int i = 0; i < EV_CLASSES; i++)
            sum[i] += edge_weight(f->edge[e]) * c->x_next[(size_t)edge_node(f->edge[e]) * EV_CLASSES + i];
    const int policy = obj == EV_OBJ_SEPARATE ? EV_OBJ_SCORE : obj; /* one policy: the score's */
    for (int e = f->win_start[d]; e < f->win_start[d + 1]; e++) {
        const int to = f->win_to[e], last = k + 1 == T;
        const ev_value *next = to >= 0 ? &x_next[to] : &d_next[stay];
        const double score = f->win_score[2 * e + last];
        const ev_value w = {1.0, 1.0, score};
        const double *after = score <= 0 || better(next, &w, policy)
                                  ? (to >= 0 ? c->x_next + (size_t)to * EV_CLASSES : base)
                                  : f->win_classes[e][last];
        for (int i = 0; i < EV_CLASSES; i++)
            sum[i] += f->win_weight[e] * after[i];
    }
    double *out = c->d_now + (size_t)d * EV_CLASSES;
    for (int i = 0; i < EV_CLASSES; i++)
        out[i] = base[i] + (sum[i] - f->drawn[d] * base[i]) * inv;
}

/* A discard node's classes: those of the option the policy takes (the score's for "separate"). */
static void explain_choice(const ev_flat *f, int x, int obj, const ev_value *d_now, ev_classes *c)
{
    const int policy = obj == EV_OBJ_SEPARATE ? EV_OBJ_SCORE : obj;
    int best = option_node(f->opt[f->opt_start[x]]);
    for (int o = f->opt_start[x] + 1; o < f->opt_start[x + 1]; o++)
        if (better(&d_now[option_node(f->opt[o])], &d_now[best], policy))
            best = option_node(f->opt[o]);
    memcpy(c->x_now + (size_t)x * EV_CLASSES, c->d_now + (size_t)best * EV_CLASSES, sizeof(double) * EV_CLASSES);
}

/* The sum of w * value over the edges [edge, end): the tenpai probability alone, and with SSE2 the
 * win probability and the expected score side by side in one register (the values pass 5-8%
 * faster than with three scalar sums). */
static inline ev_value edge_sum(const uint32_t *edge, const uint32_t *end, const ev_value *x)
{
#if defined(__SSE2__)
    static const double weights[8][2] __attribute__((aligned(16))) = {{0, 0}, {1, 1}, {2, 2}, {3, 3},
                                                                      {4, 4}, {5, 5}, {6, 6}, {7, 7}};
    __m128d tp = _mm_setzero_pd(), pair = _mm_setzero_pd();
    for (; edge < end; edge++) {
        const __m128d w = _mm_load_pd(weights[edge_weight(*edge)]);
        const ev_value *v = value_at(x, *edge >> 5);
        tp = _mm_add_sd(tp, _mm_mul_sd(w, _mm_load_sd(&v->tp)));
        pair = _mm_add_pd(pair, _mm_mul_pd(w, _mm_loadu_pd(&v->wp)));
    }
    return (ev_value){_mm_cvtsd_f64(tp), _mm_cvtsd_f64(pair), _mm_cvtsd_f64(_mm_unpackhi_pd(pair, pair))};
#else
    ev_value sum = {0, 0, 0};
    for (; edge < end; edge++) {
        const ev_value *v = value_at(x, *edge >> 5);
        const double w = edge_weight(*edge);
        sum.tp += w * v->tp, sum.wp += w * v->wp, sum.es += w * v->es;
    }
    return sum;
#endif
}

#if defined(SH_AVX2)
/* edge_sum and option_max with AVX2, where the processor has it (have_avx2): a value's three numbers
 * in one load of 32 bytes, whose fourth lane (the next value's first number; never an unwritten
 * one: steps()) is summed or maximised apart and left out. The sums do the
 * same operations in the same order lane by lane, and a maximum is exact in any order (two running
 * maxima, 3-shanten 1.02x): the same numbers as the SSE2 path, bit for bit (tests/test_simd.py).
 * 2-shanten 1.025x, 3-shanten 1.04x. */
__attribute__((target("avx2"))) static inline __m256d edge_sum4(const uint32_t *edge, const uint32_t *end,
                                                                const ev_value *x)
{
    static const double weights[8][4] __attribute__((aligned(32))) = {
        {0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}, {4, 4, 4, 4}, {5, 5, 5, 5}, {6, 6, 6, 6}, {7, 7, 7, 7}};
    __m256d sum = _mm256_setzero_pd();
    for (; edge < end; edge++)
        sum = _mm256_add_pd(sum, _mm256_mul_pd(_mm256_load_pd(&weights[0][0] + (*edge & 0x1C)),
                                               _mm256_loadu_pd(&value_at(x, *edge >> 5)->tp)));
    return sum;
}

__attribute__((target("avx2"))) static inline ev_value edge_sum4_value(const uint32_t *edge, const uint32_t *end,
                                                                       const ev_value *x)
{
    double out[4];
    _mm256_storeu_pd(out, edge_sum4(edge, end, x));
    return (ev_value){out[0], out[1], out[2]};
}

/* A free draw node without wins (mahjong-cpp's model has none: its tenpai hands are riichi hands)
 * at a turn it is valued and not yet zero: draw_value's numbers, the same operations lane by lane,
 * kept in one register from the sum to the store, which leaves the fourth lane alone (a masked
 * store instead: 0.97x, the next node's load waiting on it). 2-shanten 1.004-1.012x, 3-shanten
 * 0.99-1.03x. */
__attribute__((target("avx2"))) static inline void free_value4(const ev_flat *f, const ev_step *s, double inv,
                                                              ev_value *d, const ev_value *d_next, const ev_value *x)
{
    const __m256d sum = edge_sum4(f->edge + s->edge, f->edge + s[1].edge, x);
    const __m256d base = _mm256_loadu_pd(&d_next[s->stay].tp), drawn = _mm256_set1_pd((double)s->drawn);
    __m256d v = _mm256_add_pd(base, _mm256_mul_pd(_mm256_sub_pd(sum, _mm256_mul_pd(drawn, base)), _mm256_set1_pd(inv)));
    if (s->tenpai)
        v = _mm256_blend_pd(v, _mm256_set1_pd(1.0), 1);
    _mm_storeu_pd(&d[s->node].tp, _mm256_castpd256_pd128(v));
    _mm_store_sd(&d[s->node].es, _mm256_extractf128_pd(v, 1));
}

__attribute__((target("avx2"))) static inline void option_max4(const int32_t *o, const int32_t *end, const ev_value *d,
                                                               ev_value *out)
{
    __m256d best = _mm256_loadu_pd(&value_at(d, *o)->tp), other = best;
    for (o++; o + 1 < end; o += 2) {
        best = _mm256_max_pd(best, _mm256_loadu_pd(&value_at(d, o[0])->tp));
        other = _mm256_max_pd(other, _mm256_loadu_pd(&value_at(d, o[1])->tp));
    }
    if (o < end)
        best = _mm256_max_pd(best, _mm256_loadu_pd(&value_at(d, *o)->tp));
    best = _mm256_max_pd(best, other);
    _mm_storeu_pd(&out->tp, _mm256_castpd256_pd128(best));
    _mm_store_sd(&out->es, _mm256_extractf128_pd(best, 1));
}
#endif

/* Each number's maximum over the options [o, end) (at least one): the "separate" objective's choice,
 * with SSE2 the win probability and the expected score side by side. */
static inline void option_max(const int32_t *o, const int32_t *end, const ev_value *d, ev_value *out)
{
#if defined(__SSE2__)
    __m128d tp = _mm_load_sd(&value_at(d, *o)->tp), pair = _mm_loadu_pd(&value_at(d, *o)->wp);
    for (o++; o < end; o++) {
        tp = _mm_max_sd(tp, _mm_load_sd(&value_at(d, *o)->tp));
        pair = _mm_max_pd(pair, _mm_loadu_pd(&value_at(d, *o)->wp));
    }
    _mm_store_sd(&out->tp, tp);
    _mm_storeu_pd(&out->wp, pair);
#else
    ev_value best = *value_at(d, *o);
    for (o++; o < end; o++)
        take_option(&best, value_at(d, *o), EV_OBJ_SEPARATE);
    *out = best;
#endif
}

/* Draw node s->node's values at turn k from the discard nodes' at k + 1. Inlined for frozen riichi
 * nodes apart (frozen: a compile-time 1), whose draws are all wins or stays. */
static inline __attribute__((always_inline)) void draw_value(const ev_flat *f, const ev_step *s, int k, int T, int obj,
                                                             int explain, int frozen, int avx, double inv, ev_value *d_now,
                                                             const ev_value *d_next, const ev_value *x_next,
                                                             ev_classes *ch)
{
    static const ev_value zero = {0, 0, 0};
    const int d = s->node;
    if (s->from > k)
        return; /* not reached by then: never read */
    if (k > s->zero_after) { /* written at the first turn, T, and in place ever since (explain: two layers) */
        if (k == T || explain) {
            d_now[d] = zero;
            d_now[d].tp = s->tenpai;
        }
        if (explain)
            memset(ch->d_now + (size_t)d * EV_CLASSES, 0, sizeof(double) * EV_CLASSES);
        return;
    }
#if defined(SH_AVX2)
    if (avx && !frozen && !explain && obj == EV_OBJ_SEPARATE && s->win == s->win_end) {
        free_value4(f, s, inv, d_now, d_next, x_next);
        return;
    }
#endif
    /* base + (sum of w * (to - base)) / S, over the searched draws */
    const ev_value base = d_next[s->stay];
#if defined(SH_AVX2)
    ev_value sum = frozen ? zero
                   : avx  ? edge_sum4_value(f->edge + s->edge, f->edge + s[1].edge, x_next)
                          : edge_sum(f->edge + s->edge, f->edge + s[1].edge, x_next);
#else
    (void)avx;
    ev_value sum = frozen ? zero : edge_sum(f->edge + s->edge, f->edge + s[1].edge, x_next);
#endif
    for (int e = s->win; e < s->win_end; e++) {
        const ev_value *next = !frozen && f->win_to[e] >= 0 ? &x_next[f->win_to[e]] : &base;
        const double score = f->win_score[2 * e + (k + 1 == T)]; /* 0: no yaku this draw */
        const ev_value to = score > 0 ? take_win(score, next, obj) : *next;
        const double w = f->win_weight[e];
        sum.tp += w * to.tp, sum.wp += w * to.wp, sum.es += w * to.es;
    }
    const double drawn = s->drawn;
    if (explain)
        explain_draw(f, d, s->stay, k, T, obj, inv, x_next, d_next, ch);
    ev_value v;
    v.tp = frozen || s->tenpai ? 1.0 : base.tp + (sum.tp - drawn * base.tp) * inv;
    v.wp = base.wp + (sum.wp - drawn * base.wp) * inv;
    v.es = base.es + (sum.es - drawn * base.es) * inv;
    d_now[d] = v;
}

/* One turn's values: the draw nodes' at turn k from the discard nodes' at k + 1, then the
 * discard nodes' at k. Inlined for each objective and for explain, so that their tests leave the
 * loops; the free draw nodes and the frozen ones in loops of their own, each in node order. */
static inline __attribute__((always_inline)) void turn(const ev_flat *graph, int k, int T, int obj,
                                                       int explain, int avx, double inv, ev_value *d_now,
                                                       const ev_value *d_next, ev_value *x_now,
                                                       const ev_value *x_next, ev_classes *ch)
{
    /* a copy of its own: the vector stores may alias anything, and the graph's pointers would be read
     * again after each */
    const ev_flat copy = *graph, *const f = &copy;
    const int n_free = f->free_end[k], n_frozen = f->frozen_end[k], nx = f->x_end[k];
    for (int i = 0; i < n_free; i++)
        draw_value(f, &f->free[i], k, T, obj, explain, 0, avx, inv, d_now, d_next, x_next, ch);
    for (int i = 0; i < n_frozen; i++)
        draw_value(f, &f->frozen[i], k, T, obj, explain, 1, avx, inv, d_now, d_next, x_next, ch);
    for (int x = 0; x < nx; x++) {
        if (f->x_from[x] > k)
            continue;
        const int32_t *o = f->opt + f->opt_start[x], *end = f->opt + f->opt_start[x + 1];
        if (obj == EV_OBJ_SEPARATE) {
#if defined(SH_AVX2)
            if (avx)
                option_max4(o, end, d_now, &x_now[x]);
            else
#endif
                option_max(o, end, d_now, &x_now[x]);
        } else {
            ev_value best = *value_at(d_now, *o);
            for (o++; o < end; o++)
                take_option(&best, value_at(d_now, *o), obj);
            x_now[x] = best;
        }
        if (explain)
            explain_choice(f, x, obj, d_now, ch);
    }
}

#if defined(SH_AVX2)
/* The "separate" objective's turn (mahjong-cpp's), compiled for AVX2. */
__attribute__((target("avx2"))) static void turn_separate4(const ev_flat *f, int k, int T, double inv, ev_value *layer,
                                                          int nd)
{
    turn(f, k, T, EV_OBJ_SEPARATE, 0, 1, inv, layer, layer, layer + nd, layer + nd, NULL);
}
#endif

void ev_export_free(ev_export *e)
{
    free(e->draw_hands), free(e->draw_states), free(e->discard_hands), free(e->draw_values);
    free(e->discard_values), free(e->option_start), free(e->options), free(e->option_tiles);
    free(e->edge_start), free(e->edge_to), free(e->edge_tiles), free(e->edge_weights), free(e->edge_wins);
    free(e->edge_lasts), free(e->draw_stays);
    memset(e, 0, sizeof *e);
}

/* The graph's nodes and options into *e, its values left NaN (filled turn by turn). */
static int export_graph(const ev_graph *g, const ev_flat *f, int turns, ev_export *e)
{
    const int nd = g->draw.n, nx = g->discard.n, no = f->opt_start[nx], ne = f->start[nd] + f->win_start[nd];
    e->nd = nd, e->nx = nx;
    e->draw_hands = malloc((size_t)nd * EV_IDS + 1);
    e->draw_states = malloc((size_t)nd + 1);
    e->discard_hands = malloc((size_t)nx * EV_IDS + 1);
    e->draw_values = malloc(sizeof(double) * EV_VALUES * (size_t)turns * nd + 1);
    e->discard_values = malloc(sizeof(double) * EV_VALUES * (size_t)turns * nx + 1);
    e->option_start = malloc(sizeof(int32_t) * ((size_t)nx + 1));
    e->options = malloc(sizeof(int32_t) * ((size_t)no + 1));
    e->option_tiles = malloc((size_t)no + 1);
    e->edge_start = malloc(sizeof(int32_t) * ((size_t)nd + 1));
    e->edge_to = malloc(sizeof(int32_t) * ((size_t)ne + 1));
    e->edge_tiles = malloc((size_t)ne + 1);
    e->edge_weights = malloc((size_t)ne + 1);
    e->edge_wins = malloc(sizeof(double) * ((size_t)ne + 1));
    e->edge_lasts = malloc(sizeof(double) * ((size_t)ne + 1));
    e->draw_stays = malloc(sizeof(int32_t) * ((size_t)nd + 1));
    if (!e->edge_lasts || !e->draw_stays ||!e->draw_hands || !e->draw_states || !e->discard_hands || !e->draw_values || !e->discard_values ||
        !e->option_start || !e->options || !e->option_tiles || !e->edge_start || !e->edge_to || !e->edge_tiles ||
        !e->edge_weights || !e->edge_wins)
        return -1;
    int i = 0; /* each draw node's ordinary edges, then its wins */
    for (int d = 0; d < nd; d++) {
        e->edge_start[d] = i;
        for (int j = f->start[d]; j < f->start[d + 1]; j++, i++) {
            e->edge_to[i] = edge_node(f->edge[j]), e->edge_tiles[i] = f->tile[j];
            e->edge_weights[i] = (uint8_t)edge_weight(f->edge[j]);
            e->edge_wins[i] = e->edge_lasts[i] = 0.0;
        }
        for (int j = f->win_start[d]; j < f->win_start[d + 1]; j++, i++) {
            e->edge_to[i] = f->win_to[j], e->edge_tiles[i] = f->win_tile[j];
            e->edge_weights[i] = (uint8_t)f->win_weight[j];
            e->edge_wins[i] = f->win_score[2 * j], e->edge_lasts[i] = f->win_score[2 * j + 1];
        }
    }
    e->edge_start[nd] = i;
    for (int d = 0; d < nd; d++)
        e->draw_stays[d] = g->draw.v[d].stay;
    for (int d = 0; d < nd; d++)
        key_hand(g->draw.v[d].key, e->draw_hands + (size_t)d * EV_IDS), e->draw_states[d] = g->draw.v[d].state;
    for (int x = 0; x < nx; x++)
        key_hand(g->discard.v[f->x_node[x]].key, e->discard_hands + (size_t)x * EV_IDS);
    for (size_t i = 0; i < (size_t)EV_VALUES * turns * nd; i++)
        e->draw_values[i] = NAN;
    for (size_t i = 0; i < (size_t)EV_VALUES * turns * nx; i++)
        e->discard_values[i] = NAN;
    memcpy(e->option_start, f->opt_start, sizeof(int32_t) * ((size_t)nx + 1));
    for (int o = 0; o < no; o++)
        e->options[o] = option_node(f->opt[o]);
    memcpy(e->option_tiles, f->opt_tile, (size_t)no);
    return 0;
}

/* With exact: the reading of each riichi win whose ura dora are priced, per win of f (the scorer
 * took its complete hand when the search made it, so it is found again, not prepared). */
static ev_reading *readings_of(ev_graph *g, const ev_flat *f)
{
    const int nd = g->draw.n;
    ev_reading *out = ev_calloc(g->mem, sizeof *out * ((size_t)f->win_start[nd] + 1));
    if (!out)
        return NULL;
    uint8_t h[EV_IDS];
    for (int d = 0; d < nd; d++) {
        const int state = g->draw.v[d].state;
        if (state == EV_FREE || f->win_start[d] == f->win_start[d + 1])
            continue;
        key_hand(g->draw.v[d].key, h);
        for (int w = f->win_start[d]; w < f->win_start[d + 1]; w++) {
            const int t = f->win_tile[w];
            ev_key y = g->draw.v[d].key;
            key_step(&y, t, 1);
            h[t]++;
            const double *ura;
            int ura_top;
            sc_hand *complete = complete_of(g, y, h, t, state, &ura, &ura_top);
            h[t]--;
            struct score_result r;
            /* priced as win_values prices them: a win with a yaku, below yakuman */
            if (complete && ura && sc_score_win(complete, id_kind(t), &r) == SC_OK && r.yaku && r.base < 8000)
                out[w] = (ev_reading){(int16_t)(r.han + (state == EV_IPPATSU)), (int16_t)r.fu, 1};
        }
    }
    return out;
}

/* Node i's values at turn k (node at[i] of nodes; at NULL: node i), where it is reached by then. */
static void export_values(double *out, const ev_value *v, int n, int k, const ev_node *nodes, const int32_t *at)
{
    double *row = out + (size_t)k * n * EV_VALUES;
    for (int i = 0; i < n; i++)
        if (nodes[at ? at[i] : i].depth <= k)
            row[i * EV_VALUES + EV_TP] = v[i].tp, row[i * EV_VALUES + EV_WP] = v[i].wp, row[i * EV_VALUES + EV_ES] = v[i].es;
}

/* About what a search from this shanten holds: its hash tables' first size, and its arrays' (grown
 * by copies otherwise: 3-shanten 1-2% faster). From 1-shanten the tables start at eight slots for
 * each draw node a search is sized for, in huge pages (the arena's, or blocks of their own): against
 * four, 1-shanten 1.01x, 2-shanten 1.01x, 3-shanten 1.06-1.09x (at 2-shanten, 32,768 slots: 0.97x,
 * 262,144: 0.97x; at 3-shanten, 1,048,576: 1.01x). */
static int presize(ev_graph *g)
{
    static const size_t SLOTS[4] = {1024, 16384, 131072, 524288};
    static const int NODES[4] = {256, 2048, 16384, 131072}; /* draw nodes: twice as many discard nodes */
    const int s = g->shanten0 < 0 ? 0 : g->shanten0 > 3 ? 3 : g->shanten0, n = NODES[s];
    g->slots = SLOTS[s];
    ev_memory *m = g->mem;
    return grow(m, (void **)&g->draw.v, &g->draw.cap, n, sizeof *g->draw.v) < 0 ||
                   grow(m, (void **)&g->discard.v, &g->discard.cap, 2 * n, sizeof *g->discard.v) < 0 ||
                   grow(m, (void **)&g->edges.v, &g->edges.cap, 8 * n, sizeof *g->edges.v) < 0 ||
                   grow(m, (void **)&g->edges.start, &g->edges.cap_nodes, n, sizeof *g->edges.start) < 0 ||
                   grow(m, (void **)&g->options.v, &g->options.cap, 8 * n, sizeof *g->options.v) < 0 ||
                   grow(m, (void **)&g->options.start, &g->options.cap_nodes, 2 * n, sizeof *g->options.start) < 0 ||
                   grow(m, (void **)&g->cross_options.v, &g->cross_options.cap, 8 * n, sizeof *g->cross_options.v) < 0
               ? -1
               : 0;
}

int ev_solve(const ev_config *cfg, ev_memory *mem, ev_row *rows, int *nodes, ev_export *export)
{
    ev_graph g;
    memset(&g, 0, sizeof g);
    g.cfg = cfg;
    g.mem = mem;
    ev_flat f;
    memset(&f, 0, sizeof f);
    ev_classes channels = {0}, *ch = &channels;
    uint8_t c[SH_KINDS + 2];
    merged(cfg->hand, c);
    const summary_t sm = summarize(c);
    const int fourteen = sm.tiles % 3 == 2;
    g.shanten0 = best_of_forms(evaluate(c, &sm, NULL, cfg->players, 0), cfg->forms) - 1;
    g.closed = 1;
    g.tiles = export || cfg->exact;
    for (int m = 0; m < cfg->win.n_melds; m++)
        g.closed &= cfg->win.melds[m].type == SC_CLOSED_KAN;
    g.total = cfg->divisor_extra;
    for (int i = 0; i < EV_IDS; i++)
        g.total += cfg->pool[i];
    int n_rows = 0, result = -1;
    ev_value *layer = NULL;
    if (presize(&g) < 0)
        goto done;
    const ev_key start = key_of(cfg->hand);
    const int root = node(&g, fourteen, start, key_line(start), EV_FREE, 0, 0);
    if (root < 0)
        goto done;
    /* every node is expanded once, in the order made (nodes are only appended): a discard node by
     * the draw node that makes it, or here the first */
    if (fourteen) {
        uint8_t h[EV_IDS], cc[EV_IDS];
        const summary_t s = key_counts(g.discard.v[root].key, h, cc);
        const uint8_t *rows[4];
        fast_rows(cc, cfg->players, rows);
        if (expand_discard(&g, root, h, cc, &s, rows, NULL, 0, -1, -1, NULL) < 0)
            goto done;
    }
    for (int d = 0; d < g.draw.n; d++)
        if (expand_draw(&g, d) < 0)
            goto done;
    const int nd = g.draw.n, nx = g.discard.n;
    *nodes = nd + nx;
    /* one value per node, overwritten turn by turn: a draw node's at turn k replaces its own at k + 1,
     * the only one of that turn it reads but the discard nodes' (its stay is itself, or an ippatsu
     * node's riichi twin, made after it and so valued after it); the discard nodes' at k are made
     * after every draw node's at k, the only readers of theirs at k + 1 (a turn's values stay in
     * the caches: 3-shanten 4% faster, 1- and 2-shanten 1%, than with two layers a turn) */
    layer = ev_alloc(g.mem, sizeof *layer * (size_t)(nd + nx + 2));
    /* the links' tiles are read by the exported graph and the exact pool, and the start's options' by
     * the rows: the others are not written (2-shanten 1.008x) */
    if (!layer || flatten(&g, &f, fourteen, g.tiles) < 0 ||
        ((g.depths_stale || export || cfg->exact) && move_draw_nodes(&g, &f) < 0) ||
        (g.depths_stale && depths(&g, root, fourteen, &f) < 0) ||
        (export && export_graph(&g, &f, cfg->draws + 1, export) < 0))
        goto done;
    steps(&g, &f, cfg->draws, layer);
    ev_value *const d_now = layer, *const d_next = layer, *const x_now = layer + nd, *const x_next = layer + nd;
    /* the rows: the root's options (14 tiles) or the root itself (13) */
    int row_node[2 * EV_IDS], row_tile[2 * EV_IDS], n_opts = 0;
    if (fourteen) {
        for (int o = f.opt_start[root]; o < f.opt_start[root + 1]; o++)
            row_node[n_opts] = option_node(f.opt[o]), row_tile[n_opts++] = f.opt_tile[o];
    } else {
        row_node[0] = root, row_tile[0] = -1, n_opts = 1;
    }
    const int obj = cfg->objective, T = cfg->draws;
#if defined(SH_AVX2)
    const int avx = have_avx2();
#endif
    const double inv = 1.0 / g.total;
    ev_value keep[2 * EV_IDS][EV_TURNS + 1];
    double row_classes[2 * EV_IDS][EV_CLASSES] = {{0}}; /* zero without explain: the rows carry them to Python all the same */
    if (cfg->explain && classes_alloc(g.mem, ch, nd, nx) < 0)
        goto done;
    if (cfg->exact) {
        uint8_t *hands = ev_alloc(g.mem, (size_t)nd * EV_IDS + 1);
        if (!hands)
            goto done;
        for (int d = 0; d < nd; d++)
            key_hand(g.draw.v[d].key, hands + (size_t)d * EV_IDS);
        ev_reading *readings = readings_of(&g, &f);
        const int exact = g.failed || !readings ? -1
                          : ev_exact(cfg, g.mem, &g.payments, g.draw.v, hands, &f, nx, readings,
                                     row_node, row_tile, n_opts, keep);
        ev_free(g.mem, readings);
        ev_free(g.mem, hands);
        if (exact < 0) {
            result = exact;
            goto done;
        }
    }
    for (int k = T; k >= 0 && !cfg->exact; k--) {
        if (cfg->explain)
            classes_swap(ch);
        if (cfg->explain)
            turn(&f, k, T, obj, 1, 0, inv, d_now, d_next, x_now, x_next, ch);
#if defined(SH_AVX2)
        else if (obj == EV_OBJ_SEPARATE && avx)
            turn_separate4(&f, k, T, inv, layer, nd);
#endif
        else if (obj == EV_OBJ_SEPARATE)
            turn(&f, k, T, EV_OBJ_SEPARATE, 0, 0, inv, d_now, d_next, x_now, x_next, ch);
        else if (obj == EV_OBJ_SCORE)
            turn(&f, k, T, EV_OBJ_SCORE, 0, 0, inv, d_now, d_next, x_now, x_next, ch);
        else
            turn(&f, k, T, EV_OBJ_WIN, 0, 0, inv, d_now, d_next, x_now, x_next, ch);
        for (int r = 0; r < n_opts; r++)
            keep[r][k] = d_now[row_node[r]];
        if (cfg->explain && k == 0)
            for (int r = 0; r < n_opts; r++)
                memcpy(row_classes[r], ch->d_now + (size_t)row_node[r] * EV_CLASSES, sizeof row_classes[r]);
        if (export) {
            export_values(export->draw_values, d_now, nd, k, g.draw.v, NULL);
            export_values(export->discard_values, x_now, nx, k, g.discard.v, f.x_node);
        }
    }
    /* one row per discard: of riichi and dama, the better at the start */
    int source[2 * EV_IDS];
    for (int r = 0; r < n_opts; r++) {
        int same = -1;
        for (int q = 0; q < n_rows; q++)
            if (rows[q].tile == row_tile[r])
                same = q;
        const ev_node *n = &g.draw.v[f.d_node[row_node[r]]];
        if (same >= 0) {
            if (!better(&keep[r][0], &keep[source[same]][0], obj == EV_OBJ_SEPARATE ? EV_OBJ_SCORE : obj))
                continue;
        } else {
            same = n_rows++;
        }
        source[same] = r;
        ev_row *row = &rows[same];
        row->tile = row_tile[r];
        row->shanten = n->shanten;
        row->riichi = n->state != EV_FREE;
        memcpy(row->classes, row_classes[r], sizeof row->classes);
        for (int k = 0; k <= T; k++) {
            row->v[EV_TP][k] = keep[r][k].tp;
            row->v[EV_WP][k] = keep[r][k].wp;
            row->v[EV_ES][k] = keep[r][k].es;
        }
    }
    result = n_rows;
done:
    if (g.failed)
        result = g.failed;
    if (export && result < 0)
        ev_export_free(export);
    flat_free(g.mem, &f);
    void *arrays[] = {layer, ch->base, g.draw.v, g.discard.v, g.draw.index.slots, g.discard.index.slots,
                      g.completes.v, g.completes.index.slots, g.edges.v, g.edges.tile, g.edges.start,
                      g.options.v, g.options.tile, g.options.start, g.wins_drawn.v, g.cross_edges.v,
                      g.cross_options.v, g.wins, g.win_classes};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        ev_free(g.mem, arrays[i]);
    return result;
}
