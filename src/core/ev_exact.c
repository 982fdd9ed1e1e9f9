/* The exact pool convention's values (docs/ev.md, "The exact pool"): a thrown tile is gone, so
 * the chance of a draw is its copies unseen now over the tiles unseen now, and a state is a draw
 * node of the graph ev.c built, what it must know of the tiles thrown so far, the draws made and
 * the draws left. The graph is the same as in mahjong-cpp's convention (which draws and discards
 * are searched does not depend on the pool); only the weights and the ura dora chances change.
 * Memoised recursion: every draw makes one more, so the states form no cycle. */
#include <stdlib.h>
#include <string.h>

#include "ev_graph.h"

/* A draw node's state and its values: the thrown sum of each of its blocks (a and b, state_key),
 * and the node and the draws made and left (c, with a high bit so that 0 marks an empty slot). */
typedef struct {
    uint64_t a, b, c;
    ev_value v;
} ex_entry;

typedef struct {
    const ev_config *cfg;
    ev_payments *pay;
    const ev_node *draw;
    const uint8_t *hands;
    const ev_flat *f;
    const ev_reading *readings; /* each win's of f */
    ev_memory *mem;
    int32_t *block_start; /* draw node d's blocks: blocks[block_start[d] .. block_start[d + 1]) */
    uint64_t *blocks;     /* a block's ids */
    uint64_t *blocked;    /* draw node d's ids in any block */
    uint8_t *ready;       /* discard node x: an option is tenpai (its value with no draw left) */
    int unseen;           /* tiles unseen at the start: the pool's size */
    int obj;
    ex_entry *table;
    size_t mask, n;
    int failed;
} ex_search;

static inline int live(const ex_search *s, const uint8_t *h, const uint8_t *thrown, int i)
{
    return s->cfg->pool[i] + s->cfg->hand[i] - h[i] - thrown[i];
}

/* ---- what a state tells apart ----------------------------------------------------------------
 * A node's values read sums of thrown counts over sets of ids: one id's count for each draw it
 * searches (that draw's chance) and, for a riichi win's ura dora, the counts of the indicator kinds
 * of the kinds the hand holds, pooled by how many it holds (as ura_distribution pools them). A
 * node's partition of the ids is the coarsest whose blocks give its own sums and those of every
 * node it leads to (a fixed point: the graph has cycles); its state keeps one sum per block, and a
 * thrown tile outside every block leaves the state as it is. Labels: 0 for an id in no block, else
 * the block's number, blocks numbered from 1 in the order of their first id. */

typedef struct {
    uint8_t label[EV_IDS + 1][EV_IDS + 1];
    uint32_t stamp[EV_IDS + 1][EV_IDS + 1], now; /* a pair's label is this refinement's when stamped now */
} ex_refiner;

/* out = the common refinement of the labellings a and b (out may be a or b); returns its number
 * of blocks (EV_IDS: every id apart, which nothing refines further). */
static int refine(ex_refiner *r, const uint8_t *a, const uint8_t *b, uint8_t *out)
{
    r->now++;
    uint8_t blocks = 0;
    for (int i = 0; i < EV_IDS; i++) {
        const int x = a[i], y = b[i];
        if (!(x | y)) {
            out[i] = 0;
            continue;
        }
        if (r->stamp[x][y] != r->now)
            r->stamp[x][y] = r->now, r->label[x][y] = ++blocks;
        out[i] = r->label[x][y];
    }
    return blocks;
}

static void refine_by_set(ex_refiner *r, uint8_t *labels, uint64_t set)
{
    uint8_t in[EV_IDS];
    for (int i = 0; i < EV_IDS; i++)
        in[i] = (uint8_t)(set >> i & 1);
    refine(r, labels, in, labels);
}

/* The ids of kind k: the kind, and a five's red copy. */
static uint64_t kind_ids(int k)
{
    uint64_t ids = 1ull << k;
    for (int r = 0; r < 3; r++)
        ids |= (uint64_t)(k == RED_KIND[r]) << (SH_KINDS + r);
    return ids;
}

/* A draw node's own sums: its searched draws one by one (*single), and with priced riichi wins
 * (*pooled: the ids they read) the indicators of the kinds held, pooled by the copies held, and
 * apart for each wait's kind (a win moves that kind up one pool), into labels unless NULL. */
