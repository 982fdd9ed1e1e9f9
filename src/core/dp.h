/* Exact per-group minimum cost under per-kind limits.
 *
 * For one group of tiles (a numbered suit, or a set of isolated kinds such as
 * the honours) and every (m melds, p pairs) with m <= 4, p <= 1, compute
 *     min over targets T of that shape with T_i <= lim_i of sum max(0, T_i - h_i).
 * The whole-hand replacement number is a min-plus combination of these rows,
 * because every meld and the pair lie inside one group.
 *
 * The same code generates the precomputed tables (limits all 4) and serves the
 * rule variants at run time (lower limits), so both paths share one definition.
 */
#ifndef SHANTEN_DP_H
#define SHANTEN_DP_H

#include "row.h"
#define SH_ROW 10 /* index m * 2 + p */

static inline int dp_lowest_bit(unsigned x) /* x != 0 */
{
#if defined(__GNUC__)
    return __builtin_ctz(x);
#else
    int i = 0;
    while (!(x >> i & 1))
        i++;
    return i;
#endif
}

/* Numbered suit: runs are allowed, so walk the nine positions carrying the
 * runs still open: a = runs started one position back (need this tile and the
 * next), b = runs started two back (need this tile only). Each (a, b) state
 * holds a whole row over (m, p), m counting every meld begun so far, so one
 * vector step moves all m and p at once: new melds shift the row up 2 lanes
 * each, a new pair 1 lane (from pairless lanes only). Only reachable states
 * are visited and written, their set a bit mask: most of the 15 never are. */
static void suit_dp(const uint8_t h[9], const uint8_t lim[9], uint8_t out[SH_ROW])
{
    static const uint8_t START[16] = {0, SH_INF, SH_INF, SH_INF, SH_INF, SH_INF, SH_INF, SH_INF,
                                      SH_INF, SH_INF, SH_INF, SH_INF, SH_INF, SH_INF, SH_INF, SH_INF};
    row_t rows[2][5][5];
    row_t(*dp)[5] = rows[0], (*nd)[5] = rows[1], (*swap)[5];
    unsigned live = 1; /* bit a * 5 + b: dp[a][b] holds a reachable state */
    dp[0][0] = row_load(START);
    for (int i = 0; i < 9; i++) {
        const int hi = h[i], li = lim[i];
        const int max_new_runs = i <= 6 ? 4 : 0;
        unsigned next_live = 0;
        for (unsigned states = live; states; states &= states - 1) {
            const int state = dp_lowest_bit(states), a = state / 5, need = a + state % 5;
            if (need > li)
                continue;
            const row_t from = dp[a][state % 5], pairless = row_pairless(from);
            for (int k = 0; k <= max_new_runs && need + k <= li; k++) {
                const unsigned bit = 1u << (k * 5 + a);
                row_t best = (next_live & bit) ? nd[k][a] : row_fill(SH_INF);
                for (int t = 0; t <= 1; t++)
                    for (int q = 0; q <= 1; q++) {
                        const int used = need + k + 3 * t + 2 * q;
                        if (used > li)
                            break;
                        row_t v = row_gather(q ? pairless : from, row_load(SHIFT_IDX[2 * (k + t) + q]));
                        if (used > hi)
                            v = row_add(v, row_fill((uint8_t)(used - hi)));
                        best = row_min(best, v);
                    }
                nd[k][a] = best;
                next_live |= bit;
            }
        }
        swap = dp, dp = nd, nd = swap;
        live = next_live;
    }
    uint8_t lanes[16];
    row_store(lanes, (live & 1) ? dp[0][0] : row_fill(SH_INF));
    memcpy(out, lanes, SH_ROW);
}

/* Kinds that form no runs (honours; 1m and 9m in 3-player): each kind is
 * unused, a pair or a triplet, so this is a small knapsack over the kinds. */
static void isolated_dp(const uint8_t *h, const uint8_t *lim, int kinds, uint8_t out[SH_ROW])
{
    uint8_t dp[SH_ROW], nd[SH_ROW];
    memset(dp, SH_INF, sizeof dp);
    dp[0] = 0;
    for (int j = 0; j < kinds; j++) {
        const int pair_cost = h[j] >= 2 ? 0 : 2 - h[j];
        const int triplet_cost = h[j] >= 3 ? 0 : 3 - h[j];
        memcpy(nd, dp, sizeof nd);
        for (int m = 0; m <= 4; m++)
            for (int p = 0; p <= 1; p++) {
                const int v = dp[m * 2 + p];
                if (v == SH_INF)
                    continue;
                if (lim[j] >= 3 && m < 4 && v + triplet_cost < nd[(m + 1) * 2 + p])
                    nd[(m + 1) * 2 + p] = (uint8_t)(v + triplet_cost);
                if (lim[j] >= 2 && p == 0 && v + pair_cost < nd[m * 2 + 1])
                    nd[m * 2 + 1] = (uint8_t)(v + pair_cost);
            }
        memcpy(dp, nd, sizeof dp);
    }
    memcpy(out, dp, sizeof dp);
}

/* Perfect index of an isolated group with all limits 4: only the histogram of
 * counts matters (how many kinds hold 1, 2, 3, 4 copies). Up to 9 kinds. */
static const uint16_t ISO_WEIGHT[5] = {0, 1, 10, 80, 400};
#define ISO_SIZE 1600

/* Suit shapes (9 counts 0..4, sum <= 14), ranked in lexicographic order. */
#define SUIT_SHAPES 405350

#endif
