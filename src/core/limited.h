/* Necessary kinds under lower limits (own melds under rule "wrc", dead
 * tiles), from the table path's rows: the limits only raise replacement
 * numbers, and a draw lowers one by at most 1, so whenever the limits leave a
 * hand's number as it is, only the table path's necessary kinds can be
 * necessary; the table itself tells which optimal targets fit the limits.
 */
#ifndef SHANTEN_LIMITED_H
#define SHANTEN_LIMITED_H

#include "necessary.h"

static void limit_view_init(limit_view *lv, const uint8_t *c, const uint8_t *lim, int players)
{
    *lv = (limit_view){c, lim, 0, 0, 0, 0, players, NULL, NULL};
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

/* Mark the entries of g that the limits leave as they are: those whose every
 * optimal target fits them (none solved yet). An optimal target of entry e
 * (value v) exceeds the hand only on e's necessary kinds; it exceeds kind i by
 * k or more exactly when k more copies of i lower the entry by k. A suit reads
 * which kinds some optimal target exceeds by 1 (its necessary mask) and by 2,
 * 3, 4 (masks.bin) and fails each entry that exceeds a kind's room lim - h:
 * one read an entry. The isolated group looks the rows with more copies up.
 * A suit's group may be that of the hand with `delta` (1 or -1; 0: none) more
 * copies of its kind j than lv->c holds: the hand's counts are changed after
 * the group is marked, not before (a wide load over a byte just stored waits
 * for the store, see suit_row_step). The isolated group reads lv->c as it is. */
static void mark_exact(masked_row *g, const limit_view *lv, int j, int delta)
{
    int fail = 0;
    const int present = row_at_most(row_load(g->v), row_fill(SH_INF - 1)) & ((1 << SH_ROW) - 1);
    g->solved = 0;
    if (g->excess) { /* the hand and the limits are 34 bytes: 16 from a suit's first kind are readable */
        const row_t held = row_load(lv->c + g->base), lim = row_load(lv->lim + g->base);
        const int room = lv->lim[g->base + j] - lv->c[g->base + j] - delta; /* kind j's, after the step */
        unsigned short_of[4]; /* [k]: the suit's kinds (bit j: base + j) with room lim - h at most k */
        for (int k = 0; k < 4; k++) {
            short_of[k] = (unsigned)row_at_most(lim, row_add(held, row_fill((uint8_t)k))) & 0x1FF;
            if (delta)
                short_of[k] = (short_of[k] & ~(1u << j)) | (unsigned)(room <= k) << j;
        }
        const uint32_t over_short = short_of[1] | short_of[2] << 9 | (uint32_t)short_of[3] << 18;
        for (int m = short_of[3] ? present : 0; m; m &= m - 1) {
            const int e = lowest_bit((uint64_t)m);
            const uint8_t *x = g->excess + 4 * e;
            const uint32_t over = x[0] | x[1] << 8 | (uint32_t)x[2] << 16 | (uint32_t)x[3] << 24;
            const unsigned need = g->need[2 * e] | g->need[2 * e + 1] << 8;
            fail |= ((need & short_of[0]) | (over & over_short)) != 0 ? 1 << e : 0;
        }
        g->exact = present & ~fail;
        return;
    }
    /* the isolated group: kinds with the same count are interchangeable */
    uint64_t wanted = 0; /* kinds some entry's optimal targets exceed the hand on */
    int top = 0, n = 0, extra[9];
    const uint8_t *looked[9]; /* the rows with `extra` more copies of a kind */
    for (int k = 0; k < 4; k++)
        wanted |= g->lower[k] ? g->with_count[k] : 0;
    for (int e = 0; e < SH_ROW; e++)
        if (g->v[e] < SH_INF)
            top = top > g->v[e] ? top : g->v[e];
    for (uint64_t m = wanted & lv->limited; m; m &= m - 1) {
        const int i = lowest_bit(m), k = lv->lim[i] - lv->c[i] + 1;
        if (k > top) /* no entry is worth so many tiles */
            continue;
        if (k == 1) { /* no copy left: exceeding by 1 is being a necessary kind */
            for (int held = 0; held < 4; held++)
                fail |= g->with_count[held] >> i & 1 ? g->lower[held] : 0;
            continue;
        }
        looked[n] = ISO_TABLE[g->base - ISO_WEIGHT[lv->c[i]] + ISO_WEIGHT[lv->c[i] + k]];
        extra[n++] = k;
    }
    const row_t v = row_load(g->v);
    for (int j = 0; j < n; j++)
        fail |= row_less_by(v, row_load(looked[j]), extra[j]);
    g->exact = present & ~fail;
}

/* Within one discard table, the 3n+1 hands after each discard differ from the
 * 3n+2 hand in the discarded kind's group only: a group of another kind with a
 * kind t drawn is the same for every discard outside it, and is marked (and
 * solved, when it must be) once. */
struct group_memo {
    masked_row drawn[SH_KINDS]; /* the group of t with t drawn into the 3n+2 hand's group */
    uint64_t valid;             /* bit t: drawn[t] is set */
    int changed;                /* the group the current discard changed */
};

/* Suits' exact rows under limits by hand and limits, direct-mapped. A review's rows come round
 * by round, seat after seat: a seat's next discard often holds a suit as it was, with the
 * same tiles seen, and whatever needed the DP then needs it again. */
#define DP_MEMO_BITS 10
struct dp_memo {
    uint64_t key[1 << DP_MEMO_BITS]; /* 0: empty */
    uint8_t row[1 << DP_MEMO_BITS][SH_ROW];
};

static void suit_dp_memo(const uint8_t h[9], const uint8_t lim[9], uint8_t out[SH_ROW], struct dp_memo *m)
{
    if (!m) {
        suit_dp(h, lim, out);
        return;
    }
    uint64_t key = 1; /* 1, then 3 bits of count and 3 of limit per kind: never 0 */
    for (int j = 0; j < 9; j++)
        key = key << 6 | (uint64_t)h[j] << 3 | lim[j];
    const size_t slot = (size_t)(key * 0x9E3779B97F4A7C15ull >> (64 - DP_MEMO_BITS));
    if (m->key[slot] == key) {
        memcpy(out, m->row[slot], SH_ROW);
        return;
    }
    suit_dp(h, lim, out);
    m->key[slot] = key;
    memcpy(m->row[slot], out, SH_ROW);
}

/* The exact row of a group under limits (dp.h). */
static void group_dp(const masked_row *g, const limit_view *lv, uint8_t out[16])
{
    const uint8_t *kinds;
    const int suit = g->need != NULL, n = suit ? 9 : iso_kinds(lv->players, &kinds);
    if (suit)
        kinds = SUIT_KINDS[g->base / 9];
    uint8_t h[9], l[9];
    for (int j = 0; j < n; j++) {
        h[j] = lv->c[kinds[j]];
        l[j] = lv->lim[kinds[j]];
    }
    memset(out, SH_INF, 16);
    if (suit)
        suit_dp_memo(h, l, out, lv->dp);
    else
        isolated_dp(h, l, n, out);
}

/* A group's upper-bound row under limits: its exact row once solved, else the
 * table's entries that the limits leave as they are (others impossible). */
static inline row_t upper_row(const masked_row *g)
{
    if (g->solved)
        return row_load(g->row);
    uint8_t up[16];
    memcpy(up, g->v, 16);
    for (int e = 0; e < SH_ROW; e++)
        if (!(g->exact >> e & 1))
            up[e] = SH_INF;
    return row_load(up);
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
        group_dp(&g[k], lv, g[k].row);
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

/* The regular form's necessary kinds under limits, r its number there. When
 * the limits leave r as the table's number, the kinds are among the table's
 * (`fast_mask`), and an exact entry on an optimal split of the upper-bound
 * rows contributes its whole mask; otherwise (fast_mask: every kind) none is
 * known yet. Each remaining drawable kind is drawn, which changes one group:
 * the merged upper bounds of the others settle most with one step, the rest
 * are solved. */
static uint64_t regular_mask_limited(uint8_t *c, const limit_view *lv, const uint8_t *live, int players,
                                     masked_row *g, int ng, int M, int r, uint64_t fast_mask)
{
    row_t up[4];
    complements cs;
    const row_t *rest = cs.rest;
    memset(up, 0, sizeof up); /* ng is 3 or 4: the compiler cannot tell */
    for (int k = 0; k < ng; k++)
        up[k] = upper_row(&g[k]);
    complements_of(up, ng, M, &cs);
    const row_t partner = row_load(PARTNER[M]);
    uint64_t mask = 0;
    for (int k = 0; k < ng; k++) {
        uint8_t sum[16];
        row_store(sum, row_add(up[k], row_gather(rest[k], partner)));
        for (int e = 0; fast_mask != ALL_KINDS && e < SH_ROW; e++)
            if (sum[e] == r && (g[k].exact >> e & 1))
                mask |= entry_mask(&g[k], e);
    }
    for (uint64_t left = fast_mask & ~mask & summarize(live).held; left; left &= left - 1) {
        const int t = lowest_bit(left), k = group_of(t, players);
        struct group_memo *memo = k != (lv->memo ? lv->memo->changed : k) ? lv->memo : NULL;
        const masked_row kept = g[k];
        if (memo && (memo->valid >> t & 1)) {
            c[t]++;
            g[k] = memo->drawn[t];
        } else {
            if (k < ng - 1) {
                suit_masked_row(suit_row_step(c + t / 9 * 9, t % 9, 1), t / 9 * 9, &g[k]);
                mark_exact(&g[k], lv, t % 9, 1);
                c[t]++;
            } else {
                c[t]++;
                iso_masked(c, players, &g[k]);
                mark_exact(&g[k], lv, 0, 0);
            }
        }
        if (final_value(upper_row(&g[k]), rest[k], M) < r || regular_limited_groups(g, ng, M, lv, players) < r)
            mask |= 1ULL << t;
        if (memo) { /* solved or not, as it now stands */
            memo->drawn[t] = g[k];
            memo->valid |= 1ULL << t;
        }
        c[t]--;
        g[k] = kept;
    }
    return mask;
}

/* The replacement number and the necessary kinds of a 3n+1 hand under limits
 * (seven pairs without quads), g its masked groups, marked. The regular
 * form's kinds are sought when its number is at most `want` (WANT_ALL: always);
 * above it they are given only where they cost nothing more (*mask stays ~0
 * where not). When the limits leave every optimal split's entries as they are,
 * the regular form's number and kinds are the table's; otherwise see
 * regular_mask_limited, and only when the limits raise its number are all
 * drawable kinds evaluated. Seven pairs and thirteen orphans have closed forms
 * under limits. */
#define WANT_ALL (4 * SH_INF)

static int necessary_limited_groups(uint8_t *c, const summary_t *sm, const limit_view *lv, const uint8_t *live,
                                    int players, int forms, masked_row *g, int ng, int want, uint64_t *mask)
{
    const int M = sm->tiles / 3;
    int exact = 1, regular = SH_INF, pairs = SH_INF, orphans = SH_INF;
    uint64_t regular_mask = 0, pairs_mask = 0, orphans_mask = 0;
    if (forms & FORM_REGULAR) {
        regular = regular_from_groups(g, ng, M, lv, &regular_mask, &exact, NULL);
        if (!exact) {
            const int fast = regular;
            const uint64_t fast_mask = regular_mask;
            regular = regular_limited_groups(g, ng, M, lv, players);
            regular_mask = regular > want ? ~0ULL
                                          : regular_mask_limited(c, lv, live, players, g, ng, M, regular,
                                                        regular == fast ? fast_mask : ALL_KINDS);
        }
    }
    if (sm->tiles == 13) {
        if (forms & FORM_SEVEN_PAIRS)
            pairs = seven_pairs_limited(sm, lv, &pairs_mask);
        if (forms & FORM_ORPHANS)
            orphans = thirteen_orphans_limited(sm, lv, &orphans_mask);
    }
    int best = 4 * SH_INF;
    *mask = 0;
    take_best(&best, mask, regular, regular_mask);
    take_best(&best, mask, pairs, pairs_mask);
    take_best(&best, mask, orphans, orphans_mask);
    return best;
}

/* The hand's masked groups, marked under lv; returns how many. */
static int limited_groups(const uint8_t *c, int players, const limit_view *lv, masked_row *g)
{
    const int ng = masked_groups(c, players, g);
    for (int k = 0; k < ng; k++)
        mark_exact(&g[k], lv, 0, 0);
    return ng;
}

#endif