static void own_sums(const ex_search *s, ex_refiner *r, int d, uint64_t *single, uint64_t *pooled, uint8_t *labels)
{
    const ev_flat *f = s->f;
    uint64_t waits = 0;
    int priced = 0;
    *single = *pooled = 0;
    for (int e = f->start[d]; e < f->start[d + 1]; e++)
        *single |= 1ull << f->tile[e];
    for (int e = f->win_start[d]; e < f->win_start[d + 1]; e++) {
        waits |= 1ull << f->win_tile[e];
        priced |= s->readings[e].ura;
    }
    *single |= waits;
    if (labels) {
        memset(labels, 0, EV_IDS);
        for (uint64_t ids = *single; ids; ids &= ids - 1)
            refine_by_set(r, labels, 1ull << lowest_bit(ids));
    }
    if (!priced)
        return;
    const int players = s->cfg->players;
    uint8_t held[SH_KINDS];
    held_kinds(s->cfg, s->hands + (size_t)d * EV_IDS, held);
    uint64_t pools[5] = {0}; /* by copies held, 1-4 */
    for (int k = 0; k < SH_KINDS; k++)
        if (held[k])
            pools[held[k] < 4 ? held[k] : 4] |= kind_ids(indicator_of(k, players));
    for (int g = 1; g <= 4; g++) {
        *pooled |= pools[g];
        if (labels && pools[g])
            refine_by_set(r, labels, pools[g]);
    }
    for (uint64_t ids = waits; ids; ids &= ids - 1) {
        const uint64_t kind = kind_ids(indicator_of(id_kind(lowest_bit(ids)), players));
        *pooled |= kind;
        if (labels)
            refine_by_set(r, labels, kind);
    }
}

/* A node's labels: its own when it has pools (ids read only as part of a sum), else every id it
 * reads apart, written into one. */
static const uint8_t *labels_of(const uint8_t *own, uint64_t single, uint64_t pooled, uint8_t *one)
{
    if (pooled & ~single)
        return own;
    uint8_t blocks = 0;
    for (int i = 0; i < EV_IDS; i++)
        one[i] = single >> i & 1 ? ++blocks : 0;
    return one;
}

/* Each draw node's blocks (s->blocks[s->block_start[d] ..]), as masks of ids. First the ids each
 * node reads apart and in pools (masks, cheap); then the labels of the nodes with pools, which
 * are few: near the start tegawari reads every id apart. A node as many draws from the start as
 * are left, or more, is never read with a draw left: it has none. */
