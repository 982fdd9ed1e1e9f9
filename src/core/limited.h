/* Necessary kinds under lower limits (own melds under rule "wrc", dead
 * tiles), from the table path's rows: the limits only raise replacement
 * numbers, and a draw lowers one by at most 1, so whenever the limits leave a
 * hand's number as it is, only the table path's necessary kinds can be
 * necessary; the table itself tells which optimal targets fit the limits.
 */
#ifndef SHANTEN_LIMITED_H
#define SHANTEN_LIMITED_H

#include "necessary.h"

static void limit_view_init(limit_view *lv, const uint8_t *c, const uint8_t *lim)
{
    *lv = (limit_view){c, lim, 0, 0, 0, 0};
    for (int i = 0; i < SH_KINDS; i++) {
        lv->limited |= (uint64_t)(lim[i] < 4) << i;
        lv->pair_slots |= (uint64_t)(lim[i] >= 2) << i;
    }
    lv->orphan_one = ORPHAN_BITS;
    for (uint64_t rest = ORPHAN_BITS; rest; rest &= rest - 1) {
        const int k = lowest_bit(rest);
        if (lim[k] < 1)
            lv->orphan_one &= ~(1ULL << k);
    }
    lv->orphan_two = ORPHAN_BITS & lv->pair_slots;
}

/* Whether some optimal target of entry e (value v) of group g holds k or more
 * copies of kind i beyond the hand's: exactly when k more copies lower the
 * entry by k, one table lookup. 1 also when the shape leaves the table. */
static int excess_reaches(const masked_row *g, const uint8_t *c, int i, int k, int e, int v)
{
    if (!g->need) /* the isolated group: kinds with the same count are interchangeable */
        return ISO_TABLE[g->base - ISO_WEIGHT[c[i]] + ISO_WEIGHT[c[i] + k]][e] == v - k;
    uint8_t shape[16];
    memcpy(shape, c + g->base, 9);
    shape[i - g->base] += (uint8_t)k;
    int tiles = 0;
    for (int j = 0; j < 9; j++)
        tiles += shape[j];
    return tiles > 14 || suit_row(shape)[e] == v - k;
}

/* Whether an entry stays exact, with the same necessary kinds, under the
 * limits: whether every optimal target of the entry fits them. Such a target
 * exceeds the hand only on the entry's necessary kinds, there by at most v (the
 * entry's value), so a limited kind with room lim_i - h_i >= v is safe; below
 * that, the table says whether any optimal target needs more than the room. */
static inline int entry_exact(const masked_row *g, int e, const limit_view *lv)
{
    if (!lv)
        return 1;
    const int v = g->v[e];
    for (uint64_t m = entry_mask(g, e) & lv->limited; m; m &= m - 1) {
        const int i = lowest_bit(m), room = lv->lim[i] - lv->c[i];
        if (room < v && (room < 0 || excess_reaches(g, lv->c, i, room + 1, e, v)))
            return 0;
    }
    return 1;
}

/* Mark the entries of g that the limits leave as they are; none solved yet. */
static void mark_exact(masked_row *g, const limit_view *lv)
{
    g->exact = 0;
    g->solved = 0;
    for (int e = 0; e < SH_ROW; e++)
        g->exact |= (g->v[e] < SH_INF && entry_exact(g, e, lv)) << e;
}

/* The regular form's number under limits from the hand's masked groups
 * (mark_exact run). The table rows are a lower bound; their entries whose every
 * optimal target fits the limits an upper bound, which in most hands meets it.
 * Until they meet, a group with other entries is solved by the exact DP, kept
 * in the group for the next call. */
static int regular_limited_groups(masked_row *g, int ng, int M, const limit_view *lv, int players)
{
    uint8_t upper[4][16];
    const uint8_t *lo[4], *up[4];
    int open = 0; /* bit k: group k has entries that are neither exact nor solved */
    for (int k = 0; k < ng; k++) {
        if (g[k].solved) {
            lo[k] = up[k] = g[k].row;
            continue;
        }
        memcpy(upper[k], g[k].v, 16);
        for (int e = 0; e < SH_ROW; e++)
            if (g[k].v[e] < SH_INF && !(g[k].exact >> e & 1)) {
                upper[k][e] = SH_INF;
                open |= 1 << k;
            }
        lo[k] = g[k].v;
        up[k] = upper[k];
    }
    for (;;) {
        const int bound = combine_groups(lo, ng, M);
        if (!open || combine_groups(up, ng, M) == bound)
            return bound;
        const int k = lowest_bit((uint64_t)open);
        open &= open - 1;
        uint8_t h[9], l[9];
        const uint8_t *kinds;
        const int n = k < ng - 1 ? 9 : iso_kinds(players, &kinds);
        if (k < ng - 1)
            kinds = SUIT_KINDS[g[k].base / 9];
        for (int j = 0; j < n; j++) {
            h[j] = lv->c[kinds[j]];
            l[j] = lv->lim[kinds[j]];
        }
        memset(g[k].row, SH_INF, 16);
        if (k < ng - 1)
            suit_dp(h, l, g[k].row);
        else
            isolated_dp(h, l, n, g[k].row);
        g[k].solved = 1;
        lo[k] = up[k] = g[k].row;
    }
}

