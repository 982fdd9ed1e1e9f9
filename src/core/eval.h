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
#if defined(__SSE2__)
#include <emmintrin.h> /* summarize uses SSE2 even where rows are plain C */
#endif

#define SH_KINDS 34

extern const uint8_t *suit_table; /* SUIT_SHAPES rows of SH_ROW (+16 bytes of padding), set at import (tables.c) */

static const uint8_t ISO_KINDS_3P[9] = {0, 8, 27, 28, 29, 30, 31, 32, 33};

#if defined(SH_ROW_CACHE)
/* A unit that defines SH_ROW_CACHE (the expected-value engine, which meets the same few suit shapes
 * at every hand it searches) keeps the shapes' rows met last in a table small enough for the first
 * cache level (the rank tables take 50 KB). One word per entry (a valid bit, the nine counts in 27
 * bits, the row's index in 20), so that searches in other threads share it without locks. */
static uint64_t row_cache[1024];
#endif

/* A suit shape's row from its first eight counts (one word, c0 in the low byte) and its ninth: the
 * base-5 digits are gathered in the word, then two table steps give its rank. */
static inline const uint8_t *suit_row_of(uint64_t w, uint32_t c8)
{
#if defined(SH_ROW_CACHE)
    uint64_t x = w; /* the counts (each below 8) as 3-bit fields */
    x = (x | x >> 5) & 0x003F003F003F003FULL;
    x = (x | x >> 10) & 0x00000FFF00000FFFULL;
    x = ((x | x >> 20) & 0xFFFFFF) | (uint64_t)c8 << 24 | 1ULL << 27;
    const size_t slot = (size_t)(x * 0x9E3779B97F4A7C15ULL >> 54);
    const uint64_t entry = __atomic_load_n(&row_cache[slot], __ATOMIC_RELAXED);
    if (entry >> 20 == x)
        return suit_table + (size_t)(entry & 0xFFFFF) * SH_ROW;
#endif
    const uint64_t pairs = (w & 0x00FF00FF00FF00FFULL) + ((w >> 8) & 0x00FF00FF00FF00FFULL) * 5;
    const uint64_t quads = (pairs & 0x0000FFFF0000FFFFULL) + ((pairs >> 16) & 0x0000FFFF0000FFFFULL) * 25;
    const uint32_t c4 = (uint32_t)(w >> 32) & 0xFF;
    const uint32_t first = RANK_FIRST5[(uint32_t)quads + 625 * c4];  /* c0..c4 */
    const uint32_t last = ((uint32_t)(quads >> 32) - c4) / 5 + 125u * c8; /* c5..c8 */
    const size_t index = (first & 0xFFFFFF) + RANK_LAST4[first >> 24][last];
#if defined(SH_ROW_CACHE)
    __atomic_store_n(&row_cache[slot], x << 20 | index, __ATOMIC_RELAXED);
#endif
    return suit_table + index * SH_ROW;
}