static int partitions(ex_search *s, int nd, int nx)
{
    const int far = s->cfg->draws;
    const ev_flat *f = s->f;
    ex_refiner *r = ev_calloc(s->mem, sizeof *r);
    uint64_t *masks = ev_calloc(s->mem, sizeof *masks * 2 * ((size_t)nd + nx + 1)); /* single, pooled */
    uint64_t *own = ev_calloc(s->mem, sizeof *own * 2 * ((size_t)nd + 1));
    uint8_t *labels = ev_calloc(s->mem, ((size_t)nd + nx) * EV_IDS + 1); /* draw nodes', then discard nodes' */
    int32_t *order = ev_alloc(s->mem, sizeof *order * ((size_t)nd + nx + 1));
    s->block_start = ev_alloc(s->mem, sizeof *s->block_start * ((size_t)nd + 1));
    s->blocked = ev_calloc(s->mem, sizeof *s->blocked * ((size_t)nd + 1));
    int ok = r && masks && own && labels && order && s->block_start && s->blocked, n_order = 0;
    /* deepest first, a depth's draw nodes before its discard nodes (nd + x): each sweep carries the
     * reads forward in one pass, and sweeps repeat only for the links back to a nearer hand */
    for (int depth = far - 1; ok && depth >= 0; depth--) {
        for (int d = 0; d < nd; d++)
            if (s->draw[d].depth == depth) {
                order[n_order++] = d;
                own_sums(s, r, d, &own[2 * d], &own[2 * d + 1], NULL);
            }
        for (int x = 0; x < nx; x++)
            if (s->f->x_from[x] == depth)
                order[n_order++] = nd + x;
    }
    for (int changed = ok; changed;) {
        changed = 0;
        for (int i = 0; i < n_order; i++) {
            const int v = order[i];
            uint64_t single, pooled;
            if (v >= nd) {
                single = pooled = 0;
                for (int o = f->opt_start[v - nd]; o < f->opt_start[v - nd + 1]; o++)
                    single |= masks[2 * option_node(f->opt[o])], pooled |= masks[2 * option_node(f->opt[o]) + 1];
            } else {
                const int stay = s->draw[v].stay;
                single = own[2 * v] | masks[2 * stay], pooled = own[2 * v + 1] | masks[2 * stay + 1];
                for (int e = f->start[v]; e < f->start[v + 1]; e++) {
                    const int x = nd + edge_node(f->edge[e]);
                    single |= masks[2 * x], pooled |= masks[2 * x + 1];
                }
                for (int e = f->win_start[v]; e < f->win_start[v + 1]; e++) {
                    const int x = f->win_to[e] >= 0 ? nd + f->win_to[e] : v;
                    single |= masks[2 * x], pooled |= masks[2 * x + 1];
                }
            }
            changed |= single != masks[2 * v] || pooled != masks[2 * v + 1];
            masks[2 * v] = single, masks[2 * v + 1] = pooled;
        }
    }
    for (int i = 0; ok && i < n_order; i++) { /* the nodes with pools, their own labels */
        const int v = order[i];
        if (v < nd && masks[2 * v + 1] & ~masks[2 * v])
            own_sums(s, r, v, &own[2 * v], &own[2 * v + 1], labels + (size_t)v * EV_IDS);
    }
    for (int changed = ok; changed;) {
        changed = 0;
        for (int i = 0; i < n_order; i++) {
            const int v = order[i];
            if (!(masks[2 * v + 1] & ~masks[2 * v]))
                continue;
            uint8_t out[EV_IDS], one[EV_IDS];
            int blocks = 0;
            if (v >= nd) {
                memset(out, 0, EV_IDS);
                for (int o = f->opt_start[v - nd]; o < f->opt_start[v - nd + 1] && blocks < EV_IDS; o++) {
                    const int d = option_node(f->opt[o]);
                    blocks = refine(r, out, labels_of(labels + (size_t)d * EV_IDS, masks[2 * d], masks[2 * d + 1], one),
                                    out);
                }
            } else {
                const int stay = s->draw[v].stay;
                /* own labels are kept apart from the node's: the sweeps only refine */
                uint8_t mine[EV_IDS];
                own_sums(s, r, v, &own[2 * v], &own[2 * v + 1], mine);
                blocks = refine(r, mine, labels_of(labels + (size_t)stay * EV_IDS, masks[2 * stay],
                                                   masks[2 * stay + 1], one), out);
                for (int e = f->start[v]; e < f->start[v + 1] && blocks < EV_IDS; e++) {
                    const int x = nd + edge_node(f->edge[e]);
                    blocks = refine(r, out, labels_of(labels + (size_t)x * EV_IDS, masks[2 * x], masks[2 * x + 1], one),
                                    out);
                }
                for (int e = f->win_start[v]; e < f->win_start[v + 1] && blocks < EV_IDS; e++) {
                    if (f->win_to[e] < 0)
                        continue;
                    const int x = nd + f->win_to[e];
                    blocks = refine(r, out, labels_of(labels + (size_t)x * EV_IDS, masks[2 * x], masks[2 * x + 1], one),
                                    out);
                }
            }
            if (memcmp(out, labels + (size_t)v * EV_IDS, EV_IDS)) {
                memcpy(labels + (size_t)v * EV_IDS, out, EV_IDS);
                changed = 1;
            }
        }
    }
    int n = 0;
    for (int d = 0; ok && d < nd; d++) {
        s->block_start[d] = n;
        uint8_t one[EV_IDS];
        const uint8_t *l = labels_of(labels + (size_t)d * EV_IDS, masks[2 * d], masks[2 * d + 1], one);
        for (int i = 0; i < EV_IDS; i++)
            if (l[i]) {
                n = s->block_start[d] + l[i] > n ? s->block_start[d] + l[i] : n;
                s->blocked[d] |= 1ull << i;
            }
    }
    if (ok) {
        s->block_start[nd] = n;
        s->blocks = ev_calloc(s->mem, sizeof *s->blocks * ((size_t)n + 1));
        ok = s->blocks != NULL;
    }
    for (int d = 0; ok && d < nd; d++) {
        uint8_t one[EV_IDS];
        const uint8_t *l = labels_of(labels + (size_t)d * EV_IDS, masks[2 * d], masks[2 * d + 1], one);
        for (int i = 0; i < EV_IDS; i++)
            if (l[i])
                s->blocks[s->block_start[d] + l[i] - 1] |= 1ull << i;
    }
    ev_free(s->mem, r), ev_free(s->mem, masks), ev_free(s->mem, own), ev_free(s->mem, labels);
    ev_free(s->mem, order);
    return ok ? 0 : -1;
}

