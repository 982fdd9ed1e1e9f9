/* The tile-efficiency queries the entry points share: necessary kinds under
 * any limits, a discard table, unnecessary tiles. */
#ifndef SHANTEN_QUERIES_H
#define SHANTEN_QUERIES_H

#include "limited.h"

/* Necessary kinds of a validated 3n+1 hand before the live filter, under any
 * limits (masks.bin must be loaded, except with seven_pairs_quads). */
static int necessary_any(uint8_t *c, const summary_t *sm, const uint8_t *lim, const uint8_t *live, int players,
                         int quads_as_pairs, int forms, uint64_t *mask)
{
    if (quads_as_pairs)
        return necessary_by_draws(c, sm, lim, live, players, quads_as_pairs, forms, mask);
    if (!lim)
        return necessary_fast(c, sm, players, forms, mask);
    limit_view lv;
    masked_row g[4];
    limit_view_init(&lv, c, lim, players);
    const int ng = limited_groups(c, players, &lv, g);
    return necessary_limited_groups(c, sm, &lv, live, players, forms, g, ng, WANT_ALL, mask);
}

/* Take one d out of c and its group k's masked row in g (marked under lv, when not NULL). */
static inline void step_group(uint8_t *c, int d, int players, int ng, const limit_view *lv, masked_row *g)
{
    const int k = group_of(d, players);
    if (k < ng - 1) {
        suit_masked_row(suit_row_step(c + d / 9 * 9, d % 9, -1), d / 9 * 9, &g[k]);
        if (lv)
            mark_exact(&g[k], lv, d % 9, -1);
        c[d]--;
    } else {
        c[d]--;
        iso_masked(c, players, &g[k]);
        if (lv)
            mark_exact(&g[k], lv, 0, 0);
    }
}

/* The number after discarding d without limits (the table's), g the 3n+2 hand's groups. */
static inline int table_after(uint8_t *c, const summary_t *less, int players, int forms, const masked_row *g, int ng,
                              int d)
{
    const int k = group_of(d, players);
    const uint8_t *rows[4];
    for (int i = 0; i < ng; i++)
        rows[i] = g[i].v;
    int r = SH_INF;
    if (forms & FORM_REGULAR) {
        if (k < ng - 1)
            rows[k] = suit_row_step(c + d / 9 * 9, d % 9, -1);
        else {
            c[d]--;
            rows[k] = iso_row(c, players);
            c[d]++;
        }
        r = combine_groups(rows, ng, less->tiles / 3);
    }
    if (less->tiles == 13 && (forms & FORM_SEVEN_PAIRS)) /* without limits: from the summary alone */
        r = min2(r, seven_pairs(c, less, NULL, 0));
    if (less->tiles == 13 && (forms & FORM_ORPHANS))
        r = min2(r, thirteen_orphans(c, less, NULL));
    return r;
}

/* A discard table of a validated 3n+2 hand: for each held kind d, the
 * replacement number after discarding d (after[d]; SH_INF for kinds not held)
 * and the necessary kinds it leaves that still have a live copy. The discarded
 * copy joins the dead tiles, so live counts stay those of the 3n+2 hand.
 * Returns the 3n+2 hand's own replacement number.
 *
 * With taken >= 0 (a review of that discard), the kinds under limits are
 * sought only for the discards that leave the best number or taken's number
 * (masks[d] may be every kind for the others): no other discard can rank above
 * or beside it. `dp` (or NULL) keeps the suits' exact rows for the next tables. */