static inline uint64_t suit_word(const uint8_t *c)
{
    uint64_t w;
    memcpy(&w, c, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

/* The sum of a suit word's eight counts. */
static inline int word_sum(uint64_t w) { return (int)(w * 0x0101010101010101ull >> 56); }

static inline const uint8_t *suit_row(const uint8_t *c)
{
    return suit_row_of(suit_word(c), c[8]);
}

/* The row of suit c with `delta` (1 or -1) more copies of its kind j (0-8), c left as it is. Changing
 * c first would make the word's load wait for that byte's store: a load that spans a narrower
 * store just made is not forwarded from it, and waits until the store is written. */
static inline const uint8_t *suit_row_step(const uint8_t *c, int j, int delta)
{
    const uint64_t w = suit_word(c);
    return j < 8 ? suit_row_of(w + ((uint64_t)(int64_t)delta << 8 * j), c[8])
                 : suit_row_of(w, (uint32_t)(c[8] + delta));
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

/* Min-plus merge of two rows, 16 byte lanes at a time (lane m * 2 + p; lanes
 * 10-15 are scratch). out[m][p] = min over a of x[a][.] + y[m - a][.]: for
 * each a, y is shifted up by 2a lanes (x holds no pair) or by 2a + 1 lanes
 * restricted to y's pairless lanes (x holds the pair), then x's entry is added
 * (saturating, so SH_INF stays infinite) and the minimum kept. */
static inline row_t merge_rows(row_t x, row_t y)
{
    const row_t y0 = row_pairless(y);
    row_t out = row_add(row_splat(x, 0), y);
    out = row_min(out, row_add(row_splat(x, 1), ROW_SHIFT(y0, 1)));
    out = row_min(out, row_add(row_splat(x, 2), ROW_SHIFT(y, 2)));
    out = row_min(out, row_add(row_splat(x, 3), ROW_SHIFT(y0, 3)));
    out = row_min(out, row_add(row_splat(x, 4), ROW_SHIFT(y, 4)));
    out = row_min(out, row_add(row_splat(x, 5), ROW_SHIFT(y0, 5)));
    out = row_min(out, row_add(row_splat(x, 6), ROW_SHIFT(y, 6)));
    out = row_min(out, row_add(row_splat(x, 7), ROW_SHIFT(y0, 7)));
    out = row_min(out, row_add(row_splat(x, 8), ROW_SHIFT(y, 8)));
    return row_min(out, row_add(row_splat(x, 9), ROW_SHIFT(y0, 9)));
}

#if defined(__SSSE3__) && defined(__GNUC__) && defined(__x86_64__)
#define SH_AVX2 1
#include <immintrin.h>
#include <stdlib.h>
/* merge_rows of two pairs at once, with AVX2: x's and y's low halves, and their high halves (its
 * byte shuffles and shifts keep to each half). A search merges rows by the hundred thousand, and a
 * pair costs the instructions of one. Called only where the processor has AVX2 (have_avx2). */
__attribute__((target("avx2"))) static inline __m256i merge_rows2(__m256i x, __m256i y)
{
    const __m256i ones = _mm256_set1_epi8(-1), y0 = _mm256_or_si256(y, _mm256_set1_epi16((short)0xFF00));
#define SPLAT2(i) _mm256_shuffle_epi8(x, _mm256_set1_epi8(i))
#define SHIFT2(v, n) _mm256_or_si256(_mm256_slli_si256(v, n), _mm256_srli_si256(ones, 16 - (n)))
    __m256i out = _mm256_adds_epu8(SPLAT2(0), y);
    out = _mm256_min_epu8(out, _mm256_adds_epu8(SPLAT2(1), SHIFT2(y0, 1)));
    out = _mm256_min_epu8(out, _mm256_adds_epu8(SPLAT2(2), SHIFT2(y, 2)));
    out = _mm256_min_epu8(out, _mm256_adds_epu8(SPLAT2(3), SHIFT2(y0, 3)));
    out = _mm256_min_epu8(out, _mm256_adds_epu8(SPLAT2(4), SHIFT2(y, 4)));
    out = _mm256_min_epu8(out, _mm256_adds_epu8(SPLAT2(5), SHIFT2(y0, 5)));
    out = _mm256_min_epu8(out, _mm256_adds_epu8(SPLAT2(6), SHIFT2(y, 6)));
    out = _mm256_min_epu8(out, _mm256_adds_epu8(SPLAT2(7), SHIFT2(y0, 7)));
    out = _mm256_min_epu8(out, _mm256_adds_epu8(SPLAT2(8), SHIFT2(y, 8)));
    return _mm256_min_epu8(out, _mm256_adds_epu8(SPLAT2(9), SHIFT2(y0, 9)));
#undef SPLAT2
#undef SHIFT2
}

/* Two rows as one AVX2 register (low, high), and back. */
__attribute__((target("avx2"))) static inline __m256i rows2(row_t low, row_t high)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1);
}
__attribute__((target("avx2"))) static inline row_t row_low(__m256i v) { return _mm256_castsi256_si128(v); }
__attribute__((target("avx2"))) static inline row_t row_high(__m256i v) { return _mm256_extracti128_si256(v, 1); }

/* The processor runs AVX2, and SHANTEN_AVX2=0 does not turn it off (the tests compare both paths).
 * Checked once per unit; a race only writes the same answer twice. */
static inline int have_avx2(void)
{
    static int known = -1;
    if (known < 0) {
        const char *env = getenv("SHANTEN_AVX2");
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") && !(env && strcmp(env, "0") == 0);
    }
    return known;
}
#endif

/* The whole-hand value, M melds and the pair over two merged halves: lane 2i
 * of x meets lane 2(M - i) + 1 of y and lane 2i + 1 meets lane 2(M - i). */
#define X 0x80
static const uint8_t PARTNER[5][16] = {
    {1, 0, X, X, X, X, X, X, X, X, X, X, X, X, X, X},
    {3, 2, 1, 0, X, X, X, X, X, X, X, X, X, X, X, X},
    {5, 4, 3, 2, 1, 0, X, X, X, X, X, X, X, X, X, X},
    {7, 6, 5, 4, 3, 2, 1, 0, X, X, X, X, X, X, X, X},
    {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, X, X, X, X, X, X}};
#undef X

static inline int final_value(row_t x, row_t y, int M)
{
    return row_hmin(row_add(x, row_gather(y, row_load(PARTNER[M]))));
}

/* Rows of 3 or 4 groups (SH_ROW bytes each, readable for 16: tables are
 * padded). Two independent merges, then one final step. */
static inline int combine_groups(const uint8_t *const *rows, int ng, int M)
{
    const row_t right = merge_rows(row_load(rows[ng - 2]), row_load(rows[ng - 1]));
    const row_t left = ng == 4 ? merge_rows(row_load(rows[0]), row_load(rows[1])) : row_load(rows[0]);
    return final_value(left, right, M);
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

/* The table rows of a hand's groups; returns how many (3 or 4). */
static inline int fast_rows(const uint8_t *c, int players, const uint8_t **rows)
{
    int bases[3], n = run_suits(players, bases);
    for (int g = 0; g < n; g++)
        rows[g] = suit_row(c + bases[g]);
    rows[n] = iso_row(c, players);
    return n + 1;
}

static int regular_fast(const uint8_t *c, int M, int players)
{
    const uint8_t *rows[4];
    const int ng = fast_rows(c, players, rows);
    return combine_groups(rows, ng, M);
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

static const uint8_t SUIT_KINDS[3][9] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15, 16, 17}, {18, 19, 20, 21, 22, 23, 24, 25, 26}};

static int regular_limited(const uint8_t *c, const uint8_t *lim, int M, int players)
{
    uint8_t lower[4][16] = {{0}}, upper[4][16] = {{0}}; /* 16: rows are read as vectors; lanes 10-15 unused */
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
    /* Lower rows give a lower bound, provably exact entries an upper bound;
     * until they meet, solve the most constrained group exactly. */
    for (;;) {
        const int lower_bound = combine_groups(lo, ng, M);
        if (combine_groups(up, ng, M) == lower_bound)
            return lower_bound;
        int g = -1;
        for (int k = 0; k < ng; k++)
            if (slack[k] != SH_INF && (g < 0 || slack[k] < slack[g]))
                g = k;
        uint8_t h[9], l[9];
        for (int j = 0; j < nk[g]; j++) {
            h[j] = c[kinds[g][j]];
            l[j] = lim[kinds[g][j]];
        }
        if (g < ns)
            suit_dp(h, l, lower[g]);
        else
            isolated_dp(h, l, nk[g], lower[g]);
        memcpy(upper[g], lower[g], SH_ROW);
        slack[g] = SH_INF;
    }
}

static inline int popcount64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
#endif
}

