/* Replacement number (shanten + 1) of a hand given as 34 concealed counts.
 *
 * Regular form: one row per group (each numbered suit, and the kinds that form
 * no runs), combined by min-plus over how the melds and the pair are split.
 * Rule "tenhou" reads every row from the tables. Lower limits (own melds under
 * rule "wrc", dead tiles) keep the table row where it is provably exact and run
 * the DP of dp.h only for the groups where it is not.
 */
#ifndef SHANTEN_EVAL_H
#define SHANTEN_EVAL_H

#include "dp.h"
#include "tables.h"

#define SH_KINDS 34

static const uint8_t *suit_table; /* SUIT_SHAPES rows of SH_ROW, set at import */

static const uint8_t ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
static const uint8_t ISO_KINDS_3P[9] = {0, 8, 27, 28, 29, 30, 31, 32, 33};

static inline const uint8_t *suit_row(const uint8_t *c)
{
    uint32_t r = 0;
    int s = 0;
    for (int i = 0; i < 9; i++) {
        r += RANK_STEP[i][s][c[i]];
        s += c[i];
    }
    return suit_table + (size_t)r * SH_ROW;
}

/* The isolated group: honours, plus 1m and 9m in 3-player (2m-8m do not exist). */
static inline int iso_kinds(int players, const uint8_t **kinds)
{
    *kinds = players == 3 ? ISO_KINDS_3P : ISO_KINDS_3P + 2;
    return players == 3 ? 9 : 7;
}

static inline const uint8_t *iso_row(const uint8_t *c, int players)
{
    const uint8_t *kinds;
    int n = iso_kinds(players, &kinds), idx = 0;
    for (int j = 0; j < n; j++)
        idx += ISO_WEIGHT[c[kinds[j]]];
    return ISO_TABLE[idx];
}

static inline int min2(int a, int b) { return a < b ? a : b; }

/* out[m][p] = min over splits of x and y, for m <= M. */
static inline void merge_rows(const uint8_t *x, const uint8_t *y, uint8_t *out, int M)
{
    for (int m = 0; m <= M; m++) {
        int b0 = 2 * SH_INF, b1 = 2 * SH_INF;
        for (int a = 0; a <= m; a++) {
            const int u = m - a;
            b0 = min2(b0, x[2 * a] + y[2 * u]);
            b1 = min2(b1, min2(x[2 * a + 1] + y[2 * u], x[2 * a] + y[2 * u + 1]));
        }
        out[2 * m] = (uint8_t)min2(b0, SH_INF);
        out[2 * m + 1] = (uint8_t)min2(b1, SH_INF);
    }
}

static inline int final_rows(const uint8_t *x, const uint8_t *y, int M)
{
    int best = 2 * SH_INF;
    for (int a = 0; a <= M; a++)
        best = min2(best, min2(x[2 * a + 1] + y[2 * (M - a)], x[2 * a] + y[2 * (M - a) + 1]));
    return min2(best, SH_INF);
}

static int combine_rows(const uint8_t *const *rows, int nrows, int M)
{
    uint8_t acc[SH_ROW], tmp[SH_ROW];
    const uint8_t *a = rows[0];
    for (int g = 1; g < nrows - 1; g++) {
        merge_rows(a, rows[g], tmp, M);
        memcpy(acc, tmp, sizeof acc);
        a = acc;
    }
    return final_rows(a, rows[nrows - 1], M);
}

/* Group layout: numbered suits that form runs, then the isolated group. */
static inline int run_suits(int players, int *bases)
{
    int n = 0;
    if (players == 4)
        bases[n++] = 0;
    bases[n++] = 9;
    bases[n++] = 18;
    return n;
}

static int regular_fast(const uint8_t *c, int M, int players)
{
    const uint8_t *rows[4];
    int bases[3], n = run_suits(players, bases);
    for (int g = 0; g < n; g++)
        rows[g] = suit_row(c + bases[g]);
    rows[n] = iso_row(c, players);
    return combine_rows(rows, n + 1, M);
}

/* A table row entry v is exact under limits when every optimal target fits:
 * such a target has T_i <= h_i + v, so v <= lim_i - h_i for each limited kind
 * suffices. Returns that slack (SH_INF when nothing in the group is limited). */
static int group_slack(const uint8_t *c, const uint8_t *lim, const uint8_t *kinds, int n)
{
    int d = SH_INF;
    for (int j = 0; j < n; j++) {
        const int k = kinds[j];
        if (lim[k] < 4)
            d = min2(d, lim[k] - c[k]);
    }
    return d;
}

