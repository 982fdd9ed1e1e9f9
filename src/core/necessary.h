/* Necessary tiles of a 3n+1 hand: the kinds whose draw lowers its shanten.
 *
 * Drawing a kind lowers the regular form exactly when the kind lowers the row
 * entry of its group in some optimal split of the melds and the pair, so each
 * row entry carries a mask of such kinds (masks.bin, generated beside the
 * suit rows) and the merges keep the union over every optimal split. The
 * rule variants (lower limits) ask the evaluator once per drawable kind.
 */
#ifndef SHANTEN_NECESSARY_H
#define SHANTEN_NECESSARY_H

#include "eval.h"

/* masks.bin unpacked on first use (tables.c): per suit shape, SH_ROW little-endian u16 necessary
 * masks, then SH_ROW little-endian u32 excess masks (mark_exact), in one cache line */
extern const uint8_t *mask_table;
#define SHAPE_MASKS 64

/* Per suit shape, SH_ROW little-endian u16 keep masks: entry e's kinds whose discard leaves the
 * entry as it is. A 3n+2 hand's discard keeps its replacement number exactly when it keeps an entry
 * on some optimal split, the mirror of the necessary masks. They follow from the rows, so they are
 * made on first use of each shape (keep_known[shape] 1), not shipped; load_keeps (tables.c) gives
 * the zeroed tables. */
extern uint8_t *keep_table, *keep_known;
#define KEEP_BYTES (2 * SH_ROW)

#define FORM_REGULAR 1
#define FORM_SEVEN_PAIRS 2
#define FORM_ORPHANS 4
#define FORMS_ALL 7

/* A group's row (16 readable bytes) and, per entry, its necessary kinds:
 * suits point into masks.bin (9-bit masks, shifted to the suit's kinds
 * when read); the isolated group has its masks spelled out. */
typedef struct {
    const uint8_t *v, *need, *excess; /* excess: a suit's excess masks in masks.bin (NULL: the isolated group) */
    int base;              /* a suit's first kind; the isolated group: its ISO_TABLE index */
    /* the isolated group only: its kinds held k times (k = 0-3), and bit e of lower[k]: one more
     * copy of any of them lowers entry e (an entry's necessary kinds are read for a few entries
     * only, so they are put together when read: iso_entries_mask) */
    uint64_t with_count[4];
    uint16_t lower[4];
    int exact;             /* under limits (mark_exact): bit e, entry e's optimal targets all fit them */
    int solved;            /* under limits: 1 once `row` holds the group's exact row (the DP) */
    uint8_t row[16];
} masked_row;

/* A suit shape's necessary masks in masks.bin, from its row (suit_row). */
static inline const uint8_t *shape_needs(const uint8_t *row)
{
    return mask_table + (size_t)(row - suit_table) / SH_ROW * SHAPE_MASKS;
}

/* Entry e's kinds in a suit shape's per-entry masks (little-endian u16: its necessary masks from
 * shape_needs, or its keep masks), for a suit whose first kind is `base`. */
static inline uint64_t suit_entry_kinds(const uint8_t *masks, int e, int base)
{
    return (uint64_t)(masks[2 * e] | masks[2 * e + 1] << 8) << base;
}

/* The kinds of the entries `on` (bits 0-9) together: with SSSE3 all ten masks at once, each kept
 * where its entry's bit is set, then folded (no loop over the entries, whose count varies). */
static inline uint64_t suit_entries_kinds(const uint8_t *masks, int on, int base)
{
#if defined(__SSSE3__)
    const __m128i bits_low = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
    const __m128i bits_high = _mm_setr_epi16(256, 512, 0, 0, 0, 0, 0, 0);
    const __m128i select = _mm_set1_epi16((short)on);
    int32_t last;
    memcpy(&last, masks + 16, sizeof last); /* entries 8 and 9 */
    const __m128i low = _mm_and_si128(_mm_loadu_si128((const __m128i *)masks),
                                      _mm_cmpeq_epi16(_mm_and_si128(select, bits_low), bits_low));
    const __m128i high = _mm_and_si128(_mm_cvtsi32_si128(last),
                                       _mm_cmpeq_epi16(_mm_and_si128(select, bits_high), bits_high));
    __m128i v = _mm_or_si128(low, high);
    v = _mm_or_si128(v, _mm_shuffle_epi32(v, 0x4E));
    v = _mm_or_si128(v, _mm_shuffle_epi32(v, 0xB1));
    v = _mm_or_si128(v, _mm_srli_epi32(v, 16));
    return (uint64_t)(_mm_cvtsi128_si32(v) & 0xFFFF) << base;
#else
    uint64_t kinds = 0;
    for (; on; on &= on - 1)
        kinds |= suit_entry_kinds(masks, lowest_bit((uint64_t)on), base);
    return kinds;
#endif
}