static inline int lowest_bit(uint64_t x) /* x != 0 */
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    for (; !(x & 1); x >>= 1)
        n++;
    return n;
#endif
}

/* Counts every form needs besides the groups, from two bit masks over the 34
 * kinds: "held" and "two or more". */
typedef struct {
    uint64_t held, two; /* bit k: kind k held; held twice or more */
    int tiles, over, pairs, singles, orphan_kinds, orphan_pair;
} summary_t;

#define ORPHAN_BITS 0x3FC060301ULL /* 1m 9m 1p 9p 1s 9s and the honours */

static inline summary_t summarize(const uint8_t *c)
{
    uint64_t held = 0, two = 0;
    int tiles = 0, over = 0, start = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1), four = _mm_set1_epi8(4);
    for (; start < 32; start += 16) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(c + start));
        held |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, zero)) << start;
        two |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, one)) << start;
        over |= _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, four), four)) != 0xFFFF;
        const __m128i sums = _mm_sad_epu8(v, zero);
        tiles += _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4);
    }
#endif
    for (int i = start; i < SH_KINDS; i++) {
        held |= (uint64_t)(c[i] > 0) << i;
        two |= (uint64_t)(c[i] > 1) << i;
        over |= c[i] > 4;
        tiles += c[i];
    }
    const summary_t s = {held, two, tiles, over, popcount64(two), popcount64(held & ~two),
                         popcount64(held & ORPHAN_BITS), (two & ORPHAN_BITS) != 0};
    return s;
}

/* summarize() of the hand with one copy less of kind k, which it holds `count` (at most 4) of:
 * from the summary, not from a store to the counts and a load over it (see suit_row_step). */
