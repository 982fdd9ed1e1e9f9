/* The scoring kernel: yaku, han, fu, limit and payments of one complete hand,
 * in plain C (no Python), for the per-call and batch entries of scoring.c and
 * for the expected-value engine, which prepares each complete hand once
 * (sc_prepare: what does not depend on the winning tile, its decompositions
 * included) and scores it from each wait it is reached by (sc_score_win).
 *
 * Every decomposition of the concealed tiles (4 - melds groups and a pair,
 * seven pairs, thirteen orphans) and every group the winning tile may have
 * completed is scored; the highest value is kept (base points, then han, then
 * fu), as the rules require (222333444m as triplets or runs, ryanpeikou or seven
 * pairs, a kanchan read that gives more fu than a ryanmen read without pinfu).
 *
 * Yaku are bits of a 64-bit mask by Tenhou yaku id (shanten.records.names.YAKU,
 * 0-54) and SC_KITA (55) for the norths set aside in 3-player. */
#ifndef SHANTEN_SCORE_H
#define SHANTEN_SCORE_H

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h> /* sc_summarize: the expected-value engine summarises every hand it scores */
#endif

#define SC_KINDS 34
#define SC_KITA 55   /* yaku bit of kita dora (not a Tenhou id) */
#define SC_YAKU 56   /* size of the per-yaku han array */
/* Decompositions of a complete hand's concealed tiles: at most 4. One suit holds the pair and the
 * honours split one way, so a hand's count is the product of its suits'; a suit splits at most 3
 * ways without the pair (12 tiles: 111222333444) and 4 ways with it (14 tiles: 66677778888999),
 * as an enumeration of every suit's counts finds, and no product of two suits passes 3. */
#define SC_LEAVES 4

/* Meld types, as in shanten.MeldKind's order. */
enum { SC_CHI, SC_PON, SC_OPEN_KAN, SC_CLOSED_KAN, SC_ADDED_KAN, SC_MELD_TYPES };
/* Types of the concealed groups of a decomposition (after the meld types). */
enum { SC_PAIR = SC_MELD_TYPES, SC_RUN, SC_TRIPLET, SC_ORPHANS };

/* win_input.flags */
enum {
    SC_TSUMO = 1, SC_RIICHI = 2, SC_DOUBLE_RIICHI = 4, SC_IPPATSU = 8, SC_RINSHAN = 16, SC_CHANKAN = 32,
    SC_LAST_TILE = 64, SC_FIRST_DRAW = 128
};

/* score_rules.bits */
enum {
    SR_OPEN_TANYAO = 1,          /* kuitan */
    SR_RED_FIVES = 2,            /* red fives count as aka dora */
    SR_KAZOE = 4,                /* 13+ han is a yakuman (else sanbaiman) */
    SR_KIRIAGE = 8,              /* 4 han 30 fu and 3 han 60 fu are mangan */
    SR_DOUBLE_KOKUSHI13 = 16,    /* double yakuman kinds */
    SR_DOUBLE_SUUANKOU_TANKI = 32,
    SR_DOUBLE_JUNSEI = 64,
    SR_DOUBLE_DAISUUSHII = 128,
    SR_STACK = 256,              /* several yakuman add up */
    SR_TSUMO_LOSS = 512,         /* 3-player: the absent player's share of a tsumo is lost (else split) */
    SR_WIND_PAIR_2 = 1024,       /* a pair of the seat and round wind gives 2 fu (Tenhou: 4) */
    SR_RINSHAN_NO_TSUMO_FU = 2048, /* no tsumo fu on a rinshan win (Tenhou gives them) */
    SR_NO_KITA = 4096             /* 3-player: norths set aside are no han of their own */
};

struct score_rules {
    uint32_t bits;
    uint8_t renhou_han;   /* 0: no renhou; 13: yakuman; else its han */
    uint16_t honba_value; /* per paying player: 100 */
};

struct score_meld {
    uint8_t type, kind, red; /* kind: the lowest kind of a chi, the kind otherwise; red: red fives in it */
};

/* One win. 128 bytes, uint8 fields only: the numpy dtype of _fast.py mirrors it. */
struct win_input {
    uint8_t counts[SC_KINDS]; /* concealed tiles including the winning tile */
    uint8_t dora[SC_KINDS];   /* han per tile of each kind, from the dora indicators */
    uint8_t ura[SC_KINDS];    /* the same from the ura indicators (read only with riichi) */
    uint8_t red[3];           /* red fives among the concealed tiles, per suit */
    uint8_t win;              /* the winning kind */
    uint8_t n_melds;
    struct score_meld melds[4];
    uint8_t flags, kita, round_wind, seat_wind, players, honba, sticks;
    uint8_t reserved[2];
};

enum { SC_NO_LIMIT, SC_MANGAN, SC_HANEMAN, SC_BAIMAN, SC_SANBAIMAN, SC_YAKUMAN, SC_KAZOE_YAKUMAN };
/* fu_code: form (bits 0-1), flags (bits 2-6), wait (bits 8-10), pair fu (12-15), groups' fu (16-23) */
enum { SC_FORM_REGULAR, SC_FORM_PAIRS, SC_FORM_ORPHANS };
enum { SC_FU_CLOSED = 4, SC_FU_TSUMO = 8, SC_FU_CLOSED_RON = 16, SC_FU_PINFU = 32, SC_FU_OPEN_30 = 64, SC_FU_WON_BY_TSUMO = 128 };
enum { SC_WAIT_RYANMEN, SC_WAIT_KANCHAN, SC_WAIT_PENCHAN, SC_WAIT_TANKI, SC_WAIT_SHANPON, SC_WAIT_OTHER };

