/* The exact pool convention's values (docs/ev.md, "The exact pool"): a thrown tile is gone, so
 * the chance of a draw is its copies unseen now over the tiles unseen now, and a state is a node of
 * the graph ev.c built, the tiles thrown so far, the draws made and the draws left. The graph is
 * the same as in mahjong-cpp's convention (which draws and discards are searched does not depend
 * on the pool); only the weights and the ura dora chances change. A state keeps the thrown counts
 * of the ids its values can depend on (the ids drawn from its node on, and the ura indicators of
 * the riichi wins ahead); any other thrown tile leaves the same state. Memoised recursion: every
 * draw makes one more, so the states form no cycle. */
#include <stdlib.h>
#include <string.h>

#include "ev_graph.h"

/* A draw node's state and its values: the thrown counts (3 bits an id, in two words), and the node
 * and the draws made and left (c, with a high bit so that 0 marks an empty slot). */
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
    uint64_t *draw_ids, *discard_ids; /* the ids whose thrown counts a node's values depend on */
    int unseen;                       /* tiles unseen at the start: the pool's size */
    int obj;
    ex_entry *table;
    size_t mask, n;
    int failed;
} ex_search;

static inline int live(const ex_search *s, const uint8_t *h, const uint8_t *thrown, int i)
{
    return s->cfg->pool[i] + s->cfg->hand[i] - h[i] - thrown[i];
}

static uint64_t indicator_ids(const ex_search *s, const uint8_t *h, uint64_t wins)
{
    uint8_t held[SH_KINDS];
    held_kinds(s->cfg, h, held);
    for (; wins; wins &= wins - 1)
        held[id_kind(lowest_bit(wins))]++;
    uint64_t ids = 0;
    for (int k = 0; k < SH_KINDS; k++) {
        if (!held[k])
            continue;
        const int ind = indicator_of(k, s->cfg->players);
        ids |= 1ull << ind;
        for (int r = 0; r < 3; r++)
            ids |= (uint64_t)(ind == RED_KIND[r]) << (SH_KINDS + r);
    }
    return ids;
}

/* Which ids each node depends on: its own draws, the indicators of its priced riichi wins, and
 * what the nodes it leads to depend on (a fixed point: the graph has cycles). */
static int relevant_ids(ex_search *s, int nd, int nx)
{
    const ev_flat *f = s->f;
    uint64_t *own = ev_calloc(s->mem, sizeof *own * ((size_t)nd + 1));
    s->draw_ids = ev_calloc(s->mem, sizeof *s->draw_ids * ((size_t)nd + 1));
    s->discard_ids = ev_calloc(s->mem, sizeof *s->discard_ids * ((size_t)nx + 1));
    if (!own || !s->draw_ids || !s->discard_ids) {
        ev_free(s->mem, own);
        return -1;
    }
    for (int d = 0; d < nd; d++) {
        uint64_t wins = 0, priced = 0;
        for (int e = f->start[d]; e < f->start[d + 1]; e++)
            own[d] |= 1ull << f->tile[e];
        for (int e = f->win_start[d]; e < f->win_start[d + 1]; e++) {
            wins |= 1ull << f->win_tile[e];
            priced |= s->readings[e].ura;
        }
        own[d] |= wins | (priced ? indicator_ids(s, s->hands + (size_t)d * EV_IDS, wins) : 0);
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int x = 0; x < nx; x++) {
            uint64_t ids = 0;
            for (int o = f->opt_start[x]; o < f->opt_start[x + 1]; o++)
                ids |= s->draw_ids[f->opt[o]];
            s->discard_ids[x] = ids;
        }
        for (int d = nd - 1; d >= 0; d--) {
            uint64_t ids = own[d] | s->draw_ids[s->draw[d].stay];
            for (int e = f->start[d]; e < f->start[d + 1]; e++)
                ids |= s->discard_ids[f->edge[e] >> 3];
            for (int e = f->win_start[d]; e < f->win_start[d + 1]; e++)
                ids |= f->win_to[e] >= 0 ? s->discard_ids[f->win_to[e]] : 0;
            changed |= ids != s->draw_ids[d];
            s->draw_ids[d] = ids;
        }
    }
    ev_free(s->mem, own);
    return 0;
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

