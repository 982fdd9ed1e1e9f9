/* Necessary tiles of a 3n+1 hand: the kinds whose draw lowers its shanten.
 *
 * Drawing a kind lowers the regular form exactly when the kind lowers the row
 * entry of its group in some optimal split of the melds and the pair, so each
 * row entry carries a mask of such kinds (necessary.bin, generated beside the
 * suit rows) and the merges keep the union over every optimal split. The
 * rule variants (lower limits) ask the evaluator once per drawable kind.
 */
#ifndef SHANTEN_NECESSARY_H
#define SHANTEN_NECESSARY_H

#include "eval.h"

extern const uint8_t *necessary_table; /* SUIT_SHAPES x SH_ROW little-endian u16, set on first use (tables.c) */

#define FORM_REGULAR 1
#define FORM_SEVEN_PAIRS 2
#define FORM_ORPHANS 4
#define FORMS_ALL 7

/* A group's row (16 readable bytes) and, per entry, its necessary kinds:
 * suits point into necessary.bin (9-bit masks, shifted to the suit's kinds
 * when read); the isolated group has its masks spelled out. */
typedef struct {
    const uint8_t *v, *need;
    int base;
    uint64_t mask[SH_ROW]; /* bit k: kind k (isolated group only) */
} masked_row;

static inline uint64_t entry_mask(const masked_row *g, int e)
{
    if (!g->need)
        return g->mask[e];
    return (uint64_t)(g->need[2 * e] | g->need[2 * e + 1] << 8) << g->base;
}

static void suit_masked(const uint8_t *c, int base, masked_row *out)
{
    out->v = suit_row(c + base);
    out->need = necessary_table + (size_t)(out->v - suit_table) * 2;
    out->base = base;
}

/* Kinds of the isolated group with the same count are interchangeable: one
 * more of any of them moves the histogram the same way. */
static void iso_masked(const uint8_t *c, int players, masked_row *out)
{
    const uint8_t *kinds;
    const int n = iso_kinds(players, &kinds);
    int idx = 0;
    uint64_t with_count[4] = {0, 0, 0, 0};
    for (int j = 0; j < n; j++) {
        idx += ISO_WEIGHT[c[kinds[j]]];
        if (c[kinds[j]] < 4)
            with_count[c[kinds[j]]] |= 1ULL << kinds[j];
    }
    out->v = ISO_TABLE[idx];
    out->need = NULL;
    memset(out->mask, 0, sizeof out->mask);
    for (int k = 0; k < 4; k++) {
        if (!with_count[k])
            continue;
        const uint8_t *more = ISO_TABLE[idx - ISO_WEIGHT[k] + ISO_WEIGHT[k + 1]];
        for (int e = 0; e < SH_ROW; e++)
            if (more[e] < out->v[e])
                out->mask[e] |= with_count[k];
    }
}

/* Union of the masks over every split of merged entry (m, p) into x and y
 * that attains `value`. */
static uint64_t split_mask(const masked_row *x, const masked_row *y, int m, int p, int value)
{
    uint64_t mask = 0;
    for (int a = 0; a <= m; a++)
        for (int px = 0; px <= p; px++) {
            const int ex = 2 * a + px, ey = 2 * (m - a) + p - px;
            if (x->v[ex] + y->v[ey] == value)
                mask |= entry_mask(x, ex) | entry_mask(y, ey);
        }
    return mask;
}

/* Values by the vector merges; masks only for the entries of optimal splits. */
static int regular_necessary(const uint8_t *c, int M, int players, uint64_t *mask)
{
    masked_row g[4];
    int bases[3], ns = run_suits(players, bases);
    for (int k = 0; k < ns; k++)
        suit_masked(c, bases[k], &g[k]);
    iso_masked(c, players, &g[ns]);
    uint8_t left[16], right[16];
    row_store(right, merge_rows(row_load(g[ns - 1].v), row_load(g[ns].v)));
    row_store(left, ns == 3 ? merge_rows(row_load(g[0].v), row_load(g[1].v)) : row_load(g[0].v));
    const int best = final_value(row_load(left), row_load(right), M);
    *mask = 0;
    for (int a = 0; a <= M; a++)
        for (int px = 0; px <= 1; px++) {
            const int el = 2 * a + px, er = 2 * (M - a) + 1 - px;
            if (left[el] + right[er] != best)
                continue;
            *mask |= ns == 3 ? split_mask(&g[0], &g[1], a, px, left[el]) : entry_mask(&g[0], el);
            *mask |= split_mask(&g[ns - 1], &g[ns], M - a, 1 - px, right[er]);
        }
    return best;
}

static inline void take_best(int *v, uint64_t *mask, int value, uint64_t m)
{
    if (value < *v) {
        *v = value;
        *mask = m;
    } else if (value == *v) {
        *mask |= m;
    }
}

#define ALL_KINDS ((1ULL << SH_KINDS) - 1)
#define ABSENT_3P 0xFEULL /* 2m-8m */