struct score_result {
    uint64_t yaku;                /* bit per yaku id; 0: no yaku */
    int32_t base, points, ron, from_dealer, from_others, total;
    int16_t han, fu;
    uint32_t fu_code;
    uint8_t yakuman, limit, dealer, n_groups, win_group;
    uint8_t group_type[7], group_kind[7]; /* the decomposition kept: melds keep their index order */
    uint8_t yaku_han[SC_YAKU];
    uint8_t group_red[7]; /* red fives of each meld among the groups (concealed groups: 0) */
    uint8_t red[3];       /* red fives among the concealed tiles, per suit */
    uint8_t seat_wind, round_wind; /* as given: they name the pair's fu */
    uint8_t reserved;
};

/* score_hand's results */
enum { SC_OK = 0, SC_NOT_COMPLETE = -1, SC_BAD_WIN = -2, SC_BAD_COUNTS = -3, SC_BAD_MELD = -4, SC_BAD_FLAGS = -5,
       SC_BAD_WINDS = -6, SC_BAD_RED = -7 };

/* ---- tile properties -------------------------------------------------------- */

static inline int sc_terminal_or_honor(int k) { return k >= 27 || k % 9 == 0 || k % 9 == 8; }
/* 1s of each suit, 9s of each suit, and the honours, as a 34-bit mask */
#define SC_TERMINALS ((1ull << 0) | (1ull << 8) | (1ull << 9) | (1ull << 17) | (1ull << 18) | (1ull << 26))
#define SC_HONORS (0x7full << 27)
#define SC_GREEN ((1ull << 19) | (1ull << 20) | (1ull << 21) | (1ull << 23) | (1ull << 25) | (1ull << 32))
#define SC_SUIT(s) (0x1ffull << (9 * (s)))

static inline int sc_ceil100(int v) { return (v + 99) / 100 * 100; }

#define SC_DORA_BITS ((1ull << 52) | (1ull << 53) | (1ull << 54) | (1ull << SC_KITA))
static const uint8_t SC_GATES[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3}; /* nine gates: 1112345678999 */

/* ---- the search ------------------------------------------------------------- */

typedef struct {
    const struct win_input *in;
    const struct score_rules *rules;
    int closed, tsumo, dealer, kans, dora_han, wind_pair_cap;
    /* yaku that do not depend on the decomposition (regular form) */
    uint64_t common, dora_mask; /* dora_mask: the dora yaku bits, added beside a yaku */
    uint8_t common_han[SC_YAKU];
    int common_sum;
    uint64_t common_yakuman; /* yakuman ids found from the counts alone */
    uint64_t honor_trips;    /* concealed honour triplets, and the honour pair (-1: none) */
    int honor_pair;
    /* the concealed groups being tried */
    uint8_t gt[5], gk[5];
    int ng;
    /* every decomposition sc_split found, to be tried with a winning tile (sc_score_win) */
    int leaves;
    uint8_t leaf_ng[SC_LEAVES], leaf_gt[SC_LEAVES][5], leaf_gk[SC_LEAVES][5];
    /* the best so far */
    int64_t best_key;
    struct score_result *out;
    int brief; /* write only yaku, han, fu, base and limit of the best, and the points of a yakuman (base
                  8000 or more): what the expected-value engine reads */
} sc_search;

static inline void sc_add(uint64_t *mask, uint8_t *han, int *sum, int id, int h)
{
    *mask |= 1ull << id;
    han[id] = (uint8_t)h;
    *sum += h;
}

/* Base points and *limit of han and fu (han 0: no yaku) or of yakuman multiples. */
static inline int sc_base(uint32_t bits, int han, int fu, int multiples, int *limit_out)
{
    int base, limit = SC_NO_LIMIT;
    if (multiples) {
        base = 8000 * multiples;
        limit = SC_YAKUMAN;
    } else if (han >= 13) {
        base = bits & SR_KAZOE ? 8000 : 6000;
        limit = bits & SR_KAZOE ? SC_KAZOE_YAKUMAN : SC_SANBAIMAN;
    } else if (han >= 11)
        base = 6000, limit = SC_SANBAIMAN;
    else if (han >= 8)
        base = 4000, limit = SC_BAIMAN;
    else if (han >= 6)
        base = 3000, limit = SC_HANEMAN;
    else if (han == 5)
        base = 2000, limit = SC_MANGAN;
    else {
        base = fu << (han + 2);
        if (base > 2000 || (base == 1920 && (bits & SR_KIRIAGE)))
            base = 2000;
        if (base == 2000)
            limit = SC_MANGAN;
    }
    *limit_out = limit;
    return base;
}

/* Base points, limit and payments of han and fu (han 0: no yaku) or of yakuman multiples, for a
 * win by tsumo or not, by the dealer or not (the expected-value engine prices ura dora with it). */
static void sc_payments(const struct score_rules *rules, const struct win_input *in, int tsumo, int dealer, int han,
                        int fu, int multiples, struct score_result *r)
{
    const uint32_t bits = rules->bits;
    int limit;
    const int base = sc_base(bits, han, fu, multiples, &limit);
    r->base = base;
    r->limit = (uint8_t)limit;
    const int payers = in->players - 1, honba = in->honba * rules->honba_value;
    r->ron = r->from_dealer = r->from_others = 0;
    if (!tsumo) {
        r->points = sc_ceil100(base * (dealer ? 6 : 4));
        r->ron = r->points + honba * payers;
        r->total = r->ron;
    } else {
        const int split = in->players == 3 && !(bits & SR_TSUMO_LOSS);
        if (dealer) {
            r->from_others = sc_ceil100(split ? base * 3 : base * 2);
            r->points = r->from_others * payers;
        } else {
            r->from_dealer = sc_ceil100(split ? base * 5 / 2 : base * 2);
            r->from_others = sc_ceil100(split ? base * 3 / 2 : base);
            r->points = r->from_dealer + r->from_others * (payers - 1);
        }
        r->from_others += r->from_others ? honba : 0;
        r->from_dealer += r->from_dealer ? honba : 0;
        r->total = r->points + honba * payers;
    }
    r->total += 1000 * in->sticks;
}