static int regular_limited(const uint8_t *c, const uint8_t *lim, int M, int players)
{
    static const uint8_t SUIT_KINDS[3][9] = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15, 16, 17}, {18, 19, 20, 21, 22, 23, 24, 25, 26}};
    uint8_t lower[4][SH_ROW], upper[4][SH_ROW];
    const uint8_t *lo[4], *up[4], *kinds[4];
    int nk[4], slack[4], bases[3];
    const int ns = run_suits(players, bases), ng = ns + 1;

    for (int g = 0; g < ns; g++) {
        kinds[g] = SUIT_KINDS[bases[g] / 9];
        nk[g] = 9;
        memcpy(lower[g], suit_row(c + bases[g]), SH_ROW);
    }
    nk[ns] = iso_kinds(players, &kinds[ns]);
    memcpy(lower[ns], iso_row(c, players), SH_ROW);

    for (int g = 0; g < ng; g++) {
        slack[g] = group_slack(c, lim, kinds[g], nk[g]);
        for (int e = 0; e < SH_ROW; e++)
            upper[g][e] = lower[g][e] <= slack[g] ? lower[g][e] : SH_INF;
        lo[g] = lower[g];
        up[g] = upper[g];
    }
    const int lower_bound = combine_rows(lo, ng, M);
    if (combine_rows(up, ng, M) == lower_bound)
        return lower_bound;

    for (int g = 0; g < ng; g++) {
        if (slack[g] == SH_INF)
            continue;
        uint8_t h[9], l[9];
        for (int j = 0; j < nk[g]; j++) {
            h[j] = c[kinds[g][j]];
            l[j] = lim[kinds[g][j]];
        }
        if (g < ns)
            suit_dp(h, l, lower[g]);
        else
            isolated_dp(h, l, nk[g], lower[g]);
    }
    return combine_rows(lo, ng, M);
}

/* Seven distinct pairs, or with quads_as_pairs a kind of four as two pairs.
 * Take the pair slots that already hold the most tiles. */
static int seven_pairs(const uint8_t *c, const uint8_t *lim, int quads_as_pairs)
{
    int full = 0, half = 0, slots = 0;
    for (int i = 0; i < SH_KINDS; i++) {
        const int l = lim ? lim[i] : 4;
        if (l < 2)
            continue;
        slots++;
        full += c[i] >= 2;
        half += c[i] == 1;
        if (quads_as_pairs && l >= 4) {
            slots++;
            full += c[i] == 4;
            half += c[i] == 3;
        }
    }
    if (slots < 7)
        return SH_INF;
    const int take_full = min2(full, 7);
    return 14 - 2 * take_full - min2(half, 7 - take_full);
}

static int thirteen_orphans(const uint8_t *c, const uint8_t *lim)
{
    int kinds = 0, pair = 0, can_pair = 0;
    for (int j = 0; j < 13; j++) {
        const int k = ORPHANS[j], l = lim ? lim[k] : 4;
        if (l < 1)
            return SH_INF;
        kinds += c[k] > 0;
        if (l >= 2) {
            can_pair = 1;
            pair |= c[k] >= 2;
        }
    }
    return can_pair ? 14 - kinds - pair : SH_INF;
}

typedef struct {
    int regular, seven_pairs, orphans; /* replacement numbers; SH_INF: not applicable or unreachable */
} forms_t;

/* lim == NULL: rule "tenhou" (every limit 4; 2m-8m absent in 3-player). */
static forms_t evaluate(const uint8_t *c, int n, const uint8_t *lim, int players, int quads_as_pairs)
{
    forms_t f;
    const int M = n / 3;
    f.regular = lim ? regular_limited(c, lim, M, players) : regular_fast(c, M, players);
    f.seven_pairs = f.orphans = SH_INF;
    if (n >= 13) {
        f.seven_pairs = seven_pairs(c, lim, quads_as_pairs);
        f.orphans = thirteen_orphans(c, lim);
    }
    return f;
}

static inline int best_of(forms_t f) { return min2(f.regular, min2(f.seven_pairs, f.orphans)); }

/* Validation shared by the scalar and batch entry points. */
enum { SH_OK, SH_BAD_COUNT, SH_BAD_SIZE, SH_ABSENT_KIND };

static inline int valid_size(int n) { return n >= 1 && n <= 14 && n % 3 != 0; }

static int validate(const uint8_t *c, int players, int *n_out, int *kind_out)
{
    int n = 0;
    for (int i = 0; i < SH_KINDS; i++) {
        if (c[i] > 4) {
            *kind_out = i;
            return SH_BAD_COUNT;
        }
        if (players == 3 && i >= 1 && i <= 7 && c[i]) {
            *kind_out = i;
            return SH_ABSENT_KIND;
        }
        n += c[i];
    }
    *n_out = n;
    return valid_size(n) ? SH_OK : SH_BAD_SIZE;
}

#endif