/* The isolated group's necessary kinds of the entries `on` together: those of each count held whose
 * one more copy lowers one of them. */
static inline uint64_t iso_entries_mask(const masked_row *g, int on)
{
    uint64_t m = 0;
    for (int k = 0; k < 4; k++)
        m |= g->with_count[k] & (0 - (uint64_t)((g->lower[k] & on) != 0));
    return m;
}

static inline uint64_t entry_mask(const masked_row *g, int e)
{
    return g->need ? suit_entry_kinds(g->need, e, g->base) : iso_entries_mask(g, 1 << e);
}

/* The necessary kinds of the entries `on` together. */
static inline uint64_t entries_mask(const masked_row *g, int on)
{
    return g->need ? suit_entries_kinds(g->need, on, g->base) : iso_entries_mask(g, on);
}

/* The masked group of a suit whose row (suit_row) is `row`; base: its first kind. */
static void suit_masked_row(const uint8_t *row, int base, masked_row *out)
{
    out->v = row;
    out->need = shape_needs(row);
    out->excess = out->need + 2 * SH_ROW;
#if defined(__GNUC__)
    __builtin_prefetch(out->v); /* both are far apart in large tables: fetch every group's before reading one */
    __builtin_prefetch(out->need);
#endif
    out->base = base;
}

static inline void suit_masked(const uint8_t *c, int base, masked_row *out)
{
    suit_masked_row(suit_row(c + base), base, out);
}

/* The keep masks of the suit shape of counts c (its first kind), whose row is `row`. Searches run
 * without the GIL, so a shape may be made by two threads at once: both write the same bytes, as
 * atomics, and mark it made after them. */
static inline const uint8_t *keep_masks(const uint8_t *c, const uint8_t *row)
{
    const size_t shape = (size_t)(row - suit_table) / SH_ROW;
    uint8_t *m = keep_table + shape * KEEP_BYTES;
    if (__atomic_load_n(&keep_known[shape], __ATOMIC_ACQUIRE))
        return m;
    unsigned made[SH_ROW] = {0};
    for (int t = 0; t < 9; t++) {
        if (!c[t])
            continue;
        const uint8_t *less = suit_row_step(c, t, -1);
        for (int e = 0; e < SH_ROW; e++)
            made[e] |= (unsigned)(less[e] == row[e]) << t;
    }
    for (int e = 0; e < SH_ROW; e++) {
        __atomic_store_n(&m[2 * e], (uint8_t)made[e], __ATOMIC_RELAXED);
        __atomic_store_n(&m[2 * e + 1], (uint8_t)(made[e] >> 8), __ATOMIC_RELAXED);
    }
    __atomic_store_n(&keep_known[shape], 1, __ATOMIC_RELEASE);
    return m;
}

/* Kinds of the isolated group with the same count are interchangeable: one
 * more of any of them moves the histogram the same way. */
static void iso_masked(const uint8_t *c, int players, masked_row *out)
{
    const uint8_t *kinds;
    const int n = iso_kinds(players, &kinds);
    int idx = 0;
    uint64_t with_count[5] = {0, 0, 0, 0, 0}; /* [4]: kinds held four times, which take no more */
    for (int j = 0; j < n; j++) {
        idx += ISO_WEIGHT[c[kinds[j]]];
        with_count[c[kinds[j]]] |= 1ULL << kinds[j];
    }
    out->v = ISO_TABLE[idx];
    out->need = out->excess = NULL;
    out->base = idx;
    const row_t v = row_load(out->v);
    for (int k = 0; k < 4; k++) {
        out->with_count[k] = with_count[k];
        /* the lanes where the row with one more is below this one: not at least as high */
        out->lower[k] = !with_count[k] ? 0
                                       : (uint16_t)(~row_at_most(v, row_load(ISO_TABLE[idx - ISO_WEIGHT[k] +
                                                                                        ISO_WEIGHT[k + 1]])) &
                                                    ((1 << SH_ROW) - 1));
    }
}

/* Lower limits as the checks of limited.h see them: the hand, the limits, and
 * masks of kinds by limit. */