static void sc_pay(const sc_search *s, int han, int fu, int multiples, struct score_result *r)
{
    sc_payments(s->rules, s->in, s->tsumo, s->dealer, han, fu, multiples, r);
}

/* Keep the scoring if it beats the best so far. */
static void sc_offer(sc_search *s, uint64_t yaku, const uint8_t *han_of, int han, int fu, int multiples,
                     uint32_t fu_code, int form, int win_group)
{
    struct score_result r;
    if (!yaku)
        han = 0;
    if (multiples) /* the han of the yakuman listed (26 for two, even where only one is paid) */
        for (uint64_t m = yaku; m; m &= m - 1)
            han += han_of[__builtin_ctzll(m)];
    else if (yaku) { /* dora count only beside a yaku */
        yaku |= s->dora_mask;
        han += s->dora_han;
    }
    int limit;
    if (!yaku)
        r.base = 0, r.limit = 0;
    else if (s->brief && (r.base = sc_base(s->rules->bits, han, fu, multiples, &limit)) < 8000)
        r.limit = (uint8_t)limit, r.points = 0; /* brief: the points below a yakuman are not read */
    else
        sc_pay(s, han, fu, multiples, &r);
    /* at equal points, a true yakuman before a counted one, then more han, then more fu */
    const int64_t key = ((int64_t)r.base << 24) | ((int64_t)(multiples != 0) << 22) |
                        ((int64_t)han << 12) | fu;
    if (key <= s->best_key)
        return;
    s->best_key = key;
    struct score_result *o = s->out;
    if (s->brief) {
        o->yaku = yaku;
        o->han = (int16_t)han;
        o->fu = (int16_t)fu;
        o->base = yaku ? r.base : 0, o->limit = yaku ? r.limit : 0, o->points = yaku ? r.points : 0;
        return;
    }
    if (!yaku) {
        memset(o, 0, sizeof *o);
        o->fu = (int16_t)fu;
    } else {
        *o = r;
        o->yaku = yaku;
        o->han = (int16_t)han;
        o->fu = (int16_t)fu;
        memset(o->yaku_han, 0, sizeof o->yaku_han);
        for (uint64_t m = yaku; m; m &= m - 1) {
            const int id = __builtin_ctzll(m);
            o->yaku_han[id] = id >= 52 ? s->common_han[id] : han_of[id];
        }
        o->yakuman = (uint8_t)multiples;
    }
    o->dealer = (uint8_t)s->dealer;
    o->fu_code = fu_code | (s->tsumo ? SC_FU_WON_BY_TSUMO : 0);
    memcpy(o->red, s->in->red, 3);
    o->seat_wind = s->in->seat_wind;
    o->round_wind = s->in->round_wind;
    memset(o->group_red, 0, sizeof o->group_red);
    o->win_group = (uint8_t)win_group;
    const struct win_input *in = s->in;
    int n = 0;
    if (form == SC_FORM_REGULAR) {
        for (int i = 0; i < s->ng; i++, n++)
            o->group_type[n] = s->gt[i], o->group_kind[n] = s->gk[i];
        for (int i = 0; i < in->n_melds; i++, n++) {
            o->group_type[n] = in->melds[i].type, o->group_kind[n] = in->melds[i].kind;
            o->group_red[n] = in->melds[i].red;
        }
    } else if (form == SC_FORM_PAIRS) {
        for (int k = 0; k < SC_KINDS; k++)
            if (in->counts[k])
                o->group_type[n] = SC_PAIR, o->group_kind[n++] = (uint8_t)k;
    } else {
        for (int k = 0; k < SC_KINDS; k++)
            if (in->counts[k] == 2)
                o->group_type[n] = SC_ORPHANS, o->group_kind[n++] = (uint8_t)k;
    }
    o->n_groups = (uint8_t)n;
}

/* The yakuman multiples of a set of yakuman ids under the rules. */
static int sc_multiples(const sc_search *s, uint64_t yakuman, uint8_t *han_of)
{
    const uint32_t bits = s->rules->bits;
    int total = 0, most = 0;
    for (uint64_t m = yakuman; m; m &= m - 1) {
        const int id = __builtin_ctzll(m);
        int x = 1;
        if ((id == 48 && (bits & SR_DOUBLE_KOKUSHI13)) || (id == 41 && (bits & SR_DOUBLE_SUUANKOU_TANKI)) ||
            (id == 46 && (bits & SR_DOUBLE_JUNSEI)) || (id == 49 && (bits & SR_DOUBLE_DAISUUSHII)))
            x = 2;
        han_of[id] = (uint8_t)(13 * x);
        total += x;
        most = x > most ? x : most;
    }
    return bits & SR_STACK ? total : most;
}

/* What a decomposition scores before the wait is read: all but pinfu, the wait's fu and which
 * suuankou it is. On a tsumo it is the same wherever the winning tile is, so sc_score_win reads it
 * once per decomposition for the expected-value engine, which scores a hand from each of its waits. */
typedef struct {
    uint64_t yaku; /* the yaku so far (the tile-set ones included) */
    int16_t han;
    uint8_t runs, pair_fu, group_fu, concealed_triplets;
} sc_reading;

/* The reading of the current decomposition, with the winning tile in concealed group wg (read only
 * on a ron: a triplet a discard completed is open; -1 on a tsumo). han_of: the tile-set yaku's han
 * (common_han), to which the decomposition's are added. */
