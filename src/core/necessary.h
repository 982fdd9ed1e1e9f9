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
    int base;              /* a suit's first kind; the isolated group: its ISO_TABLE index */
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
    out->base = idx;
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

/* Lower limits as the mask checks see them. */
typedef struct {
    const uint8_t *c, *lim;
    uint64_t limited; /* kinds whose limit is below 4 */
} limit_view;

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

/* The masked rows of a hand's groups (3 or 4: the run suits, then the
 * isolated group); returns how many. */
static int masked_groups(const uint8_t *c, int players, masked_row *g)
{
    int bases[3];
    const int ns = run_suits(players, bases);
    for (int k = 0; k < ns; k++)
        suit_masked(c, bases[k], &g[k]);
    iso_masked(c, players, &g[ns]);
    return ns + 1;
}

/* Which group kind k lies in (masked_groups' order). */
static inline int group_of(int k, int players)
{
    if (k >= 27)
        return players == 3 ? 2 : 3;
    if (players == 3)
        return k < 9 ? 2 : k / 9 - 1; /* 1m, 9m: isolated; p, s: the run suits */
    return k / 9;
}

/* The regular form's replacement number and necessary kinds from the group
 * rows. Entry e of group g lies on an optimal split exactly when it and the
 * best complementary entry of the other groups together (merged, lane
 * (M - m, 1 - p)) attain the minimum; the mask is the union of those entries'
 * masks. With limits (lv != NULL), *exact tells whether the limits leave every
 * such entry as it is (entry_exact): then they change neither the value nor
 * the mask. */
static int regular_from_groups(const masked_row *g, int ng, int M, const limit_view *lv, uint64_t *mask, int *exact)
{
    row_t r[4], rest[4]; /* rest[k]: every group but k, merged */
    for (int k = 0; k < ng; k++)
        r[k] = row_load(g[k].v);
    int best;
    if (ng == 4) {
        const row_t left = merge_rows(r[0], r[1]), right = merge_rows(r[2], r[3]);
        best = final_value(left, right, M);
        rest[0] = merge_rows(r[1], right);
        rest[1] = merge_rows(r[0], right);
        rest[2] = merge_rows(left, r[3]);
        rest[3] = merge_rows(left, r[2]);
    } else {
        const row_t right = merge_rows(r[1], r[2]);
        best = final_value(r[0], right, M);
        rest[0] = right;
        rest[1] = merge_rows(r[0], r[2]);
        rest[2] = merge_rows(r[0], r[1]);
    }
    const row_t partner = row_load(PARTNER[M]);
    *mask = 0;
    *exact = 1;
    for (int k = 0; k < ng; k++) {
        uint8_t sum[16];
        row_store(sum, row_add(r[k], row_gather(rest[k], partner)));
        for (int e = 0; e < SH_ROW; e++)
            if (sum[e] == best) {
                *mask |= entry_mask(&g[k], e);
                *exact &= entry_exact(&g[k], e, lv);
            }
    }
    return best;
}

