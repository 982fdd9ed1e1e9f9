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

#include <stdint.h>
#include <string.h>

#define SH_INF 255
#define SH_ROW 10 /* index m * 2 + p */

/* Numbered suit: runs are allowed, so walk the nine positions carrying the
 * runs still open: a = runs started one position back (need this tile and the
 * next), b = runs started two back (need this tile only). m counts every meld
 * committed so far, open runs included. */
static void suit_dp(const uint8_t h[9], const uint8_t lim[9], uint8_t out[SH_ROW])
{
    uint8_t dp[5][2][5][5], nd[5][2][5][5];
    memset(dp, SH_INF, sizeof dp);
    dp[0][0][0][0] = 0;
    for (int i = 0; i < 9; i++) {
        const int hi = h[i], li = lim[i];
        const int max_new_runs = i <= 6 ? 4 : 0;
        memset(nd, SH_INF, sizeof nd);
        for (int m = 0; m <= 4; m++)
            for (int p = 0; p <= 1; p++)
                for (int a = 0; a <= m; a++)
                    for (int b = 0; a + b <= m; b++) {
                        const int v = dp[m][p][a][b];
                        const int need = a + b;
                        if (v == SH_INF || need > li)
                            continue;
                        for (int k = 0; k <= max_new_runs && m + k <= 4 && need + k <= li; k++)
                            for (int t = 0; t <= 1 && m + k + t <= 4; t++)
                                for (int q = 0; q <= 1 - p; q++) {
                                    const int used = need + k + 3 * t + 2 * q;
                                    if (used > li)
                                        break;
                                    const int c = v + (used > hi ? used - hi : 0);
                                    uint8_t *slot = &nd[m + k + t][p + q][k][a];
                                    if (c < *slot)
                                        *slot = (uint8_t)c;
                                }
                    }
        memcpy(dp, nd, sizeof dp);
    }
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++)
            out[m * 2 + p] = dp[m][p][0][0];
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

/* Rank of a suit shape (9 counts 0..4, sum <= 14) in lexicographic order:
 * sum over positions of RANK_STEP[i][tiles before i][count]. */
#define SUIT_SHAPES 405350

#endif