static void sc_read(const sc_search *s, int wg, uint8_t *han_of, sc_reading *r)
{
    const struct win_input *in = s->in;
    uint64_t yaku = s->common;
    int han = s->common_sum;
    uint32_t run_mask = 0; /* bit per run start kind (0-26) */
    uint64_t trip_mask = 0; /* bit per triplet or kan kind */
    int runs = 0, concealed_triplets = 0, group_fu = 0, pair = -1, all_outside = 1;
    uint8_t run_kinds[4];
    for (int i = 0; i < s->ng; i++) {
        const int k = s->gk[i];
        switch (s->gt[i]) {
        case SC_PAIR:
            pair = k;
            all_outside &= sc_terminal_or_honor(k);
            break;
        case SC_RUN:
            run_kinds[runs++] = (uint8_t)k;
            run_mask |= 1u << k;
            all_outside &= k % 9 == 0 || k % 9 == 6;
            break;
        default: { /* a triplet: open when a discard completed it */
            const int concealed = !(i == wg && !s->tsumo);
            concealed_triplets += concealed;
            group_fu += (2 << sc_terminal_or_honor(k)) << concealed;
            trip_mask |= 1ull << k;
            all_outside &= sc_terminal_or_honor(k);
        }
        }
    }
    for (int i = 0; i < in->n_melds; i++) {
        const struct score_meld *m = &in->melds[i];
        const int k = m->kind;
        if (m->type == SC_CHI) {
            runs++;
            run_mask |= 1u << k;
            all_outside &= k % 9 == 0 || k % 9 == 6;
            continue;
        }
        const int kan = m->type != SC_PON, concealed = m->type == SC_CLOSED_KAN;
        concealed_triplets += concealed;
        group_fu += ((2 << sc_terminal_or_honor(k)) << concealed) << (2 * kan);
        trip_mask |= 1ull << k;
        all_outside &= sc_terminal_or_honor(k);
    }
    int pair_fu = 0;
    if (pair >= 31)
        pair_fu = 2;
    else if (pair >= 27)
        pair_fu = 2 * ((pair == 27 + in->seat_wind) + (pair == 27 + in->round_wind));
    if (pair_fu > 2 && s->wind_pair_cap)
        pair_fu = 2;
    /* yaku of the decomposition */
    const int h2 = s->closed ? 2 : 1;
    if (s->closed && runs >= 2) {
        int same = 0;
        for (int a = 0; a < runs; a++)
            for (int b = a + 1; b < runs; b++)
                same += run_kinds[a] == run_kinds[b];
        /* pairs of equal runs: 1 iipeikou; 2 (aabb) or 6 (aaaa) ryanpeikou; 3 (aaab) iipeikou */
        if (same == 2 || same == 6)
            sc_add(&yaku, han_of, &han, 32, 3);
        else if (same)
            sc_add(&yaku, han_of, &han, 9, 1);
    }
    if (run_mask & (run_mask >> 9) & (run_mask >> 18) & 0x1ff)
        sc_add(&yaku, han_of, &han, 25, h2);
    for (int suit = 0; suit < 3; suit++)
        if (((run_mask >> (9 * suit)) & 0x49) == 0x49)
            sc_add(&yaku, han_of, &han, 24, h2);
    if (trip_mask & (trip_mask >> 9) & (trip_mask >> 18) & 0x1ff)
        sc_add(&yaku, han_of, &han, 26, 2);
    if (all_outside && runs) {
        if (s->common & (1ull << 63)) /* marker: honours held */
            sc_add(&yaku, han_of, &han, 23, h2);
        else
            sc_add(&yaku, han_of, &han, 33, s->closed ? 3 : 2);
    }
    if (!runs)
        sc_add(&yaku, han_of, &han, 28, 2);
    if (concealed_triplets == 3)
        sc_add(&yaku, han_of, &han, 29, 2);
    r->yaku = yaku & ~(1ull << 63);
    r->han = (int16_t)han;
    r->runs = (uint8_t)runs, r->pair_fu = (uint8_t)pair_fu, r->group_fu = (uint8_t)group_fu;
    r->concealed_triplets = (uint8_t)concealed_triplets;
}

/* Offer the reading r of the current decomposition with the winning tile in concealed group wg at
 * position wp (0-2 within a run): its wait, pinfu, fu and suuankou. */
static void sc_offer_wait(sc_search *s, const sc_reading *r, uint8_t *han_of, int wg, int wp)
{
    const struct win_input *in = s->in;
    uint64_t yaku = r->yaku;
    int han = r->han;
    /* the wait */
    int wait;
    if (s->gt[wg] == SC_PAIR)
        wait = SC_WAIT_TANKI;
    else if (s->gt[wg] == SC_TRIPLET)
        wait = SC_WAIT_SHANPON;
    else if (wp == 1)
        wait = SC_WAIT_KANCHAN;
    else if ((wp == 2 && s->gk[wg] % 9 == 0) || (wp == 0 && s->gk[wg] % 9 == 6))
        wait = SC_WAIT_PENCHAN;
    else
        wait = SC_WAIT_RYANMEN;
    const int pinfu = s->closed && r->runs == 4 && r->pair_fu == 0 && wait == SC_WAIT_RYANMEN;
    if (pinfu)
        sc_add(&yaku, han_of, &han, 7, 1);
    /* fu */
    const int pair_fu = r->pair_fu, group_fu = r->group_fu;
    int fu;
    uint32_t code = (uint32_t)SC_FORM_REGULAR | (uint32_t)wait << 8 | (uint32_t)pair_fu << 12 |
                    (uint32_t)group_fu << 16 | (s->closed ? SC_FU_CLOSED : 0);
    if (pinfu) {
        fu = s->tsumo ? 20 : 30;
        code |= SC_FU_PINFU | (s->tsumo ? 0 : SC_FU_CLOSED_RON);
    } else {
        const int tsumo_fu = s->tsumo && !((in->flags & SC_RINSHAN) && (s->rules->bits & SR_RINSHAN_NO_TSUMO_FU));
        fu = 20 + group_fu + pair_fu + (wait == SC_WAIT_KANCHAN || wait == SC_WAIT_PENCHAN || wait == SC_WAIT_TANKI) * 2;
        if (tsumo_fu)
            fu += 2, code |= SC_FU_TSUMO;
        if (s->closed && !s->tsumo)
            fu += 10, code |= SC_FU_CLOSED_RON;
        fu = (fu + 9) / 10 * 10;
        if (fu == 20)
            fu = 30, code |= SC_FU_OPEN_30;
    }
    /* yakuman */
    uint64_t yakuman = s->common_yakuman;
    if (r->concealed_triplets == 4)
        yakuman |= 1ull << (wait == SC_WAIT_TANKI ? 41 : 40);
    if (yakuman) {
        const int multiples = sc_multiples(s, yakuman, han_of);
        sc_offer(s, yakuman, han_of, 0, fu, multiples, code, SC_FORM_REGULAR, wg);
        return;
    }
    sc_offer(s, yaku, han_of, han, fu, 0, code, SC_FORM_REGULAR, wg);
}