/* Seven pairs under limits: its number, and the kinds whose draw lowers it. A
 * pair slot needs a limit of 2: a single of such a kind becomes a pair, and a
 * new such kind helps while fewer than 7 are held. */
static int seven_pairs_limited(const summary_t *sm, const limit_view *lv, uint64_t *mask)
{
    const uint64_t single = sm->held & ~sm->two & lv->pair_slots;
    const int full = min2(popcount64(sm->two & lv->pair_slots), 7), half = popcount64(single);
    if (mask)
        *mask = single | (half < 7 - full ? lv->pair_slots & ~sm->held : 0);
    return popcount64(lv->pair_slots) < 7 ? SH_INF : 14 - 2 * full - min2(half, 7 - full);
}

/* Thirteen orphans under limits: every orphan needs a copy and one of them a
 * second. A missing orphan helps, and while none is paired, a held orphan that
 * may be held twice. */
static int thirteen_orphans_limited(const summary_t *sm, const limit_view *lv, uint64_t *mask)
{
    const uint64_t held = sm->held & ORPHAN_BITS, paired = sm->two & lv->orphan_two;
    if (mask)
        *mask = (lv->orphan_one & ~held) | (paired ? 0 : held & lv->orphan_two);
    if (lv->orphan_one != ORPHAN_BITS || !lv->orphan_two)
        return SH_INF;
    return 14 - popcount64(held) - (paired != 0);
}

/* Every form's number under limits (the best of `forms`), the regular form from
 * the hand's marked groups. */
static int limited_forms(const summary_t *sm, masked_row *g, int ng, const limit_view *lv, int players, int forms)
{
    int r = (forms & FORM_REGULAR) ? regular_limited_groups(g, ng, sm->tiles / 3, lv, players) : SH_INF;
    if (sm->tiles >= 13) {
        if (forms & FORM_SEVEN_PAIRS)
            r = min2(r, seven_pairs_limited(sm, lv, NULL));
        if (forms & FORM_ORPHANS)
            r = min2(r, thirteen_orphans_limited(sm, lv, NULL));
    }
    return r;
}

/* The necessary kinds of a 3n+1 hand under limits (seven pairs without quads),
 * g its masked groups, marked. When the limits leave every optimal split's
 * entries as they are, the regular form's number and kinds are the table's,
 * and seven pairs and thirteen orphans have closed forms. Otherwise each kind
 * of the table path's mask is evaluated, rebuilding only its group; and only
 * when the limits raise the hand's number are all drawable kinds. */
static int necessary_limited_groups(uint8_t *c, const summary_t *sm, const limit_view *lv, const uint8_t *live,
                                    int players, int forms, masked_row *g, int ng, uint64_t *mask)
{
    int exact = 1, best = 4 * SH_INF;
    uint64_t regular_mask = 0;
    *mask = 0;
    if (forms & FORM_REGULAR) {
        const int r = regular_from_groups(g, ng, sm->tiles / 3, lv, &regular_mask, &exact);
        take_best(&best, mask, r, regular_mask);
    }
    if (exact && sm->tiles == 13) {
        uint64_t m;
        if (forms & FORM_SEVEN_PAIRS) {
            const int r = seven_pairs_limited(sm, lv, &m);
            take_best(&best, mask, r, m);
        }
        if (forms & FORM_ORPHANS) {
            const int r = thirteen_orphans_limited(sm, lv, &m);
            take_best(&best, mask, r, m);
        }
    }
    if (exact)
        return best;
    uint64_t candidates;
    const int fast = necessary_from_groups(c, sm, players, forms, g, ng, &candidates);
    const int r = limited_forms(sm, g, ng, lv, players, forms);
    if (r != fast)
        return necessary_by_draws(c, sm, lv->lim, live, players, 0, forms, mask);
    *mask = 0;
    for (uint64_t rest = candidates & summarize(live).held; rest; rest &= rest - 1) {
        const int t = lowest_bit(rest), k = group_of(t, players);
        const masked_row kept = g[k];
        c[t]++;
        if (k < ng - 1)
            suit_masked(c, t / 9 * 9, &g[k]);
        else
            iso_masked(c, players, &g[k]);
        mark_exact(&g[k], lv);
        const summary_t more = summarize(c);
        if (limited_forms(&more, g, ng, lv, players, forms) < r)
            *mask |= 1ULL << t;
        c[t]--;
        g[k] = kept;
    }
    return r;
}

/* The hand's masked groups, marked under lv; returns how many. */
static int limited_groups(const uint8_t *c, int players, const limit_view *lv, masked_row *g)
{
    const int ng = masked_groups(c, players, g);
    for (int k = 0; k < ng; k++)
        mark_exact(&g[k], lv);
    return ng;
}

#endif