typedef struct {
    const uint8_t *c, *lim;
    uint64_t limited;            /* kinds whose limit is below 4 */
    uint64_t pair_slots;         /* kinds that may be held twice (seven pairs) */
    uint64_t orphan_one, orphan_two; /* orphans that may be held once, twice */
    int players;
    struct group_memo *memo;     /* a discard table's groups with a kind drawn (limited.h), or NULL */
    struct dp_memo *dp;          /* suits' exact rows already found (limited.h), or NULL */
} limit_view;

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

/* The merges of 3 or 4 group rows: rest[k], every group but k merged, and
 * the halves they are made from (4 groups: 0 and 1, 2 and 3; 3 groups: 1 and
 * 2 in half[1]). */
typedef struct {
    row_t half[2], rest[4];
} complements;

#if defined(SH_AVX2)
/* complements_of and complements_after with their independent merges paired (merge_rows2). */
__attribute__((target("avx2"))) static int complements_of2(const row_t *r, int ng, int M, complements *c)
{
    if (ng == 4) {
        const __m256i halves = merge_rows2(rows2(r[0], r[2]), rows2(r[1], r[3]));
        c->half[0] = row_low(halves), c->half[1] = row_high(halves);
        const __m256i first = merge_rows2(rows2(r[1], r[0]), rows2(c->half[1], c->half[1]));
        const __m256i second = merge_rows2(rows2(c->half[0], c->half[0]), rows2(r[3], r[2]));
        c->rest[0] = row_low(first), c->rest[1] = row_high(first);
        c->rest[2] = row_low(second), c->rest[3] = row_high(second);
        return final_value(c->half[0], c->half[1], M);
    }
    const __m256i outer = merge_rows2(rows2(r[1], r[0]), rows2(r[2], r[2]));
    c->half[1] = c->rest[0] = row_low(outer);
    c->rest[1] = row_high(outer);
    c->rest[2] = merge_rows(r[0], r[1]);
    return final_value(r[0], c->half[1], M);
}

__attribute__((target("avx2"))) static int complements_after2(const row_t *r, int ng, int M,
                                                               const complements *was, int g, complements *c)
{
    *c = *was;
    if (ng == 4) {
        const int h = g >> 1, other = g ^ 1; /* g's half, and its partner in it */
        /* g's half anew, and the rest of g's partner (the other half with g) beside it */
        const __m256i first = h ? merge_rows2(rows2(r[2], c->half[0]), rows2(r[3], r[g]))
                                : merge_rows2(rows2(r[0], r[g]), rows2(r[1], c->half[1]));
        c->half[h] = row_low(first), c->rest[other] = row_high(first);
        if (h) {
            const __m256i rests = merge_rows2(rows2(r[1], r[0]), rows2(c->half[1], c->half[1]));
            c->rest[0] = row_low(rests), c->rest[1] = row_high(rests);
        } else {
            const __m256i rests = merge_rows2(rows2(c->half[0], c->half[0]), rows2(r[3], r[2]));
            c->rest[2] = row_low(rests), c->rest[3] = row_high(rests);
        }
        return final_value(c->half[0], c->half[1], M);
    }
    if (g) {
        const __m256i pair = merge_rows2(rows2(r[1], r[0]), rows2(r[2], r[g]));
        c->half[1] = c->rest[0] = row_low(pair);
        c->rest[3 - g] = row_high(pair);
    } else {
        const __m256i pair = merge_rows2(rows2(r[0], r[0]), rows2(r[2], r[1]));
        c->rest[1] = row_low(pair), c->rest[2] = row_high(pair);
    }
    return final_value(r[0], c->half[1], M);
}
#endif

/* The complements of rows r; returns the whole hand's value for M melds and the pair. */
static int complements_of(const row_t *r, int ng, int M, complements *c)
{
#if defined(SH_AVX2)
    if (have_avx2())
        return complements_of2(r, ng, M, c);
#endif
    if (ng == 4) {
        c->half[0] = merge_rows(r[0], r[1]), c->half[1] = merge_rows(r[2], r[3]);
        c->rest[0] = merge_rows(r[1], c->half[1]);
        c->rest[1] = merge_rows(r[0], c->half[1]);
        c->rest[2] = merge_rows(c->half[0], r[3]);
        c->rest[3] = merge_rows(c->half[0], r[2]);
        return final_value(c->half[0], c->half[1], M);
    }
    c->half[1] = c->rest[0] = merge_rows(r[1], r[2]);
    c->rest[1] = merge_rows(r[0], r[2]);
    c->rest[2] = merge_rows(r[0], r[1]);
    return final_value(r[0], c->half[1], M);
}