/* Score the current decomposition with the winning tile in concealed group wg at position wp. */
static void sc_evaluate(sc_search *s, int wg, int wp)
{
    uint8_t han_of[SC_YAKU];
    memcpy(han_of, s->common_han, sizeof han_of);
    sc_reading r;
    sc_read(s, wg, han_of, &r);
    sc_offer_wait(s, &r, han_of, wg, wp);
}

/* Score a placement: from the decomposition's reading when it is kept (a tsumo scored brief: the han
 * of each yaku are not written, so han_of is read only at the yakuman ids sc_multiples sets). */
static inline void sc_place(sc_search *s, const sc_reading *read, int wg, int wp)
{
    if (read) {
        uint8_t han_of[SC_YAKU];
        sc_offer_wait(s, read, han_of, wg, wp);
    } else {
        sc_evaluate(s, wg, wp);
    }
}

/* Every placement of the winning tile in the current decomposition (read: its reading, when kept);
 * the pair last, so that of equal scorings the one kept reads the wait as the Python scorer does
 * (groups before the pair). */
static void sc_placements(sc_search *s, const sc_reading *read)
{
    const int w = s->in->win;
    int pair = -1;
    for (int i = 0; i < s->ng; i++) {
        const int k = s->gk[i];
        if (s->gt[i] == SC_PAIR)
            pair = k == w ? i : pair;
        else if (s->gt[i] == SC_RUN) {
            if (w >= k && w <= k + 2) {
                /* two equal runs give the same placements: try the first only */
                int seen = 0;
                for (int j = 0; j < i; j++)
                    seen |= s->gt[j] == SC_RUN && s->gk[j] == k;
                if (!seen)
                    sc_place(s, read, i, w - k);
            }
        } else if (k == w)
            sc_place(s, read, i, 0);
    }
    if (pair >= 0)
        sc_place(s, read, pair, 0);
}

/* Split the concealed counts c into groups from kind i on, keeping each
 * decomposition as a leaf; opt: the first option still open at kind i (0
 * triplet, 1 pair, 2 run), so that each multiset of groups is produced once. */
static void sc_split(sc_search *s, uint8_t *c, int i, int opt, int has_pair)
{
    while (i < 27 && !c[i])
        i++, opt = 0;
    if (i == 27) { /* the honours split one way only: their groups were found beforehand */
        if ((s->honor_pair >= 0) == has_pair)
            return;
        const int n = s->ng;
        for (uint64_t m = s->honor_trips; m; m &= m - 1)
            s->gt[s->ng] = SC_TRIPLET, s->gk[s->ng++] = (uint8_t)__builtin_ctzll(m);
        if (s->honor_pair >= 0)
            s->gt[s->ng] = SC_PAIR, s->gk[s->ng++] = (uint8_t)s->honor_pair;
        if (s->leaves < SC_LEAVES) { /* always: the bound is the most a hand has */
            s->leaf_ng[s->leaves] = (uint8_t)s->ng;
            memcpy(s->leaf_gt[s->leaves], s->gt, 5);
            memcpy(s->leaf_gk[s->leaves++], s->gk, 5);
        }
        s->ng = n;
        return;
    }
    const int n = s->ng;
    if (opt == 0 && c[i] >= 3) {
        c[i] -= 3;
        s->gt[n] = SC_TRIPLET, s->gk[n] = (uint8_t)i, s->ng++;
        sc_split(s, c, i, 1, has_pair);
        s->ng--;
        c[i] += 3;
    }
    if (opt <= 1 && !has_pair && c[i] >= 2) {
        c[i] -= 2;
        s->gt[n] = SC_PAIR, s->gk[n] = (uint8_t)i, s->ng++;
        sc_split(s, c, i, 2, 1);
        s->ng--;
        c[i] += 2;
    }
    if (i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--, c[i + 1]--, c[i + 2]--;
        s->gt[n] = SC_RUN, s->gk[n] = (uint8_t)i, s->ng++;
        sc_split(s, c, i, 2, has_pair);
        s->ng--;
        c[i]++, c[i + 1]++, c[i + 2]++;
    }
}

/* What one pass over the concealed counts tells. */
typedef struct {
    uint64_t held, two; /* kinds held, concealed or melded; concealed kinds held twice */
    int kans;
} sc_summary;

/* A meld's type and kind exist (a chi's three kinds in one suit; no chi in 3-player). */
static inline int sc_meld_ok(const struct score_meld *m, int players)
{
    return m->type < SC_MELD_TYPES && m->kind < SC_KINDS &&
           (m->type != SC_CHI || (m->kind < 27 && m->kind % 9 <= 6 && players != 3));
}

/* The summary of a valid input (sc_check's, or one built valid: the expected-value engine's hands). */
static void sc_summarize(const struct win_input *in, sc_summary *sm)
{
    uint64_t held = 0, two = 0;
    int k = 0;
#if defined(__SSE2__)
    for (; k < 32; k += 16) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(in->counts + k));
        held |= (uint64_t)(uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) << k;
        two |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(2))) << k;
    }