static inline int discard_table(uint8_t *c, const summary_t *sm, const uint8_t *lim, const uint8_t *live, int players,
                                int quads_as_pairs, int forms, int taken, struct dp_memo *dp, int after[SH_KINDS],
                                uint64_t masks[SH_KINDS])
{
    const uint64_t drawable = summarize(live).held;
    const int groups = !quads_as_pairs; /* the table path, or limits checked against it */
    limit_view lv;
    masked_row g[4], first[SH_KINDS]; /* first: each discard's changed group after the first pass (a review) */
    struct group_memo memo;
    if (lim) {
        limit_view_init(&lv, c, lim, players);
        memo.valid = 0;
        lv.memo = &memo;
        lv.dp = dp;
    }
    const int ng = !groups ? 0 : lim ? limited_groups(c, players, &lv, g) : masked_groups(c, players, g);
    int before = SH_INF;
    if (!groups) {
        before = best_of_forms(evaluate(c, sm, lim, players, quads_as_pairs), forms);
    } else {
        const uint8_t *rows[4];
        for (int k = 0; k < ng; k++)
            rows[k] = g[k].v;
        if (forms & FORM_REGULAR) /* under limits the solved groups stay solved for the discards */
            before = lim ? regular_limited_groups(g, ng, sm->tiles / 3, &lv, players)
                         : combine_groups(rows, ng, sm->tiles / 3);
        if (sm->tiles >= 13 && (forms & FORM_SEVEN_PAIRS))
            before = min2(before, lim ? seven_pairs_limited(sm, &lv, NULL) : seven_pairs(c, sm, NULL, 0));
        if (sm->tiles >= 13 && (forms & FORM_ORPHANS))
            before = min2(before, lim ? thirteen_orphans_limited(sm, &lv, NULL) : thirteen_orphans(c, sm, NULL));
    }
    for (int d = 0; d < SH_KINDS; d++) {
        after[d] = SH_INF;
        masks[d] = 0;
    }
    uint64_t unmarked = 0; /* discards whose group the first pass did not mark (known shanten-back) */
    for (uint64_t rest = sm->held; rest; rest &= rest - 1) {
        const int d = lowest_bit(rest);
        const summary_t less = summary_less(sm, c[d], d);
        if (groups && lim && taken >= 0 && before < SH_INF && table_after(c, &less, players, forms, g, ng, d) > before) {
            /* The limits only raise a number, and a discard raises the 3n+2 hand's by at most 1:
             * the table's before + 1 is the number under limits too. Its kinds are sought in the
             * second pass if it can rank. */
            after[d] = before + 1;
            masks[d] = ~0ULL;
            unmarked |= 1ULL << d;
            continue;
        }
        if (groups) { /* only the discard's group changes; the others keep their rows and marks */
            const int k = group_of(d, players);
            memo.changed = k;
            const masked_row kept = g[k];
            step_group(c, d, players, ng, lim ? &lv : NULL, g);
            if (lim) {
                /* a discard that keeps the number ranks first: its kinds are sought now */
                after[d] = necessary_limited_groups(c, &less, &lv, live, players, forms, g, ng,
                                                    taken < 0 ? WANT_ALL : before, &masks[d]);
                if (taken >= 0)
                    first[d] = g[k]; /* marked, and solved if it had to be: the second pass starts from it */
            } else {
                after[d] = necessary_from_groups(c, &less, players, forms, g, ng, &masks[d], NULL);
            }
            g[k] = kept;
        } else {
            c[d]--;
            after[d] = necessary_any(c, &less, lim, live, players, quads_as_pairs, forms, &masks[d]);
        }
        if (masks[d] != ~0ULL) /* ~0: not sought yet (a review) */
            masks[d] &= drawable;
        c[d]++;
    }
    if (lim && groups && taken >= 0) { /* the second pass: kinds for the discards that can rank with taken */
        int best = SH_INF;
        for (uint64_t rest = sm->held; rest; rest &= rest - 1)
            best = min2(best, after[lowest_bit(rest)]);
        for (uint64_t rest = sm->held; rest; rest &= rest - 1) {
            const int d = lowest_bit(rest), k = group_of(d, players);
            if ((after[d] != best && after[d] != after[taken]) || masks[d] != ~0ULL)
                continue; /* cannot rank with taken, or found in the first pass */
            memo.changed = k;
            const summary_t less = summary_less(sm, c[d], d);
            const masked_row kept = g[k];
            if (unmarked >> d & 1)
                step_group(c, d, players, ng, &lv, g);
            else {
                c[d]--;
                g[k] = first[d];
            }
            necessary_limited_groups(c, &less, &lv, live, players, forms, g, ng, WANT_ALL, &masks[d]);
            masks[d] &= drawable;
            g[k] = kept;
            c[d]++;
        }
    }
    return before;
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
        const summary_t less = summary_less(sm, c[t], t);
        c[t]--;
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
