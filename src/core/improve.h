/* Improvement draws and good-shape share of a tenpai or 1-shanten 3n+1 hand
 * (definitions in shanten.efficiency): one discard table per draw, each of
 * which rebuilds only the discarded kind's group on the table path. */
#ifndef SHANTEN_IMPROVE_H
#define SHANTEN_IMPROVE_H

#include "queries.h"

/* The hand a query starts from: a validated 3n+1 hand with its limits (NULL:
 * the defaults), live copies, red fives held and options. */
typedef struct {
    uint8_t *c;
    const uint8_t *lim, *live, *red;
    int players, quads_as_pairs, forms;
} draw_base;

typedef struct {
    int kind, live;      /* the drawn kind and its live copies */
    int discard, red;    /* the best discard after it (red: the red five) */
    int total;           /* live uke-ire it leaves */
    uint64_t mask;       /* those kinds */
} improvement;

static inline int live_total(uint64_t mask, const uint8_t *live)
{
    int total = 0;
    for (; mask; mask &= mask - 1)
        total += live[lowest_bit(mask)];
    return total;
}

/* Draw kind k into b's hand and take its discard table with the live copies
 * after the draw (`live14`); the hand is restored before returning. */
static void after_draw(const draw_base *b, int k, uint8_t *live14, int after[SH_KINDS], uint64_t masks[SH_KINDS])
{
    memcpy(live14, b->live, SH_KINDS);
    live14[k]--;
    b->c[k]++;
    const summary_t sm = summarize(b->c);
    discard_table(b->c, &sm, b->lim, live14, b->players, b->quads_as_pairs, b->forms, -1, NULL, after, masks);
    b->c[k]--;
}

/* Improving draws of a hand whose replacement number is r0 (1 tenpai, 2
 * 1-shanten) and whose live uke-ire is mask0 (total0). Best discard after a
 * draw: most live uke-ire, then most kinds, then the lowest kind, a plain five
 * before a red one (the red five is worth keeping). Returns how many, best
 * first (most uke-ire after, then kind). */
static int improvement_draws(const draw_base *b, int r0, uint64_t mask0, int total0, improvement *out)
{
    int n = 0;
    for (int k = 0; k < SH_KINDS; k++) {
        if (!b->live[k] || (mask0 >> k & 1))
            continue;
        uint8_t live14[SH_KINDS];
        int after[SH_KINDS];
        uint64_t masks[SH_KINDS];
        after_draw(b, k, live14, after, masks);
        int best = -1, best_total = -1, best_kinds = -1;
        for (int d = 0; d < SH_KINDS; d++) {
            if (after[d] != r0)
                continue;
            const int total = live_total(masks[d], live14), kinds = popcount64(masks[d]);
            if (total > best_total || (total == best_total && kinds > best_kinds)) {
                best = d;
                best_total = total;
                best_kinds = kinds;
            }
        }
        if (best < 0)
            continue;
        const int better_wait = r0 == 1 && popcount64(mask0) < 2 && best_kinds >= 2;
        if (best_total <= total0 && !better_wait)
            continue;
        const int held = b->c[best] + (best == k), is_five = best < 27 && best % 9 == 4;
        const int reds = is_five ? b->red[best / 9] : 0;
        out[n++] = (improvement){k, b->live[k], best, reds > 0 && held <= reds, best_total, masks[best]};
    }
    for (int i = 1; i < n; i++) { /* insertion sort, stable: most uke-ire first, kinds ascending among ties */
        const improvement x = out[i];
        int j = i;
        for (; j > 0 && out[j - 1].total < x.total; j--)
            out[j] = out[j - 1];
        out[j] = x;
    }
    return n;
}

/* Live copies, among the uke-ire mask0 of a 1-shanten hand, of the draws after
 * which some discard leaves tenpai on two or more kinds. */
static int good_shape_live(const draw_base *b, uint64_t mask0)
{
    int good = 0;
    for (uint64_t rest = mask0; rest; rest &= rest - 1) {
        const int k = lowest_bit(rest);
        uint8_t live14[SH_KINDS];
        int after[SH_KINDS];
        uint64_t masks[SH_KINDS];
        after_draw(b, k, live14, after, masks);
        for (int d = 0; d < SH_KINDS; d++)
            if (after[d] == 1 && popcount64(masks[d]) >= 2) {
                good += b->live[k];
                break;
            }
    }
    return good;
}

#endif
