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

static const uint8_t *necessary_table; /* SUIT_SHAPES x SH_ROW little-endian u16, set on first use */

#define FORM_REGULAR 1
#define FORM_SEVEN_PAIRS 2
#define FORM_ORPHANS 4
#define FORMS_ALL 7

typedef struct {
    int v[SH_ROW];
    uint64_t mask[SH_ROW]; /* bit k: kind k */
} masked_row;

static void suit_masked(const uint8_t *c, int base, masked_row *out)
{
    const uint8_t *row = suit_row(c + base);
    const uint8_t *need = necessary_table + (size_t)(row - suit_table) / SH_ROW * SH_ROW * 2;
    for (int e = 0; e < SH_ROW; e++) {
        out->v[e] = row[e];
        out->mask[e] = (uint64_t)(need[2 * e] | need[2 * e + 1] << 8) << base;
    }
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
    const uint8_t *row = ISO_TABLE[idx];
    for (int e = 0; e < SH_ROW; e++) {
        out->v[e] = row[e];
        out->mask[e] = 0;
    }
    for (int k = 0; k < 4; k++) {
        if (!with_count[k])
            continue;
        const uint8_t *more = ISO_TABLE[idx - ISO_WEIGHT[k] + ISO_WEIGHT[k + 1]];
        for (int e = 0; e < SH_ROW; e++)
            if (more[e] < row[e])
                out->mask[e] |= with_count[k];
    }
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

static void merge_masked(const masked_row *x, const masked_row *y, masked_row *out, int M)
{
    for (int m = 0; m <= M; m++)
        for (int p = 0; p <= 1; p++) {
            int v = 4 * SH_INF;
            uint64_t mask = 0;
            for (int a = 0; a <= m; a++)
                for (int px = 0; px <= p; px++) {
                    const int ex = 2 * a + px, ey = 2 * (m - a) + p - px;
                    take_best(&v, &mask, x->v[ex] + y->v[ey], x->mask[ex] | y->mask[ey]);
                }
            out->v[2 * m + p] = v;
            out->mask[2 * m + p] = mask;
        }
}

static int regular_necessary(const uint8_t *c, int M, int players, uint64_t *mask)
{
    masked_row g[4], left, right;
    int bases[3], ns = run_suits(players, bases);
    for (int k = 0; k < ns; k++)
        suit_masked(c, bases[k], &g[k]);
    iso_masked(c, players, &g[ns]);
    merge_masked(&g[ns - 1], &g[ns], &right, M);
    if (ns == 3)
        merge_masked(&g[0], &g[1], &left, M);
    else
        left = g[0];
    int v = 4 * SH_INF;
    *mask = 0;
    for (int a = 0; a <= M; a++)
        for (int px = 0; px <= 1; px++) {
            const int ex = 2 * a + px, ey = 2 * (M - a) + 1 - px;
            take_best(&v, mask, left.v[ex] + right.v[ey], left.mask[ex] | right.mask[ey]);
        }
    return v;
}

#define ALL_KINDS ((1ULL << SH_KINDS) - 1)
#define ABSENT_3P 0xFEULL /* 2m-8m */

/* Table path: rule "tenhou" limits, seven pairs without quads. */
static int necessary_fast(const uint8_t *c, const summary_t *sm, int players, int forms, uint64_t *mask)
{
    uint64_t held = 0, single = 0, orphans_held = 0;
    for (int i = 0; i < SH_KINDS; i++) {
        held |= (uint64_t)(c[i] > 0) << i;
        single |= (uint64_t)(c[i] == 1) << i;
    }
    orphans_held = held & ORPHAN_BITS;
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

#endif