/* complements_of rows r that differ from those of `was` in group g alone: the merges without g are
 * kept (4 merges of 6, 2 of 3). */
static inline int complements_after(const row_t *r, int ng, int M, const complements *was, int g, complements *c)
{
#if defined(SH_AVX2)
    if (have_avx2())
        return complements_after2(r, ng, M, was, g, c);
#endif
    *c = *was;
    if (ng == 4) {
        const int h = g >> 1, other = g ^ 1; /* g's half, and its partner in it */
        c->half[h] = h ? merge_rows(r[2], r[3]) : merge_rows(r[0], r[1]);
        c->rest[other] = h ? merge_rows(c->half[0], r[g]) : merge_rows(r[g], c->half[1]);
        if (h) {
            c->rest[0] = merge_rows(r[1], c->half[1]);
            c->rest[1] = merge_rows(r[0], c->half[1]);
        } else {
            c->rest[2] = merge_rows(c->half[0], r[3]);
            c->rest[3] = merge_rows(c->half[0], r[2]);
        }
        return final_value(c->half[0], c->half[1], M);
    }
    if (g) {
        c->half[1] = c->rest[0] = merge_rows(r[1], r[2]);
        c->rest[3 - g] = merge_rows(r[0], r[g]);
    } else {
        c->rest[1] = merge_rows(r[0], r[2]);
        c->rest[2] = merge_rows(r[0], r[1]);
    }
    return final_value(r[0], c->half[1], M);
}

/* The entries of row r on an optimal split of a hand of value `best` (target: best in every lane):
 * with the best complementary entry of the other groups, rest, they attain it. */
static inline int optimal_entries(row_t r, row_t rest, row_t partner, row_t target)
{
    return row_less_by(target, row_add(r, row_gather(rest, partner)), 0) & ((1 << SH_ROW) - 1);
}

/* The regular form's replacement number and necessary kinds from the group
 * rows. Entry e of group g lies on an optimal split exactly when it and the
 * best complementary entry of the other groups together (merged, lane
 * (M - m, 1 - p)) attain the minimum; the mask is the union of those entries'
 * masks. With limits (lv != NULL), *exact tells whether the limits leave every
 * such entry as it is (entry_exact): then they change neither the value nor
 * the mask. kept: the complements made, for a caller that changes one group
 * next (or NULL). */