static inline uint64_t entry_hash(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t h = (a * 0x9E3779B97F4A7C15ull ^ b) * 0xC2B2AE3D27D4EB4Full ^ c * 0x632BE59BD9B4E019ull;
    return h ^ h >> 31;
}

static int table_grow(ex_search *s)
{
    const size_t cap = s->mask ? 2 * (s->mask + 1) : 4096;
    ex_entry *t = ev_calloc(s->mem, cap * sizeof *t);
    if (!t)
        return -1;
    for (size_t i = 0; s->table && i <= s->mask; i++) {
        if (!s->table[i].c)
            continue;
        size_t j = entry_hash(s->table[i].a, s->table[i].b, s->table[i].c) & (cap - 1);
        while (t[j].c)
            j = (j + 1) & (cap - 1);
        t[j] = s->table[i];
    }
    ev_free(s->mem, s->table);
    s->table = t;
    s->mask = cap - 1;
    return 0;
}

/* The slot of a state: its entry, or the empty slot where it goes. */
static ex_entry *slot_of(const ex_search *s, uint64_t a, uint64_t b, uint64_t c)
{
    size_t j = entry_hash(a, b, c) & s->mask;
    while (s->table[j].c && !(s->table[j].c == c && s->table[j].a == a && s->table[j].b == b))
        j = (j + 1) & s->mask;
    return &s->table[j];
}

/* The state's key: the thrown sum of each block of draw node d (3 bits for one id, which has at
 * most 4 copies, 6 for more: at most 116 bits, in two words), and d, the draws made and left. */
static inline void state_key(const ex_search *s, const uint8_t *thrown, int d, int m, int left, uint64_t *key)
{
    key[0] = key[1] = 0;
    int word = 0, bit = 0;
    for (int b = s->block_start[d]; b < s->block_start[d + 1]; b++) {
        uint64_t ids = s->blocks[b];
        const int width = ids & (ids - 1) ? 6 : 3;
        unsigned sum = 0;
        for (; ids; ids &= ids - 1)
            sum += thrown[lowest_bit(ids)];
        if (bit + width > 64)
            word++, bit = 0;
        key[word] |= (uint64_t)sum << bit;
        bit += width;
    }
    key[2] = 1ull << 63 | (uint64_t)left << 48 | (uint64_t)m << 40 | (uint32_t)d;
}

/* Keep a state's values; the slot is found again, since the table may have grown meanwhile. */
static void remember(ex_search *s, const uint64_t *key, ev_value v)
{
    const int max = s->cfg->max_nodes;
    if (max && s->n >= (size_t)max) {
        s->failed = -2;
        return;
    }
    ex_entry *e = slot_of(s, key[0], key[1], key[2]);
    *e = (ex_entry){key[0], key[1], key[2], v};
    if (++s->n * 2 > s->mask && table_grow(s) < 0)
        s->failed = -1;
}

static ev_value draw_value(ex_search *s, int d, uint8_t *thrown, int m, int left);

/* A discard node's value: its best option (each number's maximum for "separate"). Not kept:
 * a discard node's state is seldom met twice (its draw node's states are), and keeping them took
 * five sixths of the table. thrown is restored on return. */