static inline summary_t summary_less(const summary_t *sm, int count, int k)
{
    summary_t s = *sm;
    const uint64_t bit = 1ULL << k;
    s.tiles--;
    if (count == 1) {
        s.held &= ~bit;
        s.singles--;
        s.orphan_kinds -= (ORPHAN_BITS & bit) != 0;
    } else if (count == 2) {
        s.two &= ~bit;
        s.pairs--;
        s.singles++;
        s.orphan_pair = (s.two & ORPHAN_BITS) != 0;
    }
    return s;
}

/* summarize() of the hand with one copy more of kind k, which it holds `count` of. */
static inline summary_t summary_more(const summary_t *sm, int count, int k)
{
    summary_t s = *sm;
    const uint64_t bit = 1ULL << k;
    s.tiles++;
    s.over |= count >= 4;
    if (count == 0) {
        s.held |= bit;
        s.singles++;
        s.orphan_kinds += (ORPHAN_BITS & bit) != 0;
    } else if (count == 1) {
        s.two |= bit;
        s.pairs++;
        s.singles--;
        s.orphan_pair = (s.two & ORPHAN_BITS) != 0;
    }
    return s;
}

/* Seven distinct pairs, or with quads_as_pairs a kind of four as two pairs.
 * Take the pair slots that already hold the most tiles. */
static int seven_pairs(const uint8_t *c, const summary_t *sm, const uint8_t *lim, int quads_as_pairs)
{
    int full = sm->pairs, half = sm->singles, slots = SH_KINDS;
    if (lim || quads_as_pairs) {
        full = half = 0;
        slots = 0;
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
    }
    if (slots < 7)
        return SH_INF;
    const int take_full = min2(full, 7);
    return 14 - 2 * take_full - min2(half, 7 - take_full);
}

static int thirteen_orphans(const uint8_t *c, const summary_t *sm, const uint8_t *lim)
{
    if (!lim)
        return 14 - sm->orphan_kinds - sm->orphan_pair;
    int kinds = 0, pair = 0, can_pair = 0;
    for (uint64_t rest = ORPHAN_BITS; rest; rest &= rest - 1) {
        const int k = lowest_bit(rest), l = lim[k];
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

/* lim == NULL: rule "tenhou" (every limit 4; 2m-8m absent in 3-player).
 * M melds are sought; seven pairs and thirteen orphans count when `special`. */
static forms_t evaluate_with(const uint8_t *c, const summary_t *sm, const uint8_t *lim, int players,
                             int quads_as_pairs, int M, int special)
{
    forms_t f;
    f.regular = lim ? regular_limited(c, lim, M, players) : regular_fast(c, M, players);
    f.seven_pairs = f.orphans = SH_INF;
    if (special) {
        f.seven_pairs = seven_pairs(c, sm, lim, quads_as_pairs);
        f.orphans = thirteen_orphans(c, sm, lim);
    }
    return f;
}

static inline forms_t evaluate(const uint8_t *c, const summary_t *sm, const uint8_t *lim, int players, int quads_as_pairs)
{
    return evaluate_with(c, sm, lim, players, quads_as_pairs, sm->tiles / 3, sm->tiles >= 13);
}

static inline int best_of(forms_t f) { return min2(f.regular, min2(f.seven_pairs, f.orphans)); }

/* Validation shared by the scalar and batch entry points. */
enum { SH_OK, SH_BAD_COUNT, SH_BAD_SIZE, SH_ABSENT_KIND };

static inline int valid_size(int n) { return n >= 1 && n <= 14 && n % 3 != 0; }

/* Copies of a kind in the game: 3-player mahjong has no 2m-8m. */
static inline int copies_in_game(int kind, int players) { return players == 3 && kind >= 1 && kind <= 7 ? 0 : 4; }

static inline int validate(const uint8_t *c, int players, summary_t *sm, int *kind_out)
{
    *sm = summarize(c);
    *kind_out = 0;
    int absent = 0;
    if (players == 3)
        for (int i = 1; i <= 7; i++)
            absent |= c[i];
    if (sm->over || absent) {
        for (int i = 0; i < SH_KINDS; i++)
            if (c[i] > copies_in_game(i, players)) {
                *kind_out = i;
                return c[i] > 4 ? SH_BAD_COUNT : SH_ABSENT_KIND;
            }
    }
    return valid_size(sm->tiles) ? SH_OK : SH_BAD_SIZE;
}

#endif