/* The state's key: the thrown counts of `ids`, and draw node d at m draws made with `left` to go. */
static inline void state_key(const uint8_t *thrown, uint64_t ids, int d, int m, int left, uint64_t *key)
{
    key[0] = key[1] = 0;
    for (; ids; ids &= ids - 1) {
        const int i = lowest_bit(ids);
        key[i >= 21] |= (uint64_t)thrown[i] << 3 * (i >= 21 ? i - 21 : i);
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
        const ev_value v = draw_value(s, f->opt[o], thrown, m, left);
        thrown[u]--;
        if (o == f->opt_start[x]) {
            best = v;
        } else if (s->obj == EV_OBJ_SEPARATE) {
            best.tp = v.tp > best.tp ? v.tp : best.tp;
            best.wp = v.wp > best.wp ? v.wp : best.wp;
            best.es = v.es > best.es ? v.es : best.es;
        } else if (better(&v, &best, s->obj)) {
            best = v;
        }
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
    for (int i = 0; i < EV_IDS; i++) /* right for the ids the chances read (relevant_ids) */
        lives[i] = (uint8_t)(cfg->pool[i] + cfg->hand[i] - won[i] - thrown[i]);
    merged(lives, unseen);
    double p[13];
    ura_distribution(unseen, s->unseen - m - 1, held, cfg->indicators, cfg->players, p);
    ev_win v;
    memset(&v, 0, sizeof v);
    add_payments(cfg, &cfg->win, s->pay, w->han, w->fu, p, 12, &v);
    return last ? v.last : v.any;
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
    uint64_t key[3];
    state_key(thrown, s->draw_ids[d], d, m, left, key);
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
            const ev_value to = discard_value(s, f->edge[i] >> 3, thrown, m + 1, left - 1);
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
        const ev_win *win = f->win[i];
        const ev_reading *read = &s->readings[i];
        const double score = read->ura ? priced_win(s, read, h, t, thrown, m, left == 1)
                                       : left == 1 ? win->last : win->any;
        const ev_value to = score > 0 ? take_win(score, &next, s->obj) : next;
        ADD(w, to);
    }
    /* any other draw is thrown at once: one by one where the hand it stays depends on the tile */
    for (uint64_t apart = s->draw_ids[stay] & ~searched; apart; apart &= apart - 1) {
        const int t = lowest_bit(apart), w = live(s, h, thrown, t);
        if (w <= 0)
            continue;
        thrown[t]++;
        const ev_value to = draw_value(s, stay, thrown, m + 1, left - 1);
        thrown[t]--;
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

int ev_exact(const ev_config *cfg, ev_memory *mem, ev_payments *pay, const ev_node *draw, const uint8_t *hands,
             const ev_flat *f, int nx, const ev_reading *readings, const int *row_node, const int *row_tile,
             int n_rows, ev_value (*keep)[EV_TURNS + 1])
{
    ex_search s = {cfg, pay, draw, hands, f, readings, mem, NULL, NULL, 0, cfg->objective, NULL, 0, 0, 0};
    const int nd = f->n_free + f->n_frozen;
    for (int i = 0; i < EV_IDS; i++)
        s.unseen += cfg->pool[i];
    if (relevant_ids(&s, nd, nx) < 0 || table_grow(&s) < 0)
        s.failed = -1;
    uint8_t thrown[EV_IDS];
    for (int r = 0; r < n_rows && !s.failed; r++) {
        memset(thrown, 0, sizeof thrown);
        if (row_tile[r] >= 0) /* the first discard is gone too */
            thrown[row_tile[r]] = 1;
        for (int k = 0; k <= cfg->draws; k++)
            keep[r][k] = draw_value(&s, row_node[r], thrown, 0, cfg->draws - k);
    }
    ev_free(mem, s.draw_ids), ev_free(mem, s.discard_ids), ev_free(mem, s.table);
    return s.failed;
}