/* Table path: rule "tenhou" limits, seven pairs without quads. */
static int necessary_fast(const uint8_t *c, const summary_t *sm, int players, int forms, uint64_t *mask)
{
    const uint64_t held = sm->held, single = held & ~sm->two, orphans_held = held & ORPHAN_BITS;
    const uint64_t drawable = ALL_KINDS & ~(players == 3 ? ABSENT_3P : 0);
    int best = 4 * SH_INF;
    uint64_t regular_mask = 0;
    *mask = 0;
    if (forms & FORM_REGULAR) {
        const int r = regular_necessary(c, sm->tiles / 3, players, &regular_mask);
        take_best(&best, mask, r, regular_mask);
    }
    if (sm->tiles == 13 && (forms & FORM_SEVEN_PAIRS)) {
        /* a single becomes a pair; a new kind helps while fewer than 7 are held */
        const uint64_t m = single | (sm->pairs + sm->singles < 7 ? drawable & ~held : 0);
        take_best(&best, mask, seven_pairs(c, sm, NULL, 0), m);
    }
    if (sm->tiles == 13 && (forms & FORM_ORPHANS)) {
        /* a missing orphan always helps; any held orphan helps while none is paired */
        const uint64_t m = (ORPHAN_BITS & ~orphans_held) | (sm->orphan_pair ? 0 : orphans_held);
        take_best(&best, mask, thirteen_orphans(c, sm, NULL), m);
    }
    return best;
}

static int best_of_forms(forms_t f, int forms)
{
    int r = SH_INF;
    if (forms & FORM_REGULAR)
        r = min2(r, f.regular);
    if (forms & FORM_SEVEN_PAIRS)
        r = min2(r, f.seven_pairs);
    if (forms & FORM_ORPHANS)
        r = min2(r, f.orphans);
    return r;
}

/* Any limits: draw each kind that can still be drawn and ask the evaluator. */
static int necessary_by_draws(uint8_t *c, const summary_t *sm, const uint8_t *lim, const uint8_t *live,
                              int players, int quads_as_pairs, int forms, uint64_t *mask)
{
    const int r = best_of_forms(evaluate(c, sm, lim, players, quads_as_pairs), forms);
    *mask = 0;
    for (int t = 0; t < SH_KINDS; t++) {
        if (!live[t])
            continue;
        c[t]++;
        const summary_t more = summarize(c);
        const int drawn = best_of_forms(evaluate(c, &more, lim, players, quads_as_pairs), forms);
        c[t]--;
        if (drawn < r)
            *mask |= 1ULL << t;
    }
    return r;
}

/* Necessary kinds of a validated 3n+1 hand before the live filter, under any
 * limits (the table path needs necessary.bin loaded). */
static int necessary_any(uint8_t *c, const summary_t *sm, const uint8_t *lim, const uint8_t *live, int players,
                         int quads_as_pairs, int forms, uint64_t *mask)
{
    if (!lim && !quads_as_pairs)
        return necessary_fast(c, sm, players, forms, mask);
    return necessary_by_draws(c, sm, lim, live, players, quads_as_pairs, forms, mask);
}

/* A discard table of a validated 3n+2 hand: for each held kind d, the
 * replacement number after discarding d (after[d]; SH_INF for kinds not held)
 * and the necessary kinds it leaves that still have a live copy. The discarded
 * copy joins the dead tiles, so live counts stay those of the 3n+2 hand. */
static inline void discard_table(uint8_t *c, const summary_t *sm, const uint8_t *lim, const uint8_t *live, int players,
                          int quads_as_pairs, int forms, int after[SH_KINDS], uint64_t masks[SH_KINDS])
{
    const uint64_t drawable = summarize(live).held;
    for (int d = 0; d < SH_KINDS; d++) {
        after[d] = SH_INF;
        masks[d] = 0;
    }
    for (uint64_t rest = sm->held; rest; rest &= rest - 1) {
        const int d = lowest_bit(rest);
        c[d]--;
        const summary_t less = summarize(c);
        after[d] = necessary_any(c, &less, lim, live, players, quads_as_pairs, forms, &masks[d]);
        masks[d] &= drawable;
        c[d]++;
    }
}

/* Unnecessary tiles: the held kinds some optimal target holds fewer of, i.e.
 * whose removal leaves the replacement number (for the same target size) as
 * it is. On the table path only the removed kind's group row is looked up
 * again; under lower limits the evaluator is asked once per held kind. */
static inline int unnecessary_tiles(uint8_t *c, const summary_t *sm, const uint8_t *lim, int players, int quads_as_pairs,
                             int forms, uint64_t *mask)
{
    const int M = sm->tiles / 3, special = sm->tiles >= 13;
    const int table_path = !lim && !quads_as_pairs;
    const uint8_t *rows[4];
    int bases[3];
    const int ns = run_suits(players, bases), ng = table_path ? fast_rows(c, players, rows) : 0;
    const int r = best_of_forms(evaluate_with(c, sm, lim, players, quads_as_pairs, M, special), forms);
    *mask = 0;
    for (uint64_t rest = sm->held; rest; rest &= rest - 1) {
        const int t = lowest_bit(rest);
        c[t]--;
        const summary_t less = summarize(c);
        forms_t f;
        if (table_path) {
            int g = ns; /* the isolated group unless t lies in a run suit */
            for (int k = 0; k < ns; k++)
                if (t >= bases[k] && t < bases[k] + 9)
                    g = k;
            const uint8_t *kept = rows[g];
            rows[g] = g < ns ? suit_row(c + bases[g]) : iso_row(c, players);
            f.regular = combine_groups(rows, ng, M);
            rows[g] = kept;
            f.seven_pairs = special ? seven_pairs(c, &less, NULL, 0) : SH_INF;
            f.orphans = special ? thirteen_orphans(c, &less, NULL) : SH_INF;
        } else {
            f = evaluate_with(c, &less, lim, players, quads_as_pairs, M, special);
        }
        c[t]++;
        if (best_of_forms(f, forms) == r)
            *mask |= 1ULL << t;
    }
    return r;
}

#endif