static int regular_from_groups(const masked_row *g, int ng, int M, const limit_view *lv, uint64_t *mask, int *exact,
                               complements *kept)
{
    row_t r[4];
    complements cs;
    const row_t *rest = cs.rest;
    memset(r, 0, sizeof r); /* ng is 3 or 4: the compiler cannot tell */
    for (int k = 0; k < ng; k++)
        r[k] = row_load(g[k].v);
    const int best = complements_of(r, ng, M, &cs);
    if (kept)
        *kept = cs;
    const row_t partner = row_load(PARTNER[M]);
    const row_t target = row_fill((uint8_t)best);
    *mask = 0;
    *exact = 1;
    for (int k = 0; k < ng; k++) {
        /* the entries on an optimal split: lanes equal to the best (row_less_by by 0) */
        const int on = optimal_entries(r[k], rest[k], partner, target);
        *mask |= entries_mask(&g[k], on);
        *exact &= !lv || (g[k].exact & on) == on;
    }
    return best;
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

/* Seven pairs and thirteen orphans on the table path (13 tiles): each form's value and necessary
 * kinds taken into *best and *mask. */
static void special_necessary(const uint8_t *c, const summary_t *sm, int players, int forms, int *best,
                              uint64_t *mask)
{
    const uint64_t held = sm->held, single = held & ~sm->two, orphans_held = held & ORPHAN_BITS;
    const uint64_t drawable = ALL_KINDS & ~(players == 3 ? ABSENT_3P : 0);
    if (sm->tiles == 13 && (forms & FORM_SEVEN_PAIRS)) {
        /* a single becomes a pair; a new kind helps while fewer than 7 are held */
        const uint64_t m = single | (sm->pairs + sm->singles < 7 ? drawable & ~held : 0);
        take_best(best, mask, seven_pairs(c, sm, NULL, 0), m);
    }
    if (sm->tiles == 13 && (forms & FORM_ORPHANS)) {
        /* a missing orphan always helps; any held orphan helps while none is paired */
        const uint64_t m = (ORPHAN_BITS & ~orphans_held) | (sm->orphan_pair ? 0 : orphans_held);
        take_best(best, mask, thirteen_orphans(c, sm, NULL), m);
    }
}

/* Table path: rule "tenhou" limits, seven pairs without quads; g: the hand's masked groups; kept: the
 * regular form's complements (regular_from_groups), or NULL. */
static int necessary_from_groups(const uint8_t *c, const summary_t *sm, int players, int forms, const masked_row *g,
                                 int ng, uint64_t *mask, complements *kept)
{
    int best = 4 * SH_INF;
    *mask = 0;
    if (forms & FORM_REGULAR) {
        int exact;
        uint64_t regular_mask = 0;
        const int r = regular_from_groups(g, ng, sm->tiles / 3, NULL, &regular_mask, &exact, kept);
        take_best(&best, mask, r, regular_mask);
    }
    special_necessary(c, sm, players, forms, &best, mask);
    return best;
}

static int necessary_fast(const uint8_t *c, const summary_t *sm, int players, int forms, uint64_t *mask)
{
    masked_row g[4];
    const int ng = masked_groups(c, players, g);
    return necessary_from_groups(c, sm, players, forms, g, ng, mask, NULL);
}

/* The regular form's winning kinds of a 3n+1 hand (none unless it is tenpai in that form), without
 * the search over splits of necessary_fast: a win completes every group (the suits, then the isolated
 * group) and holds one pair, and only the winning tile's group changes. So a group's kinds win when
 * every other group is complete, the pairs then add up to one, and the kind completes this group: the
 * necessary kinds of its row entry for all its tiles and one more, when that entry is 1. */
static inline uint64_t regular_waits(const uint8_t *c, int players)
{
    int bases[3], tiles[4], complete = 0, paired = 0;
    const int ns = run_suits(players, bases), all = (1 << (ns + 1)) - 1;
    const uint8_t *rows[3];
    for (int k = 0; k < ns; k++) {
        const uint64_t w = suit_word(c + bases[k]);
        rows[k] = suit_row_of(w, c[bases[k] + 8]);
        const int t = tiles[k] = word_sum(w) + c[bases[k] + 8];
        complete |= (t % 3 != 1 && !rows[k][2 * (t / 3) + (t % 3 == 2)]) << k;
        paired |= (t % 3 == 2) << k;
    }
    /* the isolated group, from its counts: complete when it holds triplets and at most one pair */
    const uint8_t *kinds;
    const int n = iso_kinds(players, &kinds);
    uint64_t with[5] = {0, 0, 0, 0, 0};
    int t = 0;
    for (int j = 0; j < n; j++)
        with[c[kinds[j]]] |= 1ull << kinds[j], t += c[kinds[j]];
    const int pairs = popcount64(with[2]), broken = with[1] || with[4];
    tiles[ns] = t;
    complete |= (!broken && pairs == t % 3 / 2 && t % 3 != 1) << ns;
    paired |= (t % 3 == 2) << ns;
    uint64_t waits = 0;
    for (int k = 0; k <= ns; k++) {
        const int tk = tiles[k];
        if (tk % 3 == 0 || (complete | 1 << k) != all || popcount64((uint64_t)(paired & ~(1 << k))) != (tk % 3 == 2))
            continue; /* another group is not complete, or the pairs would not add up to one */
        if (k < ns) {
            const int e = tk % 3 == 1 ? 2 * (tk / 3) + 1 : 2 * (tk / 3 + 1); /* the entry of tk + 1 tiles */
            if (rows[k][e] == 1)
                waits |= suit_entry_kinds(shape_needs(rows[k]), e, bases[k]);
        } else if (!with[4]) { /* a single to pair (or two pairs, either to a triplet), or a pair to a triplet */
            if (tk % 3 == 1)
                waits |= with[1] && !with[2] && popcount64(with[1]) == 1 ? with[1] : !with[1] && pairs == 2 ? with[2] : 0;
            else
                waits |= !with[1] && pairs == 1 ? with[2] : 0;
        }
    }
    return waits;
}

/* The winning kinds of a tenpai 3n+1 hand on the table path: necessary_fast's mask for such a hand
 * (the expected-value engine's riichi hands are tenpai by construction). */
static inline uint64_t tenpai_waits(const uint8_t *c, const summary_t *sm, int players, int forms)
{
    uint64_t waits = forms & FORM_REGULAR ? regular_waits(c, players) : 0;
    int best = waits ? 1 : 4 * SH_INF;
    special_necessary(c, sm, players, forms, &best, &waits);
    return best == 1 ? waits : 0;
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