#endif
    for (; k < SC_KINDS; k++) {
        held |= (uint64_t)(in->counts[k] != 0) << k;
        two |= (uint64_t)(in->counts[k] == 2) << k;
    }
    int kans = 0;
    for (int i = 0; i < in->n_melds; i++) {
        const struct score_meld *m = &in->melds[i];
        held |= (m->type == SC_CHI ? 7ull : 1ull) << m->kind; /* kinds held, concealed or melded */
        kans += m->type > SC_PON;
    }
    sm->held = held;
    sm->two = two;
    sm->kans = kans;
}

/* Check the input and summarise the counts; SC_OK or an error code. */
static int sc_check(const struct win_input *in, sc_summary *sm)
{
    if (in->players != 3 && in->players != 4)
        return SC_BAD_COUNTS;
    if (in->round_wind > 3 || in->seat_wind >= in->players)
        return SC_BAD_WINDS;
    if (in->n_melds > 4)
        return SC_BAD_MELD;
    int tiles = 0, over = 0;
    for (int k = 0; k < SC_KINDS; k++) {
        tiles += in->counts[k];
        over |= in->counts[k] > 4;
    }
    if (over)
        return SC_BAD_COUNTS;
    int called = 0, meld_red[3] = {0, 0, 0};
    uint8_t added[SC_KINDS]; /* meld tiles per kind, read only at the melds' kinds */
    for (int i = 0; i < in->n_melds; i++) {
        const struct score_meld *m = &in->melds[i];
        if (!sc_meld_ok(m, in->players))
            return SC_BAD_MELD;
        for (int t = 0; t < (m->type == SC_CHI ? 3 : 1); t++)
            added[m->kind + t] = 0;
    }
    for (int i = 0; i < in->n_melds; i++) {
        const struct score_meld *m = &in->melds[i];
        const int chi = m->type == SC_CHI, size = m->type <= SC_PON ? 3 : 4;
        int fives = 0;
        for (int t = 0; t < (chi ? 3 : 1); t++) {
            const int k = m->kind + t;
            added[k] += chi ? 1 : size;
            if (in->counts[k] + added[k] > 4)
                return SC_BAD_COUNTS;
            fives += (k < 27 && k % 9 == 4) * (chi ? 1 : size);
        }
        if (m->red > fives)
            return SC_BAD_RED;
        meld_red[m->kind < 27 ? m->kind / 9 : 0] += m->red;
        called |= m->type != SC_CLOSED_KAN;
    }
    sc_summarize(in, sm);
    if (in->players == 3 && (sm->held & 0xfeull)) /* 2m-8m */
        return SC_BAD_COUNTS;
    for (int suit = 0; suit < 3; suit++)
        if (in->red[suit] > in->counts[9 * suit + 4] || in->red[suit] + meld_red[suit] > 4)
            return SC_BAD_RED;
    if (tiles != 14 - 3 * in->n_melds)
        return SC_NOT_COMPLETE;
    if (in->win >= SC_KINDS || !in->counts[in->win])
        return SC_BAD_WIN;
    /* double riichi may come with or without the riichi bit; a draw after a kita is a replacement draw */
    const int f = in->flags, tsumo = f & SC_TSUMO;
    if (((f & SC_IPPATSU) && !(f & (SC_RIICHI | SC_DOUBLE_RIICHI))) ||
        ((f & (SC_RIICHI | SC_DOUBLE_RIICHI)) && called) ||
        ((f & SC_RINSHAN) && (!tsumo || (!sm->kans && !in->kita))) || ((f & SC_CHANKAN) && tsumo) ||
        ((f & SC_LAST_TILE) && (f & (SC_RINSHAN | SC_CHANKAN))) || (in->kita && in->players == 4) ||
        ((f & SC_FIRST_DRAW) && (in->n_melds || (f & (SC_RIICHI | SC_DOUBLE_RIICHI)) || (!tsumo && !in->seat_wind))) ||
        ((f & SC_RINSHAN) && (f & SC_CHANKAN)))
        return SC_BAD_FLAGS;
    if (!(f & (SC_RIICHI | SC_DOUBLE_RIICHI))) /* ura indicators are turned for a riichi only */
        for (int k = 0; k < SC_KINDS; k++)
            if (in->ura[k])
                return SC_BAD_FLAGS;
    return SC_OK;
}

/* A complete hand ready to be scored with any of its kinds as the winning tile: all that does not
 * depend on the winning tile, found once (the expected-value engine scores a hand from each of its
 * waits). sc_prepare fills it; sc_score_win scores one win. */
typedef struct {
    struct win_input in;  /* in.win: set by sc_score_win */
    sc_search s;          /* s.in, s.out: set by sc_score_win (the struct may have moved) */
    uint64_t held, two, common, yakuman; /* common: the tile-set yaku; yakuman: but nine gates */
    int nine_gates;       /* the counts fit nine gates: the winning tile tells pure or not */
    int read;             /* reads[] holds each decomposition's reading (a tsumo scored brief) */
    sc_reading reads[SC_LEAVES];
} sc_hand;