static int regular_necessary(const uint8_t *c, int M, int players, const limit_view *lv, uint64_t *mask, int *exact)
{
    masked_row g[4];
    const int ng = masked_groups(c, players, g);
    return regular_from_groups(g, ng, M, lv, mask, exact);
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

/* Table path: rule "tenhou" limits, seven pairs without quads; g: the hand's masked groups. */
static int necessary_from_groups(const uint8_t *c, const summary_t *sm, int players, int forms, const masked_row *g,
                                 int ng, uint64_t *mask)
{
    const uint64_t held = sm->held, single = held & ~sm->two, orphans_held = held & ORPHAN_BITS;
    const uint64_t drawable = ALL_KINDS & ~(players == 3 ? ABSENT_3P : 0);
    int best = 4 * SH_INF;
    uint64_t regular_mask = 0;
    *mask = 0;
    if (forms & FORM_REGULAR) {
        int exact;
        const int r = regular_from_groups(g, ng, sm->tiles / 3, NULL, &regular_mask, &exact);
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

static int necessary_fast(const uint8_t *c, const summary_t *sm, int players, int forms, uint64_t *mask)
{
    masked_row g[4];
    const int ng = masked_groups(c, players, g);
    return necessary_from_groups(c, sm, players, forms, g, ng, mask);
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

/* Lower limits, seven pairs without quads. Limits only raise replacement
 * numbers, and a draw lowers one by at most 1, so when the limits leave the
 * hand's number as it is, only the table path's necessary kinds can be
 * necessary. When the limits leave every optimal split's entries as they are
 * (and seven pairs and thirteen orphans do not attain the minimum), those kinds
 * are exactly the answer; otherwise each of them is evaluated, and only when
 * the limits raise the number are all drawable kinds. */
static int necessary_limited(uint8_t *c, const summary_t *sm, const uint8_t *lim, const uint8_t *live, int players,
                             int forms, uint64_t *mask)
{
    limit_view lv = {c, lim, 0};
    for (int i = 0; i < SH_KINDS; i++)
        lv.limited |= (uint64_t)(lim[i] < 4) << i;
    int exact = 1, best = SH_INF;
    *mask = 0;
    if (forms & FORM_REGULAR)
        best = regular_necessary(c, sm->tiles / 3, players, &lv, mask, &exact);
    if (sm->tiles == 13) { /* a special form that attains the minimum may lose it under limits */
        if ((forms & FORM_SEVEN_PAIRS) && seven_pairs(c, sm, NULL, 0) <= best)
            exact = 0;
        if ((forms & FORM_ORPHANS) && thirteen_orphans(c, sm, NULL) <= best)
            exact = 0;
    }
    if (exact)
        return best;
    uint64_t candidates;
    const int fast = necessary_fast(c, sm, players, forms, &candidates);
    const int r = best_of_forms(evaluate(c, sm, lim, players, 0), forms);
    if (r != fast)
        return necessary_by_draws(c, sm, lim, live, players, 0, forms, mask);
    *mask = 0;
    for (uint64_t rest = candidates & summarize(live).held; rest; rest &= rest - 1) {
        const int t = lowest_bit(rest);
        c[t]++;
        const summary_t more = summarize(c);
        const int drawn = best_of_forms(evaluate(c, &more, lim, players, 0), forms);
        c[t]--;
        if (drawn < r)
            *mask |= 1ULL << t;
    }
    return r;
}

/* Necessary kinds of a validated 3n+1 hand before the live filter, under any
 * limits (necessary.bin must be loaded, except with seven_pairs_quads). */
static int necessary_any(uint8_t *c, const summary_t *sm, const uint8_t *lim, const uint8_t *live, int players,
                         int quads_as_pairs, int forms, uint64_t *mask)
{
    if (quads_as_pairs)
        return necessary_by_draws(c, sm, lim, live, players, quads_as_pairs, forms, mask);
    if (!lim)
        return necessary_fast(c, sm, players, forms, mask);
    return necessary_limited(c, sm, lim, live, players, forms, mask);
}

/* A discard table of a validated 3n+2 hand: for each held kind d, the
 * replacement number after discarding d (after[d]; SH_INF for kinds not held)
 * and the necessary kinds it leaves that still have a live copy. The discarded
 * copy joins the dead tiles, so live counts stay those of the 3n+2 hand. */
static inline void discard_table(uint8_t *c, const summary_t *sm, const uint8_t *lim, const uint8_t *live, int players,
                          int quads_as_pairs, int forms, int after[SH_KINDS], uint64_t masks[SH_KINDS])
{
    const uint64_t drawable = summarize(live).held;
    const int table_path = !lim && !quads_as_pairs;
    masked_row g[4];
    const int ng = table_path ? masked_groups(c, players, g) : 0;
    for (int d = 0; d < SH_KINDS; d++) {
        after[d] = SH_INF;
        masks[d] = 0;
    }
    for (uint64_t rest = sm->held; rest; rest &= rest - 1) {
        const int d = lowest_bit(rest);
        c[d]--;
        const summary_t less = summarize(c);
        if (table_path) { /* only the discard's group changes */
            const int k = group_of(d, players);
            const masked_row kept = g[k];
            if (k < ng - 1)
                suit_masked(c, d / 9 * 9, &g[k]);
            else
                iso_masked(c, players, &g[k]);
            after[d] = necessary_from_groups(c, &less, players, forms, g, ng, &masks[d]);
            g[k] = kept;
        } else {
            after[d] = necessary_any(c, &less, lim, live, players, quads_as_pairs, forms, &masks[d]);
        }
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