static ev_value discard_value(ex_search *s, int x, uint8_t *thrown, int m, int left)
{
    const ev_flat *f = s->f;
    ev_value best = {0, 0, 0};
    for (int o = f->opt_start[x]; o < f->opt_start[x + 1] && !s->failed; o++) {
        const int u = f->opt_tile[o];
        thrown[u]++;
        const ev_value v = draw_value(s, option_node(f->opt[o]), thrown, m, left);
        thrown[u]--;
        if (o == f->opt_start[x])
            best = v;
        else
            take_option(&best, &v, s->obj);
    }
    return best;
}

/* A riichi win's value with its ura dora chances from the tiles unseen now (tile drawn into the
 * 13-tile h, m draws made before it). */
static double priced_win(ex_search *s, const ev_reading *w, const uint8_t *h, int tile, const uint8_t *thrown, int m,
                         int last)
{
    const ev_config *cfg = s->cfg;
    uint8_t won[EV_IDS], held[SH_KINDS], lives[EV_IDS], unseen[SH_KINDS];
    memcpy(won, h, EV_IDS);
    won[tile]++;
    held_kinds(cfg, won, held);
    for (int i = 0; i < EV_IDS; i++) /* their pooled sums are the state's (partitions) */
        lives[i] = (uint8_t)(cfg->pool[i] + cfg->hand[i] - won[i] - thrown[i]);
    merged(lives, unseen);
    double p[13];
    const int top = ura_distribution(unseen, s->unseen - m - 1, held, cfg->indicators, cfg->players, p);
    ev_win v;
    memset(&v, 0, sizeof v);
    add_payments(cfg, &cfg->win, s->pay, w->han, w->fu, p, top, &v);
    return last ? v.last : v.any;
}

/* A draw node's values with one draw left, m made. Nothing follows that draw, so a hand it leads to
 * is worth its tenpai alone and a win is always taken: the thrown tiles change the chances (and a
 * riichi win's ura dora) only. The sum is taken at once, not kept: these states are the most
 * numerous, and keeping them cost more than summing them again. */
static ev_value last_draw_value(ex_search *s, int d, const uint8_t *thrown, int m)
{
    const ev_flat *f = s->f;
    const ev_node *n = &s->draw[d];
    const uint8_t *h = s->hands + (size_t)d * EV_IDS;
    const double unseen = s->unseen - m;
    double sum = 0;
    if (!n->tenpai) { /* no win: the chance of drawing to a discard that leaves tenpai */
        for (int i = f->start[d]; i < f->start[d + 1]; i++) {
            const int w = live(s, h, thrown, f->tile[i]);
            if (w > 0)
                sum += w * s->ready[edge_node(f->edge[i])];
        }
        return (ev_value){sum / unseen, 0, 0};
    }
    double won = 0;
    for (int i = f->win_start[d]; i < f->win_start[d + 1]; i++) {
        const int t = f->win_tile[i], w = live(s, h, thrown, t);
        if (w <= 0)
            continue;
        const ev_reading *read = &s->readings[i];
        const double score = read->ura ? priced_win(s, read, h, t, thrown, m, 1) : f->win_score[2 * i + 1];
        if (score > 0) /* else no yaku: no win */
            won += w, sum += w * score;
    }
    return (ev_value){1.0, won / unseen, sum / unseen};
}

/* A draw node's values with `left` draws left, m made: each tile unseen now drawn with its chance.
 * thrown is restored on return. */