/* sc_hand of a valid input (sc_check's, or one built valid), summarised. */
static void sc_prepare(const struct win_input *win, const struct score_rules *rules, const sc_summary *summary,
                       sc_hand *hand)
{
    hand->in = *win;
    const struct win_input *in = &hand->in;
    sc_search *sp = &hand->s, s;
    const sc_summary sm = *summary;
    const int kans = sm.kans;
    const uint32_t bits = rules->bits;
    s.in = in;
    s.rules = rules;
    s.brief = 0;
    s.kans = kans;
    s.tsumo = (in->flags & SC_TSUMO) != 0;
    s.dealer = in->seat_wind == 0;
    s.wind_pair_cap = (bits & SR_WIND_PAIR_2) != 0;
    s.closed = 1;
    /* kinds held (concealed and melded), triplet kinds fixed by the counts (honours), kan count */
    uint64_t held = sm.held, honor_trips = 0;
    const uint64_t honor_pairs = sm.two & SC_HONORS;
    int dora = 0, ura = 0, aka = in->red[0] + in->red[1] + in->red[2];
    for (uint64_t m = held; m; m &= m - 1) {
        const int k = __builtin_ctzll(m);
        dora += in->counts[k] * in->dora[k];
        ura += in->counts[k] * in->ura[k];
    }
    for (uint64_t m = held & SC_HONORS; m; m &= m - 1) {
        const int k = __builtin_ctzll(m);
        honor_trips |= (uint64_t)(in->counts[k] >= 3) << k;
    }
    for (int i = 0; i < in->n_melds; i++) {
        const struct score_meld *m = &in->melds[i];
        const int size = m->type == SC_CHI ? 3 : m->type == SC_PON ? 3 : 4;
        s.closed &= m->type == SC_CLOSED_KAN;
        aka += m->red;
        for (int t = 0; t < size; t++) {
            const int k = m->type == SC_CHI ? m->kind + t : m->kind;
            held |= 1ull << k;
            dora += in->dora[k];
            ura += in->ura[k];
        }
        if (m->kind >= 27)
            honor_trips |= 1ull << m->kind;
    }
    dora += in->kita * in->dora[30]; /* the norths set aside are dora too */
    ura += in->kita * in->ura[30];
    /* yaku from the flags and the tiles alone */
    uint64_t c = 0;
    int sum = 0;
    memset(s.common_han, 0, sizeof s.common_han);
    uint8_t *h = s.common_han;
    const int f = in->flags;
    if (s.closed && s.tsumo)
        sc_add(&c, h, &sum, 0, 1);
    if (f & SC_DOUBLE_RIICHI)
        sc_add(&c, h, &sum, 21, 2);
    else if (f & SC_RIICHI)
        sc_add(&c, h, &sum, 1, 1);
    if (f & SC_IPPATSU)
        sc_add(&c, h, &sum, 2, 1);
    if (f & SC_CHANKAN)
        sc_add(&c, h, &sum, 3, 1);
    if (f & SC_RINSHAN)
        sc_add(&c, h, &sum, 4, 1);
    if (f & SC_LAST_TILE) /* haitei or houtei: never with rinshan or chankan (refused above) */
        sc_add(&c, h, &sum, s.tsumo ? 5 : 6, 1);
    if (!(held & (SC_TERMINALS | SC_HONORS)) && (s.closed || (bits & SR_OPEN_TANYAO)))
        sc_add(&c, h, &sum, 8, 1);
    if (honor_trips & (1ull << (27 + in->seat_wind)))
        sc_add(&c, h, &sum, 10 + in->seat_wind, 1);
    if (honor_trips & (1ull << (27 + in->round_wind)))
        sc_add(&c, h, &sum, 14 + in->round_wind, 1);
    for (int d = 0; d < 3; d++)
        if (honor_trips & (1ull << (31 + d)))
            sc_add(&c, h, &sum, 18 + d, 1);
    if (kans == 3)
        sc_add(&c, h, &sum, 27, 2);
    if (!(held & ~(SC_TERMINALS | SC_HONORS)) && (held & SC_HONORS) && (held & SC_TERMINALS))
        sc_add(&c, h, &sum, 31, 2);
    if (__builtin_popcountll(honor_trips & (7ull << 31)) == 2 && (honor_pairs & (7ull << 31)))
        sc_add(&c, h, &sum, 30, 2);
    int suits = 0;
    for (int suit = 0; suit < 3; suit++)
        suits += (held & SC_SUIT(suit)) != 0;
    if (suits == 1)
        sc_add(&c, h, &sum, (held & SC_HONORS) ? 34 : 35, (held & SC_HONORS) ? 2 + s.closed : 5 + s.closed);
    /* first draw: tenhou, chiihou, renhou */
    uint64_t ym = 0;
    if ((f & SC_FIRST_DRAW) && s.tsumo)
        ym |= 1ull << (s.dealer ? 37 : 38);
    if ((f & SC_FIRST_DRAW) && !s.tsumo && !s.dealer && rules->renhou_han) {
        if (rules->renhou_han >= 13)
            ym |= 1ull << 36;
        else
            sc_add(&c, h, &sum, 36, rules->renhou_han);
    }
    /* yakuman of the tiles alone */
    if (__builtin_popcountll(honor_trips & (7ull << 31)) == 3)
        ym |= 1ull << 39;
    if (!(held & ~SC_HONORS))
        ym |= 1ull << 42;
    if (!(held & ~SC_GREEN))
        ym |= 1ull << 43;
    if (!(held & ~SC_TERMINALS))
        ym |= 1ull << 44;
    const int winds = __builtin_popcountll(honor_trips & (0xfull << 27));
    if (winds == 4)
        ym |= 1ull << 49;
    else if (winds == 3 && (honor_pairs & (0xfull << 27)))
        ym |= 1ull << 50;
    if (kans == 4)
        ym |= 1ull << 51;
    hand->nine_gates = 0;
    if (!in->n_melds && suits == 1 && !(held & SC_HONORS)) { /* nine gates: 1112345678999 and one more */
        const int base = (__builtin_ctzll(held) / 9) * 9;
        hand->nine_gates = 1;
        for (int i = 0; i < 9; i++)
            hand->nine_gates &= in->counts[base + i] >= SC_GATES[i];
    }
    /* dora, kept apart: they count only beside a yaku */
    s.dora_han = 0;
    if (dora)
        sc_add(&c, h, &s.dora_han, 52, dora);
    if (ura && (f & (SC_RIICHI | SC_DOUBLE_RIICHI)))
        sc_add(&c, h, &s.dora_han, 53, ura);
    if (aka && (bits & SR_RED_FIVES))
        sc_add(&c, h, &s.dora_han, 54, aka);
    if (in->kita && !(bits & SR_NO_KITA))
        sc_add(&c, h, &s.dora_han, SC_KITA, in->kita);
    s.common = c;
    s.dora_mask = c & SC_DORA_BITS;
    s.common_sum = sum;
    hand->held = held, hand->two = sm.two, hand->common = c, hand->yakuman = ym;
    /* the regular form; bit 63 of common marks that honours are held (chanta or junchan) */
    if (held & SC_HONORS)
        s.common |= 1ull << 63;
    s.common &= ~SC_DORA_BITS;
    /* honours held once or four times, or two honour pairs: no regular form */
    uint64_t honor_odd = 0;
    for (uint64_t m = held & SC_HONORS; m; m &= m - 1) {
        const int k = __builtin_ctzll(m);
        honor_odd |= (uint64_t)(in->counts[k] == 1 || in->counts[k] == 4) << k;
    }
    s.leaves = 0;
    hand->read = 0;
    if (!honor_odd && __builtin_popcountll(honor_pairs) <= 1) {
        s.honor_trips = 0;
        for (uint64_t m = held & SC_HONORS; m; m &= m - 1)
            s.honor_trips |= (uint64_t)(in->counts[__builtin_ctzll(m)] == 3) << __builtin_ctzll(m);
        s.honor_pair = honor_pairs ? __builtin_ctzll(honor_pairs) : -1;
        uint8_t cc[27];
        memcpy(cc, in->counts, 27);
        s.ng = 0;
        sc_split(&s, cc, 0, 0, 0);
    }
    *sp = s;
}

/* Score the win of the prepared hand on kind `win` (held) into *out: SC_OK (out->han 0 and
 * out->yaku 0 when it has no yaku), or SC_NOT_COMPLETE. */
static int sc_score_win(sc_hand *hand, int win, struct score_result *out)
{
    sc_search *s = &hand->s;
    struct win_input *in = &hand->in;
    in->win = (uint8_t)win;
    s->in = in;
    s->out = out;
    s->best_key = -1;
    if (!s->brief) /* brief writes all it is read for */
        memset(out, 0, sizeof *out);
    const uint64_t held = hand->held;
    uint64_t ym = hand->yakuman;
    if (hand->nine_gates) { /* pure: 1112345678999 before the winning tile */
        const int base = (__builtin_ctzll(held) / 9) * 9;
        int pure = 1;
        for (int i = 0; i < 9; i++)
            pure &= in->counts[base + i] - (base + i == win) == SC_GATES[i];
        ym |= 1ull << (pure ? 46 : 45);
    }
    s->common_yakuman = ym;
    /* thirteen orphans */
    if (!in->n_melds && !(held & ~(SC_TERMINALS | SC_HONORS)) && __builtin_popcountll(held) == 13) {
        uint8_t han_of[SC_YAKU];
        memcpy(han_of, s->common_han, sizeof han_of);
        const uint64_t y = (ym & ((1ull << 37) | (1ull << 38) | (1ull << 36) | (1ull << 42))) |
                           (1ull << (in->counts[win] == 2 ? 48 : 47));
        sc_offer(s, y, han_of, 0, 0, sc_multiples(s, y, han_of), SC_FORM_ORPHANS | (uint32_t)SC_WAIT_OTHER << 8,
                 SC_FORM_ORPHANS, 0);
        return SC_OK;
    }
    /* seven pairs: seven kinds held twice */
    if (!in->n_melds && __builtin_popcountll(hand->two) == 7) {
        uint8_t han_of[SC_YAKU];
        memcpy(han_of, s->common_han, sizeof han_of);
        /* of the tile-set yaku, only those a pair hand can have: no yakuhai, sankantsu, shousangen */
        uint64_t y = hand->common & ~SC_DORA_BITS & ~((0x7full << 10) | (7ull << 18) | (1ull << 27) | (1ull << 30));
        int han = 0;
        for (uint64_t m = y; m; m &= m - 1)
            han += han_of[__builtin_ctzll(m)];
        const uint64_t yman = ym & ((1ull << 36) | (1ull << 37) | (1ull << 38) | (1ull << 42));
        const int win_group = __builtin_popcountll(hand->two & ((1ull << win) - 1));
        const uint32_t code = SC_FORM_PAIRS | SC_FU_CLOSED | (uint32_t)SC_WAIT_TANKI << 8;
        if (yman)
            sc_offer(s, yman, han_of, 0, 25, sc_multiples(s, yman, han_of), code, SC_FORM_PAIRS, win_group);
        else {
            y |= 1ull << 22;
            han_of[22] = 2;
            sc_offer(s, y, han_of, han + 2, 25, 0, code, SC_FORM_PAIRS, win_group);
        }
    }
    /* the regular form: each decomposition, with the winning tile in each group it may have completed;
     * on a tsumo scored brief, each decomposition read once for every winning tile (the reading
     * does not depend on it) */
    const int kept = s->brief && s->tsumo;
    for (int l = 0; l < s->leaves; l++) {
        s->ng = s->leaf_ng[l];
        memcpy(s->gt, s->leaf_gt[l], 5);
        memcpy(s->gk, s->leaf_gk[l], 5);
        if (kept && !hand->read) {
            uint8_t han_of[SC_YAKU];
            memcpy(han_of, s->common_han, sizeof han_of);
            sc_read(s, -1, han_of, &hand->reads[l]);
        }
        sc_placements(s, kept ? &hand->reads[l] : NULL);
    }
    hand->read |= kept;
    return s->best_key < 0 ? SC_NOT_COMPLETE : SC_OK;
}

/* Score one win into *out. SC_OK (out->han 0 and out->yaku 0 when the hand
 * has no yaku), or a negative code: the input is not a complete hand, or is
 * inconsistent. */
static inline int score_hand(const struct win_input *in, const struct score_rules *rules, struct score_result *out)
{
    sc_summary sm;
    const int check = sc_check(in, &sm);
    if (check != SC_OK)
        return check;
    sc_hand hand;
    sc_prepare(in, rules, &sm, &hand);
    return sc_score_win(&hand, in->win, out);
}

#endif