static ev_value draw_value(ex_search *s, int d, uint8_t *thrown, int m, int left)
{
    const ev_node *n = &s->draw[d];
    ev_value v = {n->tenpai, 0, 0};
    const double unseen = s->unseen - m;
    if (left == 0 || left < n->shanten || unseen <= 0 || s->failed)
        return v;
    if (left == 1)
        return last_draw_value(s, d, thrown, m);
    uint64_t key[3];
    state_key(s, thrown, d, m, left, key);
    const ex_entry *e = slot_of(s, key[0], key[1], key[2]);
    if (e->c)
        return e->v;
    const ev_flat *f = s->f;
    const uint8_t *h = s->hands + (size_t)d * EV_IDS;
    const int frozen = n->state != EV_FREE, stay = n->stay;
    uint64_t searched = 0;
    double sum[3] = {0, 0, 0}, drawn = 0;
#define ADD(w, to) (sum[0] += (w) * (to).tp, sum[1] += (w) * (to).wp, sum[2] += (w) * (to).es, drawn += (w))
    for (int i = f->start[d]; i < f->start[d + 1] && !frozen; i++) {
        const int t = f->tile[i], w = live(s, h, thrown, t);
        searched |= 1ull << t;
        if (w > 0) {
            const ev_value to = discard_value(s, edge_node(f->edge[i]), thrown, m + 1, left - 1);
            ADD(w, to);
        }
    }
    for (int i = f->win_start[d]; i < f->win_start[d + 1]; i++) {
        const int t = f->win_tile[i], w = live(s, h, thrown, t), x = frozen ? -1 : f->win_to[i];
        searched |= 1ull << t;
        if (w <= 0)
            continue;
        ev_value next;
        if (x >= 0) {
            next = discard_value(s, x, thrown, m + 1, left - 1);
        } else { /* a riichi hand turning the win down throws the tile */
            thrown[t]++;
            next = draw_value(s, stay, thrown, m + 1, left - 1);
            thrown[t]--;
        }
        const ev_reading *read = &s->readings[i];
        const double score = read->ura ? priced_win(s, read, h, t, thrown, m, left == 1)
                                       : f->win_score[2 * i + (left == 1)];
        const ev_value to = score > 0 ? take_win(score, &next, s->obj) : next;
        ADD(w, to);
    }
    /* any other draw is thrown at once: a block of the hand it stays at a time (any of the block's
     * tiles leaves the same state; one with a copy unseen stands for them, so that the counts stay
     * those of a real sequence of draws), and the tiles in no block all together */
    for (int b = s->block_start[stay]; b < s->block_start[stay + 1] && s->blocked[stay] & ~searched; b++) {
        int w = 0, one = -1;
        for (uint64_t ids = s->blocks[b] & ~searched; ids; ids &= ids - 1) {
            const int t = lowest_bit(ids), copies = live(s, h, thrown, t);
            if (copies > 0)
                w += copies, one = t;
        }
        if (w <= 0)
            continue;
        thrown[one]++;
        const ev_value to = draw_value(s, stay, thrown, m + 1, left - 1);
        thrown[one]--;
        ADD(w, to);
    }
    const double rest = unseen - drawn;
    if (rest > 0) {
        const ev_value to = draw_value(s, stay, thrown, m + 1, left - 1);
        ADD(rest, to);
    }
#undef ADD
    v.tp = frozen || n->tenpai ? 1.0 : sum[0] / unseen;
    v.wp = sum[1] / unseen;
    v.es = sum[2] / unseen;
    if (!s->failed)
        remember(s, key, v);
    return v;
}

int ev_exact(const ev_config *cfg, ev_memory *mem, ev_payments *pay, const ev_node *draw,
             const uint8_t *hands, const ev_flat *f, int nx, const ev_reading *readings, const int *row_node,
             const int *row_tile, int n_rows, ev_value (*keep)[EV_TURNS + 1])
{
    ex_search s = {cfg, pay, draw, hands, f, readings, mem, NULL, NULL, NULL, NULL, 0, cfg->objective, NULL, 0, 0, 0};
    const int nd = f->n_free + f->n_frozen;
    for (int i = 0; i < EV_IDS; i++)
        s.unseen += cfg->pool[i];
    s.ready = ev_alloc(mem, (size_t)nx + 1);
    if (!s.ready || partitions(&s, nd, nx) < 0 || table_grow(&s) < 0)
        s.failed = -1;
    for (int x = 0; x < nx && s.ready; x++) {
        s.ready[x] = 0;
        for (int o = f->opt_start[x]; o < f->opt_start[x + 1]; o++)
            s.ready[x] |= draw[option_node(f->opt[o])].tenpai;
    }
    uint8_t thrown[EV_IDS];
    for (int r = 0; r < n_rows && !s.failed; r++) {
        memset(thrown, 0, sizeof thrown);
        if (row_tile[r] >= 0) /* the first discard is gone too */
            thrown[row_tile[r]] = 1;
        for (int k = 0; k <= cfg->draws; k++)
            keep[r][k] = draw_value(&s, row_node[r], thrown, 0, cfg->draws - k);
    }
    ev_free(mem, s.block_start), ev_free(mem, s.blocks), ev_free(mem, s.blocked), ev_free(mem, s.table);
    ev_free(mem, s.ready);
    return s.failed;
}
